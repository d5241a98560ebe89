/// `curvetype badge`'s options (see the CLI's help for each).
public struct BadgeOptions: Sendable, Equatable {
    public var label = ""
    public var message: String?
    /// The message half's background (old name: `color`, shields' name).
    public var messageColor: String?
    public var labelColor: String?
    public var style = BadgeStyle.flat
    public var fonts = TextFontOptions()
    public var link: String?
    public var labelLink: String?
    public var logo: String?
    public var logoColor: String?
    public var title: String?
    public var document = DocumentOptions()
    /// The names colour options were given by, where an old name was typed (for messages).
    public var spellings = OptionSpellings()

    public init() {}

    public func request() throws(CurveTypeError) -> BadgeRequest {
        guard let message else { throw .invalidInput("give the badge a message (--message)") }
        if logoColor != nil && logo == nil { throw .invalidInput("--logo-color applies to a logo: give --logo too") }
        return BadgeRequest(
            label: label, message: message, color: try messageColor.map { c throws(CurveTypeError) in try badgePaint(c, option: spellings.typed("messageColor")) },
            labelColor: try labelColor.map { c throws(CurveTypeError) in try badgePaint(c, option: "--label-color") }, style: style, font: try fonts.givenRequest(),
            fallbackFonts: fonts.fallbacks, features: try fonts.parsedFeatures(), link: link, labelLink: labelLink,
            logo: try logo.map { text throws(CurveTypeError) in try BadgeLogo(source: text) },
            logoColor: try logoColor.map { c throws(CurveTypeError) in try badgePaint(c, option: "--logo-color") },
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
        title = try reader.text("title")
        try document.read(&reader)
    }
}

/// `curvetype seal`'s options.
public struct SealOptions: Sendable, Equatable {
    public var ring: String?
    /// The centre text; `\n` (backslash, n) breaks a line.
    public var center: String?
    public var radius = 80.0
    public var ringSize: Double?
    public var fonts = TextFontOptions()
    public var centerFont: String?
    public var color = "blue"
    public var centerColor: String?
    /// `none` for no background.
    public var background = "white"
    public var title: String?
    public var document = DocumentOptions()

    public init() {}

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
    public var text: String?
    /// Read the text from this file (`-`: standard input) instead.
    public var textFile: String?
    public var fonts = TextFontOptions()
    /// px
    public var size = 16.0
    /// px
    public var radius = 100.0
    /// Degrees, 0 at 12 o'clock, clockwise.
    public var start = 0.0
    public var align = TextAlignment.start
    public var side = TextSide.outside
    /// px between clusters.
    public var tracking: Double?
    /// Degrees the text fills (chooses the tracking).
    public var sweep: Double?
    /// px along the normal, toward the glyph tops.
    public var baselineShift = 0.0
    public var allowOverlap = false
    /// The text's colour (old name: `fill`).
    public var textColor = "currentColor"
    public var document = DocumentOptions()
    /// The names colour options were given by, where an old name was typed (for messages).
    public var spellings = OptionSpellings()
    /// `WIDTHxHEIGHT` in px, centre in the middle; `nil` fits the ink.
    public var canvas: String?
    /// px around the ink when fitting.
    public var padding = 4.0
    /// A colour under the whole canvas; `nil`: transparent.
    public var background: String?

    public init() {}

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
