import CurveType
@testable import CurveTypeFonts
import Foundation
import TestSupport
import Testing

/// A Hershey `.jhf` file read by the test itself (not by `HersheyReader`): each printable
/// character's left and right sides and strokes, in Hershey units (y down).
private func hersheyGlyphs(_ name: String) throws -> [(left: Int, right: Int, strokes: [[(Int, Int)]])] {
    let text = try String(contentsOfFile: try neededFile("/usr/share/hershey-fonts/\(name).jhf", install: "Debian hershey-fonts-data"), encoding: .ascii)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8.filter { $0 != 13 }) }
    var glyphs: [(Int, Int, [[(Int, Int)]])] = []
    while !lines.isEmpty {
        var record = lines.removeFirst()
        guard record.count >= 10 else { continue }
        let count = Int(String(decoding: record[5..<8], as: UTF8.self).trimmingCharacters(in: .whitespaces)) ?? 0
        while record.count < 8 + 2 * count, !lines.isEmpty { record += lines.removeFirst() }
        if record.count == 8 + 2 * count - 1 { record.append(32) }
        func value(_ byte: UInt8) -> Int { Int(byte) - 82 }
        var strokes: [[(Int, Int)]] = [[]]
        for k in 1..<count {
            let a = record[8 + 2 * k], b = record[9 + 2 * k]
            if a == 32 && b == 82 { strokes.append([]); continue }
            let p = (value(a), value(b))
            if let last = strokes[strokes.count - 1].last, last == p { continue }
            strokes[strokes.count - 1].append(p)
        }
        glyphs.append((value(record[8]), value(record[9]), strokes.filter { !$0.isEmpty }))
    }
    return glyphs
}

/// Each contour of `path` as its points (move, then each segment's end), and whether it closes.
private func contours(_ path: Path) -> [(points: [Point], closed: Bool)] {
    var out: [(points: [Point], closed: Bool)] = []
    for element in path.elements {
        switch element {
        case .move(let p): out.append(([p], false))
        case .line(let p), .quad(_, let p), .cubic(_, _, let p): out[out.count - 1].points.append(p)
        case .close: out[out.count - 1].closed = true
        }
    }
    return out
}

@Suite struct SingleLineTests {
    /// Every Hershey font Debian ships opens, is found single-line, and each printable
    /// character's outline is the .jhf file's strokes: as many, with the same points (32 font
    /// units a Hershey unit, y up from the baseline at 9), open, none traced twice.
    @Test func hersheyGlyphsAreTheFilesStrokes() throws {
        let folder = try neededFile("/usr/share/hershey-fonts", install: "Debian hershey-fonts-data")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jhf") }.map { String($0.dropLast(4)) }.sorted()
        try #require(names.count >= 30, "Debian's hershey-fonts-data: `make test` installs it")
        for name in names {
            let font = try FontStack.resolve(FontRequest(argument: "hershey:\(name)")).primary
            #expect(font.isSingleLine, "\(name)")
            #expect(font.familyName == "Hershey \(name)")
            let glyphs = try hersheyGlyphs(name)
            for (index, expected) in glyphs.enumerated() where index + 32 < 127 {
                let scalar = try #require(Unicode.Scalar(UInt32(32 + index)))
                let glyph = try #require(font.glyph(for: scalar), "\(name) U+\(String(scalar.value, radix: 16))")
                #expect(font.advance(of: glyph) == max(0, expected.right - expected.left) * 32, "\(name) \(scalar)")
                let drawn = contours(try font.outline(of: glyph).path)
                try #require(drawn.count == expected.strokes.count, "\(name) \(scalar): \(drawn.count) strokes, the file \(expected.strokes.count)")
                for (stroke, want) in zip(drawn, expected.strokes) {
                    #expect(!stroke.closed, "\(name) \(scalar): a closing segment the font did not draw")
                    let points = want.map { Point(x: Double(($0.0 - expected.left) * 32), y: Double((9 - $0.1) * 32)) }
                    #expect(stroke.points == (points.count == 1 ? [points[0], points[0]] : points), "\(name) \(scalar)")
                }
                // No segment of the glyph traced twice, either way.
                var seen: Set<[Double]> = []
                for stroke in drawn {
                    for (a, b) in zip(stroke.points, stroke.points.dropFirst()) where a != b {
                        let key = undirectedSegment(a, b)
                        #expect(seen.insert(key).inserted || expected.strokes.count > 1, "\(name) \(scalar): a segment traced twice")
                    }
                }
            }
        }
    }

