#!/usr/bin/env python3
"""The Python reference model of mailsim, the yardstick of the throughput benchmark.

    python3 Benchmarks/reference.py FILE.mbs        (or - for standard input)

It reads a `.mbs` script in the subset of the language that Benchmarks/generate.py writes, plays it on its
own model of the screen, written from docs/SPEC.md alone (the rows, their x, y and height, the colours and
icons, the folders, the options overlay, the undo alert and stack, and the virtual clock, with every
animation evaluated from its start, duration and curve at the current instant), and checks every `expect`
and every `!` line as mailsim does:

- all held: one line on standard output, `N lines, C checks: all held`, exit 0;
- a failed check: `FILE:LINE: expected PATH == V, got A` (or `expected 'COMMAND' to be refused, but it
  succeeded`) on standard error, the script goes on, and it ends with `N lines, C checks: K failed`, exit 1;
- an error (a command the screen refuses without `!`, a bad argument): `FILE:LINE: error: WHAT`, exit 2;
- a command outside the subset: `FILE:LINE: error: the reference model does not model 'WORD'`, exit 2.

The subset: `reset [N]`, `pan msgN DX [in S]`, `release [VX]`, `advance S` (`wait S`), `settle`, `tap`,
`tap cancel`, `tap undo`, `choose OPTION`, `shake`, `expect PATH OP VALUE [within TOL]`, `! COMMAND`,
`quit` (`exit`), comments and blank lines, all with the default parameters (no `set`). The paths: `time`,
`animating`, `gesture`, `overlay`, `overlay.alpha`, `alert`, `FOLDER.count`, `undo.count` and
`msgN.x|y|height|background|icon|icon.alpha|icon.x|folder|visible|snooze|list`.

Python's standard library only; no state is kept between lines but the screen's.
"""
import os
import re
import sys
from decimal import Decimal, ROUND_HALF_EVEN

# --- The contract's numbers (docs/SPEC.md) ---------------------------------------------------------------

NS = 1_000_000_000                 # §3: time is kept in integer nanoseconds
SCREEN_WIDTH = 320                 # §1: portrait, 320 × 568 points
SCREEN_BOTTOM = 568                # §7.3: a row whose top is at or past y 568 is off screen
FIRST_ROW_Y = 144                  # §1: the first row at screen y 144
ROW_HEIGHT = 86                    # §1: each row 320 × 86
NEAR = 60                          # §2: the thresholds, zones closed at their lower bound
FAR = 260
ICON_INSET = 30                    # §2: the icon pinned 30 in from the edge, or 30 behind the row's edge
DEFAULT_MESSAGES = 5               # §1 and §4: `reset` makes 5 messages by default, 1…500
MAX_MESSAGES = 500
DEFAULT_PAN = 3 * NS // 10         # §4: `pan … in S`, S 0.3 s by default
SLIDE = 3 * NS // 10               # §2: a released row slides out (and back after `tap cancel`) over 0.3 s
SNAP = 3 * NS // 10                # §2: a snap back over 0.3 s
HIDE = 3 * NS // 10                # §2: the hide over 0.3 s
FADE = 3 * NS // 10                # §2: the options overlay fades in and out over 0.3 s
UNDO = 3 * NS // 10                # §2: an undone row opens and slides back over 0.3 s
TOLERANCE = 0.001                  # §4: numeric == and != compare within 0.001 unless `within TOL`
MAX_TRANSLATION = 10_000           # §7.10: a translation within ±10 000 pt
MAX_VELOCITY = 1_000_000           # §7.10: `release VX` within ±1 000 000 pt/s
MAX_PAN = 3600 * NS                # §7.10: one pan at most 3 600 s
MAX_ADVANCE = 1_000_000_000 * NS   # §7.10: one `advance` at most 1 000 000 000 s
CLOCK_END = 2 ** 63 - 1            # §7.10: the clock stops at 2⁶³ − 1 ns
MAX_LINE_BYTES = 16 * 1024 * 1024  # §7.10: a script line is at most 16 MiB

PALETTE = {                        # §1, in its order (a colour prints with the first name that has it)
    "gray": "#B2B2B2",
    "yellow": "#FECA16",
    "brown": "#CE9662",
    "green": "#55D550",
    "red": "#E73D0E",
    "blue": "#44AAD2",
}
COLOUR_NAMES = {hex_code: name for name, hex_code in reversed(PALETTE.items())}

