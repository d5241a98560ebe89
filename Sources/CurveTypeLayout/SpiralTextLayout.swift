import CurveTypeFonts
import CurveTypeGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run's anchor lies on a spiral.
public enum SpiralAnchor: Sendable, Hashable {
    /// At this polar angle: degrees, counterclockwise on screen from 3 o'clock (the spiral's θ).
    case angle(Double)
    /// This many px along the spiral from its begin angle.
    case length(Double)
}

/// Text along a spiral: where it sits, which way it runs, how it is spaced.
public struct SpiralTextStyle: Sendable, Hashable {
    /// Font size, px, > 0.
    public var size: Double
    /// The point `align` refers to; `nil` puts it where the text's path begins (`start`), at the
    /// middle of the spiral (`center`) or where the path ends (`end`).
    public var anchor: SpiralAnchor?
    /// Which edge of the text sits at the anchor.
    public var align: TextAlignment
    /// `outside`: glyph tops away from the centre, text runs clockwise on screen (θ falling, from
    /// the end angle toward the begin angle). `inside`: tops toward the centre, text runs
    /// counterclockwise (θ rising, from the begin angle).
    public var side: TextSide
    /// Extra px between clusters (CSS letter-spacing), ignored when `fillsSpiral`.
    public var tracking: Double
    /// Choose the tracking so the text runs from one end of the spiral to the other.
    public var fillsSpiral: Bool
    /// px along the normal, positive toward the glyph tops.
    public var baselineShift: Double
    /// Drop the clusters that run past either end of the spiral instead of failing.
    public var clip: Bool

    /// A style; every property as the command line's defaults.
    public init(size: Double = 16, anchor: SpiralAnchor? = nil, align: TextAlignment = .end,
                side: TextSide = .inside, tracking: Double = 0, fillsSpiral: Bool = false,
                baselineShift: Double = 0, clip: Bool = false) {
        self.size = size
        self.anchor = anchor
        self.align = align
        self.side = side
        self.tracking = tracking
        self.fillsSpiral = fillsSpiral
        self.baselineShift = baselineShift
        self.clip = clip
    }

    /// Throws unless every number is finite and in range.
    public func validate() throws(LayoutError) {
        try validateSpacing(size: size, tracking: tracking, baselineShift: baselineShift)
        switch anchor {
        case .angle(let degrees) where !degrees.isFinite:
            throw .invalidParameter("start angle must be a finite number, not \(degrees)")
        case .length(let px) where !px.isFinite:
            throw .invalidParameter("start length must be a finite number, not \(px)")
        default: break
        }
    }
}

/// A run laid along an Archimedean spiral between two polar angles.
/// Throws unless size, tracking and baseline shift are finite and within the length limit, and
/// the size is positive: the checks every text-on-a-curve style shares.
func validateSpacing(size: Double, tracking: Double, baselineShift: Double) throws(LayoutError) {
    let limit = CircleTextStyle.maximumLength
    for (value, name) in [(size, "size"), (tracking, "tracking"), (baselineShift, "baseline shift")] {
        guard value.isFinite else { throw .invalidParameter("\(name) must be a finite number, not \(value)") }
        guard abs(value) <= limit else { throw .invalidParameter("\(name) must be at most \(Int(limit)) px, not \(value)") }
    }
    guard size > 0 else { throw .invalidParameter("size must be greater than 0, not \(size)") }
}

/// Text placed along an Archimedean spiral by true arc length: each cluster's advance midpoint on
/// the spiral at its distance from the anchor, rotated to the tangent there (px, y down).
public struct SpiralTextLayout: Sendable {
    /// The spiral as the text travels it (from the end angle back for `outside`).
    public let curve: SpiralCurve
    /// Polar angles (radians) of the spiral's begin and end, begin < end.
    public let begin: Double
    /// The spiral's end angle, radians.
    public let end: Double
    /// The style it was laid out with.
    public let style: SpiralTextStyle
    /// The kept clusters: all of them unless `style.clip` dropped some.
    public let text: CurveTextLayout
    /// How many clusters `style.clip` dropped.
    public let droppedClusters: Int

