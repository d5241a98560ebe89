import CurveTypeGeometry
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything that can go wrong while finding, opening, measuring or shaping a font. Each case
/// reads as one line for a person (`description`), and a failing C call names the function.
public enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A FreeType, HarfBuzz or Fontconfig call failed.
    case cCallFailed(function: String, code: Int32, reason: String)
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but cannot be read.
    case unreadableFile(path: String, reason: String)
    /// The bytes are not a font FreeType and HarfBuzz can both use.
    case notAFont(path: String, reason: String)
    /// A collection has no face at the index.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// Fontconfig's best match for the pattern has another family.
    case unknownFamily(pattern: String, bestMatch: String?)
    /// Fontconfig cannot read the pattern.
    case invalidPattern(String)
    /// A word after a colon that is no Fontconfig constant (`bolld`), which Fontconfig would
    /// drop without a word; `suggestion` is the closest weight, slant or width.
    case unknownStyle(pattern: String, word: String, suggestion: String?)
    /// A `--variations` value that does not parse.
    case invalidVariations(String, reason: String)
    /// Variations asked of a font without an `fvar` table.
    case notVariable(font: String)
    /// A named instance the font does not have.
    case unknownInstance(font: String, instance: String, instances: [String])
    /// An axis the font does not have.
    case unknownAxis(font: String, tag: String, axes: [FontAxis])

    /// One line for a person.
    /// One line for a person, with the parameters it names kept apart.
    public var text: ErrorText {
        if case .invalidVariations(let text, let reason) = self { return "\(parameter: "variations") \"\(text.prefix(60))\": \(reason)" }
        return "\(description)"
    }

    /// One line for a person.
    public var description: String {
        switch self {
        case .cCallFailed(let function, let code, let reason):
            return "\(function) failed: \(reason) (error \(code))"
        case .fileNotFound(let path):
            if path.hasPrefix(FontRequest.hersheyFolder), path.hasSuffix(".jhf") {
                return "Hershey font not found: \(path) (install Debian's hershey-fonts-data; the names are the files there: futural, scripts, timesr, …)"
            }
            return "font file not found: \(path)"
        case .unreadableFile(let path, let reason):
            return "cannot read font file \(path): \(reason)"
        case .notAFont(let path, let reason):
            return "not a usable font: \(path): \(reason)"
        case .faceIndexOutOfRange(let path, let index, let count):
            return "face index \(index) out of range: \(path) has \(count) face\(count == 1 ? "" : "s")"
        case .unknownFamily(let pattern, let best):
            // Fontconfig's substitute is by its generic family (a cursive name gets Z003), not
            // a suggestion: said as what it would draw instead, after what to do.
            var hint = ": install it, give a font file's path, or name an installed family (fc-list : family lists them)"
                + (best.map { "; Fontconfig would draw \"\($0)\" instead" } ?? "")
            // "Family Bold": a style written into the family, which Fontconfig reads after a colon.
            let words = pattern.split(separator: " ")
            if !pattern.contains(":"), words.count > 1, let style = words.last?.lowercased(),
               ["bold", "italic", "oblique", "light", "medium", "semibold", "black", "thin", "heavy", "condensed"].contains(style) {
                hint += "; for a style, write \"\(words.dropLast().joined(separator: " ")):\(style)\""
            }
            return "no installed font matches the family in \"\(pattern)\"\(hint)"
        case .invalidPattern(let pattern):
            return "not a Fontconfig font pattern: \"\(pattern)\""
        case .unknownStyle(let pattern, let word, let suggestion):
            return "\"\(word)\" in the font pattern \"\(pattern)\" is no Fontconfig style\(suggestion.map { " (did you mean \($0)?)" } ?? ""): "
                + "write a weight, slant or width (bold, italic, condensed) or style=NAME"
        case .invalidVariations(let text, let reason):
            return "variations \"\(text.prefix(60))\": \(reason)"
        case .notVariable(let font):
            return "\(font) is not a variable font: it has no axes to set"
        case .unknownInstance(let font, let instance, let instances):
            let known = instances.isEmpty ? "" : " (its instances: \(instances.prefix(20).joined(separator: ", ")))"
            return "\(font) has no named instance \"\(instance.prefix(64))\"\(known)"
        case .unknownAxis(let font, let tag, let axes):
            let known = axes.map { a in
                "\(a.tag) \(shortestDigits(a.minimum))–\(shortestDigits(a.maximum))"
            }.joined(separator: ", ")
            return "\(font) has no axis \"\(tag)\" (its axes: \(known))"
        }
    }

}
