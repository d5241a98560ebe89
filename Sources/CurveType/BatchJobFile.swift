#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A batch's job file: a JSON array of job objects, or JSON lines (one object per line), read
/// as a stream so a list of any length is never held whole. A leading UTF-8 byte-order mark is
/// skipped and CRLF line ends are read as LF. Each job becomes a command line:
/// `{"command": "badge", "labelColor": "red", "output": "a.svg"}` →
/// `["badge", "--label-color", "red", "-o", "a.svg"]`.
public final class BatchJobFile {
    /// The most bytes one job may hold (a line, or an object of an array).
    public static let maximumJobBytes = 1 << 20
    /// The most bytes of a JSON array file, which is read whole; JSON lines have no limit.
    public static let maximumArrayBytes = 64 << 20
    /// The longest option name a job may use: every real one is far shorter.
    public static let maximumOptionNameLength = 64

    private let reader: LineReader?
    private var arrayJobs: [Result<[String], CurveTypeError>]?
    private var arrayIndex = 0

    /// Opens `path` (`-`: standard input) and reads as far as the format needs.
    public convenience init(path: String) throws(CurveTypeError) {
        let reader: LineReader
        do { reader = try LineReader(path: path, lineLimit: Self.maximumJobBytes) } catch { throw Self.lifted(error) }
        try self.init(reader: reader)
    }

    /// Parses every job of `bytes` at once, through the same reader as a file (the library's
    /// and the fuzzer's entry).
    public static func parse(_ bytes: [UInt8]) throws(CurveTypeError) -> [Result<[String], CurveTypeError>] {
        let file = try BatchJobFile(reader: LineReader(bytes: bytes, name: "the jobs", lineLimit: maximumJobBytes))
        var jobs: [Result<[String], CurveTypeError>] = []
        while true {
            let chunk = try file.next(4096)
            if chunk.isEmpty { return jobs }
            jobs += chunk
        }
    }

    /// Skips a byte-order mark and sniffs the format: the first byte that is not white space
    /// says array or lines. An array is read whole now.
    private init(reader: LineReader) throws(CurveTypeError) {
        do {
            if try reader.peek(3) == [0xEF, 0xBB, 0xBF] { reader.skip(3) }
            var offset = 0
            var first: UInt8?
            while first == nil {
                let window = try reader.peek(offset + 4096)
                guard window.count > offset else { break }
                first = window.dropFirst(offset).first { !Self.isSpace($0) }
                offset = window.count
            }
            if first == UInt8(ascii: "[") {
                arrayJobs = try Self.parseArray(reader.rest(limit: Self.maximumArrayBytes))
                self.reader = nil
            } else {
                self.reader = reader
            }
        } catch let error as InputError {
            throw Self.lifted(error)
        } catch let error as CurveTypeError {
            throw error
        } catch {
            throw .invalidInput("cannot read the jobs file")
        }
    }

    /// The next `count` jobs at most; empty at the end.
    public func next(_ count: Int) throws(CurveTypeError) -> [Result<[String], CurveTypeError>] {
        var jobs: [Result<[String], CurveTypeError>] = []
        if let arrayJobs {
            let end = min(arrayJobs.count, arrayIndex + count)
            jobs = Array(arrayJobs[arrayIndex..<end])
            arrayIndex = end
            return jobs
        }
        guard let reader else { return [] }
        while jobs.count < count {
            let line: LineReader.Line?
            do { line = try reader.nextLine() } catch { throw Self.lifted(error) }
            guard let line else { break }
            switch line {
            case .tooLong: jobs.append(.failure(Self.tooLong))
            case .text(let bytes): if let job = Self.job(line: bytes) { jobs.append(job) }
            }
        }
        return jobs
    }

    private static let tooLong = CurveTypeError.invalidInput("the job is longer than \(InputBytes.describe(bytes: maximumJobBytes)), the most a job may be")

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func lifted(_ error: InputError) -> CurveTypeError {
        switch error {
        case .notFound(let path): return .invalidInput("cannot read the jobs file \(path): no such file")
        case .unreadable(let path, let reason): return .invalidInput("cannot read the jobs file \(path): \(reason)")
        case .tooLarge(_, let limit):
            return .invalidInput("the jobs file is larger than \(InputBytes.describe(bytes: limit)), the most a JSON array may be (use JSON lines)")
        }
    }

    /// One line's job, or `nil` for a blank line.
    private static func job(line: [UInt8]) -> Result<[String], CurveTypeError>? {
        guard line.contains(where: { !isSpace($0) }) else { return nil }
        do {
            return arguments(try JSONDecoder().decode(JSONValue.self, from: Data(line)))
        } catch {
            return .failure(.invalidInput("not a JSON object: \(describe(error))"))
        }
    }

    private static func parseArray(_ bytes: [UInt8]) throws(CurveTypeError) -> [Result<[String], CurveTypeError>] {
        let values: [JSONValue]
        do {
            values = try JSONDecoder().decode([JSONValue].self, from: Data(bytes))
        } catch {
            throw .invalidInput("the jobs file is not a JSON array of jobs: \(describe(error))")
        }
        return values.map(arguments)
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
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) where key != "command" {
            guard key.count <= maximumOptionNameLength else {
                return .failure(.invalidInput("\"\(key.prefix(20))…\" is not an option (names are at most \(maximumOptionNameLength) characters)"))
            }
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
