import CurveTypeFonts
import CurveTypeGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run sits relative to its anchor on the curve.
public enum TextAlignment: String, Sendable, CaseIterable {
    /// The run's leading edge (the first glyph's leading edge) at the anchor.
    case start
    /// The middle of the run's extent at the anchor.
    case center
    /// The trailing edge (the last glyph's trailing edge) at the anchor.
    case end

    /// The alignment a word names: `start`, `center` or `end`, or the names other tools use
    /// for them (`left`, `leading`; `centre`, `middle`; `right`, `trailing`).
    public init?(named name: String) {
        switch name.lowercased() {
        case "start", "left", "leading": self = .start
        case "center", "centre", "middle": self = .center
        case "end", "right", "trailing": self = .end
        default: return nil
        }
    }
}

/// A glyph placed in SVG space (px, y down).
public struct PlacedGlyph: Sendable, Hashable {
    /// Glyph index in `fonts[font]` of the layout's run.
    public var glyph: UInt32
    /// Index into the run's fonts.
    public var font: Int
    /// UTF-8 byte offset of the glyph's cluster in the text (HarfBuzz's cluster value).
    public var cluster: Int
    /// Where the glyph's outline origin lands: its pen position on the (shifted) baseline plus
    /// HarfBuzz's offset, which is zero except for marks and GPOS adjustments. px, y down.
    public var origin: Point
    /// The glyph's rotation about `origin`, degrees in [0, 360), clockwise on screen (SVG
    /// `rotate()`): its cluster's angle, or for a glyph upright in vertical writing
    /// (`ShapedGlyph.upright`), the up normal's (the cluster's angle less 90°).
    public var angle: Double
    /// Shaped advance in px, tracking not included.
    public var advance: Double
    /// Arc length (px) from the curve's start to this glyph's advance midpoint.
    public var arcLength: Double
    /// px per font unit of the glyph's font: size ÷ units per em.
    public var scale: Double
}

/// A cluster (a base with its marks, a ligature, an emoji sequence) placed as one rigid unit.
public struct PlacedCluster: Sendable, Hashable {
    /// UTF-8 byte range of the cluster's characters in the text.
    public var textRange: Range<Int>
    /// Index range of the cluster's glyphs in `CurveTextLayout.glyphs`.
    public var glyphRange: Range<Int>
    /// The cluster's pen origin on the (shifted) baseline, px, y down.
    public var origin: Point
    /// Rotation about `origin`, degrees, clockwise on screen: the curve's tangent's.
    public var angle: Double
    /// Sum of the cluster's shaped advances, px.
    public var advance: Double
    /// Arc length (px) from the curve's start to the cluster's advance midpoint.
    public var arcLength: Double
}

/// A shaped run laid along a curve.
public struct CurveTextLayout: Sendable {
    /// The shaped run the glyphs came from.
    public let run: ShapedRun
    /// Font size in px.
    public let size: Double
    /// Extra px added after every cluster but the last (none inside a word of joined writing).
    public let tracking: Double
    /// From the first cluster's leading edge to the last one's trailing edge, px.
    public let extent: Double
    /// Every cluster, with its place, in the order they lie along the curve (visual order: a
    /// right-to-left run is turned, as FriBiDi reorders the line).
    public let clusters: [PlacedCluster]
    /// Every glyph, with its origin and rotation.
    public let glyphs: [PlacedGlyph]
    /// px every cluster was moved along the curve's up normal (positive: toward the glyph tops).
    public var baselineShift: Double = 0

    /// The same layout moved by `offset` px: layout commutes with translation, so moving the
    /// result equals laying out about a moved curve.
    public func translated(by offset: Point) -> CurveTextLayout {
        CurveTextLayout(
            run: run, size: size, tracking: tracking, extent: extent,
            clusters: clusters.map { var c = $0; c.origin = c.origin + offset; return c },
            glyphs: glyphs.map { var g = $0; g.origin = g.origin + offset; return g }, baselineShift: baselineShift)
    }
}

/// The run's clusters: consecutive glyphs with one cluster value, with their advances in px.
struct ClusterSpan {
    var glyphs: Range<Int>
    var textStart: Int
    var advance: Double
}

func clusterSpans(of run: ShapedRun, size: Double) -> [ClusterSpan] {
    var spans: [ClusterSpan] = []
    var i = 0
    let glyphs = run.glyphs
    while i < glyphs.count {
        var j = i
        var advance = 0.0
        while j < glyphs.count && glyphs[j].cluster == glyphs[i].cluster {
            advance += glyphs[j].advance * size / Double(run.fonts[glyphs[j].font].unitsPerEm)
            j += 1
        }
        spans.append(ClusterSpan(glyphs: i..<j, textStart: glyphs[i].cluster, advance: advance))
        i = j
    }
    return spans
}

/// The run's extent at `size` px with `tracking` px between clusters (where spacing may go, see
/// `spreadableGaps`): what `layOut` gives as `extent`, without placing anything.
public func extent(of run: ShapedRun, size: Double, tracking: Double) -> Double {
    let spans = clusterSpans(of: run, size: size)
    let gaps = tracking == 0 ? 0 : spreadableGaps(spans, in: run)?.count { $0 } ?? max(spans.count - 1, 0)
    return spans.reduce(0) { $0 + $1.advance } + tracking * Double(gaps)
}

