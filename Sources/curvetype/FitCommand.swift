import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HorizontalAlignment: ExpressibleByArgument {}
extension VerticalAlignment: ExpressibleByArgument {}

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

    @OptionGroup var fontOptions: FontOptions

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

    @Option(help: "leading, center or trailing; with rows, a comma-separated list, one per row.")
    var align: String = "center"

    @Option(help: "top, center or bottom.")
    var valign: VerticalAlignment = .center

    @Flag(help: "Lines of even width instead of greedy filling.")
    var balance = false

    @Flag(help: "Measure the ink, not advances and line height.")
    var tight = false

    @Flag(help: "When nothing fits at the minimum size, cut the text short with an ellipsis.")
    var truncate = false

    @Option(help: "Text colour.")
    var fill: String = "currentColor"

    @Option(help: "Background colour of the box (default: transparent).")
    var background: String?

    @OptionGroup var outputOptions: OutputOptions

    func documentRequest() throws -> any DocumentRequest {
        let content: FitContent
        switch (try commandText(text, file: textFile), rows.isEmpty) {
        case (nil, true): throw CurveTypeError.invalidInput("give the text, or rows with --row")
        case (.some, false): throw CurveTypeError.invalidInput("give the text or --row, not both")
        case (.some(let text), true):
            if main != nil { throw CurveTypeError.invalidInput("--main applies to rows: give them with --row") }
            content = .text(text)
        case (nil, false):
            if let main, !(1...rows.count).contains(main) {
                throw CurveTypeError.invalidInput("--main must be from 1 to \(rows.count), the number of rows, not \(main)")
            }
            if tight || balance || truncate || maxLines != nil {
                throw CurveTypeError.invalidInput("rows are one line each: --tight, --balance, --truncate and --max-lines apply to a text")
            }
            content = .rows(rows, main.map { .main($0 - 1) } ?? .min)
        }
        if minSize != nil && minScale != nil {
            throw CurveTypeError.invalidInput("give --min-size or --min-scale, not both")
        }
        if let minScale, !(minScale > 0 && minScale <= 1) {
            throw CurveTypeError.invalidInput("min scale must be more than 0 and at most 1, not \(minScale)")
        }
        if gap != nil && rows.isEmpty { throw CurveTypeError.invalidInput("--gap applies to rows") }
        var alignments: [HorizontalAlignment] = []
        for name in align.split(separator: ",", omittingEmptySubsequences: false) {
            guard let a = HorizontalAlignment(rawValue: name.trimmed()) else {
                throw CurveTypeError.invalidInput("not an alignment: \"\(name)\" (use leading, center or trailing)")
            }
            alignments.append(a)
        }
        if alignments.count > 1 && alignments.count != rows.count {
            throw CurveTypeError.invalidInput("give one alignment, or one per row (\(rows.count)), not \(alignments.count)")
        }
        let canvas = try CanvasSize(parsing: box)
        let request = FitRequest(
            content, font: fontOptions.request, features: try fontOptions.parsedFeatures(),
            style: FitStyle(
                width: canvas.width, height: canvas.height, maxSize: maxSize,
                minSize: minSize ?? minScale.map { $0 * maxSize } ?? min(1, maxSize), maxLines: maxLines,
                lineHeight: lineHeight, align: alignments, valign: valign, breaking: balance ? .balanced : .greedy,
                tight: tight, truncate: truncate, gap: gap),
            fill: try color(fill), background: try background.map(color), glyphs: outputOptions.glyphs,
            precision: outputOptions.precision, idPrefix: outputOptions.idPrefix)
        return request
    }
}
