import Foundation
import TestSupport
import Testing

/// The README's examples work as written: every ```sh block runs, with the built `curvetype`
/// first on the PATH, in a scratch folder that is a copy of the clone's root as far as the
/// examples can reach it (Fixtures, whose logos and paths they name, the README, Package.swift
/// and the Makefile) and is the home folder (the completion scripts go there). No example may
/// change a file it did not make: `cp … README.md` replaced the clone's own README.
@Suite struct ReadmeTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    /// A fenced ```sh block: its first line's number and its text.
    struct Block: CustomTestStringConvertible, Sendable {
        var line: Int
        var text: String
        var testDescription: String { "README.md:\(line)" }

        /// Blocks that run make targets: the first is `make demo` and `make test` (CI runs those
        /// itself), the other `make serve`, which serves until stopped. They are not run here.
        var runsMake: Bool {
            text.split(separator: "\n").allSatisfy { $0.hasPrefix("make ") }
        }
    }

    static let blocks: [Block] = {
        guard let readme = try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8) else { return [] }
        var blocks: [Block] = []
        var current: Block?
        for (i, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line == "```sh" {
                current = Block(line: i + 1, text: "")
            } else if var block = current {
                if line.hasPrefix("```") {
                    blocks.append(block)
                    current = nil
                } else {
                    block.text += line + "\n"
                    current = block
                }
            }
        }
        return blocks
    }()

    @Test func theReadmeHasItsExamplesAndOnlyMakeBlocksAreSkipped() {
        #expect(Self.blocks.count >= 9)
        // Only the two blocks of make targets are skipped; every curvetype example runs.
        #expect(Self.blocks.filter(\.runsMake).count == 2)
        #expect(Self.blocks.first?.runsMake == true)
    }

    @Test(arguments: blocks.filter { !$0.runsMake })
    func everyShellBlockRunsAsWritten(_ block: Block) throws {
        let scratch = try scratchFolder("readme")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(at: fixtures, to: scratch.appendingPathComponent("Fixtures"))
        for name in ["README.md", "Package.swift", "Makefile"] {
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(name), to: scratch.appendingPathComponent(name))
        }
        /// Every file under the scratch folder, by its path, with its bytes.
        func files() throws -> [String: Data] {
            var found: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(at: scratch, includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
                found[String(url.path.dropFirst(scratch.path.count))] = try Data(contentsOf: url)
            }
            return found
        }
        let before = try files()
        let bin = URL(fileURLWithPath: curvetypeBinary).deletingLastPathComponent().path
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        // `sh -e`: the block stops at its first failing command, as a reader would notice it.
        let result = try runProcess("/usr/bin/env", [
            "HOME=\(scratch.path)", "PATH=\(bin):\(path)", "sh", "-e", "-c", "cd \"$HOME\" && " + block.text,
        ])
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(result.status == 0, "README.md:\(block.line) failed: \(stderr)")
        #expect(stderr.isEmpty, "README.md:\(block.line) printed: \(stderr)")
        let after = try files()
        for (path, bytes) in before where after[path] != bytes {
            Issue.record("README.md:\(block.line) changed the clone's \(path.dropFirst())")
        }
        // Every file the block names with -o or > was written, and is what its extension says.
        let words = block.text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        for (i, word) in words.enumerated() where (word == "-o" || word == ">") && i + 1 < words.count {
            let name = String(words[i + 1])
            // A redirection into a script, a job file or a shell's completions is not a drawing.
            if word == ">" && ![".svg", ".png", ".pdf"].contains(where: name.hasSuffix) { continue }
            let bytes = try Data(contentsOf: scratch.appendingPathComponent(name))
            let signatures: [(String, String)] = [(".pdf", "%PDF-"), (".dxf", "0\nSECTION\n"), (".gcode", "; CurveType"), (".hpgl", "IN;")]
            let signature: Data = name.hasSuffix(".png") ? Data([0x89, 0x50, 0x4E, 0x47])
                : Data((signatures.first { name.hasSuffix($0.0) }?.1 ?? "<svg ").utf8)
            #expect(bytes.prefix(signature.count) == signature, "README.md:\(block.line): \(name)")
        }
    }
}
