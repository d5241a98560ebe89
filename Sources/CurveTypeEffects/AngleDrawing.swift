import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How an angle label writes its value.
public enum AngleUnit: String, Sendable, CaseIterable {
    /// `45°`
    case degrees
    /// `0.79 rad`
    case radians
    /// `π/4`: a fraction of π with a denominator up to 12, else a decimal multiple (`0.28π`).
    case pi
}

/// A timing curve for the animation: CSS's cubic-bézier easing functions.
public enum Easing: String, Sendable, CaseIterable {
    /// Constant speed.
    case linear
    /// Slow at the start (CSS `ease-in`).
    case easeIn = "ease-in"
    /// Slow at the end (CSS `ease-out`).
    case easeOut = "ease-out"
    /// Slow at both ends (CSS `ease-in-out`, SwiftUI's default).
    case easeInOut = "ease-in-out"

    /// The control points (x1, y1, x2, y2) of the cubic Bézier from (0, 0) to (1, 1).
    var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        }
    }

    /// Progress (0…1) at time fraction `t` (0…1): solves x(s) = t by bisection, returns y(s).
    public func progress(at t: Double) -> Double {
        let (x1, y1, x2, y2) = controlPoints
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, x1, x2) < t { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, y1, y2)
    }
}

/// A change of angle, animated.
public struct AngleAnimation: Sendable, Hashable {
    /// The angle the animation starts from, degrees.
    public var from: Double
    /// Seconds.
    public var duration: Double
    /// How the angle moves between the two values (SMIL `keySplines`).
    public var easing: Easing

    /// SwiftUI's default: ease-in-out over 0.35 s.
    public init(from: Double, duration: Double = 0.35, easing: Easing = .easeInOut) {
        self.from = from
        self.duration = duration
        self.easing = easing
    }

    /// The angle at time fraction `t` (0…1) on the way to `to`: the angle is interpolated, so the
    /// moving ray keeps its length.
    public func angle(at t: Double, to: Double) -> Double { from + (to - from) * easing.progress(at: t) }
}

/// Everything that makes one SVG of an angle: two rays, a marker and a label.
///
/// Geometry (the seed's): a square frame of `frame` px with `inset` px on every side; the rays
/// are as long as the inset square's side; the vertex sits at the inset square's bottom-right
/// corner, the base ray runs left and the second ray rises at the angle (at 90° it ends at the
/// top-right corner). `orientation: .bottomLeft` mirrors it. For shapes that leave the inset
/// square (past 90°, negative, reflex, a label pushed out), the canvas grows so everything drawn
/// keeps `inset` px of margin, with the drawing centred.
public struct AngleRequest: Sendable {
    /// Degrees, −360…360.
    public var angle: Double
    /// Which corner of the frame the vertex sits in; the base ray runs from it along the frame's
    /// edge.
    public var orientation: AngleVertex
    /// The side of the square frame the seed draws in, px.
    public var frame: Double
    /// The margin inside the frame, px: the rays are `frame − 2·inset` long.
    public var inset: Double
    /// Line width, px.
    public var strokeWidth: Double
    /// How open line ends are drawn.
    public var cap: LineCap
    /// How line segments meet.
    public var join: LineJoin
    /// Stroke and label colour; `currentColor` follows the page's text colour.
    public var color: SVGColor
    /// Explicit colours for light and dark mode, written as a `prefers-color-scheme` style;
    /// `nil` uses `color`.
    public var lightDark: (light: SVGColor, dark: SVGColor)?
    /// Radius of the arc marker, px; `nil` draws no marker.
    public var markerRadius: Double?
    /// Line width of the marker, px; `nil` is 40 % of the stroke width.
    public var markerWidth: Double?
    /// Whether the value is written on the bisector.
    public var label: Bool
    /// The label's font size, px.
    public var labelSize: Double
    /// The primary font: bundled DejaVu by default, a file, or a Fontconfig pattern.
    public var font: FontRequest
    /// OpenType features for HarfBuzz, such as `tnum` for figures of one width.
    public var features: [FontFeature]
    /// Fonts tried, in order, before Fontconfig for characters `font` lacks.
    public var fallbackFonts: [FontRequest]
    /// A colour under the whole canvas; `nil` leaves it transparent.
    public var background: SVGColor?
    /// The unit the label writes the angle in.
    public var unit: AngleUnit
    /// Decimals in the label; `nil`: 0 for degrees, 2 otherwise.
    public var decimals: Int?
    /// A title above the shape with a clockwise-arrow symbol (`nil`: none).
    public var header: String?
    /// The value again under the shape, as the seed's stepper shows it.
    public var readout: Bool
    /// Animate to `angle` from another angle; `nil` draws it still.
    public var animation: AngleAnimation?
    /// `outlines` writes each glyph as a path (the same in every viewer); `text` writes `<text>`
    /// elements (selectable, drawn by the viewer's fonts).
    public var glyphs: GlyphMode

