#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One drawing command of a `Path`. Points are in the path's own space (its owner says which).
public enum PathElement: Sendable, Hashable {
    /// Starts a contour at the point.
    case move(Point)
    /// A straight line to the point.
    case line(Point)
    /// Quadratic Bézier: control point, end point.
    case quad(Point, Point)
    /// Cubic Bézier: two control points, end point.
    case cubic(Point, Point, Point)
    /// Closes the contour back to its start.
    case close
}

/// A sequence of contours made of lines and Bézier segments.
public struct Path: Sendable, Hashable {
    /// The commands, in order.
    public var elements: [PathElement]

    /// A path of `elements`.
    public init(_ elements: [PathElement] = []) { self.elements = elements }

    /// Whether the path has no commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// The closed outline of `rectangle`, corner (minX, minY) first.
    public init(rectangle r: Rect) {
        self.init([.move(Point(x: r.minX, y: r.minY)), .line(Point(x: r.maxX, y: r.minY)), .line(Point(x: r.maxX, y: r.maxY)),
                   .line(Point(x: r.minX, y: r.maxY)), .close])
    }

    /// Starts a new contour at `p`.
    public mutating func move(to p: Point) { elements.append(.move(p)) }
    /// A straight line to `p`.
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    /// A quadratic Bézier to `p` through control point `c`.
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    /// A cubic Bézier to `p` with control points `c1` and `c2`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.cubic(c1, c2, p))
    }
    /// Closes the current contour back to its start.
    public mutating func close() { elements.append(.close) }

    /// The path with every point mapped through `t`.
    public func transformed(by t: AffineMap) -> Path {
        Path(elements.map { element in
            switch element {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .quad(let c, let p): return .quad(t.apply(c), t.apply(p))
            case .cubic(let c1, let c2, let p): return .cubic(t.apply(c1), t.apply(c2), t.apply(p))
            case .close: return .close
            }
        })
    }

    /// The largest magnitude of any point's x or y, control points included (∞ for a non-finite
    /// one); `nil` for an empty path.
    public func largestCoordinate() -> Double? {
        var largest: Double?
        func add(_ p: Point) {
            let reach = p.x.isFinite && p.y.isFinite ? max(abs(p.x), abs(p.y)) : .infinity
            largest = max(largest ?? 0, reach)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return largest
    }

    /// The exact bounding box of the drawn curve (Bézier extrema, not the control points), after
    /// mapping through `t`; `nil` for an empty path. Mapping first and bounding second gives a
    /// tight box for a rotated outline, which bounding first could not.
    public func bounds(transformedBy t: AffineMap = .identity) -> Rect? {
        var box = BoundsAccumulator()
        var current = Point.zero
        var contourStart = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                current = t.apply(p); contourStart = current
                box.add(current)
            case .line(let p):
                current = t.apply(p)
                box.add(current)
            case .quad(let c, let p):
                let c1 = t.apply(c), p1 = t.apply(p)
                box.addQuad(current, c1, p1)
                current = p1
            case .cubic(let c1, let c2, let p):
                let q1 = t.apply(c1), q2 = t.apply(c2), p1 = t.apply(p)
                box.addCubic(current, q1, q2, p1)
                current = p1
            case .close:
                current = contourStart
            }
        }
        return box.rect
    }
}

/// Grows a box by points and by the extrema of Bézier segments.
struct BoundsAccumulator {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity

    var rect: Rect? { minX <= maxX ? Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil }

    mutating func add(_ p: Point) {
        minX = min(minX, p.x); maxX = max(maxX, p.x)
        minY = min(minY, p.y); maxY = max(maxY, p.y)
    }

    mutating func addQuad(_ p0: Point, _ c: Point, _ p1: Point) {
        add(p1)
        // B'(t) = 0 at t = (p0 − c) / (p0 − 2c + p1), per axis (cheaper than asking first
        // whether the control point lies in the box, as a cubic does).
        for axis in 0..<2 {
            let a = axis == 0 ? p0.x : p0.y, b = axis == 0 ? c.x : c.y, e = axis == 0 ? p1.x : p1.y
            let den = a - 2 * b + e
            guard den != 0 else { continue }
            let tt = (a - b) / den
            if tt > 0 && tt < 1 { add(Self.quadPoint(p0, c, p1, tt)) }
        }
    }

