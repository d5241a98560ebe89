import CurveTypeEffects
import CurveTypeFrame
import CurveTypeGeometry
import CurveTypeLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// How each slot of a template is set for a row: the command line words of its command (the
/// designer's `data-options` over the slot's geometry and text style), its size, and where its
/// drawing goes on the page.
struct MergePlan: Sendable {
    let template: MergeTemplate
    /// Which files the template's `data-options` may name (none unless the user trusts it).
    let files: FileAccess
    /// Each slot's request read once from its words with a stand-in text, for slots whose rows
    /// change only the text and the size (no `{COLUMN}` in their options): reading a command
    /// line costs more than laying out a short text. `nil` for the others.
    let prototypes: [(any DocumentRequest)?]
    /// Whole drawings (a seal, a badge) by their words: rows that give the same values draw
    /// the same drawing.
    let drawings = DrawingCache()
    /// The sizes of slots no row changes, measured once.
    private(set) var constantFits: [Int: Fit] = [:]
    /// Each slot's `{COLUMN}`s that stand in an option that may read a file, with the option
    /// (`--font`, `{family}`): a row's value there is checked to name none.
    let fileValues: [[(option: String, value: String)]]

    init(template: MergeTemplate, files: FileAccess = Merge.untrustedTemplate) throws(CurveTypeError) {
        self.template = template
        self.files = files
        var prototypes: [(any DocumentRequest)?] = []
        var fileValues: [[(option: String, value: String)]] = []
        // A row with no values: the stand-in for reading a slot's words, and the row of the
        // template's own texts.
        let noRow = MergeRow(number: 0, values: [:])
        for slot in template.slots {
            fileValues.append(try Self.placeholderValues(slot).filter { [.file, .font, .logo].contains($0.declared?.type) }.map { ($0.option, $0.value) })
            // The files the template's own words name are the template's fault, said before
            // any row is read; a row's values are checked as each row is read.
            do {
                let words = try Self.words(slot, noRow, size: nil, template: template)
                try CommandDeclaration.named(slot.command, defaults: false)?.checkFiles(Array(words.dropFirst()), files: files)
            } catch {
                throw Self.refusal(slot, error, "its options cannot be read")
            }
            // After the files: a page option that names one (`-o /etc/passwd`) is said as that.
            try Self.checkPageOptions(slot)
            guard !Self.isDrawing(slot), !Self.optionsReadColumns(slot) else {
                prototypes.append(nil)
                continue
            }
            var probe = slot
            probe.field = nil
            probe.text = "x"
            let words = try Self.words(probe, noRow, size: nil, template: template)
            prototypes.append(try Self.request(slot, words, files: files))
        }
        self.prototypes = prototypes
        self.fileValues = fileValues
        // The template's own texts are measured once: one that does not fit is the template's
        // fault, said before any row is read.
        for (index, slot) in template.slots.enumerated() where Self.isConstant(slot) && !Self.isDrawing(slot) {
            constantFits[index] = try fitted(index, noRow)
        }
    }

    /// A bounded, thread-safe store of drawn documents by their words.
    final class DrawingCache: Sendable {
        private let documents = Mutex([String: RenderedDocument]())
        static let capacity = 1024

        func document(_ words: [String], _ make: () throws(CurveTypeError) -> RenderedDocument) throws(CurveTypeError) -> RenderedDocument {
            let key = words.joined(separator: "\u{0}")
            if let known = documents.withLock({ $0[key] }) { return known }
            let document = try make()
            documents.withLock { cache in
                if cache.count >= Self.capacity { cache.removeAll() }
                cache[key] = document
            }
            return document
        }
    }

    /// What checking a row found: each slot's size (`nil` for a slot whose drawing has no size),
    /// the sizes of slots shared by the document, and warnings.
    struct Measured: Sendable {
        var sizes: [Double?] = []
        var documentShared: [(Int, Double)] = []
        var warnings: [String] = []
    }

    /// The default size of a slot whose text gives none, px.
    static let defaultSize = 16.0

