import CHarfBuzz
import Foundation

/// One glyph as HarfBuzz shaped it. Positions are in the font units of the glyph's own font
/// (`ShapedRun.fonts[font]`), unhinted and unrounded; y is up.
public struct ShapedGlyph: Sendable, Hashable {
    /// Glyph index in its font.
    public var glyph: UInt32
    /// Index into `ShapedRun.fonts`.
    public var font: Int
    /// UTF-8 byte offset in the run's text of the first character of this glyph's cluster (as
    /// `hb-shape --utf8-clusters` prints it). Glyphs with the same value form one cluster.
    public var cluster: Int
    /// Horizontal advance, font units.
    public var advance: Double
    /// Offset of the glyph from its pen position (marks, kerning in GPOS), font units, y up.
    public var xOffset: Double
    public var yOffset: Double
}

/// A run of text shaped into glyphs in visual order.
public struct ShapedRun: Sendable {
    public let text: String
    /// The fonts the glyphs use; index 0 is the stack's primary font.
    public let fonts: [Font]
    public let glyphs: [ShapedGlyph]
    /// Characters no font had, drawn as the primary font's .notdef glyph, in text order.
    public let missing: [Unicode.Scalar]

    /// The glyphs `glyphs` of this run as a run of their own over the text's UTF-8 bytes
    /// `bytes` (which must hold exactly those glyphs' clusters): clusters are rebased to the new
    /// text. Breaking a shaped paragraph into lines keeps every shaped advance as it was.
    public func slice(glyphs range: Range<Int>, bytes: Range<Int>) -> ShapedRun {
        let utf8 = Array(text.utf8)
        let lineText = String(decoding: utf8[bytes], as: UTF8.self)
        let sliced = glyphs[range].map { g -> ShapedGlyph in
            var g = g
            g.cluster -= bytes.lowerBound
            return g
        }
        let scalars = Set(lineText.unicodeScalars)
        return ShapedRun(text: lineText, fonts: fonts, glyphs: sliced, missing: missing.filter(scalars.contains))
    }
}

/// An OpenType feature setting in HarfBuzz's syntax: `"kern"`, `"-liga"`, `"ss01=1"`.
public struct FontFeature: Sendable, Hashable {
    public let text: String
    fileprivate let value: hb_feature_t

    public init?(_ text: String) {
        var feature = hb_feature_t()
        guard hb_feature_from_string(text, Int32(text.utf8.count), &feature) != 0 else { return nil }
        self.text = text
        self.value = feature
    }

    public static func == (a: FontFeature, b: FontFeature) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

extension FontStack {
    /// Shapes `text` with HarfBuzz: script, direction and language are guessed from the text;
    /// kerning (GPOS or the legacy `kern` table), ligatures and mark positioning are on by default.
    /// Text the primary font cannot draw is shaped with fallback fonts, one run per font, each run
    /// seeing the whole text as context.
    public func shape(_ text: String, features: [FontFeature] = []) -> ShapedRun {
        let utf8 = Array(text.utf8)
        // Segment into (font, UTF-8 range) runs by grapheme cluster.
        var runs: [(font: Font, start: Int, end: Int)] = []
        var missing: [Unicode.Scalar] = []
        var offset = 0
        let coveredByPrimary = text.unicodeScalars.allSatisfy { primary.covers($0) }
        if coveredByPrimary {
            runs = [(primary, 0, utf8.count)]
        } else {
            for character in text {
                let length = character.utf8.count
                var font = self.font(for: character)
                // Spaces and punctuation between two fallback characters stay in the fallback
                // font's run when it has them: a right-to-left phrase then shapes as one run
                // and keeps its visual order.
                if let last = runs.last?.font, last !== primary, character.isDirectionNeutral,
                   character.unicodeScalars.allSatisfy(last.covers) {
                    font = last
                }
                if font == nil {
                    missing.append(contentsOf: character.unicodeScalars.filter { !primary.covers($0) })
                }
                let chosen = font ?? primary
                if let last = runs.last, last.font === chosen {
                    runs[runs.count - 1].end = offset + length
                } else {
                    runs.append((chosen, offset, offset + length))
                }
                offset += length
            }
        }

        var fonts: [Font] = [primary]
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(utf8.count)
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let hbFeatures = features.map(\.value)
        for run in runs {
            let font = run.font
            let fontIndex: Int
            if let known = fonts.firstIndex(where: { $0 === font }) {
                fontIndex = known
            } else {
                fonts.append(font)
                fontIndex = fonts.count - 1
            }
            hb_buffer_clear_contents(buffer)
            utf8.withUnsafeBufferPointer { bytes in
                bytes.baseAddress?.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                    hb_buffer_add_utf8(buffer, chars, Int32(bytes.count), UInt32(run.start),
                                       Int32(run.end - run.start))
                }
            }
            hb_buffer_guess_segment_properties(buffer)
            hbFeatures.withUnsafeBufferPointer { f in
                hb_shape(font.hbFont, buffer, f.baseAddress, UInt32(f.count))
            }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
            for i in 0..<Int(count) {
                glyphs.append(ShapedGlyph(
                    glyph: infos[i].codepoint, font: fontIndex, cluster: Int(infos[i].cluster),
                    advance: Double(positions[i].x_advance),
                    xOffset: Double(positions[i].x_offset), yOffset: Double(positions[i].y_offset)))
            }
        }
        return ShapedRun(text: text, fonts: fonts, glyphs: glyphs, missing: missing)
    }
}

extension Character {
    /// Whitespace or punctuation: characters with no direction of their own.
    var isDirectionNeutral: Bool {
        unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .otherPunctuation, .dashPunctuation, .openPunctuation,
                 .closePunctuation, .initialPunctuation, .finalPunctuation, .connectorPunctuation:
                return true
            default:
                return scalar.properties.isWhitespace
            }
        }
    }
}
