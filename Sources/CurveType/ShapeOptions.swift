import CurveTypeEffects
import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
import CurveTypeSVG
import CurveTypeSVGReader
/// `curvetype spiral`'s options. a and b are chart units (y up, θ counterclockwise from 3 o'clock).
public struct SpiralOptions: Sendable, Equatable {
    /// Radius at θ = 0, chart units (≥ 0) (`--a`).
    public var a = 0.1
    /// Radius gained per radian, chart units (negative winds inward) (`--b`).
    public var b = 0.1
    /// Degrees.
    public var from = 0.0
    /// Degrees; or `turns` from `from`; neither: 10 turns.
    public var to: Double?
    /// Turns from --from, instead of --to (`--turns`).
    public var turns: Double?
    /// Canvas WIDTHxHEIGHT in px (default 400x400; fitted to the drawing when --px-per-unit is
    /// given alone) (`--canvas`).
    public var canvas: String?
    /// The chart shows −D…D, fitted to the canvas's shorter side (`--domain`).
    public var domain = 8.0
    /// px per chart unit, instead of --domain (`--px-per-unit`; `--scale` is the PNG's scale, as
    /// on every command).
    public var pxPerUnit: Double?
    /// The spiral's colour, or `none` (old name: `stroke`).
    public var lineColor = "currentColor"
    /// Line width in px (`--stroke-width`).
    public var strokeWidth = 2.0
    /// Line ends: round, butt or square (`--cap`).
    public var cap = LineCap.round
    /// Line joins: round, miter or bevel (`--join`).
    public var join = LineJoin.round
    /// Draw rings at the begin and end points (`--markers`).
    public var markers = false
    /// Ring radius in px (`--marker-radius`).
    public var markerRadius = 4.0
    /// Inside the end rings (old name: `markerFill`).
    public var markerFillColor: String?
    /// The end rings (old name: `markerStroke`).
    public var markerColor: String?
    /// Ring line width in px (`--marker-stroke-width`).
    public var markerStrokeWidth = 2.0
    /// Background colour of the whole canvas (default: transparent) (`--background`).
    public var background: String?
    /// px
    public var tolerance = 0.05
    /// Text to set along the spiral (`--text`).
    public var text: String?
    /// Read the text from this file (- for standard input) instead of --text (`--text-file`).
    public var textFile: String?
    /// The text's font options: `--font`, `--face-index`, `--features`, `--fallback-font` and
    /// `--variations`.
    public var fonts = TextFontOptions()
    /// Font size in px (`--size`).
    public var size = 16.0
    /// Extra px between clusters (letter-spacing) (`--tracking`).
    public var tracking: Double?
    /// Choose the tracking so the text runs from one end of the spiral to the other
    /// (`--fill-spiral`).
    public var fillSpiral = false
    /// Which edge of the text sits at the start: start, center or end (left, right, leading and
    /// trailing also work) (`--align`). `end` by default: the text ends at the spiral's outer
    /// end, on its widest turn, where it reads; from the start it crumpled into the centre.
    public var align = TextAlignment.end
    /// outside: tops away from the centre, runs clockwise; inside: tops toward the centre, runs
    /// counterclockwise (`--side`).
    public var side = TextSide.inside
    /// Put the text's anchor at this angle θ in degrees (`--start-angle`).
    public var startAngle: Double?
    /// Put the text's anchor this many px along the spiral from --from (`--start-length`).
    public var startLength: Double?
    /// px along the normal; positive moves the text toward the glyph tops (`--baseline-shift`).
    /// `nil`: the text rests on the drawn line, half its width and 1 px off it (0 with no line),
    /// so the line does not strike through the letters.
    public var baselineShift: Double?

    /// The baseline's shift when none is given: resting on the line drawn, if any; upright
    /// (vertical) text, whose line runs through its glyphs' middles, half the size further.
    var restingShift: Double {
        guard lineColor.lowercased() != "none" && strokeWidth != 0 else { return 0 }
        return strokeWidth / 2 + 1 + (orientation == .upright ? size / 2 : 0)
    }
    /// Drop the text that runs past an end of the spiral (said on stderr) instead of failing
    /// (`--clip`).
    public var clip = false
    /// How glyphs follow the spiral (`--effect`): auto bends words of joined writing as one.
    public var effect = CurveGlyphs.auto
    /// Which way glyphs stand (`--orientation`): sideways along the spiral, or upright in
    /// vertical writing.
    public var orientation = GlyphOrientation.sideways
    /// What `--fill-spiral`'s room stretches (`--justify`): the gaps, or Arabic words by kashida.
    public var justify = Justification.gaps
    /// Old name: `textFill`.
    public var textColor = "currentColor"
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()
    /// The names colour options were given by, where an old name was typed (for messages).
    public var spellings = OptionSpellings()
    /// px of space round the drawing when the canvas is fitted to it (`--padding`).
    public var padding = 4.0

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The request these options describe. Throws when a value is refused, naming the option as it
    /// was typed.
    public func request() throws(CurveTypeError) -> SpiralRequest {
        if to != nil && turns != nil {
            throw .invalidInput("give \(parameter: "to") or \(parameter: "turns"), not both")
        }
        if startAngle != nil && startLength != nil {
            throw .invalidInput("give \(parameter: "startAngle") or \(parameter: "startLength"), not both")
        }
        if fillSpiral && (tracking != nil || startAngle != nil || startLength != nil) {
            throw .invalidInput("\(parameter: "fillSpiral") places the text end to end: give no \(parameter: "tracking"), \(parameter: "startAngle") or \(parameter: "startLength") with it")
        }
        if let turns, !(turns > 0 && turns.isFinite) {
            throw .invalidInput("\(parameter: "turns") must be a finite number greater than 0, not \(turns)")
        }
        let text = try commandText(text, file: textFile, option: "\(parameter: "text")")
        if text == nil {
            let textOptions: [(Bool, String)] = [
                (fonts.font != nil, "font"), (fonts.features != nil, "features"),
                (!fonts.fallbackFonts.isEmpty, "fallbackFont"), (fonts.variations != nil, "variations"), (tracking != nil, "tracking"),
                (fillSpiral, "fillSpiral"), (startAngle != nil, "startAngle"),
                (startLength != nil, "startLength"), (clip, "clip"), (baselineShift != nil, "baselineShift"), (effect != .auto, "effect"),
                (orientation != .sideways, "orientation"), (justify != .gaps, "justify"),
            ]
            if let (_, name) = textOptions.first(where: { $0.0 }) {
                throw .invalidInput("\(parameter: name) applies to text: give \(parameter: "text") too")
            }
        }
        let spiralText = try text.map { text throws(CurveTypeError) in
            var spiralText = SpiralText(
                text, font: try fonts.request(), features: try fonts.parsedFeatures(), fallbackFonts: fonts.fallbacks,
                style: SpiralTextStyle(
                    size: size, anchor: startAngle.map { .angle($0) } ?? startLength.map { .length($0) },
                    align: align, side: side, tracking: tracking ?? 0, fillsSpiral: fillSpiral,
                    baselineShift: baselineShift ?? restingShift, clip: clip),
                fill: try paint(textColor, option: spellings.typed("textColor")), glyphs: document.glyphs.drawing)
            spiralText.curveGlyphs = effect
            spiralText.orientation = orientation
            spiralText.justify = justify
            return spiralText
        }
        return SpiralRequest(
            a: a, b: b, from: from, to: to ?? from + 360 * (turns ?? 10),
            canvas: try canvas.map { text throws(CurveTypeError) in try CanvasSize(parsing: text) }, domain: domain, scale: pxPerUnit,
            stroke: lineColor.lowercased() == "none" ? nil : try paint(lineColor, option: spellings.typed("lineColor")), strokeWidth: strokeWidth,
            cap: cap, join: join,
            markers: markers ? SpiralMarkers(
                radius: markerRadius, fill: try markerFillColor.map { c throws(CurveTypeError) in try paint(c, option: spellings.typed("markerFillColor")) },
                stroke: try markerColor.map { c throws(CurveTypeError) in try paint(c, option: spellings.typed("markerColor")) },
                strokeWidth: markerStrokeWidth) : nil,
            background: try background.map { c throws(CurveTypeError) in try paint(c, option: "background") }, tolerance: tolerance, text: spiralText, padding: padding)
    }

