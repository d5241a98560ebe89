import ArgumentParser
import CurveTypeServer
import Hummingbird
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// `curvetype-server`: reads its flags and runs the server until SIGTERM or SIGINT, which let
/// requests in flight finish first.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curvetype-server",
        abstract: "Serves badges at shields-style URLs, every CurveType effect by query, and a playground at /.",
        version: ServerConfiguration.version)

    @Option(help: "The address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"
    @Option(help: "The port (0 picks a free one).")
    var port = 8080
    @Option(help: "Megabytes of rendered SVGs, PNGs and PDFs kept in memory.")
    var cacheMegabytes = 64
    @Option(help: "Megabytes the PNGs being drawn at once may hold (8 bytes a pixel); a PNG past it is answered 503 at once.")
    var rasterMegabytes = 512
    @Option(help: "Seconds a render may take before the request is answered 503.")
    var renderTimeLimit = 2.0
    @Option(help: "Heavy writes (PNGs over a million pixels, welds, machine files) queued or running at once, in a lane of their own with half the cores; more are answered 503 at once.")
    var heavyRenders = 16
    @Option(help: "A folder of JSON files and templates: /endpoint/NAME draws NAME.json as shields' endpoint badge, /json/NAME?query=$.x the value it holds, POST /merge/NAME fills NAME.svg from the rows in the body.")
    var dataFolder: String?
    @Option(help: "The most rows POST /merge reads from a body.")
    var maxMergeRows = 200
    @Option(help: "The address readers reach the server at (https://badges.example.org): the playground's copied URL, Markdown and HTML name it. Without it they name the address the page was opened at.")
    var publicURL: String?
    @Flag(help: "Log one line per request to standard error.")
    var log = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard (0...65536).contains(cacheMegabytes) else { throw ValidationError("--cache-megabytes must be 0…65536") }
        guard (1...65536).contains(rasterMegabytes) else { throw ValidationError("--raster-megabytes must be 1…65536") }
        if let dataFolder {
            var status = stat()
            guard stat(dataFolder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { throw ValidationError("--data-folder must name a folder") }
        }
        guard (1...4096).contains(heavyRenders) else { throw ValidationError("--heavy-renders must be 1…4096") }
        guard (1...100_000).contains(maxMergeRows) else { throw ValidationError("--max-merge-rows must be 1…100000") }
        if let publicURL, ServerConfiguration.publicURL(publicURL) == nil {
            throw ValidationError("--public-url must be an http or https address with a host and no query (https://badges.example.org)")
        }
        guard renderTimeLimit.isFinite, renderTimeLimit > 0, renderTimeLimit <= 600 else {
            throw ValidationError("--render-time-limit must be more than 0 and at most 600 seconds")
        }
    }

    func run() async throws {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.cacheBytes = cacheMegabytes << 20
        configuration.rasterBytes = rasterMegabytes << 20
        configuration.renderTimeLimit = renderTimeLimit
        configuration.maximumConcurrentHeavyRenders = heavyRenders
        configuration.logRequests = log
        configuration.dataFolder = dataFolder
        configuration.maximumMergeRows = maxMergeRows
        configuration.publicURL = publicURL.flatMap(ServerConfiguration.publicURL)
        var logger = Logger(label: "curvetype-server")
        logger.logLevel = log ? .info : .notice
        // Where it listens, on standard output, so a script that gave --port 0 learns the port.
        let app = CurveTypeServer.application(configuration: configuration, logger: logger) { url in
            // Written at once (no buffer): a pipe's reader waits for the line.
            let line = Array("curvetype-server: listening on \(url)\n".utf8)
            _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        try await app.runService()
    }
}
