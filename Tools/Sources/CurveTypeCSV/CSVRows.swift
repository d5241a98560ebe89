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
public final class CSVRows: MergeRowReader {
    private let reader: CSVReader
    private let header: [String]
    private let name: String
    private let quotes: QuoteCount
    private var number = 1

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
        quotes = QuoteCount(stream)
        do {
            reader = try CSVReader(stream: quotes.stream, hasHeaderRow: true)
        } catch CSVError.cannotReadHeaderRow {
            throw .invalidInput("\(path) has no header row (the first row names the columns)")
        } catch {
            throw .invalidInput("cannot read the data \(path): \(error)")
        }
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
            // A blank line holds no row (a file ending in two line feeds).
            if fields == [""] && header.count > 1 { continue }
            // A quote never closed swallows the rest of the file into this row's last field.
            if fields.count != header.count, quotes.odd { throw .invalidInput("\(name) row \(number): a quoted field is never closed") }
            guard fields.count == header.count else {
                throw .invalidInput("\(name) row \(number): \(fields.count) field\(fields.count == 1 ? "" : "s"), but the header names \(header.count) columns")
            }
            return MergeRow(number: number, values: Dictionary(uniqueKeysWithValues: zip(header, fields)))
        }
    }
}

/// An input stream that counts the double quotes passing through it.
private final class QuoteCount: InputStream {
    private let source: InputStream
    private var count = 0

    init(_ source: InputStream) {
        self.source = source
        super.init(data: Data())
    }

    var stream: InputStream { self }
    var odd: Bool { count % 2 == 1 }

    override func open() { source.open() }
    override func close() { source.close() }
    override var streamStatus: Stream.Status { source.streamStatus }
    override var streamError: Error? { source.streamError }
    override var hasBytesAvailable: Bool { source.hasBytesAvailable }
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        let n = source.read(buffer, maxLength: maxLength)
        if n > 0 {
            for byte in UnsafeBufferPointer(start: buffer, count: n) where byte == UInt8(ascii: "\"") { count += 1 }
        }
        return n
    }
}
