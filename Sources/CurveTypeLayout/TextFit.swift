import CurveTypeFonts
import CurveTypeGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a line sits across its slot: `leading` is the left edge, `trailing` the right, in
/// either writing direction.
public enum HorizontalAlignment: String, Sendable, CaseIterable {
    /// Lines start at the box's left edge, centred, or end at its right edge.
    case leading, center, trailing

    /// The alignment a word names, in the vocabulary every command shares (`start`, `center`,
    /// `end`) or another tool's (`left`, `leading`; `centre`, `middle`; `right`, `trailing`).
    public init?(named name: String) {
        switch TextAlignment(named: name) {
        case .start?: self = .leading
        case .center?: self = .center
        case .end?: self = .trailing
        case nil: return nil
        }
    }
}

/// Where the block of lines sits in the box, top to bottom.
public enum VerticalAlignment: String, Sendable, CaseIterable {
    /// Lines sit at the box's top, in its middle, or at its bottom.
    case top, center, bottom
}

/// How a paragraph is broken into lines.
public enum LineBreaking: String, Sendable, CaseIterable {
    /// Each line as full as it can be.
    case greedy
    /// As many lines as greedy breaking needs, of widths as even as possible.
    case balanced
}

/// How several rows share one font size.
public enum RowFit: Sendable, Hashable {
    /// Each row's own largest size, then all take the smallest (Flutter's AutoSizeGroup).
    case min
    /// Row `index` (0-based) sets the size; the others take its width and their own alignment.
    case main(Int)
}

/// What a text must fit: the box and the limits on size and lines.
///
/// Sizes are px. Width is measured by shaped advances (the line from its first glyph's pen
/// position to its last glyph's advance, trailing spaces left out), widened by any ink that
/// sticks out past them, so side bearings are never clipped; height is the line count times the
/// line height (`lineHeight` × (ascender − descender + line gap) of the primary font), widened by
/// ink above the first line box or below the last. With `tight`, both use the ink alone: the box
/// holds the glyphs' outlines edge to edge.
public struct FitStyle: Sendable, Hashable {
    /// The box's width, px.
    public var width: Double
    /// The box's height, px.
    public var height: Double
    /// The largest size tried, px.
    public var maxSize: Double
    /// The smallest size accepted, px.
    public var minSize: Double
    /// The most lines wrapped text may take; `nil` for no limit.
    public var maxLines: Int?
    /// Multiple of the font's line height between baselines.
    public var lineHeight: Double
    /// One alignment for every line, or one per row (a shorter list repeats its last).
    public var align: [HorizontalAlignment]
    /// Where the lines sit in the box vertically.
    public var valign: VerticalAlignment
    /// Where wrapped text may break: Unicode's rules, or spaces only.
    public var breaking: LineBreaking
    /// Fit the ink, not the line boxes: no room kept for ascenders and descenders the text lacks.
    public var tight: Bool
    /// When nothing fits at `minSize`: set what fits at `minSize` and end it with an ellipsis.
    public var truncate: Bool
    /// Rows only: px between rows (each row then as tall as ascender − descender); `nil` stacks
    /// rows a line height apart.
    public var gap: Double?

    /// A box of `width` × `height` px; every other property as the command line's defaults.
    public init(width: Double, height: Double, maxSize: Double = 1000, minSize: Double = 1,
                maxLines: Int? = nil, lineHeight: Double = 1, align: [HorizontalAlignment] = [.center],
                valign: VerticalAlignment = .center, breaking: LineBreaking = .greedy, tight: Bool = false,
                truncate: Bool = false, gap: Double? = nil) {
        self.width = width
        self.height = height
        self.maxSize = maxSize
        self.minSize = minSize
        self.maxLines = maxLines
        self.lineHeight = lineHeight
        self.align = align
        self.valign = valign
        self.breaking = breaking
        self.tight = tight
        self.truncate = truncate
        self.gap = gap
    }

    /// Sizes are searched in steps of 1/64 px.
    public static let sizeStep = 1.0 / 64

