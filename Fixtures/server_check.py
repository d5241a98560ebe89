"""The live server, as a browser and a stranger meet it (`make server-check`).

1. The playground in a real browser: Playwright for Python drives Debian's Chromium, types
   into a field and checks that the preview re-renders (its image address and pixels change),
   that the command and URL follow, that a bad value shows the server's error line and
   disables the downloads, that every tab's copied command runs in bash, that the warp tab's
   forty preset drawings pick, and that on a phone the page fits its width and the preview
   stays in sight.
2. Hostile HTTP: random paths, queries, headers and bodies over real sockets (seeded, so a
   failure repeats). Every answer must be a well-formed status from the allowed set, with one
   line of text for errors, and the server must stay up; /healthz is asked after each batch.
3. Untrusted doors: every option that reads a file, naming a planted secret through a query,
   a posted template, a row and the operator's template; all refused, the secret in no answer,
   header or log line.
4. SIGTERM: a request in flight is answered, then the process exits 0.

Usage: server_check.py SERVER_BINARY [--fuzz-runs N] [--seed S]
"""

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

CHROMIUM = "/usr/bin/chromium"
# The command line the playground's copied commands name (make server-check builds it).
CURVETYPE = os.path.abspath(os.environ.get("CURVETYPE", ".build/debug/curvetype"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(binary, port, extra=()):
    process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port), *extra], stderr=subprocess.PIPE)
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            if process.poll() is not None:
                sys.exit("server_check: the server exited: " + process.stderr.read().decode(errors="replace"))
            time.sleep(0.05)
    sys.exit("server_check: the server did not start listening")


def request(port, method, target, body=None, headers=None, timeout=10):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, target, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


# --- 1. the playground in Chromium ---------------------------------------------------------

