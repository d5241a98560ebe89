// libFuzzer target: logo SVG bytes through the sanitiser and into a badge, whose SVG must stay
// well-formed and inert. Built only by `make fuzz`.
import CurveType
import FuzzSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

exit(runFuzzer { data, size in
    let bytes = bytes(data, size)
    guard let logo = try? BadgeLogo(source: "data:image/svg+xml;base64," + Data(bytes).base64EncodedString()) else { return 0 }
    guard let badge = try? BadgeRequest(label: "logo", message: "fuzz", logo: logo).render() else { return 0 }
    let lower = badge.svg.lowercased()
    for needle in ["<script", "javascript:", "<foreignobject", "<image", "<style", "data:", " onload", " onclick"] {
        precondition(!lower.contains(needle), "badge SVG holds \(needle)")
    }
    precondition(XMLParser(data: Data(badge.svg.utf8)).parse(), "badge SVG is not well-formed")
    return 0
})
