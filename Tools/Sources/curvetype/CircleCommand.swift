import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `start`, `center` or `end`, or another tool's name for one (`left`, `trailing`, …).
extension TextAlignment: @retroactive ExpressibleByArgument {
    public init?(argument: String) { self.init(named: argument) }
}
extension TextSide: @retroactive ExpressibleByArgument {}
extension GlyphMode: @retroactive ExpressibleByArgument {}

/// `curvetype circle TEXT …`: text on a circle as SVG.
struct CircleCommand: RenderingCommand {
    static let configuration = CommandConfiguration(
        commandName: "circle",
        abstract: "Set text on a circle and write it as SVG.",
        discussion: """
            Angles are degrees, 0 at 12 o'clock, clockwise positive. Lengths are px. \
            Each cluster's advance midpoint lies on the circle at its arc length, as SVG <textPath> places glyphs.
            """)

    @Argument(help: "The text to set (use -- before text that starts with '-').")
    var text: String?

    @Option(help: "Read the text from this file (- for standard input) instead.")
    var textFile: String?

    @OptionGroup var fontOptions: FontArguments

    @Option(parsing: .unconditional, help: "Font size in px.")
    var size: Double = 16

    @Option(parsing: .unconditional, help: "Radius of the baseline circle in px.")
    var radius: Double = 100

    @Option(parsing: .unconditional, help: "Angle of the anchor in degrees (0 = 12 o'clock, clockwise).")
    var start: Double = 0

    @Option(help: "Which edge of the text sits at the start angle: start, center or end (left, right, leading and trailing also work).")
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

    @Option(help: "Text colour: a CSS colour (#rgb, #rrggbbaa, rgb(), hsl(), a name) or currentColor, the default. Old name: --fill.")
    var textColor: String?

    @Option(name: .customLong("fill"), help: .hidden)
    var fill: String?

    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var pixels: PixelScaleOption
    var pngScale: Double { pixels.scale }

    @Option(help: "Canvas size WIDTHxHEIGHT in px with the circle's centre in the middle (default: fit to the ink).")
    var canvas: String?

    @Option(parsing: .unconditional, help: "px of space around the ink when fitting the viewBox.")
    var padding: Double = 4

    @Option(help: "Background colour of the whole canvas (default: transparent).")
    var background: String?

    /// The options as the library reads them (a batch job decodes the same from JSON).
    var options: CircleOptions {
        var o = CircleOptions()
        o.text = text
        o.textFile = textFile
        o.fonts = fontOptions.options
        o.size = size
        o.radius = radius
        o.start = start
        o.align = align
        o.side = side
        o.tracking = tracking
        o.sweep = sweep
        o.baselineShift = baselineShift
        o.allowOverlap = allowOverlap
        o.textColor = aliased(textColor, fill, name: "textColor", old: "--fill", &o.spellings) ?? o.textColor
        o.document = outputOptions.document
        o.canvas = canvas
        o.padding = padding
        o.background = background
        return o
    }

    func validate() throws { try refuseBoth(textColor, "--text-color", fill, "--fill") }

    func documentRequest() throws -> any DocumentRequest { try options.request() }
}
