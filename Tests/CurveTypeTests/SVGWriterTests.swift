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
    @Test func acceptsCSSForms() throws {
        let cases: [(String, String)] = [
            ("red", "red"), ("RebeccaPurple", "rebeccapurple"), ("#abc", "#aabbcc"),
            ("#A1B2C3", "#a1b2c3"), ("rgb(255, 0, 10)", "#ff000a"), ("rgb(100% 0% 50%)", "#ff0080"),
            ("rgba(1,2,3,0.5)", "rgba(1,2,3,0.5)"), ("rgba(1 2 3 / 50%)", "rgba(1,2,3,0.5)"),
            ("rgba(1,2,3,1)", "#010203"), ("currentColor", "currentColor"), ("currentcolor", "currentColor"),
            (" blue ", "blue"), ("transparent", "transparent"),
        ]
        for (text, canonical) in cases {
            #expect(try SVGColor(parsing: text).value == canonical, "parsing \(text)")
        }
    }

    @Test func refusesEverythingElse() {
        for text in ["", "redd", "#ab", "#abcd", "#12345g", "rgb(256,0,0)", "rgb(1,2)", "rgba(1,2,3,2)",
                     "hsl(0,100%,50%)", "url(#x)", "red;stroke:blue", "\"red\"", "rgb(1,2,3", "#fff\"/><script>"] {
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
        #expect(SVGWriter.isValidIDPrefix("ct1a2b"))
        #expect(SVGWriter.isValidIDPrefix("_x-y.z"))
        for bad in ["", "1abc", "-a", "a b", "a\"b", "é", "a<b"] {
            #expect(!SVGWriter.isValidIDPrefix(bad), "\(bad)")
        }
    }

    @Test func integerPathData() {
        var path = Path()
        path.move(to: Point(x: 10, y: -20))
        path.line(to: Point(x: -5.4, y: 7.6))
        path.quad(to: Point(x: 3, y: 4), control: Point(x: 1, y: -2))
        path.cubic(to: Point(x: 0, y: 0), control1: Point(x: 1, y: 1), control2: Point(x: -1, y: -1))
        path.close()
        #expect(SVGPathData.integerUnits(path) == "M10-20L-5 8Q1-2 3 4C1 1-1-1 0 0Z")
    }
}