    /// Checks `row` against every slot (or, `onlyShared`, measures the slots shared by the
    /// document): the value's glyphs, its room, and its size.
    func measure(_ row: MergeRow, onlyShared: Bool) throws(CurveTypeError) -> Measured {
        var measured = Measured()
        for (index, slot) in template.slots.enumerated() {
            if onlyShared && slot.rules.sharing != .document { measured.sizes.append(nil); continue }
            try checkRowValues(index, row)
            let fit = try fitted(index, row)
            measured.sizes.append(fit.size)
            if let size = fit.size, slot.rules.sharing == .document { measured.documentShared.append((index, size)) }
            // Drawn once at its size, for what it warns of: a box's fit drew it already; a text
            // on a curve measured its glyphs and its room; what the designer's options change
            // (a side, an effect, a shift) and whole drawings are drawn.
            guard !onlyShared else { continue }
            measured.warnings += fit.notes
            if fit.drawn != nil || !slot.rules.options.isEmpty || Self.isDrawing(slot) {
                _ = try drawn(index, row, size: fit.size, drawn: fit.drawn, notes: &measured.warnings)
            }
        }
        return measured
    }

    /// The row's page: the artwork, then each slot's drawing at its size.
    func page(_ row: MergeRow, sharedSizes: [Int: Double]) throws(CurveTypeError) -> Frame {
        var fits: [Fit] = []
        for index in template.slots.indices { fits.append(try fitted(index, row)) }
        // Slots that share a size in a row take the smallest; the document's, the smallest of
        // every row's.
        let rowShared = template.slots.indices.filter { template.slots[$0].rules.sharing == .row }.compactMap { fits[$0].size }.min()
        var items: [FrameItem] = [.image(FrameImage(.vector(template.artwork), box: Rect(minX: 0, minY: 0, maxX: template.width, maxY: template.height)))]
        // The page's accessible name: its fields' values, in document order.
        var title: [String] = []
        for (index, slot) in template.slots.enumerated() {
            var size = fits[index].size
            switch slot.rules.sharing {
            case .document?: size = sharedSizes[index] ?? size
            case .row?: size = rowShared ?? size
            case nil: break
            }
            if var group = try drawn(index, row, size: size, drawn: size == fits[index].size ? fits[index].drawn : nil) {
                for clip in slot.clips.reversed() { group = .group(FrameGroup(style: [.clip([FrameShape(.path(clip), style: [])])], items: [group])) }
                items.append(group)
            }
            if let field = slot.field, let value = row.values[field], !value.isEmpty { title.append(value) }
        }
        return Frame(width: template.width, height: template.height, title: title.isEmpty ? "row \(row.number)" : title.joined(separator: " · "), items: items)
    }

    /// The slot's text for `row`.
    static func text(_ slot: MergeSlot, _ row: MergeRow) -> String {
        slot.field.map { row.values[$0] ?? "" } ?? slot.text
    }

    /// A slot's size for a row, and its drawing where measuring it drew it (a box's fit).
    struct Fit: Sendable {
        var size: Double?
        var drawn: RenderedDocument?
        /// What measuring warned of that does not refuse the row (a font substituted).
        var notes: [String] = []
    }

    /// The slot's size for `row`: the designer's, made smaller where the value needs (shrink),
    /// or the error that refuses the row.
    func fitted(_ index: Int, _ row: MergeRow) throws(CurveTypeError) -> Fit {
        if let known = constantFits[index] { return known }
        let slot = template.slots[index]
        let value = Self.text(slot, row)
        let designed = slot.rules.size ?? Self.defaultSize
        switch slot.kind {
        case .drawing:
            return Fit()
        case _ where value.isEmpty:
            return Fit()
        case .box:
            let request = try self.request(index, row, size: nil)
            guard let fit = request as? FitRequest else { return Fit() }
            do {
                let result = try fit.render()
                return Fit(size: result.fitted.size, drawn: result.document)
            } catch {
                throw Self.refusal(slot, error, "it does not fit its box even at \(ErrorText.pixels(Self.minimumSize(slot)))")
            }
        case .ring, .path, .line:
            // A straight slot's lines are measured each; the longest is what must fit.
            let lines = Self.isStraight(slot) ? Self.lines(value) : [value]
            var length = 0.0, slotRoom: Double?, warnings: [CurveTypeWarning] = []
            for line in lines where !line.isEmpty {
                let request = try self.request(index, row, size: designed, text: line)
                do {
                    let measured: Double, said: [CurveTypeWarning]
                    if let circle = request as? CircleTextRequest {
                        (measured, said) = try circle.straightLength()
                        // The room is the slot's, the same for every line: measured once.
                        if slotRoom == nil {
                            let r = circle.style.radius
                            slotRoom = circle.style.sweep.map { 2 * .pi * r * $0 / 360 } ?? 2 * .pi * r - circle.style.size / 3
                        }
                    } else if let path = request as? PathTextRequest {
                        (measured, said) = try path.straightLength()
                        if slotRoom == nil { slotRoom = min(self.room(slot, path), straightRoom(slot) ?? .infinity) }
                    } else {
                        return Fit()
                    }
                    (length, warnings) = (max(length, measured), warnings + said)
                } catch {
                    throw Self.refusal(slot, error, "it cannot be measured")
                }
            }
            let room = slotRoom ?? .infinity
            let notes = try refuse(slot, warnings)
            guard length > room else { return Fit(size: try linesFit(slot, lines, size: designed), notes: notes) }
            let needed = "the text is \(ErrorText.pixels(length)) long and its slot holds \(ErrorText.pixels(room))"
            switch slot.rules.overflow {
            case .refuse:
                throw .invalidInput("\(Self.columnName(slot)): \(needed) (data-overflow=\"refuse\")")
            case .shrink, .wrap:
                // Length is proportional to size: the largest hundredth that fits.
                let size = (designed * room / length * 100).rounded(.down) / 100
                guard size >= Self.minimumSize(slot) else {
                    throw .invalidInput("\(Self.columnName(slot)): \(needed), even at the smallest size, \(ErrorText.pixels(Self.minimumSize(slot))) (data-min-size)")
                }
                return Fit(size: try linesFit(slot, lines, size: size), notes: notes)
            }
        }
    }

