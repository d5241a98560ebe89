import CFontconfig
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Font discovery through Fontconfig: a family pattern to a file, and fallback fonts for
/// characters a font lacks. Fontconfig's default configuration is shared process state, so every
/// call is serialised.
enum Fontconfig {
    private static let lock = Mutex(false)  // true once FcInit succeeded

    /// A parsed Fontconfig pattern's family, weight and slant, for choosing a bundled font.
    struct Request {
        var families: [String]
        var weight: Int32?
        var slant: Int32?
    }

    /// Parses a pattern such as `"DejaVu Sans:bold"` without matching it. Parsing needs no
    /// configuration, so this does not load Fontconfig's (which takes milliseconds). A word
    /// after a colon that is no Fontconfig constant (`bolld`) is refused: Fontconfig drops it
    /// without a word and matches the regular face.
    static func parse(_ pattern: String) throws(FontError) -> Request {
        try lock.withLock { _ throws(FontError) -> Request in
            try loaded()
            for element in elements(of: pattern).dropFirst() where !element.isEmpty && !element.contains("=") {
                var value: Int32 = 0
                guard ct_FcNameConstant(element, &value) == FcTrue else {
                    let wanted = Array(element.lowercased().unicodeScalars)
                    let best = styleWords.map { ($0, SimpleIcons.editDistance(wanted, Array($0.unicodeScalars), limit: 3)) }
                        .filter { $0.1 <= 3 }.min { $0.1 < $1.1 }?.0
                    throw .unknownStyle(pattern: pattern, word: element, suggestion: best)
                }
            }
            guard let p = ct_FcNameParse(pattern) else { throw .invalidPattern(pattern) }
            defer { ct_FcPatternDestroy(p) }
            return Request(families: strings(p, FC_FAMILY), weight: integer(p, FC_WEIGHT),
                           slant: integer(p, FC_SLANT))
        }
    }

    /// Splits the elements of `pattern` that set a variable font's axis (`wght=550` in
    /// `Inter:wght=550`) from the rest. An element is one when its name is a four-character
    /// OpenType tag that is not a Fontconfig property (`size`, `lang` and `file` are) and its
    /// value a number. Fontconfig itself ignores such elements without a word.
    static func axisElements(_ pattern: String) throws(FontError) -> (pattern: String, axes: [FontVariations.AxisValue]) {
        let elements = elements(of: pattern)
        guard elements.count > 1 else { return (pattern, []) }
        var kept = [elements[0]]
        var axes: [FontVariations.AxisValue] = []
        for element in elements.dropFirst() {
            let parts = element.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2, FontVariations.isTag(parts[0]), let value = Double(parts[1]), value.isFinite,
               try lock.withLock({ _ throws(FontError) in try loaded(); return isUnknownObject(parts[0]) }) {
                axes.append(FontVariations.AxisValue(tag: parts[0], value: value))
            } else {
                kept.append(element)
            }
        }
        guard axes.count <= FontVariations.maximumAxes else {
            throw .invalidVariations(pattern, reason: "at most \(FontVariations.maximumAxes) axis values")
        }
        return (kept.joined(separator: ":"), axes)
    }

    /// The pattern's family part and its elements: they follow the first colon not escaped with
    /// a backslash, one per colon.
    private static func elements(of pattern: String) -> [String] {
        var elements: [String] = [""]
        var escaped = false
        for c in pattern {
            if c == ":" && !escaped { elements.append(""); continue }
            escaped = c == "\\" && !escaped
            elements[elements.count - 1].append(c)
        }
        return elements
    }

    /// The constants people write after a colon (weights, slants, widths, spacings), offered
    /// when a word is none of Fontconfig's.
    private static let styleWords = [
        "thin", "extralight", "ultralight", "light", "demilight", "semilight", "book", "regular", "normal", "medium", "demibold",
        "semibold", "bold", "extrabold", "ultrabold", "black", "heavy", "roman", "italic", "oblique", "ultracondensed",
        "extracondensed", "condensed", "semicondensed", "semiexpanded", "expanded", "extraexpanded", "ultraexpanded",
        "proportional", "mono", "charcell",
    ]

