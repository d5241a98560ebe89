@testable import CurveType
import Foundation
import TestSupport
import Testing

/// A merge as a build script runs it: the template read into slots, rows given in code, pages
/// and a manifest written; and the pieces written by hand (SHA-256, shard indices).
@Suite struct MergeLibraryTests {
    let template = packageRoot.appendingPathComponent("Fixtures/merge/certificate.svg").path

    /// Rows held in memory, for a build script's own data.
    final class Rows: MergeRowReader {
        let rows: [MergeRow]
        var index = 0
        init(_ rows: [MergeRow]) { self.rows = rows }
        var columns: [String]? { ["id", "name", "org", "course", "year"] }
        func next() throws(CurveTypeError) -> MergeRow? {
            defer { index += 1 }
            return index < rows.count ? rows[index] : nil
        }
    }

    @Test func theCertificateTemplateHasItsSlots() throws {
        let page = try MergeTemplate(svg: Array(try Data(contentsOf: URL(fileURLWithPath: template))))
        // 297 × 210 mm at 96 px an inch.
        let (width, height) = (297.0 * 96 / 25.4, 210.0 * 96 / 25.4)
        #expect(abs(page.width - width) < 1e-9)
        #expect(abs(page.height - height) < 1e-9)
        #expect(page.slots.map { (slot: MergeSlot) in slot.label } == ["#heading", "#presented", "#org", "#name", "#course", "#seal"])
        #expect(page.slots.map { (slot: MergeSlot) in slot.command } == ["path", "path", "path", "fit", "path", "seal"])
        #expect(page.columns == ["org", "name", "course", "year"])
        // Inkscape's own markup is not worth a warning.
        #expect(page.removed.isEmpty, "\(page.removed)")
        // The name's rules, from its attributes, in page px (the view box is the page in px).
        let name = try #require(page.slots.first { $0.field == "name" })
        #expect(name.rules.overflow == .wrap && name.rules.maximumLines == 3)
        #expect(name.rules.family == "DejaVu Serif" && name.rules.italic && !name.rules.bold)
    }

