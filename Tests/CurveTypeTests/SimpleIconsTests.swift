import CurveType
import Foundation
import TestSupport
import Testing

/// The compiled-in simple-icons table and shields' way of naming its logos.
@Suite struct SimpleIconsTests {
    @Test func everySlugOfTheReleaseResolves() {
        let icons = SimpleIcons.all
        #expect(icons.count == 3_364, "simple-icons \(SimpleIcons.release) has 3,364 icons")
        #expect(icons.map(\.slug) == icons.map(\.slug).sorted())
        for icon in icons {
            #expect(SimpleIcons.named(icon.slug)?.slug == icon.slug, "\(icon.slug)")
            #expect(icon.hex.count == 6 && icon.hex.allSatisfy(\.isHexDigit), "\(icon.slug): \(icon.hex)")
            #expect((try? Path(svgPathData: icon.pathData))?.bounds() != nil, "\(icon.slug)'s path data does not read")
            #expect(max(icon.slug.count, icon.title.count) <= SimpleIcons.maximumSearchLength, "\(icon.slug) is longer than a search word may be")
        }
    }

    /// A word longer than any name finds nothing, as a shorter one that no name holds.
    @Test func searchingForAWordLongerThanEveryNameFindsNothing() {
        #expect(SimpleIcons.search(String(repeating: "git", count: 30_000)).isEmpty)
        #expect(SimpleIcons.search(" github ").first?.slug == "github")
    }

    /// Names as READMEs write them, resolved as shields resolves them (the expected slugs come
    /// from the same rules run on PyPI's simple-icons-pack in Python, Fixtures/badge-corpus/expect.py).
    @Test(arguments: [
        ("Node.js", "nodedotjs"), ("node.js", "nodedotjs"), ("C++", "cplusplus"), (".NET", "dotnet"),
        ("Google Chrome", "googlechrome"), ("GoogleChrome", "googlechrome"), ("Stack Overflow", "stackoverflow"),
        ("stack-overflow", "stackoverflow"), ("eclipse", "eclipseide"), ("gitter-white", "gitter"),
        ("scrutinizer", "scrutinizerci"), ("travis", "travisci"), ("Spring Boot", "springboot"),
        ("Firefox-Browser", "firefoxbrowser"), ("Tor-Browser", "torbrowser"), ("tailwind-css", "tailwindcss"),
        ("google-cloud", "googlecloud"), ("github-copilot", "githubcopilot"), ("About.me", "aboutdotme"),
        ("dev.to", "devdotto"), ("GITHUB", "github"),
    ])
    func namesResolveAsShieldsResolvesThem(name: String, slug: String) {
        #expect(SimpleIcons.named(name)?.slug == slug)
    }

    /// Names shields draws no logo for: removed from simple-icons (trademark requests), aliases
    /// whose brand is gone, and what is no name at all.
    @Test(arguments: ["azuredevops", "tfs", "amazon-aws", "Visual Studio Code", "css3", "Internet Explorer", "Color=", "", String(repeating: "a", count: 10_000)])
    func namesShieldsDoesNotDraw(name: String) {
        #expect(SimpleIcons.named(name) == nil)
    }

    @Test func closeNamesAreSuggested() {
        #expect(SimpleIcons.suggestion(for: "githb") == "github")
        #expect(SimpleIcons.suggestion(for: "pyhton") == "python")
        #expect(SimpleIcons.suggestion(for: "kubernets") == "kubernetes")
        #expect(SimpleIcons.suggestion(for: "qqqqqqqqqqqqqqqqqqqq") == nil)
        // A long name is cut before it is compared: bounded work.
        _ = SimpleIcons.suggestion(for: String(repeating: "x", count: 100_000))
    }

    @Test func searchPutsExactMatchesFirst() {
        #expect(SimpleIcons.search("github").first?.slug == "github")
        #expect(SimpleIcons.search("GitHub").contains { $0.slug == "githubactions" })
        #expect(SimpleIcons.search("").count == SimpleIcons.all.count)
        #expect(SimpleIcons.search("zzzzqqqq").isEmpty)
    }

    /// Icons/simple-icons.tsv is what Icons/make_simple_icons.py makes from the pinned PyPI
    /// package (`make venv` installs it), byte for byte.
    @Test func tableIsRemadeFromThePackage() throws {
        let python = packageRoot.appendingPathComponent(".build/venv/bin/python").path
        try needs("the venv .build/venv", FileManager.default.isExecutableFile(atPath: python), install: "`make venv` makes it with simple-icons-pack")
        let scratch = try scratchFolder("icons")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("simple-icons.tsv")
        let run = try runProcess(python, [packageRoot.appendingPathComponent("Icons/make_simple_icons.py").path, output.path])
        try #require(run.status == 0, "\(String(decoding: run.stderr, as: UTF8.self))")
        let made = try Data(contentsOf: output)
        let committed = try Data(contentsOf: packageRoot.appendingPathComponent("Icons/simple-icons.tsv"))
        #expect(made == committed, "Icons/simple-icons.tsv differs from what the package makes: run make_simple_icons.py")
    }

    /// The named logo's colour as shields gives it.
    @Test func brandColoursAsShieldsGivesThem() throws {
        #expect(BadgeColor.brandLogoColor(hex: "181717", style: .flat).value == "#f5f5f5")
        #expect(BadgeColor.brandLogoColor(hex: "181717", style: .social).value == "#181717")
        #expect(BadgeColor.brandLogoColor(hex: "3776AB", style: .flat).value == "#3776ab")
        #expect(BadgeColor.brandLogoColor(hex: "FFFC00", style: .social).value == "#333333")
        #expect(BadgeColor.brandLogoColor(hex: "FFFC00", style: .flat).value == "#fffc00")
    }
}
