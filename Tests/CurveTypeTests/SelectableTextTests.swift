import CurveType
import Foundation
import TestSupport
import Testing

/// `--glyphs selectable`: outlines with the text under them, invisible, in SVG and PDF.
/// (Fixtures/selectable_check.py measures every golden in Chromium, rsvg-convert, resvg,
/// pdftotext and PDFium; these are the checks that need no browser.)
@Suite struct SelectableTextTests {
    static let mixed = "مرحبا بالعالم office 2026"

    /// The text layer's `<tspan>`s, in document order: their characters.
    static func spans(_ svg: String) -> [String] {
        svg.split(separator: "<tspan").dropFirst().compactMap { piece in
            guard let open = piece.firstIndex(of: ">"), let close = piece.range(of: "</tspan>") else { return nil }
            return String(piece[piece.index(after: open)..<close.lowerBound])
        }
    }

    /// The SVG with its text layers taken out.
    static func withoutLayers(_ svg: String) -> String {
        svg.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("<text font-size=") }
            .joined(separator: "\n")
    }

    /// Selectable is outlines plus the layers, byte for byte; the layer holds the text in
    /// logical order (a right-to-left run lies turned along the circle, and is written as read).
    @Test func selectableIsOutlinesAndTheTextInLogicalOrder() throws {
        let style = CircleTextStyle(size: 20, radius: 120)
        let outlines = try CircleTextRequest(text: Self.mixed, style: style).render().svg(SVGSettings(idPrefix: "c"))
        let selectable = try CircleTextRequest(text: Self.mixed, style: style).render().svg(SVGSettings(idPrefix: "c", textLayers: true))
        #expect(!outlines.contains("<text"), "outlines carry no text layer")
        #expect(Self.withoutLayers(selectable) == outlines)
        #expect(Self.spans(selectable).joined() == Self.mixed)
        // The layout itself lies right to left: its first cluster is the end of the Arabic.
        let layout = try CircleTextRequest(text: Self.mixed, style: style).render().layout.text
        #expect(layout.clusters.first?.textRange.lowerBound != 0)
    }

    /// Only a line with an emoji is transparent (a viewer draws an emoji whatever its fill), so a
    /// selection of any other line is seen.
    @Test func onlyALineWithAnEmojiIsTransparent() throws {
        for (text, transparent) in [("plain ★ text", false), ("ship it 🚀", true), ("shine ✨", true), ("heart ❤️", true), ("heart ❤", false)] {
            let svg = try CircleTextRequest(text: text, style: CircleTextStyle(size: 20, radius: 80)).render().svg(SVGSettings(textLayers: true))
            #expect(svg.contains("stroke=\"none\" opacity=\"0\"") == transparent, "\(text)")
        }
    }

    /// Each cluster's span starts where its glyphs do and turns as they do.
    @Test func spansLieOnTheirClusters() throws {
        let result = try CircleTextRequest(text: "Hello, world", style: CircleTextStyle(size: 20, radius: 80), ).render()
        let svg = try result.svg(SVGSettings(numbers: SVGNumberFormat(precision: 4), textLayers: true))
        let tspans = svg.split(separator: "<tspan ").dropFirst()
        let clusters = result.layout.text.clusters.sorted { $0.textRange.lowerBound < $1.textRange.lowerBound }
        try #require(tspans.count == clusters.count)
        for (tspan, cluster) in zip(tspans, clusters) {
            func attribute(_ name: String) -> Double? {
                guard let start = tspan.range(of: " \(name)=\"") ?? (tspan.hasPrefix("\(name)=\"") ? tspan.range(of: "\(name)=\"") : nil) else { return nil }
                return Double(tspan[start.upperBound...].prefix { $0 != "\"" })
            }
            #expect(abs((attribute("x") ?? .nan) - cluster.origin.x) < 1e-3)
            #expect(abs((attribute("y") ?? .nan) - cluster.origin.y) < 1e-3)
            #expect(abs((attribute("rotate") ?? 0) - cluster.angle) < 1e-3)
            #expect(abs((attribute("textLength") ?? .nan) - cluster.advance) < 1e-3)
        }
    }

    /// A PDF keeps its text by default (invisible, one /ActualText span a run, in logical
    /// order), and none when asked for none; qpdf finds no fault, pdftotext reads it back.
    @Test func pdfKeepsTheTextUnderTheOutlines() throws {
        let qpdf = try neededProgram("qpdf", install: "Debian qpdf")
        let pdftotext = try neededProgram("pdftotext", install: "Debian poppler-utils")
        let scratch = try scratchFolder("selectable-pdf")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let circle = try CircleTextRequest(text: "Hello, world — office", style: CircleTextStyle(size: 20, radius: 90)).render()
        let rtl = try CircleTextRequest(text: Self.mixed, style: CircleTextStyle(size: 20, radius: 120)).render()
        for (name, bytes, text) in [("ltr", try circle.pdf(), "Hello, world — office"), ("rtl", try rtl.pdf(), Self.mixed)] {
            let file = scratch.appendingPathComponent("\(name).pdf")
            try Data(bytes).write(to: file)
            let check = try runProcess(qpdf, ["--check", file.path])
            #expect(check.status == 0, "qpdf: \(String(decoding: check.stdout, as: UTF8.self))")
            // The span's text, from the page's first content stream (ours, deflated).
            let qdf = scratch.appendingPathComponent("\(name).qdf")
            _ = try runProcess(qpdf, ["--qdf", "--object-streams=disable", file.path, qdf.path])
            let plain = String(decoding: try Data(contentsOf: qdf), as: UTF8.self)
            let hex = text.utf16.map { String(format: "%04X", $0) }.joined()
            #expect(plain.uppercased().contains("/ACTUALTEXT <FEFF\(hex)>"), "\(name): the span says the text in logical order")
            #expect(plain.contains("3 Tr"), "invisible")
            if name == "ltr" {
                let read = try runProcess(pdftotext, [file.path, "-"])
                #expect(String(decoding: read.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ") == text)
            }
        }
        // Asked for none, and the same drawing: the PDF has no text to read.
        let bare = scratch.appendingPathComponent("bare.pdf")
        try Data(try circle.frame.pdf(textLayers: false)).write(to: bare)
        let read = try runProcess(pdftotext, [bare.path, "-"])
        #expect(String(decoding: read.stdout, as: UTF8.self).allSatisfy { $0.isWhitespace || $0 == "\u{0C}" })
        // The layer draws nothing: the two PDFs look the same to poppler.
        let pdftoppm = try neededProgram("pdftoppm", install: "Debian poppler-utils")
        let withText = scratch.appendingPathComponent("ltr.pdf")
        let a = try runProcess(pdftoppm, ["-r", "144", "-png", withText.path])
        let b = try runProcess(pdftoppm, ["-r", "144", "-png", bare.path])
        #expect(a.status == 0 && !a.stdout.isEmpty && a.stdout == b.stdout, "the text layer changes no pixel")
    }

    /// The text layers say each thing once, as a reader would type it: a name seal is one word
    /// (山田太郎, not a line a cell), an animated angle says its final label, not each of the
    /// 47 it shows on its way from 0° to 45°, and a fitted paragraph is one text across its
    /// wraps.
    @Test func layersSayEachThingOnceAsTyped() throws {
        var seal = SealRequest(ring: "", center: "")
        seal.name = NameSeal("山田太郎")
        let name = try seal.render().svg(SVGSettings(textLayers: true))
        let layerLines = name.split(separator: "\n").filter { $0.hasPrefix("<text font-size=") }
        #expect(layerLines.count == 1 && Self.spans(String(layerLines[0])).joined() == "山田太郎", "\(layerLines)")
        let angle = try CommandInvocation(arguments: ["angle", "45", "--from", "0"]).request().renderDocument()
        let svg = try angle.svg(SVGSettings(textLayers: true))
        let labels = svg.split(separator: "\n").filter { $0.hasPrefix("<text font-size=") }
        #expect(labels.count == 1 && Self.spans(String(labels[0])).joined() == "45°", "\(labels.count) labels")
        #expect(svg.components(separatedBy: "<set ").count > 40, "the animation still shows each moment's label")
        // A wrapped paragraph is one layer, a space at each wrap: a phrase across it is found.
        let text = "The quick brown fox jumps over the lazy dog again and again"
        let fitted = try FitRequest(.text(text), style: FitStyle(width: 200, height: 120)).render()
        #expect(fitted.fitted.lines.count > 2)
        let paragraph = try fitted.svg(SVGSettings(textLayers: true)).split(separator: "\n").filter { $0.hasPrefix("<text font-size=") }
        #expect(paragraph.count == 1 && Self.spans(String(paragraph[0])).joined() == text, "\(paragraph)")
    }

    /// A curved line's invisible PDF text is read as words by MuPDF (`mutool draw -F txt`),
    /// which reads no `/ActualText`: each word is one run along its chord, where a glyph under
    /// a text matrix of its own came out a letter a line. A tight circle's long word is split
    /// where its chord would leave the ink, and still read in order.
    @Test func curvedPDFTextIsReadAsWords() throws {
        let mutool = try neededProgram("mutool", install: "Debian mupdf-tools")
        let scratch = try scratchFolder("pdf-words")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func words(_ result: CircleTextResult) throws -> [String] {
            let file = scratch.appendingPathComponent("c.pdf")
            try Data(try result.pdf()).write(to: file)
            let read = try runProcess(mutool, ["draw", "-F", "txt", file.path])
            #expect(read.status == 0)
            return String(decoding: read.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        }
        let text = "Hello wide world of curved text"
        #expect(try words(CircleTextRequest(text: text, style: CircleTextStyle(size: 20, radius: 120)).render()) == text.split(separator: " ").map(String.init))
        let tight = try words(CircleTextRequest(text: "Extraordinarily", style: CircleTextStyle(size: 30, radius: 40)).render())
        #expect(tight.joined() == "Extraordinarily" && tight.count < 15, "\(tight)")
    }

    /// Every effect gives its drawing a text layer: seals (rings and centre), badges, fitted
    /// boxes, warps, paths (each effect), spirals and angles.
    @Test func everyEffectHasATextLayer() throws {
        func layers(_ svg: String) -> String { Self.spans(svg).joined() }
        let seal = try SealRequest(ring: "CERTIFIED • SWIFT • ", center: "A+").render().svg(SVGSettings(textLayers: true))
        #expect(layers(seal).contains("CERTIFIED • SWIFT •") && layers(seal).contains("A+"))
        let warp = try WarpRequest(text: "Warped text", preset: try #require(TextWarpPreset.named("wave1"))).render().svg(SVGSettings(textLayers: true))
        #expect(layers(warp) == "Warped text")
        let wave = try Path(svgPathData: "M 0 100 C 100 0 200 200 300 100")
        for effect in PathEffect.allCases {
            let path = try PathTextRequest(text: "Along the path", path: wave,
                                           style: PathTextStyle(size: 18, effect: effect)).render().svg(SVGSettings(textLayers: true))
            #expect(layers(path) == "Along the path", "\(effect)")
        }
    }
}
