#!/usr/bin/env python3
"""Builds two small OpenType-SVG fonts, drawn here with fontTools' FontBuilder:

Fixtures/fonts/CurveTypeTestSVGStrokes.ttf: single-line glyphs in the `SVG ` table, as Relief
SingleLine's OTF-SVG stores them (its TrueType outlines are boxes a viewer without SVG glyphs
would fill). The glyphs hold what the reading must handle:

  I (U+0049): a <path> in font units flipped by the group's transform, stroke and fill as
      attributes;
  L (U+004C): a <polyline>, stroke and fill in a style attribute, the glyph element inside an
      <svg> that moves it (translate(100 0) on an outer <g>);
  O (U+004F): a <circle>, in a document stored gzip-compressed;
  T (U+0054): two <line>s in one <g id="glyph4">, with a <defs> that draws nothing;
  A (U+0041): a <path> with a cubic, in T's document (glyphs 4 and 5 in one);
  J (U+004A): a stroked path in an <svg> with a viewBox, which is not read: J keeps its box.

Fixtures/fonts/CurveTypeTestSVGColor.ttf: the same, but A's document fills its path: a colour
OpenType-SVG font, which is not single-line (its outlines are drawn).

Run from the repository root: `.build/venv/bin/python Fixtures/fonts/make_svg_strokes_font.py`.
The output is committed; this script says how it was made.
"""
import os

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EM = 1000
FLIP = 'transform="matrix(1 0 0 -1 0 0)"'
STROKE = 'stroke="currentColor" stroke-width="40" stroke-linecap="round"'


def box(width):
    """A filled box: what a viewer without SVG glyphs would draw."""
    pen = TTGlyphPen(None)
    if width:
        pen.moveTo((50, 0))
        pen.lineTo((50, 700))
        pen.lineTo((width - 50, 700))
        pen.lineTo((width - 50, 0))
        pen.closePath()
    return pen.glyph()


def build(path, a_fill):
    order = [".notdef", "I", "L", "O", "T", "A", "J", "space"]
    advances = {".notdef": 500, "I": 600, "L": 650, "O": 700, "T": 700, "A": 700, "J": 500, "space": 300}
    builder = FontBuilder(EM, isTTF=True)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({0x20: "space", 0x49: "I", 0x4C: "L", 0x4F: "O", 0x54: "T", 0x41: "A", 0x4A: "J"})
    glyphs = {name: box(0 if name in ("space", ".notdef") else advances[name]) for name in order}
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (advances[name], getattr(glyphs[name], "xMin", 0)) for name in order})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "CurveType Test SVG", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    svg_ns = 'xmlns="http://www.w3.org/2000/svg"'
    a = (f'<g id="glyph5" {FLIP}><path fill="{a_fill}" {STROKE} d="M50 0C150 900 550 900 650 0"/></g>')
    documents = [
        (f'<svg {svg_ns}><g id="glyph1" {FLIP}><path fill="none" {STROKE} d="M300 0V700"/></g></svg>', 1, 1, False),
        (f'<svg {svg_ns}><g transform="translate(100 0)"><g id="glyph2">'
         f'<polyline style="fill:none; stroke:black; stroke-width:40" points="50,-700 50,0 450,0"/></g></g></svg>', 2, 2, False),
        (f'<svg {svg_ns} id="glyph3"><circle cx="350" cy="-350" r="300" fill="none" stroke="black"/></svg>', 3, 3, True),
        # Glyphs 4 (T) and 5 (A) in one document.
        (f'<svg {svg_ns}><defs><path id="unused" d="M0 0H900"/></defs><g id="glyph4" fill="none" stroke="black">'
         f'<line x1="100" y1="-700" x2="600" y2="-700"/><line x1="350" y1="-700" x2="350" y2="0"/></g>{a}</svg>', 4, 5, False),
        (f'<svg {svg_ns} viewBox="0 -1000 500 1000"><path id="glyph6" fill="none" stroke="black" d="M400 -700V-100"/></svg>', 6, 6, False),
    ]
    from fontTools.ttLib import newTable
    table = newTable("SVG ")
    from fontTools.ttLib.tables.S_V_G_ import SVGDocument
    table.docList = [SVGDocument(data, start, end, compressed) for data, start, end, compressed in documents]
    builder.font["SVG "] = table
    builder.save(path)


build(os.path.join(ROOT, "Fixtures", "fonts", "CurveTypeTestSVGStrokes.ttf"), "none")
build(os.path.join(ROOT, "Fixtures", "fonts", "CurveTypeTestSVGColor.ttf"), "black")
