// libFuzzer target: font bytes opened by FreeType and HarfBuzz, shaped, measured and outlined.
// Built only by `make fuzz`; seeds are small subsets of the bundled fonts (Fuzz/corpus/font).
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let bytes = bytes(data, size)
    guard let font = try? Font.open(bytes: bytes, name: "fuzz") else { return 0 }
    let stack = FontStack(primary: font, fallbackPattern: nil)
    for text in ["Hello, ﬁne world", "AVA Wa", "שלום 12", "x\u{301}\u{302}"] {
        let run = stack.shape(text)
        for glyph in run.glyphs {
            _ = try? font.outline(of: glyph.glyph)
        }
        _ = advanceWidth(of: run, size: 16)
    }
    // Glyph indices past the font's count are refused, not read.
    _ = try? font.outline(of: UInt32(font.glyphCount))
    return 0
})
