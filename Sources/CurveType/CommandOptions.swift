import CurveTypeEffects
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeSVG
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

    /// A normalized name as the command line spells it: `textColor` → `--text-color`.
    static func commandLineName(_ name: String) -> String {
        var spelled = "--"
        for c in name {
            if c.isUppercase { spelled += "-" + c.lowercased() } else { spelled.append(c) }
        }
        return spelled
    }

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

/// Words by option name, in the order first given: a few dozen at most, searched in order
/// (no hashing: see `RecentCache` for what the first dictionary of a key type costs).
struct OptionWords: Sendable {
    private(set) var entries: [(name: String, values: [String])] = []

    subscript(name: String) -> [String]? { entries.first { $0.name == name }?.values }

    /// Makes `value` the one word of `name` (a single-valued option given again: the last wins).
    mutating func set(_ value: String, for name: String) {
        if let index = entries.firstIndex(where: { $0.name == name }) { entries[index].values = [value] } else { entries.append((name, [value])) }
    }

    /// Adds `value` to `name`'s words; `nil` only marks the name given (a flag).
    mutating func add(_ value: String?, to name: String) {
        if let index = entries.firstIndex(where: { $0.name == name }) {
            if let value { entries[index].values.append(value) }
        } else {
            entries.append((name, value.map { [$0] } ?? []))
        }
    }
}

/// Reads a command's options by name, from a job's JSON object or from words (command-line or
/// query words), converting as the command line does (a number where text is wanted is its
/// decimal digits; a numeric string where a number is wanted is the number), and remembers
/// which names it read, so that `finish` can refuse any other.
struct OptionReader {
    /// A job object's values, read as the command line reads words. Its own class, so that
    /// reading words never touches the container's type metadata, whose first use costs a scan
    /// of every conformance in the binary (see `RecentCache` in CurveTypeFonts).
    private final class JSONObject {
        private let container: KeyedDecodingContainer<OptionKey>
        init(_ container: KeyedDecodingContainer<OptionKey>) { self.container = container }

        var names: [String] { container.allKeys.map(\.stringValue) }

        /// Whether `name` holds a value (`null` is none).
        func contains(_ name: String) -> Bool {
            let key = OptionKey(stringValue: name)
            return container.contains(key) && !((try? container.decodeNil(forKey: key)) ?? false)
        }

        func text(_ name: String) throws(CurveTypeError) -> String {
            guard let word = try? container.decode(OptionWord.self, forKey: OptionKey(stringValue: name)) else {
                throw .invalidInput("\"\(name)\" must be a string")
            }
            return word.text
        }

        func texts(_ name: String) throws(CurveTypeError) -> [String] {
            let key = OptionKey(stringValue: name)
            if let words = try? container.decode([OptionWord].self, forKey: key) { return words.map(\.text) }
            if let word = try? container.decode(OptionWord.self, forKey: key) { return [word.text] }
            throw .invalidInput("\"\(name)\" must hold strings or numbers")
        }

        func number(_ name: String) -> Double? { try? container.decode(Double.self, forKey: OptionKey(stringValue: name)) }
        func integer(_ name: String) -> Int? { try? container.decode(Int.self, forKey: OptionKey(stringValue: name)) }

        func flag(_ name: String) throws(CurveTypeError) -> Bool {
            guard let flag = try? container.decode(Bool.self, forKey: OptionKey(stringValue: name)) else {
                throw .invalidInput("\"\(name)\" is a flag: true or false")
            }
            return flag
        }
    }

    private enum Source {
        case json(JSONObject)
        /// Each option's words by its normalized name; a flag that is set has an empty list.
        case words(OptionWords)
    }

    /// How messages name an option: as a job's key (`"labelColor"`) or as the command line
    /// writes it (`--label-color`).
    enum Spelling { case key, commandLine }

    private let source: Source
    private let spelling: Spelling
    /// Which files on this machine options may name (fonts, text, paths, logos to read; a
    /// folder to write): none for words from a stranger, such as a server's query.
    private let files: FileAccess
    private var read: [String] = []
    /// `pixelsPerUnit()`, once read.
    private var unitPixels: Double?

