import CurveTypeFrame
import CurveTypeGeometry
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// SVG path data for outlines in font units: `M x y L x y Q cx cy x y C … Z`, each number to a
/// tenth of a unit, trailing zeros trimmed: a font's points are whole units, and the on-curve
/// points a TrueType contour implies between two off-curve points are halves, so both are
/// written exactly.
public enum SVGPathData {
    /// Path data for `path` with every coordinate to a tenth of a font unit.
    public static func fontUnits(_ path: Path) -> String {
        String(decoding: fontUnitBytes(path), as: UTF8.self)
    }

    /// Path data for `path` (px) with every coordinate in `format`, as the writer writes shapes:
    /// a canonical text of a path, such as for an id's hash.
    public static func decimal(_ path: Path, format: SVGNumberFormat) throws(SVGError) -> String {
        try format.pathText(path)
    }

    /// `fontUnits(path)` as UTF-8 bytes. Each number goes through the one number routine
    /// (`SVGNumberFormat` with one decimal); a coordinate that is not finite is written 0 and
    /// one past ±1e14 units, which no font has, is clamped there.
    public static func fontUnitBytes(_ path: Path) -> [UInt8] {
        let out = SVGBytes(capacity: path.elements.count * 12)
        func point(_ p: Point, first: Bool) {
            // A number after a command letter needs no separator; a minus sign separates itself.
            let x = clamped(p.x), y = clamped(p.y)
            if !first && x >= 0 { out.append(UInt8(ascii: " ")) }
            try? out.append(x, format: tenths)
            if y >= 0 { out.append(UInt8(ascii: " ")) }
            try? out.append(y, format: tenths)
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
        return out.bytes(from: 0)
    }

    /// `v` within what `tenths` writes.
    private static func clamped(_ v: Double) -> Double {
        v.isFinite ? min(max(v, -1e14), 1e14) : 0
    }

    private static let tenths = SVGNumberFormat(unchecked: 1)
}

/// Builds one SVG document as bytes, element by element, with every number through one
/// `SVGNumberFormat` and every id carrying one prefix.
///
/// Coordinates are SVG user units (px), y down. Glyph definitions are paths in font units (y up)
/// with their own `scale(s -s)`, so each placement is a `<use>` with one translate and rotate.
struct SVGWriter {
    /// How numbers are written.
    let format: SVGNumberFormat
    /// The prefix of every id the writer makes.
    let idPrefix: String
    /// The document's bytes (shared by copies of the writer: one writer, one document).
    let out: SVGBytes
    private let prefixBytes: [UInt8]
    /// The gradients, clips, masks and repeated glyph groups of the frame being written, with
    /// the ids they get (`FrameSVG.swift`).
    var shared = SharedDefinitions()
    /// Whether `startDocument` opened a group that scales px to the document's unit.
    private var closesUnitGroup = false
    /// Whether the frame's text layers are written (`--glyphs selectable`): invisible `<text>`
    /// under nothing, over the outlines, for selecting, finding, copying and reading aloud.
    var writesTextLayers = false

    /// A glyph definition's id (`prefix-gFONT-GLYPH[-VARIANT]`) as numbers, written where it is used.
    struct Reference: Sendable, Hashable {
        fileprivate let font: Int32
        fileprivate let glyph: UInt32
        fileprivate let variant: Int32

        /// The id after the prefix: `-gFONT-GLYPH[-VARIANT]`.
        fileprivate func write(into out: SVGBytes) {
            out.append(UInt8(ascii: "-"))
            out.append(UInt8(ascii: "g"))
            out.append(digits: Int(font))
            out.append(UInt8(ascii: "-"))
            out.append(digits: Int(glyph))
            if variant > 1 {
                out.append(UInt8(ascii: "-"))
                out.append(digits: Int(variant))
            }
        }
    }

    /// The id `reference` is written as (`prefix-name`).
    func name(of reference: Reference) -> String {
        let bytes = SVGBytes(capacity: 64)
        bytes.append(contentsOf: prefixBytes)
        reference.write(into: bytes)
        return bytes.string
    }

