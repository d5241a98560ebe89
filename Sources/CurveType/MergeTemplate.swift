import CurveTypeEffects
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeSVGReader
import CurveTypeXML
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A designer's SVG page whose slots a merge fills from rows of data (`curvetype merge`).
///
/// A slot is an element of the page marked in its attributes (Inkscape's XML editor sets them):
/// - every `<text>`: set as the designer set it (font family, size, weight, style, fill, anchor).
///   Straight at its `x`/`y`, along the path or circle its `<textPath>` names (from its start
///   offset), or fitted into the shape its `shape-inside` names (Inkscape's text in a frame).
///   With `data-field="COLUMN"` the row's value replaces the sample text; without, the text is
///   drawn as written.
/// - a `<circle>`, `<ellipse>`, `<path>`, `<line>`, `<polyline>`, `<polygon>` or `<rect>` with
///   `data-field`: a ring (text round a circle from 12 o'clock, as `circle` sets it), a path, or
///   a box the text is fitted into. Its `font-family`, `font-size`, `font-weight`, `font-style`
///   and `fill` style the text; the shape itself is a placeholder and is not drawn.
/// - any shape with `data-curvetype="seal"` (or `badge`, `warp`, `circle`, `fit`, …): the command's
///   whole drawing fitted into the shape's box (a seal, a badge), or the command used for the
///   slot's text.
///
/// On any slot, `data-options` gives more of the command's options as its command line writes
/// them (`--sweep 120 --side inside`); `{COLUMN}` in them is the row's value. `data-overflow`
/// says what a value too long for its slot does: `shrink` (the default: smaller, down to
/// `data-min-size`), `wrap` (a box only: up to `data-max-lines` lines, then smaller) or `refuse`
/// (the row is refused). `data-share-size="document"` sets the slot at one size in every row
/// (the smallest any row needs); `"row"` sets every such slot of a row at one size.
/// Everything else on the page is kept as drawn, made safe as logos are (`SafeSVG`).
public struct MergeTemplate: Sendable {
    /// The page's width, px.
    public let width: Double
    /// The page's height, px.
    public let height: Double
    /// The page's own artwork, slots and texts left out.
    public let artwork: VectorImage
    /// The slots, in document order (later ones drawn over earlier ones).
    public let slots: [MergeSlot]
    /// What of the page was removed as unsafe (scripts, links out, foreign content).
    public let removed: [String]
    /// What of the page was passed over as drawing nothing (a `<text>` of no characters),
    /// each a line for the user.
    public let notes: [String]

    /// The columns the slots read: their fields and the `{COLUMN}`s in their options.
    public var columns: [String] {
        var seen = Set<String>(), out: [String] = []
        for slot in slots {
            for column in slot.columns where seen.insert(column).inserted { out.append(column) }
        }
        return out
    }

    /// Reads a template from its SVG bytes.
    public init(svg bytes: [UInt8]) throws(CurveTypeError) {
        let safe: SafeSVG
        do { safe = try SafeSVG(parsing: bytes, template: true) } catch { throw .invalidInput("the template cannot be read: \(error.description)") }
        let root: MarkupElement
        do {
            root = try MarkupElement.parse(bytes, limits: .init(elements: 20_000, depth: 64))
        } catch {
            throw .invalidInput("the template cannot be read: \(error.reason)")
        }
        let box = safe.viewBox
        // The page's size: its width and height in their units, or its view box's.
        let width = root["width"].flatMap(Self.pageLength) ?? box.width
        let height = root["height"].flatMap(Self.pageLength) ?? box.height
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 100_000, height <= 100_000 else {
            throw .invalidInput("the template's page must be from 0 to 100000 px wide and high, not \(width)x\(height)")
        }
        let page = Rect(minX: 0, minY: 0, maxX: width, maxY: height)
        let artwork = try lifting { try safe.image() }
        guard let toPage = FrameImage(.vector(artwork), box: page).vectorMap else {
            throw .invalidInput("the template's view box is empty")
        }
        self.width = width
        self.height = height
        self.artwork = artwork
        self.removed = safe.removed.filter { !Self.editorMarkup($0) }
        var reader = SlotReader()
        // The texts' classes, as the artwork's, by the template's stylesheet (Illustrator's).
        var css = ""
        func styles(_ element: MarkupElement) {
            if element.name == "style" { css += element.text + "\n" }
            for child in element.children { styles(child) }
        }
        styles(root)
        reader.sheet = TemplateStyleSheet(css)
        reader.viewBox = (box.width, box.height)
        try reader.collect(root, map: toPage, inherited: TextStyleAttributes())
        self.slots = reader.slots
        self.notes = reader.notes
    }

