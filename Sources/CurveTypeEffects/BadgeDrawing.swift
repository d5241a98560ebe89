import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
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
        let preparedLogo = try logo.map { logo throws(CurveTypeError) in try logo.prepared(style: style, color: logoColor, size: logoSize) }
        let logoBoxWidth = preparedLogo.map { self.logoWidth ?? $0.width }
        let geometry = BadgeGeometry(
            style: style,
            labelWidth: labelRun.map { advanceWidth(of: $0, size: size) } ?? 0,
            labelCount: labelRun.map(clusterCount) ?? 0,
            messageWidth: messageRun.map { advanceWidth(of: $0, size: size) } ?? 0, messageCount: messageRun.map(clusterCount) ?? 0,
            logoWidth: logoBoxWidth, labelColorGiven: labelColor != nil)
        let tracking = style == .forTheBadge ? 1.25 : 0
        let line = LineCurve(origin: Point(x: 0, y: geometry.baseline), length: geometry.width)
        // Placed glyphs: drawn as outlines, or in text mode kept beside the text for the PNG
        // and PDF writers, which draw the glyphs the viewer's font stands in for.
        func half(_ run: ShapedRun, center: Double) -> BadgeText {
            guard glyphs == .outlines else {
                // Placed only if a PNG or PDF writer asks (an SVG's viewer sets the text).
                let measure: @Sendable (Double) -> GlyphRun = { baseline in
                    let shifted = LineCurve(origin: Point(x: 0, y: baseline), length: line.length)
                    return GlyphRun(layOut(run, size: size, along: shifted, anchor: center, align: .center, tracking: tracking, baselineShift: 0),
                                    withText: true)
                }
                return BadgeText(run: run, layout: nil, measure: measure, extent: extent(of: run, size: size, tracking: tracking),
                                 size: size, tracking: tracking)
            }
            let layout = layOut(run, size: size, along: line, anchor: center, align: .center, tracking: tracking, baselineShift: 0)
            return BadgeText(run: run, layout: layout, measure: nil, extent: layout.extent, size: size, tracking: tracking)
        }
        let labelLayout = labelRun.map { half($0, center: geometry.labelCenter) }
        let messageLayout = messageRun.map { half($0, center: geometry.messageCenter) }

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
            request: self, geometry: geometry, label: labelLayout, message: messageLayout, logo: preparedLogo?.picture,
            links: links, accessible: accessible,
            family: font == nil ? "DejaVu Sans,Verdana,Geneva,sans-serif" : ((messageRun ?? labelRun)?.fonts.first).map(cssFamily) ?? "sans-serif")
        let frame = drawing.frame()
        let svgSettings = try lifting { try SVGSettings(idPrefix: prefix, numbers: format, expectedBytes: 6144) }
        if let removed = logo?.svg?.removed, !removed.isEmpty {
            warnings.append(CurveTypeWarning(
                .logoContentRemoved,
                "removed from the logo: \(removed.prefix(8).joined(separator: ", "))\(removed.count > 8 ? ", …" : "")"))
        }
        return BadgeResult(svgSettings: svgSettings, frame: frame, style: style, geometry: geometry,
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

/// One half's text: its shaped run, its placed glyphs when drawn as outlines, its extent (px,
/// tracking included), size (px) and tracking (px between clusters).
private struct BadgeText {
    let run: ShapedRun
    /// Drawn as outlines: the placed glyphs.
    let layout: CurveTextLayout?
    /// Drawn as text: the same glyphs on a baseline at a y (px), placed when a writer that
    /// draws them (PNG, PDF) asks.
    let measure: (@Sendable (Double) -> GlyphRun)?
    let extent: Double
    let size: Double
    let tracking: Double
}

/// The frame of one badge: background by style, logo, and each half's text with its link.
private struct BadgeDrawing {
    let request: BadgeRequest
    let geometry: BadgeGeometry
    let label: BadgeText?
    /// `nil` for an empty message.
    let message: BadgeText?
    /// The logo as drawn (coloured and framed), if there is one.
    let logo: FrameImage.Content?
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

    func frame() -> Frame {
        let g = geometry
        let hasLinks = links.label != nil || links.message != nil
        var items = background()
        // One link alone (the usual README badge) covers the whole badge.
        let wholeLink = links.label == nil ? links.message : nil
        var linked: [FrameItem] = []
        if let logo, let box = g.logo { linked.append(.image(FrameImage(logo, box: box))) }
        if let label {
            let drawn = text(label, center: g.labelCenter, bold: style == .social, colors: textColors(on: labelColor))
            if let link = links.label {
                linked.append(.link(FrameLink(url: link, label: accessible,
                                              items: [hitArea(Rect(minX: 0, minY: 0, maxX: g.leftWidth, maxY: g.height))] + drawn)))
            } else {
                linked += drawn
            }
        }
        var messageItems: [FrameItem] = []
        if wholeLink == nil, links.message != nil {
            messageItems.append(hitArea(Rect(minX: g.leftWidth, minY: 0, maxX: g.leftWidth + g.rightWidth, maxY: g.height)))
        }
        if let message {
            messageItems += text(message, center: g.messageCenter, bold: style == .social || style == .forTheBadge,
                                 colors: textColors(on: color))
        }
        if wholeLink == nil, let link = links.message {
            linked.append(.link(FrameLink(url: link, label: accessible, items: messageItems)))
        } else {
            linked += messageItems
        }
        if let wholeLink {
            items.append(.link(FrameLink(url: wholeLink, label: accessible, items: linked)))
        } else {
            items += linked
        }
        return Frame(width: g.width, height: g.height, title: accessible, isImage: !hasLinks, items: items)
    }

    /// A transparent box that makes the whole half clickable.
    func hitArea(_ box: Rect) -> FrameItem {
        .shape(FrameShape(.rect(box), style: [.fill(.color(BadgeColor.black)), .fillOpacity(0)]))
    }

    /// Text and shadow colours of a half; `nil` shadow where the style has none.
    func textColors(on background: SVGColor) -> (text: SVGColor, shadow: (color: SVGColor, opacity: Double)?) {
        switch style {
        case .social: return (BadgeColor.darkGrey, (BadgeColor.white, 1))
        case .flatSquare, .forTheBadge: return (BadgeColor.text(on: background).text, nil)
        case .flat, .plastic:
            let c = BadgeColor.text(on: background)
            return (c.text, (c.shadow, 0.3))
        }
    }

    func background() -> [FrameItem] {
        let g = geometry
        let box = Rect(minX: 0, minY: 0, maxX: g.width, maxY: g.height)
        switch style {
        case .flat, .plastic:
            let stops: [GradientStop] = style == .flat ? BadgeDrawing.flatStops : BadgeDrawing.plasticStops
            let sheen = Gradient(.linear(start: .zero, end: Point(x: 0, y: 1)), stops: stops)
            let rounded = FrameShape(.rect(box, cornerRadius: style == .flat ? 3 : 4), style: [.fill(.color(BadgeColor.white))])
            return [
                .group(FrameGroup(style: [.clip([rounded])], items: boxes() + [
                    .shape(FrameShape(.rect(box), style: [.fill(.gradient(sheen))])),
                ])),
            ]
        case .flatSquare, .forTheBadge:
            return [.group(FrameGroup(style: [.crispEdges], items: boxes()))]
        case .social:
            let labelRect = g.leftWidth - 1
            let bubble = g.rightWidth - 6
            var notch = Path()
            notch.move(to: Point(x: labelRect + 6.5, y: 6.5))
            notch.line(to: Point(x: labelRect + 3.5, y: 9.5))
            notch.line(to: Point(x: labelRect + 3.5, y: 10.5))
            notch.line(to: Point(x: labelRect + 6.5, y: 13.5))
            let border = BadgeDrawing.socialBorder, fill = BadgeDrawing.socialBubble
            let labelBox = Rect(minX: 0.5, minY: 0.5, maxX: 0.5 + labelRect, maxY: 19.5)
            let sheen = Gradient(.linear(start: .zero, end: Point(x: 0, y: 1)), stops: BadgeDrawing.socialStops)
            return [
                .group(FrameGroup(style: [.stroke(.color(border))], items: [
                    .shape(FrameShape(.rect(labelBox, cornerRadius: 2), style: [.stroke(.none), .fill(.color(BadgeDrawing.socialLabel))])),
                    .shape(FrameShape(.rect(Rect(minX: labelRect + 6.5, minY: 0.5, maxX: labelRect + 6.5 + bubble, maxY: 19.5), cornerRadius: 2),
                                      style: [.fill(.color(fill))])),
                    .shape(FrameShape(.rect(Rect(minX: labelRect + 6, minY: 7.5, maxX: labelRect + 6.5, maxY: 12.5)), style: [.stroke(.color(fill))])),
                    .shape(FrameShape(.path(notch), style: [.fill(.color(fill))])),
                ])),
                .shape(FrameShape(.rect(labelBox, cornerRadius: 2), style: [.stroke(.color(border)), .fill(.gradient(sheen))])),
            ]
        }
    }

    // shields' gradients and social colours, as it writes them.
    static let flatStops = [GradientStop(offset: 0, color: SVGColor(written: "#bbb"), opacity: 0.1), GradientStop(offset: 1, color: nil, opacity: 0.1)]
    static let plasticStops = [
        GradientStop(offset: 0, color: SVGColor(written: "#fff"), opacity: 0.7), GradientStop(offset: 0.1, color: SVGColor(written: "#aaa"), opacity: 0.1),
        GradientStop(offset: 0.9, color: SVGColor(written: "#000"), opacity: 0.3), GradientStop(offset: 1, color: SVGColor(written: "#000"), opacity: 0.5),
    ]
    static let socialStops = [GradientStop(offset: 0, color: SVGColor(written: "#fcfcfc"), opacity: 0), GradientStop(offset: 1, color: nil, opacity: 0.1)]
    static let socialBorder = SVGColor(written: "#d5d5d5")
    static let socialBubble = SVGColor(written: "#fafafa")
    static let socialLabel = SVGColor(written: "#fcfcfc")

    /// The label and message boxes.
    func boxes() -> [FrameItem] {
        let g = geometry
        var items: [FrameItem] = []
        if g.leftWidth > 0 {
            items.append(.shape(FrameShape(.rect(Rect(minX: 0, minY: 0, maxX: g.leftWidth, maxY: g.height)), style: [.fill(.color(labelColor))])))
        }
        items.append(.shape(FrameShape(.rect(Rect(minX: g.leftWidth, minY: 0, maxX: g.leftWidth + g.rightWidth, maxY: g.height)),
                                       style: [.fill(.color(color))])))
        return items
    }

    /// One half's text (and its shadow one px lower): glyph outlines, or a text line centred on
    /// `center` with its width, so a viewer with another font keeps the width.
    func text(_ half: BadgeText, center: Double, bold: Bool,
              colors: (text: SVGColor, shadow: (color: SVGColor, opacity: Double)?)) -> [FrameItem] {
        if let layout = half.layout {
            let run = FrameItem.glyphs(GlyphRun(layout))
            guard let shadow = colors.shadow else {
                return [.group(FrameGroup(style: [.fill(.color(colors.text))], items: [run]))]
            }
            // The same glyphs twice: the SVG writer finds the repeat and defines them once.
            var shadowStyle: [Style] = []
            shadowStyle.reserveCapacity(3)
            shadowStyle.append(.fill(.color(shadow.color)))
            if shadow.opacity < 1 { shadowStyle.append(.fillOpacity(shadow.opacity)) }
            shadowStyle.append(.transform(.translation(0, 1)))
            return [
                .group(FrameGroup(style: shadowStyle, isDecoration: true, items: [run])),
                .group(FrameGroup(style: [.fill(.color(colors.text))], items: [run])),
            ]
        }
        func line(y: Double, fill: SVGColor, opacity: Double, decoration: Bool) -> FrameItem {
            let measure = half.measure
            return .textLine(TextLine(text: half.run.text, center: Point(x: center, y: y), width: half.extent, fontFamily: family,
                                      fontSize: half.size, bold: bold, letterSpacing: half.tracking, fill: .color(fill),
                                      fillOpacity: opacity, isDecoration: decoration, measure: { measure?(y) }))
        }
        var items: [FrameItem] = []
        if let shadow = colors.shadow {
            items.append(line(y: geometry.baseline + 1, fill: shadow.color, opacity: shadow.opacity, decoration: true))
        }
        items.append(line(y: geometry.baseline, fill: colors.text, opacity: 1, decoration: false))
        return items
    }
}
