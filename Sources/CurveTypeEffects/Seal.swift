import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A seal or stamp: rings of text arcs between borders round a circle or an ellipse, and a
/// centre of fitted text rows and a logo; or a name seal (`name`): characters in columns read
/// from the right, each stretched to its cell.
public struct SealRequest: Sendable {
    /// Text round the ring, spread evenly over the whole circle (sweep 360°), reading clockwise
    /// from 12 o'clock with its middle at the top; used when `rings` is empty ("" for none).
    public var ring: String
    /// Text fitted into the free disc inside the rings; `\n` breaks lines; "" for none.
    public var center: String
    /// Outer radius, px (the horizontal semi-axis of an ellipse); `nil`: 80 px, or larger where
    /// the rings' text needs more room (their size then defaults to 12 px, not a share of it).
    public var radius: Double?
    /// The vertical semi-axis of an elliptical seal, px; `nil` makes a circle.
    public var radiusY: Double?
    /// Ring text size, px; `nil` is 15 % of the (smaller) radius given, or 12 px.
    public var ringSize: Double?
    /// Space between a ring's text and the borders either side, px; `nil` is 30 % of the ring's
    /// largest text size, at least 2 px.
    public var gap: Double?
    /// The rings from the outside in, each a border and its arcs; empty: one ring of `ring`
    /// inside a 3 px border.
    public var rings: [SealRing]
    /// The border inside the last ring, round the centre.
    public var innerBorder: SealBorder
    /// A logo in the centre, above any centre text.
    public var centerLogo: BadgeLogo?
    /// The centre logo's height, px: then it stands at the seal's very centre (an official
    /// seal's star) and the centre text is fitted below it; `nil`: sized with the text, above
    /// it.
    public var centerLogoSize: Double?
    /// Font of the ring text; `nil` is bundled DejaVu Sans Bold.
    public var font: FontRequest?
    /// Font of the centre text; `nil` is the ring's font.
    public var centerFont: FontRequest?
    /// Fonts tried, in order, before Fontconfig for characters `font` lacks (emoji, CJK).
    public var fallbackFonts: [FontRequest]
    /// OpenType features for HarfBuzz, for the ring and the centre.
    public var features: [FontFeature]
    /// Rings and text.
    public var color: SVGColor
    /// The centre text, if not `color`.
    public var centerColor: SVGColor?
    /// Fill inside the outer ring; `nil` leaves it clear.
    public var background: SVGColor?
    /// A name seal instead of rings and a centre.
    public var name: NameSeal?
    /// Mirror the whole drawing left to right, as a rubber stamp is cut.
    public var mirror: Bool
    /// Ink becomes the ground: the seal filled with `color`, its text and borders in the
    /// background colour, as an engraved plate.
    public var negative: Bool
    /// The accessible name and `<title>`; `nil` uses the drawing's text.
    public var title: String?
    /// `outlines` writes each glyph as a path (the same in every viewer); `text` writes `<text>`
    /// elements (selectable, drawn by the viewer's fonts).
    public var glyphs: GlyphMode
    /// Which way the ring text's glyphs stand (every ring and arc; not the centre, borders or
    /// separators): `.sideways` along the ring, `.upright` in vertical writing down it, CJK
    /// upright in its vertical forms.
    public var orientation: GlyphOrientation = .sideways
    /// What the room of a ring's arcs with a sweep (a `--ring`, a `--top-sweep`) stretches:
    /// the gaps between words, or Arabic words by kashida first.
    public var justify: Justification = .gaps

    /// A seal of `ring` round `center`; every other property as the command line's defaults.
    public init(ring: String, center: String, radius: Double? = nil, radiusY: Double? = nil, ringSize: Double? = nil, gap: Double? = nil,
                rings: [SealRing] = [], innerBorder: SealBorder = SealBorder(.solid, width: 1.5), centerLogo: BadgeLogo? = nil,
                font: FontRequest? = nil, centerFont: FontRequest? = nil, fallbackFonts: [FontRequest] = [],
                features: [FontFeature] = [],
                color: SVGColor = SVGColor(red: 0, green: 0x7E, blue: 0xC6), centerColor: SVGColor? = nil,
                background: SVGColor? = SVGColor(red: 255, green: 255, blue: 255), name: NameSeal? = nil,
                mirror: Bool = false, negative: Bool = false, title: String? = nil,
                glyphs: GlyphMode = .outlines) {
        self.ring = ring
        self.center = center
        self.radius = radius
        self.radiusY = radiusY
        self.ringSize = ringSize
        self.gap = gap
        self.rings = rings
        self.innerBorder = innerBorder
        self.centerLogo = centerLogo
        self.font = font
        self.centerFont = centerFont
        self.fallbackFonts = fallbackFonts
        self.features = features
        self.color = color
        self.centerColor = centerColor
        self.background = background
        self.name = name
        self.mirror = mirror
        self.negative = negative
        self.title = title
        self.glyphs = glyphs
    }

    /// The outer border of a seal given by `ring`, px.
    public static let outerBorder = SealBorder(.solid, width: 3)

    /// Sets the rings as the command line, batch jobs and the server build them: `ring`, text
    /// spread round the whole circle; or the k-th of `top` and of `bottom` sharing ring k, from
    /// the outside in, with `separator` (or `separatorLogo`, `separatorSize` px) in each gap.
    /// `borders`, from the outside in: one a text ring, then the inner one; more than that are
    /// rings of their own outside the text. Refuses a ring with arcs, separators on a ring that
    /// fills the circle, and separator settings without a separator.
    public mutating func setRings(ring: String?, top: [SealArc], bottom: [SealArc], separator: String? = nil,
                                  separatorLogo: BadgeLogo? = nil, separatorSize: Double? = nil, borders: [SealBorder] = []) throws(CurveTypeError) {
        if ring != nil {
            if !top.isEmpty || !bottom.isEmpty {
                throw .invalidInput("\(parameter: "ring") fills the whole circle: give it, or \(parameter: "top") and \(parameter: "bottom") arcs, not both")
            }
            if separator != nil || separatorLogo != nil {
                throw .invalidInput("\(parameter: "ring") fills the whole circle, leaving no gap for \(parameter: separator != nil ? "separator" : "separatorLogo"): give \(parameter: "top") and \(parameter: "bottom") arcs instead")
            }
        }
        if let size = separatorSize, separator == nil && separatorLogo == nil {
            throw .invalidInput("\(parameter: "separatorSize") \(px: size) sizes separators: give \(parameter: "separator") or \(parameter: "separatorLogo")")
        }
        if separator != nil && separatorLogo != nil {
            throw .invalidInput("give \(parameter: "separator") or \(parameter: "separatorLogo"), not both")
        }
        var rings: [SealRing] = []
        if let ring {
            rings = [SealRing(arcs: [SealArc(ring, side: .top, sweep: 360)], border: Self.outerBorder)]
        } else {
            for k in 0..<max(top.count, bottom.count) {
                var arcs: [SealArc] = []
                if k < top.count { arcs.append(top[k]) }
                if k < bottom.count { arcs.append(bottom[k]) }
                rings.append(SealRing(arcs: arcs, separator: separator, separatorLogo: separatorLogo, separatorSize: separatorSize,
                                      border: k == 0 ? Self.outerBorder : SealBorder(.solid, width: 1.5)))
            }
        }
        if !borders.isEmpty {
            let extra = max(0, borders.count - rings.count - 1)
            rings.insert(contentsOf: borders.prefix(extra).map { SealRing(arcs: [], border: $0) }, at: 0)
            let rest = Array(borders.dropFirst(extra))
            for k in rings.indices.dropFirst(extra) where k - extra < rest.count { rings[k].border = rest[k - extra] }
            if rest.count > rings.count - extra { innerBorder = rest[rings.count - extra] }
        }
        self.rings = rings
    }
}

/// A name seal (Japanese inkan, Chinese 印章): two to nine characters in columns read from the
/// right, top to bottom, each stretched to fill its cell.
public struct NameSeal: Sendable {
    /// The characters (grapheme clusters), in reading order.
    public var text: String
    /// Columns; `nil` chooses from the count (1–3: one column, 4: 2×2, 5–6: 2×3, 7–9: 3×3).
    public var columns: Int?
    /// Characters per full column; `nil` chooses as `columns`.
    public var rows: Int?
    /// A square seal; otherwise round (or elliptical, with the seal's `radiusY`).
    public var square: Bool
    /// The border; `nil` is solid, 7 % of the radius wide.
    public var border: SealBorder?

    /// A name seal of `text`.
    public init(_ text: String, columns: Int? = nil, rows: Int? = nil, square: Bool = true, border: SealBorder? = nil) {
        self.text = text
        self.columns = columns
        self.rows = rows
        self.square = square
        self.border = border
    }
}

/// An arc as drawn.
public struct SealArcLayout: Sendable {
    /// Which ring, 0 outermost.
    public let ring: Int
    /// Top or bottom.
    public let side: SealArcSide
    /// The placed text.
    public let text: CurveTextLayout
    /// The baseline's distance inward from the seal's outer edge, px (a circle's baseline
    /// radius is the radius less this).
    public let baselineInset: Double
    /// Its ink's span across the ring, as distances inward from the outer edge, px.
    public let inkInsets: ClosedRange<Double>
    /// Where the arc begins and ends round the ring, clockwise: degrees from 12 o'clock.
    public let angles: (from: Double, to: Double)
    /// How much narrower its letters are drawn than shaped (1: not squeezed).
    public let squeeze: Double
}

