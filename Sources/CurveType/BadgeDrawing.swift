#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BadgeRequest {
    /// Shapes the label and message, places them by shields' geometry and writes the SVG.
    public func render() throws(CurveTypeError) -> BadgeResult {
        try TextInput.checkLength(label, "the label")
        try TextInput.checkLength(message, "the message")
        if let title { try TextInput.checkLength(title, "the title") }
        let format = try lifting { try SVGNumberFormat(precision: precision) }
        var warnings: [CurveTypeWarning] = []

        // shields trims both texts; the style may change their case before they are measured.
        let (cleanLabel, removedLabel) = TextInput.clean(TextInput.trimmed(label))
        let (cleanMessage, removedMessage) = TextInput.clean(TextInput.trimmed(message))
        var label = TextInput.trimmed(cleanLabel)
        var message = TextInput.trimmed(cleanMessage)
        // An empty message is an empty right half, as shields draws `/badge/version- -blue`.
        switch style {
        case .forTheBadge:
            label = label.uppercased()
            message = message.uppercased()
        case .social:
            if let first = label.first { label = first.uppercased() + label.dropFirst() }
        default: break
        }
        var links: (label: String?, message: String?) = (nil, nil)
        if let labelLink { links.label = try BadgeLink.validated(labelLink, option: "label link") }
        if let link { links.message = try BadgeLink.validated(link, option: "link") }

        let size = style == .forTheBadge ? 10.0 : 11.0
        let regular = font ?? .default
        let bold = Self.boldVariant(of: regular)
        let labelFont = style == .social ? bold : regular
        let messageFont = style == .social || style == .forTheBadge ? bold : regular
        var labelRun: ShapedRun?
        if !label.isEmpty {
            let (run, said) = try shape(label, font: labelFont, fallbacks: fallbackFonts, features: features, removed: removedLabel)
            labelRun = run
            warnings += said.map { $0.of("label") }
        }
        var messageRun: ShapedRun?
        if !message.isEmpty {
            let (run, said) = try shape(message, font: messageFont, fallbacks: fallbackFonts, features: features, removed: removedMessage)
            messageRun = run
            warnings += said.map { $0.of("message") }
        } else if removedMessage > 0 {
            warnings.append(CurveTypeWarning(.controlCharactersRemoved, "removed \(removedMessage) control characters, leaving it empty", part: "message"))
        }

        if let logoWidth, !(logoWidth.isFinite && (0...100).contains(logoWidth)) {
            throw .invalidInput("the logo width must be 0–100 px, not \(shortestDigits(logoWidth))")
        }
        if logoColor != nil, let logo, case .image = logo.drawing {
            throw .invalidInput("a logo colour cannot recolour a PNG or JPEG logo")
        }
        let preparedLogo = logo.map { $0.prepared(style: style, color: logoColor, size: logoSize) }
        let logoBoxWidth = preparedLogo.map { self.logoWidth ?? $0.width }
        let geometry = BadgeGeometry(
            style: style,
            labelWidth: labelRun.map { advanceWidth(of: $0, size: size) } ?? 0,
            labelCount: labelRun.map(clusterCount) ?? 0,
            messageWidth: messageRun.map { advanceWidth(of: $0, size: size) } ?? 0, messageCount: messageRun.map(clusterCount) ?? 0,
            logoWidth: logoBoxWidth, labelColorGiven: labelColor != nil)
        let tracking = style == .forTheBadge ? 1.25 : 0
        let line = LineCurve(origin: Point(x: 0, y: geometry.baseline), length: geometry.width)
        let labelLayout = labelRun.map {
            layOut($0, size: size, along: line, anchor: geometry.labelCenter, align: .center, tracking: tracking, baselineShift: 0)
        }
        let messageLayout = messageRun.map {
            layOut($0, size: size, along: line, anchor: geometry.messageCenter, align: .center, tracking: tracking, baselineShift: 0)
        }

        let accessible = title.map { TextInput.clean($0).text } ?? (label.isEmpty ? message : "\(label): \(message)")
        var identity = [
            label, message, color?.value ?? "", labelColor?.value ?? "", style.rawValue, regular.description,
            joinedByHand(fallbackFonts.map(\.description), separator: ","), link ?? "", labelLink ?? "",
            logo?.source ?? "", logoColor?.value ?? "", accessible, glyphs.rawValue, "\(precision)",
        ]
        // Only when set, so the ids of badges made before these options stay as they were.
        if logoSize != .square || self.logoWidth != nil { identity += [logoSize.rawValue, self.logoWidth.map(shortestDigits) ?? ""] }
        let prefix = idPrefix ?? derivedIDPrefix(identity)
        let drawing = BadgeDrawing(
            request: self, geometry: geometry, label: labelLayout, message: messageLayout, logo: preparedLogo?.drawing,
            links: links, accessible: accessible,
            family: font == nil ? "DejaVu Sans,Verdana,Geneva,sans-serif" : ((messageRun ?? labelRun)?.fonts.first).map(cssFamily) ?? "sans-serif")
        var writer = try lifting { try SVGWriter(format: format, idPrefix: prefix, expectedBytes: 6144) }
        try lifting { try drawing.write(into: &writer) }
        if let removed = logo?.svg?.removed, !removed.isEmpty {
            warnings.append(CurveTypeWarning(
                .logoContentRemoved,
                "removed from the logo: \(removed.prefix(8).joined(separator: ", "))\(removed.count > 8 ? ", …" : "")"))
        }
        return BadgeResult(svg: writer.finish(), style: style, geometry: geometry,
                           label: label, message: message, warnings: warnings)
    }

    /// The bold face that goes with `font`: bundled DejaVu Sans Bold for the bundled regular,
    /// `:bold` added to a Fontconfig pattern, and the same file for a font file (which names
    /// exactly one face).
    static func boldVariant(of font: FontRequest) -> FontRequest {
        switch font {
        case .bundled(.sans): return .bundled(.sansBold)
        case .bundled(.mono): return .bundled(.monoBold)
        case .bundled, .file: return font
        case .family(let pattern): return pattern.lowercased().contains("bold") ? font : .family(pattern + ":bold")
        case .varied(let base, let variations): return .varied(boldVariant(of: base), variations)
        }
    }
}

