import CurveTypeFonts
import CurveTypeGeometry
import CurveTypeFrame

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a `COLR` v1 paint tree as SVG inside a glyph definition (font units, y up).
///
/// Written by hand: no library turns COLR paints into SVG elements. The mapping:
/// - a glyph filled by a colour or a gradient (through any transforms) is one `<path>` whose
///   fill is the colour or a `userSpaceOnUse` gradient with the transforms as its
///   `gradientTransform`, the form every viewer draws;
/// - any other fill of a glyph is a group clipped to the glyph's outline (`<clipPath>`), the
///   fill drawn over the clip's box mapped into the fill's own coordinates;
/// - a transform is a group with `transform="matrix(…)"`;
/// - a sweep gradient, which SVG lacks, is a fan of wedges, one colour each (`sweepStep`);
/// - a composite in a blend mode is an isolated group whose source has `mix-blend-mode`;
///   source-over, destination-over, source, destination and clear are drawn as they say; the
///   other Porter–Duff operators (in, out, atop, xor, plus) have no SVG form every viewer
///   draws, and are drawn as source-over.
/// Stops in the text's colour are `currentColor` (the CSS colour, black by default): a
/// gradient cannot inherit a fill.
struct ColorPaintSVG {
    /// The outline of each glyph the tree fills, as path data in integer font units, and its
    /// ink box (font units, y up); a glyph without ink is absent.
    let outlines: [UInt32: (pathData: String, bounds: Rect)]
    /// The prefix of every id made here (the glyph definition's own id), then a counter.
    let idPrefix: String
    /// The glyph and font, for a message (`glyph 59 of CurveType Test COLRv1`).
    let glyphName: String
    private var nextID = 0

    /// The sweep wedges' angle, degrees: 2° keeps each wedge's colour within 1/180 of a full
    /// colour line of its neighbours'.
    static let sweepStep = 2.0
    /// The most SVG one colour glyph may write, definitions and drawing together. The reader
    /// bounds a tree to 10,000 paints, but each may repeat a large outline or a fan of wedges:
    /// real emoji write tens of KiB; a font past this is refused, not drawn in part.
    static let maximumBytes = 8 << 20
    /// What the two writers held when `write` began.
    private var startBytes = 0

    init(idPrefix: String, glyphName: String, outlines: [UInt32: (pathData: String, bounds: Rect)]) {
        self.idPrefix = idPrefix
        self.glyphName = glyphName
        self.outlines = outlines
    }

    /// Writes `paint`: its gradients and clip paths into `definitions`, its drawing into `body`.
    /// `box` bounds what an unclipped fill covers (the glyph's ink box, font units).
    mutating func write(_ paint: ColorPaint, box: Rect, definitions: inout SVGWriter, body: inout SVGWriter) throws {
        startBytes = definitions.byteCount + body.byteCount
        try draw(paint, clip: box, definitions: &definitions, body: &body)
    }

    private mutating func newID() -> String {
        nextID += 1
        return idPrefix + "-p" + String(nextID)
    }

