#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An angle. CurveType's public convention for angles on a circle (`CircleLayout.start`, the
/// layout JSON, SVG `rotate()`): degrees, 0 at 12 o'clock, clockwise positive on screen — the
/// convention of SwiftUI's `rotationEffect` and of SVG's y-down `rotate()`.
public struct Angle: Sendable, Hashable, Comparable {
    /// The angle in radians.
    public var radians: Double

    /// An angle of `radians`.
    public init(radians: Double) { self.radians = radians }
    /// An angle of `degrees`.
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }

    /// An angle of `d` degrees.
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    /// An angle of `r` radians.
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }

    /// The angle in degrees.
    public var degrees: Double { radians * 180 / .pi }

    /// The sum of two angles.
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    /// The difference of two angles.
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    /// The angle turned the other way.
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    /// Whether `a` is the smaller angle.
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
}
