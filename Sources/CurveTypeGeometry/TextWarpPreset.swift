/// One of DrawingML's preset text warps (ECMA-376 Part 1, §20.1.10.76, `prstTxWarp`): adjust
/// values with their defaults and ranges, guide formulas, and the open paths the text is fitted
/// to, in the shape's own units (px here, y down, the box from (0, 0) to (w, h)).
///
/// An even number of paths pairs them into envelopes (the top edge, then the bottom edge of
/// each); an odd number makes each path a baseline (see ``isEnvelope``).
public struct TextWarpPreset: Sendable, Hashable {
    /// An adjust value: its name (`adj`, `adj1`), default, and the range its handle allows.
    public struct Adjustment: Sendable, Hashable {
        /// `adj`, `adj1`, `adj2`.
        public var name: String
        /// The default: a number or a built-in name (`cd2`), in the spec's units (lengths in
        /// 100,000ths of the box's side; angles in 60,000ths of a degree).
        public var defaultValue: ShapeGuideOperand
        /// The smallest and largest value the spec's handle allows.
        public var minimum: Double, maximum: Double

        /// An adjust value.
        public init(name: String, defaultValue: ShapeGuideOperand, minimum: Double, maximum: Double) {
            self.name = name
            self.defaultValue = defaultValue
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// A named guide: its formula, evaluated after those before it.
    public struct Guide: Sendable, Hashable {
        /// The name later formulas and paths use.
        public var name: String
        /// Its formula.
        public var formula: ShapeGuideFormula

        /// A guide.
        public init(name: String, formula: ShapeGuideFormula) {
            self.name = name
            self.formula = formula
        }
    }

    /// The command line's name, in kebab case: `arch-up`, `wave1`, `chevron-inverted`.
    public var name: String
    /// The spec's name: `textArchUp`.
    public var specName: String
    /// The adjust values, in order.
    public var adjustments: [Adjustment]
    /// The guides, in order.
    public var guides: [Guide]
    /// The paths, each a list of commands.
    public var paths: [[ShapePathCommand]]

    /// A preset of these parts.
    public init(name: String, specName: String, adjustments: [Adjustment], guides: [Guide], paths: [[ShapePathCommand]]) {
        self.name = name
        self.specName = specName
        self.adjustments = adjustments
        self.guides = guides
        self.paths = paths
    }

    /// Whether the paths pair into envelopes (an even count), each a top and a bottom edge that
    /// text lines fill; otherwise each path is a baseline. The rule LibreOffice's Fontwork reads
    /// the spec's presets by.
    public var isEnvelope: Bool { paths.count % 2 == 0 }

    /// How many areas the text is shared among: the envelopes, or the baselines.
    public var areaCount: Int { isEnvelope ? paths.count / 2 : paths.count }

    /// Each adjust value's default in the spec's units, for a box `width` × `height`.
    public func defaults(width: Double, height: Double) throws(ShapeGuideError) -> [String: Double] {
        let values = ShapeGuideValues(width: width, height: height)
        var out: [String: Double] = [:]
        for adjustment in adjustments { out[adjustment.name] = try values.value(of: adjustment.defaultValue) }
        return out
    }

    /// The paths for a box `width` × `height` (px, y down, from (0, 0)), with `adjust` values
    /// in the spec's units where given and the defaults elsewhere. The spec's own guides pin
    /// each value; names not among the adjustments are refused.
    public func edges(width: Double, height: Double, adjust: [String: Double] = [:]) throws(ShapeGuideError) -> [Path] {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { throw ShapeGuideError("the box must have a width and height greater than 0") }
        for name in adjust.keys.sorted() where !adjustments.contains(where: { $0.name == name }) {
            throw ShapeGuideError("\(self.name) has no adjust value \"\(name)\" (it has \(adjustments.map(\.name).joined(separator: ", ")))")
        }
        var values = ShapeGuideValues(width: width, height: height)
        for adjustment in adjustments {
            if let given = adjust[adjustment.name] {
                values.define(adjustment.name, given)
            } else {
                values.define(adjustment.name, try values.value(of: adjustment.defaultValue))
            }
        }
        for guide in guides { values.define(guide.name, try guide.formula.evaluate(values)) }
        var out: [Path] = []
        for commands in paths { out.append(try Path(shapeCommands: commands, values: values)) }
        return out
    }
}

// MARK: - CurveType's notation of the presets

extension TextWarpPreset {
    /// The longest notation read: far more than the forty presets (16 KB), and bounded work.
    public static let maximumNotationBytes = 1 << 20

