/// Values by glyph id, in pages of 256 made as glyphs are first stored: an array lookup
/// instead of hashing, and a font of 65,535 glyphs pays only for the pages it uses.
///
/// Public and inlinable so that other modules specialise it: measured here, a `package`
/// inlinable generic was called unspecialised across modules, at a metadata lookup a call.
/// A page holds indices into `values` (-1: none), so a page is plain integers: made and freed
/// without touching each slot, however heavy the values.
public struct GlyphTable<Value> {
    @usableFromInline var pages: [[Int32]] = []
    @usableFromInline var values: [Value] = []

    /// An empty table.
    @inlinable public init() {}

    /// The value for `glyph`; `nil` when there is none.
    @inlinable public subscript(glyph: UInt32) -> Value? {
        get {
            let page = Int(glyph >> 8)
            guard page < pages.count, !pages[page].isEmpty else { return nil }
            let index = pages[page][Int(glyph & 0xFF)]
            return index < 0 ? nil : values[Int(index)]
        }
        set {
            let page = Int(glyph >> 8), slot = Int(glyph & 0xFF)
            while page >= pages.count { pages.append([]) }
            if pages[page].isEmpty { pages[page] = Array(repeating: -1, count: 256) }
            let index = pages[page][slot]
            switch (index >= 0, newValue) {
            case (true, let value?): values[Int(index)] = value
            case (false, let value?):
                pages[page][slot] = Int32(truncatingIfNeeded: values.count)
                values.append(value)
            case (_, nil):
                // A removed value keeps its slot in `values` (tables here only grow).
                pages[page][slot] = -1
            }
        }
    }
}

/// A small cache searched in order, for the few fonts and font requests a process uses: the
/// newest entries are kept and the oldest dropped past `capacity`.
///
/// Why not a Dictionary: the first dictionary of each key type costs the Swift runtime a scan of
/// every protocol conformance in the binary, about 230,000 instructions (callgrind), which is
/// more than a one-badge process spends drawing; a handful of entries compare faster in order.
public struct RecentCache<Key, Value> {
    @usableFromInline var entries: [(key: Key, value: Value)] = []
    /// The most entries it keeps; the least recently used goes first.
    public let capacity: Int

    /// An empty cache of at most `capacity` entries.
    @inlinable public init(capacity: Int) { self.capacity = capacity }
}

// (Equatable only here, not on the type: the type's metadata then needs no conformance.)
extension RecentCache where Key: Equatable {
    /// The value for `key`, marked as recently used; setting stores it.
    @inlinable public subscript(key: Key) -> Value? {
        get { entries.last { $0.key == key }?.value }
        set {
            entries.removeAll { $0.key == key }
            guard let newValue else { return }
            if entries.count >= capacity { entries.removeFirst(entries.count + 1 - capacity) }
            entries.append((key, newValue))
        }
    }

    /// Runs `body` on the value for `key`, made by `make` (and stored) if there is none.
    @inlinable public mutating func withValue<R>(for key: Key, default make: () -> Value, _ body: (inout Value) -> R) -> R {
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
