#!/usr/bin/env python3
"""Machine files measured by tools that are not ours.

Each case of Fixtures/machine/checks.txt is drawn by curvetype as an SVG (the drawing, at true
size with --units mm), a DXF, G-code (with arcs and G1 alone), HPGL and a plotter SVG, then:

- DXF: ezdxf's audit() finds 0 errors; ezdxf's geometry (its own flattening of our bulges)
  lies within 0.001 mm of the plotter SVG's (the same strokes, written as SVG arcs and read
  by svgelements), and within the tolerance of the drawing (the SVG, read by svgelements,
  through its <use>s and transforms), both ways (Shapely's Hausdorff distance).
- G-code: parsed back here (G0/G1/G2/G3 with I/J, absolute, mm); every arc's start and end
  lie at one distance from its centre within 0.001 mm; the cut path lies within the tolerance
  of the drawing both ways; the laser is off (M5) on every G0; with --lines-only there is no
  G2 or G3 and the same bound holds.
- HPGL: PU/PD read back; within the tolerance plus half a plotter unit (0.0125 mm) of the
  drawing.
- Single-line fonts: the strokes cut are the font's own, at most one path per stroke of the
  .jhf file, of the SVG font's glyph paths or of the OpenType-SVG font's glyph documents (each
  read here: the .jhf by hand, the SVG font by ElementTree and svgelements, the OpenType font
  by fontTools; strokes whose ends meet are one path), with no segment traced twice and none
  closing a stroke the font left open.
- Plotter order: the pen-up travel of our plotter SVG is no longer than that of
  `vpype read … linesort write …` on the same file, and it has no more paths (pen lifts) than
  `vpype read … linemerge --tolerance 0.001mm linesort write …` leaves.
- True size: Inkscape exports each SVG's page at 96 dpi to the pixels its width in mm says,
  and `inkscape --query-width` measures the plotter SVG's ink as wide as its strokes are in mm.

Each case of Fixtures/machine/outlines.txt is welded (--weld), offset for a 0.2 mm kerf and
bridged for a stencil (0.8 mm), as DXF fitted to 0.0001 mm, and read into Shapely polygons
(rings nested by even-odd depth):

- Weld: every ring is simple and no two touch; every polygon is valid; the union's area is
  the sum of the parts' within 1e-6 mm²; no two polygons overlap.
- Kerf: every point of the offset outline lies 0.1 mm (half the kerf) from the welded one,
  within 0.001 mm, no point of the welded one nearer the offset than that, and the offset
  holds the drawing.
- Stencil: the sheet round the cut letters is one piece (no island falls out), no hole is
  left, and each bridge's two cut sides lie at least 0.8 mm apart (less 0.001).

Each DXF is also drawn back by ezdxf's own SVG backend into out/machine/, to look at.
The checks are shown to fail: each run then breaks one case's files on purpose, one way at a
time, and expects the checks to fail.
"""
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile

import ezdxf
import svgelements
from shapely.geometry import LineString, MultiLineString

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CURVETYPE = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else os.path.join(ROOT, ".build/debug/curvetype")
OUT = os.path.join(ROOT, "out", "machine")
MM_PER_PX = 25.4 / 96
TOLERANCE = 0.01  # mm, curvetype's default --machine-tolerance
# (case, our paths, vpype linemerge + linesort's, the file's paths before vpype merges), printed.
PEN_LIFTS = []
SAMPLE = 0.0002   # mm: how finely the readers here flatten curves


def fail(message):
    raise AssertionError(message)


def run(args, output):
    result = subprocess.run([CURVETYPE] + args + ["-o", output], capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"curvetype {' '.join(args)} -o {output} failed: {result.stderr.strip()}")


def flatten_segment(segment, out):
    """Points along an svgelements segment, in its units, at most SAMPLE mm apart-ish."""
    length = segment.length(error=1e-6) if not isinstance(segment, svgelements.Line) else 0
    if isinstance(segment, (svgelements.Line, svgelements.Close)):
        out.append((segment.end.x, segment.end.y))
        return
    count = max(2, int(math.ceil(length / 0.02)))
    for k in range(1, count + 1):
        p = segment.point(k / count)
        out.append((p.x, p.y))


def svg_polylines(file, height_mm):
    """The linework of an SVG (every path, rect, circle; through <use> and transforms) in mm, y
    up from the bottom, as polylines."""
    svg = svgelements.SVG.parse(file, ppi=96)
    lines = []
    for element in svg.elements():
        if isinstance(element, svgelements.Shape) and not isinstance(element, svgelements.Text):
            if element.values.get("visibility") == "hidden":
                continue
            path = svgelements.Path(element)
            path.reify()
            current = []
            for segment in path.segments():
                if isinstance(segment, svgelements.Move):
                    if len(current) > 1:
                        lines.append(current)
                    current = [(segment.end.x, segment.end.y)]
                    continue
                flatten_segment(segment, current)
            if len(current) > 1:
                lines.append(current)
    # svgelements gives px of the viewport (96 per inch); the drawing's y runs down.
    return [[(x * MM_PER_PX, height_mm - y * MM_PER_PX) for x, y in line] for line in lines]


