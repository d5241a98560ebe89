extension Path {
    /// The dashes of the path's stroke as SVG and CSS dash it: `pattern` lengths, px, on then
    /// off by turns (an odd count repeated once, as SVG says), starting `offset` px into the
    /// pattern and begun anew on each contour; each dash an open contour of straight pieces
    /// within `flatness` px of the curve. `nil` when the pattern dashes nothing (empty, a
    /// negative or non-finite length, or all zero), so the stroke is drawn whole. At most
    /// `limit` dashes: a pattern far finer than the path is refused (`nil`) rather than made.
    ///
    /// Written here because no library here dashes a path into its pieces: cairo dashes as it
    /// strokes, but a machine file (a pen, a laser) needs the dashes as lines to follow.
    public func dashed(_ pattern: [Double], offset: Double = 0, flatness: Double = 0.05, limit: Int = 200_000) -> Path? {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), offset.isFinite else { return nil }
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = lengths.reduce(0, +)
        guard period > 0 else { return nil }
        var out = Path()
        var dashes = 0
        for contour in flattened(flatness: flatness) {
            var points = contour.points
            if contour.closed, let first = points.first { points.append(first) }
            guard points.count >= 2 else { continue }
            // Where in the pattern the contour starts.
            var phase = offset.truncatingRemainder(dividingBy: period)
            if phase < 0 { phase += period }
            var index = 0
            while phase >= lengths[index] {
                phase -= lengths[index]
                index = (index + 1) % lengths.count
            }
            var left = lengths[index] - phase  // of the current dash or gap
            var on = index % 2 == 0
            var drawing = false
            for (a, b) in zip(points, points.dropLast().indices.map { points[$0 + 1] }) {
                let piece = (b - a).length
                guard piece > 0 else { continue }
                var done = 0.0
                while piece - done > left {
                    done += left
                    let at = a + (b - a) * (done / piece)
                    if on {
                        if !drawing { out.move(to: a + (b - a) * ((done - left) / piece)) }
                        out.line(to: at)
                        drawing = false
                    }
                    index = (index + 1) % lengths.count
                    left = lengths[index]
                    on = index % 2 == 0
                    if on {
                        dashes += 1
                        guard dashes <= limit else { return nil }
                    }
                }
                left -= piece - done
                if on {
                    if !drawing {
                        out.move(to: a + (b - a) * (done / piece))
                        drawing = true
                    }
                    out.line(to: b)
                }
            }
        }
        return out
    }
}
