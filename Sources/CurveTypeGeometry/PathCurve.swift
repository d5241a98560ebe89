#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A path (lines, quadratic and cubic Béziers; several subpaths) parametrised by arc length, in
/// its own units (px, y down). Subpaths follow one another: a move adds no length, so text runs
/// on from the end of one subpath to the start of the next, as SVG's `<textPath>` does.
///
/// Arc length is exact for lines. For curves it is the integral of the speed by 8-point
/// Gauss–Legendre quadrature, each segment split into pieces until two estimates agree within
/// `PathCurve.tolerance` (0.0001 px a segment, so a path of a thousand segments is still within
/// 0.1 px and a typical one within 0.001 px). Its inverse takes Newton steps on the parameter,
/// guarded by bisection of the piece that holds the length.
public struct PathCurve: ArcLengthCurve {
    /// The agreement asked of each segment's arc length, px.
    public static let tolerance = 1e-4

    /// One drawable segment, control points in order (2 for a line, 3 quadratic, 4 cubic), and
    /// its pieces: parameter and arc length at each piece's end, from 0.
    struct Segment: Sendable {
        var points: [Point]
        var pieceEnds: [(t: Double, length: Double)]
        /// Where a tabulated curve's inverse starts: for each piece, `knotsPerPiece` + 1 points
        /// (its ends and equal steps of t between), each with its parameter, its arc length from
        /// the segment's start as `locate` measures it, and d t / d s there. Empty when not
        /// tabulated (see `tabulated()`).
        var knots: [(t: Double, length: Double, slope: Double)] = []
        var length: Double { pieceEnds.last?.length ?? 0 }
    }

    /// Knots a piece is given by `tabulated()`.
    static let knotsPerPiece = 16

    let segments: [Segment]
    /// Arc length at the start of each segment.
    let starts: [Double]
    /// Arc length at each join between segments, px: where a path's tangent may turn at once.
    package var joins: [Double] { Array(starts.dropFirst()) }
    /// The path's length, px, over every contour.
    public let length: Double
    /// Whether the path is one closed contour.
    public let isClosed: Bool

    /// The path's drawable segments; `nil` when it has no length (nothing but moves, or empty).
    public init?(_ path: Path) {
        var segments: [Segment] = []
        var current = Point.zero, subpathStart = Point.zero
        var subpaths = 0
        var closedLast = false
        var budget = Self.maximumPieces
        for element in path.elements {
            var points: [Point]
            switch element {
            case .move(let p):
                current = p; subpathStart = p; subpaths += 1; closedLast = false
                continue
            case .line(let p): points = [current, p]
            case .quad(let c, let p): points = [current, c, p]
            case .cubic(let c1, let c2, let p): points = [current, c1, c2, p]
            case .close:
                points = [current, subpathStart]
                closedLast = true
            }
            current = points[points.count - 1]
            guard points.allSatisfy(\.isFinite) else { return nil }
            let segment = Self.measure(points, budget: &budget)
            if segment.length > 0 { segments.append(segment) }
        }
        var starts: [Double] = []
        var total = 0.0
        for segment in segments {
            starts.append(total)
            total += segment.length
        }
        guard total > 0, total.isFinite else { return nil }
        self.segments = segments
        self.starts = starts
        self.length = total
        self.isClosed = subpaths == 1 && closedLast
    }

    /// The same curve moved by `offset` px (arc lengths unchanged, nothing measured again).
    public func translated(by offset: Point) -> PathCurve {
        PathCurve(segments: segments.map { Segment(points: $0.points.map { $0 + offset }, pieceEnds: $0.pieceEnds, knots: $0.knots) },
                  starts: starts, length: length, isClosed: isClosed)
    }

