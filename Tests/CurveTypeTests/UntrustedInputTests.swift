@testable import CurveType
import Foundation
import TestSupport
import Testing

/// Untrusted input is data, never a key: through a template's `data-options` and font family,
/// a row's value and a query, no option names a file, whatever command declares it; a template
/// the user trusts reads under one folder only. (The server's routes are tried the same way in
/// Tools/Tests/ServerTests, `untrustedDoorsReadNoFile`.)
@Suite struct UntrustedInputTests {
    /// Rows held in memory, with the columns they name.
    final class Rows: MergeRowReader {
        let rows: [[String: String]]
        var index = 0
        init(_ rows: [[String: String]]) { self.rows = rows }
        var columns: [String]? { rows.first.map { Array($0.keys).sorted() } }
        func next() throws(CurveTypeError) -> MergeRow? {
            defer { index += 1 }
            return index < rows.count ? MergeRow(number: index + 2, values: rows[index]) : nil
        }
    }

    /// A scratch folder holding a planted secret (JSON, so that --json and --endpoint would
    /// read it whole) and a font, and a folder beside it.
    struct Scratch {
        let root: URL
        let secret: String
        let trusted: URL
        static let planted = "PLANTED-SECRET-5c1e"

        init(_ name: String) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("curvetype-\(name)-\(getpid())")
            try? FileManager.default.removeItem(at: root)
            trusted = root.appendingPathComponent("trusted")
            try FileManager.default.createDirectory(at: trusted, withIntermediateDirectories: true)
            secret = root.appendingPathComponent("secret.json").path
            try Data(#"{"v": "\#(Self.planted)", "schemaVersion": 1, "label": "\#(Self.planted)", "message": "\#(Self.planted)"}"#.utf8)
                .write(to: URL(fileURLWithPath: secret))
        }
    }

    /// The slot element that a command's drawing or text fits.
    static func shape(_ command: String) -> String {
        switch command {
        case "circle": #"circle cx="200" cy="200" r="100""#
        case "path": #"path d="M10 200 L390 200""#
        default: #"rect x="0" y="0" width="200" height="100""#
        }
    }

    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// The merge's first page, or its error's line.
    static func preview(_ template: String, _ rows: [[String: String]], reads: FileAccess = Merge.untrustedTemplate) -> Result<String, CurveTypeError> {
        do throws(CurveTypeError) {
            var merge = Merge(template: try MergeTemplate(svg: Array(template.utf8)), data: MergeData(name: "rows") { () throws(CurveTypeError) in Rows(rows) },
                              output: "{row}.svg")
            merge.templateReads = reads
            let pages = try merge.previews(count: 1)
            guard let first = pages.pages.first else { return .success("") }
            return .success(try first.svg)
        } catch {
            return .failure(error)
        }
    }

    /// Every option declared a file, a font or a logo, of every drawing command: its
    /// command-line name and kind.
    static var fileOptions: [(command: String, option: OptionDeclaration)] {
        CommandDeclaration.drawingNames.flatMap { command in
            (CommandDeclaration.named(command)?.options ?? [])
                .filter { [.file, .font, .logo].contains($0.type) && $0.kind != .positional }
                .map { (command, $0) }
        }
    }

