import CurveTypeGeometry

/// A vector picture (a logo), read once: what it draws as frame items, and the sanitised markup
/// it was read from.
///
/// Writers that draw (PNG, PDF) draw `items`, like any other frame's. The SVG writer writes
/// `markup` instead, as a browser would have drawn the file itself (a nested `<svg>` with the
/// picture's own structure and view box), just as a raster picture keeps its PNG bytes for the
/// SVG writer's `data:` URL.
public struct VectorImage: Sendable {
    /// The picture's own coordinates that are shown (fitted into the image's box), user units.
    public var viewBox: Rect
    /// What it draws, in its user units, y down.
    public var items: [FrameItem]
    /// The sanitised document (nothing in it runs, loads or styles), for writers of SVG.
    public var markup: SVGMarkup

    /// A picture showing `viewBox` of `items`, read from `markup`.
    public init(viewBox: Rect, items: [FrameItem], markup: SVGMarkup) {
        self.viewBox = viewBox
        self.items = items
        self.markup = markup
    }
}

/// An SVG document's kept elements, attributes and text, as a reader that allows only what
/// draws has kept them (`SafeSVG`). Ids are the reader's (`logo-N`), so a writer can put them
/// under its own prefix.
public struct SVGMarkup: Sendable, Hashable {
    /// An element kept from the document, with its kept attributes and children, or its text.
    public indirect enum Node: Sendable, Hashable {
        /// An element: its name, kept attributes and children.
        case element(name: String, attributes: [Attribute], children: [Node])
        /// Text inside an element.
        case text(String)
    }

    /// An attribute kept from the document.
    public struct Attribute: Sendable, Hashable {
        /// The attribute's name, its namespace prefix resolved.
        public var name: String
        /// The attribute's value, as read.
        public var value: String

        /// `name="value"`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The root `<svg>`'s kept attributes (not its size or view box).
    public var attributes: [Attribute]
    /// The root's children, in document order.
    public var children: [Node]

    /// A root with `attributes` and `children`.
    public init(attributes: [Attribute], children: [Node]) {
        self.attributes = attributes
        self.children = children
    }
}
