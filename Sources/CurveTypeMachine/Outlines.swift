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
                        throw MachineError.refused("a point lies too far away to weld: \(p)")
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

    /// The parts of `polygons` inside `clip` (both nonzero).
    static func intersection(_ polygons: [[Point]], _ clip: [[Point]]) throws(MachineError) -> [OutlinePolygon] {
        let subject = try Input(polygons), clip = try Input(clip)
        let result = subject.with { s in clip.with { c in ct_clipper_intersection(s, c) } }
        return try read(result)
    }

    /// `closed` polygons (or, where `closedAreLines`, closed lines: rings) and `open` paths
    /// grown by `delta` px with SVG's `join` corners (a miter reaching at most `miterLimit`
    /// times `delta`) and `cap` ends, arcs within `arcTolerance` px; unioned.
    static func offset(closed: [[Point]], open: [[Point]], delta: Double, join: LineJoin, cap: LineCap = .round, miterLimit: Double = 4,
                       arcTolerance: Double, closedAreLines: Bool = false) throws(MachineError) -> [OutlinePolygon] {
        let a = try Input(closed), b = try Input(open)
        let joins: Int32 = switch join {
        case .miter: Int32(CT_CLIPPER_JOIN_MITER)
        case .round: Int32(CT_CLIPPER_JOIN_ROUND)
        case .bevel: Int32(CT_CLIPPER_JOIN_BEVEL)
        }
        let caps: Int32 = switch cap {
        case .butt: Int32(CT_CLIPPER_CAP_BUTT)
        case .round: Int32(CT_CLIPPER_CAP_ROUND)
        case .square: Int32(CT_CLIPPER_CAP_SQUARE)
        }
        // Clipper rounds each corner's number of chords to the nearest whole number (at least
        // one), so a chord may span up to 1.5 of its steps, and stray 2.25 times the tolerance
        // it was given (a sagitta grows as the square of the angle): it is given less.
        let chordTolerance = max(arcTolerance / 2.25 * scale, 0.25)
        let result = a.with { a in
            b.with { b in
                ct_clipper_offset(a, b, delta * scale, joins, caps, max(2, miterLimit), chordTolerance, closedAreLines ? 1 : 0)
            }
        }
        return try read(result)
    }

    /// `polygons` grown by `delta` px with round joins, their curves within `arcTolerance` px.
    /// Grown in steps that double from a pixel, each step's polygons unioned: a disc's
    /// Minkowski sum is the sum of smaller discs' (D(a + b) = D(a) ⊕ D(b)), so the result is
    /// the same, but shapes a wide kerf merges are merged while they have few points, not each
    /// grown whole and then unioned when it overlaps every other (quadratic in the shapes).
    /// Between steps the outlines drop the points that lie on their neighbours' line (Clipper
    /// adds one at every vertex of each step, which would double them a step). The steps and
    /// the thinning share the tolerance: a Minkowski sum moves no boundary farther than its
    /// parts were moved. Written by hand: Clipper offsets in one step.
    static func grown(_ polygons: [OutlinePolygon], by delta: Double, arcTolerance: Double) throws(MachineError) -> [OutlinePolygon] {
        var steps: [Double] = []
        var rest = delta, step = 1.0
        while rest > 1e-12 * delta {
            let next = min(step, rest)
            steps.append(next)
            rest -= next
            if steps.count > 1 { step *= 2 }
        }
        guard steps.count > 1 else { return try offset(closed: polygons.flatMap(\.rings), open: [], delta: delta, join: .round, arcTolerance: arcTolerance) }
        // A third of the tolerance for the steps' arcs, a third for thinning between them, a
        // third for thinning the result (then unioned again, strictly simple).
        let share = arcTolerance / Double(3 * steps.count)
        func thin(_ polygons: [OutlinePolygon], within tolerance: Double) -> [[Point]] {
            polygons.flatMap { $0.rings.map { thinned($0, within: tolerance) } }
        }
        var current = polygons
        for (index, step) in steps.enumerated() {
            let rings = index > 0 ? thin(current, within: share) : current.flatMap(\.rings)
            current = try offset(closed: rings, open: [], delta: step, join: .round, arcTolerance: share)
        }
        return try union(thin(current, within: arcTolerance / 3))
    }

    /// A closed ring less the points that lie within `tolerance` of the line from the last
    /// point kept to the next (every point dropped since the last kept one is checked, at most
    /// 64 in a row), so it strays at most `tolerance` from the ring.
    static func thinned(_ ring: [Point], within tolerance: Double) -> [Point] {
        guard ring.count > 8 else { return ring }
        var kept = [ring[0]]
        var skipped: [Point] = []
        for k in 1..<ring.count {
            let candidate = ring[k]
            let next = ring[(k + 1) % ring.count]
            let from = kept[kept.count - 1]
            let chord = next - from
            let length = chord.length
            func off(_ p: Point) -> Double {
                length < 1e-12 ? p.distance(to: from) : abs((p.x - from.x) * chord.y - (p.y - from.y) * chord.x) / length
            }
            if skipped.count < 64, k + 1 < ring.count, off(candidate) <= tolerance, skipped.allSatisfy({ off($0) <= tolerance }) {
                skipped.append(candidate)
            } else {
                kept.append(candidate)
                skipped = []
            }
        }
        return kept.count >= 3 ? kept : ring
    }

    private static func read(_ result: OpaquePointer?) throws(MachineError) -> [OutlinePolygon] {
        guard ct_clipper_available() != 0 else {
            throw MachineError.failed("welding needs Clipper's library, libpolyclipping.so.22 (Debian's libpolyclipping22), which could not be loaded")
        }
        guard let result else { throw MachineError.failed("Clipper found a coordinate out of its range") }
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
    /// fills (a background, a seal's paper: the ground) stay as they are. `isCancelled` is
    /// asked between items, paints and steps: once it answers true, the weld stops with an
    /// error.
    public func outlined(_ settings: OutlineSettings, isCancelled: () -> Bool = { false }) throws(MachineError) -> Frame {
        guard settings.tolerance.isFinite, settings.tolerance > 0 else { throw MachineError.refused("the tolerance must be more than 0") }
        let finest = MachineDrawing.finestTolerance(width: width, height: height)
        guard MachineDrawing.allows(tolerance: settings.tolerance, finest: finest) else {
            throw MachineError.refused("a tolerance of \(shortestDigits(settings.tolerance)) px is finer than this drawing needs: give at least \(MachineDrawing.shown(finest: finest)) px")
        }
        var gatherer = OutlineGatherer(flatness: settings.tolerance / 4, scheme: colorScheme)
        try gatherer.gather(strokingSingleLineGlyphs().items, PaintState(), isCancelled: isCancelled)
        var items: [FrameItem] = []
        for (paint, parts) in gatherer.parts {
            if isCancelled() { throw MachineError.cancelled }
            var polygons = try Clipper.union(parts.filled)
            if !parts.stroked.isEmpty {
                polygons = try Clipper.union(polygons.flatMap(\.rings) + parts.stroked)
            }
            try gatherer.count(polygons)
            if let width = settings.stencil {
                if isCancelled() { throw MachineError.cancelled }
                polygons = try Stencil.bridged(polygons, width: width)
            }
            if let kerf = settings.kerf {
                if isCancelled() { throw MachineError.cancelled }
                polygons = try Clipper.grown(polygons, by: kerf / 2, arcTolerance: settings.tolerance / 4)
            }
            try gatherer.count(polygons)
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
    /// The points flattened so far, and those Clipper's unions and offsets have made.
    var points = 0

    /// The most points a weld flattens into and makes: Clipper's union and the stencil's
    /// bridges take time that grows faster than the points.
    static let maximumPoints = 4_000_000

    /// Counts points made; past `maximumPoints` the weld is refused.
    mutating func count(_ polygons: [OutlinePolygon]) throws(MachineError) {
        points += polygons.reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.count } }
        try checkPoints()
    }

    func checkPoints() throws(MachineError) {
        guard points <= Self.maximumPoints else {
            throw MachineError.refused("the weld makes more than \(Self.maximumPoints) points: give a larger --machine-tolerance, or weld less at once")
        }
    }

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

    /// Gathers `items` drawn in `state`: the same cascade of paints, widths and joins as every
    /// writer reads (`PaintState`), so a group's stroke is welded as it is drawn.
    mutating func gather(_ items: [FrameItem], _ state: PaintState, isCancelled: () -> Bool) throws(MachineError) {
        for item in items {
            if isCancelled() { throw MachineError.cancelled }
            switch item {
            case .group(let group):
                if group.style.contains(.hidden) { continue }
                try gatherGroup(group, state.applying(group.style), isCancelled: isCancelled)
            case .link(let link):
                try gather(link.items, state, isCancelled: isCancelled)
            case .shape(let shape):
                if shape.style.contains(.hidden) { continue }
                let inner = state.applying(shape.style)
                let local = inner.map
                let (rings, open) = try flatten(shape.geometry, map: local)
                if inner.inkedStroke != .none {
                    // A dashed stroke: its dashes, each an open line, are what is grown.
                    var (rings, open) = (rings, open)
                    if let dashes = inner.dash?.dashes(along: shape.geometry) {
                        (rings, open) = try flatten(dashes, map: local)
                    }
                    try checkPoints()
                    let grown = try Clipper.offset(closed: rings, open: open, delta: inner.strokeWidth * local.stretch / 2, join: inner.join,
                                                   cap: inner.cap, miterLimit: inner.miterLimit, arcTolerance: flatness, closedAreLines: true)
                    try count(grown)
                    add(inner.inkedStroke, stroked: grown.flatMap(\.rings))
                }
                if inner.inkedFill != .none {
                    let filled = try Clipper.union(rings + open, nonzero: inner.fillRule == .nonzero)
                    add(inner.inkedFill, filled: filled.flatMap(\.rings))
                }
            case .image(let image):
                guard let picture = try Flattening.vectorItems(of: image, in: state) else { continue }
                try gather(picture.items, picture.state, isCancelled: isCancelled)
            case .textLayer:
                continue  // nothing to weld
            case .glyphs, .text, .textLine, .textOnPath:
                guard let (run, fill) = try Flattening.glyphs(of: item, in: state), fill != .none else { continue }
                for placed in run.glyphs where run.fonts.indices.contains(placed.font) {
                    guard let outline = try Flattening.outline(of: placed, in: run) else { continue }
                    let (rings, _) = try flatten(outline, map: placed.fontUnitsMap.concatenating(state.map))
                    // Each glyph on its own fill rule (nonzero, as TrueType and CFF fill), so
                    // that its own overlapping contours weld as they are drawn.
                    add(fill, filled: try Clipper.union(rings).flatMap(\.rings))
                }
            }
        }
    }

    /// A group's items; where its style clips or masks it, welded on their own and cut to
    /// the clip's (or mask's) shapes, so the weld shows what the writers show (a flat badge's
    /// rounded corners).
    mutating func gatherGroup(_ group: FrameGroup, _ state: PaintState, isCancelled: () -> Bool) throws(MachineError) {
        var regions: [[FrameShape]] = []
        for style in group.style {
            switch style {
            case .clip(let shapes), .mask(let shapes): regions.append(shapes)
            default: break
            }
        }
        guard !regions.isEmpty else { return try gather(group.items, state, isCancelled: isCancelled) }
        var nested = OutlineGatherer(flatness: flatness, scheme: scheme)
        nested.points = points
        try nested.gather(group.items, state, isCancelled: isCancelled)
        points = nested.points
        // The clip's region, in the frame's px: each list's shapes unioned (their own
        // transforms in their style, in the group's px), the lists intersected.
        var region: [[Point]]?
        for shapes in regions {
            var rings: [[Point]] = []
            for shape in shapes {
                let (closed, open) = try flatten(shape.geometry, map: PaintState().applying(shape.style).map.concatenating(state.map))
                rings += closed + open
            }
            let unioned = try Clipper.union(rings).flatMap(\.rings)
            region = try region.map { (kept: [[Point]]) throws(MachineError) in try Clipper.intersection(kept, unioned).flatMap(\.rings) } ?? unioned
        }
        for (paint, parts) in nested.parts {
            let ink = try Clipper.union(parts.filled + parts.stroked).flatMap(\.rings)
            let cut = try Clipper.intersection(ink, region ?? [])
            try count(cut)
            add(paint, filled: cut.flatMap(\.rings))
        }
    }

    /// A geometry's outline as polylines in the frame's px: closed ones and open ones (circles
    /// and rounded corners on their true circles).
    mutating func flatten(_ geometry: FrameGeometry, map: AffineMap) throws(MachineError) -> (closed: [[Point]], open: [[Point]]) {
        switch geometry {
        case .path(let p): return try flatten(p, map: map)
        case .rect(let r, let corner) where corner <= 0: return try flatten(Path(rectangle: r), map: map)
        case .rect(let r, let corner): return ([ExactArcs.points(ExactArcs.roundedRectangle(r, corner), map: map, flatness: flatness)], [])
        case .circle(let c, let radius): return ([ExactArcs.points([(c, radius, 0, 2 * .pi)], map: map, flatness: flatness)], [])
        }
    }

    /// The path's contours as polylines in the frame's px: closed ones and open ones.
    mutating func flatten(_ path: Path, map: AffineMap) throws(MachineError) -> (closed: [[Point]], open: [[Point]]) {
        let contours = path.flattened(map: map, flatness: flatness, counted: &points, limit: Self.maximumPoints) ?? []
        try checkPoints()
        return (contours.filter(\.closed).map(\.points), contours.filter { !$0.closed }.map(\.points))
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
        guard width.isFinite, width > 0 else { throw MachineError.refused("a stencil's bridges must be more than 0 wide") }
        var current = polygons
        // Each polygon is cut by its own holes' bridges only, so a bridge never bites into a
        // neighbour. A bridge that crosses another hole joins that one too; a few rounds join
        // every hole.
        for _ in 0..<4 {
            var next: [OutlinePolygon] = []
            var cut = false
            let boxed = Sheet(current)
            for polygon in current {
                guard !polygon.holes.isEmpty else { next.append(polygon); continue }
                var strips: [[Point]] = []
                for hole in polygon.holes {
                    guard let strip = bridge(from: hole, in: polygon, among: boxed, width: width) else {
                        let box = hole.reduce(into: (x: Double.infinity, y: Double.infinity)) { $0 = (min($0.x, $1.x), min($0.y, $1.y)) }
                        throw MachineError.refused("a hole of the outline near (\(shortestDigits(box.x.rounded())), \(shortestDigits(box.y.rounded()))) px has no way out for a stencil's bridge this wide: give a narrower --stencil")
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
    static func bridge(from hole: [Point], in polygon: OutlinePolygon, among all: Sheet, width: Double) -> [Point]? {
        var candidates: [(a: Point, b: Point, distance: Double)] = []
        // Points along the hole's edges, at most half a width apart (a corner alone may turn
        // away from the way out), each to its nearest point of the outline; and the outline's
        // points to their nearest of the hole.
        for q in samples(of: hole, spacing: width / 2) {
            if let (p, d) = nearest(q, on: polygon.outer) { candidates.append((q, p, d)) }
        }
        for q in samples(of: polygon.outer, spacing: 0) {
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

    /// The most points of a ring tried as a bridge's end: each is measured against the whole
    /// other ring, so the work is their product.
    static let maximumSamples = 128

    /// Points along `ring`: each vertex and points between, at most `spacing` apart (none
    /// between where `spacing` is 0), up to 256 an edge; past `maximumSamples`, that many
    /// spread evenly along the ring by length instead (a ring flattened finely).
    static func samples(of ring: [Point], spacing: Double) -> [Point] {
        var out: [Point] = []
        var perimeter = 0.0
        for k in ring.indices {
            let from = ring[k], to = ring[(k + 1) % ring.count]
            let length = from.distance(to: to)
            perimeter += length
            let pieces = spacing > 0 ? max(1, min(256, Int((length / spacing).rounded(.up)))) : 1
            for i in 0..<pieces where out.count <= maximumSamples {
                out.append(from + (to - from) * (Double(i) / Double(pieces)))
            }
        }
        guard out.count > maximumSamples, perimeter > 0 else { return out }
        out = []
        let step = perimeter / Double(maximumSamples)
        var along = 0.0, next = 0.0
        for k in ring.indices {
            let from = ring[k], to = ring[(k + 1) % ring.count]
            let length = from.distance(to: to)
            while next < along + length && out.count < maximumSamples {
                out.append(from + (to - from) * ((next - along) / length))
                next += step
            }
            along += length
        }
        return out
    }

    /// Whether the segment from `p` to `q` lies wholly in the sheet: it crosses no outline and
    /// its middle is inside none of the polygons. Only polygons whose boxes it reaches are read.
    static func isSheetEdge(_ p: Point, _ q: Point, among sheet: Sheet) -> Bool {
        let box = Rect(minX: min(p.x, q.x), minY: min(p.y, q.y), maxX: max(p.x, q.x), maxY: max(p.y, q.y))
        for polygon in sheet.near(box) where polygon.box.minX <= box.maxX && box.minX <= polygon.box.maxX && polygon.box.minY <= box.maxY && box.minY <= polygon.box.maxY {
            for ring in polygon.polygon.rings where crosses(p, q, ring) { return false }
        }
        return isSheet((p + q) * 0.5, among: sheet)
    }

    /// Whether `point` lies in the sheet: inside no polygon (or in a hole of the one it is in).
    static func isSheet(_ point: Point, among sheet: Sheet) -> Bool {
        !sheet.near(Rect(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)).contains {
            $0.box.contains(point) && contains($0.polygon.outer, point) && !$0.polygon.holes.contains(where: { contains($0, point) })
        }
    }

    /// The polygons a stencil is cut from, with a grid of their boxes, so that a point or a
    /// segment is tested against the polygons near it, not every letter of a long text (which
    /// made the bridges quadratic in the letters).
    struct Sheet {
        let polygons: [BoxedPolygon]
        private let origin: Point
        private let cell: Double
        private let columns: Int, rows: Int
        /// The polygons whose boxes reach each cell, row by row, ascending.
        private var cells: [[Int]]

        init(_ polygons: [OutlinePolygon]) {
            let boxed = polygons.map(BoxedPolygon.init)
            self.polygons = boxed
            let minX = boxed.map(\.box.minX).min() ?? 0, minY = boxed.map(\.box.minY).min() ?? 0
            let maxX = boxed.map(\.box.maxX).max() ?? 0, maxY = boxed.map(\.box.maxY).max() ?? 0
            // Cells about as large as a typical box, at most 256 a side.
            let typical = boxed.map { max($0.box.width, $0.box.height) }.sorted().dropFirst(boxed.count / 2).first ?? 1
            let cell = max(typical, (maxX - minX) / 256, (maxY - minY) / 256, 1e-9)
            origin = Point(x: minX, y: minY)
            self.cell = cell
            columns = max(1, min(256, Int(((maxX - minX) / cell).rounded(.down)) + 1))
            rows = max(1, min(256, Int(((maxY - minY) / cell).rounded(.down)) + 1))
            cells = Array(repeating: [], count: columns * rows)
            for (index, polygon) in boxed.enumerated() {
                let (c0, r0, c1, r1) = span(polygon.box)
                for r in r0...r1 { for c in c0...c1 { cells[r * columns + c].append(index) } }
            }
        }

        /// The cells a box reaches: first and last column, first and last row.
        private func span(_ box: Rect) -> (Int, Int, Int, Int) {
            func index(_ v: Double, _ from: Double, _ count: Int) -> Int {
                let k = ((v - from) / cell).rounded(.down)
                return k.isFinite ? Int(max(0, min(Double(count - 1), k))) : 0
            }
            return (index(box.minX, origin.x, columns), index(box.minY, origin.y, rows), index(box.maxX, origin.x, columns), index(box.maxY, origin.y, rows))
        }

        /// The polygons whose boxes may reach `box`, each once, in order.
        func near(_ box: Rect) -> [BoxedPolygon] {
            let (c0, r0, c1, r1) = span(box)
            if c0 == c1 && r0 == r1 { return cells[r0 * columns + c0].map { polygons[$0] } }
            var found = Set<Int>()
            for r in r0...r1 { for c in c0...c1 { found.formUnion(cells[r * columns + c]) } }
            return found.sorted().map { polygons[$0] }
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
        guard let first = ring.first else { return nil }
        // Squared distances, one square root at the end: this is the stencil's inner loop.
        var best = first, bestSquared = Double.infinity
        for k in ring.indices {
            let a = ring[k], b = ring[k + 1 < ring.count ? k + 1 : 0]
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? max(0, min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / length2)) : 0
            let px = a.x + dx * t, py = a.y + dy * t
            let squared = (q.x - px) * (q.x - px) + (q.y - py) * (q.y - py)
            if squared < bestSquared {
                bestSquared = squared
                best = Point(x: px, y: py)
            }
        }
        return (best, bestSquared.squareRoot())
    }
}
