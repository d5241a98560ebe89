"""Badges per second of the Python badge makers, in process, for `make bench` to print beside
CurveType's (pip install pybadges anybadge). Flat badges with distinct messages. With --json,
prints {"pybadges": seconds per badge, "anybadge": …} instead (for Tools/Benchmarks/run.py)."""
import json
import sys
import time

as_json = "--json" in sys.argv
results = {}

def rate(name, make, n=3000):
    make(0)
    best = None
    for _ in range(3):
        start = time.perf_counter()
        for i in range(n):
            make(i)
        t = (time.perf_counter() - start) / n
        best = t if best is None else min(best, t)
    results[name.split(":")[0]] = best
    if not as_json:
        print(f"{name:52s} {best*1e6:8.1f} µs  {1/best:,.0f} badges/s")

try:
    import pybadges
    rate("pybadges: flat badge, distinct messages", lambda i: pybadges.badge(left_text="build", right_text=f"{i} passed"))
except ImportError:
    print("(pybadges not installed: pip install pybadges)", file=sys.stderr)
try:
    import anybadge
    rate("anybadge: flat badge, distinct messages", lambda i: anybadge.Badge("build", f"{i} passed").badge_svg_text)
except ImportError:
    print("(anybadge not installed: pip install anybadge)", file=sys.stderr)
if as_json:
    print(json.dumps(results))
