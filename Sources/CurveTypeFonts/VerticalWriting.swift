import CLineBreaks

/// Which way glyphs stand to the line they run along (on a curve, the curve).
public enum GlyphOrientation: String, Sendable, CaseIterable {
    /// Horizontal writing: every glyph lies along the line, its baseline on it. On a ring,
    /// Mongolian and every horizontal script read along the curve as they are written.
    case sideways
    /// Vertical writing, as CSS's `writing-mode: vertical-rl` with `text-orientation: mixed`
    /// sets it: the line runs down through each glyph's middle. Characters that stand upright
    /// in vertical text (Unicode's Vertical_Orientation U and Tu: ideographs, kana, Hangul,
    /// most symbols; Tr where the font has a vertical form, such as brackets and the long-vowel
    /// mark) stand upright in the font's vertical forms (`vert`, `vrt2`) and vertical advances;
    /// the rest (Latin, Arabic, Mongolian, digits, spaces) lie sideways, centred on the line.
    case upright

    /// The `--orientation` option's help, the same in every command that takes it.
    public static let help = "sideways: glyphs lie along the curve (horizontal writing); upright: vertical writing down the curve, CJK standing upright in the font's vertical forms, Latin, Arabic and Mongolian sideways (CSS text-orientation: mixed)."
}

/// Unicode's Vertical_Orientation property (UAX #50): how a character stands in vertical text.
public enum VerticalOrientation: Sendable, Equatable {
    /// R: turned 90° clockwise, as horizontal text turned (Latin, Arabic, Mongolian).
    case rotated
    /// Tr: a vertical form where the font has one, else turned (brackets, the long-vowel mark).
    case transformedRotated
    /// Tu: a vertical form where the font has one, else upright (small kana, CJK punctuation).
    case transformedUpright
    /// U: upright (ideographs, kana, Hangul).
    case upright

    /// `scalar`'s value, from ICU (loaded when first asked, as for line breaks); `.rotated`
    /// where ICU cannot be loaded. Characters below U+00A7 are rotated without a lookup.
    public init(of scalar: Unicode.Scalar) {
        if scalar.value < 0xA7 { self = .rotated; return }
        switch curvetype_vertical_orientation(scalar.value) {
        case 1: self = .transformedRotated
        case 2: self = .transformedUpright
        case 3: self = .upright
        default: self = .rotated
        }
    }

    /// Whether a character of this value stands upright in vertical text without asking the
    /// font (U, Tu); Tr stands upright only in a vertical form.
    var standsUpright: Bool { self == .upright || self == .transformedUpright }
}

extension VerticalOrientation {
    /// Loads ICU (on first use), or says it cannot be: Unicode's vertical orientations and
    /// joining types (for vertical writing and kashida) come from it.
    public static func loadICU() throws(FontError) {
        guard curvetype_icu_available() != 0 else {
            throw .cCallFailed(function: "dlopen", code: 0, reason: "cannot load libicuuc, whose Unicode data says which characters stand upright in vertical writing and where Arabic letters join (install ICU)")
        }
    }
}

extension GlyphOrientation {
    /// The letters and digits of `text` that lie sideways under `.upright` (Vertical_Orientation
    /// R: Latin, Arabic, Mongolian, …), each once in the order they first appear: what a
    /// request for upright text should be told. Spaces and punctuation are left out.
    public static func sidewaysLetters(in text: String) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        return text.unicodeScalars.filter { scalar in
            guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { return false }
            return VerticalOrientation(of: scalar) == .rotated && seen.insert(scalar).inserted
        }
    }
}
