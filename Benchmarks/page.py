#!/usr/bin/env python3
"""The page's figures (make bench-page; docs/performance.md, "The simulation in the page" and "A step within a
frame"), in headless Chromium on this machine, in one run.

A phone: a 390 × 844 touch viewport, fingers sent as touch events (CDP `Input.dispatchTouchEvent`), at Chrome's CPU
throttling rates 1 and 4 (`Emulation.setCPUThrottlingRate`; 4 is a mid-range phone). For each site given (this
tree's, and `--before` another, e.g. main's built into another folder) and each rate: the first screen (navigation
to the phone drawn, `mailsim:phone-shown`, and the module's start, `mailsim:start`, over fresh contexts with no
cache), then drags of msg1 (100 unless `--drags` says; 60 touch moves each, released past the near threshold,
animated to rest by the page's ticks), each step's work until the DOM holds its screen as the page measures it
(`mailsim:down`, `mailsim:move`, `mailsim:up`, `mailsim:tick`): p50 and p99 (nearest rank: over 100 drags' ups, the
second largest), the count and the largest; and the bytes of the answers to each step (every message the session
sent for it, JSON text), read in a pass of their own. Printed as one Markdown table.

`--server MAILSIM_PLAYGROUND` adds the same drags on the server's session (`?session=server`), a pointer event to
its screen over a loopback WebSocket (`mailsim:round-trip`), with a desktop mouse. `--profile` prints where each
step's time goes (Chrome's sampling profiler: the samples under each handler, by function).

    python3 Benchmarks/page.py SITE_DIR [--before SITE_DIR] [--server MAILSIM_PLAYGROUND] [--drags N] [--loads N]
        [--rates 1,4] [--profile]"""
import argparse
import gzip
import json
import math
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections import defaultdict

from playwright.sync_api import sync_playwright

STEPS = ["down", "move", "up", "tick"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 3, "service_workers": "block"}

