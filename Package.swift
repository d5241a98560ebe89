// swift-tools-version: 6.1
import Foundation
import PackageDescription

let package = Package(
    name: "CurveType",
    products: [
        .library(name: "CurveType", targets: ["CurveType"]),
        .executable(name: "curvetype", targets: ["curvetype"]),
        // The badge and preview server: its own product, so the CLI links no HTTP stack.
        .executable(name: "curvetype-server", targets: ["curvetype-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The server: HTTP on SwiftNIO, graceful shutdown, metrics, logs, gzip. No default
        // traits: the server reads its settings from its command line, not swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // C libraries, as system-library targets. Only CurveTypeFonts imports them.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(
            name: "CFriBiDi", pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]),
        // ICU's line break iterator (UAX #14), linked from the system like HarfBuzz. A C file
        // of its own: its header names no ICU type (see the header for why).
        .target(name: "CLineBreaks", linkerSettings: [.linkedLibrary("icuuc")]),
        // The bundled DejaVu fonts, assembled in byte for byte (`.incbin` of Fonts/*.ttf).
        .target(name: "CBundledFonts", cSettings: [.headerSearchPath("../../Fonts")]),

        // font file ─▶ shaped glyphs, outlines, metrics (FreeType, HarfBuzz, Fontconfig), and the
        // text's bidi levels (FriBiDi) and line break opportunities (ICU)
        .target(name: "CurveTypeFonts", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CFriBiDi", "CLineBreaks", "CBundledFonts", "CurveTypeGeometry"]),
        // points, angles, transforms, paths, curves with arc-length parametrisation
        .target(name: "CurveTypeGeometry"),
        // shaped glyphs × curve ─▶ placed glyphs
        .target(name: "CurveTypeLayout", dependencies: ["CurveTypeFonts", "CurveTypeGeometry"]),
        // placed glyphs + paths ─▶ deterministic SVG bytes (knows nothing of fonts)
        .target(name: "CurveTypeSVG", dependencies: ["CurveTypeGeometry"]),
        // the library facade that build scripts and the CLI call
        .target(
            name: "CurveType",
            dependencies: ["CurveTypeFonts", "CurveTypeGeometry", "CurveTypeLayout", "CurveTypeSVG"]),
        .executableTarget(
            name: "curvetype",
            dependencies: ["CurveType", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // HTTP requests ─▶ the library's requests ─▶ SVG responses (routes, caching, limits,
        // metrics, the playground's page); the executable only reads its flags and runs it.
        .target(
            name: "CurveTypeServer",
            dependencies: [
                "CurveType",
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
            name: "curvetype-bench", dependencies: ["CurveType"], path: "Benchmarks", exclude: ["run.py", "server.py", "reference"]),

        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CurveTypeTests", dependencies: ["CurveType", "TestSupport"]),
        .testTarget(name: "FixtureTests", dependencies: ["CurveType", "curvetype", "TestSupport"]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "CurveTypeServer", "CurveType", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz` (CURVETYPE_FUZZ=1, built with -sanitize=fuzzer): one libFuzzer target per parser of
// untrusted bytes. They have no `main` (libFuzzer brings it), so an ordinary build leaves them out.
if ProcessInfo.processInfo.environment["CURVETYPE_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for name in ["FuzzColor", "FuzzLogo", "FuzzBatch", "FuzzFont", "FuzzFeatures", "FuzzPathData"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["CurveType", "FuzzSupport"], path: "Fuzz/\(name)"))
    }
}
