import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Joined writing on a curve (words whose letters' ink touches, see `inkTouches`, and words of
// the scripts `JoinedWriting` lists). Glyphs turned one by one to a curve, as SVG's <textPath> turns them,
// leave a wedge at every join: a headline breaks, a cursive join narrows. So a word of joined
// writing is bent along the curve as one shaped run: each point of its outlines goes to the
// curve's point at its distance along the baseline, moved its height along the normal there.
// Its glyphs are drawn as one path, so a translucent fill covers each join once (no seam).

/// How glyphs follow a curve.
public enum CurveGlyphs: String, Sendable, CaseIterable {
    /// Words of joined writing bent as one; every other cluster turned rigidly to the curve.
    case auto
    /// Every cluster turned rigidly to the curve, as SVG's `<textPath>` does, joined writing too.
    case rotate
    /// Every glyph bent along the curve.
    case bend

    /// The `--effect` option's help, the same in every command that takes it.
    public static let help = "auto: each word of joined writing (whose letters' ink touches: Arabic, Devanagari, Newa, a cursive hand, …) bent along the curve as one, every other cluster turned to it; rotate: every cluster turned (SVG <textPath>); bend: every glyph bent."
}

/// The warning for spacing asked of `layout`'s text where it has words of joined writing of
/// more than one cluster, which spacing leaves whole; `nil` where there are none.
func joinedSpacingWarning(_ layout: CurveTextLayout, part: String? = nil) -> CurveTypeWarning? {
    let words = joinedWords(in: layout).filter { $0.count > 1 }
    guard !words.isEmpty else { return nil }
    if spreadableGapCount(of: layout.run) == 0 {
        return CurveTypeWarning(.joinedWordsKeptWhole, "the text is one word of joined writing, which spacing would tear: it is set as shaped, not spread", part: part)
    }
    let count = words.count == 1 ? "1 word" : "\(words.count) words"
    return CurveTypeWarning(.joinedWordsKeptWhole, "spacing went between words only: \(count) of joined writing keep their letters together", part: part)
}

/// What a sweep's room stretches.
public enum Justification: String, Sendable, CaseIterable {
    /// The gaps between words, and between the letters of scripts that do not join.
    case gaps
    /// Arabic words first, by tatweels at each word's best join (see `Kashida`), as many as
    /// fill the room; what is left goes to the gaps.
    case kashida

    /// The `--justify` option's help, the same in every command that takes it.
    public static let help = "How spacing fills a sweep, --fit or --fill-spiral: gaps (between words, and between the letters of scripts that do not join); kashida (Arabic words stretched by tatweels at each word's best join, by Microsoft's and the W3C's rules, the rest between words)."
}

/// The most tatweels added to one text: bounds the reshaped text.
let maximumTatweels = 4096

/// `run` (shaped from `text`) stretched by kashida toward `target` px long at `size` px: the
/// same count of tatweels at each word's best join (`Kashida.places`), as many as keep the
/// reshaped run (`reshape`) within the target (a tatweel also changes the forms beside it, so
/// each count is measured shaped); the stretched text with it. A warning where the text has
/// no place for one, or its font no tatweel.
func kashidaFilled(_ run: ShapedRun, text: String, target: Double, size: Double,
                   reshape: (String) throws(CurveTypeError) -> ShapedRun) throws(CurveTypeError)
    -> (run: ShapedRun, text: String, warning: CurveTypeWarning?) {
    try lifting { try VerticalOrientation.loadICU() }
    let places = Kashida.places(in: text)
    guard !places.isEmpty else {
        return (run, text, CurveTypeWarning(.kashidaNotApplied, "kashida stretches Arabic words where their letters join, and the text has none: the room went between words"))
    }
    let alone = try reshape(String(Kashida.tatweel))
    guard alone.missing.isEmpty, let glyph = alone.glyphs.first, alone.glyphs.count == 1 else {
        return (run, text, CurveTypeWarning(.kashidaNotApplied, "\(run.fonts[0].familyName) has no tatweel (U+0640) to stretch words with: the room went between words"))
    }
    guard glyph.advance > 0 else {
        // Nastaliq fonts have one, shaped to nothing: their words join on a slope, not a line.
        return (run, text, CurveTypeWarning(.kashidaNotApplied, "\(alone.fonts[glyph.font].familyName)'s tatweel (U+0640) has no width, so it cannot stretch a word (Nastaliq joins on a slope): the room went between words"))
    }
    let width = glyph.advance * size / Double(alone.fonts[glyph.font].unitsPerEm)
    let room = target - advanceWidth(of: run, size: size)
    guard room.isFinite, room > 0 else { return (run, text, nil) }
    var count = min(Int((room / (width * Double(places.count))).rounded(.down)), maximumTatweels / places.count)
    while count > 0 {
        let stretched = Kashida.stretching(text, at: places, count: count)
        var reshaped = try reshape(stretched)
        reshaped.inserted = Kashida.insertedRanges(at: places, count: count)
        let over = advanceWidth(of: reshaped, size: size) - target
        if over <= 0 { return (reshaped, stretched, nil) }
        count -= max(1, Int((over / (width * Double(places.count))).rounded(.up)))
    }
    return (run, text, nil)
}

/// Refuses upright (vertical) writing in `<text>` mode, which the viewer sets horizontally.
func checkOrientation(_ orientation: GlyphOrientation, glyphs: GlyphMode) throws(CurveTypeError) {
    if orientation == .upright && glyphs == .text {
        throw .invalidInput("upright (vertical) writing is drawn as outlines: <text> is set by the viewer, along the curve only")
    }
}

/// A bend along any curve: a point at (x, y) (px along the baseline, px up) goes to the curve's
/// point at arc length x, moved y along the normal there; beyond an open curve's ends it
/// continues straight. On a circle the normal turns at 1/radius exactly; on other curves its
/// turn is the tangent's central difference over 0.01 px, which on the curves drawn here
/// (ellipses' rings, spirals) is exact to about 10⁻⁹.
struct ArcLengthFrameMap: OutlineMap {
    let curve: any ArcLengthCurve
    /// The turn of the tangent per px, along the up normal, where it is constant (a circle:
    /// −1/r clockwise, where up is outward; +1/r counterclockwise, where up is inward).
    private let curvature: Double?

    init(curve: any ArcLengthCurve) {
        self.curve = curve
        if let circle = curve as? CircleCurve {
            curvature = (circle.direction == .clockwise ? -1 : 1) / circle.radius
        } else {
            curvature = nil
        }
    }

    func callAsFunction(_ p: Point) -> Point {
        if !curve.isClosed && (p.x < 0 || p.x > curve.length) { return jacobian(at: p, towardGreaterX: true).point }
        let frame = curve.pointAndTangent(atArcLength: p.x)
        return frame.point + frame.tangent.turnedUp * p.y
    }

    func jacobian(at p: Point, towardGreaterX: Bool) -> MapJacobian {
        let length = curve.length
        if !curve.isClosed && (p.x < 0 || p.x > length) {
            let end = p.x < 0 ? 0 : length
            let frame = curve.pointAndTangent(atArcLength: end)
            let normal = frame.tangent.turnedUp
            return MapJacobian(point: frame.point + frame.tangent * (p.x - end) + normal * p.y, dx: frame.tangent, dy: normal)
        }
        let frame = curve.pointAndTangent(atArcLength: p.x)
        let normal = frame.tangent.turnedUp
        let turn: Point
        if let curvature {
            turn = normal * curvature
        } else {
            let h = 0.005
            let before = curve.tangent(atArcLength: curve.isClosed ? p.x - h : max(p.x - h, 0))
            let after = curve.tangent(atArcLength: curve.isClosed ? p.x + h : min(p.x + h, length))
            let span = curve.isClosed ? 2 * h : min(p.x + h, length) - max(p.x - h, 0)
            turn = span > 0 ? (after - before) * (1 / span) : .zero
        }
        return MapJacobian(point: frame.point + normal * p.y, dx: frame.tangent + turn.turnedUp * p.y, dy: normal)
    }
}

/// A word bent along a curve: its outlines where they were bent, and the map that puts them in
/// place (a circle's words are bent once and turned round it), applied when drawn.
struct BentWord {
    /// The word's glyphs as one path, px, before `placement`.
    var path: Path
    /// What the path's bounds depend on, where the word is drawn in many places.
    var hull: PathHull?
    /// px to px.
    var placement: AffineMap

    /// The outlines in place, px.
    var placed: Path { placement == .identity ? path : path.transformed(by: placement) }

    /// The exact box of the outlines in place, px.
    var bounds: Rect? { hull?.bounds(transformedBy: placement) ?? path.bounds(transformedBy: placement) }
}

/// A run's glyphs as drawn along a curve: words bent as one path each, the rest turned rigidly.
struct CurveGlyphDrawing {
    /// Each bent word's outlines, one path.
    var words: [BentWord] = []
    /// Per glyph of the layout: whether it is drawn in `words` (else turned rigidly); empty
    /// where none is.
    var bent: [Bool]
    /// Words bent along a circle tighter than their ink is deep: the word, how far its ink
    /// reaches toward the centre from the baseline, and the radius, px.
    var tooTight: [(word: String, depth: Double, radius: Double)] = []

    /// The warning for `tooTight`, naming its first word; `nil` where there is none.
    func tightCurveWarning(part: String? = nil) -> CurveTypeWarning? {
        guard let first = tooTight.first else { return nil }
        let more = tooTight.count > 1 ? " (and \(tooTight.count - 1) more word\(tooTight.count > 2 ? "s" : ""))" : ""
        return CurveTypeWarning(.curveTooTight, "the curve is tighter than the ink is deep: '\(first.word)'\(more) reaches \(describePixels(first.depth.rounded(.up))) px toward the centre of a circle of radius \(describePixels(first.radius)) px and folds through it; give a radius of at least \(describePixels(first.depth.rounded(.up) + 1)) px, or set the text on the other side", part: part)
    }

    /// The ink of the bent words and the rigid glyphs of `layout` (the one drawn from), px.
    func inkBounds(of layout: CurveTextLayout) throws -> Rect? {
        let rigid = try CurveTypeEffects.inkBounds(of: layout, skipping: bent)
        guard !words.isEmpty else { return rigid }
        return words.compactMap(\.bounds).reduce(rigid) { box, word in box.map { $0.union(word) } ?? word }
    }

    /// The drawing moved by `offset` px (its layout moved the same way gives the rigid glyphs).
    func translated(by offset: Point) -> CurveGlyphDrawing {
        guard !words.isEmpty else { return self }
        let move = AffineMap.translation(offset.x, offset.y)
        return CurveGlyphDrawing(words: words.map { word in
            var moved = word
            moved.placement = word.placement == .identity ? move : word.placement.concatenating(move)
            return moved
        }, bent: bent, tooTight: tooTight)
    }

    /// The frame items: as `glyphItems`, but the bent words as paths in the same fill, then the
    /// layout's text layer; text mode (`<text>` the viewer draws) is as `glyphItems`.
    func items(_ layout: CurveTextLayout, mode: GlyphMode, fill: SVGColor) -> [FrameItem] {
        guard mode != .text, !words.isEmpty else { return glyphItems([layout], mode: mode, fill: fill) }
        let rigid = layout.glyphs.indices.filter { !bent[$0] }.map { index in
            let g = layout.glyphs[index]
            return FrameGlyph(font: g.font, glyph: g.glyph, scale: g.scale, placement: .rotated(origin: g.origin, angle: g.angle))
        }
        let items: [FrameItem] = (rigid.isEmpty ? [] : [.glyphs(GlyphRun(fonts: layout.run.fonts, glyphs: rigid))])
            + words.map { .shape(FrameShape(.path($0.placed))) }
        return [.group(FrameGroup(style: [.fill(.color(fill))], items: items)), .textLayer(TextLayer(layout))]
    }
}

/// `layout`'s glyphs laid along `map`'s curve: under `.auto` each word of joined writing (under
/// `.bend`, every cluster) bent along the curve, its glyphs one path; the rest turned rigidly.
/// Glyphs a bend cannot draw stay rigid: single-line glyphs (stroked, not filled), colour
/// pictures. `tolerance` px is the bent outlines' largest distance from the exact bend. `map`
/// is made only where a word is bent.
func bentGlyphs<Map: OutlineMap>(_ layout: CurveTextLayout, map: @autoclosure () -> Map, glyphs: CurveGlyphs,
                                 tolerance: Double = 0.05) throws(CurveTypeError) -> CurveGlyphDrawing {
    let words: [Range<Int>] = switch glyphs {
    case .rotate: []
    case .auto: joinedWords(in: layout)
    case .bend: layout.clusters.isEmpty ? [] : [0..<layout.clusters.count]
    }
    guard !words.isEmpty else { return CurveGlyphDrawing(bent: []) }
    var drawing = CurveGlyphDrawing(bent: Array(repeating: false, count: layout.glyphs.count))
    // The map is made only here, where something bends: a path's is a tabulated curve.
    let made = map()
    if let frames = made as? ArcLengthFrameMap, let circle = frames.curve as? CircleCurve {
        try bendOnCircle(layout, words: words, circle: circle, tolerance: tolerance, into: &drawing)
        return drawing
    }
    var refit = OutlineRefit(map: made, tolerance: tolerance, budget: PathTextRequest.maximumBentSegments, verb: "bend")
    for word in words {
        var path = Path()
        for part in try wordParts(layout, word: word, from: 0) {
            path.elements += (try refit.map(part.outline, placed: part.placing)).elements
            drawing.bent[part.glyph] = true
        }
        if !path.isEmpty { drawing.words.append(BentWord(path: path, hull: nil, placement: .identity)) }
    }
    return drawing
}

/// The glyphs of `word` (a range of `layout.clusters`) that a bend draws, each with its outline
/// (font units) and the map placing it on the straight baseline: px along the curve less
/// `from`, px up.
private func wordParts(_ layout: CurveTextLayout, word: Range<Int>, from: Double) throws(CurveTypeError)
    -> [(glyph: Int, font: Int, outline: Path, placing: AffineMap)] {
    var parts: [(glyph: Int, font: Int, outline: Path, placing: AffineMap)] = []
    for cluster in layout.clusters[word] {
        let leading = cluster.arcLength - cluster.advance / 2 - from
        let angle = Angle.degrees(cluster.angle)
        let tangent = Point(x: cos(angle.radians), y: sin(angle.radians))
        for g in cluster.glyphRange {
            let placed = layout.glyphs[g]
            let font = layout.run.fonts[placed.font]
            guard !font.isSingleLine else { continue }
            let outline = try lifting { try font.outline(of: placed.glyph) }
            // A colour picture has no path to bend; a space has nothing to draw.
            guard !outline.path.isEmpty else { continue }
            let delta = placed.origin - cluster.origin
            let normal = tangent.turnedUp
            let along = leading + delta.dot(tangent), up = layout.baselineShift + delta.dot(normal)
            // The glyph's axes in the cluster's (along, up) frame: its own when it lies along
            // the curve, turned a quarter when it stands upright in vertical writing.
            let s = placed.scale
            let placing: AffineMap
            if placed.angle == cluster.angle {
                placing = AffineMap(a: s, b: 0, c: 0, d: s, tx: along, ty: up)
            } else {
                let glyphAngle = Angle.degrees(placed.angle)
                let glyphX = Point(x: cos(glyphAngle.radians), y: sin(glyphAngle.radians)), glyphUp = glyphX.turnedUp
                placing = AffineMap(a: glyphX.dot(tangent) * s, b: glyphX.dot(normal) * s,
                                    c: glyphUp.dot(tangent) * s, d: glyphUp.dot(normal) * s, tx: along, ty: up)
            }
            parts.append((g, font.id, outline.path, placing))
        }
    }
    return parts
}

/// Words bent along a circle, each bent once where the circle starts and turned to where it
/// stands: a circle is the same all round, so the turn is exact. Bent words are kept
/// (`BentWordCache`) by their glyphs, their places within the word and the circle's radius and
/// direction: a ring or a seal drawn again (a server's repeated request, a batch of stamps, a
/// word repeated round a ring) bends each word once. Places are rounded to 2⁻²⁴ px (scales to
/// 2⁻⁴⁰) before bending, so what is drawn depends on the request alone, never on what was
/// kept before.
private func bendOnCircle(_ layout: CurveTextLayout, words: [Range<Int>], circle: CircleCurve, tolerance: Double,
                          into drawing: inout CurveGlyphDrawing) throws(CurveTypeError) {
    let canonical = CircleCurve(center: .zero, radius: circle.radius, start: .degrees(0), direction: circle.direction)
    var refit = OutlineRefit(map: ArcLengthFrameMap(curve: canonical), tolerance: tolerance,
                             budget: PathTextRequest.maximumBentSegments, verb: "bend")
    func rounded(_ value: Double, _ bits: Double) -> Double { (value * bits).rounded() / bits }
    for word in words {
        let first = layout.clusters[word.lowerBound]
        let leading = first.arcLength - first.advance / 2
        let parts = try wordParts(layout, word: word, from: leading).map { part in
            let m = part.placing, scales = 0x1p40, places = 0x1p24
            var snapped = part
            snapped.placing = AffineMap(a: rounded(m.a, scales), b: rounded(m.b, scales), c: rounded(m.c, scales), d: rounded(m.d, scales),
                                        tx: rounded(m.tx, places), ty: rounded(m.ty, places))
            return snapped
        }
        guard !parts.isEmpty else { continue }
        // The ink's reach toward the centre: its tops where up is inward (counterclockwise),
        // its descenders where up is outward.
        let reach = parts.compactMap { part -> Double? in
            guard let box = part.outline.bounds(transformedBy: part.placing) else { return nil }
            return circle.direction == .clockwise ? -box.minY : box.maxY
        }.max() ?? 0
        if reach > circle.radius {
            let first = layout.clusters[word].map(\.textRange.lowerBound).min() ?? 0
            let end = layout.clusters[word].map(\.textRange.upperBound).max() ?? first
            let bytes = Array(layout.run.text.utf8)
            drawing.tooTight.append((String(decoding: bytes[max(0, first)..<min(end, bytes.count)], as: UTF8.self), reach, circle.radius))
        }
        let key = BentWordCache.Key(
            radius: circle.radius, clockwise: circle.direction == .clockwise, tolerance: tolerance,
            glyphs: parts.flatMap { [$0.font, Int(layout.glyphs[$0.glyph].glyph)] },
            placements: parts.flatMap { [$0.placing.a, $0.placing.b, $0.placing.c, $0.placing.d, $0.placing.tx, $0.placing.ty] })
        let bent: (path: Path, hull: PathHull)
        if let known = BentWordCache.word(for: key) {
            try refit.spend(known.path.elements.count)
            bent = known
        } else {
            var path = Path()
            for part in parts { path.elements += (try refit.map(part.outline, placed: part.placing)).elements }
            bent = (path, PathHull(path))
            BentWordCache.store(bent, for: key)
        }
        // The circle's start turned to the word's leading edge: clock angles turn clockwise.
        let turn = circle.clockAngle(atArcLength: leading)
        let (sine, cosine) = (sin(turn), cos(turn))
        drawing.words.append(BentWord(path: bent.path, hull: bent.hull, placement: AffineMap(
            a: cosine, b: sine, c: -sine, d: cosine, tx: circle.center.x, ty: circle.center.y)))
        for part in parts { drawing.bent[part.glyph] = true }
    }
}

/// Words bent along circles, shared by every caller in the process (see `bendOnCircle`).
enum BentWordCache {
    struct Key: Hashable {
        var radius: Double
        var clockwise: Bool
        var tolerance: Double
        /// Font id and glyph of each glyph bent.
        var glyphs: [Int]
        /// Each glyph's rounded placing map, six numbers a glyph.
        var placements: [Double]
    }

    /// Words kept before the cache starts over, and the largest word kept (cubics): bound its
    /// memory (a few MB) for a process that bends millions of distinct words.
    private static let capacity = 4096
    private static let largestWord = 20_000
    private static let words = Mutex([Key: (path: Path, hull: PathHull)]())

    static func word(for key: Key) -> (path: Path, hull: PathHull)? {
        words.withLock { $0[key] }
    }

    static func store(_ word: (path: Path, hull: PathHull), for key: Key) {
        guard word.path.elements.count <= largestWord else { return }
        words.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = word
        }
    }
}
