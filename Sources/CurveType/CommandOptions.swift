#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Each command's options as plain values, by the command line's long names: the CLI fills them
// from its arguments, a batch job decodes them from JSON (no argument parsing per job), and
// both turn them into a request the same way (`request()`), so a job and the single command
// give the same bytes.

/// A JSON key, read as a command-line option name: leading dashes dropped, kebab case turned to
/// camel case (`--label-color`, `label-color` and `labelColor` are one option).
struct OptionKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }

    static func normalized(_ key: String) -> OptionKey {
        var name = ""
        var upper = false
        for c in key.drop(while: { $0 == "-" }) {
            if c == "-" { upper = true; continue }
            if upper { name += c.uppercased(); upper = false } else { name.append(c) }
        }
        return OptionKey(stringValue: name)
    }
}

/// Reads a job object's options by name, converting as the command line does (a number where
/// text is wanted is its decimal digits; a numeric string where a number is wanted is the
/// number), and remembers which names it read, so that `finish` can refuse any other.
struct OptionReader {
    private let container: KeyedDecodingContainer<OptionKey>
    private var read: Set<String> = []

    /// The longest option name a job may use: every real one is far shorter.
    static let maximumNameLength = 64

    init(_ decoder: Decoder) throws(CurveTypeError) {
        do { container = try decoder.container(keyedBy: OptionKey.self) } catch {
            throw .invalidInput("a job must be a JSON object")
        }
        for key in container.allKeys where key.stringValue.count > Self.maximumNameLength {
            throw .invalidInput("\"\(key.stringValue.prefix(20))…\" is not an option (names are at most \(Self.maximumNameLength) characters)")
        }
    }

    private mutating func value(_ name: String) -> (key: OptionKey, present: Bool) {
        read.insert(name)
        let key = OptionKey(stringValue: name)
        let present = container.contains(key) && !((try? container.decodeNil(forKey: key)) ?? false)
        return (key, present)
    }

    /// A text option: a string, or a number written as the command line would take it.
    mutating func text(_ name: String) throws(CurveTypeError) -> String? {
        let (key, present) = value(name)
        guard present else { return nil }
        guard let word = try? container.decode(OptionWord.self, forKey: key) else {
            throw .invalidInput("\"\(name)\" must be a string")
        }
        return word.text
    }

    /// A repeated text option: one string or number, or an array of them.
    mutating func texts(_ name: String) throws(CurveTypeError) -> [String]? {
        let (key, present) = value(name)
        guard present else { return nil }
        if let words = try? container.decode([OptionWord].self, forKey: key) { return words.map(\.text) }
        if let word = try? container.decode(OptionWord.self, forKey: key) { return [word.text] }
        throw .invalidInput("\"\(name)\" must hold strings or numbers")
    }

    /// A number option: a number, or a string holding one.
    mutating func number(_ name: String) throws(CurveTypeError) -> Double? {
        let (key, present) = value(name)
        guard present else { return nil }
        if let number = try? container.decode(Double.self, forKey: key) { return number }
        if let text = try? container.decode(String.self, forKey: key), let number = Double(text) { return number }
        throw .invalidInput("\"\(name)\" must be a number")
    }

    /// A whole-number option.
    mutating func integer(_ name: String) throws(CurveTypeError) -> Int? {
        let (key, present) = value(name)
        guard present else { return nil }
        if let number = try? container.decode(Int.self, forKey: key) { return number }
        if let text = try? container.decode(String.self, forKey: key), let number = Int(text) { return number }
        throw .invalidInput("\"\(name)\" must be a whole number")
    }

    /// A flag: `true` sets it; `false` or `null` leave it unset.
    mutating func flag(_ name: String) throws(CurveTypeError) -> Bool {
        let (key, present) = value(name)
        guard present else { return false }
        guard let flag = try? container.decode(Bool.self, forKey: key) else {
            throw .invalidInput("\"\(name)\" is a flag: true or false")
        }
        return flag
    }

    /// One of an enumeration's names.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(CurveTypeError) -> T? where T.RawValue == String {
        guard let text = try text(name) else { return nil }
        guard let value = T(rawValue: text) else {
            throw .invalidInput("\"\(name)\" must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(Diagnostic.escaped(String(text.prefix(40))))\"")
        }
        return value
    }

    /// The one positional argument (`"args"`: an array of one string or number), if given.
    mutating func argument(_ command: String) throws(CurveTypeError) -> String? {
        let arguments = try texts("args") ?? []
        guard arguments.count <= 1 else { throw .invalidInput("\(command) takes one argument in \"args\", not \(arguments.count)") }
        return arguments.first
    }

    /// Refuses any name not read, naming the command.
    func finish(command: String) throws(CurveTypeError) {
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !read.contains(key.stringValue) {
            throw .invalidInput("\"\(Diagnostic.escaped(key.stringValue))\" is not an option of \(command)")
        }
    }

    /// A JSON number as a command-line word: whole numbers without a fraction.
    static func word(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

/// One item of a repeated option or of `"args"`: a string or a number.
private struct OptionWord: Decodable {
    let text: String
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) { self.text = text; return }
        self.text = OptionReader.word(try container.decode(Double.self))
    }
}

// MARK: - Shared groups

/// The font options of the commands that set text: `--font`, `--face-index`, `--features`.
public struct TextFontOptions: Sendable, Equatable {
    /// A font file or a Fontconfig pattern; `nil` is the bundled DejaVu Sans.
    public var font: String?
    public var faceIndex = 0
    /// Comma-separated HarfBuzz feature settings.
    public var features: String?

