#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeXML
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An SVG document (a logo) reduced to what only draws: shapes, gradients, clip paths, masks,
/// and pictures given as their own bytes.
///
/// The reading is an allowlist. Elements outside it are removed with everything inside them
/// (`script`, `foreignObject`, `a`, `style`, animations, …); attributes outside it are
/// removed (every `on*` handler, `class`, `xml:base`, …); `href` survives only as a reference to
/// an element of the same document (`#id`), or on an `<image>` as a PNG or JPEG `data:` URL,
/// and paint only as a colour or `url(#id)`. A `style`
/// attribute becomes presentation attributes, by the same rules, so no CSS is ever written. Ids
/// are renamed (`logo-1`, `logo-2`, …) and written under the host document's prefix, so a logo's
/// ids cannot clash with anything else in the page. Entities other than XML's five and numeric
/// references are refused (no DTD is read), and the writer escapes every value again.
public struct SafeSVG: Sendable {
    /// An element kept from the logo, with its kept attributes and children, or its text.
    public typealias Node = SVGMarkup.Node
    /// An attribute kept from the logo.
    public typealias Attribute = SVGMarkup.Attribute

    /// The root `<svg>`'s kept attributes (not its size) and its children.
    public let attributes: [Attribute]
    /// The logo's drawable content, in document order.
    public let children: [Node]
    /// The root's viewBox (from `viewBox`, else `0 0 width height`), user units.
    public let viewBox: (minX: Double, minY: Double, width: Double, height: Double)
    /// Names of removed elements and attributes, sorted, each once: for a warning.
    public let removed: [String]
    /// Each id of the document as written → the id it was renamed to (`logo-N`).
    public let renamedIDs: [(original: String, renamed: String)]

    /// Width ÷ height of the drawing.
    public var aspectRatio: Double { viewBox.width / viewBox.height }

    /// The largest logo read, bytes.
    public static let maximumBytes = 1 << 20
    /// The largest merge template read, bytes (a designer's page may embed pictures).
    public static let maximumTemplateBytes = 8 << 20

    /// Reads an SVG document from its UTF-8 bytes. `sized`: the drawing needs a box (a logo is
    /// fitted into one); without it (a path file, whose coordinates are taken as they are) a
    /// document that gives no size and draws nothing to size it by is read all the same, with a
    /// unit viewBox.
    ///
    /// `template`: the document is a merge template, up to `maximumTemplateBytes`, whose slots
    /// (elements with a `data-field` or `data-curvetype` attribute) and `<text>` elements are
    /// left out, as the merge draws them itself.
    public init(parsing bytes: [UInt8], sized: Bool = true, template: Bool = false) throws(SVGError) {
        let limit = template ? Self.maximumTemplateBytes : Self.maximumBytes
        guard bytes.count <= limit else {
            throw .invalidLogo("it is larger than \(limit / 1024) KiB")
        }
        var reader = SafeSVGReader(bytes: bytes)
        reader.template = template
        var root = try reader.read()
        // A `<style>` element's rules become presentation attributes: read again with them, since
        // a stylesheet may come after the elements it styles.
        if !reader.styleSheet.isEmpty {
            let rules = reader.readRules(reader.styleSheet)
            let notes = reader.removed
            reader = SafeSVGReader(bytes: bytes, rules: rules)
            reader.template = template
            reader.removed = notes
            root = try reader.read()
        }
        guard case .element(let name, let attributes, let children) = root else {
            throw .invalidLogo("its root element is not <svg>")
        }
        guard name == "svg" else { throw .invalidLogo("its root element is <\(name)>, not <svg>") }
        var box: (Double, Double, Double, Double)?
        if let viewBox = reader.rootViewBox {
            let numbers = viewBox.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
                .compactMap { Double($0) }
            if numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > 0, numbers[3] > 0 {
                box = (numbers[0], numbers[1], numbers[2], numbers[3])
            }
        }
        if box == nil, let w = reader.rootWidth.flatMap(Self.length), let h = reader.rootHeight.flatMap(Self.length) {
            box = (0, 0, w, h)
        }
        // No size of its own: the box its shapes cover (strokes not counted), as a viewer
        // would show the drawing whole.
        if box == nil, let content = try Self.contentBounds(children, in: .identity), content.width > 0, content.height > 0 {
            box = (content.minX, content.minY, content.width, content.height)
        }
        if box == nil && !sized { box = (0, 0, 1, 1) }
        guard let box else { throw .invalidLogo("it has no size (no viewBox, width or height) and draws no shape to size it by") }
        guard box.2 / box.3 < 100, box.3 / box.2 < 100 else {
            throw .invalidLogo("its viewBox is more than 100 times wider than high, or higher than wide")
        }
        self.attributes = attributes
        self.children = children
        self.viewBox = box
        self.removed = reader.removed.sorted()
        self.renamedIDs = reader.ids.map { ($0.key, $0.value) }.sorted { $0.1 < $1.1 }
    }

