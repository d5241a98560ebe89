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

    /// Writes every file or none (see the type's notes).
    public static func writeAtomically(_ files: [(path: String, contents: FileContents)]) throws(CurveTypeError) {
        let targets = try files.map { file throws(CurveTypeError) in try Target(planning: file.path) }
        for i in targets.indices {
            for j in targets.indices where j > i && targets[i].identity == targets[j].identity {
                throw .output(path: files[j].path, reason: "the command's other output is written to this file too")
            }
        }

        var temporaries: [String?] = Array(repeating: nil, count: files.count)
        var backups: [(path: String, backup: String?, existed: Bool)] = []
        var committed = false
        defer {
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
            let temporary = temporaryName(for: path, suffix: "tmp")
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw .output(path: file.path, reason: String(cString: strerror(errno))) }
            temporaries[index] = temporary
            defer { close(descriptor) }
            if let existing {
                fchmod(descriptor, existing.mode)
                if geteuid() == 0 && (existing.owner != geteuid() || existing.group != getegid()) {
                    _ = fchown(descriptor, existing.owner, existing.group)
                }
            }
            if let reason = writeAll(file.contents, to: descriptor) { throw .output(path: file.path, reason: reason) }
        }

        // 2. Renamed into place, keeping what they replace while anything could still fail.
        let lastRename = targets.lastIndex { if case .replace = $0.kind { true } else { false } }
        let writtenThrough = targets.contains { if case .replace = $0.kind { false } else { true } }
        for (index, (file, target)) in zip(files, targets).enumerated() {
            guard case .replace(let path, let existing) = target.kind, let temporary = temporaries[index] else { continue }
            var backup: String?
            if existing != nil && (index != lastRename || writtenThrough) {
                let name = temporaryName(for: path, suffix: "old")
                if link(path, name) == 0 { backup = name }
            }
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                if let backup { unlink(backup) }
                throw .output(path: file.path, reason: reason)
            }
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
            let reason = writeAll(file.contents, to: descriptor)
            if descriptor != STDOUT_FILENO {
                if close(descriptor) != 0 && reason == nil { throw .output(path: file.path, reason: String(cString: strerror(errno))) }
            }
            if let reason { throw .output(path: file.path, reason: reason) }
        }
        committed = true
        for done in backups { if let backup = done.backup { unlink(backup) } }
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
