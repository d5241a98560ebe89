import CSV
import CurveType
import Foundation

/// A CSV file's rows for `merge`, read by CSV.swift (RFC 4180: quoted fields, line breaks and
/// doubled quotes in them, CRLF or LF, a UTF-8 byte-order mark), a row at a time.
///
/// What CSV.swift accepts without a word is refused here, naming the row as a spreadsheet
/// numbers it (the header is row 1): a row with more or fewer fields than the header, bytes
/// that are not UTF-8 (CSV.swift stops there and says so in `error`), and a quote never closed
/// (CSV.swift reads it to the end of the file: the file then holds an odd number of quotes,
/// counted as it is read).
///
/// Bounded as it is read, not after: CSV.swift holds a whole field and a whole row before it
/// gives them, so the bytes are watched on their way in (`CSVBounds`), and a cell longer than
/// `maximumCellBytes` or a row of more than `maximumColumns` fields stops the reading there (a
/// 30 MB cell took 4.5 s to be refused after it was read; a million columns 4 s). Blank lines
/// are skipped, as spreadsheet programs skip them.
public final class CSVRows: MergeRowReader {
    private let reader: CSVReader
    private let header: [String]
    private let name: String
    private let quotes: CSVBounds
    private var number = 1

    /// The most bytes one field may hold as written (quotes doubled): four times the longest
    /// text a slot sets (16 KiB), so a value is refused by its slot, saying why, before this.
    public static let maximumCellBytes = 64 << 10
    /// The most fields a row may hold: a spreadsheet's most columns (Excel's 16,384).
    public static let maximumColumns = 16_384

    /// The header's names.
    public var columns: [String]? { header }

    /// Opens the CSV file `path`.
    public convenience init(path: String) throws(CurveTypeError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw .invalidInput("cannot read the data \(path): no such file")
        }
        guard let stream = InputStream(fileAtPath: path) else { throw .invalidInput("cannot read the data \(path)") }
        try self.init(stream: stream, name: path)
    }

    /// Reads CSV `bytes` already in memory (a request's body), named `name` in messages.
    public convenience init(bytes: [UInt8], name: String) throws(CurveTypeError) {
        try self.init(stream: InputStream(data: Data(bytes)), name: name)
    }

    private init(stream: InputStream, name path: String) throws(CurveTypeError) {
        name = path
        quotes = CSVBounds(stream, cellBytes: Self.maximumCellBytes, columns: Self.maximumColumns)
        do {
            reader = try CSVReader(stream: quotes.stream, hasHeaderRow: true)
        } catch CSVError.cannotReadHeaderRow {
            if let past = quotes.past { throw .invalidInput("\(path) row 1: \(past)") }
            throw .invalidInput("\(path) has no header row (the first row names the columns)")
        } catch {
            throw .invalidInput("cannot read the data \(path): \(error)")
        }
        if let past = quotes.past, quotes.pastRecord == 0 { throw .invalidInput("\(path) row 1: \(past)") }
        if case CSVError.unicodeDecoding? = reader.error { throw .invalidInput("\(path) row 1: not UTF-8") }
        header = reader.headerRow ?? []
        var seen = Set<String>()
        for column in header {
            guard !column.isEmpty else { throw .invalidInput("\(path) row 1: a column has no name") }
            guard seen.insert(column).inserted else { throw .invalidInput("\(path) row 1: the column \"\(column)\" is named twice") }
        }
    }

    /// The next row, or `nil` at the end; a malformed row is an error naming it.
    public func next() throws(CurveTypeError) -> MergeRow? {
        while true {
            let fields = reader.next()
            // Past a bound, the stream ended there: the row it was in is refused (`number`
            // counts from 1 the rows given so far; this one is the next).
            if let past = quotes.past, fields == nil || quotes.pastRecord <= number {
                throw .invalidInput("\(name) row \(quotes.pastRecord + 1): \(past)")
            }
            // CSV.swift says the end of the file as `cannotReadFile`.
            switch reader.error {
            case CSVError.unicodeDecoding?: throw .invalidInput("\(name) row \(number + 1): not UTF-8")
            case CSVError.streamErrorHasOccurred(let error)?: throw .invalidInput("cannot read the data \(name): \(error)")
            default: break
            }
            guard let fields else {
                if quotes.odd { throw .invalidInput("\(name) row \(number): a quoted field is never closed") }
                return nil
            }
            number += 1
            // A blank line holds no row (a file ending in two line feeds), as spreadsheet
            // programs read it: a million blank lines made a million empty pages.
            if fields == [""] { continue }
            // A quote never closed swallows the rest of the file into this row's last field.
            if fields.count != header.count, quotes.odd { throw .invalidInput("\(name) row \(number): a quoted field is never closed") }
            guard fields.count == header.count else {
                throw .invalidInput("\(name) row \(number): \(fields.count) field\(fields.count == 1 ? "" : "s"), but the header names \(header.count) columns")
            }
            return MergeRow(number: number, values: Dictionary(uniqueKeysWithValues: zip(header, fields)))
        }
    }
}

