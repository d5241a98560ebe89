# A straightforward Python reference for `make bench`: 10,000 glyphs along the spiral
# r = 40 + 2.5·θ px, advances from FreeType (freetype-py), arc length by a numerical table of
# chords (0.01 rad steps: 0.05 px off over the 12,000 px) and per-glyph bisection in it. Prints the median time per layout.
import bisect, math, statistics, sys, time
import freetype

face = freetype.Face(sys.argv[1])
upem = face.units_per_EM
phrase = "Sphinx of black quartz, judge my vow. The quick brown fox jumps over the lazy dog. "
text = (phrase * (10000 // len(phrase) + 1))[:10000]
size, a, b, end = 10.0, 40.0, 2.5, 60 * math.pi
advances = {}
for ch in set(text):
    face.load_char(ch, freetype.FT_LOAD_NO_SCALE | freetype.FT_LOAD_NO_HINTING)
    advances[ch] = face.glyph.advance.x * size / upem

def layout():
    # Cumulative arc length table.
    step = 0.01
    thetas, lengths = [0.0], [0.0]
    x0, y0 = a, 0.0
    t = 0.0
    while t < end:
        t += step
        r = a + b * t
        x, y = r * math.cos(t), r * math.sin(t)
        lengths.append(lengths[-1] + math.hypot(x - x0, y - y0))
        thetas.append(t)
        x0, y0 = x, y
    placed = []
    pen = 0.0
    for ch in text:
        w = advances[ch]
        mid = pen + w / 2
        i = bisect.bisect_left(lengths, mid)
        i = min(max(i, 1), len(lengths) - 1)
        f = (mid - lengths[i - 1]) / (lengths[i] - lengths[i - 1])
        th = thetas[i - 1] + f * (thetas[i] - thetas[i - 1])
        r = a + b * th
        c, s = math.cos(th), math.sin(th)
        px, py = r * c, -r * s
        tx, ty = b * c - r * s, -(b * s + r * c)
        n = math.hypot(tx, ty)
        tx, ty = tx / n, ty / n
        placed.append((px - tx * w / 2, py - ty * w / 2, math.degrees(math.atan2(ty, tx))))
        pen += w
    return placed

times = []
for _ in range(7):
    start = time.perf_counter()
    layout()
    times.append(time.perf_counter() - start)
print(f"{'spiral: the same 10,000 glyphs in plain Python (reference)':52s} {statistics.median(times) * 1e3:.3f} ms")
