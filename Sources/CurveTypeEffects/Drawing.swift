import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// What every drawing command shares: cleaning and shaping its text, checking its frame, and
// writing placed glyphs as outlines or as text.

extension TextInput {
    /// One line of text for a curve: each line break (CR LF, LF, CR) and tab a space, as SVG
    /// and every browser read them in a one-line text, line breaks at either end dropped;
    /// other control characters removed, and how many; throws if nothing is left.
    static func cleanedForDrawing(_ text: String) throws(CurveTypeError) -> (text: String, removed: Int) {
        let (cleaned, removed) = clean(spacingLineBreaks(text))
        guard !cleaned.isEmpty else {
            throw .invalidInput(removed > 0 ? "the text has only control characters" : "the text is empty")
        }
        return (cleaned, removed)
    }

    /// `text` with each line break (CR LF as one) and tab a space, breaks at the ends dropped.
    static func spacingLineBreaks(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return text }
        let isBreak: (Unicode.Scalar) -> Bool = { $0 == "\n" || $0 == "\r" }
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, isBreak(first) { scalars.removeFirst() }
        while let last = scalars.last, isBreak(last) { scalars.removeLast() }
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in scalars {
            defer { previous = scalar }
            if scalar == "\n" && previous == "\r" { continue }
            out.append(isBreak(scalar) || scalar == "\t" ? " " : scalar)
        }
        return String(out)
    }
}

