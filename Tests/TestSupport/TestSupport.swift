// Helpers shared by the test targets: the package's folders, a seeded generator, running programs.
import Foundation

/// The repository's root: the nearest folder above this file that holds `Fixtures` and
/// `Fonts` (the file is Tests/TestSupport/TestSupport.swift, which the Tools package reaches
/// through the link Tools/Tests/TestSupport).
public let packageRoot: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
        let fixtures = folder.appendingPathComponent("Fixtures").path, fonts = folder.appendingPathComponent("Fonts").path
        if FileManager.default.fileExists(atPath: fixtures) && FileManager.default.fileExists(atPath: fonts) { return folder }
        folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}()

/// A file in the package's Fonts/ folder.
public func fontsFolder(_ name: String) -> String { packageRoot.appendingPathComponent("Fonts/\(name)").path }

/// A deterministic pseudo-random generator (SplitMix64), so property tests repeat exactly.
public struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What a finished program left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: Data
}

/// Runs a program with no standard input and returns its exit status, stdout and stderr;
/// `environment` is added to this process's own.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
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
    return ProcessResult(status: process.terminationStatus, stdout: stdout, stderr: stderr.data)
}

/// The path of a program on PATH.
public func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// A new scratch folder for one test; the caller removes it.
public func scratchFolder(_ name: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("curvetype-\(name)-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// True once the test process works in the repository's root, whichever folder `swift test`
/// started it in (SwiftPM starts it in Tools/, the package's folder): golden cases and the CLI
/// tests name files by paths from the root (`Fixtures/logos/check.svg`), and the programs they
/// run inherit the folder. Each suite that uses such paths reads it in its `init`, so the change
/// happens once, before any of their tests.
public let workingInPackageRoot: Bool = FileManager.default.changeCurrentDirectoryPath(packageRoot.path)

/// A PNG's size in pixels from its header (the IHDR chunk's width and height, big-endian, at
/// bytes 16 and 20), read without a decoder: `nil` for bytes that are no PNG.
public func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
    guard png.count >= 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
          png[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
    func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
}