/// A border as drawn: its style and the span it covers, inward from the outer edge, px.
public struct SealBorderLayout: Sendable {
    /// Its style and width.
    public let border: SealBorder
    /// From its outer edge to its inner edge, px inward from the seal's outer edge.
    public let insets: ClosedRange<Double>
}

/// A rendered seal.
public struct SealResult: Sendable {
    /// What was drawn, apart from its encoding: the frame every writer (SVG, PNG, PDF) draws,
    /// or a build script post-processes (px, y down).
    public let frame: Frame
    /// Width of the canvas, px.
    public let size: Double
    /// The seal's centre, px.
    public let center: Point
    /// Semi-axes of the outer edge, px (equal for a circle).
    public let radii: (x: Double, y: Double)
    /// Every arc, ring by ring, in the order given.
    public let arcs: [SealArcLayout]
    /// Each text ring's band (the ink of its arcs, from the outermost to the innermost),
    /// inward from the outer edge, px.
    public let bands: [ClosedRange<Double>]
    /// Every border, from the outside in.
    public let borders: [SealBorderLayout]
    /// The separators, each laid on its ring.
    public let separators: [CurveTextLayout]
    /// The centre text, fitted to the free disc; `nil` for none.
    public let centerText: FittedText?
    /// A name seal's cells, in reading order, px.
    public let cells: [Rect]
    /// What a user should hear about the drawing, in the order it happened (see
    /// ``CurveTypeWarning``).
    public let warnings: [CurveTypeWarning]
    /// Whether the drawing is mirrored left to right, as a rubber stamp is cut; the layouts
    /// above are the seal as read.
    public let mirrored: Bool

    /// The first arc's baseline radius, px (a circle's radius less its inset).
    public var baselineRadius: Double { arcs.first.map { radii.x - $0.baselineInset } ?? 0 }
    /// The middle of the innermost border's line, px from the centre.
    public var innerRadius: Double { borders.last.map { radii.x - ($0.insets.lowerBound + $0.insets.upperBound) / 2 } ?? radii.x }

    /// The layout report in its documented bytes (see `SealLayoutReport`), px.
    public var layoutJSON: String { LayoutJSON.write(layoutReport) }
}

extension SealRequest {
    /// The smallest radius, px: 2.6 mm, a 5.3 mm seal (the smallest inkan are 8 mm across).
    public static let smallestRadius = 10.0

    /// Renders the seal: at its radius, or without one at the smallest of 80 px and steps of
    /// 4 % up to 2000 px where the text has room.
    public func render() throws(CurveTypeError) -> SealResult {
        var r = radius ?? 80
        while true {
            var room = SealDrawing.Room()
            do {
                return try render(radius: r, room: &room)
            } catch {
                guard radius == nil, room.wanting, r < 2000 else { throw error }
                // Steps the failing ring is known to need taken at once, without drawing.
                // (Less half a pixel: the hint is measured at the baseline, which moves a little
                // with the radius.)
                repeat { r = min(2000, (r * 1.04).rounded(.up)) } while r < min(room.radiusHint - 0.5, 2000)
            }
        }
    }

    /// Renders the seal at radius `radius`; `room` says whether an error was for want of room.
    private func render(radius: Double, room: inout SealDrawing.Room) throws(CurveTypeError) -> SealResult {
        try TextInput.checkLength(ring, "the ring text")
        try TextInput.checkLength(center, "the centre text")
        if let title { try TextInput.checkLength(title, "the title") }
        for (name, value) in [("radius", radius), ("vertical radius", radiusY ?? radius)] {
            guard value.isFinite, value >= Self.smallestRadius, value <= 2000 else {
                throw .invalidInput("the seal's \(name) must be from \(px: Self.smallestRadius) to \(px: 2000), not \(px: value)")
            }
        }
        if let gap, !(gap.isFinite && gap >= 0 && gap <= 100) {
            throw .invalidInput("\(parameter: "gap") must be from \(px: 0) to \(px: 100), not \(px: gap)")
        }
        guard rings.count <= 8 else {
            // Said as the user gave them: text rings, and borders outside them (each --border
            // past the first of each text ring and the inner one is a ring of its own).
            let texts = rings.filter { !$0.arcs.isEmpty }.count
            throw .invalidInput("a seal has at most 8 rings, not \(rings.count): \(texts) of text, and \(rings.count - texts) of the \(parameter: "border") values past one for each text ring and the inner one")
        }
        guard rings.reduce(0, { $0 + $1.arcs.count }) <= 16 else { throw .invalidInput("a seal has at most 16 arcs") }
        if negative && background == nil {
            throw .invalidInput("a negative seal draws its text in the background colour: give one, not none")
        }
        if negative && (centerColor != nil || rings.contains { $0.arcs.contains { $0.color != nil } }) {
            throw .invalidInput("a negative seal draws all its text in the background colour: leave out the text's own colours")
        }
        let padding = 2.0
        let ry = radiusY ?? radius
        let outline = SealOutline(center: Point(x: radius + padding, y: ry + padding), rx: radius, ry: ry, square: name?.square ?? false)
        var drawing = SealDrawing(request: self, outline: outline, sized: self.radius != nil)
        do {
            if let name {
                try drawing.drawName(name)
            } else {
                try drawing.drawRings()
                try drawing.drawCenter()
            }
        } catch {
            room = drawing.room
            throw error
        }
        let width = 2 * (radius + padding), height = 2 * (ry + padding)
        let ink = negative ? background ?? color : color
        let paper = negative ? color : background

        var items: [FrameItem] = []
        // The paper the seal is printed on: the ground under it (and, for a machine, the
        // material, not a path to cut).
        var ground: [FrameItem] = []
        if let paper {
            // Under a solid outer line the fill stops at its middle, so no fringe of it shows
            // round the line's antialiased edge.
            var fillInset = 0.0
            if !negative, let first = drawing.borders.first, first.insets.lowerBound == 0 {
                switch first.border.style {
                case .solid, .double: fillInset = first.border.width / 2
                default: break
                }
            }
            ground.append(.shape(FrameShape(outline.geometry(inset: fillInset), style: [.fill(.color(paper))])))
        }
        items += drawing.borderItems(ink: ink)
        let fills = drawing.layouts.map { negative ? ink : $0.color ?? ink }
        if drawing.bentArcs.isEmpty || glyphs == .text {
            items += glyphItems(drawing.layouts.map(\.layout), mode: glyphs, fills: fills)
        } else {
            for (index, laid) in drawing.layouts.enumerated() {
                items += drawing.bentArcs[index]?.items(laid.layout, mode: glyphs, fill: fills[index]) ?? glyphItems([laid.layout], mode: glyphs, fill: fills[index])
            }
        }
        if !drawing.mappedGlyphs.isEmpty {
            items.append(.group(FrameGroup(style: [.fill(.color(ink))], items: drawing.mappedGlyphs)))
        }
        // Squeezed arcs: each glyph at its place and turn, scaled across by the squeeze.
        for (layout, color, squeeze) in drawing.squeezed {
            let glyphs = layout.glyphs.map { g in
                let a = g.angle * .pi / 180
                let map = AffineMap(a: cos(a) * squeeze, b: sin(a) * squeeze, c: -sin(a), d: cos(a), tx: g.origin.x, ty: g.origin.y)
                return FrameGlyph(font: g.font, glyph: g.glyph, scale: g.scale, placement: .mapped(map))
            }
            items.append(.group(FrameGroup(style: [.fill(.color(negative ? ink : color ?? ink))],
                                           items: [.glyphs(GlyphRun(fonts: layout.run.fonts, glyphs: glyphs, text: layout.run.text))])))
            items.append(.textLayer(TextLayer(layout)))
        }
        items += drawing.pictures
        if mirror {
            // The ground is symmetric about the centre: only what lies on it is mirrored.
            items = [.group(FrameGroup(style: [.transform(AffineMap(a: -1, b: 0, c: 0, d: 1, tx: width, ty: 0))], items: items))]
        }
        let label = title.map { TextInput.clean($0).text } ?? drawing.spoken
        let frame = Frame(width: width, height: height, title: label, backdrop: ground, items: items)
        return SealResult(frame: frame, size: width, center: outline.center, radii: (radius, ry),
                          arcs: drawing.arcs, bands: drawing.bands, borders: drawing.borders, separators: drawing.separatorLayouts,
                          centerText: drawing.centerText, cells: drawing.cells, warnings: drawing.warnings, mirrored: mirror)
    }
}