def svg_size_mm(file):
    text = open(file).read(2000)
    w = re.search(r'width="([0-9.]+)mm"', text)
    h = re.search(r'height="([0-9.]+)mm"', text)
    if not (w and h):
        fail(f"{file}: width and height are not in mm")
    return float(w.group(1)), float(h.group(1))


def dxf_polylines(file):
    doc = ezdxf.readfile(file)
    auditor = doc.audit()
    if auditor.has_errors:
        fail(f"{file}: ezdxf's audit finds {len(auditor.errors)} errors: {[e.message for e in auditor.errors][:3]}")
    if doc.header.get("$INSUNITS") != 4:
        fail(f"{file}: $INSUNITS is {doc.header.get('$INSUNITS')}, not 4 (mm)")
    lines = []
    for entity in doc.modelspace():
        # ezdxf's own reading of each polyline into LINEs and ARCs (its Path would stand a
        # cubic in for each arc, 0.003 mm off on a 10 mm quarter circle): arcs flattened here.
        # Each piece its own polyline: the distances measured here take linework as a set.
        for part in entity.virtual_entities():
            if part.dxftype() == "LINE":
                lines.append([(part.dxf.start.x, part.dxf.start.y), (part.dxf.end.x, part.dxf.end.y)])
            else:
                lines.append([(v.x, v.y) for v in part.flattening(sagitta=SAMPLE)])
    layers = {e.dxf.layer for e in doc.modelspace()}
    return lines, layers, doc


def gcode_paths(file):
    """Cut paths from G-code: lists of points (arcs flattened), and the arcs' radius errors."""
    paths, current, at = [], None, (0.0, 0.0)
    laser_on, worst_radius, arcs = False, 0.0, 0
    for raw in open(file):
        line = raw.split(";")[0].strip()
        if not line:
            continue
        words = dict((w[0], w[1:]) for w in line.split())
        if "M" in words:
            laser_on = words["M"] in ("3", "4")
            continue
        if "G" not in words or words["G"] not in ("0", "1", "2", "3"):
            continue
        g = words["G"]
        to = (float(words.get("X", at[0])), float(words.get("Y", at[1])))
        if g == "0":
            if laser_on:
                fail(f"{file}: a G0 travel with the laser on: {line}")
            if current and len(current) > 1:
                paths.append(current)
            current = [to]
        elif g == "1":
            current.append(to)
        else:
            arcs += 1
            c = (at[0] + float(words["I"]), at[1] + float(words["J"]))
            r0, r1 = math.dist(at, c), math.dist(to, c)
            worst_radius = max(worst_radius, abs(r0 - r1))
            a0 = math.atan2(at[1] - c[1], at[0] - c[0])
            a1 = math.atan2(to[1] - c[1], to[0] - c[0])
            sweep = a1 - a0
            if g == "3":
                while sweep <= 0:
                    sweep += 2 * math.pi
            else:
                while sweep >= 0:
                    sweep -= 2 * math.pi
            n = max(2, int(abs(sweep) * r0 / 0.01) + 1)
            for k in range(1, n + 1):
                a = a0 + sweep * k / n
                current.append((c[0] + r0 * math.cos(a), c[1] + r0 * math.sin(a)))
            current[-1] = to
        at = to
    if current and len(current) > 1:
        paths.append(current)
    return paths, worst_radius, arcs


def hpgl_paths(file):
    paths, current = [], None
    for command in open(file).read().replace("\n", "").split(";"):
        if command.startswith("PU"):
            if current and len(current) > 1:
                paths.append(current)
            numbers = [int(n) for n in command[2:].split(",") if n]
            current = [(numbers[0] / 40, numbers[1] / 40)] if numbers else None
        elif command.startswith("PD"):
            numbers = [int(n) for n in command[2:].split(",") if n]
            current += [(numbers[k] / 40, numbers[k + 1] / 40) for k in range(0, len(numbers), 2)]
    if current and len(current) > 1:
        paths.append(current)
    return paths


def lines_of(polylines):
    return MultiLineString([LineString(p) for p in polylines if len(p) > 1])


