import CClipper
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A polygon with holes, px: what welding leaves of overlapping outlines.
public struct OutlinePolygon: Sendable, Hashable {
    /// The outer boundary, counter-clockwise in y-up terms (Clipper's positive orientation).
    public var outer: [Point]
    /// The holes inside it, each the other way round.
    public var holes: [[Point]]

    /// The outer boundary, then the holes.
    public var rings: [[Point]] { [outer] + holes }
}

/// Clipper's union, difference and offset over polygons in px, through the C functions of
/// CClipper. Clipper works in integers: px are scaled by `scale` (a micropixel, 0.26 nm).
enum Clipper {
    static let scale = 1_000_000.0

    /// Flat integer arrays of `paths`, for `ct_clipper_input`.
    private struct Input {
        var xy: [Int64] = []
        var counts: [Int] = []

        init(_ paths: [[Point]]) throws(MachineError) {
            for path in paths where path.count >= 2 {
                for p in path {
                    let x = (p.x * Clipper.scale).rounded(), y = (p.y * Clipper.scale).rounded()
                    // Clipper's range (2^62) is far past this; the bound keeps the conversion checked.
                    guard x.isFinite, y.isFinite, abs(x) < 4e15, abs(y) < 4e15 else {
                        throw MachineError("a point lies too far away to weld: \(p)")
                    }
                    xy.append(Int64(x))
                    xy.append(Int64(y))
                }
                counts.append(path.count)
            }
        }

        func with<T>(_ body: (ct_clipper_input) -> T) -> T {
            xy.withUnsafeBufferPointer { xy in
                counts.withUnsafeBufferPointer { counts in
                    body(ct_clipper_input(xy: xy.baseAddress, counts: counts.baseAddress, paths: counts.count))
                }
            }
        }
    }

    /// The union of `polygons` (nonzero, or even-odd), less `minus` (nonzero).
    static func union(_ polygons: [[Point]], nonzero: Bool = true, minus: [[Point]] = []) throws(MachineError) -> [OutlinePolygon] {
        let subject = try Input(polygons), clip = try Input(minus)
        let result = subject.with { s in clip.with { c in ct_clipper_union(s, nonzero ? 1 : 0, c) } }
        return try read(result)
    }

    /// `closed` polygons (or, where `closedAreLines`, closed lines: rings) and `open` paths
    /// grown by `delta` px (round joins and ends, or miter joins and butt ends), arcs within
    /// `arcTolerance` px; unioned.
    static func offset(closed: [[Point]], open: [[Point]], delta: Double, round: Bool, miterLimit: Double = 4,
                       arcTolerance: Double, closedAreLines: Bool = false) throws(MachineError) -> [OutlinePolygon] {
        let a = try Input(closed), b = try Input(open)
        let result = a.with { a in
            b.with { b in
                ct_clipper_offset(a, b, delta * scale, round ? 1 : 0, max(2, miterLimit), max(arcTolerance * scale, 0.25), closedAreLines ? 1 : 0)
            }
        }
        return try read(result)
    }

    private static func read(_ result: OpaquePointer?) throws(MachineError) -> [OutlinePolygon] {
        guard let result else { throw MachineError("Clipper could not weld the outlines (a coordinate out of its range)") }
        defer { ct_clipper_result_free(result) }
        var polygons: [OutlinePolygon] = []
        var index: [Int: Int] = [:]
        for k in 0..<ct_clipper_result_count(result) {
            let count = ct_clipper_result_points(result, k)
            guard let xy = ct_clipper_result_xy(result, k) else { continue }
            let points = (0..<count).map { Point(x: Double(xy[2 * $0]) / scale, y: Double(xy[2 * $0 + 1]) / scale) }
            let parent = ct_clipper_result_parent(result, k)
            if parent < 0 {
                index[k] = polygons.count
                polygons.append(OutlinePolygon(outer: points, holes: []))
            } else if let outer = index[Int(parent)] {
                polygons[outer].holes.append(points)
            }
        }
        return polygons
    }
}

