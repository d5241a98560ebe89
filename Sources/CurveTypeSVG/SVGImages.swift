import CurveTypeFrame

extension SVGWriter {
    /// A picture's markup as a nested `<svg>` at (x, y) px of `width` × `height` px, its ids
    /// written as `prefix-logo-N` (the reader renamed them `logo-N`).
    mutating func embed(_ picture: VectorImage, x: Double, y: Double, width: Double, height: Double) throws(SVGError) {
        let b = picture.viewBox, logo = picture.markup
        var attributes: [(name: String, value: String)] = [
            ("x", try value(x)), ("y", try value(y)), ("width", try value(width)), ("height", try value(height)),
            ("viewBox", "\(try value(b.minX)) \(try value(b.minY)) \(try value(b.width)) \(try value(b.height))"),
        ]
        attributes += logo.attributes.map { ($0.name, prefixed($0.value, name: $0.name)) }
        element("svg", attributes, empty: logo.children.isEmpty)
        guard !logo.children.isEmpty else { return }
        for child in logo.children { write(child) }
        close("svg")
    }

    private mutating func write(_ node: SVGMarkup.Node) {
        switch node {
        case .text(let text):
            characters(text)
        case .element(let name, let attributes, let children):
            let list = attributes.map { ($0.name, prefixed($0.value, name: $0.name)) }
            if children.isEmpty {
                element(name, list, empty: true)
            } else if children.allSatisfy({ if case .text = $0 { true } else { false } }) {
                // Text elements hold their characters on one line: a line break would be a space.
                elementStart(name, list)
                for child in children { if case .text(let t) = child { characters(t) } }
                close(name)
            } else {
                element(name, list, empty: false)
                for child in children { write(child) }
                close(name)
            }
        }
    }

    /// An id, `#id` or `url(#id)` value with the document's prefix before the logo's own id.
    private func prefixed(_ value: String, name: String) -> String {
        let prefix = idPrefix + "-"
        switch name {
        case "id": return prefix + value
        case "href", "xlink:href":
            // A reference to an element of the picture; an `<image>`'s own bytes (`data:`) as they are.
            guard value.hasPrefix("#") else { return value }
            return "#" + prefix + value.dropFirst()
        default:
            guard value.hasPrefix("url(#") else { return value }
            return "url(#" + prefix + value.dropFirst(5)
        }
    }
}

extension SVGWriter {
    /// `image` as an `<image>` at (x, y) px of `width` × `height` px, its pixels fitted inside
    /// and centred (SVG's default `xMidYMid meet`, as shields draws a logo), the bytes inline
    /// as a `data:` URL.
    mutating func embed(_ image: RasterImage, x: Double, y: Double, width: Double, height: Double) throws(SVGError) {
        element("image", [
            ("x", try value(x)), ("y", try value(y)), ("width", try value(width)), ("height", try value(height)),
            ("xlink:href", image.dataURL),
        ], empty: true)
    }
}
