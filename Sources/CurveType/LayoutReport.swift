#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The layout JSON of `--layout FILE`: numbers at full precision (shortest round-trip form),
/// keys in a fixed order, so the same request gives the same bytes.
///
/// `{"fontSize", "unitsPerEm", "center": {"x","y"}, "radius", "tracking", "extent",
///   "fonts": [{"family","style","source"}],
///   "glyphs": [{"glyph", "cluster", "font", "x", "y", "angle", "advance"}]}`
///
/// Lengths are px; `x`,`y` is the glyph origin in the SVG's coordinates (y down); `angle` is the
/// rotation about it in degrees, clockwise (SVG `rotate()`); `advance` excludes tracking.
enum LayoutReport {
    static func json(for result: CircleTextResult) -> String {
        let layout = result.layout
        let text = layout.text
        var out = "{\"fontSize\":\(number(text.size)),\"unitsPerEm\":\(text.run.fonts[0].unitsPerEm)"
        out += ",\"center\":{\"x\":\(number(layout.curve.center.x)),\"y\":\(number(layout.curve.center.y))}"
        out += ",\"radius\":\(number(layout.curve.radius))"
        out += textFields(text, arcLength: nil)
        return out
    }

    /// The spiral's JSON: the circle's, with `spiral` in place of `radius` and each glyph's
    /// `arcLength`, px along the spiral from its begin angle to the glyph's advance midpoint.
    /// Without text, only `center`, `spiral` and an empty `glyphs`.
    ///
    /// `"spiral": {"a", "b", "from", "to", "length", "scale", "segments"}`: a (px) and b (px per
    /// radian) of r = a + b·θ in SVG px, the begin and end angles in degrees (counterclockwise on
    /// screen from 3 o'clock), the length in px, px per chart unit, and the path's cubics.
    static func json(for result: SpiralResult) -> String {
        let spiral = result.spiral
        var out = "{"
        if let layout = result.layout {
            out += "\"fontSize\":\(number(layout.text.size)),\"unitsPerEm\":\(layout.text.run.fonts[0].unitsPerEm),"
        }
        out += "\"center\":{\"x\":\(number(spiral.center.x)),\"y\":\(number(spiral.center.y))}"
        let segments = result.path.elements.filter { if case .cubic = $0 { true } else { false } }.count
        out += ",\"spiral\":{\"a\":\(number(spiral.a)),\"b\":\(number(spiral.b))"
        out += ",\"from\":\(number(result.begin * 180 / .pi)),\"to\":\(number(result.end * 180 / .pi))"
        out += ",\"length\":\(number(abs(spiral.arcLength(from: result.begin, to: result.end))))"
        out += ",\"scale\":\(number(result.scale)),\"segments\":\(segments)}"
        guard let layout = result.layout else { return out + ",\"glyphs\":[]}\n" }
        out += ",\"dropped\":\(layout.droppedClusters)"
        out += textFields(layout.text, arcLength: layout.lengthFromBegin)
        return out
    }

    /// Text along a path: the circle's fields with `path` in place of `center` and `radius`,
    /// and each glyph's `arcLength`, px along the travelled path to the glyph's advance
    /// midpoint. `x`, `y` and `angle` are the `rotate` placement (SVG's `<textPath>` rule), which
    /// every effect starts from.
    ///
    /// `"path": {"length", "closed", "side", "effect", "leading", "dropped"}`: the path's length
    /// in px, whether it is closed, the side and effect asked for, the arc length of the text's
    /// leading edge, and how many clusters fell off an open path.
    static func json(for result: PathTextResult) -> String {
        let layout = result.layout
        var out = "{\"fontSize\":\(number(layout.text.size)),\"unitsPerEm\":\(layout.text.run.fonts[0].unitsPerEm)"
        out += ",\"path\":{\"length\":\(number(layout.curve.length)),\"closed\":\(layout.curve.isClosed)"
        out += ",\"side\":\(string(layout.style.side.rawValue)),\"effect\":\(string(layout.style.effect.rawValue))"
        out += ",\"leading\":\(number(layout.leading)),\"dropped\":\(layout.droppedClusters)}"
        out += textFields(layout.text, arcLength: { $0 })
        return out
    }

