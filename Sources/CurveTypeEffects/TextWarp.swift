import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything that makes one SVG of text warped into a preset shape (WordArt's text warps,
/// ECMA-376's `prstTxWarp`), its glyph outlines truly deformed.
public struct WarpRequest: Sendable {
    /// The text; each line feed starts a line, and lines are shared among the preset's areas.
    public var text: String
    /// The preset (``TextWarpPreset/all``).
    public var preset: TextWarpPreset
    /// Adjust values in the spec's units by name (`adj`, `adj1`, `adj2`); the rest default.
    public var adjust: [String: Double]
    /// The shape's box, px: the preset's paths are drawn in it, from (0, 0).
    public var box: CanvasSize
    /// The primary font: bundled DejaVu by default, a file, or a Fontconfig pattern.
    public var font: FontRequest
    /// OpenType feature settings HarfBuzz applies when shaping (`kern=0`, `+smcp`).
    public var features: [FontFeature]
    /// Fonts tried, in order, before Fontconfig for characters `font` lacks.
    public var fallbackFonts: [FontRequest]
    /// The text's colour; `currentColor` follows the embedding page.
    public var fill: SVGColor
    /// Only `outlines`: a warp reshapes outlines, which `<text>` cannot carry.
    public var glyphs: GlyphMode
    /// px round the box and the ink.
    public var padding: Double
    /// The largest distance, px, of a warped outline from the exact warp.
    public var tolerance: Double
    /// Draw the preset's paths, stroked 1 px in this colour, under the text.
    public var edgeStroke: SVGColor?
    /// A colour under the whole canvas; `nil` leaves it transparent.
    public var background: SVGColor?
    /// The font size, px, on a baseline preset (``TextWarpPreset/isEnvelope`` false: arch-up,
    /// arch-down, circle, button); `nil`: ``defaultBaselineSize``, or with `fitPath` the
    /// tallest that fits a quarter of the box. An envelope stretches each line to its band, so
    /// a size given there is refused.
    public var fontSize: Double?
    /// Where a line sits: along a baseline preset's path (Follow Path), its start at the path's
    /// start, its middle at the path's middle, or its end at the path's end; in an envelope,
    /// across the block of its rows (a shorter row beside the longest). `nil`: center, as
    /// PowerPoint's WordArt and LibreOffice centre it. Refused with `fitPath`.
    public var alignment: TextAlignment?
    /// Stretch each line along the whole of a baseline preset's path instead of keeping its
    /// natural width. Refused on an envelope.
    public var fitPath: Bool
    /// Fit the canvas to the ink (and the preset's paths, where drawn) with `padding` round it,
    /// instead of to the whole box: an arch's blank lower two thirds left out.
    public var cropsToInk = false

    /// A baseline preset's font size, px, where none is given: about what PowerPoint's WordArt
    /// sets in a shape of the default box (400 × 200 px).
    public static let defaultBaselineSize = 32.0

    /// `text` warped by `preset` in a `box`; every other property as the command line's defaults.
    public init(text: String, preset: TextWarpPreset, adjust: [String: Double] = [:], box: CanvasSize = CanvasSize(width: 400, height: 200),
                font: FontRequest = .default, features: [FontFeature] = [], fallbackFonts: [FontRequest] = [],
                fill: SVGColor = .currentColor, glyphs: GlyphMode = .outlines,
                padding: Double = 4, tolerance: Double = 0.05, edgeStroke: SVGColor? = nil, background: SVGColor? = nil,
                fontSize: Double? = nil, alignment: TextAlignment? = nil, fitPath: Bool = false) {
        self.text = text
        self.preset = preset
        self.adjust = adjust
        self.box = box
        self.fontSize = fontSize
        self.alignment = alignment
        self.fitPath = fitPath
        self.font = font
        self.features = features
        self.fallbackFonts = fallbackFonts
        self.fill = fill
        self.glyphs = glyphs
        self.padding = padding
        self.tolerance = tolerance
        self.edgeStroke = edgeStroke
        self.background = background
    }
}

/// One line of warped text: which area it fills and where its ink went.
public struct WarpedLine: Sendable, Hashable {
    /// The line as drawn (control characters removed).
    public var text: String
    /// The area it fills: an envelope (a pair of paths) or a baseline, from 0.
    public var area: Int
    /// Its place among the area's lines, from 0 at the top.
    public var row: Int
    /// The font size, px, on a baseline; `nil` in an envelope, where each line is stretched to
    /// its band. Smaller than the size asked where the line was shrunk to fit its path.
    public var fontSize: Double?
    /// The warped ink's box in the SVG's coordinates, px; `nil` when the line has no ink.
    public var bounds: Rect?
}

/// A rendered warp: the SVG, what it was drawn from, and what a user should be told.
public struct WarpResult: Sendable {
    /// What was drawn, apart from its encoding (px, y down).
    public let frame: Frame
    /// The preset.
    public let preset: TextWarpPreset
    /// Every adjust value used, in the spec's units, by name.
    public let adjust: [String: Double]
    /// The preset's paths in the SVG's coordinates, px.
    public let edges: [Path]
    /// The box's corner in the SVG, px (the box's size is the request's).
    public let boxOrigin: Point
    /// The box's size, px.
    public let box: CanvasSize
    /// The lines, in order.
    public let lines: [WarpedLine]
    /// The text as drawn: control characters removed.
    public let text: String
    /// The canvas's width, px.
    public let width: Double
    /// The canvas's height, px.
    public let height: Double
    /// What a user should hear about the drawing, in the order it happened.
    public let warnings: [CurveTypeWarning]
}

/// An envelope: a point at (u, v) of the unit square (u across, v down) goes to the top edge at
/// the fraction u of its arc length, then the fraction v of the way to the bottom edge at the
/// fraction u of its own: x runs along both edges by arc length, y between them. An edge of no
/// length stays at its point. (LibreOffice's Fontwork maps its envelopes by the same rule, on
/// polygons.)
struct EnvelopeMap: OutlineMap {
    let top: PathCurve?, bottom: PathCurve?
    let topPoint: Point, bottomPoint: Point
    /// The fractions of the width where either edge's segments join (a chevron's point).
    let creases: [Double]

    init(top: Path, bottom: Path) {
        self.top = PathCurve(top)?.tabulated()
        self.bottom = PathCurve(bottom)?.tabulated()
        topPoint = Self.start(of: top)
        bottomPoint = Self.start(of: bottom)
        creases = ([self.top, self.bottom].compactMap { $0 }.flatMap { curve in curve.joins.map { $0 / curve.length } }).sorted()
    }

    private static func start(of path: Path) -> Point {
        if case .move(let p) = path.elements.first { return p }
        return .zero
    }

    func callAsFunction(_ p: Point) -> Point {
        let u = min(max(p.x, 0), 1)
        let a = top.map { $0.point(atArcLength: u * $0.length) } ?? topPoint
        let b = bottom.map { $0.point(atArcLength: u * $0.length) } ?? bottomPoint
        return a + (b - a) * p.y
    }

    /// Along x each edge moves its length per unit, along its tangent, the two blended by y;
    /// along y the point moves from top to bottom. Outside 0 ≤ x ≤ 1 the map holds x still;
    /// within 10⁻⁹ of its ends a point is inside (the ink's own edge, placed with rounding).
    func jacobian(at p: Point, towardGreaterX: Bool) -> MapJacobian {
        let u = min(max(p.x, 0), 1)
        let inside = p.x >= -1e-9 && p.x <= 1 + 1e-9
        let side: PathCurve.JoinSide = towardGreaterX ? .leaving : .arriving
        func edge(_ curve: PathCurve?, _ fixed: Point) -> (Point, Point) {
            guard let curve else { return (fixed, .zero) }
            let frame = curve.differential(atArcLength: u * curve.length, side: side)
            return (frame.point, inside ? frame.tangent * curve.length : .zero)
        }
        let (a, da) = edge(top, topPoint), (b, db) = edge(bottom, bottomPoint)
        return MapJacobian(point: a + (b - a) * p.y, dx: da * (1 - p.y) + db * p.y, dy: b - a)
    }
}

extension WarpRequest {
    /// The most lines a warp sets: far more than any shape holds.
    public static let maximumLines = 64

    /// How many of `lines` lines each of `areas` areas takes, in order: each the lines left
    /// divided by the areas left, rounded up (LibreOffice's Fontwork rule), so the first areas
    /// fill first and an area may be left empty.
    public static func linesPerArea(lines: Int, areas: Int) -> [Int] {
        var left = lines, out: [Int] = []
        for remaining in stride(from: areas, to: 0, by: -1) {
            let take = left > 0 ? (left - 1) / remaining + 1 : 0
            out.append(take)
            left -= take
        }
        return out
    }

    /// Checks the adjust values against the preset's ranges: each name must be the preset's and
    /// each value a finite number its handle allows.
    public func validatedAdjust() throws(CurveTypeError) -> [String: Double] {
        for (name, value) in adjust.sorted(by: { $0.key < $1.key }) {
            guard let adjustment = preset.adjustments.first(where: { $0.name == name }) else {
                let names = preset.adjustments.map(\.name)
                throw .invalidInput("\(parameter: "adjust"): \(preset.name) has no adjust value \"\(Diagnostic.escaped(String(name.prefix(40))))\" (\(names.isEmpty ? "it has none" : "it has \(names.joined(separator: ", "))"))")
            }
            guard value.isFinite, value >= adjustment.minimum, value <= adjustment.maximum else {
                throw .invalidInput("\(parameter: "adjust"): \(name) must be from \(shortestDigits(adjustment.minimum)) to \(shortestDigits(adjustment.maximum)) for \(preset.name) (the spec's range), not \(shortestDigits(value))")
            }
        }
        return adjust
    }

    /// Shapes each line, fits it to its area and writes the SVG.
    public func render() throws(CurveTypeError) -> WarpResult {
        try TextInput.checkLength(text, "the text")
        let limit = CircleTextStyle.maximumLength
        guard box.width.isFinite, box.height.isFinite, box.width > 0, box.height > 0, box.width <= limit, box.height <= limit else {
            throw .invalidInput("\(parameter: "box") width and height must be greater than 0 and at most \(Int(limit)) px")
        }
        try validateCanvas(padding: padding, canvas: nil)
        guard tolerance.isFinite, tolerance >= 0.001, tolerance <= 100 else {
            throw .invalidInput("\(parameter: "tolerance") must be from 0.001 to 100 px, not \(tolerance)")
        }
        guard glyphs != .text else {
            throw .invalidInput("a warp reshapes outlines, which <text> cannot carry: use \(parameter: "glyphs") outlines or selectable")
        }
        if preset.isEnvelope {
            let given = [(fontSize != nil, "size"), (fitPath, "fitPath")].filter(\.0).map(\.1)
            if let first = given.first {
                throw .invalidInput("\(parameter: first) applies to the baseline presets (arch-up, arch-down, circle, button); \(preset.name) stretches each line to fill its envelope")
            }
        }
        if fitPath && alignment != nil {
            throw .invalidInput("\(parameter: "fitPath") stretches each line along the whole path: give no \(parameter: "align") with it")
        }
        if let fontSize, !(fontSize > 0 && fontSize <= limit) {
            throw .invalidInput("\(parameter: "size") must be greater than 0 and at most \(Int(limit)) px, not \(shortestDigits(fontSize))")
        }
        let given = try validatedAdjust()
        let edges: [Path]
        do { edges = try preset.edges(width: box.width, height: box.height, adjust: given) } catch {
            throw .invalidInput("\(preset.name): \(error.reason)")
        }
        var used = given
        if let defaults = try? preset.defaults(width: box.width, height: box.height) {
            for (name, value) in defaults where used[name] == nil { used[name] = value }
        }

        var rawLines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        while rawLines.count > 1 && rawLines[rawLines.count - 1].isEmpty { rawLines.removeLast() }
        guard rawLines.count <= Self.maximumLines else {
            throw .invalidInput("the text has \(rawLines.count) lines; a warp sets at most \(Self.maximumLines)")
        }
        var removed = 0
        let lines = rawLines.map { line in
            let (cleaned, count) = TextInput.clean(line)
            removed += count
            return cleaned
        }
        guard lines.contains(where: { !$0.isEmpty }) else {
            throw .invalidInput(removed > 0 ? "the text has only control characters" : "the text is empty")
        }

        var warnings: [CurveTypeWarning] = []
        func warn(_ more: [CurveTypeWarning]) {
            for warning in more where !warnings.contains(where: { $0.message == warning.message }) { warnings.append(warning) }
        }
        var refit = Refits(tolerance: tolerance)
        // The paths drawn, each with its line's index in `report`.
        var drawn: [(path: Path, line: Int)] = []
        var report: [WarpedLine] = []
        var first = 0, removedToSay = removed
        for (area, count) in Self.linesPerArea(lines: lines.count, areas: preset.areaCount).enumerated() where count > 0 {
            let rows = Array(lines[first..<first + count])
            first += count
            var runs: [ShapedRun?] = []
            for line in rows {
                guard !line.isEmpty else { runs.append(nil); continue }
                let shaped = try shape(line, font: font, fallbacks: fallbackFonts, features: features, removed: removedToSay)
                removedToSay = 0
                warn(shaped.warnings)
                let glyphs = shaped.run.glyphs.map { (shaped.run.fonts[$0.font], $0.glyph) }
                // Said also of a line that draws nothing (bitmap emoji alone), which is left out.
                warn(try outlineOnlyWarnings(glyphs, effect: "warp", instead: ""))
                runs.append(shaped.run)
            }
            let placed: [[Path]], sizes: [Double?]
            if preset.isEnvelope {
                placed = try refit.envelope(runs, alignment: alignment ?? .center, top: edges[2 * area], bottom: edges[2 * area + 1])
                sizes = rows.map { _ in nil }
            } else {
                let set = try refit.baseline(runs, path: edges[area], box: box, size: fontSize, alignment: alignment ?? .center, fitPath: fitPath)
                (placed, sizes) = (set.paths, set.sizes)
                if let shrunk = set.shrunk {
                    warn([CurveTypeWarning(.textShrunk, "set at \(shortestDigits((shrunk.size * 100).rounded() / 100)) px instead of \(shortestDigits(shrunk.asked)) px, so the longest line fits the preset's path (\(shortestDigits(shrunk.pathLength.rounded())) px long)")])
                }
            }
            for (row, line) in rows.enumerated() {
                let paths = placed[row]
                report.append(WarpedLine(text: line, area: area, row: row, fontSize: sizes[row], bounds: unionOfBounds(paths)))
                drawn += paths.map { ($0, report.count - 1) }
            }
        }

        var ink: Rect? = cropsToInk ? nil : Rect(minX: 0, minY: 0, maxX: box.width, maxY: box.height)
        for line in report { if let b = line.bounds { ink = ink?.union(b) ?? b } }
        if edgeStroke != nil { for edge in edges { if let b = edge.bounds() { ink = ink?.union(b) ?? b } } }
        guard let ink else { throw .invalidInput("the text has no ink to fit the canvas to: leave out \(parameter: "cropToInk")") }
        let (width, height, offset) = fittedCanvas(around: ink, padding: padding)
        let moved = AffineMap.translation(offset.x, offset.y)
        let placedEdges = edges.map { $0.transformed(by: moved) }
        let drawnText = joinedByHand(lines, separator: "\n")

        var under = backdrop(background, width: width, height: height)
        if let edgeStroke {
            for edge in placedEdges {
                under.append(.shape(FrameShape(.path(edge), style: [.fill(.none), .stroke(.color(edgeStroke)), .strokeWidth(1)])))
            }
        }
        // A single-line glyph's path is a stroke, by a pen of 0.04 of the line's em (its size
        // on a path; on an envelope, its ink's height, which is about an em).
        // A line's filled glyphs are one path, so a translucent fill covers each join (Arabic's,
        // a headline's) once: glyphs of one font the map turns one way keep their contours
        // turning alike, and nonzero filling unites them. A glyph the map turns the other way
        // (a ring's far side, which the warp mirrors) or folds, or of another font (whose
        // contours may turn the other way), starts another path: merged, the two would cancel
        // each other into a hole where they overlap.
        var items: [FrameItem] = []
        var pending: (path: Path, line: Int, font: Int, turn: Int)?
        func flush() {
            if let done = pending { items.append(.shape(FrameShape(FrameGeometry.path(done.path.transformed(by: moved))))) }
            pending = nil
        }
        for (drawn, glyph) in zip(drawn, refit.glyphs) {
            let (font, turn) = (glyph.font, glyph.turn)
            guard glyph.stroke else {
                if let open = pending, open.line == drawn.line, open.font == font, open.turn == turn, turn != 0 {
                    pending?.path.elements += drawn.path.elements
                } else {
                    flush()
                    pending = (drawn.path, drawn.line, font, turn)
                }
                continue
            }
            flush()
            let line = report[drawn.line]
            let em = line.fontSize ?? line.bounds?.height ?? Refits.measuringSize
            items.append(.shape(FrameShape(FrameGeometry.path(drawn.path.transformed(by: moved)),
                                           style: Frame.penStyle(.color(fill), width: Frame.defaultPenWidthPerEm * em))))
        }
        flush()
        let item = FrameItem.group(FrameGroup(style: [.fill(.color(fill))], items: items))
        // Each line's text over its warped ink, one span as wide and high as the ink: a warp has
        // no baseline a viewer could set characters along.
        let layers: [FrameItem] = report.compactMap { line in
            guard let b = line.bounds, !line.text.isEmpty, b.width > 0, b.height > 0 else { return nil }
            return .textLayer(TextLayer(text: line.text, size: b.height, clusters: [
                TextLayerCluster(utf8: 0..<line.text.utf8.count, origin: Point(x: b.minX + offset.x, y: b.maxY + offset.y), angle: 0, advance: b.width),
            ]))
        }
        let frame = Frame(width: width, height: height, title: joinedByHand(lines.filter { !$0.isEmpty }, separator: " "), backdrop: under,
                          items: [item] + layers)
        let placedLines = report.map { line in
            WarpedLine(text: line.text, area: line.area, row: line.row, fontSize: line.fontSize,
                       bounds: line.bounds.map { Rect(minX: $0.minX + offset.x, minY: $0.minY + offset.y, maxX: $0.maxX + offset.x, maxY: $0.maxY + offset.y) })
        }
        return WarpResult(frame: frame, preset: preset, adjust: used, edges: placedEdges, boxOrigin: offset, box: box,
                          lines: placedLines, text: drawnText, width: width, height: height, warnings: warnings)
    }
}

/// The outlines of each line refitted through its area's map, sharing one budget of cubics.
private struct Refits {
    let tolerance: Double
    var budget = PathTextRequest.maximumBentSegments
    /// Each path refitted so far, in order: whether it is a single-line glyph's stroke, its
    /// font's id, and how the map turns it (`turn(of:box:placed:)`).
    var glyphs: [(stroke: Bool, font: Int, turn: Int)] = []

    init(tolerance: Double) { self.tolerance = tolerance }

    /// A size at which the run is laid out to measure it: any would do, as envelopes stretch
    /// each line to its band and baselines scale it.
    static let measuringSize = 100.0

    /// How `map` turns a glyph whose outline box (font units) `box` is placed into its input by
    /// `placed`: 1 or −1 where the Jacobian's determinant of the two has one sign at 5 × 5
    /// points over the box, 0 where it changes sign (the map folds the glyph).
    static func turn<Map: OutlineMap>(of map: Map, box: Rect?, placed: AffineMap) -> Int {
        guard let box else { return 0 }
        let own = placed.a * placed.d - placed.b * placed.c
        var signs = Set<Bool>()
        for i in 0...4 {
            for j in 0...4 {
                let p = placed.apply(Point(x: box.minX + box.width * Double(i) / 4, y: box.minY + box.height * Double(j) / 4))
                let m = map.jacobian(at: p, towardGreaterX: true)
                signs.insert((m.dx.x * m.dy.y - m.dx.y * m.dy.x) * own > 0)
            }
        }
        return signs.count == 1 ? (signs.first == true ? 1 : -1) : 0
    }

    /// The run laid out on a straight baseline from (0, 0) at the measuring size, and its ink.
    private func straight(_ run: ShapedRun) throws(CurveTypeError) -> (CurveTextLayout, Rect?) {
        let line = Path([.move(.zero), .line(Point(x: CircleTextStyle.maximumLength, y: 0))])
        let layout = try lifting { try PathTextLayout(run, style: PathTextStyle(size: Self.measuringSize), path: line) }
        return (layout.text, try lifting { try inkBounds(of: layout.text) })
    }

    /// The line height, px at the measuring size, of the first run's primary font: rows are set
    /// that far apart, baseline to baseline, as in any text block.
    private static func lineHeight(of runs: [ShapedRun?]) -> Double {
        guard let primary = runs.lazy.compactMap({ $0 }).first?.fonts[0] else { return measuringSize }
        return Double(primary.metrics.lineHeight) / Double(primary.unitsPerEm) * measuringSize
    }

    /// The rows of an envelope between `top` and `bottom` (`nil` for an empty row), warped as
    /// one block of text, as PowerPoint and LibreOffice warp a text body: the rows set one line
    /// height apart, each placed across the block's width by `alignment` (by its advance, as
    /// any paragraph), and the block's ink normalised to the envelope, so rows keep the font's
    /// spacing and their relative widths. A single line's ink fills the whole envelope.
    mutating func envelope(_ runs: [ShapedRun?], alignment: TextAlignment, top: Path, bottom: Path) throws(CurveTypeError) -> [[Path]] {
        var laid: [(CurveTextLayout, Rect)?] = []
        for run in runs {
            guard let run else { laid.append(nil); continue }
            let (text, ink) = try straight(run)
            laid.append(ink.flatMap { $0.width > 0 && $0.height > 0 ? (text, $0) : nil })
        }
        // The block, y down: row r's baseline at r × the line height, its pen start at `indent`.
        let leading = Self.lineHeight(of: runs)
        let widest = laid.compactMap { $0?.0.extent }.max() ?? 0
        let indents = laid.map { line -> Double in
            guard let extent = line?.0.extent else { return 0 }
            switch alignment {
            case .start: return 0
            case .center: return (widest - extent) / 2
            case .end: return widest - extent
            }
        }
        var block: Rect?
        for (r, line) in laid.enumerated() {
            guard let ink = line?.1 else { continue }
            let placed = Rect(minX: indents[r] + ink.minX, minY: Double(r) * leading + ink.minY, maxX: indents[r] + ink.maxX, maxY: Double(r) * leading + ink.maxY)
            block = block.map { $0.union(placed) } ?? placed
        }
        guard let block, block.width > 0, block.height > 0 else { return runs.map { _ in [] } }
        var refit = OutlineRefit(map: EnvelopeMap(top: top, bottom: bottom), tolerance: tolerance, budget: budget, verb: "warp")
        var out: [[Path]] = []
        for (r, line) in laid.enumerated() {
            guard let (text, _) = line else { out.append([]); continue }
            var paths: [Path] = []
            for placed in text.glyphs {
                let outline = try lifting { try text.run.fonts[placed.font].outline(of: placed.glyph) }
                guard !outline.path.isEmpty else { continue }
                // Font units (y up) → the unit square: u across the block's ink, v down it.
                let s = placed.scale
                let toUnit = AffineMap(a: s / block.width, b: 0, c: 0, d: -s / block.height,
                                       tx: (indents[r] + placed.origin.x - block.minX) / block.width,
                                       ty: (Double(r) * leading + placed.origin.y - block.minY) / block.height)
                paths.append(try refit.map(outline.path, placed: toUnit))
                let font = text.run.fonts[placed.font]
                glyphs.append((font.isSingleLine, font.id, Self.turn(of: refit.map, box: outline.bounds, placed: toUnit)))
            }
            out.append(paths)
        }
        budget = refit.budget
        return out
    }

    /// The rows set on a baseline preset's `path` (`nil` for an empty row), each its paths and
    /// font size, and the size asked where the rows were shrunk to fit.
    struct BaselineRows {
        var paths: [[Path]]
        var sizes: [Double?]
        var shrunk: (size: Double, asked: Double, pathLength: Double)?
    }

    /// The rows of a baseline preset on `path`, stacked about it one line height apart, the
    /// first on top, the stack's middle (between the first row's ascender and the last's
    /// descender) on the path, and bent along it.
    ///
    /// Follow Path (PowerPoint's and LibreOffice's rule for these presets): each row keeps its
    /// natural width at `size` (px, default ``WarpRequest/defaultBaselineSize``) and sits along
    /// the path by `alignment`; where the longest row is longer than the path, every row is
    /// set smaller so it fits. With `fitPath`, each row is stretched along the whole path
    /// instead, at `size` or, without one, the size whose advance fills the path but no taller
    /// (ascender to descender) than a quarter of the box's shorter side shared among the rows.
    mutating func baseline(_ runs: [ShapedRun?], path: Path, box: CanvasSize, size asked: Double?, alignment: TextAlignment,
                           fitPath: Bool) throws(CurveTypeError) -> BaselineRows {
        guard let curve = PathCurve(path), curve.length > 0 else {
            throw .invalidInput("the preset's path has no length at these adjust values")
        }
        var laid: [CurveTextLayout?] = []
        for run in runs { laid.append(try run.map { run throws(CurveTypeError) in try straight(run).0 }) }
        guard let primary = runs.lazy.compactMap({ $0 }).first?.fonts[0] else {
            return BaselineRows(paths: runs.map { _ in [] }, sizes: runs.map { _ in nil })
        }
        let ascender = Double(primary.metrics.ascender) / Double(primary.unitsPerEm)
        let descender = Double(primary.metrics.descender) / Double(primary.unitsPerEm)
        let em = max(ascender - descender, 1e-9)
        let leading = Self.lineHeight(of: runs) / Self.measuringSize
        let rows = runs.count

        // Each row's size, px, and how far along the path it starts, px.
        var sizes: [Double?] = [], starts: [Double] = [], stretches: [Double] = []
        var shrunk: (size: Double, asked: Double, pathLength: Double)?
        if fitPath {
            let tallest = min(box.width, box.height) / 4 / Double(rows)
            for text in laid {
                guard let text, text.extent > 0 else { sizes.append(nil); starts.append(0); stretches.append(1); continue }
                let size = asked ?? min(Self.measuringSize * curve.length / text.extent, tallest / em)
                sizes.append(size)
                starts.append(0)
                stretches.append(curve.length / (text.extent * size / Self.measuringSize))
            }
        } else {
            let wanted = asked ?? WarpRequest.defaultBaselineSize
            let widest = laid.compactMap { $0?.extent }.max() ?? 0
            var size = wanted
            if widest * wanted / Self.measuringSize > curve.length {
                size = Self.measuringSize * curve.length / widest
                shrunk = (size, wanted, curve.length)
            }
            for text in laid {
                guard let text else { sizes.append(nil); starts.append(0); stretches.append(1); continue }
                let width = text.extent * size / Self.measuringSize
                sizes.append(size)
                stretches.append(1)
                switch alignment {
                case .start: starts.append(0)
                case .center: starts.append((curve.length - width) / 2)
                case .end: starts.append(curve.length - width)
                }
            }
        }

        var refit = OutlineRefit(map: CurveFrameMap(curve: curve), tolerance: tolerance, budget: budget, verb: "warp")
        var out: [[Path]] = []
        for (r, text) in laid.enumerated() {
            guard let text, let size = sizes[r] else { out.append([]); continue }
            let f = size / Self.measuringSize
            // The middle between ascender and descender on the path for one row; rows about it.
            let up = -(ascender + descender) / 2 * size + (Double(rows - 1) / 2 - Double(r)) * leading * size
            var paths: [Path] = []
            for placed in text.glyphs {
                let outline = try lifting { try text.run.fonts[placed.font].outline(of: placed.glyph) }
                guard !outline.path.isEmpty else { continue }
                let s = placed.scale * f
                let placing = AffineMap(a: s * stretches[r], b: 0, c: 0, d: s, tx: starts[r] + placed.origin.x * f * stretches[r], ty: up - placed.origin.y * f)
                paths.append(try refit.map(outline.path, placed: placing))
                let font = text.run.fonts[placed.font]
                glyphs.append((font.isSingleLine, font.id, Self.turn(of: refit.map, box: outline.bounds, placed: placing)))
            }
            out.append(paths)
        }
        budget = refit.budget
        return BaselineRows(paths: out, sizes: sizes, shrunk: shrunk)
    }
}
