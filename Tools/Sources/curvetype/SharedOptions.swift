import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The font options every command that sets text shares.
struct FontArguments: ParsableArguments {
    @Option(help: "A font file (.ttf, .otf, .ttc) or a Fontconfig pattern such as \"DejaVu Sans:bold\". Default: bundled DejaVu Sans (Bold where a badge or seal style is bold).")
    var font: String?

    @Option(parsing: .unconditional, help: "Face index inside a .ttc/.otc font collection.")
    var faceIndex: Int = 0

    @Option(parsing: .unconditional, help: "OpenType features, comma-separated, in HarfBuzz syntax (e.g. -liga,ss01).")
    var features: String?

    @Option(name: .customLong("fallback-font"), help: "A font (file or pattern) tried before Fontconfig for characters the font lacks, such as emoji or CJK; repeat for more.")
    var fallbackFonts: [String] = []

    @Option(help: "A variable font's axes (wght=650,wdth=90) or a named instance by its style name (\"SemiBold\").")
    var variations: String?

    var options: TextFontOptions {
        var o = TextFontOptions()
        o.font = font
        o.faceIndex = faceIndex
        o.features = features
        o.fallbackFonts = fallbackFonts
        o.variations = variations
        return o
    }
}

/// The output options every command shares.
struct OutputOptions: ParsableArguments {
    @Option(help: "outlines: glyphs as paths (same look everywhere); text: <text> per cluster (selectable).")
    var glyphs: GlyphMode = .outlines

    @Option(help: "Decimals in the SVG's numbers (0–6).")
    var precision: Int = 2

    @Option(help: "Prefix for every id in the SVG (default: derived from the input).")
    var idPrefix: String?

    @Option(help: "Also write the layout as JSON to this file (- for standard output).")
    var layout: String?

    @Option(name: [.short, .customLong("output")], help: "Write the drawing to this file (default, or -: standard output); .png and .pdf write PNG and PDF.")
    var output: String?

    @Option(help: "svg, png or pdf (default: the output's extension, else svg).")
    var format: OutputFormat?

    @Option(help: "Draw an animated angle into PNG or PDF at this time, s (default: after the animation ends).")
    var frameTime: Double?

    @Flag(help: "Print no warnings (errors still print).")
    var quiet = false

    var document: DocumentOptions {
        var o = DocumentOptions()
        o.glyphs = glyphs
        o.precision = precision
        o.idPrefix = idPrefix
        return o
    }

    /// The settings, with the PNG scale from the command's own option.
    func settings(scale: Double) -> OutputSettings { OutputSettings(format: format, scale: scale, frameTime: frameTime) }

    func emit(_ document: RenderedDocument, scale: Double, scaleOption: String = "--scale") throws(CurveTypeError) {
        try emitDocument(document, output: output, layout: layout, settings: settings(scale: scale), scaleOption: scaleOption, quiet: quiet)
    }
}

/// The PNG's scale, `--scale` (a group of its own: `spiral` names it `--png-scale`, its
/// `--scale` being the spiral's).
struct PixelScaleOption: ParsableArguments {
    @Option(help: "PNG pixels per px, 1–8 (2 for HiDPI screens).")
    var scale: Double = 1
}

extension OutputFormat: @retroactive ExpressibleByArgument {}

/// Prints the warnings, then writes the drawing (`nil` or `-`: standard output) in the format
/// `settings` or the output's extension name, and the layout JSON (files all or none).
/// `quiet`: no warnings.
func emitDocument(_ document: RenderedDocument, output: String?, layout: String?, settings: OutputSettings,
                  scaleOption: String = "--scale", quiet: Bool) throws(CurveTypeError) {
    try settings.validate(scaleOption: scaleOption)
    if !quiet { for warning in document.warnings { printWarning(warning.description) } }
    try document.write(to: output ?? "-", settings: settings, layoutTo: layout)
}

/// A command that renders one SVG document from its options' request.
protocol RenderingCommand: ParsableCommand {
    var outputOptions: OutputOptions { get }
    /// The PNG's pixels per px.
    var pngScale: Double { get }
    /// The option that sets it (`--scale`; `--png-scale` for `spiral`).
    var pngScaleOption: String { get }
    /// Checks the options and builds the request, without rendering it.
    func documentRequest() throws -> any DocumentRequest
}

extension RenderingCommand {
    func run() throws {
        try outputOptions.emit(try documentRequest().renderDocument(), scale: pngScale, scaleOption: pngScaleOption)
    }

    var pngScaleOption: String { "--scale" }
}

func printWarning(_ message: String) {
    OutputFile.writeToStandardError(Diagnostic.line("warning", message))
}

/// The value of an option that also has an old name (`--text-color`, once `--fill`): whichever
/// was given, with the name typed noted in `spellings` for messages. `name` is the option's
/// normalized name (`textColor`); `validate` has already refused both at once.
func aliased(_ value: String?, _ oldValue: String?, name: String, old oldName: String,
             _ spellings: inout OptionSpellings) -> String? {
    if let value { return value }
    if oldValue != nil { spellings.note(name, typedAs: oldName) }
    return oldValue
}

/// Refuses an option given under its name and its old name at once.
func refuseBoth(_ value: String?, _ name: String, _ oldValue: String?, _ oldName: String) throws {
    if value != nil && oldValue != nil {
        throw ValidationError("give \(name) or \(oldName), not both: \(oldName) is another name of \(name)")
    }
}