    /// Whether the slot is set straight (a `<text>` at its x and y), line by line.
    static func isStraight(_ slot: MergeSlot) -> Bool {
        if case .line = slot.kind { true } else { false }
    }

    /// A text's lines, broken where a text editor breaks them: at a line feed, a carriage
    /// return (alone or before a line feed), and Unicode's line and paragraph separators.
    /// Trailing empty lines are dropped.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }.map(String.init)
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Where a straight data slot's text may run: from its anchor to the page's edge, or to
    /// the edge of a clip path or mask around it (as the designer cut the field), along its
    /// baseline and by its alignment, px; `nil` for the template's own texts (drawn as the
    /// designer drew them, cut where browsers cut them) and slots of no straight baseline.
    func straightRoom(_ slot: MergeSlot) -> Double? {
        guard case .line(let origin, let map, _, _) = slot.kind, slot.field != nil else { return nil }
        let start = map.apply(origin), ahead = map.apply(Point(x: origin.x + 1, y: origin.y)) - start
        guard ahead.length > 0 else { return nil }
        let direction = ahead * (1 / ahead.length)
        let boxes = bounds(of: slot)
        // How far from the anchor along `d` before the text leaves a box it starts in.
        func reach(_ d: Point) -> Double {
            var nearest = Double.infinity
            for box in boxes where box.contains(start, tolerance: 1e-9) {
                if d.x > 1e-12 { nearest = min(nearest, (box.maxX - start.x) / d.x) } else if d.x < -1e-12 { nearest = min(nearest, (box.minX - start.x) / d.x) }
                if d.y > 1e-12 { nearest = min(nearest, (box.maxY - start.y) / d.y) } else if d.y < -1e-12 { nearest = min(nearest, (box.minY - start.y) / d.y) }
            }
            return max(nearest, 0)
        }
        switch slot.rules.align {
        case .start: return reach(direction)
        case .end: return reach(direction * -1)
        case .center: return 2 * min(reach(direction), reach(direction * -1))
        }
    }

    /// The boxes a slot's text stays in: the page's, and those of the clip paths and masks
    /// around it, page px.
    func bounds(of slot: MergeSlot) -> [Rect] {
        [Rect(minX: 0, minY: 0, maxX: template.width, maxY: template.height)] + slot.clips.compactMap { $0.bounds() }
    }

    /// `size`, when a straight data slot's lines at that size stay on the page and inside the
    /// clip paths and masks around it (the last line's baseline); otherwise the error that
    /// refuses the row.
    func linesFit(_ slot: MergeSlot, _ lines: [String], size: Double) throws(CurveTypeError) -> Double {
        guard lines.count > 1, slot.field != nil, case .line(let origin, let map, let spacing, _) = slot.kind else { return size }
        let designed = slot.rules.size ?? Self.defaultSize
        let last = map.apply(Point(x: origin.x, y: origin.y + Double(lines.count - 1) * spacing * size / designed))
        guard bounds(of: slot).allSatisfy({ $0.contains(last, tolerance: 1e-9) }) else {
            throw .invalidInput("\(Self.columnName(slot)): its \(lines.count) lines run past the bottom of its slot (the page, or the clip path or mask around it)")
        }
        return size
    }

