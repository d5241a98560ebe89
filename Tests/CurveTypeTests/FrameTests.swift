import CurveType
import Foundation
import Testing
import TestSupport

/// The frame as public API: a build script draws its own, or writes ours again.
@Suite struct FrameTests {
    /// Every effect's result carries the frame its SVG was written from; writing that frame
    /// again gives the same bytes.
    @Test func resultsCarryTheirFrame() throws {
        let badge = try BadgeRequest(label: "build", message: "passing").render()
        #expect(try badge.frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "b") ==
                BadgeRequest(label: "build", message: "passing").render().svg(SVGSettings(idPrefix: "b")))
        let circle = try CircleTextRequest(text: "ROUND AND ROUND", style: CircleTextStyle(size: 12, radius: 60)).render()
        #expect(try circle.frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "c") == circle.svg(SVGSettings(idPrefix: "c")))
        #expect(circle.frame.width == circle.width)
    }

    /// A frame drawn by hand: a gradient held by its paint, a clipped group, a link, the same
    /// glyphs drawn twice. The writer finds what is shared and names it.
    @Test func handMadeFrame() throws {
        let box = Rect(minX: 0, minY: 0, maxX: 40, maxY: 20)
        let font = try FontStack.resolve(.bundled(.sans)).primary
        let dot = GlyphRun(fonts: [font], glyphs: [
            FrameGlyph(font: 0, glyph: font.glyph(for: "o") ?? 0, scale: 0.01, placement: .rotated(origin: Point(x: 8, y: 12), angle: 0)),
        ])
        let fade = Gradient(.linear(start: .zero, end: Point(x: 0, y: 1)), stops: [
            GradientStop(offset: 0, color: try SVGColor(parsing: "red")), GradientStop(offset: 1, color: nil, opacity: 0.25),
        ])
        var frame = Frame(width: 40, height: 20, title: "A & B", isImage: false)
        frame.items = [
            .group(FrameGroup(style: [.clip([FrameShape(.rect(box, cornerRadius: 3))])], items: [
                .shape(FrameShape(.rect(box), style: [.fill(.gradient(fade))])),
                .shape(FrameShape(.rect(box), style: [.fill(.none), .stroke(.gradient(fade))])),
            ])),
            .link(FrameLink(url: "https://example.com/?a=1&b=2", label: "example", items: [
                .group(FrameGroup(style: [.fill(.color(try SVGColor(parsing: "#00000080"))), .transform(.translation(0, 1))],
                                  isDecoration: true, items: [.glyphs(dot)])),
                .group(FrameGroup(style: [.fill(.color(.black))], items: [.glyphs(dot)])),
            ])),
        ]
        let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")
        #expect(svg.contains("<title>A &amp; B</title>"))
        #expect(!svg.contains("role=\"img\""), "a frame with links is not one image")
        // One gradient, though two paints hold it; defined before the first item.
        #expect(svg.components(separatedBy: "<linearGradient").count == 2)
        #expect(svg.contains("</defs>\n<linearGradient id=\"t-p0\" x2=\"0\" y2=\"100%\">\n<stop offset=\"0\" stop-color=\"red\"/>\n<stop offset=\"1\" stop-opacity=\".25\"/>"))
        #expect(svg.contains("<clipPath id=\"t-c0\">\n<rect width=\"40\" height=\"20\" rx=\"3\"/>\n</clipPath>"))
        #expect(svg.contains("<g clip-path=\"url(#t-c0)\">\n<rect width=\"40\" height=\"20\" fill=\"url(#t-p0)\"/>"))
        #expect(svg.contains("stroke=\"url(#t-p0)\""))
        #expect(svg.contains("<a xlink:href=\"https://example.com/?a=1&amp;b=2\" target=\"_blank\" aria-label=\"example\">"))
        // The glyphs once, then each group as a <use>: a translucent colour as its opaque colour
        // and its alpha, which Inkscape 1.2 draws; the translation as y.
        #expect(svg.contains("<defs>\n<g id=\"t-u0\">\n<use xlink:href=\"#t-g0-"))
        #expect(svg.contains("<use xlink:href=\"#t-u0\" fill=\"#000000\" fill-opacity=\"0.5\" y=\"1\" aria-hidden=\"true\"/>\n<use xlink:href=\"#t-u0\" fill=\"black\"/>"))
        #expect(svg.hasSuffix("</a>\n</svg>\n"))
        // Same frame, same bytes.
        #expect(try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t") == svg)
    }

    /// Gradients in user space, radial, transformed and reflected; masks, group opacity, blend
    /// modes and fill rules: each written as SVG says it.
    @Test func resolvedStyles() throws {
        let ring = Gradient(.radial(center: Point(x: 20, y: 10), radius: 10, focus: Point(x: 18, y: 8), focusRadius: 0),
                            stops: [GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: try SVGColor(parsing: "blue"))],
                            units: .userSpace, transform: .rotation(.degrees(90)), spread: .reflect)
        let frame = Frame(width: 40, height: 20, title: "t", items: [
            .group(FrameGroup(style: [.opacity(0.5), .isolated, .blend(.colorDodge), .mask([FrameShape(.circle(center: Point(x: 5, y: 5), radius: 5))])], items: [
                .shape(FrameShape(.rect(Rect(minX: 0, minY: 0, maxX: 40, maxY: 20)), style: [.fill(.gradient(ring)), .fillRule(.evenOdd),
                                  .stroke(.color(.black)), .strokeOpacity(0.25), .miterLimit(2)])),
            ])),
        ])
        let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")
        #expect(svg.contains(##"<radialGradient id="t-p0" cx="20" cy="10" r="10" fx="18" fy="8" gradientUnits="userSpaceOnUse" gradientTransform="matrix(0 1 -1 0 0 0)" spreadMethod="reflect">"##))
        #expect(svg.contains(##"<mask id="t-m0" maskUnits="userSpaceOnUse" x="0" y="0" width="10" height="10" style="mask-type:alpha">"##))
        #expect(svg.contains(##"<g mask="url(#t-m0)" opacity=".5" style="isolation:isolate;mix-blend-mode:color-dodge">"##) ||
                svg.contains(##"<g opacity=".5" mask="url(#t-m0)" style="isolation:isolate;mix-blend-mode:color-dodge">"##))
        #expect(svg.contains(##"fill="url(#t-p0)" fill-rule="evenodd" stroke="black" stroke-opacity=".25" stroke-miterlimit="2""##))
    }

    /// An animation is data: the writer turns it into SMIL.
    @Test func animationsAreData() throws {
        let shape = FrameShape(.path(Path([.move(Point(x: 0, y: 0)), .line(Point(x: 10, y: 0))])), style: [.stroke(.ink)],
                               animations: [.rotation(angles: [-90, 0], center: Point(x: 0, y: 0), keyTimes: [0, 1], duration: 1.5)])
        let frame = Frame(width: 10, height: 10, title: "t", colorScheme: ColorScheme(light: .black, dark: try SVGColor(parsing: "white")),
                          items: [.shape(shape)])
        let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "a")
        #expect(svg.contains("<style>.a-ink{color:black}@media (prefers-color-scheme:dark){.a-ink{color:white}}</style>"))
        #expect(svg.contains("<path d=\"M0 0L10 0\" class=\"a-ink\" stroke=\"currentColor\">\n<animateTransform attributeName=\"transform\" type=\"rotate\" values=\"-90 0 0;0 0 0\" keyTimes=\"0;1\" dur=\"1.5s\" fill=\"freeze\"/>\n</path>"))
    }

    /// Blend modes are a closed list, written by their CSS names.
    @Test func blendModesAreCSSNames() throws {
        #expect(BlendMode.allCases.count == 15)
        for mode in BlendMode.allCases {
            let frame = Frame(width: 1, height: 1, title: "t", items: [.group(FrameGroup(style: [.blend(mode)], items: []))])
            #expect(try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t").contains("style=\"mix-blend-mode:\(mode.rawValue)\""))
            #expect(mode.rawValue.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D })
        }
    }

    /// The writer's byte-by-byte escaping of ASCII text is XMLText's, in text and in attributes.
    @Test func asciiTitlesEscapeAsXMLText() throws {
        var generator = SeededGenerator(seed: 25)
        let alphabet = (0..<128).map { UInt8($0) }
        for _ in 0..<500 {
            let title = String(decoding: (0..<Int.random(in: 1...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 },
                               as: UTF8.self)
            let svg = try Frame(width: 1, height: 1, title: title).svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")
            #expect(svg.contains("aria-label=\"\(XMLText.escape(title, attribute: true))\">"), "\(Array(title.utf8))")
            #expect(svg.contains("<title>\(XMLText.escape(title, attribute: false))</title>"), "\(Array(title.utf8))")
        }
    }

    /// The README's frame example, as written there.
    @Test func readmeExample() throws {
        var frame = try BadgeRequest(label: "build", message: "passing").render().frame
        frame.items.append(.shape(FrameShape(.circle(center: Point(x: 6, y: 10), radius: 3),
                                             style: [.fill(.color(try SVGColor(parsing: "gold")))])))
        let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "mine")
        #expect(svg.hasSuffix("<circle cx=\"6\" cy=\"10\" r=\"3\" fill=\"gold\"/>\n</svg>\n"))
    }
}

