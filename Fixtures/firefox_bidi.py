#!/usr/bin/env python3
"""Debian's Firefox ESR, driven over its own WebDriver BiDi (Playwright's Firefox cannot be
downloaded here; the stock one speaks the W3C protocol itself). Just what the checks need: open
a file, click or double-click at a point, drag, and evaluate JavaScript.

    with Firefox() as firefox:
        firefox.open("file:///tmp/a.svg", width=400, height=300)
        firefox.double_click(120, 80)
        firefox.evaluate("window.getSelection().toString()")
"""
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time

import websockets.sync.client


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Firefox:
    def __init__(self, executable=None):
        self.executable = executable or shutil.which("firefox-esr") or shutil.which("firefox")
        if not self.executable:
            raise RuntimeError("firefox-esr not found (apt-get install firefox-esr)")
        self.process = None
        self.socket = None
        self.next_id = 0
        self.context = None

    def __enter__(self):
        self.profile = tempfile.mkdtemp(prefix="ff-bidi-")
        # Nothing the checks do not need: no first-run pages, no updates, no telemetry, and no
        # smooth scrolling or animations that would move what is clicked.
        with open(os.path.join(self.profile, "user.js"), "w") as prefs:
            for key, value in {"browser.shell.checkDefaultBrowser": False, "browser.startup.homepage_override.mstone": "ignore",
                               "datareporting.policy.dataSubmissionEnabled": False, "app.update.disabledForTesting": True,
                               "toolkit.telemetry.reportingpolicy.firstRun": False, "general.smoothScroll": False,
                               "ui.prefersReducedMotion": 1, "browser.tabs.warnOnClose": False,
                               "remote.prefs.recommended": True}.items():
                prefs.write(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n")
        port = free_port()
        env = dict(os.environ, MOZ_HEADLESS="1")
        self.process = subprocess.Popen([self.executable, "--headless", "--no-remote", "--profile", self.profile,
                                         f"--remote-debugging-port={port}", "about:blank"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        deadline = time.time() + 60
        while True:
            try:
                connection = websockets.sync.client.connect(f"ws://127.0.0.1:{port}/session", max_size=None, open_timeout=5)
                self.socket = connection.__enter__()
                break
            except (OSError, websockets.exceptions.WebSocketException):
                if time.time() > deadline or self.process.poll() is not None:
                    raise RuntimeError("Firefox's WebDriver BiDi did not answer")
                time.sleep(0.3)
        self.send("session.new", {"capabilities": {}})
        tree = self.send("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]
        return self

    def __exit__(self, *exc):
        try:
            if self.socket:
                try:
                    self.send("session.end", {})
                except Exception:  # noqa: BLE001 — closing anyway
                    pass
                self.socket.close()
        finally:
            if self.process:
                self.process.terminate()
                try:
                    self.process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)

    def send(self, method, params):
        self.next_id += 1
        ident = self.next_id
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=120))
            if message.get("id") != ident:
                continue  # an event
            if message.get("type") == "error" or "error" in message and message.get("type") != "success":
                raise RuntimeError(f"{method}: {message.get('error')}: {message.get('message')}")
            return message.get("result", {})

    def open(self, url, width, height):
        self.send("browsingContext.setViewport", {"context": self.context, "viewport": {"width": width, "height": height}})
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def evaluate(self, expression):
        result = self.send("script.evaluate", {"expression": expression, "target": {"context": self.context}, "awaitPromise": True})
        if result.get("type") == "exception":
            raise RuntimeError(f"script: {result.get('exceptionDetails', {}).get('text')}")
        value = result.get("result", {})
        if value.get("type") in ("string", "number", "boolean"):
            return value.get("value")
        if value.get("type") == "null" or value.get("type") == "undefined":
            return None
        # Arrays and objects come back as BiDi's remote values: ask for JSON instead.
        raise RuntimeError("evaluate returns strings, numbers and booleans: wrap the value in JSON.stringify")

    def pointer(self, actions):
        self.send("input.performActions", {"context": self.context, "actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}]})
        self.send("input.releaseActions", {"context": self.context})

    def double_click(self, x, y):
        self.evaluate("window.getSelection().removeAllRanges(), ''")
        self.pointer([{"type": "pointerMove", "x": int(round(x)), "y": int(round(y)), "duration": 0},
                      {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0},
                      {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}])

    def drag(self, start, end):
        self.evaluate("window.getSelection().removeAllRanges(), ''")
        self.pointer([{"type": "pointerMove", "x": int(round(start[0])), "y": int(round(start[1])), "duration": 0},
                      {"type": "pointerDown", "button": 0},
                      {"type": "pointerMove", "x": int(round((start[0] + end[0]) / 2)), "y": int(round((start[1] + end[1]) / 2)), "duration": 50},
                      {"type": "pointerMove", "x": int(round(end[0])), "y": int(round(end[1])), "duration": 50},
                      {"type": "pointerUp", "button": 0}])


if __name__ == "__main__":
    # A smoke test: a page's text selected by a double-click.
    with tempfile.TemporaryDirectory() as scratch:
        page = os.path.join(scratch, "t.html")
        open(page, "w").write("<p style='font-size:40px;margin:0'>hello world</p>")
        with Firefox() as firefox:
            firefox.open("file://" + page, 400, 200)
            firefox.double_click(40, 25)
            print(repr(firefox.evaluate("window.getSelection().toString()")))
