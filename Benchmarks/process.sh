#!/bin/sh
# Whole-process timings for `make bench`: `curvetype circle` on the seed example, beside hb-view
# drawing a straight 50-character line (HarfBuzz's own tool), in the same run.
# Usage: sh Benchmarks/process.sh path/to/curvetype
set -eu
curvetype=${1:?usage: process.sh CURVETYPE}
font=$(dirname "$0")/../Fonts/DejaVuSansMono.ttf
line='LET'"'"'S LEARN SWIFTUI! THE MOST MAGICAL FRAMEWORK!!'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
hyperfine --shell=none --warmup 20 --runs 200 --export-json "$tmp/times.json" \
  -n "curvetype circle (seed)" "$curvetype circle \"$line\" --font \"DejaVu Sans Mono\" --size 13 --tracking 5 --radius 125 --start 214 --fill red -o $tmp/seed.svg" \
  -n "hb-view, 50 characters, SVG" "hb-view --font-size=13 --output-format=svg --output-file=$tmp/line.svg $font \"$line\"" \
  >/dev/null
python3 - "$tmp/times.json" <<'PY'
import json, sys, statistics
for r in json.load(open(sys.argv[1]))["results"]:
    t = sorted(r["times"])
    print(f'{r["command"]:34s} median {statistics.median(t)*1e3:6.2f} ms   min {t[0]*1e3:6.2f} ms   p90 {t[int(len(t)*0.9)]*1e3:6.2f} ms')
PY
