import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging
import NIOCore

/// `curvetype-server`: badges at shields' addresses, every effect by query, the playground at
/// `/`, health and metrics. Routes, headers and limits live here; the executable only reads its
/// flags and runs the application.
///
/// HTTP as caches expect: each SVG has a strong ETag from its request's canonical form (a
/// matching `If-None-Match` is answered 304 without rendering), `Cache-Control: public,
/// max-age` from `cacheSeconds` within bounds, gzip when accepted, and a Content-Security-Policy
/// that forbids script. A bad request is a 400 with one line of text.
public enum CurveTypeServer {
    /// The commands served by query, each at `/<name>`: every command that draws, from the
    /// library's one list.
    public static let effects = CommandDeclaration.drawingNames

    /// Kept out of every SVG response: no script, no fetches; inline styles and `data:` images
    /// (embedded logos) only.
    static let svgPolicy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
    /// The playground's page: its own script and style, previews from this server.
    static let pagePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The application: the router with its middleware, bound per `configuration`, with graceful
    /// shutdown on SIGTERM and SIGINT (swift-service-lifecycle, through Hummingbird).
    public static func application(
        configuration: ServerConfiguration, metrics: ServerMetrics = ServerMetrics(), logger: Logger? = nil
    ) -> some ApplicationProtocol {
        var logger = logger ?? Logger(label: "curvetype-server")
        if logger.logLevel > .info && configuration.logRequests { logger.logLevel = .info }
        return Application(
            router: router(configuration: configuration, metrics: metrics),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            logger: logger)
    }

    /// Every route and middleware, for the application or a test.
    public static func router(configuration: ServerConfiguration, metrics: ServerMetrics) -> Router<BasicRequestContext> {
        let renderer = Renderer(configuration: configuration, metrics: metrics)
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestMetricsMiddleware(metrics: metrics, logRequests: configuration.logRequests))
        router.add(middleware: PlainErrorMiddleware())
        router.add(middleware: LimitsMiddleware(maximumURLBytes: configuration.maximumURLBytes))

        router.get("/") { _, _ in Playground.page }
        router.get("/playground.js") { _, _ in Playground.script }
        router.get("/playground.css") { _, _ in Playground.style }
        router.get("/options.json") { _, _ in Playground.options }
        router.get("/fonts.json") { _, _ in Playground.fonts }
        router.get("/logos.json") { request, _ in
            Playground.logos(matching: (try? queryItems(request))?.first { $0.name == "q" }?.value ?? "")
        }
        router.get("/healthz") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        router.get("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
        // shields' static badge: /badge/<label>-<message>-<color>[.svg|.png|.pdf]
        router.get("/badge/**") { request, _ in
            try await badgeFromPath(request, renderer: renderer)
        }
        router.post("/badge") { request, context in
            try await badgeFromEndpoint(request, context: context, renderer: renderer)
        }
        for effect in effects {
            router.get(RouterPath(stringLiteral: "/" + effect)) { request, _ in
                try await effectFromQuery(effect, request, renderer: renderer)
            }
        }
        return router
    }

    // MARK: - Routes

    /// `/<effect>?<options>`: the command line's options by name.
    static func effectFromQuery(_ effect: String, _ request: Request, renderer: Renderer) async throws -> Response {
        var items = try queryItems(request)
        let maxAge = try cacheSeconds(&items, configuration: renderer.configuration)
        let query = try command(effect, items)
        return try await svgResponse(query, request: request, maxAge: maxAge, renderer: renderer)
    }

    /// `/badge/<label>-<message>-<color>[.svg]?<shields' query>`, read as shields reads it: what
    /// shields ignores (a colour it does not know, a logo name it has not, `logoColor` without
    /// a logo, an unknown style or parameter) is ignored here too, and named in the
    /// `CurveType-Ignored` header.
    static func badgeFromPath(_ request: Request, renderer: Renderer) async throws -> Response {
        let path = request.uri.path
        let content = path.dropFirst("/badge/".count)
        guard let badge = BadgeURL(content: content) else {
            throw HTTPError(.notFound, message: "a badge's address is /badge/LABEL-MESSAGE-COLOR or /badge/MESSAGE-COLOR (a dash in the text is --, an underscore __, a space _ or %20)")
        }
        var items = try queryItems(request)
        let maxAge = try cacheSeconds(&items, configuration: renderer.configuration)
        // CurveType's own: the format (also `.png` or `.pdf` after the address), the PNG's
        // scale and the frame time, which shields' reading does not know.
        let own = ["format", "scale", "frameTime", "frame-time"]
        var drawing = items.filter { own.contains($0.name) }
        items.removeAll { own.contains($0.name) }
        if let format = badge.format, !drawing.contains(where: { $0.name == "format" }) { drawing.append(("format", format.rawValue)) }
        let reading = try ShieldsBadgeQuery(badge: badge, query: items)
        let query = try command("badge", reading.options + drawing)
        var response = try await svgResponse(query, request: request, maxAge: maxAge, renderer: renderer)
        if !reading.ignored.isEmpty { response.headers[.curveTypeIgnored] = reading.headerValue }
        return response
    }

