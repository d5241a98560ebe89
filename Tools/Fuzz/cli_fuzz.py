#!/usr/bin/env python3
"""The CLI fuzzer: random options with hostile values for every subcommand, run against the built
binary. Options are read from each subcommand's --help, so new options are fuzzed as they come.

Each run must:
  - end by itself (no signal; a run still going after --timeout seconds is a hang) and within
    2 s (a slower run is reported, and counts as broken);
  - on failure, print exactly one `curvetype: error: ...` line (a batch: one per failed job and
    a summary), and leave every existing file as it was: no clobbered file, no replaced link,
    no leftover temporary;
  - print only whole lines on stderr, none holding a control character;
  - on success, write SVG that parses as XML and is inert (no script, no event attribute, no
    link but the ones given, no external reference).
Usage: cli_fuzz.py BINARY [--runs N] [--seed S] [--jobs J]. Exit 1 if any run broke a rule.
"""
import argparse
import json
import multiprocessing
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

COMMANDS = ["circle", "spiral", "path", "warp", "fit", "angle", "badge", "seal", "batch", "readme-badges"]
TEXTS = [
    "Hello", "", " ", "שלום עולם", "مرحبا بالعالم", "x \u2067ナطלT-", "אב cd", "A\u0301\u0302",
    "👩‍👩‍👧 🇫🇷", "\u00a0", "a\nb", "a\r\nb", "\x1b[31mred", "\u202eevil", "<script>&amp;\"'",
    "W" * 300, "word " * 400, "ﬁ ﬂ office", "中文文本测试", "-dash", "--", "\ufeffbom",
    "x" * 20000, "\u2028line", "🙂" * 50, "Z\u0308" * 30, "\ud7ff", "tab\there",
]
NUMBERS = ["0", "-0", "1", "-1", "2", "16", "100", "360", "-360", "1e308", "-1e308", "1e-308", "nan", "inf",
           "-inf", "2147483648", "4294967296", "9223372036854775807", "1e19", "0.001", "1e6", "1e7", "0x10",
           "3.5", "-90", "45", "600", "601", "10000", "1,5", ""]
COLORS = ["red", "#4c1", "#12", "rgb(1,2,3)", "rgba(0,0,0,0.5)", "hsl(120 50% 50%)", "currentColor",
          "brightgreen", "red\nx", "url(javascript:alert(1))", "\"><script>", "#ffffffff", "transparent"]
PATHS = ["out.svg", "keep.svg", "link.svg", "-", "/dev/null", "/dev/full", "sub/dir/x.svg", "out.svg/", "out.dxf", "out.nc", "out.hpgl",
         "nofolder/x.svg", ".", "", "keep.svg"]
FONTS = ["Fonts/DejaVuSans.ttf", "DejaVu Sans:bold", "Arial", "/nonexistent.ttf", "corrupt.ttf", "Fonts",
         "/dev/null", "No Such Family"]
LOGOS = ["Fixtures/logos/check.svg", "Fixtures/logos/hostile.svg", "data:image/svg+xml,<svg viewBox='0 0 1 1'/>",
         "data:image/svg+xml;base64,%%%", "/dev/null", "big.svg", "github", "Node.js", "githb", "nosuchbrand",
         "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==",
         "data:image/png;base64,iVBORw0KGgo=", "data:image/jpeg;base64,/9j/"]
