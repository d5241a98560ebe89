import CurveType
import Foundation
import Testing
import TestSupport

/// Unicode's own test files (Debian's unicode-data, which `make test` installs): line breaking
/// (UAX #14) and the bidi algorithm (UAX #9), as CurveType uses them to set fitted lines.
@Suite struct UnicodeConformanceTests {
    static let folder = "/usr/share/unicode"

    static func lines(_ name: String) throws -> [Substring] {
        let path = try neededFile("\(folder)/\(name)", install: "Debian unicode-data")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    /// Every case of LineBreakTest.txt: the opportunities ICU's iterator reports, as UTF-8
    /// offsets, against the ÷ marks. ICU's default rules tailor a few of UAX #14's (numbers with
    /// prefixes and suffixes, LB25, the way ICU and CSS read them); those cases are counted and
    /// printed, and the pass rate must stay at or above what this ICU reaches.
    @Test func lineBreakTest() throws {
        var passed = 0, failed: [String] = []
        for line in try Self.lines("auxiliary/LineBreakTest.txt") {
            let fields = line.split(separator: "#", maxSplits: 1)[0].split { $0 == " " || $0 == "\t" }
            var scalars = String.UnicodeScalarView()
            var expected: [Int] = []
            var offset = 0
            for field in fields {
                if field == "÷" {
                    if offset > 0 { expected.append(offset) }
                } else if field != "×", let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                    offset += UTF8.width(scalar)
                }
            }
            let text = String(scalars)
            if LineBreaks.opportunities(in: text) == expected { passed += 1 } else { failed.append(String(line.prefix(60))) }
        }
        let total = passed + failed.count
        print("LineBreakTest.txt: \(passed) of \(total) cases pass (\(String(format: "%.2f", 100 * Double(passed) / Double(total)))%)")
        #expect(total > 7000)
        #expect(Double(passed) / Double(total) >= 0.997, "first failures: \(failed.prefix(5))")
        print("LineBreakTest.txt failures: \(failed.prefix(30))")
    }

    /// A case of BidiCharacterTest.txt.
    struct BidiCase {
        var scalars: [UInt32]
        var direction: BidiParagraph.Direction
        var paragraphLevel: UInt8
        /// nil: removed by rule X9.
        var levels: [UInt8?]
        var order: [Int]

        init?(_ line: Substring) {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { return nil }
            scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            switch fields[1] {
            case "0": direction = .leftToRight
            case "1": direction = .rightToLeft
            default: direction = .auto
            }
            paragraphLevel = UInt8(fields[2]) ?? 0
            levels = fields[3].split(separator: " ").map { UInt8($0) }
            order = fields[4].split(separator: " ").compactMap { Int($0) }
        }
    }

    /// Every case of BidiCharacterTest.txt: FriBiDi's levels after L1 and CurveType's visual
    /// order of the whole line, with characters removed by X9 left out as the file leaves them.
    @Test func bidiCharacterTest() throws {
        var passed = 0, failed: [String] = []
        for line in try Self.lines("BidiCharacterTest.txt") {
            guard let test = BidiCase(line) else { continue }
            guard let paragraph = BidiParagraph(test.scalars, direction: test.direction) else {
                failed.append(String(line.prefix(60)))
                continue
            }
            let (levels, order) = paragraph.line(0..<test.scalars.count)
            let kept = order.filter { test.levels[$0] != nil }
            let levelsAgree = zip(levels, test.levels).allSatisfy { $1 == nil || $0 == $1 }
            if paragraph.paragraphLevel == test.paragraphLevel && levelsAgree && kept == test.order {
                passed += 1
            } else {
                failed.append(String(line.prefix(60)))
            }
        }
        let total = passed + failed.count
        print("BidiCharacterTest.txt: \(passed) of \(total) cases pass")
        #expect(total > 90_000)
        #expect(failed.isEmpty, "first failures: \(failed.prefix(5))")
    }

