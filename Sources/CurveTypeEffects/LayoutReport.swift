import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The layout JSON of `--layout FILE` and `result.layoutJSON`, as values: each result's
// `layoutReport` is a Codable struct with exactly the document's fields, so a build script reads
// typed values (or decodes a saved file with JSONDecoder) instead of a string. `layoutJSON` is
// that struct written by `LayoutJSON` below, byte for byte the documented format: keys in a fixed
// order, numbers in their shortest round-trip form (whole numbers without ".0"), one glyph per
// line. JSONEncoder cannot keep those bytes (its key order and number forms are its own), so the
// writer is ours; a test decodes every command's JSON and compares it with its report.
//
// Units: lengths are px in the SVG's coordinates (y down); angles in degrees.

/// A point, px in the SVG's coordinates (y down).
public struct LayoutPoint: Codable, Sendable, Hashable {
    /// Horizontal position, px from the canvas's left edge.
    public var x: Double
    /// Vertical position, px down from the canvas's top edge.
    public var y: Double
    /// A point at (`x`, `y`) px.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    init(_ p: Point) { self.init(x: p.x, y: p.y) }
}

/// A box's edges, px in the SVG's coordinates (y down, so `minY` is the top).
public struct LayoutBounds: Codable, Sendable, Hashable {
    /// The left edge, px.
    public var minX: Double
    /// The top edge, px.
    public var minY: Double
    /// The right edge, px.
    public var maxX: Double
    /// The bottom edge, px.
    public var maxY: Double
    /// A box with these edges, px.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
}

/// A font the glyphs came from: its family and style names, and where it was loaded from
/// (`bundled DejaVuSans.ttf`, a file path, or a Fontconfig match).
public struct LayoutFont: Codable, Sendable, Hashable {
    /// The family name from the font's `name` table.
    public var family: String
    /// The style name (`Book`, `Bold`).
    public var style: String
    /// Where the font came from: `bundled DejaVuSans.ttf`, a file path, or what Fontconfig matched.
    public var source: String
    /// A font entry with these names.
    public init(family: String, style: String, source: String) {
        self.family = family; self.style = style; self.source = source
    }
    init(_ font: Font) { self.init(family: font.familyName, style: font.styleName, source: font.source.description) }
}

/// One placed glyph. `x`,`y` is where its origin lands (pen position on the baseline plus
/// HarfBuzz's offset), px; `advance` the shaped advance in px without tracking; `cluster` the
/// UTF-8 byte offset of its cluster in the text (in its line's text for a fit); `font` an index
/// into the report's `fonts`.
public struct LayoutGlyph: Codable, Sendable, Hashable {
    /// The glyph's id in its font.
    public var glyph: UInt32
    /// The UTF-8 byte offset of its cluster in the text (as `hb-shape --utf8-clusters`).
    public var cluster: Int
    /// Index into the report's `fonts`.
    public var font: Int
    /// The line it is on (fit only).
    public var line: Int?
    /// The origin's x, px.
    public var x: Double
    /// The origin's y, px (down).
    public var y: Double
    /// Rotation about the origin, degrees clockwise (SVG `rotate()`); nil in a fit.
    public var angle: Double?
    /// The shaped advance, px, without tracking.
    public var advance: Double
    /// px along the spiral from its begin angle, or along the path, to the glyph's advance
    /// midpoint (spiral and path only).
    public var arcLength: Double?

    /// A glyph entry; `line` for a fit, `angle` for curves, `arcLength` for spirals and paths.
    public init(glyph: UInt32, cluster: Int, font: Int, line: Int? = nil, x: Double, y: Double, angle: Double?,
                advance: Double, arcLength: Double? = nil) {
        self.glyph = glyph; self.cluster = cluster; self.font = font; self.line = line
        self.x = x; self.y = y; self.angle = angle; self.advance = advance; self.arcLength = arcLength
    }
}

/// Text on a circle: `CircleTextResult.layoutReport`.
public struct CircleLayoutReport: Codable, Sendable, Hashable {
    /// Font size, px.
    public var fontSize: Double
    /// The first font's units per em.
    public var unitsPerEm: Int
    /// The circle's centre, px.
    public var center: LayoutPoint
    /// The baseline circle's radius, px.
    public var radius: Double
    /// Extra space between clusters, px.
    public var tracking: Double
    /// The text's length along the circle, px.
    public var extent: Double
    /// The fonts the glyphs came from, the primary first.
    public var fonts: [LayoutFont]
    /// Every placed glyph, in the text's logical order.
    public var glyphs: [LayoutGlyph]
}

