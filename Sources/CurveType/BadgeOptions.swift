import CurveTypeEffects
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeSVG
/// `curvetype badge`'s options (see the CLI's help for each).
public struct BadgeOptions: Sendable, Equatable {
    /// The left half's text (empty: a message-only badge) (`--label`).
    public var label = ""
    /// The right half's text (`--message`).
    public var message: String?
    /// The message half's background (old name: `color`, shields' name).
    public var messageColor: String?
    /// The label's background (default #555) (`--label-color`).
    public var labelColor: String?
    /// flat, flat-square, plastic, for-the-badge or social (`--style`).
    public var style = BadgeStyle.flat
    /// The text's font options: `--font`, `--face-index`, `--features`, `--fallback-font` and
    /// `--variations`.
    public var fonts = TextFontOptions()
    /// Where the badge links (with --label-link: the message half). http, https or mailto
    /// (`--link`).
    public var link: String?
    /// Where the label half links (`--label-link`).
    public var labelLink: String?
    /// A simple-icons name (github, python), an SVG, PNG or JPEG file, or a data: URL of one
    /// (`--logo`).
    public var logo: String?
    /// Paint the whole logo in this colour (default for a named logo: its brand colour)
    /// (`--logo-color`).
    public var logoColor: String?
    /// square: a 14 px box, as shields draws; auto: the logo's own proportions at 14 px high
    /// (`--logo-size`).
    public var logoSize = BadgeLogoSize.square
    /// The logo box's width in px, 0–100 (shields' logoWidth) (`--logo-width`).
    public var logoWidth: Double?
    /// The accessible name and <title> (default "label: message") (`--title`).
    public var title: String?
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()
    /// The names colour options were given by, where an old name was typed (for messages).
    public var spellings = OptionSpellings()

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The request these options describe. Throws when a value is refused, naming the option as it
    /// was typed.
    public func request() throws(CurveTypeError) -> BadgeRequest {
        guard let message else { throw .invalidInput("give the badge a message (--message)") }
        if logoColor != nil && logo == nil { throw .invalidInput("--logo-color applies to a logo: give --logo too") }
        return BadgeRequest(
            label: label, message: message, color: try messageColor.map { c throws(CurveTypeError) in try badgePaint(c, option: spellings.typed("messageColor")) },
            labelColor: try labelColor.map { c throws(CurveTypeError) in try badgePaint(c, option: "--label-color") }, style: style, font: try fonts.givenRequest(),
            fallbackFonts: fonts.fallbacks, features: try fonts.parsedFeatures(), link: link, labelLink: labelLink,
            logo: try logo.map { text throws(CurveTypeError) in try naming("--logo") { () throws(CurveTypeError) in try BadgeLogo(argument: text) } },
            logoColor: try logoColor.map { c throws(CurveTypeError) in try badgePaint(c, option: "--logo-color") },
            logoSize: logoSize, logoWidth: logoWidth,
            title: title, glyphs: document.glyphs, idPrefix: document.idPrefix,
            precision: document.precision)
    }

    init(_ reader: inout OptionReader) throws(CurveTypeError) {
        label = try reader.text("label") ?? label
        message = try reader.text("message", required: true)
        messageColor = try reader.text("messageColor", aliases: ["color"], noting: &spellings)
        labelColor = try reader.text("labelColor")
        style = try reader.choice("style", BadgeStyle.self) ?? style
        try fonts.read(&reader)
        link = try reader.text("link")
        labelLink = try reader.text("labelLink")
        logo = try reader.logo("logo")
        logoColor = try reader.text("logoColor")
        logoSize = try reader.choice("logoSize", BadgeLogoSize.self) ?? logoSize
        logoWidth = try reader.number("logoWidth")
        title = try reader.text("title")
        try document.read(&reader)
    }
}

/// `curvetype seal`'s options.
public struct SealOptions: Sendable, Equatable {
    /// Text round the ring, spread evenly over the whole circle, its middle at the top (`--ring`).
    public var ring: String?
    /// The centre text; `\n` (backslash, n) breaks a line.
    public var center: String?
    /// Outer radius in px (`--radius`).
    public var radius = 80.0
    /// Ring text size in px (default 15% of the radius) (`--ring-size`).
    public var ringSize: Double?
    /// The text's font options: `--font`, `--face-index`, `--features`, `--fallback-font` and
    /// `--variations`.
    public var fonts = TextFontOptions()
    /// Font of the centre text (default: the ring's font) (`--center-font`).
    public var centerFont: String?
    /// Rings and text colour (badge names, hex or CSS) (`--color`).
    public var color = "blue"
    /// Centre text colour (default: --color) (`--center-color`).
    public var centerColor: String?
    /// `none` for no background.
    public var background = "white"
    /// The accessible name and <title> (default "centre — ring") (`--title`).
    public var title: String?
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The request these options describe. Throws when a value is refused, naming the option as it
    /// was typed.
    public func request() throws(CurveTypeError) -> SealRequest {
        guard let ring else { throw .invalidInput("give the seal its ring text (--ring)") }
        guard let center else { throw .invalidInput("give the seal its centre text (--center)") }
        return SealRequest(
            ring: ring, center: center.replacing("\\n", with: "\n"), radius: radius, ringSize: ringSize,
            font: try fonts.givenRequest(), centerFont: centerFont.map { FontRequest(argument: $0) },
            fallbackFonts: fonts.fallbacks, features: try fonts.parsedFeatures(), color: try badgePaint(color, option: "--color"),
            centerColor: try centerColor.map { c throws(CurveTypeError) in try badgePaint(c, option: "--center-color") },
            background: background.lowercased() == "none" ? nil : try badgePaint(background, option: "--background"),
            title: title, glyphs: document.glyphs, idPrefix: document.idPrefix,
            precision: document.precision)
    }

