import CurveTypeFonts
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Each command's options, declared once: its name (and old names), kind, type, default, unit,
// valid range and one help sentence, bound to its field of the library's options value. Every
// reader works from these tables: the command line (parsing, `--help`, shell completions),
// batch jobs, server queries and `/options.json`, and the README's option tables, which a test
// holds to them. Adding an option is one entry here plus its use in the request.

/// One option of a command, as every interface presents it.
public struct OptionDeclaration: Sendable, Equatable, Codable {
    /// How an option is given.
    public enum Kind: String, Sendable, Codable {
        /// `--name VALUE`, once.
        case value
        /// `--name VALUE`, and again for more.
        case repeatable
        /// `--name`, no value (a query: `name=true`; a job: `"name": true`).
        case flag
        /// The command's positional argument (`curvetype circle TEXT`; a job's `"args"`).
        case positional
    }

    /// What its value is, so that an interface can offer the right control.
    public enum ValueType: String, Sendable, Codable {
        /// Free text.
        case text
        /// A number (a slider where a range is known).
        case number
        /// A whole number.
        case integer
        /// One of `choices`.
        case choice
        /// A CSS colour (shields' names too, on badges and seals).
        case color
        /// A font file or a Fontconfig pattern.
        case font
        /// A file or folder on this machine.
        case file
        /// A simple-icons name, a file or a `data:` URL.
        case logo
        /// `WIDTHxHEIGHT` in px.
        case size
        /// A URL.
        case url
        /// SVG path data.
        case pathData
        /// No value (a flag).
        case none
    }

    /// The section of a command's options it belongs to (help and the playground group by it).
    public enum Group: String, Sendable, Codable, CaseIterable {
        case content, shape, text, font, color, document, output
    }

    /// Camel case, as a job's key or a query's name (`labelColor`); the command line writes it
    /// in kebab case (`--label-color`).
    public var name: String
    /// Older names still taken (`fill` for `textColor`).
    public var aliases: [String] = []
    /// How it is given.
    public var kind: Kind
    /// What its value is.
    public var type: ValueType
    /// A choice's values, the first-class spellings (aliases such as `left` are also read).
    public var choices: [String] = []
    /// The value it has when not given, as the command line writes it; `nil` when not given
    /// means none or something `defaultNote` describes.
    public var defaultValue: String?
    /// What not giving it means, where that is no single value ("fitted to the ink").
    public var defaultNote: String?
    /// The unit of a number: `px`, `°`, `s`, `×`, `turns`, `units` (a spiral's chart units).
    public var unit: String?
    /// The smallest value accepted (see `exclusiveMinimum`).
    public var minimum: Double?
    /// Whether `minimum` itself is refused (a size must be more than 0).
    public var exclusiveMinimum = false
    /// The largest value accepted.
    public var maximum: Double?
    /// The span a slider offers (any value in the valid range may still be typed).
    public var sliderMinimum: Double?
    /// See `sliderMinimum`.
    public var sliderMaximum: Double?
    /// One sentence (or two) of help, the same in `--help`, the README and the playground.
    public var help: String
    /// Whether the command needs it.
    public var required = false
    /// Its section.
    public var group: Group
    /// Whether it names a file or folder on this machine, which a query may not.
    public var namesFile = false
    /// Whether a URL's query may give it (`-o`, `--layout`, `--quiet` and an angle's `--frames`
    /// are the command line's and jobs' only).
    public var inQueries = true
    /// A one-letter name (`o` for `output`).
    public var shortName: String?
    /// Names it once had that now mean something else elsewhere, refused with a pointer to it
    /// (one name, one meaning: `--color` is the badge's message colour, so the angle's and
    /// the seal's ink is `--ink-color`).
    public var retiredNames: [String] = []
    /// Whether the text may hold line feeds, each starting a line (a warp's or fit's text, a
    /// seal's centre), so an interface offers room for several lines.
    public var lines = false

    /// The command line's spelling: `--label-color`; the positional argument as `TEXT`.
    public var commandLineName: String {
        kind == .positional ? name.uppercased() : OptionKey.commandLineName(name)
    }

