import CurveType
import Foundation
import TestSupport
import Testing

@Suite struct RenderTests {
    static let seed = CircleTextRequest(
        text: "LET'S LEARN SWIFTUI! THE MOST MAGICAL FRAMEWORK!", font: .family("DejaVu Sans Mono"),
        style: CircleTextStyle(size: 13, radius: 125, start: 214, tracking: 5),
        fill: try! SVGColor(parsing: "red"))

    @Test func sameRequestSameBytes() throws {
        let a = try Self.seed.render().svg
        let b = try Self.seed.render().svg
        #expect(a == b)
    }

    @Test func concurrentRendersAgree() async throws {
        let expected = try Self.seed.render().svg
        let requests = (0..<16).map { i -> CircleTextRequest in
            var r = Self.seed
            r.font = [FontRequest.family("DejaVu Sans Mono"), .bundled(.sans), .bundled(.sansBold), .bundled(.monoBold)][i % 4]
            return r
        }
        let serial = try requests.map { try $0.render().svg }
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (i, r) in requests.enumerated() { group.addTask { (i, try r.render().svg) } }
            for try await (i, svg) in group { #expect(svg == serial[i]) }
        }
        #expect(serial[0] == expected)
    }

    @Test func differentRequestsGetDifferentIDs() throws {
        var other = Self.seed
        other.text = "ANOTHER TEXT"
        let prefix = { (svg: String) -> Substring in
            let start = svg.range(of: "id=\"")!.upperBound
            return svg[start...].prefix { $0 != "-" }
        }
        #expect(prefix(try Self.seed.render().svg) != prefix(try other.render().svg))
        let svg = try Self.seed.render().svg(SVGSettings(idPrefix: "badge1"))
        #expect(svg.contains("id=\"badge1-g0-"))
        #expect(svg.contains("<use xlink:href=\"#badge1-g0-"))
        #expect(throws: SVGError.invalidIDPrefix("1 bad")) { try SVGSettings(idPrefix: "1 bad") }
    }

    /// The viewBox holds every glyph's ink, and with no padding the ink touches all four sides.
    @Test func viewBoxIsTightAroundTheInk() throws {
        // The canvas is sized in hundredths of a px, the ink in its middle: at most half a
        // hundredth from each side.
        for text in ["Ag jpqy ÅÉ", "LET'S LEARN SWIFTUI!", "ffi fj"] {
            var request = Self.seed
            request.text = text
            request.font = .bundled(.sans)
            request.style = CircleTextStyle(size: 40, radius: 120, start: -100)
            request.padding = 0
            let result = try request.render()
            let box = Rect(minX: 0, minY: 0, maxX: result.width, maxY: result.height)
            var ink: Rect?
            for g in result.layout.text.glyphs {
                let outline = try result.layout.text.run.fonts[g.font].outline(of: g.glyph)
                let t = AffineMap.scale(g.scale, -g.scale).concatenating(.rotation(.degrees(g.angle)))
                    .concatenating(.translation(g.origin.x, g.origin.y))
                // Every outline point sampled densely lies inside the box.
                for p in sampledOutline(outline.path, t) {
                    #expect(box.contains(p, tolerance: 1e-6), "\(text): \(p) outside \(box)")
                }
                if let b = outline.path.bounds(transformedBy: t) { ink = ink.map { $0.union(b) } ?? b }
            }
            let i = try #require(ink)
            for edge in [i.minX, i.minY, result.width - i.maxX, result.height - i.maxY] {
                #expect(edge >= -1e-9 && edge <= 0.005 + 1e-9, "\(text): ink is \(edge) px from an edge")
            }
        }
    }

    @Test func canvasPutsTheCentreInTheMiddle() throws {
        var request = Self.seed
        request.canvas = CanvasSize(width: 300, height: 200)
        let result = try request.render()
        #expect(result.layout.curve.center == Point(x: 150, y: 100))
        #expect(try result.svg.contains("width=\"300\" height=\"200\" viewBox=\"0 0 300 200\""))
    }

