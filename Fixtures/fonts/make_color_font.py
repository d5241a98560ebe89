#!/usr/bin/env python3
"""Builds Fixtures/fonts/CurveTypeTestCOLR.ttf, the COLR v0 colour font the colour-glyph tests use.

fontTools' colorLib adds COLR (version 0) and CPAL tables to the bundled DejaVu Sans (printable
ASCII, no hinting). The colour glyphs, each a stack of DejaVu's own outlines:

  C  = O in palette 0 (#dc2626, red), then C in the text's colour (index 0xFFFF);
  T  = T in palette 1 (#2563eb80, translucent blue);
  V  = V in palette 2 (#16a34a, green), then A in palette 0.

Every other glyph is drawn in one colour. Run from the repository root:
`.build/venv/bin/python Fixtures/fonts/make_color_font.py` (`make venv` makes the venv). The output
is committed; this script says how it was made.
"""
import os
import sys

from fontTools.colorLib.builder import buildCOLR, buildCPAL
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE = os.path.join(ROOT, "Fonts", "DejaVuSans.ttf")
OUTPUT = os.path.join(ROOT, "Fixtures", "fonts", "CurveTypeTestCOLR.ttf")
FAMILY = "CurveType Test COLR"


def main():
    font = TTFont(SOURCE)
    options = Options()
    options.hinting = False
    options.name_IDs = []
    options.notdef_outline = True
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    for table in ("FFTM", "hdmx", "LTSH", "VDMX", "prep", "fpgm", "cvt ", "gasp"):
        if table in font:
            del font[table]
    cmap = font.getBestCmap()
    g = lambda ch: cmap[ord(ch)]
    font["COLR"] = buildCOLR({
        g("C"): [(g("O"), 0), (g("C"), 0xFFFF)],
        g("T"): [(g("T"), 1)],
        g("V"): [(g("V"), 2), (g("A"), 0)],
    }, version=0)
    font["CPAL"] = buildCPAL([[(0xDC / 255, 0x26 / 255, 0x26 / 255, 1.0),
                               (0x25 / 255, 0x63 / 255, 0xEB / 255, 0x80 / 255),
                               (0x16 / 255, 0xA3 / 255, 0x4A / 255, 1.0)]])
    name = font["name"]
    name.names = []
    for name_id, text in ((1, FAMILY), (2, "Regular"), (3, FAMILY + " Regular"), (4, FAMILY + " Regular"),
                          (5, "Version 1.0"), (6, "CurveTypeTestCOLR-Regular"),
                          (0, "Built by CurveType's tests from DejaVu Sans (see Fonts/LICENSE)")):
        name.setName(text, name_id, 3, 1, 0x409)
    font.save(OUTPUT)
    print(f"wrote {OUTPUT} ({os.path.getsize(OUTPUT)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
