import CCairo
import CurveTypeFrame
import CurveTypeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The PNG and PDF writers' limits and settings.
public enum RasterFormat {
    /// The PNG scales, device pixels per px: 1× to 8× (HiDPI e-mail and store listings).
    public static let scales: ClosedRange<Double> = 1...8
    /// The most pixels on a PNG's side.
    public static let maximumSide = 16_384
    /// The most pixels a PNG may hold (64 Mpx: 256 MiB of pixels while it is drawn).
    public static let maximumPixels = 64 << 20
    /// The most picture pixels a page of a PNG or PDF decodes, all its pictures together: 16 M
    /// (64 MiB decoded; an A4 page at 300 dpi is 8.7 M), so pages drawn on 16 threads at once
    /// hold at most 1 GiB of pictures. Each is then kept at the size the page shows it.
    public static let maximumPicturePixels = 16 << 20
    /// The most bytes a PNG or PDF may take.
    public static let maximumBytes = 256 << 20
    /// PDF points per px: CSS's 96 px to the inch, PDF's 72 points.
    public static let pointsPerPixel = 0.75

    /// Whether cairo (libcairo2), which draws PNG and PDF, can be loaded: it is loaded on first
    /// use, so a process that writes only SVG never pays for it.
    public static var isAvailable: Bool { ct_cairo_available() != 0 }

    static func requireCairo() throws(RasterError) {
        guard isAvailable else { throw .refused("PNG and PDF are drawn by cairo, and libcairo.so.2 cannot be loaded (Debian: apt-get install libcairo2)") }
    }
}

extension Frame {
    /// The frame as a PNG: `scale` device pixels per px (1…8), drawn at `time` s of its
    /// animations (`nil`: after they have ended, the picture a viewer keeps).
    ///
    /// The PNG is ⌈width × scale⌉ × ⌈height × scale⌉ pixels, 8-bit RGBA, non-interlaced, its
    /// density in a `pHYs` chunk (96 dpi × scale), with no time or text chunk (`PNGEncoder`):
    /// the same frame gives the same bytes in every run and at every thread count.
    public func png(scale: Double = 1, time: Double? = nil) throws(RasterError) -> [UInt8] {
        try png(scale: scale, time: time, isCancelled: { false })
    }