/// For each pair of neighbouring clusters (in the run's visual order), whether tracking, a
/// sweep or a spread may put space between them: everywhere but inside a word of joined
/// writing, where the two clusters' ink touches as shaped (`inkTouches`: a headline, a cursive
/// join, in any script or font), or both hold a letter of a script whose letters are never
/// spaced (`JoinedWriting`: an Arabic word keeps its letters together where one does not
/// connect) or a character that joins (a ZWNJ, a tatweel, a mark). Space there would tear the
/// word.
func spreadableGaps(_ spans: [ClusterSpan], in run: ShapedRun) -> [Bool]? {
    guard spans.count > 1 else { return [] }
    return wordLinks(spans, in: run).map { !$0 }
}

/// For each pair of neighbouring clusters, whether they belong to one word of joined writing
/// (see `spreadableGaps`). ASCII text is looked up in no script table, only by its ink.
func wordLinks(_ spans: [ClusterSpan], in run: ShapedRun) -> [Bool] {
    var links = inkTouches(spans, in: run)
    guard !run.isASCII else { return links }
    let joins = clusterJoins(spans, in: run)
    for index in links.indices where joins[index] && joins[index + 1] { links[index] = true }
    return links
}

/// Whether each span belongs to joined writing: it holds a letter of a joined script, or only
/// characters that join their neighbours (which then decide).
func clusterJoins(_ spans: [ClusterSpan], in run: ShapedRun) -> [Bool] {
    let ends = clusterTextEnds(spans, textLength: run.text.utf8.count)
    // Each character's role at its first UTF-8 byte, looked up once: 0 joined, 1 glue,
    // 2 other; 3 where no character starts.
    var roles = [UInt8](repeating: 3, count: run.text.utf8.count)
    var offset = 0
    for scalar in run.text.unicodeScalars {
        switch JoinedWriting.role(of: scalar) {
        case .joined: roles[offset] = 0
        case .glue: roles[offset] = 1
        case .other: roles[offset] = 2
        }
        offset += UTF8.width(scalar)
    }
    return spans.indices.map { index in
        let start = spans[index].textStart, end = min(max(ends[index], start), roles.count)
        var glueOnly = true
        for byte in start..<end {
            switch roles[byte] {
            case 0: return true
            case 2: glueOnly = false
            default: continue
            }
        }
        return glueOnly && start < end
    }
}

/// The gaps between neighbouring clusters of `run` that spacing may widen (see
/// `spreadableGaps`): what a sweep or a spread divides its room among.
public func spreadableGapCount(of run: ShapedRun) -> Int {
    let spans = clusterSpans(of: run, size: 1)
    return spreadableGaps(spans, in: run)?.count { $0 } ?? max(spans.count - 1, 0)
}

/// The words of joined writing in `layout`: each a range of indices into `layout.clusters`
/// (visual order) of clusters linked by their ink or their script (see `spreadableGaps`), with
/// no spreadable gap inside; a cluster alone is a word where its script joins.
public func joinedWords(in layout: CurveTextLayout) -> [Range<Int>] {
    let spans = layout.clusters.map { ClusterSpan(glyphs: $0.glyphRange, textStart: $0.textRange.lowerBound, advance: $0.advance) }
    guard !spans.isEmpty else { return [] }
    let links = wordLinks(spans, in: layout.run)
    let alone = layout.run.isASCII ? nil : clusterJoins(spans, in: layout.run)
    var words: [Range<Int>] = []
    var start = 0
    for index in spans.indices where index == spans.count - 1 || !links[index] {
        if index > start || alone?[index] == true { words.append(start..<index + 1) }
        start = index + 1
    }
    return words
}

/// The total shaped advance of the run in px, tracking not included.
public func advanceWidth(of run: ShapedRun, size: Double) -> Double {
    run.glyphs.reduce(0) { $0 + $1.advance * size / Double(run.fonts[$1.font].unitsPerEm) }
}

/// The number of clusters in `run`: tracking goes between them.
public func clusterCount(of run: ShapedRun) -> Int {
    var count = 0
    var last: Int?
    for g in run.glyphs where g.cluster != last {
        count += 1
        last = g.cluster
    }
    return count
}