    /// Inkscape's and Sodipodi's bookkeeping (and other editors' namespaced attributes): not
    /// worth a warning, nothing drawn is lost.
    static func editorMarkup(_ what: String) -> Bool {
        ["inkscape:", "sodipodi:", "xmlns", "<sodipodi", "<inkscape", "xml:space", "data-"].contains { what.contains($0) }
    }

    /// A page length in px: CSS units (px, pt, pc, mm, cm, in) or none; `nil` for percentages.
    static func pageLength(_ text: String) -> Double? {
        let t = text.trimmed()
        let units: [(String, Double)] = [("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96)]
        for (unit, factor) in units where t.hasSuffix(unit) {
            return Double(t.dropLast(unit.count)).map { $0 * factor }
        }
        return Double(t)
    }
}

/// The text style a `<text>` (or a slot shape) inherits and sets: CSS's, as the designer chose.
struct TextStyleAttributes: Sendable, Equatable {
    var family: String?
    /// In the element's user units.
    var size: Double?
    var bold = false
    var italic = false
    var fill: String?
    var anchor: String?
    var shapeInside: String?
    /// The element's own `filter` (a shadow, a blur), which a slot does not draw: not inherited.
    var filter: String?
    /// CSS's `line-height`: a multiple of the size (`1.25`, `125%`) or a length (`30px`).
    var lineHeight: LineHeight?

    /// A `line-height` as CSS gives it.
    enum LineHeight: Sendable, Equatable {
        case multiple(Double)
        case length(Double)
    }

    /// Baseline to baseline, user units: the line height, or Inkscape's default 1.25 of the size.
    var lineSpacing: Double {
        let size = self.size ?? MergePlan.defaultSize
        switch lineHeight {
        case .multiple(let k)?: return k * size
        case .length(let length)?: return length
        case nil: return 1.25 * size
        }
    }

    /// `attributes` (presentation attributes, then the stylesheet's `sheet` declarations, then
    /// the `style` attribute's) over what is inherited.
    func applying(_ element: MarkupElement, sheet: [(String, String)] = []) -> TextStyleAttributes {
        var style = self
        style.shapeInside = nil
        style.filter = nil
        var declarations: [(String, String)] = element.attributes.map { ($0.name, $0.value) } + sheet
        if let css = element["style"] {
            for declaration in css.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                declarations.append((String(parts[0]).trimmed(), String(parts[1]).trimmed()))
            }
        }
        for (name, value) in declarations {
            switch name {
            case "font-family":
                style.family = value.split(separator: ",").first.map { String($0).trimmed { $0.properties.isWhitespace || $0 == "'" || $0 == "\"" } }
            case "font-size":
                style.size = Self.fontSize(value) ?? style.size
            case "font-weight": style.bold = value == "bold" || value == "bolder" || (Int(value) ?? 400) >= 600
            case "font-style": style.italic = value == "italic" || value == "oblique"
            case "fill": style.fill = value
            case "text-anchor": style.anchor = value
            case "filter": style.filter = value == "none" ? nil : value
            case "shape-inside": style.shapeInside = value
            case "line-height":
                if value.hasSuffix("%"), let percent = Double(value.dropLast()), percent > 0, percent.isFinite {
                    style.lineHeight = .multiple(percent / 100)
                } else if value.hasSuffix("px") || value.hasSuffix("pt"), let length = Self.fontSize(value), length > 0, length.isFinite {
                    style.lineHeight = .length(length)
                } else if let multiple = Double(value), multiple > 0, multiple.isFinite {
                    style.lineHeight = .multiple(multiple)
                } else if value == "normal" {
                    style.lineHeight = nil
                }
            default: break
            }
        }
        return style
    }

    /// A CSS font size in user units (`24`, `24px`, `18pt`).
    static func fontSize(_ text: String) -> Double? {
        let t = text.trimmed()
        if t.hasSuffix("pt") { return Double(t.dropLast(2)).map { $0 * 4 / 3 } }
        if t.hasSuffix("px") { return Double(t.dropLast(2)) }
        return Double(t)
    }
}

/// Walks a template's elements, collecting its slots with their maps to the page.
private struct SlotReader {
    var slots: [MergeSlot] = []
    /// What was passed over, for the user (an empty text).
    var notes: [String] = []
    /// The template's view box's size, user units: what a percentage of a text's position is of.
    var viewBox = (width: 0.0, height: 0.0)
    /// The template's stylesheet.
    var sheet = TemplateStyleSheet("")
    /// Declarations the stylesheet has given elements so far: bounded, as every rule may match
    /// every element.
    var styled = 0
    static let maximumStyled = 100_000
    var byID: [String: (element: MarkupElement, map: AffineMap)] = [:]
    static let shapes: Set<String> = ["circle", "ellipse", "path", "line", "polyline", "polygon", "rect"]

