"""`make bench-server`: the server under load on loopback, beside nginx serving the same SVG as
a static file in the same run (the practical limit of an HTTP server on this machine).

Usage: python3 Tools/Benchmarks/server.py CURVETYPE_SERVER BARE_ROUTE OUT_JSON [--seconds S] [--soak S]

Cases, each a `wrk --latency` run of S seconds (2 threads, 64 connections):
- nginx: a static badge SVG;
- bare route: a bare Hummingbird route returning the same SVG (BARE_ROUTE,
  Tools/Benchmarks/BareRoute): the framework's own ceiling, which the server's goals are
  ratios to;
- 304: a badge whose ETag the client holds (If-None-Match);
- cached: the same badge, answered 200 from the server's memory;
- fresh badge: a flat badge with a new message on every request (a Lua counter), so each is
  shaped and drawn;
- fresh circle: circle text with a new number on every request.
Then the fresh-badge case again for the soak length (60 s by default) while the server's
resident memory is read every second: flat means the cache's byte bound holds.
Prints requests/s, p50 and p99 and errors per case, the ratio to nginx, and writes OUT_JSON.
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

WRK_THREADS = 2
WRK_CONNECTIONS = 64

def fresh_script(target):
    """A wrk script whose every request has a new address: `target`, a Lua expression, may use
    `prefix` (one per wrk thread) and `counter` (one per request)."""
    return ("local counter = 0\nlocal threads = 0\n"
            "function setup(thread) threads = threads + 1; thread:set(\"prefix\", \"t\" .. threads) end\n"
            "request = function()\n  counter = counter + 1\n"
            f"  return wrk.format(\"GET\", {target})\nend\n")


FRESH_BADGE = fresh_script('"/badge/build-" .. prefix .. "__" .. counter .. "-brightgreen"')
FRESH_CIRCLE = fresh_script('"/circle?text=CURVETYPE%20SETS%20TYPE%20ALONG%20A%20CIRCLE%20" .. prefix .. "%20" .. counter .. "&size=16&radius=90"')


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port, process):
    for _ in range(400):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            if process.poll() is not None:
                sys.exit(f"bench-server: {process.args[0]} exited")
            time.sleep(0.05)
    sys.exit("bench-server: nothing listening")


def seconds(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1.0}[unit]


def wrk(url, duration, script=None, headers=()):
    args = ["wrk", f"-t{WRK_THREADS}", f"-c{WRK_CONNECTIONS}", f"-d{duration}s", "--latency"]
    for header in headers:
        args += ["-H", header]
    if script:
        args += ["-s", script]
    out = subprocess.run(args + [url], check=True, capture_output=True, text=True).stdout
    result = {
        "requests_per_second": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50_seconds": seconds(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1)),
        "p99_seconds": seconds(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1)),
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),
        "errors": 0,
    }
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    result["errors"] = (int(non_2xx.group(1)) if non_2xx else 0) + (sum(map(int, socket_errors.groups())) if socket_errors else 0)
    return result


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("server")
    parser.add_argument("bare_route")
    parser.add_argument("out_json")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--soak", type=int, default=60)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp()
    port = free_port()
    server = subprocess.Popen([args.server, "--host", "127.0.0.1", "--port", str(port)], stderr=subprocess.DEVNULL)
    nginx = None
    bare = None
    try:
        wait_listening(port, server)
        base = f"http://127.0.0.1:{port}"
        badge_path = "/badge/build-passing-brightgreen"
        with urllib.request.urlopen(base + badge_path) as response:
            svg = response.read()
            etag = response.headers["ETag"]
        # nginx, the same bytes as a static file, its own workers (one per core, as ours).
        www = os.path.join(tmp, "www")
        os.makedirs(www)
        with open(os.path.join(www, "badge.svg"), "wb") as f:
            f.write(svg)
        nginx_port = free_port()
        config = os.path.join(tmp, "nginx.conf")
        with open(config, "w") as f:
            f.write(f"""
