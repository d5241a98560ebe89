// Runs libFuzzer's driver over one test function: SwiftPM renames an executable's `main`, so
// each fuzz target's main.swift calls the driver instead of relying on libFuzzer's own `main`.
#if canImport(Glibc)
import Glibc
#endif

public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: FuzzTest) -> Int32

/// Hands the process's arguments and `test` to libFuzzer; returns its exit status.
public func runFuzzer(_ test: FuzzTest) -> Int32 {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv, test)
}

/// The input as bytes (libFuzzer may pass a null pointer for an empty input).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
