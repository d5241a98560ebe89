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
        // The derived id prefix's stand-in (`SVGWriter.placeholderPrefix`) passes whole, so a
        // class or a reference that carries it is stamped with the rest; every other U+0001 is
        // dropped, as XML cannot hold it.
        if text.utf8.contains(0x01) {
            var rest = Substring(text)
            while let found = rest.firstRange(of: SVGWriter.placeholderPrefix) {
                appendEscaped(String(rest[..<found.lowerBound]), attribute: attribute)
                append(contentsOf: Array(SVGWriter.placeholderPrefix.utf8))
                rest = rest[found.upperBound...]
            }
            appendEscaped(String(rest), attribute: attribute)
            return
        }
        appendEscaped(text, attribute: attribute)
    }

    private func appendEscaped(_ text: String, attribute: Bool) {
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

    /// How many placeholder bytes stand for a derived id prefix's digits.
    static let placeholderLength = 8

    /// Writes over each run of `placeholderLength` bytes U+0001 the low 32 bits of the
    /// document's 64-bit FNV-1a hash (taken with the placeholders in it), as eight lowercase hex
    /// digits: the same bytes give the same digits on every machine. Any other U+0001 is
    /// removed, as XML cannot hold it (the escaper already drops every one that is not the
    /// stand-in); without `stamping` (an id prefix was given), every one is.
    func stampPlaceholders(stamping: Bool) {
        guard UnsafeBufferPointer(start: base, count: count).contains(0x01) else { return }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        if stamping { for i in 0..<count { hash = (hash ^ UInt64(base[i])) &* 0x0000_0100_0000_01B3 } }
        let digits = Array("0123456789abcdef".utf8)
        let low = hash & 0xFFFF_FFFF
        var read = 0, write = 0
        while read < count {
            guard base[read] == 0x01 else {
                base[write] = base[read]
                read += 1
                write += 1
                continue
            }
            var run = 1
            while read + run < count && base[read + run] == 0x01 { run += 1 }
            // Runs of exactly the placeholder's length are stamped; a longer run's whole
            // placeholders too, the rest removed.
            var left = run
            while stamping && left >= Self.placeholderLength {
                for k in 0..<Self.placeholderLength {
                    base[write + k] = digits[Int((low >> UInt64(4 * (Self.placeholderLength - 1 - k))) & 0xF)]
                }
                write += Self.placeholderLength
                left -= Self.placeholderLength
            }
            read += run
        }
        count = write
    }

    /// The whole buffer as a string.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}
