import CurveType
import Foundation
import TestSupport
import Testing

/// Arc length by composite Gauss–Legendre quadrature of the speed |p′(θ)| = √(b² + r²): a
/// numerical check on the closed form.
func numericArcLength(_ spiral: ArchimedeanSpiral, from t0: Double, to t1: Double, pieces: Int = 2000) -> Double {
    let nodes = [-0.906179845938664, -0.538469310105683, 0.0, 0.538469310105683, 0.906179845938664]
    let weights = [0.236926885056189, 0.478628670499366, 0.568888888888889, 0.478628670499366, 0.236926885056189]
    let h = (t1 - t0) / Double(pieces)
    var sum = 0.0
    for i in 0..<pieces {
        let mid = t0 + (Double(i) + 0.5) * h
        for (x, w) in zip(nodes, weights) {
            let r = spiral.radius(at: mid + x * h / 2)
            sum += w * (spiral.b * spiral.b + r * r).squareRoot() * h / 2
        }
    }
    return sum
}

/// The distance from `q` to the spiral, found independently of the library's fitter: starting
/// from every polar angle θ = ψ + kπ in `range` (ψ the polar angle of `q`: both arms), minimise
/// |p(θ) − q| by golden-section search within ±0.6 rad (near the centre, from a fine grid of θ too), and take the least.
func distanceToSpiral(_ q: Point, _ spiral: ArchimedeanSpiral, range: ClosedRange<Double>) -> Double {
    nearestOnSpiral(q, spiral, range: range).distance
}

/// The polar angle in `range` of the spiral point nearest `q`, and its distance (see above).
func nearestOnSpiral(_ q: Point, _ spiral: ArchimedeanSpiral, range: ClosedRange<Double>) -> (distance: Double, theta: Double) {
    placesOnSpiral(q, spiral, range: range).min { $0.distance < $1.distance } ?? (.infinity, range.lowerBound)
}

/// Every local nearest place of the spiral to `q` in `range`: where the spiral crosses itself (its
/// two arms through the centre) a point lies on it at two polar angles.
func placesOnSpiral(_ q: Point, _ spiral: ArchimedeanSpiral, range: ClosedRange<Double>) -> [(distance: Double, theta: Double)] {
    var places: [(distance: Double, theta: Double)] = []
    let psi = atan2(spiral.center.y - q.y, q.x - spiral.center.x)
    var candidates: [Double] = []
    var k = ((range.lowerBound - 1 - psi) / .pi).rounded(.down)
    while psi + k * .pi <= range.upperBound + 1 {
        candidates.append(psi + k * .pi)
        k += 1
    }
    // Near the centre a point's polar angle says little about where the spiral passes it:
    // there, also start from every 0.2 rad where |φ| ≤ 6.
    if q.distance(to: spiral.center) < 3 * abs(spiral.b) {
        let zero = -spiral.a / spiral.b
        candidates += stride(from: zero - 6, through: zero + 6, by: 0.2).map { $0 }
    }
    for c in candidates {
        var lo = max(c - 0.6, range.lowerBound), hi = min(c + 0.6, range.upperBound)
        guard lo < hi else { continue }
        let g = (5.0.squareRoot() - 1) / 2
        for _ in 0..<80 {
            let m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo)
            if spiral.point(at: m1).distance(to: q) < spiral.point(at: m2).distance(to: q) { hi = m2 } else { lo = m1 }
        }
        let theta = (lo + hi) / 2
        places.append((spiral.point(at: theta).distance(to: q), theta))
    }
    return places
}

struct CubicSegment {
    var p0: Point, p1: Point, p2: Point, p3: Point
    func point(_ t: Double) -> Point {
        let u = 1 - t
        return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }
}

func cubics(of path: Path) -> [CubicSegment] {
    var out: [CubicSegment] = []
    var current = Point.zero
    for element in path.elements {
        switch element {
        case .move(let p): current = p
        case .cubic(let c1, let c2, let p):
            out.append(CubicSegment(p0: current, p1: c1, p2: c2, p3: p))
            current = p
        default: Issue.record("unexpected path element \(element)")
        }
    }
    return out
}

