import CurveTypeGeometry

/// A stroke font: glyphs drawn as open paths by a pen, not filled outlines. Read from a
/// Hershey `.jhf` file (Debian's `hershey-fonts-data`) or an SVG font (`SVGFontReader`), and
/// compiled into a TrueType font whose contours retrace each stroke (`StrokeFontCompiler`), so
/// that HarfBuzz shapes it and FreeType reads it as any other font; `Font` finds the retraced
/// contours and opens them again.
struct StrokeFont: Sendable {
    /// A point of a stroke, in compiled font units (y up, x from the glyph's origin): an end of
    /// a line or quadratic, or (`onCurve` false) a quadratic's control point, as TrueType
    /// stores them. A stroke starts and ends on the curve.
    struct Point: Sendable, Equatable {
        var x: Int, y: Int
        var onCurve = true
    }

    /// One glyph: the character it draws, its advance and strokes.
    struct Glyph: Sendable {
        var scalar: Unicode.Scalar
        /// Compiled font units.
        var advance: Int
        var strokes: [[Point]]
    }

    /// A kerning pair: the adjustment to the advance of `left` when `right` follows it,
    /// compiled font units (negative brings them closer).
    struct KerningPair: Sendable {
        var left: Unicode.Scalar, right: Unicode.Scalar
        var value: Int
    }

    /// The family name the compiled font carries.
    var family: String
    var glyphs: [Glyph]
    /// The glyph drawn for characters the font lacks (`.notdef`).
    var missingGlyph: Glyph?
    var kerning: [KerningPair] = []
    /// Compiled units per em (at most 16384, as TrueType allows).
    var unitsPerEm: Int
    /// The font's ascent and descent (descent negative), compiled units; `nil` for ¾ and −¼ em
    /// or the ink, whichever reaches further.
    var ascender: Int?
    var descender: Int?
}

/// Reads the Hershey fonts' `.jhf` format, as the fonts' distributions (and Debian's
/// `hershey-fonts-data`) write it. Written by hand: no library reads it, and it is small. Each
/// glyph is one record: a 5-column glyph number, a 3-column count of coordinate pairs (the first
/// pair is the left and right side), then the pairs, each coordinate a character minus `R`; the
/// pair ` R` lifts the pen. A record longer than its line continues on the next. The records are
/// the printable ASCII characters from the space, in order.
enum HersheyReader {
    /// Hershey's coordinates, y down: capitals rise from 9 (the baseline) to −12.
    static let baseline = 9

    /// Compiled font units per Hershey unit.
    static let scale = 32

    /// The most records read: the largest Debian file has 96 (193 lines with continuations).
    static let maximumGlyphs = 256

    static func read(_ bytes: [UInt8], family: String, path: String) throws(FontError) -> StrokeFont {
        func bad(_ reason: String) -> FontError { .notAFont(path: path, reason: "not a Hershey .jhf file: \(reason)") }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(bytes[start..<index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        var glyphs: [StrokeFont.Glyph] = []
        var lineIndex = 0
        func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            var line = line
            while let last = line.last, last == 0x0D || last == 0x20 && line.count > 10 { line = line.dropLast() }
            return line
        }
        while lineIndex < lines.count {
            var record = Array(trimmed(lines[lineIndex]))
            lineIndex += 1
            if record.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
            guard record.count >= 10 else { throw bad("line \(lineIndex) is shorter than a record's head") }
            guard let pairs = Int(String(decoding: record[5..<8], as: UTF8.self).filter { $0 != " " }), pairs >= 1, pairs < 4096 else {
                throw bad("line \(lineIndex) has no count of coordinate pairs in columns 6–8")
            }
            let needed = 8 + 2 * pairs
            // A record that wraps continues on the next lines, its characters run on.
            while record.count < needed, lineIndex < lines.count {
                record += trimmed(lines[lineIndex])
                lineIndex += 1
            }
            // Some files drop the trailing space of a final " R": pad a record one short.
            if record.count == needed - 1 { record.append(0x20) }
            guard record.count >= needed else { throw bad("the record on line \(lineIndex) ends after \(record.count) of \(needed) characters") }
            guard glyphs.count < maximumGlyphs else { throw bad("more than \(maximumGlyphs) glyphs") }
            func coordinate(_ byte: UInt8) throws(FontError) -> Int {
                guard byte >= 0x20, byte < 0x7F else { throw bad("a coordinate on line \(lineIndex) is not a printable character") }
                return Int(byte) - Int(UInt8(ascii: "R"))
            }
            let left = try coordinate(record[8]), right = try coordinate(record[9])
            var strokes: [[(x: Int, y: Int)]] = []
            var stroke: [(x: Int, y: Int)] = []
            for pair in 1..<pairs {
                let a = record[8 + 2 * pair], b = record[9 + 2 * pair]
                if a == 0x20 && b == UInt8(ascii: "R") {
                    if !stroke.isEmpty { strokes.append(stroke) }
                    stroke = []
                    continue
                }
                let point = (x: try coordinate(a), y: try coordinate(b))
                if let last = stroke.last, last == point { continue }
                stroke.append(point)
            }
            if !stroke.isEmpty { strokes.append(stroke) }
            guard let scalar = Unicode.Scalar(0x20 + UInt32(glyphs.count)) else { break }
            // 32 compiled units per Hershey unit, 1024 per em: an em of 32 Hershey units, the
            // span of the coordinates (−16…16), so capitals are 21 units (0.66 em) tall. Hershey's
            // y runs down from the glyph's middle; x from its left side.
            let compiled = strokes.map { stroke in
                stroke.map { StrokeFont.Point(x: ($0.x - left) * scale, y: (baseline - $0.y) * scale) }
            }
            glyphs.append(StrokeFont.Glyph(scalar: scalar, advance: max(0, right - left) * scale, strokes: compiled))
        }
        guard !glyphs.isEmpty else { throw bad("it has no glyph records") }
        return StrokeFont(family: family, glyphs: glyphs, unitsPerEm: 32 * scale)
    }
}
