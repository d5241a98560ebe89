import CurveType
@testable import CurveTypeFonts
import Foundation
import TestSupport
import Testing

/// Relief SingleLine (isdat-type/Relief-SingleLine 01dfc57, SIL OFL, Fixtures/fonts/relief): one
/// design exported as an SVG font for Hershey Text, as an OpenType-SVG font and as a "closed"
/// TrueType font for CAD.
private let relief = packageRoot.appendingPathComponent("Fixtures/fonts/relief").path
private let reliefSVG = relief + "/ReliefSingleLineSVG-Regular.svg"
private let reliefOTF = relief + "/ReliefSingleLineOTF-SVG-Regular.otf"

/// An SVG font's glyphs read by the test itself, with regular expressions (not by
/// `SVGFontReader` or an XML reader of ours): character → (advance, path data), the first glyph
/// for each character, as SVG says.
private func svgFontGlyphs(_ file: String) throws -> (defaultAdvance: Double, glyphs: [Unicode.Scalar: (advance: Double, d: String)]) {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    func attribute(_ name: String, _ tag: Substring) -> String? {
        guard let match = tag.firstMatch(of: try! Regex<(Substring, Substring)>("\\s\(name)=\"([^\"]*)\"")) else { return nil }
        var value = String(match.output.1)
        for (entity, character) in [("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&apos;", "'")] {
            value = value.replacingOccurrences(of: entity, with: character)
        }
        while let ref = value.firstMatch(of: /&#x([0-9a-fA-F]+);/), let scalar = UInt32(ref.output.1, radix: 16).flatMap(Unicode.Scalar.init) {
            value.replaceSubrange(ref.range, with: String(Character(scalar)))
        }
        return value.replacingOccurrences(of: "&amp;", with: "&")
    }
    let font = try #require(text.firstMatch(of: /<font\s[^>]*>/)).output
    let defaultAdvance = Double(attribute("horiz-adv-x", font) ?? "0") ?? 0
    var glyphs: [Unicode.Scalar: (Double, String)] = [:]
    for match in text.matches(of: /<glyph\s[^>]*>/) {
        guard let unicode = attribute("unicode", match.output), unicode.unicodeScalars.count == 1,
              let scalar = unicode.unicodeScalars.first, glyphs[scalar] == nil else { continue }
        glyphs[scalar] = (Double(attribute("horiz-adv-x", match.output) ?? "") ?? defaultAdvance, attribute("d", match.output) ?? "")
    }
    return (defaultAdvance, glyphs)
}

/// Points along each subpath of `path` that draws (a line, curve or close), `steps` per curve,
/// scaled by `scale`; each subpath's points in order, and whether it closed.
private func polylines(_ path: Path, scale: Double = 1, steps: Int = 32) -> [(points: [Point], closed: Bool)] {
    var out: [(points: [Point], closed: Bool)] = []
    var current: [Point] = [], start = Point.zero, at = Point.zero, closed = false
    func finish() {
        if current.count > 1 { out.append((current, closed)) }
        current = []
        closed = false
    }
    func s(_ p: Point) -> Point { Point(x: p.x * scale, y: p.y * scale) }
    for element in path.elements {
        if current.isEmpty, case .move = element {} else if current.isEmpty { current = [s(at)] }
        switch element {
        case .move(let p): finish(); at = p; start = p
        case .line(let p): current.append(s(p)); at = p
        case .quad(let c, let p):
            for k in 1...steps {
                let t = Double(k) / Double(steps), u = 1 - t
                current.append(s(Point(x: u * u * at.x + 2 * u * t * c.x + t * t * p.x, y: u * u * at.y + 2 * u * t * c.y + t * t * p.y)))
            }
            at = p
        case .cubic(let c1, let c2, let p):
            for k in 1...steps {
                let t = Double(k) / Double(steps), u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                current.append(s(Point(x: a * at.x + b * c1.x + c * c2.x + d * p.x, y: a * at.y + b * c1.y + c * c2.y + d * p.y)))
            }
            at = p
        case .close: current.append(s(start)); at = start; closed = true; finish()
        }
    }
    finish()
    return out
}

