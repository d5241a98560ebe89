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

/// Rings at the spiral's begin and end points, as the seed's winder draws them.
public struct SpiralMarkers: Sendable, Hashable {
    /// Radius of the ring's centre line, px.
    public var radius: Double
    /// Inside of the ring; `nil` leaves it empty (`fill="none"`).
    public var fill: SVGColor?
    /// The ring's colour; `nil` takes the spiral's stroke colour.
    public var stroke: SVGColor?
    /// px; 0 draws no ring line.
    public var strokeWidth: Double

    /// Rings of `radius` px at both ends; `fill` and `stroke` default to none and the line's
    /// colour.
    public init(radius: Double = 4, fill: SVGColor? = nil, stroke: SVGColor? = nil, strokeWidth: Double = 2) {
        self.radius = radius
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
    }
}

/// Text set along the spiral.
public struct SpiralText: Sendable {
    /// The text to set, as given (control characters are removed when drawn, with a warning).
    public var text: String
    /// The primary font: bundled DejaVu by default, a file, or a Fontconfig pattern.
    public var font: FontRequest
    /// OpenType feature settings HarfBuzz applies when shaping (`kern=0`, `+smcp`).
    public var features: [FontFeature]
    /// Fonts tried, in order, before Fontconfig for characters `font` lacks (emoji, CJK).
    public var fallbackFonts: [FontRequest]
    /// Size, anchor, alignment, side and spacing along the spiral.
    public var style: SpiralTextStyle
    /// The text's colour; `currentColor` follows the embedding page.
    public var fill: SVGColor
    /// `outlines` writes each glyph as a path (the same in every viewer); `text` writes `<text>`
    /// elements (selectable, drawn by the viewer's fonts).
    public var glyphs: GlyphMode
    /// How glyphs follow the spiral: `.auto` bends each word of joined writing (Arabic,
    /// Devanagari, …; see `JoinedWriting`) as one and turns the rest rigidly to the spiral.
    public var curveGlyphs: CurveGlyphs = .auto
    /// Which way glyphs stand: `.sideways` lies them along the spiral (horizontal writing);
    /// `.upright` writes vertically down the spiral, CJK upright in its vertical forms.
    public var orientation: GlyphOrientation = .sideways
    /// What `style.fillsSpiral`'s room stretches: the gaps between words, or Arabic words by
    /// kashida first.
    public var justify: Justification = .gaps

    /// Text along the spiral; every other property as the command line's defaults.
    public init(_ text: String, font: FontRequest = .default, features: [FontFeature] = [],
                fallbackFonts: [FontRequest] = [],
                style: SpiralTextStyle = SpiralTextStyle(), fill: SVGColor = .currentColor,
                glyphs: GlyphMode = .outlines) {
        self.text = text
        self.font = font
        self.features = features
        self.fallbackFonts = fallbackFonts
        self.style = style
        self.fill = fill
        self.glyphs = glyphs
    }
}

/// Everything that makes one SVG of an Archimedean spiral r = a + b·θ.
///
/// Coordinates: the spiral is defined in chart units with y up, as a chart plots it (the seed's
/// Swift Charts `LinePlot`), θ counterclockwise from +x. The chart's origin is the SVG's centre,
/// one unit is `scale` px (or, given a `domain` D, the square −D…D fills the canvas's shorter
/// side), and y is flipped for SVG, so for b > 0 the spiral turns counterclockwise on screen.
public struct SpiralRequest: Sendable {
    /// Radius at θ = 0, chart units, ≥ 0.
    public var a: Double
    /// Radius gained per radian, chart units; ≠ 0 (negative winds inward).
    public var b: Double
    /// Begin and end polar angles in degrees, begin < end.
    public var from: Double
    /// The end angle θ, degrees counterclockwise from 3 o'clock.
    public var to: Double
    /// The canvas in px; `nil` is 400 × 400, unless `scale` is set, which fits the canvas to the
    /// drawing plus `padding`.
    public var canvas: CanvasSize?
    /// Half the side of the square chart domain −D…D fitted into the canvas's shorter side.
    public var domain: Double
    /// px per chart unit; overrides `domain`.
    public var scale: Double?
    /// The spiral's line colour; `nil` draws no line (text only).
    public var stroke: SVGColor?
    /// Line width, px.
    public var strokeWidth: Double
    /// How open line ends are drawn.
    public var cap: LineCap
    /// How line segments meet.
    public var join: LineJoin
    /// Rings at the begin and end points; `nil` for none.
    public var markers: SpiralMarkers?
    /// A full-canvas background; `nil` leaves it transparent.
    public var background: SVGColor?
    /// Largest distance, px, of the drawn path from the true spiral, number rounding included.
    public var tolerance: Double
    /// Text set along the spiral; `nil` draws the line alone.
    public var text: SpiralText?
    /// px round the drawing when the canvas is fitted to it.
    public var padding: Double

