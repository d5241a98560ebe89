import CFriBiDi
import CHarfBuzz
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

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
    /// Vertical offset from the pen position, font units, y up.
    public var yOffset: Double
    /// Whether the glyph stands upright in vertical writing (`GlyphOrientation.upright`): then
    /// `advance` is its vertical advance, down the line, and the offsets (HarfBuzz's, shaped top
    /// to bottom) place its outline origin from the pen position on the line's middle.
    public var upright: Bool = false
}

/// A run of text shaped into glyphs in visual order.
public struct ShapedRun: Sendable {
    /// The text as drawn: control characters removed.
    public let text: String
    /// The fonts the glyphs use; index 0 is the stack's primary font.
    public let fonts: [Font]
    /// The glyphs in visual order (left to right), with their clusters and fonts.
    public let glyphs: [ShapedGlyph]
    /// Characters no font had, drawn as the primary font's .notdef glyph: each once, in the
    /// order they first appear.
    public let missing: [Unicode.Scalar]
    /// Whether the text is ASCII alone: text with no joined writing, no marks, nothing a
    /// layout must look up by script (found once, as the run is made and cached).
    public let isASCII: Bool
    /// Whether the run is vertical writing (`GlyphOrientation.upright`): glyphs run down the
    /// line, upright ones (`ShapedGlyph.upright`) by their vertical advances, the others lying
    /// sideways, centred on the line.
    public let isVertical: Bool
    /// UTF-8 ranges of `text` that layout inserted and the writer did not type (kashida's
    /// tatweels), in order: drawn, and left out of the text a reader copies or searches.
    public var inserted: [Range<Int>] = []

    /// A run of `glyphs` (visual order) shaped from `text` in `fonts`, `missing` the
    /// characters no font had; `vertical` for vertical writing.
    public init(text: String, fonts: [Font], glyphs: [ShapedGlyph], missing: [Unicode.Scalar], vertical: Bool = false) {
        self.text = text
        self.fonts = fonts
        self.glyphs = glyphs
        self.missing = missing
        isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        isVertical = vertical
    }

    /// The run set `factor` times as wide: every advance and x offset scaled, heights kept (a
    /// seal's squeezed arc; its writer scales each outline across by the same factor).
    public func squeezed(by factor: Double) -> ShapedRun {
        let narrower = glyphs.map { g in
            var g = g
            g.advance *= factor
            g.xOffset *= factor
            return g
        }
        var squeezed = ShapedRun(text: text, fonts: fonts, glyphs: narrower, missing: missing, vertical: isVertical)
        squeezed.inserted = inserted
        return squeezed
    }

    /// The glyphs `glyphs` of this run as a run of their own over the text's UTF-8 bytes
    /// `bytes` (which must hold exactly those glyphs' clusters): clusters are rebased to the new
    /// text. Breaking a shaped paragraph into lines keeps every shaped advance as it was.
    public func slice(glyphs range: Range<Int>, bytes: Range<Int>) -> ShapedRun {
        slice(glyphs: [range], bytes: bytes)
    }

    /// The glyphs of `ranges`, in that order, as a run of their own over the text's UTF-8 bytes
    /// `bytes`: a line of a paragraph, its clusters put in the line's visual order.
    public func slice(glyphs ranges: [Range<Int>], bytes: Range<Int>) -> ShapedRun {
        let utf8 = Array(text.utf8)
        let lineText = String(decoding: utf8[bytes], as: UTF8.self)
        var sliced: [ShapedGlyph] = []
        sliced.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        for range in ranges {
            for var g in glyphs[range] {
                g.cluster -= bytes.lowerBound
                sliced.append(g)
            }
        }
        let scalars = Set(lineText.unicodeScalars)
        var line = ShapedRun(text: lineText, fonts: fonts, glyphs: sliced, missing: missing.filter(scalars.contains), vertical: isVertical)
        line.inserted = inserted.compactMap { range in
            let kept = range.clamped(to: bytes)
            return kept.isEmpty ? nil : kept.lowerBound - bytes.lowerBound..<kept.upperBound - bytes.lowerBound
        }
        return line
    }
}

/// An OpenType feature setting in HarfBuzz's syntax: `"kern"`, `"-liga"`, `"ss01=1"`.
public struct FontFeature: Sendable, Hashable {
    /// The text as drawn: control characters removed.
    public let text: String
    fileprivate let value: hb_feature_t

