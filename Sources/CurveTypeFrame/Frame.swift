import CurveTypeFonts
import CurveTypeGeometry

// What is drawn, apart from how it is encoded. Every effect (circle, spiral, path, fit, angle,
// badge, seal, warp) produces a `Frame`; writers (SVG, PNG, PDF) read frames and nothing else. A frame is a
// value: it can be tested, compared, walked twice (SVG defines every glyph before the first use)
// and post-processed by a build script before it is written.
//
// Conventions, everywhere in a frame: lengths and coordinates are px (CSS px, 1/96 in), the
// origin at the top left, x right and y down; angles are degrees, positive clockwise on screen;
// times are seconds. Lists keep their order: writers draw items in order (later over earlier).

/// One picture: its size, its accessible name, and its items.
public struct Frame: Sendable {
    /// Width, px.
    public var width: Double
    /// Height, px.
    public var height: Double
    /// The accessible name (SVG's `<title>`, and `aria-label` when the frame is one image).
    public var title: String
    /// Whether the frame is one image to assistive technology. `false` for a frame with links,
    /// which must stay reachable one by one.
    public var isImage: Bool
    /// A light and a dark ink that follow the viewer's colour scheme; `Paint.ink` paints with it.
    public var colorScheme: ColorScheme?
    /// Items drawn first, under everything else (a backdrop, a guide, rings). The SVG writer
    /// defines the frame's glyphs between these and `items`.
    public var backdrop: [FrameItem]
    /// The frame's content, in drawing order.
    public var items: [FrameItem]
    /// The unit its sizes were given in: an SVG's `width`, `height` and viewBox are written in
    /// it (`80mm`), so a program that imports the file (Inkscape, LightBurn) takes it at true
    /// size. The items stay in px (96 to the inch), so a PDF page, at 0.75 pt per px, is true
    /// size whatever the unit.
    public var unit = LengthUnit.px
    /// The width of the pen that draws single-line glyphs, px; `nil`: `defaultPenWidthPerEm`
    /// of their size (see `strokingSingleLineGlyphs()`).
    public var penWidth: Double?
    /// How far, px, a writer's rounding may move a point before the drawing strays past its
    /// tolerance (a spiral fitted with Béziers leaves a part of `--tolerance` for it); `nil`:
    /// any rounding. A writer whose numbers round coarser refuses the frame.
    public var roundingAllowance: Double?

    /// A frame of `width` × `height` px.
    public init(width: Double, height: Double, title: String, isImage: Bool = true, colorScheme: ColorScheme? = nil,
                backdrop: [FrameItem] = [], items: [FrameItem] = []) {
        self.width = width
        self.height = height
        self.title = title
        self.isImage = isImage
        self.colorScheme = colorScheme
        self.backdrop = backdrop
        self.items = items
    }

    /// Whether anything in the frame is animated, so that a moment of it can be drawn.
    public var isAnimated: Bool {
        func animated(_ items: [FrameItem]) -> Bool {
            items.contains { item in
                switch item {
                case .group(let group): !group.animations.isEmpty || animated(group.items)
                case .shape(let shape): !shape.animations.isEmpty
                case .link(let link): animated(link.items)
                default: false
                }
            }
        }
        return animated(backdrop) || animated(items)
    }
}

/// Two inks, for viewers in light and in dark mode.
public struct ColorScheme: Sendable, Hashable {
    /// The ink in light mode (and where the viewer says nothing).
    public var light: SVGColor
    /// The ink in dark mode.
    public var dark: SVGColor

    /// A scheme of two inks.
    public init(light: SVGColor, dark: SVGColor) {
        self.light = light
        self.dark = dark
    }
}