FEATURES = ["liga", "-kern", "ss01=1,+kern[1:3]", "!!", ",,,", "x" * 300]
LINKS = ["https://example.com/?a=1&b=<2>", "javascript:alert(1)", "mailto:a@b.c", "http://", "https://exa mple.com"]
SPECIAL = {
    "font": FONTS, "center-font": FONTS, "fallback-font": FONTS, "logo": LOGOS, "features": FEATURES,
    "link": LINKS, "label-link": LINKS, "output": PATHS, "layout": PATHS, "out-dir": ["frames", "keep.svg", "/dev/null"],
    "text-file": ["text.txt", "-", "/dev/null", "/nonexistent", "Fonts", "big.txt"],
    "box": ["300x60", "0x0", "1e9x1", "nanx1", "10x", "x", "100x100x1", "284x146"],
    "canvas": ["200x200", "0x1", "1e9x1", "axb"], "style": ["flat", "plastic", "for-the-badge", "social", "round"],
    "glyphs": ["outlines", "text", "none"], "align": ["start", "center", "end", "left", "leading,trailing"],
    "side": ["inside", "outside", "right"], "id-prefix": ["p", "9bad", "a\"b", "x" * 200],
    "threads": ["1", "2", "0", "257"], "unit": ["degrees", "radians", "pi", "grad"],
    "d": ["M 20 120 C 120 20 220 220 320 120", "M0 0 A 1 1 0 1 1 1e308 0", "M 1e308 0 l 1e308 0", "L 1 1",
          "M0 0" + " l1 1" * 4000, "M 0 0 Z", "m1 1 a0 0 0 0 0 5 5 q 1e-300 1e300 2 2", "M0,0 10,10 #"],
    "ellipse": ["120x80", "0x0", "1e9x1", "nanx1", "10x"], "rect": ["300x100:20", "300x100:1e9", "0x5", "3x4:nan"],
    "start-offset": ["0", "50%", "-1e9", "1e400%", "x"], "effect": ["rotate", "skew", "ribbon", "stair-step", "gravity", "bend", "warp"],
    "on-path": ["baseline", "ascender", "descender", "center", "top"], "tolerance": ["0.05", "0.001", "0", "1e9", "nan"],
    "preset": ["wave1", "arch-up", "button-pour", "circle", "textChevron", "archup", "", "x" * 300],
    "adjust": ["adj1=12500,adj2=0", "adj=0", "21599999", "adj=-1", "adj1=1e400", "adj=nan", "=", ",,", "adj2=10000,adj2=1", "adj=" + "9" * 400],
    "box": ["400x200", "1x1", "1000000x1", "0x10", "nanx5", "1e9x1e9", "300"],
    "line": ["WORD", "", "\u202e", "a\nb"],
    # Badges' data files, queries, parts, bars and themes; readme-badges' folder.
    "endpoint": ["Fixtures/badge-data/coreax-coverage.json", "Fixtures/badge-data/geovista-v0.json", "Fixtures/badge-data/is-error.json",
                 "Fixtures/badge-data/badge-maker-package.json", "/dev/null", "/nonexistent.json", "Fonts", "big.txt", "bad.json", "-"],
    "json": ["Fixtures/badge-data/badge-maker-package.json", "bad.json", "deep.json", "/dev/null", "/nonexistent.json", "Fonts", "-"],
    "query": ["$.version", "$.contributors[*]", "$['repository']['url']", "$[-1]", "$..x", "$[?(@.a)]", "version", "$." + "a." * 300 + "b",
              "$['unclosed", "$[99999999999999999999]", "$.*"],
    "progress": ["0", "0.5", "75%", "100%", "120%", "-0.1", "nan", "x", "1e-300", "99.99%"],
    "theme": ["shields", "light", "dark", "auto", "night"],
    "part-logo": LOGOS, "part-link": LINKS,
    # Seals: borders, name seals, the arcs' own fonts, logos and colours.
    "border": ["solid", "double:3", "dotted:0.25", "dashed:100", "glyphs:★:7", "glyphs:", "none", "wavy", "solid:0", "solid:1e9", "dotted:nan", "glyphs:" + "★" * 300],
    "name": ["山田太郎", "佐藤", "一二三四五六七八九十", "", "  ", "\u202e", "ab", "欧阳明月张小凤李冰"],
    "grid": ["2x2", "3x3", "1x2", "0x0", "4x4", "two", "1x", "2x2x2"],
    "top-font": FONTS, "bottom-font": FONTS, "center-logo": LOGOS, "separator-logo": LOGOS,
    "top-color": COLORS, "bottom-color": COLORS, "ink-color": COLORS, "center-color": COLORS,
    "separator": ["★", "●", "", " ", "x" * 300, "\u0301"],
    "out": ["badges", "docs/badges", "../x", "/tmp/x", ".", "a b", "keep.svg", "x" * 300],
    # Text for machines: units, machine formats and their settings, single-line fonts.
    "units": ["mm", "cm", "in", "pt", "px", "furlong", ""],
    "format": ["svg", "png", "pdf", "dxf", "gcode", "hpgl", "plotter-svg", "dwg"],
    "gcode-template": ["Fixtures/machine/goldens.txt", "/dev/null", "/nonexistent", "Fonts", "big.txt", "keep.svg"],
    "machine-tolerance": ["0.01", "0.0001", "10", "0", "1e-300", "nan", "-1"],
    "kerf": ["0.2", "1", "1e-9", "0", "1e9", "nan"], "stencil": ["0.8", "3", "1e-9", "0", "1e9", "nan"],
    "pen-width": ["0.3", "1e-9", "0", "1e6", "nan"],
}
FONTS += ["hershey:scripts", "hershey:futural", "hershey:nope", "hershey:../../etc/passwd", "Fixtures/fonts/CurveTypeTestSingleLine.ttf"]
READMES = ["README.md", "README.md", "README.md", "keep.svg", "/nonexistent.md", "Fonts", "/dev/null", "big.txt"]


