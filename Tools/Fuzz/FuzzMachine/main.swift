// libFuzzer target: a Hershey .jhf font's bytes read, compiled and opened, text shaped in it and
// placed on a turning baseline, that drawing welded, bridged and offset (Clipper) and written as
// SVG, DXF, G-code, HPGL and plotter SVG; and the same bytes read as a G-code template.
// Built only by `make fuzz`; seeds are a template and the heads of Debian's Hershey fonts
// (copied by run.sh from the installed package).
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let bytes = bytes(data, size)
    _ = try? GCodeTemplate(parsing: String(decoding: bytes, as: UTF8.self))
    guard let font = try? Font.openHershey(bytes: bytes, name: "fuzz") else { return 0 }
    var run: [FrameGlyph] = []
    var x = 10.0
    for glyph in FontStack(primary: font, fallbackPattern: nil).shape("AB O8, Hi!").glyphs {
        _ = try? font.outline(of: glyph.glyph)
        run.append(FrameGlyph(font: 0, glyph: glyph.glyph, scale: 0.05, placement: .rotated(origin: Point(x: x, y: 40), angle: Double(run.count) * 7)))
        x += glyph.advance * 0.05
    }
    var frame = Frame(width: 200, height: 80, title: "fuzz", items: [
        .group(FrameGroup(style: [.fill(.color(.black))], items: [.glyphs(GlyphRun(fonts: [font], glyphs: run))])),
    ])
    frame.unit = .mm
    _ = try? frame.svg(format: SVGNumberFormat(precision: 2), idPrefix: "f")
    if let machine = try? MachineDrawing(frame, units: .mm, tolerance: 0.01) {
        _ = machine.dxf()
        _ = machine.gcode(feed: 1000, power: 10, template: .laser)
        _ = machine.hpgl()
        _ = machine.plotterSVG(strokeWidth: 0.3)
    }
    for settings in [OutlineSettings(tolerance: 0.05), OutlineSettings(stencil: 2, kerf: 0.5, tolerance: 0.05)] {
        if let welded = try? frame.outlined(settings) { _ = try? MachineDrawing(welded, units: .mm, tolerance: 0.01).dxf() }
    }
    return 0
})
