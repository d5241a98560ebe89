#!/bin/bash
# Draws the README's opening pictures (Docs/gallery/gallery.txt) with $CURVETYPE into
# Docs/gallery, at --scale 2. Usage: CURVETYPE=path/to/curvetype bash Docs/gallery/make_gallery.sh
set -eu
: "${CURVETYPE:?set CURVETYPE to the curvetype binary}"
here=$(dirname "$0")
grep -v '^#' "$here/gallery.txt" | while IFS= read -r line; do
  [ -n "$line" ] || continue
  name=${line%% *}
  eval "words=(${line#* })"
  "$CURVETYPE" "${words[@]}" --scale 2 -o "$here/$name.png"
done
