import CurveTypeEffects
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeSVG
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One rendered drawing, with what a user should hear about it and its layout JSON: what a batch
/// job writes, in whichever format it asks.
public struct RenderedDocument: Sendable {
    /// What is drawn (px, y down), for every writer.
    public let frame: Frame
    /// What a user should hear about the drawing, in the order it happened (see
    /// ``CurveTypeWarning``).
    public let warnings: [CurveTypeWarning]
    /// The layout as JSON (README, "Layout JSON"), made only when asked for.
    public let layoutJSON: @Sendable () -> String

    /// A rendered document: its frame, its warnings, and its layout JSON made on demand.
    public init(frame: Frame, warnings: [CurveTypeWarning], layoutJSON: @escaping @Sendable () -> String) {
        self.frame = frame
        self.warnings = warnings
        self.layoutJSON = layoutJSON
    }

    /// The SVG document, UTF-8 text ending in a line feed, written now with the default
    /// settings (``SVGSettings/init()``).
    public var svg: String {
        get throws(CurveTypeError) { try frame.svg(SVGSettings()) }
    }

    /// The SVG document written with `settings` (decimals, ids, text layers).
    public func svg(_ settings: SVGSettings) throws(CurveTypeError) -> String { try frame.svg(settings) }

    /// Writes the SVG to `output` and the layout JSON to `layout` (each if given; `-` is
    /// standard output), all or none, as `OutputFile` says.
    public func write(svgTo output: String?, layoutTo layout: String?) throws(CurveTypeError) {
        try write(to: output, settings: OutputSettings(format: .svg), layoutTo: layout)
    }

    /// Writes the drawing to `output` in the format `settings` name or the output's extension
    /// says (SVG, PNG or PDF), and the layout JSON to `layout` (each if given; `-` is standard
    /// output), all or none, as `OutputFile` says.
    public func write(to output: String?, settings: OutputSettings, layoutTo layout: String?) throws(CurveTypeError) {
        var files: [(path: String, contents: OutputFile.FileContents)] = []
        if let output { files.append((output, try contents(settings.checkedFormat(for: output), settings: settings))) }
        if let layout { files.append((layout, .text(Self.unitStated(layoutJSON(), unit: settings.units)))) }
        try OutputFile.writeAtomically(files)
    }

    /// The drawing in `format`, by that format's writer; settings that `format` would ignore are
    /// refused (``OutputSettings/check(for:frame:)``). A PNG stops as soon as `isCancelled`
    /// answers true.
    public func contents(_ format: OutputFormat, settings: OutputSettings,
                         isCancelled: () -> Bool = { false }) throws(CurveTypeError) -> OutputFile.FileContents {
        try settings.check(for: format, frame: frame)
        return try frame.contents(format, settings: settings, isCancelled: isCancelled)
    }
}

/// A request that renders one drawing: what a batch job holds.
public protocol DocumentRequest: Sendable {
    /// Renders the request as a document a batch can write or compare.
    func renderDocument() throws(CurveTypeError) -> RenderedDocument
}

/// What every request's `render()` returns: a drawing (its frame), warnings and its layout
/// JSON. The writers, and how each writes (an SVG's decimals, ids and text layers), are chosen
/// when the drawing is written.
public protocol RenderedResult: Sendable {
    /// What is drawn: every writer (SVG, PNG, PDF) draws it.
    var frame: Frame { get }
    /// What a user should hear about the drawing.
    var warnings: [CurveTypeWarning] { get }
    /// The layout JSON, in the documented bytes.
    var layoutJSON: String { get }
}

/// A request whose `render()` gives a `RenderedResult`; it renders a document for a batch.
public protocol RenderingRequest: DocumentRequest {
    /// What `render()` returns: the drawing, the warnings and the layout, as values.
    associatedtype Result: RenderedResult
    /// Renders the request; throws ``CurveTypeError``, whose description is one line for a person.
    func render() throws(CurveTypeError) -> Result
}

