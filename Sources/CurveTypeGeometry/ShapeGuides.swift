#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fault in a shape's guides or paths: an unknown operator or name, a wrong count of
/// arguments, or a value that is not a finite number.
public struct ShapeGuideError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, for a person.
    public var reason: String

    /// An error for `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// One line for a person.
    public var description: String { reason }
}

/// One argument of a guide formula or path command: a number, or the name of a guide, an
/// adjust value or a built-in (`w`, `hd2`, `cd4`, …).
public enum ShapeGuideOperand: Sendable, Hashable, CustomStringConvertible {
    /// A literal number (lengths in the shape's units, angles in 60,000ths of a degree).
    case number(Double)
    /// A name, looked up when the formula is evaluated.
    case name(String)

    /// Reads `-5400000`, `21599999` or `hd2`.
    public init(parsing word: Substring) throws(ShapeGuideError) {
        guard let first = word.utf8.first else { throw ShapeGuideError("an empty argument") }
        if first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") && Self.isNumber(word)) {
            guard let value = Double(word), value.isFinite else { throw ShapeGuideError("\"\(word.prefix(40))\" is not a number") }
            self = .number(value)
        } else {
            guard word.utf8.count <= 40, word.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
                throw ShapeGuideError("\"\(String(decoding: word.utf8.prefix(40).map { $0 > 32 && $0 < 127 ? $0 : UInt8(ascii: "?") }, as: UTF8.self))\" is not a name")
            }
            self = .name(String(word))
        }
    }

    /// Built-in names may start with a digit (`3cd4`): a word is a number only when it is
    /// digits, with at most one point.
    private static func isNumber(_ word: Substring) -> Bool {
        word.utf8.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
    }

    /// The word as written.
    public var description: String {
        switch self {
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case .name(let name): name
        }
    }
}

/// A guide formula of DrawingML's shape language (ECMA-376 Part 1, §20.1.9.11): an operator and
/// its one to three arguments. Lengths are in the shape's units; angles in 60,000ths of a degree,
/// clockwise on screen (y down).
///
/// Why by hand: the preset shapes are defined in this small language and no library here
/// evaluates it.
public struct ShapeGuideFormula: Sendable, Hashable, CustomStringConvertible {
    /// The spec's seventeen operators.
    public enum Operator: String, Sendable, CaseIterable {
        /// `*/ x y z` = x·y / z
        case multiplyDivide = "*/"
        /// `+- x y z` = x + y − z
        case addSubtract = "+-"
        /// `+/ x y z` = (x + y) / z
        case addDivide = "+/"
        /// `?: x y z` = y if x > 0, else z
        case ifElse = "?:"
        /// `abs x`, `sqrt x`, `val x`; `max x y`, `min x y`; `mod x y z` = √(x² + y² + z²);
        /// `pin x y z` = y held between x and z; `at2 x y` = the angle of (x, y);
        /// `sin x y` = x·sin y, `cos x y` = x·cos y, `tan x y` = x·tan y;
        /// `cat2 x y z` = x·cos(at2 y z), `sat2 x y z` = x·sin(at2 y z).
        case abs, sqrt, val, max, min, mod, pin, at2, sin, cos, tan, cat2, sat2

        /// How many arguments it takes.
        public var arity: Int {
            switch self {
            case .abs, .sqrt, .val: 1
            case .max, .min, .at2, .sin, .cos, .tan: 2
            default: 3
            }
        }
    }

    /// The operator.
    public var op: Operator
    /// Its arguments, as many as it takes.
    public var arguments: [ShapeGuideOperand]