/// What `Frame.outlined` does.
public struct OutlineSettings: Sendable, Hashable {
    /// Stencil bridges this wide, px; `nil`: none.
    public var stencil: Double?
    /// A beam this wide, px: outlines offset outward by half of it on pieces, inward on holes,
    /// with round joins; `nil`: none.
    public var kerf: Double?
    /// How far the outlines may stray from the drawing's curves, px.
    public var tolerance: Double

    /// Settings of bridges `stencil` px wide, a `kerf` px wide, curves within `tolerance` px.
    public init(stencil: Double? = nil, kerf: Double? = nil, tolerance: Double) {
        self.stencil = stencil
        self.kerf = kerf
        self.tolerance = tolerance
    }
}

extension Frame {
    /// The frame welded: everything drawn in one paint (fills, glyph outlines, and strokes
    /// grown to the outlines of their width) becomes one set of simple polygons with holes,
    /// none overlapping another or itself (Clipper's union), drawn as one filled path; then,
    /// as `settings` say, cut by stencil bridges and offset for a beam's kerf. The backdrop's
    /// fills (a background, a seal's paper: the ground) stay as they are.
    public func outlined(_ settings: OutlineSettings) throws(MachineError) -> Frame {
        guard settings.tolerance.isFinite, settings.tolerance > 0 else { throw MachineError("the tolerance must be more than 0") }
        var gatherer = OutlineGatherer(flatness: settings.tolerance / 4, scheme: colorScheme)
        try gatherer.gather(strokingSingleLineGlyphs().items, map: .identity, fill: .color(.black))
        var items: [FrameItem] = []
        for (paint, parts) in gatherer.parts {
            var polygons = try Clipper.union(parts.filled)
            if !parts.stroked.isEmpty {
                polygons = try Clipper.union(polygons.flatMap(\.rings) + parts.stroked)
            }
            if let width = settings.stencil {
                polygons = try Stencil.bridged(polygons, width: width)
            }
            if let kerf = settings.kerf {
                polygons = try Clipper.offset(closed: polygons.flatMap(\.rings), open: [], delta: kerf / 2, round: true,
                                              arcTolerance: settings.tolerance / 4)
            }
            var path = Path()
            for polygon in polygons {
                for ring in polygon.rings where ring.count >= 3 {
                    path.move(to: ring[0])
                    for p in ring.dropFirst() { path.line(to: p) }
                    path.close()
                }
            }
            if !path.isEmpty { items.append(.shape(FrameShape(.path(path), style: [.fill(paint), .fillRule(.evenOdd)]))) }
        }
        var frame = self
        frame.items = items
        return frame
    }
}

/// The polygons of each paint in a frame, flattened in the frame's px.
private struct OutlineGatherer {
    struct Parts {
        /// Filled polygons, each unioned on its own fill rule first.
        var filled: [[Point]] = []
        /// Strokes grown to their width.
        var stroked: [[Point]] = []
    }

    let flatness: Double
    let scheme: ColorScheme?
    /// Parts by paint, in the order the paints first appear.
    var parts: [(Paint, Parts)] = []
    var points = 0

    init(flatness: Double, scheme: ColorScheme?) {
        self.flatness = flatness
        self.scheme = scheme
    }

    private mutating func add(_ paint: Paint, filled: [[Point]] = [], stroked: [[Point]] = []) {
        if let index = parts.firstIndex(where: { $0.0 == paint }) {
            parts[index].1.filled += filled
            parts[index].1.stroked += stroked
        } else {
            parts.append((paint, Parts(filled: filled, stroked: stroked)))
        }
    }

