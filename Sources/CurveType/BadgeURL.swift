
/// A shields-style badge address, `/badge/<label>-<message>-<color>[.svg]`, read as shields
/// reads it, so links written for img.shields.io work unchanged.
///
/// shields decodes the whole address before splitting it (`%2D` splits like `-`, and `/` is text
/// in a field), then splits it by its route's pattern
/// `((?:[^-]|--)*?)-?((?:[^-]|--)*)-((?:[^-.]|--)+)`: a lazy label and an optional dash, a
/// message, then a colour that holds no dot (so `.svg` can follow). `--` is a dash inside a part.
/// The label and message are then unescaped: `_` is a space, `__` an underscore, `--` a dash.
public struct BadgeURL: Sendable, Equatable {
    /// Empty for a message-only badge.
    public var label: String
    /// The right half's text; may be empty.
    public var message: String
    /// The colour as written (shields' names, hex, CSS); checked later.
    public var color: String
    /// The format the address ends in (`.svg`, `.png`, `.pdf`), if any.
    public var format: OutputFormat?

    /// A badge of these parts, as an address would give them (unescaped).
    public init(label: String, message: String, color: String, format: OutputFormat? = nil) {
        self.label = label
        self.message = message
        self.color = color
        self.format = format
    }

    /// Reads `content`, the path after `/badge/` as it came (still percent-encoded), with or
    /// without `.svg`. `nil` if it is not valid percent-encoded UTF-8 or not
    /// `[label-]message-color`; `.svg`, `.png` or `.pdf` at the end names the format. Linear in the length, whatever the dashes.
    public init?(content: Substring) {
        guard let decoded = PercentDecoding.decode(content) else { return nil }
        let (text, format) = OutputFormat.splitting(Substring(decoded))
        self.format = format
        guard let split = Self.split(Array(text.utf8)) else { return nil }
        let bytes = Array(text.utf8)
        func part(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        label = Self.unescaped(part(split.label))
        message = Self.unescaped(part(split.message))
        // shields unescapes the label and message only; a colour is taken as it is.
        color = part(split.color)
    }

    /// The three parts of `s` as the route's pattern matches them, found without backtracking.
    ///
    /// Why by hand: Swift's `Regex` backtracks as JavaScript's does, and on this pattern that
    /// takes time growing faster than the square of the length (8 KB of one letter: 7 s).
    /// Every part is a run of tokens, a character that is not `-` or the pair `--`, so from any
    /// position the tokens are read one way only, and the positions a run can reach form a
    /// chain. The regex's choices then come down to: the label, the shortest reachable end that
    /// lets the rest match (lazy `*?`); the optional dash taken if that works (greedy `?`); the
    /// message, the farthest reachable end followed by `-` and a colour to the end (greedy
    /// `*`). Both are read off arrays filled from the right, so the whole split is linear.
    public static func split(_ s: [UInt8]) -> (label: Range<Int>, message: Range<Int>, color: Range<Int>)? {
        let n = s.count
        let dash = UInt8(ascii: "-"), dot = UInt8(ascii: ".")
        /// The end of the token at `p` in a label or message, if one starts there.
        func next(_ p: Int) -> Int? {
            guard p < n else { return nil }
            if s[p] != dash { return p + 1 }
            return p + 1 < n && s[p + 1] == dash ? p + 2 : nil
        }
        // colorToEnd[p]: s[p..<n] is colour tokens (no lone `-`, no `.`), possibly none.
        var colorToEnd = [Bool](repeating: false, count: n + 1)
        colorToEnd[n] = true
        if n > 0 {
            for p in stride(from: n - 1, through: 0, by: -1) {
                if s[p] == dash {
                    colorToEnd[p] = p + 1 < n && s[p + 1] == dash && colorToEnd[p + 2]
                } else {
                    colorToEnd[p] = s[p] != dot && colorToEnd[p + 1]
                }
            }
        }
        /// Whether the message may end at `b`: a `-` there, then a colour of one token or more.
        func endsMessage(_ b: Int) -> Bool { b + 1 < n && s[b] == dash && colorToEnd[b + 1] }
        // farthest[p]: the farthest message end reachable from p that `endsMessage`, if any.
        var farthest = [Int?](repeating: nil, count: n + 1)
        for p in stride(from: n, through: 0, by: -1) {
            let beyond = next(p).flatMap { farthest[$0] }
            farthest[p] = beyond ?? (endsMessage(p) ? p : nil)
        }
        // The label: ends reachable from 0, shortest first.
        var labelEnd: Int? = 0
        while let q = labelEnd {
            if q < n, s[q] == dash, let b = farthest[q + 1] { return (0..<q, (q + 1)..<b, (b + 1)..<n) }
            if let b = farthest[q] { return (0..<q, q..<b, (b + 1)..<n) }
            labelEnd = next(q)
        }
        return nil
    }

    /// shields' `escapeFormat` (core/badge-urls/path-helpers.js): an underscore with no
    /// underscore beside it becomes a space (unless it is the whole text); then `__` becomes `_`
    /// and `--` becomes `-`, each pair taken left to right.
    public static func unescaped(_ text: String) -> String {
        let characters = Array(text)
        var spaced: [Character] = []
        spaced.reserveCapacity(characters.count)
        for (index, character) in characters.enumerated() {
            let lone = character == "_" && characters.count > 1
                && (index == 0 || characters[index - 1] != "_")
                && (index == characters.count - 1 || characters[index + 1] != "_")
            spaced.append(lone ? " " : character)
        }
        return String(collapsingPairs(of: "-", in: collapsingPairs(of: "_", in: spaced)))
    }

    /// `text` with each `cc` (left to right, not overlapping) made one `c`.
    private static func collapsingPairs(of pair: Character, in text: [Character]) -> [Character] {
        var out: [Character] = []
        out.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            out.append(text[index])
            index += text[index] == pair && index + 1 < text.count && text[index + 1] == pair ? 2 : 1
        }
        return out
    }
}

