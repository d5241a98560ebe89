// libFuzzer target: the text-warp preset notation and DrawingML's formula language, read and
// evaluated; and `--adjust` text read against a preset. Built only by `make fuzz`.
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let input = bytes(data, size)
    guard let mode = input.first else { return 0 }
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    switch mode % 3 {
    case 0:
        // Presets in our notation: every one read is evaluated in two boxes at its defaults and
        // at each end of its adjust ranges; every point is finite and every path measurable.
        guard let presets = try? TextWarpPreset.read(notation: text) else { return 0 }
        for preset in presets.prefix(8) {
            var settings: [[String: Double]] = [[:]]
            for adjustment in preset.adjustments.prefix(4) {
                settings += [[adjustment.name: adjustment.minimum], [adjustment.name: adjustment.maximum]]
            }
            for adjust in settings {
                guard let edges = try? preset.edges(width: 300, height: 120, adjust: adjust) else { continue }
                for edge in edges {
                    precondition(edge.largestCoordinate().map { $0.isFinite } ?? true, "a non-finite point")
                    if let curve = PathCurve(edge) { precondition(curve.length.isFinite, "length \(curve.length)") }
                }
            }
        }
    case 1:
        // One formula per line, each defining a guide the next may use.
        var values = ShapeGuideValues(width: 200, height: 100)
        for (index, line) in text.split(separator: "\n").prefix(64).enumerated() {
            guard let formula = try? ShapeGuideFormula(parsing: line) else { continue }
            if let value = try? formula.evaluate(values) {
                precondition(value.isFinite, "\(formula) gave \(value)")
                values.define("g\(index)", value)
            }
        }
    default:
        // `--adjust` text against a preset the first byte picks.
        let presets = TextWarpPreset.all
        guard !presets.isEmpty else { return 0 }
        let preset = presets[Int(mode / 3) % presets.count]
        _ = try? CommandInvocation(arguments: ["warp", "x", "--preset", preset.name, "--adjust", text]).request()
    }
    return 0
})