    /// Slot `index`'s request for `row` at `size`: its prototype with the row's text and the
    /// size, or its words read anew.
    func request(_ index: Int, _ row: MergeRow, size: Double?, text: String? = nil) throws(CurveTypeError) -> any DocumentRequest {
        let slot = template.slots[index]
        let value = text ?? Self.text(slot, row)
        switch prototypes[index] {
        case var circle as CircleTextRequest:
            circle.text = value
            if let size { circle.style.size = size }
            return circle
        case var path as PathTextRequest:
            path.text = value
            if let size { path.style.size = size }
            return path
        case var fit as FitRequest:
            fit.content = .text(value)
            if let size {
                fit.style.maxSize = size
                fit.style.minSize = size
            }
            return fit
        default:
            return try Self.request(slot, try Self.words(slot, row, size: size, template: template, text: text), files: files)
        }
    }

    /// The room along a path slot for text from its start offset, px, by its alignment.
    func room(_ slot: MergeSlot, _ request: PathTextRequest) -> Double {
        guard let curve = PathCurve(request.path) else { return 0 }
        let length = curve.length
        let offset: Double
        switch request.style.startOffset {
        case .length(let px): offset = px
        case .percent(let p): offset = p / 100 * length
        }
        if curve.isClosed { return length - request.style.size / 3 }
        switch request.style.align {
        case .start: return length - offset
        case .end: return offset
        case .center: return 2 * min(offset, length - offset)
        }
    }


    static func minimumSize(_ slot: MergeSlot) -> Double {
        if slot.rules.overflow == .refuse { return slot.rules.size ?? Self.defaultSize }
        return slot.rules.minimumSize ?? (slot.rules.size ?? Self.defaultSize) / 2
    }

    /// How a row's error names the slot: its column, else its label.
    static func columnName(_ slot: MergeSlot) -> String {
        slot.field.map { "column \"\($0)\" (\(slot.label))" } ?? slot.label
    }

    /// `error` said of the slot, named once: an error that names it already is kept as it is.
    static func refusal(_ slot: MergeSlot, _ error: any Error, _ fallback: String) -> CurveTypeError {
        let name = columnName(slot)
        guard let error = error as? CurveTypeError else { return .invalidInput("\(name): \(fallback)") }
        if error.description.hasPrefix(name + ": ") { return error }
        let message = CommandDeclaration.named(slot.command)?.message(for: error) ?? error.description
        return .invalidInput("\(name): \(message)")
    }

    /// Refuses a slot whose `data-options` say how a page is written (`--format`, `--scale`,
    /// `--precision`, …): the merge's, said of the slot before any row is read, where a slot
    /// whose options read a column was refused row by row, blaming row 2.
    static func checkPageOptions(_ slot: MergeSlot) throws(CurveTypeError) {
        guard let declaration = CommandDeclaration.named(slot.command) else { return }
        func kebab(_ name: String) -> String {
            "--" + name.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
        }
        var flags: Set<String> = []
        for option in declaration.options where option.group == .output && option.name != "units" || ["precision", "idPrefix"].contains(option.name) {
            for name in [option.name] + option.aliases { flags.insert(kebab(name)) }
            if let short = option.shortName { flags.insert("-" + short) }
        }
        for word in slot.rules.options {
            let flag = String(word.prefix { $0 != "=" })
            if flags.contains(flag) {
                throw .invalidInput("\(columnName(slot)): data-options say how the page is written (\(flag)): give that to merge, which writes every page")
            }
        }
    }

    /// The command's request from the slot's words, which may name the files `files` allows;
    /// options that say how a page is written are the merge's, not a slot's.
    static func request(_ slot: MergeSlot, _ words: [String], files: FileAccess) throws(CurveTypeError) -> any DocumentRequest {
        do {
            let invocation = try CommandInvocation(arguments: words, files: files)
            guard invocation.output == nil, invocation.layout == nil, invocation.settings == OutputSettings() else {
                throw CurveTypeError.invalidInput("\(columnName(slot)): data-options say how the page is written (--format, --output, --precision, …): give those to merge")
            }
            return try invocation.request()
        } catch {
            throw refusal(slot, error, "its options cannot be read")
        }
    }

