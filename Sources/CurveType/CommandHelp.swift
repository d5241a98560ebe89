// Help, Markdown option tables and shell completions, each written from the commands'
// declarations (`CommandDeclaration.all`), so `--help`, the README and a shell say the same.

/// What the command line shows about its commands.
public enum CommandHelp {
    /// The program's one-line description.
    public static let overview = "Set type along circles, spirals and any path, fit text into boxes, and draw angles, badges and seals, as deterministic SVG, PNG and PDF measured with real fonts."

    /// The program's own options, besides each command's.
    static let programOptions: [(name: String, help: String)] = [
        ("--version", "Print the version."),
        ("--generate-completion-script <shell>", "Print a completion script for bash, zsh or fish."),
        ("-h, --help", "Show help (curvetype help COMMAND for a command's)."),
    ]

    /// `curvetype --help`: every command with its abstract.
    public static func root(version: String) -> String {
        var out = wrapped("OVERVIEW: \(overview)", indent: 0, width: 100).joined(separator: "\n") + "\n\nVersion \(version).\n\nUSAGE: curvetype COMMAND [OPTIONS]\n\nCOMMANDS:\n"
        let commands = CommandDeclaration.all.map { ($0.name, $0.abstract) }
            + [("help", "Show a command's help (help --markdown COMMAND: its options as a Markdown table).")]
        for (name, abstract) in commands { out += row(name, abstract) }
        out += "\nOPTIONS:\n"
        for option in programOptions { out += row(option.name, option.help) }
        out += "\nSee 'curvetype help COMMAND' for a command's options.\n"
        return out
    }

    /// `curvetype COMMAND --help`.
    public static func command(_ command: CommandDeclaration) -> String {
        var out = "OVERVIEW: \(command.abstract)\n\n"
        out += wrapped(command.discussion, indent: 0, width: 100).joined(separator: "\n") + "\n\n"
        let argument = command.argument.map { " [\($0.commandLineName)]" } ?? ""
        out += "USAGE: curvetype \(command.name)\(argument) [OPTIONS]\n"
        if let argument = command.argument {
            out += "\nARGUMENTS:\n" + row(argument.commandLineName, describe(argument))
        }
        for group in OptionDeclaration.Group.allCases {
            let options = command.options.filter { $0.group == group && $0.kind != .positional }
            guard !options.isEmpty else { continue }
            out += "\n\(group.title.uppercased()) OPTIONS:\n"
            for option in options { out += row(usage(option), describe(option)) }
        }
        out += "\n" + row("-h, --help", "Show this help.")
        return out
    }

    /// An option as a help line starts: `-o, --output <file>`, `--size <px>`, `--allow-overlap`.
    static func usage(_ option: OptionDeclaration) -> String {
        let short = option.shortName.map { "-\($0), " } ?? ""
        guard option.kind != .flag else { return short + option.commandLineName }
        let placeholder = option.type == .choice ? option.name.lowercased() : option.valueName.lowercased()
        return short + option.commandLineName + " <\(placeholder)>"
    }

    /// The help sentence with what help adds: the choices (where the sentence does not name
    /// them all), the old names, whether it repeats, the range and the default.
    public static func describe(_ option: OptionDeclaration) -> String {
        var text = option.help
        if option.type == .choice, !option.choices.allSatisfy({ text.contains($0) }) {
            text += " One of: " + option.choices.joined(separator: ", ") + "."
        }
        if !option.aliases.isEmpty {
            text += " Old name\(option.aliases.count > 1 ? "s" : ""): " + option.aliases.map { OptionKey.commandLineName($0) }.joined(separator: ", ") + "."
        }
        var notes: [String] = []
        if option.required { notes.append("required") }
        if let range = option.shownRange { notes.append(range) }
        if let shown = option.shownDefault { notes.append("default: \(shown)") }
        if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
        return text
    }

    private static let column = 30

    /// `name` and `text` as a help row, `text` wrapped to the right of `name`.
    private static func row(_ name: String, _ text: String) -> String {
        let lines = wrapped(text, indent: column, width: 100)
        let first = "  " + name
        var out = first.count + 2 <= column ? first + String(repeating: " ", count: column - first.count) + lines[0].dropFirst(column) + "\n"
                                            : first + "\n" + lines[0] + "\n"
        for line in lines.dropFirst() { out += line + "\n" }
        return out
    }

