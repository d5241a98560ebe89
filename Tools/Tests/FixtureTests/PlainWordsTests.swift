import ArgumentParser
@testable import CurveType
@testable import curvetype
import Foundation
import TestSupport
import Testing

/// The CLI reads plain words straight into the library's options (`CommandInvocation.plain`)
/// and leaves everything else to ArgumentParser. These tests hold the two paths to one answer:
/// the same option names and kinds, the same options for every golden case, the same bytes.
@Suite struct PlainWordsTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    /// Each rendering command's ArgumentParser type, by name.
    static let commands: [String: ParsableCommand.Type] = [
        "badge": BadgeCommand.self, "seal": SealCommand.self, "circle": CircleCommand.self,
        "spiral": SpiralCommand.self, "fit": FitCommand.self, "angle": AngleCommand.self, "path": PathCommand.self,
    ]

    /// The options ArgumentParser builds from `arguments`, as the library's command value.
    static func parsedByArgumentParser(_ command: String, _ arguments: [String]) throws -> (JobDescription.Command, output: String?, layout: String?) {
        let parsed = try #require(commands[command]).parse(arguments)
        switch parsed {
        case let c as BadgeCommand: return (.badge(c.options), c.outputOptions.output, c.outputOptions.layout)
        case let c as SealCommand: return (.seal(c.options), c.outputOptions.output, c.outputOptions.layout)
        case let c as CircleCommand: return (.circle(c.options), c.outputOptions.output, c.outputOptions.layout)
        case let c as SpiralCommand: return (.spiral(c.options), c.outputOptions.output, c.outputOptions.layout)
        case let c as FitCommand: return (.fit(c.options), c.outputOptions.output, c.outputOptions.layout)
        case let c as AngleCommand: return (.angle(c.options), c.outputOptions.output, c.outputOptions.layout)
        case let c as PathCommand: return (.path(c.options), c.outputOptions.output, c.outputOptions.layout)
        default: throw CurveTypeError.invalidInput("no such command \(command)")
        }
    }

    /// The library's schema of each command (names, value kinds, required names) is
    /// ArgumentParser's, read from its help dump: a new option in one and not the other fails.
    @Test(arguments: ["badge", "seal", "circle", "spiral", "fit", "angle", "path"])
    func schemaIsArgumentParsers(_ command: String) throws {
        let type = try #require(Self.commands[command])
        let dump = type._dumpHelp()
        let json = try #require(JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        let arguments = try #require((json["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        var kinds: [String: OptionKind] = [:]
        var required: Set<String> = []
        for argument in arguments {
            let names = (argument["names"] as? [[String: Any]]) ?? []
            let long = names.first { $0["kind"] as? String == "long" }?["name"] as? String
            let repeating = argument["isRepeating"] as? Bool ?? false
            let kind: OptionKind = switch argument["kind"] as? String {
            case "positional": .arguments
            case "flag": .flag
            default: repeating ? .values : .value
            }
            let name = kind == .arguments ? "args" : (long ?? "")
            #expect(!name.isEmpty, "an option without a long name: \(argument)")
            if ["help", "version"].contains(name) { continue }
            let key = OptionKey.normalized(name).stringValue
            kinds[key] = kind
            if argument["isOptional"] as? Bool == false { required.insert(key) }
        }
        let schema = CommandInvocation.schema(command)
        #expect(Dictionary(uniqueKeysWithValues: schema.kinds.map { ($0.name, $0.kind) }) == kinds)
        #expect(schema.kinds.count == kinds.count)
        #expect(Set(schema.required) == required)
    }

    /// Every golden case, read from plain words, gives the options ArgumentParser gives.
    @Test(arguments: GoldenCase.all())
    func goldenCaseReadsAsArgumentParserReadsIt(_ golden: GoldenCase) throws {
        let words = golden.arguments + ["-o", "out.svg"]
        let plain = CommandInvocation.plain([golden.command] + words, shortNames: ["o": "output"])
        if words.contains(where: { $0 == "--" || ($0.hasPrefix("-") && Double($0) != nil) }) {
            // Negative numbers and `--` are ArgumentParser's to read.
            #expect(plain == nil)
            return
        }
        let expected = try Self.parsedByArgumentParser(golden.command, words)
        let invocation = try #require(plain, "plain words not read: \(words)")
        #expect(invocation.command == expected.0)
        #expect(invocation.output == expected.output)
        #expect(invocation.layout == expected.layout)
    }

    /// Words that are not plain are left to ArgumentParser, which explains them.
    @Test(arguments: [
        ["badge", "--message=ok"],
        ["badge", "--message", "ok", "-h"],
        ["badge", "--message", "ok", "--help"],
        ["badge", "--message", "ok", "--version"],
        ["badge", "--message", "ok", "--label"],
        ["badge", "--message", "ok", "--label", "-x"],
        ["badge", "--message", "ok", "--labelColor", "red"],
        ["badge", "--message", "ok", "--label-color-", "red"],
        ["badge", "--message", "ok", "--label--color", "red"],
        ["badge", "--message", "a", "--message", "b"],
        ["badge", "--label", "only"],
        ["badge", "--message", "ok", "extra"],
        ["badge", "--message", "ok", "--nope", "1"],
        ["badge", "--message", "ok", "--", "x"],
        ["badge", "--message", "ok", "-x"],
        ["circle", "hi", "--size", "big"],
        ["circle", "hi", "--start", "-30"],
        ["circle", "hi", "--allow-overlap", "--allow-overlap"],
        ["fit", "--box", "100x50", "--precision", "2.5", "hi"],
        ["angle", "--color", "red"],
        ["angle", "45", "--no-marker", "yes"],
        ["angle", "forty"],
        ["batch", "jobs.jsonl"],
        ["nope"],
        [],
    ])
    func notPlainWords(_ words: [String]) {
        #expect(CommandInvocation.plain(words, shortNames: ["o": "output"]) == nil)
    }

    /// Plain words that are read, with the values they give.
    @Test func plainWordsAreRead() throws {
        let words = ["badge", "--label", "build", "--message", "passing", "--fallback-font", "A", "--fallback-font", "B",
                     "--precision", "3", "-o", "-", "--layout", "b.json"]
        let invocation = try #require(CommandInvocation.plain(words, shortNames: ["o": "output"]))
        guard case .badge(let badge) = invocation.command else { Issue.record("not a badge"); return }
        #expect(badge.label == "build" && badge.message == "passing")
        #expect(badge.fonts.fallbackFonts == ["A", "B"])
        #expect(badge.document.precision == 3)
        #expect(invocation.output == "-" && invocation.layout == "b.json")
        let circle = try #require(CommandInvocation.plain(["circle", "--allow-overlap", "text", "--size", "1e1"]))
        guard case .circle(let options) = circle.command else { Issue.record("not a circle"); return }
        #expect(options.text == "text" && options.allowOverlap && options.size == 10)
    }

    /// Every golden case given as `--name=value` (which only ArgumentParser reads) writes its
    /// golden file's bytes, as the plain words do in GoldenTests.
    @Test func argumentParsersPathWritesTheGoldenBytes() throws {
        let scratch = try scratchFolder("argument-parser")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let flags = BatchTests.flags
        for golden in GoldenCase.all() {
            var words: [String] = []
            var rest = golden.arguments[...]
            while let word = rest.popFirst() {
                if word == "--" { words += [word] + rest; break }
                // (`--label=` is a missing value to ArgumentParser: an empty one stays a word.)
                if word.hasPrefix("--"), !flags.contains(String(word.dropFirst(2))), let value = rest.first, !value.isEmpty {
                    rest.removeFirst()
                    words.append("\(word)=\(value)")
                } else {
                    words.append(word)
                }
            }
            let output = scratch.appendingPathComponent("\(golden.command)-\(golden.name).svg")
            let run = try curvetype([golden.command] + words + ["--output=\(output.path)"])
            guard run.status == 0 else { Issue.record("\(golden.testDescription): \(run.stderr)"); continue }
            let expected = try Data(contentsOf: fixtures.appendingPathComponent("\(golden.command)/\(golden.name).svg"))
            #expect(try Data(contentsOf: output) == expected, "\(golden.testDescription)")
        }
    }
}