    /// What the value is called in a usage line: `PX`, `DEG`, `COLOR`, `FILE`, `WxH`.
    public var valueName: String {
        switch type {
        case .number, .integer:
            switch unit {
            case "px": "PX"
            case "°": "DEG"
            case "s": "S"
            default: "N"
            }
        case .color: "COLOR"
        case .font: "FONT"
        case .file: name == "outDir" || name == "out" ? "DIR" : "FILE"
        case .logo: "LOGO"
        case .size: "WxH"
        case .url: "URL"
        case .pathData: "DATA"
        case .choice: choices.joined(separator: "|")
        case .text: name == "features" ? "LIST" : name == "variations" ? "AXES" : "TEXT"
        case .none: ""
        }
    }

    /// The default as help shows it: the value with its unit, or the note; `nil` for none.
    public var shownDefault: String? {
        if let defaultValue, !(kind == .flag && defaultValue == "false") {
            guard let unit, unit != "×" else { return defaultValue }
            return unit == "°" ? defaultValue + "°" : defaultValue + " " + unit
        }
        return defaultNote
    }

    /// The valid range as help shows it ("0–6", "more than 0, at most 360"), if declared.
    public var shownRange: String? {
        func n(_ x: Double) -> String { shortestDigits(x) }
        switch (minimum, maximum) {
        case (let lo?, let hi?): return exclusiveMinimum ? "more than \(n(lo)), at most \(n(hi))" : "\(n(lo))–\(n(hi))"
        case (let lo?, nil): return exclusiveMinimum ? "more than \(n(lo))" : "\(n(lo)) or more"
        case (nil, let hi?): return "at most \(n(hi))"
        case (nil, nil): return nil
        }
    }
}

/// One command, as help and completions present it: its name, what it does, and its options
/// in help order.
public struct CommandDeclaration: Sendable, Equatable {
    /// `circle`, `badge`, …
    public var name: String
    /// One line.
    public var abstract: String
    /// More, for `--help`.
    public var discussion: String
    /// Every option, in help order: the command's own, then how the drawing is written.
    public var options: [OptionDeclaration]

    /// The option named `name` (camel case) or by one of its old names.
    public func option(_ name: String) -> OptionDeclaration? {
        options.first { $0.name == name } ?? options.first { $0.aliases.contains(name) }
    }

    /// The positional argument, if the command takes one.
    public var argument: OptionDeclaration? { options.first { $0.kind == .positional } }

    /// The commands' names, in the order help lists them: those that draw, then batch and logos.
    public static let names = DrawingCommand.all.map(\.name) + ["batch", "merge", "logos", "readme-badges"]

    /// The names of the commands that draw one picture, in help order: what a batch job, a
    /// server route and a playground tab may be.
    public static let drawingNames = DrawingCommand.all.map(\.name)

    /// The one line that refuses `typed` as a command of `names`, offering the closest
    /// (`circel`: circle) and listing them all; `what` names the list ("commands", "batch jobs").
    public static func unknownCommand(_ typed: String, names: [String] = names, what: String = "commands") -> String {
        let shown = String(typed.prefix(40))
        return "unknown command '\(Diagnostic.escaped(shown))'\(didYouMean(shown, among: names)) (\(what): \(names.joined(separator: ", ")))"
    }

    /// Every command, in the order help lists them.
    public static var all: [CommandDeclaration] { names.compactMap(named) }

    /// Every command's, made once, for a reader that reads many requests (a server).
    static let made: [CommandDeclaration] = all

    /// The command named `name`, from `made`.
    static func madeNamed(_ name: String) -> CommandDeclaration? { made.first { $0.name == name } }

    /// The command named `name`. Each is made when asked for: a command line reads one
    /// command's declarations, and making every command's cost more than reading the words.
    public static func named(_ name: String) -> CommandDeclaration? { named(name, defaults: true) }