    /// `POST /badge` with shields' endpoint JSON.
    static func badgeFromEndpoint(_ request: Request, context: BasicRequestContext, renderer: Renderer) async throws -> Response {
        // A chunked body says its size chunk by chunk, and one chunk may announce 2⁶⁴ − 1 bytes
        // and then send none: reading it would wait on the client. The JSON is small; it comes
        // with its length, which is checked before a byte is read (RFC 9110 §15.5.12).
        if request.headers[.transferEncoding] != nil || request.headers[.contentLength] == nil {
            throw HTTPError(.lengthRequired, headers: [.connection: "close"],
                            message: "POST /badge needs a Content-Length (at most \(renderer.configuration.maximumBodyBytes) bytes of JSON), not a chunked body")
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: renderer.configuration.maximumBodyBytes)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            // The client's bytes are not HTTP (a chunk size that is not one): its fault, a 400.
            throw HTTPError(.badRequest, message: "the request body is not valid HTTP (\(String(describing: error).prefix(80)))")
        }
        let endpoint: EndpointBadge
        do {
            endpoint = try JSONDecoder().decode(EndpointBadge.self, from: Data(buffer: body))
        } catch let error as EndpointBadge.Invalid {
            throw HTTPError(.badRequest, message: error.message)
        } catch {
            throw HTTPError(.badRequest, message: "the body is not shields' endpoint JSON: {\"schemaVersion\": 1, \"label\": …, \"message\": …}")
        }
        var items = try queryItems(request)
        var maxAge = try cacheSeconds(&items, configuration: renderer.configuration)
        guard items.isEmpty else { throw HTTPError(.badRequest, message: "POST /badge takes its options in the JSON body, not the query") }
        if let seconds = endpoint.cacheSeconds { maxAge = renderer.configuration.clampedCacheSeconds(seconds) }
        let query = try command("badge", endpoint.options())
        return try await svgResponse(query, request: request, maxAge: maxAge, renderer: renderer)
    }

    // MARK: - Reading requests

    static func queryItems(_ request: Request) throws -> [(name: String, value: String)] {
        guard let query = request.uri.query else { return [] }
        guard let items = PercentDecoding.queryItems(query[...]) else {
            throw HTTPError(.badRequest, message: "the query is not valid percent-encoded UTF-8")
        }
        return items
    }

    /// Removes `cacheSeconds` (or shields' older `maxAge`) from `items`; the `max-age` to send.
    static func cacheSeconds(_ items: inout [(name: String, value: String)], configuration: ServerConfiguration) throws -> Int {
        var seconds = configuration.defaultCacheSeconds
        var given = false
        for item in items where ["cacheSeconds", "cache-seconds", "maxAge"].contains(item.name) {
            guard !given else { throw HTTPError(.badRequest, message: "cacheSeconds is given twice") }
            guard let value = Int(item.value), value >= 0 else {
                throw HTTPError(.badRequest, message: "cacheSeconds must be a whole number of seconds, not \"\(Diagnostic.escaped(String(item.value.prefix(20))))\"")
            }
            seconds = configuration.clampedCacheSeconds(value)
            given = true
        }
        items.removeAll { ["cacheSeconds", "cache-seconds", "maxAge"].contains($0.name) }
        return seconds
    }

    /// shields' `link`, given once (the whole badge) or twice (the label's, then the message's),
    /// as CurveType's `link` and `labelLink`.
    static func shieldsLinks(_ items: [(name: String, value: String)]) throws -> [(name: String, value: String)] {
        let links = items.filter { $0.name == "link" }.map(\.value)
        guard links.count > 1 else { return items }
        guard links.count == 2 else { throw HTTPError(.badRequest, message: "link is given at most twice: the label's, then the message's") }
        return items.filter { $0.name != "link" } + [("labelLink", links[0]), ("link", links[1])]
    }

    static func command(_ name: String, _ items: [(name: String, value: String)]) throws -> QueryCommand {
        do {
            return try QueryCommand(name, items: items.map { item in
                // A base64 logo written into a query unescaped: its `+` arrive as spaces, and
                // base64 has no space, so they go back (shields' users write logos so).
                guard item.name == "logo", item.value.lowercased().hasPrefix("data:"), item.value.lowercased().contains(";base64,") else { return item }
                return (item.name, item.value.replacing(" ", with: "+"))
            })
        } catch {
            throw HTTPError(.badRequest, message: error.description)
        }
    }

    // MARK: - Answering

    /// The SVG for `query`, or 304 when the client holds it already.
    static func svgResponse(_ query: QueryCommand, request: Request, maxAge: Int, renderer: Renderer) async throws -> Response {
        let etag = renderer.etag(for: query)
        var headers: HTTPFields = [
            .eTag: etag,
            .cacheControl: "public, max-age=\(maxAge)",
            .vary: "Accept-Encoding",
            .contentSecurityPolicy: svgPolicy,
            .xContentTypeOptions: "nosniff",
        ]
        if let held = request.headers[.ifNoneMatch], HTTPConditions.matches(ifNoneMatch: held, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        let svg: RenderedBody
        do {
            svg = try await renderer.body(for: query)
        } catch {
            switch error {
            case .invalid(let message):
                throw HTTPError(.badRequest, message: message)
            case .timedOut(let seconds):
                throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "10"], message: "the render took longer than \(seconds) s")
            case .busy:
                throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "1"], message: "the server is rendering as much as it can; try again")
            case .failed(let message):
                throw HTTPError(.internalServerError, message: message)
            }
        }
        guard svg.format == .svg else {
            // PNG and PDF are compressed already: sent as they are.
            headers[.contentType] = svg.format.mediaType
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: svg.body))
        }
        headers[.contentType] = "image/svg+xml; charset=utf-8"
        if HTTPConditions.acceptsGzip(request.headers[values: .acceptEncoding]) {
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: try svg.gzippedBody()))
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: svg.body))
    }
}

