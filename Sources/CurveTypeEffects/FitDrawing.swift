import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a fitted text holds: one text broken into lines, or rows that share one size.
public enum FitContent: Sendable, Hashable {
    /// Lines break at spaces, after hyphens and between CJK characters; `\n` always breaks.
    case text(String)
    /// One line each, never wrapped, sharing one size as `RowFit` says.
    case rows([String], RowFit)
}

/// Everything that makes one SVG of text fitted to a box.
public struct FitRequest: Sendable {
    /// The text: wrapped to the box, or rows set on one line each.
    public var content: FitContent
    /// The primary font: bundled DejaVu by default, a file, or a Fontconfig pattern.
    public var font: FontRequest
    /// OpenType feature settings HarfBuzz applies when shaping (`kern=0`, `+smcp`).
    public var features: [FontFeature]
    /// Fonts tried, in order, before Fontconfig for characters `font` lacks (emoji, CJK).
    public var fallbackFonts: [FontRequest]
    /// The box, size limits, alignment and line breaking.
    public var style: FitStyle
    /// The text's colour; `currentColor` follows the embedding page.
    public var fill: SVGColor
    /// A colour under the whole canvas; `nil` leaves it transparent.
    public var background: SVGColor?
    /// `outlines` writes each glyph as a path (the same in every viewer); `text` writes `<text>`
    /// elements (selectable, drawn by the viewer's fonts).
    public var glyphs: GlyphMode

    /// `content` fitted to the box `style` gives; every other property as the command line's
    /// defaults.
    public init(_ content: FitContent, font: FontRequest = .default, features: [FontFeature] = [],
                fallbackFonts: [FontRequest] = [],
                style: FitStyle, fill: SVGColor = .currentColor, background: SVGColor? = nil,
                glyphs: GlyphMode = .outlines) {
        self.content = content
        self.font = font
        self.features = features
        self.fallbackFonts = fallbackFonts
        self.style = style
        self.fill = fill
        self.background = background
        self.glyphs = glyphs
    }
}

/// A rendered fit: the drawing (exactly the box: `width` × `height` px) and the layout.
public struct FitResult: Sendable {
    /// What was drawn, apart from its encoding: the frame every writer (SVG, PNG, PDF) draws,
    /// or a build script post-processes (px, y down).
    public let frame: Frame
    /// The size chosen and the set lines.
    public let fitted: FittedText
    /// What a user should hear about the drawing, in the order it happened (see
    /// ``CurveTypeWarning``).
    public let warnings: [CurveTypeWarning]

    /// The layout JSON (see README, "Layout JSON"), at full precision.
    public var layoutJSON: String { LayoutJSON.write(layoutReport) }
}

extension FitRequest {
    /// Shapes each paragraph or row once, finds the size, and writes the SVG.
    public func render() throws(CurveTypeError) -> FitResult {
        switch content {
        case .text(let text): try TextInput.checkLength(text, "the text")
        case .rows(let rows, _):
            try TextInput.checkLength(rows.joined(), "the rows together")
            guard rows.count <= 1000 else { throw .invalidInput("at most 1000 rows share a size, not \(rows.count)") }
        }
        try lifting { try style.validate() }
        var warnings: [CurveTypeWarning] = []
        let stack = try fontStack(font, fallbacks: fallbackFonts)

        /// Cleans and shapes one paragraph or row.
        func shaped(_ text: String) throws(CurveTypeError) -> ShapedRun {
            let (cleaned, removed) = TextInput.clean(text)
            let (run, said) = try shape(cleaned, font: font, fallbacks: fallbackFonts, features: features, removed: removed)
            warnings += said
            return run
        }

        let fitted: FittedText
        let label: String
        switch content {
        case .text(let text):
            let paragraphs = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            guard paragraphs.contains(where: { !TextInput.clean(String($0)).text.isEmpty }) else {
                throw .invalidInput("the text is empty")
            }
            var runs: [ShapedRun] = []
            for paragraph in paragraphs { runs.append(try shaped(String(paragraph))) }
            label = runs.map(\.text).joined(separator: " ")
            fitted = try lifting {
                try TextFitter.fit(runs, style: style) { stack.shape($0, features: features) }
            }
        case .rows(let rows, let mode):
            guard !rows.isEmpty else { throw .invalidInput("give at least one row") }
            var runs: [ShapedRun] = []
            for (i, row) in rows.enumerated() {
                guard !row.contains("\n") else { throw .invalidInput("row \(i + 1) has a line break: a row is one line") }
                let run = try shaped(row)
                guard !run.text.trimmed().isEmpty else {
                    throw .invalidInput("row \(i + 1) is empty")
                }
                runs.append(run)
            }
            label = runs.map(\.text).joined(separator: " ")
            fitted = try lifting { try TextFitter.fitRows(runs, mode: mode, style: style) }
        }
        if fitted.truncated {
            warnings.append(CurveTypeWarning(
                .textCutShort, cFormat("the text did not fit at the minimum size, %g px: cut short with an ellipsis", fitted.size)))
        }

        let layouts = fitted.lines.map(\.layout)
        var items = glyphItems(layouts, mode: glyphs, fill: fill)
        if case .text = content, glyphs == .outlines {
            // A paragraph's lines are one text layer, a space where it wrapped, so a reader
            // finds a phrase across the wrap; rows stay a layer each.
            items.removeAll { if case .textLayer = $0 { true } else { false } }
            var start = 0
            while start < fitted.lines.count {
                var end = start + 1
                while end < fitted.lines.count && fitted.lines[end].row == fitted.lines[start].row { end += 1 }
                items.append(.textLayer(TextLayer(lines: layouts[start..<end])))
                start = end
            }
        }
        let frame = Frame(width: style.width, height: style.height, title: label,
                          backdrop: backdrop(background, width: style.width, height: style.height), items: items)
        return FitResult(frame: frame, fitted: fitted, warnings: warnings)
    }
}
