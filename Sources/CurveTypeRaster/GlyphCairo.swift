import CCairo
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Draws glyph runs as the fonts have them: outlines, `COLR` v0 layers, `COLR` v1 paint trees
/// and colour bitmaps, read from the font as the SVG writer reads them. Holds the bitmaps decoded
/// for one document and the cairo font faces made for its text.
struct GlyphCairo {
    let cr: OpaquePointer
    /// Decoded images by key (a glyph's: font id and glyph; a picture's: its bytes' hash).
    private var surfaces: [ImageKey: OpaquePointer?] = [:]
    /// What each glyph is, by font id and glyph, for this document.
    private var kinds: [GlyphKey: Kind] = [:]
    /// Fonts opened again for cairo's text (`show`), by font id.
    private var textFaces: [Int: TextFace] = [:]
    /// Whether the surface is a PDF's (each picture decoded for each use).
    let isPDF: Bool
    /// Surfaces decoded for one use each (a PDF's).
    private var fresh: [OpaquePointer?] = []

    private struct GlyphKey: Hashable {
        var font: Int
        var glyph: UInt32
    }

    private enum ImageKey: Hashable {
        case glyph(font: Int, glyph: UInt32)
        /// A picture's bytes, at the size it is kept.
        case picture([UInt8], width: Int, height: Int)
    }

    /// Picture pixels decoded for this page so far.
    private var decodedPixels = 0

    /// How a glyph is drawn.
    private enum Kind {
        case empty
        case outline(Path)
        case layers([(path: Path, color: FontColor?)])
        case paint(ColorPaint, box: Rect)
        case image(GlyphImage)
    }

    init(cr: OpaquePointer, isPDF: Bool) {
        self.cr = cr
        self.isPDF = isPDF
    }

    /// Destroys the surfaces and faces made for the document.
    func release() {
        for surface in surfaces.values { if let surface { ct_cairo_surface_destroy(surface) } }
        for surface in fresh { if let surface { ct_cairo_surface_destroy(surface) } }
        for face in textFaces.values { face.release() }
    }

    private mutating func kind(_ font: Font, _ glyph: UInt32) throws(RasterError) -> Kind {
        let key = GlyphKey(font: font.id, glyph: glyph)
        if let known = kinds[key] { return known }
        let kind: Kind
        do {
            // The SVG writer's order: bitmaps, then COLR v1 (as browsers choose when a font has
            // both), then COLR v0, then the outline.
            if let image = font.colorImage(of: glyph) {
                kind = .image(image)
            } else if let tree = font.colorPaint(of: glyph), let box = try font.outline(of: glyph).bounds {
                kind = .paint(tree, box: box)
            } else if let layers = font.colorLayers(of: glyph) {
                var paths: [(path: Path, color: FontColor?)] = []
                for layer in layers {
                    let outline = try font.outline(of: layer.glyph)
                    if outline.bounds != nil { paths.append((outline.path, layer.color)) }
                }
                kind = .layers(paths)
            } else if case let outline = try font.outline(of: glyph), outline.bounds != nil {
                kind = .outline(outline.path)
            } else {
                kind = .empty
            }
        } catch {
            throw .refused("glyph \(glyph) of \(font.familyName) cannot be read: \(error)")
        }
        kinds[key] = kind
        return kind
    }

    /// The box the run's outlines cover, px: what a gradient fill spans.
    func bounds(of run: GlyphRun) -> Rect? {
        var box: Rect?
        for placed in run.glyphs where run.fonts.indices.contains(placed.font) {
            guard let b = try? run.fonts[placed.font].outline(of: placed.glyph).path.bounds(transformedBy: placed.fontUnitsMap) else { continue }
            box = box?.union(b) ?? b
        }
        return box
    }

