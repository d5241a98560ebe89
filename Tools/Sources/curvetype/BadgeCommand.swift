import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BadgeStyle: @retroactive ExpressibleByArgument {}
extension BadgeLogoSize: @retroactive ExpressibleByArgument {}

/// `curvetype badge --label L --message M …`: a shields-style badge as SVG.
struct BadgeCommand: RenderingCommand {
    static let configuration = CommandConfiguration(
        commandName: "badge",
        abstract: "Make a shields-style badge, measured with the real font.",
        discussion: """
            Widths come from the font's shaped advances (kerning, bold where the style is bold), \
            then shields' paddings and rounding. Colours: shields' names (brightgreen, green, yellow, \
            yellowgreen, orange, red, blue, grey, lightgrey and the aliases success, important, \
            critical, informational, inactive), bare hex (4c1), or CSS colours.
            """)

    @Option(help: "The left half's text (empty: a message-only badge).")
    var label: String = ""

    @Option(help: "The right half's text.")
    var message: String

    @Option(help: "The message half's background (default brightgreen). Old name: --color, as shields calls it.")
    var messageColor: String?

    @Option(name: .customLong("color"), help: .hidden)
    var color: String?

    @Option(help: "The label's background (default #555).")
    var labelColor: String?

    @Option(help: "flat, flat-square, plastic, for-the-badge or social.")
    var style: BadgeStyle = .flat

    @OptionGroup var fontOptions: FontArguments

    @Option(help: "Where the badge links (with --label-link: the message half). http, https or mailto.")
    var link: String?

    @Option(help: "Where the label half links.")
    var labelLink: String?

    @Option(help: "A simple-icons name as shields reads it (github, python; `curvetype logos WORD` lists them), an SVG, PNG or JPEG file (a path with a / or such an extension), or a data: URL of one.")
    var logo: String?

    @Option(help: "Paint the whole logo in this colour (default for a named logo: its brand colour).")
    var logoColor: String?

    @Option(help: "square: a 14 px box, as shields draws; auto: the logo's own proportions at 14 px high.")
    var logoSize: BadgeLogoSize = .square

    @Option(help: "The logo box's width in px, 0–100 (shields' logoWidth).")
    var logoWidth: Double?

    @Option(help: "The accessible name and <title> (default \"label: message\").")
    var title: String?

    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var pixels: PixelScaleOption
    var pngScale: Double { pixels.scale }

    /// The options as the library reads them (a batch job decodes the same from JSON).
    var options: BadgeOptions {
        var o = BadgeOptions()
        o.label = label
        o.message = message
        o.messageColor = aliased(messageColor, color, name: "messageColor", old: "--color", &o.spellings)
        o.labelColor = labelColor
        o.style = style
        o.fonts = fontOptions.options
        o.link = link
        o.labelLink = labelLink
        o.logo = logo
        o.logoColor = logoColor
        o.logoSize = logoSize
        o.logoWidth = logoWidth
        o.title = title
        o.document = outputOptions.document
        return o
    }

    func validate() throws { try refuseBoth(messageColor, "--message-color", color, "--color") }

    func documentRequest() throws -> any DocumentRequest { try options.request() }
}
