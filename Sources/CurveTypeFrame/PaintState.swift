import CurveTypeGeometry

/// How an item is painted once its ancestors' styles and its own are applied, as SVG's
/// inheritance gives them: the state every writer that walks a frame keeps (cairo's, the
/// machine files', the weld's), so that each reads the cascade alike and a group's stroke
/// reaches its children in all of them.
public struct PaintState: Sendable, Hashable {
    /// Maps the item's px into the frame's (its transforms, then its ancestors').
    public var map: AffineMap = .identity
    /// What fills the item.
    public var fill: Paint = .color(.black)
    /// 0…1.
    public var fillOpacity = 1.0
    /// Which parts of a path that crosses itself are inside.
    public var fillRule: FillRule = .nonzero
    /// What strokes the item.
    public var stroke: Paint = .none
    /// 0…1.
    public var strokeOpacity = 1.0
    /// px, in the item's own coordinates (before `map`).
    public var strokeWidth = 1.0
    /// How open strokes end.
    public var cap: LineCap = .butt
    /// How strokes turn corners.
    public var join: LineJoin = .miter
    /// In stroke widths, at least 1.
    public var miterLimit = 4.0
    /// The stroke's dashes; `nil`: solid.
    public var dash: DashPattern?

    /// SVG's initial values: black fill, no stroke, 1 px butt-capped, miter-joined.
    public init() {}

    /// The state inside an item of `styles`: their paints, widths, joins and transforms
    /// applied over this one (effects, clips and masks are the writer's to apply).
    public func applying(_ styles: [Style]) -> PaintState {
        var out = self
        for style in styles {
            switch style {
            case .fill(let p): out.fill = p
            case .fillOpacity(let o): out.fillOpacity = min(max(o, 0), 1)
            case .fillRule(let rule): out.fillRule = rule
            case .stroke(let p): out.stroke = p
            case .strokeOpacity(let o): out.strokeOpacity = min(max(o, 0), 1)
            case .strokeWidth(let w): out.strokeWidth = w
            case .lineCap(let cap): out.cap = cap
            case .lineJoin(let join): out.join = join
            case .miterLimit(let limit): out.miterLimit = max(limit, 1)
            case .dash(let pattern): out.dash = pattern
            case .transform(let m): out.map = m.concatenating(out.map)
            case .fontFamily, .fontSize, .fontWeight, .italic, .clip, .mask, .opacity, .crispEdges, .hidden, .isolated, .blend, .penStroke:
                break
            }
        }
        return out
    }

    /// The fill that leaves ink: `fill`, or none where it is fully transparent.
    public var inkedFill: Paint { fillOpacity > 0 ? fill : .none }
    /// The stroke that leaves ink: `stroke`, or none where it is fully transparent or of no width.
    public var inkedStroke: Paint { strokeOpacity > 0 && strokeWidth > 0 ? stroke : .none }
}
