@testable import CurveType
import CurveTypeGeometry
import CurveTypeRaster
import Foundation
import TestSupport
import Testing

/// Ink measured on a drawing's pixels: what a reader sees of joined writing on a curve.
struct InkPlane {
    let width: Int, height: Int
    let alpha: [UInt8]
    /// Device pixels per px.
    let scale: Double

    init(_ frame: Frame, scale: Double) throws {
        let plane = try frame.alphaPlane(scale: scale)
        (width, height, alpha, self.scale) = (plane.width, plane.height, plane.alpha, scale)
    }

    /// `svg` as librsvg draws it (`rsvg-convert`, an independent renderer: each glyph of SVG
    /// is filled on its own, as in a browser, so overlapping glyphs show a seam).
    init(svg: String) throws {
        let rsvg = try neededProgram("rsvg-convert", install: "Debian librsvg2-bin")
        let folder = try scratchFolder("ink")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.svg"), output = folder.appendingPathComponent("out.png")
        try Data(svg.utf8).write(to: input)
        let result = try runProcess(rsvg, ["-o", output.path, input.path])
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        let plane = try Frame.alphaPlane(png: Array(try Data(contentsOf: output)))
        (width, height, alpha, scale) = (plane.width, plane.height, plane.alpha, 1)
    }

    /// The 8-connected pieces of ink (pixels at least half covered).
    var components: Int {
        var seen = [Bool](repeating: false, count: alpha.count)
        var count = 0
        var stack: [Int] = []
        for start in alpha.indices where alpha[start] >= 128 && !seen[start] {
            count += 1
            seen[start] = true
            stack.append(start)
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let next = ny * width + nx
                        if alpha[next] >= 128 && !seen[next] { seen[next] = true; stack.append(next) }
                    }
                }
            }
        }
        return count
    }

    /// The coverage at `p` (px), bilinear, 0…1.
    func coverage(at p: Point) -> Double {
        let x = p.x * scale - 0.5, y = p.y * scale - 0.5
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func at(_ px: Int, _ py: Int) -> Double {
            guard px >= 0, py >= 0, px < width, py < height else { return 0 }
            return Double(alpha[py * width + px]) / 255
        }
        return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
    }

    /// px of ink along the segment from `a` to `b`, sampled every 0.05 px.
    func inkLength(from a: Point, to b: Point) -> Double {
        let length = (b - a).length
        let steps = max(1, Int(length / 0.05))
        var inside = 0
        for i in 0..<steps where coverage(at: a + (b - a) * ((Double(i) + 0.5) / Double(steps))) >= 0.5 { inside += 1 }
        return length * Double(inside) / Double(steps)
    }
}

/// One string of the joined-writing corpus drawn straight and on curves, measured.
struct JoinedSample {
    let text: String
    let font: FontRequest
    let size: Double

    /// The run drawn straight, along a line, each cluster as shaped.
    func straight(fill: SVGColor = SVGColor(red: 0, green: 0, blue: 0)) throws -> PathTextResult {
        var request = PathTextRequest(text: text, path: try Path(svgPathData: "M 0 0 H 20000"), font: font,
                                      style: PathTextStyle(size: size, effect: .rotate), fill: fill)
        request.padding = size / 2
        return try request.render()
    }

    func circle(radiusEm: Double, side: TextSide, effect: CurveGlyphs = .auto, tracking: Double = 0, sweep: Double? = nil,
                fill: SVGColor = SVGColor(red: 0, green: 0, blue: 0)) throws -> CircleTextResult {
        var request = CircleTextRequest(text: text, font: font, style: CircleTextStyle(
            size: size, radius: radiusEm * size, start: side == .outside ? 0 : 180, side: side, tracking: tracking, sweep: sweep,
            allowOverlap: true), fill: fill, padding: size / 2)
        request.curveGlyphs = effect
        return try request.render()
    }

    /// The least of the curved run's ink across the curve at each join over the straight ink's
    /// thickness there.
    func thinnestJoin(_ curved: CircleTextResult, _ plane: InkPlane, joins: [(arcLength: Double, thickness: Double)],
                      straight: PathTextResult) -> Double {
        let layout = curved.layout.text, first = straight.layout.text.clusters[0]
        // The straight run's arc lengths start at its first cluster's leading edge; the
        // circle's at the anchor: the same clusters, moved.
        let shift = (layout.clusters[0].arcLength - layout.clusters[0].advance / 2) - (first.arcLength - first.advance / 2)
        var thinnest = Double.infinity
        for join in joins {
            let frame = curved.layout.curve.pointAndTangent(atArcLength: join.arcLength + shift)
            let normal = frame.tangent.turnedUp
            let across = plane.inkLength(from: frame.point - normal * (0.6 * size), to: frame.point + normal * (1.2 * size))
            thinnest = min(thinnest, across / join.thickness)
        }
        return thinnest
    }

    /// The glyph boundaries the straight run's ink crosses (its joins), as arc lengths from the
    /// run's start, with the straight ink's thickness across each, px.
    func joins(_ straight: PathTextResult, _ plane: InkPlane) -> [(arcLength: Double, thickness: Double)] {
        let layout = straight.layout.text
        let words = joinedWords(in: layout)
        var out: [(Double, Double)] = []
        let baseline = straight.offset.y
        for word in words {
            for index in word.dropLast() {
                let cluster = layout.clusters[index]
                let boundary = cluster.arcLength + cluster.advance / 2
                let x = straight.offset.x + boundary
                let thickness = plane.inkLength(from: Point(x: x, y: baseline - 1.2 * size), to: Point(x: x, y: baseline + 0.6 * size))
                if thickness > 0.5 { out.append((boundary, thickness)) }
            }
        }
        return out
    }
}

