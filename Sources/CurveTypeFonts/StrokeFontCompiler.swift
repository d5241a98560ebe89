/// Compiles a stroke font into TrueType bytes: each stroke a contour that goes out along the
/// stroke and back (p0 … pn … p1), the form "closed" single-line TrueType fonts take, so that
/// HarfBuzz shapes it and FreeType reads it as any font, and `Font` opens the strokes again as
/// it does for those. Written by hand: the tables a font needs to be read (head, hhea, maxp,
/// hmtx, cmap, loca, glyf, name, post) are a few hundred bytes of fixed layout, and no library
/// on the machine writes fonts.
enum StrokeFontCompiler {
    static func compile(_ font: StrokeFont) -> [UInt8] {
        // Glyph 0 is .notdef (the font's missing glyph, or empty); then one glyph per character.
        struct Compiled { var advance: Int; var contours: [[StrokeFont.Point]] }
        func compiling(_ glyph: StrokeFont.Glyph) -> Compiled {
            // Out along the stroke and back: p0 … pn, then pn−1 … p1 (the contour closes p1 → p0);
            // a control point stays between the same two ends. A one-point stroke (a dot) goes
            // out and back along nothing.
            let contours = glyph.strokes.filter { !$0.isEmpty }.map { points in
                points.count == 1 ? [points[0], points[0]] : points + points.dropFirst().dropLast().reversed()
            }
            return Compiled(advance: max(0, glyph.advance), contours: contours)
        }
        var compiled = [font.missingGlyph.map(compiling) ?? Compiled(advance: font.unitsPerEm / 2, contours: [])]
        var mapping: [(scalar: UInt32, glyph: Int)] = []
        var glyphOf: [Unicode.Scalar: Int] = [:]
        for glyph in font.glyphs where glyph.scalar.properties.generalCategory != .control && glyphOf[glyph.scalar] == nil {
            glyphOf[glyph.scalar] = compiled.count
            mapping.append((glyph.scalar.value, compiled.count))
            compiled.append(compiling(glyph))
        }

        var glyf: [UInt8] = [], loca: [UInt32] = []
        var boxes: [(xMin: Int, yMin: Int, xMax: Int, yMax: Int)?] = []
        var maxPoints = 0, maxContours = 0
        for glyph in compiled {
            loca.append(UInt32(glyf.count))
            let points = glyph.contours.flatMap { $0 }
            guard !points.isEmpty else { boxes.append(nil); continue }
            let box = (xMin: points.map(\.x).min() ?? 0, yMin: points.map(\.y).min() ?? 0,
                       xMax: points.map(\.x).max() ?? 0, yMax: points.map(\.y).max() ?? 0)
            boxes.append(box)
            maxPoints = max(maxPoints, points.count)
            maxContours = max(maxContours, glyph.contours.count)
            var out = ByteWriter()
            out.i16(glyph.contours.count)
            out.i16(box.xMin); out.i16(box.yMin); out.i16(box.xMax); out.i16(box.yMax)
            var end = -1
            for contour in glyph.contours {
                end += contour.count
                out.u16(end)
            }
            out.u16(0)  // no instructions
            for p in points { out.u8(p.onCurve ? 0x01 : 0x00) }  // x and y as 16-bit deltas
            var last = (x: 0, y: 0)
            for p in points { out.i16(p.x - last.x); last.x = p.x }
            for p in points { out.i16(p.y - last.y); last.y = p.y }
            glyf += out.bytes
            while glyf.count % 4 != 0 { glyf.append(0) }
        }
        loca.append(UInt32(glyf.count))

        let inked = boxes.compactMap { $0 }
        let xMin = inked.map(\.xMin).min() ?? 0, yMin = inked.map(\.yMin).min() ?? 0
        let xMax = inked.map(\.xMax).max() ?? 0, yMax = inked.map(\.yMax).max() ?? 0
        let ascender = font.ascender ?? max(yMax, font.unitsPerEm * 3 / 4)
        let descender = font.descender ?? min(yMin, -font.unitsPerEm / 4)

        var head = ByteWriter()
        head.u32(0x0001_0000); head.u32(0x0001_0000)  // version, font revision
        head.u32(0)  // checksum adjustment, set below
        head.u32(0x5F0F_3CF5); head.u16(0b1011)  // magic; baseline at y 0, lsb at x 0, integer scaling
        head.u16(font.unitsPerEm)
        head.u32(0); head.u32(0); head.u32(0); head.u32(0)  // created, modified: 0, so the bytes are the same each time
        head.i16(xMin); head.i16(yMin); head.i16(xMax); head.i16(yMax)
        head.u16(0); head.u16(8); head.i16(2)  // mac style, lowest ppem, direction hint
        head.i16(1); head.i16(0)  // long loca offsets; glyph data format

        var hhea = ByteWriter()
        hhea.u32(0x0001_0000)
        hhea.i16(ascender); hhea.i16(descender); hhea.i16(0)
        hhea.u16(compiled.map(\.advance).max() ?? 0)
        hhea.i16(boxes.compactMap { $0?.xMin }.min() ?? 0)
        hhea.i16(zip(compiled, boxes).compactMap { glyph, box in box.map { glyph.advance - $0.xMax } }.min() ?? 0)
        hhea.i16(xMax)
        hhea.i16(1); hhea.i16(0); hhea.i16(0)  // caret upright
        for _ in 0..<5 { hhea.i16(0) }
        hhea.u16(compiled.count)

        var maxp = ByteWriter()
        maxp.u32(0x0001_0000); maxp.u16(compiled.count)
        maxp.u16(maxPoints); maxp.u16(maxContours); maxp.u16(0); maxp.u16(0)
        maxp.u16(1); maxp.u16(0); maxp.u16(0); maxp.u16(0); maxp.u16(0); maxp.u16(0); maxp.u16(0); maxp.u16(0)
        maxp.u16(0)

        var hmtx = ByteWriter()
        for (glyph, box) in zip(compiled, boxes) { hmtx.u16(glyph.advance); hmtx.i16(box?.xMin ?? 0) }

        var glyfTable = ByteWriter()
        glyfTable.bytes = glyf
        var locaTable = ByteWriter()
        for offset in loca { locaTable.u32(Int(offset)) }

        var tables = [
            ("cmap", cmap(mapping).bytes), ("glyf", glyfTable.bytes), ("head", head.bytes), ("hhea", hhea.bytes),
            ("hmtx", hmtx.bytes),
        ]
        let pairs = font.kerning.compactMap { pair -> (left: Int, right: Int, value: Int)? in
            guard let left = glyphOf[pair.left], let right = glyphOf[pair.right], pair.value != 0 else { return nil }
            return (left, right, pair.value)
        }
        if !pairs.isEmpty { tables.append(("kern", kern(pairs).bytes)) }
        tables += [("loca", locaTable.bytes), ("maxp", maxp.bytes), ("name", name(font.family).bytes), ("post", post().bytes)]
        return assemble(tables)
    }