def samples(polylines):
    """Every vertex of the polylines and every segment's middle, as an array."""
    import numpy
    out = []
    for p in polylines:
        out += p
        out += [((x0 + x1) / 2, (y0 + y1) / 2) for (x0, y0), (x1, y1) in zip(p, p[1:])]
    return numpy.array(out, dtype=float).reshape(-1, 2)


def nearest_distances(points, polylines):
    """The distance from each of `points` to the nearest segment of `polylines` (Shapely's
    STRtree of the segments: exact distances to the lines, in n log m)."""
    import shapely
    from shapely.strtree import STRtree
    segments = [LineString([a, b]) for p in polylines for a, b in zip(p, p[1:]) if a != b]
    tree = STRtree(segments)
    _, distances = tree.query_nearest(shapely.points(points), return_distance=True, all_matches=False)
    return distances


def hausdorff(a, b):
    """The Hausdorff distance of two sets of polylines: the farthest any sampled point of one
    lies from the other's lines, both ways."""
    return max(nearest_distances(samples(a), b).max(), nearest_distances(samples(b), a).max())


def travel(polylines):
    total, at = 0.0, None
    for p in polylines:
        if at is not None:
            total += math.dist(at, p[0])
        at = p[-1]
    return total


def plotter_svg_paths(file):
    """Paths of an SVG in document order, each as a polyline (px of the viewport)."""
    svg = svgelements.SVG.parse(file, ppi=96)
    out = []
    for element in svg.elements():
        if isinstance(element, svgelements.Shape) and not isinstance(element, svgelements.Text):
            current = []
            element = svgelements.Path(element)
            element.reify()
            for segment in element.segments():
                if isinstance(segment, svgelements.Move):
                    if len(current) > 1:
                        out.append(current)
                    current = [(segment.end.x, segment.end.y)]
                else:
                    flatten_segment(segment, current)
            if len(current) > 1:
                out.append(current)
    return out


def jhf_strokes(name, text):
    """How many strokes the Hershey font `name` draws for `text`, read from its .jhf here."""
    data = open(f"/usr/share/hershey-fonts/{name}.jhf", "rb").read().split(b"\n")
    records, i = [], 0
    while i < len(data):
        line = data[i].rstrip(b"\r")
        i += 1
        if not line.strip():
            continue
        count = int(line[5:8])
        while len(line) < 8 + 2 * count and i < len(data):
            line += data[i].rstrip(b"\r")
            i += 1
        pairs = [line[8 + 2 * k: 10 + 2 * k] for k in range(1, count)]
        strokes, current = 0, 0
        for pair in pairs + [b" R"]:
            if pair == b" R":
                strokes += 1 if current else 0
                current = 0
            else:
                current += 1
        records.append(strokes)
    return sum(records[ord(c) - 32] for c in text)


def subpaths_drawn(d):
    """How many subpaths of SVG path data `d` draw something (svgelements reads it)."""
    if not d:
        return 0
    return sum(1 for sub in svgelements.Path(d).as_subpaths()
               if any(not isinstance(seg, svgelements.Move) for seg in sub))


def svg_font_strokes(file, text):
    """How many strokes the SVG font `file` draws for `text`: its glyphs' subpaths."""
    import xml.etree.ElementTree as ET
    font = ET.parse(file).getroot().find(".//{http://www.w3.org/2000/svg}font")
    glyphs = {}
    for glyph in font.findall("{http://www.w3.org/2000/svg}glyph"):
        unicode = glyph.get("unicode")
        if unicode and len(unicode) == 1 and unicode not in glyphs:
            glyphs[unicode] = subpaths_drawn(glyph.get("d"))
    return sum(glyphs[c] for c in text)


def svg_table_strokes(file, text):
    """How many strokes the OpenType-SVG font `file` draws for `text`: the subpaths of the
    paths in its glyphs' SVG documents (fontTools reads the table)."""
    from fontTools.ttLib import TTFont
    font = TTFont(file)
    cmap, order = font.getBestCmap(), font.getGlyphOrder()
    documents = {}
    for doc in font["SVG "].docList:
        for glyph in range(doc.startGlyphID, doc.endGlyphID + 1):
            documents[glyph] = doc.data
    total = 0
    for c in text:
        glyph = order.index(cmap[ord(c)])
        for d in re.findall(r'\sd="([^"]*)"', documents.get(glyph, "")):
            total += subpaths_drawn(d)
    return total


def font_strokes(font, text):
    """How many strokes `font` draws for `text`: a Hershey font's name, an SVG font's file or an
    OpenType-SVG font's file (paths from the project's root)."""
    if font.endswith(".svg"):
        return svg_font_strokes(os.path.join(ROOT, font), text)
    if font.endswith(".otf"):
        return svg_table_strokes(os.path.join(ROOT, font), text)
    return jhf_strokes(font, text)