/// The farthest any point of `a` lies from the polyline `b`, and the reverse: the Hausdorff
/// distance of two sampled strokes.
private func hausdorff(_ a: [Point], _ b: [Point]) -> Double {
    func distance(_ p: Point, _ line: [Point]) -> Double {
        guard line.count > 1 else { return line.first.map { hypot(p.x - $0.x, p.y - $0.y) } ?? .infinity }
        var best = Double.infinity
        for (u, v) in zip(line, line.dropFirst()) {
            let dx = v.x - u.x, dy = v.y - u.y, length = dx * dx + dy * dy
            let t = length == 0 ? 0 : max(0, min(1, ((p.x - u.x) * dx + (p.y - u.y) * dy) / length))
            best = min(best, hypot(p.x - u.x - t * dx, p.y - u.y - t * dy))
        }
        return best
    }
    return max(a.map { distance($0, b) }.max() ?? 0, b.map { distance($0, a) }.max() ?? 0)
}

@Suite struct SVGFontTests {
    /// Every glyph of Relief SingleLine's SVG font is drawn as its path data: as many strokes as
    /// the data has subpaths, each open (0 closing segments the font did not draw), within
    /// 1/4000 em and the rounding to 1/16 unit of the data's curves (cubics become quadratics),
    /// with no segment traced twice; advances are the glyphs' `horiz-adv-x`.
    @Test func reliefSVGFontGlyphsAreTheirPaths() throws {
        let font = try FontStack.resolve(.file(path: reliefSVG)).primary
        #expect(font.isSingleLine)
        #expect(font.familyName == "Relief SingleLine SVG")
        // 8 compiled units a font unit: 16 would take the glyphs' reach (1069 units) past 16383.
        #expect(font.unitsPerEm == 8000, "1000 units per em, 8 compiled units each")
        let k = 8.0
        let (_, glyphs) = try svgFontGlyphs(reliefSVG)
        try #require(glyphs.count > 400)
        var checked = 0, strokes = 0
        for (scalar, source) in glyphs where scalar.properties.generalCategory != .control {
            let glyph = try #require(font.glyph(for: scalar), "U+\(String(scalar.value, radix: 16))")
            #expect(font.advance(of: glyph) == Int((source.advance * k).rounded()), "\(scalar)")
            // The font's curves finely (64 points a cubic), ours at 32 a quadratic.
            let want = polylines(try Path(svgPathData: source.d), scale: k, steps: 64)
            let drawn = polylines(try font.outline(of: glyph).path)
            try #require(drawn.count == want.count, "\(scalar): \(drawn.count) strokes, the font \(want.count)")
            for (stroke, expected) in zip(drawn, want) {
                #expect(!stroke.closed, "\(scalar): a closing segment the font did not draw")
                let distance = hausdorff(stroke.points, expected.points)
                // 1/4000 em for the quadratics, 1/2 unit of rounding each way, and the sampling.
                #expect(distance <= k / 4 + 1.5, "\(scalar): \(distance / k) units from the font's path")
                #expect(hypot(stroke.points[0].x - expected.points[0].x, stroke.points[0].y - expected.points[0].y) <= 0.75, "\(scalar): starts elsewhere")
            }
            var seen: Set<[Double]> = []
            for stroke in try SingleLineCheck.segments(font.outline(of: glyph).path) {
                #expect(seen.insert(stroke).inserted || want.count > 1, "\(scalar): a segment traced twice")
            }
            checked += 1
            strokes += drawn.count
        }
        #expect(checked > 400 && strokes > 800)
    }