def help_options(binary, command):
    out = subprocess.run([binary, command, "--help"], capture_output=True, text=True).stdout
    options = []
    for m in re.finditer(r"^\s+(?:-\w, )?--([\w-]+)(?: <[\w-]+>)?", out, re.M):
        name = m.group(1)
        if name in ("help", "version"):
            continue
        takes_value = bool(re.search(r"--" + re.escape(name) + r" <", out))
        options.append((name, takes_value))
    return options


SANE_NUMBERS = ["1", "2", "4", "10", "16", "20", "45", "90", "100", "0.5", "3"]
SANE_TEXTS = ["Hello", "שלום עולם", "Hello שלום 123", "مرحبا", "A • B • C •", "中文", "ﬁne", "x y z"]


def value_for(name, rng, sane=False):
    if sane and name not in ("output", "layout", "font", "logo", "text-file", "out-dir") and name not in SPECIAL:
        if "color" in name or name in ("fill", "stroke", "background", "text-fill", "light", "dark"):
            return rng.choice(["red", "#4c1", "rgb(1,2,3)"])
        if name in ("label", "message", "ring", "center", "title", "text", "row"):
            return rng.choice(SANE_TEXTS)
        return rng.choice(SANE_NUMBERS)
    if name in SPECIAL:
        return rng.choice(SPECIAL[name])
    if "color" in name or name in ("fill", "stroke", "background", "text-fill", "light", "dark"):
        return rng.choice(COLORS)
    if name in ("label", "message", "ring", "center", "title", "text", "row"):
        return rng.choice(TEXTS)
    return rng.choice(NUMBERS)


def arguments(command, options, rng):
    """A command line; half of them with sane values but for one or two hostile ones, so the
    paths that render and write are fuzzed as well as the refusals."""
    sane = rng.random() < 0.5
    texts = SANE_TEXTS if sane else TEXTS
    args = [command]
    if command == "path" and rng.random() < 0.9:
        args += ["--d", rng.choice(SPECIAL["d"][:1] if sane else SPECIAL["d"])]
    if command == "warp" and rng.random() < 0.9:
        args += ["--preset", rng.choice(SPECIAL["preset"][:5] if sane else SPECIAL["preset"])]
    if command in ("circle", "fit", "path", "warp") and rng.random() < 0.8:
        args += ["--", rng.choice(texts)] if rng.random() < 0.2 else [rng.choice(texts)]
    if command == "angle":
        args.append(rng.choice(SANE_NUMBERS if sane else NUMBERS))
    if command == "fit" and sane:
        args += ["--box", rng.choice(["300x60", "200x200", "50x600"])]
    if command == "circle" and sane:
        args += ["--allow-overlap"]
    for _ in range(rng.randint(0, 6)):
        name, takes_value = rng.choice(options)
        args += [f"--{name}", value_for(name, rng, sane and rng.random() < 0.85)] if takes_value else [f"--{name}"]
    if command == "readme-badges":
        args.insert(1, rng.choice(READMES))
    if command == "badge" and "--message" not in args and rng.random() < 0.9:
        args += ["--message", rng.choice(texts)]
    if command == "seal":
        # The first seal, a stamp of arcs, or neither (a name seal, or a refusal).
        choice = rng.random()
        if choice < 0.45:
            args += ["--ring", rng.choice(texts), "--center", rng.choice(texts)]
        elif choice < 0.9:
            args += ["--top", rng.choice(texts), "--bottom", rng.choice(texts)]
            if rng.random() < 0.5:
                args += ["--separator", "★", "--center", rng.choice(texts)]
    return args