/// A seal being drawn, from the outside in.
struct SealDrawing {
    let request: SealRequest
    let outline: SealOutline
    /// How far in the next part starts, px from the outer edge.
    var inset = 0.0
    var arcs: [SealArcLayout] = []
    var bands: [ClosedRange<Double>] = []
    var borders: [SealBorderLayout] = []
    /// Every run of text: arcs, separators, border glyphs and centre lines, with its colour.
    var layouts: [(layout: CurveTextLayout, color: SVGColor?)] = []
    /// The arcs whose words of joined writing are bent along their ring (by index in `layouts`).
    var bentArcs: [Int: CurveGlyphDrawing] = [:]
    /// Arcs whose letters are squeezed: drawn apart, each glyph scaled across.
    var squeezed: [(layout: CurveTextLayout, color: SVGColor?, squeeze: Double)] = []
    var separatorLayouts: [CurveTextLayout] = []
    var mappedGlyphs: [FrameItem] = []
    var pictures: [FrameItem] = []
    var centerText: FittedText?
    var cells: [Rect] = []
    var warnings: [CurveTypeWarning] = []
    /// The text in reading order, for the title.
    var spoken = ""

    /// Whether the seal's radius was given (else its text sizes are fixed and it grows to fit).
    let sized: Bool
    /// Set before an error for want of room, which a larger seal would not have.
    var room = Room()

    /// Whether the seal wanted room, and the radius below which the failing ring cannot fit, px.
    struct Room {
        var wanting = false
        var radiusHint = 0.0

        /// Room wanted; on a circle, `radius` at least.
        mutating func want(radius: Double = 0) {
            wanting = true
            if radius.isFinite { radiusHint = max(radiusHint, radius) }
        }
    }

    init(request: SealRequest, outline: SealOutline, sized: Bool) {
        self.request = request
        self.outline = outline
        self.sized = sized
    }

    var ringFont: FontRequest { request.font ?? .bundled(.sansBold) }
    var defaultSize: Double { request.ringSize ?? (sized ? min(outline.rx, outline.ry) * 0.15 : 12) }

    mutating func drawRings() throws(CurveTypeError) {
        var rings = request.rings
        if rings.isEmpty && !request.ring.isEmpty {
            rings = [SealRing(arcs: [SealArc(request.ring.trimmed { $0.isSpaceOrNewline }, side: .top, sweep: 360)],
                              border: SealRequest.outerBorder)]
        }
        for (index, ring) in rings.enumerated() {
            // One arc round the whole circle is what a user calls the ring text.
            let filled = ring.arcs.count == 1 && ring.arcs[0].sweep == 360
            try addBorder(ring.border)
            if ring.arcs.isEmpty {
                inset += max(2, ring.border.width)
            } else {
                try addRing(ring, index: index, filled: filled)
            }
        }
        try addBorder(request.innerBorder)
        // The rings must leave a free disc inside the inner border: else it has a negative
        // radius and the inner ring's text meets at the centre.
        let smaller = min(outline.rx, outline.ry)
        let needed = max(4, smaller / 10)
        if smaller - inset < needed {
            room.want(radius: outline.isCircle ? inset + needed : 0)
            throw .invalidInput("the rings and borders are \(px: inset) deep, and a seal of radius \(px: smaller) keeps at least \(px: needed) free inside them: \(growingRemedy(fewer: "rings"))")
        }
    }

    /// What makes more room in the seal, said truthfully: a larger radius only where the text
    /// keeps its size as the seal grows (a size given, or the seal not sized), and not where
    /// the radius grew as far as it goes.
    func growingRemedy(fewer: String?, size sizeOption: String = "ringSize", sized givenSize: Bool = false) -> ErrorText {
        let scales = sized && request.ringSize == nil && !givenSize
        let fewer = fewer.map { "fewer \($0), " } ?? ""
        if scales {
            return "give \(fewer)shorter text or a \(parameter: sizeOption) smaller than the 15 % of the radius it is now"
        }
        if sized {
            return "give a larger \(parameter: "radius"), \(fewer)shorter text or a smaller \(parameter: sizeOption)"
        }
        return "give \(fewer)shorter text or a smaller \(parameter: sizeOption) (no radius up to 2000 px holds them)"
    }

    /// Refuses a ring `inset` px in where an ellipse's parallel curve would fold over itself
    /// (past the edge's tightest radius of curvature, at the ends of its long axis).
    mutating func checkParallel(_ inset: Double) throws(CurveTypeError) {
        guard !outline.isCircle, !outline.square, inset >= outline.tightestCurvature * 0.95 else { return }
        room.want()
        throw .invalidInput("the rings reach \(px: inset) in, and this ellipse's ends turn within \(px: outline.tightestCurvature): give a rounder \(parameter: "ellipse"), fewer rings or smaller text")
    }

    /// Adds `border` at the current inset.
    mutating func addBorder(_ border: SealBorder) throws(CurveTypeError) {
        guard border.style == .none || SealBorder.widths.contains(border.width) else {
            throw .invalidInput("a border's width must be from \(px: 0.25) to \(px: 100), not \(px: border.width)")
        }
        var thickness = border.thickness
        if case .glyphs(let text) = border.style {
            let (cleaned, removed) = TextInput.clean(text.trimmed())
            let (run, said) = try shape(cleaned, font: ringFont, fallbacks: request.fallbackFonts, features: request.features, removed: removed)
            warnings += said.map { $0.of("border") }
            let ink = try ClusterInk(run, size: border.width)
            guard let heights = ink.heights else { throw .invalidInput("a border's glyphs must have ink") }
            thickness = heights.high - heights.low
            // As many copies as fit with a third of their advance between them, spread evenly.
            let middle = inset + thickness / 2
            let advance = advanceWidth(of: run, size: border.width)
            let length = outline.circumference(inset: middle)
            let fitting = (length / max(advance * 1.35, 0.01)).rounded(.down)
            guard fitting <= 10_000 else { throw .invalidInput("a row of \(Int(fitting)) glyphs is too many: make them larger") }
            let copies = max(3, Int(fitting))
            let repeated = Array(repeating: cleaned, count: copies).joined()
            let (row, _) = try shape(repeated, font: ringFont, fallbacks: request.fallbackFonts, features: request.features, removed: 0)
            // Every copy is the same cluster, so one copy's ink places the row.
            let baseline = baselineInset(ink, side: .top, middle: middle)
            if let (layout, _, _) = try lay(row, size: border.width, side: .top, angle: 0, align: .center, sweep: 360, tracking: 0, inset: baseline) {
                layouts.append((layout, nil))
            }
        }
        if thickness > 0 {
            try checkParallel(inset + thickness)
            borders.append(SealBorderLayout(border: border, insets: inset...(inset + thickness)))
        }
        inset += thickness
    }

