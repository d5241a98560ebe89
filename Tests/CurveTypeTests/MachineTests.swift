@testable import CurveType
@testable import CurveTypeMachine
@testable import CurveTypeRaster
import Foundation
import Testing

/// The distance from `p` to the circle about `c` of radius `r`.
private func off(_ p: Point, _ c: Point, _ r: Double) -> Double { abs(p.distance(to: c) - r) }

@Suite struct MachineTests {
    /// A frame of one stroked circle, `r` px about (`cx`, `cy`), on a `size` px canvas.
    private func circleFrame(cx: Double = 50, cy: Double = 50, r: Double = 40, size: Double = 100) -> Frame {
        Frame(width: size, height: size, title: "circle", items: [
            .shape(FrameShape(.circle(center: Point(x: cx, y: cy), radius: r), style: [.fill(.none), .stroke(.color(.black)), .strokeWidth(1)])),
        ])
    }

    /// A circle becomes one closed path of arcs, each at most a quarter turn, every point of
    /// which lies within the tolerance of the true circle (in mm, y up from the bottom), and
    /// whose arcs' centres lie at one distance from both their ends.
    @Test func circlesBecomeArcsWithinTheTolerance() throws {
        let k = 25.4 / 96
        for tolerance in [0.01, 0.001, 0.1] {
            let drawing = try MachineDrawing(circleFrame(), units: .mm, tolerance: tolerance)
            try #require(drawing.paths.count == 1)
            let path = drawing.paths[0]
            #expect(path.isClosed)
            let center = Point(x: 50 * k, y: (100 - 50) * k), r = 40 * k
            var from = path.start
            var arcs = 0
            for step in path.steps {
                if case .arc(let to, let c, _) = step {
                    arcs += 1
                    #expect(abs(from.distance(to: c) - to.distance(to: c)) < 1e-9)
                    var turn = abs(atan2(to.y - c.y, to.x - c.x) - atan2(from.y - c.y, from.x - c.x))
                    if turn > .pi { turn = 2 * .pi - turn }
                    #expect(turn <= .pi / 2 + 1e-9)
                }
                from = step.end
            }
            #expect(arcs >= 4, "a circle is drawn in arcs, not lines: \(arcs)")
            let worst = path.points(tolerance: tolerance / 100).map { off($0, center, r) }.max() ?? 0
            #expect(worst <= tolerance, "\(worst) mm off at a tolerance of \(tolerance)")
        }
    }

    /// `linesOnly` (G1 alone) fits no arc, and stays within the tolerance.
    @Test func linesOnlyHasNoArcs() throws {
        let drawing = try MachineDrawing(circleFrame(), units: .mm, tolerance: 0.01, arcs: false)
        let k = 25.4 / 96
        #expect(drawing.paths[0].steps.allSatisfy { if case .line = $0 { true } else { false } })
        let worst = drawing.paths[0].points(tolerance: 0.0001).map { off($0, Point(x: 50 * k, y: 50 * k), 40 * k) }.max() ?? 0
        #expect(worst <= 0.01)
        let gcode = drawing.gcode(feed: 1000, power: 1000, template: .laser)
        #expect(!gcode.contains("G2 ") && !gcode.contains("G3 ") && gcode.contains("G1 "))
    }

