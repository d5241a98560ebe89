import CurveType
import Foundation
import TestSupport
import Testing

/// Badges of several parts, grids and progress bars: shields' two-part arithmetic generalised,
/// checked against hb-shape's widths, against the two-part badge itself, and against WCAG's
/// contrast formula.
@Suite struct BadgePartsTests {

    /// Two parts in one row are shields' label and message, byte for byte, in every style,
    /// with and without a logo, links, a label colour or a label at all.
    @Test func twoPartsDrawAsTheLabelAndMessage() throws {
        let blue = try BadgeColor.parse("blue"), red = try BadgeColor.parse("red")
        let logo = try BadgeLogo(named: "github")
        for style in BadgeStyle.allCases {
            let cases: [(label: BadgePart, message: BadgePart)] = [
                (BadgePart("build"), BadgePart("passing")),
                (BadgePart("coverage", color: red), BadgePart("97%", color: blue)),
                (BadgePart("", logo: logo), BadgePart("online")),
                (BadgePart("", color: red, logo: logo), BadgePart("online")),
                (BadgePart("docs", logo: logo, link: "https://example.com/a"), BadgePart("v1", link: "https://example.com/b")),
                (BadgePart("ci"), BadgePart("green", link: "https://example.com/ci")),
                (BadgePart("ci", link: "https://example.com/ci"), BadgePart("")),
            ]
            for (label, message) in cases {
                let old = try BadgeRequest(label: label.text, message: message.text, color: message.color, labelColor: label.color, style: style,
                                           link: message.link, labelLink: label.link, logo: label.logo).render()
                let new = try BadgeRequest(parts: [label, message], style: style).render()
                #expect(try new.svg == old.svg, "\(style) \(label.text) | \(message.text)")
                #expect(new.layoutJSON == old.layoutJSON)
            }
        }
    }

    /// One part is shields' message-only badge; a column of one part a stack of them.
    @Test func onePartIsAMessageOnlyBadge() throws {
        let blue = try BadgeColor.parse("blue")
        for style in BadgeStyle.allCases {
            let old = try BadgeRequest(label: "", message: "v1.8.2", color: blue, style: style).render()
            let new = try BadgeRequest(parts: [BadgePart("v1.8.2", color: blue)], style: style).render()
            #expect(try new.svg == old.svg, "\(style)")
        }
        let stack = try BadgeRequest(parts: [BadgePart("one"), BadgePart("three")], columns: 1).render().geometry
        #expect(stack.height == 40)
        let drawn = stack.cells.filter(\.hasBox)
        #expect(drawn.count == 2 && drawn[0].box.width == drawn[1].box.width && drawn[1].box.minY == 20)
    }