    static let fields: [OptionField<SpiralOptions>] = [
        .number("a", \.a, .shape, unit: "units", range: .from(0), slider: 0...5, "Radius at θ = 0, chart units."),
        .number("b", \.b, .shape, unit: "units", slider: -1...1, "Radius gained per radian, chart units; not 0 (negative winds inward)."),
        .number("from", \.from, .shape, unit: "°", slider: -720...3600, "The begin angle θ."),
        .number("to", \.to, .shape, unit: "°", slider: 0...7200, default: "10 turns from --from", "The end angle θ, after --from."),
        .number("turns", \.turns, .shape, unit: "turns", range: .positive(upTo: 10_000), slider: 0.5...30, "Turns from --from, instead of --to."),
        .text("canvas", \.canvas, .shape, type: .size, default: "400x400; fitted to the drawing with --px-per-unit alone",
              "The canvas in px, the spiral centred."),
        .number("domain", \.domain, .shape, unit: "units", range: .positive(), slider: 0.5...50, "The chart shows −D…D, fitted to the canvas's shorter side."),
        .number("pxPerUnit", \.pxPerUnit, .shape, unit: "px", range: .positive(), slider: 1...100, default: "from --domain",
                "px per chart unit, instead of --domain."),
        .text("lineColor", \.lineColor, .color, type: .color, aliases: ["stroke"], "The spiral's colour, or none for text only."),
        .number("strokeWidth", \.strokeWidth, .shape, unit: "px", range: .from(0, to: lengthLimit), slider: 0...30, "Line width."),
        .choice("cap", \.cap, .shape, "Line ends: round, butt or square."),
        .choice("join", \.join, .shape, "Line joins: round, miter or bevel."),
        .flag("markers", \.markers, .shape, "Draw rings at the begin and end points."),
        .number("markerRadius", \.markerRadius, .shape, unit: "px", range: .positive(upTo: lengthLimit), slider: 1...30, "Ring radius."),
        .text("markerFillColor", \.markerFillColor, .color, type: .color, aliases: ["markerFill"], default: "none", "Inside the end rings."),
        .text("markerColor", \.markerColor, .color, type: .color, aliases: ["markerStroke"], default: "the line's colour", "The end rings."),
        .number("markerStrokeWidth", \.markerStrokeWidth, .shape, unit: "px", range: .from(0, to: lengthLimit), slider: 0...20, "Ring line width."),
        .text("background", \.background, .color, type: .color, default: "transparent", "A colour under the whole canvas."),
        .number("tolerance", \.tolerance, .shape, unit: "px", range: .positive(), slider: 0.01...2,
                "Largest distance of the drawn path from the true spiral, number rounding included."),
        .text("text", \.text, .content, "Text to set along the spiral."),
        .text("textFile", \.textFile, .content, type: .file, "Read the text from this file, or - for standard input, instead of --text."),
    ] + lifted(TextFontOptions.fields, into: \.fonts) + [
        .number("size", \.size, .text, unit: "px", range: .positive(upTo: lengthLimit), slider: 4...96, "Font size."),
        .number("tracking", \.tracking, .text, unit: "px", slider: -5...30, default: "0 px", "Extra space after each cluster but the last (CSS letter-spacing)."),
        .flag("fillSpiral", \.fillSpiral, .text, "Choose the tracking so the text runs from one end of the spiral to the other."),
        .choice("align", \.align, .text, named: TextAlignment.init(named:), "Which edge of the text sits at the anchor: start, center or end."),
        .choice("side", \.side, .text,
                "inside: tops toward the centre, runs counterclockwise from --from; outside: tops away from the centre, runs clockwise from --to."),
        .number("startAngle", \.startAngle, .text, unit: "°", slider: 0...3600, default: "where the text's path begins",
                "Put the text's anchor at this angle θ."),
        .number("startLength", \.startLength, .text, unit: "px", range: .from(0), slider: 0...5000, "Put the text's anchor this far along the spiral from --from."),
        .number("baselineShift", \.baselineShift, .text, unit: "px", slider: -40...40,
                default: "resting on the line: half --stroke-width + 1 px (0 px with no line), upright text half --size more",
                "Move the text along the normal; positive toward the glyph tops."),
        .flag("clip", \.clip, .text, "Drop the clusters that run past an end (a warning says how many) instead of failing."),
        .choice("effect", \.effect, .text, CurveGlyphs.help),
        .choice("orientation", \.orientation, .text, GlyphOrientation.help),
        .choice("justify", \.justify, .text, Justification.help),
        .text("textColor", \.textColor, .color, type: .color, aliases: ["textFill"], "The text's colour."),
    ] + lifted(DocumentOptions.fields, into: \.document) + [
        .number("padding", \.padding, .shape, unit: "px", range: .from(0, to: lengthLimit), slider: 0...60, "Space round the drawing when the canvas is fitted to it."),
    ]
}

