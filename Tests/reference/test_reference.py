#!/usr/bin/env python3
"""Benchmarks/reference.py, the Python reference model, reads what Benchmarks/generate.py writes.

Usage: python3 Tests/reference/test_reference.py [PATH/TO/mailsim]

Two generated scripts (20,000 lines, seeds 1 and 2) must be read with every check held (exit 0, `N lines,
C checks: all held`). Then a copy of each with 20 checks broken on purpose (seeded: numbers moved, colours,
icons and other names swapped, `!` lines made to succeed) must be reported at exactly those lines, each with
the value the original line expected (exit 1). With a mailsim binary given, mailsim must report the same
lines of the broken copies. Last, a command outside the model's subset is an error (exit 2). Python's
standard library only; a few seconds.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GENERATE = os.path.join(ROOT, "Benchmarks", "generate.py")
REFERENCE = os.path.join(ROOT, "Benchmarks", "reference.py")
LINES = 20_000
SEEDS = (1, 2)
BROKEN = 20

PALETTE = ["gray", "yellow", "brown", "green", "red", "blue"]
NAMES = {  # the words a path reads (docs/SPEC.md §5), for swapping one for another
    "icon": ["none", "later", "list", "archive", "delete"],
    "folder": ["inbox", "later", "list", "archive", "trash"],
    "snooze": ["none", "later-today", "this-evening", "tomorrow", "this-weekend", "next-week", "in-a-month",
               "someday"],
    "list": ["none", "to-buy", "to-read", "to-watch"],
    "overlay": ["none", "reschedule", "list"],
    "alert": ["none", "undo"],
    "animating": ["true", "false"],
}
NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")
REPORTED = re.compile(r"^(.*):(\d+): (.*)$")

failures = []
checks = 0


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        failures.append(message)


def kind_of(line):
    """What a check line compares: number, colour, name, refusal; None for any other line."""
    if line.startswith("! "):
        return "refusal"
    if not line.startswith("expect "):
        return None
    path, value = line.split()[1], line.split()[3]
    if NUMBER.fullmatch(value):
        return "number"
    if value in PALETTE:
        return "colour"
    return "name"


def broken(line, rng):
    """The line changed so that it fails: a `!` line whose command succeeds (`settle`: where the generator
    writes `!`, the overlay is up and nothing moves, so it changes nothing), or an `expect` of another value."""
    kind = kind_of(line)
    if kind == "refusal":
        return "! settle"
    words = line.split()
    path, value = words[1], words[3]
    if kind == "number":
        new = float(value) + rng.choice([-1, 1]) * rng.choice([0.5, 1, 2.5, 86])
        text = f"{new:.3f}".rstrip("0").rstrip(".")
        words[3] = "0" if text in ("-0", "") else text
    elif kind == "colour":
        words[3] = rng.choice([name for name in PALETTE if name != value])
    else:
        field = path.rsplit(".", 1)[-1] if path.startswith("msg") else path
        words[3] = rng.choice([name for name in NAMES[field] if name != value])
    return " ".join(words)


def break_checks(lines, count, rng):
    """Breaks `count` checks, as many of each kind as it can: {line number: (original line, broken line)}."""
    by_kind = {}
    for index, line in enumerate(lines):
        kind = kind_of(line)
        if kind is not None:
            by_kind.setdefault(kind, []).append(index)
    kinds = sorted(by_kind)
    chosen = set()
    for k in range(count):
        pool = [index for index in by_kind[kinds[k % len(kinds)]] if index not in chosen]
        chosen.add(rng.choice(pool))
    changed = {}
    for index in sorted(chosen):
        changed[index + 1] = (lines[index], broken(lines[index], rng))
        lines[index] = changed[index + 1][1]
    return changed


def reported(stderr):
    """{line number: message} of the `FILE:LINE: …` lines."""
    found = {}
    for line in stderr.splitlines():
        match = REPORTED.match(line)
        if match:
            found[int(match.group(2))] = match.group(3)
    return found


def got_matches(original, message):
    """The failure quotes the value the original line expected (the value the screen has)."""
    if original.startswith("! "):
        return message == "expected 'settle' to be refused, but it succeeded"
    expected = original.split()[3]
    got = message.rpartition(", got ")[2]
    if NUMBER.fullmatch(expected):
        try:
            return abs(float(got) - float(expected)) <= 0.001
        except ValueError:
            return False
    if expected in PALETTE:
        return re.fullmatch(rf"{expected} #[0-9A-F]{{6}}", got) is not None  # `got yellow #FECA16`
    return got == expected


def run(command):
    return subprocess.run(command, capture_output=True, text=True)


def main():
    mailsim = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
    with tempfile.TemporaryDirectory() as folder:
        for seed in SEEDS:
            script = run([sys.executable, GENERATE, "--lines", str(LINES), "--seed", str(seed)]).stdout
            lines = script.splitlines()
            path = os.path.join(folder, f"seed-{seed}.mbs")
            with open(path, "w") as f:
                f.write(script)
            result = run([sys.executable, REFERENCE, path])
            check(result.returncode == 0 and re.fullmatch(rf"{LINES} lines, \d+ checks: all held\n", result.stdout)
                  and result.stderr == "",
                  f"seed {seed}: expected every check to hold, got exit {result.returncode}: "
                  f"{result.stdout.strip()} {result.stderr[:500]}")

            changed = break_checks(lines, BROKEN, random.Random(seed))
            broken_path = os.path.join(folder, f"seed-{seed}-broken.mbs")
            with open(broken_path, "w") as f:
                f.write("\n".join(lines) + "\n")
            result = run([sys.executable, REFERENCE, broken_path])
            found = reported(result.stderr)
            check(result.returncode == 1, f"seed {seed}, broken: exit {result.returncode}, not 1")
            check(sorted(found) == sorted(changed),
                  f"seed {seed}, broken: reported lines {sorted(found)}, broken lines {sorted(changed)}")
            for number, (original, _) in changed.items():
                if number in found:
                    check(got_matches(original, found[number]),
                          f"seed {seed}, line {number}: {found[number]!r} does not quote {original!r}")
            check(re.search(rf"^{LINES} lines, \d+ checks: {BROKEN} failed$", result.stdout, re.M) is not None,
                  f"seed {seed}, broken: summary {result.stdout.strip()!r}")
            if mailsim:
                theirs = run([mailsim, "run", broken_path])
                check(theirs.returncode == 1 and sorted(reported(theirs.stderr)) == sorted(found),
                      f"seed {seed}, broken: mailsim reported lines {sorted(reported(theirs.stderr))} "
                      f"(exit {theirs.returncode}), the reference {sorted(found)}")

        outside = os.path.join(folder, "outside.mbs")
        with open(outside, "w") as f:
            f.write("reset 5\nexpect msg1.x == 0\nstate\nexpect msg1.x == 0\n")
        result = run([sys.executable, REFERENCE, outside])
        check(result.returncode == 2 and result.stderr == f"{outside}:3: error: the reference model does not "
                                                           f"model 'state'\n",
              f"a command outside the subset: exit {result.returncode}, {result.stderr!r}")

    for failure in failures:
        print("FAIL", failure)
    print(f"reference model: {checks} checks, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
