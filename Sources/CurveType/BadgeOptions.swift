import CurveTypeEffects
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeSVG
/// `curvetype badge`'s options (see the CLI's help for each).
public struct BadgeOptions: Sendable, Equatable {
    /// The left half's text (empty: a message-only badge) (`--label`); with `--endpoint`, over
    /// the file's label.
    public var label: String?
    /// The right half's text (`--message`).
    public var message: String?
    /// The message half's background (old name: `color`, shields' name).
    public var messageColor: String?
    /// The label's background (default #555) (`--label-color`).
    public var labelColor: String?
    /// flat, flat-square, plastic, for-the-badge or social (`--style`); `nil` is flat, or the
    /// endpoint file's style.
    public var style: BadgeStyle?
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
    /// (`--logo-size`); `nil` is square, or the endpoint file's.
    public var logoSize: BadgeLogoSize?
    /// The logo box's width in px, 0–100 (shields' logoWidth) (`--logo-width`).
    public var logoWidth: Double?
    /// The accessible name and <title> (default "label: message") (`--title`).
    public var title: String?
    /// The texts of a badge of several parts, in order (`--part`, repeated), instead of
    /// `--label` and `--message`.
    public var parts: [String] = []
    /// Each part's colour, in order; an empty one (or none) is the default (`--part-color`).
    public var partColors: [String] = []
    /// Each part's logo, in order; an empty one is none (`--part-logo`).
    public var partLogos: [String] = []
    /// Each part's link, in order; an empty one is none (`--part-link`).
    public var partLinks: [String] = []
    /// Parts in a row, for a grid (`--columns`).
    public var columns: Int?
    /// A bar in the message part filled to this share: 0.75 or 75% (`--progress`).
    public var progress: String?
    /// Fill the bar with a red-to-green gradient (`--progress-gradient`).
    public var progressGradient = false
    /// The bar's unfilled part (`--track-color`).
    public var trackColor: String?
    /// shields' colours, or colours chosen for light pages, dark pages or both (`--theme`).
    public var theme = BadgeTheme.shields
    /// A shields endpoint document to draw (`--endpoint`): label, message, colours, logo and
    /// style from the file, the options above over them as shields' query overrides them.
    public var endpoint: String?
    /// A JSON file whose value at `--query` is the message (`--json`).
    public var json: String?
    /// Where in `--json` the message is: a JSONPath subset, `$.total.percent` (`--query`).
    public var query: String?
    /// Text before the queried value (`--prefix`).
    public var prefix: String?
    /// Text after the queried value, such as `%` (`--suffix`).
    public var suffix: String?
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()
    /// The names colour options were given by, where an old name was typed (for messages).
    public var spellings = OptionSpellings()

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The request these options describe. Throws when a value is refused, naming the option as it
    /// was typed.
    public func request() throws(CurveTypeError) -> BadgeRequest {
        if let columns, !(1...BadgeRequest.maximumColumns).contains(columns) {
            throw .invalidInput("\(parameter: "columns") must be 1–\(BadgeRequest.maximumColumns), not \(columns)")
        }
        let value = try progress.map { text throws(CurveTypeError) in
            guard let value = BadgeProgress.parse(text) else {
                throw .invalidInput("\(parameter: "progress") must be a share from 0 to 1 or a percentage from 0% to 100%, not \"\(text.prefix(40))\"")
            }
            return value
        }
        if value == nil {
            if progressGradient { throw .invalidInput("\(parameter: "progressGradient") draws a bar: give \(parameter: "progress") too") }
            if trackColor != nil { throw .invalidInput("\(parameter: "trackColor") is the bar's: give \(parameter: "progress") too") }
        }
        if progressGradient && messageColor != nil {
            throw .invalidInput("the bar is filled with \(parameter: "progressGradient") or \(parameter: spellings.typed("messageColor")), not both")
        }
        let bar = try value.map { v throws(CurveTypeError) in
            BadgeProgress(v, color: try messageColor.map { c throws(CurveTypeError) in try badgePaint(c, option: spellings.typed("messageColor")) },
                          gradient: progressGradient, trackColor: try trackColor.map { c throws(CurveTypeError) in try badgePaint(c, option: "trackColor") })
        }
        if !parts.isEmpty || !partColors.isEmpty || !partLogos.isEmpty || !partLinks.isEmpty || columns != nil {
            return try partsRequest(progress: bar)
        }
        let data = try dataRequest()
        if data.logoColor != nil && logo == nil && data.logo == nil {
            throw .invalidInput("\(parameter: "logoColor") applies to a logo: give \(parameter: "logo") too")
        }
        guard let message = data.message ?? value.map(Self.percentage) else {
            throw .invalidInput("give the badge a message (\(parameter: "message")), or parts (\(parameter: "part"))")
        }
        // The logo is read once: from the endpoint's reading, or here.
        var logo = data.logo
        if logo == nil, let text = self.logo { logo = try naming("logo") { () throws(CurveTypeError) in try BadgeLogo(argument: text) } }
        var request = BadgeRequest(
            label: data.label ?? "", message: message,
            color: bar == nil ? try data.messageColor.map { c throws(CurveTypeError) in try badgePaint(c, option: spellings.typed("messageColor")) } : nil,
            labelColor: try data.labelColor.map { c throws(CurveTypeError) in try badgePaint(c, option: "labelColor") }, style: data.style ?? .flat,
            link: link, labelLink: labelLink, logo: logo, logoSize: data.logoSize ?? .square, logoWidth: data.logoWidth)
        request.progress = bar
        try setShared(&request, logoColor: data.logoColor)
        return request
    }