@Suite struct SpiralGeometryTests {
    static let spirals: [(name: String, spiral: ArchimedeanSpiral, from: Double, to: Double)] = [
        ("seed winder at 25 px/unit", ArchimedeanSpiral(center: Point(x: 200, y: 200), a: 2.5, b: 2.5), 0, 20 * .pi),
        ("through the centre", ArchimedeanSpiral(center: .zero, a: 0, b: 10), 0, 12 * .pi),
        ("winding inward", ArchimedeanSpiral(center: Point(x: 50, y: -20), a: 300, b: -8), 0, 11 * .pi),
        ("both arms", ArchimedeanSpiral(center: .zero, a: 0, b: 6), -6 * .pi, 6 * .pi),
        ("reversed range", ArchimedeanSpiral(center: .zero, a: 40, b: 3), 9 * .pi, 0.5),
        ("nearly a circle", ArchimedeanSpiral(center: .zero, a: 300, b: 1e-7), 0, 2 * .pi),
        ("radii 100 to 500", ArchimedeanSpiral(center: .zero, a: 100, b: 400 / (20 * .pi)), 0, 20 * .pi),
    ]

    @Test func closedFormArcLengthAgreesWithQuadrature() {
        for (name, spiral, from, to) in Self.spirals {
            let closed = spiral.arcLength(from: from, to: to)
            let numeric = numericArcLength(spiral, from: from, to: to)
            #expect(abs(closed - numeric) < 1e-7 * max(1, abs(numeric)), "\(name): \(closed) vs \(numeric)")
            #expect(spiral.arcLength(from: to, to: from) == -closed || abs(spiral.arcLength(from: to, to: from) + closed) < 1e-9 * abs(closed))
        }
    }

    @Test func inverseArcLengthReturnsTheAngle() {
        var rng = SeededGenerator(seed: 3)
        for (name, spiral, from, to) in Self.spirals {
            for _ in 0..<200 {
                let theta = Double.random(in: min(from, to)...max(from, to), using: &rng)
                let s = spiral.arcLength(from: from, to: theta)
                let back = spiral.angle(travelling: s, from: from)
                // Within a millionth of a px along the curve.
                #expect(abs(back - theta) * spiral.speed(at: theta) < 1e-6, "\(name): θ \(theta) → s \(s) → \(back)")
            }
        }
    }

    /// Math y-up becomes SVG y-down: θ = 0 lies right of the centre, θ = 90° above it, and the
    /// spiral turns counterclockwise on screen as θ grows, for either sign of b.
    @Test func turnsCounterclockwiseOnScreen() {
        for b in [2.0, -2.0] {
            let spiral = ArchimedeanSpiral(center: Point(x: 100, y: 100), a: 50, b: b)
            let right = spiral.point(at: 0), top = spiral.point(at: .pi / 2)
            #expect(abs(right.x - 150) < 1e-12 && abs(right.y - 100) < 1e-12)
            #expect(top.y < 100 && abs(top.x - 100) < 1e-9)
            // Screen y points down, so a counterclockwise turn on screen has a negative cross product.
            let v0 = spiral.point(at: 0) - spiral.center, v1 = spiral.point(at: 0.1) - spiral.center
            #expect(v0.x * v1.y - v0.y * v1.x < 0)
        }
    }