/// A spiral, with or without text: `SpiralResult.layoutReport`. Without text, only `center`,
/// `spiral` and an empty `glyphs` are set.
public struct SpiralLayoutReport: Codable, Sendable, Hashable {
    /// r = a + b·θ in SVG px.
    public struct Spiral: Codable, Sendable, Hashable {
        /// Radius at θ = 0, px.
        public var a: Double
        /// Radius gained per radian, px.
        public var b: Double
        /// Begin and end angles, degrees counterclockwise on screen from 3 o'clock.
        public var from: Double
        /// The end angle, degrees counterclockwise on screen from 3 o'clock.
        public var to: Double
        /// Length between them, px.
        public var length: Double
        /// px per chart unit.
        public var scale: Double
        /// Cubic Béziers in the drawn path.
        public var segments: Int
    }
    /// Font size, px; nil without text.
    public var fontSize: Double?
    /// The first font's units per em; nil without text.
    public var unitsPerEm: Int?
    /// The spiral's centre, px.
    public var center: LayoutPoint
    /// The drawn spiral.
    public var spiral: Spiral
    /// Clusters `--clip` removed.
    public var dropped: Int?
    /// Extra space between clusters, px; nil without text.
    public var tracking: Double?
    /// The text's length along the spiral, px; nil without text.
    public var extent: Double?
    /// The fonts the glyphs came from, the primary first; nil without text.
    public var fonts: [LayoutFont]?
    /// Every placed glyph, with its `arcLength`; empty without text.
    public var glyphs: [LayoutGlyph]
}

/// Text along a path: `PathTextResult.layoutReport`. Glyphs are the `rotate` placement (SVG's
/// `<textPath>` rule) every effect starts from.
public struct PathLayoutReport: Codable, Sendable, Hashable {
    /// The path the text follows, and what became of the text on it.
    public struct Path: Codable, Sendable, Hashable {
        /// The path's length, px.
        public var length: Double
        /// Whether the path closes on itself (its text may run round).
        public var closed: Bool
        /// The side and effect asked for (`left`/`right`; `rotate`, `bend`, `skew`, `ribbon`).
        public var side: String
        /// The effect asked for (`rotate`, `bend`, `skew`, `ribbon`, `stairStep`, `gravity`).
        public var effect: String
        /// Arc length of the text's leading edge, px.
        public var leading: Double
        /// Clusters that fell off an open path.
        public var dropped: Int
    }
    /// Font size, px.
    public var fontSize: Double
    /// The first font's units per em.
    public var unitsPerEm: Int
    /// The path the text follows.
    public var path: Path
    /// Extra space between clusters, px.
    public var tracking: Double
    /// The text's length along the path, px.
    public var extent: Double
    /// The fonts the glyphs came from, the primary first.
    public var fonts: [LayoutFont]
    /// Every placed glyph, with its `arcLength`.
    public var glyphs: [LayoutGlyph]
}

/// Text warped into a preset shape: `WarpResult.layoutReport`, px.
public struct WarpLayoutReport: Codable, Sendable, Hashable {
    /// An adjust value used, in the spec's units.
    public struct Adjust: Codable, Sendable, Hashable {
        /// `adj`, `adj1`, `adj2`.
        public var name: String
        /// Its value (angles in 60,000ths of a degree, lengths in 100,000ths of the box).
        public var value: Double
    }
    /// One of the preset's paths.
    public struct Edge: Codable, Sendable, Hashable {
        /// Its length, px.
        public var length: Double
        /// Its box, px; `null` for a path with no points.
        public var bounds: LayoutBounds?
    }
    /// One line of the text.
    public struct Line: Codable, Sendable, Hashable {
        /// The line as drawn.
        public var text: String
        /// The area it fills (an envelope or a baseline), from 0.
        public var area: Int
        /// Its row in the area, from 0 at the top.
        public var row: Int
        /// Font size on a baseline, px; `null` in an envelope.
        public var fontSize: Double?
        /// Its warped ink's box, px; `null` for a line with no ink.
        public var bounds: LayoutBounds?
    }
    /// The preset's kebab-case name.
    public var preset: String
    /// The spec's name.
    public var specName: String
    /// Whether its paths pair into envelopes (otherwise each is a baseline).
    public var envelope: Bool
    /// The box the paths are drawn in, px.
    public var box: LayoutBounds
    /// Every adjust value, in the preset's order.
    public var adjust: [Adjust]
    /// The preset's paths, in order.
    public var edges: [Edge]
    /// The lines, in order.
    public var lines: [Line]
}

