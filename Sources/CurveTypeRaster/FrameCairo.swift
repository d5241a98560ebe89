import CCairo
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Draws a frame into a cairo context whose user space is the frame's px (y down): the same
/// walk for PNG and PDF. Styles are inherited as SVG inherits them (fill black, stroke none,
/// stroke width 1, butt caps, miter joins with SVG's miter limit 4); items are drawn in order.
final class FrameCairo {
    /// The context, owned by the caller, who destroys it after `draw`.
    let cr: OpaquePointer
    /// When the frame is drawn, s from its start; `nil` after every animation has ended.
    let time: Double?
    /// Whether the surface is a PDF's: text items are written as text (selectable) rather than
    /// outlines, and pictures are decoded per use.
    let isPDF: Bool
    private let frame: Frame
    /// The fonts' glyphs drawn so far, and the bitmaps and text faces they need.
    private var glyphs: GlyphCairo

    /// The inherited style at the item being drawn.
    /// The paint state every writer keeps (its map is cairo's matrix here, applied as it goes).
    typealias State = PaintState

    /// Whether a PDF's text layers are kept (`textLayer`), for `PDFTextLayer` to write.
    let keepsTextLayers: Bool

    init(cr: OpaquePointer, frame: Frame, time: Double?, isPDF: Bool, keepsTextLayers: Bool = false) {
        self.cr = cr
        self.frame = frame
        self.time = time
        self.isPDF = isPDF
        self.keepsTextLayers = isPDF && keepsTextLayers
        self.glyphs = GlyphCairo(cr: cr, isPDF: isPDF)
    }

    deinit { glyphs.release() }

