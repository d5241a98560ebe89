import CurveType
import Foundation
import Testing
import TestSupport

/// The spec's file of preset text warps, where the workspace holds it beside the package (CI
/// does; a user's clone may not).
let specWarpFile = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/presetTextWarpDefinitions.xml").path

/// The forty presets in CurveType's notation against the spec's own file, read by the same
/// interpreter: a slip in our notation (a guide, an operand, a path command, a default or a
/// range) draws another path and fails here.
@Suite struct TextWarpPresetTests {
    @Test func fortyPresetsInKebabCase() {
        #expect(TextWarpPreset.all.count == 40)
        #expect(Set(TextWarpPreset.all.map(\.name)).count == 40)
        for preset in TextWarpPreset.all {
            #expect(preset.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(preset.name)")
            #expect(TextWarpPreset.named(preset.specName) == preset && TextWarpPreset.named(preset.name.uppercased()) == preset)
        }
        // 3 single baselines, 33 envelopes, and 3, 4 or 6 paths for the rest (the issue's count).
        let counts = Dictionary(grouping: TextWarpPreset.all, by: \.paths.count).mapValues(\.count)
        #expect(counts == [1: 3, 2: 33, 3: 1, 4: 1, 6: 2], "\(counts)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: specWarpFile),
                   "skipped: ../shared/data/presetTextWarpDefinitions.xml (the spec's file) is not beside this clone"))
    func ourPresetsDrawTheSpecsPathsWithin001px() throws {
        let spec = try SpecWarpFile.read(specWarpFile)
        #expect(spec.count == 40)
        let ours = Dictionary(uniqueKeysWithValues: TextWarpPreset.all.map { ($0.specName, $0) })
        #expect(Set(ours.keys) == Set(spec.map(\.specName)))
        var compared = 0
        for theirs in spec {
            guard let mine = ours[theirs.specName] else { continue }
            #expect(mine.adjustments == theirs.adjustments, "\(theirs.specName): adjust values, defaults or ranges differ")
            for (width, height) in [(300.0, 200.0), (120.0, 360.0)] {
                // At the defaults, and at each end of every adjust range with the others at theirs.
                var settings: [[String: Double]] = [[:]]
                for adjustment in theirs.adjustments {
                    settings.append([adjustment.name: adjustment.minimum])
                    settings.append([adjustment.name: adjustment.maximum])
                }
                for adjust in settings {
                    let a = try mine.edges(width: width, height: height, adjust: adjust)
                    let b = try theirs.edges(width: width, height: height, adjust: adjust)
                    #expect(a.count == b.count, "\(theirs.specName) \(adjust)")
                    for (p, q) in zip(a, b) {
                        #expect(p.elements.count == q.elements.count, "\(theirs.specName) \(adjust)")
                        let worst = zip(points(p), points(q)).map { $0.distance(to: $1) }.max() ?? 0
                        #expect(worst <= 0.01, "\(theirs.specName) \(adjust): \(worst) px apart")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 300)
    }

    /// The interpreter's operators against their definitions (§20.1.9.11).
    @Test func formulasEvaluateAsTheSpecDefinesThem() throws {
        var values = ShapeGuideValues(width: 400, height: 300)
        values.define("a", 3)
        func f(_ text: String) throws -> Double { try ShapeGuideFormula(parsing: Substring(text)).evaluate(values) }
        #expect(try f("*/ w 3 4") == 300)
        #expect(try f("+- hc 10 vc") == 60)
        #expect(try f("+/ w h 7") == 100)
        #expect(try f("?: a 1 2") == 1 && f("?: 0 1 2") == 2)
        #expect(try f("pin 0 a 2") == 2 && f("pin 5 a 9") == 5 && f("pin 0 a 9") == 3)
        #expect(try f("max a 7") == 7 && f("min a 7") == 3 && f("abs -4") == 4 && f("sqrt 16") == 4)
        #expect(try f("mod 3 4 12") == 13 && f("val ss") == 300 && f("val ls") == 400)
        #expect(try abs(f("at2 1 1") - 2_700_000) < 1e-6)
        #expect(try abs(f("sin 100 cd4") - 100) < 1e-9 && abs(f("cos 100 cd2") + 100) < 1e-9)
        #expect(try abs(f("tan 100 cd8") - 100) < 1e-9)
        #expect(try abs(f("cat2 10 3 4") - 6) < 1e-9 && abs(f("sat2 10 3 4") - 8) < 1e-9)
        #expect(try f("val 3cd4") == 16_200_000 && f("val wd32") == 12.5 && f("val ssd32") == 300.0 / 32)
        #expect(throws: ShapeGuideError.self) { try f("*/ 1 1 0") }
        #expect(throws: ShapeGuideError.self) { try f("pin 1 2") }
        #expect(throws: ShapeGuideError.self) { try f("pow 1 2 3") }
        #expect(throws: ShapeGuideError.self) { try f("val nowhere") }
    }

    /// arcTo: a quarter of an ellipse from 3 o'clock sweeps clockwise (y down) to 6 o'clock, and
    /// the drawn cubics stay within 0.001 px of the true ellipse.
    @Test func arcToFollowsTheEllipse() throws {
        let commands: [ShapePathCommand] = [.move(.number(200), .number(50)),
                                            .arc(wR: .number(100), hR: .number(50), stAng: .number(0), swAng: .number(16_200_000))]
        let path = try Path(shapeCommands: commands, values: ShapeGuideValues(width: 1, height: 1))
        let ends = points(path)
        #expect(ends.last.map { $0.distance(to: Point(x: 100, y: 0)) < 1e-9 } == true, "\(ends)")
        // Centre (100, 50): every sampled point satisfies the ellipse's equation.
        var current = Point(x: 200, y: 50)
        for element in path.elements {
            guard case .cubic(let c1, let c2, let p) = element else { continue }
            for i in 1..<16 {
                let t = Double(i) / 16, u = 1 - t
                let q = current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                let angle = atan2((q.y - 50) / 50, (q.x - 100) / 100)
                let onEllipse = Point(x: 100 + 100 * cos(angle), y: 50 + 50 * sin(angle))
                #expect(q.distance(to: onEllipse) < 0.001)
            }
            current = p
        }
    }

    @Test func badNotationIsRefusedWithItsLine() {
        for (text, fault) in [("x y\n  adj = 0 in 1", "line 2"), ("x y\n  path L 0 0", "starts with M"),
                              ("  a: val 1", "before any preset"), ("x y\n  a: pow 1", "unknown operator"),
                              ("x y\n  path M 0", "takes 2"), ("x y\nx y", "twice")] {
            do {
                _ = try TextWarpPreset.read(notation: text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description.contains(fault), "\(text): \(error)")
            }
        }
    }

    private func points(_ path: Path) -> [Point] {
        path.elements.flatMap { element -> [Point] in
            switch element {
            case .move(let p), .line(let p): [p]
            case .quad(let c, let p): [c, p]
            case .cubic(let c1, let c2, let p): [c1, c2, p]
            case .close: []
            }
        }
    }
}

/// The spec's XML, read into presets: `avLst` (defaults), `ahLst` (ranges), `gdLst` and
/// `pathLst`. A small scanner over its tags, since the file is regular and this is a test.
enum SpecWarpFile {
    static func read(_ file: String) throws -> [TextWarpPreset] {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let tag = try NSRegularExpression(pattern: #"<(/?)([A-Za-z0-9]+)((?:\s+[A-Za-z0-9:]+="[^"]*")*)\s*(/?)>"#)
        let attribute = try NSRegularExpression(pattern: #"([A-Za-z0-9:]+)="([^"]*)""#)
        let ns = text as NSString
        var presets: [TextWarpPreset] = []
        var depth = 0
        var section = ""
        var ranges: [String: (Double, Double)] = [:]
        var defaults: [(String, String)] = []
        var path: [ShapePathCommand]? = nil
        var pending: String? = nil
        var pendingPoints: [ShapeGuideOperand] = []
        func operand(_ s: String) throws -> ShapeGuideOperand { try ShapeGuideOperand(parsing: Substring(s)) }
        for match in tag.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let closing = ns.substring(with: match.range(at: 1)) == "/"
            let name = ns.substring(with: match.range(at: 2))
            let selfClosing = ns.substring(with: match.range(at: 4)) == "/"
            var attributes: [String: String] = [:]
            let body = ns.substring(with: match.range(at: 3))
            for a in attribute.matches(in: body, range: NSRange(location: 0, length: (body as NSString).length)) {
                attributes[(body as NSString).substring(with: a.range(at: 1))] = (body as NSString).substring(with: a.range(at: 2))
            }
            if name == "presetTextWarpDefinitions" || name.hasPrefix("?") { continue }
            if closing {
                depth -= 1
                if depth == 1 && name == "pathLst" { section = "" }
                if name == "path", let p = path { presets[presets.count - 1].paths.append(p); path = nil }
                if ["quadBezTo", "cubicBezTo"].contains(name), pending != nil {
                    path?.append(name == "quadBezTo" ? .quad(pendingPoints) : .cubic(pendingPoints))
                    pending = nil; pendingPoints = []
                }
                if ["moveTo", "lnTo"].contains(name) {
                    path?.append(name == "moveTo" ? .move(pendingPoints[0], pendingPoints[1]) : .line(pendingPoints[0], pendingPoints[1]))
                    pendingPoints = []
                }
                if depth == 0 {
                    // The preset closes: its adjust values take their ranges from its handles.
                    presets[presets.count - 1].adjustments = try defaults.map { name, value in
                        let range = ranges[name] ?? (-.infinity, .infinity)
                        return TextWarpPreset.Adjustment(name: name, defaultValue: try operand(value), minimum: range.0, maximum: range.1)
                    }
                    defaults = []; ranges = [:]
                }
                continue
            }
            if depth == 0 {
                presets.append(TextWarpPreset(name: name, specName: name, adjustments: [], guides: [], paths: []))
            } else if depth == 1 {
                section = name
                if name == "path" { path = [] }
            }
            switch name {
            case "gd" where section == "avLst":
                let fmla = attributes["fmla", default: ""].split(separator: " ")
                defaults.append((attributes["name", default: ""], String(fmla.last ?? "")))
            case "gd" where section == "gdLst":
                presets[presets.count - 1].guides.append(.init(name: attributes["name", default: ""],
                                                               formula: try ShapeGuideFormula(parsing: Substring(attributes["fmla", default: ""]))))
            case "ahXY", "ahPolar":
                for (reference, low, high) in [("gdRefX", "minX", "maxX"), ("gdRefY", "minY", "maxY"), ("gdRefR", "minR", "maxR"), ("gdRefAng", "minAng", "maxAng")] {
                    if let adj = attributes[reference] { ranges[adj] = (Double(attributes[low]!)!, Double(attributes[high]!)!) }
                }
            case "path" where depth >= 1:
                path = []
            case "quadBezTo", "cubicBezTo":
                pending = name
            case "pt":
                pendingPoints += [try operand(attributes["x"]!), try operand(attributes["y"]!)]
            case "arcTo":
                path?.append(.arc(wR: try operand(attributes["wR"]!), hR: try operand(attributes["hR"]!),
                                  stAng: try operand(attributes["stAng"]!), swAng: try operand(attributes["swAng"]!)))
            default: break
            }
            if !selfClosing { depth += 1 }
        }
        return presets
    }
}
