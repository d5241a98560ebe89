import CompressNIO
import CurveType
import NIOCore
import NIOPosix
import Synchronization

/// One rendered SVG as the server sends it: its bytes, gzipped once on first demand.
public final class RenderedBody: Sendable {
    public let body: ByteBuffer
    /// SVG, or a PNG or PDF drawn from the same frame.
    public let format: OutputFormat
    private let gzipped: Mutex<ByteBuffer?> = Mutex(nil)

    init(body: ByteBuffer, format: OutputFormat = .svg) {
        self.body = body
        self.format = format
    }

    /// The body gzipped (computed once, then kept with the SVG).
    public func gzippedBody() throws -> ByteBuffer {
        if let done = gzipped.withLock({ $0 }) { return done }
        var source = body
        let compressed = try source.compress(with: .gzip())
        gzipped.withLock { $0 = compressed }
        return compressed
    }

    /// Bytes held: the buffers' capacities (not just their contents) for the SVG and, once
    /// made, its gzipped copy, and the object itself.
    var bytes: Int { body.capacity + (gzipped.withLock { $0?.capacity } ?? 0) + 64 }
}

/// Why a render did not give an SVG.
public enum RenderFailure: Error, Sendable, Equatable {
    /// The request is invalid: a 400, with the line for the body.
    case invalid(String)
    /// It took longer than the time limit: a 503.
    case timedOut(seconds: Double)
    /// Too many renders are running already, or the pictures being drawn hold the raster
    /// memory budget: a 503.
    case busy
    /// The server failed, not the request (cairo out of memory): a 500.
    case failed(String)
}

extension RenderFailure {
    /// The caller's fault as 400, ours as 500.
    init(_ error: CurveTypeError) {
        self = error.isCallersFault ? .invalid(error.keyedMessage) : .failed(error.keyedMessage)
    }
}

/// Renders requests off the event loops, each within a time limit, and keeps the SVGs in a
/// cache bounded in bytes. Stateless as far as clients can tell: the cache only saves work, so
/// any number of replicas give the same answers.
public final class Renderer: Sendable {
    public let configuration: ServerConfiguration
    private let cache: Mutex<RenderCache>
    private let inFlight = RenderCount()
    private let heavyInFlight = RenderCount()
    private let rasterMemory: RasterMemory
    private let pool: NIOThreadPool
    /// The heavy lane's threads: half the cores (at least one), so light renders keep the rest.
    private let heavyPool: NIOThreadPool
    private let timers: any EventLoopGroup
    private let metrics: ServerMetrics

    init(configuration: ServerConfiguration, metrics: ServerMetrics,
         pool: NIOThreadPool = .singleton, timers: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.configuration = configuration
        self.cache = Mutex(RenderCache(capacity: configuration.cacheBytes))
        self.rasterMemory = RasterMemory(budget: configuration.rasterBytes)
        self.pool = pool
        let heavyPool = NIOThreadPool(numberOfThreads: max(1, System.coreCount / 2))
        heavyPool.start()
        self.heavyPool = heavyPool
        self.timers = timers
        self.metrics = metrics
    }

    deinit {
        heavyPool.shutdownGracefully { _ in }
    }

    /// The strong ETag of a request: a hash of its canonical form and the renderer's identity
    /// (a new version renders anew), known before rendering, so `If-None-Match` needs no render.
    public func etag(for query: QueryCommand) -> String {
        var hash = FNV128()
        hash.add(configuration.identity)
        hash.add("\u{0}")
        hash.add(query.canonical)
        return "\"" + hash.hex + "\""
    }

