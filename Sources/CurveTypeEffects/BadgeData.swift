import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Badge data read from local files: shields' endpoint document (what a CI job writes for
// shields' endpoint badge, https://shields.io/badges/endpoint-badge) and any JSON queried by a
// JSONPath subset (shields' dynamic JSON badge). No network: the bytes are the caller's.

/// A JSON value, as JavaScript's `JSON.parse` reads it (`parse(_:what:)`).
public indirect enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The most bytes of a JSON file a badge reads.
    public static let maximumBytes = 1 << 20

    /// Reads one JSON value through a `Decoder` (numbers as `Double`; an object's keys sorted,
    /// as a decoder gives no order).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null } else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else {
            var object = JSONObject()
            for (key, value) in try container.decode([String: JSONValue].self).sorted(by: { $0.key < $1.key }) { object[key] = value }
            self = .object(object)
        }
    }

    /// `bytes` read as one JSON document, as JavaScript's `JSON.parse` reads it (shields' way:
    /// a key given twice keeps its last value); `what` names it in the error ("the endpoint
    /// file badge.json"), which says the line and column. `limit`: the most bytes read (a
    /// badge's `maximumBytes` unless the caller bounds the bytes otherwise).
    public static func parse(_ bytes: [UInt8], what: String, limit: Int = maximumBytes) throws(CurveTypeError) -> JSONValue {
        guard bytes.count <= limit else {
            throw .invalidInput("\(what) is larger than \(InputBytes.describe(bytes: limit)), the most read")
        }
        switch JSONReader.read(bytes) {
        case .success(let value): return value
        case .failure(let error):
            throw .invalidInput("\(what): it is not valid JSON (line \(error.line), column \(error.column): \(error.reason))")
        }
    }

    /// The value as a badge writes it: a string as it is, a number as JavaScript's `String()`
    /// writes it (shields' way: 97.3, 42, 1e+21), true, false or null; `nil` for an array or
    /// an object.
    public var badgeText: String? {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .string(let text): text
        case .number(let value): Self.javaScriptText(value)
        case .array, .object: nil
        }
    }

    /// JavaScript's `Number.prototype.toString()` (ECMA-262, Number::toString): the shortest
    /// digits that round-trip (Swift's description finds them), written plain from 1e-6 to
    /// below 1e21 and with an exponent otherwise (`1e+21`, `1.5e-7`).
    static func javaScriptText(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        var text = "\(value.magnitude)"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...].filter { $0 != "+" }) ?? 0
            text = String(text[..<e])
        }
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        let whole = pieces.first.map(String.init) ?? "0"
        var digits = Array(whole + (pieces.count > 1 ? String(pieces[1]) : ""))
        var point = whole.count + exponent
        while digits.count > 1, digits.first == "0" { digits.removeFirst(); point -= 1 }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        let (k, n) = (digits.count, point)
        let sign = value < 0 ? "-" : ""
        if k <= n && n <= 21 { return sign + String(digits) + String(repeating: "0", count: n - k) }
        if 0 < n && n <= 21 { return sign + String(digits[..<n]) + "." + String(digits[n...]) }
        if -6 < n && n <= 0 { return sign + "0." + String(repeating: "0", count: -n) + String(digits) }
        let e = n - 1
        let mantissa = k == 1 ? String(digits) : String(digits[0]) + "." + String(digits[1...])
        return sign + mantissa + "e" + (e < 0 ? "-" : "+") + String(e.magnitude)
    }
}

