import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeSVGReader
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The badge looks of shields.io.
public enum BadgeStyle: String, Sendable, CaseIterable {
    /// 20 px high, corners rounded 3 px, a faint gloss, text with a 1 px shadow.
    case flat
    /// `flat` with square corners, no gloss and no shadow.
    case flatSquare = "flat-square"
    /// 18 px high, corners rounded 4 px, a stronger gloss.
    case plastic
    /// 28 px high, square, upper-case letter-spaced 10 px text, the message bold.
    case forTheBadge = "for-the-badge"
    /// GitHub's look: light grey boxes, bold 11 px text, a speech-bubble notch before the message.
    case social
}

/// Which page a badge's colours are chosen for.
public enum BadgeTheme: String, Sendable, CaseIterable {
    /// shields' colours exactly: each part's colour, and white or #333 text by shields'
    /// brightness rule (which puts white on brightgreen at 2.1:1).
    case shields
    /// Each part's colour as given, its text white, #333 or black, whichever first reads at
    /// WCAG's 4.5:1.
    case light
    /// For dark pages: each part's colour darkened in its own hue until white text reads on it
    /// at 4.5:1 (a colour that dark already is kept), the social style in GitHub's dark greys.
    case dark
    /// One SVG for both: the light colours as the elements' own, the dark ones in a
    /// `prefers-color-scheme: dark` style rule. A viewer that reads no media query shows the
    /// light badge; PNG and PDF draw the light badge.
    case auto
}

/// Badge colours: shields' names and aliases, bare hex as shields accepts it (`4c1`), or any
/// colour `SVGColor` reads.
public enum BadgeColor {
    /// shields' named colours, sRGB. (Pairs, not a dictionary: see `RecentCache` for what the
    /// first dictionary of a key type costs a process.)
    public static let named: KeyValuePairs<String, String> = [
        "brightgreen": "#44cc11", "green": "#97ca00", "yellow": "#dfb317", "yellowgreen": "#a4a61d",
        "orange": "#fe7d37", "red": "#e05d44", "blue": "#007ec6", "grey": "#555555",
        "lightgrey": "#9f9f9f",
    ]
    /// shields' aliases for named colours.
    public static let aliases: KeyValuePairs<String, String> = [
        "gray": "grey", "lightgray": "lightgrey", "critical": "red", "important": "orange",
        "success": "brightgreen", "informational": "blue", "inactive": "lightgrey",
    ]

    /// A colour for `--color`/`--label-color`: shields' names first (so `green` is shields'
    /// green, not CSS's), then bare hex, then CSS.
    public static func parse(_ text: String) throws(CurveTypeError) -> SVGColor {
        let lower = text.trimmed().lowercased()
        let name = aliases.first { $0.key == lower }?.value ?? lower
        if let hex = named.first(where: { $0.key == name })?.value { return try lifting { try SVGColor(parsing: hex) } }
        if (lower.count == 3 || lower.count == 6), lower.allSatisfy(\.isHexDigit) {
            return try lifting { try SVGColor(parsing: "#" + lower) }
        }
        return try lifting { try SVGColor(parsing: text) }
    }

    /// Brightness 0…1 as shields computes it, (299 r + 587 g + 114 b) / 255000, rounded to two
    /// decimals; 0 for a colour only the viewer knows (`currentColor`).
    public static func brightness(_ color: SVGColor) -> Double {
        guard let c = color.rgba else { return 0 }
        let value = Double(c.red * 299 + c.green * 587 + c.blue * 114) / 255_000
        return (value * 100).rounded() / 100
    }

