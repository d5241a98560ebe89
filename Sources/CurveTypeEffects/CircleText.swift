import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// How glyphs are drawn: as outlines, or as text for the viewer to set.
public enum GlyphMode: String, Sendable, CaseIterable {
    /// Each glyph drawn as its outline (the same in every viewer, with or without the font),
    /// followed by the line's text layer: the text where its glyphs are, which the SVG writer
    /// writes when asked (`SVGSettings.textLayers`, `--glyphs selectable`) and the PDF writer
    /// by default, so that it can be selected, found, copied and read aloud.
    case outlines
    /// A `<text>` per cluster in the font's family: text drawn by the viewer's font, placed and
    /// turned (not bent) where the glyphs would be.
    case text
}

/// A canvas size in px.
public struct CanvasSize: Sendable, Hashable {
    /// The canvas's width, px.
    public var width: Double
    /// The canvas's height, px.
    public var height: Double

    /// A canvas of `width` × `height` px.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Parses `WxH`, such as `400x300`; `parameter` names the parameter it came from in
    /// messages (`canvas`, `box`).
    public init(parsing text: String, parameter: String = "canvas") throws(CurveTypeError) {
        guard let (w, h) = numberPair(text) else {
            throw .invalidInput("\(parameter: parameter) must be WIDTHxHEIGHT in px, such as 400x300, not \"\(Diagnostic.escaped(String(text.prefix(40))))\"")
        }
        self.init(width: w, height: h)
    }
}

/// Everything that makes one SVG of text on a circle.
public struct CircleTextRequest: Sendable {
    /// The text to set, as given (control characters are removed when drawn, with a warning).
    public var text: String
    /// The primary font: bundled DejaVu by default, a file, or a Fontconfig pattern.
    public var font: FontRequest
    /// OpenType features for HarfBuzz, such as `-liga`.
    public var features: [FontFeature]
    /// Fonts tried, in order, before Fontconfig for characters `font` lacks (emoji, CJK).
    public var fallbackFonts: [FontRequest]
    /// Size, radius, start angle, alignment, side and spacing.
    public var style: CircleTextStyle
    /// The text's colour; `currentColor` follows the embedding page.
    public var fill: SVGColor
    /// `outlines` writes each glyph as a path (the same in every viewer); `text` writes `<text>`
    /// elements (selectable, drawn by the viewer's fonts).
    public var glyphs: GlyphMode
    /// A fixed canvas with the circle's centre in its middle; `nil` fits the viewBox to the ink.
    public var canvas: CanvasSize?
    /// px of space around the ink when the viewBox is fitted to it.
    public var padding: Double
    /// A colour under the whole canvas; `nil` leaves it transparent.
    public var background: SVGColor?
    /// Choose the radius (`style.radius` is then ignored) so the text goes once round the
    /// circle at its tracking, with a space's room (a third of the size) where its end meets
    /// its start (`--radius auto`).
    public var fitsRadius = false
    /// How glyphs follow the circle: `.auto` bends each word of joined writing (Arabic,
    /// Devanagari, …; see `JoinedWriting`) as one and turns the rest rigidly to the circle.
    public var curveGlyphs: CurveGlyphs = .auto
    /// Which way glyphs stand: `.sideways` lies them along the circle (horizontal writing);
    /// `.upright` writes vertically down the circle, CJK upright in its vertical forms.
    public var orientation: GlyphOrientation = .sideways
    /// What a sweep's room stretches: the gaps between words, or Arabic words by kashida first.
    public var justify: Justification = .gaps

    /// Text on a circle; every other property as the command line's defaults.
    public init(text: String, font: FontRequest = .default, features: [FontFeature] = [],
                fallbackFonts: [FontRequest] = [], style: CircleTextStyle = CircleTextStyle(), fill: SVGColor = .currentColor,
                glyphs: GlyphMode = .outlines,
                canvas: CanvasSize? = nil, padding: Double = 4, background: SVGColor? = nil) {
        self.text = text
        self.font = font
        self.features = features
        self.fallbackFonts = fallbackFonts
        self.style = style
        self.fill = fill
        self.glyphs = glyphs
        self.canvas = canvas
        self.padding = padding
        self.background = background
    }
}

