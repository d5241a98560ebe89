import CurveTypeFonts
import CurveTypeGeometry
import CurveTypeLayout

/// A map of the plane that outlines are drawn through: a bend along a curve's frame, or a warp
/// between an envelope's edges. Not affine, so a mapped Bézier is no Bézier and is refitted.
protocol OutlineMap {
    /// Where the point `p` goes.
    func callAsFunction(_ p: Point) -> Point
    /// Where `p` goes and the map's partial derivatives there: how far its image moves per unit
    /// of x and per unit of y. On a crease, those of the side of greater x if `towardGreaterX`,
    /// else of the other side.
    func jacobian(at p: Point, towardGreaterX: Bool) -> MapJacobian
    /// The x values where the map may turn at once (an edge's corner): a segment that crosses
    /// one is split there, so no cubic has to bend round a corner.
    var creases: [Double] { get }
}

extension OutlineMap {
    var creases: [Double] { [] }
}

/// A map's value and partial derivatives at a point.
struct MapJacobian {
    var point: Point
    /// d image / d x.
    var dx: Point
    /// d image / d y.
    var dy: Point
}

/// A bend along a curve: a point at (x, y) (px along the baseline, px up) goes to the curve's
/// point at arc length x, moved y along the normal there. Beyond an open curve's ends the curve
/// continues straight along its end tangent.
struct CurveFrameMap: OutlineMap {
    let curve: PathCurve

    /// The map along `curve`, its inverse tabulated, as every outline point looks it up.
    init(curve: PathCurve) {
        self.curve = curve.tabulated()
    }

    func callAsFunction(_ p: Point) -> Point {
        if !curve.isClosed && (p.x < 0 || p.x > curve.length) {
            let end = p.x < 0 ? 0 : curve.length
            let frame = curve.pointAndTangent(atArcLength: end)
            return frame.point + frame.tangent * (p.x - end) + frame.tangent.turnedUp * p.y
        }
        let frame = curve.pointAndTangent(atArcLength: p.x)
        return frame.point + frame.tangent.turnedUp * p.y
    }

    /// The normal turns as the tangent does, so a point y above the curve moves
    /// 1 + y × (the turn) along it per px of x.
    func jacobian(at p: Point, towardGreaterX: Bool) -> MapJacobian {
        if !curve.isClosed && (p.x < 0 || p.x > curve.length) {
            let end = p.x < 0 ? 0 : curve.length
            let frame = curve.pointAndTangent(atArcLength: end)
            let normal = frame.tangent.turnedUp
            return MapJacobian(point: frame.point + frame.tangent * (p.x - end) + normal * p.y, dx: frame.tangent, dy: normal)
        }
        let frame = curve.differential(atArcLength: p.x, side: towardGreaterX ? .leaving : .arriving)
        let normal = frame.tangent.turnedUp
        return MapJacobian(point: frame.point + normal * p.y, dx: frame.tangent + frame.turn.turnedUp * p.y, dy: normal)
    }
}

/// Outlines drawn through a map: each segment, placed first by an affine map, then mapped as a
/// cubic Hermite curve (the mapped end points and derivatives, the derivatives from the map's
/// Jacobian) and split in halves until the cubic lies within `tolerance` of the exact mapping
/// at three inner points, so curves stay curves, straight stems bend, and nothing is flattened
/// to a polyline.
///
/// Why by hand: no library here maps Bézier outlines through a non-affine map.
struct OutlineRefit<Map: OutlineMap> {
    let map: Map
    /// px.
    let tolerance: Double
    /// Cubics still allowed: bounds the work on hostile input.
    var budget: Int
    /// What the map does, for the message when the budget is spent: "bend", "warp".
    let verb: String
    private let limit: Int

    init(map: Map, tolerance: Double, budget: Int, verb: String) {
        self.map = map
        self.tolerance = tolerance
        self.budget = budget
        self.verb = verb
        self.limit = budget
    }

    /// Counts `cubics` made elsewhere (a bent word kept from before) against the budget.
    mutating func spend(_ cubics: Int) throws(CurveTypeError) {
        budget -= cubics
        guard budget >= 0 else { throw .invalidInput("the outlines take more than \(limit) cubics to \(verb) (use a larger \(parameter: "tolerance") or less text)") }
    }

    /// One end of a piece of a segment: its parameter, where it goes, and the mapped curve's
    /// derivative by the parameter there.
    private struct End {
        var t: Double
        var point: Point
        var derivative: Point
    }

    /// The Jacobian last taken, at a placed point on a side: a segment's start is the one
    /// before's end, so the two share it.
    private struct Taken {
        var at: Point
        var towardGreaterX: Bool
        var jacobian: MapJacobian
    }

    /// `outline` (font units, y up) placed by `placed` (an affine map into the map's domain),
    /// then drawn through the map.
    mutating func map(_ outline: Path, placed: AffineMap) throws(CurveTypeError) -> Path {
        var out = Path()
        var current = Point.zero, start = Point.zero
        var taken: Taken?
        for element in outline.elements {
            let points: [Point]
            switch element {
            case .move(let p):
                current = placed.apply(p); start = current
                out.move(to: map(current))
                continue
            case .line(let p): points = [current, placed.apply(p)]
            case .quad(let c, let p): points = [current, placed.apply(c), placed.apply(p)]
            case .cubic(let c1, let c2, let p): points = [current, placed.apply(c1), placed.apply(c2), placed.apply(p)]
            case .close:
                if current != start { points = [current, start] } else { points = [] }
            }
            if !points.isEmpty {
                let first = end(points, 0, otherEnd: 1, taken: &taken)
                let last = end(points, 1, otherEnd: 0, taken: &taken)
                try fit(points, first, last, depth: 0, to: &out)
                current = points[points.count - 1]
            }
            if case .close = element {
                out.close()
                current = start
            }
        }
        return out
    }

