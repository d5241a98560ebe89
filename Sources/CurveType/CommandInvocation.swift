import CurveTypeEffects
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeSVG
/// A command that renders one document, read straight from its command-line words into the
/// library's options: `badge --label build --message passing -o badge.svg`.
///
/// Why by hand: swift-argument-parser resolves every option of a command through the Swift
/// runtime's conformance lookups and type demangling before it reads a word: 12 of a badge
/// process's 20 million instructions, more than all the drawing. The CLI keeps it for help,
/// completions, error messages and any word this reader does not take; plain words, the way
/// nearly every script writes them, go through `plain(_:shortNames:)` and the same option
/// reader that batch jobs use, so both paths fill the same `XxxOptions` values.
public struct CommandInvocation: Sendable, Equatable {
    /// The command and its options.
    public var command: JobDescription.Command
    /// The SVG's path; `nil` or `-` is standard output.
    public var output: String?
    /// The layout JSON's path (`-`: standard output), if any.
    public var layout: String?
    /// `--quiet`: print no warnings.
    public var quiet = false
    /// `--format`, `--scale`, `--frame-time`: how the drawing is written.
    public var settings = OutputSettings()

    /// The names of the commands `plain` reads.
    public static var commandNames: [String] { JobDescription.Command.names }

    /// Reads `words` (the command's name, then its options and arguments) when every word is
    /// plain: `--long-name VALUE` for an option of the command (a repeatable one may come
    /// again), `--long-name` for a flag, a short name from `shortNames` (`["o": "output"]`),
    /// and positional words. A value may be `-` but may not otherwise start with `-`.
    ///
    /// Returns `nil` for anything else: an unknown command or option, `--name=value`, other
    /// short options, `--`, a single-valued option given twice, a required one missing, a value
    /// that starts with `-` (`--start -30`), or a value the options refuse (a word where a
    /// number goes). The caller then hands the words to its full parser, which accepts the same
    /// words and explains every refusal, so `nil` changes no outcome, only the cost.
    public static func plain(_ words: [String], shortNames: KeyValuePairs<String, String> = [:]) -> CommandInvocation? {
        guard let name = words.first, commandNames.contains(name) else { return nil }
        let (kinds, required) = schema(name)
        var grouped = OptionWords()
        var index = 1
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-") else {
                grouped.add(word, to: "args")
                continue
            }
            guard let key = optionName(word, shortNames: shortNames),
                  let kind = kinds.first(where: { $0.name == key })?.kind else { return nil }
            switch kind {
            case .flag:
                guard grouped[key] == nil else { return nil }
                grouped.add(nil, to: key)
            case .value, .values:
                guard index < words.count, kind == .values || grouped[key] == nil else { return nil }
                let value = words[index]
                index += 1
                guard value == "-" || !value.hasPrefix("-") else { return nil }
                grouped.add(value, to: key)
            case .arguments:
                return nil
            }
        }
        guard required.allSatisfy({ grouped[$0] != nil }) else { return nil }
        var reader = OptionReader(words: grouped)
        do {
            let command = try JobDescription.Command(name, &reader, commands: "commands")
            let output = try reader.text("output")
            let layout = try reader.text("layout")
            let quiet = try reader.flag("quiet")
            var settings = OutputSettings()
            try settings.read(&reader, command: name)
            try reader.finish(command: name)
            return CommandInvocation(command: command, output: output, layout: layout, quiet: quiet, settings: settings)
        } catch {
            return nil
        }
    }

    /// Each option name of `command` (camel case, as options are read; `args` for positional
    /// words) with the kind of value it takes on the command line, and the names the command
    /// line requires.
    static func schema(_ command: String) -> (kinds: [(name: String, kind: OptionKind)], required: [String]) {
        let reader = schemaReader(command)
        return (reader.kinds, reader.required)
    }

    /// A reader that has recorded `command`'s options, `--format`, the PNG scale and
    /// `--frame-time` (and, with `outputs`, `-o`, `--layout` and `--quiet`).
    static func schemaReader(_ command: String, outputs: Bool = true) -> OptionReader {
        var reader = OptionReader.schema()
        _ = try? JobDescription.Command(command, &reader, commands: "commands")
        if outputs {
            _ = try? reader.text("output")
            _ = try? reader.text("layout")
            _ = try? reader.flag("quiet")
        }
        // How the drawing is written: the command line's, a job's and a query's alike.
        var settings = OutputSettings()
        try? settings.read(&reader, command: command)
        return reader
    }

    /// The option a word names: `--label-color` is `labelColor`; only the lower-case kebab
    /// spelling is a long name (`--labelColor` is not), as the command line's.
    private static func optionName(_ word: String, shortNames: KeyValuePairs<String, String>) -> String? {
        if !word.hasPrefix("--") { return shortNames.first { "-" + $0.key == word }?.value }
        let name = word.dropFirst(2)
        guard let first = name.first, first.isLowercase,
              name.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }),
              !name.hasSuffix("-"), !zip(name, name.dropFirst()).contains(where: { $0 == "-" && $1 == "-" }) else { return nil }
        return OptionKey.normalized(String(name)).stringValue
    }

    /// The request to render: checks the options and reads fonts, logos and text files.
    public func request() throws(CurveTypeError) -> any DocumentRequest {
        try command.request(hasOutputs: output != nil || layout != nil)
    }
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
    /// The format (`format`: svg by default), PNG scale (`scale`; `png-scale` for spiral) and
    /// frame time (`frame-time`) of the answer.
    public var settings = OutputSettings()

    /// Reads `items` (query names and values, in order, already percent-decoded) as options of
    /// `commandName`. A name is an option's long name, kebab or camel case (`label-color`,
    /// `labelColor`); the positional argument goes by what it is (`text`, or `angle` for angle).
    /// A flag is set by an empty value, `true`, `1` or `on`, and left unset by `false`, `0` or
    /// `off`. A repeatable option may come again; any other name twice is refused.
    public init(_ commandName: String, items: [(name: String, value: String)]) throws(CurveTypeError) {
        guard let schema = Self.querySchemas.first(where: { $0.command == commandName })?.schema else {
            throw .invalidInput("unknown command '\(Diagnostic.escaped(String(commandName.prefix(40))))'")
        }
        var words = OptionWords()
        for item in items {
            guard item.name.utf8.count <= OptionReader.maximumNameLength else {
                throw .invalidInput("\"\(Diagnostic.escaped(String(item.name.prefix(20))))…\" is not an option of \(commandName)")
            }
            var name = OptionKey.normalized(item.name).stringValue
            if let argument = schema.argumentName, name == argument { name = "args" } else if name == "args" || name == "output" || name == "layout" {
                throw .invalidInput("\"\(Diagnostic.escaped(item.name))\" is not an option of \(commandName)")
            }
            switch schema.kinds.first(where: { $0.name == name })?.kind {
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
            case .value?, .arguments?:
                guard words[name] == nil else {
                    throw .invalidInput("\"\(name == "args" ? schema.argumentName ?? name : name)\" is given twice; it takes one value")
                }
                words.add(item.value, to: name)
            case .values?, nil:
                // An unknown name is refused by `finish`, naming the command.
                words.add(item.value, to: name)
            }
        }
        var reader = OptionReader(words: words, mayNameFiles: false)
        command = try JobDescription.Command(commandName, &reader, commands: "commands")
        try settings.read(&reader, command: commandName)
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

    /// What a query may name for `command`: each option's camel-case name with its kind and,
    /// for a choice, its values; the positional argument under its own name (`text`, `angle`).
    public static func options(of command: String) -> [QueryOption] {
        let schema = schema(command)
        let oldNames = Set(schema.aliases.flatMap(\.old))
        return schema.kinds.filter { !oldNames.contains($0.name) }.map { entry in
            let name = entry.name == "args" ? schema.argumentName ?? "text" : entry.name
            let kind: QueryOption.Kind
            switch entry.kind {
            case .flag: kind = .flag
            case .values: kind = .repeatable
            case .value, .arguments: kind = .value
            }
            return QueryOption(name: name, kind: kind, choices: schema.choices.first { $0.name == entry.name }?.values ?? [],
                               required: schema.required.contains(entry.name), positional: entry.name == "args",
                               namesFile: schema.fileNames.contains(entry.name),
                               aliases: schema.aliases.first { $0.name == entry.name }?.old ?? [])
        }
    }

    private static func schema(_ command: String) -> OptionReader {
        CommandInvocation.schemaReader(command, outputs: false)
    }

    /// What reading a query needs of a command's options, recorded once per command (a server
    /// reads every request's options by it; recording it anew cost as much as the reading).
    private struct QuerySchema: Sendable {
        var kinds: [(name: String, kind: OptionKind)]
        var argumentName: String?
    }

    /// Every command's, made on first use: a query names no other command.
    private static let querySchemas: [(command: String, schema: QuerySchema)] = CommandInvocation.commandNames.map { command in
        let reader = schema(command)
        return (command, QuerySchema(kinds: reader.kinds, argumentName: reader.argumentName))
    }
}

/// One option a query may give (see `QueryCommand.options(of:)`).
public struct QueryOption: Sendable, Equatable, Codable {
    /// How an option is given.
    public enum Kind: String, Sendable, Codable {
        /// Takes one value.
        case value
        /// Takes a value and may be given again.
        case repeatable
        /// Takes no value.
        case flag
    }
    /// Camel case (`labelColor`); the positional argument by what it is (`text`).
    public var name: String
    /// Whether the option takes a value, may repeat, or is a flag.
    public var kind: Kind
    /// The accepted values of a choice; empty for free text or numbers.
    public var choices: [String]
    /// Whether the command line requires it.
    public var required: Bool
    /// Whether the command line takes it as its positional argument (`curvetype circle TEXT`).
    public var positional: Bool
    /// Whether it names a file, which a query may not.
    public var namesFile: Bool
    /// Its old names, which a query may still use (`fill` for `textColor`).
    public var aliases: [String]
}
