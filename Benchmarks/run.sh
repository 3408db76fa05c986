#!/usr/bin/env bash
# Every performance figure of the README, measured on this machine in one run (`make bench` builds the
# release binary first and calls this):
#
#   Benchmarks/run.sh                    # .build/release/mailsim (or $MAILSIM)
#   Benchmarks/run.sh --baseline REV     # also a plain `swift build -c release` of git revision REV, side by side
#   Benchmarks/run.sh --baseline FILE    # also that mailsim binary (say a `make release` of another checkout: the
#                                        # start-up figures compare only between two builds made the same way)
#   Benchmarks/run.sh --quick            # fewer runs (a rough look, not for the README)
#
# Needs hyperfine and python3; uses valgrind (repeatable instruction counts), sqlite3 and lua5.4 when
# they are installed. Wall-clock figures move with the machine's load; the instruction counts do not.
set -euo pipefail
cd "$(dirname "$0")/.."

MAILSIM=${MAILSIM:-.build/release/mailsim}
BASELINE_REV=""
QUICK=""
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) BASELINE_REV=$2; shift 2 ;;
        --quick) QUICK=1; shift ;;
        *) echo "usage: $0 [--baseline REV] [--quick]" >&2; exit 2 ;;
    esac
done

for tool in hyperfine python3; do
    command -v $tool >/dev/null || { echo "$0: needs $tool" >&2; exit 2; }
