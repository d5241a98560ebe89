#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// How a caller names a font.
public enum FontRequest: Sendable, Hashable, CustomStringConvertible {
    /// One of the DejaVu fonts compiled into the library.
    case bundled(BundledFont)
    /// A font file (.ttf, .otf, or a .ttc/.otc collection with a face index).
    case file(path: String, faceIndex: Int = 0)
    /// A Fontconfig pattern such as `"DejaVu Sans:bold"` or `"Noto Serif:italic"`. Elements
    /// that name an axis (`"Inter:wght=550"`) set a variable font's axes.
    case family(String)
    /// Another request's font, set to a point of its design space (a variable font).
    indirect case varied(FontRequest, FontVariations)

    /// `hershey:NAME` names the Hershey stroke font `NAME.jhf` in `hersheyFolder`
    /// (`hershey:scripts`, `hershey:futural`).
    public static let hersheyPrefix = "hershey:"
    /// Where Debian's `hershey-fonts-data` puts the Hershey fonts.
    public static let hersheyFolder = "/usr/share/hershey-fonts/"

    /// Whether `argument` is `hershey:NAME`: an installed Hershey font by its name, which names
    /// no file of the user's (a server's query may give it, as it may a Fontconfig family).
    public static func namesHersheyFont(_ argument: String) -> Bool {
        argument.hasPrefix(hersheyPrefix) && !argument.dropFirst(hersheyPrefix.count).contains("/")
    }

    /// CurveType's default: DejaVu Sans, bundled.
    public static let `default` = FontRequest.bundled(.sans)

    /// Reads a command-line `--font` value: a string that names an existing file, contains a `/`,
    /// or ends in a font file extension is a file; anything else is a Fontconfig pattern.
    public init(argument: String, faceIndex: Int = 0) {
        let fontExtensions = ["ttf", "otf", "ttc", "otc", "pfb", "woff", "woff2", "jhf", "svg"]
        let ext = PathText.fileExtension(argument)
        if Self.namesHersheyFont(argument) {
            self = .file(path: Self.hersheyFolder + argument.dropFirst(Self.hersheyPrefix.count) + ".jhf", faceIndex: faceIndex)
        } else if argument.contains("/") || fontExtensions.contains(ext)
            || FileManager.default.fileExists(atPath: argument) {
            self = .file(path: argument, faceIndex: faceIndex)
        } else {
            self = .family(argument)
        }
    }

    /// This request set to `variations`; itself when they are `nil` or empty.
    public func varied(by variations: FontVariations?) -> FontRequest {
        guard let variations, variations.instance != nil || !variations.axes.isEmpty else { return self }
        return .varied(self, variations)
    }

    /// One line for a person.
    public var description: String {
        switch self {
        case .bundled(let font): return "\(font.familyName)\(font.isBold ? " Bold" : "") (bundled)"
        case .file(let path, let index): return index == 0 ? path : "\(path)#\(index)"
        case .family(let pattern): return pattern
        case .varied(let base, let variations): return "\(base) (\(variations))"
        }
    }
}

/// Opened fonts, shared by every caller in the process: opening a font parses its tables, so
/// a build script that renders many SVGs opens each font once.
enum FontCache {
    private static let fonts = Mutex(RecentCache<FontSource, Font>(capacity: 64))

    static func font(_ source: FontSource) throws(FontError) -> Font {
        if let font = fonts.withLock({ $0[source] }) { return font }
        let font: Font
        let (base, variations) = source.unvaried
        switch base {
        case .bundled(let bundled):
            font = try Font(bytes: .permanent(bundled.storage), faceIndex: 0, source: source, path: bundled.fileName,
                            variations: variations)
        case .file(let path, let index) where ["jhf", "svg"].contains(PathText.fileExtension(path)):
            // A stroke font: a Hershey .jhf file or an SVG font, compiled into TrueType.
            guard index == 0, variations == nil else {
                throw .faceIndexOutOfRange(path: path, index: index, faceCount: 1)
            }
            let stem = path.split(separator: "/").last.map { String($0.dropLast(4)) } ?? path
            let strokes = PathText.fileExtension(path) == "jhf"
                ? try HersheyReader.read(try readFile(path), family: "Hershey \(stem)", path: path)
                : try SVGFontReader.read(try readFile(path), family: stem, path: path)
            font = try Font(compiling: strokes, source: source, path: path)
        case .file(let path, let index):
            font = try Font(bytes: try readFile(path), faceIndex: index, source: source, path: path, variations: variations)
        case .memory(let name, _), .varied(.memory(let name, _), _):
            // Bytes in memory have nothing to load again, so they are never cached.
            throw .unreadableFile(path: name, reason: "a font in memory is opened with Font.open(bytes:)")
        case .varied:
            throw .unreadableFile(path: "\(source)", reason: "variations of variations")  // `unvaried` flattens them
        }
        return fonts.withLock { cache in
            if let raced = cache[source] { return raced }
            cache[source] = font
            return font
        }
    }

