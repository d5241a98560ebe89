#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ArchimedeanSpiral {
    /// The spiral from polar angle `theta0` to `theta1` (radians, either order) as cubic Béziers
    /// whose distance from the true spiral stays within `tolerance` px, with few segments.
    ///
    /// Each cubic matches the spiral's end points and end tangents exactly (so the path is smooth
    /// at every joint) with arms of (4/3)·tan(Δθ/4)·|dp/dθ| at each end: the optimal arms for a
    /// circular arc of Δθ, which a spiral locally is. Segments are chosen greedily, each as long
    /// as the tolerance allows: its error is measured at sample points and the step predicted
    /// from the error's sixth-power growth with Δθ (a circle's), then checked again.
    ///
    /// No cubic spans more than a quarter turn, whatever the tolerance: the arms' tan(Δθ/4)
    /// grows without bound as Δθ nears a whole turn and points backwards past it, and a circle
    /// takes at least four cubics.
    ///
    /// The path is in the spiral's space (px, y down) and starts with a move to the point at
    /// `theta0`. `tolerance` must be > 0.
    public func bezierPath(from theta0: Double, to theta1: Double, tolerance: Double) -> Path {
        var path = Path()
        path.elements.reserveCapacity(64)
        path.move(to: point(at: theta0))
        guard theta1 != theta0 else { return path }
        let direction: Double = theta1 > theta0 ? 1 : -1
        let total = abs(theta1 - theta0)
        // The sample error underestimates the true maximum slightly; aim a little below.
        let target = tolerance * 0.9
        var done = 0.0
        var step = initialStep(at: theta0, tolerance: target)
        while done < total {
            let a0 = theta0 + direction * done
            var trial = min(step, total - done, Self.maximumStep)
            var accepted: (step: Double, error: Double)?
            for _ in 0..<40 {
                let error = segmentError(from: a0, to: a0 + direction * trial)
                let predicted = trial * Self.growth(target / max(error, 1e-300))
                if error <= target {
                    accepted = (trial, error)
                    // At the end of the range, or close to the longest step that fits: take it.
                    if trial >= total - done || trial >= Self.maximumStep || predicted < trial * 1.08 { break }
                    trial = min(predicted * 0.98, total - done, Self.maximumStep)
                } else {
                    if let accepted { trial = accepted.step; break }
                    trial = max(predicted * 0.98, trial * 0.25)
                }
            }
            let taken = accepted?.step ?? trial
            let a1 = done + taken >= total ? theta1 : a0 + direction * taken
            appendSegment(from: a0, to: a1, to: &path)
            done += taken
            step = taken * Self.growth(target / max(accepted?.error ?? target, 1e-300)) * 0.98
        }
        return path
    }

    /// The most polar angle one cubic spans: a quarter turn.
    static let maximumStep = Double.pi / 2

    /// How much Δθ may grow for the error to grow by `ratio`: the sixth root, as a circular arc's
    /// error grows with Δθ⁶; capped so one sample never throws the step far.
    private static func growth(_ ratio: Double) -> Double {
        min(max(pow(ratio, 1.0 / 6), 0.25), 4)
    }

    /// A first step from the circle's rule: n = (1.1163·r/tol)^(1/6) segments per turn, with
    /// r the local radius of curvature scale √(r² + b²).
    private func initialStep(at theta: Double, tolerance: Double) -> Double {
        let r = speed(at: theta)
        let perTurn = max(pow(1.1163 * r / tolerance, 1.0 / 6), 1)
        return 2 * .pi / perTurn
    }

    /// The cubic from `theta0` to `theta1` (see `bezierPath`): its two control points.
    @inline(__always)
    func controlPoints(from theta0: Double, to theta1: Double) -> (Point, Point, Point, Point) {
        let delta = theta1 - theta0
        let arm = 4.0 / 3.0 * tan(delta / 4)
        // dp/dθ · arm, where arm carries Δθ's sign: the arms follow the way of travel.
        let p0 = point(at: theta0), p3 = point(at: theta1)
        let d0 = derivative(at: theta0), d3 = derivative(at: theta1)
        return (p0, p0 + d0 * (arm), p3 - d3 * (arm), p3)
    }

    private func appendSegment(from theta0: Double, to theta1: Double, to path: inout Path) {
        let (_, c1, c2, p3) = controlPoints(from: theta0, to: theta1)
        path.cubic(to: p3, control1: c1, control2: c2)
    }

    /// The largest distance (px) from the cubic for θ0…θ1 to the spiral, at 15 interior sample
    /// points. Away from the centre (|φ| ≥ 2 on the whole segment) the distance is the radial gap
    /// to the spiral at the sample's own polar angle, times the cosine between the radius and the
    /// spiral's normal; near the centre, where polar angles are unreliable, each sample is
    /// projected onto the spiral by Newton's method.
    func segmentError(from theta0: Double, to theta1: Double) -> Double {
        let (p0, p1, p2, p3) = controlPoints(from: theta0, to: theta1)
        let shift = a / b
        let nearCentre = min(abs(theta0 + shift), abs(theta1 + shift)) < 2
            || (theta0 + shift) * (theta1 + shift) <= 0
        let secondArm = (theta0 + theta1) / 2 + shift < 0 ? b > 0 : b < 0
        var worst = 0.0
        let samples = 16
        for i in 1..<samples {
            let t = Double(i) / Double(samples)
            let u = 1 - t
            let q = p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
            let guess = theta0 + (theta1 - theta0) * t
            let distance: Double
            if nearCentre {
                distance = distanceByProjection(q, guess: guess)
            } else {
                let vx = q.x - center.x, vy = center.y - q.y
                var psi = atan2(vy, vx)
                var rho = (vx * vx + vy * vy).squareRoot()
                if secondArm { psi += .pi; rho = -rho }
                psi += 2 * .pi * ((guess - psi) / (2 * .pi)).rounded()
                let r = radius(at: psi)
                distance = abs(rho - r) * abs(r) / (b * b + r * r).squareRoot()
            }
            worst = max(worst, distance)
        }
        return worst
    }

    /// The distance from `q` to the spiral near polar angle `guess`, by Newton's method on
    /// (p(θ) − q)·p′(θ) = 0.
    func distanceByProjection(_ q: Point, guess: Double) -> Double {
        var theta = guess
        for _ in 0..<8 {
            let r = radius(at: theta)
            let c = cos(theta), s = sin(theta)
            let p = Point(x: center.x + r * c, y: center.y - r * s)
            let d1 = Point(x: b * c - r * s, y: -(b * s + r * c))
            // p″ = (−2b·sin θ − r·cos θ, −(2b·cos θ − r·sin θ))
            let d2 = Point(x: -2 * b * s - r * c, y: -(2 * b * c - r * s))
            let e = p - q
            let f = e.x * d1.x + e.y * d1.y
            let df = d1.x * d1.x + d1.y * d1.y + e.x * d2.x + e.y * d2.y
            guard df > 0 else { break }
            let step = f / df
            theta -= step
            if abs(step) < 1e-12 { break }
        }
        return (point(at: theta) - q).length
    }
}
