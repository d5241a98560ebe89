// libFuzzer target: a merge template and its rows, as the server's merge routes take them from
// anyone: the template's bytes (before the first 0x00) read into slots and artwork, the rest
// as rows (CSV, or JSON lines when it starts with `{`), every row checked and the first pages
// drawn as SVG, which must stay well-formed. Refused input is fine; a crash, a hang, a page that
// is not an SVG, or a page or error holding the planted secret (a file no template and no row
// may name: PlantedSecret) is not. The seeds `door-*` try every option that reads a file, in
// the template's data-options and in a row's value. Built only by `make fuzz`.
import CurveType
import CurveTypeCSV
import Foundation
import FuzzSupport

PlantedSecret.plant()

exit(runFuzzer { data, size in
    let input = bytes(data, size)
    let split = input.firstIndex(of: 0) ?? input.endIndex
    let template = Array(input[..<split])
    let rows = Array(input[split...].dropFirst())
    guard let page = try? MergeTemplate(svg: template) else { return 0 }
    let isJSONLines = rows.first == UInt8(ascii: "{")
    let merge = Merge(template: page, data: MergeData(name: "rows") { () throws(CurveTypeError) -> any MergeRowReader in
        isJSONLines ? JSONLinesRows(bytes: rows, name: "rows") : try CSVRows(bytes: rows, name: "rows")
    }, output: "{row}.svg")
    let previews: (rows: Int, pages: [RenderedDocument])
    do { previews = try merge.previews(count: 2) } catch {
        PlantedSecret.check("\(error)", "a template's error")
        return 0
    }
    for document in previews.pages {
        guard let svg = try? document.svg(SVGSettings()) else { continue }
        precondition(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"), "a page that is not an SVG")
        PlantedSecret.check(svg, "a template")
    }
    return 0
})
