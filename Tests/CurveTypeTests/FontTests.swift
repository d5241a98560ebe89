import CurveType
import Foundation
import TestSupport
import Testing

@Suite struct BundledFontTests {
    @Test(arguments: BundledFont.allCases)
    func compiledInBytesEqualTheFilesInFonts(_ font: BundledFont) throws {
        let onDisk = try Data(contentsOf: URL(fileURLWithPath: fontsFolder(font.fileName)))
        #expect(Data(font.bytes) == onDisk, "\(font.fileName) differs from its compiled-in copy: run `make embed-fonts`")
    }

    @Test func bundledFontsOpenWithTheirMetrics() throws {
        let sans = try FontStack.resolve(.bundled(.sans)).primary
        #expect(sans.familyName == "DejaVu Sans")
        #expect(sans.styleName == "Book")
        #expect(sans.unitsPerEm == 2048)
        #expect(sans.metrics.ascender == 1901)
        #expect(sans.metrics.descender == -483)
        #expect(!sans.isFixedPitch)
        let mono = try FontStack.resolve(.bundled(.mono)).primary
        #expect(mono.familyName == "DejaVu Sans Mono")
        #expect(mono.isFixedPitch)
        #expect(try FontStack.resolve(.bundled(.sansBold)).primary.styleName == "Bold")
    }

    @Test func familyPatternsNamingDejaVuUseTheBundledBytes() throws {
        #expect(try FontStack.resolve(.family("DejaVu Sans Mono")).primary.source == .bundled(.mono))
        #expect(try FontStack.resolve(.family("dejavu sans:bold")).primary.source == .bundled(.sansBold))
        #expect(try FontStack.resolve(.family("DejaVu Sans")).fallbackPattern == "DejaVu Sans")
    }
}

@Suite struct FontOpeningTests {
    @Test func opensAFileByPath() throws {
        let stack = try FontStack.resolve(.file(path: fontsFolder("DejaVuSansMono-Bold.ttf")))
        #expect(stack.primary.familyName == "DejaVu Sans Mono")
        #expect(stack.primary.styleName == "Bold")
        #expect(stack.fallbackPattern == nil)
    }

    @Test func opensEachFaceOfACollection() throws {
        let ttc = try makeCollection([fontsFolder("DejaVuSans.ttf"), fontsFolder("DejaVuSansMono.ttf")])
        defer { try? FileManager.default.removeItem(atPath: ttc) }
        #expect(try FontStack.resolve(.file(path: ttc, faceIndex: 0)).primary.familyName == "DejaVu Sans")
        #expect(try FontStack.resolve(.file(path: ttc, faceIndex: 1)).primary.familyName == "DejaVu Sans Mono")
        #expect(throws: FontError.faceIndexOutOfRange(path: ttc, index: 2, faceCount: 2)) {
            try FontStack.resolve(.file(path: ttc, faceIndex: 2))
        }
    }

    @Test func findsAnInstalledFamilyThroughFontconfig() throws {
        // DejaVu Serif is not bundled: this match comes from Fontconfig and the system's fonts
        // (`make test` installs fonts-dejavu-core).
        let stack = try FontStack.resolve(.family("DejaVu Serif"))
        #expect(stack.primary.familyName == "DejaVu Serif")
        guard case .file = stack.primary.source else {
            Issue.record("expected a font file found by Fontconfig, got \(stack.primary.source)")
            return
        }
    }

    @Test func unknownFamilyIsAnError() {
        #expect {
            try FontStack.resolve(.family("No Such Family Zq9"))
        } throws: { error in
            guard case FontError.unknownFamily(let pattern, _) = error else { return false }
            return pattern == "No Such Family Zq9"
        }
    }

    @Test func missingFileIsAnError() {
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) {
            try FontStack.resolve(.file(path: "/nonexistent/font.ttf"))
        }
    }

    @Test func corruptFontsAreErrorsNotCrashes() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: fontsFolder("DejaVuSans.ttf")))
        var generator = SeededGenerator(seed: 7)
        let noise = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let cases: [(String, Data)] = [
            ("empty", Data()), ("noise", noise), ("header-only", original.prefix(12)),
            ("directory-only", original.prefix(400)), ("truncated-1k", original.prefix(1000)),
            ("truncated-100k", original.prefix(100_000)), ("truncated-half", original.prefix(original.count / 2)),
        ]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("curvetype-corrupt-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, bytes) in cases {
            let path = dir.appendingPathComponent("\(name).ttf").path
            try bytes.write(to: URL(fileURLWithPath: path))
            expect(name, performing: { _ = try FontStack.resolve(.file(path: path)) }, throws: { error in
                guard case FontError.notAFont(let p, _) = error else { return false }
                return p == path
            })
        }
    }
}