    @Test func textModeWritesOneTextPerInkedCluster() throws {
        var request = Self.seed
        request.glyphs = .text
        request.text = "A é <&> B"
        let svg = try request.render().svg
        #expect(svg.components(separatedBy: "<text ").count - 1 == 6)
        #expect(svg.contains(">&lt;</text>") && svg.contains(">&amp;</text>") && svg.contains(">&gt;</text>"))
        #expect(svg.contains("font-family=\"&apos;DejaVu Sans Mono&apos;, monospace\""))
    }

    @Test func controlCharactersAreRemovedAndReported() throws {
        var request = Self.seed
        request.text = "A\u{0}B\u{7}C\u{1B}[31mD\u{85}"
        let result = try request.render()
        #expect(result.text == "ABC[31mD")
        #expect(result.warnings == [CurveTypeWarning(.controlCharactersRemoved, "removed 4 control characters from the text")])
        #expect(try !result.svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        request.text = "\u{1}\u{2}"
        #expect(throws: CurveTypeError.self) { try request.render() }
        request.text = ""
        #expect(throws: CurveTypeError.self) { try request.render() }
    }

    /// A line feed in one-line text is a space, as SVG and browsers read it: "Death\nHe kindly"
    /// is not "DeathHe kindly". CR LF is one space, a tab a space, breaks at the ends go, and
    /// nothing is said about them. The same on a circle, a path and a spiral.
    @Test func lineBreaksInOneLineTextAreSpaces() throws {
        var circle = Self.seed
        circle.text = "Death\nHe kindly\r\nstopped\tfor me\n"
        let result = try circle.render()
        #expect(result.text == "Death He kindly stopped for me")
        #expect(result.warnings.isEmpty)
        let path = try PathTextRequest(text: "\nDeath\rHe", path: Path([.move(.zero), .line(Point(x: 400, y: 0))])).render()
        #expect(path.text == "Death He" && path.warnings.isEmpty)
        let spiral = try CommandInvocation(arguments: ["spiral", "--text", "Death\nHe"]).request().renderDocument()
        #expect(try spiral.svg.contains("<title>Death He</title>"))
        #expect(spiral.warnings.isEmpty)
    }

    @Test func outlinesAreDefinedOnceAndUsedPerPlacement() throws {
        var request = Self.seed
        request.text = "AAAA BBB"
        request.font = .bundled(.sans)
        let svg = try request.render().svg
        #expect(svg.components(separatedBy: "<path ").count - 1 == 2)
        #expect(svg.components(separatedBy: "<use ").count - 1 == 7)
    }
}

/// Points along every segment of `path` mapped by `t`, 16 per segment.
func sampledOutline(_ path: Path, _ t: AffineMap) -> [Point] {
    var points: [Point] = []
    var current = Point.zero, start = Point.zero
    for element in path.elements {
        switch element {
        case .move(let p): current = p; start = p; points.append(t.apply(p))
        case .line(let p): current = p; points.append(t.apply(p))
        case .quad(let c, let p):
            for i in 1...16 {
                let u = Double(i) / 16, v = 1 - u
                points.append(t.apply(current * (v * v) + c * (2 * u * v) + p * (u * u)))
            }
            current = p
        case .cubic(let c1, let c2, let p):
            for i in 1...16 {
                let u = Double(i) / 16, v = 1 - u
                points.append(t.apply(current * (v * v * v) + c1 * (3 * v * v * u) + c2 * (3 * v * u * u) + p * (u * u * u)))
            }
            current = p
        case .close: current = start
        }
    }
    return points
}

