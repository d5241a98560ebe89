import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files so that a reader never sees a half-written file and a failure never
/// clobbers an existing one: each file goes to a temporary file beside it, and only when every
/// one of them is complete are they renamed into place.
public enum OutputFile {
    /// Numbers temporary files, so threads writing into one folder never pick the same name.
    private static let temporaryCounter = Atomic<Int>(0)

    public static func writeAtomically(_ files: [(path: String, contents: String)]) throws(CurveTypeError) {
        var temporaries: [(temporary: String, path: String)] = []
        var committed = false
        defer {
            if !committed { for t in temporaries { unlink(t.temporary) } }
        }
        for (path, contents) in files {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw .output(path: path, reason: "it is a directory")
            }
            let url = URL(fileURLWithPath: path)
            let temporary = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(temporaryCounter.wrappingAdd(1, ordering: .relaxed).oldValue).tmp").path
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw .output(path: path, reason: String(cString: strerror(errno))) }
            temporaries.append((temporary, path))
            let bytes = Array(contents.utf8)
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    let reason = String(cString: strerror(errno))
                    close(fd)
                    throw .output(path: path, reason: reason)
                }
                written += n
            }
            guard close(fd) == 0 else { throw .output(path: path, reason: String(cString: strerror(errno))) }
        }
        for t in temporaries {
            guard rename(t.temporary, t.path) == 0 else {
                throw .output(path: t.path, reason: String(cString: strerror(errno)))
            }
        }
        committed = true
    }
}
