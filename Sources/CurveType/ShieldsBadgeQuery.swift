import CurveTypeEffects
import CurveTypeFonts

/// A static badge's address read as shields reads it (`services/static-badge`,
/// `core/base-service/coalesce-badge.js`, `lib/logos.js`), as the badge command's options.
///
/// shields draws something for every address its route matches: a colour it cannot read is its
/// default colour, a logo it cannot find is no logo, an unknown style is flat, an unknown
/// parameter is nothing. So does this reading, and it says what it ignored (`ignored`, one
/// short phrase each, for the `CurveType-Ignored` header). CurveType's own badge options
/// (`font`, `title`, `glyphs`, …) are read as the badge command reads them, strictly.
public struct ShieldsBadgeQuery: Sendable {
    /// The badge command's options.
    public var options: [(name: String, value: String)] = []
    /// What was ignored, in the order met.
    public var ignored: [String] = []

    /// The badge command's options by camel-case name (and `color`, the message colour's old
    /// name), read once.
    static let badgeOptions: Set<String> = Set(QueryCommand.options(of: "badge").map(\.name)).union(["color"])

    /// The parameters shields reads that this reading handles itself.
    static let shieldsParameters: Set<String> = [
        "label", "color", "colorB", "labelColor", "colorA", "style", "logo", "logoColor", "logoSize", "logoWidth", "logoPosition", "link",
    ]

    /// Reads `badge` and its `query` as shields does.
    public init(badge: BadgeURL, query: [(name: String, value: String)]) {
        var given: [String: String] = [:]
        var links: [String] = []
        for item in query {
            let name = QueryCommand.optionName(item.name)
            if name == "link" {
                links.append(item.value)
            } else if Self.shieldsParameters.contains(name) {
                given[name] = item.value
            } else if name == "message" {
                ignored.append("message (the address gives it)")
            } else if Self.badgeOptions.contains(name) {
                options.append((name, item.value))
            } else {
                ignored.append("\(Self.shown(item.name)) (not a badge parameter)")
            }
        }
        options.insert(("label", ShieldsTextLimit.cut(given["label"] ?? badge.label)), at: 0)
        options.insert(("message", ShieldsTextLimit.cut(badge.message)), at: 1)
        // The query's colour (or its old name, colorB) over the path's; one shields cannot read
        // is its default colour, not the path's.
        if let color = given["color"] ?? given["colorB"] ?? Optional(badge.color) {
            add(color: color, as: "color", given: given["color"] != nil ? "color" : given["colorB"] != nil ? "colorB" : "the colour")
        }
        if let labelColor = given["labelColor"] ?? given["colorA"] {
            add(color: labelColor, as: "labelColor", given: given["labelColor"] != nil ? "labelColor" : "colorA")
        }
        if let style = given["style"] {
            if BadgeStyle(rawValue: style) != nil { options.append(("style", style)) } else { ignored.append("style (\(Self.shown(style)) is not a style: flat)") }
        }
        // A name is looked up (the badge's request reads it again, cheaply); a data: URL must be
        // read whole to know it draws.
        enum Logo { case named, data }
        var logo: Logo?
        if let value = given["logo"] {
            if let url = Self.dataURL(value) {
                do {
                    _ = try BadgeLogo(source: url)
                    logo = .data
                    options.append(("logo", url))
                } catch {
                    ignored.append("logo (\(error.description))")
                }
            } else if SimpleIcons.named(value) != nil {
                logo = .named
                options.append(("logo", value))
            } else {
                ignored.append("logo (no logo is named \(Self.shown(value)))")
            }
        }
        if let logoColor = given["logoColor"] {
            if logo == nil {
                ignored.append("logoColor (no logo)")
            } else if logo == .data {
                ignored.append("logoColor (shields does not recolour a data: logo)")
            } else {
                add(color: logoColor, as: "logoColor", given: "logoColor")
            }
        }
        if let size = given["logoSize"] {
            if size == "auto", logo != nil { options.append(("logoSize", "auto")) } else { ignored.append("logoSize (\(Self.shown(size)))") }
        }
        if given["logoPosition"] != nil {
            ignored.append("logoPosition (shields has ignored it since 2019)")
        }
        if given["logoWidth"] != nil {
            ignored.append("logoWidth (shields has ignored it since 2025)")
        }
        // Once, the whole badge's; twice, the label's then the message's.
        let usable = links.filter(Self.isLink)
        if usable.count < links.count { ignored.append("link (not an http, https or mailto address)") }
        switch usable.count {
        case 0: break
        case 1: options.append(("link", usable[0]))
        default:
            options += [("labelLink", usable[0]), ("link", usable[1])]
            if usable.count > 2 { ignored.append("link (given more than twice)") }
        }
    }

    /// Adds a colour option if shields would read it; else notes it ignored.
    private mutating func add(color: String, as name: String, given: String) {
        if (try? BadgeColor.parse(color)) != nil {
            options.append((name, color))
        } else {
            ignored.append("\(given) (\(Self.shown(color)) is not a colour)")
        }
    }

    /// shields' reading of a `logo=` value that is a `data:` URL (`decodeDataUrlFromQueryParam`):
    /// `data:` put before it if missing, the spaces query decoding made of `+` turned back, other
    /// white space removed; `nil` if the result is not a data URL (the value is then a name).
    static func dataURL(_ value: String) -> String? {
        var text = value.hasPrefix("data:") ? value : "data:" + value
        text = String(text.map { $0 == " " ? "+" : $0 }.filter { !$0.isWhitespace })
        // data:MEDIATYPE;PARAMETERS,DATA, as Joi's dataUri asks.
        guard let comma = text.firstIndex(of: ","), text.index(after: comma) < text.endIndex else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        guard let semicolon = header.firstIndex(of: ";"), semicolon != header.startIndex, header.index(after: semicolon) < header.endIndex else { return nil }
        return text
    }

    static func isLink(_ text: String) -> Bool {
        let lower = text.lowercased()
        return ["http://", "https://", "mailto:"].contains { lower.hasPrefix($0) } && !text.contains(where: { $0.isWhitespace || $0.isNewline })
    }

    /// A value as a header may show it: quoted, at most 40 characters, only printable ASCII
    /// (anything else as `?`), so no value can break the header.
    static func shown(_ value: String) -> String {
        let printable = value.prefix(40).unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" ? Character($0) : "?" }
        return "\"" + String(printable) + (value.count > 40 ? "...\"" : "\"")
    }

    /// `ignored` as one header value: printable ASCII only, at most 1,000 characters.
    public var headerValue: String {
        let joined = ignored.joined(separator: ", ")
        let printable = String(joined.unicodeScalars.prefix(1_000).map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
        return joined.unicodeScalars.count > 1_000 ? printable + "..." : printable
    }
}