    /// What a badge of two parts and one of several take alike: fonts, the logo's colour,
    /// title, theme and how the document is written.
    private func setShared(_ request: inout BadgeRequest, logoColor: String?) throws(CurveTypeError) {
        request.theme = theme
        request.font = try fonts.givenRequest()
        request.fallbackFonts = fonts.fallbacks
        request.features = try fonts.parsedFeatures()
        request.logoColor = try logoColor.map { c throws(CurveTypeError) in try badgePaint(c, option: "logoColor") }
        request.title = title
        request.glyphs = document.glyphs.drawing
    }

    /// What a two-part badge draws once `--endpoint` or `--json` has been read: the options,
    /// with the file's values where shields' reading puts them.
    private struct BadgeData {
        var label: String?
        var message: String?
        var messageColor: String?
        var labelColor: String?
        var style: BadgeStyle?
        var logo: BadgeLogo?
        var logoColor: String?
        var logoSize: BadgeLogoSize?
        var logoWidth: Double?
    }

    /// The options as given, or over an endpoint document as shields' query overrides one
    /// (`coalesce-badge.js`: the label, colours, logo and style asked for win, but an error's
    /// colours are the document's; a logo asked for brings none of the document's logo
    /// settings), or with the message a JSON query finds (shields' dynamic JSON badge:
    /// prefix, the value, suffix; the label "custom badge" and lightgrey unless given).
    private func dataRequest() throws(CurveTypeError) -> BadgeData {
        var data = BadgeData(label: label, message: message, messageColor: messageColor, labelColor: labelColor, style: style,
                             logoColor: logoColor, logoSize: logoSize, logoWidth: logoWidth)
        let sources = [(message != nil, "message"), (endpoint != nil, "endpoint"), (json != nil, "json")].filter(\.0).map(\.1)
        if sources.count > 1 {
            throw .invalidInput("the message comes from \(parameter: sources[0]) or \(parameter: sources[1]), not both")
        }
        if json == nil {
            for (given, name) in [(query, "query"), (prefix, "prefix"), (suffix, "suffix")] where given != nil {
                throw .invalidInput("\(parameter: name) applies to the value of a JSON file: give \(parameter: "json") too")
            }
        }
        if let json {
            guard let query else { throw .invalidInput("say where in \(json) the message is with \(parameter: "query"), as $.coverage") }
            let parsed = try naming("query") { () throws(CurveTypeError) in try JSONQuery(query) }
            let document = try JSONValue.parse(try readUserFile(json, what: "JSON", limit: JSONValue.maximumBytes + 1, shown: JSONValue.maximumBytes), what: "the JSON file \(json)")
            data.message = ShieldsTextLimit.cut(try parsed.badgeMessage(in: document, file: json, prefix: prefix, suffix: suffix))
            data.label = ShieldsTextLimit.cut(label ?? JSONQuery.defaultLabel)
            data.messageColor = messageColor ?? JSONQuery.defaultColor
        }
        guard let endpoint else { return data }
        let file = try BadgeEndpoint(json: try readUserFile(endpoint, what: "endpoint", limit: JSONValue.maximumBytes + 1, shown: JSONValue.maximumBytes), what: "the endpoint file \(endpoint)")
        let overrides = BadgeEndpoint.Overrides(
            label: label, color: messageColor, labelColor: labelColor, style: style?.rawValue, logo: logo, logoColor: logoColor,
            logoSize: logoSize?.rawValue, logoWidth: logoWidth.map(shortestDigits))
        data = BadgeData()
        for (name, value) in file.options(over: overrides) {
            switch name {
            case "label": data.label = value
            case "message": data.message = value
            case "messageColor": data.messageColor = value
            case "labelColor": data.labelColor = value
            case "style": data.style = BadgeStyle(rawValue: value)
            case "logo": data.logo = try naming("logo") { () throws(CurveTypeError) in try BadgeLogo(argument: value) }
            case "logoColor": data.logoColor = value
            case "logoSize": data.logoSize = BadgeLogoSize(rawValue: value)
            case "logoWidth": data.logoWidth = Double(value)
            default: break
            }
        }
        if data.logo == nil && logoColor != nil {
            throw .invalidInput("\(parameter: "logoColor") applies to a logo: give \(parameter: "logo") too (the endpoint file has none)")
        }
        return data
    }

