import CCairo
import CurveTypeFrame
import CurveTypeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Draws a sanitised logo (`SafeSVG`) with cairo, in its own user units (the caller maps its
/// view box into the picture's box).
///
/// Written by hand: the logo is already reduced to an allowlist of shapes, paints, gradients,
/// clip paths and masks (no text, no styles, no scripts), so its drawing is small; librsvg would
/// draw it too, but would bring GLib and an SVG parser into the library to read again what
/// `SafeSVG` has read. Drawn: `g`, `svg`, `path`, `rect` (with `rx`/`ry`), `circle`,
/// `ellipse`, `line`, `polyline`, `polygon`, `use`; fill and stroke with their opacities,
/// rules, widths, caps, joins and miter limit; `opacity`; `transform`; linear and radial
/// gradients (either units, `gradientTransform`, `spreadMethod`, `href` inheritance); clip
/// paths; masks (by the mask's coverage: cairo masks by alpha, and a logo's masks are white
/// shapes, whose luminance and alpha agree).
struct SafeSVGCairo {
    let canvas: FrameCairo
    let document: SafeSVG
    private var cr: OpaquePointer { canvas.cr }
    private var byID: [String: SafeSVG.Node] = [:]
    /// Elements drawn so far (a `use` can repeat a large group): bounded.
    private var drawn = 0
    private static let maximumElements = 100_000

    /// Inherited presentation attributes.
    struct State {
        var fill = "black"
        var fillOpacity = 1.0
        var fillRule = CAIRO_FILL_RULE_WINDING
        var stroke = "none"
        var strokeOpacity = 1.0
        var strokeWidth = 1.0
        var cap = CAIRO_LINE_CAP_BUTT
        var join = CAIRO_LINE_JOIN_MITER
        var miterLimit = 4.0
        var visible = true
    }

    init(canvas: FrameCairo, document: SafeSVG) {
        self.canvas = canvas
        self.document = document
        var byID: [String: SafeSVG.Node] = [:]
        func index(_ nodes: [SafeSVG.Node]) {
            for node in nodes {
                guard case .element(_, let attributes, let children) = node else { continue }
                if let id = attributes.first(where: { $0.name == "id" })?.value { byID[id] = node }
                index(children)
            }
        }
        index(document.children)
        self.byID = byID
    }

    mutating func draw() throws(RasterError) {
        var state = State()
        apply(document.attributes, to: &state)
        for node in document.children { try draw(node, state, depth: 0) }
    }

    private static func value(_ attributes: [SafeSVG.Attribute], _ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// A number or length in user units (`12`, `12px`, `1e2`); a percentage as a fraction of
    /// `percentOf`.
    private static func number(_ text: String?, percentOf: Double = 1) -> Double? {
        guard var t = text?.trimmingWhitespace(), !t.isEmpty else { return nil }
        var factor = 1.0
        if t.hasSuffix("%") { t.removeLast(); factor = percentOf / 100 } else if t.hasSuffix("px") { t.removeLast(2) }
        guard let v = Double(t), v.isFinite else { return nil }
        return v * factor
    }

    private func apply(_ attributes: [SafeSVG.Attribute], to state: inout State) {
        for attribute in attributes {
            let v = attribute.value.trimmingWhitespace()
            switch attribute.name {
            case "fill": state.fill = v
            case "fill-opacity": state.fillOpacity = Self.opacity(v) ?? state.fillOpacity
            case "fill-rule": state.fillRule = v == "evenodd" ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
            case "stroke": state.stroke = v
            case "stroke-opacity": state.strokeOpacity = Self.opacity(v) ?? state.strokeOpacity
            case "stroke-width": state.strokeWidth = Self.number(v).map { max($0, 0) } ?? state.strokeWidth
            case "stroke-linecap": state.cap = v == "round" ? CAIRO_LINE_CAP_ROUND : v == "square" ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT
            case "stroke-linejoin": state.join = v == "round" ? CAIRO_LINE_JOIN_ROUND : v == "bevel" ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER
            case "stroke-miterlimit": state.miterLimit = Self.number(v).map { max($0, 1) } ?? state.miterLimit
            case "visibility": state.visible = v == "visible" || v == "inherit" ? true : !(v == "hidden" || v == "collapse")
            default: break
            }
        }
    }

    private static func opacity(_ text: String) -> Double? {
        number(text, percentOf: 1).map { min(max($0, 0), 1) }
    }

    private mutating func draw(_ node: SafeSVG.Node, _ inherited: State, depth: Int) throws(RasterError) {
        guard case .element(let name, let attributes, let children) = node, depth < 64 else { return }
        drawn += 1
        guard drawn <= Self.maximumElements else { throw .refused("the logo draws more than \(Self.maximumElements) elements") }
        switch name {
        case "defs", "clipPath", "mask", "linearGradient", "radialGradient", "symbol", "stop", "title", "desc", "metadata": return
        default: break
        }
        if Self.value(attributes, "display")?.trimmingWhitespace() == "none" { return }
        var state = inherited
        apply(attributes, to: &state)
        ct_cairo_save(cr)
        defer { ct_cairo_restore(cr) }
        if let t = Self.value(attributes, "transform") {
            guard let m = SafeSVG.transform(t) else { return }
            canvas.transform(m)
        }
        if name == "use" {
            ct_cairo_translate(cr, Self.number(Self.value(attributes, "x")) ?? 0, Self.number(Self.value(attributes, "y")) ?? 0)
        }
        if let clip = Self.reference(Self.value(attributes, "clip-path")), !applyClip(clip, depth: depth) { return }
        let opacity = Self.value(attributes, "opacity").flatMap(Self.opacity) ?? 1
        let mask = Self.reference(Self.value(attributes, "mask")).flatMap { byID[$0] }
        guard opacity > 0 else { return }
        let grouped = opacity < 1 || mask != nil
        if grouped { ct_cairo_push_group(cr) }
        switch name {
        case "g", "svg", "a", "switch":
            for child in children { try draw(child, state, depth: depth + 1) }
        case "use":
            let target = Self.value(attributes, "href") ?? Self.value(attributes, "xlink:href")
            if let id = target.flatMap(Self.fragment), let referenced = byID[id] {
                if case .element("symbol", _, let symbolChildren) = referenced {
                    for child in symbolChildren { try draw(child, state, depth: depth + 1) }
                } else {
                    try draw(referenced, state, depth: depth + 1)
                }
            }
        default:
            if state.visible { try shape(name, attributes, state) }
        }
        if grouped {
            ct_cairo_pop_group_to_source(cr)
            if let mask, case .element(_, _, let maskChildren) = mask {
                // The mask's content drawn into a group, its coverage the mask.
                guard let source = ct_cairo_get_source(cr) else { return }
                ct_cairo_pattern_reference(source)
                defer { ct_cairo_pattern_destroy(source) }
                ct_cairo_push_group(cr)
                for child in maskChildren { try draw(child, State(), depth: depth + 1) }
                guard let maskPattern = ct_cairo_pop_group(cr) else { return }
                defer { ct_cairo_pattern_destroy(maskPattern) }
                ct_cairo_set_source(cr, source)
                if opacity < 1 {
                    ct_cairo_push_group(cr)
                    ct_cairo_mask(cr, maskPattern)
                    ct_cairo_pop_group_to_source(cr)
                    ct_cairo_paint_with_alpha(cr, opacity)
                } else {
                    ct_cairo_mask(cr, maskPattern)
                }
            } else {
                ct_cairo_paint_with_alpha(cr, opacity)
            }
        }
    }

    /// `id` of `url(#id)`.
    private static func reference(_ text: String?) -> String? {
        guard let t = text?.trimmingWhitespace(), t.hasPrefix("url("), let close = t.firstIndex(of: ")") else { return nil }
        var inner = String(t[t.index(t.startIndex, offsetBy: 4)..<close]).trimmingWhitespace()
        if inner.hasPrefix("'") || inner.hasPrefix("\"") { inner = String(inner.dropFirst().dropLast()) }
        return fragment(inner)
    }

    private static func fragment(_ text: String) -> String? {
        text.hasPrefix("#") ? String(text.dropFirst()) : nil
    }

    /// Clips to the clip path `id`'s shapes; `false` when the clip leaves nothing to draw.
    private mutating func applyClip(_ id: String, depth: Int) -> Bool {
        guard let node = byID[id], case .element("clipPath", _, let children) = node else { return true }
        ct_cairo_new_path(cr)
        func add(_ nodes: [SafeSVG.Node]) {
            for case .element(let name, let attributes, let inner) in nodes {
                ct_cairo_save(cr)
                if let t = Self.value(attributes, "transform"), let m = SafeSVG.transform(t) { canvas.transform(m) }
                if name == "g" { add(inner) } else { appendShape(name, attributes) }
                ct_cairo_restore(cr)
            }
        }
        add(children)
        ct_cairo_clip(cr)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        ct_cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return x1 > x0 && y1 > y0
    }

    /// Appends a basic shape's outline; `false` for an element that is not one.
    @discardableResult
    private func appendShape(_ name: String, _ attributes: [SafeSVG.Attribute]) -> Bool {
        func n(_ key: String) -> Double { Self.number(Self.value(attributes, key)) ?? 0 }
        switch name {
        case "path":
            guard let d = Self.value(attributes, "d"), let path = try? Path(svgPathData: d) else { return false }
            CairoPath.append(path, to: cr)
        case "rect":
            let (x, y, w, h) = (n("x"), n("y"), n("width"), n("height"))
            guard w > 0, h > 0 else { return false }
            var rx = Self.number(Self.value(attributes, "rx")), ry = Self.number(Self.value(attributes, "ry"))
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            let ax = min(max(rx ?? 0, 0), w / 2), ay = min(max(ry ?? 0, 0), h / 2)
            if ax > 0 && ay > 0 {
                ct_cairo_save(cr)
                ct_cairo_new_sub_path(cr)
                ct_cairo_translate(cr, x, y)
                ct_cairo_scale(cr, ax, ay)
                let (W, H) = (w / ax, h / ay)
                ct_cairo_arc(cr, W - 1, 1, 1, -.pi / 2, 0)
                ct_cairo_arc(cr, W - 1, H - 1, 1, 0, .pi / 2)
                ct_cairo_arc(cr, 1, H - 1, 1, .pi / 2, .pi)
                ct_cairo_arc(cr, 1, 1, 1, .pi, 3 * .pi / 2)
                ct_cairo_close_path(cr)
                ct_cairo_restore(cr)
            } else {
                ct_cairo_rectangle(cr, x, y, w, h)
            }
        case "circle", "ellipse":
            let rx = name == "circle" ? n("r") : n("rx"), ry = name == "circle" ? n("r") : n("ry")
            guard rx > 0, ry > 0 else { return false }
            ct_cairo_save(cr)
            ct_cairo_new_sub_path(cr)
            ct_cairo_translate(cr, n("cx"), n("cy"))
            ct_cairo_scale(cr, rx, ry)
            ct_cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            ct_cairo_close_path(cr)
            ct_cairo_restore(cr)
        case "line":
            ct_cairo_move_to(cr, n("x1"), n("y1"))
            ct_cairo_line_to(cr, n("x2"), n("y2"))
        case "polyline", "polygon":
            let values = (Self.value(attributes, "points") ?? "")
                .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }).compactMap { Double($0) }
            guard values.count >= 4 else { return false }
            for index in stride(from: 0, to: values.count - 1, by: 2) {
                if index == 0 { ct_cairo_move_to(cr, values[0], values[1]) } else { ct_cairo_line_to(cr, values[index], values[index + 1]) }
            }
            if name == "polygon" { ct_cairo_close_path(cr) }
        default:
            return false
        }
        return true
    }

    private func shape(_ name: String, _ attributes: [SafeSVG.Attribute], _ state: State) throws(RasterError) {
        ct_cairo_new_path(cr)
        guard appendShape(name, attributes) else { return }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        ct_cairo_path_extents(cr, &x0, &y0, &x1, &y1)
        let box = Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
        if name != "line" && name != "polyline", setPaint(state.fill, opacity: state.fillOpacity, box: box) {
            ct_cairo_set_fill_rule(cr, state.fillRule)
            ct_cairo_fill_preserve(cr)
        }
        if state.strokeWidth > 0, setPaint(state.stroke, opacity: state.strokeOpacity, box: box) {
            ct_cairo_set_line_width(cr, state.strokeWidth)
            ct_cairo_set_line_cap(cr, state.cap)
            ct_cairo_set_line_join(cr, state.join)
            ct_cairo_set_miter_limit(cr, state.miterLimit)
            ct_cairo_stroke_preserve(cr)
        }
        ct_cairo_new_path(cr)
    }

    /// Sets the source to a paint (`none`, a colour, `url(#gradient) fallback`); `false` for
    /// nothing to draw.
    private func setPaint(_ text: String, opacity: Double, box: Rect) -> Bool {
        if text == "none" || text.isEmpty { return false }
        if let id = Self.reference(text) {
            if let node = byID[id], gradient(node, opacity: opacity, box: box) { return true }
            // The fallback after the reference, if any.
            let rest = text[text.index(after: text.firstIndex(of: ")") ?? text.startIndex)...].trimmingWhitespace()
            return rest.isEmpty ? false : setPaint(rest, opacity: opacity, box: box)
        }
        let color = (try? SVGColor(parsing: text)) ?? .black
        return canvas.setSource(FrameCairo.rgba(color), opacity: opacity, bounds: nil)
    }

    /// `node` and the gradients it inherits from through `href`, nearest first (a few steps).
    private func hrefChain(_ node: SafeSVG.Node) -> [(attributes: [SafeSVG.Attribute], children: [SafeSVG.Node])] {
        var chain: [(attributes: [SafeSVG.Attribute], children: [SafeSVG.Node])] = []
        var current: SafeSVG.Node? = node
        while chain.count < 8, case .element(_, let attributes, let children)? = current {
            chain.append((attributes, children))
            current = (Self.value(attributes, "href") ?? Self.value(attributes, "xlink:href")).flatMap(Self.fragment).flatMap { byID[$0] }
        }
        return chain
    }

    /// A gradient element's attribute, or one it inherits through `href`.
    private func inherited(_ node: SafeSVG.Node, _ name: String) -> String? {
        hrefChain(node).lazy.compactMap { Self.value($0.attributes, name) }.first
    }

    /// The stops of a gradient or the first it inherits from that has any.
    private func stops(_ node: SafeSVG.Node) -> [SafeSVG.Node] {
        for link in hrefChain(node) {
            let stops = link.children.filter { if case .element("stop", _, _) = $0 { true } else { false } }
            if !stops.isEmpty { return stops }
        }
        return []
    }

    private func gradient(_ node: SafeSVG.Node, opacity: Double, box: Rect) -> Bool {
        guard case .element(let kind, _, _) = node, kind == "linearGradient" || kind == "radialGradient" else { return false }
        let boxUnits = inherited(node, "gradientUnits") != "userSpaceOnUse"
        if boxUnits && (box.width <= 0 || box.height <= 0) { return false }
        func n(_ name: String, _ fallback: Double) -> Double { Self.number(inherited(node, name)) ?? fallback }
        let pattern: OpaquePointer?
        if kind == "linearGradient" {
            pattern = ct_cairo_pattern_create_linear(n("x1", 0), n("y1", 0), n("x2", 1), n("y2", 0))
        } else {
            let cx = n("cx", 0.5), cy = n("cy", 0.5)
            pattern = ct_cairo_pattern_create_radial(n("fx", cx), n("fy", cy), max(n("fr", 0), 0), cx, cy, max(n("r", 0.5), 0))
        }
        guard let pattern else { return false }
        defer { ct_cairo_pattern_destroy(pattern) }
        var previous = 0.0
        for case .element(_, let attributes, _) in stops(node) {
            let offset = max(min(max(Self.number(Self.value(attributes, "offset")) ?? 0, 0), 1), previous)
            previous = offset
            let color = (try? SVGColor(parsing: Self.value(attributes, "stop-color") ?? "black")) ?? .black
            let stopOpacity = Self.value(attributes, "stop-opacity").flatMap(Self.opacity) ?? 1
            guard case .color(let r, let g, let b, let a) = FrameCairo.rgba(color) else { continue }
            ct_cairo_pattern_add_color_stop_rgba(pattern, offset, r, g, b, a * stopOpacity * opacity)
        }
        let spread = inherited(node, "spreadMethod")
        ct_cairo_pattern_set_extend(pattern, spread == "reflect" ? CAIRO_EXTEND_REFLECT : spread == "repeat" ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        // Pattern space → user space: the gradient's transform, then the box.
        var map = inherited(node, "gradientTransform").flatMap(SafeSVG.transform) ?? .identity
        if boxUnits { map = map.concatenating(AffineMap(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY)) }
        guard let inverse = map.inverted else { return false }
        var matrix = CairoMatrix.matrix(inverse)
        ct_cairo_pattern_set_matrix(pattern, &matrix)
        ct_cairo_set_source(cr, pattern)
        return true
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