    /// Lays a ring's arcs in one band, each centred across it, and its separators.
    /// `filled`: the ring is the request's `ring`, spread round the whole circle, and errors
    /// say so.
    mutating func addRing(_ ring: SealRing, index: Int, filled: Bool) throws(CurveTypeError) {
        var shaped: [(arc: SealArc, run: ShapedRun, size: Double, ink: ClusterInk)] = []
        for arc in ring.arcs {
            let what = filled ? "ring" : "\(arc.side.rawValue) arc's"
            try TextInput.checkLength(arc.text, "the \(what) text")
            let (text, removed) = TextInput.clean(TextInput.spacingLineBreaks(arc.text).trimmed { $0.isSpaceOrNewline })
            guard !text.isEmpty else { throw .invalidInput("the \(what) text is empty") }
            // Each glyph's ink is measured across the ring; a thousand is more than any ring shows.
            guard text.count <= SealArc.maximumCharacters else {
                throw .invalidInput("the \(what) text has \(text.count) characters; an arc holds at most \(SealArc.maximumCharacters)")
            }
            let size = arc.size ?? defaultSize
            let limit = min(outline.rx, outline.ry) / 3
            guard size.isFinite, size >= 2, size <= limit else {
                if size.isFinite && size >= 2 { room.want(radius: 3 * size) }
                let named: ErrorText = arc.size == nil ? "the ring text size" : "\(parameter: arc.side.rawValue + "Size")"
                throw .invalidInput("\(named) must be from \(px: 2) to a third of the radius (\(px: limit)), not \(px: size)")
            }
            for (value, setting) in [(arc.anchorAngle, "Angle"), (arc.tracking, "Tracking")] where !value.isFinite || abs(value) > 100_000 {
                throw .invalidInput("\(parameter: arc.side.rawValue + setting) must be a finite number from -100000 to 100000, not \(shortestDigits(value))")
            }
            if let sweep = arc.sweep, !(sweep.isFinite && sweep > 0 && sweep <= 360) {
                throw .invalidInput("\(parameter: arc.side.rawValue + "Sweep") must be more than 0 and at most 360 degrees, not \(shortestDigits(sweep))")
            }
            if !filled, arc.sweep == 360, ring.arcs.count > 1 {
                throw .invalidInput("\(parameter: arc.side.rawValue + "Sweep") 360 takes the whole ring, and it has \(ring.arcs.count) arcs: give a smaller sweep, or each arc a ring of its own")
            }
            if arc.squeeze && request.glyphs == .text {
                throw .invalidInput("\(parameter: arc.side.rawValue + "Squeeze") narrows the glyphs, which only outlines can: leave the glyphs as outlines")
            }
            if arc.squeeze && request.orientation == .upright {
                throw .invalidInput("\(parameter: arc.side.rawValue + "Squeeze") narrows glyphs along the ring, and upright glyphs run down it: give one or the other")
            }
            try checkOrientation(request.orientation, glyphs: request.glyphs)
            let (run, said) = try shape(text, font: arc.font ?? ringFont, fallbacks: request.fallbackFonts, features: request.features, removed: removed,
                                        orientation: request.orientation)
            warnings += said.map { $0.of(arc.side.rawValue) }
            shaped.append((arc, run, size, try ClusterInk(run, size: size)))
            spoken += (spoken.isEmpty ? "" : " — ") + text
        }
        let gap = request.gap ?? max(2, shaped.map(\.size).max().map { $0 * 0.3 } ?? 2)
        let bandOuter = inset + gap
        // Each arc's ink centred across the band, which is as deep as the deepest arc's ink;
        // on a circle the depth depends a little on the radius, so settle it in a few rounds.
        var depth = shaped.map { s in s.ink.heights.map { $0.high - $0.low } ?? 0 }.max() ?? 0
        if request.justify == .kashida {
            // Arcs with a sweep stretched by kashida to the sweep's length a quarter deeper than
            // the band's inner edge as first measured (shorter than any line their spacing is
            // measured on, once the band settles), less a space's room where a whole ring's
            // end meets its start. Then the band settles with their ink.
            for k in shaped.indices {
                guard let sweep = shaped[k].arc.sweep else { continue }
                let arc = shaped[k].arc
                let target = sweepLength(sweep, inset: bandOuter + depth * 1.25, angle: arc.anchorAngle, align: arc.align, clockwise: arc.side == .top)
                    - (sweep == 360 ? shaped[k].size / 3 : 0)
                let text = shaped[k].run.text
                let stretched = try kashidaFilled(shaped[k].run, text: text, target: target, size: shaped[k].size) { stretched throws(CurveTypeError) in
                    try shape(stretched, font: arc.font ?? ringFont, fallbacks: request.fallbackFonts, features: request.features, removed: 0,
                              orientation: request.orientation).run
                }
                if let warning = stretched.warning { warnings.append(warning.of(filled ? "ring" : "\(arc.side.rawValue) arc")) }
                if stretched.text != text { shaped[k] = (arc, stretched.run, shaped[k].size, try ClusterInk(stretched.run, size: shaped[k].size)) }
            }
        }
        var baselines: [Double] = []
        for _ in 0..<4 {
            baselines = []
            for s in shaped { baselines.append(baselineInset(s.ink, side: s.arc.side, middle: bandOuter + depth / 2)) }
            depth = zip(shaped, baselines).map { s, b in inkInsets(s.ink, side: s.arc.side, baseline: b).map { $0.upperBound - $0.lowerBound } ?? 0 }.max() ?? 0
        }
        func layArc(_ s: (arc: SealArc, run: ShapedRun, size: Double, ink: ClusterInk), at baseline: Double) throws(CurveTypeError)
            -> (layout: CurveTextLayout, squeeze: Double, curve: any ArcLengthCurve)? {
            let remedy: ErrorText = filled || s.arc.sweep == nil
                ? growingRemedy(fewer: filled ? nil : "arcs", size: filled ? "ringSize" : s.arc.side.rawValue + "Size", sized: s.arc.size != nil)
                : "give a larger \(parameter: s.arc.side.rawValue + "Sweep"), a smaller \(parameter: s.arc.side.rawValue + "Size"), or shorter text"
            return try lay(s.run, size: s.size, side: s.arc.side, angle: s.arc.anchorAngle, align: s.arc.align,
                           sweep: s.arc.sweep, tracking: s.arc.tracking, inset: baseline,
                           spacedAt: s.arc.side == .bottom ? s.ink.heights.map { baseline + $0.high } : nil, squeeze: s.arc.squeeze,
                           what: filled ? "ring text" : "\(s.arc.side.rawValue) arc", remedy: remedy)
        }
        if !outline.isCircle && !outline.square {
            // On an ellipse the ring's curvature changes along it, so how far across the ring
            // a glyph's corners reach depends on where it stands: lay each arc, measure its ink
            // where it lies, and move its baseline by how far the ink's centre is off the
            // band's middle (it moves one for one, to within the change of curvature), until
            // every arc's ink is centred to a millionth of a px.
            for _ in 0..<8 {
                var worst = 0.0, laidDepth = 0.0
                for k in shaped.indices {
                    guard let (layout, squeeze, _) = try layArc(shaped[k], at: baselines[k]),
                          let ink = laidInk(shaped[k].ink, layout, squeeze: squeeze) else { continue }
                    let off = bandOuter + depth / 2 - (ink.lowerBound + ink.upperBound) / 2
                    baselines[k] += off
                    worst = max(worst, abs(off))
                    laidDepth = max(laidDepth, ink.upperBound - ink.lowerBound)
                }
                worst = max(worst, abs(laidDepth - depth) / 2)
                depth = laidDepth
                if worst < 1e-6 { break }
            }
        }
        var band: ClosedRange<Double>?
        var intervals: [(from: Double, to: Double)] = []
        for (s, baseline) in zip(shaped, baselines) {
            guard let (layout, squeeze, curve) = try layArc(s, at: baseline) else { continue }
            let ink = (outline.isCircle || outline.square ? inkInsets(s.ink, side: s.arc.side, baseline: baseline)
                       : laidInk(s.ink, layout, squeeze: squeeze)) ?? baseline...baseline
            band = band.map { min($0.lowerBound, ink.lowerBound)...max($0.upperBound, ink.upperBound) } ?? ink
            let angles = span(of: layout, side: s.arc.side, inset: baseline)
            intervals.append(angles)
            arcs.append(SealArcLayout(ring: index, side: s.arc.side, text: layout, baselineInset: baseline, inkInsets: ink, angles: angles,
                                      squeeze: squeeze))
            if squeeze < 1 {
                squeezed.append((layout, s.arc.color, squeeze))
            } else {
                // Kashida asked of a swept arc puts the rest between words, as asked.
                let part = filled ? "ring" : "\(s.arc.side.rawValue) arc"
                if s.arc.tracking != 0 || (s.arc.sweep != nil && request.justify == .gaps),
                   let warning = joinedSpacingWarning(layout, part: part) {
                    warnings.append(warning)
                }
                // Words of joined writing bent along the ring, so they stay joined.
                // (No ring is too tight for its ink: its text is at most a third of the radius.)
                let bent = try bentGlyphs(layout, map: ArcLengthFrameMap(curve: curve), glyphs: .auto)
                if !bent.words.isEmpty { bentArcs[layouts.count] = bent }
                layouts.append((layout, s.arc.color))
            }
        }
        try checkOverlap(intervals, ring: index, deepest: baselines.max() ?? inset)
        let stated = band ?? bandOuter...bandOuter
        bands.append(stated)
        try addSeparators(ring, between: intervals, band: stated)
        inset = stated.upperBound + gap
    }

