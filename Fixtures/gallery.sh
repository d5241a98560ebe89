#!/bin/sh
# Renders every golden case of Fixtures/*/cases.txt with $CURVETYPE into DIR, plus an index.html
# gallery. Usage: CURVETYPE=path/to/curvetype sh Fixtures/gallery.sh DIR
set -eu
out=${1:?usage: gallery.sh DIR}
: "${CURVETYPE:?set CURVETYPE to the curvetype binary}"
here=$(dirname "$0")
mkdir -p "$out"
index="$out/index.html"
{
  echo '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CurveType gallery</title>'
  echo '<style>body{font-family:sans-serif;margin:2em;background:#fafafa}figure{display:inline-block;margin:1em;padding:1em;background:#fff;border:1px solid #ddd;vertical-align:top}figure img{max-width:420px;max-height:420px;display:block}figcaption{font-size:12px;max-width:420px;word-break:break-all;color:#444}</style>'
  echo '</head><body><h1>CurveType gallery</h1>'
} > "$index"
for cases in "$here"/*/cases.txt; do
  command=$(basename "$(dirname "$cases")")
  echo "<h2>curvetype $command</h2>" >> "$index"
  grep -v '^#' "$cases" | while IFS= read -r line; do
    [ -n "$line" ] || continue
    name=${line%% *}
    args=${line#* }
    eval "set -- $args"
    "$CURVETYPE" "$command" "$@" -o "$out/$command-$name.svg"
    caption=$(printf '%s' "curvetype $command $args" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g' | cut -c1-300)
    echo "<figure><img src=\"$command-$name.svg\" alt=\"$name\"><figcaption><b>$name</b><br>$caption</figcaption></figure>" >> "$index"
  done
done
echo '</body></html>' >> "$index"
