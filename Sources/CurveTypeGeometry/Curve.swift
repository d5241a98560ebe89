#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A curve in SVG user space (px, y down) parametrised by arc length: `s` is the distance in px
/// travelled along the curve from its start. Text layout places glyphs by `s` alone, so any curve
/// that answers these questions (a circle, a spiral, any path) shares one layout code path.
///
/// The direction of travel decides which side text stands on: a glyph's baseline follows the
/// tangent and its tops point to the tangent's left on screen (the tangent turned 90°
/// counterclockwise on screen), so text on a circle travelled clockwise stands outside it.
public protocol ArcLengthCurve: Sendable {
    /// Length in px from start to end. A closed curve's length is its period.
    var length: Double { get }

    /// Whether travelling `length` returns to the start (a full circle).
    var isClosed: Bool { get }

    /// The point at arc length `s` (px) from the start. A closed curve accepts any `s` and wraps.
    func point(atArcLength s: Double) -> Point

    /// The unit tangent at arc length `s`, in the direction of increasing `s`.
    func tangent(atArcLength s: Double) -> Point

    /// Point and unit tangent at arc length `s` together; curves override it when the two share
    /// work (a circle's sine and cosine).
    func pointAndTangent(atArcLength s: Double) -> (point: Point, tangent: Point)

    /// `pointAndTangent(atArcLength:)` for many arc lengths, usually rising: curves whose inverse arc
    /// length is iterative (a spiral) start each search from the one before.
    func pointsAndTangents(atArcLengths lengths: [Double]) -> [(point: Point, tangent: Point)]
}

extension ArcLengthCurve {
    /// The point and the unit tangent at arc length `s`, px.
    public func pointAndTangent(atArcLength s: Double) -> (point: Point, tangent: Point) {
        (point(atArcLength: s), tangent(atArcLength: s))
    }

    /// `pointAndTangent(atArcLength:)` at each of `lengths`, in order.
    public func pointsAndTangents(atArcLengths lengths: [Double]) -> [(point: Point, tangent: Point)] {
        lengths.map { pointAndTangent(atArcLength: $0) }
    }
}

extension Point {
    /// This vector turned 90° counterclockwise on screen (SVG space, y down): (1, 0) gives
    /// (0, −1). For a tangent, the side glyph tops point to.
    public var turnedUp: Point { Point(x: y, y: -x) }
}

/// Which way a circle is travelled, as seen on screen.
public enum RotationDirection: String, Sendable, CaseIterable {
    /// Clockwise or counterclockwise on screen (y down).
    case clockwise, counterclockwise
}

/// A full circle travelled from a start angle, parametrised by arc length.
///
/// Angles follow CurveType's clock convention: degrees, 0 at 12 o'clock, clockwise positive. The
/// point at clock angle θ is (cx + r·sin θ, cy − r·cos θ) in SVG space.
public struct CircleCurve: ArcLengthCurve {
    /// The circle's centre, px.
    public var center: Point
    /// Radius in px, > 0.
    public var radius: Double
    /// Where `s = 0` lies, clock convention.
    public var start: Angle
    /// Which way arc length runs round the circle.
    public var direction: RotationDirection

    /// A circle of `radius` px about `center`, arc length 0 at `start` (clockwise from 12 o'clock),
    /// running `direction`.
    public init(center: Point, radius: Double, start: Angle, direction: RotationDirection) {
        self.center = center
        self.radius = radius
        self.start = start
        self.direction = direction
    }

    /// The circumference, px.
    public var length: Double { 2 * .pi * radius }
    /// Always true: a circle closes on itself.
    public var isClosed: Bool { true }

    /// The clock angle (radians, clockwise from 12 o'clock) reached after travelling `s` px.
    public func clockAngle(atArcLength s: Double) -> Double {
        let turned = s / radius
        return start.radians + (direction == .clockwise ? turned : -turned)
    }

    /// The point at arc length `s` px from the start.
    public func point(atArcLength s: Double) -> Point {
        let theta = clockAngle(atArcLength: s)
        return Point(x: center.x + radius * sin(theta), y: center.y - radius * cos(theta))
    }

    /// The unit tangent at arc length `s`, in the direction of travel.
    public func tangent(atArcLength s: Double) -> Point {
        pointAndTangent(atArcLength: s).tangent
    }

    /// The point and the unit tangent at arc length `s`.
    public func pointAndTangent(atArcLength s: Double) -> (point: Point, tangent: Point) {
        let theta = clockAngle(atArcLength: s)
        let sn = sin(theta), cs = cos(theta)
        let point = Point(x: center.x + radius * sn, y: center.y - radius * cs)
        let tangent = direction == .clockwise ? Point(x: cs, y: sn) : Point(x: -cs, y: -sn)
        return (point, tangent)
    }
}

/// A straight baseline from `origin` in the direction `direction` (a unit vector, SVG space):
/// text set on it is ordinary horizontal text when the direction is (1, 0).
public struct LineCurve: ArcLengthCurve {
    /// Where arc length 0 is, px.
    public var origin: Point
    /// The unit direction of travel.
    public var direction: Point
    /// Length in px; the line continues past it by the same formula.
    public var length: Double

    /// A straight line of `length` px from `origin` along `direction`.
    public init(origin: Point, direction: Point = Point(x: 1, y: 0), length: Double) {
        self.origin = origin
        self.direction = direction
        self.length = length
    }

    /// Always false.
    public var isClosed: Bool { false }
    /// The point `s` px from the origin.
    public func point(atArcLength s: Double) -> Point { origin + direction * s }
    /// The direction, wherever `s` is.
    public func tangent(atArcLength s: Double) -> Point { direction }
}
