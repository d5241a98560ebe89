import CurveTypeFrame

/// A document's bytes as they are written: one buffer that grows by doubling, appended to by
/// copying, as the C floor's `put` does.
///
/// Written by hand because `[UInt8]`'s `append` checks uniqueness and capacity per call and its
/// `append(contentsOf:)` costs a hundred instructions to set up: most of an SVG's appends are a
/// few bytes (`="`, `/>`, an id), so those costs were most of the writer's time.
final class SVGBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 256)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private func grow(to needed: Int) {
        let larger = max(capacity * 2, needed)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// A string's UTF-8 bytes, as they are.
    func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    func append(_ other: SVGBytes) {
        append(UnsafeBufferPointer(start: other.base, count: other.count))
    }

    /// `value` in `format`.
    @inline(__always)
    func append(_ value: Double, format: SVGNumberFormat) throws(SVGError) {
        reserve(SVGNumberFormat.maximumBytes)
        count += try format.write(value, into: base + count)
    }

    /// A non-negative integer's digits.
    func append(digits value: Int) {
        reserve(20)
        var v = value.magnitude
        var width = 1
        var probe = v
        while probe >= 10 { probe /= 10; width += 1 }
        var i = count + width
        repeat {
            i -= 1
            base[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
            v /= 10
        } while v > 0
        count += width
    }

    /// Text escaped for XML (`XMLText`): as it is when nothing needs escaping, the usual case.
    func append(escaping text: String, attribute: Bool) {
        var text = text
        let plain = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0x27 })
            else { return false }
            append(bytes)
            return true
        }
        guard !plain else { return }
        // ASCII with something to escape (an apostrophe in a title): byte by byte, as
        // `XMLText.append` would write it, without decoding scalars.
        let ascii = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            for byte in bytes {
                switch byte {
                case 0x26: append("&amp;")
                case 0x3C: append("&lt;")
                case 0x3E: append("&gt;")
                case 0x22 where attribute: append("&quot;")
                case 0x27 where attribute: append("&apos;")
                case 0x09 where attribute: append("&#9;")
                case 0x0A where attribute: append("&#10;")
                case 0x0D where attribute: append("&#13;")
                case 0x09, 0x0A, 0x0D: append(byte)
                case ..<0x20, 0x7F: continue  // dropped in XML, as XMLText drops them
                default: append(byte)
                }
            }
            return true
        }
        guard !ascii else { return }
        var escaped: [UInt8] = []
        XMLText.append(text, attribute: attribute, to: &escaped)
        append(contentsOf: escaped)
    }

    /// Turns a number written from `start` as `0.x` (or `-0.x`) into `.x` (`-.x`).
    func dropLeadingZero(from start: Int) {
        var at = start
        if at < count && base[at] == UInt8(ascii: "-") { at += 1 }
        guard count - at >= 2, base[at] == UInt8(ascii: "0"), base[at + 1] == UInt8(ascii: ".") else { return }
        (base + at).update(from: base + at + 1, count: count - at - 1)
        count -= 1
    }

    /// The bytes from `offset` on.
    func bytes(from offset: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + min(offset, count), count: max(0, count - offset)))
    }

    /// The whole buffer as a string.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}
