import CurveType
import Foundation
import TestSupport
import Testing

/// Stamps and seals: arcs upright at the top and the bottom, text inside its band, ellipse rings
/// spaced by arc length, and name seals' cells, each measured from the layout itself (glyph
/// outlines placed as the writers place them), not from the numbers the seal reports about them.
@Suite struct SealTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    /// The company stamp: a top arc, an upright bottom arc, two stars, a double border, centre rows.
    static func stamp(radius: Double = 90, ellipse: Double? = nil) -> SealRequest {
        var request = SealRequest(ring: "", center: "EST.\n1998", radius: radius, radiusY: ellipse)
        request.rings = [SealRing(arcs: [SealArc("ACME TRADING COMPANY", side: .top), SealArc("SPRINGFIELD", side: .bottom)],
                                  separator: "★", border: SealBorder(.double, width: 3))]
        return request
    }

    /// Every point of a glyph's outline where the frame puts it: the outline in font units,
    /// scaled, y flipped, turned by the glyph's angle about its origin. Curves sampled finely.
    static func inkPoints(_ layout: CurveTextLayout) throws -> [[Point]] {
        try layout.glyphs.map { g in
            let outline = try layout.run.fonts[g.font].outline(of: g.glyph).path
            let a = g.angle * .pi / 180
            let u = Point(x: cos(a), y: sin(a)), down = Point(x: -sin(a), y: cos(a))
            return sampled(outline).map { p in g.origin + u * (p.x * g.scale) + down * (-p.y * g.scale) }
        }
    }

    static func sampled(_ path: Path) -> [Point] {
        var points: [Point] = []
        var current = Point.zero, start = Point.zero
        func add(_ f: (Double) -> Point) { for k in 1...64 { points.append(f(Double(k) / 64)) } }
        for element in path.elements {
            switch element {
            case .move(let p): current = p; start = p; points.append(p)
            case .line(let p): let a = current; add { a + (p - a) * $0 }; current = p
            case .quad(let c, let p):
                let a = current
                add { t in a * ((1 - t) * (1 - t)) + c * (2 * (1 - t) * t) + p * (t * t) }
                current = p
            case .cubic(let c1, let c2, let p):
                let a = current
                add { t in
                    let u = 1 - t
                    return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                }
                current = p
            case .close: let a = current, b = start; add { a + (b - a) * $0 }; current = start
            }
        }
        return points
    }

    /// The bottom arc's glyphs stand upright: each glyph's baseline is the ring's tangent at its
    /// advance midpoint, its top points to the centre, and it reads left to right at the bottom
    /// (counter-clockwise); the top arc's glyphs point away and read clockwise.
    /// The library builds rings as the command line does (`setRings`): the k-th top and bottom
    /// arcs share ring k, separators in every gap, borders from the outside in, extra borders
    /// their own rings; a ring with arcs is refused.
    @Test func ringsAreBuiltInTheLibrary() throws {
        var seal = SealRequest(ring: "", center: "OK")
        try seal.setRings(ring: nil, top: [SealArc("OUTER", side: .top), SealArc("INNER", side: .top)],
                          bottom: [SealArc("BELOW", side: .bottom)], separator: "★",
                          borders: [SealBorder(.double, width: 2), SealBorder(.solid, width: 3), SealBorder(.dotted, width: 1), SealBorder(.solid, width: 1)])
        #expect(seal.rings.count == 3, "one extra border ring, then the two text rings")
        #expect(seal.rings[0].arcs.isEmpty && seal.rings[0].border.style == .double)
        #expect(seal.rings[1].arcs.map(\.text) == ["OUTER", "BELOW"] && seal.rings[2].arcs.map(\.text) == ["INNER"])
        #expect(seal.rings[1].separator == "★" && seal.rings[2].separator == "★")
        #expect(seal.rings[1].border.style == .solid && seal.rings[2].border.style == .dotted && seal.innerBorder.style == .solid)
        #expect(try seal.render().svg.contains("BELOW"), "it draws")
        #expect(throws: CurveTypeError.self) { try seal.setRings(ring: "ALL ROUND", top: [SealArc("X", side: .top)], bottom: []) }
        var whole = SealRequest(ring: "", center: "")
        try whole.setRings(ring: "ALL ROUND • ", top: [], bottom: [])
        #expect(whole.rings.count == 1 && whole.rings[0].arcs.first?.sweep == 360)
    }

    @Test func bottomArcIsUprightTopArcReadsClockwise() throws {
        let seal = try Self.stamp().render()
        let report = seal.layoutReport
        let c = Point(x: report.center.x, y: report.center.y)
        #expect(report.arcs.map(\.side) == ["top", "bottom"])
        for arc in report.arcs {
            for g in arc.glyphs {
                let a = try #require(g.angle) * .pi / 180
                let u = Point(x: cos(a), y: sin(a)), up = Point(x: sin(a), y: -cos(a))
                let middle = Point(x: g.x, y: g.y) + u * (g.advance / 2)
                let out = (middle - c) * (1 / (middle - c).length)
                let clockwise = Point(x: -out.y, y: out.x)
                #expect(abs(u.dot(out)) < 1e-9, "the baseline is the tangent")
                if arc.side == "bottom" {
                    #expect(up.dot(out) < -0.999999, "a bottom glyph's top points to the centre")
                    #expect(u.dot(clockwise) < -0.999999, "the bottom arc runs counter-clockwise")
                } else {
                    #expect(up.dot(out) > 0.999999)
                    #expect(u.dot(clockwise) > 0.999999)
                }
            }
            // Upright at the bottom: the glyph at 6 o'clock reads left to right on screen.
        }
        let bottom = try #require(report.arcs.last)
        let nearest = try #require(bottom.glyphs.min { abs($0.x - c.x) < abs($1.x - c.x) })
        let angle = try #require(nearest.angle)
        #expect(angle < 10 || angle > 350)
    }

    /// Each separator stands at the middle of its gap: its advance midpoint's angle from the
    /// centre is half way between the arcs' ends either side, measured from where their first
    /// and last clusters' edges lie.
    @Test func separatorsStandAtTheGapsMiddles() throws {
        let seal = try Self.stamp().render()
        let c = seal.center
        func angle(_ p: Point) -> Double {
            let degrees = atan2(p.x - c.x, c.y - p.y) * 180 / .pi
            return degrees < 0 ? degrees + 360 : degrees
        }
        func edges(_ layout: CurveTextLayout) throws -> (lead: Double, trail: Double) {
            let first = try #require(layout.clusters.first), last = try #require(layout.clusters.last)
            let a = last.angle * .pi / 180
            return (angle(first.origin), angle(last.origin + Point(x: cos(a), y: sin(a)) * last.advance))
        }
        let top = try edges(try #require(seal.arcs.first { $0.side == .top }).text)
        let bottom = try edges(try #require(seal.arcs.first { $0.side == .bottom }).text)
        // Clockwise: top leads at the left, trails at the right; the bottom arc reads the other way.
        let right = (top.trail + bottom.trail) / 2, left = (bottom.lead + top.lead) / 2
        #expect(seal.separators.count == 2)
        var found: [Double] = []
        for separator in seal.separators {
            let cluster = try #require(separator.clusters.first)
            let a = cluster.angle * .pi / 180
            found.append(angle(cluster.origin + Point(x: cos(a), y: sin(a)) * (cluster.advance / 2)))
        }
        found.sort()
        #expect(abs(found[0] - right) < 0.01 && abs(found[1] - left) < 0.01, "\(found) against \(right), \(left)")
    }

    /// Both arcs' ink lies in the band the seal states, within 0.01 px; the deepest arc spans it;
    /// the band is as far from the border outside as from the border inside.
    @Test(arguments: [(90.0, nil as String?), (60, "Hamburg · Qüy"), (120, "jpgqy ÅÉ")])
    func arcsLieWithinTheirBand(radius: Double, bottomText: String?) throws {
        var request = Self.stamp(radius: radius)
        if let bottomText { request.rings[0].arcs[1].text = bottomText }
        let seal = try request.render()
        let band = try #require(seal.bands.first)
        let c = seal.center
        var nearest = Double.infinity, farthest = 0.0
        for arc in seal.arcs {
            for glyph in try Self.inkPoints(arc.text) {
                for p in glyph {
                    let r = (p - c).length
                    nearest = min(nearest, r)
                    farthest = max(farthest, r)
                    #expect(r <= radius - band.lowerBound + 0.01 && r >= radius - band.upperBound - 0.01,
                            "ink at radius \(r) outside the band \(radius - band.upperBound)…\(radius - band.lowerBound)")
                }
            }
        }
        #expect(abs(farthest - (radius - band.lowerBound)) < 0.01, "the band's outer edge is the ink's")
        #expect(abs(nearest - (radius - band.upperBound)) < 0.01, "the band's inner edge is the ink's")
        let outer = try #require(seal.borders.first), inner = try #require(seal.borders.last)
        #expect(abs((band.lowerBound - outer.insets.upperBound) - (inner.insets.lowerBound - band.upperBound)) < 1e-9)
        // Each arc's ink centred across the band.
        for arc in seal.arcs {
            let radii = try Self.inkPoints(arc.text).joined().map { ($0 - c).length }
            let middle = ((radii.max() ?? 0) + (radii.min() ?? 0)) / 2
            #expect(abs(middle - (radius - (band.lowerBound + band.upperBound) / 2)) < 0.01)
        }
    }

    /// The outer ellipse of a seal of semi-axes `a`, `b` about `c`: the parameter of its point
    /// nearest `p` (x = a sin t, y = −b cos t), found here by a fine scan, then ternary search.
    static func nearestParameter(_ p: Point, _ c: Point, _ a: Double, _ b: Double) -> Double {
        func d2(_ t: Double) -> Double { let q = Point(x: c.x + a * sin(t), y: c.y - b * cos(t)); return (p - q).dot(p - q) }
        var best = 0.0
        for k in 0..<3600 where d2(Double(k) * .pi / 1800) < d2(best) { best = Double(k) * .pi / 1800 }
        var low = best - .pi / 1800, high = best + .pi / 1800
        for _ in 0..<80 {
            let m1 = low + (high - low) / 3, m2 = high - (high - low) / 3
            if d2(m1) < d2(m2) { high = m2 } else { low = m1 }
        }
        return (low + high) / 2
    }

    /// The length of the ring `inset` px inside the ellipse of semi-axes `a`, `b` (its parallel
    /// curve, whose speed is |E′|(1 − dκ) = |E′| − d·ab/|E′|²), from the edge's parameter `t0`
    /// over `delta` radians (either way): Simpson's rule on 4000 steps.
    static func ringLength(a: Double, b: Double, inset d: Double, from t0: Double, by delta: Double) -> Double {
        let n = 4000, h = delta / Double(n)
        func f(_ t: Double) -> Double {
            let speed = (a * a * cos(t) * cos(t) + b * b * sin(t) * sin(t)).squareRoot()
            return speed - d * a * b / (speed * speed)
        }
        var sum = f(t0) + f(t0 + delta)
        for k in 1..<n { sum += f(t0 + Double(k) * h) * (k % 2 == 1 ? 4 : 2) }
        return abs(sum * h / 3)
    }

    /// On an ellipse every ring is the edge's parallel curve: each cluster's middle lies its
    /// baseline's inset from the outer edge along the edge's normal (to 0.001 px), its glyph
    /// turns with the edge's tangent there, and spread text is spaced equally by arc length
    /// along its spacing line's parallel curve (measured here by integrating its speed,
    /// |E′|(1 − dκ)). The rings were
    /// smaller ellipses, whose distance from the edge wandered (margins 3.52–4.17 px against a
    /// 4.05 px gap).
    @Test func ellipseRingIsSpacedByArcLengthAlongTheNormal() throws {
        var request = Self.stamp(radius: 130, ellipse: 80)
        request.rings[0].arcs[0].sweep = 160
        request.rings[0].arcs[1].sweep = 120
        let seal = try request.render()
        let c = seal.center, a = 130.0, b = 80.0
        var turnedOffRadius = 0.0
        for arc in seal.arcs {
            // Spaced along the inner edge of its text: a top arc's baseline, a bottom arc's
            // letters' tops (its ink's inner edge).
            let d = arc.side == .top ? arc.baselineInset : arc.inkInsets.upperBound
            // The shorter way round: the bottom arc crosses t = ±π.
            func length(_ t0: Double, _ t1: Double) -> Double {
                var delta = (t1 - t0).truncatingRemainder(dividingBy: 2 * .pi)
                if delta > .pi { delta -= 2 * .pi }
                if delta < -.pi { delta += 2 * .pi }
                return Self.ringLength(a: a, b: b, inset: d, from: t0, by: delta)
            }
            var middles: [(t: Double, advance: Double)] = []
            for cluster in arc.text.clusters {
                let angle = cluster.angle * .pi / 180
                let u = Point(x: cos(angle), y: sin(angle))
                let m = cluster.origin + u * (cluster.advance / 2)
                let t = Self.nearestParameter(m, c, a, b)
                let edge = Point(x: c.x + a * sin(t), y: c.y - b * cos(t))
                #expect(abs(m.distance(to: edge) - arc.baselineInset) < 1e-3, "the cluster's middle is \(m.distance(to: edge)) px from the edge, not \(arc.baselineInset)")
                let tangent = Point(x: a * cos(t), y: b * sin(t))
                let along = tangent * (1 / tangent.length)
                #expect(abs(abs(u.dot(along)) - 1) < 1e-6, "the glyph turns with the edge's tangent")
                let radial = (m - c) * (1 / (m - c).length)
                turnedOffRadius = max(turnedOffRadius, abs(u.dot(radial)))
                middles.append((t, cluster.advance))
            }
            var gaps: [Double] = []
            for k in 1..<middles.count {
                gaps.append(length(middles[k - 1].t, middles[k].t) - (middles[k - 1].advance + middles[k].advance) / 2)
            }
            let spread = (gaps.max() ?? 0) - (gaps.min() ?? 0)
            #expect(spread < 0.01, "gaps by arc length differ by \(spread) px: \(gaps)")
            #expect(abs((gaps.first ?? 0) - arc.text.tracking) < 0.01)
        }
        // On an ellipse the tangent is not square to the radius: a glyph following the radius
        // would fail the tangent check above somewhere round the ring.
        #expect(turnedOffRadius > 0.1)
    }

    /// On an ellipse too, each arc's ink (and each separator's) is centred across its band,
    /// within 0.01 px, measured along the edge's normal where every glyph lies; the band is
    /// the ink's and as far from the border outside as from the border inside; each arc's
    /// reported ink is where it lies. The ink was placed by its flat heights, 0.38 px outside
    /// its band, and `inkOuter` was as far off.
    @Test(arguments: [(150.0, 90.0, 40.0, 210.0), (130, 80, 0, 180), (90, 150, 300, 150)])
    func ellipseArcsLieWithinTheirBand(a: Double, b: Double, top: Double, bottom: Double) throws {
        var request = SealRequest(ring: "", center: "", radius: a, radiusY: b)
        request.rings = [SealRing(arcs: [SealArc("NOTARY PUBLIC Wj", side: .top, angle: top), SealArc("COUNTY Qgy SEAL", side: .bottom, angle: bottom)],
                                  separator: "●", border: SealRequest.outerBorder)]
        let seal = try request.render()
        let c = seal.center
        let band = try #require(seal.bands.first)
        // A point's distance inside the edge along the edge's normal, found by its own search.
        func inset(_ p: Point) -> Double {
            let t = Self.nearestParameter(p, c, a, b)
            let d = p.distance(to: Point(x: c.x + a * sin(t), y: c.y - b * cos(t)))
            let q = p - c
            return q.x * q.x / (a * a) + q.y * q.y / (b * b) <= 1 ? d : -d
        }
        func range(_ layout: CurveTextLayout) throws -> ClosedRange<Double> {
            let insets = try Self.inkPoints(layout).joined().enumerated().filter { $0.offset % 3 == 0 }.map { inset($0.element) }
            return try #require(insets.min())...(try #require(insets.max()))
        }
        var whole: ClosedRange<Double>?
        for arc in seal.arcs {
            let ink = try range(arc.text)
            whole = whole.map { min($0.lowerBound, ink.lowerBound)...max($0.upperBound, ink.upperBound) } ?? ink
            #expect(abs((ink.lowerBound + ink.upperBound) / 2 - (band.lowerBound + band.upperBound) / 2) < 0.01,
                    "the \(arc.side) arc's ink \(ink) is not centred on the band \(band)")
            #expect(abs(arc.inkInsets.lowerBound - ink.lowerBound) < 0.01 && abs(arc.inkInsets.upperBound - ink.upperBound) < 0.01,
                    "the \(arc.side) arc reports \(arc.inkInsets), its ink lies at \(ink)")
        }
        let ink = try #require(whole)
        #expect(abs(ink.lowerBound - band.lowerBound) < 0.01 && abs(ink.upperBound - band.upperBound) < 0.01, "ink \(ink), band \(band)")
        let outer = try #require(seal.borders.first), inner = try #require(seal.borders.last)
        #expect(abs((band.lowerBound - outer.insets.upperBound) - (inner.insets.lowerBound - band.upperBound)) < 0.01)
        try #require(seal.separators.count == 2)
        for separator in seal.separators {
            let own = try range(separator)
            #expect(abs((own.lowerBound + own.upperBound) / 2 - (band.lowerBound + band.upperBound) / 2) < 0.01, "separator \(own), band \(band)")
        }
    }

    /// An ellipse ring's separators stand at the middle of their gaps by arc length (they stood
    /// at the polar middle, up to 30.5 px along the ring from it, with arcs at 40° and 210° on
    /// 150×90).
    @Test func ellipseSeparatorsStandAtTheGapsMiddles() throws {
        var request = SealRequest(ring: "", center: "", radius: 150, radiusY: 90)
        request.rings = [SealRing(arcs: [SealArc("NOTARY PUBLIC", side: .top, angle: 40), SealArc("COUNTY SEAL", side: .bottom, angle: 210)],
                                  separator: "●", border: SealRequest.outerBorder)]
        let seal = try request.render()
        let c = seal.center, a = 150.0, b = 90.0
        try #require(seal.separators.count == 2 && seal.arcs.count == 2)
        // Arc length from t0 clockwise to t1 along the middle of the band, where the
        // separators stand (the edge's parallel curve there: speed |E′|(1 − dκ)).
        let band = try #require(seal.bands.first)
        let d = (band.lowerBound + band.upperBound) / 2
        func along(_ t0: Double, _ t1: Double) -> Double {
            var delta = (t1 - t0).truncatingRemainder(dividingBy: 2 * .pi)
            if delta < 0 { delta += 2 * .pi }
            return Self.ringLength(a: a, b: b, inset: d, from: t0, by: delta)
        }
        func ends(_ layout: CurveTextLayout) throws -> (Double, Double) {
            let first = try #require(layout.clusters.first), last = try #require(layout.clusters.last)
            let u = Point(x: cos(last.angle * .pi / 180), y: sin(last.angle * .pi / 180))
            return (Self.nearestParameter(first.origin, c, a, b), Self.nearestParameter(last.origin + u * last.advance, c, a, b))
        }
        let top = try ends(seal.arcs[0].text), bottom = try ends(seal.arcs[1].text)
        // Clockwise: the top arc from its start to its end; the bottom arc, read
        // counter-clockwise, from its end to its start.
        let gaps = [(top.1, bottom.1), (bottom.0, top.0)]
        for separator in seal.separators {
            let cluster = try #require(separator.clusters.first)
            let u = Point(x: cos(cluster.angle * .pi / 180), y: sin(cluster.angle * .pi / 180))
            let t = Self.nearestParameter(cluster.origin + u * (cluster.advance / 2), c, a, b)
            let gap = try #require(gaps.first { along($0.0, t) < along($0.0, $0.1) })
            #expect(abs(along(gap.0, t) - along(t, gap.1)) < 0.01, "\(along(gap.0, t)) against \(along(t, gap.1))")
        }
    }

    /// A name seal's characters fill their cells as seal makers fill them: each ink box centred
    /// within 0.5 px, filling the cell one way to 0.5 px, stretched at most 1.5:1; columns from
    /// the right, top to bottom.
    @Test(arguments: [("山ー山ー", "2x2"), ("山ー山ー山ー山ー山", "3x3"), ("山ー山", "2x2"), ("山ー", nil as String?)])
    func nameSealCellsHoldTheirCharacters(text: String, grid: String?) throws {
        var options = SealOptions()
        options.name = text
        options.grid = grid
        options.fonts.font = "Fixtures/fonts/CurveTypeTestVert.ttf"
        options.radius = 60
        let seal = try options.request().render()
        #expect(seal.cells.count == text.count)
        var boxes: [(box: Rect, stretch: Double)] = []
        func collect(_ items: [FrameItem]) {
            for item in items {
                switch item {
                case .group(let g): collect(g.items)
                case .glyphs(let run):
                    for g in run.glyphs {
                        guard case .mapped(let map) = g.placement,
                              let box = try? run.fonts[g.font].outline(of: g.glyph).path.bounds(
                                transformedBy: AffineMap.scale(g.scale, -g.scale).concatenating(map)) else { continue }
                        boxes.append((box, abs(map.a / map.d)))
                    }
                default: break
                }
            }
        }
        collect(seal.frame.items)
        #expect(boxes.count == seal.cells.count)
        for ((box, stretch), cell) in zip(boxes, seal.cells) {
            // Centred in its cell, inside it, filling it one way, stretched at most 1.5:1 (a
            // third character of a column was squashed 3.2:1, and ー drawn as a block).
            #expect(abs((box.minX + box.maxX) / 2 - (cell.minX + cell.maxX) / 2) < 0.5)
            #expect(abs((box.minY + box.maxY) / 2 - (cell.minY + cell.maxY) / 2) < 0.5)
            #expect(box.width <= cell.width + 0.5 && box.height <= cell.height + 0.5)
            #expect(abs(box.width - cell.width) < 0.5 || abs(box.height - cell.height) < 0.5)
            #expect(stretch <= 1.5 + 1e-9 && stretch >= 1 / 1.5 - 1e-9, "stretched \(stretch):1")
        }
        // Read from the right: the first cell is right of the last column's.
        if let first = seal.cells.first, let last = seal.cells.last, grid != nil {
            #expect(first.minX > last.maxX)
        }
    }

    /// The centre keeps the lines the user gave (the notary's two lines became four, and
    /// 合同专用章 became 合同 / 专用章, each for a slightly larger size); a single long line is
    /// still wrapped where keeping it whole would halve its size.
    @Test func centreKeepsTheGivenLines() throws {
        var notary = SealRequest(ring: "", center: "JANE Q. EXAMPLE\nCOMMISSION 00-000", radius: 130, radiusY: 85)
        notary.rings = [SealRing(arcs: [SealArc("NOTARY PUBLIC", side: .top, sweep: 150), SealArc("STATE OF NOWHERE", side: .bottom, sweep: 110)],
                                 border: SealRequest.outerBorder)]
        let lines = try #require(try notary.render().centerText).lines.map(\.text)
        #expect(lines == ["JANE Q. EXAMPLE", "COMMISSION 00-000"])
        var long = SealRequest(ring: "", center: "THE VERY LONG NAME OF A SOCIETY OF FRIENDS", radius: 90)
        long.rings = [SealRing(arcs: [SealArc("TOP", side: .top)], border: SealRequest.outerBorder)]
        #expect(try #require(try long.render().centerText).lines.count > 1)
    }

    /// The seal's report has one font table for all its arcs (two arcs in two fonts both said
    /// `font: 0`), and says whether the drawing is mirrored.
    @Test func reportNamesEveryArcsFontAndTheMirror() throws {
        var request = SealRequest(ring: "", center: "", radius: 90)
        var bottom = SealArc("BOTTOM", side: .bottom)
        bottom.font = .bundled(.sans)
        request.rings = [SealRing(arcs: [SealArc("TOP", side: .top), bottom], border: SealRequest.outerBorder)]
        request.mirror = true
        let report = try request.render().layoutReport
        #expect(report.fonts.count == 2)
        #expect(Set(report.arcs[0].glyphs.map(\.font)) == [0] && Set(report.arcs[1].glyphs.map(\.font)) == [1])
        #expect(report.fonts[1].style == "Book" && report.mirror)
        let json = try request.render().layoutJSON
        #expect(json.contains("\"mirror\":true") && json.contains("\"fonts\":[{"))
    }

    /// An official seal's name is squeezed round its span: with `squeeze`, text longer than
    /// its sweep is set narrower (each glyph scaled across, heights kept) until it fills the
    /// sweep; without, it is refused. The centre logo of a given size stands at the centre.
    @Test func squeezedArcFillsItsSweep() throws {
        var request = SealRequest(ring: "", center: "CONTRACT SEAL", radius: 90)
        var top = SealArc("SOMEWHERE CITY SOMETHING TECHNOLOGY COMPANY", side: .top, sweep: 230, size: 16)
        request.rings = [SealRing(arcs: [top], border: SealRequest.outerBorder)]
        #expect(throws: CurveTypeError.self) { try request.render() }
        top.squeeze = true
        request.rings[0].arcs = [top]
        request.centerLogo = try BadgeLogo(source: "Fixtures/logos/star.svg")
        request.centerLogoSize = 40
        let seal = try request.render()
        let arc = try #require(seal.arcs.first)
        #expect(arc.squeeze < 1 && arc.squeeze > 1.0 / 3)
        // It spans its sweep: 230° from its first glyph's start to its last glyph's end.
        let span = (arc.angles.to - arc.angles.from + 360).truncatingRemainder(dividingBy: 360)
        #expect(abs(span - 230) < 0.5, "\(span)°")
        // Each glyph is drawn narrower by the squeeze, not shorter.
        var maps: [AffineMap] = []
        func collect(_ items: [FrameItem]) {
            for item in items {
                switch item {
                case .group(let g): collect(g.items)
                case .glyphs(let run): for g in run.glyphs { if case .mapped(let m) = g.placement { maps.append(m) } }
                default: break
                }
            }
        }
        collect(seal.frame.items)
        #expect(!maps.isEmpty)
        for m in maps {
            #expect(abs((m.a * m.a + m.b * m.b).squareRoot() - arc.squeeze) < 1e-9 && abs((m.c * m.c + m.d * m.d).squareRoot() - 1) < 1e-9)
        }
        // The star at the very centre, the centre text below it.
        let centre = try #require(seal.centerText)
        #expect(centre.lines.count == 1)
        #expect(seal.frame.items.contains { if case .image(let image) = $0 { abs((image.box.minY + image.box.maxY) / 2 - seal.center.y) < 1e-9 } else { false } })
    }

    /// A round name seal's cells fill the circle: each lies inside the free disc, and the middle
    /// row of a column of three reaches farther out than its top and bottom rows (square cells
    /// left the circle's sides empty).
    @Test func roundNameSealFillsTheCircle() throws {
        var options = SealOptions()
        options.name = "欧阳明"
        options.shape = .round
        options.fonts.font = "Fixtures/fonts/CurveTypeTestVert.ttf"
        options.radius = 60
        let seal = try options.request().render()
        try #require(seal.cells.count == 3)
        let c = seal.center, r = seal.innerRadius
        for cell in seal.cells {
            for corner in [Point(x: cell.minX, y: cell.minY), Point(x: cell.maxX, y: cell.minY), Point(x: cell.minX, y: cell.maxY), Point(x: cell.maxX, y: cell.maxY)] {
                #expect(corner.distance(to: c) < r, "\(cell) reaches past the inner border at \(r)")
            }
        }
        #expect(seal.cells[1].width > seal.cells[0].width + 1 && seal.cells[1].width > seal.cells[2].width + 1)
        // Their height spans most of the disc.
        #expect(seal.cells[2].maxY - seal.cells[0].minY > 1.2 * r)
    }

    /// Characters stand in columns, so a name seal asks for vertical forms: the long vowel mark
    /// becomes the font's upright bar, the glyph hb-shape gives with `vert`.
    @Test func nameSealUsesVerticalForms() throws {
        var options = SealOptions()
        options.name = "山ー"
        options.fonts.font = "Fixtures/fonts/CurveTypeTestVert.ttf"
        let seal = try options.request().render()
        var glyphs: [UInt32] = []
        func collect(_ items: [FrameItem]) {
            for item in items {
                if case .group(let g) = item { collect(g.items) }
                if case .glyphs(let run) = item { glyphs += run.glyphs.map(\.glyph) }
            }
        }
        collect(seal.frame.items)
        let hbShape = try neededProgram("hb-shape", install: "Debian libharfbuzz-bin")
        let shaped = try runProcess(hbShape, ["--features=vert", "--no-glyph-names", "--no-positions", "--no-clusters",
                                              "Fixtures/fonts/CurveTypeTestVert.ttf", "山ー"])
        let text = String(decoding: shaped.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text == "[\(glyphs.map(String.init).joined(separator: "|"))]")
        let horizontal = try runProcess(hbShape, ["--no-glyph-names", "--no-positions", "--no-clusters", "Fixtures/fonts/CurveTypeTestVert.ttf", "山ー"])
        #expect(horizontal.stdout != shaped.stdout, "the test font's vert changes the mark")
    }

    /// Without a radius the seal grows to its text: the smallest of 80 px and its 4 % steps at
    /// which the arcs fit (the text keeps its 12 px), while a given radius is kept and refused.
    @Test func radiusIsFittedToTheTextWhenNotGiven() throws {
        var request = SealRequest(ring: "", center: "X")
        request.rings = [SealRing(arcs: [SealArc(String(repeating: "LONG NAME OF A SOCIETY ", count: 3), side: .top),
                                         SealArc("NOWHERE", side: .bottom)], separator: "★", border: SealBorder(.solid, width: 3))]
        #expect(try SealRequest(ring: "SHORT • RING • ", center: "X").render().radii.x == 80)
        let grown = try request.render()
        let r = grown.radii.x
        #expect(r > 80 && grown.arcs.allSatisfy { $0.text.size == 12 })
        var smaller = request
        smaller.ringSize = 12
        var previous = 80.0
        while (previous * 1.04).rounded(.up) < r { previous = (previous * 1.04).rounded(.up) }
        smaller.radius = previous
        // One step smaller, the arcs are refused, or their separators have no room and say so
        // (a fitted seal grows for them too).
        let below = try? smaller.render()
        #expect(below == nil || below?.warnings.map(\.kind) == [.separatorsNotDrawn])
        smaller.radius = r
        #expect(try smaller.render().frame.width == grown.frame.width)
    }

    /// The top and the bottom arc read alike: each is spaced along the inner edge of its
    /// text, where its letters converge, so no two letters stand closer on either arc than set
    /// straight (spaced along its baseline, the bottom arc's O–T gap was 0.60 px against the
    /// top's 3.11, T–T fused and T and W overlapped).
    @Test func topAndBottomArcsAreSpacedAlike() throws {
        var request = SealRequest(ring: "", center: "", radius: 120)
        request.rings = [SealRing(arcs: [SealArc("BOTTOM TWO", side: .top), SealArc("BOTTOM TWO", side: .bottom)], border: SealRequest.outerBorder)]
        let seal = try request.render()
        try #require(seal.arcs.count == 2)
        func gaps(_ layout: CurveTextLayout) throws -> [Double] {
            let glyphs = try Self.inkPoints(layout)
            return zip(glyphs, glyphs.dropFirst()).map { a, b in
                a.map { p in b.map { p.distance(to: $0) }.min() ?? .infinity }.min() ?? .infinity
            }
        }
        // The same text set straight, at the same size.
        var straight = PathOptions()
        straight.text = "BOTTOM TWO"
        straight.d = "M 0 0 L 1000 0"
        straight.size = seal.arcs[0].text.size
        straight.fonts.font = "DejaVu Sans:bold"
        let line = try gaps(try straight.request().render().layout.text)
        let top = try gaps(seal.arcs[0].text), bottom = try gaps(seal.arcs[1].text)
        try #require(line.count == top.count && line.count == bottom.count)
        for k in line.indices where line[k].isFinite && line[k] < 50 {
            #expect(top[k] >= line[k] - 0.02 && bottom[k] >= line[k] - 0.02, "pair \(k): straight \(line[k]), top \(top[k]), bottom \(bottom[k])")
        }
        // On the whole they read alike: the mean gaps of the two arcs within a third of each
        // other (top 3.11 px, bottom 2.32; spaced along its baseline the bottom's was 0.82).
        // What is left is the letters' own shapes: a T's bar or a W's arms at the top of the
        // letter converge at the bottom arc and spread at the top one.
        let kept = line.indices.filter { line[$0].isFinite && line[$0] < 50 }
        let meanTop = kept.map { top[$0] }.reduce(0, +) / Double(kept.count), meanBottom = kept.map { bottom[$0] }.reduce(0, +) / Double(kept.count)
        #expect(abs(meanTop - meanBottom) < max(meanTop, meanBottom) / 3, "mean gaps: top \(meanTop), bottom \(meanBottom)")
    }

    /// Many short rings on a fitted seal leave a free disc inside them: the inner border's
    /// radius is positive and no ring's ink reaches the centre (11 of 700 fuzzed seals drew a
    /// circle of radius -2.37 and text on the centre). Given a radius that cannot hold them,
    /// the seal is refused by advice that can work: the text is 15 % of the radius, so a
    /// larger radius cannot help.
    @Test func manyRingsLeaveTheCentreFree() throws {
        let texts = [("HCD", SealArcSide.top), ("EB", .top), ("GJ", .bottom), ("HG", .bottom), ("JFD", .top), ("HJ", .top)]
        var request = SealRequest(ring: "", center: "")
        request.ringSize = 12
        request.rings = texts.enumerated().map { k, t in
            SealRing(arcs: [SealArc(t.0, side: t.1)], border: k == 0 ? SealRequest.outerBorder : SealBorder(.solid, width: 1.5))
        }
        let seal = try request.render()
        #expect(seal.innerRadius > 0.1 * seal.radii.x, "inner border at \(seal.innerRadius) px of \(seal.radii.x)")
        for band in seal.bands { #expect(band.upperBound < seal.radii.x * 0.9) }
        var sized = request
        sized.ringSize = nil
        sized.radius = 60
        do {
            _ = try sized.render()
            Issue.record("six rings fitted a seal of radius 60")
        } catch {
            #expect(error.text.written(naming: { "--" + $0 }).contains("or a --ringSize smaller than the 15 % of the radius"), "\(error)")
            #expect(!error.text.written(naming: { "--" + $0 }).contains("larger --radius"), "\(error)")
        }
    }

    /// Every filled path of a frame, groups opened, as its subpaths' points.
    static func filledPaths(_ items: [FrameItem]) -> [[[Point]]] {
        items.flatMap { item -> [[[Point]]] in
            switch item {
            case .group(let g): return filledPaths(g.items)
            case .shape(let shape):
                guard case .path(let path) = shape.geometry, shape.style.contains(where: { if case .fill(.color) = $0 { true } else { false } }) else { return [] }
                var subpaths: [[Point]] = []
                for element in path.elements {
                    switch element {
                    case .move(let p): subpaths.append([p])
                    case .line(let p): subpaths[subpaths.count - 1].append(p)
                    default: break
                    }
                }
                return [subpaths]
            default: return []
            }
        }
    }

    /// The edges notary law names (a "serrated or milled edge border", Texas Gov't Code
    /// §406.013): a milled border's ticks stand across its band, from its thin outer line to
    /// its inner edge, a width apart, each a third of a width thick; a serrated border's teeth
    /// have their tips on the edge and their roots half a width in, a width apart, with the
    /// band solid to its inner edge.
    @Test(arguments: [90.0, 40])
    func milledAndSerratedEdges(radius: Double) throws {
        let w = 6.0
        for style in [SealBorderStyle.milled, .serrated] {
            var request = SealRequest(ring: "", center: "", radius: radius)
            request.rings = [SealRing(arcs: [SealArc("NOTARY PUBLIC", side: .top)], border: SealBorder(style, width: w))]
            let seal = try request.render()
            let border = try #require(seal.borders.first)
            #expect(border.insets == 0...w)
            let c = seal.center
            func inset(_ p: Point) -> Double { radius - (p - c).length }
            let paths = Self.filledPaths(seal.frame.items).filter { $0.count > 1 || ($0.first?.count ?? 0) > 200 }
            let edge = try #require(paths.first { $0.allSatisfy { $0.allSatisfy { inset($0) <= w + 1e-9 } } })
            switch style {
            case .milled:
                // Ticks: quadrilaterals from the line (a sixth of the width) to the inner edge.
                let length = 2 * .pi * (radius - w / 6 - (w - w / 6) / 2)
                #expect(edge.count == Int(length / w), "\(edge.count) ticks")
                for tick in edge {
                    try #require(tick.count == 4)
                    // Its ends' middles on the line's inner edge and the band's; its corners
                    // (square to its axis) within the band.
                    let outerEnd = inset((tick[0] + tick[1]) * 0.5), innerEnd = inset((tick[2] + tick[3]) * 0.5)
                    #expect(abs(outerEnd - w / 6) < 1e-9 && abs(innerEnd - w) < 1e-9, "ends at \(outerEnd), \(innerEnd)")
                    #expect(tick.allSatisfy { inset($0) >= 0 && inset($0) <= w + 1e-9 })
                    #expect(abs(tick[0].distance(to: tick[1]) - w / 3) < 1e-9)
                }
            default:
                try #require(edge.count == 2)
                let teeth = edge[0]
                #expect(teeth.count == 2 * Int(2 * .pi * radius / w))
                for (k, p) in teeth.enumerated() {
                    #expect(abs(inset(p) - (k % 2 == 0 ? 0 : w / 2)) < 1e-6, "point \(k) at \(inset(p))")
                }
                for p in edge[1] { #expect(abs(inset(p) - w) < 1e-6) }
            }
        }
    }

    /// Separators are never dropped unsaid: a fitted seal grows until each gap holds its
    /// separator with room either side (a 53-character seal drew 3.3° gaps and no star); a
    /// seal of a given radius draws those that fit and warns of the rest.
    @Test func separatorsHaveRoomOrAWarning() throws {
        var request = SealRequest(ring: "", center: "")
        request.rings = [SealRing(arcs: [SealArc("ABCDEFGHIJKLMNOPQRSTUVWXYZ", side: .top), SealArc("ABCDEFGHIJKLMNOPQRSTUVWXYZA", side: .bottom)],
                                  separator: "★", border: SealRequest.outerBorder)]
        let fitted = try request.render()
        #expect(fitted.separators.count == 2)
        #expect(fitted.warnings.isEmpty)
        var wide = request
        wide.rings[0].separator = "★★★★★"
        wide.radius = 100
        wide.ringSize = 12
        let sized = try wide.render()
        #expect(sized.separators.isEmpty)
        #expect(sized.warnings.map(\.kind) == [.separatorsNotDrawn], "\(sized.warnings)")
        // A separator is 70 % as tall as the ring's text by default (a ● as tall as the
        // capitals outweighed them), or as tall as `separatorSize` says: its ink measured
        // across the ring.
        func inkHeight(_ seal: SealResult) throws -> Double {
            let points = try Self.inkPoints(try #require(seal.separators.first)).flatMap { $0 }
            let radii = points.map { $0.distance(to: seal.center) }
            return (radii.max() ?? 0) - (radii.min() ?? 0)
        }
        var dots = request
        dots.radius = 120
        dots.ringSize = 12
        dots.rings[0].separator = "●"
        let band = try #require(try dots.render().bands.first)
        #expect(abs(try inkHeight(try dots.render()) - 0.7 * (band.upperBound - band.lowerBound)) < 0.1)
        dots.rings[0].separatorSize = 6
        #expect(abs(try inkHeight(try dots.render()) - 6) < 0.1)
        // A 360° arc leaves no gap for another arc on its ring.
        var whole = request
        whole.rings[0].arcs[0].sweep = 360
        #expect(throws: CurveTypeError.self) { try whole.render() }
    }

    /// Set by the viewer (`--glyphs text`), a seal's text asks for the bold face it is measured
    /// with: without `font-weight`, Chromium draws DejaVu Sans Book in its place.
    @Test func textModeAsksForTheBoldFace() throws {
        var request = Self.stamp()
        request.glyphs = .text
        let svg = try request.render().svg
        #expect(svg.contains(#"font-family="&apos;DejaVu Sans&apos;, sans-serif" font-size="13.5" font-weight="700""#))
        request.font = .bundled(.sans)
        request.centerFont = .bundled(.sans)
        #expect(try !request.render().svg.contains("font-weight"))
    }

    /// A mirrored stamp is its print turned over: the same drawing under x ↦ width − x.
    @Test func mirrorFlipsTheWholeDrawing() throws {
        var request = Self.stamp()
        let print = try request.render()
        request.mirror = true
        let mirrored = try request.render()
        guard case .group(let group)? = mirrored.frame.items.first, mirrored.frame.items.count == 1 else {
            Issue.record("a mirrored seal is one group"); return
        }
        #expect(group.style.contains { if case .transform(let m) = $0 { m == AffineMap(a: -1, b: 0, c: 0, d: 1, tx: print.frame.width, ty: 0) } else { false } })
        #expect(group.items.count == print.frame.items.count)
    }
}