    /// The command named `name`; `defaults`: with each option's default read from its field
    /// (help and `/options.json` show them; reading words needs them not).
    static func named(_ name: String, defaults: Bool) -> CommandDeclaration? {
        if let drawing = DrawingCommand.named(name) {
            let options = drawing.declarations(defaults) + (defaults ? OutputSettings.declarations + Destination.declarations
                : OutputSettings.fields.map(\.declaration) + Destination.fields.map(\.declaration))
            return CommandDeclaration(name: name, abstract: drawing.abstract, discussion: drawing.discussion, options: options)
        }
        switch name {
        case "batch":
            return CommandDeclaration(
                name: "batch", abstract: "Render many jobs in one process, on every core.",
                discussion: """
                    JOBS is a JSON file holding an array of jobs, or JSON lines (one job per line); without it, or with -, JSON lines are read from standard input. A job is an object: "command" (\(drawingNames.joined(separator: ", "))), "output" (the drawing's path), optionally "layout" and "args" (positional arguments, such as circle's text), and any of the command's options by their long name: "label-color": "red"; true for a flag; an array for a repeated option. A failing job prints "job N: reason" and the others still run; the exit status is 1 if any job failed. With --check, nothing is written: each job is rendered in memory and compared with its files, byte for byte.
                    """,
                options: defaults ? BatchOptions.declarations : BatchOptions.fields.map(\.declaration))
        case "merge":
            return CommandDeclaration(
                name: "merge", abstract: "Fill a designer's SVG template from rows of data: a page a row, its text fitted to curved and boxed slots.",
                discussion: "Every row is checked before anything is written (the gate): a column the template reads that the data lacks, a character no font has, or a value too long for its slot even at its smallest size is one line naming the row and the column. A slot's data-overflow says what a long value does (shrink, wrap, refuse); data-share-size=\"document\" sets a slot at one size in every row. Pages are the same bytes on every run and thread count; --shard splits the rows between machines without changing any file.",
                options: defaults ? MergeOptions.declarations : MergeOptions.fields.map(\.declaration))
        case "readme-badges":
            return CommandDeclaration(
                name: "readme-badges", abstract: "Draw a README's shields.io badges into committed files, so no reader's visit reaches a third party.",
                discussion: "Every static badge the README shows (/badge/…, in Markdown images, reference definitions and HTML <img>, outside code and comments) is drawn as shields draws it into a file in --out, and the README is rewritten to show the file; curvetype-badges.json there keeps each file's address, so the next run and --check redraw them. Badges that show live data (/github/…, /npm/v/…, /endpoint?url=…) are left as they are and listed. Nothing is fetched.",
                options: defaults ? ReadmeBadgesOptions.declarations : ReadmeBadgesOptions.fields.map(\.declaration))
        case "logos":
            return CommandDeclaration(
                name: "logos", abstract: "List the named logos (simple-icons \(SimpleIcons.release), as shields.io draws them).",
                discussion: "One line a logo: its slug (what --logo takes), its title, and its brand colour. With WORD, only the logos whose slug or title holds it, the closest first. --logo also takes a title (\"Node.js\") and shields' older names.",
                options: defaults ? LogosOptions.declarations : LogosOptions.fields.map(\.declaration))
        default:
            return nil
        }
    }
}

/// A command that draws one picture: its name, its help, its options and how they are read.
/// `DrawingCommand.all` is the one list of them: the command line, help, completions, batch jobs,
/// the server's routes, the playground's tabs and the README's tables all read it.
struct DrawingCommand: Sendable {
    /// `circle`, `badge`, …
    let name: String
    /// One line, for `--help` and the command list.
    let abstract: String
    /// More, for `--help`.
    let discussion: String
    /// The command's own options (not how the drawing is written), with defaults or without.
    let declarations: @Sendable (_ defaults: Bool) -> [OptionDeclaration]
    /// Reads the command's options into a job's command.
    let read: @Sendable (inout OptionReader) throws(CurveTypeError) -> JobDescription.Command

