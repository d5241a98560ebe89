import CurveType
import Foundation
import Testing

/// The package's root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fontsFolder(_ name: String) -> String { packageRoot.appendingPathComponent("Fonts/\(name)").path }

/// A deterministic pseudo-random generator (SplitMix64), so property tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs a program and returns its exit status, stdout and stderr.
func runProcess(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
    final class Collected: @unchecked Sendable { var data = Data() }
    let stderr = Collected()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        stderr.data = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, stdout, stderr.data)
}

/// The path of a program on PATH.
func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// One glyph of `hb-shape --output-format=json --no-glyph-names --font-size=upem`.
struct HBGlyph: Decodable {
    var g: UInt32
    var cl: Int
    var dx: Double
    var dy: Double
    var ax: Double
}

/// Shapes `text` with the `hb-shape` program: an independent check of our own shaping.
func hbShape(fontFile: String, text: String, features: String? = nil) throws -> [HBGlyph] {
    guard let hb = which("hb-shape") else {
        Issue.record("hb-shape is not installed: `make test` installs it (Debian libharfbuzz-bin)")
        return []
    }
    // UTF-8 text, so clusters are byte offsets as ours are (with --unicodes they would count code points).
    var args = ["--font-size=upem", "--output-format=json", "--no-glyph-names", "--utf8-clusters", "--text=\(text)", fontFile]
    if let features { args.insert("--features=\(features)", at: 0) }
    let result = try runProcess(hb, args)
    #expect(result.status == 0, "hb-shape failed: \(String(decoding: result.stderr, as: UTF8.self))")
    return try JSONDecoder().decode([HBGlyph].self, from: result.stdout)
}
