import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LineCap: @retroactive ExpressibleByArgument {}
extension LineJoin: @retroactive ExpressibleByArgument {}

/// `curvetype spiral …`: an Archimedean spiral r = a + b·θ as SVG, with end rings and text.
struct SpiralCommand: RenderingCommand {
    static let configuration = CommandConfiguration(
        commandName: "spiral",
        abstract: "Draw an Archimedean spiral r = a + b·θ, optionally with text along it, as SVG.",
        discussion: """
            a and b are chart units, as a chart plots the spiral with y up: θ counterclockwise from 3 o'clock, \
            the chart's origin in the canvas's middle, the square −D…D (--domain) fitted to the canvas. \
            For b > 0 the spiral turns counterclockwise on screen. Text outside runs clockwise with its tops \
            away from the centre; inside runs counterclockwise, tops toward the centre.
            """)

    @Option(name: .customLong("a"), parsing: .unconditional, help: "Radius at θ = 0, chart units (≥ 0).")
    var a: Double = 0.1

    @Option(name: .customLong("b"), parsing: .unconditional, help: "Radius gained per radian, chart units (negative winds inward).")
    var b: Double = 0.1

    @Option(parsing: .unconditional, help: "Begin angle θ in degrees.")
    var from: Double = 0

    @Option(parsing: .unconditional, help: "End angle θ in degrees (default: 10 turns after --from).")
    var to: Double?

    @Option(parsing: .unconditional, help: "Turns from --from, instead of --to.")
    var turns: Double?

    @Option(help: "Canvas WIDTHxHEIGHT in px (default 400x400; fitted to the drawing when --scale is given alone).")
    var canvas: String?

    @Option(parsing: .unconditional, help: "The chart shows −D…D, fitted to the canvas's shorter side.")
    var domain: Double = 8

    @Option(parsing: .unconditional, help: "px per chart unit, instead of --domain.")
    var scale: Double?

    @Option(help: "The spiral's colour: a CSS colour, currentColor (the default), or none for no line. Old name: --stroke.")
    var lineColor: String?

    @Option(name: .customLong("stroke"), help: .hidden)
    var stroke: String?

    @Option(parsing: .unconditional, help: "Line width in px.")
    var strokeWidth: Double = 2

    @Option(help: "Line ends: round, butt or square.")
    var cap: LineCap = .round

    @Option(help: "Line joins: round, miter or bevel.")
    var join: LineJoin = .round

    @Flag(help: "Draw rings at the begin and end points.")
    var markers = false

    @Option(parsing: .unconditional, help: "Ring radius in px.")
    var markerRadius: Double = 4

    @Option(help: "Colour inside the end rings (default: none). Old name: --marker-fill.")
    var markerFillColor: String?

    @Option(name: .customLong("marker-fill"), help: .hidden)
    var markerFill: String?

    @Option(help: "The end rings' colour (default: the line colour). Old name: --marker-stroke.")
    var markerColor: String?

    @Option(name: .customLong("marker-stroke"), help: .hidden)
    var markerStroke: String?

    @Option(parsing: .unconditional, help: "Ring line width in px.")
    var markerStrokeWidth: Double = 2

    @Option(help: "Background colour of the whole canvas (default: transparent).")
    var background: String?

    @Option(parsing: .unconditional, help: "Largest distance in px of the drawn path from the true spiral.")
    var tolerance: Double = 0.05

    @Option(help: "Text to set along the spiral.")
    var text: String?

    @Option(help: "Read the text from this file (- for standard input) instead of --text.")
    var textFile: String?

    @OptionGroup var fontOptions: FontArguments

    @Option(parsing: .unconditional, help: "Font size in px.")
    var size: Double = 16

    @Option(parsing: .unconditional, help: "Extra px between clusters (letter-spacing).")
    var tracking: Double?

    @Flag(help: "Choose the tracking so the text runs from one end of the spiral to the other.")
    var fillSpiral = false

    @Option(help: "Which edge of the text sits at the start: start, center or end (left, right, leading and trailing also work).")
    var align: TextAlignment = .start

    @Option(help: "outside: tops away from the centre, runs clockwise; inside: tops toward the centre, runs counterclockwise.")
    var side: TextSide = .inside

    @Option(parsing: .unconditional, help: "Put the text's anchor at this angle θ in degrees.")
    var startAngle: Double?

    @Option(parsing: .unconditional, help: "Put the text's anchor this many px along the spiral from --from.")
    var startLength: Double?

    @Option(parsing: .unconditional, help: "px along the normal; positive moves the text toward the glyph tops.")
    var baselineShift: Double = 0

    @Flag(help: "Drop the text that runs past an end of the spiral (said on stderr) instead of failing.")
    var clip = false

    @Option(help: "Text colour (default: currentColor). Old name: --text-fill.")
    var textColor: String?

    @Option(name: .customLong("text-fill"), help: .hidden)
    var textFill: String?

    @OptionGroup var outputOptions: OutputOptions

    @Option(name: .customLong("png-scale"), help: "PNG pixels per px, 1–8 (2 for HiDPI screens); --scale is the spiral's.")
    var pngScale: Double = 1
    var pngScaleOption: String { "--png-scale" }

    @Option(parsing: .unconditional, help: "px of space round the drawing when the canvas is fitted to it.")
    var padding: Double = 4

    /// The options as the library reads them (a batch job decodes the same from JSON).
    var options: SpiralOptions {
        var o = SpiralOptions()
        o.a = a
        o.b = b
        o.from = from
        o.to = to
        o.turns = turns
        o.canvas = canvas
        o.domain = domain
        o.scale = scale
        o.lineColor = aliased(lineColor, stroke, name: "lineColor", old: "--stroke", &o.spellings) ?? o.lineColor
        o.strokeWidth = strokeWidth
        o.cap = cap
        o.join = join
        o.markers = markers
        o.markerRadius = markerRadius
        o.markerFillColor = aliased(markerFillColor, markerFill, name: "markerFillColor", old: "--marker-fill", &o.spellings)
        o.markerColor = aliased(markerColor, markerStroke, name: "markerColor", old: "--marker-stroke", &o.spellings)
        o.markerStrokeWidth = markerStrokeWidth
        o.background = background
        o.tolerance = tolerance
        o.text = text
        o.textFile = textFile
        o.fonts = fontOptions.options
        o.size = size
        o.tracking = tracking
        o.fillSpiral = fillSpiral
        o.align = align
        o.side = side
        o.startAngle = startAngle
        o.startLength = startLength
        o.baselineShift = baselineShift
        o.clip = clip
        o.textColor = aliased(textColor, textFill, name: "textColor", old: "--text-fill", &o.spellings) ?? o.textColor
        o.document = outputOptions.document
        o.padding = padding
        return o
    }

    func validate() throws {
        try refuseBoth(lineColor, "--line-color", stroke, "--stroke")
        try refuseBoth(markerFillColor, "--marker-fill-color", markerFill, "--marker-fill")
        try refuseBoth(markerColor, "--marker-color", markerStroke, "--marker-stroke")
        try refuseBoth(textColor, "--text-color", textFill, "--text-fill")
    }

    func documentRequest() throws -> any DocumentRequest { try options.request() }
}
