import Foundation
import TestSupport
import Testing

let fixtures = packageRoot.appendingPathComponent("Fixtures")

/// The `curvetype` built beside this test bundle (SwiftPM builds it: this target depends on it),
/// or `$CURVETYPE_BIN`.
let curvetypeBinary: String = {
    if let override = ProcessInfo.processInfo.environment["CURVETYPE_BIN"] { return override }
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for dir in [here, here.deletingLastPathComponent()] {
        let candidate = dir.appendingPathComponent("curvetype").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return packageRoot.appendingPathComponent(".build/debug/curvetype").path
}()

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Standard output as bytes (a PNG, a PDF).
    var stdoutBytes: [UInt8] = []
}

/// Runs `curvetype` with `arguments`, no standard input.
func curvetype(_ arguments: [String]) throws -> RunResult {
    let result = try runProcess(curvetypeBinary, arguments)
    return RunResult(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
                     stderr: String(decoding: result.stderr, as: UTF8.self), stdoutBytes: [UInt8](result.stdout))
}

/// Splits a line into words as a POSIX shell would for '…', "…" (with \" and \\) and bare words,
/// and as bash, zsh and ksh read $'…' (\n, \t, \\ and \' escaped): a line feed in one word.
func shellWords(_ line: String) throws -> [String] {
    struct Unbalanced: Error {}
    var words: [String] = []
    var word = ""
    var inWord = false
    var chars = Array(line)[...]
    while let c = chars.popFirst() {
        switch c {
        case "$" where chars.first == "'":
            inWord = true
            chars = chars.dropFirst()
            while true {
                guard let d = chars.popFirst() else { throw Unbalanced() }
                if d == "'" { break }
                guard d == "\\", let next = chars.popFirst() else { word.append(d); continue }
                switch next {
                case "n": word.append("\n")
                case "t": word.append("\t")
                default: word.append(next)
                }
            }
        case " ", "\t":
            if inWord { words.append(word); word = ""; inWord = false }
        case "'":
            inWord = true
            guard let end = chars.firstIndex(of: "'") else { throw Unbalanced() }
            word += String(chars[..<end])
            chars = chars[(end + 1)...]
        case "\"":
            inWord = true
            while true {
                guard let d = chars.popFirst() else { throw Unbalanced() }
                if d == "\"" { break }
                if d == "\\", let next = chars.first, next == "\"" || next == "\\" {
                    word.append(next)
                    chars = chars.dropFirst()
                } else {
                    word.append(d)
                }
            }
        case "\\":
            inWord = true
            if let next = chars.popFirst() { word.append(next) }
        default:
            inWord = true
            word.append(c)
        }
    }
    if inWord { words.append(word) }
    return words
}