    mutating func gather(_ items: [FrameItem], map: AffineMap, fill: Paint) throws(MachineError) {
        for item in items {
            switch item {
            case .group(let group):
                if group.style.contains(.hidden) { continue }
                let inner = Flattening.applying(group.style, map: map, fill: fill, stroke: .none)
                try gather(group.items, map: inner.map, fill: inner.fill)
            case .link(let link):
                try gather(link.items, map: map, fill: fill)
            case .shape(let shape):
                if shape.style.contains(.hidden) { continue }
                let (local, shapeFill, stroke) = Flattening.applying(shape.style, map: map, fill: fill, stroke: .none)
                var width = 1.0, round = false, evenOdd = false
                for style in shape.style {
                    switch style {
                    case .strokeWidth(let w): width = w
                    case .lineJoin(let j): round = j == .round
                    case .fillRule(let r): evenOdd = r == .evenOdd
                    default: break
                    }
                }
                var rings: [[Point]], open: [[Point]] = []
                switch shape.geometry {
                case .path(let p): (rings, open) = try flatten(p, map: local)
                case .rect(let r, let corner) where corner <= 0: (rings, open) = try flatten(Path(rectangle: r), map: local)
                case .rect(let r, let corner): rings = [ExactArcs.points(ExactArcs.roundedRectangle(r, corner), map: local, flatness: flatness)]
                case .circle(let c, let radius): rings = [ExactArcs.points([(c, radius, 0, 2 * .pi)], map: local, flatness: flatness)]
                }
                if stroke != .none, width > 0 {
                    let grown = try Clipper.offset(closed: rings, open: open, delta: width * local.stretch / 2, round: round, arcTolerance: flatness,
                                                   closedAreLines: true)
                    add(stroke, stroked: grown.flatMap(\.rings))
                }
                if shapeFill != .none {
                    let filled = try Clipper.union(rings + open, nonzero: !evenOdd)
                    add(shapeFill, filled: filled.flatMap(\.rings))
                }
            case .glyphs(let run):
                for placed in run.glyphs where run.fonts.indices.contains(placed.font) {
                    guard let outline = try? run.fonts[placed.font].outline(of: placed.glyph), !outline.path.isEmpty else { continue }
                    let (rings, _) = try flatten(outline.path, map: placed.fontUnitsMap.concatenating(map))
                    // Each glyph on its own fill rule (nonzero, as TrueType and CFF fill), so
                    // that its own overlapping contours weld as they are drawn.
                    add(fill, filled: try Clipper.union(rings).flatMap(\.rings))
                }
            case .text, .textLine, .textOnPath:
                throw MachineError("text set by the viewer has no outlines to weld: draw its glyphs as outlines (--glyphs outlines)")
            case .image:
                throw MachineError("a picture (PNG or JPEG) has no outline to weld: use an SVG logo or none")
            }
        }
    }

    /// The path's contours as polylines in the frame's px: closed ones and open ones.
    mutating func flatten(_ path: Path, map: AffineMap) throws(MachineError) -> (closed: [[Point]], open: [[Point]]) {
        let contours = try Flattening.contours(path, map: map, flatness: flatness, counted: &points)
        return (contours.filter(\.closed).map(\.points), contours.filter { !$0.closed }.map(\.points))
    }
}

/// Cubic Béziers as lines.
enum Bezier {
    /// Appends points of the cubic (not its start) until its control points lie within
    /// `flatness` of each piece's chord.
    static func flatten(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, flatness: Double, into points: inout [Point], depth: Int = 0) {
        let chord = p1 - p0
        let length = chord.length
        func distance(_ q: Point) -> Double {
            length < 1e-12 ? q.distance(to: p0) : abs((q.x - p0.x) * chord.y - (q.y - p0.y) * chord.x) / length
        }
        if depth >= 18 || max(distance(c1), distance(c2)) <= flatness {
            points.append(p1)
            return
        }
        let m01 = (p0 + c1) * 0.5, m12 = (c1 + c2) * 0.5, m23 = (c2 + p1) * 0.5
        let a = (m01 + m12) * 0.5, b = (m12 + m23) * 0.5, mid = (a + b) * 0.5
        flatten(p0, m01, a, mid, flatness: flatness, into: &points, depth: depth + 1)
        flatten(mid, b, m23, p1, flatness: flatness, into: &points, depth: depth + 1)
    }
}

