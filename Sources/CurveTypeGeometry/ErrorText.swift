/// An error's one line, with the request's parameters it names kept apart from its words, so
/// each interface writes them its own way: the library and a job file by name (`strokeWidth`),
/// a server query likewise, the command line as its flag (`--stroke-width`).
///
/// Written by interpolation: `"\(parameter: "strokeWidth") must be 0 or more, not \(w)"`.
public struct ErrorText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A run of words, or a parameter's name (camel case, as options and job keys are named).
    public enum Part: Sendable, Hashable {
        /// Words, written as they are.
        case words(String)
        /// A parameter's name, written by each interface its own way.
        case parameter(String)
        /// A length, px, written in the unit the user reads lengths in (`--units mm`).
        case length(Double)
    }

    /// The text, in order.
    public private(set) var parts: [Part]

    /// Words that name no parameter.
    public init(stringLiteral value: String) {
        parts = [.words(value)]
    }

    /// Words that name no parameter.
    public init(_ words: String) {
        parts = [.words(words)]
    }

    /// Words and the parameters interpolated among them.
    public init(stringInterpolation: Interpolation) {
        parts = stringInterpolation.parts
    }

    /// Builds the parts of an interpolated literal.
    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        /// An empty text.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Words, joined to the words before them.
        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            if case .words(let before)? = parts.last {
                parts[parts.count - 1] = .words(before + literal)
            } else {
                parts.append(.words(literal))
            }
        }

        /// The request's parameter `name` (camel case: `strokeWidth`).
        public mutating func appendInterpolation(parameter name: String) {
            parts.append(.parameter(name))
        }

        /// A length of `px`, written in the user's unit with it (`5.29 mm`; `20 px`).
        public mutating func appendInterpolation(px: Double) {
            parts.append(.length(px))
        }

        /// Another text, its parameters kept as parameters.
        public mutating func appendInterpolation(_ text: ErrorText) {
            for part in text.parts {
                switch part {
                case .words(let words): appendLiteral(words)
                case .parameter, .length: parts.append(part)
                }
            }
        }

        /// Any value, written as `String(describing:)` writes it.
        public mutating func appendInterpolation<T>(_ value: T) {
            appendLiteral(String(describing: value))
        }
    }

    /// Every parameter the text names, in order.
    public var parameters: [String] {
        parts.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The text with each parameter written by `name`, and each length by `length` (px, by
    /// default).
    public func written(naming name: (String) -> String, length: (Double) -> String = ErrorText.pixels) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .words(let words): out += words
            case .parameter(let parameter): out += name(parameter)
            case .length(let px): out += length(px)
            }
        }
        return out
    }

    /// A length as px: `20 px`, `19.84 px` (at most 4 digits after the point).
    public static func pixels(_ px: Double) -> String { "\(ErrorText.digits(px)) px" }

    /// `value` with at most 4 significant decimals, no trailing zeros: `5.2917`, `20`.
    public static func digits(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return shortestDigits(value) }
        let rounded = (value * 10_000).rounded() / 10_000
        return shortestDigits(rounded == 0 ? 0 : rounded)
    }

    /// The text with parameters by their names, as the library and job files name them.
    public var description: String { written { $0 } }

    /// The text that follows `prefix`: words, or `prefix`'s words then `self`.
    public static func + (prefix: ErrorText, text: ErrorText) -> ErrorText {
        var joined = prefix
        for part in text.parts {
            if case .words(let words) = part, case .words(let before)? = joined.parts.last {
                joined.parts[joined.parts.count - 1] = .words(before + words)
            } else {
                joined.parts.append(part)
            }
        }
        return joined
    }
}