    /// The PNG, as `png(scale:time:)`, given up (``RasterError/cancelled``) as soon as
    /// `isCancelled` answers true: it is asked before drawing and every 64 rows of encoding, so
    /// a server stops a render no one waits for.
    public func png(scale: Double, time: Double?, isCancelled: () -> Bool) throws(RasterError) -> [UInt8] {
        guard scale.isFinite, RasterFormat.scales.contains(scale) else {
            throw .refused("the PNG scale must be from 1 to 8, not \(scale)")
        }
        try RasterFormat.requireCairo()
        let (w, h) = try pixelSize(scale: scale)
        guard let surface = ct_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else {
            throw .cairo("no image surface")
        }
        defer { ct_cairo_surface_destroy(surface) }
        guard ct_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw .cairo(ct_cairo_surface_status(surface).message) }
        guard !isCancelled() else { throw .cancelled }
        try draw(on: surface, scale: scale, time: time, isPDF: false)
        ct_cairo_surface_flush(surface)
        guard let png = PNGEncoder.encode(surface: surface, scale: scale, isCancelled: isCancelled) else {
            throw isCancelled() ? .cancelled : .cairo("zlib could not compress the PNG")
        }
        return png
    }

    /// The frame's coverage at `scale` device pixels per px: each pixel's alpha (0 to 255),
    /// row by row, as the PNG would hold it (premultiplied, so a translucent fill's coat shows
    /// as its alpha). For tests that measure ink: components, seams, thickness.
    package func alphaPlane(scale: Double) throws(RasterError) -> (width: Int, height: Int, alpha: [UInt8]) {
        try RasterFormat.requireCairo()
        let (w, h) = try pixelSize(scale: scale)
        guard let surface = ct_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { throw .cairo("no image surface") }
        defer { ct_cairo_surface_destroy(surface) }
        try draw(on: surface, scale: scale, time: nil, isPDF: false)
        ct_cairo_surface_flush(surface)
        return try Self.alphaPlane(of: surface)
    }

    /// The alpha of a PNG's pixels (as `alphaPlane(scale:)` gives a frame's), for tests that
    /// measure another renderer's drawing.
    package static func alphaPlane(png bytes: [UInt8]) throws(RasterError) -> (width: Int, height: Int, alpha: [UInt8]) {
        try RasterFormat.requireCairo()
        guard let surface = ByteSource.imageSurface(png: bytes) else { throw .cairo("cairo cannot read the PNG") }
        defer { ct_cairo_surface_destroy(surface) }
        return try alphaPlane(of: surface)
    }

    private static func alphaPlane(of surface: OpaquePointer) throws(RasterError) -> (width: Int, height: Int, alpha: [UInt8]) {
        let w = Int(ct_cairo_image_surface_get_width(surface)), h = Int(ct_cairo_image_surface_get_height(surface))
        let stride = Int(ct_cairo_image_surface_get_stride(surface))
        guard let data = ct_cairo_image_surface_get_data(surface) else { throw .cairo("no pixels") }
        var alpha = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                // ARGB32 is a native-endian 32-bit word: alpha is its top byte.
                let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                alpha[y * w + x] = UInt8(truncatingIfNeeded: word >> 24)
            }
        }
        return (w, h, alpha)
    }

    /// The PNG's size in pixels at `scale`, checked against the limits.
    public func pixelSize(scale: Double) throws(RasterError) -> (width: Int, height: Int) {
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        let side = Double(RasterFormat.maximumSide)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= side, h <= side, w * h <= Double(RasterFormat.maximumPixels) else {
            throw .refused("a PNG of \(Self.describe(width)) × \(Self.describe(height)) px at scale \(Self.describe(scale)) would be "
                + "\(Self.describe(w)) × \(Self.describe(h)) pixels; the most is \(RasterFormat.maximumSide) on a side and "
                + "\(RasterFormat.maximumPixels >> 20) Mpx")
        }
        return (Int(w), Int(h))
    }

    /// The frame as a one-page PDF, 0.75 pt per px, drawn at `time` s of its animations (`nil`:
    /// after they end). Glyph runs are outlines; with `textLayers`, the frame's text layers are
    /// invisible text under them (`PDFTextLayer`), so the text can be selected, found and
    /// copied. Text items (a frame made with `--glyphs text`) are text in embedded font
    /// subsets. Links are link annotations.
    ///
    /// The same frame gives the same bytes: no date is written unless `creationDate` (seconds
    /// since 1970, UTC; the command line passes `SOURCE_DATE_EPOCH`) is given.
    public func pdf(time: Double? = nil, creationDate: Int64? = nil, textLayers: Bool = true) throws(RasterError) -> [UInt8] {
        try RasterFormat.requireCairo()
        let k = RasterFormat.pointsPerPixel
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 200_000, height <= 200_000 else {
            throw .refused("a PDF page must be more than 0 and at most 200000 px on a side")
        }
        let sink = ByteSink(limit: RasterFormat.maximumBytes)
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        var links: [(url: String, box: Rect)] = []
        var textLayer = PDFTextLayer()
        try withExtendedLifetime(sink) { () throws(RasterError) in
            guard let surface = ct_cairo_pdf_surface_create_for_stream(ByteSink.write, closure, width * k, height * k) else {
                throw .cairo("no PDF surface")
            }
            defer { ct_cairo_surface_destroy(surface) }
            guard ct_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw .cairo(ct_cairo_surface_status(surface).message) }
            ct_cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
            ct_cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "CurveType")
            ct_cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, creationDate.map(Self.pdfDate) ?? "")
            (links, textLayer) = try draw(on: surface, scale: k, time: time, isPDF: true, textLayers: textLayers)
            ct_cairo_surface_finish(surface)
            let status = ct_cairo_surface_status(surface)
            guard status == CAIRO_STATUS_SUCCESS else {
                if status == CAIRO_STATUS_WRITE_ERROR { throw .refused("the PDF would be more than \(RasterFormat.maximumBytes >> 20) MiB") }
                throw .cairo(status.message)
            }
        }
        guard let linked = PDFUpdate.adding(to: sink.bytes, links: links, textLayer: textLayer, pageHeight: height * k) else {
            throw .cairo("the PDF is not laid out as cairo writes it; its links and text cannot be added")
        }
        return linked
    }

    /// Draws the frame; the links it drew, with their boxes (device space), and the text layers
    /// it met (kept for a PDF with `textLayers`).
    @discardableResult
    fileprivate func draw(on surface: OpaquePointer, scale: Double, time: Double?, isPDF: Bool,
                      textLayers: Bool = false) throws(RasterError) -> (links: [(url: String, box: Rect)], textLayer: PDFTextLayer) {
        guard let cr = ct_cairo_create(surface) else { throw .cairo("no context") }
        defer { ct_cairo_destroy(cr) }
        ct_cairo_scale(cr, scale, scale)
        // Glyph positions exactly as laid out: no hinting of outlines or metrics.
        if let options = ct_cairo_font_options_create() {
            ct_cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            ct_cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            ct_cairo_set_font_options(cr, options)
            ct_cairo_font_options_destroy(options)
        }
        let canvas = FrameCairo(cr: cr, frame: strokingSingleLineGlyphs(), time: time, isPDF: isPDF, keepsTextLayers: textLayers)
        try canvas.draw()
        return (canvas.links, canvas.textLayer)
    }

    /// `YYYY-MM-DDThh:mm:ssZ` for seconds since 1970 (UTC): the ISO 8601 form cairo takes and
    /// writes as PDF's `D:YYYYMMDDhhmmss`.
    static func pdfDate(_ seconds: Int64) -> String {
        var t = time_t(clamping: seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    private static func describe(_ v: Double) -> String {
        guard v.isFinite else { return "\(v)" }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// A PDF of many pages (a merge's document), drawn a page at a time so that a document of
/// thousands of pages never holds its frames: `add` each page's frame, then `finish`. Each page
/// is as `Frame.pdf` writes a frame alone: its size, its links, its text layers.
public final class PDFPages {
    private let sink = ByteSink(limit: RasterFormat.maximumBytes)
    private var surface: OpaquePointer?
    private var pages: [PDFUpdate.Page] = []
    private let title: String
    private let creationDate: Int64?
    private let textLayers: Bool

    /// A document called `title`, dated `creationDate` (seconds since 1970; none unless given).
    public init(title: String, creationDate: Int64? = nil, textLayers: Bool = true) {
        self.title = title
        self.creationDate = creationDate
        self.textLayers = textLayers
    }

    deinit { if let surface { ct_cairo_surface_destroy(surface) } }

    /// The pages added so far.
    public var count: Int { pages.count }

    /// Draws `frame` as the next page, at `time` s of its animations.
    public func add(_ frame: Frame, time: Double? = nil) throws(RasterError) {
        try RasterFormat.requireCairo()
        let k = RasterFormat.pointsPerPixel
        guard frame.width.isFinite, frame.height.isFinite, frame.width > 0, frame.height > 0, frame.width <= 200_000, frame.height <= 200_000 else {
            throw .refused("a PDF page must be more than 0 and at most 200000 px on a side")
        }
        if surface == nil {
            let closure = Unmanaged.passUnretained(sink).toOpaque()
            guard let made = ct_cairo_pdf_surface_create_for_stream(ByteSink.write, closure, frame.width * k, frame.height * k) else {
                throw .cairo("no PDF surface")
            }
            surface = made
            guard ct_cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else { throw .cairo(ct_cairo_surface_status(made).message) }
            ct_cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_TITLE, title)
            ct_cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_CREATOR, "CurveType")
            ct_cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_CREATE_DATE, creationDate.map(Frame.pdfDate) ?? "")
        }
        guard let surface else { throw .cairo("no PDF surface") }
        ct_cairo_pdf_surface_set_size(surface, frame.width * k, frame.height * k)
        let (links, layer) = try frame.draw(on: surface, scale: k, time: time, isPDF: true, textLayers: textLayers)
        ct_cairo_surface_show_page(surface)
        guard ct_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if ct_cairo_surface_status(surface) == CAIRO_STATUS_WRITE_ERROR { throw .refused("the PDF would be more than \(RasterFormat.maximumBytes >> 20) MiB") }
            throw .cairo(ct_cairo_surface_status(surface).message)
        }
        pages.append(PDFUpdate.Page(links: links, textLayer: layer, pageHeight: frame.height * k))
    }

    /// The document's bytes; refused if no page was added.
    public func finish() throws(RasterError) -> [UInt8] {
        guard let surface, !pages.isEmpty else { throw .refused("a PDF needs a page") }
        ct_cairo_surface_finish(surface)
        let status = ct_cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            if status == CAIRO_STATUS_WRITE_ERROR { throw .refused("the PDF would be more than \(RasterFormat.maximumBytes >> 20) MiB") }
            throw .cairo(status.message)
        }
        guard let linked = PDFUpdate.adding(to: sink.bytes, pages: pages) else {
            throw .cairo("the PDF is not laid out as cairo writes it; its links and text cannot be added")
        }
        return linked
    }
}