    /// Throws for a box or size limits that cannot be set (not finite, negative, min above max).
    public func validate() throws(LayoutError) {
        let limit = CircleTextStyle.maximumLength
        for (value, name) in [(width, "box width"), (height, "box height"), (maxSize, "maximum size"),
                              (minSize, "minimum size"), (lineHeight, "line height")] {
            guard value.isFinite else { throw .invalidParameter("\(name) must be a finite number, not \(value)") }
            guard value > 0 else { throw .invalidParameter("\(name) must be greater than 0, not \(value)") }
            guard value <= limit else { throw .invalidParameter("\(name) must be at most \(Int(limit)), not \(value)") }
        }
        guard minSize <= maxSize else {
            throw .invalidParameter("the minimum size (\(minSize) px) is above the maximum size (\(maxSize) px)")
        }
        guard maxSize >= Self.sizeStep else { throw .invalidParameter("maximum size must be at least 1/64 px") }
        if let maxLines, maxLines < 1 { throw .invalidParameter("maximum lines must be at least 1, not \(maxLines)") }
        if let gap {
            guard gap.isFinite && gap >= 0 && gap <= limit else {
                throw .invalidParameter("gap must be a finite number from 0 to \(Int(limit)) px, not \(gap)")
            }
        }
    }

    func alignment(ofRow row: Int) -> HorizontalAlignment {
        align.isEmpty ? .center : align[min(row, align.count - 1)]
    }
}

/// One line of fitted text, placed in the box (px, y down, origin at the box's top left).
public struct FittedLine: Sendable {
    /// Which paragraph or row it comes from.
    public let row: Int
    /// The line's text, trailing spaces left out.
    public let text: String
    /// Its glyphs on a straight baseline.
    public let layout: CurveTextLayout
    /// Pen position of the line's first glyph on the baseline.
    public let origin: Point
    /// The measured line, px: from its left edge to its right edge (advances widened by ink, or
    /// ink alone when tight), top and bottom of its line box (or ink when tight).
    public let bounds: Rect
}

/// A text fitted into a box at one size.
public struct FittedText: Sendable {
    /// The chosen font size, a multiple of 1/64 px.
    public let size: Double
    /// The box's width, px.
    public let width: Double
    /// The box's height, px.
    public let height: Double
    /// The set lines, top first.
    public let lines: [FittedLine]
    /// Whether text was cut and an ellipsis added.
    public let truncated: Bool
}

/// A paragraph shaped once, in clusters measured at size 1 px: every width scales with the size
/// (unhinted advances are linear in it), so no size is ever shaped again. A class: every line
/// of every size tried refers to it.
///
/// Clusters are kept in logical (reading) order, so lines break in logical order; a paragraph
/// with right-to-left text keeps its bidi levels, and each line is put in visual order on its
/// own (UAX #9, L1–L2), as a line of a browser's paragraph is.
final class FitParagraph {
    struct Cluster {
        var glyphs: Range<Int>
        var bytes: Range<Int>
        /// Advance, px at size 1.
        var width: Double
        var isSpace: Bool
        /// A line may end after this cluster.
        var breakAfter: Bool
        /// Ink box relative to the cluster's pen position, px at size 1, y up; `nil` without ink.
        var ink: Rect?
    }

    let run: ShapedRun
    let clusters: [Cluster]
    /// The paragraph's bidi levels, when any of it runs right to left.
    let bidi: BidiParagraph?
    /// The index of the character that starts at each UTF-8 byte (with `bidi` only).
    private let scalarAtByte: [Int]