    /// A share as the message of a progress badge: a whole percentage, or one decimal where
    /// rounding would hide that the bar is not empty or not full (0.4 %, 99.6 %).
    static func percentage(_ value: Double) -> String {
        let whole = (value * 100).rounded()
        guard (whole == 0 && value > 0) || (whole == 100 && value < 1) else { return shortestDigits(whole) + "%" }
        // Never 0 % for some nor 100 % for less than all (0.9996 said "100%" in coverage's
        // green, not its brightgreen): as many decimals as it takes, toward the inside.
        for decimals in 1...6 {
            let scale = (0..<decimals).reduce(1.0) { value, _ in value * 10 }
            let shown = (value * 100 * scale).rounded() / scale
            if shown > 0 && shown < 100 { return shortestDigits(shown) + "%" }
        }
        return value < 0.5 ? "<0.000001%" : ">99.999999%"
    }

    /// The request of a badge of parts: each `--part` with the colour, logo and link at its place.
    private func partsRequest(progress: BadgeProgress?) throws(CurveTypeError) -> BadgeRequest {
        if parts.isEmpty { throw .invalidInput("give the badge its parts (\(parameter: "part"), once a part)") }
        if parts.count > BadgeRequest.maximumParts {
            throw .invalidInput("a badge has at most \(BadgeRequest.maximumParts) parts (\(parameter: "part")), not \(parts.count)")
        }
        for (given, name) in [(label, "label"), (message, "message"), (labelColor, "labelColor"), (link, "link"), (labelLink, "labelLink"),
                              (endpoint, "endpoint"), (json, "json")]
        where given != nil {
            throw .invalidInput("give the badge \(parameter: "part"), or its \(parameter: name) and the rest, not both (a part's colour is \(parameter: "partColor"), its link \(parameter: "partLink"))")
        }
        if messageColor != nil && progress == nil {
            throw .invalidInput("a badge of \(parameter: "part") takes each part's colour from \(parameter: "partColor"), not \(parameter: spellings.typed("messageColor"))")
        }
        if logo != nil && !partLogos.isEmpty { throw .invalidInput("give \(parameter: "logo") (the first part's) or \(parameter: "partLogo"), not both") }
        for (list, name) in [(partColors, "partColor"), (partLogos, "partLogo"), (partLinks, "partLink")] where list.count > parts.count {
            throw .invalidInput("\(list.count) \(parameter: name) for \(parts.count) \(parameter: "part"): give one a part at most")
        }
        let logos = partLogos.isEmpty && logo != nil ? [logo ?? ""] : partLogos
        if logoColor != nil && logos.allSatisfy(\.isEmpty) {
            throw .invalidInput("\(parameter: "logoColor") applies to a logo: give \(parameter: "partLogo") too")
        }
        var drawn: [BadgePart] = []
        for (index, text) in parts.enumerated() {
            func at(_ list: [String]) -> String? { index < list.count && !list[index].isEmpty ? list[index] : nil }
            drawn.append(BadgePart(
                text,
                color: try at(partColors).map { c throws(CurveTypeError) in try badgePaint(c, option: "partColor") },
                logo: try at(logos).map { text throws(CurveTypeError) in
                    try naming(logos == partLogos ? "partLogo" : "logo") { () throws(CurveTypeError) in try BadgeLogo(argument: text) }
                },
                link: at(partLinks)))
        }
        var request = BadgeRequest(parts: drawn, columns: columns, style: style ?? .flat, progress: progress)
        request.logoSize = logoSize ?? .square
        request.logoWidth = logoWidth
        try setShared(&request, logoColor: logoColor)
        return request
    }