RESCHEDULE_OPTIONS = ("later-today", "this-evening", "tomorrow", "this-weekend", "next-week", "in-a-month",
                      "someday")  # §2
LIST_OPTIONS = ("to-buy", "to-read", "to-watch")  # §2
FOLDERS = ("inbox", "later", "list", "archive", "trash")  # §5

# The commands this model plays; every other command of the language is one it does not (NOT_MODELLED).
MODELLED = ("reset", "pan", "release", "advance", "wait", "settle", "tap", "choose", "shake", "expect", "quit",
            "exit")


def contract_commands():
    """Every name of every command in §4's table (docs/SPEC.md; its rows are kept from mailsim's command table)."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "SPEC.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    block = text[text.index("<!-- generated: commands -->"):text.index("<!-- end generated -->")]
    names = []
    for row in block.split("\n"):
        if row.startswith("| `"):
            first_cell = re.split(r"(?<!\\) \| ", row[2:], maxsplit=1)[0]
            names += [span.split(" ")[0] for span in re.findall(r"`([^`]+)`", first_cell)]
    return names


NOT_MODELLED = tuple(name for name in contract_commands() if name not in MODELLED and name != "!")
TAP_TARGETS_NOT_MODELLED = ("compose", "menu", "segment", "to", "subject", "body", "delete-draft", "keep-draft")

# §4 and §7.11: plain decimals, an optional sign and fraction, no exponent, at most 15 digits before the point.
NUMBER = re.compile(r"[+-]?(\d{1,15}(\.\d*)?|\.\d+)")
HEX_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
MESSAGE = re.compile(r"msg(\d+)")
# §7.12: control characters (C0 but the tab, DEL, C1) and invisible ones are refused anywhere on a line.
FORBIDDEN = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\ufeff]")


class Refused(Exception):
    """A command the language or the screen refuses (§4): an error, unless the line starts with `!`."""


class NotExcusable(Exception):
    """An error that `!` does not excuse (§7.5: `! expect`, `! !`)."""


class NotModelled(Exception):
    """A command of mailsim's language that this model does not play."""


# --- Numbers ------------------------------------------------------------------------------------------------

def parse_number(text):
    if not NUMBER.fullmatch(text):
        raise Refused(f"'{text}' is not a number")
    return float(text)


def parse_duration(text):
    """Seconds as written, in whole nanoseconds (§3: time is exact, not a sum of floating-point seconds)."""
    parse_number(text)
    if text.startswith("-") and Decimal(text) != 0:
        raise Refused(f"a duration cannot be negative ({text})")
    return int((Decimal(text) * NS).to_integral_value(rounding=ROUND_HALF_EVEN))


def format_number(value):
    """The shortest decimal that reads back as the same double, never with an exponent (§6, §7.11)."""
    if value == 0:
        return "0"
    if value == int(value) and abs(value) < 1e16:
        return str(int(value))
    text = repr(value)
    if "e" not in text:
        return text
    mantissa, exponent = text.split("e")
    sign = "-" if mantissa.startswith("-") else ""
    digits = mantissa.lstrip("-").replace(".", "")
    point = mantissa.lstrip("-").find(".")
    point = (point if point >= 0 else len(digits)) + int(exponent)
    if point <= 0:
        return sign + "0." + "0" * -point + digits.rstrip("0")
    if point >= len(digits):
        return sign + digits + "0" * (point - len(digits))
    return sign + digits[:point] + "." + digits[point:]


# --- Timing curves and animations (§3) ---------------------------------------------------------------------