    /// Draws the backdrop, then the items.
    func draw() throws(RasterError) {
        ct_cairo_set_miter_limit(cr, 4)
        let state = State()
        for item in frame.backdrop { try draw(item, state) }
        for item in frame.items { try draw(item, state) }
        let status = ct_cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(status.message) }
    }

    private func draw(_ item: FrameItem, _ state: State) throws(RasterError) {
        switch item {
        case .group(let group):
            guard isShown(group.style, group.animations) else { return }
            try styled(group.style, animations: group.animations, state) { state throws(RasterError) in
                for child in group.items { try draw(child, state) }
            }
        case .shape(let shape):
            guard isShown(shape.style, shape.animations) else { return }
            try styled(shape.style, animations: shape.animations, state) { state throws(RasterError) in
                try draw(shape, state)
            }
        case .glyphs(let run):
            try glyphs.draw(run, paint: paint(for: state), opacity: state.fillOpacity, canvas: self)
        case .text(let run):
            if let run = run.glyphs { try drawText(run, state) }
        case .textLine(let line):
            guard let run = line.glyphs else { return }
            var state = state
            state.fill = line.fill
            state.fillOpacity = line.fillOpacity
            // A shadow that repeats the text is drawn, not written: the text is found once.
            if line.isDecoration {
                try glyphs.draw(run, paint: paint(for: state), opacity: state.fillOpacity, canvas: self)
            } else {
                try drawText(run, state)
            }
        case .textOnPath(let text):
            guard let run = text.glyphs else { return }
            var state = state
            state.fill = text.fill
            try drawText(run, state)
        case .image(let image):
            try drawImage(image)
        case .textLayer(let layer):
            // Nothing is drawn: a PDF keeps the layer, where it is on the page, for its text.
            guard keepsTextLayers else { return }
            var m = cairo_matrix_t()
            ct_cairo_get_matrix(cr, &m)
            textLayer.layers.append((layer, AffineMap(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)))
        case .link(let link):
            // What the items cover becomes the link's box (a PDF's link annotation, added after
            // cairo has written the file: `PDFUpdate`); a link inside a link widens the outer one.
            let outer = linkBox
            linkBox = .some(nil)
            for child in link.items { try draw(child, state) }
            let covered = linkBox ?? nil
            linkBox = outer
            if let covered {
                links.append((link.url, covered))
                noteDevice(covered)
            }
        }
    }

    /// A text item's glyphs: real text in a PDF when asked, else outlines.
    private func drawText(_ run: GlyphRun, _ state: State) throws(RasterError) {
        let paint = paint(for: state)
        if isPDF {
            try glyphs.show(run, paint: paint, opacity: state.fillOpacity, canvas: self)
        } else {
            try glyphs.draw(run, paint: paint, opacity: state.fillOpacity, canvas: self)
        }
    }

    /// The text layers met, with where each lies on the page.
    private(set) var textLayer = PDFTextLayer()

    // MARK: Links

    /// The links drawn, with the box each covers (device space: the surface's units, y down).
    private(set) var links: [(url: String, box: Rect)] = []
    /// While a link's items are drawn, the device box they cover so far (`.some(nil)`: none yet).
    private var linkBox: Rect??

    /// Adds the current path's fill (or stroke) extents to the open link's box.
    func noteExtents(stroke: Bool = false) {
        guard linkBox != nil else { return }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        if stroke { ct_cairo_stroke_extents(cr, &x0, &y0, &x1, &y1) } else { ct_cairo_fill_extents(cr, &x0, &y0, &x1, &y1) }
        guard x1 > x0 || y1 > y0 else { return }
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
            var (dx, dy) = (x, y)
            ct_cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx)
            ys.append(dy)
        }
        noteDevice(Rect(minX: xs.min() ?? 0, minY: ys.min() ?? 0, maxX: xs.max() ?? 0, maxY: ys.max() ?? 0))
    }

    private func noteDevice(_ box: Rect) {
        guard let open = linkBox else { return }
        linkBox = .some(open.map { $0.union(box) } ?? box)
    }

    // MARK: Style

    /// Whether an item is shown at `time`: hidden by its style unless a visibility animation
    /// running then shows it; later animations win, as SMIL's later `<set>` does.
    private func isShown(_ style: [Style], _ animations: [FrameAnimation]) -> Bool {
        var shown = !style.contains(.hidden)
        for case .visibility(let visible, let begin, let end, let duration) in animations {
            let stop = end ?? duration.map { begin + $0 }
            guard let time else {
                // After every animation: a `set` with an end has ended; one without holds.
                if stop == nil { shown = visible }
                continue
            }
            if time >= begin && stop.map({ time < $0 }) ?? true { shown = visible }
        }
        return shown
    }

    /// Runs `body` with `style` applied over `state`: transforms, clips, crisp edges, and an
    /// isolated, blended, masked or translucent group, each undone afterwards.
    private func styled(_ style: [Style], animations: [FrameAnimation], _ state: State,
                        _ body: (State) throws(RasterError) -> Void) throws(RasterError) {
        var state = state
        var group = false
        var blend: cairo_operator_t?
        var opacity = 1.0
        var mask: [FrameShape]?
        ct_cairo_save(cr)
        defer { ct_cairo_restore(cr) }
        for case .rotation(let angles, let center, let keyTimes, _) in animations {
            let angle = Self.value(at: progress(of: animations), angles, keyTimes)
            ct_cairo_translate(cr, center.x, center.y)
            ct_cairo_rotate(cr, angle * .pi / 180)
            ct_cairo_translate(cr, -center.x, -center.y)
        }
        // Paints, widths and joins by the cascade every writer reads; the rest is cairo's.
        state = state.applying(style)
        for item in style {
            switch item {
            case .fill, .fillOpacity, .fillRule, .stroke, .strokeOpacity, .strokeWidth, .lineCap, .lineJoin, .miterLimit, .dash,
                 .fontFamily, .fontSize, .fontWeight, .italic, .hidden:
                break
            case .opacity(let o):
                group = true
                opacity *= min(max(o, 0), 1)
            case .mask(let shapes):
                group = true
                mask = (mask ?? []) + shapes
            case .clip(let shapes):
                ct_cairo_new_path(cr)
                for shape in shapes {
                    ct_cairo_save(cr)
                    for case .transform(let m) in shape.style { transform(m) }
                    appendGeometry(shape.geometry, animations: shape.animations)
                    ct_cairo_restore(cr)
                }
                ct_cairo_clip(cr)
            case .crispEdges: ct_cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            case .isolated: group = true
            case .penStroke: break
            case .blend(let mode):
                group = true
                blend = Self.blendOperator(mode)
            case .transform(let m): transform(m)
            }
        }
        guard group else {
            try body(state)
            return
        }
        guard opacity > 0 else { return }
        ct_cairo_push_group(cr)
        try body(state)
        ct_cairo_pop_group_to_source(cr)
        guard let mask else {
            ct_cairo_set_operator(cr, blend ?? CAIRO_OPERATOR_OVER)
            if opacity < 1 { ct_cairo_paint_with_alpha(cr, opacity) } else { ct_cairo_paint(cr) }
            return
        }
        // The mask's shapes drawn into a group of their own, whose alpha is the mask.
        guard let source = ct_cairo_get_source(cr) else { return }
        ct_cairo_pattern_reference(source)
        defer { ct_cairo_pattern_destroy(source) }
        ct_cairo_push_group(cr)
        for shape in mask {
            try styled(shape.style, animations: shape.animations, State()) { state throws(RasterError) in try draw(shape, state) }
        }
        guard let coverage = ct_cairo_pop_group(cr) else { return }
        defer { ct_cairo_pattern_destroy(coverage) }
        ct_cairo_set_source(cr, source)
        if opacity < 1 {
            ct_cairo_push_group(cr)
            ct_cairo_mask(cr, coverage)
            ct_cairo_pop_group_to_source(cr)
            ct_cairo_set_operator(cr, blend ?? CAIRO_OPERATOR_OVER)
            ct_cairo_paint_with_alpha(cr, opacity)
        } else {
            ct_cairo_set_operator(cr, blend ?? CAIRO_OPERATOR_OVER)
            ct_cairo_mask(cr, coverage)
        }
    }

    /// cairo's operator for a blend mode (the blend modes `COLR` names too).
    static func blendOperator(_ mode: BlendMode) -> cairo_operator_t {
        PaintCompositeMode.allCases.first { $0.blendMode == mode.rawValue }.map(ColorPaintCairo.operator) ?? CAIRO_OPERATOR_OVER
    }

    /// Maps what follows through `m`; a singular map draws nothing (cairo would fail the whole
    /// context), by shrinking it to nothing.
    func transform(_ m: AffineMap) {
        if !CairoMatrix.transform(cr, by: m) { ct_cairo_scale(cr, 0.000001, 0.000001) }
    }

    // MARK: Animation

    /// Where the animations' clock is, 0…1 of `duration`: `nil` time is the end.
    private func progress(of animations: [FrameAnimation]) -> Double {
        for animation in animations {
            switch animation {
            case .rotation(_, _, _, let duration), .outline(_, _, let duration):
                guard let time, duration > 0 else { return 1 }
                return min(max(time / duration, 0), 1)
            case .visibility: continue
            }
        }
        return 1
    }

    /// The value at `t` (0…1) of values at key times, linearly between keys (SMIL's
    /// `calcMode="linear"`).
    static func value(at t: Double, _ values: [Double], _ keyTimes: [Double]) -> Double {
        guard let last = values.last else { return 0 }
        let (index, f) = segment(at: t, keyTimes: keyTimes, count: values.count)
        guard index + 1 < values.count else { return last }
        return values[index] + (values[index + 1] - values[index]) * f
    }

    /// The key segment `t` falls in and how far along it, 0…1.
    static func segment(at t: Double, keyTimes: [Double], count: Int) -> (index: Int, fraction: Double) {
        guard count > 1, keyTimes.count == count else { return (max(count - 1, 0), 0) }
        guard t > keyTimes[0] else { return (0, 0) }
        for i in 0..<(count - 1) where t <= keyTimes[i + 1] {
            let span = keyTimes[i + 1] - keyTimes[i]
            return (i, span > 0 ? (t - keyTimes[i]) / span : 1)
        }
        return (count - 1, 0)
    }

    /// A shape's path at the current time: its outline animation's, or its own.
    private func animatedPath(_ path: Path, _ animations: [FrameAnimation]) -> Path {
        for case .outline(let paths, let keyTimes, _) in animations where !paths.isEmpty {
            let (index, f) = Self.segment(at: progress(of: animations), keyTimes: keyTimes, count: paths.count)
            guard index + 1 < paths.count, f > 0 else { return paths[index] }
            let a = paths[index], b = paths[index + 1]
            guard a.elements.count == b.elements.count else { return f < 0.5 ? a : b }
            func mix(_ p: Point, _ q: Point) -> Point { p + (q - p) * f }
            return Path(zip(a.elements, b.elements).map { pair in
                switch pair {
                case (.move(let p), .move(let q)): .move(mix(p, q))
                case (.line(let p), .line(let q)): .line(mix(p, q))
                case (.quad(let c, let p), .quad(let d, let q)): .quad(mix(c, d), mix(p, q))
                case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)): .cubic(mix(c1, d1), mix(c2, d2), mix(p, q))
                default: pair.0
                }
            })
        }
        return path
    }

    // MARK: Shapes

    private func appendGeometry(_ geometry: FrameGeometry, animations: [FrameAnimation]) {
        switch geometry {
        case .rect(let r, let radius):
            guard r.width > 0, r.height > 0 else { return }
            let rx = min(max(radius, 0), r.width / 2, r.height / 2)
            if rx == 0 {
                ct_cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            } else {
                ct_cairo_new_sub_path(cr)
                ct_cairo_arc(cr, r.maxX - rx, r.minY + rx, rx, -.pi / 2, 0)
                ct_cairo_arc(cr, r.maxX - rx, r.maxY - rx, rx, 0, .pi / 2)
                ct_cairo_arc(cr, r.minX + rx, r.maxY - rx, rx, .pi / 2, .pi)
                ct_cairo_arc(cr, r.minX + rx, r.minY + rx, rx, .pi, 3 * .pi / 2)
                ct_cairo_close_path(cr)
            }
        case .circle(let center, let radius):
            guard radius > 0 else { return }
            ct_cairo_new_sub_path(cr)
            ct_cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
            ct_cairo_close_path(cr)
        case .path(let path):
            CairoPath.append(animatedPath(path, animations), to: cr)
        }
    }

    private func draw(_ shape: FrameShape, _ state: State) throws(RasterError) {
        ct_cairo_new_path(cr)
        // A dashed stroke's dashes start where SVG starts the shape: cairo's own rounded
        // rectangle starts elsewhere, so a dashed one is drawn from the frame's outline.
        let dash = state.strokeWidth > 0 ? state.dash.flatMap { $0.isDrawable(along: shape.geometry) ? $0 : nil } : nil
        if dash != nil, case .rect(_, let radius) = shape.geometry, radius > 0, shape.animations.isEmpty {
            CairoPath.append(shape.geometry.outline, to: cr)
        } else {
            appendGeometry(shape.geometry, animations: shape.animations)
        }
        let bounds = shape.geometry.bounds()
        if let fill = paint(for: state, stroke: false) {
            // A link covers a transparent fill too, as a browser's pointer finds it.
            noteExtents()
            if setSource(fill, opacity: state.fillOpacity, bounds: bounds) {
                ct_cairo_set_fill_rule(cr, state.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                ct_cairo_fill_preserve(cr)
            }
        }
        if state.strokeWidth > 0, let stroke = paint(for: state, stroke: true), setSource(stroke, opacity: state.strokeOpacity, bounds: bounds) {
            ct_cairo_set_line_width(cr, state.strokeWidth)
            let cap: cairo_line_cap_t = switch state.cap {
            case .butt: CAIRO_LINE_CAP_BUTT
            case .round: CAIRO_LINE_CAP_ROUND
            case .square: CAIRO_LINE_CAP_SQUARE
            }
            let join: cairo_line_join_t = switch state.join {
            case .miter: CAIRO_LINE_JOIN_MITER
            case .round: CAIRO_LINE_JOIN_ROUND
            case .bevel: CAIRO_LINE_JOIN_BEVEL
            }
            ct_cairo_set_line_cap(cr, cap)
            ct_cairo_set_line_join(cr, join)
            ct_cairo_set_miter_limit(cr, state.miterLimit)
            if let dash {
                ct_cairo_set_dash(cr, dash.lengths, Int32(dash.lengths.count), dash.offset)
            }
            noteExtents(stroke: true)
            ct_cairo_stroke_preserve(cr)
            if dash != nil { ct_cairo_set_dash(cr, nil, 0, 0) }
        }
        ct_cairo_new_path(cr)
    }

    // MARK: Paint

    /// A resolved paint: a colour (r, g, b, a, 0…1) or a gradient.
    enum Resolved {
        case color(Double, Double, Double, Double)
        case gradient(Gradient)
    }

    /// The state's fill (or stroke) as something to paint with; `nil` for none.
    func paint(for state: State, stroke: Bool = false) -> Resolved? {
        resolve(stroke ? state.stroke : state.fill)
    }

    func resolve(_ paint: Paint) -> Resolved? {
        switch paint {
        case .none: return nil
        case .ink: return Self.rgba(frame.colorScheme?.light ?? .black)
        case .color(let color), .schemed(light: let color, dark: _): return Self.rgba(color)
        case .gradient(let gradient): return .gradient(gradient)
        }
    }

    /// A colour's channels; `currentColor` is the page's text colour, black where there is no
    /// page.
    static func rgba(_ color: SVGColor) -> Resolved {
        guard let c = color.rgba else { return .color(0, 0, 0, 1) }
        return .color(Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, c.alpha)
    }

    /// Sets cairo's source to `paint` at `opacity`; a gradient spans `bounds` (the painted
    /// geometry's box, user space). `false` when nothing would be drawn.
    @discardableResult
    func setSource(_ paint: Resolved, opacity: Double, bounds: Rect?) -> Bool {
        switch paint {
        case .color(let r, let g, let b, let a):
            guard a * opacity > 0 else { return false }
            ct_cairo_set_source_rgba(cr, r, g, b, a * opacity)
            return true
        case .gradient(let gradient):
            // SVG's objectBoundingBox: an empty box draws nothing.
            let boxUnits = gradient.units == .boundingBox
            var box = Rect(minX: 0, minY: 0, maxX: 1, maxY: 1)
            if boxUnits {
                guard let bounds, bounds.width > 0, bounds.height > 0 else { return false }
                box = bounds
            }
            let pattern: OpaquePointer?
            switch gradient.shape {
            case .linear(let start, let end):
                pattern = ct_cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            case .radial(let center, let radius, let focus, let focusRadius):
                pattern = ct_cairo_pattern_create_radial(focus.x, focus.y, max(focusRadius, 0), center.x, center.y, max(radius, 0))
            }
            guard let pattern else { return false }
            defer { ct_cairo_pattern_destroy(pattern) }
            var previous = 0.0
            for stop in gradient.stops {
                // SVG clamps offsets to 0…1 and to at least the previous stop's.
                let offset = max(min(max(stop.offset, 0), 1), previous)
                previous = offset
                guard case .color(let r, let g, let b, let a) = Self.rgba(stop.color ?? .black) else { continue }
                ct_cairo_pattern_add_color_stop_rgba(pattern, offset, r, g, b, a * min(max(stop.opacity, 0), 1) * opacity)
            }
            let extend: cairo_extend_t = switch gradient.spread {
            case .pad: CAIRO_EXTEND_PAD
            case .reflect: CAIRO_EXTEND_REFLECT
            case .repeat: CAIRO_EXTEND_REPEAT
            }
            ct_cairo_pattern_set_extend(pattern, extend)
            // User space → the gradient's space: through the box, then the gradient's transform.
            var matrix: cairo_matrix_t
            if gradient.transform == .identity {
                matrix = cairo_matrix_t(xx: 1 / box.width, yx: 0, xy: 0, yy: 1 / box.height,
                                        x0: -box.minX / box.width, y0: -box.minY / box.height)
            } else {
                var map = gradient.transform
                if boxUnits { map = map.concatenating(AffineMap(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY)) }
                guard let inverse = map.inverted else { return false }
                matrix = CairoMatrix.matrix(inverse)
            }
            ct_cairo_pattern_set_matrix(pattern, &matrix)
            ct_cairo_set_source(cr, pattern)
            return true
        }
    }

    // MARK: Images

    private func drawImage(_ image: FrameImage) throws(RasterError) {
        let box = image.box
        guard box.width > 0, box.height > 0 else { return }
        switch image.content {
        case .raster(let raster):
            let (w, h) = (Double(raster.pixelWidth), Double(raster.pixelHeight))
            // Fitted inside the box and centred (SVG's xMidYMid meet).
            let k = min(box.width / w, box.height / h)
            let origin = Point(x: box.minX + (box.width - w * k) / 2, y: box.minY + (box.height - h * k) / 2)
            guard let surface = try glyphs.imageSurface(raster, fitting: shownPixels(from: origin, width: w * k, height: h * k)) else { return }
            // The picture as kept: scaled down where the page shows fewer pixels of it.
            let (sw, sh) = (Double(ct_cairo_image_surface_get_width(surface)), Double(ct_cairo_image_surface_get_height(surface)))
            guard sw > 0, sh > 0 else { return }
            ct_cairo_save(cr)
            ct_cairo_translate(cr, origin.x, origin.y)
            ct_cairo_scale(cr, w * k / sw, h * k / sh)
            ct_cairo_set_source_surface(cr, surface, 0, 0)
            ct_cairo_pattern_set_filter(ct_cairo_get_source(cr), CAIRO_FILTER_GOOD)
            ct_cairo_rectangle(cr, 0, 0, sw, sh)
            noteExtents()
            ct_cairo_fill(cr)
            ct_cairo_restore(cr)
        case .vector(let picture):
            // Fitted as the machine writers and the weld fit it (`FrameImage.vectorMap`).
            guard let fitted = image.vectorMap else { return }
            ct_cairo_save(cr)
            ct_cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
            ct_cairo_clip(cr)
            transform(fitted)
            for item in picture.items { try draw(item, State()) }
            ct_cairo_restore(cr)
        }
    }
}

