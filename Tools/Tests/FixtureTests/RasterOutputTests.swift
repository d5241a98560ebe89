import CurveType
import Foundation
import TestSupport
import Testing

/// PNG and PDF from the command line and batches: chosen by extension or `--format`, checked
/// with `--check`, the same bytes as the library's.
@Suite struct RasterOutputTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    static let badge = ["badge", "--label", "build", "--message", "passing"]

    /// `-o x.png` and `-o x.pdf` write by extension; `--format` overrides it (and names what
    /// standard output gets); `--scale` sets the pixels.
    @Test func formatByExtensionOrOption() throws {
        let scratch = try scratchFolder("raster-cli")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
        for (name, extra, signature) in [
            ("a.png", [String](), [UInt8]([0x89, 0x50, 0x4E, 0x47])), ("a.PDF", [], Array("%PDF".utf8)),
            ("b.svg", ["--format", "png"], [0x89, 0x50, 0x4E, 0x47]), ("c.png", ["--format", "svg"], Array("<svg".utf8)),
        ] {
            let run = try curvetype(Self.badge + extra + ["-o", path(name)])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(name): \(run.stderr)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(name))))
            #expect(Array(bytes.prefix(4)) == signature, "\(name) \(extra)")
        }
        // The library draws the same bytes.
        let library = try BadgeRequest(label: "build", message: "passing").render().png()
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path("a.png")))) == library)
        // --scale 2 doubles the pixels (PNG's IHDR: width and height, big-endian, at 16).
        _ = try curvetype(Self.badge + ["--scale", "2", "-o", path("2x.png")])
        let one = try #require(pngSize(library)), two = try #require(pngSize([UInt8](Data(contentsOf: URL(fileURLWithPath: path("2x.png"))))))
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
        // Standard output takes a PNG with --format.
        let piped = try curvetype(Self.badge + ["--format", "png"])
        #expect(piped.status == 0 && Array(piped.stdoutBytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        // --scale is the PNG's scale on every command, spiral's too (its own is --px-per-unit):
        // twice the pixels of the same spiral at 1x.
        _ = try curvetype(["spiral", "--text", "ROUND", "--px-per-unit", "12", "-o", path("s1.png")])
        let spiral = try curvetype(["spiral", "--text", "ROUND", "--px-per-unit", "12", "--scale", "2", "-o", path("s.png")])
        #expect(spiral.status == 0, "\(spiral.stderr)")
        let s1 = try #require(pngSize([UInt8](Data(contentsOf: URL(fileURLWithPath: path("s1.png"))))))
        let s2 = try #require(pngSize([UInt8](Data(contentsOf: URL(fileURLWithPath: path("s.png"))))))
        // Twice the pixels, each side rounded up from a fractional px size.
        #expect(abs(s2.width - 2 * s1.width) <= 1 && abs(s2.height - 2 * s1.height) <= 1 && s1.width > 100, "\(s1.width)x\(s1.height) → \(s2.width)x\(s2.height)")
    }

    /// Bad values: one line, a non-zero exit, no file.
    @Test func refusals() throws {
        let scratch = try scratchFolder("raster-bad")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("x.png").path
        for (words, message) in [
            (["--scale", "9"], "--scale must be from 1 to 8, not 9"),
            (["--scale", "0"], "--scale must be from 1 to 8, not 0"),
            (["--format", "gif"], "--format must be one of svg, png, pdf, dxf, gcode, hpgl, plotter-svg, not \"gif\""),
            (["--frame-time=-1"], "--frame-time must be from 0 to 3600 s, not -1"),
        ] {
            let run = try curvetype(Self.badge + words + ["-o", out])
            #expect(run.status != 0 && run.stderr.contains(message) && run.stderr.split(separator: "\n").count == 1, "\(words): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let spiral = try curvetype(["spiral", "--text", "ROUND", "--scale", "20", "-o", out])
        #expect(spiral.status != 0 && spiral.stderr.contains("--scale must be from 1 to 8"), "\(spiral.stderr)")
        // Settings the output would ignore are refused, not ignored: a PNG scale on SVG or PDF,
        // a moment of an animation on SVG or on a drawing with none, and a picture format we
        // do not write.
        let svg = scratch.appendingPathComponent("x.svg").path, pdf = scratch.appendingPathComponent("x.pdf").path
        let jpg = scratch.appendingPathComponent("x.jpg").path
        for (words, message, file) in [
            (Self.badge + ["--scale", "2", "-o", svg], "--scale sets a PNG's pixels per px; an SVG", svg),
            (Self.badge + ["--scale", "2", "-o", pdf], "--scale sets a PNG's pixels per px; a PDF", pdf),
            (Self.badge + ["--scale", "2"], "--scale sets a PNG's pixels per px; an SVG", nil),
            (Self.badge + ["--frame-time", "1", "-o", out], "this drawing has none", out),
            (["angle", "45", "--from", "0", "--frame-time", "0.1", "-o", svg], "an SVG carries the whole animation", svg),
            (Self.badge + ["-o", jpg], "cannot write .jpg files", jpg),
            // spiral's old --scale 12 (px per unit, now --px-per-unit) is no PNG scale.
            (["spiral", "--scale", "12", "-o", svg], "--scale must be from 1 to 8, not 12", svg),
            (["spiral", "--scale", "2", "-o", svg], "--scale sets a PNG's pixels per px", svg),
        ] as [([String], String, String?)] {
            let run = try curvetype(words)
            #expect(run.status != 0 && run.stderr.contains(message) && run.stderr.split(separator: "\n").count == 1, "\(words): \(run.stderr)")
            if let file { #expect(!FileManager.default.fileExists(atPath: file), "\(words) wrote \(file)") }
        }
        // What is used is still taken: --scale 1 anywhere, a moment of an animation in a PNG,
        // --format png under any name.
        for words in [Self.badge + ["--scale", "1", "-o", svg], ["angle", "45", "--from", "0", "--frame-time", "0.1", "-o", pdf],
                      Self.badge + ["--format", "png", "-o", jpg]] {
            let run = try curvetype(words)
            #expect(run.status == 0, "\(words): \(run.stderr)")
        }
        for file in [svg, pdf, jpg] { try? FileManager.default.removeItem(atPath: file) }
        // A picture past the PNG's limits is refused before anything is written.
        let huge = try curvetype(["fit", "BIG", "--box", "9000x100", "--scale", "2", "-o", out])
        #expect(huge.status != 0 && huge.stderr.contains("the most is 16384 on a side"), "\(huge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A batch writes each job by its output's extension, with a job's own `scale`; `--check`
    /// compares PNG and PDF bytes as it compares SVG.
    @Test func batchWritesAndChecksEveryFormat() throws {
        let scratch = try scratchFolder("raster-batch")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
        let jobs = scratch.appendingPathComponent("jobs.jsonl")
        try """
        {"command": "badge", "label": "a", "message": "b", "output": "\(path("a.png"))", "scale": 2}
        {"command": "seal", "ring": "ROUND THE SEAL · ", "center": "1", "output": "\(path("s.pdf"))"}
        {"command": "circle", "args": ["ROUND"], "output": "\(path("c.svg"))"}
        """.write(to: jobs, atomically: true, encoding: .utf8)
        let written = try curvetype(["batch", jobs.path, "--threads", "2"])
        #expect(written.status == 0, "\(written.stderr)")
        let png = try #require(pngSize([UInt8](Data(contentsOf: URL(fileURLWithPath: path("a.png"))))))
        let one = try #require(pngSize(try BadgeRequest(label: "a", message: "b").render().png()))
        #expect(png.width == 2 * one.width)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("s.pdf"))).prefix(4) == Data("%PDF".utf8))
        let clean = try curvetype(["batch", jobs.path, "--check"])
        #expect(clean.status == 0, "\(clean.stdout) \(clean.stderr)")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: path("a.png")))
        let stale = try curvetype(["batch", jobs.path, "--check"])
        #expect(stale.status == 1 && stale.stdout.contains("differs: \(path("a.png"))"), "\(stale.stdout)")
    }
}