class CubicBezier:
    """A timing curve as Core Animation defines it: a cubic Bézier from (0, 0) to (1, 1) through two control
    points, read as progress (y) for a fraction of the duration (x)."""

    def __init__(self, x1, y1, x2, y2):
        self.cx = 3 * x1
        self.bx = 3 * (x2 - x1) - self.cx
        self.ax = 1 - self.cx - self.bx
        self.cy = 3 * y1
        self.by = 3 * (y2 - y1) - self.cy
        self.ay = 1 - self.cy - self.by

    def x_at(self, t):
        return ((self.ax * t + self.bx) * t + self.cx) * t

    def y_at(self, t):
        return ((self.ay * t + self.by) * t + self.cy) * t

    def slope_x_at(self, t):
        return (3 * self.ax * t + 2 * self.bx) * t + self.cx

    def parameter_for(self, x):
        """The curve's parameter t where its x is `x`: Newton's method, then bisection if it strays."""
        t = x
        for _ in range(8):
            error = self.x_at(t) - x
            if abs(error) < 1e-12:
                return t
            slope = self.slope_x_at(t)
            if abs(slope) < 1e-9:
                break
            t -= error / slope
        low, high = 0.0, 1.0
        t = x
        for _ in range(100):
            error = self.x_at(t) - x
            if abs(error) < 1e-12:
                break
            if error > 0:
                high = t
            else:
                low = t
            t = (low + high) / 2
        return t

    def progress(self, fraction):
        if fraction <= 0:
            return 0.0
        if fraction >= 1:
            return 1.0
        return self.y_at(self.parameter_for(fraction))


EASE_IN_OUT = CubicBezier(0.42, 0, 0.58, 1)  # §3: every animation is easeInOut unless noted


class AnimatedValue:
    """A property of a view: a value at rest, or the animation that moves it."""

    def __init__(self, value):
        self.value = value
        self.animation = None

    def at(self, now):
        """The presentation value at `now` (§3: evaluated from the animation's start, duration and curve)."""
        if self.animation is None:
            return self.value
        return self.animation.value_at(now)


class Animation:
    def __init__(self, target, begin, duration, start, end, curve, then, order):
        self.target = target        # the AnimatedValue it moves
        self.begin = begin          # ns
        self.finish = begin + duration
        self.duration = duration
        self.start = start
        self.end = end
        self.curve = curve
        self.then = then            # what follows it when it completes (None: nothing)
        self.order = order          # animations completing at the same instant complete in the order they began

    def value_at(self, now):
        if now >= self.finish:
            return self.end
        fraction = (now - self.begin) / self.duration
        return self.start + (self.end - self.start) * self.curve.progress(fraction)


# --- Zones (§2) ----------------------------------------------------------------------------------------------

class Zone:
    """Where a row's x lies: the colour revealed, the icon, and where the icon is and how opaque."""

    def __init__(self, name, side, level, background, icon):
        self.name = name
        self.side = side        # -1 dragging left, +1 dragging right, 0 at rest
        self.level = level      # "rest", "gray" (before the near threshold), "near" or "far"
        self.background = background
        self.icon = icon

    def icon_alpha(self, x):
        """§2's tables: |x| / NEAR before the near threshold, 1 from it; 0 with no icon."""
        if self.level == "rest":
            return 0.0
        if self.level == "gray":
            return abs(x) / NEAR
        return 1.0

    def icon_x(self, x):
        """§2's tables: pinned 30 in from the edge before the near threshold, then 30 behind the row's edge;
        290 with no icon."""
        if self.level == "rest":
            return SCREEN_WIDTH - ICON_INSET
        if self.level == "gray":
            return SCREEN_WIDTH - ICON_INSET if self.side < 0 else ICON_INSET
        if self.side < 0:
            return SCREEN_WIDTH + ICON_INSET + x
        return x - ICON_INSET


REST = Zone("rest", 0, "rest", "gray", "none")
LEFT_GRAY = Zone("left gray", -1, "gray", "gray", "later")
LEFT_NEAR = Zone("later", -1, "near", "yellow", "later")
LEFT_FAR = Zone("list", -1, "far", "brown", "list")
RIGHT_GRAY = Zone("right gray", 1, "gray", "gray", "archive")
RIGHT_NEAR = Zone("archive", 1, "near", "green", "archive")
RIGHT_FAR = Zone("delete", 1, "far", "red", "delete")


def zone_at(x):
    """§2: |x| < NEAR, NEAR ≤ |x| < FAR, |x| ≥ FAR, on the side x points; gray with no icon at x = 0."""
    if x == 0:
        return REST
    distance = abs(x)
    if x < 0:
        return LEFT_GRAY if distance < NEAR else LEFT_NEAR if distance < FAR else LEFT_FAR
    return RIGHT_GRAY if distance < NEAR else RIGHT_NEAR if distance < FAR else RIGHT_FAR


# --- The screen ----------------------------------------------------------------------------------------------