    /// Where a run's baseline goes, px inward from the outer edge, for its ink to be centred
    /// on `middle`.
    func baselineInset(_ ink: ClusterInk, side: SealArcSide, middle: Double) -> Double {
        guard let heights = ink.heights else { return middle }
        // Flat first: exact for an ellipse's rule and the start for a circle's.
        let flat = side == .top ? middle + (heights.high + heights.low) / 2 : middle - (heights.high + heights.low) / 2
        guard outline.isCircle else { return flat }
        // On a circle the ink is measured across the ring: a glyph's corners lie farther out
        // than its middle. Its centre moves inward as the baseline does, so solve for it.
        func centre(_ baseline: Double) -> Double {
            guard let range = inkInsets(ink, side: side, baseline: baseline) else { return baseline }
            return (range.lowerBound + range.upperBound) / 2
        }
        // The centre moves almost one for one with the baseline (less by the square of the
        // glyphs' width over the radius), so a few steps of the secant method settle it; bisection
        // where they do not.
        var (x0, x1) = (flat, flat + 0.01)
        var (f0, f1) = (centre(x0) - middle, centre(x1) - middle)
        for _ in 0..<12 where abs(f1) > 1e-11 {
            guard f1 != f0 else { break }
            let next = x1 - f1 * (x1 - x0) / (f1 - f0)
            (x0, f0) = (x1, f1)
            x1 = next
            f1 = centre(x1) - middle
        }
        if abs(f1) <= 1e-9 { return x1 }
        var low = flat - 2 * ink.size, high = flat + 2 * ink.size
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if centre(mid) < middle { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// A laid run's ink across the ring, as insets from the outer edge, px: every glyph's
    /// outline where the layout put it, measured along the edge's normal. `squeeze`: how much
    /// narrower the layout's glyphs are drawn than `ink` measured them.
    func laidInk(_ ink: ClusterInk, _ layout: CurveTextLayout, squeeze: Double) -> ClosedRange<Double>? {
        var near = Double.infinity, far = -Double.infinity
        for (index, (glyph, placed)) in zip(ink.glyphs, layout.glyphs).enumerated() {
            // The ink is measured in the cluster's frame: an upright glyph is turned from it.
            let upright = index < layout.run.glyphs.count && layout.run.glyphs[index].upright
            let a = (placed.angle + (upright ? 90 : 0)) * .pi / 180
            let along = Point(x: cos(a), y: sin(a)), up = Point(x: sin(a), y: -cos(a))
            // Closed contours: each segment's start is another's end.
            for (q, _) in ink.segments[glyph.segments] {
                let p = placed.origin + along * ((q.x - glyph.origin.x) * squeeze) + up * (q.y - glyph.origin.y)
                let inset = outline.inset(of: p)
                near = min(near, inset)
                far = max(far, inset)
            }
        }
        return near <= far ? near...far : nil
    }

    /// A run's ink across the ring with its baseline `baseline` px in, as insets from the
    /// outer edge; on an ellipse, its heights from the baseline (flat: `laidInk` measures it
    /// where it lies).
    func inkInsets(_ ink: ClusterInk, side: SealArcSide, baseline: Double) -> ClosedRange<Double>? {
        if outline.isCircle {
            guard let r = ink.radialRange(radius: outline.rx - baseline, outside: side == .top) else { return nil }
            return (outline.rx - r.far)...(outline.rx - r.near)
        }
        guard let h = ink.heights else { return nil }
        return side == .top ? (baseline - h.high)...(baseline - h.low) : (baseline + h.low)...(baseline + h.high)
    }

    /// Lays `run` on the ring `inset` px in; `nil` for a run with no clusters.
    /// `spacedAt`: the inset, px, of the line along which the glyphs are spaced (by their
    /// advances and the tracking) and the sweep measured; the baseline `inset` lies along each
    /// glyph's normal from it. `nil`: the baseline.
    ///
    /// The rule: an arc is spaced along the inner edge of its text, where its letters
    /// converge, so that no two stand closer than they do set straight, and the top and the
    /// bottom read alike (mirror images across the band). A top arc's inner edge is its
    /// baseline; a bottom arc's, upright, is the top of its letters: spaced along its
    /// baseline (the band's outer edge), its letters converged toward their tops, T–T fused
    /// and T and W overlapped. On an ellipse too: its rings are the edge's parallel curves, so
    /// the spacing line and the baseline share their normals.
    ///
    /// `squeeze`: where the text is longer than its sweep, its letters are set narrower to fit
    /// (the layout's run is the squeezed one; the factor is returned, 1 where none). The curve
    /// the run was laid along comes with it: words of joined writing are bent along it.
    mutating func lay(_ run: ShapedRun, size: Double, side: SealArcSide, angle: Double, align: TextAlignment, sweep: Double?,
                      tracking: Double, inset baseline: Double, spacedAt: Double? = nil, squeeze: Bool = false, what: String = "border glyphs",
                      remedy: ErrorText = "use a larger seal or smaller text") throws(CurveTypeError)
        -> (layout: CurveTextLayout, squeeze: Double, curve: any ArcLengthCurve)? {
        let clusters = clusterCount(of: run)
        guard clusters > 0 else { return nil }
        let inset = spacedAt ?? baseline
        try checkParallel(max(inset, baseline))
        // The baseline's height above the spacing line, along the glyphs' up (outward at the
        // top, inward at the bottom).
        let baselineShift = side == .top ? inset - baseline : baseline - inset
        guard outline.rx - max(inset, baseline) > 1, outline.ry - max(inset, baseline) > 1 else {
            room.want()
            throw .invalidInput("the rings leave no room for the \(what) text: \(growingRemedy(fewer: "rings"))")
        }
        let clockwise = side == .top
        let length = outline.circumference(inset: inset)
        var run = run
        var advances = advanceWidth(of: run, size: size)
        var spacing = tracking
        var factor = 1.0
        if let sweep {
            let given = sweepLength(sweep, inset: inset, angle: angle, align: align, clockwise: clockwise)
            // Spacing goes between clusters, but never inside a word of joined writing.
            let spreadable = spreadableGapCount(of: run)
            let gaps = sweep == 360 ? spreadable + 1 : spreadable
            spacing = gaps > 0 ? (given - advances) / Double(gaps) : 0
            if spacing < 0, squeeze, advances > 0, given / advances >= Self.narrowestSqueeze {
                // Letters set narrower until they fill the sweep with no space between them.
                factor = given / advances
                run = run.squeezed(by: factor)
                advances = given
                spacing = 0
            }
            if spacing < 0 {
                room.want(radius: outline.isCircle ? inset + advances * 180 / (.pi * sweep) : 0)
                throw .invalidInput("the \(what) \(cFormat("needs %.2f px but its %g° sweep gives only %.2f px", advances, sweep, given)) (" + remedy + ")")
            }
        }
        let extent = advances + spacing * Double(spreadableGapCount(of: run))
        guard extent <= length * (1 + 1e-12) else {
            room.want(radius: outline.isCircle ? inset + extent / (2 * .pi) : 0)
            throw .invalidInput("the \(what) \(cFormat("is %.2f px long but its ring is only %.2f px round", extent, length)) (" + remedy + ")")
        }
        guard let (curve, anchor) = outline.curve(inset: inset, through: angle, clockwise: clockwise, align: align) else {
            room.want()
            throw .invalidInput("the ring for the \(what) text has no length")
        }
        return (layOut(run, size: size, along: curve, anchor: anchor, align: align, tracking: spacing, baselineShift: baselineShift), factor, curve)
    }

    /// The length, px, of the ring `inset` px in over a sweep of `sweep`° placed about
    /// `angle` as `align` says, travelled clockwise or not.
    func sweepLength(_ sweep: Double, inset: Double, angle: Double, align: TextAlignment, clockwise: Bool) -> Double {
        let (from, to): (Double, Double)
        switch (align, clockwise) {
        case (.center, _): (from, to) = (angle - sweep / 2, angle + sweep / 2)
        case (.start, true), (.end, false): (from, to) = (angle, angle + sweep)
        case (.end, true), (.start, false): (from, to) = (angle - sweep, angle)
        }
        return sweep == 360 ? outline.circumference(inset: inset) : outline.length(inset: inset, from: from, to: to)
    }

    /// The narrowest a squeezed arc's letters are set: a third of their width.
    static let narrowestSqueeze = 1.0 / 3

    /// Where a laid arc begins and ends, clockwise, in visual degrees.
    func span(of layout: CurveTextLayout, side: SealArcSide, inset: Double) -> (from: Double, to: Double) {
        guard let first = layout.clusters.first, let last = layout.clusters.last else { return (0, 0) }
        let lead = first.origin
        let trail = last.origin + Point(x: cos(last.angle * .pi / 180), y: sin(last.angle * .pi / 180)) * last.advance
        let a = outline.angle(of: lead), b = outline.angle(of: trail)
        let from = side == .top ? a : b
        let round = layout.extent >= outline.circumference(inset: inset) * (1 - 1e-9)
        return round ? (from, from + 360) : (from, side == .top ? b : a)
    }

    /// A ring's arcs in clockwise order, each with where it starts, how far it reaches and the
    /// gap after it to the next arc's start, degrees (a lone arc's gap is the rest of the ring).
    static func clockwise(_ intervals: [(from: Double, to: Double)]) -> [(from: Double, span: Double, gap: Double)] {
        let sorted = intervals.sorted { $0.from < $1.from }
        return sorted.indices.map { k in
            let (from, to) = sorted[k]
            let span = to - from >= 360 ? 360 : (to - from + 360).truncatingRemainder(dividingBy: 360)
            let next = sorted[(k + 1) % sorted.count].from
            var gap = (next - (from + span)).truncatingRemainder(dividingBy: 360)
            if gap < 0 { gap += 360 }
            if sorted.count == 1 && span < 360 && gap == 0 { gap = 360 }
            return (from, span, gap)
        }
    }

    /// Throws when two arcs of a ring overlap: their spans and the gaps between them go round
    /// more than once. `deepest`: the inset of the ring's innermost baseline, px.
    mutating func checkOverlap(_ intervals: [(from: Double, to: Double)], ring: Int, deepest: Double) throws(CurveTypeError) {
        guard intervals.count > 1 else { return }
        let arcs = Self.clockwise(intervals)
        let angles = arcs.reduce(0) { $0 + $1.span }
        if arcs.reduce(angles, { $0 + $1.gap }) > 360 + 1e-6 {
            // The arcs' angles shrink as the ring grows, at least in proportion to the radius
            // of the innermost baseline.
            room.want(radius: outline.isCircle ? deepest + (outline.rx - deepest) * angles / 360 : 0)
            throw .invalidInput("the arcs of ring \(ring + 1) overlap: give them smaller sizes or sweeps, shorter text, or other angles")
        }
    }

    /// A separator at the middle of each gap between the ring's arcs, centred across its band.
    /// A seal whose radius is fitted grows until each gap holds its separator with a third of
    /// the ring text's size of space either side; one of a given radius draws those that fit
    /// and warns of the rest, never dropping one unsaid.
    mutating func addSeparators(_ ring: SealRing, between intervals: [(from: Double, to: Double)], band: ClosedRange<Double>) throws(CurveTypeError) {
        guard ring.separator != nil || ring.separatorLogo != nil, !intervals.isEmpty else { return }
        let middle = (band.lowerBound + band.upperBound) / 2
        // Each gap's middle by arc length along the band's middle.
        let middles = Self.clockwise(intervals).filter { $0.span < 360 }.map {
            (angle: outline.middle(inset: middle, from: $0.from + $0.span, span: $0.gap), gap: $0.gap)
        }
        let depth = band.upperBound - band.lowerBound
        let space = defaultSize / 3
        if let given = ring.separatorSize, !(given.isFinite && given > 0 && given <= min(outline.rx, outline.ry) / 3) {
            throw .invalidInput("\(parameter: "separatorSize") must be more than \(px: 0) and at most a third of the radius (\(px: min(outline.rx, outline.ry) / 3)), not \(px: given)")
        }
        // The separator's height: as given, or 70 % of the ring text's depth.
        let height = ring.separatorSize ?? 0.7 * (depth > 0 ? depth : defaultSize)
        var missing: [(needs: Double, gap: Double)] = []
        /// Whether a separator `length` px along the ring at `radius` px fits a gap of `gap`°;
        /// if not, noted (and, on a fitted seal, room wanted).
        func fits(_ length: Double, radius: Double, gap: Double) -> Bool {
            let degrees = 180 / .pi / max(1, radius)
            if sized ? length * degrees < gap : (length + 2 * space) * degrees <= gap { return true }
            missing.append(((length + (sized ? 0 : 2 * space)) * degrees, gap))
            return false
        }
        if let text = ring.separator {
            try TextInput.checkLength(text, "the separator")
            let (cleaned, removed) = TextInput.clean(text.trimmed())
            guard !cleaned.isEmpty else { throw .invalidInput("the separator is empty") }
            let (run, said) = try shape(cleaned, font: ringFont, fallbacks: request.fallbackFonts, features: request.features, removed: removed)
            warnings += said.map { $0.of("separator") }
            // Sized so its ink is `height` tall (by default at most the ring text's size).
            let ink = try ClusterInk(run, size: 1)
            let ownDepth = ink.heights.map { $0.high - $0.low } ?? 1
            let natural = max(2, height / max(ownDepth, 0.01))
            let scaled = ring.separatorSize == nil ? min(natural, defaultSize * 1.2) : natural
            let sizedInk = try ClusterInk(run, size: scaled)
            let advance = advanceWidth(of: run, size: scaled)
            for (angle, gap) in middles {
                let side: SealArcSide = cos(angle * .pi / 180) >= -1e-9 ? .top : .bottom
                var baseline = baselineInset(sizedInk, side: side, middle: middle)
                guard fits(advance, radius: outline.rx - baseline, gap: gap) else { continue }
                guard var (layout, _, _) = try lay(run, size: scaled, side: side, angle: angle, align: .center, sweep: nil, tracking: 0,
                                                inset: baseline, what: "separator") else { continue }
                // On an ellipse, centred where it lies, as the arcs are.
                for _ in 0..<8 where !outline.isCircle && !outline.square {
                    guard let ink = laidInk(sizedInk, layout, squeeze: 1) else { break }
                    let off = middle - (ink.lowerBound + ink.upperBound) / 2
                    guard abs(off) >= 1e-6 else { break }
                    baseline += off
                    guard let moved = try lay(run, size: scaled, side: side, angle: angle, align: .center, sweep: nil, tracking: 0,
                                              inset: baseline, what: "separator") else { break }
                    layout = moved.layout
                }
                layouts.append((layout, nil))
                separatorLayouts.append(layout)
            }
        } else if let logo = ring.separatorLogo {
            let side = ring.separatorSize ?? max(4, height)
            // (The logo's width where it is 14 px high, as a badge measures it.)
            let (picture, width14) = try logo.prepared(style: .flat, color: request.negative ? request.background : request.color, size: .auto)
            let width = side * width14 / 14
            for (angle, gap) in middles {
                guard fits(width, radius: outline.rx - middle, gap: gap) else { continue }
                // Upright along the ring's normal there (on an ellipse, not its radius).
                guard let (curve, anchor) = outline.curve(inset: middle, through: angle, clockwise: true, align: .center) else { continue }
                let (at, tangent) = curve.pointAndTangent(atArcLength: anchor)
                let turn = AffineMap(a: tangent.x, b: tangent.y, c: -tangent.y, d: tangent.x, tx: at.x, ty: at.y)
                pictures.append(.group(FrameGroup(style: [.transform(turn)], items: [
                    .image(FrameImage(picture, box: Rect(minX: -width / 2, minY: -side / 2, maxX: width / 2, maxY: side / 2))),
                ])))
            }
        }
        guard let narrowest = missing.min(by: { $0.gap < $1.gap }) else { return }
        let what = ring.separator != nil ? "separator" : "separator logo"
        let said = "\(missing.count) of \(middles.count) \(what)s \(cFormat("need %.1f° and have a %.1f° gap", narrowest.needs, narrowest.gap))"
        if sized {
            warnings.append(CurveTypeWarning(.separatorsNotDrawn, "\(said), and are not drawn: give the arcs smaller sweeps, shorter text or a smaller size, or the seal a larger radius", part: "separator"))
        } else {
            room.want()
            throw .invalidInput("the \(said): give the arcs shorter text or a smaller size")
        }
    }

    /// The centre: the free disc holds the logo, above the text rows fitted to what is left.
    mutating func drawCenter() throws(CurveTypeError) {
        let text = request.center.replacing("\r\n", with: "\n")
        let hasText = !text.trimmed { $0.isSpaceOrNewline }.isEmpty
        if !text.isEmpty && !hasText { throw .invalidInput("the centre text is empty") }
        guard hasText || request.centerLogo != nil else {
            guard !arcs.isEmpty else { throw .invalidInput("the seal has no text: give it arcs, a ring or a centre") }
            return
        }
        // The free ellipse, less a margin.
        let a = outline.rx - inset, b = outline.ry - inset
        let margin = max(3, min(a, b) * 0.12)
        let ra = a - margin, rb = b - margin
        guard ra > min(outline.rx, outline.ry) * 0.2, rb > min(outline.rx, outline.ry) * 0.2 else {
            room.want()
            throw .invalidInput("the rings leave too little room in the centre: \(growingRemedy(fewer: "rings")), or leave the centre empty")
        }
        let c = outline.center
        var belowLogo = false
        // Where the text below a sized logo starts, px below the centre.
        var textTop = -rb * 0.1
        if let logo = request.centerLogo {
            let (picture, width14) = try logo.prepared(style: .flat, color: request.negative ? request.background : (request.centerColor ?? request.color), size: .auto)
            var height = hasText ? rb * 0.62 : rb * 1.2
            if let size = request.centerLogoSize {
                guard size.isFinite, size > 0, size <= 2 * rb else {
                    throw .invalidInput("\(parameter: "centerLogoSize") must be more than \(px: 0) and at most the free centre's height (\(px: 2 * rb)), not \(px: size)")
                }
                height = size
            }
            let width = min(height * width14 / 14, ra * (hasText && request.centerLogoSize == nil ? 1.1 : 1.4))
            let h = width * 14 / width14
            var top = hasText ? c.y - rb * 0.78 : c.y - h / 2
            if request.centerLogoSize != nil {
                // An official seal's star: at the very centre, the text in the room below it.
                top = c.y - h / 2
                textTop = h / 2 + rb * 0.06
            }
            pictures.append(.image(FrameImage(picture, box: Rect(minX: c.x - width / 2, minY: top, maxX: c.x + width / 2, maxY: top + h))))
            belowLogo = true
        }
        guard hasText else { return }
        let centerRequest = request.centerFont ?? ringFont
        let stack = try fontStack(centerRequest, fallbacks: request.fallbackFonts)
        var paragraphs: [ShapedRun] = []
        for paragraph in text.split(separator: "\n") {
            let (line, removed) = TextInput.clean(paragraph.trimmed())
            guard !line.isEmpty else { continue }
            let (run, said) = try shape(line, font: centerRequest, fallbacks: request.fallbackFonts, features: request.features, removed: removed)
            warnings += said.map { $0.of("centre") }
            paragraphs.append(run)
        }
        guard !paragraphs.isEmpty else { throw .invalidInput("the centre text has only control characters") }
        let joined = paragraphs.map(\.text).joined(separator: "\n")
        spoken = joined.replacing("\n", with: " ") + (spoken.isEmpty ? "" : " — " + spoken)
        // The largest size over boxes of several shapes inscribed in the free ellipse (below the
        // logo, when there is one).
        // The user's lines are kept whole where they can be set at half the size wrapping
        // them would allow, or more: a given line is never broken (合同专用章 into 合同专 /
        // 用章, three lines into six) for a slightly larger size.
        var best: FittedText?, bestKept: FittedText?
        var bestBox = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0), bestKeptBox = bestBox
        let measured = try lifting { try TextFitter.Paragraphs(paragraphs) }
        for degrees in stride(from: 15.0, through: 75.0, by: 5.0) {
            let angle = degrees * .pi / 180
            let box: Rect
            if !belowLogo {
                let w = 2 * ra * cos(angle), h = 2 * rb * sin(angle)
                box = Rect(minX: c.x - w / 2, minY: c.y - h / 2, maxX: c.x + w / 2, maxY: c.y + h / 2)
            } else {
                // Below the logo: from just under it down to where the ellipse is this wide.
                let bottom = rb * sin(angle), w = 2 * ra * cos(angle)
                guard bottom > textTop + rb * 0.1 else { continue }
                box = Rect(minX: c.x - w / 2, minY: c.y + textTop, maxX: c.x + w / 2, maxY: c.y + bottom)
            }
            var style = FitStyle(width: box.width, height: box.height, maxSize: min(ra, rb), minSize: 1, tight: true)
            if let fitted = try? TextFitter.fit(measured, style: style, ellipsis: { stack.shape($0, features: request.features) }),
               best.map({ fitted.size > $0.size }) ?? true {
                best = fitted
                bestBox = box
            }
            style.maxLines = paragraphs.count
            if let kept = try? TextFitter.fit(measured, style: style, ellipsis: { stack.shape($0, features: request.features) }),
               bestKept.map({ kept.size > $0.size }) ?? true {
                bestKept = kept
                bestKeptBox = box
            }
        }
        if let kept = bestKept, kept.size >= (best?.size ?? 0) / 2 {
            best = kept
            bestBox = bestKeptBox
        }
        guard let fitted = best else {
            // At 1 px its rows and its longest row must fit across the free disc, less its
            // margin: the radius below which no box can hold them.
            let lineHeight = paragraphs[0].fonts.first.map { Double($0.metrics.lineHeight) / Double($0.unitsPerEm) } ?? 1.2
            let rows = Double(paragraphs.count) * lineHeight
            let widest = paragraphs.map { advanceWidth(of: $0, size: 1) }.max() ?? 0
            room.want(radius: outline.isCircle ? inset + max(rows, widest) / 2 / 0.88 : 0)
            throw .invalidInput("the centre text does not fit inside the rings at 1 px")
        }
        centerText = fitted
        for line in fitted.lines {
            layouts.append((line.layout.translated(by: Point(x: bestBox.minX, y: bestBox.minY)), request.centerColor ?? request.color))
        }
    }

    /// The borders as shapes, and rows of glyphs drawn with the text.
    func borderItems(ink: SVGColor) -> [FrameItem] {
        var items: [FrameItem] = []
        // A negative plate's edge is its own border: one drawn there in the paper's colour
        // would only shrink the plate.
        for placed in borders where !(request.negative && placed.insets.lowerBound == 0) {
            let w = placed.border.width
            let outer = placed.insets.lowerBound
            func stroke(_ inset: Double, _ width: Double) -> FrameItem {
                .shape(FrameShape(outline.geometry(inset: inset), style: [.fill(.none), .stroke(.color(ink)), .strokeWidth(width)]))
            }
            switch placed.border.style {
            case .none, .glyphs: break
            case .solid: items.append(stroke(outer + w / 2, w))
            case .double:
                items.append(stroke(outer + w / 2, w))
                items.append(stroke(outer + w + placed.border.doubleGap + w / 4, w / 2))
            case .dotted:
                // Dots a diameter apart (centre to centre two), evenly by arc length.
                let middle = outer + w / 2
                guard let (curve, _) = outline.curve(inset: middle, through: 0, clockwise: true, align: .start) else { continue }
                let count = max(3, Int(curve.length / (2 * w)))
                let points = curve.pointsAndTangents(atArcLengths: (0..<count).map { curve.length * Double($0) / Double(count) })
                var path = Path()
                for (p, _) in points { path.elements += Self.circle(p, radius: w / 2) }
                items.append(.shape(FrameShape(.path(path), style: [.fill(.color(ink))])))
            case .dashed:
                // Dashes three widths long with gaps of a width and a half, a whole number of
                // them, each a polyline along the ring (flat to 0.01 px at any radius shown).
                let middle = outer + w / 2
                guard let (curve, _) = outline.curve(inset: middle, through: 0, clockwise: true, align: .start) else { continue }
                let count = max(2, Int(curve.length / (4.5 * w)))
                let pitch = curve.length / Double(count), dash = pitch * 3 / 4.5
                let steps = max(2, Int(dash / 2))
                var path = Path()
                for k in 0..<count {
                    let lengths = (0...steps).map { pitch * Double(k) + dash * Double($0) / Double(steps) }
                    let points = curve.pointsAndTangents(atArcLengths: lengths).map(\.point)
                    path.elements.append(.move(points[0]))
                    for p in points.dropFirst() { path.elements.append(.line(p)) }
                }
                items.append(.shape(FrameShape(.path(path), style: [.fill(.none), .stroke(.color(ink)), .strokeWidth(w), .lineCap(.butt)])))
            case .milled:
                // A line a sixth of the width along the outside, then ticks across the rest
                // along the ring's normal, a third of a width thick with a pitch of a width.
                let line = w / 6
                items.append(stroke(outer + line / 2, line))
                let middle = outer + line + (w - line) / 2
                guard let (curve, _) = outline.curve(inset: middle, through: 0, clockwise: true, align: .start) else { continue }
                let count = max(6, Int(curve.length / w))
                let half = (w - line) / 2, thick = w / 6
                var path = Path()
                for (p, t) in curve.pointsAndTangents(atArcLengths: (0..<count).map { curve.length * Double($0) / Double(count) }) {
                    // Inward is to the right of a clockwise ring's direction on screen (y down).
                    let n = Point(x: -t.y, y: t.x)
                    let corners = [p - n * half - t * thick, p - n * half + t * thick, p + n * half + t * thick, p + n * half - t * thick]
                    path.elements += [.move(corners[0]), .line(corners[1]), .line(corners[2]), .line(corners[3]), .close]
                }
                items.append(.shape(FrameShape(.path(path), style: [.fill(.color(ink))])))
            case .serrated:
                // The outer half cut into teeth a width apart (their tips on the edge), the
                // inner half solid: the teeth's line clockwise, the inner edge back round.
                guard let (tips, _) = outline.curve(inset: outer, through: 0, clockwise: true, align: .start),
                      let (roots, _) = outline.curve(inset: outer + w / 2, through: 0, clockwise: true, align: .start),
                      let (inner, _) = outline.curve(inset: outer + w, through: 0, clockwise: true, align: .start) else { continue }
                let count = max(6, Int(tips.length / w))
                let fractions = (0..<count).map { Double($0) / Double(count) }
                let tip = tips.pointsAndTangents(atArcLengths: fractions.map { tips.length * $0 }).map(\.point)
                let root = roots.pointsAndTangents(atArcLengths: fractions.map { roots.length * ($0 + 0.5 / Double(count)) }).map(\.point)
                var path = Path()
                for k in 0..<count {
                    path.elements.append(k == 0 ? .move(tip[k]) : .line(tip[k]))
                    path.elements.append(.line(root[k]))
                }
                path.elements.append(.close)
                // The inner edge, counter-clockwise, a hole by the non-zero rule; a polyline of
                // segments no longer than a px.
                let steps = max(64, Int(inner.length.rounded(.up)))
                let back = inner.pointsAndTangents(atArcLengths: (0..<steps).map { inner.length * Double(steps - $0) / Double(steps) }).map(\.point)
                for (k, p) in back.enumerated() { path.elements.append(k == 0 ? .move(p) : .line(p)) }
                path.elements.append(.close)
                items.append(.shape(FrameShape(.path(path), style: [.fill(.color(ink))])))
            }
        }
        return items
    }

    /// A circle as four cubics, clockwise from its top.
    static func circle(_ c: Point, radius r: Double) -> [PathElement] {
        let k = r * 0.5522847498307936
        return [
            .move(Point(x: c.x, y: c.y - r)),
            .cubic(Point(x: c.x + k, y: c.y - r), Point(x: c.x + r, y: c.y - k), Point(x: c.x + r, y: c.y)),
            .cubic(Point(x: c.x + r, y: c.y + k), Point(x: c.x + k, y: c.y + r), Point(x: c.x, y: c.y + r)),
            .cubic(Point(x: c.x - k, y: c.y + r), Point(x: c.x - r, y: c.y + k), Point(x: c.x - r, y: c.y)),
            .cubic(Point(x: c.x - r, y: c.y - k), Point(x: c.x - k, y: c.y - r), Point(x: c.x, y: c.y - r)),
            .close,
        ]
    }
}

extension SealDrawing {
    /// A name seal: the border, then the characters in columns from the right, each glyph's
    /// ink stretched to fill its cell.
    mutating func drawName(_ name: NameSeal) throws(CurveTypeError) {
        guard request.glyphs != .text else {
            throw .invalidInput("a name seal stretches its characters to their cells, which only outlines can: draw the glyphs as outlines or selectable")
        }
        try TextInput.checkLength(name.text, "the name")
        let (cleaned, removed) = TextInput.clean(name.text.filter { !$0.isWhitespace })
        let characters = cleaned.map(String.init)
        guard (1...9).contains(characters.count) else {
            throw .invalidInput("a name seal holds 1 to 9 characters, not \(characters.count)")
        }
        let (columns, rows) = try Self.grid(count: characters.count, columns: name.columns, rows: name.rows)
        let border = name.border ?? SealBorder(.solid, width: (min(outline.rx, outline.ry) * 0.07 * 100).rounded() / 100)
        if name.square && outline.rx != outline.ry {
            throw .invalidInput("a square name seal has one radius: leave the vertical radius out")
        }
        if name.square, case .glyphs = border.style {
            throw .invalidInput("a square name seal's border is solid, double, dotted, dashed, milled, serrated or none")
        }
        try addBorder(border)
        // The cells fill the room inside the border less a margin; round, the largest box of
        // the grid's proportions inscribed in the free ellipse.
        let margin = max(1.5, min(outline.rx, outline.ry) * 0.06)
        let a = outline.rx - inset - margin, b = outline.ry - inset - margin
        guard a > 2, b > 2 else {
            room.want()
            throw .invalidInput("the border leaves no room for the name: make it narrower or the seal larger")
        }
        let c = outline.center
        let grid = name.square
            ? NameGrid.square(Rect(minX: c.x - a, minY: c.y - b, maxX: c.x + a, maxY: c.y + b), columns: columns, rows: rows, count: characters.count)
            : NameGrid.round(center: c, a: a, b: b, columns: columns, rows: rows, count: characters.count)
        let gap = grid.gap
        let font = request.font ?? .bundled(.sans)
        // Vertical forms where the font has them, as the characters stand in columns.
        let vertical = [FontFeature("vert"), FontFeature("vrt2")].compactMap { $0 }
        for (index, box) in grid.cells.enumerated() {
            do {
                let cell = Rect(minX: box.minX + gap / 2, minY: box.minY + gap / 2, maxX: box.maxX - gap / 2, maxY: box.maxY - gap / 2)
                let (run, said) = try shape(characters[index], font: font, fallbacks: request.fallbackFonts,
                                            features: request.features + vertical, removed: index == 0 ? removed : 0)
                warnings += said.map { $0.of("name") }
                try place(run, in: cell)
                cells.append(cell)
            }
        }
        if let layer = nameLayer(characters) { mappedGlyphs.append(layer) }
        spoken = cleaned
    }

