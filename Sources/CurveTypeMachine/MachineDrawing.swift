#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry

/// A stroke a machine follows: a polyline of lines and circular arcs, in the machine's units,
/// y up (as DXF, G-code and HPGL read), from the drawing's bottom left corner.
public struct MachinePath: Sendable, Hashable {
    /// One step of the path, from where the last one ended.
    public enum Step: Sendable, Hashable {
        /// A straight line to the point.
        case line(Point)
        /// A circular arc to the point around `center`, counter-clockwise (y up) when
        /// `counterClockwise`, never more than a quarter turn.
        case arc(to: Point, center: Point, counterClockwise: Bool)

        /// Where the step ends.
        public var end: Point {
            switch self {
            case .line(let p), .arc(let p, _, _): p
            }
        }
    }

    /// Where the path starts.
    public var start: Point
    /// Its steps.
    public var steps: [Step]
    /// Whether it ends where it starts (an outline), so it may start anywhere on it.
    public var isClosed: Bool
    /// The colour it was drawn in (`#rrggbb`): its layer, its pen.
    public var color: String

    /// Where it ends.
    public var end: Point { steps.last?.end ?? start }

    /// The same path, travelled the other way.
    public var reversed: MachinePath {
        var out = MachinePath(start: end, steps: [], isClosed: isClosed, color: color)
        var from = start
        var starts: [Point] = []
        for step in steps {
            starts.append(from)
            from = step.end
        }
        for (step, origin) in zip(steps, starts).reversed() {
            switch step {
            case .line: out.steps.append(.line(origin))
            case .arc(_, let center, let ccw): out.steps.append(.arc(to: origin, center: center, counterClockwise: !ccw))
            }
        }
        return out
    }

    /// Points along the path at most `tolerance` from it (arcs flattened), start first.
    public func points(tolerance: Double) -> [Point] {
        var out = [start]
        var from = start
        for step in steps {
            switch step {
            case .line(let p): out.append(p)
            case .arc(let p, let c, let ccw):
                let r = from.distance(to: c)
                let a0 = atan2(from.y - c.y, from.x - c.x)
                var sweep = atan2(p.y - c.y, p.x - c.x) - a0
                if ccw { while sweep <= 0 { sweep += 2 * .pi } } else { while sweep >= 0 { sweep -= 2 * .pi } }
                let step = r > tolerance ? 2 * acos(max(-1, 1 - tolerance / r)) : .pi / 2
                let count = max(1, min(4096, Int((abs(sweep) / max(step, 1e-6)).rounded(.up))))
                for k in 1..<count {
                    let a = a0 + sweep * Double(k) / Double(count)
                    out.append(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
                }
                out.append(p)
            }
            from = step.end
        }
        return out
    }
}

/// Why a drawing could not be made into a machine file or welded, and whose fault that is (as
/// ``RasterError`` says for PNG and PDF).
public enum MachineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the drawing or the settings ask is outside what machines can be told to do (a
    /// picture to cut, a tolerance too fine, a template that is not one): the caller's to
    /// change. The reason says what was refused and what to do.
    case refused(String)
    /// Clipper failed where the drawing was within its bounds: ours.
    case failed(String)
    /// The work was stopped by its caller (`isCancelled`), not refused for its input.
    case cancelled

    /// One line for a person.
    public var description: String {
        switch self {
        case .refused(let reason): reason
        case .failed(let reason): "the outlines could not be welded: \(reason)"
        case .cancelled: "stopped: the request was answered before the drawing was done"
        }
    }
}

/// A frame as the strokes a machine follows: every stroked path, the outline of every filled
/// shape and glyph, and the strokes of single-line glyphs, through their transforms, flattened
/// and fitted with lines and arcs within `tolerance`, in `units` with y up.
public struct MachineDrawing: Sendable {
    /// The drawing's width and height, in `units`.
    public var width: Double
    /// See `width`.
    public var height: Double
    /// The unit of every length in it.
    public var units: LengthUnit
    /// How far a step may lie from the drawing, in `units`.
    public var tolerance: Double
    /// The paths, in drawing order.
    public var paths: [MachinePath]