    /// The box the shapes of `nodes` cover (paths, rectangles, circles, ellipses, lines,
    /// polylines and polygons, through their transforms and `outer`), user units; `nil` if
    /// they draw none. What only defines (gradients, clip paths, masks, symbols) is not counted.
    static func contentBounds(_ nodes: [Node], in outer: AffineMap) throws(SVGError) -> Rect? {
        var box: Rect?
        func add(_ rect: Rect?) {
            guard let rect else { return }
            box = box?.union(rect) ?? rect
        }
        for case .element(let name, let attributes, let children) in nodes {
            guard !["defs", "clipPath", "mask", "linearGradient", "radialGradient", "symbol"].contains(name) else { continue }
            func number(_ key: String) -> Double {
                guard let text = attributes.first(where: { $0.name == key })?.value else { return 0 }
                return length(text) ?? Double(text.trimmed()) ?? 0
            }
            var map = outer
            if let text = attributes.first(where: { $0.name == "transform" })?.value {
                guard let own = transform(text) else { throw .invalidLogo("a transform it cannot read: \"\(text.prefix(60))\"") }
                map = own.concatenating(outer)
            }
            var shape = Path()
            switch name {
            case "path":
                if let d = attributes.first(where: { $0.name == "d" })?.value, let path = try? Path(svgPathData: d) { shape = path }
            case "rect":
                let (w, h) = (number("width"), number("height"))
                if w > 0 && h > 0 { shape = Path(rectangle: Rect(minX: number("x"), minY: number("y"), maxX: number("x") + w, maxY: number("y") + h)) }
            case "circle", "ellipse":
                let rx = name == "circle" ? number("r") : number("rx"), ry = name == "circle" ? number("r") : number("ry")
                if rx > 0 && ry > 0 {
                    // The unrotated ellipse's box: through a rotation its corners bound the
                    // ellipse loosely (a little wider than it draws), never too tight.
                    let (cx, cy) = (number("cx"), number("cy"))
                    shape = Path(rectangle: Rect(minX: cx - rx, minY: cy - ry, maxX: cx + rx, maxY: cy + ry))
                }
            case "line":
                shape.move(to: Point(x: number("x1"), y: number("y1")))
                shape.line(to: Point(x: number("x2"), y: number("y2")))
            case "polyline", "polygon":
                let values = (attributes.first { $0.name == "points" }?.value ?? "")
                    .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }).compactMap { Double($0) }
                for index in stride(from: 0, to: values.count - 1, by: 2) {
                    let point = Point(x: values[index], y: values[index + 1])
                    if index == 0 { shape.move(to: point) } else { shape.line(to: point) }
                }
            default:
                break
            }
            add(shape.bounds(transformedBy: map))
            add(try contentBounds(children, in: map))
        }
        return box
    }

    /// A length in user units (`12`, `12px`); `nil` for percentages and other units.
    private static func length(_ text: String) -> Double? {
        let t = text.trimmed()
        let number = t.hasSuffix("px") ? String(t.dropLast(2)) : t
        guard let v = Double(number), v.isFinite, v > 0 else { return nil }
        return v
    }

    /// A drawing of one path (`d`, trusted path data such as a bundled brand icon's) in the
    /// viewBox `viewBox`, filled with the document's fill.
    public init(pathData: String, viewBox: Rect) {
        self.init(attributes: [], children: [.element(name: "path", attributes: [Attribute(name: "d", value: pathData)], children: [])],
                  viewBox: (viewBox.minX, viewBox.minY, viewBox.width, viewBox.height), removed: [], renamedIDs: [])
    }

    private init(attributes: [Attribute], children: [Node], viewBox: (Double, Double, Double, Double), removed: [String],
                 renamedIDs: [(original: String, renamed: String)]) {
        self.renamedIDs = renamedIDs
        self.attributes = attributes
        self.children = children
        self.viewBox = viewBox
        self.removed = removed
    }

    /// Every paint (fill, stroke, stop colour, `color`) that is not `none` set to `color`, and the
    /// root filled with it, so a black-by-default shape takes it too.
    public func recoloured(_ color: SVGColor) -> SafeSVG {
        func paint(_ attributes: [Attribute]) -> [Attribute] {
            attributes.map { a in
                guard ["fill", "stroke", "stop-color", "color"].contains(a.name), a.value != "none" else { return a }
                return Attribute(name: a.name, value: color.value)
            }
        }
        func node(_ n: Node) -> Node {
            switch n {
            case .text: return n
            case .element(let name, let attributes, let children):
                return .element(name: name, attributes: paint(attributes), children: children.map(node))
            }
        }
        var root = paint(attributes).filter { $0.name != "fill" && $0.name != "color" }
        root.append(Attribute(name: "fill", value: color.value))
        root.append(Attribute(name: "color", value: color.value))
        return SafeSVG(attributes: root, children: children.map(node), viewBox: viewBox, removed: removed, renamedIDs: renamedIDs)
    }
}