    /// Indexes every element by id with its map to the page, then reads the slots.
    mutating func collect(_ root: MarkupElement, map: AffineMap, inherited: TextStyleAttributes) throws(CurveTypeError) {
        index(root, map: map)
        try read(root, map: map, inherited: inherited)
    }

    private mutating func index(_ element: MarkupElement, map: AffineMap) {
        let own = element["transform"].flatMap(AffineMap.init(svgTransform:)).map { $0.concatenating(map) } ?? map
        if let id = element["id"], byID[id] == nil { byID[id] = (element, own) }
        // A `<textPath>` or `shape-inside` may name a shape in `<defs>`: every element counts.
        for child in element.children { index(child, map: own) }
    }

    private mutating func read(_ element: MarkupElement, map outer: AffineMap, inherited: TextStyleAttributes,
                               clips outerClips: [Path] = []) throws(CurveTypeError) {
        var map = outer
        if let transform = element["transform"] {
            guard let own = AffineMap(svgTransform: transform) else {
                throw .invalidInput("the template has a transform it cannot read: \"\(transform.prefix(60))\"")
            }
            map = own.concatenating(outer)
        }
        let style = try styled(inherited, element)
        if ["defs", "clipPath", "mask", "symbol", "metadata", "title", "desc", "style"].contains(element.name) { return }
        var clips = outerClips
        for attribute in ["clip-path", "mask"] {
            if let id = Self.reference(element[attribute]), let target = byID[id]?.element, ["clipPath", "mask"].contains(target.name) {
                clips.append(Self.outline(of: target.children, map: map))
            }
        }
        if element.name == "text" {
            var slot = try textSlot(element, map: map, style: style)
            // A text of no characters (a stray click in Inkscape, a Figma line of only U+2028)
            // draws nothing: skipped with a note, where it refused every row.
            if slot.field == nil, slot.text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
                let at = [element["x"], element["y"]].compactMap { $0 }.map { String($0.prefix(20)) }
                let named = slot.label.hasPrefix("#") ? "\(slot.label), a <text>" : "a <text>" + (at.count == 2 ? " at \(at[0]), \(at[1])" : "")
                notes.append("\(named) of no characters, skipped")
                return
            }
            slot.clips = clips
            slots.append(slot)
            return
        }
        if element["data-field"] != nil || element["data-curvetype"] != nil {
            var slot = try shapeSlot(element, map: map, style: style)
            slot.clips = clips
            slots.append(slot)
            return
        }
        for child in element.children { try read(child, map: map, inherited: style, clips: clips) }
    }

    /// The id a `url(#id)` names.
    static func reference(_ value: String?) -> String? {
        guard let v = value?.trimmed(), v.hasPrefix("url(#"), v.hasSuffix(")") else { return nil }
        return String(v.dropFirst(5).dropLast()).trimmed { $0 == "'" || $0 == "\"" || $0.properties.isWhitespace }
    }

