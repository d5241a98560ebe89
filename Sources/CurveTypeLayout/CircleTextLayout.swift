import CurveTypeFonts
import CurveTypeGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which side of the circle text stands on.
public enum TextSide: String, Sendable, CaseIterable {
    /// Baseline on the circle, glyph tops away from the centre; text runs clockwise.
    case outside
    /// Glyph tops toward the centre; text runs counterclockwise, so text at the bottom of the
    /// circle reads upright.
    case inside
}

/// Why a layout cannot be made.
public enum LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The run is longer than the circle and overlap was not allowed.
    case runExceedsCircumference(extent: Double, circumference: Double)
    /// The text does not fit the sweep even with zero tracking.
    case runExceedsSweep(advances: Double, sweepLength: Double, sweepDegrees: Double)
    /// The text does not fit along the whole spiral even with zero tracking.
    case runExceedsSpiral(advances: Double, length: Double)
    /// The text runs past an end of the spiral by `overrun` px.
    case runPastSpiralEnd(overrun: Double, length: Double)
    /// Nothing fits the box even at the minimum size.
    case doesNotFit(width: Double, height: Double, minSize: Double)
    /// A style value out of range; the message names it.
    case invalidParameter(ErrorText)

    /// One line for a person.
    public var description: String { text.description }

    /// One line for a person, with the parameters it names kept apart.
    public var text: ErrorText {
        switch self {
        case .runExceedsCircumference(let extent, let circumference):
            return "\(cFormat("the text is %.2f px long but the circle is only %.2f px round", extent, circumference)) (use a larger radius, a smaller size, or \(parameter: "allowOverlap"))"
        case .runExceedsSweep(let advances, let length, let degrees):
            return "\(cFormat("the text needs %.2f px but a %g° sweep gives only %.2f px", advances, degrees, length)) (use a larger sweep or radius, or \(parameter: "allowOverlap"))"
        case .runExceedsSpiral(let advances, let length):
            return "\(cFormat("the text needs %.2f px but the spiral is only %.2f px long", advances, length)) (use a longer spiral, a smaller size, or \(parameter: "clip"))"
        case .runPastSpiralEnd(let overrun, let length):
            return "\(cFormat("the text runs %.2f px past the end of the spiral, which is %.2f px long", overrun, length)) (use a longer spiral, a smaller size, another start, or \(parameter: "clip"))"
        case .doesNotFit(let width, let height, let minSize):
            return "\(cFormat("the text does not fit in %gx%g px even at the minimum size, %g px", width, height, minSize)) (use a larger box, a smaller \(parameter: "minSize"), more lines, or \(parameter: "truncate"))"
        case .invalidParameter(let message):
            return message
        }
    }
}

/// Text on a circle: where it starts, which way it runs, how it is spaced.
public struct CircleTextStyle: Sendable, Hashable {
    /// Font size, px, > 0.
    public var size: Double
    /// Radius of the circle the baseline follows (before `baselineShift`), px, > 0.
    public var radius: Double
    /// The anchor's angle: degrees, 0 at 12 o'clock, clockwise positive.
    public var start: Double
    /// Which edge of the text sits at `start`.
    public var align: TextAlignment
    /// Outside (tops out, clockwise) or inside (tops in, counterclockwise).
    public var side: TextSide
    /// Extra px between clusters (CSS letter-spacing), ignored when `sweep` is set.
    public var tracking: Double
    /// Fill this many degrees, 0 < sweep ≤ 360, by choosing the tracking. At 360 the gap across
    /// the seam equals the others, spacing the text evenly round the whole circle.
    public var sweep: Double?
    /// px along the normal, positive toward the glyph tops (as CSS `baseline-shift`).
    public var baselineShift: Double
    /// Allow a run longer than the circumference (or than the sweep) to overlap itself.
    public var allowOverlap: Bool