    static let fields: [OptionField<BadgeOptions>] = [
        .text("label", \.label, .content, default: "none", "The left half's text; empty for a message-only badge."),
        .text("message", \.message, .content, default: "the percentage with --progress", "The right half's text (needed unless --part, --progress, --endpoint or --json gives it)."),
        .text("messageColor", \.messageColor, .color, type: .color, aliases: ["color"], default: "brightgreen",
              "The message half's colour: shields' names (brightgreen, success, …), bare hex (4c1) or a CSS colour."),
        .text("labelColor", \.labelColor, .color, type: .color, default: "#555", "The label half's colour."),
        .choice("style", \.style, .shape, default: "flat", "shields' style: flat, flat-square, plastic, for-the-badge or social."),
        .text("link", \.link, .content, type: .url, "Where the badge links (with --label-link: the message half): an http, https or mailto URL."),
        .text("labelLink", \.labelLink, .content, type: .url, "Where the label half links."),
        .text("logo", \.logo, .content, type: .logo,
              "A simple-icons name (github, python; see curvetype logos), an SVG, PNG or JPEG file, or a data: URL of one."),
        .text("logoColor", \.logoColor, .color, type: .color, default: "a named logo's brand colour", "Paint the whole logo in this colour."),
        .choice("logoSize", \.logoSize, .shape, default: "square", "square: a 14 px box, as shields draws; auto: the logo's own proportions, 14 px high."),
        .number("logoWidth", \.logoWidth, .shape, unit: "px", range: .from(0, to: 100), slider: 0...100, default: "14 px",
                "The logo box's width. (shields' logoWidth, which shields has ignored in its addresses since 2025, as readme-badges and the server's shields routes do.)"),
        .text("title", \.title, .content, default: "label: message", "The accessible name and <title>."),
        OptionField.texts("part", \.parts, .content,
               "A part's text, once a part in order: a badge of several parts, instead of --label and --message (two parts draw as they do)."),
        .texts("partColor", \.partColors, .color, type: .color,
               "A part's colour, once a part in the order of --part; empty or missing: #555 for the first part, brightgreen for the others."),
        .texts("partLogo", \.partLogos, .content, type: .logo, "A part's logo (as --logo), once a part in order; empty: none."),
        .texts("partLink", \.partLinks, .content, type: .url,
               "A part's link, once a part in order; empty: none. A link on the last part alone covers the whole badge."),
        .integer("columns", \.columns, .shape, range: .from(1, to: Double(BadgeRequest.maximumColumns)), slider: 1...8, default: "every part in one row",
                 "Parts in a row: a grid, each row a badge, every column as wide as its widest part."),
        .text("progress", \.progress, .content,
              "A bar in the message part filled to this share: 0.75 or 75%. The message defaults to the percentage; the fill to shields' coverage colours (or --message-color)."),
        .flag("progressGradient", \.progressGradient, .color, "Fill the bar with a gradient from red through yellow to brightgreen, across the whole bar."),
        .text("trackColor", \.trackColor, .color, type: .color, default: "lightgrey", "The bar's unfilled part."),
        .choice("theme", \.theme, .color,
                "shields: its colours exactly; light: text readable at WCAG 4.5:1; dark: colours darkened for dark pages; auto: one SVG that follows the reader's prefers-color-scheme (PNG and PDF draw light)."),
        .text("endpoint", \.endpoint, .content, type: .file,
              "A shields endpoint JSON file (schemaVersion 1) to draw: its label, message, colours, logo and style, under the options given (an isError file keeps its colours)."),
        .text("json", \.json, .content, type: .file, "A JSON file (- for standard input) whose value at --query is the message."),
        .text("query", \.query, .content, queries: false, "Where in --json the message is: $.total.percent, $['name'][0], $.list[*] (several values are joined by \", \")."),
        .text("prefix", \.prefix, .content, queries: false, "Text before the --json value."),
        .text("suffix", \.suffix, .content, queries: false, "Text after the --json value, such as %."),
    ] + lifted(TextFontOptions.fields, into: \.fonts) + lifted(DocumentOptions.fields, into: \.document)
}

extension BadgeOptions: DeclaredOptions, SpelledOptions {}

/// `curvetype seal`'s options.
public struct SealOptions: Sendable, Equatable {
    /// Text round the ring, spread evenly over the whole circle, its middle at the top (`--ring`).
    public var ring: String?
    /// Arcs read clockwise at the top, once a ring from the outside in (`--top`, repeated).
    public var top: [String] = []
    /// Arcs read counter-clockwise, upright at the bottom, once a ring (`--bottom`, repeated).
    public var bottom: [String] = []
    /// The top arcs' and the bottom arcs' settings: `--top-angle`, `--top-align`, `--top-sweep`,
    /// `--top-size`, `--top-tracking`, `--top-font`, `--top-color`, and the same for `--bottom-…`.
    public var topArc = ArcOptions(), bottomArc = ArcOptions()
    /// Text at the middle of each gap between a ring's arcs (★, ●, ◆) (`--separator`).
    public var separator: String?
    /// A logo at the middle of each gap instead (`--separator-logo`).
    public var separatorLogo: String?
    /// The separator's or separator logo's height, px (`--separator-size`).
    public var separatorSize: Double?
    /// Borders from the outside in: STYLE[:WIDTH] (`--border`, repeated).
    public var borders: [String] = []
    /// The centre text; `\n` (backslash, n) breaks a line.
    public var center: String?
    /// A logo in the centre, above the centre text (`--center-logo`).
    public var centerLogo: String?
    /// The centre logo's height, px, which stands it at the seal's centre (`--center-logo-size`).
    public var centerLogoSize: Double?
    /// Outer radius in px; `nil`: 80 px, or larger where the ring text needs room (`--radius`).
    public var radius: Double?
    /// Space between a ring's text and its borders, px (`--gap`).
    public var gap: Double?
    /// `RXxRY`: an elliptical seal with these semi-axes in px, instead of `--radius`.
    public var ellipse: String?
    /// Ring text size in px (default 15% of the radius) (`--ring-size`).
    public var ringSize: Double?
    /// A name seal of these characters (`--name`).
    public var name: String?
    /// A name seal's grid, COLUMNSxROWS (`--grid`).
    public var grid: String?
    /// A name seal's shape (`--shape`).
    public var shape = NameSealShape.square
    /// The text's font options: `--font`, `--face-index`, `--features`, `--fallback-font` and
    /// `--variations`.
    public var fonts = TextFontOptions()
    /// Font of the centre text (default: the ring's font) (`--center-font`).
    public var centerFont: String?
    /// Rings and text colour (badge names, hex or CSS) (`--ink-color`; `--color` is the badge's
    /// message colour).
    public var inkColor = "blue"
    /// Centre text colour (default: --ink-color) (`--center-color`).
    public var centerColor: String?
    /// `none` for no background.
    public var background = "white"
    /// Mirror the drawing, as a rubber stamp is cut (`--mirror`).
    public var mirror = false
    /// Which way the ring text's glyphs stand (`--orientation`): sideways along the ring, or
    /// upright in vertical writing.
    public var orientation = GlyphOrientation.sideways
    /// What the room of arcs with a sweep stretches (`--justify`): the gaps, or Arabic words
    /// by kashida.
    public var justify = Justification.gaps
    /// Ink and background swapped, for an engraved plate (`--negative`).
    public var negative = false
    /// The accessible name and <title> (default "centre — ring") (`--title`).
    public var title: String?
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()

