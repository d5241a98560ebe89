import Foundation

/// Why an SVG could not be written.
public enum SVGError: Error, Sendable, Equatable, CustomStringConvertible {
    case nonFiniteNumber
    case numberOutOfRange(Double)
    case invalidPrecision(Int)
    case invalidColor(String)
    case invalidIDPrefix(String)

    public var description: String {
        switch self {
        case .nonFiniteNumber: return "a coordinate is not a finite number"
        case .numberOutOfRange(let v): return "a coordinate is too large to write: \(v)"
        case .invalidPrecision(let p): return "precision must be a whole number from 0 to 6, not \(p)"
        case .invalidColor(let c): return "not a colour: \"\(c)\" (use a CSS name, #rgb, #rrggbb, rgb(), rgba() or currentColor)"
        case .invalidIDPrefix(let p): return "not a usable id prefix: \"\(p)\" (use a letter, then letters, digits, '-' or '_')"
        }
    }
}

/// Writes numbers one way only: `precision` decimals, rounded half away from zero, trailing zeros
/// and a bare `.` trimmed, `-0` written `0`, never an exponent, `.` as the decimal point whatever
/// the locale. The result depends only on the IEEE double and the precision, so it is the same on
/// every machine.
public struct SVGNumberFormat: Sendable, Hashable {
    public let precision: Int
    private let scale: Double
    private let unit: Int64

    public static let maxPrecision = 6

    public init(precision: Int) throws(SVGError) {
        guard (0...Self.maxPrecision).contains(precision) else { throw .invalidPrecision(precision) }
        self.init(unchecked: precision)
    }

    /// Any precision up to 12, for factors such as a glyph scale that need more digits than
    /// coordinates do.
    init(unchecked precision: Int) {
        self.precision = precision
        var unit: Int64 = 1
        for _ in 0..<precision { unit *= 10 }
        self.unit = unit
        self.scale = Double(unit)
    }

    /// Appends `value` as ASCII bytes.
    public func append(_ value: Double, to out: inout [UInt8]) throws(SVGError) {
        guard value.isFinite else { throw .nonFiniteNumber }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 1e15 else { throw .numberOutOfRange(value) }
        var n = Int64(scaled)
        if n == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        if n < 0 {
            out.append(UInt8(ascii: "-"))
            n = -n
        }
        let whole = n / unit
        var fraction = n % unit
        appendDigits(whole, to: &out)
        if fraction == 0 { return }
        var digits = precision
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        out.append(UInt8(ascii: "."))
        // Write the fraction's digits in place, last digit first, leading zeros kept.
        let first = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var i = first + digits - 1
        while fraction > 0 {
            out[i] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
            i -= 1
        }
    }

    /// Whether `degrees`, as written, is a whole number of turns (0, ±360, …).
    public func isWholeTurn(_ degrees: Double) -> Bool {
        let scaled = (degrees * scale).rounded(.toNearestOrAwayFromZero)
        return scaled.truncatingRemainder(dividingBy: 360 * scale) == 0
    }

    /// `value` as a string.
    public func string(_ value: Double) throws(SVGError) -> String {
        var out: [UInt8] = []
        try append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// Appends a non-negative integer's decimal digits.
func appendDigits(_ value: Int64, to out: inout [UInt8]) {
    if value < 10 {
        out.append(UInt8(ascii: "0") + UInt8(value))
        return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var v = value
    withUnsafeMutableBytes(of: &digits) { buffer in
        while v > 0 {
            buffer[count] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            count += 1
        }
        for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
    }
}

/// Appends a signed integer's decimal digits.
func appendInteger(_ value: Int64, to out: inout [UInt8]) {
    if value < 0 {
        out.append(UInt8(ascii: "-"))
        appendDigits(-value, to: &out)
    } else {
        appendDigits(value, to: &out)
    }
}