def wait_until(page, expression, timeout=10.0):
    """Polls `expression` in the page until it is truthy. (Playwright's wait_for_function
    evaluates a string with eval, which the page's Content-Security-Policy rightly forbids;
    evaluate() goes through the DevTools protocol instead.)"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate(expression):
            return
        time.sleep(0.05)
    raise TimeoutError(f"waited {timeout} s for {expression}")


def check_playground(port):
    from playwright.sync_api import sync_playwright

    failures = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # The one 400 the check provokes (size=huge) is expected; any other error is not.
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "status of 400" not in m.text else None)
        page.goto(f"http://127.0.0.1:{port}/")
        wait_until(page, "document.getElementById('preview').dataset.url")
        preview = page.locator("#preview")
        first_url = preview.get_attribute("data-url")
        first_png = preview.screenshot()
        # Type into the text field: the preview must follow (debounced).
        field = page.locator("#option-text")
        field.fill("")
        field.type("Typed in a real browser", delay=20)
        wait_until(page, f"document.getElementById('preview').dataset.url !== {first_url!r}")
        wait_until(page, "document.getElementById('preview').complete")
        second_url = preview.get_attribute("data-url")
        second_png = preview.screenshot()
        if "Typed%20in%20a%20real%20browser" not in second_url:
            failures.append(f"the preview's address did not take the typed text: {second_url}")
        if first_png == second_png:
            failures.append("the preview's pixels did not change after typing")
        command = page.locator("#command").inner_text()
        if not (command.startswith("curvetype circle ") and command.endswith(" 'Typed in a real browser'")):
            failures.append(f"the command did not follow: {command}")
        if "/circle?text=Typed%20in%20a%20real%20browser" not in page.locator("#url").inner_text():
            failures.append("the URL did not follow")
        natural = page.evaluate("document.getElementById('preview').naturalWidth")
        if natural <= 0:
            failures.append("the preview image did not load")
        # A bad value shows the server's one line.
        page.locator("#option-size").fill("huge")
        page.wait_for_selector("#problem:not([hidden])")
        problem = page.locator("#problem").inner_text()
        # …naming the field by its label, as the form does, not by its JSON key.
        if 'Size must be a number' not in problem or '"size"' in problem:
            failures.append(f"the error line was not shown by the field's label: {problem!r}")
        # While the state is refused, the downloads are disabled: no link to a 400.
        for format in ["svg", "png", "pdf"]:
            link = page.locator(f"#download-{format}")
            if link.get_attribute("href") is not None or link.get_attribute("aria-disabled") != "true":
                failures.append(f"the {format} download stays live while the state is refused")
        # Each effect's tab renders its preset, and its copied command runs in bash.
        for effect in ["circle", "path", "warp", "spiral", "fit", "angle", "badge", "seal"]:
            page.locator(f"nav button[data-effect={effect}]").click()
            wait_until(page, f"(document.getElementById('preview').dataset.url || '').startsWith('/{effect}')")
            if not page.locator("#problem").is_hidden():
                failures.append(f"{effect}: {page.locator('#problem').inner_text()}")
            failures += run_copied_command(page, effect)
            if effect == "warp":
                # The forty presets as small drawings: picking one draws it.
                buttons = page.locator(".presets button")
                if buttons.count() != 40:
                    failures.append(f"the warp picker shows {buttons.count()} presets, not 40")
                page.locator(".presets button[data-preset=arch-up]").click()
                wait_until(page, "(document.getElementById('preview').dataset.url || '').includes('preset=arch-up')")
                wait_until(page, "[...document.querySelectorAll('.presets img')].every((i) => i.complete && i.naturalWidth > 0)")
                page.locator("#options").screenshot(path="out/server/playground-warp-presets.png")
            if effect == "badge":
                shields = page.locator("#url").inner_text()
                if "/badge/build-passing-brightgreen" not in shields:
                    failures.append(f"the badge's shields-style address is missing: {shields}")
                # The logo picker: typing searches the named logos; the picked slug draws.
                logo = page.locator("#option-logo")
                logo.type("pyth", delay=30)
                wait_until(page, "[...document.querySelectorAll('#logo-names option')].some((o) => o.value === 'python')")
                logo.fill("python")
                logo.dispatch_event("input")
                wait_until(page, "(document.getElementById('preview').dataset.url || '').includes('logo=python')")
                wait_until(page, "document.getElementById('preview').complete")
                try:
                    wait_until(page, "(document.querySelector('.field .hint') || {}).textContent?.includes('Python')")
                except Exception:
                    hint = page.locator(".field .hint").text_content()
                    failures.append(f"the logo picker's hint did not name the logo: {hint!r}")
                page.locator("#preview").screenshot(path="out/server/playground-logo.png")
        page.screenshot(path="out/server/playground.png", full_page=True)
        # Opened at a loopback address without --public-url: the copied addresses are this
        # machine's, and the page says so; the HTML's label says what it gives.
        if page.locator("#loopback").is_hidden():
            failures.append("at 127.0.0.1 the page does not say its copied addresses reach no reader")
        def label_says_what_html_gives(tab):
            label, html = page.locator("#html-label").inner_text(), page.locator("#html").inner_text()
            gives = "<picture>" if html.startswith("<picture>") else "<img>"
            if gives not in label:
                failures.append(f"the {tab} tab's HTML label is {label!r}, but the HTML is {html[:40]!r}")
        label_says_what_html_gives("badge")
        page.goto(f"http://127.0.0.1:{port}/#badge?label=build&message=passing&color=brightgreen")
        wait_until(page, "(document.getElementById('preview').dataset.url || '').startsWith('/badge')")
        if not page.locator("#html").inner_text().startswith("<picture>"):
            failures.append(f"a badge without a theme gives no <picture>: {page.locator('#html').inner_text()[:60]!r}")
        label_says_what_html_gives("badge (no theme)")
        page.locator("nav button[data-effect=circle]").click()
        wait_until(page, "(document.getElementById('preview').dataset.url || '').startsWith('/circle')")
        label_says_what_html_gives("circle")
        # #merge opens its tab from a link followed on the page, not only on a fresh load.
        page.evaluate("location.hash = '#merge'")
        try:
            wait_until(page, "!document.getElementById('merge-tab').hidden")
        except Exception:
            failures.append("following a link to #merge did not open the merge tab")
        page.evaluate("location.hash = '#badge'")
        try:
            wait_until(page, "document.getElementById('merge-tab').hidden && (document.getElementById('preview').dataset.url || '').startsWith('/badge')")
        except Exception:
            failures.append("following a link from #merge to #badge did not leave the merge tab")
        failures += check_designer_controls(browser, port)
        failures += check_merge_tab(browser, port)
        # A phone, light and dark: nothing wider than the screen.
        for scheme in ["light", "dark"]:
            phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, color_scheme=scheme)
            phone.goto(f"http://127.0.0.1:{port}/#badge?label=build&message=passing&color=brightgreen")
            wait_until(phone, "document.getElementById('preview').dataset.url")
            overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            if overflow > 0:
                failures.append(f"on a 390 px phone ({scheme}) the page is {overflow} px too wide")
            # The picture stays in sight while the form scrolls under it.
            phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            top = phone.evaluate("document.getElementById('stage').getBoundingClientRect().top")
            if not 0 <= top < 10:
                failures.append(f"on a 390 px phone ({scheme}) the preview scrolled away (its top at {top} px)")
            height = phone.evaluate("document.documentElement.scrollHeight")
            # Download sits right under the picture, not after the whole form.
            phone.evaluate("window.scrollTo(0, 0)")
            download = phone.evaluate("document.getElementById('downloads').getBoundingClientRect().top")
            if not 0 <= download < 500:
                failures.append(f"on a 390 px phone ({scheme}) Download is at y = {download} px, not under the preview")
            print(f"  phone ({scheme}): the badge tab is {height} px long; the preview stays at the top, Download at y = {download:.0f} px")
            phone.screenshot(path=f"out/server/playground-phone{'' if scheme == 'light' else '-dark'}.png")
            phone.close()
        if errors:
            failures.append("the page logged errors: " + "; ".join(errors[:3]))
        browser.close()
    return failures


def check_public_url(binary):
    """A server started with --public-url: the copied URL, Markdown and HTML name it, not the
    loopback address the page was opened at, and the page gives no warning."""
    from playwright.sync_api import sync_playwright

    failures = []
    port = free_port()
    public = "https://badges.example.org/ct"
    process = start(binary, port, ["--public-url", public + "/"])
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto(f"http://127.0.0.1:{port}/#badge?label=build&message=passing&color=brightgreen")
            wait_until(page, "document.getElementById('preview').dataset.url")
            markdown = page.locator("#markdown").inner_text()
            html = page.locator("#html").inner_text()
            url = page.locator("#url").inner_text()
            if not markdown.startswith("![build: passing](" + public + "/badge?") or "127.0.0.1" in markdown + html + url:
                failures.append(f"with --public-url the Markdown is {markdown!r}")
            if public + "/badge?" not in html or not url.startswith(public + "/badge?"):
                failures.append(f"with --public-url the HTML is {html!r} and the URL {url!r}")
            if not page.locator("#loopback").is_hidden():
                failures.append("with --public-url the page still warns of a loopback address")
            browser.close()
    finally:
        process.kill()
    refused = subprocess.run([binary, "--public-url", "javascript:alert(1)"], capture_output=True, text=True)
    if refused.returncode == 0 or "--public-url" not in refused.stderr:
        failures.append(f"--public-url javascript:alert(1) was not refused: {refused.stderr!r}")
    return failures


def check_merge_tab(browser, port):
    """The merge tab: the certificate template dropped and the people's rows typed, the first
    three pages drawn; a ragged row answered with one line naming it."""
    failures = []
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(f"http://127.0.0.1:{port}/#merge")
    page.locator("#merge-rows").fill(open(os.path.join(root, "Fixtures/merge/people.csv"), encoding="utf-8").read())
    page.locator("#merge-template").set_input_files(os.path.join(root, "Fixtures/merge/certificate.svg"))
    try:
        wait_until(page, "document.querySelectorAll('#merge-pages img').length === 3 && [...document.querySelectorAll('#merge-pages img')].every((i) => i.complete && i.naturalWidth > 1000)", timeout=20)
    except Exception:
        failures.append("the merge tab drew no pages: " + (page.locator("#merge-problem").text_content() or page.locator("#merge-count").text_content() or ""))
    count = page.locator("#merge-count").text_content()
    if "3 rows checked" not in (count or ""):
        failures.append(f"the merge tab counted {count!r}")
    page.screenshot(path="out/server/playground-merge.png", full_page=True)
    page.locator("#merge-rows").fill("id,name,org,course,year\na,Ada,ORG,Notes\n")
    try:
        wait_until(page, "!document.getElementById('merge-problem').hidden", timeout=10)
        problem = page.locator("#merge-problem").text_content()
        if "row 2" not in problem:
            failures.append(f"a ragged row was answered {problem!r}")
    except Exception:
        failures.append("a ragged row showed no problem")
    print(f"  merge tab: {count}")
    page.close()
    return failures


def run_copied_command(page, effect):
    """The tab's command, as the Copy button copies it, run by bash with the built curvetype:
    it must succeed and write its file (a `#` left bare once made the rest a comment)."""
    command = page.locator("#command").inner_text()
    if not command.startswith("curvetype "):
        return [f"{effect}: the command does not start with curvetype: {command!r}"]
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True, timeout=60,
                             env=dict(os.environ, PATH=os.path.dirname(CURVETYPE) + os.pathsep + os.environ.get("PATH", "")))
        if run.returncode != 0 or not os.path.exists(os.path.join(folder, f"{effect}.svg")):
            return [f"{effect}: the copied command failed in bash ({run.returncode}): {command!r}: {run.stderr.strip()}"]
    return []


def check_designer_controls(browser, port):
    """The form as a designer uses it: help and defaults, a slider that moves the picture, a
    colour picker that reaches the command line, the font list, downloads, dragging the start
    angle, and a shared link that brings the state back; screenshots in light and dark."""
    failures = []
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"http://127.0.0.1:{port}/#circle")
    wait_until(page, "document.getElementById('preview').dataset.url")
    wait_until(page, "document.getElementById('preview').complete")
    # Every field carries its help; defaults show; choices start at theirs.
    for name in ["size", "faceIndex", "baselineShift", "idPrefix", "align"]:
        help_text = page.locator(f"#option-{name}-help").inner_text()
        if len(help_text) < 10:
            failures.append(f"--{name} has no help: {help_text!r}")
    if page.locator("#option-baselineShift").get_attribute("placeholder") != "0 px":
        failures.append("--baseline-shift does not show its default (0 px)")
    if page.locator("#option-align").input_value() != "center" or page.locator("#option-side").input_value() != "outside":
        failures.append("the align and side menus do not start at their defaults")
    if "default: 16 px" not in page.locator("#option-size-help").inner_text():
        failures.append("--size's help does not give its default")
    # A slider with its unit moves the picture.
    before_url = page.locator("#preview").get_attribute("data-url")
    before_png = page.locator("#preview").screenshot()
    if page.locator("#option-radius ~ .unit").inner_text() != "px":
        failures.append("the radius slider has no unit")
    page.locator("#option-radius-slider").fill("110")
    wait_until(page, f"document.getElementById('preview').dataset.url !== {before_url!r}")
    wait_until(page, "document.getElementById('preview').complete")
    if "radius=110" not in page.locator("#preview").get_attribute("data-url") or page.locator("#option-radius").input_value() != "110":
        failures.append("moving the radius slider did not set --radius 110")
    if page.locator("#preview").screenshot() == before_png:
        failures.append("moving the radius slider did not change the picture")
    # A colour picked reaches the command line; the field still takes CSS text.
    page.locator("#option-textColor-picker").fill("#c026d3")
    wait_until(page, "document.getElementById('command').textContent.includes(\"--text-color '#c026d3'\")")
    page.locator("#option-textColor").fill("rebeccapurple")
    wait_until(page, "document.getElementById('option-textColor-picker').value === '#663399'")
    wait_until(page, "document.getElementById('command').textContent.includes('--text-color rebeccapurple')")
    # The font picker lists installed families (/fonts.json).
    wait_until(page, "[...document.querySelectorAll('#font-families option')].some((o) => o.value === 'DejaVu Sans')")
    # Dragging round the picture sets the start angle: the right-hand edge is 90°.
    page.locator("#preview").scroll_into_view_if_needed()
    box = page.locator("#preview").bounding_box()
    page.mouse.move(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] - 1, box["y"] + box["height"] / 2)
    page.mouse.up()
    wait_until(page, "document.getElementById('preview').dataset.url.includes('start=90')")
    if page.locator("#option-start").input_value() != "90":
        failures.append(f"dragging did not set --start 90: {page.locator('#option-start').input_value()!r}")
    wait_until(page, "document.getElementById('preview').complete")
    page.screenshot(path="out/server/playground-circle.png")
    # An SVG writer's option (its decimals) stays in the SVG's link and is left out of the PNG's
    # and the PDF's, whose writers refuse it.
    page.locator("#option-precision").fill("3")
    wait_until(page, "document.getElementById('preview').dataset.url.includes('precision=3')")
    wait_until(page, "document.getElementById('download-png').getAttribute('href') !== null")
    for format, kept in [("svg", True), ("png", False), ("pdf", False)]:
        href = page.locator(f"#download-{format}").get_attribute("href") or ""
        if ("precision=3" in href) != kept:
            failures.append(f"the {format} download {href} {'lost' if kept else 'keeps'} the SVG's --precision")
    # Downloads: SVG, PNG at 2x and PDF, each what it says.
    for format, magic, kind in [("svg", b"<svg", "image/svg+xml"), ("png", b"\x89PNG", "image/png"), ("pdf", b"%PDF", "application/pdf")]:
        href = page.locator(f"#download-{format}").get_attribute("href")
        response = page.request.get(f"http://127.0.0.1:{port}{href}")
        if response.status != 200 or not response.body().startswith(magic) or kind not in response.headers.get("content-type", ""):
            failures.append(f"the {format} download {href} answered {response.status} {response.headers.get('content-type')}")
        if page.locator(f"#download-{format}").get_attribute("download") != f"circle.{format}":
            failures.append(f"the {format} download is not named circle.{format}")
    # The page's address holds the state: opened anew, it shows the same picture and fields.
    shared = page.url
    again = browser.new_page(viewport={"width": 1280, "height": 1000}, color_scheme="dark")
    again.goto(shared)
    wait_until(again, "document.getElementById('preview').dataset.url")
    if again.locator("#preview").get_attribute("data-url") != page.locator("#preview").get_attribute("data-url"):
        failures.append(f"a shared link did not bring the state back: {shared}")
    if again.locator("#option-radius-slider").input_value() != "110" or again.locator("#option-textColor").input_value() != "rebeccapurple":
        failures.append("a shared link did not restore the slider and the colour")
    wait_until(again, "document.getElementById('preview').complete")
    again.screenshot(path="out/server/playground-dark.png")
    again.close()
    # On a seal, dragging moves the nearer arc round the ring: from the upper left, the top arc
    # (at 0, nearer than the bottom's 180) goes to 315; from the bottom, the bottom arc to 150.
    page.locator("nav button[data-effect=seal]").click()
    wait_until(page, "(document.getElementById('preview').dataset.url || '').startsWith('/seal')")
    wait_until(page, "document.getElementById('preview').complete")
    box = page.locator("#preview").bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.05, box["y"] + box["height"] * 0.05, steps=4)
    page.mouse.up()
    wait_until(page, "document.getElementById('preview').dataset.url.includes('top-angle=315')")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.725, box["y"] + box["height"] * 0.8897, steps=4)
    page.mouse.up()
    wait_until(page, "document.getElementById('preview').dataset.url.includes('bottom-angle=150')")
    if page.locator("#problem").is_visible():
        failures.append(f"a dragged seal was refused: {page.locator('#problem').inner_text()}")
    wait_until(page, "document.getElementById('preview').complete")
    page.screenshot(path="out/server/playground-seal.png")
    if errors:
        failures.append("the page logged errors: " + "; ".join(errors[:3]))
    page.close()
    return failures


# --- 2. hostile HTTP -----------------------------------------------------------------------

ROUTES = ["/badge/", "/badge", "/circle", "/spiral", "/fit", "/angle", "/seal", "/path", "/", "/metrics", "/healthz", "/x", "//", "/badge/a/b"]
NAMES = ["text", "size", "radius", "font", "fill", "label", "message", "color", "logo", "style", "d", "box", "row", "angle",
         "ring", "center", "cacheSeconds", "text-file", "path-file", "features", "glyphs", "precision", "to", "turns", "link", "args"]
VALUES = ["", "0", "-1", "1e308", "nan", "inf", "%", "%zz", "%00", "%ff%fe", "<script>", "\"'", "../../etc/passwd", "/etc/passwd",
          "data:image/svg+xml,%3Csvg%3E", "red", "x" * 3000, "M0 0 L 10 10", "DejaVu Sans", "javascript:alert(1)", "+kern,-liga", "\u202e"]
ALLOWED = {200, 304, 400, 404, 405, 411, 413, 414, 503}


def random_target(rng):
    route = rng.choice(ROUTES)
    if route == "/badge/":
        route += "-".join(urllib.parse.quote(rng.choice(VALUES), safe="%") for _ in range(rng.randint(1, 4)))
    pairs = []
    for _ in range(rng.randint(0, 6)):
        name = rng.choice(NAMES)
        value = rng.choice(VALUES)
        # Sometimes half-escaped: reserved characters and stray % as a careless client sends them.
        raw = urllib.parse.quote(value, safe="%<>\"'/:+,;=[]{}|^`")
        pairs.append(urllib.parse.quote(name) + "=" + (raw if rng.random() < 0.3 else urllib.parse.quote(value)))
    return route + ("?" + "&".join(pairs) if pairs else "")


def raw_exchange(port, payload):
    """Sends bytes as they are; returns the status line, or None if the server closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(payload)
        s.shutdown(socket.SHUT_WR)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return data.split(b"\r\n", 1)[0] if data else None


