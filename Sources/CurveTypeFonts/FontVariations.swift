import CFreeType
import CHarfBuzz
import CurveTypeGeometry
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a variable font is set in its design space: one of its named instances, then axis
/// values over it. Written as the command line takes it: `wght=650,wdth=90`, a style name
/// (`SemiBold Condensed`), or both (`Condensed,wght=650`).
public struct FontVariations: Sendable, Hashable, CustomStringConvertible {
    /// One axis set to a value in the axis's own units (design coordinates: `wght` 100…900).
    public struct AxisValue: Sendable, Hashable {
        /// The four-character OpenType tag (`wght`, `wdth`, `opsz`, `slnt`, `ital`, `GRAD`).
        public var tag: String
        /// The axis's design coordinate (`wght` 100…900).
        public var value: Double

        /// The axis `tag` set to `value`.
        public init(tag: String, value: Double) {
            self.tag = tag
            self.value = value
        }
    }

    /// A named instance of the font's `fvar` table.
    public enum Instance: Sendable, Hashable {
        /// By its style name, compared without case or spaces (`semibold` is `SemiBold`).
        case named(String)
        /// By its index in `fvar` (Fontconfig's way: bits 16 and up of a face index, less one).
        case index(Int)
    }

    /// A named instance to start from; `nil` starts from the default.
    public var instance: Instance?
    /// Applied after `instance`, in order; a later value of an axis wins.
    public var axes: [AxisValue]

    /// A named instance and axis values on top of it.
    public init(instance: Instance? = nil, axes: [AxisValue] = []) {
        self.instance = instance
        self.axes = axes
    }

    /// These variations, then `later`'s: its instance (if any) replaces this one's, its axis
    /// values follow.
    public func then(_ later: FontVariations) -> FontVariations {
        FontVariations(instance: later.instance ?? instance, axes: axes + later.axes)
    }

    /// The most axis values one setting takes: fonts have a handful of axes.
    public static let maximumAxes = 64

    /// Parses `wght=650,wdth=90`, a style name, or a style name and axis values.
    public init(parsing text: String) throws(FontError) {
        var instance: Instance?
        var axes: [AxisValue] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmed() }) {
            guard !item.isEmpty else { throw .invalidVariations(text, reason: "an empty item") }
            if let equals = item.firstIndex(of: "=") {
                let tag = item[..<equals].trimmed(), number = item[item.index(after: equals)...].trimmed()
                guard Self.isTag(tag) else {
                    throw .invalidVariations(text, reason: "\"\(tag.prefix(12))\" is not an axis tag (four letters or digits, such as wght)")
                }
                guard let value = Double(number), value.isFinite, abs(value) <= 1e6 else {
                    throw .invalidVariations(text, reason: "\(tag) must be a number, not \"\(number.prefix(20))\"")
                }
                axes.append(AxisValue(tag: tag, value: value))
            } else {
                guard instance == nil else { throw .invalidVariations(text, reason: "more than one instance name") }
                guard item.count <= 64 else { throw .invalidVariations(text, reason: "an instance name is at most 64 characters") }
                instance = .named(item)
            }
            guard axes.count <= Self.maximumAxes else {
                throw .invalidVariations(text, reason: "at most \(Self.maximumAxes) axis values")
            }
        }
        self.init(instance: instance, axes: axes)
    }

    /// Whether `text` is an OpenType tag: four ASCII letters or digits (a space may pad the end).
    static func isTag(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.count == 4 && scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// One line for a person.
    public var description: String {
        var items: [String] = []
        switch instance {
        case .named(let name): items.append(name)
        case .index(let index): items.append("instance \(index)")
        case nil: break
        }
        items += axes.map { "\($0.tag)=\(shortestDigits($0.value))" }
        return items.joined(separator: ",")
    }
}

/// One axis of a variable font, in design units.
public struct FontAxis: Sendable, Hashable {
    /// The four-letter tag (`wght`).
    public var tag: String
    /// The smallest design coordinate.
    public var minimum: Double
    /// The default design coordinate.
    public var defaultValue: Double
    /// The largest design coordinate.
    public var maximum: Double
}