/// Errors name the request's parameters apart from their words: the library by name, the
/// command line as the flag its declarations give.
@Suite struct ErrorTextTests {
    @Test func parametersAreWrittenByEachInterface() throws {
        let error = CurveTypeError.invalidInput("\(parameter: "strokeWidth") must be 0 or more, not \(-1) (or use \(parameter: "noSuchOption"))")
        #expect(error.description == "strokeWidth must be 0 or more, not -1 (or use noSuchOption)")
        #expect(error.text.parameters == ["strokeWidth", "noSuchOption"])
        let spiral = try #require(CommandDeclaration.named("spiral"))
        #expect(spiral.message(for: error) == "--stroke-width must be 0 or more, not -1 (or use noSuchOption)")
        // Through a real request: the library's check, the command line's words.
        do {
            _ = try SpiralRequest(strokeWidth: -1).render()
            Issue.record("a negative stroke width was drawn")
        } catch {
            #expect(error.description.hasPrefix("strokeWidth must be"), "\(error)")
            #expect(spiral.message(for: error).hasPrefix("--stroke-width must be"), "\(error)")
        }
    }
}

/// The DocC article "From request to drawing to bytes", as written there.
@Suite struct FromRequestToBytesArticleTests {
    @Test func articleExamples() throws {
        let request = BadgeRequest(label: "coverage", message: "94%", color: try BadgeColor.parse("green"))
        let result = try request.render()
        #expect(result.warnings.isEmpty)
        var frame = result.frame
        frame.items.append(.shape(FrameShape(.circle(center: Point(x: 6, y: 10), radius: 3),
                                             style: [.fill(.color(try SVGColor(parsing: "gold")))])))
        let svg = try frame.svg(SVGSettings())
        let png = try frame.png(scale: 2)
        let pdf = try frame.pdf()
        #expect(svg.contains(#"<circle cx="6" cy="10" r="3" fill="gold"/>"#))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && pdf.starts(with: Array("%PDF".utf8)))
        do {
            _ = try SpiralRequest(strokeWidth: -1).render()
            Issue.record("drawn")
        } catch {
            #expect(error.description == "strokeWidth must be from 0 to 1000000 px, not -1.0")
            #expect(error.keyedMessage == "\"strokeWidth\" must be from 0 to 1000000 px, not -1.0")
            #expect(CommandDeclaration.named("spiral")?.message(for: error) == "--stroke-width must be from 0 to 1000000 px, not -1.0")
        }
    }
}