    /// The same curve with its inverse tabulated: for a curve looked up at many lengths (an
    /// edge every outline point of a warp is mapped to), each piece gets knots, so `locate`'s
    /// Newton steps start within about 10⁻⁹ px and usually end at the first check. The lengths
    /// found are those of the curve untabulated, within `locate`'s 10⁻⁹ px. At most `budget`
    /// knots are made (pieces beyond go without), which bounds the work on a hostile path.
    package func tabulated(budget: Int = 1 << 14) -> PathCurve {
        var left = budget
        let tabulated = segments.map { segment -> Segment in
            guard segment.points.count > 2, left >= segment.pieceEnds.count * (Self.knotsPerPiece + 1) else { return segment }
            var out = segment
            out.knots.reserveCapacity(segment.pieceEnds.count * (Self.knotsPerPiece + 1))
            var a = 0.0, lengthAtA = 0.0
            for end in segment.pieceEnds {
                for k in 0...Self.knotsPerPiece {
                    let t = k == Self.knotsPerPiece ? end.t : a + (end.t - a) * Double(k) / Double(Self.knotsPerPiece)
                    let length = k == 0 ? lengthAtA : k == Self.knotsPerPiece ? end.length : lengthAtA + Self.gaussLength(segment.points, a, t)
                    let speed = Self.derivative(segment.points, t).length
                    out.knots.append((t, length, speed > 1e-12 ? 1 / speed : .nan))
                }
                a = end.t
                lengthAtA = end.length
            }
            left -= out.knots.count
            return out
        }
        return PathCurve(segments: tabulated, starts: starts, length: length, isClosed: isClosed)
    }

    private init(segments: [Segment], starts: [Double], length: Double, isClosed: Bool) {
        self.segments = segments
        self.starts = starts
        self.length = length
        self.isClosed = isClosed
    }

    // MARK: Arc length

    static let gaussNodes: [Double] = [-0.9602898564975363, -0.7966664774136267, -0.5255324099163290, -0.1834346424956498,
                                       0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363]
    static let gaussWeights: [Double] = [0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.3626837833783620,
                                         0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763]

    /// The derivative by t of a line, quadratic or cubic given by its control points.
    package static func derivative(_ p: [Point], _ t: Double) -> Point {
        let u = 1 - t
        switch p.count {
        case 2: return p[1] - p[0]
        case 3: return 2 * u * (p[1] - p[0]) + 2 * t * (p[2] - p[1])
        default: return 3 * u * u * (p[1] - p[0]) + 6 * u * t * (p[2] - p[1]) + 3 * t * t * (p[3] - p[2])
        }
    }

    /// The second derivative by t of a line, quadratic or cubic given by its control points.
    static func secondDerivative(_ p: [Point], _ t: Double) -> Point {
        switch p.count {
        case 2: return .zero
        case 3: return 2 * (p[2] - p[1] - (p[1] - p[0]))
        default: return 6 * (1 - t) * (p[2] - p[1] - (p[1] - p[0])) + 6 * t * (p[3] - p[2] - (p[2] - p[1]))
        }
    }

    /// The point at parameter `t` of a line, quadratic or cubic given by its control points.
    package static func point(_ p: [Point], _ t: Double) -> Point {
        let u = 1 - t
        switch p.count {
        case 2: return p[0] * u + p[1] * t
        case 3: return p[0] * (u * u) + p[1] * (2 * u * t) + p[2] * (t * t)
        default: return p[0] * (u * u * u) + p[1] * (3 * u * u * t) + p[2] * (3 * u * t * t) + p[3] * (t * t * t)
        }
    }

    /// Arc length from `a` to `b` (parameters) by one 8-point Gauss–Legendre rule.
    /// The speed is evaluated from the derivative's power form, d/dt = c2 t² + c1 t + c0, found
    /// once for the eight nodes (the innermost loop of every arc-length lookup).
    static func gaussLength(_ p: [Point], _ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, middle = (a + b) / 2
        var c0 = Point.zero, c1 = Point.zero, c2 = Point.zero
        switch p.count {
        case 2: return (p[1] - p[0]).length * (b - a)
        case 3:
            c0 = 2 * (p[1] - p[0]); c1 = 2 * (p[2] - p[1] - (p[1] - p[0]))
        default:
            let d0 = p[1] - p[0], d1 = p[2] - p[1], d2 = p[3] - p[2]
            c0 = 3 * d0; c1 = 6 * (d1 - d0); c2 = 3 * (d2 - d1 - (d1 - d0))
        }
        var sum = 0.0
        for i in 0..<8 {
            let t = middle + half * gaussNodes[i]
            let x = (c2.x * t + c1.x) * t + c0.x, y = (c2.y * t + c1.y) * t + c0.y
            sum += gaussWeights[i] * (x * x + y * y).squareRoot()
        }
        return sum * half
    }

