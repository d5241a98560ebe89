#!/usr/bin/env python3
"""`make viewers` (part 4): badges drawn for a theme, read by Chromium in light and in dark mode.

Every badge golden whose case gives `--theme` or `--progress` is opened in Chromium (Playwright
from PyPI, Debian's chromium) twice, with `prefers-color-scheme` emulated light and dark. In
each scheme:

- every element with a dark-scheme class (`PREFIX-dN`) must be painted, as Chromium computes
  its style, with its own attribute's colour in light mode and with the style rule's colour in
  dark mode (so the media query is what switches them, and nothing else);
- every glyph that is not decoration (shadows are `aria-hidden`) must read at WCAG's 4.5:1
  against what is seen under it: its bounding box, cut to the clip of a progress bar's half, is
  sampled every 0.25 px along three rows (a quarter, half and three quarters down), and the
  background there is the pixel of Chromium's own screenshot of the badge with its text hidden
  (so the flat and plastic styles' sheen over a box counts). Text colours are Chromium's
  computed ones, contrast WCAG 2's formula.

Screenshots of both schemes, on a page of each scheme's colour, go to out/theme/. Exits 1 on a
failure. Usage: theme_check.py [FIXTURES_BADGE_DIR]
"""
import io
import os
import re
import shlex
import shutil
import sys

from PIL import Image
from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "out", "theme")

READ = r"""() => {
  const svg = document.documentElement;
  const hidden = el => el.closest('defs, clipPath, mask, [aria-hidden="true"]');
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const classes = [], rects = [], glyphs = [];
  for (const el of svg.querySelectorAll('[class]')) {
    const cs = getComputedStyle(el);
    classes.push({cls: el.getAttribute('class'), fill: cs.fill, stroke: cs.stroke,
                  attrFill: el.getAttribute('fill'), attrStroke: el.getAttribute('stroke')});
  }
  for (const r of svg.querySelectorAll('rect, path')) {
    if (r.closest('defs, clipPath, mask, linearGradient')) continue;
    const cs = getComputedStyle(r);
    if (!cs.fill.startsWith('rgb(') || parseFloat(cs.fillOpacity) < 1 || parseFloat(cs.opacity) < 1) continue;
    rects.push({box: box(r), fill: cs.fill});
  }
  for (const t of svg.querySelectorAll('use, text')) {
    if (hidden(t)) continue;
    // A repeated run's <use> stands for its glyphs; the glyphs inside its definition are skipped.
    let clip = null;
    for (let a = t.parentElement; a && a !== svg; a = a.parentElement) {
      const ref = a.getAttribute('clip-path');
      if (!ref) continue;
      const shape = document.getElementById(ref.slice(5, -1)).querySelector('rect');
      if (shape && !shape.getAttribute('rx')) clip = box(shape);
    }
    glyphs.push({box: box(t), fill: getComputedStyle(t).fill, clip});
  }
  const style = [...svg.querySelectorAll('style')].map(s => s.textContent).join('');
  return {classes, rects, glyphs, style};
}"""


def rgb(text):
    """(r, g, b) of Chromium's `rgb(…)` or of `#rgb`/`#rrggbb`."""
    text = text.strip()
    if text.startswith("rgb"):
        return tuple(int(float(v)) for v in re.findall(r"[\d.]+", text)[:3])
    h = text.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def luminance(c):
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = c
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def themed_cases(folder):
    cases = []
    for line in open(os.path.join(folder, "cases.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        words = shlex.split(line)
        if "--theme" in words or "--progress" in words:
            cases.append(words[0])
    return cases


def check(page, name, svg_path, scheme, failures):
    page.emulate_media(color_scheme=scheme)
    page.goto("file://" + svg_path)
    seen = page.evaluate(READ)
    rules = {cls: (prop, value) for cls, prop, value in
             re.findall(r"\.([\w.-]+)\{(fill|stroke):(#[0-9a-fA-F]{3,8}|[a-z]+)\}", seen["style"])}
    checked = 0
    for el in seen["classes"]:
        for cls in el["cls"].split():
            if not re.search(r"-d\d+$", cls):
                continue
            if cls not in rules:
                failures.append(f"{name}: .{cls} has no rule")
                continue
            prop, dark = rules[cls]
            expected = el["attr" + prop.capitalize()] if scheme == "light" else dark
            if expected is None or rgb(el[prop]) != rgb(expected):
                failures.append(f"{name} ({scheme}): .{cls} is {el[prop]}, not {expected}")
            checked += 1
    # The background as drawn: a screenshot with every glyph hidden, at the page's scale.
    page.evaluate("() => { for (const el of document.querySelectorAll('use, text')) el.style.visibility = 'hidden' }")
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    scale = shot.width / page.viewport_size["width"]
    low = None
    for glyph in seen["glyphs"]:
        x0, y0, x1, y1 = glyph["box"]
        if glyph["clip"]:
            x0, x1 = max(x0, glyph["clip"][0]), min(x1, glyph["clip"][2])
        if x1 - x0 < 0.25 or not glyph["fill"].startswith("rgb("):
            continue
        ink = rgb(glyph["fill"])
        failed = False
        for y in (y0 + (y1 - y0) * k / 4 for k in (1, 2, 3)):
            x = x0 + 0.125
            while x < x1 and not failed:
                under = [r for r in seen["rects"] if r["box"][0] <= x <= r["box"][2] and r["box"][1] <= y <= r["box"][3]]
                if under:
                    seen_there = shot.getpixel((min(shot.width - 1, int(x * scale)), min(shot.height - 1, int(y * scale))))
                    ratio = contrast(ink, seen_there)
                    low = ratio if low is None else min(low, ratio)
                    if ratio < 4.5:
                        failures.append(f"{name} ({scheme}): {glyph['fill']} on rgb{seen_there} at ({x:.2f}, {y:.2f}): {ratio:.2f}:1")
                        failed = True
                x += 0.25
    return checked, low


def main():
    folder = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "badge"))
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        sys.exit("theme check: needs chromium")
    os.makedirs(OUT, exist_ok=True)
    failures = []
    cases = themed_cases(folder)
    with sync_playwright() as p:
        chrome = p.chromium.launch(executable_path=browser, args=["--no-sandbox"])
        page = chrome.new_page(device_scale_factor=4)
        for name in cases:
            path = os.path.join(folder, name + ".svg")
            line = []
            for scheme in ("light", "dark"):
                checked, low = check(page, name, path, scheme, failures)
                line.append(f"{scheme}: {checked} scheme colours, least contrast {low:.2f}:1" if low else f"{scheme}: no text")
                # A screenshot on a page of the scheme's own colour (GitHub's: white, #0d1117).
                html = os.path.join(OUT, f"{name}-{scheme}.html")
                with open(html, "w", encoding="utf-8") as f:
                    f.write(f'<body style="margin:0;padding:8px;background:{"#fff" if scheme == "light" else "#0d1117"}">'
                            f'<img src="file://{path}" style="zoom:2"></body>')
                page.goto("file://" + html)
                b = page.locator("img").bounding_box()
                page.screenshot(path=os.path.join(OUT, f"{name}-{scheme}.png"),
                                clip={"x": 0, "y": 0, "width": b["x"] + b["width"] + 8, "height": b["y"] + b["height"] + 8})
            print(f"{name}: " + "; ".join(line))
        chrome.close()
    for failure in failures:
        print("FAIL " + failure)
    print(f"theme check: {len(cases)} badges in two schemes, {len(failures)} failures; screenshots in out/theme")
    sys.exit(1 if failures or not cases else 0)


if __name__ == "__main__":
    main()
