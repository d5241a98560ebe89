#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fault in SVG path data, at a character position (0-based, in UTF-8 bytes: path data is
/// ASCII, so bytes and characters agree up to the fault).
public struct PathDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The character where reading stopped, counted from 0.
    public var position: Int
    /// What was wrong there.
    public var reason: String

    /// An error at character `position` for `reason`.
    public init(position: Int, reason: String) {
        self.position = position
        self.reason = reason
    }

    /// One line for a person.
    public var description: String { "path data, character \(position + 1): \(reason)" }
}

extension Path {
    /// The longest path data read: far more than any drawn path, and bounded work.
    public static let maximumDataBytes = 1 << 20

    /// Reads SVG path data (the `d` attribute, SVG 2's grammar: M, L, H, V, C, S, Q, T, A and Z,
    /// absolute and relative, implicit repeats, several subpaths) in its own user units (px,
    /// y down). H, V, S and T become lines, cubics and quadratics; an elliptical arc becomes at
    /// most four cubics, as the SVG implementation notes convert it, with out-of-range radii
    /// scaled up, zero radii drawn as a line and an arc to its own start point left out.
    ///
    /// Why by hand: no library here parses path data; the grammar is small and the error must
    /// name where the data goes wrong, which a viewer's "render up to the error" does not.
    public init(svgPathData text: String) throws(PathDataError) {
        var parser = PathDataParser(Array(text.utf8))
        guard parser.bytes.count <= Self.maximumDataBytes else {
            throw PathDataError(position: Self.maximumDataBytes, reason: "longer than \(Self.maximumDataBytes) bytes")
        }
        self.init(try parser.parse())
    }
}

