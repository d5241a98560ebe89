import CurveType
import CurveTypeCSV
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging
#if canImport(Glibc)
import Glibc
#endif
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
    /// `onListening` is told the address it listens on, once it does (the port `--port 0`
    /// picked).
    public static func application(
        configuration: ServerConfiguration, metrics: ServerMetrics = ServerMetrics(), logger: Logger? = nil,
        onListening: @escaping @Sendable (_ url: String) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var logger = logger ?? Logger(label: "curvetype-server")
        if logger.logLevel > .info && configuration.logRequests { logger.logLevel = .info }
        let host = configuration.host
        return Application(
            router: router(configuration: configuration, metrics: metrics),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                onListening("http://\(host.contains(":") ? "[\(host)]" : host):\(port)/")
            },
            logger: logger)
    }

    /// Every route and middleware, for the application or a test.
    public static func router(configuration: ServerConfiguration, metrics: ServerMetrics) -> Router<BasicRequestContext> {
        let renderer = Renderer(configuration: configuration, metrics: metrics)
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestMetricsMiddleware(metrics: metrics, logRequests: configuration.logRequests))
        router.add(middleware: PlainErrorMiddleware())
        router.add(middleware: LimitsMiddleware(maximumURLBytes: configuration.maximumURLBytes))

        let page = Playground.page(publicURL: configuration.publicURL)
        router.get("/") { _, _ in page() }
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
        // A badge of several parts: /parts/<text>-<color>/<text>-<color>/…[.svg|.png|.pdf]
        router.get("/parts/**") { request, _ in
            try await badgeFromParts(request, renderer: renderer)
        }
        // Badges from the operator's data folder (--data-folder), by file name, never a path.
        router.get("/endpoint/*") { request, _ in
            try await badgeFromDataFile(request, kind: .endpoint, renderer: renderer)
        }
        router.get("/json/*") { request, _ in
            try await badgeFromDataFile(request, kind: .json, renderer: renderer)
        }
        // A template from the data folder filled from rows in the body: one row's page.
        router.post("/merge/*") { request, _ in
            try await mergedPage(request, renderer: renderer)
        }
        // The playground's merge tab: a dropped template and rows, the first pages.
        router.post("/merge-preview") { request, _ in
            try await mergePreview(request, renderer: renderer)
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
        let reading = ShieldsBadgeQuery(badge: badge, query: items)
        let query = try command("badge", reading.options + drawing)
        var response = try await svgResponse(query, request: request, maxAge: maxAge, renderer: renderer)
        if !reading.ignored.isEmpty { response.headers[.curveTypeIgnored] = reading.headerValue }
        return response
    }

    /// A POST's body, at most `limit` bytes, read only when it comes with its length: a chunked
    /// body says its size chunk by chunk, and one chunk may announce 2⁶⁴ − 1 bytes and then send
    /// none, so reading it would wait on the client; a body's length is checked before a byte
    /// is read (RFC 9110 §15.5.12). `needs` begins the 411's message.
    static func sizedBody(_ request: Request, limit: Int, needs: String) async throws -> ByteBuffer {
        if request.headers[.transferEncoding] != nil || request.headers[.contentLength] == nil {
            throw HTTPError(.lengthRequired, headers: [.connection: "close"], message: needs + ", not a chunked body")
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            // The client's bytes are not HTTP (a chunk size that is not one): its fault, a 400.
            throw HTTPError(.badRequest, message: "the request body is not valid HTTP (\(String(describing: error).prefix(80)))")
        }
    }

    /// `POST /badge` with shields' endpoint JSON.
    static func badgeFromEndpoint(_ request: Request, context: BasicRequestContext, renderer: Renderer) async throws -> Response {
        let body = try await sizedBody(request, limit: renderer.configuration.maximumBodyBytes,
                                       needs: "POST /badge needs a Content-Length (at most \(renderer.configuration.maximumBodyBytes) bytes of JSON)")
        let endpoint: BadgeEndpoint
        do {
            endpoint = try BadgeEndpoint(json: Array(buffer: body), what: "the body")
        } catch {
            throw HTTPError(.badRequest, message: error.keyedMessage)
        }
        var items = try queryItems(request)
        var maxAge = try cacheSeconds(&items, configuration: renderer.configuration)
        guard items.isEmpty else { throw HTTPError(.badRequest, message: "POST /badge takes its options in the JSON body, not the query") }
        if let seconds = endpoint.cacheSeconds { maxAge = renderer.configuration.clampedCacheSeconds(seconds) }
        let query = try command("badge", endpoint.options())
        return try await svgResponse(query, request: request, maxAge: maxAge, renderer: renderer)
    }

    /// `/parts/<text>-<color>/…`: each path segment a part, its text and colour split at the
    /// last single dash as shields splits a message from its colour (`--` is a dash, `__` an
    /// underscore, `_` a space); a segment without a single dash is text in the default colour.
    /// The query gives the rest by the badge command's names (`style`, `partLogo`, `columns`, …).
    static func badgeFromParts(_ request: Request, renderer: Renderer) async throws -> Response {
        let (content, format) = OutputFormat.splitting(request.uri.path.dropFirst("/parts/".count))
        let segments = content.split(separator: "/", omittingEmptySubsequences: false)
        guard !content.isEmpty, segments.count <= BadgeRequest.maximumParts else {
            throw HTTPError(.notFound, message: "a badge of parts is /parts/TEXT-COLOR/TEXT-COLOR/… (1 to \(BadgeRequest.maximumParts) parts; a dash in the text is --)")
        }
        var items: [(name: String, value: String)] = []
        var colors: [String] = []
        for segment in segments {
            guard let part = PartSegment(segment) else {
                throw HTTPError(.badRequest, message: "a part of the address is not valid percent-encoded UTF-8")
            }
            items.append(("part", part.text))
            colors.append(part.color)
        }
        if colors.contains(where: { !$0.isEmpty }) { items += colors.map { ("partColor", $0) } }
        var query = try queryItems(request)
        let maxAge = try cacheSeconds(&query, configuration: renderer.configuration)
        if query.contains(where: { ["part", "partColor"].contains(QueryCommand.optionName($0.name)) }) {
            throw HTTPError(.badRequest, message: "the address gives the parts and their colours; the query gives the rest")
        }
        if let format, !query.contains(where: { $0.name == "format" }) { query.append(("format", format.rawValue)) }
        return try await svgResponse(try command("badge", items + query), request: request, maxAge: maxAge, renderer: renderer)
    }

    /// What a data-folder route reads.
    enum DataFile { case endpoint, json }

    /// `/endpoint/<name>[.svg|.png|.pdf]` draws `<name>.json` of the operator's data folder as
    /// shields' endpoint badge, the query over it as shields' query overrides one;
    /// `/json/<name>?query=$.x` draws the value a JSON file holds there. The name is a file's
    /// name (letters, digits, `.`, `_`, `-`, not starting with `.`), never a path, and the file
    /// must be a regular file inside the folder; it is read at each request, so the badge
    /// follows the data (its ETag is the drawing's, as any badge's).
    static func badgeFromDataFile(_ request: Request, kind: DataFile, renderer: Renderer) async throws -> Response {
        let route = kind == .endpoint ? "endpoint" : "json"
        guard let folder = renderer.configuration.dataFolder else {
            throw HTTPError(.notFound, message: "this server reads no data files (curvetype-server --data-folder DIR serves /\(route)/NAME)")
        }
        let (name, format) = OutputFormat.splitting(request.uri.path.dropFirst(route.count + 2))
        let bytes = try DataFolder(path: folder).read(String(name))
        var query = try queryItems(request)
        let given = query.count
        var maxAge = try cacheSeconds(&query, configuration: renderer.configuration)
        let cacheAsked = query.count < given
        if let format, !query.contains(where: { $0.name == "format" }) { query.append(("format", format.rawValue)) }
        // The file is the operator's: a broken one is the server's fault (500), not the asker's.
        func fromFile<T>(_ body: () throws(CurveTypeError) -> T) throws -> T {
            do { return try body() } catch { throw HTTPError(.internalServerError, message: error.keyedMessage) }
        }
        var items: [(name: String, value: String)]
        do {
            switch kind {
            case .endpoint:
                let endpoint = try fromFile { () throws(CurveTypeError) in try BadgeEndpoint(json: bytes, what: "the data file \(name).json") }
                if let seconds = endpoint.cacheSeconds, !cacheAsked { maxAge = renderer.configuration.clampedCacheSeconds(seconds) }
                // shields' query names for what it overrides; the rest are the badge's own options.
                var overrides = BadgeEndpoint.Overrides()
                let shieldsNames = ["label", "color", "messageColor", "labelColor", "style", "logo", "logoColor", "logoSize", "logoWidth"]
                for item in query where shieldsNames.contains(QueryCommand.optionName(item.name)) {
                    switch QueryCommand.optionName(item.name) {
                    case "label": overrides.label = item.value
                    case "color", "messageColor": overrides.color = item.value
                    case "labelColor": overrides.labelColor = item.value
                    case "style": overrides.style = item.value
                    case "logo": overrides.logo = item.value
                    case "logoColor": overrides.logoColor = item.value
                    case "logoSize": overrides.logoSize = item.value
                    default: break  // logoWidth: shields has ignored it since its PR #10878.
                    }
                }
                items = endpoint.options(over: overrides) + query.filter { !shieldsNames.contains(QueryCommand.optionName($0.name)) }
            case .json:
                let document = try fromFile { () throws(CurveTypeError) in try JSONValue.parse(bytes, what: "the data file \(name).json") }
                guard let path = query.first(where: { $0.name == "query" })?.value else {
                    throw CurveTypeError.invalidInput("give the value's place as query=$.path")
                }
                let affix = { (key: String) in query.first { $0.name == key }?.value }
                let rest = query.filter { !["query", "prefix", "suffix"].contains($0.name) }
                items = [("message", try JSONQuery(path).badgeMessage(in: document, file: "\(name).json", prefix: affix("prefix"), suffix: affix("suffix")))]
                if !rest.contains(where: { $0.name == "label" }) { items.append(("label", JSONQuery.defaultLabel)) }
                if !rest.contains(where: { ["color", "messageColor"].contains(QueryCommand.optionName($0.name)) }) {
                    items.append(("messageColor", JSONQuery.defaultColor))
                }
                items += rest
            }
        } catch let error as CurveTypeError {
            throw HTTPError(.badRequest, message: error.keyedMessage)
        }
        return try await svgResponse(try command("badge", items), request: request, maxAge: maxAge, renderer: renderer)
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
    /// `POST /merge/<template>[.svg|.png|.pdf]?row=N`: the operator's template
    /// (`--data-folder`'s `<template>.svg`) filled from the rows in the body (CSV, or JSON lines
    /// when the body is `application/jsonl`, `application/x-ndjson` or starts with `{`), every
    /// row checked as `curvetype merge` checks them, and row N's page answered (the first
    /// row's without `row`). At most `maximumMergeRows` rows; nothing is stored.
    static func mergedPage(_ request: Request, renderer: Renderer) async throws -> Response {
        guard let folder = renderer.configuration.dataFolder else {
            throw HTTPError(.notFound, message: "this server has no templates (curvetype-server --data-folder DIR serves /merge/NAME from DIR/NAME.svg)")
        }
        let (name, pathFormat) = OutputFormat.splitting(request.uri.path.dropFirst("/merge/".count))
        let templateBytes = try DataFolder(path: folder).read(String(name), extension: "svg", limit: SafeSVG.maximumTemplateBytes)
        let body = try await sizedBody(request, limit: renderer.configuration.maximumBodyBytes,
                                       needs: "POST /merge needs a Content-Length (at most \(renderer.configuration.maximumBodyBytes) bytes of CSV or JSON lines)")
        let bytes = Array(buffer: body)
        var items = try queryItems(request)
        _ = try cacheSeconds(&items, configuration: renderer.configuration)
        var row: Int?
        var format = pathFormat ?? .svg
        for item in items {
            switch QueryCommand.optionName(item.name) {
            case "row":
                guard let number = Int(item.value), number >= 1 else { throw HTTPError(.badRequest, message: "row must be a row's number, not \"\(item.value.prefix(20))\"") }
                row = number
            case "format":
                guard let value = OutputFormat(rawValue: item.value), [.svg, .png, .pdf].contains(value) else {
                    throw HTTPError(.badRequest, message: "format must be svg, png or pdf, not \"\(item.value.prefix(20))\"")
                }
                format = value
            default:
                throw HTTPError(.badRequest, message: "POST /merge takes row and format, not \"\(item.name.prefix(40))\"")
            }
        }
        guard [.svg, .png, .pdf].contains(format) else { throw HTTPError(.badRequest, message: "a merged page is svg, png or pdf") }
        let contentType = request.headers[.contentType] ?? ""
        let firstByte = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        let isJSONLines = contentType.contains("jsonl") || contentType.contains("ndjson") || (!contentType.contains("csv") && firstByte == UInt8(ascii: "{"))
        let limit = renderer.configuration.maximumMergeRows
        let data = MergeData(name: "the body") { () throws(CurveTypeError) -> any MergeRowReader in
            CappedRows(isJSONLines ? JSONLinesRows(bytes: bytes, name: "the body") : try CSVRows(bytes: bytes, name: "the body"), limit: limit)
        }
        let (asked, written) = (row, format)
        let page: ByteBuffer
        do {
            page = try await renderer.mergedPage(limit: renderer.configuration.renderTimeLimit * 5, format: written) { isCancelled throws(CurveTypeError) -> RenderedDocument in
                let template = try MergeTemplate(svg: templateBytes)
                var merge = Merge(template: template, data: data, output: "{row}.\(written.rawValue)")
                merge.isCancelled = isCancelled
                // The operator's template may read the operator's folder, and nothing else.
                merge.templateReads = try FileAccess.under(folder, "the operator's template")
                var first: Int?
                if asked == nil {
                    var reader = try data.open()
                    first = try reader.next()?.number
                }
                return try merge.page(row: asked ?? first ?? 1)
            }
        } catch {
            throw error.httpError(what: "merge")
        }
        let headers: HTTPFields = [
            .contentType: format == .svg ? "image/svg+xml; charset=utf-8" : format.mediaType,
            .cacheControl: "no-store",
            .contentSecurityPolicy: svgPolicy,
            .xContentTypeOptions: "nosniff",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: page))
    }

    /// What the playground's merge tab sends: a template and rows, as text, read as every JSON
    /// of the project is (`JSONValue`, as JavaScript reads it).
    struct MergePreviewBody {
        var template: String
        var rows: String

        init(_ bytes: [UInt8]) throws {
            guard case .object(let object) = try JSONValue.parse(bytes, what: "the body", limit: bytes.count),
                  case .string(let template)? = object["template"], case .string(let rows)? = object["rows"],
                  object.keys.count == 2 else {
                throw HTTPError(.badRequest, message: "the body must be JSON: {\"template\": the SVG, \"rows\": CSV or JSON lines}")
            }
            (self.template, self.rows) = (template, rows)
        }
    }

    /// `POST /merge-preview`: the playground's merge tab. The body is JSON, `{"template": SVG,
    /// "rows": CSV or JSON lines}` (at most `maximumPreviewBytes`); every row is checked as
    /// `curvetype merge` checks them, and the first `previewPages` pages come back as SVG in
    /// JSON, `{"rows": N, "pages": [SVG, …]}`. The template is read as any logo is (made safe).
    static func mergePreview(_ request: Request, renderer: Renderer) async throws -> Response {
        let body = try await sizedBody(request, limit: renderer.configuration.maximumPreviewBytes, needs: "POST /merge-preview needs a Content-Length")
        let sent: MergePreviewBody
        do { sent = try MergePreviewBody(Array(buffer: body)) } catch let error as HTTPError { throw error } catch {
            throw HTTPError(.badRequest, message: "the body must be JSON: {\"template\": the SVG, \"rows\": CSV or JSON lines}")
        }
        let rows = Array(sent.rows.utf8)
        let isJSONLines = rows.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 } == UInt8(ascii: "{")
        let limit = renderer.configuration.maximumMergeRows
        let data = MergeData(name: "the rows") { () throws(CurveTypeError) -> any MergeRowReader in
            CappedRows(isJSONLines ? JSONLinesRows(bytes: rows, name: "the rows") : try CSVRows(bytes: rows, name: "the rows"), limit: limit)
        }
        let template = Array(sent.template.utf8)
        let pages: [UInt8]
        do {
            pages = try await renderer.merged(limit: renderer.configuration.renderTimeLimit * 5) { isCancelled throws(CurveTypeError) -> [UInt8] in
                var merge = Merge(template: try MergeTemplate(svg: template), data: data, output: "{row}.svg")
                merge.isCancelled = isCancelled
                merge.templateReads = .none("a template posted to the server", place: " on the server")
                let previews = try merge.previews(count: previewPages)
                struct Answer: Encodable { var rows: Int; var pages: [String] }
                let answer = Answer(rows: previews.rows, pages: try previews.pages.map { document throws(CurveTypeError) in try document.svg(SVGSettings()) })
                guard let json = try? JSONEncoder().encode(answer) else { throw .internalFailure("the previews could not be written as JSON") }
                return Array(json)
            }
        } catch {
            throw error.httpError(what: "merge")
        }
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store", .xContentTypeOptions: "nosniff"],
                        body: .init(byteBuffer: ByteBuffer(bytes: pages)))
    }

    /// Pages the playground's merge tab shows.
    static let previewPages = 3

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
            throw error.httpError(what: "render")
        }
        guard svg.format == .svg else {
            // PNG and PDF are compressed already: sent as they are. A machine file is a
            // download, never shown in the page, nor written anywhere on the server.
            headers[.contentType] = svg.format.mediaType
            if svg.format.isForMachines {
                headers[.contentDisposition] = "attachment; filename=\"curvetype.\(svg.format == .plotterSVG ? "plotter.svg" : svg.format.rawValue)\""
            }
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

/// One part of a `/parts/…` address: its text and colour, split at the last dash that is not
/// half of a `--`, the text unescaped as shields unescapes a message.
struct PartSegment {
    let text: String
    /// Empty for the default colour.
    let color: String

    init?(_ segment: Substring) {
        guard let decoded = PercentDecoding.decode(segment) else { return nil }
        let characters = Array(decoded)
        var split: Int?
        var index = 0
        while index < characters.count {
            if characters[index] == "-" {
                if index + 1 < characters.count && characters[index + 1] == "-" { index += 2; continue }
                split = index
            }
            index += 1
        }
        if let split {
            text = BadgeURL.unescaped(String(characters[..<split]))
            color = String(characters[(split + 1)...])
        } else {
            text = BadgeURL.unescaped(decoded)
            color = ""
        }
    }
}

/// The operator's folder of badge data: a file by its name, never a path.
struct DataFolder {
    let path: String

    /// The longest name read.
    static let maximumNameLength = 128

    /// `name.json`'s bytes: a name of letters, digits, `.`, `_` and `-` that does not start
    /// with `.`, a regular file (not a link) in the folder, at most `JSONValue.maximumBytes`.
    func read(_ name: String) throws -> [UInt8] {
        try read(name, extension: "json", limit: JSONValue.maximumBytes)
    }

    /// `name.<extension>`'s bytes, at most `limit`, as `read(_:)` reads them.
    func read(_ name: String, extension ext: String, limit: Int) throws -> [UInt8] {
        let allowed = name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F || b == 0x2D
        }
        guard allowed, !name.isEmpty, !name.hasPrefix("."), name.utf8.count <= Self.maximumNameLength else {
            throw HTTPError(.notFound, message: "a data file's name is letters, digits, '.', '_' and '-' (at most \(Self.maximumNameLength)), not starting with '.'")
        }
        let file = path + "/" + name + "." + ext
        var status = stat()
        guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw HTTPError(.notFound, message: "no data file \(name).\(ext)")
        }
        do {
            return try InputBytes.read(file, limit: limit)
        } catch {
            switch error {
            case .notFound: throw HTTPError(.notFound, message: "no data file \(name).\(ext)")
            case .tooLarge: throw HTTPError(.internalServerError, message: "the data file \(name).\(ext) is larger than \(InputBytes.describe(bytes: limit))")
            case .unreadable(_, let reason): throw HTTPError(.internalServerError, message: "cannot read the data file \(name).\(ext): \(reason)")
            }
        }
    }
}

/// Rows from another reader, refusing more than `limit`: a request's rows are bounded.
struct CappedRows: MergeRowReader {
    var rows: any MergeRowReader
    let limit: Int
    var count = 0

    init(_ rows: any MergeRowReader, limit: Int) {
        self.rows = rows
        self.limit = limit
    }

    var columns: [String]? { rows.columns }

    mutating func next() throws(CurveTypeError) -> MergeRow? {
        guard let row = try rows.next() else { return nil }
        count += 1
        guard count <= limit else { throw .invalidInput("the body holds more than \(limit) rows, the most a request may merge") }
        return row
    }
}

extension RenderFailure {
    /// The answer to a request whose `what` ("render", "merge") failed so.
    func httpError(what: String) -> HTTPError {
        switch self {
        case .invalid(let message): HTTPError(.badRequest, message: message)
        case .timedOut(let seconds): HTTPError(.serviceUnavailable, headers: [.retryAfter: "10"], message: "the \(what) took longer than \(seconds) s")
        case .busy: HTTPError(.serviceUnavailable, headers: [.retryAfter: "1"], message: "the server is rendering as much as it can; try again")
        case .failed(let message): HTTPError(.internalServerError, message: message)
        }
    }
}
