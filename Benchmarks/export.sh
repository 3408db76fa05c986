#!/usr/bin/env bash
# The hand-off's figures (docs/handoff.md), with the release binary: `make bench-handoff`.
#
#   - `mailsim export FORMAT` of SPEC's settings for each format, the whole run, beside `mailsim --version` (the
#     process's start and exit alone; `export` is read by ArgumentParser, which `run` and `test` skip);
#   - one export's own cost, without the process: scripts of 1 and of 201 `export FORMAT FILE --force` lines, the
#     difference over 200 (the file written atomically included);
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
line_runs=()
for f in "${formats[@]}"; do
  for n in 1 201; do
    for ((i = 0; i < n; i++)); do echo "export $f out.$f --force"; done > "$f-$n.mbs"
    line_runs+=("$MAILSIM run $f-$n.mbs")
  done
done
hyperfine -N --style basic --warmup 2 --runs 10 --export-json lines.json "${line_runs[@]}" >&2

# Sizes and lines are of what standard output prints: a set's files one after another (swift and js are sets of
# files, none over 400 lines; the Swift printed so is still one file that compiles). Node imports the set's entry.
for f in "${formats[@]}"; do "$MAILSIM" export "$f" > "default.$f"; "$MAILSIM" export "$f" tuned.mbs > "tuned.$f"; done
"$MAILSIM" export js -o default-js
hyperfine -N --style basic --warmup 1 --runs 5 --export-json compile.json \
  "swiftc -typecheck -swift-version 6 default.swift" "node -e 'import(\"./default-js/mailbox-interaction.mjs\")'" >&2

python3 - <<'PY'
import json, os
runs = {r["command"]: r for r in json.load(open("export.json"))["results"]}
start = next(r["median"] for c, r in runs.items() if c.endswith("--version"))
lines = {r["command"].split()[-1]: r["median"] for r in json.load(open("lines.json"))["results"]}
compile_runs = json.load(open("compile.json"))["results"]
ms = lambda s: f"{s * 1000:.2f} ms"
print()
print(f"process start and exit (`mailsim --version`): {ms(start)}")
print()
print("| format | `mailsim export FORMAT`, SPEC's settings | after a tuning script | one export in a run | size | lines |")
print("|---|---|---|---|---|---|")
for f in ("swift", "js", "tokens", "css"):
    d = next(r for c, r in runs.items() if c.endswith(f"export {f}"))
    t = next(r for c, r in runs.items() if c.endswith(f"export {f} tuned.mbs"))
    size = os.path.getsize(f"default.{f}")
    one = (lines[f"{f}-201.mbs"] - lines[f"{f}-1.mbs"]) / 200
    count = sum(1 for _ in open(f"default.{f}"))
    print(f"| {f} | {ms(d['median'])} | {ms(t['median'])} | {ms(one)} | {size / 1024:.1f} KiB ({size} bytes) | {count} |")
print()
print(f"`swiftc -typecheck -swift-version 6` on the Swift set printed as one file: {ms(compile_runs[0]['median'])}; "
      f"Node importing the modules: {ms(compile_runs[1]['median'])}")
PY