    /// The slot's drawing for `row` at `size`, placed on the page; `nil` for an empty value.
    /// Characters no font has, and text that runs past its slot, refuse the row.
    /// `drawn`: the drawing at this size if measuring made it.
    func drawn(_ index: Int, _ row: MergeRow, size: Double?, drawn: RenderedDocument? = nil) throws(CurveTypeError) -> FrameItem? {
        var notes: [String] = []
        return try self.drawn(index, row, size: size, drawn: drawn, notes: &notes)
    }

    /// The same, adding what the drawing warned of that does not refuse the row to `notes`.
    func drawn(_ index: Int, _ row: MergeRow, size: Double?, drawn: RenderedDocument?, notes: inout [String]) throws(CurveTypeError) -> FrameItem? {
        let slot = template.slots[index]
        let value = Self.text(slot, row)
        if slot.field != nil || !slot.text.isEmpty, value.isEmpty, !Self.isDrawing(slot) { return nil }
        // A straight text of several lines: each line drawn as a line is, the next one the
        // slot's line spacing lower (scaled with the size).
        if case .line(let origin, let map, let spacing, let origins) = slot.kind, case let lines = Self.lines(value), lines.count > 1 {
            let k = size.map { $0 / (slot.rules.size ?? Self.defaultSize) } ?? 1
            // The template's own lines where the designer put each; a value's by the spacing.
            let placed = slot.field == nil && origins.count == lines.count && k == 1
            var items: [FrameItem] = []
            for (number, line) in lines.enumerated() where !line.isEmpty {
                let frame = try lineDrawing(index, row, size: size, text: line, notes: &notes)
                let offset = placed ? origins[number] - origin : Point(x: 0, y: Double(number) * spacing * k)
                let shift = map.apply(offset) - map.apply(Point(x: 0, y: 0))
                items.append(.group(FrameGroup(style: [.transform(.translation(shift.x, shift.y))], items: frame.backdrop + frame.items)))
            }
            return .group(FrameGroup(style: [], items: items))
        }
        let document: RenderedDocument
        do {
            if let drawn {
                document = drawn
            } else if Self.isDrawing(slot) || Self.isConstant(slot) {
                // The same words draw the same drawing: a seal of the same values, a text the
                // template gives.
                let words = try Self.words(slot, row, size: size, template: template)
                document = try drawings.document(words) { () throws(CurveTypeError) in try Self.request(slot, words, files: files).renderDocument() }
            } else {
                document = try request(index, row, size: size).renderDocument()
            }
        } catch {
            throw Self.refusal(slot, error, "it cannot be drawn")
        }
        notes += try refuse(slot, document.warnings)
        let frame = document.frame
        let placement: AffineMap
        switch slot.kind {
        case .ring(let center, _):
            placement = .translation(center.x - template.width / 2, center.y - template.height / 2)
        case .path, .line:
            placement = .identity
        case .box(let box, let map):
            let s = map.scaleFactor
            placement = AffineMap.scale(1 / s, 1 / s).concatenating(.translation(box.minX, box.minY)).concatenating(map)
        case .drawing(let box, let map):
            let k = min(box.width / frame.width, box.height / frame.height)
            placement = AffineMap.scale(k, k)
                .concatenating(.translation(box.minX + (box.width - k * frame.width) / 2, box.minY + (box.height - k * frame.height) / 2))
                .concatenating(map)
        }
        return .group(FrameGroup(style: placement == .identity ? [] : [.transform(placement)], items: frame.backdrop + frame.items))
    }

    /// One line of a straight slot's text drawn, a constant one once (by its words).
    private func lineDrawing(_ index: Int, _ row: MergeRow, size: Double?, text: String, notes: inout [String]) throws(CurveTypeError) -> Frame {
        let slot = template.slots[index]
        let document: RenderedDocument
        do {
            if Self.isConstant(slot) {
                let words = try Self.words(slot, row, size: size, template: template, text: text)
                document = try drawings.document(words) { () throws(CurveTypeError) in try Self.request(slot, words, files: files).renderDocument() }
            } else {
                document = try request(index, row, size: size, text: text).renderDocument()
            }
        } catch {
            throw Self.refusal(slot, error, "it cannot be drawn")
        }
        notes += try refuse(slot, document.warnings)
        return document.frame
    }

