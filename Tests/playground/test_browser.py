#!/usr/bin/env python3
"""The playground driven in a real browser: headless Chromium from Debian's packages, driven by
Playwright for Python (pointed at /usr/bin/chromium, no browser downloaded), against a real
`mailsim-playground --port 0`. Real mouse drags (down, moves with real waits, up), screenshots decoded with
Pillow and pixel-checked against SPEC's colours, and the downloaded script replayed by the real `mailsim`.

    python3 Tests/playground/test_browser.py MAILSIM MAILSIM_PLAYGROUND

Runs when chromium and Playwright are installed (tools/browser-tests.sh installs Playwright and Pillow in
.build/venv); MAILSIM_REQUIRE_CHROMIUM=1 (set by .ci/run) makes their absence a failure, not a skip.
"""
import io
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
import unittest
import zipfile

from checklist import wait_for_port
from watched import WatchedTestCase
from urllib.parse import quote

MAILSIM = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else ".build/debug/mailsim")
PLAYGROUND = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else "Playground/.build/debug/mailsim-playground")
REQUIRED = os.environ.get("MAILSIM_REQUIRE_CHROMIUM") == "1"
CHROMIUM = shutil.which("chromium")

try:
    from playwright.sync_api import sync_playwright
    from PIL import Image
    MISSING = None
except ImportError as e:  # said below: a skip, or with MAILSIM_REQUIRE_CHROMIUM=1 a failure
    MISSING = str(e)

# SPEC's palette (docs/SPEC.md §1).
YELLOW = (0xFE, 0xCA, 0x16)
GRAY = (0xB2, 0xB2, 0xB2)
GREEN = (0x55, 0xD5, 0x50)

# Where things are on the 320 × 568 screen (SPEC §1: rows 86 pt high from y 144; the navigation bar's buttons
# centred 22 pt in from either side at y 42).
MSG1_Y = 144 + 43
COMPOSE = (320 - 22, 42)

