#!/usr/bin/env python3
"""A walkthrough GIF graded in the page (docs/grade.md, "In the page"), against `mailsim grade`.

make site's folder behind a plain static server (no mailsim server anywhere), opened in headless Chromium. Each
walkthrough is recorded natively (`mailsim record`, from the calibration scripts of Tests/Fixtures/grade), given to
the page (chosen with the file input, or dropped on the page with its README), graded there by the browser's
ImageDecoder and the module, and:

- the page's verdicts are `mailsim grade --json`'s object for the same file, member for member (the README's
  claims too);
- its evidence page is the bytes `mailsim grade --report` writes;
- a file that is not a GIF the page grades (a PNG renamed, a video, a truncated GIF, a 65,535 × 65,535 screen) is
  refused in grade's words, and the page goes on;
- on a phone the verdicts fit its width.

    python3 Tests/playground/test_grade.py MAILSIM
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from checklist import wait_for_port  # noqa: F401 (StaticSite's wait)
from watched import WatchedTestCase

MAILSIM = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else ".build/debug/mailsim")
SITE = os.path.abspath(os.environ.get("MAILSIM_SITE", ".build/site"))
REQUIRED = os.environ.get("MAILSIM_REQUIRE_CHROMIUM") == "1"
CHROMIUM = shutil.which("chromium")
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "grade")

try:
    from playwright.sync_api import sync_playwright
    MISSING = None
except ImportError as e:
    MISSING = str(e)

from test_browser import close_chromium_on_site, open_chromium_on_site  # noqa: E402

README = """# Project 3 - Mailbox

