import CurveTypeEffects
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeSVG
/// A command that renders one document, read from its command-line words into the library's
/// options by the command's declarations (`CommandDeclaration`): the same reader batch jobs and
/// queries use, so every path fills the same `XxxOptions` values.
public struct CommandInvocation: Sendable, Equatable {
    /// The command and its options.
    public var command: JobDescription.Command
    /// The drawing's path; `nil` or `-` is standard output.
    public var output: String?
    /// The layout JSON's path (`-`: standard output), if any.
    public var layout: String?
    /// `--quiet`: print no warnings.
    public var quiet = false
    /// `--format`, `--scale`, `--frame-time`: how the drawing is written.
    public var settings = OutputSettings()

    /// Reads a rendering command's words (its name, then its options and arguments). A value
    /// option takes the next word whatever it is (`--start -30`) or `--name=value`; a flag
    /// takes none; a single-valued option given again takes the last value; `-o` is `--output`;
    /// a word that is a number (`-30`) or follows `--` is positional. An unknown option is
    /// refused with the closest name. `files`: which files the words may name (a stranger's,
    /// such as a template's `data-options`: none).
    public init(arguments words: [String], files: FileAccess = .any) throws(CurveTypeError) {
        guard let name = words.first, CommandDeclaration.drawingNames.contains(name), let declaration = CommandDeclaration.named(name, defaults: false) else {
            throw .invalidInput(ErrorText(CommandDeclaration.unknownCommand(words.first ?? "", names: CommandDeclaration.drawingNames)))
        }
        var reader = try declaration.reader(Array(words.dropFirst()), files: files)
        command = try JobDescription.Command(name, &reader, commands: "commands")
        let destination = try Destination(&reader)
        (output, layout, quiet) = (destination.output, destination.layout, destination.quiet)
        try settings.read(&reader, for: command)
        try reader.finish(command: name)
    }

    /// A command already read. The SVG settings are the command's document options
    /// (`--precision`, `--id-prefix`, `--glyphs`), whatever `settings.svg` holds.
    public init(command: JobDescription.Command, output: String? = nil, layout: String? = nil, quiet: Bool = false,
                settings: OutputSettings = OutputSettings()) {
        self.command = command
        self.output = output
        self.layout = layout
        self.quiet = quiet
        self.settings = settings.writing(command)
    }

    /// The request to render: checks the options and reads fonts, logos and text files.
    public func request() throws(CurveTypeError) -> any DocumentRequest {
        try command.request(hasOutputs: output != nil || layout != nil)
    }
}

extension CurveTypeError {
    /// The error as a job file or a server query says it: each parameter it names as its key,
    /// quoted (`"strokeWidth" must be …`), as the job and query readers name options.
    public var keyedMessage: String { text.written { "\"\($0)\"" } }
}

extension CommandDeclaration {
    /// `error` as the command line says it: each parameter the library's message names written
    /// as the option of this command that sets it (`strokeWidth` as `--stroke-width`), found in
    /// the declarations; a parameter no option of the command sets keeps its name.
    /// Lengths the message names are written in `units`, the unit the user gave them in.
    public func message(for error: CurveTypeError, units: LengthUnit = .px) -> String {
        error.text.written(naming: { name in
            // An old name (`fill` for `textColor`) is written as typed.
            guard let declared = option(name) else { return name }
            return declared.name == name ? declared.commandLineName : OptionKey.commandLineName(name)
        }, length: { px in
            units == .px ? ErrorText.pixels(px) : "\(ErrorText.digits(px / units.pixels)) \(units.rawValue)"
        })
    }

    /// The unit `--units` names among `words` (`--units mm` or `--units=mm`), px where none
    /// does: so an error in reading them still says lengths in the user's unit.
    public static func units(in words: [String]) -> LengthUnit {
        for (index, word) in words.enumerated() {
            if word == "--units", index + 1 < words.count, let unit = LengthUnit(rawValue: words[index + 1]) { return unit }
            if word.hasPrefix("--units="), let unit = LengthUnit(rawValue: String(word.dropFirst("--units=".count))) { return unit }
        }
        return .px
    }