class Row:
    def __init__(self, number):
        self.number = number
        self.name = f"msg{number}"
        self.x = AnimatedValue(0.0)
        self.height = AnimatedValue(float(ROW_HEIGHT))
        self.latch = None           # §7.2: the zone latched at release (its colour and icon), or None
        self.folder = "inbox"
        self.snooze = "none"
        self.list = "none"
        self.leaving = False        # §7.3: its height is collapsing (the hide): it cannot be grabbed

    def zone(self, now):
        return self.latch if self.latch is not None else zone_at(self.x.at(now))


class Finger:
    def __init__(self, row, start_x):
        self.row = row
        self.start_x = start_x      # §2: x = (x when the finger went down) + translation
        self.translation = 0.0
        self.velocity = 0.0         # §7.1: that of the last sampled movement


class Overlay:
    def __init__(self, kind, row):
        self.kind = kind            # "reschedule" or "list"
        self.row = row
        self.alpha = AnimatedValue(0.0)
        self.closing = False
        self.options = RESCHEDULE_OPTIONS if kind == "reschedule" else LIST_OPTIONS


class UndoEntry:
    def __init__(self, row, snooze, list_option):
        self.row = row
        self.snooze = snooze        # §7.9: its snooze and list as they were before the action
        self.list = list_option