    /// A `kern` table (version 0, as HarfBuzz applies it when a font has no `GPOS`): the pairs,
    /// sorted, in format 0 subtables of at most 10,000 pairs each, since a subtable's length is
    /// 16 bits. Each pair is in one subtable, so the subtables' sums are the pairs' values. A
    /// pair given twice counts once (the first), as in an SVG font.
    private static func kern(_ pairs: [(left: Int, right: Int, value: Int)]) -> ByteWriter {
        var unique: [Int: Int] = [:]
        for pair in pairs where unique[pair.left << 16 | pair.right] == nil {
            unique[pair.left << 16 | pair.right] = max(-0x8000, min(0x7FFF, pair.value))
        }
        let sorted = unique.sorted { $0.key < $1.key }
        let perTable = 10_000
        let chunks = stride(from: 0, to: sorted.count, by: perTable).map { sorted[$0..<min($0 + perTable, sorted.count)] }
        var table = ByteWriter()
        table.u16(0); table.u16(chunks.count)
        for chunk in chunks {
            var power = 1, log = 0
            while power * 2 <= chunk.count { power *= 2; log += 1 }
            table.u16(0); table.u16(14 + 6 * chunk.count); table.u16(0x0001)  // version, length, horizontal
            table.u16(chunk.count); table.u16(6 * power); table.u16(log); table.u16(6 * (chunk.count - power))
            for (key, value) in chunk {
                table.u16(key >> 16); table.u16(key & 0xFFFF); table.i16(value)
            }
        }
        return table
    }

