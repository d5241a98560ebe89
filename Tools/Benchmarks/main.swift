// In-process benchmarks for `make bench`. Each prints the median of several timed rounds; a
// round repeats the work enough times to last well over the clock's resolution.
import CurveType
import Foundation

/// Runs `body` `iterations` times per round, `rounds` rounds, after one warm-up round; returns
/// the median seconds per iteration.
func measure(_ name: String, iterations: Int, rounds: Int = 7, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    for _ in 0..<max(1, iterations / 10) { try body() }  // warm caches
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = clock.now
        for _ in 0..<iterations { try body() }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        times.append(seconds / Double(iterations))
    }
    times.sort()
    return times[times.count / 2]
}

/// Figures for `make bench`'s table and JSON (`--json FILE`), by key.
nonisolated(unsafe) var figures: [String: Double] = [:]

func report(_ name: String, _ seconds: Double, _ extra: String = "", key: String? = nil) {
    if let key { figures[key] = seconds }
    let value = seconds >= 1e-3 ? String(format: "%.3f ms", seconds * 1e3) : String(format: "%.2f µs", seconds * 1e6)
    print("\(name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(value)\(extra.isEmpty ? "" : "  \(extra)")")
}

let seed = CircleTextRequest(
    text: "LET'S LEARN SWIFTUI! THE MOST MAGICAL FRAMEWORK!", font: .family("DejaVu Sans Mono"),
    style: CircleTextStyle(size: 13, radius: 125, start: 214, tracking: 5),
    fill: try SVGColor(parsing: "red"))

let phrase = "Sphinx of black quartz, judge my vow. The quick brown fox jumps over the lazy dog. "
let long = String(String(repeating: phrase, count: 10_000 / phrase.count + 1).prefix(10_000))
var big = CircleTextRequest(text: long, font: .bundled(.sans), style: CircleTextStyle(size: 10, radius: 9_000))

// `curvetype-bench profile N` / `profile-10k N` / `profile-arabic N` / `profile-latin-ring N`:
// only N renders of one case, for a profiler.
// `curvetype-bench --json FILE`: every figure also written to FILE.
// The joined-writing ring (measured last, below): an Arabic line and a Latin one of as many
// characters, in Amiri (Debian's fonts-hosny-amiri, which `make bench` installs) on one ring.
let amiri = "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf"
let ringArabic = "بسم الله الرحمن الرحيم الحمد لله رب العالمين"
let ringLatin = String("In the name of God, the Most Gracious, the Ever".prefix(ringArabic.count))
func amiriRing(_ text: String) -> CircleTextRequest {
    CircleTextRequest(text: text, font: .file(path: amiri), style: CircleTextStyle(size: 24, radius: 120, allowOverlap: true))
}

let jsonPath = CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "--json" ? CommandLine.arguments[2] : nil
if jsonPath == nil, CommandLine.arguments.count == 3, let n = Int(CommandLine.arguments[2]) {
    if CommandLine.arguments[1] == "profile-badge" {
        for i in 0..<n { _ = try BadgeRequest(label: "build", message: "\(i) passed").render() }
        exit(0)
    }
    if CommandLine.arguments[1] == "profile-badge-png" {
        let frame = try BadgeRequest(label: "build", message: "passing").render().frame
        for _ in 0..<n { _ = try frame.png(scale: 2) }
        exit(0)
    }
    if CommandLine.arguments[1] == "profile-badge-text" {
        for i in 0..<n { _ = try BadgeRequest(label: "build", message: "\(i) passed", glyphs: .text).render() }
        exit(0)
    }
    if let text = ["profile-arabic": ringArabic, "profile-latin-ring": ringLatin][CommandLine.arguments[1]] {
        let ring = amiriRing(text)
        for _ in 0..<n { _ = try ring.render() }
        exit(0)
    }
    let request = CommandLine.arguments[1] == "profile-10k" ? big : seed
    for _ in 0..<n { _ = try request.render() }
    exit(0)
}

print("CurveType benchmarks (one core, release build, median of 7 rounds)")
let perSVG = try measure("seed", iterations: 20_000) { _ = try seed.render() }
report("circle: seed example, full SVG, warm caches", perSVG, String(format: "%.0f SVGs/s", 1 / perSVG), key: "circle_seed_s")

