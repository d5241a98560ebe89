import CurveType
import Foundation
import Testing

/// Text along a path: the textPath placement, sides, offsets, fitting, dropping, and the effects.
@Suite struct PathTextTests {
    let line = try! Path(svgPathData: "M 0 0 L 1000 0")

    func run(_ text: String) throws -> ShapedRun {
        try FontStack.resolve(.default).shape(text)
    }

    @Test func onAStraightLineTheLayoutIsTheShapedAdvances() throws {
        let shaped = try run("AVATAR")
        let layout = try PathTextLayout(shaped, style: PathTextStyle(size: 100), path: line)
        let scale = 100 / Double(shaped.fonts[0].unitsPerEm)
        var pen = 0.0
        for (placed, glyph) in zip(layout.text.glyphs, shaped.glyphs) {
            #expect(abs(placed.origin.x - (pen + glyph.xOffset * scale)) < 1e-9)
            #expect(abs(placed.origin.y) < 1e-9 && placed.angle == 0)
            #expect(abs(placed.arcLength - (pen + glyph.advance * scale / 2)) < 1e-9)
            pen += glyph.advance * scale
        }
        #expect(layout.droppedClusters == 0)
    }

    /// A circle written as two arcs gives `curvetype circle`'s layout within 0.01 px.
    @Test(arguments: [(60.0, 14.0), (125.0, 13.0), (400.0, 40.0), (1000.0, 24.0)])
    func aCircleAsTwoArcsIsTheCircleLayout(_ radius: Double, _ size: Double) throws {
        let shaped = try run("LET'S LEARN SWIFTUI! THE MOST MAGICAL FRAMEWORK!")
        let circle = try CircleTextLayout(shaped, style: CircleTextStyle(size: size, radius: radius, start: 0, align: .start, allowOverlap: true), center: .zero)
        let arcs = try Path(svgPathData: "M 0 \(-radius) A \(radius) \(radius) 0 0 1 0 \(radius) A \(radius) \(radius) 0 0 1 0 \(-radius) Z")
        let path = try PathTextLayout(shaped, style: PathTextStyle(size: size), path: arcs)
        #expect(path.text.glyphs.count == circle.text.glyphs.count)
        for (a, b) in zip(path.text.glyphs, circle.text.glyphs) {
            #expect(a.origin.distance(to: b.origin) < 0.01, "\(a.origin) vs \(b.origin)")
            let turn = abs(a.angle - b.angle).truncatingRemainder(dividingBy: 360)
            // The turn moves a glyph's far corner (about `size` from its origin) by under 0.01 px.
            #expect(min(turn, 360 - turn) * .pi / 180 * size < 0.01)
        }
    }

    @Test func startOffsetAlignAndSide() throws {
        let shaped = try run("Hello")
        let centred = try PathTextLayout(shaped, style: PathTextStyle(size: 50, startOffset: .percent(50), align: .center), path: line)
        let extent = centred.text.extent
        #expect(abs(centred.leading - (500 - extent / 2)) < 1e-9)
        #expect(abs(centred.text.glyphs[0].origin.x - (500 - extent / 2)) < 1e-9)
        // The right side travels the line from its end: leftwards, upside down.
        let right = try PathTextLayout(shaped, style: PathTextStyle(size: 50, side: .right), path: line)
        #expect(abs(right.text.glyphs[0].origin.x - 1000) < 1e-9)
        #expect(right.text.glyphs.allSatisfy { abs($0.angle - 180) < 1e-9 })
        #expect(PathOffset(parsing: "12.5px") == .length(12.5) && PathOffset(parsing: " 50% ") == .percent(50))
        #expect(PathOffset(parsing: "x") == nil && PathOffset(parsing: "nan%") == nil)
    }

