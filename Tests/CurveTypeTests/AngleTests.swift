import CurveType
import Foundation
import TestSupport
import Testing

/// The numbers of the first `<path d="M… L… L…" stroke-width="10"/>` (the two rays) of an SVG.
func rayPathNumbers(_ svg: String) -> [Double]? {
    guard let range = svg.range(of: #"<path d="M[^"]*L[^"]*" stroke-width="10""#, options: .regularExpression) else { return nil }
    let d = svg[range].dropFirst(9).prefix { $0 != "\"" }
    return d.split(whereSeparator: { "ML ".contains($0) }).compactMap { Double($0) }
}

@Suite struct AngleTests {
    /// Ray ends match the angle's cosine and sine to 0.01 px, in the SVG as written.
    @Test func rayEndsFollowCosineAndSine() throws {
        for orientation in AngleVertex.allCases {
            for degrees in stride(from: -360.0, through: 360, by: 7.5) {
                let result = try AngleRequest(angle: degrees, orientation: orientation, label: false).render()
                let n = try #require(rayPathNumbers(result.svg), "\(degrees)")
                try #require(n.count == 6)
                let vertex = Point(x: n[2], y: n[3])
                let t = degrees * .pi / 180
                let sign = orientation == .bottomRight ? -1.0 : 1.0
                #expect(abs(n[0] - (vertex.x + sign * 200)) < 0.01 && abs(n[1] - vertex.y) < 0.01)
                #expect(abs(n[4] - (vertex.x + sign * 200 * cos(t))) < 0.01, "\(orientation) \(degrees)")
                #expect(abs(n[5] - (vertex.y - 200 * sin(t))) < 0.01, "\(orientation) \(degrees)")
            }
        }
        // The seed: 45° from the bottom-right corner of the inset square in a 400 px frame.
        let seed = try #require(rayPathNumbers(try AngleRequest(angle: 45).render().svg))
        #expect(seed[0] == 100 && seed[1] == 300 && seed[2] == 300 && seed[3] == 300)
        let right = try #require(rayPathNumbers(try AngleRequest(angle: 90).render().svg))
        #expect(right[4] == 300 && right[5] == 100, "at 90° the ray ends at the top-right corner")
    }

    /// For every whole degree from −360 to 360, the label's ink box keeps clear of both rays (their
    /// stroked width) and of the marker, checked at points every 0.25 px along them.
    @Test func labelNeverOverlapsRaysOrMarker() throws {
        func distance(_ box: Rect, _ p: Point) -> Double {
            let dx = max(box.minX - p.x, 0, p.x - box.maxX), dy = max(box.minY - p.y, 0, p.y - box.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
        for orientation in AngleVertex.allCases {
            for degrees in -360...360 {
                let result = try AngleRequest(angle: Double(degrees), orientation: orientation).render()
                let box = try #require(result.labelBox)
                let shape = result.shape
                for end in [shape.rayEnd(at: 0), shape.rayEnd(at: Double(degrees))] {
                    for i in 0...800 {
                        let p = shape.vertex + (end - shape.vertex) * (Double(i) / 800)
                        #expect(distance(box, p) >= 5 - 1e-9, "\(orientation) \(degrees)°: label on a ray")
                    }
                }
                if let marker = result.marker {
                    var current = Point.zero
                    for element in marker.elements {
                        switch element {
                        case .move(let p): current = p
                        case .line(let p):
                            for i in 0...100 { #expect(distance(box, current + (p - current) * (Double(i) / 100)) >= 2 - 1e-9) }
                            current = p
                        case .cubic(let c1, let c2, let p):
                            for i in 0...100 {
                                let t = Double(i) / 100, u = 1 - t
                                let q = current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                                #expect(distance(box, q) >= 2 - 1e-9, "\(orientation) \(degrees)°: label on the marker")
                            }
                            current = p
                        default: break
                        }
                    }
                }
            }
        }
    }

    @Test func labelsInEveryUnit() {
        #expect(AngleRequest(angle: 0).labelText(45) == "45°")
        #expect(AngleRequest(angle: 0).labelText(-30) == "−30°")
        #expect(AngleRequest(angle: 0).labelText(-0.2) == "0°")
        #expect(AngleRequest(angle: 0, decimals: 1).labelText(33.333) == "33.3°")
        #expect(AngleRequest(angle: 0, unit: .radians).labelText(45) == "0.79 rad")
        #expect(AngleRequest(angle: 0, unit: .pi).labelText(45) == "π/4")
        #expect(AngleRequest(angle: 0, unit: .pi).labelText(270) == "3π/2")
        #expect(AngleRequest(angle: 0, unit: .pi).labelText(-180) == "−π")
        #expect(AngleRequest(angle: 0, unit: .pi).labelText(50) == "0.28π")
    }

    /// The SMIL rotation runs from the start angle to the final one about the vertex, eased, and
    /// the static drawing is the final angle.
    @Test func animationTurnsTheRayAboutTheVertex() throws {
        let request = AngleRequest(angle: 45, animation: AngleAnimation(from: 0))
        let svg = try request.render().svg
        let values = try #require(svg.range(of: #"type="rotate" values="[^"]*""#, options: .regularExpression))
        let steps = svg[values].dropFirst(22).dropLast().split(separator: ";").map { $0.split(separator: " ").compactMap { Double($0) } }
        #expect(steps.count == 25)
        let first = try #require(steps.first), last = try #require(steps.last)
        #expect(first[0] == -45 && last[0] == 0)
        // Every step turns about the same point: the vertex of the ray drawn at the final angle.
        #expect(Set(steps.map { [$0[1], $0[2]] }).count == 1)
        let (vx, vy) = (first[1], first[2])
        let moving = try #require(svg.range(of: #"<path d="M[0-9. ]+L[0-9. ]+" stroke-width="10">"#, options: .regularExpression))
        let n = svg[moving].dropFirst(10).prefix { $0 != "\"" }.split(whereSeparator: { "ML ".contains($0) }).compactMap { Double($0) }
        try #require(n.count == 4)
        #expect(abs(n[0] - vx) < 0.01 && abs(n[1] - vy) < 0.01)
        #expect(abs(n[2] - (n[0] - 200 * cos(Double.pi / 4))) < 0.01 && abs(n[3] - (n[1] - 200 * sin(Double.pi / 4))) < 0.01)
        // Ease-in-out: slow at both ends, half way at half time.
        #expect(abs(steps[12][0] + 22.5) < 0.01)
        #expect(abs(steps[1][0] + 45) < 1)
    }

    @Test func framesShareOneCanvasAndEndAtTheAngle() throws {
        let request = AngleRequest(angle: 90, animation: AngleAnimation(from: 10))
        let frames = try request.frames(5)
        #expect(frames.count == 5)
        let sizes = Set(frames.map { String($0.prefix(90)) })
        #expect(sizes.count == 1, "every frame has the same size and viewBox")
        let first = try #require(rayPathNumbers(frames[0])), last = try #require(rayPathNumbers(frames[4]))
        let t = 10 * Double.pi / 180
        #expect(abs(first[4] - (first[2] - 200 * cos(t))) < 0.01 && abs(first[5] - (first[3] - 200 * sin(t))) < 0.01)
        #expect(abs(last[4] - last[2]) < 0.01 && abs(last[5] - (last[3] - 200)) < 0.01)
        #expect(throws: CurveTypeError.self) { try request.frames(1) }
    }

    /// While an angle animates, its label reads the angle its ray is drawn at, at every moment:
    /// the frame's own ray rotation (linear between keyframes) and the label shown then, sampled
    /// at 1,000 times. Before, the label took each keyframe interval's middle: 12° against a 10°
    /// ray at the start, 67° against 65° at 1 s of a 2 s animation.
    @Test(arguments: [(10.0, 80.0, AngleUnit.degrees, nil as Int?), (0, 45, .degrees, 1), (-30, 200, .radians, nil)])
    func theAnimatedLabelReadsTheRaysAngle(_ from: Double, _ to: Double, _ unit: AngleUnit, _ decimals: Int?) throws {
        let request = AngleRequest(angle: to, unit: unit, decimals: decimals, animation: AngleAnimation(from: from, duration: 2),
                                   glyphs: .text)
        let result = try request.render()
        var rotation: (angles: [Double], keyTimes: [Double])?
        var labels: [(begin: Double, end: Double, text: String)] = []
        func texts(_ items: [FrameItem]) -> [String] {
            items.flatMap { item -> [String] in
                switch item {
                case .group(let group): texts(group.items)
                case .text(let run): [run.clusters.map(\.text).joined()]
                default: []
                }
            }
        }
        func walk(_ items: [FrameItem]) {
            for item in items {
                switch item {
                case .shape(let shape):
                    for case .rotation(let angles, _, let keyTimes, _) in shape.animations { rotation = (angles, keyTimes) }
                case .group(let group):
                    if case .visibility(true, let begin, let end?, _)? = group.animations.first {
                        labels.append((begin, end, texts(group.items).joined()))
                    } else {
                        walk(group.items)
                    }
                default: break
                }
            }
        }
        walk(result.frame.items)
        let (angles, keyTimes) = try #require(rotation)
        #expect(labels.count >= 2)
        let turn = result.shape.screenTurn
        for k in 0..<1000 {
            let t = (Double(k) + 0.5) / 1000 * 2
            let f = t / 2
            let i = try #require(keyTimes.indices.dropLast().last { keyTimes[$0] <= f })
            let u = (f - keyTimes[i]) / (keyTimes[i + 1] - keyTimes[i])
            let ray = to + (angles[i] + (angles[i + 1] - angles[i]) * u) / turn
            // Text mode writes the inked clusters, not the space in "0.52 rad".
            let shown = labels.filter { $0.begin <= t && t < $0.end }.map(\.text)
            #expect(shown == [request.labelText(ray).filter { $0 != " " }], "at \(t) s the ray is at \(ray)°, the label shows \(shown)")
        }
    }
}
