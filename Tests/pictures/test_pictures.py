#!/usr/bin/env python3
"""The pictures, checked as a person would look: run the real mailsim binary, decode what it wrote with
independent tools (Pillow for PNG and GIF, xmllint and rsvg-convert for SVG, headless Chromium for the HTML
player), and compare against SPEC's numbers, never against mailsim's own earlier output.

    python3 Tests/pictures/test_pictures.py .build/debug/mailsim

Chromium checks run when `chromium` is on PATH; MAILSIM_REQUIRE_CHROMIUM=1 (set by .ci/run) makes its
absence a failure.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from xml.etree import ElementTree

from PIL import Image

MAILSIM = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else ".build/debug/mailsim")

YELLOW = (0xFE, 0xCA, 0x16)
GRAY = (0xB2, 0xB2, 0xB2)
GREEN = (0x55, 0xD5, 0x50)
WHITE = (0xFF, 0xFF, 0xFF)


def rgb(image, x, y, scale=2):
    """The colour at point (x, y) of a picture drawn at `scale`."""
    return image.convert("RGB").getpixel((int(x * scale), int(y * scale)))


def read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def elements(svg_text):
    """An SVG's elements in document order as (name, attributes, text), whatever the serialisation."""
    root = ElementTree.fromstring(re.sub(r"^<\?xml[^>]*>\s*", "", svg_text))
    return [(e.tag.split("}")[-1], dict(e.attrib), (e.text or "").strip()) for e in root.iter()]


def close(a, b, tolerance=1):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def _linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(p):
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in p)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(p, q):
    """ΔE76: how different two colours look (1 is about the least a person notices side by side)."""
    return sum((s - t) ** 2 for s, t in zip(lab(p), lab(q))) ** 0.5


def worst_difference(a, b):
    """The largest ΔE76 and the largest channel difference between the pixels of two RGB pictures."""
    pairs = {(p, q) for p, q in zip(a.getdata(), b.getdata()) if p != q}
    return (max((delta_e(p, q) for p, q in pairs), default=0.0),
            max((max(abs(s - t) for s, t in zip(p, q)) for p, q in pairs), default=0))


