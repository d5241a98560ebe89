import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The parts of a seal or stamp: arcs of text on a ring, borders, the ring's outline (a circle or
// an ellipse), and the ink measured across a curved band.

/// Which way an arc of a seal reads.
public enum SealArcSide: String, Sendable, CaseIterable {
    /// Clockwise, glyph tops away from the centre: upright at the top of the ring.
    case top
    /// Counter-clockwise, glyph tops toward the centre: upright at the bottom of the ring.
    case bottom
}

/// One arc of text on a seal's ring.
public struct SealArc: Sendable {
    /// The text, one line.
    public var text: String
    /// Top (clockwise) or bottom (counter-clockwise, upright at the bottom).
    public var side: SealArcSide
    /// Where the arc is anchored: degrees, 0 at 12 o'clock, clockwise; `nil` is 0 for a top
    /// arc and 180 for a bottom one.
    public var angle: Double?
    /// Which edge of the text (in reading order) lies at `angle`.
    public var align: TextAlignment
    /// Spread the text over this many degrees (0 < sweep ≤ 360) by choosing its tracking;
    /// `nil` sets it with `tracking`.
    public var sweep: Double?
    /// Extra px between clusters when `sweep` is not set (CSS letter-spacing).
    public var tracking: Double
    /// Text size, px; `nil` is the seal's ring size.
    public var size: Double?
    /// Font; `nil` is the seal's font.
    public var font: FontRequest?
    /// Colour; `nil` is the seal's ink.
    public var color: SVGColor?
    /// Where the text is longer than `sweep`, squeeze its letters narrower to fit it (each
    /// glyph scaled across, not in height), as official seals set a name round 210–240°;
    /// `false` refuses such text.
    public var squeeze = false

    /// An arc of `text` on `side`; every other property as the command line's defaults.
    public init(_ text: String, side: SealArcSide, angle: Double? = nil, align: TextAlignment = .center, sweep: Double? = nil,
                tracking: Double = 0, size: Double? = nil, font: FontRequest? = nil, color: SVGColor? = nil) {
        self.text = text
        self.side = side
        self.angle = angle
        self.align = align
        self.sweep = sweep
        self.tracking = tracking
        self.size = size
        self.font = font
        self.color = color
    }

    /// The anchor's angle, degrees clockwise from 12 o'clock.
    public var anchorAngle: Double { angle ?? (side == .top ? 0 : 180) }

    /// The most characters (grapheme clusters) an arc holds.
    public static let maximumCharacters = 1000
}

/// How a seal's border is drawn.
public enum SealBorderStyle: Sendable, Hashable {
    /// No border: nothing drawn, no room taken.
    case none
    /// One line.
    case solid
    /// A line of the width, a gap of 0.6 times it (at least 1 px), and a line half as wide.
    case double
    /// Round dots as wide as the border, about one dot apart, evenly round the ring.
    case dotted
    /// Dashes three times as long as the border is wide, gaps half that, evenly round the ring.
    case dashed
    /// A milled edge, as a coin's: a thin line along the outside and, inside it, radial ticks
    /// as deep as the border is wide, a third of a width thick and two thirds apart, evenly
    /// round the ring (what notary law calls a "milled edge border", Texas Gov't Code §406.013).
    case milled
    /// A serrated edge: a band whose outer half is cut into teeth a width apart, evenly round
    /// the ring (the law's other choice, "serrated").
    case serrated
    /// A row of this text (★, •, ◆) repeated evenly round the ring at the border's width as size.
    case glyphs(String)

    /// The style's name: `none`, `solid`, `double`, `dotted`, `dashed`, `milled`, `serrated`
    /// or `glyphs`.
    public var name: String {
        switch self {
        case .none: "none"
        case .solid: "solid"
        case .double: "double"
        case .dotted: "dotted"
        case .dashed: "dashed"
        case .milled: "milled"
        case .serrated: "serrated"
        case .glyphs: "glyphs"
        }
    }
}