/// `result.write(to:)`: what a build script calls instead of assembling paths and strings.
@Suite struct WriteToURLTests {
    @Test func writesTheSVGAndLayoutAllOrNone() throws {
        let folder = try scratchFolder("write-url")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BadgeRequest(label: "build", message: "passing").render()
        let svg = folder.appendingPathComponent("build badge.svg"), layout = folder.appendingPathComponent("build.json")
        try result.write(to: svg, layoutTo: layout)
        #expect(try String(contentsOf: svg, encoding: .utf8) == result.svg)
        #expect(try String(contentsOf: layout, encoding: .utf8) == result.layoutJSON)
        // A layout that cannot be written leaves the SVG as it was: all or none.
        let other = try BadgeRequest(label: "build", message: "failing").render()
        #expect(throws: CurveTypeError.self) {
            try other.write(to: svg, layoutTo: folder.appendingPathComponent("missing/folder/x.json"))
        }
        #expect(try String(contentsOf: svg, encoding: .utf8) == result.svg)
        // Only file URLs name a place to write.
        #expect(throws: CurveTypeError.self) { try result.write(to: URL(string: "https://example.com/a.svg")!) }
        // A symbolic link at the path is followed, and stays a link (as OutputFile says).
        let link = folder.appendingPathComponent("link.svg"), target = folder.appendingPathComponent("target.svg")
        try result.write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try other.write(to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == other.svg)
        // A file made read-only (chmod 444) is refused, not replaced, even for root, as the
        // shell's `>` refuses it; and so is a read-only file behind a link.
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: target.path)
        #expect(throws: CurveTypeError.self) { try result.write(to: target) }
        #expect(throws: CurveTypeError.self) { try result.write(to: link) }
        #expect(try String(contentsOf: target, encoding: .utf8) == other.svg)
        #expect((try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int) == 0o444)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
    }
}

/// Every kind of warning, from the same words the command line takes: its kind and part are
/// what a build script matches on, its description what `curvetype` prints.
@Suite struct WarningTests {
    func warnings(_ words: [String]) throws -> [CurveTypeWarning] {
        let invocation = try CommandInvocation(arguments: words)
        return try invocation.request().renderDocument().warnings
    }

    @Test func everyKindIsSaid() throws {
        let logo = packageRoot.appendingPathComponent("Fixtures/logos/hostile.svg").path
        let emoji = try neededEmojiFont()
        let cases: [([String], CurveTypeWarning.Kind, String?)] = [
            (["circle", "Hello", "--font", "Arial"], .fontSubstituted, nil),
            (["circle", "A\u{7}B"], .controlCharactersRemoved, nil),
            (["circle", "a\u{10FFFD}", "--font", fontsFolder("DejaVuSans.ttf")], .missingGlyphs, nil),
            (["fit", "a long line that cannot fit", "--box", "40x10", "--min-size", "8", "--truncate"], .textCutShort, nil),
            (["spiral", "--text", String(repeating: "SPIRAL ", count: 40), "--turns", "1", "--clip"], .textRunsPastEnd, nil),
            (["path", String(repeating: "PATH ", count: 20), "--d", "M0 0 L100 0"], .textRunsPastEnd, nil),
            (["path", String(repeating: "RING ", count: 20), "--d", "M0 0 L100 0 L100 100 Z"], .textOverlapsItself, nil),
            (["badge", "--label", "logo", "--message", "ok", "--logo", logo], .logoContentRemoved, nil),
            (["path", "go 🚀", "--d", "M0 0 L200 0", "--effect", "bend", "--fallback-font", emoji],
             .glyphsNotDrawn, nil),
            (["warp", "🚀", "--preset", "wave1", "--fallback-font", emoji], .glyphsNotDrawn, nil),
            (["warp", "go\n🚀", "--preset", "arch-up", "--fallback-font", emoji], .glyphsNotDrawn, nil),
            (["path", "CT", "--d", "M0 0 L200 0", "--effect", "bend", "--font",
              packageRoot.appendingPathComponent("Fixtures/fonts/CurveTypeTestCOLR.ttf").path], .colorsNotDrawn, nil),
            (["path", "LO", "--d", "M0 0 L200 0", "--effect", "bend", "--font",
              packageRoot.appendingPathComponent("Fixtures/fonts/CurveTypeTestCOLRv1.ttf").path], .colorsNotDrawn, nil),
            (["badge", "--label", "a\u{7}b", "--message", "ok"], .controlCharactersRemoved, "label"),
            (["seal", "--ring", "RING • ", "--center", "c\u{7}"], .controlCharactersRemoved, "centre"),
            (["warp", String(repeating: "LONG LINE ", count: 12), "--preset", "arch-up"], .textShrunk, nil),
            (["circle", "東京 Tokyo", "--orientation", "upright"], .drawnSideways, nil),
            (["circle", "Hello", "--sweep", "180", "--justify", "kashida"], .kashidaNotApplied, nil),
            (["circle", "خوراک", "--font", "/usr/share/fonts/truetype/noto/NotoNastaliqUrdu-Regular.ttf", "--size", "160", "--radius", "160",
              "--side", "inside"], .curveTooTight, nil),
            (["seal", "--ring", "بسم الله الرحمن الرحيم • ", "--font", "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf"],
             .joinedWordsKeptWhole, "ring"),
        ]
        for (words, kind, part) in cases {
            let said = try warnings(words)
            #expect(said.contains { $0.kind == kind && $0.part == part }, "\(words.prefix(2)) said \(said)")
        }
    }