    /// Draws `paint`; `clip` is the box (current coordinates) the drawing can show in.
    private mutating func draw(_ paint: ColorPaint, clip: Rect, definitions: inout SVGWriter, body: inout SVGWriter) throws {
        guard definitions.byteCount + body.byteCount - startBytes <= Self.maximumBytes else {
            throw SVGError.refused(
                "the COLR v1 colour glyph \(glyphName) draws more than \(InputBytes.describe(bytes: Self.maximumBytes)) of SVG: the font is refused")
        }
        switch paint {
        case .layers(let paints):
            for paint in paints { try draw(paint, clip: clip, definitions: &definitions, body: &body) }
        case .glyph(let glyph, let fill):
            guard let (data, glyphBox) = outlines[glyph] else { return }
            if let attributes = try simpleFill(fill, map: .identity, definitions: &definitions) {
                body.element("path", attributes + [("d", data)], empty: true)
                return
            }
            let id = newID()
            definitions.element("clipPath", [("id", id)], empty: false)
            definitions.element("path", [("d", data)], empty: true)
            definitions.close("clipPath")
            body.startGroup([("clip-path", "url(#\(id))")])
            try draw(fill, clip: glyphBox, definitions: &definitions, body: &body)
            body.endGroup()
        case .transform(let map, let inner):
            // What the clip box is in the inner coordinates; a singular map draws nothing.
            guard let inverse = map.inverted else { return }
            body.startGroup([("transform", try matrix(map, body))])
            try draw(inner, clip: inverse.apply(clip), definitions: &definitions, body: &body)
            body.endGroup()
        case .composite(let source, let mode, let backdrop):
            switch mode {
            case .clear: return
            case .source: try draw(source, clip: clip, definitions: &definitions, body: &body)
            case .destination: try draw(backdrop, clip: clip, definitions: &definitions, body: &body)
            case .destinationOver:
                try draw(source, clip: clip, definitions: &definitions, body: &body)
                try draw(backdrop, clip: clip, definitions: &definitions, body: &body)
            default:
                if let blend = mode.blendMode {
                    body.startGroup([("style", "isolation:isolate")])
                    try draw(backdrop, clip: clip, definitions: &definitions, body: &body)
                    body.startGroup([("style", "mix-blend-mode:" + blend)])
                    try draw(source, clip: clip, definitions: &definitions, body: &body)
                    body.endGroup()
                    body.endGroup()
                } else {
                    try draw(backdrop, clip: clip, definitions: &definitions, body: &body)
                    try draw(source, clip: clip, definitions: &definitions, body: &body)
                }
            }
        case .sweepGradient(let line, let center, let start, let end):
            try sweep(line, center: center, start: start, end: end, clip: clip, body: &body)
        case .solid, .linearGradient, .radialGradient:
            // A fill with no glyph of its own covers the box it can show in.
            guard let attributes = try simpleFill(paint, map: .identity, definitions: &definitions) else { return }
            try body.rect(x: clip.minX, y: clip.minY, width: clip.width, height: clip.height, attributes)
        }
    }

    /// The fill attributes of a colour or a gradient, through `map` (the transforms between it
    /// and the glyph it fills); `nil` for any other paint.
    private mutating func simpleFill(_ paint: ColorPaint, map: AffineMap, definitions: inout SVGWriter) throws
        -> [(name: String, value: String)]? {
        switch paint {
        case .solid(let color):
            return fill(color)
        case .transform(let inner, let paint):
            return try simpleFill(paint, map: inner.concatenating(map), definitions: &definitions)
        case .linearGradient(let line, let start, let end):
            let (stops, a, b) = line.unitStops
            let p0 = start + (end - start) * a, p1 = start + (end - start) * b
            let id = newID()
            var attributes: [(name: String, value: String)] = [
                ("id", id), ("gradientUnits", "userSpaceOnUse"),
                ("x1", try definitions.value(p0.x)), ("y1", try definitions.value(p0.y)),
                ("x2", try definitions.value(p1.x)), ("y2", try definitions.value(p1.y))]
            try gradientTail(&attributes, line: line, map: map, writer: definitions)
            try gradient("linearGradient", attributes, stops: stops, into: &definitions)
            return [("fill", "url(#\(id))")]
        case .radialGradient(let line, let c0, let r0, let c1, let r1):
            let (stops, a, b) = line.unitStops
            let f = c0 + (c1 - c0) * a, c = c0 + (c1 - c0) * b
            let fr = max(r0 + (r1 - r0) * a, 0), r = max(r0 + (r1 - r0) * b, 0)
            let id = newID()
            var attributes: [(name: String, value: String)] = [
                ("id", id), ("gradientUnits", "userSpaceOnUse"),
                ("cx", try definitions.value(c.x)), ("cy", try definitions.value(c.y)), ("r", try definitions.value(r)),
                ("fx", try definitions.value(f.x)), ("fy", try definitions.value(f.y))]
            // SVG 2's focal radius; left out at 0, its default, for SVG 1.1 viewers.
            if fr > 0 { attributes.append(("fr", try definitions.value(fr))) }
            try gradientTail(&attributes, line: line, map: map, writer: definitions)
            try gradient("radialGradient", attributes, stops: stops, into: &definitions)
            return [("fill", "url(#\(id))")]
        default:
            return nil
        }
    }

