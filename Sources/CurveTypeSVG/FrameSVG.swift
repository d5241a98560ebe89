import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry

extension Frame {
    /// The frame as one SVG document: numbers in `format`, every id under `idPrefix` (a letter
    /// or `_`, then letters, digits, `-`, `_` or `.`; `nil`: `ct` and eight hex digits of a
    /// hash of the document, so the ids follow from what is drawn). With `textLayers`, each
    /// text layer is written as invisible text where its outlines are, so the drawing looks the
    /// same and its text can be selected, found, copied and read aloud (`--glyphs selectable`);
    /// without, the text layers are left out. `expectedBytes` is a hint for the document's size,
    /// so a large one grows its buffer once.
    ///
    /// Written in one pass over the frame into one byte buffer, after a first pass that defines
    /// each distinct glyph once: the same frame gives the same bytes on every machine.
    public func svg(format: SVGNumberFormat, idPrefix: String? = nil, textLayers: Bool = false, expectedBytes: Int = 8192) throws -> String {
        if let allowance = roundingAllowance, format.pointRounding > allowance * (1 + 1e-9) {
            throw SVGError.roundsPastTolerance(allowance: allowance, precision: format.precision)
        }
        var writer = try SVGWriter(format: format, idPrefix: idPrefix, expectedBytes: expectedBytes)
        writer.writesTextLayers = textLayers
        try writer.write(strokingSingleLineGlyphs())
        return writer.finish()
    }
}

extension SVGWriter {
    /// Writes `frame`: the document's start, the colour scheme's rule, the backdrop, the glyph
    /// definitions, then the items. `finish()` closes the document.
    mutating func write(_ frame: Frame) throws {
        try startDocument(width: frame.width, height: frame.height, label: frame.title, isImage: frame.isImage, unit: frame.unit)
        shared = SharedDefinitions(frame)
        if let scheme = frame.colorScheme {
            let ink = idPrefix + "-ink"
            style(".\(ink){color:\(scheme.light.value)}@media (prefers-color-scheme:dark){.\(ink){color:\(scheme.dark.value)}}")
        }
        if !shared.darkColors.values.isEmpty {
            // The light colours are the elements' own attributes, so a viewer that reads no
            // media query (or no style sheet) draws the light scheme; a rule outranks them.
            var rules = "@media (prefers-color-scheme:dark){"
            for (index, rule) in shared.darkColors.values.enumerated() {
                rules += ".\(idPrefix)-d\(index){\(rule.property.name):\(rule.color.value)}"
            }
            style(rules + "}")
        }
        // Every glyph is defined before its first use: after the backdrop, unless the backdrop
        // has glyphs of its own.
        var backdropRuns: [GlyphRun] = [], itemRuns: [GlyphRun] = []
        DefinedGlyphs.collect(frame.backdrop, into: &backdropRuns)
        DefinedGlyphs.collect(frame.items, into: &itemRuns)
        var runs = GlyphRunCursor()
        var glyphs = DefinedGlyphs()
        if !backdropRuns.isEmpty { glyphs = try DefinedGlyphs(defining: backdropRuns + itemRuns, into: &self) }
        try defineShared(.backdrop)
        for item in frame.backdrop { try write(item, glyphs: glyphs, runs: &runs) }
        if backdropRuns.isEmpty && !itemRuns.isEmpty { glyphs = try DefinedGlyphs(defining: itemRuns, into: &self) }
        try defineShared(.items)
        for item in frame.items { try write(item, glyphs: glyphs, runs: &runs) }
    }

    private mutating func write(_ item: FrameItem, glyphs: DefinedGlyphs, runs: inout GlyphRunCursor) throws {
        switch item {
        case .group(let group):
            if group.animations.isEmpty, group.items.count == 1, case .glyphs(let run) = group.items[0],
               let index = shared.repeatedRuns.index(of: RepeatedRun(run)) {
                try use(group, run: run, index: index, glyphs: glyphs, runs: &runs)
                return
            }
            raw("<g")
            try styles(group.style)
            if group.isDecoration { raw(" aria-hidden=\"true\"") }
            raw(">\n")
            try animations(group.animations)
            for child in group.items { try write(child, glyphs: glyphs, runs: &runs) }
            raw("</g>\n")
        case .shape(let shape):
            try write(shape)
        case .glyphs(let run):
            try glyphs.use(run, index: runs.next(), into: &self)
        case .text(let run):
            for cluster in run.clusters {
                try text(cluster.text, x: cluster.origin.x, y: cluster.origin.y, angle: cluster.angle, fontFamily: cluster.fontFamily)
            }
        case .textLine(let line):
            try write(line)
        case .textOnPath(let text):
            try write(text)
        case .image(let image):
            let b = image.box
            switch image.content {
            case .vector(let picture): try embed(picture, x: b.minX, y: b.minY, width: b.width, height: b.height)
            case .raster(let raster): try embed(raster, x: b.minX, y: b.minY, width: b.width, height: b.height)
            }
        case .textLayer(let layer):
            if writesTextLayers { try write(layer) }
        case .link(let link):
            raw("<a xlink:href=\""); escaped(link.url, attribute: true)
            raw("\" target=\"_blank\" aria-label=\""); escaped(link.label, attribute: true); raw("\">\n")
            for child in link.items { try write(child, glyphs: glyphs, runs: &runs) }
            raw("</a>\n")
        }
    }