class Screen:
    def __init__(self, messages=DEFAULT_MESSAGES):
        self.reset(messages)

    def reset(self, messages):
        """§4: a fresh screen with N messages: time 0, no animation, empty undo stack."""
        self.now = 0
        self.running = []           # the animations under way
        self.started = 0            # how many animations have begun (their order)
        self.rows = [Row(number) for number in range(1, messages + 1)]
        self.finger = None
        self.overlay = None         # the options overlay from the start of its fade-in to the end of its fade-out
        self.waiting = []           # §7.4: overlays waiting for the one on screen to go, oldest first
        self.alert = "none"
        self.undo_stack = []        # oldest first

    # The clock and the animations.

    def animate(self, target, end, duration, then=None, curve=EASE_IN_OUT):
        """Moves `target` from where it is on screen to `end`; §3 and §7.3: a change to the value it already has
        takes no time, is no animation, and what follows runs at once."""
        start = target.at(self.now)
        self.stop(target)
        if start == end:
            if then is not None:
                then()
            return
        animation = Animation(target, self.now, duration, start, end, curve, then, self.started)
        self.started += 1
        target.animation = animation
        self.running.append(animation)

    def stop(self, target):
        """§3: the view stays where it is on screen; the animation and what was to follow it are dropped."""
        if target.animation is not None:
            target.value = target.at(self.now)
            self.running.remove(target.animation)
            target.animation = None

    def complete(self, animation):
        target = animation.target
        target.value = animation.end
        target.animation = None
        self.running.remove(animation)
        if animation.then is not None:
            animation.then()

    def advance_to(self, instant):
        """§3: every animation that completes on the way completes at its own instant, and its follow-up starts
        then."""
        while True:
            first = None
            for animation in self.running:
                if animation.finish <= instant and (
                        first is None or (animation.finish, animation.order) < (first.finish, first.order)):
                    first = animation
            if first is None:
                break
            self.now = first.finish
            self.complete(first)
        self.now = instant

    def settle(self):
        while self.running:
            self.advance_to(min(animation.finish for animation in self.running))

    # What is where.

    def row_named(self, word):
        match = MESSAGE.fullmatch(word)
        if not match:
            raise Refused(f"unknown target '{word}'")
        number = int(match.group(1))
        if not 1 <= number <= len(self.rows):
            raise Refused(f"no message {word} (the screen has msg1 … msg{len(self.rows)})")
        return self.rows[number - 1]

    def row_y(self, row):
        """§7.3: 144 plus the current heights of the rows above it (rows never reorder)."""
        return FIRST_ROW_Y + sum(above.height.at(self.now) for above in self.rows[:row.number - 1])

    def covering(self):
        """§2 and §7.4: what covers the screen, or None."""
        if self.overlay is not None:
            return f"the {self.overlay.kind} overlay"
        if self.alert != "none":
            return "the undo alert"
        return None

    # What follows a release (§2).

    def landed(self, row):
        """§7.2: the latch clears when a snap back, a cancel's slide back or an undone row's return ends."""
        row.latch = None

    def show_overlay(self, kind, row):
        if self.overlay is not None:
            self.waiting.append((kind, row))  # §7.4: it fades in when the one on screen has gone
            return
        self.overlay = Overlay(kind, row)
        self.animate(self.overlay.alpha, 1.0, FADE)

    def hide(self, row, folder, snooze, list_option):
        """§2: the height 86 → 0, the rows below moving up with it; then the message is in its folder."""
        row.leaving = True
        self.animate(row.height, 0.0, HIDE, then=lambda: self.hidden(row, folder, snooze, list_option))

    def hidden(self, row, folder, snooze, list_option):
        row.leaving = False
        row.folder = folder
        self.undo_stack.append(UndoEntry(row, snooze, list_option))  # §7.9: when its hide finishes

    def dismiss_overlay(self, cancel, option=None):
        """§2: `tap`, `choose` and `tap cancel` fade the overlay out, then the hide or the slide back."""
        overlay = self.overlay
        if overlay is None:
            raise Refused("no options overlay is up")
        if overlay.closing:
            raise Refused(f"the {overlay.kind} overlay is already closing")
        if option is not None and option not in overlay.options:
            raise Refused(f"'{option}' is not an option of the {overlay.kind} overlay "
                          f"({', '.join(overlay.options)})")
        row = overlay.row
        overlay.closing = True
        snooze, list_option = row.snooze, row.list
        if option is not None:  # §7.4: recorded at once, not when the hide ends
            if overlay.kind == "reschedule":
                row.snooze = option
            else:
                row.list = option
        if cancel:
            then = lambda: self.overlay_gone(lambda: self.animate(row.x, 0.0, SLIDE, then=lambda: self.landed(row)))
        else:
            folder = "later" if overlay.kind == "reschedule" else "list"
            then = lambda: self.overlay_gone(lambda: self.hide(row, folder, snooze, list_option))
        self.animate(overlay.alpha, 0.0, FADE, then=then)

    def overlay_gone(self, follow_up):
        self.overlay = None
        follow_up()
        if self.waiting:
            kind, row = self.waiting.pop(0)
            self.show_overlay(kind, row)

    def undo(self):
        """§2 and §7.9: the message back in the inbox at once; its height 0 → 86 and its x from the side it left
        to 0, over 0.3 s; its latched colour and icon stay until it lands."""
        entry = self.undo_stack.pop()
        row = entry.row
        side = -SCREEN_WIDTH if row.folder in ("later", "list") else SCREEN_WIDTH
        row.folder = "inbox"
        row.snooze = entry.snooze
        row.list = entry.list
        self.stop(row.x)
        row.x.value = float(side)
        self.animate(row.height, float(ROW_HEIGHT), UNDO)
        self.animate(row.x, 0.0, UNDO, then=lambda: self.landed(row))

    # The commands. Each reads and checks everything before it changes anything (§7.5: a refused command
    # changes nothing).

    def command_reset(self, words):
        if len(words) > 2:
            raise Refused("reset takes at most one number")
        messages = DEFAULT_MESSAGES
        if len(words) == 2:
            value = parse_number(words[1])
            if value != int(value) or not 1 <= value <= MAX_MESSAGES:
                raise Refused(f"reset takes a whole number of messages from 1 to {MAX_MESSAGES}, not {words[1]}")
            messages = int(value)
        self.reset(messages)

    def command_pan(self, words):
        if len(words) not in (3, 5) or (len(words) == 5 and words[3] != "in"):
            raise Refused("usage: pan TARGET DX [in S]")
        if words[1] == "content":
            raise NotModelled("pan content")
        row = self.row_named(words[1])
        translation = parse_number(words[2])
        if abs(translation) > MAX_TRANSLATION:
            raise Refused(f"a translation is within ±{MAX_TRANSLATION} pt, not {words[2]}")
        duration = parse_duration(words[4]) if len(words) == 5 else DEFAULT_PAN
        if duration > MAX_PAN:
            raise Refused(f"a pan lasts at most 3600 s, not {words[4]}")
        covering = self.covering()
        if covering is not None:
            raise Refused(f"{covering} covers the screen")
        if self.finger is not None and self.finger.row is not row:
            raise Refused(f"a finger is already down on {self.finger.row.name}")
        if self.now + duration > CLOCK_END:
            raise Refused("the pan would run past the clock's end")
        if self.finger is None:
            # §2 and §7.3: the finger goes down on a row in the feed, not being hidden, on screen.
            if row.folder != "inbox":
                raise Refused(f"{row.name} is not in the inbox (it is in {row.folder})")
            if row.leaving:
                raise Refused(f"{row.name} is being hidden")
            top = self.row_y(row)
            if top >= SCREEN_BOTTOM:
                raise Refused(f"{row.name} is off screen (its top is at y {format_number(top)}; the screen ends "
                              f"at {SCREEN_BOTTOM}, and the feed does not scroll)")
            # §3 and §7.3: the finger takes the row where it is on screen; its animation and its follow-up stop.
            start_x = row.x.at(self.now)
            self.stop(row.x)
            row.latch = None
            self.finger = Finger(row, start_x)
        finger = self.finger
        # §7.1: evenly spaced samples at constant speed, the last exactly at the translation, so the row ends on
        # (x at finger down) + DX; the velocity is that of the last sampled movement, 0 after `in 0`.
        moved = translation - finger.translation
        self.advance_to(self.now + duration)
        finger.translation = translation
        finger.velocity = moved / (duration / NS) if duration > 0 else 0.0
        row.x.value = finger.start_x + translation

    def command_release(self, words):
        if len(words) > 2:
            raise Refused("usage: release [VX]")
        if len(words) == 2:
            velocity = parse_number(words[1])
            if abs(velocity) > MAX_VELOCITY:
                raise Refused(f"a velocity is within ±{MAX_VELOCITY} pt/s, not {words[1]}")
        if self.finger is None:
            raise Refused("no finger is down (nothing to release)")
        # §2: the zone at release decides; velocity does not change it (escape.velocity is off by default).
        row = self.finger.row
        self.finger = None
        zone = zone_at(row.x.at(self.now))
        if zone is REST:
            return  # §3: released at x 0: nothing changes, nothing animates
        row.latch = zone
        if zone.level == "gray":
            self.animate(row.x, 0.0, SNAP, then=lambda: self.landed(row))
        elif zone is LEFT_NEAR:
            self.animate(row.x, -float(SCREEN_WIDTH), SLIDE, then=lambda: self.show_overlay("reschedule", row))
        elif zone is LEFT_FAR:
            self.animate(row.x, -float(SCREEN_WIDTH), SLIDE, then=lambda: self.show_overlay("list", row))
        elif zone is RIGHT_NEAR:
            self.animate(row.x, float(SCREEN_WIDTH), SLIDE,
                         then=lambda: self.hide(row, "archive", row.snooze, row.list))
        else:
            self.animate(row.x, float(SCREEN_WIDTH), SLIDE,
                         then=lambda: self.hide(row, "trash", row.snooze, row.list))

    def command_advance(self, words):
        if len(words) != 2:
            raise Refused(f"usage: {words[0]} S")
        duration = parse_duration(words[1])
        if duration > MAX_ADVANCE:
            raise Refused(f"one advance is at most 1000000000 s, not {words[1]}")
        if self.now + duration > CLOCK_END:
            raise Refused("the clock would run past its end")
        self.advance_to(self.now + duration)

    def command_settle(self, words):
        if len(words) != 1:
            raise Refused("settle takes nothing")
        self.settle()

    def command_tap(self, words):
        if len(words) == 1:
            if self.alert != "none":
                raise Refused("the undo alert covers the screen")
            self.dismiss_overlay(cancel=False)
            return
        target = words[1]
        if target in TAP_TARGETS_NOT_MODELLED:
            raise NotModelled(f"tap {target}")
        if len(words) != 2:
            raise Refused(f"usage: tap {target}")
        if target == "cancel":
            if self.alert != "none":
                self.alert = "none"  # §7.9: alerts go at once
            elif self.overlay is not None:
                self.dismiss_overlay(cancel=True)
            else:
                raise Refused("nothing to cancel")
        elif target == "undo":
            if self.alert != "undo":
                raise Refused("no undo alert is up")
            self.alert = "none"
            self.undo()
        else:
            raise Refused(f"unknown tap target '{target}'")

    def command_choose(self, words):
        if len(words) != 2:
            raise Refused("usage: choose OPTION")
        if self.alert != "none":
            raise Refused("the undo alert covers the screen")
        self.dismiss_overlay(cancel=False, option=words[1])

    def command_shake(self, words):
        if len(words) != 1:
            raise Refused("shake takes nothing")
        covering = self.covering()
        if covering is not None:
            raise Refused(f"{covering} covers the screen")
        if not self.undo_stack:
            print("Nothing to undo.")
            return
        self.alert = "undo"

    # The properties `expect` reads (§5): (what kind of value, the value).

    def read(self, path):
        if path.startswith("msg"):
            name, _, field = path.partition(".")
            row = self.row_named(name)
            return self.read_row(row, field, path)
        if path == "time":
            return "number", self.now / NS
        if path == "animating":
            return ("true", "false"), "true" if self.running else "false"
        if path == "gesture":
            return ("none", "pan", "edgepan"), "pan" if self.finger is not None else "none"
        if path == "overlay":
            return ("none", "reschedule", "list"), self.overlay.kind if self.overlay is not None else "none"
        if path == "overlay.alpha":
            return "number", self.overlay.alpha.at(self.now) if self.overlay is not None else 0.0
        if path == "alert":
            return ("none", "undo", "draft"), self.alert
        if path == "undo.count":
            return "number", float(len(self.undo_stack))
        folder, _, count = path.partition(".")
        if count == "count" and folder in FOLDERS:
            return "number", float(sum(1 for row in self.rows if row.folder == folder))
        raise NotModelled(path)

    def read_row(self, row, field, path):
        now = self.now
        if field == "x":
            return "number", row.x.at(now)
        if field == "y":
            return "number", self.row_y(row)
        if field == "height":
            return "number", row.height.at(now)
        if field == "background":
            return "colour", PALETTE[row.zone(now).background]
        if field == "icon":
            return ("none", "later", "list", "archive", "delete"), row.zone(now).icon
        if field == "icon.alpha":
            # §7.2: after release the icon's alpha and x keep following x through the latched zone's formula.
            return "number", row.zone(now).icon_alpha(row.x.at(now))
        if field == "icon.x":
            return "number", row.zone(now).icon_x(row.x.at(now))
        if field == "folder":
            return FOLDERS, row.folder
        if field == "visible":
            return ("true", "false"), "true" if row.folder == "inbox" else "false"
        if field == "snooze":
            return ("none",) + RESCHEDULE_OPTIONS, row.snooze
        if field == "list":
            return ("none",) + LIST_OPTIONS, row.list
        raise NotModelled(path)


