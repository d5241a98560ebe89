import CurveTypeEffects
import CurveTypeFrame
import CurveTypeRaster
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

    /// The format a path's extension names (`.png`, `.PDF`); `nil` for any other.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The media type a server answers with.
    public var mediaType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .png: "image/png"
        case .pdf: "application/pdf"
        }
    }
}

/// How a drawing is written: the format and, for pictures drawn by cairo, the scale and the
/// moment of its animation (`--format`, `--scale`, `--frame-time`).
public struct OutputSettings: Sendable, Equatable {
    /// The format; `nil`: the output's extension says, else SVG.
    public var format: OutputFormat?
    /// PNG pixels per px, 1…8.
    public var scale = 1.0
    /// When an animated drawing is drawn into PNG or PDF, s from its start; `nil`: after its
    /// animations end.
    public var frameTime: Double?

    /// SVG, or what the output's extension names, at 1×, after animations end.
    public init(format: OutputFormat? = nil, scale: Double = 1, frameTime: Double? = nil) {
        self.format = format
        self.scale = scale
        self.frameTime = frameTime
    }

    /// The format for `output`: the one set, else the output's extension's, else SVG.
    public func format(for output: String?) -> OutputFormat {
        format ?? output.flatMap(OutputFormat.init(path:)) ?? .svg
    }

    /// The name of the PNG scale option of `command`: `scale`, but `pngScale` (`--png-scale`)
    /// for `spiral`, whose `--scale` is the spiral's own.
    public static func scaleOption(for command: String) -> String {
        command == "spiral" ? "pngScale" : "scale"
    }

    /// The options that set these, the PNG scale named as `scaleOption(for: command)` says.
    static func fields(command: String) -> [OptionField<OutputSettings>] {
        [
            .choice("format", \.format, .output, default: "the output's extension, else svg",
                    "svg, png or pdf, whatever the output's name (and on standard output)."),
            .number(scaleOption(for: command), \.scale, .output, unit: "×", range: .from(1, to: 8), slider: 1...8,
                    "PNG pixels per px (2 for HiDPI screens)."),
            .number("frameTime", \.frameTime, .output, unit: "s", range: .from(0, to: 3600), slider: 0...2, default: "after it ends",
                    "Draw an animated angle into PNG or PDF at this time."),
        ]
    }

    /// The declarations of `fields(command:)`.
    static func declarations(command: String) -> [OptionDeclaration] {
        declared(fields(command: command), defaults: OutputSettings())
    }

    /// Reads `--format`, the PNG scale (named as `scaleOption(for: command)` says) and
    /// `--frame-time`, checked.
    mutating func read(_ reader: inout OptionReader, command: String) throws(CurveTypeError) {
        for field in Self.fields(command: command) { try field.read(&self, &reader) }
        let scaleName = Self.scaleOption(for: command)
        try validate(scaleOption: OptionKey.commandLineName(scaleName))
    }

    /// Checks the scale and the time; `scaleOption` names the scale's option in a message.
    public func validate(scaleOption: String = "--scale") throws(CurveTypeError) {
        guard scale.isFinite, RasterFormat.scales.contains(scale) else {
            throw .invalidInput("\(scaleOption) must be from 1 to 8, not \(scale)")
        }
        if let frameTime, !(frameTime.isFinite && frameTime >= 0 && frameTime <= 3600) {
            throw .invalidInput("--frame-time must be from 0 to 3600 s, not \(frameTime)")
        }
    }

    /// `SOURCE_DATE_EPOCH` (seconds since 1970), the reproducible-builds convention for the
    /// date a PDF may carry; `nil` when unset or not a whole number of seconds.
    public static var sourceDateEpoch: Int64? {
        guard let text = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }), let seconds = Int64(text), seconds >= 0 else { return nil }
        return seconds
    }
}

extension Frame {
    /// The frame in `format` under `settings` (an SVG is `svg`, already written).
    public func bytes(_ format: OutputFormat, svg: String, settings: OutputSettings) throws(CurveTypeError) -> OutputFile.FileContents {
        do {
            switch format {
            case .svg: return .text(svg)
            case .png: return .bytes(try png(scale: settings.scale, time: settings.frameTime))
            case .pdf: return .bytes(try pdf(time: settings.frameTime, creationDate: OutputSettings.sourceDateEpoch))
            }
        } catch {
            throw .invalidInput(error.description)
        }
    }
}

extension RenderedResult {
    /// The drawing as a PNG: `scale` pixels per px (1…8), at `time` s of its animation (`nil`:
    /// after it ends).
    public func png(scale: Double = 1, time: Double? = nil) throws(CurveTypeError) -> [UInt8] {
        do { return try frame.png(scale: scale, time: time) } catch { throw .invalidInput(error.description) }
    }

    /// The drawing as a one-page PDF (0.75 pt per px), at `time` s of its animation (`nil`:
    /// after it ends); dated only by `SOURCE_DATE_EPOCH`.
    public func pdf(time: Double? = nil) throws(CurveTypeError) -> [UInt8] {
        do { return try frame.pdf(time: time, creationDate: OutputSettings.sourceDateEpoch) } catch { throw .invalidInput(error.description) }
    }
}
