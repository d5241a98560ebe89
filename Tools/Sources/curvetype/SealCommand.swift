import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `curvetype seal --ring TEXT --center TEXT …`: a round seal badge as SVG.
struct SealCommand: RenderingCommand {
    static let configuration = CommandConfiguration(
        commandName: "seal",
        abstract: "Make a round seal: ring text evenly round a circle, centre text fitted inside.")

    @Option(help: "Text round the ring, spread evenly over the whole circle, its middle at the top.")
    var ring: String

    @Option(help: "Text fitted into the inner circle (a literal \\n breaks lines).")
    var center: String

    @Option(parsing: .unconditional, help: "Outer radius in px.")
    var radius: Double = 80

    @Option(parsing: .unconditional, help: "Ring text size in px (default 15% of the radius).")
    var ringSize: Double?

    @OptionGroup var fontOptions: FontArguments

    @Option(help: "Font of the centre text (default: the ring's font).")
    var centerFont: String?

    @Option(help: "Rings and text colour (badge names, hex or CSS).")
    var color: String = "blue"

    @Option(help: "Centre text colour (default: --color).")
    var centerColor: String?

    @Option(help: "Fill inside the outer ring, or none.")
    var background: String = "white"

    @Option(help: "The accessible name and <title> (default \"centre — ring\").")
    var title: String?

    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var pixels: PixelScaleOption
    var pngScale: Double { pixels.scale }

    /// The options as the library reads them (a batch job decodes the same from JSON).
    var options: SealOptions {
        var o = SealOptions()
        o.ring = ring
        o.center = center
        o.radius = radius
        o.ringSize = ringSize
        o.fonts = fontOptions.options
        o.centerFont = centerFont
        o.color = color
        o.centerColor = centerColor
        o.background = background
        o.title = title
        o.document = outputOptions.document
        return o
    }

    func documentRequest() throws -> any DocumentRequest { try options.request() }
}
