import CurveType
import Foundation
import TestSupport
import Testing

/// One glyph of `hb-shape --output-format=json --no-glyph-names --font-size=upem`.
struct HBGlyph: Decodable {
    var g: UInt32
    var cl: Int
    var dx: Double
    var dy: Double
    var ax: Double
}

/// Shapes `text` with the `hb-shape` program: an independent check of our own shaping.
func hbShape(fontFile: String, text: String, features: String? = nil, direction: String? = nil,
             variations: String? = nil) throws -> [HBGlyph] {
    guard let hb = which("hb-shape") else {
        Issue.record("hb-shape is not installed: `make test` installs it (Debian libharfbuzz-bin)")
        return []
    }
    // UTF-8 text, so clusters are byte offsets as ours are (with --unicodes they would count code points).
    var args = ["--font-size=upem", "--output-format=json", "--no-glyph-names", "--utf8-clusters", "--text=\(text)", fontFile]
    if let features { args.insert("--features=\(features)", at: 0) }
    if let direction { args.insert("--direction=\(direction)", at: 0) }
    if let variations { args.insert("--variations=\(variations)", at: 0) }
    let result = try runProcess(hb, args)
    #expect(result.status == 0, "hb-shape failed: \(String(decoding: result.stderr, as: UTF8.self))")
    return try JSONDecoder().decode([HBGlyph].self, from: result.stdout)
}

/// The segment from `a` to `b` as its ends in a fixed order (the lesser point first), the same
/// either way it is traced: to find a segment traced twice.
func undirectedSegment(_ a: Point, _ b: Point) -> [Double] {
    a.x < b.x || (a.x == b.x && a.y < b.y) ? [a.x, a.y, b.x, b.y] : [b.x, b.y, a.x, a.y]
}