    /// A group of one glyph run that the frame draws more than once (a text and its shadow):
    /// the run's glyphs defined once as `<g id="prefix-uN">`, at its first use, then a `<use>`
    /// in the group's style for each, its translation written as `x` and `y`.
    private mutating func use(_ group: FrameGroup, run: GlyphRun, index: Int, glyphs: DefinedGlyphs,
                              runs: inout GlyphRunCursor) throws {
        let name = "u\(index)"
        if shared.defineRun(index) {
            raw("<defs>\n<g id=\""); try id(name); raw("\">\n")
            try glyphs.use(run, index: runs.next(), into: &self)
            raw("</g>\n</defs>\n")
        } else {
            _ = runs.next()
        }
        var style = group.style, offset = Point.zero
        if let last = style.indices.last, case .transform(let m) = style[last], m.a == 1, m.b == 0, m.c == 0, m.d == 1 {
            offset = Point(x: m.tx, y: m.ty)
            style.removeLast()
        }
        raw("<use xlink:href=\"#"); try id(name); raw("\"")
        try styles(style)
        if offset.x != 0 { raw(" x=\""); try number(offset.x); raw("\"") }
        if offset.y != 0 { raw(" y=\""); try number(offset.y); raw("\"") }
        if group.isDecoration { raw(" aria-hidden=\"true\"") }
        raw("/>\n")
    }

    /// `prefix-name`. A name is what follows the prefix in an XML id (letters, digits, `-`, `_`,
    /// `.`): a frame made by hand with another is refused, not written as broken SVG.
    private mutating func id(_ name: String) throws(SVGError) {
        guard !name.isEmpty, name.utf8.allSatisfy(Self.isNameByte) else {
            throw .refused("a frame's names are letters, digits, '-', '_' and '.', not \"\(name.prefix(40))\"")
        }
        rawText(idPrefix); raw("-"); rawText(name)
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F || b == 0x2E
    }

    private mutating func write(_ shape: FrameShape) throws {
        let name: StaticString
        switch shape.geometry {
        case .rect(let r, let cornerRadius):
            name = "rect"
            raw("<rect")
            if r.minX != 0 || r.minY != 0 {
                raw(" x=\""); try number(r.minX); raw("\" y=\""); try number(r.minY); raw("\"")
            }
            raw(" width=\""); try number(r.width); raw("\" height=\""); try number(r.height); raw("\"")
            if cornerRadius != 0 { raw(" rx=\""); try number(cornerRadius); raw("\"") }
        case .circle(let center, let radius):
            name = "circle"
            raw("<circle cx=\""); try number(center.x); raw("\" cy=\""); try number(center.y)
            raw("\" r=\""); try number(radius); raw("\"")
        case .path(let path):
            name = "path"
            raw("<path d=\""); try appendPathData(path); raw("\"")
        }
        try styles(shape.style)
        guard !shape.animations.isEmpty else {
            raw("/>\n")
            return
        }
        raw(">\n")
        try animations(shape.animations)
        raw("</"); raw(name); raw(">\n")
    }