extension SpiralOptions: DeclaredOptions, SpelledOptions {}

/// `curvetype fit`'s options.
public struct FitOptions: Sendable, Equatable {
    /// The text to fit (or give rows with --row) (the positional argument).
    public var text: String?
    /// Read the text from this file (- for standard input) instead (`--text-file`).
    public var textFile: String?
    /// Rows that never wrap (`--row`, repeated).
    public var rows: [String] = []
    /// The row (from 1) that sets the size.
    public var main: Int?
    /// `WIDTHxHEIGHT` in px.
    public var box: String?
    /// The text's font options: `--font`, `--face-index`, `--features`, `--fallback-font` and
    /// `--variations`.
    public var fonts = TextFontOptions()
    /// Largest font size in px (`--max-size`).
    public var maxSize = 1000.0
    /// Smallest font size in px (`--min-size`).
    public var minSize: Double?
    /// Smallest size as a fraction of --max-size (SwiftUI's minimumScaleFactor) (`--min-scale`).
    public var minScale: Double?
    /// At most this many lines (`--max-lines`).
    public var maxLines: Int?
    /// Multiple of the font's line height between baselines (`--line-height`).
    public var lineHeight = 1.0
    /// With rows: px between rows (rows then as tall as ascender − descender) (`--gap`).
    public var gap: Double?
    /// One alignment, or one per row, comma-separated.
    public var align = "center"
    /// top, center or bottom (`--valign`).
    public var valign = VerticalAlignment.center
    /// Lines of even width instead of greedy filling (`--balance`).
    public var balance = false
    /// Measure the ink, not advances and line height (`--tight`).
    public var tight = false
    /// When nothing fits at the minimum size, cut the text short with an ellipsis (`--truncate`).
    public var truncate = false
    /// The text's colour (old name: `fill`).
    public var textColor = "currentColor"
    /// Background colour of the box (default: transparent) (`--background`).
    public var background: String?
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()
    /// The names colour options were given by, where an old name was typed (for messages).
    public var spellings = OptionSpellings()

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The request these options describe. Throws when a value is refused, naming the option as it
    /// was typed.
    public func request() throws(CurveTypeError) -> FitRequest {
        guard let box else { throw .invalidInput("give the box to fit into (\(parameter: "box") WIDTHxHEIGHT)") }
        let content: FitContent
        switch (try commandText(text, file: textFile), rows.isEmpty) {
        case (nil, true): throw .invalidInput("give the text, or rows with \(parameter: "row")")
        case (.some, false): throw .invalidInput("give the text or \(parameter: "row"), not both")
        case (.some(let text), true):
            if main != nil { throw .invalidInput("\(parameter: "main") applies to rows: give them with \(parameter: "row")") }
            content = .text(text)
        case (nil, false):
            if let main, !(1...rows.count).contains(main) {
                throw .invalidInput("\(parameter: "main") must be from 1 to \(rows.count), the number of rows, not \(main)")
            }
            if tight || balance || truncate || maxLines != nil {
                throw .invalidInput("rows are one line each: \(parameter: "tight"), \(parameter: "balance"), \(parameter: "truncate") and \(parameter: "maxLines") apply to a text")
            }
            content = .rows(rows, main.map { .main($0 - 1) } ?? .min)
        }
        if minSize != nil && minScale != nil {
            throw .invalidInput("give \(parameter: "minSize") or \(parameter: "minScale"), not both")
        }
        if let minScale, !(minScale > 0 && minScale <= 1) {
            throw .invalidInput("\(parameter: "minScale") must be more than 0 and at most 1, not \(minScale)")
        }
        if gap != nil && rows.isEmpty { throw .invalidInput("\(parameter: "gap") applies to rows") }
        var alignments: [HorizontalAlignment] = []
        for name in align.split(separator: ",", omittingEmptySubsequences: false) {
            guard let a = HorizontalAlignment(named: name.trimmed()) else {
                throw .invalidInput("\(parameter: "align"): not an alignment: \"\(Diagnostic.escaped(String(name.prefix(40))))\" (use start, center or end; left, right, leading and trailing also work)")
            }
            alignments.append(a)
        }
        if alignments.count > 1 && alignments.count != rows.count {
            throw .invalidInput("give one alignment, or one per row (\(rows.count)), not \(alignments.count)")
        }
        let canvas = try CanvasSize(parsing: box, parameter: "box")
        return FitRequest(
            content, font: try fonts.request(), features: try fonts.parsedFeatures(), fallbackFonts: fonts.fallbacks,
            style: FitStyle(
                width: canvas.width, height: canvas.height, maxSize: maxSize,
                minSize: minSize ?? minScale.map { $0 * maxSize } ?? min(1, maxSize), maxLines: maxLines,
                lineHeight: lineHeight, align: alignments, valign: valign, breaking: balance ? .balanced : .greedy,
                tight: tight, truncate: truncate, gap: gap),
            fill: try paint(textColor, option: spellings.typed("textColor")),
            background: try background.map { c throws(CurveTypeError) in try paint(c, option: "background") }, glyphs: document.glyphs.drawing)
    }

    static let fields: [OptionField<FitOptions>] = [
        OptionField.argument("text", \.text, command: "fit", "The text to fit; each line feed starts a paragraph (or give rows with --row).").with { $0.lines = true },
        .text("textFile", \.textFile, .content, type: .file, "Read the text from this file, or - for standard input."),
        .texts("row", \.rows, .content, "A row that never wraps; repeat for more rows, all at one size."),
        .integer("main", \.main, .text, range: .from(1), default: "the row that fits smallest", "The row (from 1) that sets the size."),
        .text("box", \.box, .shape, type: .size, required: true, "The box to fit into, in px."),
    ] + lifted(TextFontOptions.fields, into: \.fonts) + [
        .number("maxSize", \.maxSize, .text, unit: "px", slider: 4...400, "Largest font size."),
        .number("minSize", \.minSize, .text, unit: "px", slider: 1...100, default: "1 px", "Smallest font size."),
        .number("minScale", \.minScale, .text, unit: "×", range: .positive(upTo: 1), slider: 0.05...1,
                "Smallest size as a fraction of --max-size (SwiftUI's minimumScaleFactor), instead of --min-size."),
        .integer("maxLines", \.maxLines, .text, range: .from(1), slider: 1...10, default: "as many as fit", "At most this many lines."),
        .number("lineHeight", \.lineHeight, .text, unit: "×", range: .positive(), slider: 0.5...3, "Multiple of the font's line height between baselines."),
        .number("gap", \.gap, .text, unit: "px", range: .from(0, to: lengthLimit), slider: 0...60, default: "the font's line gap",
                "With rows: space between rows (rows then as tall as ascender − descender)."),
        .text("align", \.align, .text, "One alignment (start, center, end; left, right, leading and trailing also work), or one per row, comma-separated."),
        .choice("valign", \.valign, .text, "Where the lines sit in the box: top, center or bottom."),
        .flag("balance", \.balance, .text, "Lines of even width instead of greedy filling."),
        .flag("tight", \.tight, .text, "Measure the ink, not advances and line height."),
        .flag("truncate", \.truncate, .text, "When nothing fits at the smallest size, cut the text short with an ellipsis."),
        .text("textColor", \.textColor, .color, type: .color, aliases: ["fill"], "The text's colour."),
        .text("background", \.background, .color, type: .color, default: "transparent", "The box's colour."),
    ] + lifted(DocumentOptions.fields, into: \.document)
}