/// Lays `run` along `curve` by the SVG `<textPath>` rule: each cluster's advance midpoint lies on
/// the curve at its arc length, and the cluster is rotated to the tangent there. Glyphs inside a
/// cluster keep their shaped positions relative to each other (one rigid unit); `tracking` px is
/// added after each cluster but the last, except inside a word of joined writing (see
/// `spreadableGaps`); `baselineShift` px moves clusters along the curve's up normal (positive:
/// toward the glyph tops), never along the curve. A vertical run (`ShapedRun.isVertical`) runs
/// down the curve through its glyphs' middles: upright glyphs advance by their vertical
/// advances, turned so that their tops face the curve's start; sideways ones lie centred.
///
/// - Parameters:
///   - anchor: arc length (px) from the curve's start of the point `align` refers to.
///   - size: font size in px.
public func layOut(_ run: ShapedRun, size: Double, along curve: any ArcLengthCurve, anchor: Double,
                   align: TextAlignment, tracking: Double, baselineShift: Double) -> CurveTextLayout {
    let spans = clusterSpans(of: run, size: size)
    let advances = spans.reduce(0) { $0 + $1.advance }
    // Where a gap may not widen (inside a word of joined writing); nil: every gap widens.
    let open = tracking == 0 ? nil : spreadableGaps(spans, in: run)
    let extent = advances + tracking * Double(open?.count { $0 } ?? max(spans.count - 1, 0))
    let leading: Double
    switch align {
    case .start: leading = anchor
    case .center: leading = anchor - extent / 2
    case .end: leading = anchor - extent
    }

    var clusters: [PlacedCluster] = []
    clusters.reserveCapacity(spans.count)
    var glyphs: [PlacedGlyph] = []
    glyphs.reserveCapacity(run.glyphs.count)
    var mids: [Double] = []
    mids.reserveCapacity(spans.count)
    var pen = leading
    for (index, span) in spans.enumerated() {
        mids.append(pen + span.advance / 2)
        pen += span.advance + (index < spans.count - 1 && (open?[index] ?? true) ? tracking : 0)
    }
    let frames = curve.pointsAndTangents(atArcLengths: mids)
    pen = leading
    let textEnds = clusterTextEnds(spans, textLength: run.text.utf8.count)
    for (index, span) in spans.enumerated() {
        let mid = mids[index]
        let (onCurve, t) = frames[index]
        let up = t.turnedUp
        let origin = onCurve - t * (span.advance / 2) + up * baselineShift
        let angle = clockwiseDegrees(t)
        var clusterPen = 0.0
        for g in span.glyphs {
            let shaped = run.glyphs[g]
            let scale = size / Double(run.fonts[shaped.font].unitsPerEm)
            let advance = shaped.advance * scale
            var glyphOrigin = origin + t * (clusterPen + shaped.xOffset * scale) + up * (shaped.yOffset * scale)
            var glyphAngle = angle
            if run.isVertical {
                if shaped.upright {
                    // Standing upright, the line running down through it: its x axis along the
                    // up normal, its top toward the curve's start (HarfBuzz's offsets are y up).
                    glyphOrigin = origin + t * (clusterPen - shaped.yOffset * scale) + up * (shaped.xOffset * scale)
                    glyphAngle = clockwiseDegrees(up)
                } else {
                    // Lying sideways in vertical writing: its em box centred on the line.
                    glyphOrigin = glyphOrigin - up * (run.fonts[shaped.font].metrics.emMiddle * scale)
                }
            }
            glyphs.append(PlacedGlyph(
                glyph: shaped.glyph, font: shaped.font, cluster: shaped.cluster, origin: glyphOrigin,
                angle: glyphAngle, advance: advance, arcLength: pen + clusterPen + advance / 2, scale: scale))
            clusterPen += advance
        }
        clusters.append(PlacedCluster(
            textRange: span.textStart..<textEnds[index], glyphRange: span.glyphs, origin: origin,
            angle: angle, advance: span.advance, arcLength: mid))
        pen += span.advance + (index < spans.count - 1 && (open?[index] ?? true) ? tracking : 0)
    }
    return CurveTextLayout(run: run, size: size, tracking: tracking, extent: extent,
                           clusters: clusters, glyphs: glyphs, baselineShift: baselineShift)
}

/// Where each span's text ends: at the next cluster start in logical order. Right-to-left runs
/// come in visual order, so the logical neighbour may stand on either side; the common cases,
/// starts rising (left to right) or falling (right to left), need no sorting.
func clusterTextEnds(_ spans: [ClusterSpan], textLength: Int) -> [Int] {
    let starts = spans.map(\.textStart)
    // Index loops rather than `zip`: a zip of an array and its slice costs a run-time type
    // lookup on first use, which a one-badge process pays in full.
    if starts.indices.dropFirst().allSatisfy({ starts[$0 - 1] < starts[$0] }) {
        return starts.indices.map { $0 + 1 < starts.count ? starts[$0 + 1] : textLength }
    }
    if starts.indices.dropFirst().allSatisfy({ starts[$0 - 1] > starts[$0] }) {
        return starts.indices.map { $0 > 0 ? starts[$0 - 1] : textLength }
    }
    let sorted = Array(Set(starts)).sorted()
    var next: [Int: Int] = [:]
    for (i, start) in sorted.enumerated() {
        next[start] = i + 1 < sorted.count ? sorted[i + 1] : textLength
    }
    return starts.map { next[$0] ?? textLength }
}

/// The direction of `v` (SVG space, y down) as degrees clockwise from +x, in [0, 360).
func clockwiseDegrees(_ v: Point) -> Double {
    var degrees = atan2(v.y, v.x) * 180 / .pi
    if degrees < 0 { degrees += 360 }
    if degrees >= 360 { degrees -= 360 }
    return degrees + 0  // never -0
}
