import CurveType
import Foundation
import TestSupport
import Testing

/// The SVG `<textPath>` rule, computed here from `hb-shape`'s output alone, independent of the
/// library's layout code: for each cluster, its advance midpoint on the circle at its arc length,
/// rotated to the tangent; glyphs inside the cluster along that tangent.
func expectedPlacements(hb: [HBGlyph], size: Double, unitsPerEm: Double, style: CircleTextStyle,
                        tracking: Double, center: Point) -> [(x: Double, y: Double, angle: Double)] {
    let scale = size / unitsPerEm
    var clusters: [[HBGlyph]] = []
    for g in hb {
        if let last = clusters.last?.last, last.cl == g.cl { clusters[clusters.count - 1].append(g) } else { clusters.append([g]) }
    }
    let widths = clusters.map { $0.reduce(0) { $0 + $1.ax * scale } }
    let extent = widths.reduce(0, +) + tracking * Double(clusters.count - 1)
    var s = style.align == .start ? 0 : style.align == .center ? -extent / 2 : -extent
    let direction = style.side == .outside ? 1.0 : -1.0
    var out: [(Double, Double, Double)] = []
    for (cluster, width) in zip(clusters, widths) {
        let mid = s + width / 2
        let theta = style.start * .pi / 180 + direction * mid / style.radius
        let m = Point(x: center.x + style.radius * sin(theta), y: center.y - style.radius * cos(theta))
        let t = Point(x: direction * cos(theta), y: direction * sin(theta))
        let up = Point(x: t.y, y: -t.x)
        let origin = m - t * (width / 2) + up * style.baselineShift
        var angle = atan2(t.y, t.x) * 180 / .pi
        if angle < 0 { angle += 360 }
        var pen = 0.0
        for g in cluster {
            let p = origin + t * (pen + g.dx * scale) + up * (g.dy * scale)
            out.append((p.x, p.y, angle))
            pen += g.ax * scale
        }
        s += width + tracking
    }
    return out
}

struct LayoutJSON: Decodable {
    struct Center: Decodable { var x: Double; var y: Double }
    struct Glyph: Decodable {
        var glyph: UInt32; var cluster: Int; var font: Int
        var x: Double; var y: Double; var angle: Double; var advance: Double
    }
    var fontSize: Double; var unitsPerEm: Double; var center: Center; var radius: Double
    var tracking: Double; var extent: Double; var glyphs: [Glyph]
}

func angleDifference(_ a: Double, _ b: Double) -> Double {
    let d = (a - b).truncatingRemainder(dividingBy: 360)
    return min(abs(d), 360 - abs(d))
}