extension FitOptions: DeclaredOptions, SpelledOptions {}

/// `curvetype angle`'s options.
public struct AngleOptions: Sendable, Equatable {
    /// The angle, −360…360.
    public var degrees: Double?
    /// bottom-right (the seed: base ray to the left) or bottom-left (textbook: base ray to the
    /// right) (`--vertex`).
    public var vertex = AngleVertex.bottomRight
    /// Side of the square frame in px (`--frame`).
    public var frame = 400.0
    /// Inset on every side of the frame in px; the rays are as long as what remains (`--inset`).
    public var inset = 100.0
    /// Line width of the rays in px (`--stroke-width`).
    public var strokeWidth = 10.0
    /// Ray ends: round, butt or square (`--cap`).
    public var cap = LineCap.round
    /// The join at the vertex: round, miter or bevel (`--join`).
    public var join = LineJoin.round
    /// Rays, marker and label colour (`--ink-color`; `--color` is the badge's message colour).
    public var inkColor = "currentColor"
    /// Colour in light mode (with --dark: a prefers-color-scheme style) (`--light`).
    public var light: String?
    /// Colour in dark mode (with --light) (`--dark`).
    public var dark: String?
    /// Radius of the arc marker in px (a square marks exactly 90°) (`--marker-radius`).
    public var markerRadius = 40.0
    /// Line width of the marker in px (default: 40 % of the stroke width) (`--marker-width`).
    public var markerWidth: Double?
    /// Draw no marker (`--no-marker`).
    public var noMarker = false
    /// Draw no label (`--no-label`).
    public var noLabel = false
    /// Label size in px (`--label-size`).
    public var labelSize = 24.0
    /// degrees (45°), radians (0.79 rad) or pi (π/4) (`--unit`).
    public var unit = AngleUnit.degrees
    /// Decimals in the label (default: 0 for degrees, 2 otherwise) (`--decimals`).
    public var decimals: Int?
    /// A title above the shape, with a clockwise-arrow symbol (the seed's "Angle") (`--header`).
    public var header: String?
    /// Write the value again under the shape (`--readout`).
    public var readout = false
    /// The angle an animation starts at.
    public var from: Double?
    /// Seconds.
    public var duration = 0.35
    /// linear, ease-in, ease-out or ease-in-out (`--easing`).
    public var easing = Easing.easeInOut
    /// Frames written as separate files into `outDir` (the CLI only).
    public var frames: Int?
    /// Folder for --frames (made if missing): angle-0001.svg, angle-0002.svg, … (`--out-dir`).
    public var outDir: String?
    /// A colour under the whole canvas; `nil`: transparent.
    public var background: String?
    /// The text's font options: `--font`, `--face-index`, `--features`, `--fallback-font` and
    /// `--variations`.
    public var fonts = TextFontOptions()
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The request; with `frames`, checks them too (the caller writes the frames).
    /// `hasOutputs`: whether -o or --layout were given, which frames rule out.
    public func request(hasOutputs: Bool = false) throws(CurveTypeError) -> AngleRequest {
        guard let degrees else { throw .invalidInput("give the angle in degrees") }
        if let frames, !(2...AngleRequest.maximumFrames).contains(frames) {
            throw .invalidInput("\(parameter: "frames") must be at least 2 and at most \(AngleRequest.maximumFrames), not \(frames)")
        }
        if (light == nil) != (dark == nil) { throw .invalidInput("give \(parameter: "light") and \(parameter: "dark") together") }
        if frames != nil && from == nil { throw .invalidInput("\(parameter: "frames") needs \(parameter: "from"), the angle the animation starts at") }
        if (frames == nil) != (outDir == nil) { throw .invalidInput("give \(parameter: "frames") and \(parameter: "outDir") together") }
        if frames != nil && hasOutputs {
            throw .invalidInput("\(parameter: "frames") writes into \(parameter: "outDir"): give no -o or \(parameter: "layout") with it")
        }
        let lightDark = try light.map { light throws(CurveTypeError) in (light: try paint(light, option: "light"), dark: try paint(dark ?? light, option: dark == nil ? "light" : "dark")) }
        return AngleRequest(
            angle: degrees, orientation: vertex, frame: frame, inset: inset, strokeWidth: strokeWidth, cap: cap,
            join: join, color: try paint(inkColor, option: "inkColor"), lightDark: lightDark,
            markerRadius: noMarker ? nil : markerRadius, markerWidth: markerWidth, label: !noLabel,
            labelSize: labelSize, font: try fonts.request(), features: try fonts.parsedFeatures(),
            fallbackFonts: fonts.fallbacks, background: try background.map { c throws(CurveTypeError) in try paint(c, option: "background") },
            unit: unit, decimals: decimals, header: header,
            readout: readout, animation: from.map { AngleAnimation(from: $0, duration: duration, easing: easing) },
            glyphs: document.glyphs.drawing)
    }