    /// A template exported by Figma keeps what Figma draws with: pictures as its own bytes
    /// (`<image>` of a `data:` URL) filling shapes through one-tile patterns, and masks round
    /// its text fields, which cut the texts merged into them.
    @Test func aFigmaExportKeepsItsPicturesAndMasks() throws {
        let path = packageRoot.appendingPathComponent("Fixtures/merge/figma-membership.svg").path
        let page = try MergeTemplate(svg: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(page.columns == ["number", "name", "dob"])
        // Every text is inside the page's clip path; the header's and the footer's, and the
        // three fields (full name, date of birth, the recommender), are masked too, the fields
        // each to a box 202 px wide from x 312; the number is not.
        #expect(try page.slots.allSatisfy { try #require($0.clips.first?.bounds()) == Rect(minX: 0, minY: 0, maxX: 583, maxY: 842) })
        #expect(page.slots.filter { $0.clips.count == 2 }.count == 8)
        let fields = try page.slots.filter { $0.clips.count == 2 }.map { try #require($0.clips[1].bounds()) }.filter { abs($0.minX - 312) < 1e-9 }
        #expect(fields.count == 3 && fields.allSatisfy { abs($0.width - 202) < 1e-9 })
        #expect(page.slots.first { $0.field == "number" }?.clips.count == 1)
        // The signature's and the QR code's pictures, each cut to its shape.
        func pictures(_ items: [FrameItem]) -> [(RasterImage, clipped: Bool)] {
            items.flatMap { item -> [(RasterImage, clipped: Bool)] in
                switch item {
                case .group(let group):
                    let clipped = group.style.contains { if case .clip = $0 { true } else { false } }
                    return pictures(group.items).map { ($0.0, $0.clipped || clipped) }
                case .image(let image):
                    if case .raster(let raster) = image.content { return [(raster, false)] }
                    return []
                default: return []
                }
            }
        }
        let found = pictures(try SafeSVG(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path))), template: true).image().items)
        #expect(found.map { "\($0.0.pixelWidth)x\($0.0.pixelHeight)" } == ["64x64", "338x352"] && found.allSatisfy(\.clipped))
        // A picture from anywhere but its own bytes is not read.
        let remote = try SafeSVG(parsing: Array(#"""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
              <image width="10" height="10" xlink:href="https://example.com/a.png"/>
              <image width="10" height="10" href="file:///etc/passwd"/>
              <rect width="10" height="10"/>
            </svg>
            """#.utf8))
        #expect(remote.removed.contains { $0.contains("example.com") } && remote.removed.contains { $0.contains("passwd") })
        #expect(pictures(try remote.image().items).isEmpty)
    }

    /// A straight text of several lines (Inkscape's line tspans, a value with line feeds) is
    /// set line by line, as far apart as the designer's lines; a value runs no farther than the
    /// page's edge (shrunk to it), and lines past the page's foot refuse the row.
    @Test func straightTextsKeepTheirLines() throws {
        let svg = #"""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="400" height="200" viewBox="0 0 400 200">
              <text x="20" y="40" style="font-family:'DejaVu Sans';font-size:20px" xml:space="preserve"><tspan sodipodi:role="line" x="20" y="40">12 Main Street</tspan><tspan sodipodi:role="line" x="20" y="70">Springfield</tspan></text>
              <text data-field="address" x="220" y="40" style="font-family:'DejaVu Sans';font-size:20px;line-height:1.25">Address</text>
              <text transform="matrix(1 0 0 1 100 150)" font-family="'DejaVu Sans'" font-size="10"><tspan x="0" y="0">Your choice of technology</tspan><tspan x="-20.6" y="13.2">(.NET, JavaScript, HTML, Ruby, etc.)</tspan></text>
            </svg>
            """#
        let page = try MergeTemplate(svg: Array(svg.utf8))
        func pages(_ values: [String]) throws -> [Frame] {
            let rows = values.enumerated().map { MergeRow(number: $0.offset + 2, values: ["address": $0.element]) }
            let data = MergeData(name: "rows") { () throws(CurveTypeError) in RowsOf(rows) }
            return try Merge(template: page, data: data, output: "-").previews(count: rows.count).pages.map(\.frame)
        }
        // Each text layer's text, with where its first and last clusters are on the page.
        func lines(_ items: [FrameItem], _ state: PaintState = PaintState()) -> [(text: String, start: Point, end: Double)] {
            items.flatMap { item -> [(text: String, start: Point, end: Double)] in
                switch item {
                case .group(let group): return lines(group.items, state.applying(group.style))
                case .textLayer(let layer):
                    guard let first = layer.clusters.first, let last = layer.clusters.last else { return [] }
                    return [(layer.text, state.map.apply(first.origin), state.map.apply(Point(x: last.origin.x + last.advance, y: last.origin.y)).x)]
                default: return []
                }
            }
        }
        let found = lines(try pages(["1 Infinite Loop\r\nCupertino"])[0].items)
        #expect(found.map(\.text) == ["12 Main Street", "Springfield", "1 Infinite Loop", "Cupertino",
                                       "Your choice of technology", "(.NET, JavaScript, HTML, Ruby, etc.)"])
        // The template's lines 30 px apart, as its tspans are; the value's 1.25 × 20 px.
        #expect(found.map { $0.start.y.rounded() } == [40, 70, 40, 65, 150, 163], "\(found)")
        #expect(found[2].start.x.rounded() == 220 && found[3].start.x.rounded() == 220)
        // Illustrator's lines each where its tspan says, under the text's transform.
        #expect(abs(found[4].start.x - 100) < 1e-6 && abs(found[5].start.x - 79.4) < 1e-6 && abs(found[5].start.y - 163.2) < 1e-6, "\(found)")
        // Too long for the page from x 220: shrunk to 180 px, and its lines closer with it.
        let shrunk = lines(try pages(["Pennsylvania Avenue Northwest\nWashington DC"])[0].items).filter { $0.start.x > 200 && $0.start.y < 100 }
        #expect(shrunk.count == 2 && shrunk.allSatisfy { $0.end <= 400 + 1e-6 } && shrunk[0].end > 390, "\(shrunk)")
        let gap = shrunk[1].start.y - shrunk[0].start.y
        #expect(gap < 25 && gap > 10, "\(gap)")
        // Eight lines from y 40, 25 px apart, end below the page's 200 px.
        let refused = #expect(throws: CurveTypeError.self) { try pages(["1\n2\n3\n4\n5\n6\n7\n8"]) }
        #expect(refused?.description == "row 2: column \"address\" (the address slot): its 8 lines run past the bottom of its slot (the page, or the clip path or mask around it)")
    }

    /// Illustrator styles its texts by classes of a `<style>` element (`.st2{font-family:…}`),
    /// each line a tspan of its own classes: the slots take their font, size and colour from
    /// the rules, as the artwork does, the `style` attribute still over them.
    @Test func stylesheetClassesStyleTheTexts() throws {
        let svg = #"""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200" width="600" height="200">
            <style type="text/css">
            	.st0{fill:#737373;}
            	.st1{fill:#FFFFFF;}
            	.st2{font-family:'DejaVu Serif';}
            	.st3{font-size:11px;}
            	.st4{font-weight:bold;}
            </style>
            <rect x="5" y="11" class="st0" width="101" height="132"/>
            <text transform="matrix(1 0 0 1 19 81.1622)" class="st1 st2 st3" data-field="team">Solution</text>
            <text transform="matrix(1 0 0 1 19 120)"><tspan x="0" y="0" class="st2 st3 st4">Development</tspan><tspan x="0" y="13.2" class="st2 st3 st4">Environment</tspan></text>
            <text transform="matrix(1 0 0 1 200 50)" class="st2 st3" style="font-size:20px">Styled</text>
            <text fill="#35495D" font-family="DejaVu Sans" font-size="8"><tspan x="50%" y="190" text-anchor="middle">{registrarName}</tspan></text>
            </svg>
            """#
        let page = try MergeTemplate(svg: Array(svg.utf8))
        #expect(page.slots.count == 4)
        // OpenCRVS's templates centre a text at x="50%": half the view box's width.
        if case .line(let origin, _, _, _) = page.slots[3].kind {
            #expect(origin == Point(x: 300, y: 190) && page.slots[3].rules.align == .center)
        } else {
            Issue.record("not a straight slot: \(page.slots[3].kind)")
        }
        let team = page.slots[0].rules, lines = page.slots[1].rules, styled = page.slots[2].rules
        #expect(team.family == "DejaVu Serif" && team.size == 11 && team.color == "#FFFFFF" && !team.bold, "\(team)")
        #expect(lines.family == "DejaVu Serif" && lines.size == 11 && lines.bold && page.slots[1].text == "Development\nEnvironment")
        #expect(styled.size == 20, "the style attribute is over the rules: \(styled)")
        // The rectangle is the artwork's, drawn in its class's grey.
        #expect(page.removed.isEmpty, "\(page.removed)")
    }

    /// Rows held in memory (a struct's worth: `Rows` is the suite's).
    final class RowsOf: MergeRowReader {
        let rows: [MergeRow]
        var index = 0
        init(_ rows: [MergeRow]) { self.rows = rows }
        var columns: [String]? { ["address"] }
        func next() throws(CurveTypeError) -> MergeRow? {
            defer { index += 1 }
            return index < rows.count ? rows[index] : nil
        }
    }

    @Test func aBuildScriptMergesRowsItHolds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curvetype-library-merge-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let page = try MergeTemplate(svg: Array(try Data(contentsOf: URL(fileURLWithPath: template))))
        let rows = [
            MergeRow(number: 1, values: ["id": "a", "name": "Ada Lovelace", "org": "SOCIETY", "course": "Notes", "year": "1843"]),
            MergeRow(number: 2, values: ["id": "b", "name": "Alan Turing", "org": "KING'S", "course": "Computable Numbers", "year": "1936"]),
        ]
        let data = MergeData(name: "rows") { () throws(CurveTypeError) in Rows(rows) }
        var merge = Merge(template: page, data: data, output: folder.path + "/{id}.svg", manifest: folder.path + "/manifest.tsv")
        let summary = try merge.run()
        #expect(summary.rows == 2 && summary.written == 2)
        #expect(summary.manifest.map(\.row) == [1, 2])
        let svg = try String(contentsOf: folder.appendingPathComponent("a.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("<title>SOCIETY · Ada Lovelace · Notes</title>"))
        // The second shard of two writes the second row alone, the same bytes.
        merge.shard = MergeShard(index: 1, count: 2)
        merge.output = folder.path + "/shard/{id}.svg"
        merge.manifest = nil
        let shard = try merge.run()
        #expect(shard.manifest.map(\.row) == [2] && shard.manifest[0].sha256 == summary.manifest[1].sha256)
    }

    @Test func shardIndicesComeFromOnePlace() throws {
        #expect(try MergeShard(parsing: "2/4", environment: [:]) == MergeShard(index: 2, count: 4))
        #expect(try MergeShard(parsing: "4", environment: ["JOB_COMPLETION_INDEX": "3"]) == MergeShard(index: 3, count: 4))
        #expect(try MergeShard(parsing: "4", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "0"]) == MergeShard(index: 0, count: 4))
        #expect(try MergeShard(parsing: "1/4", environment: ["JOB_COMPLETION_INDEX": "1"]) == MergeShard(index: 1, count: 4))
        #expect(throws: CurveTypeError.self) { try MergeShard(parsing: "4/4", environment: [:]) }
        #expect(throws: CurveTypeError.self) { try MergeShard(parsing: "4", environment: [:]) }
        #expect(throws: CurveTypeError.self) { try MergeShard(parsing: "1/4", environment: ["JOB_COMPLETION_INDEX": "2"]) }
        #expect(throws: CurveTypeError.self) { try MergeShard(parsing: "4", environment: ["JOB_COMPLETION_INDEX": "1", "AWS_BATCH_JOB_ARRAY_INDEX": "2"]) }
        #expect(throws: CurveTypeError.self) { try MergeShard(parsing: "0", environment: [:]) }
        // Every row has exactly one shard, whatever the count.
        for count in 1...7 {
            for row in 0..<50 {
                #expect((0..<count).filter { MergeShard(index: $0, count: count).owns(row) }.count == 1)
            }
        }
    }

    /// FIPS 180-2's examples, and a length that spans two blocks' padding.
    @Test func sha256IsFIPS() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // The same million bytes given in pieces that split blocks anywhere, and as a
        // collection that is not contiguous.
        var pieces = SHA256()
        var given = 0
        for size in [1, 63, 64, 65, 127, 1000, 4096, 0, 7] + Array(repeating: 99_999, count: 9) where given < 1_000_000 {
            let count = min(size, 1_000_000 - given)
            pieces.update([UInt8](repeating: 0x61, count: count))
            given += count
        }
        pieces.update([UInt8](repeating: 0x61, count: 1_000_000 - given))
        #expect(pieces.finish().map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA256.hex(Array("abc".utf8).lazy.map { $0 }.reversed().reversed()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
