import CurveTypeFrame
import CurveTypeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A frame's text layers as a PDF carries them: invisible text (render mode 3) where the
/// outlines are, each layer one `/ActualText` span whose string is the layer's text in logical
/// order, so that a reader copies and searches what the drawing says, whatever its direction or
/// shape. Written into the page by `PDFUpdate` as a content stream of its own, before cairo's.
///
/// Written by hand: cairo (1.16 and 1.18) sets no text rendering mode and drops text painted
/// with nothing (`nothing_to_do` in cairo-surface.c), and its marked content has no
/// `/ActualText` of our choosing. The text needs no glyph shapes, so its font is a Type 3 font
/// whose one glyph draws nothing (as OCR tools' glyphless fonts do): each distinct cluster is a
/// character code, mapped by the font's ToUnicode to the cluster's characters, for readers that
/// do not read `/ActualText`; its width is one em, and each cluster's text matrix stretches it
/// over the cluster's advance, so a selection covers what it selects.
struct PDFTextLayer {
    /// The layers, each with the map from its px to the page's device space (points, y down
    /// from the page's top), as cairo's matrix was where the layer was met.
    var layers: [(layer: TextLayer, map: AffineMap)] = []

    /// Codes per font: a simple font's one byte.
    private static let codesPerFont = 256

    /// The update's new objects, numbered from `first`: the empty glyph, each font with its
    /// ToUnicode map, and the content stream; with the content stream's number and the fonts'
    /// resource names and numbers. `nil` when there is no text to write.
    func objects(first: Int, pageHeight: Double) -> (objects: [[UInt8]], content: Int, fonts: [(name: String, object: Int)])? {
        // Each distinct cluster string, its code: the first 256 in the first font, and so on.
        var codes: [String: Int] = [:]
        var strings: [String] = []
        var placed: [(actualText: String, runs: [Run])] = []
        for (layer, map) in layers {
            let utf8 = Array(layer.text.utf8)
            // What the layer shows: its clusters' characters, in order (a text cut short on its
            // curve shows, and says, only the clusters drawn).
            var actualText = ""
            var shown: [(cluster: TextLayerCluster, code: Int, blank: Bool)] = []
            for cluster in layer.clusters where cluster.utf8.lowerBound >= 0 && cluster.utf8.upperBound <= utf8.count && !cluster.utf8.isEmpty {
                let text = String(decoding: utf8[cluster.utf8], as: UTF8.self)
                actualText += text
                let code: Int
                if let known = codes[text] { code = known } else {
                    code = strings.count
                    codes[text] = code
                    strings.append(text)
                }
                shown.append((cluster, code, text.unicodeScalars.allSatisfy(\.properties.isWhitespace)))
            }
            let runs = Self.runs(shown, size: layer.size, map: map, pageHeight: pageHeight)
            if !runs.isEmpty { placed.append((actualText, runs)) }
        }
        guard !placed.isEmpty else { return nil }

        let fontCount = (strings.count + Self.codesPerFont - 1) / Self.codesPerFont
        let glyph = first, content = first + 1
        var objects: [[UInt8]] = []
        // One em wide, its box an em from 0.2 below the baseline: a glyph of no box is not text to
        // PDFium (Chromium's reader), which extracts nothing from a font of `d0` glyphs.
        objects.append(Self.stream(number: glyph, Array("1000 0 0 -200 1000 800 d1\n".utf8)))
        var fonts: [(name: String, object: Int)] = []
        var fontObjects: [[UInt8]] = []
        for f in 0..<fontCount {
            let font = first + 2 + 2 * f, toUnicode = font + 1
            let count = min(Self.codesPerFont, strings.count - f * Self.codesPerFont)
            let widths = Array(repeating: "1000", count: count).joined(separator: " ")
            let names = Array(repeating: "/g", count: count).joined(separator: " ")
            fontObjects.append(Array(("\(font) 0 obj\n<< /Type /Font /Subtype /Type3 /FontBBox [ 0 -200 1000 800 ] /FontMatrix [ 0.001 0 0 0.001 0 0 ]\n"
                + "   /CharProcs << /g \(glyph) 0 R >> /Encoding << /Type /Encoding /Differences [ 0 \(names) ] >>\n"
                + "   /FirstChar 0 /LastChar \(count - 1) /Widths [ \(widths) ]\n"
                + "   /Resources << >> /ToUnicode \(toUnicode) 0 R >>\nendobj\n").utf8))
            let mapped = strings[(f * Self.codesPerFont)..<(f * Self.codesPerFont + count)]
            fontObjects.append(Self.stream(number: toUnicode, Self.toUnicode(Array(mapped)), compressed: true))
            fonts.append(("CTt\(f)", font))
        }

        // The content as bytes, each number and code written straight into them.
        var ops: [UInt8] = []
        ops.reserveCapacity(64 * placed.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } } + 256)
        ops += "q\nBT\n3 Tr\n".utf8
        var font = -1
        var scaling = 100.0
        for (actualText, runs) in placed {
            ops += "/Span << /ActualText <FEFF".utf8
            for unit in actualText.utf16 { appendHexDigits(UInt64(unit), width: 4, uppercase: true, to: &ops) }
            ops += "> >> BDC\n".utf8
            for run in runs {
                for (index, number) in run.matrix.enumerated() {
                    if index > 0 { ops.append(UInt8(ascii: " ")) }
                    appendFixed(number, 4, to: &ops)
                }
                ops += " Tm\n".utf8
                // Where the line starts and where the next glyph would be shown, along the x axis.
                var lineStart = 0.0, next = 0.0
                for glyph in run.glyphs {
                    if glyph.code / Self.codesPerFont != font {
                        font = glyph.code / Self.codesPerFont
                        ops += "/CTt\(font) 1 Tf\n".utf8
                    }
                    // A glyph where the one before ended follows it unmoved: a reader takes a
                    // move (`Td`) for a gap.
                    if abs(glyph.position - next) > 1e-4 {
                        appendFixed(glyph.position - lineStart, 4, to: &ops)
                        ops += " 0 Td\n".utf8
                        lineStart = glyph.position
                    }
                    next = glyph.position + glyph.scaling / 100
                    if glyph.scaling != scaling {
                        scaling = glyph.scaling
                        appendFixed(scaling, 4, to: &ops)
                        ops += " Tz\n".utf8
                    }

                    ops.append(UInt8(ascii: "<"))
                    appendHexDigits(UInt64(glyph.code % Self.codesPerFont), width: 2, uppercase: true, to: &ops)
                    ops += "> Tj\n".utf8
                }
            }
            ops += "EMC\n".utf8
        }
        ops += "ET\nQ\n".utf8
        objects.append(Self.stream(number: content, ops, compressed: true))
        return (objects + fontObjects, content, fonts)
    }

    /// Glyphs shown under one text matrix: each its code, where it starts along the matrix's
    /// x axis, and its horizontal scaling (`Tz`, percent), which makes it as wide as its cluster.
    struct Run {
        var matrix: [Double]
        var glyphs: [(code: Int, position: Double, scaling: Double)]
    }

    /// The layer's clusters as runs. A word whose clusters follow one another along the
    /// baseline (each starting within an em of where the one before ends, turned less than 45°
    /// from it) is one
    /// run along its chord, the line from its first cluster's start to its last one's end,
    /// each cluster placed where it lies along it and scaled to its advance: pdf.js (Firefox's
    /// reader) and MuPDF read no `/ActualText` and take a glyph under a text matrix of its own
    /// for a word of its own, so a curved word came out letter by letter. A word is split where
    /// a cluster would lie more than half the size from the chord, so the highlight stays
    /// over the ink. Anything else (spaces, a right-to-left word, whose logical order runs
    /// backwards along the baseline) is a run of one cluster, stretched over its advance.
    static func runs(_ shown: [(cluster: TextLayerCluster, code: Int, blank: Bool)], size: Double, map: AffineMap, pageHeight: Double) -> [Run] {
        var runs: [Run] = []
        func direction(_ angle: Double) -> Point { Point(x: cos(angle * .pi / 180), y: sin(angle * .pi / 180)) }
        func end(_ c: TextLayerCluster) -> Point { c.origin + direction(c.angle) * c.advance }
        func follows(_ a: TextLayerCluster, _ b: TextLayerCluster) -> Bool {
            var turn = abs(a.angle - b.angle).truncatingRemainder(dividingBy: 360)
            turn = min(turn, 360 - turn)
            // Spaced letters (tracking, a sweep) too: each glyph is stretched over its gap, as a
            // reader takes a gap for a space.
            return a.advance > 0 && b.advance > 0 && turn < 45 && end(a).distance(to: b.origin) < size
        }
        /// Whether every cluster of `group` lies near the chord from its first start to its last end.
        func straightEnough(_ group: ArraySlice<(cluster: TextLayerCluster, code: Int, blank: Bool)>) -> Bool {
            guard let first = group.first?.cluster, let last = group.last?.cluster else { return true }
            let (p, q) = (first.origin, end(last))
            let length = p.distance(to: q)
            guard length > 0 else { return false }
            let u = (q - p) * (1 / length)
            return group.allSatisfy { item in
                let o = item.cluster.origin - p, e = end(item.cluster) - p
                return abs(o.x * u.y - o.y * u.x) <= 0.5 * size && abs(e.x * u.y - e.y * u.x) <= 0.5 * size
            }
        }
        var index = 0
        while index < shown.count {
            var stop = index + 1
            if !shown[index].blank {
                while stop < shown.count, !shown[stop].blank, follows(shown[stop - 1].cluster, shown[stop].cluster),
                      straightEnough(shown[index...stop]) { stop += 1 }
            }
            let group = shown[index..<stop]
            index = stop
            if group.count == 1, let only = group.first {
                if let matrix = textMatrix(origin: only.cluster.origin, angle: only.cluster.angle,
                                           along: only.cluster.advance.isFinite ? max(only.cluster.advance, size / 100) : size,
                                           size: size, map: map, pageHeight: pageHeight) {
                    runs.append(Run(matrix: matrix, glyphs: [(only.code, 0, 100)]))
                }
                continue
            }
            // Along the chord, a unit of the matrix's x axis is a px.
            guard let first = group.first?.cluster, let last = group.last?.cluster else { continue }
            let (p, q) = (first.origin, end(last))
            let u = (q - p) * (1 / p.distance(to: q))
            let angle = atan2(u.y, u.x) * 180 / .pi
            guard let matrix = textMatrix(origin: p, angle: angle, along: 1, size: size, map: map, pageHeight: pageHeight) else { continue }
            let starts = group.map { ($0.cluster.origin - p).dot(u) } + [p.distance(to: q)]
            var glyphs: [(code: Int, position: Double, scaling: Double)] = []
            for (k, item) in group.enumerated() {
                glyphs.append((item.code, starts[k], max(starts[k + 1] - starts[k], size / 100) * 100))
            }
            runs.append(Run(matrix: matrix, glyphs: glyphs))
        }
        return runs
    }

    /// The text matrix that stretches a glyph one em wide and one em high over `along` px of a
    /// baseline from `origin` turned `angle` degrees clockwise: its x axis along the baseline,
    /// its y axis up for the size, in PDF space (points, y up from the page's bottom). `nil` if
    /// the map flattens it.
    private static func textMatrix(origin: Point, angle: Double, along: Double, size: Double, map: AffineMap, pageHeight: Double) -> [Double]? {
        guard size.isFinite, size > 0, along.isFinite, along > 0 else { return nil }
        let radians = angle * .pi / 180
        // Along the baseline and up from it, y down (up is the baseline turned 90° back).
        let d = Point(x: cos(radians) * along, y: sin(radians) * along)
        let u = Point(x: sin(radians) * size, y: -cos(radians) * size)
        let x = Point(x: map.a * d.x + map.c * d.y, y: map.b * d.x + map.d * d.y)
        let y = Point(x: map.a * u.x + map.c * u.y, y: map.b * u.x + map.d * u.y)
        let o = map.apply(origin)
        let m = [x.x, -x.y, y.x, -y.y, o.x, pageHeight - o.y]
        guard m.allSatisfy(\.isFinite), abs(m[0] * m[3] - m[1] * m[2]) > 1e-9 else { return nil }
        return m
    }

    /// A ToUnicode CMap: code `i` (one byte) to `strings[i]` in UTF-16BE.
    private static func toUnicode(_ strings: [String]) -> [UInt8] {
        var cmap = "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            + "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            + "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            + "1 begincodespacerange\n<00> <FF>\nendcodespacerange\n"
        // At most 100 entries a block; a destination of at most 512 bytes (256 UTF-16 units).
        var start = 0
        while start < strings.count {
            let block = strings[start..<min(start + 100, strings.count)]
            cmap += "\(block.count) beginbfchar\n"
            for (offset, text) in block.enumerated() {
                let units = Array(text.utf16.prefix(256))
                let kept = units.count == 256 && UTF16.isLeadSurrogate(units[255]) ? Array(units.dropLast()) : units
                cmap += "<" + hexDigits(UInt64(start + offset), width: 2, uppercase: true) + "> <"
                    + kept.map { hexDigits(UInt64($0), width: 4, uppercase: true) }.joined() + ">\n"
            }
            cmap += "endbfchar\n"
            start += 100
        }
        cmap += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
        return Array(cmap.utf8)
    }

    /// A stream object, deflated when `compressed` (and zlib can).
    private static func stream(number: Int, _ data: [UInt8], compressed: Bool = false) -> [UInt8] {
        var body = data
        var filter = ""
        if compressed, let deflated = deflate(data) {
            body = deflated
            filter = " /Filter /FlateDecode"
        }
        return Array("\(number) 0 obj\n<< /Length \(body.count)\(filter) >>\nstream\n".utf8) + body + Array("\nendstream\nendobj\n".utf8)
    }

    private static func deflate(_ data: [UInt8]) -> [UInt8]? {
        guard let compressor = PNGEncoder.Compressor(expectedBytes: data.count / 3 + 64, runsOnly: false) else { return nil }
        let done = data.withUnsafeBufferPointer { compressor.add($0, finish: true) }
        return done ? compressor.output : nil
    }
}