/// Expects `body` to throw an error `predicate` accepts; `label` names the case in a loop.
func expect(_ label: String, performing body: () throws -> Void, throws predicate: (any Error) -> Bool,
            sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        try body()
        Issue.record("\(label): expected an error, got none", sourceLocation: sourceLocation)
    } catch {
        #expect(predicate(error), "\(label): unexpected error \(error)", sourceLocation: sourceLocation)
    }
}

/// Writes a TrueType collection (.ttc) holding the given .ttf files, as the OpenType spec lays it
/// out: a `ttcf` header with one offset per font, then each font's table directory with its table
/// offsets moved to where its tables now lie.
func makeCollection(_ files: [String]) throws -> String {
    let fonts = try files.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
    func u16(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) << 8 | Int(b[o + 1]) }
    func u32(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3]) }
    func put32(_ b: inout [UInt8], _ o: Int, _ v: Int) {
        for i in 0..<4 { b[o + i] = UInt8((v >> (24 - 8 * i)) & 0xFF) }
    }
    var out: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0]
    out += [0, 0, 0, UInt8(fonts.count)]
    let headerSize = 12 + 4 * fonts.count
    var offsets: [Int] = []
    var position = headerSize
    for font in fonts {
        offsets.append(position)
        position += (font.count + 3) & ~3
    }
    for o in offsets { out += [0, 0, 0, 0]; put32(&out, out.count - 4, o) }
    for (font, base) in zip(fonts, offsets) {
        var moved = font
        let tables = u16(font, 4)
        for t in 0..<tables {
            let entry = 12 + 16 * t
            put32(&moved, entry + 8, u32(font, entry + 8) + base)
        }
        out += moved
        out += [UInt8](repeating: 0, count: ((font.count + 3) & ~3) - font.count)
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("curvetype-\(getpid())-\(UUID().uuidString).ttc").path
    try Data(out).write(to: URL(fileURLWithPath: path))
    return path
}

/// `--variations` on a variable font: Fixtures/fonts/CurveTypeTestVF.ttf, built with fontTools'
/// varLib from DejaVu Sans by Fixtures/fonts/make_variable_font.py (wdth 50–150, slnt −12–0, five
/// named instances). HarfBuzz's own `hb-shape --variations` is the independent check.
@Suite struct VariableFontTests {
    static let file = packageRoot.appendingPathComponent("Fixtures/fonts/CurveTypeTestVF.ttf").path
    static let text = "Variable AV fonts"

    static func stack(_ variations: String?) throws -> FontStack {
        let base = FontRequest.file(path: file, faceIndex: 0)
        return try FontStack.resolve(base.varied(by: try variations.map { try FontVariations(parsing: $0) }))
    }

    @Test(arguments: [nil, "wdth=150", "wdth=50", "wdth=75,slnt=-12", "slnt=-6"])
    func advancesAndOffsetsAreHarfBuzzs(_ variations: String?) throws {
        let run = try Self.stack(variations).shape(Self.text)
        let expected = try hbShape(fontFile: Self.file, text: Self.text, variations: variations)
        #expect(run.glyphs.map(\.glyph) == expected.map(\.g))
        #expect(run.glyphs.map(\.advance) == expected.map(\.ax))
    }

    @Test func widthAxisWidensAdvancesAndOutlines() throws {
        let regular = try Self.stack(nil).primary, wide = try Self.stack("wdth=150").primary
        let glyph = try #require(regular.glyph(for: "H"))
        #expect(wide.advance(of: glyph) > regular.advance(of: glyph) * 14 / 10)
        let r = try #require(try regular.outline(of: glyph).bounds), w = try #require(try wide.outline(of: glyph).bounds)
        // The masters scale x by wdth/100: the outline is 1.5 times as wide, as high as before.
        #expect(abs(w.width / r.width - 1.5) < 0.01)
        #expect(w.height == r.height)
    }