    /// The shapes of a clip path or mask as one outline on the page: in the user space of the
    /// element that names it (SVG's `userSpaceOnUse`, the default for their content), mapped by
    /// `map`; a mask counts as its shapes' coverage, as the artwork's reader counts it.
    static func outline(of elements: [MarkupElement], map: AffineMap, depth: Int = 0) -> Path {
        var outline = Path()
        for element in elements where depth < 16 {
            let own = element["transform"].flatMap(AffineMap.init(svgTransform:)).map { $0.concatenating(map) } ?? map
            if element.name == "g" {
                outline.elements += Self.outline(of: element.children, map: own, depth: depth + 1).elements
            } else if shapes.contains(element.name), let path = Self.shapePath(element) {
                outline.elements += path.transformed(by: own).elements
            }
        }
        return outline
    }

    /// `inherited` with `element`'s own style over it: its attributes, its stylesheet rules,
    /// its `style` attribute.
    private mutating func styled(_ inherited: TextStyleAttributes, _ element: MarkupElement) throws(CurveTypeError) -> TextStyleAttributes {
        guard !sheet.isEmpty else { return inherited.applying(element) }
        let rules = sheet.declarations(element: element.name, classes: element["class"], id: element["id"])
        styled += rules.count
        guard styled <= Self.maximumStyled else {
            throw .invalidInput("the template's stylesheet sets more than \(Self.maximumStyled) properties of its texts")
        }
        return inherited.applying(element, sheet: rules)
    }

    /// The slot's name in messages: its id, else its field, else its element.
    private func label(_ element: MarkupElement) -> String {
        if let id = element["id"] { return "#\(id)" }
        if let field = element["data-field"] { return "the \(field) slot" }
        return "a <\(element.name)>"
    }