/// Ids derived from what is drawn: `ct` and eight hex digits of the document's hash, with no
/// effect keeping a list of what tells its drawings apart.
@Suite struct DerivedIDTests {
    static func prefix(_ svg: String) -> String? {
        guard let start = svg.range(of: " id=\"") else { return nil }
        return String(svg[start.upperBound...].prefix { $0 != "-" })
    }

    @Test func theSameDrawingTheSameIdsAnotherDrawingOthers() throws {
        let a = try CircleTextRequest(text: "Hello").render().svg
        let again = try CircleTextRequest(text: "Hello").render().svg
        let other = try CircleTextRequest(text: "Hellp").render().svg
        let moved = try CircleTextRequest(text: "Hello", style: CircleTextStyle(start: 10)).render().svg
        let p = try #require(Self.prefix(a))
        #expect(p.count == 10 && p.hasPrefix("ct") && p.dropFirst(2).allSatisfy(\.isHexDigit))
        #expect(a == again)
        for b in [other, moved] { #expect(Self.prefix(b) != p) }
        // Every id, class and reference carries it.
        #expect(!a.contains("\u{01}"))
        #expect(a.components(separatedBy: "id=\"").dropFirst().allSatisfy { $0.hasPrefix(p + "-") })
        // A prefix given is used as it is.
        #expect(try CircleTextRequest(text: "Hello").render().svg(SVGSettings(idPrefix: "mine")).contains(" id=\"mine-g"))
    }

    /// The stand-in for the digits (U+0001) never reaches a document, whatever the text holds.
    @Test func theStandInNeverReachesTheDocument() throws {
        for title in ["\u{01}", String(repeating: "\u{01}", count: 8), "a\u{01}\u{01}b" + String(repeating: "\u{01}", count: 17)] {
            var frame = try CircleTextRequest(text: "Hello", style: CircleTextStyle(size: 12)).render().frame
            frame.title = title
            for prefix in [nil, "t"] as [String?] {
                let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: prefix)
                #expect(!svg.utf8.contains(0x01), "\(Array(title.utf8)) \(prefix ?? "derived")")
                #expect(svg.contains("<title>\(XMLText.escape(title, attribute: false))</title>"))
            }
        }
    }
}