    /// An angle of `angle` degrees; every other property as the command line's defaults.
    public init(angle: Double, orientation: AngleVertex = .bottomRight, frame: Double = 400, inset: Double = 100,
                strokeWidth: Double = 10, cap: LineCap = .round, join: LineJoin = .round,
                color: SVGColor = .currentColor, lightDark: (light: SVGColor, dark: SVGColor)? = nil,
                markerRadius: Double? = 40, markerWidth: Double? = nil, label: Bool = true, labelSize: Double = 24,
                font: FontRequest = .default, features: [FontFeature] = [], fallbackFonts: [FontRequest] = [],
                background: SVGColor? = nil, unit: AngleUnit = .degrees, decimals: Int? = nil,
                header: String? = nil, readout: Bool = false, animation: AngleAnimation? = nil,
                glyphs: GlyphMode = .outlines) {
        self.angle = angle
        self.orientation = orientation
        self.frame = frame
        self.inset = inset
        self.strokeWidth = strokeWidth
        self.cap = cap
        self.join = join
        self.color = color
        self.lightDark = lightDark
        self.markerRadius = markerRadius
        self.markerWidth = markerWidth
        self.label = label
        self.labelSize = labelSize
        self.font = font
        self.features = features
        self.fallbackFonts = fallbackFonts
        self.background = background
        self.unit = unit
        self.decimals = decimals
        self.header = header
        self.readout = readout
        self.animation = animation
        self.glyphs = glyphs
    }

    /// Space kept between the label's ink and a ray or the marker, px (beyond half their width).
    public static let labelClearance = 4.0
}

/// A rendered angle.
public struct AngleResult: Sendable {
    /// What was drawn, apart from its encoding: the frame every writer (SVG, PNG, PDF) draws,
    /// or a build script post-processes (px, y down).
    public let frame: Frame
    /// The canvas's width, px.
    public let width: Double
    /// The canvas's height, px.
    public let height: Double
    /// The rays at the final angle.
    public let shape: AngleShape
    /// The final angle, degrees.
    public let angle: Double
    /// The drawn marker (the arc or the right-angle square), px; `nil` without one.
    public let marker: Path?
    /// The label's text and its ink box at the final angle, px.
    public let label: String?
    /// The label's ink box at the final angle, px; `nil` without a label.
    public let labelBox: Rect?

    /// The geometry as JSON (see README, "Layout JSON").
    public var layoutJSON: String { LayoutJSON.write(layoutReport) }
}

extension AngleRequest {
    /// Writes the SVG: the final angle, with SMIL animation from `animation.from` if set.
    public func render() throws(CurveTypeError) -> AngleResult {
        try render(at: angle, animated: animation)
    }

    /// The most still frames one request makes: ten seconds at 60 frames a second.
    public static let maximumFrames = 600

    /// `count` stills of the animation at evenly spaced times, first to last, on one canvas
    /// (2…`maximumFrames`); throws without an animation.
    public func stills(_ count: Int) throws(CurveTypeError) -> [AngleResult] {
        guard let animation else { throw .invalidInput("\(parameter: "frames") need an animation: give the angle to start from (\(parameter: "from"))") }
        guard count >= 2 else { throw .invalidInput("\(parameter: "frames") must be at least 2, not \(count)") }
        guard count <= Self.maximumFrames else { throw .invalidInput("\(parameter: "frames") must be at most \(Self.maximumFrames), not \(count)") }
        var out: [AngleResult] = []
        for i in 0..<count {
            let t = Double(i) / Double(count - 1)
            out.append(try render(at: animation.angle(at: t, to: angle), animated: nil, sweep: animation))
        }
        return out
    }