    /// The most pieces a path is measured in: bounds the work on hostile data (a curve refined
    /// to the tolerance takes 2 to 16).
    static let maximumPieces = 1 << 20

    /// The segment's pieces: halves until the halves' sum agrees with the whole (depth ≤ 10;
    /// no further once the path's `budget` of pieces is spent or a length is not finite).
    static func measure(_ points: [Point], budget: inout Int) -> Segment {
        if points.count == 2 {
            return Segment(points: points, pieceEnds: [(1, points[0].distance(to: points[1]))])
        }
        var ends: [(t: Double, length: Double)] = []
        var total = 0.0
        func refine(_ a: Double, _ b: Double, _ whole: Double, _ depth: Int) {
            let m = (a + b) / 2
            let left = gaussLength(points, a, m), right = gaussLength(points, m, b)
            if depth >= 10 || budget <= 0 || !(left + right).isFinite || abs(left + right - whole) <= tolerance * (b - a) {
                budget -= 2
                total += left
                ends.append((m, total))
                total += right
                ends.append((b, total))
            } else {
                refine(a, m, left, depth + 1)
                refine(m, b, right, depth + 1)
            }
        }
        refine(0, 1, gaussLength(points, 0, 1), 0)
        return Segment(points: points, pieceEnds: ends)
    }

    // MARK: Inverse

    /// Which segment a length that falls on a join between two segments belongs to.
    package enum JoinSide: Sendable {
        /// The segment ending there (the tangent arriving).
        case arriving
        /// The segment starting there (the tangent leaving).
        case leaving
    }