    /// The longest option name a job may use: every real one is far shorter.
    static let maximumNameLength = 64

    init(_ decoder: Decoder) throws(CurveTypeError) {
        let container: KeyedDecodingContainer<OptionKey>
        do { container = try decoder.container(keyedBy: OptionKey.self) } catch {
            throw .invalidInput("a job must be a JSON object")
        }
        for key in container.allKeys where key.stringValue.count > Self.maximumNameLength {
            throw .invalidInput("\"\(key.stringValue.prefix(20))…\" is not an option (names are at most \(Self.maximumNameLength) characters)")
        }
        source = .json(JSONObject(container))
        files = .any
        spelling = .key
    }

    /// Reads words already grouped by normalized option name (`"args"` for positional words).
    /// `files`: which files options may name (a stranger's words: none).
    init(words: OptionWords, files: FileAccess = .any, spelling: Spelling = .key) {
        source = .words(words)
        self.files = files
        self.spelling = spelling
    }

    /// `name` as messages give it.
    private func called(_ name: String) -> String {
        switch spelling {
        case .key: "\"\(name)\""
        case .commandLine: name == "args" ? "the argument" : OptionKey.commandLineName(name)
        }
    }

    private var names: [String] {
        switch source {
        case .json(let object): object.names
        case .words(let words): words.entries.map(\.name)
        }
    }

    /// Marks `name` read; whether the source holds a value for it (JSON `null` is none).
    private mutating func present(_ name: String) -> Bool {
        if !read.contains(name) { read.append(name) }
        switch source {
        case .json(let object):
            return object.contains(name)
        case .words(let words):
            return words[name] != nil
        }
    }

    /// A text option: a string, or a number written as the command line would take it.
    mutating func text(_ name: String) throws(CurveTypeError) -> String? {
        guard present(name) else { return nil }
        switch source {
        case .json(let object):
            return try object.text(name)
        case .words(let words):
            guard let values = words[name], values.count == 1 else {
                throw .invalidInput("\(called(name)) takes one value")
            }
            return values[0]
        }
    }

    /// A value option of `type`, read as its type is: a file, a font or a logo as `file`,
    /// `font` and `logo` read them, anything else as text.
    mutating func read(_ name: String, _ type: OptionDeclaration.ValueType) throws(CurveTypeError) -> String? {
        switch type {
        case .file: try file(name)
        case .font: try font(name)
        case .logo: try logo(name)
        default: try text(name)
        }
    }

    /// A text option that also answers to older names (`fill` for `textColor`): its value, with
    /// the name it was given by noted in `spellings` as the command line spells it (`--fill`),
    /// for messages. Two of the names at once are refused.
    mutating func text(_ name: String, aliases: [String], noting spellings: inout OptionSpellings) throws(CurveTypeError) -> String? {
        var found: (value: String, option: String)?
        for candidate in [name] + aliases {
            guard let value = try text(candidate) else { continue }
            let option = OptionKey.commandLineName(candidate)
            if let found { throw .invalidInput("give \(found.option) or \(option), not both: \(option) is another name of \(OptionKey.commandLineName(name))") }
            found = (value, option)
        }
        guard let found else { return nil }
        spellings.note(name, typedAs: OptionKey.normalized(found.option).stringValue)
        return found.value
    }

    /// An option that names a file or folder on this machine, as `files` allows it.
    mutating func file(_ name: String) throws(CurveTypeError) -> String? {
        guard let path = try text(name) else { return nil }
        return try files.allowed(path, option: name, spelled: called(name))
    }

    /// A font option: a file or a Fontconfig pattern; where options come from a stranger, only
    /// a pattern (Fontconfig picks among installed fonts; no path is opened).
    mutating func font(_ name: String) throws(CurveTypeError) -> String? {
        guard let font = try text(name) else { return nil }
        return try checked(font: font, name)
    }

    /// A repeated font option, as `font`.
    mutating func fonts(_ name: String) throws(CurveTypeError) -> [String]? {
        guard let fonts = try texts(name) else { return nil }
        return try fonts.map { font throws(CurveTypeError) in try checked(font: font, name) }
    }