    /// The largest font file read: more than any CJK or colour emoji font.
    public static let maximumFileBytes = 64 << 20

    private static func readFile(_ path: String) throws(FontError) -> [UInt8] {
        do {
            return try InputBytes.read(path, limit: maximumFileBytes)
        } catch {
            switch error {
            case .notFound: throw .fileNotFound(path: path)
            case .unreadable(_, let reason): throw .unreadableFile(path: path, reason: reason)
            case .tooLarge(_, let limit): throw .unreadableFile(path: path, reason: "larger than \(InputBytes.describe(bytes: limit)), the most read")
            }
        }
    }
}

/// A primary font and, where the request allows it, fallback fonts found by Fontconfig for
/// characters the primary lacks.
public struct FontStack: Sendable {
    /// The font asked for.
    public let primary: Font
    /// The pattern fallback fonts should resemble; `nil` when fallback is off (a font file: the
    /// caller asked for exactly that font, so missing characters become .notdef with a warning).
    public let fallbackPattern: String?
    /// Fonts tried, in order, before Fontconfig for characters the primary lacks: a build that
    /// names them draws the same glyphs on every machine, whatever fonts are installed.
    public let fallbacks: [Font]
    /// What a user should be told when the primary font stands in for the family asked for
    /// (Fontconfig's metric-compatible substitute); `nil` when it is the family asked for.
    public let substitution: String?

    /// A stack of `primary`, then `fallbacks`, then Fontconfig's fallback for `fallbackPattern`
    /// (`nil`: none); `substitution` says what Fontconfig substituted.
    public init(primary: Font, fallbackPattern: String?, fallbacks: [Font] = [], substitution: String? = nil) {
        self.primary = primary
        self.fallbackPattern = fallbackPattern
        self.fallbacks = fallbacks
        self.substitution = substitution
    }

    /// This stack with `fonts` tried first for characters the primary lacks.
    public func addingFallbacks(_ fonts: [Font]) -> FontStack {
        fonts.isEmpty ? self : FontStack(primary: primary, fallbackPattern: fallbackPattern, fallbacks: fallbacks + fonts,
                                         substitution: substitution)
    }

    /// Opens each request's primary font, for `addingFallbacks`.
    public static func fallbackFonts(_ requests: [FontRequest]) throws(FontError) -> [Font] {
        var fonts: [Font] = []
        for request in requests { fonts.append(try resolve(request).primary) }
        return fonts
    }

    /// Resolves a request. A family pattern that names a bundled DejaVu font (regular or bold,
    /// upright) uses the bundled bytes, so output is the same on every machine; other patterns go
    /// to Fontconfig. Bundled and family requests fall back for missing characters; files do not.
    public static func resolve(_ request: FontRequest) throws(FontError) -> FontStack {
        if let known = resolved.withLock({ $0[request] }) { return known }
        let stack = try resolveUncached(request)
        resolved.withLock { $0[request] = stack }
        return stack
    }

    private static let resolved = Mutex(RecentCache<FontRequest, FontStack>(capacity: 64))