    /// A feature setting in HarfBuzz's syntax (`kern=0`, `+smcp`, `-liga`); `nil` when HarfBuzz
    /// cannot read it.
    public init?(_ text: String) {
        var feature = hb_feature_t()
        // A feature setting is a few characters; a long string is no setting (and HarfBuzz takes
        // its length as a 32-bit int).
        guard text.utf8.count <= 128, hb_feature_from_string(text, Int32(text.utf8.count), &feature) != 0 else { return nil }
        self.text = text
        self.value = feature
    }

    /// Equal when their text is.
    public static func == (a: FontFeature, b: FontFeature) -> Bool { a.text == b.text }
    /// Hashes the setting's text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

extension FontStack {
    /// Shapes `text` with HarfBuzz: script and language are guessed from the text; kerning (GPOS
    /// or the legacy `kern` table), ligatures and mark positioning are on by default. Text the
    /// primary font cannot draw is shaped with fallback fonts, one run per font, each run seeing
    /// the whole text as context.
    ///
    /// With `bidi` (the default), text holding right-to-left characters is split into the
    /// Unicode Bidirectional Algorithm's level runs (FriBiDi; the paragraph direction is that of
    /// the first strong character), each run shaped in its own direction, and the runs put in
    /// visual order: glyphs come left to right as they are drawn. Without it, HarfBuzz guesses
    /// one direction per font run. Results are cached per process, keyed by stack, text,
    /// features and `bidi`, except for fonts opened from memory (`Font.open(bytes:)`), which are
    /// not cached either: a caller that opens many such fonts keeps none of them alive.
    ///
    /// With `orientation` `.upright`, the text is vertical writing (see `GlyphOrientation`):
    /// characters that stand upright are shaped top to bottom (HarfBuzz's TTB direction, which
    /// applies the font's `vert` and `vrt2` forms and its vertical metrics), the rest shaped as
    /// horizontal text to lie sideways; the glyphs come in logical order, top to bottom.
    public func shape(_ text: String, features: [FontFeature] = [], bidi: Bool = true,
                      orientation: GlyphOrientation = .sideways) -> ShapedRun {
        if primary.isFromMemory || fallbacks.contains(where: \.isFromMemory) {
            return shapeUncached(text, features: features, bidi: bidi, orientation: orientation)
        }
        let key = ShapedRunCache.Key(
            fonts: [primary.id] + fallbacks.map(\.id), pattern: fallbackPattern, text: text,
            features: features.map(\.text), bidi: bidi, orientation: orientation)
        if let known = ShapedRunCache.run(for: key) { return known }
        let run = shapeUncached(text, features: features, bidi: bidi, orientation: orientation)
        ShapedRunCache.store(run, for: key)
        return run
    }

    private func shapeUncached(_ text: String, features: [FontFeature], bidi: Bool, orientation: GlyphOrientation) -> ShapedRun {
        guard orientation == .upright else { return shapeRun(text, features: features, bidi: bidi) }
        // Vertical writing: the text in pieces that stand upright or lie sideways, each shaped
        // as such, put one after the other down the line (logical order).
        var glyphs: [ShapedGlyph] = []
        var fonts: [Font] = [primary]
        var missing: [Unicode.Scalar] = []
        var offset = 0
        for piece in verticalPieces(of: text, features: features) {
            let run = piece.upright
                ? shapeRun(piece.text, features: features, bidi: false, topToBottom: true)
                : shapeRun(piece.text, features: features, bidi: bidi)
            let fontIndices = run.fonts.map { font in
                if let known = fonts.firstIndex(where: { $0 === font }) { return known }
                fonts.append(font)
                return fonts.count - 1
            }
            for var g in run.glyphs {
                g.cluster += offset
                g.font = fontIndices[g.font]
                glyphs.append(g)
            }
            missing += run.missing.filter { !missing.contains($0) }
            offset += piece.text.utf8.count
        }
        return ShapedRun(text: text, fonts: fonts, glyphs: glyphs, missing: missing, vertical: true)
    }