    /// The DXF is R12 in mm, one closed POLYLINE whose vertices carry the arcs' bulges
    /// (tan of a quarter of the turn); G-code says mm and cuts the circle with G2/G3 at the
    /// feed, inside the template's lines; HPGL is in 40 units per mm.
    @Test func writersSayWhatTheDrawingIs() throws {
        let drawing = try MachineDrawing(circleFrame(), units: .mm, tolerance: 0.01)
        let dxf = drawing.dxf()
        #expect(dxf.hasPrefix("0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\nAC1009\n9\n$INSUNITS\n70\n4\n"))
        #expect(dxf.components(separatedBy: "\nPOLYLINE\n").count == 2 && dxf.contains("\n70\n1\n") && dxf.contains("\n42\n"))
        #expect(dxf.hasSuffix("0\nEOF\n"))
        let template = try GCodeTemplate(parsing: "[start]\nG90\n; a comment\n[pen-down]\nM3 S{power}\n[pen-up]\nM5\n[end]\nM2\n")
        let gcode = drawing.gcode(feed: 600, power: 250, template: template)
        let lines = gcode.split(separator: "\n").map(String.init)
        #expect(lines[1] == "G21" && lines[2] == "G90" && lines[3] == "; a comment" && lines[4].hasPrefix("G0 X"))
        #expect(lines[5] == "M3 S250" && lines[6].hasSuffix(" F600") && lines.last == "M2")
        #expect(lines.contains { $0.hasPrefix("G2 ") || $0.hasPrefix("G3 ") })
        let hpgl = drawing.hpgl()
        #expect(hpgl.hasPrefix("IN;\nSP1;\nPU") && hpgl.hasSuffix("PU;SP0;\n"))
        // The circle's rightmost point, 90 px = 23.8125 mm from the left: 952.5 plotter units.
        #expect(hpgl.contains("PU953,529;") || hpgl.contains("PU952,529;"), "\(hpgl.prefix(40))")
    }