/// Link targets a badge may carry.
enum BadgeLink {
    /// `url` if it is an http, https or mailto URL with no spaces or control characters.
    static func validated(_ url: String, option: String) throws(CurveTypeError) -> String {
        let trimmed = url.trimmed()
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw .invalidInput("the \(option) holds spaces or control characters (percent-encode them)")
        }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("mailto:"), trimmed.count > 7 { return trimmed }
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            let host = lower.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            guard !host.isEmpty else { throw .invalidInput("the \(option) has no host: \(trimmed)") }
            return trimmed
        }
        throw .invalidInput("the \(option) must be an http, https or mailto URL, not \"\(trimmed.prefix(60))\"")
    }
}

/// The SVG of one badge: background by style, logo, and each half's text with its link.
private struct BadgeDrawing {
    let request: BadgeRequest
    let geometry: BadgeGeometry
    let label: CurveTextLayout?
    /// `nil` for an empty message.
    let message: CurveTextLayout?
    /// The logo as drawn (coloured and framed), if there is one.
    let logo: BadgeLogo.Drawing?
    /// Validated label and message links.
    let links: (label: String?, message: String?)
    let accessible: String
    /// The CSS font-family list of text mode.
    let family: String

    var style: BadgeStyle { request.style }
    var color: SVGColor { request.color ?? BadgeDrawing.brightgreen }
    var labelColor: SVGColor {
        guard geometry.hasLabelBox else { return color }
        return request.labelColor ?? BadgeDrawing.grey
    }

    static let brightgreen = SVGColor(red: 0x44, green: 0xCC, blue: 0x11)
    static let grey = SVGColor(red: 0x55, green: 0x55, blue: 0x55)