    private static func resolveUncached(_ request: FontRequest) throws(FontError) -> FontStack {
        switch request {
        case .bundled(let font):
            return FontStack(primary: try FontCache.font(.bundled(font)), fallbackPattern: font.familyName)
        case .file(let path, let index):
            return FontStack(primary: try FontCache.font(.file(path: path, faceIndex: index)), fallbackPattern: nil)
        case .varied(let base, let variations):
            let stack = try resolve(base)
            return FontStack(primary: try FontCache.font(.varied(stack.primary.source, variations)),
                             fallbackPattern: stack.fallbackPattern, fallbacks: stack.fallbacks,
                             substitution: stack.substitution)
        case .family(let pattern):
            let trimmed = pattern.trimmed()
            guard !trimmed.isEmpty else { throw .invalidPattern(pattern) }
            // Axis values written into the pattern (`Inter:wght=550`), which Fontconfig would
            // drop without a word.
            let (plain, axes) = try Fontconfig.axisElements(trimmed)
            if !axes.isEmpty { return try resolve(.varied(.family(plain), FontVariations(axes: axes))) }
            let parsed = try Fontconfig.parse(trimmed)
            if parsed.families.count == 1, parsed.slant == nil || parsed.slant == 0,
               let bold = Self.boldness(parsed.weight),
               let bundled = BundledFont(family: parsed.families[0], bold: bold) {
                return FontStack(primary: try FontCache.font(.bundled(bundled)), fallbackPattern: trimmed)
            }
            // A bundled face by its full name ("DejaVu Sans Bold"), as people type it.
            if parsed.families.count == 1, parsed.weight == nil, parsed.slant == nil,
               let bundled = BundledFont(fullName: parsed.families[0]) {
                return FontStack(primary: try FontCache.font(.bundled(bundled)), fallbackPattern: bundled.familyName)
            }
            let match = try Fontconfig.match(trimmed)
            let substitution = match.substitution.map {
                "font \"\($0.requested)\" is not installed; Fontconfig substitutes \($0.used), metric-compatible with it"
            }
            return FontStack(primary: try FontCache.font(FontSource.fontconfig(path: match.path, index: match.faceIndex)),
                             fallbackPattern: trimmed, substitution: substitution)
        }
    }

    /// Regular (nil or Fontconfig weight 80) → false, bold (200) → true, others → nil.
    private static func boldness(_ weight: Int32?) -> Bool? {
        switch weight {
        case nil, 80: return false
        case 200: return true
        default: return nil
        }
    }

    /// The font for one grapheme cluster: the primary if it covers every character, else a
    /// fallback that does, else `nil`.
    func font(for character: Character) -> Font? {
        let scalars = character.unicodeScalars.filter { !primary.covers($0) }
        if scalars.isEmpty { return primary }
        if let named = fallbacks.first(where: { font in scalars.allSatisfy(font.covers) }) { return named }
        guard let pattern = fallbackPattern else { return nil }
        return FallbackCache.font(for: Array(character.unicodeScalars), like: pattern)
    }
}

/// Fallback fonts by the characters they were asked for, so Fontconfig runs once per character.
enum FallbackCache {
    private struct Key: Hashable {
        var scalars: [UInt32]
        var pattern: String
    }

    private static let fonts = Mutex([Key: Font?]())

    static func font(for scalars: [Unicode.Scalar], like pattern: String) -> Font? {
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        let key = Key(scalars: needed.map(\.value), pattern: pattern)
        if let known = fonts.withLock({ $0[key] }) { return known }
        var font: Font?
        if let (path, index) = Fontconfig.fallback(for: needed, like: pattern) {
            font = try? FontCache.font(FontSource.fontconfig(path: path, index: index))
        }
        fonts.withLock { $0[key] = .some(font) }
        return font
    }
}

extension FontSource {
    /// The source Fontconfig means by `index`: bits 0–15 the face of a collection, bits 16 and up
    /// a variable font's named instance plus one (0: the default instance).
    static func fontconfig(path: String, index: Int) -> FontSource {
        let face = FontSource.file(path: path, faceIndex: index & 0xFFFF)
        let instance = index >> 16
        return instance > 0 ? .varied(face, FontVariations(instance: .index(instance - 1))) : face
    }
}

extension FontRequest {
    /// The font families Fontconfig finds on this machine, each with its styles, sorted by
    /// name: what a `--font` pattern may name (a font picker lists them). The bundled DejaVu
    /// families are named whether or not they are installed.
    public static func installedFamilies() throws(FontError) -> [(family: String, styles: [String])] {
        var families = try Fontconfig.families()
        for bundled in ["DejaVu Sans", "DejaVu Sans Mono"] where !families.contains(where: { $0.family == bundled }) {
            families.append((bundled, ["Book", "Bold"]))
        }
        return families.sorted { $0.family.lowercased() < $1.family.lowercased() }
    }
}