    init(_ run: ShapedRun) throws(FontError) {
        self.run = run
        let utf8 = Array(run.text.utf8)
        // The layout's clusters, at size 1 px, with their ink, in logical order: a shaped
        // right-to-left run lists its clusters right to left.
        let spans = clusterSpans(of: run, size: 1).sorted { $0.textStart < $1.textStart }
        let mayRunRightToLeft = BidiParagraph.mayRunRightToLeft(run.text)
        if mayRunRightToLeft { try BidiParagraph.loadFriBiDi() }
        if mayRunRightToLeft, let paragraph = BidiParagraph(run.text.unicodeScalars.map(\.value)), paragraph.hasRightToLeft {
            bidi = paragraph
            var index: [Int] = []
            index.reserveCapacity(utf8.count + 1)
            for (i, scalar) in run.text.unicodeScalars.enumerated() {
                index.append(contentsOf: repeatElement(i, count: UTF8.width(scalar)))
            }
            index.append(paragraph.levels.count)
            scalarAtByte = index
        } else {
            bidi = nil
            scalarAtByte = []
        }
        let ends = clusterTextEnds(spans, textLength: utf8.count)
        var clusters: [Cluster] = []
        clusters.reserveCapacity(spans.count)
        for (span, end) in zip(spans, ends) {
            var pen = 0.0
            var ink: Rect?
            for g in run.glyphs[span.glyphs] {
                let font = run.fonts[g.font]
                let scale = 1 / Double(font.unitsPerEm)
                if let b = try font.outline(of: g.glyph).bounds {
                    let dx = pen + g.xOffset * scale, dy = g.yOffset * scale
                    let box = Rect(minX: dx + b.minX * scale, minY: dy + b.minY * scale,
                                   maxX: dx + b.maxX * scale, maxY: dy + b.maxY * scale)
                    ink = ink.map { $0.union(box) } ?? box
                }
                pen += g.advance * scale
            }
            clusters.append(Cluster(glyphs: span.glyphs, bytes: span.textStart..<max(end, span.textStart),
                                     width: span.advance, isSpace: false, breakAfter: false, ink: ink))
        }
        let texts = clusters.map { Array(String(decoding: utf8[$0.bytes], as: UTF8.self).unicodeScalars) }
        for k in clusters.indices {
            clusters[k].isSpace = !texts[k].isEmpty && texts[k].allSatisfy { $0.properties.isWhitespace }
        }
        // A line may end after a cluster where UAX #14 lets the next line begin.
        let opportunities = Set(LineBreaks.opportunities(in: run.text))
        for k in clusters.indices.dropLast() where opportunities.contains(clusters[k].bytes.upperBound) {
            clusters[k].breakAfter = true
        }
        self.clusters = clusters
    }

    /// The clusters `lo..<end` (a line, trailing spaces left out) from left to right as drawn.
    func visualOrder(_ lo: Int, _ end: Int) -> [Int] {
        guard let bidi, lo < end else { return Array(lo..<end) }
        let first = scalarAtByte[clusters[lo].bytes.lowerBound]
        let order = bidi.visualOrder(line: first..<scalarAtByte[clusters[end - 1].bytes.upperBound])
        var position = [Int](repeating: 0, count: order.count)
        for (visual, logical) in order.enumerated() where (first..<first + order.count).contains(logical) {
            position[logical - first] = visual
        }
        // A cluster stands where its leftmost character stands.
        func place(_ k: Int) -> Int {
            let scalars = scalarAtByte[clusters[k].bytes.lowerBound]..<scalarAtByte[clusters[k].bytes.upperBound]
            return scalars.map { position[$0 - first] }.min() ?? 0
        }
        return (lo..<end).map { (place($0), $0) }.sorted { $0 < $1 }.map(\.1)
    }

    /// The measured extent of clusters `lo..<hi` at size 1: left and right edges relative to the
    /// first pen position, ink top and bottom (y up); trailing spaces left out. Measured in the
    /// line's visual order, as it is drawn.
    func measure(_ lo: Int, _ hi: Int, tight: Bool) -> (left: Double, right: Double, top: Double?, bottom: Double?) {
        let end = trimmedEnd(lo, hi)
        // Left to right text is drawn in reading order: no order to compute.
        return bidi == nil ? measure(order: lo..<end, tight: tight) : measure(order: visualOrder(lo, end), tight: tight)
    }

    private func measure<Order: Sequence<Int>>(order: Order, tight: Bool) -> (left: Double, right: Double, top: Double?, bottom: Double?) {
        var pen = 0.0
        var minX = Double.infinity, maxX = -Double.infinity
        var top: Double?, bottom: Double?
        for k in order {
            let c = clusters[k]
            if let ink = c.ink {
                minX = min(minX, pen + ink.minX)
                maxX = max(maxX, pen + ink.maxX)
                top = max(top ?? ink.maxY, ink.maxY)
                bottom = min(bottom ?? ink.minY, ink.minY)
            }
            pen += c.width
        }
        if tight && minX <= maxX { return (minX, maxX, top, bottom) }
        return (min(0, minX), max(pen, maxX), top, bottom)
    }