    /// `text` in lines of at most `width` characters (words longer stay whole), each indented.
    private static func wrapped(_ text: String, indent: Int, width: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = pad
        for word in text.split(separator: " ") {
            if line.count > indent && line.count + 1 + word.count > width {
                lines.append(line)
                line = pad
            }
            line += (line.count > indent ? " " : "") + word
        }
        lines.append(line)
        return lines
    }

    // MARK: - Markdown

    /// A command's options as a Markdown table (option, meaning, default), as the README shows
    /// them.
    public static func markdown(_ command: CommandDeclaration) -> String {
        var out = "| option | meaning | default |\n|---|---|---|\n"
        for option in command.options {
            var name = option.kind == .positional ? option.commandLineName : (option.shortName.map { "-\($0), " } ?? "") + option.commandLineName
            if option.kind != .flag && option.kind != .positional { name += " " + option.valueName }
            var meaning = option.help
            if !option.aliases.isEmpty {
                meaning += " Old name\(option.aliases.count > 1 ? "s" : ""): " + option.aliases.map { "`\(OptionKey.commandLineName($0))`" }.joined(separator: ", ") + "."
            }
            if option.kind == .repeatable { meaning += " Repeatable." }
            if let range = option.shownRange { meaning += " Range: \(range)\(option.unit.map { $0 == "×" || $0 == "°" ? "" : " " + $0 } ?? "")." }
            if option.required { meaning += " Required." }
            out += "| `\(cell(name))` | \(cell(meaning)) | \(cell(option.shownDefault ?? "")) |\n"
        }
        return out
    }

    /// Text for a table cell: `|` escaped, no line breaks.
    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    // MARK: - Completions

    /// The shells `completionScript(for:)` writes for.
    public static let shells = ["bash", "zsh", "fish"]

    /// A completion script for `shell` (bash, zsh or fish): commands, each command's options,
    /// a choice's values, files where an option names one.
    public static func completionScript(for shell: String) throws(CurveTypeError) -> String {
        switch shell {
        case "bash": return bash()
        case "zsh": return zsh()
        case "fish": return fish()
        default: throw .invalidInput("no completion script for '\(Diagnostic.escaped(String(shell.prefix(20))))' (shells: \(shells.joined(separator: ", ")))")
        }
    }

    private static var commandNames: [String] { CommandDeclaration.all.map(\.name) + ["help"] }

    private static func namesFile(_ option: OptionDeclaration) -> Bool {
        option.namesFile || option.type == .font || option.type == .logo || option.name == "output" || option.name == "layout"
    }

    private static func bash() -> String {
        var out = """
            # bash completion for curvetype (curvetype --generate-completion-script bash)
            _curvetype() {
                local cur prev
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commandNames.joined(separator: " ")) --help --version --generate-completion-script" -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]}" in

            """
        for command in CommandDeclaration.all {
            let options = command.options.filter { $0.kind != .positional }
            out += "    \(command.name))\n        case \"$prev\" in\n"
            for option in options where option.type == .choice {
                out += "            \(option.commandLineName)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
            }
            let files = options.filter { $0.kind != .flag && namesFile($0) }.map { ([$0.commandLineName] + ($0.shortName.map { ["-" + $0] } ?? [])).joined(separator: "|") }
            if !files.isEmpty { out += "            \(files.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n" }
            let values = options.filter { $0.kind != .flag && $0.type != .choice && !namesFile($0) }.map(\.commandLineName)
            if !values.isEmpty { out += "            \(values.joined(separator: "|"))) COMPREPLY=(); return ;;\n" }
            out += "        esac\n"
            let words = options.map(\.commandLineName) + options.compactMap { $0.shortName.map { "-" + $0 } } + ["--help"]
            out += "        COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))\n"
            if command.argument?.type == .file { out += "        [[ \"$cur\" != -* ]] && COMPREPLY+=($(compgen -f -- \"$cur\"))\n" }
            out += "        ;;\n"
        }
        out += "    help) COMPREPLY=($(compgen -W \"\(CommandDeclaration.all.map(\.name).joined(separator: " ")) --markdown\" -- \"$cur\")) ;;\n"
        out += "    esac\n}\ncomplete -F _curvetype curvetype\n"
        return out
    }