    /// Every later part is a message by shields' arithmetic, measured by hb-shape: its text
    /// width floored and made odd, 5 px padding each side, centred one px back into the part.
    @Test func laterPartsFollowTheMessageArithmetic() throws {
        var rng = SeededGenerator(seed: 0x9A275)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:%-+/()AVWTy")
        let regular = fontsFolder("DejaVuSans.ttf"), bold = fontsFolder("DejaVuSans-Bold.ttf")
        func odd(_ w: Double) -> Double { let f = w.rounded(.down); return f.truncatingRemainder(dividingBy: 2) == 0 ? f + 1 : f }
        func width(_ text: String, _ file: String, _ size: Double) throws -> Double {
            try hbShape(fontFile: file, text: text).reduce(0) { $0 + $1.ax } * size / 2048
        }
        for _ in 0..<12 {
            let texts = (0..<(2 + Int(rng.next() % 5))).map { _ in
                String((0..<(1 + Int(rng.next() % 10))).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            }
            let flat = try BadgeRequest(parts: texts.map { BadgePart($0) }).render().geometry
            var x = 0.0
            for (index, text) in texts.enumerated() {
                let cell = flat.cells[index], w = odd(try width(text, regular, 11))
                #expect(cell.box.minX == x && cell.box.width == w + 10 && cell.textWidth == w, "\(texts)")
                #expect(cell.textCenter == (index == 0 ? 1 + w / 2 + 5 : x - 1 + w / 2 + 5))
                x += cell.box.width
            }
            #expect(flat.width == x)
            // for-the-badge: every part after the first bold, 1.25 px a letter, margins 12.
            let big = try BadgeRequest(parts: texts.map { BadgePart($0) }, style: .forTheBadge).render().geometry
            for (index, text) in texts.enumerated() where index > 0 {
                let upper = text.uppercased()
                let w = try width(upper, bold, 10).rounded(.down) + 1.25 * Double(upper.count)
                #expect(big.cells[index].box.width == 24 + w && big.cells[index].textCenter == big.cells[index].box.minX + 12 + w / 2)
            }
        }
    }

    /// A grid's columns are as wide as their widest part, every row as wide as the badge, and a
    /// widened part's text is centred in the room it gains.
    @Test func gridColumnsTakeTheirWidestPart() throws {
        let texts = ["os", "linux", "passing", "os", "windows", "failing", "platform", "macos", "ok"]
        for style in BadgeStyle.allCases {
            let grid = try BadgeRequest(parts: texts.map { BadgePart($0) }, columns: 3, style: style).render()
            let g = grid.geometry
            #expect(g.height == 3 * (style == .plastic ? 18 : style == .forTheBadge ? 28 : 20))
            for column in 0..<3 {
                let cells = g.cells.filter { $0.column == column }
                let rows = try texts.indices.filter { $0 % 3 == column }.map { index in
                    try BadgeRequest(parts: Array(texts[(index - column)..<(index - column + 3)]).map { BadgePart($0) }, style: style).render().geometry.cells[column]
                }
                let widest = rows.map(\.box.width).max() ?? 0
                for (cell, alone) in zip(cells, rows) {
                    #expect(cell.box.width == widest && cell.box.minX == cells[0].box.minX, "\(style) column \(column)")
                    #expect(abs((cell.textCenter - cell.box.minX) - (alone.textCenter - alone.box.minX) - (widest - alone.box.width) / 2) < 1e-9)
                }
            }
            #expect(g.cells.filter { $0.row == 2 }.last?.box.maxX == g.width)
            #expect(grid.frame.width == g.width && grid.frame.height == g.height)
        }
        #expect(throws: CurveTypeError.self) { try BadgeRequest(parts: texts.map { BadgePart($0) }, columns: 4).render() }
        #expect(throws: CurveTypeError.self) { try BadgeRequest(parts: texts.map { BadgePart($0) }, columns: 9).render() }
        #expect(throws: CurveTypeError.self) { try BadgeRequest(parts: (0...64).map { BadgePart("\($0)") }).render() }
    }

    /// WCAG's contrast, from its own definition: white on black 21, equal colours 1, and
    /// shields' white on brightgreen below 4.5 (why a progress bar chooses its text by contrast).
    @Test func contrastFollowsWCAG() throws {
        let white = try BadgeColor.parse("white"), black = try BadgeColor.parse("black")
        #expect(abs(BadgeColor.contrast(white, black) - 21) < 1e-9)
        #expect(BadgeColor.contrast(white, white) == 1)
        #expect(BadgeColor.contrast(white, try BadgeColor.parse("brightgreen")) < 4.5)
        // #767676 on white is WCAG's own example of the least grey that passes (4.54:1).
        #expect(abs(BadgeColor.contrast(white, try BadgeColor.parse("#767676")) - 4.54) < 0.01)
        var rng = SeededGenerator(seed: 0xC0A57)
        for _ in 0..<5000 {
            let c = SVGColor(red: Int(rng.next() % 256), green: Int(rng.next() % 256), blue: Int(rng.next() % 256))
            let d = SVGColor(red: Int(rng.next() % 256), green: Int(rng.next() % 256), blue: Int(rng.next() % 256))
            #expect(BadgeColor.contrast(BadgeColor.readableText(on: [c]).text, c) >= 4.5, "\(c.value)")
            // Over two backgrounds at once, it is the best of the candidates.
            let both = BadgeColor.readableText(on: [c, d]).text
            let least = min(BadgeColor.contrast(both, c), BadgeColor.contrast(both, d))
            if least < 4.5 {
                for ink in ["#fff", "#333", "#000"] {
                    let other = try BadgeColor.parse(ink)
                    #expect(min(BadgeColor.contrast(other, c), BadgeColor.contrast(other, d)) <= least + 1e-9)
                }
            }
        }
    }

    /// A progress bar's text reads at 4.5:1 over whatever is seen under each of its glyphs:
    /// the frame is walked, each text group's colour paired with the boxes its clip lets it
    /// cover, as they show under the flat style's sheen (#333 on the grey track read 4.22:1).
    @Test func progressTextIsReadableOverFillAndTrack() throws {
        let colours = BadgeColor.named.map(\.key) + ["white", "black", "#767676", "navy", "gold"]
        var checked = 0
        for value in stride(from: 0.0, through: 1.0, by: 0.05) {
            for fill in [nil] + colours {
                for gradient in fill == nil ? [false, true] : [false] {
                    for track in [nil, "black", "white", "teal"] {
                        let progress = BadgeProgress(value, color: try fill.map(BadgeColor.parse), gradient: gradient,
                                                     trackColor: try track.map(BadgeColor.parse))
                        let badge = try BadgeRequest(parts: [BadgePart("coverage"), BadgePart("\(Int(value * 100))%")], progress: progress).render()
                        checked += try Self.checkContrast(badge, progress: progress)
                    }
                }
            }
        }
        #expect(checked > 1000)
    }

    /// `color` as seen where a flat badge's text stands (30 % to 80 % of its height, every
    /// 1 %): under shields' sheen, a linear gradient from #bbb at 10 % opacity to black at
    /// 10 %, composited by SVG's rule (colour and opacity interpolated apart, then source over).
    static func underFlatSheen(_ color: SVGColor) -> [SVGColor] {
        guard let c = color.rgba else { return [color] }
        return (30...80).map { percent in
            let t = Double(percent) / 100
            let sheen = 187 * (1 - t), alpha = 0.1
            func over(_ channel: Int) -> Int { Int((Double(channel) * (1 - alpha) + sheen * alpha).rounded()) }
            return SVGColor(red: over(c.red), green: over(c.green), blue: over(c.blue))
        }
    }

    /// The number of text colours checked; records an issue for each below 4.5:1 as seen.
    static func checkContrast(_ badge: BadgeResult, progress: BadgeProgress) throws -> Int {
        let box = try #require(badge.geometry.cells.last?.box)
        let filledEnd = box.minX + box.width * progress.value
        let lightgrey = try BadgeColor.parse("lightgrey")
        let track = progress.trackColor ?? lightgrey
        // The bar's boxes as drawn (a colour no text reads on is drawn darker): each solid
        // rectangle in the bar's box, by its span.
        var drawnBoxes: [(minX: Double, maxX: Double, color: SVGColor)] = []
        func boxes(_ items: [FrameItem]) {
            for item in items {
                switch item {
                case .group(let g): boxes(g.items)
                case .shape(let shape):
                    if case .rect(let r, _) = shape.geometry, r.minX >= box.minX - 1e-9, r.maxX <= box.maxX + 1e-9, r.height >= box.height - 1e-9,
                       let fill = shape.style.lazy.compactMap({ if case .fill(.color(let c)) = $0 { c } else { nil } }).first {
                        drawnBoxes.append((r.minX, r.maxX, fill))
                    }
                default: break
                }
            }
        }
        boxes(badge.frame.items)
        // The topmost solid box over the middle of [lo, hi]; `requested` where none is.
        func drawn(_ lo: Double, _ hi: Double, _ requested: SVGColor) -> SVGColor {
            let x = (lo + hi) / 2
            return drawnBoxes.last { $0.minX <= x && $0.maxX >= x }?.color ?? requested
        }
        // The colours under the span [lo, hi] of the bar.
        func under(_ lo: Double, _ hi: Double) -> [SVGColor] {
            var colours: [SVGColor] = []
            if hi > filledEnd || progress.value == 0 { colours.append(drawn(max(lo, filledEnd), hi, track)) }
            if lo < filledEnd && progress.value > 0 {
                if progress.gradient {
                    for step in 0...100 {
                        let x = box.minX + box.width * Double(step) / 100
                        if x <= min(hi, filledEnd) + box.width / 100 { colours.append(gradientColor(at: Double(step) / 100)) }
                    }
                } else {
                    colours.append(drawn(lo, min(hi, filledEnd), progress.color ?? BadgeProgress.coverageColor(percent: progress.value * 100)))
                }
            }
            return colours
        }
        var checked = 0
        func walk(_ items: [FrameItem], clip: (Double, Double)) {
            for item in items {
                guard case .group(let group) = item else { continue }
                var span = clip
                for style in group.style {
                    if case .clip(let shapes) = style, case .rect(let r, _) = shapes[0].geometry { span = (max(span.0, r.minX), min(span.1, r.maxX)) }
                }
                // The bar's text: glyphs placed inside the last part's box.
                let inBar = group.items.contains { item in
                    guard case .glyphs(let run) = item, case .rotated(let origin, _)? = run.glyphs.first?.placement else { return false }
                    return origin.x >= box.minX
                }
                if !group.isDecoration, inBar,
                   let ink = group.style.lazy.compactMap({ if case .fill(.color(let c)) = $0 { c } else { nil } }).first {
                    for background in under(span.0, span.1) where span.0 < span.1 {
                        for seen in Self.underFlatSheen(background) {
                            let ratio = BadgeColor.contrast(ink, seen)
                            #expect(ratio >= 4.5, "\(ink.value) on \(background.value) seen as \(seen.value): \(ratio) at \(progress)")
                        }
                        checked += 1
                    }
                }
                walk(group.items, clip: span)
            }
        }
        walk(badge.frame.items, clip: (box.minX, box.maxX))
        return checked
    }

    /// The gradient's colour as SVG interpolates it (red, yellow at the middle, brightgreen).
    static func gradientColor(at t: Double) -> SVGColor {
        let stops: [(Double, (Double, Double, Double))] = [(0, (0xE0, 0x5D, 0x44)), (0.5, (0xDF, 0xB3, 0x17)), (1, (0x44, 0xCC, 0x11))]
        let upper = t <= 0.5 ? 1 : 2
        let (a, b) = (stops[upper - 1], stops[upper])
        let f = (t - a.0) / (b.0 - a.0)
        func mix(_ x: Double, _ y: Double) -> Int { Int((x + (y - x) * f).rounded()) }
        return SVGColor(red: mix(a.1.0, b.1.0), green: mix(a.1.1, b.1.1), blue: mix(a.1.2, b.1.2))
    }

    /// shields' coverage colours (`coveragePercentage`: floorCount(p, 80, 90, 100)).
    @Test func progressColoursAreShieldsCoverageColours() throws {
        let expected: [(Double, String)] = [(0, "red"), (1, "yellow"), (79.9, "yellow"), (80, "yellowgreen"), (89.9, "yellowgreen"),
                                            (90, "green"), (99.9, "green"), (100, "brightgreen")]
        for (percent, name) in expected {
            #expect(BadgeProgress.coverageColor(percent: percent).value == (try BadgeColor.parse(name)).value, "\(percent)")
        }
        #expect(BadgeProgress.parse("75%") == 0.75 && BadgeProgress.parse("0.5") == 0.5 && BadgeProgress.parse(" 100% ") == 1)
        #expect(BadgeProgress.parse("101%") == nil && BadgeProgress.parse("-0.1") == nil && BadgeProgress.parse("nan") == nil)
        #expect(throws: CurveTypeError.self) { try BadgeRequest(parts: [BadgePart("a"), BadgePart("b")], progress: BadgeProgress(2)).render() }
    }

    /// Each part links on its own; a link on the last part alone covers the whole badge.
    @Test func partsLinkOneByOne() throws {
        let parts = [BadgePart("docs", link: "https://example.com/docs"), BadgePart("api"), BadgePart("v2", link: "https://example.com/v2")]
        let svg = try BadgeRequest(parts: parts).render().svg
        #expect(svg.components(separatedBy: "<a ").count == 3 && svg.contains("https://example.com/v2"))
        let whole = try BadgeRequest(parts: [BadgePart("a"), BadgePart("b"), BadgePart("c", link: "https://example.com/")]).render()
        guard case .link(let link)? = whole.frame.items.last else { Issue.record("no whole-badge link"); return }
        #expect(link.url == "https://example.com/" && !whole.frame.isImage)
        #expect(throws: CurveTypeError.self) { try BadgeRequest(parts: [BadgePart("a", link: "javascript:alert(1)"), BadgePart("b")]).render() }
    }
}

/// Badges for light pages, dark pages and both.
@Suite struct BadgeThemeTests {
    /// A dark variant keeps its hue (every channel scaled by one factor, to rounding) and
    /// reads with white at 4.5:1; it is the lightest such (a step lighter would not read).
    @Test func darkVariantsAreTheLightestThatReadWithWhite() throws {
        let white = try BadgeColor.parse("white")
        var rng = SeededGenerator(seed: 0xDA4C)
        for _ in 0..<3000 {
            let c = SVGColor(red: Int(rng.next() % 256), green: Int(rng.next() % 256), blue: Int(rng.next() % 256))
            let dark = BadgeColor.darkVariant(c)
            #expect(BadgeColor.contrast(white, dark) >= 4.5, "\(c.value) → \(dark.value)")
            guard let a = c.rgba, let b = dark.rgba else { continue }
            if BadgeColor.contrast(white, c) >= 4.5 { #expect(dark == c); continue }
            let top = max(a.red, a.green, a.blue)
            let k = Double(max(b.red, b.green, b.blue)) / Double(top)
            for (x, y) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)] {
                #expect(abs(Double(x) * k - Double(y)) <= 1.5, "\(c.value) → \(dark.value)")
            }
            // One part in a hundred lighter no longer reads (the search is to 1/1024).
            let lighter = SVGColor(red: min(255, Int((Double(b.red) * 1.01).rounded(.up))), green: min(255, Int((Double(b.green) * 1.01).rounded(.up))),
                                   blue: min(255, Int((Double(b.blue) * 1.01).rounded(.up))))
            if top > 40 { #expect(BadgeColor.contrast(white, lighter) < 4.6, "\(c.value) → \(dark.value)") }
        }
    }