    init(_ reader: inout OptionReader) throws(CurveTypeError) {
        ring = try reader.text("ring", required: true)
        center = try reader.text("center", required: true)
        radius = try reader.number("radius") ?? radius
        ringSize = try reader.number("ringSize")
        try fonts.read(&reader)
        centerFont = try reader.font("centerFont")
        color = try reader.text("color") ?? color
        centerColor = try reader.text("centerColor")
        background = try reader.text("background") ?? background
        title = try reader.text("title")
        try document.read(&reader)
    }
}

/// `curvetype circle`'s options.
public struct CircleOptions: Sendable, Equatable {
    /// The text to set (use -- before text that starts with '-') (the positional argument).
    public var text: String?
    /// Read the text from this file (`-`: standard input) instead.
    public var textFile: String?
    /// The text's font options: `--font`, `--face-index`, `--features`, `--fallback-font` and
    /// `--variations`.
    public var fonts = TextFontOptions()
    /// px
    public var size = 16.0
    /// px
    public var radius = 100.0
    /// Degrees, 0 at 12 o'clock, clockwise.
    public var start = 0.0
    /// Which edge of the text sits at the start angle: start, center or end (left, right, leading
    /// and trailing also work) (`--align`).
    public var align = TextAlignment.start
    /// outside: tops away from the centre, runs clockwise; inside: tops toward the centre, runs
    /// counterclockwise (`--side`).
    public var side = TextSide.outside
    /// px between clusters.
    public var tracking: Double?
    /// Degrees the text fills (chooses the tracking).
    public var sweep: Double?
    /// px along the normal, toward the glyph tops.
    public var baselineShift = 0.0
    /// Allow text longer than the circle (or the sweep) to overlap itself (`--allow-overlap`).
    public var allowOverlap = false
    /// The text's colour (old name: `fill`).
    public var textColor = "currentColor"
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()
    /// The names colour options were given by, where an old name was typed (for messages).
    public var spellings = OptionSpellings()
    /// `WIDTHxHEIGHT` in px, centre in the middle; `nil` fits the ink.
    public var canvas: String?
    /// px around the ink when fitting.
    public var padding = 4.0
    /// A colour under the whole canvas; `nil`: transparent.
    public var background: String?

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The request these options describe. Throws when a value is refused, naming the option as it
    /// was typed.
    public func request() throws(CurveTypeError) -> CircleTextRequest {
        if sweep != nil && tracking != nil {
            throw .invalidInput("--sweep chooses the tracking: give --sweep or --tracking, not both")
        }
        guard let text = try commandText(text, file: textFile) else {
            throw .invalidInput("give the text, or --text-file")
        }
        return CircleTextRequest(
            text: text,
            font: try fonts.request(), features: try fonts.parsedFeatures(), fallbackFonts: fonts.fallbacks,
            style: CircleTextStyle(
                size: size, radius: radius, start: start, align: align, side: side,
                tracking: tracking ?? 0, sweep: sweep, baselineShift: baselineShift,
                allowOverlap: allowOverlap),
            fill: try paint(textColor, option: spellings.typed("textColor")), glyphs: document.glyphs, precision: document.precision, idPrefix: document.idPrefix,
            canvas: try canvas.map { text throws(CurveTypeError) in try CanvasSize(parsing: text) }, padding: padding,
            background: try background.map { c throws(CurveTypeError) in try paint(c, option: "--background") })
    }

    init(_ reader: inout OptionReader) throws(CurveTypeError) {
        text = try reader.argument("circle")
        textFile = try reader.file("textFile")
        try fonts.read(&reader)
        size = try reader.number("size") ?? size
        radius = try reader.number("radius") ?? radius
        start = try reader.number("start") ?? start
        align = try reader.choice("align", TextAlignment.self, named: TextAlignment.init(named:)) ?? align
        side = try reader.choice("side", TextSide.self) ?? side
        tracking = try reader.number("tracking")
        sweep = try reader.number("sweep")
        baselineShift = try reader.number("baselineShift") ?? baselineShift
        allowOverlap = try reader.flag("allowOverlap")
        textColor = try reader.text("textColor", aliases: ["fill"], noting: &spellings) ?? textColor
        try document.read(&reader)
        canvas = try reader.text("canvas")
        padding = try reader.number("padding") ?? padding
        background = try reader.text("background")
    }
}
