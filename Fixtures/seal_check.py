#!/usr/bin/env python3
"""`make viewers` (part 5): every seal golden's layout read back by tools of its own.

For each case of Fixtures/seal/cases.txt, the layout JSON (`--layout`) is checked against the
fonts as fontTools reads them, not as CurveType does:

- every seal in the bundled font: each arc glyph's outline (fontTools' pen, every curve cut
  into 64 chords) is placed by the JSON's origin and angle; its ink's insets from the outer edge
  (on a circle along the radius, on an ellipse along the edge's normal through each point) must
  lie within the ring's stated band to 0.01 px, and the band's edges must be ink to 0.01 px;
- every arc: a bottom arc's glyphs have their tops toward the centre and read counter-clockwise,
  a top arc's the reverse (the glyph's baseline against the ring's tangent at its middle);
- elliptical seals: every ring is the edge's parallel curve, so each glyph reads along the
  edge's tangent where the edge's normal through it starts; the gaps between an arc's letters,
  measured along that parallel curve (speed |E'|(1 - d·κ), by Simpson's rule) at the arc's
  spacing line (a top arc's baseline, a bottom arc's letters' tops), are equal to 0.01 px when
  the arc is spread by a sweep;
- name seals: each cell of the JSON holds one character's ink box (read from the SVG's glyph
  transforms and fontTools' bounds), centred to 0.5 px.

Exits 1 on a failure. Usage: seal_check.py CURVETYPE
"""
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont, TTCollection

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BOLD = os.path.join(ROOT, "Fonts", "DejaVuSans-Bold.ttf")
WQY = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"


def font(path):
    if path.endswith(".ttc"):
        return TTCollection(path).fonts[0]
    return TTFont(path)


def outline_points(glyph_set, name):
    """Points along a glyph's outline, font units: 64 chords a segment."""
    pen = RecordingPen()
    glyph_set[name].draw(pen)
    points, current, start = [], None, None

    def line(a, b):
        for k in range(1, 65):
            t = k / 64
            points.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))

    for op, args in pen.value:
        if op == "moveTo":
            current = start = args[0]
            points.append(current)
        elif op == "lineTo":
            line(current, args[0])
            current = args[0]
        elif op == "qCurveTo":
            controls, end = list(args[:-1]), args[-1]
            for i, c in enumerate(controls):
                e = end if i == len(controls) - 1 else ((c[0] + controls[i + 1][0]) / 2, (c[1] + controls[i + 1][1]) / 2)
                for k in range(1, 65):
                    t = k / 64
                    u = 1 - t
                    points.append((u * u * current[0] + 2 * u * t * c[0] + t * t * e[0], u * u * current[1] + 2 * u * t * c[1] + t * t * e[1]))
                current = e
        elif op == "curveTo":
            c1, c2, e = args
            for k in range(1, 65):
                t = k / 64
                u = 1 - t
                points.append(tuple(u ** 3 * current[i] + 3 * u * u * t * c1[i] + 3 * u * t * t * c2[i] + t ** 3 * e[i] for i in range(2)))
            current = e
        elif op in ("closePath", "endPath"):
            if current != start:
                line(current, start)
            current = start
    return points


def placed(glyph, points, scale):
    """The outline where the SVG puts it: scaled, y flipped, turned about the origin."""
    a = math.radians(glyph["angle"])
    ux, uy = math.cos(a), math.sin(a)
    for x, y in points:
        yield (glyph["x"] + ux * x * scale + math.sin(a) * y * scale, glyph["y"] + uy * x * scale - math.cos(a) * y * scale)