    /// A format 4 `cmap` (Windows, Unicode BMP): one segment per run of consecutive characters
    /// and glyphs; and, when a character lies past the BMP, a format 12 one (Windows, full
    /// Unicode) of every character, which readers take first.
    private static func cmap(_ mapping: [(scalar: UInt32, glyph: Int)]) -> ByteWriter {
        var segments: [(start: Int, end: Int, delta: Int)] = []
        for (scalar, glyph) in mapping.sorted(by: { $0.scalar < $1.scalar }) where scalar < 0xFFFF {
            let code = Int(scalar)
            if let last = segments.last, last.end == code - 1, last.delta == glyph - code {
                segments[segments.count - 1].end = code
            } else {
                segments.append((code, code, glyph - code))
            }
        }
        segments.append((0xFFFF, 0xFFFF, 1))
        var sub = ByteWriter()
        let count = segments.count
        var power = 1, log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        sub.u16(4); sub.u16(16 + 8 * count); sub.u16(0)
        sub.u16(2 * count); sub.u16(2 * power); sub.u16(log); sub.u16(2 * count - 2 * power)
        for s in segments { sub.u16(s.end) }
        sub.u16(0)
        for s in segments { sub.u16(s.start) }
        for s in segments { sub.u16((s.delta + 0x10000) & 0xFFFF) }
        for _ in segments { sub.u16(0) }
        var table = ByteWriter()
        guard mapping.contains(where: { $0.scalar > 0xFFFF }) else {
            table.u16(0); table.u16(1)
            table.u16(3); table.u16(1); table.u32(12)
            table.bytes += sub.bytes
            return table
        }
        var groups: [(start: Int, end: Int, glyph: Int)] = []
        for (scalar, glyph) in mapping.sorted(by: { $0.scalar < $1.scalar }) {
            let code = Int(scalar)
            if let last = groups.last, last.end == code - 1, last.glyph + (code - last.start) == glyph {
                groups[groups.count - 1].end = code
            } else {
                groups.append((code, code, glyph))
            }
        }
        var full = ByteWriter()
        full.u16(12); full.u16(0); full.u32(16 + 12 * groups.count); full.u32(0); full.u32(groups.count)
        for group in groups { full.u32(group.start); full.u32(group.end); full.u32(group.glyph) }
        table.u16(0); table.u16(2)
        table.u16(3); table.u16(1); table.u32(20)
        table.u16(3); table.u16(10); table.u32(20 + sub.bytes.count)
        table.bytes += sub.bytes + full.bytes
        return table
    }

    /// A `name` table of the family, style (Regular), full and PostScript names, in UTF-16 for
    /// Windows (what FreeType and HarfBuzz read).
    private static func name(_ family: String) -> ByteWriter {
        let postScript = String(family.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        let records: [(id: Int, text: String)] = [(1, family), (2, "Regular"), (4, family), (6, postScript.isEmpty ? "StrokeFont" : postScript)]
        var strings: [UInt8] = []
        var table = ByteWriter()
        table.u16(0); table.u16(records.count); table.u16(6 + 12 * records.count)
        for record in records {
            let utf16 = record.text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            table.u16(3); table.u16(1); table.u16(0x409); table.u16(record.id)
            table.u16(utf16.count); table.u16(strings.count)
            strings += utf16
        }
        table.bytes += strings
        return table
    }

    /// A `post` table of version 3: no glyph names.
    private static func post() -> ByteWriter {
        var table = ByteWriter()
        table.u32(0x0003_0000)
        for _ in 0..<7 { table.u32(0) }
        return table
    }

    /// The table directory and tables, each padded to 4 bytes, with their checksums and the
    /// `head` table's checksum adjustment.
    private static func assemble(_ tables: [(tag: String, bytes: [UInt8])]) -> [UInt8] {
        func checksum(_ bytes: [UInt8]) -> UInt32 {
            var sum: UInt32 = 0
            var index = 0
            while index < bytes.count {
                var word: UInt32 = 0
                for k in 0..<4 { word = word << 8 | UInt32(index + k < bytes.count ? bytes[index + k] : 0) }
                sum = sum &+ word
                index += 4
            }
            return sum
        }
        var power = 1, log = 0
        while power * 2 <= tables.count { power *= 2; log += 1 }
        var out = ByteWriter()
        out.u32(0x0001_0000); out.u16(tables.count)
        out.u16(16 * power); out.u16(log); out.u16(16 * tables.count - 16 * power)
        var offset = 12 + 16 * tables.count
        var body: [UInt8] = []
        var headOffset = 0
        for table in tables {
            for byte in table.tag.utf8 { out.u8(Int(byte)) }
            out.u32(Int(checksum(table.bytes)))
            out.u32(offset); out.u32(table.bytes.count)
            if table.tag == "head" { headOffset = offset }
            body += table.bytes
            while body.count % 4 != 0 { body.append(0) }
            offset = 12 + 16 * tables.count + body.count
        }
        var file = out.bytes + body
        let adjustment = 0xB1B0_AFBA &- checksum(file)
        for k in 0..<4 { file[headOffset + 8 + k] = UInt8(truncatingIfNeeded: adjustment >> (24 - 8 * k)) }
        return file
    }
}

/// Big-endian bytes, as font tables store numbers.
private struct ByteWriter {
    var bytes: [UInt8] = []
    mutating func u8(_ v: Int) { bytes.append(UInt8(truncatingIfNeeded: v)) }
    mutating func u16(_ v: Int) { u8(v >> 8); u8(v) }
    mutating func i16(_ v: Int) { u16(v & 0xFFFF) }
    mutating func u32(_ v: Int) { u16(v >> 16); u16(v) }
}
