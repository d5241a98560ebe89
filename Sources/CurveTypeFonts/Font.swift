import CFreeType
import CHarfBuzz
import CurveTypeGeometry
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Where a font's bytes came from.
public enum FontSource: Sendable, Hashable, CustomStringConvertible {
    /// One of the fonts compiled into the binary.
    case bundled(BundledFont)
    /// A font file and the face index inside it (0 except in a .ttc/.otc collection).
    case file(path: String, faceIndex: Int)
    /// Bytes a caller handed over (`Font.open(bytes:)`), named for messages.
    case memory(name: String, faceIndex: Int)
    /// A variable font set to a point of its design space.
    indirect case varied(FontSource, FontVariations)

    /// The source without variations, and the variations (`nil`: the font's default).
    var unvaried: (base: FontSource, variations: FontVariations?) {
        guard case .varied(let base, let variations) = self else { return (self, nil) }
        let (root, inner) = base.unvaried
        return (root, inner.map { $0.then(variations) } ?? variations)
    }

    /// One line for a person.
    public var description: String {
        switch self {
        case .bundled(let font): return "bundled \(font.fileName)"
        case .file(let path, let index): return index == 0 ? path : "\(path)#\(index)"
        case .memory(let name, let index): return index == 0 ? name : "\(name)#\(index)"
        case .varied(let base, let variations): return "\(base) (\(variations))"
        }
    }
}

/// Vertical metrics in font units, y up: `descender` is negative below the baseline.
public struct FontMetrics: Sendable, Hashable {
    /// Font units per em.
    public var unitsPerEm: Int
    /// Height above the baseline, font units (y up).
    public var ascender: Int
    /// Depth below the baseline, font units: negative.
    public var descender: Int
    /// Extra space between lines, font units.
    public var lineGap: Int

    /// ascender − descender + line gap, font units.
    public var lineHeight: Int { ascender - descender + lineGap }
    /// The middle of the em box between descender and ascender, above the baseline, font
    /// units: where a line of vertical writing runs through a glyph lying sideways.
    public var emMiddle: Double { Double(ascender + descender) / 2 }
}

/// A glyph outline in font units (y up, origin at the glyph's pen position on the baseline),
/// exactly as stored in the font: unhinted, unscaled, its points integers and the on-curve points
/// a TrueType contour implies between two off-curve points their exact midpoints (half units).
public struct GlyphOutline: Sendable, Hashable {
    /// The contours, font units, y up; empty for a space or a bitmap glyph.
    public var path: Path
    /// The outline's exact ink box in font units, `nil` for a glyph with no ink (a space).
    public var bounds: Rect?
}

/// Where a font's bytes live: a buffer the font allocated (and frees), or read-only data that
/// lasts as long as the program (the bundled fonts, assembled into the binary).
enum FontBytes {
    case owned(UnsafeMutableRawBufferPointer)
    case permanent(UnsafeRawBufferPointer)

    var buffer: UnsafeRawBufferPointer {
        switch self {
        case .owned(let buffer): UnsafeRawBufferPointer(buffer)
        case .permanent(let buffer): buffer
        }
    }

    func release() {
        if case .owned(let buffer) = self { buffer.deallocate() }
    }
}

/// One face of a font file, opened once in FreeType (outlines, metrics) and once in HarfBuzz
/// (shaping), both over the same bytes in memory.
///
/// Thread safety: shaping and coverage queries go through HarfBuzz, whose fonts are immutable and
/// safe to share; FreeType face access is serialised by a lock and outlines are cached, so one
/// `Font` may be used from many threads.
public final class Font: @unchecked Sendable, CustomStringConvertible {
    /// Unique in this process; a stable key for caches of things derived from this font.
    public let id: Int
    /// Where the font came from.
    public let source: FontSource
    /// The family name from the font's `name` table.
    public let familyName: String
    /// The style name (`Book`, `Bold`).
    public let styleName: String
    /// Vertical metrics, font units.
    public let metrics: FontMetrics
    /// How many glyphs the font has: ids run from 0 to one less.
    public let glyphCount: Int
    /// Whether every glyph has the same advance (FreeType's FT_FACE_FLAG_FIXED_WIDTH).
    public let isFixedPitch: Bool
    /// Whether the face says it is bold, or italic (FreeType's style flags, from its `head`
    /// and `OS/2` tables), so text set by a viewer asks for the same face.
    public let isBold: Bool, isItalic: Bool
    /// Whether the font has colour bitmap glyphs (`CBDT` or `sbix` PNGs, as Noto Color Emoji):
    /// they are drawn as images (`colorImage(of:)`). A font of only bitmaps has no outlines.
    public let hasColorImages: Bool
    /// Whether the font's glyphs are single strokes, to be drawn by a pen, not filled: a
    /// single-line font that stores each stroke as a contour out and back (as TrueType must), a
    /// stroke font compiled so (Hershey, SVG fonts), or an OpenType-SVG font whose SVG glyphs are
    /// unfilled strokes (Relief SingleLine's OTF-SVG). Its outlines come back as open strokes.
    public let isSingleLine: Bool
    /// Whether the single-line glyphs are the SVG table's strokes, not retraced contours.
    private let hasSVGStrokes: Bool
    /// Whether FreeType can scale the font's outlines; false for a font of colour bitmaps only.
    private let hasOutlines: Bool

