import CHarfBuzz
import CZlib
import CurveTypeGeometry
import CurveTypeXML

/// Single-line glyphs in an OpenType font's `SVG ` table, as Relief SingleLine's OTF-SVG stores
/// them: the `CFF` outlines are the strokes thickened for viewers without SVG glyphs, and each
/// glyph's SVG document draws the strokes themselves, unfilled paths of a round pen. This reads
/// a glyph's document (HarfBuzz finds it; gzip is undone by zlib) and returns the strokes in
/// font units, y up, so the glyph is drawn by a pen along them.
///
/// What is read: the element whose id is `glyphN` and what it holds, under its ancestors'
/// transforms; `path`, `line`, `polyline`, `polygon`, `rect`, `circle` and `ellipse`, each of
/// which must be unfilled (`fill="none"`, as an attribute or in `style`) and stroked. A glyph
/// that fills anything, draws with anything else (`use`, `text`, `image`) or sits in an `<svg>`
/// with a `viewBox` or a place of its own keeps its outline; a font with such a glyph is not single-line,
/// and neither is a font with such a glyph among the probes (colour SVG fonts are drawn from their
/// outlines, as before). Written by hand: FreeType hands SVG documents to a renderer for pixels,
/// and no library turns one into the paths it strokes.
enum SVGGlyphStrokes {
    /// What a glyph's SVG document draws.
    enum Reading {
        /// The font has no SVG document for the glyph.
        case noDocument
        /// Only strokes: these, font units, y up.
        case strokes(Path)
        /// It fills, draws something other than paths and shapes, or cannot be read.
        case notStrokes
    }

    /// The largest document read, bytes (compressed and not): a single-line glyph's is a few
    /// hundred bytes.
    static let maximumDocumentBytes = 1 << 20