    /// The most points a drawing may flatten into: a bound on time and memory.
    public static let maximumPoints = 4_000_000

    /// The finest tolerance a drawing of `width` × `height` is flattened to, in their unit: a
    /// millionth of its larger side (0.00005 mm on a 50 mm seal, far finer than any laser,
    /// cutter or pen resolves). Below it the points of every curve, and the time to fit, weld
    /// and order them, grow without a use.
    public static func finestTolerance(width: Double, height: Double) -> Double {
        max(width, height, 1) * 1e-6
    }

    /// Whether `tolerance` is at least `finest`, the finest tolerance (a millionth of the
    /// larger side, in the same unit), allowing for rounding between units.
    public static func allows(tolerance: Double, finest: Double) -> Bool { tolerance >= finest * (1 - 1e-9) }

    /// `finest` rounded up to two digits, for a person: the tolerance to give.
    public static func shown(finest: Double) -> String {
        let unit = pow(10, log10(finest).rounded(.down) - 1)
        return cFormat("%.2g", (finest / unit).rounded(.up) * unit)
    }

    /// Reads `frame`. `arcs`: fit circular arcs where they stay within `tolerance`, else lines
    /// only. Pictures (PNG, JPEG) have no strokes to follow and are refused. `isCancelled` is
    /// asked as items are flattened and paths fitted (a server's request answered already):
    /// once it answers true, the drawing stops with an error.
    public init(_ frame: Frame, units: LengthUnit, tolerance: Double, arcs: Bool = true, isCancelled: () -> Bool = { false }) throws(MachineError) {
        guard tolerance.isFinite, tolerance > 0 else { throw MachineError.refused("the tolerance must be more than 0") }
        let finest = Self.finestTolerance(width: frame.width / units.pixels, height: frame.height / units.pixels)
        guard Self.allows(tolerance: tolerance, finest: finest) else {
            throw MachineError.refused("a tolerance of \(shortestDigits(tolerance)) \(units.rawValue) is finer than this drawing needs: give at least \(Self.shown(finest: finest)) \(units.rawValue)")
        }
        self.units = units
        self.tolerance = tolerance
        let k = 1 / units.pixels
        width = frame.width * k
        height = frame.height * k
        let flat = frame.strokingSingleLineGlyphs()
        var collector = Collector(toMachine: AffineMap(a: k, b: 0, c: 0, d: -k, tx: 0, ty: frame.height * k),
                                  flatness: tolerance / 4, scheme: frame.colorScheme)
        // A filled shape under the drawing (a background, a seal's disc) is the ground it lies
        // on, the material itself: not a path to cut. The backdrop's strokes (rings) are drawn.
        collector.fillsGround = true
        try collector.collect(flat.backdrop, PaintState(), isCancelled: isCancelled)
        collector.fillsGround = false
        try collector.collect(flat.items, PaintState(), isCancelled: isCancelled)
        var paths: [MachinePath] = []
        for (index, polyline) in collector.polylines.enumerated() {
            if index % 64 == 0, isCancelled() { throw MachineError.cancelled }
            paths.append(ArcFitter.fit(polyline.points, closed: polyline.closed, color: polyline.color, tolerance: tolerance * 3 / 4, arcs: arcs))
        }
        self.paths = paths
    }

