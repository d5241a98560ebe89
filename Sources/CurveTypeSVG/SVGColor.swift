import Foundation

/// A paint colour as SVG and CSS accept it. Parsing accepts the CSS named colours, `#rgb`,
/// `#rrggbb`, `rgb()`/`rgba()` with numbers or percentages, and `currentColor`; anything else is
/// an error. The written form is canonical: names in lower case, hex and `rgb()` as `#rrggbb`,
/// `rgba()` with its alpha.
public struct SVGColor: Sendable, Hashable, CustomStringConvertible {
    /// The canonical attribute value.
    public let value: String

    /// The page's text colour: lets an inlined SVG follow light and dark mode.
    public static let currentColor = SVGColor(value: "currentColor")
    public static let black = SVGColor(value: "black")

    private init(value: String) { self.value = value }

    public var description: String { value }

    public init(parsing text: String) throws(SVGError) {
        let s = text.trimmingCharacters(in: .whitespaces)
        let lower = s.lowercased()
        if lower == "currentcolor" {
            self = .currentColor
        } else if namedColors.contains(lower) {
            self.init(value: lower)
        } else if lower.hasPrefix("#") {
            let hex = Array(lower.dropFirst())
            guard hex.count == 3 || hex.count == 6, hex.allSatisfy(\.isHexDigit) else {
                throw .invalidColor(text)
            }
            let full = hex.count == 3 ? hex.flatMap { [$0, $0] } : hex
            self.init(value: "#" + String(full))
        } else if let args = Self.functionArguments(lower, names: ["rgb", "rgba"]) {
            guard args.count == 3 || args.count == 4 else { throw .invalidColor(text) }
            var channels: [Int] = []
            for arg in args.prefix(3) {
                guard let c = Self.channel(arg) else { throw .invalidColor(text) }
                channels.append(c)
            }
            let hex = channels.map { String(format: "%02x", $0) }.joined()
            if args.count == 4 {
                guard let alpha = Self.alpha(args[3]) else { throw .invalidColor(text) }
                if alpha == 1 {
                    self.init(value: "#" + hex)
                } else {
                    let a = (try? SVGNumberFormat(precision: 3).string(alpha)) ?? "1"
                    self.init(value: "rgba(\(channels[0]),\(channels[1]),\(channels[2]),\(a))")
                }
            } else {
                self.init(value: "#" + hex)
            }
        } else {
            throw .invalidColor(text)
        }
    }

    /// The comma- or space-separated arguments of `name(…)` (a `/` before alpha is allowed).
    private static func functionArguments(_ s: String, names: [String]) -> [String]? {
        guard let open = s.firstIndex(of: "("), s.hasSuffix(")"),
              names.contains(s[..<open].trimmingCharacters(in: .whitespaces)) else { return nil }
        let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
        return inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
    }

    private static func channel(_ arg: String) -> Int? {
        if arg.hasSuffix("%") {
            guard let p = Double(arg.dropLast()), p.isFinite, (0...100).contains(p) else { return nil }
            return Int((p / 100 * 255).rounded())
        }
        guard let v = Double(arg), v.isFinite, (0...255).contains(v) else { return nil }
        return Int(v.rounded())
    }

    private static func alpha(_ arg: String) -> Double? {
        let v: Double?
        if arg.hasSuffix("%") { v = Double(arg.dropLast()).map { $0 / 100 } } else { v = Double(arg) }
        guard let v, v.isFinite, (0...1).contains(v) else { return nil }
        return v
    }
}

/// CSS Color Module Level 4 named colours.
private let namedColors: Set<String> = [
    "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
    "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse",
    "chocolate", "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan",
    "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki", "darkmagenta",
    "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon", "darkseagreen",
    "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise", "darkviolet", "deeppink",
    "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite", "forestgreen",
    "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow",
    "grey", "honeydew", "hotpink", "indianred", "indigo", "ivory", "khaki", "lavender",
    "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral", "lightcyan",
    "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink", "lightsalmon",
    "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue",
    "lightyellow", "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine",
    "mediumblue", "mediumorchid", "mediumpurple", "mediumseagreen", "mediumslateblue",
    "mediumspringgreen", "mediumturquoise", "mediumvioletred", "midnightblue", "mintcream",
    "mistyrose", "moccasin", "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange",
    "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise", "palevioletred",
    "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue", "purple", "rebeccapurple",
    "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown", "seagreen",
    "seashell", "sienna", "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow",
    "springgreen", "steelblue", "tan", "teal", "thistle", "tomato", "transparent", "turquoise",
    "violet", "wheat", "white", "whitesmoke", "yellow", "yellowgreen",
]