/// A border round a seal's ring: its style and width.
public struct SealBorder: Sendable, Hashable {
    /// How it is drawn.
    public var style: SealBorderStyle
    /// Line width, dot diameter or glyph size, px.
    public var width: Double

    /// A border of `style`, `width` px wide.
    public init(_ style: SealBorderStyle, width: Double) {
        self.style = style
        self.width = width
    }

    /// The widths a border may have, px: at least a quarter pixel, so a dotted ring of the
    /// largest seal holds at most some fifty thousand dots.
    public static let widths = 0.25...100.0

    /// Reads `STYLE[:WIDTH]`: `solid`, `double`, `dotted`, `dashed`, `milled`, `serrated` or `none`, or
    /// `glyphs:TEXT[:SIZE]` for a row of small glyphs; `width` px when no width is given.
    public init(parsing text: String, width defaultWidth: Double) throws(CurveTypeError) {
        var body = Substring(text.trimmed())
        var width = defaultWidth
        if let colon = body.lastIndex(of: ":"), let number = Double(body[body.index(after: colon)...].trimmed()) {
            guard number.isFinite, number >= Self.widths.lowerBound, number <= Self.widths.upperBound else {
                throw .invalidInput("a border's width must be from \(px: 0.25) to \(px: 100), not \(px: number)")
            }
            width = number
            body = body[..<colon]
        }
        let style: SealBorderStyle
        switch body.lowercased() {
        case "none": style = .none
        case "solid": style = .solid
        case "double": style = .double
        case "dotted": style = .dotted
        case "dashed": style = .dashed
        case "milled": style = .milled
        case "serrated": style = .serrated
        case let name where name.hasPrefix("glyphs:"):
            let glyphs = String(body.dropFirst("glyphs:".count))
            guard !glyphs.trimmed().isEmpty else { throw .invalidInput("a row of glyphs needs its text, such as glyphs:★ or glyphs:•:4") }
            try TextInput.checkLength(glyphs, "the border's glyphs")
            style = .glyphs(glyphs)
        default:
            throw .invalidInput("a border is solid, double, dotted, dashed, milled, serrated, none or glyphs:TEXT, with :WIDTH in px if wanted, not \"\(Diagnostic.escaped(String(text.prefix(40))))\"")
        }
        self.init(style, width: width)
    }

    /// How far the border reaches inward from its outer edge, px; a row of glyphs reaches as
    /// far as its ink, measured where it is drawn.
    var thickness: Double {
        switch style {
        case .none, .glyphs: 0
        case .solid, .dotted, .dashed, .milled, .serrated: width
        case .double: width * 1.5 + doubleGap
        }
    }

    /// The gap between a double border's lines, px.
    var doubleGap: Double { max(1, width * 0.6) }
}

/// A ring of a seal: a border outside it, then arcs of text (none for a border alone), with
/// separators between them.
public struct SealRing: Sendable {
    /// The arcs, each on the ring's band.
    public var arcs: [SealArc]
    /// Drawn at the middle of each gap between arcs (★, ●, ◆, any text); `nil` draws none.
    public var separator: String?
    /// A logo drawn at the middle of each gap instead of a separator text.
    public var separatorLogo: BadgeLogo?
    /// The separator's height, px: its ink's, or the logo's; `nil`: 70 % of the depth of the
    /// ring's text (a ★, ● or ◆ as tall as the capitals outweighs them).
    public var separatorSize: Double?
    /// The border outside the ring's text.
    public var border: SealBorder

    /// A ring of `arcs` inside `border`.
    public init(arcs: [SealArc], separator: String? = nil, separatorLogo: BadgeLogo? = nil, separatorSize: Double? = nil, border: SealBorder) {
        self.arcs = arcs
        self.separator = separator
        self.separatorLogo = separatorLogo
        self.separatorSize = separatorSize
        self.border = border
    }
}

