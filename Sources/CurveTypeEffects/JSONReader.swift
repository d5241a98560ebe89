// JSON read as shields reads it: JavaScript's `JSON.parse` (ECMA-262 §25.5.1 over RFC 8259's
// grammar). Written here, not taken from Foundation, because Foundation's reader differs from
// JavaScript's where badge files do: a key given twice keeps its first value there and its
// last in JavaScript (a CI job that appends a key overrides it on shields), object keys lose
// their order (JSONPath's `*` lists them in JavaScript's order), a lone surrogate escape fails
// the whole document, and its errors say no line or column.

/// An object's members in JavaScript's order: keys that are array indices (0 to 2³² − 2, written
/// without leading zeros) ascending, then the others in the order they were first given. A key
/// given again keeps its place and takes the later value, as `JSON.parse` does.
public struct JSONObject: Sendable, Equatable {
    /// The keys, in JavaScript's order.
    public private(set) var keys: [String] = []
    private var values: [String: JSONValue] = [:]

    /// An empty object.
    public init() {}

    /// The value of `key`, or `nil` where the object has no such key.
    public subscript(key: String) -> JSONValue? {
        get { values[key] }
        set {
            guard let value = newValue else {
                if values.removeValue(forKey: key) != nil { keys.removeAll { $0 == key } }
                return
            }
            if values.updateValue(value, forKey: key) == nil { keys.append(key) }
        }
    }

    /// The keys as JavaScript lists them (`Object.keys`).
    public var orderedKeys: [String] {
        let indices = keys.compactMap { key in Self.arrayIndex(key).map { (key, $0) } }.sorted { $0.1 < $1.1 }.map(\.0)
        return indices + keys.filter { Self.arrayIndex($0) == nil }
    }

    /// `key` as an array index (a canonical decimal integer below 2³² − 1), or `nil`.
    static func arrayIndex(_ key: String) -> UInt32? {
        let digits = Array(key.utf8)
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              digits.count == 1 || digits[0] != 0x30, let value = UInt64(key), value < UInt64(UInt32.max) else { return nil }
        return UInt32(value)
    }
}

