import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

/// One golden case: a line of `Fixtures/<command>/cases.txt`.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    var command: String
    var name: String
    var arguments: [String]
    var testDescription: String { "\(command) \(name)" }

    static func all() -> [GoldenCase] {
        var cases: [GoldenCase] = []
        let commands = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        for command in commands.sorted() {
            let file = fixtures.appendingPathComponent("\(command)/cases.txt")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
                guard let words = try? shellWords(String(line)), let name = words.first else { continue }
                cases.append(GoldenCase(command: command, name: name, arguments: Array(words.dropFirst())))
            }
        }
        return cases
    }
}

@Suite struct GoldenTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    @Test func thereAreCases() {
        #expect(GoldenCase.all().count >= 16)
    }

    /// Renders the case and compares it byte for byte with its golden SVG (`compare`), the
    /// actual output kept beside it as NAME.actual.svg when they differ.
    @Test(arguments: GoldenCase.all())
    func matchesGoldenFile(_ golden: GoldenCase) throws {
        let folder = fixtures.appendingPathComponent(golden.command)
        let expectedURL = folder.appendingPathComponent("\(golden.name).svg")
        let actualURL = folder.appendingPathComponent("\(golden.name).actual.svg")
        let scratch = try scratchFolder("golden")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out.svg")
        let run = try curvetype([golden.command] + golden.arguments + ["-o", output.path])
        try #require(run.status == 0, "curvetype failed: \(run.stderr)")
        let actual = try Data(contentsOf: output)
        let parser = XMLParser(data: actual)
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")

        try compare(actual, withGolden: expectedURL, keepingActualAt: actualURL, named: "\(golden.command) \(golden.name)")
    }
}

/// Compares `actual` with the golden file at `expectedURL` byte for byte: a mismatch prints a
/// line diff and keeps the actual output at `actualURL`. With CURVETYPE_RECORD=1 (`make
/// fixtures`) the golden file is rewritten and the test still fails, so nothing is recorded
/// silently.
func compare(_ actual: Data, withGolden expectedURL: URL, keepingActualAt actualURL: URL, named name: String) throws {
    if ProcessInfo.processInfo.environment["CURVETYPE_RECORD"] == "1" {
        try actual.write(to: expectedURL)
        try? FileManager.default.removeItem(at: actualURL)
        Issue.record("recorded \(expectedURL.lastPathComponent): draw it and look at it before committing")
        return
    }
    guard let expected = try? Data(contentsOf: expectedURL) else {
        try actual.write(to: actualURL)
        Issue.record("no golden file \(expectedURL.path); wrote \(actualURL.lastPathComponent) (record with `make fixtures`)")
        return
    }
    if expected == actual {
        try? FileManager.default.removeItem(at: actualURL)
    } else {
        try actual.write(to: actualURL)
        Issue.record("\(name) differs from its golden file; actual kept at \(actualURL.path)\n\(lineDiff(expected, actual))")
    }
}

/// One golden machine file: a line of `Fixtures/machine/goldens.txt`, its file name (which
/// names its format) and the arguments that draw it.
struct MachineGolden: CustomTestStringConvertible, Sendable {
    var file: String
    var arguments: [String]
    var testDescription: String { "machine \(file)" }

    static func all() -> [MachineGolden] {
        guard let text = try? String(contentsOf: fixtures.appendingPathComponent("machine/goldens.txt"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let words = try? shellWords(String(line)), let file = words.first else { return nil }
            return MachineGolden(file: file, arguments: Array(words.dropFirst()))
        }
    }
}

@Suite struct MachineGoldenTests {
    // Cases name fonts in Fixtures by relative paths.
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    @Test func thereAreCases() {
        #expect(MachineGolden.all().count >= 5)
    }

    /// Draws the file and compares it byte for byte with its golden file (`compare`).
    @Test(arguments: MachineGolden.all())
    func matchesGoldenFile(_ golden: MachineGolden) throws {
        let expectedURL = fixtures.appendingPathComponent("machine/\(golden.file)")
        let actualURL = fixtures.appendingPathComponent("machine/\(golden.file).actual")
        let scratch = try scratchFolder("machine-golden")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let extensionName = golden.file.hasSuffix(".plotter.svg") ? "svg" : (golden.file as NSString).pathExtension
        let output = scratch.appendingPathComponent("out.\(extensionName)")
        let run = try curvetype(golden.arguments + ["-o", output.path])
        try #require(run.status == 0, "curvetype failed: \(run.stderr)")
        let actual = try Data(contentsOf: output)
        if extensionName == "svg" {
            let parser = XMLParser(data: actual)
            #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        }
        try compare(actual, withGolden: expectedURL, keepingActualAt: actualURL, named: golden.file)
    }
}

/// The differing lines of two texts, `-` expected and `+` actual, at most 20 pairs.
func lineDiff(_ expected: Data, _ actual: Data) -> String {
    let a = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let b = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for i in 0..<max(a.count, b.count) where out.count < 40 {
        let x = i < a.count ? String(a[i]) : nil, y = i < b.count ? String(b[i]) : nil
        if x != y {
            if let x { out.append("line \(i + 1) - \(x.prefix(200))") }
            if let y { out.append("line \(i + 1) + \(y.prefix(200))") }
        }
    }
    return out.joined(separator: "\n")
}