extension RenderedResult {
    /// The SVG document, UTF-8 text ending in a line feed, written now with the default
    /// settings (``SVGSettings/init()``).
    public var svg: String {
        get throws(CurveTypeError) { try frame.svg(SVGSettings()) }
    }

    /// The SVG document written with `settings` (decimals, ids, text layers).
    public func svg(_ settings: SVGSettings) throws(CurveTypeError) -> String { try frame.svg(settings) }

    /// The drawing with its warnings and layout JSON, as a batch writes it.
    public var document: RenderedDocument {
        RenderedDocument(frame: frame, warnings: warnings) { layoutJSON }
    }

    /// Writes the SVG to the file at `url` and, if given, the layout JSON to `layoutURL`: all
    /// or none, each through a temporary file renamed into place, as `OutputFile` says (a
    /// symbolic link at the path is followed and stays a link).
    public func write(to url: URL, layoutTo layoutURL: URL? = nil) throws(CurveTypeError) {
        try document.write(to: url, layoutTo: layoutURL)
    }
}

extension RenderedDocument {
    /// A layout JSON document for a drawing whose lengths were given in `unit`. Its lengths
    /// stay px, the drawing's own coordinates (inside the SVG's one scale to the unit), so that
    /// a glyph's `x`, `y` are where its path is; a drawing in another unit begins by naming it
    /// and how many px make one: `{"unit":{"name":"mm","px":3.779527559055118},…`.
    public static func unitStated(_ json: String, unit: LengthUnit) -> String {
        guard unit != .px, json.hasPrefix("{") else { return json }
        return "{\"unit\":{\"name\":\"\(unit.rawValue)\",\"px\":\(shortestDigits(unit.pixels))},\(json.dropFirst())"
    }

    /// Writes the SVG to the file at `url` and, if given, the layout JSON to `layoutURL`, all
    /// or none. Only `file:` URLs name a place to write.
    public func write(to url: URL, layoutTo layoutURL: URL? = nil) throws(CurveTypeError) {
        for target in [url] + (layoutURL.map { [$0] } ?? []) where !target.isFileURL {
            throw .output(path: target.absoluteString, reason: "not a file URL")
        }
        try write(to: url.path, settings: OutputSettings(), layoutTo: layoutURL?.path)
    }
}

extension RenderingRequest {
    /// Renders the request as a document a batch can write.
    public func renderDocument() throws(CurveTypeError) -> RenderedDocument {
        try render().document
    }
}

extension CircleTextResult: RenderedResult {}
extension SpiralResult: RenderedResult {}
extension FitResult: RenderedResult {}
extension BadgeResult: RenderedResult {}
extension SealResult: RenderedResult {}
extension PathTextResult: RenderedResult {}
extension WarpResult: RenderedResult {}
extension AngleResult: RenderedResult {
    /// An angle has nothing to warn about.
    public var warnings: [CurveTypeWarning] { [] }
}

extension CircleTextRequest: RenderingRequest {}
extension SpiralRequest: RenderingRequest {}
extension FitRequest: RenderingRequest {}
extension AngleRequest: RenderingRequest {}
extension BadgeRequest: RenderingRequest {}
extension SealRequest: RenderingRequest {}
extension PathTextRequest: RenderingRequest {}
extension WarpRequest: RenderingRequest {}

/// One job of a batch: a request and the files it writes.
public struct BatchJob: Sendable {
    /// What to render.
    public var request: any DocumentRequest
    /// Where the SVG goes.
    public var output: String
    /// Where the layout JSON goes, if anywhere.
    public var layout: String?
    /// The output's format (by its extension unless set), scale and frame time.
    public var settings: OutputSettings

    /// A job that renders `request` into `output` (and its layout JSON into `layout`, if given),
    /// in the format `settings` name or `output`'s extension says.
    public init(_ request: any DocumentRequest, output: String, layout: String? = nil, settings: OutputSettings = OutputSettings()) {
        self.request = request
        self.output = output
        self.layout = layout
        self.settings = settings
    }
}