    /// The segment and its parameter at arc length `s` (clamped to the path; wrapped if closed).
    /// Within 10⁻⁹ of the path's length of a join, `side` picks the segment; `nil` takes the
    /// last segment starting at or before `s`.
    func locate(_ s: Double, side: JoinSide? = nil) -> (segment: Int, t: Double) {
        var s = s
        if isClosed {
            s = s.truncatingRemainder(dividingBy: length)
            if s < 0 { s += length }
        }
        s = min(max(s.isFinite ? s : 0, 0), length)
        // The last segment starting at or before s.
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= s { low = middle } else { high = middle - 1 }
        }
        let near = 1e-9 * max(1, length)
        switch side {
        case .arriving? where s - starts[low] <= near && (low > 0 || isClosed):
            return (low > 0 ? low - 1 : segments.count - 1, 1)
        case .leaving? where low + 1 < segments.count && starts[low + 1] - s <= near:
            return (low + 1, 0)
        default: break
        }
        let segment = segments[low]
        let target = min(s - starts[low], segment.length)
        if segment.points.count == 2 { return (low, segment.length > 0 ? target / segment.length : 0) }
        // The piece that holds the target brackets the parameter.
        guard let piece = segment.pieceEnds.firstIndex(where: { $0.length >= target }) else { return (low, 1) }
        var a = piece == 0 ? 0 : segment.pieceEnds[piece - 1].t
        var b = segment.pieceEnds[piece].t
        let startLength = piece == 0 ? 0 : segment.pieceEnds[piece - 1].length
        var lengthAtA = startLength
        var t = Self.guess(segment, piece: piece, a: a, b: b, lengthAtA: startLength, target: target)
        for _ in 0..<30 {
            let lengthAtT = lengthAtA + Self.gaussLength(segment.points, a, t)
            let error = lengthAtT - target
            if abs(error) < 1e-9 { break }
            if error > 0 { b = t } else { lengthAtA = lengthAtT; a = t }
            let speed = Self.derivative(segment.points, t).length
            let newton = speed > 1e-12 ? t - error / speed : .nan
            // Newton when it stays inside the bracket, else bisection.
            t = newton > a && newton < b ? newton : (a + b) / 2
        }
        return (low, t)
    }

    /// A first parameter for arc length `target` in piece `piece` (from `a` to `b`): the cubic
    /// Hermite curve through the ends of the knots' step that holds it (the piece's ends when
    /// not tabulated), whose slopes are d t / d s there, so Newton's method starts close.
    private static func guess(_ segment: Segment, piece: Int, a: Double, b: Double, lengthAtA: Double, target: Double) -> Double {
        let linear = { (t0: Double, t1: Double, s0: Double, s1: Double) in s1 > s0 ? t0 + (t1 - t0) * (target - s0) / (s1 - s0) : t0 }
        var first = (t: a, length: lengthAtA, slope: Double.nan), last = (t: b, length: segment.pieceEnds[piece].length, slope: Double.nan)
        if !segment.knots.isEmpty {
            let base = piece * (knotsPerPiece + 1)
            var k = base
            while k < base + knotsPerPiece - 1 && segment.knots[k + 1].length < target { k += 1 }
            first = segment.knots[k]; last = segment.knots[k + 1]
        } else {
            let speedA = derivative(segment.points, a).length, speedB = derivative(segment.points, b).length
            if speedA > 1e-12 { first.slope = 1 / speedA }
            if speedB > 1e-12 { last.slope = 1 / speedB }
        }
        let h = last.length - first.length
        guard h > 0, first.slope.isFinite, last.slope.isFinite else { return linear(first.t, last.t, first.length, last.length) }
        let x = (target - first.length) / h, x2 = x * x, x3 = x2 * x
        let t = (2 * x3 - 3 * x2 + 1) * first.t + (x3 - 2 * x2 + x) * h * first.slope
            + (3 * x2 - 2 * x3) * last.t + (x3 - x2) * h * last.slope
        return t > a && t < b ? t : linear(first.t, last.t, first.length, last.length)
    }

    /// The point at arc length `s` px along the path.
    public func point(atArcLength s: Double) -> Point {
        let (i, t) = locate(s)
        return Self.point(segments[i].points, t)
    }

    /// The unit tangent at arc length `s`.
    public func tangent(atArcLength s: Double) -> Point {
        let (i, t) = locate(s)
        return unitTangent(segments[i].points, t)
    }

    /// The point and the unit tangent at arc length `s`.
    public func pointAndTangent(atArcLength s: Double) -> (point: Point, tangent: Point) {
        let (i, t) = locate(s)
        return (Self.point(segments[i].points, t), unitTangent(segments[i].points, t))
    }

    /// The point, the unit tangent and the tangent's turn per px of arc length (d tangent / d s,
    /// px⁻¹, the curvature vector) at arc length `s`; at a join, on the segment `side` names.
    /// The turn is zero on lines and where the speed vanishes.
    package func differential(atArcLength s: Double, side: JoinSide) -> (point: Point, tangent: Point, turn: Point) {
        let (i, t) = locate(s, side: side)
        let p = segments[i].points
        let velocity = Self.derivative(p, t)
        let speed = velocity.length
        // unitTangent's own result where the speed is not small, without its derivative again.
        let tangent = speed < 1e-12 ? unitTangent(p, t) : velocity * (1 / speed)
        let speedSquared = velocity.dot(velocity)
        guard p.count > 2, speedSquared > 1e-24 else { return (Self.point(p, t), tangent, .zero) }
        let acceleration = Self.secondDerivative(p, t)
        // The part of the acceleration across the tangent, over the speed squared.
        let turn = (acceleration - tangent * acceleration.dot(tangent)) * (1 / speedSquared)
        return (Self.point(p, t), tangent, turn)
    }

    /// The unit tangent; where the speed vanishes (a control point on an end), the chord's
    /// direction toward the nearer side.
    private func unitTangent(_ p: [Point], _ t: Double) -> Point {
        var d = Self.derivative(p, t)
        if d.length < 1e-12 { d = t < 0.5 ? Self.point(p, min(t + 1e-6, 1)) - Self.point(p, t) : Self.point(p, t) - Self.point(p, max(t - 1e-6, 0)) }
        if d.length < 1e-12 { d = p[p.count - 1] - p[0] }
        let length = d.length
        return length > 0 ? d * (1 / length) : Point(x: 1, y: 0)
    }
}
