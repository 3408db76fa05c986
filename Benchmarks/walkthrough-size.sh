#!/usr/bin/env bash
# Walkthrough sizes against gifsicle -O3, and memory against length, with the release binary:
# `make bench-walkthroughs`.
#
#   - the 3-second walkthrough of Benchmarks/pictures.sh (91 frames of 640 × 1224) as GIF, WebP, MP4 and WebM:
#     each file's size and the CPU time of the whole `mailsim record` (user + system: on a shared machine the
#     wall clock moves with the load, the CPU time much less), and `gifsicle -O3` run on mailsim's GIF;
#   - peak memory (max RSS, /usr/bin/time -v) of a 3-second and a 2-minute walkthrough: flat when the frames are
#     written as they are drawn.
#
# BASELINE=path/to/another/mailsim runs the same on that binary too, side by side. Needs gifsicle and GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
MAILSIM=$(realpath "${MAILSIM:-.build/release/mailsim}")
BASELINE=${BASELINE:+$(realpath "$BASELINE")}
command -v gifsicle >/dev/null || { echo "$0: needs gifsicle (apt-get install gifsicle)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "$0: needs GNU time (apt-get install time)" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
printf 'pan msg1 -180 in 0.3\nrelease\nadvance 0.6\ntap\nadvance 0.6\npan msg2 120 in 0.3\nrelease\nadvance 0.6\nadvance 0.6\n' > three-seconds.mbs
# Two minutes: the same forty times, each from a fresh screen.
for _ in $(seq 40); do echo reset; cat three-seconds.mbs; done > two-minutes.mbs

# measure NAME BINARY SCRIPT OUTPUT: one line "NAME OUTPUT bytes cpu-seconds max-rss-KiB"; the best CPU of 3 runs
# for the 3-second script.
measure() {
  local name=$1 binary=$2 script=$3 output=$4 runs=3 best="" rss=0
  [ "$script" = two-minutes.mbs ] && runs=1
  for _ in $(seq $runs); do
    /usr/bin/time -f "%U %S %M" -o t.txt "$binary" record "$script" -o "$output" >/dev/null 2>&1 || true
    read -r user sys kib < t.txt
    cpu=$(python3 -c "print(f'{$user + $sys:.2f}')")
    if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $cpu < $best else 1)"; then best=$cpu; fi
    rss=$kib
  done
  echo "$name $output $(stat -c %s "$output") $best $rss"
}

{
  for who in now ${BASELINE:+before}; do
    binary=$MAILSIM
    [ "$who" = before ] && binary=$BASELINE
    measure "$who" "$binary" three-seconds.mbs "$who.gif"
    gifsicle -O3 "$who.gif" -o "$who-O3.gif" 2>/dev/null
    echo "$who gifsicle-O3 $(stat -c %s "$who-O3.gif") - -"
    for format in webp mp4 webm; do
      if "$binary" record three-seconds.mbs -o "probe.$format" >/dev/null 2>&1; then
        measure "$who" "$binary" three-seconds.mbs "$who.$format"
      fi
    done
    measure "$who" "$binary" two-minutes.mbs "$who-2min.gif"
  done
} > results.txt

python3 - <<'PY'
rows = [line.split() for line in open("results.txt")]
print()
print("| binary | walkthrough | size | CPU time | peak memory |")
print("|---|---|---|---|---|")
for who, output, size, cpu, rss in rows:
    what = {"gifsicle-O3": "the same GIF after `gifsicle -O3`"}.get(output, output.split(".", 1)[-1].upper()
                                                                    if "2min" not in output else "GIF, 2 minutes (3601 frames)")
    if "2min" not in output and output != "gifsicle-O3":
        what = "3 s, " + what
    size_text = f"{int(size):,} B"
    cpu_text = f"{cpu} s" if cpu != "-" else ""
    rss_text = f"{int(rss) / 1024:.1f} MiB" if rss != "-" else ""
    print(f"| {who} | {what} | {size_text} | {cpu_text} | {rss_text} |")
PY