    @Test func descriptionNamesThePartAndJSONNamesTheKind() throws {
        let warning = CurveTypeWarning(.missingGlyphs, "DejaVu Sans has no glyph for U+1F680; drawn as .notdef", part: "message")
        #expect(warning.description == "message: DejaVu Sans has no glyph for U+1F680; drawn as .notdef")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(warning), as: UTF8.self)
        #expect(json == #"{"kind":"missingGlyphs","message":"DejaVu Sans has no glyph for U+1F680; drawn as .notdef","part":"message"}"#)
        #expect(try JSONDecoder().decode(CurveTypeWarning.self, from: Data(json.utf8)) == warning)
    }
}

/// One rule for line breaks in every command, and defaults that draw something good.
@Suite struct LineFeedAndDefaultTests {
    /// A seal's centre breaks at a line feed, as fit and warp break; a literal backslash and n
    /// is text (it was a line break on the command line only).
    @Test func aSealsCentreBreaksAtALineFeed() throws {
        func centre(_ text: String) throws -> [String] {
            let request = try CommandInvocation(arguments: ["seal", "--ring", "RING • TEXT • ", "--center", text]).request()
            return try #require(request as? SealRequest).render().centerText?.lines.map(\.text) ?? []
        }
        #expect(try centre("SINCE\n1998") == ["SINCE", "1998"])
        #expect(try centre("SINCE\r\n1998") == ["SINCE", "1998"])
        #expect(try centre("A\\nB") == ["A\\nB"])
    }

    /// Text on a spiral at every default ends at the spiral's outer end, on its widest turn,
    /// where it reads; it started at the centre, where the turns are tighter than the text is
    /// tall, and crumpled over its own line.
    @Test func spiralTextAtTheDefaultsEndsOnTheOuterTurn() throws {
        let request = try CommandInvocation(arguments: ["spiral", "--text", "Type that winds along an Archimedean spiral"]).request()
        let result = try #require(request as? SpiralRequest).render()
        let layout = try #require(result.layout)
        let clusters = layout.text.clusters
        let last = try #require(clusters.last), first = try #require(clusters.first)
        #expect(abs(last.arcLength + last.advance / 2 - layout.curve.length) < 0.01)
        #expect(first.arcLength > layout.curve.length / 2, "the text starts \(first.arcLength) px along \(layout.curve.length)")
        // It rests on its 2 px line, 1 px clear of it, and on the spiral itself with no line.
        #expect(layout.style.baselineShift == 2)
        let bare = try CommandInvocation(arguments: ["spiral", "--text", "Type", "--line-color", "none"]).request()
        #expect(try #require(bare as? SpiralRequest).render().layout?.style.baselineShift == 0)
    }
}
