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
        var length: Double { pieceEnds.last?.length ?? 0 }
    }

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
        PathCurve(segments: segments.map { Segment(points: $0.points.map { $0 + offset }, pieceEnds: $0.pieceEnds) },
                  starts: starts, length: length, isClosed: isClosed)
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

    static func derivative(_ p: [Point], _ t: Double) -> Point {
        let u = 1 - t
        switch p.count {
        case 2: return p[1] - p[0]
        case 3: return 2 * u * (p[1] - p[0]) + 2 * t * (p[2] - p[1])
        default: return 3 * u * u * (p[1] - p[0]) + 6 * u * t * (p[2] - p[1]) + 3 * t * t * (p[3] - p[2])
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
    static func gaussLength(_ p: [Point], _ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, middle = (a + b) / 2
        var sum = 0.0
        for i in 0..<8 { sum += gaussWeights[i] * derivative(p, middle + half * gaussNodes[i]).length }
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

    /// The segment and its parameter at arc length `s` (clamped to the path; wrapped if closed).
    func locate(_ s: Double) -> (segment: Int, t: Double) {
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
        let segment = segments[low]
        let target = min(s - starts[low], segment.length)
        if segment.points.count == 2 { return (low, segment.length > 0 ? target / segment.length : 0) }
        // The piece that holds the target brackets the parameter.
        guard let piece = segment.pieceEnds.firstIndex(where: { $0.length >= target }) else { return (low, 1) }
        var a = piece == 0 ? 0 : segment.pieceEnds[piece - 1].t
        var b = segment.pieceEnds[piece].t
        let startLength = piece == 0 ? 0 : segment.pieceEnds[piece - 1].length
        var lengthAtA = startLength
        var t = a + (b - a) * (segment.pieceEnds[piece].length > startLength
            ? (target - startLength) / (segment.pieceEnds[piece].length - startLength) : 0)
        for _ in 0..<30 {
            let error = lengthAtA + Self.gaussLength(segment.points, a, t) - target
            if abs(error) < 1e-9 { break }
            if error > 0 { b = t } else { lengthAtA += Self.gaussLength(segment.points, a, t); a = t }
            let speed = Self.derivative(segment.points, t).length
            let newton = speed > 1e-12 ? t - error / speed : .nan
            // Newton when it stays inside the bracket, else bisection.
            t = newton > a && newton < b ? newton : (a + b) / 2
        }
        return (low, t)
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
    public func frame(atArcLength s: Double) -> (point: Point, tangent: Point) {
        let (i, t) = locate(s)
        return (Self.point(segments[i].points, t), unitTangent(segments[i].points, t))
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
