import CurveType
import Foundation
import TestSupport
import Testing

/// Every result's `layoutReport` is its layout JSON as values: for every golden case, the
/// documented bytes decode (JSONDecoder) to exactly the report, and they hold the same fields
/// as JSONEncoder's encoding of it, so neither can gain a field the other lacks.
@Suite struct LayoutReportTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    @Test(arguments: GoldenCase.all())
    func layoutJSONIsTheReport(_ golden: GoldenCase) throws {
        let invocation = try CommandInvocation(arguments: [golden.command] + golden.arguments)
        switch try invocation.request() {
        case let r as CircleTextRequest: let x = try r.render(); try check(x.layoutReport, x.layoutJSON)
        case let r as SpiralRequest: let x = try r.render(); try check(x.layoutReport, x.layoutJSON)
        case let r as PathTextRequest: let x = try r.render(); try check(x.layoutReport, x.layoutJSON)
        case let r as FitRequest: let x = try r.render(); try check(x.layoutReport, x.layoutJSON)
        case let r as AngleRequest: let x = try r.render(); try check(x.layoutReport, x.layoutJSON)
        case let r as BadgeRequest: let x = try r.render(); try check(x.layoutReport, x.layoutJSON)
        case let r as SealRequest: let x = try r.render(); try check(x.layoutReport, x.layoutJSON)
        case let r as WarpRequest: let x = try r.render(); try check(x.layoutReport, x.layoutJSON)
        case let r: Issue.record("no report for \(type(of: r))")
        }
    }

    /// Under `--units`, the layout JSON says which unit the lengths were given in and how many
    /// px make one; the rest is the px document a px run writes (it said px and nothing else).
    @Test(arguments: [("mm", 96 / 25.4), ("in", 96.0), ("pt", 96.0 / 72)])
    func layoutJSONStatesTheUnit(unit: String, px: Double) throws {
        let given = try curvetype(["seal", "--ring", "TEST SEAL", "--units", unit, "--radius", "20", "-o", "/dev/null", "--layout", "-"])
        #expect(given.status == 0, "\(given.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(given.stdout.utf8)) as? [String: Any])
        let stated = try #require(object["unit"] as? [String: Any])
        #expect(stated["name"] as? String == unit)
        #expect(stated["px"] as? Double == px)
        let radii = try #require(object["radii"] as? [Double])
        #expect(abs(radii[0] - 20 * px) < 1e-9, "the lengths stay px: \(radii)")
        let plain = try curvetype(["seal", "--ring", "TEST SEAL", "--radius", "\(20 * px)", "-o", "/dev/null", "--layout", "-"])
        #expect(!plain.stdout.contains("\"unit\""))
        #expect(given.stdout.hasSuffix(String(plain.stdout.dropFirst())))
    }

    func check<Report: Codable & Equatable>(_ report: Report, _ json: String) throws {
        let bytes = Data(json.utf8)
        #expect(try JSONDecoder().decode(Report.self, from: bytes) == report)
        let encoded = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(Report.self, from: encoded) == report)
        // The same fields: JSONEncoder leaves out a nil, the documented JSON writes null.
        let documented = withoutNulls(try JSONSerialization.jsonObject(with: bytes))
        let synthesized = withoutNulls(try JSONSerialization.jsonObject(with: encoded))
        #expect(keyPaths(documented) == keyPaths(synthesized))
    }

    func withoutNulls(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { !($0.value is NSNull) }.mapValues(withoutNulls)
        }
        if let array = value as? [Any] { return array.map(withoutNulls) }
        return value
    }

    /// Every key path in a JSON value (`glyphs[].x`), once each.
    func keyPaths(_ value: Any, _ prefix: String = "") -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set<String>()) { paths, entry in
                let path = prefix + "." + entry.key
                paths.insert(path)
                paths.formUnion(keyPaths(entry.value, path))
            }
        }
        if let array = value as? [Any] {
            return array.reduce(into: Set<String>()) { $0.formUnion(keyPaths($1, prefix + "[]")) }
        }
        return []
    }
}
