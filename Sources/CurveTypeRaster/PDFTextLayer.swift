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
        var placed: [(actualText: String, clusters: [(code: Int, matrix: [Double])])] = []
        for (layer, map) in layers {
            let utf8 = Array(layer.text.utf8)
            var clusters: [(code: Int, matrix: [Double])] = []
            // What the layer shows: its clusters' characters, in order (a text cut short on its
            // curve shows, and says, only the clusters drawn).
            var actualText = ""
            for cluster in layer.clusters where cluster.utf8.lowerBound >= 0 && cluster.utf8.upperBound <= utf8.count && !cluster.utf8.isEmpty {
                let text = String(decoding: utf8[cluster.utf8], as: UTF8.self)
                actualText += text
                guard let matrix = Self.textMatrix(cluster, size: layer.size, map: map, pageHeight: pageHeight) else { continue }
                let code: Int
                if let known = codes[text] { code = known } else {
                    code = strings.count
                    codes[text] = code
                    strings.append(text)
                }
                clusters.append((code, matrix))
            }
            if !clusters.isEmpty { placed.append((actualText, clusters)) }
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
        ops.reserveCapacity(64 * placed.reduce(0) { $0 + $1.clusters.count } + 256)
        ops += "q\nBT\n3 Tr\n".utf8
        var font = -1
        for (actualText, clusters) in placed {
            ops += "/Span << /ActualText <FEFF".utf8
            for unit in actualText.utf16 { appendHexDigits(UInt64(unit), width: 4, uppercase: true, to: &ops) }
            ops += "> >> BDC\n".utf8
            for (code, m) in clusters {
                if code / Self.codesPerFont != font {
                    font = code / Self.codesPerFont
                    ops += "/CTt\(font) 1 Tf\n".utf8
                }
                for (index, number) in m.enumerated() {
                    if index > 0 { ops.append(UInt8(ascii: " ")) }
                    appendFixed(number, 4, to: &ops)
                }
                ops += " Tm <".utf8
                appendHexDigits(UInt64(code % Self.codesPerFont), width: 2, uppercase: true, to: &ops)
                ops += "> Tj\n".utf8
            }
            ops += "EMC\n".utf8
        }
        ops += "ET\nQ\n".utf8
        objects.append(Self.stream(number: content, ops, compressed: true))
        return (objects + fontObjects, content, fonts)
    }

    /// The text matrix that stretches a glyph one em wide and one em high over `cluster`: its
    /// x axis along the baseline for the advance, its y axis up for the size, in PDF space
    /// (points, y up from the page's bottom). `nil` if the map flattens it.
    private static func textMatrix(_ cluster: TextLayerCluster, size: Double, map: AffineMap, pageHeight: Double) -> [Double]? {
        guard size.isFinite, size > 0 else { return nil }
        let radians = cluster.angle * .pi / 180
        let along = cluster.advance.isFinite ? max(cluster.advance, size / 100) : size
        // Along the baseline and up from it, y down (up is the baseline turned 90° back).
        let d = Point(x: cos(radians) * along, y: sin(radians) * along)
        let u = Point(x: sin(radians) * size, y: -cos(radians) * size)
        let x = Point(x: map.a * d.x + map.c * d.y, y: map.b * d.x + map.d * d.y)
        let y = Point(x: map.a * u.x + map.c * u.y, y: map.b * u.x + map.d * u.y)
        let o = map.apply(cluster.origin)
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
