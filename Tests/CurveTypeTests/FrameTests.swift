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
                BadgeRequest(label: "build", message: "passing", idPrefix: "b").render().svg)
        let circle = try CircleTextRequest(text: "ROUND AND ROUND", style: CircleTextStyle(size: 12, radius: 60), idPrefix: "c").render()
        #expect(try circle.frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "c") == circle.svg)
        #expect(circle.frame.width == circle.width)
    }

    /// A frame drawn by hand: a gradient, a clipped group, a link, a symbol drawn twice.
    @Test func handMadeFrame() throws {
        let box = Rect(minX: 0, minY: 0, maxX: 40, maxY: 20)
        var frame = Frame(width: 40, height: 20, title: "A & B", isImage: false)
        frame.items = [
            .definition(.linearGradient(name: "fade", start: .zero, end: Point(x: 0, y: 1), stops: [
                GradientStop(offset: 0, color: try SVGColor(parsing: "red")), GradientStop(offset: 1, color: nil, opacity: 0.25),
            ])),
            .definition(.clipPath(name: "round", shapes: [FrameShape(.rect(box, cornerRadius: 3))])),
            .group(FrameGroup(style: [.clip("round")], items: [
                .shape(FrameShape(.rect(box), style: [.fill(.gradient("fade"))])),
            ])),
            .link(FrameLink(url: "https://example.com/?a=1&b=2", label: "example", items: [
                .symbol(name: "dot", items: [.shape(FrameShape(.circle(center: Point(x: 10, y: 10), radius: 2.5)))]),
                .useSymbol(SymbolUse(name: "dot", fill: .color(try SVGColor(parsing: "#00000080")), offsetY: 1, isDecoration: true)),
                .useSymbol(SymbolUse(name: "dot", fill: .color(.black))),
            ])),
        ]
        let svg = try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t")
        #expect(svg.contains("<title>A &amp; B</title>"))
        #expect(!svg.contains("role=\"img\""), "a frame with links is not one image")
        #expect(svg.contains("<linearGradient id=\"t-fade\" x2=\"0\" y2=\"100%\">\n<stop offset=\"0\" stop-color=\"red\"/>\n<stop offset=\"1\" stop-opacity=\".25\"/>"))
        #expect(svg.contains("<clipPath id=\"t-round\">\n<rect width=\"40\" height=\"20\" rx=\"3\"/>\n</clipPath>"))
        #expect(svg.contains("<g clip-path=\"url(#t-round)\">\n<rect width=\"40\" height=\"20\" fill=\"url(#t-fade)\"/>"))
        #expect(svg.contains("<a xlink:href=\"https://example.com/?a=1&amp;b=2\" target=\"_blank\" aria-label=\"example\">"))
        // A translucent colour: its opaque colour and its alpha, which Inkscape 1.2 draws.
        #expect(svg.contains("<use xlink:href=\"#t-dot\" fill=\"#000000\" fill-opacity=\"0.5\" y=\"1\" aria-hidden=\"true\"/>"))
        #expect(svg.hasSuffix("</a>\n</svg>\n"))
        // Same frame, same bytes.
        #expect(try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t") == svg)
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

    /// A frame made by hand with a name or blend mode that SVG cannot hold is refused, not
    /// written as broken SVG.
    @Test func badNamesAreRefused() throws {
        for name in ["", "a\"b", "x)y", "<g>", "a b"] {
            let frame = Frame(width: 1, height: 1, title: "t", items: [.symbol(name: name, items: [])])
            #expect(throws: SVGError.self) { try frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t") }
        }
        let blended = Frame(width: 1, height: 1, title: "t", items: [.group(FrameGroup(style: [.blend("multiply;fill:red")], items: []))])
        #expect(throws: SVGError.self) { try blended.svg(format: SVGNumberFormat(precision: 2), idPrefix: "t") }
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