    /// A reader of `words`, the command's options and arguments, grouped by option as the
    /// declarations say (see `CommandInvocation.init(arguments:)`).
    func reader(_ words: [String], files: FileAccess = .any) throws(CurveTypeError) -> OptionReader {
        var grouped = OptionWords()
        var index = 0
        var positionalOnly = false
        while index < words.count {
            let word = words[index]
            index += 1
            if positionalOnly || !word.hasPrefix("-") || word == "-" || Double(word) != nil {
                guard argument != nil else {
                    let shown = Diagnostic.escaped(String(word.prefix(40)))
                    throw .invalidInput("\(name) takes no argument, but was given '\(shown)' (\(textOptions(for: shown, among: words) ?? "options start with --"))")
                }
                if grouped["args"] != nil {
                    throw .invalidInput("\(name) takes one \(argument?.name ?? "argument"); '\(Diagnostic.escaped(String(word.prefix(40))))' is another (quote text that has spaces)")
                }
                grouped.add(word, to: "args")
                continue
            }
            if word == "--" { positionalOnly = true; continue }
            let (typed, inline) = split(word)
            // No option name is longer than 64 characters: a longer one is refused before it
            // is compared with every name for a suggestion.
            if typed.utf8.count > OptionReader.maximumNameLength + 2 {
                throw .invalidInput("unknown option '\(Diagnostic.escaped(String(typed.prefix(40))))…' (option names are at most \(OptionReader.maximumNameLength) characters)")
            }
            guard let key = option(typedAs: typed), let option = self.option(key) else {
                throw .invalidInput("unknown option '\(Diagnostic.escaped(String(typed.prefix(40))))' for \(name)\(suggestion(for: typed).map { " (did you mean \($0)?)" } ?? "")")
            }
            switch option.kind {
            case .flag:
                guard inline == nil else { throw .invalidInput("\(typed) is a flag: it takes no value") }
                if grouped[key] == nil { grouped.add(nil, to: key) }
            case .value, .repeatable:
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < words.count else { throw .invalidInput("\(typed) needs a value (\(option.valueName))") }
                    value = words[index]
                    index += 1
                }
                if option.kind == .value { grouped.set(value, for: key) } else { grouped.add(value, to: key) }
            case .positional:
                throw .invalidInput("unknown option '\(Diagnostic.escaped(String(typed.prefix(40))))' for \(name)")
            }
        }
        return OptionReader(words: grouped, files: files, spelling: .commandLine)
    }

    /// Refuses, among `words` (the command's options and arguments), every file, font file or
    /// logo file that `files` does not allow, whatever else the words hold: how a template's
    /// own options are checked before any row is read.
    func checkFiles(_ words: [String], files: FileAccess) throws(CurveTypeError) {
        var reader = try reader(words, files: files)
        for option in options where [.file, .font, .logo].contains(option.type) {
            switch (option.kind, option.type) {
            case (.repeatable, .font): _ = try reader.fonts(option.name)
            case (.repeatable, .logo): _ = try reader.logos(option.name)
            case (.positional, _): if option.type == .file, let path = try reader.argument(name) { _ = try files.allowed(path, option: option.name, spelled: "the argument") }
            default: _ = try reader.read(option.name, option.type)
            }
        }
    }

    /// Where a command without an argument takes its text, for a word given as one: `give
    /// the text as --text 'Hello'`; `nil` for a command that sets no text, or where `words`
    /// give that option already.
    func textOptions(for word: String, among words: [String]) -> String? {
        let quoted = "'" + word + "'"
        let given = { (option: String) in words.contains { $0 == option || $0.hasPrefix(option + "=") } }
        if option("text") != nil, !given("--text") { return "give the text as --text \(quoted)" }
        if option("message") != nil, !given("--message") { return "give the badge's text as --message \(quoted), and a label as --label" }
        if option("ring") != nil, !given("--ring") { return "give the text as --ring \(quoted), or --top, --bottom, --center" }
        return nil
    }

    /// `--name=value` as the name and the value; a short option's value joined to it (`-ox`, or
    /// `-o=x` as swift-argument-parser reads it) as `-o` and `x`; any other word as itself and
    /// no value.
    private func split(_ word: String) -> (String, String?) {
        if !word.hasPrefix("--"), word.count > 2,
           let short = options.first(where: { $0.kind != .flag && $0.shortName.map { word.hasPrefix("-" + $0) } == true })?.shortName {
            var value = word.dropFirst(1 + short.count)
            if value.first == "=" { value = value.dropFirst() }
            return ("-" + short, String(value))
        }
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// The option a word names, as the reader keys it (`--label-color`: `labelColor`; an old
    /// name as itself); only the lower-case kebab spelling is a long name, as help writes it.
    private func option(typedAs word: String) -> String? {
        if !word.hasPrefix("--") {
            return options.first { $0.shortName.map { "-" + $0 } == word }?.name
        }
        let name = word.dropFirst(2)
        guard let first = name.first, first.isLowercase,
              name.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }),
              !name.hasSuffix("-"), !name.contains("--") else { return nil }
        return OptionKey.normalized(String(name)).stringValue
    }

    /// The option that once went by `name` (camel case: `color`), now another's (``OptionDeclaration/retiredNames``).
    func option(retiredAs name: String) -> OptionDeclaration? {
        options.first { $0.retiredNames.contains(name) }
    }

    /// The option whose command-line name is closest to `typed`, for "did you mean": the
    /// shortest it abbreviates (`--mess` for `--message`), else the closest by edit distance.
    func suggestion(for typed: String) -> String? {
        let wanted = typed.drop(while: { $0 == "-" }).lowercased()
        guard !wanted.isEmpty else { return nil }
        if let renamed = option(retiredAs: OptionKey.normalized(String(wanted)).stringValue) { return renamed.commandLineName }
        // `--text` where the text goes by other names (a seal's rings and centre, a badge's halves).
        if wanted == "text", option("text") == nil {
            let named = ["ring", "top", "bottom", "center", "label", "message"].compactMap { option($0)?.commandLineName }
            if !named.isEmpty { return named.dropLast().joined(separator: ", ") + (named.count > 1 ? " or " : "") + (named.last ?? "") }
        }
        let candidates = options.filter { $0.kind != .positional }.map { (spelling: String($0.commandLineName.dropFirst(2)), name: $0.commandLineName) }
        if let close = closestName(to: wanted, among: candidates) { return close }
        // A word the command's options end in: `--color` for circle's --text-color (and the
        // other colours it takes), as a user of another command would type it.
        let ending = candidates.filter { $0.spelling.hasSuffix("-" + wanted) }.map(\.name)
        switch ending.count {
        case 0: return nil
        case 1: return ending[0]
        default: return ending.dropLast().joined(separator: ", ") + " or " + (ending.last ?? "")
        }
    }
}