    /// A name seal's outline.
    public enum NameSealShape: String, Sendable, CaseIterable {
        /// A square with slightly rounded corners.
        case square
        /// A circle, or an ellipse with `--ellipse`.
        case round
    }

    /// Every option at its default, as the command line starts.
    public init() {}

    /// One side's arc settings.
    public struct ArcOptions: Sendable, Equatable {
        /// Degrees clockwise from 12 o'clock (default: 0 at the top, 180 at the bottom).
        public var angle: Double?
        /// Which edge of the text lies at the angle.
        public var align = TextAlignment.center
        /// Spread the text over this many degrees.
        public var sweep: Double?
        /// Text size, px (default: --ring-size).
        public var size: Double?
        /// Extra px between letters when not spread.
        public var tracking = 0.0
        /// Font (default: --font).
        public var font: String?
        /// Colour (default: --ink-color).
        public var color: String?
        /// Squeeze the letters narrower where the text is longer than its sweep.
        public var squeeze = false

        /// Every setting at its default.
        public init() {}

        /// The first setting given (`Angle`, `Sweep`, …), to name it where no arc takes it.
        var givenSetting: String? {
            let fresh = ArcOptions()
            let given: [(Bool, String)] = [(angle != nil, "Angle"), (align != fresh.align, "Align"), (sweep != nil, "Sweep"), (size != nil, "Size"),
                                           (tracking != fresh.tracking, "Tracking"), (font != nil, "Font"), (color != nil, "Color"),
                                           (squeeze, "Squeeze")]
            return given.first(where: \.0)?.1
        }

        /// The arc of `text` on `side`.
        func arc(_ text: String, side: SealArcSide) throws(CurveTypeError) -> SealArc {
            var arc = SealArc(text, side: side, angle: angle, align: align, sweep: sweep, tracking: tracking, size: size,
                              font: font.map { FontRequest(argument: $0) },
                              color: try color.map { c throws(CurveTypeError) in try badgePaint(c, option: side.rawValue + "Color") })
            arc.squeeze = squeeze
            return arc
        }

        static func fields(_ side: SealArcSide) -> [OptionField<ArcOptions>] {
            let name = side.rawValue
            return [
                .number(name + "Angle", \.angle, .text, unit: "°", slider: -180...360, default: side == .top ? "0 (12 o'clock)" : "180 (6 o'clock)",
                        "Where the \(name) arcs are anchored, clockwise from 12 o'clock."),
                .choice(name + "Align", \.align, .text, named: TextAlignment.init(named:), "Which edge of the \(name) text lies at its angle: start, center or end."),
                .number(name + "Sweep", \.sweep, .text, unit: "°", range: .positive(upTo: 360), slider: 10...360, default: "natural spacing",
                        "Spread the \(name) text over this many degrees."),
                .number(name + "Size", \.size, .text, unit: "px", slider: 4...60, default: "--ring-size", "The \(name) text's size."),
                .number(name + "Tracking", \.tracking, .text, unit: "px", slider: -5...30,
                        "Extra space between the \(name) text's letters, when not spread by a sweep."),
                .text(name + "Font", \.font, .font, type: .font, default: "--font", "The \(name) text's font."),
                .text(name + "Color", \.color, .color, type: .color, default: "--ink-color", "The \(name) text's colour."),
                .flag(name + "Squeeze", \.squeeze, .text,
                      "Where the \(name) text is longer than its sweep, squeeze its letters narrower to fit (as official seals set a name round 210–240°) rather than refuse it."),
            ]
        }
    }