def batch_file(rng, options_by_command, folder):
    lines = []
    for _ in range(rng.randint(0, 12)):
        command = rng.choice([c for c in COMMANDS if c not in ("batch", "readme-badges")])
        job = {"command": command, "output": rng.choice(["a.svg", "b.svg", "keep.svg", "link.svg", "deep/x/y.svg", "a.svg"])}
        for _ in range(rng.randint(0, 5)):
            name, takes_value = rng.choice(options_by_command[command])
            job[name] = value_for(name, rng) if takes_value else True
        if command == "path":
            job["d"] = rng.choice(SPECIAL["d"])
        if command == "warp":
            job["preset"] = rng.choice(SPECIAL["preset"])
        if command in ("circle", "fit", "angle", "path", "warp"):
            job["args"] = [rng.choice(TEXTS) if command != "angle" else rng.choice(NUMBERS)]
        line = json.dumps(job)
        if rng.random() < 0.05:
            line = line[: rng.randint(0, len(line))]
        lines.append(line)
    ending = rng.choice(["\n", "\r\n"])
    prefix = "\ufeff" if rng.random() < 0.1 else ""
    body = prefix + (json.dumps([json.loads(x) for x in lines if _valid(x)]) if rng.random() < 0.3 else ending.join(lines))
    with open(os.path.join(folder, "jobs.jsonl"), "w", encoding="utf-8") as f:
        f.write(body)
    return ["batch", "jobs.jsonl", "--threads", rng.choice(["1", "2"])]


def _valid(line):
    try:
        json.loads(line)
        return True
    except ValueError:
        return False


def prepare(folder, root):
    with open(os.path.join(folder, "keep.svg"), "w") as f:
        f.write("KEEP")
    with open(os.path.join(folder, "target.svg"), "w") as f:
        f.write("TARGET")
    os.chmod(os.path.join(folder, "target.svg"), 0o640)
    os.symlink("target.svg", os.path.join(folder, "link.svg"))
    os.symlink(os.path.join(root, "Fonts"), os.path.join(folder, "Fonts"))
    os.symlink(os.path.join(root, "Fixtures"), os.path.join(folder, "Fixtures"))
    with open(os.path.join(folder, "corrupt.ttf"), "wb") as f:
        f.write(open(os.path.join(root, "Fonts", "DejaVuSans.ttf"), "rb").read()[:5000])
    with open(os.path.join(folder, "text.txt"), "w") as f:
        f.write("Text from a file\n")
    with open(os.path.join(folder, "README.md"), "w") as f:
        f.write("# T\n![a](https://img.shields.io/badge/a-b-blue)\n<img src=\"https://img.shields.io/badge/%3Cs%3E-%22x%22-red?logo=github\">\n"
                "[r]: https://img.shields.io/static/v1?label=l&message=m&color=blue\n```\n![x](https://img.shields.io/badge/x-y-z)\n```\n"
                "![w](https://img.shields.io/badge/" + "W" * 3000 + "-b-c)\n![live](https://img.shields.io/github/stars/a/b)\n")
    with open(os.path.join(folder, "bad.json"), "w") as f:
        f.write('{"schemaVersion": 1, "label": ')
    with open(os.path.join(folder, "deep.json"), "w") as f:
        f.write("[" * 100000)
    with open(os.path.join(folder, "big.txt"), "w") as f:
        f.write("x" * 100000)
    with open(os.path.join(folder, "big.svg"), "w") as f:
        f.write("<svg viewBox='0 0 1 1'>" + "<g>" * 70 + "</g>" * 70 + "</svg>")


def snapshot(folder):
    state = {}
    for dirpath, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(dirpath, name)
            st = os.lstat(path)
            content = None
            if stat.S_ISREG(st.st_mode) and st.st_size < 200:
                content = open(path, "rb").read()
            state[os.path.relpath(path, folder)] = (stat.S_IFMT(st.st_mode), content, stat.S_IMODE(st.st_mode))
    return state


INERT = re.compile(r"<script|javascript:|\son\w+\s*=|<foreignObject|<image|<iframe|xml:base", re.I)
# The one image CurveType writes: a colour bitmap glyph's PNG, embedded (a data: URL of base64
# only), so it loads nothing. Any other <image> is not inert.
GLYPH_IMAGE = re.compile(r'<image x="[-0-9.]+" y="[-0-9.]+" width="[0-9.]+" height="[0-9.]+" preserveAspectRatio="none" '
                         r'xlink:href="data:image/png;base64,[A-Za-z0-9+/=]*"/>')
