import CurveType
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

@Suite struct BadgeTests {
    /// shields' flat geometry restated from badge-maker's `Badge` class, over text widths that
    /// hb-shape measures: label and message widths floored and made odd, 5 px padding each side,
    /// text centred one px in from the label's edge and one px back into the message.
    @Test func flatBadgesFollowShieldsGeometryForHBShapeWidths() throws {
        var rng = SeededGenerator(seed: 0xBAD9E)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:%-+/()AVWTy")
        let regular = fontsFolder("DejaVuSans.ttf")
        let bold = fontsFolder("DejaVuSans-Bold.ttf")
        for _ in 0..<30 {
            func word() -> String {
                let n = 1 + Int(rng.next() % 16)
                return String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
                    .trimmingCharacters(in: .whitespaces)
            }
            let label = word(), message = word()
            guard !label.isEmpty, !message.isEmpty else { continue }
            func width(_ text: String, _ file: String, _ size: Double) throws -> Double {
                try hbShape(fontFile: file, text: text).reduce(0) { $0 + $1.ax } * size / 2048
            }
            func odd(_ w: Double) -> Double { let f = w.rounded(.down); return f.truncatingRemainder(dividingBy: 2) == 0 ? f + 1 : f }

            let flat = try BadgeRequest(label: label, message: message).render()
            let l = odd(try width(label, regular, 11)), m = odd(try width(message, regular, 11))
            let g = flat.geometry
            #expect(g.leftWidth == l + 10 && g.rightWidth == m + 10 && g.height == 20, "\(label) | \(message)")
            #expect(g.labelCenter == 1 + l / 2 + 5 && g.messageCenter == l + 10 - 1 + m / 2 + 5)
            let flatSVG = try flat.svg
            #expect(flatSVG.contains("width=\"\(Int(l + m + 20))\" height=\"20\""))
            #expect(flatSVG.contains("<rect x=\"\(Int(l + 10))\" y=\"0\" width=\"\(Int(m + 10))\" height=\"20\""))

            // for-the-badge: upper case, 10 px, the message bold, 1.25 px a letter, margins 12.
            let big = try BadgeRequest(label: label, message: message, style: .forTheBadge).render().geometry
            let lu = label.uppercased(), mu = message.uppercased()
            let bl = try width(lu, regular, 10).rounded(.down) + 1.25 * Double(lu.count)
            let bm = try width(mu, bold, 10).rounded(.down) + 1.25 * Double(mu.count)
            #expect(big.leftWidth == 12 + bl + 12 && big.rightWidth == 24 + bm && big.height == 28, "\(lu) | \(mu)")

            // social: bold 11 px, the label capitalised, paddings 5 and 4, a 6 px gutter.
            let social = try BadgeRequest(label: label, message: message, style: .social).render().geometry
            let capital = label.prefix(1).uppercased() + label.dropFirst()
            let sl = odd(try width(capital, bold, 11)), sm = odd(try width(message, bold, 11))
            #expect(social.leftWidth == sl + 10 + 1 && social.rightWidth == 6 + sm + 8)
        }
    }

    @Test func everyStyleHasShieldsHeightsAndTextColours() throws {
        let heights: [BadgeStyle: Double] = [.flat: 20, .flatSquare: 20, .plastic: 18, .forTheBadge: 28, .social: 20]
        for style in BadgeStyle.allCases {
            let badge = try BadgeRequest(label: "build", message: "passing", style: style).render()
            #expect(badge.geometry.height == heights[style])
        }
        // Dark backgrounds get white text with a dark shadow; light ones dark grey with a light shadow.
        let dark = try BadgeRequest(label: "a", message: "b", color: BadgeColor.parse("blue")).render().svg
        #expect(dark.contains("-u1\" fill=\"#fff\"/>") && dark.contains("fill=\"#010101\" fill-opacity=\".3\" y=\"1\""))
        let light = try BadgeRequest(label: "a", message: "b", color: BadgeColor.parse("white")).render().svg
        #expect(light.contains("-u1\" fill=\"#333\"/>") && light.contains("fill=\"#ccc\" fill-opacity=\".3\" y=\"1\""))
        #expect(BadgeColor.brightness(try BadgeColor.parse("yellow")) == 0.68)
        #expect(BadgeColor.brightness(try BadgeColor.parse("white")) == 1)
    }