# In the bytes pass only: every answer the page parses (mailsim.mjs parses each message's JSON text), its length
# counted under the step whose handler it came in (a pointer event's, else a tick's animation frame).
COUNT_ANSWERS = """
(() => {
  window.__answers = [];
  window.__step = "other";
  const parse = JSON.parse;
  JSON.parse = function (text, reviver) {
    if (typeof text === "string" && text.startsWith('{"type":')) {
      window.__answers.push([window.__step, new TextEncoder().encode(text).length]);
    }
    return parse.call(this, text, reviver);
  };
  for (const [event, step] of [["pointerdown", "down"], ["pointermove", "move"], ["pointerup", "up"]]) {
    window.addEventListener(event, () => { window.__step = step; window.__events[step] += 1; }, true);
    window.addEventListener(event, () => { window.__step = "other"; }, false);
  }
  window.__events = { down: 0, move: 0, up: 0, tick: 0 };
  const frame = window.requestAnimationFrame;
  window.requestAnimationFrame = (f) => frame((t) => {
    const before = window.__answers.length;
    window.__step = "tick";
    try { f(t); } finally {
      window.__step = "other";
      if (window.__answers.length > before) window.__events.tick += 1;
    }
  });
})();
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port):
    deadline = time.monotonic() + 15
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit("nothing listens on %d" % port)
            time.sleep(0.05)


def percentile(values, p):
    """The nearest-rank percentile: the smallest value at least a fraction `p` of the values are at or below (so the
    p99 of 100 values is the second largest, of 99 or fewer the largest)."""
    values = sorted(values)
    return values[max(0, math.ceil(len(values) * p) - 1)] if values else float("nan")


def row_point(page):
    """Where msg1's row is (its right part), in CSS pixels, and the screen's points to pixels."""
    box = page.locator(".screen").first.bounding_box()
    scale = box["width"] / 320
    return box["x"] + 200 * scale, box["y"] + 187 * scale, scale


def touch_drags(page, cdp, count, settle_ms=900):
    """`count` drags of 60 touch moves over msg1, released past the near threshold, animated to rest, then `r` (a
    fresh inbox for the next)."""
    x, y, scale = row_point(page)
    for n in range(count):
        sign = 1 if n % 2 == 0 else -1
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, 61):
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x - 1.5 * i * scale * sign, "y": y}]})
            page.wait_for_timeout(4)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(settle_ms)
        page.keyboard.press("r")
        page.wait_for_timeout(150)


def mouse_drags(page, count):
    """The same drags with a mouse (the server's session, on a desktop)."""
    x, y, scale = row_point(page)
    for n in range(count):
        page.mouse.move(x, y)
        page.mouse.down()
        for i in range(1, 61):
            page.mouse.move(x - 1.5 * i * scale * (1 if n % 2 == 0 else -1), y)
            page.wait_for_timeout(4)
        page.mouse.up()
        page.wait_for_timeout(700)
        page.keyboard.press("r")
        page.wait_for_timeout(100)


def phone_page(browser, rate, init=None):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    if init:
        page.add_init_script(init)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return context, page, cdp


def ready(page, rate):
    page.wait_for_function("window.mailsimPlayground && mailsimPlayground.runs() === 'page'"
                           " && mailsimPlayground.screen()", timeout=60000)
    # The page warms the module up once it is idle (transport.js): the drags come after.
    page.wait_for_timeout(1000 * rate)


def first_screens(browser, url, rate, loads):
    shown, started = [], []
    for _ in range(loads):
        context, page, _ = phone_page(browser, rate)
        page.goto(url)
        page.wait_for_function("performance.getEntriesByName('mailsim:phone-shown').length > 0", timeout=60000)
        shown.append(page.evaluate("performance.getEntriesByName('mailsim:phone-shown')[0].startTime"))
        page.wait_for_function("performance.getEntriesByName('mailsim:start').length > 0", timeout=60000)
        started.append(page.evaluate("performance.getEntriesByName('mailsim:start')[0].duration"))
        context.close()
    return shown, started


def steps(browser, url, rate, drags):
    context, page, cdp = phone_page(browser, rate)
    page.goto(url)
    ready(page, rate)
    page.evaluate("performance.clearMeasures()")
    touch_drags(page, cdp, drags)
    out = {step: page.evaluate("performance.getEntriesByName('mailsim:%s').map(e => e.duration)" % step)
           for step in STEPS}
    context.close()
    return out


def answer_bytes(browser, url, drags):
    """Mean bytes of the answers to one event of each step."""
    context, page, cdp = phone_page(browser, 1, COUNT_ANSWERS)
    page.goto(url)
    ready(page, 1)
    page.evaluate("window.__answers = []; for (const k in window.__events) window.__events[k] = 0")
    touch_drags(page, cdp, drags)
    answers, events = page.evaluate("[window.__answers, window.__events]")
    context.close()
    total = defaultdict(int)
    for step, length in answers:
        total[step] += length
    return {step: total[step] / events[step] if events[step] else float("nan") for step in STEPS}


def profile(browser, url, drags):
    """Chrome's samples taken during the drags, by the handler they ran under (the outermost frame of pointer.js or
    ticks.js: the pointerdown and pointermove listeners, `up`, the tick's animation frame) and, in each, by function
    (self time); printed."""
    context, page, cdp = phone_page(browser, 1)
    page.goto(url)
    ready(page, 1)
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 50})
    cdp.send("Profiler.start")
    touch_drags(page, cdp, drags)
    result = cdp.send("Profiler.stop")["profile"]
    context.close()
    nodes = {node["id"]: node for node in result["nodes"]}
    parent = {}
    for node in result["nodes"]:
        for child in node.get("children", []):
            parent[child] = node["id"]

    def name(frame):
        where = frame["url"].rsplit("/", 1)[-1]
        return "%s %s:%d" % (frame["functionName"] or "(anonymous)", where, frame["lineNumber"] + 1)

    by_handler = defaultdict(lambda: defaultdict(float))
    for sample, delta in zip(result["samples"], result["timeDeltas"][1:] + [0]):
        chain, at = [], sample
        while at is not None:
            chain.append(nodes[at]["callFrame"])
            at = parent.get(at)
        entry = [f for f in chain if f["url"].endswith(("pointer.js", "ticks.js"))]
        if not entry:
            continue
        by_handler[name(entry[-1])][name(chain[0])] += delta / 1000
    for handler, functions in sorted(by_handler.items(), key=lambda kv: -sum(kv[1].values())):
        total = sum(functions.values())
        module = sum(ms for function, ms in functions.items() if "mailsim.wasm" in function)
        print("\nunder %s: %.1f ms in all (%d drags), %.0f %% of it in the module (mailsim.wasm)"
              % (handler, total, drags, 100 * module / total if total else 0))
        for function, ms in sorted(functions.items(), key=lambda kv: -kv[1])[:20]:
            print("  %7.1f ms %5.1f %%  %s" % (ms, 100 * ms / total, function))


def static_server(site):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "-d", site],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_port(port)
    return process, "http://127.0.0.1:%d/" % port