    private func validate() throws(CurveTypeError) {
        var numbers: [(Double, ErrorText)] = [(angle, "the angle"), (frame, "\(parameter: "frame")"), (inset, "\(parameter: "inset")"),
                                              (strokeWidth, "\(parameter: "strokeWidth")"), (labelSize, "\(parameter: "labelSize")")]
        if let markerRadius { numbers.append((markerRadius, "\(parameter: "markerRadius")")) }
        if let markerWidth { numbers.append((markerWidth, "\(parameter: "markerWidth")")) }
        if let animation { numbers += [(animation.from, "\(parameter: "from")"), (animation.duration, "\(parameter: "duration")")] }
        for (value, name) in numbers where !value.isFinite {
            throw .invalidInput(name + " must be a finite number, not \(value)")
        }
        for (value, name) in [(angle, "the angle" as ErrorText), (animation?.from ?? 0, "\(parameter: "from")")] where abs(value) > 360 {
            throw .invalidInput(name + " must be from -360 to 360 degrees, not \(value)")
        }
        let limit = CircleTextStyle.maximumLength
        guard frame > 0 && frame <= limit else { throw .invalidInput("\(parameter: "frame") must be more than 0 and at most \(Int(limit)) px, not \(frame)") }
        guard inset >= 0 else { throw .invalidInput("\(parameter: "inset") must be 0 or more, not \(inset)") }
        guard 2 * inset < frame else {
            throw .invalidInput("the insets (2 × \(inset) px) leave nothing of the \(frame) px frame")
        }
        guard strokeWidth >= 0 && strokeWidth <= limit else { throw .invalidInput("\(parameter: "strokeWidth") must be 0 or more, not \(strokeWidth)") }
        if let markerRadius, !(markerRadius > 0 && markerRadius <= limit) {
            throw .invalidInput("\(parameter: "markerRadius") must be more than 0, not \(markerRadius)")
        }
        if let markerWidth, !(markerWidth >= 0 && markerWidth <= limit) {
            throw .invalidInput("\(parameter: "markerWidth") must be 0 or more, not \(markerWidth)")
        }
        guard labelSize > 0 && labelSize <= limit else { throw .invalidInput("\(parameter: "labelSize") must be more than 0, not \(labelSize)") }
        if let decimals, !(0...6).contains(decimals) { throw .invalidInput("\(parameter: "decimals") must be from 0 to 6, not \(decimals)") }
        if let animation, !(animation.duration > 0 && animation.duration <= 3600) {
            throw .invalidInput("\(parameter: "duration") must be more than 0 and at most 3600 seconds, not \(animation.duration)")
        }
    }

    /// The label for `degrees` in the request's unit.
    public func labelText(_ degrees: Double) -> String {
        func fixed(_ v: Double, _ places: Int) -> String {
            let text = cFormat("%.\(places)f", v)
            let zero = text.allSatisfy { "-0.".contains($0) }
            return (zero ? String(text.drop { $0 == "-" }) : text).replacing("-", with: "−")
        }
        switch unit {
        case .degrees: return fixed(degrees, decimals ?? 0) + "°"
        case .radians: return fixed(degrees * .pi / 180, decimals ?? 2) + " rad"
        case .pi:
            let turns = degrees / 180
            for q in 1...12 {
                let p = (turns * Double(q)).rounded()
                guard abs(turns * Double(q) - p) < 1e-9 else { continue }
                if p == 0 { return "0" }
                let sign = p < 0 ? "−" : ""
                let n = Int(abs(p))
                return sign + (n == 1 ? "" : "\(n)") + "π" + (q == 1 ? "" : "/\(q)")
            }
            return fixed(turns, decimals ?? 2) + "π"
        }
    }

    /// A label at `degrees`, shaped and laid out with its origin at (0, 0), with its ink box.
    private struct Label {
        var text: String
        var layout: CurveTextLayout
        var ink: Rect