# --- Checks (§4: `expect PATH OP VALUE [within TOL]`) ----------------------------------------------------------

COMPARISONS = {
    "==": lambda actual, expected, tolerance: abs(actual - expected) <= tolerance,
    "!=": lambda actual, expected, tolerance: abs(actual - expected) > tolerance,
    "<": lambda actual, expected, tolerance: actual < expected,
    "<=": lambda actual, expected, tolerance: actual <= expected,
    ">": lambda actual, expected, tolerance: actual > expected,
    ">=": lambda actual, expected, tolerance: actual >= expected,
}


def parse_colour(text):
    if text.lower() in PALETTE:
        return PALETTE[text.lower()]
    if HEX_COLOUR.fullmatch(text):
        return text.upper()
    raise Refused(f"'{text}' is not a colour (a palette name or #RRGGBB)")


def describe(kind, value):
    """The value as a failure message quotes it (`got 59.99999999999999`, `got yellow #FECA16`)."""
    if kind == "number":
        return format_number(value)
    if kind == "colour":
        return f"{COLOUR_NAMES[value]} {value}" if value in COLOUR_NAMES else value
    return value


def check_expectation(screen, words):
    """True when it holds, else the value it read, described; Refused for a line that cannot be checked."""
    if len(words) not in (4, 6) or (len(words) == 6 and words[4] != "within"):
        raise Refused("usage: expect PATH OP VALUE [within TOL]")
    path, operator, text = words[1], words[2], words[3]
    if operator not in COMPARISONS:
        raise Refused(f"unknown comparison '{operator}' (==, !=, <, <=, >, >=)")
    kind, actual = screen.read(path)
    if kind == "number":
        expected = parse_number(text)
        tolerance = TOLERANCE
        if len(words) == 6:
            tolerance = parse_number(words[5])
            if tolerance < 0:
                raise Refused("a tolerance cannot be negative")
        holds = COMPARISONS[operator](actual, expected, tolerance)
    else:
        if len(words) == 6:
            raise Refused(f"{path} is not a number: `within` does not apply")
        if operator not in ("==", "!="):
            raise Refused(f"{path} compares with == and != only")
        if kind == "colour":
            expected = parse_colour(text)
        elif text in kind:
            expected = text
        else:
            raise Refused(f"{path} is one of {', '.join(kind)}, not '{text}'")
        holds = (actual == expected) == (operator == "==")
    return True if holds else describe(kind, actual)


