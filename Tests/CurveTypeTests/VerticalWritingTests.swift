@testable import CurveType
@testable import CurveTypeEffects
import CurveTypeGeometry
import CurveTypeRaster
import Foundation
import TestSupport
import Testing

/// Vertical writing on curves (`--orientation upright`): CJK stands upright in the font's
/// vertical forms, the line running down through each glyph's middle; Latin, digits and the
/// joined scripts lie sideways, as CSS's `text-orientation: mixed` sets them.
@Suite struct VerticalWritingTests {
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// A face of Noto's CJK collection (0 Japanese, 1 Korean, 2 Simplified, 3 Traditional).
    static func font(faceIndex: Int = 0) throws -> FontRequest {
        try neededFile(cjk, install: "Debian fonts-noto-cjk (`make fixture-fonts`)")
        return .file(path: cjk, faceIndex: faceIndex)
    }

    /// The direction of `v` (y down) as degrees clockwise from +x, in [0, 360).
    static func degrees(_ v: Point) -> Double {
        let d = atan2(v.y, v.x) * 180 / .pi
        return d < 0 ? d + 360 : d
    }

    /// The difference of two directions, degrees, in [0, 180].
    static func turn(_ a: Double, _ b: Double) -> Double {
        let d = abs((a - b).truncatingRemainder(dividingBy: 360))
        return min(d, 360 - d)
    }

    /// Each upright glyph's turn from standing on the curve's normal at its cluster's middle
    /// (its x axis along the up normal, its top toward the curve's start), degrees; the curve's
    /// frame taken from the curve itself, not from the layout.
    static func uprightErrors(_ layout: CurveTextLayout, along curve: any ArcLengthCurve) -> [Double] {
        var errors: [Double] = []
        for cluster in layout.clusters {
            let normal = curve.pointAndTangent(atArcLength: cluster.arcLength).tangent.turnedUp
            for g in cluster.glyphRange where layout.run.glyphs[g].upright {
                errors.append(turn(layout.glyphs[g].angle, degrees(normal)))
            }
        }
        return errors
    }

    @Test func uprightGlyphsAreTheFontsVerticalFormsAsHarfBuzzShapesThem() throws {
        let font = try Self.font()
        let text = "縦書き「テスト」、ノルウェー。"
        let stack = try FontStack.resolve(font)
        let run = stack.shape(text, orientation: .upright)
        let hb = try hbShape(fontFile: Self.cjk, text: text, features: "vert", direction: "ttb")
        #expect(run.isVertical && run.glyphs.allSatisfy(\.upright))
        #expect(run.glyphs.map(\.glyph) == hb.map(\.g))
        #expect(run.glyphs.map(\.cluster) == hb.map(\.cl))
        #expect(run.glyphs.map(\.advance) == hb.map { -($0.ay ?? 0) })
        #expect(run.glyphs.map(\.xOffset) == hb.map(\.dx))
        #expect(run.glyphs.map(\.yOffset) == hb.map(\.dy))
        // The vertical forms are other glyphs: brackets, the comma, the stop, small kana and
        // the long-vowel mark (whose Vertical_Orientation is Tr: upright only in its form).
        let across = stack.shape(text)
        let changed = zip(run.glyphs, across.glyphs).filter { $0.glyph != $1.glyph }.count
        #expect(changed >= 7, "\(changed) vertical forms")
    }

    @Test func lettersWithoutAnUprightFormLieSidewaysWithAWarning() throws {
        let font = try Self.font()
        let run = try FontStack.resolve(font).shape("東京 Tokyo 2026", orientation: .upright)
        let uprightText = run.glyphs.filter(\.upright).map { g in
            String(decoding: Array("東京 Tokyo 2026".utf8)[g.cluster...].prefix(3), as: UTF8.self).first.map(String.init) ?? ""
        }
        #expect(uprightText == ["東", "京"])
        var request = CircleTextRequest(text: "東京 Tokyo 2026", font: font, style: CircleTextStyle(size: 30, radius: 120))
        request.orientation = .upright
        let result = try request.render()
        #expect(result.warnings.map(\.kind) == [.drawnSideways])
        #expect(result.warnings.first?.message.contains("U+0054") == true)
        request.text = "東京都"
        #expect(try request.render().warnings.isEmpty)
        // Sideways glyphs of vertical text are centred on the curve: their em box's middle
        // (half of ascender plus descender above the baseline) lies on the circle.
        let layout = result.layout.text
        let fontMetrics = layout.run.fonts[0].metrics
        let centre = Double(fontMetrics.ascender + fontMetrics.descender) / 2 * layout.glyphs[0].scale
        var sideways = 0
        for cluster in layout.clusters where cluster.glyphRange.count == 1 {
            let g = cluster.glyphRange.lowerBound
            guard !layout.run.glyphs[g].upright else { continue }
            let placed = layout.glyphs[g], a = placed.angle * .pi / 180
            let middle = placed.origin + Point(x: cos(a), y: sin(a)) * (placed.advance / 2)
            #expect(abs((middle - result.layout.curve.center).length - (120 - centre)) < 1e-9)
            sideways += 1
        }
        #expect(sideways == 11)
    }

