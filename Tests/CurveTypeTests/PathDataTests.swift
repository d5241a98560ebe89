import CurveType
import CurveTypeGeometry
import Foundation
import Testing

/// SVG path data read into paths, and paths measured by arc length.
@Suite struct PathDataTests {
    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    @Test func commandsAbsoluteRelativeAndImplicit() throws {
        let path = try Path(svgPathData: "M10 20 30 40 l5-5 h10 v-10 H0 V0 z m1 1 L2,2")
        #expect(path.elements == [
            .move(p(10, 20)), .line(p(30, 40)), .line(p(35, 35)), .line(p(45, 35)), .line(p(45, 25)),
            .line(p(0, 25)), .line(p(0, 0)), .close,
            // After Z the current point is the subpath's start, so m is relative to (10, 20).
            .move(p(11, 21)), .line(p(2, 2)),
        ])
    }

    @Test func numbersAsTheGrammarWritesThem() throws {
        // "1.5.5" is 1.5 then .5; "-1-2" is -1 then -2; exponents; commas and no separators.
        let path = try Path(svgPathData: "M1.5.5L-1-2l1e1,2.5E-1M.5,0")
        #expect(path.elements == [.move(p(1.5, 0.5)), .line(p(-1, -2)), .line(p(9, -1.75)), .move(p(0.5, 0))])
    }

    @Test func smoothCurvesReflectTheLastControlPoint() throws {
        let cubic = try Path(svgPathData: "M0 0 C 10 0 20 10 20 20 S 30 40 40 40 s 10 0 10 10")
        #expect(cubic.elements == [
            .move(p(0, 0)), .cubic(p(10, 0), p(20, 10), p(20, 20)),
            .cubic(p(20, 30), p(30, 40), p(40, 40)),
            .cubic(p(50, 40), p(50, 40), p(50, 50)),
        ])
        let quad = try Path(svgPathData: "M0 0 Q 10 10 20 0 T 40 0 L 50 0 T 60 0")
        #expect(quad.elements == [
            .move(p(0, 0)), .quad(p(10, 10), p(20, 0)), .quad(p(30, -10), p(40, 0)), .line(p(50, 0)),
            // T after a line has no control point to reflect: the control point is the current point.
            .quad(p(50, 0), p(60, 0)),
        ])
    }

    /// The largest distance from `center` minus `radius` over the arc's cubics, sampled.
    func radialError(_ path: Path, center: Point, radius: Double) -> Double {
        var error = 0.0
        var current = Point.zero
        for element in path.elements {
            switch element {
            case .move(let q): current = q
            case .cubic(let c1, let c2, let end):
                for i in 0...64 {
                    let t = Double(i) / 64, u = 1 - t
                    let q = current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + end * (t * t * t)
                    error = max(error, abs(q.distance(to: center) - radius))
                }
                current = end
            default: Issue.record("unexpected element \(element)")
            }
        }
        return error
    }

    @Test func ellipticalArcsAsCubics() throws {
        // A quarter turn, sweep 1 (angles growing: clockwise on screen): centre (0, 0).
        let quarter = try Path(svgPathData: "M 100 0 A 100 100 0 0 1 0 100")
        #expect(quarter.elements.count == 3)
        #expect(radialError(quarter, center: p(0, 0), radius: 100) < 0.0005)
        // The large arc, sweep 0: the rest of the same circle, three quarter turns.
        let large = try Path(svgPathData: "M 100 0 A 100 100 0 1 0 0 100")
        #expect(large.elements.count == 7)
        #expect(radialError(large, center: p(0, 0), radius: 100) < 0.0005)
        // The large arc, sweep 1: three quarters about the other centre, (100, 100).
        let other = try Path(svgPathData: "M 100 0 A 100 100 0 1 1 0 100")
        #expect(radialError(other, center: p(100, 100), radius: 100) < 0.0005)
        // Radii too small for the endpoints are scaled up: a half circle of radius 50.
        let half = try Path(svgPathData: "M0 0 A 1 1 0 0 1 100 0")
        #expect(radialError(half, center: p(50, 0), radius: 50) < 0.0003)
        // A rotated ellipse, relative endpoint: ends exactly there.
        let rotated = try Path(svgPathData: "M10 10 a 40 20 30 1 1 50 0")
        guard case .cubic(_, _, let end) = rotated.elements.last else { Issue.record("no cubic"); return }
        #expect(end == p(60, 10))
        // Zero radius: a line; the same point: nothing.
        #expect(try Path(svgPathData: "M0 0 A 0 5 0 0 1 10 0").elements == [.move(p(0, 0)), .line(p(10, 0))])
        #expect(try Path(svgPathData: "M5 5 A 5 5 0 0 1 5 5").elements == [.move(p(5, 5))])
    }

    @Test(arguments: [
        ("L 10 10", 0, "path data must start with M or m"),
        ("10 10", 0, "path data must start with M or m"),
        ("M 10", 4, "expected a number, found the end"),
        ("M 10 10 L 5 x", 12, "expected a number, found 'x'"),
        ("M 1e999 0", 2, "number out of range"),
        ("M 0 0 A 1 1 0 2 1 5 5", 14, "expected an arc flag, 0 or 1"),
        ("M 0 0 Z 5", 8, "Z takes no numbers"),
        ("M 0 0 K 5", 6, "unknown command 'K'"),
        ("M 0 0 L 1 1 #", 12, "unexpected '#'"),
        ("M 1e308 0 l 1e308 0", 12, "coordinates out of range"),
    ])
    func faultsNameTheirPosition(_ data: String, _ position: Int, _ reason: String) {
        #expect(throws: PathDataError(position: position, reason: reason)) { try Path(svgPathData: data) }
    }

    /// Found by FuzzPathData: an arc whose radii overflow on the way trapped converting NaN.
    @Test func arcsNearTheLargestDoubleAreLines() throws {
        // (The flags are "1" and "1" of "10": the arc ends at (0, 200).)
        let path = try Path(svgPathData: "M 10 12 L 110 102l1-2l1e162.260 A 30 20 0 1 10 200 Z")
        #expect(path.elements.suffix(2) == [.line(Point(x: 0, y: 200)), .close])
    }

    @Test func reversedPathsRunBackAndKeepTheirShape() throws {
        let open = try Path(svgPathData: "M0 0 Q 10 10 20 0 C 30 -10 40 10 50 0 M 60 0 L 70 5")
        #expect(open.reversed().elements == [
            .move(p(70, 5)), .line(p(60, 0)),
            .move(p(50, 0)), .cubic(p(40, 10), p(30, -10), p(20, 0)), .quad(p(10, 10), p(0, 0)),
        ])
        #expect(open.reversed().reversed() == open)
        // A closed triangle: its closing line written out first, and closed again.
        let closed = try Path(svgPathData: "M0 0 H 10 V 10 Z")
        #expect(closed.reversed().elements == [.move(p(0, 0)), .line(p(10, 10)), .line(p(10, 0)), .line(p(0, 0)), .close])
        let a = try #require(PathCurve(closed)), b = try #require(PathCurve(closed.reversed()))
        #expect(abs(a.length - b.length) < 1e-9 && b.isClosed)
        #expect(b.point(atArcLength: 5).distance(to: a.point(atArcLength: a.length - 5)) < 1e-9)
    }

    @Test func svgTransformLists() throws {
        func apply(_ text: String, _ q: Point) throws -> Point { try #require(SafeSVG.transform(text)).apply(q) }
        // The rightmost applies first: scale, then translate.
        #expect(try apply("translate(10 20) scale(2)", p(1, 1)) == p(12, 22))
        #expect(try apply("scale(2),translate(10,20)", p(1, 1)) == p(22, 42))
        #expect(try apply("matrix(1 0 0 1 5 6)", p(1, 1)) == p(6, 7))
        #expect(try apply("rotate(90 10 10)", p(20, 10)).distance(to: p(10, 20)) < 1e-9)
        #expect(try apply("skewX(45)", p(0, 10)).distance(to: p(10, 10)) < 1e-9)
        #expect(try apply("  ", p(3, 4)) == p(3, 4))
        for bad in ["scale()", "rotate(1 2)", "translate(1 2", "warp(1)", "scale(nan)", "matrix(1 2 3)"] {
            #expect(SafeSVG.transform(bad) == nil, "\(bad)")
        }
    }

    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try Path(svgPathData: "  ").isEmpty)
        #expect(PathCurve(try Path(svgPathData: "M 1 1 M 2 2")) == nil)
    }

    /// A fine polyline of `path` (40,000 chords a segment): its cumulative lengths and points.
    func polyline(_ path: Path) -> [(length: Double, point: Point)] {
        var result: [(length: Double, point: Point)] = []
        var current = Point.zero, start = Point.zero, total = 0.0
        func add(_ q: Point) {
            if let last = result.last { total += last.point.distance(to: q) }
            result.append((total, q))
        }
        for element in path.elements {
            let n = 40_000
            switch element {
            case .move(let q): current = q; start = q; if result.isEmpty { add(q) }
            case .line(let q): add(q); current = q
            case .close: add(start); current = start
            case .quad(let c, let q):
                for i in 1...n { let t = Double(i) / Double(n), u = 1 - t; add(current * (u * u) + c * (2 * u * t) + q * (t * t)) }
                current = q
            case .cubic(let c1, let c2, let q):
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + q * (t * t * t))
                }
                current = q
            }
        }
        return result
    }

    /// Arc length to 0.001 px and its inverse to 0.001 px, against a fine polyline, on every
    /// segment kind: lines, a quadratic, a cubic with a cusp-like turn, an arc, a closing line.
    @Test func arcLengthAndItsInverseAgreeWithAFinePolyline() throws {
        let path = try Path(svgPathData: "M 10 10 L 110 10 Q 160 10 160 60 C 160 160 0 0 60 120 A 50 30 20 0 1 10 200 Z")
        let curve = try #require(PathCurve(path))
        let fine = polyline(path)
        let reference = fine[fine.count - 1].length
        #expect(abs(curve.length - reference) < 0.001, "length \(curve.length) vs polyline \(reference)")
        #expect(curve.isClosed)
        var index = 0
        for step in 0...200 {
            let s = reference * Double(step) / 200
            while index < fine.count - 2 && fine[index + 1].length < s { index += 1 }
            let a = fine[index], b = fine[index + 1]
            let f = b.length > a.length ? (s - a.length) / (b.length - a.length) : 0
            let expected = a.point + (b.point - a.point) * f
            let actual = curve.point(atArcLength: s)
            #expect(actual.distance(to: expected) < 0.001, "at s = \(s): \(actual) vs \(expected)")
        }
        // Unit tangents, and wrapping on a closed path.
        for s in stride(from: 0.0, to: curve.length, by: 7.3) {
            #expect(abs(curve.tangent(atArcLength: s).length - 1) < 1e-9)
            #expect(curve.point(atArcLength: s + curve.length).distance(to: curve.point(atArcLength: s)) < 1e-6)
        }
    }

    /// A tabulated curve (knots for the inverse) finds the lengths the plain one finds, within
    /// the inverse's own 10⁻⁹ px, on every segment kind and on a cubic whose speed vanishes at
    /// its start; with no budget for knots it is the plain curve.
    @Test func aTabulatedCurveFindsTheSameLengths() throws {
        for data in ["M 10 10 L 110 10 Q 160 10 160 60 C 160 160 0 0 60 120 A 50 30 20 0 1 10 200 Z",
                     "M 0 0 C 0 0 300 -200 400 0", "M 0 0 C 400 300 -100 300 300 0"] {
            let curve = try #require(PathCurve(try Path(svgPathData: data)))
            let tabulated = curve.tabulated(), untouched = curve.tabulated(budget: 0)
            var worst = 0.0
            for step in 0...2000 {
                let s = curve.length * Double(step) / 2000
                worst = max(worst, tabulated.point(atArcLength: s).distance(to: curve.point(atArcLength: s)))
                #expect(untouched.point(atArcLength: s) == curve.point(atArcLength: s))
            }
            #expect(worst < 1e-8, "\(data): \(worst) px")
        }
    }

    /// The differential frame: its tangent and turn are the derivatives of the point and the
    /// tangent by arc length (checked by central differences), and at a corner `side` picks
    /// the segment arriving or leaving (on a closed path, across the seam too).
    @Test func theDifferentialFrameIsTheDerivativesByArcLength() throws {
        let curve = try #require(PathCurve(try Path(svgPathData: "M 0 0 C 100 -80 200 80 300 0 Q 350 -50 400 0")))
        let h = 1e-4
        for s in stride(from: 5.0, to: curve.length - 5, by: 13.7) {
            let frame = curve.differential(atArcLength: s, side: .leaving)
            let tangent = (curve.point(atArcLength: s + h) - curve.point(atArcLength: s - h)) * (1 / (2 * h))
            let turn = (curve.tangent(atArcLength: s + h) - curve.tangent(atArcLength: s - h)) * (1 / (2 * h))
            #expect(frame.point.distance(to: curve.point(atArcLength: s)) < 1e-12)
            #expect(frame.tangent.distance(to: tangent) < 1e-6, "tangent at \(s)")
            #expect(frame.turn.distance(to: turn) < 1e-5, "turn at \(s): \(frame.turn) vs \(turn)")
        }
        let corner = try #require(PathCurve(try Path(svgPathData: "M 0 0 L 100 0 L 100 100 Z")))
        #expect(corner.differential(atArcLength: 100, side: .arriving).tangent == p(1, 0))
        #expect(corner.differential(atArcLength: 100, side: .leaving).tangent == p(0, 1))
        #expect(corner.differential(atArcLength: 0, side: .leaving).tangent == p(1, 0))
        let seam = corner.differential(atArcLength: 0, side: .arriving).tangent
        #expect(seam.distance(to: p(-1, -1) * (1 / 2.0.squareRoot())) < 1e-12)
        #expect(corner.differential(atArcLength: 50, side: .arriving).turn == .zero)
    }

    @Test func anOpenPathClampsAndSubpathsFollowOneAnother() throws {
        let curve = try #require(PathCurve(try Path(svgPathData: "M0 0 H 30 M 100 0 v 40")))
        #expect(curve.length == 70)
        #expect(!curve.isClosed)
        #expect(curve.point(atArcLength: 30.5).distance(to: p(100, 0.5)) < 1e-12)
        #expect(curve.point(atArcLength: -5) == p(0, 0))
        #expect(curve.point(atArcLength: 1e9).distance(to: p(100, 40)) < 1e-12)
    }
}

