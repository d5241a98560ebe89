import CurveType
import CurveTypeRaster
import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport

/// The PNG and PDF writers: what they draw where, their limits, and their bytes.
@Suite struct RasterTests {
    /// A frame of known geometry: a red square, a blue circle, a translucent green band.
    static func shapes() throws -> Frame {
        Frame(width: 40, height: 20, title: "shapes", items: [
            .shape(FrameShape(.rect(Rect(minX: 0, minY: 0, maxX: 10, maxY: 10)), style: [.fill(.color(try SVGColor(parsing: "red")))])),
            .shape(FrameShape(.circle(center: Point(x: 30, y: 10), radius: 6), style: [.fill(.color(try SVGColor(parsing: "blue")))])),
            .group(FrameGroup(style: [.fillOpacity(0.5)], items: [
                .shape(FrameShape(.rect(Rect(minX: 0, minY: 15, maxX: 40, maxY: 20)), style: [.fill(.color(try SVGColor(parsing: "#00ff00")))])),
            ])),
        ])
    }

    /// Pixels land where the frame says, at 1x and 2x; outside the drawing is transparent.
    @Test func drawsWhereTheFrameSays() throws {
        let frame = try Self.shapes()
        let one = try PNGPixels(png: try frame.png())
        #expect(one.width == 40 && one.height == 20)
        #expect(one[5, 5] == (255, 0, 0, 255))
        #expect(one[30, 10] == (0, 0, 255, 255))
        #expect(one[20, 5].alpha == 0)
        let band = one[20, 17]
        #expect(band.green == 255 && (126...129).contains(band.alpha), "fill opacity 0.5: \(band)")
        let two = try PNGPixels(png: try frame.png(scale: 2))
        #expect(two.width == 80 && two.height == 40)
        #expect(two[19, 19] == (255, 0, 0, 255) && two[21, 21].alpha == 0)
        // A fractional size is rounded up: the last, partly covered pixel is kept.
        #expect(try Frame(width: 10.2, height: 3, title: "t").pixelSize(scale: 1) == (11, 3))
    }

    /// Glyphs drawn by the PNG writer are the SVG's: the badge's text is white on its halves.
    @Test func badgeGlyphsAreDrawn() throws {
        let badge = try BadgeRequest(label: "build", message: "passing").render()
        let pixels = try PNGPixels(png: try badge.png(scale: 2))
        #expect(pixels.width == Int((badge.frame.width * 2).rounded(.up)))
        // Some pixels of the message half are the text's white, most are the badge's green.
        var white = 0, green = 0
        for y in 0..<pixels.height {
            for x in Int(badge.frame.width)..<pixels.width {
                let p = pixels[x, y]
                if p.red > 240 && p.green > 240 && p.blue > 240 { white += 1 }
                if p.green > 150 && p.red < 120 { green += 1 }
            }
        }
        #expect(white > 50 && green > white * 3, "white \(white), green \(green)")
        // Text mode keeps the glyphs it measured for the PNG writer: the same picture.
        let text = try BadgeRequest(label: "build", message: "passing", glyphs: .text).render()
        #expect(try text.png() == badge.png())
    }

    /// Same frame, same bytes: five runs, and eight renders on every core at once.
    @Test func deterministicBytes() throws {
        let circle = try CircleTextRequest(text: "DETERMINISTIC BYTES", style: CircleTextStyle(size: 14, radius: 50)).render()
        let png = try circle.png(scale: 2), pdf = try circle.pdf()
        for _ in 0..<5 {
            #expect(try circle.png(scale: 2) == png)
            #expect(try circle.pdf() == pdf)
        }
        let results = Mutex<[([UInt8], [UInt8])]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let a = try? circle.png(scale: 2), let b = try? circle.pdf() { results.withLock { $0.append((a, b)) } }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 8 && all.allSatisfy { $0.0 == png && $0.1 == pdf })
    }

    /// A PDF is one page, 0.75 pt per px, dated only when asked; links are annotations.
    @Test func pdfAsPrintExpects() throws {
        let frame = try Self.shapes()
        let pdf = String(decoding: try frame.pdf(), as: UTF8.self)
        #expect(pdf.hasPrefix("%PDF-1.5"))
        #expect(pdf.contains("/MediaBox [ 0 0 30 15 ]"))
        #expect(!pdf.contains("/CreationDate"))
        #expect(pdf.contains("/Title (shapes)"))
        let dated = String(decoding: try frame.pdf(creationDate: 1_700_000_000), as: UTF8.self)
        // cairo 1.16 writes the date without the "D:" prefix, which readers accept (pdfinfo: "Tue Nov 14 22:13:20 2023 UTC").
        #expect(dated.contains("/CreationDate (20231114221320Z)"))

        var linked = frame
        linked.items = [.link(FrameLink(url: "https://example.com/(a)", label: "a", items: frame.items))]
        let annotated = String(decoding: try linked.pdf(), as: UTF8.self)
        #expect(annotated.contains("/Annots [ "))
        #expect(annotated.contains("/Subtype /Link /Rect [ 0 0 30 15 ]"), "the link covers what its items draw")
        #expect(annotated.contains("/URI (https://example.com/\\(a\\))"))
        #expect(annotated.hasSuffix("%%EOF\n"))
    }

    /// With `--glyphs text` a PDF carries the font, subset, and the text.
    @Test func pdfTextEmbedsTheFont() throws {
        let text = try CircleTextRequest(text: "Selectable", style: CircleTextStyle(size: 14, radius: 50), glyphs: .text).render()
        let pdf = String(decoding: try text.pdf(), as: UTF8.self)
        #expect(pdf.contains("/FontFile2"), "a TrueType subset is embedded")
        #expect(pdf.contains("/ToUnicode"), "characters map back to text")
        let outlines = try CircleTextRequest(text: "Selectable", style: CircleTextStyle(size: 14, radius: 50)).render()
        #expect(!String(decoding: try outlines.pdf(), as: UTF8.self).contains("/FontFile2"))
    }

    /// An animated angle is drawn at its last frame, or at the time asked.
    @Test func animationFrames() throws {
        let angle = try AngleRequest(angle: 90, animation: AngleAnimation(from: 0, duration: 1)).render()
        let still = try AngleRequest(angle: 90).render()
        let last = try angle.png(), first = try angle.png(time: 0), half = try angle.png(time: 0.5)
        #expect(last != first && half != first && half != last)
        #expect(try angle.png(time: 5) == last, "past the end, the last frame")
        #expect(try still.png(time: 0) == still.png(), "a still picture has one frame")
    }

    /// Limits: a scale out of 1…8, a picture past 16,384 pixels a side, a JPEG logo.
    @Test func refusals() throws {
        let frame = try Self.shapes()
        for scale in [0, 0.5, 8.5, .nan, .infinity] {
            #expect(throws: RasterError.self) { try frame.png(scale: scale) }
        }
        #expect(throws: RasterError.refused("a PNG of 5000 × 10 px at scale 4 would be 20000 × 40 pixels; the most is 16384 on a side and 64 Mpx")) {
            try Frame(width: 5000, height: 10, title: "wide").png(scale: 4)
        }
        #expect(throws: RasterError.self) { try Frame(width: 0, height: 10, title: "empty").pdf() }
        #expect(throws: RasterError.self) { try PNGPixels(png: Array("not a png".utf8)) }
    }
}