    /// A slot that no row changes: the template's own text, no `{COLUMN}` in its options.
    static func isConstant(_ slot: MergeSlot) -> Bool {
        slot.field == nil && !optionsReadColumns(slot)
    }

    /// Each `{COLUMN}` of the slot's `data-options` with the option whose value holds it
    /// (`--size {s}`, `--size={s}`: `--size` and `{s}`). One anywhere else is refused: a row's
    /// value is always one value, never an option, a flag or an argument of its own (a row
    /// holding `--font=/etc/passwd` must not become an option).
    static func placeholderValues(_ slot: MergeSlot) throws(CurveTypeError) -> [(option: String, declared: OptionDeclaration?, value: String)] {
        guard optionsReadColumns(slot), let declaration = CommandDeclaration.madeNamed(slot.command) else { return [] }
        let words = slot.rules.options
        var index = 0, found: [(option: String, declared: OptionDeclaration?, value: String)] = []
        func declared(_ name: String) -> OptionDeclaration? {
            declaration.options.first { $0.commandLineName == name || $0.shortName.map { "-" + $0 } == name }
        }
        func refuse(_ word: String) -> CurveTypeError {
            .invalidInput("\(columnName(slot)): data-options has \"\(Diagnostic.escaped(String(word.prefix(40))))\" where an option or argument goes; a {COLUMN} may stand only in an option's value (--size {size})")
        }
        var positionalOnly = false
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" { positionalOnly = true; continue }
            guard !positionalOnly, word.hasPrefix("-"), word != "-", Double(word) == nil else {
                if word.contains("{") { throw refuse(word) }
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if parts[0].contains("{") { throw refuse(word) }
            if parts.count == 2 {
                if parts[1].contains("{") { found.append((parts[0], declared(parts[0]), parts[1])) }
                continue
            }
            // A value option takes the next word, whatever it holds.
            let option = declared(word)
            if let option, option.kind == .value || option.kind == .repeatable, index < words.count {
                if words[index].contains("{") { found.append((word, option, words[index])) }
                index += 1
            }
        }
        return found
    }

    /// Refuses a row whose value, put into an option that may read a file, names one: the
    /// template may be trusted to read a folder (`--template-reads`), a row never is. Checked
    /// for each slot before anything of the row is read (`measure`, the gate every drawn row
    /// passes first).
    func checkRowValues(_ index: Int, _ row: MergeRow) throws(CurveTypeError) {
        let values = fileValues[index]
        guard !values.isEmpty else { return }
        let slot = template.slots[index]
        guard let declaration = CommandDeclaration.madeNamed(slot.command) else { return }
        for (option, value) in values {
            do { try declaration.checkFiles([option, Self.substitute(value, row)], files: Self.rowFiles) } catch { throw Self.refusal(slot, error, "") }
        }
    }

    /// What a row's values may read: no file.
    static let rowFiles = FileAccess.none("a row of data")

    /// Whether the slot's `data-options` hold a `{COLUMN}`.
    static func optionsReadColumns(_ slot: MergeSlot) -> Bool {
        slot.rules.options.contains { $0.contains("{") }
    }

    /// Refuses the row for what a slot's warnings say: characters no font has (no tofu is
    /// drawn), text that runs past its slot or is cut short.
    /// The rest, said of the slot, are returned.
    func refuse(_ slot: MergeSlot, _ warnings: [CurveTypeWarning]) throws(CurveTypeError) -> [String] {
        var notes: [String] = []
        for warning in warnings {
            switch warning.kind {
            case .missingGlyphs:
                let suffix = "; drawn as .notdef"
                let message = warning.message.hasSuffix(suffix) ? String(warning.message.dropLast(suffix.count)) : warning.message
                throw .invalidInput("\(Self.columnName(slot)): \(message)")
            case .textRunsPastEnd, .textCutShort, .textOverlapsItself, .glyphsNotDrawn:
                throw .invalidInput("\(Self.columnName(slot)): \(warning.message)")
            default:
                notes.append("\(Self.columnName(slot)): \(warning.description)")
            }
        }
        return notes
    }

    static func isDrawing(_ slot: MergeSlot) -> Bool {
        if case .drawing = slot.kind { return true }
        return false
    }

