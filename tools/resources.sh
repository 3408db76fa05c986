#!/bin/sh
# Measures time and peak memory (GNU time's "Maximum resident set size") of the long runs the test suite only
# samples, with the release binary:
#
#   tools/resources.sh [BINARY]     default .build/release/mailsim (built when missing)
#
#   1. a million commands on standard input (gestures, undo, looks), against a hundred thousand: the session
#      stays bounded (the timeline keeps 10 000 entries; a script keeps no transcript) and `mailsim` reads the
#      script in pieces as it runs it, so the peak does not grow with the script's length;
#   2. `reset 500`, then a 100 000-line script over the 500 rows;
#   3. `set fps 240` and `pan msg1 100 in 3600`: 864 000 frames, the longest single pan.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
binary=${1:-.build/release/mailsim}
if [ ! -x "$binary" ]; then swift build -c release --disable-index-store; fi
[ -x /usr/bin/time ] || { echo "resources: needs GNU time (/usr/bin/time; apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A cycle of 20 commands that ends at rest (shared with Tests/mailsimCLITests/ResourceTests.swift).
cycle() {
    grep -v '^#' Tests/Fixtures/resource-cycle.mbs
}

# Repeats the cycle until the script has N lines.
script() {
    cycle | awk -v n="$1" '{ line[NR] = $0 } END { for (i = 0; i < n; i++) print line[i % NR + 1] }' > "$2"
}

measure() {
    label=$1; shift
    status=0
    /usr/bin/time -f "%e s, %M KB peak" -o "$work/time" "$@" > "$work/out" 2> "$work/err" || status=$?
    printf '%-56s %s; exit %s, %s lines of output, %s on stderr\n' "$label" "$(cat "$work/time")" "$status" \
        "$(grep -c '' "$work/out")" "$(grep -c '' "$work/err")"
}

echo "resources: $binary"
script 100000 "$work/100k.mbs"
script 1000000 "$work/1m.mbs"
measure "100 000 commands on standard input" sh -c "\"$binary\" < \"$work/100k.mbs\""
measure "1 000 000 commands on standard input" sh -c "\"$binary\" < \"$work/1m.mbs\""
printf 'timeline\n' | cat "$work/1m.mbs" - | "$binary" | tail -n +600001 > "$work/timeline"
printf 'timeline after 1 000 000 commands: %s lines, the first: %s\n' "$(grep -c '' "$work/timeline")" "$(head -n 1 "$work/timeline")"

# reset 500 and 100 000 lines over the rows on screen (msg1 … msg5: the feed does not scroll, SPEC §7.3).
awk 'BEGIN {
    print "reset 500"
    for (i = 0; i < 12500; i++) {
        n = i % 5 + 1
        printf "pan msg%d -100 in 0\nrelease\nsettle\ntap\nsettle\nshake\ntap undo\nsettle\n", n
    }
}' > "$work/reset500.mbs"
echo "state" >> "$work/reset500.mbs"
measure "reset 500, then 100 000 lines over the rows" "$binary" run "$work/reset500.mbs"

printf 'set fps 240\npan msg1 100 in 3600\nrelease\nsettle\nexpect msg1.folder == archive\n' > "$work/pan.mbs"
measure "set fps 240; pan msg1 100 in 3600 (864 000 frames)" "$binary" run "$work/pan.mbs"