/// What became of one job.
public enum BatchOutcome: Sendable {
    /// The job's files were written.
    case written(warnings: [CurveTypeWarning])
    /// The job failed and wrote nothing.
    case failed(CurveTypeError)
}

/// What `Batch.check` finds for one job.
public enum BatchCheck: Sendable {
    /// A file the job writes, which is missing or holds other bytes than the job makes.
    public struct Stale: Sendable, Equatable {
        /// The file's path, as the job names it.
        public var path: String
        /// True when the file does not exist; false when it holds other bytes.
        public var missing: Bool
    }

    /// Every file the job writes holds the bytes it makes.
    case upToDate(warnings: [CurveTypeWarning])
    /// Files that differ or are missing.
    case stale([Stale], warnings: [CurveTypeWarning])
    /// The job could not be rendered or compared.
    case failed(CurveTypeError)
}

/// Renders many documents in one process, on every core: fonts, glyph outlines and shaped runs
/// are cached per process, so jobs that share a font or a text share the work. Each job writes
/// its files all or none; a failing job never stops the others.
public enum Batch {
    /// How many failed jobs a run lists one by one; the rest are counted in one line.
    static let listedFailures = 20

    /// Runs `jobs` on `threads` threads (default: one per core) and returns each job's outcome,
    /// in the jobs' order. Jobs are handed out one at a time, so a slow job does not hold up a
    /// thread's share of quick ones.
    /// A job naming a file that an earlier job already writes fails, so no result depends on
    /// which thread finishes last.
    public static func run(_ jobs: [BatchJob], threads: Int? = nil) -> [BatchOutcome] {
        var claims = OutputClaims()
        let conflicts = jobs.map { claims.claim($0) }
        return map(count: jobs.count, threads: threads) { index -> BatchOutcome in
            if let conflict = conflicts[index] { return .failed(conflict) }
            return run(jobs[index])
        }
    }

    /// `body` of every index below `count`, computed on `threads` threads (default: one per
    /// core), in index order.
    public static func map<T: Sendable>(count: Int, threads: Int? = nil, _ body: @Sendable (Int) -> T) -> [T] {
        let workers = max(1, min(threads ?? ProcessInfo.processInfo.activeProcessorCount, max(count, 1)))
        let results = Mutex([T?](repeating: nil, count: count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                let result = body(index)
                results.withLock { $0[index] = result }
            }
        }
        // concurrentPerform returns when every worker has, and together they took every index.
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Renders `job` in memory and compares it with the files it would write, byte for byte:
    /// a golden-file check for a project that commits CurveType's output (`batch --check`).
    /// Writes nothing.
    public static func check(_ job: BatchJob) -> BatchCheck {
        do throws(CurveTypeError) {
            let document = try job.request.renderDocument()
            var stale: [BatchCheck.Stale] = []
            var expected: [(String, [UInt8])] = []
            switch try document.contents(job.settings.checkedFormat(for: job.output), settings: job.settings) {
            case .text(let text): expected.append((job.output, Array(text.utf8)))
            case .bytes(let bytes): expected.append((job.output, bytes))
            }
            if let layout = job.layout { expected.append((layout, Array(RenderedDocument.unitStated(document.layoutJSON(), unit: job.settings.units).utf8))) }
            for (path, contents) in expected {
                if let difference = try OutputFile.difference(at: path, from: contents) { stale.append(difference) }
            }
            return stale.isEmpty ? .upToDate(warnings: document.warnings) : .stale(stale, warnings: document.warnings)
        } catch {
            return .failed(error)
        }
    }

    /// Renders one job and writes its files, creating missing folders above them.
    public static func run(_ job: BatchJob) -> BatchOutcome {
        do throws(CurveTypeError) {
            let document = try job.request.renderDocument()
            // A job that fails leaves no folder it made behind.
            var made = try OutputFile.createParentFolders(of: job.output)
            do throws(CurveTypeError) {
                if let layout = job.layout { made += try OutputFile.createParentFolders(of: layout) }
                try document.write(to: job.output, settings: job.settings, layoutTo: job.layout)
            } catch {
                OutputFile.removeFolders(made)
                throw error
            }
            return .written(warnings: document.warnings)
        } catch {
            return .failed(error)
        }
    }
}

/// The files a batch's jobs write, claimed in job order: a second job naming a claimed file is
/// refused before anything renders.
public struct OutputClaims: Sendable {
    private var claimed: [String: Int] = [:]
    private var jobs = 0

