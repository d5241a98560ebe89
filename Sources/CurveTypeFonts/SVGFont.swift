import CurveTypeGeometry
import CurveTypeXML

/// Reads SVG fonts (SVG 1.1's `<font>`), the format of EMSL's `svg_fonts` that Inkscape's
/// Hershey Text extension draws with, and of single-line fonts exported for it (Relief
/// SingleLine's `.svg`). Each glyph's path data is a pen's strokes, not an outline to fill:
/// Hershey Text draws them so, and so does this. The font is compiled into a single-line
/// TrueType font (`StrokeFontCompiler`) with its `hkern` pairs as a `kern` table, so HarfBuzz
/// shapes it with the font's kerning.
///
/// What is read: `<font horiz-adv-x>`; `<font-face>`'s `font-family`, `units-per-em`, `ascent`
/// and `descent`; `<missing-glyph>`; each `<glyph>` whose `unicode` is one character, with its
/// `horiz-adv-x` and path data `d` (every command, curves included: cubics become quadratics
/// within 1/4000 em, as TrueType stores curves); `<hkern>`'s `u1`, `g1`, `u2`, `g2` (lists of
/// characters, `U+` code points and ranges, and glyph names) and `k`, which narrows the pair.
/// A glyph whose `unicode` is several characters (a ligature) would need substitution tables:
/// those characters are drawn one by one. Vertical metrics (`vert-adv-y`) and `arabic-form`
/// glyphs are not read.
///
/// Written by hand: no library on the machine reads SVG fonts (FontForge's converters are not
/// a library); the format is a few attributes over SVG path data, which `Path` reads.
enum SVGFontReader {
    /// The largest SVG font read, bytes: Relief SingleLine's is 176 KB, a CJK one several MB.
    static let maximumBytes = 16 << 20
    /// The most kerning pairs a font's `hkern` elements may name, after lists and ranges are
    /// expanded to the characters the font has (Relief SingleLine names 17,574); and the most
    /// characters their lists may name.
    static let maximumKerningPairs = 1_000_000
    /// The most points of all the glyphs' strokes, compiled (a CJK font's are about 2 million).
    static let maximumPoints = 4_000_000
    /// How far a cubic's quadratics may stray from it, em.
    static let curveTolerance = 1.0 / 4000

