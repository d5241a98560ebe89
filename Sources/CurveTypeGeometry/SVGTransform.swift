#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension AffineMap {
    /// Reads an SVG transform list (`matrix`, `translate`, `scale`, `rotate` about a point,
    /// `skewX`, `skewY`; the rightmost applies first); `nil` if it is not one.
    public init?(svgTransform text: String) {
        var map = AffineMap.identity
        var rest = Substring(text)
        func skipSeparators() { rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" } }
        skipSeparators()
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmed()
            let numbers = rest[rest.index(after: open)..<close]
                .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                .map { Double($0) }
            guard numbers.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
            let n = numbers.compactMap { $0 }
            let step: AffineMap
            switch (name, n.count) {
            case ("matrix", 6): step = AffineMap(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
            case ("translate", 1), ("translate", 2): step = .translation(n[0], n.count == 2 ? n[1] : 0)
            case ("scale", 1), ("scale", 2): step = .scale(n[0], n.count == 2 ? n[1] : n[0])
            case ("rotate", 1): step = .rotation(.degrees(n[0]))
            case ("rotate", 3):
                step = AffineMap.translation(-n[1], -n[2]).concatenating(.rotation(.degrees(n[0])))
                    .concatenating(.translation(n[1], n[2]))
            case ("skewX", 1): step = AffineMap(a: 1, b: 0, c: tan(n[0] * .pi / 180), d: 1, tx: 0, ty: 0)
            case ("skewY", 1): step = AffineMap(a: 1, b: tan(n[0] * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
            default: return nil
            }
            // In "A B", B applies to the point first.
            map = step.concatenating(map)
            rest = rest[rest.index(after: close)...]
            skipSeparators()
        }
        self = map
    }
}