/// Text fitted to a box: `FitResult.layoutReport`.
public struct FitLayoutReport: Codable, Sendable, Hashable {
    /// The box the text was fitted to, px.
    public struct Box: Codable, Sendable, Hashable {
        /// The box's width, px.
        public var width: Double
        /// The box's height, px.
        public var height: Double
    }
    /// One set line: its row (which input row it came from), its text, its first pen position
    /// on the baseline (`x`,`y`), its advance `width`, and its measured ink box.
    public struct Line: Codable, Sendable, Hashable {
        /// The input row the line came from (0 for wrapped text's first paragraph).
        public var row: Int
        /// The line's text, as set (with the ellipsis when cut short).
        public var text: String
        /// The first pen position on the baseline: x, px.
        public var x: Double
        /// The baseline's y, px.
        public var y: Double
        /// The line's advance width, px.
        public var width: Double
        /// The line's measured ink box, px.
        public var bounds: LayoutBounds
    }
    /// The size chosen, px.
    public var fontSize: Double
    /// The first font's units per em.
    public var unitsPerEm: Int
    /// The box the text was fitted to.
    public var box: Box
    /// Cut short with an ellipsis.
    public var truncated: Bool
    /// The set lines, top first.
    public var lines: [Line]
    /// Every line's fonts in one list, in order of first use.
    public var fonts: [LayoutFont]
    /// Every placed glyph, with its `line`.
    public var glyphs: [LayoutGlyph]
}

/// An angle shape: `AngleResult.layoutReport`.
public struct AngleLayoutReport: Codable, Sendable, Hashable {
    /// The label's text and ink box.
    public struct Label: Codable, Sendable, Hashable {
        /// The label as drawn.
        public var text: String
        /// The label's ink box: left edge, px.
        public var minX: Double
        /// The ink box's top edge, px.
        public var minY: Double
        /// The ink box's right edge, px.
        public var maxX: Double
        /// The ink box's bottom edge, px.
        public var maxY: Double
    }
    /// The angle, degrees.
    public var angle: Double
    /// The canvas, px.
    public var width: Double
    /// The canvas's height, px.
    public var height: Double
    /// Where the rays meet, px.
    public var vertex: LayoutPoint
    /// Each ray's length, px.
    public var rayLength: Double
    /// The ends of the base ray (at 0°) and of the turned ray.
    public var baseEnd: LayoutPoint
    /// The end of the ray turned by `angle`, px.
    public var rayEnd: LayoutPoint
    /// The label and its ink box; nil without a label.
    public var label: Label?
}

/// A badge: `BadgeResult.layoutReport`, shields' geometry.
public struct BadgeLayoutReport: Codable, Sendable, Hashable {
    /// A half's text, the x it is centred on, and the width shields' rounding gives it, px.
    public struct Half: Codable, Sendable, Hashable {
        /// The half's text as drawn (upper case for for-the-badge).
        public var text: String
        /// The x the text is centred on, px.
        public var center: Double
        /// The text's width after shields' rounding, px.
        public var textWidth: Double
    }
    /// The logo's box, px.
    public struct Logo: Codable, Sendable, Hashable {
        /// The logo box's left edge, px.
        public var x: Double
        /// The logo box's top edge, px.
        public var y: Double
        /// The logo box's width, px.
        public var width: Double
        /// The logo box's height, px.
        public var height: Double
    }
    /// The style's name (`flat`, `for-the-badge`, …).
    public var style: String
    /// The badge's width, px.
    public var width: Double
    /// The badge's height, px.
    public var height: Double
    /// The text's baseline, px from the top.
    public var baseline: Double
    /// The label half's width, px (logo included).
    public var leftWidth: Double
    /// The message half's width, px.
    public var rightWidth: Double
    /// nil for a badge without a label.
    public var label: Half?
    /// The message half.
    public var message: Half
    /// The logo's box; nil without a logo.
    public var logo: Logo?
    /// A part's box and text, px.
    public struct Part: Codable, Sendable, Hashable {
        /// The part's text as drawn.
        public var text: String
        /// The grid's row and column.
        public var row: Int
        /// See `row`.
        public var column: Int
        /// The part's box: its left and top edges, width and height, px.
        public var x: Double
        /// See `x`.
        public var y: Double
        /// See `x`.
        public var width: Double
        /// See `x`.
        public var height: Double
        /// The x the text is centred on, px.
        public var center: Double
        /// The text's width after shields' rounding, px.
        public var textWidth: Double
    }
    /// Every part, row by row; nil for shields' two parts (`label` and `message` say them).
    public var parts: [Part]?
}

