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
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0x27 }) {
            appendBytes(text, to: &out)
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case "<": out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case ">": out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case "\"" where attribute: out.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case "'" where attribute: out.append(contentsOf: [0x26, 0x61, 0x70, 0x6F, 0x73, 0x3B])  // &apos;
            case "\t" where attribute, "\n" where attribute, "\r" where attribute:
                out.append(contentsOf: Array("&#\(scalar.value);".utf8))
            default:
                if isDroppedInXML(scalar) { continue }
                if scalar.isASCII {
                    out.append(UInt8(scalar.value))
                } else {
                    UTF8.encode(scalar) { out.append($0) }
                }
            }
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
package func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    if bytes.count <= 16 {
        for byte in bytes { out.append(byte) }
    } else {
        out.append(contentsOf: bytes)
    }
}

/// Appends a string's UTF-8 bytes (see the other `appendBytes`).
@inline(__always)
package func appendBytes(_ text: String, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendBytes($0, to: &out) }
}