        /// The layout moved so its ink box lands on `box`.
        func placed(in box: Rect) -> CurveTextLayout {
            layout.translated(by: Point(x: box.minX - ink.minX, y: box.minY - ink.minY))
        }
    }

    private func makeLabel(_ text: String, size: Double) throws(CurveTypeError) -> Label? {
        let (run, _) = try shape(text, font: font, fallbacks: fallbackFonts, features: features, removed: 0)
        let layout = CurveTypeLayout.layOut(run, size: size, along: LineCurve(origin: .zero, length: 1e6), anchor: 0,
                                      align: .start, tracking: 0, baselineShift: 0)
        guard let ink = try lifting({ try inkBounds(of: layout) }) else { return nil }
        return Label(text: text, layout: layout, ink: ink)
    }

    /// The marker at `degrees`: the arc, or the square at exactly ±90°; `nil` at 0° or without one.
    private func markerPath(_ shape: AngleShape, _ degrees: Double) -> Path? {
        guard let markerRadius, degrees != 0 else { return nil }
        if abs(degrees) == 90 { return shape.rightAngleSquare(at: degrees, side: markerRadius * 0.7) }
        return shape.markerArc(at: degrees, radius: markerRadius)
    }

    private var markerLineWidth: Double { markerWidth ?? strokeWidth * 0.4 }

    /// Where the label's ink box goes at `degrees`: centred on the bisector, just outside the
    /// marker, moved further out until it clears both rays and the marker.
    private func labelBox(_ ink: Rect, shape: AngleShape, degrees: Double) -> Rect {
        let u = shape.direction(at: degrees / 2)
        let w = ink.width, h = ink.height
        let support = (w * abs(u.x) + h * abs(u.y)) / 2
        let clearance = Self.labelClearance
        let rays = [(shape.vertex, shape.rayEnd(at: 0)), (shape.vertex, shape.rayEnd(at: degrees))]
        // The marker's lines, within a hundredth of a px of its curve.
        let marker = markerPath(shape, degrees)?.flattened(flatness: 0.01).flatMap(\.segments) ?? []
        func box(at distance: Double) -> Rect {
            let c = shape.vertex + u * distance
            return Rect(minX: c.x - w / 2, minY: c.y - h / 2, maxX: c.x + w / 2, maxY: c.y + h / 2)
        }
        func isClear(_ box: Rect) -> Bool {
            rays.allSatisfy { box.distance(toSegment: $0.0, $0.1) >= strokeWidth / 2 + clearance }
                && marker.allSatisfy {
                    box.distance(toSegment: $0.0, $0.1) >= markerLineWidth / 2 + clearance
                }
        }
        var distance = (markerRadius.map { $0 + markerLineWidth / 2 } ?? strokeWidth / 2) + clearance + support
        if isClear(box(at: distance)) { return box(at: distance) }
        // Out in growing steps until clear (past the rays' ends at the latest), then back in by
        // bisection to within 0.25 px of the nearest clear place.
        var blocked = distance, step = 0.5
        while !isClear(box(at: distance)) {
            blocked = distance
            distance += step
            step *= 1.5
        }
        while distance - blocked > 0.25 {
            let mid = (blocked + distance) / 2
            if isClear(box(at: mid)) { distance = mid } else { blocked = mid }
        }
        return box(at: distance)
    }

    /// The drawing at `degrees` about a vertex at (0, 0): shape, marker, label box.
    private func layout(_ degrees: Double, vertex: Point, label: Label?) -> (shape: AngleShape, marker: Path?, box: Rect?) {
        let shape = AngleShape(vertex: vertex, rayLength: frame - 2 * inset, orientation: orientation)
        let box = label.map { labelBox($0.ink, shape: shape, degrees: degrees) }
        return (shape, markerPath(shape, degrees), box)
    }

