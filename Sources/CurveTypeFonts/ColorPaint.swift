import CurveTypeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A colour in a `COLR` v1 paint: a palette colour (its alpha already multiplied by the paint's),
/// or the text's own colour at an opacity, 0…1 (palette index 0xFFFF, or one past the palette).
public enum PaintColor: Sendable, Hashable {
    /// A `CPAL` colour.
    case palette(FontColor)
    /// The text's colour, at `opacity` 0…1.
    case text(opacity: Double)
}

/// One stop of a gradient's colour line.
public struct ColorStop: Sendable, Hashable {
    /// Where the stop sits on the gradient, 0 at its start and 1 at its end; a font may place
    /// stops outside 0…1.
    public var offset: Double
    /// The colour at the stop.
    public var color: PaintColor

    /// A stop of `color` at `offset`.
    public init(offset: Double, color: PaintColor) {
        self.offset = offset
        self.color = color
    }
}

/// How a gradient continues past its first and last stops, as SVG's `spreadMethod`.
public enum GradientExtend: String, Sendable, Hashable {
    /// The end colours continue.
    case pad
    /// The colour line repeats.
    case `repeat`
    /// The colour line repeats, every other copy mirrored.
    case reflect
}

/// A gradient's colour stops, sorted by offset, and how it extends.
public struct ColorLine: Sendable, Hashable {
    /// The stops, by offset (stable: stops at one offset keep the font's order).
    public var stops: [ColorStop]
    /// How the gradient continues past its ends.
    public var extend: GradientExtend

    /// A colour line of `stops` (sorted here) extended by `extend`.
    public init(stops: [ColorStop], extend: GradientExtend) {
        self.stops = stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        self.extend = extend
    }
}

extension ColorLine {
    /// The stops moved into 0…1, as SVG and cairo take them, and the offsets `start` and `end`
    /// of the gradient's geometry that become its ends (a colour line may reach past 0 and 1;
    /// one whose stops share an offset has them clamped instead).
    package var unitStops: (stops: [ColorStop], start: Double, end: Double) {
        guard let first = stops.first?.offset, let last = stops.last?.offset, first != 0 || last != 1 else {
            return (stops, 0, 1)
        }
        guard last > first else {
            return (stops.map { ColorStop(offset: min(max($0.offset, 0), 1), color: $0.color) }, 0, 1)
        }
        return (stops.map { ColorStop(offset: ($0.offset - first) / (last - first), color: $0.color) }, first, last)
    }

    /// The colour at `t` (0 at the line's start, 1 at its end) after the extend mode,
    /// interpolated in sRGB between palette colours; next to a stop in the text's colour, the
    /// nearer stop's colour.
    public func color(at t: Double) -> PaintColor? {
        guard let first = stops.first, let last = stops.last else { return nil }
        var t = t
        let span = last.offset - first.offset
        if span > 0, t < first.offset || t > last.offset {
            switch extend {
            case .pad: break
            case .repeat:
                t = first.offset + (t - first.offset).truncatingRemainder(dividingBy: span)
                if t < first.offset { t += span }
            case .reflect:
                var u = (t - first.offset).truncatingRemainder(dividingBy: 2 * span)
                if u < 0 { u += 2 * span }
                t = first.offset + (u > span ? 2 * span - u : u)
            }
        }
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        guard let next = stops.firstIndex(where: { $0.offset > t }), next > 0 else { return last.color }
        let a = stops[next - 1], b = stops[next]
        let f = (t - a.offset) / (b.offset - a.offset)
        guard case .palette(let ca) = a.color, case .palette(let cb) = b.color else { return f < 0.5 ? a.color : b.color }
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * f).rounded()) }
        return .palette(FontColor(red: mix(ca.red, cb.red), green: mix(ca.green, cb.green), blue: mix(ca.blue, cb.blue),
                                  alpha: mix(ca.alpha, cb.alpha)))
    }
}

/// How `COLR` v1 composites a source paint onto a backdrop (the Compositing and Blending spec's
/// operators; the blend modes draw the source over the backdrop, mixing colours as named).
public enum PaintCompositeMode: Int, Sendable, Hashable, CaseIterable {
    /// The Porter–Duff operators, by the font's numbers 0…12 (`sourceOver` is 3, plain drawing).
    case clear = 0, source, destination, sourceOver, destinationOver, sourceIn, destinationIn, sourceOut,
         destinationOut, sourceAtop, destinationAtop, xor, plus
    /// The blend modes, 13…27, each `blendMode`'s CSS name.
    case screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference, exclusion,
         multiply, hue, saturation, color, luminosity

