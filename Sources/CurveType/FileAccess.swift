#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which files on this machine a source of options may name (fonts, texts, logos, paths and
/// data to read; files and folders to write). The user's own command line and job files may
/// name any; a stranger's words (a server's query, a template's `data-options`, a row's values,
/// a posted job) name none, and a template the user trusts reads only under one folder.
///
/// Every option whose declaration is a file, a font or a logo (``OptionDeclaration/ValueType``
/// `.file`, `.font`, `.logo`) is checked here as it is read, whatever command declares it: a
/// new option of one of those types is checked without a word more.
public struct FileAccess: Sendable, Equatable {
    enum Scope: Sendable, Equatable {
        case any
        case none
        /// Under this folder, as `realpath` resolves it (no `..`, no link out).
        case under(String)
    }

    let scope: Scope
    /// Whose words they are, for refusals: `a request`, `a template's data-options`.
    let source: String
    /// Where the files are, for refusals: ` on the server`, or nothing.
    let place: String
    /// How the user lets the source read files, for refusals, or nothing.
    let remedy: String

    init(scope: Scope, source: String, place: String = "", remedy: String = "") {
        self.scope = scope
        self.source = source
        self.place = place
        self.remedy = remedy
    }

    /// Any file: the user's own words.
    public static let any = FileAccess(scope: .any, source: "")

    /// No file: a stranger's words. `source` says whose (`a request`), `place` where the files
    /// would be (` on the server`) and `remedy` how to let them read (`; merge --template-reads
    /// DIR lets them read under DIR`), in refusals.
    public static func none(_ source: String, place: String = "", remedy: String = "") -> FileAccess {
        FileAccess(scope: .none, source: source, place: place, remedy: remedy)
    }

    /// Files under `folder` only (after every link is resolved); `source` says whose words.
    /// The folder must exist.
    public static func under(_ folder: String, _ source: String) throws(CurveTypeError) -> FileAccess {
        guard let real = realpath(folder, nil) else {
            throw .invalidInput("the folder \(Diagnostic.escaped(folder)) that \(source) may read cannot be found")
        }
        defer { free(real) }
        var status = stat()
        guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw .invalidInput("\(Diagnostic.escaped(folder)), which \(source) may read under, is not a folder")
        }
        return FileAccess(scope: .under(String(cString: real)), source: source)
    }

    /// Whether every file may be named.
    public var namesAny: Bool { scope == .any }

    /// `path` as it may be opened, given as option `name`: itself where any file may be named,
    /// its resolved path where only a folder's (so what is opened is what was checked), or the
    /// refusal.
    func allowed(_ path: String, option name: String, spelled: String) throws(CurveTypeError) -> String {
        switch scope {
        case .any:
            return path
        case .none:
            throw .invalidInput("\(spelled) names a file\(place), which \(source) may not name\(Self.hint(for: name))\(remedy)")
        case .under(let folder):
            guard path != "-" else { throw .invalidInput("\(spelled) reads standard input, which \(source) may not") }
            guard let real = realpath(path, nil) else {
                throw .invalidInput("\(spelled) names \(Diagnostic.escaped(String(path.prefix(200)))), which is not a file under \(folder)")
            }
            defer { free(real) }
            let resolved = String(cString: real)
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            guard resolved.hasPrefix(prefix) else {
                throw .invalidInput("\(spelled) names \(Diagnostic.escaped(String(path.prefix(200)))), which is not under \(folder), the one folder \(source) may read")
            }
            return resolved
        }
    }

    /// What to give instead of a file, by the option's name.
    static func hint(for name: String) -> String {
        let lower = name.lowercased()
        if lower.hasSuffix("logo") { return " (give a simple-icons name or a data: URL)" }
        if lower.contains("font") { return " (give a font family, such as DejaVu Serif)" }
        if lower == "textfile" { return " (give the text itself)" }
        if lower == "pathfile" { return " (give the path's data, --d)" }
        return ""
    }
}
