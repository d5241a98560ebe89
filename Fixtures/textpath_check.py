#!/usr/bin/env python3
"""`make viewers` (part 2): our `rotate` placement against Chromium's own <textPath>.

For each path below, `curvetype path --layout` gives every glyph's origin and angle, and
Chromium lays the same text out on the same path in an inline SVG; `getStartPositionOfChar` and
`getRotationOfChar` give its origins and angles. Chromium measures arc length coarsely, so its
text is laid out 64 times larger (path and font size) and its figures divided by 64.

Chromium's advances differ from HarfBuzz's by 0.004 to 0.012 px a glyph at 24 px (measured; the
same at 64 times the size, so not arc length), and the difference adds up along a line. The
placement rule is checked apart from it: each origin is compared after moving ours along our
tangent by Chromium's pen minus ours (`getSubStringLength`), within 0.05 px, and each angle
within 0.2°. The raw distance is reported too. Tracking is 0; the texts have no ligatures,
so each character is one glyph. Chromium is driven by Playwright (PyPI) through Debian's
chromium (`executable_path`), with the bundled font installed as DejaVu Sans by
fonts-dejavu-core.

Usage: textpath_check.py CURVETYPE
"""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

SCALE = 64
CASES = [
    # (name, path data (absolute M, L, Q, C, A, Z), text, size)
    ("line", "M 10 100 L 600 100", "AVATAR To WAVE", 24),
    ("slope", "M 10 300 L 500 20", "Sloping baseline, kerned AV", 20),
    ("quadratic", "M 20 200 Q 300 -100 580 200", "A quadratic arch of text", 22),
    ("cubic-wave", "M 20 120 C 120 20 220 220 320 120", "CurveType sets type along", 16),
    ("s-curve", "M 20 300 C 20 100 400 300 400 60", "An S-curve with two bends here", 15),
    ("arc", "M 50 200 A 150 150 0 0 1 350 200", "Half a circle by an arc", 18),
    ("ellipse-arc", "M 20 150 A 200 90 0 0 1 420 150", "Along an elliptical arc", 18),
    ("rotated-arc", "M 40 200 A 160 80 30 0 1 360 140", "A rotated elliptical arc", 16),
    ("closed-rect", "M 40 20 L 360 20 L 360 200 L 40 200 Z", "Round the corners of a closed box path", 15),
    ("closed-circle", "M 200 40 A 120 120 0 0 1 200 280 A 120 120 0 0 1 200 40 Z", "CLOSED CIRCLE OF TEXT, ONCE ROUND", 16),
    ("polyline", "M 20 20 L 220 60 L 420 20 L 620 60", "Straight pieces joined at corners", 17),
]


def scaled(data, k):
    """Path data with every coordinate and radius multiplied by k (arc angles and flags kept)."""
    tokens = re.findall(r"[MLQCAZ]|-?[\d.]+(?:e-?\d+)?", data)
    out, command, index = [], None, 0
    for t in tokens:
        if t.isalpha():
            command, index = t, 0
            out.append(t)
            continue
        keep = command == "A" and index % 7 in (2, 3, 4)
        out.append(t if keep else repr(float(t) * k))
        index += 1
    return " ".join(out)


def main():
    curvetype = sys.argv[1]
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        sys.exit("textpath check: needs chromium")
    work = tempfile.mkdtemp(prefix="curvetype-textpath-")
    failures, lines = 0, []
    with sync_playwright() as p:
        chrome = p.chromium.launch(executable_path=browser, args=["--no-sandbox"])
        page = chrome.new_page()
        for name, data, text, size in CASES:
            layout_path = os.path.join(work, name + ".json")
            subprocess.run([curvetype, "path", text, "--d", data, "--size", str(size), "--canvas", "800x400",
                            "--font", "DejaVu Sans", "--layout", layout_path, "-o", os.devnull], check=True)
            glyphs = json.load(open(layout_path))["glyphs"]
            page.set_content(
                '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">'
                f'<g transform="scale({1 / SCALE})"><path id="p" d="{scaled(data, SCALE)}" fill="none"/>'
                f'<text id="t" font-family="DejaVu Sans" font-size="{size * SCALE}" style="font-kerning: normal">'
                f'<textPath href="#p">{text}</textPath></text></g></svg>')
            page.evaluate("document.fonts.ready")
            chars = page.evaluate("""() => { const t = document.getElementById('t'); const n = t.getNumberOfChars();
                const out = []; for (let i = 0; i < n; i++) { try { const p = t.getStartPositionOfChar(i);
                out.push([p.x, p.y, t.getRotationOfChar(i), i > 0 ? t.getSubStringLength(0, i) : 0]); }
                catch (e) { out.push(null); } } return out; }""")
            # A character Chromium did not place (off an open path) has no glyph of ours either.
            placed = {g["cluster"]: g for g in glyphs}
            worst_raw, worst_position, worst_angle, compared = 0.0, 0.0, 0.0, 0
            for i, c in enumerate(chars):
                if c is None or i not in placed or text[i] == " ":
                    continue
                g = placed[i]
                dx, dy = c[0] / SCALE - g["x"], c[1] / SCALE - g["y"]
                # Our origin moved along our tangent by the difference of the two pens.
                pen = c[3] / SCALE - (g["arcLength"] - g["advance"] / 2)
                tx, ty = math.cos(math.radians(g["angle"])), math.sin(math.radians(g["angle"]))
                ex, ey = dx - pen * tx, dy - pen * ty
                turn = abs((c[2] - g["angle"] + 180) % 360 - 180)
                worst_raw = max(worst_raw, math.hypot(dx, dy))
                worst_position, worst_angle = max(worst_position, math.hypot(ex, ey)), max(worst_angle, turn)
                compared += 1
            bad = worst_position > 0.05 or worst_angle > 0.2 or compared < len(text.replace(" ", "")) * 0.8
            failures += bad
            lines.append(f"{name:14s} {compared:3d} glyphs  rule {worst_position:.4f} px  {worst_angle:.4f}°  (raw {worst_raw:.4f} px)"
                         + ("  FAIL" if bad else ""))
        chrome.close()
    shutil.rmtree(work, ignore_errors=True)
    print("our textPath placement against Chromium's (origins, angles):")
    print("\n".join(lines))
    print(f"{len(CASES) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
