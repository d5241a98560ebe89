// libFuzzer target: SVG path data (`d`), read into a path and measured by arc length. Built
// only by `make fuzz`.
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    // The same bytes as an SVG transform list (a path file's `transform`).
    if let map = SafeSVG.transform(text) {
        _ = map.apply(Point(x: 1, y: 1))
    }
    guard let path = try? Path(svgPathData: text) else { return 0 }
    for element in path.elements {
        switch element {
        case .move(let p), .line(let p): precondition(p.isFinite, "a non-finite point")
        case .quad(let c, let p): precondition(c.isFinite && p.isFinite, "a non-finite point")
        case .cubic(let c1, let c2, let p): precondition(c1.isFinite && c2.isFinite && p.isFinite, "a non-finite point")
        case .close: break
        }
    }
    // Every length along the curve gives a point on it (finite paths measure finitely).
    if let curve = PathCurve(path) {
        precondition(curve.length.isFinite && curve.length > 0, "length \(curve.length)")
        for i in 0...8 {
            let frame = curve.pointAndTangent(atArcLength: curve.length * Double(i) / 8)
            precondition(frame.point.isFinite && frame.tangent.isFinite, "a non-finite frame")
        }
    }
    return 0
})
