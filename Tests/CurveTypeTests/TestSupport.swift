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
    /// The vertical advance (y up: negative down the line), where it is shaped top to bottom.
    var ay: Double?
}

/// Something the machine may lack that a test checks against (a program, a data file, a
/// Python module). Where it is missing the test is cancelled, which `swift test` lists as
/// skipped with why; under `make test`, which installs all of it and sets
/// CURVETYPE_REQUIRE_TOOLS=1, a missing one fails the test instead, so nothing is skipped there.
struct Missing: Error, CustomStringConvertible {
    let description: String
}

/// Goes on where `present`; else skips the test (or fails it under `make test`) saying that
/// `what` is missing and how to get it.
func needs(_ what: String, _ present: Bool, install: String) throws {
    guard !present else { return }
    let why = "\(what) is missing: \(install) (`make test` installs it)"
    if ProcessInfo.processInfo.environment["CURVETYPE_REQUIRE_TOOLS"] == "1" { throw Missing(description: why) }
    try Test.cancel(Comment(rawValue: why))
}

/// The file at `path`, which the test needs (`install` says where it comes from).
@discardableResult
func neededFile(_ path: String, install: String) throws -> String {
    try needs(path, FileManager.default.fileExists(atPath: path), install: install)
    return path
}

/// The program `name` on the PATH, which the test needs.
func neededProgram(_ name: String, install: String) throws -> String {
    let found = which(name)
    try needs("the program \(name)", found != nil, install: install)
    return found ?? name
}

/// The system's Python with fontTools, which the test needs.
func neededFontTools() throws -> String {
    let python = "/usr/bin/python3"
    let present = FileManager.default.isExecutableFile(atPath: python) && ((try? runProcess(python, ["-c", "import fontTools"]))?.status == 0)
    try needs("Python's fontTools", present, install: "Debian python3-fonttools")
    return python
}

/// Noto Color Emoji, which some tests draw with.
@discardableResult
func neededEmojiFont() throws -> String {
    try neededFile("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", install: "Debian fonts-noto-color-emoji")
}

/// Shapes `text` with the `hb-shape` program: an independent check of our own shaping.
func hbShape(fontFile: String, text: String, features: String? = nil, direction: String? = nil,
             variations: String? = nil, faceIndex: Int = 0) throws -> [HBGlyph] {
    let hb = try neededProgram("hb-shape", install: "Debian libharfbuzz-bin")
    // UTF-8 text, so clusters are byte offsets as ours are (with --unicodes they would count code points).
    var args = ["--font-size=upem", "--output-format=json", "--no-glyph-names", "--utf8-clusters", "--text=\(text)", fontFile]
    if let features { args.insert("--features=\(features)", at: 0) }
    if let direction { args.insert("--direction=\(direction)", at: 0) }
    if let variations { args.insert("--variations=\(variations)", at: 0) }
    if faceIndex != 0 { args.insert("--face-index=\(faceIndex)", at: 0) }
    let result = try runProcess(hb, args)
    #expect(result.status == 0, "hb-shape failed: \(String(decoding: result.stderr, as: UTF8.self))")
    return try JSONDecoder().decode([HBGlyph].self, from: result.stdout)
}

/// The segment from `a` to `b` as its ends in a fixed order (the lesser point first), the same
/// either way it is traced: to find a segment traced twice.
func undirectedSegment(_ a: Point, _ b: Point) -> [Double] {
    a.x < b.x || (a.x == b.x && a.y < b.y) ? [a.x, a.y, b.x, b.y] : [b.x, b.y, a.x, a.y]
}
