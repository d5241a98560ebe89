@testable import CurveType
import CurveTypeMachine
import Foundation
import Testing

/// The distance from `p` to the circle about `c` of radius `r`.
private func off(_ p: Point, _ c: Point, _ r: Double) -> Double { abs(p.distance(to: c) - r) }

@Suite struct MachineTests {
    /// A frame of one stroked circle, `r` px about (`cx`, `cy`), on a `size` px canvas.
    private func circleFrame(cx: Double = 50, cy: Double = 50, r: Double = 40, size: Double = 100) -> Frame {
        Frame(width: size, height: size, title: "circle", items: [
            .shape(FrameShape(.circle(center: Point(x: cx, y: cy), radius: r), style: [.fill(.none), .stroke(.color(.black)), .strokeWidth(1)])),
        ])
    }

    /// A circle becomes one closed path of arcs, each at most a quarter turn, every point of
    /// which lies within the tolerance of the true circle (in mm, y up from the bottom), and
    /// whose arcs' centres lie at one distance from both their ends.
    @Test func circlesBecomeArcsWithinTheTolerance() throws {
        let k = 25.4 / 96
        for tolerance in [0.01, 0.001, 0.1] {
            let drawing = try MachineDrawing(circleFrame(), units: .mm, tolerance: tolerance)
            try #require(drawing.paths.count == 1)
            let path = drawing.paths[0]
            #expect(path.isClosed)
            let center = Point(x: 50 * k, y: (100 - 50) * k), r = 40 * k
            var from = path.start
            var arcs = 0
            for step in path.steps {
                if case .arc(let to, let c, _) = step {
                    arcs += 1
                    #expect(abs(from.distance(to: c) - to.distance(to: c)) < 1e-9)
                    var turn = abs(atan2(to.y - c.y, to.x - c.x) - atan2(from.y - c.y, from.x - c.x))
                    if turn > .pi { turn = 2 * .pi - turn }
                    #expect(turn <= .pi / 2 + 1e-9)
                }
                from = step.end
            }
            #expect(arcs >= 4, "a circle is drawn in arcs, not lines: \(arcs)")
            let worst = path.points(tolerance: tolerance / 100).map { off($0, center, r) }.max() ?? 0
            #expect(worst <= tolerance, "\(worst) mm off at a tolerance of \(tolerance)")
        }
    }

    /// `linesOnly` (G1 alone) fits no arc, and stays within the tolerance.
    @Test func linesOnlyHasNoArcs() throws {
        let drawing = try MachineDrawing(circleFrame(), units: .mm, tolerance: 0.01, arcs: false)
        let k = 25.4 / 96
        #expect(drawing.paths[0].steps.allSatisfy { if case .line = $0 { true } else { false } })
        let worst = drawing.paths[0].points(tolerance: 0.0001).map { off($0, Point(x: 50 * k, y: 50 * k), 40 * k) }.max() ?? 0
        #expect(worst <= 0.01)
        let gcode = drawing.gcode(feed: 1000, power: 1000, template: .laser)
        #expect(!gcode.contains("G2 ") && !gcode.contains("G3 ") && gcode.contains("G1 "))
    }