    /// A name seal's cells, px, in reading order: columns from the right, each top to bottom
    /// (a short last column's characters share its height), and the gap between them.
    struct NameGrid {
        var cells: [Rect]
        var gap: Double

        /// Cells splitting `area` evenly.
        static func square(_ area: Rect, columns: Int, rows: Int, count: Int) -> NameGrid {
            var cells: [Rect] = []
            for column in 0..<columns {
                let inColumn = min(rows, count - column * rows)
                guard inColumn > 0 else { break }
                let x1 = area.maxX - area.width * Double(column) / Double(columns)
                let x0 = area.maxX - area.width * Double(column + 1) / Double(columns)
                for row in 0..<inColumn {
                    let y0 = area.minY + area.height * Double(row) / Double(inColumn)
                    let y1 = area.minY + area.height * Double(row + 1) / Double(inColumn)
                    cells.append(Rect(minX: x0, minY: y0, maxX: x1, maxY: y1))
                }
            }
            return NameGrid(cells: cells, gap: min(area.width / Double(columns), area.height / Double(rows)) * 0.1)
        }

        /// Cells filling the free ellipse (semi-axes `a`, `b` about `center`): the rows share a
        /// height of the ellipse, and each row of each column is as wide as the ellipse's chord
        /// at the row's edge farther from the centre, so every cell lies inside it and the
        /// middle rows reach farther out than the top and bottom ones, as round seals are cut.
        /// The height is the one, of 48 tried, where the smallest character (square, stretched
        /// at most `maximumStretch`) is largest. A short last column keeps its rows' heights,
        /// centred.
        static func round(center c: Point, a: Double, b: Double, columns: Int, rows: Int, count: Int) -> NameGrid {
            func cells(height h: Double) -> [Rect] {
                var out: [Rect] = []
                for column in 0..<columns {
                    let inColumn = min(rows, count - column * rows)
                    guard inColumn > 0 else { break }
                    let rowHeight = 2 * h / Double(inColumn)
                    for row in 0..<inColumn {
                        let y0 = c.y - h + rowHeight * Double(row), y1 = y0 + rowHeight
                        let outer = max(abs(y0 - c.y), abs(y1 - c.y))
                        let half = outer < b ? a * (1 - outer * outer / (b * b)).squareRoot() : 0
                        let width = 2 * half / Double(columns)
                        let x1 = c.x + half - width * Double(column)
                        out.append(Rect(minX: x1 - width, minY: y0, maxX: x1, maxY: y1))
                    }
                }
                return out
            }
            func score(_ cells: [Rect]) -> Double {
                cells.map { cell in
                    min(cell.width, cell.height * SealDrawing.maximumStretch) * min(cell.height, cell.width * SealDrawing.maximumStretch)
                }.min() ?? 0
            }
            var best = cells(height: b * 0.7)
            var bestScore = score(best)
            for k in 1..<48 {
                let candidate = cells(height: b * Double(k) / 48)
                let value = score(candidate)
                if value > bestScore {
                    best = candidate
                    bestScore = value
                }
            }
            let gap = (best.map { min($0.width, $0.height) }.min() ?? 0) * 0.1
            return NameGrid(cells: best, gap: gap)
        }
    }