    /// The request these options describe. Throws when a value is refused, naming the option as it
    /// was typed.
    public func request() throws(CurveTypeError) -> SealRequest {
        var (rx, ry): (Double?, Double?) = (radius, nil)
        if let ellipse {
            if radius != nil { throw .invalidInput("give \(parameter: "radius") or \(parameter: "ellipse"), not both") }
            guard let (a, b) = numberPair(ellipse), a.isFinite, b.isFinite else {
                throw .invalidInput("\(parameter: "ellipse") must be RXxRY in px, such as 120x80, not \"\(Diagnostic.escaped(String(ellipse.prefix(40))))\"")
            }
            (rx, ry) = (a, b)
        }
        var request = SealRequest(
            ring: "", center: center ?? "", radius: rx, radiusY: ry, ringSize: ringSize, gap: gap,
            font: try fonts.givenRequest(), centerFont: centerFont.map { FontRequest(argument: $0) },
            fallbackFonts: fonts.fallbacks, features: try fonts.parsedFeatures(), color: try badgePaint(inkColor, option: "inkColor"),
            centerColor: try centerColor.map { c throws(CurveTypeError) in try badgePaint(c, option: "centerColor") },
            background: background.lowercased() == "none" ? nil : try badgePaint(background, option: "background"),
            mirror: mirror, negative: negative, title: title, glyphs: document.glyphs.drawing)
        if let centerLogo { request.centerLogo = try naming("centerLogo") { () throws(CurveTypeError) in try BadgeLogo(argument: centerLogo) } }
        if let size = centerLogoSize {
            guard centerLogo != nil else { throw .invalidInput("\(parameter: "centerLogoSize") \(px: size) sizes the centre logo: give \(parameter: "centerLogo")") }
            request.centerLogoSize = size
        }
        let borders = try self.borders.enumerated().map { index, text throws(CurveTypeError) in
            try naming("border") { () throws(CurveTypeError) in try SealBorder(parsing: text, width: index == 0 ? 3 : 1.5) }
        }
        try checkArcOptions()
        if let name {
            let ringOptions: [(Bool, String)] = [(ring != nil, "ring"), (!top.isEmpty, "top"), (!bottom.isEmpty, "bottom"), (center != nil, "center"),
                                                 (centerLogo != nil, "centerLogo"), (separator != nil, "separator"), (separatorLogo != nil, "separatorLogo"), (separatorSize != nil, "separatorSize"), (centerLogoSize != nil, "centerLogoSize"),
                                                 (borders.count > 1, "border"), (gap != nil, "gap"), (centerColor != nil, "centerColor"),
                                                 (centerFont != nil, "centerFont"), (orientation != .sideways, "orientation"),
                                                 (justify != .gaps, "justify")]
            if let (_, option) = ringOptions.first(where: \.0) {
                throw .invalidInput("a name seal (\(parameter: "name")) holds its characters only: leave out \(parameter: option)\(option == "border" ? " but one" : "")")
            }
            var columns: Int?, rows: Int?
            if let grid {
                // Whole numbers only: a grid of 2.5 columns is no grid.
                guard let (a, b) = numberPair(grid), let c = Int(exactly: a), let r = Int(exactly: b) else {
                    throw .invalidInput("\(parameter: "grid") must be COLUMNSxROWS, such as 2x2, not \"\(Diagnostic.escaped(String(grid.prefix(40))))\"")
                }
                (columns, rows) = (c, r)
            }
            request.name = NameSeal(name, columns: columns, rows: rows, square: shape == .square, border: borders.first)
            return request
        }
        if center == nil, let unused = centerColor != nil ? "centerColor" : centerFont != nil ? "centerFont" : nil {
            throw .invalidInput("\(parameter: unused) sets the centre text: give \(parameter: "center") too")
        }
        if grid != nil { throw .invalidInput("\(parameter: "grid") arranges a name seal's characters: give \(parameter: "name") too") }
        if orientation != .sideways && ring == nil && top.isEmpty && bottom.isEmpty {
            throw .invalidInput("\(parameter: "orientation") stands the ring text's glyphs: give \(parameter: "ring"), \(parameter: "top") or \(parameter: "bottom")")
        }
        request.orientation = orientation
        if justify == .kashida && ring == nil && topArc.sweep == nil && bottomArc.sweep == nil {
            throw .invalidInput("kashida stretches words to fill a sweep: give \(parameter: "ring"), \(parameter: "topSweep") or \(parameter: "bottomSweep")")
        }
        request.justify = justify
        if shape != .square { throw .invalidInput("\(parameter: "shape") is a name seal's: give \(parameter: "name") too") }
        guard ring != nil || !top.isEmpty || !bottom.isEmpty || center != nil || centerLogo != nil else {
            throw .invalidInput("give the seal its text: \(parameter: "top") and \(parameter: "bottom") arcs, a \(parameter: "ring"), a \(parameter: "center"), or a \(parameter: "name") for a name seal")
        }
        let separatorLogo = try self.separatorLogo.map { text throws(CurveTypeError) in
            try naming("separatorLogo") { () throws(CurveTypeError) in try BadgeLogo(argument: text) }
        }
        try request.setRings(ring: ring, top: top.map { text throws(CurveTypeError) in try topArc.arc(text, side: .top) },
                             bottom: bottom.map { text throws(CurveTypeError) in try bottomArc.arc(text, side: .bottom) },
                             separator: separator, separatorLogo: separatorLogo, separatorSize: separatorSize, borders: borders)
        return request
    }