def segments_traced_twice(polylines):
    seen, twice = set(), 0
    for p in polylines:
        for a, b in zip(p, p[1:]):
            key = tuple(sorted([(round(a[0], 3), round(a[1], 3)), (round(b[0], 3), round(b[1], 3))]))
            if key[0] == key[1]:
                continue
            if key in seen:
                twice += 1
            seen.add(key)
    return twice


def inkscape_page_width(file, folder):
    png = os.path.join(folder, os.path.basename(file) + ".png")
    subprocess.run(["inkscape", file, "--export-type=png", "--export-area-page", "--export-dpi=96",
                    f"--export-filename={png}"], capture_output=True, check=True)
    with open(png, "rb") as f:
        head = f.read(24)
    return int.from_bytes(head[16:20], "big")


def draw_case(name, args, folder):
    base = os.path.join(folder, name)
    for ext in ("svg", "dxf", "gcode", "hpgl"):
        run(args, f"{base}.{ext}")
    run(args + ["--format", "plotter-svg"], base + ".plotter.svg")
    run(args + ["--lines-only"], base + ".g1.gcode")


def check_case(name, hershey, folder, report, drawn_back=True):
    base = os.path.join(folder, name)
    files = {ext: f"{base}.{ext}" for ext in ("svg", "dxf", "gcode", "hpgl")}

    # The plotter SVG's size, to 0.0001 mm, is the machine files' (y runs up from its bottom);
    # the SVG's is rounded up to --precision (0.01 mm), so that it never cuts the ink, and is
    # not the one to flip by.
    width_mm, height_mm = svg_size_mm(base + ".plotter.svg")
    drawn_width, drawn_height = svg_size_mm(files["svg"])
    if not (-0.0001 <= drawn_width - width_mm < 0.0101 and -0.0001 <= drawn_height - height_mm < 0.0101):
        fail(f"{name}: the SVG is {drawn_width}x{drawn_height} mm, the plotter SVG {width_mm}x{height_mm}")
    drawing = svg_polylines(files["svg"], height_mm)
    plotter = svg_polylines(base + ".plotter.svg", height_mm)

    dxf, layers, doc = dxf_polylines(files["dxf"])
    d_plotter = hausdorff(dxf, plotter)
    if d_plotter > 0.001:
        fail(f"{name}: the DXF and the plotter SVG differ by {d_plotter:.5f} mm (> 0.001)")
    d_drawing = hausdorff(dxf, drawing)
    if d_drawing > TOLERANCE + 0.001:
        fail(f"{name}: the DXF lies {d_drawing:.5f} mm from the drawing (> {TOLERANCE} + 0.001)")

    cut, radius_error, arcs = gcode_paths(files["gcode"])
    if radius_error > 0.001:
        fail(f"{name}: a G2/G3 arc's ends are {radius_error:.5f} mm apart in distance from its centre")
    d_gcode = hausdorff(cut, drawing)
    if d_gcode > TOLERANCE + 0.001:
        fail(f"{name}: the G-code tool path lies {d_gcode:.5f} mm from the drawing (> {TOLERANCE} + 0.001)")
    g1, _, g1_arcs = gcode_paths(base + ".g1.gcode")
    if g1_arcs:
        fail(f"{name}: --lines-only G-code has {g1_arcs} arcs")
    d_g1 = hausdorff(g1, drawing)
    if d_g1 > TOLERANCE + 0.001:
        fail(f"{name}: the G1-only tool path lies {d_g1:.5f} mm from the drawing")

    hp = hpgl_paths(files["hpgl"])
    d_hpgl = hausdorff(hp, drawing)
    if d_hpgl > TOLERANCE + 0.0125 * math.sqrt(2) + 0.001:
        fail(f"{name}: the HPGL lies {d_hpgl:.5f} mm from the drawing")

    if hershey:
        font, text, others = hershey
        strokes = font_strokes(font, text)
        # Strokes whose ends meet are cut as one path (linemerge), never more paths than the
        # font's strokes; the strokes' segments are all cut (the tool path lies within the
        # tolerance of the drawing, both ways) and none twice.
        if len(cut) > strokes + others:
            fail(f"{name}: {len(cut)} paths cut, but the font draws {strokes} strokes (and {others} other paths)")
        twice = segments_traced_twice(cut)
        if twice:
            fail(f"{name}: {twice} segments are traced twice")

    ours = plotter_svg_paths(base + ".plotter.svg")
    sorted_file = base + ".vpype.svg"
    subprocess.run([os.path.join(os.path.dirname(sys.executable), "vpype"), "read", base + ".plotter.svg",
                    "linesort", "write", sorted_file], check=True, capture_output=True)
    theirs = plotter_svg_paths(sorted_file)
    t_ours, t_vpype = travel(ours) * MM_PER_PX, travel(theirs) * MM_PER_PX
    if t_ours > t_vpype * (1 + 1e-6) + 1e-6:
        fail(f"{name}: pen-up travel {t_ours:.2f} mm, longer than vpype linesort's {t_vpype:.2f} mm")
    # Pen lifts: no more than vpype's linemerge then linesort leaves, merging the gaps we merge
    # (a tenth of the tolerance: the step that bridges one is drawn).
    merged_file = base + ".vpype-merged.svg"
    subprocess.run([os.path.join(os.path.dirname(sys.executable), "vpype"), "read", base + ".plotter.svg",
                    "linemerge", "--tolerance", f"{TOLERANCE / 10}mm", "linesort", "write", merged_file], check=True, capture_output=True)
    merged = plotter_svg_paths(merged_file)
    if len(ours) > len(merged):
        fail(f"{name}: {len(ours)} pen lifts, more than vpype linemerge's {len(merged)}")
    PEN_LIFTS.append((name, len(ours), len(merged), len(theirs)))

    # Inkscape's --query-width: the plotter SVG's ink, strokes included (0.3 mm pens, half
    # each side), in px at 96 to the inch, is the strokes' own width in mm.
    queried = float(subprocess.run(["inkscape", "--query-width", base + ".plotter.svg"], capture_output=True, text=True).stdout.strip())
    xs = [x for line in plotter for x, _ in line]
    ink = max(xs) - min(xs) + 0.3
    if abs(queried * MM_PER_PX - ink) > 0.01:
        fail(f"{name}: Inkscape measures the plotter SVG's ink {queried * MM_PER_PX:.4f} mm wide, not {ink:.4f} mm")
    for file in (files["svg"], base + ".plotter.svg"):
        pixels = inkscape_page_width(file, folder)
        expected = round(width_mm / 25.4 * 96)
        if abs(pixels - expected) > 1:
            fail(f"{name}: Inkscape exports {os.path.basename(file)} {pixels} px wide at 96 dpi, not {expected} ({width_mm} mm)")

    if not drawn_back:
        return
    os.makedirs(OUT, exist_ok=True)
    from ezdxf.addons.drawing import Frontend, RenderContext, layout, svg as dxfsvg
    backend = dxfsvg.SVGBackend()
    Frontend(RenderContext(doc), backend).draw_layout(doc.modelspace())
    page = layout.Page(width_mm + 4, height_mm + 4, layout.Units.mm, margins=layout.Margins.all(2))
    with open(os.path.join(OUT, name + ".dxf.svg"), "w") as f:
        f.write(backend.get_string(page))

    report.append(f"{name}: {width_mm}x{height_mm} mm; DXF {len(dxf)} lines and arcs on {len(layers)} layers, "
                  f"{d_plotter:.5f} mm from the plotter SVG, {d_drawing:.4f} from the drawing; G-code {len(cut)} paths, "
                  f"{arcs} arcs (radius error {radius_error:.6f}), {d_gcode:.4f} mm; G1 {d_g1:.4f}; HPGL {d_hpgl:.4f}; "
                  f"travel {t_ours:.1f} mm vs vpype {t_vpype:.1f}")