    func write(into writer: inout SVGWriter) throws {
        let g = geometry
        let hasLinks = links.label != nil || links.message != nil
        try writer.startDocument(width: g.width, height: g.height, label: accessible, isImage: !hasLinks)
        let layouts = [label, message].compactMap { $0 }
        let glyphs = request.glyphs == .outlines ? try GlyphReferences(defining: layouts, into: &writer) : nil
        try background(into: &writer)
        // One link alone (the usual README badge) covers the whole badge.
        let wholeLink = links.label == nil ? links.message : nil
        if let wholeLink { startLink(wholeLink, into: &writer) }
        if let logo, let box = g.logo {
            switch logo {
            case .svg(let svg): try writer.embed(svg, x: box.minX, y: box.minY, width: box.width, height: box.height)
            case .image(let image): try writer.embed(image, x: box.minX, y: box.minY, width: box.width, height: box.height)
            }
        }
        if let label {
            let colors = textColors(on: labelColor)
            if let link = links.label {
                startLink(link, into: &writer)
                try writer.rect(x: 0, y: 0, width: g.leftWidth, height: g.height, [("fill", "#000"), ("fill-opacity", "0")])
            }
            try text(label, index: 0, glyphs: glyphs, center: g.labelCenter,
                     bold: style == .social, colors: colors, into: &writer)
            if links.label != nil { writer.close("a") }
        }
        let messageIndex = label == nil ? 0 : 1
        if wholeLink == nil, let link = links.message {
            startLink(link, into: &writer)
            try writer.rect(x: g.leftWidth, y: 0, width: g.rightWidth, height: g.height, [("fill", "#000"), ("fill-opacity", "0")])
        }
        if let message {
            try text(message, index: messageIndex, glyphs: glyphs, center: g.messageCenter,
                     bold: style == .social || style == .forTheBadge, colors: textColors(on: color), into: &writer)
        }
        if links.message != nil { writer.close("a") }
    }

    /// Text and shadow colours of a half; `nil` shadow where the style has none.
    func textColors(on background: SVGColor) -> (text: String, shadow: (color: String, opacity: String)?) {
        switch style {
        case .social: return ("#333", ("#fff", "1"))
        case .flatSquare, .forTheBadge: return (BadgeColor.text(on: background).text, nil)
        case .flat, .plastic:
            let c = BadgeColor.text(on: background)
            return (c.text, (c.shadow, ".3"))
        }
    }

    func startLink(_ url: String, into writer: inout SVGWriter) {
        writer.element("a", [("xlink:href", url), ("target", "_blank"), ("aria-label", accessible)], empty: false)
    }

    func url(_ name: String, _ writer: SVGWriter) -> String { "url(#\(writer.idPrefix)-\(name))" }

    func background(into writer: inout SVGWriter) throws {
        let g = geometry
        let w = try writer.value(g.width), h = try writer.value(g.height)
        switch style {
        case .flat, .plastic:
            let stops: [[(name: String, value: String)]] = style == .flat
                ? [[("offset", "0"), ("stop-color", "#bbb"), ("stop-opacity", ".1")], [("offset", "1"), ("stop-opacity", ".1")]]
                : [[("offset", "0"), ("stop-color", "#fff"), ("stop-opacity", ".7")],
                   [("offset", ".1"), ("stop-color", "#aaa"), ("stop-opacity", ".1")],
                   [("offset", ".9"), ("stop-color", "#000"), ("stop-opacity", ".3")],
                   [("offset", "1"), ("stop-color", "#000"), ("stop-opacity", ".5")]]
            writer.element("linearGradient", [("id", "\(writer.idPrefix)-s"), ("x2", "0"), ("y2", "100%")], empty: false)
            for stop in stops { writer.element("stop", stop, empty: true) }
            writer.close("linearGradient")
            writer.element("clipPath", [("id", "\(writer.idPrefix)-r")], empty: false)
            writer.element("rect", [("width", w), ("height", h), ("rx", style == .flat ? "3" : "4"), ("fill", "#fff")], empty: true)
            writer.close("clipPath")
            writer.startGroup([("clip-path", url("r", writer))])
            try boxes(into: &writer)
            try writer.rect(x: 0, y: 0, width: g.width, height: g.height, [("fill", url("s", writer))])
            writer.endGroup()
        case .flatSquare, .forTheBadge:
            writer.startGroup([("shape-rendering", "crispEdges")])
            try boxes(into: &writer)
            writer.endGroup()
        case .social:
            writer.element("linearGradient", [("id", "\(writer.idPrefix)-a"), ("x2", "0"), ("y2", "100%")], empty: false)
            writer.element("stop", [("offset", "0"), ("stop-color", "#fcfcfc"), ("stop-opacity", "0")], empty: true)
            writer.element("stop", [("offset", "1"), ("stop-opacity", ".1")], empty: true)
            writer.close("linearGradient")
            let labelRect = g.leftWidth - 1
            let bubble = g.rightWidth - 6
            writer.startGroup([("stroke", "#d5d5d5")])
            try writer.rect(x: 0.5, y: 0.5, width: labelRect, height: 19, [("rx", "2"), ("stroke", "none"), ("fill", "#fcfcfc")])
            try writer.rect(x: labelRect + 6.5, y: 0.5, width: bubble, height: 19, [("rx", "2"), ("fill", "#fafafa")])
            try writer.rect(x: labelRect + 6, y: 7.5, width: 0.5, height: 5, [("stroke", "#fafafa")])
            var notch = Path()
            notch.move(to: Point(x: labelRect + 6.5, y: 6.5))
            notch.line(to: Point(x: labelRect + 3.5, y: 9.5))
            notch.line(to: Point(x: labelRect + 3.5, y: 10.5))
            notch.line(to: Point(x: labelRect + 6.5, y: 13.5))
            try writer.path(notch, [("fill", "#fafafa")])
            writer.endGroup()
            try writer.rect(x: 0.5, y: 0.5, width: labelRect, height: 19, [("rx", "2"), ("stroke", "#d5d5d5"), ("fill", url("a", writer))])
        }
    }