/// One thing a frame draws or defines.
public enum FrameItem: Sendable {
    /// Items under common style, with their animations.
    case group(FrameGroup)
    /// A filled and/or stroked geometry.
    case shape(FrameShape)
    /// Glyph outlines from fonts, each placed on its own.
    case glyphs(GlyphRun)
    /// Characters a viewer sets in its own font (selectable text), one cluster a placement.
    case text(TextRun)
    /// One line of characters centred on a point and stretched to a width by the viewer.
    case textLine(TextLine)
    /// Characters a viewer sets along a path.
    case textOnPath(TextOnPath)
    /// A picture inside a box.
    case image(FrameImage)
    /// Items that open `url` when clicked.
    case link(FrameLink)
    /// The characters the items before it draw as outlines, where it draws them: nothing to
    /// see, but what a writer with a text layer (`--glyphs selectable`: an SVG's invisible
    /// `<text>`, a PDF's invisible text) lets a reader select, search, copy and hear.
    case textLayer(TextLayer)
}

extension FrameItem {
    /// The pixels of the raster pictures among `items` (in groups, links and vector pictures
    /// too), each use counted, and the largest picture's size: what drawing them decodes.
    public static func picturePixels(_ items: [FrameItem]) -> (pixels: Int, largest: (width: Int, height: Int)) {
        var pixels = 0, largest = (width: 0, height: 0)
        func count(_ items: [FrameItem]) {
            for item in items {
                switch item {
                case .group(let group): count(group.items)
                case .link(let link): count(link.items)
                case .image(let image):
                    switch image.content {
                    case .raster(let picture):
                        let n = picture.pixelWidth * picture.pixelHeight
                        pixels += n
                        if n > largest.width * largest.height { largest = (picture.pixelWidth, picture.pixelHeight) }
                    case .vector(let picture): count(picture.items)
                    }
                default: break
                }
            }
        }
        count(items)
        return (pixels, largest)
    }
}

/// A paint: what fills or strokes.
public enum Paint: Sendable, Hashable {
    /// Nothing.
    case none
    /// A colour (which may be `currentColor`, the page's text colour).
    case color(SVGColor)
    /// The frame's `colorScheme` ink.
    case ink
    /// One colour where the viewer asks for light (and where it says nothing), another where
    /// it asks for dark (CSS `prefers-color-scheme`): an SVG writes the light one and a style
    /// rule for the dark; a PNG or PDF, which has no viewer to ask, draws the light one.
    case schemed(light: SVGColor, dark: SVGColor)
    /// A gradient, held here: a writer that shares it between items (SVG's `<linearGradient>`
    /// and `url(#…)`) finds the sharing itself. (Boxed: a gradient is ten times a colour's
    /// size, and every paint and style would carry its room.)
    indirect case gradient(Gradient)
}

/// A colour gradient: linear along a line, or radial between two circles.
public struct Gradient: Sendable, Hashable {
    /// The gradient's geometry, in `units` (after `transform`).
    public enum Shape: Sendable, Hashable {
        /// From `start` (offset 0) to `end` (offset 1), constant across.
        case linear(start: Point, end: Point)
        /// From the circle of `focusRadius` about `focus` (offset 0) to the circle of `radius`
        /// about `center` (offset 1).
        case radial(center: Point, radius: Double, focus: Point, focusRadius: Double)
    }

    /// What the gradient's coordinates are measured in.
    public enum Units: Sendable, Hashable {
        /// The painted geometry's box: 0…1 across, 0…1 down (an empty box paints nothing).
        case boundingBox
        /// The painted item's own px.
        case userSpace
    }

    /// What lies beyond offsets 0 and 1.
    public enum Spread: String, Sendable, Hashable, CaseIterable {
        /// The end colours, extended; the stops repeated; the stops mirrored back and forth.
        case pad, `repeat`, reflect
    }

    /// The line or circles.
    public var shape: Shape
    /// The colours along it, offsets rising.
    public var stops: [GradientStop]
    /// What `shape` is measured in.
    public var units: Units
    /// Maps the gradient's coordinates into `units` (SVG's `gradientTransform`).
    public var transform: AffineMap
    /// What lies beyond the ends.
    public var spread: Spread

    /// A gradient of `stops` along `shape`.
    public init(_ shape: Shape, stops: [GradientStop], units: Units = .boundingBox, transform: AffineMap = .identity,
                spread: Spread = .pad) {
        self.shape = shape
        self.stops = stops
        self.units = units
        self.transform = transform
        self.spread = spread
    }
}