def dxf_rings(file):
    """The closed polylines of a DXF (after ezdxf's audit), as Shapely rings flattened by ezdxf."""
    from ezdxf.math import bulge_to_arc
    lines, _, doc = dxf_polylines(file)
    rings = []
    for entity in doc.modelspace():
        if not entity.is_closed:
            fail(f"{file}: an outline is open")
        vertices = [(v.dxf.location.x, v.dxf.location.y, v.dxf.bulge) for v in entity.vertices]
        points = []
        for k, (x, y, bulge) in enumerate(vertices):
            to = vertices[(k + 1) % len(vertices)][:2]
            points.append((x, y))
            if bulge:
                # ezdxf's centre and radius of the bulge; walked here from this vertex, the
                # way the bulge's sign says (positive: counter-clockwise).
                center, _, _, radius = bulge_to_arc((x, y), to, bulge)
                a0 = math.atan2(y - center.y, x - center.x)
                sweep = 4 * math.atan(bulge)
                n = max(2, int(abs(sweep) * radius / 0.002) + 1)
                points += [(center.x + radius * math.cos(a0 + sweep * i / n), center.y + radius * math.sin(a0 + sweep * i / n))
                           for i in range(1, n)]
        rings.append(points)
    return rings


def polygons_of(rings):
    """Rings nested into polygons by even-odd depth: a ring inside an odd number of others is a
    hole of the smallest one holding it. Also whether every ring is simple and no two cross."""
    from shapely.geometry import LinearRing, Polygon
    from shapely.strtree import STRtree
    shapes = [Polygon(r) for r in rings]
    for k, r in enumerate(rings):
        if not LinearRing(r).is_simple:
            fail(f"ring {k} crosses itself")
    tree = STRtree([LinearRing(r) for r in rings])
    boundaries = [LinearRing(r) for r in rings]
    for k, b in enumerate(boundaries):
        for j in tree.query(b):
            if j > k and b.intersects(boundaries[j]):
                fail(f"rings {k} and {j} touch or cross")
    depth, holder = [], []
    for k, shape in enumerate(shapes):
        inside = [j for j in range(len(shapes)) if j != k and shapes[j].area > shape.area and shapes[j].contains(shape)]
        depth.append(len(inside))
        holder.append(min(inside, key=lambda j: shapes[j].area) if inside else None)
    polygons = []
    for k in range(len(shapes)):
        if depth[k] % 2 == 0:
            holes = [rings[j] for j in range(len(shapes)) if depth[j] == depth[k] + 1 and holder[j] == k]
            polygons.append(Polygon(rings[k], holes))
    return polygons