    /// The font file's bytes, which FreeType and HarfBuzz read in place.
    private let bytes: FontBytes
    private let face: FT_Face
    let hbFont: OpaquePointer
    /// The `COLR` v0 layers and palette, `nil` for a font without colour glyphs.
    private let colorGlyphs: ColorGlyphs?
    private let faceLock = Mutex(())
    private let outlineCache = Mutex(GlyphTable<GlyphOutline>())
    /// `COLR` v1 paints read so far, `.some(nil)` for a glyph without one.
    private let paintCache = Mutex(GlyphTable<ColorPaint?>())

    private static let nextID = Atomic<Int>(1)

    /// Font units per em: a size in px times `1 / unitsPerEm` scales font units to px.
    public var unitsPerEm: Int { metrics.unitsPerEm }

    /// Opened from bytes a caller handed over (`open(bytes:)`): such fonts are never cached.
    var isFromMemory: Bool {
        if case .memory = source { return true } else { return false }
    }

    /// One line for a person.
    public var description: String { "\(familyName) \(styleName) (\(source))" }

    /// Opens face `faceIndex` of font bytes already in memory (a font a build script embeds,
    /// or a fuzzer's input); `name` stands for it in messages. Not cached: each call opens anew.
    /// `variations` sets a variable font to a point of its design space.
    public static func open(bytes: [UInt8], faceIndex: Int = 0, name: String = "font data",
                            variations: FontVariations? = nil) throws(FontError) -> Font {
        let memory = FontSource.memory(name: name, faceIndex: faceIndex)
        return try Font(bytes: bytes, faceIndex: faceIndex, source: variations.map { .varied(memory, $0) } ?? memory,
                        path: name, variations: variations)
    }

    /// Opens a Hershey stroke font's `.jhf` bytes already in memory (a font a build script
    /// embeds, or a fuzzer's input), compiled into a single-line TrueType font; `name` stands for
    /// it in messages and is its family name. Not cached: each call opens anew.
    public static func openHershey(bytes: [UInt8], name: String = "Hershey") throws(FontError) -> Font {
        let strokes = try HersheyReader.read(bytes, family: name, path: name)
        return try Font(compiling: strokes, source: .memory(name: name, faceIndex: 0), path: name)
    }

    /// Opens an SVG font's bytes already in memory (EMSL's `svg_fonts`, or a single-line font
    /// exported for Hershey Text), its glyphs' paths compiled into a single-line TrueType font
    /// with the font's kerning; `name` stands for it in messages, and is its family name when
    /// the font names none. Not cached: each call opens anew.
    public static func openSVGFont(bytes: [UInt8], name: String = "SVG font") throws(FontError) -> Font {
        let strokes = try SVGFontReader.read(bytes, family: name, path: name)
        return try Font(compiling: strokes, source: .memory(name: name, faceIndex: 0), path: name)
    }