/// One style property of a group or shape. Properties apply in order; a group's properties are
/// inherited by its items.
public enum Style: Sendable, Hashable {
    case fill(Paint)
    /// 0…1.
    case fillOpacity(Double)
    /// Which parts of a path that crosses itself are inside (nonzero unless said).
    case fillRule(FillRule)
    case stroke(Paint)
    /// 0…1.
    case strokeOpacity(Double)
    /// px.
    case strokeWidth(Double)
    case lineCap(LineCap)
    case lineJoin(LineJoin)
    /// How far a miter join may reach, in stroke widths (4 unless said, as SVG's).
    case miterLimit(Double)
    /// The stroke dashed by this pattern (`nil`: solid, as SVG's `stroke-dasharray: none`).
    case dash(DashPattern?)
    /// A CSS font-family list, for text runs (`'DejaVu Sans', sans-serif`).
    case fontFamily(String)
    /// px, for text runs.
    case fontSize(Double)
    /// CSS's `font-weight`, 100–900 (700 is bold), for text runs whose font is not of weight 400.
    case fontWeight(Int)
    /// An italic font, for text runs (CSS `font-style: italic`).
    case italic
    /// Clip to the union of these shapes (their own transforms in their style), in the item's
    /// px. Only geometry counts: their paints are not drawn.
    case clip([FrameShape])
    /// Show the group only where these shapes, drawn with their fills, cover: their alpha is the
    /// group's (an alpha mask; SVG's luminance mask agrees, as the writer paints them white).
    case mask([FrameShape])
    /// The whole group composited at this opacity, 0…1 (not each item on its own).
    case opacity(Double)
    /// Edges on whole pixels, no antialiasing (flat badges).
    case crispEdges
    /// Not drawn (until an animation shows it).
    case hidden
    /// A group composited on its own before it is blended into what is below.
    case isolated
    /// How a group is blended into what is below.
    case blend(BlendMode)
    /// Items placed through this map (applied before the parent's).
    case transform(AffineMap)
    /// The stroke of a single-line glyph, drawn by a pen: the frame's `penWidth`, where set,
    /// replaces its width (`Frame.strokingSingleLineGlyphs()`). Writers draw it as any stroke.
    case penStroke
}

/// A stroke's dashes as SVG's `stroke-dasharray` and `stroke-dashoffset` give them: lengths,
/// px in the item's own coordinates, on then off by turns, begun anew on each contour of the
/// shape from its start (a rectangle's top left corner, a rounded one's top edge after the
/// corner, a circle's rightmost point, each clockwise, as SVG's shapes start).
public struct DashPattern: Sendable, Hashable {
    /// On and off lengths, px: an even count (an odd pattern given is repeated, as SVG says).
    public let lengths: [Double]
    /// How far into the pattern each contour starts, px.
    public let offset: Double

    /// The most dashes a writer draws along one shape: a pattern far finer than its shape is
    /// drawn solid rather than made (`isDrawable(along:)`), a bound on each shape's time.
    public static let maximumDashes = 200_000

    /// `pattern` dashed from `offset`; `nil` for a pattern that dashes nothing (empty, a
    /// negative or non-finite length, all zero), which SVG draws solid.
    public init?(_ pattern: [Double], offset: Double = 0) {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), offset.isFinite,
              pattern.reduce(0, +) > 0 else { return nil }
        lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        self.offset = offset
    }

    /// One round of the pattern, px.
    public var period: Double { lengths.reduce(0, +) }

    /// The dashes along `geometry`, each an open contour (for writers that follow them: a pen,
    /// a laser); `nil` when they would be more than `maximumDashes`, and the stroke is solid.
    public func dashes(along geometry: FrameGeometry) -> Path? {
        guard isDrawable(along: geometry) else { return nil }
        return geometry.outline.dashed(lengths, offset: offset, limit: Self.maximumDashes)
    }

    /// Whether the dashes along `geometry` number at most `maximumDashes`.
    public func isDrawable(along geometry: FrameGeometry) -> Bool {
        let rounds = geometry.length / period + Double(geometry.outline.elements.count)
        return rounds * Double(lengths.count / 2) <= Double(Self.maximumDashes)
    }
}

