#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The Archimedean spiral r = a + b·θ about `center`, in SVG space (px, y down).
///
/// θ is the polar angle in radians, counterclockwise **on screen** from +x (3 o'clock): the
/// mathematical convention with y up, carried into SVG's y-down space by flipping y, so the point
/// at θ is (cx + r·cos θ, cy − r·sin θ). The spiral therefore turns counterclockwise on screen as θ
/// grows, whatever the sign of b; b > 0 winds outward, b < 0 inward. Where r < 0 (θ past −a/b) the
/// point lies on the opposite side of the centre: the curve passes smoothly through the centre
/// into its second arm, as Archimedes' spiral does.
///
/// With φ = θ + a/b, r = b·φ and the speed |dp/dθ| = |b|·√(1 + φ²) never vanishes (no cusps), and
/// the arc length has a closed form: s = (|b|/2)·(φ·√(1+φ²) + asinh φ) from φ = 0.
public struct ArchimedeanSpiral: Sendable, Hashable {
    /// The spiral's centre.
    public var center: Point
    /// Radius at θ = 0, px.
    public var a: Double
    /// Growth of the radius, px per radian; never 0.
    public var b: Double

    /// r = a + b·θ about `center`, `a` and `b` in the centre's units (b per radian).
    public init(center: Point, a: Double, b: Double) {
        self.center = center
        self.a = a
        self.b = b
    }

    /// r(θ) = a + b·θ, px (negative on the second arm).
    @inlinable public func radius(at theta: Double) -> Double { a + b * theta }

    /// The point at polar angle `theta` (radians), px.
    @inlinable public func point(at theta: Double) -> Point {
        let r = a + b * theta
        return Point(x: center.x + r * cos(theta), y: center.y - r * sin(theta))
    }

    /// dp/dθ at `theta`: px per radian, pointing the way θ grows.
    @inlinable public func derivative(at theta: Double) -> Point {
        let r = a + b * theta
        let c = cos(theta), s = sin(theta)
        return Point(x: b * c - r * s, y: -(b * s + r * c))
    }

    /// |dp/dθ| = √(b² + r²), px per radian.
    @inlinable public func speed(at theta: Double) -> Double {
        let r = a + b * theta
        return (b * b + r * r).squareRoot()
    }

    /// The signed arc length from `theta0` to `theta1` (px; negative when `theta1 < theta0`), in
    /// closed form. Written as differences that do not cancel, so it stays exact when φ is huge
    /// (b tiny against a: nearly a circle) as well as near the centre.
    public func arcLength(from theta0: Double, to theta1: Double) -> Double {
        let delta = theta1 - theta0
        if delta == 0 { return 0 }
        let shift = a / b
        let p0 = theta0 + shift, p1 = theta1 + shift
        let h0 = (1 + p0 * p0).squareRoot(), h1 = (1 + p1 * p1).squareRoot()
        // φ1·h1 − φ0·h0 = Δ·[(h1 + h0)/2 + (φ1 + φ0)²/(2(h1 + h0))], as h1 − h0 = Δ(φ1 + φ0)/(h1 + h0).
        let sum = p1 + p0, hs = h1 + h0
        let algebraic = delta * (hs / 2 + sum * sum / (2 * hs))
        // asinh φ1 − asinh φ0 = asinh(φ1·h0 − φ0·h1), and φ1·h0 − φ0·h1 = Δ(φ1 + φ0)/(φ1·h0 + φ0·h1)
        // when φ0 and φ1 share a sign (otherwise both are small and the plain difference is exact).
        let logarithmic: Double
        if p0 * p1 > 0 {
            logarithmic = asinh(delta * sum / (p1 * h0 + p0 * h1))
        } else {
            logarithmic = asinh(p1) - asinh(p0)
        }
        return abs(b) / 2 * (algebraic + logarithmic)
    }

    /// The polar angle reached after travelling the signed arc length `s` px from `theta0`
    /// (positive: the way θ grows): the inverse of `arcLength(from:to:)`, by Newton's method on
    /// the closed form, guarded by bisection. `guess` (radians), when known, speeds it up.
    public func angle(travelling s: Double, from theta0: Double, guess: Double? = nil) -> Double {
        if s == 0 { return theta0 }
        // The speed is at least |b|, so the answer lies within |s|/|b| of theta0.
        var lo = s > 0 ? theta0 : theta0 - abs(s) / abs(b)
        var hi = s > 0 ? theta0 + s / abs(b) : theta0
        var theta = guess.map { min(max($0, lo), hi) } ?? asymptoticAngle(travelling: s, from: theta0)
        for _ in 0..<100 {
            let f = arcLength(from: theta0, to: theta) - s
            // Within a millionth of a px, one more Newton step leaves an error far below 1e-9 px.
            if abs(f) < 1e-6 { return theta - f / speed(at: theta) }
            if f > 0 { hi = theta } else { lo = theta }
            let step = f / speed(at: theta)
            var next = theta - step
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            // Stop when the move is below a millionth of a px along the curve (or at the
            // resolution of doubles).
            if abs(next - theta) * speed(at: next) < 1e-9 || next == theta {
                return next
            }
            theta = next
        }
        return theta
    }