    /// `fill` (and `fill-opacity`) for a colour; the text's colour is inherited from the group
    /// that uses the glyph.
    private func fill(_ color: PaintColor) -> [(name: String, value: String)] {
        switch color {
        case .palette(let c): [("fill", Self.svgColor(c).value)]
        case .text(let opacity): opacity < 1 ? [("fill-opacity", Self.opacity(opacity))] : []
        }
    }

    /// A palette colour as the writer's canonical colour (`#rrggbb`, or `rgba()` when
    /// translucent, which the writer splits into a colour and an opacity).
    static func svgColor(_ c: FontColor) -> SVGColor {
        (try? SVGColor(parsing: "#" + hexDigits(UInt64(c.red), width: 2) + hexDigits(UInt64(c.green), width: 2)
                       + hexDigits(UInt64(c.blue), width: 2) + hexDigits(UInt64(c.alpha), width: 2))) ?? .black
    }

    private static func opacity(_ v: Double) -> String {
        (try? SVGNumberFormat(precision: 3).string(min(max(v, 0), 1))) ?? "1"
    }

    /// `spreadMethod` and `gradientTransform`, when not their defaults.
    private func gradientTail(_ attributes: inout [(name: String, value: String)], line: ColorLine, map: AffineMap,
                              writer: SVGWriter) throws {
        if line.extend != .pad { attributes.append(("spreadMethod", line.extend.rawValue)) }
        if map != .identity { attributes.append(("gradientTransform", try matrix(map, writer))) }
    }

    private func gradient(_ name: String, _ attributes: [(name: String, value: String)], stops: [ColorStop],
                          into writer: inout SVGWriter) throws {
        writer.element(name, attributes, empty: false)
        for stop in stops {
            var attributes: [(name: String, value: String)] = [("offset", try writer.value(stop.offset))]
            switch stop.color {
            case .palette(let c): attributes.append(("stop-color", Self.svgColor(c).value))
            case .text(let opacity):
                attributes.append(("stop-color", "currentColor"))
                if opacity < 1 { attributes.append(("stop-opacity", Self.opacity(opacity))) }
            }
            writer.element("stop", attributes, empty: true)
        }
        writer.close(name)
    }

    private func matrix(_ m: AffineMap, _ writer: SVGWriter) throws -> String {
        // Six decimals for the linear part: a rotation's cosines need them, whatever the
        // document's precision.
        let fine = try SVGNumberFormat(precision: 6)
        return "matrix(" + (try [m.a, m.b, m.c, m.d].map { v throws in try fine.string(v) } + [writer.value(m.tx), writer.value(m.ty)])
            .joined(separator: " ") + ")"
    }

    /// A sweep gradient as wedges about `center`, each a triangle reaching past the corners of
    /// `clip` and painted in the colour line's colour at its middle angle. Each wedge overlaps
    /// the next by half a step, so no seam of background shows between them.
    private func sweep(_ line: ColorLine, center: Point, start: Double, end: Double, clip: Rect, body: inout SVGWriter) throws {
        let reach = clip.corners.map { ($0 - center).length }.max() ?? 0
        guard reach > 0, reach.isFinite else { return }
        let step = Self.sweepStep
        let radius = reach / cos(step * 0.75 * .pi / 180) + 1
        let count = Int(360 / step)
        for i in 0..<count {
            let a0 = Double(i) * step, a1 = a0 + step * 1.5
            let t = end == start ? 0 : ((a0 + step / 2) - start) / (end - start)
            guard let color = line.color(at: t) else { continue }
            var path = Path()
            path.move(to: center)
            path.line(to: center + Point(x: cos(a0 * .pi / 180), y: sin(a0 * .pi / 180)) * radius)
            path.line(to: center + Point(x: cos(a1 * .pi / 180), y: sin(a1 * .pi / 180)) * radius)
            path.close()
            try body.path(path, fill(color))
        }
    }
}
