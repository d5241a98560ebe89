/// What a drawing's SVG is written with, as its request chose: the prefix of the document's
/// ids, the precision of its numbers, and a hint of its size. Effects fill this in; only the
/// SVG writer reads it, and only when an SVG is asked for.
public struct SVGSettings: Sendable, Hashable {
    /// The prefix of every id the document defines (a letter or `_`, then letters, digits,
    /// `-`, `_` or `.`), so two drawings inlined in one page do not collide; `nil`: `ct` and
    /// eight hex digits of a hash of the document (the ids follow from what is drawn).
    public var idPrefix: String?
    /// How numbers are written (digits after the point).
    public var numbers: SVGNumberFormat
    /// About how many bytes the document takes, so a large one grows its buffer once.
    public var expectedBytes: Int
    /// Whether the frame's text layers are written, as invisible text over the outlines
    /// (`--glyphs selectable`).
    public var textLayers: Bool

    /// The defaults: ids from a hash of the drawing, two decimals, no text layers.
    public init() {
        self.idPrefix = nil
        self.numbers = .hundredths
        self.textLayers = false
        self.expectedBytes = 8192
    }

    /// Settings of ids starting `idPrefix`, numbers written as `numbers`, text layers written
    /// if `textLayers`; throws ``SVGError/invalidIDPrefix(_:)`` for a prefix that cannot start
    /// an XML id.
    public init(idPrefix: String? = nil, numbers: SVGNumberFormat = .hundredths, textLayers: Bool = false, expectedBytes: Int = 8192) throws(SVGError) {
        if let idPrefix, !SVGIDPrefix.isValid(idPrefix) { throw .invalidIDPrefix(idPrefix) }
        self.idPrefix = idPrefix
        self.numbers = numbers
        self.textLayers = textLayers
        self.expectedBytes = expectedBytes
    }
}

/// The prefix every id of a document carries.
public enum SVGIDPrefix {
    /// Whether `prefix` can start an XML id: a letter or `_`, then letters, digits, `-`, `_` or
    /// `.`.
    public static func isValid(_ prefix: String) -> Bool {
        func letter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") }
        guard let first = prefix.utf8.first, letter(first) else { return false }
        return prefix.utf8.allSatisfy {
            letter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }
}