    /// The reference for a glyph definition, `prefix-gFONT-GLYPH` (and `-VARIANT` past the first
    /// size of the same glyph), made without building a string or an array.
    func glyphReference(font: Int, glyph: UInt32, variant: Int) -> Reference {
        Reference(font: Int32(clamping: font), glyph: glyph, variant: Int32(clamping: variant))
    }

    /// Writes `reference`'s id, `prefix-…`.
    mutating func id(_ reference: Reference) {
        out.append(contentsOf: prefixBytes)
        reference.write(into: out)
    }

    /// `idPrefix` must be a valid start of an XML name: a letter or `_`, then letters, digits,
    /// `-`, `_` or `.`; `nil` derives the prefix from what is written (`finish()`).
    /// `expectedBytes` is a hint for the document's size, so a large document grows its buffer once.
    init(format: SVGNumberFormat, idPrefix: String?, expectedBytes: Int = 8192) throws(SVGError) {
        if let idPrefix, !Self.isValidIDPrefix(idPrefix) { throw .invalidIDPrefix(idPrefix) }
        let prefix = idPrefix ?? Self.placeholderPrefix
        self.format = format
        self.idPrefix = prefix
        self.prefixBytes = Array(prefix.utf8)
        out = SVGBytes(capacity: max(expectedBytes, 1024))
    }

    /// The prefix written where none is given: `ct` and eight bytes U+0001, which no SVG holds
    /// (text is written without control characters), turned by `finish()` into eight hex
    /// digits of the document's hash. So the ids follow from what is drawn, as typst-svg and
    /// usvg derive theirs, and two different drawings inlined in one page do not share an id,
    /// with no effect keeping a list of what tells its drawings apart.
    static let placeholderPrefix = "ct" + String(repeating: "\u{01}", count: SVGBytes.placeholderLength)

    /// The prefix a writer of part of this document takes: the same, or to be derived.
    var givenPrefix: String? { idPrefix == Self.placeholderPrefix ? nil : idPrefix }

    /// Whether `prefix` can start an XML id (see `SVGIDPrefix`).
    static func isValidIDPrefix(_ prefix: String) -> Bool { SVGIDPrefix.isValid(prefix) }
}


extension SVGWriter {
    @inline(__always)
    mutating func raw(_ s: StaticString) {
        out.append(s)
    }

    /// Appends text that needs no escaping (ids, numbers already formatted, path data).
    mutating func rawText(_ s: String) {
        out.append(utf8: s)
    }

    mutating func escaped(_ s: String, attribute: Bool) {
        out.append(escaping: s, attribute: attribute)
    }
    mutating func number(_ v: Double) throws(SVGError) { try out.append(v, format: format) }