    private func render(at degrees: Double, animated: AngleAnimation?, sweep: AngleAnimation? = nil) throws(CurveTypeError) -> AngleResult {
        try validate()
        let span = animated ?? sweep
        // Every angle the drawing passes through, to size one canvas for all of them.
        var angles = [degrees]
        if let span {
            let lo = min(span.from, angle), hi = max(span.from, angle)
            angles += stride(from: lo.rounded(.up), through: hi, by: 1).map { $0 } + [lo, hi]
        }
        // Labels by their text: the angles an animation passes share few texts.
        var labels: [String: Label?] = [:]
        func label(_ value: Double) throws(CurveTypeError) -> Label? {
            guard self.label else { return nil }
            let text = labelText(value)
            if let known = labels[text] { return known }
            let made = try makeLabel(text, size: labelSize)
            labels[text] = made
            return made
        }
        // The seed's square: while every angle is 0…90°, the rays' square is the inset square.
        let length = frame - 2 * inset
        var box = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        if angles.allSatisfy({ (0...90).contains($0) }) {
            box = Rect(minX: orientation == .bottomRight ? -length : 0, minY: -length,
                       maxX: orientation == .bottomRight ? 0 : length, maxY: 0)
        }
        for a in angles {
            let (shape, marker, labelBox) = layout(a, vertex: .zero, label: try label(a))
            for p in [shape.rayEnd(at: 0), shape.rayEnd(at: a)] { box = box.union(Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)) }
            if let bounds = marker?.bounds() { box = box.union(bounds) }
            if let labelBox { box = box.union(labelBox) }
        }
        let header = try self.header.map { title throws(CurveTypeError) in try makeLabel(title, size: titleSize) } ?? nil
        let readoutSize = titleSize
        let headerHeight = header == nil ? 0 : labelSize * 2.5
        let readoutHeight = readout ? readoutSize * 2 : 0
        let width = max(frame, box.width + 2 * inset)
        let shapeHeight = max(frame, box.height + 2 * inset)
        let height = headerHeight + shapeHeight + readoutHeight
        let vertex = Point(x: (width - box.width) / 2 - box.minX, y: headerHeight + (shapeHeight - box.height) / 2 - box.minY)

        let finalLabel = try label(degrees)
        let final = layout(degrees, vertex: vertex, label: finalLabel)
        let text = labelText(degrees)
        let paint: Paint = lightDark == nil ? .color(color) : .ink
        // Glyphs: every label the animation shows, the header, the readout.
        var texts: [CurveTextLayout] = []
        var labelSteps: [(time: Double, end: Double, layout: Int)] = []
        var finalIndex: Int?
        let keyframes = animated.map { _ in Self.keyframeTimes } ?? []
        if let animated {
            // Each label shown while the ray, as drawn, reads its text.
            for (t, end, a) in labelSpans(animated, to: degrees, keyframes: keyframes) {
                guard let l = try label(a) else { continue }
                let placed = layout(a, vertex: vertex, label: l)
                guard let b = placed.box else { continue }
                texts.append(l.placed(in: b))
                labelSteps.append((t, end, texts.count - 1))
            }
        }
        if let finalLabel, let b = final.box {
            texts.append(finalLabel.placed(in: b))
            finalIndex = texts.count - 1
        }
        var headerIndex: Int?, readoutIndex: Int?
        var symbolOrigin: Point?
        if let header {
            // The symbol, then the title, centred together.
            let symbolLeft = (width - titleSize * 1.1 - header.layout.extent) / 2
            texts.append(header.layout.translated(by: Point(x: symbolLeft + titleSize * 1.1, y: headerHeight * 0.6)))
            headerIndex = texts.count - 1
            symbolOrigin = Point(x: symbolLeft, y: headerHeight * 0.6)
        }
        if readout, let r = try makeLabel(labelText(degrees), size: readoutSize) {
            texts.append(r.layout.translated(by: Point(x: (width - r.layout.extent) / 2, y: height - readoutHeight * 0.35)))
            readoutIndex = texts.count - 1
        }

