import CurveType
import Foundation
import TestSupport
import Testing

/// A batch job is decoded from JSON into the library's options (no argument parsing per job):
/// these tests hold every job to the single command's bytes.
@Suite struct BatchTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    /// The CLI's flags (options that take no value): a job gives them as `true`.
    static let flags = Set(CommandDeclaration.all.flatMap { $0.options.filter { $0.kind == .flag }.map { String($0.commandLineName.dropFirst(2)) } })

    struct MissingValue: Error { var option: String }

    /// A command line as a batch job object: `--name value` → `"name": value` (repeated → an
    /// array), a flag → `true`, positional words → `"args"`.
    static func job(_ command: String, _ arguments: [String], output: String) throws -> [String: Any] {
        var job: [String: Any] = ["command": command, "output": output]
        var positional: [String] = []
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "--" { positional += words; break }
            guard word.hasPrefix("--") else { positional.append(word); continue }
            let name = String(word.dropFirst(2))
            if flags.contains(name) { job[name] = true; continue }
            guard let value = words.popFirst() else { throw MissingValue(option: word) }
            switch job[name] {
            case nil: job[name] = value
            case let list as [String]: job[name] = list + [value]
            case let one as String: job[name] = [one, value]
            default: Issue.record("\(name) given oddly")
            }
        }
        if !positional.isEmpty { job["args"] = positional }
        return job
    }

    /// Every golden case run as one batch (JSON lines, two threads) writes its golden file's
    /// bytes: the batch decodes each job into the same options the command line builds.
    @Test func everyGoldenCaseAsAJobWritesTheSameBytes() throws {
        let scratch = try scratchFolder("batch-golden")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cases = GoldenCase.all()
        var lines: [String] = []
        for (i, golden) in cases.enumerated() {
            // Alternate kebab and camel case names, as users write both.
            var object = try Self.job(golden.command, golden.arguments, output: scratch.appendingPathComponent("\(i).svg").path)
            if i % 2 == 1 {
                object = Dictionary(uniqueKeysWithValues: object.map { key, value in
                    (key.split(separator: "-").enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined(), value)
                })
            }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            lines.append(String(decoding: data, as: UTF8.self))
        }
        let jobs = scratch.appendingPathComponent("jobs.jsonl")
        try lines.joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let run = try curvetype(["batch", jobs.path, "--threads", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        for (i, golden) in cases.enumerated() {
            let expected = try Data(contentsOf: fixtures.appendingPathComponent("\(golden.command)/\(golden.name).svg"))
            let actual = try? Data(contentsOf: scratch.appendingPathComponent("\(i).svg"))
            #expect(actual == expected, "job \(i + 1), \(golden.command) \(golden.name): \(lines[i])")
        }
    }

    /// Job values are read as the command line reads them, and a wrong one is named.
    /// Machine files from batch jobs: each machine golden as a job (units, single-line fonts,
    /// weld, kerf, stencil and formats by the output's extension), the same bytes.
    @Test func everyMachineGoldenAsAJobWritesTheSameBytes() throws {
        let scratch = try scratchFolder("batch-machine")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let goldens = MachineGolden.all()
        var lines: [String] = []
        for golden in goldens {
            let object = try Self.job(golden.arguments[0], Array(golden.arguments.dropFirst()), output: scratch.appendingPathComponent(golden.file).path)
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
        }
        let jobs = scratch.appendingPathComponent("jobs.jsonl")
        try lines.joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let run = try curvetype(["batch", jobs.path])
        #expect(run.status == 0, "\(run.stderr)")
        for golden in goldens {
            let expected = try Data(contentsOf: fixtures.appendingPathComponent("machine/\(golden.file)"))
            #expect((try? Data(contentsOf: scratch.appendingPathComponent(golden.file))) == expected, "\(golden.file)")
        }
    }

    @Test func jobValuesAndTheirErrors() throws {
        let scratch = try scratchFolder("batch-values")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
        let lines = [
            // A number for a text option, a string for a number option, a leading "--".
            #"{"command": "badge", "label": "build", "message": 42, "--label-color": "red", "output": "\#(path("1.svg"))"}"#,
            #"{"command": "circle", "args": ["Hi"], "size": "20", "output": "\#(path("2.svg"))"}"#,
            #"{"command": "badge", "message": "x", "colour": "red", "output": "\#(path("3.svg"))"}"#,
            #"{"command": "circle", "args": ["Hi"], "size": "big", "output": "\#(path("4.svg"))"}"#,
            #"{"command": "badge", "message": "x", "style": "round", "output": "\#(path("5.svg"))"}"#,
            #"{"command": "circle", "args": ["a", "b"], "output": "\#(path("6.svg"))"}"#,
            #"{"command": "circle", "args": ["Hi"], "allow-overlap": "yes", "output": "\#(path("7.svg"))"}"#,
            #"{"command": "badge", "message": "x", "output": "-"}"#,
            #"{"command": "angle", "args": [45], "frames": 10, "output": "\#(path("9.svg"))"}"#,
            #"{"command": "badge", "label": "x", "output": "\#(path("10.svg"))"}"#,
            #"["not an object"]"#,
        ]
        let jobs = scratch.appendingPathComponent("jobs.jsonl")
        try lines.joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let run = try curvetype(["batch", jobs.path])
        #expect(run.status == 1)
        #expect(run.stderr == """
            curvetype: error: job 3: "colour" is not an option of badge (did you mean color?)
            curvetype: error: job 4: "size" must be a number
            curvetype: error: job 5: "style" must be one of flat, flat-square, plastic, for-the-badge, social, not "round"
            curvetype: error: job 6: circle takes one argument in "args", not 2
            curvetype: error: job 7: "allowOverlap" is a flag: true or false
            curvetype: error: job 8: a batch job writes files, not standard output
            curvetype: error: job 9: "frames" writes a folder of files: run it on its own, not in a batch
            curvetype: error: job 10: give the badge a message ("message"), or parts ("part")
            curvetype: error: job 11: a job must be a JSON object
            curvetype: 9 of 11 jobs failed

            """)
        let alone = try curvetype(["badge", "--label", "build", "--message", "42", "--label-color", "red"])
        #expect(try String(contentsOfFile: path("1.svg"), encoding: .utf8) == alone.stdout)
        let circle = try curvetype(["circle", "Hi", "--size", "20"])
        #expect(try String(contentsOfFile: path("2.svg"), encoding: .utf8) == circle.stdout)
    }

    /// A job that fails leaves no folder behind: a path that names a folder is refused before
    /// anything is made, and folders made for a job whose other file cannot be written are taken
    /// away again (`"output": "new.svg/"` once left `new.svg/`).
    /// A file that is not JSON is refused in one line (a picture gave an error a line, 179,453
    /// of them); a run of many failed jobs lists twenty and counts the rest.
    @Test func manyFailuresAreCounted() throws {
        let scratch = try scratchFolder("batch-many")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let picture = packageRoot.appendingPathComponent("Docs/gallery/circle.png").path
        let binary = try curvetype(["batch", picture])
        #expect(binary.status != 0 && binary.stderr == "curvetype: error: the jobs file is not JSON: it must be a JSON array of jobs, or one job (a JSON object) a line\n", "\(binary.stderr)")
        let jobs = (0..<30).map { #"{"command": "circle", "args": ["x"], "radius": -1, "output": "o\#($0).svg"}"# }.joined(separator: "\n")
        let file = scratch.appendingPathComponent("jobs.jsonl")
        try Data(jobs.utf8).write(to: file)
        let run = try curvetype(["batch", file.path])
        let lines = run.stderr.split(separator: "\n")
        #expect(run.status != 0 && lines.count == 22, "\(run.stderr)")
        #expect(lines.contains("curvetype: error: and 10 more jobs failed, not listed"))
    }

    @Test func failedJobsLeaveNoFolders() throws {
        let scratch = try scratchFolder("batch-folders")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // By hand: URL drops a trailing slash, which is the point here.
        func path(_ name: String) -> String { scratch.path + "/" + name }
        let lines = [
            #"{"command": "badge", "message": "m", "output": "\#(path("new.svg/"))"}"#,
            #"{"command": "badge", "message": "m", "output": "\#(path("made/deep/x.svg"))", "layout": "\#(path("other/y/"))"}"#,
            #"{"command": "badge", "message": "m", "output": "\#(path("kept/z.svg"))"}"#,
        ]
        let jobs = scratch.appendingPathComponent("jobs.jsonl")
        try lines.joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let run = try curvetype(["batch", jobs.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("job 1: cannot write \(path("new.svg/")): it names a folder, not a file"), "\(run.stderr)")
        #expect(run.stderr.contains("job 2: cannot write \(path("other/y/")): it names a folder, not a file"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("new.svg")))
        #expect(!FileManager.default.fileExists(atPath: path("made")))
        #expect(!FileManager.default.fileExists(atPath: path("other")))
        #expect(FileManager.default.fileExists(atPath: path("kept/z.svg")))
    }
}
