import CurveTypeFonts
import CurveTypeGeometry

/// Where along a path the text's anchor lies, as SVG's `startOffset`.
public enum PathOffset: Sendable, Hashable {
    /// px from the path's start.
    case length(Double)
    /// Percent of the path's length.
    case percent(Double)

    /// Reads `12`, `12.5px` or `50%`.
    public init?(parsing text: String) {
        var body = Substring(text.trimmed())
        if body.hasSuffix("%") {
            guard let value = Double(body.dropLast()), value.isFinite else { return nil }
            self = .percent(value)
            return
        }
        if body.hasSuffix("px") { body = body.dropLast(2) }
        guard let value = Double(body), value.isFinite else { return nil }
        self = .length(value)
    }
}

/// Which side of the path the text stands on (SVG 2's `side`): `left` of the direction of
/// travel (the path as written), or `right`, which travels the path reversed.
public enum PathSide: String, Sendable, CaseIterable {
    /// The text stands on the left of the direction of travel (SVG's default), or on its right.
    case left, right
}

/// Which line of the text lies on the path.
public enum PathLine: String, Sendable, CaseIterable {
    /// The baseline (SVG's default).
    case baseline
    /// The font's ascender: the text hangs from the path.
    case ascender
    /// The font's descender: the text stands on the path, descenders included.
    case descender
    /// Halfway between ascender and descender: the path runs through the text's middle.
    case center
}

/// How each glyph follows the path (Illustrator's Type on a Path effects, and a true bend).
public enum PathEffect: String, Sendable, CaseIterable {
    /// As `rotate`, but each word of joined writing (Arabic, Devanagari, …; see
    /// `JoinedWriting`) bent as one, as `bend` bends it: the default.
    case auto
    /// Each cluster rotated to the tangent at its advance midpoint (SVG `<textPath>`).
    case rotate
    /// The baseline follows the tangent; vertical stems stay vertical.
    case skew
    /// Horizontals stay horizontal; verticals follow the normal.
    case ribbon
    /// No rotation: each cluster's baseline starts on the path.
    case stairStep = "stair-step"
    /// Each glyph's vertical points away from the path's centre (its bounding box's middle).
    case gravity
    /// Every outline point mapped through the path's frame: distance along the baseline becomes
    /// arc length, height becomes distance along the normal.
    case bend
}

/// Text along any path: where it starts, how it sits, how it is spaced.
public struct PathTextStyle: Sendable, Hashable {
    /// Font size, px, > 0.
    public var size: Double
    /// Where the anchor lies (SVG `startOffset`).
    public var startOffset: PathOffset
    /// Which edge of the text lies at the anchor (SVG `text-anchor`).
    public var align: TextAlignment
    /// Which side of the path the text stands on.
    public var side: PathSide
    /// Extra px between clusters, ignored when `fitsPath`.
    public var tracking: Double
    /// Choose the tracking so the text fills the path: end to end on an open path, evenly round
    /// a closed one (the gap across the seam equals the others).
    public var fitsPath: Bool
    /// px along the normal, positive toward the glyph tops, after `line`.
    public var baselineShift: Double
    /// Which line of the text follows the path (baseline, middle, …).
    public var line: PathLine
    /// How glyphs follow the path: rotated, bent, skewed, …
    public var effect: PathEffect
    /// Drop, without a warning, every cluster not wholly on an open path (by default only the
    /// clusters whose advance midpoint falls off are dropped, with a warning, as SVG does).
    public var clip: Bool

    /// A style; every property as the command line's defaults.
    public init(size: Double = 16, startOffset: PathOffset = .length(0), align: TextAlignment = .start,
                side: PathSide = .left, tracking: Double = 0, fitsPath: Bool = false, baselineShift: Double = 0,
                line: PathLine = .baseline, effect: PathEffect = .auto, clip: Bool = false) {
        self.size = size
        self.startOffset = startOffset
        self.align = align
        self.side = side
        self.tracking = tracking
        self.fitsPath = fitsPath
        self.baselineShift = baselineShift
        self.line = line
        self.effect = effect
        self.clip = clip
    }

    /// Throws unless every number is finite and in range.
    public func validate() throws(LayoutError) {
        try validateSpacing(size: size, tracking: tracking, baselineShift: baselineShift)
        let limit = CircleTextStyle.maximumLength
        switch startOffset {
        case .length(let px) where abs(px) > limit:
            throw .invalidParameter("start offset must be at most \(Int(limit)) px, not \(px)")
        case .percent(let p) where abs(p) > 1e6:
            throw .invalidParameter("start offset must be at most 1000000%, not \(p)%")
        default: break
        }
    }
}

