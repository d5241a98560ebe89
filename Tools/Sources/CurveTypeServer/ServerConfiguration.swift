import CurveType

/// How a `curvetype-server` listens, caches and limits. Every field has a default a public
/// deployment can use.
public struct ServerConfiguration: Sendable {
    /// The address to bind; `127.0.0.1` serves this machine only, `0.0.0.0` every interface.
    public var host = "127.0.0.1"
    /// 0 picks a free port.
    public var port = 8080
    /// Bytes of rendered SVG (and their gzipped copies) kept in memory.
    public var cacheBytes = 64 << 20
    /// Seconds a render may take before the request is answered 503.
    public var renderTimeLimit = 2.0
    /// Renders queued or running at once (counting running ones given up on); more are answered
    /// 503 at once. The pool runs one per core; the rest wait, each within its time limit.
    public var maximumConcurrentRenders = 256
    /// Heavy writes (a PNG of more than a million pixels, a weld, a machine file) queued or
    /// running at once, in a lane of their own with half the cores; more are answered 503 at
    /// once. Light renders never wait behind them.
    public var maximumConcurrentHeavyRenders = 16
    /// Bytes the pictures being drawn at once may hold (8 a PNG pixel): a PNG that would pass
    /// it is answered 503 at once. The default draws one PNG at the 64 Mpx limit, or many
    /// smaller ones, keeping the server under 1 GB.
    public var rasterBytes = 512 << 20
    /// The longest request line's target, bytes; longer is 414.
    public var maximumURLBytes = 8192
    /// The largest request body (`POST /badge`), bytes; larger is 413.
    public var maximumBodyBytes = 64 << 10
    /// `Cache-Control: max-age` when a request gives no `cacheSeconds`: a response depends
    /// only on its URL and the server's version, so it may be kept long.
    public var defaultCacheSeconds = 86_400
    /// The least `max-age` a request may ask for (`cacheSeconds` below it is raised), so a
    /// CDN keeps answering.
    public var minimumCacheSeconds = 300
    /// The most `max-age` a request may ask for: a year.
    public var maximumCacheSeconds = 31_536_000
    /// The folder `/endpoint/NAME` and `/json/NAME` read `NAME.json` from; `nil` serves neither.
    public var dataFolder: String?
    /// The most rows `POST /merge` reads from a body.
    public var maximumMergeRows = 200
    /// The largest body of `POST /merge-preview` (a template and its rows), bytes.
    public var maximumPreviewBytes = 2 << 20
    /// The address readers reach the server at (`https://badges.example.org`, a path allowed),
    /// for the playground's copied URL, Markdown and HTML; `nil` takes the page's own address.
    /// Set it through `publicURL(_:)`, which checks it.
    public var publicURL: String?

    /// `text` as a public address: http or https, a host, no query, fragment, user or white
    /// space, its trailing `/` left out; `nil` where it is not one.
    public static func publicURL(_ text: String) -> String? {
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        let lower = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else { return nil }
        let rest = url.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty, url.count <= 512, !url.contains(where: { $0.isWhitespace || "?#@\"'<>\\".contains($0) }),
              url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        return url
    }

    /// One log line per request (swift-log, standard error).
    public var logRequests = false
    /// What renders: part of every ETag, so a new version's output is never taken for an old one's.
    public var identity = "curvetype-server/\(ServerConfiguration.version)"

    /// For tests: a render is answered 503 (as its time limit would answer it) when its work
    /// asks whether to stop for the `number`th time, in the heavy lane or the light; so a test
    /// of stopping chooses the step, and passes the same under any load. `nil` in a server.
    public var answersAtCheck: RenderCheck?

    /// A render's `number`th check whether to stop (from 1), in the heavy lane or the light.
    public struct RenderCheck: Sendable {
        public var heavy: Bool
        public var number: Int
        public init(heavy: Bool, number: Int) {
            self.heavy = heavy
            self.number = number
        }
    }

    /// The server's version.
    public static let version = CurveTypeVersion.string

    public init() {}
}