/// Resolves `font` (with `fallbacks` tried first for characters it lacks), shapes `text`
/// (in bidi order unless `bidi` is false), and says what a user should hear about it: removed
/// control characters and characters no font has.
func shape(_ text: String, font: FontRequest, fallbacks: [FontRequest] = [], features: [FontFeature],
           removed: Int, bidi: Bool = true, orientation: GlyphOrientation = .sideways) throws(CurveTypeError) -> (run: ShapedRun, warnings: [CurveTypeWarning]) {
    guard features.count <= maximumFeatures else {
        throw .invalidInput("at most \(maximumFeatures) OpenType feature settings are applied, not \(features.count)")
    }
    let stack = try fontStack(font, fallbacks: fallbacks)
    // Right-to-left text is ordered by FriBiDi, loaded now: without it, say so rather than
    // draw the text in the wrong order.
    if bidi, BidiParagraph.mayRunRightToLeft(text) {
        try lifting { try BidiParagraph.loadFriBiDi() }
    }
    if orientation == .upright { try lifting { try VerticalOrientation.loadICU() } }
    let run = stack.shape(text, features: features, bidi: bidi, orientation: orientation)
    var warnings: [CurveTypeWarning] = []
    if orientation == .upright {
        let sideways = GlyphOrientation.sidewaysLetters(in: text)
        if !sideways.isEmpty {
            let shown = sideways.prefix(8).map { "U+" + hexDigits(UInt64($0.value), width: 4, uppercase: true) }.joined(separator: ", ")
            warnings.append(CurveTypeWarning(.drawnSideways, "\(sideways.count) letter\(sideways.count == 1 ? " has" : "s have") no upright form in vertical writing (\(shown)\(sideways.count > 8 ? ", …" : "")): drawn sideways"))
        }
    }
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
func validateCanvas(padding: Double, canvas: CanvasSize?) throws(CurveTypeError) {
    let limit = CircleTextStyle.maximumLength
    guard padding.isFinite && padding >= 0 && padding <= limit else {
        throw .invalidInput("\(parameter: "padding") must be a finite number from 0 to \(Int(limit)) px, not \(padding)")
    }
    if let canvas {
        guard canvas.width.isFinite, canvas.height.isFinite, canvas.width > 0, canvas.height > 0 else {
            throw .invalidInput("\(parameter: "canvas") width and height must be greater than 0")
        }
        guard canvas.width <= 4 * limit, canvas.height <= 4 * limit else {
            throw .invalidInput("\(parameter: "canvas") width and height must be at most \(Int(4 * limit)) px")
        }
    }
}

/// The frame items of `layouts` (one or more runs, such as the lines of a fitted text) in
/// `mode`, filled with `fill`.
func glyphItems(_ layouts: [CurveTextLayout], mode: GlyphMode, fill: SVGColor) -> [FrameItem] {
    glyphItems(layouts, mode: mode, fills: Array(repeating: fill, count: layouts.count))
}

/// The frame items of `layouts` in `mode`, `layouts[i]` filled with `fills[i]`: one group per
/// run of layouts with the same fill (and, as text, the same primary font and size). Outlines
/// are followed by each layout's text layer (which writers without one leave out).
func glyphItems(_ layouts: [CurveTextLayout], mode: GlyphMode, fills: [SVGColor]) -> [FrameItem] {
    var items: [FrameItem] = []
    switch mode {
    case .outlines:
        var open: (fill: SVGColor, group: FrameGroup, layers: [FrameItem])?
        func close() {
            guard let open else { return }
            items.append(.group(open.group))
            items += open.layers
        }
        for (layout, fill) in zip(layouts, fills) {
            if fill != open?.fill {
                close()
                open = (fill, FrameGroup(style: [.fill(.color(fill))], items: []), [])
            }
            open?.group.items.append(.glyphs(GlyphRun(layout)))
            open?.layers.append(.textLayer(TextLayer(layout)))
        }
        close()
    case .text:
        var groups: [FrameGroup] = []
        var open: (fill: SVGColor, font: Font, size: Double)?
        for (layout, fill) in zip(layouts, fills) {
            let primary = layout.run.fonts[0]
            if open.map({ $0.fill != fill || $0.font !== primary || $0.size != layout.size }) ?? true {
                groups.append(FrameGroup(style: [.fill(.color(fill)), .fontFamily(cssFamily(primary)), .fontSize(layout.size)] + cssFace(primary), items: []))
                open = (fill, primary, layout.size)
            }
            groups[groups.count - 1].items.append(.text(TextRun(layout, primary: primary)))
        }
        items = groups.map { .group($0) }
    }
    return items
}

extension TextLayer {
    /// The characters of `layout` where its clusters lie, in logical order (a layout lists its
    /// clusters in the order they lie along the curve: visual order, right-to-left runs turned).
    /// Characters layout inserted (kashida's tatweels, `ShapedRun.inserted`) are left out: a
    /// reader copies and finds the words as typed, and a cluster of them alone has no span.
    init(_ layout: CurveTextLayout) {
        let logical = layout.clusters.sorted { $0.textRange.lowerBound < $1.textRange.lowerBound }
        let inserted = layout.run.inserted
        guard !inserted.isEmpty else {
            self.init(text: layout.run.text, size: layout.size, clusters: logical.map {
                TextLayerCluster(utf8: $0.textRange, origin: $0.origin, angle: $0.angle, advance: $0.advance)
            })
            return
        }
        let bytes = Array(layout.run.text.utf8)
        var typed = [Bool](repeating: true, count: bytes.count)
        for range in inserted { for offset in range.clamped(to: 0..<bytes.count) { typed[offset] = false } }
        // Each offset of the shaped text, in the typed text: the typed bytes before it.
        var kept: [Int] = [0]
        kept.reserveCapacity(bytes.count + 1)
        for offset in bytes.indices { kept.append(kept[offset] + (typed[offset] ? 1 : 0)) }
        let text = String(decoding: bytes.indices.filter { typed[$0] }.map { bytes[$0] }, as: UTF8.self)
        self.init(text: text, size: layout.size, clusters: logical.compactMap { cluster in
            let range = cluster.textRange.clamped(to: 0..<bytes.count)
            let utf8 = kept[range.lowerBound]..<kept[range.upperBound]
            return utf8.isEmpty ? nil : TextLayerCluster(utf8: utf8, origin: cluster.origin, angle: cluster.angle, advance: cluster.advance)
        })
    }
}

extension TextLayer {
    /// The lines of one paragraph as one layer: each line's characters where its clusters lie,
    /// one space between lines (where the paragraph wrapped), so a phrase across a wrap is
    /// found and copied as one. The size is the first line's.
    init(lines: ArraySlice<CurveTextLayout>) {
        var text = "", clusters: [TextLayerCluster] = []
        for line in lines {
            let layer = TextLayer(line)
            let wrapped = !text.isEmpty && !layer.text.isEmpty
            if wrapped { text += " " }
            let offset = text.utf8.count
            text += layer.text
            clusters += layer.clusters.enumerated().map { index, cluster in
                var moved = cluster
                // The space at the wrap goes with the line's first character (a layer writes
                // only its clusters' characters).
                moved.utf8 = cluster.utf8.lowerBound + offset - (wrapped && index == 0 ? 1 : 0)..<cluster.utf8.upperBound + offset
                return moved
            }
        }
        self.init(text: text, size: lines.first?.size ?? 0, clusters: clusters)
    }
}

extension GlyphRun {
    /// The placed glyphs of `layout`, each at its origin turned by its angle; `withText`, with
    /// the characters each cluster of glyphs shows (for a PDF's text).
    init(_ layout: CurveTextLayout, withText: Bool = false) {
        self.init(fonts: layout.run.fonts, glyphs: layout.glyphs.map {
            FrameGlyph(font: $0.font, glyph: $0.glyph, scale: $0.scale, placement: .rotated(origin: $0.origin, angle: $0.angle))
        })
        if withText {
            text = layout.run.text
            clusters = layout.clusters.map { GlyphCluster(glyphs: $0.glyphRange, utf8: $0.textRange) }
        }
    }
}

extension TextRun {
    /// The clusters of `layout` that hold more than white space; clusters from fonts other than
    /// `primary` name their family.
    init(_ layout: CurveTextLayout, primary: Font) {
        let fonts = layout.run.fonts
        let utf8 = Array(layout.run.text.utf8)
        var clusters: [TextCluster] = []
        for cluster in layout.clusters {
            let content = String(decoding: utf8[cluster.textRange], as: UTF8.self)
            guard content.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { continue }
            let font = fonts[layout.glyphs[cluster.glyphRange.lowerBound].font]
            clusters.append(TextCluster(text: content, origin: cluster.origin, angle: cluster.angle,
                                        fontFamily: font === primary ? nil : cssFamily(font)))
        }
        self.init(clusters: clusters, glyphs: GlyphRun(layout, withText: true))
    }
}

/// The CSS weight and style that pick `font`'s face in its family: bold, italic, or neither.
func cssFace(_ font: Font) -> [Style] {
    (font.isBold ? [.fontWeight(700)] : []) + (font.isItalic ? [.italic] : [])
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

/// A backdrop of `background` over the whole `width` × `height` px, or none.
func backdrop(_ background: SVGColor?, width: Double, height: Double) -> [FrameItem] {
    // A transparent background is none: `--background transparent`, the default help shows,
    // draws what leaving it out draws.
    guard let background, background.value != "transparent", SVGColor.opaqueAndAlpha(background.value)?.alpha != 0 else { return [] }
    return [.shape(FrameShape(.rect(Rect(minX: 0, minY: 0, maxX: width, maxY: height)), style: [.fill(.color(background))]))]
}

/// The bytes of the user's `what` file at `path` (`-`: standard input), read as a stream and
/// refused past `limit` bytes (`shown` is the limit a message names); errors name the file as
/// "the logo file …", "path file not found: …".
package func readUserFile(_ path: String, what: String, limit: Int, shown: Int) throws(CurveTypeError) -> [UInt8] {
    do {
        return try InputBytes.read(path, limit: limit)
    } catch {
        switch error {
        case .notFound: throw .invalidInput("\(what) file not found: \(path)")
        case .unreadable(_, let reason): throw .invalidInput("cannot read the \(what) file \(path): \(reason)")
        case .tooLarge: throw .invalidInput("the \(what) file \(path) is larger than \(InputBytes.describe(bytes: shown))")
        }
    }
}