def check_weld(name, polygons):
    from shapely.ops import unary_union
    from shapely.strtree import STRtree
    for k, p in enumerate(polygons):
        if not p.is_valid:
            from shapely.validation import explain_validity
            fail(f"{name}: polygon {k} is not valid: {explain_validity(p)}")
    total = sum(p.area for p in polygons)
    union = unary_union(polygons).area
    if abs(union - total) > 1e-6:
        fail(f"{name}: the union's area {union:.9f} is not the sum of the parts' {total:.9f}")
    tree = STRtree(polygons)
    overlaps = 0
    for k, p in enumerate(polygons):
        for j in tree.query(p):
            if j > k and p.intersection(polygons[j]).area > 1e-9:
                overlaps += 1
    if overlaps:
        fail(f"{name}: {overlaps} pairs of polygons overlap")
    return total


def rings_of(polygons):
    return [list(ring.coords) for p in polygons for ring in [p.exterior] + list(p.interiors)]


def check_kerf(name, welded, offset, kerf):
    """Every point of the offset outline lies kerf/2 from the welded one (within 0.001 mm), and
    no point of the welded outline lies nearer the offset one than kerf/2 (less 0.001)."""
    from shapely.ops import unary_union
    half = kerf / 2
    worst_out = abs(nearest_distances(samples(rings_of(offset)), rings_of(welded)) - half).max()
    if worst_out > 0.001:
        fail(f"{name}: the kerf outline strays {worst_out:.5f} mm from {half} mm off the drawing")
    nearest = nearest_distances(samples(rings_of(welded)), rings_of(offset)).min()
    if nearest < half - 0.001:
        fail(f"{name}: the drawing comes within {nearest:.5f} mm of the kerf outline (< {half} − 0.001)")
    # The pieces grow outward, the holes shrink: the offset covers the drawing.
    if not unary_union(offset).buffer(1e-6).contains(unary_union(welded)):
        fail(f"{name}: the kerf outline does not hold the drawing")
    return worst_out, nearest


def check_stencil(name, welded, bridged, width):
    """The sheet round the cut letters is one piece (no island falls out), and each strip the
    bridges leave is at least `width` across."""
    from shapely.geometry import box
    from shapely.ops import unary_union
    ink = unary_union(bridged)
    minx, miny, maxx, maxy = ink.bounds
    sheet = box(minx - 5, miny - 5, maxx + 5, maxy + 5).difference(ink)
    if sheet.geom_type != "Polygon":
        fail(f"{name}: the stencil's sheet falls into {len(sheet.geoms)} pieces")
    holes = sum(len(p.interiors) for p in bridged)
    if holes:
        fail(f"{name}: {holes} holes are left unbridged")
    # What the bridges took away; the slivers where two fittings of one outline differ by
    # less than the fitting tolerance (0.0001 mm) are opened away first.
    strips = unary_union(welded).difference(ink).buffer(-0.0005).buffer(0.0005)
    pieces = [strips] if strips.geom_type == "Polygon" else list(strips.geoms)
    # A bridge's width: the cut leaves straight edges (the parts of a removed piece's
    # boundary off the letter's own outline); the bridge's two sides are parallel edges on two
    # lines, and its width the distance between them: the least such distance in the piece
    # (its ends, parallel too, lie farther apart: the stroke and half a width past each side).
    outline = unary_union([p.boundary for p in welded]).buffer(0.0005)
    narrowest, bridges = math.inf, 0
    for piece in pieces:
        if piece.area < 1e-6:
            continue
        edges = piece.boundary.difference(outline)
        parts = [edges] if edges.geom_type == "LineString" else list(getattr(edges, "geoms", []))
        segments = [(a, b) for e in parts for a, b in zip(e.coords, list(e.coords)[1:]) if math.dist(a, b) > 0.05]
        widths = []
        for k, (a, b) in enumerate(segments):
            length = math.dist(a, b)
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            for c, d in segments[k + 1:]:
                other = math.dist(c, d)
                if abs(ux * (d[1] - c[1]) / other - uy * (d[0] - c[0]) / other) > 0.01:
                    continue  # not parallel
                gap = abs((c[0] - a[0]) * -uy + (c[1] - a[1]) * ux)
                # Closer than 0.01 mm: one line fitted twice (the outlines are fitted to
                # 0.0001 mm), not two sides of a bridge.
                if gap > 0.01:
                    widths.append(gap)
        if widths:
            bridges += 1
            narrowest = min(narrowest, min(widths))
    if bridges == 0:
        fail(f"{name}: no bridge found")
    if narrowest < width - 0.001:
        fail(f"{name}: a bridge is {narrowest:.4f} mm wide, less than {width}")
    return bridges, narrowest


