#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A PNG or JPEG image (a badge logo given as `data:image/png` or `data:image/jpeg`), its bytes
/// checked to be what they claim before they are embedded: a PNG's chunks each whole with a
/// matching CRC from the signature to `IEND`, a JPEG's segments each whole from `SOI` to the
/// scan, with a frame header giving its size. Nothing is decoded: a viewer draws the pixels.
///
/// By hand: no image library is linked (FreeType reads PNG glyphs inside fonts only), and
/// checking the structure is what matters here, not the pixels.
public struct RasterImage: Sendable, Hashable {
    /// The two kinds a logo may be.
    public enum Format: String, Sendable {
        /// `image/png`
        case png = "image/png"
        /// `image/jpeg`
        case jpeg = "image/jpeg"
    }

    /// PNG or JPEG.
    public let format: Format
    /// The file's bytes.
    public let bytes: [UInt8]
    /// Its size in pixels.
    public let pixelWidth: Int
    /// Its height in pixels.
    public let pixelHeight: Int
    /// What messages call it, where it came from (`the logo build.png`); `nil`: not known.
    /// Not part of what is drawn, nor of equality.
    public var origin: String?

    /// Whether two pictures are the same bytes in the same format (wherever they came from).
    public static func == (a: RasterImage, b: RasterImage) -> Bool {
        a.format == b.format && a.bytes == b.bytes
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(bytes)
    }

    /// Width ÷ height.
    public var aspectRatio: Double { Double(pixelWidth) / Double(pixelHeight) }

    /// The largest image read, bytes (as for an SVG logo).
    public static let maximumBytes = 1 << 20
    /// The largest side, pixels: far more than a 14 px logo needs at any scale.
    public static let maximumSide = 16_384

    /// Reads `bytes` as `format`; an error says what is wrong with them.
    public init(_ format: Format, bytes: [UInt8]) throws(SVGError) {
        guard bytes.count <= Self.maximumBytes else { throw .invalidLogo("it is larger than \(Self.maximumBytes / 1024) KiB") }
        let size = format == .png ? try Self.pngSize(bytes) : try Self.jpegSize(bytes)
        guard size.width > 0, size.height > 0, size.width <= Self.maximumSide, size.height <= Self.maximumSide else {
            throw .invalidLogo("its \(format == .png ? "PNG" : "JPEG") is \(size.width) × \(size.height) pixels (each side 1–\(Self.maximumSide))")
        }
        guard max(size.width, size.height) / min(size.width, size.height) < 100 else {
            throw .invalidLogo("it is more than 100 times wider than high, or higher than wide")
        }
        self.format = format
        self.bytes = bytes
        self.pixelWidth = size.width
        self.pixelHeight = size.height
    }

    /// The image as a `data:` URL.
    public var dataURL: String { "data:\(format.rawValue);base64," + Data(bytes).base64EncodedString() }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, count: Int) -> Int {
        var value = 0
        for index in at..<(at + count) { value = value << 8 | Int(bytes[index]) }
        return value
    }

    /// The size from `IHDR`, after walking every chunk to `IEND` and checking each CRC.
    static func pngSize(_ bytes: [UInt8]) throws(SVGError) -> (width: Int, height: Int) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else { throw .invalidLogo("its data is not a PNG (no PNG signature)") }
        var index = signature.count
        var size: (Int, Int)?
        while true {
            guard index + 12 <= bytes.count else { throw .invalidLogo("its PNG ends inside a chunk (no IEND)") }
            let length = bigEndian(bytes, index, count: 4)
            guard length <= bytes.count - index - 12 else { throw .invalidLogo("its PNG has a chunk longer than the file") }
            let type = Array(bytes[(index + 4)..<(index + 8)])
            let crc = bigEndian(bytes, index + 8 + length, count: 4)
            guard crc == Int(CRC32.checksum(bytes[(index + 4)..<(index + 8 + length)])) else {
                throw .invalidLogo("its PNG has a chunk whose CRC does not match")
            }
            if size == nil {
                guard type == Array("IHDR".utf8), length == 13 else { throw .invalidLogo("its PNG does not start with IHDR") }
                size = (bigEndian(bytes, index + 8, count: 4), bigEndian(bytes, index + 12, count: 4))
            }
            index += 12 + length
            if type == Array("IEND".utf8) { break }
        }
        guard let size else { throw .invalidLogo("its PNG has no IHDR") }
        return size
    }

    /// The size from the first frame header (`SOFn`), after walking the segments from `SOI` to
    /// the scan (`SOS`) and finding `EOI` at the end.
    static func jpegSize(_ bytes: [UInt8]) throws(SVGError) -> (width: Int, height: Int) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .invalidLogo("its data is not a JPEG (no SOI marker)") }
        guard bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else { throw .invalidLogo("its JPEG does not end with EOI") }
        var index = 2
        var size: (Int, Int)?
        while true {
            guard index + 4 <= bytes.count, bytes[index] == 0xFF else { throw .invalidLogo("its JPEG has a segment that is not one") }
            var marker = bytes[index + 1]
            // Fill bytes (0xFF) may pad before a marker.
            while marker == 0xFF, index + 2 < bytes.count { index += 1; marker = bytes[index + 1] }
            guard index + 4 <= bytes.count else { throw .invalidLogo("its JPEG ends inside a segment") }
            let length = bigEndian(bytes, index + 2, count: 2)
            guard length >= 2, index + 2 + length <= bytes.count else { throw .invalidLogo("its JPEG has a segment longer than the file") }
            // SOF0…SOF15, not DHT (C4), JPG (C8) or DAC (CC): precision, height, width.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), size == nil {
                guard length >= 7 else { throw .invalidLogo("its JPEG frame header is too short") }
                size = (bigEndian(bytes, index + 7, count: 2), bigEndian(bytes, index + 5, count: 2))
            }
            index += 2 + length
            if marker == 0xDA { break }
        }
        guard let size else { throw .invalidLogo("its JPEG has no frame header before the scan") }
        return size
    }
}

/// CRC-32 as PNG (and zlib) define it: polynomial 0xEDB88320, reflected, starting and ending
/// with all bits set.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