    /// The command `name` whose options are an `O`, read into a job's command by `command`
    /// (the `JobDescription.Command` case of that name).
    private init<O: DeclaredOptions>(_ name: String, _ command: @escaping @Sendable (O) -> JobDescription.Command,
                                      abstract: String, discussion: String) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.declarations = { defaults in defaults ? O.declarations : O.fields.map(\.declaration) }
        self.read = { (reader: inout OptionReader) throws(CurveTypeError) in command(try O(&reader)) }
    }

    /// The drawing command named `name`.
    static func named(_ name: String) -> DrawingCommand? { all.first { $0.name == name } }

    /// Every drawing command, in help order.
    static let all: [DrawingCommand] = [
        DrawingCommand("circle", JobDescription.Command.circle,
            abstract: "Set text on a circle.",
            discussion: "Angles are degrees, 0 at 12 o'clock, clockwise positive; lengths are px. Each cluster's advance midpoint lies on the circle at its arc length, as SVG <textPath> places glyphs."),
        DrawingCommand("spiral", JobDescription.Command.spiral,
            abstract: "Draw an Archimedean spiral r = a + b·θ, optionally with text along it.",
            discussion: "a and b are chart units: y up, θ counterclockwise from 3 o'clock, b per radian. The curve is written as cubic Béziers within --tolerance px of the true spiral."),
        DrawingCommand("path", JobDescription.Command.path,
            abstract: "Set text along any path: SVG path data, an SVG file's path, an ellipse or a rectangle.",
            discussion: "Glyphs are placed by true arc length, as SVG <textPath> places them; --effect bends, skews or stands them as Illustrator's path-type effects do."),
        DrawingCommand("warp", JobDescription.Command.warp,
            abstract: "Warp text into one of the forty WordArt shapes, its glyph outlines truly deformed.",
            discussion: "The shapes are ECMA-376's preset text warps (textArchUp, textWave1, …), drawn from the spec's own formulas in a box --box px. A preset of paired paths is envelopes: each line's ink is stretched across, by arc length along both edges, and between the top and bottom edge; a preset of one or three paths is baselines the text is bent along. Lines are shared among the areas in order, each taking the lines left divided by the areas left, rounded up."),
        DrawingCommand("fit", JobDescription.Command.fit,
            abstract: "Fit text into a box at the largest size that fits, or rows at one shared size.",
            discussion: "A text wraps at Unicode line breaks (ICU) and is sized to fill the box; rows never wrap and share one size, set by --main or by the narrowest fit."),
        DrawingCommand("angle", JobDescription.Command.angle,
            abstract: "Draw an angle: two rays, an arc marker and a degree label, optionally animated.",
            discussion: "The seed's geometry: a square frame with insets, the vertex at the inset square's bottom-right corner, the base ray running left and the second ray rising at the angle. Negative angles open downward; past 180° the angle is reflex. Colours default to currentColor."),
        DrawingCommand("badge", JobDescription.Command.badge,
            abstract: "Draw a badge as shields.io draws it, measured with real fonts.",
            discussion: "The label and message halves, shields' five styles, its colour names, named logos from simple-icons and links. Text is DejaVu Sans (Verdana's metrics are shields' own guess; this measures the font it draws)."),
        DrawingCommand("seal", JobDescription.Command.seal,
            abstract: "Draw a seal or stamp: arcs of text round rings of borders and a centre, or a name seal.",
            discussion: "The ring text is spread evenly round the whole circle, its middle at the top; the centre text is fitted inside the inner ring."),
    ]
}


// MARK: - Binding declarations to fields

/// An option bound to its field of `Options`: its declaration, how a reader fills the field,
/// and the field's value as the command line writes it (for the default shown). The
/// constructors take the field's key path as an autoclosure, made only when the option is
/// given or its default shown: making a key path costs the Swift runtime some 20,000
/// instructions, and a table's forty made at every start cost a badge process 7 %.
struct OptionField<Options>: Sendable {
    var declaration: OptionDeclaration
    let read: @Sendable (inout Options, inout OptionReader) throws(CurveTypeError) -> Void
    let shown: @Sendable (Options) -> String?

    /// This field, with its declaration changed by `change`.
    func with(_ change: (inout OptionDeclaration) -> Void) -> Self {
        var copy = self
        change(&copy.declaration)
        return copy
    }
}

/// A value every one of whose options is declared by an `OptionField` table.
protocol DeclaredOptions: Sendable {
    /// Every option at its default.
    init()
    /// The fields, in help order.
    static var fields: [OptionField<Self>] { get }
}

extension DeclaredOptions {
    /// The declarations, each with the default read from `Self()`.
    static var declarations: [OptionDeclaration] { declared(fields, defaults: Self()) }

    /// `command`'s words (options and arguments), read as the command line reads them.
    init(commandLine words: [String], command: String) throws(CurveTypeError) {
        guard let declaration = CommandDeclaration.named(command, defaults: false) else { throw .invalidInput("unknown command '\(command)'") }
        var reader = try declaration.reader(words)
        try self.init(&reader)
        try reader.finish(command: command)
    }

    /// Every field read from `reader`.
    init(_ reader: inout OptionReader) throws(CurveTypeError) {
        self.init()
        for field in Self.fields { try field.read(&self, &reader) }
    }
}