# The session runs in the page (WebAssembly) unless the page is asked for the server's: the checks of what happens
# when the server goes (reconnects, restores) ask for it, as a browser without WebAssembly would get it.
SERVER_SESSION = "?session=server"
# What `make site` wrote: the static playground (mailsim.mjs, mailsim.wasm, the service worker).
SITE = os.path.abspath(os.environ.get("MAILSIM_SITE", ".build/site"))
# The run's artefacts: the screenshots kept for a person to look at (the page at each size, the plots). `make test`
# keeps its logs in .build/test-logs, so they are there, beside the browser step's log.
SCREENSHOTS = os.path.abspath(os.environ.get("MAILSIM_SCREENSHOTS") or ".build/test-logs/screenshots")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`mailsim-playground --port 0`, its address read from the line it prints."""

    def __init__(self, *arguments, port=0):
        self.process = subprocess.Popen([PLAYGROUND, "--port", str(port), *arguments], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        self.output = []
        found = threading.Event()
        self.url = None

        def read():
            for line in self.process.stdout:
                self.output.append(line)
                match = re.search(r"(http://[0-9.]+:[0-9]+/)", line)
                if match and not self.url:
                    self.url = match.group(1)
                    found.set()
        threading.Thread(target=read, daemon=True).start()
        if not found.wait(30):
            self.stop()
            raise AssertionError("mailsim-playground printed no address: " + "".join(self.output))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class StaticSite:
    """make site's folder behind a plain static server (`python3 -m http.server` on a free port): the playground with
    no mailsim server, as any host serves it."""

    def __init__(self, folder=SITE):
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(self.port), "-d", folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = "http://127.0.0.1:%d/" % self.port
        if not wait_for_port(self.port):
            self.stop()
            raise AssertionError("the static server did not start")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def open_chromium_on_site(cls, site, missing):
    """The set-up of the suites that drive make site's folder with no mailsim server (test_record.py,
    test_grade.py): `site` behind a StaticSite as `cls.site`, headless Chromium launched by Playwright as
    `cls.browser`; `missing` is what failed to import, if anything."""
    assert CHROMIUM, "MAILSIM_REQUIRE_CHROMIUM=1 but chromium is not on PATH"
    assert not missing, "MAILSIM_REQUIRE_CHROMIUM=1 but a Python package is missing: " + str(missing)
    assert os.path.exists(os.path.join(site, "site.json")), site + " is not a site (make site builds it)"
    cls.site = StaticSite(site)
    cls.playwright = sync_playwright().start()
    cls.browser = cls.playwright.chromium.launch(
        executable_path=CHROMIUM, args=["--no-sandbox", "--force-color-profile=srgb", "--disable-gpu"])


def close_chromium_on_site(cls):
    """What open_chromium_on_site started, stopped."""
    cls.browser.close()
    cls.playwright.stop()
    cls.site.stop()


@unittest.skipUnless(REQUIRED or (CHROMIUM and not MISSING),
                     "chromium or Playwright is missing: the playground's browser checks need both "
                     "(apt-get install chromium; tools/browser-tests.sh installs Playwright)")
class PlaygroundInChromium(WatchedTestCase):
    @classmethod
    def setUpClass(cls):
        assert CHROMIUM, "MAILSIM_REQUIRE_CHROMIUM=1 but chromium is not on PATH"
        assert not MISSING, "MAILSIM_REQUIRE_CHROMIUM=1 but Playwright or Pillow is missing: " + str(MISSING)
        assert os.access(PLAYGROUND, os.X_OK), PLAYGROUND + " is not built"
        os.makedirs(SCREENSHOTS, exist_ok=True)
        cls.server = Server()
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--force-color-profile=srgb", "--disable-gpu"])

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()
        cls.server.stop()

    def new_context(self, **options):
        """A browser context whose pages watch the state (window.mailsimWatchState: each screen then carries every
        phone's whole state object, which these tests read; the page itself reads two of its fields)."""
        context = self.browser.new_context(**options)
        context.add_init_script("window.mailsimWatchState = true;")
        return context

    def setUp(self):
        self.sites = []
        self.dir = tempfile.mkdtemp(prefix="mailsim-playground-")
        self.context = self.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True)
        self.problems = []
        self.servers_go_away = False
        self.page = self.open(self.server.url)

    def is_problem(self, message):
        """Whether a console message is a fault of the page: an error, but not the browser's own line for a
        WebSocket that could not connect in a test where servers go away (the page reconnects after it: a stopping
        server answers 503 for a second, a killed one not at all)."""
        if message.type != "error":
            return False
        return not (self.servers_go_away and message.text.startswith("WebSocket connection to "))

    def tearDown(self):
        self.context.close()
        for site in self.sites:
            site.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
        self.assertEqual(self.problems, [], "the page had script errors")

    # ---- the page

    def open(self, url, context=None):
        page = (context or self.context).new_page()
        page.on("pageerror", lambda e: self.problems.append(str(e)))
        page.on("console", lambda m: self.problems.append(m.text) if self.is_problem(m) else None)
        page.goto(url)
        deadline = time.monotonic() + 15
        while not page.evaluate("() => !!(window.mailsimPlayground && mailsimPlayground.state(0))"):
            self.assertLess(time.monotonic(), deadline, "the page showed no screen")
            page.wait_for_timeout(20)
        return page

    def static_site(self):
        """make site's folder on a static server of this test's own (stopped after it)."""
        site = StaticSite()
        self.sites.append(site)
        return site

    def prop(self, name, phone=0, page=None):
        return (page or self.page).evaluate(
            "([n, p]) => { const s = mailsimPlayground.state(p); return (s.properties || s)[n]; }", [name, phone])

    def wait_for(self, condition, arg=None, timeout=8000, page=None):
        """Waits until the JS expression `condition` (of the last screen `s`, its phone-0 state properties `p`
        and `arg`) holds. Polled from here: the page's policy (script-src 'self') forbids the eval that
        Playwright's wait_for_function would need."""
        page = page or self.page
        check = ("(arg) => { const s = mailsimPlayground.screen(); if (!s) return false;"
                 " const st = s.phones[0].state || {}; const p = st.properties || st; return !!(" + condition + "); }")
        deadline = time.monotonic() + timeout / 1000
        while not page.evaluate(check, arg):
            if time.monotonic() > deadline:
                self.fail("timed out waiting for " + condition + "; state: " + json.dumps(page.evaluate(
                    "() => { const s = mailsimPlayground.screen(); return s && {animating: s.animating, gesture: s.gesture,"
                    " state: s.phones.map(p => p.state)}; }"))[:3000])
            page.wait_for_timeout(15)

    def settled(self, page=None):
        self.wait_for("!s.animating && s.gesture === 'none'", page=page)

    def lines(self, page=None):
        return (page or self.page).evaluate("mailsimPlayground.lines()")

    def wait_for_lines(self, holds, page=None, timeout=8):
        """The script's lines once `holds(lines)` is true. The server sends a line's screen before its script
        change, as two messages: a check of the state can run between them, so the lines are waited for too."""
        deadline = time.monotonic() + timeout
        while not holds(self.lines(page)):
            self.assertLess(time.monotonic(), deadline, "timed out waiting for the script; it is %r" % self.lines(page))
            (page or self.page).wait_for_timeout(15)
        return self.lines(page)

    def pane_lines(self):
        return self.page.eval_on_selector_all("#script li code", "els => els.map(e => e.textContent)")

    def screen_box(self, phone=0):
        return self.page.evaluate(
            "(i) => { const r = document.querySelector('.screen[data-phone=\"' + i + '\"] svg').getBoundingClientRect();"
            " return {x: r.x, y: r.y, w: r.width, h: r.height}; }", phone)

    def at(self, x, y, phone=0):
        """Page pixels of screen point (x, y) of a phone: the SVG's box over its 320 × 568 viewBox."""
        box = self.screen_box(phone)
        return box["x"] + x * box["w"] / 320, box["y"] + y * box["h"] / 568

    def pixel(self, x, y, phone=0):
        """The colour a screenshot shows at screen point (x, y) of a phone."""
        png = self.page.screenshot()
        with Image.open(io.BytesIO(png)) as im:
            scale = im.size[0] / self.page.viewport_size["width"]
            px, py = self.at(x, y, phone)
            return im.convert("RGB").getpixel((int(px * scale), int(py * scale)))

    def drag(self, x, y, dx, seconds=0.3, steps=18, phone=0, dy=0, while_down=None):
        """A real mouse drag from screen point (x, y) by (dx, dy), over `seconds` in `steps` moves with real waits."""
        mouse = self.page.mouse
        sx, sy = self.at(x, y, phone)
        scale = self.screen_box(phone)["w"] / 320
        mouse.move(sx, sy)
        mouse.down()
        for i in range(1, steps + 1):
            self.page.wait_for_timeout(seconds * 1000 / steps)
            mouse.move(sx + dx * scale * i / steps, sy + dy * scale * i / steps)
        if while_down:
            while_down()
        mouse.up()

    def click_phone(self, x, y, phone=0):
        px, py = self.at(x, y, phone)
        self.page.mouse.click(px, py)

    def mailsim(self, *args, status=0, stdin=None):
        done = subprocess.run([MAILSIM, *args], capture_output=True, text=True, cwd=self.dir, input=stdin, timeout=60)
        self.assertEqual(done.returncode, status, done.stdout + done.stderr)
        return done

    def replayed_state(self, script):
        """`mailsim run` of the script (it must pass), then its `state --json`."""
        path = os.path.join(self.dir, "session.mbs")
        with open(path, "w") as f:
            f.write(script)
        self.mailsim("run", path)
        with open(path, "a") as f:
            f.write("state --json\n")
        out = self.mailsim("run", path).stdout.strip().splitlines()
        return json.loads(out[-1])

    def download(self, selector):
        """Clicks SELECTOR and returns the path of the file it downloads."""
        with self.page.expect_download() as download:
            self.page.click(selector)
        return download.value.path()

    def command(self, line):
        """Runs LINE in the command box and returns what the report pane then shows."""
        self.page.fill("#command-line", line)
        self.page.press("#command-line", "Enter")
        self.page.wait_for_selector("#report:not([hidden])")
        return self.page.text_content("#report")

    def page_state(self, phone=0, page=None):
        return (page or self.page).evaluate("(i) => mailsimPlayground.state(i)", phone)

    # ---- the checks

    def test_a_drag_left_is_yellow_then_the_reschedule_overlay_and_the_script_replays(self):
        seen = {}

        def hold():
            # The finger still down at -180 (SPEC §2: x follows the finger exactly).
            self.wait_for("Math.abs(p['msg1.x'] + 180) <= 0.02 && p.gesture === 'pan'")
            seen["down"] = self.pixel(300, 150)
            seen["background"] = self.prop("msg1.background")
        self.drag(200, MSG1_Y, -180, seconds=0.3, while_down=hold)
        self.assertEqual(seen["down"], YELLOW)  # SPEC §2: past the near threshold 60, later: yellow
        self.assertEqual(seen["background"], "#FECA16")
        # SPEC §4: released past -60 and short of -260: slides out, then the reschedule options fade in.
        self.wait_for("p.overlay === 'reschedule' && p['overlay.alpha'] === 1 && !s.animating")
        self.assertEqual(self.prop("overlay"), "reschedule")
        self.assertEqual(self.pixel(10, 300), YELLOW)  # the overlay's own yellow, beside its options
        pane = self.pane_lines()
        self.assertEqual(pane, self.lines())
        self.assertTrue(any(re.match(r"pan msg1 -?[0-9.]+( in [0-9.]+)?$", line) for line in pane), pane)
        self.assertTrue(any(re.match(r"release -?[0-9.e-]+$", line) for line in pane), pane)
        self.assertLess(pane.index(next(l for l in pane if l.startswith("pan msg1"))),
                        pane.index(next(l for l in pane if l.startswith("release"))))
        # The contract: the downloaded script passes `mailsim run` and ends in the page's state.
        with self.page.expect_download() as download:
            self.page.click("#download")
        with open(download.value.path()) as f:
            script = f.read()
        self.assertEqual(script, "\n".join(pane) + "\n")
        self.assertEqual(self.replayed_state(script), self.page_state())

    def test_the_page_shows_what_snapshot_draws(self):
        # Required: "Pixels the page shows at an instant equal `snapshot` of the same state". A swipe to the
        # reschedule overlay, then the SVG the page was sent is the file `snapshot` writes at the end of the
        # session's own script, byte for byte, and Chromium draws both to the same pixels.
        self.drag(200, MSG1_Y, -180, seconds=0.3)
        self.wait_for("p.overlay === 'reschedule' && p['overlay.alpha'] === 1 && !s.animating")
        sent = self.page.evaluate("mailsimPlayground.screen().phones[0].svg")
        script = "\n".join(self.lines()) + "\nsnapshot page.svg\n"
        path = os.path.join(self.dir, "session.mbs")
        with open(path, "w") as f:
            f.write(script)
        self.mailsim("run", path)
        with open(os.path.join(self.dir, "page.svg")) as f:
            written = f.read()
        self.assertEqual(sent.strip(), written.strip())
        self.assertTrue(self.page.evaluate(self.DOM_IS_THE_TEXT, 0))
        # The same pixels: the phone's screen as shown, and the snapshot's file drawn alone at the same size.
        box = self.screen_box()
        shown = Image.open(io.BytesIO(self.page.locator('.screen[data-phone="0"] svg').screenshot())).convert("RGB")
        alone = self.context.new_page()
        alone.set_viewport_size({"width": 1440, "height": 900})
        alone.set_content('<body style="margin:0">' + written.replace("<svg ", '<svg style="display:block;width:%spx;height:%spx" ' % (box["w"], box["h"]), 1) + "</body>")
        drawn = Image.open(io.BytesIO(alone.locator("svg").screenshot())).convert("RGB")
        # The shown box may take a fraction of a pixel more (its place on the page): compare the common area.
        self.assertLessEqual(abs(shown.size[0] - drawn.size[0]) + abs(shown.size[1] - drawn.size[1]), 2)
        inset = 16  # the page rounds the screen's corners; compare inside them
        width, height = min(shown.size[0], drawn.size[0]), min(shown.size[1], drawn.size[1])
        differing = [(x, y) for y in range(inset, height - inset, 2) for x in range(inset, width - inset, 2)
                     if shown.getpixel((x, y)) != drawn.getpixel((x, y))]
        # Where the shown box sits a fraction of a pixel off the drawn one, antialiased edges blend differently;
        # everywhere else (every pixel whose neighbours have its colour) the two are the same.
        def on_edge(x, y):
            c = drawn.getpixel((x, y))
            return any(drawn.getpixel((x + dx, y + dy)) != c for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        inside = [(x, y) for x, y in differing if not on_edge(x, y)]
        self.assertEqual(inside[:10], [], "%d pixels differ away from an edge" % len(inside))
        self.assertLess(len(differing), 0.01 * ((width - 2 * inset) // 2) * ((height - 2 * inset) // 2))

    # The DOM a phone shows is the one its whole SVG text makes (node for node), however many patches made it.
    DOM_IS_THE_TEXT = ("(i) => { const shown = document.querySelector('.screen[data-phone=\"' + i + '\"] svg');"
                       " const fresh = document.createElement('div');"
                       " fresh.innerHTML = mailsimPlayground.screen().phones[i].svg.replace(/^<\\?xml[^>]*>\\s*/, '');"
                       " return shown.isEqualNode(fresh.firstElementChild); }")

    def test_a_drag_is_answered_with_patches_of_the_screen_the_page_holds(self):
        # A move's answer carries the nodes that changed (the dragged row, the finger), not the screen; the page
        # patches its DOM, which is then the DOM the whole text makes, during the drag, the slide and at rest. The
        # history, due once the gesture settled, is asked for and drawn.
        seen = {}

        def hold():
            self.wait_for("Math.abs(p['msg1.x'] + 120) <= 0.02")
            seen["phone"] = self.page.evaluate(
                "(() => { const p = mailsimPlayground.screen().phones[0];"
                " return {svg: 'svg' in p, base: p.base, nodes: (p.nodes || []).length, frame: p.frame}; })()")
            seen["same"] = self.page.evaluate(self.DOM_IS_THE_TEXT, 0)
        self.drag(200, MSG1_Y, -120, seconds=0.3, while_down=hold)
        self.assertEqual(seen["phone"]["base"], seen["phone"]["frame"] - 1, seen)
        self.assertIn(seen["phone"]["nodes"], (0, 1, 2), seen)
        self.assertTrue(seen["same"])
        self.settled()
        self.assertTrue(self.page.evaluate(self.DOM_IS_THE_TEXT, 0))
        self.page.wait_for_selector("#plots svg.plot")
        self.assertTrue(self.page.evaluate("mailsimPlayground.history().timeline.length > 0"))

    def test_a_fade_is_answered_with_the_lines_that_changed(self):
        # While the reschedule options fade in (at a tenth of the speed: 3 s of wall time), only their group's
        # opening line changes: a tick's answer carries that line, not the group, the page puts it into the text it
        # holds, and its DOM is the one the whole text makes; on the page's module and on the server's session.
        def fade(url):
            self.drag(200, MSG1_Y, -180, seconds=0.3)
            self.wait_for("p.overlay === 'reschedule' && p['overlay.alpha'] > 0.1 && p['overlay.alpha'] < 0.9"
                          " && (s.phones[0].nodes || []).some((n) => Array.isArray(n[1]))", timeout=15000)
            self.assertTrue(self.page.evaluate(self.DOM_IS_THE_TEXT, 0), url)
            self.wait_for("p['overlay.alpha'] === 1 && !s.animating", timeout=15000)
            self.assertTrue(self.page.evaluate(self.DOM_IS_THE_TEXT, 0), url)
        self.at_a_tenth_on_both_sessions(fade)

    def test_an_overlay_shown_again_is_the_dom_its_text_makes(self):
        # The second time the reschedule options appear, the page clones the group it parsed the first time (its
        # opening's attributes set from the new line) rather than parsing it again: the DOM is still the one the whole
        # text makes, as it fades in and at rest (at a tenth of the speed, so that the fade is seen).
        self.page.click('#speeds button[data-speed="0.1"]')
        for _ in range(2):
            self.drag(200, MSG1_Y, -180, seconds=0.3)
            self.wait_for("p.overlay === 'reschedule' && p['overlay.alpha'] > 0 && p['overlay.alpha'] < 1",
                          timeout=15000)
            self.assertTrue(self.page.evaluate(self.DOM_IS_THE_TEXT, 0))
            self.wait_for("p['overlay.alpha'] === 1 && !s.animating", timeout=15000)
            self.assertTrue(self.page.evaluate(self.DOM_IS_THE_TEXT, 0))
            self.run_line(self.page, "tap cancel")
            self.wait_for("p.overlay === 'none' && !s.animating", timeout=15000)
            self.assertTrue(self.page.evaluate(self.DOM_IS_THE_TEXT, 0))
            self.page.keyboard.press("r")
            self.wait_for("p['msg1.x'] === 0 && !s.animating", timeout=15000)

    def at_a_tenth_on_both_sessions(self, body):
        """`body(url)` at a tenth of the speed on the page's module, then in a page of its own on the server's
        session."""
        saved = self.page
        try:
            for url in (self.server.url, self.server.url + "?session=server"):
                self.page = self.open(url) if url != self.server.url else saved
                if url != self.server.url:
                    self.wait_for("mailsimPlayground.runs() === 'server' && mailsimPlayground.connected()")
                self.page.click('#speeds button[data-speed="0.1"]')
                self.wait_for("true")
                body(url)
        finally:
            self.page = saved

    def test_an_archive_moves_the_rows_by_their_translation_and_the_dom_follows(self):
        # A row archived at a tenth of the speed: its slot closes and the rows below move up. Each row is a group
        # translated to its place, so a tick carries one line a row (never the screen), the row gone is a `removed`
        # entry, and after every tick the DOM is the one the whole text makes; on the page's module and on the
        # server's session.
        def archive(url):
            self.drag(60, MSG1_Y, 120, seconds=0.3)
            self.wait_for("p['msg1.height'] < 80 && p['msg1.height'] > 10"
                          " && (s.phones[0].nodes || []).some((n) => Array.isArray(n[1]))", timeout=20000)
            self.assertTrue(self.page.evaluate(self.DOM_IS_THE_TEXT, 0), url)
            # A patch (screen() fills in the whole text the page holds, beside the patch's base).
            self.assertIn("base", self.page.evaluate("Object.keys(mailsimPlayground.screen().phones[0])"))
            self.wait_for("p['msg1.height'] === 0 && !s.animating", timeout=20000)
            self.assertTrue(self.page.evaluate(self.DOM_IS_THE_TEXT, 0), url)
            self.assertEqual(self.page.evaluate(
                "document.querySelectorAll('.screen[data-phone=\"0\"] svg clipPath[id^=clip-msg]').length"),
                self.page.evaluate("(mailsimPlayground.screen().phones[0].svg.match(/id=\"clip-msg/g) || []).length"))
        self.at_a_tenth_on_both_sessions(archive)

    def test_a_screen_the_page_missed_is_asked_for_whole(self):
        # On the server's session, one answer of a drag is lost on its way (dropped here): the next patch is of a
        # screen the page does not hold, so it asks for the whole screen, and the drag goes on to the state and the
        # DOM `mailsim run` of its script gives.
        page = self.context.new_page()
        page.on("pageerror", lambda e: self.problems.append(str(e)))
        dropped, asked = [], []

        def route(ws):
            server = ws.connect_to_server()

            def from_page(message):
                if json.loads(message).get("type") == "screen":
                    asked.append(message)
                server.send(message)

            def from_server(message):
                answer = json.loads(message)
                if not dropped and answer.get("type") == "screen" and "base" in answer["phones"][0] \
                        and answer["gesture"] == "pan":
                    dropped.append(answer["phones"][0]["frame"])
                    return
                ws.send(message)
            ws.on_message(from_page)
            server.on_message(from_server)
        page.route_web_socket(re.compile(r".*/ws$"), route)
        page.goto(self.server.url + "?session=server")
        saved, self.page = self.page, page
        try:
            self.wait_for("mailsimPlayground.runs() === 'server' && mailsimPlayground.connected()")
            self.drag(200, MSG1_Y, -180, seconds=0.3)
            self.wait_for("p.overlay === 'reschedule' && p['overlay.alpha'] === 1 && !s.animating")
            self.assertEqual(len(dropped), 1)
            self.assertEqual(len(asked), 1, asked)
            self.assertTrue(page.evaluate(self.DOM_IS_THE_TEXT, 0))
            script = "\n".join(self.lines()) + "\nsnapshot page.svg\n"
            with open(os.path.join(self.dir, "session.mbs"), "w") as f:
                f.write(script)
            self.mailsim("run", "session.mbs")
            with open(os.path.join(self.dir, "page.svg")) as f:
                self.assertEqual(page.evaluate("mailsimPlayground.screen().phones[0].svg").strip(), f.read().strip())
        finally:
            self.page = saved

    def test_compose_the_menu_and_shake(self):
        self.click_phone(*COMPOSE)
        self.wait_for("p.compose === 'shown' && !s.animating")
        self.assertEqual(self.prop("compose.y"), 80)  # SPEC §3: compose.y 568 → 80, dim 0.6, the To field focused
        self.assertEqual(self.prop("compose.dim"), 0.6)
        self.assertEqual(self.prop("compose.focus"), "to")
        self.wait_for_lines(lambda lines: "compose" in lines)
        self.page.click("#reset")
        self.wait_for("p.compose === 'hidden'")
        # An edge drag (from within 20 pt of the left edge) opens the menu.
        self.drag(4, 300, 250, seconds=0.3)
        self.wait_for("p.menu === 'open' && !s.animating")
        self.assertEqual(self.prop("content.x"), 280)
        self.wait_for_lines(lambda lines: any(line.startswith("edgepan") for line in lines))
        self.page.click("#reset")
        self.wait_for("p.menu === 'closed'")
        # A row archived, then Shake: the undo alert.
        self.drag(100, MSG1_Y, 120, seconds=0.3)
        self.wait_for("p['archive.count'] === 1 && !s.animating")
        self.page.click("#shake")
        self.wait_for("p.alert === 'undo'")
        self.wait_for_lines(lambda lines: lines[-1:] == ["shake"])
        self.assertEqual(self.replayed_state(self.page.evaluate("mailsimPlayground.script()")), self.page_state())

    def test_a_slider_moves_the_threshold(self):
        slider = self.page.locator('.param[data-name="threshold.near"] input[type=range]')
        slider.fill("80")  # Playwright sets the slider and fires its input and change events, as a drag of it does
        self.wait_for("s.phones[0].params['threshold.near'] === '80'")
        self.wait_for_lines(lambda lines: "set threshold.near 80" in lines)
        seen = {}

        def hold():
            self.wait_for("Math.abs(p['msg1.x'] - 70) <= 0.02 && p.gesture === 'pan'")
            seen["pixel"] = self.pixel(8, 150)  # the revealed background, left of the archive icon
            seen["background"] = self.prop("msg1.background")
        self.drag(100, MSG1_Y, 70, seconds=0.3, while_down=hold)
        # 70 pt is past SPEC's 60 (green) but short of the 80 now set: still gray.
        self.assertEqual(seen["pixel"], GRAY)
        self.assertEqual(seen["background"], "#B2B2B2")
        self.settled()
        self.assertEqual(self.prop("msg1.x"), 0)  # snapped back
        self.assertEqual(self.replayed_state(self.page.evaluate("mailsimPlayground.script()")), self.page_state())

    def test_compare_mcswipe_beside_mailbox(self):
        self.page.click("#compare")
        self.wait_for("s.phones.length === 2")
        params = self.page.evaluate("mailsimPlayground.screen().phones.map(p => p.params.profile)")
        self.assertEqual(params, ["mailbox", "mcswipe"])
        self.assertTrue(self.page.is_visible('.screen[data-phone="1"] svg'))
        self.assertEqual(self.page.eval_on_selector('select.profile[data-phone="1"]', "e => e.value"), "mcswipe")
        seen = {}

        def hold():
            self.wait_for("s.phones.every(q => Math.abs((q.state.properties || q.state)['msg1.x'] + 100) <= 0.02)")
            seen["a"], seen["b"] = self.pixel(300, 150, 0), self.pixel(300, 150, 1)
        # One drag, the same samples on both phones.
        self.drag(200, MSG1_Y, -100, seconds=0.3, while_down=hold)
        self.assertEqual(seen["a"], YELLOW)  # mailbox: later from 60
        self.settled()
        # The pane marks which phone each line belongs to.
        owners = self.page.eval_on_selector_all("#script li", "els => els.map(e => e.dataset.phone)")
        self.assertEqual(len(owners), len(self.lines()))
        self.assertTrue(all(o in ("both", "0", "1") for o in owners), owners)
        self.assertEqual(self.replayed_state(self.page.evaluate("mailsimPlayground.script()")), self.page_state(0))
        self.assertEqual(self.replayed_state(self.page.evaluate("mailsimPlayground.scriptB()")), self.page_state(1))

    def test_compare_a_seed_app_beside_mailbox(self):
        # The picker offers the real apps' profiles. Dragged exactly 60 to the right, a row under mailbox
        # is already green (closed at the threshold), under ios-course-mailbox still the app's gray #E5E5E5 (its
        # right side is strict).
        self.page.click("#compare")
        self.wait_for("s.phones.length === 2")
        options = self.page.eval_on_selector_all('select.profile[data-phone="1"] option', "els => els.map(e => e.value)")
        for profile in ("ios-course-mailbox", "codepath-wk3-mailbox", "assignment"):
            self.assertIn(profile, options)
        self.page.select_option('select.profile[data-phone="1"]', "ios-course-mailbox")
        self.wait_for("s.phones[1].params.profile === 'ios-course-mailbox'")
        seen = {}

        def hold():
            self.wait_for("s.phones.every(q => Math.abs((q.state.properties || q.state)['msg1.x'] - 60) <= 0.02)")
            seen["a"], seen["b"] = self.pixel(10, 150, 0), self.pixel(10, 150, 1)
        self.drag(100, MSG1_Y, 60, seconds=0.3, while_down=hold)
        self.assertEqual(seen["a"], GREEN)
        self.assertEqual(seen["b"], (0xE5, 0xE5, 0xE5))
        self.settled()
        self.assertEqual(self.replayed_state(self.page.evaluate("mailsimPlayground.scriptB()")), self.page_state(1))

    def test_the_link_reproduces_the_session(self):
        self.drag(200, MSG1_Y, -120, seconds=0.25)
        self.wait_for("p.overlay === 'reschedule' && !s.animating")
        self.page.click("#copy-link")
        self.page.wait_for_selector("#link:not([hidden])")
        url = self.page.eval_on_selector("#link", "e => e.value")
        self.assertTrue(url.startswith(self.server.url + "#script="), url)
        other = self.open(url)
        self.wait_for("s.phones[0].state && (s.phones[0].state.properties || s.phones[0].state).overlay === 'reschedule'",
                      page=other)
        self.assertEqual(self.lines(other), self.lines())
        self.assertEqual(self.page_state(page=other), self.page_state())

    def test_typing_into_compose_is_a_type_line(self):
        self.click_phone(*COMPOSE)
        self.wait_for("p.compose === 'shown' && p['compose.focus'] === 'to' && !s.animating")
        self.page.keyboard.type("ada", delay=40)
        self.wait_for("p['compose.to'] === 'ada'")
        self.wait_for_lines(lambda lines: lines[-1:] == ["type ada"])  # three keys, one amended line
        self.assertEqual(self.pane_lines()[-1], "type ada")
        self.assertEqual(self.replayed_state(self.page.evaluate("mailsimPlayground.script()")), self.page_state())

    def test_pin_the_state_appends_expect_lines_that_pass(self):
        self.drag(100, MSG1_Y, 120, seconds=0.3)
        self.wait_for("p['archive.count'] === 1 && !s.animating")
        before = len(self.lines())
        self.page.click("#pin")
        deadline = time.monotonic() + 8
        while len(self.lines()) <= before:
            self.assertLess(time.monotonic(), deadline, "Pin the state added no line")
            self.page.wait_for_timeout(20)
        pinned = self.lines()[before:]
        self.assertTrue(pinned and all(line.startswith("expect ") for line in pinned), pinned)
        self.assertTrue(any("archive.count" in line for line in pinned), pinned)
        # The pane shows them, as the newest of its lines (it holds the newest 100).
        self.assertEqual(self.pane_lines(), self.lines()[-100:])
        with open(self.download("#download")) as f:
            script = f.read()
        self.assertEqual(script.splitlines()[before:], pinned)
        path = os.path.join(self.dir, "pinned.mbs")
        with open(path, "w") as f:
            f.write(script)
        self.mailsim("run", path, status=0)  # every expect holds

    def test_a_tenth_of_the_speed_after_release(self):
        self.page.click('#speeds button[data-speed="0.1"]')
        self.wait_for("true")
        # 40 pt is short of 60: the row snaps back over 0.3 s of virtual time (SPEC §2), 3 s of wall time at 0.1×.
        self.drag(100, MSG1_Y, 40, seconds=0.25)
        self.wait_for("s.animating && p['msg1.x'] < 40")
        t0, w0 = self.page.evaluate("mailsimPlayground.screen().time"), time.monotonic()
        self.page.wait_for_timeout(300)
        t1, w1 = self.page.evaluate("mailsimPlayground.screen().time"), time.monotonic()
        self.assertTrue(self.page.evaluate("mailsimPlayground.screen().animating"))
        # (t1 - t0) is a tenth of the wall time between the two answers (give or take a frame's round trip).
        self.assertAlmostEqual(t1 - t0, (w1 - w0) / 10, delta=0.012, msg=(t0, t1, w1 - w0))
        self.assertGreater(t1 - t0, 0.015)
        self.settled()
        self.assertEqual(self.prop("msg1.x"), 0)
        self.assertEqual(self.replayed_state(self.page.evaluate("mailsimPlayground.script()")), self.page_state())

    def test_a_spring_in_swiftui_notation(self):
        row = '.param[data-name="curve.snap"]'
        self.page.select_option(row + " select", "spring")
        self.wait_for("s.phones[0].params['curve.snap'].startsWith('spring')")
        self.page.select_option(row + " .spring select.notation", "swiftui")
        fields = self.page.locator(row + " .spring-field input.num")
        self.assertEqual(fields.count(), 2)  # duration, bounce
        fields.nth(1).fill("0.3")
        fields.nth(1).dispatch_event("change")
        self.wait_for("true")
        fields = self.page.locator(row + " .spring-field input.num")
        fields.nth(0).fill("0.5")
        fields.nth(0).dispatch_event("change")
        self.wait_for_lines(lambda lines: "set curve.snap spring swiftui duration 0.5 bounce 0.3" in lines)
        # SwiftUI's duration is the response, its bounce 1 − the damping ratio: mailsim's spring(0.7, 0.5).
        self.assertIn("spring(0.7,0.5)", self.command("show param.curve.snap").replace(" ", ""))
        self.assertEqual(self.replayed_state(self.page.evaluate("mailsimPlayground.script()")), self.page_state())

    def test_a_row_grabbed_while_it_snaps_back(self):
        self.page.click('#speeds button[data-speed="0.25"]')  # a longer snap-back to grab it in (1.2 s of wall time)
        self.drag(100, MSG1_Y, 45, seconds=0.25)
        self.wait_for("s.animating && p['msg1.x'] > 5 && p['msg1.x'] < 40")
        self.drag(100, MSG1_Y, 30, seconds=0.25)
        self.settled()
        lines = self.lines()
        self.assertEqual(sum(1 for line in lines if line.startswith("release")), 2, lines)
        # The second finger went down on a moving row: the time between the releases is shorter than the snap-back.
        first = lines.index(next(l for l in lines if l.startswith("release")))
        between = lines[first + 1:lines.index(next(l for l in lines[first + 1:] if l.startswith("pan msg1")))]
        waited = sum(float(l.split()[1]) for l in between if l.startswith("advance"))
        self.assertLess(waited, 0.3, lines)
        self.assertEqual(self.replayed_state(self.page.evaluate("mailsimPlayground.script()")), self.page_state())

    def test_shake_with_nothing_to_undo_says_so(self):
        self.page.click("#shake")
        self.page.wait_for_selector("#status.show")
        self.assertEqual(self.page.text_content("#status"), "Nothing to undo.")
        self.assertFalse(self.page.is_visible("#report"))

    def test_the_command_box_shows_its_own_lines_answer(self):
        # A shake sent just before a line: its "Nothing to undo." arrives after the line went out, and must go to the
        # status line, the line's own answer under the box (the answers carry the line's id).
        self.page.evaluate("""() => {
            document.getElementById('shake').click();
            document.getElementById('command-line').value = 'show msg1.folder';
            document.getElementById('command').requestSubmit();
        }""")
        self.page.wait_for_selector("#report:not([hidden])")
        self.page.wait_for_selector("#status.show")
        self.assertIn("inbox", self.page.text_content("#report"))
        self.assertNotIn("Nothing to undo", self.page.text_content("#report"))
        self.assertEqual(self.page.text_content("#status"), "Nothing to undo.")

    def test_the_plots_show_the_thresholds_in_the_players_style(self):
        self.drag(200, MSG1_Y, -180, seconds=0.3)
        self.wait_for("p.overlay === 'reschedule' && !s.animating")
        self.page.wait_for_selector("#plots svg.plot")
        labels = self.page.eval_on_selector_all("#plots .guide-label", "els => els.map(e => e.textContent.trim())")
        for threshold in ("60", "-60", "260", "-260"):
            self.assertTrue(any(re.fullmatch("[+]?" + re.escape(threshold) + "(\\.0+)?", l) or l == threshold.replace("-", "−")
                                for l in labels), (threshold, labels))
        style = self.page.eval_on_selector("#plots .guide", "e => { const c = getComputedStyle(e); return [c.stroke, c.strokeDasharray]; }")
        self.assertEqual(style[0], "rgb(224, 160, 48)")  # PlayerAssets' .plot .guide, served as /plots.css
        label = self.page.eval_on_selector("#plots .guide-label", "e => getComputedStyle(e).fill")
        self.assertEqual(label, "rgb(176, 112, 16)")
        self.page.locator(".looking-back").screenshot(path=os.path.join(SCREENSHOTS, "plots.png"))

    def test_open_walkthrough_runs_the_player(self):
        self.drag(200, MSG1_Y, -120, seconds=0.25)
        self.wait_for("p.overlay === 'reschedule' && !s.animating")
        problems = []
        self.context.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        with self.context.expect_page() as opened:
            self.page.click("#open-walkthrough")
        player = opened.value
        player.on("pageerror", lambda e: problems.append(str(e)))
        player.wait_for_load_state()
        self.assertTrue(player.url.endswith("/walkthrough"), player.url)
        # The player's script runs (its policy allows it by hash): a step forward moves the frame counter and the
        # scrubber, and the script pane marks the line being played.
        player.wait_for_selector("#screen svg, #screen")
        self.assertEqual(player.text_content("#frame"), "0")
        player.keyboard.press("ArrowRight")
        player.keyboard.press("ArrowRight")
        deadline = time.monotonic() + 5
        while player.text_content("#frame") != "2":
            self.assertLess(time.monotonic(), deadline, "the player's script did not run: " + repr(problems))
            player.wait_for_timeout(20)
        self.assertEqual(player.eval_on_selector("#scrubber", "e => e.value"), "2")
        frames = int(player.eval_on_selector("#scrubber", "e => e.max")) + 1
        self.assertGreater(frames, 10)
        for line in self.lines():
            self.assertIn(line, player.text_content("#script"))
        self.assertEqual(problems, [], "the player's page had errors (its policy blocked something?)")

    def test_a_session_closed_for_idling_says_so_and_comes_back_at_a_touch(self):
        self.servers_go_away = True  # the test stops its server with the page open (see is_problem)
        # A server that closes a page after 2 s without a message (--idle-timeout): the banner gives its words, the
        # page does not reconnect on its own (nobody is there), and a touch of the phone brings the session back.
        idle = Server("--idle-timeout", "2")
        try:
            page = self.open(idle.url + SERVER_SESSION)
            self.drag_on(page, 100, MSG1_Y, 120)
            self.wait_for("p['archive.count'] === 1 && !s.animating", page=page)
            lines = self.wait_for_lines(lambda l: l[-1:] and l[-1].startswith("advance"), page=page)
            deadline = time.monotonic() + 10
            while page.is_hidden("#banner"):
                self.assertLess(time.monotonic(), deadline, "the page was not told its session closed")
                page.wait_for_timeout(50)
            text = page.text_content("#banner-text")
            self.assertIn("closed after 2 s without use; reconnect to go on", text)
            self.assertIn("Your session is its script", text)
            self.assertEqual(page.text_content("#conn"), "disconnected")
            self.assertEqual(page.text_content("#reconnect"), "Reconnect")
            self.assertEqual(self.connection(page)["attempt"], 0)  # no reconnect on its own
            self.click_phone_on(page, 160, 300)
            self.wait_for_connection(page, lambda c: c["reconnects"] == 1 and c["connected"] and not c["held"])
            self.assertEqual(self.lines(page), lines)
            # The reconnected session's first screen may come before the answer to the page's `watch` (the state
            # rides only on watched screens), so wait for the state rather than read it once.
            self.wait_for("p['archive.count'] === 1", page=page)
            self.assertTrue(page.is_hidden("#banner"))
        finally:
            idle.stop()

    # ---- when the server goes (docs/playground.md, "When the server goes")

    def connection(self, page):
        return page.evaluate("mailsimPlayground.connection()")

    def wait_for_connection(self, page, holds, timeout=30, what="the connection"):
        deadline = time.monotonic() + timeout
        while not holds(self.connection(page)):
            self.assertLess(time.monotonic(), deadline, "timed out waiting for %s: %r; banner %r" % (
                what, self.connection(page), page.text_content("#banner-text")))
            page.wait_for_timeout(20)

    def wait_for_banner(self, page, words, timeout=15):
        deadline = time.monotonic() + timeout
        while page.is_hidden("#banner") or words not in page.text_content("#banner-text"):
            self.assertLess(time.monotonic(), deadline, "the banner did not say %r: %r" % (
                words, page.text_content("#banner-text")))
            page.wait_for_timeout(20)
        return page.text_content("#banner-text")

    def drag_on(self, page, x, y, dx, seconds=0.25, steps=12):
        saved, self.page = self.page, page
        try:
            self.drag(x, y, dx, seconds=seconds, steps=steps)
        finally:
            self.page = saved

    def click_phone_on(self, page, x, y):
        saved, self.page = self.page, page
        try:
            self.click_phone(x, y)
        finally:
            self.page = saved

    def session_on_own_server(self, *arguments):
        """A server on a port of its own (a second one can take it), a page on it with a row dragged to the
        reschedule options after a tuning change: the page's script, state and phone's SVG. The test then stops
        or kills servers, so the browser's lines for sockets that could not connect are expected."""
        self.servers_go_away = True
        port = free_port()
        server = Server(*arguments, port=port)
        page = self.open(server.url + SERVER_SESSION)
        page.select_option('.param[data-name="curve.snap"] select', "easeIn")
        self.wait_for("s.phones[0].params['curve.snap'] === 'easeIn'", page=page)
        self.drag_on(page, 200, MSG1_Y, -120)
        self.wait_for("p.overlay === 'reschedule' && !s.animating", page=page)
        lines = self.wait_for_lines(lambda l: "set curve.snap easeIn" in l and any(x.startswith("release") for x in l)
                                    and l[-1].startswith("advance"), page=page)
        before = (lines, self.page_state(page=page), page.evaluate("mailsimPlayground.screen().phones[0].svg"))
        return port, server, page, before

    def assert_restored(self, page, before):
        lines, state, svg = before
        self.wait_for_connection(page, lambda c: c["reconnects"] == 1 and c["connected"] and not c["held"],
                                 what="the session to be restored")
        self.wait_for_lines(lambda l: l == lines, page=page)
        self.wait_for("p.overlay === 'reschedule' && !s.animating", page=page)
        self.assertEqual(self.page_state(page=page), state)
        self.assertEqual(page.evaluate("mailsimPlayground.screen().phones[0].svg"), svg)
        self.assertEqual(page.eval_on_selector_all("#script li code", "els => els.map(e => e.textContent)"), lines)
        self.assertEqual(page.eval_on_selector('.param[data-name="curve.snap"] select', "e => e.value"), "easeIn")
        self.assertTrue(page.is_hidden("#banner"))
        self.assertEqual(page.text_content("#conn"), "connected")

    def test_the_page_restores_itself_after_the_server_is_killed(self):
        port, server, page, before = self.session_on_own_server()
        second = None
        try:
            server.process.kill()
            server.process.wait(10)
            # No click from here on: the page reconnects on its own and says so meanwhile.
            said = self.wait_for_banner(page, "Reconnecting… attempt ")
            self.assertRegex(said, r"Reconnecting… attempt [0-9]+, next in [0-9]+ s")
            self.assertEqual(page.text_content("#conn"), "reconnecting…")
            second = Server(port=port)
            self.assert_restored(page, before)
        finally:
            server.stop()
            if second:
                second.stop()

    def test_the_page_restores_itself_after_the_server_stops(self):
        # SIGTERM: the server closes the page with 1001 "the server is stopping"; the page says why and reconnects.
        port, server, page, before = self.session_on_own_server()
        second = None
        try:
            server.process.terminate()
            self.assertEqual(server.process.wait(10), 0)
            said = self.wait_for_banner(page, "Reconnecting… attempt ")
            self.assertIn("(the server is stopping)", said)
            second = Server(port=port)
            self.assert_restored(page, before)
        finally:
            server.stop()
            if second:
                second.stop()

    def test_a_comparison_comes_back_with_phone_bs_profile_and_tuning(self):
        self.servers_go_away = True  # the test stops its servers (see is_problem)
        port = free_port()
        server, second = Server(port=port), None
        try:
            page = self.open(server.url + SERVER_SESSION)
            page.click("#compare")
            self.wait_for("s.phones.length === 2", page=page)
            page.click('#target button[data-target="1"]')
            page.select_option('.param[data-name="curve.snap"] select', "linear")
            self.wait_for("s.phones[1].params['curve.snap'] === 'linear'", page=page)
            # Phone A's own lines come back in place, phone B's own `set` lines after them: here, the same script.
            lines = self.wait_for_lines(lambda l: "#B: set curve.snap linear" in l, page=page)
            self.assertEqual(lines, ["#B: set profile mcswipe", "#B: set curve.snap linear"])
            params = page.evaluate("mailsimPlayground.screen().phones.map(p => p.params)")
            server.process.kill()
            server.process.wait(10)
            self.wait_for_banner(page, "Reconnecting… attempt ")
            second = Server(port=port)
            self.wait_for_connection(page, lambda c: c["reconnects"] == 1 and c["connected"] and not c["held"])
            self.wait_for("s.phones.length === 2 && s.phones[1].params['curve.snap'] === 'linear'", page=page)
            self.assertEqual(page.evaluate("mailsimPlayground.screen().phones.map(p => p.params)"), params)
            self.assertEqual(self.wait_for_lines(lambda l: len(l) == len(lines), page=page), lines)
        finally:
            server.stop()
            if second:
                second.stop()

    def test_a_script_too_long_to_load_is_offered_for_download_not_reloaded(self):
        self.servers_go_away = True  # the test stops its servers (see is_problem)
        port = free_port()
        server, second = Server(port=port), None
        try:
            page = self.open(server.url + SERVER_SESSION)
            # Pinning the state appends about 90 expect lines (2 KiB): 45 pins pass the 64 KiB a load takes.
            for _ in range(45):
                page.click("#pin")
            self.wait_for_lines(lambda l: len(l) >= 45 * 80, page=page, timeout=30)
            self.assertGreater(len(page.evaluate("mailsimPlayground.script()").encode()), 64 * 1024)
            server.process.kill()
            server.process.wait(10)
            said = self.wait_for_banner(page, "cannot be restored")
            self.assertIn("longer than a reconnect can load (10000 lines, 64 KiB)", said)
            self.assertTrue(page.is_visible("#banner-download") and page.is_visible("#start-afresh"))
            self.assertTrue(page.is_hidden("#reconnect"))
            self.assertEqual(self.connection(page)["attempt"], 0)  # no reconnecting: a load would be refused
            saved, self.page = self.page, page
            try:
                with open(self.download("#banner-download")) as f:
                    self.assertEqual(f.read(), page.evaluate("mailsimPlayground.script()"))
            finally:
                self.page = saved
            second = Server(port=port)
            page.click("#start-afresh")
            self.wait_for_connection(page, lambda c: c["connected"] and not c["held"] and not c["waitingForUser"])
            self.wait_for_lines(lambda l: l == [], page=page)
            self.assertTrue(page.is_hidden("#banner"))
        finally:
            server.stop()
            if second:
                second.stop()

    def test_export_gives_the_tuned_interaction_as_mailsim_export_writes_it(self):
        # Export beside Download. The slider sets threshold.near 80; Export (Swift) downloads MailboxInteraction.zip,
        # the files `mailsim export swift -o DIR` writes for those settings in one folder; in a comparison, Export B
        # gives phone B's (mcswipe) in the format chosen; Export (CSS) downloads the one file.
        slider = self.page.locator('.param[data-name="threshold.near"] input[type=range]')
        slider.fill("80")
        self.wait_for("s.phones[0].params['threshold.near'] === '80'")
        self.assertTrue(self.page.is_visible("#export") and self.page.is_visible("#export-format"))
        self.page.select_option("#export-format", "swift")
        with self.page.expect_download() as download:
            self.page.click("#export")
        self.assertEqual(download.value.suggested_filename, "MailboxInteraction.zip")
        zipped = self.unzipped(download.value.path())
        self.assertIn("public static let thresholdLeftNear: Double = 80\n",
                      zipped["MailboxInteraction/MailboxInteraction.swift"])
        self.assertEqual(zipped, self.written("MailboxInteraction", "swift", "--set", "threshold.near 80"))
        self.page.click("#compare")
        self.wait_for("s.phones.length === 2")
        self.assertTrue(self.page.is_visible("#export-b"))
        self.page.select_option("#export-format", "js")
        with self.page.expect_download() as download:
            self.page.click("#export-b")
        self.assertEqual(download.value.suggested_filename, "mailbox-interaction.zip")
        self.assertEqual(self.unzipped(download.value.path()),
                         self.written("mailbox-interaction", "js", "--profile", "mcswipe"))
        self.page.select_option("#export-format", "css")
        with self.page.expect_download() as download:
            self.page.click("#export")
        self.assertEqual(download.value.suggested_filename, "mailbox-interaction.css")
        with open(download.value.path()) as f:
            self.assertEqual(f.read(), self.mailsim("export", "css", "--set", "threshold.near 80").stdout)

    @staticmethod
    def unzipped(path):
        with zipfile.ZipFile(path) as z:
            return {i.filename: z.read(i).decode() for i in z.infolist()}

    def written(self, folder, *arguments):
        """What `mailsim export ARGUMENTS -o DIR` writes, by the path the page's ZIP gives each file (FOLDER/NAME)."""
        with tempfile.TemporaryDirectory() as out:
            self.mailsim("export", *arguments, "-o", out)
            return {folder + "/" + name: open(os.path.join(out, name)).read() for name in os.listdir(out)}

    def test_download_gif_is_a_gif_of_the_session(self):
        self.drag(200, MSG1_Y, -180, seconds=0.3)
        self.wait_for("p.overlay === 'reschedule' && p['overlay.alpha'] === 1 && !s.animating")
        path = self.download("#download-gif")
        with Image.open(path) as gif:
            self.assertEqual(gif.format, "GIF")
            # Scale 1: the screen's 320 × 568 points, and under them the caption strip (the line being played).
            self.assertEqual(gif.size[0], 320)
            self.assertGreater(gif.size[1], 568)
            self.assertGreater(gif.n_frames, 1)
            frames = []
            for k in range(gif.n_frames):
                gif.seek(k)
                frames.append(gif.convert("RGB"))
            # The first frame is the inbox before the drag: msg1's row white where the drag will reveal yellow; a
            # later frame, the finger past -60, shows the later colour there (SPEC §2).
            self.assertEqual(frames[0].getpixel((300, 150)), (255, 255, 255))
            # A GIF frame has at most 256 colours: a colour is exact, or within the few units of the frame's colour
            # table (docs/pictures.md: within ΔE 2), as a frame that also holds the overlay's fade has.
            def near(c, want=YELLOW):
                return max(abs(a - b) for a, b in zip(c, want)) <= 4
            self.assertTrue(any(near(f.getpixel((300, 150))) for f in frames[1:]))
            last = frames[-1]
            self.assertTrue(near(last.getpixel((10, 300))), last.getpixel((10, 300)))  # the overlay's yellow (SPEC §1)

    # ---- the simulation in the page (make site; docs/playground.md, "The simulation in the page")

    def test_the_session_runs_in_the_page_and_a_drag_asks_the_network_nothing(self):
        self.assertEqual(self.page.evaluate("mailsimPlayground.runs()"), "page")
        self.assertEqual(self.page.text_content("#conn"), "in this page")
        asked, sockets = [], []
        self.page.on("request", lambda r: asked.append(r.url))
        self.page.on("websocket", lambda w: sockets.append(w.url))
        self.drag(200, MSG1_Y, -180, seconds=0.3)
        self.wait_for("p.overlay === 'reschedule' && p['overlay.alpha'] === 1 && !s.animating")
        self.assertEqual((asked, sockets), ([], []))
        # Each pointer event's work is measured where anyone can read it (docs/performance.md).
        moves = self.page.evaluate("performance.getEntriesByName('mailsim:move').map(e => e.duration)")
        self.assertGreaterEqual(len(moves), 10)

    def test_a_touch_drag_on_a_phone_shows_the_whole_screen_and_replays_natively(self):
        context = self.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3,
                                           is_mobile=True, has_touch=True, accept_downloads=True)
        try:
            saved, self.page = self.page, context.new_page()
            self.page.on("pageerror", lambda e: self.problems.append(str(e)))
            self.page.goto(self.server.url)
            self.wait_for("mailsimPlayground.runs() === 'page'")
            box = self.screen_box()
            # The whole phone screen is in view, at its own proportions, without scrolling.
            self.assertGreaterEqual(box["x"], 0)
            self.assertLessEqual(box["x"] + box["w"], 390)
            self.assertLessEqual(box["y"] + box["h"], 844)
            self.assertAlmostEqual(box["h"] / box["w"], 568 / 320, places=2)
            # A finger, through the browser's touch input: each touch point becomes a pointer event.
            cdp = context.new_cdp_session(self.page)
            sx, sy = self.at(200, MSG1_Y)
            scale = box["w"] / 320

            def touch(kind, x=None, y=None):
                points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
                cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
            touch("touchStart", sx, sy)
            for i in range(1, 19):
                self.page.wait_for_timeout(16)
                touch("touchMove", sx - 180 * scale * i / 18, sy)
            touch("touchEnd")
            self.wait_for("p.overlay === 'reschedule' && p['overlay.alpha'] === 1 && !s.animating")
            self.assertEqual(self.page.evaluate("[window.scrollX, window.scrollY]"), [0, 0])  # the page never moved
            lines = self.lines()
            self.assertTrue(any(l.startswith("pan msg1 -") for l in lines), lines)
            # Lines a person can read (docs/playground.md, "Readable lines"): translations in half points, durations
            # in whole milliseconds, the velocity in whole points a second; the phone ran those numbers.
            for line in lines:
                words = line.split()
                if words[0] == "pan":
                    self.assertEqual(float(words[2]) * 2 % 1, 0, line)
                    self.assertRegex(words[4], r"^[0-9]+(\.[0-9]{1,3})?$", line)
                elif words[0] in ("release", "advance"):
                    self.assertRegex(words[1], r"^-?[0-9]+$" if words[0] == "release" else r"^[0-9]+(\.[0-9]{1,3})?$", line)
            self.assertEqual(self.replayed_state("\n".join(lines) + "\n"), self.page_state())
        finally:
            self.page = saved
            context.close()

    # The sizes the page must fit (issue: a phone at 320×568 to 430×932, touch, and a computer's window).
    SIZES = [(320, 568, True), (375, 667, True), (390, 844, True), (430, 932, True), (1280, 800, False)]

    def layout(self, page):
        """What the fit is judged by: the document's widths, the phone's box, the plots' right edges, and the controls
        smaller than 44 × 44 px (a checkbox counts as the label around it, which takes its touches)."""
        return page.evaluate("""() => {
          const d = document.documentElement, box = (e) => { const r = e.getBoundingClientRect();
            return {x: r.x, y: r.y, w: r.width, h: r.height, right: r.right, bottom: r.bottom}; };
          const small = [];
          document.querySelectorAll('button, select, input, textarea, summary, a[href], [role=button]').forEach((e) => {
            if (e.type === 'hidden' || !e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') return;
            const target = e.closest('label') || e, r = target.getBoundingClientRect();
            if (r.width < 44 || r.height < 44)
              small.push((e.id || e.getAttribute('aria-label') || e.textContent.trim() || e.tagName) + ' ' +
                         Math.round(r.width) + '×' + Math.round(r.height));
          });
          return {scrollWidth: d.scrollWidth, clientWidth: d.clientWidth, device: box(document.querySelector('.device')),
                  plots: [document.querySelector('#plots'), ...document.querySelectorAll('#plots svg')].map((e) => box(e).right),
                  small: small};
        }""")

    def window_at(self, page, selector, path):
        """A screenshot of the window scrolled so that `selector` is at its top, then back at the page's top."""
        page.evaluate("(s) => document.querySelector(s).scrollIntoView()", selector)
        page.wait_for_timeout(50)
        page.screenshot(path=path)
        page.evaluate("() => window.scrollTo(0, 0)")

    def test_the_page_fits_a_phone_and_a_computers_window(self):
        # At each size: no sideways scrolling; the whole phone in view when the page opens, as large as fits (the
        # room left beside it or below it at most 40 px); on a touch screen every control at least 44 × 44 px; the
        # plots inside the width once a drag has drawn them; Record's panel, open, inside it and thumb-sized; and a
        # comparison's two phones inside it too.
        # Screenshots of each are kept in SCREENSHOTS, the run's artefacts: what the window shows at the start, with
        # the bar's controls at its top, and with the plots at its top after the drag. (Window by window: a
        # full-page screenshot drops the touch emulation, and with it the 44 px targets.)
        for width, height, touch in self.SIZES:
            with self.subTest(size="%d×%d" % (width, height)):
                options = dict(is_mobile=True, has_touch=True, device_scale_factor=2) if touch else {}
                context = self.new_context(viewport={"width": width, "height": height}, **options)
                try:
                    page = self.open(self.server.url, context)
                    page.wait_for_timeout(200)  # the tuning pane's controls are made from hello
                    name = "%dx%d" % (width, height)
                    page.screenshot(path=os.path.join(SCREENSHOTS, name + ".png"))
                    fit = self.layout(page)
                    self.window_at(page, ".bar", os.path.join(SCREENSHOTS, name + "-controls.png"))
                    self.assertEqual(fit["scrollWidth"], fit["clientWidth"], "the page scrolls sideways")
                    device = fit["device"]
                    self.assertGreaterEqual(device["x"], 0)
                    self.assertGreaterEqual(device["y"], 0)
                    self.assertLessEqual(device["right"], width, "the phone is cut at the right")
                    self.assertLessEqual(device["bottom"], height, "the phone is cut at the bottom")
                    self.assertTrue(width - device["w"] <= 40 or height - device["bottom"] <= 40,
                                    "the phone could be larger: %r" % device)
                    if touch:
                        self.assertEqual(fit["small"], [], "controls smaller than 44 × 44 px")
                    # A drag (through the mouse: pointer events alike) draws the plots.
                    saved, self.page = self.page, page
                    try:
                        self.drag(200, MSG1_Y, -180, seconds=0.3)
                        self.wait_for("p.overlay === 'reschedule' && !s.animating", page=page)
                        page.wait_for_selector("#plots svg.plot")
                    finally:
                        self.page = saved
                    fit = self.layout(page)
                    self.assertEqual(fit["scrollWidth"], fit["clientWidth"], "the page scrolls sideways after a drag")
                    self.assertLessEqual(max(fit["plots"]), fit["clientWidth"], "the plots overflow")
                    self.window_at(page, ".looking-back", os.path.join(SCREENSHOTS, name + "-plots.png"))
                    # Record's panel, open: inside the width, its fields and buttons thumb-sized.
                    page.click("#record-open")
                    fit = self.layout(page)
                    self.assertEqual(fit["scrollWidth"], fit["clientWidth"], "Record's panel makes the page scroll")
                    if touch:
                        self.assertEqual(fit["small"], [], "Record's controls smaller than 44 × 44 px")
                    self.window_at(page, "#record-panel", os.path.join(SCREENSHOTS, name + "-record.png"))
                    page.click("label.toggle:has(#compare)")
                    page.wait_for_selector('.phone[data-phone="1"]:not([hidden]) svg')
                    fit = self.layout(page)
                    self.assertEqual(fit["scrollWidth"], fit["clientWidth"], "two phones make the page scroll sideways")
                finally:
                    context.close()

    def test_vibrate_pulses_at_each_haptic_event(self):
        # The Vibration API, recorded: with the option on and `haptics` on, dragging a row past both thresholds of a
        # side is two haptic events (near, far), so two pulses.
        context = self.new_context(viewport={"width": 1440, "height": 900})
        context.add_init_script("navigator.vibrate = (p) => { (window.pulses = window.pulses || []).push(p); return true; };")
        page = context.new_page()
        page.on("pageerror", lambda e: self.problems.append(str(e)))
        page.goto(self.server.url)
        saved, self.page = self.page, page
        try:
            self.wait_for("mailsimPlayground.runs() === 'page'")
            self.assertTrue(page.is_visible("#vibrate-option"))
            page.check("#vibrate")
            self.command("set haptics on")
            self.drag(200, MSG1_Y, -290, seconds=0.4, steps=24)
            self.wait_for("p['haptic.count'] === 2 && !s.animating")
            pulses = page.evaluate("window.pulses || []")
            self.assertEqual(sum(len(p) // 2 + 1 for p in pulses), 2, pulses)
            self.assertTrue(all(x in (15, 40) for p in pulses for x in p), pulses)
        finally:
            self.page = saved
            context.close()

    def test_a_trap_in_the_module_keeps_the_script_and_restarts_from_it(self):
        # The module as served, but its next playground call traps as the engine would (an `unreachable`: Swift's
        # precondition failure) once the test says so: the page must say so, keep the script, and restart from it.
        # A context without service workers: one would answer mailsim.mjs from its cache, past the route below.
        context = self.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True,
                                           service_workers="block")
        page = context.new_page()
        page.on("pageerror", lambda e: self.problems.append(str(e)))
        self.trappable(page)
        page.goto(self.server.url)
        saved, self.page = self.page, page
        try:
            self.wait_for("mailsimPlayground.runs() === 'page'")
            page.wait_for_timeout(1000)  # the idle warm-up has run (it calls the module too)
            self.drag(100, MSG1_Y, 120, seconds=0.25, steps=12)
            self.wait_for("p['archive.count'] === 1 && !s.animating")
            lines = self.wait_for_lines(lambda l: l[-1:] and l[-1].startswith("advance"))
            page.evaluate("globalThis.mailsimTrapNext = true")
            page.click("#shake")
            said = self.wait_for_banner(page, "The simulation stopped (unreachable)")
            self.assertIn("Your session is its script", said)
            self.assertEqual(page.text_content("#conn"), "stopped")
            self.assertEqual(page.evaluate("mailsimPlayground.runs()"), "stopped")  # not "server": nothing runs
            self.assertEqual(self.pane_lines(), lines)  # nothing of the page went blank
            self.assertTrue(page.is_visible("#banner-download"))
            with open(self.download("#banner-download")) as f:
                self.assertEqual(f.read(), "\n".join(lines) + "\n")
            self.assertEqual(page.text_content("#reconnect"), "Restart")
            page.click("#reconnect")
            self.wait_for_connection(page, lambda c: c["reconnects"] == 1 and c["connected"] and not c["held"],
                                     what="the session to restart")
            self.assertEqual(self.wait_for_lines(lambda l: l == lines), lines)
            self.wait_for("p['archive.count'] === 1")  # the state rides on watched screens only
            self.assertEqual(page.text_content("#conn"), "in this page")
            self.assertEqual(page.evaluate("mailsimPlayground.runs()"), "page")
            self.assertTrue(page.is_hidden("#banner"))
        finally:
            self.page = saved
            context.close()

    def trappable(self, page):
        """The module as served, but its next playground call traps as the engine would (an `unreachable`: Swift's
        precondition failure) once the page's globalThis.mailsimTrapNext is set."""
        call = "      return this.exports[name](...pass);"

        def patched(route):
            response = route.fetch()
            text = response.text()
            self.assertIn(call, text)
            route.fulfill(response=response, body=text.replace(call, (
                '      if (globalThis.mailsimTrapNext && name === "mailsim_playground_receive") {\n'
                '        globalThis.mailsimTrapNext = false;\n'
                '        throw new WebAssembly.RuntimeError("unreachable");\n'
                '      }\n') + call))
        page.route("**/mailsim.mjs", patched)

    def test_a_trap_over_a_session_too_long_to_load_says_the_simulation_stopped(self):
        # A trap over a session longer than a `load` takes says so at once, in words of the
        # simulation that stopped (the page has no connection), with Download and Start afresh; runs() says "stopped".
        context = self.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True,
                                   service_workers="block")
        page = context.new_page()
        page.on("pageerror", lambda e: self.problems.append(str(e)))
        self.trappable(page)
        page.goto(self.static_site().url)
        saved, self.page = self.page, page
        try:
            self.wait_for("mailsimPlayground.runs() === 'page'")
            page.wait_for_timeout(1000)  # the idle warm-up has run (it calls the module too)
            for _ in range(45):
                page.click("#pin")
            lines = self.wait_for_lines(lambda l: len(l) >= 45 * 80, timeout=30)
            page.evaluate("globalThis.mailsimTrapNext = true")
            page.click("#shake")
            said = self.wait_for_banner(page, "The simulation stopped (unreachable), and the session cannot be restored")
            self.assertIn("is longer than a restart can load (10000 lines, 64 KiB)", said)
            self.assertNotIn("connection", said)
            self.assertEqual(page.evaluate("mailsimPlayground.runs()"), "stopped")
            self.assertTrue(page.is_hidden("#reconnect"))
            self.assertTrue(page.is_visible("#banner-download") and page.is_visible("#start-afresh"))
            with open(self.download("#banner-download")) as f:
                self.assertEqual(f.read(), "\n".join(lines) + "\n")
            page.click("#start-afresh")
            self.wait_for("mailsimPlayground.runs() === 'page'")
            self.wait_for_lines(lambda l: l == [])
            self.assertTrue(page.is_hidden("#banner"))
        finally:
            self.page = saved
            context.close()

    def test_the_static_site_is_the_playground_offline_too(self):
        # make site's folder behind a plain static server: the page runs, makes a walkthrough GIF with no server, and
        # once visited opens again with the network gone (its service worker keeps every file).
        url = self.static_site().url
        context = self.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
        try:
            saved, self.page = self.page, context.new_page()
            self.page.on("pageerror", lambda e: self.problems.append(str(e)))
            self.page.goto(url)
            self.wait_for("mailsimPlayground.runs() === 'page'")
            self.assertEqual(self.page.evaluate(
                "document.querySelector('meta[name=mailsim-version]').content"), self.mailsim("--version").stdout.split()[-1])
            self.drag(200, MSG1_Y, 120, seconds=0.25, steps=12)
            self.wait_for("p['archive.count'] === 1 && !s.animating")
            # Walkthroughs are made in the page: Download GIF records the session here, with no server.
            path = self.download("#download-gif")
            with Image.open(path) as gif:
                self.assertEqual((gif.format, gif.size[0]), ("GIF", 320))
                self.assertGreater(gif.n_frames, 5)
            self.assertTrue(self.page.evaluate("navigator.serviceWorker.ready.then(() => true)"))
            self.page.wait_for_function("!!navigator.serviceWorker.controller")  # no policy here forbids the eval
            context.set_offline(True)
            self.page.reload()
            self.wait_for("mailsimPlayground.runs() === 'page'")
            self.drag(200, MSG1_Y, -180, seconds=0.25, steps=12)
            self.wait_for("p.overlay === 'reschedule' && !s.animating")
        finally:
            self.page = saved
            context.close()

    # ---- the session kept in the browser (docs/playground.md, "Kept in the browser")

    def kept(self, page):
        return page.evaluate("mailsimPlayground.kept()")

    def stored(self, page):
        """The playground's kept sessions in the page's localStorage: key → value."""
        return page.evaluate("() => Object.fromEntries(Object.keys(localStorage)"
                             ".filter(k => k.startsWith('mailsim.session')).map(k => [k, localStorage.getItem(k)]))")

    def run_line(self, page, line):
        """Runs LINE from the command box and waits for the script to change."""
        before = self.lines(page)
        page.fill("#command-line", line)
        page.press("#command-line", "Enter")
        return self.wait_for_lines(lambda l: l != before, page=page)

    def status(self, page):
        return page.text_content("#status")

    def keep_costs(self, page):
        """The durations (ms) of the page's writes of the kept session so far."""
        return page.evaluate("performance.getEntriesByName('mailsim:keep').map(e => e.duration)")

    def test_a_reload_brings_the_session_back_as_mailsim_run_replays_it(self):
        # A row dragged, `pan msg1 -100` and `release` typed, the speed changed; a reload shows the
        # same script, and the state is what `mailsim run` of the kept script gives.
        page = self.open(self.static_site().url)
        self.assertEqual(page.evaluate("mailsimPlayground.runs()"), "page")
        self.assertEqual(page.text_content("#kept"), "kept")
        self.drag_on(page, 100, MSG1_Y + 86, 120)  # the second row archived
        self.wait_for("p['archive.count'] === 1 && !s.animating", page=page)
        self.run_line(page, "pan msg1 -100")
        self.run_line(page, "release")
        self.settled(page)
        page.click('#speeds button[data-speed="0.25"]')
        lines = self.wait_for_lines(lambda l: l[-1:] and l[-1].startswith("advance"), page=page)
        script = "\n".join(lines) + "\n"
        kept = self.kept(page)
        self.assertTrue(kept["kept"], kept)
        self.assertEqual(kept["key"], "mailsim.session.1 / " + kept["id"])
        self.assertEqual(page.evaluate("sessionStorage.getItem('mailsim.tab /')"), kept["id"])
        # Each change was written as it happened, each write well under a millisecond.
        costs = self.keep_costs(page)
        self.assertGreater(len(costs), 10)
        self.assertLess(sorted(costs)[len(costs) // 2], 1, costs)
        page.reload()
        self.wait_for_lines(lambda l: l == lines, page=page)
        self.settled(page)
        self.assertEqual(self.kept(page)["id"], kept["id"])
        self.assertEqual(self.kept(page)["restored"], len(lines))
        self.assertEqual(self.page_state(page=page), self.replayed_state(script))
        self.assertEqual(page.eval_on_selector_all("#script li code", "els => els.map(e => e.textContent)"), lines)
        self.assertEqual(page.eval_on_selector("#speeds .on", "e => e.dataset.speed"), "0.25")
        self.assertIn("Your session is back (%d lines, kept in this browser)" % len(lines), self.status(page))
        self.assertTrue(page.is_hidden("#banner"))
        # New session, asked first, is Start afresh: an empty session, and nothing kept any more.
        page.click("#new-session")
        self.wait_for_banner(page, "Start a new, empty session? This one (%d lines)" % len(lines))
        self.assertTrue(page.is_visible("#start-afresh") and page.is_visible("#banner-download"))
        page.click("#start-afresh")
        self.wait_for_lines(lambda l: l == [], page=page)
        self.assertEqual(self.stored(page), {})
        page.reload()
        self.wait_for("true", page=page)
        self.assertEqual(self.lines(page), [])

    def test_a_drag_is_kept_within_a_quarter_second_not_at_every_move(self):
        # A move only amends the last line: it is written by a timer (250 ms), not in the frame of each of the 40
        # moves; hiding the tab writes what waits at once; the finger lifted is written at once.
        page = self.open(self.static_site().url)
        self.assertEqual(page.text_content("#kept"), "kept")

        def kept_lines():
            kept = self.kept(page)
            stored = self.stored(page)
            blocks = sorted((k for k in stored if k.startswith(kept["key"] + " ")), key=lambda k: int(k.split()[-1]))
            return [line for block in blocks for line in json.loads(stored[block])["lines"]]

        def last_kept_line():
            return (kept_lines() or [None])[-1]

        def while_down():
            writes, count = len(self.keep_costs(page)), len(self.lines(page))
            # 40 more moves over 0.4 s: a write for each line a move added (the drag's path simplified), about 2 by
            # the timer for the amendments, never one a move.
            sx, sy = self.at(200, MSG1_Y)
            scale = self.screen_box(0)["w"] / 320
            for i in range(1, 41):
                page.mouse.move(sx - (30 + i) * scale, sy)
                page.wait_for_timeout(10)
            moved, added = len(self.keep_costs(page)) - writes, len(self.lines(page)) - count
            self.assertLessEqual(moved, added + 3, "40 moves adding %d lines were written %d times" % (added, moved))
            page.wait_for_timeout(300)
            self.assertEqual(last_kept_line(), self.lines(page)[-1])
            # More moves at the same pace until one only amends the last line (the line not yet written), then the
            # tab hidden: the amendment is written then, not 250 ms later.
            for i in range(41, 61):
                page.mouse.move(sx - (30 + i) * scale, sy)
                page.wait_for_timeout(10)
                if last_kept_line() != self.lines(page)[-1]:
                    break
            self.assertNotEqual(last_kept_line(), self.lines(page)[-1], "no move left its amendment waiting")
            page.evaluate("Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
                          "document.dispatchEvent(new Event('visibilitychange'))")
            self.assertEqual(last_kept_line(), self.lines(page)[-1])
            page.evaluate("delete document.visibilityState")

        saved, self.page = self.page, page
        try:
            self.drag(200, MSG1_Y, -30, steps=6, while_down=while_down)
        finally:
            self.page = saved
        # The finger lifted: a new line, written in the same task.
        lines = self.wait_for_lines(lambda l: any(line.startswith("release") for line in l), page=page)
        release = [line for line in lines if line.startswith("release")]
        self.assertEqual([line for line in kept_lines() if line.startswith("release")], release)

    def kill_tab(self, page):
        """Kills the renderer of `page` as a killed tab dies, no handler of the page run: chrome://kill, which the
        browser answers by ending that tab's renderer process (the user's own way to do it). (SIGKILL to every renderer
        of the profile also killed the spare one Chromium keeps for the next tab, which was then sometimes born in a
        dead process; DevTools' Page.crash is never answered, so Playwright waits for ever.)"""
        with page.expect_event("crash"):
            try:
                page.goto("chrome://kill", timeout=5000)
            except Exception as e:  # the navigation ends with the page
                self.assertRegex(str(e), "(?i)crash|closed|abort", "chrome://kill failed otherwise")

    def test_a_killed_tab_and_a_closed_browser_bring_the_session_back_offline_too(self):
        # The tab's renderer killed right after a line (a finger still down: it is lifted where it was), then the
        # browser closed and opened again with the site's server gone: the session comes back each time.
        site = self.static_site()
        profile = os.path.join(self.dir, "profile")

        def launch():
            context = self.playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"],
                viewport={"width": 1280, "height": 900})
            context.add_init_script("window.mailsimWatchState = true;")
            return context
        context = launch()
        try:
            page = self.open(site.url, context)
            self.assertTrue(page.evaluate("navigator.serviceWorker.ready.then(() => true)"))
            deadline = time.monotonic() + 10
            while not page.evaluate("!!navigator.serviceWorker.controller"):
                self.assertLess(time.monotonic(), deadline, "the service worker took no control")
                page.wait_for_timeout(50)
            self.drag_on(page, 100, MSG1_Y + 86, 120)  # the second row archived
            self.wait_for("p['archive.count'] === 1 && !s.animating", page=page)
            lines = self.run_line(page, "pan msg1 -100")
            self.assertEqual(lines[-1], "pan msg1 -100")
            self.assertNotEqual(page.evaluate("mailsimPlayground.screen().gesture"), "none")  # the finger is down
            self.kill_tab(page)
            # A new tab: no tab holds the killed one's session, so it takes it.
            second = self.open(site.url, context)
            lines += ["release"]
            self.wait_for_lines(lambda l: l[:len(lines)] == lines, page=second)
            self.settled(second)
            self.run_line(second, "set threshold.near 70")
            lines = self.lines(second)
            state = self.page_state(page=second)
            self.assertEqual(state, self.replayed_state("\n".join(lines) + "\n"))
            context.close()
            site.stop()
            context = launch()
            context.set_offline(True)
            third = self.open(site.url, context)
            self.wait_for_lines(lambda l: l == lines, page=third)
            self.settled(third)
            self.assertEqual(self.page_state(page=third), state)
        finally:
            context.close()

    def test_two_tabs_keep_their_own_sessions_and_a_duplicate_takes_a_copy(self):
        site = self.static_site()
        one = self.open(site.url)
        self.run_line(one, "set threshold.near 70")
        # A second tab while the first is open: the first holds its session, so this one starts its own.
        two = self.open(site.url)
        self.assertEqual(self.lines(two), [])
        self.run_line(two, "set threshold.near 90")
        self.assertNotEqual(self.kept(one)["id"], self.kept(two)["id"])
        for page, line in ((one, "set threshold.near 70"), (two, "set threshold.near 90")):
            page.reload()
            self.wait_for_lines(lambda l: l == [line], page=page)
        # A tab the browser duplicates has tab one's sessionStorage, hence its id: it finds the lock taken and goes
        # on with a copy under an id of its own, which tab one never sees.
        first = self.kept(one)["id"]
        duplicate = self.context.new_page()
        duplicate.on("pageerror", lambda e: self.problems.append(str(e)))
        duplicate.add_init_script("if (!sessionStorage.getItem('copied')) { sessionStorage.setItem('copied', '1');"
                                  " sessionStorage.setItem('mailsim.tab /', %s); }" % json.dumps(first))
        duplicate.goto(site.url)
        self.wait_for_lines(lambda l: l == ["set threshold.near 70"], page=duplicate)
        self.assertNotEqual(self.kept(duplicate)["id"], first)
        self.run_line(duplicate, "set haptics on")
        one.reload()
        self.wait_for_lines(lambda l: l == ["set threshold.near 70"], page=one)
        self.assertEqual(self.kept(one)["id"], first)
        # Tab one closed: a new tab takes its session, the most recently changed one that no open tab holds.
        one.close()
        four = self.open(site.url)
        self.wait_for_lines(lambda l: l == ["set threshold.near 70"], page=four)
        self.assertEqual(self.kept(four)["id"], first)
        self.assertEqual(self.lines(two), ["set threshold.near 90"])
        self.assertEqual(self.lines(duplicate), ["set threshold.near 70", "set haptics on"])

    def test_without_web_locks_two_tabs_on_one_id_never_write_over_each_other(self):
        # An insecure origin or an old browser has no navigator.locks: a duplicated tab is not seen at its start, but
        # whichever of the two writes second finds the session changed and goes on under an id of its own (here the
        # first tab: the duplicate wrote the session it restored).
        context = self.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script("Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });")
        site = self.static_site()
        one = self.open(site.url, context)
        self.assertIsNone(one.evaluate("navigator.locks"))
        self.run_line(one, "set threshold.near 70")
        first = self.kept(one)["id"]
        duplicate = context.new_page()
        duplicate.on("pageerror", lambda e: self.problems.append(str(e)))
        duplicate.add_init_script("if (!sessionStorage.getItem('copied')) { sessionStorage.setItem('copied', '1');"
                                  " sessionStorage.setItem('mailsim.tab /', %s); }" % json.dumps(first))
        duplicate.goto(site.url)
        self.wait_for_lines(lambda l: l == ["set threshold.near 70"], page=duplicate)
        self.run_line(one, "set threshold.far 150")
        self.run_line(duplicate, "set haptics on")
        ids = {self.kept(one)["id"], self.kept(duplicate)["id"]}
        self.assertEqual(len(ids), 2)
        self.assertIn(first, ids)
        for page, lines in ((one, ["set threshold.near 70", "set threshold.far 150"]),
                            (duplicate, ["set threshold.near 70", "set haptics on"])):
            page.reload()
            self.wait_for_lines(lambda l: l == lines, page=page)
        # Without locks a new tab adopts nothing (a live tab's session could not be told from a closed one's).
        self.assertEqual(self.lines(self.open(site.url, context)), [])
        context.close()

    def test_storage_refused_full_corrupt_or_of_another_format_is_said_and_the_session_goes_on(self):
        site = self.static_site()

        def page_with(script):
            context = self.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
            context.add_init_script(script)
            return context, self.open(site.url, context)

        # Refused (cookies blocked, some private modes): said, and the page works unkept.
        context, page = page_with("Object.defineProperty(window, 'localStorage', { get() {"
                                  " throw new DOMException('The operation is insecure.', 'SecurityError'); } });")
        self.assertIn("This browser keeps nothing for this page (SecurityError)", self.status(page))
        self.assertEqual(page.text_content("#kept"), "not kept")
        self.assertEqual(self.kept(page)["why"], "refused")
        self.drag_on(page, 100, MSG1_Y, 120)
        self.wait_for("p['archive.count'] === 1 && !s.animating", page=page)
        context.close()

        # Full: the write that does not fit is said; the record is dropped (half of it would not read back).
        context, page = page_with(
            "const set = Storage.prototype.setItem; Storage.prototype.setItem = function (k, v) {"
            " if (window.mailsimFull && String(k).startsWith('mailsim.session'))"
            " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');"
            " return set.call(this, k, v); };")
        self.run_line(page, "set threshold.near 70")
        self.assertEqual(len(self.stored(page)), 2)  # the head and one block
        page.evaluate("window.mailsimFull = true")
        self.run_line(page, "set threshold.far 150")
        self.assertIn("The browser's storage for this page is full", self.status(page))
        self.assertEqual(self.kept(page)["why"], "full")
        self.assertEqual(self.stored(page), {})
        self.assertEqual(self.run_line(page, "set haptics on"),
                         ["set threshold.near 70", "set threshold.far 150", "set haptics on"])
        context.close()

        # Corrupt: this tab's record does not read; it is left as it is until New session clears it.
        preset = ("if (!sessionStorage.getItem('mailsim.tab /')) { sessionStorage.setItem('mailsim.tab /', 't1');"
                  " localStorage.setItem(%s, %s); }")
        context, page = page_with(preset % (json.dumps("mailsim.session.1 / t1"), json.dumps("{not json")))
        self.assertIn("The session kept in this browser for this tab could not be read", self.status(page))
        self.assertEqual(self.kept(page)["why"], "corrupt")
        self.run_line(page, "set threshold.near 70")
        self.assertEqual(self.stored(page), {"mailsim.session.1 / t1": "{not json"})
        page.click("#new-session")
        self.wait_for_banner(page, "Start a new, empty session?")
        page.click("#start-afresh")
        self.wait_for_lines(lambda l: l == [], page=page)
        self.run_line(page, "set threshold.far 150")
        kept = self.kept(page)
        self.assertTrue(kept["kept"], kept)
        self.assertEqual(sorted(self.stored(page)), [kept["key"], kept["key"] + " 0"])
        context.close()

        # Another format's record (a newer or older playground on the same site): said, never written over.
        other = json.dumps({"format": 2, "lines": ["set threshold.near 90"]})
        context, page = page_with(preset % (json.dumps("mailsim.session.2 / t1"), json.dumps(other)))
        self.assertIn("kept by another version of the playground (storage format 2)", self.status(page))
        self.assertEqual(self.kept(page)["why"], "format")
        self.run_line(page, "set threshold.near 70")
        self.assertEqual(self.stored(page), {"mailsim.session.2 / t1": other})
        page.click("#new-session")
        page.click("#start-afresh")
        self.wait_for_lines(lambda l: l == [], page=page)
        self.run_line(page, "set threshold.far 150")
        kept = self.kept(page)
        self.assertTrue(kept["kept"] and kept["id"] != "t1", kept)
        self.assertEqual(self.stored(page)["mailsim.session.2 / t1"], other)
        context.close()

    def test_a_kept_session_too_long_to_load_is_offered_for_download_on_reopen(self):
        # 45 pins (about 90 expect lines each) pass the 64 KiB a load takes: the session is kept all the same (in
        # blocks: a drag still writes one block, however long the session), and a reload says it cannot come back.
        page = self.open(self.static_site().url, self.new_context(viewport={"width": 1440, "height": 900},
                                                                  accept_downloads=True))
        for _ in range(45):
            page.click("#pin")
        self.wait_for_lines(lambda l: len(l) >= 45 * 80, page=page, timeout=30)
        before = len(self.keep_costs(page))
        self.drag_on(page, 100, MSG1_Y, 120, seconds=0.5, steps=30)
        self.wait_for("p['archive.count'] === 1 && !s.animating", page=page)
        costs = self.keep_costs(page)[before:]
        self.assertGreater(len(costs), 10)
        self.assertLess(sorted(costs)[len(costs) // 2], 1, costs)
        script = page.evaluate("mailsimPlayground.script()")
        self.assertGreater(len(script.encode()), 64 * 1024)
        page.reload()
        said = self.wait_for_banner(page, "The session kept in this browser cannot be restored")
        self.assertIn("is longer than a reopened page can load (10000 lines, 64 KiB)", said)
        self.assertTrue(page.is_visible("#banner-download") and page.is_visible("#start-afresh"))
        with page.expect_download() as download:
            page.click("#banner-download")
        with open(download.value.path()) as f:
            self.assertEqual(f.read(), script)
        # Still kept until Start afresh drops it.
        page.reload()
        self.wait_for_banner(page, "The session kept in this browser cannot be restored")
        page.click("#start-afresh")
        self.wait_for_lines(lambda l: l == [], page=page)
        self.assertTrue(page.is_hidden("#banner"))
        self.assertEqual(self.stored(page), {})
        page.context.close()


    def test_the_servers_session_is_kept_and_restored_too(self):
        page = self.open(self.server.url + SERVER_SESSION)
        self.assertEqual(page.evaluate("mailsimPlayground.runs()"), "server")
        self.run_line(page, "set threshold.near 70")
        self.drag_on(page, 100, MSG1_Y, 120)
        self.wait_for("p['archive.count'] === 1 && !s.animating", page=page)
        lines = self.wait_for_lines(lambda l: l[-1:] and l[-1].startswith("advance"), page=page)
        page.reload()
        self.wait_for_lines(lambda l: l == lines, page=page)
        self.settled(page)
        self.assertEqual(page.evaluate("mailsimPlayground.runs()"), "server")
        self.assertEqual(page.text_content("#conn"), "connected")
        self.assertEqual(self.page_state(page=page), self.replayed_state("\n".join(lines) + "\n"))
        self.assertEqual(page.eval_on_selector('.param[data-name="threshold.near"] input[type=range]', "e => e.value"), "70")

    # ---- links (docs/playground.md, "Kept in the browser": a `#script=` link wins)

    def test_a_link_wins_over_the_kept_session_which_stays_for_a_new_tab(self):
        site = self.static_site()
        one = self.open(site.url)
        self.run_line(one, "set threshold.near 70")
        link = site.url + "#script=" + quote("set threshold.far 150\nreset\n", safe="")
        two = self.open(link)
        self.wait_for_lines(lambda l: l == ["set threshold.far 150", "reset"], page=two)
        # The status line says the link's session is open (not "Loading…" left behind); the link is out of the
        # address, so a reload brings back the tab's kept session, not the link again.
        self.assertEqual(self.status(two), "The link's session is open (2 lines).")
        self.assertEqual(two.url, site.url)
        self.run_line(two, "set haptics on")
        two.reload()
        self.wait_for_lines(lambda l: l == ["set threshold.far 150", "reset", "set haptics on"], page=two)
        # Tab one's session was not touched: closed, a new tab brings it back.
        one.close()
        three = self.open(site.url)
        self.wait_for_lines(lambda l: l == ["set threshold.near 70"], page=three)
        # A link refused says so.
        four = self.open(site.url + "#script=" + quote("nonsense\n", safe=""))
        deadline = time.monotonic() + 8
        while "could not be opened" not in self.status(four):
            self.assertLess(time.monotonic(), deadline, "the refused link was not said: %r" % self.status(four))
            four.wait_for_timeout(20)
        self.assertIn("The link's session could not be opened: ", self.status(four))
        self.assertEqual(self.lines(four), [])

    def test_a_long_script_shows_its_newest_lines_and_earlier_ones_on_request(self):
        # The pane holds the newest 100 lines (a list of thousands was laid out and painted again in every frame a
        # line changed: 14 frames a second at 4x throttling with 6,000), each numbered as in the file; "Show
        # earlier lines" adds 100 more at a time; the script itself is whole.
        site = self.static_site()
        lines = ["advance 0.%d" % (n % 9 + 1) for n in range(250)] + ["set threshold.near 70"]
        page = self.open(site.url + "#script=" + quote("\n".join(lines) + "\n", safe=""))
        self.wait_for_lines(lambda l: l == lines, page=page)

        def shown():
            return page.evaluate("""() => { const ol = document.getElementById('script');
              return { start: Number(ol.firstElementChild.dataset.line), count: ol.children.length,
                       first: ol.firstElementChild.textContent, last: ol.lastElementChild.textContent,
                       earlier: document.getElementById('script-earlier').hidden ? null
                         : document.getElementById('script-earlier').textContent }; }""")

        self.assertEqual(shown(), {"start": 152, "count": 100, "first": lines[151], "last": lines[-1],
                                   "earlier": "Show 100 earlier lines (151 not shown; Download has all)"})
        self.run_line(page, "set haptics on")
        self.assertEqual(shown(), {"start": 153, "count": 100, "first": lines[152], "last": "set haptics on",
                                   "earlier": "Show 100 earlier lines (152 not shown; Download has all)"})
        page.click("#script-earlier")
        self.assertEqual(shown(), {"start": 53, "count": 200, "first": lines[52], "last": "set haptics on",
                                   "earlier": "Show the 52 earlier lines"})
        page.click("#script-earlier")
        self.assertEqual(shown(), {"start": 1, "count": 252, "first": lines[0], "last": "set haptics on",
                                   "earlier": None})
        self.assertEqual(self.lines(page), lines + ["set haptics on"])
        # A drag's lines come at the end of all that is shown.
        self.run_line(page, "pan msg1 -30")
        self.assertEqual(shown()["count"], 253)
        self.assertEqual(page.evaluate("mailsimPlayground.script()").count("\n"), 253)

    def test_a_link_opened_in_a_tab_that_shows_the_playground_asks_before_replacing(self):
        site = self.static_site()
        page = self.open(site.url)
        # An empty session: the link opens at once.
        page.evaluate("(t) => { location.hash = '#script=' + encodeURIComponent(t); }", "set threshold.near 70\n")
        self.wait_for_lines(lambda l: l == ["set threshold.near 70"], page=page)
        self.assertTrue(page.is_hidden("#banner"))
        self.assertEqual(page.url, site.url)
        mine = self.run_line(page, "set threshold.far 150")
        # A session of the tab's own: the banner asks; Download keeps it, Keep this session changes nothing.
        page.evaluate("(t) => { location.hash = '#script=' + encodeURIComponent(t); }", "reset\n")
        said = self.wait_for_banner(page, "Open the link's session (1 line)?")
        self.assertIn("This tab's session (2 lines) is replaced: Download keeps it.", said)
        self.assertTrue(page.is_visible("#banner-open") and page.is_visible("#banner-cancel"))
        saved, self.page = self.page, page
        try:
            with open(self.download("#banner-download")) as f:
                self.assertEqual(f.read(), "\n".join(mine) + "\n")
        finally:
            self.page = saved
        page.click("#banner-cancel")
        self.assertTrue(page.is_hidden("#banner"))
        self.assertEqual(self.lines(page), mine)
        self.assertEqual(page.url, site.url)
        page.evaluate("(t) => { location.hash = '#script=' + encodeURIComponent(t); }", "reset\n")
        self.wait_for_banner(page, "Open the link's session (1 line)?")
        page.click("#banner-open")
        self.wait_for_lines(lambda l: l == ["reset"], page=page)
        self.assertEqual(self.status(page), "The link's session is open (1 line).")
        page.reload()
        self.wait_for_lines(lambda l: l == ["reset"], page=page)


if __name__ == "__main__":
    unittest.main(verbosity=2)
