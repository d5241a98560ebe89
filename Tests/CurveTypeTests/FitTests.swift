import CurveType
import Foundation
import TestSupport
import Testing

struct FitJSON: Decodable {
    struct Bounds: Decodable { var minX: Double; var minY: Double; var maxX: Double; var maxY: Double }
    struct Line: Decodable { var row: Int; var text: String; var x: Double; var y: Double; var width: Double; var bounds: Bounds }
    var fontSize: Double; var unitsPerEm: Double; var truncated: Bool; var lines: [Line]
}

/// The fit rule restated from hb-shape's advances: greedy lines breaking after spaces (inside a
/// word only with `breakWords`, which applies only when no size keeps words whole), each line
/// from its first pen position to its last advance (trailing spaces left out), widened by ink
/// that sticks out; lines × line height, widened by ink above the first line box or below the last.
struct IndependentFit {
    let hb: [HBGlyph]
    let font: Font
    let upem: Double
    let text: [UInt8]

    /// Clusters: (advance, ink minX, ink maxX, ink top, ink bottom relative to pen, isSpace), font units.
    var clusters: [(advance: Double, ink: Rect?, space: Bool)] {
        var out: [(Double, Rect?, Bool)] = []
        var i = 0
        while i < hb.count {
            var j = i, pen = 0.0
            var ink: Rect?
            while j < hb.count && hb[j].cl == hb[i].cl {
                if let b = try? font.outline(of: hb[j].g).bounds {
                    let box = Rect(minX: pen + hb[j].dx + b.minX, minY: hb[j].dy + b.minY,
                                   maxX: pen + hb[j].dx + b.maxX, maxY: hb[j].dy + b.maxY)
                    ink = ink.map { $0.union(box) } ?? box
                }
                pen += hb[j].ax
                j += 1
            }
            out.append((pen, ink, text[hb[i].cl] == 0x20))
            i = j
        }
        return out
    }

    func extent(_ line: ArraySlice<(advance: Double, ink: Rect?, space: Bool)>) -> (width: Double, top: Double?, bottom: Double?) {
        var items = Array(line)
        while let last = items.last, last.space { items.removeLast() }
        var pen = 0.0, lo = 0.0, hi = 0.0
        var top: Double?, bottom: Double?
        for c in items {
            if let ink = c.ink {
                lo = min(lo, pen + ink.minX); hi = max(hi, pen + ink.maxX)
                top = max(top ?? ink.maxY, ink.maxY); bottom = min(bottom ?? ink.minY, ink.minY)
            }
            pen += c.advance
        }
        return (max(pen, hi) - lo, top, bottom)
    }

    func fits(size: Double, box: (w: Double, h: Double), maxLines: Int?, breakWords: Bool) -> Bool {
        let s = size / upem
        let cs = clusters
        // Greedy: break after a space when the next word would make the line too wide.
        var lines: [ArraySlice<(advance: Double, ink: Rect?, space: Bool)>] = []
        var start = 0
        while start < cs.count {
            var end = start
            var lastBreak: Int?
            var k = start
            while k < cs.count {
                if !cs[k].space && extent(cs[start...k]).width * s > box.w * (1 + 1e-12) && k > start
                    && (lastBreak != nil || breakWords) {
                    break
                }
                if cs[k].space && (k + 1 == cs.count || !cs[k + 1].space) { lastBreak = k + 1 }
                k += 1
            }
            end = k == cs.count ? k : (lastBreak ?? k)
            lines.append(cs[start..<end])
            start = end
        }
        if let maxLines, lines.count > maxLines { return false }
        let extents = lines.map(extent)
        if extents.contains(where: { $0.width * s > box.w * (1 + 1e-12) }) { return false }
        let m = font.metrics
        let line = Double(m.ascender - m.descender + m.lineGap) * s
        let ascent = (line - Double(m.ascender - m.descender) * s) / 2 + Double(m.ascender) * s
        let above = max(0, (extents.first?.top ?? 0) * s - ascent)
        let below = max(0, -(extents.last?.bottom ?? 0) * s - (line - ascent))
        return Double(lines.count) * line + above + below <= box.h * (1 + 1e-12)
    }
}

