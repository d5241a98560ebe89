import Foundation
import TestSupport
import Testing

/// Every public declaration of the library has a doc comment: a `///` line right above it (above
/// its attributes, if any). `make docs` checks that the comments' symbol links and parameter
/// names resolve; this checks that none is missing.
@Suite struct DocCommentTests {
    @Test func everyPublicDeclarationIsDocumented() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 40)
        var declarations = 0
        var undocumented: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            var previous = ""
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("@") && !trimmed.contains(" public ") { continue }  // an attribute on its own line
                var words = trimmed.split(separator: " ").drop { $0.hasPrefix("@") }
                if words.first == "public", let next = words.dropFirst().first, next != "import", next != "extension" {
                    declarations += 1
                    if !(previous.hasPrefix("///") || previous.hasSuffix("*/")) {
                        undocumented.append("\(file):\(number + 1): \(trimmed.prefix(80))")
                    }
                }
                words = []
                previous = trimmed
            }
        }
        #expect(declarations > 1000)
        #expect(undocumented.isEmpty, "\(undocumented.count) of \(declarations) public declarations have no doc comment:\n\(undocumented.joined(separator: "\n"))")
    }
}
