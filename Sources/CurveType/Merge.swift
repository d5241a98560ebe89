import CurveTypeEffects
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeRaster
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

/// One row of data: its number as the data names it (a CSV's spreadsheet row, the header
/// being row 1; a JSON lines file's line) and its values by column.
public struct MergeRow: Sendable {
    /// The row's number in its data (a CSV's spreadsheet row, a JSON lines file's line).
    public var number: Int
    /// The row's values by column name.
    public var values: [String: String]

    /// A row numbered `number` holding `values`.
    public init(number: Int, values: [String: String]) {
        self.number = number
        self.values = values
    }

    /// What `{column}` stands for in this row: its value (empty if it has none), or its number
    /// for `{row}`.
    func text(of column: String) -> String {
        column == "row" ? String(number) : values[column] ?? ""
    }
}

/// Rows read one at a time (the data is never held whole). A reader names its file and the
/// row in its errors.
public protocol MergeRowReader {
    /// The columns every row has (a CSV's header; JSON lines: none known before the rows).
    var columns: [String]? { get }
    /// The next row, or `nil` at the end.
    mutating func next() throws(CurveTypeError) -> MergeRow?
}

/// Where a merge's rows come from: opened once for the gate and once for the pages.
public struct MergeData: Sendable {
    /// How the data is named in messages.
    public var name: String
    /// Opens a reader at the first row.
    public var open: @Sendable () throws(CurveTypeError) -> any MergeRowReader

    /// Data named `name` in messages, opened by `open`.
    public init(name: String, open: @escaping @Sendable () throws(CurveTypeError) -> any MergeRowReader) {
        self.name = name
        self.open = open
    }
}

/// Which rows one process renders: row `i` (counting data rows from 0) is shard `i mod count`'s,
/// so every row has exactly one shard and no output depends on the count.
public struct MergeShard: Sendable, Equatable {
    /// This shard, from 0 to `count` − 1.
    public var index: Int
    /// How many shards share the rows.
    public var count: Int

    /// Every row: one shard of one.
    public static let whole = MergeShard(index: 0, count: 1)

    /// Shard `index` of `count`.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `I/N` (I from 0 to N−1, as Kubernetes and AWS Batch number their jobs), or `N` alone with
    /// the index from `JOB_COMPLETION_INDEX` or `AWS_BATCH_JOB_ARRAY_INDEX` in `environment`.
    /// An index given twice with different values is refused.
    public init(parsing text: String, environment: [String: String]) throws(CurveTypeError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let count = Int(parts[parts.count - 1]), (1...100_000).contains(count) else {
            throw .invalidInput("--shard must be I/N or N, N from 1 to 100000, not \"\(text.prefix(40))\"")
        }
        var indices: [(String, Int)] = []
        if parts.count == 2 {
            guard let index = Int(parts[0]) else { throw .invalidInput("--shard must be I/N or N, not \"\(text.prefix(40))\"") }
            indices.append(("--shard", index))
        }
        for name in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            guard let index = Int(value) else { throw .invalidInput("\(name)=\"\(value.prefix(20))\" is not a shard index") }
            indices.append((name, index))
        }
        guard let (source, index) = indices.first else {
            throw .invalidInput("--shard \(count) needs the shard's index: --shard I/\(count), or JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX")
        }
        if let other = indices.first(where: { $0.1 != index }) {
            throw .invalidInput("the shard is given twice: \(source) says \(index), \(other.0) says \(other.1)")
        }
        guard (0..<count).contains(index) else {
            throw .invalidInput("the shard index \(index) (from \(source)) must be from 0 to \(count - 1) for \(count) shards")
        }
        self.init(index: index, count: count)
    }

    func owns(_ dataIndex: Int) -> Bool { dataIndex % count == index }
}