    /// The end of clusters `lo..<hi` with trailing spaces left out.
    func trimmedEnd(_ lo: Int, _ hi: Int) -> Int {
        var end = hi
        while end > lo && clusters[end - 1].isSpace { end -= 1 }
        return end
    }

    /// The text's UTF-8 bytes of clusters `lo..<end`.
    func bytes(_ lo: Int, _ end: Int) -> Range<Int> {
        guard lo < end else { return lo < clusters.count ? clusters[lo].bytes.lowerBound..<clusters[lo].bytes.lowerBound : 0..<0 }
        return clusters[lo].bytes.lowerBound..<clusters[end - 1].bytes.upperBound
    }

    /// Greedy line breaking at `limit` (px at size 1): each line takes clusters while its
    /// measured extent fits, ending at the last break opportunity. A word wider than a whole line
    /// is broken between clusters if `breakWords`, else left whole on its own (too wide) line. A
    /// single cluster wider than the limit gets a line of its own.
    func greedyLines(limit: Double, tight: Bool, breakWords: Bool = true) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        let n = clusters.count
        if n == 0 { return [0..<0] }
        var start = 0
        let slack = 1e-12 * max(1, limit)
        while start < n {
            var pen = 0.0
            var minX = Double.infinity, maxX = -Double.infinity
            var lastBreak: Int?
            var k = start
            var end = n
            while k < n {
                let c = clusters[k]
                if !c.isSpace {
                    var lo = minX, hi = maxX
                    if let ink = c.ink { lo = min(lo, pen + ink.minX); hi = max(hi, pen + ink.maxX) }
                    let right = tight && lo <= hi ? hi : max(pen + c.width, hi)
                    let left = tight && lo <= hi ? lo : min(0, lo)
                    if right - left > limit + slack && k > start && (lastBreak != nil || breakWords) {
                        end = lastBreak ?? k
                        break
                    }
                    minX = lo
                    maxX = hi
                }
                pen += c.width
                if c.breakAfter { lastBreak = k + 1 }
                k += 1
            }
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    /// Lines as even as possible: the narrowest limit at which greedy breaking still needs no
    /// more lines than at `limit`.
    func balancedLines(limit: Double, tight: Bool, breakWords: Bool) -> [Range<Int>] {
        let greedy = greedyLines(limit: limit, tight: tight, breakWords: breakWords)
        guard greedy.count > 1 else { return greedy }
        var lo = 0.0, hi = limit
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if greedyLines(limit: mid, tight: tight, breakWords: breakWords).count <= greedy.count { hi = mid } else { lo = mid }
        }
        return greedyLines(limit: hi, tight: tight, breakWords: breakWords)
    }
}

/// Fits text into a box: the largest size (a multiple of 1/64 px) at which it fits.
public enum TextFitter {
    /// Fits the paragraphs (text between hard line breaks, each shaped once) into `style`'s box.
    /// `ellipsis(line)` shapes a truncated line's text with "…" added, for `truncate`.
    public static func fit(_ paragraphs: [ShapedRun], style: FitStyle,
                           ellipsis: (String) -> ShapedRun) throws -> FittedText {
        try fit(try Paragraphs(paragraphs), style: style, ellipsis: ellipsis)
    }

    /// Paragraphs measured once (their clusters, ink and line-break opportunities), to be
    /// fitted into several boxes.
    public struct Paragraphs {
        let prepared: [FitParagraph]

        /// Measures `runs`, each a paragraph.
        public init(_ runs: [ShapedRun]) throws {
            prepared = try runs.map { try FitParagraph($0) }
        }
    }