    static let fields: [OptionField<AngleOptions>] = [
        OptionField(declaration: OptionRange.from(-360, to: 360).applied(
                        to: OptionDeclaration(name: "angle", kind: .positional, type: .number, help: "The angle.", required: true, group: .content),
                        unit: "°", slider: -360...360),
                    read: { o, r throws(CurveTypeError) in
                        guard let argument = try r.argument("angle") else { return }
                        guard let value = Double(argument) else {
                            throw .invalidInput("the angle must be a number, not \"\(Diagnostic.escaped(String(argument.prefix(40))))\"")
                        }
                        o.degrees = value
                    },
                    shown: { _ in nil }),
        .choice("vertex", \.vertex, .shape, "bottom-right (the seed: base ray to the left) or bottom-left (textbook: base ray to the right)."),
        .number("frame", \.frame, .shape, unit: "px", range: .positive(upTo: lengthLimit), slider: 100...800, "Side of the square frame."),
        .number("inset", \.inset, .shape, unit: "px", range: .from(0), slider: 0...300, "Inset on every side of the frame; the rays are as long as what remains."),
        .number("strokeWidth", \.strokeWidth, .shape, unit: "px", range: .from(0), slider: 0...40, "Line width of the rays."),
        .choice("cap", \.cap, .shape, "Ray ends: round, butt or square."),
        .choice("join", \.join, .shape, "The join at the vertex: round, miter or bevel."),
        OptionField.text("inkColor", \.inkColor, .color, type: .color, "Colour of rays, marker and label.").with { $0.retiredNames = ["color"] },
        .text("background", \.background, .color, type: .color, default: "transparent", "A colour under the whole canvas."),
        .text("light", \.light, .color, type: .color, "Colour in light mode (with --dark: a prefers-color-scheme style)."),
        .text("dark", \.dark, .color, type: .color, "Colour in dark mode (with --light)."),
        .number("markerRadius", \.markerRadius, .shape, unit: "px", range: .positive(), slider: 5...200, "Radius of the arc marker (a square marks exactly 90°)."),
        .number("markerWidth", \.markerWidth, .shape, unit: "px", range: .from(0), slider: 0...20, default: "40 % of the stroke width", "Line width of the marker."),
        .flag("noMarker", \.noMarker, .shape, "Draw no marker."),
        .flag("noLabel", \.noLabel, .text, "Draw no label."),
        .number("labelSize", \.labelSize, .text, unit: "px", range: .positive(), slider: 6...96, "Label size."),
        .choice("unit", \.unit, .text, "degrees (45°), radians (0.79 rad) or pi (π/4)."),
        .integer("decimals", \.decimals, .text, range: .from(0, to: 6), slider: 0...6, default: "0 for degrees, 2 otherwise", "Decimals in the label."),
        .text("header", \.header, .content, "A title above the shape, with a clockwise-arrow symbol (the seed's \"Angle\")."),
        .flag("readout", \.readout, .text, "Write the value again under the shape."),
        .number("from", \.from, .shape, unit: "°", slider: -360...360, "Animate from this angle (SMIL; a viewer without animation shows the final angle)."),
        .number("duration", \.duration, .shape, unit: "s", range: .positive(upTo: 3600), slider: 0.05...5, "Animation length."),
        .choice("easing", \.easing, .shape, "linear, ease-in, ease-out or ease-in-out."),
        .integer("frames", \.frames, .output, range: .from(2, to: 600),
                 "Write this many still SVGs of the animation into --out-dir instead (command line only)."),
        .text("outDir", \.outDir, .output, type: .file, "Folder for --frames (made if missing): angle-0001.svg, angle-0002.svg, …"),
    ] + lifted(TextFontOptions.fields, into: \.fonts) + lifted(DocumentOptions.fields, into: \.document)
}

extension AngleOptions: DeclaredOptions {}

/// `curvetype path`'s options: the text, one shape (`d`, `ellipse` or `rect`), and how the text
/// follows it.
public struct PathOptions: Sendable, Equatable {
    /// The text to set (use -- before text that starts with '-') (the positional argument).
    public var text: String?
    /// Read the text from this file (- for standard input) instead (`--text-file`).
    public var textFile: String?
    /// SVG path data, px.
    public var d: String?
    /// `RXxRY`: an ellipse about (0, 0), from 12 o'clock clockwise.
    public var ellipse: String?
    /// `WxH` or `WxH:R`: a rectangle from (0, 0), corners rounded R px, as SVG's `<rect>`.
    public var rect: String?
    /// An SVG file whose `<path>` (the first, or `pathID`'s) the text follows, its transforms
    /// applied, in the file's user units.
    public var pathFile: String?
    /// The id of the <path> in --path-file to follow (`--path-i-d`).
    public var pathID: String?
    /// The text's font options: `--font`, `--face-index`, `--features`, `--fallback-font` and
    /// `--variations`.
    public var fonts = TextFontOptions()
    /// px
    public var size = 16.0
    /// px, or a percentage of the path's length (`50%`).
    public var startOffset = "0"
    /// Which edge of the text lies at the start offset: start, center or end (left, right, leading
    /// and trailing also work) (`--align`).
    public var align = TextAlignment.start
    /// left: the text stands left of the path's direction (as written); right: the path is
    /// travelled reversed (`--side`).
    public var side = PathSide.left
    /// Extra px between clusters (letter-spacing) (`--tracking`).
    public var tracking: Double?
    /// Choose the tracking so the text fills the path (evenly round a closed one) (`--fit`).
    public var fit = false
    /// px along the normal; positive moves the text toward the glyph tops (`--baseline-shift`).
    public var baselineShift = 0.0
    /// Which line of the text lies on the path: baseline, ascender, descender or center
    /// (`--on-path`).
    public var onPath = PathLine.baseline
    /// rotate (as <textPath>), skew, ribbon, stair-step, gravity, or bend (outlines bent along the
    /// path) (`--effect`).
    public var effect = PathEffect.auto
    /// Which way glyphs stand (`--orientation`): sideways along the path, or upright in
    /// vertical writing.
    public var orientation = GlyphOrientation.sideways
    /// What `--fit`'s room stretches (`--justify`): the gaps, or Arabic words by kashida.
    public var justify = Justification.gaps
    /// px, for `bend`.
    public var tolerance = 0.05
    /// Drop every cluster not wholly on an open path, quietly (by default clusters whose middle
    /// falls off are dropped with a warning) (`--clip`).
    public var clip = false
    /// The text's colour (old name: `fill`).
    public var textColor = "currentColor"
    /// A colour to stroke the path itself in, under the text.
    /// Also draw the path in this colour (old name: `pathStroke`).
    public var lineColor: String?
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()
    /// The names colour options were given by, where an old name was typed (for messages).
    public var spellings = OptionSpellings()
    /// Canvas size WIDTHxHEIGHT in px, in the path's coordinates (default: fit to the ink)
    /// (`--canvas`).
    public var canvas: String?
    /// px of space around the ink when fitting the viewBox (`--padding`).
    public var padding = 4.0
    /// A colour under the whole canvas; `nil`: transparent.
    public var background: String?

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The request these options describe. Throws when a value is refused, naming the option as it
    /// was typed.
    public func request() throws(CurveTypeError) -> PathTextRequest {
        let shapes: [ErrorText] = [d.map { _ in "\(parameter: "d")" }, ellipse.map { _ in "\(parameter: "ellipse")" },
                                   rect.map { _ in "\(parameter: "rect")" }, pathFile.map { _ in "\(parameter: "pathFile")" }].compactMap { $0 }
        if pathID != nil && pathFile == nil { throw .invalidInput("\(parameter: "pathId") names a path of \(parameter: "pathFile"): give \(parameter: "pathFile") too") }
        guard shapes.count == 1 else {
            throw .invalidInput(shapes.isEmpty ? "give the path: \(parameter: "d") DATA, \(parameter: "pathFile") FILE.svg, \(parameter: "ellipse") RXxRY or \(parameter: "rect") WxH[:R]"
                                               : shapes.dropFirst().reduce("give one path, not " + shapes[0]) { $0 + " and " + $1 })
        }
        if fit && tracking != nil { throw .invalidInput("\(parameter: "fit") chooses the tracking: give \(parameter: "fit") or \(parameter: "tracking"), not both") }
        guard let text = try commandText(text, file: textFile) else { throw .invalidInput("give the text, or \(parameter: "textFile")") }
        guard let startOffset = PathOffset(parsing: startOffset) else {
            throw .invalidInput("\(parameter: "startOffset") must be px or a percentage, such as 20 or 50%, not \"\(Diagnostic.escaped(String(startOffset.prefix(40))))\"")
        }
        var request = PathTextRequest(
            text: text, path: try shapePath(), font: try fonts.request(), features: try fonts.parsedFeatures(), fallbackFonts: fonts.fallbacks,
            style: PathTextStyle(size: size, startOffset: startOffset, align: align, side: side, tracking: tracking ?? 0,
                                 fitsPath: fit, baselineShift: baselineShift, line: onPath, effect: effect, clip: clip),
            fill: try paint(textColor, option: spellings.typed("textColor")), glyphs: document.glyphs.drawing,
            canvas: try canvas.map { text throws(CurveTypeError) in try CanvasSize(parsing: text) }, padding: padding,
            tolerance: tolerance, pathStroke: try lineColor.map { c throws(CurveTypeError) in try paint(c, option: spellings.typed("lineColor")) },
            background: try background.map { c throws(CurveTypeError) in try paint(c, option: "background") })
        request.orientation = orientation
        request.justify = justify
        return request
    }