    @Test func namedInstancesAreChosenByStyleName() throws {
        // Condensed is wdth 75; names compare without case or spaces.
        let condensed = try Self.stack("Condensed").shape(Self.text)
        #expect(condensed.glyphs.map(\.advance) == (try Self.stack("wdth=75").shape(Self.text)).glyphs.map(\.advance))
        let oblique = try Self.stack("expandedoblique").primary, axes = try Self.stack("wdth=125,slnt=-12").primary
        let glyph = try #require(oblique.glyph(for: "l"))
        #expect(try oblique.outline(of: glyph) == axes.outline(of: glyph))
        // Axis values after the name adjust it.
        #expect(try Self.stack("Expanded,wdth=75").shape(Self.text).glyphs.map(\.advance) == condensed.glyphs.map(\.advance))
    }

    @Test func valuesOutsideAnAxisAreClampedAsCSSClampsThem() throws {
        #expect(try Self.stack("wdth=999").shape(Self.text).glyphs.map(\.advance)
                == (try Self.stack("wdth=150").shape(Self.text)).glyphs.map(\.advance))
    }

    @Test(arguments: [
        ("wght=400", "has no axis \"wght\" (its axes: wdth 50–150, slnt -12–0)"),
        ("Bold", "has no named instance \"Bold\" (its instances: Regular, Condensed, Expanded, Oblique, Expanded Oblique)"),
        ("wdth=wide", "wdth must be a number"),
        ("weight=400", "is not an axis tag"),
        ("Condensed,Expanded", "more than one instance name"),
        ("wdth=100,,", "an empty item"),
    ])
    func refusalsSayWhatTheFontHas(_ variations: String, _ message: String) {
        #expect {
            _ = try Self.stack(variations)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func aFontThatDoesNotVaryIsRefused() {
        #expect(throws: FontError.notVariable(font: "DejaVu Sans")) {
            try FontStack.resolve(FontRequest.default.varied(by: FontVariations(axes: [.init(tag: "wght", value: 700)])))
        }
        // Axis values written into a pattern are read, not dropped as Fontconfig drops them.
        #expect(throws: FontError.notVariable(font: "DejaVu Sans")) { try FontStack.resolve(.family("DejaVu Sans:wght=700")) }
    }

    @Test func theCommandLineSetsVariationsOnEveryCommand() throws {
        var options = TextFontOptions()
        options.font = Self.file
        options.variations = "Expanded"
        let request = try options.request()
        #expect(try FontStack.resolve(request).primary.advance(of: 34) == (try Self.stack("wdth=125")).primary.advance(of: 34))
    }
}

/// Colour glyphs (`COLR` v0 with `CPAL`): Fixtures/fonts/CurveTypeTestCOLR.ttf, built with
/// fontTools' colorLib by Fixtures/fonts/make_color_font.py, whose docstring lists its layers.
@Suite struct ColorGlyphTests {
    static let file = packageRoot.appendingPathComponent("Fixtures/fonts/CurveTypeTestCOLR.ttf").path

    @Test func layersAndPaletteColoursAreTheFontsOwn() throws {
        let font = try FontStack.resolve(.file(path: Self.file, faceIndex: 0)).primary
        func glyph(_ c: Unicode.Scalar) throws -> UInt32 { try #require(font.glyph(for: c)) }
        let red = FontColor(red: 0xDC, green: 0x26, blue: 0x26, alpha: 0xFF)
        #expect(font.colorLayers(of: try glyph("C")) == [ColorLayer(glyph: try glyph("O"), color: red),
                                                        ColorLayer(glyph: try glyph("C"), color: nil)])
        #expect(font.colorLayers(of: try glyph("T")) == [ColorLayer(glyph: try glyph("T"),
                                                                    color: FontColor(red: 0x25, green: 0x63, blue: 0xEB, alpha: 0x80))])
        #expect(font.colorLayers(of: try glyph("V"))?.map(\.glyph) == [try glyph("V"), try glyph("A")])
        #expect(font.colorLayers(of: try glyph("o")) == nil)
        #expect(try FontStack.resolve(.default).primary.colorLayers(of: try glyph("C")) == nil)
    }

    @Test func theSVGPaintsEachLayerAndLeavesTheForegroundToTheText() throws {
        let svg = try FitRequest(.text("CT"), font: .file(path: Self.file, faceIndex: 0),
                                 style: FitStyle(width: 200, height: 60), fill: try SVGColor(parsing: "#111827")).render().svg
        // C: a red O under a C in the text's colour (no fill of its own: the group's #111827).
        #expect(svg.contains("<path fill=\"#dc2626\" d=\""))
        #expect(svg.contains("<g fill=\"#111827\">"))
        // T: translucent blue as an opaque colour and an opacity, which every viewer draws.
        #expect(svg.contains("<path fill=\"#2563eb\" fill-opacity=\"0.5\" d=\""))
        #expect(svg.components(separatedBy: "<g id=\"").count - 1 == 2)
    }
}