    /// Opens face `faceIndex` of a copy of `bytes`. `path` names the source in errors;
    /// `singleLine` is said by who compiled the font (a stroke font), `nil` to find out.
    convenience init(bytes fontBytes: [UInt8], faceIndex: Int, source: FontSource, path: String,
                     variations: FontVariations? = nil, singleLine: Bool? = nil) throws(FontError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: fontBytes.count, alignment: 16)
        buffer.copyBytes(from: fontBytes)
        try self.init(bytes: .owned(buffer), faceIndex: faceIndex, source: source, path: path, variations: variations, singleLine: singleLine)
    }

    /// A stroke font (Hershey, an SVG font) compiled into TrueType by `StrokeFontCompiler`:
    /// single-line by construction, every glyph, whichever letters it has.
    convenience init(compiling strokes: StrokeFont, source: FontSource, path: String) throws(FontError) {
        try self.init(bytes: StrokeFontCompiler.compile(strokes), faceIndex: 0, source: source, path: path, singleLine: true)
    }

    /// Opens face `faceIndex` of `fontBytes`, which the font now owns (and frees, whether it
    /// opens or not), set to `variations` if given. `path` names the source in errors. Whether
    /// it is a single-line font is `singleLine` where its maker says so; else its glyphs for
    /// `singleLineProbe` are looked at (every contour retraced).
    init(bytes fontBytes: FontBytes, faceIndex: Int, source: FontSource, path: String,
         variations: FontVariations? = nil, singleLine: Bool? = nil) throws(FontError) {
        var owned = false
        defer { if !owned { fontBytes.release() } }
        let library = try FreeTypeLibrary.shared.get()
        let readOnly = fontBytes.buffer
        guard !readOnly.isEmpty else { throw .notAFont(path: path, reason: "the file is empty") }
        let face: FT_Face
        do throws(FontError) {
            // FreeType reads bits 16 and up of the index as a named instance of a variable
            // font: an index past 0xFFFF must not open face 0 in disguise.
            guard (0...0xFFFF).contains(faceIndex) else {
                throw .faceIndexOutOfRange(path: path, index: faceIndex, faceCount: 0)
            }
            face = try library.openFace(bytes: readOnly, index: faceIndex)
        } catch {
            // Only now count the faces: to tell an index past the end from a file FreeType cannot read.
            guard let count = try? library.faceCount(bytes: readOnly) else {
                throw .notAFont(path: path, reason: error.description)
            }
            if faceIndex < 0 || faceIndex >= count {
                throw .faceIndexOutOfRange(path: path, index: faceIndex, faceCount: count)
            }
            throw .notAFont(path: path, reason: error.description)
        }
        var faceOwned = false
        defer { if !faceOwned { library.closeFace(face) } }

        let rec = face.pointee
        let hasOutlines = rec.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0

        // HarfBuzz over the same bytes. The blob does not copy; `buffer` outlives it.
        let blob = hb_blob_create(
            readOnly.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(clamping: readOnly.count),
            HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(truncatingIfNeeded: faceIndex))  // 0...0xFFFF, checked above
        hb_blob_destroy(blob)
        let glyphs = Int(hb_face_get_glyph_count(hbFace))
        let upem = Int(hb_face_get_upem(hbFace))
        guard let hbFace, glyphs > 0, let hbFont = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            throw .notAFont(path: path, reason: "HarfBuzz finds no glyphs (hb_face_create)")
        }
        hb_face_destroy(hbFace)
        // A font of colour bitmaps alone (Noto Color Emoji's CBDT) is drawn from its PNGs; any
        // other font must have outlines.
        let hasColorImages = hb_ot_color_has_png(hb_font_get_face(hbFont)) != 0
        guard hasOutlines || hasColorImages, rec.units_per_EM > 0 || !hasOutlines, upem > 0 else {
            hb_font_destroy(hbFont)
            throw .notAFont(path: path, reason: "not a scalable outline font")
        }
        // Scale = units per em: every position HarfBuzz reports is in font units, unrounded.
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        if let variations {
            do throws(FontError) {
                let name = rec.family_name.map { String(cString: $0) } ?? path
                let coords = try Font.designCoordinates(variations, face: hb_font_get_face(hbFont), name: name)
                try Font.apply(coords, hbFont: hbFont, face: face, name: path)
            } catch {
                hb_font_destroy(hbFont)
                throw error
            }
        }

        // A truncated file can open and still have broken tables: load one real glyph outline
        // now, so that a damaged font fails here with a clear error rather than mid-layout.
        var probe: hb_codepoint_t = 0
        let probeGlyph = hb_font_get_nominal_glyph(hbFont, 0x41, &probe) != 0 ? probe : 0
        let loadError = hasOutlines ? FT_Load_Glyph(face, FT_UInt(probeGlyph), Font.loadFlags) : 0
        guard loadError == 0 else {
            hb_font_destroy(hbFont)
            throw .notAFont(path: path, reason: freeTypeError("FT_Load_Glyph", loadError).description)
        }

        if let singleLine {
            (self.hasSVGStrokes, self.isSingleLine) = (false, singleLine)
        } else {
            let probes = Font.singleLineProbe.unicodeScalars.compactMap { scalar -> UInt32? in
                var glyph: hb_codepoint_t = 0
                return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
            }
            self.hasSVGStrokes = hasOutlines && SVGGlyphStrokes.isSingleLine(face: hb_font_get_face(hbFont), probes: probes)
            self.isSingleLine = hasSVGStrokes || hasOutlines && Font.detectSingleLine(face: face, probes: probes)
        }
        self.id = Font.nextID.add(1, ordering: .relaxed).oldValue
        self.source = source
        self.familyName = rec.family_name.map { String(cString: $0) } ?? "Unknown"
        self.styleName = rec.style_name.map { String(cString: $0) } ?? "Regular"
        self.metrics = FontMetrics(
            unitsPerEm: rec.units_per_EM > 0 ? Int(rec.units_per_EM) : upem, ascender: Int(rec.ascender),
            descender: Int(rec.descender),
            lineGap: Int(rec.height) - (Int(rec.ascender) - Int(rec.descender)))
        self.glyphCount = glyphs
        self.isFixedPitch = rec.face_flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH) != 0
        self.isBold = rec.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        self.isItalic = rec.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        self.hasColorImages = hasColorImages
        self.hasOutlines = hasOutlines
        self.bytes = fontBytes
        self.face = face
        self.hbFont = hbFont
        self.colorGlyphs = ColorGlyphs(face: hb_font_get_face(hbFont))
        owned = true
        faceOwned = true
    }

    deinit {
        hb_font_destroy(hbFont)
        if case .success(let library) = FreeTypeLibrary.shared { library.closeFace(face) }
        bytes.release()
    }

    /// Font units, unhinted, no bitmaps: the outline exactly as the font stores it.
    private static let loadFlags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)

    /// The layers of a colour glyph (`COLR` v0), bottom first, in the default palette's colours;
    /// `nil` for a glyph drawn in one colour.
    public func colorLayers(of glyph: UInt32) -> [ColorLayer]? {
        colorGlyphs?.layers(of: glyph, face: hb_font_get_face(hbFont))
    }

    /// The paint tree of a `COLR` v1 colour glyph (font units, y up), in the default palette's
    /// colours; `nil` for a glyph without one, or one whose tree is cut off by the reader's
    /// bounds (`COLRv1Table`). Cached.
    public func colorPaint(of glyph: UInt32) -> ColorPaint? {
        guard let table = colorGlyphs?.paints, glyph < UInt32(glyphCount) else { return nil }
        if let cached = paintCache.withLock({ $0[glyph] }) { return cached }
        let paint = table.paint(of: glyph)
        paintCache.withLock { $0[glyph] = .some(paint) }
        return paint
    }

    /// The PNG of a colour bitmap glyph and the box it covers (font units, y up); `nil` for a
    /// glyph the font draws as an outline, or a font without colour bitmaps.
    public func colorImage(of glyph: UInt32) -> GlyphImage? {
        guard hasColorImages, glyph < UInt32(glyphCount) else { return nil }
        return GlyphImage.image(of: glyph, hbFont: hbFont)
    }

    /// The glyph the font's character map gives `scalar`, or `nil` when the font lacks it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the font draws `scalar` with a glyph of its own. Default-ignorable characters
    /// (joiners, variation selectors) count as covered: shaping hides them when the font lacks them.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        glyph(for: scalar) != nil || scalar.properties.isDefaultIgnorableCodePoint
    }

    /// The unhinted horizontal advance of `glyph` in font units.
    public func advance(of glyph: UInt32) -> Int {
        Int(hb_font_get_glyph_h_advance(hbFont, glyph))
    }

    /// The outline of `glyph` in font units, y up. Cached. In a font of colour bitmaps only,
    /// a glyph has no path, and its bounds are its image's box, so the ink it adds is measured.
    /// A `COLR` v1 glyph without ink of its own (as emoji fonts make them) takes the box its
    /// paint tree covers.
    public func outline(of glyph: UInt32) throws(FontError) -> GlyphOutline {
        if let cached = outlineCache.withLock({ $0[glyph] }) { return cached }
        var outline = try faceLock.withLock { _ throws(FontError) in try loadOutline(glyph) }
        if outline.bounds == nil, let paint = colorPaint(of: glyph) {
            outline.bounds = try paintBounds(paint, map: .identity)
        }
        outlineCache.withLock { $0[glyph] = outline }
        return outline
    }

    /// The box (font units, y up) of the glyph outlines `paint` fills, mapped by `map`; `nil`
    /// when it fills none. Outlines are read without this step, so a paint naming its own glyph
    /// does not recurse.
    private func paintBounds(_ paint: ColorPaint, map: AffineMap) throws(FontError) -> Rect? {
        func union(_ a: Rect?, _ b: Rect?) -> Rect? { a.map { a in b.map { a.union($0) } ?? a } ?? b }
        switch paint {
        case .glyph(let glyph, _):
            return try faceLock.withLock { _ throws(FontError) in try loadOutline(glyph) }.path.bounds(transformedBy: map)
        case .transform(let inner, let paint):
            return try paintBounds(paint, map: inner.concatenating(map))
        case .layers(let paints):
            var box: Rect?
            for paint in paints { box = union(box, try paintBounds(paint, map: map)) }
            return box
        case .composite(let source, _, let backdrop):
            return union(try paintBounds(source, map: map), try paintBounds(backdrop, map: map))
        case .solid, .linearGradient, .radialGradient, .sweepGradient:
            return nil
        }
    }

    /// Must run under `faceLock`. A single-line font's retraced contours come back open.
    private func loadOutline(_ glyph: UInt32) throws(FontError) -> GlyphOutline {
        guard glyph < UInt32(glyphCount) else {
            throw .cCallFailed(function: "FT_Load_Glyph", code: 0x10, reason: "invalid glyph index \(glyph)")
        }
        guard hasOutlines else { return GlyphOutline(path: Path(), bounds: colorImage(of: glyph)?.bounds) }
        // An OpenType-SVG single-line font's strokes are its SVG glyphs; a glyph without one (or
        // whose document fills) keeps its outline.
        if hasSVGStrokes, case .strokes(let strokes) = SVGGlyphStrokes.reading(of: glyph, face: hb_font_get_face(hbFont)) {
            return GlyphOutline(path: strokes, bounds: strokes.bounds())
        }
        var path = try Font.outlinePath(face: face, glyph: glyph)
        if isSingleLine { path = SingleLine.reopened(path).path }
        return GlyphOutline(path: path, bounds: path.bounds())
    }

    /// The contours of `glyph` as FreeType reads them, font units; empty for a glyph without
    /// an outline. Must run under `faceLock` (or before the font is shared).
    private static func outlinePath(face: FT_Face, glyph: UInt32) throws(FontError) -> Path {
        try check("FT_Load_Glyph", FT_Load_Glyph(face, FT_UInt(glyph), Font.loadFlags))
        guard let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }
        let outline = slot.pointee.outline
        let count = Int(outline.n_points), contours = Int(outline.n_contours)
        guard count > 0, contours > 0, let points = outline.points, let tags = outline.tags, let ends = outline.contours else {
            return Path()
        }
        return try GlyphContours.path(points: UnsafeBufferPointer(start: points, count: count),
                                      tags: UnsafeBufferPointer(start: tags, count: count),
                                      ends: UnsafeBufferPointer(start: ends, count: contours))
    }

    /// Characters whose glyphs a single-line font draws in strokes alone, tried to tell one.
    private static let singleLineProbe = "AEHIKLMNTVWXZaeiklmnortvwxz14"

    /// Whether the font's glyphs are single strokes stored as retraced contours: every contour
    /// of every probe glyph the font has retraces itself. An outline font's contours enclose
    /// ink, so none of them does.
    private static func detectSingleLine(face: FT_Face, probes: [UInt32]) -> Bool {
        var checked = 0
        for glyph in probes {
            guard let path = try? outlinePath(face: face, glyph: glyph), !path.isEmpty else { continue }
            guard SingleLine.isRetraced(path) else { return false }
            checked += 1
        }
        return checked > 0
    }
}