    /// Reads a formula as the spec writes it: `pin 0 adj 21599999`.
    public init(parsing text: Substring) throws(ShapeGuideError) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let head = words.first else { throw ShapeGuideError("an empty formula") }
        guard let op = Operator(rawValue: String(head)) else {
            throw ShapeGuideError("unknown operator \"\(head.prefix(20))\" (the spec has \(Operator.allCases.map(\.rawValue).joined(separator: " ")))")
        }
        guard words.count - 1 == op.arity else {
            throw ShapeGuideError("\(op.rawValue) takes \(op.arity) argument\(op.arity == 1 ? "" : "s"), not \(words.count - 1)")
        }
        var arguments: [ShapeGuideOperand] = []
        for word in words.dropFirst() { arguments.append(try ShapeGuideOperand(parsing: word)) }
        self.op = op
        self.arguments = arguments
    }

    /// The formula as the spec writes it.
    public var description: String { ([op.rawValue] + arguments.map(\.description)).joined(separator: " ") }

    /// The formula's value, its names looked up in `values`.
    public func evaluate(_ values: ShapeGuideValues) throws(ShapeGuideError) -> Double {
        var x = [0.0, 0.0, 0.0]
        for (index, argument) in arguments.enumerated() { x[index] = try values.value(of: argument) }
        let degree = Double.pi / 180 / 60_000
        let result: Double = switch op {
        case .multiplyDivide: x[0] * x[1] / x[2]
        case .addSubtract: x[0] + x[1] - x[2]
        case .addDivide: (x[0] + x[1]) / x[2]
        case .ifElse: x[0] > 0 ? x[1] : x[2]
        case .abs: Swift.abs(x[0])
        case .sqrt: x[0].squareRoot()
        case .val: x[0]
        case .max: Swift.max(x[0], x[1])
        case .min: Swift.min(x[0], x[1])
        case .mod: (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).squareRoot()
        case .pin: x[1] < x[0] ? x[0] : x[1] > x[2] ? x[2] : x[1]
        case .at2: atan2(x[1], x[0]) / degree
        case .sin: x[0] * sin(x[1] * degree)
        case .cos: x[0] * cos(x[1] * degree)
        case .tan: x[0] * tan(x[1] * degree)
        case .cat2: x[0] * cos(atan2(x[2], x[1]))
        case .sat2: x[0] * sin(atan2(x[2], x[1]))
        }
        guard result.isFinite else { throw ShapeGuideError("\(description) is not a finite number") }
        return result
    }
}

/// The values a shape's formulas read: the built-in names of a shape `w` × `h` (§20.1.9.11's
/// table: `l t r b w h hc vc ss ls`, `wd2`…`wd32`, `hd2`…`hd8`, `ssd2`…`ssd32`, `cd2 cd4 cd8
/// 3cd4 3cd8 5cd8 7cd8`), then the adjust values and guides in the order they are defined.
public struct ShapeGuideValues: Sendable {
    /// Every name defined so far, with its value.
    public private(set) var named: [String: Double]

    /// The built-in names for a shape `width` × `height` in its own units.
    public init(width w: Double, height h: Double) {
        let ss = Swift.min(w, h)
        named = [
            "l": 0, "t": 0, "r": w, "b": h, "w": w, "h": h, "hc": w / 2, "vc": h / 2,
            "ss": ss, "ls": Swift.max(w, h),
            "wd2": w / 2, "wd3": w / 3, "wd4": w / 4, "wd5": w / 5, "wd6": w / 6, "wd8": w / 8,
            "wd10": w / 10, "wd12": w / 12, "wd32": w / 32,
            "hd2": h / 2, "hd3": h / 3, "hd4": h / 4, "hd5": h / 5, "hd6": h / 6, "hd8": h / 8,
            "ssd2": ss / 2, "ssd4": ss / 4, "ssd6": ss / 6, "ssd8": ss / 8, "ssd16": ss / 16, "ssd32": ss / 32,
            "cd2": 10_800_000, "cd4": 5_400_000, "cd8": 2_700_000,
            "3cd4": 16_200_000, "3cd8": 8_100_000, "5cd8": 13_500_000, "7cd8": 18_900_000,
        ]
    }

    /// The value of a number or a defined name.
    public func value(of operand: ShapeGuideOperand) throws(ShapeGuideError) -> Double {
        switch operand {
        case .number(let value): return value
        case .name(let name):
            guard let value = named[name] else { throw ShapeGuideError("\"\(name)\" is not defined before it is used") }
            return value
        }
    }

    /// Defines `name` (a later definition replaces an earlier one, as the spec's guides may).
    public mutating func define(_ name: String, _ value: Double) { named[name] = value }
}

