import CurveType
import Foundation
import Testing
import TestSupport

/// Text warped into the presets: the outlines against an exact map written again here, the ink
/// against the preset's edges, lines shared among areas, and words refused.
@Suite struct TextWarpTests {
    /// Samples of a path's drawn curve: `perSegment` points a segment, each contour's points
    /// in order.
    static func samples(_ path: Path, perSegment: Int) -> [[Point]] {
        var contours: [[Point]] = []
        var current = Point.zero, start = Point.zero
        func add(_ f: (Double) -> Point) {
            for i in 1...perSegment { contours[contours.count - 1].append(f(Double(i) / Double(perSegment))) }
        }
        for element in path.elements {
            switch element {
            case .move(let p): current = p; start = p; contours.append([p])
            case .line(let p): let a = current; add { a + (p - a) * $0 }; current = p
            case .quad(let c, let p):
                let a = current
                add { t in a * ((1 - t) * (1 - t)) + c * (2 * (1 - t) * t) + p * (t * t) }; current = p
            case .cubic(let c1, let c2, let p):
                let a = current
                add { t in let u = 1 - t; return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t) }
                current = p
            case .close:
                if current != start { let a = current; add { a + (start - a) * $0 } }
                current = start
            }
        }
        return contours
    }

    /// The largest distance from any of `points` to the polyline `line`, both in order along
    /// one contour: each point is looked for near where the last was found, so the search is
    /// short and a contour's far side is never taken for its near one.
    static func farthest(_ points: [Point], from line: [Point], window: Int = 80) -> Double {
        guard line.count > 1 else { return points.map { $0.distance(to: line.first ?? $0) }.max() ?? 0 }
        var found = 0, worst = 0.0
        for p in points {
            var best = Double.infinity, at = found
            for k in max(0, found - window)..<min(line.count - 1, found + window) {
                let a = line[k], d = line[k + 1] - a, len2 = d.dot(d)
                let t = len2 > 0 ? min(max((p - a).dot(d) / len2, 0), 1) : 0
                let distance = p.distance(to: a + d * t)
                if distance < best { best = distance; at = k }
            }
            found = at
            worst = max(worst, best)
        }
        return worst
    }

    /// A glyph's outline in an envelope: the same rule as the library's, written again (x by arc
    /// length along both edges, y between them), applied exactly to densely sampled outline
    /// points; the drawn cubics lie within the tolerance of that curve, and it within theirs.
    @Test(arguments: ["wave1", "inflate", "chevron", "fade-up", "circle-pour", "arch-up", "circle"])
    func warpedOutlinesLieWithinTheToleranceOfTheExactMap(_ name: String) throws {
        let preset = try #require(TextWarpPreset.named(name))
        // The tolerance is a promise at every value, 0.01 px too (measured there with a truth
        // sampled finely enough for chevron's crease).
        for text in ["@S", "Hg"] { for tolerance in [0.01, 0.05, 0.5] { for fitPath in preset.isEnvelope ? [false] : [false, true] {
            let request = WarpRequest(text: text, preset: preset, box: CanvasSize(width: 300, height: 150), padding: 0,
                                      tolerance: tolerance, fitPath: fitPath)
            let result = try request.render()
            // The library's drawn outlines, glyph by glyph, in the SVG's coordinates.
            let drawn = result.frame.items.flatMap { item -> [Path] in
                guard case .group(let group) = item else { return [] }
                return group.items.compactMap { if case .shape(let s) = $0, case .path(let p) = s.geometry { p } else { nil } }
            }
            // The exact map, from the public parts: the same line laid out straight at 100 px.
            let run = try FontStack.resolve(.default).shape(text)
            let line = try PathTextLayout(run, style: PathTextStyle(size: 100), path: Path([.move(.zero), .line(Point(x: 1e5, y: 0))]))
            var outlines: [Path] = []
            var ink: Rect?
            for placed in line.text.glyphs {
                let map = AffineMap(a: placed.scale, b: 0, c: 0, d: -placed.scale, tx: placed.origin.x, ty: placed.origin.y)
                let outline = try run.fonts[placed.font].outline(of: placed.glyph).path.transformed(by: map)
                outlines.append(outline)
                if let b = outline.bounds() { ink = ink.map { $0.union(b) } ?? b }
            }
            let box = try #require(ink)
            let exact: (Point) -> Point
            if preset.isEnvelope {
                let top = try #require(PathCurve(result.edges[0])), bottom = try #require(PathCurve(result.edges[1]))
                exact = { p in
                    let u = (p.x - box.minX) / box.width, v = (p.y - box.minY) / box.height
                    let a = top.point(atArcLength: u * top.length), b = bottom.point(atArcLength: u * bottom.length)
                    return a + (b - a) * v
                }
            } else {
                let curve = try #require(PathCurve(result.edges[0]))
                let size = try #require(result.lines[0].fontSize)
                let font = run.fonts[0]
                let f = size / 100
                // Stretched along the whole path, or at its natural width centred on it.
                let stretch = fitPath ? curve.length / (line.text.extent * f) : 1
                let start = fitPath ? 0 : (curve.length - line.text.extent * f) / 2
                if !fitPath { #expect(size == WarpRequest.defaultBaselineSize) }
                let middle = Double(font.metrics.ascender + font.metrics.descender) / Double(font.unitsPerEm) / 2 * size
                exact = { p in
                    let frame = curve.pointAndTangent(atArcLength: start + p.x * f * stretch)
                    let up = -p.y * f - middle
                    return frame.point + Point(x: frame.tangent.y, y: -frame.tangent.x) * up
                }
            }
            // A line's glyphs of one font are drawn as one path (one coat under a translucent
            // fill): its contours are the glyphs' in order.
            outlines = [Path(outlines.flatMap(\.elements))]
            #expect(drawn.count == outlines.count)
            for (mine, outline) in zip(drawn, outlines) {
                // Dense enough that a chord of the truth cuts no crease's corner by a thousandth.
                let truth = Self.samples(outline, perSegment: tolerance < 0.05 ? 1000 : 200).map { $0.map(exact) }
                let fitted = Self.samples(mine, perSegment: 24), fittedDense = Self.samples(mine, perSegment: 100)
                #expect(truth.count == fitted.count)
                var away = 0.0, missed = 0.0
                for (index, contour) in truth.enumerated() where index < fitted.count {
                    away = max(away, Self.farthest(fitted[index], from: contour))
                    missed = max(missed, Self.farthest(contour, from: fittedDense[index]))
                }
                #expect(away <= tolerance + 1e-3, "\(name) \(text) at \(tolerance): a drawn point \(away) px from the exact warp")
                #expect(missed <= tolerance + 1e-3, "\(name) \(text) at \(tolerance): the exact warp \(missed) px from the drawn outline")
            }
        } } }
    }

    /// A full block (U+2588) fills its line's ink box, so warped it fills the envelope: its ink
    /// spans exactly the box the preset's edges span, in every envelope preset, with a line per
    /// envelope.
    /// `cropsToInk` fits the canvas to the ink with the padding round it (an arch left two
    /// thirds of its box blank); without it the canvas holds the whole box.
    @Test(arguments: ["arch-up", "wave1", "circle"])
    func cropToInkFitsTheCanvasToTheInk(_ preset: String) throws {
        var request = WarpRequest(text: "CurveType", preset: try #require(TextWarpPreset.named(preset)), box: CanvasSize(width: 400, height: 200))
        let whole = try request.render()
        #expect(whole.width >= 400 + 8 - 1e-9 && whole.height >= 200 + 8 - 1e-9)
        request.cropsToInk = true
        let cropped = try request.render()
        var ink: Rect?
        for line in cropped.lines { if let b = line.bounds { ink = ink?.union(b) ?? b } }
        let box = try #require(ink)
        #expect(abs(box.minX - 4) < 0.01 && abs(box.minY - 4) < 0.01, "\(box)")
        #expect(abs(cropped.width - box.maxX - 4) < 0.01 && abs(cropped.height - box.maxY - 4) < 0.01, "\(box) in \(cropped.width)×\(cropped.height)")
        #expect(cropped.width * cropped.height < whole.width * whole.height)
    }

    @Test func inkSpansTheBoxAsTheEdgesDo() throws {
        for preset in TextWarpPreset.all where preset.isEnvelope {
            let lines = Array(repeating: "\u{2588}\u{2588}", count: preset.areaCount).joined(separator: "\n")
            let result = try WarpRequest(text: lines, preset: preset, box: CanvasSize(width: 320, height: 180)).render()
            for area in 0..<preset.areaCount {
                let edges = try #require(result.edges[2 * area].bounds()).union(try #require(result.edges[2 * area + 1].bounds()))
                let ink = try #require(result.lines[area].bounds, "\(preset.name)")
                let worst = max(abs(ink.minX - edges.minX), abs(ink.maxX - edges.maxX), abs(ink.minY - edges.minY), abs(ink.maxY - edges.maxY))
                #expect(worst <= 0.051, "\(preset.name) area \(area): ink \(ink) against the edges' \(edges)")
            }
        }
    }

    /// A chevron's point stays a point and costs nothing: the map's derivative is taken on each
    /// side of the crease, so a full block's four straight edges become six straight cubics
    /// (the top and bottom split at the point), not a rounded corner of dozens.
    @Test func aCreaseIsKeptSharpByOneSidedDerivatives() throws {
        let preset = try #require(TextWarpPreset.named("chevron"))
        let result = try WarpRequest(text: "\u{2588}", preset: preset, box: CanvasSize(width: 400, height: 200), padding: 0).render()
        let drawn = result.frame.items.flatMap { item -> [Path] in
            guard case .group(let group) = item else { return [] }
            return group.items.compactMap { if case .shape(let s) = $0, case .path(let p) = s.geometry { p } else { nil } }
        }
        let outline = try #require(drawn.last)
        var current = Point.zero, cubics = 0
        for element in outline.elements {
            switch element {
            case .move(let p): current = p
            case .cubic(let c1, let c2, let end):
                cubics += 1
                // Straight: both control points on the chord.
                let chord = end - current, length = chord.length
                for c in [c1, c2] {
                    let off = c - current
                    #expect(abs(off.x * chord.y - off.y * chord.x) / length < 1e-6, "control point off the chord")
                }
                current = end
            default: break
            }
        }
        #expect(cubics == 6)
        // The top's point: the edge's corner, reached exactly.
        let corner = try #require(result.edges[0].bounds())
        #expect(outline.elements.contains { if case .cubic(_, _, let end) = $0 { abs(end.y - corner.minY) < 1e-6 && abs(end.x - corner.center.x) < 1e-6 } else { false } })
    }

    /// LibreOffice's rule: each area takes the lines left divided by the areas left, rounded up.
    @Test func linesAreSharedAmongAreas() throws {
        #expect(WarpRequest.linesPerArea(lines: 1, areas: 3) == [1, 0, 0])
        #expect(WarpRequest.linesPerArea(lines: 3, areas: 3) == [1, 1, 1])
        #expect(WarpRequest.linesPerArea(lines: 4, areas: 3) == [2, 1, 1])
        #expect(WarpRequest.linesPerArea(lines: 5, areas: 2) == [3, 2])
        let preset = try #require(TextWarpPreset.named("deflate-inflate-deflate"))
        let result = try WarpRequest(text: "ONE\nTWO\nTHREE\nFOUR", preset: preset).render()
        #expect(result.lines.map(\.area) == [0, 0, 1, 2] && result.lines.map(\.row) == [0, 1, 0, 0])
        // The two rows of the first envelope share it: the first above the second.
        let first = try #require(result.lines[0].bounds), second = try #require(result.lines[1].bounds)
        #expect(first.minY + first.maxY < second.minY + second.maxY)
    }

    /// Rows sharing an envelope keep the font's line spacing between them, as LibreOffice does:
    /// the rows are set one line height apart and the block's ink fills the envelope, so on the
    /// straight `plain` envelope the gap between two rows of capitals is the line height less
    /// the cap height, in the cap height's proportion (DejaVu Sans: 2384 and 1493 units).
    @Test func rowsInAnEnvelopeKeepTheLineSpacing() throws {
        let preset = try #require(TextWarpPreset.named("plain"))
        let result = try WarpRequest(text: "HELL\nLINE", preset: preset, box: CanvasSize(width: 400, height: 200), padding: 0).render()
        let first = try #require(result.lines[0].bounds), second = try #require(result.lines[1].bounds)
        let gap = second.minY - first.maxY
        #expect(gap > 0, "the rows touch or overlap: \(first) \(second)")
        let expected = (2384.0 - 1493.0) / 1493.0
        #expect(abs(gap / first.height - expected) < 0.01, "gap \(gap) against a row \(first.height) tall")
        #expect(abs(first.height - second.height) < 0.01)
        #expect(abs(first.minY - result.boxOrigin.y) < 0.06 && abs(second.maxY - result.boxOrigin.y - 200) < 0.06)
        // The block is warped whole: a shorter row keeps its width beside the longer, centred
        // by default, at the start with --align start.
        for (alignment, place) in [(nil, 0.5), (TextAlignment.start, 0.0), (.end, 1.0)] {
            let rows = try WarpRequest(text: "WIDE ROW\nROW", preset: preset, box: CanvasSize(width: 400, height: 200), padding: 0,
                                       alignment: alignment).render()
            let wide = try #require(rows.lines[0].bounds), short = try #require(rows.lines[1].bounds)
            #expect(abs(wide.width - 400) < 0.06 && short.width < 250, "\(wide) \(short)")
            let slack = wide.width - short.width, before = short.minX - wide.minX
            #expect(abs(before / slack - place) < 0.03, "\(String(describing: alignment)): \(before) of \(slack)")
        }
    }

    /// Follow Path: a baseline preset's text keeps its natural width at the size asked. On
    /// button's middle line, which is straight, the ink is exactly as wide as the same text set
    /// straight by `path` at that size, and centred on the line; `--align start` puts it at the
    /// line's start, `--fit-path` stretches it over the line.
    @Test func baselinePresetsFollowThePathAtNaturalWidth() throws {
        func middle(_ words: [String]) throws -> WarpResult {
            let invocation = try CommandInvocation(arguments: ["warp", "top\nWARPED TEXT\nbottom", "--preset", "button", "--precision", "6", "--padding", "0"] + words)
            return try #require(try invocation.request() as? WarpRequest).render()
        }
        // The same text set straight at 24 px from x = 0, its ink from the font's outlines.
        let run = try FontStack.resolve(.default).shape("WARPED TEXT")
        let straight = try PathTextLayout(run, style: PathTextStyle(size: 24), path: Path([.move(.zero), .line(Point(x: 1e5, y: 0))]))
        var inked: Rect?
        for placed in straight.text.glyphs {
            let map = AffineMap(a: placed.scale, b: 0, c: 0, d: -placed.scale, tx: placed.origin.x, ty: placed.origin.y)
            if let b = try run.fonts[placed.font].outline(of: placed.glyph).path.transformed(by: map).bounds() { inked = inked.map { $0.union(b) } ?? b }
        }
        let natural = try #require(inked)
        for (words, place) in [([String](), "center"), (["--align", "start"], "start"), (["--align", "end"], "end")] {
            let result = try middle(["--size", "24"] + words)
            #expect(result.lines.map(\.fontSize) == [24, 24, 24])
            let ink = try #require(result.lines[1].bounds)
            #expect(abs(ink.width - natural.width) < 0.01, "\(place): \(ink.width) px wide, straight \(natural.width)")
            let line = try #require(result.edges[1].bounds())
            let leading = ink.minX - natural.minX, trailing = line.maxX - (leading + straight.text.extent)
            switch place {
            case "start": #expect(abs(leading - line.minX) < 0.01)
            case "end": #expect(abs(trailing) < 0.01)
            default: #expect(abs((leading - line.minX) - trailing) < 0.01)
            }
        }
        let stretched = try #require(try middle(["--fit-path", "--size", "24"]).lines[1].bounds)
        #expect(stretched.width > natural.width * 2, "--fit-path stretches: \(stretched.width)")
        let defaults = try middle([])
        #expect(defaults.lines.map(\.fontSize) == [32, 32, 32])
    }

    /// A line longer than its path is set smaller so it fits, and that is said.
    @Test func aLineLongerThanItsPathIsShrunkAndSaid() throws {
        let preset = try #require(TextWarpPreset.named("arch-up"))
        let result = try WarpRequest(text: String(repeating: "LONG LINE ", count: 12), preset: preset).render()
        let size = try #require(result.lines[0].fontSize)
        #expect(size < WarpRequest.defaultBaselineSize)
        #expect(result.warnings.map(\.kind) == [.textShrunk])
        #expect(result.warnings[0].message.contains("instead of 32 px"))
    }

    /// The same request gives the same bytes, and the layout JSON decodes to its report.
    @Test func deterministicAndReported() throws {
        let preset = try #require(TextWarpPreset.named("wave2"))
        let request = WarpRequest(text: "Same bytes", preset: preset, adjust: ["adj1": 15000])
        let a = try request.render(), b = try request.render()
        #expect(try a.svg == b.svg)
        #expect(a.layoutJSON == b.layoutJSON)
        let decoded = try JSONDecoder().decode(WarpLayoutReport.self, from: Data(a.layoutJSON.utf8))
        #expect(decoded == a.layoutReport)
        #expect(decoded.adjust.map(\.name) == ["adj1", "adj2"] && decoded.adjust[0].value == 15000 && decoded.adjust[1].value == 0)
    }

    /// Words refused with one line naming what is wrong, a close preset offered.
    @Test(arguments: [
        (["warp", "Hi", "--preset", "archup"], "did you mean arch-up?"),
        (["warp", "Hi", "--preset", "textwave"], "did you mean wave1?"),
        (["warp", "Hi"], "--preset"),
        (["warp", "--preset", "wave1"], "give the text"),
        (["warp", "Hi", "--preset", "wave1", "--adjust", "adj1=30000"], "adj1 must be from 0 to 20000"),
        (["warp", "Hi", "--preset", "wave1", "--adjust", "adj3=1"], "has no adjust value \"adj3\""),
        (["warp", "Hi", "--preset", "wave1", "--adjust", "12"], "NAME=VALUE"),
        (["warp", "Hi", "--preset", "inflate", "--adjust", "adj=x"], "must be a number"),
        (["warp", "Hi", "--preset", "inflate", "--adjust", "adj=1,adj=2"], "twice"),
        (["warp", "Hi", "--preset", "inflate", "--adjust", "adj=nan"], "must be a number"),
        (["warp", "Hi", "--preset", "inflate", "--box", "0x10"], "--box"),
        (["warp", "Hi", "--preset", "inflate", "--box", "wide"], "--box"),
        (["warp", "Hi", "--preset", "inflate", "--glyphs", "text"], "outlines"),
        (["warp", "Hi", "--preset", "inflate", "--tolerance", "0"], "--tolerance"),
        (["warp", "Hi", "--preset", "inflate", "--line", "A"], "not two of them"),
        (["warp", "\n\n", "--preset", "inflate"], "the text is empty"),
        (["warp", "Hi", "--preset", "wave1", "--size", "20"], "--size applies to the baseline presets"),
        (["warp", "Hi", "--preset", "wave1", "--fit-path"], "--fit-path applies to the baseline presets"),
        (["warp", "Hi", "--preset", "circle", "--fit-path", "--align", "end"], "give no --align"),
        (["warp", "Hi", "--preset", "circle", "--size", "0"], "--size"),
    ])
    func badWordsAreRefused(_ words: [String], _ fault: String) {
        do {
            let invocation = try CommandInvocation(arguments: words)
            _ = try invocation.request().renderDocument()
            Issue.record("accepted \(words)")
        } catch {
            // As the command line says it: the parameters the library names, as its flags.
            let message = CommandDeclaration.named("warp")?.message(for: error) ?? "\(error)"
            #expect(message.contains(fault), "\(words): \(message)")
            #expect(!message.contains("\n"), "one line: \(message)")
        }
    }
}