/// A seal's outline: the circle of its radius, or an ellipse.
struct SealOutline {
    let center: Point
    /// Semi-axes of the outer edge, px (equal for a circle).
    let rx: Double
    let ry: Double
    /// A square (a name seal's), its side twice `rx`.
    var square = false

    var isCircle: Bool { rx == ry && !square }

    /// The point at visual angle `degrees` (clockwise from 12 o'clock) on the outline moved
    /// `inset` px inward: on a circle, along the radius; on an ellipse, along the outer edge's
    /// normal there (its parallel curve, every ring a constant distance from the edge).
    func point(_ degrees: Double, inset: Double) -> Point {
        if isCircle {
            let theta = degrees * .pi / 180
            return Point(x: center.x + (rx - inset) * sin(theta), y: center.y - (rx - inset) * cos(theta))
        }
        return parallel(parameter(degrees), inset: inset).point
    }

    /// The outer ellipse's parameter t (x = rx sin t, y = −ry cos t about the centre, clockwise
    /// on screen from 12 o'clock) of the point at visual angle `degrees`.
    func parameter(_ degrees: Double) -> Double {
        let theta = degrees * .pi / 180
        // The direction (sin θ, −cos θ) meets the ellipse at t = atan2(ry sin θ, rx cos θ),
        // counted on from θ's own turn so that angles past 360 keep going round.
        let turns = (theta / (2 * .pi)).rounded(.down) * 2 * .pi
        var t = atan2(ry * sin(theta), rx * cos(theta))
        if t < 0 { t += 2 * .pi }
        return turns + t
    }

    /// The ellipse's parallel curve `inset` px inward at parameter t: its point and its
    /// derivative by t (the outer edge's point, moved along its inward unit normal).
    func parallel(_ t: Double, inset d: Double) -> (point: Point, derivative: Point) {
        let (sinT, cosT) = (sin(t), cos(t))
        let e = Point(x: center.x + rx * sinT, y: center.y - ry * cosT)
        let de = Point(x: rx * cosT, y: ry * sinT)
        let speed = de.length
        let normal = Point(x: -ry * sinT, y: rx * cosT) * (1 / speed)
        let dSpeed = (ry * ry - rx * rx) * sinT * cosT / speed
        let dNormal = Point(x: -ry * cosT, y: -rx * sinT) * (1 / speed) - normal * (dSpeed / speed)
        return (e + normal * d, de + dNormal * d)
    }

    /// The smallest radius of curvature of the outer edge, px: a ring deeper than it would fold
    /// over itself at the ends of the long axis.
    var tightestCurvature: Double { isCircle ? rx : min(rx, ry) * min(rx, ry) / max(rx, ry) }

    /// The visual angle of `p`, degrees clockwise from 12 o'clock, in [0, 360): on a circle its
    /// direction from the centre; on an ellipse, where the outer edge's normal through it
    /// starts (the nearest point of the edge), as `point(_:inset:)` places it.
    func angle(of p: Point) -> Double {
        var degrees = atan2(p.x - center.x, center.y - p.y) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        if !isCircle && !square {
            let t = nearestParameter(p)
            let e = Point(x: rx * sin(t), y: -ry * cos(t))
            degrees = atan2(e.x, -e.y) * 180 / .pi
            if degrees < 0 { degrees += 360 }
        }
        return degrees >= 360 ? degrees - 360 : degrees
    }

    /// An ellipse's parameter t of the point of its outer edge nearest `p` (where the edge's
    /// normal through `p` starts), for `p` within the edge's tightest radius of curvature of it:
    /// Newton's method on (p − E(t))·E′(t) = 0 from the polar angle's parameter.
    func nearestParameter(_ p: Point) -> Double {
        var degrees = atan2(p.x - center.x, center.y - p.y) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        var t = parameter(degrees)
        for _ in 0..<30 {
            let e = Point(x: center.x + rx * sin(t), y: center.y - ry * cos(t))
            let de = Point(x: rx * cos(t), y: ry * sin(t)), dde = Point(x: -rx * sin(t), y: ry * cos(t))
            let f = (p - e).dot(de), df = (p - e).dot(dde) - de.dot(de)
            guard df != 0 else { break }
            let step = f / df
            t -= step
            if abs(step) < 1e-13 { break }
        }
        return t
    }