    @Test func noDoorNamesAFile() throws {
        let scratch = try Scratch("doors")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        var tried = 0
        func refused(_ result: Result<String, CurveTypeError>, _ what: String) {
            tried += 1
            switch result {
            case .success(let page):
                Issue.record("\(what) was drawn")
                #expect(!page.contains(Scratch.planted))
            case .failure(let error):
                // Refused at the door, for naming a file: not for what the file holds.
                #expect(error.description.contains(" names "), "\(what): \(error)")
                #expect(!error.description.contains(Scratch.planted), "\(what): \(error)")
            }
        }
        #expect(Self.fileOptions.count >= 40, "\(Self.fileOptions.count) options read files")
        for (command, option) in Self.fileOptions {
            let slot = "<\(Self.shape(command)) data-curvetype=\"\(command)\" data-options=\"\(Self.attribute(option.commandLineName)) "
            let svg = { (options: String) in #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">"# + slot + options + #""/></svg>"# }
            // The template's own words, even trusting it with a folder beside the secret.
            refused(Self.preview(svg(Self.attribute(scratch.secret)), [["v": "x"]]), "\(command) \(option.commandLineName) in data-options")
            refused(Self.preview(svg(Self.attribute(scratch.secret)), [["v": "x"]], reads: try .under(scratch.trusted.path, "the template")),
                    "\(command) \(option.commandLineName) outside the trusted folder")
            // A row's value, even where the template is trusted with the secret's own folder.
            refused(Self.preview(svg("{v}"), [["v": scratch.secret]]), "\(command) \(option.commandLineName) {v}")
            refused(Self.preview(svg("{v}"), [["v": scratch.secret]], reads: try .under(scratch.root.path, "the template")),
                    "\(command) \(option.commandLineName) {v} in a trusted template")
            // A query to a server.
            if option.inQueries {
                refused(Result { () throws(CurveTypeError) in
                    try QueryCommand(command, items: [(option.name, scratch.secret)]).request().renderDocument().svg
                }, "query \(command) \(option.name)")
            }
        }
        // A font family that is a path.
        let family = #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><text x="10" y="50" font-family="\#(scratch.secret)">Hi</text></svg>"#
        refused(Self.preview(family, [["v": "x"]]), "font-family")
        #expect(tried > 200)
    }

    /// A template the user trusts reads under its folder only: a file there is read, as
    /// resolved (a link out of the folder, or `..`, is outside it).
    @Test func aTrustedTemplateReadsUnderItsFolder() throws {
        let scratch = try Scratch("trusted")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let inside = scratch.trusted.appendingPathComponent("name.txt").path
        try Data("Inside".utf8).write(to: URL(fileURLWithPath: inside))
        try FileManager.default.createSymbolicLink(atPath: scratch.trusted.appendingPathComponent("link.json").path, withDestinationPath: scratch.secret)
        let reads = try FileAccess.under(scratch.trusted.path, "the template")
        func template(_ file: String) -> String {
            #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><path data-curvetype="spiral" d="M0 0 L300 300" data-options="--text-file \#(Self.attribute(file))"/></svg>"#
        }
        let other = scratch.trusted.appendingPathComponent("other.txt").path
        try Data("Elsewhere".utf8).write(to: URL(fileURLWithPath: other))
        // The text is drawn (as outlines): each file's page is its own.
        let page = try Self.preview(template(inside), [["v": "x"]], reads: reads).get()
        #expect(page != (try Self.preview(template(other), [["v": "x"]], reads: reads).get()))
        for outside in [scratch.trusted.path + "/../secret.json", scratch.trusted.path + "/link.json", scratch.secret, "-"] {
            let result = Self.preview(template(outside), [["v": "x"]], reads: reads)
            guard case .failure(let error) = result else { Issue.record("\(outside) was read"); continue }
            #expect(error.description.contains("not under") || error.description.contains("standard input"), "\(error)")
        }
        #expect(throws: CurveTypeError.self) { try FileAccess.under(scratch.root.path + "/nowhere", "the template") }
        #expect(throws: CurveTypeError.self) { try FileAccess.under(inside, "the template") }
    }

    /// A `{COLUMN}` is one value, never an option or an argument of its own: a row holding
    /// `--font=/etc/passwd` made the server open that file.
    @Test func aColumnIsOneValue() {
        for options in ["{opt}", "--size 12 {opt}", "--{opt}=1", "-- {opt}", "--size=12 {opt}"] {
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><text x="10" y="50" data-field="name" data-options="\#(options)">N</text></svg>"#
            guard case .failure(let error) = Self.preview(svg, [["name": "Ada", "opt": "--font=/etc/passwd"]]) else {
                Issue.record("\(options) was taken")
                continue
            }
            #expect(error.description.contains("may stand only in an option's value"), "\(options): \(error)")
            #expect(!error.description.contains("row "), "the template's fault, not a row's: \(error)")
        }
        // In a value it is a value: a size, a colour.
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><text x="10" y="50" data-field="name" data-options="--text-color {c} --size={s}">N</text></svg>"#
        let page = Self.preview(svg, [["name": "Ada", "c": "#123456", "s": "20"]])
        #expect((try? page.get())?.contains("#123456") == true, "\(page)")
    }

    /// A PNG's header with `width` × `height` pixels, its one data chunk empty: enough for a
    /// reader that refuses the picture by its size before it decodes a pixel.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                c ^= UInt32(byte)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func be(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * (n - 1 - $0))) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(data.count, 4) + body + be(Int(crc(body)), 4)
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(width, 4) + be(height, 4) + [8, 6, 0, 0, 0])
            + chunk("IDAT", []) + chunk("IEND", [])
    }

    /// A picture bomb: a 16,000 × 16,000 PNG (1.3 MB as a data: URL) as a template's pattern
    /// fill made a two-row PNG or PDF merge peak at 1.18 GB and 6 CPU seconds. It is refused
    /// from its header, the template's fault, before a row; SVG pages (no pixels decoded) keep it.
    @Test func aPictureBombIsRefusedUndecoded() throws {
        let bomb = Data(Self.pngHeader(width: 16_000, height: 16_000)).base64EncodedString()
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="600" height="400" viewBox="0 0 600 400"><defs><pattern id="p" patternContentUnits="objectBoundingBox" width="1" height="1"><use xlink:href="#i" transform="scale(0.0000625)"/></pattern><image id="i" width="16000" height="16000" xlink:href="data:image/png;base64,\##(bomb)"/></defs><rect width="600" height="400" fill="url(#p)"/><text x="10" y="50" data-field="v">N</text></svg>"##
        let template = try MergeTemplate(svg: Array(svg.utf8))
        #expect(FrameItem.picturePixels(template.artwork.items).pixels == 256_000_000)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curvetype-bomb-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["png", "pdf"] {
            let merge = Merge(template: template, data: MergeData(name: "rows") { () throws(CurveTypeError) in Rows([["v": "a"], ["v": "b"]]) },
                              output: folder.path + "/{v}.\(format)")
            #expect {
                _ = try merge.run()
            } throws: { error in
                "\(error)".contains("16000 × 16000") && "\(error)".contains("more than a page of a PNG or PDF decodes") && !"\(error)".contains("row ")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        // A logo of the same PNG, drawn alone, is refused by the writer's own count.
        let page = Frame(width: 100, height: 100, title: "logo", items: [.image(FrameImage(.raster(try RasterImage(.png, bytes: Self.pngHeader(width: 5000, height: 5000))),
                                                                              box: Rect(minX: 0, minY: 0, maxX: 100, maxY: 100)))])
        #expect {
            _ = try RenderedDocument(frame: page, warnings: [], layoutJSON: { "{}" }).contents(.png, settings: OutputSettings())
        } throws: { error in
            "\(error)".contains("5000 × 5000 pixels is more than a page decodes")
        }
    }

    /// An empty `<text>` (a stray Inkscape click, a Figma line of only U+2028, an empty tspan)
    /// is skipped with a note: it refused every row, blaming "row 2".
    @Test func anEmptyTextIsSkippedWithANote() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><text x="10" y="50" data-field="v">N</text><text x="10" y="100"></text><text x="10" y="150"><tspan>&#x2028;</tspan></text><text id="t3" x="10" y="180"><tspan/></text></svg>"#
        let template = try MergeTemplate(svg: Array(svg.utf8))
        #expect(template.slots.count == 1)
        #expect(template.notes == ["a <text> at 10, 100 of no characters, skipped", "a <text> at 10, 150 of no characters, skipped",
                                   "#t3, a <text> of no characters, skipped"])
        #expect((try? Self.preview(svg, [["v": "x"]]).get()) != nil)
    }

    /// An error names its slot once ("a <rect>: a <rect>: a <rect>: …" was said).
    @Test func anErrorNamesItsSlotOnce() {
        for options in ["--format png", "--ring-size 0", "--units mm"] {
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect data-curvetype="seal" x="0" y="0" width="200" height="200" data-options="\#(options)"/></svg>"#
            guard case .failure(let error) = Self.preview(svg, [["v": "x"]]) else { Issue.record("\(options) was drawn"); continue }
            #expect(error.description.components(separatedBy: "a <rect>").count == 2, "\(options): \(error)")
        }
    }

    /// `merge --threads` keeps its declared range, as batch's does (0, -1 and 257 were taken).
    @Test func mergeThreadsKeepTheirRange() throws {
        for threads in ["0", "-1", "257"] {
            #expect(throws: CurveTypeError.self) { try MergeOptions(arguments: ["t.svg", "--data", "r.csv", "--output", "{row}.svg", "--threads", threads]) }
        }
        #expect(try MergeOptions(arguments: ["t.svg", "--data", "r.csv", "--output", "{row}.svg", "--threads", "256"]).threads == 256)
    }
}