    private func mapped(_ p: [Point], _ t: Double) -> Point {
        map(PathCurve.point(p, t))
    }

    /// The end at `t` of the piece from `t` to `otherEnd`, its derivative taken on the piece's
    /// side of a crease; `taken` is reused when it was taken at the same point on the same side.
    private func end(_ p: [Point], _ t: Double, otherEnd: Double, taken: inout Taken?) -> End {
        let at = PathCurve.point(p, t)
        let side = PathCurve.point(p, otherEnd).x >= at.x
        let jacobian: MapJacobian
        if let taken, taken.at == at, taken.towardGreaterX == side {
            jacobian = taken.jacobian
        } else {
            jacobian = map.jacobian(at: at, towardGreaterX: side)
            taken = Taken(at: at, towardGreaterX: side, jacobian: jacobian)
        }
        let velocity = PathCurve.derivative(p, t)
        return End(t: t, point: jacobian.point, derivative: jacobian.dx * velocity.x + jacobian.dy * velocity.y)
    }

    /// Where the segment between `t0` and `t1` crosses one of the map's creases (its ends on
    /// either side of it), found by bisection; `nil` if it crosses none.
    private func crease(_ p: [Point], _ t0: Double, _ t1: Double) -> Double? {
        let x0 = PathCurve.point(p, t0).x, x1 = PathCurve.point(p, t1).x
        let slack = 1e-9 * max(1, abs(x0), abs(x1))
        guard let line = map.creases.first(where: { ($0 - x0) * ($0 - x1) < 0 && abs($0 - x0) > slack && abs($0 - x1) > slack }) else { return nil }
        var a = t0, b = t1
        for _ in 0..<60 {
            let m = (a + b) / 2
            if (PathCurve.point(p, m).x - line) * (x0 - line) > 0 { a = m } else { b = m }
        }
        let t = (a + b) / 2
        return t > t0 && t < t1 ? t : nil
    }

    private mutating func fit(_ p: [Point], _ first: End, _ last: End, depth: Int, to out: inout Path) throws(CurveTypeError) {
        var none: Taken?
        if depth < 24, let split = crease(p, first.t, last.t) {
            // Each side of a crease has its own derivative; both share the point.
            let arriving = end(p, split, otherEnd: first.t, taken: &none)
            var leaving = end(p, split, otherEnd: last.t, taken: &none)
            leaving.point = arriving.point
            try fit(p, first, arriving, depth: depth + 1, to: &out)
            try fit(p, leaving, last, depth: depth + 1, to: &out)
            return
        }
        let p0 = first.point, p3 = last.point
        let span = last.t - first.t
        let c1 = p0 + first.derivative * (span / 3)
        let c2 = p3 - last.derivative * (span / 3)
        var worst = 0.0
        for u in [0.25, 0.5, 0.75] {
            let v = 1 - u
            let cubic = p0 * (v * v * v) + c1 * (3 * v * v * u) + c2 * (3 * v * u * u) + p3 * (u * u * u)
            worst = max(worst, cubic.distance(to: mapped(p, first.t + span * u)))
        }
        if worst <= tolerance || depth >= 12 || !worst.isFinite {
            budget -= 1
            guard budget >= 0 else { throw .invalidInput("the outlines take more than \(limit) cubics to \(verb) (use a larger \(parameter: "tolerance") or less text)") }
            out.cubic(to: p3, control1: c1, control2: c2)
            return
        }
        let middle = end(p, (first.t + last.t) / 2, otherEnd: last.t, taken: &none)
        try fit(p, first, middle, depth: depth + 1, to: &out)
        try fit(p, middle, last, depth: depth + 1, to: &out)
    }
}

/// What a user hears when outlines are reshaped (`effect`: "bend", "warp"): colour glyphs
/// without an outline (a bitmap, or COLR v1 paints alone) are left out; those with one are
/// drawn as that outline, in the text's colour. `instead` ends each message (what to use).
func outlineOnlyWarnings(_ glyphs: [(Font, UInt32)], effect: String, instead: String) throws(CurveTypeError) -> [CurveTypeWarning] {
    var images = 0, layered = 0
    try lifting {
        for (font, glyph) in glyphs {
            if try font.outline(of: glyph).path.isEmpty {
                if font.colorImage(of: glyph) != nil || font.colorPaint(of: glyph) != nil { images += 1 }
            } else if font.colorLayers(of: glyph) != nil || font.colorPaint(of: glyph) != nil {
                layered += 1
            }
        }
    }
    var warnings: [CurveTypeWarning] = []
    if images > 0 {
        warnings.append(CurveTypeWarning(
            .glyphsNotDrawn,
            "\(effect) reshapes outlines, and \(images) colour glyph\(images == 1 ? " has" : "s have") none (a bitmap, or COLR v1 paints): not drawn\(instead)"))
    }
    if layered > 0 {
        warnings.append(CurveTypeWarning(
            .colorsNotDrawn,
            "\(effect) reshapes outlines, not colours: \(layered) colour glyph\(layered == 1 ? " is" : "s are") drawn in the text's colour\(instead)"))
    }
    return warnings
}

/// The box of every path's drawn curve together, px; `nil` when none has a point.
func unionOfBounds(_ paths: [Path]) -> Rect? {
    var box: Rect?
    for path in paths { if let b = path.bounds() { box = box.map { $0.union(b) } ?? b } }
    return box
}
