import CBundledIcons

/// One brand logo of simple-icons: a single path in a 24 × 24 box.
public struct BrandIcon: Sendable, Hashable {
    /// simple-icons' name for it, the one shields documents (`github`, `dotnet`, `cplusplus`).
    public let slug: String
    /// The brand's name as written (`GitHub`, `.NET`, `C++`).
    public let title: String
    /// The brand colour, six upper-case hex digits without `#` (`181717`).
    public let hex: String
    /// Where its path data lies in the compiled-in table (bytes).
    private let pathBytes: Range<Int>

    /// The path data, SVG syntax, in user units of the viewBox `0 0 24 24` (y down).
    public var pathData: String {
        SimpleIcons.table.withBytes { bytes in String(decoding: bytes[pathBytes], as: UTF8.self) }
    }

    init(slug: String, title: String, hex: String, pathBytes: Range<Int>) {
        self.slug = slug
        self.title = title
        self.hex = hex
        self.pathBytes = pathBytes
    }
}

/// The brand logos of simple-icons, the release shields.io draws (`Icons/simple-icons.tsv`,
/// compiled in: a named logo needs no network and no file), looked up by name as shields looks
/// them up.
///
/// The table is read the first time a logo is asked for (about a millisecond), never at start.
public enum SimpleIcons {
    /// The simple-icons release compiled in, the one shields.io pins.
    public static let release = "15.16.0"

    /// shields' names for logos that simple-icons renamed or removed (`lib/logos.js`): a README
    /// that uses one still gets a logo.
    public static let legacyAliases: KeyValuePairs<String, String> = [
        "azuredevops": "azure-devops", "eclipse": "eclipse-ide", "gitter-white": "gitter",
        "scrutinizer": "scrutinizer-ci", "stackoverflow": "stack-overflow", "tfs": "azure-devops",
        "travis": "travisci",
    ]

    /// Every icon, sorted by slug.
    public static var all: [BrandIcon] { catalogue.icons }

    /// The longest word a search or a name look-up takes, in characters: every slug and title
    /// is shorter (a test checks), so a longer word names nothing.
    public static let maximumSearchLength = 64

    /// The icon with this slug, exactly.
    public static func icon(slug: String) -> BrandIcon? {
        // Slugs go into `byName` first and no title shadows one.
        catalogue.byName[slug].map { catalogue.icons[$0] }.flatMap { $0.slug == slug ? $0 : nil }
    }

    /// The icon `name` means as a shields `logo=` value: lower-cased; a legacy alias replaced;
    /// spaces made hyphens; then a slug, else a lower-cased title, else a title with its spaces
    /// as hyphens (a title never shadows a slug). `nil` if it names none.
    public static func named(_ name: String) -> BrandIcon? {
        // No name is longer than this; a longer one (from a URL) needs no lowering.
        guard name.utf8.count <= 200 else { return nil }
        let key = lookupKey(name)
        return catalogue.byName[key].map { catalogue.icons[$0] }
    }

    /// The key `named` looks up for `name`.
    static func lookupKey(_ name: String) -> String {
        var key = name.lowercased()
        if let alias = legacyAliases.first(where: { $0.key == key }) { key = alias.value }
        return key.replacing(" ", with: "-")
    }

    /// Icons whose slug or title holds `word` (case-insensitive): an exact slug or title first,
    /// then those that start with it, then the rest, each group by slug. Every icon for an
    /// empty word.
    public static func search(_ word: String) -> [BrandIcon] {
        let wanted = word.trimmed().lowercased()
        // Nothing longer than every slug and title can be inside one: a longer word is not
        // compared with thousands of names.
        guard wanted.count <= maximumSearchLength else { return [] }
        guard !wanted.isEmpty else { return all }
        var ranked: [(rank: Int, icon: BrandIcon)] = []
        for icon in all {
            let title = icon.title.lowercased()
            let rank: Int
            if icon.slug == wanted || title == wanted { rank = 0 }
            else if icon.slug.hasPrefix(wanted) || title.hasPrefix(wanted) { rank = 1 }
            else if icon.slug.contains(wanted) || title.contains(wanted) { rank = 2 }
            else { continue }
            ranked.append((rank, icon))
        }
        return ranked.sorted { ($0.rank, $0.icon.slug) < ($1.rank, $1.icon.slug) }.map(\.icon)
    }

    /// The name closest to `name` that `named` would resolve, for "did you mean …": the fewest
    /// edits (at most a third of its length, and at least 2), ties to the first slug; else the
    /// first slug that holds its letters and digits (three or more). `nil` if nothing is close.
    public static func suggestion(for name: String) -> String? {
        let key = lookupKey(String(name.prefix(64)))
        guard !key.isEmpty else { return nil }
        let wanted = Array(key.unicodeScalars)
        let limit = max(2, wanted.count / 3)
        var best: (distance: Int, name: String)?
        for candidate in catalogue.names {
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - wanted.count) <= limit else { continue }
            let distance = editDistance(wanted, scalars, limit: min(limit, best?.distance ?? limit))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (distance, candidate) }
        }
        if let best, let index = catalogue.byName[best.name] { return catalogue.icons[index].slug }
        let squeezed = key.filter { $0.isLetter || $0.isNumber }
        guard squeezed.count >= 3 else { return nil }
        return all.first { $0.slug.contains(squeezed) }?.slug
    }

    /// Edits between `a` and `b` (insertions, deletions, substitutions, and swaps of two
    /// neighbours, so `pyhton` is one from `python`), giving up (returning `limit + 1`) once
    /// every path exceeds `limit`.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            var smallest = row[0]
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], before[j - 2] + 1) }
                smallest = min(smallest, row[j])
            }
            if smallest > limit { return limit + 1 }
            (before, previous, row) = (previous, row, before)
        }
        return previous[b.count]
    }

    // MARK: - The table

    /// The compiled-in bytes.
    struct Table: Sendable {
        func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            var count = 0
            let start = curvetype_bundled_icons(&count)
            return body(UnsafeBufferPointer(start: start, count: count))
        }
    }

    static let table = Table()

    /// Icons by every name shields resolves: slugs first, then titles.
    struct Catalogue: Sendable {
        var icons: [BrandIcon] = []
        var byName: [String: Int] = [:]
        /// The keys of `byName` in the order they were added (slugs, then titles).
        var names: [String] = []
    }

    /// Read once, on first use (a `static let` is initialised once, thread-safely).
    static let catalogue: Catalogue = {
        var catalogue = Catalogue()
        table.withBytes { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { continue }
                var fields: [Range<Int>] = []
                var fieldStart = lineStart
                for index in lineStart..<lineEnd where bytes[index] == UInt8(ascii: "\t") && fields.count < 3 {
                    fields.append(fieldStart..<index)
                    fieldStart = index + 1
                }
                fields.append(fieldStart..<lineEnd)
                // The generator writes four fields a line; a line that is not so is skipped.
                guard fields.count == 4 else { continue }
                func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
                catalogue.icons.append(BrandIcon(slug: text(fields[0]), title: text(fields[1]), hex: text(fields[2]),
                                                 pathBytes: fields[3]))
            }
        }
        for (index, icon) in catalogue.icons.enumerated() {
            catalogue.byName[icon.slug] = index
            catalogue.names.append(icon.slug)
        }
        for (index, icon) in catalogue.icons.enumerated() {
            let title = icon.title.lowercased()
            for name in [title, title.replacing(" ", with: "-")] where catalogue.byName[name] == nil {
                catalogue.byName[name] = index
                catalogue.names.append(name)
            }
        }
        return catalogue
    }()
}