/// Reads one JSON text from bytes as `JSON.parse` does: the four whitespace bytes, the literal
/// names, numbers to the nearest `Double` (an overflow is ±infinity, as in JavaScript),
/// strings with their escapes (a lone surrogate escape becomes U+FFFD, the one place this
/// differs: Swift's strings hold no lone surrogates; bytes that are not UTF-8 become U+FFFD, as
/// a browser decodes them). Nesting deeper than `maximumDepth` is refused, which bounds the
/// stack. Errors name the line and column (1-based, a column counted in bytes).
struct JSONReader {
    /// The deepest nesting of arrays and objects read.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var at = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value in `bytes`; a failure is the reason and where, as "line 3, column 7: …".
    static func read(_ bytes: [UInt8]) -> Result<JSONValue, JSONReadError> {
        var reader = JSONReader(bytes)
        // A UTF-8 byte order mark (as Windows editors write) is passed over, as the fetch API's
        // text decoding and Foundation's reader pass it over.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.at = 3 }
        do throws(JSONReadError) {
            reader.skipSpace()
            let value = try reader.value()
            reader.skipSpace()
            guard reader.at == bytes.count else { throw reader.failure("there is more after the value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    private func failure(_ why: String, at offset: Int? = nil) -> JSONReadError {
        let end = min(offset ?? at, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
        return JSONReadError(line: line, column: end - lineStart + 1, reason: why)
    }

    private mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    private func described(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func value() throws(JSONReadError) -> JSONValue {
        guard at < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[at] {
        case 0x7B: return .object(try object())
        case 0x5B: return .array(try array())
        case 0x22: return .string(try string())
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        case 0x2D, 0x30...0x39: return .number(try number())
        case let byte: throw failure("\(described(byte)) starts no JSON value")
        }
    }

    private mutating func literal(_ word: String) throws(JSONReadError) {
        let expected = Array(word.utf8)
        guard bytes.count - at >= expected.count, Array(bytes[at..<at + expected.count]) == expected else {
            throw failure("expected \(word)")
        }
        at += expected.count
    }

    private mutating func nested() throws(JSONReadError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("arrays and objects nest deeper than \(Self.maximumDepth)") }
    }

    private mutating func object() throws(JSONReadError) -> JSONObject {
        try nested()
        at += 1
        var object = JSONObject()
        skipSpace()
        if at < bytes.count, bytes[at] == 0x7D { at += 1; depth -= 1; return object }
        while true {
            skipSpace()
            guard at < bytes.count, bytes[at] == 0x22 else {
                throw failure(at < bytes.count ? "expected a key in double quotes, found \(described(bytes[at]))" : "the text ends inside an object")
            }
            let key = try string()
            skipSpace()
            guard at < bytes.count, bytes[at] == 0x3A else { throw failure("expected ':' after the key") }
            at += 1
            skipSpace()
            object[key] = try value()
            skipSpace()
            guard at < bytes.count else { throw failure("the text ends inside an object") }
            if bytes[at] == 0x2C { at += 1; continue }
            guard bytes[at] == 0x7D else { throw failure("expected ',' or '}' after a member, found \(described(bytes[at]))") }
            at += 1
            depth -= 1
            return object
        }
    }

    private mutating func array() throws(JSONReadError) -> [JSONValue] {
        try nested()
        at += 1
        var items: [JSONValue] = []
        skipSpace()
        if at < bytes.count, bytes[at] == 0x5D { at += 1; depth -= 1; return items }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard at < bytes.count else { throw failure("the text ends inside an array") }
            if bytes[at] == 0x2C { at += 1; continue }
            guard bytes[at] == 0x5D else { throw failure("expected ',' or ']' after an item, found \(described(bytes[at]))") }
            at += 1
            depth -= 1
            return items
        }
    }

    private mutating func number() throws(JSONReadError) -> Double {
        let start = at
        func digits() -> Int {
            let first = at
            while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39 { at += 1 }
            return at - first
        }
        if bytes[at] == 0x2D { at += 1 }
        let whole = at
        guard digits() > 0 else { throw failure("a '-' with no digits after it", at: start) }
        if bytes[whole] == 0x30, at - whole > 1 { throw failure("a number has a leading zero", at: start) }
        if at < bytes.count, bytes[at] == 0x2E {
            at += 1
            guard digits() > 0 else { throw failure("a number's '.' has no digits after it") }
        }
        if at < bytes.count, bytes[at] == 0x65 || bytes[at] == 0x45 {
            at += 1
            if at < bytes.count, bytes[at] == 0x2B || bytes[at] == 0x2D { at += 1 }
            guard digits() > 0 else { throw failure("a number's exponent has no digits") }
        }
        // The grammar is checked above, so Swift's reader (correctly rounded, ±infinity on
        // overflow, as JavaScript's) sees only what it reads.
        guard let value = Double(String(decoding: bytes[start..<at], as: UTF8.self)) else {
            throw failure("a number that does not read", at: start)
        }
        return value
    }

    private mutating func string() throws(JSONReadError) -> String {
        at += 1
        var units: [UInt16] = []
        var runStart = at
        var text = ""
        func flushRun(_ end: Int) {
            if end > runStart { text += String(decoding: bytes[runStart..<end], as: UTF8.self) }
        }
        func flushUnits() {
            if !units.isEmpty { text += String(decoding: units, as: UTF16.self); units.removeAll() }
        }
        while at < bytes.count {
            let byte = bytes[at]
            switch byte {
            case 0x22:
                flushRun(at)
                at += 1
                flushUnits()
                return text
            case 0x5C:
                flushRun(at)
                at += 1
                guard at < bytes.count else { break }
                let escape = bytes[at]
                at += 1
                if escape == 0x75 {
                    guard bytes.count - at >= 4, let unit = UInt16(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16),
                          bytes[at..<at + 4].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else {
                        throw failure("\\u needs four hexadecimal digits", at: at - 2)
                    }
                    at += 4
                    // Pairs are joined by the UTF-16 decoding; a lone half becomes U+FFFD there.
                    units.append(unit)
                } else {
                    flushUnits()
                    switch escape {
                    case 0x22: text += "\""
                    case 0x5C: text += "\\"
                    case 0x2F: text += "/"
                    case 0x62: text += "\u{08}"
                    case 0x66: text += "\u{0C}"
                    case 0x6E: text += "\n"
                    case 0x72: text += "\r"
                    case 0x74: text += "\t"
                    default: throw failure("\\\(described(escape)) is not an escape of JSON", at: at - 2)
                    }
                }
                runStart = at
            case 0x00..<0x20:
                throw failure("a string holds a control character (byte 0x\(String(byte, radix: 16, uppercase: true))); write it as an escape")
            default:
                if !units.isEmpty { flushUnits() }
                at += 1
            }
        }
        throw failure("the text ends inside a string")
    }
}

/// Why a JSON text does not read, and where.
struct JSONReadError: Error {
    /// The line, from 1.
    var line: Int
    /// The column on that line, from 1, in bytes.
    var column: Int
    /// What is wrong there.
    var reason: String
}
