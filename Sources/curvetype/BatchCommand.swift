import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `curvetype batch JOBS`: many documents in one process, on every core.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render many jobs in one process, on every core.",
        discussion: """
            JOBS is a JSON file holding an array of jobs, or JSON lines (one job per line); \
            without it, or with -, JSON lines are read from standard input. A job is an object: \
            "command" (badge, seal, circle, spiral, fit, angle, path), "output" (the SVG's path), \
            optionally "layout" (a JSON path) and "args" (positional arguments, such as circle's \
            text), and any of the command's options by their long name: "label-color": "red"; \
            true for a flag; an array for a repeated option. A failing job prints \
            "job N: reason" (N counts from 1) and the others still run; the exit status is 1 if \
            any job failed. With --check, nothing is written: each job is rendered in memory and \
            compared with its files, byte for byte; each file that differs or is missing is \
            listed on standard output, and the exit status is 1 if any is (golden files in CI).
            """)

    @Argument(help: "A JSON file of jobs (default: JSON lines on standard input).")
    var jobs: String?

    @Option(parsing: .unconditional, help: "Threads to render on (default: one per core).")
    var threads: Int?

    @Flag(help: "Print no warnings (failed jobs still print).")
    var quiet = false

    @Flag(help: "Write nothing: compare each job's files with what it renders; list those that differ or are missing, and exit 1 if any do.")
    var check = false

    /// Jobs read, parsed and rendered at a time: the list is streamed, never held whole.
    static let chunkSize = 4096

    func run() throws {
        if let threads, !(1...256).contains(threads) {
            throw CurveTypeError.invalidInput("--threads must be from 1 to 256, not \(threads)")
        }
        let file = try BatchJobFile(path: jobs ?? "-")
        var claims = OutputClaims()
        var failed = 0
        var total = 0
        var stale = 0
        var files = 0
        while true {
            // Decode every job (on every core), claim outputs in job order, then render: no
            // result depends on which thread finishes first.
            let entries = try file.next(Self.chunkSize, threads: threads)
            if entries.isEmpty { break }
            let jobs = entries.map { job -> Result<JobDescription, CurveTypeError> in
                job.flatMap { job in
                    if let conflict = claims.claim(output: job.output, layout: job.layout) { return .failure(conflict) }
                    return .success(job)
                }
            }
            let check = check
            let outcomes = Batch.map(count: jobs.count, threads: threads) { index -> BatchCheck in
                switch jobs[index] {
                case .failure(let error): return .failed(error)
                case .success(let job):
                    do throws(CurveTypeError) {
                        let job = try job.job()
                        if check { return Batch.check(job) }
                        switch Batch.run(job) {
                        case .written(let warnings): return .upToDate(warnings: warnings)
                        case .failed(let error): return .failed(error)
                        }
                    } catch {
                        return .failed(error)
                    }
                }
            }
            var report = ""
            var listing = ""
            for (offset, outcome) in outcomes.enumerated() {
                let number = total + offset + 1
                var warnings: [String] = []
                switch outcome {
                case .upToDate(let said):
                    warnings = said
                    files += jobs[offset].files
                case .stale(let paths, let said):
                    warnings = said
                    files += jobs[offset].files
                    stale += paths.count
                    for path in paths { listing += (path.missing ? "missing: " : "differs: ") + path.path + "\n" }
                case .failed(let error):
                    failed += 1
                    report += Diagnostic.line("error", "job \(number): \(error)")
                }
                if !quiet { for warning in warnings { report += Diagnostic.line("warning", "job \(number): \(warning)") } }
            }
            total += entries.count
            OutputFile.writeToStandardError(report)
            if !listing.isEmpty { OutputFile.writeToStandardOutput(listing) }
        }
        guard total > 0 else { throw CurveTypeError.invalidInput("there are no jobs") }
        if failed > 0 {
            OutputFile.writeToStandardError("curvetype: \(failed) of \(total) jobs failed\n")
        }
        if stale > 0 {
            OutputFile.writeToStandardError("curvetype: \(stale) of \(files) files are not up to date\n")
        }
        if failed > 0 || stale > 0 { throw ExitCode(1) }
    }
}

private extension Result<JobDescription, CurveTypeError> {
    /// The files a job writes: its SVG, and its layout if asked for.
    var files: Int {
        if case .success(let job) = self { job.layout == nil ? 1 : 2 } else { 0 }
    }
}
