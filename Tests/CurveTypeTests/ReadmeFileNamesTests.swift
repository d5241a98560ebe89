@testable import CurveType
import Testing

/// The search that finds which badge files a rewritten README still shows: written by hand
/// (Knuth–Morris–Pratt), so checked where a naive search and a wrong border table part ways.
@Suite struct ReadmeFileNamesTests {

    @Test func findsNamesAfterThePrefixWhereMatchesOverlap() {
        // The prefix's own borders: "abab/" inside "ababab/" starts at the third byte.
        #expect(ReadmeBadges.fileNames(after: "abab/", in: "(ababab/x.svg) abab/y-1.svg") == ["x.svg", "y-1.svg"])
        #expect(ReadmeBadges.fileNames(after: "aab/", in: "aaab/one.svg aab/") == ["one.svg"])
        #expect(ReadmeBadges.fileNames(after: "b/", in: "b/b/c.svg") == ["b"])
        #expect(ReadmeBadges.fileNames(after: "badges/", in: "badge/x.svg badges") == [])
        // Every name a naive search finds, on random text over a small alphabet.
        var seed: UInt64 = 7
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        let alphabet: [Character] = ["a", "b", "/", ".", " "]
        for _ in 0..<300 {
            let prefix = String((0..<Int(next() % 4 + 1)).map { _ in alphabet[Int(next() % 3)] }) + "/"
            let text = String((0..<Int(next() % 60)).map { _ in alphabet[Int(next() % 5)] })
            #expect(ReadmeBadges.fileNames(after: prefix, in: text) == naive(prefix, text), "\(prefix) in \(text)")
        }
    }

    /// The search compared position by position, as it was before.
    private func naive(_ prefix: String, _ text: String) -> Set<String> {
        let p = Array(prefix.utf8), t = Array(text.utf8)
        var names: Set<String> = []
        var i = 0
        while i + p.count <= t.count {
            guard Array(t[i..<(i + p.count)]) == p else { i += 1; continue }
            let name = t[(i + p.count)...].prefix { ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2E || $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x5F }
            if !name.isEmpty { names.insert(String(decoding: name, as: UTF8.self)) }
            i += p.count + name.count
        }
        return names
    }
}
