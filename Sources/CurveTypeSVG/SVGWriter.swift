import CurveTypeGeometry
import Foundation

/// Escapes text for XML. Removes what XML 1.0 cannot hold or a viewer would draw as junk (C0
/// and C1 controls, noncharacters U+FFFE/U+FFFF); in attributes, tab and line breaks become
/// character references so they survive attribute normalisation.
public enum XMLText {
    public static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\t", "\n", "\r":
                if attribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            default:
                if isDroppedInXML(scalar) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 controls other than tab/LF/CR, DEL and the C1 controls, and the noncharacters
    /// U+FFFE and U+FFFF.
    public static func isDroppedInXML(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || (0x7F...0x9F).contains(v)
            || v == 0xFFFE || v == 0xFFFF
    }
}

/// SVG path data for outlines in integer units: `M x y L x y Q cx cy x y C … Z`, each number an
/// integer (coordinates are rounded to the nearest unit; font outlines already are integers).
public enum SVGPathData {
    public static func integerUnits(_ path: Path) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(path.elements.count * 12)
        func number(_ v: Double, space: Bool) {
            if space { out.append(UInt8(ascii: " ")) }
            appendInteger(Int64(v.rounded(.toNearestOrAwayFromZero)), to: &out)
        }
        func point(_ p: Point, first: Bool) {
            // A number after a command letter needs no separator; a minus sign separates itself.
            let x = Int64(p.x.rounded(.toNearestOrAwayFromZero))
            if !first && x >= 0 { out.append(UInt8(ascii: " ")) }
            appendInteger(x, to: &out)
            let y = Int64(p.y.rounded(.toNearestOrAwayFromZero))
            if y >= 0 { out.append(UInt8(ascii: " ")) }
            appendInteger(y, to: &out)
        }
        for element in path.elements {
            switch element {
            case .move(let p): out.append(UInt8(ascii: "M")); point(p, first: true)
            case .line(let p): out.append(UInt8(ascii: "L")); point(p, first: true)
            case .quad(let c, let p):
                out.append(UInt8(ascii: "Q")); point(c, first: true); point(p, first: false)
            case .cubic(let c1, let c2, let p):
                out.append(UInt8(ascii: "C")); point(c1, first: true); point(c2, first: false); point(p, first: false)
            case .close: out.append(UInt8(ascii: "Z"))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Builds one SVG document as bytes, element by element, with every number through one
/// `SVGNumberFormat` and every id carrying one prefix.
///
/// Coordinates are SVG user units (px), y down. Glyph definitions are paths in font units (y up)
/// with their own `scale(s -s)`, so each placement is a `<use>` with one translate and rotate.
public struct SVGWriter: Sendable {
    public let format: SVGNumberFormat
    public let idPrefix: String
    private var out: [UInt8] = []

    /// `idPrefix` must be a valid start of an XML name: a letter or `_`, then letters, digits,
    /// `-`, `_` or `.`.
    public init(format: SVGNumberFormat, idPrefix: String) throws(SVGError) {
        guard Self.isValidIDPrefix(idPrefix) else { throw .invalidIDPrefix(idPrefix) }
        self.format = format
        self.idPrefix = idPrefix
        out.reserveCapacity(8192)
    }

    public static func isValidIDPrefix(_ prefix: String) -> Bool {
        guard let first = prefix.unicodeScalars.first, first.isASCII,
              first.properties.isAlphabetic || first == "_" else { return false }
        return prefix.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
    }

    mutating func raw(_ s: String) { out.append(contentsOf: s.utf8) }
    mutating func number(_ v: Double) throws(SVGError) { try format.append(v, to: &out) }

    /// `<svg …>` with size, viewBox `0 0 width height`, `role="img"`, the label as `aria-label`
    /// and as `<title>`.
    public mutating func startDocument(width: Double, height: Double, label: String) throws(SVGError) {
        raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        try number(width); raw("\" height=\""); try number(height)
        raw("\" viewBox=\"0 0 "); try number(width); raw(" "); try number(height)
        raw("\" role=\"img\" aria-label=\"")
        raw(XMLText.escape(label, attribute: true))
        raw("\">\n<title>")
        raw(XMLText.escape(label, attribute: false))
        raw("</title>\n")
    }

    public mutating func startDefinitions() { raw("<defs>\n") }
    public mutating func endDefinitions() { raw("</defs>\n") }

    /// A glyph outline in font units (y up) under id `prefix-name`, scaled to px and flipped by
    /// `scale(s -s)`. `scale` is written with enough digits that the largest outline coordinate
    /// (`extent`, font units) lands within the document's precision.
    public mutating func glyphDefinition(name: String, pathData: String, scale: Double, extent: Double) throws(SVGError) {
        var digits = format.precision
        var reach = max(extent, 1)
        while reach >= 1 && digits < 12 { reach /= 10; digits += 1 }
        let scaleFormat = SVGNumberFormat(unchecked: digits)
        raw("<path id=\""); raw(idPrefix); raw("-"); raw(name); raw("\" transform=\"scale(")
        try scaleFormat.append(scale, to: &out); raw(" ")
        try scaleFormat.append(-scale, to: &out)
        raw(")\" d=\""); raw(pathData); raw("\"/>\n")
    }

    /// `<use>` of definition `name` with its origin at (x, y) px, rotated `angle` degrees clockwise.
    public mutating func use(name: String, x: Double, y: Double, angle: Double) throws(SVGError) {
        raw("<use href=\"#"); raw(idPrefix); raw("-"); raw(name); raw("\" transform=\"")
        try placement(x: x, y: y, angle: angle)
        raw("\"/>\n")
    }

    /// `<text>` holding `content`, its origin at (x, y) px, rotated `angle` degrees clockwise.
    public mutating func text(_ content: String, x: Double, y: Double, angle: Double, fontFamily: String?) throws(SVGError) {
        raw("<text transform=\"")
        try placement(x: x, y: y, angle: angle)
        raw("\"")
        if let fontFamily {
            raw(" font-family=\""); raw(XMLText.escape(fontFamily, attribute: true)); raw("\"")
        }
        raw(">"); raw(XMLText.escape(content, attribute: false)); raw("</text>\n")
    }

    private mutating func placement(x: Double, y: Double, angle: Double) throws(SVGError) {
        raw("translate("); try number(x); raw(" "); try number(y); raw(")")
        let mark = out.count
        raw(" rotate("); try number(angle); raw(")")
        // rotate(0) and rotate(360) change nothing: leave them out.
        let written = out[(mark + 8)..<(out.count - 1)]
        if written.elementsEqual("0".utf8) || written.elementsEqual("360".utf8) { out.removeSubrange(mark...) }
    }

    /// `<g>` with attributes in the given order; values are escaped.
    public mutating func startGroup(_ attributes: [(name: String, value: String)]) {
        raw("<g")
        for (name, value) in attributes {
            raw(" "); raw(name); raw("=\""); raw(XMLText.escape(value, attribute: true)); raw("\"")
        }
        raw(">\n")
    }

    public mutating func endGroup() { raw("</g>\n") }

    /// Closes the document and returns its bytes as a string.
    public mutating func finish() -> String {
        raw("</svg>\n")
        return String(decoding: out, as: UTF8.self)
    }
}