    /// The path the options name, px.
    private func shapePath() throws(CurveTypeError) -> Path {
        let limit = CircleTextStyle.maximumLength
        // `AxB`, or with `rounded` `AxB:R`: the numbers, each from 0 to the limit.
        func sizes(_ text: String, _ option: String, _ form: String, rounded: Bool = false) throws(CurveTypeError) -> [Double] {
            let pieces = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let radius: [Double?] = rounded && pieces.count == 2 ? [Double(pieces[1].trimmed())] : []
            let pair = (rounded || pieces.count == 1) ? numberPair(pieces[0]) : nil
            let numbers = pair.map { [$0.0, $0.1] + radius } ?? [nil]
            guard numbers.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 && $0 <= limit } ?? false }) else {
                throw .invalidInput("\(parameter: option) must be \(form) in px, each from 0 to \(Int(limit)), not \"\(Diagnostic.escaped(String(text.prefix(40))))\"")
            }
            return numbers.compactMap { $0 }
        }
        let data: String
        var transform = AffineMap.identity
        if let d {
            data = d
        } else if let pathFile {
            (data, transform) = try Self.path(inFile: pathFile, id: pathID)
        } else if let ellipse {
            let r = try sizes(ellipse, "ellipse", "RXxRY")
            guard r.count == 2, r[0] > 0, r[1] > 0 else { throw .invalidInput("\(parameter: "ellipse") must be RXxRY in px, both greater than 0, such as 120x80") }
            // From 12 o'clock clockwise, so text that starts there reads upright along the top
            // (from SVG's 3 o'clock it ran down the side and upside down along the bottom).
            data = "M 0 \(-r[1]) A \(r[0]) \(r[1]) 0 0 1 0 \(r[1]) A \(r[0]) \(r[1]) 0 0 1 0 \(-r[1]) Z"
        } else {
            let s = try sizes(rect ?? "", "rect", "WxH or WxH:R", rounded: true)
            guard s.count == 2 || s.count == 3, s[0] > 0, s[1] > 0 else {
                throw .invalidInput("\(parameter: "rect") must be WxH or WxH:R in px, width and height greater than 0, such as 300x100:20")
            }
            // SVG's <rect>: radius at most half of each side; from the top edge after the corner, clockwise.
            let (w, h) = (s[0], s[1])
            let r = min(s.count == 3 ? s[2] : 0, w / 2, h / 2)
            data = r > 0
                ? "M \(r) 0 H \(w - r) A \(r) \(r) 0 0 1 \(w) \(r) V \(h - r) A \(r) \(r) 0 0 1 \(w - r) \(h) H \(r) A \(r) \(r) 0 0 1 0 \(h - r) V \(r) A \(r) \(r) 0 0 1 \(r) 0 Z"
                : "M 0 0 H \(w) V \(h) H 0 Z"
        }
        do { return try Path(svgPathData: data).transformed(by: transform) } catch {
            throw .invalidInput(ErrorText((pathFile.map { "\($0): " } ?? "") + error.description))
        }
    }

    /// The path data and transform of `id`'s `<path>` (the first without `id`) in an SVG file,
    /// read as a logo is: through `SafeSVG`, a stream, at most its size limit.
    private static func path(inFile file: String, id: String?) throws(CurveTypeError) -> (String, AffineMap) {
        let bytes = try readUserFile(file, what: "path", limit: SafeSVG.maximumBytes + 1, shown: SafeSVG.maximumBytes)
        if let kind = Self.pictureKind(bytes) {
            throw .invalidInput("\(file) is \(kind), not an SVG file: \(parameter: "pathFile") follows an SVG's <path>")
        }
        do throws(SVGError) {
            // A path needs no canvas: its file may give no size.
            guard let found = try SafeSVG(parsing: bytes, sized: false).path(id: id) else {
                throw SVGError.invalidLogo(id.map { "it has no <path> with id \"\(Diagnostic.escaped(String($0.prefix(40))))\"" } ?? "it has no <path>")
            }
            return found
        } catch {
            guard case .invalidLogo(let reason) = error else { throw .invalidInput("\(file): \(error.description)") }
            throw .invalidInput("\(file): \(reason)")
        }
    }

    /// What a file that is no SVG is, by its first bytes (a picture or an archive people give
    /// by mistake); `nil` for anything else, which the SVG reader then reads (an image read
    /// as XML said "a '&' starts no entity").
    static func pictureKind(_ bytes: [UInt8]) -> String? {
        func starts(_ signature: [UInt8]) -> Bool { bytes.starts(with: signature) }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a PNG picture" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG picture" }
        if starts(Array("GIF8".utf8)) { return "a GIF picture" }
        if starts(Array("RIFF".utf8)) && bytes.count >= 12 && Array(bytes[8..<12]) == Array("WEBP".utf8) { return "a WebP picture" }
        if starts(Array("%PDF-".utf8)) { return "a PDF document" }
        if starts([0x1F, 0x8B]) { return "compressed (gzip; an .svgz must be unpacked first)" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
        return nil
    }

    static let fields: [OptionField<PathOptions>] = [
        .argument("text", \.text, command: "path", "The text to set (-- before text that starts with -)."),
        .text("textFile", \.textFile, .content, type: .file, "Read the text from this file, or - for standard input."),
        .text("d", \.d, .shape, type: .pathData, "SVG path data in px: the path the text follows."),
        .text("ellipse", \.ellipse, .shape, type: .size, "RXxRY: an ellipse about (0, 0), from 12 o'clock clockwise (text from there reads upright along the top)."),
        .text("rect", \.rect, .shape, "WxH or WxH:R: a rectangle from (0, 0), corners rounded R px, as SVG's <rect>."),
        .text("pathFile", \.pathFile, .shape, type: .file, "An SVG file whose <path> the text follows, its transforms applied."),
        .text("pathId", \.pathID, .shape, default: "the first", "The id of the <path> in --path-file to follow."),
    ] + lifted(TextFontOptions.fields, into: \.fonts) + [
        .number("size", \.size, .text, unit: "px", range: .positive(upTo: lengthLimit), slider: 4...96, "Font size."),
        .text("startOffset", \.startOffset, .text, "Where the text starts along the path: px, or a percentage of its length (50%)."),
        .choice("align", \.align, .text, named: TextAlignment.init(named:), "Which edge of the text lies at the start offset: start, center or end."),
        .choice("side", \.side, .text, "left: the text stands left of the path's direction, as written; right: the path is travelled reversed."),
        .number("tracking", \.tracking, .text, unit: "px", slider: -5...30, default: "0 px", "Extra space after each cluster but the last (CSS letter-spacing)."),
        .flag("fit", \.fit, .text, "Choose the tracking so the text fills the path (evenly round a closed one)."),
        .number("baselineShift", \.baselineShift, .text, unit: "px", slider: -40...40, "Move the text along the normal; positive toward the glyph tops."),
        .choice("onPath", \.onPath, .text, "Which line of the text lies on the path: baseline, ascender, descender or center."),
        .choice("effect", \.effect, .text,
                "auto: as rotate, but each word of joined writing (whose letters' ink touches: Arabic, Devanagari, Newa, a cursive hand, …) bent as one; rotate (as <textPath>), skew, ribbon, stair-step, gravity, or bend (outlines bent along the path)."),
        .choice("orientation", \.orientation, .text, GlyphOrientation.help),
        .choice("justify", \.justify, .text, Justification.help),
        .number("tolerance", \.tolerance, .text, unit: "px", range: .from(0.001, to: 100), slider: 0.01...2,
                "For bend: largest distance of a bent outline from the exact bend."),
        .flag("clip", \.clip, .text, "Drop every cluster not wholly on an open path, quietly (by default those whose middle falls off go, with a warning)."),
        .text("textColor", \.textColor, .color, type: .color, aliases: ["fill"], "The text's colour."),
        .text("lineColor", \.lineColor, .color, type: .color, aliases: ["pathStroke"], default: "not drawn", "Also draw the path in this colour, under the text."),
    ] + lifted(DocumentOptions.fields, into: \.document) + [
        .text("canvas", \.canvas, .shape, type: .size, default: "fitted to the ink", "A fixed canvas in px, in the path's coordinates."),
        .number("padding", \.padding, .shape, unit: "px", range: .from(0, to: lengthLimit), slider: 0...60, "Space round the ink when the canvas is fitted to it."),
        .text("background", \.background, .color, type: .color, default: "transparent", "A colour under the whole canvas."),
    ]
}

