import CurveTypeGeometry

/// SHA-256 (FIPS 180-4), for a merge's manifest: the digest `sha256sum` prints.
///
/// Written here because the library's package depends on nothing (a package that uses it
/// resolves no other) and Foundation on Linux has no digest; swift-crypto would be the library
/// for it. Checked against `sha256sum` and the FIPS examples in the tests.
struct SHA256 {
    private var state: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    /// Bytes of a block not yet whole.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The lowercase hex digest of `bytes`.
    static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var hash = SHA256()
        hash.update(bytes)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in hash.finish() { appendHexDigits(UInt64(byte), width: 2, to: &text) }
        return String(decoding: text, as: UTF8.self)
    }

    mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        length &+= UInt64(bytes.count)
        // Whole blocks straight from contiguous bytes (a page's, 40 KB: no copy); the rest,
        // and bytes of any other collection, through `pending`.
        let done: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            var start = 0
            if !pending.isEmpty {
                let take = min(64 - pending.count, buffer.count)
                pending.append(contentsOf: buffer[0..<take])
                start = take
                guard pending.count == 64 else { return true }
                pending.withUnsafeBufferPointer { blocks($0) }
                pending.removeAll(keepingCapacity: true)
            }
            let whole = (buffer.count - start) / 64 * 64
            blocks(UnsafeBufferPointer(rebasing: buffer[start..<(start + whole)]))
            pending.append(contentsOf: buffer[(start + whole)...])
            return true
        }
        guard done == nil else { return }
        pending.append(contentsOf: bytes)
        let whole = pending.count / 64 * 64
        pending.withUnsafeBufferPointer { blocks(UnsafeBufferPointer(rebasing: $0[0..<whole])) }
        pending.removeFirst(whole)
    }

    mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        pending.append(contentsOf: tail)
        pending.withUnsafeBufferPointer { blocks($0) }
        pending = []
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }

    /// Compresses each 64-byte block of `bytes` (a whole number of them) into the state.
    private mutating func blocks(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 64, let base = bytes.baseAddress else { return }
        // Masking shifts (`&>>`, `&<<`): one instruction each, where `>>` checks its count.
        @inline(__always) func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x &>> n | x &<< (32 &- n) }
        Self.k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                var (h0, h1, h2, h3, h4, h5, h6, h7) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
                for blockStart in stride(from: 0, to: bytes.count - 63, by: 64) {
                    let p = UnsafeRawPointer(base + blockStart)
                    for i in 0..<16 {
                        w[i] = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
                    }
                    for i in 16..<64 {
                        let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] &>> 3)
                        let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] &>> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    for i in 0..<64 {
                        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let choice = g ^ (e & (f ^ g))
                        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let majority = (a & b) ^ (c & (a ^ b))
                        let t2 = s0 &+ majority
                        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                }
                state = [h0, h1, h2, h3, h4, h5, h6, h7]
            }
        }
    }
}