    /// `text` cut where its characters turn from standing upright to lying sideways in
    /// vertical writing, by their Vertical_Orientation (a character of value Tr stands upright
    /// where the font that draws it has a vertical form for it, which shaping top to bottom
    /// reveals as another glyph).
    private func verticalPieces(of text: String, features: [FontFeature]) -> [(text: String, upright: Bool)] {
        var pieces: [(text: String, upright: Bool)] = []
        for character in text {
            let first = character.unicodeScalars.first.map(VerticalOrientation.init(of:)) ?? .rotated
            var upright = first.standsUpright
            if first == .transformedRotated {
                let alone = String(character)
                let across = shapeRun(alone, features: features, bidi: false).glyphs.map(\.glyph)
                let down = shapeRun(alone, features: features, bidi: false, topToBottom: true).glyphs.map(\.glyph)
                upright = across != down
            }
            if let last = pieces.last, last.upright == upright {
                pieces[pieces.count - 1].text.append(character)
            } else {
                pieces.append((String(character), upright))
            }
        }
        return pieces
    }

    /// Shapes `text` as one run: horizontally (bidi as `shape` says), or, `topToBottom`, every
    /// glyph upright in HarfBuzz's top-to-bottom direction.
    private func shapeRun(_ text: String, features: [FontFeature], bidi: Bool, topToBottom: Bool = false) -> ShapedRun {
        let utf8 = Array(text.utf8)
        // Segment into (font, UTF-8 range) runs by grapheme cluster.
        var runs: [(font: Font, start: Int, end: Int)] = []
        var missing: [Unicode.Scalar] = []
        var missingSeen = Set<Unicode.Scalar>()
        var offset = 0
        let coveredByPrimary = text.unicodeScalars.allSatisfy { primary.covers($0) }
        if coveredByPrimary {
            runs = [(primary, 0, utf8.count)]
        } else {
            let characters = Array(text)
            var chosen = characters.map { self.font(for: $0) }
            // Spaces and punctuation belong to every script: as in browsers, they take the
            // primary font when it has them ("🚀 shipped" spaces in the text's font, not the
            // emoji font's 25 px space), except between two characters of one fallback font
            // that has them, where they stay in its run: a right-to-left phrase in a fallback
            // font then shapes as one run.
            var i = 0
            while i < characters.count {
                guard characters[i].isDirectionNeutral, chosen[i] === primary else { i += 1; continue }
                var end = i
                while end < characters.count && characters[end].isDirectionNeutral && chosen[end] === primary { end += 1 }
                if i > 0, end < characters.count, let before = chosen[i - 1], before !== primary, chosen[end] === before,
                   characters[i..<end].allSatisfy({ $0.unicodeScalars.allSatisfy(before.covers) }) {
                    for k in i..<end { chosen[k] = before }
                }
                i = end
            }
            for (character, font) in zip(characters, chosen) {
                let length = character.utf8.count
                if font == nil {
                    missing.append(contentsOf: character.unicodeScalars.filter { !primary.covers($0) && missingSeen.insert($0).inserted })
                }
                let used = font ?? primary
                if let last = runs.last, last.font === used {
                    runs[runs.count - 1].end = offset + length
                } else {
                    runs.append((used, offset, offset + length))
                }
                offset += length
            }
        }

        // Split the font runs where the bidi level changes; `nil` levels: one guessed direction.
        var items: [(font: Font, start: Int, end: Int, level: UInt8?)] = []
        if bidi, !topToBottom, let levels = BidiLevels.byByte(of: text) {
            for run in runs {
                var start = run.start
                for i in run.start..<run.end where i > start && levels[i] != levels[i - 1] {
                    items.append((run.font, start, i, levels[start]))
                    start = i
                }
                items.append((run.font, start, run.end, levels[start]))
            }
        } else {
            items = runs.map { ($0.font, $0.start, $0.end, nil) }
        }

        var fonts: [Font] = [primary]
        var shapedItems: [[ShapedGlyph]] = []
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let hbFeatures = features.map(\.value)
        for item in items {
            let font = item.font
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
                    // HarfBuzz counts in 32 bits; callers bound text far below that (16 KiB).
                    hb_buffer_add_utf8(buffer, chars, Int32(clamping: bytes.count), UInt32(clamping: item.start),
                                       Int32(clamping: item.end - item.start))
                }
            }
            if topToBottom {
                hb_buffer_set_direction(buffer, HB_DIRECTION_TTB)
            } else if let level = item.level {
                hb_buffer_set_direction(buffer, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            }
            hb_buffer_guess_segment_properties(buffer)
            hbFeatures.withUnsafeBufferPointer { f in
                hb_shape(font.hbFont, buffer, f.baseAddress, UInt32(clamping: f.count))
            }
            var count: UInt32 = 0
            var glyphs: [ShapedGlyph] = []
            if let infos = hb_buffer_get_glyph_infos(buffer, &count),
               let positions = hb_buffer_get_glyph_positions(buffer, &count) {
                glyphs.reserveCapacity(Int(count))
                for i in 0..<Int(count) {
                    // Top to bottom, HarfBuzz's y advance is negative (y up): the line's length
                    // is its opposite.
                    glyphs.append(ShapedGlyph(
                        glyph: infos[i].codepoint, font: fontIndex, cluster: Int(infos[i].cluster),
                        advance: topToBottom ? -Double(positions[i].y_advance) : Double(positions[i].x_advance),
                        xOffset: Double(positions[i].x_offset), yOffset: Double(positions[i].y_offset),
                        upright: topToBottom))
                }
            }
            shapedItems.append(glyphs)
        }
        let order = BidiLevels.visualOrder(items.map { $0.level ?? 0 })
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(utf8.count)
        for i in order { glyphs += shapedItems[i] }
        return ShapedRun(text: text, fonts: fonts, glyphs: glyphs, missing: missing)
    }
}

