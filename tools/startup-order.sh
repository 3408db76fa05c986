#!/usr/bin/env bash
# Writes tools/startup-order.txt: the functions mailsim runs when it starts, in the order they first run, for the
# release link to place side by side (`ld.lld --symbol-ordering-file`; the Makefile's RELEASE_FLAGS). A start then
# touches a few dozen pages of code instead of code spread over the 11 MB text section: 190 page faults became
# 169 and start-up went from about 1.2× to about 1.05× `sqlite3 :memory: .quit` (docs/performance.md, "Start-up:
# code in the order it runs"). The list only orders; a function missing from it (new code) is placed as before, a
# name no longer in the binary is ignored. Rerun after a change that moves start-up a lot, and commit the list.
#
#     tools/startup-order.sh [MAILSIM]          # MAILSIM: a release build (default .build/release/mailsim)
#     tools/startup-order.sh --check [MAILSIM]  # how many listed functions the binary still has
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
binary=${1:-.build/release/mailsim}
list=tools/startup-order.txt
[ -x "$binary" ] || { echo "startup-order: no $binary (make release first)" >&2; exit 2; }
if [ $check = 1 ]; then
  total=$(wc -l < "$list")
  present=$(nm --defined-only "$binary" | awk '{print $3}' | sort -u | comm -12 - <(sort -u "$list") | wc -l)
  echo "startup-order: $present of $total listed functions are in $binary"
  [ $((present * 4)) -ge $((total * 3)) ] || { echo "startup-order: the list is stale (under 75 %): rerun tools/startup-order.sh" >&2; exit 1; }
  exit 0
fi
command -v valgrind >/dev/null || { echo "startup-order: needs valgrind" >&2; exit 2; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
printf 'pan msg1 -180\nrelease\nadvance 0.6\nexpect overlay == reschedule\nchoose tomorrow\n' > "$work/five.mbs"
# The common starts: a script run, a test of one script, a script on standard input, --version.
i=0
for call in "run $work/five.mbs" "test $work/five.mbs" "--version"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$i.out" "$binary" $call >/dev/null 2>&1 || true
done
i=$((i + 1))
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$i.out" "$binary" < "$work/five.mbs" >/dev/null 2>&1 || true
nm --defined-only "$binary" | awk '{print $3}' | sort -u > "$work/defined"
# Callgrind names each function in full the first time it appears ("fn=(ID) NAME"); that order is kept.
sed -n 's/^c\{0,1\}fn=([0-9]*) //p' "$work"/[0-9]*.out | sed "s/'.*//" | awk '!seen[$0]++' \
  | awk 'NR == FNR { defined[$0] = 1; next } defined[$0]' "$work/defined" - > "$list"
echo "startup-order: $(wc -l < "$list") functions in $list"