/// A glyph's contours as a path, read from FreeType's outline (points, tags, contour ends) in
/// floating point. Written by hand because `FT_Outline_Decompose` rounds: it works in integers,
/// so the on-curve point a TrueType contour implies between two off-curve points, their
/// midpoint, loses its half unit (0.3 px on "Hg" warped into a 2,400 × 1,200 px box). The rules
/// are FreeType's own (`FT_Outline_Decompose` in ftoutln.c): a contour that starts off-curve
/// starts at its last point if that is on-curve, else at the midpoint of its first and last;
/// two off-curve quadratic points in a row imply the on-curve point between them; a cubic
/// takes two off-curve points; every contour ends back at its start and is closed.
enum GlyphContours {
    static func path(points: UnsafeBufferPointer<FT_Vector>, tags: UnsafeBufferPointer<CChar>,
                     ends: UnsafeBufferPointer<CShort>) throws(FontError) -> Path {
        func invalid() -> FontError { .cCallFailed(function: "FT_Load_Glyph", code: 0x14, reason: "invalid outline") }
        func point(_ i: Int) -> Point { Point(x: Double(points[i].x), y: Double(points[i].y)) }
        // FT_CURVE_TAG: the low two bits. 1 on-curve, 0 quadratic control, 2 cubic control.
        func tag(_ i: Int) -> Int { Int(UInt8(bitPattern: tags[i]) & 3) }
        var path = Path()
        var first = 0
        for end in ends {
            var last = Int(end)
            guard last >= first, last < points.count else { throw invalid() }
            var start = point(first)
            var index = first
            switch tag(first) {
            case 2: throw invalid()
            case 0:
                if tag(last) == 1 {
                    start = point(last)
                    last -= 1
                } else {
                    start = (start + point(last)) * 0.5
                }
                index -= 1
            default: break
            }
            path.move(to: start)
            var control: Point?
            var cubic: [Point] = []
            while index < last {
                index += 1
                let p = point(index)
                switch tag(index) {
                case 1:
                    if let c = control {
                        path.quad(to: p, control: c)
                        control = nil
                    } else if !cubic.isEmpty {
                        guard cubic.count == 2 else { throw invalid() }
                        path.cubic(to: p, control1: cubic[0], control2: cubic[1])
                        cubic = []
                    } else {
                        path.line(to: p)
                    }
                case 0:
                    guard cubic.isEmpty else { throw invalid() }
                    if let c = control { path.quad(to: (c + p) * 0.5, control: c) }
                    control = p
                default:
                    guard control == nil, cubic.count < 2 else { throw invalid() }
                    cubic.append(p)
                }
            }
            // Back to the start: by the pending curve, else by a line, as FreeType closes it.
            if let c = control {
                path.quad(to: start, control: c)
            } else if !cubic.isEmpty {
                guard cubic.count == 2 else { throw invalid() }
                path.cubic(to: start, control1: cubic[0], control2: cubic[1])
            } else {
                path.line(to: start)
            }
            path.close()
            first = Int(end) + 1
        }
        return path
    }
}

