import CurveType
import Foundation
import Testing

@Suite struct NumberFormatTests {
    @Test func fixedPrecisionTrimmedNoExponentNoNegativeZero() throws {
        let f = try SVGNumberFormat(precision: 2)
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (-0.004, "0"), (0.004, "0"), (0.005, "0.01"), (-0.005, "-0.01"),
            (1.5, "1.5"), (1.50, "1.5"), (2, "2"), (-2.25, "-2.25"), (123456.789, "123456.79"),
            (1e-7, "0"), (1e12, "1000000000000"), (0.1 + 0.2, "0.3"), (-1.999, "-2"),
        ]
        for (value, expected) in cases {
            #expect(try f.string(value) == expected, "formatting \(value)")
        }
        #expect(try SVGNumberFormat(precision: 0).string(2.5) == "3")
        #expect(try SVGNumberFormat(precision: 4).string(3.14159265) == "3.1416")
        #expect(try SVGNumberFormat(precision: 6).string(-0.0000004) == "0")
    }

    @Test func refusesWhatCannotBeWritten() throws {
        let f = try SVGNumberFormat(precision: 2)
        #expect(throws: SVGError.nonFiniteNumber) { try f.string(.nan) }
        #expect(throws: SVGError.nonFiniteNumber) { try f.string(.infinity) }
        #expect(throws: SVGError.numberOutOfRange(1e20)) { try f.string(1e20) }
        #expect(throws: SVGError.invalidPrecision(7)) { try SVGNumberFormat(precision: 7) }
        #expect(throws: SVGError.invalidPrecision(-1)) { try SVGNumberFormat(precision: -1) }
    }
}

@Suite struct ColorTests {
    /// CSS Color 4's forms with the colour Chromium 156 computes for each (getComputedStyle on
    /// a standards-mode page, Debian's chromium, by Fixtures/chromium_colors.py). Among them
    /// the spec's own examples and the web-platform-tests hsl() pairs.
    static let chromiumComputed: [(String, String)] = [
        ("#0f0", "rgb(0, 255, 0)"),
        ("#0f08", "rgba(0, 255, 0, 0.533)"),
        ("#00ff0080", "rgba(0, 255, 0, 0.5)"),
        ("#0000ffcc", "rgba(0, 0, 255, 0.8)"),
        ("#3d3", "rgb(51, 221, 51)"),
        ("rgb(29 164 192 / 95%)", "rgba(29, 164, 192, 0.95)"),
        ("rgb(0 0 0 / 50%)", "rgba(0, 0, 0, 0.5)"),
        ("rgb(255, 0, 10)", "rgb(255, 0, 10)"),
        ("rgb(100% 0% 50%)", "rgb(255, 0, 128)"),
        ("rgba(1 2 3 / 50%)", "rgba(1, 2, 3, 0.5)"),
        ("rgb(300 -20 0)", "rgb(255, 0, 0)"),
        ("rgb(50% 128 none)", "rgb(128, 128, 0)"),
        ("rgb(10, 20, 30, 0.25)", "rgba(10, 20, 30, 0.25)"),
        ("rgba(255 0 0 / 0)", "rgba(255, 0, 0, 0)"),
        ("hsl(120deg 100% 50%)", "rgb(0, 255, 0)"),
        ("hsl(120deg 100% 25%)", "rgb(0, 128, 0)"),
        ("hsl(120deg 100% 75%)", "rgb(128, 255, 128)"),
        ("hsl(120deg 75% 85%)", "rgb(188, 245, 188)"),
        ("hsl(60, 20%, 50%)", "rgb(153, 153, 102)"),
        ("hsl(60, 60%, 50%)", "rgb(204, 204, 51)"),
        ("hsl(0 100% 50%)", "rgb(255, 0, 0)"),
        ("hsl(-120 100% 50%)", "rgb(0, 0, 255)"),
        ("hsl(480 100% 50%)", "rgb(0, 255, 0)"),
        ("hsl(0.5turn 100% 50%)", "rgb(0, 255, 255)"),
        ("hsl(200grad 100% 50%)", "rgb(0, 255, 255)"),
        ("hsl(3.14159rad 100% 50%)", "rgb(0, 255, 255)"),
        ("hsla(240, 100%, 50%, 0.5)", "rgba(0, 0, 255, 0.5)"),
        ("hsl(240 100% 50% / 25%)", "rgba(0, 0, 255, 0.25)"),
        ("hsl(210 50 40)", "rgb(51, 102, 153)"),
        ("hsl(30 100% 50% / 0.6)", "rgba(255, 128, 0, 0.6)"),
        ("hwb(0 0% 0%)", "rgb(255, 0, 0)"),
        ("hwb(120 0% 50%)", "rgb(0, 128, 0)"),
        ("hwb(60 20% 30%)", "rgb(179, 179, 51)"),
        ("hwb(200deg 50% 50%)", "rgb(128, 128, 128)"),
        ("hwb(90 70% 70%)", "rgb(128, 128, 128)"),
        ("hwb(240 10% 10% / 0.5)", "rgba(26, 26, 230, 0.5)"),
        ("hwb(none none none)", "rgb(255, 0, 0)"),
        ("transparent", "rgba(0, 0, 0, 0)"),
        ("RebeccaPurple", "rgb(102, 51, 153)"),
        ("rgb(1e2 0 0)", "rgb(100, 0, 0)"),
        ("#abcd", "rgba(170, 187, 204, 0.867)"),
    ]