    /// The label and message boxes.
    func boxes(into writer: inout SVGWriter) throws {
        let g = geometry
        if g.leftWidth > 0 {
            try writer.rect(x: 0, y: 0, width: g.leftWidth, height: g.height, [("fill", labelColor.value)])
        }
        try writer.rect(x: g.leftWidth, y: 0, width: g.rightWidth, height: g.height, [("fill", color.value)])
    }

    /// One half's text (and its shadow one px lower): glyph outlines, or a `<text>` centred on
    /// `center` with `textLength` so a viewer with another font keeps the width.
    func text(_ layout: CurveTextLayout, index: Int, glyphs: GlyphReferences?, center: Double,
              bold: Bool, colors: (text: String, shadow: (color: String, opacity: String)?),
              into writer: inout SVGWriter) throws {
        if let glyphs {
            guard let shadow = colors.shadow else {
                writer.startGroup([("fill", colors.text)])
                try glyphs.use(layout: index, into: &writer)
                writer.endGroup()
                return
            }
            // The glyphs once, unpainted; the shadow and the text both use them.
            let name = index == 0 && label != nil ? "label" : "message"
            writer.startDefinitions()
            writer.startGroup([("id", "\(writer.idPrefix)-\(name)")])
            try glyphs.use(layout: index, into: &writer)
            writer.endGroup()
            writer.endDefinitions()
            var attributes: [(name: String, value: String)] = [("xlink:href", "#\(writer.idPrefix)-\(name)"), ("fill", shadow.color)]
            if shadow.opacity != "1" { attributes.append(("fill-opacity", shadow.opacity)) }
            attributes += [("y", "1"), ("aria-hidden", "true")]
            writer.element("use", attributes, empty: true)
            writer.element("use", [("xlink:href", "#\(writer.idPrefix)-\(name)"), ("fill", colors.text)], empty: true)
            return
        }
        var common: [(name: String, value: String)] = [
            ("x", try writer.value(center)), ("font-family", family), ("font-size", try writer.value(layout.size)),
            ("text-anchor", "middle"), ("textLength", try writer.value(layout.extent)), ("xml:space", "preserve"),
        ]
        if bold { common.append(("font-weight", "bold")) }
        // textLength alone is ignored by some viewers (librsvg): say the letter spacing too.
        if layout.tracking != 0 { common.append(("letter-spacing", try writer.value(layout.tracking))) }
        let content = layout.run.text
        if let shadow = colors.shadow {
            var attributes = common + [("y", try writer.value(geometry.baseline + 1)), ("fill", shadow.color)]
            if shadow.opacity != "1" { attributes.append(("fill-opacity", shadow.opacity)) }
            attributes.append(("aria-hidden", "true"))
            writer.elementStart("text", attributes)
            writer.characters(content)
            writer.close("text")
        }
        writer.elementStart("text", common + [("y", try writer.value(geometry.baseline)), ("fill", colors.text)])
        writer.characters(content)
        writer.close("text")
    }
}