/// The parser's state: position, current point, the subpath's start and the last control point.
private struct PathDataParser {
    let bytes: [UInt8]
    var index = 0
    var elements: [PathElement] = []
    var current = Point.zero
    var subpathStart = Point.zero
    /// The last cubic's second control point, or quadratic's control point, for S and T.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ reason: String, at position: Int? = nil) -> PathDataError {
        PathDataError(position: position ?? index, reason: reason)
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    mutating func skipSpaces() { while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 } }

    /// Spaces, at most one comma, spaces.
    mutating func skipSeparator() {
        skipSpaces()
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; skipSpaces() }
    }

    /// Whether a number (or an arc flag) may start here.
    var atNumber: Bool {
        guard index < bytes.count else { return false }
        let b = bytes[index]
        return (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    /// `[+-]? (digits ("." digits?)? | "." digits) ([eE] [+-]? digits)?`, a finite value.
    mutating func number() throws(PathDataError) -> Double {
        skipSeparator()
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            throw fail(index < bytes.count ? "expected a number, found '\(Character(Unicode.Scalar(bytes[index])))'" : "expected a number, found the end", at: index < bytes.count ? index : start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            if digits() == 0 { index = mark }  // "1e" is 1 followed by something else
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw fail("number out of range", at: start)
        }
        return value
    }

    /// An arc flag: a single 0 or 1, which needs no separator after it.
    mutating func flag() throws(PathDataError) -> Bool {
        skipSeparator()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw fail("expected an arc flag, 0 or 1")
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    mutating func point(relative: Bool) throws(PathDataError) -> Point {
        let x = try number()
        let y = try number()
        return relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
    }

    mutating func parse() throws(PathDataError) -> [PathElement] {
        skipSpaces()
        guard index < bytes.count else { return [] }
        var command: UInt8 = 0
        while true {
            skipSpaces()
            guard index < bytes.count else { break }
            let b = bytes[index]
            if (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) {
                guard "MmLlHhVvCcSsQqTtAaZz".utf8.contains(b) else {
                    throw fail("unknown command '\(Character(Unicode.Scalar(b)))'")
                }
                command = b
                index += 1
                if elements.isEmpty, command != UInt8(ascii: "M"), command != UInt8(ascii: "m") {
                    throw fail("path data must start with M or m", at: index - 1)
                }
            } else if command == 0 {
                throw fail("path data must start with M or m")
            } else if !atNumber && b != UInt8(ascii: ",") {
                throw fail("unexpected '\(Character(Unicode.Scalar(b)))'")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw fail("Z takes no numbers")
            }
            // A command's letter may be left out when it repeats; after M it repeats as L.
            try segment(command)
            if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
        }
        return elements
    }

    mutating func segment(_ command: UInt8) throws(PathDataError) {
        skipSpaces()
        let start = index, count = elements.count
        try readSegment(command)
        // Finite numbers can still add up past the largest double (1e308 + 1e308).
        for element in elements[count...] {
            let points: [Point] = switch element {
            case .move(let p), .line(let p): [p]
            case .quad(let c, let p): [c, p]
            case .cubic(let c1, let c2, let p): [c1, c2, p]
            case .close: []
            }
            guard points.allSatisfy(\.isFinite) else { throw fail("coordinates out of range", at: start) }
        }
    }

    mutating func readSegment(_ command: UInt8) throws(PathDataError) {
        let relative = command >= 0x61
        var cubicControl: Point?
        var quadControl: Point?
        switch command | 0x20 {  // lower case
        case UInt8(ascii: "m"):
            current = try point(relative: relative)
            subpathStart = current
            elements.append(.move(current))
        case UInt8(ascii: "l"):
            current = try point(relative: relative)
            elements.append(.line(current))
        case UInt8(ascii: "h"):
            let x = try number()
            current = Point(x: relative ? current.x + x : x, y: current.y)
            elements.append(.line(current))
        case UInt8(ascii: "v"):
            let y = try number()
            current = Point(x: current.x, y: relative ? current.y + y : y)
            elements.append(.line(current))
        case UInt8(ascii: "c"):
            let c1 = try point(relative: relative), c2 = try point(relative: relative), end = try point(relative: relative)
            elements.append(.cubic(c1, c2, end))
            current = end
            cubicControl = c2
        case UInt8(ascii: "s"):
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try point(relative: relative), end = try point(relative: relative)
            elements.append(.cubic(c1, c2, end))
            current = end
            cubicControl = c2
        case UInt8(ascii: "q"):
            let c = try point(relative: relative), end = try point(relative: relative)
            elements.append(.quad(c, end))
            current = end
            quadControl = c
        case UInt8(ascii: "t"):
            let c = lastQuadControl.map { current * 2 - $0 } ?? current
            let end = try point(relative: relative)
            elements.append(.quad(c, end))
            current = end
            quadControl = c
        case UInt8(ascii: "a"):
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let end = try point(relative: relative)
            elements += EllipticalArc.cubics(from: current, to: end, rx: rx, ry: ry, rotationDegrees: rotation,
                                             largeArc: large, sweep: sweep)
            current = end
        case UInt8(ascii: "z"):
            elements.append(.close)
            current = subpathStart
        default:
            break  // parse() reads only the commands above
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }
}

/// SVG's elliptical arc, endpoint form, as cubic Béziers (SVG 1.1 implementation notes F.6.5,
/// F.6.6 for radii out of range), each cubic at most 45° of the ellipse.
package enum EllipticalArc {
    package static func cubics(from start: Point, to end: Point, rx: Double, ry: Double, rotationDegrees: Double,
                       largeArc: Bool, sweep: Bool) -> [PathElement] {
        if start == end { return [] }
        var rx = abs(rx), ry = abs(ry)
        if rx == 0 || ry == 0 { return [.line(end)] }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coefficient = denominator > 0 ? (max(0, numerator) / denominator).squareRoot() : 0
        if largeArc == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry
        let cy1 = -coefficient * ry * x1 / rx
        let center = Point(x: cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2,
                           y: sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2)
        let theta1 = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta1
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        // Coordinates near the largest double overflow on the way: a line, as for zero radii.
        guard delta.isFinite, rx.isFinite, ry.isFinite, center.isFinite else { return [.line(end)] }

        func pointAt(_ theta: Double) -> Point {
            let x = rx * cos(theta), y = ry * sin(theta)
            return Point(x: center.x + cosPhi * x - sinPhi * y, y: center.y + sinPhi * x + cosPhi * y)
        }
        func derivativeAt(_ theta: Double) -> Point {
            let x = -rx * sin(theta), y = ry * cos(theta)
            return Point(x: cosPhi * x - sinPhi * y, y: sinPhi * x + cosPhi * y)
        }
        // At most an eighth of a turn a cubic: its radial error is then below 0.0005% of the
        // radius (0.005 px at 1,000 px), so a circle drawn as arcs is the circle to 0.01 px.
        let count = max(1, Int((abs(delta) / (.pi / 4) - 1e-9).rounded(.up)))
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        var cubics: [PathElement] = []
        var from = start
        for i in 0..<count {
            let a = theta1 + step * Double(i), b = a + step
            let to = i == count - 1 ? end : pointAt(b)
            cubics.append(.cubic(from + derivativeAt(a) * k, to - derivativeAt(b) * k, to))
            from = to
        }
        return cubics
    }
}