/// A JSONPath subset, as badges query coverage and version files: `$`, then any of `.name`,
/// `['name']` (or double quotes), `[N]` (from the end when negative), `[*]` and `.*`.
/// Filters, slices and recursive descent (`..`) are refused, not guessed at.
public struct JSONQuery: Sendable, Equatable, CustomStringConvertible {
    /// One step into a value.
    public enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
        case every
    }

    /// The steps, in order.
    public let steps: [Step]
    /// The query as written.
    public let description: String

    /// The longest query read, characters.
    public static let maximumLength = 1000

    /// Reads `text`; an error says where it leaves the subset.
    public init(_ text: String) throws(CurveTypeError) {
        guard text.count <= Self.maximumLength else { throw .invalidInput("the query is longer than \(Self.maximumLength) characters") }
        description = text
        let chars = Array(text.trimmed())
        guard chars.first == "$" else { throw .invalidInput("a query starts with $ (the document), as $.coverage or $['total'][0]") }
        var steps: [Step] = []
        var i = 1
        func refuse(_ why: String) -> CurveTypeError {
            .invalidInput("the query \(Diagnostic.escaped(String(text.prefix(80)))) \(why) (this reads $, .name, ['name'], [N], [*] and .*)")
        }
        while i < chars.count {
            switch chars[i] {
            case ".":
                i += 1
                guard i < chars.count, chars[i] != "." else { throw refuse("uses .., recursive descent") }
                if chars[i] == "*" { steps.append(.every); i += 1; continue }
                let start = i
                while i < chars.count, chars[i] != ".", chars[i] != "[" { i += 1 }
                guard i > start else { throw refuse("has a . with no name after it") }
                steps.append(.key(String(chars[start..<i])))
            case "[":
                i += 1
                guard i < chars.count else { throw refuse("ends inside [ ]") }
                if chars[i] == "'" || chars[i] == "\"" {
                    let quote = chars[i]
                    i += 1
                    var name = ""
                    while i < chars.count, chars[i] != quote {
                        if chars[i] == "\\", i + 1 < chars.count { i += 1 }
                        name.append(chars[i])
                        i += 1
                    }
                    guard i + 1 < chars.count, chars[i + 1] == "]" else { throw refuse("has an unclosed ['name']") }
                    steps.append(.key(name))
                    i += 2
                } else {
                    let start = i
                    while i < chars.count, chars[i] != "]" { i += 1 }
                    guard i < chars.count else { throw refuse("has an unclosed [") }
                    let inside = String(chars[start..<i]).trimmed()
                    i += 1
                    if inside == "*" { steps.append(.every) } else if let n = Int(inside), abs(n) <= 1_000_000 { steps.append(.index(n)) } else {
                        throw refuse("has [\(Diagnostic.escaped(String(inside.prefix(40))))], which is not a whole number, * or a quoted name")
                    }
                }
            default:
                throw refuse("has \(Diagnostic.escaped(String(chars[i]))) where . or [ should be")
            }
        }
        self.steps = steps
    }

    /// Every value the query finds in `document`, in document order (an object's values in
    /// JavaScript's order of its keys, for `*`).
    public func values(in document: JSONValue) -> [JSONValue] {
        var current = [document]
        for step in steps {
            var next: [JSONValue] = []
            for value in current {
                switch (step, value) {
                case (.key(let key), .object(let object)): if let found = object[key] { next.append(found) }
                case (.index(let n), .array(let array)):
                    let index = n < 0 ? array.count + n : n
                    if array.indices.contains(index) { next.append(array[index]) }
                case (.every, .array(let array)): next += array
                case (.every, .object(let object)): next += object.orderedKeys.compactMap { object[$0] }
                default: break
                }
            }
            current = next
        }
        return current
    }

    /// shields' dynamic JSON badge's label and message colour where none is given.
    public static let defaultLabel = "custom badge"
    /// See `defaultLabel`.
    public static let defaultColor = "lightgrey"

    /// The message of shields' dynamic JSON badge: `prefix`, what the query finds, `suffix`.
    public func badgeMessage(in document: JSONValue, file: String, prefix: String?, suffix: String?) throws(CurveTypeError) -> String {
        (prefix ?? "") + (try message(in: document, file: file)) + (suffix ?? "")
    }

    /// The badge message the query finds in `document`, as shields' dynamic JSON badge writes
    /// it: each value as JavaScript writes it, several joined by ", ".
    public func message(in document: JSONValue, file: String) throws(CurveTypeError) -> String {
        let found = values(in: document)
        guard !found.isEmpty else { throw .invalidInput("the query \(description) finds nothing in \(file)") }
        var texts: [String] = []
        for value in found {
            switch value {
            case .array(let items) where items.allSatisfy({ $0.badgeText != nil }): texts += items.compactMap(\.badgeText)
            default:
                guard let text = value.badgeText else {
                    throw .invalidInput("the query \(description) finds \(value.kindName) in \(file); query one of its values")
                }
                texts.append(text)
            }
        }
        return texts.joined(separator: ", ")
    }
}

extension JSONValue {
    /// "an object", "an array", … for messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The longest label or message shields draws: since its PR #10998 (2025) it keeps the first
/// 255 characters of each, counted as JavaScript counts them (UTF-16 code units). A cut that
/// would split a surrogate pair here drops the pair's first half too, as Swift's strings hold no
/// half of one. Applied where a badge is read as shields reads it: a shields address, an
/// endpoint document, a JSON badge's label and message.
public enum ShieldsTextLimit {
    /// The most UTF-16 code units kept.
    public static let length = 255