    /// No file claimed yet.
    public init() {}

    /// Claims `job`'s files for the next job number; the error if one is already claimed.
    public mutating func claim(_ job: BatchJob) -> CurveTypeError? {
        claim(output: job.output, layout: job.layout)
    }

    /// Counts a job that claims no file (one that could not be read), so that later jobs are
    /// named by their numbers in the file.
    public mutating func skip() {
        jobs += 1
    }

    /// Claims the files of the next job (numbered from 1 in the order of calls).
    public mutating func claim(output: String, layout: String?) -> CurveTypeError? {
        jobs += 1
        for path in [output] + (layout.map { [$0] } ?? []) where path != "-" {
            let identity = OutputFile.identity(of: path)
            if let earlier = claimed[identity] {
                return .output(path: path, reason: "job \(earlier) already names this file")
            }
            claimed[identity] = jobs
        }
        return nil
    }
}

/// What `Batch.process` did with a job file: counts of jobs and of the files they name.
public struct BatchSummary: Sendable, Equatable {
    /// Jobs read from the file.
    public var jobs = 0
    /// Jobs that failed (each already reported as "job N: reason").
    public var failed = 0
    /// Files the checked jobs name (their SVG, and their layout if asked for).
    public var files = 0
    /// Files that differ from what their job makes, or are missing (`check` only).
    public var stale = 0

    /// Nothing counted yet.
    public init() {}

    /// True when no job failed and no file is stale.
    public var succeeded: Bool { failed == 0 && stale == 0 }

    /// The closing lines for standard error: how many jobs failed, how many files are stale;
    /// empty when all is well.
    public var closingLines: String {
        var lines = ""
        if failed > 0 { lines += "curvetype: \(failed) of \(jobs) jobs failed\n" }
        if stale > 0 { lines += "curvetype: \(stale) of \(files) files are not up to date\n" }
        return lines
    }
}

extension Batch {
    /// Jobs read, parsed and rendered at a time: the list is streamed, never held whole.
    public static let chunkSize = 4096