# A PNG or JPEG logo (a badge's, 14 px high; a seal's centre or separator logo, any size),
# embedded as a data: URL of base64 only after its bytes were checked: it loads nothing either.
LOGO_IMAGE = re.compile(r'<image x="[-0-9.]+" y="[-0-9.]+" width="[0-9.]+" height="[0-9.]+" '
                        r'xlink:href="data:image/(png|jpeg);base64,[A-Za-z0-9+/=]*"/>')
LINE_OK = re.compile(r"^curvetype: (error|warning): [^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$|^curvetype: \d+ of \d+ jobs failed$")


def check(args, result, elapsed, before, after, folder):
    problems = []
    if result is None:
        return ["hang (killed after the timeout)"]
    code, out, err = result
    if code < 0:
        return [f"killed by signal {-code}"]
    lines = err.decode("utf-8", "replace").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        problems.append("stderr does not end with a line end")
    for line in lines:
        if not LINE_OK.match(line):
            problems.append(f"stderr line not of the form: {line[:120]!r}")
    errors = [l for l in lines if l.startswith("curvetype: error: ")]
    is_help = "--help" in args or "-h" in args
    if code != 0 and args[0] != "batch" and len(errors) != 1:
        problems.append(f"exit {code} with {len(errors)} error lines")
    if code == 0 and errors:
        problems.append("exit 0 with an error line")
    if code != 0 and args[0] != "batch":
        for name, state in before.items():
            if after.get(name) != state:
                problems.append(f"{name} changed by a failed run: {state[:2]} -> {after.get(name, ('gone',))[:2]}")
    link = os.path.join(folder, "link.svg")
    if not os.path.islink(link):
        problems.append("link.svg is no longer a link")
    leftovers = [n for n in after if re.search(r"\.\d+\.\d+\.(tmp|old)$", n)]
    if leftovers:
        problems.append(f"leftover temporaries {leftovers}")
    if code == 0 and out and not is_help and args[0] != "batch":
        text = out.decode("utf-8", "replace")
        if text.lstrip().startswith("<svg"):
            try:
                ET.fromstring(out)
            except ET.ParseError as e:
                problems.append(f"SVG not well-formed: {e}")
            rest = LOGO_IMAGE.sub("", GLYPH_IMAGE.sub("", text))
            if INERT.search(rest):
                problems.append(f"SVG not inert: {INERT.search(rest).group(0)}")
    if elapsed > 2.0:
        problems.append(f"slow: {elapsed:.2f} s")
    return problems


def run_one(task):
    binary, root, seed, timeout, options_by_command = task
    rng = random.Random(seed)
    folder = tempfile.mkdtemp(prefix="curvetype-clifuzz-")
    try:
        prepare(folder, root)
        command = rng.choice(COMMANDS)
        if command == "batch":
            args = batch_file(rng, options_by_command, folder)
        else:
            args = arguments(command, options_by_command[command], rng)
        before = snapshot(folder)
        start = time.monotonic()
        try:
            p = subprocess.run([binary] + args, cwd=folder, stdin=subprocess.DEVNULL, capture_output=True,
                               timeout=timeout)
            result = (p.returncode, p.stdout, p.stderr)
        except subprocess.TimeoutExpired:
            result = None
        elapsed = time.monotonic() - start
        after = snapshot(folder)
        problems = check(args, result, elapsed, before, after, folder)
        return seed, args, problems, (result[0] if result else None)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--timeout", type=float, default=10)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # Tools/Fuzz/..
    options = {c: help_options(binary, c) for c in COMMANDS if c != "batch"}
    tasks = [(binary, root, args.seed * 1_000_003 + i, args.timeout, options) for i in range(args.runs)]
    failures, slow, count, accepted = [], 0, 0, 0
    with multiprocessing.Pool(args.jobs) as pool:
        for seed, argv, problems, code in pool.imap_unordered(run_one, tasks, chunksize=8):
            count += 1
            accepted += code == 0
            real = [p for p in problems if not p.startswith("slow")]
            slow += len(problems) - len(real)
            if problems:
                failures.append((seed, argv, problems))
    for seed, argv, problems in failures[:40]:
        shown = [a if len(a) < 80 else a[:60] + f"…({len(a)} chars)" for a in argv]
        print(f"seed {seed}: {' '.join(repr(a) for a in shown)}\n    " + "; ".join(problems))
    broken = len(failures)
    print(f"cli fuzz: {count} runs ({accepted} accepted, {count - accepted} refused), {broken} broke a rule ({slow} slow)")
    print(f"{count - broken} passed, {broken} failed")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