let stack = try FontStack.resolve(seed.font)
let shapeSeed = measure("shape", iterations: 20_000) { _ = stack.shape(seed.text) }
report("  of which: shaping the seed text (HarfBuzz)", shapeSeed)
let seedRun = stack.shape(seed.text)
let layoutSeed = try measure("layout", iterations: 20_000) {
    _ = try CircleTextLayout(seedRun, style: seed.style, center: Point(x: 150, y: 150))
}
report("  of which: circle layout of the seed run", layoutSeed)

// 10,000 glyphs on one circle.
let longRun = try FontStack.resolve(.bundled(.sans)).shape(long)
precondition(longRun.glyphs.count == 10_000)
let layout10k = try measure("layout 10k", iterations: 50) {
    _ = try CircleTextLayout(longRun, style: big.style, center: .zero)
}
report("circle: 10,000 glyphs, layout only (shaped once)", layout10k, key: "circle_layout_10k_s")

// Scaling: 100,000 glyphs on one circle must cost about ten times 10,000 (linear).
let long100k = String(repeating: long, count: 10)
let run100k = try FontStack.resolve(.bundled(.sans)).shape(long100k)
precondition(run100k.glyphs.count == 100_000)
let style100k = CircleTextStyle(size: 10, radius: 90_000)
let layout100k = try measure("layout 100k", iterations: 5) { _ = try CircleTextLayout(run100k, style: style100k, center: .zero) }
report("circle: 100,000 glyphs, layout only", layout100k, String(format: "%.2f× the 10,000-glyph time per glyph", layout100k / layout10k / 10), key: "circle_layout_100k_s")
let shape10k = measure("shape 10k", iterations: 50) { _ = try! FontStack.resolve(.bundled(.sans)).shape(long) }
report("circle: 10,000 glyphs, shaping only", shape10k)
let full10k = try measure("full 10k", iterations: 20) { _ = try big.render() }
report("circle: 10,000 glyphs, shape + layout + SVG", full10k)
big.glyphs = .text
let text10k = try measure("text 10k", iterations: 20) { _ = try big.render() }
report("circle: 10,000 glyphs, text mode SVG", text10k)

// Spirals.
let spiral10k = ArchimedeanSpiral(center: .zero, a: 40, b: 2.5)
let spiralStyle = SpiralTextStyle(size: 10, clip: true)
let spiralLayout = try SpiralTextLayout(longRun, style: spiralStyle, spiral: spiral10k, begin: 0, end: 60 * .pi)
precondition(spiralLayout.droppedClusters == 0, "the 10k run must fit the spiral")
let spiralLayout10k = try measure("spiral layout 10k", iterations: 50) {
    _ = try SpiralTextLayout(longRun, style: spiralStyle, spiral: spiral10k, begin: 0, end: 60 * .pi)
}
report("spiral: 10,000 glyphs, layout only (shaped once)", spiralLayout10k)
let spiralRequest = SpiralRequest(a: 40, b: 2.5, from: 0, to: 10_800, scale: 1, stroke: nil,
                                  text: SpiralText(long, font: .bundled(.sans), style: spiralStyle))
let spiralFull10k = try measure("spiral full 10k", iterations: 20) { _ = try spiralRequest.render() }
report("spiral: 10,000 glyphs, shape + layout + SVG", spiralFull10k)

// Text along a path: a wave of cubics, 300 px each.
func wave(_ segments: Int) throws -> Path {
    var data = "M 0 0"
    for i in 0..<segments { data += i % 2 == 0 ? " c 100 -120 200 120 300 0" : " c 100 120 200 -120 300 0" }
    return try Path(svgPathData: data)
}
let pathStyle = PathTextStyle(size: 10)
let run1k = try FontStack.resolve(.bundled(.sans)).shape(String(long.prefix(1_000)))
let wave20 = try wave(20), wave200 = try wave(200)
let pathLayout1k = try measure("path layout 1k", iterations: 300) { _ = try PathTextLayout(run1k, style: pathStyle, path: wave20) }
report("path: 1,000 glyphs along 20 cubics, layout (path measured too)", pathLayout1k, key: "path_layout_1k_s")
let pathLayout10k = try measure("path layout 10k", iterations: 30) { _ = try PathTextLayout(longRun, style: pathStyle, path: wave200) }
report("path: 10,000 glyphs along 200 cubics, layout", pathLayout10k,
       String(format: "%.2f× the 1,000-glyph time per glyph", pathLayout10k / pathLayout1k / 10), key: "path_layout_10k_s")
