// The tool behind the package plugin (`swift package curvetype render JOBS`): renders, or with
// --check compares, a batch job file through the library's `Batch.process`, as `curvetype batch`
// does. It lives in the library's package so that a package using the plugin builds only the
// library: its five words of arguments are read here by hand, because the root package does not
// depend on swift-argument-parser (the command line, which does, is in Tools/).
import CurveType
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
    usage: swift package [--allow-writing-to-package-directory] curvetype render JOBS [--check] [--quiet] [--threads N]

    Renders every job of JOBS (a JSON array or JSON lines, as `curvetype batch` reads them),
    with paths relative to the package's folder. --check writes nothing: it lists each file
    that differs from what its job makes, or is missing, and exits 1 if any does.

    """

/// The command line: `render JOBS` and its flags, or an error message.
struct RenderArguments {
    var jobs = ""
    var check = false
    var quiet = false
    var threads: Int?
    var help = false

    init(_ words: [String]) throws(CurveTypeError) {
        var words = words[...]
        guard let verb = words.popFirst() else { throw .invalidInput("say what to do: render JOBS") }
        if verb == "--help" || verb == "-h" || verb == "help" { help = true; return }
        guard verb == "render" else { throw .invalidInput("unknown command '\(verb)' (commands: render)") }
        var jobs: String?
        while let word = words.popFirst() {
            switch word {
            case "--check": check = true
            case "--quiet": quiet = true
            case "--help", "-h": help = true
            case "--threads":
                guard let value = words.popFirst() else { throw .invalidInput("--threads needs a number") }
                guard let count = Int(value) else { throw .invalidInput("--threads: not a number: \"\(value)\"") }
                threads = count
            default:
                if word.hasPrefix("-"), word != "-" { throw .invalidInput("unknown option '\(word)'") }
                if jobs != nil { throw .invalidInput("one job file at a time, not also '\(word)'") }
                jobs = word
            }
        }
        guard let jobs else {
            if help { return }
            throw .invalidInput("render needs a job file: render JOBS")
        }
        self.jobs = jobs
    }
}

/// Prints `error` as one line on standard error and exits with `code`.
func fail(_ error: CurveTypeError, code: Int32) -> Never {
    OutputFile.writeToStandardError(Diagnostic.line("error", error.description))
    exit(code)
}

let arguments: RenderArguments
do {
    arguments = try RenderArguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error, code: 64)
}
if arguments.help {
    OutputFile.writeToStandardOutput(usage)
    exit(0)
}
do {
    let summary = try Batch.process(jobFile: arguments.jobs, threads: arguments.threads, check: arguments.check,
                                    quiet: arguments.quiet)
    OutputFile.writeToStandardError(summary.closingLines)
    exit(summary.succeeded ? 0 : 1)
} catch {
    fail(error, code: 1)
}
