// swift-tools-version: 6.1
import Foundation
import PackageDescription

let package = Package(
    name: "CurveType",
    products: [
        .library(name: "CurveType", targets: ["CurveType"]),
        .executable(name: "curvetype", targets: ["curvetype"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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

        // `make bench`: in-process benchmarks (never timed unit tests).
        .executableTarget(
            name: "curvetype-bench", dependencies: ["CurveType"], path: "Benchmarks", exclude: ["run.py", "reference"]),

        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CurveTypeTests", dependencies: ["CurveType", "TestSupport"]),
        .testTarget(name: "FixtureTests", dependencies: ["CurveType", "curvetype", "TestSupport"]),
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
