import CurveTypeEffects
import CurveTypeFonts
import CurveTypeFrame
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `curvetype readme-badges README.md --out badges`: every shields.io badge a README shows that
// needs no live data is drawn into a file committed beside it, and the README is rewritten to
// show the file, so no reader's visit reaches a third party. Nothing is fetched: a badge that
// shows live data (`/github/…`, `/npm/v/…`, `/endpoint?url=…`) is listed and left as it is.
//
// The scanner reads Markdown and the HTML GitHub allows in it, line by line, and looks at
// addresses only where a picture is named: `](URL)` (an inline image or link), `[ref]: URL`
// (a reference definition) and `src="URL"` / `srcset="URL"`. Fenced and indented code blocks,
// code spans and HTML comments are left alone, as they show text, not pictures. Why by hand: a
// Markdown library (none is among this machine's Swift packages) would render, not rewrite in
// place, and the rewrite must keep every other byte of the file.

/// A README's shields badges, drawn into files and the README rewritten to show them.
public struct ReadmeBadges: Sendable {
    /// How the badges are drawn.
    public enum Look: Sendable, Equatable {
        /// One SVG a badge, in this theme.
        case theme(BadgeTheme)
        /// A light and a dark SVG a badge, shown by a `<picture>` that picks one by the
        /// reader's `prefers-color-scheme` (GitHub maps it to its own theme setting); a
        /// reference definition, which can hold no `<picture>`, gets one auto-theme SVG.
        case picture
    }

    /// A badge left as it is, and why.
    public struct Left: Sendable, Equatable {
        /// The address as the README writes it.
        public var url: String
        /// The README's line, from 1.
        public var line: Int
        /// Why it is not drawn: it shows live data, or it is no badge shields draws.
        public var reason: String
    }

    /// One file drawn: its path relative to the README's folder, its bytes, and the address.
    public struct File: Sendable {
        /// `OUT/name.svg`.
        public var path: String
        /// The drawing.
        public var contents: OutputFile.FileContents
        /// The badge's address (entities decoded).
        public var url: String
        /// The theme it is drawn in.
        public var theme: BadgeTheme
        /// The fonts other than the bundled ones its text was drawn with, `Family Style`,
        /// sorted (an emoji or CJK badge's fallbacks, which differ from machine to machine).
        public var fonts: [String] = []
    }

    /// The fonts the previous run recorded for each file it drew (`curvetype-badges.json`),
    /// by the file's path: `--check` names them beside a file that differs.
    public var recordedFonts: [String: [String]] = [:]

    /// The README as rewritten.
    public var readme: String
    /// Every file to write (the manifest last), in the order first met.
    public var files: [File]
    /// Badges left as they are.
    public var left: [Left]
    /// How many badge references the README now points at local files for.
    public var drawnReferences: Int

    /// The manifest's name in the output folder: each file's address and theme, so a README
    /// already rewritten is checked and redrawn without its addresses.
    public static let manifestName = "curvetype-badges.json"

    /// Plans the rewrite of `readme` with badge files in `folder` (as the README refers to it,
    /// relative to the README's folder, `/` between parts), reading the manifest a previous run
    /// left there (`manifest`, its bytes, if any). Renders every badge; writes nothing.
    public init(readme: String, folder: String, look: Look, manifest: [UInt8]?) throws(CurveTypeError) {
        let folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard !folder.isEmpty, !folder.contains(where: { $0 == "\"" || $0 == "'" || $0 == "(" || $0 == ")" || $0 == " " || $0 == "<" || $0 == ">" }) else {
            throw .invalidInput("the badge folder as the README names it must have no spaces, quotes, brackets or parentheses, not \"\(Diagnostic.escaped(String(folder.prefix(60))))\"")
        }
        let known = try manifest.map { bytes throws(CurveTypeError) in try Self.readManifest(bytes) } ?? []
        var planner = Planner(folder: folder, look: look, known: known)
        // Line by line, by bytes: a line ends at a line feed, and a carriage return before it
        // (a README written on Windows) is kept, not read.
        let bytes = Array(readme.utf8)
        var rewritten: [UInt8] = []
        rewritten.reserveCapacity(bytes.count)
        var line = 0
        // The folder's own files are addresses too: a README drawn before is drawn again in the
        // look asked for now (`--theme`, `--picture`), which said "0 badges shown" and did nothing.
        var scanner = ReadmeScanner(localPrefix: Array((folder + "/").utf8))
        var start = 0
        while true {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            line += 1
            if line > 1 { rewritten.append(0x0A) }
            let returned = end > start && bytes[end - 1] == 0x0D
            rewritten += try scanner.rewrite(bytes[start..<(returned ? end - 1 : end)], line: line) { url, context throws(CurveTypeError) in
                try planner.replacement(for: url, context: context, line: line)
            }
            if returned { rewritten.append(0x0D) }
            guard end < bytes.count else { break }
            start = end + 1
        }
        let out = String(decoding: rewritten, as: UTF8.self)
        // Files a previous run drew that the README still shows, drawn again from their addresses.
        let shown = Self.fileNames(after: folder + "/", in: out)
        for entry in known where shown.contains(entry.file) {
            try planner.keep(entry)
        }
        self.readme = out
        self.left = planner.left
        self.drawnReferences = planner.references
        var files = planner.files
        let entries = files.map {
            ManifestEntry(file: String($0.path.dropFirst(folder.count + 1)), url: $0.url, theme: $0.theme.rawValue, fonts: $0.fonts.isEmpty ? nil : $0.fonts)
        }
        self.recordedFonts = Dictionary(known.compactMap { entry in entry.fonts.map { (folder + "/" + entry.file, $0) } }, uniquingKeysWith: { first, _ in first })
        if !files.isEmpty {
            files.append(File(path: folder + "/" + Self.manifestName, contents: .text(Self.writeManifest(entries)), url: "", theme: .shields))
        }
        self.files = files
    }