extension Font {
    /// The design coordinates, in `fvar` axis order, that `variations` selects in the face
    /// `hbFace`: a named instance's, else the defaults, then each axis value clamped to its axis
    /// (as CSS's `font-variation-settings` clamps). `name` names the font in errors.
    static func designCoordinates(_ variations: FontVariations, face hbFace: OpaquePointer,
                                  name: String) throws(FontError) -> [Float] {
        let axes = axes(of: hbFace)
        guard !axes.isEmpty else { throw .notVariable(font: name) }
        var coords = axes.map { Float($0.defaultValue) }
        let instances = Int(hb_ot_var_get_named_instance_count(hbFace))
        var chosen: Int?
        switch variations.instance {
        case .named(let style):
            let key = Self.styleKey(style)
            chosen = (0..<instances).first { Self.styleKey(instanceName(hbFace, $0)) == key }
            guard chosen != nil else {
                let names = (0..<instances).map { instanceName(hbFace, $0) }.filter { !$0.isEmpty }
                throw .unknownInstance(font: name, instance: style, instances: names)
            }
        case .index(let index):
            guard (0..<instances).contains(index) else {
                throw .unknownInstance(font: name, instance: "#\(index)", instances: [])
            }
            chosen = index
        case nil:
            break
        }
        if let chosen {
            var count = UInt32(axes.count)
            coords.withUnsafeMutableBufferPointer { buffer in
                _ = hb_ot_var_named_instance_get_design_coords(hbFace, UInt32(chosen), &count, buffer.baseAddress)
            }
        }
        for setting in variations.axes {
            guard let i = axes.firstIndex(where: { $0.tag == setting.tag }) else {
                throw .unknownAxis(font: name, tag: setting.tag, axes: axes)
            }
            coords[i] = Float(min(max(setting.value, axes[i].minimum), axes[i].maximum))
        }
        return coords
    }

    /// The axes of `hbFace`'s `fvar` table, in order (none for a font that does not vary).
    static func axes(of hbFace: OpaquePointer) -> [FontAxis] {
        var count = hb_ot_var_get_axis_count(hbFace)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        infos.withUnsafeMutableBufferPointer { buffer in
            _ = hb_ot_var_get_axis_infos(hbFace, 0, &count, buffer.baseAddress)
        }
        return infos.prefix(Int(count)).map { info in
            FontAxis(tag: tagString(info.tag), minimum: Double(info.min_value), defaultValue: Double(info.default_value),
                     maximum: Double(info.max_value))
        }
    }

    /// A named instance's style name from the `name` table (English, else the first), or "".
    private static func instanceName(_ hbFace: OpaquePointer, _ index: Int) -> String {
        let nameID = hb_ot_var_named_instance_get_subfamily_name_id(hbFace, UInt32(index))
        var length = UInt32(0)
        let language = hb_language_from_string("en", -1)
        length = hb_ot_name_get_utf8(hbFace, nameID, language, nil, nil)
        guard length > 0, length < 1024 else { return "" }
        var size = length + 1
        var bytes = [CChar](repeating: 0, count: Int(size))
        _ = hb_ot_name_get_utf8(hbFace, nameID, language, &size, &bytes)
        return String(decoding: bytes.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func styleKey(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
    }

    private static func tagString(_ tag: hb_tag_t) -> String {
        let bytes = [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)]
        return String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// Sets both HarfBuzz's font (advances, positioning) and FreeType's face (outlines) to
    /// `coords`, design coordinates in `fvar` axis order.
    static func apply(_ coords: [Float], hbFont: OpaquePointer, face: FT_Face, name: String) throws(FontError) {
        coords.withUnsafeBufferPointer { buffer in
            hb_font_set_var_coords_design(hbFont, buffer.baseAddress, UInt32(buffer.count))
        }
        // FreeType takes 16.16 fixed point; every coordinate is clamped to its axis, far inside.
        var fixed = coords.map { FT_Fixed(($0 * 65536).rounded()) }
        let error = fixed.withUnsafeMutableBufferPointer { buffer in
            FT_Set_Var_Design_Coordinates(face, FT_UInt(buffer.count), buffer.baseAddress)
        }
        guard error == 0 else { throw .notAFont(path: name, reason: freeTypeError("FT_Set_Var_Design_Coordinates", error).description) }
    }
}
