#!/bin/sh
# `make consumer-check`: the library as another package sees it. A package that depends on the
# repository by path must resolve nothing else (no argument parser, no HTTP stack), build a
# program that renders with `import CurveType`, and run the package plugin: `render` writes a job
# file's SVGs, `render --check` passes on them, and fails, listing the file, once one is changed.
# The consumer lives in $BUILD/consumer (kept between runs, so a second run builds little).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$root/.build}
consumer="$BUILD/consumer"
identity=$(basename "$root")
fail() { echo "consumer-check: $*" >&2; exit 1; }

mkdir -p "$consumer/Sources/Consumer"
rm -f "$consumer/Package.resolved" "$consumer"/*.svg "$consumer"/badges/*.svg
cat >"$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [.product(name: "CurveType", package: "$identity")]),
    ]
)
MANIFEST
cat >"$consumer/Sources/Consumer/main.swift" <<'PROGRAM'
import CurveType
import Foundation

let request = CircleTextRequest(
    text: "CONSUMER • ", style: CircleTextStyle(size: 16, radius: 60, sweep: 360))
let result = try request.render()
try result.write(to: URL(fileURLWithPath: "library.svg"))
print("glyphs: \(result.layout.text.glyphs.count)")
PROGRAM
cat >"$consumer/jobs.json" <<'JOBS'
[{"command": "badge", "label": "build", "message": "passing", "output": "badges/build.svg"},
 {"command": "circle", "args": ["ON A CIRCLE • "], "sweep": 360, "output": "circle.svg"}]
JOBS
cd "$consumer"

# Resolution: the library's manifest names no dependency, so nothing but the library is resolved.
swift package resolve >/dev/null
dependencies=$(swift package show-dependencies --format flatlist)
[ "$dependencies" = "$identity" ] || fail "resolves more than the library: $(echo $dependencies)"
if [ -f Package.resolved ] && grep -q '"identity"' Package.resolved; then
  fail "Package.resolved pins packages: $(grep '"identity"' Package.resolved | tr -d ' \n')"
fi
echo "consumer-check: resolves only $identity"

swift build -q 2>&1 | grep -E 'error|warning:' && fail "the consumer does not build cleanly" || true
out=$(swift run -q Consumer)
[ "$out" = "glyphs: 11" ] || fail "the program printed '$out'"
head -c 5 library.svg | grep -q '<svg' || fail "the program wrote no SVG"
echo "consumer-check: import CurveType renders ($out)"

swift package --allow-writing-to-package-directory curvetype render jobs.json >/dev/null 2>&1 \
  || fail "render failed"
[ -f badges/build.svg ] && [ -f circle.svg ] || fail "render wrote no SVG"
swift package --allow-writing-to-package-directory curvetype render jobs.json --check \
  || fail "render --check fails on the files render just wrote"
echo '<svg/>' >circle.svg
rm badges/build.svg
# SwiftPM passes on what the plugin's tool prints, standard error included, on its output.
if listing=$(swift package --allow-writing-to-package-directory curvetype render jobs.json --check 2>&1); then
  fail "render --check passes on a changed file"
fi
for line in "missing: badges/build.svg" "differs: circle.svg" "curvetype: 2 of 2 files are not up to date"; do
  echo "$listing" | grep -qx "$line" || fail "render --check did not say '$line': $listing"
done
echo "consumer-check: the plugin renders and checks (changed and missing files listed)"