/// Painted colour glyphs (`COLR` v1 with `CPAL`): Fixtures/fonts/CurveTypeTestCOLRv1.ttf, built
/// with fontTools' colorLib by Fixtures/fonts/make_colrv1_font.py, whose docstring lists the paints
/// each glyph has; the figures here are the script's, in font units.
@Suite struct ColorPaintTests {
    static let file = packageRoot.appendingPathComponent("Fixtures/fonts/CurveTypeTestCOLRv1.ttf").path
    static let red = PaintColor.palette(FontColor(red: 0xDC, green: 0x26, blue: 0x26, alpha: 0xFF))
    static let blue = FontColor(red: 0x25, green: 0x63, blue: 0xEB, alpha: 0xFF)
    static let green = PaintColor.palette(FontColor(red: 0x16, green: 0xA3, blue: 0x4A, alpha: 0xFF))
    static let yellow = PaintColor.palette(FontColor(red: 0xFA, green: 0xCC, blue: 0x15, alpha: 0xFF))
    static let purple = PaintColor.palette(FontColor(red: 0x7C, green: 0x3A, blue: 0xED, alpha: 0xFF))

    let font: Font
    init() throws { font = try FontStack.resolve(.file(path: Self.file, faceIndex: 0)).primary }
    func glyph(_ c: Unicode.Scalar) throws -> UInt32 { try #require(font.glyph(for: c)) }

    /// Each transform as a map, its linear part within 1e-3 and its move within 0.1 unit: the
    /// font stores angles and scales as 2.14 numbers (30° is 2731/16384 × 180° = 30.004°).
    func near(_ m: AffineMap, _ n: AffineMap) -> Bool {
        zip([m.a, m.b, m.c, m.d], [n.a, n.b, n.c, n.d]).allSatisfy { abs($0 - $1) < 1e-3 }
            && abs(m.tx - n.tx) < 0.1 && abs(m.ty - n.ty) < 0.1
    }

    @Test func gradientsAreTheFontsWithTheLinearOneTurnedByItsThirdPoint() throws {
        // L: p0 (200, 0), p1 (1100, 1500), p2 (200, 300): colour constant along the vertical,
        // so the gradient runs horizontally to x 1100.
        #expect(font.colorPaint(of: try glyph("L")) == .glyph(try glyph("L"), .linearGradient(
            ColorLine(stops: [ColorStop(offset: 0, color: Self.red), ColorStop(offset: 1, color: .palette(Self.blue))], extend: .pad),
            start: Point(x: 200, y: 0), end: Point(x: 1100, y: 0))))
        #expect(font.colorPaint(of: try glyph("O")) == .glyph(try glyph("O"), .radialGradient(
            ColorLine(stops: [ColorStop(offset: 0, color: Self.yellow), ColorStop(offset: 0.5, color: Self.red),
                              ColorStop(offset: 1, color: Self.purple)], extend: .pad),
            startCenter: Point(x: 560, y: 900), startRadius: 0, endCenter: Point(x: 800, y: 750), endRadius: 800)))
        guard case .glyph(_, .sweepGradient(let line, let center, let start, let end))? = font.colorPaint(of: try glyph("S")) else {
            Issue.record("S is not a glyph filled by a sweep"); return
        }
        #expect(center == Point(x: 650, y: 750) && start == 0 && end == 360)
        #expect(line.stops.map(\.color) == [Self.red, Self.green, .palette(Self.blue), Self.red])
        // R: reflected, from purple to the text's colour at 60% (2.14: 0.6 is 9830/16384).
        guard case .glyph(_, .linearGradient(let r, _, _))? = font.colorPaint(of: try glyph("R")) else {
            Issue.record("R is not a glyph filled by a linear gradient"); return
        }
        #expect(r.extend == .reflect && r.stops.first?.color == Self.purple)
        guard case .text(let opacity)? = r.stops.last?.color else { Issue.record("R does not end in the text's colour"); return }
        #expect(abs(opacity - 0.6) < 1e-4)
    }

    @Test func layersTransformsAndColrGlyphsAreFollowed() throws {
        // X: O in blue at half opacity, then X in the text's colour rotated 30° about (700, 750).
        guard case .layers(let x)? = font.colorPaint(of: try glyph("X")), x.count == 2,
              case .transform(let rotation, .glyph(let xGlyph, .solid(.text(opacity: 1)))) = x[1] else {
            Issue.record("X is not two layers, the second a rotated glyph"); return
        }
        var halfBlue = Self.blue
        halfBlue.alpha = 0x80
        #expect(x[0] == .glyph(try glyph("O"), .solid(.palette(halfBlue))))
        #expect(xGlyph == (try glyph("X")))
        let about = AffineMap.translation(-700, -750).concatenating(.rotation(.degrees(30))).concatenating(.translation(700, 750))
        #expect(near(rotation, about))
        // Counter-clockwise in y-up units: (1700, 750) turns up, to y > 750.
        #expect(rotation.apply(Point(x: 1700, y: 750)).y > 1200)
        // G: the colour glyph L, inlined, scaled by a half about (700, 750).
        guard case .layers(let g)? = font.colorPaint(of: try glyph("G")), g.count == 2,
              case .transform(let scale, let inlined) = g[1] else {
            Issue.record("G is not two layers, the second a scaled paint"); return
        }
        #expect(g[0] == .glyph(try glyph("G"), .solid(Self.green)))
        #expect(inlined == font.colorPaint(of: try glyph("L")))
        #expect(near(scale, AffineMap(a: 0.5, b: 0, c: 0, d: 0.5, tx: 350, ty: 375)))
        // K: an affine map of a skew by 20° about (600, 0): x' = x - tan(20°)·y.
        guard case .transform(let affine, .transform(let skew, .glyph(_, .solid(Self.red))))? = font.colorPaint(of: try glyph("K")) else {
            Issue.record("K is not a transform of a skew"); return
        }
        #expect(near(affine, AffineMap(a: 0.9, b: 0.1, c: -0.1, d: 0.9, tx: 60, ty: 40)))
        #expect(near(skew, AffineMap(a: 1, b: 0, c: -tan(20 * Double.pi / 180), d: 1, tx: 0, ty: 0)))
        // M: a multiply composite of M in blue over M in a gradient.
        guard case .composite(.glyph(_, .solid(.palette(Self.blue))), .multiply, .glyph(_, .linearGradient))? =
                font.colorPaint(of: try glyph("M")) else {
            Issue.record("M is not a multiply composite"); return
        }
        #expect(PaintCompositeMode.multiply.blendMode == "multiply")
        #expect(PaintCompositeMode.sourceIn.blendMode == nil)
    }

    @Test func aCycleEndsAndGlyphsWithoutPaintsHaveNone() throws {
        // Y draws itself: the inner Y paints nothing; the green layer stays.
        #expect(font.colorPaint(of: try glyph("Y")) == .layers([.glyph(try glyph("Y"), .solid(Self.green)), .layers([])]))
        #expect(font.colorPaint(of: try glyph("a")) == nil)
        #expect(font.colorPaint(of: UInt32(font.glyphCount)) == nil)
        #expect(font.colorLayers(of: try glyph("L")) == nil)
        #expect(try FontStack.resolve(.file(path: ColorGlyphTests.file, faceIndex: 0)).primary.colorPaint(of: try glyph("C")) == nil)
        #expect(try FontStack.resolve(.default).primary.colorPaint(of: try glyph("L")) == nil)
    }
}

