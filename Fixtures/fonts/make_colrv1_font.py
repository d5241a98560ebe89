#!/usr/bin/env python3
"""Builds Fixtures/fonts/CurveTypeTestCOLRv1.ttf, the COLR v1 colour font the paint tests use.

fontTools' colorLib adds COLR (version 1) and CPAL tables to the bundled DejaVu Sans (printable
ASCII, no hinting). Palette: 0 #dc2626 red, 1 #2563eb blue, 2 #16a34a green, 3 #facc15 yellow,
4 #7c3aed purple; 0xFFFF is the text's colour. Font units, y up, 2048 per em; angles in degrees.
The colour glyphs, one paint feature each, so a test or a picture shows which one is wrong:

  L  = L filled by a linear gradient red → blue whose p2 turns it horizontal: p1 lies up and to
       the right, so a reader that ignores p2 draws it diagonal;
  O  = O filled by a two-circle radial gradient yellow → red → purple (c0 ≠ c1, r0 = 0);
  S  = S filled by a sweep gradient red → green → blue → red, a full turn about S's middle;
  X  = layers: O in blue at half opacity, then X in the text's colour rotated 30° about its middle;
  G  = layers: G in green, then the colour glyph L scaled by 0.5 about G's middle (PaintColrGlyph);
  M  = a composite, `multiply`: M in blue over M filled by a vertical gradient yellow → red;
  R  = R filled by a reflected linear gradient from purple to the text's colour at 60% opacity;
  K  = K filled in red through a skew of 20° and a general affine map;
  Y  = a colour glyph whose paint draws itself (PaintColrGlyph Y): a cycle a reader must stop;
  W  = W clipping 100 sweep gradients (18,000 wedges, about 1 MiB of SVG);
  Z  = 45 layers of the colour glyph W: 4,600 paints, within the reader's 10,000, but some
       45 MiB of SVG, past the 8 MiB a colour glyph may write: refused;
  Q  = 120 layers of W: 12,000 paints, past the reader's bound: drawn as its plain outline.

Every other glyph is drawn in one colour. Run from the repository root:
`.build/venv/bin/python Fixtures/fonts/make_colrv1_font.py` (`make venv` makes the venv); a path
as the first argument writes there instead. The output is committed; this script says how it was
made.
"""
import os
import sys

from fontTools.colorLib.builder import buildCOLR, buildCPAL
from fontTools.ttLib.tables.otTables import CompositeMode, ExtendMode, PaintFormat

from dejavu_subset import ROOT, dejavu_ascii

OUTPUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Fixtures", "fonts", "CurveTypeTestCOLRv1.ttf")
FAMILY = "CurveType Test COLRv1"
TEXT = 0xFFFF


def solid(index, alpha=1.0):
    return {"Format": PaintFormat.PaintSolid, "PaletteIndex": index, "Alpha": alpha}


def glyph(name, paint):
    return {"Format": PaintFormat.PaintGlyph, "Glyph": name, "Paint": paint}


def line(stops, extend=ExtendMode.PAD):
    return {"Extend": extend, "ColorStop": [{"StopOffset": o, "PaletteIndex": i, "Alpha": a} for o, i, a in stops]}


