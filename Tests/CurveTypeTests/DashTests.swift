import CurveType
import Foundation
import Testing

/// Dashed strokes, as SVG dashes them: the dashes' lengths and places along the path, measured
/// against the pattern, and a template's dashed frame read into dashes every writer strokes.
@Suite struct DashTests {
    /// The open contours of `path`, each as its length and its start.
    func dashes(_ path: Path) -> [(length: Double, start: Point)] {
        path.flattened(flatness: 0.01).map { contour in
            let length = zip(contour.points, contour.points.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0).length }
            return (length, contour.points[0])
        }
    }

    @Test func aLineIsDashedByItsPattern() throws {
        var line = Path()
        line.move(to: Point(x: 0, y: 0))
        line.line(to: Point(x: 100, y: 0))
        let dashed = try #require(line.dashed([10, 5]))
        let found = dashes(dashed)
        // 0–10, 15–25, …, 90–100: seven dashes of 10.
        #expect(found.count == 7)
        for (index, dash) in found.enumerated() {
            #expect(abs(dash.length - 10) < 1e-9)
            #expect(abs(dash.start.x - Double(index) * 15) < 1e-9)
        }
        // An offset moves the pattern back along the path: 4 into the first dash.
        let offset = dashes(try #require(line.dashed([10, 5], offset: 4)))
        #expect(abs(offset[0].length - 6) < 1e-9 && abs(offset[1].start.x - 11) < 1e-9)
        // An odd pattern is repeated: [5] is [5, 5]; [3, 1, 2] is [3, 1, 2, 3, 1, 2], three
        // dashes every 12 px (0–3, 4–6, 9–10), and at 96 one more.
        #expect(dashes(try #require(line.dashed([5]))).count == 10)
        #expect(dashes(try #require(line.dashed([3, 1, 2]))).count == 25)
        // Nothing to dash: drawn solid.
        #expect(line.dashed([]) == nil && line.dashed([0, 0]) == nil && line.dashed([5, -1]) == nil)
        // A pattern far finer than the path is refused, not made.
        #expect(line.dashed([1e-6, 1e-6], limit: 1000) == nil)
    }

    @Test func aCircleIsDashedAlongItsLength() throws {
        var circle = Path()
        let k = 0.5522847498307936, r = 50.0
        circle.move(to: Point(x: r, y: 0))
        circle.elements.append(.cubic(Point(x: r, y: k * r), Point(x: k * r, y: r), Point(x: 0, y: r)))
        circle.elements.append(.cubic(Point(x: -k * r, y: r), Point(x: -r, y: k * r), Point(x: -r, y: 0)))
        circle.elements.append(.cubic(Point(x: -r, y: -k * r), Point(x: -k * r, y: -r), Point(x: 0, y: -r)))
        circle.elements.append(.cubic(Point(x: k * r, y: -r), Point(x: r, y: -k * r), Point(x: r, y: 0)))
        circle.elements.append(.close)
        let found = dashes(try #require(circle.dashed([10, 10])))
        // 2π·50 = 314.16: 16 dashes of 10 (the last 300–310), each 20 px further round.
        #expect(found.count == 16)
        #expect(found.allSatisfy { abs($0.length - 10) < 0.01 })
        #expect(abs(found[4].start.x - r * cos(80 / r)) < 0.05 && abs(found[4].start.y - r * sin(80 / r)) < 0.05)
    }

    @Test func aTemplatesDashedFrameIsDrawnAsDashes() throws {
        let svg = try SafeSVG(parsing: Array(#"""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">
              <rect x="10" y="10" width="80" height="30" fill="#eee" stroke="#333" stroke-width="2" stroke-dasharray="8,4"/>
            </svg>
            """#.utf8))
        let items = try svg.image().items
        // The fill, then the stroke as dashes: 220 px of perimeter in 12 px periods.
        #expect(items.count == 2)
        guard case .shape(let fill) = items[0], case .shape(let stroke) = items[1], case .path(let path) = stroke.geometry else {
            Issue.record("not a fill and a dashed stroke: \(items)")
            return
        }
        #expect(fill.style.contains(.fill(.color(try SVGColor(parsing: "#eee")))))
        #expect(!fill.style.contains { if case .stroke = $0 { true } else { false } })
        #expect(stroke.style.contains(.fill(.none)) && stroke.style.contains(.strokeWidth(2)))
        #expect(dashes(path).count == 19)
    }
}
