import CurveTypeGeometry
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A paint colour as SVG and CSS accept it: CSS Color 4's sRGB forms (see `init(parsing:)`);
/// anything else is an error. The written form is canonical and drawn alike by browsers, rsvg
/// and Inkscape: names in lower case, opaque colours as `#rrggbb`, translucent ones as
/// `rgba(r,g,b,a)`.
public struct SVGColor: Sendable, Hashable, CustomStringConvertible {
    /// The canonical attribute value.
    public let value: String

    /// The page's text colour: lets an inlined SVG follow light and dark mode.
    public static let currentColor = SVGColor(value: "currentColor")
    /// `black`.
    public static let black = SVGColor(value: "black")

    private init(value: String) { self.value = value }

    /// A colour from a value already canonical or written as a drawing wants it kept (`#bbb`),
    /// unchecked: for the package's own constants, never for input.
    package init(written value: String) { self.value = value }

    /// An opaque sRGB colour, channels 0…255 (clamped), written `#rrggbb`.
    public init(red: Int, green: Int, blue: Int) {
        self.init(value: "#" + Self.hex(red) + Self.hex(green) + Self.hex(blue))
    }

    /// One line for a person.
    public var description: String { value }

    /// A channel, clamped to 0…255, as two hex digits. (Concatenated by hand: a generic
    /// `joined()` costs a one-document process a runtime conformance scan.)
    private static func hex(_ channel: Int) -> String {
        hexDigits(UInt64(clamping: min(max(channel, 0), 255)), width: 2)
    }

    /// Red, green and blue, 0…255, and alpha, 0…1; `nil` for `currentColor`, whose value only
    /// the viewer knows.
    public var rgba: (red: Int, green: Int, blue: Int, alpha: Double)? {
        // `#rrggbb`, the usual form, skips the search of the names.
        if value.utf8.first != UInt8(ascii: "#") {
            if value == "transparent" { return (0, 0, 0, 0) }
            if let packed = namedColor(value) {
                return (Int(packed >> 16), Int(packed >> 8 & 0xFF), Int(packed & 0xFF), 1)
            }
        }
        if let (r, g, b, a) = Self.hexRGBA(value) ?? Self.functionalRGBA(value) {
            return (Int((r * 255).rounded()), Int((g * 255).rounded()), Int((b * 255).rounded()), a)
        }
        return nil
    }

    /// A canonical translucent colour, `rgba(r,g,b,a)`, as its opaque `#rrggbb` and its alpha;
    /// `nil` for anything else.
    public static func opaqueAndAlpha(_ value: String) -> (opaque: String, alpha: Double)? {
        guard value.hasPrefix("rgba("), let (r, g, b, a) = functionalRGBA(value) else { return nil }
        return (SVGColor(red: Int((r * 255).rounded()), green: Int((g * 255).rounded()), blue: Int((b * 255).rounded())).value, a)
    }

    /// Parses a colour as CSS Color 4 writes it in sRGB: a named colour, `transparent`,
    /// `currentColor`, `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, and `rgb()`, `rgba()`, `hsl()`,
    /// `hsla()` and `hwb()` in the comma-separated (legacy) or space-separated form with
    /// `/ alpha`. Out-of-range channels are clamped, as CSS clamps them; hues take `deg`, `rad`,
    /// `grad` or `turn`. The result is canonical: `#rrggbb` when opaque, else `rgba(r,g,b,a)`
    /// with channels 0…255 and alpha to three decimals.
    public init(parsing text: String) throws(SVGError) {
        let lower = text.trimmed().lowercased()
        if lower == "currentcolor" {
            self = .currentColor
        } else if namedColor(lower) != nil || lower == "transparent" {
            self.init(value: lower)
        } else if let (r, g, b, a) = Self.hexRGBA(lower) ?? Self.functionalRGBA(lower) {
            let channels = [r, g, b].map { Int(($0 * 255).rounded()) }
            // Alpha as CSSOM serialises it: two decimals when they give the same 8-bit alpha
            // (what every viewer stores), else three; so #00ff0080 is 0.5, as browsers say.
            let twoPlaces = (a * 100).rounded() / 100
            let alpha = (twoPlaces * 255).rounded() == (a * 255).rounded() ? twoPlaces : (a * 1000).rounded() / 1000
            if alpha >= 1 {
                self.init(red: channels[0], green: channels[1], blue: channels[2])
            } else {
                let written = (try? SVGNumberFormat(precision: 3).string(alpha)) ?? "0"
                self.init(value: "rgba(\(channels[0]),\(channels[1]),\(channels[2]),\(written))")
            }
        } else {
            throw .invalidColor(text)
        }
    }