    /// Columns and rows for `count` characters: as given, or chosen from the count.
    static func grid(count: Int, columns: Int?, rows: Int?) throws(CurveTypeError) -> (Int, Int) {
        for (value, what) in [(columns, "columns"), (rows, "rows")] {
            if let value, !(1...3).contains(value) { throw .invalidInput("a name seal has 1 to 3 \(what), not \(value)") }
        }
        let chosen: (Int, Int)
        switch (columns, rows) {
        case let (c?, r?): chosen = (c, r)
        case let (c?, nil): chosen = (c, (count + c - 1) / c)
        case let (nil, r?): chosen = ((count + r - 1) / r, r)
        case (nil, nil):
            switch count {
            case 1...3: chosen = (1, count)
            case 4: chosen = (2, 2)
            case 5, 6: chosen = (2, 3)
            default: chosen = (3, 3)
            }
        }
        guard chosen.0 * chosen.1 >= count, (chosen.0 - 1) * chosen.1 < count, chosen.1 <= 3, chosen.0 <= 3 else {
            throw .invalidInput("\(count) characters do not fill a grid of \(chosen.0) columns of \(chosen.1): every column but the last must be full")
        }
        return chosen
    }

    /// How much a name seal's character may be stretched one way against the other: seal
    /// makers widen or narrow a character to its cell, within limits (stretched to fill, a
    /// third character of a column was squashed 3.2:1 and ー became a block).
    static let maximumStretch = 1.5