    /// A first guess for `angle(travelling:from:)` from the inverse of the closed form's
    /// asymptotes: F(φ) = φ√(1+φ²) + asinh φ ≈ 2φ near 0 and φ² + ln(2φ) + ½ far out.
    func asymptoticAngle(travelling s: Double, from theta0: Double) -> Double {
        let shift = a / b
        let p0 = theta0 + shift
        // Travelling forward in θ raises φ when b > 0 and also when b < 0 (φ = θ + a/b either way).
        let target = bigF(p0) + 2 * s / abs(b)
        let magnitude = abs(target)
        var phi: Double
        if magnitude < 2 {
            phi = magnitude / 2
        } else {
            let root = magnitude.squareRoot()
            phi = max(magnitude - 0.5 - log(2 * root), 1).squareRoot()
        }
        if target < 0 { phi = -phi }
        let theta = phi - shift
        return theta.isFinite ? theta : theta0 + s / speed(at: theta0)
    }

    /// F(φ) = φ·√(1+φ²) + asinh φ (odd, increasing): twice the arc length over |b| from φ = 0.
    func bigF(_ phi: Double) -> Double { phi * (1 + phi * phi).squareRoot() + asinh(phi) }
}

/// An Archimedean spiral between two polar angles, travelled from `start` to `end` and
/// parametrised by arc length: the curve text is laid along.
///
/// `start < end` travels counterclockwise on screen (θ growing), `start > end` clockwise. Text
/// tops point to the left of travel, so a clockwise trip puts them away from the centre
/// (outside), as on a circle.
public struct SpiralCurve: ArcLengthCurve {
    /// The spiral it follows.
    public let spiral: ArchimedeanSpiral
    /// Polar angles (radians) where `s = 0` and where `s = length`.
    public let start: Double
    /// The end angle, radians.
    public let end: Double
    /// The length from `start` to `end`, px.
    public let length: Double
    /// Always false.
    public var isClosed: Bool { false }

    /// The part of `spiral` from angle `start` to `end` (radians), parametrised by arc length.
    public init(spiral: ArchimedeanSpiral, start: Double, end: Double) {
        self.spiral = spiral
        self.start = start
        self.end = end
        self.length = abs(spiral.arcLength(from: start, to: end))
    }

    private var forward: Bool { end >= start }

    /// The polar angle (radians) at arc length `s` px from `start`. Outside 0…length the spiral
    /// continues by its formula.
    public func angle(atArcLength s: Double) -> Double {
        spiral.angle(travelling: forward ? s : -s, from: start)
    }

    /// The arc length (px) from `start` to polar angle `theta`, positive in the direction of travel.
    public func arcLength(at theta: Double) -> Double {
        let signed = spiral.arcLength(from: start, to: theta)
        return forward ? signed : -signed
    }

    /// The point at arc length `s` from the start.
    public func point(atArcLength s: Double) -> Point { spiral.point(at: angle(atArcLength: s)) }

    /// Each search starts where the one before ended, moved by the arc length between them over
    /// the speed there: one or two Newton steps each.
    public func pointsAndTangents(atArcLengths lengths: [Double]) -> [(point: Point, tangent: Point)] {
        var out: [(point: Point, tangent: Point)] = []
        out.reserveCapacity(lengths.count)
        let sign: Double = forward ? 1 : -1
        var last: (s: Double, theta: Double)?
        for s in lengths {
            let guess = last.map { $0.theta + sign * (s - $0.s) / spiral.speed(at: $0.theta) }
            let theta = spiral.angle(travelling: sign * s, from: start, guess: guess)
            out.append(pointAndTangent(at: theta))
            last = (s, theta)
        }
        return out
    }

    /// The unit tangent at arc length `s`.
    public func tangent(atArcLength s: Double) -> Point { pointAndTangent(atArcLength: s).tangent }

    /// The point and the unit tangent at arc length `s`.
    public func pointAndTangent(atArcLength s: Double) -> (point: Point, tangent: Point) {
        pointAndTangent(at: angle(atArcLength: s))
    }

    /// Point and unit tangent (in the direction of travel) at polar angle `theta`.
    public func pointAndTangent(at theta: Double) -> (point: Point, tangent: Point) {
        let r = spiral.radius(at: theta)
        let c = cos(theta), sn = sin(theta)
        let b = spiral.b
        let point = Point(x: spiral.center.x + r * c, y: spiral.center.y - r * sn)
        let d = Point(x: b * c - r * sn, y: -(b * sn + r * c))
        let inverse = (forward ? 1 : -1) / (b * b + r * r).squareRoot()
        return (point, d * inverse)
    }
}