@Suite struct CircleLayoutTests {
    /// For random texts and options: the layout JSON agrees with hb-shape and the placement rule
    /// to 0.01 px (and 1e-6 degrees).
    @Test func layoutJSONAgreesWithIndependentShapingAndThePlacementRule() throws {
        var rng = SeededGenerator(seed: 2026)
        // Left-to-right scripts only: hb-shape sets a whole text in one direction, while mixed
        // text is shaped in bidi runs (checked against hb-shape run by run in BadgeTests).
        let alphabet = "AVTWYoaekfi lé,.!?ÆŒ'\"&<>ΩЖ0123".map(String.init) + ["e\u{301}", "q\u{303}", "ffi"]
        let fonts: [BundledFont] = [.sans, .mono, .sansBold]
        for trial in 0..<60 {
            let text = (0..<Int.random(in: 1...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            // hb-shape sees one font file: use one that has every character (no fallback).
            var font = fonts[trial % fonts.count]
            if !text.unicodeScalars.allSatisfy(try FontStack.resolve(.bundled(font)).primary.covers) { font = .sans }
            var style = CircleTextStyle(
                size: Double.random(in: 6...60, using: &rng), radius: Double.random(in: 40...400, using: &rng),
                start: Double.random(in: -360...360, using: &rng),
                align: TextAlignment.allCases.randomElement(using: &rng)!,
                side: TextSide.allCases.randomElement(using: &rng)!,
                tracking: Double.random(in: -2...10, using: &rng),
                baselineShift: Double.random(in: -10...10, using: &rng), allowOverlap: true)
            if trial % 5 == 0 { style.sweep = Double.random(in: 30...360, using: &rng) }
            if trial % 7 == 0 { style.sweep = 360 }
            let request = CircleTextRequest(text: text, font: .bundled(font), style: style)
            let result = try request.render()
            let json = try JSONDecoder().decode(LayoutJSON.self, from: Data(result.layoutJSON.utf8))
            let hb = try hbShape(fontFile: fontsFolder(font.fileName), text: text)
            try #require(json.glyphs.count == hb.count, "\(text)")
            let expected = expectedPlacements(
                hb: hb, size: style.size, unitsPerEm: json.unitsPerEm, style: style, tracking: json.tracking,
                center: Point(x: json.center.x, y: json.center.y))
            for (i, (g, e)) in zip(json.glyphs, expected).enumerated() {
                #expect(g.glyph == hb[i].g && g.cluster == hb[i].cl)
                #expect(abs(g.advance - hb[i].ax * style.size / json.unitsPerEm) < 1e-9)
                let distance = Point(x: g.x, y: g.y).distance(to: Point(x: e.x, y: e.y))
                #expect(distance < 0.01, "trial \(trial) \(text) glyph \(i): \(distance) px off")
                #expect(angleDifference(g.angle, e.angle) < 1e-6, "trial \(trial) glyph \(i): angle")
            }
        }
    }

    /// `--radius auto`: the text goes once round, with a third of its size where its end meets
    /// its start, at any size and tracking.
    @Test(arguments: [(16.0, 0.0), (30, 4), (12, -1)])
    func autoRadiusGoesOnceRound(size: Double, tracking: Double) throws {
        var request = CircleTextRequest(text: "TYPE ON A CIRCLE • ", style: CircleTextStyle(size: size, tracking: tracking))
        request.fitsRadius = true
        let result = try request.render()
        let circumference = 2 * .pi * result.layout.style.radius
        #expect(abs(circumference - (result.layout.text.extent + size / 3)) < 1e-9, "\(circumference) vs \(result.layout.text.extent)")
    }

    @Test func trackingGoesBetweenClustersNotAfterTheLast() throws {
        let run = try FontStack.resolve(.bundled(.mono)).shape("ABC")
        let layout = try CircleTextLayout(run, style: CircleTextStyle(size: 20, radius: 100, align: .start, tracking: 5), center: .zero)
        let advance = 1233.0 * 20 / 2048
        #expect(abs(layout.text.extent - (3 * advance + 2 * 5)) < 1e-9)
        #expect(abs(layout.text.clusters[2].arcLength - (2.5 * advance + 10)) < 1e-9)
    }

    @Test func sweep360LeavesTheSameGapAtTheSeam() throws {
        let run = try FontStack.resolve(.bundled(.sans)).shape("SEAL • RING • ")
        let style = CircleTextStyle(size: 14, radius: 60, start: 30, sweep: 360)
        let layout = try CircleTextLayout(run, style: style, center: Point(x: 5, y: 5))
        let clusters = layout.text.clusters
        let circumference = 2 * .pi * 60.0
        var gaps: [Double] = []
        for i in 0..<clusters.count {
            let a = clusters[i], b = clusters[(i + 1) % clusters.count]
            var gap = (b.arcLength - b.advance / 2) - (a.arcLength + a.advance / 2)
            if gap < 0 { gap += circumference }
            gaps.append(gap)
        }
        let tracking = layout.text.tracking
        for gap in gaps { #expect(abs(gap - tracking) < 1e-9) }
        #expect(abs(layout.text.extent + tracking - circumference) < 1e-9)
    }

    @Test func sweepFillsTheArc() throws {
        let run = try FontStack.resolve(.bundled(.sans)).shape("ARC")
        let layout = try CircleTextLayout(run, style: CircleTextStyle(size: 14, radius: 100, sweep: 90), center: .zero)
        #expect(abs(layout.text.extent - 2 * .pi * 100 / 4) < 1e-9)
    }

    @Test func tooLongIsAnErrorUnlessOverlapIsAllowed() throws {
        let run = try FontStack.resolve(.bundled(.sans)).shape(String(repeating: "W", count: 40))
        #expect {
            try CircleTextLayout(run, style: CircleTextStyle(size: 20, radius: 30), center: .zero)
        } throws: { error in
            guard case LayoutError.runExceedsCircumference = error else { return false }
            return true
        }
        #expect {
            try CircleTextLayout(run, style: CircleTextStyle(size: 20, radius: 100, sweep: 45), center: .zero)
        } throws: { error in
            guard case LayoutError.runExceedsSweep = error else { return false }
            return true
        }
        _ = try CircleTextLayout(run, style: CircleTextStyle(size: 20, radius: 30, allowOverlap: true), center: .zero)
    }

    @Test func insideTextAtTheBottomIsUpright() throws {
        let run = try FontStack.resolve(.bundled(.sans)).shape("I")
        let layout = try CircleTextLayout(
            run, style: CircleTextStyle(size: 20, radius: 100, start: 180, align: .center, side: .inside), center: .zero)
        let glyph = layout.text.glyphs[0]
        #expect(abs(glyph.angle) < 1e-9 || abs(glyph.angle - 360) < 1e-9)
        #expect(abs(glyph.origin.y - 100) < 1e-9, "baseline on the circle at 6 o'clock")
        // Outside at 12 o'clock: upright too, baseline at y = −r.
        let top = try CircleTextLayout(run, style: CircleTextStyle(size: 20, radius: 100, align: .center), center: .zero)
        #expect(abs(top.text.glyphs[0].origin.y + 100) < 1e-9)
        #expect(abs(top.text.glyphs[0].angle) < 1e-9)
    }

    @Test func invalidStylesAreRefused() {
        let bad: [CircleTextStyle] = [
            CircleTextStyle(size: 0), CircleTextStyle(size: -3), CircleTextStyle(size: .nan),
            CircleTextStyle(radius: 0), CircleTextStyle(radius: .infinity), CircleTextStyle(start: .nan),
            CircleTextStyle(tracking: .infinity), CircleTextStyle(sweep: 0), CircleTextStyle(sweep: 361),
            CircleTextStyle(sweep: -.infinity), CircleTextStyle(baselineShift: .nan),
            CircleTextStyle(radius: 1e300), CircleTextStyle(size: 2e6), CircleTextStyle(tracking: -1e9),
        ]
        for style in bad {
            #expect(throws: LayoutError.self) { try style.validate() }
        }
    }
}
