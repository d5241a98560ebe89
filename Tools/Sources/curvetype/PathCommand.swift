import ArgumentParser
import CurveType

extension PathSide: @retroactive ExpressibleByArgument {}
extension PathLine: @retroactive ExpressibleByArgument {}
extension PathEffect: @retroactive ExpressibleByArgument {}

/// `curvetype path TEXT --d DATA …`: text along any path as SVG.
struct PathCommand: RenderingCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Set text along any path (SVG path data, an ellipse or a rounded rectangle) and write it as SVG.",
        discussion: """
            Lengths are px, y down, in the path's own coordinates. Each cluster's advance midpoint lies on the \
            path at its arc length, as SVG <textPath> places glyphs; the effects start from that placement.
            """)

    @Argument(help: "The text to set (use -- before text that starts with '-').")
    var text: String?

    @Option(help: "Read the text from this file (- for standard input) instead.")
    var textFile: String?

    @Option(help: "The path as SVG path data (M, L, H, V, C, S, Q, T, A, Z; relative too).")
    var d: String?

    @Option(help: "An ellipse RXxRY about (0, 0), from 3 o'clock clockwise, as SVG's <ellipse>.")
    var ellipse: String?

    @Option(help: "A rectangle WxH or WxH:R (rounded corners) from (0, 0), clockwise from the top edge, as SVG's <rect>.")
    var rect: String?

    @Option(help: "An SVG file whose first <path> (or --path-id's) the text follows, its transforms applied.")
    var pathFile: String?

    @Option(name: .customLong("path-id"), help: "The id of the <path> in --path-file to follow.")
    var pathID: String?

    @OptionGroup var fontOptions: FontArguments

    @Option(parsing: .unconditional, help: "Font size in px.")
    var size: Double = 16

    @Option(help: "Where the text's anchor lies: px along the path, or a percentage of its length (50%).")
    var startOffset: String = "0"

    @Option(help: "Which edge of the text lies at the start offset: start, center or end (left, right, leading and trailing also work).")
    var align: TextAlignment = .start

    @Option(help: "left: the text stands left of the path's direction (as written); right: the path is travelled reversed.")
    var side: PathSide = .left

    @Option(parsing: .unconditional, help: "Extra px between clusters (letter-spacing).")
    var tracking: Double?

    @Flag(help: "Choose the tracking so the text fills the path (evenly round a closed one).")
    var fit = false

    @Option(parsing: .unconditional, help: "px along the normal; positive moves the text toward the glyph tops.")
    var baselineShift: Double = 0

    @Option(help: "Which line of the text lies on the path: baseline, ascender, descender or center.")
    var onPath: PathLine = .baseline

    @Option(help: "rotate (as <textPath>), skew, ribbon, stair-step, gravity, or bend (outlines bent along the path).")
    var effect: PathEffect = .rotate

    @Option(parsing: .unconditional, help: "px: how far a bent outline may stray from the exact bend.")
    var tolerance: Double = 0.05

    @Flag(help: "Drop every cluster not wholly on an open path, quietly (by default clusters whose middle falls off are dropped with a warning).")
    var clip = false

    @Option(help: "Text colour: a CSS colour (#rgb, #rrggbbaa, rgb(), hsl(), a name) or currentColor, the default. Old name: --fill.")
    var textColor: String?

    @Option(name: .customLong("fill"), help: .hidden)
    var fill: String?

    @Option(help: "Also draw the path itself, 1 px wide in this colour, under the text. Old name: --path-stroke.")
    var lineColor: String?

    @Option(name: .customLong("path-stroke"), help: .hidden)
    var pathStroke: String?

    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var pixels: PixelScaleOption
    var pngScale: Double { pixels.scale }

    @Option(help: "Canvas size WIDTHxHEIGHT in px, in the path's coordinates (default: fit to the ink).")
    var canvas: String?

    @Option(parsing: .unconditional, help: "px of space around the ink when fitting the viewBox.")
    var padding: Double = 4

    @Option(help: "Background colour of the whole canvas (default: transparent).")
    var background: String?

    /// The options as the library reads them (a batch job decodes the same from JSON).
    var options: PathOptions {
        var o = PathOptions()
        o.text = text
        o.textFile = textFile
        o.d = d
        o.ellipse = ellipse
        o.rect = rect
        o.pathFile = pathFile
        o.pathID = pathID
        o.fonts = fontOptions.options
        o.size = size
        o.startOffset = startOffset
        o.align = align
        o.side = side
        o.tracking = tracking
        o.fit = fit
        o.baselineShift = baselineShift
        o.onPath = onPath
        o.effect = effect
        o.tolerance = tolerance
        o.clip = clip
        o.textColor = aliased(textColor, fill, name: "textColor", old: "--fill", &o.spellings) ?? o.textColor
        o.lineColor = aliased(lineColor, pathStroke, name: "lineColor", old: "--path-stroke", &o.spellings)
        o.document = outputOptions.document
        o.canvas = canvas
        o.padding = padding
        o.background = background
        return o
    }

    func validate() throws {
        try refuseBoth(textColor, "--text-color", fill, "--fill")
        try refuseBoth(lineColor, "--line-color", pathStroke, "--path-stroke")
    }

    func documentRequest() throws -> any DocumentRequest { try options.request() }
}
