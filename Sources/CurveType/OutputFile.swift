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
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files as Unix users expect, all or none:
///
/// - `-` is standard output.
/// - A regular file (or a path that does not exist yet) is written to a temporary file beside
///   it and renamed into place, so a reader never sees half a file. An existing file keeps its
///   permission bits (and, run as root, its owner).
/// - A symbolic link is followed and its final target replaced; the link stays a link.
/// - A FIFO, a character device (`/dev/null`, a terminal), a socket, or anything reached through
///   /proc (`/dev/stdout`, `/dev/fd/1`) is opened and written through, never replaced.
/// - Every target is checked before anything is written; two outputs naming one file are an
///   error. Renames keep a hard link to the file they replace until every output is written, so
///   a late failure (a full device, say) puts every file back as it was.
public enum OutputFile {
    /// Numbers temporary files, so threads writing into one folder never pick the same name.
    private static let temporaryCounter = Atomic<Int>(0)

    /// Writes every file or none (see the type's notes).
    public static func writeAtomically(_ files: [(path: String, contents: String)]) throws(CurveTypeError) {
        try writeAtomically(files.map { (path: $0.path, contents: FileContents.text($0.contents)) })
    }

    /// What a file holds: text (an SVG, JSON) or bytes (a PNG, a PDF).
    public enum FileContents: Sendable {
        /// UTF-8 text.
        case text(String)
        /// Bytes as they are.
        case bytes([UInt8])
    }

    /// Writes every file or none (see the type's notes). With a `journal`, what the files
    /// replace is kept in it (a hard link to each replaced file, the names of new ones) until
    /// the journal is committed, so a later failure of a larger whole (a merge's manifest)
    /// can put every file back.
    public static func writeAtomically(_ files: [(path: String, contents: FileContents)], journal: WriteJournal? = nil) throws(CurveTypeError) {
        try writeAtomically(sources: files.map { (path: $0.path, source: Source.contents($0.contents)) }, journal: journal)
    }

    /// `path` written (all or none, as `writeAtomically`) from what `spill` holds, copied a
    /// block at a time: a file made as it goes (a merge's manifest) at no more memory than a
    /// block.
    static func writeAtomically(path: String, from spill: SpillFile, journal: WriteJournal?) throws(CurveTypeError) {
        try writeAtomically(sources: [(path: path, source: .spill(spill))], journal: journal)
    }

    /// What a file is written from.
    enum Source {
        case contents(FileContents)
        case spill(SpillFile)

        /// Bytes that are not text.
        var isBinary: Bool { if case .contents(.bytes) = self { true } else { false } }
    }

    /// Bytes kept in an anonymous temporary file (`tmpfile`: gone when closed or the process
    /// ends) as they are made, to be written out whole later.
    final class SpillFile {
        private let file: UnsafeMutablePointer<FILE>?
        private(set) var count = 0
        /// Why it could not be written, where it could not.
        private(set) var failure: String?

        init() {
            file = tmpfile()
            if file == nil { failure = String(cString: strerror(errno)) }
        }

        deinit { if let file { fclose(file) } }

        func append(_ bytes: [UInt8]) {
            guard let file, failure == nil, !bytes.isEmpty else { return }
            if bytes.withUnsafeBufferPointer({ fwrite($0.baseAddress, 1, $0.count, file) }) != bytes.count {
                failure = String(cString: strerror(errno))
            }
            count += bytes.count
        }

