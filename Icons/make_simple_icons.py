#!/usr/bin/env python3
"""Writes Icons/simple-icons.tsv, the brand logos CurveType compiles in, from PyPI's
simple-icons-pack (a CC0 redistribution of the simple-icons npm package).

    python Icons/make_simple_icons.py [OUTPUT]       (default: Icons/simple-icons.tsv)

The release is pinned to the one shields.io pins, so a named logo draws the same brand mark as
on img.shields.io. One line an icon, sorted by slug: slug, title, brand colour (six hex digits)
and the path data of its single <path>, each separated by a tab. Every simple-icons logo is one
path in a 24 x 24 viewBox; the script refuses a release where that stops being true, rather than
write a file the library would read wrongly.
"""
import pathlib
import re
import sys

RELEASE = "15.16.0"

try:
    import simple_icons_pack
    from importlib.metadata import version
except ImportError:
    sys.exit(f"make_simple_icons: pip install simple-icons-pack=={RELEASE} (make venv does)")

if version("simple-icons-pack") != RELEASE:
    sys.exit(f"make_simple_icons: simple-icons-pack {version('simple-icons-pack')} is installed, not {RELEASE}")

SVG = re.compile(r'<svg role="img" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg">'
                 r'<title>.*?</title><path d="([^"]+)"/></svg>', re.S)
PATH_DATA = re.compile(r"^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\- ]+$")


def rows():
    icons = [getattr(simple_icons_pack, name) for name in dir(simple_icons_pack) if name.startswith("SI_")]
    for icon in sorted(icons, key=lambda i: i.slug):
        match = SVG.fullmatch(icon.svg)
        if not match:
            sys.exit(f"make_simple_icons: {icon.slug} is not one path in a 24 x 24 viewBox")
        path = match.group(1)
        if not PATH_DATA.match(path):
            sys.exit(f"make_simple_icons: {icon.slug}'s path data holds something else")
        if not re.fullmatch(r"[0-9A-F]{6}", icon.hex):
            sys.exit(f"make_simple_icons: {icon.slug}'s colour is {icon.hex!r}")
        if not re.fullmatch(r"[a-z0-9_]+", icon.slug):
            sys.exit(f"make_simple_icons: the slug {icon.slug!r} has characters slugs never have")
        if any(c in icon.title for c in "\t\n\r"):
            sys.exit(f"make_simple_icons: {icon.slug}'s title holds a tab or line break")
        yield f"{icon.slug}\t{icon.title}\t{icon.hex}\t{path}\n"


def main():
    here = pathlib.Path(__file__).resolve().parent
    output = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else here / "simple-icons.tsv"
    lines = list(rows())
    header = (f"# simple-icons {RELEASE} (PyPI simple-icons-pack {RELEASE}, CC0-1.0), {len(lines)} icons;"
              " made by Icons/make_simple_icons.py\n"
              "# slug<TAB>title<TAB>brand colour<TAB>path data in a 0 0 24 24 viewBox\n")
    output.write_text(header + "".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