def check_hostile(port, runs, seed):
    rng = random.Random(seed)
    failures = []
    for run in range(runs):
        kind = rng.random()
        try:
            if kind < 0.8:
                method = rng.choice(["GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE"])
                target = random_target(rng)
                body = None
                if method == "POST":
                    body = rng.choice([b"", b"{", b'{"schemaVersion":1,"label":"a","message":"b"}', os.urandom(rng.randint(0, 2000)),
                                       b'{"schemaVersion":1,"label":"' + b"a" * 70000 + b'","message":"b"}'])
                headers = rng.choice([{}, {"Accept-Encoding": "gzip"}, {"If-None-Match": "*"}, {"If-None-Match": "W/\"x\""},
                                      {"Accept-Encoding": "gzip;q=0"}])
                status, response_headers, content = request(port, method, target, body, headers)
                if status not in ALLOWED:
                    failures.append(f"{method} {target[:120]}: status {status}")
                elif status >= 400 and method != "HEAD":
                    text = content.decode("utf-8", errors="replace")
                    if not text.startswith("curvetype: error: ") or text.count("\n") != 1:
                        failures.append(f"{method} {target[:120]}: error body is not one line: {text[:120]!r}")
            else:
                # Bytes that are not quite HTTP.
                payload = rng.choice([b"GET /" + os.urandom(40) + b" HTTP/1.1\r\n\r\n", b"\x00" * 100, os.urandom(300),
                                      b"GET /badge/a-b-blue HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
                                      b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
                                      b"POST /badge HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"])
                raw_exchange(port, payload)
        except (ConnectionError, socket.timeout, http.client.HTTPException) as error:
            failures.append(f"run {run}: {type(error).__name__}: {error}")
        if run % 100 == 99 or failures:
            status, _, content = request(port, "GET", "/healthz")
            if status != 200 or content != b"ok\n":
                failures.append(f"after run {run}: /healthz answered {status}")
        if failures:
            break
    return failures