done
[ -x "$MAILSIM" ] || { echo "$0: no $MAILSIM (make release first)" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"; [ -n "$BASELINE_REV" ] && git worktree remove --force "$WORK.base" 2>/dev/null || true' EXIT
RESULTS=$WORK/results
mkdir -p "$RESULTS"
runs() { [ -n "$QUICK" ] && echo "$2" || echo "$1"; }

# --- The binaries ------------------------------------------------------------------------------------
MAILSIM=$(realpath "$MAILSIM")
BASE=""
if [ -n "$BASELINE_REV" ] && [ -f "$BASELINE_REV" ] && [ -x "$BASELINE_REV" ]; then
    BASE=$(realpath "$BASELINE_REV")
    BASELINE_REV=""
    # Its own checkout's Scripts when it is a build of one (CHECKOUT/.build/…/mailsim: the first folder above it
    # that has a .build and a Scripts), else today's.
    dir=$(dirname "$BASE")
    while [ "$dir" != / ] && ! { [ -d "$dir/.build" ] && [ -d "$dir/Scripts" ]; }; do dir=$(dirname "$dir"); done
    BASE_SCRIPTS=$dir/Scripts
    [ -d "$BASE_SCRIPTS" ] || BASE_SCRIPTS=Scripts
    BASE_SCRIPTS=$(realpath "$BASE_SCRIPTS")
elif [ -n "$BASELINE_REV" ]; then
    echo "building the baseline ($BASELINE_REV) with a plain swift build -c release…" >&2
    git worktree add --detach --force "$WORK.base" "$BASELINE_REV" >/dev/null 2>&1
    (cd "$WORK.base" && swift build -c release --disable-index-store >/dev/null 2>&1)
    BASE="$WORK.base/.build/release/mailsim"
    BASE_SCRIPTS=$WORK.base/Scripts
fi
# python3 may be a pyenv shim (a shell script): time the interpreter itself.
PYTHON=$(python3 -c 'import sys; print(sys.executable)')

# --- The inputs --------------------------------------------------------------------------------------
printf 'pan msg1 -180\nrelease\nadvance 0.6\nexpect overlay == reschedule\nchoose tomorrow\n' > "$WORK/five.mbs"
echo "generating the 1,000,000-line gesture script…" >&2
python3 Benchmarks/generate.py --lines 1000000 --seed 1 > "$WORK/gestures.mbs"
LINES=$(wc -l < "$WORK/gestures.mbs")
head -n 100000 "$WORK/gestures.mbs" > "$WORK/gestures-100k.mbs"
# 864,000 pan frames in one line: 3,600 s sampled at 240 fps.
printf 'set fps 240\npan msg1 -100 in 3600\nrelease\n' > "$WORK/frames.mbs"
# 10,000 advances of a millisecond, then of 100,000 s (the clock alone: 10,000 × 1e9 s would pass its end).
python3 - "$WORK" <<'EOF'
import sys
work = sys.argv[1]
for name, step in (("advance-short", "0.001"), ("advance-long", "100000")):
    open(f"{work}/{name}.mbs", "w").write("".join(f"advance {step}\n" for _ in range(10000)))
# 500 rows released one after another, 0.1 s apart, each as soon as it is on screen (a finger reaches only rows
# on screen, SPEC §7.3): every row slides out and hides, the rows below moving up; the last ones' animations are
# still running, each ending at its own instant. Then one advance.
setup = ["reset 500"] + [l for k in range(1, 501) for l in (f"pan msg{k} 300 in 0", "release", "advance 0.1")]
open(f"{work}/pending.mbs", "w").write("\n".join(setup + ["expect animating == true"]) + "\n")
open(f"{work}/pending-advance.mbs", "w").write("\n".join(setup + ["advance 1000000000", "expect animating == false"]) + "\n")
# That screen (500 messages, animations running, about 3,000 timeline entries), then 20 `state` or 20 `timeline`.
open(f"{work}/state.mbs", "w").write("\n".join(setup + ["state"] * 20) + "\n")
open(f"{work}/timeline.mbs", "w").write("\n".join(setup + ["timeline"] * 20) + "\n")
open(f"{work}/queries-setup.mbs", "w").write("\n".join(setup) + "\n")
# 2,000 `expect msgN.y` on the 500-message screen.
open(f"{work}/y.mbs", "w").write("\n".join(["reset 500"] + [f"expect msg{500 - k % 50}.y >= 0" for k in range(2000)]) + "\n")
open(f"{work}/y-setup.mbs", "w").write("reset 500\n")
EOF

# --- Measuring ---------------------------------------------------------------------------------------
# bench NAME RUNS COMMAND...: hyperfine without a shell, JSON kept for the summary.
bench() {
    local name=$1 runs=$2; shift 2
    hyperfine -N --style basic --warmup 3 --runs "$runs" --export-json "$RESULTS/$name.json" "$@" >&2
}
# instructions COMMAND...: the instruction count of one run (valgrind's callgrind), or nothing.
instructions() {
    command -v valgrind >/dev/null || return 0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
peak_kib() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }

echo "start-up…" >&2
STARTUP=("$MAILSIM run $WORK/five.mbs")
[ -n "$BASE" ] && STARTUP+=("$BASE run $WORK/five.mbs")
command -v sqlite3 >/dev/null && STARTUP+=("sqlite3 :memory: .quit")
command -v lua5.4 >/dev/null && STARTUP+=("lua5.4 -e ''")
STARTUP+=("$PYTHON -c pass")
bench startup "$(runs 500 50)" "${STARTUP[@]}"
# The same in short rounds, one after the other, so that a change in the machine's load hits every command
# of a round alike: the ratio to sqlite3 is taken round by round.
for round in $(seq "$(runs 10 2)"); do bench "startup-round-$round" "$(runs 50 10)" "${STARTUP[@]}"; done
{
    echo "mailsim $(instructions "$MAILSIM" run "$WORK/five.mbs")"
    [ -n "$BASE" ] && echo "baseline $(instructions "$BASE" run "$WORK/five.mbs")"
    command -v sqlite3 >/dev/null && echo "sqlite3 $(instructions sqlite3 :memory: .quit)"
} > "$RESULTS/startup-instructions.txt"

echo "throughput…" >&2
THROUGHPUT=("$MAILSIM run $WORK/gestures.mbs")
[ -n "$BASE" ] && THROUGHPUT+=("$BASE run $WORK/gestures.mbs")
bench throughput "$(runs 5 2)" "${THROUGHPUT[@]}"
# Beside it, on the same file: the Python reference model reading and checking it (Benchmarks/reference.py, a
# plain Python model of the language the generator writes), in rounds of both one after the other, so that a
# change in the machine's speed hits both alike (the ratio is taken round by round); and `wc -w` only counting
# its words.
for round in $(seq "$(runs 4 1)"); do
    bench "reference-round-$round" 2 "$MAILSIM run $WORK/gestures.mbs" "$PYTHON Benchmarks/reference.py $WORK/gestures.mbs"
done
bench throughput-wc "$(runs 10 3)" "wc -w $WORK/gestures.mbs"
{
    echo "mailsim $(peak_kib "$MAILSIM" run "$WORK/gestures.mbs")"
    [ -n "$BASE" ] && echo "baseline $(peak_kib "$BASE" run "$WORK/gestures.mbs")"
} > "$RESULTS/peak.txt"
{
    echo "mailsim $(instructions "$MAILSIM" run "$WORK/gestures-100k.mbs")"
    [ -n "$BASE" ] && echo "baseline $(instructions "$BASE" run "$WORK/gestures-100k.mbs")"
} > "$RESULTS/throughput-instructions.txt"

echo "pan frames, advance, queries, test suite…" >&2
bench frames "$(runs 10 3)" "$MAILSIM run $WORK/frames.mbs" "$MAILSIM run $WORK/five.mbs"
ADVANCE=("$MAILSIM run $WORK/advance-short.mbs" "$MAILSIM run $WORK/advance-long.mbs"
         "$MAILSIM run $WORK/pending.mbs" "$MAILSIM run $WORK/pending-advance.mbs")
[ -n "$BASE" ] && ADVANCE+=("$BASE run $WORK/pending.mbs" "$BASE run $WORK/pending-advance.mbs")
bench advance "$(runs 20 5)" "${ADVANCE[@]}"
QUERIES=()
for binary in "$MAILSIM" $BASE; do
    for script in state timeline queries-setup y y-setup; do QUERIES+=("$binary run $WORK/$script.mbs"); done
done
bench queries "$(runs 5 2)" "${QUERIES[@]}"
SUITE=("$MAILSIM test Scripts" "$MAILSIM test --jobs 1 Scripts")
# The baseline runs its own Scripts (today's may use what it lacks), and so does mailsim beside it: the same work.
[ -n "$BASE" ] && SUITE+=("$BASE test $BASE_SCRIPTS" "$MAILSIM test $BASE_SCRIPTS")
bench suite "$(runs 30 5)" "${SUITE[@]}"

# --- The summary -------------------------------------------------------------------------------------
python3 Benchmarks/summary.py "$RESULTS" "$LINES" "$MAILSIM" "$BASE" "${BASELINE_REV:+before ($BASELINE_REV)}" \
    "${BASE_SCRIPTS:-}"