/// A merge: a template, its data, and where each row's page goes.
public struct Merge: Sendable {
    /// The page and its slots.
    public var template: MergeTemplate
    /// The rows.
    public var data: MergeData
    /// Each row's file: `{COLUMN}` is the row's value, `{row}` its number. The extension names
    /// the format unless `settings` does.
    public var output: String
    /// The manifest's path (`row`, SHA-256 and file, tab-separated, one row a line), if any.
    public var manifest: String?
    /// How each page is written (its format by the output's extension unless set here).
    public var settings: OutputSettings
    /// Which rows this process renders.
    public var shard = MergeShard.whole
    /// Threads to render on; `nil`: one per core.
    public var threads: Int?
    /// Keep every page's manifest entry in the summary (a command line, which writes the
    /// manifest file, does not: memory then does not grow with the rows).
    public var collectsManifest = true
    /// Compare each page, and the manifest, with the file already there instead of writing it
    /// (`batch --check`): what differs or is missing is in the summary's `stale`.
    public var checksOnly = false
    /// Called after each written page with the pages written and the shard's rows (for a
    /// progress bar).
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Which files the template's `data-options` and font families may name: none unless the
    /// user trusts the template (`--template-reads DIR`: files under DIR).
    public var templateReads = Merge.untrustedTemplate

    /// The files the merge reads (its template, its data): no page and no manifest may be one
    /// of them, checked before anything is written.
    public var inputs: [String] = []

    /// Asked before each row is checked and each page drawn: true stops the merge with
    /// `Merge.stopped` (a server's request answered already, a user's interrupt).
    public var isCancelled: (@Sendable () -> Bool)?

    /// What a merge told to stop throws.
    public static let stopped = CurveTypeError.invalidInput("the merge was stopped: its request was answered already")

    /// Throws `stopped` once `isCancelled` says so.
    func checkNotCancelled() throws(CurveTypeError) {
        if isCancelled?() == true { throw Self.stopped }
    }

    /// What a template from anyone may read: no file.
    public static let untrustedTemplate = FileAccess.none(
        "a template", remedy: "; merge --template-reads DIR lets a template you trust read files under DIR")

    /// A merge of `data` into `template`, each row's page written to `output`'s pattern.
    public init(template: MergeTemplate, data: MergeData, output: String, manifest: String? = nil,
                settings: OutputSettings = OutputSettings()) {
        self.template = template
        self.data = data
        self.output = output
        self.manifest = manifest
        self.settings = settings
    }

    /// What a merge did.
    public struct Summary: Sendable, Equatable {
        /// Rows in the data.
        public var rows = 0
        /// Pages this shard wrote (with `checksOnly`, compared).
        public var written = 0
        /// Each written page: row, SHA-256, file (kept only with `collectsManifest`).
        public var manifest: [ManifestEntry] = []
        /// Warnings, each said once (with the first row that met it).
        public var warnings: [String] = []
        /// With `checksOnly`: the files that differ from what the merge makes, or are missing.
        public var stale: [BatchCheck.Stale] = []
    }

    /// One written page in the manifest.
    public struct ManifestEntry: Sendable, Equatable {
        /// The row's number.
        public var row: Int
        /// The page's SHA-256, hex.
        public var sha256: String
        /// The page's path, as the output pattern made it.
        public var file: String

        /// `row<TAB>sha256<TAB>file`: shards' manifests merge with `sort -n`.
        public var line: String { "\(row)\t\(sha256)\t\(file)\n" }
    }

    /// Rows checked and rendered at a time, on every core.
    static let chunkSize = 256