/// How a group's colours mix with what is below: CSS's `mix-blend-mode` values, by their CSS names.
public enum BlendMode: String, Sendable, CaseIterable {
    case multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light", softLight = "soft-light"
    case difference, exclusion, hue, saturation, color, luminosity
}

/// Which parts of a path are inside: where its winding number is not zero, or is odd.
public enum FillRule: String, Sendable, CaseIterable {
    case nonzero
    case evenOdd = "evenodd"
}

/// How the ends of an open stroke are drawn.
public enum LineCap: String, Sendable, CaseIterable {
    /// Round, butt or square ends.
    case round, butt, square
}

/// How corners of a stroke are drawn.
public enum LineJoin: String, Sendable, CaseIterable {
    /// Round, miter or bevel corners.
    case round, miter, bevel
}

/// Items under common style.
public struct FrameGroup: Sendable {
    /// Style the items inherit, in order.
    public var style: [Style]
    /// How the group changes over time.
    public var animations: [FrameAnimation]
    /// The group's items, in drawing order.
    public var items: [FrameItem]
    /// Hidden from assistive technology (a shadow that repeats the text).
    public var isDecoration: Bool

    /// A group of `items`.
    public init(style: [Style] = [], animations: [FrameAnimation] = [], isDecoration: Bool = false, items: [FrameItem]) {
        self.style = style
        self.animations = animations
        self.isDecoration = isDecoration
        self.items = items
    }
}

/// A geometry, px.
public enum FrameGeometry: Sendable, Hashable {
    /// A rectangle with corners rounded by `cornerRadius` px (0: square).
    case rect(Rect, cornerRadius: Double = 0)
    case circle(center: Point, radius: Double)
    case path(Path)
}

extension FrameGeometry {
    /// The box the geometry covers through `map` (strokes not counted), px; `nil` when it is
    /// empty.
    public func bounds(transformedBy map: AffineMap = .identity) -> Rect? {
        let box: Rect
        switch self {
        case .rect(let r, _): box = r
        case .circle(let c, let radius): box = Rect(minX: c.x - radius, minY: c.y - radius, maxX: c.x + radius, maxY: c.y + radius)
        case .path(let path): return path.bounds(transformedBy: map)
        }
        return map == .identity ? box : Path(rectangle: box).bounds(transformedBy: map)
    }

    /// The geometry as a path, started where SVG starts the shape (so dashes fall where a
    /// browser puts them): a rectangle at its top left corner, a rounded one on its top edge
    /// after the corner, a circle at its rightmost point, each clockwise (y down).
    public var outline: Path {
        switch self {
        case .path(let path):
            return path
        case .rect(let r, let radius):
            let rx = min(max(radius, 0), r.width / 2, r.height / 2)
            return rx > 0 ? Path.roundedRectangle(r, rx: rx, ry: rx) : Path(rectangle: r)
        case .circle(let c, let radius):
            return Path.ellipse(center: c, rx: radius, ry: radius)
        }
    }

    /// The length of the outline, px (its curves within 0.05 px).
    public var length: Double {
        switch self {
        case .rect(let r, 0): 2 * (r.width + r.height)
        case .circle(_, let radius): 2 * .pi * radius
        default: outline.flattened(flatness: 0.05).reduce(0) { total, contour in
            var points = contour.points
            if contour.closed, let first = points.first { points.append(first) }
            return total + zip(points, points.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0).length }
        }
        }
    }
}

/// A filled and/or stroked geometry. Its fill is black unless its style or a group's says.
public struct FrameShape: Sendable, Hashable {
    /// What is drawn, px.
    public var geometry: FrameGeometry
    /// Its fill, stroke and the rest, in order.
    public var style: [Style]
    /// How the shape changes over time.
    public var animations: [FrameAnimation]

    /// A shape of `geometry`.
    public init(_ geometry: FrameGeometry, style: [Style] = [], animations: [FrameAnimation] = []) {
        self.geometry = geometry
        self.style = style
        self.animations = animations
    }

    /// The box the shape covers in its parent's px, through its own transforms (strokes not
    /// counted); `nil` when it is empty.
    public var bounds: Rect? {
        var map = AffineMap.identity
        for case .transform(let m) in style { map = m.concatenating(map) }
        return geometry.bounds(transformedBy: map)
    }
}