    /// Lays `run` along `spiral` from polar angle `begin` to `end` (radians, begin < end).
    public init(_ run: ShapedRun, style: SpiralTextStyle, spiral: ArchimedeanSpiral,
                begin: Double, end: Double) throws(LayoutError) {
        try style.validate()
        guard begin < end else { throw .invalidParameter("the spiral's end angle must come after its begin angle") }
        let curve = style.side == .inside
            ? SpiralCurve(spiral: spiral, start: begin, end: end)
            : SpiralCurve(spiral: spiral, start: end, end: begin)
        let length = curve.length
        let advances = advanceWidth(of: run, size: style.size)
        // Spacing goes between clusters, but never inside a word of joined writing.
        let gaps = spreadableGapCount(of: run)

        var tracking = style.tracking
        var align = style.align
        var anchor: Double
        if style.fillsSpiral {
            tracking = gaps > 0 ? (length - advances) / Double(gaps) : 0
            if tracking < 0 && !style.clip {
                throw .runExceedsSpiral(advances: advances, length: length)
            }
            // One cluster (or one joined word) alone sits in the middle.
            align = gaps > 0 ? .start : .center
            anchor = gaps > 0 ? 0 : length / 2
        } else {
            switch style.anchor {
            case nil:
                anchor = align == .start ? 0 : align == .center ? length / 2 : length
            case .length(let fromBegin):
                guard fromBegin >= 0 && fromBegin <= length else {
                    throw .invalidParameter(ErrorText(stringLiteral: cFormat("start length must be from 0 to the spiral's length, %.2f px, not %g", length, fromBegin)))
                }
                anchor = style.side == .inside ? fromBegin : length - fromBegin
            case .angle(let degrees):
                let theta = degrees * .pi / 180
                guard theta >= begin - 1e-12 && theta <= end + 1e-12 else {
                    throw .invalidParameter(ErrorText(stringLiteral: cFormat("start angle must lie on the spiral, from %g° to %g°, not %g°", begin * 180 / .pi, end * 180 / .pi, degrees)))
                }
                anchor = curve.arcLength(at: theta)
            }
        }

        let extent = advances + tracking * Double(gaps)
        let leading = align == .start ? anchor : align == .center ? anchor - extent / 2 : anchor - extent
        let slack = 1e-9 * max(1, length)
        let overrun = max(-leading, leading + extent - length)
        if overrun > slack && !style.clip {
            throw .runPastSpiralEnd(overrun: overrun, length: length)
        }

        var laid = layOut(run, size: style.size, along: curve, anchor: anchor, align: align,
                          tracking: tracking, baselineShift: style.baselineShift)
        var dropped = 0
        if overrun > slack {
            let kept = laid.clusters.filter {
                $0.arcLength - $0.advance / 2 >= -slack && $0.arcLength + $0.advance / 2 <= length + slack
            }
            dropped = laid.clusters.count - kept.count
            guard !kept.isEmpty else { throw .runPastSpiralEnd(overrun: overrun, length: length) }
            laid = laid.keeping(kept)
        }
        self.curve = curve
        self.begin = begin
        self.end = end
        self.style = style
        self.text = laid
        self.droppedClusters = dropped
    }

    private init(curve: SpiralCurve, begin: Double, end: Double, style: SpiralTextStyle,
                 text: CurveTextLayout, droppedClusters: Int) {
        self.curve = curve
        self.begin = begin
        self.end = end
        self.style = style
        self.text = text
        self.droppedClusters = droppedClusters
    }

    /// The same layout with the spiral's centre moved by `offset` px.
    public func translated(by offset: Point) -> SpiralTextLayout {
        var spiral = curve.spiral
        spiral.center = spiral.center + offset
        return SpiralTextLayout(
            curve: SpiralCurve(spiral: spiral, start: curve.start, end: curve.end), begin: begin,
            end: end, style: style, text: text.translated(by: offset), droppedClusters: droppedClusters)
    }

    /// Arc length (px) from the begin angle along the spiral, for an arc length along the
    /// text's path (`curve`).
    public func lengthFromBegin(_ s: Double) -> Double {
        style.side == .inside ? s : curve.length - s
    }
}

extension CurveTextLayout {
    /// The layout with only `kept` (a subsequence of `clusters`) and their glyphs.
    func keeping(_ kept: [PlacedCluster]) -> CurveTextLayout {
        var clusters: [PlacedCluster] = []
        var glyphs: [PlacedGlyph] = []
        for var cluster in kept {
            let first = glyphs.count
            glyphs += self.glyphs[cluster.glyphRange]
            cluster.glyphRange = first..<glyphs.count
            clusters.append(cluster)
        }
        return CurveTextLayout(run: run, size: size, tracking: tracking, extent: extent,
                               clusters: clusters, glyphs: glyphs, baselineShift: baselineShift)
    }
}