    /// Refuses a side's settings given without an arc on that side.
    private func checkArcOptions() throws(CurveTypeError) {
        for (arcs, options, side) in [(top, topArc, "top"), (bottom, bottomArc, "bottom")] where arcs.isEmpty {
            if let setting = options.givenSetting {
                throw .invalidInput("\(parameter: side + setting) sets \(side) arcs: give \(parameter: side) TEXT")
            }
        }
        if let size = ringSize, ring == nil, top.isEmpty, bottom.isEmpty {
            throw .invalidInput("\(parameter: "ringSize") \(shortestDigits(size)) sizes ring text: give \(parameter: "ring"), \(parameter: "top") or \(parameter: "bottom")")
        }
    }

    static let fields: [OptionField<SealOptions>] = [
        .text("ring", \.ring, .content, "Text round the ring, spread evenly over the whole circle, its middle at the top."),
        .texts("top", \.top, .content, "An arc read clockwise along the top, once a ring from the outside in."),
        .texts("bottom", \.bottom, .content, "An arc read upright along the bottom (counter-clockwise), once a ring, sharing the ring of the same --top."),
    ] + lifted(ArcOptions.fields(.top), into: \.topArc) + lifted(ArcOptions.fields(.bottom), into: \.bottomArc) + [
        .text("separator", \.separator, .content, default: "none", "Text at the middle of each gap between a ring's arcs: ★, ●, ◆."),
        .text("separatorLogo", \.separatorLogo, .content, type: .logo, default: "none", "A logo at the middle of each gap instead: a simple-icons name, an SVG, PNG or JPEG file."),
        .number("separatorSize", \.separatorSize, .text, unit: "px", range: .positive(upTo: 1000), slider: 2...40, default: "70 % of the ring text's height",
                "The separator's height (its ink's, or the logo's), at most a third of the radius."),
        .texts("border", \.borders, .shape, trailingLength: true,
               "A border, from the outside in (one outside each text ring, then the inner one): solid, double, dotted, dashed, milled (a coin's edge), serrated (teeth), none or glyphs:TEXT, with :WIDTH in px (3 outside, 1.5 within)."),
        OptionField.text("center", \.center, .content, default: "none", "The centre text; each line feed starts a line.").with { $0.lines = true },
        .text("centerLogo", \.centerLogo, .content, type: .logo, default: "none", "A logo in the centre, above the centre text: a simple-icons name, an SVG, PNG or JPEG file."),
        .number("centerLogoSize", \.centerLogoSize, .shape, unit: "px", range: .positive(upTo: 4000), slider: 10...200, default: "sized with the centre text",
                "The centre logo's height: it then stands at the seal's centre (an official seal's star), the centre text fitted below it."),
        .number("radius", \.radius, .shape, unit: "px", range: .from(10, to: 2000), slider: 10...300,
                default: "80 px, or larger where the ring text needs room", "Outer radius."),
        .number("gap", \.gap, .shape, unit: "px", range: .from(0, to: 100), slider: 0...20, default: "30 % of the ring text's size, at least 2 px",
                "Space between a ring's text and the borders either side."),
        .text("ellipse", \.ellipse, .shape, type: .size, default: "a circle of --radius", "RXxRY: an elliptical seal with these semi-axes in px, instead of --radius."),
        .number("ringSize", \.ringSize, .text, unit: "px", slider: 4...60, default: "15 % of --radius; 12 px without one",
                "Ring text size, from 2 px to a third of the radius."),
        .text("name", \.name, .content, default: "none", "A name seal (inkan) of 1 to 9 characters, read in columns from the right, each filling its cell, stretched at most 1.5:1."),
        .text("grid", \.grid, .shape, default: "from the count: 1–3 one column, 4 2x2, 5–6 2x3, 7–9 3x3", "A name seal's columns and rows, COLUMNSxROWS."),
        .choice("shape", \.shape, .shape, "A name seal's outline: square or round."),
    ] + lifted(TextFontOptions.fields, into: \.fonts) + [
        .text("centerFont", \.centerFont, .font, type: .font, default: "the ring's font", "Font of the centre text."),
        OptionField.text("inkColor", \.inkColor, .color, type: .color, "Rings and text: shields' names, bare hex or a CSS colour.")
            .with { $0.retiredNames = ["color"] },
        .text("centerColor", \.centerColor, .color, type: .color, default: "--ink-color", "The centre text's colour."),
        .text("background", \.background, .color, type: .color, "Inside the seal, or none."),
        .choice("orientation", \.orientation, .text, GlyphOrientation.help),
        .choice("justify", \.justify, .text, Justification.help),
        .flag("mirror", \.mirror, .shape, "Mirror the drawing left to right, as a rubber stamp is cut."),
        .flag("negative", \.negative, .color, "Fill the seal with the ink and draw its text and borders in the background colour, as an engraved plate."),
        .text("title", \.title, .content, default: "centre — ring", "The accessible name and <title>."),
    ] + lifted(DocumentOptions.fields, into: \.document)
}