/// ` (did you mean NAME?)` for the name among `names` closest to `typed`
/// (``closestName(to:among:)``), or nothing.
func didYouMean(_ typed: String, among names: [String]) -> String {
    closestName(to: typed.trimmed().lowercased(), among: names.map { ($0.lowercased(), $0) }).map { " (did you mean \($0)?)" } ?? ""
}

/// The candidate `wanted` abbreviates (the shortest whose spelling starts with it, for a word
/// of three letters or more), else the one closest by edit distance, within a third of its
/// letters (at least two edits), for "did you mean".
func closestName(to wanted: String, among candidates: [(spelling: String, name: String)]) -> String? {
    guard !wanted.isEmpty else { return nil }
    if wanted.count >= 3, let shortest = candidates.filter({ $0.spelling.hasPrefix(wanted) }).min(by: { $0.spelling.count < $1.spelling.count }) {
        return shortest.name
    }
    let scalars = Array(wanted.unicodeScalars)
    return closestName(to: scalars, among: candidates, limit: max(2, scalars.count / 3))
}

/// The name of the candidate whose spelling is closest to `wanted` by edit distance, within
/// `limit` edits (the first of equals), for "did you mean".
func closestName(to wanted: [Unicode.Scalar], among candidates: [(spelling: String, name: String)], limit: Int) -> String? {
    var best: (distance: Int, name: String)?
    for candidate in candidates {
        let distance = SimpleIcons.editDistance(wanted, Array(candidate.spelling.unicodeScalars), limit: limit)
        if distance <= limit, distance < (best?.distance ?? Int.max) { best = (distance, candidate.name) }
    }
    return best?.name
}

// MARK: - Queries

