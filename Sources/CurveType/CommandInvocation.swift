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
    public var command: JobDescription.Command
    /// The SVG's path; `nil` or `-` is standard output.
    public var output: String?
    /// The layout JSON's path (`-`: standard output), if any.
    public var layout: String?

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
            try reader.finish(command: name)
            return CommandInvocation(command: command, output: output, layout: layout)
        } catch {
            return nil
        }
    }

    /// Each option name of `command` (camel case, as options are read; `args` for positional
    /// words) with the kind of value it takes on the command line, and the names the command
    /// line requires.
    static func schema(_ command: String) -> (kinds: [(name: String, kind: OptionKind)], required: [String]) {
        var reader = OptionReader.schema()
        _ = try? JobDescription.Command(command, &reader, commands: "commands")
        _ = try? reader.text("output")
        _ = try? reader.text("layout")
        return (reader.kinds, reader.required)
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