    /// Text with nothing at or above U+0590 in a paragraph that is not right to left resolves
    /// without FriBiDi (which is then not even loaded): every level and visual order the fast
    /// path gives is FriBiDi's, over random text of numbers, signs, separators, controls, marks
    /// and letters below U+0590.
    @Test func plainTextNeedsNoFriBiDi() {
        var generator = SeededGenerator(seed: 590)
        let pool: [UInt32] = Array(0x20...0x7E) + [0x09, 0x0A, 0x0D, 0x1C, 0x1F, 0x85, 0xA0, 0xAD, 0xB2, 0xB9, 0xD7, 0x2B, 0x2D, 0x25, 0x24,
                                                   0x300, 0x301, 0x36F, 0x391, 0x416, 0x531, 0x58A, 0x58F]
        for _ in 0..<3000 {
            let scalars = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pool.randomElement(using: &generator) ?? 0x20 }
            for direction in [BidiParagraph.Direction.auto, .leftToRight] {
                guard let fast = BidiParagraph(scalars, direction: direction),
                      let full = BidiParagraph(scalars, direction: direction, throughFriBiDi: true) else {
                    Issue.record("no paragraph for \(scalars)")
                    continue
                }
                #expect(fast.levels == full.levels && fast.paragraphLevel == full.paragraphLevel, "\(scalars)")
                #expect(fast.line(0..<scalars.count) == full.line(0..<scalars.count), "\(scalars)")
                if scalars.count > 3 { #expect(fast.line(1..<3) == full.line(1..<3), "\(scalars)") }
            }
        }
    }

    /// Cases of BidiCharacterTest.txt set by `fit` on one line: the line's clusters come out in
    /// the file's visual order (each cluster where its leftmost character stands). fit finds the
    /// paragraph direction from the text (P2–P3), so the cases are those whose given direction
    /// is the one the text itself gives.
    @Test func fittedLinesFollowBidiCharacterTest() throws {
        var checked = 0, failed: [String] = []
        for (index, line) in try Self.lines("BidiCharacterTest.txt").enumerated() where index % 37 == 0 {
            guard let test = BidiCase(line),
                  BidiParagraph(test.scalars)?.paragraphLevel == test.paragraphLevel else { continue }
            // fit removes control characters (Cc) from the text: keep cases without them.
            let scalars = test.scalars.compactMap(Unicode.Scalar.init)
            guard scalars.count == test.scalars.count,
                  !scalars.contains(where: { $0.properties.generalCategory == .control }) else { continue }
            let text = String(String.UnicodeScalarView(scalars))
            guard !TextInput.trimmed(text).isEmpty, TextInput.trimmed(text) == text else { continue }
            let result = try FitRequest(.text(text), style: FitStyle(width: 100_000, height: 1000, maxSize: 20)).render()
            guard result.fitted.lines.count == 1, let layout = result.fitted.lines.first?.layout else {
                failed.append("not one line: \(line.prefix(40))")
                continue
            }
            // Expected: clusters ordered by the visual position of their leftmost kept character.
            var position: [Int: Int] = [:]
            for (visual, logical) in test.order.enumerated() { position[logical] = visual }
            let scalarStarts = text.unicodeScalars.reduce(into: [0]) { $0.append($0.last! + UTF8.width($1)) }
            func scalarIndex(_ byte: Int) -> Int { scalarStarts.firstIndex(of: byte) ?? scalars.count }
            let clusters = layout.clusters.map { scalarIndex($0.textRange.lowerBound)..<scalarIndex($0.textRange.upperBound) }
            let keys = clusters.map { range in range.compactMap { position[$0] }.min() }
            let visible = keys.compactMap { $0 }
            checked += 1
            if visible != visible.sorted() { failed.append(String(line.prefix(60))) }
        }
        print("fit against BidiCharacterTest.txt: \(checked - failed.count) of \(checked) lines in visual order")
        #expect(checked > 300)
        #expect(failed.isEmpty, "first failures: \(failed.prefix(5))")
    }
}