/// Stencil bridges: a stencil is a sheet with the letters cut out, and the inside of an O (each
/// hole of a letter's outline) would fall out with them. Each hole is joined to the sheet
/// outside by a bridge: a strip of the given width left uncut straight across the letter's
/// stroke, where the stroke is thinnest and the strip's both ends lie wholly in the sheet (so it
/// is its full width all the way). Written by hand: Clipper cuts the strips, but no library
/// chooses where they go.
enum Stencil {
    /// The most ways tried for one hole, nearest first.
    static let maximumCandidates = 64

    static func bridged(_ polygons: [OutlinePolygon], width: Double) throws(MachineError) -> [OutlinePolygon] {
        guard width.isFinite, width > 0 else { throw MachineError("a stencil's bridges must be more than 0 wide") }
        var current = polygons
        // Each polygon is cut by its own holes' bridges only, so a bridge never bites into a
        // neighbour. A bridge that crosses another hole joins that one too; a few rounds join
        // every hole.
        for _ in 0..<4 {
            var next: [OutlinePolygon] = []
            var cut = false
            let boxed = current.map(BoxedPolygon.init)
            for polygon in current {
                guard !polygon.holes.isEmpty else { next.append(polygon); continue }
                var strips: [[Point]] = []
                for hole in polygon.holes {
                    guard let strip = bridge(from: hole, in: polygon, among: boxed, width: width) else {
                        let box = hole.reduce(into: (x: Double.infinity, y: Double.infinity)) { $0 = (min($0.x, $1.x), min($0.y, $1.y)) }
                        throw MachineError("a hole of the outline near (\(shortestDigits(box.x.rounded())), \(shortestDigits(box.y.rounded()))) px has no way out for a stencil's bridge this wide: give a narrower --stencil")
                    }
                    strips.append(strip)
                }
                next += try Clipper.union(polygon.rings, minus: strips)
                cut = true
            }
            current = next
            if !cut { return current }
        }
        return current
    }

    /// The strip that joins `hole` to the sheet outside `polygon`: from a point of the hole to
    /// the nearest point of the outline, nearest first, the first whose ends lie wholly in the
    /// sheet (the hole's end, once it reaches into the hole by half the width; the far end,
    /// once it reaches out past the outline, at most three widths past it).
    static func bridge(from hole: [Point], in polygon: OutlinePolygon, among all: [BoxedPolygon], width: Double) -> [Point]? {
        var candidates: [(a: Point, b: Point, distance: Double)] = []
        // Points along the hole's edges, at most half a width apart (a corner alone may turn
        // away from the way out), each to its nearest point of the outline.
        for k in hole.indices {
            let from = hole[k], to = hole[(k + 1) % hole.count]
            let pieces = max(1, min(256, Int((from.distance(to: to) / (width / 2)).rounded(.up))))
            for i in 0..<pieces {
                let q = from + (to - from) * (Double(i) / Double(pieces))
                if let (p, d) = nearest(q, on: polygon.outer) { candidates.append((q, p, d)) }
            }
        }
        for q in polygon.outer {
            if let (p, d) = nearest(q, on: hole) { candidates.append((p, q, d)) }
        }
        candidates.sort { $0.distance < $1.distance }
        // Nearest first, but spread round the hole: a way that fails fails for its neighbours.
        var tried: [Point] = []
        for candidate in candidates {
            guard tried.count < maximumCandidates else { break }
            if tried.contains(where: { $0.distance(to: candidate.a) < width / 2 }) { continue }
            tried.append(candidate.a)
            var direction = candidate.b - candidate.a
            let length = direction.length
            guard length > 1e-12 else { continue }
            direction = direction * (1 / length)
            let normal = Point(x: -direction.y, y: direction.x) * (width / 2)
            // Into the hole by half the width; a hole narrower than the bridge is crossed
            // whole, the bridge taking a little of the stroke round it.
            let start = candidate.a - direction * (width / 2)
            guard isSheet(candidate.a - direction * min(width / 2, 1e-3 * width), among: all) else { continue }
            for k in 1...6 {
                let end = candidate.b + direction * (width / 2 * Double(k))
                if isSheetEdge(end - normal, end + normal, among: all) {
                    return [start + normal, end + normal, end - normal, start - normal]
                }
            }
        }
        return nil
    }

