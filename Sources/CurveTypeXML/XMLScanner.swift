/// A fault in an XML document, for a person: what is wrong, not where the reader was.
public struct XMLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var reason: String

    /// An error for `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// One line for a person.
    public var description: String { reason }
}

/// The lexical pieces of XML, read from UTF-8 bytes at a position: names, attributes, entities,
/// and the constructs a reader skips (comments, processing instructions, a `<!DOCTYPE>` with
/// its internal subset, whose entities are never expanded). Shared by the readers of SVG logos
/// and SVG fonts.
///
/// Why by hand: the system's XML library (libxml2) would be loaded into every process, with
/// ICU, for the few that read an SVG file, and it expands a DTD's entities unless told not to;
/// the subset here is a few dozen lines and reads no DTD at all.
public struct XMLScanner: Sendable {
    /// The document, without a UTF-8 byte order mark.
    public let bytes: [UInt8]
    /// Where reading is, a byte offset into `bytes`.
    public var i = 0

    /// A scanner at the start of `bytes`; a UTF-8 byte order mark is not part of the document.
    public init(bytes: [UInt8]) {
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// Whether the bytes at the position are `s`.
    public func starts(_ s: StaticString) -> Bool {
        s.withUTF8Buffer { prefix in
            i + prefix.count <= bytes.count && bytes[i..<(i + prefix.count)].elementsEqual(prefix)
        }
    }

    /// Moves past the next `terminator`; `what` names the construct it closes, for the error.
    public mutating func skip(past terminator: StaticString, what: String) throws(XMLSyntaxError) {
        while i < bytes.count {
            if starts(terminator) { i += terminator.utf8CodeUnitCount; return }
            i += 1
        }
        throw XMLSyntaxError("a \(what) is never closed")
    }

    /// `<!DOCTYPE …>` with any internal subset, which is skipped: its entities are never expanded.
    public mutating func skipDeclaration() throws(XMLSyntaxError) {
        var depth = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0: i += 1; return
            default: break
            }
            i += 1
        }
        throw XMLSyntaxError("a <!DOCTYPE> declaration is never closed")
    }

    /// Whether `b` may be part of a name (any byte of a non-ASCII character counts).
    public static func isNameByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
    }

    /// The name at the position (empty if there is none), moving past it.
    public mutating func readName() -> String {
        let start = i
        while i < bytes.count && Self.isNameByte(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Moves past white space.
    public mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    /// A tag's attributes, in order, up to its `>` or `/` (not consumed); values with their
    /// entities replaced. An attribute given twice is an error, as XML says.
    public mutating func readAttributes() throws(XMLSyntaxError) -> [(String, String)] {
        var attributes: [(String, String)] = []
        var names = Set<String>()
        while true {
            skipSpace()
            guard i < bytes.count else { throw XMLSyntaxError("a tag is never closed") }
            if bytes[i] == UInt8(ascii: ">") || bytes[i] == UInt8(ascii: "/") { return attributes }
            let name = readName()
            guard !name.isEmpty else { throw XMLSyntaxError("a tag holds something that is not an attribute") }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw XMLSyntaxError("attribute \(name) has no value") }
            i += 1
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw XMLSyntaxError("the value of attribute \(name) is not quoted")
            }
            let quote = bytes[i]
            i += 1
            let start = i
            while i < bytes.count && bytes[i] != quote {
                guard bytes[i] != UInt8(ascii: "<") else { throw XMLSyntaxError("the value of attribute \(name) holds '<'") }
                i += 1
            }
            guard i < bytes.count else { throw XMLSyntaxError("the value of attribute \(name) is never closed") }
            let value = try Self.decodeEntities(bytes[start..<i])
            i += 1
            guard names.insert(name).inserted else { throw XMLSyntaxError("attribute \(name) appears twice") }
            attributes.append((name, value))
        }
    }

    /// Text with XML's five entities and numeric character references replaced; any other
    /// entity is an error (a DTD's entities are never expanded).
    public static func decodeEntities(_ slice: ArraySlice<UInt8>) throws(XMLSyntaxError) -> String {
        guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
        var out: [UInt8] = []
        var j = slice.startIndex
        while j < slice.endIndex {
            guard slice[j] == UInt8(ascii: "&") else { out.append(slice[j]); j += 1; continue }
            guard let end = slice[j...].firstIndex(of: UInt8(ascii: ";")), end - j <= 12 else {
                throw XMLSyntaxError("a '&' starts no entity")
            }
            let name = String(decoding: slice[(j + 1)..<end], as: UTF8.self)
            var scalar: Unicode.Scalar?
            switch name {
            case "amp": scalar = "&"
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#") {
                    scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
                } else {
                    throw XMLSyntaxError("it uses the entity &\(name); (only XML's own and numeric references are read)")
                }
            }
            guard let scalar else { throw XMLSyntaxError("&\(name); is not a character") }
            UTF8.encode(scalar) { out.append($0) }
            j = end + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
