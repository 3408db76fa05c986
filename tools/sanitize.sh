#!/usr/bin/env bash
# Runs the whole test suite (unit tests, every Scripts/**/*.mbs, the CLI tests through the binary, the REPL
# through a pseudo-terminal when python3 has pexpect, and `mailsim lsp`'s reader and main threads through the
# pygls client when python3 has it) under
# AddressSanitizer and ThreadSanitizer, each build in its own scratch folder so that it never disturbs .build:
#
#   tools/sanitize.sh                 address, then thread (each built, then each one's suites, in turn)
#   tools/sanitize.sh address         one of them (address, thread, undefined)
#   tools/sanitize.sh --build-only    the builds alone (.ci/run makes them in the background, at the lowest
#   tools/sanitize.sh --test-only     priority, while `make test` runs), or the suites alone on those builds
#
# A sanitizer report fails the run (each is made to stop at its first error).
#
# UndefinedBehaviorSanitizer: swiftc refuses -sanitize=undefined for Linux targets ("unsupported option"),
# and there is no C code of ours to instrument. What it would catch in C, Swift's own checks catch in the
# debug build that `make test` runs: arithmetic overflow, out-of-bounds indexing, exclusive access, failed
# unwraps all trap. `undefined` is accepted here and says so.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=all
case ${1:-} in
    --build-only) mode=build; shift ;;
    --test-only) mode=test; shift ;;
esac
sanitizers=${*:-address thread}
status=0
# Stop at the first report. detect_leaks=0: the Swift runtime keeps metadata caches for the life of a process.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:halt_on_error=1
export TSAN_OPTIONS=halt_on_error=1:abort_on_error=1

# Each build in turn (a build keeps both cores busy), then each sanitizer's suites in turn.
built_ones=()
for sanitizer in $sanitizers; do
    case $sanitizer in
        address) scratch=.build-asan ;;
        thread) scratch=.build-tsan ;;
        undefined)
            echo "sanitize: undefined: swiftc does not support -sanitize=undefined on Linux; Swift's own"
            echo "          overflow, bounds and exclusivity checks (on in the debug build of make test) stand in."
            continue ;;
        *) echo "sanitize: unknown sanitizer '$sanitizer' (address, thread or undefined)" >&2; exit 2 ;;
    esac
    if [ "$mode" != test ]; then
        echo "sanitize: building with --sanitize=$sanitizer in $scratch"
        start=$(date +%s)
        swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
        echo "sanitize: $sanitizer built in $(( $(date +%s) - start )) s"
    fi
    built_ones+=("$sanitizer:$scratch")
done
[ "$mode" = build ] && exit 0

# Runs one sanitizer's suites; its status is its own.
suites() {
    local sanitizer=$1 scratch=$2 only=""
    # DifferentialTests is left out: what it checks runs in programs no sanitizer instruments (swiftc's build of the
    # exported Swift, and Node), the model it asks is every other test's, and `make test` runs it, unsanitized,
    # just before (about 20 s there, 40 to 50 s here).
    # A bound on the suite: a hang (a sanitizer's report stuck in its symbolizer, say) fails here in 20 minutes
    # instead of holding CI to its own limit.
    # ThreadSanitizer runs the suites whose code runs on more than one thread (the language server's inbox between
    # its reader and main threads, drawing on several threads at once, the playground's exports side by side and its
    # cancellation from another thread, `mailsim test --update` and `--watch` with their workers, the thread helper
    # and its lock, cancellation) and the binaries below (`mailsim test`'s worker threads, the REPL's line thread and
    # Ctrl-C, the language server's reader and writer threads through the pygls client): it reports races between
    # threads, and the single-threaded model, language, analysis and report suites have none to find (with the rest
    # of the CLI suites, which start a ThreadSanitizer binary for each check, they took 229 s for 105 tests);
    # AddressSanitizer runs them all.
    [ "$sanitizer" = thread ] &&
        only="InboxTests|ConcurrentDrawingTests|PlaygroundBoundsTests|TestModesTests|MailboxThreadsTests|CancellationTests"
    timeout 1200 swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --skip DifferentialTests \
        ${only:+--filter "$only"} \
        && "$scratch/debug/mailsim" test Scripts \
        && { ! python3 -c 'import pexpect' 2>/dev/null || python3 Tests/repl/test_repl.py "$scratch/debug/mailsim"; } \
        && { ! python3 -c 'import pygls.lsp.client' 2>/dev/null || python3 Tests/lsp/test_lsp.py "$scratch/debug/mailsim"; }
}

# One sanitizer's suites after the other: side by side, the REPL's checks under ThreadSanitizer ran beside
# AddressSanitizer's unit suite on both cores, and once a Ctrl-C under `make run` was not answered within the
# check's 20 s. Each suite's output goes to its log, shown when it fails.
for one in "${built_ones[@]}"; do
    sanitizer=${one%%:*} scratch=${one#*:}
    echo "sanitize: testing $sanitizer (log: $scratch/sanitize-tests.log)"
    tested=$(date +%s)
    if suites "$sanitizer" "$scratch" >"$scratch/sanitize-tests.log" 2>&1; then
        echo "sanitize: $sanitizer clean (its suites took $(( $(date +%s) - tested )) s)"
    else
        tail -n 80 "$scratch/sanitize-tests.log" >&2
        echo "sanitize: $sanitizer FAILED (its suites' output: $scratch/sanitize-tests.log)" >&2
        status=1
    fi
done
exit $status