    /// How far `p` lies inside the outer edge, px (negative outside): on a circle along the
    /// radius, on an ellipse along the edge's normal through it (as rings are measured); not
    /// for a square seal.
    func inset(of p: Point) -> Double {
        if isCircle { return rx - (p - center).length }
        let t = nearestParameter(p)
        let distance = (p - Point(x: center.x + rx * sin(t), y: center.y - ry * cos(t))).length
        let q = p - center
        return (q.x * q.x) / (rx * rx) + (q.y * q.y) / (ry * ry) <= 1 ? distance : -distance
    }

    /// The outline `inset` px inward as a frame geometry.
    func geometry(inset: Double) -> FrameGeometry {
        if square { return .rect(squareBox(inset: inset), cornerRadius: cornerRadius(inset: inset)) }
        if isCircle { return .circle(center: center, radius: rx - inset) }
        return .path(ellipsePath(inset: inset, from: 0, clockwise: true))
    }

    /// The ellipse's parallel curve `inset` px inward from visual angle `from` round to itself.
    func ellipsePath(inset: Double, from degrees: Double, clockwise: Bool) -> Path {
        var path = parallelPath(inset: inset, from: degrees, to: degrees + (clockwise ? 360 : -360))
        path.elements.append(.close)
        return path
    }

    /// The parallel curve `inset` px inward from visual angle `from` to `to` (clockwise where
    /// `to` is larger), as cubic Hermite pieces of at most 1/256 turn of the edge's parameter:
    /// within 1e-6 of the true curve for any seal. Written by hand: an ellipse's parallel curve
    /// is no ellipse, and no library here draws one.
    func parallelPath(inset: Double, from: Double, to: Double) -> Path {
        let t0 = parameter(from)
        var t1 = parameter(to)
        // The same way round as the angles, and as far.
        let turns = (to - from) / 360
        t1 = t0 + (t1 - t0) - ((t1 - t0) / (2 * .pi) - turns).rounded() * 2 * .pi
        let pieces = max(1, Int((abs(t1 - t0) / (2 * .pi / 256)).rounded(.up)))
        let step = (t1 - t0) / Double(pieces)
        var previous = parallel(t0, inset: inset)
        var path = Path([.move(previous.point)])
        for k in 1...pieces {
            let next = parallel(t0 + step * Double(k), inset: inset)
            path.elements.append(.cubic(previous.point + previous.derivative * (step / 3), next.point - next.derivative * (step / 3), next.point))
            previous = next
        }
        return path
    }

    /// The ring `inset` px inward as a curve travelled clockwise or not, and the arc length at
    /// which it passes visual angle `degrees`: where text of `align` is anchored.
    func curve(inset: Double, through degrees: Double, clockwise: Bool, align: TextAlignment) -> (curve: any ArcLengthCurve, anchor: Double)? {
        if square {
            // A square's border only: its rounded outline from the top middle, clockwise.
            guard let curve = PathCurve(Self.roundedOutline(squareBox(inset: inset), radius: cornerRadius(inset: inset))) else { return nil }
            return (curve, 0)
        }
        if isCircle {
            return (CircleCurve(center: center, radius: rx - inset, start: .degrees(degrees),
                                direction: clockwise ? .clockwise : .counterclockwise), 0)
        }
        // Started where text anchored there never crosses the seam: at the anchor for text
        // that starts or ends there, and for centred text the anchor's arc length on a curve
        // started half way round.
        switch align {
        case .start, .end:
            guard let curve = PathCurve(ellipsePath(inset: inset, from: degrees, clockwise: clockwise)) else { return nil }
            return (curve, align == .start ? 0 : curve.length)
        case .center:
            guard let curve = PathCurve(ellipsePath(inset: inset, from: degrees + 180, clockwise: clockwise)) else { return nil }
            let half = PathCurve(parallelPath(inset: inset, from: degrees + 180, to: degrees + (clockwise ? 360 : 0)))?.length ?? curve.length / 2
            return (curve, half)
        }
    }

