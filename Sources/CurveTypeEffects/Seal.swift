import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A round seal badge: ring text set evenly round a circle between two border rings, and centre
/// text fitted into the inner circle.
public struct SealRequest: Sendable {
    /// Text round the ring, spread evenly over the whole circle (sweep 360°), reading clockwise
    /// from 12 o'clock with its middle at the top.
    public var ring: String
    /// Text fitted into the inner circle; `\n` breaks lines.
    public var center: String
    /// Outer radius, px.
    public var radius: Double
    /// Ring text size, px; `nil` is 15 % of the radius.
    public var ringSize: Double?
    /// Font of the ring text; `nil` is bundled DejaVu Sans Bold.
    public var font: FontRequest?
    /// Font of the centre text; `nil` is the ring's font.
    public var centerFont: FontRequest?
    /// Fonts tried, in order, before Fontconfig for characters `font` lacks (emoji, CJK).
    public var fallbackFonts: [FontRequest]
    /// OpenType features for HarfBuzz, for the ring and the centre.
    public var features: [FontFeature]
    /// Rings and text.
    public var color: SVGColor
    /// The centre text, if not `color`.
    public var centerColor: SVGColor?
    /// Fill inside the outer ring; `nil` leaves it clear.
    public var background: SVGColor?
    /// The accessible name and `<title>`; `nil` uses the drawing's text.
    public var title: String?
    /// `outlines` writes each glyph as a path (the same in every viewer); `text` writes `<text>`
    /// elements (selectable, drawn by the viewer's fonts).
    public var glyphs: GlyphMode
    /// The prefix of every id in the document; `nil` derives one from the request, so two documents
    /// on one page never clash.
    public var idPrefix: String?
    /// Decimals in the SVG's numbers, 0…6.
    public var precision: Int

    /// A seal of `ring` round `center`; every other property as the command line's defaults.
    public init(ring: String, center: String, radius: Double = 80, ringSize: Double? = nil,
                font: FontRequest? = nil, centerFont: FontRequest? = nil, fallbackFonts: [FontRequest] = [],
                features: [FontFeature] = [],
                color: SVGColor = SVGColor(red: 0, green: 0x7E, blue: 0xC6), centerColor: SVGColor? = nil,
                background: SVGColor? = SVGColor(red: 255, green: 255, blue: 255), title: String? = nil,
                glyphs: GlyphMode = .outlines, idPrefix: String? = nil, precision: Int = 2) {
        self.ring = ring
        self.center = center
        self.radius = radius
        self.ringSize = ringSize
        self.font = font
        self.centerFont = centerFont
        self.fallbackFonts = fallbackFonts
        self.features = features
        self.color = color
        self.centerColor = centerColor
        self.background = background
        self.title = title
        self.glyphs = glyphs
        self.idPrefix = idPrefix
        self.precision = precision
    }
}

/// A rendered seal.
public struct SealResult: Sendable {
    /// How the drawing's SVG is written (ids, precision), when one is asked for.
    public let svgSettings: SVGSettings
    /// What was drawn, apart from its encoding: the frame every writer (SVG, PNG, PDF) draws,
    /// or a build script post-processes (px, y down).
    public let frame: Frame
    /// Side of the square SVG, px.
    public let size: Double
    /// Radii of the ring text's baseline and of the inner ring, px.
    public let baselineRadius: Double
    /// The inner border's radius, px.
    public let innerRadius: Double
    /// The ring text's placement.
    public let ring: CircleTextLayout
    /// The centre text, fitted to the inner disc.
    public let centerText: FittedText
    /// What a user should hear about the drawing, in the order it happened (see
    /// ``CurveTypeWarning``).
    public let warnings: [CurveTypeWarning]

    /// `{"size", "baselineRadius", "innerRadius", "ringFontSize", "tracking", "centerFontSize",
    /// "centerLines": [text]}`, px: `layoutReport` in the documented bytes.
    public var layoutJSON: String { LayoutJSON.write(layoutReport) }
}

extension SealRequest {
    /// Border stroke widths, px.
    static let outerStroke = 3.0
    static let innerStroke = 1.5

