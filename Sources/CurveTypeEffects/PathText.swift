import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything that makes one SVG of text along a path.
public struct PathTextRequest: Sendable {
    /// The text to set, as given (control characters are removed when drawn, with a warning).
    public var text: String
    /// The primary font: bundled DejaVu by default, a file, or a Fontconfig pattern.
    public var font: FontRequest
    /// OpenType feature settings HarfBuzz applies when shaping (`kern=0`, `+smcp`).
    public var features: [FontFeature]
    /// Fonts tried, in order, before Fontconfig for characters `font` lacks (emoji, CJK).
    public var fallbackFonts: [FontRequest]
    /// The path, in px (y down), as SVG path data would give it.
    public var path: Path
    /// Size, start offset, alignment, side, line and effect.
    public var style: PathTextStyle
    /// The text's colour; `currentColor` follows the embedding page.
    public var fill: SVGColor
    /// `outlines` writes each glyph as a path (the same in every viewer); `text` writes `<text>`
    /// elements (selectable, drawn by the viewer's fonts).
    public var glyphs: GlyphMode
    /// A canvas in the path's own coordinates (nothing moved); `nil` fits the viewBox to the
    /// ink (and the path, if drawn) with `padding` px round it.
    public var canvas: CanvasSize?
    /// px round the ink when the canvas is fitted to it.
    public var padding: Double
    /// The largest distance, px, of a bent outline from the exact bend (`bend` only).
    public var tolerance: Double
    /// Draw the path itself, stroked 1 px in this colour, under the text.
    public var pathStroke: SVGColor?
    /// A colour under the whole canvas; `nil` leaves it transparent.
    public var background: SVGColor?
    /// Which way glyphs stand: `.sideways` lies them along the path (horizontal writing);
    /// `.upright` writes vertically down the path, CJK upright in its vertical forms (with the
    /// `auto`, `rotate` and `bend` effects).
    public var orientation: GlyphOrientation = .sideways
    /// What `style.fitsPath`'s room stretches: the gaps between words, or Arabic words by
    /// kashida first.
    public var justify: Justification = .gaps

    /// `text` along `path` (px, y down); every other property as the command line's defaults.
    public init(text: String, path: Path, font: FontRequest = .default, features: [FontFeature] = [],
                fallbackFonts: [FontRequest] = [],
                style: PathTextStyle = PathTextStyle(), fill: SVGColor = .currentColor,
                glyphs: GlyphMode = .outlines,
                canvas: CanvasSize? = nil, padding: Double = 4, tolerance: Double = 0.05,
                pathStroke: SVGColor? = nil, background: SVGColor? = nil) {
        self.text = text
        self.path = path
        self.font = font
        self.features = features
        self.fallbackFonts = fallbackFonts
        self.style = style
        self.fill = fill
        self.glyphs = glyphs
        self.canvas = canvas
        self.padding = padding
        self.tolerance = tolerance
        self.pathStroke = pathStroke
        self.background = background
    }
}

/// A rendered path text: the drawing, the layout behind it, and what a user should be told.
public struct PathTextResult: Sendable {
    /// What was drawn, apart from its encoding: the frame every writer (SVG, PNG, PDF) draws,
    /// or a build script post-processes (px, y down).
    public let frame: Frame
    /// The layout in the SVG's coordinates (moved by `offset` when the viewBox was fitted).
    public let layout: PathTextLayout
    /// The text as drawn: control characters removed.
    public let text: String
    /// The canvas's width, px.
    public let width: Double
    /// The canvas's height, px.
    public let height: Double
    /// What was added to the path's coordinates to place it in the SVG.
    public let offset: Point
    /// What a user should hear about the drawing, in the order it happened (see
    /// ``CurveTypeWarning``).
    public let warnings: [CurveTypeWarning]

    /// The layout as JSON (see README, "Layout JSON").
    public var layoutJSON: String { LayoutJSON.write(layoutReport) }
}

extension PathTextRequest {
    /// The most outline points a bent text may make: bounds the work on long text or tiny tolerances.
    public static let maximumBentSegments = 500_000

