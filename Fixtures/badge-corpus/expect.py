#!/usr/bin/env python3
"""Writes expected.tsv: what shields.io draws for each URL of urls.tsv, read with shields' own rules
by code independent of CurveType's, for the corpus test (ServerTests, `BadgeCorpusTests`).

    .build/venv/bin/python Fixtures/badge-corpus/expect.py

Independent parts: Python's `re` (a backtracking engine, as JavaScript's is) runs shields' route
pattern on the decoded path; the logo names are resolved against PyPI's simple-icons-pack itself
(not CurveType's table made from it); the request target is percent-encoded as a browser encodes
what a README writes (WHATWG's path and query percent-encode sets).

Columns: the request target; shields' accessible text (`aria-label`: "label: message", or the
message alone; upper case in for-the-badge, the label capitalised in social); the badge's height;
whether shields draws a logo (yes or no).
"""
import pathlib
import re
import sys
import urllib.parse

try:
    import simple_icons_pack
except ImportError:
    sys.exit("expect.py: pip install simple-icons-pack==15.16.0 (make venv does)")

HERE = pathlib.Path(__file__).resolve().parent
ROUTE = re.compile(r"((?:[^-]|--)*?)-?((?:[^-]|--)*)-((?:[^-.]|--)+)")
ALIASES = {"azuredevops": "azure-devops", "eclipse": "eclipse-ide", "gitter-white": "gitter",
           "scrutinizer": "scrutinizer-ci", "stackoverflow": "stack-overflow", "tfs": "azure-devops",
           "travis": "travisci"}
HEIGHTS = {"flat": 20, "flat-square": 20, "plastic": 18, "for-the-badge": 28, "social": 20}

ICONS = {}
for icon in sorted((getattr(simple_icons_pack, n) for n in dir(simple_icons_pack) if n.startswith("SI_")), key=lambda i: i.slug):
    ICONS[icon.slug] = icon
TITLES = {}
for icon in ICONS.values():
    for key in (icon.title.lower(), icon.title.lower().replace(" ", "-")):
        if key not in ICONS and key not in TITLES:
            TITLES[key] = icon


def named_logo(name):
    key = name.lower()
    key = ALIASES.get(key, key).replace(" ", "-")
    return key in ICONS or key in TITLES


def is_data_url(value):
    text = value if value.startswith("data:") else "data:" + value
    text = re.sub(r"\s", "", text.replace(" ", "+"))
    return re.fullmatch(r"data:[^;,]+;[^,]+,.+", text, re.S) is not None


def escape_format(text):
    # A lone underscore is a space (unless it is the whole text), then __ is _ and -- is -.
    if len(text) > 1:
        text = re.sub(r"(?<!_)_(?!_)", " ", text)
    return text.replace("__", "_").replace("--", "-")


# What a browser leaves as it is in a path and a query (WHATWG URL: the path and query
# percent-encode sets); `%` stays, so written escapes are sent as written.
PATH_SAFE = "!$&'()*+,-./:;=@[]^_|~%"
QUERY_SAFE = "!$&()*+,-./:;=?@[]^_`{|}~%"


def target(url):
    parts = urllib.parse.urlsplit(url)
    return (urllib.parse.quote(parts.path, safe=PATH_SAFE)
            + ("?" + urllib.parse.quote(parts.query, safe=QUERY_SAFE) if parts.query else ""))


def expect(url):
    parts = urllib.parse.urlsplit(url)
    raw = parts.path[len("/badge/"):]
    decoded = urllib.parse.unquote(urllib.parse.quote(raw, safe=PATH_SAFE), errors="strict")
    if decoded.endswith(".svg"):
        decoded = decoded[:-4]
    match = ROUTE.fullmatch(decoded)
    if not match:
        return None
    label, message = escape_format(match.group(1)), escape_format(match.group(2))
    query = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
    if "label" in query:
        label = query["label"]
    style = query.get("style", "flat")
    if style not in HEIGHTS:
        style = "flat"
    label, message = label.strip(), message.strip()
    if style == "for-the-badge":
        label, message = label.upper(), message.upper()
    elif style == "social" and label:
        label = label[0].upper() + label[1:]
    logo = query.get("logo")
    has_logo = logo is not None and (is_data_url(logo) or named_logo(logo))
    accessible = f"{label}: {message}" if label else message
    return accessible, HEIGHTS[style], has_logo


def main():
    lines = []
    for line in (HERE / "urls.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line:
            continue
        repository, file, url = line.split("\t")
        expected = expect(url)
        if expected is None:
            sys.exit(f"expect.py: shields would not draw {url} (not a static badge): leave it out of urls.tsv")
        accessible, height, has_logo = expected
        if "\t" in accessible or "\n" in accessible:
            sys.exit(f"expect.py: {url}: its text holds a tab or line break")
        lines.append(f"{target(url)}\t{accessible}\t{height}\t{'yes' if has_logo else 'no'}\n")
    header = ("# Made by expect.py from urls.tsv (one line each, same order): request target, shields' accessible text,\n"
              "# height, whether shields draws a logo (simple-icons-pack 15.16.0).\n")
    (HERE / "expected.tsv").write_text(header + "".join(lines), encoding="utf-8")
    print(f"expect.py: {len(lines)} URLs")


if __name__ == "__main__":
    main()
