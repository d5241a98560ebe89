import CurveType
import Hummingbird
import Logging
import NIOCore

/// Every error as one line of plain text with its status: a 400's line says what was wrong
/// (in CurveType's words, as the command line prints it), a 404 or 413 what the server
/// expects. Anything unexpected is a 500 whose body reveals nothing.
struct PlainErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// What a 500 answers: the server's fault, whose reasons are in its log.
    static var serverFailed: String { "the server failed to answer this request; its operator's log says why" }

    /// `status` with one line: `message`, or what the status means here.
    static func plain(_ status: HTTPResponse.Status, _ headers: HTTPFields, _ message: String?) -> Response {
        let line: String
        switch (status, message) {
        case (_, let message?): line = message
        case (.notFound, nil): line = "no such page: the server has \(CurveTypeServer.effects.map { "/" + $0 }.joined(separator: ", ")), /healthz, /metrics and the playground at /"
        case (.contentTooLarge, nil): line = "the request body is too large"
        case (.methodNotAllowed, nil): line = "this address answers GET and HEAD (and POST for /badge)"
        default: line = status.reasonPhrase
        }
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.xContentTypeOptions] = "nosniff"
        if headers[.cacheControl] == nil {
            // A 400 or 404 stays so for this version; anything else may not.
            headers[.cacheControl] = status == .badRequest || status == .notFound ? "public, max-age=300" : "no-store"
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: Diagnostic.line("error", line))))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            // A 500 is the operator's to mend (a broken data file): the log says what and why,
            // the answer only that it failed: a message about the operator's file may quote it,
            // and no stranger reads the server's files.
            if error.status == .internalServerError {
                context.logger.error("\(Diagnostic.escaped(String((error.body ?? "internal error").prefix(500))))",
                                     metadata: ["path": "\(Diagnostic.escaped(String(request.uri.path.prefix(200))))"])
                return Self.plain(error.status, error.headers, Self.serverFailed)
            }
            return Self.plain(error.status, error.headers, error.body)
        } catch let error as any HTTPResponseError {
            // Hummingbird's own (a body over the limit is 413): their status, our line.
            return Self.plain(error.status, [:], nil)
        } catch {
            context.logger.error("unexpected error: \(String(describing: error).prefix(200))")
            return Response(status: .internalServerError, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(string: Diagnostic.line("error", "internal error"))))
        }
    }
}

/// Refuses a request target longer than the limit (414) before anything reads it.
struct LimitsMiddleware<Context: RequestContext>: RouterMiddleware {
    let maximumURLBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.string.utf8.count <= maximumURLBytes else {
            throw HTTPError(.uriTooLong, message: "the address is longer than \(maximumURLBytes) bytes")
        }
        return try await next(request, context)
    }
}

/// Counts each request by route and status, times it, and (when asked) logs one line for it.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    let logRequests: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let route = Self.route(request.uri.path)
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            // Errors became responses in `PlainErrorMiddleware`; one that escaped is a 500.
            record(request, context: context, route: route, status: 500, start: start, bytes: nil)
            throw error
        }
        record(request, context: context, route: route, status: response.status.code, start: start, bytes: response.body.contentLength)
        return response
    }

    private func record(_ request: Request, context: Context, route: String, status: Int, start: ContinuousClock.Instant, bytes: Int?) {
        let duration = ContinuousClock.now - start
        metrics.request(route: route, status: status, duration: duration)
        guard logRequests else { return }
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        context.logger.info("request", metadata: [
            "method": "\(request.method.rawValue)",
            "path": "\(Diagnostic.escaped(String(request.uri.path.prefix(200))))",
            "status": "\(status)",
            "micros": "\(micros)",
            "bytes": "\(bytes.map(String.init) ?? "-")",
        ])
    }

    /// The metrics label of a path: its first segment if it is a route, else `other`.
    static func route(_ path: String) -> String {
        let first = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: true).first.map(String.init) ?? ""
        switch first {
        case "": return "playground"
        case "playground.js", "playground.css", "options.json": return "playground"
        case "healthz", "metrics": return first
        case _ where CurveTypeServer.effects.contains(first): return first
        default: return "other"
        }
    }
}