extension ServerConfiguration {
    func clampedCacheSeconds(_ seconds: Int) -> Int { min(max(seconds, minimumCacheSeconds), maximumCacheSeconds) }
}

extension Substring {
    /// Without the spaces and tabs HTTP allows around list items (RFC 9110 §5.6.1).
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

/// Conditional requests and content negotiation, as RFC 9110 defines them.
enum HTTPConditions {
    /// Whether `If-None-Match: held` matches `etag` (weak comparison, as RFC 9110 §13.1.2 asks:
    /// `W/` is ignored; `*` matches any).
    static func matches(ifNoneMatch held: String, etag: String) -> Bool {
        for tag in held.split(separator: ",") {
            var tag = tag.trimmingSpaces
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == etag { return true }
        }
        return false
    }

    /// Whether `Accept-Encoding` (all its lines) allows gzip: `gzip`, `x-gzip` or `*` with a
    /// quality above 0, unless gzip itself is refused with `q=0`.
    static func acceptsGzip(_ lines: [String]) -> Bool {
        var star: Bool?
        for line in lines {
            for entry in line.split(separator: ",") {
                let parts = entry.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
                guard let coding = parts.first else { continue }
                var quality = 1.0
                for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                    quality = Double(parameter.dropFirst(2)) ?? 0
                }
                if coding == "gzip" || coding == "x-gzip" { return quality > 0 }
                if coding == "*" { star = quality > 0 }
            }
        }
        return star ?? false
    }
}

/// shields' endpoint badge JSON (https://shields.io/badges/endpoint-badge): `schemaVersion` 1,
/// `label` and `message` required; `isError` makes the default colour red.
struct EndpointBadge: Decodable {
    struct Invalid: Error { let message: String }

    var schemaVersion: Int
    var label: String
    var message: String
    var color: String?
    var labelColor: String?
    var isError: Bool?
    var style: String?
    var namedLogo: String?
    var logoSvg: String?
    var logoColor: String?
    var cacheSeconds: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        guard schemaVersion == 1 else { throw Invalid(message: "schemaVersion must be 1, not \(schemaVersion)") }
        do {
            label = try container.decode(String.self, forKey: .label)
            message = try container.decode(String.self, forKey: .message)
        } catch {
            throw Invalid(message: "the endpoint JSON needs \"label\" and \"message\" as strings")
        }
        color = try container.decodeIfPresent(String.self, forKey: .color)
        labelColor = try container.decodeIfPresent(String.self, forKey: .labelColor)
        isError = try container.decodeIfPresent(Bool.self, forKey: .isError)
        style = try container.decodeIfPresent(String.self, forKey: .style)
        namedLogo = try container.decodeIfPresent(String.self, forKey: .namedLogo)
        logoSvg = try container.decodeIfPresent(String.self, forKey: .logoSvg)
        logoColor = try container.decodeIfPresent(String.self, forKey: .logoColor)
        cacheSeconds = try container.decodeIfPresent(Int.self, forKey: .cacheSeconds)
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, label, message, color, labelColor, isError, style, namedLogo, logoSvg, logoColor, cacheSeconds
    }

    /// The badge's options by the command line's names. A `namedLogo` shields does not know is
    /// ignored, as shields ignores it; `logoSvg` wins over it.
    func options() throws -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [("label", label), ("message", message)]
        if logoSvg == nil, let namedLogo, SimpleIcons.named(namedLogo) != nil { items.append(("logo", namedLogo)) }
        if let color = color ?? (isError == true ? "red" : nil) { items.append(("color", color)) }
        if let labelColor { items.append(("labelColor", labelColor)) }
        if let style { items.append(("style", style)) }
        if let logoSvg { items.append(("logo", "data:image/svg+xml;base64," + Data(logoSvg.utf8).base64EncodedString())) }
        if let logoColor, items.contains(where: { $0.name == "logo" }) { items.append(("logoColor", logoColor)) }
        return items
    }
}