    static func read(_ bytes: [UInt8], family fallback: String, path: String) throws(FontError) -> StrokeFont {
        func bad(_ reason: String) -> FontError { .notAFont(path: path, reason: "not an SVG font: \(reason)") }
        guard bytes.count <= maximumBytes else { throw bad("it is larger than \(maximumBytes >> 20) MiB") }
        let root: MarkupElement
        do { root = try MarkupElement.parse(bytes, limits: .init(elements: 500_000, depth: 64)) } catch { throw bad(error.reason) }
        guard let font = root.first(named: "font") else { throw bad("it has no <font> element") }
        let face = font.children.first { $0.name == "font-face" }
        func number(_ element: MarkupElement?, _ name: String) throws(FontError) -> Double? {
            guard let text = element?[name] else { return nil }
            guard let value = Double(text.trimmed()), value.isFinite else { throw bad("<\(element?.name ?? "")> has \(name)=\"\(text.prefix(40))\", not a number") }
            return value
        }
        let unitsPerEm = try number(face, "units-per-em") ?? 1000
        guard (16...16384).contains(unitsPerEm) else { throw bad("units-per-em is \(unitsPerEm), not 16 to 16384") }
        let defaultAdvance = try number(font, "horiz-adv-x") ?? 0

        // The glyphs, as paths in font units (y up), and the names kerning refers to them by.
        struct Source { var scalar: Unicode.Scalar; var advance: Double; var path: Path }
        func glyphPath(_ element: MarkupElement) throws(FontError) -> Path {
            guard let data = element["d"] else { return Path() }
            do { return try Path(svgPathData: data) } catch {
                throw bad("the path data of glyph \"\(element["glyph-name"] ?? element["unicode"] ?? "")\": \(error)")
            }
        }
        var sources: [Source] = []
        var scalarNamed: [String: Unicode.Scalar] = [:]
        var seen = Set<Unicode.Scalar>()
        for element in font.children where element.name == "glyph" {
            guard let unicode = element["unicode"], unicode.unicodeScalars.count == 1, let scalar = unicode.unicodeScalars.first else { continue }
            // The first glyph for a character is the one drawn, as SVG says.
            guard seen.insert(scalar).inserted else { continue }
            if let name = element["glyph-name"] { scalarNamed[name] = scalarNamed[name] ?? scalar }
            sources.append(Source(scalar: scalar, advance: try number(element, "horiz-adv-x") ?? defaultAdvance, path: try glyphPath(element)))
        }
        guard !sources.isEmpty else { throw bad("it has no <glyph> for a character") }
        // Glyph 0 is the missing glyph; TrueType counts glyphs in 16 bits.
        guard sources.count < 65535 else { throw bad("it has more than 65534 glyphs for characters") }
        let missing = try font.children.first { $0.name == "missing-glyph" }.map { element throws(FontError) in
            Source(scalar: "\u{0}", advance: try number(element, "horiz-adv-x") ?? defaultAdvance, path: try glyphPath(element))
        }

        // Kerning: each `hkern` names its left and right characters by lists; the pairs it
        // makes are capped, since a range may name every character.
        var pairs: [(left: Unicode.Scalar, right: Unicode.Scalar, k: Double)] = []
        // The characters the font has, in order, so a range is found by bisection, not a scan;
        // and how many characters the lists have named so far, capped as the pairs are.
        let ordered = seen.sorted { $0.value < $1.value }
        func firstIndex(atLeast value: UInt32) -> Int {
            var low = 0, high = ordered.count
            while low < high {
                let middle = (low + high) / 2
                if ordered[middle].value < value { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var named = 0
        func characters(_ element: MarkupElement, _ u: String, _ g: String) throws(FontError) -> [Unicode.Scalar] {
            var found: [Unicode.Scalar] = []
            func add(_ scalars: ArraySlice<Unicode.Scalar>) throws(FontError) {
                named += scalars.count
                guard named <= maximumKerningPairs else { throw bad("its <hkern> elements name more than \(maximumKerningPairs) characters") }
                found += scalars
            }
            for entry in (element[u] ?? "").split(separator: ",") {
                let entry = entry.trimmed()
                if entry.unicodeScalars.count == 1, let scalar = entry.unicodeScalars.first {
                    try add([scalar])
                } else if entry.hasPrefix("U+") || entry.hasPrefix("u+") {
                    let bounds = entry.dropFirst(2).split(separator: "-", maxSplits: 1).map { UInt32($0, radix: 16) }
                    guard let low = bounds.first ?? nil, let high = bounds.count == 2 ? bounds[1] : low, low <= high else { continue }
                    try add(ordered[firstIndex(atLeast: low)..<firstIndex(atLeast: high &+ 1)])
                }
            }
            for name in (element[g] ?? "").split(separator: ",") {
                if let scalar = scalarNamed[name.trimmed()] { try add([scalar]) }
            }
            return found
        }
        for element in font.children where element.name == "hkern" {
            guard let k = try number(element, "k") else { continue }
            let lefts = try characters(element, "u1", "g1"), rights = try characters(element, "u2", "g2")
            guard pairs.count + lefts.count * rights.count <= maximumKerningPairs else {
                throw bad("its <hkern> elements name more than \(maximumKerningPairs) pairs")
            }
            for left in lefts { for right in rights { pairs.append((left, right, k)) } }
        }

        // Compiled units: the most font units a power of two up to 16 allows, so half and
        // tenth units (Hershey's 94.5, EMS's 9.45) keep their places: TrueType's coordinates
        // are 16-bit integers, and a stroke's steps must fit in 16 bits too.
        let ink = (sources + (missing.map { [$0] } ?? [])).compactMap { $0.path.bounds() }
        let reach = ink.map { max(abs($0.minX), abs($0.maxX), abs($0.minY), abs($0.maxY)) }.max() ?? 0
        let widest = (sources.map(\.advance) + [missing?.advance ?? 0]).map(abs).max() ?? 0
        let strongestKern = pairs.map { abs($0.k) }.max() ?? 0
        var scale = 16.0
        while scale > 1 && (unitsPerEm * scale > 16384 || reach * scale > 16383 || widest * scale > 65535 || strongestKern * scale > 32767) {
            scale /= 2
        }
        guard reach * scale <= 16383, widest * scale <= 65535 else {
            throw bad("its glyphs reach \(shortestDigits(max(reach, widest))) units from the origin, more than 16383")
        }
        guard strongestKern * scale <= 32767 else {
            throw bad("an <hkern> moves a glyph \(shortestDigits(strongestKern)) units, more than 32767 at \(shortestDigits(unitsPerEm)) units per em")
        }
        // TrueType's ascender and descender are 16-bit.
        func metric(_ name: String) throws(FontError) -> Int? {
            guard let value = try number(face, name) else { return nil }
            guard let units = Int(exactly: (value * scale).rounded()), abs(units) <= 32767 else {
                throw bad("<font-face> has \(name)=\"\(shortestDigits(value))\", more than 32767 units from the baseline")
            }
            return units
        }
        let ascender = try metric("ascent"), descender = try metric("descent")
        let tolerance = curveTolerance * unitsPerEm
        // A glyph's contour, out and back, holds twice its points: TrueType holds 65,535 a glyph.
        var budget = maximumPoints
        func glyph(_ source: Source) throws(FontError) -> StrokeFont.Glyph {
            let limit = min(32767, budget)
            let named = "glyph U+\(String(source.scalar.value, radix: 16, uppercase: true))"
            let strokes: [[StrokeFont.Point]]
            switch Result(catching: { () throws(StrokeOutline.Refusal) in
                try StrokeOutline.strokes(of: source.path, scale: scale, tolerance: tolerance, limit: limit)
            }) {
            case .success(let made): strokes = made
            case .failure(.tooManyPoints) where limit < 32767: throw bad("its glyphs have more than \(maximumPoints) points")
            case .failure(.tooManyPoints): throw bad("\(named) has more points than TrueType holds")
            case .failure(.outOfRange): throw bad("\(named) has a curve's control point more than 32767 units from the origin")
            }
            budget -= strokes.reduce(0) { $0 + $1.count }
            return StrokeFont.Glyph(scalar: source.scalar, advance: Int((source.advance * scale).rounded()), strokes: strokes)
        }
        var glyphs: [StrokeFont.Glyph] = []
        for source in sources { glyphs.append(try glyph(source)) }
        let family = face?["font-family"].map { $0.trimmed() }.flatMap { $0.isEmpty ? nil : $0 } ?? font["id"] ?? fallback
        return StrokeFont(
            family: family, glyphs: glyphs, missingGlyph: try missing.map { source throws(FontError) in try glyph(source) },
            kerning: pairs.map { .init(left: $0.left, right: $0.right, value: Int((-$0.k * scale).rounded())) },
            unitsPerEm: Int((unitsPerEm * scale).rounded()),
            ascender: ascender,
            descender: descender)
    }
}

/// A path drawn by a pen, as the strokes of a stroke font: each subpath a stroke of TrueType
/// points, lines and quadratics, in compiled units.
enum StrokeOutline {
    /// Why a path has no strokes.
    enum Refusal: Error {
        /// More than the limit's points.
        case tooManyPoints
        /// A point (a curve's control point, which may lie far from the curve) past TrueType's
        /// 16-bit coordinates.
        case outOfRange
    }

    /// The strokes of `path` (font units, y up) scaled by `scale` and rounded to whole units;
    /// refused when they would have more than `limit` points, or a point past ±32767. Cubics
    /// become quadratics within `tolerance` font units; a closed subpath ends with its closing
    /// line; a subpath of a lone move draws nothing, and one that stays on its point is a dot
    /// (one point).
    static func strokes(of path: Path, scale: Double, tolerance: Double, limit: Int) throws(Refusal) -> [[StrokeFont.Point]] {
        var strokes: [[StrokeFont.Point]] = []
        var current: [StrokeFont.Point] = []
        var at = Point.zero, start = Point.zero
        var drawn = false
        func point(_ p: Point, onCurve: Bool = true) throws(Refusal) -> StrokeFont.Point {
            let x = (p.x * scale).rounded(), y = (p.y * scale).rounded()
            guard abs(x) <= 32767, abs(y) <= 32767 else { throw .outOfRange }
            return StrokeFont.Point(x: Int(x), y: Int(y), onCurve: onCurve)
        }
        func begin() throws(Refusal) {
            if current.isEmpty { current = [try point(at)] }
        }
        func finish() {
            defer { current = []; drawn = false }
            guard drawn else { return }
            // Steps that rounding made zero long are dropped.
            var kept: [StrokeFont.Point] = []
            for p in current where !(p.onCurve && kept.last == p) { kept.append(p) }
            strokes.append(kept)
        }
        var count = 0
        for element in path.elements {
            guard count + current.count <= limit else { throw .tooManyPoints }
            switch element {
            case .move(let p):
                count += current.count
                finish()
                at = p
                start = p
            case .line(let p):
                try begin()
                current.append(try point(p))
                drawn = true
                at = p
            case .quad(let c, let p):
                try begin()
                current += [try point(c, onCurve: false), try point(p)]
                drawn = true
                at = p
            case .cubic(let c1, let c2, let p):
                try begin()
                for (control, end) in quadratics(at, c1, c2, p, tolerance: tolerance) {
                    current += [try point(control, onCurve: false), try point(end)]
                }
                drawn = true
                at = p
            case .close:
                if drawn && at != start {
                    current.append(try point(start))
                }
                count += current.count
                finish()
                at = start
            }
        }
        guard count + current.count <= limit else { throw .tooManyPoints }
        finish()
        return strokes
    }

    /// Quadratics (control, end) that follow the cubic p0 c1 c2 p3 within `tolerance`: the
    /// cubic cut into n equal steps of t, each replaced by the quadratic whose control point is
    /// (3(c1 + c2) − (p0 + p3)) / 4 of its piece, which strays at most √3/36 of the piece's
    /// third difference |p3 − 3c2 + 3c1 − p0| (the bound cu2qu uses); that difference shrinks
    /// as 1/n³. At most 64 pieces.
    static func quadratics(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, tolerance: Double) -> [(Point, Point)] {
        let third = Point(x: p3.x - 3 * c2.x + 3 * c1.x - p0.x, y: p3.y - 3 * c2.y + 3 * c1.y - p0.y)
        let error = (third.x * third.x + third.y * third.y).squareRoot() * 3.0.squareRoot() / 36
        var pieces = 1
        while pieces < 64 && error / Double(pieces * pieces * pieces) > tolerance { pieces += 1 }
        var out: [(Point, Point)] = []
        var rest = (p0, c1, c2, p3)
        for index in 0..<pieces {
            // Cut the remaining cubic at the fraction that leaves equal steps of the whole.
            let remaining = pieces - index
            var piece = rest
            if remaining > 1 {
                let t = 1 / Double(remaining)
                func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
                let (q0, q1, q2, q3) = rest
                let a = lerp(q0, q1), b = lerp(q1, q2), c = lerp(q2, q3)
                let d = lerp(a, b), e = lerp(b, c)
                let f = lerp(d, e)
                piece = (q0, a, d, f)
                rest = (f, e, c, q3)
            }
            let (s0, s1, s2, s3) = piece
            let control = Point(x: (3 * (s1.x + s2.x) - (s0.x + s3.x)) / 4, y: (3 * (s1.y + s2.y) - (s0.y + s3.y)) / 4)
            out.append((control, s3))
        }
        return out
    }
}
