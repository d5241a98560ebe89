#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The package leaves Foundation out of the shipped binary (FoundationEssentials has neither
// `String(format:)` nor `CharacterSet`), so these two small helpers stand in. They live in the
// lowest module, which every other imports; `package` keeps them out of the public API.

/// `printf`-style formatting through the C library's `vsnprintf`, for messages (`%g`, `%.2f`,
/// `%d`, `%04x`): the same digits `String(format:)` gave.
package func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 256)
        let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
        guard needed >= buffer.count else { return String(decoding: buffer.prefix(max(0, needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return withVaList(arguments) { again in
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = vsnprintf(&buffer, buffer.count, format, again)
            return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

/// A number in as few digits as it takes, for JSON and messages: a whole number below 10^15
/// without a fraction (`650`, not `650.0`), any other as Swift's shortest round-trip form.
package func shortestDigits(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}

extension Unicode.Scalar {
    /// Foundation's `CharacterSet.whitespaces`: space separators (Zs) and the tab.
    package var isHorizontalSpace: Bool {
        value == 0x09 || properties.generalCategory == .spaceSeparator
    }

    /// Foundation's `CharacterSet.whitespacesAndNewlines`: the above, line feed to carriage
    /// return, NEL, and the line and paragraph separators.
    package var isSpaceOrNewline: Bool {
        isHorizontalSpace || (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}

/// The two numbers of `AxB` (`400x300`, `120X80`, spaces round each allowed): how every option
/// gives a size, a pair of radii or a grid. `nil` unless the text is exactly two numbers.
package func numberPair(_ text: some StringProtocol) -> (Double, Double)? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0].trimmed()), let b = Double(parts[1].trimmed()) else { return nil }
    return (a, b)
}

// (On String and Substring, not StringProtocol: a generic called across modules runs
// unspecialised, and its first call costs a process a runtime conformance scan.)
extension Substring {
    /// The text without leading and trailing scalars for which `isSpace` holds (by default
    /// `Unicode.Scalar.isHorizontalSpace`, as `trimmingCharacters(in: .whitespaces)`).
    package func trimmed(_ isSpace: (Unicode.Scalar) -> Bool = { $0.isHorizontalSpace }) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}

extension String {
    /// See `Substring.trimmed(_:)`.
    package func trimmed(_ isSpace: (Unicode.Scalar) -> Bool = { $0.isHorizontalSpace }) -> String {
        self[...].trimmed(isSpace)
    }
}

/// `value` in hexadecimal digits, zero-padded to `width` (`%02x`, `%04X`) without going through
/// `vsnprintf`: colours and escapes are written for every document.
/// (By hand: the standard library's `String(_:radix:)` is generic over `BinaryInteger`, and its
/// first call costs a process a runtime conformance scan, more than all its other digits.)
package func hexDigits(_ value: UInt64, width: Int, uppercase: Bool = false) -> String {
    var digits: [UInt8] = []
    appendHexDigits(value, width: width, uppercase: uppercase, to: &digits)
    return String(decoding: digits, as: UTF8.self)
}

/// `hexDigits(value, width:, uppercase:)`'s bytes appended to `bytes`, without a string between
/// (a PDF's text layer writes a code for every glyph).
package func appendHexDigits(_ value: UInt64, width: Int, uppercase: Bool = false, to bytes: inout [UInt8]) {
    let letters: UInt8 = uppercase ? 55 : 87  // "A" - 10 or "a" - 10
    var count = 1
    while count < 16, value >> UInt64(4 * count) != 0 { count += 1 }
    for position in stride(from: max(count, width) - 1, through: 0, by: -1) {
        let digit = position >= 16 ? 0 : UInt8((value >> UInt64(4 * position)) & 0xF)
        bytes.append(digit < 10 ? 48 + digit : letters + digit)
    }
}

/// `value` with `decimals` digits after the point, trailing zeros dropped ("12.5", "-0.125",
/// "3"): the same text on every machine (no locale, no printf); "0" for a value that is not
/// finite or too large to hold its digits. The machine files' and the PDF's number writer.
package func fixed(_ value: Double, _ decimals: Int) -> String {
    let decimals = max(decimals, 0)
    return String(unsafeUninitializedCapacity: decimals + 20) { fixedDigits(value, decimals, into: $0) }
}

/// `fixed(value, decimals)`'s bytes appended to `bytes`, without a string between (a PDF's
/// text layer writes thousands a page).
package func appendFixed(_ value: Double, _ decimals: Int, to bytes: inout [UInt8]) {
    let decimals = max(decimals, 0)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: decimals + 20) { buffer in
        let count = fixedDigits(value, decimals, into: buffer)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
    }
}

/// Writes `fixed`'s digits at the start of `buffer` (at least `decimals` + 20 bytes) and
/// returns how many: written from the right, the fraction's digits less its trailing zeros,
/// the point, the whole digits, the sign, then moved to the start.
private func fixedDigits(_ value: Double, _ decimals: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard scaled.isFinite, abs(scaled) < 9e15, case let whole = Int64(scaled), whole != 0 else {
        buffer[0] = 48
        return 1
    }
    var at = buffer.count
    func put(_ byte: UInt8) { at -= 1; buffer[at] = byte }
    var magnitude = whole.magnitude
    var fraction = false
    for _ in 0..<decimals {
        let digit = UInt8(magnitude % 10)
        magnitude /= 10
        if digit != 0 || fraction { fraction = true; put(48 + digit) }
    }
    if fraction { put(46) }
    repeat { put(48 + UInt8(magnitude % 10)); magnitude /= 10 } while magnitude > 0
    if whole < 0 { put(45) }
    let count = buffer.count - at
    if at > 0 {
        for i in 0..<count { buffer[i] = buffer[at + i] }
    }
    return count
}