    /// `box`'s outline with corners rounded by `radius` px, from its top middle clockwise: each
    /// corner a quarter circle of cubics, as SVG's `A` draws it.
    static func roundedOutline(_ box: Rect, radius r: Double) -> Path {
        var current = Point(x: (box.minX + box.maxX) / 2, y: box.minY)
        var elements: [PathElement] = [.move(current)]
        func line(_ x: Double, _ y: Double) {
            current = Point(x: x, y: y)
            elements.append(.line(current))
        }
        func corner(_ x: Double, _ y: Double) {
            let end = Point(x: x, y: y)
            elements += EllipticalArc.cubics(from: current, to: end, rx: r, ry: r, rotationDegrees: 0, largeArc: false, sweep: true)
            current = end
        }
        line(box.maxX - r, box.minY); corner(box.maxX, box.minY + r)
        line(box.maxX, box.maxY - r); corner(box.maxX - r, box.maxY)
        line(box.minX + r, box.maxY); corner(box.minX, box.maxY - r)
        line(box.minX, box.minY + r); corner(box.minX + r, box.minY)
        elements.append(.close)
        return Path(elements)
    }

    /// The length of the ring `inset` px inward from visual angle `from` clockwise to `to`, px.
    func length(inset: Double, from: Double, to: Double) -> Double {
        var span = (to - from).truncatingRemainder(dividingBy: 360)
        if span <= 0 { span += 360 }
        if isCircle { return (rx - inset) * span * .pi / 180 }
        // Measured as the path text measures its curve.
        return PathCurve(parallelPath(inset: inset, from: from, to: from + span))?.length ?? 0
    }

    /// The visual angle half way along the ring `inset` px inward from `from` clockwise `span`
    /// degrees, by arc length (on an ellipse, not the polar middle, which strays up to 30 px
    /// along a narrow ring).
    func middle(inset: Double, from: Double, span: Double) -> Double {
        guard !isCircle, span > 0 else { return from + span / 2 }
        let half = length(inset: inset, from: from, to: from + span) / 2
        var low = 0.0, high = span
        for _ in 0..<50 {
            let mid = (low + high) / 2
            if length(inset: inset, from: from, to: from + mid) < half { low = mid } else { high = mid }
        }
        return from + (low + high) / 2
    }

    /// The whole ring's length `inset` px inward, px.
    func circumference(inset: Double) -> Double {
        if square { return curve(inset: inset, through: 0, clockwise: true, align: .start)?.curve.length ?? 0 }
        return length(inset: inset, from: 0, to: 360)
    }

    /// A square seal's outline `inset` px inward.
    func squareBox(inset: Double) -> Rect {
        Rect(minX: center.x - rx + inset, minY: center.y - rx + inset, maxX: center.x + rx - inset, maxY: center.y + rx - inset)
    }

    /// A square seal's corner radius `inset` px inward: 6 % of the side at the edge, concentric inside.
    func cornerRadius(inset: Double) -> Double { max(0, rx * 0.12 - inset) }
}

/// A run's ink as segments in each cluster's own frame: x along the baseline from the
/// cluster's advance midpoint, y up from the baseline, px. Laid on a curve, a cluster is
/// turned rigidly about that midpoint, so where its ink falls across a ring follows from
/// these and the ring alone.
struct ClusterInk {
    var segments: [(Point, Point)] = []
    /// Each glyph of the run, in the run's order: its origin in its cluster's frame (px) and
    /// its outline's segments.
    var glyphs: [(origin: Point, segments: Range<Int>)] = []
    /// The text size measured, px.
    let size: Double