/// A rendered circle text: the drawing, the layout behind it, and what a user should be told.
public struct CircleTextResult: Sendable {
    /// What was drawn, apart from its encoding: the frame every writer (SVG, PNG, PDF) draws,
    /// or a build script post-processes (px, y down).
    public let frame: Frame
    /// Every glyph's place on the circle, px and degrees.
    public let layout: CircleTextLayout
    /// The text as drawn, control characters removed.
    public let text: String
    /// The SVG's size in px (its viewBox is `0 0 width height`).
    public let width: Double
    /// The canvas's height, px.
    public let height: Double
    /// Things worth a line on stderr: missing characters, removed control characters.
    public let warnings: [CurveTypeWarning]

    /// The layout as JSON (see README, "Layout JSON"), at full precision.
    public var layoutJSON: String { LayoutJSON.write(layoutReport) }
}

extension CircleTextRequest {
    /// Shapes, lays out and writes the SVG.
    public func render() throws(CurveTypeError) -> CircleTextResult {
        try TextInput.checkLength(self.text, "the text")
        let (text, removed) = try TextInput.cleanedForDrawing(self.text)
        try lifting { try self.style.validate() }
        try validateCanvas(padding: padding, canvas: canvas)
        try checkOrientation(orientation, glyphs: glyphs)
        if justify == .kashida && style.sweep == nil {
            throw .invalidInput("kashida stretches words to fill a sweep: give \(parameter: "sweep")")
        }
        var (run, shapeWarnings) = try shape(text, font: font, fallbacks: fallbackFonts, features: features, removed: removed,
                                             orientation: orientation)
        var warnings = shapeWarnings
        var style = self.style
        if fitsRadius {
            // The text's length on a circle is its length set straight (arc length is kept),
            // whatever the radius: measured on one, then the circle it goes once round.
            var measure = style
            measure.sweep = nil
            measure.allowOverlap = true
            let length = try lifting { try CircleTextLayout(run, style: measure, center: .zero) }.text.extent
            let radius = (length + style.size / 3) / (2 * .pi)
            guard radius.isFinite, radius > 0 else { throw .invalidInput("the text has no length to fit a radius to") }
            // Inside, the baseline is the circle; the tops reach in by about the size.
            style.radius = max(radius, style.size)
        }

        if justify == .kashida, let sweep = style.sweep {
            // The sweep's length less the text's and, round the whole circle, a space's room
            // (a third of the size) where the end meets the start, as --radius auto leaves.
            let length = 2 * .pi * style.radius * sweep / 360 - (sweep == 360 ? style.size / 3 : 0)
            let filled = try kashidaFilled(run, text: text, target: length, size: style.size) { stretched throws(CurveTypeError) in
                try shape(stretched, font: font, fallbacks: fallbackFonts, features: features, removed: 0, orientation: orientation).run
            }
            run = filled.run
            if let warning = filled.warning { warnings.append(warning) }
        }

        // Lay out about (0, 0), find the ink, then move everything to its place on the canvas.
        let probe = try lifting { try CircleTextLayout(run, style: style, center: .zero) }
        let drawing = try bentGlyphs(probe.text, map: ArcLengthFrameMap(curve: probe.curve), glyphs: glyphs == .text ? .rotate : curveGlyphs)
        if let warning = drawing.tightCurveWarning() { warnings.append(warning) }
        // Kashida asked puts the rest between words, as asked: nothing to warn of.
        if justify == .gaps, style.tracking != 0 || style.sweep != nil, let warning = joinedSpacingWarning(probe.text) { warnings.append(warning) }
        let width: Double, height: Double, center: Point
        if let canvas {
            width = canvas.width
            height = canvas.height
            center = Point(x: canvas.width / 2, y: canvas.height / 2)
        } else {
            let r = style.radius
            let ink = try lifting { try drawing.inkBounds(of: probe.text) }
                ?? Rect(minX: -r, minY: -r, maxX: r, maxY: r)
            // The ink centred in the rounded-up box.
            (width, height, center) = fittedCanvas(around: ink, padding: padding)
        }
        let layout = probe.translated(by: center)

        let frame = Frame(width: width, height: height, title: text, backdrop: backdrop(background, width: width, height: height),
                          items: drawing.translated(by: center).items(layout.text, mode: glyphs, fill: fill))
        return CircleTextResult(frame: frame, layout: layout, text: text, width: width,
                                height: height, warnings: warnings)
    }
}

