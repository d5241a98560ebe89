#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// What every drawing command shares: cleaning and shaping its text, checking its frame, and
// writing placed glyphs as outlines or as text.

extension TextInput {
    /// The text without control characters, and how many were removed; throws if nothing is left.
    static func cleanedForDrawing(_ text: String) throws(CurveTypeError) -> (text: String, removed: Int) {
        let (cleaned, removed) = clean(text)
        guard !cleaned.isEmpty else {
            throw .invalidInput(removed > 0 ? "the text has only control characters" : "the text is empty")
        }
        return (cleaned, removed)
    }
}

/// Resolves `font` (with `fallbacks` tried first for characters it lacks), shapes `text`
/// (in bidi order unless `bidi` is false), and says what a user should hear about it: removed
/// control characters and characters no font has.
func shape(_ text: String, font: FontRequest, fallbacks: [FontRequest] = [], features: [FontFeature],
           removed: Int, bidi: Bool = true) throws(CurveTypeError) -> (run: ShapedRun, warnings: [CurveTypeWarning]) {
    guard features.count <= maximumFeatures else {
        throw .invalidInput("at most \(maximumFeatures) OpenType feature settings are applied, not \(features.count)")
    }
    let stack = try fontStack(font, fallbacks: fallbacks)
    let run = stack.shape(text, features: features, bidi: bidi)
    var warnings: [CurveTypeWarning] = []
    if let substitution = stack.substitution { warnings.append(CurveTypeWarning(.fontSubstituted, substitution)) }
    if removed > 0 {
        warnings.append(CurveTypeWarning(.controlCharactersRemoved, "removed \(removed) control character\(removed == 1 ? "" : "s") from the text"))
    }
    if !run.missing.isEmpty {
        let names = run.missing.map { "U+" + hexDigits(UInt64($0.value), width: 4, uppercase: true) }.joined(separator: ", ")
        warnings.append(CurveTypeWarning(.missingGlyphs, "\(stack.primary.familyName) has no glyph for \(names)\(stack.fallbackPattern == nil ? "" : " and no installed outline font has them"); drawn as .notdef"))
    }
    return (run, warnings)
}

/// The most feature settings and named fallback fonts one request uses: each fallback font is a
/// file to open, and no text needs more.
let maximumFeatures = 64
let maximumFallbackFonts = 16

/// The stack for `font` with the named `fallbacks` tried before Fontconfig.
func fontStack(_ font: FontRequest, fallbacks: [FontRequest]) throws(CurveTypeError) -> FontStack {
    guard fallbacks.count <= maximumFallbackFonts else {
        throw .invalidInput("at most \(maximumFallbackFonts) fallback fonts are tried, not \(fallbacks.count)")
    }
    let stack = try lifting { try FontStack.resolve(font) }
    guard !fallbacks.isEmpty else { return stack }
    return stack.addingFallbacks(try lifting { try FontStack.fallbackFonts(fallbacks) })
}

/// Checks the padding round fitted ink and a fixed canvas size.
func validateFrame(padding: Double, canvas: CanvasSize?) throws(CurveTypeError) {
    let limit = CircleTextStyle.maximumLength
    guard padding.isFinite && padding >= 0 && padding <= limit else {
        throw .invalidInput("--padding must be a finite number from 0 to \(Int(limit)) px, not \(padding)")
    }
    if let canvas {
        guard canvas.width.isFinite, canvas.height.isFinite, canvas.width > 0, canvas.height > 0 else {
            throw .invalidInput("--canvas width and height must be greater than 0")
        }
        guard canvas.width <= 4 * limit, canvas.height <= 4 * limit else {
            throw .invalidInput("--canvas width and height must be at most \(Int(4 * limit)) px")
        }
    }
}

/// The placed glyphs of `layouts` (one or more runs, such as the lines of a fitted text) in
/// `mode`, filled with `fill`.
func writeGlyphs(_ layouts: [CurveTextLayout], mode: GlyphMode, fill: SVGColor, into writer: inout SVGWriter) throws {
    try writeGlyphs(layouts, mode: mode, fills: Array(repeating: fill, count: layouts.count), into: &writer)
}

/// The placed glyphs of `layouts` in `mode`, `layouts[i]` filled with `fills[i]`; glyphs the
/// layouts share are defined once.
func writeGlyphs(_ layouts: [CurveTextLayout], mode: GlyphMode, fills: [SVGColor], into writer: inout SVGWriter) throws {
    switch mode {
    case .outlines: try writeOutlines(layouts, fills: fills, into: &writer)
    case .text: try writeText(layouts, fills: fills, into: &writer)
    }
}

/// Each distinct glyph once in `<defs>`, named by its font's place in the order the runs list
/// their fonts, then one `<use>` per placement.
private func writeOutlines(_ layouts: [CurveTextLayout], fills: [SVGColor], into writer: inout SVGWriter) throws {
    let glyphs = try GlyphReferences(defining: layouts, into: &writer)
    // One group per run of layouts with the same fill.
    var open: SVGColor?
    for index in layouts.indices {
        if fills[index] != open {
            if open != nil { writer.endGroup() }
            writer.startGroup([("fill", fills[index].value)])
            open = fills[index]
        }
        try glyphs.use(layout: index, into: &writer)
    }
    if open != nil { writer.endGroup() }
}

/// The `<defs>` of every distinct inked glyph of some layouts, and their `<use>`s.
struct GlyphReferences {
    private let layouts: [CurveTextLayout]
    /// Each placed glyph's definition, `nil` for a glyph without ink, per layout.
    private var references: [[SVGWriter.Reference?]] = []