        // The rays, the marker and the header's symbol.
        var lines: [FrameItem] = []
        let ray = [Style.strokeWidth(strokeWidth)]
        if let animated {
            lines.append(.shape(FrameShape(.path(Path([.move(final.shape.rayEnd(at: 0)), .line(final.shape.vertex)])), style: ray)))
            // Rotate the ray about the vertex from the start angle to the final one.
            let angles = keyframes.map { (animated.angle(at: $0, to: degrees) - degrees) * final.shape.screenTurn }
            lines.append(.shape(FrameShape(
                .path(Path([.move(final.shape.vertex), .line(final.shape.rayEnd(at: degrees))])), style: ray,
                animations: [.rotation(angles: angles, center: final.shape.vertex, keyTimes: keyframes, duration: animated.duration)])))
        } else {
            lines.append(.shape(FrameShape(
                .path(Path([.move(final.shape.rayEnd(at: 0)), .line(final.shape.vertex), .line(final.shape.rayEnd(at: degrees))])),
                style: ray)))
        }
        lines += marker(final: final.marker, degrees: degrees, vertex: vertex, animated: animated, keyframes: keyframes)
        if let symbolOrigin { lines += rotationSymbol(at: symbolOrigin) }
        var items: [FrameItem] = [
            .group(FrameGroup(style: [.fill(.none), .stroke(paint), .lineCap(cap), .lineJoin(join)], items: lines)),
        ]

        // Text: the labels, the header, the readout.
        var textStyle: [Style] = [.fill(paint), .stroke(.none)]
        if glyphs == .text, let first = texts.first { textStyle += [.fontFamily(cssFamily(first.run.fonts[0]))] + cssFace(first.run.fonts[0]) }
        /// `withLayer: false` for a moment's label of the animation: the drawing says its final
        /// label once, not every value it passes (47 of them from 0° to 45°).
        func textItems(for index: Int, withLayer: Bool = true) -> [FrameItem] {
            let layout = texts[index]
            if glyphs != .text { return [.glyphs(GlyphRun(layout))] + (withLayer ? [.textLayer(TextLayer(layout))] : []) }
            return [.group(FrameGroup(style: [.fontSize(layout.size)], items: [.text(TextRun(layout, primary: layout.run.fonts[0]))]))]
        }
        var labelItems: [FrameItem] = []
        for step in labelSteps {
            // Hidden but for its moment of the animation. `hidden` is SVG's `display`, not
            // `visibility`: Inkscape 1.2 draws the `<use>`s of a group hidden by `visibility`.
            let duration = animated?.duration ?? 0
            labelItems.append(.group(FrameGroup(
                style: [.hidden],
                animations: [.visibility(visible: true, begin: step.time * duration, end: step.end * duration, duration: nil)],
                items: textItems(for: step.layout, withLayer: false))))
        }
        if let finalIndex {
            var hide: [FrameAnimation] = []
            if let animated, let last = labelSteps.last {
                hide.append(.visibility(visible: false, begin: 0, end: last.end * animated.duration, duration: nil))
            }
            labelItems.append(.group(FrameGroup(animations: hide, items: textItems(for: finalIndex))))
        }
        if let headerIndex { labelItems += textItems(for: headerIndex) }
        if let readoutIndex { labelItems += textItems(for: readoutIndex) }
        items.append(.group(FrameGroup(style: textStyle, items: labelItems)))

