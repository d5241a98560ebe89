import CurveTypeGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Fits lines and circular arcs to a polyline, each within a tolerance of every point and of
/// the middle of every segment it replaces: what DXF's bulges and G-code's G2/G3 draw. Greedy,
/// from the start: the step that covers the most points wins (a line where it covers as many).
/// Written by hand: no library on the machine fits arcs to a polyline. An arc's centre is
/// equidistant from its ends by construction (the circle through them).
enum ArcFitter {
    /// The most points one step may cover: a bound on the fitting's time (quadratic in it).
    static let maximumSpan = 256

    static func fit(_ points: [Point], closed: Bool, color: String, tolerance: Double, arcs: Bool) -> MachinePath {
        var path = MachinePath(start: points.first ?? .zero, steps: [], isClosed: closed, color: color)
        var i = 0
        while i < points.count - 1 {
            var lineEnd = i + 1
            while lineEnd + 1 < points.count, lineEnd + 1 - i <= maximumSpan, fitsLine(points, i, lineEnd + 1, tolerance) {
                lineEnd += 1
            }
            var arcEnd = i, arc: (center: Point, ccw: Bool)?
            if arcs {
                var j = i + 2
                while j < points.count, j - i <= maximumSpan, let fitted = fitsArc(points, i, j, tolerance) {
                    arcEnd = j
                    arc = fitted
                    j += 1
                }
            }
            if let arc, arcEnd > lineEnd {
                path.steps.append(.arc(to: points[arcEnd], center: arc.center, counterClockwise: arc.ccw))
                i = arcEnd
            } else {
                path.steps.append(.line(points[lineEnd]))
                i = lineEnd
            }
        }
        return path
    }

    private static func distance(_ q: Point, toSegment a: Point, _ b: Point) -> Double {
        let d = b - a
        let length2 = d.dot(d)
        guard length2 > 0 else { return q.distance(to: a) }
        let t = max(0, min(1, (q - a).dot(d) / length2))
        return q.distance(to: a + d * t)
    }

    /// Whether the line from `points[i]` to `points[j]` passes within `tolerance` of every
    /// point between.
    private static func fitsLine(_ points: [Point], _ i: Int, _ j: Int, _ tolerance: Double) -> Bool {
        for k in (i + 1)..<j where distance(points[k], toSegment: points[i], points[j]) > tolerance { return false }
        return true
    }

    /// The most an arc turns: a quarter turn. Near a half turn an arc's centre hangs on its
    /// ends' last digits (a DXF reader or a controller would find it elsewhere); at a quarter
    /// turn, a ten-thousandth of a millimetre at the ends moves it as little.
    static let maximumSweep = Double.pi / 2

    /// The arc from `points[i]` to `points[j]` through the point between them, if it passes
    /// within `tolerance` of every point and every segment's middle, turns one way, and spans
    /// at most `maximumSweep`.
    private static func fitsArc(_ points: [Point], _ i: Int, _ j: Int, _ tolerance: Double) -> (center: Point, ccw: Bool)? {
        let a = points[i], b = points[(i + j) / 2], c = points[j]
        let d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y))
        guard abs(d) > 1e-12 else { return nil }
        let a2 = a.dot(a), b2 = b.dot(b), c2 = c.dot(c)
        let center = Point(x: (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d,
                           y: (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d)
        let r = a.distance(to: center)
        // A radius this large is a line, better drawn as one.
        guard r.isFinite, r < 1e5 * max(tolerance, 1e-9), r > tolerance else { return nil }
        let ccw = d > 0
        let a0 = atan2(a.y - center.y, a.x - center.x)
        func turned(_ p: Point) -> Double {
            var t = atan2(p.y - center.y, p.x - center.x) - a0
            if ccw { while t < 0 { t += 2 * .pi } } else { while t > 0 { t -= 2 * .pi } }
            return abs(t)
        }
        var last = 0.0
        for k in (i + 1)...j {
            let p = points[k], mid = (points[k - 1] + p) * 0.5
            guard abs(p.distance(to: center) - r) <= tolerance, abs(mid.distance(to: center) - r) <= tolerance else { return nil }
            let t = turned(p)
            guard t >= last, t <= maximumSweep else { return nil }
            last = t
        }
        return (center, ccw)
    }
}
