import Prometheus
import Synchronization

/// The server's Prometheus metrics, in a registry of its own (no process-wide bootstrap, so two
/// servers in one test process count apart), written out at `/metrics`.
public final class ServerMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()

    private static var requests: MetricNameDescriptor { descriptor("http_requests", "total", "HTTP requests answered, by route and status") }
    private static var latency: MetricNameDescriptor { descriptor("http_request_duration", "seconds", "Time from request to response, by route") }
    private static var notModified: MetricNameDescriptor { descriptor("not_modified", "total", "Requests answered 304 Not Modified from their ETag") }
    private static var renders: MetricNameDescriptor { descriptor("renders", "total", "Drawings rendered (not from the cache), by command") }
    private static var refusals: MetricNameDescriptor { descriptor("render_refusals", "total", "Renders refused: invalid, timed_out, busy or failed") }
    private static var cacheHits: MetricNameDescriptor { descriptor("cache_hits", "total", "Drawings answered from the in-memory cache") }
    private static var cacheSize: MetricNameDescriptor { descriptor("cache", "bytes", "Bytes held by the in-memory cache of rendered SVGs, PNGs and PDFs") }
    private static var stops: MetricNameDescriptor { descriptor("render_stops", "total", "Renders stopped midway because their request was answered already (timed out)") }
    private static var rasterReserved: MetricNameDescriptor { descriptor("raster_reserved", "bytes", "Bytes reserved by the PNGs being drawn now") }
    private static var heavy: MetricNameDescriptor { descriptor("heavy_renders", "total", "Writes sent to the heavy lane (big PNGs, welds, machine files)") }

    private static func descriptor(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "curvetype", metricName: name, unitName: unit, helpText: help)
    }

    /// Latency buckets: a cached answer takes microseconds, a long text many milliseconds.
    private static let buckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2500),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
    ]

    /// Handles already made, by their labels: the registry finds a series by building its
    /// name and labels and taking a lock, which a request paid several times over.
    private let requestHandles = Mutex<[String: (count: Counter, latency: DurationHistogram)]>([:])
    private let labelledCounters = Mutex<[String: Counter]>([:])
    private let notModifiedCount: Counter
    private let cacheHitCount: Counter
    private let cacheSizeGauge: Gauge
    private let stopCount: Counter
    private let rasterReservedGauge: Gauge
    private let heavyCount: Counter

    public init() {
        notModifiedCount = registry.makeCounter(descriptor: Self.notModified)
        cacheHitCount = registry.makeCounter(descriptor: Self.cacheHits)
        cacheSizeGauge = registry.makeGauge(descriptor: Self.cacheSize)
        stopCount = registry.makeCounter(descriptor: Self.stops)
        rasterReservedGauge = registry.makeGauge(descriptor: Self.rasterReserved)
        heavyCount = registry.makeCounter(descriptor: Self.heavy)
    }

    /// One answered request: `route` is one of a fixed set of names (never the raw path, so
    /// the number of series stays bounded).
    func request(route: String, status: Int, duration: Duration) {
        let key = route + " " + String(status)
        let handles = requestHandles.withLock { known in
            if let handles = known[key] { return handles }
            let made = (registry.makeCounter(descriptor: Self.requests, labels: [("route", route), ("status", String(status))]),
                        registry.makeDurationHistogram(descriptor: Self.latency, labels: [("route", route)], buckets: Self.buckets))
            known[key] = made
            return made
        }
        handles.count.increment()
        handles.latency.record(duration)
        if status == 304 { notModifiedCount.increment() }
    }

    func rendered(command: String) { counter(Self.renders, "command", command).increment() }

    func renderRefused(reason: String) { counter(Self.refusals, "reason", reason).increment() }

    /// The counter of `descriptor` labelled `label=value`, made once.
    private func counter(_ descriptor: MetricNameDescriptor, _ label: String, _ value: String) -> Counter {
        let key = descriptor.metricName + " " + value
        return labelledCounters.withLock { known in
            if let counter = known[key] { return counter }
            let made = registry.makeCounter(descriptor: descriptor, labels: [(label, value)])
            known[key] = made
            return made
        }
    }

    func cacheHit() { cacheHitCount.increment() }

    func cacheBytes(_ bytes: Int) { cacheSizeGauge.set(Double(bytes)) }

    func renderStopped() { stopCount.increment() }

    func heavyRender() { heavyCount.increment() }

    func rasterBytes(_ bytes: Int) { rasterReservedGauge.set(Double(bytes)) }

    /// The metrics in Prometheus' text format.
    public func exposition() -> [UInt8] { registry.emitToBuffer() }
}