    /// Whether the segment from `p` to `q` lies wholly in the sheet: it crosses no outline and
    /// its middle is inside none of the polygons. Only polygons whose boxes it reaches are read.
    static func isSheetEdge(_ p: Point, _ q: Point, among polygons: [BoxedPolygon]) -> Bool {
        let box = Rect(minX: min(p.x, q.x), minY: min(p.y, q.y), maxX: max(p.x, q.x), maxY: max(p.y, q.y))
        for polygon in polygons where polygon.box.minX <= box.maxX && box.minX <= polygon.box.maxX && polygon.box.minY <= box.maxY && box.minY <= polygon.box.maxY {
            for ring in polygon.polygon.rings where crosses(p, q, ring) { return false }
        }
        return isSheet((p + q) * 0.5, among: polygons)
    }

    /// Whether `point` lies in the sheet: inside no polygon (or in a hole of the one it is in).
    static func isSheet(_ point: Point, among polygons: [BoxedPolygon]) -> Bool {
        !polygons.contains {
            $0.box.contains(point) && contains($0.polygon.outer, point) && !$0.polygon.holes.contains(where: { contains($0, point) })
        }
    }

    /// A polygon and the box round it, px.
    struct BoxedPolygon {
        var polygon: OutlinePolygon
        var box: Rect

        init(_ polygon: OutlinePolygon) {
            self.polygon = polygon
            let xs = polygon.outer.map(\.x), ys = polygon.outer.map(\.y)
            box = Rect(minX: xs.min() ?? 0, minY: ys.min() ?? 0, maxX: xs.max() ?? 0, maxY: ys.max() ?? 0)
        }
    }

    /// Whether the segment `p`–`q` meets an edge of `ring`.
    static func crosses(_ p: Point, _ q: Point, _ ring: [Point]) -> Bool {
        func orientation(_ a: Point, _ b: Point, _ c: Point) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        let minX = min(p.x, q.x), maxX = max(p.x, q.x), minY = min(p.y, q.y), maxY = max(p.y, q.y)
        for k in ring.indices {
            let a = ring[k], b = ring[(k + 1) % ring.count]
            if max(a.x, b.x) < minX || min(a.x, b.x) > maxX || max(a.y, b.y) < minY || min(a.y, b.y) > maxY { continue }
            let d1 = orientation(p, q, a), d2 = orientation(p, q, b), d3 = orientation(a, b, p), d4 = orientation(a, b, q)
            if d1 * d2 <= 0 && d3 * d4 <= 0 { return true }
        }
        return false
    }

    /// Whether `ring` (a polygon's boundary) holds `point` (even-odd ray casting).
    static func contains(_ ring: [Point], _ point: Point) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// The point of `ring` nearest `q`, and its distance.
    static func nearest(_ q: Point, on ring: [Point]) -> (Point, Double)? {
        var best: (Point, Double)?
        for k in ring.indices {
            let a = ring[k], b = ring[(k + 1) % ring.count]
            let d = b - a
            let length2 = d.dot(d)
            let t = length2 > 0 ? max(0, min(1, (q - a).dot(d) / length2)) : 0
            let p = a + d * t
            let distance = q.distance(to: p)
            if best.map({ distance < $0.1 }) ?? true { best = (p, distance) }
        }
        return best
    }
}