    /// Checks every row (the gate: columns, glyphs, room), then renders and writes this shard's
    /// pages and the manifest. Nothing is written unless every row passes.
    public func run() throws(CurveTypeError) -> Summary {
        let format = try settings.checkedFormat(for: output.filter { $0 != "{" && $0 != "}" })
        if settings.svg.textLayers && format != .svg && format != .pdf {
            throw .invalidInput("\(parameter: "glyphs") selectable puts the text under the outlines, and \(format == .png ? "a PNG" : "a machine file") has no text: write .svg or .pdf pages, or leave --glyphs out")
        }
        // A name without a {COLUMN} is one document: a PDF of a page a row.
        let oneDocument = !output.contains("{")
        if oneDocument {
            guard format == .pdf else {
                throw .invalidInput("the output \"\(output)\" names one file: a \(format.rawValue.uppercased()) holds one page, so name each row's file with a {COLUMN} or {row} in it (out/{id}.\(format.rawValue)), or write one .pdf of every page")
            }
            guard shard == .whole else {
                throw .invalidInput("--shard writes a shard's pages, each named by its row: give the output a {COLUMN} or {row}, as one document would depend on the shards")
            }
        }
        if let manifest, manifest.contains("\t") || manifest.contains("\n") {
            throw .invalidInput("the manifest's name holds a tab or a line feed")
        }
        if format == .png || format == .pdf { try checkPictures() }
        let plan = try MergePlan(template: template, files: templateReads)
        // 1. The gate: every row's values, sizes and names, before anything is written.
        let gate = try check(plan, names: !oneDocument)
        // Every target is checked before the first page: the manifest too, and a document.
        if !checksOnly {
            if oneDocument { try checkTarget(output, what: "the output") }
            if let manifest {
                try checkTarget(manifest, what: "the manifest")
                if oneDocument, OutputFile.identity(of: manifest) == OutputFile.identity(of: output) {
                    throw .invalidInput("the manifest \(manifest) is the output too: name another file")
                }
            }
        }
        // What an earlier run that was killed left beside the pages (its temporary files) goes.
        var removed = 0
        if !checksOnly {
            for folder in gate.folders.union([PathText.split(output).folder]).sorted() { removed += OutputFile.removeStaleTemporaries(in: folder).count }
        }
        // What the pages replace is kept until the manifest is written too: a late failure
        // puts every page back as it was (all or none).
        let journal = checksOnly ? nil : OutputFile.WriteJournal()
        do {
            var summary = try oneDocument ? document(plan, gate: gate, journal: journal) : pages(plan, gate: gate, format: format, journal: journal)
            journal?.commit()
            summary.warnings = template.notes + summary.warnings
            if removed > 0 { summary.warnings.append("removed \(removed) temporary file\(removed == 1 ? "" : "s") that an interrupted run left beside the pages") }
            return summary
        } catch {
            journal?.undo()
            throw error
        }
    }

    /// Refuses a template whose pictures decode to more than a page of a PNG or PDF decodes
    /// (`RasterFormat.maximumPicturePixels`), before any row: the template's fault, said once,
    /// not at each page.
    func checkPictures() throws(CurveTypeError) {
        let (pixels, largest) = FrameItem.picturePixels(template.artwork.items)
        guard pixels <= RasterFormat.maximumPicturePixels else {
            throw .invalidInput("the template's pictures hold \(pixels) pixels (the largest \(largest.width) × \(largest.height)), more than a page of a PNG or PDF decodes (\(RasterFormat.maximumPicturePixels >> 20) M): give smaller pictures, or write SVG pages")
        }
    }

    /// Refuses a target that is an input, or that cannot be written, before anything is.
    func checkTarget(_ path: String, what: String) throws(CurveTypeError) {
        let identity = OutputFile.identity(of: path)
        if let input = inputs.first(where: { OutputFile.identity(of: $0) == identity }) {
            throw .invalidInput("\(what) \(path) is a file the merge reads (\(input)): name another file")
        }
        try OutputFile.checkWritable(path)
    }