    /// A style list's attributes, in order. A translucent colour is written as its opaque
    /// colour and an opacity attribute (SVG 1.1's form, which Inkscape 1.2 draws; it paints
    /// `rgba()` black), multiplied by a fill opacity that follows it.
    private mutating func styles(_ list: [Style]) throws {
        guard !list.isEmpty else { return }
        var classes: [String] = []
        if list.contains(where: { if case .fill(.ink) = $0 { true } else if case .stroke(.ink) = $0 { true } else { false } }) {
            classes.append(idPrefix + "-ink")
        }
        // (Looked for only where the frame has dark colours: a frame without pays nothing.)
        if !shared.darkColors.values.isEmpty {
            for style in list {
                switch style {
                case .fill(.schemed(_, let dark)): classes.append(darkClass(.fill, dark))
                case .stroke(.schemed(_, let dark)): classes.append(darkClass(.stroke, dark))
                default: break
                }
            }
        }
        if !classes.isEmpty { raw(" class=\""); rawText(classes.joined(separator: " ")); raw("\"") }
        var fillOpacityWritten = false
        var css: [String] = []
        defer {
            if !css.isEmpty {
                raw(" style=\"")
                for (index, declaration) in css.enumerated() {
                    if index > 0 { raw(";") }
                    rawText(declaration)
                }
                raw("\"")
            }
        }
        for style in list {
            switch style {
            case .fill(let p):
                var factor = 1.0
                if p.isTranslucent, let given = list.lazy.compactMap({ if case .fillOpacity(let o) = $0 { o } else { nil } }).first {
                    factor = min(max(given, 0), 1)
                    fillOpacityWritten = true
                }
                try paint(.fill, p, opacity: factor)
            case .fillOpacity(let o):
                guard !fillOpacityWritten else { continue }
                raw(" fill-opacity=\""); try opacity(o); raw("\"")
            case .fillRule(let rule): raw(" fill-rule=\""); rawText(rule.rawValue); raw("\"")
            case .stroke(let p): try paint(.stroke, p, opacity: 1)
            case .strokeOpacity(let o): raw(" stroke-opacity=\""); try opacity(o); raw("\"")
            case .strokeWidth(let w): raw(" stroke-width=\""); try number(w); raw("\"")
            case .miterLimit(let limit): raw(" stroke-miterlimit=\""); try number(limit); raw("\"")
            case .lineCap(let cap): raw(" stroke-linecap=\""); rawText(cap.rawValue); raw("\"")
            case .lineJoin(let join): raw(" stroke-linejoin=\""); rawText(join.rawValue); raw("\"")
            case .dash(let pattern):
                guard let pattern else { raw(" stroke-dasharray=\"none\""); continue }
                raw(" stroke-dasharray=\"")
                for (index, length) in pattern.lengths.enumerated() {
                    if index > 0 { raw(" ") }
                    try number(length)
                }
                raw("\"")
                if pattern.offset != 0 { raw(" stroke-dashoffset=\""); try number(pattern.offset); raw("\"") }
            case .fontFamily(let family): raw(" font-family=\""); escaped(family, attribute: true); raw("\"")
            case .fontSize(let size): raw(" font-size=\""); try number(size); raw("\"")
            case .fontWeight(let weight): raw(" font-weight=\""); rawText(String(min(max(weight, 100), 900))); raw("\"")
            case .italic: raw(" font-style=\"italic\"")
            case .clip(let shapes): raw(" clip-path=\"url(#"); try id("c\(shared.clips.index(of: shapes) ?? 0)"); raw(")\"")
            case .mask(let shapes): raw(" mask=\"url(#"); try id("m\(shared.masks.index(of: shapes) ?? 0)"); raw(")\"")
            case .opacity(let o): raw(" opacity=\""); try opacity(o); raw("\"")
            case .crispEdges: raw(" shape-rendering=\"crispEdges\"")
            case .hidden: raw(" display=\"none\"")
            case .isolated: css.append("isolation:isolate")
            case .penStroke: break
            case .blend(let mode): css.append("mix-blend-mode:" + mode.rawValue)
            case .transform(let m): raw(" transform=\""); try matrix(m); raw("\"")
            }
        }
    }

    /// The class whose rule paints `property` `dark` in dark mode (`prefix-dN`).
    private func darkClass(_ property: PaintAttribute, _ dark: SVGColor) -> String {
        "\(idPrefix)-d\(shared.darkColors.index(of: DarkColor(property: property, color: dark)) ?? 0)"
    }

    /// ` name="paint"`, and ` name-opacity="…"` when the paint is translucent or `opacity` is
    /// below 1.
    private mutating func paint(_ attribute: PaintAttribute, _ paint: Paint, opacity: Double) throws {
        raw(" "); raw(attribute.name); raw("=\"")
        let opacityName = attribute.opacity
        var alpha = opacity
        switch paint {
        case .none: raw("none")
        case .ink: raw("currentColor")
        case .gradient(let gradient): raw("url(#"); try id("p\(shared.gradients.index(of: gradient) ?? 0)"); raw(")")
        case .color(let color), .schemed(light: let color, dark: _):
            if let (opaque, a) = SVGColor.opaqueAndAlpha(color.value) {
                rawText(opaque)
                alpha *= a
                // A colour's own alpha keeps its leading zero (`0.5`), as colours are written.
                raw("\" "); raw(opacityName); raw("=\""); try out.append(alpha, format: SVGWriter.opacityFormat); raw("\"")
                return
            }
            escaped(color.value, attribute: true)
        }
        raw("\"")
        if alpha != 1 { raw(" "); raw(opacityName); raw("=\""); try self.opacity(alpha); raw("\"") }
    }

    /// An opacity or a gradient offset, to three decimals, without the leading zero of a
    /// fraction (`.3`, as shields writes its shadows and gradients).
    private mutating func opacity(_ value: Double) throws {
        let start = out.count
        try out.append(value, format: SVGWriter.opacityFormat)
        out.dropLeadingZero(from: start)
    }

    private static let opacityFormat = SVGNumberFormat(unchecked: 3)

    /// `matrix(a b c d e f)`: the linear part to six decimals (a rotation's cosines need them),
    /// the translation in the document's format.
    private mutating func matrix(_ m: AffineMap) throws {
        raw("matrix(")
        for value in [m.a, m.b, m.c, m.d] { try out.append(value, format: SVGWriter.factorFormat); raw(" ") }
        try number(m.tx); raw(" "); try number(m.ty); raw(")")
    }

    private static let factorFormat = SVGNumberFormat(unchecked: 6)