    /// A style; every property as the command line's defaults.
    public init(size: Double = 16, radius: Double = 100, start: Double = 0, align: TextAlignment = .center,
                side: TextSide = .outside, tracking: Double = 0, sweep: Double? = nil,
                baselineShift: Double = 0, allowOverlap: Bool = false) {
        self.size = size
        self.radius = radius
        self.start = start
        self.align = align
        self.side = side
        self.tracking = tracking
        self.sweep = sweep
        self.baselineShift = baselineShift
        self.allowOverlap = allowOverlap
    }

    /// The largest size, radius, tracking or shift accepted, px.
    public static let maximumLength = 1_000_000.0

    /// Throws unless every number is finite and in range.
    public func validate() throws(LayoutError) {
        func finite(_ value: Double, _ name: String) throws(LayoutError) {
            guard value.isFinite else { throw .invalidParameter("\(name) must be a finite number, not \(value)") }
        }
        try finite(size, "size")
        try finite(radius, "radius")
        try finite(start, "start")
        try finite(tracking, "tracking")
        try finite(baselineShift, "baseline shift")
        guard size > 0 else { throw .invalidParameter("size must be greater than 0, not \(size)") }
        guard radius > 0 else { throw .invalidParameter("radius must be greater than 0, not \(radius)") }
        // Beyond this, coordinates lose the precision the SVG writes (doubles near 1e9 px keep
        // about 1e-7 px).
        let limit = Self.maximumLength
        for (value, name) in [(size, "size"), (radius, "radius"), (abs(tracking), "tracking"), (abs(baselineShift), "baseline shift")]
        where value > limit {
            throw .invalidParameter("\(name) must be at most \(Int(limit)) px, not \(value)")
        }
        if let sweep {
            try finite(sweep, "sweep")
            guard sweep > 0 && sweep <= 360 else {
                throw .invalidParameter("sweep must be more than 0 and at most 360 degrees, not \(sweep)")
            }
        }
    }
}

/// A run laid on a circle, with the circle it follows.
public struct CircleTextLayout: Sendable {
    /// The baseline circle.
    public let curve: CircleCurve
    /// The style it was laid out with.
    public let style: CircleTextStyle
    /// The placed clusters and glyphs.
    public let text: CurveTextLayout

    /// Lays `run` on the circle of `style.radius` about `center` (SVG space, px, y down).
    public init(_ run: ShapedRun, style: CircleTextStyle, center: Point) throws(LayoutError) {
        try style.validate()
        let curve = CircleCurve(
            center: center, radius: style.radius, start: .degrees(style.start),
            direction: style.side == .outside ? .clockwise : .counterclockwise)
        let advances = advanceWidth(of: run, size: style.size)
        // Spacing goes between clusters, but never inside a word of joined writing (counted
        // only where there is spacing).
        let spreadable = style.sweep == nil && style.tracking == 0 ? 0 : spreadableGapCount(of: run)
        var tracking = style.tracking
        if let sweep = style.sweep {
            let seamless = sweep == 360
            let sweepLength = curve.length * sweep / 360
            let gaps = seamless ? spreadable + 1 : spreadable
            tracking = gaps > 0 ? (sweepLength - advances) / Double(gaps) : 0
            if tracking < 0 && !style.allowOverlap {
                throw .runExceedsSweep(advances: advances, sweepLength: sweepLength, sweepDegrees: sweep)
            }
        }
        let extent = advances + tracking * Double(spreadable)
        if extent > curve.length * (1 + 1e-12) && !style.allowOverlap {
            throw .runExceedsCircumference(extent: extent, circumference: curve.length)
        }
        self.curve = curve
        self.style = style
        self.text = layOut(run, size: style.size, along: curve, anchor: 0, align: style.align,
                           tracking: tracking, baselineShift: style.baselineShift)
    }

    private init(curve: CircleCurve, style: CircleTextStyle, text: CurveTextLayout) {
        self.curve = curve
        self.style = style
        self.text = text
    }

    /// The same layout with the circle's centre moved by `offset` px.
    public func translated(by offset: Point) -> CircleTextLayout {
        var moved = curve
        moved.center = curve.center + offset
        return CircleTextLayout(curve: moved, style: style, text: text.translated(by: offset))
    }
}