/// How a painted colour glyph is written: Chromium's drawing of the same font is the judge of
/// the pictures (Fixtures/colr_check.py, `make viewers`); these check the SVG's forms.
@Suite struct ColorPaintSVGTests {
    func svg(_ text: String) throws -> String {
        try FitRequest(.text(text), font: .file(path: ColorPaintTests.file, faceIndex: 0),
                       style: FitStyle(width: 400, height: 100), fill: try SVGColor(parsing: "#111827")).render().svg
    }

    @Test func gradientsFillTheGlyphPathInFontUnits() throws {
        let l = try svg("L")
        // p2 applied: horizontal, from (200, 0) to (1100, 0), in the glyph's own units.
        #expect(l.contains("<linearGradient id=\"") && l.contains("gradientUnits=\"userSpaceOnUse\" x1=\"200\" y1=\"0\" x2=\"1100\" y2=\"0\">"))
        #expect(l.contains("<stop offset=\"0\" stop-color=\"#dc2626\"/>") && l.contains("<stop offset=\"1\" stop-color=\"#2563eb\"/>"))
        #expect(l.contains("<path fill=\"url(#"))
        #expect(!l.contains("<clipPath"))
        let o = try svg("O")
        #expect(o.contains("<radialGradient") && o.contains("cx=\"800\" cy=\"750\" r=\"800\" fx=\"560\" fy=\"900\""))
        // R: reflected, ending in the text's colour (the CSS colour: a gradient cannot inherit a fill).
        let r = try svg("R")
        #expect(r.contains("spreadMethod=\"reflect\"") && r.contains("stop-color=\"currentColor\" stop-opacity=\"0.6\""))
    }

