#!/usr/bin/env python3
"""Writes each command's option table into the README, between `<!-- options: NAME -->` and
`<!-- /options -->`, from `curvetype help --markdown NAME` (the declarations). The README test
fails when a table differs; this puts it right.

Usage: python3 Tools/readme_options.py CURVETYPE [README]"""
import re
import subprocess
import sys

binary = sys.argv[1]
path = sys.argv[2] if len(sys.argv) > 2 else "README.md"
text = open(path, encoding="utf-8").read()


def table(match):
    name = match.group(1)
    out = subprocess.run([binary, "help", "--markdown", name], capture_output=True, text=True, check=True).stdout
    return f"<!-- options: {name} -->\n{out}<!-- /options -->"


new = re.sub(r"<!-- options: ([a-z-]+) -->\n.*?<!-- /options -->", table, text, flags=re.S)
if new != text:
    open(path, "w", encoding="utf-8").write(new)
    print(f"{path}: option tables written")
