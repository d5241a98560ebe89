#!/bin/bash
# The showcase: renders the golden cases of Fixtures/*/cases.txt that show a feature (not the
# ones kept only as tests) with $CURVETYPE into DIR, and writes DIR/index.html, grouped by
# effect in the order people look for them, each example with its command ready to copy.
# Usage: CURVETYPE=path/to/curvetype bash Fixtures/gallery.sh DIR (bash: a case may quote $'…')
set -eu
out=${1:?usage: gallery.sh DIR}
: "${CURVETYPE:?set CURVETYPE to the curvetype binary}"
here=$(dirname "$0")
mkdir -p "$out"
index="$out/index.html"

# Cases kept for the tests alone: escaping, limits, precision, warnings, duplicates of a
# neighbour. They are rendered and compared by `make test`, not shown.
test_only="circle:xml-specials circle:precision-0 circle:glyphs-500 circle:kerning-off
  path:dropped path:text-mode-outlines spiral:glyphs-2000 spiral:tight-tolerance spiral:text-clipped
  fit:height-limits fit:width-limits fit:no-break-space fit:long-word-whole
  angle:deg-0 angle:deg-5 angle:decimals angle:text-mode
  badge:logo-hostile badge:escaping badge:repeated-spaces badge:hex-bare badge:text-mode-for-the-badge
  badge:flat-square-long badge:plastic-long badge:for-the-badge-long badge:social-long badge:parts-two
  seal:text-mode"

shown() {
  for skipped in $test_only; do [ "$skipped" = "$1:$2" ] && return 1; done
  return 0
}

escape() { sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g'; }

# Each section's heading and one line on what it shows.
describe() {
  case $1 in
    circle) echo "Text on a circle|Glyphs placed by true arc length round a circle, outside or inside, kerned and shaped by HarfBuzz; --sweep spreads them evenly." ;;
    warp) echo "WordArt warps|The forty preset text warps of ECMA-376, drawn from the spec's own formulas: each glyph's outline truly deformed between the preset's edges (grey) or bent along its baselines.";;
    path) echo "Text on any path|SVG path data, ellipses, rounded rectangles or a path from an SVG file; glyphs rotated, skewed or bent along it." ;;
    spiral) echo "Archimedean spirals|The spiral drawn as cubic Béziers with round caps, and text that winds along it." ;;
    fit) echo "Text fitted to a box|The largest size that fits, lines broken by Unicode's rules, rows that share one size." ;;
    angle) echo "Angle shapes|Two rays, an arc marker and a label; frames for an animated angle; a light and a dark colour in one file." ;;
    badge) echo "Badges|shields' styles, widths and colours, measured with real fonts; logos read through an allowlist. Shown at 2×." ;;
    seal) echo "Seals and stamps|Top and bottom arcs both upright, stars in the gaps, rings of solid, double, dotted, dashed or glyph borders, ellipses, mirrored rubber stamps beside their prints, negative plates, and name seals in columns from the right. Every name is invented." ;;
  esac
}

