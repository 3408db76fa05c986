#!/usr/bin/env python3
"""The last line of `make test`: what each step ran, read from the closing lines of the logs the Makefile's test
recipe tees to .build/test-logs/NAME.log (one per step, in the order given). Usage: tools/test-summary.py
[--skipped 'STEP…'] LOG…

Each step prints its own closing line; a step whose log has no count it recognises is named without one (so that
a changed closing line shows here rather than disappearing). The exit status is 0: make's own status says pass/fail,
and this line is printed only when every step passed."""
import os
import re
import sys

ANSI = re.compile(r"\x1b\[[0-9;]*m")

# (log name, pattern on a line, what the count is called); the last matching line of the log counts.
PATTERNS = {
    "unit": [(r"Test run with (\d+) tests? in \d+ suites? passed", "unit tests"),
             (r"Executed (\d+) tests?, with 0 failures", "unit tests")],
    "scripts": [(r"^(\d+) passed, 0 failed", "scripts")],
    "page": [(r"^import_cycles: (\d+) modules", "page modules checked")],
    "site": [(r"^site: \S+ \((\d+) files", "site files")],
    "wasm": [(r"^wasm: (\d+) checks, 0 failed", "page-module checks")],
    "repl": [(r"^(\d+) passed, 0 failed", "REPL checks")],
    "docs": [(r"^docs: (\d+) examples ran(?: \(\d+ of them outputs\))?, 0 failed", "doc examples")],
    "trace": [(r"^trace events: all checks passed", "trace-event checks")],
    "reference": [(r"^reference model: (\d+) checks, 0 failed", "reference-model checks")],
    "pictures": [(r"^Ran (\d+) tests?", "picture checks")],
    "formats": [(r"^Ran (\d+) tests?", "format checks")],
    "handoff": [(r"^Ran (\d+) tests?", "token-format checks")],
    "faults": [(r"^faults: (\d+) cases, 0 failed", "faults")],
    "hostile": [(r"^hostile: (\d+) cases, 0 crashes", "hostile cases")],
    "playground": [(r"^playground server: (\d+) checks, 0 failed", "playground server checks")],
    "attacks": [(r"^playground attacks: (\d+) checks, 0 failed", "playground attack checks")],
    "public": [(r"^playground public: (\d+) checks, 0 failed", "public-address checks")],
    "install": [(r"^install: (\d+) checks, 0 failed", "install checks")],
    "completion": [(r"^(\d+) passed, 0 failed", "completion checks")],
    "browser": [(r"^browser: (\d+) tests \(.*\), 0 failed", "browser checks"),
                (r"^Ran (\d+) tests?", "browser checks")],
    "proxy": [(r"^proxy: (\d+) checks, 0 failed", "proxy checks")],
    "lsp": [(r"^(\d+) LSP protocol checks passed", "LSP protocol checks")],
    "nvim": [(r"^(\d+) Neovim LSP checks passed", "Neovim LSP checks")],
    "dist": [(r"^dist: (\d+) checks, 0 failed", "dist checks")],
    "fuzz": [(r"^fuzz: no finding in (\S+) runs", "fuzz runs")],
}


def count(name, text):
    lines = [ANSI.sub("", line) for line in text.splitlines()]
    for pattern, noun in PATTERNS.get(name, []):
        for line in reversed(lines):
            match = re.search(pattern, line)
            if match:
                return f"{match.group(1)} {noun}" if match.groups() else noun
    return name


def main(args):
    skipped = []
    if args[:1] == ["--skipped"]:
        skipped, args = args[1].split(), args[2:]
    paths = args
    parts = []
    for path in paths:
        name = os.path.splitext(os.path.basename(path))[0]
        try:
            with open(path, encoding="utf-8", errors="replace") as log:
                parts.append(count(name, log.read()))
        except FileNotFoundError:
            continue  # a step not run (fuzzing with TEST_FUZZ_SECONDS=0)
    skips = f" (skipped: {', '.join(skipped)})" if skipped else ""
    # Each step's wall-clock seconds, as the Makefile's `logged` wrote them beside the logs: where CI's time goes.
    times = os.path.join(os.path.dirname(paths[0]), "seconds") if paths else ""
    if times and os.path.exists(times):
        with open(times) as f:
            steps = [line.split() for line in f if len(line.split()) == 2]
        total = sum(int(s) for _, s in steps)
        print("make test: seconds a step: " + ", ".join(f"{n} {s}" for n, s in steps) + f" ({total} s in all)")
    print(f"make test: {', '.join(parts)}: all passed{skips}")


if __name__ == "__main__":
    main(sys.argv[1:])
