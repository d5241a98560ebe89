#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CurveTypeFrame
import CurveTypeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SafeSVG {
    /// The kept markup, for the SVG writer.
    public var markup: SVGMarkup { SVGMarkup(attributes: attributes, children: children) }

    /// The logo as a picture: its markup, and what it draws as frame items (in its user units),
    /// read once here so that writers that draw (PNG, PDF) draw frames and nothing else.
    ///
    /// Resolved: `g`, `svg`, `a`, `switch` (as groups), `path`, `rect` (with `rx`/`ry`),
    /// `circle`, `ellipse`, `line`, `polyline`, `polygon`, `use` (of any element or a `symbol`);
    /// fill and stroke with their opacities, rules, widths, caps, joins and miter limit;
    /// `currentColor` from `color`; `opacity`; `transform`; `visibility` and `display`; linear
    /// and radial gradients (either units, `gradientTransform`, `spreadMethod`, attributes and
    /// stops inherited through `href`); clip paths (user-space units); masks, by their shapes'
    /// coverage (a logo's masks are white shapes, whose luminance and alpha agree).
    public func image() throws(SVGError) -> VectorImage {
        var drawing = SVGDrawing(self)
        let items = try drawing.items()
        let b = viewBox
        return VectorImage(viewBox: Rect(minX: b.minX, minY: b.minY, maxX: b.minX + b.width, maxY: b.minY + b.height),
                           items: items, markup: markup)
    }
}

/// Reads a sanitised document's elements into frame items, resolving what SVG leaves to the
/// viewer: inheritance, references by id (`use`, `url(#…)`, `href` chains) and units.
///
/// Written by hand: the document is already reduced to an allowlist of shapes, paints,
/// gradients, clip paths and masks with presentation attributes only (`SafeSVG`), so what is
/// left to resolve is small; usvg does this for resvg, but is Rust, and librsvg's tree is not
/// public.
struct SVGDrawing {
    private let document: SafeSVG
    private var byID: [String: SafeSVG.Node] = [:]
    /// Elements resolved so far (a `use` can repeat a large group): bounded.
    private var resolved = 0
    static let maximumElements = 100_000
    static let maximumDepth = 64

    /// Inherited presentation attributes.
    struct State {
        var fill = "black"
        var fillOpacity = 1.0
        var evenOdd = false
        var stroke = "none"
        var strokeOpacity = 1.0
        var strokeWidth = 1.0
        var cap = LineCap.butt
        var join = LineJoin.miter
        var miterLimit = 4.0
        /// `stroke-dasharray`, user units; empty: solid.
        var dashes: [Double] = []
        var dashOffset = 0.0
        var visible = true
        /// `currentColor`.
        var color: SVGColor = .black
    }

    init(_ document: SafeSVG) {
        self.document = document
        var byID: [String: SafeSVG.Node] = [:]
        func index(_ nodes: [SafeSVG.Node]) {
            for node in nodes {
                guard case .element(_, let attributes, let children) = node else { continue }
                if let id = Self.value(attributes, "id"), byID[id] == nil { byID[id] = node }
                index(children)
            }
        }
        index(document.children)
        self.byID = byID
    }

    mutating func items() throws(SVGError) -> [FrameItem] {
        var state = State()
        Self.apply(document.attributes, to: &state)
        var items: [FrameItem] = []
        for node in document.children { items += try resolve(node, state, depth: 0) }
        return items
    }

    // MARK: Attributes

    /// XML's white space: what is trimmed from an attribute's value.
    static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\n" || s == "\r" }

