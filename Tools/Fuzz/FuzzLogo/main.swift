// libFuzzer target: logo SVG bytes through the sanitiser and into a badge, whose SVG must stay
// well-formed and inert, and whose PNG and PDF (the logo resolved once into frame items by
// SVGDrawing: references, inheritance, gradients, clips, masks) are drawn or refused, never crash
// or hang. Built only by `make fuzz`.
import CurveType
import FuzzSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What makes an SVG active, checked on the parsed document: a substring test would also flag
/// harmless attribute values (a path's `d` of "M6.5 onclick12" is inert garbage, escaped and never
/// run), so elements and attributes are judged by name and references by their target.
final class InertnessCheck: NSObject, XMLParserDelegate {
    static let activeElements: Set<String> = [
        "script", "foreignobject", "image", "style", "a", "iframe", "feimage", "animate", "animatemotion",
        "animatetransform", "animatecolor", "set", "handler", "listener", "discard",
    ]
    var problem: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let local = (name.split(separator: ":").last.map(String.init) ?? name).lowercased()
        if Self.activeElements.contains(local) { problem = problem ?? "element <\(name)>" }
        for (attribute, value) in attributes {
            let lower = attribute.lowercased()
            let text = value.lowercased()
            if lower.hasPrefix("on") { problem = problem ?? "event attribute \(attribute)" }
            if (lower == "href" || lower.hasSuffix(":href")) && !value.hasPrefix("#") {
                problem = problem ?? "\(attribute)=\"\(value)\" refers outside the document"
            }
            if text.contains("javascript:") { problem = problem ?? "\(attribute) holds javascript:" }
            // Every url( must be a local fragment reference, url(#…).
            var rest = Substring(text)
            while let range = rest.range(of: "url(") {
                if !rest[range.upperBound...].hasPrefix("#") { problem = problem ?? "\(attribute)=\"\(value)\" loads a URL" }
                rest = rest[range.upperBound...]
            }
        }
    }
}

exit(runFuzzer { data, size in
    let bytes = bytes(data, size)
    guard let logo = try? BadgeLogo(source: "data:image/svg+xml;base64," + Data(bytes).base64EncodedString()) else { return 0 }
    guard let badge = try? BadgeRequest(label: "logo", message: "fuzz", logo: logo).render(), let svg = try? badge.svg else { return 0 }
    let parser = XMLParser(data: Data(svg.utf8))
    let check = InertnessCheck()
    parser.delegate = check
    precondition(parser.parse(), "badge SVG is not well-formed")
    precondition(check.problem == nil, "badge SVG is not inert: \(check.problem ?? "")")
    if let png = try? badge.png() {
        precondition(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG that is not one")
    }
    if let pdf = try? badge.pdf() {
        precondition(pdf.starts(with: Array("%PDF-".utf8)), "a PDF that is not one")
    }
    return 0
})
