import CurveTypeEffects
import CurveTypeFrame
import CurveTypeMachine
import CurveTypeRaster
import CurveTypeSVG
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The file formats a drawing is written in.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// SVG: the golden format, text.
    case svg
    /// PNG: pixels, `scale` per px (e-mail, marketplaces, chat).
    case png
    /// PDF: one page, 0.75 pt per px (print).
    case pdf
    /// DXF (AutoCAD R12) for laser, CNC and CAD software: polylines with arcs, a layer per colour.
    case dxf
    /// G-code for lasers, CNC routers and pen plotters: G0/G1 with G2/G3 arcs.
    case gcode
    /// HPGL for pen plotters and vinyl cutters.
    case hpgl
    /// SVG for pen plotters: strokes only, at true size, in an order that keeps the pen's
    /// travel short.
    case plotterSVG = "plotter-svg"

    /// The format a path's extension names (`.png`, `.PDF`, `.nc`); `nil` for any other.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        switch ext {
        case "nc", "ngc", "gc", "gco": self = .gcode
        case "plt", "hpg": self = .hpgl
        case "plotter-svg": return nil
        default: self.init(rawValue: ext)
        }
    }

    /// Whether it is for a machine to follow (DXF, G-code, HPGL, plotter SVG): strokes and
    /// outlines in mm or inches, not a picture.
    public var isForMachines: Bool { self == .dxf || self == .gcode || self == .hpgl || self == .plotterSVG }

    /// The extension a file of this format takes.
    public var fileExtension: String { self == .plotterSVG ? "svg" : rawValue }

    /// An address's end split off where it names a picture format (`build.svg`, `a/b.png`): the
    /// rest, and the format, case-sensitive as shields' routes read it; `nil` where none.
    public static func splitting(_ address: Substring) -> (rest: Substring, format: OutputFormat?) {
        for candidate in [OutputFormat.svg, .png, .pdf] where address.hasSuffix("." + candidate.rawValue) {
            return (address.dropLast(candidate.rawValue.count + 1), candidate)
        }
        return (address, nil)
    }

    /// The media type a server answers with.
    public var mediaType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .png: "image/png"
        case .pdf: "application/pdf"
        case .dxf: "image/vnd.dxf"
        case .gcode: "text/x-gcode; charset=us-ascii"
        case .hpgl: "application/vnd.hp-hpgl"
        case .plotterSVG: "image/svg+xml"
        }
    }
}

/// How a drawing is written: the format, the unit, what is done to the drawing before any
/// writer (single-line pens, welding), and each writer's own settings: the PNG's scale and the
/// moment of an animation a PNG or PDF draws, `svg` for the SVG writer, `machine` for the
/// machine writers. Settings a format would ignore are refused (`check(for:frame:)`).
public struct OutputSettings: Sendable, Equatable {
    /// The format; `nil`: the output's extension says, else SVG.
    public var format: OutputFormat?
    /// PNG pixels per px, 1…8.
    public var scale = 1.0
    /// When an animated drawing is drawn into PNG or PDF, s from its start; `nil`: after its
    /// animations end.
    public var frameTime: Double?

    /// The unit lengths are read in, and a document's size is written in (`--units`): px
    /// unless said. Machine files are in it where it is mm, cm or in, else in mm.
    public var units = LengthUnit.px
    /// The pen's width for single-line fonts, px (read in `units`); `nil`: 0.04 em.
    public var penWidth: Double?
    /// Weld everything of one colour into one outline of simple polygons with holes (`--weld`).
    public var weld = false
    /// Offset the welded outlines for a beam this wide, px (read in `units`): out by half on
    /// pieces, in on holes, round joins (`--kerf`); `nil`: none. Welds.
    public var kerf: Double?
    /// Join every hole of the welded outlines to the outside by bridges this wide, px (read in
    /// `units`), so no island falls out of a stencil (`--stencil`); `nil`: none. Welds.
    public var stencil: Double?

    /// How an SVG is written: decimals, the id prefix, and whether text layers are written
    /// (`--precision`, `--id-prefix`, `--glyphs selectable`). Only the SVG writer reads them.
    public var svg = SVGSettings()
    /// How a machine file is written: its tolerance, arcs, and G-code's feed, power and
    /// template. Only the machine writers read them.
    public var machine = MachineFileSettings()