    /// The drawing for `query` (SVG, PNG or PDF, as its settings say), from the cache or
    /// rendered now.
    ///
    /// Two lanes, each with its own threads and its own bound on renders at once, so heavy work
    /// never starves light: the drawing is laid out in the light lane, and written there too
    /// unless the writing is heavy (a PNG of more than a million pixels, a weld, kerf or
    /// stencil, a machine file), which goes to the heavy lane. Under eight heavy requests a
    /// badge waited 2.3 s for a thread and was answered 503.
    public func body(for query: QueryCommand) async throws(RenderFailure) -> RenderedBody {
        if let cached = cache.withLock({ $0[query.canonical] }) {
            metrics.cacheHit()
            return cached
        }
        let rendered: ByteBuffer
        let format = query.settings.format(for: nil)
        let start = ContinuousClock.now
        do throws(RenderFailure) {
            let laidOut = try await render(lane: .light, limit: configuration.renderTimeLimit) { [configuration] (isCancelled) throws(RenderFailure) -> Written in
                let document: RenderedDocument
                do throws(CurveTypeError) { document = try query.request().renderDocument() } catch { throw RenderFailure(error) }
                // Answered 503 already: no one wants the picture, which is not written (a stop,
                // as a write that stops at its next check is).
                guard !isCancelled() else {
                    self.metrics.renderStopped()
                    throw .timedOut(seconds: configuration.renderTimeLimit)
                }
                if Self.isHeavy(document, format: format, settings: query.settings) { return .heavy(document) }
                return .done(try self.write(document, format: format, settings: query.settings, isCancelled: isCancelled))
            }
            switch laidOut {
            case .done(let bytes): rendered = bytes
            case .heavy(let document):
                let elapsed = ContinuousClock.now - start
                let left = configuration.renderTimeLimit - Double(elapsed.components.seconds) - Double(elapsed.components.attoseconds) / 1e18
                guard left > 0 else { throw .timedOut(seconds: configuration.renderTimeLimit) }
                metrics.heavyRender()
                rendered = try await render(lane: .heavy, limit: left, reported: configuration.renderTimeLimit) { (isCancelled) throws(RenderFailure) -> ByteBuffer in
                    try self.write(document, format: format, settings: query.settings, isCancelled: isCancelled)
                }
            }
        } catch {
            switch error {
            case .invalid: metrics.renderRefused(reason: "invalid")
            case .timedOut: metrics.renderRefused(reason: "timed_out")
            case .busy: metrics.renderRefused(reason: "busy")
            case .failed: metrics.renderRefused(reason: "failed")
            }
            throw error
        }
        metrics.rendered(command: query.command.name)
        let svg = RenderedBody(body: rendered, format: query.settings.format(for: nil))
        let held = cache.withLock { cache in
            cache.insert(svg, for: query.canonical)
            return cache.bytes
        }
        metrics.cacheBytes(held)
        return svg
    }

    /// What the light lane gives: the bytes, or a document whose writing is heavy.
    private enum Written: Sendable {
        case done(ByteBuffer)
        case heavy(RenderedDocument)
    }

    /// Which lane a render runs in.
    enum Lane: Sendable { case light, heavy }

    /// A PNG of more pixels than this is heavy to write.
    static let heavyPixels = 1_000_000.0

    /// Whether writing `document` in `format` is heavy work: a PNG of more than a million
    /// pixels, anything welded (weld, kerf, stencil), a machine file.
    static func isHeavy(_ document: RenderedDocument, format: OutputFormat, settings: OutputSettings) -> Bool {
        if settings.welds || format.isForMachines { return true }
        guard format == .png else { return false }
        return document.frame.width * document.frame.height * settings.scale * settings.scale > heavyPixels
    }

    /// `document` written in `format`, its PNG pixels and its pictures' decoded pixels held
    /// under the raster budget while drawn.
    private func write(_ document: RenderedDocument, format: OutputFormat, settings: OutputSettings,
                       isCancelled: () -> Bool) throws(RenderFailure) -> ByteBuffer {
        // A picture's pixels are held while it is drawn: it waits for no one, but is
        // refused at once when those being drawn hold the budget.
        let reserved = format == .png || format == .pdf
            ? try rasterMemory.reserve(for: document.frame, scale: settings.scale, page: format == .png) : 0
        if reserved > 0 { metrics.rasterBytes(rasterMemory.reserved) }
        defer {
            if reserved > 0 {
                rasterMemory.release(reserved)
                metrics.rasterBytes(rasterMemory.reserved)
            }
        }
        let contents: OutputFile.FileContents
        do throws(CurveTypeError) {
            contents = try document.contents(format, settings: settings, isCancelled: isCancelled)
        } catch {
            if isCancelled() { metrics.renderStopped() }
            throw RenderFailure(error)
        }
        switch contents {
        case .text(let svg): return ByteBuffer(string: svg)
        case .bytes(let bytes): return ByteBuffer(bytes: bytes)
        }
    }

    /// A merge's answer, made on the heavy lane within `limit` seconds; `work` is given what
    /// the merge asks before each row and page (``Merge/isCancelled``), so a merge whose
    /// request was answered stops, as every render does.
    func merged(limit: Double, _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws(CurveTypeError) -> [UInt8]) async throws(RenderFailure) -> [UInt8] {
        try await render(lane: .heavy, limit: limit) { isCancelled throws(RenderFailure) -> [UInt8] in try self.merging(isCancelled, work) }
    }

