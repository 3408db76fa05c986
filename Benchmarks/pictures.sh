#!/usr/bin/env bash
# The picture figures of the README, with the release binary: `make bench-pictures`.
#
#   - a 3-second walkthrough at 30 fps and scale 2 as GIF (91 frames of 640 × 1224: the screen's 1136 rows
#     and the caption strip), the whole `mailsim record` run, and the file's size (each frame has its own
#     colour table, made from its pixels);
#   - one PNG snapshot (scale 2) and one SVG snapshot: scripts of 1 and of 201 snapshots, so that the
#     difference over 200 is the cost of one, without the process start; and the cost of the first picture
#     (loading cairo with dlopen).
#
# Needs hyperfine and python3. Wall-clock figures move with the machine's load.
set -euo pipefail
cd "$(dirname "$0")/.."
MAILSIM=$(realpath "${MAILSIM:-.build/release/mailsim}")
command -v hyperfine >/dev/null || { echo "$0: needs hyperfine" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

# 0.3 s pan, 0.6 s slide and fade, 0.6 s dismiss and hide, 0.3 s pan, 0.6 s slide and hide, 0.6 s still.
printf 'pan msg1 -180 in 0.3\nrelease\nadvance 0.6\ntap\nadvance 0.6\npan msg2 120 in 0.3\nrelease\nadvance 0.6\nadvance 0.6\n' > three-seconds.mbs
swipe='pan msg1 -180\n'
printf "$swipe"'release\nsettle\ntap\nsettle\n' > none.mbs
python3 - <<'PY'
swipe = "pan msg1 -180\n"
end = "release\nsettle\ntap\nsettle\n"
for fmt in ("png", "svg"):
    for n in (1, 201):
        open(f"{fmt}-{n}.mbs", "w").write(swipe + f"snapshot s.{fmt}\n" * n + end)
PY

hyperfine -N --style basic --warmup 2 --runs 10 --export-json gif.json \
  "$MAILSIM record three-seconds.mbs -o walk.gif" >&2
hyperfine -N --style basic --warmup 3 --runs 20 --export-json snapshots.json \
  "$MAILSIM run none.mbs" "$MAILSIM run png-1.mbs" "$MAILSIM run png-201.mbs" \
  "$MAILSIM run svg-1.mbs" "$MAILSIM run svg-201.mbs" >&2

python3 - "$MAILSIM" <<'PY'
import json, subprocess, sys
import os
gif = json.load(open("gif.json"))["results"][0]
size = os.path.getsize("walk.gif")
runs = {r["command"].split()[-1]: r["median"] for r in json.load(open("snapshots.json"))["results"]}
frames = subprocess.run([sys.executable, "-c", "print(91)"], capture_output=True, text=True).stdout.strip()
ms = lambda s: f"{s * 1000:.2f} ms"
print()
print("| picture | time (median) | target |")
print("|---|---|---|")
print(f"| 3 s walkthrough, 30 fps, scale 2, GIF (91 frames, whole `mailsim record`) | {ms(gif['median'])} | < 1 s |")
print(f"| its size | {size / 1e6:.2f} MB ({size} bytes) | |")
print(f"| one PNG snapshot, scale 2 (640 × 1136) | {ms((runs['png-201.mbs'] - runs['png-1.mbs']) / 200)} | < 20 ms |")
print(f"| one SVG snapshot | {ms((runs['svg-201.mbs'] - runs['svg-1.mbs']) / 200)} | < 1 ms |")
print(f"| the first picture of a run (cairo opened with dlopen, fonts found) | {ms(runs['png-1.mbs'] - runs['none.mbs'])} | |")
PY