    /// Whether the drawing is welded into outlines before it is written.
    public var welds: Bool { weld || kerf != nil || stencil != nil }

    /// SVG, or what the output's extension names, at 1×, after animations end.
    public init(format: OutputFormat? = nil, scale: Double = 1, frameTime: Double? = nil) {
        self.format = format
        self.scale = scale
        self.frameTime = frameTime
    }

    /// The unit a machine file is written in: `units` where it is mm, cm or in, else mm.
    public var machineUnits: LengthUnit { units == .cm || units == .in ? units : .mm }

    /// `machineTolerance`, or its default, in `machineUnits`.
    public var toleranceInMachineUnits: Double { machine.tolerance ?? 0.01 / machineUnits.millimetres }

    /// The format for `output`: the one set, else the output's extension's, else SVG.
    public func format(for output: String?) -> OutputFormat {
        format ?? output.flatMap(OutputFormat.init(path:)) ?? .svg
    }

    /// The format for `output`, refusing a name whose extension is a picture format we do not
    /// write (`out.jpg`, `out.webp`): writing SVG bytes under it would mislead every program
    /// that opens it. Any other extension (or none) is SVG, unless `format` is set.
    public func checkedFormat(for output: String?) throws(CurveTypeError) -> OutputFormat {
        if format == nil, let output, let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
            let ext = output[output.index(after: dot)...].lowercased()
            if Self.otherPictureExtensions.contains(ext) {
                throw .invalidInput("cannot write .\(Diagnostic.escaped(String(ext.prefix(12)))) files: the output's extension must be .svg, .png, .pdf, .dxf, .gcode (.nc) or .hpgl (or give \(parameter: "format"))")
            }
        }
        return format(for: output)
    }

    /// Extensions of picture and document formats other programs write and we do not.
    // An array, not a Set: the first Set<String> in a process makes the Swift runtime scan every
    // conformance in the binary for String's Hashable (0.25 M instructions, callgrind), which a
    // badge would pay for this check alone.
    static let otherPictureExtensions: [String] = [
        "jpg", "jpeg", "jpe", "jfif", "gif", "webp", "avif", "heic", "heif", "bmp", "tif", "tiff", "ico", "eps", "ps", "emf", "wmf",
        "svgz", "jxl", "jp2", "tga", "psd", "xcf", "ai", "dwg",
    ]

    /// Refuses settings that would be ignored in `format` for `frame`: a PNG scale on SVG or
    /// PDF (vector formats, drawn at any size), and a moment of an animation on SVG (which
    /// carries the animation) or of a drawing that has none.
    public func check(for format: OutputFormat, frame: Frame?) throws(CurveTypeError) {
        // Each writer's own settings, refused by the others.
        try machine.check(for: format, welds: welds)
        try svg.check(for: format)
        if let frame, frame.hasSingleLineText {
            throw .invalidInput("a single-line font has no characters for a viewer to set: draw it with --glyphs outlines (the default)")
        }
        if penWidth != nil, let frame, !frame.hasSingleLineGlyphs {
            throw .invalidInput("\(parameter: "penWidth") draws single-line fonts (hershey:NAME, a .jhf file, an SVG font), and this drawing has none")
        }
        if format.isForMachines, frameTime != nil {
            throw .invalidInput("\(parameter: "frameTime") draws one moment into a PNG or PDF; a machine file is the drawing after its animations end")
        }
        if scale != 1 && format != .png {
            throw .invalidInput("\(parameter: "scale") sets a PNG's pixels per px; \(format == .svg ? "an SVG" : "a PDF") is drawn at any size: write a .png or give no \(parameter: "scale")")
        }
        if frameTime != nil, !format.isForMachines {
            guard format != .svg else {
                throw .invalidInput("\(parameter: "frameTime") draws one moment into a PNG or PDF; an SVG carries the whole animation: write a .png or .pdf or give no \(parameter: "frameTime")")
            }
            if let frame, !frame.isAnimated {
                throw .invalidInput("\(parameter: "frameTime") draws one moment of an animation, and this drawing has none (an angle with \(parameter: "from") has)")
            }
        }
    }

    /// The options that set these, the same on every command.
    static let fields: [OptionField<OutputSettings>] = {
        [
            .choice("format", \.format, .output, default: "the output's extension, else svg",
                    "svg, png, pdf, or for machines dxf, gcode, hpgl or plotter-svg, whatever the output's name (and on standard output)."),
            .number("scale", \.scale, .output, unit: "×", range: .from(1, to: 8).checkedBySettings, slider: 1...8,
                    "PNG pixels per px (2 for HiDPI screens)."),
            .number("frameTime", \.frameTime, .output, unit: "s", range: .from(0, to: 3600).checkedBySettings, slider: 0...2, default: "after it ends",
                    "Draw an animated angle into PNG or PDF at this time."),
            .choice("units", \.units, .output,
                    "Read every length (sizes, radii, widths, paddings, boxes) in this unit, and write an SVG at true size in it (width=\"80mm\"); machine files are in mm, cm or in. Path data stay in px."),
            .number("penWidth", \.penWidth, .output, unit: "px", range: .positive(upTo: 1000).checkedBySettings, slider: 0.1...10, default: "0.04 em",
                    "The pen's width for single-line fonts (hershey:NAME, .jhf, SVG fonts, OpenType-SVG strokes)."),
            .flag("weld", \.weld, .output,
                  "Weld everything of one colour into one outline: simple polygons with holes, no overlaps (Clipper), for cutting."),
            .number("kerf", \.kerf, .output, unit: "px", range: .positive(upTo: 1000).checkedBySettings, slider: 0.05...2, default: "none",
                    "Offset the welded outlines for a beam this wide: out by half on pieces, in on holes, round joins. Welds."),
            .number("stencil", \.stencil, .output, unit: "px", range: .positive(upTo: 1000).checkedBySettings, slider: 0.5...10, default: "none",
                    "Join each hole (the inside of O, A, B) to the outside by a bridge this wide, so nothing falls out. Welds."),
            .number("machineTolerance", \.machine.tolerance, .output, unit: "mm", range: .positive(upTo: 10).checkedBySettings, slider: 0.001...1, default: "0.01 mm",
                    "How far a machine file's lines and arcs may stray from the drawing (in inches with --units in)."),
            .flag("linesOnly", \.machine.linesOnly, .output,
                  "Straight lines only in machine files: G-code of G1 alone, DXF without bulges, for controllers without arcs."),
            .number("feed", \.machine.feed, .output, unit: "mm/min", range: .positive(upTo: 1_000_000).checkedBySettings, slider: 100...10_000,
                    "G-code's cutting feed (inches per minute with --units in)."),
            .number("power", \.machine.power, .output, range: .from(0, to: 1_000_000).checkedBySettings, slider: 0...1000,
                    "G-code's power, put for {power} in the template (a laser's S)."),
            .text("gcodeTemplate", \.machine.gcodeTemplate, .output, type: .file, default: "GRBL laser mode (M4 S{power} … M5)",
                  "A G-code template file: [start], [pen-down], [pen-up] and [end] sections of lines, with {feed} and {power}."),
        ]
    }()

    /// The declarations of `fields`.
    static var declarations: [OptionDeclaration] { declared(fields, defaults: OutputSettings()) }

    /// Reads `--format`, `--scale` and `--frame-time`, checked.
    mutating func read(_ reader: inout OptionReader) throws(CurveTypeError) {
        for field in Self.fields { try field.read(&self, &reader) }
        try validate()
    }

    /// Reads the output options and takes the SVG writer's settings from `command`'s document
    /// options.
    mutating func read(_ reader: inout OptionReader, for command: JobDescription.Command) throws(CurveTypeError) {
        try read(&reader)
        svg = try command.document.svgSettings()
    }

    /// These settings with the SVG writer's taken from `command`'s document options; where
    /// those are not valid, the command's request says so.
    func writing(_ command: JobDescription.Command) -> OutputSettings {
        var settings = self
        if let svg = try? command.document.svgSettings() { settings.svg = svg }
        return settings
    }

    /// Checks the scale and the time.
    public func validate() throws(CurveTypeError) {
        guard scale.isFinite, RasterFormat.scales.contains(scale) else {
            throw .invalidInput("\(parameter: "scale") must be from 1 to 8, not \(shortestDigits(scale))")
        }
        if let frameTime, !(frameTime.isFinite && frameTime >= 0 && frameTime <= 3600) {
            throw .invalidInput("\(parameter: "frameTime") must be from 0 to 3600 s, not \(shortestDigits(frameTime))")
        }
        if let penWidth, !(penWidth.isFinite && penWidth > 0 && penWidth <= 1000 * units.pixels) {
            throw .invalidInput("\(parameter: "penWidth") must be more than 0 and at most 1000 \(units.rawValue)")
        }
        for (value, name) in [(kerf, "kerf"), (stencil, "stencil")] {
            if let value, !(value.isFinite && value > 0 && value <= 1000 * units.pixels) {
                throw .invalidInput("\(parameter: name) must be more than 0 and at most 1000 \(units.rawValue)")
            }
        }
        try machine.validate()
    }

    /// `SOURCE_DATE_EPOCH` (seconds since 1970), the reproducible-builds convention for the
    /// date a PDF may carry; `nil` when unset or not a whole number of seconds.
    public static var sourceDateEpoch: Int64? {
        guard let text = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }), let seconds = Int64(text), seconds >= 0 else { return nil }
        return seconds
    }
}

