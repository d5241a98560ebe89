import CurveType

/// A shields-style badge address, `/badge/<label>-<message>-<color>[.svg]`, read as shields
/// reads it, so links written for img.shields.io work unchanged.
///
/// The content is split on single dashes by shields' own pattern (a label is optional, so
/// `/badge/<message>-<color>` gives a message-only badge); each part is then percent-decoded
/// and the label and message unescaped: `_` is a space, `__` an underscore, `--` a dash.
/// `%20` is a space too, as any percent escape is its character.
public struct BadgeURL: Sendable, Equatable {
    /// Empty for a message-only badge.
    public var label: String
    public var message: String
    public var color: String

    /// shields' route (services/static-badge): a lazy label and an optional dash, a message,
    /// then a colour that holds no dot (so `.svg` can follow). `--` is a dash inside a part.
    /// Swift's `Regex` backtracks as JavaScript's does, so ambiguous contents (`a---b-c`) split
    /// as on shields.
    nonisolated(unsafe) private static let pattern = #/((?:[^-]|--)*?)-?((?:[^-]|--)*)-((?:[^-.]|--)+)/#

    /// Reads `content`, the path after `/badge/` as it came (still percent-encoded), with or
    /// without `.svg`. `nil` if it is not `[label-]message-color`.
    public init?(content: Substring) {
        var content = content
        if content.hasSuffix(".svg") { content = content.dropLast(4) }
        guard let match = try? Self.pattern.wholeMatch(in: content),
              let label = PercentDecoding.decode(match.output.1),
              let message = PercentDecoding.decode(match.output.2),
              let color = PercentDecoding.decode(match.output.3) else { return nil }
        self.label = Self.unescaped(label)
        self.message = Self.unescaped(message)
        // shields unescapes the label and message only; a colour is taken as it is.
        self.color = color
    }

    /// shields' `escapeFormat` (core/badge-urls/path-helpers.js): an underscore with no
    /// underscore beside it becomes a space (unless it is the whole text); then `__` becomes `_`
    /// and `--` becomes `-`, each pair taken left to right.
    static func unescaped(_ text: String) -> String {
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
enum PercentDecoding {
    /// `text` with each `%XX` turned into its byte; with `plusIsSpace`, `+` is a space, as an
    /// HTML form writes a query.
    static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
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
    /// values decoded; `nil` if any is not valid percent-encoded UTF-8.
    static func queryItems(_ query: Substring) -> [(name: String, value: String)]? {
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
            guard let decodedName = decode(name, plusIsSpace: true), let decodedValue = decode(value, plusIsSpace: true) else { return nil }
            items.append((decodedName, decodedValue))
        }
        return items
    }
}