    /// The paths in the order a pen should take them: each next the nearest start (or end,
    /// travelled backwards; or any vertex of a closed path), from the origin. Greedy nearest
    /// neighbour, as `vpype linesort` orders, with closed paths entered where they are nearest.
    /// An open path that starts where the one before it ends (within a tenth of `tolerance`,
    /// in the same colour) is joined to it, as `vpype linemerge` joins strokes: the pen stays
    /// down from a P's stem into its bowl. (A tenth: the step that bridges the gap is drawn,
    /// and must lie nearer the drawing than any fitted step does.)
    public func ordered() -> [MachinePath] {
        // Quadratic in the paths (and in closed paths' vertices, where each may be the way
        // in): past these bounds the drawing's own order stands, or closed paths are entered
        // at their starts, so that every drawing is ordered in bounded time.
        guard paths.count <= Self.maximumOrderedPaths else { return paths }
        let vertices = paths.reduce(0) { $0 + ($1.isClosed ? $1.steps.count : 0) }
        let rotates = vertices * paths.count <= 200_000_000
        var left = paths
        var out: [MachinePath] = []
        var at = Point.zero
        out.reserveCapacity(left.count)
        while !left.isEmpty {
            var best = (index: 0, distance: Double.infinity, path: left[0])
            for (index, path) in left.enumerated() {
                let dStart = at.distance(to: path.start)
                if dStart < best.distance { best = (index, dStart, path) }
                let dEnd = at.distance(to: path.end)
                if dEnd < best.distance { best = (index, dEnd, path.reversed) }
                if rotates, path.isClosed, path.steps.allSatisfy({ if case .line = $0 { true } else { false } }) {
                    for (vertex, step) in path.steps.enumerated() {
                        let d = at.distance(to: step.end)
                        if d < best.distance { best = (index, d, path.rotated(toStartAfter: vertex)) }
                    }
                }
            }
            left.remove(at: best.index)
            if best.distance <= tolerance / 10, let last = out.last, !last.isClosed, !best.path.isClosed, last.color == best.path.color {
                out[out.count - 1].steps += best.path.steps
            } else {
                out.append(best.path)
            }
            at = best.path.end
        }
        return out
    }

    /// The most paths `ordered()` orders.
    public static let maximumOrderedPaths = 20_000

    /// The pen-up travel of `paths` in order, from the origin and back to it not counted.
    public static func travel(_ paths: [MachinePath]) -> Double {
        var at = Point.zero, total = 0.0
        for path in paths {
            total += at.distance(to: path.start)
            at = path.end
        }
        return total
    }
}

extension MachinePath {
    /// A closed path of lines started at the end of step `vertex`.
    func rotated(toStartAfter vertex: Int) -> MachinePath {
        let start = steps[vertex].end
        return MachinePath(start: start, steps: Array(steps[(vertex + 1)...] + steps[...vertex]), isClosed: true, color: color)
    }
}

/// Walks a frame, flattening what it draws into polylines in the machine's space.
private struct Collector {
    struct Polyline { var points: [Point]; var closed: Bool; var color: String }
    let toMachine: AffineMap
    let flatness: Double
    let scheme: ColorScheme?
    var polylines: [Polyline] = []
    var count = 0
    /// Whether a filled shape is the ground, left out (in the backdrop).
    var fillsGround = false

    init(toMachine: AffineMap, flatness: Double, scheme: ColorScheme?) {
        self.toMachine = toMachine
        self.flatness = flatness
        self.scheme = scheme
    }

    mutating func collect(_ items: [FrameItem], _ state: PaintState, isCancelled: () -> Bool) throws(MachineError) {
        for item in items {
            if isCancelled() { throw MachineError.cancelled }
            switch item {
            case .group(let group):
                if group.style.contains(.hidden) { continue }
                try collect(group.items, state.applying(group.style), isCancelled: isCancelled)
            case .link(let link):
                try collect(link.items, state, isCancelled: isCancelled)
            case .shape(let shape):
                if shape.style.contains(.hidden) { continue }
                let inner = state.applying(shape.style)
                let local = inner.map
                // A stroked shape is followed along its stroke; a filled one around its outline.
                let stroked = color(inner.inkedStroke)
                guard let ink = stroked ?? (fillsGround ? nil : color(inner.inkedFill)) else { continue }
                // A dashed stroke: the pen follows each dash and lifts between them.
                if stroked != nil, let dashes = inner.dash?.dashes(along: shape.geometry) {
                    try add(dashes, map: local, color: ink, closeAll: false)
                    continue
                }
                switch shape.geometry {
                case .path(let p):
                    try add(p, map: local, color: ink, closeAll: stroked == nil)
                case .rect(let r, let corner) where corner <= 0:
                    try add(Path(rectangle: r), map: local, color: ink, closeAll: true)
                case .rect(let r, let corner):
                    try addArcs(ExactArcs.roundedRectangle(r, corner), map: local, color: ink)
                case .circle(let c, let radius):
                    try addArcs([(c, radius, 0, 2 * .pi)], map: local, color: ink)
                }
            case .image(let image):
                // A vector logo is drawn as any other drawing: its items under its own state.
                guard let picture = try Flattening.vectorItems(of: image, in: state) else { continue }
                try collect(picture.items, picture.state, isCancelled: isCancelled)
            case .textLayer:
                continue  // nothing to cut or draw
            case .glyphs, .text, .textLine, .textOnPath:
                guard let (run, fill) = try Flattening.glyphs(of: item, in: state) else { continue }
                try add(run, map: state.map, fill: fill)
            }
        }
    }

