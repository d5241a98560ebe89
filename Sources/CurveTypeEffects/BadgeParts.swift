import CurveTypeFrame
import CurveTypeGeometry

/// One part of a badge of several parts (shields draws two: the label and the message).
public struct BadgePart: Sendable {
    /// The part's text; empty draws an empty box (the first part: no box, as shields' empty
    /// label).
    public var text: String
    /// The part's background; `nil` is `#555` for the first part and brightgreen for the
    /// others, shields' label and message colours.
    public var color: SVGColor?
    /// A logo drawn before the part's text.
    public var logo: BadgeLogo?
    /// Where the part links: http, https or mailto. A link on the last part alone covers the
    /// whole badge, as shields' one link does.
    public var link: String?

    /// A part of `text`, its colour, logo and link.
    public init(_ text: String, color: SVGColor? = nil, logo: BadgeLogo? = nil, link: String? = nil) {
        self.text = text
        self.color = color
        self.logo = logo
        self.link = link
    }
}

/// Where one part of a badge goes, px, y down, origin at the badge's top-left corner.
public struct BadgeCell: Sendable, Hashable {
    /// The part's box; 0 wide where the first part draws no box (an empty label without a colour).
    public var box: Rect
    /// The x its text is centred on.
    public var textCenter: Double
    /// The text's width after shields' rounding (`textLength` in text mode).
    public var textWidth: Double
    /// The text's baseline.
    public var baseline: Double
    /// The logo's box, if the part has a logo.
    public var logo: Rect?
    /// The grid's row and column (0, k for a badge of one row).
    public var row: Int
    /// See `row`.
    public var column: Int

    /// Whether the box is drawn.
    public var hasBox: Bool { box.width > 0 }
}

/// What the geometry needs of one part: its text's measure and its logo's width.
struct BadgePartMeasure {
    /// The shaped advance width, px, tracking not included; 0 for no text.
    var textWidth: Double
    /// Clusters, for for-the-badge's letter spacing; 0 for no text.
    var clusters: Int
    /// The logo box's width, px; `nil` without a logo (its height is always 14 px).
    var logoWidth: Double?
    /// Whether the part's colour was given (shields then keeps an empty label's box).
    var colorGiven: Bool

    var hasText: Bool { clusters > 0 }
}

extension BadgeGeometry {
    /// The style's height, px, and text baseline.
    static func heightAndBaseline(_ style: BadgeStyle) -> (height: Double, baseline: Double) {
        switch style {
        case .plastic: (18, 13)
        case .forTheBadge: (28, 17.5)
        case .flat, .flatSquare, .social: (20, 14)
        }
    }

    /// A logo's box, px: 14 px high at shields' height in the style (3 px down in social, 7 in
    /// for-the-badge, else centred), its left edge at `x`, in the row whose top is `top`.
    static func logoBox(_ style: BadgeStyle, x: Double, width: Double, top: Double) -> Rect {
        let y = top + (style == .social ? 3 : style == .forTheBadge ? 7 : (heightAndBaseline(style).height - 14) / 2)
        return Rect(minX: x, minY: y, maxX: x + width, maxY: y + 14)
    }

    /// One part's box from `x0` as shields' arithmetic places it: the first part of a row as
    /// its label, every later part as its message. Returns the width, the text's centre and
    /// rounded width, and the logo's left edge, all px, x from the badge's left.
    ///
    /// shields has two parts; a later part's own logo is placed as shields places the logo of
    /// a badge without a label (the one case where its message part holds a logo), so the two
    /// parts of shields' badges come out exactly as shields draws them.
    static func natural(_ style: BadgeStyle, _ part: BadgePartMeasure, first: Bool,
                        x0: Double) -> (width: Double, center: Double, textWidth: Double, logoX: Double?) {
        switch style {
        case .flat, .flatSquare, .plastic:
            let padding = 5.0
            if first {
                let totalLogo = part.logoWidth.map { $0 + (part.hasText ? 3 : 0) } ?? 0
                let textWidth = part.hasText ? roundedUpToOdd(part.textWidth) : 0
                let hasBox = part.hasText || part.colorGiven
                return (hasBox ? textWidth + 2 * padding + totalLogo : 0, totalLogo + 1 + textWidth / 2 + padding, textWidth,
                        part.logoWidth.map { _ in padding })
            }
            let textWidth = roundedUpToOdd(part.textWidth)
            // A logo in this part (its own, or an empty label's): shields' logo width without
            // the 3 px gap it adds before a label's text.
            let totalLogo = part.logoWidth
            var margin = x0 - 1
            if let totalLogo { margin += totalLogo + padding } else if x0 == 0 { margin += 1 }
            let width = textWidth + 2 * padding + (totalLogo.map { $0 + padding - 1 } ?? 0)
            return (width, margin + textWidth / 2 + padding, textWidth, part.logoWidth.map { _ in x0 + padding })
        case .forTheBadge:
            let textMargin = 12.0, logoMargin = 9.0, logoGutter = 6.0, spacing = 1.25
            let textWidth = part.hasText || !first ? part.textWidth.rounded(.down) + spacing * Double(part.clusters) : 0
            if first {
                let hasBox = part.hasText || (part.logoWidth != nil && part.colorGiven)
                let textMinX = part.logoWidth.map { logoMargin + $0 + logoGutter } ?? textMargin
                let width = hasBox ? (part.hasText ? textMinX + textWidth + textMargin : 2 * logoMargin + (part.logoWidth ?? 0)) : 0
                return (width, textMinX + textWidth / 2, textWidth, part.logoWidth.map { _ in logoMargin })
            }
            let logo = part.logoWidth.map { $0 + logoGutter } ?? 0
            let textMinX = x0 + textMargin + logo
            return (2 * textMargin + logo + textWidth, textMinX + textWidth / 2, textWidth, part.logoWidth.map { _ in x0 + logoMargin })
        case .social:
            let labelPadding = 5.0, messagePadding = 4.0, gutter = 6.0
            if first {
                let totalLogo = part.logoWidth.map { $0 + (part.hasText ? 3 : 0) } ?? 0
                let textWidth = part.hasText ? roundedUpToOdd(part.textWidth) : 0
                let rect = textWidth + totalLogo + 2 * labelPadding
                return (rect + 1, totalLogo + textWidth / 2 + labelPadding, textWidth, part.logoWidth.map { _ in labelPadding })
            }
            // Each later part is a speech bubble, its notch 1 px into the space before it.
            let textWidth = roundedUpToOdd(part.textWidth)
            let logo = part.logoWidth.map { $0 + 3 } ?? 0
            let anchor = x0 - 1
            return (gutter + textWidth + logo + 2 * messagePadding, anchor + gutter + messagePadding + logo + textWidth / 2, textWidth,
                    part.logoWidth.map { _ in anchor + gutter + messagePadding + 0.5 })
        }
    }

