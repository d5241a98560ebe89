#!/usr/bin/env python3
"""A merge keeps a template's own artwork as drawn: checked by renderers that are not ours.

For each template of Fixtures/merge (an Inkscape certificate, Inkscape's own business-card
template with slots added, a name label, a membership certificate exported by Figma with
masks, a clip path and pictures as pattern fills):
  bare      the template with its slots and texts taken out (ElementTree): the artwork alone,
            as the designer's program and every viewer draw it
  merged    `curvetype merge bare.svg` of one row: the page our merge writes, as SVG, PNG and PDF
Compared, with raster_check's measure (a 3x3 blur of the premultiplied difference; more than
BAD_SHARE of the pixels past BAD_LEVEL fails):
  rsvg-convert drawing bare.svg   against rsvg-convert drawing our SVG     (before and after)
  Chromium drawing bare.svg       against Chromium drawing our SVG         (before and after)
  rsvg-convert drawing bare.svg   against our PNG (cairo), and pdftoppm of our PDF
The measure can fail: the certificate drawn without its dashed frame's dashes (solid) must.
Sheets go to out/merge/.
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from raster_check import BAD_LEVEL, BAD_MIN, BAD_SHARE, blur, load as load_png  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CURVETYPE = os.environ.get("CURVETYPE") or os.path.join(ROOT, ".build/debug/curvetype")
OUT = os.path.join(ROOT, "out/merge")
TEMPLATES = ["certificate.svg", "inkscape-business-card.svg", "label.svg", "figma-membership.svg"]
SVG = "{http://www.w3.org/2000/svg}"


def bare(template, path):
    """The template without its slots (data-field, data-curvetype) and texts."""
    for prefix, uri in re.findall(r'xmlns:?([a-z]*)="([^"]+)"', open(template, encoding="utf-8").read()):
        ET.register_namespace(prefix, uri)
    tree = ET.parse(template)
    for parent in tree.iter():
        for child in list(parent):
            if child.tag == SVG + "text" or "data-field" in child.attrib or "data-curvetype" in child.attrib:
                parent.remove(child)
    tree.write(path, encoding="utf-8", xml_declaration=True)


def page_size(svg_path):
    text = open(svg_path, encoding="utf-8").read()
    w = re.search(r'<svg[^>]*\swidth="([0-9.]+)(mm|px)?"', text, re.S)
    h = re.search(r'<svg[^>]*\sheight="([0-9.]+)(mm|px)?"', text, re.S)
    k = lambda m: float(m.group(1)) * (96 / 25.4 if m.group(2) == "mm" else 1)
    return k(w), k(h)


def rsvg(svg_path, png_path, width, height):
    subprocess.run(["rsvg-convert", "-w", str(width), "-h", str(height), "-b", "white", svg_path, "-o", png_path], check=True)


def chromium(svg_path, png_path, width, height):
    """Chromium's drawing of the SVG, by CSS px, shown at its size on a white page."""
    html = png_path + ".html"
    with open(html, "w") as out:
        out.write(f'<html><body style="margin:0;background:white"><img src="file://{svg_path}" style="display:block;width:{width}px;height:{height}px"></body></html>')
    subprocess.run(["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                    f"--window-size={width},{height}", f"--screenshot={png_path}", "file://" + html],
                   check=True, capture_output=True, timeout=120)


def load(path, width, height):
    """The picture on white, premultiplied, cut to the page's whole pixels."""
    return load_png(open(path, "rb").read(), on_white=True)[:height, :width]


def measure(a, b):
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    d = blur(np.abs(a[:h, :w] - b[:h, :w]).max(axis=2))
    bad = int((d > BAD_LEVEL).sum())
    return bad, bad / (h * w), float(np.abs(a[:h, :w] - b[:h, :w]).mean())


def fails(bad, share):
    return share > BAD_SHARE and bad >= BAD_MIN


def main():
    os.makedirs(OUT, exist_ok=True)
    failures = []
    work = tempfile.mkdtemp()
    for name in TEMPLATES:
        stem = name[:-4]
        bare_svg = os.path.join(work, stem + "-bare.svg")
        bare(os.path.join(ROOT, "Fixtures", "merge", name), bare_svg)
        data = os.path.join(work, "one.csv")
        with open(data, "w") as out:
            out.write("id\none\n")
        for ext in ["svg", "png", "pdf"]:
            subprocess.run([CURVETYPE, "merge", bare_svg, "--data", data, "--output", os.path.join(work, stem + "-{id}." + ext), "--quiet"], check=True)
        ours_svg = os.path.join(work, stem + "-one.svg")
        width, height = (round(v) for v in page_size(bare_svg))
        pictures = {}
        for label, render, svg in [("rsvg before", rsvg, bare_svg), ("rsvg after", rsvg, ours_svg),
                                   ("chromium before", chromium, bare_svg), ("chromium after", chromium, ours_svg)]:
            png = os.path.join(work, f"{stem}-{label.replace(' ', '-')}.png")
            render(svg, png, width, height)
            pictures[label] = load(png, width, height)
        pictures["our png"] = load(os.path.join(work, stem + "-one.png"), width, height)
        subprocess.run(["pdftoppm", "-r", "72", "-scale-to-x", str(width), "-scale-to-y", str(height), "-png", "-singlefile",
                        os.path.join(work, stem + "-one.pdf"), os.path.join(work, stem + "-pdf")], check=True)
        pictures["our pdf"] = load(os.path.join(work, stem + "-pdf.png"), width, height)
        for a, b in [("rsvg before", "rsvg after"), ("chromium before", "chromium after"),
                     ("rsvg before", "our png"), ("rsvg before", "our pdf")]:
            bad, share, mean = measure(pictures[a], pictures[b])
            verdict = "FAIL" if fails(bad, share) else "ok"
            print(f"merge-check: {name:28s} {a:16s} vs {b:15s} {bad:6d} px ({share * 100:.3f} %), mean {mean:.2f}  {verdict}")
            if verdict == "FAIL":
                failures.append(f"{name}: {a} vs {b}")
        sheet = Image.new("RGB", (width * 2, height * 2), "white")
        for i, label in enumerate(["rsvg before", "chromium after", "our png", "our pdf"]):
            a = pictures[label]
            rgb = np.clip(a[:, :, :3] / np.maximum(a[:, :, 3:4] / 255, 1e-9), 0, 255).astype(np.uint8)
            sheet.paste(Image.fromarray(rgb), ((i % 2) * width, (i // 2) * height))
        sheet.save(os.path.join(OUT, stem + ".png"))
        if name == "certificate.svg":
            # The measure can fail: the dashed inner frame drawn solid.
            solid = os.path.join(work, "solid.svg")
            with open(solid, "w") as out:
                out.write(open(bare_svg, encoding="utf-8").read().replace("stroke-dasharray:8,6", "stroke-dasharray:none"))
            png = os.path.join(work, "solid.png")
            rsvg(solid, png, width, height)
            bad, share, _ = measure(pictures["rsvg before"], load(png, width, height))
            print(f"merge-check: negative: the frame's dashes drawn solid: {bad} px ({share * 100:.3f} %)")
            if not fails(bad, share):
                failures.append("the negative check passed: the measure cannot see a dashed frame drawn solid")
    if failures:
        print("merge-check: FAILED: " + "; ".join(failures), file=sys.stderr)
        sys.exit(1)
    print(f"merge-check: {len(TEMPLATES)} templates' artwork drawn the same before and after the merge (sheets in {OUT})")


if __name__ == "__main__":
    main()
