// swift-tools-version: 6.1
import Foundation
import PackageDescription

// CurveType's command line, its server, and everything that tests and measures them: the
// library itself is the package one folder up (../Package.swift), which depends on nothing, so a
// package that uses the library never resolves the argument parser or the HTTP stack named here.
// `make` builds from here with the build folder at the repository's root (.build).

/// The library's package identity: SwiftPM names a package found by path after its folder, which
/// is whatever the repository was cloned as.
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .standardizedFileURL.lastPathComponent
let curveType = Target.Dependency.product(name: "CurveType", package: library)

let package = Package(
    name: "CurveTypeTools",
    products: [
        .executable(name: "curvetype", targets: ["curvetype"]),
        // The badge and preview server: its own product, so the CLI links no HTTP stack.
        .executable(name: "curvetype-server", targets: ["curvetype-server"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The server: HTTP on SwiftNIO, graceful shutdown, metrics, logs, gzip. No default
        // traits: the server reads its settings from its command line, not swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // `merge`'s CSV rows (RFC 4180, streamed from the file): the command line's, so the
        // library's package still depends on nothing.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        .executableTarget(
            name: "curvetype",
            dependencies: [curveType, "CurveTypeCSV"]),
        // `merge`'s CSV rows, read by CSV.swift, for the command line and the server.
        .target(
            name: "CurveTypeCSV",
            dependencies: [curveType, .product(name: "CSV", package: "CSV.swift")]),

        // HTTP requests ─▶ the library's requests ─▶ SVG responses (routes, caching, limits,
        // metrics, the playground's page); the executable only reads its flags and runs it.
        .target(
            name: "CurveTypeServer",
            dependencies: [
                curveType,
                "CurveTypeCSV",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            // The playground's page, script and style, compiled in: the binary is the whole
            // deployable.
            resources: [
                .embedInCode("Playground/index.html"), .embedInCode("Playground/playground.js"),
                .embedInCode("Playground/playground.css"),
            ]),
        .executableTarget(
            name: "curvetype-server",
            dependencies: ["CurveTypeServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // `make bench`: in-process benchmarks (never timed unit tests).
        .executableTarget(
            name: "curvetype-bench", dependencies: [curveType], path: "Benchmarks", exclude: ["run.py", "server.py", "instruction_budget.json", "reference", "BareRoute"]),
        // `make bench-server`'s anchor: a bare Hummingbird route returning a fixed SVG.
        .executableTarget(
            name: "curvetype-bench-bare-route", dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Benchmarks/BareRoute"),

        // Tests/TestSupport links to the library's ../Tests/TestSupport: one set of helpers.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "FixtureTests", dependencies: [curveType, "curvetype", "TestSupport"]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "CurveTypeServer", "CurveTypeCSV", curveType, "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz` (CURVETYPE_FUZZ=1, built with -sanitize=fuzzer): one libFuzzer target per parser of
// untrusted bytes. They have no `main` (libFuzzer brings it), so an ordinary build leaves them out.
if ProcessInfo.processInfo.environment["CURVETYPE_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for name in ["FuzzColor", "FuzzLogo", "FuzzImage", "FuzzBatch", "FuzzFont", "FuzzFeatures", "FuzzPathData", "FuzzWarp", "FuzzBadgeData", "FuzzMachine", "FuzzMerge", "FuzzQuery"] {
        package.targets.append(.executableTarget(name: name, dependencies: [curveType, "FuzzSupport"] + (name == "FuzzMerge" ? ["CurveTypeCSV"] : []), path: "Fuzz/\(name)"))
    }
}
