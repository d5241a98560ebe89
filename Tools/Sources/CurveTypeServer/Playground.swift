import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import NIOCore

/// The playground at `/`: one page, its script and style (compiled in from `Playground/`), and
/// `/options.json`, every effect's options as the server reads them, from which the script
/// builds its forms.
enum Playground {
    private static let pageBytes = ByteBuffer(bytes: PackageResources.index_html)
    private static let scriptBytes = ByteBuffer(bytes: PackageResources.playground_js)
    private static let styleBytes = ByteBuffer(bytes: PackageResources.playground_css)
    private static let optionsBytes: ByteBuffer = {
        struct Effect: Encodable { let name: String; let options: [QueryOption] }
        struct Schema: Encodable { let version: String; let effects: [Effect] }
        let schema = Schema(version: ServerConfiguration.version,
                            effects: CurveTypeServer.effects.map { Effect(name: $0, options: QueryCommand.options(of: $0)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ByteBuffer(bytes: (try? encoder.encode(schema)) ?? Data("{}".utf8))
    }()

    static var page: Response { asset(pageBytes, type: "text/html; charset=utf-8", policy: CurveTypeServer.pagePolicy) }
    static var script: Response { asset(scriptBytes, type: "text/javascript; charset=utf-8") }
    static var style: Response { asset(styleBytes, type: "text/css; charset=utf-8") }
    static var options: Response { asset(optionsBytes, type: "application/json") }

    private static func asset(_ bytes: ByteBuffer, type: String, policy: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: type, .cacheControl: "public, max-age=300", .xContentTypeOptions: "nosniff"]
        if let policy { headers[.contentSecurityPolicy] = policy }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
    }
}
