/// An element of an XML document: its name, attributes, child elements and the text directly in
/// it (SVG fonts and OpenType SVG glyphs hold what they draw in attributes; a template's
/// `<text>` holds its sample text).
public struct MarkupElement: Sendable {
    /// The element's name, without a prefix bound to the SVG namespace (`svg:path` is `path`).
    public var name: String
    /// The attributes, in document order, with entities replaced.
    public var attributes: [(name: String, value: String)]
    /// The child elements, in document order.
    public var children: [MarkupElement]
    /// The character data directly inside the element (not its children's), entities replaced,
    /// CDATA sections included.
    public var text = ""

    /// The value of attribute `name`, or `nil`.
    public subscript(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The first element in document order, this one included, whose name is `name` and
    /// which `accept` takes.
    public func first(named name: String, where accept: (MarkupElement) -> Bool = { _ in true }) -> MarkupElement? {
        if self.name == name && accept(self) { return self }
        for child in children {
            if let found = child.first(named: name, where: accept) { return found }
        }
        return nil
    }

    /// The limits of `parse`: a document past them is refused, so reading one is bounded.
    public struct Limits: Sendable {
        /// The most elements.
        public var elements: Int
        /// The deepest nesting of elements.
        public var depth: Int

        /// Limits of `elements` elements nested at most `depth` deep.
        public init(elements: Int, depth: Int) {
            self.elements = elements
            self.depth = depth
        }
    }

    /// Reads an XML document's root element from its UTF-8 bytes. Comments and processing
    /// instructions are skipped; a `<!DOCTYPE>` is skipped, never read.
    /// A document that is not well-formed as far as this reads (tags that do not match, a
    /// second root, an attribute given twice, an entity other than XML's own) is an error.
    public static func parse(_ bytes: [UInt8], limits: Limits) throws(XMLSyntaxError) -> MarkupElement {
        var scanner = XMLScanner(bytes: bytes)
        var stack: [MarkupElement] = []
        var root: MarkupElement?
        var count = 0
        // Prefixes bound to the SVG namespace: `<svg:font>` is a `<font>`.
        var svgPrefixes = Set<String>()
        func localName(_ name: String) -> String {
            guard let colon = name.firstIndex(of: ":"), svgPrefixes.contains(String(name[..<colon])) else { return name }
            return String(name[name.index(after: colon)...])
        }
        let bytes = scanner.bytes
        while scanner.i < bytes.count {
            guard bytes[scanner.i] == UInt8(ascii: "<") else {
                let start = scanner.i
                while scanner.i < bytes.count && bytes[scanner.i] != UInt8(ascii: "<") { scanner.i += 1 }
                if stack.isEmpty {
                    if !bytes[start..<scanner.i].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                        throw XMLSyntaxError("it has text outside the root element")
                    }
                } else {
                    stack[stack.count - 1].text += try XMLScanner.decodeEntities(bytes[start..<scanner.i])
                }
                continue
            }
            if scanner.starts("<!--") {
                try scanner.skip(past: "-->", what: "comment")
            } else if scanner.starts("<![CDATA[") {
                let start = scanner.i + 9
                try scanner.skip(past: "]]>", what: "CDATA section")
                if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: bytes[start..<(scanner.i - 3)], as: UTF8.self) }
            } else if scanner.starts("<!") {
                try scanner.skipDeclaration()
            } else if scanner.starts("<?") {
                try scanner.skip(past: "?>", what: "processing instruction")
            } else if scanner.starts("</") {
                scanner.i += 2
                let name = localName(scanner.readName())
                scanner.skipSpace()
                guard scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: ">") else { throw XMLSyntaxError("a closing tag is not closed") }
                scanner.i += 1
                guard let open = stack.popLast(), open.name == name else { throw XMLSyntaxError("</\(name)> closes no open element") }
                if stack.isEmpty { root = open } else { stack[stack.count - 1].children.append(open) }
            } else {
                scanner.i += 1
                let qualifiedName = scanner.readName()
                guard !qualifiedName.isEmpty else { throw XMLSyntaxError("a tag has no name") }
                guard root == nil else { throw XMLSyntaxError("it has content after the root element") }
                count += 1
                guard count <= limits.elements else { throw XMLSyntaxError("it has more than \(limits.elements) elements") }
                guard stack.count < limits.depth else { throw XMLSyntaxError("its elements nest more than \(limits.depth) deep") }
                let attributes = try scanner.readAttributes()
                for (attribute, value) in attributes where attribute.hasPrefix("xmlns:") && value == "http://www.w3.org/2000/svg" {
                    svgPrefixes.insert(String(attribute.dropFirst(6)))
                }
                var selfClosing = false
                if scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: "/") { selfClosing = true; scanner.i += 1 }
                guard scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: ">") else {
                    throw XMLSyntaxError("the tag <\(qualifiedName)> is not closed")
                }
                scanner.i += 1
                let element = MarkupElement(name: localName(qualifiedName), attributes: attributes.map { (name: $0.0, value: $0.1) }, children: [])
                if !selfClosing {
                    stack.append(element)
                } else if stack.isEmpty {
                    root = element
                } else {
                    stack[stack.count - 1].children.append(element)
                }
            }
        }
        guard stack.isEmpty else { throw XMLSyntaxError("<\(stack[stack.count - 1].name)> is never closed") }
        guard let root else { throw XMLSyntaxError("it has no root element") }
        return root
    }
}