    /// Runs (or, with `check`, compares) every job of a job file, as `curvetype batch` and the
    /// package plugin do: `path` is a JSON array or JSON lines (`-` for standard input), read
    /// `chunkSize` jobs at a time. Each failing job prints "curvetype: error: job N: reason" on
    /// standard error (N counts from 1) and the others still run; warnings print the same way
    /// unless `quiet`. With `check`, nothing is written and each file that differs or is missing
    /// is listed on standard output ("differs: PATH", "missing: PATH").
    /// Throws only when the file itself cannot be read or holds no job.
    ///
    /// A merge job (`"command": "merge"`) runs after the chunk's drawings, on every core, its
    /// rows opened by `mergeRows` (the library reads JSON lines; the command line adds CSV); its
    /// pages and manifest count as its files.
    public static func process(jobFile path: String, threads: Int? = nil, check: Bool = false, quiet: Bool = false,
                               mergeRows: @escaping @Sendable (String) throws(CurveTypeError) -> MergeData = MergeData.jsonLines)
        throws(CurveTypeError) -> BatchSummary
    {
        if let threads, !(1...256).contains(threads) {
            throw .invalidInput("--threads must be from 1 to 256, not \(threads)")
        }
        let file = try BatchJobFile(path: path)
        var claims = OutputClaims()
        var summary = BatchSummary()
        while true {
            // Decode every job (on every core), claim outputs in job order, then render: no
            // result depends on which thread finishes first.
            let entries = try file.next(chunkSize, threads: threads)
            if entries.isEmpty { break }
            let jobs = entries.map { job -> Result<BatchEntry, CurveTypeError> in
                if case .failure = job { claims.skip() }
                return job.flatMap { job in
                    let conflict: CurveTypeError? = switch job {
                    case .drawing(let job): claims.claim(output: job.output, layout: job.layout)
                    // A merge claims its pattern and its manifest: two jobs of one pattern
                    // would write the same files.
                    case .merge(let merge): claims.claim(output: merge.output ?? "-", layout: merge.manifest)
                    }
                    if let conflict { return .failure(conflict) }
                    return .success(job)
                }
            }
            var outcomes = map(count: jobs.count, threads: threads) { index -> BatchCheck in
                switch jobs[index] {
                case .failure(let error): return .failed(error)
                case .success(.merge): return .upToDate(warnings: [])  // run below
                case .success(.drawing(let description)):
                    do throws(CurveTypeError) {
                        let job = try description.job()
                        if check { return Batch.check(job) }
                        switch run(job) {
                        case .written(let warnings): return .upToDate(warnings: warnings)
                        case .failed(let error): return .failed(error)
                        }
                    } catch {
                        return .failed(error)
                    }
                }
            }
            // Merges, one at a time (each renders on every core), after the drawings.
            var mergeFiles: [Int: Int] = [:]
            var mergeWarnings: [Int: [String]] = [:]
            for (index, job) in jobs.enumerated() {
                guard case .success(.merge(let options)) = job else { continue }
                do throws(CurveTypeError) {
                    var merge = try options.merge(data: try mergeRows(options.data ?? "-"), environment: ProcessInfo.processInfo.environment)
                    merge.threads = options.threads ?? threads
                    merge.collectsManifest = false
                    merge.checksOnly = check
                    let done = try merge.run()
                    mergeFiles[index] = done.written + (options.manifest == nil ? 0 : 1)
                    if !(quiet || options.quiet) { mergeWarnings[index] = done.warnings }
                    outcomes[index] = done.stale.isEmpty ? .upToDate(warnings: []) : .stale(done.stale, warnings: [])
                } catch {
                    outcomes[index] = .failed(error)
                }
            }
            var report = ""
            var listing = ""
            for (offset, outcome) in outcomes.enumerated() {
                let number = summary.jobs + offset + 1
                let files = switch jobs[offset] {
                case .success(.drawing(let job)): job.layout == nil ? 1 : 2
                case .success(.merge): mergeFiles[offset] ?? 0
                case .failure: 0
                }
                for warning in mergeWarnings[offset] ?? [] { report += Diagnostic.line("warning", "job \(number): \(warning)") }
                var warnings: [CurveTypeWarning] = []
                switch outcome {
                case .upToDate(let said):
                    warnings = said
                    summary.files += files
                case .stale(let paths, let said):
                    warnings = said
                    summary.files += files
                    summary.stale += paths.count
                    for path in paths { listing += (path.missing ? "missing: " : "differs: ") + path.path + "\n" }
                case .failed(let error):
                    summary.failed += 1
                    // The first few are listed; the rest counted at the end.
                    if summary.failed <= Self.listedFailures {
                        report += Diagnostic.line("error", "job \(number): \(error.keyedMessage)")
                    }
                }
                if !quiet { for warning in warnings { report += Diagnostic.line("warning", "job \(number): \(warning.description)") } }
            }
            summary.jobs += entries.count
            OutputFile.writeToStandardError(report)
            if !listing.isEmpty { OutputFile.writeToStandardOutput(listing) }
        }
        guard summary.jobs > 0 else { throw .invalidInput("there are no jobs") }
        if summary.failed > Self.listedFailures {
            OutputFile.writeToStandardError(Diagnostic.line("error", "and \(summary.failed - Self.listedFailures) more jobs failed, not listed"))
        }
        return summary
    }
}