/// Glyphs from fonts, each placed on its own; filled by the enclosing group's fill.
public struct GlyphRun: Sendable {
    /// The fonts the glyphs come from, in the order a shaped run lists them.
    public var fonts: [Font]
    /// The glyphs, in drawing order.
    public var glyphs: [FrameGlyph]
    /// The characters the glyphs show, for writers that write text (a PDF's): empty when
    /// unknown.
    public var text: String
    /// Which glyphs show which characters: empty when unknown.
    public var clusters: [GlyphCluster]

    /// A run of `glyphs` from `fonts`, showing `text` cluster by cluster.
    public init(fonts: [Font], glyphs: [FrameGlyph], text: String = "", clusters: [GlyphCluster] = []) {
        self.fonts = fonts
        self.glyphs = glyphs
        self.text = text
        self.clusters = clusters
    }
}

/// Glyphs of a run that show characters of its text together (a ligature, a base and its marks).
public struct GlyphCluster: Sendable, Hashable {
    /// Indices into the run's glyphs.
    public var glyphs: Range<Int>
    /// UTF-8 offsets into the run's text.
    public var utf8: Range<Int>

    /// Glyphs `glyphs` showing the characters at UTF-8 offsets `utf8`.
    public init(glyphs: Range<Int>, utf8: Range<Int>) {
        self.glyphs = glyphs
        self.utf8 = utf8
    }
}

/// One glyph: which, how large, and where.
public struct FrameGlyph: Sendable, Hashable {
    /// Index into the run's `fonts`.
    public var font: Int
    /// Glyph id in that font.
    public var glyph: UInt32
    /// px per font unit.
    public var scale: Double
    /// Where the glyph goes.
    public var placement: GlyphPlacement

    /// Glyph `glyph` of `fonts[font]`, `scale` px per font unit, at `placement`.
    public init(font: Int, glyph: UInt32, scale: Double, placement: GlyphPlacement) {
        self.font = font
        self.glyph = glyph
        self.scale = scale
        self.placement = placement
    }
}

/// Where a glyph's origin (on its baseline, at its left) goes.
public enum GlyphPlacement: Sendable, Hashable {
    /// At `origin`, px, its baseline turned `angle` degrees clockwise.
    case rotated(origin: Point, angle: Double)
    /// Through `map`, from the glyph's own px (x along the baseline, y down, origin at the
    /// glyph's origin) to the frame's: for placements a turn cannot say (skewed, sheared).
    case mapped(AffineMap)
}

/// Characters set by the viewer, one cluster at a time; filled by the enclosing group.
public struct TextRun: Sendable {
    /// The clusters, in logical order.
    public var clusters: [TextCluster]
    /// The same text as the glyphs that were measured, for writers that draw glyphs themselves
    /// (PNG, PDF); `nil` when unknown (such a writer then draws nothing for the run).
    public var glyphs: GlyphRun?

    /// A run of `clusters`, measured as `glyphs`.
    public init(clusters: [TextCluster], glyphs: GlyphRun? = nil) {
        self.clusters = clusters
        self.glyphs = glyphs
    }
}

/// A line of characters in logical order, with each cluster's place on the drawing: what a
/// drawing of outlines says, for a reader who selects, copies or listens to it.
public struct TextLayer: Sendable, Hashable {
    /// The characters, in logical order.
    public var text: String
    /// Font size, px.
    public var size: Double
    /// The clusters, in logical order.
    public var clusters: [TextLayerCluster]

    /// `text` at `size` px, placed cluster by cluster.
    public init(text: String, size: Double, clusters: [TextLayerCluster]) {
        self.text = text
        self.size = size
        self.clusters = clusters
    }
}

/// Where one cluster of a text layer lies.
public struct TextLayerCluster: Sendable, Hashable {
    /// UTF-8 offsets of its characters in the layer's text.
    public var utf8: Range<Int>
    /// Its baseline's start, px.
    public var origin: Point
    /// Its baseline's direction, degrees clockwise.
    public var angle: Double
    /// Its length along the baseline, px.
    public var advance: Double