    /// A logo: a simple-icons name, a file or a `data:` URL; where options come from a
    /// stranger, a name or a `data:` URL (`BadgeLogo.namesFile` tells a file).
    mutating func logo(_ name: String) throws(CurveTypeError) -> String? {
        guard let logo = try text(name) else { return nil }
        return try checked(logo: logo, name)
    }

    /// Logos, repeated, each read as `logo` reads one; an empty one is none.
    mutating func logos(_ name: String) throws(CurveTypeError) -> [String]? {
        guard let logos = try texts(name) else { return nil }
        return try logos.map { logo throws(CurveTypeError) in try checked(logo: logo, name) }
    }

    /// `logo` as it may be read: a name or a `data:` URL as given, a file as `files` allows it;
    /// a stranger's title with a `/` as its slug.
    private func checked(logo: String, _ name: String) throws(CurveTypeError) -> String {
        if !logo.lowercased().hasPrefix("data:") && BadgeLogo.namesFile(logo) {
            // A stranger names no file: a title that holds a `/` (`shadcn/ui`) is its logo.
            if !files.namesAny, let brand = SimpleIcons.named(logo) { return brand.slug }
            return try files.allowed(logo, option: name, spelled: called(name))
        }
        return logo
    }

    /// `font` as it may be read: a Fontconfig pattern as given, a file as `files` allows it. An
    /// installed Hershey font by its name (`hershey:NAME`) names none of the user's, as a
    /// family does not.
    private func checked(font: String, _ name: String) throws(CurveTypeError) -> String {
        guard case .file = FontRequest(argument: font), !FontRequest.namesHersheyFont(font) else { return font }
        return try files.allowed(font, option: name, spelled: called(name))
    }

    /// A repeated text option: one string or number, or an array of them.
    mutating func texts(_ name: String) throws(CurveTypeError) -> [String]? {
        guard present(name) else { return nil }
        switch source {
        case .json(let object):
            return try object.texts(name)
        case .words(let words):
            return words[name]
        }
    }

    /// px per unit of `--units` (1 when it is not given): what a length option's value is
    /// multiplied by, so that every command reads its sizes in the unit chosen.
    mutating func pixelsPerUnit() throws(CurveTypeError) -> Double {
        if let known = unitPixels { return known }
        let pixels = try choice("units", LengthUnit.self)?.pixels ?? 1
        unitPixels = pixels
        return pixels
    }

    /// A `WxH` size (`type` `.size`) read in `--units`, written back in px; any other value
    /// as it is. A size that does not read as two numbers is left for its reader to refuse.
    mutating func inPixels(_ value: String, _ type: OptionDeclaration.ValueType) throws(CurveTypeError) -> String {
        guard type == .size else { return value }
        let k = try pixelsPerUnit()
        guard k != 1 else { return value }
        guard let (w, h) = numberPair(value), w.isFinite, h.isFinite else { return value }
        return shortestDigits(w * k) + "x" + shortestDigits(h * k)
    }

    /// `text` with its last `:NUMBER`, a length read in `--units`, written back in px.
    mutating func trailingLengthInPixels(_ text: String) throws(CurveTypeError) -> String {
        let k = try pixelsPerUnit()
        guard k != 1, let colon = text.lastIndex(of: ":"), let number = Double(text[text.index(after: colon)...].trimmed()),
              number.isFinite else { return text }
        return text[...colon] + shortestDigits(number * k)
    }

    /// A number option: a number, or a string holding one.
    mutating func number(_ name: String) throws(CurveTypeError) -> Double? {
        guard present(name) else { return nil }
        if case .json(let object) = source, let number = object.number(name) {
            return number
        }
        guard let text = try? text(name), let number = Double(text) else {
            throw .invalidInput("\(called(name)) must be a number\(notWord(name))")
        }
        return number
    }