    mutating func add(_ run: GlyphRun, map: AffineMap, fill: Paint) throws(MachineError) {
        guard let color = color(fill) else { return }
        for placed in run.glyphs where run.fonts.indices.contains(placed.font) {
            guard let outline = try Flattening.outline(of: placed, in: run) else { continue }
            try add(outline, map: placed.fontUnitsMap.concatenating(map), color: color, closeAll: true)
        }
    }

    /// `#rrggbb` for a paint a machine draws; `nil` for none. A gradient draws in its first
    /// stop's colour; the viewer's colour scheme in its light ink.
    func color(_ paint: Paint) -> String? {
        let svg: SVGColor?
        switch paint {
        case .none: return nil
        case .color(let c): svg = c
        case .ink: svg = scheme?.light ?? .black
        case .schemed(let light, _): svg = light
        case .gradient(let g): svg = g.stops.first?.color ?? .black
        }
        guard let svg, let rgba = svg.rgba else { return "#000000" }
        if rgba.alpha == 0 { return nil }
        return "#" + [rgba.red, rgba.green, rgba.blue].map { String(UInt8(clamping: $0), radix: 16).leftPadded(2) }.joined()
    }

    mutating func add(_ path: Path, map: AffineMap, color: String, closeAll: Bool) throws(MachineError) {
        let contours = path.flattened(map: map.concatenating(toMachine), flatness: flatness, counted: &count, limit: MachineDrawing.maximumPoints) ?? []
        try checkCount()
        for var contour in contours {
            let closed = contour.closed || closeAll
            if closed, let first = contour.points.first, contour.points.last != first { contour.points.append(first) }
            polylines.append(Polyline(points: contour.points, closed: closed && contour.points.count > 2, color: color))
        }
    }

    /// Arcs of true circles (centre, radius, from and to angle, radians, y down as the frame
    /// is) joined by lines into one closed polyline, each point on its circle and each chord's
    /// middle within `flatness` of it, through `map`: a circle is exact, not four cubics
    /// (0.03 % of its radius off).
    mutating func addArcs(_ arcs: [(center: Point, radius: Double, from: Double, to: Double)], map: AffineMap,
                          color: String) throws(MachineError) {
        var points = ExactArcs.points(arcs, map: map.concatenating(toMachine), flatness: flatness)
        self.count += points.count
        try checkCount()
        if let first = points.first, points.last != first { points.append(first) }
        polylines.append(Polyline(points: points, closed: true, color: color))
    }

    /// Refuses the drawing once it has flattened into more than `MachineDrawing.maximumPoints`.
    private func checkCount() throws(MachineError) {
        guard count <= MachineDrawing.maximumPoints else {
            throw MachineError.refused("the drawing flattens into more than \(MachineDrawing.maximumPoints) points: give a larger tolerance")
        }
    }
}

/// Arcs of true circles as polylines: a circle's points all on it, not on four cubics (0.03 %
/// of its radius off), for machines and welding alike.
enum ExactArcs {
    typealias Arc = (center: Point, radius: Double, from: Double, to: Double)

