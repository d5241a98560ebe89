import CurveTypeFonts
import CurveTypeGeometry
import CurveTypeLayout

/// A map of the plane that outlines are drawn through: a bend along a curve's frame, or a warp
/// between an envelope's edges. Not affine, so a mapped Bézier is no Bézier and is refitted.
protocol OutlineMap {
    /// Where the point `p` goes.
    func callAsFunction(_ p: Point) -> Point
    /// The x values where the map may turn at once (an edge's corner): a segment that crosses
    /// one is split there, so no cubic has to bend round a corner.
    var creases: [Double] { get }
}

extension OutlineMap {
    var creases: [Double] { [] }
}

/// A bend along a curve: a point at (x, y) (px along the baseline, px up) goes to the curve's
/// point at arc length x, moved y along the normal there. Beyond an open curve's ends the curve
/// continues straight along its end tangent.
struct CurveFrameMap: OutlineMap {
    let curve: PathCurve

    func callAsFunction(_ p: Point) -> Point {
        if !curve.isClosed && (p.x < 0 || p.x > curve.length) {
            let end = p.x < 0 ? 0 : curve.length
            let frame = curve.frame(atArcLength: end)
            return frame.point + frame.tangent * (p.x - end) + frame.tangent.turnedUp * p.y
        }
        let frame = curve.frame(atArcLength: p.x)
        return frame.point + frame.tangent.turnedUp * p.y
    }
}

/// Outlines drawn through a map: each segment, placed first by an affine map, then mapped as a
/// cubic Hermite curve (the mapped end points and derivatives) and split in halves until the
/// cubic lies within `tolerance` of the exact mapping at three inner points, so curves stay
/// curves, straight stems bend, and nothing is flattened to a polyline.
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

    /// `outline` (font units, y up) placed by `placed` (an affine map into the map's domain),
    /// then drawn through the map.
    mutating func map(_ outline: Path, placed: AffineMap) throws(CurveTypeError) -> Path {
        var out = Path()
        var current = Point.zero, start = Point.zero
        for element in outline.elements {
            switch element {
            case .move(let p):
                current = placed.apply(p); start = current
                out.move(to: map(current))
            case .line(let p):
                let end = placed.apply(p)
                try fit([current, end], 0, 1, depth: 0, to: &out)
                current = end
            case .quad(let c, let p):
                let end = placed.apply(p)
                try fit([current, placed.apply(c), end], 0, 1, depth: 0, to: &out)
                current = end
            case .cubic(let c1, let c2, let p):
                let end = placed.apply(p)
                try fit([current, placed.apply(c1), placed.apply(c2), end], 0, 1, depth: 0, to: &out)
                current = end
            case .close:
                if current != start { try fit([current, start], 0, 1, depth: 0, to: &out) }
                out.close()
                current = start
            }
        }
        return out
    }

    private func mapped(_ p: [Point], _ t: Double) -> Point {
        map(PathCurve.point(p, t))
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

    /// The mapped segment's derivative by t, by central differences.
    private func derivative(_ p: [Point], _ t: Double) -> Point {
        let h = 1e-5
        let a = max(0, t - h), b = min(1, t + h)
        return (mapped(p, b) - mapped(p, a)) * (1 / (b - a))
    }

    private mutating func fit(_ p: [Point], _ t0: Double, _ t1: Double, depth: Int, to out: inout Path) throws(CurveTypeError) {
        if depth < 24, let split = crease(p, t0, t1) {
            try fit(p, t0, split, depth: depth + 1, to: &out)
            try fit(p, split, t1, depth: depth + 1, to: &out)
            return
        }
        let p0 = mapped(p, t0), p3 = mapped(p, t1)
        let span = t1 - t0
        let c1 = p0 + derivative(p, t0) * (span / 3)
        let c2 = p3 - derivative(p, t1) * (span / 3)
        var worst = 0.0
        for u in [0.25, 0.5, 0.75] {
            let v = 1 - u
            let cubic = p0 * (v * v * v) + c1 * (3 * v * v * u) + c2 * (3 * v * u * u) + p3 * (u * u * u)
            worst = max(worst, cubic.distance(to: mapped(p, t0 + span * u)))
        }
        if worst <= tolerance || depth >= 12 || !worst.isFinite {
            budget -= 1
            guard budget >= 0 else { throw .invalidInput("the outlines take more than \(limit) cubics to \(verb) (use a larger --tolerance or less text)") }
            out.cubic(to: p3, control1: c1, control2: c2)
            return
        }
        let middle = (t0 + t1) / 2
        try fit(p, t0, middle, depth: depth + 1, to: &out)
        try fit(p, middle, t1, depth: depth + 1, to: &out)
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