extension SealOptions: DeclaredOptions {}

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
    /// The radius fitted to the text, so it goes once round (`--radius auto`).
    public var radiusAuto = false
    /// Degrees, 0 at 12 o'clock, clockwise.
    public var start = 0.0
    /// Which edge of the text sits at the start angle: start, center or end (left, right, leading
    /// and trailing also work) (`--align`). `center` by default: centred on 12 o'clock, as
    /// CircleType and most circle-text tools set it.
    public var align = TextAlignment.center
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
    /// How glyphs follow the circle (`--effect`): auto bends words of joined writing as one.
    public var effect = CurveGlyphs.auto
    /// Which way glyphs stand (`--orientation`): sideways along the circle, or upright in
    /// vertical writing.
    public var orientation = GlyphOrientation.sideways
    /// What the sweep's room stretches (`--justify`): the gaps, or Arabic words by kashida.
    public var justify = Justification.gaps
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
            throw .invalidInput("\(parameter: "sweep") chooses the tracking: give \(parameter: "sweep") or \(parameter: "tracking"), not both")
        }
        guard let text = try commandText(text, file: textFile) else {
            throw .invalidInput("give the text, or \(parameter: "textFile")")
        }
        var request = CircleTextRequest(
            text: text,
            font: try fonts.request(), features: try fonts.parsedFeatures(), fallbackFonts: fonts.fallbacks,
            style: CircleTextStyle(
                size: size, radius: radius, start: start, align: align, side: side,
                tracking: tracking ?? 0, sweep: sweep, baselineShift: baselineShift,
                allowOverlap: allowOverlap),
            fill: try paint(textColor, option: spellings.typed("textColor")), glyphs: document.glyphs.drawing,
            canvas: try canvas.map { text throws(CurveTypeError) in try CanvasSize(parsing: text) }, padding: padding,
            background: try background.map { c throws(CurveTypeError) in try paint(c, option: "background") })
        request.fitsRadius = radiusAuto
        request.curveGlyphs = effect
        request.orientation = orientation
        request.justify = justify
        return request
    }

    static let fields: [OptionField<CircleOptions>] = [
        .argument("text", \.text, command: "circle", "The text to set (-- before text that starts with -)."),
        .text("textFile", \.textFile, .content, type: .file, "Read the text from this file, or - for standard input."),
        .number("size", \.size, .text, unit: "px", range: .positive(upTo: lengthLimit), slider: 4...96, "Font size."),
        .number("radius", \.radius, orAuto: \.radiusAuto, .shape, unit: "px", range: .positive(upTo: lengthLimit), slider: 10...400,
                "Radius of the baseline circle; auto: the one the text goes once round, a space's room where it meets itself."),
        .number("start", \.start, .shape, unit: "°", slider: -180...180,
                "Angle of the anchor: 0 at 12 o'clock, clockwise positive (SwiftUI's rotationEffect)."),
        .choice("align", \.align, .text, named: TextAlignment.init(named:),
                "Which edge of the text sits at the anchor: start, center or end (left, leading, right, trailing, centre and middle also work)."),
        .choice("side", \.side, .text,
                "outside: tops away from the centre, runs clockwise; inside: tops toward the centre, runs counterclockwise (upright at the bottom)."),
        .number("tracking", \.tracking, .text, unit: "px", slider: -5...30, default: "0 px",
                "Extra space after each cluster but the last (CSS letter-spacing)."),
        .number("sweep", \.sweep, .text, unit: "°", range: .positive(upTo: 360), slider: 10...360,
                "Choose the tracking so the text fills this many degrees; 360 spaces it evenly round the circle."),
        .number("baselineShift", \.baselineShift, .text, unit: "px", slider: -40...40,
                "Move the text along the normal; positive toward the glyph tops (CSS)."),
        .flag("allowOverlap", \.allowOverlap, .text, "Allow text longer than the circle (or the sweep) to overlap itself."),
        .choice("effect", \.effect, .text, CurveGlyphs.help),
        .choice("orientation", \.orientation, .text, GlyphOrientation.help),
        .choice("justify", \.justify, .text, Justification.help),
    ] + lifted(TextFontOptions.fields, into: \.fonts) + [
        .text("textColor", \.textColor, .color, type: .color, aliases: ["fill"],
              "The text's colour: a CSS colour (a name, #rgb, #rrggbbaa, rgb(), hsl(), hwb()) or currentColor, the page's text colour."),
        .text("background", \.background, .color, type: .color, default: "transparent", "A colour under the whole canvas."),
        .text("canvas", \.canvas, .shape, type: .size, default: "fitted to the ink",
              "A fixed canvas in px, the circle's centre in its middle."),
        .number("padding", \.padding, .shape, unit: "px", range: .from(0, to: lengthLimit), slider: 0...60, "Space round the ink when the canvas is fitted to it."),
    ] + lifted(DocumentOptions.fields, into: \.document)
}

extension CircleOptions: DeclaredOptions, SpelledOptions {}