    mutating func addCubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point) {
        add(p1)
        for axis in 0..<2 {
            let v0 = axis == 0 ? p0.x : p0.y, v1 = axis == 0 ? c1.x : c1.y
            let v2 = axis == 0 ? c2.x : c2.y, v3 = axis == 0 ? p1.x : p1.y
            // A segment lies within the hull of its points, and both ends are in the box: with
            // both control points in it too, along this axis, no extremum can widen it there.
            let low = axis == 0 ? minX : minY, high = axis == 0 ? maxX : maxY
            if v1 >= low && v1 <= high && v2 >= low && v2 <= high { continue }
            // B'(t)/3 = a·t² + b·t + c
            let a = -v0 + 3 * v1 - 3 * v2 + v3
            let b = 2 * (v0 - 2 * v1 + v2)
            let c = v1 - v0
            let (first, second) = Self.roots(a, b, c)
            if first > 0 && first < 1 { add(Self.cubicPoint(p0, c1, c2, p1, first)) }
            if second > 0 && second < 1 { add(Self.cubicPoint(p0, c1, c2, p1, second)) }
        }
    }

    /// The real roots of a·t² + b·t + c, NaN where there is none (no array: bounds are taken
    /// of every glyph drawn).
    static func roots(_ a: Double, _ b: Double, _ c: Double) -> (Double, Double) {
        if abs(a) < 1e-12 {
            return abs(b) < 1e-12 ? (.nan, .nan) : (-c / b, .nan)
        }
        let disc = b * b - 4 * a * c
        if disc < 0 { return (.nan, .nan) }
        let sq = disc.squareRoot()
        return ((-b + sq) / (2 * a), (-b - sq) / (2 * a))
    }

    static func quadPoint(_ p0: Point, _ c: Point, _ p1: Point, _ t: Double) -> Point {
        let u = 1 - t
        return p0 * (u * u) + c * (2 * u * t) + p1 * (t * t)
    }

    static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ t: Double) -> Point {
        let u = 1 - t
        return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p1 * (t * t * t)
    }
}

extension Path {
    /// The same contours travelled the other way: subpaths in reverse order, each from its end
    /// to its start, control points swapped; a closed subpath stays closed (its closing line
    /// written out first, so the reversed one closes back where it began).
    public func reversed() -> Path {
        struct Subpath { var start: Point; var segments: [PathElement] = []; var ends: [Point] = []; var closed = false }
        var subpaths: [Subpath] = []
        var current = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                subpaths.append(Subpath(start: p))
                current = p
                continue
            case .close:
                if subpaths.isEmpty { subpaths.append(Subpath(start: current)) }
                let start = subpaths[subpaths.count - 1].start
                if current != start {
                    subpaths[subpaths.count - 1].segments.append(.line(start))
                    subpaths[subpaths.count - 1].ends.append(start)
                }
                subpaths[subpaths.count - 1].closed = true
                current = start
                continue
            default:
                if subpaths.isEmpty || subpaths[subpaths.count - 1].closed { subpaths.append(Subpath(start: current)) }
            }
            let end: Point = switch element {
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): p
            default: current
            }
            subpaths[subpaths.count - 1].segments.append(element)
            subpaths[subpaths.count - 1].ends.append(end)
            current = end
        }
        var out = Path()
        for subpath in subpaths.reversed() {
            let starts = [subpath.start] + subpath.ends.dropLast()
            out.move(to: subpath.ends.last ?? subpath.start)
            for index in subpath.segments.indices.reversed() {
                let to = starts[index]
                switch subpath.segments[index] {
                case .quad(let c, _): out.quad(to: to, control: c)
                case .cubic(let c1, let c2, _): out.cubic(to: to, control1: c2, control2: c1)
                default: out.line(to: to)
                }
            }
            if subpath.closed { out.close() }
        }
        return out
    }
}
