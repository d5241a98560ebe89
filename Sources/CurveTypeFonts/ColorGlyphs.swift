import CHarfBuzz
import CurveTypeGeometry

/// An sRGB colour from a font's `CPAL` palette, channels 0…255.
public struct FontColor: Sendable, Hashable {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Opacity, 0 (transparent)…255 (opaque).
    public var alpha: UInt8

    /// A colour from its channels, 0…255.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// One layer of a colour glyph (`COLR` version 0): a glyph's outline painted in a palette
/// colour, or (`color` nil) in the text's own colour, as the font asks with index 0xFFFF.
public struct ColorLayer: Sendable, Hashable {
    /// The glyph whose outline the layer paints.
    public var glyph: UInt32
    /// The layer's colour; `nil` paints in the text's colour.
    public var color: FontColor?

    /// A layer painting `glyph` in `color`.
    public init(glyph: UInt32, color: FontColor?) {
        self.glyph = glyph
        self.color = color
    }
}

/// A font's first `CPAL` palette (the default, as browsers use), and whether it has `COLR` v0
/// layers.
struct ColorGlyphs: Sendable {
    /// The palette's colours, by index.
    let palette: [FontColor]
    /// Whether the `COLR` table has version 0 layers (a v1 font may have only paints).
    let hasLayers: Bool
    /// The `COLR` table's version 1 paints, `nil` for a version 0 table.
    let paints: COLRv1Table?

    /// The most layers one glyph may have: real colour fonts use a few dozen.
    static let maximumLayers = 4096

    /// The face's colour tables, `nil` when it has neither `COLR` layers nor a palette.
    init?(face: OpaquePointer) {
        hasLayers = hb_ot_color_has_layers(face) != 0
        guard hasLayers || hb_ot_color_has_palettes(face) != 0 else { return nil }
        // CPAL counts entries in 16 bits; the bound keeps the buffer and the count HarfBuzz fills
        // the same whatever the table says.
        var count = min(hb_ot_color_palette_get_colors(face, 0, 0, nil, nil), 65535)
        var colors = [hb_color_t](repeating: 0, count: Int(count))
        colors.withUnsafeMutableBufferPointer { buffer in
            _ = hb_ot_color_palette_get_colors(face, 0, 0, &count, buffer.baseAddress)
        }
        // hb_color_t packs blue, green, red, alpha from the high byte down (HB_COLOR).
        let palette = colors.prefix(Int(count)).map { c in
            FontColor(red: UInt8(c >> 8 & 0xFF), green: UInt8(c >> 16 & 0xFF), blue: UInt8(c >> 24 & 0xFF), alpha: UInt8(c & 0xFF))
        }
        self.palette = palette
        // The COLR table's bytes, copied out of the font (at most the font's size).
        let blob = hb_face_reference_table(face, 0x434F_4C52)  // 'COLR'
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        if let data = hb_blob_get_data(blob, &length), length > 0 {
            let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
            paints = COLRv1Table(bytes: bytes, palette: palette, glyphCount: Int(hb_face_get_glyph_count(face)))
        } else {
            paints = nil
        }
    }

    /// The layers of `glyph`, bottom first; `nil` when it is not a colour glyph. A colour index
    /// past the palette paints in the text's colour, as for 0xFFFF.
    func layers(of glyph: UInt32, face: OpaquePointer) -> [ColorLayer]? {
        guard hasLayers else { return nil }
        var count = hb_ot_color_glyph_get_layers(face, glyph, 0, nil, nil)
        guard count > 0 else { return nil }
        count = min(count, UInt32(Self.maximumLayers))
        var layers = [hb_ot_color_layer_t](repeating: hb_ot_color_layer_t(), count: Int(count))
        layers.withUnsafeMutableBufferPointer { buffer in
            _ = hb_ot_color_glyph_get_layers(face, glyph, 0, &count, buffer.baseAddress)
        }
        return layers.prefix(Int(count)).map { layer in
            let index = Int(layer.color_index)
            return ColorLayer(glyph: layer.glyph, color: index < palette.count ? palette[index] : nil)
        }
    }
}

/// A colour bitmap glyph (`CBDT` or `sbix`, as in Noto Color Emoji): the font's PNG for it and
/// the box it covers, font units, y up (the bitmap's metrics scaled from its strike to the em).
public struct GlyphImage: Sendable, Hashable {
    /// The PNG file's bytes, as the font stores them.
    public var png: [UInt8]
    /// Where the image goes, font units, y up.
    public var bounds: Rect

    /// An image of `png` bytes covering `bounds` (font units, y up).
    public init(png: [UInt8], bounds: Rect) {
        self.png = png
        self.bounds = bounds
    }

    /// The largest PNG taken from a font: real emoji strikes are a few KiB to tens of KiB each.
    static let maximumBytes = 1 << 20
    /// Every PNG file begins with these bytes.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG and box of `glyph` in `hbFont` (scaled to units per em), `nil` when the font has
    /// no image for it, the image is not a PNG, is larger than `maximumBytes`, or covers no area.
    static func image(of glyph: UInt32, hbFont: OpaquePointer) -> GlyphImage? {
        guard let blob = hb_ot_color_glyph_reference_png(hbFont, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > signature.count, length <= maximumBytes else { return nil }
        let png = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
        guard png.starts(with: signature) else { return nil }
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.width > 0, extents.height < 0 else { return nil }
        // y_bearing is the top, height runs down (negative), both y up.
        let bounds = Rect(
            minX: Double(extents.x_bearing), minY: Double(extents.y_bearing) + Double(extents.height),
            maxX: Double(extents.x_bearing) + Double(extents.width), maxY: Double(extents.y_bearing))
        return GlyphImage(png: png, bounds: bounds)
    }
}