    /// The DXF is R12 in mm, one closed POLYLINE whose vertices carry the arcs' bulges
    /// (tan of a quarter of the turn); G-code says mm and cuts the circle with G2/G3 at the
    /// feed, inside the template's lines; HPGL is in 40 units per mm.
    @Test func writersSayWhatTheDrawingIs() throws {
        let drawing = try MachineDrawing(circleFrame(), units: .mm, tolerance: 0.01)
        let dxf = drawing.dxf()
        #expect(dxf.hasPrefix("0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\nAC1009\n9\n$INSUNITS\n70\n4\n"))
        #expect(dxf.components(separatedBy: "\nPOLYLINE\n").count == 2 && dxf.contains("\n70\n1\n") && dxf.contains("\n42\n"))
        #expect(dxf.hasSuffix("0\nEOF\n"))
        let template = try GCodeTemplate(parsing: "[start]\nG90\n; a comment\n[pen-down]\nM3 S{power}\n[pen-up]\nM5\n[end]\nM2\n")
        let gcode = drawing.gcode(feed: 600, power: 250, template: template)
        let lines = gcode.split(separator: "\n").map(String.init)
        #expect(lines[1] == "G21" && lines[2] == "G90" && lines[3] == "; a comment" && lines[4].hasPrefix("G0 X"))
        #expect(lines[5] == "M3 S250" && lines[6].hasSuffix(" F600") && lines.last == "M2")
        #expect(lines.contains { $0.hasPrefix("G2 ") || $0.hasPrefix("G3 ") })
        let hpgl = drawing.hpgl()
        #expect(hpgl.hasPrefix("IN;\nSP1;\nPU") && hpgl.hasSuffix("PU;SP0;\n"))
        // The circle's rightmost point, 90 px = 23.8125 mm from the left: 952.5 plotter units.
        #expect(hpgl.contains("PU953,529;") || hpgl.contains("PU952,529;"), "\(hpgl.prefix(40))")
    }

    /// Templates that are not one are refused with a line that says why.
    @Test func badTemplatesAreRefused() {
        for text in ["G90\n", "[middle]\nG1\n", "[start]\nG1 é\n"] {
            #expect(throws: MachineError.self) { try GCodeTemplate(parsing: text) }
        }
    }

    /// Paths in pen order: each next the nearest start or end (travelled backwards), so a row
    /// of strokes drawn out of order is drawn along the row, with the least travel.
    @Test func pathsAreOrderedNearestFirst() throws {
        var items: [FrameItem] = []
        for x in [80.0, 20, 60, 0, 40] {
            var p = Path()
            p.move(to: Point(x: x, y: 50))
            p.line(to: Point(x: x + 10, y: 50))
            items.append(.shape(FrameShape(.path(p), style: [.fill(.none), .stroke(.color(.black))])))
        }
        let drawing = try MachineDrawing(Frame(width: 100, height: 100, title: "row", items: items), units: .px, tolerance: 0.01)
        let ordered = drawing.ordered()
        #expect(ordered.map(\.start.x) == [0, 20, 40, 60, 80])
        #expect(MachineDrawing.travel(ordered) < MachineDrawing.travel(drawing.paths))
    }

    /// Pictures have nothing for a machine to follow; they are refused, not dropped.
    @Test func picturesAreRefused() throws {
        let png = try RasterImage(.png, bytes: try Frame(width: 2, height: 2, title: "dot").png())
        let frame = Frame(width: 10, height: 10, title: "p", items: [.image(FrameImage(.raster(png), box: Rect(minX: 0, minY: 0, maxX: 10, maxY: 10)))])
        #expect(throws: MachineError.self) { try MachineDrawing(frame, units: .mm, tolerance: 0.01) }
    }

    /// `--units`: an SVG's width and height in the unit, its viewBox too, its items scaled from
    /// px inside one group; px unchanged.
    @Test func svgAtTrueSize() throws {
        var frame = circleFrame(size: 96 / 25.4 * 80)
        frame.unit = .mm
        let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")
        #expect(svg.contains("width=\"80mm\" height=\"80mm\" viewBox=\"0 0 80 80\""))
        #expect(svg.contains("<g transform=\"scale(0.2645833333333333)\">") && svg.hasSuffix("</g>\n</svg>\n"))
        frame.unit = .px
        #expect(!(try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")).contains("scale(0.26"))
    }

    /// Lengths read from options in `--units`: a radius of 10 mm is 37.8 px.
    @Test func optionsReadInUnits() throws {
        let plain = try CircleOptions(commandLine: ["Hi", "--radius", "10"], command: "circle")
        let mm = try CircleOptions(commandLine: ["Hi", "--radius", "10", "--units", "mm", "--canvas", "50x25"], command: "circle")
        #expect(plain.radius == 10)
        #expect(abs(mm.radius - 10 * 96 / 25.4) < 1e-9)
        #expect(mm.canvas == "188.9763779527559x94.48818897637796")
    }
}