/// How a machine file is written (DXF, G-code, HPGL, plotter SVG): only the machine writers
/// read these, and every other format refuses them.
public struct MachineFileSettings: Sendable, Equatable {
    /// How far a machine file's lines and arcs may stray from the drawing, mm (or the unit of
    /// `--units` where that is cm or in); `nil`: 0.01 mm. Welding uses it too.
    public var tolerance: Double?
    /// Straight lines only: G-code of G1 alone, DXF without bulges, a plotter SVG without arcs
    /// (for controllers without arcs).
    public var linesOnly = false
    /// G-code's feed, machine units (mm or in) per minute.
    public var feed = 1000.0
    /// G-code's power (`{power}` in the template: a laser's `S`).
    public var power = 1000.0
    /// A G-code template file (`[start]`, `[pen-down]`, `[pen-up]`, `[end]`); `nil`: GRBL's
    /// laser mode.
    public var gcodeTemplate: String?

    /// The defaults: 0.01 mm, arcs, GRBL's laser mode at feed and power 1000.
    public init() {}

    /// Refuses what `format` would ignore: these settings for a format not for machines (the
    /// tolerance also sets how a weld is flattened, so it is taken where the drawing `welds`),
    /// and G-code's for another machine format.
    func check(for format: OutputFormat, welds: Bool) throws(CurveTypeError) {
        if !format.isForMachines {
            for (given, name) in [(tolerance != nil && !welds, "machineTolerance"), (linesOnly, "linesOnly")] where given {
                throw .invalidInput("\(parameter: name) is for machine files: write .dxf, .gcode, .hpgl or --format plotter-svg, or give no \(parameter: name)")
            }
        }
        if format != .gcode {
            for (given, name) in [(feed != 1000, "feed"), (power != 1000, "power"), (gcodeTemplate != nil, "gcodeTemplate")] where given {
                throw .invalidInput("\(parameter: name) is for G-code: write .gcode (or .nc), or give no \(parameter: name)")
            }
        }
    }