/// The exact ink box of every placed glyph (but those `skipped` marks), px; `nil` if no glyph
/// has ink.
///
/// Exact rotated bounds need every Bézier of an outline, so they are computed only where they
/// can matter: each glyph's rotated ink box (cheap, never smaller than the exact one) is checked
/// against the exact box so far, and a glyph whose rotated box lies inside it cannot grow it.
/// Starting from the glyphs that reach furthest in each direction, most glyphs are skipped; the
/// result equals the union of all exact boxes.
func inkBounds(of layout: CurveTextLayout, skipping skipped: [Bool] = []) throws -> Rect? {
    struct Candidate {
        var transform: AffineMap
        var path: Path
        var outer: Rect
    }
    var candidates: [Candidate] = []
    candidates.reserveCapacity(layout.glyphs.count)
    for (index, placed) in layout.glyphs.enumerated() where index >= skipped.count || !skipped[index] {
        let outline = try layout.run.fonts[placed.font].outline(of: placed.glyph)
        guard let b = outline.bounds else { continue }
        let t = AffineMap.scale(placed.scale, -placed.scale)
            .concatenating(.rotation(.degrees(placed.angle)))
            .concatenating(.translation(placed.origin.x, placed.origin.y))
        candidates.append(Candidate(transform: t, path: outline.path, outer: rotatedBox(b, t)))
    }
    guard !candidates.isEmpty else { return nil }
    // The glyphs reaching furthest left, up, right and down go first.
    var extremes = [0, 0, 0, 0]
    for (i, c) in candidates.enumerated() {
        if c.outer.minX < candidates[extremes[0]].outer.minX { extremes[0] = i }
        if c.outer.minY < candidates[extremes[1]].outer.minY { extremes[1] = i }
        if c.outer.maxX > candidates[extremes[2]].outer.maxX { extremes[2] = i }
        if c.outer.maxY > candidates[extremes[3]].outer.maxY { extremes[3] = i }
    }
    var box: Rect?
    for i in extremes + Array(candidates.indices) {
        let c = candidates[i]
        if let known = box, known.minX <= c.outer.minX, known.minY <= c.outer.minY,
           known.maxX >= c.outer.maxX, known.maxY >= c.outer.maxY { continue }
        // A colour bitmap glyph (an emoji) has no outline: its picture fills its box, whose
        // turned corners are its ink (it was left out, and the canvas cut the emoji off).
        guard let exact = c.path.isEmpty ? c.outer : c.path.bounds(transformedBy: c.transform) else { continue }
        box = box.map { $0.union(exact) } ?? exact
    }
    return box
}

/// The axis-aligned box of `b`'s four corners mapped by `t`: holds everything `b` holds.
func rotatedBox(_ b: Rect, _ t: AffineMap) -> Rect {
    let p1 = t.apply(Point(x: b.minX, y: b.minY)), p2 = t.apply(Point(x: b.maxX, y: b.minY))
    let p3 = t.apply(Point(x: b.minX, y: b.maxY)), p4 = t.apply(Point(x: b.maxX, y: b.maxY))
    return Rect(minX: min(p1.x, p2.x, p3.x, p4.x), minY: min(p1.y, p2.y, p3.y, p4.y),
                maxX: max(p1.x, p2.x, p3.x, p4.x), maxY: max(p1.y, p2.y, p3.y, p4.y))
}

/// `parts` joined by `separator`, by hand: the standard library's generic `joined` costs a
/// one-document process a runtime conformance scan (see `RecentCache` in CurveTypeFonts).
func joinedByHand(_ parts: [String], separator: String) -> String {
    var out = ""
    for (index, part) in parts.enumerated() {
        if index > 0 { out += separator }
        out += part
    }
    return out
}

/// A canvas fitted to `ink` (px) with `padding` round it, its size rounded up to a hundredth
/// of a px (a writer writing fewer decimals rounds it up again, so no size cuts the ink), and
/// the offset that moves the ink into its middle.
func fittedCanvas(around ink: Rect, padding: Double) -> (width: Double, height: Double, offset: Point) {
    let width = ceilToHundredths(ink.width + 2 * padding)
    let height = ceilToHundredths(ink.height + 2 * padding)
    return (width, height, Point(x: (width - ink.width) / 2 - ink.minX, y: (height - ink.height) / 2 - ink.minY))
}

/// `value` (px) rounded up to a hundredth.
func ceilToHundredths(_ value: Double) -> Double {
    (value * 100 - 1e-9).rounded(.up) / 100
}

/// 64-bit FNV-1a over UTF-8: a stable hash (Swift's `Hasher` is seeded per process).
package func fnv1a(_ text: String) -> UInt64 {
    var hash = fnv1aStart
    for byte in text.utf8 { hash = fnv1a(byte, hash) }
    return hash
}

