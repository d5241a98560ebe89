// swift-tools-version: 6.1
import PackageDescription

// The library, its own tests (Tests/), and the package plugin that renders a job file with it.
// This manifest names no dependency, so a package that uses CurveType resolves nothing else: the
// command line, the server, their tests, benchmarks and fuzzers are in Tools/
// (Tools/Package.swift), which depends on this one by path.
let package = Package(
    name: "CurveType",
    products: [
        .library(name: "CurveType", targets: ["CurveType"]),
        // `swift package curvetype render JOBS [--check]`
        .plugin(name: "CurveTypePlugin", targets: ["CurveTypePlugin"]),
    ],
    targets: [
        // C libraries, as system-library targets. CurveTypeFonts imports them, but cairo, which only
        // CurveTypeRaster imports.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        // Fontconfig's and FriBiDi's headers only: their functions, like cairo's, are loaded on
        // first use, so they are not linked (Tools/make_lazy_shims.py says why).
        .systemLibrary(
            name: "CFontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(
            name: "CFriBiDi",
            providers: [.apt(["libfribidi-dev"])]),
        // cairo's headers only (<cairo/cairo.h>): its functions are loaded on first use, so it
        // is not linked (Sources/CCairo/shim.h says why).
        .systemLibrary(
            name: "CCairo",
            providers: [.apt(["libcairo2-dev"])]),
        // zlib, for the PNG writer's compression (already loaded with FreeType, which uses it).
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // ICU's line break iterator (UAX #14), from the system's ICU, opened on first use (see
        // line_breaks.c for why). A C file of its own: its header names no ICU type.
        .target(name: "CLineBreaks", linkerSettings: [.linkedLibrary("dl")]),
        // The bundled DejaVu fonts, assembled in byte for byte (`.incbin` of Fonts/*.ttf).
        .target(name: "CBundledFonts", cSettings: [.headerSearchPath("../../Fonts")]),
        // simple-icons' brand logos (Icons/simple-icons.tsv), assembled in byte for byte likewise.
        .target(name: "CBundledIcons", cSettings: [.headerSearchPath("../../Icons")]),

        // font file ─▶ shaped glyphs, outlines, metrics (FreeType, HarfBuzz, Fontconfig), and the
        // text's bidi levels (FriBiDi) and line break opportunities (ICU); the bundled brand
        // logos, outlines by name as glyphs are by code point
        .target(name: "CurveTypeFonts", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CFriBiDi", "CLineBreaks", "CBundledFonts", "CBundledIcons", "CZlib", "CurveTypeGeometry", "CurveTypeXML"]),
        // points, angles, transforms, paths, curves with arc-length parametrisation
        .target(name: "CurveTypeGeometry"),
        // XML's lexical pieces and a bounded element tree, for SVG logos and SVG fonts
        .target(name: "CurveTypeXML"),
        // shaped glyphs × curve ─▶ placed glyphs
        .target(name: "CurveTypeLayout", dependencies: ["CurveTypeFonts", "CurveTypeGeometry"]),
        // what is drawn, apart from how it is encoded: frames of glyph runs, shapes, paints,
        // gradients, groups, images, links and animations (px, y down); colours
        .target(name: "CurveTypeFrame", dependencies: ["CurveTypeFonts", "CurveTypeGeometry"]),
        // SVG files read (logos, path files): sanitised by an allowlist, resolved into frame items
        .target(name: "CurveTypeSVGReader", dependencies: ["CurveTypeFrame", "CurveTypeGeometry", "CurveTypeXML"]),
        // frames ─▶ deterministic SVG bytes, in one pass (glyph outlines read from the fonts)
        .target(name: "CurveTypeSVG", dependencies: ["CurveTypeFrame", "CurveTypeFonts", "CurveTypeGeometry"]),
        // frames ─▶ PNG and PDF bytes, drawn by cairo (glyphs read from the fonts as the SVG
        // writer reads them); the only module that touches cairo
        .target(name: "CurveTypeRaster", dependencies: ["CCairo", "CZlib", "CurveTypeFrame", "CurveTypeFonts", "CurveTypeGeometry"]),
        // Clipper (Debian's libpolyclipping-dev), C++, behind a few C functions: polygons
        // welded into one outline, offset for a beam's kerf, cut by stencil bridges. Loaded
        // (dlopen) when a weld first needs it, so no other command loads it or libstdc++.so.
        .target(name: "CClipper", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("stdc++")]),
        // frames ─▶ what machines follow: strokes and outlines flattened and fitted with lines
        // and arcs in mm or inches, written as DXF, G-code, HPGL and plotter SVG; outlines
        // welded, kerf-offset and bridged for stencils (frames ─▶ frames)
        .target(name: "CurveTypeMachine", dependencies: ["CClipper", "CurveTypeFrame", "CurveTypeFonts", "CurveTypeGeometry"]),
        // the effects: requests ─▶ frames (circle, spiral, path, fit, angle, badge, seal), with
        // their results, warnings and layout reports; they import no writer
        .target(
            name: "CurveTypeEffects",
            dependencies: ["CurveTypeFonts", "CurveTypeGeometry", "CurveTypeLayout", "CurveTypeFrame", "CurveTypeSVGReader"]),
        // the library facade that build scripts and the CLI call, and the command line's
        // vocabulary: options by long name, job files, batches, output files
        .target(
            name: "CurveType",
            dependencies: ["CurveTypeFonts", "CurveTypeGeometry", "CurveTypeLayout", "CurveTypeFrame", "CurveTypeSVGReader", "CurveTypeSVG", "CurveTypeRaster",
                           "CurveTypeEffects", "CurveTypeMachine"]),

        // The library's own tests (`swift test` here): unit and property tests, checked against
        // hb-shape, Unicode's test files and the spec's formulas. They need no dependency; the
        // command line's, the server's and the golden files' tests are in Tools/.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CurveTypeTests", dependencies: ["CurveType", "CurveTypeGeometry", "CurveTypeRaster", "CurveTypeMachine", "TestSupport"], path: "Tests/CurveTypeTests"),

        // The package plugin's tool: a job file through `Batch.process` (no argument parser).
        .executableTarget(name: "curvetype-render", dependencies: ["CurveType"]),
        .plugin(
            name: "CurveTypePlugin",
            capability: .command(
                intent: .custom(verb: "curvetype", description: "Render a CurveType job file, or check its files are up to date (render JOBS [--check])"),
                permissions: [.writeToPackageDirectory(reason: "to write the SVG files that the job file names")]),
            dependencies: ["curvetype-render"]),
    ],
    swiftLanguageModes: [.v6]
)