/// A seal: `SealResult.layoutReport`, px. Distances across the rings (`inset`s) are measured
/// inward from the seal's outer edge: on a circle, a radius is the seal's less the inset.
public struct SealLayoutReport: Codable, Sendable, Hashable {
    /// The canvas's width.
    public var size: Double
    /// The first arc's baseline radius (0 without arcs).
    public var baselineRadius: Double
    /// The middle of the innermost border's line, px from the centre.
    public var innerRadius: Double
    /// The first arc's size, px (0 without arcs).
    public var ringFontSize: Double
    /// The first arc's extra space between clusters, px.
    public var tracking: Double
    /// The centre text's fitted size, px (0 without centre text).
    public var centerFontSize: Double
    /// The centre text's lines, top first.
    public var centerLines: [String]
    /// The canvas's height.
    public var height: Double
    /// The seal's centre.
    public var center: LayoutPoint
    /// The outer edge's horizontal and vertical semi-axes (equal for a circle; a square's half side).
    public var radii: [Double]
    /// A border: its style (`solid`, `double`, `dotted`, `dashed`, `glyphs`), width, and the
    /// insets of its outer and inner edges.
    public struct Border: Codable, Sendable, Hashable {
        /// `solid`, `double`, `dotted`, `dashed` or `glyphs`.
        public var style: String
        /// Line width, dot diameter or glyph size, px.
        public var width: Double
        /// Its outer edge's inset.
        public var outer: Double
        /// Its inner edge's inset.
        public var inner: Double
    }
    /// Every border, from the outside in.
    public var borders: [Border]
    /// A text ring's band: the ink of its arcs, between these insets.
    public struct Band: Codable, Sendable, Hashable {
        /// The outer edge's inset.
        public var outer: Double
        /// The inner edge's inset.
        public var inner: Double
    }
    /// Each text ring's band, from the outside in.
    public var bands: [Band]
    /// An arc: its ring (0 outermost), side (`top` or `bottom`), text, size, tracking, its
    /// baseline's inset, its ink's insets, where it begins and ends clockwise (degrees from
    /// 12 o'clock), and its glyphs.
    public struct Arc: Codable, Sendable, Hashable {
        /// Which ring, 0 outermost.
        public var ring: Int
        /// `top` or `bottom`.
        public var side: String
        /// The text as shaped.
        public var text: String
        /// Its size, px.
        public var fontSize: Double
        /// Extra space between clusters, px.
        public var tracking: Double
        /// The baseline's inset.
        public var baselineInset: Double
        /// The ink's outer edge's inset.
        public var inkOuter: Double
        /// The ink's inner edge's inset.
        public var inkInner: Double
        /// Where it begins, clockwise, degrees from 12 o'clock.
        public var from: Double
        /// Where it ends.
        public var to: Double
        /// Every glyph, with its origin and rotation.
        public var glyphs: [LayoutGlyph]
        /// How much narrower the letters are drawn than shaped (`--top-squeeze`; 1: not).
        public var squeeze: Double
    }
    /// Every arc, ring by ring.
    public var arcs: [Arc]
    /// A name seal's cells, in reading order.
    public var cells: [LayoutBounds]
    /// Every font the arcs' glyphs came from, once each: a glyph's `font` is an index into it
    /// (two arcs in two fonts number them apart).
    public var fonts: [LayoutFont]
    /// Whether the drawing is mirrored left to right (`--mirror`): the report's positions are
    /// the seal as read, before the mirror (x becomes `size` − x).
    public var mirror: Bool
}

// MARK: - Each result's report

extension CurveTextLayout {
    /// The glyphs as the report lists them; `arcLength` maps a glyph's arc length (from the
    /// text's start) to the one reported, or nil for none.
    func reportGlyphs(arcLength: ((Double) -> Double)?) -> [LayoutGlyph] {
        glyphs.map { g in
            LayoutGlyph(glyph: g.glyph, cluster: g.cluster, font: g.font, x: g.origin.x, y: g.origin.y, angle: g.angle,
                        advance: g.advance, arcLength: arcLength.map { $0(g.arcLength) })
        }
    }
}

extension CircleTextResult {
    /// The layout JSON's values (see `CircleLayoutReport`).
    public var layoutReport: CircleLayoutReport {
        let text = layout.text
        return CircleLayoutReport(
            fontSize: text.size, unitsPerEm: text.run.fonts[0].unitsPerEm, center: LayoutPoint(layout.curve.center),
            radius: layout.curve.radius, tracking: text.tracking, extent: text.extent, fonts: text.run.fonts.map(LayoutFont.init),
            glyphs: text.reportGlyphs(arcLength: nil))
    }
}

