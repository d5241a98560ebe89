import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AngleVertex: @retroactive ExpressibleByArgument {}
extension AngleUnit: @retroactive ExpressibleByArgument {}
extension Easing: @retroactive ExpressibleByArgument {}

/// `curvetype angle DEG …`: two rays, a marker and a label, optionally animated.
struct AngleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "angle",
        abstract: "Draw an angle: two rays, an arc marker and a degree label, optionally animated, as SVG.",
        discussion: """
            The seed's geometry: a square frame with insets, the vertex at the inset square's bottom-right corner, \
            the base ray running left and the second ray rising at the angle (at 90° it ends at the top-right corner). \
            Negative angles open downward; past 180° the angle is reflex. The canvas grows when the shape leaves the \
            inset square. Colours default to currentColor, following the page's text colour.
            """)

    @Argument(help: "The angle in degrees, −360…360.")
    var degrees: Double

    @Option(help: "bottom-right (the seed: base ray to the left) or bottom-left (textbook: base ray to the right).")
    var vertex: AngleVertex = .bottomRight

    @Option(parsing: .unconditional, help: "Side of the square frame in px.")
    var frame: Double = 400

    @Option(parsing: .unconditional, help: "Inset on every side of the frame in px; the rays are as long as what remains.")
    var inset: Double = 100

    @Option(parsing: .unconditional, help: "Line width of the rays in px.")
    var strokeWidth: Double = 10

    @Option(help: "Ray ends: round, butt or square.")
    var cap: LineCap = .round

    @Option(help: "The join at the vertex: round, miter or bevel.")
    var join: LineJoin = .round

    @Option(name: .customLong("color"), help: "Colour of rays, marker and label.")
    var inkColor: String = "currentColor"

    @Option(help: "A colour under the whole canvas (default: transparent).")
    var background: String?

    @Option(help: "Colour in light mode (with --dark: a prefers-color-scheme style).")
    var light: String?

    @Option(help: "Colour in dark mode (with --light).")
    var dark: String?

    @Option(parsing: .unconditional, help: "Radius of the arc marker in px (a square marks exactly 90°).")
    var markerRadius: Double = 40

    @Option(parsing: .unconditional, help: "Line width of the marker in px (default: 40 % of the stroke width).")
    var markerWidth: Double?

    @Flag(help: "Draw no marker.")
    var noMarker = false

    @Flag(help: "Draw no label.")
    var noLabel = false

    @Option(parsing: .unconditional, help: "Label size in px.")
    var labelSize: Double = 24

    @Option(help: "degrees (45°), radians (0.79 rad) or pi (π/4).")
    var unit: AngleUnit = .degrees

    @Option(parsing: .unconditional, help: "Decimals in the label (default: 0 for degrees, 2 otherwise).")
    var decimals: Int?

    @Option(help: "A title above the shape, with a clockwise-arrow symbol (the seed's \"Angle\").")
    var header: String?

    @Flag(help: "Write the value again under the shape.")
    var readout = false

    @Option(parsing: .unconditional, help: "Animate from this angle (SMIL; a viewer without animation shows the final angle).")
    var from: Double?

    @Option(parsing: .unconditional, help: "Animation length in seconds.")
    var duration: Double = 0.35

    @Option(help: "linear, ease-in, ease-out or ease-in-out.")
    var easing: Easing = .easeInOut

    @Option(parsing: .unconditional, help: "Write this many still SVGs of the animation into --out-dir instead.")
    var frames: Int?

    @Option(help: "Folder for --frames (made if missing): angle-0001.svg, angle-0002.svg, …")
    var outDir: String?

    @OptionGroup var fontOptions: FontArguments

    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var pixels: PixelScaleOption
    var pngScale: Double { pixels.scale }

    /// The options as the library reads them (a batch job decodes the same from JSON).
    var options: AngleOptions {
        var o = AngleOptions()
        o.degrees = degrees
        o.vertex = vertex
        o.frame = frame
        o.inset = inset
        o.strokeWidth = strokeWidth
        o.cap = cap
        o.join = join
        o.color = inkColor
        o.light = light
        o.dark = dark
        o.markerRadius = markerRadius
        o.markerWidth = markerWidth
        o.noMarker = noMarker
        o.noLabel = noLabel
        o.labelSize = labelSize
        o.unit = unit
        o.decimals = decimals
        o.header = header
        o.readout = readout
        o.from = from
        o.duration = duration
        o.easing = easing
        o.frames = frames
        o.outDir = outDir
        o.background = background
        o.fonts = fontOptions.options
        o.document = outputOptions.document
        return o
    }

    func run() throws {
        let request = try options.request(hasOutputs: outputOptions.output != nil || outputOptions.layout != nil)
        guard let frames, let outDir else {
            try outputOptions.emit(try request.renderDocument(), scale: pngScale)
            return
        }
        let svgs = try request.frames(frames)
        do {
            try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        } catch {
            throw CurveTypeError.output(path: outDir, reason: "cannot make the folder")
        }
        let files = svgs.enumerated().map { (i, svg) in
            let number = String(i + 1)
            let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
            return (path: PathText.joined(outDir, "angle-\(padded).svg"), contents: svg)
        }
        try OutputFile.writeAtomically(files)
    }
}
