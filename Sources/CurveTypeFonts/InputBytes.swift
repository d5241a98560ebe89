#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an input file could not be read, as one line for a person.
public enum InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at the path.
    case notFound(path: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The input holds more than `limit` bytes.
    case tooLarge(path: String, limit: Int)

    /// One line for a person.
    public var description: String {
        switch self {
        case .notFound(let path): return "not found: \(path)"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .tooLarge(let path, let limit): return "\(path) is larger than \(InputBytes.describe(bytes: limit)), the most read"
        }
    }
}

/// Reads input files as streams: `read(2)` until the end, so a FIFO, a pipe, process
/// substitution (`<(…)`), `/dev/stdin` and `/dev/null` read as a regular file does.
/// (Foundation's whole-file read returns nil for everything but regular files.)
public enum InputBytes {
    /// Every byte of `path` (`-`: standard input), refusing more than `limit` bytes: reading
    /// stops at `limit + 1`, so an endless source such as `/dev/zero` is bounded too.
    public static func read(_ path: String, limit: Int) throws(InputError) -> [UInt8] {
        let descriptor = try openForReading(path)
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        _ = fstat(descriptor, &status)
        var bytes: [UInt8] = []
        // A regular file says its size; reserve it (bounded by the limit) instead of regrowing.
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
            bytes.reserveCapacity(Int(min(Int64(limit) + 1, Int64(status.st_size))))
        }
        while try readChunk(descriptor, appendingTo: &bytes, atMost: min(65_536, limit + 1 - bytes.count), path: path) > 0 {
            if bytes.count > limit { throw .tooLarge(path: path, limit: limit) }
        }
        return bytes
    }

    /// A descriptor to read `path` from (`-`: standard input, not to be closed), refusing a
    /// folder.
    static func openForReading(_ path: String) throws(InputError) -> Int32 {
        guard path != "-" else { return STDIN_FILENO }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw .unreadable(path: path, reason: "it is a directory")
        }
        return descriptor
    }

    /// `n` bytes as a person reads them: "1 MiB", "64 KiB", "300 bytes".
    public static func describe(bytes n: Int) -> String {
        if n >= 1 << 20 && n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
        if n >= 1 << 10 && n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
        return "\(n) bytes"
    }
}

/// Reads lines from a file or standard input a chunk at a time, so a job list of any length is
/// never held whole. Lines end at `\n`; a `\r` before it is dropped.
public final class LineReader {
    private let descriptor: Int32
    private let path: String
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// The longest line given back whole; a longer line is read to its end and reported.
    public let lineLimit: Int

    /// Opens `path` (`-`: standard input).
    public init(path: String, lineLimit: Int) throws(InputError) {
        self.path = path
        self.lineLimit = lineLimit
        descriptor = try InputBytes.openForReading(path)
        ownsDescriptor = descriptor != STDIN_FILENO
    }

    /// Reads `bytes` already in memory, as if they were a file named `name`.
    public init(bytes: [UInt8], name: String, lineLimit: Int) {
        path = name
        self.lineLimit = lineLimit
        descriptor = -1
        ownsDescriptor = false
        buffer = bytes
        atEnd = true
    }

    deinit { if ownsDescriptor { close(descriptor) } }

    /// The bytes read but not yet handed out, up to `count` of them (for sniffing the format).
    public func peek(_ count: Int) throws(InputError) -> ArraySlice<UInt8> {
        while buffer.count - start < count && !atEnd { try fill() }
        return buffer[start..<min(buffer.count, start + count)]
    }

    /// Drops `count` bytes already peeked at.
    public func skip(_ count: Int) { start = min(buffer.count, start + count) }

    /// The next line without its end, `.tooLong` for a line over the limit (skipped to its end),
    /// or `nil` at the end of the input.
    public func nextLine() throws(InputError) -> Line? {
        // How far past `start` no newline was found: relative, as `fill` may move the bytes.
        var searched = 0
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                return .text(line)
            }
            if buffer.count - start > lineLimit {
                // Too long: read on to the line's end without keeping it.
                while true {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                    if atEnd { return .tooLong }
                    try fill()
                    if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        start = newline + 1
                        return .tooLong
                    }
                }
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start..<end])
                start = buffer.count
                return .text(line)
            }
            searched = buffer.count - start
            try fill()
        }
    }

    /// Every remaining byte, refusing more than `limit` (a JSON array is read whole).
    public func rest(limit: Int) throws(InputError) -> [UInt8] {
        while !atEnd {
            if buffer.count - start > limit { throw .tooLarge(path: path, limit: limit) }
            try fill()
        }
        guard buffer.count - start <= limit else { throw .tooLarge(path: path, limit: limit) }
        defer { start = buffer.count }
        return Array(buffer[start...])
    }

    /// One line read: its bytes, or `tooLong` for a line past the limit (skipped to its end).
    public enum Line: Equatable, Sendable {
        /// The line's bytes, without its line end.
        case text([UInt8])
        /// A line longer than the limit; skipped to its end.
        case tooLong
    }

    private func fill() throws(InputError) {
        if start > 65_536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        if try readChunk(descriptor, appendingTo: &buffer, atMost: 65_536, path: path) == 0 { atEnd = true }
    }
}

/// Reads at most `count` bytes of `descriptor` onto the end of `bytes` (`read(2)`, again when a
/// signal interrupts it); how many came, 0 at the end.
private func readChunk(_ descriptor: Int32, appendingTo bytes: inout [UInt8], atMost count: Int,
                       path: String) throws(InputError) -> Int {
    var chunk = [UInt8](repeating: 0, count: count)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
        if n >= 0 {
            bytes.append(contentsOf: chunk[0..<n])
            return n
        }
        guard errno == EINTR else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
    }
}

/// Paths as text, split by hand: Foundation's `NSString` path methods trap on some paths a user
/// may type (`.`, `a/`, `//`), so none of them is used on input.
public enum PathText {
    /// The text up to and including the last `/` (empty when there is none), and the rest.
    public static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// The extension of the last component, lowercased ("" without one): `a/b.TTF` → `ttf`.
    public static func fileExtension(_ path: String) -> String {
        let name = split(path).name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// `name` inside `folder`.
    public static func joined(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
