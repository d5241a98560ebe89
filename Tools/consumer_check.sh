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
# SwiftPM names a package found by path after its folder, in lower case (a clone in freshZ is
# "freshz").
identity=$(basename "$root" | tr 'A-Z' 'a-z')
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
# The program is the README's library example, as written (the ```swift block that imports
# CurveType), with Foundation for its URL.
{ echo "import Foundation"
  awk '/^```swift$/ { block = ""; inside = 1; next } /^```$/ { if (inside && block ~ /import CurveType/) { printf "%s", block; exit } inside = 0; next } inside { block = block $0 "\n" }' "$root/README.md"
} >"$consumer/Sources/Consumer/main.swift"
grep -q "import CurveType" "$consumer/Sources/Consumer/main.swift" || fail "no library example in README.md"
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
rm -f seal.svg
out=$(swift run -q Consumer) || fail "the README's library example failed"
[ "$(echo "$out" | wc -l)" -gt 10 ] || fail "the README's library example printed only: $out"
head -c 5 seal.svg | grep -q '<svg' || fail "the README's library example wrote no SVG"
echo "consumer-check: the README's library example builds and renders ($(echo "$out" | wc -l) lines)"

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