/// The declarations of `fields`, each with its default read from `defaults`.
func declared<Options>(_ fields: [OptionField<Options>], defaults: Options) -> [OptionDeclaration] {
    fields.map { field in
        var declaration = field.declaration
        if declaration.defaultValue == nil { declaration.defaultValue = field.shown(defaults) }
        return declaration
    }
}

/// A value whose options note the old names they were given by.
protocol SpelledOptions: SendableMetatype {
    var spellings: OptionSpellings { get set }
}

/// `fields`, each reading into `Options`' field at `path`.
func lifted<Options, Part>(_ fields: [OptionField<Part>], into path: WritableKeyPath<Options, Part> & Sendable) -> [OptionField<Options>] {
    fields.map { field in
        OptionField(declaration: field.declaration,
                    read: { options, reader throws(CurveTypeError) in try field.read(&options[keyPath: path], &reader) },
                    shown: { field.shown($0[keyPath: path]) })
    }
}

private func declare(_ name: String, _ kind: OptionDeclaration.Kind, _ type: OptionDeclaration.ValueType,
                         _ group: OptionDeclaration.Group, _ help: String) -> OptionDeclaration {
    OptionDeclaration(name: name, kind: kind, type: type, help: help, group: group)
}

extension OptionField {
    /// A number with a default.
    static func number(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Double> & Sendable, _ group: OptionDeclaration.Group,
                       unit: String? = nil, range: OptionRange = .any, slider: ClosedRange<Double>? = nil, _ help: String) -> Self {
        OptionField(declaration: range.applied(to: declare(name, .value, .number, group, help), unit: unit, slider: slider),
                    read: { o, r throws(CurveTypeError) in
                        if let v = try r.number(name) { o[keyPath: field()] = try range.read(v, name: name, unit: unit, &r) }
                    },
                    shown: { shortestDigits($0[keyPath: field()]) })
    }

    /// A number with a default, or the word `auto`, which sets `automatic` instead (a circle's
    /// radius fitted to its text).
    static func number(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Double> & Sendable,
                       orAuto automatic: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Bool> & Sendable,
                       _ group: OptionDeclaration.Group, unit: String? = nil, range: OptionRange = .any, slider: ClosedRange<Double>? = nil,
                       _ help: String) -> Self {
        OptionField(declaration: range.applied(to: declare(name, .value, .number, group, help), unit: unit, slider: slider),
                    read: { o, r throws(CurveTypeError) in
                        guard let text = try r.text(name) else { return }
                        if text == "auto" {
                            o[keyPath: automatic()] = true
                            return
                        }
                        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let v = Double(text) else {
                            throw .invalidInput("\(parameter: name) must be a number or auto, not \"\(Diagnostic.escaped(String(text.prefix(40))))\"")
                        }
                        o[keyPath: field()] = try range.read(v, name: name, unit: unit, &r)
                    },
                    shown: { $0[keyPath: automatic()] ? "auto" : shortestDigits($0[keyPath: field()]) })
    }

    /// A number that may be absent (`defaultNote` says what its absence means).
    static func number(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Double?> & Sendable, _ group: OptionDeclaration.Group,
                       unit: String? = nil, range: OptionRange = .any, slider: ClosedRange<Double>? = nil,
                       default note: String? = nil, _ help: String) -> Self {
        var d = range.applied(to: declare(name, .value, .number, group, help), unit: unit, slider: slider)
        d.defaultNote = note
        return OptionField(declaration: d,
                           read: { o, r throws(CurveTypeError) in
                               if let v = try r.number(name) { o[keyPath: field()] = try range.read(v, name: name, unit: unit, &r) }
                           },
                           shown: { $0[keyPath: field()].map(shortestDigits) })
    }

    /// A whole number with a default.
    static func integer(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Int> & Sendable, _ group: OptionDeclaration.Group,
                        unit: String? = nil, range: OptionRange = .any, slider: ClosedRange<Double>? = nil, _ help: String) -> Self {
        OptionField(declaration: range.applied(to: declare(name, .value, .integer, group, help), unit: unit, slider: slider),
                    read: { o, r throws(CurveTypeError) in if let v = try r.integer(name) { o[keyPath: field()] = v } },
                    shown: { String($0[keyPath: field()]) })
    }