    @Test func clustersWhoseMiddleFallsOffAnOpenPathAreDropped() throws {
        let shaped = try run("abcdefghij")
        let short = try Path(svgPathData: "M 0 0 H 100")
        let layout = try PathTextLayout(shaped, style: PathTextStyle(size: 40), path: short)
        #expect(layout.droppedClusters > 0)
        #expect(layout.text.clusters.allSatisfy { $0.arcLength <= 100 })
        #expect(layout.text.clusters.count + layout.droppedClusters == 10)
        // --clip drops every cluster not wholly on the path, so at least as many.
        let clipped = try PathTextLayout(shaped, style: PathTextStyle(size: 40, clip: true), path: short)
        #expect(clipped.text.clusters.allSatisfy { $0.arcLength + $0.advance / 2 <= 100 + 1e-9 })
        #expect(clipped.droppedClusters >= layout.droppedClusters)
    }

    /// Fitting a closed path leaves the same gap between every two clusters, across the seam too.
    @Test func fitOnAClosedPathIsSeamEven() throws {
        let shaped = try run("ROUND AND ROUND")
        let ellipse = try Path(svgPathData: "M 160 0 A 160 90 0 0 1 -160 0 A 160 90 0 0 1 160 0 Z")
        let layout = try PathTextLayout(shaped, style: PathTextStyle(size: 20, fitsPath: true), path: ellipse)
        let clusters = layout.text.clusters
        var gaps: [Double] = []
        for (a, b) in zip(clusters, clusters.dropFirst()) {
            gaps.append((b.arcLength - b.advance / 2) - (a.arcLength + a.advance / 2))
        }
        let last = clusters[clusters.count - 1], first = clusters[0]
        gaps.append(layout.curve.length - (last.arcLength + last.advance / 2) + (first.arcLength - first.advance / 2))
        #expect(gaps.allSatisfy { abs($0 - layout.tracking) < 1e-6 }, "\(gaps)")
        #expect(!layout.overlapsItself && layout.droppedClusters == 0)
    }

    @Test func theLineOnThePath() throws {
        let shaped = try run("Hxg")
        let font = shaped.fonts[0]
        let scale = 40 / Double(font.unitsPerEm)
        for (line, offset) in [(PathLine.baseline, 0.0), (.ascender, -Double(font.metrics.ascender) * scale),
                               (.descender, -Double(font.metrics.descender) * scale),
                               (.center, -Double(font.metrics.ascender + font.metrics.descender) * scale / 2)] {
            let layout = try PathTextLayout(shaped, style: PathTextStyle(size: 40, line: line), path: self.line)
            #expect(abs(layout.lineOffset - offset) < 1e-9)
            // Up is −y on a left-to-right line: the baseline sits `offset` below the path.
            #expect(abs(layout.text.glyphs[0].origin.y + offset) < 1e-9)
        }
    }

    /// The points of an SVG's `<path d>`s that are not glyph definitions, and each cubic.
    func cubics(in svg: String) throws -> [(Point, Point, Point, Point)] {
        var result: [(Point, Point, Point, Point)] = []
        let pattern = try NSRegularExpression(pattern: #"<path d="([^"]+)""#)
        for match in pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            guard let range = Range(match.range(at: 1), in: svg) else { continue }
            var current = Point.zero
            for element in try Path(svgPathData: String(svg[range])).elements {
                switch element {
                case .move(let p), .line(let p): current = p
                case .cubic(let c1, let c2, let p): result.append((current, c1, c2, p)); current = p
                case .quad(_, let p): current = p
                case .close: break
                }
            }
        }
        return result
    }

