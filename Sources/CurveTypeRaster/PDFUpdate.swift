import CurveTypeGeometry

/// Adds link annotations and a text layer to the one-page PDF cairo wrote, as an incremental
/// update (ISO 32000-1, 7.5.6): the new objects, the page again (with its `/Annots`, and its
/// `/Contents` led by the text layer's stream), its resources again (with the text layer's
/// fonts), a cross-reference section for them, and a trailer pointing back at cairo's.
///
/// Written by hand: cairo 1.16 (Debian 12's) has link tags (`cairo_tag_begin`), but a PDF made
/// with one has a cross-reference table that points at an object it never writes (`qpdf
/// --check`: "file is damaged"; checked here on a rectangle with one link); and it writes no
/// invisible text (see `PDFTextLayer`). An incremental update is the PDF's own way to add
/// objects to a finished file, and leaves cairo's bytes as they are.
enum PDFUpdate {
    /// `pdf` with a link annotation per link and `textLayer` under the drawing; `links` boxes
    /// are in points, y down from the top of a page `pageHeight` points high. `nil` if the file
    /// is not laid out as cairo writes it.
    static func adding(to pdf: [UInt8], links: [(url: String, box: Rect)], textLayer: PDFTextLayer = PDFTextLayer(),
                         pageHeight: Double) -> [UInt8]? {
        guard !links.isEmpty || !textLayer.layers.isEmpty else { return pdf }
        // The page object: `N 0 obj\n<< /Type /Page` (not `/Pages`), up to its `endobj`.
        guard let typePage = find(pdf, "<< /Type /Page", from: 0, where: { end in end < pdf.count && pdf[end] != UInt8(ascii: "s") }),
              let header = lastLineStart(pdf, before: typePage),
              let pageObject = Int(String(decoding: pdf[header..<typePage].prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self)),
              let endObject = find(pdf, "endobj", from: typePage) else { return nil }
        var page = Array(pdf[typePage..<endObject])
        // The trailer's size, root and info, and where cairo's cross-reference table starts.
        guard let trailer = findLast(pdf, "trailer"), let size = integer(after: "/Size ", in: pdf, from: trailer),
              let root = integer(after: "/Root ", in: pdf, from: trailer), let info = integer(after: "/Info ", in: pdf, from: trailer),
              let startxref = findLast(pdf, "startxref"), let previous = integer(after: "startxref", in: pdf, from: startxref) else {
            return nil
        }

        var out = pdf
        if out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        var offsets: [(object: Int, offset: Int)] = []
        for (index, link) in links.enumerated() {
            offsets.append((size + index, out.count))
            let b = link.box
            let rect = [b.minX, pageHeight - b.maxY, b.maxX, pageHeight - b.minY].map { fixed($0, 3) }.joined(separator: " ")
            out += Array("\(size + index) 0 obj\n<< /Type /Annot /Subtype /Link /Rect [ \(rect) ] /Border [ 0 0 0 ] /A << /S /URI /URI ".utf8)
            out += literal(link.url)
            out += Array(" >> >>\nendobj\n".utf8)
        }
        var next = size + links.count
        if let text = textLayer.objects(first: next, pageHeight: pageHeight) {
            // The page's one content stream and its resources, as cairo names them.
            guard let contents = find(page, "/Contents ", from: 0), let stream = integer(after: "/Contents ", in: page, from: contents),
                  let resources = integer(after: "/Resources ", in: page, from: 0),
                  let resourcesStart = find(pdf, "\n\(resources) 0 obj\n", from: 0),
                  let resourcesEnd = find(pdf, "endobj", from: resourcesStart) else { return nil }
            let reference = Array("/Contents \(stream) 0 R".utf8)
            guard page[contents...].starts(with: reference) else { return nil }
            page.replaceSubrange(contents..<(contents + reference.count), with: Array("/Contents [ \(text.content) 0 R \(stream) 0 R ]".utf8))
            let entries = text.fonts.map { " /\($0.name) \($0.object) 0 R" }.joined()
            var dictionary = Array(pdf[(resourcesStart + 1)..<resourcesEnd])
            if let font = find(dictionary, "/Font <<", from: 0) {
                dictionary.insert(contentsOf: Array(entries.utf8), at: font + 8)
            } else if let open = find(dictionary, "<<", from: 0) {
                dictionary.insert(contentsOf: Array(" /Font <<\(entries) >>".utf8), at: open + 2)
            } else {
                return nil
            }
            for object in text.objects {
                offsets.append((next, out.count))
                out += object
                next += 1
            }
            offsets.append((resources, out.count))
            out += dictionary + Array("endobj\n".utf8)
        }
        offsets.append((pageObject, out.count))
        out += Array("\(pageObject) 0 obj\n".utf8)
        if links.isEmpty {
            out += page
        } else {
            let annotations = (0..<links.count).map { "\(size + $0) 0 R" }.joined(separator: " ")
            out += Array("<< /Annots [ \(annotations) ]".utf8)
            out += page.dropFirst(2)
        }
        out += Array("endobj\n".utf8)
        let xref = out.count
        func entry(_ offset: Int) -> String {
            let digits = String(offset)
            return String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n"
        }
        // Subsections of consecutive object numbers, rising.
        var table = "xref\n"
        let sorted = offsets.sorted { $0.object < $1.object }
        var i = 0
        while i < sorted.count {
            var j = i + 1
            while j < sorted.count && sorted[j].object == sorted[j - 1].object + 1 { j += 1 }
            table += "\(sorted[i].object) \(j - i)\n"
            for k in i..<j { table += entry(sorted[k].offset) }
            i = j
        }
        table += "trailer\n<< /Size \(next)\n   /Root \(root) 0 R\n   /Info \(info) 0 R\n   /Prev \(previous)\n>>\n"
        table += "startxref\n\(xref)\n%%EOF\n"
        out += Array(table.utf8)
        return out
    }

    /// A PDF literal string: `(`, `)` and `\` escaped, bytes outside printable ASCII as octal.
    private static func literal(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "(")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                out += [UInt8(ascii: "\\"), byte]
            case 0x20..<0x7F:
                out.append(byte)
            default:
                out.append(UInt8(ascii: "\\"))
                for shift in [6, 3, 0] { out.append(UInt8(ascii: "0") + (byte >> UInt8(shift)) & 7) }
            }
        }
        out.append(UInt8(ascii: ")"))
        return out
    }

    private static func find(_ bytes: [UInt8], _ text: String, from start: Int, where accept: (Int) -> Bool = { _ in true }) -> Int? {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle), accept(i + needle.count) { return i }
            i += 1
        }
        return nil
    }

    private static func findLast(_ bytes: [UInt8], _ text: String) -> Int? {
        let needle = Array(text.utf8)
        var i = bytes.count - needle.count
        while i >= 0 {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }

    /// Where the line before the one at `index` starts (`index` starts a line).
    private static func lastLineStart(_ bytes: [UInt8], before index: Int) -> Int? {
        guard index > 0, bytes[index - 1] == UInt8(ascii: "\n") else { return nil }
        var i = index - 1
        while i > 0 && bytes[i - 1] != UInt8(ascii: "\n") { i -= 1 }
        return i
    }

    /// The whole number after `label` (and spaces or line breaks), at or after `start`.
    private static func integer(after label: String, in bytes: [UInt8], from start: Int) -> Int? {
        guard var i = find(bytes, label, from: start).map({ $0 + label.utf8.count }) else { return nil }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        var value = 0, digits = 0
        while i < bytes.count, (0x30...0x39).contains(bytes[i]), digits < 12 {
            value = value * 10 + Int(bytes[i] - 0x30)
            i += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
