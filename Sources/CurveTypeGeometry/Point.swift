#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A point or a vector in a plane. The unit and the direction of y depend on the space it lives
/// in, and every API that takes one says which: font units with y up (outlines), or SVG user
/// units (px) with y down (layout and output).
public struct Point: Sendable, Hashable {
    /// Horizontal coordinate.
    public var x: Double
    /// Vertical coordinate (down in SVG space, up in font units).
    public var y: Double

    /// The point (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The sum of two points, as vectors.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference of two points, as vectors.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The point scaled by `k`.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    /// The point scaled by `k`.
    public static func * (k: Double, a: Point) -> Point { Point(x: a.x * k, y: a.y * k) }

    /// Euclidean length of the vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Euclidean distance to another point.
    public func distance(to other: Point) -> Double { (self - other).length }

    /// The dot product.
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// Whether both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

/// An axis-aligned rectangle, `min` the corner with the smallest coordinates.
public struct Rect: Sendable, Hashable {
    /// The left edge.
    public var minX: Double
    /// The smaller y edge (the top in SVG space).
    public var minY: Double
    /// The right edge.
    public var maxX: Double
    /// The larger y edge.
    public var maxY: Double

    /// A box with these edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// `maxX − minX`.
    public var width: Double { maxX - minX }
    /// `maxY − minY`.
    public var height: Double { maxY - minY }

    /// The four corners, in order round the edge from (`minX`, `minY`).
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// The smallest rectangle holding both.
    /// The middle of the rectangle.
    public var center: Point { Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    /// The smallest box holding both.
    public func union(_ other: Rect) -> Rect {
        Rect(minX: min(minX, other.minX), minY: min(minY, other.minY),
             maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// Grown by `amount` on every side.
    public func insetBy(_ amount: Double) -> Rect {
        Rect(minX: minX + amount, minY: minY + amount, maxX: maxX - amount, maxY: maxY - amount)
    }

    /// Whether `p` lies inside, or within `tolerance` of an edge.
    public func contains(_ p: Point, tolerance: Double = 0) -> Bool {
        p.x >= minX - tolerance && p.x <= maxX + tolerance
            && p.y >= minY - tolerance && p.y <= maxY + tolerance
    }
}
