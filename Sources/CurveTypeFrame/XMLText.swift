#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Escapes text for XML. Removes what XML 1.0 cannot hold or a viewer would draw as junk (C0
/// and C1 controls, noncharacters U+FFFE/U+FFFF); in attributes, tab and line breaks become
/// character references so they survive attribute normalisation.
public enum XMLText {
    /// `text` with `&`, `<` and `>` escaped, and quotes too when `attribute`.
    public static func escape(_ text: String, attribute: Bool) -> String {
        var out: [UInt8] = []
        append(text, attribute: attribute, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the escaped UTF-8 of `text` to `out`.
    public static func append(_ text: String, attribute: Bool, to out: inout [UInt8]) {
        // Most text (labels, colours, ids) is printable ASCII with nothing to escape: one copy.
        // (No reserveCapacity here: growing to the exact size each call defeats the array's
        // doubling and copied the whole document again and again.)
        if isPlain(text.utf8) {
            appendBytes(text, to: &out)
            return
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if let escaped = escape(ascii: byte, attribute: attribute) {
                    escaped.withUTF8Buffer { out.append(contentsOf: $0) }
                } else {
                    out.append(byte)
                }
            } else if !isDroppedInXML(scalar) {
                UTF8.encode(scalar) { out.append($0) }
            }
        }
    }

    /// Whether UTF-8 `bytes` are written as they are: printable ASCII without `&`, `<`, `>`,
    /// `"` or `'`.
    package static func isPlain(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0x27 }
    }

    /// What an ASCII byte is written as: `nil` for itself, else its escape, or nothing (`""`)
    /// for a control XML cannot hold. The one table every escaper here uses.
    package static func escape(ascii byte: UInt8, attribute: Bool) -> StaticString? {
        switch byte {
        case 0x26: return "&amp;"
        case 0x3C: return "&lt;"
        case 0x3E: return "&gt;"
        case 0x22 where attribute: return "&quot;"
        case 0x27 where attribute: return "&apos;"
        case 0x09 where attribute: return "&#9;"
        case 0x0A where attribute: return "&#10;"
        case 0x0D where attribute: return "&#13;"
        case 0x09, 0x0A, 0x0D: return nil
        case ..<0x20, 0x7F: return ""
        default: return nil
        }
    }

    /// C0 controls other than tab/LF/CR, DEL and the C1 controls, and the noncharacters
    /// U+FFFE and U+FFFF.
    public static func isDroppedInXML(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || (0x7F...0x9F).contains(v)
            || v == 0xFFFE || v == 0xFFFF
    }
}

/// Appends `bytes`: a short run byte by byte, which costs a tenth of the bulk copy's set-up
/// (most of an SVG's appends are a few bytes: `="`, `/>`, an id), a long one in one copy.
@inline(__always)
private func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    if bytes.count <= 16 {
        for byte in bytes { out.append(byte) }
    } else {
        out.append(contentsOf: bytes)
    }
}

/// Appends a string's UTF-8 bytes (see the other `appendBytes`).
@inline(__always)
private func appendBytes(_ text: String, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendBytes($0, to: &out) }
}
