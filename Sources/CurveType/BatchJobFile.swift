import CurveTypeEffects
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeSVG
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A job of a batch file: one drawing, or a merge of a template and rows into a page a row.
public enum BatchEntry: Sendable, Equatable {
    /// A drawing command's job: `{"command": "badge", "label-color": "red", "output": "a.svg"}`.
    case drawing(JobDescription)
    /// A merge: `{"command": "merge", "template": "t.svg", "data": "rows.csv", "output":
    /// "out/{id}.pdf"}`, with `curvetype merge`'s options by their names.
    case merge(MergeOptions)
}

/// A batch's job file: a JSON array of job objects, or JSON lines (one object per line), read
/// as a stream so a list of any length is never held whole. A leading UTF-8 byte-order mark is
/// skipped and CRLF line ends are read as LF. Each job is decoded straight into its command's
/// options (`BatchEntry`): `{"command": "badge", "label-color": "red", "output": "a.svg"}`.
public final class BatchJobFile {
    /// The most bytes one job may hold (a line, or an object of an array).
    public static let maximumJobBytes = 1 << 20
    /// The most bytes of a JSON array file, which is read whole; JSON lines have no limit.
    public static let maximumArrayBytes = 64 << 20
    /// The longest option name a job may use: every real one is far shorter.
    public static let maximumOptionNameLength = OptionReader.maximumNameLength

    private let reader: LineReader?
    private var arrayJobs: [Result<BatchEntry, CurveTypeError>]?
    private var arrayIndex = 0

    /// Opens `path` (`-`: standard input) and reads as far as the format needs.
    public convenience init(path: String) throws(CurveTypeError) {
        let reader: LineReader
        do { reader = try LineReader(path: path, lineLimit: Self.maximumJobBytes) } catch { throw Self.lifted(error) }
        try self.init(reader: reader)
    }

    /// Parses every job of `bytes` at once, through the same reader as a file (the library's
    /// and the fuzzer's entry).
    public static func parse(_ bytes: [UInt8]) throws(CurveTypeError) -> [Result<BatchEntry, CurveTypeError>] {
        let file = try BatchJobFile(reader: LineReader(bytes: bytes, name: "the jobs", lineLimit: maximumJobBytes))
        var jobs: [Result<BatchEntry, CurveTypeError>] = []
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
            } else if let first, first != UInt8(ascii: "{") {
                // Neither form: a binary file or some other text, refused once, not line by
                // line (a picture gave 179,453 errors).
                throw CurveTypeError.invalidInput("the jobs file is not JSON: it must be a JSON array of jobs, or one job (a JSON object) a line")
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

    /// The next `count` jobs at most; empty at the end. Lines are decoded on `threads` threads
    /// (default: one per core), the results in file order.
    public func next(_ count: Int, threads: Int? = nil) throws(CurveTypeError) -> [Result<BatchEntry, CurveTypeError>] {
        if let arrayJobs {
            let end = min(arrayJobs.count, arrayIndex + count)
            let jobs = Array(arrayJobs[arrayIndex..<end])
            arrayIndex = end
            return jobs
        }
        guard let reader else { return [] }
        var lines: [LineReader.Line] = []
        while lines.count < count {
            let line: LineReader.Line?
            do { line = try reader.nextLine() } catch { throw Self.lifted(error) }
            guard let line else { break }
            if case .text(let bytes) = line, !bytes.contains(where: { !Self.isSpace($0) }) { continue }  // blank
            lines.append(line)
        }
        let batch = lines
        return Batch.map(count: batch.count, threads: threads) { index in
            switch batch[index] {
            case .tooLong: .failure(Self.tooLong)
            case .text(let bytes): Self.job(line: bytes)
            }
        }
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

    /// One line's job.
    private static func job(line: [UInt8]) -> Result<BatchEntry, CurveTypeError> {
        do {
            let value: JSONValue
            do { value = try JSONValue.parse(line, what: "the line", limit: maximumJobBytes) } catch {
                return .failure(.invalidInput("not a JSON object: \(error.description)"))
            }
            return .success(try decoder.decode(DecodedEntry.self, from: value).entry)
        } catch {
            return .failure(lifted(error))
        }
    }

    private static func parseArray(_ bytes: [UInt8]) throws(CurveTypeError) -> [Result<BatchEntry, CurveTypeError>] {
        do {
            return try decoder.decode([Entry].self, from: bytes, what: "the jobs file", limit: bytes.count).map(\.job)
        } catch {
            throw .invalidInput("the jobs file is not a JSON array of jobs: \(describe(error))")
        }
    }

    /// A job of an array: one bad job does not spoil the others.
    private struct Entry: Decodable {
        let job: Result<BatchEntry, CurveTypeError>
        init(from decoder: Decoder) throws {
            do { job = .success(try DecodedEntry(from: decoder).entry) } catch { job = .failure(BatchJobFile.lifted(error)) }
        }
    }

    /// A job by its command: a merge's options, or a drawing's.
    private struct DecodedEntry: Decodable {
        let entry: BatchEntry
        init(from decoder: Decoder) throws {
            let keys = try? decoder.container(keyedBy: Key.self)
            guard (try? keys?.decodeIfPresent(String.self, forKey: Key(stringValue: "command"))) == "merge" else {
                entry = .drawing(try JobDescription(from: decoder))
                return
            }
            var reader = try OptionReader(decoder)
            _ = try reader.text("command")
            // The template by its name, as the other files are (or as the argument, in "args").
            let template = try reader.text("template")
            var options = try MergeOptions(&reader)
            try reader.finish(command: "merge")
            if let template {
                guard options.template == nil else { throw CurveTypeError.invalidInput("give the merge job's template once: \"template\" or \"args\"") }
                options.template = template
            }
            guard options.template != nil, options.data != nil, options.output != nil else {
                throw CurveTypeError.invalidInput("give the merge job a \"template\", \"data\" and \"output\"")
            }
            guard options.output != "-", options.manifest != "-", options.data != "-" else {
                throw CurveTypeError.invalidInput("a batch job reads and writes files, not standard input or output")
            }
            entry = .merge(options)
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    /// A decoder of the project's one JSON reader (as JavaScript reads JSON) that reads keys as
    /// option names (`label-color` is `labelColor`).
    private static let decoder = JSONValueDecoder { key in OptionKey.normalized(key).stringValue }

    /// A job's own error as it is; a JSON syntax error described in one line.
    private static func lifted(_ error: Error) -> CurveTypeError {
        if let error = error as? CurveTypeError { return error }
        return .invalidInput("not a JSON object: \(describe(error))")
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case let error as CurveTypeError: return error.description
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            return context.debugDescription
        default: return "bad JSON"
        }
    }
}