let seedText = "LET'S LEARN SWIFTUI! THE MOST MAGICAL FRAMEWORK!"
func bent(_ text: String, _ segments: Int) throws -> PathTextRequest {
    PathTextRequest(text: text, path: try wave(segments), font: .family("DejaVu Sans Mono"),
                    style: PathTextStyle(size: 13, effect: .bend))
}
let bendSeed = try bent(seedText, 2), bendTen = try bent(String(repeating: seedText, count: 10), 20)
let bendSeedTime = try measure("bend seed", iterations: 300) { _ = try bendSeed.render() }
report("path: the seed's 48 characters bent along a wave, full SVG", bendSeedTime, key: "path_bend_seed_s")
let bendTenTime = try measure("bend 480", iterations: 30) { _ = try bendTen.render() }
report("path: 480 characters bent, full SVG", bendTenTime,
       String(format: "%.2f× the 48-character time per character", bendTenTime / bendSeedTime / 10), key: "path_bend_480_s")

// The seed's 48 characters warped by each of the forty presets (box 400x200, full SVG), beside
// the same text bent along a wave above.
var warpTimes: [Double] = []
for preset in TextWarpPreset.all {
    let request = WarpRequest(text: seedText, preset: preset, font: .family("DejaVu Sans Mono"))
    let time = try measure("warp \(preset.name)", iterations: 20, rounds: 5) { _ = try request.render() }
    warpTimes.append(time)
    report("warp: seed text, \(preset.name)", time, String(format: "%.2f× bend", time / bendSeedTime), key: "warp_\(preset.name)_s")
}
let warpSorted = warpTimes.sorted()
report("warp: seed text, median of the 40 presets", warpSorted[warpSorted.count / 2], key: "warp_median_s")
report("warp: seed text, slowest preset", warpSorted[warpSorted.count - 1], key: "warp_slowest_s")

let tenTurns = ArchimedeanSpiral(center: .zero, a: 100, b: 400 / (20 * .pi))
let pathTime = measure("spiral path", iterations: 2_000) {
    _ = tenTurns.bezierPath(from: 0, to: 20 * .pi, tolerance: 0.05)
}
let tenTurnSegments = tenTurns.bezierPath(from: 0, to: 20 * .pi, tolerance: 0.05).elements.count - 1
report("spiral: path of 10 turns, radii 100–500 px, 0.05 px", pathTime,
       String(format: "%d cubics, %.1f per turn", tenTurnSegments, Double(tenTurnSegments) / 10))
var perTurn: [String] = []
for radius in [100.0, 200, 300, 400, 500] {
    // One turn centred on `radius`, 15.7 px between turns.
    let turn = ArchimedeanSpiral(center: .zero, a: radius, b: 2.5)
    perTurn.append("\(Int(radius)) px: \(turn.bezierPath(from: -.pi, to: .pi, tolerance: 0.05).elements.count - 1)")
}
print("spiral: cubics per turn at 0.05 px, by radius          \(perTurn.joined(separator: ", "))")
let winder = SpiralRequest(canvas: CanvasSize(width: 400, height: 400), stroke: try SVGColor(parsing: "white"),
                           markers: SpiralMarkers(), background: try SVGColor(parsing: "#8e8e93"))
let winderTime = try measure("winder", iterations: 5_000) { _ = try winder.render() }
report("spiral: the seed's winder, full SVG", winderTime, String(format: "%.0f SVGs/s", 1 / winderTime))

