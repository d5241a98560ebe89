import CCairo
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Paints a `COLR` v1 paint tree with cairo, in the context's current space (the glyph's font
/// units, y up). A fill outside any glyph covers the glyph's ink box, as the SVG writer's does.
///
/// Written by hand: cairo 1.16 predates its own COLR v1 support (1.17.8), and no library here
/// paints the trees. cairo has every piece the spec names, so each is drawn as the spec says:
/// a glyph is a clip, a transform is cairo's, linear and radial gradients are cairo's (the same
/// two-circle model), a sweep gradient is a mesh of pie slices whose colours follow the colour
/// line, and a composite draws its backdrop and source in groups joined by the operator the
/// spec names (all 28: the Porter–Duff operators and the blend modes).
struct ColorPaintCairo {
    let cr: OpaquePointer
    let font: Font
    /// The text's paint, for palette index 0xFFFF.
    let text: FrameCairo.Resolved?
    /// The text's opacity (a fill opacity).
    let opacity: Double
    /// Paints drawn so far: a tree is bounded by its reader, but a repeated subtree could still
    /// multiply the work.
    private var painted = 0
    private static let maximumPaints = 100_000

    /// The glyph's ink box, font units: what a fill outside any glyph covers.
    let box: Rect
    /// The space `box` is in (the tree's own, before its transforms).
    private var boxMatrix = cairo_matrix_t()
    /// Whether the paint being drawn is inside a glyph's clip.
    private var clipped = false

    init(cr: OpaquePointer, font: Font, box: Rect, text: FrameCairo.Resolved?, opacity: Double) {
        self.cr = cr
        self.font = font
        self.box = box
        self.text = text
        self.opacity = opacity
        ct_cairo_get_matrix(cr, &boxMatrix)
    }

    /// Runs `fill` clipped to the glyph's box unless a glyph already clips it.
    private func bounded(_ fill: () -> Void) {
        guard !clipped else { return fill() }
        ct_cairo_save(cr)
        var current = cairo_matrix_t(), outer = boxMatrix
        ct_cairo_get_matrix(cr, &current)
        ct_cairo_set_matrix(cr, &outer)
        ct_cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
        ct_cairo_clip(cr)
        ct_cairo_set_matrix(cr, &current)
        fill()
        ct_cairo_restore(cr)
    }

    mutating func draw(_ paint: ColorPaint) throws(RasterError) {
        painted += 1
        guard painted <= Self.maximumPaints else {
            throw .refused("a COLR v1 colour glyph of \(font.familyName) paints more than \(Self.maximumPaints) times: the font is refused")
        }
        switch paint {
        case .layers(let paints):
            for paint in paints { try draw(paint) }
        case .solid(let color):
            guard let (r, g, b, a) = rgba(color) else { return }
            bounded {
                ct_cairo_set_source_rgba(cr, r, g, b, a)
                ct_cairo_paint(cr)
            }
        case .linearGradient(let line, let start, let end):
            // cairo's stops run 0…1: a line reaching past them moves the geometry instead.
            let (stops, a, b) = line.unitStops
            let p0 = start + (end - start) * a, p1 = start + (end - start) * b
            guard let pattern = ct_cairo_pattern_create_linear(p0.x, p0.y, p1.x, p1.y) else { return }
            bounded { fill(with: pattern, stops: stops, extend: line.extend) }
        case .radialGradient(let line, let c0, let r0, let c1, let r1):
            let (stops, a, b) = line.unitStops
            let f = c0 + (c1 - c0) * a, c = c0 + (c1 - c0) * b
            let fr = max(r0 + (r1 - r0) * a, 0), r = max(r0 + (r1 - r0) * b, 0)
            guard let pattern = ct_cairo_pattern_create_radial(f.x, f.y, fr, c.x, c.y, r) else { return }
            bounded { fill(with: pattern, stops: stops, extend: line.extend) }
        case .sweepGradient(let line, let center, let start, let end):
            bounded { sweep(line, center: center, start: start, end: end) }
        case .glyph(let glyph, let fill):
            guard let outline = try? font.outline(of: glyph), outline.bounds != nil else { return }
            ct_cairo_save(cr)
            ct_cairo_new_path(cr)
            CairoPath.append(outline.path, to: cr)
            ct_cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            ct_cairo_clip(cr)
            let outer = clipped
            clipped = true
            defer { clipped = outer }
            try draw(fill)
            ct_cairo_restore(cr)
        case .transform(let m, let inner):
            // A singular map draws nothing.
            ct_cairo_save(cr)
            defer { ct_cairo_restore(cr) }
            guard CairoMatrix.transform(cr, by: m) else { return }
            try draw(inner)
        case .composite(let source, let mode, let backdrop):
            ct_cairo_push_group(cr)
            try draw(backdrop)
            ct_cairo_push_group(cr)
            try draw(source)
            ct_cairo_pop_group_to_source(cr)
            ct_cairo_set_operator(cr, Self.operator(mode))
            ct_cairo_paint(cr)
            ct_cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            ct_cairo_pop_group_to_source(cr)
            ct_cairo_paint(cr)
        }
    }