    /// `paragraphs` fitted as `fit(_:style:ellipsis:)` fits them, measured once for every box.
    public static func fit(_ paragraphs: Paragraphs, style: FitStyle,
                           ellipsis: (String) -> ShapedRun) throws -> FittedText {
        try style.validate()
        let prepared = paragraphs.prepared
        guard let first = prepared.first else { throw LayoutError.invalidParameter("the text is empty") }
        let metrics = first.run.fonts[0].metrics
        let frame = LineFrame(metrics: metrics, factor: style.lineHeight, gap: nil)

        // Words stay whole if any size allows it; only when none does are they broken.
        var breakWords = false
        func fits(_ step: Int) -> Bool {
            let size = Double(step) * FitStyle.sizeStep
            let set = lines(prepared, size: size, style: style, breaking: .greedy, breakWords: breakWords)
            if let maxLines = style.maxLines, set.count > maxLines { return false }
            let measured = set.map { $0.measure(tight: style.tight) }
            for m in measured where (m.right - m.left) * size > style.width * (1 + 1e-12) { return false }
            return frame.height(measured.map { ($0.top, $0.bottom) }, size: size, tight: style.tight) <= style.height * (1 + 1e-12)
        }

        let lowest = Int((style.minSize / FitStyle.sizeStep).rounded(.up))
        let highest = Int((style.maxSize / FitStyle.sizeStep).rounded(.down))
        var found = largestStep(lowest...max(lowest, highest), where: fits)
        if found == nil {
            breakWords = true
            found = largestStep(lowest...max(lowest, highest), where: fits)
        }
        guard let step = found else {
            guard style.truncate else {
                throw LayoutError.doesNotFit(width: style.width, height: style.height, minSize: Double(lowest) * FitStyle.sizeStep)
            }
            return try truncated(prepared, style: style, frame: frame, step: lowest, ellipsis: ellipsis)
        }
        let size = Double(step) * FitStyle.sizeStep
        var chosen = lines(prepared, size: size, style: style, breaking: .greedy, breakWords: breakWords)
        if style.breaking == .balanced {
            let balanced = lines(prepared, size: size, style: style, breaking: .balanced, breakWords: breakWords)
            let inks = balanced.map { $0.measure(tight: style.tight) }.map { ($0.top, $0.bottom) }
            if frame.height(inks, size: size, tight: style.tight) <= style.height * (1 + 1e-12) {
                chosen = balanced
            }
        }
        return place(chosen, size: size, style: style, frame: frame, slotWidth: nil, truncated: false)
    }

    /// Every paragraph's lines at `size`, in order.
    static func lines(_ prepared: [FitParagraph], size: Double, style: FitStyle, breaking: LineBreaking,
                      breakWords: Bool) -> [Piece] {
        var out: [Piece] = []
        let limit = style.width / size
        for (index, p) in prepared.enumerated() {
            let ranges = breaking == .balanced
                ? p.balancedLines(limit: limit, tight: style.tight, breakWords: breakWords)
                : p.greedyLines(limit: limit, tight: style.tight, breakWords: breakWords)
            out += ranges.map { Piece(paragraph: p, row: index, range: $0) }
        }
        return out
    }

    /// Fits single-line rows that share one size (see `RowFit`); rows never wrap.
    public static func fitRows(_ rows: [ShapedRun], mode: RowFit, style: FitStyle) throws -> FittedText {
        try style.validate()
        guard !rows.isEmpty else { throw LayoutError.invalidParameter("give at least one row") }
        let prepared = try rows.map { try FitParagraph($0) }
        let frame = LineFrame(metrics: rows[0].fonts[0].metrics, factor: style.lineHeight, gap: style.gap)
        let extents = prepared.map { $0.measure(0, $0.clusters.count, tight: false) }
        let widths = extents.map { $0.right - $0.left }
        let setter: [Int]
        switch mode {
        case .min: setter = Array(rows.indices)
        case .main(let index):
            guard rows.indices.contains(index) else {
                throw LayoutError.invalidParameter("the main row must be from 1 to \(rows.count), not \(index + 1)")
            }
            setter = [index]
        }
        func fits(_ step: Int) -> Bool {
            let size = Double(step) * FitStyle.sizeStep
            for i in setter where widths[i] * size > style.width * (1 + 1e-12) { return false }
            return frame.height(extents.map { ($0.top, $0.bottom) }, size: size, tight: false) <= style.height * (1 + 1e-12)
        }
        let lowest = Int((style.minSize / FitStyle.sizeStep).rounded(.up))
        let highest = Int((style.maxSize / FitStyle.sizeStep).rounded(.down))
        guard let step = largestStep(lowest...max(lowest, highest), where: fits) else {
            throw LayoutError.doesNotFit(width: style.width, height: style.height, minSize: Double(lowest) * FitStyle.sizeStep)
        }
        let size = Double(step) * FitStyle.sizeStep
        var slot: Double?
        if case .main(let index) = mode {
            slot = widths[index] * size
            for (i, w) in widths.enumerated() where w * size > slot! * (1 + 1e-12) {
                throw LayoutError.invalidParameter(ErrorText(stringLiteral: cFormat("row %d is %.2f px wide at %g px, wider than the main row (%.2f px): make row %d the main row", i + 1, w * size, size, slot!, i + 1)))
            }
        }
        let pieces = prepared.enumerated().map { Piece(paragraph: $1, row: $0, range: 0..<$1.clusters.count) }
        return place(pieces, size: size, style: style, frame: frame, slotWidth: slot, truncated: false)
    }