/// An input stream that watches the CSV passing through it: it counts the double quotes (an
/// odd count at the end is a quote never closed), and it ends the stream where a field grows
/// past `cellBytes` or a row past `columns` fields, saying which in `past`.
///
/// Written by hand because CSV.swift has no bounds and no other CSV reader is at hand: a small
/// tokenizer of RFC 4180's three states (outside quotes, inside, a quote just seen inside).
private final class CSVBounds: InputStream {
    private let source: InputStream
    private var count = 0
    private let cellBytes: Int
    private let columns: Int
    private var quoted = false
    private var cell = 0
    private var fields = 1
    /// Records ended so far (the header is record 0); a carriage return before a line feed
    /// ends one record with it.
    private var records = 0
    private var afterCarriageReturn = false
    /// Whether a byte was read.
    private var started = false
    /// What stopped the reading, if anything did.
    private(set) var past: String?
    static let utf16 = "it holds NUL bytes: it is UTF-16 text, not UTF-8 (save it as CSV UTF-8)"
    /// The record (from 0, the header) that `past` stopped in.
    private(set) var pastRecord = 0

    init(_ source: InputStream, cellBytes: Int, columns: Int) {
        self.source = source
        self.cellBytes = cellBytes
        self.columns = columns
        super.init(data: Data())
    }

    var stream: InputStream { self }
    var odd: Bool { count % 2 == 1 }

    override func open() { source.open() }
    override func close() { source.close() }
    override var streamStatus: Stream.Status { past == nil ? source.streamStatus : .atEnd }
    override var streamError: Error? { source.streamError }
    override var hasBytesAvailable: Bool { past == nil && source.hasBytesAvailable }
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard past == nil else { return 0 }
        let n = source.read(buffer, maxLength: maxLength)
        guard n > 0 else { return n }
        // UTF-16 (Excel's "CSV UTF-16" and "Unicode Text"): its byte-order mark, or the NUL
        // bytes of its ASCII letters, said as what they are (it read as a column "i\u{0}d\u{0}").
        if !started, n >= 2, (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF) {
            past = Self.utf16
            return 0
        }
        started = true
        for (index, byte) in UnsafeBufferPointer(start: buffer, count: n).enumerated() {
            let newLineAfterReturn = byte == UInt8(ascii: "\n") && afterCarriageReturn
            afterCarriageReturn = false
            switch byte {
            case 0:
                // In the header, the mark of UTF-16; in a row, one character no one draws.
                past = records == 0 ? Self.utf16 : "it holds a NUL byte, which nothing draws: take it out of the data"
                pastRecord = records
                return index
            case UInt8(ascii: "\""):
                count += 1
                // A doubled quote inside quotes turns quoting off and on again.
                quoted.toggle()
                cell += 1
            case UInt8(ascii: ","):
                if quoted { cell += 1 } else { cell = 0; fields += 1 }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if quoted {
                    cell += 1
                } else {
                    (cell, fields) = (0, 1)
                    if !newLineAfterReturn { records += 1 }
                    afterCarriageReturn = byte == UInt8(ascii: "\r")
                }
            default:
                cell += 1
            }
            if cell > cellBytes || fields > columns {
                past = cell > cellBytes ? "a field is longer than \(cellBytes >> 10) KiB (the rest of the file was not read)"
                    : "more than \(columns) fields (the rest of the file was not read)"
                pastRecord = records
                // The rows before it are given whole; the stream ends here.
                return index
            }
        }
        return n
    }
}
