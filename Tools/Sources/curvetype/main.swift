import CurveType
import CurveTypeCSV
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// `curvetype COMMAND …`: reads its words by the library's declarations of each command
// (`CommandDeclaration`), which also write its help and completions, and runs the command.
// A failure prints one line on stderr: status 64 for words it cannot read, 1 for a command
// that fails.

let arguments = Array(CommandLine.arguments.dropFirst())

let first = arguments.first ?? "--help"
if arguments.isEmpty || first == "-h" || first == "--help" {
    print(CommandHelp.root(version: CurveTypeVersion.string), terminator: "")
    exit(0)
}
if arguments.prefix(while: { $0 != "--" }).contains("--version") {
    print(CurveTypeVersion.string)
    exit(0)
}
if first.hasPrefix("--generate-completion-script") {
    let shell = first.contains("=") ? String(first.split(separator: "=", maxSplits: 1)[1]) : arguments.dropFirst().first ?? ""
    do { print(try CommandHelp.completionScript(for: shell), terminator: "") } catch { fail(error.description, code: 64) }
    exit(0)
}
if first == "help" {
    let rest = arguments.dropFirst().filter { $0 != "--markdown" }
    guard let name = rest.first else {
        print(CommandHelp.root(version: CurveTypeVersion.string), terminator: "")
        exit(0)
    }
    guard let command = CommandDeclaration.named(name) else { fail(CommandDeclaration.unknownCommand(name), code: 64) }
    print(arguments.contains("--markdown") ? CommandHelp.markdown(command) : CommandHelp.command(command), terminator: "")
    exit(0)
}
guard CommandDeclaration.names.contains(first) else {
    fail(CommandDeclaration.unknownCommand(first), code: 64)
}
// The command's declarations with their defaults are made for help and for an error's message
// only: reading the words makes its own, without defaults (a badge paid for both, 0.9 M
// instructions of its 7.8 M).
func declaration() -> CommandDeclaration? { CommandDeclaration.named(first) }
if arguments.dropFirst().prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }), let command = declaration() {
    print(CommandHelp.command(command), terminator: "")
    exit(0)
}

/// A merge's rows: CSV (CSV.swift) or JSON lines, by the file's extension.
@Sendable func mergeData(_ path: String) throws(CurveTypeError) -> MergeData {
    if path.lowercased().hasSuffix(".csv") {
        return MergeData(name: path) { () throws(CurveTypeError) in try CSVRows(path: path) }
    }
    let lower = path.lowercased()
    guard lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") else {
        throw CurveTypeError.invalidInput("--data must be a .csv file or JSON lines (.jsonl, .ndjson), not \(path)")
    }
    return try MergeData.jsonLines(path)
}

/// Signal sources, kept for the life of the process.
nonisolated(unsafe) var signalSources: [any DispatchSourceSignal] = []

/// On an interrupt, a hang-up or a termination, a command that writes many files removes the
/// temporary files it is writing and undoes what it wrote as one whole (a merge's pages), then
/// ends as the signal would have ended it (status 128 + the signal's number). A `kill -9`
/// cannot be caught: the next run removes what it left (`OutputFile.removeStaleTemporaries`).
func cleanUpOnSignals() {
    for number in [SIGINT, SIGTERM, SIGHUP] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
            let (removed, putBack) = OutputFile.interrupted()
            OutputFile.writeToStandardError(Diagnostic.line("error", "interrupted: no file was left half-written (\(removed) temporary file\(removed == 1 ? "" : "s") removed, \(putBack) file\(putBack == 1 ? "" : "s") put back as they were)"))
            _exit(128 + number)
        }
        source.resume()
        signalSources.append(source)
    }
}

