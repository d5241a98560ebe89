// libFuzzer target: badge data read from files and READMEs, whose bytes are the user's or a
// stranger's (a CI job's JSON, a README from anywhere, a POST body). The first byte picks the
// reader: 0 shields' endpoint document (then its badge drawn), 1 a JSON document queried by the
// first line's JSONPath, 2 a README rewritten by readme-badges (every line kept a line).
// Built only by `make fuzz` (CURVETYPE_FUZZ=1, -sanitize=fuzzer).
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let input = bytes(data, size)
    guard let mode = input.first else { return 0 }
    let body = Array(input.dropFirst())
    switch mode % 3 {
    case 0:
        guard let endpoint = try? BadgeEndpoint(json: body, what: "fuzz") else { return 0 }
        let options = endpoint.options()
        let names = Set(QueryCommand.options(of: "badge").map(\.name))
        precondition(options.allSatisfy { names.contains($0.name) }, "an endpoint option the badge does not take: \(options)")
        // Drawn as the server draws it; a refusal is fine, a crash is not.
        _ = try? QueryCommand("badge", items: options).request().renderDocument().svg
    case 1:
        let text = String(decoding: body, as: UTF8.self)
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard lines.count == 2, let query = try? JSONQuery(String(lines[0])),
              let document = try? JSONValue.parse(Array(lines[1].utf8), what: "fuzz") else { return 0 }
        _ = try? query.message(in: document, file: "fuzz")
    default:
        let text = String(decoding: body, as: UTF8.self)
        for look in [ReadmeBadges.Look.theme(.shields), .picture] {
            guard let plan = try? ReadmeBadges(readme: text, folder: "badges", look: look, manifest: nil) else { continue }
            let before = text.split(separator: "\n", omittingEmptySubsequences: false).count
            let after = plan.readme.split(separator: "\n", omittingEmptySubsequences: false).count
            precondition(before == after, "the rewrite changed the number of lines: \(before) → \(after)")
        }
    }
    return 0
})