    /// Shapes, lays out, applies the effect and writes the SVG.
    public func render() throws(CurveTypeError) -> PathTextResult {
        try TextInput.checkLength(self.text, "the text")
        let (text, removed) = try TextInput.cleanedForDrawing(self.text)
        try validateCanvas(padding: padding, canvas: canvas)
        guard tolerance.isFinite, tolerance >= 0.001, tolerance <= 100 else {
            throw .invalidInput("\(parameter: "tolerance") must be from 0.001 to 100 px, not \(tolerance)")
        }
        guard path.elements.count <= Path.maximumDataBytes else { throw .invalidInput("the path has too many segments") }
        if glyphs == .text && style.effect != .rotate && style.effect != .auto {
            throw .invalidInput("text mode writes <textPath>, which only rotates glyphs: use \(parameter: "glyphs") outlines for \(parameter: "effect") \(style.effect.rawValue)")
        }
        try checkOrientation(orientation, glyphs: glyphs)
        if orientation == .upright && ![.auto, .rotate, .bend].contains(style.effect) {
            throw .invalidInput("upright (vertical) writing is drawn with \(parameter: "effect") auto, rotate or bend, not \(style.effect.rawValue)")
        }
        let shaped = try shape(text, font: font, fallbacks: fallbackFonts, features: features, removed: removed,
                               orientation: orientation)
        if justify == .kashida && !style.fitsPath {
            throw .invalidInput("kashida stretches words to fill the path: give \(parameter: "fit")")
        }
        var run = shaped.run
        var warnings = shaped.warnings
        var probe = try lifting { try PathTextLayout(run, style: style, path: path) }
        if justify == .kashida {
            // The path's length, less a space's room where a closed path's end meets its start.
            let target = probe.curve.length - (probe.curve.isClosed ? style.size / 3 : 0)
            let filled = try kashidaFilled(run, text: text, target: target, size: style.size) { stretched throws(CurveTypeError) in
                try shape(stretched, font: font, fallbacks: fallbackFonts, features: features, removed: 0, orientation: orientation).run
            }
            if let warning = filled.warning { warnings.append(warning) }
            if filled.text != text {
                run = filled.run
                probe = try lifting { try PathTextLayout(run, style: style, path: path) }
            }
        }
        if probe.droppedClusters > 0 && !style.clip {
            warnings.append(CurveTypeWarning(
                .textRunsPastEnd,
                "\(probe.droppedClusters) of \(probe.droppedClusters + probe.text.clusters.count) clusters fall off the end of the path and are not drawn (SVG's rule; use a longer path, a smaller size or another start offset)"))
        }
        if style.effect == .bend {
            let glyphs = probe.text.glyphs.map { (run.fonts[$0.font], $0.glyph) }
            warnings += try outlineOnlyWarnings(glyphs, effect: "bend", instead: " (use the rotate, skew or ribbon effect)")
        }
        if justify == .gaps, style.tracking != 0 || style.fitsPath, let warning = joinedSpacingWarning(probe.text) { warnings.append(warning) }
        if probe.overlapsItself {
            warnings.append(CurveTypeWarning(
                .textOverlapsItself,
                cFormat("the text is %.2f px long but the closed path only %.2f px: it overlaps itself", probe.text.extent, probe.curve.length)))
        }

        // Each glyph's outline, placed (font units to px), about the path's own coordinates.
        let placed = try lifting { try placements(probe) }
        let width: Double, height: Double, offset: Point
        if let canvas {
            (width, height, offset) = (canvas.width, canvas.height, .zero)
        } else {
            var ink: Rect? = placed.bounds
            if pathStroke != nil || ink == nil, let pathBox = path.bounds() {
                ink = ink.map { $0.union(pathBox) } ?? pathBox
            }
            guard let box = ink else { throw .invalidInput("the path has no extent") }
            (width, height, offset) = fittedCanvas(around: box, padding: padding)
        }
        let moved = AffineMap.translation(offset.x, offset.y)

        let layout = probe.translated(by: offset)
        var under = backdrop(background, width: width, height: height)
        if let pathStroke {
            under.append(.shape(FrameShape(.path(layout.path), style: [.fill(.none), .stroke(.color(pathStroke)), .strokeWidth(1)])))
        }
        let item: FrameItem
        switch (glyphs, placed) {
        case (.text, _):
            item = .textOnPath(textOnPath(layout))
        case (_, .rotated(_, let drawing)):
            item = drawing.translated(by: offset).items(layout.text, mode: .outlines, fill: fill)[0]
        case (_, .transformed(let maps, _)):
            let run = layout.text
            let glyphs = zip(run.glyphs, maps).map { glyph, map in
                FrameGlyph(font: glyph.font, glyph: glyph.glyph, scale: glyph.scale, placement: .mapped(map.concatenating(moved)))
            }
            item = .group(FrameGroup(style: [.fill(.color(fill))], items: [.glyphs(GlyphRun(fonts: run.run.fonts, glyphs: glyphs))]))
        case (_, .bent(let paths, _)):
            // The pen of a single-line glyph's bent stroke, in the order `bentOutlines` bends
            // them: 0.04 of its em; `nil` for an outline, filled.
            let text = layout.text
            let pens: [Double?] = text.clusters.flatMap { cluster in
                cluster.glyphRange.map { g -> Double? in
                    let font = text.run.fonts[text.glyphs[g].font]
                    return font.isSingleLine ? Frame.defaultPenWidthPerEm * text.glyphs[g].scale * Double(font.unitsPerEm) : nil
                }
            }
            item = .group(FrameGroup(style: [.fill(.color(fill))], items: zip(paths, pens).filter { !$0.0.isEmpty }.map { path, pen in
                let bent = FrameGeometry.path(path.transformed(by: moved))
                return .shape(pen.map { FrameShape(bent, style: Frame.penStyle(.color(fill), width: $0)) } ?? FrameShape(bent))
            }))
        }
        // The text where it lies: on the path, whichever effect drew its outlines.
        let items = glyphs == .text ? [item] : [item, .textLayer(TextLayer(layout.text))]
        let frame = Frame(width: width, height: height, title: text, backdrop: under, items: items)
        return PathTextResult(frame: frame, layout: layout, text: text, width: width, height: height,
                              offset: offset, warnings: warnings)
    }