    /// A spiral r = a + b·θ in chart units; every other property as the command line's defaults.
    public init(a: Double = 0.1, b: Double = 0.1, from: Double = 0, to: Double = 3600,
                canvas: CanvasSize? = nil, domain: Double = 8, scale: Double? = nil,
                stroke: SVGColor? = .currentColor, strokeWidth: Double = 2, cap: LineCap = .round,
                join: LineJoin = .round, markers: SpiralMarkers? = nil, background: SVGColor? = nil,
                tolerance: Double = 0.05, text: SpiralText? = nil, padding: Double = 4) {
        self.a = a
        self.b = b
        self.from = from
        self.to = to
        self.canvas = canvas
        self.domain = domain
        self.scale = scale
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.cap = cap
        self.join = join
        self.markers = markers
        self.background = background
        self.tolerance = tolerance
        self.text = text
        self.padding = padding
    }

    /// The canvas used when none is given and the drawing is not fitted.
    public static let defaultCanvas = CanvasSize(width: 400, height: 400)
    /// The most turns drawn: beyond it the path grows past any use.
    public static let maximumTurns = 10_000.0
}

/// A rendered spiral: the SVG and the geometry behind it.
public struct SpiralResult: Sendable {
    /// What was drawn, apart from its encoding: the frame every writer (SVG, PNG, PDF) draws,
    /// or a build script post-processes (px, y down).
    public let frame: Frame
    /// The spiral in SVG space (px, y down), and its begin and end polar angles (radians).
    public let spiral: ArchimedeanSpiral
    /// The begin angle, radians.
    public let begin: Double
    /// The end angle, radians.
    public let end: Double
    /// px per chart unit.
    public let scale: Double
    /// The drawn path (empty when no line is drawn) and its number of cubics.
    public let path: Path
    /// The text layout, if text was set.
    public let layout: SpiralTextLayout?
    /// The canvas's width, px.
    public let width: Double
    /// The canvas's height, px.
    public let height: Double
    /// What a user should hear about the drawing, in the order it happened (see
    /// ``CurveTypeWarning``).
    public let warnings: [CurveTypeWarning]

    /// The layout JSON (see README, "Layout JSON"), at full precision.
    public var layoutJSON: String { LayoutJSON.write(layoutReport) }
}