    private mutating func animations(_ list: [FrameAnimation]) throws {
        for animation in list {
            switch animation {
            case .rotation(let angles, let center, let keyTimes, let duration):
                raw("<animateTransform attributeName=\"transform\" type=\"rotate\" values=\"")
                for (index, angle) in angles.enumerated() {
                    if index > 0 { raw(";") }
                    try number(angle); raw(" "); try number(center.x); raw(" "); try number(center.y)
                }
                raw("\" keyTimes=\""); try times(keyTimes)
                raw("\" dur=\""); clock(duration); raw("\" fill=\"freeze\"/>\n")
            case .outline(let paths, let keyTimes, let duration):
                raw("<animate attributeName=\"d\" values=\"")
                for (index, path) in paths.enumerated() {
                    if index > 0 { raw(";") }
                    try appendPathData(path)
                }
                raw("\" keyTimes=\""); try times(keyTimes)
                raw("\" dur=\""); clock(duration); raw("\" fill=\"freeze\"/>\n")
            case .visibility(let visible, let begin, let end, let duration):
                raw("<set attributeName=\"display\" to=\""); raw(visible ? "inline" : "none")
                raw("\" begin=\""); clock(begin); raw("\"")
                if let end { raw(" end=\""); clock(end); raw("\"") }
                if let duration { raw(" dur=\""); clock(duration); raw("\"") }
                raw("/>\n")
            }
        }
    }

    /// Key times (0…1), `;`-separated, in the document's format.
    private mutating func times(_ keyTimes: [Double]) throws {
        for (index, t) in keyTimes.enumerated() {
            if index > 0 { raw(";") }
            try number(t)
        }
    }

    /// Seconds as a SMIL clock value, to 0.1 ms: boundaries written once, so intervals abut.
    private mutating func clock(_ seconds: Double) {
        // The format writes nothing when it throws (a time that is not finite or too large).
        if (try? out.append(seconds, format: SVGWriter.clockFormat)) == nil { raw("0") }
        raw("s")
    }

    private static let clockFormat = SVGNumberFormat(unchecked: 4)

    private mutating func write(_ line: TextLine) throws {
        raw("<text x=\""); try number(line.center.x)
        raw("\" font-family=\""); escaped(line.fontFamily, attribute: true)
        raw("\" font-size=\""); try number(line.fontSize)
        raw("\" text-anchor=\"middle\" textLength=\""); try number(line.width)
        raw("\" xml:space=\"preserve\"")
        if line.bold { raw(" font-weight=\"bold\"") }
        // textLength alone is ignored by some viewers (librsvg): say the letter spacing too.
        if line.letterSpacing != 0 { raw(" letter-spacing=\""); try number(line.letterSpacing); raw("\"") }
        raw(" y=\""); try number(line.center.y); raw("\"")
        if case .schemed(_, let dark) = line.fill { raw(" class=\""); rawText(darkClass(.fill, dark)); raw("\"") }
        try paint(.fill, line.fill, opacity: line.fillOpacity)
        if line.isDecoration { raw(" aria-hidden=\"true\"") }
        raw(">"); escaped(line.text, attribute: false); raw("</text>\n")
    }

    /// A text layer: one `<text>` of one `<tspan>` per cluster, in logical order, each on its
    /// cluster's baseline (`x`, `y`, `rotate`) and as long as it (`textLength`), painted fully
    /// transparent. Its characters are in the document's order, so a selection copies them in
    /// logical order whatever the direction; a viewer draws nothing for them, so the outlines
    /// look as they do without.
    private mutating func write(_ layer: TextLayer) throws {
        let utf8 = Array(layer.text.utf8)
        raw("<text font-size=\""); try number(layer.size)
        // Painted, and fully transparent: a viewer hit-tests painted text only (SVG's default
        // pointer-events is visiblePainted), so a `fill="none"` layer could be copied with
        // select-all but not reached by the mouse in Firefox or by a drag across a ring.
        raw("\" fill=\"#000\" fill-opacity=\"0\" stroke=\"none\"")
        // A viewer draws an emoji from its colour font whatever the fill (resvg does): a line
        // with one is transparent too. Only such a line, as Chromium paints a selection of
        // transparent text transparent, and a reader should see what is selected.
        if Self.hasEmoji(layer.text) { raw(" opacity=\"0\"") }
        raw(" xml:space=\"preserve\">")
        for cluster in layer.clusters where cluster.utf8.lowerBound >= 0 && cluster.utf8.upperBound <= utf8.count {
            raw("<tspan x=\""); try number(cluster.origin.x)
            raw("\" y=\""); try number(cluster.origin.y)
            var angle = cluster.angle.truncatingRemainder(dividingBy: 360)
            if angle < 0 { angle += 360 }
            if angle != 0 { raw("\" rotate=\""); try number(angle) }
            if cluster.advance > 0 {
                raw("\" textLength=\""); try number(cluster.advance); raw("\" lengthAdjust=\"spacingAndGlyphs")
            }
            raw("\">")
            escaped(String(decoding: utf8[cluster.utf8], as: UTF8.self), attribute: false)
            raw("</tspan>")
        }
        raw("</text>\n")
    }