    /// The measure: each glyph upright to the curve's normal within 0.01°, on circles
    /// of 1.5 to 10 em outside and inside, a spiral, a wavy path and a seal's ring, for every
    /// string of the corpus's vertical list, whose upright glyphs are HarfBuzz's vertical forms.
    @Test func everyVerticalStringStandsUprightOnEveryCurve() throws {
        let corpus = try JSONDecoder().decode(JoinedCorpusTests.Corpus.self, from: Data(contentsOf: packageRoot.appendingPathComponent("Fixtures/joined/corpus.json")))
        #expect(corpus.vertical.count >= 50 && Set(corpus.vertical.map(\.language)).count == 4)
        var failures: [String] = []
        var glyphs = 0, forms = 0
        let size = 30.0
        let wave = try Path(svgPathData: "M 0 200 C 150 50 300 350 450 200 S 750 50 900 200 S 1200 350 1350 200")
        for entry in corpus.vertical {
            let font = try Self.font(faceIndex: entry.index ?? 0)
            let stack = try FontStack.resolve(font)
            let run = stack.shape(entry.text, orientation: .upright)
            // Upright glyphs: HarfBuzz's top-to-bottom shaping of the same text.
            let hb = try hbShape(fontFile: entry.font, text: entry.text, features: "vert", direction: "ttb", faceIndex: entry.index ?? 0)
            let upright = run.glyphs.filter(\.upright)
            let hbUpright = hb.filter { g in upright.contains { $0.cluster == g.cl } }
            if upright.map(\.glyph) != hbUpright.map(\.g) || upright.map(\.advance) != hbUpright.map({ -($0.ay ?? 0) }) {
                failures.append("\(entry.language) \(entry.text): glyphs \(upright.map(\.glyph)), hb-shape \(hbUpright.map(\.g))")
            }
            forms += zip(run.glyphs, stack.shape(entry.text).glyphs).filter { $0.glyph != $1.glyph }.count
            var drawn: [(String, CurveTextLayout, any ArcLengthCurve)] = []
            for radius in [1.5, 3, 10] {
                for side in TextSide.allCases {
                    var request = CircleTextRequest(text: entry.text, font: font, style: CircleTextStyle(
                        size: size, radius: radius * size, side: side, allowOverlap: true))
                    request.orientation = .upright
                    let result = try request.render()
                    drawn.append(("circle \(radius) em \(side)", result.layout.text, result.layout.curve))
                }
            }
            var spiral = SpiralText(entry.text, font: font, style: SpiralTextStyle(size: size, align: .end, side: .inside))
            spiral.orientation = .upright
            if let laid = try SpiralRequest(a: 2, b: 1.2, from: 0, to: 1080, scale: 12, stroke: nil, text: spiral).render().layout {
                drawn.append(("spiral", laid.text, laid.curve))
            }
            var path = PathTextRequest(text: entry.text, path: wave, font: font, style: PathTextStyle(size: size, startOffset: .length(40)))
            path.orientation = .upright
            let onPath = try path.render()
            drawn.append(("wave", onPath.layout.text, onPath.layout.curve))
            for (name, layout, curve) in drawn {
                let errors = Self.uprightErrors(layout, along: curve)
                glyphs += errors.count
                if let worst = errors.max(), worst > 0.01 { failures.append("\(entry.language) \(entry.text) on \(name): \(worst)° off the normal") }
                if errors.count != upright.count { failures.append("\(entry.language) \(entry.text) on \(name): \(errors.count) upright glyphs of \(upright.count)") }
            }
        }
        #expect(forms >= 10, "\(forms) vertical forms in the corpus")
        #expect(glyphs > 1000)
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) failures:\n" + failures.prefix(30).joined(separator: "\n")))
    }

    /// On pixels: 一 (one horizontal stroke) set upright on a ring stands across the curve, its
    /// stroke along the radius, where set sideways it lies along the curve. Each stroke's long
    /// axis, from the ink's second moments, is within 1° of the radius through it.
    @Test func uprightStrokesPointAtTheCentreOnPixels() throws {
        let font = try Self.font()
        for orientation in GlyphOrientation.allCases {
            var request = CircleTextRequest(text: String(repeating: "一", count: 8), font: font,
                                            style: CircleTextStyle(size: 40, radius: 160, sweep: 300))
            request.orientation = orientation
            let result = try request.render()
            let plane = try result.frame.alphaPlane(scale: 2)
            let centre = result.layout.curve.center * 2
            let strokes = StrokeAxes(plane).axes.filter { $0.pixels > 100 }
            #expect(strokes.count == 8)
            for stroke in strokes {
                let radial = Self.degrees(stroke.centroid - centre).truncatingRemainder(dividingBy: 180)
                let off = min(abs(stroke.axis - radial), 180 - abs(stroke.axis - radial))
                if orientation == .upright {
                    #expect(off < 1, "a stroke \(off)° off the radius")
                } else {
                    #expect(abs(off - 90) < 1, "a stroke \(off)° off the radius, set sideways")
                }
            }
        }
    }

    /// A seal's ring in vertical writing: centred in its band between the borders, measured
    /// from the glyphs' own outlines where the drawing put them, and upright to the ring.
    @Test func aSealsRingStandsUprightCentredInItsBand() throws {
        let font = try Self.font()
        var request = SealRequest(ring: "", center: "検査", font: font)
        request.rings = [SealRing(arcs: [SealArc("東京都千代田区丸の内一丁目", side: .top, sweep: 360)], border: SealRequest.outerBorder)]
        request.orientation = .upright
        let seal = try request.render()
        let arc = try #require(seal.arcs.first)
        // Upright to the ring: each glyph's x axis along the radius through its cluster's middle.
        #expect(arc.text.run.glyphs.allSatisfy { $0.upright })
        for cluster in arc.text.clusters {
            let a = cluster.angle * .pi / 180
            let middle = cluster.origin + Point(x: cos(a), y: sin(a)) * (cluster.advance / 2)
            for g in cluster.glyphRange {
                #expect(Self.turn(arc.text.glyphs[g].angle, Self.degrees(middle - seal.center)) < 0.01)
            }
        }
        // The ink, from each outline placed by its glyph's origin and angle.
        var near = Double.infinity, far = 0.0
        for glyph in arc.text.glyphs {
            let outline = try arc.text.run.fonts[glyph.font].outline(of: glyph.glyph)
            let a = glyph.angle * .pi / 180
            let map = AffineMap(a: cos(a) * glyph.scale, b: sin(a) * glyph.scale, c: sin(a) * glyph.scale, d: -cos(a) * glyph.scale,
                                tx: glyph.origin.x, ty: glyph.origin.y)
            for point in sampledOutline(outline.path, map) {
                let r = (point - seal.center).length
                near = min(near, r)
                far = max(far, r)
            }
        }
        let measured = (seal.radii.x - far)...(seal.radii.x - near)
        #expect(abs(measured.lowerBound - arc.inkInsets.lowerBound) < 0.05 && abs(measured.upperBound - arc.inkInsets.upperBound) < 0.05,
                "ink \(measured), the seal's \(arc.inkInsets)")
        let band = try #require(seal.bands.first)
        let outer = try #require(seal.borders.first), inner = try #require(seal.borders.last)
        #expect(outer.insets.upperBound < band.lowerBound && band.upperBound < inner.insets.lowerBound)
        // Centred: as far from the outer border as from the inner one.
        #expect(abs((band.lowerBound - outer.insets.upperBound) - (inner.insets.lowerBound - band.upperBound)) < 0.01)
    }
}