    /// `text` inside a zsh `_arguments` description: brackets, colons and quotes escaped.
    private static func zshEscaped(_ text: String) -> String {
        var out = ""
        for c in firstSentence(text) {
            switch c {
            case "[", "]", ":", "\\": out += "\\" + String(c)
            case "'": out += "'\\''"
            default: out.append(c)
            }
        }
        return out
    }

    /// The help's first sentence, for a completion's one-line description.
    private static func firstSentence(_ text: String) -> String {
        guard let end = text.firstRange(of: ". ") ?? text.firstRange(of: "; ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }

    private static func zsh() -> String {
        var out = "#compdef curvetype\n# zsh completion for curvetype (curvetype --generate-completion-script zsh)\n_curvetype() {\n    local -a commands\n    commands=(\n"
        for command in CommandDeclaration.all { out += "        '\(command.name):\(zshEscaped(command.abstract))'\n" }
        out += "        'help:Show a command'\\''s help.'\n    )\n"
        out += "    if (( CURRENT == 2 )); then\n        _describe 'command' commands\n        return\n    fi\n    case $words[2] in\n"
        for command in CommandDeclaration.all {
            out += "    \(command.name))\n        _arguments -s \\\n"
            for option in command.options {
                let help = zshEscaped(option.help)
                switch option.kind {
                case .positional:
                    out += "            '1:\(option.name):\(option.type == .file ? "_files" : " ")' \\\n"
                case .flag:
                    out += "            '\(option.commandLineName)[\(help)]' \\\n"
                case .value, .repeatable:
                    let repeats = option.kind == .repeatable ? "*" : ""
                    let action = option.type == .choice ? "(\(option.choices.joined(separator: " ")))" : namesFile(option) ? "_files" : " "
                    let names = option.shortName.map { "{-\($0),\(option.commandLineName)}" } ?? option.commandLineName
                    out += "            \(repeats)\(option.shortName == nil ? "'" : "")\(names)\(option.shortName == nil ? "" : "'")[\(help)]:\(option.valueName.lowercased()):\(action)' \\\n"
                }
            }
            out += "            '(-h --help)'{-h,--help}'[Show help.]'\n        ;;\n"
        }
        out += "    help) _describe 'command' commands ;;\n    esac\n}\n_curvetype \"$@\"\n"
        return out
    }

    private static func fish() -> String {
        func quoted(_ text: String) -> String { "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'" }
        var out = "# fish completion for curvetype (curvetype --generate-completion-script fish)\ncomplete -c curvetype -f\n"
        for command in CommandDeclaration.all {
            out += "complete -c curvetype -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.abstract))\n"
        }
        out += "complete -c curvetype -n __fish_use_subcommand -a help -d 'Show a command\\'s help.'\n"
        for command in CommandDeclaration.all {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options where option.kind != .positional {
                var line = "complete -c curvetype \(condition) -l \(option.commandLineName.dropFirst(2))"
                if let short = option.shortName { line += " -s \(short)" }
                if option.kind != .flag {
                    // -x: a value, and no file names offered for it; -r -F: a file's name.
                    if option.type == .choice {
                        line += " -x -a \(quoted(option.choices.joined(separator: " ")))"
                    } else {
                        line += namesFile(option) ? " -r -F" : " -x"
                    }
                }
                out += line + " -d \(quoted(firstSentence(option.help)))\n"
            }
            if command.argument?.type == .file { out += "complete -c curvetype \(condition) -F\n" }
        }
        return out
    }
}

extension OptionDeclaration.Group {
    /// The section's title in help.
    public var title: String {
        switch self {
        case .content: "Content"
        case .shape: "Shape"
        case .text: "Text"
        case .font: "Font"
        case .color: "Colour"
        case .document: "Document"
        case .output: "Output"
        }
    }
}