    /// A whole-number option.
    mutating func integer(_ name: String) throws(CurveTypeError) -> Int? {
        guard present(name) else { return nil }
        if case .json(let object) = source, let number = object.integer(name) {
            return number
        }
        guard let text = try? text(name), let number = Int(text) else {
            throw .invalidInput("\(called(name)) must be a whole number\(notWord(name))")
        }
        return number
    }

    /// A flag: `true` sets it; `false` or `null` leave it unset. As words, the name alone.
    mutating func flag(_ name: String) throws(CurveTypeError) -> Bool {
        guard present(name) else { return false }
        switch source {
        case .json(let object):
            return try object.flag(name)
        case .words(let words):
            guard words[name]?.isEmpty == true else { throw .invalidInput("\(called(name)) is a flag: it takes no value") }
            return true
        }
    }

    /// One of an enumeration's names; `named` reads other names for its cases too (aliases,
    /// such as `left` for `TextAlignment.start`), where the command line's parser does.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type,
                                                             named: (String) -> T? = { _ in nil }) throws(CurveTypeError) -> T? where T.RawValue == String {
        guard let text = try text(name) else { return nil }
        guard let value = T(rawValue: text) ?? named(text) else {
            let choices = T.allCases.map(\.rawValue)
            throw .invalidInput("\(called(name)) must be one of \(choices.joined(separator: ", ")), not \"\(Diagnostic.escaped(String(text.prefix(40))))\"\(didYouMean(String(text.prefix(40)), among: choices))")
        }
        return value
    }

    /// The one positional argument (`"args"`: an array of one string or number), if given.
    mutating func argument(_ command: String) throws(CurveTypeError) -> String? {
        let arguments = try texts("args") ?? []
        guard arguments.count <= 1 else {
            throw .invalidInput(spelling == .key ? "\(command) takes one argument in \"args\", not \(arguments.count)" : "\(command) takes one argument, not \(arguments.count)")
        }
        return arguments.first
    }

    /// `, not "WORD"` for an option given as words; nothing for JSON, whose value may be anything.
    private func notWord(_ name: String) -> String {
        guard case .words(let words) = source, let word = words[name]?.first else { return "" }
        return ", not \"\(Diagnostic.escaped(String(word.prefix(40))))\""
    }

    /// Refuses any name not read, naming the command.
    func finish(command: String) throws(CurveTypeError) {
        for name in names.sorted() where !read.contains(name) {
            let renamed = CommandDeclaration.madeNamed(command)?.option(retiredAs: name)
            let hint = renamed.map { " (did you mean \($0.name)?)" } ?? didYouMean(name, among: read.sorted())
            throw .invalidInput("\"\(Diagnostic.escaped(name))\" is not an option of \(command)\(hint)")
        }
    }

    /// A JSON number as a command-line word: whole numbers without a fraction.
    static func word(_ number: Double) -> String {
        shortestDigits(number)
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

/// The font options of every command that sets text: `--font`, `--face-index`, `--features`,
/// `--fallback-font` and `--variations`.
public struct TextFontOptions: Sendable, Equatable {
    /// A font file or a Fontconfig pattern; `nil` is the command's default (bundled DejaVu Sans,
    /// or its bold where a badge or seal style is bold).
    public var font: String?
    /// The face of a .ttc/.otc collection.
    public var faceIndex = 0
    /// Comma-separated HarfBuzz feature settings (`-liga,ss01`).
    public var features: String?
    /// Fonts (files or patterns) tried, in order, before Fontconfig for characters the font lacks.
    public var fallbackFonts: [String] = []
    /// A variable font's axis values (`wght=650,wdth=90`) or one of its named instances by style
    /// name (`SemiBold Condensed`).
    public var variations: String?

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The font asked for, set to `variations`; `nil` when no font was named and no variations
    /// were given.
    public func givenRequest() throws(CurveTypeError) -> FontRequest? {
        guard faceIndex >= 0 else { throw .invalidInput("face index \(faceIndex) out of range: it must be 0 or more") }
        let base = font.map { FontRequest(argument: $0, faceIndex: faceIndex) }
        guard let variations else { return base }
        let parsed = try lifting { try FontVariations(parsing: variations) }
        return (base ?? .default).varied(by: parsed)
    }

    /// The font asked for, or the bundled DejaVu Sans, set to `variations`.
    public func request() throws(CurveTypeError) -> FontRequest { try givenRequest() ?? .default }

    /// The fallback fonts as requests.
    public var fallbacks: [FontRequest] { fallbackFonts.map { FontRequest(argument: $0) } }

    /// `features` as settings; an error names the first that is not one.
    public func parsedFeatures() throws(CurveTypeError) -> [FontFeature] {
        var parsed: [FontFeature] = []
        for name in (features ?? "").split(separator: ",").map({ $0.trimmed() }) where !name.isEmpty {
            guard let feature = FontFeature(name) else {
                throw .invalidInput("\(parameter: "features"): not an OpenType feature setting: \"\(Diagnostic.escaped(String(name.prefix(40))))\"")
            }
            parsed.append(feature)
        }
        return parsed
    }

    static let fields: [OptionField<TextFontOptions>] = [
        .text("font", \.font, .font, type: .font, default: "bundled DejaVu Sans",
              "A font file (.ttf, .otf, .ttc with --face-index; single-line .jhf and SVG fonts), hershey:NAME (an installed Hershey font), a Fontconfig pattern (\"DejaVu Sans:bold\") or a full name (\"DejaVu Sans Bold\"); a badge or seal in a bold style takes DejaVu Sans Bold."),
        .integer("faceIndex", \.faceIndex, .font, range: .from(0), "The face of a .ttc or .otc font collection."),
        .text("features", \.features, .font, default: "the font's",
              "OpenType features in HarfBuzz syntax, comma-separated: -kern,-liga,ss01."),
        .texts("fallbackFont", \.fallbackFonts, .font, type: .font,
               "A font (file or pattern) tried before Fontconfig for characters the font lacks, such as emoji or CJK; repeat for more."),
        .text("variations", \.variations, .font, default: "the font's default",
              "A variable font's axes (wght=650,wdth=90, each clamped to its axis) or a named instance by its style name (\"SemiBold Condensed\")."),
    ]
}

extension TextFontOptions: DeclaredOptions {}

/// The names that options with older names were given by, where a user typed an old one
/// (`fill` for `textColor`), so that a message names the option as typed.
public struct OptionSpellings: Sendable, Equatable {
    private struct Entry: Sendable, Equatable {
        var name: String
        var typed: String
    }

    private var entries: [Entry] = []

    /// Every option at its default, as the command line starts.
    public init() {}

    /// Records that option `name` (normalized: `textColor`) was typed as `typed` (`fill`).
    public mutating func note(_ name: String, typedAs typed: String) {
        entries.removeAll { $0.name == name }
        if typed != name { entries.append(Entry(name: name, typed: typed)) }
    }

    /// How option `name` was typed: its old name if noted, else its own (`textColor`).
    public func typed(_ name: String) -> String {
        entries.first { $0.name == name }?.typed ?? name
    }
}

/// How glyphs are written (`--glyphs`): what the effect draws and whether the SVG writer
/// writes the text layers.
public enum GlyphWriting: String, Sendable, CaseIterable {
    /// Glyphs as paths, the same look everywhere; a PDF keeps the text under them, invisible.
    case outlines
    /// Outlines, and in an SVG too the text under them, to select, find, copy and read aloud.
    case selectable
    /// A `<text>` per cluster, in the viewer's font.
    case text

    /// How the effect draws the glyphs: as text for `text`, else as outlines.
    public var drawing: GlyphMode { self == .text ? .text : .outlines }
    /// Whether the SVG writer writes the text layers.
    public var textLayers: Bool { self == .selectable }
}

/// The options every document shares: how glyphs are written, decimals, and the id prefix.
/// The glyphs' drawing goes to the request; the rest are the SVG writer's (`svgSettings()`).
public struct DocumentOptions: Sendable, Equatable {
    /// outlines: glyphs as paths (same look everywhere; a PDF keeps its text under them,
    /// invisible); selectable: outlines with the text under them in an SVG too; text: <text>
    /// per cluster (selectable, in the viewer's font) (`--glyphs`).
    public var glyphs = GlyphWriting.outlines
    /// Decimals in the SVG's numbers (0–6).
    public var precision = 2
    /// Prefix for every id in the SVG (default: `ct` and a hash of the drawing) (`--id-prefix`).
    public var idPrefix: String?

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The SVG writer's settings these options give; throws for a precision outside 0…6 or
    /// a prefix that cannot start an XML id.
    public func svgSettings() throws(CurveTypeError) -> SVGSettings {
        try lifting { try SVGSettings(idPrefix: idPrefix, numbers: SVGNumberFormat(precision: precision), textLayers: glyphs.textLayers) }
    }

    static let fields: [OptionField<DocumentOptions>] = [
        .choice("glyphs", \.glyphs, .document,
                "outlines: glyphs as paths, the same look everywhere (a PDF keeps the text under them, invisible, to copy); selectable: outlines, and in an SVG too the text under them to select, find, copy and read aloud; text: <text> per cluster, in the viewer's font."),
        .integer("precision", \.precision, .document, range: .from(0, to: 6), slider: 0...6, "Decimals in the SVG's numbers."),
        .text("idPrefix", \.idPrefix, .document, default: "ct and a hash of the drawing", "Prefix of every id in the SVG."),
    ]
}

extension DocumentOptions: DeclaredOptions {}

/// A colour option's value (CSS colours); an error names the option (`option`, camel case):
/// `--fill: not a colour: …` on the command line,
/// and the closest CSS name to a mistyped one (`gren`: green).
func paint(_ text: String, option: String) throws(CurveTypeError) -> SVGColor {
    try naming(option, closestOf: text, among: SVGColor.names) { () throws(CurveTypeError) in try lifting { try SVGColor(parsing: text) } }
}

/// A badge or seal colour option's value (shields' names, bare hex or CSS); an error names
/// the option, and the closest of shields' and CSS's names to a mistyped one.
func badgePaint(_ text: String, option: String) throws(CurveTypeError) -> SVGColor {
    let names = BadgeColor.named.map(\.key) + BadgeColor.aliases.map(\.key) + SVGColor.names
    return try naming(option, closestOf: text, among: names) { () throws(CurveTypeError) in try BadgeColor.parse(text) }
}

/// `body`'s value; its error starts with `option` and, where `text` is a word, offers the
/// closest of `names`.
private func naming<T>(_ option: String, closestOf text: String, among names: [String], _ body: () throws(CurveTypeError) -> T) throws(CurveTypeError) -> T {
    do { return try body() } catch {
        let word = text.trimmed()
        let hint = !word.isEmpty && word.count <= 40 && word.allSatisfy(\.isLetter) ? didYouMean(word, among: names) : ""
        throw .invalidInput("\(parameter: option): " + error.text + ErrorText(hint))
    }
}

/// `body`'s value; its error, if any, starts with the option it concerns (`option`, camel case).
func naming<T>(_ option: String, _ body: () throws(CurveTypeError) -> T) throws(CurveTypeError) -> T {
    do { return try body() } catch { throw .invalidInput("\(parameter: option): " + error.text) }
}

/// The text of a command that takes it inline or from `--text-file` (`-`: standard input).
func commandText(_ inline: String?, file: String?, option: ErrorText = "the text") throws(CurveTypeError) -> String? {
    guard let file else { return inline }
    guard inline == nil else { throw .invalidInput("give " + option + " or \(parameter: "textFile"), not both") }
    return try TextInput.read(file: file)
}

// MARK: - Batch jobs

/// One batch job as a JSON object decodes it: `command`, the command's options by long name,
/// `args` (positional arguments), `output` and optionally `layout`.
public struct JobDescription: Sendable, Equatable, Decodable {
    /// Which command, with its options.
    public enum Command: Sendable, Equatable {
        /// `curvetype badge`.
        case badge(BadgeOptions), seal(SealOptions), circle(CircleOptions), spiral(SpiralOptions)
        /// `curvetype fit`.
        case fit(FitOptions), angle(AngleOptions), path(PathOptions)
        /// `curvetype warp`.
        case warp(WarpOptions)

        /// The command's name (`badge`, `circle`, …).
        public var name: String {
            switch self {
            case .badge: "badge"
            case .seal: "seal"
            case .circle: "circle"
            case .spiral: "spiral"
            case .fit: "fit"
            case .angle: "angle"
            case .path: "path"
            case .warp: "warp"
            }
        }

        /// The options every document shares, as given to this command.
        public var document: DocumentOptions {
            switch self {
            case .badge(let o): o.document
            case .seal(let o): o.document
            case .circle(let o): o.document
            case .spiral(let o): o.document
            case .fit(let o): o.document
            case .angle(let o): o.document
            case .path(let o): o.document
            case .warp(let o): o.document
            }
        }

        /// The command `name`'s options, read from `reader`; `commands` names the context
        /// in the error for an unknown name.
        init(_ name: String, _ reader: inout OptionReader, commands: String) throws(CurveTypeError) {
            if let command = DrawingCommand.named(name) {
                self = try command.read(&reader)
            } else if name == "batch" {
                throw .invalidInput("a batch job cannot be a batch")
            } else {
                throw .invalidInput(ErrorText(CommandDeclaration.unknownCommand(name, names: CommandDeclaration.drawingNames, what: commands)))
            }
        }

        /// The request to render (fonts, logos and text files are read here); `hasOutputs`
        /// says whether the SVG or layout goes to a file (an angle's frames need neither).
        func request(hasOutputs: Bool = true) throws(CurveTypeError) -> any DocumentRequest {
            // The SVG writer's settings are checked with the rest, whatever format is written.
            _ = try document.svgSettings()
            return switch self {
            case .badge(let options): try options.request()
            case .seal(let options): try options.request()
            case .circle(let options): try options.request()
            case .spiral(let options): try options.request()
            case .fit(let options): try options.request()
            case .angle(let options): try options.request(hasOutputs: hasOutputs)
            case .path(let options): try options.request()
            case .warp(let options): try options.request()
            }
        }
    }

    /// The command and its options.
    public var command: Command
    /// The SVG's path (never standard output).
    public var output: String
    /// The layout JSON's path, if any.
    public var layout: String?
    /// The output's format (by its extension unless `format` is given), scale and frame time.
    public var settings = OutputSettings()

    /// A job of `command` writing its drawing to `output` (and its layout to `layout`).
    /// The SVG settings are the command's document options (`--precision`, `--id-prefix`,
    /// `--glyphs`), whatever `settings.svg` holds.
    public init(command: Command, output: String, layout: String? = nil, settings: OutputSettings = OutputSettings()) {
        self.command = command
        self.output = output
        self.layout = layout
        self.settings = settings.writing(command)
    }

    /// A job of `command` writing its SVG to `output` (and its layout to `layout`).
    public init(from decoder: Decoder) throws {
        var reader = try OptionReader(decoder)
        guard let name = try reader.text("command") else {
            throw CurveTypeError.invalidInput("the job has no \"command\" (\(CommandDeclaration.drawingNames.joined(separator: ", ")))")
        }
        command = try Command(name, &reader, commands: "batch jobs")
        let output = try reader.text("output")
        layout = try reader.text("layout")
        try settings.read(&reader, for: command)
        try reader.finish(command: name)
        guard let output else { throw CurveTypeError.invalidInput("give the job an \"output\" path") }
        guard output != "-" && layout != "-" else {
            throw CurveTypeError.invalidInput("a batch job writes files, not standard output")
        }
        if case .angle(let angle) = command, angle.frames != nil || angle.outDir != nil {
            throw CurveTypeError.invalidInput("\(parameter: "frames") writes a folder of files: run it on its own, not in a batch")
        }
        self.output = output
    }

    /// The job to run, its request built now (fonts, logos and text files are read here).
    public func job() throws(CurveTypeError) -> BatchJob {
        let request = try command.request()
        return BatchJob(request, output: output, layout: layout, settings: settings)
    }
}
