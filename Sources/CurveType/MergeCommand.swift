import CurveTypeEffects
import CurveTypeFonts
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

/// `curvetype merge`'s options.
public struct MergeOptions: Sendable, Equatable, DeclaredOptions {
    /// The template, an SVG.
    public var template: String?
    /// The rows: CSV (`.csv`) or JSON lines (`.jsonl`, `.ndjson`).
    public var data: String?
    /// Each row's file, a pattern (`out/{id}.pdf`).
    public var output: String?
    /// The manifest's path.
    public var manifest: String?
    /// `I/N`, or `N` with the index from the environment.
    public var shard: String?
    /// Threads to render on; `nil`: one per core.
    public var threads: Int?
    /// Print no warnings and no progress.
    public var quiet = false
    /// The one folder under which the template's `data-options` may name files (fonts, texts,
    /// logos, paths); `nil`: none, as a template from anyone.
    public var templateReads: String?

    /// outlines, or selectable: an SVG page's texts (its slots, fixed texts too) also carry the
    /// text under them, to select, find and copy (a PDF page always does).
    public var glyphs = GlyphWriting.outlines

    /// Every option at its default.
    public init() {}

    static let fields: [OptionField<MergeOptions>] = [
        .argument("template", \.template, command: "merge", type: .file, required: true, "The template: an SVG page whose <text> elements and data-field shapes are slots (README: Documents from data)."),
        .text("data", \.data, .content, type: .file, required: true, "The rows: CSV (RFC 4180, a header row naming the columns) or JSON lines (.jsonl, .ndjson: one object a row)."),
        .text("output", \.output, .output, type: .file, required: true, "Each row's file: {COLUMN} is the row's value, {row} its number (out/{id}.pdf); the extension names the format. Without a {COLUMN}, one PDF of every page."),
        .text("manifest", \.manifest, .output, type: .file, "Also write a manifest: a line a page, its row, SHA-256 and file, tab-separated (shards' manifests merge with sort -n)."),
        .text("shard", \.shard, .output, "Render one share of the rows: I/N (I from 0 to N-1), or N with the index from JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX. Row i is shard i mod N's."),
        .text("templateReads", \.templateReads, .content, type: .file, default: "none",
              "Let the template's data-options and fonts name files under this folder (a template you trust); by default a template names no file."),
        .choice("glyphs", \.glyphs, .document,
                "outlines: every text as paths (a PDF page keeps the text under them, invisible, to copy); selectable: in an SVG page too, the text under the outlines to select, find, copy and read aloud, fixed texts and slots alike; text is refused (a slot is fitted and bent as outlines)."),
        .integer("threads", \.threads, .output, range: .from(1, to: 256), default: "one per core", "Threads to render on."),
        .flag("quiet", \.quiet, .output, "Print no warnings and no progress (errors still print)."),
    ]

    /// `curvetype merge`'s words, read as the command line reads them.
    public init(arguments words: [String]) throws(CurveTypeError) {
        try self.init(commandLine: words, command: "merge")
        // Unlike other options, a shard given twice is refused, not the last taken: two shards
        // in one process would render some rows twice over the machines.
        let shards = words.prefix { $0 != "--" }.filter { $0 == "--shard" || $0.hasPrefix("--shard=") }.count
        if shards > 1 { throw .invalidInput("--shard is given \(shards) times: a process renders one shard") }
        if data == "-" { throw .invalidInput("--data must be a file, not standard input: the rows are read twice (checked, then drawn)") }
        if let threads, !(1...256).contains(threads) { throw .invalidInput("--threads must be from 1 to 256, not \(threads)") }
        // What is missing, said as what to give (without --data, "--data must be a .csv file …,
        // not -" was said).
        let missing = [(template == nil, "the template (an SVG)"), (data == nil, "--data ROWS (a .csv or JSON lines file)"),
                       (output == nil, "--output PATTERN (each row's file: 'out/{id}.pdf')")].filter(\.0).map(\.1)
        if !missing.isEmpty {
            throw .invalidInput("merge needs \(missing.count == 1 ? missing[0] : missing.dropLast().joined(separator: ", ") + " and " + (missing.last ?? ""))")
        }
    }

