import CurveType
import Foundation
import TestSupport
import Testing

/// Arc length along a spiral by a fine table of quadrature, independent of the closed form:
/// `theta(at:)` inverts it by table look-up and Newton steps on the speed.
struct NumericSpiral {
    let spiral: ArchimedeanSpiral
    let begin: Double
    let step: Double
    var table: [Double] = [0]

    init(_ spiral: ArchimedeanSpiral, begin: Double, end: Double, steps: Int = 40_000) {
        self.spiral = spiral
        self.begin = begin
        self.step = (end - begin) / Double(steps)
        for i in 0..<steps {
            let t0 = begin + Double(i) * step
            table.append(table[i] + numericArcLength(spiral, from: t0, to: t0 + step, pieces: 1))
        }
    }

    var length: Double { table.last! }

    /// The polar angle at arc length `s` from `begin` (0 ≤ s ≤ length).
    func theta(at s: Double) -> Double {
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] <= s { lo = mid } else { hi = mid }
        }
        var theta = begin + Double(lo) * step
        for _ in 0..<4 {
            let here = table[lo] + numericArcLength(spiral, from: begin + Double(lo) * step, to: theta, pieces: 1)
            theta -= (here - s) / spiral.speed(at: theta)
        }
        return theta
    }
}

struct SpiralLayoutJSON: Decodable {
    struct Spiral: Decodable { var a: Double; var b: Double; var from: Double; var to: Double; var length: Double }
    struct Center: Decodable { var x: Double; var y: Double }
    struct Glyph: Decodable {
        var glyph: UInt32; var cluster: Int; var x: Double; var y: Double; var angle: Double
        var advance: Double; var arcLength: Double
    }
    var fontSize: Double; var unitsPerEm: Double; var center: Center; var spiral: Spiral
    var tracking: Double; var extent: Double; var dropped: Int; var glyphs: [Glyph]
}

