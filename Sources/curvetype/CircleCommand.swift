import ArgumentParser
import CurveType
import Foundation

extension TextAlignment: ExpressibleByArgument {}
extension TextSide: ExpressibleByArgument {}
extension GlyphMode: ExpressibleByArgument {}

/// `curvetype circle TEXT …`: text on a circle as SVG.
struct CircleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "circle",
        abstract: "Set text on a circle and write it as SVG.",
        discussion: """
            Angles are degrees, 0 at 12 o'clock, clockwise positive. Lengths are px. \
            Each cluster's advance midpoint lies on the circle at its arc length, as SVG <textPath> places glyphs.
            """)

    @Argument(help: "The text to set (use -- before text that starts with '-').")
    var text: String

    @Option(help: "A font file (.ttf, .otf, .ttc) or a Fontconfig pattern such as \"DejaVu Sans:bold\". Default: bundled DejaVu Sans.")
    var font: String?

    @Option(parsing: .unconditional, help: "Face index inside a .ttc/.otc font collection.")
    var faceIndex: Int = 0

    @Option(parsing: .unconditional, help: "OpenType features, comma-separated, in HarfBuzz syntax (e.g. -liga,ss01).")
    var features: String?

    @Option(parsing: .unconditional, help: "Font size in px.")
    var size: Double = 16

    @Option(parsing: .unconditional, help: "Radius of the baseline circle in px.")
    var radius: Double = 100

    @Option(parsing: .unconditional, help: "Angle of the anchor in degrees (0 = 12 o'clock, clockwise).")
    var start: Double = 0

    @Option(help: "Which edge of the text sits at the start angle: start, center or end.")
    var align: TextAlignment = .start

    @Option(help: "outside: tops away from the centre, runs clockwise; inside: tops toward the centre, runs counterclockwise.")
    var side: TextSide = .outside

    @Option(parsing: .unconditional, help: "Extra px between clusters (letter-spacing).")
    var tracking: Double?

    @Option(parsing: .unconditional, help: "Choose the tracking so the text fills this many degrees (360: evenly round the circle).")
    var sweep: Double?

    @Option(parsing: .unconditional, help: "px along the normal; positive moves the text toward the glyph tops.")
    var baselineShift: Double = 0

    @Flag(help: "Allow text longer than the circle (or the sweep) to overlap itself.")
    var allowOverlap = false

    @Option(help: "Text colour: a CSS name, #rgb, #rrggbb, rgb(), rgba() or currentColor.")
    var fill: String = "currentColor"

    @Option(help: "outlines: glyphs as paths (same look everywhere); text: <text> per cluster (selectable).")
    var glyphs: GlyphMode = .outlines

    @Option(help: "Decimals in the SVG's numbers (0–6).")
    var precision: Int = 2

    @Option(help: "Prefix for every id in the SVG (default: derived from the input).")
    var idPrefix: String?

    @Option(help: "Canvas size WIDTHxHEIGHT in px with the circle's centre in the middle (default: fit to the ink).")
    var canvas: String?

    @Option(parsing: .unconditional, help: "px of space around the ink when fitting the viewBox.")
    var padding: Double = 4

    @Option(help: "Also write the layout as JSON to this file.")
    var layout: String?

    @Option(name: [.short, .customLong("output")], help: "Write the SVG to this file (default: standard output).")
    var output: String?

    func run() throws {
        if sweep != nil && tracking != nil {
            throw CurveTypeError.invalidInput("--sweep chooses the tracking: give --sweep or --tracking, not both")
        }
        let request = CircleTextRequest(
            text: text,
            font: font.map { FontRequest(argument: $0, faceIndex: faceIndex) } ?? .default,
            features: try parseFeatures(features),
            style: CircleTextStyle(
                size: size, radius: radius, start: start, align: align, side: side,
                tracking: tracking ?? 0, sweep: sweep, baselineShift: baselineShift,
                allowOverlap: allowOverlap),
            fill: try color(fill), glyphs: glyphs, precision: precision, idPrefix: idPrefix,
            canvas: try canvas.map { try CanvasSize(parsing: $0) }, padding: padding)
        let result = try request.render()
        for warning in result.warnings { printWarning(warning) }
        try emit(svg: result.svg, to: output, layoutJSON: layout.map { ($0, result.layoutJSON) })
    }
}

/// Writes the SVG (to a file or stdout) and the optional layout JSON; files atomically, all or none.
func emit(svg: String, to output: String?, layoutJSON: (path: String, json: String)?) throws {
    var files: [(path: String, contents: String)] = []
    if let output { files.append((output, svg)) }
    if let layoutJSON { files.append((layoutJSON.path, layoutJSON.json)) }
    try OutputFile.writeAtomically(files)
    if output == nil { FileHandle.standardOutput.write(Data(svg.utf8)) }
}

func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("curvetype: warning: \(message)\n".utf8))
}
