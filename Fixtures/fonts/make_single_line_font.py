#!/usr/bin/env python3
"""Builds Fixtures/fonts/CurveTypeTestSingleLine.ttf, a "closed" single-line TrueType font.

TrueType stores only closed contours, so single-line fonts for engraving (the Hershey fonts
converted to TTF, Relief SingleLine's outlines, CNC fonts) store each stroke as a contour that
runs out along the stroke and back. This small one, drawn here with fontTools' FontBuilder,
has the shapes the reopening must handle, independently of CurveType's own Hershey compiler:

  I (U+0049): one straight stroke, two points out and back;
  L (U+004C): a corner, its contour starting at the stroke's corner, not at an end, so the
      reading must find where the stroke turns back;
  O (U+004F): a closed loop of quadratic curves, traced round and back (off-curve points);
  T (U+0054): two strokes, one contour each;
  A (U+0041): three strokes; and a kerning pair A/T in a GPOS `kern` feature (-120 units).

Run from the repository root: `.build/venv/bin/python Fixtures/fonts/make_single_line_font.py`.
The output is committed; this script says how it was made.
"""
import os
import sys

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Fixtures", "fonts", "CurveTypeTestSingleLine.ttf")
EM = 1000


def retraced(strokes, start=None):
    """Each stroke (a list of points, or of ("q", control, end) steps) as one contour out and
    back. `start`: for a stroke of lines, the index of the point the contour starts at."""
    pen = TTGlyphPen(None)
    for stroke in strokes:
        if isinstance(stroke[0], tuple) and stroke[0] and stroke[0][0] == "q":
            raise ValueError("a curved stroke starts with a point")
        if any(isinstance(p, tuple) and len(p) == 3 for p in stroke):
            # Quadratic steps: out along them, back the same way.
            first = stroke[0]
            pen.moveTo(first)
            at = first
            back = []
            for step in stroke[1:]:
                _, control, end = step
                pen.qCurveTo(control, end)
                back.append((control, at))
                at = end
            for control, end in reversed(back[1:]):
                pen.qCurveTo(control, end)
            pen.qCurveTo(back[0][0], back[0][1])
            pen.closePath()
            continue
        points = stroke + stroke[-2:0:-1]
        if start:
            points = points[start:] + points[:start]
        pen.moveTo(points[0])
        for p in points[1:]:
            pen.lineTo(p)
        pen.closePath()
    return pen.glyph()


glyphs = {
    ".notdef": retraced([]),
    "space": retraced([]),
    "I": retraced([[(300, 0), (300, 700)]]),
    "L": retraced([[(150, 700), (150, 0), (550, 0)]], start=1),
    "O": retraced([[(350, 0), ("q", (600, 0), (600, 350)), ("q", (600, 700), (350, 700)),
                    ("q", (100, 700), (100, 350)), ("q", (100, 0), (350, 0))]]),
    "T": retraced([[(100, 700), (600, 700)], [(350, 700), (350, 0)]]),
    "A": retraced([[(50, 0), (350, 700)], [(350, 700), (650, 0)], [(160, 250), (540, 250)]]),
}
advances = {".notdef": 500, "space": 300, "I": 600, "L": 650, "O": 700, "T": 700, "A": 700}
order = list(glyphs)
builder = FontBuilder(EM, isTTF=True)
builder.setupGlyphOrder(order)
builder.setupCharacterMap({0x20: "space", 0x49: "I", 0x4C: "L", 0x4F: "O", 0x54: "T", 0x41: "A"})
builder.setupGlyf(glyphs)
builder.setupHorizontalMetrics({name: (advances[name], getattr(glyphs[name], "xMin", 0)) for name in order})
builder.setupHorizontalHeader(ascent=800, descent=-200)
builder.setupNameTable({"familyName": "CurveType Test SingleLine", "styleName": "Regular"})
builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
builder.setupPost()
builder.setupHead(unitsPerEm=EM, created=0, modified=0)
addOpenTypeFeaturesFromString(builder.font, """
languagesystem DFLT dflt;
languagesystem latn dflt;
feature kern { pos A T -120; } kern;
""")
builder.save(OUTPUT)