class Workdir(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="mailsim-pictures-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.dir, name)

    def script(self, name, text):
        path = self.path(name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def mailsim(self, *args, status=0):
        done = subprocess.run([MAILSIM, *args], cwd=self.dir, capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, status, f"mailsim {' '.join(args)}\n{done.stdout}\n{done.stderr}")
        return done

    def run_script(self, text, status=0):
        return self.mailsim("run", self.script("s.mbs", text), status=status)

    def frames(self, gif_path):
        """Every frame of a GIF as RGB images, with its duration in milliseconds."""
        out = []
        with Image.open(gif_path) as im:
            loop = im.info.get("loop")
            for i in range(im.n_frames):
                im.seek(i)
                out.append((im.convert("RGB"), im.info["duration"]))
        return out, loop


class ComposeFieldTests(Workdir):
    """The compose sheet draws what was typed into To, Subject and the body, with a caret in the focused
    field, and an overlong To ends in an ellipsis inside the sheet. Read from the PNG a `snapshot` wrote."""
    SCALE = 2
    SHEET = 80            # compose.y once shown
    BASELINES = {"to": 72, "subject": 116, "body": 160}
    TEXT_X = {"to": 42, "subject": 80, "body": 12}
    MARGIN = 12           # the sheet's right margin
    BLUE = (0x44, 0xAA, 0xD2)

    def picture(self, lines):
        self.run_script("\n".join(["compose", "advance 0.3", *lines, "snapshot c.png"]) + "\n")
        return Image.open(self.path("c.png")).convert("RGB")

    def dark(self, image, left, right, field):
        """The (x, y) pixels of dark text in a field's row, between points `left` and `right`."""
        s = self.SCALE
        base = self.SHEET + self.BASELINES[field]
        out = []
        for y in range((base - 13) * s, (base + 4) * s):
            for x in range(int(left * s), int(right * s)):
                if max(image.getpixel((x, y))) < 110:
                    out.append((x, y))
        return out

    def test_each_field_shows_its_text_and_the_focused_one_a_caret(self):
        image = self.picture(["type a@b.c", "tap subject", "type Lunch?", "tap body", "type hi"])
        for field in ("to", "subject", "body"):
            self.assertTrue(self.dark(image, self.TEXT_X[field], 320 - self.MARGIN, field), f"no text in {field}")
        # "hi" is 13.7 pt wide at 15 pt in DejaVu Sans: the caret, in the tint, stands just after it.
        s = self.SCALE
        base = self.SHEET + self.BASELINES["body"]
        caret = [(x, y) for x in range(int(25 * s), int(31 * s)) for y in range((base - 10) * s, base * s)
                 if delta_e(image.getpixel((x, y)), self.BLUE) < 10]
        self.assertGreater(len(caret), 10, "no caret after the body's text")
        # Only the focused field has one: none after "Lunch?" in the subject row.
        sub = self.SHEET + self.BASELINES["subject"]
        self.assertFalse([1 for x in range(int(130 * s), int(300 * s)) for y in range((sub - 10) * s, sub * s)
                          if delta_e(image.getpixel((x, y)), self.BLUE) < 10])

    def test_an_overlong_to_ends_in_an_ellipsis_inside_the_sheet(self):
        image = self.picture(["type " + "averylongname" * 4 + "@example.com"])
        s = self.SCALE
        base = self.SHEET + self.BASELINES["to"]
        self.assertFalse(self.dark(image, 320 - self.MARGIN, 320, "to"), "text past the right margin")
        pixels = self.dark(image, self.TEXT_X["to"], 320 - self.MARGIN, "to")
        right = max(x for x, _ in pixels)
        self.assertGreater(right, (320 - self.MARGIN - 30) * s, "the line stops short: not cut")
        # The last 12 points of text are the ellipsis (a 15-point em wide): three dots on the baseline, nothing above.
        end = [(x, y) for x, y in pixels if x > right - 12 * s]
        self.assertTrue(all(y >= (base - 3) * s for _, y in end), "a letter, not an ellipsis, ends the line")
        columns = sorted({x for x, _ in end})
        runs = 1 + sum(1 for a, b in zip(columns, columns[1:]) if b > a + 1)
        self.assertEqual(runs, 3, f"dots: {columns}")


class SnapshotTests(Workdir):
    def test_png_sizes_follow_the_scale(self):
        self.run_script("snapshot two.png\nsnapshot one.png scale 1\nsnapshot four.png scale 4\n")
        for name, size in [("two.png", (640, 1136)), ("one.png", (320, 568)), ("four.png", (1280, 2272))]:
            with Image.open(self.path(name)) as im:
                self.assertEqual(im.format, "PNG")
                self.assertEqual(im.size, size, name)

    def test_a_left_swipe_shows_yellow_beside_the_face(self):
        # SPEC §2: after pan msg1 -180 the row is in the yellow zone; its 320-wide face ends at x 140.
        self.run_script("pan msg1 -180\nsnapshot s.png\nrelease\nsettle\ntap\nsettle\n")
        with Image.open(self.path("s.png")) as im:
            self.assertEqual(rgb(im, 300, 150), YELLOW)
            self.assertEqual(rgb(im, 141, 147), YELLOW)
            for x in range(0, 139, 7):
                self.assertEqual(rgb(im, x, 146), WHITE, f"face at x {x}")
            # The later icon is centred at icon.x = 350 + x = 170, on the row's centre line (144 + 43).
            self.assertEqual(rgb(im, 170, 187), WHITE)
            self.assertEqual(rgb(im, 164, 190), YELLOW)
            # The row below is untouched: a white face from x 0.
            self.assertEqual(rgb(im, 2, 232), WHITE)

    def test_tuned_numbers_show_in_the_picture(self):
        # With the left near threshold at 200 and yellow re-coloured, -180 is still a gray peek
        # (alpha 180/200) and -200 shows the new colour: the picture draws the settings, not SPEC's numbers.
        self.run_script("set threshold.left.near 200\nset threshold.left.far 300\nset color.yellow #FF8800\n"
                        "pan msg1 -180\nsnapshot a.png\npan msg1 -200\nsnapshot b.png\nrelease\nsettle\ntap\nsettle\n")
        with Image.open(self.path("a.png")) as im:
            self.assertEqual(rgb(im, 300, 150), GRAY)
        with Image.open(self.path("b.png")) as im:
            self.assertEqual(rgb(im, 300, 150), (0xFF, 0x88, 0x00))
            self.assertEqual(rgb(im, 121, 147), (0xFF, 0x88, 0x00))
            self.assertEqual(rgb(im, 118, 146), WHITE)
            self.assertEqual(rgb(im, 2, 232), WHITE)

    def test_half_way_into_a_right_pan_the_slot_shows_gray(self):
        # 0.05 s into `pan msg2 120` (0.3 s): x = 20, gray, the archive icon at alpha 20/60 pinned at x 30.
        self.run_script("pan msg2 20 in 0.05\nsnapshot s.png\npan msg2 120 in 0.25\nrelease\nsettle\n")
        with Image.open(self.path("s.png")) as im:
            self.assertEqual(rgb(im, 5, 240), GRAY)
            self.assertEqual(rgb(im, 21, 240), WHITE)

    def test_snapshot_changes_nothing_and_takes_no_time(self):
        done = self.run_script("pan msg1 -100 in 0.2\nsnapshot a.svg\nexpect time == 0.2\n"
                               "expect msg1.x == -100\nrelease\nsettle\n")
        self.assertEqual(done.stderr, "")

    def test_another_extension_is_an_error_that_writes_nothing(self):
        done = self.run_script("snapshot s.jpg\n", status=2)
        self.assertIn("s.mbs:1: error: snapshot: 's.jpg' must end in .svg or .png", done.stderr)
        self.assertFalse(os.path.exists(self.path("s.jpg")))
        done = self.run_script("snapshot s.png scale 5\n", status=2)
        self.assertIn("s.mbs:1: error:", done.stderr)

    def test_svg_parses_and_draws_the_same_screen(self):
        self.run_script("pan msg1 -180\nsnapshot s.svg\nsnapshot s.png\nrelease\nsettle\ntap\nsettle\n")
        svg = self.path("s.svg")
        subprocess.run(["xmllint", "--noout", svg], check=True)
        text = read(svg)
        self.assertRegex(text, r'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="568" viewBox="0 0 320 568"')
        # Drawn by librsvg, an independent renderer, the SVG shows the same swipe.
        out = self.path("rsvg.png")
        subprocess.run(["rsvg-convert", "--zoom", "2", "-o", out, svg], check=True)
        with Image.open(out) as im:
            self.assertEqual(im.size, (640, 1136))
            self.assertEqual(rgb(im, 300, 150), YELLOW)
            self.assertEqual(rgb(im, 100, 146), WHITE)

    def test_the_same_script_gives_the_same_bytes(self):
        text = "pan msg1 -180\nrelease\nadvance 0.45\nsnapshot a.svg\nsnapshot a.png\nsettle\ntap\nsettle\n"
        self.run_script(text)
        first = read(self.path("a.svg"), "rb"), read(self.path("a.png"), "rb")
        self.run_script(text)
        self.assertEqual(first, (read(self.path("a.svg"), "rb"), read(self.path("a.png"), "rb")))


class RecordTests(Workdir):
    SWIPE = "pan msg1 -180\nrelease\nsettle\ntap\nsettle\n"  # 0.3 + 0.6 + 0.6 s = 1.5 s

    def test_a_gif_has_a_frame_at_every_instant_and_loops(self):
        self.mailsim("record", self.script("s.mbs", self.SWIPE), "-o", "s.gif")
        frames, loop = self.frames(self.path("s.gif"))
        self.assertEqual(loop, 0)
        # 1.5 s at 30 fps: frames 0…45, each 1/30 s: 46 frames, 1.533 s, delays carried to the centisecond.
        self.assertEqual(len(frames), 46)
        self.assertEqual(sum(d for _, d in frames), 1530)
        self.assertTrue(all(d in (30, 40) for _, d in frames), [d for _, d in frames])
        # The screen above, the caption strip below it.
        self.assertEqual(frames[0][0].size[0], 640)
        self.assertGreater(frames[0][0].size[1], 1136)
        # Frame 6 is 0.2 s into the pan: x = -120, yellow, the palette exact.
        self.assertEqual(rgb(frames[6][0], 300, 150), YELLOW)
        self.assertEqual(rgb(frames[6][0], 190, 146), WHITE)
        self.assertEqual(rgb(frames[6][0], 210, 146), YELLOW)

    def test_speed_and_fps_set_the_delays(self):
        self.mailsim("record", self.script("s.mbs", self.SWIPE), "-o", "slow.gif", "--fps", "20", "--speed", "0.25",
                     "--scale", "1")
        frames, _ = self.frames(self.path("slow.gif"))
        # 1.5 s at 20 fps: 31 frames, each 1 / (20 · 0.25) = 0.2 s.
        self.assertEqual(len(frames), 31)
        self.assertEqual(sum(d for _, d in frames), 6200)
        self.assertEqual(frames[0][0].size[0], 320)
        # 0.05 s into `pan msg2 120`: x = 20, the point (5, 240) gray.
        self.mailsim("record", self.script("r.mbs", "pan msg2 120\nrelease\nsettle\n"), "-o", "r.gif", "--fps", "20")
        frames, _ = self.frames(self.path("r.gif"))
        self.assertEqual(rgb(frames[1][0], 5, 240), GRAY)
        self.assertEqual(rgb(frames[1][0], 21, 240), WHITE)
        # At the end (archived and hidden) msg3's face has moved up to msg2's place.
        self.assertEqual(rgb(frames[-1][0], 5, 240), WHITE)

    def test_the_exit_status_is_that_of_run(self):
        path = self.script("f.mbs", "pan msg1 -100\nexpect msg1.x == -90\nrelease\nsettle\n")
        done = self.mailsim("record", path, "-o", "f.gif", status=1)
        self.assertIn("f.mbs:2: expected msg1.x == -90, got -100", done.stderr)
        self.assertTrue(os.path.exists(self.path("f.gif")))
        self.mailsim("record", self.script("e.mbs", "pna msg1 10\n"), "-o", "e.gif", status=2)
        self.mailsim("record", path, "-o", "f.png", status=2)
        # Too long a walkthrough is refused at once instead of filling the memory; an unwritable output too.
        done = self.mailsim("record", self.script("l.mbs", "advance 1000\n"), "-o", "l.gif", status=2)
        self.assertIn("longer than 600 s at 30 fps (18001 frames", done.stderr)
        self.assertFalse(os.path.exists(self.path("l.gif")))
        done = self.mailsim("record", self.script("w.mbs", "advance 0.1\n"), "-o", "no/such/dir/w.html", status=2)
        self.assertIn("cannot write 'no/such/dir/w.html'", done.stderr)

    def test_html_is_self_contained_and_deterministic(self):
        path = self.script("s.mbs", self.SWIPE)
        self.mailsim("record", path, "-o", "a.html")
        self.mailsim("record", path, "-o", "b.html")
        a = read(self.path("a.html"), "rb")
        self.assertEqual(a, read(self.path("b.html"), "rb"))
        text = a.decode()
        self.assertIn('<svg xmlns="http://www.w3.org/2000/svg" id="screen" width="320" height="568" viewBox="0 0 320 568"', text)
        self.assertEqual(re.findall(r"https?://[^\"' ]+", text), ["http://www.w3.org/2000/svg"])
        self.assertNotRegex(text, r"<(link|img|iframe)\b|\bsrc=")


class GIFColourTests(Workdir):
    """A GIF frame shows the screen's colours at its instant: each pixel of the screen within ΔE76 2 of the
    `snapshot` PNG of that instant, through overlay fades, the menu and compose slides, and tuned colours."""

    def check(self, lines, scale=1, fps=30, step=0.1):
        # Time passes only in `advance` lines, cut into steps with a snapshot after each: at frame instants
        # (0.1 s is frame 3k at 30 fps, exactly).
        self.mailsim("record", self.script("w.mbs", "".join(l + "\n" for l in lines)), "-o", "w.gif",
                     "--scale", str(scale), "--fps", str(fps))
        # A frame shows its instant after every line played at it, so an advance's end instant is checked
        # only when the script ends there.
        snapshot, instants, t = [], [], 0
        for i, line in enumerate(lines):
            words = line.split()
            if words[0] == "advance":
                steps = round(float(words[1]) / step)
                self.assertAlmostEqual(steps * step, float(words[1]))
                for s in range(steps):
                    t += 1
                    snapshot += [f"advance {step}", f"snapshot f{t}.png scale {scale}"]
                    if s < steps - 1 or i == len(lines) - 1:
                        instants.append(t)
            else:
                self.assertNotIn(words[0], ("pan", "edgepan", "settle"), "time must pass in advance lines")
                snapshot.append(line)
        self.run_script("".join(l + "\n" for l in snapshot))
        frames, _ = self.frames(self.path("w.gif"))
        per_step = round(step * fps)
        self.assertEqual(len(frames), t * per_step + 1)
        worst = (0.0, 0)
        for n in instants:
            with Image.open(self.path(f"f{n}.png")) as png:
                png = png.convert("RGB")
                screen = frames[n * per_step][0].crop((0, 0) + png.size)
                de, channel = worst_difference(screen, png)
                self.assertLessEqual(de, 2.0, f"frame {n * per_step} ({n * step:.1f} s): ΔE76 {de:.2f}")
                worst = (max(worst[0], de), max(worst[1], channel))
        return worst

    FADES = ["act msg1 later", "advance 0.6", "tap", "advance 0.6", "act msg2 list", "advance 0.6", "tap", "advance 0.6"]

    def test_overlay_fades_keep_their_colours(self):
        # The reschedule options (yellow) and the list options (brown) fading in and out.
        self.check(self.FADES)

    def test_overlay_fades_at_scale_2(self):
        self.check(["act msg2 list", "advance 0.3", "tap", "advance 0.3"], scale=2)

    def test_the_menu_slides_in_its_colours(self):
        self.check(["tap menu", "advance 0.4", "tap menu", "advance 0.4"])

    def test_the_compose_sheet_slides_and_dims_in_its_colours(self):
        self.check(["compose", "advance 0.3", "tap cancel", "advance 0.3", "compose", "advance 0.3"])

    def test_tuned_colours_are_the_gifs_colours(self):
        # The table comes from the frame's pixels, not from the default palette.
        self.check(["set color.yellow #123456", "set color.brown #00FF88"] + self.FADES)



class StreamedWalkthroughTests(Workdir):
    """GIF, WebP and video are drawn and written as the script plays: each decoded by an
    independent tool (Pillow, ffmpeg) and compared with the `snapshot` PNG of the same instant."""

    # 0.1 s steps: a frame every 3 at 30 fps; an overlay fades in and out, a row is swiped.
    LINES = ["act msg1 later", "advance 0.3", "tap", "advance 0.3"]

    def snapshots(self, lines, scale=1):
        """Runs `lines` with a snapshot after each 0.1 s; the PNG of step n is f{n}.png (frame 3n)."""
        out, t = [], 0
        for line in lines:
            words = line.split()
            if words[0] == "advance":
                for _ in range(round(float(words[1]) / 0.1)):
                    t += 1
                    out += ["advance 0.1", f"snapshot f{t}.png scale {scale}"]
            else:
                out.append(line)
        self.run_script("".join(l + "\n" for l in out))
        return t

    def record(self, name, lines, *extra):
        self.mailsim("record", self.script("w.mbs", "".join(l + "\n" for l in lines)), "-o", name, "--scale", "1", *extra)
        return self.path(name)

    def png(self, n):
        with Image.open(self.path(f"f{n}.png")) as im:
            return im.convert("RGB")

    def test_every_gif_frame_is_composited_as_the_screen_then(self):
        path = self.record("w.gif", self.LINES)
        steps = self.snapshots(self.LINES)
        frames, _ = self.frames(path)
        self.assertEqual(len(frames), 3 * steps + 1)
        # Frames after the first store only what changed, over what is shown (disposal "do not dispose"), with
        # transparency for pixels that stayed: decoded and composited by Pillow, each matches the snapshot.
        for n in range(1, steps):
            screen = frames[3 * n][0].crop((0, 0, 320, 568))
            de, _ = worst_difference(screen, self.png(n))
            self.assertLessEqual(de, 2.0, f"frame {3 * n}: ΔE76 {de:.2f}")
        info = subprocess.run(["gifsicle", "--info", path], capture_output=True, text=True).stdout
        self.assertIn("disposal asis", info)
        self.assertIn("transparent", info)
        self.assertRegex(info, r"image #\d+ \d+x\d+ at \d+,\d+")

    def test_the_gif_is_no_larger_than_gifsicle_O3_makes_it(self):
        path = self.record("s.gif", RecordTests.SWIPE.splitlines(), "--scale", "2")
        subprocess.run(["gifsicle", "-O3", path, "-o", self.path("o3.gif")], check=True, capture_output=True)
        self.assertLessEqual(os.path.getsize(path), os.path.getsize(self.path("o3.gif")))

    def test_webp_is_lossless_and_timed(self):
        path = self.record("w.webp", self.LINES)
        steps = self.snapshots(self.LINES)
        with Image.open(path) as im:
            self.assertEqual(im.format, "WEBP")
            self.assertEqual(im.n_frames, 3 * steps + 1)
            self.assertEqual(im.info.get("loop"), 0)
            total = 0
            for k in range(im.n_frames):
                im.seek(k)
                im.load()
                total += im.info["duration"]
                if k % 3 == 0 and 0 < k < 3 * steps:
                    screen = im.convert("RGB").crop((0, 0, 320, 568))
                    self.assertEqual(worst_difference(screen, self.png(k // 3)), (0.0, 0), f"frame {k}")
            # Frame k starts at round(k · 1000 / 30) ms: 19 frames last 633 ms.
            self.assertEqual(total, round(im.n_frames * 1000 / 30))

    def decoded_frame(self, path, k):
        out = self.path(f"decoded-{k}.png")
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", path, "-vf", f"select=eq(n\\,{k})", "-frames:v", "1", out],
                       check=True, capture_output=True)
        with Image.open(out) as im:
            return im.convert("RGB")

    def check_video(self, extension, codec):
        path = self.record("w." + extension, self.LINES, "--scale", "2")
        steps = self.snapshots(self.LINES, scale=2)
        probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                "stream=codec_name,width,height,nb_read_frames,pix_fmt", "-of", "default=nw=1", path],
                               capture_output=True, text=True, check=True).stdout
        fields = dict(line.split("=", 1) for line in probe.split())
        self.assertEqual(fields["codec_name"], codec)
        self.assertEqual((fields["width"], fields["height"]), ("640", "1224"))
        self.assertEqual(fields["pix_fmt"], "yuv420p")
        self.assertEqual(int(fields["nb_read_frames"]), 3 * steps + 1)
        # Lossy: the overlay half faded in (frame 6) and gone again (frame 15), compared with the snapshots with
        # a tolerance: on average within ΔE76 3, and the flat areas' colours within 6.
        for n in (2, 5):
            frame = self.decoded_frame(path, 3 * n).crop((0, 0, 640, 1136))
            png = self.png(n)
            pairs = list(zip(zip(*[iter(frame.tobytes())] * 3), zip(*[iter(png.tobytes())] * 3)))
            mean = sum(delta_e(p, q) for p, q in pairs[::97]) / len(pairs[::97])
            self.assertLess(mean, 3.0, f"frame {3 * n}: mean ΔE76 {mean:.2f}")
            for x, y in ((160, 40), (160, 300), (20, 400)):
                self.assertLess(delta_e(rgb(frame, x, y), rgb(png, x, y)), 6.0, f"frame {3 * n} at ({x}, {y})")

    def test_mp4_is_h264_and_matches_the_screen(self):
        self.check_video("mp4", "h264")

    def test_webm_is_vp9_and_matches_the_screen(self):
        self.check_video("webm", "vp9")

    def test_an_unknown_extension_is_refused_and_nothing_written(self):
        for name in ("w.png", "w.avi", "w"):
            done = self.mailsim("record", self.script("s.mbs", "advance 0.1\n"), "-o", name, status=2)
            self.assertIn("-o must name a .gif, .webp, .mp4, .webm or .html file", done.stderr)
            self.assertFalse(os.path.exists(self.path(name)))

    def test_the_file_appears_whole_or_not_at_all(self):
        for extension in ("gif", "webp", "mp4", "webm"):
            target = self.path("w." + extension)
            with open(target, "w") as f:
                f.write("old")
            # Too long: refused at once, the old file kept, no temporary left beside it.
            done = self.mailsim("record", self.script("l.mbs", "advance 1000\n"), "-o", "w." + extension, status=2)
            self.assertIn("longer than 600 s", done.stderr)
            self.assertEqual(read(target), "old")
            # A script that stops with an error is still written (up to the error), replacing the old file.
            self.mailsim("record", self.script("e.mbs", "pan msg1 -100 in 0.2\nrelease\nsettle\npna\n"), "-o",
                         "w." + extension, status=2)
            self.assertNotEqual(read(target, "rb"), b"old")
            self.assertEqual([n for n in os.listdir(self.dir) if ".mailsim-" in n], [])
        # An unwritable folder: the error names the output.
        done = self.mailsim("record", self.script("s.mbs", "advance 0.1\n"), "-o", "no/such/w.gif", status=2)
        self.assertIn("cannot write 'no/such/w.gif'", done.stderr)


@unittest.skipUnless(shutil.which("chromium") or os.environ.get("MAILSIM_REQUIRE_CHROMIUM") == "1",
                     "chromium is not installed: the HTML player's checks need it (apt-get install chromium)")
class PlayerInChromiumTests(Workdir):
    """The HTML player loaded in a real headless Chromium."""

    def chromium(self, *args):
        exe = shutil.which("chromium")
        self.assertIsNotNone(exe, "MAILSIM_REQUIRE_CHROMIUM=1 but chromium is not on PATH")
        done = subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                               "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000", *args],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        console = [line for line in done.stderr.splitlines() if "CONSOLE" in line]
        self.assertEqual(console, [], "the page logged to the console")
        self.assertNotIn("Uncaught", done.stderr)
        return done.stdout

    def test_t_shows_that_instant_paused(self):
        # 0.45 s: the slide (0.3 → 0.6 s) is half way by easeInOut: x = -180 + (-320 + 180) / 2 = -250.
        script = self.script("s.mbs", "pan msg1 -180\nrelease\nsettle\ntap\nsettle\n")
        self.mailsim("record", script, "-o", "p.html", "--fps", "20")
        dom = self.chromium("--dump-dom", "file://" + self.path("p.html") + "#t=0.45")
        self.assertIn('<span id="time">0.450 s</span>', dom)
        self.assertIn('<span id="frame">9</span>', dom)
        self.assertRegex(dom, r'<li id="L3" value="3" class="current">')
        self.assertIn("▶ Play", dom)  # paused
        # The screen in the page, taken out of it, draws the instant: the row's face ends at 320 - 250 = 70.
        svg = re.search(r'<svg[^>]*id="screen".*?</svg>', dom, re.S).group(0)
        out_svg = self.path("screen.svg")
        with open(out_svg, "w") as f:
            f.write(svg)
        subprocess.run(["xmllint", "--noout", out_svg], check=True)
        png = self.path("screen.png")
        subprocess.run(["rsvg-convert", "--zoom", "2", "-o", png, out_svg], check=True)
        with Image.open(png) as im:
            self.assertEqual(im.size, (640, 1136))
            self.assertEqual(rgb(im, 60, 146), WHITE)
            self.assertEqual(rgb(im, 80, 146), YELLOW)
        # And it is the same drawing as `snapshot` at that instant.
        self.mailsim("run", self.script("t.mbs", "pan msg1 -180\nrelease\nadvance 0.15\nsnapshot t.svg\nsettle\ntap\nsettle\n"))
        in_page, snapshot = elements(svg), elements(read(self.path("t.svg")))
        self.assertEqual(in_page[0][1].pop("id"), "screen")
        self.assertEqual(in_page, snapshot)

    def test_a_screenshot_shows_the_screen(self):
        script = self.script("s.mbs", "pan msg1 -180\nrelease\nsettle\ntap\nsettle\n")
        self.mailsim("record", script, "-o", "p.html")
        shot = self.path("shot.png")
        self.chromium("--window-size=1200,900", "--screenshot=" + shot, "file://" + self.path("p.html") + "#t=0.3")
        with Image.open(shot) as im:
            pixels = im.convert("RGB")
            # Somewhere on the page the yellow of the revealed slot is shown (x = -180 at 0.3 s).
            found = sum(1 for p in pixels.getdata() if p == YELLOW)
            self.assertGreater(found, 140 * 86 // 2)


    # The plots under the player, measured where a reader sees them. `probe` loads a copy of the
    # page with a script of the test's run after the player's, and reads back what it found.

    SWIPES = "pan msg1 -180\nrelease\nsettle\ntap\nsettle\npan msg2 100\nrelease\nsettle\n"
    THRESHOLDS = {
        "SPEC's": "",
        "near 20": "set threshold.near 20\n",
        "near 5, far 10": "set threshold.near 5\nset threshold.far 10\n",
        "left 30/40, right 300/320": "set threshold.left.near 30\nset threshold.left.far 40\n"
                                     "set threshold.right.far 320\nset threshold.right.near 300\n",
        "changed part-way": "pan msg3 -100 in 0.2\nrelease\nsettle\ntap\nsettle\n"
                            "set threshold.near 80\nset threshold.far 90\n",
    }

    def probe(self, page, js, size="1280,900", fragment="", clock=False):
        """What `js` passes to `done(value)` in the player `page` at a window of `size`. With `clock`, animation
        frames come from timers, which headless Chromium's virtual time runs (it paints no frames of its own)."""
        text = read(self.path(page))
        shim = ("<script>window.requestAnimationFrame = function (f) { return setTimeout(function () "
                "{ f(performance.now()); }, 16); };</script>") if clock else ""
        probe = ("<script>(function () { function done(v) { var o = document.createElement('pre'); o.id = 'probe'; "
                 "o.textContent = JSON.stringify(v); document.body.appendChild(o); }\n" + js + "\n})();</script>")
        start = text.index("<script>(function () {")
        end = text.rindex("</body>")
        probed = self.path("probe-" + page)
        with open(probed, "w") as f:
            f.write(text[:start] + shim + text[start:end] + probe + text[end:])
        dom = self.chromium("--window-size=" + size, "--dump-dom", "file://" + probed + fragment)
        found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
        self.assertIsNotNone(found, "the probe did not answer")
        return json.loads(html.unescape(found.group(1)))

    CHARTS = """
        function box(e) { var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }
        var charts = Array.prototype.map.call(document.querySelectorAll('svg.plot'), function (svg) {
          var area = svg.querySelector('svg.area') || svg;
          return {
            name: svg.querySelector('.name').textContent,
            range: svg.querySelector('.range').textContent,
            chart: box(svg), area: box(area), series: box(svg.querySelector('.series')),
            labels: Array.prototype.map.call(svg.querySelectorAll('text'), function (t) { return [t.textContent, box(t)]; }),
            guides: Array.prototype.filter.call(svg.querySelectorAll('.guide'), function (g) { return g.querySelector('title'); })
              .map(function (g) { return [parseFloat(g.querySelector('title').textContent), box(g)]; }),
          };
        });
        var body = getComputedStyle(document.body);
        done({ charts: charts, content: document.body.clientWidth - parseFloat(body.paddingLeft) - parseFloat(body.paddingRight) });
    """

    def record_page(self, name, text):
        self.mailsim("record", self.script(name + ".mbs", text), "-o", name + ".html")
        return name + ".html"

    def test_no_two_plot_labels_overlap_at_any_threshold(self):
        for setting, lines in self.THRESHOLDS.items():
            page = self.record_page("t", lines + self.SWIPES)
            for size in ("1280,900", "700,900"):
                found = self.probe(page, self.CHARTS, size=size)
                guided = [c for c in found["charts"] if c["guides"]]
                self.assertTrue(guided, setting)
                for chart in found["charts"]:
                    labels = chart["labels"]
                    for i, (a, ra) in enumerate(labels):
                        # Inside the chart's box, and clear of every other label (the name and range included).
                        self.assertTrue(ra[0] >= chart["chart"][0] and ra[2] <= chart["chart"][2] + 0.5
                                        and ra[1] >= chart["chart"][1] and ra[3] <= chart["chart"][3] + 0.5,
                                        (setting, size, chart["name"], a, ra, chart["chart"]))
                        for b, rb in labels[i + 1:]:
                            apart = ra[2] <= rb[0] or rb[2] <= ra[0] or ra[3] <= rb[1] or rb[3] <= ra[1]
                            self.assertTrue(apart, (setting, size, chart["name"], a, ra, b, rb))

    def test_the_plots_use_the_pages_width(self):
        page = self.record_page("w", self.SWIPES)
        for width in (1280, 1000, 700):
            found = self.probe(page, self.CHARTS, size=f"{width},900")
            for chart in found["charts"]:
                self.assertGreaterEqual(chart["chart"][2] - chart["chart"][0], 0.9 * found["content"], (width, chart["name"]))
                # Time runs along it: the value's line spans the area, which is the chart less the labels' gutter.
                self.assertGreaterEqual(chart["series"][2] - chart["series"][0], 0.85 * found["content"], (width, chart["name"]))

    def test_the_range_label_states_what_the_axis_covers(self):
        for setting, lines in self.THRESHOLDS.items():
            page = self.record_page("r", lines + self.SWIPES)
            for chart in self.probe(page, self.CHARTS)["charts"]:
                low, high = (float(v) for v in re.fullmatch(r"(-?[0-9.]+) … (-?[0-9.]+)", chart["range"]).groups())
                top, bottom = chart["area"][1], chart["area"][3]
                drawn = [chart["series"][1], chart["series"][3]]
                for value, (_, y, _, _) in chart["guides"]:
                    # Each guide is where the label's range puts its value.
                    self.assertAlmostEqual(y, top + (high - value) / (high - low) * (bottom - top), delta=1.0,
                                           msg=(setting, chart["name"], chart["range"], value))
                    drawn.append(y)
                # And what is drawn reaches both ends: the range is the guides' and values' extremes, no wider.
                self.assertAlmostEqual(min(drawn), top, delta=1.5, msg=(setting, chart["name"], chart["range"]))
                self.assertAlmostEqual(max(drawn), bottom, delta=1.5, msg=(setting, chart["name"], chart["range"]))
                if chart["guides"]:
                    values = [v for v, _ in chart["guides"]]
                    self.assertLessEqual(low, min(values))
                    self.assertGreaterEqual(high, max(values))

    LONG = "reset 10\n" + "".join(f"pan msg{i} 100 in 0.1\nrelease\nsettle\n" for i in range(1, 9))
    FOLLOW = """
        var pane = document.getElementById('timeline');
        function seen() {
          var now = pane.querySelectorAll('li.now'), last = now[now.length - 1];
          var p = pane.getBoundingClientRect(), r = last ? last.getBoundingClientRect() : null;
          return { frame: parseInt(document.getElementById('frame').textContent, 10), scrollTop: pane.scrollTop,
                   pageScroll: window.scrollY, now: last ? last.textContent : null,
                   inside: !!r && r.top >= p.top - 0.5 && r.bottom <= p.bottom + 0.5,
                   pastCount: pane.querySelectorAll('li.past').length };
        }
    """

    def test_the_timeline_follows_playback_inside_its_pane(self):
        page = self.record_page("long", self.LONG)
        # Playing: the pane is made short so that two seconds of play go past what it shows.
        played = self.probe(page, self.FOLLOW + """
            pane.style.maxHeight = '100px';
            var before = seen();
            document.getElementById('play').click();
            setTimeout(function () { done([before, seen()]); }, 2000);
        """, size="1280,700", clock=True)
        before, after = played
        self.assertEqual(before["scrollTop"], 0)
        self.assertGreater(after["frame"], 45, after)  # it played
        self.assertGreater(after["scrollTop"], 0, after)
        self.assertTrue(after["inside"], after)
        self.assertIsNotNone(after["now"])
        self.assertEqual(after["pageScroll"], 0, "the page itself scrolled")

    def test_the_timeline_follows_the_scrubber_inside_its_pane(self):
        page = self.record_page("long", self.LONG)
        for size in ("1280,700", "1280,400"):
            found = self.probe(page, self.FOLLOW + """
                var s = document.getElementById('scrubber');
                s.value = s.max; s.dispatchEvent(new Event('input'));
                var end = seen();
                s.value = '0'; s.dispatchEvent(new Event('input'));
                done([end, seen()]);
            """, size=size)
            end, start = found
            self.assertTrue(end["now"].split()[1:3] == ["msg8", "hidden:"], end)  # the last entry
            self.assertGreater(end["scrollTop"], 0, end)
            self.assertTrue(end["inside"], end)
            self.assertEqual(end["pageScroll"], 0, (size, "the page itself scrolled"))
            self.assertEqual(start["scrollTop"], 0, start)
            self.assertTrue(start["inside"] and start["now"].startswith("0.000"), start)


class ReportTests(Workdir):
    def test_report_pictures_each_failure(self):
        good = self.script("good.mbs", "pan msg1 -100\nexpect msg1.background == yellow\nrelease\nsettle\ntap\nsettle\n")
        bad = self.script("bad.mbs", "pan msg1 -100\nexpect msg1.x == -90\nexpect msg1.background == green\nrelease\nsettle\n")
        done = self.mailsim("test", good, bad, "--report", "rep", status=1)
        self.assertIn("FAIL", done.stdout)
        index = read(self.path("rep/index.html"))
        self.assertIn("1 passed", index)
        self.assertIn("<code>msg1.x == -90</code>", index)
        self.assertIn("<code>msg1.x = -100</code>", index)
        self.assertIn("<code>msg1.background = yellow #FECA16</code>", index)
        pictures = re.findall(r'<img src="([^"]+)"', index)
        self.assertEqual(len(pictures), 2)
        for picture in pictures:
            with Image.open(os.path.join(self.path("rep"), picture)) as im:
                self.assertEqual(im.size, (320, 568))
                # The instant of the failure: x = -100, yellow behind.
                self.assertEqual(rgb(im, 300, 150, scale=1), YELLOW)
        links = re.findall(r'<a href="([^"#]+)#t=([0-9.]+)"', index)
        self.assertEqual(len(links), 2)
        for link, t in links:
            self.assertEqual(t, "0.300")
            page = read(os.path.join(self.path("rep"), link))
            self.assertIn('id="screen"', page)


if __name__ == "__main__":
    unittest.main(verbosity=2)