    /// The compiled font, written out, shapes in `hb-shape` as in ours: the same glyphs and
    /// advances (font units, exact: within 1/64 px at any size), each the file's right minus
    /// left side.
    @Test func advancesEqualHBShape() throws {
        let scratch = try scratchFolder("hershey")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in ["futural", "scripts", "timesr"] {
            let path = try neededFile("/usr/share/hershey-fonts/\(name).jhf", install: "Debian hershey-fonts-data")
            let strokes = try HersheyReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))), family: "Hershey \(name)", path: path)
            let file = scratch.appendingPathComponent("\(name).ttf").path
            try Data(StrokeFontCompiler.compile(strokes)).write(to: URL(fileURLWithPath: file))
            let text = "Hello, World! The quick brown fox jumps over 13 lazy dogs."
            let ours = try FontStack.resolve(FontRequest(argument: "hershey:\(name)")).shape(text).glyphs
            let theirs = try hbShape(fontFile: file, text: text)
            try #require(ours.count == theirs.count)
            let sides = try hersheyGlyphs(name)
            for (k, (a, b)) in zip(ours, theirs).enumerated() {
                #expect(a.glyph == b.g && a.advance == b.ax && a.cluster == b.cl, "\(name) glyph \(k): ours \(a), hb-shape \(b)")
                let scalar = Array(text.unicodeScalars)[k]
                let side = sides[Int(scalar.value) - 32]
                #expect(a.advance == Double((side.right - side.left) * 32), "\(name) \(scalar)")
            }
        }
    }

    /// A closed single-line TrueType font made by fontTools (Fixtures/fonts/
    /// make_single_line_font.py) is found single-line and reopened: straight strokes, a stroke
    /// whose contour starts at its corner, a loop of quadratic curves, and its GPOS kerning
    /// as hb-shape applies it.
    @Test func closedSingleLineTrueTypeReopens() throws {
        let file = packageRoot.appendingPathComponent("Fixtures/fonts/CurveTypeTestSingleLine.ttf").path
        let font = try FontStack.resolve(.file(path: file)).primary
        #expect(font.isSingleLine)
        func strokes(_ c: Character) throws -> [(points: [Point], closed: Bool)] {
            contours(try font.outline(of: try #require(font.glyph(for: c.unicodeScalars.first!))).path)
        }
        let i = try strokes("I")
        #expect(i.count == 1 && i[0].points == [Point(x: 300, y: 0), Point(x: 300, y: 700)] && !i[0].closed)
        let l = try strokes("L")
        #expect(l.count == 1 && Set(l[0].points.map { [$0.x, $0.y] }) == [[150, 700], [150, 0], [550, 0]] && l[0].points.count == 3,
                "the corner's contour opens at an end: \(l)")
        #expect(l.first.map { $0.points[1] == Point(x: 150, y: 0) } == true)
        let o = try strokes("O")
        #expect(o.count == 1 && !o[0].closed && o[0].points.first == o[0].points.last && o[0].points.count == 5, "\(o)")
        #expect(try strokes("T").count == 2 && strokes("A").count == 3)
        let ours = try FontStack.resolve(.file(path: file)).shape("AT").glyphs
        let theirs = try hbShape(fontFile: file, text: "AT")
        #expect(ours.map(\.advance) == theirs.map(\.ax) && ours[0].advance == 580)
    }

    /// Outline fonts are not single-line: DejaVu's contours enclose ink.
    @Test func outlineFontsAreNot() throws {
        #expect(try !FontStack.resolve(.bundled(.sans)).primary.isSingleLine)
        #expect(try !FontStack.resolve(.bundled(.sansBold)).primary.isSingleLine)
    }

    /// A .jhf file that is not one is refused with a line that says why, never a crash.
    @Test func brokenHersheyFilesAreRefused() throws {
        for bytes in [Array("hello".utf8), Array("  699  9JZ".utf8), Array("abcde???JZ\n".utf8), [UInt8](repeating: 0, count: 40), []] {
            do {
                _ = try HersheyReader.read(bytes, family: "x", path: "x.jhf")
                Issue.record("read \(bytes.prefix(12))")
            } catch {
                #expect("\(error)".contains("x.jhf"))
            }
        }
        #expect(throws: FontError.self) { try FontStack.resolve(FontRequest(argument: "hershey:no-such-face")) }
    }

    /// Glyphs of a single-line font are drawn as strokes: the frame's glyph runs become one
    /// open path each, stroked in the paint that would have filled them, by the pen set.
    @Test func writersStrokeSingleLineGlyphs() throws {
        var frame = try CircleTextRequest(text: "LIT", font: .file(path: packageRoot.appendingPathComponent("Fixtures/fonts/CurveTypeTestSingleLine.ttf").path)).render().frame
        let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")
        #expect(svg.contains("fill=\"none\"") && svg.contains("stroke-linecap=\"round\"") && !svg.contains("<use"))
        #expect(!svg.contains("Z\"") && !svg.contains("z\""), "no closed stroke")
        frame.penWidth = 3
        #expect(try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t").contains("stroke-width=\"3\""))
    }
}
