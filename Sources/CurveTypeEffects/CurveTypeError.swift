import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any error of CurveType's pipeline, one line for a person in `description`.
public enum CurveTypeError: Error, Sendable, CustomStringConvertible {
    /// A font could not be found, read or set.
    case font(FontError)
    /// The text cannot be laid out as asked (too long for its circle, spiral or box).
    case layout(LayoutError)
    /// A value the SVG cannot hold (a colour, an id prefix, a number).
    case svg(SVGError)
    /// An input was refused; the message names it, and the request's parameters it names are
    /// kept apart (`ErrorText`), so the command line writes them as its flags.
    case invalidInput(ErrorText)
    /// A file could not be written; nothing was.
    case output(path: String, reason: String)
    /// CurveType itself failed (cairo out of memory, a writer's own fault), not the input: a
    /// server answers it 500, not 400.
    case internalFailure(String)

    /// Whether the caller can mend it by changing the request (every case but an internal
    /// failure, and a file that could not be written, which is the caller's place to fix).
    public var isCallersFault: Bool {
        if case .internalFailure = self { return false }
        return true
    }

    /// One line for a person, parameters by their names (`strokeWidth`), as the library, job
    /// files and server queries name them.
    public var description: String { text.description }

    /// One line for a person, with the parameters it names kept apart: the command line writes
    /// them as its flags (`text.written { "--" + … }`).
    public var text: ErrorText {
        switch self {
        case .font(let e): return e.text
        case .layout(let e): return e.text
        case .svg(let e): return "\(e.description)"
        case .invalidInput(let message): return message
        case .output(let path, let reason): return "cannot write \(path): \(reason)"
        case .internalFailure(let reason): return "\(reason)"
        }
    }
}

/// Runs `body`, lifting each stage's error into `CurveTypeError`.
package func lifting<T>(_ body: () throws -> T) throws(CurveTypeError) -> T {
    do {
        return try body()
    } catch let e as FontError {
        throw .font(e)
    } catch let e as LayoutError {
        throw .layout(e)
    } catch let e as SVGError {
        throw .svg(e)
    } catch let e as CurveTypeError {
        throw e
    } catch {
        throw .invalidInput("\(String(describing: error))")
    }
}

/// The lines CurveType prints on standard error: exactly one line per message, whatever the
/// message quotes. Control characters, line and paragraph separators and bidi controls in user
/// input are written as escapes (`\n`, `\u{1B}`), so a quoted value can neither add a line nor
/// reorder the terminal's text.
public enum Diagnostic {
    /// `curvetype: KIND: MESSAGE` and a line feed.
    public static func line(_ kind: String, _ message: String) -> String {
        "curvetype: \(kind): \(escaped(message))\n"
    }

    /// `text` with every character that could break or reorder a line escaped.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
            return true
        default:
            return false
        }
    }
}