        /// Its bytes, a block at a time, from the start; the reason on failure.
        func forEachBlock(_ body: (UnsafeBufferPointer<UInt8>) -> String?) -> String? {
            if let failure { return failure }
            guard let file else { return "no temporary file" }
            guard fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else { return String(cString: strerror(errno)) }
            var block = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = block.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, $0.count, file) }
                if n == 0 { return ferror(file) != 0 ? "cannot read back a temporary file" : nil }
                if let reason = block.withUnsafeBufferPointer({ body(UnsafeBufferPointer(rebasing: $0[0..<n])) }) { return reason }
            }
        }

        /// Every byte, in memory (for comparing with a file).
        func bytes() throws(CurveTypeError) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(count)
            if let reason = forEachBlock({ out += $0; return nil }) { throw .output(path: "a temporary file", reason: reason) }
            return out
        }
    }

    static func writeAtomically(sources files: [(path: String, source: Source)], journal: WriteJournal?) throws(CurveTypeError) {
        // Counted while it writes, so an interrupt waits for it to stop at its next step and
        // take away what it made.
        writing.add(1, ordering: .sequentiallyConsistent)
        defer { writing.subtract(1, ordering: .sequentiallyConsistent) }
        let interrupted = { (path: String) throws(CurveTypeError) in
            if stopping.load(ordering: .sequentiallyConsistent) { throw .output(path: path, reason: "the process was interrupted") }
        }
        try interrupted(files.first?.path ?? "")
        let targets = try files.map { file throws(CurveTypeError) in try Target(planning: file.path) }
        // Bytes (a PNG, a PDF) are not written to a terminal, where they would be noise.
        for (file, target) in zip(files, targets) {
            if case .standardOutput = target.kind, file.source.isBinary, isatty(STDOUT_FILENO) == 1 {
                throw .output(path: "standard output", reason: "it is a terminal, and this file is binary: give -o FILE, or send it to a file or a pipe (> out.png)")
            }
        }
        for i in targets.indices {
            for j in targets.indices where j > i && targets[i].identity == targets[j].identity {
                throw .output(path: files[j].path, reason: "the command's other output is written to this file too")
            }
        }

        var temporaries: [String?] = Array(repeating: nil, count: files.count)
        var backups: [(path: String, backup: String?, existed: Bool)] = []
        var committed = false
        defer {
            for temporary in temporaries.compactMap({ $0 }) { Self.forget(temporary) }
            if !committed {
                for temporary in temporaries.compactMap({ $0 }) { unlink(temporary) }
                // Undo the renames already made: the old file back, or no file where none was.
                for done in backups.reversed() {
                    if let backup = done.backup { rename(backup, done.path) } else if !done.existed { unlink(done.path) }
                }
            }
        }

        // 1. Every replaced file complete in a temporary beside it.
        for (index, (file, target)) in zip(files, targets).enumerated() {
            guard case .replace(let path, let existing) = target.kind else { continue }
            try interrupted(file.path)
            let temporary = temporaryName(for: path, suffix: "tmp")
            remember(temporary)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                forget(temporary)
                throw .output(path: file.path, reason: String(cString: strerror(errno)))
            }
            temporaries[index] = temporary
            defer { close(descriptor) }
            if let existing {
                fchmod(descriptor, existing.mode)
                if geteuid() == 0 && (existing.owner != geteuid() || existing.group != getegid()) {
                    _ = fchown(descriptor, existing.owner, existing.group)
                }
            }
            if let reason = writeAll(file.source, to: descriptor) { throw .output(path: file.path, reason: reason) }
        }

        // 2. Renamed into place, keeping what they replace while anything could still fail.
        let lastRename = targets.lastIndex { if case .replace = $0.kind { true } else { false } }
        let writtenThrough = targets.contains { if case .replace = $0.kind { false } else { true } }
        for (index, (file, target)) in zip(files, targets).enumerated() {
            guard case .replace(let path, let existing) = target.kind, let temporary = temporaries[index] else { continue }
            try interrupted(file.path)
            var backup: String?
            if existing != nil && (index != lastRename || writtenThrough || journal != nil) {
                let name = temporaryName(for: path, suffix: "old")
                if link(path, name) == 0 { backup = name }
            }
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                if let backup { unlink(backup) }
                throw .output(path: file.path, reason: reason)
            }
            forget(temporary)
            temporaries[index] = nil
            backups.append((path, backup, existing != nil))
        }

        // 3. Written through: FIFOs, devices, then standard output. These cannot be taken
        // back, so they come last; a failure here still undoes the renames.
        let pairs = Array(zip(files, targets))
        let isStandardOutput = { (target: Target) -> Bool in
            if case .standardOutput = target.kind { return true } else { return false }
        }
        for (file, target) in pairs.filter({ !isStandardOutput($0.1) }) + pairs.filter({ isStandardOutput($0.1) }) {
            let descriptor: Int32
            switch target.kind {
            case .replace: continue
            case .standardOutput: descriptor = STDOUT_FILENO
            case .through(let path):
                // Appending: a regular file reached through /proc is another process's open file
                // (`2>>log`), and a FIFO or device has no end to cut.
                descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY)
                guard descriptor >= 0 else { throw .output(path: file.path, reason: String(cString: strerror(errno))) }
            }
            let reason = writeAll(file.source, to: descriptor)
            if descriptor != STDOUT_FILENO {
                if close(descriptor) != 0 && reason == nil { throw .output(path: file.path, reason: String(cString: strerror(errno))) }
            }
            if let reason { throw .output(path: file.path, reason: reason) }
        }
        committed = true
        if let journal {
            journal.keep(backups)
        } else {
            for done in backups { if let backup = done.backup { unlink(backup) } }
        }
    }

    /// What writes made for a larger whole replaced and created, kept until the whole is
    /// written (`commit`) or fails (`undo`: every file back as it was). Thread-safe: a merge's
    /// pages are written on every core.
    public final class WriteJournal: Sendable {
        typealias Entry = (path: String, backup: String?, existed: Bool)
        /// The newest entries in memory; older ones spilled to a temporary file a batch at a
        /// time, so a journal of 100,000 pages holds no more memory than one of 1,000.
        private struct State {
            var recent: [Entry] = []
            var spill: SpillFile?
        }
        private static let keptInMemory = 1024
        private let state = Mutex(State())
        private let number = journalCounter.wrappingAdd(1, ordering: .relaxed).oldValue

        /// A journal, open (undone by `interrupted()`) until committed or undone.
        public init() {
            let journal = self
            openJournals.withLock { $0[number] = journal }
        }

        fileprivate func keep(_ done: [Entry]) {
            state.withLock { state in
                state.recent += done
                guard state.recent.count > Self.keptInMemory else { return }
                let spill = state.spill ?? SpillFile()
                state.spill = spill
                // Each entry as its path, its backup (empty for none) and whether a file was
                // there, each ended by a NUL, which no path holds.
                var bytes: [UInt8] = []
                for entry in state.recent {
                    bytes += Array(entry.path.utf8) + [0] + Array((entry.backup ?? "").utf8) + [0, entry.existed ? 1 : 2, 0]
                }
                spill.append(bytes)
                state.recent = []
            }
        }

        /// Every entry, oldest first, the journal emptied: the spilled ones read back a block
        /// at a time.
        private func drain(_ each: (Entry) -> Void) {
            let (spill, recent) = state.withLock { state in
                defer { state = State() }
                return (state.spill, state.recent)
            }
            if let spill {
                var fields: [String] = []
                var field: [UInt8] = []
                _ = spill.forEachBlock { block in
                    for byte in block {
                        if byte != 0 { field.append(byte); continue }
                        fields.append(String(decoding: field, as: UTF8.self))
                        field = []
                        if fields.count == 3 {
                            each((fields[0], fields[1].isEmpty ? nil : fields[1], fields[2] == "\u{01}"))
                            fields = []
                        }
                    }
                    return nil
                }
            }
            recent.forEach(each)
        }

        /// The files written stay; the copies of what they replaced go.
        public func commit() {
            _ = openJournals.withLock { $0.removeValue(forKey: number) }
            drain { entry in if let backup = entry.backup { unlink(backup) } }
        }

        /// Every file written is put back as it was: the old file where one was, none where
        /// none was; newest first. How many files.
        @discardableResult
        public func undo() -> Int {
            _ = openJournals.withLock { $0.removeValue(forKey: number) }
            // Newest first, so every entry is held: only when a whole fails, once.
            var written: [Entry] = []
            drain { written.append($0) }
            for entry in written.reversed() {
                if let backup = entry.backup { rename(backup, entry.path) } else if !entry.existed { unlink(entry.path) }
            }
            return written.count
        }
    }

    private static let journalCounter = Atomic<Int>(0)
    /// Whether `interrupted()` was called: the process is ending.
    public static var isInterrupted: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// Set by `interrupted()`: no further file is written or renamed into place.
    private static let stopping = Atomic<Bool>(false)
    /// Writes under way.
    private static let writing = Atomic<Int>(0)
    /// Journals neither committed nor undone, so a signal can undo them.
    private static let openJournals = Mutex<[Int: WriteJournal]>([:])

    /// What an interrupted process does before it ends (`SIGINT`, `SIGTERM`): every temporary
    /// file being written is removed, and every open journal undone, so what a run wrote as one
    /// whole is there whole or not at all. How many temporary files were removed, and how many
    /// files put back.
    @discardableResult
    public static func interrupted() -> (temporaries: Int, putBack: Int) {
        stopping.store(true, ordering: .sequentiallyConsistent)
        let left = liveTemporaries.withLock { $0.count }
        // Each write stops at its next step and takes away what it made; a write of one large
        // file is waited for up to 5 s, then its temporary file is removed under it.
        let start = ContinuousClock.now
        while writing.load(ordering: .sequentiallyConsistent) > 0, ContinuousClock.now - start < .seconds(5) { usleep(1000) }
        let removed = max(left, removeLiveTemporaries())
        var putBack = 0
        for journal in openJournals.withLock({ $0.values }) { putBack += journal.undo() }
        return (removed, putBack)
    }

    /// Refuses, before anything is written, an output that could not be written: a folder, a
    /// read-only file, a folder that is missing and cannot be made.
    public static func checkWritable(_ path: String) throws(CurveTypeError) {
        _ = try createParentFolders(of: path)
        _ = try Target(planning: path)
    }

    /// The temporary files being written now, so a signal can take them away.
    private static let liveTemporaries = Mutex<Set<String>>([])

    private static func remember(_ temporary: String) { _ = liveTemporaries.withLock { $0.insert(temporary) } }
    private static func forget(_ temporary: String) { _ = liveTemporaries.withLock { $0.remove(temporary) } }

    /// Removes the temporary files being written now (on an interrupt, before the process
    /// ends); how many. Each file is complete or not, so none is half-written: only what a
    /// rename would have put in place is lost.
    @discardableResult
    public static func removeLiveTemporaries() -> Int {
        let live = liveTemporaries.withLock { $0 }
        for temporary in live { unlink(temporary) }
        return live.count
    }

    /// Removes what CurveType runs that ended without cleaning up left in `folder`: its
    /// temporary files (`.curvetype.PID.N.tmp`, `.old`) of processes no longer running (a
    /// `kill -9`, a power cut). Those of a running process, and every other file, stay. The
    /// names removed.
    @discardableResult
    public static func removeStaleTemporaries(in folder: String) -> [String] {
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        let prefix = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        // A folder of a million files is read to its end: each name is looked at once.
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            // "", "curvetype", PID, N, "tmp" or "old"
            guard parts.count == 5, parts[0].isEmpty, parts[1] == "curvetype", let pid = Int32(parts[2]), pid > 0, Int(parts[3]) != nil,
                  parts[4] == "tmp" || parts[4] == "old" else { continue }
            guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            var status = stat()
            guard lstat(prefix + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(prefix + name) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Creates the folders above `path` that are missing (as `mkdir -p` would), for a batch job;
    /// the folders it made, top down, so a job that then fails can take them away again
    /// (`removeFolders`). A path that names a folder (ends in `/`) is refused before anything is
    /// made.
    @discardableResult
    public static func createParentFolders(of path: String) throws(CurveTypeError) -> [String] {
        guard path != "-" else { return [] }
        let parts = PathText.split(path)
        guard !parts.name.isEmpty, !path.hasSuffix("/") else {
            throw .output(path: path, reason: "it names a folder, not a file")
        }
        let parent = parts.folder
        guard !parent.isEmpty else { return [] }
        var status = stat()
        if stat(parent, &status) == 0 { return [] }
        // Each folder from the top down, as `mkdir -p` makes them.
        var made: [String] = []
        var folder = parent.hasPrefix("/") ? "/" : ""
        for component in parent.split(separator: "/") {
            folder += component + "/"
            if mkdir(folder, 0o777) == 0 {
                made.append(folder)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                removeFolders(made)
                throw .output(path: path, reason: "cannot create the folder \(folder): \(reason)")
            }
        }
        return made
    }

    /// How the file at `path` differs from `contents`, byte for byte; `nil` where it holds
    /// them. Only a regular file is compared: opening a FIFO would wait for a writer.
    public static func difference(at path: String, from contents: [UInt8]) throws(CurveTypeError) -> BatchCheck.Stale? {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw .invalidInput("cannot compare \(path): it is not a regular file")
        }
        // A file longer than the new contents differs: no need to read it all.
        do {
            let bytes = try InputBytes.read(path, limit: contents.count)
            return bytes == contents ? nil : BatchCheck.Stale(path: path, missing: false)
        } catch {
            switch error {
            case .notFound: return BatchCheck.Stale(path: path, missing: true)
            case .tooLarge: return BatchCheck.Stale(path: path, missing: false)
            case .unreadable(_, let reason): throw .invalidInput("cannot read \(path) to compare it: \(reason)")
            }
        }
    }

    /// Removes `folders` (as `createParentFolders` gave them), deepest first, each only if it is
    /// still empty.
    public static func removeFolders(_ folders: [String]) {
        for folder in folders.reversed() { rmdir(folder) }
    }

    /// The path as one file for telling two outputs apart: an existing file by device and inode
    /// (so `a.svg` and `./dir/../a.svg` or a link to it are one), a new one by its absolute path.
    public static func identity(of path: String) -> String {
        if let identity = (try? Target(planning: path))?.identity { return identity }
        return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    private static func temporaryName(for path: String, suffix: String) -> String {
        // A short name of its own, whatever the target's length: beside it, in its folder.
        let number = temporaryCounter.wrappingAdd(1, ordering: .relaxed).oldValue
        return PathText.split(path).folder + ".curvetype.\(getpid()).\(number).\(suffix)"
    }

    /// Writes `text` to standard error (diagnostics); a failure to write there is ignored, as
    /// there is nowhere left to report it.
    public static func writeToStandardError(_ text: String) {
        _ = writeAll(text, to: STDERR_FILENO)
    }

    /// Writes `text` to standard output (a listing); a failure to write there is ignored, as
    /// for diagnostics.
    public static func writeToStandardOutput(_ text: String) {
        _ = writeAll(text, to: STDOUT_FILENO)
    }

    /// Writes every byte of `source`; the reason on failure.
    private static func writeAll(_ source: Source, to descriptor: Int32) -> String? {
        switch source {
        case .contents(let contents): writeAll(contents, to: descriptor)
        case .spill(let spill): spill.forEachBlock { writeAll($0, to: descriptor) }
        }
    }

    /// Writes every byte of `contents`; the reason on failure.
    private static func writeAll(_ contents: FileContents, to descriptor: Int32) -> String? {
        switch contents {
        case .text(let text): writeAll(text, to: descriptor)
        case .bytes(let bytes): bytes.withUnsafeBufferPointer { writeAll($0, to: descriptor) }
        }
    }

    /// Writes every byte of `text`; the reason on failure.
    private static func writeAll(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { writeAll($0, to: descriptor) }
    }

    /// Writes every byte of `bytes`; the reason on failure.
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> String? {
        guard let base = bytes.baseAddress else { return nil }
        var written = 0
        while written < bytes.count {
            let n = write(descriptor, base + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += n
        }
        return nil
    }

    /// What one output path turns out to be, found before anything is written.
    private struct Target {
        enum Kind {
            case standardOutput
            /// Opened and written in place.
            case through(String)
            /// Written beside and renamed over `path` (the final target of any links).
            case replace(String, existing: (mode: mode_t, owner: uid_t, group: gid_t)?)
        }
        let kind: Kind
        let identity: String

        init(planning path: String) throws(CurveTypeError) {
            if path == "-" {
                kind = .standardOutput
                identity = Self.identity(descriptor: STDOUT_FILENO) ?? "-"
                return
            }
            guard !path.isEmpty else { throw .output(path: "''", reason: "the path is empty") }
            // `C:\Users\me\hi.svg` on a system whose paths use `/` would be a file of that whole
            // name in this folder: said, not written.
            let scalars = Array(path.unicodeScalars.prefix(3))
            if scalars.count == 3, ("A"..."Z").contains(scalars[0]) || ("a"..."z").contains(scalars[0]),
               scalars[1] == ":", scalars[2] == "\\" {
                throw .output(path: path, reason: "it is a Windows path (a drive letter and backslashes); on this system a path is written with / (/home/me/hi.svg)")
            }
            // Follow links to the file they finally name (which may not exist yet). A path in
            // /proc (`/dev/stdout` → /proc/self/fd/1) names an open file of some process, maybe
            // a regular file a shell opened: it is written through, never renamed over.
            var resolved = path
            var hops = 0
            while true {
                var link = stat()
                guard lstat(resolved, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { break }
                // Only a link can lead into /proc: a plain path is checked no further.
                if Self.isInProc(resolved) {
                    var status = stat()
                    guard stat(path, &status) == 0 else { throw .output(path: path, reason: String(cString: strerror(errno))) }
                    guard status.st_mode & S_IFMT != S_IFDIR else { throw .output(path: path, reason: "it is a directory") }
                    identity = "\(status.st_dev):\(status.st_ino)"
                    // Our own standard output by another name: written to descriptor 1, so a
                    // shell's `>>` still appends and `>` keeps its place.
                    kind = identity == Self.identity(descriptor: STDOUT_FILENO) ? .standardOutput : .through(path)
                    return
                }
                hops += 1
                guard hops <= 40 else { throw .output(path: path, reason: "too many levels of symbolic links") }
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(resolved, &buffer, buffer.count - 1)
                guard count >= 0 else { throw .output(path: path, reason: String(cString: strerror(errno))) }
                let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = PathText.split(resolved).folder
                resolved = target.hasPrefix("/") ? target : folder + target
            }
            var status = stat()
            if stat(resolved, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    throw .output(path: path, reason: "it is a directory")
                case S_IFREG:
                    guard !path.hasSuffix("/") else { throw .output(path: path, reason: "it is not a directory") }
                    // A file its owner made read-only is left alone, as the shell's `>` leaves
                    // it (and for root too, who could write it: the mode says not to).
                    guard access(resolved, W_OK) == 0, status.st_mode & 0o222 != 0 else {
                        throw .output(path: path, reason: "the file is read-only")
                    }
                    kind = .replace(resolved, existing: (status.st_mode & 0o7777, status.st_uid, status.st_gid))
                default:
                    kind = .through(path)
                }
                identity = "\(status.st_dev):\(status.st_ino)"
                return
            }
            let code = errno
            guard code == ENOENT else { throw .output(path: path, reason: String(cString: strerror(code))) }
            guard !resolved.hasSuffix("/") else { throw .output(path: path, reason: "no such directory") }
            let (folder, name) = PathText.split(resolved)
            var folderStatus = stat()
            guard stat(folder.isEmpty ? "." : folder, &folderStatus) == 0 else {
                throw .output(path: path, reason: String(cString: strerror(errno)))
            }
            guard folderStatus.st_mode & S_IFMT == S_IFDIR else { throw .output(path: path, reason: "\(folder) is not a directory") }
            kind = .replace(resolved, existing: nil)
            identity = "\(folderStatus.st_dev):\(folderStatus.st_ino)/" + name
        }

        /// Whether `path`'s folder is, links resolved, in /proc.
        private static func isInProc(_ path: String) -> Bool {
            let folder = PathText.split(path).folder
            guard let real = realpath(folder.isEmpty ? "." : folder, nil) else { return false }
            defer { free(real) }
            let text = String(cString: real)
            return text == "/proc" || text.hasPrefix("/proc/")
        }

        private static func identity(descriptor: Int32) -> String? {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return nil }
            return "\(status.st_dev):\(status.st_ino)"
        }
    }
}