    /// Points along `arcs` (angles in radians, y down as the frame is), one after another,
    /// through `map`, each chord's middle within `flatness` of its arc (after the map).
    static func points(_ arcs: [Arc], map m: AffineMap, flatness: Double) -> [Point] {
        // So that the chords are short enough after the map.
        let stretch = max(m.stretch, 1e-12)
        var points: [Point] = []
        for arc in arcs {
            let r = arc.radius * stretch
            let step = r > flatness ? 2 * acos(max(-1, 1 - flatness / r)) : .pi / 2
            let count = max(4, min(1 << 16, Int((abs(arc.to - arc.from) / max(step, 1e-9)).rounded(.up))))
            for k in 0...count {
                let a = arc.from + (arc.to - arc.from) * Double(k) / Double(count)
                points.append(m.apply(Point(x: arc.center.x + arc.radius * cos(a), y: arc.center.y + arc.radius * sin(a))))
            }
        }
        return points
    }

    /// The corners of a rectangle rounded by `radius` (at most half a side), clockwise on the
    /// screen from the top right.
    static func roundedRectangle(_ r: Rect, _ radius: Double) -> [Arc] {
        let q = min(radius, r.width / 2, r.height / 2)
        return [
            (Point(x: r.maxX - q, y: r.minY + q), q, -.pi / 2, 0),
            (Point(x: r.maxX - q, y: r.maxY - q), q, 0, .pi / 2),
            (Point(x: r.minX + q, y: r.maxY - q), q, .pi / 2, .pi),
            (Point(x: r.minX + q, y: r.minY + q), q, .pi, 3 * .pi / 2),
        ]
    }
}

extension AffineMap {
    /// The largest factor the map stretches the x or y axis by: how much longer a length
    /// becomes, for the maps frames use (rotations and scales).
    var stretch: Double { max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// Paths as polylines, for machines and welding alike.
enum Flattening {
    /// A vector picture's items and the state they are drawn in (a fresh one, through the
    /// picture's fitting into its box); `nil` for an empty one. A PNG or JPEG has no outlines
    /// for a machine or a weld, and is refused by name.
    static func vectorItems(of image: FrameImage, in state: PaintState) throws(MachineError) -> (items: [FrameItem], state: PaintState)? {
        switch image.content {
        case .raster(let raster):
            let kind = raster.format == .png ? "PNG" : "JPEG"
            throw MachineError.refused("\(raster.origin ?? "a logo") is a picture (\(kind)), with no outlines to cut or weld: give an SVG logo, a simple-icons name, or none")
        case .vector(let picture):
            guard let map = image.vectorMap else { return nil }
            var inner = PaintState()
            inner.map = map.concatenating(state.map)
            return (picture.items, inner)
        }
    }

    /// A placed glyph's outline, font units; `nil` for one with none (a space). A colour
    /// glyph drawn only as a picture or as paints (a bitmap emoji, COLR v1 without an outline)
    /// has nothing to cut, and is refused rather than dropped.
    static func outline(of placed: FrameGlyph, in run: GlyphRun) throws(MachineError) -> Path? {
        let font = run.fonts[placed.font]
        let path = (try? font.outline(of: placed.glyph))?.path ?? Path()
        guard path.isEmpty else { return path }
        if font.colorImage(of: placed.glyph) != nil || font.colorPaint(of: placed.glyph) != nil {
            throw MachineError.refused("a colour glyph (an emoji) of \(font.description) is a picture, with no outline to cut or weld: give an outline font for it (--fallback-font)")
        }
        return nil
    }

    /// The glyphs a text item draws and their paint; `nil` for an item that is not text.
    /// Text a viewer sets in its own font has no outlines here, and is refused.
    static func glyphs(of item: FrameItem, in state: PaintState) throws(MachineError) -> (GlyphRun, Paint)? {
        let run: GlyphRun?, fill: Paint
        switch item {
        case .glyphs(let glyphs): (run, fill) = (glyphs, state.inkedFill)
        case .text(let text): (run, fill) = (text.glyphs, state.inkedFill)
        case .textLine(let line): (run, fill) = (line.glyphs, line.fillOpacity > 0 ? line.fill : .none)
        case .textOnPath(let text): (run, fill) = (text.glyphs, text.fill)
        default: return nil
        }
        guard let run else {
            throw MachineError.refused("text set by the viewer has no outlines for a machine or a weld: draw its glyphs as outlines (--glyphs outlines)")
        }
        return (run, fill)
    }

}
