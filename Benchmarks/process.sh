#!/bin/sh
# Whole-process timings for `make bench`, in the same run: `curvetype circle` on the seed example
# beside hb-view drawing a straight 50-character line (HarfBuzz's own tool); `curvetype badge`
# beside anybadge's CLI when it is installed (pip install anybadge); and `curvetype batch` of
# 10,000 badges on one thread and on every core.
# Usage: sh Benchmarks/process.sh path/to/curvetype
set -eu
curvetype=${1:?usage: process.sh CURVETYPE}
font=$(dirname "$0")/../Fonts/DejaVuSansMono.ttf
line='LET'"'"'S LEARN SWIFTUI! THE MOST MAGICAL FRAMEWORK!!'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set -- -n "curvetype circle (seed)" "$curvetype circle \"$line\" --font \"DejaVu Sans Mono\" --size 13 --tracking 5 --radius 125 --start 214 --fill red -o $tmp/seed.svg" \
  -n "hb-view, 50 characters, SVG" "hb-view --font-size=13 --output-format=svg --output-file=$tmp/line.svg $font \"$line\"" \
  -n "curvetype badge (flat)" "$curvetype badge --label build --message passing -o $tmp/badge.svg"
if command -v anybadge >/dev/null; then
  set -- "$@" -n "anybadge CLI (flat)" "anybadge --label build --value passing --file $tmp/any.svg --overwrite"
fi
hyperfine --shell=none --warmup 20 --runs 200 --export-json "$tmp/times.json" "$@" >/dev/null
python3 - "$tmp/times.json" <<'PY'
import json, sys, statistics
for r in json.load(open(sys.argv[1]))["results"]:
    t = sorted(r["times"])
    print(f'{r["command"]:34s} median {statistics.median(t)*1e3:6.2f} ms   min {t[0]*1e3:6.2f} ms   p90 {t[int(len(t)*0.9)]*1e3:6.2f} ms')
PY

# 10,000 badge jobs as JSON lines, one output file each, in memory (tmpfs) where there is one, so
# the disk's inode work does not hide the rendering.
out=$tmp
if [ -d /dev/shm ]; then out=$(mktemp -d /dev/shm/curvetype-bench.XXXXXX); trap 'rm -rf "$tmp" "$out"' EXIT; fi
mkdir -p "$out/batch"
python3 - "$out" <<'PY' > "$tmp/jobs.jsonl"
import json, sys
for i in range(10000):
    print(json.dumps({"command": "badge", "label": ["build", "coverage", "tests", "docs"][i % 4],
                      "message": f"job {i}", "output": f"{sys.argv[1]}/batch/{i}.svg"}))
PY
hyperfine --shell=none --warmup 1 --runs 5 --export-json "$tmp/batch.json" \
  -n "curvetype batch, 10,000 badges, 1 thread" "$curvetype batch $tmp/jobs.jsonl --threads 1" \
  -n "curvetype batch, 10,000 badges, all cores" "$curvetype batch $tmp/jobs.jsonl" >/dev/null
python3 - "$tmp/batch.json" <<'PY'
import json, sys, statistics
r = json.load(open(sys.argv[1]))["results"]
m = [statistics.median(x["times"]) for x in r]
for x, t in zip(r, m):
    print(f'{x["command"]:42s} median {t*1e3:7.1f} ms   ({10000/t:,.0f} badges/s)')
print(f'batch speed-up over one thread: {m[0]/m[1]:.2f}x')
PY