    /// One row's parts, each where its neighbours leave it: the natural placement and the
    /// width of the logo it holds. A first part without a box hands its logo to the next, as
    /// shields moves an empty label's logo into the message.
    static func placeRow(_ style: BadgeStyle, _ parts: ArraySlice<BadgePartMeasure>)
        -> [(width: Double, center: Double, textWidth: Double, logoX: Double?, logoWidth: Double?)] {
        var placed: [(width: Double, center: Double, textWidth: Double, logoX: Double?, logoWidth: Double?)] = []
        placed.reserveCapacity(parts.count)
        var x0 = 0.0
        var carried: Double?
        for (index, var part) in parts.enumerated() {
            if index > 0, let width = carried { part.logoWidth = width; carried = nil }
            let cell = Self.natural(style, part, first: index == 0, x0: x0)
            if index == 0 && cell.width == 0 && part.logoWidth != nil {
                carried = part.logoWidth
                placed.append((cell.width, cell.center, cell.textWidth, nil, nil))
            } else {
                placed.append((cell.width, cell.center, cell.textWidth, cell.logoX, part.logoWidth))
            }
            x0 += cell.width
        }
        return placed
    }

    /// The geometry of a badge of `parts` in rows of `columns` (all of them when `nil`): each
    /// row a badge in shields' arithmetic (`placeRow`), every column of a grid as wide as its
    /// widest part, a widened part's text and logo centred in the room it gains.
    init(style: BadgeStyle, parts: [BadgePartMeasure], columns: Int?) {
        let (height, baseline) = Self.heightAndBaseline(style)
        let columns = max(1, columns ?? parts.count)
        let rowCount = (parts.count + columns - 1) / columns
        var cells: [BadgeCell] = []
        cells.reserveCapacity(parts.count)
        // Row `r`'s cells, each as wide as `widths` says (its own width where `nil`), a widened
        // part's text and logo shifted to the middle of the room it gains.
        func append(row r: Int, _ row: [(width: Double, center: Double, textWidth: Double, logoX: Double?, logoWidth: Double?)],
                    widths: [Double]?) {
            var x = 0.0, natX = 0.0
            let top = Double(r) * height
            for (c, cell) in row.enumerated() {
                let width = widths?[c] ?? cell.width
                let shift = x - natX + (width - cell.width) / 2
                let logo = cell.logoX.flatMap { x in cell.logoWidth.map { Self.logoBox(style, x: x + shift, width: $0, top: top) } }
                cells.append(BadgeCell(box: Rect(minX: x, minY: top, maxX: x + width, maxY: top + height),
                                       textCenter: cell.center + shift, textWidth: cell.textWidth, baseline: top + baseline,
                                       logo: logo, row: r, column: c))
                x += width
                natX += cell.width
            }
        }
        if rowCount == 1 {
            append(row: 0, Self.placeRow(style, parts[...]), widths: nil)
        } else {
            let rows = (0..<rowCount).map { row in Self.placeRow(style, parts[(row * columns)..<min(parts.count, (row + 1) * columns)]) }
            // Column widths: the widest part of each column.
            var widths = [Double](repeating: 0, count: columns)
            for row in rows { for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.width) } }
            for (r, row) in rows.enumerated() { append(row: r, row, widths: widths) }
        }
        self.init(height: height * Double(rowCount), baseline: baseline, cells: cells, columns: columns)
    }
}