    /// What `glyph`'s SVG document draws, in the face `face`.
    static func reading(of glyph: UInt32, face: OpaquePointer) -> Reading {
        guard let blob = hb_ot_color_glyph_reference_svg(face, glyph) else { return .noDocument }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return .noDocument }
        guard length <= maximumDocumentBytes else { return .notStrokes }
        var bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
        if bytes.starts(with: [0x1F, 0x8B]) {
            guard let inflated = gunzip(bytes) else { return .notStrokes }
            bytes = inflated
        }
        guard let root = try? MarkupElement.parse(bytes, limits: .init(elements: 10_000, depth: 32)) else { return .notStrokes }
        var collector = Collector(target: "glyph\(glyph)")
        collector.walk(root, map: .identity, paint: Paint(), inTarget: false)
        // A document for one glyph may leave out the id only if it is the whole document.
        if !collector.found && collector.failed == false {
            collector = Collector(target: "")
            collector.walk(root, map: .identity, paint: Paint(), inTarget: true)
        }
        guard !collector.failed, !collector.path.isEmpty else { return .notStrokes }
        // SVG's y runs down; font units' up.
        return .strokes(collector.path.transformed(by: .scale(1, -1)))
    }

    /// Whether the font's SVG glyphs are single strokes: every probe glyph with a document draws
    /// only strokes, and at least one has a document.
    static func isSingleLine(face: OpaquePointer, probes: [UInt32]) -> Bool {
        guard hb_ot_color_has_svg(face) != 0 else { return false }
        var checked = 0
        for glyph in probes {
            switch reading(of: glyph, face: face) {
            case .noDocument: continue
            case .notStrokes: return false
            case .strokes: checked += 1
            }
        }
        return checked > 0
    }

    /// A gzip stream inflated by zlib, at most `maximumDocumentBytes`; `nil` if it is not one.
    private static func gunzip(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard curvetype_inflate_init_gzip(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: maximumDocumentBytes)
        var input = input
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// The fill and stroke an element inherits.
    private struct Paint {
        var fill: String?
        var stroke: String?
    }

    /// Walks a document, gathering the target element's strokes under their transforms.
    private struct Collector {
        let target: String
        var path = Path()
        var found = false
        var failed = false

        /// Elements that draw nothing by themselves, or only when referred to.
        static let undrawn: Set<String> = [
            "defs", "title", "desc", "metadata", "style", "linearGradient", "radialGradient", "clipPath",
            "mask", "pattern", "symbol", "marker", "filter",
        ]

        mutating func walk(_ element: MarkupElement, map outer: AffineMap, paint inherited: Paint, inTarget: Bool) {
            guard !failed, !Self.undrawn.contains(element.name) else { return }
            // A viewport of its own (a viewBox, or a place) would scale or move what it holds:
            // not read, so such a glyph keeps its outline rather than be drawn wrong.
            if element.name == "svg" && (element["viewBox"] != nil || element["x"] != nil || element["y"] != nil) {
                failed = true
                return
            }
            var map = outer
            if let text = element["transform"] {
                guard let own = AffineMap(svgTransform: text) else { failed = true; return }
                map = own.concatenating(outer)
            }
            var paint = inherited
            var style: [String: String] = [:]
            for declaration in (element["style"] ?? "").split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                if parts.count == 2 { style[parts[0].trimmed()] = parts[1].trimmed() }
            }
            if let fill = style["fill"] ?? element["fill"] { paint.fill = fill.trimmed() }
            if let stroke = style["stroke"] ?? element["stroke"] { paint.stroke = stroke.trimmed() }
            let inside = inTarget || element["id"] == target
            if element["id"] == target { found = true }
            if inside {
                switch element.name {
                case "svg", "g", "a", "switch":
                    break
                case "path", "line", "polyline", "polygon", "rect", "circle", "ellipse":
                    // A shape must be unfilled and stroked (SVG's default fill is black).
                    guard paint.fill == "none", let stroke = paint.stroke, stroke != "none", let data = Self.pathData(element) else {
                        failed = true
                        return
                    }
                    guard let shape = try? Path(svgPathData: data) else { failed = true; return }
                    path.elements += shape.transformed(by: map).elements
                    return
                default:
                    failed = true
                    return
                }
            }
            for child in element.children { walk(child, map: map, paint: paint, inTarget: inside) }
        }

        /// A shape element's outline as path data, `nil` if its attributes do not make one.
        static func pathData(_ element: MarkupElement) -> String? {
            func number(_ name: String, _ fallback: Double? = nil) -> Double? {
                guard let text = element[name] else { return fallback }
                return Double(text.trimmed()).flatMap { $0.isFinite ? $0 : nil }
            }
            switch element.name {
            case "path":
                return element["d"]
            case "line":
                guard let x1 = number("x1", 0), let y1 = number("y1", 0), let x2 = number("x2", 0), let y2 = number("y2", 0) else { return nil }
                return "M\(x1) \(y1)L\(x2) \(y2)"
            case "polyline", "polygon":
                guard let points = element["points"], !points.isEmpty else { return nil }
                return "M" + points + (element.name == "polygon" ? "Z" : "")
            case "rect":
                // A rounded rectangle's corners are not read: such a glyph is not taken for strokes.
                guard element["rx"] == nil, element["ry"] == nil, let x = number("x", 0), let y = number("y", 0),
                      let w = number("width"), let h = number("height"), w > 0, h > 0 else { return nil }
                return "M\(x) \(y)h\(w)v\(h)h\(-w)Z"
            case "circle", "ellipse":
                guard let cx = number("cx", 0), let cy = number("cy", 0) else { return nil }
                let rx = element.name == "circle" ? number("r") : number("rx")
                let ry = element.name == "circle" ? number("r") : number("ry")
                guard let rx, let ry, rx > 0, ry > 0 else { return nil }
                return "M\(cx + rx) \(cy)A\(rx) \(ry) 0 1 0 \(cx - rx) \(cy)A\(rx) \(ry) 0 1 0 \(cx + rx) \(cy)Z"
            default:
                return nil
            }
        }
    }
}