extension SpiralRequest {
    /// Checks the numbers, builds the path and the text layout, and writes the SVG.
    public func render() throws(CurveTypeError) -> SpiralResult {
        if let text { try TextInput.checkLength(text.text, "the text") }
        try validate()
        let pixelsPerUnit: Double
        if let scale {
            pixelsPerUnit = scale
        } else {
            let side = min((canvas ?? Self.defaultCanvas).width, (canvas ?? Self.defaultCanvas).height)
            pixelsPerUnit = side / (2 * domain)
        }
        let begin = from * .pi / 180, end = to * .pi / 180
        let maxRadius = max(abs(a + b * begin), abs(a + b * end)) * pixelsPerUnit
        guard maxRadius <= CircleTextStyle.maximumLength else {
            throw .invalidInput("the spiral reaches \(describePixels(maxRadius)) px from its centre; at most \(Int(CircleTextStyle.maximumLength)) px are drawn (use a smaller \(parameter: "pxPerUnit") or fewer turns)")
        }
        guard abs(b) * pixelsPerUnit > 1e-9 * max(1, abs(a) * pixelsPerUnit) else {
            throw .invalidInput("b is too small against a to make a spiral (use a circle)")
        }
        // Rounding each written coordinate moves the curve by up to half a unit of the last
        // decimal in x and in y: √2/10 of the tolerance is left for it, which of the default
        // 0.05 px is what two decimals' rounding takes (0.0071 px); the rest is the fit's. A
        // writer rounding coarser refuses the frame (`roundingAllowance`).
        let rounding = tolerance * 2.0.squareRoot() / 10

        // Build everything about the centre (0, 0), then move it onto the canvas.
        let origin = ArchimedeanSpiral(center: .zero, a: a * pixelsPerUnit, b: b * pixelsPerUnit)
        var warnings: [CurveTypeWarning] = []
        var layout: SpiralTextLayout?
        var drawing: CurveGlyphDrawing?
        var label = cFormat("Archimedean spiral r = %g + %gθ from %g° to %g°", a, b, from, to)
        if let text {
            let (cleaned, removed) = try TextInput.cleanedForDrawing(text.text)
            try checkOrientation(text.orientation, glyphs: text.glyphs)
            var (run, shapeWarnings) = try shape(cleaned, font: text.font, fallbacks: text.fallbackFonts, features: text.features,
                                                 removed: removed, orientation: text.orientation)
            warnings += shapeWarnings
            if text.justify == .kashida {
                guard text.style.fillsSpiral else {
                    throw .invalidInput("kashida stretches words to fill the spiral: give \(parameter: "fillSpiral")")
                }
                // The spiral's length: the text laid once as it is gives it.
                let length = try lifting { try SpiralTextLayout(run, style: text.style, spiral: origin, begin: begin, end: end) }.curve.length
                let filled = try kashidaFilled(run, text: cleaned, target: length, size: text.style.size) { stretched throws(CurveTypeError) in
                    try shape(stretched, font: text.font, fallbacks: text.fallbackFonts, features: text.features, removed: 0,
                              orientation: text.orientation).run
                }
                run = filled.run
                if let warning = filled.warning { warnings.append(warning) }
            }
            let laid = try lifting { try SpiralTextLayout(run, style: text.style, spiral: origin, begin: begin, end: end) }
            if laid.droppedClusters > 0 {
                warnings.append(CurveTypeWarning(
                    .textRunsPastEnd,
                    "dropped \(laid.droppedClusters) of \(laid.droppedClusters + laid.text.clusters.count) clusters that run past the end of the spiral"))
            }
            layout = laid
            if text.justify == .gaps, text.style.tracking != 0 || text.style.fillsSpiral, let warning = joinedSpacingWarning(laid.text) { warnings.append(warning) }
            drawing = try bentGlyphs(laid.text, map: ArcLengthFrameMap(curve: laid.curve), glyphs: text.glyphs == .text ? .rotate : text.curveGlyphs)
            label = cleaned
        }
        let path = stroke == nil ? Path() : origin.bezierPath(from: begin, to: end, tolerance: tolerance - rounding)

        let width: Double, height: Double, center: Point
        if let size = canvas ?? (scale == nil ? Self.defaultCanvas : nil) {
            width = size.width
            height = size.height
            center = Point(x: width / 2, y: height / 2)
        } else {
            let ink = try lifting { try drawingBounds(spiral: origin, begin: begin, end: end, path: path, layout: layout, drawing: drawing) }
            (width, height, center) = fittedCanvas(around: ink, padding: padding)
        }
        var spiral = origin
        spiral.center = center
        let placedPath = path.transformed(by: .translation(center.x, center.y))
        let placedLayout = layout?.translated(by: center)

        var under = backdrop(background, width: width, height: height)
        if let stroke {
            under.append(.shape(FrameShape(.path(placedPath), style: [
                .fill(.none), .stroke(.color(stroke)), .strokeWidth(strokeWidth), .lineCap(cap), .lineJoin(join),
            ])))
        }
        if let markers {
            let ringColour = markers.stroke ?? stroke ?? .currentColor
            var style: [Style] = [.fill(markers.fill.map { .color($0) } ?? .none)]
            if markers.strokeWidth > 0 { style += [.stroke(.color(ringColour)), .strokeWidth(markers.strokeWidth)] }
            for theta in [begin, end] {
                under.append(.shape(FrameShape(.circle(center: spiral.point(at: theta), radius: markers.radius), style: style)))
            }
        }
        var items: [FrameItem] = []
        if let text, let placedLayout, let drawing {
            items = drawing.translated(by: center).items(placedLayout.text, mode: text.glyphs, fill: text.fill)
        }
        var frame = Frame(width: width, height: height, title: label, backdrop: under, items: items)
        if stroke != nil { frame.roundingAllowance = rounding }
        return SpiralResult(
            frame: frame, spiral: spiral, begin: begin, end: end, scale: pixelsPerUnit,
            path: placedPath, layout: placedLayout,
            width: width, height: height, warnings: warnings)
    }