def outline_cases(folder, report):
    with open(os.path.join(ROOT, "Fixtures", "machine", "outlines.txt")) as f:
        entries = [shlex.split(line) for line in f if line.strip() and not line.startswith("#")]
    fine = ["--machine-tolerance", "0.0001"]
    for words in entries:
        name, args = words[0], words[1:]
        base = os.path.join(folder, "outline-" + name)
        run(args + ["--weld"] + fine, base + ".weld.dxf")
        welded = polygons_of(dxf_rings(base + ".weld.dxf"))
        area = check_weld(name, welded)
        run(args + ["--kerf", "0.2"] + fine, base + ".kerf.dxf")
        offset = polygons_of(dxf_rings(base + ".kerf.dxf"))
        check_weld(name + " (kerf)", offset)
        worst, nearest = check_kerf(name, welded, offset, 0.2)
        line = (f"outline {name}: {len(welded)} welded polygons, {sum(len(p.interiors) for p in welded)} holes, {area:.3f} mm², "
                f"valid, 0 overlaps; kerf 0.2 mm: offset {worst:.5f} mm from 0.1, drawing ≥ {nearest:.5f} mm from it")
        if any(p.interiors for p in welded):
            run(args + ["--stencil", "0.8"] + fine, base + ".stencil.dxf")
            bridged = polygons_of(dxf_rings(base + ".stencil.dxf"))
            check_weld(name + " (stencil)", bridged)
            strips, narrowest = check_stencil(name, welded, bridged, 0.8)
            line += f"; stencil 0.8 mm: sheet in one piece, {strips} bridges, narrowest {narrowest:.4f} mm"
        report.append(line)


