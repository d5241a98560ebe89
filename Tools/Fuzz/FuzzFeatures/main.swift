// libFuzzer target: OpenType feature settings (`--features`) parsed by HarfBuzz and used to
// shape. Built only by `make fuzz`.
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    let features = text.split(separator: ",").prefix(64).compactMap { FontFeature(String($0)) }
    guard !features.isEmpty, let stack = try? FontStack.resolve(.default) else { return 0 }
    _ = stack.shape("office ﬁ AVA 123", features: features)
    return 0
})