    static func value(_ attributes: [SafeSVG.Attribute], _ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// A number or length in user units (`12`, `12px`, `1e2`); a percentage as a fraction of
    /// `percentOf`.
    static func number(_ text: String?, percentOf: Double = 1) -> Double? {
        guard var t = text?.trimmed(isSpace), !t.isEmpty else { return nil }
        var factor = 1.0
        if t.hasSuffix("%") { t.removeLast(); factor = percentOf / 100 } else if t.hasSuffix("px") { t.removeLast(2) }
        guard let v = Double(t), v.isFinite else { return nil }
        return v * factor
    }

    private static func opacity(_ text: String) -> Double? {
        number(text).map { min(max($0, 0), 1) }
    }

    private static func apply(_ attributes: [SafeSVG.Attribute], to state: inout State) {
        for attribute in attributes {
            let v = attribute.value.trimmed(isSpace)
            switch attribute.name {
            case "fill": state.fill = v
            case "fill-opacity": state.fillOpacity = opacity(v) ?? state.fillOpacity
            case "fill-rule": state.evenOdd = v == "evenodd"
            case "stroke": state.stroke = v
            case "stroke-opacity": state.strokeOpacity = opacity(v) ?? state.strokeOpacity
            case "stroke-width": state.strokeWidth = number(v).map { max($0, 0) } ?? state.strokeWidth
            case "stroke-linecap": state.cap = LineCap(rawValue: v) ?? .butt
            case "stroke-linejoin": state.join = LineJoin(rawValue: v) ?? .miter
            case "stroke-miterlimit": state.miterLimit = number(v).map { max($0, 1) } ?? state.miterLimit
            case "stroke-dasharray":
                let values = v.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map { number(String($0)) }
                state.dashes = v == "none" || values.contains(where: { $0 == nil }) ? [] : values.compactMap { $0 }
            case "stroke-dashoffset": state.dashOffset = number(v) ?? state.dashOffset
            case "visibility": state.visible = v == "visible" || v == "inherit" ? true : !(v == "hidden" || v == "collapse")
            case "color": if v != "inherit", let c = try? SVGColor(parsing: v), c != .currentColor { state.color = c }
            default: break
            }
        }
    }

    /// `id` of `url(#id)`.
    static func reference(_ text: String?) -> String? {
        guard let t = text?.trimmed(), t.hasPrefix("url("), let close = t.firstIndex(of: ")") else { return nil }
        var inner = String(t[t.index(t.startIndex, offsetBy: 4)..<close]).trimmed()
        if inner.hasPrefix("'") || inner.hasPrefix("\"") { inner = String(inner.dropFirst().dropLast()) }
        return fragment(inner)
    }

    static func fragment(_ text: String) -> String? {
        text.hasPrefix("#") ? String(text.dropFirst()) : nil
    }

    // MARK: Elements

    private mutating func resolve(_ node: SafeSVG.Node, _ inherited: State, depth: Int) throws(SVGError) -> [FrameItem] {
        guard case .element(let name, let attributes, let children) = node, depth < Self.maximumDepth else { return [] }
        resolved += 1
        guard resolved <= Self.maximumElements else { throw .invalidLogo("it draws more than \(Self.maximumElements) elements") }
        switch name {
        case "defs", "clipPath", "mask", "linearGradient", "radialGradient", "pattern", "symbol", "stop", "title", "desc", "metadata": return []
        default: break
        }
        if Self.value(attributes, "display")?.trimmed() == "none" { return [] }
        var state = inherited
        Self.apply(attributes, to: &state)
        var style: [Style] = []
        if let t = Self.value(attributes, "transform") {
            // A transform the reader kept is one `SafeSVG.transform` reads; one it cannot is not drawn.
            guard let m = SafeSVG.transform(t) else { return [] }
            style.append(.transform(m))
        }
        if name == "use" {
            let (x, y) = (Self.number(Self.value(attributes, "x")) ?? 0, Self.number(Self.value(attributes, "y")) ?? 0)
            if x != 0 || y != 0 { style.append(.transform(.translation(x, y))) }
        }
        if let id = Self.reference(Self.value(attributes, "clip-path")), case .element("clipPath", _, let shapes)? = byID[id] {
            style.append(.clip(try outline(shapes, depth: depth)))
        }
        if let id = Self.reference(Self.value(attributes, "mask")), case .element("mask", _, let shapes)? = byID[id] {
            style.append(.mask(try outline(shapes, depth: depth, painted: true)))
        }
        let opacity = Self.value(attributes, "opacity").flatMap(Self.opacity) ?? 1
        guard opacity > 0 else { return [] }
        if opacity < 1 { style.append(.opacity(opacity)) }

        var items: [FrameItem] = []
        switch name {
        case "g", "svg", "a", "switch":
            for child in children { items += try resolve(child, state, depth: depth + 1) }
        case "use":
            let target = Self.value(attributes, "href") ?? Self.value(attributes, "xlink:href")
            if let id = target.flatMap(Self.fragment), let referenced = byID[id] {
                if case .element("symbol", _, let symbolChildren) = referenced {
                    for child in symbolChildren { items += try resolve(child, state, depth: depth + 1) }
                } else {
                    items += try resolve(referenced, state, depth: depth + 1)
                }
            }
        case "image":
            if state.visible, let image = Self.image(attributes) { items.append(.image(image)) }
        default:
            guard state.visible, var shape = shape(name, attributes, state) else { break }
            // A fill of one picture (a pattern one tile of which covers the shape's box: what
            // design programs export for an image fill) is the picture cut to the shape.
            if let id = Self.reference(state.fill), case .element("pattern", let patternAttributes, let content)? = byID[id] {
                if let picture = try patternFill(shape.geometry, patternAttributes, content, state, depth: depth) { items.append(picture) }
                shape.style = shape.style.filter { if case .fillOpacity = $0 { false } else { true } }
                if shape.style.contains(where: { if case .stroke = $0 { true } else { false } }) { items.append(.shape(shape)) }
            } else {
                items.append(.shape(shape))
            }
        }
        guard !items.isEmpty else { return [] }
        if style.isEmpty { return items }
        return [.group(FrameGroup(style: style, items: items))]
    }

    /// A pattern fill of `geometry` when one tile covers its box (`patternUnits` of the box,
    /// from 0 0 at least 1 wide and high, no view box): the pattern's content, in the box's
    /// units (`patternContentUnits="objectBoundingBox"`) or the user's, cut to the geometry, at
    /// the fill's opacity. `nil` for a tiled or transformed pattern, which is not drawn.
    private mutating func patternFill(_ geometry: FrameGeometry, _ attributes: [SafeSVG.Attribute], _ content: [SafeSVG.Node],
                                      _ state: State, depth: Int) throws(SVGError) -> FrameItem? {
        guard let box = geometry.bounds(), box.width > 0, box.height > 0,
              Self.value(attributes, "patternUnits") ?? "objectBoundingBox" == "objectBoundingBox",
              Self.value(attributes, "viewBox") == nil, Self.value(attributes, "patternTransform") == nil else { return nil }
        let x = Self.number(Self.value(attributes, "x")) ?? 0, y = Self.number(Self.value(attributes, "y")) ?? 0
        let w = Self.number(Self.value(attributes, "width")) ?? 0, h = Self.number(Self.value(attributes, "height")) ?? 0
        guard x <= 0, y <= 0, x + w >= 1, y + h >= 1 else { return nil }
        var items: [FrameItem] = []
        for child in content { items += try resolve(child, State(), depth: depth + 1) }
        guard !items.isEmpty else { return nil }
        if Self.value(attributes, "patternContentUnits") == "objectBoundingBox" {
            items = [.group(FrameGroup(style: [.transform(AffineMap(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY))], items: items))]
        }
        var style: [Style] = [.clip([FrameShape(geometry, style: [])])]
        if state.fillOpacity < 1 { style.append(.opacity(state.fillOpacity)) }
        return .group(FrameGroup(style: style, items: items))
    }

    /// An `<image>` of a PNG or JPEG `data:` URL, fitted into its box (SVG's default
    /// `xMidYMid meet`, as every writer fits a picture, whatever `preserveAspectRatio` says);
    /// `nil` if the picture is not one.
    static func image(_ attributes: [SafeSVG.Attribute]) -> FrameImage? {
        guard let href = value(attributes, "xlink:href"), SafeSVG.isPictureData(href), let comma = href.firstIndex(of: ",") else { return nil }
        let format: RasterImage.Format = href.prefix(comma.utf16Offset(in: href)).lowercased().contains("png") ? .png : .jpeg
        guard let decoded = Data(base64Encoded: String(href[href.index(after: comma)...]).filter { !$0.isWhitespace }),
              let picture = try? RasterImage(format, bytes: [UInt8](decoded)) else { return nil }
        let x = number(value(attributes, "x")) ?? 0, y = number(value(attributes, "y")) ?? 0
        // Without a size, the picture's own in px (SVG 2's `auto`).
        let w = number(value(attributes, "width")) ?? Double(picture.pixelWidth), h = number(value(attributes, "height")) ?? Double(picture.pixelHeight)
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return nil }
        return FrameImage(.raster(picture), box: Rect(minX: x, minY: y, maxX: x + w, maxY: y + h))
    }