    @Test func sweepsTransformsAndBlendsHaveTheirSVGForms() throws {
        // S: a sweep, as 180 wedges of 2° in a group clipped to S.
        let s = try svg("S")
        #expect(s.contains("<clipPath id=\"") && s.contains("<g clip-path=\"url(#"))
        #expect(s.components(separatedBy: "<path d=\"M650 750L").count - 1 == 180)
        // X: the rotated layer is a group with its matrix (cos 30° to six places).
        let x = try svg("X")
        #expect(x.contains("<g transform=\"matrix(0.865993 0.500055 -0.500055 0.865993"))
        #expect(x.contains("fill=\"#2563eb\" fill-opacity=\"0.5\""))
        // M: multiply, isolated so that only the backdrop paint is mixed with.
        let m = try svg("M")
        #expect(m.contains("<g style=\"isolation:isolate\">") && m.contains("<g style=\"mix-blend-mode:multiply\">"))
        // The same bytes every time, and every id once.
        let all = try svg("LOSXGMRKY")
        #expect(all == (try svg("LOSXGMRKY")))
        let ids = all.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(Set(ids).count == ids.count)
    }

    @Test func hostilePaintTreesAreBounded() throws {
        let font = try FontStack.resolve(.file(path: ColorPaintTests.file, faceIndex: 0)).primary
        func glyph(_ c: Unicode.Scalar) throws -> UInt32 { try #require(font.glyph(for: c)) }
        // W: 100 sweeps, about 1 MiB of wedges, drawn.
        guard case .glyph(_, .layers(let sweeps))? = font.colorPaint(of: try glyph("W")) else {
            Issue.record("W is not a glyph clipping layers"); return
        }
        #expect(sweeps.count == 100)
        #expect(try svg("W").count > 1_000_000)
        // Z: 45 copies of W, within the paint bound but past the 8 MiB a glyph may write.
        #expect(font.colorPaint(of: try glyph("Z")) != nil)
        #expect {
            try svg("Z")
        } throws: { error in
            "\(error)".contains("the COLR v1 colour glyph \(try glyph("Z")) of CurveType Test COLRv1 draws more than 8 MiB of SVG")
        }
        // Q: 120 copies, 12,000 paints, past the reader's 10,000: the plain outline, in the text's colour.
        #expect(font.colorPaint(of: try glyph("Q")) == nil)
        let q = try svg("Q")
        #expect(!q.contains("<linearGradient") && !q.contains("<clipPath") && q.contains("<path id=\""))
    }
}

/// Colour bitmap glyphs (`CBDT`): Noto Color Emoji (Debian's fonts-noto-color-emoji, which
/// `make test` installs), checked against fontTools' reading of the same tables (Debian's
/// python3-fonttools, run by the system's Python).
@Suite struct ColorImageTests {
    static let file = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// fontTools' view of `scalar`'s glyph: its id, the strike's ppem, the bitmap's metrics and
    /// the PNG's bytes in hex.
    struct Reference: Decodable { var glyph: UInt32; var ppem: Double; var bearingX: Double; var bearingY: Double
                                  var width: Double; var height: Double; var png: String }

    func reference(_ scalar: Unicode.Scalar) throws -> Reference {
        let script = """
            import json, sys
            from fontTools.ttLib import TTFont
            f = TTFont(sys.argv[1])
            name = f.getBestCmap()[int(sys.argv[2])]
            strike = f['CBLC'].strikes[0].bitmapSizeTable
            data = f['CBDT'].strikeData[0][name]
            data.decompile()
            m = data.metrics
            print(json.dumps({"glyph": f.getGlyphID(name), "ppem": strike.ppemY, "bearingX": m.BearingX, "bearingY": m.BearingY,
                              "width": m.width, "height": m.height, "png": data.imageData.hex()}))
            """
        let run = try runProcess(try neededFontTools(), ["-c", script, Self.file, String(scalar.value)])
        try #require(run.status == 0, "python3-fonttools: \(String(decoding: run.stderr, as: UTF8.self))")
        return try JSONDecoder().decode(Reference.self, from: run.stdout)
    }