    /// Draws `run` as outlines (and its colour glyphs as the font paints them) in `paint`.
    mutating func draw(_ run: GlyphRun, paint: FrameCairo.Resolved?, opacity: Double, canvas: FrameCairo) throws(RasterError) {
        // What a gradient spans: the run's box, measured only for a gradient.
        var box: Rect??
        func bounds() -> Rect? {
            if let box { return box }
            let measured = self.bounds(of: run)
            box = .some(measured)
            return measured
        }
        var pending = false
        func flush() {
            guard pending else { return }
            pending = false
            if let paint, canvas.setSource(paint, opacity: opacity, bounds: bounds()) {
                ct_cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                canvas.noteExtents()
                ct_cairo_fill(cr)
            }
            ct_cairo_new_path(cr)
        }
        ct_cairo_new_path(cr)
        for placed in run.glyphs where run.fonts.indices.contains(placed.font) {
            let font = run.fonts[placed.font]
            switch try kind(font, placed.glyph) {
            case .empty:
                continue
            case .outline(let path):
                CairoPath.append(path, through: placed.fontUnitsMap, to: cr)
                pending = true
            case .layers(let layers):
                flush()
                for layer in layers {
                    CairoPath.append(layer.path, through: placed.fontUnitsMap, to: cr)
                    let source: FrameCairo.Resolved? = layer.color.map {
                        .color(Double($0.red) / 255, Double($0.green) / 255, Double($0.blue) / 255, Double($0.alpha) / 255)
                    } ?? paint
                    if let source, canvas.setSource(source, opacity: layer.color == nil ? opacity : 1, bounds: bounds()) {
                        ct_cairo_fill(cr)
                    }
                    ct_cairo_new_path(cr)
                }
            case .paint(let tree, let box):
                flush()
                ct_cairo_save(cr)
                canvas.transform(placed.fontUnitsMap)
                var painter = ColorPaintCairo(cr: cr, font: font, box: box, text: paint, opacity: opacity)
                try painter.draw(tree)
                ct_cairo_restore(cr)
            case .image(let image):
                flush()
                try drawImage(image, placed: placed, font: font)
            }
        }
        flush()
    }

    private mutating func drawImage(_ image: GlyphImage, placed: FrameGlyph, font: Font) throws(RasterError) {
        // A PNG keeps one decoded surface per glyph. A PDF decodes each use anew: cairo 1.16
        // lists a surface painted twice twice in the page's resources (qpdf: "dictionary has
        // duplicated key"), where each use of its own surface is a valid image of its own.
        let key = ImageKey.glyph(font: font.id, glyph: placed.glyph)
        let surface: OpaquePointer?
        if let known = surfaces[key], !isPDF { surface = known } else {
            surface = ByteSource.imageSurface(png: image.png)
            if isPDF { fresh.append(surface) } else { surfaces[key] = surface }
        }
        guard let surface else { return }
        let (pw, ph) = (Double(ct_cairo_image_surface_get_width(surface)), Double(ct_cairo_image_surface_get_height(surface)))
        let b = image.bounds, s = placed.scale
        guard pw > 0, ph > 0, b.width > 0, b.height > 0 else { return }
        ct_cairo_save(cr)
        defer { ct_cairo_restore(cr) }
        guard CairoMatrix.transform(cr, by: placed.placementMap) else { return }
        // The box in the glyph's own px (y down): its top is the font's maxY.
        ct_cairo_translate(cr, b.minX * s, -b.maxY * s)
        ct_cairo_scale(cr, b.width * s / pw, b.height * s / ph)
        ct_cairo_set_source_surface(cr, surface, 0, 0)
        ct_cairo_pattern_set_filter(ct_cairo_get_source(cr), CAIRO_FILTER_GOOD)
        ct_cairo_rectangle(cr, 0, 0, pw, ph)
        ct_cairo_fill(cr)
    }

    /// The most picture pixels a page decodes (`RasterFormat.maximumPicturePixels`). A 16,000
    /// × 16,000 PNG of 1.3 MB decoded to 1 GB and took 6 s for each page; it is refused from
    /// its header, undecoded.
    static let maximumDecodedPixels = RasterFormat.maximumPicturePixels