// Fitting.
let paragraph200 = String("The quick brown fox jumps over the lazy dog. Sphinx of black quartz, judge my vow. Pack my box with five dozen liquor jugs. How vexingly quick daft zebras jump! The five boxing wizards jump quickly. Bright".prefix(200))
precondition(paragraph200.count == 200)
let fitStyle = FitStyle(width: 320, height: 200, maxSize: 200, align: [.leading])
let fitStack = try FontStack.resolve(.bundled(.sans))
let fitSearch = try measure("fit search", iterations: 5_000) {
    _ = try TextFitter.fit([fitStack.shape(paragraph200)], style: fitStyle) { fitStack.shape($0) }
}
report("fit: 200-character paragraph, shape + size search", fitSearch)
let fitRequest = FitRequest(.text(paragraph200), font: .bundled(.sans), style: fitStyle)
let fitFull = try measure("fit full", iterations: 5_000) { _ = try fitRequest.render() }
report("fit: the same, full SVG", fitFull)
let seedRows = FitRequest(.rows(["01:", "12:34", ".56"], .main(1)), font: .bundled(.mono),
                          style: FitStyle(width: 250, height: 250, align: [.leading, .center, .trailing]))
let rowsTime = try measure("fit rows", iterations: 20_000) { _ = try seedRows.render() }
report("fit: the seed's three rows, full SVG", rowsTime)

// Badges. Distinct messages miss the shaped-run cache (each is shaped anew); a repeated badge
// hits it, as a build script's repeated labels do.
let labels = ["build", "coverage", "tests", "docs", "license", "version", "downloads", "quality"]
var badgeIndex = 0
let distinctBadges = try measure("badges distinct", iterations: 50_000) {
    badgeIndex += 1
    _ = try BadgeRequest(label: labels[badgeIndex % labels.count], message: "\(badgeIndex) passed").render()
}
report("badge: flat, distinct messages, full SVG (1 core)", distinctBadges, String(format: "%.0f badges/s", 1 / distinctBadges), key: "badge_flat_s")
let textBadges = try measure("badges text", iterations: 50_000) {
    badgeIndex += 1
    _ = try BadgeRequest(label: labels[badgeIndex % labels.count], message: "\(badgeIndex) passed", glyphs: .text).render()
}
report("badge: flat, distinct messages, text mode (1 core)", textBadges, String(format: "%.0f badges/s", 1 / textBadges), key: "badge_text_s")
let sameBadge = BadgeRequest(label: "build", message: "passing")
let repeatedBadges = try measure("badges repeated", iterations: 50_000) { _ = try sameBadge.render() }
report("badge: flat, build|passing again, full SVG (1 core)", repeatedBadges, String(format: "%.0f badges/s", 1 / repeatedBadges))
for style in [BadgeStyle.forTheBadge, .social] {
    let time = try measure("badge \(style)", iterations: 20_000) {
        badgeIndex += 1
        _ = try BadgeRequest(label: "build", message: "\(badgeIndex) ok", style: style).render()
    }
    report("badge: \(style.rawValue), distinct messages", time, String(format: "%.0f badges/s", 1 / time))
}
let seal = SealRequest(ring: "CERTIFIED • SWIFT • 2026 •", center: "A+")
let sealTime = try measure("seal", iterations: 500) { _ = try seal.render() }
report("seal: the issue's seal, full SVG", sealTime)