/// The Unicode Bidirectional Algorithm through FriBiDi.
enum BidiLevels {
    /// The resolved embedding level of each UTF-8 byte of `text` (a character's level on each of
    /// its bytes), or `nil` when every level is 0: text with nothing right to left.
    /// Without FriBiDi (`BidiParagraph.loadFriBiDi()`, which the effects check first), `nil`:
    /// HarfBuzz then guesses each run's direction.
    static func byByte(of text: String) -> [UInt8]? {
        // Plain text skips FriBiDi.
        guard BidiParagraph.mayRunRightToLeft(text) else { return nil }
        guard let paragraph = BidiParagraph(text.unicodeScalars.map(\.value)),
              paragraph.levels.contains(where: { $0 != 0 }) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for (scalar, level) in zip(text.unicodeScalars, paragraph.levels) {
            bytes.append(contentsOf: repeatElement(level, count: UTF8.width(scalar)))
        }
        return bytes
    }

    /// The visual order of runs with these levels (rule L2): from the highest level down to the
    /// lowest odd one, every maximal sequence of runs at that level or higher is reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? highest
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}

/// One paragraph under the Unicode Bidirectional Algorithm (UAX #9), through FriBiDi: the
/// resolved embedding level of every character (rules P2–I2, and L1 for separators), and the
/// visual order of any line of it (L1's trailing white space, L2).
public struct BidiParagraph: Sendable {
    /// The paragraph direction to use: from the first strong character (P2–P3), or given.
    public enum Direction: Sendable {
        /// From the first strong character (Unicode's rule P2–P3); left to right when there is
        /// none.
        case auto, leftToRight, rightToLeft
    }

    /// Each character's resolved level, in logical order; odd levels run right to left.
    public let levels: [UInt8]
    /// The paragraph's level: 0 left to right, 1 right to left.
    public let paragraphLevel: UInt8
    private let types: [FriBidiCharType]

    /// Resolves `scalars` (Unicode scalar values, logical order); `nil` only if FriBiDi fails
    /// (out of memory) or cannot be loaded (`BidiParagraph.loadFriBiDi()` says why).
    public init?(_ scalars: [UInt32], direction: Direction = .auto) {
        self.init(scalars, direction: direction, throughFriBiDi: false)
    }