    /// A canvas fitted to the ink holds each emoji's whole picture, turned as it is drawn:
    /// `circle 'AB🎉' --size 40 --radius 30` cut the emoji off (a picture has no outline, and
    /// only outlines were measured).
    @Test(arguments: [0.0, 40, 135, 250])
    func fittedCanvasHoldsTheEmoji(start: Double) throws {
        try neededEmojiFont()
        let result = try CircleTextRequest(text: "AB🎉", fallbackFonts: [.file(path: Self.file, faceIndex: 0)],
                                           style: CircleTextStyle(size: 40, radius: 30, start: start)).render()
        var pictures = 0
        for placed in result.layout.text.glyphs {
            let outline = try result.layout.text.run.fonts[placed.font].outline(of: placed.glyph)
            guard outline.path.isEmpty, let box = outline.bounds else { continue }
            pictures += 1
            let a = placed.angle * .pi / 180
            for corner in [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY)] {
                let x = corner.x * placed.scale, y = -corner.y * placed.scale
                let p = Point(x: placed.origin.x + x * cos(a) - y * sin(a), y: placed.origin.y + x * sin(a) + y * cos(a))
                #expect(p.x >= -0.01 && p.y >= -0.01 && p.x <= result.width + 0.01 && p.y <= result.height + 0.01,
                        "corner \(p) outside \(result.width)×\(result.height)")
            }
        }
        #expect(pictures == 1)
    }

    @Test(arguments: ["🚀", "✨", "🎉"] as [Unicode.Scalar])
    func imagesAreTheFontsPNGsInTheirBoxes(_ scalar: Unicode.Scalar) throws {
        try neededEmojiFont()
        let font = try FontStack.resolve(.file(path: Self.file, faceIndex: 0)).primary
        #expect(font.hasColorImages)
        let expected = try reference(scalar)
        let glyph = try #require(font.glyph(for: scalar))
        #expect(glyph == expected.glyph)
        let image = try #require(font.colorImage(of: glyph))
        #expect(image.png.map { hexDigits($0) }.joined() == expected.png)
        // The bitmap's metrics in pixels of its strike, scaled to the em (HarfBuzz rounds to units).
        let unit = Double(font.unitsPerEm) / expected.ppem
        let b = image.bounds
        #expect(abs(b.minX - expected.bearingX * unit) <= 1)
        #expect(abs(b.maxY - expected.bearingY * unit) <= 1)
        #expect(abs((b.maxX - b.minX) - expected.width * unit) <= 1)
        #expect(abs((b.maxY - b.minY) - expected.height * unit) <= 1)
        // No outline, but the ink is measured: its bounds are the image's.
        let outline = try font.outline(of: glyph)
        #expect(outline.path.elements.isEmpty && outline.bounds == b)
    }

    @Test func emojiFallBackToTheColourFontAndOtherSymbolsToOutlines() throws {
        try neededEmojiFont()
        let stack = try FontStack.resolve(.default)
        // U+1F680 is shown as a picture by default (Emoji_Presentation); U+1F321 is not.
        let rocket = stack.shape("a🚀", features: [], bidi: true)
        #expect(rocket.missing.isEmpty && rocket.fonts.map(\.familyName) == ["DejaVu Sans", "Noto Color Emoji"])
        let thermometer = stack.shape("a🌡", features: [], bidi: true)
        #expect(thermometer.missing.isEmpty && thermometer.fonts.count == 2 && !thermometer.fonts[1].hasColorImages)
    }

    @Test func theSVGEmbedsEachImageOnceAndUsesIt() throws {
        let svg = try BadgeRequest(label: "deploy", message: "🚀 🚀", fallbackFonts: [.file(path: Self.file, faceIndex: 0)]).render().svg
        #expect(svg.components(separatedBy: "<image ").count - 1 == 1)
        #expect(svg.contains("preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,iVBORw0KGgo"))
        #expect(svg.components(separatedBy: "-g1-963\" transform=\"translate(").count - 1 == 2)
    }
}

private func hexDigits(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}

