import ArgumentParser
import CurveType
import Foundation

/// `curvetype batch JOBS`: many documents in one process, on every core.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render many jobs in one process, on every core.",
        discussion: """
            JOBS is a JSON file holding an array of jobs, or JSON lines (one job per line); \
            without it, or with -, JSON lines are read from standard input. A job is an object: \
            "command" (badge, seal, circle, spiral, fit, angle), "output" (the SVG's path), \
            optionally "layout" (a JSON path) and "args" (positional arguments, such as circle's \
            text), and any of the command's options by their long name: "label-color": "red"; \
            true for a flag; an array for a repeated option. A failing job prints \
            "job N: reason" (N counts from 1) and the others still run; the exit status is 1 if \
            any job failed.
            """)

    @Argument(help: "A JSON file of jobs (default: JSON lines on standard input).")
    var jobs: String?

    @Option(parsing: .unconditional, help: "Threads to render on (default: one per core).")
    var threads: Int?

    func run() throws {
        if let threads, !(1...256).contains(threads) {
            throw CurveTypeError.invalidInput("threads must be from 1 to 256, not \(threads)")
        }
        let data: Data
        if let jobs, jobs != "-" {
            guard let read = FileManager.default.contents(atPath: jobs) else {
                throw CurveTypeError.invalidInput("cannot read the jobs file \(jobs)")
            }
            data = read
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        let entries = try JobList.parse(data)
        guard !entries.isEmpty else { throw CurveTypeError.invalidInput("there are no jobs") }
        let outcomes = Batch.forEach(count: entries.count, threads: threads) { index in
            do {
                let arguments = try entries[index].get()
                // Parsing the subcommand alone skips building the whole command tree per job.
                guard let type = CurveTypeCommand.configuration.subcommands.first(where: {
                    $0.configuration.commandName == arguments.first
                }) as? RenderingCommand.Type else {
                    throw CurveTypeError.invalidInput("unknown command '\(arguments.first ?? "")' (batch jobs: badge, seal, circle, spiral, fit, angle)")
                }
                let command = try type.parse(Array(arguments.dropFirst()))
                guard let output = command.outputOptions.output else {
                    throw CurveTypeError.invalidInput("give the job an \"output\" path")
                }
                return Batch.run(BatchJob(try command.documentRequest(), output: output, layout: command.outputOptions.layout))
            } catch let error as CurveTypeError {
                return .failed(error)
            } catch {
                let message = CurveTypeCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
                return .failed(.invalidInput(message.replacingOccurrences(of: "Error: ", with: "")))
            }
        }
        var failed = 0
        var report = ""
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .written(let warnings):
                for warning in warnings { report += "curvetype: warning: job \(index + 1): \(warning)\n" }
            case .failed(let error):
                failed += 1
                report += "curvetype: error: job \(index + 1): \(error)\n"
            }
        }
        if failed > 0 { report += "curvetype: \(failed) of \(outcomes.count) jobs failed\n" }
        FileHandle.standardError.write(Data(report.utf8))
        if failed > 0 { throw ExitCode(1) }
    }
}

/// Jobs as command lines: `["badge", "--label", "build", …, "-o", "out.svg"]`.
enum JobList {
    /// One entry per job; a job that cannot be read is an error of its own, not of the batch.
    static func parse(_ data: Data) throws -> [Result<[String], CurveTypeError>] {
        let text = String(decoding: data, as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "[" {
            let values: [JSONValue]
            do {
                values = try JSONDecoder().decode([JSONValue].self, from: Data(trimmed.utf8))
            } catch {
                throw CurveTypeError.invalidInput("the jobs file is not a JSON array of jobs: \(describe(error))")
            }
            return values.map(arguments)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.allSatisfy(\.isWhitespace) }
            .map { line in
                do {
                    return arguments(try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)))
                } catch {
                    return .failure(.invalidInput("not a JSON object: \(describe(error))"))
                }
            }
    }

    private static func describe(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError.map { "\($0)" } ?? context.debugDescription).split(separator: "\n").first.map(String.init) ?? "bad JSON"
        }
        return "bad JSON"
    }

    /// The command line of one job object.
    static func arguments(_ job: JSONValue) -> Result<[String], CurveTypeError> {
        guard case .object(let fields) = job else { return .failure(.invalidInput("a job must be a JSON object")) }
        guard case .string(let command)? = fields["command"] else {
            return .failure(.invalidInput("the job has no \"command\" (badge, seal, circle, spiral, fit or angle)"))
        }
        guard command != "batch" else { return .failure(.invalidInput("a batch job cannot be a batch")) }
        var arguments = [command]
        var positional: [String] = []
        for key in fields.keys.sorted() where key != "command" {
            let value = fields[key]!
            if key == "args" {
                guard case .array(let items) = value, let strings = words(items) else {
                    return .failure(.invalidInput("\"args\" must be an array of strings or numbers"))
                }
                positional = strings
                continue
            }
            let option = key == "output" ? "-o" : "--" + kebabCase(key.drop { $0 == "-" })
            switch value {
            case .bool(true): arguments.append(option)
            case .bool(false), .null: continue
            case .array(let items):
                guard let strings = words(items) else {
                    return .failure(.invalidInput("\"\(key)\" must hold strings or numbers"))
                }
                for s in strings { arguments += [option, s] }
            case .object: return .failure(.invalidInput("\"\(key)\" cannot be an object"))
            default:
                guard let s = value.argument else { return .failure(.invalidInput("\"\(key)\" has no usable value")) }
                arguments += [option, s]
            }
        }
        if !positional.isEmpty { arguments += ["--"] + positional }
        return .success(arguments)
    }

    /// The items as command-line words, or `nil` if one is not a string or number.
    private static func words(_ items: [JSONValue]) -> [String]? {
        let words = items.compactMap(\.argument)
        return words.count == items.count ? words : nil
    }

    /// `labelColor` → `label-color`; names already in kebab case stay as they are.
    static func kebabCase<S: StringProtocol>(_ name: S) -> String {
        var out = ""
        for c in name {
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
        return out
    }
}

/// Any JSON value.
enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let n = try? container.decode(Double.self) { self = .number(n) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else if let a = try? container.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// A string or number as a command-line word.
    var argument: String? {
        switch self {
        case .string(let s): return s
        case .number(let n):
            return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        default: return nil
        }
    }
}