    /// The words of `data-options`, split as a shell splits (quotes group, backslash escapes).
    static func words(_ text: String) throws(CurveTypeError) -> [String] {
        var words: [String] = [], word = "", quote: Character?, inWord = false, escaped = false
        for c in text {
            if escaped { word.append(c); escaped = false; continue }
            if c == "\\" && quote != "'" { escaped = true; inWord = true; continue }
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
                continue
            }
            if c == "'" || c == "\"" { quote = c; inWord = true; continue }
            if c.isWhitespace {
                if inWord { words.append(word); word = ""; inWord = false }
                continue
            }
            word.append(c); inWord = true
        }
        guard quote == nil else { throw .invalidInput("data-options=\"\(text.prefix(80))\" has a quote that is never closed") }
        if inWord { words.append(word) }
        return words
    }

    /// The colour a `fill` of `url(#id)` paints a slot's text: an Inkscape swatch (a gradient
    /// of one colour, reached through its `xlink:href` chain) is its colour; a gradient of
    /// several is drawn in its first colour, with a note; `nil` where the fill names nothing
    /// of these (left to the colour's own reading, which names it).
    private mutating func paintServerColor(_ fill: String, name: String) -> String? {
        guard var id = Self.reference(fill) else { return nil }
        var stops: [MarkupElement] = []
        for _ in 0..<8 {
            guard let target = byID[id]?.element, target.name == "linearGradient" || target.name == "radialGradient" else { return nil }
            stops = target.children.filter { $0.name == "stop" }
            guard stops.isEmpty, let next = (target["xlink:href"] ?? target["href"]).flatMap({ $0.hasPrefix("#") ? String($0.dropFirst()) : nil }) else { break }
            id = next
        }
        func color(_ stop: MarkupElement) -> String? {
            var color = stop["stop-color"], opacity = stop["stop-opacity"]
            for declaration in (stop["style"] ?? "").split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map { String($0).trimmed() }
                guard parts.count == 2 else { continue }
                if parts[0] == "stop-color" { color = parts[1] } else if parts[0] == "stop-opacity" { opacity = parts[1] }
            }
            guard let color, let parsed = try? SVGColor(parsing: color) else { return nil }
            guard let opacity, let alpha = Double(opacity), alpha < 1, let rgba = parsed.rgba else { return color }
            return "rgba(\(rgba.red),\(rgba.green),\(rgba.blue),\(max(0, alpha)))"
        }
        let colors = stops.compactMap(color)
        guard let first = colors.first else { return nil }
        if Set(colors).count > 1 { notes.append("\(name): its gradient fill is drawn in its first colour, \(first): a slot's text takes one colour") }
        return first
    }

    /// The slot rules all slots share.
    private mutating func rules(_ element: MarkupElement, style: TextStyleAttributes, map: AffineMap) throws(CurveTypeError) -> MergeSlot.Rules {
        let name = label(element)
        var rules = MergeSlot.Rules()
        if let filter = style.filter, notes.count < 100 {
            notes.append("\(name): its filter (\(filter.prefix(40))) is not drawn: a slot draws its text's outlines alone")
        }
        rules.options = try Self.words(element["data-options"] ?? "")
        let scale = map.scaleFactor
        if let overflow = element["data-overflow"] {
            guard let value = MergeSlot.Overflow(rawValue: overflow) else {
                throw .invalidInput("\(name): data-overflow must be shrink, wrap or refuse, not \"\(overflow.prefix(40))\"")
            }
            rules.overflow = value
        }
        if let text = element["data-min-size"] {
            guard let size = TextStyleAttributes.fontSize(text), size.isFinite, size > 0 else {
                throw .invalidInput("\(name): data-min-size must be a size greater than 0, not \"\(text.prefix(40))\"")
            }
            rules.minimumSize = size * scale
        }
        if let text = element["data-max-lines"] {
            guard let lines = Int(text), (1...100).contains(lines) else {
                throw .invalidInput("\(name): data-max-lines must be from 1 to 100, not \"\(text.prefix(40))\"")
            }
            rules.maximumLines = lines
        }
        if let share = element["data-share-size"] {
            guard let value = MergeSlot.SizeSharing(rawValue: share) else {
                throw .invalidInput("\(name): data-share-size must be document or row, not \"\(share.prefix(40))\"")
            }
            rules.sharing = value
        }
        if let size = style.size {
            guard size.isFinite, size > 0 else { throw .invalidInput("\(name): its font-size must be greater than 0") }
            rules.size = size * scale
        }
        rules.family = style.family
        rules.bold = style.bold
        rules.italic = style.italic
        if let fill = style.fill, fill != "none" { rules.color = paintServerColor(fill, name: name) ?? fill }
        return rules
    }

    private func textContent(_ element: MarkupElement) -> String {
        // Inkscape writes each line as a `<tspan sodipodi:role="line">`.
        let lines = element.children.filter { $0.name == "tspan" || $0.name == "textPath" }
        if lines.isEmpty { return element.text.trimmed { $0.properties.isWhitespace } }
        return lines.map { textContent($0) }.filter { !$0.isEmpty }.joined(separator: element.name == "text" ? "\n" : " ")
    }

    private mutating func textSlot(_ element: MarkupElement, map: AffineMap, style outer: TextStyleAttributes) throws(CurveTypeError) -> MergeSlot {
        let name = label(element)
        // The first line's style and position stand for the text's (Inkscape styles its tspans).
        let firstLine = element.children.first { $0.name == "tspan" || $0.name == "textPath" }
        var style = outer
        if let firstLine { style = try styled(outer, firstLine) }
        if style.shapeInside == nil { style.shapeInside = outer.shapeInside }
        var rules = try rules(element, style: style, map: map)
        let command = element["data-curvetype"]
        let field = element["data-field"]
        let text = textContent(element)
        let align = MergeSlot.alignment(style.anchor)
        rules.align = align
        // On a path: <textPath href="#id">.
        if let path = element.children.first(where: { $0.name == "textPath" }) {
            guard let reference = (path["href"] ?? path["xlink:href"]), reference.hasPrefix("#"), let target = byID[String(reference.dropFirst())] else {
                throw .invalidInput("\(name): its <textPath> names no element of the template")
            }
            guard var curve = Self.shapePath(target.element) else {
                throw .invalidInput("\(name): its <textPath> follows a <\(target.element.name)>, which has no path")
            }
            curve = curve.transformed(by: target.map)
            let offset = path["startOffset"] ?? "0"
            return MergeSlot(label: name, field: field, text: text, command: command ?? "path",
                             kind: .path(curve, startOffset: offset), rules: rules)
        }
        // In a shape: Inkscape's `shape-inside: url(#id)`.
        if let inside = style.shapeInside, inside.hasPrefix("url(#") {
            let id = String(inside.dropFirst(5).prefix { $0 != ")" })
            guard let target = byID[id], let bounds = Self.shapePath(target.element)?.bounds() else {
                throw .invalidInput("\(name): its shape-inside names no shape of the template")
            }
            return MergeSlot(label: name, field: field, text: text, command: command ?? "fit",
                             kind: .box(bounds, map: target.map), rules: rules)
        }
        // Straight, at its x and y; its lines as far apart as the designer's lines are (their
        // tspans' y), else by its line height.
        let x = position((firstLine?["x"]).flatMap(Self.firstOfList) ?? element["x"].flatMap(Self.firstOfList), of: viewBox.width) ?? 0
        let y = position((firstLine?["y"]).flatMap(Self.firstOfList) ?? element["y"].flatMap(Self.firstOfList), of: viewBox.height) ?? 0
        let lineSpans = element.children.filter { $0.name == "tspan" && !textContent($0).isEmpty }
        let lineYs = lineSpans.compactMap { position($0["y"].flatMap(Self.firstOfList), of: viewBox.height) }
        var spacing = style.lineSpacing
        if lineYs.count >= 2, lineYs[1] > lineYs[0] { spacing = lineYs[1] - lineYs[0] }
        // Where the designer put each line, when every line says (Illustrator moves a centred
        // text's lines by their own x).
        let origins = lineSpans.compactMap { span -> Point? in
            guard let x = position(span["x"].flatMap(Self.firstOfList), of: viewBox.width),
                  let y = position(span["y"].flatMap(Self.firstOfList), of: viewBox.height) else { return nil }
            return Point(x: x, y: y)
        }
        return MergeSlot(label: name, field: field, text: text, command: command ?? "path",
                         kind: .line(origin: Point(x: x, y: y), map: map, lineSpacing: spacing,
                                     lineOrigins: origins.count == lineSpans.count && origins.count > 1 ? origins : []), rules: rules)
    }

    private mutating func shapeSlot(_ element: MarkupElement, map: AffineMap, style: TextStyleAttributes) throws(CurveTypeError) -> MergeSlot {
        let name = label(element)
        guard Self.shapes.contains(element.name) else {
            throw .invalidInput("\(name): a slot is a <text>, <circle>, <ellipse>, <path>, <line>, <polyline>, <polygon> or <rect>, not a <\(element.name)>")
        }
        guard let path = Self.shapePath(element), let bounds = path.bounds() else {
            throw .invalidInput("\(name): the slot's <\(element.name)> has no size")
        }
        var rules = try rules(element, style: style, map: map)
        rules.align = .center
        let field = element["data-field"]
        let command = element["data-curvetype"]
        switch command {
        case nil, "circle", "path", "fit":
            let isBox = element.name == "rect"
            switch command ?? (isBox ? "fit" : element.name == "circle" ? "circle" : "path") {
            case "fit":
                return MergeSlot(label: name, field: field, text: "", command: "fit", kind: .box(bounds, map: map), rules: rules)
            case "circle":
                guard element.name == "circle", let center = map.similarityScale.map({ _ in map.apply(Point(x: Self.number(element["cx"]) ?? 0, y: Self.number(element["cy"]) ?? 0)) }) else {
                    throw .invalidInput("\(name): a ring slot is a <circle> drawn round (not stretched by a transform); use a path slot for an ellipse")
                }
                let radius = (Self.number(element["r"]) ?? 0) * map.scaleFactor
                return MergeSlot(label: name, field: field, text: "", command: "circle", kind: .ring(center: center, radius: radius), rules: rules)
            default:
                // From 12 o'clock for a circle or an ellipse, as `path --ellipse` runs.
                return MergeSlot(label: name, field: field, text: "", command: "path",
                                 kind: .path(path.transformed(by: map), startOffset: element["data-start-offset"] ?? (["circle", "ellipse"].contains(element.name) ? "0" : "50%")), rules: rules)
            }
        case let command?:
            guard CommandDeclaration.drawingNames.contains(command) else {
                throw .invalidInput("\(name): data-curvetype=\"\(command.prefix(40))\" is not a command (\(CommandDeclaration.drawingNames.joined(separator: ", ")))")
            }
            return MergeSlot(label: name, field: field, text: "", command: command, kind: .drawing(bounds, map: map), rules: rules)
        }
    }

    /// A text's `x` or `y` in user units: a number, px, or a percentage of the view box's
    /// `extent` (OpenCRVS's templates centre texts at `x="50%"`).
    private func position(_ text: String?, of extent: Double) -> Double? {
        guard let t = text?.trimmed(), t.hasSuffix("%") else { return Self.number(text) }
        return Double(t.dropLast()).flatMap { $0.isFinite ? $0 / 100 * extent : nil }
    }

    static func firstOfList(_ text: String) -> String? {
        text.split(whereSeparator: { $0 == " " || $0 == "," }).first.map(String.init)
    }

    static func number(_ text: String?) -> Double? {
        guard var t = text?.trimmed(), !t.isEmpty else { return nil }
        if t.hasSuffix("px") { t.removeLast(2) }
        guard let v = Double(t), v.isFinite else { return nil }
        return v
    }

    /// A shape's outline in its own user units, as SVG 2 defines each (a circle or an ellipse
    /// from its rightmost point, clockwise on the page; the path a `<textPath>` follows).
    static func shapePath(_ element: MarkupElement) -> Path? {
        func n(_ name: String) -> Double { number(element[name]) ?? 0 }
        var path = Path()
        switch element.name {
        case "path":
            guard let d = element["d"], let parsed = try? Path(svgPathData: d) else { return nil }
            path = parsed
        case "rect":
            let (w, h) = (n("width"), n("height"))
            guard w > 0, h > 0 else { return nil }
            path = Path(rectangle: Rect(minX: n("x"), minY: n("y"), maxX: n("x") + w, maxY: n("y") + h))
        case "circle", "ellipse":
            let rx = element.name == "circle" ? n("r") : n("rx"), ry = element.name == "circle" ? n("r") : n("ry")
            guard rx > 0, ry > 0 else { return nil }
            let (cx, cy) = (n("cx"), n("cy"))
            // Four quarter arcs as cubics (k: the usual 0.5523 of a quarter circle).
            let k = 0.5522847498307936
            path.move(to: Point(x: cx + rx, y: cy))
            path.elements.append(.cubic(Point(x: cx + rx, y: cy + k * ry), Point(x: cx + k * rx, y: cy + ry), Point(x: cx, y: cy + ry)))
            path.elements.append(.cubic(Point(x: cx - k * rx, y: cy + ry), Point(x: cx - rx, y: cy + k * ry), Point(x: cx - rx, y: cy)))
            path.elements.append(.cubic(Point(x: cx - rx, y: cy - k * ry), Point(x: cx - k * rx, y: cy - ry), Point(x: cx, y: cy - ry)))
            path.elements.append(.cubic(Point(x: cx + k * rx, y: cy - ry), Point(x: cx + rx, y: cy - k * ry), Point(x: cx + rx, y: cy)))
            path.elements.append(.close)
        case "line":
            path.move(to: Point(x: n("x1"), y: n("y1")))
            path.line(to: Point(x: n("x2"), y: n("y2")))
        case "polyline", "polygon":
            let values = (element["points"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }).compactMap { Double($0) }
            for index in stride(from: 0, to: values.count - 1, by: 2) {
                let point = Point(x: values[index], y: values[index + 1])
                if index == 0 { path.move(to: point) } else { path.line(to: point) }
            }
            if element.name == "polygon" && !path.isEmpty { path.elements.append(.close) }
        default:
            return nil
        }
        return path.isEmpty ? nil : path
    }
}