    /// A checked picture decoded once per document, scaled down to `fitting` pixels (what the
    /// page shows of it: its box in device pixels, or at print resolution in a PDF) where it
    /// has many more; `nil` for one cairo cannot decode (a JPEG: cairo reads PNG only). Its
    /// pixels count against `maximumDecodedPixels` before it is decoded.
    mutating func imageSurface(_ raster: RasterImage, fitting: (width: Int, height: Int)) throws(RasterError) -> OpaquePointer? {
        guard raster.format == .png else {
            throw .refused("a JPEG picture cannot be drawn into PNG or PDF yet; give the logo as PNG or SVG")
        }
        let target = (width: min(raster.pixelWidth, max(1, fitting.width)), height: min(raster.pixelHeight, max(1, fitting.height)))
        let key = ImageKey.picture(raster.bytes, width: target.width, height: target.height)
        if let known = surfaces[key], !isPDF { return known }
        let pixels = raster.pixelWidth * raster.pixelHeight
        guard decodedPixels + pixels <= Self.maximumDecodedPixels else {
            throw .refused("a picture of \(raster.pixelWidth) × \(raster.pixelHeight) pixels is more than a page decodes (\(Self.maximumDecodedPixels >> 20) M pixels, its pictures together); give a smaller picture")
        }
        decodedPixels += pixels
        var surface = ByteSource.imageSurface(png: raster.bytes)
        // Only what the page can show is kept: a picture of twice the pixels or more is drawn
        // once, smoothly, at the size it is shown, and the rest let go.
        if let decoded = surface, target.width * target.height * 2 <= pixels {
            surface = Self.scaled(decoded, to: target)
            ct_cairo_surface_destroy(decoded)
        }
        if isPDF { fresh.append(surface) } else { surfaces[key] = surface }
        guard surface != nil else { throw .refused("the PNG picture cannot be decoded") }
        return surface
    }