    /// Inputs Chromium refuses too (mixed commas and spaces, legacy forms with `none` or mixed
    /// units, five hex digits, a percentage hue, quirks-mode hashless hex).
    static let chromiumRefused = ["1e2", "rgb(1, 2 3)", "rgb(1 2 3, 4)", "rgb(50%, 128, 0)", "hsl(120, 100, 50)", "hwb(120, 0%, 0%)", "#abcde", "rgb(none, 0, 0)", "hsl(10% 50% 50%)", "rgb(1 2)", "rgb(1 2 3 4)"]

    @Test(arguments: chromiumComputed)
    func matchesChromium(_ text: String, _ computed: String) throws {
        let color = try SVGColor(parsing: text)
        let channels = try #require(color.rgba)
        let numbers = computed.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect([channels.red, channels.green, channels.blue].map(String.init) == Array(numbers.prefix(3)), "\(text) → \(color)")
        #expect(channels.alpha == (numbers.count == 4 ? Double(numbers[3]) : 1), "\(text) → \(color)")
        // The written form is one SVG 1.1 viewers read: #rrggbb, or rgba() with the same numbers.
        if numbers.count == 3, !["rebeccapurple"].contains(color.value) {
            #expect(color.value.hasPrefix("#") && color.value.count == 7, "\(text) → \(color)")
        }
    }

    @Test func refusedAsChromiumRefuses() {
        for text in Self.chromiumRefused {
            #expect(throws: SVGError.invalidColor(text)) { try SVGColor(parsing: text) }
        }
    }

    @Test func canonicalForms() throws {
        let cases: [(String, String)] = [
            ("red", "red"), ("RebeccaPurple", "rebeccapurple"), ("#abc", "#aabbcc"),
            ("#A1B2C3", "#a1b2c3"), ("rgb(255, 0, 10)", "#ff000a"), ("rgb(100% 0% 50%)", "#ff0080"),
            ("rgba(1,2,3,0.5)", "rgba(1,2,3,0.5)"), ("rgba(1 2 3 / 50%)", "rgba(1,2,3,0.5)"),
            ("rgba(1,2,3,1)", "#010203"), ("currentColor", "currentColor"), ("currentcolor", "currentColor"),
            (" blue ", "blue"), ("transparent", "transparent"), ("#00ff0080", "rgba(0,255,0,0.5)"),
            ("#0f08", "rgba(0,255,0,0.533)"), ("hsl(120deg 100% 25%)", "#008000"), ("hwb(0 0% 0% / 0)", "rgba(255,0,0,0)"),
        ]
        for (text, canonical) in cases {
            #expect(try SVGColor(parsing: text).value == canonical, "parsing \(text)")
        }
    }