    /// Shaped, Relief's SVG font has the advances `hb-shape` gives its OpenType-SVG sibling
    /// (whose kerning is `GPOS`): the SVG font's `hkern` pairs, compiled into a `kern` table,
    /// kern as the OpenType font does, exactly (8 compiled units a font unit). The compiled
    /// font, written out, shapes in `hb-shape` as in ours.
    @Test func reliefSVGFontKernsAsItsOpenTypeSibling() throws {
        let stack = try FontStack.resolve(.file(path: reliefSVG))
        let scratch = try scratchFolder("svgfont")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let compiled = scratch.appendingPathComponent("relief.ttf").path
        let source = try SVGFontReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: reliefSVG))), family: "Relief", path: reliefSVG)
        #expect(source.kerning.count == 17_574, "Relief's hkern lists name 17,574 pairs")
        try Data(StrokeFontCompiler.compile(source)).write(to: URL(fileURLWithPath: compiled))
        var kerned = 0
        // Not "» " (guillemet, space): the SVG export kerns it by 10 units, the OpenType one not.
        for text in ["AVATAR Tokyo", "WAVE, yes.", "Relief SingleLine", "The quick brown fox jumps over the lazy dog.", "L'Œuvre — Fjord, Type 1974 «Ça»"] {
            let ours = stack.shape(text).glyphs
            let sibling = try hbShape(fontFile: reliefOTF, text: text)
            let written = try hbShape(fontFile: compiled, text: text)
            try #require(ours.count == sibling.count && ours.count == written.count, "\(text)")
            // HarfBuzz applies a `kern` pair half to each glyph's advance (and the second's
            // offset), `GPOS` all to the first's: where each glyph is drawn is what must agree.
            var ourPen = 0.0, siblingPen = 0.0
            for (k, glyph) in ours.enumerated() {
                #expect(ourPen + glyph.xOffset == (siblingPen + sibling[k].dx) * 8, "\(text) glyph \(k): ours at \((ourPen + glyph.xOffset) / 8), the OTF's at \(siblingPen + sibling[k].dx)")
                #expect(glyph.advance == written[k].ax && glyph.xOffset == written[k].dx && glyph.glyph == written[k].g, "\(text) glyph \(k)")
                ourPen += glyph.advance
                siblingPen += sibling[k].ax
            }
            #expect(ourPen == siblingPen * 8, "\(text): the line's advance")
            let unkerned = text.unicodeScalars.compactMap { stack.primary.glyph(for: $0) }.map { stack.primary.advance(of: $0) }
            kerned += zip(ours, unkerned).filter { Int($0.advance) != $1 }.count
        }
        #expect(kerned >= 10, "the texts have kerned pairs: \(kerned)")
    }

    /// Relief's OpenType-SVG font is single-line: its SVG glyphs are unfilled strokes, drawn
    /// instead of its `CFF` outlines (the strokes thickened), and they are the SVG font's strokes
    /// within 1/4000 em and rounding: two exports of one design.
    @Test func openTypeSVGStrokesAreTheSVGFonts() throws {
        let otf = try FontStack.resolve(.file(path: reliefOTF)).primary
        let svg = try FontStack.resolve(.file(path: reliefSVG)).primary
        #expect(otf.isSingleLine && otf.unitsPerEm == 1000)
        for scalar in "AEHIKLMNOQRSTWaegkmorsy0123456789&@ÆŒßé".unicodeScalars {
            let ours = polylines(try otf.outline(of: try #require(otf.glyph(for: scalar))).path)
            let theirs = polylines(try svg.outline(of: try #require(svg.glyph(for: scalar))).path, scale: 1.0 / 8)
            try #require(ours.count == theirs.count, "\(scalar): \(ours.count) strokes, the SVG font \(theirs.count)")
            for (a, b) in zip(ours, theirs) {
                #expect(!a.closed || b.closed, "\(scalar): closed")
                // Each export rounds to whole units, and the quadratics stray 1/4000 em.
                #expect(hausdorff(a.points, b.points) <= 1.5, "\(scalar): \(hausdorff(a.points, b.points)) units apart")
            }
            #expect(otf.advance(of: try #require(otf.glyph(for: scalar))) * 8 == svg.advance(of: try #require(svg.glyph(for: scalar))))
        }
        // The CFF outline FreeType reads is the thickened stroke, closed contours around ink:
        // not what is drawn.
        let cad = try FontStack.resolve(.file(path: relief + "/ReliefSingleLineCAD-Regular.ttf")).primary
        #expect(!cad.isSingleLine, "the CAD font closes each stroke with a line it does not draw, not by retracing: not read as single-line")
    }

    /// OpenType-SVG glyphs as the reading must take them (Fixtures/fonts/make_svg_strokes_font.py):
    /// a path under a flipping group, a polyline styled by `style` under an outer translation,
    /// a circle in a gzip-compressed document, two lines in a group, a cubic in a document shared
    /// by two glyphs; a glyph in an `<svg>` with a viewBox keeps its outline. A font whose SVG
    /// glyph fills (a colour font) is not single-line: its outlines are drawn.
    @Test func openTypeSVGGlyphsAreRead() throws {
        let font = try FontStack.resolve(.file(path: packageRoot.appendingPathComponent("Fixtures/fonts/CurveTypeTestSVGStrokes.ttf").path)).primary
        #expect(font.isSingleLine)
        func strokes(_ c: Unicode.Scalar) throws -> [(points: [Point], closed: Bool)] {
            polylines(try font.outline(of: try #require(font.glyph(for: c))).path, steps: 4)
        }
        #expect(try strokes("I").map(\.points) == [[Point(x: 300, y: 0), Point(x: 300, y: 700)]])
        #expect(try strokes("L").map(\.points) == [[Point(x: 150, y: 700), Point(x: 150, y: 0), Point(x: 550, y: 0)]])
        let o = try strokes("O")
        #expect(o.count == 1 && o[0].closed, "the circle closes as the font draws it")
        // (SVG's arcs become cubics, within 0.03 % of the radius.)
        #expect(o.first.map { $0.points.allSatisfy { abs(hypot($0.x - 350, $0.y - 350) - 300) < 0.1 } } == true)
        #expect(try strokes("T").map(\.points) == [[Point(x: 100, y: 700), Point(x: 600, y: 700)], [Point(x: 350, y: 700), Point(x: 350, y: 0)]])
        let a = try strokes("A")
        #expect(a.count == 1 && a[0].points.first == Point(x: 50, y: 0) && a[0].points.last == Point(x: 650, y: 0) && !a[0].closed)
        #expect(a.first.map { $0.points.map(\.y).max() ?? 0 } ?? 0 > 600, "the arch rises (y up)")
        // J's document has a viewBox, which is not read: J keeps its outline (a box).
        let j = try font.outline(of: try #require(font.glyph(for: "J")))
        #expect(j.bounds == Rect(minX: 50, minY: 0, maxX: 450, maxY: 700) && polylines(j.path).first?.closed == true)

        let color = try FontStack.resolve(.file(path: packageRoot.appendingPathComponent("Fixtures/fonts/CurveTypeTestSVGColor.ttf").path)).primary
        #expect(!color.isSingleLine)
        let box = try color.outline(of: try #require(color.glyph(for: "A")))
        #expect(polylines(box.path).count == 1 && polylines(box.path)[0].closed)
        #expect(box.bounds == Rect(minX: 50, minY: 0, maxX: 650, maxY: 700), "its outline, a box")
    }

    /// An SVG font as EMSL's `svg_fonts` write it (Hershey Sans 1-stroke's "A", "&", "." and
    /// the quotation mark, absolute M and L with half units): half units kept, the character
    /// from an entity, an empty `unicode` skipped, the missing glyph as `.notdef`, the font's
    /// ascent and descent, and a character past the BMP.
    @Test func emslSVGFontKeepsItsPoints() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8" ?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" >
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1"><metadata>Hershey Sans 1-stroke</metadata><defs>
            <font id="HersheySans1" horiz-adv-x="378" >
            <font-face font-family="Hershey Sans 1-stroke" units-per-em="1000" ascent="800" descent="-200" cap-height="500" x-height="300" />
            <missing-glyph horiz-adv-x="378" />
            <glyph unicode=" " glyph-name="space" horiz-adv-x="378" />
            <glyph unicode="&quot;" glyph-name="quotedbl" horiz-adv-x="504" d="M 220 662 L 220 441 M 472 662 L 472 441" />
            <glyph unicode="." glyph-name="period" horiz-adv-x="252" d="M 220 158 L 189 126 L 220 94.5 L 252 126 L 220 158" />
            <glyph unicode="A" glyph-name="A" horiz-adv-x="567" d="M 378 662 L 126 0 M 378 662 L 630 0 M 220 220 L 536 220" />
            <glyph unicode="" glyph-name="backslash" horiz-adv-x="441" d="M 94.5 662 L 536 -94.5" />
            <glyph unicode="&#x1F58B;" glyph-name="pen" horiz-adv-x="900" d="M 100 100 L 800 800" />
            </font></defs></svg>
            """
        let font = try Font.openSVGFont(bytes: Array(text.utf8), name: "sans1")
        #expect(font.isSingleLine && font.familyName == "Hershey Sans 1-stroke" && font.unitsPerEm == 16000)
        #expect(font.metrics.ascender == 12800 && font.metrics.descender == -3200)
        let period = polylines(try font.outline(of: try #require(font.glyph(for: "."))).path)
        #expect(period.count == 1 && period[0].points.map { [$0.x / 16, $0.y / 16] } == [[220, 158], [189, 126], [220, 94.5], [252, 126], [220, 158]])
        #expect(!period[0].closed)
        let a = try #require(font.glyph(for: "A"))
        #expect(polylines(try font.outline(of: a).path).count == 3 && font.advance(of: a) == 567 * 16)
        #expect(polylines(try font.outline(of: try #require(font.glyph(for: "\""))).path).count == 2)
        #expect(font.glyph(for: "\\") == nil, "a glyph with an empty unicode maps no character")
        #expect(font.advance(of: 0) == 378 * 16)
        let pen = try #require(font.glyph(for: "\u{1F58B}"), "a character past the BMP is mapped (cmap format 12)")
        #expect(font.advance(of: pen) == 900 * 16 && font.glyph(for: "A") == a)
    }

    /// Files that are not SVG fonts, or SVG fonts the compiler cannot hold, are refused with a
    /// line that names the file and says why; never a crash.
    @Test func brokenSVGFontsAreRefused() throws {
        let font = { (body: String) in "<svg xmlns=\"http://www.w3.org/2000/svg\"><defs>\(body)</defs></svg>" }
        let cases: [(String, String)] = [
            ("hello", "text outside the root"),
            ("<svg><path d=\"M0 0\"/></svg>", "no <font>"),
            (font("<font><glyph unicode=\"A\" d=\"M0 0\"></font>"), "closes no open element"),
            (font("<font><font-face units-per-em=\"0\"/><glyph unicode=\"A\" d=\"M0 0L1 1\"/></font>"), "units-per-em"),
            (font("<font><glyph unicode=\"A\" d=\"M0 0 Q\"/></font>"), "path data of glyph"),
            (font("<font><glyph unicode=\"A\" horiz-adv-x=\"wide\"/></font>"), "not a number"),
            (font("<font><glyph unicode=\"A\" d=\"M0 0L40000 0\"/></font>"), "more than 16383"),
            (font("<font><glyph unicode=\"&bomb;\"/></font>"), "entity"),
            (font("<font><glyph unicode=\"AB\" d=\"M0 0L1 1\"/></font>"), "no <glyph> for a character"),
            ("<svg>" + String(repeating: "<g>", count: 100) + "</svg>", "nest"),
            // Numbers past what an Int holds: refused by a message that prints them as read
            // (building it with Int(…) trapped), and every other number the compiler converts.
            (font("<font horiz-adv-x=\"1e300\"><glyph unicode=\"A\" d=\"M0 0L1 1\"/></font>"), "1e+300 units from the origin"),
            (font("<font><glyph unicode=\"A\" horiz-adv-x=\"9.3e18\" d=\"M0 0L1 1\"/></font>"), "more than 16383"),
            (font("<font><glyph unicode=\"A\" d=\"M0 0L1 1\"/><glyph unicode=\"B\" d=\"M0 0L1 1\"/><hkern u1=\"A\" u2=\"B\" k=\"1e300\"/></font>"), "an <hkern> moves a glyph"),
            (font("<font><font-face ascent=\"1e300\"/><glyph unicode=\"A\" d=\"M0 0L1 1\"/></font>"), "ascent=\"1e+300\""),
            (font("<font><font-face descent=\"-1e19\"/><glyph unicode=\"A\" d=\"M0 0L1 1\"/></font>"), "descent="),
            (font("<font><glyph unicode=\"A\" d=\"M0 0Q1e300 0 0 10\"/></font>"), "5e+299 units from the origin"),
            (font("<font><glyph unicode=\"A\" d=\"M0 0C1e300 0 -1e300 0 0 10\"/></font>"), "has a curve's control point more than 32767 units"),
        ]
        for (text, reason) in cases {
            do {
                _ = try Font.openSVGFont(bytes: Array(text.utf8), name: "bad.svg")
                Issue.record("opened: \(text.prefix(60))")
            } catch {
                #expect("\(error)".contains("bad.svg") && "\(error)".contains("not an SVG font") && "\(error)".contains(reason), "\(error)")
            }
        }
    }
}

/// Segments of a path's strokes as sorted end pairs, to find one traced twice.
private enum SingleLineCheck {
    static func segments(_ path: Path) -> [[Double]] {
        var out: [[Double]] = []
        for stroke in polylines(path) {
            for (a, b) in zip(stroke.points, stroke.points.dropFirst()) where a != b {
                out.append(undirectedSegment(a, b))
            }
        }
        return out
    }
}