    /// The CSS `mix-blend-mode` for a blend mode, `nil` for a Porter–Duff operator.
    public var blendMode: String? {
        switch self {
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .hardLight: "hard-light"
        case .softLight: "soft-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .multiply: "multiply"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        default: nil
        }
    }
}

/// A `COLR` version 1 colour glyph: a tree of paints, coordinates in font units, y up. The
/// font's variants (translate, scale, rotate and skew, about the origin or a centre, uniform or
/// not) are read as one `transform`; a `PaintColrGlyph` is replaced by that glyph's own tree.
public indirect enum ColorPaint: Sendable, Hashable {
    /// Paints drawn one over the other, bottom first.
    case layers([ColorPaint])
    /// One colour everywhere.
    case solid(PaintColor)
    /// A linear gradient from `start` (offset 0) to `end` (offset 1), colour constant along
    /// lines perpendicular to it. The font's third point, which turns those lines, is already
    /// applied: `end` is the font's second point projected onto the normal of its first-to-third.
    case linearGradient(ColorLine, start: Point, end: Point)
    /// A two-circle gradient: offset 0 on the circle at `startCenter` with `startRadius`, 1 on
    /// the one at `endCenter` with `endRadius` (SVG's focal circle and circle).
    case radialGradient(ColorLine, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double)
    /// A sweep (conic) gradient about `center`: offset 0 at `startAngle`, 1 at `endAngle`,
    /// degrees counter-clockwise from the positive x axis (y up).
    case sweepGradient(ColorLine, center: Point, startAngle: Double, endAngle: Double)
    /// `paint` clipped to the outline of `glyph`.
    case glyph(UInt32, ColorPaint)
    /// `paint` drawn in coordinates mapped by `map` (font units, y up).
    case transform(AffineMap, ColorPaint)
    /// `source` composited onto `backdrop` by `mode`.
    case composite(source: ColorPaint, mode: PaintCompositeMode, backdrop: ColorPaint)
}

extension ColorPaint {
    /// Every glyph whose outline the tree fills, in the order first met.
    public var filledGlyphs: [UInt32] {
        var glyphs: [UInt32] = []
        func visit(_ paint: ColorPaint) {
            switch paint {
            case .glyph(let glyph, let fill):
                if !glyphs.contains(glyph) { glyphs.append(glyph) }
                visit(fill)
            case .layers(let paints): paints.forEach(visit)
            case .transform(_, let paint): visit(paint)
            case .composite(let source, _, let backdrop): visit(backdrop); visit(source)
            case .solid, .linearGradient, .radialGradient, .sweepGradient: break
            }
        }
        visit(self)
        return glyphs
    }
}

/// Reads `COLR` version 1 paint trees from the table's bytes.
///
/// Written by hand because no library here reads them: Debian 12's FreeType 2.12.1 is built
/// with its COLR v1 interface disabled (`FT_Get_Color_Glyph_Paint` answers 0 for every glyph;
/// Debian's changelog, 2.12.1+dfsg-5+deb12u3: "Disable the experimental and incomplete COLRv1
/// API once again"), and HarfBuzz 6.0 has no paint interface (it came in 7.0). The layout is
/// the OpenType spec's (COLR, "Paint tables"): big-endian, child paints at 24-bit offsets from
/// the paint that names them. Every read is bounds-checked and answers `nil` past the table;
/// the `Var` formats are read as their static twins (the default instance: their deltas are
/// not applied).
struct COLRv1Table: Sendable {
    private let bytes: [UInt8]
    /// Offsets of the base glyph list and the layer list in `bytes` (0: absent).
    private let baseGlyphList: Int
    private let layerList: Int
    let palette: [FontColor]
    let glyphCount: Int

    /// The deepest nesting of paints followed, and the most paints one glyph may have: real
    /// emoji fonts nest a dozen deep and use a few hundred paints; a font past either is hostile.
    static let maximumDepth = 64
    static let maximumPaints = 10_000

