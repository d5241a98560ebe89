#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the vertex of an angle shape sits, and so which way its angle opens.
public enum AngleVertex: String, Sendable, CaseIterable {
    /// The seed's geometry: the base ray runs left from the vertex and the angle opens upward,
    /// clockwise on screen.
    case bottomRight = "bottom-right"
    /// The textbook's: the base ray runs right (+x) and the angle opens counterclockwise.
    case bottomLeft = "bottom-left"
}

/// Two rays of one length from a vertex: the base ray, and the ray at an angle from it. SVG
/// space (px, y down). Angles are degrees; positive opens upward from the base ray, negative
/// downward, and past 180 the angle is reflex.
public struct AngleShape: Sendable, Hashable {
    /// Where the rays meet, px.
    public var vertex: Point
    /// Each ray's length, px.
    public var rayLength: Double
    /// Which frame corner the vertex is in, and so which way the rays run.
    public var orientation: AngleVertex

    /// Rays of `rayLength` px from `vertex`, oriented as `orientation` says.
    public init(vertex: Point, rayLength: Double, orientation: AngleVertex) {
        self.vertex = vertex
        self.rayLength = rayLength
        self.orientation = orientation
    }

    /// The unit direction on screen of a ray `degrees` from the base ray.
    public func direction(at degrees: Double) -> Point {
        let t = degrees * .pi / 180
        let c = cos(t), s = sin(t)
        return orientation == .bottomRight ? Point(x: -c, y: -s) : Point(x: c, y: -s)
    }

    /// The end of the ray at `degrees`.
    public func rayEnd(at degrees: Double) -> Point { vertex + direction(at: degrees) * rayLength }

    /// SVG `rotate()` degrees (clockwise on screen) per degree of angle: growing angles turn
    /// clockwise on screen from the bottom-right vertex, counterclockwise from the bottom-left.
    public var screenTurn: Double { orientation == .bottomRight ? 1 : -1 }

    /// The arc from the base ray to the ray at `degrees` at `radius` px, through the inside of
    /// the angle (the long way round for a reflex angle), as four cubics of a quarter of the
    /// sweep each (so every angle's arc has the same commands and animations can interpolate).
    public func markerArc(at degrees: Double, radius: Double) -> Path {
        var path = Path()
        let pieces = 4
        let step = degrees / Double(pieces)
        let arm = 4.0 / 3.0 * tan(step * .pi / 180 / 4) * radius
        path.move(to: vertex + direction(at: 0) * radius)
        for i in 0..<pieces {
            let a0 = step * Double(i), a1 = step * Double(i + 1)
            let p0 = vertex + direction(at: a0) * radius, p3 = vertex + direction(at: a1) * radius
            // Tangents: the derivative of direction(at:) per radian, turned the way the angle grows.
            let t0 = tangent(at: a0), t3 = tangent(at: a1)
            path.cubic(to: p3, control1: p0 + t0 * arm, control2: p3 - t3 * arm)
        }
        return path
    }

    /// d(direction)/dθ per radian.
    private func tangent(at degrees: Double) -> Point {
        let t = degrees * .pi / 180
        let c = cos(t), s = sin(t)
        return orientation == .bottomRight ? Point(x: s, y: -c) : Point(x: -s, y: -c)
    }

    /// The right-angle square: its corner on each ray `side` px from the vertex.
    public func rightAngleSquare(at degrees: Double, side: Double) -> Path {
        let u = direction(at: 0) * side, v = direction(at: degrees) * side
        return Path([.move(vertex + u), .line(vertex + u + v), .line(vertex + v)])
    }
}

extension Rect {
    /// The distance from the rectangle to point `p`: 0 inside.
    public func distance(to p: Point) -> Double {
        let dx = max(minX - p.x, 0, p.x - maxX), dy = max(minY - p.y, 0, p.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The distance from the rectangle to the segment from `a` to `b`: 0 where they meet.
    public func distance(toSegment a: Point, _ b: Point) -> Double {
        if contains(a) || contains(b) { return 0 }
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
        // The segment crossing an edge meets the rectangle.
        for i in 0..<4 where segmentsCross(a, b, corners[i], corners[(i + 1) % 4]) { return 0 }
        var best = min(distance(to: a), distance(to: b))
        let d = b - a
        let length2 = d.dot(d)
        for c in corners {
            let t = length2 > 0 ? min(max((c - a).dot(d) / length2, 0), 1) : 0
            best = min(best, (a + d * t).distance(to: c))
        }
        return best
    }
}

private func segmentsCross(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
    func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
    let d1 = cross(q1, q2, p1), d2 = cross(q1, q2, p2), d3 = cross(p1, p2, q1), d4 = cross(p1, p2, q2)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}
