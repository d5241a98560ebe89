import CurveType
import Foundation
import TestSupport
import Testing

@Suite struct ShapingTests {
    static let texts = [
        "AVATAR To WAVE Yo", "office fi fl ffi", "Cafe\u{301} q\u{303} n\u{303}", "Hello, world!",
        "LET'S LEARN SWIFTUI! THE MOST MAGICAL FRAMEWORK!", "שלום עולם", "Ελληνικά Кириллица",
        "  repeated   spaces  ", "1234567890 ½ ∑ → ★",
    ]

    @Test(arguments: [BundledFont.sans, .mono, .sansBold])
    func agreesWithHBShape(_ font: BundledFont) throws {
        let stack = try FontStack.resolve(.bundled(font))
        for text in Self.texts where text.unicodeScalars.allSatisfy(stack.primary.covers) {
            let ours = stack.shape(text).glyphs
            let theirs = try hbShape(fontFile: fontsFolder(font.fileName), text: text)
            try #require(ours.count == theirs.count, "\(text): \(ours.count) glyphs, hb-shape \(theirs.count)")
            for (a, b) in zip(ours, theirs) {
                #expect(a.glyph == b.g && a.cluster == b.cl && a.advance == b.ax && a.xOffset == b.dx && a.yOffset == b.dy,
                        "\(text): ours \(a), hb-shape \(b)")
            }
        }
    }

    @Test func featuresReachHarfBuzz() throws {
        let stack = try FontStack.resolve(.bundled(.sans))
        let kerned = stack.shape("AV").glyphs.map(\.advance)
        let plain = stack.shape("AV", features: [try #require(FontFeature("-kern"))]).glyphs.map(\.advance)
        #expect(kerned[0] < plain[0], "AV is kerned tighter than without kern")
        let theirs = try hbShape(fontFile: fontsFolder("DejaVuSans.ttf"), text: "AV", features: "-kern")
        #expect(plain == theirs.map(\.ax))
        #expect(stack.shape("fi").glyphs.count == 1, "fi ligature")
        #expect(stack.shape("fi", features: [try #require(FontFeature("-liga"))]).glyphs.count == 2)
        #expect(FontFeature("not a feature!") == nil)
    }

    @Test func marksStayInTheirBaseCluster() throws {
        let run = try FontStack.resolve(.bundled(.sans)).shape("q\u{303}x")
        #expect(run.glyphs.map(\.cluster) == [0, 0, 3])
        #expect(run.glyphs[1].advance == 0)
    }

    @Test func familyRequestsFallBackForMissingCharacters() throws {
        // DejaVu Sans Mono has no Hebrew; Fontconfig finds a font that has.
        let stack = try FontStack.resolve(.family("DejaVu Sans Mono"))
        let run = stack.shape("a ש b")
        #expect(run.missing.isEmpty)
        #expect(run.fonts.count == 2)
        let hebrew = try #require(run.glyphs.first { $0.cluster == 2 })
        #expect(hebrew.font == 1 && hebrew.glyph != 0)
        #expect(run.fonts[1].glyph(for: "ש") != nil)
        // The space after ש, between it and b, is the primary font's, as browsers set it; only
        // between two characters of the fallback does it join its run (see
        // aFallbackPhraseKeepsItsRightToLeftOrder).
        #expect(run.glyphs.filter { $0.font == 0 }.map(\.cluster) == [0, 1, 4, 5])
    }

    /// A space beside an emoji is the text's space: `🚀 shipped` had the emoji font's 25 px
    /// space, a hole in the badge. Chromium sets it in the text's font.
    @Test func aSpaceBesideAnEmojiIsTheTextsOwn() throws {
        let emoji = try neededEmojiFont()
        let stack = try FontStack.resolve(.default).addingFallbacks(FontStack.fallbackFonts([.file(path: emoji, faceIndex: 0)]))
        for text in ["🚀 shipped", "shipped 🚀", "a, 🚀! b"] {
            let run = stack.shape(text)
            #expect(run.fonts.count == 2)
            for glyph in run.glyphs {
                let character = text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: glyph.cluster)]
                if character < 0x80 { #expect(glyph.font == 0, "\(text): byte \(glyph.cluster) in \(run.fonts[glyph.font].familyName)") }
            }
        }
        // 6.36 px at 20 px: DejaVu Sans's space, 651 of 2048 units.
        let run = stack.shape("🚀 shipped")
        let space = try #require(run.glyphs.first { $0.cluster == 4 })
        #expect(abs(space.advance / Double(run.fonts[space.font].unitsPerEm) * 20 - 6.357) < 0.01)
    }

    @Test func aFallbackPhraseKeepsItsRightToLeftOrder() throws {
        let run = try FontStack.resolve(.bundled(.mono)).shape("שלום עולם")
        #expect(run.glyphs.map(\.cluster) == [15, 13, 11, 9, 8, 6, 4, 2, 0])
        #expect(Set(run.glyphs.map(\.font)) == [1])
    }

    @Test func fileRequestsReportMissingCharactersAsNotdef() throws {
        let stack = try FontStack.resolve(.file(path: fontsFolder("DejaVuSansMono.ttf")))
        let run = stack.shape("a ש ∰")
        #expect(run.missing == ["ש", "∰"])
        #expect(run.fonts.count == 1)
        #expect(run.glyphs.filter { $0.glyph == 0 }.count == 2)
    }
}
