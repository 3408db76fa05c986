#!/usr/bin/env python3
"""Writes a long, valid, gesture-heavy mailsim script for the throughput benchmark.

    Benchmarks/generate.py [--lines N] [--seed S] [--messages M] > big.mbs

The script starts with `reset M` (500 messages by default) and repeats gesture cycles on random
messages on screen (the first five of the inbox): pans sampled at the frame rate (continued pans, `in 0` jumps), releases in every
zone, `advance` and `settle`, options overlays dismissed by `choose`, `tap` or `tap cancel`, shake to
undo, refused commands (`!`) and `expect` lines on x, y, height, colours, icons, folders, counts and the
clock. The generator keeps its own model of the screen (which messages are in the inbox, the clock, the
undo stack), so every line is valid and every expectation holds; it resets the screen when the inbox
runs low. The same seed always writes the same script.
"""
import argparse
import random
import sys

# The contract's numbers, stated once on the Python side: the reference model's, written from docs/SPEC.md.
from reference import FAR, FIRST_ROW_Y, ICON_INSET, NEAR, NS, ROW_HEIGHT, SCREEN_WIDTH

PANS = [(0.05, 3), (0.1, 3), (None, 2), (0.0, 1), (0.2, 1)]  # (duration, weight); None: the default 0.3 s
RESCHEDULE = ["later-today", "this-evening", "tomorrow", "this-weekend", "next-week", "in-a-month", "someday"]
LISTS = ["to-buy", "to-read", "to-watch"]