/// One drawing command of a shape's path (§20.1.9.15), its arguments as operands.
public enum ShapePathCommand: Sendable, Hashable {
    /// `moveTo`: starts a contour at (x, y).
    case move(ShapeGuideOperand, ShapeGuideOperand)
    /// `lnTo`: a line to (x, y).
    case line(ShapeGuideOperand, ShapeGuideOperand)
    /// `quadBezTo`: control point, end point.
    case quad([ShapeGuideOperand])
    /// `cubicBezTo`: two control points, end point.
    case cubic([ShapeGuideOperand])
    /// `arcTo`: an arc of the ellipse with radii `wR`, `hR` from the current point, which lies on
    /// it at `stAng`, sweeping `swAng` (60,000ths of a degree, clockwise on screen).
    case arc(wR: ShapeGuideOperand, hR: ShapeGuideOperand, stAng: ShapeGuideOperand, swAng: ShapeGuideOperand)
}

extension Path {
    /// The largest parametric angle one cubic spans when an arc is drawn: π/4 keeps the cubic
    /// within 4.2 × 10⁻⁶ of the radius of the true ellipse (0.0006 px on a 150 px radius).
    static let largestArcPiece = Double.pi / 4

    /// A shape's path, its operands looked up in `values`: `arcTo` as cubics of at most π/4 of
    /// the ellipse each. The spec's angles are visual (the direction from the ellipse's centre),
    /// so each is turned into the ellipse's parametric angle, t = atan2(wR·sin θ, hR·cos θ), as
    /// the spec's own guides turn it (`cat2`/`sat2`) to find the arc's start point.
    public init(shapeCommands commands: [ShapePathCommand], values: ShapeGuideValues) throws(ShapeGuideError) {
        self.init()
        var current = Point.zero
        func point(_ x: ShapeGuideOperand, _ y: ShapeGuideOperand) throws(ShapeGuideError) -> Point {
            Point(x: try values.value(of: x), y: try values.value(of: y))
        }
        func points(_ operands: [ShapeGuideOperand], _ count: Int) throws(ShapeGuideError) -> [Point] {
            guard operands.count == count * 2 else { throw ShapeGuideError("a Bézier command takes \(count) points") }
            var out: [Point] = []
            for i in 0..<count { out.append(try point(operands[2 * i], operands[2 * i + 1])) }
            return out
        }
        for command in commands {
            switch command {
            case .move(let x, let y):
                current = try point(x, y)
                move(to: current)
            case .line(let x, let y):
                current = try point(x, y)
                line(to: current)
            case .quad(let operands):
                let p = try points(operands, 2)
                quad(to: p[1], control: p[0])
                current = p[1]
            case .cubic(let operands):
                let p = try points(operands, 3)
                cubic(to: p[2], control1: p[0], control2: p[1])
                current = p[2]
            case .arc(let wOperand, let hOperand, let startOperand, let sweepOperand):
                let wR = try values.value(of: wOperand), hR = try values.value(of: hOperand)
                let degree = Double.pi / 180 / 60_000
                let start = try values.value(of: startOperand) * degree
                let sweep = try values.value(of: sweepOperand) * degree
                guard abs(sweep) <= 4 * .pi else { throw ShapeGuideError("an arc sweeps more than two turns") }
                func parametric(_ angle: Double) -> Double { atan2(wR * sin(angle), hR * cos(angle)) }
                let t0 = parametric(start)
                // The end's parametric angle, the turns added that bring it nearest the sweep:
                // visual and parametric angles agree at every quarter turn and differ by less
                // than one between them.
                var t1 = parametric(start + sweep)
                t1 += ((t0 + sweep - t1) / (2 * .pi)).rounded() * 2 * .pi
                let centre = current - Point(x: wR * cos(t0), y: hR * sin(t0))
                let span = t1 - t0
                guard span != 0 else { continue }
                let pieces = Swift.max(1, Int((abs(span) / Self.largestArcPiece).rounded(.up)))
                let step = span / Double(pieces)
                let k = 4.0 / 3 * tan(step / 4)
                func at(_ t: Double) -> Point { centre + Point(x: wR * cos(t), y: hR * sin(t)) }
                func velocity(_ t: Double) -> Point { Point(x: -wR * sin(t), y: hR * cos(t)) }
                for piece in 0..<pieces {
                    let a = t0 + step * Double(piece), b = piece == pieces - 1 ? t1 : a + step
                    let p0 = at(a), p1 = at(b)
                    cubic(to: p1, control1: p0 + velocity(a) * k, control2: p1 - velocity(b) * k)
                    current = p1
                }
            }
            guard current.isFinite else { throw ShapeGuideError("a path point is not a finite number") }
        }
    }
}
