#!/usr/bin/env python3
"""`make viewers`: every golden SVG drawn by several viewers, their ink compared pair by pair.

Each golden file in Fixtures/*/ (those listed by a cases.txt) is rendered at 2x on white by
rsvg-convert, Inkscape (one --shell process for all files) and, unless --no-chromium, headless
Chromium. Two renderings agree when few places differ. The comparison is made on 4x4 blocks of the
2x pictures (half a CSS px each side): antialiasing along an edge moves a pixel's colour but
hardly a block's average, while a missing glyph, a black fill or a shifted line changes whole
blocks. A block differs when any channel of its average differs by more than 40 of 255 with the
other picture in each of its places up to one device pixel away (grid snapping of crisp edges).

Thresholds, as a share of the blocks that hold ink in either picture:
  - outlines (every glyph a path): at most 1.5%. Edges of thin strokes and curves antialiased by
    three rasterisers stay far below it; a glyph left out or painted black exceeds it many times.
  - text mode (<text>, drawn with each viewer's own font lookup, hinting and letter-spacing):
    at most 25%; such files promise selectable text, not identical pixels, and the report shows
    their figures so a change stands out.
  - `<textPath>` (the path command's text mode): librsvg draws none (2.54, Debian 12), so such
    files are compared between Inkscape and Chromium only, and the report says so.
  - A path golden NAME-outlines beside NAME in text mode (the same case, `<textPath>`): Chromium's
    own textPath layout against ours, drawn by Chromium, at most 10% (hinted text against
    outlines): our placement is the browser's.
Every viewer is compared on an animation's final frame (rsvg and Inkscape draw no SMIL, so the
file's static state must be that frame). Chromium draws a copy of an animated file with a script
at its end that moves the document's timeline far past every animation and pauses it: a virtual
time budget alone was not enough (under load, 1 screenshot in 15 caught the angle mid-turn).
A file that fails is drawn again by every viewer, once, and judged on that (a viewer that crashes
or exits without a picture says nothing of the file); the report lists such files under
"retried:", and repeats every failure under "failed:" at its end, where a log's tail shows it.
Writes out/viewers/report.txt and a side-by-side sheet per file (rsvg | Inkscape | Chromium).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import numpy as np
    from PIL import Image
except ImportError:
    sys.exit("viewers: needs Pillow and numpy (make viewers installs them in .build/venv)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTLINE_LIMIT = 0.015
TEXT_LIMIT = 0.25
TEXTPATH_LIMIT = 0.10
BLOCK = 4
LEVEL = 40


def golden_files():
    files = []
    for folder in sorted(os.listdir(os.path.join(ROOT, "Fixtures"))):
        cases = os.path.join(ROOT, "Fixtures", folder, "cases.txt")
        if not os.path.exists(cases):
            continue
        for name in sorted(os.listdir(os.path.join(ROOT, "Fixtures", folder))):
            if name.endswith(".svg") and not name.endswith(".actual.svg"):
                files.append(os.path.join(ROOT, "Fixtures", folder, name))
    return files


def size_of(svg_text):
    m = re.search(r'<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"', svg_text)
    return (float(m.group(1)), float(m.group(2))) if m else (300.0, 150.0)


def drawn(png):
    """True when `png` holds a whole PNG file (a viewer that crashes may leave none, or half)."""
    try:
        with Image.open(png) as image:
            image.load()
        return True
    except (OSError, ValueError):
        return False


def fresh(png):
    """`png` gone, so that a viewer that fails leaves no earlier picture behind."""
    if os.path.exists(png):
        os.remove(png)
    return png


def render_rsvg(svg, png):
    subprocess.run(["rsvg-convert", "-z", "2", "-b", "white", svg, "-o", fresh(png)], check=False,
                   stderr=subprocess.DEVNULL)


def render_inkscape(pairs):
    script = "".join(
        f"file-open:{svg};export-type:png;export-dpi:192;export-background:white;"
        f"export-background-opacity:1;export-filename:{fresh(png)};export-do;file-close\n"
        for svg, png in pairs)
    subprocess.run(["inkscape", "--shell"], input=script.encode(), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=1800, check=False)


# Runs as the SVG document is parsed, before its first frame: the timeline jumps to 10,000 s
# (past every animation the angle writes, which `fill="freeze"` holds) and stops there.
FINAL_FRAME = ("<script>document.documentElement.setCurrentTime(1e4);"
               "document.documentElement.pauseAnimations();</script></svg>")


def render_chromium(svg, png, browser):
    with open(svg, encoding="utf-8") as f:
        content = f.read()
    width, height = size_of(content)
    if "<animate" in content and content.rstrip().endswith("</svg>"):
        svg = png[:-4] + ".final-frame.svg"
        with open(svg, "w", encoding="utf-8") as f:
            f.write(content.rstrip()[:-len("</svg>")] + FINAL_FRAME + "\n")
    w, h = max(1, int(-(-width // 1))), max(1, int(-(-height // 1)))
    subprocess.run([browser, "--headless=new", "--no-sandbox", "--hide-scrollbars", "--disable-gpu",
                    "--force-device-scale-factor=2", f"--window-size={w},{h}",
                    "--default-background-color=ffffffff", "--virtual-time-budget=3000",
                    f"--screenshot={fresh(png)}", "file://" + svg],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, check=False)


def load(png):
    if not drawn(png):
        return None
    image = Image.open(png).convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return np.asarray(Image.alpha_composite(white, image).convert("RGB"), dtype=np.float64)


def blocks(a):
    h, w = a.shape[0] // BLOCK * BLOCK, a.shape[1] // BLOCK * BLOCK
    return a[:h, :w].reshape(h // BLOCK, BLOCK, w // BLOCK, BLOCK, 3).mean(axis=(1, 3))


def shifted(a, dy, dx):
    """`a` moved by (dy, dx) device pixels, edges repeated."""
    return np.pad(a, ((1, 1), (1, 1), (0, 0)), mode="edge")[1 - dy:1 - dy + a.shape[0], 1 - dx:1 - dx + a.shape[1]]


def compare(a, b):
    """Share of inked blocks that differ, and the number of inked blocks. A block differs only if
    it differs with `b` moved by every offset of up to one device pixel: an edge that one
    rasteriser snaps to the pixel grid (shape-rendering="crispEdges" at a fractional edge) may
    land a pixel from where another puts it, which is no difference a person sees."""
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a, b = a[:h, :w], b[:h, :w]
    ba, bb = blocks(a), blocks(b)
    ink = (ba.min(axis=2) < 255 - LEVEL) | (bb.min(axis=2) < 255 - LEVEL)
    difference = np.full(ba.shape[:2], np.inf)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            difference = np.minimum(difference, np.abs(ba - blocks(shifted(b, dy, dx))).max(axis=2))
    differ = difference > LEVEL
    inked = int(ink.sum())
    return (int((differ & ink).sum()) / inked if inked else 0.0), inked


def judge(pngs, viewers, pairs, text_mode, unsupported):
    """The pictures of one file, a cell per pair of viewers, and what fails. librsvg does not draw
    <textPath>: `unsupported` viewers are left out of those files' comparisons."""
    limit = TEXT_LIMIT if text_mode else OUTLINE_LIMIT
    images = {v: load(pngs[v]) for v in viewers}
    cells, bad = [], []
    for a, b in pairs:
        if a in unsupported or b in unsupported:
            cells.append("  n/a  ")
            continue
        if images[a] is None or images[b] is None:
            cells.append("missing")
            nothing = f"{a if images[a] is None else b} drew nothing"
            if nothing not in bad:
                bad.append(nothing)
            continue
        share, _ = compare(images[a], images[b])
        cells.append(f"{100 * share:5.2f}%")
        if share > limit:
            bad.append(f"{a}~{b} {100 * share:.2f}% > {100 * limit:g}%")
    return images, cells, bad


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-chromium", action="store_true")
    parser.add_argument("--out", default=os.path.join(ROOT, "out", "viewers"))
    args = parser.parse_args()
    browser = None if args.no_chromium else (shutil.which("chromium") or shutil.which("chromium-browser"))
    viewers = ["rsvg", "inkscape"] + (["chromium"] if browser else [])
    os.makedirs(args.out, exist_ok=True)
    files = golden_files()
    work = tempfile.mkdtemp(prefix="curvetype-viewers-")
    pngs, retried = {}, []
    for svg in files:
        key = os.path.relpath(svg, os.path.join(ROOT, "Fixtures")).replace("/", "--")[:-4]
        pngs[svg] = {v: os.path.join(work, f"{key}.{v}.png") for v in viewers}
        render_rsvg(svg, pngs[svg]["rsvg"])
        if browser:
            render_chromium(svg, pngs[svg]["chromium"], browser)
    render_inkscape([(svg, pngs[svg]["inkscape"]) for svg in files])

    lines, failures = [], 0
    pairs = [(a, b) for i, a in enumerate(viewers) for b in viewers[i + 1:]]
    lines.append("file  " + "  ".join(f"{a}~{b}" for a, b in pairs) + "  (share of inked 2x2-px blocks that differ)")
    for svg in files:
        with open(svg, encoding="utf-8") as f:
            content = f.read()
        text_mode = "<text" in content
        unsupported = {"rsvg"} if "<textPath" in content else set()
        images, cells, bad = judge(pngs[svg], viewers, pairs, text_mode, unsupported)
        if bad:
            # A viewer that exits without a picture, or draws once what it never draws again (a
            # crash, a start that fails on a loaded machine), says nothing of the file: a failing
            # file is drawn again by every viewer, once, and judged on that. The report names
            # every such file with its first result; one that fails twice fails.
            retried.append(f"{os.path.relpath(svg, ROOT)}: {'; '.join(bad)}; drawn again")
            render_rsvg(svg, pngs[svg]["rsvg"])
            if browser:
                render_chromium(svg, pngs[svg]["chromium"], browser)
            render_inkscape([(svg, pngs[svg]["inkscape"])])
            images, cells, bad = judge(pngs[svg], viewers, pairs, text_mode, unsupported)
        name = os.path.relpath(svg, ROOT)
        lines.append(f"{name}{' (text)' if text_mode else ''}{' (textPath: not rsvg)' if unsupported else ''}  " + "  ".join(cells) + ("  FAIL: " + "; ".join(bad) if bad else ""))
        failures += bool(bad)
        present = [images[v] for v in viewers if images[v] is not None]
        if present:
            h = max(p.shape[0] for p in present)
            row = np.full((h, sum(p.shape[1] for p in present) + 8 * (len(present) - 1), 3), 200.0)
            x = 0
            for p in present:
                row[:p.shape[0], x:x + p.shape[1]] = p
                x += p.shape[1] + 8
            sheet = os.path.relpath(svg, os.path.join(ROOT, "Fixtures")).replace("/", "--")[:-4] + ".png"
            Image.fromarray(row.astype(np.uint8)).save(os.path.join(args.out, sheet))
    # Our textPath placement against Chromium's own: NAME (text mode) and NAME-outlines.
    if browser:
        for svg in files:
            twin = svg[:-4] + "-outlines.svg"
            if twin in pngs and "<textPath" in open(svg, encoding="utf-8").read():
                a, b = load(pngs[svg]["chromium"]), load(pngs[twin]["chromium"])
                share = compare(a, b)[0] if a is not None and b is not None else 1.0
                bad = share > TEXTPATH_LIMIT
                lines.append(f"{os.path.relpath(svg, ROOT)} chromium <textPath> ~ our outlines  {100 * share:5.2f}%"
                             + (f"  FAIL: > {100 * TEXTPATH_LIMIT:g}%" if bad else ""))
                failures += bad
    shutil.rmtree(work, ignore_errors=True)
    # The failures and retries again at the end, where a log's last lines show them.
    failed = [line for line in lines if "  FAIL: " in line]
    report = ("\n".join(lines + [f"retried: {r}" for r in retried] + [f"failed: {f}" for f in failed])
              + f"\n{len(files) - failures} passed, {failures} failed\n")
    with open(os.path.join(args.out, "report.txt"), "w", encoding="utf-8") as f:
        f.write(report)
    sys.stdout.write(report)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