extension AffineMap {
    /// How much the map scales lengths: the square root of its area's scale.
    var scaleFactor: Double { abs(a * d - b * c).squareRoot() }

    /// The scale of a map that keeps shapes (rotation, uniform scale, translation); `nil` if it
    /// stretches or skews them.
    var similarityScale: Double? {
        let s = scaleFactor
        guard s > 0, abs(a - d) <= 1e-9 * s + 1e-12 || abs(a + d) <= 1e-9 * s, abs(b + c) <= 1e-9 * s || abs(b - c) <= 1e-9 * s,
              abs((a * a + b * b).squareRoot() - s) <= 1e-9 * max(1, s) else { return nil }
        return s
    }
}

/// One slot of a template: where its text goes, which command sets it, and its rules.
public struct MergeSlot: Sendable {
    /// What a value too long for the slot does.
    public enum Overflow: String, Sendable {
        /// Smaller, down to the slot's minimum size; wrap onto more lines (a box only), then
        /// smaller; or refuse the row.
        case shrink, wrap, refuse
    }

    /// Which sizes are shared.
    public enum SizeSharing: String, Sendable {
        /// One size for the slot in every row of the document.
        case document
        /// One size for every such slot of a row.
        case row
    }

    /// Where the slot is.
    public enum Kind: Sendable {
        /// Round a circle, px on the page.
        case ring(center: Point, radius: Double)
        /// Along a path in page px, from `startOffset` (px or a percentage, as SVG's).
        case path(Path, startOffset: String)
        /// Along a straight baseline from `origin`, in the user units `map` takes to the page;
        /// each further line of the text (after a line feed) `lineSpacing` lower, user units at
        /// the designer's size. `lineOrigins`: where the template's own lines are, each (user
        /// units), when it has more than one and says where each goes; empty otherwise.
        case line(origin: Point, map: AffineMap, lineSpacing: Double, lineOrigins: [Point])
        /// In a box, in the user units `map` takes to the page.
        case box(Rect, map: AffineMap)
        /// A whole drawing fitted into a box, in the user units `map` takes to the page.
        case drawing(Rect, map: AffineMap)
    }

