import CLineBreaks

/// Where a line may break, by the Unicode Line Breaking Algorithm (UAX #14) as ICU's line break
/// iterator implements it: after spaces, around dashes, between ideographs with kinsoku, never
/// at a no-break space or before closing punctuation.
public enum LineBreaks {
    /// The UTF-8 offsets in `text` at which a line may begin, after its start; the text's end is
    /// the last. Empty if ICU fails.
    public static func opportunities(in text: String) -> [Int] {
        var text = text
        return text.withUTF8 { bytes -> [Int] in
            guard !bytes.isEmpty else { return [] }
            // At most one opportunity per byte, and the end.
            var breaks = [Int32](repeating: 0, count: bytes.count + 1)
            let count = bytes.withMemoryRebound(to: CChar.self) { chars in
                curvetype_line_breaks(chars.baseAddress, Int64(chars.count), &breaks, Int32(clamping: breaks.count))
            }
            guard count > 0 else { return [] }
            return breaks[0..<Int(count)].map { Int($0) }
        }
    }
}