    /// Writes `<defs>` with each distinct glyph once.
    init(defining layouts: [CurveTextLayout], into writer: inout SVGWriter) throws {
        self.layouts = layouts
        // The document's fonts in order of first use (a few: compared by identity).
        var fonts: [Font] = []
        for layout in layouts {
            for font in layout.run.fonts where !fonts.contains(where: { $0 === font }) { fonts.append(font) }
        }
        // Only glyphs with ink get a definition and uses; the name is made once per glyph, and
        // the same glyph at another size (a title beside a label) gets a name of its own:
        // each font's glyph holds its sizes (px per font unit) in order, with their references.
        var defined = Array(repeating: GlyphTable<[(scale: Double, reference: SVGWriter.Reference?)]>(), count: fonts.count)
        writer.startDefinitions()
        for layout in layouts {
            let local = layout.run.fonts.map { font in fonts.firstIndex { $0 === font } ?? 0 }
            var row: [SVGWriter.Reference?] = []
            row.reserveCapacity(layout.glyphs.count)
            for placed in layout.glyphs {
                let font = local[placed.font]
                let sizes = defined[font][placed.glyph] ?? []
                if let known = sizes.first(where: { $0.scale == placed.scale }) {
                    row.append(known.reference)
                    continue
                }
                let definition = try GlyphDefinitions.definition(font: fonts[font], glyph: placed.glyph)
                var reference: SVGWriter.Reference?
                if definition.isInked {
                    let variant = sizes.count { $0.reference != nil } + 1
                    let made = writer.glyphReference(font: font, glyph: placed.glyph, variant: variant)
                    if let image = definition.image {
                        let b = image.bounds
                        try writer.glyphDefinition(made, png: image.png, minX: b.minX, maxY: b.maxY, width: b.maxX - b.minX,
                                                   height: b.maxY - b.minY, scale: placed.scale, extent: definition.extent)
                    } else if let paint = definition.paint {
                        var body = try SVGWriter(format: writer.format, idPrefix: writer.idPrefix)
                        var painter = ColorPaintSVG(idPrefix: made.name, glyphName: "\(placed.glyph) of \(fonts[font].familyName)",
                                                    outlines: paint.outlines)
                        try painter.write(paint.tree, box: paint.box, definitions: &writer, body: &body)
                        try writer.startGlyphDefinition(made, scale: placed.scale, extent: definition.extent)
                        writer.append(body)
                        writer.endGroup()
                    } else if let layers = definition.layers {
                        try writer.glyphDefinition(made, layers: layers.map { ($0.pathData, $0.color) }, scale: placed.scale,
                                                   extent: definition.extent)
                    } else if let data = definition.pathData {
                        try writer.glyphDefinition(made, pathData: data, scale: placed.scale, extent: definition.extent)
                    }
                    reference = made
                }
                defined[font][placed.glyph] = sizes + [(placed.scale, reference)]
                row.append(reference)
            }
            references.append(row)
        }
        writer.endDefinitions()
    }

    /// Each placed glyph's definition in `layouts[layout]`, `nil` for a glyph without ink.
    func references(layout: Int) -> [SVGWriter.Reference?] { references[layout] }

    /// A `<use>` for each inked glyph of `layouts[layout]`.
    func use(layout: Int, into writer: inout SVGWriter) throws {
        for (placed, reference) in zip(layouts[layout].glyphs, references[layout]) {
            guard let reference else { continue }
            try writer.use(reference, x: placed.origin.x, y: placed.origin.y, angle: placed.angle)
        }
    }
}

/// One `<text>` per cluster, in groups carrying the fill, the primary font and the size: a new
/// group where one of them changes from one layout to the next.
private func writeText(_ layouts: [CurveTextLayout], fills: [SVGColor], into writer: inout SVGWriter) throws {
    var open: (fill: SVGColor, font: Font, size: Double)?
    for (layout, fill) in zip(layouts, fills) {
        let primary = layout.run.fonts[0]
        if open.map({ $0.fill != fill || $0.font !== primary || $0.size != layout.size }) ?? true {
            if open != nil { writer.endGroup() }
            writer.startGroup([
                ("fill", fill.value), ("font-family", cssFamily(primary)),
                ("font-size", try writer.format.string(layout.size)),
            ])
            open = (fill, primary, layout.size)
        }
        try writeTextElements(layout, primary: primary, into: &writer)
    }
    if open != nil { writer.endGroup() }
}

/// The `<text>` elements of `layout`; clusters from fonts other than `primary` name their family.
func writeTextElements(_ layout: CurveTextLayout, primary: Font, into writer: inout SVGWriter) throws {
    let fonts = layout.run.fonts
    let utf8 = Array(layout.run.text.utf8)
    for cluster in layout.clusters {
        let content = String(decoding: utf8[cluster.textRange], as: UTF8.self)
        guard content.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { continue }
        let font = fonts[layout.glyphs[cluster.glyphRange.lowerBound].font]
        try writer.text(content, x: cluster.origin.x, y: cluster.origin.y, angle: cluster.angle,
                        fontFamily: font === primary ? nil : cssFamily(font))
    }
}

/// A CSS font-family list: the font's family, then a generic family.
func cssFamily(_ font: Font) -> String {
    let family = font.familyName.replacing("'", with: "")
    return "'\(family)', \(font.isFixedPitch ? "monospace" : "sans-serif")"
}


/// A length in px for a message: whole px where that is exact enough, else three significant
/// digits (`1e+308`), never a trapping conversion of a huge or non-finite value.
func describePixels(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "an undefined number of" : "more than 1e308" }
    if abs(value) < 1e15 { return String(Int(value.rounded(.towardZero))) }
    return cFormat("%.3g", value)
}