def cases():
    out = []
    with open(os.path.join(ROOT, "Fixtures", "machine", "checks.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            words = shlex.split(line)
            name, hershey, args = words[0], None, words[1:]
            if "--" in args:
                cut = args.index("--")
                font, text, others = args[cut + 1:cut + 4]
                hershey, args = (font, text, int(others)), args[:cut]
            out.append((name, args, hershey))
    return out


def edit(file, change):
    with open(file) as f:
        text = f.read()
    changed = change(text)
    if changed == text:
        fail(f"self-test: the change to {os.path.basename(file)} changed nothing")
    with open(file, "w") as f:
        f.write(changed)


def shift_first_vertex(text):
    # The first VERTEX's x, 0.01 mm to the right.
    at = text.index("VERTEX")
    start = text.index("\n10\n", at) + 4
    end = text.index("\n", start)
    return text[:start] + repr(float(text[start:end]) + 0.01) + text[end:]


def flip_first_arc(text):
    # The first arc turned the other way.
    for old, new in (("G2 ", "G3 "), ("G3 ", "G2 ")):
        if old in text:
            return text.replace(old, new, 1)
    return text


def retrace_a_segment(text):
    # After the second cut of a path, back to the first and on again: one segment twice.
    lines = text.split("\n")
    for k in range(1, len(lines) - 1):
        if lines[k].startswith("G1 ") and lines[k + 1].startswith("G1 ") and lines[k - 1].startswith("G1 "):
            back = " ".join(w for w in lines[k - 1].split() if w[0] in "GXY")
            lines[k + 1:k + 1] = [back, " ".join(w for w in lines[k].split() if w[0] in "GXY")]
            return "\n".join(lines)
    return text


def reverse_paths(text):
    # The paths in the reverse of the pen's order: longer travel.
    lines = text.split("\n")
    paths = [k for k, line in enumerate(lines) if line.startswith("<path")]
    for k, line in zip(paths, [lines[k] for k in reversed(paths)]):
        lines[k] = line
    return "\n".join(lines)


def self_test(cases_list):
    """Each measure fails on an input broken on purpose."""
    import shutil
    name, args, hershey = next(c for c in cases_list if c[2])
    breaks = [
        ("dxf", shift_first_vertex, "DXF vertex moved 0.01 mm"),
        ("gcode", flip_first_arc, "G-code arc turned the other way"),
        ("gcode", retrace_a_segment, "G-code segment traced twice"),
        ("plotter.svg", reverse_paths, "plotter SVG in reverse order"),
        ("svg", lambda t: t.replace("mm\" height=", "px\" height=", 1), "SVG width not in mm"),
    ]
    with tempfile.TemporaryDirectory() as clean:
        draw_case(name, args, clean)
        check_case(name, hershey, clean, [], drawn_back=False)
        for ext, change, what in breaks:
            with tempfile.TemporaryDirectory() as folder:
                for file in os.listdir(clean):
                    shutil.copy(os.path.join(clean, file), folder)
                edit(os.path.join(folder, f"{name}.{ext}"), change)
                try:
                    check_case(name, hershey, folder, [], drawn_back=False)
                except AssertionError as error:
                    print(f"self-test: {what}: fails as it should ({str(error)[:90]})")
                    continue
                fail(f"self-test: {what}: the checks still pass")


def outline_self_test():
    """The weld, kerf and stencil measures fail on drawings that are not welded, offset by
    another kerf, or not bridged."""
    with open(os.path.join(ROOT, "Fixtures", "machine", "outlines.txt")) as f:
        words = next(shlex.split(line) for line in f if line.strip() and not line.startswith("#"))
    name, args = words[0], words[1:]
    fine = ["--machine-tolerance", "0.0001"]
    with tempfile.TemporaryDirectory() as folder:
        base = os.path.join(folder, name)
        run(args + fine, base + ".dxf")
        run(args + ["--weld"] + fine, base + ".weld.dxf")
        run(args + ["--kerf", "0.2"] + fine, base + ".kerf.dxf")
        welded = polygons_of(dxf_rings(base + ".weld.dxf"))
        offset = polygons_of(dxf_rings(base + ".kerf.dxf"))
        breaks = [
            ("glyph outlines not welded", lambda: check_weld(name, polygons_of(dxf_rings(base + ".dxf")))),
            ("a kerf of 0.2 mm measured as 0.3", lambda: check_kerf(name, welded, offset, 0.3)),
            ("no stencil bridges", lambda: check_stencil(name, welded, welded, 0.8)),
        ]
        for what, check in breaks:
            try:
                check()
            except AssertionError as error:
                print(f"self-test: {what}: fails as it should ({str(error)[:90]})")
                continue
            fail(f"self-test: {what}: the checks still pass")


def main():
    report = []
    all_cases = cases()
    with tempfile.TemporaryDirectory() as folder:
        for name, args, hershey in all_cases:
            draw_case(name, args, folder)
            check_case(name, hershey, folder, report)
        outline_cases(folder, report)
    print("\n".join(report))
    # The golden DXFs, audited and drawn back by ezdxf, to look at.
    from ezdxf.addons.drawing import Frontend, RenderContext, layout, svg as dxfsvg
    os.makedirs(OUT, exist_ok=True)
    for name in sorted(os.listdir(os.path.join(ROOT, "Fixtures", "machine"))):
        if name.endswith(".dxf"):
            doc = ezdxf.readfile(os.path.join(ROOT, "Fixtures", "machine", name))
            if doc.audit().has_errors:
                fail(f"golden {name}: ezdxf's audit finds errors")
            backend = dxfsvg.SVGBackend()
            Frontend(RenderContext(doc), backend).draw_layout(doc.modelspace())
            w, h = doc.header["$EXTMAX"][0], doc.header["$EXTMAX"][1]
            with open(os.path.join(OUT, "golden-" + name + ".svg"), "w") as f:
                f.write(backend.get_string(layout.Page(w + 4, h + 4, layout.Units.mm, margins=layout.Margins.all(2))))
            print(f"golden {name}: ezdxf's audit finds 0 errors; drawn back into out/machine/golden-{name}.svg")
    self_test(all_cases)
    outline_self_test()
    lifts = sum(n for _, n, _, _ in PEN_LIFTS)
    print(f"pen lifts: ours {lifts}, vpype linemerge {sum(m for _, _, m, _ in PEN_LIFTS)} (over {len(PEN_LIFTS)} files)")
    print(f"machine_check: {len(report)} cases, every measure within its bound; each fails when broken")


if __name__ == "__main__":
    main()
