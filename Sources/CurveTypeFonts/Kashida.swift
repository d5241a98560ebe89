import CHarfBuzz
import CLineBreaks

/// Kashida: Arabic words stretched by tatweels (U+0640, ARABIC TATWEEL) inserted where two
/// letters join, so that a line is filled without tearing a word or widening its gaps alone.
///
/// Where a tatweel may go, and which place is best, follows the rules Microsoft documented for
/// justifying Arabic (and that Khaled Hosny's raqim-kashida and the W3C's Arabic Layout
/// Requirements, alreq, describe), from strongest to weakest: (1) at a tatweel already typed;
/// (2) after an initial or medial Seen or Sad; (3) before a final Heh, Teh Marbuta or Dal;
/// (4) before a final Alef, Tah, Lam, Kaf or Gaf, never inside Lam-Alef, which is one ligature;
/// (5) before a medial Beh followed by a final Reh or Yeh; (6) before a final Waw, Ain, Qaf or
/// Feh; (7) before any other final letter. Letters' joining types and groups are Unicode's
/// (ArabicShaping.txt, from ICU). Each word is stretched at its one best place, the rules'
/// strongest: many tatweels at one join read as one long stroke, where one at every join
/// would read as a stutter.
public enum Kashida {
    /// The tatweel.
    public static let tatweel: Unicode.Scalar = "\u{0640}"

    /// A place in a word where tatweels may go.
    public struct Place: Sendable, Equatable {
        /// The UTF-8 offset in the text to insert at: the start of the letter after the join
        /// (marks stay on the letter before it).
        public var offset: Int
        /// The word's number, counting the text's Arabic words from 0.
        public var word: Int
        /// 9 strongest (a tatweel typed) down to 3 (before any final letter), as the rules list.
        public var priority: Int
    }

    /// `scalar`'s Unicode Joining_Type as its letter (U, C, D, L, R, T; U where ICU cannot be
    /// loaded) and its Joining_Group as the rules class it: 1 Seen or Sad; 2 Heh, Teh Marbuta
    /// or Dal; 3 Tah, Kaf or Gaf; 4 Beh; 5 Reh or Yeh; 6 Waw, Ain, Qaf or Feh; 7 Lam; 8 Alef;
    /// 0 any other.
    static func joining(of scalar: Unicode.Scalar) -> (type: Unicode.Scalar, group: Int) {
        var group: Int32 = 0
        let type = curvetype_joining(scalar.value, &group)
        return (type > 0 ? Unicode.Scalar(UInt8(truncatingIfNeeded: type)) : "U", Int(group))
    }

    /// Each Arabic word's best place (the strongest; the last among equals), in order: a word
    /// with no two letters that join has none.
    public static func places(in text: String) -> [Place] {
        // The letters (marks, which are transparent, left out), with their joining.
        struct Letter { var scalar: Unicode.Scalar; var offset: Int; var type: Int32; var group: Int32; var arabic: Bool }
        var letters: [Letter] = []
        var offset = 0
        let unicode = hb_unicode_funcs_get_default()
        for scalar in text.unicodeScalars {
            defer { offset += UTF8.width(scalar) }
            var group: Int32 = 0
            let type = scalar.value < 0x0600 ? Int32(UInt8(ascii: "U")) : curvetype_joining(scalar.value, &group)
            if type == Int32(UInt8(ascii: "T")) { continue }
            // Only Arabic joins take tatweels (the tatweel is Arabic's, though Unicode gives it
            // to no one script).
            let arabic = scalar == tatweel || hb_unicode_script(unicode, scalar.value) == HB_SCRIPT_ARABIC
            letters.append(Letter(scalar: scalar, offset: offset, type: arabic ? type : Int32(UInt8(ascii: "U")), group: group,
                                  arabic: arabic && (scalar.properties.isAlphabetic || scalar == tatweel)))
        }
        func joinsNext(_ l: Letter) -> Bool { [UInt8(ascii: "D"), UInt8(ascii: "L"), UInt8(ascii: "C")].contains(UInt8(truncatingIfNeeded: l.type)) }
        func joinsPrevious(_ l: Letter) -> Bool { [UInt8(ascii: "D"), UInt8(ascii: "R"), UInt8(ascii: "C")].contains(UInt8(truncatingIfNeeded: l.type)) }
        func joined(_ i: Int) -> Bool { i + 1 < letters.count && joinsNext(letters[i]) && joinsPrevious(letters[i + 1]) }

        // A word: Arabic letters one after another (a space, a digit, punctuation or another
        // script ends it); a letter that joins neither side (Alef, Dal, Reh, Waw…) stays in its word.
        func arabic(_ l: Letter) -> Bool { l.arabic }
        var best: [Place] = []
        var word = 0
        var i = 0
        while i < letters.count {
            guard arabic(letters[i]) else { i += 1; continue }
            var end = i
            while end + 1 < letters.count && arabic(letters[end + 1]) { end += 1 }
            var chosen: Place?
            for k in i..<end where joined(k) {
                let a = letters[k], b = letters[k + 1]
                let bFinal = !joined(k + 1)
                let lamAlef = a.group == 7 && b.group == 8
                var priority = 0
                if a.scalar == tatweel || b.scalar == tatweel {
                    priority = 9
                } else if a.group == 1 {
                    priority = 8
                } else if bFinal && b.group == 2 {
                    priority = 7
                } else if bFinal && [3, 7, 8].contains(b.group) && !lamAlef {
                    priority = 6
                } else if !bFinal && b.group == 4 && k + 2 <= end && !joined(k + 2) && letters[k + 2].group == 5 {
                    priority = 5
                } else if bFinal && b.group == 6 {
                    priority = 4
                } else if bFinal && !lamAlef {
                    priority = 3
                }
                // Among equals the last: the stroke stretched nearest the word's end.
                if priority > 0 && priority >= (chosen?.priority ?? 0) {
                    chosen = Place(offset: b.offset, word: word, priority: priority)
                }
            }
            if let chosen { best.append(chosen) }
            word += 1
            i = end + 1
        }
        return best
    }

    /// The UTF-8 ranges of the tatweels `stretching(text, at: places, count: count)` inserts,
    /// in its text, in order.
    public static func insertedRanges(at places: [Place], count: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let width = count * String(tatweel).utf8.count
        return places.map(\.offset).sorted().enumerated().map { k, offset in offset + k * width..<offset + (k + 1) * width }
    }

    /// `text` with `count` tatweels at each of `places`.
    public static func stretching(_ text: String, at places: [Place], count: Int) -> String {
        guard count > 0, !places.isEmpty else { return text }
        var bytes = Array(text.utf8)
        let inserted = Array(String(repeating: String(tatweel), count: count).utf8)
        for place in places.sorted(by: { $0.offset > $1.offset }) {
            bytes.insert(contentsOf: inserted, at: place.offset)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