    /// The table, `nil` when it is not version 1 or has no base glyph list.
    init?(bytes: [UInt8], palette: [FontColor], glyphCount: Int) {
        let reader = ByteReader(bytes: bytes)
        guard let version = reader.u16(0), version >= 1, let list = reader.u32(14), list > 0, list < bytes.count,
              let layers = reader.u32(18) else { return nil }
        self.bytes = bytes
        self.baseGlyphList = list
        self.layerList = layers < bytes.count ? layers : 0
        self.palette = palette
        self.glyphCount = glyphCount
    }

    /// The paint tree of `glyph`, `nil` when it has none, or when the tree breaks a bound
    /// above or runs past the table (the glyph is then drawn by its other tables, or its
    /// outline). A `PaintColrGlyph` naming a glyph being expanded is a cycle, which the format
    /// forbids: it paints nothing.
    func paint(of glyph: UInt32) -> ColorPaint? {
        guard let root = paintOffset(of: glyph) else { return nil }
        var walk = Walk(table: self, expanding: [glyph])
        return walk.read(root, depth: 0)
    }

    /// Where the root paint of `glyph` starts: a binary search of the base glyph list, which
    /// the spec sorts by glyph id.
    fileprivate func paintOffset(of glyph: UInt32) -> Int? {
        let r = ByteReader(bytes: bytes)
        guard let count = r.u32(baseGlyphList) else { return nil }
        var low = 0, high = min(count, (bytes.count - baseGlyphList - 4) / 6)
        while low < high {
            let mid = (low + high) / 2
            let record = baseGlyphList + 4 + mid * 6
            guard let id = r.u16(record) else { return nil }
            if UInt32(id) < glyph { low = mid + 1 } else if UInt32(id) > glyph { high = mid } else {
                guard let offset = r.u32(record + 2), offset > 0 else { return nil }
                return baseGlyphList + offset
            }
        }
        return nil
    }

    private struct Walk {
        let table: COLRv1Table
        var expanding: [UInt32]
        var paints = 0

        var r: ByteReader { ByteReader(bytes: table.bytes) }

        /// The child paint at the 24-bit offset at `field`, from `base`.
        func child(_ base: Int, _ field: Int) -> Int? {
            guard let offset = r.u24(field), offset > 0 else { return nil }
            return base + offset
        }

        func f2dot14(_ at: Int) -> Double? { r.i16(at).map { Double($0) / 16384 } }
        func fword(_ at: Int) -> Double? { r.i16(at).map(Double.init) }
        func fixed(_ at: Int) -> Double? { r.i32(at).map { Double($0) / 65536 } }
        func point(_ at: Int) -> Point? {
            guard let x = fword(at), let y = fword(at + 2) else { return nil }
            return Point(x: x, y: y)
        }

        func color(index: UInt16, alpha: Double) -> PaintColor {
            let alpha = min(max(alpha, 0), 1)
            guard Int(index) < table.palette.count else { return .text(opacity: alpha) }
            var c = table.palette[Int(index)]
            c.alpha = UInt8((Double(c.alpha) * alpha).rounded())
            return .palette(c)
        }

        /// A colour line at `at`; `variable`: its stops carry a variation index (10 bytes, not 6).
        func colorLine(_ at: Int, variable: Bool) -> ColorLine? {
            guard let extendByte = r.u8(at), let count = r.u16(at + 1), count > 0 else { return nil }
            let size = variable ? 10 : 6
            var stops: [ColorStop] = []
            stops.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                let stop = at + 3 + i * size
                guard let offset = f2dot14(stop), let index = r.u16(stop + 2), let alpha = f2dot14(stop + 4) else { return nil }
                stops.append(ColorStop(offset: offset, color: color(index: index, alpha: alpha)))
            }
            let extend: GradientExtend = switch extendByte {
            case 1: .repeat
            case 2: .reflect
            default: .pad
            }
            return ColorLine(stops: stops, extend: extend)
        }

        /// `map` applied about `center`: moved there, mapped, moved back.
        static func about(_ center: Point, _ map: AffineMap) -> AffineMap {
            AffineMap.translation(-center.x, -center.y).concatenating(map).concatenating(.translation(center.x, center.y))
        }