@Suite struct FitTests {
    /// For random texts and boxes: the chosen size fits and the size + 1/64 px does not, by the
    /// rule restated over hb-shape's advances.
    @Test func chosenSizeIsTheLargestThatFits() throws {
        var rng = SeededGenerator(seed: 5005)
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "AVATAR", "Wave", "To", "office", "quartz", "jinx", "fly", "Sphinx", "1234", "x"]
        let font = try FontStack.resolve(.bundled(.sans)).primary
        for trial in 0..<40 {
            let text = (0..<Int.random(in: 1...30, using: &rng)).map { _ in words.randomElement(using: &rng)! }
                .joined(separator: Bool.random(using: &rng) ? " " : "  ")
            let w = Double.random(in: 40...600, using: &rng), h = Double.random(in: 20...400, using: &rng)
            let maxLines: Int? = trial % 3 == 0 ? Int.random(in: 1...4, using: &rng) : nil
            let style = FitStyle(width: w, height: h, maxSize: 300, minSize: 1, maxLines: maxLines)
            let result = try FitRequest(.text(text), font: .bundled(.sans), style: style).render()
            let json = try JSONDecoder().decode(FitJSON.self, from: Data(result.layoutJSON.utf8))
            let size = json.fontSize
            #expect((size * 64).rounded() == size * 64, "size is a multiple of 1/64 px")
            let hb = try hbShape(fontFile: fontsFolder("DejaVuSans.ttf"), text: text)
            let check = IndependentFit(hb: hb, font: font, upem: json.unitsPerEm, text: Array(text.utf8))
            // Words stay whole when some size allows it; only otherwise are they broken.
            let whole = check.fits(size: 1, box: (w, h), maxLines: maxLines, breakWords: false)
            #expect(check.fits(size: size, box: (w, h), maxLines: maxLines, breakWords: !whole), "trial \(trial): \(size) px should fit")
            if size < 300 {
                #expect(!check.fits(size: size + 1.0 / 64, box: (w, h), maxLines: maxLines, breakWords: !whole),
                        "trial \(trial): \(size + 1.0 / 64) px fits too: \(text) in \(w)x\(h)")
            }
            for line in json.lines {
                #expect(line.bounds.minX >= -1e-9 && line.bounds.maxX <= w + 1e-9, "trial \(trial): line outside the box")
            }
        }
    }

    /// The seed's three rows share one size and line up on their leading and trailing edges.
    @Test(arguments: [(250.0, 250.0), (50.0, 600.0), (400.0, 120.0)])
    func seedRowsLineUp(box: (Double, Double)) throws {
        let style = FitStyle(width: box.0, height: box.1, maxSize: 1000, align: [.leading, .center, .trailing])
        let result = try FitRequest(.rows(["01:", "12:34", ".56"], .main(1)), font: .bundled(.mono), style: style).render()
        let json = try JSONDecoder().decode(FitJSON.self, from: Data(result.layoutJSON.utf8))
        let rows = json.lines
        try #require(rows.count == 3)
        #expect(abs(rows[0].bounds.minX - rows[1].bounds.minX) < 0.01)
        #expect(abs(rows[2].bounds.maxX - rows[1].bounds.maxX) < 0.01)
        // The main row is as wide as its hb-shape advances at the chosen size, and fits.
        let hb = try hbShape(fontFile: fontsFolder("DejaVuSansMono.ttf"), text: "12:34")
        let width = hb.reduce(0) { $0 + $1.ax } * json.fontSize / json.unitsPerEm
        #expect(abs(rows[1].width - width) < 1e-6)
        #expect(width <= box.0 + 1e-9)
        // One more 1/64 px would overflow the width or the height.
        let next = json.fontSize + 1.0 / 64
        let m = try FontStack.resolve(.bundled(.mono)).primary.metrics
        let tooWide = hb.reduce(0) { $0 + $1.ax } * next / json.unitsPerEm > box.0
        let tooTall = 3 * Double(m.ascender - m.descender + m.lineGap) * next / Double(m.unitsPerEm) > box.1
        #expect(tooWide || tooTall)
    }

    /// Mode min: the group's size is the smallest of each row's own largest size.
    @Test func minModeTakesTheSmallestRowSize() throws {
        let rows = ["A", "WWWWWW", "mid"]
        let style = FitStyle(width: 300, height: 400)
        let group = try FitRequest(.rows(rows, .min), style: style).render().fitted.size
        var own: [Double] = []
        for row in rows {
            let alone = FitStyle(width: 300, height: 400.0 / 3)
            own.append(try FitRequest(.rows([row], .min), style: alone).render().fitted.size)
        }
        #expect(group == own.min())
    }

    @Test func breaksAtTheRightPlaces() throws {
        func fitted(_ text: String, width: Double, size: Double = 20, balance: Bool = false) throws -> [FittedLine] {
            let style = FitStyle(width: width, height: 2000, maxSize: size, minSize: size, align: [.leading],
                                 breaking: balance ? .balanced : .greedy)
            return try FitRequest(.text(text), style: style).render().fitted.lines
        }
        func lines(_ text: String, width: Double) throws -> [String] { try fitted(text, width: width).map(\.text) }
        #expect(try lines("well-known words", width: 100) == ["well-", "known", "words"])
        #expect(try lines("first\nsecond", width: 1000) == ["first", "second"])
        // A word wider than the box breaks between clusters; others do not.
        let long = try lines("Incomprehensibilities ok", width: 80)
        #expect(long.count > 2 && long.last == "ok")
        // CJK breaks between characters, but not before 。
        let cjk = try lines("日本語の文章です。", width: 70)
        #expect(cjk.count > 1 && !cjk.contains { $0.hasPrefix("。") })
        // Balanced: the same number of lines, the widest narrower ("eleven" alone becomes a third of it).
        let text = "one two three four five six seven eight nine ten eleven"
        let greedy = try fitted(text, width: 260), balanced = try fitted(text, width: 260, balance: true)
        #expect(greedy.count == 3 && balanced.count == 3)
        #expect(greedy.last!.text == "eleven")
        #expect(greedy.map(\.bounds.width).max()! > balanced.map(\.bounds.width).max()! + 40)
    }

    @Test func truncatesOnlyWhenAsked() throws {
        let text = String(repeating: "overflowing words ", count: 40)
        let style = FitStyle(width: 100, height: 40, maxSize: 40, minSize: 12)
        #expect(throws: CurveTypeError.self) { try FitRequest(.text(text), style: style).render() }
        var truncating = style
        truncating.truncate = true
        let result = try FitRequest(.text(text), style: truncating).render()
        #expect(result.fitted.truncated && result.fitted.size == 12)
        #expect(result.fitted.lines.last!.text.hasSuffix("…"))
        for line in result.fitted.lines { #expect(line.bounds.width <= 100 + 1e-9) }
    }

    /// Tight fitting measures ink: a larger size than by line height, with ink touching the box.
    @Test func tightUsesTheInk() throws {
        let loose = try FitRequest(.text("mum"), style: FitStyle(width: 1000, height: 50)).render().fitted
        let tight = try FitRequest(.text("mum"), style: FitStyle(width: 1000, height: 50, tight: true)).render().fitted
        #expect(tight.size > loose.size * 1.5)
        let line = tight.lines[0]
        #expect(abs(line.bounds.height - 50) < 0.5)
    }
}