    /// The file names `text` shows right after `prefix` (`badges/NAME.svg`), in one pass.
    ///
    /// Knuth–Morris–Pratt by hand, as neither the standard library nor Foundation promises a
    /// search linear in both lengths: a folder of 300 `x` in a line of 100,000 `x` took 4 s
    /// compared position by position.
    static func fileNames(after prefix: String, in text: String) -> Set<String> {
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F || b == 0x2D
        }
        let pattern = Array(prefix.utf8)
        guard !pattern.isEmpty else { return [] }
        // fallback[k]: the length of the longest proper border of pattern[0...k].
        var fallback = [Int](repeating: 0, count: pattern.count)
        var border = 0
        for k in 1..<max(pattern.count, 1) {
            while border > 0 && pattern[k] != pattern[border] { border = fallback[border - 1] }
            if pattern[k] == pattern[border] { border += 1 }
            fallback[k] = border
        }
        let bytes = Array(text.utf8)
        var names: Set<String> = []
        var matched = 0
        var i = 0
        while i < bytes.count {
            while matched > 0 && bytes[i] != pattern[matched] { matched = fallback[matched - 1] }
            if bytes[i] == pattern[matched] { matched += 1 }
            i += 1
            guard matched == pattern.count else { continue }
            let name = bytes[i...].prefix(while: isNameByte)
            if !name.isEmpty { names.insert(String(decoding: name, as: UTF8.self)) }
            i += name.count
            matched = 0
        }
        return names
    }

    // MARK: Manifest

    struct ManifestEntry: Codable, Equatable {
        var file: String
        var url: String
        var theme: String
        /// Fonts other than the bundled ones, where any drew it.
        var fonts: [String]?
    }

    /// The largest manifest read, bytes: an entry a drawn file, each at most an address of
    /// the README and a name, so four times the largest README holds any a README can make
    /// (a `<picture>` draws two files an address).
    public static let maximumManifestBytes = 4 * ReadmeBadgesOptions.maximumReadmeBytes

    static func readManifest(_ bytes: [UInt8]) throws(CurveTypeError) -> [ManifestEntry] {
        guard bytes.count <= maximumManifestBytes,
              let entries = try? JSONValueDecoder().decode([String: [ManifestEntry]].self, from: bytes, what: manifestName, limit: maximumManifestBytes)["badges"] else {
            throw .invalidInput("\(manifestName) in the badge folder is not what readme-badges writes; remove it to start again")
        }
        return try entries.map { entry throws(CurveTypeError) in
            guard BadgeTheme(rawValue: entry.theme) != nil, !entry.file.contains("/"), !entry.file.hasPrefix(".") else {
                throw .invalidInput("\(manifestName) names \"\(Diagnostic.escaped(String(entry.file.prefix(60))))\", which readme-badges does not write")
            }
            return entry
        }
    }

    /// The manifest: one entry a line, in the order first met, so its diffs read well.
    static func writeManifest(_ entries: [ManifestEntry]) -> String {
        func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += "\\u" + hexDigits(UInt64(scalar.value), width: 4)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let lines = entries.map { entry in
            let fonts = entry.fonts.map { ", \"fonts\": [" + $0.map(quoted).joined(separator: ", ") + "]" } ?? ""
            return "  {\"file\": \(quoted(entry.file)), \"url\": \(quoted(entry.url)), \"theme\": \(quoted(entry.theme))\(fonts)}"
        }
        return "{\"badges\": [\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "]}\n"
    }
}

