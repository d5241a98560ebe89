/// What a path's exact bounds depend on under any affine map, found once for a path drawn in
/// many places (a bent word turned round a ring): the convex hull of the points it passes
/// through, and the few curves that may bulge out of that hull. A curve lies within the hull
/// of its control points, and an affine map keeps hulls hulls, so a curve whose control points
/// are all inside the path's hull never reaches past it, whatever the map: its extrema cannot
/// widen the box. `bounds(transformedBy:)` then equals `Path.bounds(transformedBy:)`.
///
/// Why by hand: a convex hull of a few hundred points is a dozen lines, and no library here
/// has one.
public struct PathHull: Sendable {
    /// The hull's corners, counterclockwise (y up as in the path's own numbers).
    private let corners: [Point]
    /// Curves with a control point outside the hull: start, controls (the second equal to the
    /// first for a quadratic), end.
    private let bulging: [(start: Point, c1: Point, c2: Point, end: Point, quadratic: Bool)]

    /// The hull of `path` and its curves that reach outside it.
    public init(_ path: Path) {
        var onCurve: [Point] = []
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): onCurve.append(p)
            case .close: break
            }
        }
        let corners = PathHull.convexHull(onCurve)
        self.corners = corners
        // With fewer than three corners the hull has no inside: every curve is kept.
        func inside(_ p: Point) -> Bool {
            guard corners.count >= 3 else { return false }
            for i in corners.indices {
                let a = corners[i], b = corners[(i + 1) % corners.count]
                if (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0 { return false }
            }
            return true
        }
        var bulging: [(start: Point, c1: Point, c2: Point, end: Point, quadratic: Bool)] = []
        var current = Point.zero, contourStart = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p): current = p; contourStart = p
            case .line(let p): current = p
            case .quad(let c, let p):
                if !inside(c) { bulging.append((current, c, c, p, true)) }
                current = p
            case .cubic(let c1, let c2, let p):
                if !inside(c1) || !inside(c2) { bulging.append((current, c1, c2, p, false)) }
                current = p
            case .close: current = contourStart
            }
        }
        self.bulging = bulging
    }

    /// The exact box of the path mapped by `t`, as `Path.bounds(transformedBy:)` gives it; `nil`
    /// for an empty path.
    public func bounds(transformedBy t: AffineMap) -> Rect? {
        var box = BoundsAccumulator()
        for corner in corners { box.add(t.apply(corner)) }
        for curve in bulging {
            let start = t.apply(curve.start), end = t.apply(curve.end)
            box.add(start)
            if curve.quadratic {
                box.addQuad(start, t.apply(curve.c1), end)
            } else {
                box.addCubic(start, t.apply(curve.c1), t.apply(curve.c2), end)
            }
        }
        return box.rect
    }

    /// The convex hull of `points`, counterclockwise, by Andrew's monotone chain; collinear
    /// points left out.
    static func convexHull(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