/// The 8-connected pieces of ink of a plane, each with its pixel count, centroid and the
/// direction of its long axis (degrees in [0, 180), from its second moments; y down).
struct StrokeAxes {
    struct Stroke { var pixels: Int; var centroid: Point; var axis: Double }
    let axes: [Stroke]

    init(_ plane: (width: Int, height: Int, alpha: [UInt8])) {
        var seen = [Bool](repeating: false, count: plane.alpha.count)
        var strokes: [Stroke] = []
        for start in plane.alpha.indices where plane.alpha[start] >= 128 && !seen[start] {
            var stack = [start], members: [(Double, Double)] = []
            seen[start] = true
            while let index = stack.popLast() {
                let x = index % plane.width, y = index / plane.width
                members.append((Double(x) + 0.5, Double(y) + 0.5))
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < plane.width, ny < plane.height else { continue }
                        let next = ny * plane.width + nx
                        if plane.alpha[next] >= 128 && !seen[next] { seen[next] = true; stack.append(next) }
                    }
                }
            }
            let n = Double(members.count)
            let mx = members.reduce(0) { $0 + $1.0 } / n, my = members.reduce(0) { $0 + $1.1 } / n
            var xx = 0.0, yy = 0.0, xy = 0.0
            for (x, y) in members { xx += (x - mx) * (x - mx); yy += (y - my) * (y - my); xy += (x - mx) * (y - my) }
            var axis = 0.5 * atan2(2 * xy, xx - yy) * 180 / .pi
            if axis < 0 { axis += 180 }
            strokes.append(Stroke(pixels: members.count, centroid: Point(x: mx, y: my), axis: axis))
        }
        axes = strokes
    }
}
