// libFuzzer target: a server's query, the door anyone has: the input is `COMMAND?QUERY` (a
// command's name, then a percent-encoded query), read by the server's reader of queries and
// drawn as SVG. A refused query is fine; a crash, a hang, or a page or error holding the
// planted secret (a file no query may name: PlantedSecret) is not. The seeds try every option
// that reads a file. Built only by `make fuzz`.
import CurveType
import Foundation
import FuzzSupport

PlantedSecret.plant()

exit(runFuzzer { data, size in
    let input = bytes(data, size)
    let split = input.firstIndex(of: UInt8(ascii: "?")) ?? input.endIndex
    let command = String(decoding: input[..<split], as: UTF8.self)
    let query = String(decoding: input[split...].dropFirst(), as: UTF8.self)
    guard let items = PercentDecoding.queryItems(query[...]) else { return 0 }
    do {
        let read = try QueryCommand(command, items: items)
        let svg = try read.request().renderDocument().svg
        PlantedSecret.check(svg, "a query")
    } catch {
        PlantedSecret.check("\(error)", "a query's error")
    }
    return 0
})