private let fnv1aStart: UInt64 = 0xcbf2_9ce4_8422_2325

/// One byte into an FNV-1a hash.
private func fnv1a(_ byte: UInt8, _ hash: UInt64) -> UInt64 {
    (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
}

/// Cleaning of user text before shaping.
public enum TextInput {
    /// The most UTF-8 bytes of text one request sets (a text, a message, a ring): far more than
    /// fits any curve or box, and small enough that every command finishes quickly.
    public static let maximumBytes = 16_384

    /// Refuses a text longer than `maximumBytes`, naming it as `what` ("the text", "the label").
    public static func checkLength(_ text: String, _ what: String) throws(CurveTypeError) {
        guard text.utf8.count <= maximumBytes else {
            throw .invalidInput("\(what) is \(text.utf8.count) bytes long; at most \(maximumBytes) bytes are set")
        }
    }

    /// The text of a file (`-`: standard input), read as a stream; one line end at the end of
    /// the file is not part of the text. The file must be UTF-8 and at most `maximumBytes` long.
    public static func read(file path: String) throws(CurveTypeError) -> String {
        var bytes: [UInt8]
        do {
            bytes = try InputBytes.read(path, limit: maximumBytes + 2)
        } catch {
            switch error {
            case .notFound(let path): throw .invalidInput("text file not found: \(path)")
            case .unreadable(let path, let reason): throw .invalidInput("cannot read the text file \(path): \(reason)")
            case .tooLarge(let path, _): throw .invalidInput("the text file \(path) is longer than \(maximumBytes) bytes, the most set")
            }
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidInput("the text file \(path) is not UTF-8")
        }
        try checkLength(text, "the text in \(path)")
        return text
    }

    /// `text` without leading and trailing white space and line breaks (Unicode White_Space).
    public static func trimmed(_ text: String) -> String {
        // Most text starts and ends with a printable ASCII character: nothing to trim, and no
        // Unicode property lookup.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    /// The text without control characters (Unicode category Cc: C0, DEL, C1), which have no
    /// glyph and would break the SVG; and how many were removed.
    public static func clean(_ text: String) -> (text: String, removed: Int) {
        guard text.unicodeScalars.contains(where: isRemoved) else { return (text, 0) }
        var removed = 0
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isRemoved(scalar) {
                removed += 1
            } else {
                scalars.append(scalar)
            }
        }
        return (String(scalars), removed)
    }

    /// What XML cannot hold, and tab and line breaks too, which have no place on a curve.
    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || XMLText.isDroppedInXML(scalar)
    }
}

extension CircleTextRequest {
    /// The text's length set straight at its size and tracking, px: its arc length on any
    /// circle (what a merge compares with the room its slot has); and what shaping warned of
    /// (characters no font has).
    package func straightLength() throws(CurveTypeError) -> (length: Double, warnings: [CurveTypeWarning]) {
        try measuredStraightLength(text, font: font, fallbacks: fallbackFonts, features: features, orientation: orientation,
                                   size: style.size, tracking: style.tracking)
    }
}

extension PathTextRequest {
    /// The text's length set straight at its size and tracking, px: its arc length along any
    /// path (what a merge compares with the room its slot has); and what shaping warned of.
    package func straightLength() throws(CurveTypeError) -> (length: Double, warnings: [CurveTypeWarning]) {
        try measuredStraightLength(text, font: font, fallbacks: fallbackFonts, features: features, orientation: orientation,
                                   size: style.size, tracking: style.tracking)
    }
}

/// `text`'s length set straight, px, measured as a circle's layout measures it.
func measuredStraightLength(_ text: String, font: FontRequest, fallbacks: [FontRequest], features: [FontFeature],
                            orientation: GlyphOrientation, size: Double, tracking: Double) throws(CurveTypeError) -> (length: Double, warnings: [CurveTypeWarning]) {
    try TextInput.checkLength(text, "the text")
    let (cleaned, removed) = try TextInput.cleanedForDrawing(text)
    let (run, warnings) = try shape(cleaned, font: font, fallbacks: fallbacks, features: features, removed: removed, orientation: orientation)
    let style = CircleTextStyle(size: size, radius: 100, tracking: tracking, allowOverlap: true)
    return (try lifting { try CircleTextLayout(run, style: style, center: .zero) }.text.extent, warnings)
}