/// Where an address stands in the README, which says how it is replaced.
enum ReadmeContext {
    /// `](URL)`: a Markdown image or link; `image` is the whole `![alt](URL …)` where the
    /// address is an inline image's, with its alt text.
    case markdown(image: (range: Range<Int>, alt: String)?)
    /// `[ref]: URL`.
    case reference
    /// `src="URL"` of an `<img …>`, the element's range in the line.
    case htmlImage(element: Range<Int>?)
    /// `srcset="URL"`: a `<source>` already written.
    case sourceSet
    /// An `<img>` or `<source>` inside a `<picture>` the author wrote: each of its addresses is
    /// the look the author chose for its theme, drawn as shields draws it, in place (a
    /// `<picture>` nested in it hid the author's dark badge). `source`: a `<source>`'s.
    case authorsPicture(source: Bool)
}

/// Draws the badges and says what each address becomes.
private struct Planner {
    let folder: String
    let look: ReadmeBadges.Look
    var files: [ReadmeBadges.File] = []
    var left: [ReadmeBadges.Left] = []
    var references = 0
    /// Files drawn, by name (each once; a set, as a README may show thousands).
    var drawn: Set<String> = []

    /// The previous run's files, by name.
    let known: [String: ReadmeBadges.ManifestEntry]

    init(folder: String, look: ReadmeBadges.Look, known: [ReadmeBadges.ManifestEntry] = []) {
        self.folder = folder
        self.look = look
        self.known = Dictionary(known.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What replaces `url` (the text from its start to the end of what `context` spans), or
    /// `nil` to leave it.
    mutating func replacement(for url: String, context: ReadmeContext, line: Int) throws(CurveTypeError) -> ReadmeScanner.Replacement? {
        let address = ReadmeScanner.decodingEntities(url)
        if address.hasPrefix(folder + "/") { return try again(address, context: context, line: line) }
        // Pictures from anywhere else are not shields' badges: nothing to say of them.
        guard Self.isShields(address) else { return nil }
        let reading: (items: [(name: String, value: String)], format: OutputFormat, slug: String)
        switch Self.read(address) {
        case .failure(let error):
            left.append(.init(url: url, line: line, reason: error.reason))
            return nil
        case .success(let value):
            reading = value
        }
        let base = reading.slug + "-" + hexDigits(fnv1a(address) & 0xFFFF_FFFF, width: 8)
        let light = base + "-light." + reading.format.rawValue, dark = base + "-dark." + reading.format.rawValue
        let single = base + "." + reading.format.rawValue
        // A fragment stays on the address: GitHub shows `#gh-dark-mode-only` pictures on its
        // dark theme alone and `#gh-light-mode-only` on its light one, so a README's own pair
        // keeps working; with `--picture`, each is drawn for the one theme it is shown in.
        let fragment = url.firstIndex(of: "#").map { String(url[$0...]) } ?? ""
        let fragmentTheme: BadgeTheme? = fragment == "#gh-dark-mode-only" ? .dark : fragment == "#gh-light-mode-only" ? .light : nil
        // What is drawn: (file, theme), and how the address is replaced.
        let drawings: [(String, BadgeTheme)]
        let replacement: ReadmeScanner.Replacement
        switch (look, context) {
        case (.theme(let theme), _):
            drawings = [(single, theme)]
            replacement = .address(folder + "/" + single + fragment)
        case (.picture, _) where !fragment.isEmpty:
            drawings = [(single, fragmentTheme ?? .auto)]
            replacement = .address(folder + "/" + single + fragment)
        case (.picture, .reference), (.picture, .sourceSet), (.picture, .markdown(image: nil)), (.picture, .htmlImage(element: nil)):
            drawings = [(single, .auto)]
            replacement = .address(folder + "/" + single)
        case (.picture, .authorsPicture):
            drawings = [(single, .light)]
            replacement = .address(folder + "/" + single)
        case (.picture, .markdown(image: let image?)):
            drawings = [(light, .light), (dark, .dark)]
            let img = "<img alt=\"\(Self.attribute(image.alt))\" src=\"\(folder)/\(light)\">"
            replacement = .element(image.range, Self.picture(light: folder + "/" + light, dark: folder + "/" + dark, image: img))
        case (.picture, .htmlImage(element: let element?)):
            drawings = [(light, .light), (dark, .dark)]
            replacement = .wrapped(element, address: folder + "/" + light,
                                   before: Self.picture(light: folder + "/" + light, dark: folder + "/" + dark, image: nil), after: "</picture>")
        }
        // A badge that cannot be drawn (text past the limits) is left, listed with why.
        do {
            for (name, theme) in drawings { try draw(name, url: address, items: reading.items, format: reading.format, theme: theme) }
        } catch {
            left.append(.init(url: url, line: line, reason: "cannot be drawn: " + error.keyedMessage))
            return nil
        }
        references += 1
        return replacement
    }

    /// A file a previous run drew, shown by the README at `address`, in the look asked for
    /// now: with a theme, a single file is drawn again in it under its own name (the README
    /// unchanged); with `--picture`, a single file shown as an image becomes a light and a dark
    /// file in a `<picture>`, as its shields address would. A file of a light and dark pair, or
    /// one the manifest does not hold, is left (and kept, if listed).
    private mutating func again(_ address: String, context: ReadmeContext, line: Int) throws(CurveTypeError) -> ReadmeScanner.Replacement? {
        let rest = address.dropFirst(folder.count + 1)
        let file = String(rest.prefix { $0 != "#" && $0 != "?" })
        guard let entry = known[file] else { return nil }
        // Shown from a file of the folder, whatever becomes of it (a <picture> once, by its
        // image, not again by its dark source).
        switch context {
        case .sourceSet, .authorsPicture(source: true): break
        default: references += 1
        }
        guard !file.contains("-light.") && !file.contains("-dark."), case .success(let reading) = Self.read(entry.url) else { return nil }
        switch look {
        case .theme(let theme):
            do {
                try draw(file, url: entry.url, items: reading.items, format: reading.format, theme: theme)
            } catch {
                left.append(.init(url: address, line: line, reason: "cannot be drawn: " + error.keyedMessage))
            }
            return nil
        case .picture:
            guard rest.count == file.count else { return nil }
            switch context {
            case .markdown(image: _?), .htmlImage(element: _?):
                // Counted again by the shields address's own replacement.
                references -= 1
                return try replacement(for: entry.url, context: context, line: line)
            default: return nil
            }
        }
    }

    /// Draws a file a previous run listed, if this run has not.
    mutating func keep(_ entry: ReadmeBadges.ManifestEntry) throws(CurveTypeError) {
        guard !drawn.contains(entry.file), case .success(let reading) = Self.read(entry.url), let theme = BadgeTheme(rawValue: entry.theme) else { return }
        try draw(entry.file, url: entry.url, items: reading.items, format: reading.format, theme: theme)
    }

    private mutating func draw(_ name: String, url: String, items: [(name: String, value: String)], format: OutputFormat,
                               theme: BadgeTheme) throws(CurveTypeError) {
        guard !drawn.contains(name) else { return }
        var items = items
        if theme != .shields, !items.contains(where: { $0.name == "theme" }) { items.append(("theme", theme.rawValue)) }
        let query: QueryCommand
        do {
            query = try QueryCommand("badge", items: items)
        } catch {
            throw .invalidInput(ErrorText(error.keyedMessage))
        }
        let document = try query.request().renderDocument()
        files.append(.init(path: folder + "/" + name, contents: try document.contents(format, settings: query.settings), url: url, theme: theme,
                           fonts: Self.fallbackFonts(in: document.frame.items)))
        drawn.insert(name)
    }

    /// The fonts other than the bundled ones that draw glyphs among `items`, `Family Style`,
    /// sorted, each once.
    static func fallbackFonts(in items: [FrameItem]) -> [String] {
        var names: Set<String> = []
        func isBundled(_ source: FontSource) -> Bool {
            switch source {
            case .bundled: true
            case .varied(let base, _): isBundled(base)
            case .file, .memory: false
            }
        }
        func walk(_ items: [FrameItem]) {
            for item in items {
                switch item {
                case .group(let group): walk(group.items)
                case .glyphs(let run):
                    for glyph in run.glyphs where run.fonts.indices.contains(glyph.font) {
                        let font = run.fonts[glyph.font]
                        if isBundled(font.source) { continue }
                        names.insert(font.familyName + " " + font.styleName)
                    }
                default: break
                }
            }
        }
        walk(items)
        return names.sorted()
    }

    /// `<picture>` with the dark file for dark readers, then `image` (or nothing, where the
    /// element that follows is the image).
    static func picture(light: String, dark: String, image: String?) -> String {
        "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(dark)\">" + (image.map { $0 + "</picture>" } ?? "")
    }

    static func attribute(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }

    /// `address` after its scheme (`https://`, `http://` or a scheme-relative `//`).
    static func withoutScheme(_ address: String) -> Substring {
        let lower = address.lowercased()
        for scheme in ["https://", "http://", "//"] where lower.hasPrefix(scheme) { return address.dropFirst(scheme.count) }
        return Substring(address)
    }

    /// Whether `address` is a shields picture: on img.shields.io, or a badge on the bare
    /// shields.io host (which serves `/badge/…` too), by http, https or `//`, any case.
    static func isShields(_ address: String) -> Bool {
        let rest = withoutScheme(address).lowercased()
        return rest.hasPrefix("img.shields.io/") || rest.hasPrefix("shields.io/badge/") || rest.hasPrefix("shields.io/static/v1")
    }

    /// A shields address read as shields reads it: the badge command's options, the format,
    /// and a slug for the file's name; or why it is left.
    static func read(_ address: String) -> Result<(items: [(name: String, value: String)], format: OutputFormat, slug: String), ReadError> {
        var rest = withoutScheme(address)
        if rest.lowercased().hasPrefix("img.shields.io/") {
            rest = rest.dropFirst("img.shields.io".count)
        } else if rest.lowercased().hasPrefix("shields.io/") {
            rest = rest.dropFirst("shields.io".count)
        } else {
            return .failure(.init("not a shields.io address"))
        }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let path: Substring, queryText: Substring
        if let mark = rest.firstIndex(of: "?") { (path, queryText) = (rest[..<mark], rest[rest.index(after: mark)...]) } else { (path, queryText) = (rest, "") }
        // Read as shields reads a query (Node's querystring): a `%` that starts no escape is
        // itself (`logoColor=%white` is the colour "%white", which shields ignores).
        guard let query = PercentDecoding.queryItems(queryText, keepingStrayPercents: true) else { return .failure(.init("its query is not valid percent-encoded UTF-8")) }
        // CurveType's own drawing settings are not shields'; a README's address has none.
        let own = ["format", "scale", "frameTime", "frame-time", "cacheSeconds", "maxAge"]
        let shieldsQuery = query.filter { !own.contains($0.name) }
        if path.hasPrefix("/badge/"), let badge = BadgeURL(content: path.dropFirst("/badge/".count)) {
            let reading = ShieldsBadgeQuery(badge: badge, query: shieldsQuery)
            return .success((reading.options, badge.format ?? .svg, slug(badge.label + " " + badge.message)))
        }
        if path == "/static/v1" || path == "/static/v1.svg" {
            // shields' older static route: label, message and color in the query; with no
            // label, its category's name, "static", and lightgrey (coalesce-badge.js).
            let value = { (key: String) in query.first { $0.name == key }?.value }
            guard let message = value("message"), !message.isEmpty else { return .failure(.init("a static badge without a message")) }
            let badge = BadgeURL(label: value("label") ?? "static", message: message, color: value("color") ?? "lightgrey")
            let reading = ShieldsBadgeQuery(badge: badge, query: shieldsQuery.filter { $0.name != "message" })
            return .success((reading.options, .svg, slug(badge.label + " " + badge.message)))
        }
        if path.hasPrefix("/badge/") && !path.hasPrefix("/badge/dynamic") && !path.hasPrefix("/badge/endpoint") {
            return .failure(.init("not a badge shields draws (shields answers 404)"))
        }
        return .failure(.init("shows live data (\(path.split(separator: "/").first.map(String.init) ?? "?")), fetched by shields on every view"))
    }

    struct ReadError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Lower-case ASCII letters and digits of `text`, runs of anything else one `-`, at most
    /// 32 characters; `badge` when none are left.
    static func slug(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            if (lower >= "a" && lower <= "z") || (lower >= "0" && lower <= "9") { out.unicodeScalars.append(lower) } else if !out.isEmpty && !out.hasSuffix("-") { out += "-" }
            if out.count >= 32 { break }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "badge" : out
    }
}

/// Finds picture addresses in a README, line by line, outside code and comments. It reads
/// UTF-8 bytes, not characters: every mark it looks for is ASCII, a byte of a multi-byte
/// character is never ASCII, and a README of 16 MiB is read in well under a second (by
/// `Character` it took 30 s).
struct ReadmeScanner {
    /// What an address becomes.
    enum Replacement {
        /// Another address, in place.
        case address(String)
        /// The element at this range of the line replaced by this text.
        case element(Range<Int>, String)
        /// The element at this range kept, its address replaced, text put before and after it.
        case wrapped(Range<Int>, address: String, before: String, after: String)
    }

    private var fence: (byte: UInt8, count: Int)?
    private var inComment = false
    /// `<picture>` elements open where the scan is (an author's own, across lines).
    private var pictureDepth = 0
    private var previousBlank = true
    /// Where a relative address into the badge folder starts (`badges/`): the folder's own
    /// files are read as addresses too.
    let localPrefix: [UInt8]

    init(localPrefix: [UInt8] = []) {
        self.localPrefix = localPrefix
    }

    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), backtick = UInt8(ascii: "`"), tilde = UInt8(ascii: "~")

    /// `line` (its bytes, without the line feed or a carriage return before it) with each
    /// shields address `replace` answers for replaced.
    mutating func rewrite(_ line: ArraySlice<UInt8>, line number: Int,
                          _ replace: (String, ReadmeContext) throws(CurveTypeError) -> Replacement?) throws(CurveTypeError) -> [UInt8] {
        let chars = Array(line)
        // Fenced code: ``` or ~~~ (three or more), closed by at least as many of the same.
        let indent = chars.prefix { $0 == Self.space }.count
        if indent < 4, let first = chars.dropFirst(indent).first, first == Self.backtick || first == Self.tilde {
            let run = chars.dropFirst(indent).prefix { $0 == first }.count
            if run >= 3 {
                if let open = fence {
                    if open.byte == first && run >= open.count && chars.dropFirst(indent + run).allSatisfy({ $0 == Self.space || $0 == Self.tab }) { fence = nil }
                } else if first == Self.tilde || !chars.dropFirst(indent + run).contains(Self.backtick) {
                    fence = (first, run)
                }
                previousBlank = false
                return chars
            }
        }
        if fence != nil { return chars }
        // Indented code: four spaces (or a tab) after a blank line, outside HTML.
        let blank = chars.allSatisfy { $0 == Self.space || $0 == Self.tab }
        if !inComment && previousBlank && !blank && (indent >= 4 || chars.first == Self.tab) {
            return chars
        }
        previousBlank = blank

        var changes: [(range: Range<Int>, text: String)] = []
        // The end of a `srcset` value being read: its later candidates follow commas.
        var sourceSetEnd: Int?
        var i = 0
        while i < chars.count {
            if inComment {
                if let end = Self.find(Array("-->".utf8), in: chars, from: i) { inComment = false; i = end + 3 } else { i = chars.count }
                continue
            }
            let c = chars[i]
            if c == UInt8(ascii: "<") && Self.matches(Array("<!--".utf8), in: chars, at: i) { inComment = true; i += 4; continue }
            if c == UInt8(ascii: "<") {
                if Self.startsTag("picture", in: chars, at: i + 1) { pictureDepth += 1 }
                if i + 1 < chars.count, chars[i + 1] == UInt8(ascii: "/"), Self.startsTag("picture", in: chars, at: i + 2) { pictureDepth = max(0, pictureDepth - 1) }
            }
            if c == Self.backtick {
                // A code span: the same number of backticks closes it.
                let run = chars[i...].prefix { $0 == Self.backtick }.count
                var j = i + run
                var closed: Int?
                while j < chars.count {
                    if chars[j] == Self.backtick {
                        let other = chars[j...].prefix { $0 == Self.backtick }.count
                        if other == run { closed = j + run; break }
                        j += other
                    } else { j += 1 }
                }
                i = closed ?? (i + run)
                continue
            }
            guard let start = Self.addressStart(chars, at: i) ?? localStart(chars, at: i) else { i += 1; continue }
            let context: Context
            if let end = sourceSetEnd, i < end, Self.followsComma(chars, at: i) {
                context = Context(terminator: .sourceSet(quoted: true)) { _, _, _ in .sourceSet }
            } else if let found = Self.context(chars, before: i) {
                context = found
            } else { i = start; continue }
            var end = Self.addressEnd(chars, from: i, context: context.terminator)
            if case .sourceSet(let quoted) = context.terminator {
                // A candidate's address loses the commas that end it; the value ends at its quote.
                while end > i + 1, chars[end - 1] == UInt8(ascii: ",") { end -= 1 }
                if quoted, sourceSetEnd == nil || i >= sourceSetEnd! {
                    sourceSetEnd = chars[end...].firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") } ?? chars.count
                }
            }
            let url = String(decoding: chars[i..<end], as: UTF8.self)
            var kind = context.kind(chars, i, end)
            if pictureDepth > 0 {
                switch kind {
                case .htmlImage: kind = .authorsPicture(source: false)
                case .sourceSet: kind = .authorsPicture(source: true)
                default: break
                }
            }
            if let replacement = try replace(url, kind) {
                switch replacement {
                case .address(let text): changes.append((i..<end, text))
                case .element(let range, let text): changes.append((range, text))
                case .wrapped(let range, let address, let before, let after):
                    changes.append((range.lowerBound..<range.lowerBound, before))
                    changes.append((i..<end, address))
                    changes.append((range.upperBound..<range.upperBound, after))
                }
            }
            i = max(end, i + 1)
        }
        guard !changes.isEmpty else { return chars }
        // Apply from the left; an element replaced whole swallows the changes inside it.
        var out: [UInt8] = []
        out.reserveCapacity(chars.count + changes.count * 64)
        var position = 0
        for change in changes.sorted(by: { $0.range.lowerBound < $1.range.lowerBound || ($0.range.lowerBound == $1.range.lowerBound && $0.range.isEmpty && !$1.range.isEmpty) }) {
            guard change.range.lowerBound >= position else { continue }
            out += chars[position..<change.range.lowerBound]
            out += Array(change.text.utf8)
            position = change.range.upperBound
        }
        return out + chars[position...]
    }

    /// Where an address could start at `i`: after `http://`, `https://` or a scheme-relative
    /// `//` (which a page on https reads as https).
    private static func addressStart(_ chars: [UInt8], at i: Int) -> Int? {
        let c = chars[i]
        guard c == UInt8(ascii: "h") || c == UInt8(ascii: "H") || c == UInt8(ascii: "/") else { return nil }
        for scheme in ["https://", "http://", "//"] where matches(Array(scheme.utf8), in: chars, at: i, caseInsensitive: true) {
            return i + scheme.utf8.count
        }
        return nil
    }

    /// Where a relative address into the badge folder could start at `i`: right after an
    /// address's opening (not inside a longer path).
    ///
    /// The byte before must open an address (a bracket, a quote, `=`, `<`, a space, a comma or
    /// the line's start), and is looked at first: a line of 100,000 letters with a folder of 300
    /// letters was compared at every byte, 2.5 s.
    private func localStart(_ chars: [UInt8], at i: Int) -> Int? {
        guard !localPrefix.isEmpty, chars[i] == localPrefix[0] else { return nil }
        if i > 0 {
            let before = chars[i - 1]
            guard Self.opensAddress.contains(before) else { return nil }
        }
        guard Self.matches(localPrefix, in: chars, at: i) else { return nil }
        return i + localPrefix.count
    }

    /// The bytes an address may follow: `(`, `<`, `"`, `'`, `=`, `,`, a space or a tab.
    static let opensAddress: Set<UInt8> = Set("(<\"'=, \t".utf8)

    /// Whether the address at `i` follows a comma (and spaces): a later `srcset` candidate.
    private static func followsComma(_ chars: [UInt8], at i: Int) -> Bool {
        var j = i - 1
        while j >= 0, chars[j] == space || chars[j] == tab { j -= 1 }
        return j >= 0 && chars[j] == UInt8(ascii: ",")
    }

    private struct Context {
        let terminator: Terminator
        let kind: ([UInt8], Int, Int) -> ReadmeContext
    }

    /// What ends an address: its quote; Markdown's `)` or a space; `>` after `<`; a space (a
    /// reference definition); a space or `>` (an unquoted attribute); a space or a quote (a
    /// `srcset` candidate, followed by its descriptor).
    enum Terminator { case quote(UInt8), markdown, whitespace, angle, unquoted, sourceSet(quoted: Bool) }

    /// Whether `chars` at `i` is the tag name `name` (any case), ended by white space, `>` or
    /// `/`, or the line's end.
    static func startsTag(_ name: String, in chars: [UInt8], at i: Int) -> Bool {
        let name = Array(name.utf8)
        guard i + name.count <= chars.count else { return false }
        for (k, byte) in name.enumerated() where chars[i + k] | 0x20 != byte { return false }
        let after = i + name.count
        return after == chars.count || [space, tab, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "\r")].contains(chars[after])
    }