    /// The shapes inside a clip path or mask, each with its transforms (and, for a mask, its
    /// paint and opacity).
    private mutating func outline(_ nodes: [SafeSVG.Node], depth: Int, painted: Bool = false,
                                  outer: AffineMap = .identity, state: State = State()) throws(SVGError) -> [FrameShape] {
        var shapes: [FrameShape] = []
        for case .element(let name, let attributes, let children) in nodes where depth < Self.maximumDepth {
            resolved += 1
            guard resolved <= Self.maximumElements else { throw .invalidLogo("it draws more than \(Self.maximumElements) elements") }
            var map = outer
            if let t = Self.value(attributes, "transform"), let m = SafeSVG.transform(t) { map = m.concatenating(outer) }
            var inner = state
            Self.apply(attributes, to: &inner)
            if name == "g" {
                shapes += try outline(children, depth: depth + 1, painted: painted, outer: map, state: inner)
                continue
            }
            guard var shape = shape(name, attributes, inner) else { continue }
            if !painted { shape.style = [] }
            if map != .identity { shape.style.insert(.transform(map), at: 0) }
            shapes.append(shape)
        }
        return shapes
    }

    // MARK: Shapes

    /// A basic shape with its paints; `nil` for an element that is not one, or draws nothing.
    private func shape(_ name: String, _ attributes: [SafeSVG.Attribute], _ state: State) -> FrameShape? {
        func n(_ key: String) -> Double { Self.number(Self.value(attributes, key)) ?? 0 }
        let geometry: FrameGeometry
        var fills = true
        switch name {
        case "path":
            guard let d = Self.value(attributes, "d"), let path = try? Path(svgPathData: d) else { return nil }
            geometry = .path(path)
        case "rect":
            let (x, y, w, h) = (n("x"), n("y"), n("width"), n("height"))
            guard w > 0, h > 0 else { return nil }
            var rx = Self.number(Self.value(attributes, "rx")), ry = Self.number(Self.value(attributes, "ry"))
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            let ax = min(max(rx ?? 0, 0), w / 2), ay = min(max(ry ?? 0, 0), h / 2)
            let box = Rect(minX: x, minY: y, maxX: x + w, maxY: y + h)
            if ax == ay || ax == 0 || ay == 0 {
                geometry = .rect(box, cornerRadius: ax == 0 || ay == 0 ? 0 : ax)
            } else {
                geometry = .path(Path.roundedRectangle(box, rx: ax, ry: ay))
            }
        case "circle":
            let r = n("r")
            guard r > 0 else { return nil }
            geometry = .circle(center: Point(x: n("cx"), y: n("cy")), radius: r)
        case "ellipse":
            let rx = n("rx"), ry = n("ry")
            guard rx > 0, ry > 0 else { return nil }
            let center = Point(x: n("cx"), y: n("cy"))
            geometry = rx == ry ? .circle(center: center, radius: rx) : .path(Path.ellipse(center: center, rx: rx, ry: ry))
        case "line":
            var path = Path()
            path.move(to: Point(x: n("x1"), y: n("y1")))
            path.line(to: Point(x: n("x2"), y: n("y2")))
            geometry = .path(path)
            fills = false
        case "polyline", "polygon":
            let values = (Self.value(attributes, "points") ?? "")
                .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }).compactMap { Double($0) }
            guard values.count >= 4, values.allSatisfy(\.isFinite) else { return nil }
            var path = Path()
            for index in stride(from: 0, to: values.count - 1, by: 2) {
                let point = Point(x: values[index], y: values[index + 1])
                if index == 0 { path.move(to: point) } else { path.line(to: point) }
            }
            if name == "polygon" { path.close() }
            geometry = .path(path)
        default:
            return nil
        }
        var style: [Style] = [.fill(fills ? paint(state.fill, state) : .none)]
        if state.fillOpacity < 1 { style.append(.fillOpacity(state.fillOpacity)) }
        if state.evenOdd { style.append(.fillRule(.evenOdd)) }
        let stroke = state.strokeWidth > 0 ? paint(state.stroke, state) : .none
        if stroke != .none {
            style.append(.stroke(stroke))
            if state.strokeOpacity < 1 { style.append(.strokeOpacity(state.strokeOpacity)) }
            if state.strokeWidth != 1 { style.append(.strokeWidth(state.strokeWidth)) }
            if state.cap != .butt { style.append(.lineCap(state.cap)) }
            if state.join != .miter { style.append(.lineJoin(state.join)) }
            if state.miterLimit != 4 { style.append(.miterLimit(state.miterLimit)) }
            // A pattern that dashes nothing, or far finer than the shape, is drawn solid, as
            // SVG draws an invalid one.
            if let dash = DashPattern(state.dashes, offset: state.dashOffset), dash.isDrawable(along: geometry) {
                style.append(.dash(dash))
            }
        }
        return FrameShape(geometry, style: style)
    }

    // MARK: Paint

    /// A paint (`none`, a colour, `currentColor`, `url(#gradient) fallback`).
    private func paint(_ text: String, _ state: State) -> Paint {
        if text == "none" || text.isEmpty { return .none }
        if let id = Self.reference(text) {
            if let node = byID[id], let gradient = gradient(node) { return .gradient(gradient) }
            // The fallback after the reference, if any.
            let rest = text[text.index(after: text.firstIndex(of: ")") ?? text.startIndex)...].trimmed()
            return rest.isEmpty ? .none : paint(rest, state)
        }
        let color = (try? SVGColor(parsing: text)) ?? .black
        return .color(color == .currentColor ? state.color : color)
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

    private func gradient(_ node: SafeSVG.Node) -> Gradient? {
        guard case .element(let kind, _, _) = node, kind == "linearGradient" || kind == "radialGradient" else { return nil }
        let chain = hrefChain(node)
        func inherited(_ name: String) -> String? { chain.lazy.compactMap { Self.value($0.attributes, name) }.first }
        func n(_ name: String, _ fallback: Double) -> Double { Self.number(inherited(name)) ?? fallback }
        let shape: Gradient.Shape
        if kind == "linearGradient" {
            shape = .linear(start: Point(x: n("x1", 0), y: n("y1", 0)), end: Point(x: n("x2", 1), y: n("y2", 0)))
        } else {
            let cx = n("cx", 0.5), cy = n("cy", 0.5)
            shape = .radial(center: Point(x: cx, y: cy), radius: max(n("r", 0.5), 0), focus: Point(x: n("fx", cx), y: n("fy", cy)),
                            focusRadius: max(n("fr", 0), 0))
        }
        var stops: [GradientStop] = []
        for link in chain {
            for case .element("stop", let attributes, _) in link.children {
                let color = (try? SVGColor(parsing: Self.value(attributes, "stop-color") ?? "black")) ?? .black
                stops.append(GradientStop(offset: min(max(Self.number(Self.value(attributes, "offset")) ?? 0, 0), 1), color: color,
                                          opacity: Self.value(attributes, "stop-opacity").flatMap(Self.opacity) ?? 1))
            }
            if !stops.isEmpty { break }
        }
        let transform = inherited("gradientTransform").flatMap(SafeSVG.transform) ?? .identity
        return Gradient(shape, stops: stops, units: inherited("gradientUnits") == "userSpaceOnUse" ? .userSpace : .boundingBox,
                        transform: transform, spread: Gradient.Spread(rawValue: inherited("spreadMethod") ?? "pad") ?? .pad)
    }
}
