#!/bin/sh
# `make fuzz`: builds each libFuzzer target (libFuzzer + AddressSanitizer, release) and runs it
# from its seeds. FUZZ_SECONDS (default 60) bounds each target's time, FUZZ_RUNS (if set) its
# executions; FUZZ_SEED fixes libFuzzer's seed (CI's smoke run). Crashes land in
# .build-fuzz/crashes/<target>/ and fail the run.
set -eu
cd "$(dirname "$0")/../.."  # the repository root (this is Tools/Fuzz/run.sh)
BUILD=.build-fuzz
PYTHON=${PYTHON:-.build/venv/bin/python}
SECONDS_EACH=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-"FuzzColor FuzzLogo FuzzImage FuzzBatch FuzzFont FuzzFeatures FuzzPathData FuzzWarp FuzzBadgeData FuzzMachine FuzzMerge FuzzQuery"}

mkdir -p $BUILD
for target in $TARGETS; do
  # The build's output is kept quiet unless it fails (swift build prints its errors on stdout).
  CURVETYPE_FUZZ=1 swift build --package-path Tools --build-path $BUILD -c release -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -use-ld=lld --product "$target" >$BUILD/build-$target.log 2>&1 \
    || { cat $BUILD/build-$target.log; echo "fuzz: cannot build $target" >&2; exit 1; }
done

# Seeds: committed ones, the logos of the golden files, and small subsets of the bundled fonts
# (made here with fontTools, so no modified font is committed).
for target in $TARGETS; do mkdir -p "$BUILD/corpus/$target" "$BUILD/crashes/$target"; done
for dir in Tools/Fuzz/seeds/*/; do
  target=$(basename "$dir")
  [ -d "$BUILD/corpus/$target" ] && cp "$dir"* "$BUILD/corpus/$target/"
done
[ -d "$BUILD/corpus/FuzzLogo" ] && cp Fixtures/logos/*.svg "$BUILD/corpus/FuzzLogo/"
if [ -d "$BUILD/corpus/FuzzFont" ] && [ ! -f "$BUILD/corpus/FuzzFont/DejaVuSans.ttf" ]; then
  for font in DejaVuSans DejaVuSansMono DejaVuSans-Bold; do
    "$PYTHON" -m fontTools.subset "Fonts/$font.ttf" --text="Hello, fine world AVA Wa 12 x" \
      --layout-features='*' --output-file="$BUILD/corpus/FuzzFont/$font.ttf"
  done
fi
# Colour bitmaps (CBDT, CBLC): two emoji of Noto Color Emoji, when it is installed.
emoji=/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
if [ -d "$BUILD/corpus/FuzzFont" ] && [ -f "$emoji" ] && [ ! -f "$BUILD/corpus/FuzzFont/NotoColorEmoji.ttf" ]; then
  "$PYTHON" -m fontTools.subset "$emoji" --unicodes=U+1F680,U+1F389 --output-file="$BUILD/corpus/FuzzFont/NotoColorEmoji.ttf"
fi
# The heads of two Hershey fonts (Debian's hershey-fonts-data, not committed), when installed.
if [ -d "$BUILD/corpus/FuzzMachine" ]; then
  for font in futural scripts; do
    [ -f "/usr/share/hershey-fonts/$font.jhf" ] && head -c 1200 "/usr/share/hershey-fonts/$font.jhf" > "$BUILD/corpus/FuzzMachine/$font-head.jhf"
  done
fi
# An SVG font: the head of Relief SingleLine's (Fixtures/fonts/relief), its first glyphs and
# kerning pairs, closed.
if [ -d "$BUILD/corpus/FuzzFont" ]; then
  { sed -n '1,/<glyph glyph-name="B"/p' Fixtures/fonts/relief/ReliefSingleLineSVG-Regular.svg | sed '$d'
    grep -m 3 -A 2 '<hkern' Fixtures/fonts/relief/ReliefSingleLineSVG-Regular.svg | grep -v '^--'
    printf '</font>\n</defs></svg>\n'; } > "$BUILD/corpus/FuzzFont/relief-head.svg"
fi
# The test fonts with variation tables (fvar, gvar, HVAR), colour tables (COLR, CPAL) and SVG
# glyphs (stroked and filled).
[ -d "$BUILD/corpus/FuzzFont" ] && cp Fixtures/fonts/*.ttf "$BUILD/corpus/FuzzFont/"

# Fontconfig's process-long allocations are not leaks of ours (lsan.supp says why).
export LSAN_OPTIONS="suppressions=$(pwd)/Tools/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

status=0
for target in $TARGETS; do
  case $target in
    FuzzFont) max_len=65536 ;;
    FuzzLogo|FuzzImage|FuzzBatch) max_len=16384 ;;
    FuzzWarp|FuzzBadgeData|FuzzMachine) max_len=4096 ;;
    *) max_len=512 ;;
  esac
  limit="-max_total_time=$SECONDS_EACH"
  [ -n "${FUZZ_RUNS:-}" ] && limit="-runs=$FUZZ_RUNS"
  seed=""
  [ -n "${FUZZ_SEED:-}" ] && seed="-seed=$FUZZ_SEED"
  log="$BUILD/$target.log"
  if "$BUILD/release/$target" $limit $seed -max_len=$max_len -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$BUILD/crashes/$target/" -print_final_stats=1 "$BUILD/corpus/$target" >"$log" 2>&1; then
    runs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
    echo "fuzz: $target: ${runs:-?} executions, no crash"
  else
    echo "fuzz: $target: FAILED (see $log and $BUILD/crashes/$target/)"
    grep -m3 -E 'ERROR|Fatal error|deadly signal|timeout' "$log" || true
    status=1
  fi
done
exit $status