    /// The distance from `q` to the curve: the nearest of 20,000 even samples, refined by a
    /// ternary search between its neighbours.
    func distance(_ q: Point, to curve: PathCurve) -> Double {
        let n = 3_000
        let step = curve.length / Double(n)
        var best = 0
        var bestDistance = Double.infinity
        for i in 0...n {
            let d = q.distance(to: curve.point(atArcLength: Double(i) * step))
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        var (a, b) = (Double(best - 1) * step, Double(best + 1) * step)
        for _ in 0..<60 {
            let m1 = a + (b - a) / 3, m2 = b - (b - a) / 3
            if q.distance(to: curve.point(atArcLength: m1)) < q.distance(to: curve.point(atArcLength: m2)) { b = m2 } else { a = m1 }
        }
        return q.distance(to: curve.point(atArcLength: (a + b) / 2))
    }

    /// Bent em dashes over a tight bend: each long edge of the bar lies at one height over the path,
    /// so every point of the exact bend lies that far from it; every cubic fitted to an edge
    /// stays within the tolerance of that distance (plus SVG's 2-decimal rounding).
    @Test func bentOutlinesStayWithinTheTolerance() throws {
        for tolerance in [0.05, 0.5] {
            let request = PathTextRequest(
                text: "———", path: try Path(svgPathData: "M 20 100 Q 150 -60 280 100"),
                style: PathTextStyle(size: 60, startOffset: .percent(50), align: .center, effect: .bend), tolerance: tolerance)
            let result = try request.render()
            let curve = result.layout.curve
            let all = try cubics(in: result.svg)
            #expect(all.count >= 12)
            var edges = 0
            for (p0, c1, c2, p3) in all {
                let r0 = distance(p0, to: curve), r3 = distance(p3, to: curve)
                guard abs(r0 - r3) < 0.02 else { continue }  // an end of the bar, not a long edge
                edges += 1
                for i in 1..<16 {
                    let t = Double(i) / 16, u = 1 - t
                    let q = p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t)
                    #expect(abs(distance(q, to: curve) - r0) <= tolerance + 0.01, "tolerance \(tolerance)")
                }
            }
            #expect(edges >= 4)
        }
    }

    /// Each affine effect keeps what it promises, read off the `<use>` matrices.
    @Test(arguments: [PathEffect.skew, .ribbon, .stairStep, .gravity])
    func affineEffectsKeepTheirPromise(_ effect: PathEffect) throws {
        let request = PathTextRequest(
            text: "Wave", path: try Path(svgPathData: "M 20 120 C 120 20 220 220 320 120"),
            style: PathTextStyle(size: 30, effect: effect))
        let svg = try request.render().svg(SVGSettings(numbers: SVGNumberFormat(precision: 6)))
        let pattern = try NSRegularExpression(pattern: #"matrix\(([^)]+)\)"#)
        let matrices = pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).compactMap { match in
            Range(match.range(at: 1), in: svg).map { svg[$0].split(separator: " ").compactMap { Double($0) } }
        }
        #expect(matrices.count == 4)
        for m in matrices {
            let (x, y) = (Point(x: m[0], y: m[1]), Point(x: m[2], y: m[3]))
            #expect(abs(x.length - 1) < 1e-5 && abs(y.length - 1) < 1e-5)
            switch effect {
            case .skew: #expect(abs(y.x) < 1e-6 && abs(y.y - 1) < 1e-6)  // stems vertical
            case .ribbon: #expect(abs(x.y) < 1e-6)  // horizontals horizontal
            case .stairStep: #expect(m[0] == 1 && m[1] == 0 && m[2] == 0 && m[3] == 1)  // no rotation
            default: #expect(abs(x.dot(y)) < 1e-6)  // gravity: a rotation, verticals radial
            }
        }
    }

    @Test func textModeWritesATextPath() throws {
        let request = PathTextRequest(text: "a < b", path: line, style: PathTextStyle(size: 20, startOffset: .length(30), side: .right),
                                      glyphs: .text)
        let svg = try request.render().svg
        #expect(svg.contains("<textPath") && svg.contains("a &lt; b") && svg.contains("startOffset=\"30\""))
        let bent = PathTextRequest(text: "a", path: line, style: PathTextStyle(effect: .bend), glyphs: .text)
        #expect(throws: CurveTypeError.self) { try bent.render() }
    }
}
