import CHarfBuzz

/// Writing whose letters are joined into one stroke: scripts whose letters connect (Unicode's
/// ArabicShaping.txt gives their joining types: Arabic, Syriac, N'Ko, Mongolian, Phags-pa,
/// Mandaic, Manichaean, Psalter Pahlavi, Hanifi Rohingya, Sogdian, Old Uyghur, Chorasmian,
/// Adlam) and scripts whose letters hang from one headline (Devanagari, Bengali, Gurmukhi,
/// Tirhuta, Syloti Nagri, Siddham, Nandinagari, Tibetan). A word of them is one piece of ink:
/// space added between its letters tears it (HarfBuzz's issue #64 lists these scripts as ones
/// letter-spacing must not be applied to), and glyphs turned one by one to a curve leave a
/// wedge at every join. Layout keeps such words whole; effects bend them as one. The list
/// is not all: layout also joins any word whose letters' ink touches (`inkTouches`), which
/// finds the scripts a list misses (Modi, Newa) and cursive fonts of any script; the list
/// keeps a word of these scripts together where one letter does not connect, and names the
/// scripts kashida stretches.
///
/// A character's script is HarfBuzz's (its Unicode Script property, UAX #24).
public enum JoinedWriting {
    /// The scripts, as ISO 15924 codes.
    public static let scriptCodes: [String] = [
        "Arab", "Syrc", "Nkoo", "Mong", "Phag", "Mand", "Mani", "Phlp", "Rohg", "Sogd", "Ougr", "Chrs", "Adlm",
        "Deva", "Beng", "Guru", "Tirh", "Sylo", "Sidd", "Nand", "Tibt",
    ]

    private static let scriptTags: Set<UInt32> = Set(scriptCodes.map { code in
        code.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    })

    /// How a character takes part in joined writing.
    public enum Role: Sendable, Equatable {
        /// A character of a joined script (a letter, a digit or a sign of it).
        case joined
        /// A character that joins whatever it stands between, or rides on it: combining marks,
        /// the zero-width joiner and non-joiner, the combining grapheme joiner, tatweel
        /// (U+0640) and the joining characters of N'Ko (U+07FA) and Mongolian (U+180A).
        case glue
        /// Any other character: spaces, punctuation, Latin, CJK, emoji.
        case other
    }

    /// `scalar`'s role. Characters below U+0590 (Latin, Greek, Cyrillic, Armenian) are answered
    /// without a lookup, so text of them costs nothing.
    public static func role(of scalar: Unicode.Scalar) -> Role {
        let value = scalar.value
        if value < 0x0300 { return .other }
        if value == 0x0640 || value == 0x07FA || value == 0x180A || value == 0x200C || value == 0x200D || value == 0x034F { return .glue }
        // HarfBuzz's Unicode tables, as for the script: a lookup, where the standard library's
        // general category costs several times more (a ring draws every character's).
        let unicode = hb_unicode_funcs_get_default()
        switch hb_unicode_general_category(unicode, value) {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK: return .glue
        default: break
        }
        if value < 0x0590 { return .other }
        let script = hb_unicode_script(unicode, value)
        return scriptTags.contains(script.rawValue) ? .joined : .other
    }

    /// Whether `text` holds a character of a joined script.
    public static func contains(_ text: Substring) -> Bool {
        text.unicodeScalars.contains { role(of: $0) == .joined }
    }
}
