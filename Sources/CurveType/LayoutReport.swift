import Foundation

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
        out += ",\"radius\":\(number(layout.curve.radius)),\"tracking\":\(number(text.tracking))"
        out += ",\"extent\":\(number(text.extent)),\"fonts\":["
        out += text.run.fonts.map {
            "{\"family\":\(string($0.familyName)),\"style\":\(string($0.styleName)),\"source\":\(string($0.source.description))}"
        }.joined(separator: ",")
        out += "],\"glyphs\":[\n"
        out += text.glyphs.map { g in
            "{\"glyph\":\(g.glyph),\"cluster\":\(g.cluster),\"font\":\(g.font),\"x\":\(number(g.origin.x)),\"y\":\(number(g.origin.y)),\"angle\":\(number(g.angle)),\"advance\":\(number(g.advance))}"
        }.joined(separator: ",\n")
        out += "\n]}\n"
        return out
    }

    /// Shortest round-trip decimal; integers without ".0".
    static func number(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
