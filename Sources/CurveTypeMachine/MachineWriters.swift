import CurveTypeGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension MachineDrawing {
    /// Digits after the point: a micrometre in mm, a ten-thousandth in inches.
    var decimals: Int {
        switch units {
        case .mm, .pt, .px: 4
        case .cm, .in: 5
        }
    }

    /// The drawing as a DXF file, AutoCAD R12 (AC1009): each path a `POLYLINE` of `VERTEX`es
    /// whose bulges draw its arcs, on a layer per colour (named by its hex, with the nearest of
    /// AutoCAD's seven basic colours); `$INSUNITS` names the units. R12 because every reader
    /// takes it: laser and CNC software, LibreCAD, ezdxf.
    public func dxf() -> String {
        var out = ""
        func pair(_ code: Int, _ value: String) { out += "\(code)\n\(value)\n" }
        let colors = Array(Set(paths.map(\.color))).sorted()
        let insunits: Int = switch units {
        case .mm: 4
        case .cm: 5
        case .in: 1
        case .pt, .px: 0
        }
        pair(0, "SECTION"); pair(2, "HEADER")
        pair(9, "$ACADVER"); pair(1, "AC1009")
        pair(9, "$INSUNITS"); pair(70, "\(insunits)")
        pair(9, "$EXTMIN"); pair(10, "0"); pair(20, "0"); pair(30, "0")
        pair(9, "$EXTMAX"); pair(10, fixed(width, decimals)); pair(20, fixed(height, decimals)); pair(30, "0")
        pair(0, "ENDSEC")
        pair(0, "SECTION"); pair(2, "TABLES")
        pair(0, "TABLE"); pair(2, "LTYPE"); pair(70, "1")
        pair(0, "LTYPE"); pair(2, "CONTINUOUS"); pair(70, "0"); pair(3, "Solid line"); pair(72, "65"); pair(73, "0"); pair(40, "0")
        pair(0, "ENDTAB")
        pair(0, "TABLE"); pair(2, "LAYER"); pair(70, "\(colors.count + 1)")
        for (name, aci) in [("0", 7)] + colors.map({ (Self.layerName($0), Self.nearestACI($0)) }) {
            pair(0, "LAYER"); pair(2, name); pair(70, "0"); pair(62, "\(aci)"); pair(6, "CONTINUOUS")
        }
        pair(0, "ENDTAB")
        pair(0, "ENDSEC")
        pair(0, "SECTION"); pair(2, "ENTITIES")
        for path in paths {
            let layer = Self.layerName(path.color)
            // A closed path's last step returns to its start: the flag closes it instead.
            let closes = path.isClosed && path.end.distance(to: path.start) < 1e-9 && !path.steps.isEmpty
            var vertices: [(Point, Double)] = []
            var from = path.start
            var bulges: [Double] = []
            for step in path.steps {
                switch step {
                case .line: bulges.append(0)
                case .arc(let to, let c, let ccw):
                    var sweep = atan2(to.y - c.y, to.x - c.x) - atan2(from.y - c.y, from.x - c.x)
                    if ccw { while sweep <= 0 { sweep += 2 * .pi } } else { while sweep >= 0 { sweep -= 2 * .pi } }
                    bulges.append(tan(sweep / 4))
                }
                from = step.end
            }
            vertices.append((path.start, bulges.first ?? 0))
            for (index, step) in path.steps.enumerated() where !(closes && index == path.steps.count - 1) {
                vertices.append((step.end, index + 1 < bulges.count ? bulges[index + 1] : 0))
            }
            pair(0, "POLYLINE"); pair(8, layer); pair(66, "1"); pair(10, "0"); pair(20, "0"); pair(30, "0")
            pair(70, closes ? "1" : "0")
            for (p, bulge) in vertices {
                pair(0, "VERTEX"); pair(8, layer)
                pair(10, fixed(p.x, decimals)); pair(20, fixed(p.y, decimals)); pair(30, "0")
                if bulge != 0 { pair(42, fixed(bulge, 9)) }
            }
            pair(0, "SEQEND"); pair(8, layer)
        }
        pair(0, "ENDSEC")
        pair(0, "EOF")
        return out
    }

    /// `C_rrggbb`: a layer name every DXF reader takes.
    static func layerName(_ color: String) -> String { "C_" + color.dropFirst().uppercased() }

    /// The AutoCAD colour index nearest `#rrggbb` of red, yellow, green, cyan, blue, magenta
    /// and black/white (7), which every reader shows.
    static func nearestACI(_ color: String) -> Int {
        let value = Int(color.dropFirst(), radix: 16) ?? 0
        let r = (value >> 16) & 255, g = (value >> 8) & 255, b = value & 255
        let basics = [(1, 255, 0, 0), (2, 255, 255, 0), (3, 0, 255, 0), (4, 0, 255, 255), (5, 0, 0, 255), (6, 255, 0, 255),
                      (7, 0, 0, 0), (7, 255, 255, 255)]
        return basics.min { x, y in
            let dx = (x.1 - r) * (x.1 - r) + (x.2 - g) * (x.2 - g) + (x.3 - b) * (x.3 - b)
            let dy = (y.1 - r) * (y.1 - r) + (y.2 - g) * (y.2 - g) + (y.3 - b) * (y.3 - b)
            return dx < dy
        }?.0 ?? 7
    }

    /// The drawing as HPGL for pen plotters and cutters: 40 plotter units per mm, y up, a pen
    /// (`SP`) per colour in order of first use, paths in `ordered()` order.
    public func hpgl() -> String {
        let perUnit = 40 * units.millimetres
        func q(_ p: Point) -> String { "\(Int((p.x * perUnit).rounded())),\(Int((p.y * perUnit).rounded()))" }
        var out = "IN;\n"
        var pens: [String] = []
        var pen = 0
        for path in ordered() {
            let number = (pens.firstIndex(of: path.color) ?? { pens.append(path.color); return pens.count - 1 }()) % 8 + 1
            if number != pen {
                out += "SP\(number);\n"
                pen = number
            }
            let points = path.points(tolerance: tolerance / 4)
            out += "PU\(q(points[0]));\n"
            out += "PD" + points.dropFirst().map(q).joined(separator: ",") + ";\n"
        }
        out += "PU;SP0;\n"
        return out
    }

    /// The drawing as a plotter's SVG: strokes only, at true size (`width`/`height` in the
    /// units, a viewBox in them, y down as SVG is), paths in `ordered()` order, a group per
    /// colour (Inkscape's and vpype's layers).
    public func plotterSVG(strokeWidth: Double) -> String {
        let d = decimals
        func x(_ v: Double) -> String { fixed(v, d) }
        func y(_ v: Double) -> String { fixed(height - v, d) }
        let unit = units == .px ? "" : units.rawValue
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\""
        out += " width=\"\(x(width))\(unit)\" height=\"\(x(height))\(unit)\" viewBox=\"0 0 \(x(width)) \(x(height))\">\n"
        var open: String?
        for path in ordered() {
            if path.color != open {
                if open != nil { out += "</g>\n" }
                out += "<g inkscape:groupmode=\"layer\" inkscape:label=\"\(path.color)\" fill=\"none\" stroke=\"\(path.color)\""
                out += " stroke-width=\"\(x(strokeWidth))\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
                open = path.color
            }
            out += "<path d=\"M\(x(path.start.x)) \(y(path.start.y))"
            var from = path.start
            for step in path.steps {
                switch step {
                case .line(let p): out += "L\(x(p.x)) \(y(p.y))"
                case .arc(let p, let c, let ccw):
                    let r = from.distance(to: c)
                    // y flips: a counter-clockwise arc (y up) is SVG's clockwise (sweep 0).
                    out += "A\(x(r)) \(x(r)) 0 0 \(ccw ? 0 : 1) \(x(p.x)) \(y(p.y))"
                }
                from = step.end
            }
            out += "\"/>\n"
        }
        if open != nil { out += "</g>\n" }
        return out + "</svg>\n"
    }
}