    /// Whether `text` has a character a viewer draws as an emoji: one of emoji presentation, or
    /// one followed by the emoji variation selector (U+FE0F).
    static func hasEmoji(_ text: String) -> Bool {
        var previousIsEmoji = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isEmojiPresentation || (scalar.value == 0xFE0F && previousIsEmoji) { return true }
            previousIsEmoji = scalar.properties.isEmoji
        }
        return false
    }

    private mutating func write(_ text: TextOnPath) throws {
        raw("<defs>\n<path d=\""); try appendPathData(text.path); raw("\" id=\""); try id("path"); raw("\"/>\n</defs>\n")
        raw("<text")
        if case .schemed(_, let dark) = text.fill { raw(" class=\""); rawText(darkClass(.fill, dark)); raw("\"") }
        try paint(.fill, text.fill, opacity: 1)
        raw(" font-family=\""); escaped(text.fontFamily, attribute: true)
        raw("\" font-size=\""); try number(text.fontSize); raw("\"")
        if text.letterSpacing != 0 { raw(" letter-spacing=\""); try number(text.letterSpacing); raw("\"") }
        if text.baselineShift != 0 { raw(" dy=\""); try number(-text.baselineShift); raw("\"") }
        raw("><textPath xlink:href=\"#"); try id("path"); raw("\" startOffset=\""); try number(text.startOffset); raw("\">")
        escaped(text.text, attribute: false)
        raw("</textPath>\n</text>\n")
    }

    /// The gradients, clips and masks first met in `list` (those the backdrop shares were
    /// defined before it), in the order first met: gradients, then clips, then masks.
    private mutating func defineShared(_ list: SharedDefinitions.List) throws {
        for n in shared.gradients.values.indices where shared.firstList(.gradient, n) == list {
            try write(shared.gradients.values[n], name: "p\(n)")
        }
        for n in shared.clips.values.indices where shared.firstList(.clip, n) == list {
            raw("<clipPath id=\""); try id("c\(n)"); raw("\">\n")
            for shape in shared.clips.values[n] { try write(shape) }
            raw("</clipPath>\n")
        }
        for n in shared.masks.values.indices where shared.firstList(.mask, n) == list {
            let shapes = shared.masks.values[n]
            // An alpha mask over the shapes' own box (user space: a frame's masks have no units of
            // their own), so nothing they cover is cut by SVG's default region.
            let box = shapes.compactMap(\.bounds).reduce(nil as Rect?) { $0?.union($1) ?? $1 } ?? Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
            raw("<mask id=\""); try id("m\(n)")
            raw("\" maskUnits=\"userSpaceOnUse\" x=\""); try number(box.minX); raw("\" y=\""); try number(box.minY)
            raw("\" width=\""); try number(box.width); raw("\" height=\""); try number(box.height)
            raw("\" style=\"mask-type:alpha\">\n")
            for shape in shapes { try write(shape) }
            raw("</mask>\n")
        }
    }

    private mutating func write(_ gradient: Gradient, name: String) throws {
        let boxUnits = gradient.units == .boundingBox
        /// A coordinate: box units as a percentage, written where it differs from SVG's default;
        /// user space always (its defaults are the viewport's).
        func coordinate(_ attribute: StaticString, _ value: Double, default: Double) throws {
            guard !boxUnits || value != `default` else { return }
            raw(" "); raw(attribute); raw("=\"")
            if !boxUnits { try number(value) } else if value == 0 { raw("0") } else { try number(value * 100); raw("%") }
            raw("\"")
        }
        let element: StaticString
        switch gradient.shape {
        case .linear(let start, let end):
            element = "linearGradient"
            raw("<linearGradient id=\""); try id(name); raw("\"")
            try coordinate("x1", start.x, default: 0); try coordinate("y1", start.y, default: 0)
            try coordinate("x2", end.x, default: 1); try coordinate("y2", end.y, default: 0)
        case .radial(let center, let radius, let focus, let focusRadius):
            element = "radialGradient"
            raw("<radialGradient id=\""); try id(name); raw("\"")
            try coordinate("cx", center.x, default: 0.5); try coordinate("cy", center.y, default: 0.5)
            try coordinate("r", radius, default: 0.5)
            if focus != center || !boxUnits { try coordinate("fx", focus.x, default: .nan); try coordinate("fy", focus.y, default: .nan) }
            if focusRadius != 0 { try coordinate("fr", focusRadius, default: 0) }
        }
        if !boxUnits { raw(" gradientUnits=\"userSpaceOnUse\"") }
        if gradient.transform != .identity { raw(" gradientTransform=\""); try matrix(gradient.transform); raw("\"") }
        if gradient.spread != .pad { raw(" spreadMethod=\""); rawText(gradient.spread.rawValue); raw("\"") }
        raw(">\n")
        for stop in gradient.stops {
            raw("<stop offset=\""); try opacity(stop.offset); raw("\"")
            if let color = stop.color {
                try paint(.stopColor, .color(color), opacity: stop.opacity)
            } else if stop.opacity != 1 {
                raw(" stop-opacity=\""); try opacity(stop.opacity); raw("\"")
            }
            raw("/>\n")
        }
        raw("</"); raw(element); raw(">\n")
    }
}

