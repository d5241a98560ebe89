import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import Synchronization

/// Glyph outlines as SVG path data in font units, made once per font and glyph and
/// shared by every document the process writes; kept as bytes, copied into each document as they
/// are.
enum GlyphDefinitions {
    /// One glyph's definition; a class, so the cache hands out one reference, not a copy of
    /// every field.
    final class Definition: Sendable {
        /// A colour glyph's layer: its outline as path data and its colour (`nil`: the text's).
        struct Layer: Sendable {
            var pathData: String
            var color: SVGColor?
        }

        /// The outline's path data; `nil` for a glyph without ink, or one drawn as an image.
        let pathData: [UInt8]?
        /// A colour glyph's (`COLR` v0) inked layers, bottom first; `nil` for a glyph in one colour.
        let layers: [Layer]?
        /// A colour bitmap glyph's (`CBDT`, `sbix`) PNG and box, drawn as an `<image>`.
        let image: GlyphImage?
        /// A painted colour glyph's (`COLR` v1) paint tree, the outlines it fills as path data
        /// with their boxes (font units), and the glyph's ink box.
        let paint: (tree: ColorPaint, outlines: [UInt32: (pathData: String, bounds: Rect)], box: Rect)?
        /// The largest absolute coordinate, font units: decides how many digits the scale needs.
        let extent: Double

        /// Whether the glyph draws anything: an outline, an image or a paint.
        var isInked: Bool { pathData != nil || image != nil || paint != nil }

        /// The outline's definition after its id at a few sizes, as bytes: most documents draw
        /// a glyph at a size drawn before (every badge at 11 px).
        private let scaled = Mutex<[(scale: Double, precision: Int, tail: [UInt8])]>([])

        init(pathData: [UInt8]?, layers: [Layer]? = nil, image: GlyphImage? = nil,
             paint: (tree: ColorPaint, outlines: [UInt32: (pathData: String, bounds: Rect)], box: Rect)? = nil, extent: Double) {
            self.pathData = pathData
            self.layers = layers
            self.image = image
            self.paint = paint
            self.extent = extent
        }

        /// The bytes `make` writes for `scale` and `precision`, made once for the last few.
        func scaledOutline(scale: Double, precision: Int, _ make: () throws(SVGError) -> [UInt8]) throws(SVGError) -> [UInt8] {
            if let known = scaled.withLock({ $0.first { $0.scale == scale && $0.precision == precision }?.tail }) { return known }
            let tail = try make()
            scaled.withLock {
                if $0.count >= 4 { $0.removeFirst() }
                $0.append((scale, precision, tail))
            }
            return tail
        }
    }

    /// Each font's definitions by glyph id, for the fonts used last.
    private static let cache = Mutex(RecentCache<Int, GlyphTable<Definition>>(capacity: 64))

    static func definition(font: Font, glyph: UInt32) throws(FontError) -> Definition {
        if let known = cache.withLock({ $0.withValue(for: font.id, default: { GlyphTable() }) { $0[glyph] } }) {
            return known
        }
        let definition: Definition
        if let image = font.colorImage(of: glyph) {
            let b = image.bounds
            definition = Definition(pathData: nil, image: image, extent: max(abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY)))
        } else if let tree = font.colorPaint(of: glyph), let box = try font.outline(of: glyph).bounds {
            // COLR v1 before v0, as browsers choose when a font has both.
            var outlines: [UInt32: (pathData: String, bounds: Rect)] = [:]
            for filled in tree.filledGlyphs {
                let outline = try font.outline(of: filled)
                guard let b = outline.bounds else { continue }
                outlines[filled] = (SVGPathData.fontUnits(outline.path), b)
            }
            definition = Definition(pathData: nil, paint: (tree, outlines, box),
                                    extent: max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY)))
        } else if let colorLayers = font.colorLayers(of: glyph) {
            var layers: [Definition.Layer] = []
            var extent = 0.0
            for layer in colorLayers {
                let layerOutline = try font.outline(of: layer.glyph)
                guard let b = layerOutline.bounds else { continue }
                extent = max(extent, abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY))
                layers.append(Definition.Layer(pathData: SVGPathData.fontUnits(layerOutline.path),
                                               color: layer.color.map(ColorPaintSVG.svgColor)))
            }
            definition = Definition(pathData: layers.first.map { Array($0.pathData.utf8) }, layers: layers, extent: extent)
        } else if case let outline = try font.outline(of: glyph), let b = outline.bounds {
            definition = Definition(
                pathData: SVGPathData.fontUnitBytes(outline.path),
                extent: max(abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY)))
        } else {
            definition = Definition(pathData: nil, extent: 0)
        }
        cache.withLock { $0.withValue(for: font.id, default: { GlyphTable() }) { $0[glyph] = definition } }
        return definition
    }
}
