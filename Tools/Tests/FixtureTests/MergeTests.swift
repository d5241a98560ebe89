import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing

/// `curvetype merge`: the certificate template of Fixtures/merge filled from CSV and JSON lines,
/// its gate, its manifest, reruns and shards, run as a user runs it.
@Suite struct MergeTests {
    let template = fixtures.appendingPathComponent("merge/certificate.svg").path
    let people = fixtures.appendingPathComponent("merge/people.csv").path

    func scratch(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curvetype-merge-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A template of one slot, reading the column `name`, written into `folder`: its path.
    func nameTemplate(in folder: URL) throws -> String {
        let template = folder.appendingPathComponent("t.svg").path
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="10" y="50" data-field="name">N</text></svg>"#.utf8)
            .write(to: URL(fileURLWithPath: template))
        return template
    }

    func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func certificatesAreWrittenWithAManifestAndRerunTheSame() throws {
        let folder = try scratch("certificates")
        func run(_ threads: String, _ out: String) throws -> RunResult {
            try curvetype(["merge", template, "--data", people, "--output", folder.path + "/\(out)/{id}.pdf",
                           "--manifest", folder.path + "/\(out)/manifest.tsv", "--threads", threads])
        }
        let first = try run("2", "a")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(files(folder.appendingPathComponent("a")) == ["ada.pdf", "grace.pdf", "manifest.tsv", "mk.pdf"])
        // The manifest's digests are what sha256sum says of each file.
        let manifest = try String(contentsOf: folder.appendingPathComponent("a/manifest.tsv"), encoding: .utf8)
        let lines = manifest.split(separator: "\n")
        #expect(lines.count == 3)
        for (line, row) in zip(lines, [2, 3, 4]) {
            let parts = line.split(separator: "\t").map(String.init)
            #expect(parts.count == 3 && parts[0] == String(row))
            let sum = try runProcess("/usr/bin/sha256sum", [parts[2]])
            #expect(String(decoding: sum.stdout, as: UTF8.self).hasPrefix(parts[1] + " "))
        }
        // The pages are PDFs whose text a reader finds (the text layer).
        let pdf = try Data(contentsOf: folder.appendingPathComponent("a/grace.pdf"))
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        // Another run, on one thread: the same bytes, file for file, and the same manifest
        // (but for the folder's name in it).
        let second = try run("1", "b")
        #expect(second.status == 0, "\(second.stderr)")
        for name in ["ada.pdf", "grace.pdf", "mk.pdf"] {
            let same = try Data(contentsOf: folder.appendingPathComponent("a/\(name)")) == Data(contentsOf: folder.appendingPathComponent("b/\(name)"))
            #expect(same, "\(name)")
        }
        let rerun = try String(contentsOf: folder.appendingPathComponent("b/manifest.tsv"), encoding: .utf8)
        #expect(rerun.replacingOccurrences(of: "/b/", with: "/a/") == manifest)
    }

    /// A name without a {COLUMN} is one PDF of a page a row: valid (qpdf), each page the row's
    /// text in order (pdftotext), the same bytes again; other formats and shards refuse it.
    /// No page and no manifest may be an input: `--output '{name}.svg'` with a row `t` replaced
    /// the template `t.svg`, and `--manifest r.csv` the data, with exit 0.
    @Test func inputsAreNeverOutputs() throws {
        let folder = try scratch("inputs")
        let template = folder.appendingPathComponent("t.svg").path, data = folder.appendingPathComponent("r.csv").path
        let page = #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="10" y="50" data-field="name">N</text></svg>"#
        try Data(page.utf8).write(to: URL(fileURLWithPath: template))
        try Data("name\nt\n".utf8).write(to: URL(fileURLWithPath: data))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.svg").path, withDestinationPath: template)
        for (output, manifest, says) in [(folder.path + "/{name}.svg", nil, "its page"), (folder.path + "/./{name}.svg", nil, "its page"),
                                         (folder.path + "/out/{name}.svg", data, "the manifest"), (folder.path + "/{name}.pdf", nil, ""),
                                         (folder.path + "/link.pdf", nil, ""), (folder.path + "/out/{name}.svg", folder.path + "/link.svg", "the manifest")] {
            let result = try curvetype(["merge", template, "--data", data, "--output", output] + (manifest.map { ["--manifest", $0] } ?? []))
            if output.hasSuffix("{name}.pdf") || output.hasSuffix("link.pdf") { continue }
            #expect(result.status == 1 && result.stderr.contains("a file the merge reads") && result.stderr.contains(says), "\(output): \(result.stderr)")
        }
        #expect(try String(contentsOf: URL(fileURLWithPath: template), encoding: .utf8) == page)
        #expect(try String(contentsOf: URL(fileURLWithPath: data), encoding: .utf8) == "name\nt\n")
    }

    /// Every target, the manifest's too, is checked before the first page, and a late failure
    /// puts every page back: a manifest that is the pages' folder, or `/dev/full`, left the
    /// pages behind.
    @Test func theManifestIsAllOrNone() throws {
        let folder = try scratch("manifest")
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: out.appendingPathComponent("ada.pdf"))
        func run(_ manifest: String) throws -> RunResult {
            try curvetype(["merge", template, "--data", people, "--output", out.path + "/{id}.pdf", "--manifest", manifest])
        }
        // Refused before any page: the pages' folder, a folder where a file's folder goes.
        for manifest in [out.path, out.path + "/ada.pdf/m.tsv"] {
            let result = try run(manifest)
            #expect(result.status == 1, "\(manifest): \(result.stderr)")
            #expect(files(out) == ["ada.pdf"] && (try? String(contentsOf: out.appendingPathComponent("ada.pdf"), encoding: .utf8)) == "old")
        }
        // Failing at the end, after every page: each put back as it was.
        let full = try run("/dev/full")
        #expect(full.status == 1 && full.stderr.contains("/dev/full"), "\(full.stderr)")
        #expect(files(out) == ["ada.pdf"], "\(files(out))")
        #expect((try? String(contentsOf: out.appendingPathComponent("ada.pdf"), encoding: .utf8)) == "old")
    }

