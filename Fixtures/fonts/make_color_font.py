#!/usr/bin/env python3
"""Builds Fixtures/fonts/CurveTypeTestCOLR.ttf, the COLR v0 colour font the colour-glyph tests use.

fontTools' colorLib adds COLR (version 0) and CPAL tables to the bundled DejaVu Sans (printable
ASCII, no hinting). The colour glyphs, each a stack of DejaVu's own outlines:

  C  = O in palette 0 (#dc2626, red), then C in the text's colour (index 0xFFFF);
  T  = T in palette 1 (#2563eb80, translucent blue);
  V  = V in palette 2 (#16a34a, green), then A in palette 0.

Every other glyph is drawn in one colour. Run from the repository root:
`.build/venv/bin/python Fixtures/fonts/make_color_font.py` (`make venv` makes the venv); a path as the first argument writes there instead, to compare a rebuild
with the committed font (only the head table's timestamps differ). The output
is committed; this script says how it was made.
"""
import os
import sys

from fontTools.colorLib.builder import buildCOLR, buildCPAL

from dejavu_subset import ROOT, dejavu_ascii

OUTPUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Fixtures", "fonts", "CurveTypeTestCOLR.ttf")
FAMILY = "CurveType Test COLR"


def main():
    font = dejavu_ascii(FAMILY, "CurveTypeTestCOLR-Regular")
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
    font.save(OUTPUT)
    print(f"wrote {OUTPUT} ({os.path.getsize(OUTPUT)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