extension SpiralResult {
    /// The layout JSON's values (see `SpiralLayoutReport`).
    public var layoutReport: SpiralLayoutReport {
        let segments = path.elements.filter { if case .cubic = $0 { true } else { false } }.count
        let shape = SpiralLayoutReport.Spiral(
            a: spiral.a, b: spiral.b, from: begin * 180 / .pi, to: end * 180 / .pi,
            length: abs(spiral.arcLength(from: begin, to: end)), scale: scale, segments: segments)
        var report = SpiralLayoutReport(center: LayoutPoint(spiral.center), spiral: shape, glyphs: [])
        if let layout {
            report.fontSize = layout.text.size
            report.unitsPerEm = layout.text.run.fonts[0].unitsPerEm
            report.dropped = layout.droppedClusters
            report.tracking = layout.text.tracking
            report.extent = layout.text.extent
            report.fonts = layout.text.run.fonts.map(LayoutFont.init)
            report.glyphs = layout.text.reportGlyphs(arcLength: layout.lengthFromBegin)
        }
        return report
    }
}

extension PathTextResult {
    /// The layout JSON's values (see `PathLayoutReport`).
    public var layoutReport: PathLayoutReport {
        let text = layout.text
        let path = PathLayoutReport.Path(
            length: layout.curve.length, closed: layout.curve.isClosed, side: layout.style.side.rawValue,
            effect: layout.style.effect.rawValue, leading: layout.leading, dropped: layout.droppedClusters)
        return PathLayoutReport(
            fontSize: text.size, unitsPerEm: text.run.fonts[0].unitsPerEm, path: path, tracking: text.tracking,
            extent: text.extent, fonts: text.run.fonts.map(LayoutFont.init), glyphs: text.reportGlyphs(arcLength: { $0 }))
    }
}

extension WarpResult {
    /// The layout JSON's values (see `WarpLayoutReport`).
    public var layoutReport: WarpLayoutReport {
        func box(_ r: Rect?) -> LayoutBounds? { r.map { LayoutBounds(minX: $0.minX, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY) } }
        return WarpLayoutReport(
            preset: preset.name, specName: preset.specName, envelope: preset.isEnvelope,
            box: LayoutBounds(minX: boxOrigin.x, minY: boxOrigin.y, maxX: boxOrigin.x + self.box.width, maxY: boxOrigin.y + self.box.height),
            adjust: preset.adjustments.map { WarpLayoutReport.Adjust(name: $0.name, value: adjust[$0.name] ?? 0) },
            edges: edges.map { WarpLayoutReport.Edge(length: PathCurve($0)?.length ?? 0, bounds: box($0.bounds())) },
            lines: lines.map { WarpLayoutReport.Line(text: $0.text, area: $0.area, row: $0.row, fontSize: $0.fontSize, bounds: box($0.bounds)) })
    }

    /// The layout as JSON (see README, "Layout JSON").
    public var layoutJSON: String { LayoutJSON.write(layoutReport) }
}

extension FitResult {
    /// The layout JSON's values (see `FitLayoutReport`): every line's fonts in one list.
    public var layoutReport: FitLayoutReport {
        var fonts: [Font] = []
        for line in fitted.lines {
            for font in line.layout.run.fonts where !fonts.contains(where: { $0 === font }) { fonts.append(font) }
        }
        let lines = fitted.lines.map { line in
            let b = line.bounds
            return FitLayoutReport.Line(
                row: line.row, text: line.text, x: line.origin.x, y: line.origin.y, width: b.width,
                bounds: LayoutBounds(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY))
        }
        var glyphs: [LayoutGlyph] = []
        for (index, line) in fitted.lines.enumerated() {
            let local = line.layout.run.fonts.map { font in fonts.firstIndex { $0 === font } ?? 0 }
            for g in line.layout.glyphs {
                glyphs.append(LayoutGlyph(glyph: g.glyph, cluster: g.cluster, font: local[g.font], line: index, x: g.origin.x,
                                          y: g.origin.y, angle: nil, advance: g.advance))
            }
        }
        return FitLayoutReport(
            fontSize: fitted.size, unitsPerEm: fonts.first?.unitsPerEm ?? 0,
            box: FitLayoutReport.Box(width: fitted.width, height: fitted.height), truncated: fitted.truncated, lines: lines,
            fonts: fonts.map(LayoutFont.init), glyphs: glyphs)
    }
}

