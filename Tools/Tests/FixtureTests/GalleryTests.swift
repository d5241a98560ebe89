import Foundation
import TestSupport
import Testing

/// `make demo`'s showcase (Fixtures/gallery.sh): grouped by effect in the order people look for
/// them, every shown example with its command, test-only cases left out, no warnings printed.
@Suite struct GalleryTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    /// The README opens with pictures that are current: each of Docs/gallery/gallery.txt is
    /// drawn again and must equal the committed PNG byte for byte, be shown by the README, and
    /// come with its command, word for word, in the README's tour.
    @Test func readmeGalleryIsCurrent() throws {
        let folder = packageRoot.appendingPathComponent("Docs/gallery")
        let list = try String(contentsOf: folder.appendingPathComponent("gallery.txt"), encoding: .utf8)
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let scratch = try scratchFolder("readme-gallery")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var drawn = 0
        for line in list.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let name = String(line.prefix { $0 != " " })
            let command = String(line.dropFirst(name.count + 1))
            let png = scratch.appendingPathComponent(name + ".png")
            let run = try curvetype(try shellWords(command) + ["--scale", "2", "-o", png.path])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(name): \(run.stderr)")
            let committed = try Data(contentsOf: folder.appendingPathComponent(name + ".png"))
            #expect(try Data(contentsOf: png) == committed, "Docs/gallery/\(name).png is stale: run make readme-gallery")
            #expect(readme.contains("Docs/gallery/\(name).png"), "the README does not show \(name).png")
            #expect(readme.contains("curvetype " + command), "the README's tour lacks: curvetype \(command)")
            drawn += 1
        }
        #expect(drawn == 10)
        // They open the README: every picture before the first section.
        let firstSection = try #require(readme.range(of: "\n## "))
        #expect(readme[..<firstSection.lowerBound].components(separatedBy: "Docs/gallery/").count - 1 == drawn)
    }

    @Test func showcaseIsGroupedQuietAndComplete() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("curvetype-gallery-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // From the package's folder, as `make demo` runs it (cases name Fixtures/… files).
        let result = try shell("CURVETYPE=\"$CT\" bash Fixtures/gallery.sh '\(scratch.path)'", in: packageRoot)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "make demo prints no warning: \(result.stderr)")
        let html = try String(contentsOf: scratch.appendingPathComponent("index.html"), encoding: .utf8)
        // The sections, in order.
        let order = ["circle", "path", "warp", "spiral", "fit", "angle", "badge", "seal"].compactMap { html.range(of: "<section id=\"\($0)\"")?.lowerBound }
        #expect(order.count == 8 && order == order.sorted())
        // Every image exists and comes with the command that made it.
        let images = html.split(separator: "<img src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(images.count > 60)
        for image in Set(images) {
            #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent(image).path), "\(image)")
            let name = image.split(separator: "-", maxSplits: 1).map(String.init)
            #expect(html.contains("<code>curvetype \(name[0]) "), "\(image)")
        }
        // Test-only cases are not shown; features are.
        for hidden in ["badge-logo-hostile.svg", "badge-escaping.svg", "circle-xml-specials.svg", "spiral-glyphs-2000.svg"] {
            #expect(!images.contains(hidden), "\(hidden)")
        }
        for shownImage in ["circle-seed.svg", "path-heart.svg", "warp-wave1.svg", "warp-deflate-inflate-deflate.svg", "angle-dark-mode.svg", "seal-issue.svg"] {
            #expect(images.contains(shownImage), "\(shownImage)")
        }
        // Each example offered as SVG, PNG (2x) and PDF, the files beside it.
        for image in Set(images) where !image.hasPrefix("badge-row-") {
            let stem = String(image.dropLast(4))
            #expect(html.contains("<a href=\"\(stem).png\" download>PNG 2×</a> · <a href=\"\(stem).pdf\" download>PDF</a>"), "\(image)")
            let png = try Data(contentsOf: scratch.appendingPathComponent(stem + ".png"))
            #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(stem).png")
            let pdf = try Data(contentsOf: scratch.appendingPathComponent(stem + ".pdf"))
            #expect(pdf.prefix(5) == Data("%PDF-".utf8), "\(stem).pdf")
        }
        // Badges at twice their size; the light/dark example in both schemes.
        #expect(html.contains("<img src=\"badge-flat-short.svg\" alt=\"badge flat-short\" width=\"180\">"))
        #expect(images.filter { $0 == "angle-dark-mode.svg" }.count == 2)
    }
}