def check_band(name, layout, fonts, failures):
    """Every ring's ink against its stated band, as insets from the outer edge: on a circle
    along the radius, on an ellipse along the edge's normal through each point."""
    cx, cy = layout["center"]["x"], layout["center"]["y"]
    rx, ry = layout["radii"]
    f = fonts[BOLD]
    glyph_set, order, upm = f.getGlyphSet(), f.getGlyphOrder(), f["head"].unitsPerEm

    def inset(x, y):
        if rx == ry:
            return rx - math.hypot(x - cx, y - cy)
        mx, my = x - cx, y - cy
        t = nearest_parameter(rx, ry, mx, my)
        d = math.hypot(mx - rx * math.sin(t), my + ry * math.cos(t))
        return d if (mx / rx) ** 2 + (my / ry) ** 2 <= 1 else -d

    for ring, band in enumerate(layout["bands"]):
        outer, inner = band["outer"], band["inner"]
        near, far = math.inf, -math.inf
        for arc in (a for a in layout["arcs"] if a["ring"] == ring):
            scale = arc["fontSize"] / upm
            for g in arc["glyphs"]:
                for x, y in placed(g, outline_points(glyph_set, order[g["glyph"]]), scale):
                    d = inset(x, y)
                    near, far = min(near, d), max(far, d)
        if abs(near - outer) > 0.01 or abs(far - inner) > 0.01:
            failures.append(f"{name}: ring {ring} ink {near:.4f}…{far:.4f} px in, the band {outer:.4f}…{inner:.4f}")
        print(f"{name}: ring {ring} band {outer:.4f}…{inner:.4f} px in, fontTools' ink {near:.4f}…{far:.4f}")


def nearest_parameter(rx, ry, mx, my):
    """The parameter t of the outer edge's point nearest (mx, my), about the centre: the edge is
    (rx sin t, -ry cos t), and an ellipse ring is its parallel curve, so a point of a ring lies
    on the edge's normal at t. Newton's method from the polar angle."""
    t = math.atan2(mx / rx, -my / ry)
    for _ in range(50):
        ex, ey = rx * math.sin(t), -ry * math.cos(t)
        dx, dy = rx * math.cos(t), ry * math.sin(t)
        ddx, ddy = -rx * math.sin(t), ry * math.cos(t)
        f = (mx - ex) * dx + (my - ey) * dy
        df = (mx - ex) * ddx + (my - ey) * ddy - (dx * dx + dy * dy)
        if df == 0:
            break
        step = f / df
        t -= step
        if abs(step) < 1e-14:
            break
    return t


def check_upright(name, layout, failures):
    cx, cy = layout["center"]["x"], layout["center"]["y"]
    rx, ry = layout["radii"]
    for arc in layout["arcs"]:
        for g in arc["glyphs"]:
            a = math.radians(g["angle"])
            u = (math.cos(a), math.sin(a))
            up = (math.sin(a), -math.cos(a))
            m = (g["x"] + u[0] * g["advance"] / 2 - cx, g["y"] + u[1] * g["advance"] / 2 - cy)
            # The edge's outward normal and clockwise tangent where its normal passes through m
            # (a circle's radius and tangent when rx = ry).
            t = nearest_parameter(rx, ry, *m)
            speed = math.hypot(rx * math.cos(t), ry * math.sin(t))
            n = (ry * math.sin(t) / speed, -rx * math.cos(t) / speed)
            clockwise = (rx * math.cos(t) / speed, ry * math.sin(t) / speed)
            along = u[0] * clockwise[0] + u[1] * clockwise[1]
            outward = up[0] * n[0] + up[1] * n[1]
            want = 1 if arc["side"] == "top" else -1
            if along * want < 0.999999 or outward * want < 0.999999:
                failures.append(f"{name}: a {arc['side']} glyph at ({g['x']:.2f}, {g['y']:.2f}) reads along {along:.5f}, up {outward:.5f}")


def check_ellipse_spacing(name, layout, case, failures):
    cx, cy = layout["center"]["x"], layout["center"]["y"]
    rx, ry = layout["radii"]
    for arc in layout["arcs"]:
        if f"--{arc['side']}-sweep" not in case:
            continue
        # Spaced along the inner edge of its text: a top arc's baseline, a bottom arc's
        # letters' tops (its ink's inner edge), on the edge's parallel curve there.
        d = arc["baselineInset"] if arc["side"] == "top" else arc["inkInner"]

        def parameter(g):
            t = math.radians(g["angle"])
            m = (g["x"] + math.cos(t) * g["advance"] / 2 - cx, g["y"] + math.sin(t) * g["advance"] / 2 - cy)
            return nearest_parameter(rx, ry, *m)

        def length(t0, t1):
            delta = (t1 - t0 + math.pi) % (2 * math.pi) - math.pi
            n = 2000
            h = delta / n

            def f(t):
                speed = math.sqrt(rx * rx * math.cos(t) ** 2 + ry * ry * math.sin(t) ** 2)
                return speed - d * rx * ry / (speed * speed)
            return abs(h / 3 * (f(t0) + f(t0 + delta) + sum(f(t0 + k * h) * (4 if k % 2 else 2) for k in range(1, n))))

        glyphs = arc["glyphs"]
        gaps = [length(parameter(p), parameter(q)) - (p["advance"] + q["advance"]) / 2 for p, q in zip(glyphs, glyphs[1:])]
        spread = max(gaps) - min(gaps)
        print(f"{name}: {arc['side']} arc, {len(gaps)} gaps by arc length along the ring agree to {spread:.5f} px")
        if spread > 0.01:
            failures.append(f"{name}: the {arc['side']} arc's gaps differ by {spread:.4f} px")