    /// Whether Fontconfig has no property `name` (it answers an unknown name with an entry of
    /// unknown type, made on the spot).
    private static func isUnknownObject(_ name: String) -> Bool {
        guard let type = ct_FcNameGetObjectType(name) else { return true }
        return type.pointee.type == FcTypeUnknown
    }

    /// Fontconfig's answer for a family pattern: a face, and the family it stands in for when
    /// it is a substitute (`Liberation Sans` for `Arial`).
    struct Match {
        var path: String
        var faceIndex: Int
        /// The family asked for and the one used, when Fontconfig's configuration substitutes a
        /// metric-compatible family for one not installed; `nil` when the family itself matched.
        var substitution: (requested: String, used: String)?
    }

    /// The file and face index of Fontconfig's best match for `pattern`. Fontconfig always
    /// answers with *some* font, so the match is taken only if it has the requested family, the
    /// family is a generic one (`sans-serif`, `monospace`), or it is a family the configuration
    /// binds strongly to the requested one: its metric-compatible aliases (Arial → Liberation
    /// Sans or Arimo, Helvetica → Nimbus Sans, Times New Roman → Liberation Serif), which set
    /// text to the same widths. A weak fallback (Comic Sans MS → anything cursive) is refused.
    /// A family that names no installed family is also tried as a full name ("DejaVu Sans Bold").
    static func match(_ pattern: String) throws(FontError) -> Match {
        try withConfig { () throws(FontError) -> Match in
            guard let p = ct_FcNameParse(pattern) else { throw .invalidPattern(pattern) }
            defer { ct_FcPatternDestroy(p) }
            let requested = strings(p, FC_FAMILY)
            let wanted = requested.map { $0.lowercased() }
            guard let m = bestMatch(p) else {
                throw .cCallFailed(function: "FcFontMatch", code: 0, reason: "no fonts are installed")
            }
            defer { ct_FcPatternDestroy(m) }
            let found = strings(m, FC_FAMILY)
            guard let file = strings(m, FC_FILE).first else {
                throw .cCallFailed(function: "FcPatternGetString", code: 0, reason: "match has no file")
            }
            let face = Int(integer(m, FC_INDEX) ?? 0)
            if wanted.allSatisfy({ genericFamilies.contains($0) }) || found.contains(where: { wanted.contains($0.lowercased()) }) {
                return Match(path: file, faceIndex: face)
            }
            if requested.count == 1, let named = fullNameMatch(requested[0]) { return named }
            // `p` now holds the configuration's substitutions: the strongly bound families are
            // the requested one's aliases; weakly bound ones are generic fallbacks.
            let strong = stronglyBoundFamilies(p).map { $0.lowercased() }
            if let used = found.first, strong.contains(used.lowercased()), let asked = requested.first {
                return Match(path: file, faceIndex: face, substitution: (asked, used))
            }
            throw .unknownFamily(pattern: pattern, bestMatch: found.first)
        }
    }

    /// Every installed family with its styles, sorted by family (a family's first name; each
    /// style once), for a font picker.
    static func families() throws(FontError) -> [(family: String, styles: [String])] {
        try withConfig { () throws(FontError) -> [(family: String, styles: [String])] in
            guard let p = ct_FcPatternCreate() else { throw .cCallFailed(function: "FcPatternCreate", code: 0, reason: "out of memory") }
            defer { ct_FcPatternDestroy(p) }
            guard let objects = ct_FcObjectSetCreate() else { throw .cCallFailed(function: "FcObjectSetCreate", code: 0, reason: "out of memory") }
            defer { ct_FcObjectSetDestroy(objects) }
            ct_FcObjectSetAdd(objects, FC_FAMILY)
            ct_FcObjectSetAdd(objects, FC_STYLE)
            guard let list = ct_FcFontList(nil, p, objects) else { return [] }
            defer { ct_FcFontSetDestroy(list) }
            var styles: [String: Set<String>] = [:]
            for i in 0..<Int(list.pointee.nfont) {
                guard let font = list.pointee.fonts[i], let family = strings(font, FC_FAMILY).first else { continue }
                styles[family, default: []].formUnion(strings(font, FC_STYLE).prefix(1))
            }
            return styles.keys.sorted { $0.lowercased() < $1.lowercased() }.map { ($0, styles[$0, default: []].sorted()) }
        }
    }

