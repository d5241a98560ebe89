#!/usr/bin/env python3
"""Writes Sources/CCairo/functions.h, Sources/CFontconfig/functions.h and
Sources/CFriBiDi/functions.h: a `ct_NAME` wrapper for each function of cairo, Fontconfig and
FriBiDi that CurveType calls, which finds the function in the library (dlopen) the first time
it is called.

Why: a linked library is loaded, with every library it needs, into every process at start.
cairo and the twenty it needs (X11, xcb, GLib, pixman, …) cost each `curvetype badge` about
2 ms, though only PNG and PDF draw with cairo. Fontconfig (with expat) is needed only to find a
font by name or a fallback, and FriBiDi only for text with right-to-left characters (see
BidiParagraph's fast path); loaded on first use, a badge in the bundled font opens neither.

Each functions.h also opens its library, once (`curvetype_LIBRARY_library`, `_symbol`); each
shim.h says whether it can be used (`ct_LIBRARY_available`), which callers check before the
first call.

Run after calling a new function of one of them (the list is taken from the Swift sources):
    python3 Tools/make_lazy_shims.py
"""
import os
import re
import subprocess

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def include_dir(package):
    return subprocess.run(["pkg-config", "--variable=includedir", package], capture_output=True, text=True,
                          check=True).stdout.strip()


def prototypes(paths, export):
    """name → (return type, parameters) of every function a header declares after `export`."""
    found = {}
    for path in paths:
        text = open(path).read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"\bFRIBIDI_GNUC_\w+\b", " ", text)
        for ret, name, params in re.findall(export + r"\s+([^;{}()#]*?)\b(\w+)\s*\(([^()]*)\)\s*[^;{}()]*;", text, re.S):
            found[name] = (" ".join(ret.split()), " ".join(params.split()))
    return found


def argument_names(params):
    if params.strip() in ("", "void"):
        return []
    return [re.findall(r"\w+", param)[-1] for param in params.split(",")]


LIBRARIES = [
    # (module folder, short name, shared object, Swift sources that call it, call pattern, headers,
    # export macro)
    ("CCairo", "cairo", "libcairo.so.2", ["CurveTypeRaster"], r"\bct_(cairo_[a-z0-9_]+)\(",
     lambda: [os.path.join(include_dir("cairo"), "cairo", h) for h in ["cairo.h", "cairo-pdf.h"]], r"cairo_public"),
    ("CFontconfig", "fontconfig", "libfontconfig.so.1", ["CurveTypeFonts"], r"\bct_(Fc[A-Za-z0-9]+)\(",
     lambda: [os.path.join(include_dir("fontconfig"), "fontconfig", "fontconfig.h")], r"FcPublic"),
    ("CFriBiDi", "fribidi", "libfribidi.so.0", ["CurveTypeFonts"], r"\bct_(fribidi_[a-z0-9_]+)\(",
     lambda: [os.path.join(include_dir("fribidi"), "fribidi", h)
              for h in os.listdir(os.path.join(include_dir("fribidi"), "fribidi")) if h.endswith(".h")], r"FRIBIDI_ENTRY"),
]

for folder, library, soname, source_dirs, pattern, headers, export in LIBRARIES:
    used = set()
    for directory in source_dirs:
        path = os.path.join(root, "Sources", directory)
        for name in os.listdir(path):
            used |= set(re.findall(pattern, open(os.path.join(path, name)).read()))
    used.discard(f"{library}_available")  # shim.h's own
    known = prototypes(headers(), export)
    if library == "cairo":
        # cairo-ft.h's one function, with the face as `void *` (see CCairo/shim.h).
        known["cairo_ft_font_face_create_for_ft_face"] = ("cairo_font_face_t *", "void *face, int load_flags")
    missing = sorted(used - known.keys())
    assert not missing, f"no prototype for {missing}"
    guard = f"CURVETYPE_{folder.upper()}_FUNCTIONS_H"
    static = f"CURVETYPE_STATIC_{library.upper()}"
    lines = [
        f"/* Made by Tools/make_lazy_shims.py: do not edit. Each ct_NAME calls {library}'s NAME, found in",
        "   the library the first time (see the script for why). */",
        f"#ifndef {guard}",
        f"#define {guard}",
        "#include <dlfcn.h>",
        "",
    ]
    if library == "cairo":
        # The shipped binary links cairo's static archive (make release), where loading the
        # shared one, with the 22 libraries Debian's needs, was 1.7 M instructions of each PNG.
        lines += [f"#ifdef {static}", f"/* Linked into the program (make release): each ct_NAME is {library}'s NAME. */",
                  "cairo_font_face_t *cairo_ft_font_face_create_for_ft_face(void *face, int load_flags);"]
        for name in sorted(used):
            ret, params = known[name]
            call = f"{name}({', '.join(argument_names(params))})"
            lines += [f"static inline {ret} ct_{name}({params}) {{ {call if ret == 'void' else 'return ' + call}; }}"]
        lines += ["#else", ""]
    lines += [
        f"/* {soname}, opened once; NULL if it cannot be. */",
        f"static inline void *curvetype_{library}_library(void) {{",
        "    static void *handle;",
        "    static int tried;",
        "    void *h = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);",
        "    if (h || __atomic_load_n(&tried, __ATOMIC_ACQUIRE)) return h;",
        f"    h = dlopen(\"{soname}\", RTLD_LAZY | RTLD_LOCAL);",
        "    __atomic_store_n(&handle, h, __ATOMIC_RELEASE);",
        "    __atomic_store_n(&tried, 1, __ATOMIC_RELEASE);",
        "    return h;",
        "}",
        "",
        f"static inline void *curvetype_{library}_symbol(const char *name) {{",
        f"    void *h = curvetype_{library}_library();",
        "    return h ? dlsym(h, name) : NULL;",
        "}",
        "",
    ]
    for name in sorted(used):
        ret, params = known[name]
        call = f"(({name}_fn)f)({', '.join(argument_names(params))})"
        lines += [
            f"typedef {ret} (*{name}_fn)({params});",
            f"static inline {ret} ct_{name}({params}) {{",
            "    static void *cached;",
            "    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);",
            f"    if (!f) {{ f = curvetype_{library}_symbol(\"{name}\"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }}",
            f"    {call};" if ret == "void" else f"    return {call};",
            "}",
        ]
    if library == "cairo":
        lines += [f"#endif /* {static} */"]
    lines += ["", "#endif", ""]
    open(os.path.join(root, "Sources", folder, "functions.h"), "w").write("\n".join(lines))
    print(f"{library}: {len(used)} functions")
