#!/usr/bin/env python3
"""The walkthrough made in the page (docs/playground.md, "Recording in the page"), against `mailsim record`.

make site's folder behind a plain static server (no mailsim server anywhere), opened in headless Chromium on a
390 × 844 touch viewport. Each script is opened from a link, recorded with the page's Record, and its GIF, its HTML
player and its script are downloaded; `mailsim record` then records the downloaded script natively, and:

- the HTML players are the same bytes;
- the GIFs have the same size, the same number of frames and the same delays; every pixel of the flat regions
  (where the native frame is one colour 5 × 5 pixels around: the revealed colours, the overlays, the bars) within
  3 per channel; and the 99th percentile of all pixels' largest channel difference within 16 (text is drawn by
  the browser's font rasterizer, not cairo's: the figures are printed, for docs/playground.md).

Also: a `record` line at the prompt records a range of lines; the recording runs off the main thread (a line typed
meanwhile is answered at once; a frame holds the page's thread for its drawing alone) and Cancel stops it; Share
hands the GIF to the system's share sheet.

    python3 Tests/playground/test_record.py MAILSIM
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.parse

from checklist import wait_for_port  # noqa: F401 (StaticSite's wait)
from watched import WatchedTestCase

MAILSIM = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else ".build/debug/mailsim")
SITE = os.path.abspath(os.environ.get("MAILSIM_SITE", ".build/site"))
REQUIRED = os.environ.get("MAILSIM_REQUIRE_CHROMIUM") == "1"
CHROMIUM = shutil.which("chromium")
# Where to keep each recording's two GIFs (the page's and mailsim record's), to look at: MAILSIM_RECORD_ARTEFACTS.
ARTEFACTS = os.environ.get("MAILSIM_RECORD_ARTEFACTS")

try:
    from playwright.sync_api import sync_playwright
    from PIL import Image, ImageChops, ImageFilter
    MISSING = None
except ImportError as e:
    MISSING = str(e)

from test_browser import close_chromium_on_site, open_chromium_on_site  # noqa: E402

# The scripts recorded: a swipe to archive (the list closing up), the menu opened from the edge, the list overlay
# over a dimmed screen, and a tour of reschedule and compose.
SCRIPTS = {
    "archive": "advance 0.3\npan msg1 120 in 0.2\nrelease\nadvance 0.8\n",
    "menu": "advance 0.2\nedgepan 200\nrelease\nadvance 0.6\n",
    "list": "pan msg1 -280 in 0.3\nrelease\nadvance 1\nexpect overlay == list\n",
    "compose": "compose\nadvance 0.6\ntype Hi\nadvance 0.2\n",
}

# Flat regions: within this of the native pixel in every channel; all pixels: the 99th percentile within P99.
FLAT = 3
P99 = 16


def frames(path):
    """The GIF's frames as RGB images, and each frame's delay in milliseconds."""
    out, delays = [], []
    with Image.open(path) as gif:
        for k in range(gif.n_frames):
            gif.seek(k)
            delays.append(gif.info.get("duration"))
            out.append(gif.convert("RGB"))
        return out, delays, gif.size


def flat_mask(image):
    """255 where the 5 × 5 square around a pixel is one colour, else 0."""
    spread = ImageChops.difference(image.filter(ImageFilter.MaxFilter(5)), image.filter(ImageFilter.MinFilter(5)))
    r, g, b = spread.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v == 0 else 0)


def differences(page, native):
    """(the largest channel difference over the flat regions, the 99th percentile of every pixel's largest channel
    difference, the flat pixels' count, how many pixels flat in the native frame alone differ by more than FLAT).

    A flat region is where both frames are one colour 5 × 5 pixels around: the fills (the revealed colours, the
    overlays, the bars, the rows' white). Where only the native frame is flat, the browser's glyphs reach a pixel
    further than cairo's (its hinting): those pixels are counted, and bounded apart."""
    diff = ImageChops.difference(page, native)
    r, g, b = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    native_flat = flat_mask(native)
    flat = ImageChops.multiply(native_flat, flat_mask(page))
    flat_worst = ImageChops.multiply(worst, flat).getextrema()[1]
    bleeding = ImageChops.multiply(worst.point(lambda v: 255 if v > FLAT else 0), native_flat).histogram()[255]
    histogram = worst.histogram()
    total, seen, p99 = sum(histogram), 0, 0
    for value, count in enumerate(histogram):
        seen += count
        if seen >= 0.99 * total:
            p99 = value
            break
    return flat_worst, p99, flat.histogram()[255], bleeding


@unittest.skipUnless(REQUIRED or (CHROMIUM and not MISSING),
                     "chromium, Playwright or Pillow is missing (tools/browser-tests.sh installs them)")
class RecordInChromium(WatchedTestCase):
    @classmethod
    def setUpClass(cls):
        open_chromium_on_site(cls, SITE, MISSING)
        cls.figures = []

    @classmethod
    def tearDownClass(cls):
        close_chromium_on_site(cls)
        for name, flat, p99, flats, bleeding, pixels, count, seconds, draw50, draw_max in cls.figures:
            print("record: %-26s flat regions within %d (at least %d of %d pixels), p99 %d; %d pixels of glyphs "
                  "past cairo's; %d frames in %.2f s, a frame drawn in %.1f ms (p50), %.1f ms (most)"
                  % (name, flat, flats, pixels, p99, bleeding, count, seconds, draw50, draw_max))

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="mailsim-record-")
        self.context = self.browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, accept_downloads=True,
            service_workers="block")
        self.problems = []
        self.page = None

    def tearDown(self):
        self.context.close()
        shutil.rmtree(self.dir, ignore_errors=True)
        self.assertEqual(self.problems, [], "the page had errors")

    def open(self, script):
        page = self.context.new_page()
        page.on("pageerror", lambda e: self.problems.append(str(e)))
        page.goto(self.site.url + "#script=" + urllib.parse.quote(script))
        page.wait_for_function("() => window.mailsimPlayground && mailsimPlayground.runs() === 'page'"
                               " && mailsimPlayground.lines().length > 0", timeout=20000)
        self.page = page
        return page

    def recording(self):
        return self.page.evaluate("mailsimPlayground.recording()")

    def wait_recorded(self, timeout=120000):
        self.page.wait_for_function("() => ['done', 'failed', 'cancelled'].includes(mailsimPlayground.recording().state)",
                                    timeout=timeout, polling=50)
        state = self.recording()
        self.assertEqual(state["state"], "done", state)
        return state

    def download(self, selector, name):
        with self.page.expect_download() as download:
            self.page.click(selector)
        path = os.path.join(self.dir, name)
        download.value.save_as(path)
        return path

    def record_in_page(self, scale, speed):
        self.page.click("#record-open")
        self.page.select_option("#record-scale", str(scale))
        self.page.select_option("#record-speed", str(speed))
        self.page.click("#record-start")
        return self.wait_recorded()

    def native(self, script_path, out, scale, speed):
        done = subprocess.run([MAILSIM, "record", os.path.basename(script_path), "-o", out, "--scale", str(scale),
                               "--speed", str(speed)], cwd=self.dir, capture_output=True, text=True, timeout=120)
        self.assertIn(done.returncode, (0, 1), done.stdout + done.stderr)
        return os.path.join(self.dir, out)

    def compare(self, name, scale, speed):
        self.open(SCRIPTS[name])
        state = self.record_in_page(scale, speed)
        gif = self.download("#record-gif", "page.gif")
        player = self.download("#record-player", "page.html")
        script = self.download("#download", "playground.mbs")
        with open(script) as f:
            self.assertEqual(f.read(), SCRIPTS[name])
        with open(player, "rb") as f, open(self.native(script, "native.html", scale, speed), "rb") as g:
            self.assertEqual(f.read(), g.read(), "the page's player is not mailsim record's")
        native_gif = self.native(script, "native.gif", scale, speed)
        if ARTEFACTS:
            os.makedirs(ARTEFACTS, exist_ok=True)
            shutil.copy(gif, os.path.join(ARTEFACTS, name + "-page.gif"))
            shutil.copy(native_gif, os.path.join(ARTEFACTS, name + "-native.gif"))
        page_frames, page_delays, page_size = frames(gif)
        native_frames, native_delays, native_size = frames(native_gif)
        self.assertEqual(page_size, native_size)
        self.assertEqual((state["width"], state["height"]), native_size)
        self.assertEqual(len(page_frames), len(native_frames))
        self.assertEqual(page_delays, native_delays)
        worst_flat, worst_p99, fewest_flats, most_bleeding = 0, 0, None, 0
        pixels = native_size[0] * native_size[1]
        for k, (p, n) in enumerate(zip(page_frames, native_frames)):
            flat, p99, flats, bleeding = differences(p, n)
            self.assertLessEqual(flat, FLAT, "%s frame %d: a flat region differs by %d" % (name, k, flat))
            self.assertLessEqual(p99, P99, "%s frame %d: p99 %d" % (name, k, p99))
            self.assertGreater(flats, pixels // 3, "most of a frame is flat")
            self.assertLess(bleeding, pixels // 1000, "%s frame %d: %d pixels flat natively differ" % (name, k, bleeding))
            worst_flat, worst_p99 = max(worst_flat, flat), max(worst_p99, p99)
            fewest_flats = flats if fewest_flats is None else min(fewest_flats, flats)
            most_bleeding = max(most_bleeding, bleeding)
        draws = sorted(state["drawMs"])
        self.figures.append(("%s at %d×, speed %s" % (name, scale, speed), worst_flat, worst_p99, fewest_flats,
                             most_bleeding, pixels, len(page_frames), state["seconds"], draws[len(draws) // 2],
                             draws[-1]))

    def test_an_archive_swipe_is_mailsim_records_walkthrough(self):
        self.compare("archive", 2, 1)

    def test_the_menu_at_one_pixel_a_point(self):
        self.compare("menu", 1, 1)

    def test_the_list_overlay_in_slow_motion(self):
        self.compare("list", 2, 0.25)

    def test_compose_and_its_keyboard(self):
        self.compare("compose", 2, 1)

    def test_a_record_line_records_a_range_of_lines(self):
        self.open(SCRIPTS["archive"] + SCRIPTS["menu"])
        self.page.fill("#command-line", "record 5-8 --scale 1")
        self.page.press("#command-line", "Enter")
        state = self.wait_recorded()
        self.assertEqual(state["width"], 320)
        player = self.download("#record-player", "range.html")
        with open(player) as f:
            html = f.read()
        for n in (5, 6, 7, 8):
            self.assertIn('<li id="L%d" value="%d">' % (n, n), html)
        for n in (1, 4):
            self.assertNotIn('<li id="L%d"' % n, html)
        # Lines 5-8 (advance 0.2, edgepan 200 over its 0.3 s, release, advance 0.6) take 1.1 s: 34 frames (0 … 1.1 s).
        self.assertEqual(state["frames"], 34)
        # A range past the script's end is refused with words, and records nothing.
        self.page.fill("#command-line", "record 5-40")
        self.page.press("#command-line", "Enter")
        self.page.wait_for_function("document.getElementById('report').textContent.includes('past its end')")

    def test_recording_leaves_the_page_responsive_and_cancel_stops_it(self):
        self.open("advance 0.2\npan msg1 120 in 0.2\nrelease\nadvance 30\n")
        self.page.click("#record-open")
        self.page.click("#record-start")
        self.page.wait_for_function("mailsimPlayground.recording().added >= 30", timeout=60000, polling=50)
        # The page answers meanwhile: a line typed runs, and its answer comes back at once.
        self.page.fill("#command-line", "state")
        self.page.press("#command-line", "Enter")
        self.page.wait_for_function("document.getElementById('report').textContent.includes('inbox')", timeout=2000)
        self.assertTrue(self.page.is_visible("#record-progress"))
        self.page.click("#record-cancel")
        state = self.recording()
        self.assertEqual(state["state"], "cancelled")
        self.assertLess(state["added"], state["frames"])
        self.assertTrue(self.page.is_hidden("#record-progress"))
        self.page.wait_for_timeout(300)
        self.assertEqual(self.recording()["added"], state["added"], "the worker went on after Cancel")
        # What a frame holds the page's thread for (drawing the decoded SVG on the canvas and reading it back): the
        # playing and the coding are the worker's.
        held = sorted(state["heldMs"])
        print("record: a 2× frame holds the page's thread %.1f ms (p50), %.1f ms (most), over %d frames"
              % (held[len(held) // 2], held[-1], len(held)))
        self.assertLess(held[len(held) // 2], 25, held)

    def test_share_hands_the_gif_to_the_share_sheet(self):
        self.context.add_init_script("""
            window.sharedFiles = [];
            navigator.canShare = (data) => !!(data && data.files && data.files.every((f) => f.type === "image/gif"));
            navigator.share = (data) => {
              window.sharedFiles = data.files.map((f) => ({ name: f.name, type: f.type, size: f.size }));
              return Promise.resolve();
            };
        """)
        self.open(SCRIPTS["menu"])
        state = self.record_in_page(1, 1)
        self.assertTrue(self.page.is_visible("#record-share"))
        self.page.click("#record-share")
        self.page.wait_for_function("window.sharedFiles.length === 1")
        shared = self.page.evaluate("window.sharedFiles[0]")
        self.assertEqual(shared, {"name": "playground.gif", "type": "image/gif", "size": state["bytes"]})

    def test_without_a_share_sheet_the_gif_is_downloaded(self):
        self.context.add_init_script("delete Navigator.prototype.share; delete Navigator.prototype.canShare;")
        self.open(SCRIPTS["menu"])
        self.record_in_page(1, 1)
        self.assertTrue(self.page.is_hidden("#record-share"))
        path = self.download("#record-gif", "menu.gif")
        with Image.open(path) as gif:
            self.assertEqual(gif.format, "GIF")
            self.assertEqual(gif.size[0], 320)


if __name__ == "__main__":
    unittest.main(verbosity=2)
