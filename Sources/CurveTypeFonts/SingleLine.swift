import CurveTypeGeometry

/// Single-line ("stroke") glyphs inside outline fonts. TrueType and CFF can only store closed
/// contours, so single-line fonts made for engraving and plotting store each stroke as a contour
/// that runs out along the stroke and back along the same points: it encloses nothing, and a
/// machine that follows it traces every stroke twice. Such a contour is its own reverse; this
/// finds them and opens each into the stroke it retraces. Written by hand: no font library
/// knows the convention.
public enum SingleLine {
    /// One segment of a contour: where it starts, its control points, where it ends.
    private struct Segment: Equatable {
        var from: Point
        var controls: [Point]
        var to: Point

        var reversed: Segment { Segment(from: to, controls: controls.reversed(), to: from) }
    }

    /// `path` with every contour that retraces itself opened into its first half: a stroke from
    /// one end to the other, not closed. Other contours stay as they are. Also how many contours
    /// were opened, and how many there were.
    public static func reopened(_ path: Path) -> (path: Path, opened: Int, contours: Int) {
        var out = Path()
        var opened = 0, count = 0
        for contour in contours(of: path) {
            count += 1
            if let stroke = stroke(retracedBy: contour) {
                opened += 1
                out.move(to: stroke.first?.from ?? .zero)
                for segment in stroke { out.elements.append(element(segment)) }
            } else {
                out.move(to: contour.first?.from ?? .zero)
                for segment in contour { out.elements.append(element(segment)) }
                out.close()
            }
        }
        return (out, opened, count)
    }

    /// Whether every contour of `path` retraces itself (and there is one).
    public static func isRetraced(_ path: Path) -> Bool {
        let all = contours(of: path)
        return !all.isEmpty && all.allSatisfy { stroke(retracedBy: $0) != nil }
    }

    /// The segments from one end of the stroke to the other, if `contour` (closed) is its own
    /// reverse: read from some segment, the k-th from the end is the k-th reversed. Only a
    /// segment that turns straight back on the one before it can start such a reading, so
    /// each such start is tried.
    private static func stroke(retracedBy contour: [Segment]) -> [Segment]? {
        let count = contour.count
        guard count >= 2, count % 2 == 0 else { return nil }
        for start in 0..<count where contour[(start + count - 1) % count] == contour[start].reversed {
            var matches = true
            for k in 0..<count / 2 where contour[(start + count - 1 - k) % count] != contour[(start + k) % count].reversed {
                matches = false
                break
            }
            if matches { return (0..<count / 2).map { contour[(start + $0) % count] } }
        }
        return nil
    }

    private static func element(_ segment: Segment) -> PathElement {
        switch segment.controls.count {
        case 1: .quad(segment.controls[0], segment.to)
        case 2: .cubic(segment.controls[0], segment.controls[1], segment.to)
        default: .line(segment.to)
        }
    }

    /// Each contour of a glyph path as its segments, closed: a closing line back to the start
    /// is added where the path does not end there; zero-length lines are dropped.
    private static func contours(of path: Path) -> [[Segment]] {
        var all: [[Segment]] = []
        var current: [Segment] = []
        var start = Point.zero, at = Point.zero
        func finish() {
            if at != start { current.append(Segment(from: at, controls: [], to: start)) }
            if !current.isEmpty { all.append(current) }
            current = []
            at = start
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                start = p
                at = p
            case .line(let p):
                if p != at { current.append(Segment(from: at, controls: [], to: p)) }
                at = p
            case .quad(let c, let p):
                current.append(Segment(from: at, controls: [c], to: p))
                at = p
            case .cubic(let c1, let c2, let p):
                current.append(Segment(from: at, controls: [c1, c2], to: p))
                at = p
            case .close:
                finish()
            }
        }
        finish()
        return all
    }
}