    /// Reads presets in CurveType's notation: a preset starts on an unindented line with its
    /// name and the spec's name; its indented lines are adjust values (`adj = cd2 in 0
    /// 21599999`), guides (`v1: +- 10800000 0 adval`, the spec's formula text) and paths
    /// (`path M x1 y1 A wd2 hd2 stAng swAng`: M and L take a point, Q two, C three, A the
    /// arc's wR hR stAng swAng). `#` starts a comment line.
    public static func read(notation text: String) throws(ShapeGuideError) -> [TextWarpPreset] {
        guard text.utf8.count <= maximumNotationBytes else { throw ShapeGuideError("the notation is longer than \(maximumNotationBytes) bytes") }
        var presets: [TextWarpPreset] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.trimmingSuffix(" ")
            let body = line.drop { $0 == " " }
            if body.isEmpty || body.hasPrefix("#") { continue }
            do throws(ShapeGuideError) {
                if body.count == line.count {
                    let words = body.split(separator: " ")
                    guard words.count == 2 else { throw ShapeGuideError("a preset starts with its name and the spec's name") }
                    guard !presets.contains(where: { $0.name == words[0] }) else { throw ShapeGuideError("\(words[0]) is defined twice") }
                    presets.append(TextWarpPreset(name: String(words[0]), specName: String(words[1]), adjustments: [], guides: [], paths: []))
                    continue
                }
                guard !presets.isEmpty else { throw ShapeGuideError("an indented line before any preset") }
                let last = presets.count - 1
                if body.hasPrefix("path ") {
                    presets[last].paths.append(try commands(body.dropFirst(5)))
                } else if let colon = body.firstIndex(of: ":") {
                    let name = body[..<colon]
                    guard case .name = try ShapeGuideOperand(parsing: name) else { throw ShapeGuideError("a guide's name is not a number") }
                    presets[last].guides.append(Guide(name: String(name), formula: try ShapeGuideFormula(parsing: body[body.index(after: colon)...])))
                } else {
                    let words = body.split(separator: " ")
                    guard words.count == 6, words[1] == "=", words[3] == "in" else {
                        throw ShapeGuideError("expected an adjust value (adj = DEFAULT in MIN MAX), a guide (NAME: FORMULA) or a path (path …)")
                    }
                    guard case .number(let minimum) = try ShapeGuideOperand(parsing: words[4]),
                          case .number(let maximum) = try ShapeGuideOperand(parsing: words[5]), minimum <= maximum else {
                        throw ShapeGuideError("an adjust range is two numbers, the smaller first")
                    }
                    presets[last].adjustments.append(Adjustment(name: String(words[0]), defaultValue: try ShapeGuideOperand(parsing: words[2]),
                                                                minimum: minimum, maximum: maximum))
                }
            } catch {
                throw ShapeGuideError("line \(number): \(error.reason)")
            }
        }
        return presets
    }

    /// A path's commands: letters and their operands.
    private static func commands(_ text: Substring) throws(ShapeGuideError) -> [ShapePathCommand] {
        let words = text.split(separator: " ")
        var out: [ShapePathCommand] = []
        var index = 0
        func operands(_ count: Int) throws(ShapeGuideError) -> [ShapeGuideOperand] {
            guard index + count <= words.count else { throw ShapeGuideError("\(words[index - 1]) takes \(count) numbers or names") }
            var got: [ShapeGuideOperand] = []
            for word in words[index..<index + count] { got.append(try ShapeGuideOperand(parsing: word)) }
            index += count
            return got
        }
        while index < words.count {
            let letter = words[index]
            index += 1
            switch letter {
            case "M": let p = try operands(2); out.append(.move(p[0], p[1]))
            case "L": let p = try operands(2); out.append(.line(p[0], p[1]))
            case "Q": out.append(.quad(try operands(4)))
            case "C": out.append(.cubic(try operands(6)))
            case "A": let a = try operands(4); out.append(.arc(wR: a[0], hR: a[1], stAng: a[2], swAng: a[3]))
            default: throw ShapeGuideError("unknown path command \"\(letter.prefix(20))\" (M, L, Q, C or A)")
            }
        }
        guard case .move = out.first else { throw ShapeGuideError("a path starts with M") }
        return out
    }

    /// The forty presets of the spec, read from ``TextWarpPresets/notation``.
    public static let all: [TextWarpPreset] = (try? read(notation: TextWarpPresets.notation)) ?? []

    /// The preset named `name`: its kebab-case name or the spec's (`arch-up`, `textArchUp`),
    /// in any case.
    public static func named(_ name: String) -> TextWarpPreset? {
        let key = name.lowercased()
        return all.first { $0.name == key || $0.specName.lowercased() == key }
    }
}

extension Substring {
    /// The text with `character` trimmed from its end.
    fileprivate func trimmingSuffix(_ character: Character) -> Substring {
        var end = endIndex
        while end > startIndex && self[index(before: end)] == character { end = index(before: end) }
        return self[startIndex..<end]
    }
}
