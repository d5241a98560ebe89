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
    /// configuration, so this does not load Fontconfig's (which takes milliseconds).
    static func parse(_ pattern: String) throws(FontError) -> Request {
        try lock.withLock { _ throws(FontError) -> Request in
            guard let p = FcNameParse(pattern) else { throw .invalidPattern(pattern) }
            defer { FcPatternDestroy(p) }
            return Request(families: strings(p, FC_FAMILY), weight: integer(p, FC_WEIGHT),
                           slant: integer(p, FC_SLANT))
        }
    }

    /// The file and face index of Fontconfig's best match for `pattern`. Throws unless the match
    /// has the requested family (Fontconfig always answers with *some* font) or the family is a
    /// generic one such as `sans-serif` or `monospace`.
    static func match(_ pattern: String) throws(FontError) -> (path: String, faceIndex: Int) {
        try withConfig { () throws(FontError) -> (path: String, faceIndex: Int) in
            guard let p = FcNameParse(pattern) else { throw .invalidPattern(pattern) }
            defer { FcPatternDestroy(p) }
            let wanted = strings(p, FC_FAMILY).map { $0.lowercased() }
            guard let m = bestMatch(p) else {
                throw .cCallFailed(function: "FcFontMatch", code: 0, reason: "no fonts are installed")
            }
            defer { FcPatternDestroy(m) }
            let found = strings(m, FC_FAMILY)
            let generic = wanted.allSatisfy { genericFamilies.contains($0) }
            guard generic || found.contains(where: { wanted.contains($0.lowercased()) }) else {
                throw .unknownFamily(pattern: pattern, bestMatch: found.first)
            }
            guard let file = strings(m, FC_FILE).first else {
                throw .cCallFailed(function: "FcPatternGetString", code: 0, reason: "match has no file")
            }
            return (file, Int(integer(m, FC_INDEX) ?? 0))
        }
    }

    /// A font that has every one of `scalars`, preferring ones like `pattern`; `nil` if none.
    static func fallback(for scalars: [Unicode.Scalar], like pattern: String?) -> (path: String, faceIndex: Int)? {
        try? withConfig { () throws(FontError) -> (path: String, faceIndex: Int)? in
            guard let p = FcNameParse(pattern ?? "sans-serif") ?? FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(p) }
            guard let wanted = FcCharSetCreate() else { return nil }
            defer { FcCharSetDestroy(wanted) }
            for s in scalars { FcCharSetAddChar(wanted, s.value) }
            FcPatternAddCharSet(p, FC_CHARSET, wanted)
            // Outlines only: a colour-bitmap emoji font has no paths to draw.
            FcPatternAddBool(p, FC_OUTLINE, FcBool(FcTrue))
            FcPatternAddBool(p, FC_SCALABLE, FcBool(FcTrue))
            guard let m = bestMatch(p) else { return nil }
            defer { FcPatternDestroy(m) }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(m, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  scalars.allSatisfy({ FcCharSetHasChar(charset, $0.value) != 0 }),
                  boolean(m, FC_OUTLINE) != false,
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
                guard FcInit() != 0 else {
                    throw .cCallFailed(function: "FcInit", code: 0, reason: "cannot load the Fontconfig configuration")
                }
                ready = true
            }
            return try body()
        }
    }

    private static func bestMatch(_ p: OpaquePointer) -> OpaquePointer? {
        FcConfigSubstitute(nil, p, FcMatchPattern)
        FcDefaultSubstitute(p)
        var result = FcResultNoMatch
        return FcFontMatch(nil, p, &result)
    }

    private static func strings(_ p: OpaquePointer, _ key: String) -> [String] {
        var values: [String] = []
        var i: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(p, key, i, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            i += 1
        }
        return values
    }

    private static func boolean(_ p: OpaquePointer, _ key: String) -> Bool? {
        var value: FcBool = 0
        return FcPatternGetBool(p, key, 0, &value) == FcResultMatch ? value != 0 : nil
    }

    private static func integer(_ p: OpaquePointer, _ key: String) -> Int32? {
        var value: Int32 = 0
        return FcPatternGetInteger(p, key, 0, &value) == FcResultMatch ? value : nil
    }
}