extension FrameCairo {
    /// Pixels a picture drawn at `origin`, `width` × `height` user units, shows: device pixels
    /// in a PNG; in a PDF, points at print resolution (300 dpi). Each side rounded up.
    func shownPixels(from origin: Point, width: Double, height: Double) -> (width: Int, height: Int) {
        var (x0, y0) = (origin.x, origin.y), (x1, y1) = (origin.x + width, origin.y), (x2, y2) = (origin.x, origin.y + height)
        ct_cairo_user_to_device(cr, &x0, &y0)
        ct_cairo_user_to_device(cr, &x1, &y1)
        ct_cairo_user_to_device(cr, &x2, &y2)
        let perUnit = isPDF ? 300.0 / 72 : 1
        func side(_ dx: Double, _ dy: Double) -> Int {
            let length = (dx * dx + dy * dy).squareRoot() * perUnit
            return length.isFinite ? Int(min(length.rounded(.up), Double(RasterImage.maximumSide))) : RasterImage.maximumSide
        }
        return (side(x1 - x0, y1 - y0), side(x2 - x0, y2 - y0))
    }
}

/// Appends geometry paths to a cairo context.
enum CairoPath {
    /// Appends `path` (user space); quadratic segments become the cubics they equal.
    static func append(_ path: Path, to cr: OpaquePointer) {
        var current = Point.zero, start = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                ct_cairo_move_to(cr, p.x, p.y)
                current = p; start = p
            case .line(let p):
                ct_cairo_line_to(cr, p.x, p.y)
                current = p
            case .quad(let c, let p):
                let c1 = current + (c - current) * (2.0 / 3), c2 = p + (c - p) * (2.0 / 3)
                ct_cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .cubic(let c1, let c2, let p):
                ct_cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .close:
                ct_cairo_close_path(cr)
                current = start
            }
        }
    }

    /// Appends `path` mapped through `m` (points transformed here, so one fill can take many
    /// glyphs each in its own place).
    static func append(_ path: Path, through m: AffineMap, to cr: OpaquePointer) {
        var current = Point.zero, start = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                let q = m.apply(p)
                ct_cairo_move_to(cr, q.x, q.y)
                current = p; start = p
            case .line(let p):
                let q = m.apply(p)
                ct_cairo_line_to(cr, q.x, q.y)
                current = p
            case .quad(let c, let p):
                let c1 = m.apply(current + (c - current) * (2.0 / 3)), c2 = m.apply(p + (c - p) * (2.0 / 3)), q = m.apply(p)
                ct_cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, q.x, q.y)
                current = p
            case .cubic(let c1, let c2, let p):
                let a = m.apply(c1), b = m.apply(c2), q = m.apply(p)
                ct_cairo_curve_to(cr, a.x, a.y, b.x, b.y, q.x, q.y)
                current = p
            case .close:
                ct_cairo_close_path(cr)
                current = start
            }
        }
    }
}

/// cairo's matrices from the geometry's maps.
enum CairoMatrix {
    /// `m` as cairo's matrix (cairo's xx, yx, xy, yy are the map's a, b, c, d).
    static func matrix(_ m: AffineMap) -> cairo_matrix_t {
        cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    }

    /// Maps `cr`'s user space through `m`; `false`, and nothing changed, for a singular or
    /// non-finite map.
    @discardableResult
    static func transform(_ cr: OpaquePointer, by m: AffineMap) -> Bool {
        guard m.a * m.d - m.b * m.c != 0, [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) else { return false }
        var matrix = matrix(m)
        ct_cairo_transform(cr, &matrix)
        return true
    }
}
