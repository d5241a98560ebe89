@testable import CurveType
@testable import CurveTypeMachine
@testable import CurveTypeRaster
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

    /// A template's dashed frame keeps its pattern in the frame (`Style.dash`): SVG writes it
    /// back, cairo dashes it as it strokes (PNG, PDF), and a machine file follows each dash.
    @Test func aTemplatesDashedFrameIsDrawnAsDashes() throws {
        let svg = try SafeSVG(parsing: Array(#"""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">
              <rect x="10" y="10" width="80" height="30" fill="#eee" stroke="#333" stroke-width="2" stroke-dasharray="8,4"/>
              <circle cx="50" cy="25" r="10" fill="none" stroke="#333" stroke-dasharray="5" stroke-dashoffset="1"/>
            </svg>
            """#.utf8))
        let image = try svg.image()
        #expect(image.items.count == 2)
        guard case .shape(let rect) = image.items[0], case .shape(let circle) = image.items[1] else {
            Issue.record("not two shapes: \(image.items)")
            return
        }
        let paper = try SVGColor(parsing: "#eee")
        #expect(rect.style.contains(.dash(DashPattern([8, 4]))) && rect.style.contains(.fill(.color(paper))))
        #expect(circle.style.contains(.dash(DashPattern([5, 5], offset: 1))))
        let frame = Frame(width: 100, height: 50, title: "dashes", items: image.items)
        let written = try frame.svg(format: .hundredths)
        #expect(written.contains(#"stroke-dasharray="8 4""#) && written.contains(#"stroke-dasharray="5 5" stroke-dashoffset="1""#))
        // The top edge at 2 px a px: dark on a dash (10–18, 22–30), the fill in a gap (18–22).
        let pixels = try PNGPixels(png: try frame.png(scale: 2))
        func dark(_ x: Double) -> Bool { pixels[Int(x * 2), 20].red < 120 }
        #expect(dark(14) && !dark(20) && dark(26) && !dark(32) && dark(38), "\((10...40).map { dark(Double($0)) ? "#" : "." }.joined())")
        // A pen follows each dash: 220 px of perimeter in 12 px periods is 19 dashes (one
        // turning the corner), and the circle's 62.8 px in 10 px periods 7, the first from its
        // rightmost point, 1 px into the pattern.
        let machine = try MachineDrawing(frame, units: .px, tolerance: 0.01)
        #expect(machine.paths.count == 19 + 7)
        let first = try #require(machine.paths.min { abs($0.start.x - 60) + abs($0.start.y - 25) < abs($1.start.x - 60) + abs($1.start.y - 25) })
        #expect(abs(first.start.x - 60) < 0.01 && abs(first.start.y - 25) < 0.01)
    }

    /// A pattern that dashes nothing, or far finer than its shape, is drawn solid, as SVG draws
    /// an invalid one; one that turns the dashes off (`none`) is solid too.
    @Test func patternsThatCannotBeDrawnAreSolid() throws {
        #expect(DashPattern([]) == nil && DashPattern([0, 0]) == nil && DashPattern([5, -1]) == nil && DashPattern([.nan]) == nil)
        let fine = try #require(DashPattern([1e-4, 1e-4]))
        #expect(!fine.isDrawable(along: .rect(Rect(minX: 0, minY: 0, maxX: 100, maxY: 100))))
        #expect(fine.isDrawable(along: .circle(center: Point(x: 0, y: 0), radius: 1e-3)))
        let svg = try SafeSVG(parsing: Array(#"""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">
              <rect x="10" y="10" width="80" height="30" stroke="#333" stroke-dasharray="0.0001"/>
            </svg>
            """#.utf8))
        guard case .shape(let rect) = try svg.image().items.first else { Issue.record("no shape"); return }
        #expect(!rect.style.contains { if case .dash = $0 { true } else { false } })
    }
}