    /// A whole number that may be absent.
    static func integer(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Int?> & Sendable, _ group: OptionDeclaration.Group,
                        unit: String? = nil, range: OptionRange = .any, slider: ClosedRange<Double>? = nil,
                        default note: String? = nil, _ help: String) -> Self {
        var d = range.applied(to: declare(name, .value, .integer, group, help), unit: unit, slider: slider)
        d.defaultNote = note
        return OptionField(declaration: d,
                           read: { o, r throws(CurveTypeError) in if let v = try r.integer(name) { o[keyPath: field()] = v } },
                           shown: { $0[keyPath: field()].map { String($0) } })
    }

    /// Text with a default (a colour, a size, …: `type`).
    static func text(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, String> & Sendable, _ group: OptionDeclaration.Group,
                     type: OptionDeclaration.ValueType = .text, _ help: String) -> Self {
        OptionField(declaration: declare(name, .value, type, group, help),
                    read: { o, r throws(CurveTypeError) in if let v = try r.read(name, type) { o[keyPath: field()] = try r.inPixels(v, type) } },
                    shown: { $0[keyPath: field()] })
    }

    /// Text that may be absent.
    static func text(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, String?> & Sendable, _ group: OptionDeclaration.Group,
                     type: OptionDeclaration.ValueType = .text, required: Bool = false, queries: Bool = true,
                     default note: String? = nil, _ help: String) -> Self {
        var d = declare(name, .value, type, group, help)
        d.required = required
        d.defaultNote = note
        d.namesFile = type == .file
        d.inQueries = queries
        return OptionField(declaration: d,
                           read: { o, r throws(CurveTypeError) in if let v = try r.read(name, type) { o[keyPath: field()] = try r.inPixels(v, type) } },
                           shown: { $0[keyPath: field()] })
    }

    /// A repeatable text option.
    /// `trailingLength`: a value's last `:NUMBER` is a length, read in `--units` (a seal's
    /// `--border solid:0.5`).
    static func texts(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, [String]> & Sendable, _ group: OptionDeclaration.Group,
                      type: OptionDeclaration.ValueType = .text, trailingLength: Bool = false, _ help: String) -> Self {
        OptionField(declaration: declare(name, .repeatable, type, group, help),
                    read: { o, r throws(CurveTypeError) in
                        if var v = type == .font ? try r.fonts(name) : type == .logo ? try r.logos(name) : try r.texts(name) {
                            if trailingLength { v = try v.map { text throws(CurveTypeError) in try r.trailingLengthInPixels(text) } }
                            o[keyPath: field()] = v
                        }
                    },
                    shown: { _ in nil })
    }

    /// A flag.
    static func flag(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Bool> & Sendable, _ group: OptionDeclaration.Group,
                     queries: Bool = true, _ help: String) -> Self {
        var d = declare(name, .flag, .none, group, help)
        d.inQueries = queries
        return OptionField(declaration: d,
                           read: { o, r throws(CurveTypeError) in if try r.flag(name) { o[keyPath: field()] = true } },
                           shown: { $0[keyPath: field()] ? "true" : "false" })
    }

    /// One of an enumeration's cases; `named` reads other names for them (`left` for `start`).
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, T> & Sendable, _ group: OptionDeclaration.Group,
        named: @escaping @Sendable (String) -> T? = { _ in nil }, _ help: String) -> Self where T.RawValue == String {
        var d = declare(name, .value, .choice, group, help)
        d.choices = T.allCases.map(\.rawValue)
        return OptionField(declaration: d,
                           read: { o, r throws(CurveTypeError) in if let v = try r.choice(name, T.self, named: named) { o[keyPath: field()] = v } },
                           shown: { $0[keyPath: field()].rawValue })
    }

    /// One of an enumeration's cases, or none.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, T?> & Sendable, _ group: OptionDeclaration.Group,
        named: @escaping @Sendable (String) -> T? = { _ in nil }, default note: String, _ help: String) -> Self where T.RawValue == String {
        var d = declare(name, .value, .choice, group, help)
        d.choices = T.allCases.map(\.rawValue)
        d.defaultNote = note
        return OptionField(declaration: d,
                           read: { o, r throws(CurveTypeError) in if let v = try r.choice(name, T.self, named: named) { o[keyPath: field()] = v } },
                           shown: { $0[keyPath: field()]?.rawValue })
    }

    /// The positional argument, called `name` (`text`, `angle`) where a query gives it.
    static func argument(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, String?> & Sendable, command: String,
                         type: OptionDeclaration.ValueType = .text, required: Bool = false, _ help: String) -> Self {
        var d = declare(name, .positional, type, .content, help)
        d.required = required
        d.namesFile = type == .file
        return OptionField(declaration: d,
                           read: { o, r throws(CurveTypeError) in if let v = try r.argument(command) { o[keyPath: field()] = v } },
                           shown: { _ in nil })
    }
}