    /// `work`'s result; its error as a render's, a stop counted where the request was answered.
    private func merging<T>(_ isCancelled: @escaping @Sendable () -> Bool,
                            _ work: (_ isCancelled: @escaping @Sendable () -> Bool) throws(CurveTypeError) -> T) throws(RenderFailure) -> T {
        do throws(CurveTypeError) { return try work(isCancelled) } catch {
            if isCancelled() { metrics.renderStopped() }
            throw RenderFailure(error)
        }
    }

    /// A merge's page made by `work` and written in `format` on the heavy lane within `limit`
    /// seconds, its pixels and pictures held under the raster budget as any PNG's are.
    func mergedPage(limit: Double, format: OutputFormat,
                    _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws(CurveTypeError) -> RenderedDocument) async throws(RenderFailure) -> ByteBuffer {
        try await render(lane: .heavy, limit: limit) { isCancelled throws(RenderFailure) -> ByteBuffer in
            let document = try self.merging(isCancelled, work)
            return try self.write(document, format: format, settings: OutputSettings(), isCancelled: isCancelled)
        }
    }

    /// Runs `work` on `lane`'s threads; gives up waiting after `limit` seconds (a 503 that
    /// reports `reported`, the whole render's limit). Work still queued then is skipped; work
    /// already running is told by the function it is given, which answers true once the
    /// request has been answered, and stops at its next check (before a picture is drawn, and
    /// every 64 rows of a PNG). Every accepted input is bounded, so the rest ends, and each
    /// lane's bound on renders at once (counting those given up on) keeps it from piling up.
    private func render<T: Sendable>(lane: Lane, limit: Double, reported: Double? = nil,
                                     _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws(RenderFailure) -> T) async throws(RenderFailure) -> T {
        let (count, bound, threads) = lane == .light
            ? (inFlight, configuration.maximumConcurrentRenders, pool)
            : (heavyInFlight, configuration.maximumConcurrentHeavyRenders, heavyPool)
        guard count.enter(limit: bound) else { throw .busy }
        let reportedLimit = reported ?? limit
        let hook = configuration.answersAtCheck.flatMap { $0.heavy == (lane == .heavy) ? $0.number : nil }
        let result: Result<T, RenderFailure> = await withCheckedContinuation { continuation in
            let once = OnceFlag()
            let checks = CheckCount()
            // Whether the request was answered; the tests' hook answers it at its chosen check.
            let isCancelled: @Sendable () -> Bool = {
                if let hook, checks.next() == hook, once.claim() { continuation.resume(returning: .failure(.timedOut(seconds: reportedLimit))) }
                return once.isClaimed
            }
            let nanoseconds = Int64(min(max(limit, 0.000_001), 86_400) * 1e9)
            let timer = timers.any().scheduleTask(in: .nanoseconds(nanoseconds)) {
                if once.claim() { continuation.resume(returning: .failure(.timedOut(seconds: reportedLimit))) }
            }
            threads.submit { state in
                defer { count.leave() }
                guard case .active = state else {
                    if once.claim() { continuation.resume(returning: .failure(.busy)) }
                    return
                }
                // Answered 503 while it waited in the queue: no one wants it any more.
                guard !once.isClaimed else { return }
                let result: Result<T, RenderFailure>
                do throws(RenderFailure) { result = .success(try work(isCancelled)) } catch { result = .failure(error) }
                timer.cancel()
                if once.claim() { continuation.resume(returning: result) }
            }
        }
        return try result.get()
    }
}