extension PathOptions: DeclaredOptions, SpelledOptions {}

/// `curvetype warp`'s options: text warped into one of the forty preset shapes.
public struct WarpOptions: Sendable, Equatable {
    /// The text; each line feed starts a line (the positional argument).
    public var text: String?
    /// Read the text from this file (- for standard input) instead (`--text-file`).
    public var textFile: String?
    /// Lines of text, one each, instead of the text (`--line`, repeated).
    public var lines: [String] = []
    /// The preset's name in kebab case (`arch-up`, `wave1`) or the spec's (`textArchUp`).
    public var preset: String?
    /// Adjust values in the spec's units: `adj1=12500,adj2=0`, or one number for a preset with
    /// one (`--adjust`).
    public var adjust: String?
    /// The shape's box, `WxH` in px (`--box`).
    public var box = "400x200"
    /// The text's font options: `--font`, `--face-index`, `--features`, `--fallback-font` and
    /// `--variations`.
    public var fonts = TextFontOptions()
    /// px: the largest distance of a warped outline from the exact warp (`--tolerance`).
    public var tolerance = 0.05
    /// The text's colour (old name: `fill`).
    public var textColor = "currentColor"
    /// Also draw the preset's paths in this colour, under the text (`--line-color`).
    public var lineColor: String?
    /// How the document is written: `--glyphs`, `--precision` and `--id-prefix`.
    public var document = DocumentOptions()
    /// The names colour options were given by, where an old name was typed (for messages).
    public var spellings = OptionSpellings()
    /// px of space round the box and the ink (`--padding`).
    public var padding = 4.0
    /// A colour under the whole canvas; `nil`: transparent.
    public var background: String?
    /// Font size in px on a baseline preset (`--size`); `nil`: 32 px.
    public var size: Double?
    /// Where each line sits along a baseline preset's path, or among an envelope's rows
    /// (`--align`); `nil`: center.
    public var align: TextAlignment?
    /// Stretch each line along the whole path of a baseline preset (`--fit-path`).
    public var fitPath = false
    /// Fit the canvas to the ink instead of the whole box (`--crop-to-ink`).
    public var cropToInk = false

    /// Every option at its default, as the command line starts.
    public init() {}