    /// The pages, each its own file in `format`, then the manifest.
    func pages(_ plan: MergePlan, gate: Gate, format: OutputFormat, journal: OutputFile.WriteJournal?) throws(CurveTypeError) -> Summary {
        let (sharedSizes, rowCount, warnings) = (gate.sharedSizes, gate.rows, gate.warnings)

        // 2. The pages, in row order, each written whole.
        var summary = Summary()
        summary.rows = rowCount
        summary.warnings = warnings
        let total = gate.pages
        // The manifest's lines go to a temporary file as pages are written, so memory holds
        // flat however many rows there are.
        let manifestLines = manifest == nil ? nil : OutputFile.SpillFile()
        let shared = sharedSizes
        var reader = try data.open()
        let shard = self.shard
        var index = 0
        while true {
            var chunk: [MergeRow] = []
            var read = 0
            while chunk.count < Self.chunkSize, let row = try reader.next() {
                if shard.owns(index) { chunk.append(row) }
                index += 1
                read += 1
            }
            if read == 0 { break }
            if chunk.isEmpty { continue }
            let rows = chunk
            // Drawn, encoded, hashed and written on every core (each page its own file, so no
            // page waits for another's writing); counted and listed in row order.
            let merge = self
            let pages = Batch.map(count: rows.count, threads: threads) { i -> Result<(name: String, sha256: String, stale: BatchCheck.Stale?), CurveTypeError> in
                let bytes: [UInt8]
                do throws(CurveTypeError) {
                    try merge.checkNotCancelled()
                    let frame = try plan.page(rows[i], sharedSizes: shared)
                    let document = RenderedDocument(frame: frame, warnings: [], layoutJSON: { "{}" })
                    bytes = switch try document.contents(format, settings: settings) {
                    case .text(let text): Array(text.utf8)
                    case .bytes(let bytes): bytes
                    }
                } catch {
                    return .failure(Self.rowError(rows[i], error))
                }
                // A name's and a file's errors say their row and path already.
                do throws(CurveTypeError) {
                    let name = try merge.fileName(for: rows[i])
                    return .success((name, SHA256.hex(bytes), try merge.written(bytes, to: name, journal: journal)))
                } catch {
                    return .failure(error)
                }
            }
            for (row, page) in zip(rows, pages) {
                let name: String, digest: String
                switch page {
                case .success(let value):
                    (name, digest) = (value.name, value.sha256)
                    if let stale = value.stale { summary.stale.append(stale) }
                case .failure(let error): throw error
                }
                summary.written += 1
                let entry = ManifestEntry(row: row.number, sha256: digest, file: name)
                manifestLines?.append(Array(entry.line.utf8))
                if collectsManifest { summary.manifest.append(entry) }
                progress?(summary.written, total)
            }
        }
        if let manifest, let manifestLines {
            if checksOnly {
                if let stale = try OutputFile.difference(at: manifest, from: try manifestLines.bytes()) { summary.stale.append(stale) }
            } else {
                try OutputFile.createParentFolders(of: manifest)
                try OutputFile.writeAtomically(path: manifest, from: manifestLines, journal: journal)
            }
        }
        return summary
    }

    /// Writes `bytes` to `path` (what it replaces kept in `journal`), or with `checksOnly`
    /// compares them: how the file differs, if it does.
    func written(_ bytes: [UInt8], to path: String, journal: OutputFile.WriteJournal?) throws(CurveTypeError) -> BatchCheck.Stale? {
        if checksOnly { return try OutputFile.difference(at: path, from: bytes) }
        try OutputFile.createParentFolders(of: path)
        try OutputFile.writeAtomically([(path: path, contents: .bytes(bytes))], journal: journal)
        return nil
    }

