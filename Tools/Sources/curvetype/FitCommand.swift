import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HorizontalAlignment: @retroactive ExpressibleByArgument {}
extension VerticalAlignment: @retroactive ExpressibleByArgument {}

/// `curvetype fit …`: text as large as a box allows, as SVG.
struct FitCommand: RenderingCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Set text at the largest size that fits a box (to 1/64 px), or rows that share one size, as SVG.",
        discussion: """
            Width is measured by shaped advances (widened by ink that sticks out), height by lines × line height; \
            --tight measures ink alone. Lines break at spaces, after hyphens and between CJK characters, inside a \
            word only when the word alone cannot fit; \\n in the text always breaks. Rows (--row, repeated) never wrap: \
            with --main N row N sets the size and the others take its width; without it all rows take the smallest \
            of their own largest sizes.
            """)

    @Argument(help: "The text to fit (or give rows with --row).")
    var text: String?

    @Option(help: "Read the text from this file (- for standard input) instead.")
    var textFile: String?

    @Option(name: .customLong("row"), help: "A row of a group that shares one size (repeat for each row).")
    var rows: [String] = []

    @Option(parsing: .unconditional, help: "With rows: row N (from 1) sets the size; the others take its width.")
    var main: Int?

    @Option(help: "The box WIDTHxHEIGHT in px.")
    var box: String

    @OptionGroup var fontOptions: FontArguments

    @Option(parsing: .unconditional, help: "Largest font size in px.")
    var maxSize: Double = 1000

    @Option(parsing: .unconditional, help: "Smallest font size in px.")
    var minSize: Double?

    @Option(parsing: .unconditional, help: "Smallest size as a fraction of --max-size (SwiftUI's minimumScaleFactor).")
    var minScale: Double?

    @Option(parsing: .unconditional, help: "At most this many lines.")
    var maxLines: Int?

    @Option(parsing: .unconditional, help: "Multiple of the font's line height between baselines.")
    var lineHeight: Double = 1

    @Option(parsing: .unconditional, help: "With rows: px between rows (rows then as tall as ascender − descender).")
    var gap: Double?

    @Option(help: "start (left), center or end (right); with rows, a comma-separated list, one per row.")
    var align: String = "center"

    @Option(help: "top, center or bottom.")
    var valign: VerticalAlignment = .center

    @Flag(help: "Lines of even width instead of greedy filling.")
    var balance = false

    @Flag(help: "Measure the ink, not advances and line height.")
    var tight = false

    @Flag(help: "When nothing fits at the minimum size, cut the text short with an ellipsis.")
    var truncate = false

    @Option(help: "Text colour: a CSS colour (#rgb, #rrggbbaa, rgb(), hsl(), a name) or currentColor, the default. Old name: --fill.")
    var textColor: String?

    @Option(name: .customLong("fill"), help: .hidden)
    var fill: String?

    @Option(help: "Background colour of the box (default: transparent).")
    var background: String?

    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var pixels: PixelScaleOption
    var pngScale: Double { pixels.scale }

    /// The options as the library reads them (a batch job decodes the same from JSON).
    var options: FitOptions {
        var o = FitOptions()
        o.text = text
        o.textFile = textFile
        o.rows = rows
        o.main = main
        o.box = box
        o.fonts = fontOptions.options
        o.maxSize = maxSize
        o.minSize = minSize
        o.minScale = minScale
        o.maxLines = maxLines
        o.lineHeight = lineHeight
        o.gap = gap
        o.align = align
        o.valign = valign
        o.balance = balance
        o.tight = tight
        o.truncate = truncate
        o.textColor = aliased(textColor, fill, name: "textColor", old: "--fill", &o.spellings) ?? o.textColor
        o.background = background
        o.document = outputOptions.document
        return o
    }

    func validate() throws { try refuseBoth(textColor, "--text-color", fill, "--fill") }

    func documentRequest() throws -> any DocumentRequest { try options.request() }
}
