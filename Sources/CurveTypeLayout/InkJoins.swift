import CurveTypeFonts
import CurveTypeGeometry

// Which neighbouring clusters a font joins, read from its ink rather than from a list of
// scripts. A list (JoinedWriting) misses the next script that hangs its letters from a
// headline (Modi, Newa, …) and every cursive Latin font; the ink does not: set straight as
// shaped, two clusters whose outlines overlap or meet are one piece of ink, which spacing
// would tear and glyphs turned one by one to a curve would break. No library answers "do these
// two glyph outlines touch" for us (FreeType rasterises, HarfBuzz positions, Clipper sits
// behind the machine writers and works in integers), so it is measured here on the outlines
// flattened to 1/1000 em.

/// How close two clusters' ink may come, em, and still count as touching: joins that abut
/// exactly (a connecting stroke ending where the next letter starts) as well as those that
/// overlap.
let inkTouchTolerance = 0.003
/// Flatness of the outlines measured, em.
private let inkFlatness = 0.001

/// For each pair of neighbouring clusters of `run` (in visual order, `spans`), whether they
/// are letters of one word joined by its ink, set straight as shaped: a word (clusters with ink
/// between those without, as spaces) of which more than half the neighbouring pairs touch, or
/// a pair alone that does. Vertical runs (upright glyphs stacked) and single-line fonts
/// (strokes, not filled ink) join nowhere.
func inkTouches(_ spans: [ClusterSpan], in run: ShapedRun) -> [Bool] {
    guard spans.count > 1, !run.isVertical else { return Array(repeating: false, count: max(spans.count - 1, 0)) }
    // Each glyph's outline placed on the straight baseline, em, y up.
    var pen = 0.0
    var placed: [(path: Path, map: AffineMap, box: Rect)?] = []
    placed.reserveCapacity(run.glyphs.count)
    for g in run.glyphs {
        let font = run.fonts[g.font]
        let em = 1 / Double(font.unitsPerEm)
        defer { pen += g.advance * em }
        guard !font.isSingleLine, let outline = try? font.outline(of: g.glyph), !outline.path.isEmpty, let box = outline.bounds else {
            placed.append(nil)
            continue
        }
        let map = AffineMap(a: em, b: 0, c: 0, d: em, tx: pen + g.xOffset * em, ty: g.yOffset * em)
        placed.append((outline.path, map, Rect(minX: box.minX * em + map.tx, minY: box.minY * em + map.ty,
                                               maxX: box.maxX * em + map.tx, maxY: box.maxY * em + map.ty)))
    }
    func box(of span: ClusterSpan) -> Rect? {
        span.glyphs.compactMap { placed[$0]?.box }.reduce(nil as Rect?) { $0?.union($1) ?? $1 }
    }
    let boxes = spans.map(box)
    let touching: [Bool] = (0..<spans.count - 1).map { index in
        guard let a = boxes[index], let b = boxes[index + 1] else { return false }
        let t = inkTouchTolerance
        guard a.minX - t <= b.maxX, b.minX - t <= a.maxX, a.minY - t <= b.maxY, b.minY - t <= a.maxY else { return false }
        // Only the ink where the two boxes meet can touch: outlines are cut to that window.
        let window = Rect(minX: max(a.minX, b.minX) - t, minY: max(a.minY, b.minY) - t,
                          maxX: min(a.maxX, b.maxX) + t, maxY: min(a.maxY, b.maxY) + t)
        func contours(_ span: ClusterSpan) -> [FlattenedContour] {
            span.glyphs.flatMap { g in placed[g].map { $0.path.flattened(map: $0.map, flatness: inkFlatness) } ?? [] }
        }
        return inksTouch(contours(spans[index]), contours(spans[index + 1]), within: window, tolerance: t)
    }
    // A word joins where most of its neighbouring letters touch (a headline, a cursive hand);
    // then it is one piece throughout, as an Arabic word is where a letter does not connect.
    // A roman word with one touch (DejaVu's "ff", whose crossbars meet) is letters apart.
    var links = [Bool](repeating: false, count: touching.count)
    var start = 0
    for index in spans.indices where index == spans.count - 1 || boxes[index] == nil || boxes[index + 1] == nil {
        // The word start...index, where this cluster has ink; its pairs start..<index.
        let pairs = start..<index
        if boxes[index] != nil, 2 * pairs.count(where: { touching[$0] }) > pairs.count {
            for pair in pairs { links[pair] = true }
        }
        start = index + 1
    }
    return links
}

/// Whether two inks (closed contours, nonzero fill) come within `tolerance` of each other
/// inside `window`: an edge of one within `tolerance` of an edge of the other, or one's
/// contour lying inside the other's ink.
private func inksTouch(_ a: [FlattenedContour], _ b: [FlattenedContour], within window: Rect, tolerance: Double) -> Bool {
    func edges(_ contours: [FlattenedContour]) -> [(Point, Point)] {
        contours.flatMap(\.segments).filter { p, q in
            max(p.x, q.x) >= window.minX && min(p.x, q.x) <= window.maxX && max(p.y, q.y) >= window.minY && min(p.y, q.y) <= window.maxY
        }
    }
    let edgesA = edges(a), edgesB = edges(b)
    for (p, q) in edgesA {
        let (loX, hiX) = (min(p.x, q.x) - tolerance, max(p.x, q.x) + tolerance)
        let (loY, hiY) = (min(p.y, q.y) - tolerance, max(p.y, q.y) + tolerance)
        for (r, s) in edgesB where max(r.x, s.x) >= loX && min(r.x, s.x) <= hiX && max(r.y, s.y) >= loY && min(r.y, s.y) <= hiY {
            if segmentDistance(p, q, r, s) <= tolerance { return true }
        }
    }
    // No edges meet: the inks touch only if one holds a whole contour of the other.
    func inside(_ contours: [FlattenedContour], _ ink: [FlattenedContour]) -> Bool {
        contours.contains { contour in
            guard let point = contour.points.first, window.contains(point, tolerance: tolerance) else { return false }
            return winding(of: point, in: ink) != 0
        }
    }
    return inside(a, b) || inside(b, a)
}

/// The nonzero winding number of `contours` (each closed) about `point`.
private func winding(of point: Point, in contours: [FlattenedContour]) -> Int {
    var winding = 0
    for contour in contours {
        var previous = contour.points[contour.points.count - 1]
        for current in contour.points {
            defer { previous = current }
            let cross = (current.x - previous.x) * (point.y - previous.y) - (point.x - previous.x) * (current.y - previous.y)
            if previous.y <= point.y {
                if current.y > point.y && cross > 0 { winding += 1 }
            } else if current.y <= point.y && cross < 0 {
                winding -= 1
            }
        }
    }
    return winding
}

/// The least distance between segments pq and rs.
private func segmentDistance(_ p: Point, _ q: Point, _ r: Point, _ s: Point) -> Double {
    func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
    let d1 = cross(r, s, p), d2 = cross(r, s, q), d3 = cross(p, q, r), d4 = cross(p, q, s)
    if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return 0 }
    func toSegment(_ x: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, length = ab.dot(ab)
        guard length > 0 else { return x.distance(to: a) }
        let t = min(max((x - a).dot(ab) / length, 0), 1)
        return x.distance(to: a + ab * t)
    }
    return min(toSegment(p, r, s), toSegment(q, r, s), toSegment(r, p, q), toSegment(s, p, q))
}