extension AngleResult {
    /// The layout JSON's values (see `AngleLayoutReport`).
    public var layoutReport: AngleLayoutReport {
        var label: AngleLayoutReport.Label?
        if let text = self.label, let b = labelBox {
            label = AngleLayoutReport.Label(text: text, minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
        }
        return AngleLayoutReport(
            angle: angle, width: width, height: height, vertex: LayoutPoint(shape.vertex), rayLength: shape.rayLength,
            baseEnd: LayoutPoint(shape.rayEnd(at: 0)), rayEnd: LayoutPoint(shape.rayEnd(at: angle)), label: label)
    }
}

extension BadgeResult {
    /// The layout JSON's values (see `BadgeLayoutReport`).
    public var layoutReport: BadgeLayoutReport {
        let g = geometry
        return BadgeLayoutReport(
            style: style.rawValue, width: g.width, height: g.height, baseline: g.baseline, leftWidth: g.leftWidth,
            rightWidth: g.rightWidth,
            label: label.isEmpty ? nil : BadgeLayoutReport.Half(text: label, center: g.labelCenter, textWidth: g.labelTextWidth),
            message: BadgeLayoutReport.Half(text: message, center: g.messageCenter, textWidth: g.messageTextWidth),
            logo: g.logo.map { BadgeLayoutReport.Logo(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) },
            parts: isTwoPart ? nil : zip(texts, g.cells).map { text, cell in
                BadgeLayoutReport.Part(text: text, row: cell.row, column: cell.column, x: cell.box.minX, y: cell.box.minY,
                                       width: cell.box.width, height: cell.box.height, center: cell.textCenter, textWidth: cell.textWidth)
            })
    }
}

extension SealResult {
    /// The layout JSON's values (see `SealLayoutReport`).
    public var layoutReport: SealLayoutReport {
        let first = arcs.first?.text
        // One font table for every arc.
        var fonts: [Font] = []
        for arc in arcs {
            for font in arc.text.run.fonts where !fonts.contains(where: { $0 === font }) { fonts.append(font) }
        }
        func glyphs(_ layout: CurveTextLayout) -> [LayoutGlyph] {
            let local = layout.run.fonts.map { font in fonts.firstIndex { $0 === font } ?? 0 }
            return layout.reportGlyphs(arcLength: nil).map { g in
                var g = g
                g.font = local.indices.contains(g.font) ? local[g.font] : 0
                return g
            }
        }
        return SealLayoutReport(
            size: size, baselineRadius: baselineRadius, innerRadius: innerRadius, ringFontSize: first?.size ?? 0,
            tracking: first?.tracking ?? 0, centerFontSize: centerText?.size ?? 0, centerLines: centerText?.lines.map(\.text) ?? [],
            height: frame.height, center: LayoutPoint(center), radii: [radii.x, radii.y],
            borders: borders.map { b in
                SealLayoutReport.Border(style: b.border.style.name, width: b.border.width, outer: b.insets.lowerBound, inner: b.insets.upperBound)
            },
            bands: bands.map { SealLayoutReport.Band(outer: $0.lowerBound, inner: $0.upperBound) },
            arcs: arcs.map { a in
                SealLayoutReport.Arc(ring: a.ring, side: a.side.rawValue, text: a.text.run.text, fontSize: a.text.size, tracking: a.text.tracking,
                                     baselineInset: a.baselineInset, inkOuter: a.inkInsets.lowerBound, inkInner: a.inkInsets.upperBound,
                                     from: a.angles.from, to: a.angles.to, glyphs: glyphs(a.text), squeeze: a.squeeze)
            },
            cells: cells.map { LayoutBounds(minX: $0.minX, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY) },
            fonts: fonts.map(LayoutFont.init), mirror: mirrored)
    }
}

// MARK: - The documented bytes

/// Writes a report in the documented format (see the top of this file).
enum LayoutJSON {
    static func write(_ r: CircleLayoutReport) -> String {
        var out = "{\"fontSize\":\(number(r.fontSize)),\"unitsPerEm\":\(r.unitsPerEm)"
        out += ",\"center\":\(point(r.center)),\"radius\":\(number(r.radius))"
        return out + textFields(tracking: r.tracking, extent: r.extent, fonts: r.fonts, glyphs: r.glyphs)
    }

    static func write(_ r: SpiralLayoutReport) -> String {
        var out = "{"
        if let fontSize = r.fontSize, let unitsPerEm = r.unitsPerEm {
            out += "\"fontSize\":\(number(fontSize)),\"unitsPerEm\":\(unitsPerEm),"
        }
        let s = r.spiral
        out += "\"center\":\(point(r.center))"
        out += ",\"spiral\":{\"a\":\(number(s.a)),\"b\":\(number(s.b)),\"from\":\(number(s.from)),\"to\":\(number(s.to))"
        out += ",\"length\":\(number(s.length)),\"scale\":\(number(s.scale)),\"segments\":\(s.segments)}"
        guard let dropped = r.dropped, let tracking = r.tracking, let extent = r.extent, let fonts = r.fonts else {
            return out + ",\"glyphs\":[]}\n"
        }
        out += ",\"dropped\":\(dropped)"
        return out + textFields(tracking: tracking, extent: extent, fonts: fonts, glyphs: r.glyphs)
    }

