/// SVG's basic shapes as paths, each started where SVG starts it (SVG 2, "basic shapes"), so
/// that a dashed stroke's dashes fall where a browser puts them.
extension Path {
    /// A rectangle with elliptical corners (`rx`, `ry` > 0), clockwise from the top edge after
    /// the top left corner, each corner an elliptical arc, as SVG draws `<rect>`.
    public static func roundedRectangle(_ r: Rect, rx: Double, ry: Double) -> Path {
        var p = Path()
        var at = Point(x: r.minX + rx, y: r.minY)
        p.move(to: at)
        func side(to end: Point) { p.line(to: end); at = end }
        func corner(to end: Point) {
            p.elements += EllipticalArc.cubics(from: at, to: end, rx: rx, ry: ry, rotationDegrees: 0, largeArc: false, sweep: true)
            at = end
        }
        side(to: Point(x: r.maxX - rx, y: r.minY)); corner(to: Point(x: r.maxX, y: r.minY + ry))
        side(to: Point(x: r.maxX, y: r.maxY - ry)); corner(to: Point(x: r.maxX - rx, y: r.maxY))
        side(to: Point(x: r.minX + rx, y: r.maxY)); corner(to: Point(x: r.minX, y: r.maxY - ry))
        side(to: Point(x: r.minX, y: r.minY + ry)); corner(to: Point(x: r.minX + rx, y: r.minY))
        p.close()
        return p
    }

    /// An ellipse about `center`, clockwise (y down) from its rightmost point, as SVG draws
    /// `<circle>` and `<ellipse>`.
    public static func ellipse(center c: Point, rx: Double, ry: Double) -> Path {
        let right = Point(x: c.x + rx, y: c.y), bottom = Point(x: c.x, y: c.y + ry)
        let left = Point(x: c.x - rx, y: c.y), top = Point(x: c.x, y: c.y - ry)
        var p = Path()
        p.move(to: right)
        for (from, to) in [(right, bottom), (bottom, left), (left, top), (top, right)] {
            p.elements += EllipticalArc.cubics(from: from, to: to, rx: rx, ry: ry, rotationDegrees: 0, largeArc: false, sweep: true)
        }
        p.close()
        return p
    }
}