    /// The slot's command line for `row`: the command, the text, the slot's geometry and the
    /// designer's style, then `data-options` with `{COLUMN}` replaced; an option the designer
    /// gives is not given again.
    static func words(_ slot: MergeSlot, _ row: MergeRow, size: Double?, template: MergeTemplate, text line: String? = nil) throws(CurveTypeError) -> [String] {
        let value = line ?? text(slot, row)
        let options = slot.rules.options.map { substitute($0, row) }
        if options.contains(where: { $0 == "--units" || $0.hasPrefix("--units=") }) {
            throw .invalidInput("\(columnName(slot)): data-options cannot set --units: a slot's lengths are the page's")
        }
        let words = [slot.command]
        // The text last, after `--`: everything after it is the text.
        let textWords = slot.field != nil || !slot.text.isEmpty ? ["--", value] : []
        var given: [String] = []
        func add(_ flag: String, _ value: String) {
            guard !options.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }) else { return }
            given += [flag, value]
        }
        let page = "\(number(template.width))x\(number(template.height))"
        let alignment: String = switch slot.rules.align {
        case .start: "start"
        case .center: "center"
        case .end: "end"
        }
        switch slot.kind {
        case .drawing:
            break
        case .ring(_, let radius):
            add("--radius", number(radius))
            add("--canvas", page)
        case .path(let path, let startOffset):
            add("--d", pathData(path))
            add("--canvas", page)
            add("--start-offset", startOffset)
            add("--align", alignment)
        case .line(let origin, let map, _, _):
            // A straight baseline through the page and past it, the text anchored at the origin.
            let reach = 4 * (template.width + template.height) / max(map.scaleFactor, 1e-9)
            var line = Path()
            switch slot.rules.align {
            case .center:
                line.move(to: Point(x: origin.x - reach, y: origin.y)); line.line(to: Point(x: origin.x + reach, y: origin.y))
                add("--start-offset", "50%")
            case .end:
                line.move(to: Point(x: origin.x - reach, y: origin.y)); line.line(to: origin)
                add("--start-offset", "100%")
            default:
                line.move(to: origin); line.line(to: Point(x: origin.x + reach, y: origin.y))
            }
            add("--d", pathData(line.transformed(by: map)))
            add("--canvas", page)
            add("--align", alignment)
        case .box(let box, let map):
            let s = map.scaleFactor
            add("--box", "\(number(box.width * s))x\(number(box.height * s))")
            let designed = slot.rules.size ?? box.height * s
            if let size {
                add("--max-size", number(size))
                add("--min-size", number(size))
            } else {
                add("--max-size", number(designed))
                add("--min-size", number(minimumSize(slot)))
            }
            add("--max-lines", slot.rules.overflow == .wrap ? String(slot.rules.maximumLines ?? 3) : "1")
            add("--align", alignment)
        }
        if !isDrawing(slot) {
            if let size, !isBox(slot) { add("--size", number(size)) }
            if let family = slot.rules.family {
                add("--font", family + (slot.rules.bold ? ":bold" : "") + (slot.rules.italic ? ":italic" : ""))
            } else if slot.rules.bold || slot.rules.italic {
                add("--font", "DejaVu Sans" + (slot.rules.bold ? ":bold" : "") + (slot.rules.italic ? ":italic" : ""))
            }
            if let color = slot.rules.color { add("--text-color", color) }
        }
        return words + given + options + textWords
    }

    static func isBox(_ slot: MergeSlot) -> Bool {
        if case .box = slot.kind { return true }
        return false
    }

    /// `{COLUMN}` in `word` replaced by the row's value (`{row}`: its number).
    static func substitute(_ word: String, _ row: MergeRow) -> String {
        MergeSlot.filling(word) { (column: String) -> String in row.text(of: column) }
    }

    /// A number as the command line reads it, exactly (Swift's shortest round-trip form).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Path data with every number exact.
    static func pathData(_ path: Path) -> String {
        var parts: [String] = []
        func p(_ point: Point) -> String { "\(number(point.x)) \(number(point.y))" }
        for element in path.elements {
            switch element {
            case .move(let a): parts.append("M\(p(a))")
            case .line(let a): parts.append("L\(p(a))")
            case .quad(let c, let a): parts.append("Q\(p(c)) \(p(a))")
            case .cubic(let c1, let c2, let a): parts.append("C\(p(c1)) \(p(c2)) \(p(a))")
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}