    /// The largest step in `range` where `fits` holds, if any: binary search (fitting is monotone
    /// in the size for greedy breaking), then a check upward so the next step really does not fit.
    static func largestStep(_ range: ClosedRange<Int>, where fits: (Int) -> Bool) -> Int? {
        guard fits(range.lowerBound) else { return nil }
        var lo = range.lowerBound, hi = range.upperBound
        if fits(hi) { return hi }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if fits(mid) { lo = mid } else { hi = mid }
        }
        while lo + 1 <= range.upperBound && fits(lo + 1) { lo += 1 }
        return lo
    }

    /// A line: clusters `range` of a paragraph (or row).
    struct Piece {
        var paragraph: FitParagraph
        var row: Int
        var range: Range<Int>

        func measure(tight: Bool) -> (left: Double, right: Double, top: Double?, bottom: Double?) {
            paragraph.measure(range.lowerBound, range.upperBound, tight: tight)
        }
    }

    /// At the minimum size: as many lines as the box and `maxLines` allow, the last cut short
    /// with an ellipsis.
    static func truncated(_ prepared: [FitParagraph], style: FitStyle, frame: LineFrame, step: Int,
                          ellipsis: (String) -> ShapedRun) throws -> FittedText {
        let size = Double(step) * FitStyle.sizeStep
        let all = lines(prepared, size: size, style: style, breaking: .greedy, breakWords: true)
        var count = min(all.count, style.maxLines ?? all.count)
        while count > 1 && frame.height(Array(repeating: (nil, nil), count: count), size: size, tight: false) > style.height {
            count -= 1
        }
        var kept = Array(all.prefix(count))
        let last = kept.removeLast()
        let utf8 = Array(last.paragraph.run.text.utf8)
        // Drop clusters from the end of the last line until it and the ellipsis fit.
        var hi = last.range.upperBound
        while true {
            let end = last.paragraph.trimmedEnd(last.range.lowerBound, hi)
            let text = String(decoding: utf8[last.paragraph.bytes(last.range.lowerBound, end)], as: UTF8.self) + "…"
            let shaped = try FitParagraph(ellipsis(text))
            let m = shaped.measure(0, shaped.clusters.count, tight: style.tight)
            if (m.right - m.left) * size <= style.width || end == last.range.lowerBound {
                kept.append(Piece(paragraph: shaped, row: last.row, range: 0..<shaped.clusters.count))
                break
            }
            hi = end - 1
        }
        return place(kept, size: size, style: style, frame: frame, slotWidth: nil, truncated: true)
    }

    /// Places lines in the box: each aligned across its slot (the box, or `slotWidth` centred in
    /// it), the block of lines aligned top to bottom.
    static func place(_ pieces: [Piece], size: Double, style: FitStyle, frame: LineFrame, slotWidth: Double?,
                      truncated: Bool) -> FittedText {
        let measured = pieces.map { $0.measure(tight: style.tight) }
        let inks = measured.map { ($0.top, $0.bottom) }
        let height = frame.height(inks, size: size, tight: style.tight)
        let blockTop: Double
        switch style.valign {
        case .top: blockTop = 0
        case .center: blockTop = (style.height - height) / 2
        case .bottom: blockTop = style.height - height
        }
        let baselines = frame.baselines(inks, size: size, tight: style.tight)
        let slot = slotWidth ?? style.width
        let slotLeft = (style.width - slot) / 2
        var lines: [FittedLine] = []
        for (i, piece) in pieces.enumerated() {
            let m = measured[i]
            let width = (m.right - m.left) * size
            let left: Double
            switch style.alignment(ofRow: piece.row) {
            case .leading: left = slotLeft
            case .center: left = slotLeft + (slot - width) / 2
            case .trailing: left = slotLeft + slot - width
            }
            let origin = Point(x: left - m.left * size, y: blockTop + baselines[i])
            let lo = piece.range.lowerBound, end = piece.paragraph.trimmedEnd(lo, piece.range.upperBound)
            let clusters = piece.paragraph.clusters
            let glyphs = piece.paragraph.visualOrder(lo, end).map { clusters[$0].glyphs }
            let run = piece.paragraph.run.slice(glyphs: glyphs, bytes: piece.paragraph.bytes(lo, end))
            let layout = layOut(run, size: size, along: LineCurve(origin: origin, length: width), anchor: 0,
                                align: .start, tracking: 0, baselineShift: 0)
            let top = style.tight ? origin.y - (m.top ?? 0) * size : blockTop + baselines[i] - frame.ascent(size)
            let bottom = style.tight ? origin.y - (m.bottom ?? 0) * size : top + frame.boxHeight(size)
            lines.append(FittedLine(row: piece.row, text: run.text, layout: layout, origin: origin,
                                    bounds: Rect(minX: left, minY: top, maxX: left + width, maxY: bottom)))
        }
        return FittedText(size: size, width: style.width, height: style.height, lines: lines, truncated: truncated)
    }
}