    /// `<svg …>` with size, viewBox `0 0 width height`, the label as `<title>` and, for a
    /// document that is one image (`isImage`), `role="img"` and the label as `aria-label`. A
    /// document with links is not one image: its links must stay reachable.
    /// In `unit` other than px, `width` and `height` are written in it (`80mm`), the viewBox
    /// too, and everything after the title is in a group that scales px to it (closed by
    /// `finish()`), so programs that import the file take it at true size.
    mutating func startDocument(width: Double, height: Double, label: String, isImage: Bool = true, unit: LengthUnit = .px) throws(SVGError) {
        let k = 1 / unit.pixels
        // The size rounded up at the writer's decimals, so that no rounding cuts the ink.
        let (width, height) = (format.roundedUp(width * k), format.roundedUp(height * k))
        let suffix = unit == .px ? "" : unit.rawValue
        // xlink: SVG 1.1 viewers (Inkscape 1.2, older rsvg) read `<use>` only by `xlink:href`.
        raw("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"")
        try number(width); rawText(suffix + "\" height=\""); try number(height); rawText(suffix)
        raw("\" viewBox=\"0 0 "); try number(width); raw(" "); try number(height)
        if isImage {
            raw("\" role=\"img\" aria-label=\"")
            escaped(label, attribute: true)
        }
        raw("\">\n<title>")
        escaped(label, attribute: false)
        raw("</title>\n")
        if unit != .px {
            // The shortest digits that read back as the same double: the same on every machine.
            rawText("<g transform=\"scale(\(k))\">\n")
            closesUnitGroup = true
        }
    }

    /// Opens `<defs>`.
    mutating func startDefinitions() { raw("<defs>\n") }
    /// Closes `<defs>`.
    mutating func endDefinitions() { raw("</defs>\n") }

    /// `glyphDefinition(_:pathData:scale:extent:)` with what follows the id made once:
    /// `tail` is `scaledOutline(pathBytes:scale:extent:)`.
    mutating func glyphDefinition(_ reference: Reference, tail: [UInt8]) {
        raw("<path id=\""); id(reference); raw("\"")
        out.append(contentsOf: tail)
    }

    /// What follows a glyph definition's id: ` transform="scale(s -s)" d="…"/>` and a line feed.
    func scaledOutline(pathBytes: [UInt8], scale: Double, extent: Double) throws(SVGError) -> [UInt8] {
        var scratch = SVGWriter(format: format, prefixBytes: prefixBytes, idPrefix: idPrefix)
        try scratch.scaleTransform(scale: scale, extent: extent, flipped: true)
        scratch.raw(" d=\""); scratch.out.append(contentsOf: pathBytes); scratch.raw("\"/>\n")
        return scratch.out.bytes(from: 0)
    }

    /// A colour glyph's definition: a `<g>` scaled as `glyphDefinition`'s path, holding one
    /// `<path>` per layer, bottom first, each with its own fill; a layer without one (`nil`)
    /// takes the fill of the group that uses the glyph, the text's colour.
    mutating func glyphDefinition(_ reference: Reference, layers: [(pathData: String, fill: SVGColor?)], scale: Double,
                                         extent: Double) throws(SVGError) {
        raw("<g")
        try glyphIDAndScale(reference, scale: scale, extent: extent)
        raw(">\n")
        for layer in layers {
            raw("<path")
            if let fill = layer.fill { attributeList([("fill", fill.value)]) }
            raw(" d=\""); rawText(layer.pathData); raw("\"/>\n")
        }
        raw("</g>\n")
    }

    /// Opens a painted colour glyph's definition (`COLR` v1): a `<g>` scaled as
    /// `glyphDefinition`'s path, whose content, in font units with y up, the caller writes
    /// before `endGroup()`.
    mutating func startGlyphDefinition(_ reference: Reference, scale: Double, extent: Double) throws(SVGError) {
        raw("<g")
        try glyphIDAndScale(reference, scale: scale, extent: extent)
        raw(">\n")
    }

    /// How many bytes the document has so far.
    var byteCount: Int { out.count }

    /// Appends what `other` has written: for content made apart from the definitions it refers
    /// to, which must come first. `other` must share this writer's format.
    mutating func append(_ other: SVGWriter) {
        out.append(other.out)
    }

    /// A colour bitmap glyph's definition: a `<g>` scaled from font units to px (not flipped:
    /// an image is stored top row first) holding the PNG as an `<image>` whose top left corner
    /// is (`minX`, -`maxY`) and size `width` × `height`, all font units; the glyph's box with y
    /// up is `minX…minX+width` × `maxY-height…maxY`. The PNG is embedded as a `data:` URL, so
    /// the document stays one file.
    mutating func glyphDefinition(_ reference: Reference, png: [UInt8], minX: Double, maxY: Double, width: Double,
                                         height: Double, scale: Double, extent: Double) throws(SVGError) {
        raw("<g")
        try glyphIDAndScale(reference, scale: scale, extent: extent, flipped: false)
        raw("><image x=\""); try number(minX); raw("\" y=\""); try number(-maxY)
        raw("\" width=\""); try number(width); raw("\" height=\""); try number(height)
        raw("\" preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,")
        rawText(Data(png).base64EncodedString())
        raw("\"/></g>\n")
    }

    /// A glyph definition's ` id="…" transform="scale(s -s)"`: font units to px, y flipped
    /// (`scale(s s)` when not `flipped`), with as many more decimals as the glyph's `extent`
    /// (font units) has digits, so rounding the scale moves no outline point by more than the
    /// document's precision.
    private mutating func glyphIDAndScale(_ reference: Reference, scale: Double, extent: Double, flipped: Bool = true) throws(SVGError) {
        raw(" id=\""); id(reference); raw("\"")
        try scaleTransform(scale: scale, extent: extent, flipped: flipped)
    }

    /// ` transform="scale(s -s)"` (see `glyphIDAndScale`).
    private mutating func scaleTransform(scale: Double, extent: Double, flipped: Bool) throws(SVGError) {
        var digits = format.precision
        var reach = max(extent, 1)
        while reach >= 1 && digits < 12 { reach /= 10; digits += 1 }
        let scaleFormat = SVGNumberFormat(unchecked: digits)
        raw(" transform=\"scale(")
        try out.append(scale, format: scaleFormat); raw(" ")
        try out.append(flipped ? -scale : scale, format: scaleFormat)
        raw(")\"")
    }

    /// `<use>` of a definition with its origin at (x, y) px, rotated `angle` degrees clockwise.
    mutating func use(_ reference: Reference, x: Double, y: Double, angle: Double) throws(SVGError) {
        raw("<use xlink:href=\"#"); id(reference); raw("\" transform=\"translate(")
        try placement(x: x, y: y, angle: angle)
        raw("\"/>\n")
    }

    /// `<use>` of a definition through `map` (SVG `matrix(a b c d e f)`), for placements a
    /// translate and rotate cannot say (skewed, sheared).
    mutating func use(_ reference: Reference, matrix map: AffineMap) throws(SVGError) {
        raw("<use xlink:href=\"#"); id(reference); raw("\" transform=\"matrix(")
        for (index, value) in [map.a, map.b, map.c, map.d, map.tx, map.ty].enumerated() {
            if index > 0 { out.append(UInt8(ascii: " ")) }
            try number(value)
        }
        raw(")\"/>\n")
    }

    /// `<text>` holding `content`, its origin at (x, y) px, rotated `angle` degrees clockwise.
    mutating func text(_ content: String, x: Double, y: Double, angle: Double, fontFamily: String?) throws(SVGError) {
        raw("<text transform=\"translate(")
        try placement(x: x, y: y, angle: angle)
        raw("\"")
        if let fontFamily {
            raw(" font-family=\""); escaped(fontFamily, attribute: true); raw("\"")
        }
        raw(">"); escaped(content, attribute: false); raw("</text>\n")
    }

    /// The rest of `translate(x y) rotate(a)` after `translate(`.
    private mutating func placement(x: Double, y: Double, angle: Double) throws(SVGError) {
        try number(x); out.append(UInt8(ascii: " ")); try number(y); out.append(UInt8(ascii: ")"))
        // A rotation that writes as a whole number of turns changes nothing: leave it out.
        guard !format.isWholeTurn(angle) else { return }
        raw(" rotate("); try number(angle); raw(")")
    }

    /// `<rect>` from (x, y) px of `width` × `height` px, with attributes in the given order.
    mutating func rect(x: Double, y: Double, width: Double, height: Double,
                              _ attributes: [(name: String, value: String)]) throws(SVGError) {
        raw("<rect")
        if x != 0 || y != 0 {
            raw(" x=\""); try number(x); raw("\" y=\""); try number(y); raw("\"")
        }
        raw(" width=\""); try number(width); raw("\" height=\""); try number(height); raw("\"")
        attributeList(attributes)
        raw("/>\n")
    }

    /// `<path>` drawing `path` (px, y down) in absolute commands, every coordinate through the
    /// document's number format, with attributes in the given order.
    mutating func path(_ path: Path, _ attributes: [(name: String, value: String)]) throws(SVGError) {
        raw("<path d=\"")
        try appendPathData(path)
        raw("\"")
        attributeList(attributes)
        raw("/>\n")
    }

    /// Appends `path`'s data (px, y down) in absolute commands, every coordinate through the
    /// document's number format.
    mutating func appendPathData(_ path: Path) throws(SVGError) {
        for element in path.elements {
            switch element {
            case .move(let p): raw("M"); try pair(p)
            case .line(let p): raw("L"); try pair(p)
            case .quad(let c, let p): raw("Q"); try pair(c); raw(" "); try pair(p)
            case .cubic(let c1, let c2, let p):
                raw("C"); try pair(c1); raw(" "); try pair(c2); raw(" "); try pair(p)
            case .close: raw("Z")
            }
        }
    }

    private init(format: SVGNumberFormat, prefixBytes: [UInt8], idPrefix: String) {
        self.format = format
        self.idPrefix = idPrefix
        self.prefixBytes = prefixBytes
        out = SVGBytes(capacity: 1024)
    }

    /// `<name attributes…>` (or `<name …/>` when `empty`), attributes in the given order and
    /// escaped: for elements the writer has no method for, such as SMIL animations.
    mutating func element(_ name: String, _ attributes: [(name: String, value: String)], empty: Bool) {
        raw("<"); rawText(name)
        attributeList(attributes)
        if empty { raw("/>\n") } else { raw(">\n") }
    }

    /// `<name attributes…>` with no line break after it, for an element whose characters follow.
    mutating func elementStart(_ name: String, _ attributes: [(name: String, value: String)]) {
        raw("<"); rawText(name)
        attributeList(attributes)
        raw(">")
    }

    /// Character data, escaped.
    mutating func characters(_ text: String) {
        escaped(text, attribute: false)
    }

    /// `</name>`.
    mutating func close(_ name: String) {
        raw("</"); rawText(name); raw(">\n")
    }

    /// `<style>` holding `css` (escaped as text).
    mutating func style(_ css: String) {
        raw("<style>"); escaped(css, attribute: false); raw("</style>\n")
    }

    private mutating func pair(_ p: Point) throws(SVGError) {
        try number(p.x); raw(" "); try number(p.y)
    }

    /// A number as an attribute value, in the document's format.
    func value(_ v: Double) throws(SVGError) -> String { try format.string(v) }

    private mutating func attributeList(_ attributes: [(name: String, value: String)]) {
        guard attributes.contains(where: { $0.value.hasPrefix("rgba(") }) else {
            for (name, value) in attributes { attribute(name, value) }
            return
        }
        // A translucent paint is written as its opaque colour and an opacity attribute: SVG 1.1's
        // form, which Inkscape 1.2 draws (it paints `rgba()` and `#rrggbbaa` black); browsers
        // and rsvg draw both alike. An opacity attribute already there is multiplied in.
        var consumed: [String] = []
        for (name, value) in attributes where !consumed.contains(name) {
            guard let opacityName = Self.opacityAttributes.first(where: { $0.paint == name })?.opacity,
                  let (opaque, alpha) = SVGColor.opaqueAndAlpha(value) else {
                attribute(name, value)
                continue
            }
            var opacity = alpha
            if let given = attributes.first(where: { $0.name == opacityName }), let factor = Double(given.value) {
                opacity *= min(max(factor, 0), 1)
            }
            consumed.append(opacityName)
            attribute(name, opaque)
            attribute(opacityName, (try? SVGNumberFormat(precision: 3).string(opacity)) ?? "1")
        }
    }

    /// Each paint attribute and the opacity attribute that goes with it.
    private static let opacityAttributes: [(paint: String, opacity: String)] = [
        ("fill", "fill-opacity"), ("stroke", "stroke-opacity"), ("stop-color", "stop-opacity"),
        ("flood-color", "flood-opacity"), ("lighting-color", "opacity"),
    ]

    private mutating func attribute(_ name: String, _ value: String) {
        raw(" "); rawText(name); raw("=\""); escaped(value, attribute: true); raw("\"")
    }

    /// `<g>` with attributes in the given order; values are escaped.
    mutating func startGroup(_ attributes: [(name: String, value: String)]) {
        raw("<g")
        attributeList(attributes)
        raw(">\n")
    }

    /// Closes the group the last `startGroup` opened.
    mutating func endGroup() { raw("</g>\n") }

    /// Closes the document and returns its bytes as a string.
    mutating func finish() -> String {
        if closesUnitGroup { raw("</g>\n") }
        raw("</svg>\n")
        out.stampPlaceholders(stamping: idPrefix == Self.placeholderPrefix)
        return out.string
    }
}