switch first {
case "batch":
    cleanUpOnSignals()
    let options: BatchOptions
    do { options = try BatchOptions(arguments: Array(arguments.dropFirst())) } catch { fail(error.description, code: 64) }
    do {
        let summary = try Batch.process(jobFile: options.jobs ?? "-", threads: options.threads, check: options.check, quiet: options.quiet,
                                        mergeRows: mergeData)
        OutputFile.writeToStandardError(summary.closingLines)
        exit(summary.succeeded ? 0 : 1)
    } catch {
        fail(error.description, code: 1)
    }
case "readme-badges":
    cleanUpOnSignals()
    let options: ReadmeBadgesOptions
    do { options = try ReadmeBadgesOptions(arguments: Array(arguments.dropFirst())) } catch { fail(declaration()?.message(for: error) ?? error.description, code: 64) }
    do {
        let outcome = try options.run()
        OutputFile.writeToStandardOutput(outcome.report)
        if let staleness = outcome.staleness { fail(staleness, code: 1) }
        exit(0)
    } catch {
        fail(declaration()?.message(for: error) ?? error.description, code: 1)
    }
case "merge":
    cleanUpOnSignals()
    let options: MergeOptions
    do { options = try MergeOptions(arguments: Array(arguments.dropFirst())) } catch { fail(declaration()?.message(for: error) ?? error.description, code: 64) }
    do throws(CurveTypeError) {
        var merge = try options.merge(data: try mergeData(options.data ?? "-"), environment: ProcessInfo.processInfo.environment)
        merge.collectsManifest = false
        // A progress bar where a person watches: a terminal, not CI, not --quiet.
        let environment = ProcessInfo.processInfo.environment
        if !options.quiet, isatty(STDERR_FILENO) == 1, environment["CI"] == nil {
            merge.progress = { written, total in
                if written == total || written % 16 == 0 {
                    let width = 30, filled = total == 0 ? width : written * width / total
                    OutputFile.writeToStandardError("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(written)/\(total) pages" + (written == total ? "\n" : ""))
                }
            }
        }
        let summary = try merge.run()
        if !options.quiet { for warning in summary.warnings { printWarning(warning) } }
        exit(0)
    } catch {
        fail(declaration()?.message(for: error) ?? error.description, code: 1)
    }
case "logos":
    do {
        let options = try LogosOptions(arguments: Array(arguments.dropFirst()))
        OutputFile.writeToStandardOutput(try options.listing())
        exit(0)
    } catch {
        fail(error.description, code: 1)
    }
default:
    let invocation: CommandInvocation
    do { invocation = try CommandInvocation(arguments: arguments) } catch {
        fail(declaration()?.message(for: error, units: CommandDeclaration.units(in: arguments)) ?? error.description, code: 64)
    }
    do {
        if case .angle(let angle) = invocation.command, let frames = angle.frames, let outDir = angle.outDir {
            try writeFrames(angle, count: frames, into: outDir, hasOutputs: invocation.output != nil || invocation.layout != nil)
        } else {
            let document = try invocation.request().renderDocument()
            if !invocation.quiet { for warning in document.warnings { printWarning(warning.description) } }
            try document.write(to: invocation.output ?? "-", settings: invocation.settings, layoutTo: invocation.layout)
        }
        exit(0)
    } catch {
        fail(declaration()?.message(for: error, units: invocation.settings.units) ?? error.description, code: 1)
    }
}

/// An animated angle's `--frames` still SVGs, written into `outDir` (made if missing) as
/// angle-0001.svg, angle-0002.svg, …, all or none.
func writeFrames(_ options: AngleOptions, count: Int, into outDir: String, hasOutputs: Bool) throws(CurveTypeError) {
    let svgs = try options.request(hasOutputs: hasOutputs).frames(count)
    do {
        try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
    } catch {
        throw CurveTypeError.output(path: outDir, reason: "cannot make the folder")
    }
    let files = svgs.enumerated().map { (i, svg) in
        let number = String(i + 1)
        let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
        return (path: PathText.joined(outDir, "angle-\(padded).svg"), contents: svg)
    }
    try OutputFile.writeAtomically(files)
}

func printWarning(_ message: String) {
    OutputFile.writeToStandardError(Diagnostic.line("warning", message))
}

func fail(_ message: String, code: Int32) -> Never {
    // A write that stopped for an interrupt: the signal's handler says so and ends the process.
    while OutputFile.isInterrupted { pause() }
    OutputFile.writeToStandardError(Diagnostic.line("error", message))
    exit(code)
}
