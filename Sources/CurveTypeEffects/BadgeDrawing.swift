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
    /// Shapes every part's text, places the parts by shields' geometry and draws the frame.
    public func render() throws(CurveTypeError) -> BadgeResult {
        if !parts.isEmpty && (!label.isEmpty || !message.isEmpty || color != nil || labelColor != nil || link != nil
                              || labelLink != nil || logo != nil) {
            throw .invalidInput("give the badge \(parameter: "parts"), or its \(parameter: "label") and \(parameter: "message"), not both")
        }
        var given = drawnParts
        guard (1...Self.maximumParts).contains(given.count) else {
            throw .invalidInput("a badge has 1 to \(Self.maximumParts) \(parameter: "parts"), not \(given.count)")
        }
        if let columns, !(1...Self.maximumColumns).contains(columns) {
            throw .invalidInput("\(parameter: "columns") must be 1–\(Self.maximumColumns), not \(columns)")
        }
        var columns = columns ?? given.count
        guard given.count % columns == 0 else {
            throw .invalidInput("\(given.count) parts do not fill rows of \(columns) (\(parameter: "columns")): give a multiple of \(columns)")
        }
        if let progress {
            guard progress.value.isFinite, (0...1).contains(progress.value) else {
                throw .invalidInput("\(parameter: "progress") must be 0–1 (or 0%–100%), not \(shortestDigits(progress.value))")
            }
            guard columns == given.count else { throw .invalidInput("\(parameter: "progress") is drawn in a badge of one row, not a grid") }
        }
        // Messages name shields' two halves as label and message, other parts by number.
        let halves = given.count == 2 && self.columns == nil
        var partNames = given.indices.map { halves ? ($0 == 0 ? "label" : "message") : "part \($0 + 1)" }
        // (By index: a part holds strings and a logo, and a loop over the parts would copy each.)
        for index in given.indices { try TextInput.checkLength(given[index].text, halves ? "the \(partNames[index])" : partNames[index]) }
        if let title { try TextInput.checkLength(title, "the title") }
        // One part in a row is shields' message-only badge: an empty label before it, which
        // hands its logo on.
        if columns == 1 {
            given = given.flatMap { [BadgePart("", logo: $0.logo), BadgePart($0.text, color: $0.color, link: $0.link)] }
            partNames = partNames.flatMap { ["empty label", $0] }
            columns = 2
        }
        var warnings: [CurveTypeWarning] = []

        if let logoWidth, !(logoWidth.isFinite && (0...100).contains(logoWidth)) {
            throw .invalidInput("the logo width must be 0–100 px, not \(shortestDigits(logoWidth))")
        }
        if logoColor != nil {
            for index in given.indices {
                if case .image? = given[index].logo?.drawing { throw .invalidInput("a logo colour cannot recolour a PNG or JPEG logo") }
            }
        }

        let size = style == .forTheBadge ? 10.0 : 11.0
        let regular = font ?? .default
        let bold = Self.boldVariant(of: regular)
        var texts: [String] = [], runs: [ShapedRun?] = [], measures: [BadgePartMeasure] = [], links: [String?] = []
        var pictures: [FrameImage.Content?] = []
        texts.reserveCapacity(given.count)
        runs.reserveCapacity(given.count)
        measures.reserveCapacity(given.count)
        links.reserveCapacity(given.count)
        pictures.reserveCapacity(given.count)
        for index in given.indices {
            let first = index % columns == 0
            // shields trims every text; the style may change its case before it is measured.
            let (clean, removed) = TextInput.clean(TextInput.trimmed(given[index].text))
            var text = TextInput.trimmed(clean)
            switch style {
            case .forTheBadge: text = text.uppercased()
            case .social: if first, let letter = text.first { text = letter.uppercased() + text.dropFirst() }
            default: break
            }
            let name = partNames[index]
            var run: ShapedRun?
            if !text.isEmpty {
                let face = style == .social || (style == .forTheBadge && !first) ? bold : regular
                let (shaped, said) = try shape(text, font: face, fallbacks: fallbackFonts, features: features, removed: removed)
                run = shaped
                warnings += said.map { $0.of(name) }
            } else if removed > 0 && !first {
                warnings.append(CurveTypeWarning(.controlCharactersRemoved, "removed \(removed) control characters, leaving it empty", part: name))
            }
            let prepared = try given[index].logo.map { logo throws(CurveTypeError) in try logo.prepared(style: style, color: logoColor, size: logoSize) }
            texts.append(text)
            runs.append(run)
            pictures.append(prepared?.picture)
            measures.append(BadgePartMeasure(textWidth: run.map { advanceWidth(of: $0, size: size) } ?? 0, clusters: run.map(clusterCount) ?? 0,
                                             logoWidth: prepared.map { self.logoWidth ?? $0.width }, colorGiven: given[index].color != nil))
            links.append(try given[index].link.map { url throws(CurveTypeError) in
                try BadgeLink.validated(url, option: halves ? (first ? "label link" : "link") : "\(name)'s link")
            })
        }
        let geometry = BadgeGeometry(style: style, parts: measures, columns: columns)
        // An empty first part hands its logo to the next, which cannot hold two.
        for (index, cell) in geometry.cells.enumerated() where index % columns == 0 && !cell.hasBox && pictures[index] != nil {
            guard pictures[index + 1] == nil else {
                throw .invalidInput("\(partNames[index + 1]) has a logo, and so has the empty \(partNames[index]) before it, whose logo would go in its place")
            }
            pictures[index + 1] = pictures[index]
            pictures[index] = nil
        }
        let tracking = style == .forTheBadge ? 1.25 : 0
        // Placed glyphs: drawn as outlines, or in text mode kept beside the text for the PNG
        // and PDF writers, which draw the glyphs the viewer's font stands in for.
        func placed(_ run: ShapedRun, in cell: BadgeCell) -> BadgeText {
            let length = geometry.width
            guard glyphs != .text else {
                // Placed only if a PNG or PDF writer asks (an SVG's viewer sets the text).
                let measure: @Sendable (Double) -> GlyphRun = { baseline in
                    let shifted = LineCurve(origin: Point(x: 0, y: baseline), length: length)
                    return GlyphRun(layOut(run, size: size, along: shifted, anchor: cell.textCenter, align: .center, tracking: tracking, baselineShift: 0),
                                    withText: true)
                }
                return BadgeText(run: run, layout: nil, measure: measure, extent: extent(of: run, size: size, tracking: tracking),
                                 size: size, tracking: tracking)
            }
            let line = LineCurve(origin: Point(x: 0, y: cell.baseline), length: length)
            let layout = layOut(run, size: size, along: line, anchor: cell.textCenter, align: .center, tracking: tracking, baselineShift: 0)
            return BadgeText(run: run, layout: layout, measure: nil, extent: layout.extent, size: size, tracking: tracking)
        }

        let label = texts.first ?? "", message = texts.last ?? ""
        let defaultAccessible: String
        if given.count == 2 {
            defaultAccessible = label.isEmpty ? message : "\(label): \(message)"
        } else {
            // Each row "first: second, third", rows joined by "; ".
            defaultAccessible = stride(from: 0, to: texts.count, by: columns).map { start in
                let row = texts[start..<(start + columns)].filter { !$0.isEmpty }
                guard let head = row.first else { return "" }
                let rest = row.dropFirst()
                return rest.isEmpty ? head : "\(head): \(rest.joined(separator: ", "))"
            }.joined(separator: "; ")
        }
        let accessible = title.map { TextInput.clean($0).text } ?? defaultAccessible

        var cells: [DrawnCell] = [], placedTexts: [BadgeText?] = []
        cells.reserveCapacity(given.count)
        placedTexts.reserveCapacity(given.count)
        for (index, cell) in geometry.cells.enumerated() {
            let first = index % columns == 0
            let defaultColor = first ? BadgeDrawing.grey : BadgeDrawing.brightgreen
            cells.append(DrawnCell(
                cell: cell, color: given[index].color ?? defaultColor, logo: pictures[index], link: links[index], first: first,
                bold: style == .social || (style == .forTheBadge && !first), hasText: runs[index] != nil))
            placedTexts.append(runs[index].map { placed($0, in: cell) })
        }
        // An empty label without a box takes the next part's colour, as shields' does.
        for index in cells.indices where cells[index].first && !cells[index].cell.hasBox && index + 1 < cells.count {
            cells[index].color = cells[index + 1].color
        }
        let drawing = BadgeDrawing(
            style: style, theme: theme, geometry: geometry, cells: cells, texts: placedTexts, progress: progress, accessible: accessible,
            family: font == nil ? "DejaVu Sans,Verdana,Geneva,sans-serif" : (runs.last(where: { $0 != nil }) ?? nil).flatMap { $0.fonts.first }.map(cssFamily) ?? "sans-serif")
        let frame = drawing.frame()
        for index in given.indices {
            if let removed = given[index].logo?.svg?.removed, !removed.isEmpty {
                warnings.append(CurveTypeWarning(
                    .logoContentRemoved,
                    "removed from the logo: \(removed.prefix(8).joined(separator: ", "))\(removed.count > 8 ? ", …" : "")"))
            }
        }
        return BadgeResult(frame: frame, style: style, geometry: geometry,
                           label: label, message: message, texts: texts, isTwoPart: given.count == 2, warnings: warnings)
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

/// One part's text: its shaped run, its placed glyphs when drawn as outlines, its extent (px,
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

/// A text's paint, and its shadow's paint and opacity where the style has one.
private typealias BadgeTextColors = (text: Paint, shadow: (color: Paint, opacity: Double)?)

/// One part as drawn: its place, background, text, logo (coloured and framed) and validated link.
private struct DrawnCell {
    let cell: BadgeCell
    var color: SVGColor
    let logo: FrameImage.Content?
    let link: String?
    /// The first part of its row (shields' label).
    let first: Bool
    let bold: Bool
    /// Whether the part has text (in `BadgeDrawing.texts`).
    let hasText: Bool
}

/// The frame of one badge: background by style, logos, and each part's text with its link.
private struct BadgeDrawing {
    let style: BadgeStyle
    let theme: BadgeTheme
    let geometry: BadgeGeometry
    let cells: [DrawnCell]
    /// Each cell's text, apart from the cells: walking the cells copies none of its arrays.
    let texts: [BadgeText?]
    let progress: BadgeProgress?
    let accessible: String
    /// The CSS font-family list of text mode.
    let family: String

    static let brightgreen = SVGColor(red: 0x44, green: 0xCC, blue: 0x11)
    static let grey = SVGColor(red: 0x55, green: 0x55, blue: 0x55)
    static let lightgrey = SVGColor(written: "#9f9f9f")

    func frame() -> Frame {
        let last = cells.count - 1
        var linkedCount = 0
        for index in cells.indices where cells[index].link != nil { linkedCount += 1 }
        var items = background()
        // One link alone on the last part (the usual README badge) covers the whole badge.
        let wholeLink = linkedCount == 1 ? cells[last].link : nil
        var content: [FrameItem] = []
        for index in cells.indices {
            if let logo = cells[index].logo, let box = cells[index].cell.logo { content.append(.image(FrameImage(logo, box: box))) }
        }
        for index in cells.indices {
            // shields links a label only where it has text, a message always.
            guard !cells[index].first || cells[index].hasText else { continue }
            let link = wholeLink == nil ? cells[index].link : nil
            var partItems: [FrameItem] = []
            if link != nil { partItems.append(hitArea(cells[index].cell.box)) }
            if let text = texts[index] {
                let cell = cells[index].cell
                if progress != nil && index == last {
                    partItems += progressText(text, cell: cells[index])
                } else {
                    partItems += self.text(text, center: cell.textCenter, baseline: cell.baseline, bold: cells[index].bold,
                                           colors: inks(on: cells[index].color))
                }
            }
            if let link {
                content.append(.link(FrameLink(url: link, label: accessible, items: partItems)))
            } else {
                content += partItems
            }
        }
        if let wholeLink {
            items.append(.link(FrameLink(url: wholeLink, label: accessible, items: content)))
        } else {
            items += content
        }
        return Frame(width: geometry.width, height: geometry.height, title: accessible, isImage: linkedCount == 0, items: items)
    }

    /// A transparent box that makes the whole half clickable.
    func hitArea(_ box: Rect) -> FrameItem {
        .shape(FrameShape(.rect(box), style: [.fill(.color(BadgeColor.black)), .fillOpacity(0)]))
    }

    /// `light` in the light scheme, `dark` in the dark one, as the theme draws them (`dark`
    /// worked out only where the theme shows it: shields' badges pay nothing for themes).
    func paint(light: SVGColor, dark: @autoclosure () -> SVGColor) -> Paint {
        switch theme {
        case .shields, .light: return .color(light)
        case .dark: return .color(dark())
        case .auto:
            let dark = dark()
            return light == dark ? .color(light) : .schemed(light: light, dark: dark)
        }
    }

    /// A part's background paint: its colour as the theme shows it in each scheme (`readable`:
    /// a progress bar's, whose text reads in every theme).
    func boxPaint(_ color: SVGColor, readable: Bool = false) -> Paint {
        paint(light: lightShown(color, readable: readable), dark: darkShown(color))
    }

    /// A part's colour in the light scheme: as given; in the light and auto themes (and on a
    /// progress bar, `readable`, in any), where no text colour reads on it at 4.5:1 as seen
    /// under the style's sheen (shields' blue under its gloss: white 4.48:1, black 4.40:1),
    /// darkened in its own hue until white does. shields' theme draws shields' colours.
    func lightShown(_ color: SVGColor, readable: Bool = false) -> SVGColor {
        guard theme == .light || theme == .auto || readable, !BadgeColor.someTextReads(on: glossed([color])) else { return color }
        return BadgeColor.darkVariant(color) { glossed([$0]) }
    }

    /// A part's colour in the dark scheme: darkened until white reads on it as seen.
    func darkShown(_ color: SVGColor) -> SVGColor { BadgeColor.darkVariant(color) { glossed([$0]) } }

    /// Text and shadow paints over one part's `background`: shields' rule in its own theme (the
    /// usual badge, which builds no list), else as `inks(on:dark:readable:)`.
    func inks(on background: SVGColor) -> BadgeTextColors {
        guard theme == .shields && style != .social else { return inks(on: [background]) }
        let chosen = BadgeColor.text(on: background)
        return shadowed(.color(chosen.text), shadow: .color(chosen.shadow), opacity: 0.3)
    }

    /// Text and shadow paints over `backgrounds` (light scheme; `dark` for the dark scheme, the
    /// light ones darkened where not given): shields' rule in its theme, else readable at
    /// WCAG 4.5:1 over every one of them as seen, under the style's sheen (a progress bar's
    /// text always: a grey track under shields' gloss is darker than its colour, and #333 on it
    /// read 4.22:1 flat, 3.20:1 plastic). `nil` shadow where the style has none.
    ///
    /// `asDrawn`: the colours are drawn as they are (a progress bar's gradient), not as boxes
    /// the theme may darken.
    func inks(on given: [SVGColor], dark givenDark: [SVGColor]? = nil, readable: Bool = false, asDrawn: Bool = false) -> BadgeTextColors {
        let wcag = readable || theme != .shields
        let backgrounds = wcag ? glossed(asDrawn ? given : given.map { lightShown($0, readable: readable) }) : given
        let dark = wcag ? glossed(givenDark ?? given.map(darkShown)) : givenDark
        func pick(_ colors: [SVGColor], darkScheme: Bool) -> (text: SVGColor, shadow: SVGColor, opacity: Double) {
            if style == .social {
                return darkScheme ? (BadgeDrawing.socialDarkText, BadgeDrawing.socialDarkShadow, 1) : (BadgeColor.darkGrey, BadgeColor.white, 1)
            }
            let chosen = wcag ? BadgeColor.readableText(on: colors) : BadgeColor.text(on: colors.first ?? BadgeDrawing.grey)
            return (chosen.text, chosen.shadow, 0.3)
        }
        let light = pick(backgrounds, darkScheme: false)
        let night = theme == .dark || theme == .auto ? pick(dark ?? backgrounds.map { darkShown($0) }, darkScheme: true) : light
        return shadowed(paint(light: light.text, dark: night.text), shadow: paint(light: light.shadow, dark: night.shadow), opacity: light.opacity)
    }

    /// `text` with its shadow where the style draws one (flat, plastic, social).
    func shadowed(_ text: Paint, shadow: @autoclosure () -> Paint, opacity: Double) -> BadgeTextColors {
        switch style {
        case .flatSquare, .forTheBadge: (text, nil)
        case .flat, .plastic, .social: (text, (shadow(), opacity))
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
            // The label's box, then a speech bubble for each later part, its notch pointing back.
            let border = paint(light: BadgeDrawing.socialBorder, dark: BadgeDrawing.socialDarkBorder)
            let fill = paint(light: BadgeDrawing.socialBubble, dark: BadgeDrawing.socialDarkBubble)
            let labelFill = paint(light: BadgeDrawing.socialLabel, dark: BadgeDrawing.socialDarkLabel)
            let sheen = Gradient(.linear(start: .zero, end: Point(x: 0, y: 1)), stops: BadgeDrawing.socialStops)
            var outlined: [FrameItem] = [], labels: [FrameItem] = []
            for cell in cells {
                let top = cell.cell.box.minY
                if cell.first {
                    let labelBox = Rect(minX: cell.cell.box.minX + 0.5, minY: top + 0.5, maxX: cell.cell.box.maxX - 0.5, maxY: top + 19.5)
                    outlined.append(.shape(FrameShape(.rect(labelBox, cornerRadius: 2), style: [.stroke(.none), .fill(labelFill)])))
                    labels.append(.shape(FrameShape(.rect(labelBox, cornerRadius: 2), style: [.stroke(border), .fill(.gradient(sheen))])))
                    continue
                }
                let anchor = cell.cell.box.minX - 1
                var notch = Path()
                notch.move(to: Point(x: anchor + 6.5, y: top + 6.5))
                notch.line(to: Point(x: anchor + 3.5, y: top + 9.5))
                notch.line(to: Point(x: anchor + 3.5, y: top + 10.5))
                notch.line(to: Point(x: anchor + 6.5, y: top + 13.5))
                outlined += [
                    .shape(FrameShape(.rect(Rect(minX: anchor + 6.5, minY: top + 0.5, maxX: cell.cell.box.maxX - 0.5, maxY: top + 19.5), cornerRadius: 2),
                                      style: [.fill(fill)])),
                    .shape(FrameShape(.rect(Rect(minX: anchor + 6, minY: top + 7.5, maxX: anchor + 6.5, maxY: top + 12.5)), style: [.stroke(fill)])),
                    .shape(FrameShape(.path(notch), style: [.fill(fill)])),
                ]
            }
            return [.group(FrameGroup(style: [.stroke(border)], items: outlined))] + labels
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
    // The social style on dark pages: GitHub's dark button greys and text.
    static let socialDarkBorder = SVGColor(written: "#3d444d")
    static let socialDarkBubble = SVGColor(written: "#151b23")
    static let socialDarkLabel = SVGColor(written: "#212830")
    static let socialDarkText = SVGColor(written: "#d1d7e0")
    static let socialDarkShadow = SVGColor(written: "#010409")

    /// Every part's box, and the progress bar over the last.
    func boxes() -> [FrameItem] {
        var items: [FrameItem] = []
        for (index, cell) in cells.enumerated() where cell.cell.hasBox || !cell.first {
            guard progress != nil && index == cells.count - 1 else {
                items.append(.shape(FrameShape(.rect(cell.cell.box), style: [.fill(boxPaint(cell.color))])))
                continue
            }
            let bar = barColors
            items.append(.shape(FrameShape(.rect(cell.cell.box), style: [.fill(boxPaint(bar.track, readable: true))])))
            if let fill = filledBox(cell.cell.box) { items.append(.shape(FrameShape(.rect(fill), style: [.fill(bar.fill)]))) }
        }
        return items
    }

    /// One part's text (and its shadow one px lower): glyph outlines, or a text line centred on
    /// `center` with its width, so a viewer with another font keeps the width.
    func text(_ half: BadgeText, center: Double, baseline: Double, bold: Bool, colors: BadgeTextColors) -> [FrameItem] {
        if let layout = half.layout {
            let run = FrameItem.glyphs(GlyphRun(layout))
            let layer = FrameItem.textLayer(TextLayer(layout))
            guard let shadow = colors.shadow else {
                return [.group(FrameGroup(style: [.fill(colors.text)], items: [run])), layer]
            }
            // The same glyphs twice: the SVG writer finds the repeat and defines them once.
            var shadowStyle: [Style] = []
            shadowStyle.reserveCapacity(3)
            shadowStyle.append(.fill(shadow.color))
            if shadow.opacity < 1 { shadowStyle.append(.fillOpacity(shadow.opacity)) }
            shadowStyle.append(.transform(.translation(0, 1)))
            return [
                .group(FrameGroup(style: shadowStyle, isDecoration: true, items: [run])),
                .group(FrameGroup(style: [.fill(colors.text)], items: [run])),
                layer,
            ]
        }
        func line(y: Double, fill: Paint, opacity: Double, decoration: Bool) -> FrameItem {
            let measure = half.measure
            return .textLine(TextLine(text: half.run.text, center: Point(x: center, y: y), width: half.extent, fontFamily: family,
                                      fontSize: half.size, bold: bold, letterSpacing: half.tracking, fill: fill,
                                      fillOpacity: opacity, isDecoration: decoration, measure: { measure?(y) }))
        }
        var items: [FrameItem] = []
        if let shadow = colors.shadow {
            items.append(line(y: baseline + 1, fill: shadow.color, opacity: shadow.opacity, decoration: true))
        }
        items.append(line(y: baseline, fill: colors.text, opacity: 1, decoration: false))
        return items
    }
}

// MARK: - Progress

extension BadgeDrawing {
    /// The bar's track colour and fill paint.
    var barColors: (track: SVGColor, fill: Paint) {
        guard let progress else { return (BadgeDrawing.lightgrey, .none) }
        let track = progress.trackColor ?? BadgeDrawing.lightgrey
        if progress.gradient, let box = cells.last?.cell.box {
            let stops = BadgeDrawing.progressStops.map { GradientStop(offset: $0.offset, color: $0.color, opacity: 1) }
            return (track, .gradient(Gradient(.linear(start: Point(x: box.minX, y: 0), end: Point(x: box.maxX, y: 0)), stops: stops, units: .userSpace)))
        }
        return (track, boxPaint(progress.color ?? BadgeProgress.coverageColor(percent: progress.value * 100), readable: true))
    }

    /// The gradient's stops: shields' red, yellow and brightgreen.
    static let progressStops: [(offset: Double, color: SVGColor)] = [
        (0, SVGColor(written: "#e05d44")), (0.5, SVGColor(written: "#dfb317")), (1, SVGColor(written: "#44cc11")),
    ]

    /// The colours the filled part shows: the fill's, or the gradient's from 0 to the value
    /// (sampled every 1 % of the bar, and at its end).
    var fillColorsShown: [SVGColor] {
        guard let progress else { return [] }
        guard progress.gradient else { return [progress.color ?? BadgeProgress.coverageColor(percent: progress.value * 100)] }
        let steps = Int((progress.value * 100).rounded(.up))
        return (0...steps).map { BadgeDrawing.gradientColor(at: min(Double($0) / 100, progress.value)) }
    }

    /// `colors` as seen under the style's sheen where text stands (from a quarter of the
    /// badge's height down to 85 %, every 5 %): each composited with the sheen's colour and
    /// opacity there, interpolated between its stops as SVG does. As they are for the styles
    /// without one.
    func glossed(_ colors: [SVGColor]) -> [SVGColor] {
        guard style == .flat || style == .plastic else { return colors }
        let stops = style == .flat ? BadgeDrawing.flatStops : BadgeDrawing.plasticStops
        func sheen(at offset: Double) -> (color: (Double, Double, Double), opacity: Double) {
            let (upper, t) = Self.bracket(stops.map(\.offset), at: offset)
            let (a, b) = (stops[upper - 1], stops[upper])
            func channels(_ c: SVGColor?) -> (Double, Double, Double) {
                let rgba = c?.rgba
                return (Double(rgba?.red ?? 0), Double(rgba?.green ?? 0), Double(rgba?.blue ?? 0))
            }
            let (ca, cb) = (channels(a.color), channels(b.color))
            return ((ca.0 + (cb.0 - ca.0) * t, ca.1 + (cb.1 - ca.1) * t, ca.2 + (cb.2 - ca.2) * t), a.opacity + (b.opacity - a.opacity) * t)
        }
        var seen: [SVGColor] = []
        for color in colors {
            guard let c = color.rgba else { seen.append(color); continue }
            for step in 5...17 {
                let (overlay, alpha) = sheen(at: Double(step) * 0.05)
                func over(_ under: Int, _ top: Double) -> Int { Int((Double(under) * (1 - alpha) + top * alpha).rounded()) }
                seen.append(SVGColor(red: over(c.red, overlay.0), green: over(c.green, overlay.1), blue: over(c.blue, overlay.2)))
            }
        }
        return seen
    }

    /// The gradient's colour at `offset` (0…1), interpolated in sRGB as SVG does.
    static func gradientColor(at offset: Double) -> SVGColor {
        let stops = progressStops
        let (upper, t) = bracket(stops.map(\.offset), at: offset)
        let (a, b) = (stops[upper - 1], stops[upper])
        guard let ca = a.color.rgba, let cb = b.color.rgba else { return a.color }
        func mix(_ x: Int, _ y: Int) -> Int { Int((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return SVGColor(red: mix(ca.red, cb.red), green: mix(ca.green, cb.green), blue: mix(ca.blue, cb.blue))
    }

    /// Where `offset` falls among a gradient's stop `offsets` (rising, at least two): the
    /// stop after it (the one before is `upper - 1`), and how far it is between the two, 0…1,
    /// as SVG interpolates (0 between two stops at one offset).
    static func bracket(_ offsets: [Double], at offset: Double) -> (upper: Int, t: Double) {
        var upper = 1
        while upper < offsets.count - 1 && offsets[upper] < offset { upper += 1 }
        let (a, b) = (offsets[upper - 1], offsets[upper])
        return (upper, b > a ? min(1, max(0, (offset - a) / (b - a))) : 0)
    }

    /// The filled part of `box`, px; `nil` when nothing is filled.
    func filledBox(_ box: Rect) -> Rect? {
        guard let progress, progress.value > 0 else { return nil }
        return Rect(minX: box.minX, minY: box.minY, maxX: box.minX + box.width * progress.value, maxY: box.maxY)
    }

    /// The last part's text over the bar: where the fill and the track want different text
    /// colours for contrast (WCAG 4.5:1), the text is drawn twice, each copy clipped to the
    /// part of the bar under it.
    func progressText(_ text: BadgeText, cell: DrawnCell) -> [FrameItem] {
        let box = cell.cell.box
        let onTrack = inks(on: [barColors.track], readable: true)
        guard let filled = filledBox(box) else {
            return self.text(text, center: cell.cell.textCenter, baseline: cell.cell.baseline, bold: cell.bold, colors: onTrack)
        }
        // A gradient is the same in both schemes; a colour is darkened in the dark one.
        let gradient = progress?.gradient == true
        let onFill = inks(on: fillColorsShown, dark: gradient ? fillColorsShown : nil, readable: true, asDrawn: gradient)
        if filled.maxX >= box.maxX || onFill.text == onTrack.text {
            return self.text(text, center: cell.cell.textCenter, baseline: cell.cell.baseline, bold: cell.bold,
                             colors: filled.maxX >= box.maxX ? onFill : onTrack)
        }
        let rest = Rect(minX: filled.maxX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
        // The text is drawn twice, each copy clipped to its half; it is read once, whole.
        let overFill = self.text(text, center: cell.cell.textCenter, baseline: cell.cell.baseline, bold: cell.bold, colors: onFill)
        let overTrack = self.text(text, center: cell.cell.textCenter, baseline: cell.cell.baseline, bold: cell.bold, colors: onTrack)
        func isLayer(_ item: FrameItem) -> Bool { if case .textLayer = item { true } else { false } }
        return [
            .group(FrameGroup(style: [.clip([FrameShape(.rect(filled))])], items: overFill.filter { !isLayer($0) })),
            .group(FrameGroup(style: [.clip([FrameShape(.rect(rest))])], items: overTrack.filter { !isLayer($0) })),
        ] + overFill.filter(isLayer)
    }
}