/// Vertical metrics of stacked lines, all linear in the size.
struct LineFrame {
    /// Ascender, descender (negative) and line gap per px of size, y up.
    let ascender: Double
    let descender: Double
    let lineGap: Double
    let factor: Double
    /// px between rows, when rows are stacked by a gap instead of the line height.
    let gap: Double?

    init(metrics: FontMetrics, factor: Double, gap: Double?) {
        let em = Double(metrics.unitsPerEm)
        ascender = Double(metrics.ascender) / em
        descender = Double(metrics.descender) / em
        lineGap = Double(metrics.lineGap) / em
        self.factor = factor
        self.gap = gap
    }

    /// Height of one line box, px: the line height, or ascender − descender between gapped rows.
    func boxHeight(_ size: Double) -> Double {
        gap == nil ? factor * (ascender - descender + lineGap) * size : (ascender - descender) * size
    }

    /// From a line box's top to its baseline, px (the extra line height split above and below).
    func ascent(_ size: Double) -> Double {
        (boxHeight(size) - (ascender - descender) * size) / 2 + ascender * size
    }

    private func pitch(_ size: Double) -> Double { boxHeight(size) + (gap ?? 0) }

    /// The block's height for lines with these ink tops and bottoms (px at size 1, y up).
    func height(_ inks: [(top: Double?, bottom: Double?)], size: Double, tight: Bool) -> Double {
        guard let first = inks.first, let last = inks.last else { return 0 }
        let n = Double(inks.count)
        if tight, let top = first.top, let bottom = last.bottom {
            return top * size + (n - 1) * pitch(size) - bottom * size
        }
        let above = max(0, (first.top ?? 0) * size - ascent(size))
        let below = max(0, -(last.bottom ?? 0) * size - (boxHeight(size) - ascent(size)))
        return n * boxHeight(size) + (n - 1) * (gap ?? 0) + above + below
    }

    /// Each line's baseline below the block's top, px.
    func baselines(_ inks: [(top: Double?, bottom: Double?)], size: Double, tight: Bool) -> [Double] {
        guard let first = inks.first else { return [] }
        let firstBaseline: Double
        if tight, let top = first.top, inks.last?.bottom != nil {
            firstBaseline = top * size
        } else {
            firstBaseline = ascent(size) + max(0, (first.top ?? 0) * size - ascent(size))
        }
        return inks.indices.map { firstBaseline + Double($0) * pitch(size) }
    }
}