/// How G-code is written around the moves: lines from a small template, with `{feed}` and
/// `{power}` put in.
public struct GCodeTemplate: Sendable, Hashable {
    /// Before the first move.
    public var start: [String]
    /// Before each path's first cut (laser on, pen down, spindle in).
    public var penDown: [String]
    /// After each path (laser off, pen up).
    public var penUp: [String]
    /// After the last path.
    public var end: [String]

    /// For a GRBL laser in laser mode (`$32=1`): power by `M4` (dynamic, so corners do not
    /// burn), off by `M5`.
    public static let laser = GCodeTemplate(start: ["G90", "M5"], penDown: ["M4 S{power}"], penUp: ["M5"], end: ["M5", "G0 X0 Y0"])

    /// A template of these lines.
    public init(start: [String], penDown: [String], penUp: [String], end: [String]) {
        self.start = start
        self.penDown = penDown
        self.penUp = penUp
        self.end = end
    }

    /// Reads a template: sections `[start]`, `[pen-down]`, `[pen-up]`, `[end]`, each followed
    /// by its lines; `;` starts a comment line, kept. Sections not given are empty, but for
    /// `[pen-down]`: without a line there nothing starts a cut (a laser stays off, a pen up),
    /// so the machine would move over every path doing nothing; such a template is refused.
    public init(parsing text: String) throws(MachineError) {
        var sections: [String: [String]] = [:]
        var current: String?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let trimmed = line.trimmedSpaces()
            if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
                let name = String(trimmed.dropFirst().dropLast())
                guard ["start", "pen-down", "pen-up", "end"].contains(name) else {
                    throw MachineError.refused("the G-code template's section [\(name.prefix(40))] is not [start], [pen-down], [pen-up] or [end]")
                }
                current = name
                sections[name, default: []] = []
                continue
            }
            if trimmed.isEmpty { continue }
            guard let current else {
                throw MachineError.refused("the G-code template's lines must follow a section: [start], [pen-down], [pen-up] or [end]")
            }
            guard trimmed.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }) else {
                throw MachineError.refused("the G-code template's lines must be printable ASCII")
            }
            sections[current, default: []].append(trimmed)
        }
        guard sections["pen-down"]?.contains(where: { !$0.hasPrefix(";") }) == true else {
            throw MachineError.refused("the G-code template has no [pen-down] lines, so nothing would start a cut (a laser on, a pen or spindle down): give them, as [pen-down] then M4 S{power}")
        }
        self.init(start: sections["start"] ?? [], penDown: sections["pen-down"] ?? [], penUp: sections["pen-up"] ?? [], end: sections["end"] ?? [])
    }
}

