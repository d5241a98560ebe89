import CurveType
import Foundation
import TestSupport
import Testing

@Suite struct InputTests {
    /// A reader that has handed out more than 64 KiB moves its unread bytes to the front when it
    /// reads on; a line split across that move must still be found whole (this once trapped on
    /// a 10,000-job batch file).
    @Test func linesAcrossManyReadsComeOutWhole() throws {
        let scratch = try scratchFolder("lines")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lines = (0..<20_000).map { "line \($0) " + String(repeating: "x", count: $0 % 97) }
        let file = scratch.appendingPathComponent("lines.txt")
        try (lines.joined(separator: "\r\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let reader = try LineReader(path: file.path, lineLimit: 1 << 20)
        var read: [String] = []
        while let line = try reader.nextLine() {
            guard case .text(let bytes) = line else { Issue.record("a line was too long"); break }
            read.append(String(decoding: bytes, as: UTF8.self))
        }
        #expect(read == lines)
    }
}