    /// Translucent paints are written as SVG 1.1 writes them, an opaque colour and an opacity
    /// attribute, which Inkscape 1.2 draws (it paints `rgba()` black); an opacity already given
    /// is multiplied in.
    @Test func translucentPaintsAreWrittenWithOpacityAttributes() throws {
        let blue = try SVGColor(parsing: "#1e3a8ae6")
        let half = try SVGColor(parsing: "rgb(255 0 0 / 50%)")
        let frame = Frame(width: 1, height: 1, title: "t", items: [
            .shape(FrameShape(.rect(Rect(minX: 0, minY: 0, maxX: 1, maxY: 1)), style: [.fill(.color(blue)), .fillOpacity(0.5), .stroke(.color(half))])),
            .shape(FrameShape(.rect(Rect(minX: 0, minY: 0, maxX: 1, maxY: 1)),
                              style: [.fill(.gradient(Gradient(.linear(start: .zero, end: Point(x: 1, y: 0)), stops: [GradientStop(offset: 0, color: half)])))])),
            .group(FrameGroup(style: [.fill(.color(try SVGColor(parsing: "red"))), .stroke(.color(.currentColor))], items: [])),
        ])
        let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")
        #expect(svg.contains(##"<rect width="1" height="1" fill="#1e3a8a" fill-opacity="0.45" stroke="#ff0000" stroke-opacity="0.5"/>"##))
        #expect(svg.contains(##"<stop offset="0" stop-color="#ff0000" stop-opacity="0.5"/>"##))
        #expect(svg.contains(##"<g fill="red" stroke="currentColor">"##))
        #expect(!svg.contains("rgba("))
    }

    @Test func refusesEverythingElse() {
        for text in ["", "redd", "#ab", "#12345g", "#abcdefabc", "rgb(1,2)", "rgba(1,2,3,2,4)", "hsl(0,100%)",
                     "rgb(inf 0 0)", "rgb(nan 0 0)", "rgb(0x10 0 0)", "hsl(1px 50% 50%)", "rgb(1 2 3 / 4 / 5)",
                     "rgb(1 2 3 /)", "url(#x)", "red;stroke:blue", "\"red\"", "rgb(1,2,3", "#fff\"/><script>", "lab(50% 40 59)"] {
            #expect(throws: SVGError.invalidColor(text)) { try SVGColor(parsing: text) }
        }
    }
}

@Suite struct XMLTextTests {
    @Test func escapesSpecialsAndDropsControls() {
        #expect(XMLText.escape("<a & \"b\" 'c'>", attribute: true) == "&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;")
        #expect(XMLText.escape("<a & \"b\">", attribute: false) == "&lt;a &amp; \"b\"&gt;")
        #expect(XMLText.escape("a\u{0}b\u{1B}c\u{7F}d\u{85}e\u{FFFE}", attribute: false) == "abcde")
        #expect(XMLText.escape("a\tb\nc", attribute: true) == "a&#9;b&#10;c")
    }

    @Test func idPrefixesAreXMLNames() {
        #expect(SVGIDPrefix.isValid("ct1a2b"))
        #expect(SVGIDPrefix.isValid("_x-y.z"))
        for bad in ["", "1abc", "-a", "a b", "a\"b", "é", "a<b"] {
            #expect(!SVGIDPrefix.isValid(bad), "\(bad)")
        }
    }

    /// Font units to a tenth: whole units as integers, a TrueType contour's implied halves
    /// exactly, anything finer rounded.
    @Test func fontUnitPathData() {
        var path = Path()
        path.move(to: Point(x: 10, y: -20))
        path.line(to: Point(x: -5.44, y: 7.6))
        path.quad(to: Point(x: 3.5, y: -0.5), control: Point(x: 1, y: -2))
        path.cubic(to: Point(x: 0, y: 0), control1: Point(x: 1, y: 1), control2: Point(x: -1, y: -1))
        path.close()
        #expect(SVGPathData.fontUnits(path) == "M10-20L-5.4 7.6Q1-2 3.5-0.5C1 1-1-1 0 0Z")
    }
}