/// Percent-decoding of URL parts, strict: a `%` not followed by two hex digits, or bytes that
/// are not UTF-8, make the part unreadable (`nil`) rather than silently kept.
public enum PercentDecoding {
    /// `text` with each `%XX` turned into its byte; with `plusIsSpace`, `+` is a space, as an
    /// HTML form writes a query.
    /// With `keepingStrayPercents`, a `%` not followed by two hex digits is kept as it is, as
    /// Node's `querystring` and WHATWG's URL parser keep it, where by default it makes the text
    /// invalid.
    public static func decode(_ text: Substring, plusIsSpace: Bool = false, keepingStrayPercents: Bool = false) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 2 <= utf8.count, let high = hexValue(utf8[index]), let low = hexValue(utf8[index + 1]) else {
                    guard keepingStrayPercents else { return nil }
                    bytes.append(byte)
                    continue
                }
                bytes.append(high << 4 | low)
                index += 2
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A query string's items in order (`a=1&b=&c` gives `a` "1", `b` "", `c` ""), names and
    /// values decoded; `nil` if any is not valid percent-encoded UTF-8 (a stray `%` kept, with
    /// `keepingStrayPercents`).
    public static func queryItems(_ query: Substring, keepingStrayPercents: Bool = false) -> [(name: String, value: String)]? {
        var items: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring, value: Substring
            if let equals = pair.firstIndex(of: "=") {
                name = pair[..<equals]
                value = pair[pair.index(after: equals)...]
            } else {
                name = pair
                value = ""
            }
            guard let decodedName = decode(name, plusIsSpace: true, keepingStrayPercents: keepingStrayPercents),
                  let decodedValue = decode(value, plusIsSpace: true, keepingStrayPercents: keepingStrayPercents) else { return nil }
            items.append((decodedName, decodedValue))
        }
        return items
    }
}