    private func validate() throws(CurveTypeError) {
        let numbers: [(Double, String)] = [(a, "a"), (b, "b"), (from, "from"), (to, "to"), (domain, "domain"),
                                           (strokeWidth, "stroke width"), (tolerance, "tolerance")]
            + (scale.map { [($0, "scale")] } ?? [])
            + (markers.map { [($0.radius, "marker radius"), ($0.strokeWidth, "marker stroke width")] } ?? [])
        for (value, name) in numbers where !value.isFinite {
            throw .invalidInput("\(name) must be a finite number, not \(value)")
        }
        guard a >= 0 else { throw .invalidInput("\(parameter: "a") must be 0 or more, not \(a) (turn the spiral with \(parameter: "from") and \(parameter: "to") instead)") }
        guard b != 0 else { throw .invalidInput("b must not be 0: r = a + b·θ would be a circle (use curvetype circle)") }
        guard to > from else {
            throw .invalidInput("the end angle (\(to)°) must come after the begin angle (\(from)°)")
        }
        guard (to - from) / 360 <= Self.maximumTurns else {
            throw .invalidInput("a spiral of at most \(Int(Self.maximumTurns)) turns is drawn, not \((to - from) / 360)")
        }
        guard domain > 0 else { throw .invalidInput("\(parameter: "domain") must be greater than 0, not \(domain)") }
        if let scale, !(scale > 0) { throw .invalidInput("\(parameter: "pxPerUnit") must be greater than 0, not \(scale)") }
        guard tolerance > 0 else { throw .invalidInput("\(parameter: "tolerance") must be greater than 0 px, not \(tolerance)") }
        let limit = CircleTextStyle.maximumLength
        guard strokeWidth >= 0 && strokeWidth <= limit else {
            throw .invalidInput("\(parameter: "strokeWidth") must be from 0 to \(Int(limit)) px, not \(strokeWidth)")
        }
        if let markers {
            guard markers.radius > 0 && markers.radius <= limit else {
                throw .invalidInput("\(parameter: "markerRadius") must be more than 0 and at most \(Int(limit)) px, not \(markers.radius)")
            }
            guard markers.strokeWidth >= 0 && markers.strokeWidth <= limit else {
                throw .invalidInput("\(parameter: "markerStrokeWidth") must be from 0 to \(Int(limit)) px, not \(markers.strokeWidth)")
            }
        }
        try validateCanvas(padding: padding, canvas: canvas)
    }

    /// The box (px, about the spiral's centre at (0, 0)) of everything drawn: the stroked path,
    /// the marker rings, the glyphs' ink.
    private func drawingBounds(spiral: ArchimedeanSpiral, begin: Double, end: Double, path: Path,
                               layout: SpiralTextLayout?, drawing: CurveGlyphDrawing?) throws -> Rect {
        var box: Rect?
        func add(_ r: Rect?) { if let r { box = box.map { $0.union(r) } ?? r } }
        if let line = path.bounds() {
            // A square cap reaches √2 × half the width out at a diagonal end.
            add(line.insetBy(-(cap == .square ? strokeWidth * 0.5.squareRoot() : strokeWidth / 2)))
        }
        if let markers {
            let reach = markers.radius + markers.strokeWidth / 2
            for theta in [begin, end] {
                let p = spiral.point(at: theta)
                add(Rect(minX: p.x - reach, minY: p.y - reach, maxX: p.x + reach, maxY: p.y + reach))
            }
        }
        if let layout, let drawing { add(try drawing.inkBounds(of: layout.text)) }
        let p = spiral.point(at: begin)
        return box ?? Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
    }
}