    static func `operator`(_ mode: PaintCompositeMode) -> cairo_operator_t {
        switch mode {
        case .clear: CAIRO_OPERATOR_CLEAR
        case .source: CAIRO_OPERATOR_SOURCE
        case .destination: CAIRO_OPERATOR_DEST
        case .sourceOver: CAIRO_OPERATOR_OVER
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .sourceIn: CAIRO_OPERATOR_IN
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plus: CAIRO_OPERATOR_ADD
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        }
    }

    /// A paint colour's channels, 0…1; the text's colour for palette index 0xFFFF (black when
    /// the text is painted with a gradient).
    private func rgba(_ color: PaintColor) -> (Double, Double, Double, Double)? {
        switch color {
        case .palette(let c):
            return (Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, Double(c.alpha) / 255)
        case .text(let alpha):
            if case .color(let r, let g, let b, let a) = text { return (r, g, b, a * alpha * opacity) }
            return (0, 0, 0, alpha * opacity)
        }
    }

    /// Paints everywhere in the clip with `pattern` (which this takes) and `stops` (0…1).
    private func fill(with pattern: OpaquePointer, stops: [ColorStop], extend: GradientExtend) {
        defer { ct_cairo_pattern_destroy(pattern) }
        for stop in stops {
            guard let (r, g, b, a) = rgba(stop.color) else { continue }
            ct_cairo_pattern_add_color_stop_rgba(pattern, stop.offset, r, g, b, a)
        }
        let mode: cairo_extend_t = switch extend {
        case .pad: CAIRO_EXTEND_PAD
        case .repeat: CAIRO_EXTEND_REPEAT
        case .reflect: CAIRO_EXTEND_REFLECT
        }
        ct_cairo_pattern_set_extend(pattern, mode)
        ct_cairo_set_source(cr, pattern)
        ct_cairo_paint(cr)
    }

    /// A sweep gradient: pie slices of at most `step` degrees about `center`, each a mesh patch
    /// whose colour runs from the colour line's at one edge to its colour at the other, reaching
    /// past the clip's corners.
    private func sweep(_ line: ColorLine, center: Point, start: Double, end: Double) {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        ct_cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let reach = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x0, y: y1), Point(x: x1, y: y1)]
            .map { ($0 - center).length }.max() ?? 0
        guard reach > 0, reach.isFinite, let mesh = ct_cairo_pattern_create_mesh() else { return }
        defer { ct_cairo_pattern_destroy(mesh) }
        let step = 5.0
        let radius = reach * 1.1 + 1
        // The cubic that best follows a circular arc of `step` degrees.
        let k = 4.0 / 3 * tan(step * .pi / 180 / 4)
        for i in 0..<Int(360 / step) {
            let a0 = Double(i) * step * .pi / 180, a1 = Double(i + 1) * step * .pi / 180
            func colour(_ degrees: Double) -> (Double, Double, Double, Double) {
                let t = end == start ? 0 : (degrees - start) / (end - start)
                return line.color(at: t).flatMap(rgba) ?? (0, 0, 0, 0)
            }
            let c0 = colour(Double(i) * step), c1 = colour(Double(i + 1) * step)
            let p0 = center + Point(x: cos(a0), y: sin(a0)) * radius, p1 = center + Point(x: cos(a1), y: sin(a1)) * radius
            let t0 = Point(x: -sin(a0), y: cos(a0)) * (radius * k), t1 = Point(x: sin(a1), y: -cos(a1)) * (radius * k)
            ct_cairo_mesh_pattern_begin_patch(mesh)
            ct_cairo_mesh_pattern_move_to(mesh, center.x, center.y)
            ct_cairo_mesh_pattern_line_to(mesh, p0.x, p0.y)
            ct_cairo_mesh_pattern_curve_to(mesh, p0.x + t0.x, p0.y + t0.y, p1.x + t1.x, p1.y + t1.y, p1.x, p1.y)
            ct_cairo_mesh_pattern_line_to(mesh, center.x, center.y)
            for (corner, c) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                ct_cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(corner), c.0, c.1, c.2, c.3)
            }
            ct_cairo_mesh_pattern_end_patch(mesh)
        }
        ct_cairo_set_source(cr, mesh)
        ct_cairo_paint(cr)
    }
}