    static func write(_ r: PathLayoutReport) -> String {
        let p = r.path
        var out = "{\"fontSize\":\(number(r.fontSize)),\"unitsPerEm\":\(r.unitsPerEm)"
        out += ",\"path\":{\"length\":\(number(p.length)),\"closed\":\(p.closed)"
        out += ",\"side\":\(string(p.side)),\"effect\":\(string(p.effect))"
        out += ",\"leading\":\(number(p.leading)),\"dropped\":\(p.dropped)}"
        return out + textFields(tracking: r.tracking, extent: r.extent, fonts: r.fonts, glyphs: r.glyphs)
    }

    static func write(_ r: WarpLayoutReport) -> String {
        func optionalBounds(_ b: LayoutBounds?) -> String { b.map(bounds) ?? "null" }
        var out = "{\"preset\":\(string(r.preset)),\"specName\":\(string(r.specName)),\"envelope\":\(r.envelope)"
        out += ",\"box\":\(bounds(r.box)),\"adjust\":["
        out += r.adjust.map { "{\"name\":\(string($0.name)),\"value\":\(number($0.value))}" }.joined(separator: ",")
        out += "],\"edges\":["
        out += r.edges.map { "{\"length\":\(number($0.length)),\"bounds\":\(optionalBounds($0.bounds))}" }.joined(separator: ",")
        out += "],\"lines\":[\n"
        out += r.lines.map { line in
            "{\"text\":\(string(line.text)),\"area\":\(line.area),\"row\":\(line.row),\"fontSize\":\(line.fontSize.map(number) ?? "null"),\"bounds\":\(optionalBounds(line.bounds))}"
        }.joined(separator: ",\n")
        return out + "\n]}\n"
    }

    static func write(_ r: FitLayoutReport) -> String {
        var out = "{\"fontSize\":\(number(r.fontSize)),\"unitsPerEm\":\(r.unitsPerEm)"
        out += ",\"box\":{\"width\":\(number(r.box.width)),\"height\":\(number(r.box.height))}"
        out += ",\"truncated\":\(r.truncated),\"lines\":[\n"
        out += r.lines.map { line in
            "{\"row\":\(line.row),\"text\":\(string(line.text)),\"x\":\(number(line.x)),\"y\":\(number(line.y)),\"width\":\(number(line.width)),\"bounds\":\(bounds(line.bounds))}"
        }.joined(separator: ",\n")
        out += "\n],\"fonts\":[" + fontList(r.fonts) + "],\"glyphs\":[\n"
        out += r.glyphs.map(glyph).joined(separator: ",\n")
        return out + "\n]}\n"
    }

    static func write(_ r: AngleLayoutReport) -> String {
        var out = "{\"angle\":\(number(r.angle)),\"width\":\(number(r.width)),\"height\":\(number(r.height))"
        out += ",\"vertex\":\(point(r.vertex)),\"rayLength\":\(number(r.rayLength))"
        out += ",\"baseEnd\":\(point(r.baseEnd)),\"rayEnd\":\(point(r.rayEnd)),\"label\":"
        if let l = r.label {
            out += "{\"text\":\(string(l.text)),\"minX\":\(number(l.minX)),\"minY\":\(number(l.minY)),\"maxX\":\(number(l.maxX)),\"maxY\":\(number(l.maxY))}"
        } else {
            out += "null"
        }
        return out + "}\n"
    }

    static func write(_ r: BadgeLayoutReport) -> String {
        func half(_ h: BadgeLayoutReport.Half) -> String {
            "{\"text\":\(string(h.text)),\"center\":\(number(h.center)),\"textWidth\":\(number(h.textWidth))}"
        }
        var out = "{\"style\":\(string(r.style)),\"width\":\(number(r.width)),\"height\":\(number(r.height))"
        out += ",\"baseline\":\(number(r.baseline)),\"leftWidth\":\(number(r.leftWidth)),\"rightWidth\":\(number(r.rightWidth))"
        out += ",\"label\":" + (r.label.map(half) ?? "null")
        out += ",\"message\":" + half(r.message)
        if let logo = r.logo {
            out += ",\"logo\":{\"x\":\(number(logo.x)),\"y\":\(number(logo.y)),\"width\":\(number(logo.width)),\"height\":\(number(logo.height))}"
        } else {
            out += ",\"logo\":null"
        }
        if let parts = r.parts {
            out += ",\"parts\":[" + parts.map { p in
                "{\"text\":\(string(p.text)),\"row\":\(p.row),\"column\":\(p.column),\"x\":\(number(p.x)),\"y\":\(number(p.y))"
                    + ",\"width\":\(number(p.width)),\"height\":\(number(p.height)),\"center\":\(number(p.center)),\"textWidth\":\(number(p.textWidth))}"
            }.joined(separator: ",") + "]"
        }
        return out + "}\n"
    }

