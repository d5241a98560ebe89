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

    /// A non-negative integer's digits (a negative one's magnitude).
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
        let done = text.withUTF8 { bytes in
            if XMLText.isPlain(bytes) {
                append(bytes)
                return true
            }
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            // ASCII with something to escape (an apostrophe in a title): byte by byte, without
            // decoding scalars.
            for byte in bytes {
                if let escaped = XMLText.escape(ascii: byte, attribute: attribute) { append(escaped) } else { append(byte) }
            }
            return true
        }
        guard !done else { return }
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
