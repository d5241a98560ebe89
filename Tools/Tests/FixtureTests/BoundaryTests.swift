import Foundation
import TestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Runs a bash script in `folder` with `$CT` naming the binary under test (for pipes, FIFOs and
/// process substitution, which only a shell makes as a user would).
func shell(_ script: String, in folder: URL) throws -> RunResult {
    let result = try runProcess("/bin/bash", ["-c", "cd \"$1\" && CT=\"$2\" && " + script, "bash", folder.path, curvetypeBinary])
    return RunResult(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
                     stderr: String(decoding: result.stderr, as: UTF8.self))
}

func fileType(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
}

/// Every reproducer of the robustness issue as a test row: what once crashed, clobbered a file,
/// failed to read a stream, printed two lines, or worked unboundedly.
@Suite struct BoundaryTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    /// Right-to-left and mixed paragraphs in fit and the seal's centre once trapped.
    @Test(arguments: [
        ["fit", "שלום", "--box", "300x60"],
        ["fit", "x \u{2067}ナطלT-", "--box", "284x146"],
        ["fit", "אב cd", "--box", "300x300", "--glyphs", "text"],
        ["fit", "--row", "שלום", "--row", "abc אבג", "--box", "200x100"],
        ["fit", "שלום עולם, זה טקסט ארוך בעברית עם מילים 123 ו-English", "--box", "120x200", "--balance"],
        ["fit", String(repeating: "מילה ", count: 60), "--box", "40x40", "--min-size", "12", "--truncate"],
        ["seal", "--ring", "A • B •", "--center", "שלום"],
    ])
    func rightToLeftParagraphsRender(_ arguments: [String]) throws {
        let run = try curvetype(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("<svg"))
        #expect(XMLParser(data: Data(run.stdout.utf8)).parse())
    }

    /// A fitted Hebrew line reads right to left: its first word stands at the right.
    @Test func hebrewLinesAreInVisualOrder() throws {
        let scratch = try scratchFolder("rtl")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let layout = scratch.appendingPathComponent("l.json").path
        let run = try curvetype(["fit", "אבג דהו", "--box", "600x100", "--layout", layout, "-o", "/dev/null"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: layout))) as? [String: Any])
        let glyphs = try #require(object["glyphs"] as? [[String: Any]])
        // Clusters by x: the first word's (bytes 0–5) must lie right of the second's (7–12).
        let first = glyphs.filter { ($0["cluster"] as? Int ?? 99) < 6 }.compactMap { $0["x"] as? Double }
        let second = glyphs.filter { ($0["cluster"] as? Int ?? 0) > 6 }.compactMap { $0["x"] as? Double }
        #expect(!first.isEmpty && !second.isEmpty)
        #expect(first.min()! > second.max()!, "first word at \(first), second at \(second)")
    }

    /// In a batch, a job that once crashed the process now renders beside the others.
    @Test func batchWithRightToLeftFitRenders() throws {
        let scratch = try scratchFolder("batch-rtl")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let jobs = #"""
            {"command": "fit", "args": ["שלום"], "box": "300x60", "output": "a.svg"}
            {"command": "badge", "message": "ok", "output": "b.svg"}
            """#
        try jobs.write(to: scratch.appendingPathComponent("jobs.jsonl"), atomically: true, encoding: .utf8)
        let run = try shell("$CT batch jobs.jsonl", in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["a.svg", "b.svg"] { #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent(name).path)) }
    }

    /// `-o` follows a link and replaces its target, which keeps its mode; the link stays a link.
    @Test func outputThroughASymlinkKeepsTheLink() throws {
        let scratch = try scratchFolder("link")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try shell("echo old > real.svg && chmod 640 real.svg && ln -s real.svg link.svg && $CT circle hi -o link.svg && stat -c %a real.svg", in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "640\n")
        #expect(fileType(scratch.appendingPathComponent("link.svg").path) == S_IFLNK)
        #expect(try String(contentsOf: scratch.appendingPathComponent("real.svg"), encoding: .utf8).hasPrefix("<svg"))
    }

    /// A FIFO is written through (its reader gets the SVG) and stays a FIFO.
    @Test func outputToAFIFOIsWrittenThrough() throws {
        let scratch = try scratchFolder("fifo")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try shell("mkfifo pipe && { head -c 4 pipe > got & } && $CT circle hi -o pipe && wait && cat got", in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "<svg")
        #expect(fileType(scratch.appendingPathComponent("pipe").path) == S_IFIFO)
    }

    /// Devices are written through and never replaced (run as root, a rename would replace them).
    @Test func devicesAreNeverReplaced() throws {
        let scratch = try scratchFolder("devices")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try shell("$CT circle hi -o /dev/stdout | head -c 4", in: scratch)
        #expect(run.status == 0 && run.stdout == "<svg", "\(run.stderr)")
        let full = try shell("$CT circle hi -o /dev/null --layout /dev/full", in: scratch)
        #expect(full.status == 1)
        #expect(full.stderr == "curvetype: error: cannot write /dev/full: No space left on device\n")
        #expect(fileType("/dev/full") == S_IFCHR && fileType("/dev/null") == S_IFCHR)
        #expect(fileType("/dev/stdout") == S_IFLNK)
    }

    /// `-o -` is standard output; no file named `-` appears.
    @Test func dashIsStandardOutput() throws {
        let scratch = try scratchFolder("dash")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try shell("$CT circle hi -o - | head -c 4; ls", in: scratch)
        #expect(run.stdout == "<svg", "\(run.stdout)")
        let layout = try shell("$CT circle hi -o x.svg --layout - | head -c 1; ls", in: scratch)
        #expect(layout.stdout == "{x.svg\n", "\(layout.stdout) \(layout.stderr)")
        let both = try shell("$CT circle hi -o - --layout /dev/stdout", in: scratch)
        #expect(both.status == 1 && both.stdout.isEmpty)
        #expect(both.stderr == "curvetype: error: cannot write /dev/stdout: the command's other output is written to this file too\n")
    }

    /// Two outputs naming one file, and a late failure, leave everything as it was.
    @Test func failedWritesLeaveEveryFileAsItWas() throws {
        let scratch = try scratchFolder("all-or-none")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let same = try shell("$CT circle hi -o x.svg --layout ./x.svg", in: scratch)
        #expect(same.status == 1)
        #expect(same.stderr == "curvetype: error: cannot write ./x.svg: the command's other output is written to this file too\n")
        let late = try shell("echo KEEP > pre.svg && $CT circle hi -o pre.svg --layout l.json/; echo $?; cat pre.svg; ls", in: scratch)
        #expect(late.stdout == "1\nKEEP\npre.svg\n", "\(late.stdout)")
        // The SVG is renamed into place first; the device then fails and the rename is undone.
        let undone = try shell("echo KEEP > pre.svg && $CT circle hi -o pre.svg --layout /dev/full; cat pre.svg; ls -a", in: scratch)
        #expect(undone.stdout == "KEEP\n.\n..\npre.svg\n", "\(undone.stdout)")
    }

    /// Batch makes a job's missing folders; a second job naming a claimed output fails, however
    /// the threads run.
    @Test func batchFoldersAndClaimedOutputs() throws {
        let scratch = try scratchFolder("claims")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var lines: [String] = []
        for i in 0..<40 {
            lines.append(#"{"command": "badge", "message": "m\#(i)", "output": "badges/deep/\#(i % 20).svg"}"#)
        }
        try lines.joined(separator: "\n").write(to: scratch.appendingPathComponent("jobs.jsonl"), atomically: true, encoding: .utf8)
        let run = try shell("$CT batch jobs.jsonl --threads 2", in: scratch)
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 21)
        #expect(errors.first == "curvetype: error: job 21: cannot write badges/deep/0.svg: job 1 already names this file")
        // Each file holds the first job that named it.
        let zero = try String(contentsOf: scratch.appendingPathComponent("badges/deep/0.svg"), encoding: .utf8)
        #expect(zero.contains("aria-label=\"m0\""))
    }

    /// Streams read as files do: process substitution, FIFOs, pipes on /dev/stdin, /dev/null.
    @Test func inputsAreReadAsStreams() throws {
        let scratch = try scratchFolder("streams")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let job = #"{"command": "badge", "message": "ok", "output": "a.svg"}"#
        let substitution = try shell("$CT batch <(echo '\(job)') && ls", in: scratch)
        #expect(substitution.status == 0 && substitution.stdout == "a.svg\n", "\(substitution.stderr)")
        let stdin = try shell("echo '\(job.replacingOccurrences(of: "a.svg", with: "b.svg"))' | $CT batch /dev/stdin && ls b.svg", in: scratch)
        #expect(stdin.status == 0, "\(stdin.stderr)")
        let empty = try shell("$CT batch /dev/null", in: scratch)
        #expect(empty.status == 1 && empty.stderr == "curvetype: error: there are no jobs\n")
        let logo = try shell("$CT badge --message ok --logo <(cat \"$0\") -o /dev/null".replacingOccurrences(of: "$0", with: fixtures.appendingPathComponent("logos/check.svg").path), in: scratch)
        #expect(logo.status == 0 && logo.stderr.isEmpty, "\(logo.stderr)")
        let font = try shell("$CT circle hi --font <(cat '\(packageRoot.appendingPathComponent("Fonts/DejaVuSansMono.ttf").path)') | grep -c 'aria-label=\"hi\"'", in: scratch)
        #expect(font.status == 0 && font.stdout == "1\n", "\(font.stderr)")
    }

    /// JSON lines with CRLF ends and an array file with a byte-order mark are read as meant.
    @Test func crlfLinesAndByteOrderMark() throws {
        let scratch = try scratchFolder("crlf")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let crlf = try shell(#"printf '{"command":"badge","message":"a","output":"1.svg"}\r\n{"command":"badge","message":"b","output":"2.svg"}\r\n' | $CT batch && ls"#, in: scratch)
        #expect(crlf.status == 0 && crlf.stdout == "1.svg\n2.svg\n", "\(crlf.stderr)")
        let bom = try shell(#"printf '\xef\xbb\xbf[{"command":"badge","message":"a","output":"3.svg"}]' > jobs.json && $CT batch jobs.json && ls 3.svg"#, in: scratch)
        #expect(bom.status == 0, "\(bom.stderr)")
    }

    /// `--text-file FILE|-` for circle, spiral and fit; one final line end is not text.
    @Test func textFromAFileOrAPipe() throws {
        let scratch = try scratchFolder("text-file")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let circle = try shell("printf 'From a file\\n' > t.txt && $CT circle --text-file t.txt | grep -o 'aria-label=\"[^\"]*\"'", in: scratch)
        #expect(circle.stdout == "aria-label=\"From a file\"\n", "\(circle.stderr)")
        let spiral = try shell("echo 'Piped text' | $CT spiral --text-file - | grep -c 'Piped text'", in: scratch)
        #expect(spiral.status == 0, "\(spiral.stderr)")
        let fit = try shell("printf 'Two\\nlines\\n' | $CT fit --text-file - --box 200x100 --layout - -o /dev/null | grep -c '\"text\"'", in: scratch)
        #expect(fit.stdout == "2\n", "\(fit.stdout) \(fit.stderr)")
        let both = try shell("$CT circle hi --text-file t.txt", in: scratch)
        #expect(both.stderr == "curvetype: error: give the text or --text-file, not both\n")
    }

    /// Every error and warning is one line: quoted control characters are escaped.
    @Test func messagesAreOneLine() throws {
        let fill = try curvetype(["circle", "hi", "--fill", "red\nx"])
        #expect(fill.stderr == "curvetype: error: --fill: not a colour: \"red\\nx\" (use a CSS name, #rgb, #rrggbb, #rrggbbaa, rgb(), hsl(), hwb(), transparent or currentColor)\n")
        let main = try curvetype(["fit", "--row", "a", "--row", "b", "--main", "\r\nZL", "--box", "100x100"])
        #expect(main.status != 0 && main.stderr.split(separator: "\n").count == 1 && main.stderr.contains("\\r\\nZL"), "\(main.stderr)")
        let logo = try curvetype(["badge", "--message", "ok", "--logo", "data:image/svg+xml,<svg viewBox='0 0 1 1'><rect a\nb='1'/></svg>"])
        #expect(logo.stderr.split(separator: "\n").count == 1, "\(logo.stderr)")
        let mono = packageRoot.appendingPathComponent("Fonts/DejaVuSansMono.ttf").path
        let missing = try curvetype(["circle", "ש ש ∰ ש", "--font", mono])
        #expect(missing.stderr == "curvetype: warning: DejaVu Sans Mono has no glyph for U+05E9, U+2230; drawn as .notdef\n")
    }

    /// Work is bounded: what is too large is refused at once, naming the limit.
    @Test func unboundedWorkIsRefused() throws {
        let scratch = try scratchFolder("bounds")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let frames = try curvetype(["angle", "45", "--from", "0", "--frames", "10000", "--out-dir", scratch.path])
        #expect(frames.stderr == "curvetype: error: --frames must be at least 2 and at most 600, not 10000\n")
        let long = try curvetype(["circle", String(repeating: "x", count: 20_000)])
        #expect(long.stderr == "curvetype: error: the text is 20000 bytes long; at most 16384 bytes are set\n")
        // A batch job of 10 MB, and one with a 10 MB option name.
        let script = #"""
            python3 -c '
            import json
            print(json.dumps({"command": "badge", "message": "x" * 10_000_000, "output": "a.svg"}))
            print(json.dumps({"command": "badge", "x" * 100: 1, "message": "m", "output": "b.svg"}))
            print(json.dumps({"command": "badge", "message": "ok", "output": "c.svg"}))
            ' | $CT batch; ls
            """#
        let batch = try shell(script, in: scratch)
        #expect(batch.stderr == """
            curvetype: error: job 1: the job is longer than 1 MiB, the most a job may be
            curvetype: error: job 2: "xxxxxxxxxxxxxxxxxxxx…" is not an option (names are at most 64 characters)
            curvetype: 2 of 3 jobs failed

            """, "\(batch.stderr)")
        #expect(batch.stdout == "c.svg\n")
        // A 1 MiB logo of 100,000 attributes is read in one linear pass (timed by the fuzzers).
        let attributes = (0..<100_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        let logo = "<svg viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\" \(attributes.prefix(1_000_000))\"/></svg>"
        try logo.write(to: scratch.appendingPathComponent("big.svg"), atomically: true, encoding: .utf8)
        let big = try curvetype(["badge", "--message", "ok", "--logo", scratch.appendingPathComponent("big.svg").path, "-o", "/dev/null"])
        #expect(big.stderr.split(separator: "\n").count == 1, "\(big.stderr.prefix(300))")
    }

    /// Line breaking by UAX #14: no-break spaces hold, em dashes allow a break.
    @Test func lineBreaksFollowUAX14() throws {
        func lines(_ text: String, _ box: String) throws -> [String] {
            let run = try curvetype(["fit", text, "--box", box, "--layout", "/dev/stdout", "-o", "/dev/null"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            return (object["lines"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
        let speed = try lines("Speed 100\u{a0}km/h at 20\u{a0}°C", "110x200")
        #expect(!speed.contains { $0.hasSuffix("100") }, "\(speed)")
        #expect(speed.contains { $0.contains("20\u{a0}°C") }, "\(speed)")
        let dash = try lines("wait—what? a long-winded em—dash sentence", "80x300")
        #expect(dash.contains { $0.hasSuffix("—") }, "\(dash)")
    }

    /// SVG 1.1 viewers (Inkscape 1.2) read `xlink:href` only and paint rgba() black.
    @Test func svgFor11Viewers() throws {
        let circle = try curvetype(["circle", "hi"])
        #expect(circle.stdout.contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
        #expect(circle.stdout.contains("<use xlink:href=\"#"))
        #expect(!circle.stdout.contains(" href="))
        let badge = try curvetype(["badge", "--label", "a", "--message", "b", "--link", "https://a.example", "--label-link", "https://b.example"])
        #expect(badge.stdout.contains("fill-opacity=\"0\"") && !badge.stdout.contains("rgba("))
        #expect(!badge.stdout.contains(" href="))
    }

    /// The spiral of the issue (tolerance larger than the spiral) draws cubics no longer than a
    /// quarter turn.
    @Test func spiralWithAHugeTolerance() throws {
        let run = try curvetype(["spiral", "--a", "1", "--b", "0.01", "--from", "360", "--to", "1080", "--px-per-unit", "0.5",
                                 "--tolerance", "10", "--precision", "4"])
        #expect(run.status == 0, "\(run.stderr)")
        let path = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("<path d=\"M") })
        #expect(path.filter { $0 == "C" }.count >= 8)
    }
}