    /// The face whose full name is `name` (case-insensitive), such as "DejaVu Sans Bold".
    private static func fullNameMatch(_ name: String) -> Match? {
        guard let p = ct_FcPatternCreate() else { return nil }
        defer { ct_FcPatternDestroy(p) }
        ct_FcPatternAddString(p, FC_FULLNAME, name)
        guard let objects = ct_FcObjectSetCreate() else { return nil }
        defer { ct_FcObjectSetDestroy(objects) }
        ct_FcObjectSetAdd(objects, FC_FILE)
        ct_FcObjectSetAdd(objects, FC_INDEX)
        ct_FcObjectSetAdd(objects, FC_FAMILY)
        ct_FcObjectSetAdd(objects, FC_STYLE)
        guard let list = ct_FcFontList(nil, p, objects) else { return nil }
        defer { ct_FcFontSetDestroy(list) }
        var faces: [(path: String, index: Int, family: String?, style: String?)] = []
        for i in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[i], let file = strings(font, FC_FILE).first else { continue }
            faces.append((file, Int(integer(font, FC_INDEX) ?? 0), strings(font, FC_FAMILY).first, strings(font, FC_STYLE).first))
        }
        guard let first = faces.min(by: { ($0.path, $0.index) < ($1.path, $1.index) }) else { return nil }
        // Several files may carry one full name (a font installed twice, as fonts-liberation and
        // fonts-liberation2 are): the one Fontconfig itself prefers for that family and style,
        // so "Liberation Serif Bold" and "Liberation Serif:bold" open the same file. If its
        // choice is none of them, the first by path, so the answer never depends on the order
        // Fontconfig scanned the folders in.
        if faces.count > 1, let family = first.family, let style = first.style, let q = ct_FcPatternCreate() {
            defer { ct_FcPatternDestroy(q) }
            ct_FcPatternAddString(q, FC_FAMILY, family)
            ct_FcPatternAddString(q, FC_STYLE, style)
            if let m = bestMatch(q) {
                defer { ct_FcPatternDestroy(m) }
                let chosen = (strings(m, FC_FILE).first, Int(integer(m, FC_INDEX) ?? 0))
                if let preferred = faces.first(where: { $0.path == chosen.0 && $0.index == chosen.1 }) {
                    return Match(path: preferred.path, faceIndex: preferred.index)
                }
            }
        }
        return Match(path: first.path, faceIndex: first.index)
    }

    /// The families `p` binds strongly (or as the same), in order: after configuration
    /// substitution, the requested family and its aliases.
    private static func stronglyBoundFamilies(_ p: OpaquePointer) -> [String] {
        var families: [String] = []
        var i: Int32 = 0
        var value = FcValue()
        var binding = FcValueBindingWeak
        while ct_FcPatternGetWithBinding(p, FC_FAMILY, i, &value, &binding) == FcResultMatch {
            if binding != FcValueBindingWeak, value.type == FcTypeString, let s = value.u.s {
                families.append(String(cString: s))
            }
            i += 1
        }
        return families
    }

    /// A font that has every one of `scalars`, preferring ones like `pattern`; `nil` if none.
    /// For emoji shown as pictures by default (Emoji_Presentation), a colour font comes first
    /// (Noto Color Emoji's bitmaps, drawn as images, or COLR layers), as browsers choose; then,
    /// as for all other text, an outline font.
    static func fallback(for scalars: [Unicode.Scalar], like pattern: String?) -> (path: String, faceIndex: Int)? {
        if scalars.contains(where: { $0.properties.isEmojiPresentation }), let color = fallback(for: scalars, like: pattern, color: true) {
            return color
        }
        return fallback(for: scalars, like: pattern, color: false)
    }

    /// `fallback(for:like:)` among colour fonts (`color`) or outline fonts.
    private static func fallback(for scalars: [Unicode.Scalar], like pattern: String?, color: Bool) -> (path: String, faceIndex: Int)? {
        try? withConfig { () throws(FontError) -> (path: String, faceIndex: Int)? in
            guard let p = ct_FcNameParse(pattern ?? "sans-serif") ?? ct_FcPatternCreate() else { return nil }
            defer { ct_FcPatternDestroy(p) }
            guard let wanted = ct_FcCharSetCreate() else { return nil }
            defer { ct_FcCharSetDestroy(wanted) }
            for s in scalars { ct_FcCharSetAddChar(wanted, s.value) }
            ct_FcPatternAddCharSet(p, FC_CHARSET, wanted)
            if color {
                ct_FcPatternAddBool(p, FC_COLOR, FcBool(FcTrue))
            } else {
                ct_FcPatternAddBool(p, FC_OUTLINE, FcBool(FcTrue))
            }
            ct_FcPatternAddBool(p, FC_SCALABLE, FcBool(FcTrue))
            guard let m = bestMatch(p) else { return nil }
            defer { ct_FcPatternDestroy(m) }
            var charset: OpaquePointer?
            guard ct_FcPatternGetCharSet(m, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  scalars.allSatisfy({ ct_FcCharSetHasChar(charset, $0.value) != 0 }),
                  color ? boolean(m, FC_COLOR) == true : boolean(m, FC_OUTLINE) != false,
                  let file = strings(m, FC_FILE).first
            else { return nil }
            return (file, Int(integer(m, FC_INDEX) ?? 0))
        }
    }

    private static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "emoji",
        "system-ui", "math",
    ]

    private static func withConfig<T>(_ body: () throws(FontError) -> T) throws(FontError) -> T {
        try lock.withLock { ready throws(FontError) -> T in
            if !ready {
                try loaded()
                guard ct_FcInit() != 0 else {
                    throw .cCallFailed(function: "FcInit", code: 0, reason: "cannot load the Fontconfig configuration")
                }
                ready = true
            }
            return try body()
        }
    }

    /// Loads libfontconfig (on first use: see CFontconfig/shim.h), or says it cannot be.
    private static func loaded() throws(FontError) {
        guard ct_fontconfig_available() != 0 else {
            throw .cCallFailed(function: "dlopen", code: 0, reason: "cannot load libfontconfig.so.1, which finds fonts by name (install Fontconfig)")
        }
    }

    private static func bestMatch(_ p: OpaquePointer) -> OpaquePointer? {
        ct_FcConfigSubstitute(nil, p, FcMatchPattern)
        ct_FcDefaultSubstitute(p)
        var result = FcResultNoMatch
        return ct_FcFontMatch(nil, p, &result)
    }

    private static func strings(_ p: OpaquePointer, _ key: String) -> [String] {
        var values: [String] = []
        var i: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while ct_FcPatternGetString(p, key, i, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            i += 1
        }
        return values
    }

    private static func boolean(_ p: OpaquePointer, _ key: String) -> Bool? {
        var value: FcBool = 0
        return ct_FcPatternGetBool(p, key, 0, &value) == FcResultMatch ? value != 0 : nil
    }

    private static func integer(_ p: OpaquePointer, _ key: String) -> Int32? {
        var value: Int32 = 0
        return ct_FcPatternGetInteger(p, key, 0, &value) == FcResultMatch ? value : nil
    }
}