    /// The merge these options describe, its rows from `data` (the command line's reads CSV and
    /// JSON lines); `environment` gives a shard's index.
    public func merge(data: MergeData, environment: [String: String]) throws(CurveTypeError) -> Merge {
        guard let template, let output else { throw .invalidInput("merge needs a template, --data and --output") }
        if glyphs == .text {
            throw .invalidInput("\(parameter: "glyphs") text is refused by merge: a slot's text is fitted, bent and spaced as outlines, which <text> cannot carry; give \(parameter: "glyphs") selectable for text to select in an SVG page")
        }
        // The rows are read twice (checked, then drawn): a FIFO or a device would give them
        // once, and the second read would wait for ever.
        if let path = self.data {
            var status = stat()
            guard stat(path, &status) == 0 else { throw .invalidInput("cannot read the data \(path): no such file") }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw .invalidInput("--data must be a regular file, not a pipe or a device: the rows are read twice (checked, then drawn)")
            }
        }
        let bytes: [UInt8]
        do { bytes = try InputBytes.read(template, limit: SafeSVG.maximumTemplateBytes) } catch {
            throw .invalidInput("cannot read the template: \(error.description)")
        }
        var merge = Merge(template: try MergeTemplate(svg: bytes), data: data, output: output, manifest: manifest)
        if let shard { merge.shard = try MergeShard(parsing: shard, environment: environment) }
        if let templateReads { merge.templateReads = try FileAccess.under(templateReads, "the template") }
        merge.threads = threads
        merge.settings.svg.textLayers = glyphs.textLayers
        // No page and no manifest may replace what the merge reads.
        merge.inputs = [template] + (self.data.map { [$0] } ?? [])
        return merge
    }
}

extension MergeData {
    /// The rows of the JSON lines file at `path` (`.jsonl`, `.ndjson`): what the library reads
    /// on its own (CSV is read by the command line's CSV.swift, as this package depends on
    /// nothing).
    public static func jsonLines(_ path: String) throws(CurveTypeError) -> MergeData {
        let lower = path.lowercased()
        guard lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") else {
            throw .invalidInput("the data \(path) is not JSON lines (.jsonl, .ndjson): the library reads JSON lines; the command line reads CSV too")
        }
        return MergeData(name: path) { () throws(CurveTypeError) in try JSONLinesRows(path: path) }
    }
}

/// JSON lines rows: one object a line, its members the row's columns (strings, numbers and
/// booleans as JSON writes them; null as empty). Blank lines are skipped; the row number is
/// the line's.
public final class JSONLinesRows: MergeRowReader {
    private let reader: LineReader
    private let name: String
    private var line = 0
    /// The longest line read, bytes.
    public static let maximumLineBytes = 1 << 20

    /// None known before the rows: each line has its own.
    public var columns: [String]? { nil }

    /// Opens `path` (a file: the merge reads it twice).
    public init(path: String) throws(CurveTypeError) {
        do { reader = try LineReader(path: path, lineLimit: Self.maximumLineBytes) } catch {
            throw .invalidInput("cannot read the data: \(error.description)")
        }
        name = path
    }

    /// Reads JSON lines already in memory (a request's body), named `name` in messages.
    public init(bytes: [UInt8], name: String) {
        reader = LineReader(bytes: bytes, name: name, lineLimit: Self.maximumLineBytes)
        self.name = name
    }

    /// The next non-blank line's object, or `nil` at the end.
    public func next() throws(CurveTypeError) -> MergeRow? {
        while true {
            let read: LineReader.Line?
            do { read = try reader.nextLine() } catch { throw .invalidInput("cannot read the data: \(error.description)") }
            guard let read else { return nil }
            line += 1
            guard case .text(var bytes) = read else {
                throw .invalidInput("\(name) line \(line): longer than \(InputBytes.describe(bytes: Self.maximumLineBytes))")
            }
            if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard String(validating: bytes, as: UTF8.self) != nil else {
                throw .invalidInput("\(name) line \(line): not UTF-8")
            }
            // Read as every JSON of the project is, as JavaScript reads it (a key given twice
            // keeps its last value; a number is written as JavaScript writes it: 1.5e-7).
            let object: JSONObject
            switch try JSONValue.parse(bytes, what: "\(name) line \(line)") {
            case .object(let value): object = value
            default: throw .invalidInput("\(name) line \(line): not a JSON object of strings, numbers and booleans")
            }
            var values: [String: String] = [:]
            for key in object.keys {
                switch object[key] {
                // null is an empty cell, as a spreadsheet's.
                case .null?: values[key] = ""
                case let value?:
                    guard let text = value.badgeText else {
                        throw .invalidInput("\(name) line \(line): \"\(Diagnostic.escaped(String(key.prefix(40))))\" holds an array or an object, not a string, number or boolean")
                    }
                    values[key] = text
                case nil: break
                }
            }
            return MergeRow(number: line, values: values)
        }
    }
}
