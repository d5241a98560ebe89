@testable import CurveType
import Foundation
import TestSupport
import Testing

/// Each command's options are declared once (`CommandDeclaration`), and every interface is
/// written from the declarations. These tests hold them together: the command line reads every
/// golden case in both spellings to the golden bytes, help lists exactly the declared options,
/// each declared default gives the bytes of leaving the option out, each declared range is
/// what the command refuses, the README's tables are the declarations', and completions parse.
@Suite struct OptionDeclarationTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    /// A valid command line of each rendering command that every option applies to.
    static let bases: [String: [String]] = [
        "circle": ["circle", "Hello, circle"],
        "spiral": ["spiral", "--text", "Hello spiral", "--a", "2", "--b", "0.3", "--turns", "3", "--px-per-unit", "12", "--markers"],
        "path": ["path", "Hello path", "--d", "M 0 0 C 100 -60 200 60 300 0"],
        "fit": ["fit", "Hello fit", "--box", "200x80"],
        "angle": ["angle", "45", "--from", "10"],
        "badge": ["badge", "--label", "build", "--message", "passing", "--logo", "github"],
        "seal": ["seal", "--ring", "RING • TEXT • ", "--center", "A+"],
        "warp": ["warp", "Hello warp", "--preset", "arch-up"],
    ]

    static let renderingCommands = CommandDeclaration.all.filter { bases[$0.name] != nil }

    /// Every golden case, its options given as `--name=value`, writes its golden file's bytes
    /// (GoldenTests runs the `--name value` spelling).
    @Test func equalsSpellingWritesTheGoldenBytes() throws {
        let scratch = try scratchFolder("equals-spelling")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for golden in GoldenCase.all() {
            let declaration = try #require(CommandDeclaration.named(golden.command))
            var words: [String] = []
            var rest = golden.arguments[...]
            while let word = rest.popFirst() {
                if word == "--" { words += [word] + rest; break }
                let name = OptionKey.normalized(word).stringValue
                if word.hasPrefix("--"), let option = declaration.option(name), option.kind != .flag, let value = rest.first {
                    rest.removeFirst()
                    words.append("\(word)=\(value)")
                } else {
                    words.append(word)
                }
            }
            let output = scratch.appendingPathComponent("\(golden.command)-\(golden.name).svg")
            let run = try curvetype([golden.command] + words + ["--output=\(output.path)"])
            guard run.status == 0 else { Issue.record("\(golden.testDescription): \(run.stderr)"); continue }
            let expected = try Data(contentsOf: fixtures.appendingPathComponent("\(golden.command)/\(golden.name).svg"))
            #expect(try Data(contentsOf: output) == expected, "\(golden.testDescription)")
        }
    }

    /// `COMMAND --help` lists every declared option once, and nothing else.
    @Test(arguments: CommandDeclaration.all.map(\.name))
    func helpListsTheDeclaredOptions(_ command: String) throws {
        let declaration = try #require(CommandDeclaration.named(command))
        let help = try curvetype([command, "--help"])
        #expect(help.status == 0)
        let listed = help.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^  (?:-\w, )?(--[a-z0-9-]+)/) else { return nil }
            return String(match.1)
        }
        let declared = declaration.options.filter { $0.kind != .positional }.map(\.commandLineName) + ["--help"]
        #expect(listed.sorted() == declared.sorted())
        for option in declaration.options { #expect(help.stdout.contains(String(option.help.prefix(30))), "\(command) \(option.name)") }
    }

    /// The top-level help names every command.
    @Test func rootHelpNamesEveryCommand() throws {
        for words in [["--help"], ["help"], []] {
            let help = try curvetype(words)
            #expect(help.status == 0)
            for command in CommandDeclaration.all {
                #expect(help.stdout.contains("  \(command.name) ") && help.stdout.contains(command.abstract.prefix(30)), "\(command.name)")
            }
        }
    }

    /// Giving an option its declared default changes nothing: the same bytes as leaving it out.
    @Test(arguments: renderingCommands.map(\.name))
    func declaredDefaultsAreTheDefaults(_ command: String) throws {
        let declaration = try #require(CommandDeclaration.named(command))
        let base = try #require(Self.bases[command])
        let plain = try curvetype(base)
        #expect(plain.status == 0, "\(plain.stderr)")
        var checked = 0
        for option in declaration.options where option.kind == .value {
            guard let value = option.defaultValue, !base.contains(option.commandLineName) else { continue }
            let run = try curvetype(base + [option.commandLineName, value])
            #expect(run.status == 0 && run.stdout == plain.stdout, "\(command) \(option.commandLineName) \(value): \(run.stderr)")
            checked += 1
        }
        #expect(checked >= 5, "\(command): only \(checked) defaults checked")
    }

    /// A default shown as a note that is a value (a colour, a number with its unit, a choice)
    /// is what is drawn: giving that value gives the same bytes as leaving the option out (ids
    /// fixed, as they are derived from what was given). `badge --help` once showed the message
    /// colour as lightgrey while the badge was drawn brightgreen.
    @Test(arguments: renderingCommands.map(\.name))
    func defaultNotesThatNameAValueAreDrawn(_ command: String) throws {
        let declaration = try #require(CommandDeclaration.named(command))
        let base = try #require(Self.bases[command]) + ["--id-prefix", "same"]
        let plain = try curvetype(base)
        #expect(plain.status == 0, "\(plain.stderr)")
        for option in declaration.options where option.kind == .value {
            guard let note = option.defaultNote, !base.contains(option.commandLineName) else { continue }
            let value: String
            switch option.type {
            case .color: value = note
            case .choice: value = note
            case .number, .integer:
                // "32 px", "0°": a number and the option's unit, nothing more.
                guard let match = note.wholeMatch(of: /(-?[0-9.]+) ?(.*)/), Double(match.1) != nil,
                      match.2.isEmpty || String(match.2) == option.unit else { continue }
                value = String(match.1)
            default: continue
            }
            let run = try curvetype(base + [option.commandLineName, value])
            // A note that is no value of the option ("a named logo's brand colour") is refused.
            guard run.status == 0 else { continue }
            #expect(run.stdout == plain.stdout, "\(command) \(option.commandLineName): help shows the default \"\(note)\", which draws otherwise")
        }
    }

    /// A value beyond a declared end of a number's range is refused, by a message naming it.
    @Test(arguments: renderingCommands.map(\.name))
    func declaredRangesAreRefusedBeyond(_ command: String) throws {
        let declaration = try #require(CommandDeclaration.named(command))
        let base = try #require(Self.bases[command])
        // Messages that name an option in other words.
        let called = ["ringSize": "ring text size", "angle": "angle", "logoWidth": "logo width", "maxLines": "maximum lines"]
        for option in declaration.options where option.minimum != nil || option.maximum != nil {
            var beyond: [Double] = []
            if let minimum = option.minimum { beyond.append(option.exclusiveMinimum ? minimum : minimum - 1) }
            if let maximum = option.maximum { beyond.append(maximum * 2 + 1) }
            for value in beyond {
                let word = option.type == .integer || value == value.rounded() ? String(Int(value)) : String(value)
                var words = base.filter { $0 != "45" }
                if option.kind == .positional { words.insert(word, at: 1) } else { words += [option.commandLineName, word] }
                if command == "angle" && option.kind != .positional { words.insert("45", at: 1) }
                let run = try curvetype(words)
                let said = run.stderr.lowercased().filter(\.isLetter)
                let name = (called[option.name] ?? OptionKey.commandLineName(option.name)).lowercased().filter(\.isLetter)
                #expect(run.status != 0 && said.contains(name), "\(words): \(run.stderr)")
            }
        }
    }

    /// The README's option tables are the declarations', each under its command's marker.
    @Test func readmeTablesAreTheDeclarations() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for command in CommandDeclaration.all where command.name != "logos" {
            let begin = "<!-- options: \(command.name) -->\n"
            let end = "<!-- /options -->"
            guard let start = readme.firstRange(of: begin), let stop = readme[start.upperBound...].firstRange(of: end) else {
                Issue.record("the README has no option table for \(command.name) (\(begin.dropLast()))")
                continue
            }
            let table = String(readme[start.upperBound..<stop.lowerBound])
            #expect(table == CommandHelp.markdown(command), "README table of \(command.name) differs: run make readme-options")
        }
    }

    /// Words the command line refuses, each with one line naming the trouble (status 64).
    @Test(arguments: [
        (["badge", "--message", "ok", "--lable", "x"], "unknown option '--lable' for badge (did you mean --label?)"),
        (["badge", "--message", "ok", "--labelColor", "red"], "unknown option '--labelColor' for badge (did you mean --label-color?)"),
        (["badge", "--message", "ok", "--label"], "--label needs a value (TEXT)"),
        (["badge", "--message", "ok", "extra"], "badge takes no argument, but was given 'extra' (options start with --)"),
        (["circle", "hi", "there"], "circle takes one text; 'there' is another (quote text that has spaces)"),
        (["angle", "45", "--no-marker=yes"], "--no-marker is a flag: it takes no value"),
        (["circle", "hi", "--size", "big"], "--size must be a number, not \"big\""),
        (["circle", "hi", "--precision", "2.5"], "--precision must be a whole number, not \"2.5\""),
        (["circle", "hi", "--side", "left"], "--side must be one of outside, inside, not \"left\""),
        (["nope"], "unknown command 'nope' (commands: circle, spiral, path, warp, fit, angle, badge, seal, batch, merge, logos, readme-badges)"),
        // Each says what to give instead (issue 62's messages).
        (["spiral", "Hello"], "spiral takes no argument, but was given 'Hello' (give the text as --text 'Hello')"),
        (["badge", "build", "passing"], "badge takes no argument, but was given 'build' (give the badge's text as --message 'build', and a label as --label)"),
        (["seal", "--text", "Hi"], "unknown option '--text' for seal (did you mean --ring, --top, --bottom or --center?)"),
        (["merge", "Fixtures/merge/certificate.svg"], "merge needs --data ROWS (a .csv or JSON lines file) and --output PATTERN (each row's file: 'out/{id}.pdf')"),
    ])
    func refusedWords(_ words: [String], _ message: String) throws {
        let run = try curvetype(words)
        #expect(run.status == 64 && run.stderr == "curvetype: error: \(message)\n", "\(run.stderr)")
    }

    /// What the command line takes beyond `--name value`: `--name=value`, the last of a value
    /// given twice, `-o`, negative numbers as values and as the angle, `--` before text.
    @Test func wordsTheCommandLineTakes() throws {
        let invocation = try CommandInvocation(arguments: ["circle", "--start", "-30", "--size=20", "--size", "24", "--", "-dash"])
        guard case .circle(let circle) = invocation.command else { Issue.record("not a circle"); return }
        #expect(circle.start == -30 && circle.size == 24 && circle.text == "-dash")
        #expect(throws: CurveTypeError.self) { try CommandInvocation(arguments: ["circle", "--", "-dash", "-o", "x.svg"]) }
        let angle = try CommandInvocation(arguments: ["angle", "-30", "-o", "a.svg"])
        guard case .angle(let options) = angle.command else { Issue.record("not an angle"); return }
        #expect(options.degrees == -30 && angle.output == "a.svg")
        let badge = try CommandInvocation(arguments: ["badge", "--message", "ok", "--color", "red", "--fallback-font", "A", "--fallback-font", "B"])
        guard case .badge(let b) = badge.command else { Issue.record("not a badge"); return }
        #expect(b.messageColor == "red" && b.spellings.typed("messageColor") == "color" && b.fonts.fallbackFonts == ["A", "B"])
    }

    /// Adding an option is one declaration: a value declared here alone is read from words,
    /// JSON and queries alike, shown in help and the Markdown table with its default, unit and
    /// range, and refused past its range.
    @Test func oneDeclarationIsEnough() throws {
        struct Ribbon: DeclaredOptions {
            var width = 12.0
            var label: String?
            var shiny = false
            static let fields: [OptionField<Ribbon>] = [
                .number("width", \.width, .shape, unit: "px", range: .positive(upTo: 100), slider: 1...50, "The ribbon's width."),
                .text("label", \.label, .content, "Words on the ribbon."),
                .flag("shiny", \.shiny, .color, "Make it shine."),
            ]
        }
        var words = OptionWords()
        words.add("30", to: "width")
        words.add(nil, to: "shiny")
        var reader = OptionReader(words: words)
        let read = try Ribbon(&reader)
        #expect(read.width == 30 && read.shiny && read.label == nil)
        let json = try JSONDecoder().decode(RibbonJob.self, from: Data(#"{"width": 40, "label": "hi"}"#.utf8))
        #expect(json.ribbon.width == 40 && json.ribbon.label == "hi")

        let command = CommandDeclaration(name: "ribbon", abstract: "Draw a ribbon.", discussion: "A test.", options: Ribbon.declarations)
        let width = try #require(command.option("width"))
        #expect(width.defaultValue == "12" && width.unit == "px" && width.shownRange == "more than 0, at most 100")
        #expect(CommandHelp.command(command).contains("--width <px>") && CommandHelp.command(command).contains("(more than 0, at most 100; default: 12 px)"))
        #expect(CommandHelp.markdown(command).contains("| `--width PX` | The ribbon's width. Range: more than 0, at most 100 px. | 12 px |"))
        #expect(throws: CurveTypeError.self) { _ = try command.reader(["--width"]) }
        var unknown = try command.reader(["--width", "3", "--label", "x"])
        #expect(try Ribbon(&unknown).label == "x")

        struct RibbonJob: Decodable {
            var ribbon: Ribbon
            init(from decoder: Decoder) throws {
                var reader = try OptionReader(decoder)
                ribbon = try Ribbon(&reader)
                try reader.finish(command: "ribbon")
            }
        }
    }

    /// The completion scripts parse in their shells, and bash's completes commands, options and
    /// a choice's values.
    @Test func completionScriptsWork() throws {
        for shell in CommandHelp.shells {
            let run = try curvetype(["--generate-completion-script", shell])
            #expect(run.status == 0 && run.stdout.contains("curvetype"), "\(shell)")
            let scratch = try scratchFolder("completion-\(shell)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let script = scratch.appendingPathComponent("script")
            try run.stdout.write(to: script, atomically: true, encoding: .utf8)
            guard let binary = ["/bin/\(shell)", "/usr/bin/\(shell)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                print("\(shell) is not installed: its script is written, not run")
                continue
            }
            let check = try runProcess(binary, shell == "fish" ? ["--no-execute", script.path] : ["-n", script.path])
            #expect(check.status == 0, "\(shell): \(String(decoding: check.stderr, as: UTF8.self))")
            if shell == "fish" {
                let offered = try runProcess(binary, ["-c", "source \(script.path); complete -C 'curvetype badge --style f'"])
                let choices = String(decoding: offered.stdout, as: UTF8.self).split(separator: "\n").map { $0.split(separator: "\t")[0] }
                #expect(choices.sorted() == ["flat", "flat-square", "for-the-badge"], "fish offered \(choices)")
            }
        }
        let bash = try curvetype(["--generate-completion-script", "bash"]).stdout
        func complete(_ line: [String]) throws -> [String] {
            let words = line.map { "'\($0)'" }.joined(separator: " ")
            let program = bash + "\nCOMP_WORDS=(\(words)); COMP_CWORD=\(line.count - 1); _curvetype; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
            return String(decoding: try runProcess("/bin/bash", ["-c", program]).stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["curvetype", "ci"]) == ["circle"])
        #expect(try complete(["curvetype", "circle", "--rad"]) == ["--radius"])
        #expect(try complete(["curvetype", "circle", "--align", "c"]) == ["center"])
        #expect(try complete(["curvetype", "badge", "--style", "f"]).sorted() == ["flat", "flat-square", "for-the-badge"])
        #expect(try complete(["curvetype", "circle", "--size", ""]).isEmpty)
    }
}