/// A PNG's pixels, read by cairo: for the package's tests of what was drawn where (a reader of
/// our own output, so not part of the library's public face).
package struct PNGPixels: Sendable, Equatable {
    /// Pixels across.
    package let width: Int
    /// Pixels down.
    package let height: Int
    /// Red, green, blue, alpha per pixel, 0…255, rows top to bottom; colours not premultiplied.
    package let rgba: [UInt8]

    /// Reads `png`; refused if cairo cannot decode it.
    package init(png: [UInt8]) throws(RasterError) {
        try RasterFormat.requireCairo()
        guard let surface = ByteSource.imageSurface(png: png) else { throw .refused("not a PNG cairo can read") }
        defer { ct_cairo_surface_destroy(surface) }
        // cairo decodes any PNG into ARGB32 (or RGB24): native-endian words, premultiplied.
        let format = ct_cairo_image_surface_get_format(surface)
        let w = Int(ct_cairo_image_surface_get_width(surface)), h = Int(ct_cairo_image_surface_get_height(surface))
        let stride = Int(ct_cairo_image_surface_get_stride(surface))
        guard let data = ct_cairo_image_surface_get_data(surface), format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            throw .refused("a PNG cairo decodes into a format other than 32-bit")
        }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let opaque = format == CAIRO_FORMAT_RGB24
        out.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<h {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { Premultiplied.store(row[x], into: buffer, at: (y * w + x) * 4, opaque: opaque) }
            }
        }
        self.width = w
        self.height = h
        self.rgba = out
    }

    /// The pixel at column `x`, row `y` (from the top left): red, green, blue, alpha.
    package subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let at = (y * width + x) * 4
        return (rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3])
    }
}