    /// Checks the tolerance, feed and power.
    func validate() throws(CurveTypeError) {
        if let tolerance, !(tolerance.isFinite && tolerance > 0 && tolerance <= 10) {
            throw .invalidInput("\(parameter: "machineTolerance") must be more than 0 and at most 10, not \(shortestDigits(tolerance))")
        }
        guard feed.isFinite, feed > 0, feed <= 1_000_000 else {
            throw .invalidInput("\(parameter: "feed") must be more than 0 and at most 1000000, not \(shortestDigits(feed))")
        }
        guard power.isFinite, power >= 0, power <= 1_000_000 else {
            throw .invalidInput("\(parameter: "power") must be from 0 to 1000000, not \(shortestDigits(power))")
        }
    }
}

extension SVGSettings {
    /// Refuses the SVG writer's own settings (decimals, an id prefix) for another format,
    /// which has neither; `--glyphs selectable` is checked where it is written, as PDF takes it.
    func check(for format: OutputFormat) throws(CurveTypeError) {
        guard format != .svg else { return }
        let kind = format == .png ? "a PNG" : format == .pdf ? "a PDF" : "a machine file"
        for (given, name, what) in [(numbers.precision != 2, "precision", "decimals"), (idPrefix != nil, "idPrefix", "ids")] where given {
            throw .invalidInput("\(parameter: name) sets an SVG's \(what), and \(kind) has none: write .svg or give no \(parameter: name)")
        }
    }
}