/// The one flattener (`Path.flattened`): every line stays within its flatness of the curve,
/// measured against the curve's own points, densely sampled; closed contours close; work is
/// bounded.
@Suite struct FlatteningTests {
    /// The distance from `p` to the nearest of `segments`.
    static func distance(_ p: Point, to segments: [(Point, Point)]) -> Double {
        segments.map { a, b in
            let d = b - a, length2 = d.x * d.x + d.y * d.y
            let t = length2 == 0 ? 0 : min(1, max(0, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / length2))
            return (p - (a + d * t)).length
        }.min() ?? .infinity
    }

    @Test(arguments: [1.0, 0.1, 0.002]) func linesStayWithinTheFlatness(flatness: Double) throws {
        let path = try Path(svgPathData: "M 10 80 C 40 10 65 10 95 80 S 150 150 180 80 Q 200 20 230 80 Z")
        let map = AffineMap.scale(2, 2).concatenating(.translation(5, -3))
        let contours = path.flattened(map: map, flatness: flatness)
        #expect(contours.count == 1 && contours[0].closed)
        let segments = contours.flatMap(\.segments)
        // The curve's own points: every one near a line, and every line's end on the curve.
        let curve = sampledOutline(path, map)
        let worst = curve.map { Self.distance($0, to: segments) }.max() ?? .infinity
        #expect(worst <= flatness * 1.01, "\(worst) px from the lines at flatness \(flatness)")
        let back = contours[0].points.map { Self.distance($0, to: zip(curve, curve.dropFirst()).map { ($0, $1) }) }.max() ?? .infinity
        #expect(back < 0.5, "a line's end \(back) px off the sampled curve")
        // Finer flatness, more lines.
        if flatness < 1 { #expect(segments.count > path.flattened(map: map, flatness: flatness * 10).flatMap(\.segments).count) }
    }

    @Test func workIsBounded() throws {
        let path = try Path(svgPathData: "M 0 0 C 1000 0 1000 1000 0 1000")
        var counted = 0
        #expect(path.flattened(flatness: 1e-6, counted: &counted, limit: 100) == nil)
        counted = 0
        #expect(path.flattened(flatness: 1, counted: &counted, limit: 100) != nil && counted > 1)
    }
}