extension OptionField where Options: SpelledOptions {
    /// Text with a default that also answers to older names, noting the name it was given by.
    static func text(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, String> & Sendable, _ group: OptionDeclaration.Group,
                     type: OptionDeclaration.ValueType = .text, aliases: [String], _ help: String) -> Self {
        var d = declare(name, .value, type, group, help)
        d.aliases = aliases
        return OptionField(declaration: d,
                           read: { o, r throws(CurveTypeError) in
                               if let v = try r.text(name, aliases: aliases, noting: &o.spellings) { o[keyPath: field()] = v }
                           },
                           shown: { $0[keyPath: field()] })
    }

    /// Text that may be absent and also answers to older names.
    static func text(_ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, String?> & Sendable, _ group: OptionDeclaration.Group,
                     type: OptionDeclaration.ValueType = .text, aliases: [String], default note: String? = nil, _ help: String) -> Self {
        var d = declare(name, .value, type, group, help)
        d.aliases = aliases
        d.defaultNote = note
        return OptionField(declaration: d,
                           read: { o, r throws(CurveTypeError) in if let v = try r.text(name, aliases: aliases, noting: &o.spellings) { o[keyPath: field()] = v } },
                           shown: { $0[keyPath: field()] })
    }
}

/// A number's valid range, as declared (the request checks it, with its own message; a test
/// holds each declared end to what the request refuses).
struct OptionRange: Sendable {
    var minimum: Double?
    var exclusiveMinimum = false
    var maximum: Double?
    /// Whether a value is checked as it is read; `false` where the settings check it in units
    /// of their own (a machine file's mm or in).
    var checkedWhenRead = true

    /// The same range, checked by the settings that hold it rather than as it is read.
    var checkedBySettings: OptionRange {
        var range = self
        range.checkedWhenRead = false
        return range
    }

    /// Any finite number.
    static let any = OptionRange()
    /// More than 0, at most `maximum`.
    static func positive(upTo maximum: Double? = nil) -> OptionRange { OptionRange(minimum: 0, exclusiveMinimum: true, maximum: maximum) }
    /// From `minimum` to `maximum`, both accepted.
    static func from(_ minimum: Double, to maximum: Double? = nil) -> OptionRange { OptionRange(minimum: minimum, maximum: maximum) }

    /// Refuses `value` (px, for a length) outside the range, naming the option as each
    /// interface names it and saying lengths in the user's unit: `--radius must be more than
    /// 0 mm, not -5 mm` (the layout's own check said "radius … not -5.0").
    func check(_ value: Double, name: String, unit: String?) throws(CurveTypeError) {
        guard checkedWhenRead else { return }
        guard value.isFinite else { throw .invalidInput("\(parameter: name) must be a finite number, not \(shortestDigits(value))") }
        let below = minimum.map { exclusiveMinimum ? value <= $0 : value < $0 } ?? false
        let above = maximum.map { value > $0 } ?? false
        guard below || above else { return }
        func shown(_ v: Double) -> ErrorText {
            if unit == "px" { return "\(px: v)" }
            return ErrorText(shortestDigits(v) + (unit.map { $0 == "°" || $0 == "×" ? $0 : " " + $0 } ?? ""))
        }
        var limits: ErrorText = ""
        if let minimum { limits = exclusiveMinimum ? "more than \(shown(minimum))" : "at least \(shown(minimum))" }
        if let maximum { limits = minimum == nil ? "at most \(shown(maximum))" : "\(limits) and at most \(shown(maximum))" }
        throw .invalidInput("\(parameter: name) must be \(limits), not \(shown(value))")
    }

