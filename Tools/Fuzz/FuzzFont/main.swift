// libFuzzer target: font bytes opened by FreeType and HarfBuzz, shaped, measured and outlined,
// their colour tables and SVG glyphs read; or, when they are not a font FreeType opens, read as
// an SVG font and compiled.
// Built only by `make fuzz`; seeds are small subsets of the bundled fonts and of Noto Color Emoji,
// and the test fonts (Tools/Fuzz/run.sh makes them).
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let bytes = bytes(data, size)
    guard let font = (try? Font.open(bytes: bytes, name: "fuzz")) ?? (try? Font.openSVGFont(bytes: bytes, name: "fuzz")) else { return 0 }
    let stack = FontStack(primary: font, fallbackPattern: nil)
    for text in ["Hello, ﬁne world", "AVA Wa", "שלום 12", "x\u{301}\u{302}", "🚀🎉", "LOSXGMRKY"] {
        let run = stack.shape(text)
        for glyph in run.glyphs {
            _ = try? font.outline(of: glyph.glyph)
            // Colour layers (COLR, CPAL) and their outlines, as a drawing reads them.
            for layer in font.colorLayers(of: glyph.glyph) ?? [] { _ = try? font.outline(of: layer.glyph) }
            // COLR v1 paint trees (our own reader of the table's bytes) and the outlines they fill.
            for filled in font.colorPaint(of: glyph.glyph)?.filledGlyphs ?? [] { _ = try? font.outline(of: filled) }
            // Colour bitmaps (CBDT, sbix): the PNG and its box.
            _ = font.colorImage(of: glyph.glyph)
        }
        _ = advanceWidth(of: run, size: 16)
    }
    // Glyph indices past the font's count are refused, not read.
    _ = try? font.outline(of: UInt32(font.glyphCount))
    // Variations read fvar and the variation tables; every font answers, variable or not.
    for setting in ["wght=700,wdth=75", "Bold", "slnt=-12"] {
        if let variations = try? FontVariations(parsing: setting),
           let varied = try? Font.open(bytes: bytes, name: "fuzz", variations: variations) {
            let run = FontStack(primary: varied, fallbackPattern: nil).shape("AVA Wa")
            for glyph in run.glyphs { _ = try? varied.outline(of: glyph.glyph) }
        }
    }
    return 0
})