    /// The characters at `utf8`, from `origin` along a baseline turned `angle` degrees clockwise
    /// for `advance` px.
    public init(utf8: Range<Int>, origin: Point, angle: Double, advance: Double) {
        self.utf8 = utf8
        self.origin = origin
        self.angle = angle
        self.advance = advance
    }
}

/// One cluster of characters at its own place.
public struct TextCluster: Sendable, Hashable {
    /// The cluster's characters.
    public var text: String
    /// The baseline's start, px.
    public var origin: Point
    /// Degrees clockwise.
    public var angle: Double
    /// A CSS font-family list when the cluster's font is not the group's.
    public var fontFamily: String?

    /// `text` at `origin`, turned `angle` degrees clockwise.
    public init(text: String, origin: Point, angle: Double, fontFamily: String? = nil) {
        self.text = text
        self.origin = origin
        self.angle = angle
        self.fontFamily = fontFamily
    }
}

/// One line of characters centred on `center`, stretched or squeezed to `width` by the viewer.
public struct TextLine: Sendable {
    /// The line's characters.
    public var text: String
    /// x of the centre and y of the baseline, px.
    public var center: Point
    /// The line's advance width, px, which the viewer keeps whatever font it uses.
    public var width: Double
    /// A CSS font-family list.
    public var fontFamily: String
    /// px.
    public var fontSize: Double
    /// Drawn in the family's bold face.
    public var bold: Bool
    /// Extra space after each character, px.
    public var letterSpacing: Double
    /// The text's paint.
    public var fill: Paint
    /// 0…1.
    public var fillOpacity: Double
    /// Hidden from assistive technology (a shadow that repeats the text).
    public var isDecoration: Bool
    /// The line as the glyphs that were measured, for writers that draw glyphs themselves
    /// (PNG, PDF); `nil` when unknown. Placed when a writer asks: an SVG never does.
    public var glyphs: GlyphRun? {
        get { measured?() }
        set { measured = Self.constant(newValue) }
    }
    private var measured: (@Sendable () -> GlyphRun?)?

    private static func constant(_ run: GlyphRun?) -> (@Sendable () -> GlyphRun?)? {
        guard let run else { return nil }
        return { run }
    }

    /// A line of `text` centred on `center`, `width` px wide.
    public init(text: String, center: Point, width: Double, fontFamily: String, fontSize: Double, bold: Bool = false,
                letterSpacing: Double = 0, fill: Paint, fillOpacity: Double = 1, isDecoration: Bool = false,
                glyphs: GlyphRun? = nil) {
        self.measured = Self.constant(glyphs)
        self.text = text
        self.center = center
        self.width = width
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.bold = bold
        self.letterSpacing = letterSpacing
        self.fill = fill
        self.fillOpacity = fillOpacity
        self.isDecoration = isDecoration
    }

    /// A line whose glyphs `measure` places whenever a writer asks for them.
    package init(text: String, center: Point, width: Double, fontFamily: String, fontSize: Double, bold: Bool,
                 letterSpacing: Double, fill: Paint, fillOpacity: Double, isDecoration: Bool,
                 measure: @escaping @Sendable () -> GlyphRun?) {
        self.init(text: text, center: center, width: width, fontFamily: fontFamily, fontSize: fontSize, bold: bold,
                  letterSpacing: letterSpacing, fill: fill, fillOpacity: fillOpacity, isDecoration: isDecoration)
        self.measured = measure
    }
}

/// Characters a viewer sets along a path in its own font.
public struct TextOnPath: Sendable {
    /// The characters, in logical order.
    public var text: String
    /// px, y down; the text starts `startOffset` px along it.
    public var path: Path
    /// px along `path`.
    public var startOffset: Double
    /// The text's paint.
    public var fill: Paint
    /// A CSS font-family list.
    public var fontFamily: String
    /// px.
    public var fontSize: Double
    /// Extra space after each character, px.
    public var letterSpacing: Double
    /// How far the baseline is moved to the path's left (up for a path going right), px.
    public var baselineShift: Double
    /// The text as the glyphs that were measured along the path, for writers that draw glyphs
    /// themselves (PNG, PDF); `nil` when unknown.
    public var glyphs: GlyphRun?