/// What a frame shares between its items, each numbered in the order first met: gradients
/// (`prefix-pN`), clips (`prefix-cN`), masks (`prefix-mN`), and glyph runs drawn by more than
/// one group (`prefix-uN`). Sharing is found by value (hashing), so the frame names nothing.
struct SharedDefinitions {
    private(set) var gradients = ValueTable<Gradient>()
    private(set) var clips = ValueTable<[FrameShape]>()
    private(set) var masks = ValueTable<[FrameShape]>()
    /// Runs that are the one item of two or more groups, numbered.
    private(set) var repeatedRuns = ValueTable<RepeatedRun>()
    /// How many gradients, clips and masks the backdrop met first: the backdrop defines those,
    /// the items the rest.
    private var inBackdrop = (gradients: 0, clips: 0, masks: 0)
    /// Repeated runs whose glyphs are written (flags by number: no Set, see `ValueTable`).
    private var definedRuns: [Bool] = []
    /// The dark scheme's fills and strokes, each a class of the document's style rule.
    private(set) var darkColors = ValueTable<DarkColor>()

    /// The frame's two lists of items.
    enum List { case backdrop, items }

    init() {}

    /// Everything `frame` shares, in one walk.
    init(_ frame: Frame) {
        var groupRuns = ValueTable<RepeatedRun>(), counts: [Int] = []
        collect(frame.backdrop, runs: &groupRuns, counts: &counts)
        inBackdrop = (gradients.values.count, clips.values.count, masks.values.count)
        collect(frame.items, runs: &groupRuns, counts: &counts)
        for (run, count) in zip(groupRuns.values, counts) where count > 1 { repeatedRuns.insert(run) }
    }

    /// What is shared and defined: gradients, clips, masks.
    enum Kind { case gradient, clip, mask }

    /// The list that met number `n` of `kind` first.
    func firstList(_ kind: Kind, _ n: Int) -> List {
        let backdropCount = switch kind {
        case .gradient: inBackdrop.gradients
        case .clip: inBackdrop.clips
        case .mask: inBackdrop.masks
        }
        return n < backdropCount ? .backdrop : .items
    }

    /// Marks repeated run `n` written; whether it was not yet.
    mutating func defineRun(_ n: Int) -> Bool {
        while definedRuns.count <= n { definedRuns.append(false) }
        defer { definedRuns[n] = true }
        return !definedRuns[n]
    }
    private mutating func collect(_ items: [FrameItem], runs: inout ValueTable<RepeatedRun>, counts: inout [Int]) {
        for item in items {
            switch item {
            case .group(let group):
                note(group.style)
                if group.items.count == 1, case .glyphs(let run) = group.items[0] {
                    let (index, inserted) = runs.insert(RepeatedRun(run))
                    if inserted { counts.append(0) }
                    counts[index] += 1
                }
                collect(group.items, runs: &runs, counts: &counts)
            case .shape(let shape): note(shape.style)
            case .textLine(let line): note(line.fill, .fill)
            case .textOnPath(let text): note(text.fill, .fill)
            case .link(let link): collect(link.items, runs: &runs, counts: &counts)
            case .glyphs, .text, .image, .textLayer: break
            }
        }
    }

    private mutating func note(_ style: [Style]) {
        for item in style {
            switch item {
            case .fill(let paint): note(paint, .fill)
            case .stroke(let paint): note(paint, .stroke)
            case .clip(let shapes):
                for shape in shapes { note(shape.style) }
                clips.insert(shapes)
            case .mask(let shapes):
                for shape in shapes { note(shape.style) }
                masks.insert(shapes)
            default: break
            }
        }
    }

    private mutating func note(_ paint: Paint, _ property: PaintAttribute) {
        switch paint {
        case .gradient(let gradient): gradients.insert(gradient)
        case .schemed(_, let dark): darkColors.insert(DarkColor(property: property, color: dark))
        default: break
        }
    }
}

/// A fill or stroke colour of the dark scheme.
struct DarkColor: Hashable {
    let property: PaintAttribute
    let color: SVGColor
}

/// Distinct values in the order first inserted, found by hash value.
///
/// Why not a `Dictionary` keyed by the values: the first dictionary or set of a key type makes
/// the Swift runtime look its `Hashable` conformance up, a scan of every conformance in the
/// binary (about 0.25 M instructions each in the static release, measured with callgrind: six
/// of them were a tenth of a badge's process). A frame shares a few things, so their hashes
/// are searched in an array; past `linearLimit` a dictionary of hashes takes over.
struct ValueTable<Value: Hashable> {
    /// The values, in the order first inserted; a value's number is its index.
    private(set) var values: [Value] = []
    private var hashes: [Int] = []
    private var byHash: [Int: [Int]]?
    private static var linearLimit: Int { 64 }