extension String {
    func trimmedSpaces() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}

extension MachineDrawing {
    /// The drawing as G-code: units (`G21` mm, `G20` inches), absolute moves, each path reached
    /// by `G0` and cut by `G1` lines and `G2`/`G3` arcs (centre by `I`/`J`, relative to the
    /// arc's start) at `feed` units per minute, in `ordered()` order, inside `template`'s lines.
    public func gcode(feed: Double, power: Double, template: GCodeTemplate) -> String {
        let d = decimals
        func xy(_ p: Point) -> String { "X\(fixed(p.x, d)) Y\(fixed(p.y, d))" }
        func filled(_ line: String) -> String {
            line.replacing("{feed}", with: fixed(feed, 3)).replacing("{power}", with: fixed(power, 3))
        }
        var out = "; CurveType: \(fixed(width, d)) x \(fixed(height, d)) \(units == .in ? "in" : "mm"), tolerance \(fixed(tolerance, d))\n"
        out += units == .in ? "G20\n" : "G21\n"
        for line in template.start { out += filled(line) + "\n" }
        let scale = units == .in || units == .mm ? 1 : units.millimetres
        var first = true
        for path in ordered() {
            out += "G0 \(xy(path.start * scale))\n"
            for line in template.penDown { out += filled(line) + "\n" }
            var from = path.start * scale
            for step in path.steps {
                switch step {
                case .line(let p):
                    out += "G1 \(xy(p * scale))\(first ? " F\(fixed(feed, 3))" : "")\n"
                case .arc(let p, let c, let ccw):
                    let center = c * scale
                    out += "\(ccw ? "G3" : "G2") \(xy(p * scale)) I\(fixed(center.x - from.x, d)) J\(fixed(center.y - from.y, d))\(first ? " F\(fixed(feed, 3))" : "")\n"
                }
                first = false
                from = step.end * scale
            }
            for line in template.penUp { out += filled(line) + "\n" }
        }
        for line in template.end { out += filled(line) + "\n" }
        return out
    }
}