    /// A page's name as 16 bytes of its SHA-256.
    struct NameKey: Hashable {
        var high: UInt64
        var low: UInt64
        init(_ name: String) {
            var hash = SHA256()
            hash.update(Array(name.utf8))
            let digest = hash.finish()
            high = digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
            low = digest.dropFirst(8).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    /// Every page, in row order, drawn into one PDF (frames made on every core, a chunk at a
    /// time, and drawn one after another), written whole; the manifest's one line names the
    /// rows it holds.
    func document(_ plan: MergePlan, gate: Gate, journal: OutputFile.WriteJournal?) throws(CurveTypeError) -> Summary {
        // The document's title: its file's name without folder or extension.
        let file = output.split(separator: "/").last.map(String.init) ?? output
        let pdf = PDFPages(title: file.hasSuffix(".pdf") ? String(file.dropLast(4)) : file, creationDate: OutputSettings.sourceDateEpoch)
        var reader = try data.open()
        var summary = Summary()
        summary.rows = gate.rows
        summary.warnings = gate.warnings
        var numbers: [Int] = []
        let shared = gate.sharedSizes
        while true {
            var chunk: [MergeRow] = []
            while chunk.count < Self.chunkSize, let row = try reader.next() { chunk.append(row) }
            if chunk.isEmpty { break }
            let rows = chunk
            let merge = self
            let frames = Batch.map(count: rows.count, threads: threads) { i -> Result<Frame, CurveTypeError> in
                do throws(CurveTypeError) {
                    try merge.checkNotCancelled()
                    return .success(try plan.page(rows[i], sharedSizes: shared))
                } catch {
                    return .failure(error)
                }
            }
            for (row, frame) in zip(rows, frames) {
                switch frame {
                case .success(let page):
                    let time = settings.frameTime
                    do throws(CurveTypeError) { try lifting(raster: { () throws(RasterError) in try pdf.add(page, time: time) }) } catch {
                        throw error.isCallersFault ? Self.rowError(row, error) : error
                    }
                case .failure(let error):
                    throw Self.rowError(row, error)
                }
                numbers.append(row.number)
                progress?(numbers.count, gate.pages)
            }
        }
        let bytes = try lifting(raster: { () throws(RasterError) in try pdf.finish() })
        if let stale = try written(bytes, to: output, journal: journal) { summary.stale.append(stale) }
        summary.written = 1
        let entry = ManifestEntry(row: numbers.first ?? 0, sha256: SHA256.hex(bytes), file: output)
        if collectsManifest { summary.manifest = [entry] }
        if let manifest, let stale = try written(Array(entry.line.utf8), to: manifest, journal: journal) { summary.stale.append(stale) }
        return summary
    }

    /// What the gate found: the sizes shared by the document, the rows, this shard's pages and
    /// the warnings (each said once, with the first row that met it).
    struct Gate {
        var sharedSizes: [Int: Double] = [:]
        var rows = 0
        var pages = 0
        var warnings: [String] = []
        /// The folders pages go in (at most `maximumFolders` kept).
        var folders: Set<String> = []
        static let maximumFolders = 1000
    }

    /// The gate: reads every row, checks this shard's (columns, glyphs, room and, with `names`,
    /// that no two name one file) and measures every row's sizes shared by the document.
    func check(_ plan: MergePlan, names checkingNames: Bool) throws(CurveTypeError) -> Gate {
        var gate = Gate()
        // Each page's name, as the first 16 bytes of its SHA-256 (a collision is 2⁻¹²⁸ likely),
        // with its row: 100,000 rows hold 100,000 keys, not their paths.
        var names: [NameKey: Int] = [:]
        // What no page may be: an input or the manifest, by identity (a link to the template,
        // `./t.svg` for `t.svg`).
        var forbidden: [(identity: String, what: String)] = inputs.map { (OutputFile.identity(of: $0), "a file the merge reads (\($0))") }
        if let manifest { forbidden.append((OutputFile.identity(of: manifest), "the manifest")) }
        var reader = try data.open()
        let shard = self.shard
        var columnsChecked = false
        if let columns = reader.columns {
            try check(columns: columns)
            columnsChecked = true
        }
        // Every bad row is found in one run, not one a run: each refusal is kept (`BadRows`)
        // and the gate goes on to the end.
        var bad = BadRows()
        while true {
            var chunk: [(index: Int, row: MergeRow)] = []
            while chunk.count < Self.chunkSize, let row = try reader.next() {
                gate.rows += 1
                do throws(CurveTypeError) {
                    if !columnsChecked { try check(row: row) }
                    try checkCharacters(row)
                } catch {
                    bad.add(row: row.number, error)
                    continue
                }
                chunk.append((gate.rows - 1, row))
            }
            if chunk.isEmpty { break }
            let rows = chunk
            let merge = self
            let measured = Batch.map(count: rows.count, threads: threads) { i -> Result<MergePlan.Measured, CurveTypeError> in
                let (index, row) = rows[i]
                do throws(CurveTypeError) {
                    try merge.checkNotCancelled()
                    // Other shards' rows count only for sizes shared by the document.
                    return .success(try plan.measure(row, onlyShared: !shard.owns(index)))
                } catch {
                    return .failure(error)
                }
            }
            for (i, result) in measured.enumerated() {
                let (index, row) = rows[i]
                let sizes: MergePlan.Measured
                switch result {
                case .success(let value): sizes = value
                case .failure(let error):
                    if error.description == Self.stopped.description { throw error }
                    bad.add(row: row.number, error)
                    continue
                }
                for (slot, size) in sizes.documentShared { gate.sharedSizes[slot] = min(gate.sharedSizes[slot] ?? size, size) }
                guard shard.owns(index) else { continue }
                gate.pages += 1
                for warning in sizes.warnings where !gate.warnings.contains(where: { $0.hasSuffix(": " + warning) }) {
                    gate.warnings.append("row \(row.number): \(warning)")
                }
                guard checkingNames else { continue }
                let name = try fileName(for: row)
                let key = NameKey(name)
                if let earlier = names[key] {
                    throw .invalidInput("row \(row.number): its page \(name) is row \(earlier)'s too: name pages by a column whose values differ")
                }
                names[key] = row.number
                if gate.folders.count < Gate.maximumFolders { gate.folders.insert(PathText.split(name).folder) }
                if !forbidden.isEmpty, !checksOnly, case let identity = OutputFile.identity(of: name),
                   let clash = forbidden.first(where: { $0.identity == identity }) {
                    throw .invalidInput("row \(row.number): its page \(name) is \(clash.what): name pages so that none is an input or the manifest")
                }
            }
        }
        guard gate.rows > 0 else { throw .invalidInput("\(data.name) has no rows") }
        if let refusal = bad.refusal { throw refusal }
        return gate
    }

    /// The rows the gate refused, each reason with the rows it refused: named up to
    /// `namedRows` rows a reason and `namedReasons` reasons, then counted, so the message is
    /// one line of bounded length whatever the data.
    struct BadRows {
        static let namedRows = 10
        static let namedReasons = 5
        private var reasons: [(reason: String, rows: [Int], count: Int)] = []
        private var otherReasons = 0
        private(set) var count = 0

        /// Row `number` refused with `error` (its "row N: " left out, where it has one).
        mutating func add(row number: Int, _ error: CurveTypeError) {
            count += 1
            var reason = error.description
            if reason.hasPrefix("row \(number): ") { reason.removeFirst("row \(number): ".count) }
            if let index = reasons.firstIndex(where: { $0.reason == reason }) {
                if reasons[index].rows.count < Self.namedRows { reasons[index].rows.append(number) }
                reasons[index].count += 1
            } else if reasons.count < Self.namedReasons {
                reasons.append((reason, [number], 1))
            } else {
                otherReasons += 1
            }
        }

        /// The error naming them; `nil` where no row was refused.
        var refusal: CurveTypeError? {
            guard let first = reasons.first else { return nil }
            if count == 1 { return .invalidInput("row \(first.rows[0]): \(first.reason)") }
            let parts = reasons.map { entry -> String in
                let named = entry.rows.map(String.init)
                let more = entry.count - entry.rows.count
                let list = more > 0 ? named.joined(separator: ", ") + " and \(more) more"
                    : named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + named[named.count - 1]
                return "row\(entry.count == 1 ? "" : "s") \(list): \(entry.reason)"
            }
            let others = otherReasons > 0 ? "; and \(otherReasons) row\(otherReasons == 1 ? "" : "s") for other reasons" : ""
            return .invalidInput("\(count) rows cannot be drawn; \(parts.joined(separator: "; "))\(others)")
        }
    }

    /// Checks every row (the gate), then draws the first `count` pages, writing nothing: a
    /// preview. Also how many rows there are.
    public func previews(count: Int) throws(CurveTypeError) -> (rows: Int, pages: [RenderedDocument]) {
        try checkedPages(count: count) { _ in true }
    }

    /// Checks every row (the gate), then draws the page of the row numbered `number` (as the
    /// data numbers it), writing nothing: a preview, or a server's answer.
    public func page(row number: Int) throws(CurveTypeError) -> RenderedDocument {
        guard let page = try checkedPages(count: 1, { $0.number == number }).pages.first else {
            throw .invalidInput("\(data.name) has no row \(number)")
        }
        return page
    }

    /// The gate, then the pages of the first `count` rows `wanted` takes, in memory.
    private func checkedPages(count: Int, _ wanted: (MergeRow) -> Bool) throws(CurveTypeError) -> (rows: Int, pages: [RenderedDocument]) {
        let plan = try MergePlan(template: template, files: templateReads)
        let gate = try check(plan, names: false)
        var reader = try data.open()
        var pages: [RenderedDocument] = []
        while pages.count < count, let row = try reader.next() {
            guard wanted(row) else { continue }
            do throws(CurveTypeError) {
                try checkNotCancelled()
                pages.append(RenderedDocument(frame: try plan.page(row, sharedSizes: gate.sharedSizes), warnings: [], layoutJSON: { "{}" }))
            } catch {
                throw Self.rowError(row, error)
            }
        }
        return (gate.rows, pages)
    }

    static func rowError(_ row: MergeRow, _ error: CurveTypeError) -> CurveTypeError {
        if error.description == stopped.description { return error }
        return .invalidInput("row \(row.number): \(error.description)")
    }

    /// The data's columns hold every column the template and the output's name read.
    func check(columns: [String]) throws(CurveTypeError) {
        for column in template.columns + MergeSlot.placeholders(in: output).filter({ $0 != "row" }) where !columns.contains(column) {
            let slot = template.slots.first { $0.columns.contains(column) }
            throw .invalidInput("\(slot.map { "\($0.label) reads" } ?? "the output's name reads") the column \"\(column)\", which \(data.name) does not have (its columns: \(columns.prefix(20).joined(separator: ", ")))")
        }
    }

    /// A row of data without a header (JSON lines) has every column read.
    func check(row: MergeRow) throws(CurveTypeError) {
        for column in template.columns + MergeSlot.placeholders(in: output).filter({ $0 != "row" }) where row.values[column] == nil {
            let slot = template.slots.first { $0.columns.contains(column) }
            throw .invalidInput("row \(row.number): \(slot.map { "\($0.label) reads" } ?? "the output's name reads") the column \"\(column)\", which the row does not have")
        }
    }

    /// Refuses a value the template or the output's name reads that holds a control character
    /// (C0 but tab, line feed and carriage return; DEL; C1): nothing draws it, and it was
    /// dropped without a word.
    func checkCharacters(_ row: MergeRow) throws(CurveTypeError) {
        for column in template.columns + MergeSlot.placeholders(in: output) where column != "row" {
            guard let value = row.values[column],
                  let bad = value.unicodeScalars.first(where: { ($0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0)) || (0x7F...0x9F).contains($0.value) })
            else { continue }
            let code = String(bad.value, radix: 16, uppercase: true)
            throw .invalidInput("row \(row.number): the column \"\(column)\" holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), which nothing draws: take it out of the data")
        }
    }

    /// The row's file: the output pattern with its values, each made a safe file name.
    func fileName(for row: MergeRow) throws(CurveTypeError) -> String {
        try MergeSlot.filling(output) { (column: String) throws(CurveTypeError) -> String in
            let value = row.text(of: column)
            var safe = String(value.unicodeScalars.map { s -> Character in
                s == "/" || s == "\\" || s.value < 0x20 || s.value == 0x7F || s == "\t" ? "_" : Character(s)
            })
            if safe.utf8.count > 200 { safe = String(safe.prefix(100)) }
            guard !safe.isEmpty, safe != ".", safe != ".." else {
                throw .invalidInput("row \(row.number): the column \"\(column)\" is \(value.isEmpty ? "empty" : "\"\(value)\""), which names no file")
            }
            return safe
        }
    }
}
