import CurveType
@testable import CurveTypeServer
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// Static-badge URLs copied from public READMEs (Fixtures/badge-corpus/urls.tsv, with the
/// repository each came from), replayed against the server. Each must be answered 200 with what
/// shields draws for it: its accessible text, its style's height, and a logo wherever shields
/// draws one. The expectations (expected.tsv) come from shields' rules run by other code
/// (expect.py: Python's backtracking `re` on shields' route pattern, logo names looked up in
/// PyPI's simple-icons-pack itself). Every URL that does not match must be explained in
/// differences.tsv, and every explained one must still differ, so the list stays true.
@Suite struct BadgeCorpusTests {
    struct Expectation {
        var url: String
        var target: String
        var accessible: String
        var height: String
        var logo: Bool
    }

    static func rows(_ file: String) throws -> [[String]] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Fixtures/badge-corpus/\(file)"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    static func expectations() throws -> [Expectation] {
        let urls = try rows("urls.tsv")
        let expected = try rows("expected.tsv")
        precondition(urls.count == expected.count, "expected.tsv is not made from urls.tsv: run expect.py")
        return zip(urls, expected).map { url, row in
            Expectation(url: url[2], target: row[0], accessible: row[1], height: row[2], logo: row[3] == "yes")
        }
    }

    /// The `aria-label`, `height` and logo of an SVG badge as drawn.
    static func drawn(_ svg: String) -> (accessible: String?, height: String?, logo: Bool) {
        func attribute(_ name: String) -> String? {
            guard let start = svg.firstRange(of: " \(name)=\"") else { return nil }
            let value = svg[start.upperBound...].prefix { $0 != "\"" }
            return String(value).replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
                .replacing("&#39;", with: "'").replacing("&apos;", with: "'").replacing("&amp;", with: "&")
        }
        // A logo is a nested <svg> or an <image> 14 px high at the logo's place.
        let logo = svg.contains(/<(svg|image) x="[0-9.]+" y="[0-9.]+" width="[0-9.]+" height="14"/)
        return (attribute("aria-label"), attribute("height"), logo)
    }

    @Test func readmeBadgesDrawAsShieldsDraws() async throws {
        let expectations = try Self.expectations()
        let explained = Dictionary(try Self.rows("differences.tsv").map { ($0[0], $0.count > 1 ? $0[1] : "") }, uniquingKeysWith: { a, _ in a })
        let differing = try await CurveTypeServer.application(configuration: {
            var configuration = ServerConfiguration()
            configuration.port = 0
            return configuration
        }()).test(.router) { client in
            var differing: [String: String] = [:]
            for expectation in expectations {
                let response = try await client.execute(uri: expectation.target, method: .get)
                let body = String(buffer: response.body)
                let drawn = Self.drawn(body)
                var problems: [String] = []
                if response.status != .ok { problems.append("status \(response.status.code): \(body.prefix(120))") }
                if drawn.accessible != expectation.accessible { problems.append("text \(drawn.accessible ?? "none"), shields: \(expectation.accessible)") }
                if drawn.height != expectation.height { problems.append("height \(drawn.height ?? "none"), shields: \(expectation.height)") }
                if drawn.logo != expectation.logo { problems.append(expectation.logo ? "no logo, shields draws one" : "a logo, shields draws none") }
                if !problems.isEmpty { differing[expectation.url] = problems.joined(separator: "; ") }
            }
            return differing
        }
        let share = Double(expectations.count - differing.count) / Double(expectations.count)
        print("badge corpus: \(expectations.count - differing.count) of \(expectations.count) URLs as shields draws them (\(String(format: "%.1f", share * 100)) %), from \(Set(try Self.rows("urls.tsv").map { $0[0] }).count) repositories")
        for (url, problem) in differing.sorted(by: { $0.key < $1.key }) {
            print("  differs: \(url): \(problem) — \(explained[url] ?? "NOT EXPLAINED")")
        }
        #expect(expectations.count >= 300)
        #expect(share >= 0.99)
        for (url, problem) in differing where explained[url] == nil {
            Issue.record("\(url) differs from shields and differences.tsv does not explain why: \(problem)")
        }
        for url in explained.keys where differing[url] == nil {
            Issue.record("\(url) is in differences.tsv but now draws as shields draws: take it out")
        }
    }
}