    /// `text`'s first `length` UTF-16 code units (all of it when shorter).
    public static func cut(_ text: String) -> String {
        let units = text.utf16
        guard units.count > length else { return text }
        var end = units.index(units.startIndex, offsetBy: length)
        if UTF16.isTrailSurrogate(units[end]) { end = units.index(before: end) }
        return String(text[..<(String.Index(end, within: text) ?? text.startIndex)])
    }
}

/// shields' endpoint document, checked as shields checks it (`services/endpoint-common.js`, a
/// Joi schema validated with Joi's conversions): `schemaVersion` 1 if given, a `label` (empty
/// allowed) and a non-empty `message`; optional `color`, `labelColor`, `isError` (`true`,
/// `false`, or those words as strings), `namedLogo` or `logoSvg` (not both), `logoColor` and
/// `logoSize` with a named logo, `logoWidth` and `logoPosition` with either (numbers or numeric
/// strings, read and ignored, as shields has ignored them since its PRs #10284 and #10878),
/// `style` and `cacheSeconds` (a whole number, or one as a string); any other key is refused,
/// as shields refuses the document. Its values are read as shields reads them: a colour it
/// cannot read is the renderer's default colour, a logo name it has not (or an SVG that does
/// not read) is no logo, an unknown style is flat.
public struct BadgeEndpoint: Sendable, Equatable {
    /// The left text; empty for a message-only badge.
    public var label: String
    /// The right text, not empty.
    public var message: String
    /// The message's colour; `nil` is lightgrey, the endpoint badge's default.
    public var color: String?
    /// The label's colour.
    public var labelColor: String?
    /// The badge reports an error: the message colour is the document's, whatever is asked.
    public var isError: Bool
    /// A simple-icons logo's name.
    public var namedLogo: String?
    /// A logo's SVG markup.
    public var logoSvg: String?
    /// The named logo's colour.
    public var logoColor: String?
    /// `auto` or `square`, for the named logo.
    public var logoSize: String?
    /// The style's name (shields' old `popout` styles are read as flat ones).
    public var style: String?
    /// How long shields may cache the badge, seconds: a file's badge has no cache, but the
    /// server sends it as `Cache-Control: max-age`.
    public var cacheSeconds: Int?

    static let keys = ["schemaVersion", "label", "message", "color", "labelColor", "isError", "namedLogo", "logoSvg",
                       "logoColor", "logoSize", "logoWidth", "logoPosition", "style", "cacheSeconds"]

    /// A number as Joi's `number()` converts one: a JSON number, or a string that is one
    /// number in decimal (JavaScript's `Number()` of it, less hexadecimal and the empty string).
    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let n): return n
        case .string(let text):
            let trimmed = text.trimmed()
            guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
            return Double(trimmed).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// Reads the document in `bytes`; `what` names it in errors ("the endpoint file a.json").
    public init(json bytes: [UInt8], what: String) throws(CurveTypeError) {
        guard case .object(let object) = try JSONValue.parse(bytes, what: what) else {
            throw .invalidInput("\(what) must hold a JSON object, as shields' endpoint badge reads")
        }
        func bad(_ key: String, _ why: String) -> CurveTypeError { .invalidInput("\(what): \"\(key)\" \(why)") }
        let unknown = object.keys.filter { !Self.keys.contains($0) }.sorted()
        if let first = unknown.first {
            throw bad(Diagnostic.escaped(String(first.prefix(40))), "is not a key of shields' endpoint schema (\(Self.keys.joined(separator: ", ")))")
        }
        // Joi's `schemaVersion: 1` is a literal that may be left out.
        if let version = object["schemaVersion"], Self.number(version) != 1 { throw bad("schemaVersion", "must be 1") }
        func string(_ key: String, empty: Bool = false) throws(CurveTypeError) -> String? {
            switch object[key] {
            case nil: return nil
            case .string(let text)? where empty || !text.isEmpty: return text
            case .string?: throw bad(key, "must not be empty")
            default: throw bad(key, "must be a string")
            }
        }
        guard let label = try string("label", empty: true) else { throw bad("label", "is required (it may be \"\")") }
        guard let message = try string("message") else { throw bad("message", "is required") }
        self.label = label
        self.message = message
        color = try string("color")
        labelColor = try string("labelColor")
        switch object["isError"] {
        case nil: isError = false
        case .bool(let value)?: isError = value
        case .string(let text)? where ["true", "false"].contains(text.lowercased()): isError = text.lowercased() == "true"
        default: throw bad("isError", "must be true or false")
        }
        namedLogo = try string("namedLogo")
        logoSvg = try string("logoSvg")
        if namedLogo != nil && logoSvg != nil { throw bad("logoSvg", "and \"namedLogo\" cannot both be given") }
        logoColor = try string("logoColor")
        logoSize = try string("logoSize")
        if namedLogo == nil {
            if logoColor != nil { throw bad("logoColor", "needs \"namedLogo\" (shields does not recolour an SVG logo)") }
            if logoSize != nil { throw bad("logoSize", "needs \"namedLogo\"") }
        }
        for key in ["logoWidth", "logoPosition"] {
            guard let value = object[key] else { continue }
            guard Self.number(value) != nil else { throw bad(key, "must be a number") }
            if namedLogo == nil && logoSvg == nil { throw bad(key, "needs a logo (\"namedLogo\" or \"logoSvg\")") }
        }
        style = try string("style")
        switch object["cacheSeconds"].map(Self.number) {
        case nil: cacheSeconds = nil
        case let value?? where value >= 0 && value <= Double(Int32.max) && value.rounded() == value: cacheSeconds = Int(value)
        default: throw bad("cacheSeconds", "must be a whole number of seconds, 0 or more")
        }
    }

