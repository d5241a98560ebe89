import Foundation

/// The DejaVu fonts compiled into the library (from Debian's fonts-dejavu-core 2.37; see
/// Fonts/README.md). They are CurveType's defaults and need neither Fontconfig nor files on disk.
public enum BundledFont: String, Sendable, CaseIterable, Hashable {
    case sans, sansBold, mono, monoBold

    /// The font's family name, as Fontconfig and CSS know it.
    public var familyName: String {
        switch self {
        case .sans, .sansBold: return "DejaVu Sans"
        case .mono, .monoBold: return "DejaVu Sans Mono"
        }
    }

    public var isBold: Bool { self == .sansBold || self == .monoBold }

    /// The file name in the source tree's Fonts/ folder these bytes came from.
    public var fileName: String {
        switch self {
        case .sans: return "DejaVuSans.ttf"
        case .sansBold: return "DejaVuSans-Bold.ttf"
        case .mono: return "DejaVuSansMono.ttf"
        case .monoBold: return "DejaVuSansMono-Bold.ttf"
        }
    }

    /// The bundled font with this family name (case-insensitive) and weight, if there is one.
    public init?(family: String, bold: Bool) {
        let wanted = family.lowercased()
        guard let match = Self.allCases.first(where: {
            $0.familyName.lowercased() == wanted && $0.isBold == bold
        }) else { return nil }
        self = match
    }

    var base64: StaticString {
        switch self {
        case .sans: return BundledFontData.sans
        case .sansBold: return BundledFontData.sansBold
        case .mono: return BundledFontData.mono
        case .monoBold: return BundledFontData.monoBold
        }
    }

    /// The font file's bytes, decoded from the embedded base64 text.
    public var bytes: [UInt8] {
        base64.withUTF8Buffer { Base64.decode($0) }
    }
}

/// A base64 decoder over UTF-8 bytes that skips line breaks and padding. The embedded fonts are
/// written by Fonts/embed.py, so the input is well formed; a font is decoded once per process.
enum Base64 {
    /// 6-bit value of each byte; 0xFF for bytes outside the alphabet (newlines, '=').
    private static let table: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            t[Int(c)] = UInt8(i)
        }
        return t
    }()

    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        table.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: text.count / 4 * 3 + 3) { out, count in
                var accumulator: UInt32 = 0
                var bits: UInt32 = 0
                var n = 0
                for c in text {
                    let v = table[Int(c)]
                    if v == 0xFF { continue }
                    accumulator = (accumulator << 6) | UInt32(v)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        out[n] = UInt8(truncatingIfNeeded: accumulator >> bits)
                        n += 1
                    }
                }
                count = n
            }
        }
    }
}
