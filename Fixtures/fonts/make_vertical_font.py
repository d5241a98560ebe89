#!/usr/bin/env python3
"""Builds Fixtures/fonts/CurveTypeTestVert.ttf, the font the name seal's vertical-forms test uses.

No font the tests install (DejaVu, WenQuanYi Micro Hei) has OpenType's `vert` feature, so the
test brings a small one, drawn here with fontTools' FontBuilder:

  山 (U+5C71): three upright bars on a base, a box of ink;
  ー (U+30FC, the long vowel mark): a horizontal bar, which `vert` and `vrt2` replace with
  `uni30FC.vert`, a vertical bar, as CJK fonts do for text set in columns.

Run from the repository root: `.build/venv/bin/python Fixtures/fonts/make_vertical_font.py`
(`make venv` makes the venv); a path as the first argument writes there instead. The output is
committed; this script says how it was made.
"""
import os
import sys

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Fixtures", "fonts", "CurveTypeTestVert.ttf")
EM = 1000


def rectangles(boxes):
    pen = TTGlyphPen(None)
    for x0, y0, x1, y1 in boxes:
        pen.moveTo((x0, y0))
        pen.lineTo((x0, y1))
        pen.lineTo((x1, y1))
        pen.lineTo((x1, y0))
        pen.closePath()
    return pen.glyph()


glyphs = {
    ".notdef": rectangles([(100, 0, 900, 800)]),
    "space": rectangles([]),
    "uni5C71": rectangles([(100, 0, 900, 100), (100, 100, 200, 600), (450, 100, 550, 800), (800, 100, 900, 600)]),
    "uni30FC": rectangles([(100, 350, 900, 450)]),
    "uni30FC.vert": rectangles([(450, -50, 550, 750)]),
}
order = list(glyphs)
builder = FontBuilder(EM, isTTF=True)
builder.setupGlyphOrder(order)
builder.setupCharacterMap({0x20: "space", 0x5C71: "uni5C71", 0x30FC: "uni30FC"})
builder.setupGlyf(glyphs)
builder.setupHorizontalMetrics({name: (EM, glyphs[name].xMin if hasattr(glyphs[name], "xMin") else 0) for name in order})
builder.setupHorizontalHeader(ascent=880, descent=-120)
builder.setupNameTable({"familyName": "CurveType Test Vert", "styleName": "Regular"})
builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
builder.setupPost()
builder.setupHead(unitsPerEm=EM, created=0, modified=0)
addOpenTypeFeaturesFromString(builder.font, """
languagesystem DFLT dflt;
languagesystem hani dflt;
languagesystem kana dflt;
feature vert { sub uni30FC by uni30FC.vert; } vert;
feature vrt2 { sub uni30FC by uni30FC.vert; } vrt2;
""")
builder.save(OUTPUT)