/// Glyph outlines in floating point, as the font stores them: every quadratic segment of
/// DejaVu Sans's TrueType contours, the on-curve points implied between two off-curve points
/// included, agrees with fontTools' reading of the `glyf` table (Debian's python3-fonttools;
/// its pens split a contour at exact midpoints) within 0.001 px at 1000 px. FreeType's
/// `FT_Outline_Decompose` rounded each implied point to a whole unit: up to half a unit off.
@Suite struct ExactOutlineTests {
    /// A segment's points, font units: a line's two, a quadratic's three.
    typealias Segment = [[Double]]

    func reference(_ text: String, file: String) throws -> [String: [Segment]] {
        let script = """
            import json, sys
            from fontTools.ttLib import TTFont
            from fontTools.pens.basePen import BasePen
            f = TTFont(sys.argv[1]); glyphs = f.getGlyphSet(); cmap = f.getBestCmap()
            class Segments(BasePen):
                def __init__(self, glyphs):
                    super().__init__(glyphs); self.out = []; self.at = None; self.start = None
                def _moveTo(self, p): self.at = self.start = p
                def _lineTo(self, p): self.out.append([self.at, p]); self.at = p
                def _qCurveToOne(self, c, p): self.out.append([self.at, c, p]); self.at = p
                def _curveToOne(self, c1, c2, p): self.out.append([self.at, c1, c2, p]); self.at = p
                def _closePath(self):
                    if self.at != self.start: self.out.append([self.at, self.start])
            out = {}
            for ch in sys.argv[2]:
                name = cmap[ord(ch)]; pen = Segments(glyphs); glyphs[name].draw(pen)
                out[str(f.getGlyphID(name))] = pen.out
            print(json.dumps(out))
            """
        let run = try runProcess(try neededFontTools(), ["-c", script, file, text])
        try #require(run.status == 0, "python3-fonttools: \(String(decoding: run.stderr, as: UTF8.self))")
        return try JSONDecoder().decode([String: [Segment]].self, from: run.stdout)
    }

    /// `path`'s segments, zero-length lines left out (fontTools draws none).
    func segments(_ path: Path) -> [Segment] {
        var out: [Segment] = []
        var at = Point.zero, start = Point.zero
        func line(_ p: Point) { if p != at { out.append([[at.x, at.y], [p.x, p.y]]) }; at = p }
        for element in path.elements {
            switch element {
            case .move(let p): at = p; start = p
            case .line(let p): line(p)
            case .quad(let c, let p): out.append([[at.x, at.y], [c.x, c.y], [p.x, p.y]]); at = p
            case .cubic(let c1, let c2, let p): out.append([[at.x, at.y], [c1.x, c1.y], [c2.x, c2.y], [p.x, p.y]]); at = p
            case .close: line(start)
            }
        }
        return out.sorted { $0.lexicographicallyPrecedes($1) { $0.lexicographicallyPrecedes($1) } }
    }

    @Test func outlinesAreTheFontsExactQuadratics() throws {
        let file = fontsFolder("DejaVuSans.ttf")
        let text = "Hg@S&ßQ8aeo%ÆŒ"
        let expected = try reference(text, file: file)
        let font = try FontStack.resolve(.file(path: file, faceIndex: 0)).primary
        // 0.001 px at 1000 px, in font units.
        let tolerance = 0.001 / 1000 * Double(font.unitsPerEm)
        var halves = 0
        for scalar in text.unicodeScalars {
            let glyph = try #require(font.glyph(for: scalar))
            let theirs = try #require(expected[String(glyph)]).sorted { $0.lexicographicallyPrecedes($1) { $0.lexicographicallyPrecedes($1) } }
            let ours = segments(try font.outline(of: glyph).path)
            #expect(ours.count == theirs.count, "\(scalar): \(ours.count) segments, fontTools \(theirs.count)")
            var worst = 0.0
            for (a, b) in zip(ours, theirs) {
                #expect(a.count == b.count, "\(scalar): a segment of \(a.count) points against \(b.count)")
                for (p, q) in zip(a, b) { worst = max(worst, abs(p[0] - q[0]), abs(p[1] - q[1])) }
            }
            #expect(worst <= tolerance, "\(scalar): \(worst) units from fontTools' outline")
            halves += ours.joined().joined().filter { $0 != $0.rounded() }.count
        }
        // The implied points are there, and not whole: the test can tell a rounded outline.
        #expect(halves > 20)
    }
}