/// A run laid along a path by SVG's `<textPath>` rule: each cluster's advance midpoint at its arc
/// length, rotated to the tangent there (the `rotate` effect's placement; the others start
/// from it).
///
/// On a closed path arc lengths wrap round, so no cluster falls off; text longer than the path
/// overlaps itself, with a warning (SVG 2 leaves wrapping to the viewer). On an open path a
/// cluster whose midpoint lies before the start or past the end is not drawn, as SVG says.
public struct PathTextLayout: Sendable {
    /// The path as the text travels it (reversed for `side: .right`).
    public let curve: PathCurve
    /// The travelled path itself, for text mode's `<textPath>`.
    public let path: Path
    /// The style it was laid out with.
    public let style: PathTextStyle
    /// The kept clusters.
    public let text: CurveTextLayout
    /// The tracking used: `style.tracking`, or the one `fitsPath` chose.
    public let tracking: Double
    /// The arc length of the text's leading edge (before any cluster was dropped).
    public let leading: Double
    /// px from the baseline to the path, positive when the path lies above the baseline.
    public let lineOffset: Double
    /// How many clusters fell off an open path.
    public let droppedClusters: Int

    /// Lays `run` out along `path` (px, y down) as `style` says; throws for a path with no length.
    public init(_ run: ShapedRun, style: PathTextStyle, path: Path) throws(LayoutError) {
        try style.validate()
        // Coordinates past the limit of every length (1,000,000 px) lose the precision that
        // placing glyphs needs (1e17 + 10 is 1e17) or overflow (1e308 − -1e308): say so.
        if let reach = path.largestCoordinate(), !(reach <= CircleTextStyle.maximumLength) {
            throw .invalidParameter("the path's coordinates reach \(reach.isFinite ? shortestDigits(reach.rounded()) : "infinity") px: they must lie within ±\(shortestDigits(CircleTextStyle.maximumLength)) px")
        }
        let travelled = style.side == .left ? path : path.reversed()
        guard let curve = PathCurve(travelled) else { throw .invalidParameter("the path has no length") }
        let length = curve.length
        let advances = advanceWidth(of: run, size: style.size)

        var tracking = style.tracking
        var align = style.align
        var anchor: Double = switch style.startOffset {
        case .length(let px): px
        case .percent(let p): length * p / 100
        }
        if style.fitsPath {
            // Spacing goes between clusters, but never inside a word of joined writing.
            let spreadable = spreadableGapCount(of: run)
            let gaps = curve.isClosed ? spreadable + 1 : spreadable
            tracking = gaps > 0 ? (length - advances) / Double(gaps) : 0
            // One cluster (or one joined word) alone on an open path sits in its middle.
            if !curve.isClosed && spreadable == 0 {
                align = .center
                anchor = length / 2
            } else {
                align = .start
                if !curve.isClosed { anchor = 0 }
            }
        }
        let primary = run.fonts.first
        let scale = primary.map { style.size / Double($0.unitsPerEm) } ?? 0
        let ascender = Double(primary?.metrics.ascender ?? 0) * scale
        let descender = Double(primary?.metrics.descender ?? 0) * scale
        let lineOffset: Double = switch style.line {
        case .baseline: 0
        case .ascender: -ascender
        case .descender: -descender
        case .center: -(ascender + descender) / 2
        }

        var laid = layOut(run, size: style.size, along: curve, anchor: anchor, align: align,
                          tracking: tracking, baselineShift: lineOffset + style.baselineShift)
        let extent = laid.extent
        let leading = align == .start ? anchor : align == .center ? anchor - extent / 2 : anchor - extent
        var dropped = 0
        if !curve.isClosed {
            let slack = 1e-9 * max(1, length)
            let kept = laid.clusters.filter {
                style.clip
                    ? $0.arcLength - $0.advance / 2 >= -slack && $0.arcLength + $0.advance / 2 <= length + slack
                    : $0.arcLength >= -slack && $0.arcLength <= length + slack
            }
            dropped = laid.clusters.count - kept.count
            if dropped > 0 { laid = laid.keeping(kept) }
        }
        self.curve = curve
        self.path = travelled
        self.style = style
        self.text = laid
        self.tracking = tracking
        self.leading = leading
        self.lineOffset = lineOffset
        self.droppedClusters = dropped
    }

    /// `layout` moved by `offset` px: the path and the placed text (arc lengths stay).
    public init(moving layout: PathTextLayout, by offset: Point) {
        self.curve = layout.curve.translated(by: offset)
        self.path = layout.path.transformed(by: .translation(offset.x, offset.y))
        self.style = layout.style
        self.text = layout.text.translated(by: offset)
        self.tracking = layout.tracking
        self.leading = layout.leading
        self.lineOffset = layout.lineOffset
        self.droppedClusters = layout.droppedClusters
    }

    /// Whether the text is longer than a closed path and so overlaps itself.
    public var overlapsItself: Bool {
        curve.isClosed && text.extent > curve.length * (1 + 1e-9)
    }
}
