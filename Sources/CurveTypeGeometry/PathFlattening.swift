// The one place a path's curves become lines: machine files and welding (within their
// tolerance), a seal's ink measure (within 0.002 px) and an angle's marker (for its label's
// clearance) all flatten here.

/// One contour of a flattened path: its points in order, and whether it closes back to its
/// first point.
public struct FlattenedContour: Sendable, Hashable {
    /// The points, px, the first where the contour starts.
    public var points: [Point]
    /// Whether the contour ends with a close (its last point joins its first).
    public var closed: Bool

    /// A contour of `points`, closed or open.
    public init(points: [Point], closed: Bool) {
        self.points = points
        self.closed = closed
    }

    /// Its straight pieces, the closing one included.
    public var segments: [(Point, Point)] {
        var out = zip(points, points.dropFirst()).map { ($0, $1) }
        if closed, let first = points.first, let last = points.last, first != last { out.append((last, first)) }
        return out
    }
}

extension Path {
    /// The path's contours as lines, mapped by `map`: each cubic (and each quadratic, as the
    /// cubic it is) is halved until its control points lie within `flatness` (px, after `map`)
    /// of its chord, so no line strays further than that from the curve; at most 2¹⁸ pieces a
    /// curve. A contour of a single point is left out.
    public func flattened(map: AffineMap = .identity, flatness: Double) -> [FlattenedContour] {
        var counted = 0
        return flattened(map: map, flatness: flatness, counted: &counted, limit: .max) ?? []
    }

    /// `flattened(map:flatness:)`, adding to `counted` the points it makes (at least one an
    /// element): `nil` once `counted` passes `limit`, the caller's bound on work across paths.
    public func flattened(map: AffineMap = .identity, flatness: Double, counted: inout Int, limit: Int) -> [FlattenedContour]? {
        var out: [FlattenedContour] = []
        var current: [Point] = []
        var start = Point.zero, at = Point.zero
        func finish(_ closed: Bool) {
            if current.count > 1 { out.append(FlattenedContour(points: current, closed: closed)) }
            current = []
        }
        for element in elements {
            let before = current.count
            switch element {
            case .move(let p):
                finish(false)
                start = p
                at = p
                current = [map.apply(p)]
            case .line(let p):
                if current.isEmpty { current = [map.apply(at)] }
                current.append(map.apply(p))
                at = p
            case .quad(let c, let p):
                if current.isEmpty { current = [map.apply(at)] }
                let c1 = at + (c - at) * (2.0 / 3), c2 = p + (c - p) * (2.0 / 3)
                Self.flatten(map.apply(at), map.apply(c1), map.apply(c2), map.apply(p), flatness: flatness, into: &current)
                at = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [map.apply(at)] }
                Self.flatten(map.apply(at), map.apply(c1), map.apply(c2), map.apply(p), flatness: flatness, into: &current)
                at = p
            case .close:
                finish(true)
                at = start
            }
            counted += max(1, current.count - before)
            if counted > limit { return nil }
        }
        finish(false)
        return out
    }

    /// Appends points of the cubic (not its start) until its control points lie within
    /// `flatness` of each piece's chord.
    static func flatten(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, flatness: Double, into points: inout [Point], depth: Int = 0) {
        let chord = p1 - p0
        let length = chord.length
        func distance(_ q: Point) -> Double {
            length < 1e-12 ? q.distance(to: p0) : abs((q.x - p0.x) * chord.y - (q.y - p0.y) * chord.x) / length
        }
        if depth >= 18 || max(distance(c1), distance(c2)) <= flatness {
            points.append(p1)
            return
        }
        let m01 = (p0 + c1) * 0.5, m12 = (c1 + c2) * 0.5, m23 = (c2 + p1) * 0.5
        let a = (m01 + m12) * 0.5, b = (m12 + m23) * 0.5, mid = (a + b) * 0.5
        flatten(p0, m01, a, mid, flatness: flatness, into: &points, depth: depth + 1)
        flatten(mid, b, m23, p1, flatness: flatness, into: &points, depth: depth + 1)
    }
}