# --- The script ----------------------------------------------------------------------------------------------

class ScriptEnded(Exception):
    """`quit` or `exit`: the script ends here, as at its end (§7.1)."""


class Run:
    def __init__(self, name):
        self.name = name
        self.screen = Screen()
        self.lines = 0
        self.checks = 0
        self.failures = 0
        self.commands = {
            "reset": self.screen.command_reset,
            "pan": self.screen.command_pan,
            "release": self.screen.command_release,
            "advance": self.screen.command_advance,
            "wait": self.screen.command_advance,
            "settle": self.screen.command_settle,
            "tap": self.screen.command_tap,
            "choose": self.screen.command_choose,
            "shake": self.screen.command_shake,
            "quit": self.quit,
            "exit": self.quit,
        }

    def quit(self, words):
        if len(words) != 1:
            raise Refused(f"{words[0]} takes nothing")
        raise ScriptEnded()

    def fail(self, number, message):
        self.failures += 1
        print(f"{self.name}:{number}: {message}", file=sys.stderr)

    def error(self, number, message):
        print(f"{self.name}:{number}: error: {message}", file=sys.stderr)
        return 2

    def execute(self, words):
        """Runs one command; raises Refused, NotExcusable or NotModelled."""
        word = words[0]
        if word in self.commands:
            self.commands[word](words)
        elif word in NOT_MODELLED:
            raise NotModelled(word)
        else:
            raise Refused(f"unknown command '{word}'")

    def play(self, number, line):
        words = line.split()
        if "#" in words:  # §4: a lone `#` after a blank starts a comment
            words = words[:words.index("#")]
        if not words or words[0].startswith("#"):
            return
        if words[0] == "expect":
            self.checks += 1
            result = check_expectation(self.screen, words)
            if result is not True:
                self.fail(number, f"expected {' '.join(words[1:])}, got {result}")
            return
        if words[0] != "!":
            self.execute(words)
            return
        command = words[1:]
        if not command:
            raise NotExcusable("`!` needs a command after it")
        if command[0] in ("!", "expect"):
            raise NotExcusable(f"`! {command[0]}` cannot be checked: write the opposite operator instead")
        self.checks += 1
        try:
            self.execute(command)
        except Refused:
            return
        self.fail(number, f"expected '{' '.join(command)}' to be refused, but it succeeded")

    def run(self, stream):
        """Plays the script's lines as they are read; the exit status."""
        number = 0
        for raw in stream:
            number += 1
            self.lines = number
            if len(raw) > MAX_LINE_BYTES:
                return self.error(number, "line longer than 16 MiB")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as problem:
                return self.error(number, f"invalid UTF-8 (byte 0x{raw[problem.start]:02X} at column "
                                          f"{problem.start + 1})")
            line = line.rstrip("\n")
            if line.endswith("\r"):
                line = line[:-1]
            if number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            bad = FORBIDDEN.search(line)
            if bad:
                return self.error(number, f"U+{ord(bad.group()):04X} at column {bad.start() + 1} is not allowed")
            try:
                self.play(number, line)
            except ScriptEnded:
                break
            except NotModelled as word:
                return self.error(number, f"the reference model does not model '{word}'")
            except (Refused, NotExcusable) as problem:
                return self.error(number, str(problem))
        if self.screen.finger is not None:
            return self.error(number, f"the script ended with a finger still down on {self.screen.finger.row.name}")
        if self.failures:
            print(f"{self.lines} lines, {self.checks} checks: {self.failures} failed")
            return 1
        print(f"{self.lines} lines, {self.checks} checks: all held")
        return 0


def main(arguments):
    if len(arguments) != 1:
        print("usage: python3 Benchmarks/reference.py FILE.mbs (or - for standard input)", file=sys.stderr)
        return 2
    path = arguments[0]
    if path == "-":
        return Run("<stdin>").run(sys.stdin.buffer)
    try:
        with open(path, "rb") as stream:
            return Run(path).run(stream)
    except OSError as problem:
        print(f"error: cannot read '{path}': {problem.strerror}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