{
  cat <<'HTML'
<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>CurveType showcase</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1.5em;background:#fafafa;color:#1f2937}
header p{max-width:48em;line-height:1.5}
nav a{margin-right:1em}
h2{margin-top:2em;border-bottom:1px solid #ddd;padding-bottom:.2em}
section>p{color:#555;margin-top:0}
.grid{display:flex;flex-wrap:wrap;gap:1em}
figure{margin:0;padding:1em;background:#fff;border:1px solid #ddd;border-radius:6px;flex:1 1 340px;max-width:560px;box-sizing:border-box}
figure.wide{flex-basis:100%;max-width:100%}
figure img{display:block;max-width:100%;max-height:420px;height:auto;margin:0 auto .6em}
figure .pair{display:flex;gap:.5em}
figure .pair div{padding:.6em;border-radius:4px}
figure .pair .light{background:#fff;color-scheme:light;border:1px solid #eee}
figure .pair .dark{background:#111827;color-scheme:dark}
figcaption b{display:block;font-size:13px;margin-bottom:.3em}
.formats{font-weight:normal;float:right}
.cmd{display:flex;gap:.4em;align-items:flex-start}
code{display:block;font:12px/1.4 ui-monospace,monospace;background:#f3f4f6;padding:.4em .5em;border-radius:4px;white-space:pre-wrap;word-break:break-all;flex:1}
button{font-size:12px;cursor:pointer}
@media (prefers-color-scheme:dark){body{background:#0b0f17;color:#e5e7eb}figure{background:#fff;color:#1f2937}section>p{color:#aaa}}
</style></head><body>
<header><h1>CurveType showcase</h1>
<p>Every picture below is an SVG file CurveType wrote, measured with real fonts (FreeType,
HarfBuzz, FriBiDi, Fontconfig) and byte for byte the same on every machine. Under each one is the
command that made it (end it in <code style="display:inline">.png</code> or <code style="display:inline">.pdf</code> for the
PNG and PDF beside it, drawn from the same frame): copy it and run it from the repository's folder, with
<code style="display:inline">.build/debug/curvetype</code> after <code style="display:inline">make demo</code>.</p>
<nav><a href="#circle">Circle</a><a href="#path">Path</a><a href="#warp">Warp</a><a href="#spiral">Spiral</a><a href="#fit">Fit</a><a href="#angle">Angle</a><a href="#badge">Badges</a><a href="#seal">Seals</a></nav>
</header>
HTML
} > "$index"

for command in circle path warp spiral fit angle badge seal; do
  cases="$here/$command/cases.txt"
  [ -f "$cases" ] || continue
  info=$(describe "$command")
  printf '<section id="%s"><h2>%s</h2><p>%s</p><div class="grid">\n' "$command" "${info%%|*}" "$(printf '%s' "${info#*|}" | escape)" >> "$index"
  grep -v '^#' "$cases" | while IFS= read -r line; do
    [ -n "$line" ] || continue
    name=${line%% *}
    args=${line#* }
    shown "$command" "$name" || continue
    eval "set -- $args"
    file="$command-$name.svg"
    # The gallery shows the cases; their warnings are the tests' business.
    "$CURVETYPE" "$command" "$@" --quiet -o "$out/$file"
    # The same picture as a PNG at 2x (e-mail, marketplaces) and a PDF (print).
    "$CURVETYPE" "$command" "$@" --quiet --scale 2 -o "$out/$command-$name.png"
    "$CURVETYPE" "$command" "$@" --quiet -o "$out/$command-$name.pdf"
    # Badges at twice their size: 20 px is too small to judge.
    width=$(sed -n 's/^<svg [^>]* width="\([0-9.]*\)".*/\1/p' "$out/$file" | head -n 1)
    size=""
    class=""
    if [ "$command" = badge ] && [ -n "$width" ]; then
      size=" width=\"$(awk -v w="$width" 'BEGIN { printf "%d", w * 2 }')\""
    elif [ -n "$width" ] && awk -v w="$width" 'BEGIN { exit !(w > 520) }'; then
      class=' class="wide"'
    fi
    command_line=$(printf '%s' "curvetype $command $args -o $name.svg" | escape)
    alt=$(printf '%s' "$command $name" | escape)
    case $args in
      *--light*|*--dark*)
        # One file, two colours: each image drawn in a light and a dark colour scheme.
        picture="<div class=\"pair\"><div class=\"light\"><img src=\"$file\" alt=\"$alt, light\"$size></div><div class=\"dark\"><img src=\"$file\" alt=\"$alt, dark\"$size></div></div>" ;;
      *)
        picture="<img src=\"$file\" alt=\"$alt\"$size>" ;;
    esac
    formats="<span class=\"formats\"><a href=\"$file\" download>SVG</a> · <a href=\"$command-$name.png\" download>PNG 2×</a> · <a href=\"$command-$name.pdf\" download>PDF</a></span>"
    echo "<figure$class>$picture<figcaption><b>$name $formats</b><div class=\"cmd\"><code>$command_line</code><button type=\"button\" class=\"copy\">Copy</button></div></figcaption></figure>" >> "$index"
  done
  if [ "$command" = badge ]; then
    # A README's row of badges with brand logos, by name as shields takes them (dark brands in
    # whitesmoke, as shields draws them), each with its command.
    row=""
    commands=""
    for spec in "TypeScript|3178C6|typescript|white" "Swift|F05138|swift|white" "GitHub_Actions|2088FF|githubactions|white" \
                "Rust|000000|rust|" "Linux|FCC624|linux|black" "Docker|2496ED|docker|white" "Kotlin|7F52FF|kotlin|white" "Vim|019733|vim|"; do
      IFS='|' read -r text color logo logo_color <<SPEC
$spec
SPEC
      file="badge-row-$logo.svg"
      set -- --label '' --message "$(printf '%s' "$text" | tr _ ' ')" --message-color "$color" --logo "$logo" --style for-the-badge
      [ -n "$logo_color" ] && set -- "$@" --logo-color "$logo_color"
      "$CURVETYPE" badge "$@" --quiet -o "$out/$file"
      row="$row<img src=\"$file\" alt=\"$logo\" height=\"28\" style=\"display:inline-block;margin:2px\">"
      commands="${commands}curvetype badge --label '' --message '$(printf '%s' "$text" | tr _ ' ')' --message-color $color --logo $logo --style for-the-badge${logo_color:+ --logo-color $logo_color} -o $logo.svg
"
    done
    echo "<figure class=\"wide\"><div style=\"text-align:center\">$row</div><figcaption><b>a README's row: named logos (simple-icons 15.16.0, as shields names them; curvetype logos WORD lists them)</b><div class=\"cmd\"><code>$(printf '%s' "$commands" | escape)</code><button type=\"button\" class=\"copy\">Copy</button></div></figcaption></figure>" >> "$index"
  fi
  echo '</div></section>' >> "$index"
done

cat >> "$index" <<'HTML'
<script>
for (const button of document.querySelectorAll('button.copy')) {
  button.addEventListener('click', async () => {
    const text = button.previousElementSibling.textContent;
    try { await navigator.clipboard.writeText(text); button.textContent = 'Copied'; }
    catch { getSelection().selectAllChildren(button.previousElementSibling); button.textContent = 'Selected'; }
    setTimeout(() => { button.textContent = 'Copy'; }, 1500);
  });
}
</script>
</body></html>
HTML
