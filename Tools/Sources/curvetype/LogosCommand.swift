import ArgumentParser
import CurveType

/// `curvetype logos [WORD]`: the simple-icons logos a badge can name.
struct LogosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logos",
        abstract: "List the named logos (simple-icons \(SimpleIcons.release), as shields.io draws them).",
        discussion: """
            One line a logo: its slug (what --logo takes), its title, and its brand colour. With \
            WORD, only the logos whose slug or title holds it, the closest first. --logo also takes \
            a title (\"Node.js\") and shields' older names.
            """)

    @Argument(help: "Only logos whose slug or title holds this (any case).")
    var word: String?

    func run() throws {
        let icons = SimpleIcons.search(word ?? "")
        guard !icons.isEmpty else {
            let close = SimpleIcons.suggestion(for: word ?? "").map { " (did you mean \($0)?)" } ?? ""
            throw CurveTypeError.invalidInput("no logo's slug or title holds \"\(Diagnostic.escaped(String((word ?? "").prefix(60))))\"\(close)")
        }
        var out = ""
        for icon in icons { out += "\(icon.slug)\t\(icon.title)\t#\(icon.hex)\n" }
        OutputFile.writeToStandardOutput(out)
    }
}
