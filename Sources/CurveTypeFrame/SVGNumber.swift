import CurveTypeGeometry
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why an SVG could not be written.
public enum SVGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A number that is infinite or not a number.
    case nonFiniteNumber
    /// A number too large to write with the precision.
    case numberOutOfRange(Double)
    /// A precision outside 0…6.
    case invalidPrecision(Int)
    /// A colour CSS would not read.
    case invalidColor(String)
    /// An id prefix that cannot start an XML id.
    case invalidIDPrefix(String)
    /// A logo that cannot be read as SVG, with the reason.
    case invalidLogo(String)
    /// A drawing the writer refuses to write, with the reason (a colour glyph past its bound).
    case refused(String)
    /// Numbers of `precision` decimals would move the drawing's points further (px) than its
    /// tolerance leaves for rounding, `allowance` (`Frame.roundingAllowance`).
    case roundsPastTolerance(allowance: Double, precision: Int)

    /// One line for a person.
    public var description: String {
        switch self {
        case .nonFiniteNumber: return "a coordinate is not a finite number"
        case .numberOutOfRange(let v): return "a coordinate is too large to write: \(v)"
        case .invalidPrecision(let p): return "precision must be a whole number from 0 to 6, not \(p)"
        case .invalidColor(let c): return "not a colour: \"\(c)\" (use a CSS name, #rgb, #rrggbb, #rrggbbaa, rgb(), hsl(), hwb(), transparent or currentColor)"
        case .invalidIDPrefix(let p): return "not a usable id prefix: \"\(p)\" (use a letter, then letters, digits, '-' or '_')"
        case .invalidLogo(let reason): return "the logo is not usable: \(reason)"
        case .refused(let reason): return reason
        case .roundsPastTolerance(let allowance, let precision):
            return Self.rounding(allowance: allowance, precision: precision) + ": write more decimals or give a larger tolerance"
        }
    }

    /// What `roundsPastTolerance` says, without the advice: "the drawing's tolerance leaves
    /// 0.0071 px for rounding, and precision 1 rounds a point by up to 0.071 px".
    public static func rounding(allowance: Double, precision: Int) -> String {
        cFormat("the drawing's tolerance leaves %.2g px for rounding, and precision %d rounds a point by up to %.2g px",
                allowance, precision, SVGNumberFormat(unchecked: precision).pointRounding)
    }
}

/// Writes numbers one way only: `precision` decimals, rounded half away from zero, trailing zeros
/// and a bare `.` trimmed, `-0` written `0`, never an exponent, `.` as the decimal point whatever
/// the locale. The result depends only on the IEEE double and the precision, so it is the same on
/// every machine.
public struct SVGNumberFormat: Sendable, Hashable {
    /// Decimals written, 0…`maxPrecision`.
    public let precision: Int
    private let scale: Double

    /// The most decimals: beyond a millionth of a px no viewer differs.
    public static let maxPrecision = 6

    /// Two decimals, the default: a hundredth of a px.
    public static let hundredths = SVGNumberFormat(unchecked: 2)

    /// A format of `precision` decimals; throws outside 0…`maxPrecision`.
    public init(precision: Int) throws(SVGError) {
        guard (0...Self.maxPrecision).contains(precision) else { throw .invalidPrecision(precision) }
        self.init(unchecked: precision)
    }

    /// Any precision up to 12, for factors such as a glyph scale that need more digits than
    /// coordinates do.
    package init(unchecked precision: Int) {
        self.precision = precision
        var unit: Int64 = 1
        for _ in 0..<precision { unit *= 10 }
        self.scale = Double(unit)
    }

    /// `value` rounded up to this format's decimals (a size that must not shrink when it is
    /// written); a value already written exactly stays as it is.
    public func roundedUp(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return (value * scale - 1e-6).rounded(.up) / scale
    }

    /// The rounding of a point written in this format: at most half a unit of the last
    /// decimal in x and in y, px.
    public var pointRounding: Double { 0.5 / scale * 2.0.squareRoot() }

    /// Appends `value` as ASCII bytes.
    public func append(_ value: Double, to out: inout [UInt8]) throws(SVGError) {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumBytes) { buffer throws(SVGError) in
            guard let base = buffer.baseAddress else { return }
            let count = try write(value, into: base)
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// The most bytes `write(_:into:)` writes: 16 digits, a point and a sign.
    package static let maximumBytes = 24

    /// Writes `value` as ASCII bytes at `start`, which has room for `maximumBytes`; returns
    /// how many. The one routine every number of a document goes through.
    package func write(_ value: Double, into start: UnsafeMutablePointer<UInt8>) throws(SVGError) -> Int {
        guard value.isFinite else { throw .nonFiniteNumber }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 1e15 else { throw .numberOutOfRange(value) }
        let n = Int64(scaled)
        if n == 0 {
            start[0] = UInt8(ascii: "0")
            return 1
        }
        // Digits are written right to left into a stack buffer, then copied at once.
        var digitsBuffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &digitsBuffer) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            var i = 24
            var magnitude = n.magnitude
            var digits = precision
            // Fraction digits, trailing zeros dropped.
            while digits > 0 && magnitude % 10 == 0 {
                magnitude /= 10
                digits -= 1
            }
            if digits > 0 {
                for _ in 0..<digits {
                    i -= 1
                    buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                    magnitude /= 10
                }
                i -= 1
                buffer[i] = UInt8(ascii: ".")
            }
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if n < 0 {
                i -= 1
                buffer[i] = UInt8(ascii: "-")
            }
            guard let base = buffer.baseAddress else { return 0 }
            start.update(from: base + i, count: 24 - i)
            return 24 - i
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

extension SVGNumberFormat {
    /// Path data for `path` (px): each command's letter and its points in this format, as the
    /// SVG writer writes a shape. A canonical text of a path, such as for an id's hash, so a
    /// prefix does not depend on how the user's path data was spelled.
    public func pathText(_ path: Path) throws(SVGError) -> String {
        var out = ""
        func pair(_ p: Point) throws(SVGError) { out += try string(p.x) + " " + string(p.y) }
        for element in path.elements {
            switch element {
            case .move(let p): out += "M"; try pair(p)
            case .line(let p): out += "L"; try pair(p)
            case .quad(let c, let p): out += "Q"; try pair(c); out += " "; try pair(p)
            case .cubic(let c1, let c2, let p): out += "C"; try pair(c1); out += " "; try pair(c2); out += " "; try pair(p)
            case .close: out += "Z"
            }
        }
        return out
    }
}