def first_line(port, payload, seconds):
    """Sends bytes and keeps the connection open; the status line the server answers within
    `seconds`, or None."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as s:
        s.sendall(payload)
        data = b""
        try:
            while b"\r\n" not in data:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        except socket.timeout:
            return None
    return data.split(b"\r\n", 1)[0] if data else None


def check_bad_bytes(port):
    """A client's malformed or unbounded body is its fault: a 4xx with one line, never a 500
    (a chunk size of -1 was once an internal error), and at once, while the client still holds
    the connection open (a chunk announcing 2^64 - 1 bytes once kept it waiting)."""
    failures = []
    for payload in [b"POST /badge HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nx\r\n0\r\n\r\n",
                    b"POST /badge HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                    b'POST /badge HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n{"schemaVersion":1',
                    b'POST /badge HTTP/1.1\r\nHost: x\r\n\r\n{"schemaVersion":1,"label":"a","message":"b"}']:
        line = first_line(port, payload, 2)
        if line is None or not (line.startswith(b"HTTP/1.1 400") or line.startswith(b"HTTP/1.1 411")):
            failures.append(f"{payload[:70]!r}...: answered {line!r} within 2 s, not 400 or 411")
    return failures


# --- 3. SIGTERM ----------------------------------------------------------------------------

def check_sigterm(process, port):
    results = []
    target = "/spiral?a=2&b=0.3&to=36000&px-per-unit=12&size=12&text=" + "long%20text%20" * 200
    worker = threading.Thread(target=lambda: results.append(request(port, "GET", target, timeout=30)))
    worker.start()
    time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    worker.join(30)
    code = process.wait(30)
    failures = []
    if not results or results[0][0] not in (200, 503):
        failures.append(f"the request in flight at SIGTERM was not answered: {results[:1]}")
    if code != 0:
        failures.append(f"the server exited {code} after SIGTERM")
    return failures


# --- 4. untrusted doors: no file read ------------------------------------------------------

def file_options():
    """Every option that reads or writes a file (FILE, FONT, LOGO, DIR), by command, as the
    command line's help declares them."""
    import re
    found = []
    for command in ["circle", "spiral", "path", "warp", "fit", "angle", "badge", "seal"]:
        table = subprocess.run([CURVETYPE, "help", command, "--markdown"], capture_output=True, text=True).stdout
        found += [(command, name) for name, _ in re.findall(r"^\| `(--[a-z-]+) (FILE|FONT|LOGO|DIR)`", table, re.M)]
    return found