    /// The text on the travelled path, for selectable text (the viewer's font sets it).
    private func textOnPath(_ layout: PathTextLayout) -> TextOnPath {
        TextOnPath(text: layout.text.run.text, path: layout.path, startOffset: layout.leading, fill: .color(fill),
                   fontFamily: cssFamily(layout.text.run.fonts[0]), fontSize: style.size, letterSpacing: layout.tracking,
                   baselineShift: layout.lineOffset + style.baselineShift, glyphs: GlyphRun(layout.text, withText: true))
    }

    /// Where each glyph's outline goes, by the effect.
    private enum Placements {
        /// The layout's own translate-and-rotate (`rotate`; `auto`, with its words of joined
        /// writing bent).
        case rotated(Rect?, CurveGlyphDrawing)
        /// A map per placed glyph from its local px (x along the baseline, y down; the glyph
        /// definition's space) to the SVG.
        case transformed([AffineMap], Rect?)
        /// Each placed glyph's bent outline, px.
        case bent([Path], Rect?)

        var bounds: Rect? {
            switch self {
            case .rotated(let b, _), .transformed(_, let b), .bent(_, let b): b
            }
        }
    }

    private func placements(_ layout: PathTextLayout) throws -> Placements {
        let text = layout.text
        let shift = layout.lineOffset + style.baselineShift
        switch style.effect {
        case .rotate, .auto:
            let drawing = try bentGlyphs(text, map: CurveFrameMap(curve: layout.curve), glyphs: style.effect == .auto && glyphs != .text ? .auto : .rotate,
                                         tolerance: tolerance)
            return .rotated(try drawing.inkBounds(of: text), drawing)
        case .bend where text.run.isVertical:
            // Upright glyphs bent through the frame as the cluster places them, turned.
            let drawing = try bentGlyphs(text, map: CurveFrameMap(curve: layout.curve), glyphs: .bend, tolerance: tolerance)
            return .rotated(try drawing.inkBounds(of: text), drawing)
        case .bend:
            var bender = OutlineRefit(map: CurveFrameMap(curve: layout.curve), tolerance: tolerance, budget: Self.maximumBentSegments, verb: "bend")
            let paths = try layout.bentOutlines(&bender)
            let box = unionOfBounds(paths)
            return .bent(paths, box)
        case .skew, .ribbon, .stairStep, .gravity:
            let center = layout.path.bounds()?.center ?? .zero
            var maps: [AffineMap] = []
            var box: Rect?
            for cluster in text.clusters {
                let frame = layout.curve.pointAndTangent(atArcLength: cluster.arcLength)
                let t = frame.tangent, n = t.turnedUp
                for g in cluster.glyphRange {
                    let placed = text.glyphs[g]
                    let local = layout.glyphOffsets(placed, cluster: cluster, tangent: t, shift: shift)
                    // x̂: where the glyph's baseline points; ŷ: where its "down" points; o: its origin.
                    let x: Point, y: Point, o: Point
                    switch style.effect {
                    case .skew:
                        (x, y) = (t, Point(x: 0, y: 1))
                        o = frame.point + t * (local.along - cluster.advance / 2) - y * local.up
                    case .ribbon:
                        x = Point(x: t.x < 0 ? -1 : 1, y: 0)
                        y = n * -1
                        o = frame.point + x * (local.along - cluster.advance / 2) + n * local.up
                    case .stairStep:
                        (x, y) = (Point(x: 1, y: 0), Point(x: 0, y: 1))
                        let start = layout.curve.point(atArcLength: cluster.arcLength - cluster.advance / 2)
                        o = start + x * local.along - y * local.up
                    default:  // gravity
                        var radial = frame.point - center
                        radial = radial.length > 1e-9 ? radial * (1 / radial.length) : n
                        let up = radial.dot(n) >= 0 ? radial : radial * -1
                        x = Point(x: -up.y, y: up.x)
                        y = up * -1
                        o = frame.point + x * (local.along - cluster.advance / 2) + up * local.up
                    }
                    let map = AffineMap(a: x.x, b: x.y, c: y.x, d: y.y, tx: o.x, ty: o.y)
                    maps.append(map)
                    let outline = try text.run.fonts[placed.font].outline(of: placed.glyph)
                    // A colour bitmap glyph has no path: its image's box is its ink.
                    let ink = outline.path.isEmpty ? outline.bounds.map(Path.init(rectangle:)) ?? outline.path : outline.path
                    if let b = ink.bounds(transformedBy: AffineMap.scale(placed.scale, -placed.scale).concatenating(map)) {
                        box = box.map { $0.union(b) } ?? b
                    }
                }
            }
            return .transformed(maps, box)
        }
    }

}