@Suite struct SpiralLayoutTests {
    /// For random spirals, texts and options: every cluster's advance midpoint lies on the
    /// spiral at the arc length implied by hb-shape's advances plus tracking, to 0.01 px, with
    /// arc lengths from an independent numerical table.
    @Test func advanceMidpointsLieOnTheSpiralAtTheirArcLength() throws {
        var rng = SeededGenerator(seed: 3003)
        let alphabet = "AVTWYoaekfi lé,.!?ÆŒ0123".map(String.init) + ["e\u{301}", "ffi"]
        for trial in 0..<24 {
            let text = (0..<Int.random(in: 1...50, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            let font: BundledFont = trial % 2 == 0 ? .sans : .mono
            let a = Double.random(in: 0...60, using: &rng)
            let b = (Bool.random(using: &rng) ? 1 : -1) * Double.random(in: 2...12, using: &rng)
            let from = Double.random(in: -720...720, using: &rng)
            let to = from + Double.random(in: 720...2160, using: &rng)
            let size = Double.random(in: 6...30, using: &rng)
            var style = SpiralTextStyle(
                size: size, align: TextAlignment.allCases.randomElement(using: &rng)!,
                side: TextSide.allCases.randomElement(using: &rng)!,
                tracking: Double.random(in: -1...6, using: &rng),
                baselineShift: trial % 3 == 0 ? Double.random(in: -5...5, using: &rng) : 0, clip: true)
            let spiral = ArchimedeanSpiral(center: Point(x: 2000, y: 2000), a: a, b: b)
            let numeric = NumericSpiral(spiral, begin: from * .pi / 180, end: to * .pi / 180)
            let length = numeric.length
            if trial % 4 == 1 { style.anchor = .length(Double.random(in: 0...length, using: &rng)) }
            if trial % 4 == 2 { style.anchor = .angle(Double.random(in: from...to, using: &rng)) }
            if trial % 6 == 5 { style.fillsSpiral = true; style.anchor = nil; style.tracking = 0 }
            let request = SpiralRequest(
                a: a, b: b, from: from, to: to, canvas: CanvasSize(width: 4000, height: 4000), scale: 1,
                text: SpiralText(text, font: .bundled(font), style: style))
            let result = try request.render()
            let json = try JSONDecoder().decode(SpiralLayoutJSON.self, from: Data(result.layoutJSON.utf8))
            #expect(abs(json.spiral.length - length) < 1e-6 * length)

            // The placement rule restated: clusters from hb-shape, tracking between them, the
            // anchor where the style says, along the direction the side says.
            let hb = try hbShape(fontFile: fontsFolder(font.fileName), text: text)
            var clusters: [[HBGlyph]] = []
            for g in hb {
                if let last = clusters.last?.last, last.cl == g.cl { clusters[clusters.count - 1].append(g) } else { clusters.append([g]) }
            }
            let scale = size / json.unitsPerEm
            let widths = clusters.map { $0.reduce(0) { $0 + $1.ax * scale } }
            let tracking = json.tracking
            let extent = widths.reduce(0, +) + tracking * Double(clusters.count - 1)
            if style.fillsSpiral && clusters.count > 1 && tracking >= 0 {
                #expect(abs(extent - length) < 1e-6 * length, "fill: the text spans the whole spiral")
            }
            var anchor: Double  // along the text's path
            switch style.anchor {
            case nil: anchor = style.align == .start ? 0 : style.align == .center ? length / 2 : length
            case .length(let l): anchor = style.side == .inside ? l : length - l
            case .angle(let d):
                let fromBegin = numericArcLength(spiral, from: from * .pi / 180, to: d * .pi / 180)
                anchor = style.side == .inside ? fromBegin : length - fromBegin
            }
            if style.fillsSpiral { anchor = clusters.count > 1 ? 0 : length / 2 }
            let align = style.fillsSpiral ? (clusters.count > 1 ? TextAlignment.start : .center) : style.align
            var pen = align == .start ? anchor : align == .center ? anchor - extent / 2 : anchor - extent
            var expected: [(mid: Double, width: Double, first: HBGlyph)] = []
            for (cluster, width) in zip(clusters, widths) {
                if pen >= -1e-6 && pen + width <= length + 1e-6 { expected.append((pen + width / 2, width, cluster[0])) }
                pen += width + tracking
            }
            // The kept clusters' first glyphs, in order.
            var seen = Set<Int>()
            let firsts = json.glyphs.filter { seen.insert($0.cluster).inserted }
            try #require(firsts.count == expected.count, "trial \(trial): \(firsts.count) clusters kept, expected \(expected.count)")
            #expect(json.dropped == clusters.count - expected.count)
            for (g, e) in zip(firsts, expected) {
                let alongPath = e.mid
                let fromBegin = style.side == .inside ? alongPath : length - alongPath
                let onSpiral = spiral.point(at: numeric.theta(at: fromBegin))
                // The glyph's origin moved back along its baseline by its offset and half the
                // cluster's advance, and down by the baseline shift, is the advance midpoint.
                let t = Point(x: cos(g.angle * .pi / 180), y: sin(g.angle * .pi / 180))
                let up = Point(x: t.y, y: -t.x)
                let mid = Point(x: g.x, y: g.y) - t * (e.first.dx * scale) - up * (e.first.dy * scale)
                    + t * (e.width / 2) - up * style.baselineShift
                #expect(mid.distance(to: onSpiral) < 0.01, "trial \(trial) \(text): \(mid.distance(to: onSpiral)) px off the spiral")
                // The JSON's arc length: the glyph's own advance midpoint, from the begin angle.
                let glyphMid = alongPath - e.width / 2 + e.first.ax * scale / 2
                #expect(abs(g.arcLength - (style.side == .inside ? glyphMid : length - glyphMid)) < 0.01)
            }
        }
    }

    @Test func textPastTheEndIsAnErrorUnlessClipped() throws {
        let run = try FontStack.resolve(.bundled(.sans)).shape(String(repeating: "spiral ", count: 30))
        let spiral = ArchimedeanSpiral(center: .zero, a: 20, b: 5)
        #expect {
            try SpiralTextLayout(run, style: SpiralTextStyle(size: 12, align: .start), spiral: spiral, begin: 0, end: 4 * .pi)
        } throws: { error in
            guard case LayoutError.runPastSpiralEnd = error else { return false }
            return true
        }
        let clipped = try SpiralTextLayout(run, style: SpiralTextStyle(size: 12, align: .start, clip: true), spiral: spiral, begin: 0, end: 4 * .pi)
        #expect(clipped.droppedClusters > 0)
        for cluster in clipped.text.clusters {
            #expect(cluster.arcLength + cluster.advance / 2 <= clipped.curve.length + 1e-9)
        }
        #expect {
            try SpiralTextLayout(run, style: SpiralTextStyle(size: 12, fillsSpiral: true), spiral: spiral, begin: 0, end: 4 * .pi)
        } throws: { error in
            guard case LayoutError.runExceedsSpiral = error else { return false }
            return true
        }
    }

    /// Inside text runs counterclockwise with its tops toward the centre; outside text runs
    /// clockwise with its tops away from it.
    @Test func sidesFaceTheRightWay() throws {
        let run = try FontStack.resolve(.bundled(.sans)).shape("I")
        let spiral = ArchimedeanSpiral(center: .zero, a: 100, b: 2)
        for side in TextSide.allCases {
            let layout = try SpiralTextLayout(
                run, style: SpiralTextStyle(size: 20, anchor: .angle(270), align: .center, side: side),
                spiral: spiral, begin: 0, end: 2 * .pi)
            let glyph = layout.text.glyphs[0]
            // At θ = 270° the spiral is below the centre: upright text there has tops toward the
            // centre (angle 0) inside, and is upside down (180) outside.
            let angle = glyph.angle
            #expect(side == .inside ? (angle < 2 || angle > 358) : abs(angle - 180) < 2, "\(side): \(angle)")
        }
    }
}