    /// The context of an address starting at `i`, if it names a picture.
    /// (Each test looks only at the few characters before `i`, so a line of many addresses is
    /// read in time proportional to its length.)
    private static func context(_ chars: [UInt8], before i: Int) -> Context? {
        func endsWith(_ text: String, at end: Int) -> Bool {
            let pattern = Array(text.utf8)
            return end >= pattern.count && matches(pattern, in: chars, at: end - pattern.count, caseInsensitive: true)
        }
        if endsWith("](", at: i) || endsWith("](<", at: i) {
            let angle = endsWith("<", at: i)
            let open = i - (angle ? 3 : 2)
            return Context(terminator: angle ? .angle : .markdown) { chars, start, end in
                .markdown(image: markdownImage(chars, close: open, addressEnd: end))
            }
        }
        // An attribute, as HTML reads one: `src`, spaces, `=`, spaces, then a quote or none.
        var j = i
        var quote: UInt8?
        if j > 0, chars[j - 1] == UInt8(ascii: "\"") || chars[j - 1] == UInt8(ascii: "'") { quote = chars[j - 1]; j -= 1 }
        var spaces = 0
        while j > 0, chars[j - 1] == space || chars[j - 1] == tab, spaces < 16 { j -= 1; spaces += 1 }
        if j > 0, chars[j - 1] == UInt8(ascii: "=") {
            j -= 1
            spaces = 0
            while j > 0, chars[j - 1] == space || chars[j - 1] == tab, spaces < 16 { j -= 1; spaces += 1 }
            for attribute in ["srcset", "src"] where endsWith(attribute, at: j) {
                let before = j - attribute.utf8.count - 1
                guard before >= 0, chars[before] == space || chars[before] == tab else { continue }
                if attribute == "srcset" { return Context(terminator: .sourceSet(quoted: quote != nil)) { _, _, _ in .sourceSet } }
                return Context(terminator: quote.map { .quote($0) } ?? .unquoted) { chars, start, _ in .htmlImage(element: element(chars, containing: start)) }
            }
        }
        // A reference definition: up to three spaces, [label]: (a label is at most 999
        // characters, as CommonMark has it), spaces, the address.
        guard i <= 1_100 else { return nil }
        let before = chars[..<i]
        let trimmed = before.drop { $0 == space }
        if before.count - trimmed.count <= 3, trimmed.first == UInt8(ascii: "["), let close = trimmed.firstIndex(of: UInt8(ascii: "]")),
           trimmed[(close + 1)...].first == UInt8(ascii: ":"), trimmed[(close + 2)...].allSatisfy({ $0 == space || $0 == tab }) {
            return Context(terminator: .whitespace) { _, _, _ in .reference }
        }
        return nil
    }