extension Frame {
    /// The frame in `format`, by that format's writer: the one place a writer is chosen, each
    /// writer taking its own part of `settings` (an SVG `settings.svg`, a machine file
    /// `settings.machine`, a PNG its scale).
    /// `isCancelled` is asked while a PNG is made, a drawing welded or a machine file
    /// flattened, which then stop with
    /// ``CurveTypeError/internalFailure(_:)``.
    public func contents(_ format: OutputFormat, settings: OutputSettings,
                         isCancelled: () -> Bool = { false }) throws(CurveTypeError) -> OutputFile.FileContents {
        if settings.svg.textLayers {
            // `--glyphs selectable` asks for a text layer: refused where there would be none.
            guard format == .svg || format == .pdf else {
                throw .invalidInput("\(parameter: "glyphs") selectable puts the text under the outlines, and \(format == .png ? "a PNG" : "a machine file") has no text: write .svg or .pdf, or draw the glyphs as outlines")
            }
            guard !settings.welds else {
                throw .invalidInput("welded outlines keep no text: give \(parameter: "glyphs") outlines with \(parameter: "weld"), \(parameter: "kerf") or \(parameter: "stencil")")
            }
        }
        var frame = self
        frame.unit = settings.units
        if settings.units != .px, !format.isForMachines {
            // A canvas in another unit is as wide as the SVG says (hundredths of the unit,
            // rounded up so the ink is never cut), and the PNG and PDF draw that canvas. A
            // machine file has no canvas to cut: it keeps the drawing's own size.
            let k = settings.units.pixels
            (frame.width, frame.height) = (SVGNumberFormat.hundredths.roundedUp(width / k) * k, SVGNumberFormat.hundredths.roundedUp(height / k) * k)
        }
        frame.penWidth = settings.penWidth
        if settings.welds || format.isForMachines {
            // Said here in the user's unit, before the writers' own checks (in px and units).
            let unit = settings.machineUnits
            let finest = MachineDrawing.finestTolerance(width: width / unit.pixels, height: height / unit.pixels)
            guard MachineDrawing.allows(tolerance: settings.toleranceInMachineUnits, finest: finest) else {
                throw .invalidInput("\(parameter: "machineTolerance") \(shortestDigits(settings.toleranceInMachineUnits)) \(unit.rawValue) is finer than this drawing needs: give at least \(MachineDrawing.shown(finest: finest)) \(unit.rawValue)")
            }
        }
        if settings.welds {
            let px = settings.toleranceInMachineUnits * settings.machineUnits.pixels
            let unwelded = frame
            frame = try lifting(machine: { () throws(MachineError) in
                try unwelded.outlined(OutlineSettings(stencil: settings.stencil, kerf: settings.kerf, tolerance: px), isCancelled: isCancelled)
            })
        }
        return try frame.written(format, settings: settings, isCancelled: isCancelled)
    }

    private func written(_ format: OutputFormat, settings: OutputSettings,
                         isCancelled: () -> Bool) throws(CurveTypeError) -> OutputFile.FileContents {
        switch format {
        case .svg: return .text(try self.svg(settings.svg))
        case .png:
            return .bytes(try lifting(raster: { () throws(RasterError) in
                try png(scale: settings.scale, time: settings.frameTime, isCancelled: isCancelled)
            }))
        case .pdf: return .bytes(try lifting(raster: { () throws(RasterError) in try pdf(time: settings.frameTime, creationDate: OutputSettings.sourceDateEpoch) }))
        case .dxf, .gcode, .hpgl, .plotterSVG: return .text(try machineFile(format, settings: settings, isCancelled: isCancelled))
        }
    }

