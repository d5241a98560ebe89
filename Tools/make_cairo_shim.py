#!/usr/bin/env python3
"""Writes Sources/CCairo/functions.h: a `ct_cairo_…` wrapper for each cairo function CurveType
calls, which finds the function in libcairo.so.2 (dlopen) the first time it is called.

Why: linking cairo loads it and the twenty libraries it needs (X11, xcb, GLib, pixman, …) into
every process at start, about 2 ms of each `curvetype badge -o b.svg`, which never draws with
cairo. Loaded on first use, only PNG and PDF pay for it.

Run after calling a new cairo function from Sources/CurveTypeRaster (the list is taken from
there):  python3 Tools/make_cairo_shim.py
"""
import os
import re
import subprocess

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sources = os.path.join(root, "Sources", "CurveTypeRaster")
used = set()
for name in os.listdir(sources):
    used |= set(re.findall(r"\bct_(cairo_[a-z0-9_]+)\(", open(os.path.join(sources, name)).read()))
used.discard("cairo_available")  # shim.h's own

include = subprocess.run(["pkg-config", "--variable=includedir", "cairo"], capture_output=True, text=True, check=True).stdout.strip()
prototypes = {}
for header in ["cairo.h", "cairo-pdf.h"]:
    text = open(os.path.join(include, "cairo", header)).read()
    for ret, name, params in re.findall(r"cairo_public\s+([^;{}]*?)\b(cairo_\w+)\s*\(([^)]*)\);", text, re.S):
        prototypes[name] = (" ".join(ret.split()), " ".join(params.split()))
# cairo-ft.h's one function, with the face as `void *` (see shim.h).
prototypes["cairo_ft_font_face_create_for_ft_face"] = ("cairo_font_face_t *", "void *face, int load_flags")

missing = sorted(used - prototypes.keys())
assert not missing, f"no prototype for {missing}"

def argument_names(params):
    if params.strip() in ("", "void"):
        return []
    names = []
    for param in params.split(","):
        names.append(re.findall(r"\w+", param)[-1])
    return names

lines = [
    "/* Made by Tools/make_cairo_shim.py: do not edit. Each ct_cairo_NAME calls cairo's NAME, found",
    "   in libcairo.so.2 the first time (see the script for why). */",
    "#ifndef CURVETYPE_CCAIRO_FUNCTIONS_H",
    "#define CURVETYPE_CCAIRO_FUNCTIONS_H",
    "",
]
for name in sorted(used):
    ret, params = prototypes[name]
    args = ", ".join(argument_names(params))
    call = f"(({name}_fn)f)({args})"
    body = f"{call};" if ret == "void" else f"return {call};"
    lines += [
        f"typedef {ret} (*{name}_fn)({params});",
        f"static inline {ret} ct_{name}({params}) {{",
        f"    static void *cached;",
        f"    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);",
        f"    if (!f) {{ f = curvetype_cairo_symbol(\"{name}\"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }}",
        f"    {body}",
        "}",
    ]
lines += ["", "#endif", ""]
open(os.path.join(root, "Sources", "CCairo", "functions.h"), "w").write("\n".join(lines))
print(f"{len(used)} functions")
