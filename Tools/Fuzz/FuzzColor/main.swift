// libFuzzer target: colour values as users type them (`--fill`, `--color`, `--label-color`).
// Built only by `make fuzz` (CURVETYPE_FUZZ=1, -sanitize=fuzzer).
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    if let color = try? SVGColor(parsing: text) {
        // What is accepted is written as a value no attribute can be broken out of.
        precondition(!color.value.contains { "\"<>&".contains($0) }, "colour value not inert: \(color.value)")
    }
    if let color = try? BadgeColor.parse(text) {
        precondition(!color.value.contains { "\"<>&".contains($0) }, "badge colour not inert: \(color.value)")
    }
    return 0
})