    /// Renders the seal: ring text spread round the circle, the centre text fitted inside.
    public func render() throws(CurveTypeError) -> SealResult {
        try TextInput.checkLength(ring, "the ring text")
        try TextInput.checkLength(center, "the centre text")
        if let title { try TextInput.checkLength(title, "the title") }
        guard radius.isFinite, radius >= 20, radius <= 2000 else {
            throw .invalidInput("the seal's radius must be from 20 to 2000 px, not \(radius)")
        }
        let size = ringSize ?? (radius * 0.15)
        guard size.isFinite, size >= 2, size <= radius / 3 else {
            throw .invalidInput("the ring text size must be from 2 px to a third of the radius (\(radius / 3) px), not \(size)")
        }
        let format = try lifting { try SVGNumberFormat(precision: precision) }
        let ringFont = font ?? .bundled(.sansBold)
        var warnings: [CurveTypeWarning] = []

        let (ringText, removedRing) = TextInput.clean(ring.trimmed { $0.isSpaceOrNewline })
        guard !ringText.isEmpty else { throw .invalidInput("the ring text is empty") }
        let (ringRun, saidRing) = try shape(ringText, font: ringFont, fallbacks: fallbackFonts, features: features, removed: removedRing)
        warnings += saidRing.map { $0.of("ring") }

        // The band between the rings holds the ring text's ink with an even gap above and below.
        var inkTop = 0.0, inkBottom = 0.0
        for g in ringRun.glyphs {
            guard let b = try lifting({ try ringRun.fonts[g.font].outline(of: g.glyph) }).bounds else { continue }
            let s = size / Double(ringRun.fonts[g.font].unitsPerEm)
            inkTop = max(inkTop, (b.maxY + g.yOffset) * s)
            inkBottom = min(inkBottom, (b.minY + g.yOffset) * s)
        }
        let gap = max(2, size * 0.3)
        let baselineRadius = radius - Self.outerStroke - gap - inkTop
        let innerRadius = baselineRadius + inkBottom - gap - Self.innerStroke / 2
        guard innerRadius > radius * 0.3 else {
            throw .invalidInput("the ring text at \(size) px leaves too little room inside: make it smaller or the radius larger")
        }
        let padding = 2.0
        let side = 2 * (radius + padding)
        let middle = Point(x: side / 2, y: side / 2)
        let ringLayout: CircleTextLayout
        do {
            ringLayout = try CircleTextLayout(ringRun, style: CircleTextStyle(
                size: size, radius: baselineRadius, start: 0, align: .center, side: .outside, sweep: 360),
                center: middle)
        } catch .runExceedsSweep(let advances, let length, _) {
            // A seal's ring never overlaps itself: the remedies are the seal's own.
            throw .invalidInput("\(cFormat("the ring text needs %.2f px but the ring is only %.2f px round", advances, length)) (use a larger \(parameter: "radius"), a smaller \(parameter: "ringSize"), or shorter text)")
        } catch {
            throw .layout(error)
        }

        // The centre text: the largest size over boxes of several shapes inscribed in the circle.
        let centerRequest = centerFont ?? ringFont
        let stack = try fontStack(centerRequest, fallbacks: fallbackFonts)
        var paragraphs: [ShapedRun] = []
        for paragraph in center.replacing("\r\n", with: "\n").split(separator: "\n") {
            let (text, removed) = TextInput.clean(paragraph.trimmed())
            guard !text.isEmpty else { continue }
            let (run, said) = try shape(text, font: centerRequest, fallbacks: fallbackFonts, features: features,
                                        removed: removed)
            warnings += said.map { $0.of("centre") }
            paragraphs.append(run)
        }
        guard !paragraphs.isEmpty else { throw .invalidInput("the centre text is empty") }
        let centerText = paragraphs.map(\.text).joined(separator: "\n")
        let room = innerRadius - Self.innerStroke / 2 - max(3, innerRadius * 0.12)
        var best: FittedText?
        var bestBox = (width: 0.0, height: 0.0)
        for degrees in stride(from: 15.0, through: 75.0, by: 5.0) {
            let angle = degrees * .pi / 180
            let box = (width: 2 * room * cos(angle), height: 2 * room * sin(angle))
            let style = FitStyle(width: box.width, height: box.height, maxSize: room, minSize: 1, tight: true)
            guard let fitted = try? TextFitter.fit(paragraphs, style: style, ellipsis: {
                stack.shape($0, features: features)
            }) else { continue }
            if best.map({ fitted.size > $0.size }) ?? true {
                best = fitted
                bestBox = box
            }
        }
        guard let fitted = best else { throw .invalidInput("the centre text does not fit inside the ring at 1 px") }
        let offset = Point(x: middle.x - bestBox.width / 2, y: middle.y - bestBox.height / 2)
        let centerLayouts = fitted.lines.map { $0.layout.translated(by: offset) }

        let label = title.map { TextInput.clean($0).text } ?? "\(centerText.replacing("\n", with: " ")) — \(ringText)"
        let prefix = idPrefix ?? derivedIDPrefix([
            ringText, centerText, "\(radius)", "\(size)", ringFont.description, centerRequest.description,
            joinedByHand(fallbackFonts.map(\.description), separator: ","), color.value, centerColor?.value ?? "",
            background?.value ?? "", label, glyphs.rawValue, "\(precision)",
        ])
        let rings: [FrameItem] = [
            .shape(FrameShape(.circle(center: middle, radius: radius - Self.outerStroke / 2), style: [
                .fill(background.map { .color($0) } ?? .none), .stroke(.color(color)), .strokeWidth(Self.outerStroke),
            ])),
            .shape(FrameShape(.circle(center: middle, radius: innerRadius), style: [
                .fill(.none), .stroke(.color(color)), .strokeWidth(Self.innerStroke),
            ])),
        ]
        // One set of definitions for both texts: a glyph they share is defined once.
        let frame = Frame(width: side, height: side, title: label, backdrop: rings,
                          items: glyphItems([ringLayout.text] + centerLayouts, mode: glyphs,
                                            fills: [color] + Array(repeating: centerColor ?? color, count: centerLayouts.count)))
        let svgSettings = try lifting { try SVGSettings(idPrefix: prefix, numbers: format) }
        return SealResult(svgSettings: svgSettings, frame: frame, size: side, baselineRadius: baselineRadius, innerRadius: innerRadius,
                          ring: ringLayout, centerText: fitted, warnings: warnings)
    }
}
