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
    /// What one page gets: link annotations (boxes in points, y down from the top of a page
    /// `pageHeight` points high) and a text layer under the drawing.
    struct Page {
        var links: [(url: String, box: Rect)] = []
        var textLayer = PDFTextLayer()
        var pageHeight: Double
    }

    /// `pdf` with a link annotation per link and `textLayer` under the drawing of its one page;
    /// `nil` if the file is not laid out as cairo writes it.
    static func adding(to pdf: [UInt8], links: [(url: String, box: Rect)], textLayer: PDFTextLayer = PDFTextLayer(),
                         pageHeight: Double) -> [UInt8]? {
        adding(to: pdf, pages: [Page(links: links, textLayer: textLayer, pageHeight: pageHeight)])
    }

    /// `pdf` with each of `pages` (in the document's page order) given its links and text
    /// layer; `nil` if the file is not laid out as cairo writes it. Objects are found through
    /// cairo's cross-reference table, so a document of many pages is read once, not searched
    /// for each.
    static func adding(to pdf: [UInt8], pages: [Page]) -> [UInt8]? {
        guard pages.contains(where: { !$0.links.isEmpty || !$0.textLayer.layers.isEmpty }) else { return pdf }
        // The trailer's size, root and info, and where cairo's cross-reference table starts.
        guard let trailer = findLast(pdf, "trailer"), let size = integer(after: "/Size ", in: pdf, from: trailer),
              let root = integer(after: "/Root ", in: pdf, from: trailer), let info = integer(after: "/Info ", in: pdf, from: trailer),
              let startxref = findLast(pdf, "startxref"), let previous = integer(after: "startxref", in: pdf, from: startxref),
              let objects = crossReferences(pdf, at: previous, size: size) else {
            return nil
        }
        func object(_ number: Int) -> (start: Int, end: Int)? {
            guard number > 0, number < objects.count, let start = objects[number], let end = find(pdf, "endobj", from: start) else { return nil }
            return (start, end)
        }
        // The pages in order: the catalog's /Pages, its /Kids.
        guard let catalog = object(root), let tree = integer(after: "/Pages ", in: Array(pdf[catalog.start..<catalog.end]), from: 0),
              let kids = object(tree) else { return nil }
        let treeBytes = Array(pdf[kids.start..<kids.end])
        guard let open = find(treeBytes, "/Kids [", from: 0), let close = treeBytes[open...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
        // `N 0 R` each.
        let words = String(decoding: treeBytes[(open + 7)..<close], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
        let pageObjects = stride(from: 0, to: words.count - 2, by: 3).compactMap { words[$0 + 2] == "R" ? Int(words[$0]) : nil }
        guard pageObjects.count == pages.count else { return nil }

        var out = pdf
        if out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        var offsets: [(object: Int, offset: Int)] = []
        var next = size
        for (pageObject, update) in zip(pageObjects, pages) where !update.links.isEmpty || !update.textLayer.layers.isEmpty {
            // The page object: `N 0 obj\n<< /Type /Page …`, up to its `endobj`.
            guard let found = object(pageObject), let typePage = find(pdf, "<< /Type /Page", from: found.start),
                  typePage < found.end else { return nil }
            var page = Array(pdf[typePage..<found.end])
            let first = next
            for link in update.links {
                offsets.append((next, out.count))
                let b = link.box
                let rect = [b.minX, update.pageHeight - b.maxY, b.maxX, update.pageHeight - b.minY].map { fixed($0, 3) }.joined(separator: " ")
                out += Array("\(next) 0 obj\n<< /Type /Annot /Subtype /Link /Rect [ \(rect) ] /Border [ 0 0 0 ] /A << /S /URI /URI ".utf8)
                out += literal(link.url)
                out += Array(" >> >>\nendobj\n".utf8)
                next += 1
            }
            if let text = update.textLayer.objects(first: next, pageHeight: update.pageHeight) {
                // The page's one content stream and its resources, as cairo names them.
                guard let contents = find(page, "/Contents ", from: 0), let stream = integer(after: "/Contents ", in: page, from: contents),
                      let resources = integer(after: "/Resources ", in: page, from: 0), let dictionaryObject = object(resources) else { return nil }
                let reference = Array("/Contents \(stream) 0 R".utf8)
                guard page[contents...].starts(with: reference) else { return nil }
                page.replaceSubrange(contents..<(contents + reference.count), with: Array("/Contents [ \(text.content) 0 R \(stream) 0 R ]".utf8))
                let entries = text.fonts.map { " /\($0.name) \($0.object) 0 R" }.joined()
                var dictionary = Array(pdf[dictionaryObject.start..<dictionaryObject.end])
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
            if update.links.isEmpty {
                out += page
            } else {
                let annotations = (first..<(first + update.links.count)).map { "\($0) 0 R" }.joined(separator: " ")
                out += Array("<< /Annots [ \(annotations) ]".utf8)
                out += page.dropFirst(2)
            }
            out += Array("endobj\n".utf8)
        }
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

    /// Each object's offset by number, from cairo's one cross-reference section at `offset`
    /// (`xref`, `0 SIZE`, then 20-byte entries); `nil` for a free object.
    private static func crossReferences(_ pdf: [UInt8], at offset: Int, size: Int) -> [Int?]? {
        guard offset >= 0, offset < pdf.count, pdf[offset...].starts(with: Array("xref\n0 \(size)\n".utf8)) else { return nil }
        var i = offset + "xref\n0 \(size)\n".utf8.count
        var objects: [Int?] = []
        objects.reserveCapacity(size)
        for _ in 0..<size {
            guard i + 20 <= pdf.count else { return nil }
            var value = 0
            for digit in pdf[i..<(i + 10)] {
                guard (0x30...0x39).contains(digit) else { return nil }
                value = value * 10 + Int(digit - 0x30)
            }
            objects.append(pdf[i + 17] == UInt8(ascii: "n") ? value : nil)
            i += 20
        }
        return objects
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
