/// Values by glyph id, in pages of 256 made as glyphs are first stored: an array lookup
/// instead of hashing, and a font of 65,535 glyphs pays only for the pages it uses.
package struct GlyphTable<Value> {
    @usableFromInline var pages: [[Value?]] = []

    @inlinable package init() {}

    @inlinable package subscript(glyph: UInt32) -> Value? {
        get {
            let page = Int(glyph >> 8)
            return page < pages.count && !pages[page].isEmpty ? pages[page][Int(glyph & 0xFF)] : nil
        }
        set {
            let page = Int(glyph >> 8)
            while page >= pages.count { pages.append([]) }
            if pages[page].isEmpty { pages[page] = Array(repeating: nil, count: 256) }
            pages[page][Int(glyph & 0xFF)] = newValue
        }
    }
}

/// A small cache searched in order, for the few fonts and font requests a process uses: the
/// newest entries are kept and the oldest dropped past `capacity`.
///
/// Why not a Dictionary: the first dictionary of each key type costs the Swift runtime a scan of
/// every protocol conformance in the binary, about 230,000 instructions (callgrind), which is
/// more than a one-badge process spends drawing; a handful of entries compare faster in order.
package struct RecentCache<Key, Value> {
    @usableFromInline var entries: [(key: Key, value: Value)] = []
    package let capacity: Int

    @inlinable package init(capacity: Int) { self.capacity = capacity }
}

// (Equatable only here, not on the type: the type's metadata then needs no conformance.)
extension RecentCache where Key: Equatable {
    @inlinable package subscript(key: Key) -> Value? {
        get { entries.last { $0.key == key }?.value }
        set {
            entries.removeAll { $0.key == key }
            guard let newValue else { return }
            if entries.count >= capacity { entries.removeFirst(entries.count + 1 - capacity) }
            entries.append((key, newValue))
        }
    }

    /// Runs `body` on the value for `key`, made by `make` (and stored) if there is none.
    @inlinable package mutating func withValue<R>(for key: Key, default make: () -> Value, _ body: (inout Value) -> R) -> R {
        // (Indices by hand: the generic `lastIndex(where:)` asks the runtime for conformances.)
        var index = entries.count - 1
        while index >= 0 {
            if entries[index].key == key { return body(&entries[index].value) }
            index -= 1
        }
        if entries.count >= capacity { entries.removeFirst(entries.count + 1 - capacity) }
        entries.append((key, make()))
        return body(&entries[entries.count - 1].value)
    }
}