    /// A fitted text: `{"fontSize", "unitsPerEm", "box": {"width", "height"}, "truncated",
    /// "lines": [{"row", "text", "x", "y", "width", "bounds": {"minX", "minY", "maxX", "maxY"}}],
    /// "fonts", "glyphs": [{"glyph", "cluster", "font", "line", "x", "y", "advance"}]}`. A line's
    /// `x`,`y` is its first pen position on the baseline; `bounds` its measured box; a glyph's
    /// `cluster` is a UTF-8 offset in its line's `text`.
    static func json(for result: FitResult) -> String {
        let fitted = result.fitted
        var fonts: [Font] = []
        for line in fitted.lines {
            for font in line.layout.run.fonts where !fonts.contains(where: { $0 === font }) { fonts.append(font) }
        }
        let unitsPerEm = fonts.first?.unitsPerEm ?? 0
        var out = "{\"fontSize\":\(number(fitted.size)),\"unitsPerEm\":\(unitsPerEm)"
        out += ",\"box\":{\"width\":\(number(fitted.width)),\"height\":\(number(fitted.height))}"
        out += ",\"truncated\":\(fitted.truncated),\"lines\":[\n"
        out += fitted.lines.map { line in
            let b = line.bounds
            return "{\"row\":\(line.row),\"text\":\(string(line.text)),\"x\":\(number(line.origin.x)),\"y\":\(number(line.origin.y)),\"width\":\(number(b.width)),\"bounds\":{\"minX\":\(number(b.minX)),\"minY\":\(number(b.minY)),\"maxX\":\(number(b.maxX)),\"maxY\":\(number(b.maxY))}}"
        }.joined(separator: ",\n")
        out += "\n],\"fonts\":[" + fontList(fonts) + "],\"glyphs\":[\n"
        var entries: [String] = []
        for (index, line) in fitted.lines.enumerated() {
            let local = line.layout.run.fonts.map { font in fonts.firstIndex { $0 === font } ?? 0 }
            for g in line.layout.glyphs {
                entries.append("{\"glyph\":\(g.glyph),\"cluster\":\(g.cluster),\"font\":\(local[g.font]),\"line\":\(index),\"x\":\(number(g.origin.x)),\"y\":\(number(g.origin.y)),\"advance\":\(number(g.advance))}")
            }
        }
        out += entries.joined(separator: ",\n") + "\n]}\n"
        return out
    }

    /// An angle: `{"angle", "width", "height", "vertex": {"x", "y"}, "rayLength",
    /// "baseEnd": {"x", "y"}, "rayEnd": {"x", "y"}, "label": {"text", "minX", "minY", "maxX", "maxY"} | null}`,
    /// px in the SVG's coordinates, the label box being its ink.
    static func json(for result: AngleResult) -> String {
        func point(_ p: Point) -> String { "{\"x\":\(number(p.x)),\"y\":\(number(p.y))}" }
        let shape = result.shape
        var out = "{\"angle\":\(number(result.angle)),\"width\":\(number(result.width)),\"height\":\(number(result.height))"
        out += ",\"vertex\":\(point(shape.vertex)),\"rayLength\":\(number(shape.rayLength))"
        out += ",\"baseEnd\":\(point(shape.rayEnd(at: 0))),\"rayEnd\":\(point(shape.rayEnd(at: result.angle))),\"label\":"
        if let text = result.label, let b = result.labelBox {
            out += "{\"text\":\(string(text)),\"minX\":\(number(b.minX)),\"minY\":\(number(b.minY)),\"maxX\":\(number(b.maxX)),\"maxY\":\(number(b.maxY))}"
        } else {
            out += "null"
        }
        return out + "}\n"
    }

    private static func fontList(_ fonts: [Font]) -> String {
        fonts.map {
            "{\"family\":\(string($0.familyName)),\"style\":\(string($0.styleName)),\"source\":\(string($0.source.description))}"
        }.joined(separator: ",")
    }

    /// `"tracking", "extent", "fonts", "glyphs"` and the closing brace.
    private static func textFields(_ text: CurveTextLayout, arcLength: ((Double) -> Double)?) -> String {
        var out = ",\"tracking\":\(number(text.tracking)),\"extent\":\(number(text.extent)),\"fonts\":["
        out += fontList(text.run.fonts)
        out += "],\"glyphs\":[\n"
        out += text.glyphs.map { g in
            var entry = "{\"glyph\":\(g.glyph),\"cluster\":\(g.cluster),\"font\":\(g.font),\"x\":\(number(g.origin.x)),\"y\":\(number(g.origin.y)),\"angle\":\(number(g.angle)),\"advance\":\(number(g.advance))"
            if let arcLength { entry += ",\"arcLength\":\(number(arcLength(g.arcLength)))" }
            return entry + "}"
        }.joined(separator: ",\n")
        out += "\n]}\n"
        return out
    }

    /// Shortest round-trip decimal; integers without ".0".
    /// A badge: `{"style", "width", "height", "baseline", "leftWidth", "rightWidth",
    /// "label": {"text", "center", "textWidth"} or null, "message": {…}, "logo": {"x", "y",
    /// "width", "height"} or null}`. `center` is the x the text is centred on; `textWidth` the
    /// width shields' rounding gives the text.
    static func json(for result: BadgeResult) -> String {
        let g = result.geometry
        func half(_ text: String, _ center: Double, _ width: Double) -> String {
            "{\"text\":\(string(text)),\"center\":\(number(center)),\"textWidth\":\(number(width))}"
        }
        var out = "{\"style\":\(string(result.style.rawValue)),\"width\":\(number(g.width)),\"height\":\(number(g.height))"
        out += ",\"baseline\":\(number(g.baseline)),\"leftWidth\":\(number(g.leftWidth)),\"rightWidth\":\(number(g.rightWidth))"
        out += ",\"label\":" + (result.label.isEmpty ? "null" : half(result.label, g.labelCenter, g.labelTextWidth))
        out += ",\"message\":" + half(result.message, g.messageCenter, g.messageTextWidth)
        if let logo = g.logo {
            out += ",\"logo\":{\"x\":\(number(logo.minX)),\"y\":\(number(logo.minY)),\"width\":\(number(logo.width)),\"height\":\(number(logo.height))}"
        } else {
            out += ",\"logo\":null"
        }
        return out + "}\n"
    }

    static func number(_ v: Double) -> String { shortestDigits(v) }

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