def module_size(site):
    # The module is in the version folder the site's list names (docs/deploy.md, "What a site is").
    with open(os.path.join(site, "site.json")) as f:
        build = json.load(f)["build"]
    return open(os.path.join(site, "v", build, "mailsim.wasm"), "rb").read()


def measure(browser, url, rates, drags, loads):
    figures = {"bytes": answer_bytes(browser, url, max(2, drags // 4))}
    for rate in rates:
        figures[rate] = {"first": first_screens(browser, url, rate, loads), "steps": steps(browser, url, rate, drags)}
    return figures


def cell(values, rate_figures=None):
    if not values:
        return "–"
    return "%.1f / %.1f" % (percentile(values, 0.5), percentile(values, 0.99))


def count_and_max(values):
    return "(%d, max %.1f)" % (len(values), max(values)) if values else "(0)"


def table(results, rates):
    names = list(results)
    head = ["step"]
    for name in names:
        for rate in rates:
            head.append("%s%s p50 / p99 (ms)" % (name + ", " if len(names) > 1 else "", "%d×" % rate))
        head.append("%sbytes an answer" % (name + ", " if len(names) > 1 else ""))
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for step in STEPS:
        row = ["pointer %s" % step if step != "tick" else "animation tick"]
        for name in names:
            for rate in rates:
                values = results[name][rate]["steps"][step]
                row.append("%s %s" % (cell(values), count_and_max(values)))
            row.append("%.0f" % results[name]["bytes"][step])
        print("| " + " | ".join(row) + " |")
    for label, index in (("first screen (navigation to `mailsim:phone-shown`)", 0), ("`mailsim:start`", 1)):
        row = [label]
        for name in names:
            for rate in rates:
                values = results[name][rate]["first"][index]
                row.append("%.0f / max %.0f" % (percentile(values, 0.5), max(values)))
            row.append("")
        print("| " + " | ".join(row) + " |")


def server_round_trips(browser, playground, site, drags):
    server = subprocess.Popen([playground, "--port", "0", "--site", site], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        url = None
        for line in server.stdout:
            found = re.search(r"(http://[0-9.]+:[0-9]+/)", line)
            if found:
                url = found.group(1)
                break
        threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(url + "?session=server")
        page.wait_for_function("() => window.mailsimPlayground && mailsimPlayground.connected()"
                               " && mailsimPlayground.screen() && mailsimPlayground.runs() === 'server'")
        mouse_drags(page, drags)
        trips = page.evaluate("performance.getEntriesByName('mailsim:round-trip').map(e => e.duration)")
        context.close()
        return trips
    finally:
        server.terminate()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("--before", help="another site to measure beside it, in the same run")
    parser.add_argument("--server", help="mailsim-playground: the same drags on the server's session")
    # 100 drags: 100 downs and ups, so that their p99 is not simply the largest of a few.
    parser.add_argument("--drags", type=int, default=100)
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--rates", default="1,4")
    parser.add_argument("--profile", action="store_true", help="where each step's time goes, instead of the figures")
    args = parser.parse_args()
    rates = [int(r) for r in args.rates.split(",")]
    sites = [("now", args.site)] + ([("before", args.before)] if args.before else [])
    servers = []
    try:
        urls = {}
        for name, site in sites:
            process, urls[name] = static_server(site)
            servers.append(process)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            if args.profile:
                for name, _ in sites:
                    print("\n%s:" % name)
                    profile(browser, urls[name], args.drags)
                return
            print("Load: %s" % open("/proc/loadavg").read().strip())
            for name, site in sites:
                wasm = module_size(site)
                print("mailsim.wasm (%s): %d bytes raw, %d gzipped (-9)" % (name, len(wasm), len(gzip.compress(wasm, 9))))
            results = {}
            # Alternately, a site at a time, so that a change of the machine's load falls on both.
            for name, _ in reversed(sites):
                results[name] = measure(browser, urls[name], rates, args.drags, args.loads)
            results = {name: results[name] for name, _ in sites}
            print()
            table(results, rates)
            if args.server:
                trips = server_round_trips(browser, args.server, args.site, args.drags)
                print("\nThe server's session (`mailsim:round-trip`, loopback WebSocket, %d): p50 %.2f ms, p99 %.2f ms"
                      % (len(trips), percentile(trips, 0.5), percentile(trips, 0.99)))
            print("Load: %s" % open("/proc/loadavg").read().strip())
            browser.close()
    finally:
        for process in servers:
            process.terminate()


if __name__ == "__main__":
    main()