    /// A number as typed, in px where it is a length (read in `--units`), checked.
    func read(_ typed: Double, name: String, unit: String?, _ reader: inout OptionReader) throws(CurveTypeError) -> Double {
        let value = unit == "px" ? typed * (try reader.pixelsPerUnit()) : typed
        try check(value, name: name, unit: unit)
        return value
    }

    func applied(to declaration: OptionDeclaration, unit: String?, slider: ClosedRange<Double>?) -> OptionDeclaration {
        var d = declaration
        d.unit = unit
        d.minimum = minimum
        d.exclusiveMinimum = exclusiveMinimum
        d.maximum = maximum
        d.sliderMinimum = slider?.lowerBound
        d.sliderMaximum = slider?.upperBound
        return d
    }
}

/// The largest length a layout takes, px (`CircleTextStyle.maximumLength`).
let lengthLimit = 1_000_000.0

// MARK: - Where the drawing goes

/// `-o`, `--layout` and `--quiet`: where a command's drawing and layout go, and its warnings.
struct Destination: DeclaredOptions {
    var output: String?
    var layout: String?
    var quiet = false

    static let fields: [OptionField<Destination>] = [
        OptionField.text("output", \.output, .output, type: .file, queries: false, default: "standard output",
                         "Write the drawing to this file (- for standard output); .png, .pdf, .dxf, .gcode (.nc) and .hpgl write those formats.")
            .with { $0.shortName = "o" },
        .text("layout", \.layout, .output, type: .file, queries: false,
              "Also write the layout as JSON to this file (- for standard output)."),
        .flag("quiet", \.quiet, .output, queries: false, "Print no warnings (errors still print)."),
    ]
}

/// `curvetype batch`'s options.
public struct BatchOptions: Sendable, Equatable {
    /// The jobs file; `nil` or `-`: JSON lines on standard input.
    public var jobs: String?
    /// Threads to render on; `nil`: one per core.
    public var threads: Int?
    /// Print no warnings (failed jobs still print).
    public var quiet = false
    /// Write nothing: compare each job's files with what it renders.
    public var check = false

    /// Every option at its default.
    public init() {}

    static let fields: [OptionField<BatchOptions>] = [
        .argument("jobs", \.jobs, command: "batch", type: .file, "A JSON file of jobs (default: JSON lines on standard input)."),
        .integer("threads", \.threads, .output, range: .from(1, to: 256), default: "one per core", "Threads to render on."),
        .flag("quiet", \.quiet, .output, "Print no warnings (failed jobs still print)."),
        .flag("check", \.check, .output, "Write nothing: compare each job's files with what it renders; list those that differ or are missing, and exit 1 if any do."),
    ]
}

extension BatchOptions: DeclaredOptions {
    /// `curvetype batch`'s words, read as the command line reads them.
    public init(arguments words: [String]) throws(CurveTypeError) {
        try self.init(commandLine: words, command: "batch")
    }
}

/// `curvetype logos`'s options.
public struct LogosOptions: Sendable, Equatable, DeclaredOptions {
    /// Only logos whose slug or title holds this (any case).
    public var word: String?

    /// Every option at its default.
    public init() {}

    static let fields: [OptionField<LogosOptions>] = [
        .argument("word", \.word, command: "logos", "Only logos whose slug or title holds this (any case)."),
    ]

    /// `curvetype logos`' words, read as the command line reads them.
    public init(arguments words: [String]) throws(CurveTypeError) {
        try self.init(commandLine: words, command: "logos")
    }

    /// One line a logo: its slug, title and brand colour, tab-separated; an error, with the
    /// closest name, when no logo matches.
    public func listing() throws(CurveTypeError) -> String {
        if let word, word.count > SimpleIcons.maximumSearchLength {
            throw .invalidInput("the word to look for is \(word.count) characters long; no logo's slug or title has more than \(SimpleIcons.maximumSearchLength)")
        }
        let icons = SimpleIcons.search(word ?? "")
        guard !icons.isEmpty else {
            let close = SimpleIcons.suggestion(for: word ?? "").map { " (did you mean \($0)?)" } ?? ""
            throw .invalidInput("no logo's slug or title holds \"\(Diagnostic.escaped(String((word ?? "").prefix(60))))\"\(close)")
        }
        var out = ""
        for icon in icons { out += "\(icon.slug)\t\(icon.title)\t#\(icon.hex)\n" }
        return out
    }
}
