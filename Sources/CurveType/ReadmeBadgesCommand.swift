import CurveTypeEffects
import CurveTypeFonts
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `curvetype readme-badges`' options.
public struct ReadmeBadgesOptions: Sendable, Equatable, DeclaredOptions {
    /// The README (Markdown, with the HTML GitHub allows) to rewrite.
    public var readme: String?
    /// The folder the badges go in, relative to the README's folder (`--out`).
    public var out = "badges"
    /// shields' colours, or colours for light pages, dark pages or both (`--theme`).
    public var theme = BadgeTheme.shields
    /// A light and a dark file a badge, shown by `<picture>` (`--picture`).
    public var picture = false
    /// Write nothing: say whether the README and its badge files are current (`--check`).
    public var check = false
    /// Print no list of the badges left as they are (`--quiet`).
    public var quiet = false

    /// Every option at its default.
    public init() {}

    static let fields: [OptionField<ReadmeBadgesOptions>] = [
        .argument("readme", \.readme, command: "readme-badges", type: .file, required: true, "The README to rewrite (Markdown and the HTML GitHub allows in it)."),
        .text("out", \.out, .output, type: .file, "The folder the badges are drawn into, relative to the README's folder (made if missing)."),
        .choice("theme", \.theme, .color, "shields: its colours exactly; light, dark: colours for that page; auto: each file follows the reader's prefers-color-scheme."),
        .flag("picture", \.picture, .color, "Draw a light and a dark file a badge and show them with <picture>, which GitHub switches with its theme (not with --theme)."),
        .flag("check", \.check, .output, "Write nothing: list the files that are missing or differ, and exit 1 if any do (for CI)."),
        .flag("quiet", \.quiet, .output, "Do not list the badges left as they are."),
    ]

    /// `curvetype readme-badges`' words, read as the command line reads them.
    public init(arguments words: [String]) throws(CurveTypeError) {
        try self.init(commandLine: words, command: "readme-badges")
    }

    /// The longest README read, bytes.
    public static let maximumReadmeBytes = 16 << 20

    /// What a run did: the lines to print, and whether everything was current (`--check`).
    public struct Outcome: Sendable {
        /// For standard output.
        public var report: String
        /// The one line `--check` says when a file is missing or different (for standard error,
        /// with a failing status); `nil` when everything is current.
        public var staleness: String?
        /// Whether every file was current.
        public var isCurrent: Bool { staleness == nil }
    }

    /// Reads the README (and the manifest a previous run left), draws every badge it can, and
    /// writes the files and the README all or none; with `check`, compares instead.
    public func run() throws(CurveTypeError) -> Outcome {
        guard let readme else { throw .invalidInput("give the README to rewrite") }
        if picture && theme != .shields {
            throw .invalidInput("\(parameter: "picture") draws each badge light and dark; give it or \(parameter: "theme"), not both")
        }
        let parts = out.split(separator: "/", omittingEmptySubsequences: true)
        guard !out.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else {
            throw .invalidInput("\(parameter: "out") is a folder inside the README's folder (badges, docs/badges), not \"\(Diagnostic.escaped(String(out.prefix(60))))\"")
        }
        let folder = parts.joined(separator: "/")
        // A README that is a symbolic link is read where its target is: its addresses are
        // relative to the target's folder, so the badges go beside the target.
        let base = PathText.split(Self.resolvedLink(readme) ?? readme).folder
        func beside(_ path: String) -> String { base.isEmpty ? path : PathText.joined(base, path) }
        let text = try readUserFile(readme, what: "README", limit: Self.maximumReadmeBytes, shown: Self.maximumReadmeBytes)
        guard let readmeText = String(validating: text, as: UTF8.self) else { throw .invalidInput("\(readme) is not UTF-8 text") }
        let manifestPath = beside(folder + "/" + ReadmeBadges.manifestName)
        let manifest = FileManager.default.fileExists(atPath: manifestPath) ? try readUserFile(manifestPath, what: "manifest", limit: ReadmeBadges.maximumManifestBytes, shown: ReadmeBadges.maximumManifestBytes) : nil
        let plan = try ReadmeBadges(readme: readmeText, folder: folder, look: picture ? .picture : .theme(theme), manifest: manifest)

        var files: [(path: String, contents: OutputFile.FileContents)] = plan.files.map { (beside($0.path), $0.contents) }
        let rewrites = plan.readme != readmeText
        if rewrites { files.append((readme, .text(plan.readme))) }
        var report = ""
        let badgeFiles = plan.files.count - (plan.files.isEmpty ? 0 : 1)
        if check {
            var stale: [String] = []
            // A file drawn with other fonts than this machine draws it with (an emoji or CJK
            // badge's fallbacks) says so: the difference is the machine's, not the README's.
            let fontsHere = Dictionary(plan.files.map { (beside($0.path), $0.fonts) }, uniquingKeysWith: { first, _ in first })
            let fontsThen = Dictionary(plan.recordedFonts.map { (beside($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
            func fontNote(_ path: String) -> String {
                let here = fontsHere[path] ?? [], then = fontsThen[path] ?? []
                guard here != then else { return "" }
                func named(_ fonts: [String]) -> String { fonts.isEmpty ? "the bundled fonts alone" : fonts.joined(separator: ", ") }
                return " (drawn with \(named(then)); this machine draws it with \(named(here)))"
            }
            for file in files {
                let expected: [UInt8]
                switch file.contents {
                case .text(let t): expected = Array(t.utf8)
                case .bytes(let b): expected = b
                }
                if let difference = try OutputFile.difference(at: file.path, from: expected) {
                    stale.append((difference.missing ? "missing: " : "differs: ") + file.path + (difference.missing ? "" : fontNote(file.path)))
                }
            }
            if rewrites { stale.append("differs: \(readme) (it shows badges from shields.io that can be drawn here)") }
            stale = Array(Set(stale)).sorted()
            report += stale.map { $0 + "\n" }.joined()
            if stale.isEmpty { report += "readme-badges: \(readme) and its \(badgeFiles) badge files are current\n" }
            if !quiet { report += leftLines(plan) }
            return Outcome(report: report, staleness: stale.isEmpty ? nil
                           : "\(stale.count) of \(files.count) files are not current: run curvetype readme-badges \(readme) to draw them")
        }
        // What an earlier run that was killed left behind (its temporary files) goes first.
        let stale = OutputFile.removeStaleTemporaries(in: beside(folder)).count
        if !files.isEmpty {
            try OutputFile.createParentFolders(of: beside(folder + "/" + ReadmeBadges.manifestName))
            try OutputFile.writeAtomically(files)
        }
        if stale > 0 {
            report += "readme-badges: removed \(stale) temporary file\(stale == 1 ? "" : "s") an interrupted run left in \(beside(folder))\n"
        }
        report += "readme-badges: \(plan.drawnReferences) badge\(plan.drawnReferences == 1 ? "" : "s") shown from \(badgeFiles) file\(badgeFiles == 1 ? "" : "s") in \(beside(folder))"
        report += rewrites ? "; \(readme) rewritten\n" : "; \(readme) unchanged\n"
        if !quiet { report += leftLines(plan) }
        return Outcome(report: report, staleness: nil)
    }

    /// The path a symbolic link at `path` leads to, at the end of any chain of links; `nil`
    /// where `path` is no link.
    static func resolvedLink(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func leftLines(_ plan: ReadmeBadges) -> String {
        guard !plan.left.isEmpty else { return "" }
        var lines = "left as they are (\(plan.left.count)):\n"
        for left in plan.left { lines += "  line \(left.line): \(left.url.prefix(160)): \(left.reason)\n" }
        return lines
    }
}