extension SafeSVG {
    /// The path data of the `<path>` whose id was `id` as written (the first `<path>` in
    /// document order when `id` is `nil`), with the transforms of it and its ancestors, in the
    /// document's user units; `nil` if there is none.
    public func path(id: String?) throws(SVGError) -> (data: String, transform: AffineMap)? {
        let wanted = id.map { id in renamedIDs.first { $0.original == id }?.renamed ?? "" }
        /// An element's own transform followed by its ancestors' (`outer`).
        func placed(_ attributes: [Attribute], in outer: AffineMap) throws(SVGError) -> AffineMap {
            guard let text = attributes.first(where: { $0.name == "transform" })?.value else { return outer }
            guard let own = Self.transform(text) else { throw .invalidLogo("a transform it cannot read: \"\(text.prefix(60))\"") }
            return own.concatenating(outer)
        }
        func search(_ nodes: [Node], _ outer: AffineMap) throws(SVGError) -> (String, AffineMap)? {
            for case .element(let name, let attributes, let children) in nodes {
                let map = try placed(attributes, in: outer)
                if name == "path", let d = attributes.first(where: { $0.name == "d" })?.value,
                   wanted == nil || attributes.contains(where: { $0.name == "id" && $0.value == wanted }) {
                    return (d, map)
                }
                if let found = try search(children, map) { return found }
            }
            return nil
        }
        return try search(children, try placed(attributes, in: .identity))
    }

    /// An SVG transform list (`matrix`, `translate`, `scale`, `rotate` about a point, `skewX`,
    /// `skewY`; the rightmost applies first); `nil` if it is not one. (`AffineMap(svgTransform:)`.)
    public static func transform(_ text: String) -> AffineMap? { AffineMap(svgTransform: text) }
}

/// One rule of a logo's stylesheet: a simple selector and its declarations.
private struct StyleRule: Sendable {
    /// The element's local name, or `nil` for any (`*` or no type).
    var type: String?
    var classes: [String]
    var id: String?
    var declarations: [(String, String)]
    /// CSS specificity (ids, classes, types), then the rule's place in the sheet.
    var rank: (Int, Int, Int, Int)

    func matches(element: String, classes present: [Substring], id elementID: String?) -> Bool {
        (type == nil || type == element) && (id == nil || id == elementID) && classes.allSatisfy { present.contains(Substring($0)) }
    }

    /// The one key a rule is filed under, its most selective part: `#id`, else `.class`, else
    /// `t:type`, else `*`. An element looks up only the keys it has, so matching costs the
    /// rules that could apply, not every rule for every element.
    var key: String {
        if let id { return "#" + id }
        if let first = classes.first { return "." + first }
        if let type { return "t:" + type }
        return "*"
    }
}

/// A stylesheet's rules, filed by `StyleRule.key`.
private struct StyleSheet: Sendable {
    var rules: [StyleRule] = []
    var byKey: [String: [Int]] = [:]

    init(_ rules: [StyleRule] = []) {
        self.rules = rules
        for (index, rule) in rules.enumerated() { byKey[rule.key, default: []].append(index) }
    }

    var isEmpty: Bool { rules.isEmpty }

    /// The rules that match the element, least specific first (then in sheet order).
    func matching(element: String, classes: [Substring], id: String?) -> [StyleRule] {
        var keys = ["*", "t:" + element]
        if let id { keys.append("#" + id) }
        for name in classes where !keys.contains("." + name) { keys.append("." + name) }
        return keys.flatMap { byKey[$0] ?? [] }.map { rules[$0] }
            .filter { $0.matches(element: element, classes: classes, id: id) }
            .sorted { $0.rank < $1.rank }
    }
}

/// A template's stylesheet, for the texts the merge sets itself: the declarations its rules
/// give an element, least specific first, read by the rules the artwork is read by (simple
/// selectors: what Illustrator's `.st0{font-family:'Arial';}` classes are).
package struct TemplateStyleSheet: Sendable {
    private let sheet: StyleSheet

    /// The rules of `css` (every `<style>` element's text).
    package init(_ css: String) {
        var reader = SafeSVGReader(bytes: [])
        sheet = StyleSheet(reader.readRules(css))
    }

    /// Whether it has no rule.
    package var isEmpty: Bool { sheet.isEmpty }

    /// The declarations for an element named `element` of `classes` (its `class` attribute)
    /// and `id`, least specific first, then in the sheet's order.
    package func declarations(element: String, classes: String?, id: String?) -> [(String, String)] {
        let names = classes?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) ?? []
        return sheet.matching(element: element, classes: names, id: id).flatMap(\.declarations)
    }
}

