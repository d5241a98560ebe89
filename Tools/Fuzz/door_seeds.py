# Writes the doors' fuzz seeds (Tools/Fuzz/seeds/FuzzMerge/door-*, seeds/FuzzQuery/*): every option
# that reads a file (FILE, FONT, LOGO, DIR in `curvetype help COMMAND --markdown`), named with
# the planted secret's path (Tools/Fuzz/FuzzSupport/Secret.swift) through a template's
# data-options, a row's value and a query. Run from the root after a build, when an option
# that reads a file is added: python3 Tools/Fuzz/door_seeds.py
import subprocess, re, os, urllib.parse
import sys
C = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/curvetype"
secret = "/tmp/curvetype-fuzz-secret.json"
commands = ["circle", "spiral", "path", "warp", "fit", "angle", "badge", "seal"]
shapes = {"circle": 'circle cx="200" cy="200" r="100"', "path": 'path d="M10 200 L390 200"'}
merge_dir = "Tools/Fuzz/seeds/FuzzMerge"; query_dir = "Tools/Fuzz/seeds/FuzzQuery"
os.makedirs(query_dir, exist_ok=True)
for old in os.listdir(merge_dir):
    if old.startswith("door-"): os.remove(os.path.join(merge_dir, old))
for old in os.listdir(query_dir): os.remove(os.path.join(query_dir, old))
count = 0
for command in commands:
    table = subprocess.run([C, "help", command, "--markdown"], capture_output=True, text=True).stdout
    for name, value in re.findall(r"^\| `(--[a-z-]+) (FILE|FONT|LOGO|DIR)`", table, re.M):
        shape = shapes.get(command, 'rect x="0" y="0" width="200" height="100"')
        base = name[2:]
        # The template's own words, and a row's value.
        for door, options, rows in [("template", f"{name} {secret}", "v\nx\n"), ("row", f"{name} {{v}}", f"v\n{secret}\n")]:
            svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><{shape} data-curvetype="{command}" data-options="{options}"/></svg>'
            open(f"{merge_dir}/door-{door}-{command}-{base}", "wb").write(svg.encode() + b"\0" + rows.encode())
        query = urllib.parse.urlencode({base: secret, "text": "Hi"})
        open(f"{query_dir}/{command}-{base}", "w").write(f"{command}?{query}")
        count += 1
svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><text x="10" y="50" font-family="{secret}">Hi</text></svg>'
open(f"{merge_dir}/door-template-font-family", "wb").write(svg.encode() + b"\0v\nx\n")
print(count, "options")