        let frame = Frame(width: width, height: height, title: "Angle of \(text)", colorScheme: lightDark.map { ColorScheme(light: $0.0, dark: $0.1) },
                          backdrop: backdrop(background, width: width, height: height), items: items)
        return AngleResult(frame: frame, width: width, height: height, shape: final.shape, angle: degrees,
                           marker: final.marker, label: finalLabel == nil ? nil : text, labelBox: final.box)
    }

    /// Times (0…1) of the animation's keyframes: 25 steps.
    static let keyframeTimes: [Double] = (0...24).map { Double($0) / 24 }

    /// The most labels an animation shows one after another (0° to 360° in whole degrees
    /// takes 361); past it, one a keyframe interval.
    static let maximumLabelSteps = 800

    /// When each label shows: spans of the animation (fractions 0…1) and the angle at each
    /// span's middle, one span for each text the ray reads as drawn, the ray turning linearly
    /// between keyframes (as SMIL and our PNG and PDF writers turn it). So at every moment the
    /// label is the ray's angle in the label's unit and decimals: a label taken at a keyframe
    /// interval's middle read 12° against a 10° ray at the start. Where the texts would be
    /// more than `maximumLabelSteps` (many decimals), one label a keyframe interval, at its
    /// middle.
    private func labelSpans(_ animated: AngleAnimation, to degrees: Double, keyframes: [Double]) -> [(start: Double, end: Double, angle: Double)] {
        let angles = keyframes.map { animated.angle(at: $0, to: degrees) }
        func ray(_ t: Double) -> Double {
            guard let i = keyframes.indices.dropLast().last(where: { keyframes[$0] <= t }) else { return angles[0] }
            let f = (t - keyframes[i]) / (keyframes[i + 1] - keyframes[i])
            return angles[i] + (angles[i + 1] - angles[i]) * min(max(f, 0), 1)
        }
        var spans: [(start: Double, end: Double, angle: Double)] = []
        var start = 0.0, current = labelText(angles[0])
        for i in keyframes.indices.dropLast() {
            var from = keyframes[i]
            // The ray is monotonic between keyframes, so is its text: find each change.
            while labelText(angles[i + 1]) != current {
                var a = from, b = keyframes[i + 1]
                for _ in 0..<52 {
                    let m = (a + b) / 2
                    if labelText(ray(m)) == current { a = m } else { b = m }
                }
                spans.append((start, b, ray((start + b) / 2)))
                guard spans.count < Self.maximumLabelSteps else {
                    return keyframes.indices.dropLast().map { k in
                        (keyframes[k], keyframes[k + 1], animated.angle(at: (keyframes[k] + keyframes[k + 1]) / 2, to: degrees))
                    }
                }
                (start, current, from) = (b, labelText(ray(b)), b)
            }
        }
        spans.append((start, 1, ray((start + 1) / 2)))
        return spans
    }

    /// The marker; animated, its outline is interpolated between keyframes (every arc has the
    /// same four cubics), and the right-angle square takes over at the end.
    private func marker(final: Path?, degrees: Double, vertex: Point, animated: AngleAnimation?,
                        keyframes: [Double]) -> [FrameItem] {
        guard let markerRadius else { return [] }
        let width = [Style.strokeWidth(markerLineWidth)]
        let shape = AngleShape(vertex: vertex, rayLength: frame - 2 * inset, orientation: orientation)
        guard let animated, animated.from != degrees else {
            return final.map { [.shape(FrameShape(.path($0), style: width))] } ?? []
        }
        let arcs = keyframes.map { shape.markerArc(at: animated.angle(at: $0, to: degrees), radius: markerRadius) }
        let square = abs(degrees) == 90
        var arcAnimations: [FrameAnimation] = [.outline(paths: arcs, keyTimes: keyframes, duration: animated.duration)]
        if square { arcAnimations.append(.visibility(visible: true, begin: 0, end: nil, duration: animated.duration)) }
        var items: [FrameItem] = [.shape(FrameShape(.path(shape.markerArc(at: degrees, radius: markerRadius)),
                                                    style: width + (square ? [.hidden] : []), animations: arcAnimations))]
        if square, let final {
            items.append(.shape(FrameShape(.path(final), style: width,
                                           animations: [.visibility(visible: false, begin: 0, end: nil, duration: animated.duration)])))
        }
        return items
    }

    /// The header's clockwise-arrow symbol, its left end at `origin` on the title's baseline:
    /// most of a circle and an arrowhead.
    private func rotationSymbol(at origin: Point) -> [FrameItem] {
        let size = titleSize
        let center = origin + Point(x: size * 0.4, y: -size * 0.35)
        let r = size * 0.32
        let symbol = AngleShape(vertex: center, rayLength: r, orientation: .bottomLeft)
        // From 12 o'clock (90°) clockwise to about 2 o'clock: −300°.
        let arc = symbol.markerArc(at: -300, radius: r).transformed(by: AffineMap.translation(-center.x, -center.y)
            .concatenating(.rotation(.degrees(-90))).concatenating(.translation(center.x, center.y)))
        let width = [Style.strokeWidth(size * 0.09)]
        let tip = center + Point(x: 0, y: -r)
        return [
            .shape(FrameShape(.path(arc), style: width)),
            .shape(FrameShape(.path(Path([.move(tip + Point(x: -r * 0.45, y: -r * 0.35)), .line(tip), .line(tip + Point(x: -r * 0.4, y: r * 0.4))])),
                              style: width)),
        ]
    }

    /// Size of the header's title and of the readout, px.
    private var titleSize: Double { labelSize * 1.25 }
}

