import CCairo
import CurveTypeFrame

// cairo is touched in this module only: its handles are owned here, one context and one surface
// per document, made and destroyed on the thread that draws it (cairo's objects are safe to use
// from one thread at a time; nothing is shared between documents).

/// Bytes cairo writes through a stream callback (a PDF), and whether they passed a bound.
final class ByteSink {
    var bytes: [UInt8] = []
    /// The most bytes accepted; past it the callback fails and the document is refused.
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// cairo's `cairo_write_func_t`: appends `length` bytes, or fails past `limit`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard sink.bytes.count + count <= sink.limit else { return CAIRO_STATUS_WRITE_ERROR }
        if let data, count > 0 { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: count)) }
        return CAIRO_STATUS_SUCCESS
    }
}

/// A PNG's bytes read by cairo through a stream callback.
final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        source.bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { data.update(from: base + source.offset, count: count) }
        }
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }

    /// The PNG `bytes` decoded into an image surface (premultiplied ARGB), or `nil` if cairo
    /// cannot read them. The caller owns the surface.
    static func imageSurface(png bytes: [UInt8]) -> OpaquePointer? {
        let source = ByteSource(bytes)
        let surface = withExtendedLifetime(source) {
            ct_cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { return nil }
        guard ct_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            ct_cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }
}

extension cairo_status_t {
    /// cairo's own words for the status.
    var message: String { String(cString: ct_cairo_status_to_string(self)) }
}