    /// `init(_:direction:)`; `throughFriBiDi` asks FriBiDi even where the fast path knows the
    /// answer (tests compare the two).
    package init?(_ scalars: [UInt32], direction: Direction, throughFriBiDi: Bool) {
        let count = scalars.count
        // Nothing below U+0590 (Hebrew) is strong right to left, an Arabic number or a bidi
        // control: in a paragraph that is not right to left, every character resolves to level
        // 0 (European numbers take the L before them, W7; neutrals the level around them, N1–N2),
        // so FriBiDi is neither asked nor loaded.
        if !throughFriBiDi, direction != .rightToLeft, !scalars.contains(where: { $0 >= 0x0590 }) {
            self.types = []
            self.levels = [UInt8](repeating: 0, count: count)
            self.paragraphLevel = 0
            return
        }
        guard ct_fribidi_available() != 0 else { return nil }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var base: FriBidiParType
        switch direction {
        case .auto: base = curvetype_fribidi_par_on()
        case .leftToRight: base = curvetype_fribidi_par_ltr()
        case .rightToLeft: base = curvetype_fribidi_par_rtl()
        }
        let length = FriBidiStrIndex(clamping: count)
        guard Int(length) == count else { return nil }
        ct_fribidi_get_bidi_types(scalars, length, &types)
        ct_fribidi_get_bracket_types(scalars, length, types, &brackets)
        if count > 0 {
            guard ct_fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &levels) != 0 else { return nil }
        }
        self.types = types
        self.levels = levels.map { UInt8(bitPattern: $0) }
        self.paragraphLevel = base == curvetype_fribidi_par_rtl() ? 1 : 0
    }

    /// Whether `text` may run right to left: whether it has a character at or above U+0590
    /// (Hebrew), below which nothing is strong right to left. A scan of its UTF-8 bytes in place:
    /// such a character starts with a byte of 0xD6 or more (as do U+0580–U+058F, which cost a
    /// look and no more).
    public static func mayRunRightToLeft(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains { $0 >= 0xD6 } } ?? text.utf8.contains { $0 >= 0xD6 }
    }

    /// Loads FriBiDi (on first use: see CFriBiDi/shim.h), or says it cannot be: text with
    /// right-to-left characters needs it.
    public static func loadFriBiDi() throws(FontError) {
        guard ct_fribidi_available() != 0 else {
            throw .cCallFailed(function: "dlopen", code: 0, reason: "cannot load libfribidi.so.0, which orders right-to-left text (install FriBiDi)")
        }
    }

    /// Whether any character runs right to left: otherwise every line's visual order is its
    /// logical order.
    public var hasRightToLeft: Bool { levels.contains { $0 & 1 == 1 } }

    /// The characters of `line` (logical indices into the paragraph) from left to right as
    /// drawn: trailing white space takes the paragraph's level (L1), then every run at or above
    /// each odd level is reversed (L2). Marks stay after their base (no L3).
    public func visualOrder(line: Range<Int>) -> [Int] { self.line(line).order }

    /// The line's levels after L1 (trailing white space at the paragraph's level), in logical
    /// order, and its characters in visual order (logical indices into the paragraph).
    public func line(_ line: Range<Int>) -> (levels: [UInt8], order: [Int]) {
        let line = line.clamped(to: 0..<levels.count)
        guard !line.isEmpty else { return ([], []) }
        // All at level 0 in a left-to-right paragraph: L1 changes nothing, L2 reverses nothing.
        if paragraphLevel == 0 && !levels.contains(where: { $0 != 0 }) { return (Array(levels[line]), Array(line)) }
        var map = (0..<levels.count).map { FriBidiStrIndex(truncatingIfNeeded: $0) }
        var lineLevels = levels.map { FriBidiLevel(bitPattern: $0) }
        let base: FriBidiParType = paragraphLevel == 1 ? curvetype_fribidi_par_rtl() : curvetype_fribidi_par_ltr()
        let ok = ct_fribidi_reorder_line(0, types, FriBidiStrIndex(truncatingIfNeeded: line.count),
                                      FriBidiStrIndex(truncatingIfNeeded: line.lowerBound), base,
                                      &lineLevels, nil, &map)
        guard ok != 0 else { return (Array(levels[line]), Array(line)) }
        return (lineLevels[line].map { UInt8(bitPattern: $0) }, map[line].map { Int($0) })
    }
}

/// Shaped runs by stack, text and features, shared by every caller in the process: a build
/// script's badges repeat labels ("build", "coverage") and messages ("passing").
enum ShapedRunCache {
    struct Key: Hashable {
        var fonts: [Int]
        var pattern: String?
        var text: String
        var features: [String]
        var bidi: Bool
        var orientation: GlyphOrientation
    }

    /// Entries kept before the cache starts over: bounds memory for a process that shapes
    /// millions of distinct texts.
    private static let capacity = 16_384
    /// The first runs a process shapes, searched in order; a dictionary only from the 17th on,
    /// so a one-document process never makes one (see `RecentCache` for why).
    private static let firstRuns = 16
    private static let runs = Mutex((first: [(key: Key, run: ShapedRun)](), more: [Key: ShapedRun]()))

    static func run(for key: Key) -> ShapedRun? {
        runs.withLock { cache in
            cache.first.first { $0.key == key }?.run ?? (cache.more.isEmpty ? nil : cache.more[key])
        }
    }

    static func store(_ run: ShapedRun, for key: Key) {
        runs.withLock { cache in
            if cache.first.count < firstRuns {
                cache.first.append((key, run))
                return
            }
            if cache.more.count >= capacity { cache.more.removeAll(keepingCapacity: true) }
            cache.more[key] = run
        }
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