    /// `auto` writes the light colours as attributes and the dark ones in a
    /// prefers-color-scheme rule; its PNG is the light theme's, byte for byte; `shields` is
    /// the badge as it was.
    @Test func autoIsLightWithADarkRule() throws {
        var auto = BadgeRequest(label: "build", message: "passing")
        auto.theme = .auto
        var light = auto, dark = auto, shields = auto
        light.theme = .light
        dark.theme = .dark
        shields.theme = .shields
        let svg = try auto.render().svg
        #expect(svg.contains("<style>@media (prefers-color-scheme:dark){"))
        let rule = try #require(svg.range(of: "fill:#2d860b}"))
        #expect(!svg[rule.upperBound...].isEmpty && svg.contains("fill=\"#44cc11\""))
        #expect(try auto.render().frame.png(scale: 1) == light.render().frame.png(scale: 1))
        #expect(try auto.render().frame.png(scale: 1) != dark.render().frame.png(scale: 1))
        #expect(try shields.render().svg == BadgeRequest(label: "build", message: "passing").render().svg)
        // The light theme is shields' badge but for text that would not read: #333 on brightgreen.
        let lightSVG = try light.render().svg
        #expect(lightSVG.contains("fill=\"#333\"") && !lightSVG.contains("<style>"))
    }
}

/// JSON values and queries, read as shields' dynamic JSON badge reads them.
@Suite struct BadgeDataLibraryTests {
    /// Numbers as JavaScript's String() writes them (what shields shows).
    @Test func numbersAreWrittenAsJavaScriptWritesThem() {
        let expected: [(Double, String)] = [(97.3, "97.3"), (42, "42"), (-0.0, "0"), (0.1 + 0.2, "0.30000000000000004"), (1e21, "1e+21"),
                                            (1.5e-7, "1.5e-7"), (123456789012, "123456789012"), (1e-7, "1e-7"), (0.000001, "0.000001"), (-2.5, "-2.5")]
        for (value, text) in expected { #expect(JSONValue.number(value).badgeText == text, "\(value)") }
        #expect(JSONValue.bool(true).badgeText == "true" && JSONValue.null.badgeText == "null" && JSONValue.array([]).badgeText == nil)
    }

    @Test func queriesFindValues() throws {
        let document = try JSONValue.parse(Array(#"{"a":{"b":[10,20,{"c d":"x"}]},"e":true,"list":[1,"two",null]}"#.utf8), what: "t")
        let cases: [(String, String)] = [("$.a.b[0]", "10"), ("$.a.b[-2]", "20"), ("$['a'][\"b\"][2]['c d']", "x"), ("$.e", "true"),
                                         ("$.list[*]", "1, two, null"), ("$.list", "1, two, null"), ("$.a.b[2].*", "x")]
        for (query, message) in cases { #expect(try JSONQuery(query).message(in: document, file: "t") == message, "\(query)") }
        #expect(throws: CurveTypeError.self) { try JSONQuery("$.a.b").message(in: document, file: "t") }
        #expect(throws: CurveTypeError.self) { try JSONQuery("$.a.b[9]").message(in: document, file: "t") }
        for refused in ["a", "$..a", "$[1:2]", "$[?(@.x)]", "$.", "$['a'", "$[", String(repeating: "a", count: 2000)] {
            #expect(throws: CurveTypeError.self, "\(refused)") { try JSONQuery(refused) }
        }
        #expect(throws: CurveTypeError.self) { try JSONValue.parse(Array("{".utf8), what: "t") }
        #expect(throws: CurveTypeError.self) { try JSONValue.parse([UInt8](repeating: 0x20, count: JSONValue.maximumBytes + 1), what: "t") }
    }
}

/// JSON read as shields reads it: JavaScript's `JSON.parse`, checked against Python's `json`
/// (which, like JavaScript and unlike Foundation, keeps a repeated key's last value).
@Suite struct JSONReaderTests {
    @Test func aRepeatedKeyKeepsItsLastValueAndItsFirstPlace() throws {
        let endpoint = try BadgeEndpoint(json: Array(#"{"schemaVersion":1,"label":"a","message":"old","color":"red","message":"new"}"#.utf8), what: "t")
        #expect(endpoint.message == "new" && endpoint.color == "red")
        // JavaScript's key order: array indices ascending, then the rest as first given.
        let document = try JSONValue.parse(Array(#"{"b":1,"a":2,"10":3,"2":4,"02":5,"b":6}"#.utf8), what: "t")
        #expect(try JSONQuery("$.*").message(in: document, file: "t") == "4, 3, 6, 2, 5")
    }

    /// shields keeps a label's and a message's first 255 characters (UTF-16 units, its PR
    /// #10998): from an address, an endpoint document and a JSON badge alike.
    @Test func textOver255CharactersIsCutAsShieldsCutsIt() throws {
        let long = String(repeating: "x", count: 300)
        #expect(ShieldsTextLimit.cut(long).utf16.count == 255 && ShieldsTextLimit.cut("short") == "short")
        // A pair across the cut goes whole; one that ends at it stays.
        #expect(ShieldsTextLimit.cut(String(repeating: "a", count: 254) + "🎉b") == String(repeating: "a", count: 254))
        #expect(ShieldsTextLimit.cut(String(repeating: "a", count: 253) + "🎉b") == String(repeating: "a", count: 253) + "🎉")
        let query = ShieldsBadgeQuery(badge: BadgeURL(label: long, message: long, color: "blue"), query: [])
        #expect(query.options.prefix(2).map(\.value.utf16.count) == [255, 255])
        let endpoint = try BadgeEndpoint(json: Array(#"{"label":"\#(long)","message":"\#(long)"}"#.utf8), what: "t")
        #expect(endpoint.options().prefix(2).map(\.value.utf16.count) == [255, 255])
    }

    @Test func stringsNumbersAndErrorsReadAsJavaScriptReadsThem() throws {
        func value(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8), what: "t") }
        #expect(try value(#""a\u00e9\ud83c\udf89\n\/\"""#) == .string("aé🎉\n/\""))
        #expect(try value(#""\ud800x""#) == .string("\u{FFFD}x"))
        #expect(try value("1e400") == .number(.infinity) && value("-0") == .number(-0.0) && value(" [1.5e3 ,\t-2]\r\n") == .array([.number(1500), .number(-2)]))
        #expect(try value("\u{FEFF}{}") == .object(JSONObject()))
        let refused: [(String, String)] = [("{\"a\":1,}", "line 1, column 8: expected a key"), ("[01]", "leading zero"), ("NaN", "'N' starts no JSON value"),
                                           ("\"a\u{01}\"", "control character"), ("{\n  \"a\" 1}", "line 2, column 7: expected ':'"), ("[1] x", "more after the value"),
                                           ("\"\\x\"", "is not an escape"), ("\"\\u12G4\"", "four hexadecimal digits"), ("1.", "no digits after it"), ("", "ends where a value")]
        for (text, reason) in refused {
            #expect { try value(text) } throws: { "\($0)".contains(reason) }
        }
        #expect(throws: Never.self) { try value(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) }
        #expect { try value(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)) } throws: { "\($0)".contains("nest deeper than 512") }
    }

    /// A thousand documents, made at random from JSON's grammar (and some broken), read here
    /// and by Python's json with JavaScript's rules (no NaN or Infinity names): both accept the
    /// same ones and read the same values, number by number to the bit.
    @Test func readsAsPythonsJSONReads() throws {
        let python = try neededProgram("python3", install: "Debian python3")
        var generator = SeededGenerator(seed: 48)
        func text(_ depth: Int) -> String {
            switch generator.next() % (depth > 3 ? 5 : 7) {
            case 0: return ["true", "false", "null", "tru", "nul"].randomElement(using: &generator)!
            case 1: return ["0", "-0", "12", "-3.25e-2", "1E+3", "1e400", "123456789012345678901234567890", "0.1", "01", "-", "2.", ".5", "4e"].randomElement(using: &generator)!
            case 2, 3: return "\"" + ["a", "é", "\\u00e9", "\\n", "\\\"", "🎉", "\\ud83c\\udf89", "\\/", " ", "\\q", "\t"].shuffled(using: &generator).prefix(3).joined() + "\""
            case 4: return ["", " ", "\n", "\r\n\t"].randomElement(using: &generator)! + "\"k\"" // a bare string, spaced
            case 5: return "[" + (0..<Int(generator.next() % 4)).map { _ in text(depth + 1) }.joined(separator: ", ") + "]"
            default:
                let keys = ["a", "b", "a", "10", "2", "é"]
                let members = (0..<Int(generator.next() % 5)).map { _ in "\"\(keys.randomElement(using: &generator)!)\": \(text(depth + 1))" }
                return "{" + members.joined(separator: ",") + (generator.next() % 17 == 0 ? ",}" : "}")
            }
        }
        let documents = (0..<1000).map { _ in text(0) }
        let script = #"""
        import json, struct, sys
        def canonical(v):
            if v is None: return "n"
            if v is True: return "t"
            if v is False: return "f"
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                return "d%016x" % struct.unpack("<Q", struct.pack("<d", float(v)))[0]
            if isinstance(v, str): return "s" + json.dumps(v)
            if isinstance(v, list): return "[" + ",".join(map(canonical, v)) + "]"
            return "{" + ",".join(json.dumps(k) + ":" + canonical(x) for k, x in sorted(v.items())) + "}"
        def refuse(name): raise ValueError(name)
        # parse_int=float: JavaScript reads every number as a double (-0 too).
        for line in open(sys.argv[1], encoding="utf-8").read().split("\u0000"):
            try: print(canonical(json.loads(line, parse_constant=refuse, parse_int=float)))
            except ValueError: print("refused")
        """#
        let folder = try scratchFolder("json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("documents").path
        try Data(documents.joined(separator: "\u{0}").utf8).write(to: URL(fileURLWithPath: file))
        let result = try runProcess(python, ["-c", script, file])
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        let expected = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(expected.count == documents.count)
        func canonical(_ value: JSONValue) -> String {
            switch value {
            case .null: "n"
            case .bool(let b): b ? "t" : "f"
            case .number(let d): "d" + String(repeating: "0", count: 16 - String(d.bitPattern, radix: 16).count) + String(d.bitPattern, radix: 16)
            case .string(let s): "s" + pythonQuoted(s)
            case .array(let items): "[" + items.map(canonical).joined(separator: ",") + "]"
            case .object(let object): "{" + object.keys.sorted(by: { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) })
                .map { pythonQuoted($0) + ":" + canonical(object[$0]!) }.joined(separator: ",") + "}"
            }
        }
        var accepted = 0
        for (document, python) in zip(documents, expected) {
            let ours = (try? JSONValue.parse(Array(document.utf8), what: "t")).map(canonical) ?? "refused"
            #expect(ours == python, "\(document)")
            if ours != "refused" { accepted += 1 }
        }
        #expect(accepted > 300 && accepted < 950, "the generator should make both kinds: \(accepted) accepted")
    }

    /// `text` as Python's `json.dumps` writes it (ASCII, \uXXXX escapes in UTF-16).
    private func pythonQuoted(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x20..<0x7F: out += String(UnicodeScalar(UInt8(unit)))
            default: out += "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16)
            }
        }
        return out + "\""
    }
}

/// The DocC article "Badges and seals", its examples as written there.
@Suite struct BadgesArticleTests {
    @Test func articleExamples() throws {
        let versions = try BadgeRequest(parts: [BadgePart("python"), BadgePart("3.12", color: try BadgeColor.parse("blue")),
                                                BadgePart("3.13", color: try BadgeColor.parse("orange"))]).render()
        let coverage = try BadgeRequest(parts: [BadgePart("coverage"), BadgePart("72%")], progress: BadgeProgress(0.72)).render()
        #expect(versions.geometry.cells.count == 3 && coverage.texts == ["coverage", "72%"])
        let endpoint = try BadgeEndpoint(json: Array(#"{"schemaVersion": 1, "label": "coverage", "message": "98%", "color": "green"}"#.utf8),
                                         what: "coverage.json")
        let options = endpoint.options(over: BadgeEndpoint.Overrides(style: "flat-square"))
        let version = try JSONQuery("$.version").message(in: try JSONValue.parse(Array(#"{"version": "6.0.0"}"#.utf8), what: "package.json"),
                                                         file: "package.json")
        #expect(options.map(\.name) == ["label", "message", "messageColor", "style"] && options[3].value == "flat-square" && version == "6.0.0")
        var stamp = SealRequest(ring: "", center: "EST.\n1998", radius: 90)
        stamp.rings = [SealRing(arcs: [SealArc("ACME TRADING COMPANY", side: .top), SealArc("SPRINGFIELD", side: .bottom)],
                                separator: "★", border: SealBorder(.double, width: 3))]
        let seal = try stamp.render()
        #expect(seal.arcs.map(\.side) == [.top, .bottom] && seal.separators.count == 2 && seal.centerText?.lines.count == 2)
    }
}