    /// The end of an address from `i`.
    private static func addressEnd(_ chars: [UInt8], from i: Int, context: Terminator) -> Int {
        var j = i
        var depth = 0
        while j < chars.count {
            let c = chars[j]
            switch context {
            case .quote(let q): if c == q { return j }
            case .angle: if c == UInt8(ascii: ">") || c == UInt8(ascii: "<") { return j }
            case .whitespace: if c == space || c == tab { return j }
            case .unquoted: if c == space || c == tab || c == UInt8(ascii: ">") { return j }
            case .sourceSet: if c == space || c == tab || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: ">") { return j }
            case .markdown:
                // CommonMark's destination may hold `<` and `>` past its first character
                // (`/badge/<A>-<B>-<C>.svg`, which GitHub shows and shields draws).
                if c == space || c == tab { return j }
                if c == UInt8(ascii: "(") { depth += 1 }
                if c == UInt8(ascii: ")") { if depth == 0 { return j }; depth -= 1 }
            }
            j += 1
        }
        return j
    }

    /// The whole `![alt](address …)` whose `](` is at `close`, if it is an inline image on
    /// this line: brackets matched back to `![`, the closing `)` found after the address.
    private static func markdownImage(_ chars: [UInt8], close: Int, addressEnd: Int) -> (range: Range<Int>, alt: String)? {
        var depth = 0
        var j = close
        while j >= max(0, close - maximumElement) {
            if chars[j] == UInt8(ascii: "]") { depth += 1 } else if chars[j] == UInt8(ascii: "[") {
                depth -= 1
                if depth == 0 { break }
            }
            j -= 1
        }
        guard j >= 1, depth == 0, chars[j - 1] == UInt8(ascii: "!") else { return nil }
        var k = addressEnd
        var inTitle: UInt8?
        while k < min(chars.count, addressEnd + maximumElement) {
            let c = chars[k]
            if let q = inTitle { if c == q { inTitle = nil } } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { inTitle = c } else if c == UInt8(ascii: ")") { break }
            k += 1
        }
        guard k < chars.count, chars[k] == UInt8(ascii: ")") else { return nil }
        return ((j - 1)..<(k + 1), String(decoding: chars[(j + 1)..<close], as: UTF8.self))
    }

    /// How far an image's or element's ends are looked for from its address, bytes: an
    /// image or `<img>` that spans more is left whole (its address is still replaced), so a
    /// line of many addresses is read in time proportional to its length.
    static let maximumElement = 4_096

    /// The `<img …>` element around `i`, if its `<img` and `>` are on this line.
    private static func element(_ chars: [UInt8], containing i: Int) -> Range<Int>? {
        var j = i
        while j >= max(0, i - maximumElement), chars[j] != UInt8(ascii: "<") { j -= 1 }
        guard j >= max(0, i - maximumElement), matches(Array("<img".utf8), in: chars, at: j, caseInsensitive: true) else { return nil }
        var k = j
        var quote: UInt8?
        while k < min(chars.count, j + 2 * maximumElement) {
            let c = chars[k]
            if let q = quote { if c == q { quote = nil } } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { quote = c } else if c == UInt8(ascii: ">") { return j..<(k + 1) }
            k += 1
        }
        return nil
    }

    /// Whether `pattern` (ASCII) is at `i`; ASCII letters of any case where `caseInsensitive`.
    static func matches(_ pattern: [UInt8], in chars: [UInt8], at i: Int, caseInsensitive: Bool = false) -> Bool {
        guard i >= 0, i + pattern.count <= chars.count else { return false }
        for (offset, p) in pattern.enumerated() {
            let c = chars[i + offset]
            if caseInsensitive ? lowered(c) != lowered(p) : c != p { return false }
        }
        return true
    }

    /// An ASCII capital letter as a small one; any other byte as it is.
    static func lowered(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    static func find(_ pattern: [UInt8], in chars: [UInt8], from i: Int) -> Int? {
        var j = i
        while j + pattern.count <= chars.count {
            if matches(pattern, in: chars, at: j) { return j }
            j += 1
        }
        return nil
    }

    /// HTML's and Markdown's character references in an address, as a browser and GitHub
    /// read them: every named one of HTML's list (`&amp;`, `&nbsp;`, `&eacute;`) and numeric
    /// ones (`&#39;`, `&#x2014;`). (`&nbsp;` was drawn as those six characters.)
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            // The longest name is 31 letters (CounterClockwiseContourIntegral).
            guard let semicolon = rest.prefix(34).firstIndex(of: ";") else { out += "&"; rest = rest.dropFirst(); continue }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let value = HTMLEntities.values[name] {
                out += value
            } else if name.hasPrefix("#"), let code = name.hasPrefix("#x") || name.hasPrefix("#X") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                      let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "&"
                rest = rest.dropFirst()
                continue
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}