    /// An interrupt puts back what a merge wrote (the pages of a run whose manifest was never
    /// written), and removes its temporary files. The manifest is a FIFO no one reads, so the
    /// merge waits there, every page written, for the signal: no clock decides what it did.
    @Test func anInterruptedMergePutsItsPagesBack() throws {
        let folder = try scratch("interrupt")
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: out.appendingPathComponent("ada.svg"))
        let fifo = folder.appendingPathComponent("manifest").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: curvetypeBinary)
        process.arguments = ["merge", template, "--data", people, "--output", out.path + "/{id}.svg", "--manifest", fifo]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Every page is in place (renamed, the old one kept aside) before the manifest waits.
        var waited = 0
        while files(out).filter({ !$0.hasPrefix(".") }).count < 3 && waited < 6000 { usleep(10_000); waited += 1 }
        #expect(files(out).filter { !$0.hasPrefix(".") } == ["ada.svg", "grace.svg", "mk.svg"])
        process.interrupt()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(said)")
        #expect(said.contains("interrupted") && said.contains("3 files put back"), "\(said)")
        #expect(files(out) == ["ada.svg"], "\(files(out))")
        #expect((try? String(contentsOf: out.appendingPathComponent("ada.svg"), encoding: .utf8)) == "old")
    }

    /// What a killed run left (its temporary files, named by its process id) is removed by the
    /// next run and said; another process's, and every other file, stay.
    @Test func staleTemporaryFilesAreRemoved() throws {
        let folder = try scratch("stale")
        let readme = folder.appendingPathComponent("README.md")
        try Data("![build](https://img.shields.io/badge/build-passing-brightgreen)\n".utf8).write(to: readme)
        let badges = folder.appendingPathComponent("badges")
        try FileManager.default.createDirectory(at: badges, withIntermediateDirectories: true)
        // A process that has ended: its id is no one's now.
        let ended = try runProcess("/bin/sh", ["-c", "echo $$"])
        let dead = String(decoding: ended.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let planted = [".curvetype.\(dead).1.tmp", ".curvetype.\(dead).2.old", ".curvetype.\(getpid()).3.tmp", ".curvetype.x.4.tmp", "notes.tmp"]
        for name in planted { try Data("x".utf8).write(to: badges.appendingPathComponent(name)) }
        let result = try curvetype(["readme-badges", readme.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("removed 2 temporary files"), "\(result.stdout)")
        let left = files(badges)
        #expect(!left.contains(planted[0]) && !left.contains(planted[1]))
        #expect(left.contains(planted[2]) && left.contains(planted[3]) && left.contains(planted[4]))
    }

    /// CSV is bounded as it is read: a 30 MB cell was read whole before the slot refused it
    /// (4.5 CPU s), a million columns took 4 s, and a million blank lines made a million empty
    /// pages. The rows before a bound are read; the row that passes it is named.
    @Test func csvIsBoundedAsItIsRead() throws {
        let folder = try scratch("csv")
        let template = try nameTemplate(in: folder)
        func merge(_ csv: [UInt8]) throws -> (RunResult, [String]) {
            let data = folder.appendingPathComponent("rows.csv")
            try Data(csv).write(to: data)
            let out = folder.appendingPathComponent("out")
            try? FileManager.default.removeItem(at: out)
            let result = try curvetype(["merge", template, "--data", data.path, "--output", out.path + "/{row}.svg"])
            return (result, files(out))
        }
        let cell = try merge(Array("name\nAda\r\n\"Bob\"\n".utf8) + [UInt8](repeating: 0x78, count: 30_000_000) + Array("\n".utf8))
        #expect(cell.0.status == 1 && cell.0.stderr.contains("row 4: a field is longer than 64 KiB"), "\(cell.0.stderr)")
        let columns = try merge(Array(((0..<1_000_000).map { "c\($0)" }.joined(separator: ",") + "\n").utf8))
        #expect(columns.0.status == 1 && columns.0.stderr.contains("row 1: more than 16384 fields"), "\(columns.0.stderr)")
        let quoted = try merge(Array("name\n\"a,\nb\"\n".utf8) + Array(repeating: UInt8(ascii: ","), count: 20_000) + Array("\n".utf8))
        #expect(quoted.0.status == 1 && quoted.0.stderr.contains("row 3: more than 16384 fields"), "\(quoted.0.stderr)")
        // Blank lines hold no rows, as spreadsheet programs read them.
        let blank = try merge(Array("name\nAda\n".utf8) + [UInt8](repeating: 0x0A, count: 100_000) + Array("Bob\r\n\r\n".utf8))
        #expect(blank.0.status == 0, "\(blank.0.stderr)")
        #expect(blank.1 == ["100003.svg", "2.svg"], "\(blank.1)")
    }

    /// JSON lines rows are read as badges read JSON, as JavaScript does: a key given twice keeps
    /// its last value (its first was kept), a lone surrogate is U+FFFD (it refused the row), a
    /// number is written as JavaScript writes it (1.5e-7, not 1.5e-07).
    @Test func jsonLinesAreReadAsJavaScriptReadsThem() throws {
        let folder = try scratch("jsonl-reading")
        let template = try nameTemplate(in: folder)
        let data = folder.appendingPathComponent("rows.jsonl")
        try Data(#"{"name": "first", "name": "last", "n": 1.5e-7, "s": "\ud800x", "b": true, "z": null}"#.utf8).write(to: data)
        let result = try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/out/{name} {n} {s} {b}.svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files(folder.appendingPathComponent("out")) == ["last 1.5e-7 \u{FFFD}x true.svg"])
    }

    /// Excel's UTF-16 CSV is named as what it is (it read as a missing column "i\u{0}d\u{0}"),
    /// and a control character in a value is refused by name (NUL and ESC were dropped).
    @Test func utf16AndControlCharactersAreNamed() throws {
        let folder = try scratch("controls")
        let template = try nameTemplate(in: folder)
        func merge(_ bytes: [UInt8], _ ext: String = "csv") throws -> RunResult {
            let data = folder.appendingPathComponent("rows.\(ext)")
            try Data(bytes).write(to: data)
            return try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/out/{row}.svg"])
        }
        let utf16le: [UInt8] = [0xFF, 0xFE] + Array("name\nAda\n".utf8).flatMap { [$0, 0] }
        let utf16be: [UInt8] = Array("name\nAda\n".utf8).flatMap { [0, $0] }
        for bytes in [utf16le, utf16be] {
            let run = try merge(bytes)
            #expect(run.status == 1 && run.stderr.contains("row 1: it holds NUL bytes: it is UTF-16 text"), "\(run.stderr)")
        }
        let nul = try merge(Array("name\nAda\nB".utf8) + [0] + Array("b\n".utf8))
        #expect(nul.status == 1 && nul.stderr.contains("row 3: it holds a NUL byte"), "\(nul.stderr)")
        let escape = try merge(Array("name\nA\u{1B}da\n".utf8))
        #expect(escape.status == 1 && escape.stderr.contains("row 2: the column \"name\" holds the control character U+001B"), "\(escape.stderr)")
        let json = try merge(Array(#"{"name": "A\u0000da"}"#.utf8), "jsonl")
        #expect(json.status == 1 && json.stderr.contains("row 1: the column \"name\" holds the control character U+0000"), "\(json.stderr)")
        // A tab and a line feed in a value are text.
        let tab = try merge(Array("name\n\"A\tB\nC\"\n".utf8))
        #expect(tab.status == 0, "\(tab.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out/3.svg"))
    }

    /// The gate names every bad row in one run, each reason with its rows, bounded: 40 bad
    /// rows took 40 runs, one named a run.
    @Test func theGateNamesEveryBadRow() throws {
        let folder = try scratch("bad-rows")
        let template = try nameTemplate(in: folder)
        let data = folder.appendingPathComponent("rows.jsonl")
        var lines = [#"{"name": "Ada"}"#, #"{"nom": "Grace"}"#]
        lines += (0..<40).map { #"{"name": "A\u001bda \#($0)"}"# }
        lines += [#"{"name": "Mary"}"#, #"{"nom": "Kathleen"}"#]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: data)
        let run = try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/out/{row}.svg"])
        let said = run.stderr.trimmingCharacters(in: .newlines)
        #expect(run.status == 1 && !said.contains("\n"), "one line: \(said)")
        #expect(said.hasPrefix("curvetype: error: 42 rows cannot be drawn; rows 2 and 44: the name slot reads the column \"name\", which the row does not have")
                || said.hasPrefix("curvetype: error: 42 rows cannot be drawn; rows 2 and 44: "), "\(said)")
        #expect(said.contains("; rows 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 30 more: the column \"name\" holds the control character U+001B"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    /// `--glyphs selectable`: an SVG page carries its text under the outlines, the row's slots
    /// and the template's fixed texts alike (it had none); a PNG has no text, and is refused.
    @Test func selectablePagesCarryTheirText() throws {
        let folder = try scratch("selectable")
        let run = try curvetype(["merge", template, "--data", people, "--output", folder.path + "/{id}.svg", "--glyphs", "selectable"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("ada.svg"), encoding: .utf8)
        let layers = page.split(separator: "\n").filter { $0.hasPrefix("<text font-size=") && $0.contains("fill-opacity=\"0\"") }
            .map { $0.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression) }
        #expect(layers.contains("Ada Lovelace") && layers.contains("This certificate is presented to"), "\(layers)")
        let plain = try curvetype(["merge", template, "--data", people, "--output", folder.path + "/plain-{id}.svg"])
        let plainPage = try String(contentsOf: folder.appendingPathComponent("plain-ada.svg"), encoding: .utf8)
        #expect(plain.status == 0 && !plainPage.contains("fill-opacity=\"0\""))
        let png = try curvetype(["merge", template, "--data", people, "--output", folder.path + "/{id}.png", "--glyphs", "selectable"])
        #expect(png.status == 1 && png.stderr.contains("a PNG has no text") && !FileManager.default.fileExists(atPath: folder.path + "/ada.png"), "\(png.stderr)")
        let text = try curvetype(["merge", template, "--data", people, "--output", folder.path + "/{id}.svg", "--glyphs", "text"])
        #expect(text.status != 0 && text.stderr.contains("--glyphs selectable"), "\(text.stderr)")
    }

    /// An Inkscape swatch fill (a gradient of one colour, through its xlink:href) is its colour
    /// (it refused every row: "--text-color: not a colour"); a gradient of several is drawn in
    /// its first and a filter is not drawn, each said.
    @Test func swatchesAreDrawnAndWhatIsNotIsSaid() throws {
        let folder = try scratch("swatch")
        let template = folder.appendingPathComponent("t.svg").path
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="300" height="120" viewBox="0 0 300 120">
            <defs>
            <linearGradient id="swatch1" inkscape:swatch="solid"><stop style="stop-color:#1d4ed8;stop-opacity:1" offset="0"/></linearGradient>
            <linearGradient id="linearGradient2" inkscape:collect="always" xlink:href="#swatch1" x1="0" x2="100" gradientUnits="userSpaceOnUse"/>
            <linearGradient id="rainbow"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
            <filter id="shadow"><feGaussianBlur stdDeviation="2"/></filter>
            </defs>
            <text id="name" x="10" y="40" style="font-size:20px;fill:url(#linearGradient2)">{name}</text>
            <text id="title" x="10" y="80" style="font-size:20px;fill:url(#rainbow);filter:url(#shadow)">CERTIFIED</text>
            </svg>
            """.utf8).write(to: URL(fileURLWithPath: template))
        let data = folder.appendingPathComponent("r.csv")
        try Data("name\nAda\n".utf8).write(to: data)
        let run = try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/{name}.svg"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("Ada.svg"), encoding: .utf8)
        #expect(page.contains("fill=\"#1d4ed8\"") && page.contains("fill=\"red\""))
        #expect(run.stderr.contains("#title: its filter (url(#shadow)) is not drawn") && run.stderr.contains("#title: its gradient fill is drawn in its first colour, red"), "\(run.stderr)")
    }

    /// A slot's `data-options` that say how a page is written are the template's fault, said
    /// of the slot before any row (a drawing slot's `--format png` refused every row, blaming
    /// "rows 2 and 3").
    @Test func pageOptionsInASlotBlameTheSlot() throws {
        let folder = try scratch("page-options")
        let data = folder.appendingPathComponent("r.csv")
        try Data("name\nAda\nBob\n".utf8).write(to: data)
        for option in ["--format png", "--scale 2", "--precision 3", "--id-prefix p", "--frame-time 1"] {
            let template = folder.appendingPathComponent("t.svg").path
            try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><rect id="stamp" x="10" y="10" width="100" height="100" data-curvetype="seal" data-options="--ring {name} \#(option)"/></svg>"#.utf8)
                .write(to: URL(fileURLWithPath: template))
            let run = try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/out/{name}.svg"])
            let flag = String(option.prefix { $0 != " " })
            #expect(run.status == 1 && run.stderr.contains("#stamp: data-options say how the page is written (\(flag))") && !run.stderr.contains("row"), "\(option): \(run.stderr)")
        }
    }

    @Test func oneDocumentOfEveryPage() throws {
        let folder = try scratch("document")
        let document = folder.appendingPathComponent("certificates.pdf").path
        let result = try curvetype(["merge", template, "--data", people, "--output", document, "--manifest", folder.path + "/manifest.tsv"])
        #expect(result.status == 0, "\(result.stderr)")
        let check = try runProcess("/usr/bin/qpdf", ["--check", document])
        #expect(check.status == 0, "\(String(decoding: check.stdout, as: UTF8.self))")
        let info = String(decoding: try runProcess("/usr/bin/pdfinfo", [document]).stdout, as: UTF8.self)
        #expect(info.contains("Pages:           3") && info.contains("Title:           certificates") && info.contains("841.89 x 595.276 pts"), "\(info)")
        for (page, name) in [(1, "Ada Lovelace"), (2, "Grace Brewster"), (3, "Mary Kenneth")] {
            let text = String(decoding: try runProcess("/usr/bin/pdftotext", ["-f", String(page), "-l", String(page), document, "-"]).stdout, as: UTF8.self)
            #expect(text.contains(name), "page \(page): \(text)")
        }
        let manifest = try String(contentsOfFile: folder.path + "/manifest.tsv", encoding: .utf8)
        #expect(manifest.hasPrefix("2\t") && manifest.hasSuffix("\t\(document)\n"))
        let first = try Data(contentsOf: URL(fileURLWithPath: document))
        #expect(try curvetype(["merge", template, "--data", people, "--output", document, "--threads", "1"]).status == 0)
        let same = try Data(contentsOf: URL(fileURLWithPath: document)) == first
        #expect(same)
        let svg = try curvetype(["merge", template, "--data", people, "--output", folder.path + "/all.svg"])
        #expect(svg.status == 1 && svg.stderr.contains("a SVG holds one page"), "\(svg.stderr)")
        let sharded = try curvetype(["merge", template, "--data", people, "--output", folder.path + "/all.pdf", "--shard", "0/2"])
        #expect(sharded.status == 1 && !FileManager.default.fileExists(atPath: folder.path + "/all.pdf"))
    }

    /// The README's certificate picture is what the merge draws now.
    @Test func theReadmesCertificateIsCurrent() throws {
        let folder = try scratch("readme")
        let result = try curvetype(["merge", template, "--data", people, "--output", folder.path + "/{id}.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let drawn = try Data(contentsOf: folder.appendingPathComponent("grace.png"))
        let shown = try Data(contentsOf: packageRoot.appendingPathComponent("Docs/gallery/certificate.png"))
        // A Bool: a failed == of two pictures would have the test library diff their bytes.
        let current = drawn == shown
        #expect(current, "Docs/gallery/certificate.png is stale: merge Fixtures/merge/people.csv to PNG and copy grace.png")
    }

    @Test func jsonLinesFillTheSameSlots() throws {
        let folder = try scratch("jsonl")
        let data = folder.appendingPathComponent("people.jsonl")
        try """
            {"id": "ada", "name": "Ada Lovelace", "org": "ANALYTICAL ENGINE SOCIETY", "course": "Notes on the Analytical Engine", "year": 1843}

            {"id": "alan", "name": "Alan Turing", "org": "KING'S COLLEGE", "course": "On Computable Numbers", "year": 1936}
            """.write(to: data, atomically: true, encoding: .utf8)
        let result = try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/out/{id}-{row}.svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files(folder.appendingPathComponent("out")) == ["ada-1.svg", "alan-3.svg"])
        // The CSV's Ada and the JSON line's are one page.
        let csv = try scratch("jsonl-csv")
        #expect(try curvetype(["merge", template, "--data", people, "--output", csv.path + "/{id}.svg"]).status == 0)
        let same = try Data(contentsOf: csv.appendingPathComponent("ada.svg")) == Data(contentsOf: folder.appendingPathComponent("out/ada-1.svg"))
        #expect(same)
    }

    /// Every refusal is one line naming the row (and the column), and nothing is written.
    @Test func theGateRefusesBadDataBeforeWritingAnything() throws {
        let folder = try scratch("gate")
        let header = "id,name,org,course,year\n"
        let good = "ok,Good Name,ORG,Course,2020\n"
        let cases: [(String, [UInt8], String)] = [
            ("unclosed quote", Array((header + good + "bad,\"Unclosed Name,ORG,Course,2020\nlast,Last,ORG,Course,2021\n").utf8), "row 3: a quoted field is never closed"),
            ("ragged row", Array((header + good + "bad,Name,ORG,2020\n").utf8), "row 3: 4 fields, but the header names 5 columns"),
            ("invalid UTF-8", Array((header + good).utf8) + Array("bad,N".utf8) + [0xFF, 0xFE] + Array("me,ORG,Course,2020\n".utf8), "row 3: not UTF-8"),
            ("missing column", Array("id,name,org,year\nok,Name,ORG,2020\n".utf8), "reads the column \"course\", which"),
            ("a glyph no font has", Array((header + good + "tofu,Name \u{10FFFD},ORG,Course,2020\n").utf8), "row 3: column \"name\""),
            ("a name on two rows", Array((header + good + good).utf8), "row 3: its page"),
            ("no rows", Array(header.utf8), "has no rows"),
        ]
        // A pipe gives its rows once: refused, never waited on.
        let fifo = folder.appendingPathComponent("rows.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = try curvetype(["merge", template, "--data", fifo, "--output", folder.path + "/out/{id}.pdf"])
        #expect(piped.status == 1 && piped.stderr.contains("must be a regular file"), "\(piped.stderr)")
        for (what, bytes, expected) in cases {
            let data = folder.appendingPathComponent("data.csv")
            try Data(bytes).write(to: data)
            let out = folder.appendingPathComponent("out")
            try? FileManager.default.removeItem(at: out)
            let result = try curvetype(["merge", template, "--data", data.path, "--output", out.path + "/{id}.pdf", "--manifest", out.path + "/manifest.tsv"])
            #expect(result.status == 1, "\(what)")
            #expect(result.stderr.hasPrefix("curvetype: error: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(what): \(result.stderr)")
            #expect(result.stderr.contains(expected), "\(what): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path), "\(what): something was written")
        }
    }

    /// The torture set: long names, other scripts, emoji and an empty field all fit their slots
    /// (the merge refuses a row whose text runs past its slot, so a written page has none).
    @Test func longNamesAndEveryScriptFitTheirSlots() throws {
        let folder = try scratch("torture")
        let long = String(repeating: "Maximiliana Wolfeschlegelsteinhausen ", count: 4).prefix(120)
        let rows = [
            ("long", String(long), String(long.uppercased().prefix(60)), String(long.prefix(60))),
            ("cjk", "山田太郎", "東京大学", "情報科学の基礎"),
            ("arabic", "محمد بن موسى الخوارزمي", "بيت الحكمة", "الجبر والمقابلة"),
            ("hebrew", "עדה לאבלייס", "האוניברסיטה העברית", "מבוא למדעי המחשב"),
            ("devanagari", "आर्यभट", "नालंदा विश्वविद्यालय", "गणित का इतिहास"),
            ("emoji", "Ada 🎉", "SOCIETY ✨", "Notes 📜"),
            ("empty", "", "ORG", "Course"),
        ]
        var csv = "id,name,org,course,year\n"
        for (id, name, org, course) in rows { csv += "\(id),\"\(name)\",\"\(org)\",\"\(course)\",2026\n" }
        let data = folder.appendingPathComponent("torture.csv")
        try csv.write(to: data, atomically: true, encoding: .utf8)
        let result = try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/out/{id}.svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files(folder.appendingPathComponent("out")).count == rows.count)
        // A slot that refuses to shrink refuses the long row, naming it and its column.
        let strict = try String(contentsOfFile: template, encoding: .utf8)
            .replacingOccurrences(of: "data-field=\"course\" data-overflow=\"shrink\"", with: "data-field=\"course\" data-overflow=\"refuse\"")
        let strictTemplate = folder.appendingPathComponent("strict.svg")
        try strict.write(to: strictTemplate, atomically: true, encoding: .utf8)
        let refused = try curvetype(["merge", strictTemplate.path, "--data", data.path, "--output", folder.path + "/strict/{id}.svg"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("column \"course\" (#course): the text is"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/strict"))
    }

    /// `data-share-size="document"`: the slot at one size on every page, the smallest any row
    /// needs (seed 002's shared size); without it each row fills its box.
    @Test func aSizeSharedByTheDocument() throws {
        let folder = try scratch("shared")
        let label = try String(contentsOf: fixtures.appendingPathComponent("merge/label.svg"), encoding: .utf8)
        let shared = folder.appendingPathComponent("shared.svg")
        try label.replacingOccurrences(of: "data-field=\"name\"", with: "data-field=\"name\" data-share-size=\"document\"")
            .write(to: shared, atomically: true, encoding: .utf8)
        let data = folder.appendingPathComponent("names.csv")
        try "id,name\na,Al\nb,Maximiliana Wolf\nc,Bo\n".write(to: data, atomically: true, encoding: .utf8)
        /// The glyphs' scale in a page (the first `scale(k -k)` of its glyph definitions).
        func scale(_ path: String) throws -> String {
            let svg = try String(contentsOfFile: path, encoding: .utf8)
            guard let range = svg.range(of: #"scale\([0-9.]+ -[0-9.]+\)"#, options: .regularExpression) else { return "" }
            return String(svg[range])
        }
        #expect(try curvetype(["merge", shared.path, "--data", data.path, "--output", folder.path + "/shared/{id}.svg"]).status == 0)
        #expect(try curvetype(["merge", fixtures.appendingPathComponent("merge/label.svg").path, "--data", data.path, "--output", folder.path + "/own/{id}.svg"]).status == 0)
        let sharedScales = try ["a", "b", "c"].map { try scale(folder.path + "/shared/\($0).svg") }
        let ownScales = try ["a", "b", "c"].map { try scale(folder.path + "/own/\($0).svg") }
        #expect(Set(sharedScales).count == 1 && sharedScales[0] == ownScales[1], "\(sharedScales) \(ownScales)")
        #expect(ownScales[0] != ownScales[1], "\(ownScales)")
    }

    /// N processes on one machine, each its shard: every row written once, and the shards'
    /// manifests, merged, are the whole run's.
    @Test func shardsRenderEveryRowExactlyOnce() throws {
        let folder = try scratch("shards")
        var csv = "id,name,org,course,year\n"
        for i in 1...11 { csv += "p\(i),Person Number \(i),ORG \(i),Course \(i),20\(10 + i)\n" }
        let data = folder.appendingPathComponent("rows.csv")
        try csv.write(to: data, atomically: true, encoding: .utf8)
        let whole = try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/whole/{id}.svg", "--manifest", folder.path + "/whole.tsv"])
        #expect(whole.status == 0, "\(whole.stderr)")
        // Three shards at once, one of them given its index as Kubernetes gives it.
        let processes: [(args: [String], environment: [String: String])] = (0..<3).map { index in
            let shard = index == 2 ? ["--shard", "3"] : ["--shard", "\(index)/3"]
            return (["merge", template, "--data", data.path, "--output", folder.path + "/shards/{id}.svg",
                     "--manifest", folder.path + "/shard-\(index).tsv"] + shard, index == 2 ? ["JOB_COMPLETION_INDEX": "2"] : [:])
        }
        let results = try processes.map { try runProcess(curvetypeBinary, $0.args, environment: $0.environment) }
        for result in results { #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))") }
        var merged: [(Int, String)] = []
        for index in 0..<3 {
            let text = try String(contentsOfFile: folder.path + "/shard-\(index).tsv", encoding: .utf8)
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "\t")
                merged.append((Int(parts[0]) ?? 0, String(line).replacingOccurrences(of: "/shards/", with: "/whole/")))
            }
        }
        #expect(merged.count == 11)
        #expect(Set(merged.map(\.0)).count == 11, "a row rendered twice")
        let sorted = merged.sorted { $0.0 < $1.0 }.map { $0.1 + "\n" }.joined()
        #expect(sorted == (try String(contentsOfFile: folder.path + "/whole.tsv", encoding: .utf8)))
        #expect(files(folder.appendingPathComponent("shards")) == files(folder.appendingPathComponent("whole")))

        // A shard past N, and an index given twice with different values, are refused.
        let past = try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/x/{id}.svg", "--shard", "3/3"])
        #expect(past.status == 1 && past.stderr.contains("must be from 0 to 2"), "\(past.stderr)")
        let twice = try runProcess(curvetypeBinary, ["merge", template, "--data", data.path, "--output", folder.path + "/x/{id}.svg", "--shard", "1/3"],
                                   environment: ["JOB_COMPLETION_INDEX": "2"])
        #expect(twice.status == 1 && String(decoding: twice.stderr, as: UTF8.self).contains("the shard is given twice"))
        let repeated = try curvetype(["merge", template, "--data", data.path, "--output", folder.path + "/x/{id}.svg", "--shard", "1/3", "--shard", "2/3"])
        #expect(repeated.status == 64, "\(repeated.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x"))
    }

    /// A merge is a batch job too: its pages and manifest written beside the drawings' files,
    /// and `batch --check` compares every page (a golden set of certificates in CI) and says
    /// which differ or are missing. Its options are `merge`'s, the template by name.
    @Test func aMergeIsABatchJob() throws {
        let folder = try scratch("batch")
        let jobs = folder.appendingPathComponent("jobs.jsonl").path
        let out = folder.path + "/certs"
        try Data("""
            {"command": "badge", "label": "build", "message": "passing", "output": "\(folder.path)/badge.svg"}
            {"command": "merge", "template": "\(template)", "data": "\(people)", "output": "\(out)/{id}.svg", "manifest": "\(out)/manifest.tsv"}

            """.utf8).write(to: URL(fileURLWithPath: jobs))
        let run = try curvetype(["batch", jobs])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files(URL(fileURLWithPath: out)) == ["ada.svg", "grace.svg", "manifest.tsv", "mk.svg"])
        // The same pages as `merge` writes.
        let alone = try curvetype(["merge", template, "--data", people, "--output", folder.path + "/alone/{id}.svg"])
        #expect(alone.status == 0)
        for name in ["ada.svg", "grace.svg", "mk.svg"] {
            let same = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)) == Data(contentsOf: URL(fileURLWithPath: folder.path + "/alone/" + name))
            #expect(same, "\(name)")
        }
        let fresh = try curvetype(["batch", jobs, "--check"])
        #expect(fresh.status == 0 && fresh.stdout.isEmpty, "\(fresh.stdout)\(fresh.stderr)")
        // A page changed and a page lost: both listed, and the run fails.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: out + "/ada.svg"))
        handle.seekToEndOfFile()
        handle.write(Data("<!-- -->".utf8))
        try handle.close()
        try FileManager.default.removeItem(atPath: out + "/mk.svg")
        let stale = try curvetype(["batch", jobs, "--check"])
        #expect(stale.status == 1)
        #expect(stale.stdout == "differs: \(out)/ada.svg\nmissing: \(out)/mk.svg\n", "\(stale.stdout)")
        #expect(stale.stderr.contains("2 of 5 files are not up to date"), "\(stale.stderr)")
        // A merge job needs its files, takes merge's options only, and claims its pattern.
        try Data("""
            {"command": "merge", "template": "\(template)", "output": "\(out)/{id}.svg"}
            {"command": "merge", "template": "\(template)", "data": "\(people)", "output": "\(out)/{id}.svg", "colour": "red"}
            {"command": "merge", "template": "\(template)", "data": "\(people)", "output": "\(out)/{id}.svg"}
            {"command": "merge", "template": "\(template)", "data": "\(people)", "output": "\(out)/{id}.svg"}

            """.utf8).write(to: URL(fileURLWithPath: jobs))
        let bad = try curvetype(["batch", jobs, "--check"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("job 1: give the merge job a \"template\", \"data\" and \"output\""), "\(bad.stderr)")
        #expect(bad.stderr.contains("job 2: \"colour\" is not an option of merge"), "\(bad.stderr)")
        #expect(bad.stderr.contains("job 4: cannot write \(out)/{id}.svg: job 3 already names this file"), "\(bad.stderr)")
    }
}
