#!/usr/bin/env python3
"""Every golden drawing welds to the ink it draws.

Each case of Fixtures/<command>/cases.txt is drawn by curvetype as a PNG twice: as it is, and
welded (--weld: every paint's fills, glyphs and strokes unioned by Clipper into one filled
path). Pillow decodes both; a pixel is ink where, laid on white or on black, it differs from
that ground by more than half (so white ink on a transparent page counts), and faint ink where
by more than a quarter. Every ink pixel of each must lie within one pixel of faint ink of the
other (an edge pixel antialiased to 51 % in one and 49 % in the other is the same edge):
nothing the drawing shows may vanish (a group's stroke, a logo), and nothing may be added.

The check is shown to fail: a drawing's ink shifted by two pixels, and a drawing with its
strokes removed, must fail it.
"""
import glob
import os
import shlex
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svg_options import without_svg_settings  # noqa: E402 — the SVG writer's options, which a PNG refuses

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CURVETYPE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/curvetype")


def fail(message):
    print(f"weld_check: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def ink(png, threshold=0.5):
    """The pixels that are ink: laid on white or on black, more than `threshold` away from it."""
    rgba = np.asarray(Image.open(png).convert("RGBA"), dtype=np.float64) / 255
    rgb, alpha = rgba[..., :3], rgba[..., 3:]
    on_white = rgb * alpha + (1 - alpha)
    on_black = rgb * alpha
    return ((1 - on_white).max(axis=2) > threshold) | (on_black.max(axis=2) > threshold)


def faint(png):
    """The pixels with ink more than a quarter away from the ground."""
    return ink(png, 0.25)


def grown(mask):
    """The mask grown by one pixel, diagonals included."""
    out = mask.copy()
    padded = np.pad(mask, 1)
    h, w = mask.shape
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            out |= padded[dy:dy + h, dx:dx + w]
    return out


def strays(a, b, a_faint=None, b_faint=None):
    """How many ink pixels of `a` lie more than a pixel from every faint ink pixel of `b`, and
    of `b` from `a` (the faint ink is the ink itself where not given)."""
    if a.shape != b.shape:
        return -1, -1
    a_faint = a if a_faint is None else a_faint
    b_faint = b if b_faint is None else b_faint
    return int((a & ~grown(b_faint)).sum()), int((b & ~grown(a_faint)).sum())


def cases():
    out = []
    for file in sorted(glob.glob(os.path.join(ROOT, "Fixtures", "*", "cases.txt"))):
        command = os.path.basename(os.path.dirname(file))
        for line in open(file, encoding="utf-8"):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            words = shlex.split(line)
            out.append((f"{command} {words[0]}", [command] + without_svg_settings(words[1:])))
    return out


# What a weld refuses, rather than drop: colour bitmap glyphs have no outline to cut.
REFUSED = "is a picture, with no outline to cut or weld"


def draw(args, output):
    """Draws `args` into `output`; False where the weld refuses them, as it must, by REFUSED."""
    run = subprocess.run([CURVETYPE] + args + ["-o", output], capture_output=True, text=True, cwd=ROOT)
    if run.returncode != 0:
        if "--weld" in args and REFUSED in run.stderr:
            return False
        fail(f"curvetype {' '.join(shlex.quote(a) for a in args)}: {run.stderr.strip()}")
    return True


def main():
    all_cases = cases()
    if len(all_cases) < 100:
        fail(f"only {len(all_cases)} golden cases found")
    refused = []
    with tempfile.TemporaryDirectory() as folder:
        drawn, welded = os.path.join(folder, "drawn.png"), os.path.join(folder, "welded.png")
        for name, args in all_cases:
            draw(args, drawn)
            if not draw(args + ["--weld"], welded):
                refused.append(name)
                continue
            a, b = ink(drawn), ink(welded)
            lost, added = strays(a, b, faint(drawn), faint(welded))
            if lost < 0:
                fail(f"{name}: the welded PNG is {b.shape} pixels, the drawing {a.shape}")
            if lost or added:
                fail(f"{name}: {lost} pixels of the drawing's ink are more than a pixel from the weld's, and {added} of the weld's from the drawing's")
        # Shown to fail: the weld of the angle shifted by two pixels; the angle drawn without
        # its strokes (as the weld drew it when it read the cascade by its own copy).
        draw(["angle", "60"], drawn)
        draw(["angle", "60", "--weld"], welded)
        a, b = ink(drawn), ink(welded)
        if strays(a, np.roll(b, 2, axis=1)) == (0, 0):
            fail("a weld shifted by two pixels passes the check")
        draw(["angle", "60", "--stroke-width", "0", "--marker-width", "0"], welded)
        if strays(a, ink(welded))[0] == 0:
            fail("an angle without its rays and arc passes the check")
    if len(refused) > len(all_cases) // 20:
        fail(f"the weld refused {len(refused)} golden drawings: {', '.join(refused)}")
    print(f"weld_check: {len(all_cases) - len(refused)} golden drawings weld to their own ink within a pixel; "
          f"{len(refused)} refused for colour bitmap glyphs ({', '.join(refused)}); each check fails when broken")


if __name__ == "__main__":
    main()