extension Font {
    /// A FreeType face of the font's own for a C library that reads glyphs itself (cairo, as it
    /// writes a PDF's font subset), so that it never shares the font's face, which is used under
    /// the font's lock. `face` is an `FT_Face`; call `release(context)` once the library is done
    /// with it (cairo calls it when it destroys its font face). `nil` for a font set to a point
    /// of its design space (the new face would be at the default) or one FreeType cannot open.
    package func independentFace() -> IndependentFace? {
        if case .varied = source { return nil }
        guard case .success(let library) = FreeTypeLibrary.shared,
              let face = try? library.openFace(bytes: bytes.buffer, index: Int(face.pointee.face_index & 0xFFFF)) else { return nil }
        let holder = IndependentFaceHolder(font: self, face: face)
        return IndependentFace(face: UnsafeMutableRawPointer(face), context: Unmanaged.passRetained(holder).toOpaque())
    }

    /// A face made by `independentFace()`: the face, and what `release` frees.
    package struct IndependentFace {
        /// The `FT_Face`.
        package let face: UnsafeMutableRawPointer
        /// What to pass to `release`.
        package let context: UnsafeMutableRawPointer

        /// Closes the face and lets the font (whose bytes it reads) go.
        package static let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
            guard let context else { return }
            let holder = Unmanaged<IndependentFaceHolder>.fromOpaque(context).takeRetainedValue()
            if case .success(let library) = FreeTypeLibrary.shared { library.closeFace(holder.face) }
        }
    }
}

/// Keeps a font (and so its bytes) alive as long as a face opened on them.
private final class IndependentFaceHolder {
    let font: Font
    let face: FT_Face

    init(font: Font, face: FT_Face) {
        self.font = font
        self.face = face
    }
}
