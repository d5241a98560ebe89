import CHarfBuzz

/// An sRGB colour from a font's `CPAL` palette, channels 0…255.
public struct FontColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

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
    public var glyph: UInt32
    public var color: FontColor?

    public init(glyph: UInt32, color: FontColor?) {
        self.glyph = glyph
        self.color = color
    }
}

/// A font's `COLR` v0 layers and its first `CPAL` palette (the default, as browsers use).
struct ColorGlyphs: Sendable {
    /// The palette's colours, by index.
    let palette: [FontColor]

    /// The most layers one glyph may have: real colour fonts use a few dozen.
    static let maximumLayers = 4096

    /// The face's colour tables, `nil` when it has no `COLR` layers.
    init?(face: OpaquePointer) {
        guard hb_ot_color_has_layers(face) != 0 else { return nil }
        // CPAL counts entries in 16 bits; the bound keeps the buffer and the count HarfBuzz fills
        // the same whatever the table says.
        var count = min(hb_ot_color_palette_get_colors(face, 0, 0, nil, nil), 65535)
        var colors = [hb_color_t](repeating: 0, count: Int(count))
        colors.withUnsafeMutableBufferPointer { buffer in
            _ = hb_ot_color_palette_get_colors(face, 0, 0, &count, buffer.baseAddress)
        }
        // hb_color_t packs blue, green, red, alpha from the high byte down (HB_COLOR).
        palette = colors.prefix(Int(count)).map { c in
            FontColor(red: UInt8(c >> 8 & 0xFF), green: UInt8(c >> 16 & 0xFF), blue: UInt8(c >> 24 & 0xFF), alpha: UInt8(c & 0xFF))
        }
    }

    /// The layers of `glyph`, bottom first; `nil` when it is not a colour glyph. A colour index
    /// past the palette paints in the text's colour, as for 0xFFFF.
    func layers(of glyph: UInt32, face: OpaquePointer) -> [ColorLayer]? {
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