extension SafeSVG {
    /// Whether `value` is a picture's own bytes: a base64 `data:` URL of a PNG or JPEG.
    static func isPictureData(_ value: String) -> Bool {
        let head = value.prefix(30).lowercased()
        return ["data:image/png;base64,", "data:image/jpeg;base64,", "data:image/jpg;base64,"].contains { head.hasPrefix($0) }
    }
}

/// The reader behind `SafeSVG`: a small XML parser that keeps only the allowlist.
private struct SafeSVGReader {
    var scanner: XMLScanner
    var bytes: [UInt8] { scanner.bytes }
    var i: Int {
        get { scanner.i }
        set { scanner.i = newValue }
    }
    var removed = Set<String>()
    /// The text of every `<style>` element, for the second pass.
    var styleSheet = ""
    /// The stylesheet's rules (second pass), applied as presentation attributes.
    let sheet: StyleSheet
    /// Declarations (and empty rules) the stylesheet has applied to elements so far: bounded,
    /// since every rule may match every element.
    var styledDeclarations = 0
    static let maximumStyledDeclarations = 100_000
    /// Prefixes bound to the SVG namespace (`xmlns:svg="http://www.w3.org/2000/svg"`): Inkscape
    /// writes `<svg:path>`, which is a `<path>`.
    var svgPrefixes = Set<String>()
    var rootViewBox: String?
    var rootWidth: String?
    var rootHeight: String?
    /// Original id → renamed id.
    var ids: [String: String] = [:]
    var elementCount = 0
    /// A merge template: slots and `<text>` are left out, unnoted (the merge draws them).
    var template = false

    init(bytes: [UInt8], rules: [StyleRule] = []) {
        self.scanner = XMLScanner(bytes: bytes)
        self.sheet = StyleSheet(rules)
    }

    /// Elements and attributes that only describe (a title, metadata, an ARIA role, an editor's
    /// bookkeeping): removed without a warning, since nothing drawn is lost. Every simple-icons
    /// logo has a `<title>` and `role="img"`.
    static let descriptive: Set<String> = ["title", "desc", "metadata", "sodipodi:namedview"]
    // (`<style>` is not noted either: its rules become attributes, and what cannot is noted.)
    static let descriptiveAttributes: Set<String> = ["role", "class", "version", "baseProfile", "xml:space", "focusable", "style-sheet"]

    /// `name` without a prefix bound to the SVG namespace.
    func localName(_ name: String) -> String {
        guard let colon = name.firstIndex(of: ":"), svgPrefixes.contains(String(name[..<colon])) else { return name }
        return String(name[name.index(after: colon)...])
    }

    static let elements: Set<String> = [
        "svg", "g", "defs", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "linearGradient", "radialGradient", "stop", "clipPath", "mask", "use", "symbol", "text", "tspan",
        "image", "pattern",
    ]
    static let attributes: Set<String> = [
        "id", "transform", "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width",
        "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
        "stroke-dashoffset", "stroke-opacity", "opacity", "clip-path", "clip-rule", "mask", "color",
        "display", "visibility", "stop-color", "stop-opacity", "d", "x", "y", "x1", "y1", "x2", "y2",
        "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr", "width", "height", "points", "viewBox",
        "preserveAspectRatio", "offset", "gradientUnits", "gradientTransform", "spreadMethod",
        "clipPathUnits", "maskUnits", "maskContentUnits", "pathLength", "font-family", "font-size",
        "font-weight", "font-style", "text-anchor", "dominant-baseline", "letter-spacing", "dx", "dy",
        "href", "xlink:href", "vector-effect", "shape-rendering", "paint-order", "patternUnits", "patternContentUnits",
        "patternTransform",
    ]
    /// Attributes whose value may be `url(#id)`.
    static let paints: Set<String> = ["fill", "stroke", "clip-path", "mask"]
    /// Elements whose `href` may name another element of the logo.
    static let referring: Set<String> = ["use", "linearGradient", "radialGradient"]

    /// A raw element before references are checked: ids are renamed only after the whole
    /// document is read, since a reference may come before its target.
    indirect enum Raw {
        case element(name: String, attributes: [(String, String)], children: [Raw])
        case text(String)
    }