/// Joined writing on curves: words bent as one keep their joins (no headline broken, no join
/// narrowed), show no seam, and are never spread apart.
@Suite struct JoinedWritingTests {
    static let devanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"
    static let amiri = "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf"

    /// The example: the headline of सम्मेलनकक्ष is 2 pieces straight, and 2 on the
    /// circle (glyphs turned one by one, as before, broke it into 7).
    @Test func aDevanagariHeadlineStaysWholeOnACircle() throws {
        let font = FontRequest.file(path: try neededFile(Self.devanagari, install: "Debian fonts-noto-core"))
        let sample = JoinedSample(text: "सम्मेलनकक्ष", font: font, size: 60)
        let straight = try InkPlane(sample.straight().frame, scale: 1).components
        #expect(straight == 2)
        let curved = try InkPlane(sample.circle(radiusEm: 70.0 / 60, side: .outside).frame, scale: 1).components
        #expect(curved == straight)
        // The measure can fail: the rigid drawing breaks the headline.
        let rigid = try InkPlane(sample.circle(radiusEm: 70.0 / 60, side: .outside, effect: .rotate).frame, scale: 1).components
        #expect(rigid > straight)
    }

    /// The measures can fail: glyphs turned rigidly to a tight circle, as SVG's <textPath>
    /// turns them, thin Arabic's joins and double the ink where glyphs overlap.
    @Test func rigidGlyphsFailTheMeasures() throws {
        let amiri = FontRequest.file(path: try neededFile(Self.amiri, install: "Debian fonts-hosny-amiri"))
        let sample = JoinedSample(text: "الرحمن", font: amiri, size: 48)
        let straight = try sample.straight()
        let joins = sample.joins(straight, try InkPlane(straight.frame, scale: 2))
        let rigid = try sample.circle(radiusEm: 1.5, side: .outside, effect: .rotate)
        let thinnest = sample.thinnestJoin(rigid, try InkPlane(rigid.frame, scale: 2), joins: joins, straight: straight)
        #expect(thinnest < 0.9)
        let half = try SVGColor(parsing: "rgba(0,0,0,0.5)")
        let translucent = try InkPlane(svg: sample.circle(radiusEm: 1.5, side: .outside, effect: .rotate, fill: half).svg)
        #expect((translucent.alpha.max() ?? 0) > 130)
    }

    /// At every join, the ink across the curve is as thick as straight (at least 0.9 of it),
    /// on circles of 1.5 to 10 em, both sides; and a translucent fill covers each join once.
    @Test func joinsKeepTheirThicknessAndShowNoSeam() throws {
        let amiri = FontRequest.file(path: try neededFile(Self.amiri, install: "Debian fonts-hosny-amiri"))
        let deva = FontRequest.file(path: try neededFile(Self.devanagari, install: "Debian fonts-noto-core"))
        for sample in [JoinedSample(text: "الرحمن", font: amiri, size: 48), JoinedSample(text: "सम्मेलनकक्ष", font: deva, size: 48)] {
            let straightResult = try sample.straight()
            let straightPlane = try InkPlane(straightResult.frame, scale: 2)
            let joins = sample.joins(straightResult, straightPlane)
            #expect(joins.count >= 3, "\(sample.text): joins found straight")
            for radius in [1.5, 3, 10] {
                for side in TextSide.allCases {
                    let curved = try sample.circle(radiusEm: radius, side: side)
                    let plane = try InkPlane(curved.frame, scale: 2)
                    #expect(plane.components == straightPlane.components, "\(sample.text) r \(radius) em \(side)")
                    let thinnest = sample.thinnestJoin(curved, plane, joins: joins, straight: straightResult)
                    #expect(thinnest >= 0.9, "\(sample.text) r \(radius) em \(side): a join \(thinnest) of its straight thickness")
                    // Seams: at 50 % the ink is one coat everywhere (alpha 128 ± 2), as librsvg draws the SVG.
                    let half = try SVGColor(parsing: "rgba(0,0,0,0.5)")
                    let translucent = try InkPlane(svg: sample.circle(radiusEm: radius, side: side, fill: half).svg)
                    #expect((translucent.alpha.max() ?? 0) <= 130, "\(sample.text) r \(radius) em \(side): a seam")
                }
            }
        }
    }

    /// Tracking and a sweep widen the gaps between words, never the joins inside one: each
    /// word's clusters stay at their shaped advances along the curve.
    @Test func spreadingNeverTearsAWord() throws {
        let amiri = FontRequest.file(path: try neededFile(Self.amiri, install: "Debian fonts-hosny-amiri"))
        let sample = JoinedSample(text: "بسم الله الرحمن الرحيم", font: amiri, size: 32)
        for (tracking, sweep) in [(6.0, nil), (0, 300.0), (0, 360)] as [(Double, Double?)] {
            let layout = try sample.circle(radiusEm: 4, side: .outside, tracking: tracking, sweep: sweep).layout.text
            let words = joinedWords(in: layout)
            #expect(words.count == 4)
            for word in words {
                for index in word.dropFirst() {
                    let (a, b) = (layout.clusters[index - 1], layout.clusters[index])
                    #expect(abs((b.arcLength - a.arcLength) - (a.advance + b.advance) / 2) < 0.01, "tracking \(tracking) sweep \(String(describing: sweep))")
                }
            }
            // The room went to the three word gaps.
            if let sweep {
                let length = layout.extent + (sweep == 360 ? layout.tracking : 0)
                #expect(abs(length - 4 * 32 * 2 * .pi * sweep / 360) < 0.01)
            }
        }
    }
}