    /// Every cubic of the path stays within the tolerance of the true spiral, checked at 64
    /// points per cubic against an independent distance; the cubics join end to end, start and
    /// end on the spiral, and advance monotonically along it (so no part of the spiral is skipped).
    @Test(arguments: [0.05, 0.5, 0.002])
    func pathStaysWithinTolerance(tolerance: Double) {
        for (name, spiral, from, to) in Self.spirals {
            let path = spiral.bezierPath(from: from, to: to, tolerance: tolerance)
            let segments = cubics(of: path)
            #expect(!segments.isEmpty)
            let range = min(from, to)...max(from, to)
            var worst = 0.0
            for segment in segments {
                for i in 0...64 {
                    worst = max(worst, distanceToSpiral(segment.point(Double(i) / 64), spiral, range: range))
                }
            }
            #expect(worst <= tolerance, "\(name): \(worst) px from the spiral at tolerance \(tolerance)")
            #expect(segments.first!.p0.distance(to: spiral.point(at: from)) < 1e-9)
            #expect(segments.last!.p3.distance(to: spiral.point(at: to)) < 1e-9)
            // Each joint lies on the spiral at a θ that moves one way from `from` to `to` (where
            // the arms cross, at the nearest such θ ahead).
            let direction = to > from ? 1.0 : -1.0
            var last = from
            for segment in segments {
                let ahead = placesOnSpiral(segment.p3, spiral, range: range)
                    .filter { $0.distance < 1e-6 && ($0.theta - last) * direction > 1e-9 }
                    .min { ($0.theta - last) * direction < ($1.theta - last) * direction }
                #expect(ahead != nil, "\(name): a joint goes back along the spiral")
                last = ahead?.theta ?? last
            }
        }
    }

    /// ≤ 8 cubics per turn at radii 100–500 px and 0.05 px.
    @Test func fewSegmentsPerTurn() {
        let spiral = ArchimedeanSpiral(center: .zero, a: 100, b: 400 / (20 * .pi))
        let segments = cubics(of: spiral.bezierPath(from: 0, to: 20 * .pi, tolerance: 0.05))
        let perTurn = Double(segments.count) / 10
        #expect(perTurn <= 8, "\(perTurn) segments per turn")
    }
}

/// Whatever the tolerance, no cubic spans more than a quarter turn and every arm points the way
/// of travel (a tolerance larger than the spiral once gave one cubic over a turn, arms backwards).
@Test(arguments: [10.0, 1e3, 1e9])
func cubicsSpanAtMostAQuarterTurn(tolerance: Double) {
    // `curvetype spiral --a 1 --b 0.01 --from 360 --to 1080 --px-per-unit 0.5 --tolerance 10`
    let spiral = ArchimedeanSpiral(center: Point(x: 100, y: 100), a: 0.5, b: 0.005)
    let from = 2 * Double.pi, to = 6 * Double.pi
    let segments = cubics(of: spiral.bezierPath(from: from, to: to, tolerance: tolerance))
    #expect(segments.count >= 8, "\(segments.count) cubics for two turns")
    var last = from
    for segment in segments {
        let theta = nearestOnSpiral(segment.p3, spiral, range: from...to).theta
        #expect(theta - last <= .pi / 2 + 1e-9, "a cubic spans \(theta - last) rad")
        let start = spiral.derivative(at: last), end = spiral.derivative(at: theta)
        let arm0 = segment.p1 - segment.p0, arm1 = segment.p3 - segment.p2
        #expect(arm0.x * start.x + arm0.y * start.y > 0 && arm1.x * end.x + arm1.y * end.y > 0, "an arm points backwards")
        last = theta
    }
}

/// A spiral leaves √2/10 of its tolerance to the writer's rounding: two decimals fit the
/// default 0.05 px exactly, one decimal is refused by the SVG writer itself.
@Suite struct SpiralRoundingTests {
    @Test func theWriterRefusesRoundingPastTheTolerance() throws {
        let spiral = try SpiralRequest(tolerance: 0.05).render()
        let allowance = try #require(spiral.frame.roundingAllowance)
        #expect(abs(allowance - 0.05 * 2.0.squareRoot() / 10) < 1e-15)
        #expect(try spiral.svg(SVGSettings(numbers: SVGNumberFormat(precision: 2))).hasPrefix("<svg"))
        #expect(throws: SVGError.roundsPastTolerance(allowance: allowance, precision: 1)) {
            try spiral.frame.svg(format: SVGNumberFormat(precision: 1))
        }
    }
}