def check_doors(binary):
    """A planted secret beside the server's data folder, named by every file-reading option
    through every door a stranger has: a query, a posted template's data-options and a row's
    value in them, and the operator's template (which may read its folder, not beside it). Each
    is refused 4xx, and the secret is in no answer, no header and no log line."""
    failures = []
    planted = "PLANTED-SERVER-SECRET-9d2"
    with tempfile.TemporaryDirectory() as root:
        data = os.path.join(root, "data")
        os.makedirs(data)
        secret = os.path.join(root, "secret.json")
        with open(secret, "w") as f:
            f.write('{"v": "%s", "schemaVersion": 1, "label": "%s", "message": "%s"}' % (planted, planted, planted))
        port = free_port()
        process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port), "--data-folder", data, "--log"],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for _ in range(200):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.05)
        shapes = {"circle": 'circle cx="200" cy="200" r="100"', "path": 'path d="M10 200 L390 200"'}
        tried = 0
        try:
            def look(what, status, headers, body):
                nonlocal tried
                tried += 1
                text = body.decode(errors="replace") + " ".join(f"{k}: {v}" for k, v in headers.items())
                if not 400 <= status < 500:
                    failures.append(f"{what}: answered {status}")
                if planted in text:
                    failures.append(f"{what}: the answer holds the secret")
            for command, option in file_options():
                name = option[2:]
                query = urllib.parse.urlencode({name: secret})
                look(f"GET /{command}?{query}", *request(port, "GET", f"/{command}?{query}"))
                shape = shapes.get(command, 'rect x="0" y="0" width="200" height="100"')
                for options, rows in [(f"{option} {secret}", "v\nx\n"), (f"{option} {{v}}", f"v\n{secret}\n")]:
                    template = f'<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><{shape} data-curvetype="{command}" data-options="{options}"/></svg>'
                    body = json.dumps({"template": template, "rows": rows}).encode()
                    look(f"merge-preview {command} {options}", *request(port, "POST", "/merge-preview", body, {"Content-Type": "application/json"}))
                    with open(os.path.join(data, "t.svg"), "w") as f:
                        f.write(template)
                    look(f"merge {command} {options}", *request(port, "POST", "/merge/t", rows.encode(), {"Content-Type": "text/csv"}))
        finally:
            process.terminate()
            log = process.communicate(timeout=30)[0].decode(errors="replace")
        if planted in log:
            failures.append("the server's log holds the secret")
        if tried < 150:
            failures.append(f"only {tried} doors were tried")
    return failures, tried


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("server")
    parser.add_argument("--fuzz-runs", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-browser", action="store_true")
    args = parser.parse_args()
    os.makedirs("out/server", exist_ok=True)
    port = free_port()
    process = start(args.server, port)
    failures = []
    try:
        if not args.skip_browser:
            found = check_playground(port)
            print(f"playground in Chromium: {'ok' if not found else 'FAILED'} (out/server/playground.png)")
            failures += found
            found = check_public_url(args.server)
            print(f"--public-url names the address readers reach in the copied Markdown and HTML: {'ok' if not found else 'FAILED'}")
            failures += found
        found = check_hostile(port, args.fuzz_runs, args.seed)
        print(f"hostile HTTP, {args.fuzz_runs} requests (seed {args.seed}): {'ok' if not found else 'FAILED'}")
        failures += found
        found = check_bad_bytes(port)
        print(f"malformed, unbounded and unsized bodies refused at once: {'ok' if not found else 'FAILED'}")
        failures += found
        found, tried = check_doors(args.server)
        print(f"untrusted doors, {tried} tries of every file-reading option with a planted secret: {'ok' if not found else 'FAILED'}")
        failures += found
        found = check_sigterm(process, port)
        print(f"SIGTERM with a request in flight: {'ok' if not found else 'FAILED'}")
        failures += found
    finally:
        if process.poll() is None:
            process.kill()
    for failure in failures:
        print("  " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