    /// The slot's rules and the designer's text style, in page px.
    public struct Rules: Sendable {
        /// More of the command's options (`data-options`), words as the command line reads them.
        public var options: [String] = []
        /// What a value too long for the slot does (`data-overflow`).
        public var overflow = Overflow.shrink
        /// px on the page; `nil`: half the slot's size.
        public var minimumSize: Double?
        /// A box's most lines when it wraps (`data-max-lines`); `nil`: 3.
        public var maximumLines: Int?
        /// Which size the slot shares (`data-share-size`), if any.
        public var sharing: SizeSharing?
        /// px on the page.
        public var size: Double?
        /// The font family the designer chose.
        public var family: String?
        /// A bold face (`font-weight` 600 or more).
        public var bold = false
        /// An italic face.
        public var italic = false
        /// The text's colour, a CSS colour (`fill`).
        public var color: String?
        /// Which edge of the text is at its anchor (`text-anchor`).
        public var align = TextAlignment.start
    }

    /// How the slot is named in messages.
    public var label: String
    /// The column whose value is the slot's text; `nil`: `text`.
    public var field: String?
    /// The template's own text (a `<text>` that is not a slot, or the sample).
    public var text: String
    /// The command that sets it.
    public var command: String
    /// Where the slot is.
    public var kind: Kind
    /// Its rules and style.
    public var rules: Rules
    /// The outlines of the clip paths and masks of the groups around it (page px), each of which
    /// cuts it, as browsers cut what the groups hold (a design program masks a text field so).
    public var clips: [Path] = []

    /// The columns the slot reads.
    public var columns: [String] {
        var out = field.map { [$0] } ?? []
        for word in rules.options { out += Self.placeholders(in: word) }
        return out
    }

    /// `{COLUMN}` names in `word`.
    static func placeholders(in word: String) -> [String] {
        var out: [String] = []
        _ = filling(word) { (name: String) -> String in
            if !name.isEmpty { out.append(name) }
            return ""
        }
        return out
    }

    /// `word` with each `{NAME}` replaced by `value(NAME)`; the rest kept as it is. The one
    /// reader of placeholders: in options, in output names, and in listing the columns read.
    static func filling<E: Error>(_ word: String, _ value: (String) throws(E) -> String) throws(E) -> String {
        guard word.contains("{") else { return word }
        var out = ""
        var rest = word[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            out += try value(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    static func alignment(_ anchor: String?) -> TextAlignment {
        switch anchor {
        case "middle": .center
        case "end": .end
        default: .start
        }
    }
}