    /// `text` along `path` from `startOffset` px.
    public init(text: String, path: Path, startOffset: Double, fill: Paint, fontFamily: String, fontSize: Double,
                letterSpacing: Double = 0, baselineShift: Double = 0, glyphs: GlyphRun? = nil) {
        self.glyphs = glyphs
        self.text = text
        self.path = path
        self.startOffset = startOffset
        self.fill = fill
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.letterSpacing = letterSpacing
        self.baselineShift = baselineShift
    }
}

/// A picture inside `box` (px), fitted inside and centred.
public struct FrameImage: Sendable {
    /// What the picture is.
    public enum Content: Sendable {
        /// A vector drawing, in its own coordinates (its view box).
        case vector(VectorImage)
        /// A checked PNG or JPEG.
        case raster(RasterImage)
    }

    /// The picture.
    public var content: Content
    /// Where it goes, px.
    public var box: Rect

    /// `content` fitted into `box`.
    public init(_ content: Content, box: Rect) {
        self.content = content
        self.box = box
    }

    /// Maps a vector picture's coordinates into the frame's px: its view box fitted inside
    /// `box` and centred (SVG's xMidYMid meet); `nil` for a raster picture or an empty box.
    public var vectorMap: AffineMap? {
        guard case .vector(let picture) = content else { return nil }
        let v = picture.viewBox
        guard v.width > 0, v.height > 0, box.width > 0, box.height > 0 else { return nil }
        let k = min(box.width / v.width, box.height / v.height)
        return AffineMap(a: k, b: 0, c: 0, d: k, tx: box.minX + (box.width - v.width * k) / 2 - v.minX * k,
                         ty: box.minY + (box.height - v.height * k) / 2 - v.minY * k)
    }
}

/// Items that open `url` (http, https or mailto; checked by whoever made the frame).
public struct FrameLink: Sendable {
    /// Where the link goes.
    public var url: String
    /// What the link is, for assistive technology.
    public var label: String
    /// What the link covers, in drawing order.
    public var items: [FrameItem]

    /// A link to `url` over `items`.
    public init(url: String, label: String, items: [FrameItem]) {
        self.url = url
        self.label = label
        self.items = items
    }
}

/// One colour of a gradient at `offset` (0…1). A stop without a colour is black.
public struct GradientStop: Sendable, Hashable {
    /// Where the stop is, 0…1.
    public var offset: Double
    /// Its colour; `nil` is black.
    public var color: SVGColor?
    /// 0…1.
    public var opacity: Double

    /// A stop of `color` at `offset`.
    public init(offset: Double, color: SVGColor?, opacity: Double = 1) {
        self.offset = offset
        self.color = color
        self.opacity = opacity
    }
}

/// Change over time, as data: the SVG writer writes SMIL; a raster writer draws the last frame.
/// Every animation starts at 0 s, holds its last value, and runs once.
public enum FrameAnimation: Sendable, Hashable {
    /// A turn about `center` (px): `angles[i]` degrees clockwise at `keyTimes[i]` × `duration`.
    case rotation(angles: [Double], center: Point, keyTimes: [Double], duration: Double)
    /// A path's outline: `paths[i]` at `keyTimes[i]` × `duration`; the paths have the same
    /// commands, so a viewer interpolates their points.
    case outline(paths: [Path], keyTimes: [Double], duration: Double)
    /// Shown (`visible`) or hidden from `begin` (s) until `end` (s), or for `duration` s.
    case visibility(visible: Bool, begin: Double, end: Double?, duration: Double?)
}

/// A length unit for drawings that machines cut, engrave and plot, and how many CSS px make
/// one (96 px to the inch).
public enum LengthUnit: String, Sendable, CaseIterable {
    case mm, cm, `in`, pt, px

    /// px per unit: 96 per inch, as CSS and SVG measure.
    public var pixels: Double {
        switch self {
        case .mm: 96 / 25.4
        case .cm: 960 / 25.4
        case .in: 96
        case .pt: 96.0 / 72
        case .px: 1
        }
    }

    /// mm per unit.
    public var millimetres: Double { pixels * 25.4 / 96 }
}