    /// The frame as a machine file: its strokes and outlines, fitted with lines and arcs within
    /// the settings' tolerance, in their units.
    func machineFile(_ format: OutputFormat, settings: OutputSettings, isCancelled: () -> Bool = { false }) throws(CurveTypeError) -> String {
        let drawing = try lifting(machine: { () throws(MachineError) in
            try MachineDrawing(self, units: settings.machineUnits, tolerance: settings.toleranceInMachineUnits, arcs: !settings.machine.linesOnly,
                               isCancelled: isCancelled)
        })
        switch format {
        case .dxf: return drawing.dxf()
        case .hpgl: return drawing.hpgl()
        case .plotterSVG:
            return drawing.plotterSVG(strokeWidth: (settings.penWidth ?? 0.3 * LengthUnit.mm.pixels) / settings.machineUnits.pixels)
        default:
            var template = GCodeTemplate.laser
            if let path = settings.machine.gcodeTemplate {
                let bytes = try readUserFile(path, what: "G-code template", limit: 64 << 10, shown: 64 << 10)
                template = try lifting(machine: { () throws(MachineError) in try GCodeTemplate(parsing: String(decoding: bytes, as: UTF8.self)) })
            }
            return drawing.gcode(feed: settings.machine.feed, power: settings.machine.power, template: template)
        }
    }

    /// The frame as an SVG document with `settings`' ids and precision.
    public func svg(_ settings: SVGSettings) throws(CurveTypeError) -> String {
        do {
            return try svg(format: settings.numbers, idPrefix: settings.idPrefix, textLayers: settings.textLayers, expectedBytes: settings.expectedBytes)
        } catch SVGError.roundsPastTolerance(let allowance, let precision) {
            // The options that set both, named as the command line spells them.
            throw .invalidInput("\(SVGError.rounding(allowance: allowance, precision: precision)): raise \(parameter: "precision") or \(parameter: "tolerance")")
        } catch let error as SVGError {
            throw .svg(error)
        } catch {
            throw .internalFailure("the SVG writer failed: \(error)")
        }
    }
}

/// Runs a machine writer or the weld: what it refuses is the caller's to change; a failure of
/// Clipper's, or a stop the caller asked for, is not.
private func lifting<T>(machine body: () throws(MachineError) -> T) throws(CurveTypeError) -> T {
    do {
        return try body()
    } catch {
        switch error {
        case .refused(let reason): throw .invalidInput(ErrorText(reason))
        case .failed, .cancelled: throw .internalFailure(error.description)
        }
    }
}

/// Runs a raster writer: what it refuses is the caller's to change; a failure of cairo's is ours.
func lifting<T>(raster body: () throws(RasterError) -> T) throws(CurveTypeError) -> T {
    do {
        return try body()
    } catch {
        switch error {
        case .refused(let reason): throw .invalidInput(ErrorText(reason))
        case .cairo, .cancelled: throw .internalFailure(error.description)
        }
    }
}

extension RenderedResult {
    /// The drawing as a PNG: `scale` pixels per px (1…8), at `time` s of its animation (`nil`:
    /// after it ends).
    public func png(scale: Double = 1, time: Double? = nil) throws(CurveTypeError) -> [UInt8] {
        try lifting(raster: { () throws(RasterError) in try frame.png(scale: scale, time: time) })
    }

    /// The drawing as a one-page PDF (0.75 pt per px), at `time` s of its animation (`nil`:
    /// after it ends); dated only by `SOURCE_DATE_EPOCH`.
    public func pdf(time: Double? = nil) throws(CurveTypeError) -> [UInt8] {
        try lifting(raster: { () throws(RasterError) in try frame.pdf(time: time, creationDate: OutputSettings.sourceDateEpoch) })
    }
}

extension AngleRequest {
    /// `count` still SVGs of the animation at evenly spaced times, first to last, on one canvas
    /// (2…`maximumFrames`); throws without an animation.
    public func frames(_ count: Int) throws(CurveTypeError) -> [String] {
        var svgs: [String] = []
        for still in try stills(count) { svgs.append(try still.svg) }
        return svgs
    }
}