// PNG and PDF (cairo): the frame drawn and encoded, after the SVG's render.
let pngBadge = try measure("badge png 2x", iterations: 5_000) {
    badgeIndex += 1
    _ = try BadgeRequest(label: labels[badgeIndex % labels.count], message: "\(badgeIndex) passed").render().png(scale: 2)
}
report("badge: flat, distinct messages, PNG at 2x", pngBadge, String(format: "%.0f PNGs/s", 1 / pngBadge), key: "badge_png_2x_s")
let renderedBadge = try sameBadge.render()
for scale in [1.0, 2, 4, 8] {
    let time = try measure("badge png \(scale)x", iterations: scale > 2 ? 500 : 2_000) { _ = try renderedBadge.frame.png(scale: scale) }
    report("badge: build|passing frame to PNG at \(Int(scale))x", time, key: "badge_frame_png_\(Int(scale))x_s")
}
let pdfBadge = try measure("badge pdf", iterations: 2_000) { _ = try renderedBadge.frame.pdf() }
report("badge: build|passing frame to PDF", pdfBadge, key: "badge_frame_pdf_s")
let seedRendered = try seed.render()
let seedPNG = try measure("seed png", iterations: 1_000) { _ = try seedRendered.frame.png() }
report("circle: seed example frame to PNG at 1x", seedPNG, key: "circle_seed_png_s")
let emoji = try BadgeRequest(label: "deploy", message: "🚀 shipped ✨",
                             fallbackFonts: [.file(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", faceIndex: 0)]).render()
let emojiPNG = try measure("emoji png", iterations: 1_000) { _ = try emoji.frame.png() }
report("badge: the colour-emoji golden's frame to PNG at 1x", emojiPNG, key: "badge_emoji_png_s")

// A batch of 10,000 distinct badges written to files, on one thread and on every core.
// In memory (tmpfs) where there is one, so the files' cost is the writing, not the disk.
let batchBase = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
let batchFolder = batchBase.appendingPathComponent("curvetype-bench-\(getpid())")
try FileManager.default.createDirectory(at: batchFolder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: batchFolder) }
func batchJobs(_ round: Int) -> [BatchJob] {
    (0..<10_000).map { i in
        BatchJob(BadgeRequest(label: labels[i % labels.count], message: "r\(round) job \(i)", color: i % 3 == 0 ? nil : try? BadgeColor.parse("blue")),
                 output: batchFolder.appendingPathComponent("b\(i).svg").path)
    }
}
let cores = ProcessInfo.processInfo.activeProcessorCount
var batchRound = 0
var timesByThreads: [Int: Double] = [:]
for threads in [1, cores] {
    var times: [Double] = []
    for _ in 0..<5 {
        batchRound += 1
        let jobs = batchJobs(batchRound)
        let clock = ContinuousClock()
        let start = clock.now
        let outcomes = Batch.run(jobs, threads: threads)
        let elapsed = clock.now - start
        for case .failed(let error) in outcomes { FileHandle.standardError.write(Data("batch job failed: \(error)\n".utf8)); break }
        precondition(outcomes.allSatisfy { if case .written = $0 { true } else { false } })
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    times.sort()
    timesByThreads[threads] = times[times.count / 2]
    report("batch: 10,000 distinct badges to \(batchBase.path), \(threads) thread\(threads == 1 ? "" : "s")", times[times.count / 2],
           String(format: "%.0f badges/s", 10_000 / times[times.count / 2]), key: "batch_library_\(threads == 1 ? "1" : "all")_threads_s")
}
if let one = timesByThreads[1], let all = timesByThreads[cores], cores > 1 {
    print(String(format: "batch: speed-up on %d cores                              %.2f×", cores, one / all))
}
// Joined writing on a ring: the Arabic line (each word bent as one along the circle) beside
// the Latin one (turned rigidly), full SVG; warm, as every figure here (each word's bend kept,
// as a server's repeated ring or a seal's batch keeps it), and cold (a new radius each time:
// every word bent anew). Measured last, so its font and caches do not weigh on the figures
// above.
if FileManager.default.fileExists(atPath: amiri) {
    let (arabic, latin) = (ringArabic, ringLatin)
    let (arabicRing, latinRing) = (amiriRing(arabic), amiriRing(latin))
    let arabicTime = try measure("ring arabic", iterations: 300) { _ = try arabicRing.render() }
    let latinTime = try measure("ring latin", iterations: 300) { _ = try latinRing.render() }
    report("circle: \(arabic.count) Arabic characters, words bent, full SVG", arabicTime,
           String(format: "%.2f× as many Latin characters on the same ring", arabicTime / latinTime), key: "circle_joined_ring_s")
    report("circle: \(latin.count) Latin characters, same font and ring", latinTime, key: "circle_latin_ring_s")
    // Cold: a new radius every time, so no bent word is kept from before (each is bent anew).
    var radius = 120.0
    let coldTime = try measure("ring arabic cold", iterations: 300) {
        radius += 0.001
        var request = arabicRing
        request.style.radius = radius
        _ = try request.render()
    }
    report("circle: the Arabic ring, every word bent anew", coldTime,
           String(format: "%.2f× the Latin ring", coldTime / latinTime), key: "circle_joined_ring_cold_s")
}

if let jsonPath {
    let data = try JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys, .prettyPrinted])
    try data.write(to: URL(fileURLWithPath: jsonPath))
}
