#!/usr/bin/env python3
"""Builds Fixtures/fonts/CurveTypeTestVF.ttf, the variable font the --variations tests use.

Debian 12 packages no variable font, so the tests bring a small one, built with fontTools' varLib
from the bundled DejaVu Sans (printable ASCII). Its masters are DejaVu's own outlines under plain
affine maps, so they are compatible by construction:

  wdth 50…150 (default 100): x scaled by wdth/100, advances too;
  slnt -12…0 (default 0): x sheared by tan(-slnt°) about the baseline.

Named instances: Regular, Condensed (wdth 75), Expanded (wdth 125), Oblique (slnt -12) and
Expanded Oblique. Run from the repository root: `.build/venv/bin/python Fixtures/fonts/make_variable_font.py`
(`make venv` makes the venv); a path as the first argument writes there instead, to compare a rebuild
with the committed font (only the head table's timestamps differ). The output is committed; this script says how it was made.
"""
import math
import os
import sys
import tempfile

from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, InstanceDescriptor, SourceDescriptor
from fontTools.ttLib import TTFont
from fontTools import varLib

from dejavu_subset import ROOT, dejavu_ascii

OUTPUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Fixtures", "fonts", "CurveTypeTestVF.ttf")
FAMILY = "CurveType Test VF"


def subset_base():
    # Kerning only: varLib merges the masters' GPOS, and substitutions would have to match too.
    font = dejavu_ascii(FAMILY, "CurveTypeTestVF-Regular", layout_features=["kern"], drop=("GDEF", "GSUB", "kern"))
    # varLib reads the heights of OS/2 version 2 and later; DejaVu's table is version 1.
    os2 = font["OS/2"]
    if os2.version < 2:
        os2.version = 4
        os2.sxHeight, os2.sCapHeight = 1120, 1493
        os2.usDefaultChar, os2.usBreakChar, os2.usMaxContext = 0, 0x20, 2
    return font


def transformed(base_path, xx, xy):
    """A copy of the base font with every point (x, y) mapped to (xx·x + xy·y, y)."""
    font = TTFont(base_path)
    glyf = font["glyf"]
    hmtx = font["hmtx"]
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if glyph.isComposite():
            for component in glyph.components:
                component.x = round(xx * component.x + xy * component.y)
        elif glyph.numberOfContours > 0:
            coords = glyph.coordinates
            for i, (x, y) in enumerate(coords):
                coords[i] = (round(xx * x + xy * y), y)
        advance, lsb = hmtx[name]
        hmtx[name] = (round(xx * advance), lsb)
    # Bounds and left side bearings follow the outlines.
    glyf.compile(font)
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        glyph.recalcBounds(glyf)
        advance, _ = hmtx[name]
        hmtx[name] = (advance, getattr(glyph, "xMin", 0))
    return font


def main():
    work = tempfile.mkdtemp()
    base = subset_base()
    base_path = os.path.join(work, "base.ttf")
    base.save(base_path)
    shear = math.tan(math.radians(12))
    masters = {
        "default": (1.0, 0.0, {"Width": 100, "Slant": 0}),
        "narrow": (0.5, 0.0, {"Width": 50, "Slant": 0}),
        "wide": (1.5, 0.0, {"Width": 150, "Slant": 0}),
        "slanted": (1.0, shear, {"Width": 100, "Slant": -12}),
    }
    doc = DesignSpaceDocument()
    for tag, name, minimum, default, maximum in (("wdth", "Width", 50, 100, 150), ("slnt", "Slant", -12, 0, 0)):
        axis = AxisDescriptor()
        axis.tag, axis.name = tag, name
        axis.minimum, axis.default, axis.maximum = minimum, default, maximum
        doc.addAxis(axis)
    for key, (xx, xy, location) in masters.items():
        path = os.path.join(work, key + ".ttf")
        transformed(base_path, xx, xy).save(path)
        source = SourceDescriptor()
        source.path, source.name, source.location = path, key, location
        doc.addSource(source)
    for style, location in (("Regular", {"Width": 100, "Slant": 0}), ("Condensed", {"Width": 75, "Slant": 0}),
                            ("Expanded", {"Width": 125, "Slant": 0}), ("Oblique", {"Width": 100, "Slant": -12}),
                            ("Expanded Oblique", {"Width": 125, "Slant": -12})):
        instance = InstanceDescriptor()
        instance.familyName, instance.styleName, instance.location = FAMILY, style, location
        doc.addInstance(instance)
    font, _, _ = varLib.build(doc)
    font.save(OUTPUT)
    print(f"wrote {OUTPUT} ({os.path.getsize(OUTPUT)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
