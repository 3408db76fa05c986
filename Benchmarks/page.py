#!/usr/bin/env python3
"""The page's figures (make bench-page; docs/performance.md, "The simulation in the page"), in headless Chromium on
this machine, in one run: the module's size raw and gzipped; the time from navigation to the phone shown, from a
local static server; each pointer event's work until the DOM holds its screen (the page's own `mailsim:move`
measures), p50 and p99; and beside it the same drags on the server's session (`?session=server`), from each
pointer event to its screen over a loopback WebSocket (`mailsim:round-trip`).

    python3 Benchmarks/page.py SITE_DIR MAILSIM_PLAYGROUND [--drags N] [--loads N]"""
import argparse
import gzip
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

from playwright.sync_api import sync_playwright


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
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else float("nan")


def drags(page, count):
    """`count` drags of 60 moves each over msg1, released past the near threshold, then settled."""
    box = page.locator(".screen").first.bounding_box()
    scale = box["width"] / 320
    x, y = box["x"] + 200 * scale, box["y"] + 187 * scale
    for n in range(count):
        page.mouse.move(x, y)
        page.mouse.down()
        for i in range(1, 61):
            page.mouse.move(x - 1.5 * i * scale * (1 if n % 2 == 0 else -1), y)
            page.wait_for_timeout(4)
        page.mouse.up()
        page.wait_for_timeout(700)
        page.evaluate("() => true")
        page.keyboard.press("r")  # a fresh inbox for the next drag
        page.wait_for_timeout(100)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("playground")
    parser.add_argument("--drags", type=int, default=8)
    parser.add_argument("--loads", type=int, default=10)
    args = parser.parse_args()
    # The module is in the version folder the site's list names (docs/deploy.md, "What a site is").
    with open(os.path.join(args.site, "site.json")) as f:
        build = json.load(f)["build"]
    wasm = open(os.path.join(args.site, "v", build, "mailsim.wasm"), "rb").read()
    print("| figure | value |")
    print("|---|---|")
    print("| mailsim.wasm | %d bytes raw, %d gzipped (-9) |" % (len(wasm), len(gzip.compress(wasm, 9))))

    port = free_port()
    static = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "-d", args.site],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = subprocess.Popen([args.playground, "--port", "0", "--site", args.site], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    url = None
    for line in server.stdout:
        found = re.search(r"(http://[0-9.]+:[0-9]+/)", line)
        if found:
            url = found.group(1)
            break
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    try:
        wait_port(port)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            shown = []
            for _ in range(args.loads):
                context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
                page = context.new_page()
                page.goto("http://127.0.0.1:%d/" % port)
                page.wait_for_function("performance.getEntriesByName('mailsim:phone-shown').length > 0")
                shown.append(page.evaluate("performance.getEntriesByName('mailsim:phone-shown')[0].startTime"))
                context.close()
            print("| navigation to the phone shown (static server, no cache; %d loads) | p50 %.0f ms, max %.0f ms |"
                  % (len(shown), percentile(shown, 0.5), max(shown)))

            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto("http://127.0.0.1:%d/" % port)
            page.wait_for_function("window.mailsimPlayground && mailsimPlayground.runs() === 'page'")
            drags(page, args.drags)
            moves = page.evaluate("performance.getEntriesByName('mailsim:move').map(e => e.duration)")
            ticks = page.evaluate("performance.getEntriesByName('mailsim:tick').map(e => e.duration)")
            print("| a pointer move in the page (`mailsim:move`, %d) | p50 %.2f ms, p99 %.2f ms |"
                  % (len(moves), percentile(moves, 0.5), percentile(moves, 0.99)))
            print("| an animation tick in the page (`mailsim:tick`, %d) | p50 %.2f ms, p99 %.2f ms |"
                  % (len(ticks), percentile(ticks, 0.5), percentile(ticks, 0.99)))
            context.close()

            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(url + "?session=server")
            page.wait_for_function("() => window.mailsimPlayground && mailsimPlayground.connected()"
                                   " && mailsimPlayground.screen() && mailsimPlayground.runs() === 'server'")
            drags(page, args.drags)
            trips = page.evaluate("performance.getEntriesByName('mailsim:round-trip').map(e => e.duration)")
            print("| the same on the server's session (`mailsim:round-trip`, loopback WebSocket, %d) |"
                  " p50 %.2f ms, p99 %.2f ms |" % (len(trips), percentile(trips, 0.5), percentile(trips, 0.99)))
            context.close()
            browser.close()
    finally:
        static.terminate()
        server.terminate()


if __name__ == "__main__":
    main()