    mutating func read() throws(SVGError) -> SafeSVG.Node {
        var root: Raw?
        // The open elements: name, attributes, children, and whether it is kept.
        var stack: [(name: String, attributes: [(String, String)], children: [Raw], kept: Bool)] = []
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "<") {
                if starts("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts("<![CDATA[") {
                    i += 9
                    let start = i
                    try skip(past: "]]>", what: "CDATA section")
                    let text = String(decoding: bytes[start..<(i - 3)], as: UTF8.self)
                    if stack.last?.name == "style" { styleSheet += text + "\n" }
                    if !stack.isEmpty { stack[stack.count - 1].children.append(.text(text)) }
                } else if starts("<!") {
                    try skipDeclaration()
                } else if starts("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if starts("</") {
                    i += 2
                    let name = localName(readName())
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw .invalidLogo("a closing tag is not closed") }
                    i += 1
                    guard let open = stack.popLast(), open.name == name else {
                        throw .invalidLogo("</\(name)> closes no open element")
                    }
                    let element = Raw.element(name: open.name, attributes: open.attributes, children: open.children)
                    if stack.isEmpty {
                        root = element
                    } else if open.kept {
                        stack[stack.count - 1].children.append(element)
                    }
                } else {
                    i += 1
                    let qualifiedName = readName()
                    guard !qualifiedName.isEmpty else { throw .invalidLogo("a tag has no name") }
                    elementCount += 1
                    guard elementCount <= 20_000 else { throw .invalidLogo("it has more than 20000 elements") }
                    guard stack.count < 64 else { throw .invalidLogo("its elements nest more than 64 deep") }
                    guard root == nil else { throw .invalidLogo("it has content after the root element") }
                    let attributes = try readAttributes()
                    for (attribute, value) in attributes where attribute.hasPrefix("xmlns:") && value == "http://www.w3.org/2000/svg" {
                        svgPrefixes.insert(String(attribute.dropFirst(6)))
                    }
                    let name = localName(qualifiedName)
                    var selfClosing = false
                    if i < bytes.count, bytes[i] == UInt8(ascii: "/") { selfClosing = true; i += 1 }
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw .invalidLogo("the tag <\(name)> is not closed") }
                    i += 1
                    if stack.isEmpty {
                        guard name == "svg" else { throw .invalidLogo("its root element is <\(name)>, not <svg>") }
                        rootViewBox = attributes.first { $0.0 == "viewBox" }?.1
                        rootWidth = attributes.first { $0.0 == "width" }?.1
                        rootHeight = attributes.first { $0.0 == "height" }?.1
                    }
                    let parentKept = stack.last?.kept ?? true
                    let isSlot = template && (name == "text" || attributes.contains { $0.0 == "data-field" || $0.0 == "data-curvetype" })
                    if isSlot {
                        if !selfClosing { stack.append((name, [], [], false)) }
                        continue
                    }
                    let kept = parentKept && Self.elements.contains(name)
                    // A stylesheet is read (its rules become attributes), not kept.
                    if parentKept && !kept && !Self.descriptive.contains(name) && name != "style" {
                        note("<\(name)>")
                    }
                    let cleaned = kept ? try clean(attributes, element: name, root: stack.isEmpty) : []
                    if selfClosing {
                        let element = Raw.element(name: name, attributes: cleaned, children: [])
                        if stack.isEmpty { root = element } else if kept { stack[stack.count - 1].children.append(element) }
                    } else {
                        stack.append((name, cleaned, [], kept))
                    }
                }
            } else {
                let start = i
                while i < bytes.count && bytes[i] != UInt8(ascii: "<") { i += 1 }
                let text = try decodeEntities(bytes[start..<i])
                if stack.last?.name == "style" { styleSheet += text + "\n" }
                if let open = stack.last, open.kept, open.name == "text" || open.name == "tspan" {
                    stack[stack.count - 1].children.append(.text(text))
                } else if stack.isEmpty && !text.allSatisfy(\.isWhitespace) {
                    throw .invalidLogo("it has text outside the root element")
                }
            }
        }
        guard stack.isEmpty else { throw .invalidLogo("<\(stack[stack.count - 1].name)> is never closed") }
        guard let root else { throw .invalidLogo("it has no <svg> element") }
        return resolve(root)
    }

    /// Renames ids and drops references to ids the logo does not define.
    mutating func resolve(_ raw: Raw) -> SafeSVG.Node {
        collectIDs(raw)
        return finish(raw) ?? .element(name: "svg", attributes: [], children: [])
    }

    private mutating func collectIDs(_ raw: Raw) {
        guard case .element(_, let attributes, let children) = raw else { return }
        if let id = attributes.first(where: { $0.0 == "id" })?.1, ids[id] == nil {
            ids[id] = "logo-\(ids.count + 1)"
        }
        for child in children { collectIDs(child) }
    }

    private mutating func finish(_ raw: Raw) -> SafeSVG.Node? {
        switch raw {
        case .text(let text): return .text(text)
        case .element(let name, let attributes, let children):
            var kept: [SafeSVG.Attribute] = []
            var seenID = false
            var seenReference = false
            for (attribute, value) in attributes {
                var value = value
                if attribute == "id" {
                    guard !seenID, let renamed = ids[value] else { continue }
                    seenID = true
                    value = renamed
                } else if attribute == "href" || attribute == "xlink:href" {
                    // One reference an element: `href` and `xlink:href` both would be one
                    // attribute written twice.
                    guard !seenReference else { continue }
                    if name == "image" {
                        seenReference = true
                        kept.append(SafeSVG.Attribute(name: "xlink:href", value: value))
                        continue
                    }
                    guard let renamed = ids[String(value.dropFirst())] else { note("\(attribute)=\"\(value)\""); continue }
                    seenReference = true
                    value = "#" + renamed
                } else if value.hasPrefix("url(#") {
                    let id = String(value.dropFirst(5).dropLast())
                    guard let renamed = ids[id] else { note("\(attribute)=\"\(value)\""); continue }
                    value = "url(#\(renamed))"
                }
                // SVG 1.1 viewers (Inkscape 1.2, older rsvg) read only `xlink:href`.
                kept.append(SafeSVG.Attribute(name: attribute == "href" ? "xlink:href" : attribute, value: value))
            }
            // A `<use>` whose reference was removed draws nothing, nor an `<image>` without its picture.
            if name == "use" || name == "image", !kept.contains(where: { $0.name == "xlink:href" }) { return nil }
            return .element(name: name, attributes: kept, children: children.compactMap { finish($0) })
        }
    }

    /// Records something removed, for the warning: long values cut short.
    mutating func note(_ what: String) {
        removed.insert(what.count > 48 ? String(what.prefix(47)) + "…" : what)
    }

    /// The attributes of a kept element that pass the allowlist, `style` declarations included.
    mutating func clean(_ attributes: [(String, String)], element: String, root: Bool) throws(SVGError) -> [(String, String)] {
        var result: [(String, String)] = []
        var fromStyle: [(String, String)] = []
        // The stylesheet's matching rules, least specific first, then the `style` attribute:
        // each overrides presentation attributes, and a later declaration an earlier one.
        if !sheet.isEmpty {
            let classes = attributes.first { $0.0 == "class" }?.1.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) ?? []
            let id = attributes.first { $0.0 == "id" }?.1
            for rule in sheet.matching(element: element, classes: classes, id: id) {
                // An empty rule counts as one: matching it is work too.
                styledDeclarations += max(1, rule.declarations.count)
                guard styledDeclarations <= Self.maximumStyledDeclarations else {
                    throw .invalidLogo("its stylesheet sets more than \(Self.maximumStyledDeclarations) properties")
                }
                for (property, value) in rule.declarations {
                    if let safe = check(property, value, element: element) { fromStyle.append((property, safe)) }
                }
            }
        }
        for (name, value) in attributes {
            if name == "style" {
                for (property, v) in Self.declarations(Substring(value), isSpace: { $0.isHorizontalSpace }) {
                    if let safe = check(property, v, element: element) { fromStyle.append((property, safe)) }
                }
                continue
            }
            if let safe = check(name, value, element: element) { result.append((name, safe)) }
        }
        // Declarations in `style` override presentation attributes of the same name (the last
        // declaration of a property wins, as in CSS), in one pass.
        if !fromStyle.isEmpty {
            var last: [String: Int] = [:]
            for (index, (name, _)) in fromStyle.enumerated() { last[name] = index }
            result.removeAll { last[$0.0] != nil }
            for (index, declaration) in fromStyle.enumerated() where last[declaration.0] == index {
                result.append(declaration)
            }
        }
        // The root's size and place are the host's to set.
        if root { result.removeAll { ["x", "y", "width", "height", "viewBox", "preserveAspectRatio"].contains($0.0) } }
        return result
    }

    /// `value` if attribute `name` may stand on `element` with it; records what it removes.
    mutating func check(_ name: String, _ value: String, element: String) -> String? {
        // Judged as it will be written: the writer drops controls, so "url\0(" must be seen as
        // the "url(" it becomes (found by FuzzLogo).
        var written = String.UnicodeScalarView()
        written.append(contentsOf: value.unicodeScalars.lazy.filter { !XMLText.isDroppedInXML($0) })
        let v = String(written).trimmed { $0.isSpaceOrNewline }
        guard Self.attributes.contains(name) else {
            if !name.hasPrefix("xmlns") && !Self.descriptiveAttributes.contains(name) && !name.hasPrefix("aria-")
                && !name.hasPrefix("data-") && !name.hasPrefix("inkscape:") && !name.hasPrefix("sodipodi:") {
                note(name)
            }
            return nil
        }
        // Numbers as a viewer reads them: `nan`, `inf` or 1e308 would be copied into the badge
        // and make it invalid SVG (or overflow a viewer's arithmetic).
        if let kind = SVGNumberCheck.kinds[name], !SVGNumberCheck.isValid(v, kind) {
            note("\(name)=\"\(value)\"")
            return nil
        }
        // No CSS escapes or functions that load or run anything, whatever the attribute.
        let lower = v.lowercased()
        if lower.contains("\\") || lower.contains("expression(") || lower.contains("javascript:") || lower.contains("@import") {
            note("\(name)=\"\(value)\"")
            return nil
        }
        if name == "href" || name == "xlink:href" {
            // A picture only as its own bytes: a PNG or JPEG `data:` URL, never a file or an address.
            if element == "image" {
                guard SafeSVG.isPictureData(v) else { note("\(name)=\"\(value)\""); return nil }
                return v
            }
            guard Self.referring.contains(element), v.hasPrefix("#"), v.count > 1 else {
                note("\(name)=\"\(value)\"")
                return nil
            }
            return v
        }
        if lower.contains("url(") {
            // Only a whole `url(#id)` paint, never a file or a web address.
            guard Self.paints.contains(name), v.hasPrefix("url(#"), v.hasSuffix(")"),
                  !v.dropFirst(5).dropLast().contains(where: { "()'\" ".contains($0) }) else {
                note("\(name)=\"\(value)\"")
                return nil
            }
            return v
        }
        return v
    }

    /// The rules of a stylesheet whose selectors are simple (`path`, `.cls-1`, `#id`,
    /// `circle.a.b`, lists of them): what design tools export. Other selectors and at-rules are
    /// removed with a note. By hand: no CSS library is at hand, and this subset needs no cascade
    /// beyond specificity and order.
    mutating func readRules(_ sheet: String) -> [StyleRule] {
        // Comments out first: each becomes a space.
        var text = ""
        var inComment = false
        var previous: Character = " "
        for c in sheet {
            if inComment {
                if previous == "*" && c == "/" { inComment = false; previous = " "; continue }
            } else if previous == "/" && c == "*" {
                text.removeLast()
                text.append(" ")
                inComment = true
                previous = " "
                continue
            } else {
                text.append(c)
            }
            previous = c
        }
        var rules: [StyleRule] = []
        var rest = Substring(text)
        var order = 0
        while let brace = rest.firstIndex(of: "{") {
            let prelude = rest[..<brace].trimmed { $0.isSpaceOrNewline }
            // The block's end, counting nested braces (an at-rule's block holds rules).
            var depth = 0
            var end = brace
            for index in rest[brace...].indices {
                if rest[index] == "{" { depth += 1 } else if rest[index] == "}" { depth -= 1; if depth == 0 { end = index; break } }
            }
            guard depth == 0 else { break }
            let body = rest[rest.index(after: brace)..<end]
            rest = rest[rest.index(after: end)...]
            if prelude.hasPrefix("@") {
                note("CSS \(prelude.split(separator: " ").first ?? "")")
                continue
            }
            let declarations = Self.declarations(body, isSpace: { $0.isSpaceOrNewline })
            for selector in prelude.split(separator: ",") {
                let simple = selector.trimmed { $0.isSpaceOrNewline }
                guard var rule = Self.simpleSelector(simple) else {
                    note("CSS selector \(simple)")
                    continue
                }
                rule.declarations = declarations
                rule.rank.3 = order
                order += 1
                rules.append(rule)
            }
        }
        return rules
    }

    /// The `property: value` declarations of a `style` attribute or a rule's block: property
    /// names in lower case, `!important` dropped, each part trimmed of `isSpace`.
    static func declarations(_ text: Substring, isSpace: (Unicode.Scalar) -> Bool) -> [(String, String)] {
        var declarations: [(String, String)] = []
        for declaration in text.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            var value = parts[1].trimmed(isSpace)
            if value.lowercased().hasSuffix("!important") { value = String(value.dropLast(10)).trimmed(isSpace) }
            declarations.append((parts[0].trimmed(isSpace).lowercased(), value))
        }
        return declarations
    }

    /// `type`, `*`, `.class` and `#id` parts with nothing between them; `nil` for any other
    /// selector (descendants, attributes, pseudo-classes).
    static func simpleSelector(_ selector: String) -> StyleRule? {
        var rule = StyleRule(type: nil, classes: [], id: nil, declarations: [], rank: (0, 0, 0, 0))
        var rest = Substring(selector)
        func name() -> String {
            let n = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            rest = rest.dropFirst(n.count)
            return String(n)
        }
        if rest.hasPrefix("*") {
            rest = rest.dropFirst()
        } else if let first = rest.first, first.isLetter {
            rule.type = name()
            rule.rank.2 = 1
        }
        while let marker = rest.first {
            rest = rest.dropFirst()
            let part = name()
            guard !part.isEmpty else { return nil }
            switch marker {
            case ".": rule.classes.append(part); rule.rank.1 += 1
            case "#" where rule.id == nil: rule.id = part; rule.rank.0 = 1
            default: return nil
            }
        }
        return rule.type == nil && rule.classes.isEmpty && rule.id == nil && !selector.hasPrefix("*") ? nil : rule
    }

    // The lexical pieces are XMLScanner's; its errors are the logo's.
    func starts(_ s: StaticString) -> Bool { scanner.starts(s) }

    mutating func skip(past terminator: StaticString, what: String) throws(SVGError) {
        do { try scanner.skip(past: terminator, what: what) } catch { throw .invalidLogo(error.reason) }
    }

    mutating func skipDeclaration() throws(SVGError) {
        do { try scanner.skipDeclaration() } catch { throw .invalidLogo(error.reason) }
    }

    mutating func readName() -> String { scanner.readName() }

    mutating func skipSpace() { scanner.skipSpace() }

    mutating func readAttributes() throws(SVGError) -> [(String, String)] {
        do { return try scanner.readAttributes() } catch { throw .invalidLogo(error.reason) }
    }

    func decodeEntities(_ slice: ArraySlice<UInt8>) throws(SVGError) -> String {
        do { return try XMLScanner.decodeEntities(slice) } catch { throw .invalidLogo(error.reason) }
    }
}