    /// A named logo's colour when no `logoColor` is given (shields' `lib/logos.js`): the brand
    /// colour, except `whitesmoke` for a dark brand (brightness ≤ 0.4) on the dark styles, and
    /// `#333` for a light brand (≥ 0.6) on the light social style, so the logo always shows.
    public static func brandLogoColor(hex: String, style: BadgeStyle) -> SVGColor {
        let brand = (try? SVGColor(parsing: "#" + hex)) ?? SVGColor(red: 0x33, green: 0x33, blue: 0x33)
        let level = brightness(brand)
        if style != .social && level <= 0.4 { return SVGColor(red: 0xF5, green: 0xF5, blue: 0xF5) }
        if style == .social && level >= 0.6 { return SVGColor(red: 0x33, green: 0x33, blue: 0x33) }
        return brand
    }

    /// Text and shadow colours on `background`: white on dark (brightness ≤ 0.69), dark grey on light.
    static func text(on background: SVGColor) -> (text: SVGColor, shadow: SVGColor) {
        brightness(background) <= 0.69 ? (white, nearBlack) : (darkGrey, lightGrey)
    }

    /// WCAG 2's relative luminance, 0 (black) to 1 (white); 0 for a colour only the viewer
    /// knows.
    public static func relativeLuminance(_ color: SVGColor) -> Double {
        guard let c = color.rgba else { return 0 }
        func linear(_ channel: Int) -> Double {
            let v = Double(channel) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// WCAG 2's contrast ratio of two colours, 1 to 21.
    public static func contrast(_ a: SVGColor, _ b: SVGColor) -> Double {
        let (la, lb) = (relativeLuminance(a), relativeLuminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `color` for dark pages (`BadgeTheme.dark`): darkened in its own hue, every channel by
    /// one factor, until white reads on it at 4.5:1 wherever it is seen (`seen`: the colours a
    /// box of it shows, as under a style's sheen; by default itself); a colour already that
    /// dark, or one only the viewer knows, as it is.
    public static func darkVariant(_ color: SVGColor, seen: (SVGColor) -> [SVGColor] = { [$0] }) -> SVGColor {
        func reads(_ c: SVGColor) -> Bool { seen(c).allSatisfy { contrast(white, $0) >= readableContrast } }
        guard let c = color.rgba, c.alpha == 1, !reads(color) else { return color }
        // The largest factor (to 1/1024) whose rounded colour reads: luminance rises with it.
        var low = 0.0, high = 1.0
        func scaled(_ k: Double) -> SVGColor {
            SVGColor(red: Int((Double(c.red) * k).rounded()), green: Int((Double(c.green) * k).rounded()), blue: Int((Double(c.blue) * k).rounded()))
        }
        for _ in 0..<10 {
            let middle = (low + high) / 2
            if reads(scaled(middle)) { low = middle } else { high = middle }
        }
        return scaled(low)
    }

    /// Whether some text colour (white, #333 or black) reads at 4.5:1 on every one of
    /// `backgrounds`.
    public static func someTextReads(on backgrounds: [SVGColor]) -> Bool {
        [white, darkGrey, black].contains { ink in backgrounds.allSatisfy { contrast(ink, $0) >= readableContrast } }
    }

    /// The least contrast text must have to be read (WCAG 2, level AA, normal text).
    public static let readableContrast = 4.5

    /// Text and shadow colours readable on every one of `backgrounds` (WCAG 4.5:1): shields'
    /// choice (white, or #333 on a light background) where it reaches that, else the other of
    /// the two, else whichever of white, black and those two contrasts most (over one background, white
    /// or black always reaches 4.58:1).
    public static func readableText(on backgrounds: [SVGColor]) -> (text: SVGColor, shadow: SVGColor) {
        func least(_ ink: SVGColor) -> Double { backgrounds.map { contrast(ink, $0) }.min() ?? 21 }
        let shields: (text: SVGColor, shadow: SVGColor) = backgrounds.first.map { text(on: $0) } ?? (white, nearBlack)
        let other: (text: SVGColor, shadow: SVGColor) = shields.text == white ? (darkGrey, lightGrey) : (white, nearBlack)
        for choice in [shields, other] where least(choice.text) >= readableContrast { return choice }
        // Over one background white or black reaches 4.58:1; over several, the best there is.
        let candidates: [(text: SVGColor, shadow: SVGColor)] = [(white, nearBlack), (black, lightGrey), shields, other]
        return candidates.max { least($0.text) < least($1.text) } ?? shields
    }

    // shields' colours as it writes them.
    static let white = SVGColor(written: "#fff")
    static let nearBlack = SVGColor(written: "#010101")
    static let darkGrey = SVGColor(written: "#333")
    static let lightGrey = SVGColor(written: "#ccc")
    static let black = SVGColor(written: "#000")
}

/// How wide a badge's logo is drawn; its height is always 14 px.
public enum BadgeLogoSize: String, Sendable, CaseIterable {
    /// shields' default: a 14 × 14 px box, the logo fitted inside it and centred (a wide logo
    /// is drawn smaller).
    case square
    /// The logo's own proportions at 14 px high (shields' `logoSize=auto`): a named logo's
    /// outline box, an SVG's viewBox, an image's pixels.
    case auto
}

/// A logo for a badge: a simple-icons brand by name, an SVG file, or a `data:` URL of an SVG
/// (base64 or percent-encoded), PNG or JPEG. An SVG is read through `SafeSVG`, so nothing in it
/// can run or load; an image's bytes are checked to be what they claim (`RasterImage`).
public struct BadgeLogo: Sendable {
    /// What is drawn.
    public enum Drawing: Sendable {
        /// An SVG drawing (a named logo's path, or the user's SVG, made safe).
        case svg(SafeSVG)
        /// A PNG or JPEG, embedded as it is.
        case image(RasterImage)
    }

    /// What is drawn; a named logo's colour is chosen when the badge is drawn.
    public let drawing: Drawing
    /// The simple-icons brand, for a named logo: its colour and outline box.
    public let brand: BrandIcon?
    /// Where it came from, for the id prefix.
    let source: String

    /// The SVG drawing, if the logo is one.
    public var svg: SafeSVG? {
        if case .svg(let svg) = drawing { return svg }
        return nil
    }

    /// Reads a file path or a data URL.
    public init(source: String) throws(CurveTypeError) {
        let bytes: [UInt8]
        var format = "image/svg+xml"
        if source.lowercased().hasPrefix("data:") {
            (format, bytes) = try Self.decodeDataURL(source)
        } else {
            // A stream, so `--logo <(…)` and a FIFO read as a file does; one byte past the
            // sanitiser's limit is enough to refuse a larger file.
            bytes = try readUserFile(source, what: "logo", limit: SafeSVG.maximumBytes + 1, shown: SafeSVG.maximumBytes)
            let lower = source.lowercased()
            if lower.hasSuffix(".png") { format = "image/png" }
            if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { format = "image/jpeg" }
        }
        func raster(_ format: RasterImage.Format) throws(CurveTypeError) -> Drawing {
            var image = try lifting { try RasterImage(format, bytes: bytes) }
            image.origin = source.lowercased().hasPrefix("data:") ? "the data: URL logo" : "the logo \(source.prefix(200))"
            return .image(image)
        }
        switch format {
        case "image/png": drawing = try raster(.png)
        case "image/jpeg", "image/jpg": drawing = try raster(.jpeg)
        default: drawing = .svg(try lifting { try SafeSVG(parsing: bytes) })
        }
        brand = nil
        self.source = source.count > 256 ? hexDigits(fnv1a(source), width: 0) : source
    }

    /// An SVG logo from its markup (shields' endpoint `logoSvg`), read through `SafeSVG`.
    public init(svgMarkup: String) throws(CurveTypeError) {
        drawing = .svg(try lifting { try SafeSVG(parsing: Array(svgMarkup.utf8)) })
        brand = nil
        source = "svg:" + hexDigits(fnv1a(svgMarkup), width: 0)
    }

    /// The simple-icons logo `name` means, resolved as shields resolves `logo=` (see
    /// `SimpleIcons.named`); an error, with the closest name, if it names none.
    public init(named name: String) throws(CurveTypeError) {
        guard let brand = SimpleIcons.named(name) else {
            let close = SimpleIcons.suggestion(for: name).map { " (did you mean \($0)?)" } ?? ""
            throw .invalidInput("no logo is named \"\(Diagnostic.escaped(String(name.prefix(60))))\"\(close); `curvetype logos WORD` lists them")
        }
        self.init(brand: brand)
    }

    /// The logo of a simple-icons brand.
    public init(brand: BrandIcon) {
        self.brand = brand
        drawing = .svg(SafeSVG(pathData: brand.pathData, viewBox: Rect(minX: 0, minY: 0, maxX: 24, maxY: 24)))
        source = "simple-icons:" + brand.slug
    }

    /// A `--logo` value: a `data:` URL; a file, when it holds a `/` or ends in `.svg`, `.png`,
    /// `.jpg` or `.jpeg` (`./github` names a file called github); else a simple-icons name.
    /// `mayNameFiles` false (a stranger's request) reads a name where a file would be read.
    public init(argument: String, mayNameFiles: Bool = true) throws(CurveTypeError) {
        if argument.lowercased().hasPrefix("data:") || (mayNameFiles && Self.namesFile(argument)) {
            try self.init(source: argument)
        } else {
            try self.init(named: argument)
        }
    }

    /// Whether a `--logo` value names a file rather than a simple-icons logo.
    public static func namesFile(_ argument: String) -> Bool {
        let lower = argument.lowercased()
        return lower.contains("/") || [".svg", ".png", ".jpg", ".jpeg"].contains { lower.hasSuffix($0) }
    }

    /// The picture to embed for a badge of `style`, and its width in px at 14 px high, worked
    /// out once a badge: a named logo coloured `color` or, without one, its brand colour as
    /// shields shows it (`whitesmoke` for a dark brand, `#333` for a light one in the social
    /// style), framed to its outline when `size` is auto (shields' `logoSize=auto`, when the
    /// outline is not square); any other SVG recoloured only when `color` is given. Without
    /// auto, 14 px wide.
    func prepared(style: BadgeStyle, color: SVGColor?, size: BadgeLogoSize) throws(CurveTypeError) -> (picture: FrameImage.Content, width: Double) {
        func width(aspect: Double) -> Double { size == .auto ? max(1, (14 * aspect).rounded()) : 14 }
        func vector(_ svg: SafeSVG) throws(CurveTypeError) -> FrameImage.Content { .vector(try lifting { try svg.image() }) }
        switch drawing {
        case .image(let image):
            return (.raster(image), width(aspect: image.aspectRatio))
        case .svg(var svg):
            guard let brand else { return (try vector(color.map { svg.recoloured($0) } ?? svg), width(aspect: svg.aspectRatio)) }
            var aspect = svg.aspectRatio
            if size == .auto {
                let pathData = brand.pathData
                if let box = (try? Path(svgPathData: pathData))?.bounds(), box.width > 0, box.height > 0 {
                    aspect = box.width / box.height
                    if box.width != box.height { svg = SafeSVG(pathData: pathData, viewBox: box) }
                }
            }
            return (try vector(svg.recoloured(color ?? BadgeColor.brandLogoColor(hex: brand.hex, style: style))), width(aspect: aspect))
        }
    }

    private static func decodeDataURL(_ url: String) throws(CurveTypeError) -> (format: String, bytes: [UInt8]) {
        guard let comma = url.firstIndex(of: ",") else { throw .invalidInput("the logo data URL has no ',' before its data") }
        let header = url[url.index(url.startIndex, offsetBy: 5)..<comma].lowercased()
        let data = String(url[url.index(after: comma)...])
        let parts = header.split(separator: ";").map { $0.trimmed() }
        let format = parts.first ?? ""
        guard ["image/svg+xml", "image/png", "image/jpeg", "image/jpg"].contains(format) else {
            throw .invalidInput("the logo must be SVG, PNG or JPEG (data:image/svg+xml, image/png or image/jpeg), not \(parts.first.map { "data:" + $0 } ?? "an untyped data URL")")
        }
        if parts.contains("base64") {
            guard let decoded = Data(base64Encoded: data.filter { !$0.isWhitespace }) else {
                throw .invalidInput("the logo's base64 data is not valid base64")
            }
            return (format, [UInt8](decoded))
        }
        guard let bytes = percentDecoded(data) else { throw .invalidInput("the logo data URL has bad percent-encoding") }
        return (format, bytes)
    }

    /// RFC 3986 percent-decoding: `%` and two hex digits give one byte; any other `%` is an error.
    /// By hand: FoundationEssentials, which the shipped binary links, has no `removingPercentEncoding`.
    private static func percentDecoded(_ text: some StringProtocol) -> [UInt8]? {
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        var input = text.utf8.makeIterator()
        while let byte = input.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = input.next().flatMap(hexValue), let low = input.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}

/// Everything that makes one badge.
public struct BadgeRequest: Sendable {
    /// The left half's text; empty for a message-only badge.
    public var label: String
    /// The right half's text.
    public var message: String
    /// The message's background; `nil` is shields' default, brightgreen.
    public var color: SVGColor?
    /// The label's background; `nil` is `#555`.
    public var labelColor: SVGColor?
    /// shields' style: sizes, padding, corners and letter case.
    public var style: BadgeStyle
    /// The text font; `nil` is bundled DejaVu Sans (and DejaVu Sans Bold where the style is bold).
    public var font: FontRequest?
    /// Fonts tried before Fontconfig for characters the font lacks (emoji, CJK).
    public var fallbackFonts: [FontRequest]
    /// OpenType features for HarfBuzz; they change the measured widths too.
    public var features: [FontFeature]
    /// Where the message half (or, alone, the whole badge) links: http, https or mailto.
    public var link: String?
    /// Where the label half links.
    public var labelLink: String?
    /// A logo drawn before the label; `nil` for none.
    public var logo: BadgeLogo?
    /// Paints every colour of an SVG logo; for a named logo, `nil` is its brand colour.
    public var logoColor: SVGColor?
    /// How wide the logo is drawn: shields' 14 px square, or its own proportions.
    public var logoSize: BadgeLogoSize
    /// The logo box's width in px (shields' `logoWidth`), overriding `logoSize`; 0…100.
    public var logoWidth: Double?
    /// The accessible name and `<title>`; `nil` is "label: message".
    public var title: String?
    /// `outlines` writes each glyph as a path (the same in every viewer); `text` writes `<text>`
    /// elements (selectable, drawn by the viewer's fonts).
    public var glyphs: GlyphMode
    /// The parts of a badge of other than shields' two (1 to `BadgeRequest.maximumParts`), each
    /// with its own colour, logo and link; empty for the label and message. With parts, the
    /// label, message, their colours, links and logo are left empty.
    public var parts: [BadgePart] = []
    /// Parts in a row: a grid of rows, each drawn as a badge, every column as wide as its
    /// widest part; `nil` is one row of every part.
    public var columns: Int?
    /// A bar filled to this share of the last part (the message), 0…1.
    public var progress: BadgeProgress?
    /// Which page the colours are chosen for: shields' own, light, dark, or both at once.
    public var theme: BadgeTheme = .shields

    /// The most parts a badge has.
    public static let maximumParts = 64
    /// The most parts in a row.
    public static let maximumColumns = 8

    /// A badge of `label` and `message`; every other property as shields' defaults.
    public init(label: String, message: String, color: SVGColor? = nil, labelColor: SVGColor? = nil,
                style: BadgeStyle = .flat, font: FontRequest? = nil, fallbackFonts: [FontRequest] = [],
                features: [FontFeature] = [],
                link: String? = nil, labelLink: String? = nil, logo: BadgeLogo? = nil,
                logoColor: SVGColor? = nil, logoSize: BadgeLogoSize = .square, logoWidth: Double? = nil, title: String? = nil, glyphs: GlyphMode = .outlines) {
        self.label = label
        self.message = message
        self.color = color
        self.labelColor = labelColor
        self.style = style
        self.font = font
        self.fallbackFonts = fallbackFonts
        self.features = features
        self.link = link
        self.labelLink = labelLink
        self.logo = logo
        self.logoColor = logoColor
        self.logoSize = logoSize
        self.logoWidth = logoWidth
        self.title = title
        self.glyphs = glyphs
    }

    /// A badge of `parts`, in rows of `columns` (`nil`: one row); every other property as
    /// shields' defaults. Two parts in one row draw as shields' label and message.
    public init(parts: [BadgePart], columns: Int? = nil, style: BadgeStyle = .flat, progress: BadgeProgress? = nil) {
        self.init(label: "", message: "", style: style)
        self.parts = parts
        self.columns = columns
        self.progress = progress
    }

    /// The parts drawn: `parts`, or the label (its colour, logo and label link) and the
    /// message (its colour and link).
    var drawnParts: [BadgePart] {
        guard parts.isEmpty else { return parts }
        return [BadgePart(label, color: labelColor, logo: logo, link: labelLink), BadgePart(message, color: color, link: link)]
    }
}

/// A progress bar drawn in a badge's last part: the share filled, left to right, over a track.
public struct BadgeProgress: Sendable, Hashable {
    /// The share filled, 0…1.
    public var value: Double
    /// The fill: `nil` is shields' coverage colour for the value (red at 0, yellow under 80 %,
    /// yellowgreen under 90 %, green under 100 %, brightgreen at 100 %).
    public var color: SVGColor?
    /// Fill with a gradient from red through yellow to brightgreen across the whole bar, so
    /// the fill's end has the colour of its value.
    public var gradient: Bool
    /// The unfilled part of the bar; `nil` is lightgrey (#9f9f9f).
    public var trackColor: SVGColor?

    /// A bar filled to `value` (0…1).
    public init(_ value: Double, color: SVGColor? = nil, gradient: Bool = false, trackColor: SVGColor? = nil) {
        self.value = value
        self.color = color
        self.gradient = gradient
        self.trackColor = trackColor
    }

    /// shields' colour for a coverage percentage (`coveragePercentage` in its
    /// `services/color-formatters.js`): red at 0 or below, yellow under 80, yellowgreen
    /// under 90, green under 100, else brightgreen.
    public static func coverageColor(percent: Double) -> SVGColor {
        let name = percent <= 0 ? "#e05d44" : percent < 80 ? "#dfb317" : percent < 90 ? "#a4a61d" : percent < 100 ? "#97ca00" : "#44cc11"
        return SVGColor(written: name)
    }

    /// A value as `--progress` takes it: a share (0.75) or a percentage (75%); `nil` for
    /// anything else or outside 0…1.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmed()
        let percent = trimmed.hasSuffix("%")
        let digits = percent ? String(trimmed.dropLast()) : trimmed
        // Decimal only: Swift's Double("0x1") is 1, a hexadecimal float no one means by a share.
        guard digits.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let number = Double(digits), number.isFinite else { return nil }
        let value = percent ? number / 100 : number
        return (0...1).contains(value) ? value : nil
    }
}

/// A rendered badge.
public struct BadgeResult: Sendable {
    /// What was drawn, apart from its encoding: the frame every writer (SVG, PNG, PDF) draws,
    /// or a build script post-processes (px, y down).
    public let frame: Frame
    /// The style it was drawn in.
    public let style: BadgeStyle
    /// Where every part went; the badge's size is `geometry.width` × `geometry.height` px.
    public let geometry: BadgeGeometry
    /// The label and message as drawn (trimmed, cased as the style sets them, controls removed).
    public let label: String
    /// The message as drawn (upper case for for-the-badge): the last part's text.
    public let message: String
    /// Every part's text as drawn, row by row (a row of one part has an empty label before it).
    public let texts: [String]
    /// Whether the badge is shields' label and message (its layout report says just those).
    let isTwoPart: Bool
    /// What a user should hear about the drawing, in the order it happened (see
    /// ``CurveTypeWarning``).
    public let warnings: [CurveTypeWarning]

    /// The badge's geometry as JSON (see `LayoutReport`).
    public var layoutJSON: String { LayoutJSON.write(layoutReport) }
}

/// Where a badge's parts go, px, y down, origin at the badge's top-left corner: shields'
/// arithmetic, fed with shaped text widths instead of lookup tables. A badge of shields' two
/// parts reads as its label and message halves; any badge as its `cells`.
public struct BadgeGeometry: Sendable, Hashable {
    /// The badge's height, px: the style's (18 for plastic, 28 for for-the-badge, else 20)
    /// times the rows.
    public var height: Double
    /// The first row's text baseline, px.
    public var baseline: Double
    /// Every part's place, row by row.
    public var cells: [BadgeCell]
    /// Parts in a row.
    public var columns: Int

    init(height: Double, baseline: Double, cells: [BadgeCell], columns: Int) {
        self.height = height
        self.baseline = baseline
        self.cells = cells
        self.columns = columns
    }

    /// The whole badge's width, px.
    public var width: Double { cells.prefix(columns).last?.box.maxX ?? 0 }
    /// The first part's (the label's) box width, px, logo included; 0 where it draws no box.
    public var leftWidth: Double { cells.first?.box.width ?? 0 }
    /// The width of the first row's parts after the first (shields' message half), px.
    public var rightWidth: Double { width - leftWidth }
    /// The x the label is centred on, px.
    public var labelCenter: Double { cells.first?.textCenter ?? 0 }
    /// The x the last part (shields' message) of the first row is centred on, px.
    public var messageCenter: Double { cells.prefix(columns).last?.textCenter ?? 0 }
    /// The label's width after shields' rounding (`textLength` in text mode), px.
    public var labelTextWidth: Double { cells.first?.textWidth ?? 0 }
    /// The message's width after shields' rounding, px.
    public var messageTextWidth: Double { cells.prefix(columns).last?.textWidth ?? 0 }
    /// The first logo's box, if there is a logo.
    public var logo: Rect? { cells.lazy.compactMap(\.logo).first }
    /// Whether the label box is drawn (a label, or a logo against a given label colour).
    public var hasLabelBox: Bool { cells.first?.hasBox ?? false }

    /// shields' rounding of a measured width: down to a whole px, then up to an odd number
    /// "for pixel grid alignment".
    public static func roundedUpToOdd(_ width: Double) -> Double {
        let whole = width.rounded(.down)
        return whole.truncatingRemainder(dividingBy: 2) == 0 ? whole + 1 : whole
    }

    /// The geometry shields computes for a badge of `style` from its measured texts.
    ///
    /// - Parameters:
    ///   - style: the badge's style, which sets its height, padding and letter spacing.
    ///   - labelWidth: the label's shaped advance width in px (0 for an empty label), at the
    ///     style's size, tracking not included.
    ///   - labelCount: the label's clusters, for for-the-badge's letter spacing.
    ///   - messageWidth: the message's width, as `labelWidth`.
    ///   - messageCount: the message's clusters, as `labelCount`.
    ///   - logoWidth: px, `nil` without a logo (its height is always 14 px).
    ///   - labelColorGiven: whether a label colour was given (shields then keeps the label box).
    public init(style: BadgeStyle, labelWidth: Double, labelCount: Int, messageWidth: Double,
                messageCount: Int, logoWidth: Double?, labelColorGiven: Bool) {
        self.init(style: style, parts: [
            BadgePartMeasure(textWidth: labelWidth, clusters: labelCount, logoWidth: logoWidth, colorGiven: labelColorGiven),
            BadgePartMeasure(textWidth: messageWidth, clusters: messageCount, logoWidth: nil, colorGiven: true),
        ], columns: nil)
    }
}
