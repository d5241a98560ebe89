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

    func run() throws {
        let summary = try Batch.process(jobFile: jobs ?? "-", threads: threads, check: check, quiet: quiet)
        OutputFile.writeToStandardError(summary.closingLines)
        if !summary.succeeded { throw ExitCode(1) }
    }
}