    @Test func namedColoursAliasesAndHex() throws {
        let expected = ["brightgreen": "#44cc11", "success": "#44cc11", "green": "#97ca00", "critical": "#e05d44",
                        "important": "#fe7d37", "informational": "#007ec6", "inactive": "#9f9f9f", "gray": "#555555",
                        "lightgray": "#9f9f9f", "4c1": "#44cc11", "ABCDEF": "#abcdef", "teal": "teal"]
        for (name, value) in expected { #expect(try BadgeColor.parse(name).value == value, "\(name)") }
        #expect(throws: CurveTypeError.self) { try BadgeColor.parse("not-a-colour") }
    }

    /// Mixed-direction text is shaped in bidi runs and drawn left to right: each run's glyphs
    /// equal hb-shape's for that run in its direction, and the runs stand in visual order.
    @Test func bidiRunsMatchHBShapeInVisualOrder() throws {
        let font = fontsFolder("DejaVuSans.ttf")
        let stack = try FontStack.resolve(.file(path: font))
        // Left-to-right paragraph: "build ", then the Hebrew reversed, then " ok".
        let mixed = stack.shape("build שלום ok")
        let expected = try hbShape(fontFile: font, text: "build ") + hbShape(fontFile: font, text: "שלום", direction: "rtl")
            + hbShape(fontFile: font, text: " ok")
        #expect(mixed.glyphs.map(\.glyph) == expected.map(\.g))
        // Right-to-left paragraph (first strong letter Hebrew): the number stays left to right and
        // stands left of the word.
        let rtl = stack.shape("בדיקה 2026")
        let visual = try hbShape(fontFile: font, text: "2026", direction: "ltr") + hbShape(fontFile: font, text: "בדיקה ", direction: "rtl")
        #expect(rtl.glyphs.map(\.glyph) == visual.map(\.g))
        #expect(rtl.glyphs.map(\.cluster).first == "בדיקה ".utf8.count)
    }

    @Test func repeatedSpacesKeepTheirWidthAndControlsAreRemoved() throws {
        let one = try BadgeRequest(label: "a b", message: "x").render().geometry.leftWidth
        let three = try BadgeRequest(label: "a   b", message: "x").render().geometry.leftWidth
        let space = try hbShape(fontFile: fontsFolder("DejaVuSans.ttf"), text: " ")[0].ax * 11 / 2048
        #expect(abs((three - one) - 2 * space) <= 2, "two more spaces widen the label by their advances (± shields' odd rounding)")
        let badge = try BadgeRequest(label: "pa\u{7F}ss\u{1B}", message: "o\u{85}k").render()
        #expect(badge.label == "pass" && badge.message == "ok")
        #expect(badge.warnings.map(\.kind) == [.controlCharactersRemoved, .controlCharactersRemoved])
        #expect(badge.warnings.map(\.part) == ["label", "message"])
        #expect(try !badge.svg.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }

    @Test func forTheBadgeIsUpperCaseAndBold() throws {
        let badge = try BadgeRequest(label: "straße", message: "ok", style: .forTheBadge).render()
        #expect(badge.label == "STRASSE" && badge.message == "OK")
    }

    @Test func fallbackFontsNamedByPathDrawEmoji() throws {
        let symbola = try neededFile("/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf", install: "Debian fonts-symbola")
        let badge = try BadgeRequest(label: "deploy", message: "🚀 go", font: .file(path: fontsFolder("DejaVuSans.ttf")),
                                     fallbackFonts: [.file(path: symbola)]).render()
        #expect(badge.warnings.isEmpty)
        let rocket = try hbShape(fontFile: symbola, text: "🚀")[0]
        #expect(try badge.svg.contains("g1-\(rocket.g)\""), "the rocket comes from the fallback font")
        // A font file alone has no fallback: the rocket is .notdef, with a warning.
        let alone = try BadgeRequest(label: "deploy", message: "🚀 go", font: .file(path: fontsFolder("DejaVuSans.ttf"))).render()
        #expect(alone.warnings.map(\.description) == ["message: DejaVu Sans has no glyph for U+1F680; drawn as .notdef"])
        #expect(alone.warnings == [CurveTypeWarning(.missingGlyphs, "DejaVu Sans has no glyph for U+1F680; drawn as .notdef", part: "message")])
    }

    @Test func linksAreCheckedAndWrapTheirHalves() throws {
        let both = try BadgeRequest(label: "docs", message: "ok", link: "https://example.com/a?b=1&c=2",
                                    labelLink: "mailto:team@example.com").render().svg
        #expect(both.contains("<a xlink:href=\"https://example.com/a?b=1&amp;c=2\" target=\"_blank\""))
        #expect(both.contains("<a xlink:href=\"mailto:team@example.com\""))
        #expect(!both.contains("role=\"img\""), "a badge with links is not one image")
        for bad in ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:text/html,<b>", "vbscript:x", "//evil.example",
                    "https://", "https://exa mple.com", "file:///etc/passwd", "http://a\u{0}b"] {
            #expect(throws: CurveTypeError.self, "\(bad)") { try BadgeRequest(label: "a", message: "b", link: bad).render() }
        }
    }
}

/// Hostile input in every field: the SVG must be well-formed and inert, with nothing that can run
/// script or load anything.
@Suite struct XSSTests {
    static let hostileLogos: [String] = [
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>"##,
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><foreignObject><iframe src="javascript:alert(1)"/></foreignObject><circle r="4" cx="5" cy="5" onmouseover="alert(1)"/></svg>"##,
        ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><a xlink:href="javascript:alert(1)"><rect width="9" height="9"/></a><use xlink:href="https://evil.example/s.svg#x"/><use href="data:image/svg+xml,%3Csvg%3E"/></svg>"##,
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>@import url(https://evil.example/x.css); rect{fill:url(javascript:alert(1))}</style><rect width="9" height="9" style="fill:url(https://evil.example/p.svg#a);stroke:red;behavior:url(x.htc)"/><image href="https://evil.example/track.png" width="1" height="1"/></svg>"##,
        ##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L9 9" stroke="#000" fill="url( https://evil.example/#a )"/><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onclick" to="alert(1)"/></svg>"##,
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="9" height="9" fill="&#x6A;avascript:alert(1)" mask="url(#m)" clip-path="url(&quot;https://evil.example/#c&quot;)"/><g transform="translate(1 1)" ONLOAD="alert(1)" xml:base="https://evil.example/"><circle r="2"/></g></svg>"##,
        // Stylesheet rules go through the same allowlist as attributes.
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style><![CDATA[.x{fill:url(https://evil.example/a.svg#p)} .y{behavior:url(x.htc);onload:alert(1)} #z{stroke:javascript:alert(1)} @import url(https://evil.example/x.css); rect{mask:url( https://evil.example/#m )} *{fill:url("#a")}]]></style><rect id="z" class="x y" width="9" height="9"/></svg>"##,
        // Controls the writer drops, hiding "url(" and "javascript:" from a check of the raw value
        // (FuzzLogo found the first).
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><circle r=\"4\" style=\"fill:url\u{0}\u{0}(http://evil.example/x.svg#a)\"/><rect width=\"9\" height=\"9\" fill=\"u\u{1}rl(https://evil.example/#p)\" stroke=\"java\u{7F}script:alert(1)\"/></svg>",
    ]

    /// Logos as design tools write them: Illustrator's `<style>` class rules become presentation
    /// attributes (type < class < id specificity, then order; a `style` attribute wins);
    /// Inkscape's namespaced elements are SVG; titles, descriptions, roles and editor metadata
    /// go without a warning.
    @Test func logosAsDesignToolsWriteThem() throws {
        let styled = try SafeSVG(parsing: Array(##"""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" data-name="Layer 1"><title>t</title>
            <rect class="a b" id="r" width="1" height="1" fill="green" style="stroke:blue"/>
            <style>/* rules after the elements they style */ rect{fill:red;stroke:red} .a{fill:orange} .a.b{opacity:.5}
            #r{stroke-width:2} .b{fill:purple !important} g rect{fill:black} @font-face{font-family:x}</style></svg>
            """##.utf8))
        guard case .element(_, let attributes, _)? = styled.children.first else { Issue.record("no rect"); return }
        let values = Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        #expect(values["fill"] == "purple", "the later of two class rules of equal specificity")
        #expect(values["stroke"] == "blue", "the style attribute over the type rule")
        #expect(values["opacity"] == ".5" && values["stroke-width"] == "2")
        #expect(attributes.filter { $0.name == "fill" }.count == 1)
        #expect(styled.removed == ["CSS @font-face", "CSS selector g rect"])

        let namespaced = try SafeSVG(parsing: Array(##"""
            <svg:svg xmlns:svg="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10">
            <svg:desc>d</svg:desc><svg:g inkscape:label="L"><svg:circle r="4" cx="5" cy="5"/></svg:g></svg:svg>
            """##.utf8))
        #expect(namespaced.removed.isEmpty)
        guard case .element(let group, _, let inner)? = namespaced.children.first, case .element(let circle, _, _)? = inner.first else {
            Issue.record("no group"); return
        }
        #expect(group == "g" && circle == "circle")
        // A prefix bound to another namespace is not SVG.
        let foreign = try SafeSVG(parsing: Array(##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x" viewBox="0 0 1 1"><x:circle r="1"/></svg>"##.utf8))
        #expect(foreign.children.isEmpty && foreign.removed == ["<x:circle>"])

        let icon = try SafeSVG(parsing: Array(##"<svg role="img" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" version="1.1" aria-hidden="true"><title>Icon</title><desc>d</desc><metadata>m</metadata><path d="M0 0h24v24H0z"/></svg>"##.utf8))
        #expect(icon.removed.isEmpty)
    }

    static let hostileTexts = [
        "<script>alert(1)</script>", "\"><svg onload=alert(1)>", "' onmouseover='alert(1)", "]]><x/>",
        "&lt;&amp;", "javascript:alert(1)", "<!--", "\u{0}\u{1B}<b>\u{7F}",
    ]

    @Test(arguments: hostileLogos.indices)
    func hostileLogosAreInert(_ index: Int) throws {
        let logo = try BadgeLogo(source: "data:image/svg+xml;base64," + Data(Self.hostileLogos[index].utf8).base64EncodedString())
        for color in [nil, "white"] {
            let svg = try BadgeRequest(label: "a", message: "b", logo: logo,
                                       logoColor: color.map { try BadgeColor.parse($0) }).render().svg
            try Self.expectInert(svg)
        }
    }

    @Test func hostileTextsTitlesAndLinksAreInert() throws {
        for text in Self.hostileTexts {
            for style in BadgeStyle.allCases {
                for mode in GlyphMode.allCases {
                    let svg = try BadgeRequest(label: text, message: text + "m", style: style, link: "https://example.com/?q=\"><script>",
                                               title: text, glyphs: mode).render().svg
                    try Self.expectInert(svg, links: ["https://example.com/?q=\"><script>"])
                }
            }
            let seal = try SealRequest(ring: text + " ring text •", center: text).render().svg
            try Self.expectInert(seal)
        }
    }

    /// Every element is drawing or structure, no attribute is an event handler, every reference
    /// is local (`#id`) or one of `links` on an `<a>`, no value names a script URL, and no text
    /// node holds markup that survived as markup.
    static func expectInert(_ svg: String, links: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        final class Walker: NSObject, XMLParserDelegate {
            var problems: [String] = []
            let links: Set<String>
            init(links: Set<String>) { self.links = links }
            let allowed: Set<String> = ["svg", "title", "defs", "path", "use", "g", "rect", "circle", "ellipse", "line",
                                        "polyline", "polygon", "linearGradient", "radialGradient", "stop", "clipPath",
                                        "mask", "symbol", "text", "tspan", "a"]
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if !allowed.contains(name) { problems.append("element <\(name)>") }
                for (key, value) in attributes {
                    let lower = value.lowercased().filter { !$0.isWhitespace }
                    if key.lowercased().hasPrefix("on") { problems.append("event attribute \(key)") }
                    // The accessible name is text, never followed: only values a viewer may load count.
                    if key != "aria-label", lower.contains("javascript:") || lower.contains("vbscript:") || lower.contains("data:") {
                        problems.append("\(key)=\(value)")
                    }
                    if key == "href" || key == "xlink:href" {
                        if name == "a" ? !links.contains(value) : !value.hasPrefix("#") { problems.append("\(key)=\(value) on <\(name)>") }
                    }
                    if lower.contains("url(") && !lower.hasPrefix("url(#") { problems.append("\(key)=\(value)") }
                    if key == "xml:base" || key == "style" { problems.append(key) }
                }
            }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let walker = Walker(links: links)
        parser.delegate = walker
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))", sourceLocation: sourceLocation)
        #expect(walker.problems.isEmpty, "\(walker.problems)", sourceLocation: sourceLocation)
    }

    @Test func logoIDsArePrefixedSoTwoBadgesNeverClash() throws {
        let logo = try BadgeLogo(source: packageRoot.appendingPathComponent("Fixtures/logos/check.svg").path)
        let a = try BadgeRequest(label: "a", message: "b", logo: logo).render().svg
        let b = try BadgeRequest(label: "a", message: "c", logo: logo).render().svg
        func ids(_ svg: String) -> Set<String> {
            Set(svg.components(separatedBy: " id=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
        }
        #expect(ids(a).isDisjoint(with: ids(b)))
        #expect(ids(a).contains { $0.hasSuffix("-logo-1") })
    }

    /// A logo's own numbers are checked as they would be written: `nan`, `inf` and 1e308 were
    /// once copied through, leaving the badge inert but not valid SVG (found by fuzzing).
    @Test func logoNumbersAreCheckedAsWritten() throws {
        let text = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><rect width='nan' height='1e308' x='inf'/>"
            + "<circle cx='12' cy='12' r='5' opacity='NaN'/><path d='M0 0L1e308 0'/><polygon points='0,0 24,0 1e400,24'/>"
            + "<rect width='24px' height='50%' x='-2.5e2' y='1E1'/></svg>"
        let logo = try BadgeLogo(source: "data:image/svg+xml;base64," + Data(text.utf8).base64EncodedString())
        let result = try BadgeRequest(label: "a", message: "b", logo: logo).render()
        let svg = try result.svg
        for bad in ["nan", "NaN", "inf", "1e308", "1e400"] { #expect(!svg.contains("\"\(bad)\""), "\(bad)") }
        #expect(!svg.contains("1e308") && !svg.contains("1e400"))
        // Good numbers stay as written, units and exponents included.
        #expect(svg.contains("width=\"24px\"") && svg.contains("x=\"-2.5e2\"") && svg.contains("y=\"1E1\""))
        let warning = try #require(result.warnings.first { $0.kind == .logoContentRemoved })
        #expect(warning.message.contains("width=\"nan\"") && warning.message.contains("d=\"M0 0L1e308 0\""))
        try Self.expectInert(result.svg)
    }

    /// A logo SVG with no viewBox, width or height takes the box its shapes cover.
    @Test func logoWithoutASizeTakesItsShapesBox() throws {
        let text = "<svg xmlns='http://www.w3.org/2000/svg'><g transform='translate(10 5)'><rect width='30' height='10'/></g><circle cx='50' cy='15' r='5'/></svg>"
        let logo = try BadgeLogo(source: "data:image/svg+xml," + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        let box = try #require(logo.svg?.viewBox)
        #expect(box.minX == 10 && box.minY == 5 && box.width == 45 && box.height == 15)
        // Its own proportions at 14 px high with --logo-size auto: 45 × 15 → 42 px wide.
        let auto = try BadgeRequest(label: "a", message: "b", logo: logo, logoSize: .auto).render()
        #expect(auto.geometry.logo?.width == 42)
        #expect(try BadgeRequest(label: "a", message: "b", logo: logo).render().geometry.logo?.width == 14)
    }

    /// PNG and JPEG logos are embedded after their bytes are checked to be what they claim.
    @Test func rasterLogosAreCheckedThenEmbedded() throws {
        // A 2 × 1 PNG made by Python's zlib and struct (chunks and CRCs as the format defines).
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg=="
        let logo = try BadgeLogo(source: "data:image/png;base64," + png)
        guard case .image(let image) = logo.drawing else { Issue.record("not an image"); return }
        #expect(image.pixelWidth == 2 && image.pixelHeight == 1)
        let svg = try BadgeRequest(label: "a", message: "b", logo: logo, logoSize: .auto).render().svg
        #expect(svg.contains("<image x=\"5\" y=\"3\" width=\"28\" height=\"14\" xlink:href=\"data:image/png;base64,\(png)\"/>"))
        var corrupt = try #require(Data(base64Encoded: png)).map { $0 }
        corrupt[30] ^= 1
        #expect(throws: CurveTypeError.self) { try BadgeLogo(source: "data:image/png;base64," + Data(corrupt).base64EncodedString()) }
        #expect(throws: CurveTypeError.self) { try BadgeRequest(label: "a", message: "b", logo: logo, logoColor: .black).render() }
        // A JPEG: SOI, a frame header (3 × 2), a scan, EOI.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x02, 0x00, 0x03, 0x01, 0x01, 0x11, 0x00,
                             0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x00, 0xFF, 0xD9]
        let jpegLogo = try BadgeLogo(source: "data:image/jpeg;base64," + Data(jpeg).base64EncodedString())
        guard case .image(let decoded) = jpegLogo.drawing else { Issue.record("not an image"); return }
        #expect(decoded.pixelWidth == 3 && decoded.pixelHeight == 2)
        #expect(throws: CurveTypeError.self) { try BadgeLogo(source: "data:image/jpeg;base64," + Data(jpeg.dropLast(2)).base64EncodedString()) }
    }

    /// Named logos: the brand's colour (whitesmoke for a dark brand), logoColor over it, and
    /// shields' auto size framing a wide outline.
    @Test func namedLogos() throws {
        let github = try BadgeRequest(label: "a", message: "b", logo: BadgeLogo(named: "GitHub")).render().svg
        #expect(github.contains("fill=\"#f5f5f5\""))
        let white = try BadgeRequest(label: "a", message: "b", logo: BadgeLogo(named: "github"), logoColor: try BadgeColor.parse("white")).render().svg
        #expect(white.contains("fill=\"white\"") && !white.contains("#f5f5f5"))
        let docker = try BadgeLogo(named: "docker")
        let square = try BadgeRequest(label: "a", message: "b", logo: docker).render()
        let auto = try BadgeRequest(label: "a", message: "b", logo: docker, logoSize: .auto).render()
        #expect(square.geometry.logo?.width == 14)
        #expect((auto.geometry.logo?.width ?? 0) > 14)
        let error = #expect(throws: CurveTypeError.self) { try BadgeLogo(named: "githb") }
        #expect(error?.description == "no logo is named \"githb\" (did you mean github?); `curvetype logos WORD` lists them")
    }

    @Test func unreadableLogosAreErrors() throws {
        let cases = ["<svg viewBox='0 0 1 1'>", "<html/>", "<svg>&xxe;</svg>", "<svg viewBox='0 0 1 1'><rect/></svg><svg/>",
                     "not xml at all", "<svg><rect width=1/></svg>", "<svg/>"]
        for text in cases {
            #expect(throws: CurveTypeError.self, "\(text)") {
                try BadgeLogo(source: "data:image/svg+xml," + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            }
        }
        #expect(throws: CurveTypeError.self) { try BadgeLogo(source: "data:image/png;base64,iVBORw0KGgo=") }
    }

    /// Every rule may match every element: the properties a stylesheet sets are bounded (a
    /// sheet of 60,000 rules over 19,000 elements once took 144 s in a debug build).
    @Test func stylesheetWorkIsBounded() throws {
        let rules = String(repeating: ".a{fill:red}", count: 200) + String(repeating: "*{}", count: 2_000)
        let bomb = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'><style>\(rules)</style>"
            + String(repeating: "<rect class='a'/>", count: 600) + "</svg>"
        #expect(throws: SVGError.invalidLogo("its stylesheet sets more than 100000 properties")) {
            try SafeSVG(parsing: Array(bomb.utf8))
        }
        // Well under the bound, the same rules apply.
        let small = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'><style>\(String(repeating: ".a{fill:red}", count: 20))</style>"
            + String(repeating: "<rect class='a'/>", count: 100) + "</svg>"
        let logo = try SafeSVG(parsing: Array(small.utf8))
        #expect(logo.children.count == 100)
    }
}