def num(v):
    """A number as mailsim prints it: three decimals, trailing zeros trimmed."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def seconds(ns):
    whole, frac = divmod(ns, NS)
    return str(whole) if frac == 0 else f"{whole}.{frac:09d}".rstrip("0")


def zone(x):
    d = abs(x)
    if x < 0:
        return ("gray", "later") if d < NEAR else ("yellow", "later") if d < FAR else ("brown", "list")
    return ("gray", "archive") if d < NEAR else ("green", "archive") if d < FAR else ("red", "delete")


def icon_x(x):
    d = abs(x)
    if x < 0:
        return SCREEN_WIDTH - ICON_INSET if d < NEAR else SCREEN_WIDTH + ICON_INSET + x
    return ICON_INSET if d < NEAR else x - ICON_INSET


class Script:
    def __init__(self, rng, messages, out, reports=0.0):
        self.rng, self.messages, self.out, self.reports = rng, messages, out, reports
        self.lines = 0
        self.reset()

    def reset(self):
        self.now = 0
        self.inbox = list(range(1, self.messages + 1))  # message numbers in the inbox, in order
        self.undo = []  # message numbers whose hides can be undone, oldest first
        self.folders = {n: "inbox" for n in self.inbox}
        self.emit(f"reset {self.messages}")

    def emit(self, line):
        self.out.append(line)
        self.lines += 1
        if self.reports and self.rng.random() < self.reports:
            self.report()

    def report(self):
        """A command that prints: state, render, colors, show or timeline (with --reports)."""
        n = self.rng.choice(self.inbox) if self.inbox else 1
        line = self.rng.choice(["state", "render", "colors", f"show msg{n}", f"show msg{n}.icon", "show overlay",
                                f"timeline msg{n}", "timeline overlay", "timeline screen", "timeline"])
        self.out.append(line)
        self.lines += 1

    def advance(self, ns, word="advance"):
        self.emit(f"{word} {seconds(ns)}")
        self.now += ns

    def expect(self, path, value):
        self.emit(f"expect {path} == {value}")

    def y(self, n):
        return FIRST_ROW_Y + ROW_HEIGHT * sum(1 for m in self.inbox if m < n)

    def pan(self, n, dx):
        duration = self.rng.choices([d for d, _ in PANS], [w for _, w in PANS])[0]
        if duration is None:
            self.emit(f"pan msg{n} {num(dx)}")
            self.now += 3 * NS // 10
        else:
            self.emit(f"pan msg{n} {num(dx)} in {duration:g}")
            self.now += round(duration * NS)

    def drag(self, n, lo, hi, sign):
        """One or two pans ending at a whole offset in lo…hi on the side `sign`; checks what the row shows."""
        dx = sign * self.rng.randint(lo, hi)
        if self.rng.random() < 0.3:
            self.pan(n, sign * self.rng.randint(5, NEAR - 10))
        self.pan(n, dx)
        background, icon = zone(dx)
        self.expect(f"msg{n}.x", num(dx))
        self.expect(f"msg{n}.background", background)
        if self.rng.random() < 0.5:
            self.expect(f"msg{n}.icon", icon)
        if self.rng.random() < 0.5:
            self.expect(f"msg{n}.icon.x", num(icon_x(dx)))
        if self.rng.random() < 0.3:
            self.expect(f"msg{n}.y", num(self.y(n)))
        return dx

    def leave(self, n, folder):
        self.inbox.remove(n)
        self.folders[n] = folder
        self.undo.append(n)

    def snap_back(self, n):
        dx = self.drag(n, 5, NEAR - 5, self.rng.choice([-1, 1]))
        if self.rng.random() < 0.5:
            self.expect(f"msg{n}.icon.alpha", num(abs(dx) / NEAR))
        self.emit("release")
        self.advance(15 * NS // 100)
        self.expect(f"msg{n}.x", num(dx / 2))
        if self.rng.random() < 0.5:
            self.advance(15 * NS // 100)
        else:
            self.emit("settle")
            self.now += 15 * NS // 100
        self.expect(f"msg{n}.x", "0")

    def hide(self, n):
        long = self.rng.random() < 0.4
        dx = self.drag(n, FAR + 5, 400, 1) if long else self.drag(n, NEAR + 5, FAR - 5, 1)
        below = next((m for m in self.inbox if m > n), None)
        self.emit("release")
        # Released at exactly 320 the row is already where the slide would take it: the hide starts at once.
        if dx != 320:
            self.advance(3 * NS // 10)
        self.expect(f"msg{n}.x", "320")
        self.advance(15 * NS // 100)
        self.expect(f"msg{n}.height", "43")
        if below is not None and self.rng.random() < 0.5:
            self.expect(f"msg{below}.y", num(self.y(below) - 43))
        if self.rng.random() < 0.5:
            self.advance(15 * NS // 100)
        else:
            self.emit("settle")
            self.now += 15 * NS // 100
        folder = "trash" if long else "archive"
        self.leave(n, folder)
        self.expect(f"msg{n}.folder", folder)
        self.expect("inbox.count", len(self.inbox))

    def options(self, n):
        long = self.rng.random() < 0.4
        dx = self.drag(n, FAR + 5, 400, -1) if long else self.drag(n, NEAR + 5, FAR - 5, -1)
        kind, choices = ("list", LISTS) if long else ("reschedule", RESCHEDULE)
        self.emit("release")
        # The slide (none from exactly -320), then the overlay's fade.
        slide = 0 if dx == -320 else 3 * NS // 10
        if self.rng.random() < 0.5:
            self.advance(6 * NS // 10)
        else:
            self.emit("settle")
            self.now += slide + 3 * NS // 10
        self.expect("overlay", kind)
        self.expect("overlay.alpha", "1")
        if self.rng.random() < 0.3:
            other = self.rng.choice(self.inbox)
            self.emit(f"! pan msg{other} 100")
        how = self.rng.random()
        if how < 0.6:
            option = self.rng.choice(choices)
            self.emit(f"choose {option}")
        elif how < 0.8:
            option = None
            self.emit("tap")
        else:
            self.emit("tap cancel")
        if self.rng.random() < 0.5:
            self.advance(6 * NS // 10)
        else:
            self.emit("settle")
            self.now += 6 * NS // 10
        self.expect("overlay", "none")
        if how >= 0.8:
            self.expect(f"msg{n}.x", "0")
            self.expect(f"msg{n}.folder", "inbox")
            return
        folder = "list" if long else "later"
        self.leave(n, folder)
        self.expect(f"msg{n}.folder", folder)
        if option is not None:
            self.expect(f"msg{n}.{'list' if long else 'snooze'}", option)

    def undo_last(self):
        if not self.undo:
            return
        self.emit("shake")
        self.expect("alert", "undo")
        if self.rng.random() < 0.25:
            self.emit("tap cancel")
            self.expect("alert", "none")
            return
        n = self.undo.pop()
        self.emit("tap undo")
        self.inbox.append(n)
        self.inbox.sort()
        self.folders[n] = "inbox"
        self.expect(f"msg{n}.folder", "inbox")
        if self.rng.random() < 0.5:
            self.advance(3 * NS // 10)
        else:
            self.emit("settle")
            self.now += 3 * NS // 10
        self.expect(f"msg{n}.y", num(self.y(n)))
        self.expect("undo.count", len(self.undo))

    def idle(self):
        r = self.rng.random()
        if r < 0.4:
            self.advance(self.rng.choice([NS // 60, NS // 10, NS // 2, 2 * NS]))
            self.expect("time", seconds(self.now))
        elif r < 0.6:
            self.expect("animating", "false")
        elif r < 0.8:
            n = self.rng.choice(self.inbox)
            self.expect(f"msg{n}.y", num(self.y(n)))
        else:
            self.emit(self.rng.choice(["# a comment", ""]))

    def cycle(self):
        if len(self.inbox) < self.messages // 5:
            self.reset()
        # A finger reaches only the rows on screen: the first five of the inbox (SPEC §7.3, "Rows off screen").
        n = self.rng.choice(self.inbox[:5])
        r = self.rng.random()
        if r < 0.35:
            self.snap_back(n)
        elif r < 0.6:
            self.hide(n)
        elif r < 0.85:
            self.options(n)
        elif r < 0.93:
            self.undo_last()
        else:
            self.idle()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--messages", type=int, default=500)
    parser.add_argument("--reports", type=float, default=0.0,
                        help="the chance after each line of a command that prints (state, render, timeline…)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = []
    script = Script(rng, args.messages, out, args.reports)
    boundary, now = 0, 0
    while script.lines < args.lines:
        boundary, now = script.lines, script.now
        script.cycle()
    # Cut at the last whole cycle that fits, then fill with clock steps: nothing runs between cycles.
    del out[boundary:]
    script.lines, script.now = boundary, now
    while script.lines < args.lines:
        if script.lines + 1 < args.lines:
            script.advance(NS // 10)
            script.expect("time", seconds(script.now))
        else:
            script.expect("animating", "false")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