        /// The center at `at` for the formats "around center", the origin for the others.
        func center(_ at: Int, present: Bool) -> Point? { present ? point(at) : .zero }

        mutating func read(_ at: Int, depth: Int) -> ColorPaint? {
            paints += 1
            guard depth < COLRv1Table.maximumDepth, paints <= COLRv1Table.maximumPaints, let rawFormat = r.u8(at) else {
                return nil
            }
            let d = depth + 1
            // Formats 2 to 9 and 12 to 31 come in pairs, the odd one the variable twin of the
            // even one before it, with the same fields first (10 and 11 are PaintGlyph and
            // PaintColrGlyph, which do not vary).
            let variable = rawFormat % 2 == 1 && ((3...9).contains(rawFormat) || (13...31).contains(rawFormat))
            let format = variable ? rawFormat - 1 : rawFormat
            switch format {
            case 1:  // PaintColrLayers: uint8 count, uint32 first index into the layer list
                guard table.layerList > 0, let count = r.u8(at + 1), let first = r.u32(at + 2),
                      let total = r.u32(table.layerList), first + Int(count) <= total else { return nil }
                var layers: [ColorPaint] = []
                for i in first..<(first + Int(count)) {
                    guard let offset = r.u32(table.layerList + 4 + i * 4), offset > 0,
                          let layer = read(table.layerList + offset, depth: d) else { return nil }
                    layers.append(layer)
                }
                return .layers(layers)
            case 2:  // PaintSolid: uint16 palette index, F2DOT14 alpha
                guard let index = r.u16(at + 1), let alpha = f2dot14(at + 3) else { return nil }
                return .solid(color(index: index, alpha: alpha))
            case 4:  // PaintLinearGradient: Offset24 colour line, FWORD x0 y0 x1 y1 x2 y2
                guard let lineAt = child(at, at + 1), let line = colorLine(lineAt, variable: variable),
                      let p0 = point(at + 4), let p1 = point(at + 8), let p2 = point(at + 12) else { return nil }
                // The colour is constant along p0→p2; the gradient runs along its normal, to
                // p1's projection there (the spec's p3). p2 on p0 leaves no direction: p1 as given.
                let normal = Point(x: -(p2.y - p0.y), y: p2.x - p0.x)
                let length2 = normal.x * normal.x + normal.y * normal.y
                var end = p1
                if length2 > 0 {
                    let t = ((p1.x - p0.x) * normal.x + (p1.y - p0.y) * normal.y) / length2
                    end = p0 + normal * t
                }
                return .linearGradient(line, start: p0, end: end)
            case 6:  // PaintRadialGradient: Offset24 colour line, FWORD x0 y0, UFWORD r0, FWORD x1 y1, UFWORD r1
                guard let lineAt = child(at, at + 1), let line = colorLine(lineAt, variable: variable),
                      let c0 = point(at + 4), let r0 = r.u16(at + 8), let c1 = point(at + 10), let r1 = r.u16(at + 14) else {
                    return nil
                }
                return .radialGradient(line, startCenter: c0, startRadius: Double(r0), endCenter: c1, endRadius: Double(r1))
            case 8:  // PaintSweepGradient: Offset24 colour line, FWORD cx cy, F2DOT14 start end
                guard let lineAt = child(at, at + 1), let line = colorLine(lineAt, variable: variable),
                      let c = point(at + 4), let start = f2dot14(at + 8), let end = f2dot14(at + 10) else { return nil }
                // Biased by 1 so that +360° fits: degrees = (value + 1) × 180.
                return .sweepGradient(line, center: c, startAngle: (start + 1) * 180, endAngle: (end + 1) * 180)
            case 10:  // PaintGlyph: Offset24 paint, uint16 glyph
                guard let inner = child(at, at + 1), let glyph = r.u16(at + 4), Int(glyph) < table.glyphCount,
                      let fill = read(inner, depth: d) else { return nil }
                return .glyph(UInt32(glyph), fill)
            case 11:  // PaintColrGlyph: uint16 glyph
                guard let glyph = r.u16(at + 1).map(UInt32.init) else { return nil }
                guard !expanding.contains(glyph) else { return .layers([]) }
                guard let root = table.paintOffset(of: glyph) else { return nil }
                expanding.append(glyph)
                defer { expanding.removeLast() }
                return read(root, depth: d)
            case 12:  // PaintTransform: Offset24 paint, Offset24 Affine2x3 (Fixed xx yx xy yy dx dy)
                guard let inner = child(at, at + 1), let m = child(at, at + 4),
                      let xx = fixed(m), let yx = fixed(m + 4), let xy = fixed(m + 8), let yy = fixed(m + 12),
                      let dx = fixed(m + 16), let dy = fixed(m + 20) else { return nil }
                return read(inner, depth: d).map { .transform(AffineMap(a: xx, b: yx, c: xy, d: yy, tx: dx, ty: dy), $0) }
            case 14:  // PaintTranslate: Offset24 paint, FWORD dx dy
                guard let inner = child(at, at + 1), let dx = fword(at + 4), let dy = fword(at + 6) else { return nil }
                return read(inner, depth: d).map { .transform(.translation(dx, dy), $0) }
            case 16, 18:  // PaintScale(AroundCenter): Offset24 paint, F2DOT14 sx sy [, FWORD cx cy]
                guard let inner = child(at, at + 1), let sx = f2dot14(at + 4), let sy = f2dot14(at + 6),
                      let c = center(at + 8, present: format == 18) else { return nil }
                return read(inner, depth: d).map { .transform(Self.about(c, .scale(sx, sy)), $0) }
            case 20, 22:  // PaintScaleUniform(AroundCenter): Offset24 paint, F2DOT14 s [, FWORD cx cy]
                guard let inner = child(at, at + 1), let s = f2dot14(at + 4), let c = center(at + 6, present: format == 22) else {
                    return nil
                }
                return read(inner, depth: d).map { .transform(Self.about(c, .scale(s, s)), $0) }
            case 24, 26:  // PaintRotate(AroundCenter): Offset24 paint, F2DOT14 angle (× 180°) [, FWORD cx cy]
                guard let inner = child(at, at + 1), let angle = f2dot14(at + 4),
                      let c = center(at + 6, present: format == 26) else { return nil }
                // Counter-clockwise in y-up font units, as AffineMap's rotation turns there.
                return read(inner, depth: d).map { .transform(Self.about(c, .rotation(.degrees(angle * 180))), $0) }
            case 28, 30:  // PaintSkew(AroundCenter): Offset24 paint, F2DOT14 x y (× 180°) [, FWORD cx cy]
                guard let inner = child(at, at + 1), let x = f2dot14(at + 4), let y = f2dot14(at + 6),
                      let c = center(at + 8, present: format == 30) else { return nil }
                // x' = x − tan(xSkew)·y, y' = y + tan(ySkew)·x: positive angles turn the axes
                // counter-clockwise (the spec; fontTools' Paint.getTransform alike).
                let map = AffineMap(a: 1, b: tan(y * .pi), c: -tan(x * .pi), d: 1, tx: 0, ty: 0)
                return read(inner, depth: d).map { .transform(Self.about(c, map), $0) }
            case 32:  // PaintComposite: Offset24 source, uint8 mode, Offset24 backdrop
                guard let sourceAt = child(at, at + 1), let modeByte = r.u8(at + 4),
                      let mode = PaintCompositeMode(rawValue: Int(modeByte)), let backdropAt = child(at, at + 5),
                      let source = read(sourceAt, depth: d), let backdrop = read(backdropAt, depth: d) else { return nil }
                return .composite(source: source, mode: mode, backdrop: backdrop)
            default:
                return nil
            }
        }
    }
}

/// Big-endian reads at byte offsets, each `nil` past the end (or before the start).
private struct ByteReader {
    let bytes: [UInt8]

    func u8(_ at: Int) -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }
    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at <= bytes.count - 2 else { return nil }
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }
    func i16(_ at: Int) -> Int16? { u16(at).map { Int16(bitPattern: $0) } }
    func u24(_ at: Int) -> Int? {
        guard at >= 0, at <= bytes.count - 3 else { return nil }
        return Int(bytes[at]) << 16 | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2])
    }
    func u32(_ at: Int) -> Int? {
        guard at >= 0, at <= bytes.count - 4 else { return nil }
        return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    func i32(_ at: Int) -> Int32? { u32(at).map { Int32(truncatingIfNeeded: $0) } }
}