def main():
    font = dejavu_ascii(FAMILY, "CurveTypeTestCOLRv1-Regular")
    cmap = font.getBestCmap()
    g = lambda ch: cmap[ord(ch)]
    linear_l = glyph(g("L"), {"Format": PaintFormat.PaintLinearGradient,
                              "ColorLine": line([(0, 0, 1), (1, 1, 1)]),
                              "x0": 200, "y0": 0, "x1": 1100, "y1": 1500, "x2": 200, "y2": 300})
    font["COLR"] = buildCOLR({
        g("L"): linear_l,
        g("O"): glyph(g("O"), {"Format": PaintFormat.PaintRadialGradient,
                               "ColorLine": line([(0, 3, 1), (0.5, 0, 1), (1, 4, 1)]),
                               "x0": 560, "y0": 900, "r0": 0, "x1": 800, "y1": 750, "r1": 800}),
        g("S"): glyph(g("S"), {"Format": PaintFormat.PaintSweepGradient,
                               "ColorLine": line([(0, 0, 1), (1 / 3, 2, 1), (2 / 3, 1, 1), (1, 0, 1)]),
                               "centerX": 650, "centerY": 750, "startAngle": 0, "endAngle": 360}),
        g("X"): {"Format": PaintFormat.PaintColrLayers, "Layers": [
            glyph(g("O"), solid(1, 0.5)),
            {"Format": PaintFormat.PaintRotateAroundCenter, "angle": 30, "centerX": 700, "centerY": 750,
             "Paint": glyph(g("X"), solid(TEXT))}]},
        g("G"): {"Format": PaintFormat.PaintColrLayers, "Layers": [
            glyph(g("G"), solid(2)),
            {"Format": PaintFormat.PaintScaleUniformAroundCenter, "scale": 0.5, "centerX": 700, "centerY": 750,
             "Paint": {"Format": PaintFormat.PaintColrGlyph, "Glyph": g("L")}}]},
        g("M"): {"Format": PaintFormat.PaintComposite, "CompositeMode": CompositeMode.MULTIPLY,
                 "SourcePaint": glyph(g("M"), solid(1)),
                 "BackdropPaint": glyph(g("M"), {"Format": PaintFormat.PaintLinearGradient,
                                                 "ColorLine": line([(0, 3, 1), (1, 0, 1)]),
                                                 "x0": 0, "y0": 0, "x1": 0, "y1": 1500, "x2": 300, "y2": 0})},
        g("R"): glyph(g("R"), {"Format": PaintFormat.PaintLinearGradient,
                               "ColorLine": line([(0, 4, 1), (1, TEXT, 0.6)], ExtendMode.REFLECT),
                               "x0": 200, "y0": 0, "x1": 600, "y1": 0, "x2": 200, "y2": 300}),
        g("K"): {"Format": PaintFormat.PaintTransform,
                 "Transform": {"xx": 0.9, "yx": 0.1, "xy": -0.1, "yy": 0.9, "dx": 60, "dy": 40},
                 "Paint": {"Format": PaintFormat.PaintSkewAroundCenter, "xSkewAngle": 20, "ySkewAngle": 0,
                           "centerX": 600, "centerY": 0, "Paint": glyph(g("K"), solid(0))}},
        g("Y"): {"Format": PaintFormat.PaintColrLayers, "Layers": [
            glyph(g("Y"), solid(2)), {"Format": PaintFormat.PaintColrGlyph, "Glyph": g("Y")}]},
        g("W"): glyph(g("W"), {"Format": PaintFormat.PaintColrLayers, "Layers": [
            {"Format": PaintFormat.PaintSweepGradient, "ColorLine": line([(0, 0, 1), (1, i % 5, 1)]),
             "centerX": 600 + i, "centerY": 700, "startAngle": 0, "endAngle": 360} for i in range(100)]}),
        g("Z"): {"Format": PaintFormat.PaintColrLayers,
                 "Layers": [{"Format": PaintFormat.PaintColrGlyph, "Glyph": g("W")}] * 45},
        g("Q"): {"Format": PaintFormat.PaintColrLayers,
                 "Layers": [{"Format": PaintFormat.PaintColrGlyph, "Glyph": g("W")}] * 120},
    }, version=1)
    font["CPAL"] = buildCPAL([[(0xDC / 255, 0x26 / 255, 0x26 / 255, 1.0),
                               (0x25 / 255, 0x63 / 255, 0xEB / 255, 1.0),
                               (0x16 / 255, 0xA3 / 255, 0x4A / 255, 1.0),
                               (0xFA / 255, 0xCC / 255, 0x15 / 255, 1.0),
                               (0x7C / 255, 0x3A / 255, 0xED / 255, 1.0)]])
    font.save(OUTPUT)
    print(f"wrote {OUTPUT} ({os.path.getsize(OUTPUT)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