    /// The number writer of machine files and PDFs: decimals rounded half away from zero,
    /// trailing zeros and a bare point dropped, no "-0", against the digits of the value's
    /// integer arithmetic (a million values of every magnitude and sign).
    @Test func fixedNumbersAreExact() {
        #expect(fixed(12.5, 3) == "12.5" && fixed(-0.125, 3) == "-0.125" && fixed(3, 2) == "3" && fixed(-0.0004, 3) == "0")
        #expect(fixed(0.0005, 3) == "0.001" && fixed(-1234567.89, 0) == "-1234568" && fixed(.nan, 2) == "0" && fixed(1e300, 2) == "0")
        #expect(fixed(0.05, 1) == "0.1" && fixed(-7.0001, 2) == "-7" && fixed(100, 3) == "100" && fixed(0.01, 6) == "0.01")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000_000 {
            let decimals = Int.random(in: 0...6, using: &generator)
            let value = Double.random(in: -1...1, using: &generator) * pow(10, Double.random(in: -4...9, using: &generator))
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let whole = Int64((value * scale).rounded())
            var digits = String(whole.magnitude)
            if decimals > 0 {
                digits = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
                var fraction = String(digits.suffix(decimals))
                while fraction.hasSuffix("0") { fraction.removeLast() }
                digits = String(digits.dropLast(decimals)) + (fraction.isEmpty ? "" : "." + fraction)
            }
            let expected = whole == 0 ? "0" : (whole < 0 ? "-" : "") + digits
            guard fixed(value, decimals) == expected else {
                Issue.record("fixed(\(value), \(decimals)) is \(fixed(value, decimals)), not \(expected)")
                return
            }
        }
    }

    /// Hex digits as `String(_:radix:)` writes them, zero-padded to the width (`%04X`), in
    /// either case, written into a string or appended to bytes alike.
    @Test func hexDigitsArePaddedDigits() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 {
            let value = UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)
            let width = Int.random(in: 0...20, using: &generator), uppercase = Bool.random(using: &generator)
            let digits = String(value, radix: 16, uppercase: uppercase)
            let expected = String(repeating: "0", count: max(0, width - digits.count)) + digits
            var bytes: [UInt8] = [0x3C]
            appendHexDigits(value, width: width, uppercase: uppercase, to: &bytes)
            guard hexDigits(value, width: width, uppercase: uppercase) == expected, bytes == [0x3C] + Array(expected.utf8) else {
                Issue.record("\(value) at width \(width): \(hexDigits(value, width: width, uppercase: uppercase)), not \(expected)")
                return
            }
        }
        #expect(hexDigits(0, width: 0) == "0" && hexDigits(0xAB, width: 4, uppercase: true) == "00AB")
    }

    /// Templates that are not one are refused with a line that says why; so is one that
    /// starts no cut (empty, or no line in [pen-down]: the beam never came on, 25 cuts, no word).
    @Test func badTemplatesAreRefused() {
        for text in ["G90\n", "[middle]\nG1\n", "[start]\nG1 é\n", "", "[start]\nG21\n", "[pen-down]\n; on\n[pen-up]\nM5\n"] {
            #expect(throws: MachineError.self) { try GCodeTemplate(parsing: text) }
        }
        #expect((try? GCodeTemplate(parsing: "[pen-down]\nM3 S{power}\n")) != nil)
    }

    /// Paths in pen order: each next the nearest start or end (travelled backwards), so a row
    /// of strokes drawn out of order is drawn along the row, with the least travel.
    @Test func pathsAreOrderedNearestFirst() throws {
        var items: [FrameItem] = []
        for x in [80.0, 20, 60, 0, 40] {
            var p = Path()
            p.move(to: Point(x: x, y: 50))
            p.line(to: Point(x: x + 10, y: 50))
            items.append(.shape(FrameShape(.path(p), style: [.fill(.none), .stroke(.color(.black))])))
        }
        let drawing = try MachineDrawing(Frame(width: 100, height: 100, title: "row", items: items), units: .px, tolerance: 0.01)
        let ordered = drawing.ordered()
        #expect(ordered.map(\.start.x) == [0, 20, 40, 60, 80])
        #expect(MachineDrawing.travel(ordered) < MachineDrawing.travel(drawing.paths))
    }

    /// Strokes whose ends meet are one path, as `vpype linemerge` joins them: a P's stem and
    /// bowl drawn as two strokes are followed with the pen down throughout; strokes of two
    /// colours (two pens) or a gap wider than the tolerance stay apart.
    @Test func strokesWhoseEndsMeetAreJoined() throws {
        func stroke(_ points: [(Double, Double)], _ color: SVGColor = .black) -> FrameItem {
            var p = Path()
            p.move(to: Point(x: points[0].0, y: points[0].1))
            for (x, y) in points.dropFirst() { p.line(to: Point(x: x, y: y)) }
            return .shape(FrameShape(.path(p), style: [.fill(.none), .stroke(.color(color))]))
        }
        let stem = stroke([(10, 90), (10, 10)]), bowl = stroke([(10, 10), (40, 20), (40, 40), (10, 50)])
        let joined = try MachineDrawing(Frame(width: 100, height: 100, title: "P", items: [stem, bowl]), units: .px, tolerance: 0.01)
        #expect(joined.paths.count == 2 && joined.ordered().count == 1)
        #expect(joined.ordered().first?.steps.count == 4)
        let red = try SVGColor(parsing: "red")
        let twoPens = try MachineDrawing(Frame(width: 100, height: 100, title: "P", items: [stem, stroke([(10, 10), (40, 20)], red)]), units: .px, tolerance: 0.01)
        #expect(twoPens.ordered().count == 2)
        let apart = try MachineDrawing(Frame(width: 100, height: 100, title: "P", items: [stem, stroke([(10.5, 10), (40, 20)])]), units: .px, tolerance: 0.01)
        #expect(apart.ordered().count == 2)
    }

    /// Pictures have nothing for a machine to follow; they are refused, not dropped.
    @Test func picturesAreRefused() throws {
        let png = try RasterImage(.png, bytes: try Frame(width: 2, height: 2, title: "dot").png())
        let frame = Frame(width: 10, height: 10, title: "p", items: [.image(FrameImage(.raster(png), box: Rect(minX: 0, minY: 0, maxX: 10, maxY: 10)))])
        #expect(throws: MachineError.self) { try MachineDrawing(frame, units: .mm, tolerance: 0.01) }
    }

    /// `--units`: an SVG's width and height in the unit, its viewBox too, its items scaled from
    /// px inside one group; px unchanged.
    @Test func svgAtTrueSize() throws {
        var frame = circleFrame(size: 96 / 25.4 * 80)
        frame.unit = .mm
        let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")
        #expect(svg.contains("width=\"80mm\" height=\"80mm\" viewBox=\"0 0 80 80\""))
        #expect(svg.contains("<g transform=\"scale(0.2645833333333333)\">") && svg.hasSuffix("</g>\n</svg>\n"))
        frame.unit = .px
        #expect(!(try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")).contains("scale(0.26"))
    }

    /// The frame a command line draws, as `curvetype` draws it.
    private func frame(_ words: [String]) throws -> Frame {
        try CommandInvocation(arguments: words).request().renderDocument().frame
    }

    /// The pixels with ink (alpha over half) of `frame` drawn at 2 px a px.
    private func ink(_ frame: Frame) throws -> (width: Int, mask: [Bool]) {
        let pixels = try PNGPixels(png: try frame.png(scale: 2))
        return (pixels.width, stride(from: 3, to: pixels.rgba.count, by: 4).map { pixels.rgba[$0] > 127 })
    }

    /// How many ink pixels of `a` lie more than a pixel from every ink pixel of `b`.
    private func strays(_ a: (width: Int, mask: [Bool]), from b: (width: Int, mask: [Bool])) -> Int {
        let w = a.width, h = a.mask.count / max(w, 1)
        var count = 0
        for y in 0..<h {
            for x in 0..<w where a.mask[y * w + x] {
                var near = false
                for dy in -1...1 {
                    for dx in -1...1 where (0..<w).contains(x + dx) && (0..<h).contains(y + dy) && b.mask[(y + dy) * w + x + dx] { near = true }
                }
                if !near { count += 1 }
            }
        }
        return count
    }

    /// A weld keeps what a group strokes: the angle's rays and arc (stroked by their group,
    /// with round caps), a badge's logo, a seal's centre logo and borders. The welded drawing's
    /// ink lies within a pixel of the drawing's, both ways (before the weld read the cascade as
    /// a writer does, the angle kept 5 % of its ink).
    @Test func weldKeepsWhatGroupsAndLogosDraw() throws {
        for words in [["angle", "60"], ["badge", "--label", "build", "--message", "passing", "--logo", "github"],
                      ["seal", "--ring", "CurveType stamp", "--center-logo", "github"]] {
            let drawn = try frame(words)
            let welded = try drawn.outlined(OutlineSettings(tolerance: 0.01))
            let a = try ink(drawn), b = try ink(welded)
            #expect(a.mask.count == b.mask.count)
            #expect(strays(a, from: b) == 0 && strays(b, from: a) == 0, "\(words)")
        }
        // A group's stroke width, joins and caps reach its children, as in every writer.
        let line = Frame(width: 40, height: 40, title: "line", items: [
            .group(FrameGroup(style: [.stroke(.color(.black)), .strokeWidth(6), .lineCap(.square), .fill(.none)], items: [
                .shape(FrameShape(.path(Path([.move(Point(x: 10, y: 20)), .line(Point(x: 30, y: 20))])), style: [])),
            ])),
        ])
        let welded = try line.outlined(OutlineSettings(tolerance: 0.01))
        guard case .shape(let shape) = welded.items.first, case .path(let path) = shape.geometry, let box = path.bounds() else {
            Issue.record("no welded shape")
            return
        }
        #expect(abs(box.minX - 7) < 0.01 && abs(box.maxX - 33) < 0.01 && abs(box.minY - 17) < 0.01 && abs(box.maxY - 23) < 0.01, "\(box)")
    }

    /// Named and SVG logos are cut like any drawing, in every machine format; a PNG or JPEG
    /// logo is refused by a message that names it.
    @Test func vectorLogosAreCut() throws {
        for words in [["badge", "--label", "build", "--message", "passing", "--logo", "github"],
                      ["seal", "--ring", "CurveType stamp", "--center-logo", "github"]] {
            let plain = try MachineDrawing(try frame(words.filter { $0 != "--logo" && $0 != "--center-logo" && $0 != "github" }), units: .mm, tolerance: 0.01)
            let drawing = try MachineDrawing(try frame(words), units: .mm, tolerance: 0.01)
            #expect(drawing.paths.count > plain.paths.count, "\(words)")
        }
        let png = try Frame(width: 2, height: 2, title: "dot").png()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ct-logo-\(getpid()).png")
        try Data(png).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let logo = try frame(["badge", "--label", "a", "--message", "b", "--logo", path.path])
        do {
            _ = try MachineDrawing(logo, units: .mm, tolerance: 0.01)
            Issue.record("a PNG logo was cut")
        } catch {
            #expect(error.description == "the logo \(path.path) is a picture (PNG), with no outlines to cut or weld: give an SVG logo, a simple-icons name, or none")
        }
    }

    /// A colour bitmap emoji has no outline: a machine file and a weld refuse it by what it
    /// is, where both dropped it unsaid.
    @Test func colourBitmapGlyphsAreRefused() throws {
        let emoji = try frame(["circle", "AB🎉", "--fallback-font", try neededEmojiFont()])
        for attempt in [{ _ = try MachineDrawing(emoji, units: .mm, tolerance: 0.01) }, { _ = try emoji.outlined(OutlineSettings(tolerance: 0.01)) }] {
            do {
                try attempt()
                Issue.record("an emoji was cut")
            } catch {
                #expect("\(error)".contains("a colour glyph (an emoji) of Noto Color Emoji"), "\(error)")
            }
        }
    }

    /// A tolerance finer than a millionth of the drawing's larger side is refused, by the
    /// machine writers and the weld alike (at 1e-9 mm the weld ran for minutes); at that
    /// millionth both draw.
    @Test func finerTolerancesThanADrawingNeedsAreRefused() throws {
        let drawing = circleFrame()
        #expect(throws: MachineError.self) { try MachineDrawing(drawing, units: .px, tolerance: 1e-5) }
        #expect(throws: MachineError.self) { try drawing.outlined(OutlineSettings(tolerance: 1e-5)) }
        _ = try MachineDrawing(drawing, units: .px, tolerance: 1e-4)
        _ = try drawing.outlined(OutlineSettings(tolerance: 1e-4))
        #expect(MachineDrawing.shown(finest: MachineDrawing.finestTolerance(width: 53.3, height: 53.3)) == "5.4e-05")
    }

    /// A wide kerf is grown in steps: the same outline as Clipper's offset in one step (within
    /// the tolerance), with no more points, for 400 letters that the kerf merges (in one step
    /// the union of 800 overlapping rings ran for minutes).
    @Test func wideKerfsAreGrownInSteps() throws {
        var squares: [OutlinePolygon] = []
        for k in 0..<100 {
            let x = Double(k % 10) * 6, y = Double(k / 10) * 6
            squares.append(OutlinePolygon(outer: [Point(x: x, y: y), Point(x: x + 4, y: y), Point(x: x + 4, y: y + 4), Point(x: x, y: y + 4)],
                                          holes: [[Point(x: x + 1, y: y + 1), Point(x: x + 1, y: y + 3), Point(x: x + 3, y: y + 3), Point(x: x + 3, y: y + 1)]]))
        }
        let tolerance = 0.01
        let stepped = try Clipper.grown(squares, by: 40, arcTolerance: tolerance)
        let whole = try Clipper.offset(closed: squares.flatMap(\.rings), open: [], delta: 40, join: .round, arcTolerance: tolerance)
        try #require(stepped.count == 1 && whole.count == 1)
        #expect(stepped[0].holes.isEmpty)
        // Every point of both lies 40 px from the nearest square, less at most the tolerance
        // (arcs are drawn by chords inside them).
        for outline in [stepped[0].outer, whole[0].outer] {
            let distances = outline.map { p in squares.map { Stencil.nearest(p, on: $0.outer)?.1 ?? .infinity }.min() ?? .infinity }
            #expect(distances.allSatisfy { $0 <= 40 + 1e-6 && $0 >= 40 - tolerance - 1e-6 }, "\(outline.count) points: \(distances.min() ?? 0)…\(distances.max() ?? 0)")
        }
        #expect(stepped[0].outer.count <= 2 * whole[0].outer.count, "\(stepped[0].outer.count) points against \(whole[0].outer.count)")
    }

    /// Lengths read from options in `--units`: a radius of 10 mm is 37.8 px.
    @Test func optionsReadInUnits() throws {
        let plain = try CircleOptions(commandLine: ["Hi", "--radius", "10"], command: "circle")
        let mm = try CircleOptions(commandLine: ["Hi", "--radius", "10", "--units", "mm", "--canvas", "50x25"], command: "circle")
        #expect(plain.radius == 10)
        #expect(abs(mm.radius - 10 * 96 / 25.4) < 1e-9)
        #expect(mm.canvas == "188.9763779527559x94.48818897637796")
    }
}