extension PathTextLayout {
    /// Each placed glyph's outline bent along the path by `refit` (the `bend` effect): distance
    /// along the baseline becomes arc length, height becomes distance along the normal, px.
    func bentOutlines(_ refit: inout OutlineRefit<CurveFrameMap>) throws(CurveTypeError) -> [Path] {
        let shift = lineOffset + style.baselineShift
        var paths: [Path] = []
        for cluster in text.clusters {
            let leading = cluster.arcLength - cluster.advance / 2
            let tangent = curve.tangent(atArcLength: cluster.arcLength)
            for g in cluster.glyphRange {
                let placed = text.glyphs[g]
                let local = glyphOffsets(placed, cluster: cluster, tangent: tangent, shift: shift)
                let outline = try lifting { try text.run.fonts[placed.font].outline(of: placed.glyph) }
                paths.append(try refit.map(outline.path, placed: AffineMap(a: placed.scale, b: 0, c: 0, d: placed.scale,
                                                                           tx: leading + local.along, ty: local.up)))
            }
        }
        return paths
    }

    /// A placed glyph's origin relative to its cluster: px along the baseline from the
    /// cluster's leading edge, and px up from the path (line offset, shift and the glyph's own
    /// vertical offset), recovered from the rotate placement.
    /// `tangent` is the path's at the cluster's midpoint.
    func glyphOffsets(_ placed: PlacedGlyph, cluster: PlacedCluster, tangent: Point, shift: Double) -> (along: Double, up: Double) {
        let delta = placed.origin - cluster.origin
        return (delta.dot(tangent), shift + delta.dot(tangent.turnedUp))
    }

    /// The same layout moved by `offset` px (the path and the placed text; arc lengths stay).
    func translated(by offset: Point) -> PathTextLayout {
        PathTextLayout(moving: self, by: offset)
    }
}