    /// A style's name as shields reads it: its old `popout` styles as the flat ones.
    static func style(_ name: String) -> BadgeStyle? {
        BadgeStyle(rawValue: name.hasPrefix("popout") ? "flat" + name.dropFirst("popout".count) : name)
    }

    /// What a reader of the badge asked for over the document (shields' query), by the badge
    /// command's option names.
    public struct Overrides: Sendable, Equatable {
        /// Each as the badge option of that name reads it (`color` is the message's); `nil`
        /// where nothing was asked.
        public var label, color, labelColor, style, logo, logoColor, logoSize, logoWidth: String?

        /// Nothing asked.
        public init(label: String? = nil, color: String? = nil, labelColor: String? = nil, style: String? = nil, logo: String? = nil,
                    logoColor: String? = nil, logoSize: String? = nil, logoWidth: String? = nil) {
            (self.label, self.color, self.labelColor, self.style) = (label, color, labelColor, style)
            (self.logo, self.logoColor, self.logoSize, self.logoWidth) = (logo, logoColor, logoSize, logoWidth)
        }
    }

    /// The badge command's options (`label`, `message`, `messageColor`, `labelColor`, `style`,
    /// `logo`, `logoColor`, `logoSize`, `logoWidth`) for the document with `overrides` over it,
    /// as shields' `coalesce-badge.js` puts them: what is asked wins, but an error keeps the
    /// document's colours; a logo asked for brings none of the document's logo settings; the
    /// message colour is lightgrey where nothing gives one. An SVG logo is a `data:` URL.
    public func options(over overrides: Overrides = Overrides()) -> [(name: String, value: String)] {
        func readable(_ color: String?) -> String? { color.flatMap { (try? BadgeColor.parse($0)) != nil ? $0 : nil } }
        var items: [(name: String, value: String)] = [("label", ShieldsTextLimit.cut(overrides.label ?? label)), ("message", ShieldsTextLimit.cut(message))]
        // shields takes the document's colour over lightgrey even where it cannot read it, and
        // then draws its renderer's default (brightgreen): no colour option.
        if let messageColor = (isError ? nil : overrides.color) ?? (color == nil ? "lightgrey" : readable(color)) {
            items.append(("messageColor", messageColor))
        }
        if let labelColor = (isError ? nil : overrides.labelColor) ?? readable(labelColor) { items.append(("labelColor", labelColor)) }
        if let style = overrides.style ?? style.map({ Self.style($0)?.rawValue ?? "flat" }) { items.append(("style", style)) }
        if let logo = overrides.logo {
            items.append(("logo", logo))
            for (name, value) in [("logoColor", overrides.logoColor), ("logoSize", overrides.logoSize), ("logoWidth", overrides.logoWidth)] {
                if let value { items.append((name, value)) }
            }
            return items
        }
        var drawsLogo = false
        if let namedLogo, SimpleIcons.named(namedLogo) != nil {
            items.append(("logo", namedLogo))
            drawsLogo = true
            if let color = overrides.logoColor ?? readable(logoColor) { items.append(("logoColor", color)) }
            if let size = overrides.logoSize ?? logoSize.flatMap({ BadgeLogoSize(rawValue: $0)?.rawValue }) { items.append(("logoSize", size)) }
        } else if let logoSvg, (try? BadgeLogo(svgMarkup: logoSvg)) != nil {
            items.append(("logo", "data:image/svg+xml;base64," + Data(logoSvg.utf8).base64EncodedString()))
            drawsLogo = true
        }
        if drawsLogo, let width = overrides.logoWidth { items.append(("logoWidth", width)) }
        return items
    }
}
