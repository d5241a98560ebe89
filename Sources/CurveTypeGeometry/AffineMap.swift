#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An affine map (x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty), the same matrix layout as SVG's
/// `matrix(a b c d e f)`. Composition `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct AffineMap: Sendable, Hashable {
    /// The matrix `[a c tx; b d ty]`, as SVG's `matrix(a b c d tx ty)`.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The map x′ = a·x + c·y + tx, y′ = b·x + d·y + ty.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The map that moves nothing.
    public static let identity = AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by (`x`, `y`).
    public static func translation(_ x: Double, _ y: Double) -> AffineMap {
        AffineMap(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `sx` horizontally and `sy` vertically about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineMap {
        AffineMap(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation about the origin. In SVG's y-down space a positive angle turns clockwise on
    /// screen, exactly as SVG `rotate(deg)`.
    public static func rotation(_ angle: Angle) -> AffineMap {
        let cs = cos(angle.radians), sn = sin(angle.radians)
        return AffineMap(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` first, then `next`.
    public func concatenating(_ next: AffineMap) -> AffineMap {
        AffineMap(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b,
            c: next.a * c + next.c * d, d: next.b * c + next.d * d,
            tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// `p` mapped.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The map that undoes this one; `nil` when it is singular (it flattens the plane onto a
    /// line or a point), or so near it that the inverse would overflow.
    public var inverted: AffineMap? {
        let det = a * d - b * c
        guard det.isFinite, det != 0 else { return nil }
        let m = AffineMap(a: d / det, b: -b / det, c: -c / det, d: a / det,
                          tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) ? m : nil
    }

    /// The box holding `rect`'s four corners mapped.
    public func apply(_ rect: Rect) -> Rect {
        let corners = rect.corners.map(apply)
        return Rect(minX: corners.map(\.x).min() ?? 0, minY: corners.map(\.y).min() ?? 0,
                    maxX: corners.map(\.x).max() ?? 0, maxY: corners.map(\.y).max() ?? 0)
    }
}
