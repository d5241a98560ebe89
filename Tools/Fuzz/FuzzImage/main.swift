// libFuzzer target: PNG and JPEG logo bytes through their checks (`RasterImage`) and into a badge.
// What is accepted must have a size within the bounds and give a well-formed badge that embeds
// exactly those bytes, and a PNG and a PDF drawn (cairo decoding the picture) or refused;
// nothing may crash or hang. Built only by `make fuzz`.
import CurveType
import FuzzSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

exit(runFuzzer { data, size in
    let bytes = bytes(data, size)
    for format in [RasterImage.Format.png, .jpeg] {
        guard let image = try? RasterImage(format, bytes: bytes) else { continue }
        precondition(image.pixelWidth > 0 && image.pixelHeight > 0, "an accepted image has no size")
        precondition(image.pixelWidth <= RasterImage.maximumSide && image.pixelHeight <= RasterImage.maximumSide, "an accepted image is too large")
        let url = "data:\(format.rawValue);base64," + Data(bytes).base64EncodedString()
        guard let logo = try? BadgeLogo(source: url) else { preconditionFailure("an accepted image is refused as a logo") }
        for size in BadgeLogoSize.allCases {
            guard let badge = try? BadgeRequest(label: "logo", message: "fuzz", logo: logo, logoSize: size).render(),
                  let svg = try? badge.svg else { continue }
            precondition(svg.contains(url), "the badge does not embed the image's bytes")
            precondition(XMLParser(data: Data(svg.utf8)).parse(), "badge SVG is not well-formed")
            if size == .square {
                _ = try? badge.png()
                _ = try? badge.pdf()
            }
        }
    }
    return 0
})
