import CurveType
import Foundation
import TestSupport
import Testing

/// `curvetype readme-badges` over the corpus of real READMEs in Fixtures/readmes, run where no
/// network can be reached (a network namespace of its own, `unshare -n`, where the machine
/// allows one): every static badge drawn, the README rewritten, `--check` passing after and
/// failing once a file goes stale, nothing outside pictures touched.
@Suite struct ReadmeBadgesTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    static let corpus = fixtures.appendingPathComponent("readmes")

    static var readmes: [(folder: String, file: String)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.contains("+") }.sorted().compactMap { folder in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path)) ?? []
            return files.first { $0.hasSuffix(".md") }.map { (folder, $0) }
        }
    }

    /// Runs curvetype in `folder` without a network where `unshare -n` works (as root), else as is.
    static func offline(_ arguments: [String], in folder: URL) throws -> RunResult {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let isolated = (try? shell("unshare -n true", in: folder))?.status == 0
        return try shell((isolated ? "unshare -n " : "") + "\"$CT\" " + quoted, in: folder)
    }

    @Test func corpusIsRewrittenOfflineAndChecked() throws {
        #expect(Self.readmes.count >= 10)
        let scratch = try scratchFolder("readmes")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var drawnTotal = 0
        for (folder, file) in Self.readmes {
            let work = scratch.appendingPathComponent(folder)
            try FileManager.default.copyItem(at: Self.corpus.appendingPathComponent(folder), to: work)
            let original = try String(contentsOf: work.appendingPathComponent(file), encoding: .utf8)
            let run = try Self.offline(["readme-badges", file], in: work)
            #expect(run.status == 0, "\(folder): \(run.stderr)")
            let rewritten = try String(contentsOf: work.appendingPathComponent(file), encoding: .utf8)
            // Every line is the original's but where a shields badge address was, its line
            // end kept (a Windows README's CRLF: split by scalars, as Swift's "\r\n" is one
            // Character).
            let before = original.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
            let after = rewritten.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
            #expect(before.count == after.count, "\(folder)")
            for (old, new) in zip(before, after) where old != new {
                #expect(old.contains("img.shields.io/") && new.contains("badges/"), "\(folder): \(new)")
                #expect(old.unicodeScalars.last == "\r" ? new.unicodeScalars.last == "\r" : new.unicodeScalars.last != "\r", "\(folder): \(new)")
            }
            let check = try Self.offline(["readme-badges", file, "--check"], in: work)
            #expect(check.status == 0 && check.stdout.contains("are current"), "\(folder): \(check.stdout)")
            // Again: nothing left to draw, nothing changes.
            let again = try Self.offline(["readme-badges", file, "--quiet"], in: work)
            let third = try String(contentsOf: work.appendingPathComponent(file), encoding: .utf8)
            #expect(again.stdout.contains("\(file) unchanged") && third == rewritten, "\(folder): \(again.stdout)")
            // Each file is the badge of the address the manifest keeps for it.
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("badges/curvetype-badges.json"))) as? [String: [[String: String]]]
            for entry in manifest?["badges"] ?? [] {
                #expect(rewritten.contains("badges/" + (entry["file"] ?? "")), "\(folder): \(entry)")
                drawnTotal += 1
            }
        }
        #expect(drawnTotal >= 150)
    }

    /// Badges in code blocks, code spans and HTML comments are text, not pictures: left.
    @Test func codeAndCommentsAreLeft() throws {
        let scratch = try scratchFolder("readme-code")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let readme = """
            # T
            ![a](https://img.shields.io/badge/a-b-blue)
            `![c](https://img.shields.io/badge/c-d-red)`
            ```md
            ![e](https://img.shields.io/badge/e-f-green)
            ```
            <!-- ![g](https://img.shields.io/badge/g-h-red) -->
            <!--
            <img src="https://img.shields.io/badge/i-j-red">
            -->

                ![k](https://img.shields.io/badge/k-l-red)

            [m]: https://img.shields.io/badge/m-n-orange?style=flat-square "title"
            <img alt="o" src='https://img.shields.io/static/v1?label=o&amp;message=p&amp;color=blue'>
            [![q](https://img.shields.io/badge/q-r-blue?logo=github)](https://example.com/)
            ![live](https://img.shields.io/github/stars/a/b)
            """
        try Data(readme.utf8).write(to: scratch.appendingPathComponent("README.md"))
        let run = try Self.offline(["readme-badges", "README.md"], in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOf: scratch.appendingPathComponent("README.md"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let original = readme.split(separator: "\n", omittingEmptySubsequences: false)
        for index in [2, 4, 6, 8, 11, 16] { #expect(lines[index] == original[index], "line \(index + 1): \(lines[index])") }
        for index in [1, 13, 14, 15] { #expect(!lines[index].contains("img.shields.io") && lines[index].contains("badges/"), "line \(index + 1): \(lines[index])") }
        #expect(lines[13].hasSuffix("\"title\""))
        #expect(run.stdout.contains("line 17: https://img.shields.io/github/stars/a/b: shows live data (github)"))
        // The static v1 address with &amp; draws o: p.
        let file = try #require(String(lines[14]).split(separator: "'").first { $0.hasPrefix("badges/") })
        let svg = try String(contentsOf: scratch.appendingPathComponent(String(file)), encoding: .utf8)
        #expect(svg.contains("aria-label=\"o: p\""))
    }

    /// `--check` fails when a file is missing, differs, or the README shows a badge not yet drawn.
    @Test func checkFindsStaleFiles() throws {
        let scratch = try scratchFolder("readme-check")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data("![a](https://img.shields.io/badge/a-b-blue)\n".utf8).write(to: scratch.appendingPathComponent("README.md"))
        #expect(try Self.offline(["readme-badges", "README.md", "--check"], in: scratch).status == 1)
        #expect(try Self.offline(["readme-badges", "README.md"], in: scratch).status == 0)
        #expect(try Self.offline(["readme-badges", "README.md", "--check"], in: scratch).status == 0)
        let badges = scratch.appendingPathComponent("badges")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: badges.path).first { $0.hasSuffix(".svg") })
        try Data("<svg/>".utf8).write(to: badges.appendingPathComponent(file))
        let differs = try Self.offline(["readme-badges", "README.md", "--check"], in: scratch)
        #expect(differs.status == 1 && differs.stdout.contains("differs: badges/\(file)"), "\(differs.stdout)")
        try FileManager.default.removeItem(at: badges.appendingPathComponent(file))
        #expect(try Self.offline(["readme-badges", "README.md", "--check"], in: scratch).stdout.contains("missing: badges/\(file)"))
        #expect(try Self.offline(["readme-badges", "README.md"], in: scratch).status == 0)
        let handle = try FileHandle(forWritingTo: scratch.appendingPathComponent("README.md"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("![c](https://img.shields.io/badge/c-d-red)\n".utf8))
        try handle.close()
        #expect(try Self.offline(["readme-badges", "README.md", "--check"], in: scratch).status == 1)
        // Refused: a folder outside the README's, two looks at once, no README.
        for words in [["readme-badges", "README.md", "--out", "../x"], ["readme-badges", "README.md", "--out", "/tmp/x"],
                      ["readme-badges", "README.md", "--picture", "--theme", "dark"], ["readme-badges", "nope.md"]] {
            let refused = try Self.offline(words, in: scratch)
            #expect(refused.status != 0 && refused.stderr.hasPrefix("curvetype: error: ") && refused.stderr.split(separator: "\n").count == 1, "\(words): \(refused.stderr)")
        }
    }

    /// Every form a README writes a badge in is rewritten, none skipped unsaid: a Windows
    /// README's (CRLF) reference definitions (they were skipped, exit 0, and every line read
    /// "line 1"), `src = "…"` with spaces, an unquoted `src=`, `//img.shields.io`, the bare
    /// shields.io host, each `srcset` candidate without its descriptor (` 2x` was read into the
    /// colour), and GitHub's `#gh-dark-mode-only` fragment kept (it was dropped, so both
    /// pictures showed). A README that is a link is read where its target is: the badges go
    /// beside the target, and the link stays a link.
    @Test func everyFormIsRewritten() throws {
        let scratch = try scratchFolder("readme-forms")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lines = [
            "![a](https://img.shields.io/badge/a-b-blue)", "", "[![c][c-badge]][c-url]", "",
            "[c-badge]: https://img.shields.io/badge/c-d-red?style=for-the-badge", "[c-url]: https://example.com",
            "![live](https://img.shields.io/github/stars/swiftlang/swift)",
            "<img src = \"https://img.shields.io/badge/e-f-green\" alt=e>", "<img src=https://img.shields.io/badge/g-h-green alt=g>",
            "<img src=\"//img.shields.io/badge/i-j-green\">", "![k](https://shields.io/badge/k-l-orange)",
            "<source srcset=\"https://img.shields.io/badge/m-n-blue 2x, https://img.shields.io/badge/o-p-blue 1x\">",
            "![q](https://img.shields.io/badge/q-r-black#gh-dark-mode-only)", "",
        ]
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data(lines.joined(separator: "\r\n").utf8).write(to: scratch.appendingPathComponent("docs/README.md"))
        try FileManager.default.createSymbolicLink(atPath: scratch.appendingPathComponent("README.md").path, withDestinationPath: "docs/README.md")
        let run = try Self.offline(["readme-badges", "README.md"], in: scratch)
        #expect(run.status == 0 && run.stdout.contains("9 badges shown from 9 files"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("  line 7: https://img.shields.io/github/stars/swiftlang/swift: shows live data"), "\(run.stdout)")
        let written = try String(contentsOf: scratch.appendingPathComponent("docs/README.md"), encoding: .utf8)
        let rewritten = written.components(separatedBy: "\r\n")
        #expect(rewritten.count == lines.count, "every line keeps its CRLF")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("docs/badges").path)
        func named(_ slug: String) -> String { "badges/" + (names.first { $0.hasPrefix(slug + "-") } ?? "?") }
        #expect(rewritten[4] == "[c-badge]: \(named("c-d"))")
        #expect(rewritten[7] == "<img src = \"\(named("e-f"))\" alt=e>")
        #expect(rewritten[8] == "<img src=\(named("g-h")) alt=g>")
        #expect(rewritten[9] == "<img src=\"\(named("i-j"))\">")
        #expect(rewritten[10] == "![k](\(named("k-l")))")
        #expect(rewritten[11] == "<source srcset=\"\(named("m-n")) 2x, \(named("o-p")) 1x\">")
        #expect(rewritten[12] == "![q](\(named("q-r"))#gh-dark-mode-only)")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: scratch.appendingPathComponent("README.md").path)
        #expect(link == "docs/README.md")
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("badges").path))
        #expect(try Self.offline(["readme-badges", "README.md", "--check"], in: scratch).status == 0)
    }

    /// Addresses drawn as shields draws them: `/static/v1` without a label has shields'
    /// "static" label and lightgrey (it had neither); `logoWidth` and `logoPosition` change
    /// nothing (logoWidth was drawn, though shields has ignored it since its PR #10878).
    @Test func addressesDrawAsShieldsDrawsThem() throws {
        let scratch = try scratchFolder("readme-shields")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let readme = """
            ![s](https://img.shields.io/static/v1?message=hi)
            ![l](https://img.shields.io/badge/build-passing-blue?logo=github&logoWidth=40&logoPosition=3)

            """
        try Data(readme.utf8).write(to: scratch.appendingPathComponent("README.md"))
        #expect(try Self.offline(["readme-badges", "README.md"], in: scratch).status == 0)
        let badges = scratch.appendingPathComponent("badges")
        let names = try FileManager.default.contentsOfDirectory(atPath: badges.path)
        func file(_ prefix: String) throws -> String {
            try String(contentsOf: badges.appendingPathComponent(try #require(names.first { $0.hasPrefix(prefix) })), encoding: .utf8)
        }
        let expected = try curvetype(["badge", "--label", "static", "--message", "hi", "--message-color", "lightgrey"])
        #expect(try file("static-hi-").replacingOccurrences(of: #"ct[0-9a-f]+-"#, with: "", options: .regularExpression)
                == expected.stdout.replacingOccurrences(of: #"ct[0-9a-f]+-"#, with: "", options: .regularExpression))
        let plain = try curvetype(["badge", "--label", "build", "--message", "passing", "--message-color", "blue", "--logo", "github"])
        #expect(try file("build-passing-").replacingOccurrences(of: #"ct[0-9a-f]+-"#, with: "", options: .regularExpression)
                == plain.stdout.replacingOccurrences(of: #"ct[0-9a-f]+-"#, with: "", options: .regularExpression))
    }

    /// What shields draws, drawn, where both were listed as left: an address holding `<` and
    /// `>` (CommonMark's destination may, past its first character; it was cut at the `<`),
    /// and a query with a `%` that starts no escape (Node's querystring keeps it: the logo
    /// colour "%white" is no colour, so the logo keeps its own).
    @Test func addressesShieldsDrawsAreNotLeft() throws {
        let scratch = try scratchFolder("readme-shields-odd")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let readme = """
            ![g](https://img.shields.io/badge/<A>-<B>-<C>.svg)
            ![d](https://img.shields.io/badge/x-y-blue?logo=github&logoColor=%white)

            """
        try Data(readme.utf8).write(to: scratch.appendingPathComponent("README.md"))
        let run = try Self.offline(["readme-badges", "README.md"], in: scratch)
        #expect(run.status == 0 && !run.stdout.contains("left as they are"), "\(run.stdout)")
        let rewritten = try String(contentsOf: scratch.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(!rewritten.contains("img.shields.io"), "\(rewritten)")
        let badges = scratch.appendingPathComponent("badges")
        let names = try FileManager.default.contentsOfDirectory(atPath: badges.path)
        let angled = try String(contentsOf: badges.appendingPathComponent(try #require(names.first { $0.hasPrefix("a-b-") })), encoding: .utf8)
        #expect(angled.contains("&lt;A&gt;") && angled.contains("&lt;B&gt;"))
        let logo = try String(contentsOf: badges.appendingPathComponent(try #require(names.first { $0.hasPrefix("x-y-") })), encoding: .utf8)
        let plain = try curvetype(["badge", "--label", "x", "--message", "y", "--message-color", "blue", "--logo", "github"])
        #expect(logo.replacingOccurrences(of: #"ct[0-9a-f]+-"#, with: "", options: .regularExpression)
                == plain.stdout.replacingOccurrences(of: #"ct[0-9a-f]+-"#, with: "", options: .regularExpression))
    }

    /// `--picture` leaves a `<picture>` the author wrote as it is, each of its addresses drawn
    /// as shields draws it in place (it nested a `<picture>` in it, so the author's dark badge
    /// was never shown, and `--check` failed right after); a bare badge still gets its pair.
    @Test func anAuthorsPictureIsLeftAsItIs() throws {
        let scratch = try scratchFolder("readme-authors-picture")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let readme = """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="https://img.shields.io/badge/build-passing-2ea043?labelColor=222">
              <img alt="build" src="https://img.shields.io/badge/build-passing-brightgreen">
            </picture>

            ![tests](https://img.shields.io/badge/tests-42-blue)

            """
        try Data(readme.utf8).write(to: scratch.appendingPathComponent("README.md"))
        let run = try Self.offline(["readme-badges", "README.md", "--picture"], in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        let rewritten = try String(contentsOf: scratch.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(rewritten.components(separatedBy: "<picture").count - 1 == 2, "\(rewritten)")
        #expect(rewritten.hasPrefix("<picture>\n  <source media=\"(prefers-color-scheme: dark)\" srcset=\"badges/build-passing-"), "\(rewritten)")
        #expect(!rewritten.contains("img.shields.io"))
        let check = try Self.offline(["readme-badges", "README.md", "--picture", "--check"], in: scratch)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// An address's character references are read as a browser reads them, every name of
    /// HTML's list: `&nbsp;` is U+00A0 (it was drawn as the six characters), `&eacute;` é.
    /// The table is what Tools/html_entities.py makes from Python's list, byte for byte.
    @Test func namedCharacterReferencesAreHTMLs() throws {
        let scratch = try scratchFolder("readme-entities")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data(#"<img src="https://img.shields.io/badge/made&nbsp;with-caf&eacute;&#x21;-blue?style=flat&amp;logo=github">"#.utf8 + [0x0A])
            .write(to: scratch.appendingPathComponent("README.md"))
        #expect(try Self.offline(["readme-badges", "README.md"], in: scratch).status == 0)
        let badges = scratch.appendingPathComponent("badges")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: badges.path).first { $0.hasSuffix(".svg") })
        let svg = try String(contentsOf: badges.appendingPathComponent(name), encoding: .utf8)
        #expect(svg.contains("aria-label=\"made\u{A0}with: café!\""), "\(svg.prefix(400))")
        let made = scratch.appendingPathComponent("HTMLEntities.swift")
        let run = try shell("python3 Tools/html_entities.py '\(made.path)'", in: packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: made) == Data(contentsOf: packageRoot.appendingPathComponent("Sources/CurveType/HTMLEntities.swift")),
                "Sources/CurveType/HTMLEntities.swift is not what Tools/html_entities.py makes")
    }

    /// A README drawn before is drawn again in the look asked for now: `--theme dark` redraws
    /// each file in it (the README unchanged), `--picture` turns each image into a light and a
    /// dark file in a `<picture>`, and a second run changes nothing. Both said "0 badges shown"
    /// and did nothing.
    @Test func aDrawnReadmeTakesANewLook() throws {
        let scratch = try scratchFolder("readme-look")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let readme = scratch.appendingPathComponent("README.md")
        try Data("![a](https://img.shields.io/badge/a-b-blue)\n<img alt=\"c\" src=\"https://img.shields.io/badge/c-d-green\">\n".utf8).write(to: readme)
        #expect(try Self.offline(["readme-badges", "README.md"], in: scratch).status == 0)
        let drawn = try String(contentsOf: readme, encoding: .utf8)
        let badges = scratch.appendingPathComponent("badges")
        func files() throws -> [String: Data] {
            var found: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: badges.path) where name.hasSuffix(".svg") {
                found[name] = try Data(contentsOf: badges.appendingPathComponent(name))
            }
            return found
        }
        let shields = try files()
        let dark = try Self.offline(["readme-badges", "README.md", "--theme", "dark"], in: scratch)
        #expect(dark.stdout.contains("2 badges shown from 2 files") && dark.stdout.contains("README.md unchanged"), "\(dark.stdout)")
        #expect(try String(contentsOf: readme, encoding: .utf8) == drawn)
        let redrawn = try files()
        #expect(redrawn.keys == shields.keys && redrawn.allSatisfy { shields[$0.key] != $0.value }, "every file redrawn dark")
        let expectedDark = try curvetype(["badge", "--label", "a", "--message", "b", "--message-color", "blue", "--theme", "dark"]).stdout
        let darkA = try #require(redrawn.first { $0.key.hasPrefix("a-b-") })
        #expect(String(decoding: darkA.value, as: UTF8.self).replacingOccurrences(of: #"ct[0-9a-f]+-"#, with: "", options: .regularExpression)
                == expectedDark.replacingOccurrences(of: #"ct[0-9a-f]+-"#, with: "", options: .regularExpression))
        #expect(try Self.offline(["readme-badges", "README.md", "--theme", "dark", "--check"], in: scratch).status == 0)
        let picture = try Self.offline(["readme-badges", "README.md", "--picture"], in: scratch)
        #expect(picture.stdout.contains("2 badges shown from 4 files") && picture.stdout.contains("rewritten"), "\(picture.stdout)")
        let pictured = try String(contentsOf: readme, encoding: .utf8)
        #expect(pictured.components(separatedBy: "<picture><source media=\"(prefers-color-scheme: dark)\"").count == 3, "\(pictured)")
        let again = try Self.offline(["readme-badges", "README.md", "--picture"], in: scratch)
        #expect(again.stdout.contains("2 badges shown from 4 files") && again.stdout.contains("unchanged"), "\(again.stdout)")
        #expect(try String(contentsOf: readme, encoding: .utf8) == pictured)
        #expect(try Self.offline(["readme-badges", "README.md", "--picture", "--check"], in: scratch).status == 0)
    }

    /// A badge drawn with fonts other than the bundled ones (an emoji's fallback) names them
    /// in the manifest, and `--check` on a machine that draws it with other fonts says so
    /// beside the file, so a CI runner's difference reads as the machine's, not the README's.
    @Test func checkNamesTheFontsABadgeWasDrawnWith() throws {
        let scratch = try scratchFolder("readme-fonts")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data("![a](https://img.shields.io/badge/deploy-%F0%9F%9A%80%20ok-blue)\n![b](https://img.shields.io/badge/a-b-blue)\n".utf8)
            .write(to: scratch.appendingPathComponent("README.md"))
        #expect(try Self.offline(["readme-badges", "README.md"], in: scratch).status == 0)
        let manifestFile = scratch.appendingPathComponent("badges/curvetype-badges.json")
        let manifest = try String(contentsOf: manifestFile, encoding: .utf8)
        let entries = manifest.split(separator: "\n").filter { $0.contains("\"file\"") }
        #expect(entries.count == 2)
        let emoji = try #require(entries.first { $0.contains("deploy") })
        #expect(emoji.contains("\"fonts\": [\"") && !(entries.first { $0.contains("a-b-") } ?? "").contains("fonts"), "\(manifest)")
        // As if drawn on a machine with another emoji font.
        let found = try #require(emoji.range(of: #"(?<=\"fonts\": \[\")[^\"]+"#, options: .regularExpression))
        let here = String(emoji[found])
        try Data(manifest.replacingOccurrences(of: "\"\(here)\"", with: "\"Segoe UI Emoji Regular\"").utf8).write(to: manifestFile)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("badges").path).first { $0.hasPrefix("deploy") })
        try Data("<svg/>".utf8).write(to: scratch.appendingPathComponent("badges/" + name))
        let check = try Self.offline(["readme-badges", "README.md", "--check"], in: scratch)
        #expect(check.status == 1 && check.stdout.contains("differs: badges/\(name) (drawn with Segoe UI Emoji Regular; this machine draws it with \(here))"), "\(check.stdout)")
    }

    /// A manifest past 1 MiB (10,000 badges, or a few hundred long addresses) is read again: a
    /// rerun and `--check` refused it, and CI stayed red until the folder was deleted.
    @Test func largeManifestsAreReadAgain() throws {
        let scratch = try scratchFolder("readme-many")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let long = String(repeating: "9", count: 3_000)
        let readme = (0..<400).map { "![b](https://img.shields.io/badge/item-\($0)-blue?cacheSeconds=\(long))" }.joined(separator: "\n") + "\n"
        try Data(readme.utf8).write(to: scratch.appendingPathComponent("README.md"))
        #expect(try Self.offline(["readme-badges", "README.md", "--quiet"], in: scratch).status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: scratch.appendingPathComponent("badges/curvetype-badges.json").path)[.size] as? Int)
        #expect(size > 1 << 20)
        let check = try Self.offline(["readme-badges", "README.md", "--check", "--quiet"], in: scratch)
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Two READMEs rewritten with --picture, byte for byte as expected/ holds them.
    @Test(arguments: ["wltjr+ephoto", "danielsaidi+BadgeIcon"])
    func pictureRewritesAreGolden(_ folder: String) throws {
        let scratch = try scratchFolder("readme-picture")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let work = scratch.appendingPathComponent(folder)
        try FileManager.default.copyItem(at: Self.corpus.appendingPathComponent(folder), to: work)
        #expect(try Self.offline(["readme-badges", "README.md", "--picture"], in: work).status == 0)
        let expected = try String(contentsOf: Self.corpus.appendingPathComponent("expected/\(folder).md"), encoding: .utf8)
        #expect(try String(contentsOf: work.appendingPathComponent("README.md"), encoding: .utf8) == expected)
    }
}
