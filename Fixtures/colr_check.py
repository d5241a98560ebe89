#!/usr/bin/env python3
"""`make viewers` (part 3): our COLR v1 colour glyphs against Chromium's own drawing of the font.

Chromium draws COLR v1 fonts itself (Skia's rasteriser). For each colour glyph of
Fixtures/fonts/CurveTypeTestCOLRv1.ttf (make_colrv1_font.py lists their paints), `curvetype path`
sets the glyph alone at 240 px on a 400 x 400 canvas, and Chromium draws both our SVG and an
SVG `<text>` in that font (`@font-face`) at the same origin and size, at 2x. The two pictures are
compared as viewers.py compares viewers (4x4 blocks, a block differs past 40 of 255 in a channel),
at most LIMIT of the inked blocks: outlines are the font's alike, so what differs is how paints
are drawn (a sweep gradient is a fan of 2° wedges in SVG; Chromium hints and antialiases text).

Left out: Y, whose paint draws itself (a cycle the spec forbids): Skia drops the whole glyph, we
drop the cyclic paint and keep the rest.

Usage: colr_check.py CURVETYPE
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewers import ROOT, compare, load  # noqa: E402

FONT = os.path.join(ROOT, "Fixtures", "fonts", "CurveTypeTestCOLRv1.ttf")
GLYPHS = "LOSXGMRK"
SIZE = 240
LIMIT = 0.03


def main():
    curvetype = sys.argv[1]
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        sys.exit("colr check: needs chromium")
    work = tempfile.mkdtemp(prefix="curvetype-colr-")
    shutil.copy(FONT, os.path.join(work, "font.ttf"))
    failures, lines = 0, []
    with sync_playwright() as p:
        chrome = p.chromium.launch(executable_path=browser, args=["--no-sandbox"])
        page = chrome.new_page(viewport={"width": 400, "height": 400}, device_scale_factor=2)
        for ch in GLYPHS:
            ours = os.path.join(work, f"{ch}.svg")
            subprocess.run([curvetype, "path", ch, "--font", FONT, "--d", "M 60 300 L 400 300", "--size", str(SIZE),
                            "--canvas", "400x400", "--text-color", "#111827", "--background", "white", "-o", ours],
                           check=True)
            with open(ours, encoding="utf-8") as f:
                origin = re.search(r'<use [^>]*transform="translate\(([-\d.]+) ([-\d.]+)\)', f.read())
            x, y = origin.group(1), origin.group(2)
            reference = os.path.join(work, f"{ch}.html")
            with open(reference, "w", encoding="utf-8") as f:
                f.write("<!doctype html><style>@font-face{font-family:T;src:url(font.ttf)}body{margin:0}</style>"
                        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">'
                        '<rect width="400" height="400" fill="white"/>'
                        f'<text x="{x}" y="{y}" font-family="T" font-size="{SIZE}" fill="#111827">{ch}</text></svg>')
            pictures = []
            for url, name in ((ours, "ours"), (reference, "chromium")):
                page.goto("file://" + url)
                page.evaluate("document.fonts.ready")
                png = os.path.join(work, f"{ch}-{name}.png")
                page.screenshot(path=png)
                pictures.append(load(png))
            share, inked = compare(pictures[0], pictures[1])
            bad = share > LIMIT or inked < 100
            failures += bad
            lines.append(f"{ch}  {share * 100:5.2f}% of {inked} inked blocks differ" + ("  FAIL" if bad else ""))
            os.makedirs(os.path.join(ROOT, "out", "viewers", "colr"), exist_ok=True)
            for name in ("ours", "chromium"):
                shutil.copy(os.path.join(work, f"{ch}-{name}.png"), os.path.join(ROOT, "out", "viewers", "colr"))
        chrome.close()
    shutil.rmtree(work, ignore_errors=True)
    print(f"COLR v1 glyphs, ours against Chromium's own (at most {LIMIT * 100:.1f}% of inked blocks):")
    print("\n".join(lines))
    print(f"{len(GLYPHS) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