    /// Adds `value` unless it is there; its number, and whether it was added.
    @discardableResult
    mutating func insert(_ value: Value) -> (index: Int, inserted: Bool) {
        let hash = value.hashValue
        if let index = index(of: value, hash: hash) { return (index, false) }
        values.append(value)
        hashes.append(hash)
        if byHash != nil {
            byHash?[hash, default: []].append(values.count - 1)
        } else if values.count > Self.linearLimit {
            var table: [Int: [Int]] = [:]
            for (index, hash) in hashes.enumerated() { table[hash, default: []].append(index) }
            byHash = table
        }
        return (values.count - 1, true)
    }

    /// `value`'s number, if it is there.
    func index(of value: Value) -> Int? { index(of: value, hash: value.hashValue) }

    private func index(of value: Value, hash: Int) -> Int? {
        if let byHash { return byHash[hash]?.first { values[$0] == value } }
        return hashes.indices.first { hashes[$0] == hash && values[$0] == value }
    }
}

/// A glyph run as a key: equal when it draws the same glyphs of the same fonts in the same
/// places. Hashed by its size and ends, so a long run is compared in full only against another
/// of the same shape.
struct RepeatedRun: Hashable {
    let run: GlyphRun

    init(_ run: GlyphRun) { self.run = run }

    static func == (a: RepeatedRun, b: RepeatedRun) -> Bool {
        a.run.glyphs == b.run.glyphs && a.run.fonts.count == b.run.fonts.count && zip(a.run.fonts, b.run.fonts).allSatisfy { $0 === $1 }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(run.glyphs.count)
        hasher.combine(run.glyphs.first)
        hasher.combine(run.glyphs.last)
        for font in run.fonts { hasher.combine(ObjectIdentifier(font)) }
    }
}


/// An attribute that takes a paint, and the opacity attribute that goes with it.
enum PaintAttribute: Hashable {
    case fill, stroke, stopColor

    var name: StaticString {
        switch self {
        case .fill: "fill"
        case .stroke: "stroke"
        case .stopColor: "stop-color"
        }
    }

    var opacity: StaticString {
        switch self {
        case .fill: "fill-opacity"
        case .stroke: "stroke-opacity"
        case .stopColor: "stop-opacity"
        }
    }
}

extension Paint {
    /// Whether the paint is a colour with an alpha below 1.
    var isTranslucent: Bool {
        if case .color(let color) = self { return color.value.hasPrefix("rgba(") }
        return false
    }
}

/// Counts glyph runs as the writer meets them, in the order the definitions pass collected them.
struct GlyphRunCursor {
    private var count = 0
    mutating func next() -> Int {
        defer { count += 1 }
        return count
    }
}

/// The `<defs>` of every distinct inked glyph of a frame's glyph runs, and their `<use>`s.
struct DefinedGlyphs {
    /// Each placed glyph's definition, `nil` for a glyph without ink, per run.
    private var references: [[SVGWriter.Reference?]] = []

    init() {}

    /// Every glyph run in `items`, in document order.
    static func collect(_ items: [FrameItem], into runs: inout [GlyphRun]) {
        for item in items {
            switch item {
            case .glyphs(let run): runs.append(run)
            case .group(let group): collect(group.items, into: &runs)
            case .link(let link): collect(link.items, into: &runs)
            case .shape, .text, .textLine, .textOnPath, .image, .textLayer: break
            }
        }
    }

    /// Writes `<defs>` with each distinct inked glyph of `runs` once, named by its font's place
    /// in the order the runs list their fonts; the same glyph at another size (a title beside a
    /// label) gets a name of its own.
    init(defining runs: [GlyphRun], into writer: inout SVGWriter) throws {
        // The document's fonts in order of first use (a few: compared by identity).
        var fonts: [Font] = []
        for run in runs {
            for font in run.fonts where !fonts.contains(where: { $0 === font }) { fonts.append(font) }
        }
        // Each font's glyph → its first size in `sizes`; a glyph's other sizes follow by `next`.
        var first = GlyphIndex(expected: runs.reduce(0) { $0 + $1.glyphs.count })
        var sizes: [(scale: Double, reference: SVGWriter.Reference?, next: Int32)] = []
        sizes.reserveCapacity(min(runs.reduce(0) { $0 + $1.glyphs.count }, 256))
        writer.startDefinitions()
        references.reserveCapacity(runs.count)
        for run in runs {
            let local = run.fonts.map { font in fonts.firstIndex { $0 === font } ?? 0 }
            var row: [SVGWriter.Reference?] = []
            row.reserveCapacity(run.glyphs.count)
            for placed in run.glyphs {
                let font = local.indices.contains(placed.font) ? local[placed.font] : 0
                // The glyph's sizes so far: the one at this scale, the last, how many are inked.
                var at = first[font, placed.glyph] ?? -1, last: Int32 = -1, inked = 0
                while at >= 0, sizes[Int(at)].scale != placed.scale {
                    if sizes[Int(at)].reference != nil { inked += 1 }
                    last = at
                    at = sizes[Int(at)].next
                }
                if at >= 0 {
                    row.append(sizes[Int(at)].reference)
                    continue
                }
                let definition = try GlyphDefinitions.definition(font: fonts[font], glyph: placed.glyph)
                var reference: SVGWriter.Reference?
                if definition.isInked {
                    let made = writer.glyphReference(font: font, glyph: placed.glyph, variant: inked + 1)
                    try writer.define(made, definition, glyph: placed.glyph, font: fonts[font], scale: placed.scale)
                    reference = made
                }
                let index = Int32(sizes.count)
                sizes.append((placed.scale, reference, -1))
                if last >= 0 { sizes[Int(last)].next = index } else { first[font, placed.glyph] = index }
                row.append(reference)
            }
            references.append(row)
        }
        writer.endDefinitions()
    }