    /// The request these options describe. Throws when a value is refused, naming the option as it
    /// was typed.
    public func request() throws(CurveTypeError) -> WarpRequest {
        guard let name = preset else { throw .invalidInput("give the shape: \(parameter: "preset") NAME (\(TextWarpPreset.all.map(\.name).joined(separator: ", ")))") }
        let preset = try Self.preset(named: name)
        if !lines.isEmpty && (text != nil || textFile != nil) { throw .invalidInput("give the text, \(parameter: "textFile") or \(parameter: "line"), not two of them") }
        guard let text = lines.isEmpty ? try commandText(text, file: textFile) : lines.joined(separator: "\n") else {
            throw .invalidInput("give the text, \(parameter: "textFile") or \(parameter: "line")")
        }
        let box = try CanvasSize(parsing: box, parameter: "box")
        var request = WarpRequest(
            text: text, preset: preset, adjust: try Self.adjust(adjust, of: preset), box: box,
            font: try fonts.request(), features: try fonts.parsedFeatures(), fallbackFonts: fonts.fallbacks,
            fill: try paint(textColor, option: spellings.typed("textColor")), glyphs: document.glyphs.drawing, padding: padding, tolerance: tolerance,
            edgeStroke: try lineColor.map { c throws(CurveTypeError) in try paint(c, option: "lineColor") },
            background: try background.map { c throws(CurveTypeError) in try paint(c, option: "background") },
            fontSize: size, alignment: align, fitPath: fitPath)
        request.cropsToInk = cropToInk
        return request
    }

    /// The preset named `name` (kebab case or the spec's), or an error naming the closest.
    static func preset(named name: String) throws(CurveTypeError) -> TextWarpPreset {
        if let preset = TextWarpPreset.named(name) { return preset }
        let candidates = TextWarpPreset.all.flatMap { [(spelling: $0.name, name: $0.name), (spelling: $0.specName.lowercased(), name: $0.name)] }
        let best = closestName(to: Array(name.lowercased().unicodeScalars), among: candidates, limit: 4)
        throw .invalidInput("unknown preset '\(Diagnostic.escaped(String(name.prefix(40))))'\(best.map { " (did you mean \($0)?)" } ?? "") (the presets: \(TextWarpPreset.all.map(\.name).joined(separator: ", ")))")
    }

    /// `adj1=12500,adj2=0` read as numbers by name; a bare number names a preset's only value.
    static func adjust(_ text: String?, of preset: TextWarpPreset) throws(CurveTypeError) -> [String: Double] {
        guard let text else { return [:] }
        let defaults = (try? preset.defaults(width: 1, height: 1)) ?? [:]
        let example = preset.adjustments.map { "\($0.name)=\(shortestDigits(defaults[$0.name] ?? 0))" }.joined(separator: ",")
        let form: ErrorText = "\(parameter: "adjust") must be NAME=VALUE pairs separated by commas\(example.isEmpty ? "" : ", such as \(example)")"
        var out: [String: Double] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false).map { $0.trimmed() }
            let name: String, value: Substring
            if parts.count == 1 && preset.adjustments.count == 1 {
                (name, value) = (preset.adjustments[0].name, Substring(parts[0]))
            } else if parts.count == 2 && !parts[0].isEmpty {
                (name, value) = (String(parts[0]), Substring(parts[1]))
            } else {
                throw .invalidInput(form + ", not \"\(Diagnostic.escaped(String(text.prefix(60))))\"")
            }
            guard let number = Double(value), number.isFinite else {
                throw .invalidInput("\(parameter: "adjust"): \(Diagnostic.escaped(String(name.prefix(40)))) must be a number, not \"\(Diagnostic.escaped(String(value.prefix(40))))\"")
            }
            guard out[name] == nil else { throw .invalidInput("\(parameter: "adjust") gives \(Diagnostic.escaped(String(name.prefix(40)))) twice") }
            out[name] = number
        }
        return out
    }

    static let fields: [OptionField<WarpOptions>] = [
        OptionField.argument("text", \.text, command: "warp", "The text; each line feed starts a line (-- before text that starts with -).").with { $0.lines = true },
        .text("textFile", \.textFile, .content, type: .file, "Read the text from this file, or - for standard input."),
        .texts("line", \.lines, .content, "One line of the text, instead of TEXT; repeat it for more lines."),
        OptionField.text("preset", \.preset, .shape, type: .choice, required: true,
                         "The shape: one of the forty WordArt presets, in kebab case (arch-up, wave1) or as the spec names it (textArchUp).")
            .with { $0.choices = TextWarpPreset.all.map(\.name) },
        .text("adjust", \.adjust, .shape, default: "the preset's",
              "Adjust values in the spec's units (angles in 60,000ths of a degree, lengths in 100,000ths of the box): adj1=12500,adj2=0, or one number."),
        .text("box", \.box, .shape, type: .size, "WxH: the shape's box in px; the preset's paths are drawn in it."),
        .number("size", \.size, .text, unit: "px", range: .positive(upTo: lengthLimit), slider: 4...96,
                default: "\(shortestDigits(WarpRequest.defaultBaselineSize)) px",
                "Font size on a baseline preset (arch-up, arch-down, circle, button), whose text keeps its natural width along the path (smaller if it would not fit); envelopes stretch the text to fill them."),
        .choice("align", \.align, .text, named: TextAlignment.init(named:), default: "center",
                "Where each line sits: along a baseline preset's path, or beside the longest row in an envelope: start, center or end."),
        .flag("fitPath", \.fitPath, .text, "Stretch each line along the whole path of a baseline preset instead of keeping its natural width."),
        .flag("cropToInk", \.cropToInk, .shape, "Fit the canvas to the ink (and the preset's lines, if drawn) instead of the whole box."),
    ] + lifted(TextFontOptions.fields, into: \.fonts) + [
        .number("tolerance", \.tolerance, .text, unit: "px", range: .from(0.001, to: 100), slider: 0.01...2,
                "Largest distance of a warped outline from the exact warp."),
        .text("textColor", \.textColor, .color, type: .color, aliases: ["fill"], "The text's colour."),
        .text("lineColor", \.lineColor, .color, type: .color, default: "not drawn", "Also draw the preset's paths in this colour, under the text."),
    ] + lifted(DocumentOptions.fields, into: \.document) + [
        .number("padding", \.padding, .shape, unit: "px", range: .from(0, to: lengthLimit), slider: 0...60, "Space round the box and the ink."),
        .text("background", \.background, .color, type: .color, default: "transparent", "A colour under the whole canvas."),
    ]
}

extension WarpOptions: DeclaredOptions, SpelledOptions {}