    public init() {}

    public var request: FontRequest { font.map { FontRequest(argument: $0, faceIndex: faceIndex) } ?? .default }

    /// `features` as settings; an error names the first that is not one.
    public func parsedFeatures() throws(CurveTypeError) -> [FontFeature] {
        var parsed: [FontFeature] = []
        for name in (features ?? "").split(separator: ",").map({ $0.trimmed() }) where !name.isEmpty {
            guard let feature = FontFeature(name) else {
                throw .invalidInput("not an OpenType feature setting: \"\(name)\"")
            }
            parsed.append(feature)
        }
        return parsed
    }

    mutating func read(_ reader: inout OptionReader) throws(CurveTypeError) {
        font = try reader.text("font")
        faceIndex = try reader.integer("faceIndex") ?? faceIndex
        features = try reader.text("features")
    }
}

/// The font options of badges and seals: a font, and fallback fonts tried before Fontconfig.
public struct BadgeFontOptions: Sendable, Equatable {
    public var font: String?
    public var faceIndex = 0
    /// Fonts (files or patterns) tried, in order, for characters the font lacks.
    public var fallbackFonts: [String] = []

    public init() {}

    public var request: FontRequest? { font.map { FontRequest(argument: $0, faceIndex: faceIndex) } }
    public var fallbacks: [FontRequest] { fallbackFonts.map { FontRequest(argument: $0) } }

    mutating func read(_ reader: inout OptionReader) throws(CurveTypeError) {
        font = try reader.text("font")
        faceIndex = try reader.integer("faceIndex") ?? faceIndex
        fallbackFonts = try reader.texts("fallbackFont") ?? []
    }
}

/// The options every document shares: how glyphs are written, decimals, and the id prefix.
public struct DocumentOptions: Sendable, Equatable {
    public var glyphs = GlyphMode.outlines
    /// Decimals in the SVG's numbers (0–6).
    public var precision = 2
    public var idPrefix: String?

    public init() {}

    mutating func read(_ reader: inout OptionReader) throws(CurveTypeError) {
        glyphs = try reader.choice("glyphs", GlyphMode.self) ?? glyphs
        precision = try reader.integer("precision") ?? precision
        idPrefix = try reader.text("idPrefix")
    }
}

/// A colour option's value, its error one line.
func paint(_ text: String) throws(CurveTypeError) -> SVGColor {
    try lifting { try SVGColor(parsing: text) }
}

/// The text of a command that takes it inline or from `--text-file` (`-`: standard input).
func commandText(_ inline: String?, file: String?, option: String = "the text") throws(CurveTypeError) -> String? {
    guard let file else { return inline }
    guard inline == nil else { throw .invalidInput("give \(option) or --text-file, not both") }
    return try TextInput.read(file: file)
}

// MARK: - Batch jobs

/// One batch job as a JSON object decodes it: `command`, the command's options by long name,
/// `args` (positional arguments), `output` and optionally `layout`.
public struct JobDescription: Sendable, Equatable, Decodable {
    public enum Command: Sendable, Equatable {
        case badge(BadgeOptions), seal(SealOptions), circle(CircleOptions), spiral(SpiralOptions)
        case fit(FitOptions), angle(AngleOptions)
    }

    public var command: Command
    /// The SVG's path (never standard output).
    public var output: String
    /// The layout JSON's path, if any.
    public var layout: String?

    public init(command: Command, output: String, layout: String? = nil) {
        self.command = command
        self.output = output
        self.layout = layout
    }

    public init(from decoder: Decoder) throws {
        var reader = try OptionReader(decoder)
        guard let name = try reader.text("command") else {
            throw CurveTypeError.invalidInput("the job has no \"command\" (badge, seal, circle, spiral, fit or angle)")
        }
        switch name {
        case "badge": command = .badge(try BadgeOptions(&reader))
        case "seal": command = .seal(try SealOptions(&reader))
        case "circle": command = .circle(try CircleOptions(&reader))
        case "spiral": command = .spiral(try SpiralOptions(&reader))
        case "fit": command = .fit(try FitOptions(&reader))
        case "angle": command = .angle(try AngleOptions(&reader))
        case "batch": throw CurveTypeError.invalidInput("a batch job cannot be a batch")
        default:
            throw CurveTypeError.invalidInput("unknown command '\(Diagnostic.escaped(String(name.prefix(40))))' (batch jobs: badge, seal, circle, spiral, fit, angle)")
        }
        let output = try reader.text("output")
        layout = try reader.text("layout")
        try reader.finish(command: name)
        guard let output else { throw CurveTypeError.invalidInput("give the job an \"output\" path") }
        guard output != "-" && layout != "-" else {
            throw CurveTypeError.invalidInput("a batch job writes files, not standard output")
        }
        if case .angle(let angle) = command, angle.frames != nil || angle.outDir != nil {
            throw CurveTypeError.invalidInput("--frames writes a folder of files: run it on its own, not in a batch")
        }
        self.output = output
    }

    /// The job to run, its request built now (fonts, logos and text files are read here).
    public func job() throws(CurveTypeError) -> BatchJob {
        let request: any DocumentRequest = switch command {
        case .badge(let options): try options.request()
        case .seal(let options): try options.request()
        case .circle(let options): try options.request()
        case .spiral(let options): try options.request()
        case .fit(let options): try options.request()
        case .angle(let options): try options.request()
        }
        return BatchJob(request, output: output, layout: layout)
    }
}