def check_cells(name, svg, layout, fonts, failures):
    f = fonts[WQY]
    glyph_set, order = f.getGlyphSet(), f.getGlyphOrder()
    # Each glyph: <use href="#…-gN" transform="matrix(a b c d e f)"/> over a path defined at
    # scale(k -k) in font units.
    scales = {m.group(1): float(m.group(2)) for m in re.finditer(r'<path id="([^"]+)" transform="scale\(([-0-9.e]+) [-0-9.e]+\)"', svg)}
    uses = re.findall(r'<use (?:xlink:)?href="#([^"]+)" transform="matrix\(([^)]*)\)"', svg)
    boxes = []
    for ref, matrix in uses:
        ga, gb, gc, gd, ge, gf = map(float, matrix.replace(",", " ").split())
        glyph = int(ref.rsplit("g", 1)[1].split("-")[-1])
        pen = BoundsPen(glyph_set)
        glyph_set[order[glyph]].draw(pen)
        x0, y0, x1, y1 = pen.bounds
        k = scales[ref]
        corners = [(x * k, -y * k) for x in (x0, x1) for y in (y0, y1)]
        mapped = [(ga * x + gc * y + ge, gb * x + gd * y + gf) for x, y in corners]
        boxes.append((min(p[0] for p in mapped), min(p[1] for p in mapped), max(p[0] for p in mapped), max(p[1] for p in mapped)))
    cells = layout["cells"]
    if len(boxes) != len(cells):
        failures.append(f"{name}: {len(boxes)} glyphs for {len(cells)} cells")
        return
    worst = 0
    for box, cell in zip(boxes, cells):
        dx = (box[0] + box[2]) / 2 - (cell["minX"] + cell["maxX"]) / 2
        dy = (box[1] + box[3]) / 2 - (cell["minY"] + cell["maxY"]) / 2
        worst = max(worst, abs(dx), abs(dy))
    print(f"{name}: {len(cells)} cells, ink boxes centred to {worst:.2e} px (SVG precision 0.01 px)")
    if worst > 0.5:
        failures.append(f"{name}: a character's ink is {worst:.3f} px off its cell's centre")


def main():
    binary = sys.argv[1]
    fonts = {BOLD: font(BOLD)}
    if os.path.exists(WQY):
        fonts[WQY] = font(WQY)
    failures, checked = [], 0
    with open(os.path.join(HERE, "seal", "cases.txt"), encoding="utf-8") as f:
        lines = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    with tempfile.TemporaryDirectory() as scratch:
        for line in lines:
            name, rest = line.split(" ", 1)
            words = subprocess.run(["bash", "-c", 'for a in ' + rest + '; do printf "%s\\0" "$a"; done'],
                                   capture_output=True, check=True).stdout.split(b"\0")[:-1]
            arguments = [w.decode() for w in words]
            svg_path, json_path = os.path.join(scratch, "s.svg"), os.path.join(scratch, "s.json")
            subprocess.run([binary, "seal", *arguments, "-o", svg_path, "--layout", json_path], check=True, cwd=ROOT)
            layout = json.load(open(json_path, encoding="utf-8"))
            svg = open(svg_path, encoding="utf-8").read()
            custom_font = any(a in ("--font", "--top-font", "--bottom-font") for a in arguments) or "--glyphs" in arguments
            if layout["cells"]:
                if WQY in " ".join(arguments) and WQY in fonts:
                    check_cells(name, svg, layout, fonts, failures)
                    checked += 1
                continue
            check_upright(name, layout, failures)
            if not custom_font:
                check_band(name, layout, fonts, failures)
            if layout["radii"][0] != layout["radii"][1]:
                check_ellipse_spacing(name, layout, arguments, failures)
            checked += 1
    for failure in failures:
        print("FAIL", failure)
    print(f"seal check: {checked} seals read back with fontTools, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
