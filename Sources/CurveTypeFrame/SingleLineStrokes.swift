import CurveTypeFonts
import CurveTypeGeometry

extension FrameGlyph {
    /// The map from the glyph's own px (x along the baseline, y down, origin at the glyph's
    /// origin) to the frame's px.
    public var placementMap: AffineMap {
        switch placement {
        case .rotated(let origin, let angle): AffineMap.rotation(.degrees(angle)).concatenating(.translation(origin.x, origin.y))
        case .mapped(let map): map
        }
    }

    /// The map from the glyph's font units (y up) to the frame's px.
    public var fontUnitsMap: AffineMap {
        AffineMap.scale(scale, -scale).concatenating(placementMap)
    }
}

extension Frame {
    /// A pen's width for single-line glyphs when the frame sets none, in ems of the glyphs'
    /// size: a stroke as heavy as a light outline face's.
    public static let defaultPenWidthPerEm = 0.04

    /// The frame with the glyphs of single-line fonts (`Font.isSingleLine`) turned into what
    /// they are: open strokes, drawn by a pen of `penWidth` px (or `defaultPenWidthPerEm` of
    /// their size) in the paint that would have filled them, with round caps and joins. Each
    /// run's strokes become one path in the frame's px, so every writer draws, and every machine
    /// follows, the same strokes; a run's other glyphs (a fallback font's) stay glyphs.
    public func strokingSingleLineGlyphs() -> Frame {
        guard hasSingleLineGlyphs else { return self }
        var frame = self
        frame.backdrop = Frame.stroking(backdrop, fill: .color(.black), penWidth: penWidth)
        frame.items = Frame.stroking(items, fill: .color(.black), penWidth: penWidth)
        return frame
    }

    /// Whether it draws glyphs of a single-line font.
    public var hasSingleLineGlyphs: Bool { Frame.hasSingleLineGlyphs(backdrop) || Frame.hasSingleLineGlyphs(items) }

    private static func hasSingleLineGlyphs(_ items: [FrameItem]) -> Bool {
        items.contains { item in
            switch item {
            case .group(let group): hasSingleLineGlyphs(group.items)
            case .link(let link): hasSingleLineGlyphs(link.items)
            case .glyphs(let run): run.fonts.contains { $0.isSingleLine }
            case .shape(let shape): shape.style.contains(.penStroke)
            default: false
            }
        }
    }

    /// The style of a single-line glyph's stroke in `paint`, `width` px wide.
    public static func penStyle(_ paint: Paint, width: Double) -> [Style] {
        [.fill(.none), .stroke(paint), .strokeWidth(width), .lineCap(.round), .lineJoin(.round), .penStroke]
    }

    /// Whether it has text for the viewer to set (`--glyphs text`) in a single-line font, which
    /// no viewer has: such text can only be drawn as strokes.
    public var hasSingleLineText: Bool {
        func viewerText(_ items: [FrameItem]) -> Bool {
            items.contains { item in
                switch item {
                case .group(let group): viewerText(group.items)
                case .link(let link): viewerText(link.items)
                case .text(let text): text.glyphs?.fonts.contains { $0.isSingleLine } ?? false
                case .textLine(let line): line.glyphs?.fonts.contains { $0.isSingleLine } ?? false
                case .textOnPath(let text): text.glyphs?.fonts.contains { $0.isSingleLine } ?? false
                default: false
                }
            }
        }
        return viewerText(backdrop) || viewerText(items)
    }

    private static func stroking(_ items: [FrameItem], fill: Paint, penWidth: Double?) -> [FrameItem] {
        var out: [FrameItem] = []
        for item in items {
            switch item {
            case .group(var group):
                var inner = fill
                for case .fill(let paint) in group.style { inner = paint }
                group.items = stroking(group.items, fill: inner, penWidth: penWidth)
                out.append(.group(group))
            case .link(var link):
                link.items = stroking(link.items, fill: fill, penWidth: penWidth)
                out.append(.link(link))
            case .shape(var shape) where penWidth != nil && shape.style.contains(.penStroke):
                shape.style = shape.style.map { if case .strokeWidth = $0, let penWidth { .strokeWidth(penWidth) } else { $0 } }
                out.append(.shape(shape))
            case .glyphs(let run) where run.fonts.contains(where: { $0.isSingleLine }):
                var strokes = Path()
                var kept = run
                kept.glyphs = []
                kept.clusters = []
                var ems: [Double] = []
                for placed in run.glyphs {
                    guard run.fonts.indices.contains(placed.font) else { continue }
                    let font = run.fonts[placed.font]
                    guard font.isSingleLine else {
                        kept.glyphs.append(placed)
                        continue
                    }
                    guard let outline = try? font.outline(of: placed.glyph), !outline.path.isEmpty else { continue }
                    strokes.elements += outline.path.transformed(by: placed.fontUnitsMap).elements
                    ems.append(placed.scale * Double(font.unitsPerEm))
                }
                if !kept.glyphs.isEmpty { out.append(.glyphs(kept)) }
                guard !strokes.isEmpty else { continue }
                let width = penWidth ?? defaultPenWidthPerEm * (ems.max() ?? 0)
                out.append(.shape(FrameShape(.path(strokes), style: penStyle(fill, width: width))))
            default:
                out.append(item)
            }
        }
        return out
    }
}