- [x] Required: On dragging the message left...
- [x] Initially, the revealed background color should be gray.
- [x] After 60 pts, the later icon should start moving with the translation and the background should change to yellow.
- [x] Optional: Panning from the edge should reveal the menu
- [x] Optional: Shake to undo.
"""


@unittest.skipUnless(REQUIRED or (CHROMIUM and not MISSING),
                     "chromium or Playwright is missing (tools/browser-tests.sh installs them)")
class GradeInChromium(WatchedTestCase):
    @classmethod
    def setUpClass(cls):
        open_chromium_on_site(cls, SITE, MISSING)
        cls.dir = tempfile.mkdtemp(prefix="mailsim-grade-")
        cls.figures = []

    @classmethod
    def tearDownClass(cls):
        close_chromium_on_site(cls)
        shutil.rmtree(cls.dir, ignore_errors=True)
        for name, frames, size, seconds in cls.figures:
            print("grade: %-34s %4d frames of %s graded in the page in %.2f s" % (name, frames, size, seconds))

    def setUp(self):
        self.context = self.browser.new_context(
            viewport={"width": 1280, "height": 900}, accept_downloads=True, service_workers="block")
        self.problems = []
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.problems.append(str(e)))
        self.page.goto(self.site.url)
        self.page.wait_for_function("() => window.mailsimPlayground && mailsimPlayground.runs() === 'page'",
                                    timeout=20000)

    def tearDown(self):
        self.context.close()
        self.assertEqual(self.problems, [], "the page had errors")

    def record(self, script, fps, scale):
        """`mailsim record` of a calibration script: the GIF's path."""
        out = "%s-%dfps-x%d.gif" % (script, fps, scale)
        done = subprocess.run([MAILSIM, "record", os.path.join(FIXTURES, script + ".mbs"), "-o", out, "--fps",
                               str(fps), "--scale", str(scale)], cwd=self.dir, capture_output=True, text=True,
                              timeout=300)
        self.assertIn(done.returncode, (0, 1), done.stdout + done.stderr)
        return os.path.join(self.dir, out)

    def native(self, *arguments):
        """`mailsim grade` run in the folder of the files (so that it names them as the page does)."""
        return subprocess.run([MAILSIM, "grade", *arguments], cwd=self.dir, capture_output=True, text=True,
                              timeout=300)

    def grading(self):
        return self.page.evaluate("mailsimPlayground.grading()")

    def wait_graded(self, timeout=120000):
        self.page.wait_for_function("() => ['done', 'failed', 'cancelled'].includes(mailsimPlayground.grading().state)",
                                    timeout=timeout, polling=50)
        return self.grading()

    def choose(self, *paths):
        self.page.click("#grade-open")
        self.page.set_input_files("#grade-file", list(paths))

    def drop(self, *paths):
        """Drops the files on the page as a person drags them from a file manager."""
        files = []
        for path in paths:
            with open(path, "rb") as f:
                files.append({"name": os.path.basename(path), "bytes": list(f.read())})
        self.page.evaluate("""files => {
            const transfer = new DataTransfer();
            for (const f of files) transfer.items.add(new File([new Uint8Array(f.bytes)], f.name));
            const over = new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true });
            document.querySelector("main").dispatchEvent(over);
            if (!over.defaultPrevented) throw new Error("the page does not take a dragged file");
            document.querySelector("main").dispatchEvent(
                new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }""", files)

    def test_the_verdicts_are_mailsim_grades_for_the_same_gif(self):
        for script, fps, scale in [("every-story", 7, 1), ("short-of-the-thresholds", 10, 1),
                                   ("screen-stories", 5, 2)]:
            with self.subTest(script=script, fps=fps, scale=scale):
                gif = self.record(script, fps, scale)
                self.choose(gif)
                state = self.wait_graded()
                self.assertEqual(state["state"], "done", state)
                native = self.native("--json", os.path.basename(gif))
                self.assertIn(native.returncode, (0, 1), native.stderr)
                expected = json.loads(native.stdout)
                self.assertEqual(state["report"], expected)
                # A real grading: the stories each script performs are seen, in the page as natively.
                self.assertTrue(any(s["seen"] is True for s in expected["stories"].values()), expected)
                shown = self.page.evaluate("""() => Array.from(document.querySelectorAll('#grade-stories tr'))
                    .map(tr => [tr.querySelector('.story').textContent, tr.querySelector('.verdict').textContent])""")
                self.assertEqual(len(shown), len(expected["stories"]))
                for (label, verdict), (story, found) in zip(shown, expected["stories"].items()):
                    self.assertTrue(label.startswith(story), (label, story))
                    self.assertEqual(verdict, {True: "seen", False: "not seen", None: "unsure"}[found["seen"]])
                summary = self.page.text_content("#grade-summary")
                self.assertTrue(summary.startswith("PASS" if native.returncode == 0 else "FAIL"), summary)
                self.figures.append((os.path.basename(gif), state["frames"], "%d × %d" % (
                    expected["screen"]["width"], expected["screen"]["height"]), state["seconds"]))

    def test_a_gif_dropped_with_its_readme_lists_the_claims_and_the_evidence_page_is_grades(self):
        gif = self.record("reschedule-only", 7, 1)
        readme = os.path.join(self.dir, "README.md")
        with open(readme, "w") as f:
            f.write(README)
        self.drop(gif, readme)
        state = self.wait_graded()
        self.assertEqual(state["state"], "done", state)
        report = os.path.join(self.dir, "native-evidence.html")
        native = self.native("--json", "--readme", "README.md", "--report", report, os.path.basename(gif))
        expected = json.loads(native.stdout)
        self.assertEqual(state["report"], expected)
        self.assertIn("menu", expected["readme"]["claimedNotShown"])
        self.assertIn("claimed, not shown: ", self.page.text_content("#grade-readme"))
        with self.page.expect_download() as download:
            self.page.click("#grade-page")
        path = os.path.join(self.dir, "page-evidence.html")
        download.value.save_as(path)
        self.assertEqual(download.value.suggested_filename, "reschedule-only-7fps-x1-evidence.html")
        with open(path, "rb") as f, open(report, "rb") as g:
            self.assertEqual(f.read(), g.read(), "the page's evidence page is not mailsim grade --report's")

    def test_a_file_the_page_does_not_grade_is_refused_in_grades_words(self):
        gif = self.record("reschedule-only", 4, 1)
        with open(gif, "rb") as f:
            whole = f.read()
        cases = []
        png = os.path.join(self.dir, "renamed.gif")
        with open(png, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + bytes(64))
        cases.append((png, "PNG"))
        huge = os.path.join(self.dir, "huge.gif")
        with open(huge, "wb") as f:
            f.write(whole[:6] + b"\xff\xff\xff\xff" + whole[10:])
        cases.append((huge, "the picture is 65,535 × 65,535 pixels"))
        video = os.path.join(self.dir, "screen.mp4")
        with open(video, "wb") as f:
            f.write(b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00" + bytes(64))
        cases.append((video, "graded by `mailsim grade FILE`"))
        truncated = os.path.join(self.dir, "truncated.gif")
        with open(truncated, "wb") as f:
            f.write(whole[:len(whole) // 2])
        cases.append((truncated, None))
        for path, words in cases:
            with self.subTest(file=os.path.basename(path)):
                self.choose(path)
                state = self.wait_graded()
                self.assertEqual(state["state"], "failed", state)
                native = self.native(os.path.basename(path))
                self.assertEqual(native.returncode, 2, native.stderr)
                if words:
                    self.assertIn(words, state["message"])
                    if path != video:
                        self.assertIn(state["message"], native.stderr)
                else:
                    self.assertTrue(state["message"], state)
        # The page goes on: a good GIF after the refusals is graded.
        self.choose(gif)
        self.assertEqual(self.wait_graded()["state"], "done")

    def test_the_verdicts_fit_a_phone(self):
        # On a 390 × 844 phone the stories are laid out two lines each: the page does not scroll sideways.
        gif = self.record("reschedule-only", 4, 1)
        phone = self.browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                         service_workers="block")
        try:
            self.page = phone.new_page()
            self.page.on("pageerror", lambda e: self.problems.append(str(e)))
            self.page.goto(self.site.url)
            self.page.wait_for_function("() => window.mailsimPlayground && mailsimPlayground.runs() === 'page'",
                                        timeout=20000)
            self.choose(gif)
            self.assertEqual(self.wait_graded()["state"], "done")
            self.assertEqual(self.page.evaluate("document.documentElement.scrollWidth"),
                             self.page.evaluate("document.documentElement.clientWidth"))
            self.assertTrue(self.page.is_visible("#grade-page"))
        finally:
            phone.close()

    def test_cancel_stops_a_grading_and_the_page_answers_meanwhile(self):
        gif = self.record("every-story", 20, 2)
        self.choose(gif)
        self.page.wait_for_function("() => mailsimPlayground.grading().read > 0", timeout=60000, polling=20)
        # The page's thread is free while the worker grades: a line typed is answered at once.
        self.page.fill("#command-line", "advance 0.1")
        self.page.press("#command-line", "Enter")
        self.page.wait_for_function("() => mailsimPlayground.lines().includes('advance 0.1')", timeout=5000)
        self.page.click("#grade-cancel")
        state = self.grading()
        self.assertEqual(state["state"], "cancelled", state)
        self.assertLess(state["read"], state["frames"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
