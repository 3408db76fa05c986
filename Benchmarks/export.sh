#!/usr/bin/env bash
# The hand-off's figures (issue 35, docs/handoff.md), with the release binary: `make bench-handoff`.
#
#   - `mailsim export FORMAT` of SPEC's settings for each format, beside `mailsim --version` (the process's start
#     and exit alone), so that the difference is the export's own time;
#   - the same after a script that tunes springs, colours and rules (`set` lines only: the script's own cost is
#     that of a few lines);
#   - each file's size in bytes and lines, and how long `swiftc -typecheck` takes on the Swift file and Node on
#     importing the module (what an engineer's build and a page's load pay).
#
# Needs hyperfine, python3, swiftc and node. Wall-clock figures move with the machine's load.
set -euo pipefail
cd "$(dirname "$0")/.."
MAILSIM=$(realpath "${MAILSIM:-.build/release/mailsim}")
command -v hyperfine >/dev/null || { echo "$0: needs hyperfine" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

cat > tuned.mbs <<'MBS'
set profile swipecellkit
set threshold.left.near 72
set curve.slide spring 0.7 0.4
set curve.menu spring swiftui duration 0.5 bounce 0.3
set color.yellow #FFC107
set menu.release position 200
set icon.fade 20 70
MBS

formats=(swift js tokens css)
commands=("$MAILSIM --version")
for f in "${formats[@]}"; do commands+=("$MAILSIM export $f"); done
for f in "${formats[@]}"; do commands+=("$MAILSIM export $f tuned.mbs"); done
hyperfine -N --style basic --warmup 5 --runs 100 --export-json export.json "${commands[@]}" >&2

for f in "${formats[@]}"; do "$MAILSIM" export "$f" -o "default.$f"; "$MAILSIM" export "$f" tuned.mbs -o "tuned.$f"; done
cp default.js default.mjs
hyperfine -N --style basic --warmup 1 --runs 5 --export-json compile.json \
  "swiftc -typecheck -swift-version 6 default.swift" "node -e 'import(\"./default.mjs\")'" >&2

python3 - <<'PY'
import json, os
runs = {r["command"]: r for r in json.load(open("export.json"))["results"]}
start = next(r["median"] for c, r in runs.items() if c.endswith("--version"))
compile_runs = json.load(open("compile.json"))["results"]
ms = lambda s: f"{s * 1000:.2f} ms"
print()
print(f"process start and exit (`mailsim --version`): {ms(start)}")
print()
print("| format | export, SPEC's settings (whole run; its own part) | export after a tuning script | size | lines |")
print("|---|---|---|---|---|")
for f in ("swift", "js", "tokens", "css"):
    d = next(r for c, r in runs.items() if c.endswith(f"export {f}"))
    t = next(r for c, r in runs.items() if c.endswith(f"export {f} tuned.mbs"))
    size = os.path.getsize(f"default.{f}")
    lines = sum(1 for _ in open(f"default.{f}"))
    print(f"| {f} | {ms(d['median'])}; {ms(d['median'] - start)} | {ms(t['median'])} | {size / 1024:.1f} KiB ({size} bytes) | {lines} |")
print()
print(f"`swiftc -typecheck -swift-version 6` on the Swift file: {ms(compile_runs[0]['median'])}; "
      f"Node importing the module: {ms(compile_runs[1]['median'])}")
PY
