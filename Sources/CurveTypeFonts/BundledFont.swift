import CBundledFonts
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The DejaVu fonts compiled into the library (from Debian's fonts-dejavu-core 2.37; see
/// Fonts/README.md). They are CurveType's defaults and need neither Fontconfig nor files on disk.
public enum BundledFont: String, Sendable, CaseIterable, Hashable {
    /// DejaVu Sans, DejaVu Sans Bold, DejaVu Sans Mono and DejaVu Sans Mono Bold.
    case sans, sansBold, mono, monoBold

    /// The font's family name, as Fontconfig and CSS know it.
    public var familyName: String {
        switch self {
        case .sans, .sansBold: return "DejaVu Sans"
        case .mono, .monoBold: return "DejaVu Sans Mono"
        }
    }

    /// Whether it is one of the bold faces.
    public var isBold: Bool { self == .sansBold || self == .monoBold }

    /// The file name in the source tree's Fonts/ folder these bytes came from.
    public var fileName: String {
        switch self {
        case .sans: return "DejaVuSans.ttf"
        case .sansBold: return "DejaVuSans-Bold.ttf"
        case .mono: return "DejaVuSansMono.ttf"
        case .monoBold: return "DejaVuSansMono-Bold.ttf"
        }
    }

    /// The bundled font with this family name (case-insensitive) and weight, if there is one.
    public init?(family: String, bold: Bool) {
        let wanted = family.lowercased()
        guard let match = Self.allCases.first(where: {
            $0.familyName.lowercased() == wanted && $0.isBold == bold
        }) else { return nil }
        self = match
    }

    /// The bundled font with this full name (case-insensitive), as its `name` table and
    /// Fontconfig's `fullname` spell it: "DejaVu Sans", "DejaVu Sans Bold", "DejaVu Sans Mono Bold".
    public init?(fullName: String) {
        let wanted = fullName.trimmed().lowercased()
        guard let match = Self.allCases.first(where: {
            ($0.familyName + ($0.isBold ? " Bold" : "")).lowercased() == wanted
        }) else { return nil }
        self = match
    }

    /// A copy of the font file's bytes.
    public var bytes: [UInt8] { Array(storage) }

    /// The font file's bytes where they are assembled into the binary (`CBundledFonts`):
    /// read-only data mapped with the program, which FreeType and HarfBuzz read in place.
    var storage: UnsafeRawBufferPointer {
        let index: Int32
        switch self {
        case .sans: index = 0
        case .sansBold: index = 1
        case .mono: index = 2
        case .monoBold: index = 3
        }
        var count = 0
        guard let start = curvetype_bundled_font(index, &count) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: start, count: count)
    }
}