user root;
worker_processes {os.cpu_count()};
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  types {{ image/svg+xml svg; }}
  server {{
    listen 127.0.0.1:{nginx_port};
    root {www};
    location / {{ add_header Cache-Control "public, max-age=86400"; }}
  }}
}}
""")
        nginx = subprocess.Popen(["nginx", "-c", config, "-p", tmp], stderr=subprocess.DEVNULL)
        wait_listening(nginx_port, nginx)
        bare_port = free_port()
        bare = subprocess.Popen([args.bare_route, str(bare_port), os.path.join(www, "badge.svg")], stderr=subprocess.DEVNULL)
        wait_listening(bare_port, bare)
        scripts = {}
        for name, text in [("fresh_badge", FRESH_BADGE), ("fresh_circle", FRESH_CIRCLE)]:
            scripts[name] = os.path.join(tmp, name + ".lua")
            with open(scripts[name], "w") as f:
                f.write(text)

        figures = {}
        figures["nginx_static"] = wrk(f"http://127.0.0.1:{nginx_port}/badge.svg", args.seconds)
        figures["bare_route"] = wrk(f"http://127.0.0.1:{bare_port}/badge.svg", args.seconds)
        figures["badge_304"] = wrk(base + badge_path, args.seconds, headers=[f"If-None-Match: {etag}"])
        figures["badge_cached_200"] = wrk(base + badge_path, args.seconds)
        figures["fresh_badge"] = wrk(base + "/", args.seconds, script=scripts["fresh_badge"])
        figures["fresh_circle"] = wrk(base + "/", args.seconds, script=scripts["fresh_circle"])

        # The soak: fresh badges for the whole length, memory read every second.
        samples = []
        stop = threading.Event()

        def sample():
            start = time.monotonic()
            while not stop.wait(1.0):
                samples.append((round(time.monotonic() - start), rss_kib(server.pid)))

        before = rss_kib(server.pid)
        sampler = threading.Thread(target=sample)
        sampler.start()
        soak = wrk(base + "/", args.soak, script=scripts["fresh_badge"])
        stop.set()
        sampler.join()
        mib = lambda kib: round(kib / 1024, 1)
        tenth = [kib for t, kib in samples if t <= max(10, args.soak // 6)]
        last = [kib for t, kib in samples if t >= args.soak - 10]
        soak["rss_mib_before"] = mib(before)
        soak["rss_mib_at_10s"] = mib(max(tenth)) if tenth else None
        soak["rss_mib_last_10s_max"] = mib(max(last)) if last else None
        soak["rss_mib_max"] = mib(max(k for _, k in samples)) if samples else None
        soak["rss_mib_samples"] = [mib(k) for _, k in samples]
        figures["fresh_badge_soak"] = soak
        with urllib.request.urlopen(base + "/metrics") as response:
            metrics = response.read().decode()
        figures["server_cache_bytes"] = float(re.search(r"^curvetype_cache_bytes (\S+)", metrics, re.M).group(1))
    finally:
        server.terminate()
        if nginx:
            nginx.terminate()
            nginx.wait(10)
        if bare:
            bare.terminate()
            bare.wait(10)
        server.wait(30)
        shutil.rmtree(tmp, ignore_errors=True)

    nginx_rate = figures["nginx_static"]["requests_per_second"]
    bare_rate = figures["bare_route"]["requests_per_second"]
    print(f"wrk on loopback, {WRK_THREADS} threads, {WRK_CONNECTIONS} connections, {args.seconds} s per case, {os.cpu_count()} cores")
    print(f"{'case':<22}{'req/s':>10}{'p50':>10}{'p99':>10}{'errors':>8}{'× nginx':>9}{'× bare':>9}")
    for name in ["nginx_static", "bare_route", "badge_304", "badge_cached_200", "fresh_badge", "fresh_circle", "fresh_badge_soak"]:
        f = figures[name]
        print(f"{name:<22}{f['requests_per_second']:>10.0f}{f['p50_seconds'] * 1e3:>8.2f}ms{f['p99_seconds'] * 1e3:>8.2f}ms"
              f"{f['errors']:>8}{f['requests_per_second'] / nginx_rate:>9.2f}{f['requests_per_second'] / bare_rate:>9.2f}")
    soak = figures["fresh_badge_soak"]
    print(f"memory over the {args.soak} s soak: {soak['rss_mib_before']} MiB before, {soak['rss_mib_at_10s']} MiB by 10 s, "
          f"{soak['rss_mib_last_10s_max']} MiB in the last 10 s (max {soak['rss_mib_max']}); cache holds {figures['server_cache_bytes'] / 2**20:.1f} MiB")
    errors = all(figures[n]["errors"] == 0 for n in figures if isinstance(figures[n], dict))
    for label, names, goal in [("fresh badge", ["fresh_badge"], 0.5), ("304 and cached badge", ["badge_304", "badge_cached_200"], 0.8)]:
        ratio = min(figures[n]["requests_per_second"] for n in names) / bare_rate
        print(f"goal: {label} ≥ {goal}× the bare route: {ratio:.2f}× — {'met' if ratio >= goal else 'NOT met'}")
    print(f"no errors: {'met' if errors else 'NOT met'}")
    os.makedirs(os.path.dirname(os.path.abspath(args.out_json)), exist_ok=True)
    with open(args.out_json, "w") as f:
        json.dump(figures, f, indent=1)


if __name__ == "__main__":
    main()