/// What numbers an attribute's value holds, and whether they are ones a viewer can draw.
enum SVGNumberCheck {
    enum Kind {
        /// One number or length (`12`, `1.5px`, `50%`).
        case length
        /// Numbers and lengths separated by spaces or commas (`points`, `stroke-dasharray`).
        case list
        /// Path data: command letters and numbers.
        case pathData
    }

    static let kinds: [String: Kind] = [
        "x": .length, "y": .length, "x1": .length, "y1": .length, "x2": .length, "y2": .length,
        "cx": .length, "cy": .length, "r": .length, "rx": .length, "ry": .length, "fx": .length,
        "fy": .length, "fr": .length, "width": .length, "height": .length, "stroke-width": .length,
        "stroke-miterlimit": .length, "stroke-dashoffset": .length, "opacity": .length,
        "fill-opacity": .length, "stroke-opacity": .length, "stop-opacity": .length, "offset": .length,
        "pathLength": .length, "font-size": .length, "letter-spacing": .length,
        "points": .list, "stroke-dasharray": .list, "dx": .list, "dy": .list, "d": .pathData,
    ]

    /// The largest magnitude kept: far beyond any drawing, and far from overflow.
    static let limit = 1e9

    /// Whether every number in `value` is finite and within `limit`, with nothing but the units
    /// (or, in path data, the commands) SVG allows around them. Keywords a length may be
    /// (`auto`, `none`, `inherit`) pass as they are.
    static func isValid(_ value: String, _ kind: Kind) -> Bool {
        let bytes = Array(value.utf8)
        if kind != .pathData, ["auto", "none", "inherit", "normal"].contains(value.lowercased()) { return true }
        var index = 0
        var numbers = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") || byte == 9 || byte == 10 || byte == 13 {
                index += 1
                continue
            }
            if kind == .pathData, "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte) {
                index += 1
                continue
            }
            guard let end = numberEnd(bytes, from: index),
                  let number = Double(String(decoding: bytes[index..<end], as: UTF8.self)),
                  number.isFinite, abs(number) <= limit else { return false }
            numbers += 1
            index = end
            if kind != .pathData {
                // A unit, or a percentage, right after the number.
                let unitStart = index
                while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") { index += 1 }
                let unit = String(decoding: bytes[unitStart..<index], as: UTF8.self).lowercased()
                if index < bytes.count, bytes[index] == UInt8(ascii: "%"), unit.isEmpty { index += 1; continue }
                guard ["", "px", "pt", "pc", "mm", "cm", "in", "em", "ex", "rem"].contains(unit) else { return false }
            }
            if kind == .length && numbers > 1 { return false }
        }
        return kind == .pathData || numbers > 0
    }

    /// The end of the SVG number starting at `start` (sign, digits, fraction, exponent); `nil`
    /// if none starts there.
    static func numberEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        func digits() -> Int {
            let from = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - from
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var count = digits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; count += digits() }
        guard count > 0 else { return nil }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            let mark = i
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { i = mark }
        }
        return i
    }
}