/// A command read from a URL's query (`/circle?text=Hello&radius=80`): the same option names as
/// the command line and batch jobs, read by the same reader, so a server has no second mapping.
/// Options that name files on the server's disk are refused.
public struct QueryCommand: Sendable, Equatable {
    /// The command and its options.
    public var command: JobDescription.Command
    /// The request in one canonical spelling: the command, then each option's camel-case name
    /// and values, sorted by name (`circle` with `radius=80&text=Hi` and `text=Hi&radius=80`
    /// alike). Equal for requests that render alike; a cache or an ETag keys on it.
    public var canonical: String
    /// The format (`format`: svg by default), PNG scale (`scale`) and
    /// frame time (`frame-time`) of the answer.
    public var settings = OutputSettings()

    /// Reads `items` (query names and values, in order, already percent-decoded) as options of
    /// `commandName`. A name is an option's long name, kebab or camel case (`label-color`,
    /// `labelColor`); the positional argument goes by what it is (`text`, or `angle` for angle).
    /// A flag is set by an empty value, `true`, `1` or `on`, and left unset by `false`, `0` or
    /// `off`. A repeatable option may come again; any other name twice is refused.
    public init(_ commandName: String, items: [(name: String, value: String)]) throws(CurveTypeError) {
        guard CommandDeclaration.drawingNames.contains(commandName), let declaration = CommandDeclaration.madeNamed(commandName) else {
            throw .invalidInput(ErrorText(CommandDeclaration.unknownCommand(commandName, names: CommandDeclaration.drawingNames)))
        }
        let argumentName = declaration.argument?.name
        var words = OptionWords()
        for item in items {
            guard item.name.utf8.count <= OptionReader.maximumNameLength else {
                throw .invalidInput("\"\(Diagnostic.escaped(String(item.name.prefix(20))))…\" is not an option of \(commandName)")
            }
            var name = OptionKey.normalized(item.name).stringValue
            let kind: OptionDeclaration.Kind?
            if let argumentName, name == argumentName {
                name = "args"
                kind = .positional
            } else {
                let option = declaration.option(name)
                if name == "args" || option?.inQueries == false {
                    throw .invalidInput("\"\(Diagnostic.escaped(item.name))\" is not an option of \(commandName)")
                }
                kind = option?.kind
            }
            switch kind {
            case .flag?:
                switch item.value.lowercased() {
                case "", "true", "1", "on":
                    guard words[name] == nil else { throw .invalidInput("\"\(name)\" is given twice") }
                    words.add(nil, to: name)
                case "false", "0", "off":
                    continue
                default:
                    throw .invalidInput("\"\(name)\" is a flag: true or false, not \"\(Diagnostic.escaped(String(item.value.prefix(20))))\"")
                }
            case .value?, .positional?:
                guard words[name] == nil else {
                    throw .invalidInput("\"\(name == "args" ? argumentName ?? name : name)\" is given twice; it takes one value")
                }
                words.add(item.value, to: name)
            case .repeatable?, nil:
                // An unknown name is refused by `finish`, naming the command.
                words.add(item.value, to: name)
            }
        }
        var reader = OptionReader(words: words, files: .none("a request", place: " on the server"))
        command = try JobDescription.Command(commandName, &reader, commands: "commands")
        try settings.read(&reader, for: command)
        try reader.finish(command: commandName)
        // Each name and value with its length in bytes before it, so no value, whatever it
        // holds, can spell the boundary of another option (a cache keyed on this must never
        // take one request for another).
        var canonical = commandName
        for entry in words.entries.sorted(by: { $0.name < $1.name }) {
            canonical += " \(entry.name.utf8.count):" + entry.name + "=\(entry.values.count)"
            for value in entry.values { canonical += " \(value.utf8.count):" + value }
        }
        self.canonical = canonical
    }

    /// The request to render: checks the options and reads fonts.
    public func request() throws(CurveTypeError) -> any DocumentRequest { try command.request() }

    /// An option's name as every reader takes it (queries, jobs, the command line): leading
    /// dashes dropped, kebab case made camel case (`--label-color` and `label-color` are
    /// `labelColor`).
    public static func optionName(_ name: String) -> String { OptionKey.normalized(name).stringValue }

    /// The longest option name any reader takes, without its dashes: every real one is far shorter.
    public static let maximumOptionNameLength = OptionReader.maximumNameLength

    /// What a query may name for `command`: each option's declaration, the positional argument
    /// under its own name (`text`, `angle`); those that name files are marked (a query may not
    /// give them).
    public static func options(of command: String) -> [OptionDeclaration] {
        (CommandDeclaration.madeNamed(command)?.options ?? []).filter(\.inQueries)
    }
}