    /// The run's glyphs mapped so their joint ink box fills `cell` as far as `maximumStretch`
    /// allows, centred in it.
    mutating func place(_ run: ShapedRun, in cell: Rect) throws(CurveTypeError) {
        var ink: Rect?
        var pen = 0.0
        var placed: [(glyph: ShapedGlyph, origin: Point, k: Double)] = []
        for g in run.glyphs {
            let font = run.fonts[g.font]
            let k = 1 / Double(font.unitsPerEm)
            let origin = Point(x: (pen + g.xOffset) * k, y: g.yOffset * k)
            if let box = try lifting({ try font.outline(of: g.glyph) }).bounds {
                let moved = Rect(minX: box.minX * k + origin.x, minY: box.minY * k + origin.y, maxX: box.maxX * k + origin.x, maxY: box.maxY * k + origin.y)
                ink = ink.map { $0.union(moved) } ?? moved
            }
            placed.append((g, origin, k))
            pen += g.advance
        }
        guard let ink, ink.width > 0, ink.height > 0 else { throw .invalidInput("a character of the name has no ink") }
        // Filling the cell, stretched at most `maximumStretch` one way against the other, and
        // centred in it where the limit leaves room.
        var sx = cell.width / ink.width, sy = cell.height / ink.height
        sx = min(sx, sy * Self.maximumStretch)
        sy = min(sy, sx * Self.maximumStretch)
        let left = cell.minX + (cell.width - sx * ink.width) / 2, bottom = cell.maxY - (cell.height - sy * ink.height) / 2
        var glyphs: [FrameGlyph] = []
        for (g, origin, k) in placed {
            // From the glyph's own px at 1 px per em (y down) to the cell.
            let map = AffineMap(a: sx, b: 0, c: 0, d: sy, tx: left + sx * (origin.x - ink.minX), ty: bottom - sy * (origin.y - ink.minY))
            glyphs.append(FrameGlyph(font: g.font, glyph: g.glyph, scale: k, placement: .mapped(map)))
        }
        mappedGlyphs.append(.glyphs(GlyphRun(fonts: run.fonts, glyphs: glyphs, text: run.text)))
    }

    /// The name's text layer: one text, each character over its cell (`cells`, in reading
    /// order), so a reader copies and finds the name as one word (山田太郎), not a line a cell.
    func nameLayer(_ characters: [String]) -> FrameItem? {
        guard !cells.isEmpty, cells.count == characters.count else { return nil }
        var text = "", clusters: [TextLayerCluster] = []
        for (character, cell) in zip(characters, cells) {
            let start = text.utf8.count
            text += character
            clusters.append(TextLayerCluster(utf8: start..<text.utf8.count, origin: Point(x: cell.minX, y: cell.maxY), angle: 0, advance: cell.width))
        }
        return .textLayer(TextLayer(text: text, size: cells.map(\.height).max() ?? 0, clusters: clusters))
    }
}