    static func write(_ r: SealLayoutReport) -> String {
        var out = "{\"size\":\(number(r.size)),\"baselineRadius\":\(number(r.baselineRadius)),\"innerRadius\":\(number(r.innerRadius))"
        out += ",\"ringFontSize\":\(number(r.ringFontSize)),\"tracking\":\(number(r.tracking))"
        out += ",\"centerFontSize\":\(number(r.centerFontSize)),\"centerLines\":[\(r.centerLines.map(string).joined(separator: ","))]"
        out += ",\"height\":\(number(r.height)),\"center\":\(point(r.center)),\"radii\":[\(r.radii.map(number).joined(separator: ","))]"
        out += ",\"borders\":[" + r.borders.map { b in
            "{\"style\":\(string(b.style)),\"width\":\(number(b.width)),\"outer\":\(number(b.outer)),\"inner\":\(number(b.inner))}"
        }.joined(separator: ",") + "]"
        out += ",\"bands\":[" + r.bands.map { "{\"outer\":\(number($0.outer)),\"inner\":\(number($0.inner))}" }.joined(separator: ",") + "]"
        out += ",\"arcs\":[" + r.arcs.map { a in
            "{\"ring\":\(a.ring),\"side\":\(string(a.side)),\"text\":\(string(a.text)),\"fontSize\":\(number(a.fontSize))"
                + ",\"tracking\":\(number(a.tracking)),\"baselineInset\":\(number(a.baselineInset)),\"inkOuter\":\(number(a.inkOuter))"
                + ",\"inkInner\":\(number(a.inkInner)),\"from\":\(number(a.from)),\"to\":\(number(a.to)),\"squeeze\":\(number(a.squeeze))"
                + ",\"glyphs\":[\n" + a.glyphs.map(glyph).joined(separator: ",\n") + "\n]}"
        }.joined(separator: ",") + "]"
        out += ",\"cells\":[" + r.cells.map(bounds).joined(separator: ",") + "]"
        out += ",\"fonts\":[" + fontList(r.fonts) + "],\"mirror\":\(r.mirror)"
        return out + "}\n"
    }

    private static func point(_ p: LayoutPoint) -> String { "{\"x\":\(number(p.x)),\"y\":\(number(p.y))}" }

    private static func bounds(_ b: LayoutBounds) -> String {
        "{\"minX\":\(number(b.minX)),\"minY\":\(number(b.minY)),\"maxX\":\(number(b.maxX)),\"maxY\":\(number(b.maxY))}"
    }

    private static func fontList(_ fonts: [LayoutFont]) -> String {
        fonts.map { "{\"family\":\(string($0.family)),\"style\":\(string($0.style)),\"source\":\(string($0.source))}" }
            .joined(separator: ",")
    }

    /// A glyph's fields in the documented order; those it lacks are left out.
    private static func glyph(_ g: LayoutGlyph) -> String {
        var entry = "{\"glyph\":\(g.glyph),\"cluster\":\(g.cluster),\"font\":\(g.font)"
        if let line = g.line { entry += ",\"line\":\(line)" }
        entry += ",\"x\":\(number(g.x)),\"y\":\(number(g.y))"
        if let angle = g.angle { entry += ",\"angle\":\(number(angle))" }
        entry += ",\"advance\":\(number(g.advance))"
        if let arcLength = g.arcLength { entry += ",\"arcLength\":\(number(arcLength))" }
        return entry + "}"
    }

    /// `"tracking", "extent", "fonts", "glyphs"` and the closing brace.
    private static func textFields(tracking: Double, extent: Double, fonts: [LayoutFont], glyphs: [LayoutGlyph]) -> String {
        var out = ",\"tracking\":\(number(tracking)),\"extent\":\(number(extent)),\"fonts\":["
        out += fontList(fonts)
        out += "],\"glyphs\":[\n"
        out += glyphs.map(glyph).joined(separator: ",\n")
        return out + "\n]}\n"
    }

    /// Shortest round-trip decimal; integers without ".0".
    static func number(_ v: Double) -> String { shortestDigits(v) }

    /// A JSON string: `"` and `\` escaped, control characters as `\u00XX`.
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + hexDigits(UInt64(scalar.value), width: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