    /// Channels and alpha, each 0…1, of `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.
    private static func hexRGBA(_ s: String) -> (Double, Double, Double, Double)? {
        guard s.hasPrefix("#") else { return nil }
        let digits = Array(s.utf8.dropFirst())
        guard [3, 4, 6, 8].contains(digits.count), let packed = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
              digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { return nil }
        let short = digits.count <= 4
        let count = short ? digits.count : digits.count / 2
        var values: [Double] = []
        for index in 0..<count {
            let shift = UInt32((count - 1 - index) * (short ? 4 : 8))
            let v = short ? (packed >> shift & 0xF) * 17 : packed >> shift & 0xFF
            values.append(Double(v) / 255)
        }
        return (values[0], values[1], values[2], values.count == 4 ? values[3] : 1)
    }

    /// One argument of a colour function, as CSS types it.
    private enum Argument {
        case number(Double)
        case percentage(Double)
        /// A hue with its unit, in degrees.
        case angle(Double)
        /// `none`, a missing component: zero.
        case none

        var isNone: Bool { if case .none = self { return true } else { return false } }
        var isPercentage: Bool { if case .percentage = self { return true } else { return false } }
    }

    /// Channels and alpha, each 0…1, of `rgb()`, `rgba()`, `hsl()`, `hsla()` or `hwb()`.
    /// (By hand, as no library here parses CSS colour; the rules are CSS Color 4's §4–§8.)
    private static func functionalRGBA(_ s: String) -> (Double, Double, Double, Double)? {
        guard let open = s.firstIndex(of: "("), s.hasSuffix(")") else { return nil }
        let name = s[..<open].trimmed()
        let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
        let legacy = inner.contains(",")
        var parts: [Substring]
        var alphaPart: Substring?
        if legacy {
            // rgb(255, 0, 0, 0.5): commas only, no `none`, no slash.
            parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed()[...] }
            guard !inner.contains("/"), parts.count == 3 || parts.count == 4, name != "hwb" else { return nil }
            if parts.count == 4 { alphaPart = parts.removeLast() }
        } else {
            // rgb(255 0 0 / 50%): spaces, then an optional slash and alpha.
            let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return nil }
            parts = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            if halves.count == 2 {
                let alpha = halves[1].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
                guard alpha.count == 1 else { return nil }
                alphaPart = alpha[0]
            }
            guard parts.count == 3 else { return nil }
        }
        var arguments: [Argument] = []
        for part in parts {
            guard let argument = argument(part), !(legacy && argument.isNone) else { return nil }
            arguments.append(argument)
        }
        var alpha = 1.0
        if let alphaPart {
            switch argument(alphaPart) {
            case .number(let v)?: alpha = v
            case .percentage(let p)?: alpha = p / 100
            case .none? where !legacy: alpha = 0
            default: return nil
            }
        }
        alpha = min(max(alpha, 0), 1)
        switch name {
        case "rgb", "rgba":
            var channels: [Double] = []
            for argument in arguments {
                switch argument {
                case .number(let v): channels.append(v / 255)
                case .percentage(let p): channels.append(p / 100)
                case .none: channels.append(0)
                case .angle: return nil
                }
            }
            // The legacy form takes all numbers or all percentages.
            if legacy, Set(arguments.map(\.isPercentage)).count > 1 { return nil }
            let c = channels.map { min(max($0, 0), 1) }
            return (c[0], c[1], c[2], alpha)
        case "hsl", "hsla":
            guard let hue = hue(arguments[0]),
                  let saturation = fraction(arguments[1], legacy: legacy),
                  let lightness = fraction(arguments[2], legacy: legacy) else { return nil }
            let (r, g, b) = hslToRGB(hue: hue, saturation: min(max(saturation, 0), 1), lightness: min(max(lightness, 0), 1))
            return (r, g, b, alpha)
        case "hwb":
            guard let hue = hue(arguments[0]),
                  var white = fraction(arguments[1], legacy: false),
                  var black = fraction(arguments[2], legacy: false) else { return nil }
            white = min(max(white, 0), 1)
            black = min(max(black, 0), 1)
            if white + black >= 1 {
                let gray = white / (white + black)
                return (gray, gray, gray, alpha)
            }
            let (r, g, b) = hslToRGB(hue: hue, saturation: 1, lightness: 0.5)
            let scale = 1 - white - black
            return (r * scale + white, g * scale + white, b * scale + white, alpha)
        default:
            return nil
        }
    }

    /// A CSS number, percentage or angle; `nil` for anything else (`inf`, hex floats and other
    /// spellings Swift's `Double` would take are refused).
    private static func argument(_ token: Substring) -> Argument? {
        if token == "none" { return Argument.none }
        var body = token
        var unit: Substring = ""
        while let last = body.last, last.isLetter || last == "%" {
            // An exponent's `e` belongs to the number: 1e3 is a number, 1deg is an angle.
            if (last == "e"), body.dropLast().last?.isNumber == true, unit.isEmpty { break }
            body = body.dropLast()
            unit = token[body.endIndex...]
        }
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              body.first?.isNumber == true || ".+-".contains(body.first ?? "x"),
              let v = Double(body), v.isFinite else { return nil }
        switch unit {
        case "": return .number(v)
        case "%": return .percentage(v)
        case "deg": return .angle(v)
        case "grad": return .angle(v * 0.9)
        case "rad": return .angle(v * 180 / Double.pi)
        case "turn": return .angle(v * 360)
        default: return nil
        }
    }

    /// A hue in degrees from a number (degrees), an angle or `none`.
    private static func hue(_ argument: Argument) -> Double? {
        switch argument {
        case .number(let v), .angle(let v): return v
        case .none: return 0
        case .percentage: return nil
        }
    }

    /// Saturation, lightness, whiteness or blackness as 0…1: a percentage, or in the modern
    /// form a number meaning percent.
    private static func fraction(_ argument: Argument, legacy: Bool) -> Double? {
        switch argument {
        case .percentage(let p): return p / 100
        case .number(let v) where !legacy: return v / 100
        case .none: return 0
        default: return nil
        }
    }

    /// CSS Color 4's `hslToRgb`: hue in degrees, saturation and lightness 0…1; channels 0…1.
    private static func hslToRGB(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }
}