/// Renders running now, counting those whose requests were given up on.
final class RenderCount: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one more render if fewer than `limit` run.
    func enter(limit: Int) -> Bool {
        guard count.add(1, ordering: .relaxed).newValue <= limit else {
            count.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    func leave() { count.subtract(1, ordering: .relaxed) }
}

/// The bytes of pictures being drawn at once, held under a budget. A PNG holds its pixels
/// (4 bytes each) and its compressed bytes, at most about as many again for a picture that does
/// not compress: 8 bytes a pixel is reserved before it is drawn, and released after.
final class RasterMemory: Sendable {
    /// Bytes reserved for one pixel.
    static let bytesPerPixel = 8
    let budget: Int
    private let held = Atomic<Int>(0)

    init(budget: Int) { self.budget = budget }

    /// Bytes reserved now.
    var reserved: Int { held.load(ordering: .relaxed) }

    /// Reserves what drawing `frame` at `scale` holds, or throws `.busy` if that would pass the
    /// budget (`.invalid` for a picture larger than the writer draws, or than the budget).
    func reserve(for frame: Frame, scale: Double, page: Bool = true) throws(RenderFailure) -> Int {
        var pixels = 0
        if page {
            do { let size = try frame.pixelSize(scale: scale); pixels = size.width * size.height } catch { throw .invalid(error.description) }
        }
        // Its pictures decoded (4 bytes a pixel: half a page pixel's reservation each).
        let pictures = FrameItem.picturePixels(frame.backdrop + frame.items).pixels
        let bytes = pixels * Self.bytesPerPixel + pictures * Self.bytesPerPixel / 2
        guard bytes > 0 else { return 0 }
        guard bytes <= budget else {
            throw .invalid("a PNG of \(pixels) pixels is more than this server draws (\(budget / Self.bytesPerPixel)); ask for a smaller scale or size")
        }
        guard held.add(bytes, ordering: .relaxed).newValue <= budget else {
            held.subtract(bytes, ordering: .relaxed)
            throw .busy
        }
        return bytes
    }

    func release(_ bytes: Int) { if bytes > 0 { held.subtract(bytes, ordering: .relaxed) } }
}

/// How many times a render has asked whether to stop (the tests' hook counts them).
private final class CheckCount: Sendable {
    private let count = Atomic<Int>(0)
    /// The number of this check, from 1.
    func next() -> Int { count.add(1, ordering: .relaxed).newValue }
}

/// Set once, by whichever of two racers comes first.
private final class OnceFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isClaimed: Bool { flag.load(ordering: .acquiring) }

    /// True for the first caller only.
    func claim() -> Bool { flag.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged }
}

/// Rendered SVGs by canonical request, least recently used first out once the bytes held pass
/// `capacity`. A dictionary of slots linked into a list by index (no allocation per hit).
struct RenderCache {
    private struct Slot {
        var key: String
        var svg: RenderedBody
        /// What it was counted as when it went in (a gzipped copy made later is not counted:
        /// at most a third of the SVG's size, so the cache holds at most that much more).
        var size: Int
        var older: Int
        var newer: Int
    }
    private var index: [String: Int] = [:]
    private var slots: [Slot] = []
    private var free: [Int] = []
    private var newest = -1
    private var oldest = -1
    private(set) var bytes = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { index.count }

    /// The SVG for `key`, now the most recently used.
    subscript(key: String) -> RenderedBody? {
        mutating get {
            guard let slot = index[key] else { return nil }
            unlink(slot)
            link(slot)
            return slots[slot].svg
        }
    }

    mutating func insert(_ svg: RenderedBody, for key: String) {
        let size = svg.bytes + key.utf8.count
        guard size <= capacity else { return }
        if let existing = index[key] { remove(existing) }
        let slot: Int
        let fresh = Slot(key: key, svg: svg, size: size, older: -1, newer: -1)
        if let reused = free.popLast() { slots[reused] = fresh; slot = reused } else { slots.append(fresh); slot = slots.count - 1 }
        index[key] = slot
        link(slot)
        bytes += size
        while bytes > capacity, oldest != -1 { remove(oldest) }
    }

    private mutating func remove(_ slot: Int) {
        unlink(slot)
        index[slots[slot].key] = nil
        bytes -= slots[slot].size
        free.append(slot)
    }

    private mutating func link(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest != -1 { slots[newest].newer = slot }
        newest = slot
        if oldest == -1 { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let older = slots[slot].older, newer = slots[slot].newer
        if older != -1 { slots[older].newer = newer } else { oldest = newer }
        if newer != -1 { slots[newer].older = older } else { newest = older }
    }
}

/// FNV-1a with 128-bit state (the published prime and offset basis): stable across processes
/// and machines, unlike `Hasher`, so every replica gives a request the same ETag.
struct FNV128 {
    private var state: UInt128 = 0x6c62272e07bb014262b821756295c58d
    private static let prime: UInt128 = 0x0000000001000000000000000000013B

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            state ^= UInt128(byte)
            state &*= Self.prime
        }
    }

    /// 32 lower-case hex digits.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8](repeating: 0, count: 32)
        var value = state
        for index in stride(from: 31, through: 0, by: -1) {
            out[index] = digits[Int(value & 0xF)]
            value >>= 4
        }
        return String(decoding: out, as: UTF8.self)
    }
}
