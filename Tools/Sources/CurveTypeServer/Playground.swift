import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import NIOCore

/// The playground at `/`: one page, its script and style (compiled in from `Playground/`),
/// `/options.json` (every effect's options as declared: help, default, unit, range, choices),
/// from which the script builds its forms, and the font and logo pickers' lists.
enum Playground {
    private static let pageBytes = ByteBuffer(bytes: PackageResources.index_html)
    private static let scriptBytes = ByteBuffer(bytes: PackageResources.playground_js)
    private static let styleBytes = ByteBuffer(bytes: PackageResources.playground_css)
    private static let optionsBytes: ByteBuffer = {
        struct Effect: Encodable { let name: String; let abstract: String; let options: [FormOption] }
        struct Schema: Encodable { let version: String; let effects: [Effect] }
        let schema = Schema(version: ServerConfiguration.version,
                            effects: CurveTypeServer.effects.map {
                                Effect(name: $0, abstract: CommandDeclaration.named($0)?.abstract ?? "",
                                       options: QueryCommand.options(of: $0).map(FormOption.init))
                            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ByteBuffer(bytes: (try? encoder.encode(schema)) ?? Data("{}".utf8))
    }()

    /// An option as the form shows it: every field of its declaration, with its help line as
    /// `--help` writes it (`summary`: old names, range, default) and its default as shown.
    private struct FormOption: Encodable {
        let option: OptionDeclaration
        private enum Key: String, CodingKey { case summary, shownDefault }

        func encode(to encoder: Encoder) throws {
            try option.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(CommandHelp.describe(option), forKey: .summary)
            try container.encodeIfPresent(option.shownDefault, forKey: .shownDefault)
        }
    }

    static var page: Response { asset(pageBytes, type: "text/html; charset=utf-8", policy: CurveTypeServer.pagePolicy) }

    /// The page for a server whose readers reach it at `publicURL` (`--public-url`): it
    /// carries the address in a `<meta>`, from which the copied URL, Markdown and HTML are
    /// made, where they would name the address the page was opened at (a loopback one, on
    /// the operator's own machine). Made once, at start.
    static func page(publicURL: String?) -> @Sendable () -> Response {
        guard let publicURL else { return { page } }
        let escaped = XMLText.escape(publicURL, attribute: true)
        let html = String(decoding: PackageResources.index_html, as: UTF8.self)
            .replacingOccurrences(of: "<meta charset=\"utf-8\">", with: "<meta charset=\"utf-8\">\n<meta name=\"curvetype-public-url\" content=\"\(escaped)\">")
        let bytes = ByteBuffer(string: html)
        return { asset(bytes, type: "text/html; charset=utf-8", policy: CurveTypeServer.pagePolicy) }
    }
    static var script: Response { asset(scriptBytes, type: "text/javascript; charset=utf-8") }
    static var style: Response { asset(styleBytes, type: "text/css; charset=utf-8") }
    static var options: Response { asset(optionsBytes, type: "application/json") }

    /// `/fonts.json`: the font families installed on the server (Fontconfig's), each with its
    /// styles, for the font picker: what `font` may name. Listed once, at first request.
    static var fonts: Response { asset(fontsBytes, type: "application/json") }

    private static let fontsBytes: ByteBuffer = {
        struct Family: Encodable { let family: String; let styles: [String] }
        struct Answer: Encodable { let families: [Family] }
        let families = ((try? FontRequest.installedFamilies()) ?? []).map { Family(family: $0.family, styles: $0.styles) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ByteBuffer(bytes: (try? encoder.encode(Answer(families: families))) ?? Data("{}".utf8))
    }()

    /// `/logos.json?q=WORD`: the named logos whose slug or title holds WORD, the closest first,
    /// at most 60 (simple-icons' slug, title and brand colour), for the badge form's logo picker.
    static func logos(matching query: String) -> Response {
        struct Logo: Encodable { let slug: String; let title: String; let hex: String }
        struct Answer: Encodable { let release: String; let logos: [Logo] }
        let word = String(query.prefix(SimpleIcons.maximumSearchLength))
        let found = word.allSatisfy(\.isWhitespace) ? [] : SimpleIcons.search(word).prefix(60)
        let answer = Answer(release: SimpleIcons.release, logos: found.map { Logo(slug: $0.slug, title: $0.title, hex: $0.hex) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return asset(ByteBuffer(bytes: (try? encoder.encode(answer)) ?? Data("{}".utf8)), type: "application/json")
    }

    private static func asset(_ bytes: ByteBuffer, type: String, policy: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: type, .cacheControl: "public, max-age=300", .xContentTypeOptions: "nosniff"]
        if let policy { headers[.contentSecurityPolicy] = policy }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
    }
}
