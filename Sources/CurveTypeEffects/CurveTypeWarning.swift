import CurveTypeFonts
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
/// Something a user should hear about a drawing that was made all the same: a font substituted,
/// characters no font has, text cut short. The command line prints `description` after
/// "curvetype: warning: "; a build script can match on `kind` instead of the wording.
public struct CurveTypeWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What happened, as a fixed name (its raw value is the name in JSON).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Fontconfig had no font of the family asked for and gave a metric-compatible one
        /// (`Arial` → Liberation Sans); the message names both.
        case fontSubstituted
        /// Control characters were removed from the text before shaping.
        case controlCharactersRemoved
        /// Neither the font nor any fallback has a glyph for some characters; they are drawn
        /// as the font's .notdef glyph. The message lists them as `U+XXXX`.
        case missingGlyphs
        /// The text did not fit its box even at the minimum size and was cut short with an
        /// ellipsis (fit, and a seal's centre).
        case textCutShort
        /// Clusters ran past the end of a path or spiral and are not drawn.
        case textRunsPastEnd
        /// Text on a closed path is longer than the path, so it overlaps itself.
        case textOverlapsItself
        /// Text set smaller than the size asked so that it fits its path (a warp's baseline
        /// preset, whose text keeps its natural width); the message gives both sizes.
        case textShrunk
        /// Glyphs an effect cannot draw: `path --effect bend` reshapes outlines, and a colour
        /// bitmap glyph (emoji) has none.
        case glyphsNotDrawn
        /// Colour glyphs drawn in one colour, the text's: `path --effect bend` reshapes a
        /// glyph's outline, not its colour layers (`COLR`) or paints (`COLR` v1).
        case colorsNotDrawn
        /// Elements or attributes of a logo were removed as unsafe or unknown; the message
        /// names up to eight of them.
        case logoContentRemoved
        /// A seal's separators that do not fit the gaps between its arcs, and are not drawn;
        /// the message says how many, and the room they need and have.
        case separatorsNotDrawn
        /// Spacing (tracking, a sweep, a fill or a spread) asked of text with words of joined
        /// writing went between words only: space inside one would tear it.
        case joinedWordsKeptWhole
        /// Upright (vertical) writing asked of letters that have no upright form (Latin,
        /// Arabic, Mongolian: Unicode's Vertical_Orientation R): they lie sideways, as in CSS's
        /// `text-orientation: mixed`; the message lists them.
        case drawnSideways
        /// Kashida asked of text with no Arabic words that join, or in a font with no tatweel:
        /// the room went between words instead.
        case kashidaNotApplied
        /// A word of joined writing bent along a circle tighter than its ink is deep: its ink
        /// on the centre's side (tops inside, descenders outside) reaches past the centre and
        /// folds through it. The message names the word and the radius it needs.
        case curveTooTight
    }

    /// What happened.
    public var kind: Kind
    /// The part of the drawing it concerns (`label`, `message`, `ring`, `centre`), or nil for
    /// the drawing's only text.
    public var part: String?
    /// The sentence for a person, without the part.
    public var message: String

    /// A warning of `kind`, its sentence, and the part of the drawing it concerns.
    public init(_ kind: Kind, _ message: String, part: String? = nil) {
        self.kind = kind
        self.message = message
        self.part = part
    }

    /// `part: message`, or the message alone.
    public var description: String { part.map { "\($0): \(message)" } ?? message }

    /// The same warning, said of `part` of a drawing.
    func of(_ part: String) -> CurveTypeWarning { CurveTypeWarning(kind, message, part: part) }
}