/// A CSS named colour's sRGB value, by binary search of `namedColorList` (no dictionary: see
/// `RecentCache` in CurveTypeFonts for what the first dictionary of a key type costs a process).
private func namedColor(_ name: String) -> UInt32? {
    var low = 0, high = namedColorList.count
    while low < high {
        let middle = (low + high) / 2
        if namedColorList[middle].name < name { low = middle + 1 } else { high = middle }
    }
    return low < namedColorList.count && namedColorList[low].name == name ? namedColorList[low].rgb : nil
}

extension SVGColor {
    /// The CSS colour names, sorted (`transparent` and `currentColor` beside them).
    public static let names: [String] = namedColorList.map(\.name) + ["transparent", "currentColor"]
}

/// CSS Color Module Level 4 named colours and their sRGB values, sorted by name (`transparent`
/// is separate: it has no opaque value).
private let namedColorList: [(name: String, rgb: UInt32)] = [
    ("aliceblue", 0xF0F8FF), ("antiquewhite", 0xFAEBD7), ("aqua", 0x00FFFF), ("aquamarine", 0x7FFFD4),
    ("azure", 0xF0FFFF), ("beige", 0xF5F5DC), ("bisque", 0xFFE4C4), ("black", 0x000000),
    ("blanchedalmond", 0xFFEBCD), ("blue", 0x0000FF), ("blueviolet", 0x8A2BE2), ("brown", 0xA52A2A),
    ("burlywood", 0xDEB887), ("cadetblue", 0x5F9EA0), ("chartreuse", 0x7FFF00), ("chocolate", 0xD2691E),
    ("coral", 0xFF7F50), ("cornflowerblue", 0x6495ED), ("cornsilk", 0xFFF8DC), ("crimson", 0xDC143C),
    ("cyan", 0x00FFFF), ("darkblue", 0x00008B), ("darkcyan", 0x008B8B), ("darkgoldenrod", 0xB8860B),
    ("darkgray", 0xA9A9A9), ("darkgreen", 0x006400), ("darkgrey", 0xA9A9A9), ("darkkhaki", 0xBDB76B),
    ("darkmagenta", 0x8B008B), ("darkolivegreen", 0x556B2F), ("darkorange", 0xFF8C00),
    ("darkorchid", 0x9932CC), ("darkred", 0x8B0000), ("darksalmon", 0xE9967A), ("darkseagreen", 0x8FBC8F),
    ("darkslateblue", 0x483D8B), ("darkslategray", 0x2F4F4F), ("darkslategrey", 0x2F4F4F),
    ("darkturquoise", 0x00CED1), ("darkviolet", 0x9400D3), ("deeppink", 0xFF1493),
    ("deepskyblue", 0x00BFFF), ("dimgray", 0x696969), ("dimgrey", 0x696969), ("dodgerblue", 0x1E90FF),
    ("firebrick", 0xB22222), ("floralwhite", 0xFFFAF0), ("forestgreen", 0x228B22), ("fuchsia", 0xFF00FF),
    ("gainsboro", 0xDCDCDC), ("ghostwhite", 0xF8F8FF), ("gold", 0xFFD700), ("goldenrod", 0xDAA520),
    ("gray", 0x808080), ("green", 0x008000), ("greenyellow", 0xADFF2F), ("grey", 0x808080),
    ("honeydew", 0xF0FFF0), ("hotpink", 0xFF69B4), ("indianred", 0xCD5C5C), ("indigo", 0x4B0082),
    ("ivory", 0xFFFFF0), ("khaki", 0xF0E68C), ("lavender", 0xE6E6FA), ("lavenderblush", 0xFFF0F5),
    ("lawngreen", 0x7CFC00), ("lemonchiffon", 0xFFFACD), ("lightblue", 0xADD8E6), ("lightcoral", 0xF08080),
    ("lightcyan", 0xE0FFFF), ("lightgoldenrodyellow", 0xFAFAD2), ("lightgray", 0xD3D3D3),
    ("lightgreen", 0x90EE90), ("lightgrey", 0xD3D3D3), ("lightpink", 0xFFB6C1), ("lightsalmon", 0xFFA07A),
    ("lightseagreen", 0x20B2AA), ("lightskyblue", 0x87CEFA), ("lightslategray", 0x778899),
    ("lightslategrey", 0x778899), ("lightsteelblue", 0xB0C4DE), ("lightyellow", 0xFFFFE0),
    ("lime", 0x00FF00), ("limegreen", 0x32CD32), ("linen", 0xFAF0E6), ("magenta", 0xFF00FF),
    ("maroon", 0x800000), ("mediumaquamarine", 0x66CDAA), ("mediumblue", 0x0000CD),
    ("mediumorchid", 0xBA55D3), ("mediumpurple", 0x9370DB), ("mediumseagreen", 0x3CB371),
    ("mediumslateblue", 0x7B68EE), ("mediumspringgreen", 0x00FA9A), ("mediumturquoise", 0x48D1CC),
    ("mediumvioletred", 0xC71585), ("midnightblue", 0x191970), ("mintcream", 0xF5FFFA),
    ("mistyrose", 0xFFE4E1), ("moccasin", 0xFFE4B5), ("navajowhite", 0xFFDEAD), ("navy", 0x000080),
    ("oldlace", 0xFDF5E6), ("olive", 0x808000), ("olivedrab", 0x6B8E23), ("orange", 0xFFA500),
    ("orangered", 0xFF4500), ("orchid", 0xDA70D6), ("palegoldenrod", 0xEEE8AA), ("palegreen", 0x98FB98),
    ("paleturquoise", 0xAFEEEE), ("palevioletred", 0xDB7093), ("papayawhip", 0xFFEFD5),
    ("peachpuff", 0xFFDAB9), ("peru", 0xCD853F), ("pink", 0xFFC0CB), ("plum", 0xDDA0DD),
    ("powderblue", 0xB0E0E6), ("purple", 0x800080), ("rebeccapurple", 0x663399), ("red", 0xFF0000),
    ("rosybrown", 0xBC8F8F), ("royalblue", 0x4169E1), ("saddlebrown", 0x8B4513), ("salmon", 0xFA8072),
    ("sandybrown", 0xF4A460), ("seagreen", 0x2E8B57), ("seashell", 0xFFF5EE), ("sienna", 0xA0522D),
    ("silver", 0xC0C0C0), ("skyblue", 0x87CEEB), ("slateblue", 0x6A5ACD), ("slategray", 0x708090),
    ("slategrey", 0x708090), ("snow", 0xFFFAFA), ("springgreen", 0x00FF7F), ("steelblue", 0x4682B4),
    ("tan", 0xD2B48C), ("teal", 0x008080), ("thistle", 0xD8BFD8), ("tomato", 0xFF6347),
    ("turquoise", 0x40E0D0), ("violet", 0xEE82EE), ("wheat", 0xF5DEB3), ("white", 0xFFFFFF),
    ("whitesmoke", 0xF5F5F5), ("yellow", 0xFFFF00), ("yellowgreen", 0x9ACD32),
]