    /// `surface` drawn into a new image surface of `size` pixels (cairo's good filter, which
    /// averages the pixels each new one covers); `nil` if cairo cannot make it.
    private static func scaled(_ surface: OpaquePointer, to size: (width: Int, height: Int)) -> OpaquePointer? {
        let (w, h) = (Double(ct_cairo_image_surface_get_width(surface)), Double(ct_cairo_image_surface_get_height(surface)))
        guard w > 0, h > 0, let small = ct_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height)) else { return nil }
        guard ct_cairo_surface_status(small) == CAIRO_STATUS_SUCCESS, let cr = ct_cairo_create(small) else {
            ct_cairo_surface_destroy(small)
            return nil
        }
        defer { ct_cairo_destroy(cr) }
        ct_cairo_scale(cr, Double(size.width) / w, Double(size.height) / h)
        ct_cairo_set_source_surface(cr, surface, 0, 0)
        ct_cairo_pattern_set_filter(ct_cairo_get_source(cr), CAIRO_FILTER_GOOD)
        ct_cairo_paint(cr)
        return small
    }

    // MARK: Text

    /// Writes `run` as text (PDF): each glyph shown from the font, which cairo embeds as a
    /// subset, with the characters of its cluster so the text can be selected and extracted.
    /// Colour glyphs, which a PDF font cannot carry, are drawn as `draw` draws them.
    mutating func show(_ run: GlyphRun, paint: FrameCairo.Resolved?, opacity: Double, canvas: FrameCairo) throws(RasterError) {
        // What a gradient spans; a colour needs no box.
        let box: Rect? = if case .gradient = paint { bounds(of: run) } else { nil }
        guard let paint else { return }
        let utf8 = Array(run.text.utf8)
        // Each glyph's characters: its cluster's, given with the cluster's first glyph.
        var characters = Array(repeating: Range<Int>?.none, count: run.glyphs.count)
        for cluster in run.clusters where cluster.glyphs.lowerBound < characters.count && cluster.utf8.upperBound <= utf8.count {
            characters[cluster.glyphs.lowerBound] = cluster.utf8
        }
        for (index, placed) in run.glyphs.enumerated() where run.fonts.indices.contains(placed.font) {
            let font = run.fonts[placed.font]
            switch try kind(font, placed.glyph) {
            case .outline, .empty:
                guard let face = try textFace(font) else {
                    try draw(GlyphRun(fonts: run.fonts, glyphs: [placed]), paint: paint, opacity: opacity, canvas: canvas)
                    continue
                }
                guard canvas.setSource(paint, opacity: opacity, bounds: box) else { continue }
                ct_cairo_save(cr)
                canvas.transform(placed.placementMap)
                ct_cairo_set_font_face(cr, face.face)
                // px per em, y down as cairo's text space is. Every other glyph's em is larger by
                // a part in 10¹²: cairo (1.16) writes a run of glyphs with one text matrix as one
                // string, placed by the embedded subset's /Widths, which it rounds to thousandths
                // of an em while it positions by the exact advances, so a straight run drifted
                // (1.5 px over 67 "i" at 19 px). A matrix that differs makes it set each glyph
                // with its own Tm, exactly where the outline drawing puts it; 10⁻¹² of an em is
                // nothing any viewer draws.
                let em = placed.scale * Double(font.unitsPerEm) * (index % 2 == 0 ? 1 : 1 + 1e-12)
                var fontMatrix = cairo_matrix_t(xx: em, yx: 0, xy: 0, yy: em, x0: 0, y0: 0)
                ct_cairo_set_font_matrix(cr, &fontMatrix)
                var glyph = cairo_glyph_t(index: UInt(placed.glyph), x: 0, y: 0)
                let text = characters[index].map { Array(utf8[$0]) } ?? []
                if text.isEmpty {
                    ct_cairo_show_glyphs(cr, &glyph, 1)
                } else {
                    var cluster = cairo_text_cluster_t(num_bytes: Int32(text.count), num_glyphs: 1)
                    text.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) { chars in
                            ct_cairo_show_text_glyphs(cr, chars.baseAddress, Int32(text.count), &glyph, 1, &cluster, 1, cairo_text_cluster_flags_t(0))
                        }
                    }
                }
                ct_cairo_restore(cr)
            default:
                try draw(GlyphRun(fonts: run.fonts, glyphs: [placed]), paint: paint, opacity: opacity, canvas: canvas)
            }
        }
    }

    /// A cairo font face over a FreeType face of the font's own, made once per document; `nil`
    /// if the font cannot be opened again.
    private mutating func textFace(_ font: Font) throws(RasterError) -> TextFace? {
        if let known = textFaces[font.id] { return known }
        guard let face = TextFace(font) else { return nil }
        textFaces[font.id] = face
        return face
    }
}

/// A cairo font face over a FreeType face opened for one document. cairo may keep the face in
/// its caches after the document is done: the FreeType face is closed when cairo destroys it
/// (its user data's destroy callback), never before.
final class TextFace {
    let face: OpaquePointer
    /// The key of the user data that closes the FreeType face: its address is what counts.
    nonisolated(unsafe) private static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    init?(_ font: Font) {
        guard let independent = font.independentFace() else { return nil }
        guard let face = ct_cairo_ft_font_face_create_for_ft_face(independent.face, 0),
              ct_cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            Font.IndependentFace.release(independent.context)
            return nil
        }
        guard ct_cairo_font_face_set_user_data(face, Self.key, independent.context, Font.IndependentFace.release) == CAIRO_STATUS_SUCCESS else {
            ct_cairo_font_face_destroy(face)
            Font.IndependentFace.release(independent.context)
            return nil
        }
        self.face = face
    }

    func release() {
        ct_cairo_font_face_destroy(face)
    }
}