    init(_ run: ShapedRun, size: Double) throws(CurveTypeError) {
        self.size = size
        var i = 0
        let glyphs = run.glyphs
        while i < glyphs.count {
            var j = i, advance = 0.0
            while j < glyphs.count && glyphs[j].cluster == glyphs[i].cluster {
                advance += glyphs[j].advance * size / Double(run.fonts[glyphs[j].font].unitsPerEm)
                j += 1
            }
            var pen = -advance / 2
            for g in glyphs[i..<j] {
                let font = run.fonts[g.font]
                let scale = size / Double(font.unitsPerEm)
                let outline = try lifting { try font.outline(of: g.glyph) }
                // As `layOut` places it: upright in vertical writing, its x axis across the
                // line and its top toward the line's start; sideways there, its em box centred.
                let origin: Point
                if g.upright {
                    origin = Point(x: pen - g.yOffset * scale, y: g.xOffset * scale)
                } else {
                    let centre = run.isVertical ? font.metrics.emMiddle : 0
                    origin = Point(x: pen + g.xOffset * scale, y: (g.yOffset - centre) * scale)
                }
                let first = segments.count
                defer { self.glyphs.append((origin: origin, segments: first..<segments.count)) }
                if !outline.path.isEmpty {
                    add(outline.path, scale: scale, origin: origin, upright: g.upright)
                } else if let box = outline.bounds {
                    // A colour bitmap glyph: its image's box.
                    let corners = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                                   Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY)]
                        .map { ClusterInk.place($0, scale: scale, origin: origin, upright: g.upright) }
                    for k in 0..<4 { segments.append((corners[k], corners[(k + 1) % 4])) }
                }
                pen += g.advance * scale
            }
            i = j
        }
    }

    /// A glyph's point `p` (font units, y up) in its cluster's frame (px along the line, px
    /// up): scaled, or upright in vertical writing turned a quarter, and moved to `origin`.
    static func place(_ p: Point, scale: Double, origin: Point, upright: Bool) -> Point {
        upright ? Point(x: origin.x - p.y * scale, y: origin.y + p.x * scale) : Point(x: p.x * scale + origin.x, y: p.y * scale + origin.y)
    }

    /// The outline's contours flattened to within 0.002 px (`Path.flattened`), placed as
    /// `place` places a point.
    private mutating func add(_ path: Path, scale: Double, origin: Point, upright: Bool) {
        let map = upright ? AffineMap(a: 0, b: scale, c: -scale, d: 0, tx: origin.x, ty: origin.y)
            : AffineMap(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)
        for contour in path.flattened(map: map, flatness: 0.002) { segments += contour.segments }
    }

    /// The nearest and farthest ink from the centre of a circle whose baseline radius is
    /// `radius` px, the text outside (tops away from the centre) or inside: px from the centre.
    func radialRange(radius: Double, outside: Bool) -> (near: Double, far: Double)? {
        guard !segments.isEmpty else { return nil }
        // The centre in the cluster's frame.
        let c = Point(x: 0, y: outside ? -radius : radius)
        var near = Double.infinity, far = 0.0
        for (a, b) in segments {
            far = max(far, (a - c).length, (b - c).length)
            let d = b - a
            let squared = d.x * d.x + d.y * d.y
            let t = squared > 0 ? min(1, max(0, ((c - a).x * d.x + (c - a).y * d.y) / squared)) : 0
            near = min(near, (a + d * t - c).length)
        }
        return (near, far)
    }

    /// The ink's lowest and highest y (px from the baseline, up positive).
    var heights: (low: Double, high: Double)? {
        guard !segments.isEmpty else { return nil }
        var low = Double.infinity, high = -Double.infinity
        for (a, b) in segments {
            low = min(low, a.y, b.y)
            high = max(high, a.y, b.y)
        }
        return (low, high)
    }
}