    /// A `<use>` for each inked glyph of `run`, the `index`th run of the frame.
    func use(_ run: GlyphRun, index: Int, into writer: inout SVGWriter) throws {
        guard references.indices.contains(index) else { return }
        for (placed, reference) in zip(run.glyphs, references[index]) {
            guard let reference else { continue }
            switch placed.placement {
            case .rotated(let origin, let angle): try writer.use(reference, x: origin.x, y: origin.y, angle: angle)
            case .mapped(let map): try writer.use(reference, matrix: map)
            }
        }
    }
}

extension SVGWriter {
    /// One glyph's definition, by its kind: a bitmap, a paint tree, layers, or an outline.
    fileprivate mutating func define(_ made: Reference, _ definition: GlyphDefinitions.Definition, glyph: UInt32, font: Font,
                                     scale: Double) throws {
        if let image = definition.image {
            let b = image.bounds
            try glyphDefinition(made, png: image.png, minX: b.minX, maxY: b.maxY, width: b.maxX - b.minX,
                                height: b.maxY - b.minY, scale: scale, extent: definition.extent)
        } else if let paint = definition.paint {
            var body = try SVGWriter(format: format, idPrefix: givenPrefix)
            var painter = ColorPaintSVG(idPrefix: name(of: made), glyphName: "\(glyph) of \(font.familyName)", outlines: paint.outlines)
            try painter.write(paint.tree, box: paint.box, definitions: &self, body: &body)
            try startGlyphDefinition(made, scale: scale, extent: definition.extent)
            append(body)
            endGroup()
        } else if let layers = definition.layers {
            try glyphDefinition(made, layers: layers.map { ($0.pathData, $0.color) }, scale: scale, extent: definition.extent)
        } else if let data = definition.pathData {
            let tail = try definition.scaledOutline(scale: scale, precision: format.precision) { () throws(SVGError) in
                try scaledOutline(pathBytes: data, scale: scale, extent: definition.extent)
            }
            glyphDefinition(made, tail: tail)
        }
    }
}

/// Values by (font, glyph) for one document: an open-addressed table that grows by doubling.
///
/// Written by hand: a `Dictionary`'s first use of a key type costs the runtime a scan of every
/// protocol conformance (about 230,000 instructions, more than a badge), and a page table per
/// font made and zeroed a kilobyte per font per document.
struct GlyphIndex {
    private var keys: [UInt64]
    private var values: [Int32]
    private var count = 0
    private static let empty = UInt64.max

    /// A table with room for about `expected` keys before it grows (at most 4,096 to start).
    init(expected: Int) {
        var capacity = 16
        while capacity < min(expected, 4096) * 2 { capacity *= 2 }
        keys = Array(repeating: Self.empty, count: capacity)
        values = Array(repeating: 0, count: capacity)
    }

    private static func key(_ font: Int, _ glyph: UInt32) -> UInt64 { UInt64(truncatingIfNeeded: font) << 32 | UInt64(glyph) }

    private func slot(of key: UInt64) -> Int {
        let mask = keys.count - 1
        // Fibonacci hashing spreads neighbouring glyph ids over the table.
        var at = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while keys[at] != Self.empty && keys[at] != key { at = (at + 1) & mask }
        return at
    }

    subscript(font: Int, glyph: UInt32) -> Int32? {
        get {
            let at = slot(of: Self.key(font, glyph))
            return keys[at] == Self.empty ? nil : values[at]
        }
        set {
            guard let newValue else { return }
            let key = Self.key(font, glyph)
            var at = slot(of: key)
            if keys[at] == Self.empty {
                if (count + 1) * 2 > keys.count {
                    grow()
                    at = slot(of: key)
                }
                keys[at] = key
                count += 1
            }
            values[at] = newValue
        }
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != Self.empty }
        keys = Array(repeating: Self.empty, count: keys.count * 2)
        values = Array(repeating: 0, count: keys.count)
        for (key, value) in old {
            let at = slot(of: key)
            keys[at] = key
            values[at] = value
        }
    }
}
