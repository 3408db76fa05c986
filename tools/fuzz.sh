#!/bin/sh
# Fuzzes the script language with libFuzzer for SECONDS (default 600): arbitrary bytes run as a script; a crash,
# a trap, a hang (a single input running longer than -timeout) or a broken invariant is a finding.
#
#   tools/fuzz.sh [SECONDS]        e.g. tools/fuzz.sh 3600 (`make fuzz`: 600 s; `make test`: 20 s)
#   FUZZ_BUILD_ONLY=1 tools/fuzz.sh   the build alone
#
# With FUZZ_LOG=FILE, libFuzzer's output goes to FILE and only a summary (and, on a finding, the end of the
# log) is printed: `make test` runs it so.
#
# The library's layers are compiled in order, each a module, and the target Fuzz/FuzzTarget.swift with the
# property tests' invariants and command generator (Tests/MailsimTestSupport/) over them, all with
# -sanitize=fuzzer,address (and -enable-testing, for the tests' @testable imports). An input
# after a leading byte 2 is what an editor sends `mailsim lsp` (framed JSON-RPC, Fuzz/FuzzTarget.swift's `serve`);
# an input after a leading byte 3 is a walkthrough file for `mailsim grade`'s reader (FootageReader: GIFs through
# giflib, any bytes read or refused in words, within small bounds). Otherwise an input
# is a script (run line by line through a Session: `set`, gestures, reports), or, after a leading NUL byte,
# the command generator's choices, or, after a leading byte 1, the hostile generator's (every parameter at the
# ends of its range, gestures with extreme numerals, and no number printed with an exponent). The corpus grows in .build/fuzz/corpus,
# seeded from Scripts/**/*.mbs, random choices and Fuzz/regressions/; a finding is written to
# .build/fuzz/artifacts/ and the script exits non-zero. Copy it into Fuzz/regressions/ once fixed:
# FuzzRegressionTests replays every file there in `swift test`.
set -eu

seconds=${1:-600}
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.build/fuzz"
binary="$out/mailsim-fuzz"
mkdir -p "$out/corpus" "$out/artifacts"
cd "$root"

# The library's targets, bottom layer first (Package.swift).
layers="MailsimVersion MailboxThreads MailboxText MailboxJSON MailboxAnimation MailboxSim MailboxScript MailboxReports MailboxScene MailboxLanguageServer MailboxFootage MailboxFootageDecoding"
harness="Fuzz/FuzzTarget.swift Tests/MailsimTestSupport/Invariants.swift Tests/MailsimTestSupport/CommandGenerator.swift"
inputs="$(for layer in $layers; do find "Sources/$layer" -name '*.swift'; done | sort) $harness"
modules="$out/modules"

# One build at a time (.ci/run builds it in the background while `make test` runs, whose fuzz step then waits here
# for it rather than build it again beside it).
exec 9>"$out/build.lock"
flock 9
# Rebuild only when a source is newer than the binary.
stale=yes
if [ -x "$binary" ]; then
    stale=no
    for f in $inputs; do
        if [ "$f" -nt "$binary" ]; then stale=yes; break; fi
    done
fi
if [ "$stale" = yes ]; then
    echo "fuzz: building $binary"
    start=$(date +%s)
    mkdir -p "$modules"
    : > "$out/build.log"
    libraries=""
    # CGIF and CAV: giflib's and FFmpeg's headers (the libraries themselves are opened with dlopen, uninstrumented).
    flags="-sanitize=fuzzer,address -parse-as-library -O -g -package-name mailsim -I $modules -I Sources/CMaths"
    flags="$flags -I Sources/CGIF -I Sources/CAV"
    for layer in $layers; do
        # shellcheck disable=SC2086
        if ! swiftc $flags -enable-testing -wmo -module-name "$layer" -emit-module \
                -emit-module-path "$modules/$layer.swiftmodule" -emit-library -static -o "$modules/lib$layer.a" \
                $(find "Sources/$layer" -name '*.swift' | sort) $(tools/embedded-resources.sh "$layer" "$modules") \
                >>"$out/build.log" 2>&1; then
            cat "$out/build.log" >&2
            echo "fuzz: build of $layer failed" >&2
            exit 2
        fi
        libraries="-l$layer $libraries"
    done
    # shellcheck disable=SC2086
    if ! swiftc $flags -module-name MailsimFuzz -use-ld=lld -L "$modules" $libraries $harness -o "$binary" \
            >>"$out/build.log" 2>&1; then
        cat "$out/build.log" >&2
        echo "fuzz: build failed" >&2
        exit 2
    fi
    echo "fuzz: built in $(( $(date +%s) - start )) s"
fi
flock -u 9
# FUZZ_BUILD_ONLY=1: the build alone (.ci/run's background builds).
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

# Every script in Scripts/ and its subfolders (the file names are unique, so the flat corpus keeps them all).
find Scripts -name '*.mbs' -exec cp -n {} "$out/corpus/" \; 2>/dev/null || true
for n in 64 256 1024 4096; do
    [ -e "$out/corpus/choices-$n" ] || { printf '\000'; head -c $n /dev/urandom; } > "$out/corpus/choices-$n"
    # After byte 1: the hostile generator's choices (every parameter at its ends, extreme numerals).
    [ -e "$out/corpus/hostile-$n" ] || { printf '\001'; head -c $n /dev/urandom; } > "$out/corpus/hostile-$n"
done

# After byte 2: a language-server session (framed JSON-RPC), opened on a script of Scripts/ and changed.
if [ ! -e "$out/corpus/lsp-session" ]; then
    python3 - "$out/corpus/lsp-session" <<'PY'
import json, sys
def frame(m):
    b = json.dumps(m).encode()
    return b"Content-Length: %d\r\n\r\n" % len(b) + b
uri = "file:///f.mbs"
pos = {"line": 1, "character": 4}
doc = {"uri": uri}
messages = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
    {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "version": 1,
        "text": "# swipe\npan msg1 -180\nrelease\nsettle\nexpect msg1.x == -300\nchoose tomorrow\n"}}},
    {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": pos, "end": {"line": 1, "character": 8}}, "text": "msg2"}]}},
    {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": doc, "position": pos}},
    {"jsonrpc": "2.0", "id": 3, "method": "textDocument/completion", "params": {"textDocument": doc, "position": pos}},
    {"jsonrpc": "2.0", "id": 4, "method": "textDocument/codeAction", "params": {"textDocument": doc,
        "range": {"start": {"line": 4, "character": 0}, "end": {"line": 4, "character": 0}}}},
    {"jsonrpc": "2.0", "id": 5, "method": "textDocument/inlayHint", "params": {"textDocument": doc,
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}}},
    {"jsonrpc": "2.0", "id": 6, "method": "textDocument/documentSymbol", "params": {"textDocument": doc}},
    {"jsonrpc": "2.0", "id": 7, "method": "shutdown"},
]
open(sys.argv[1], "wb").write(b"\x02" + b"".join(frame(m) for m in messages))
PY
fi

# After byte 3: small GIFs for the reader (tools/fuzz-gifs.py: a two-frame GIF, an interlaced one, partial frames
# with each disposal and transparency, local tables).
[ -e "$out/corpus/footage-gif-0" ] || python3 tools/fuzz-gifs.py "$out/corpus"

echo "fuzz: running for $seconds s (corpus $out/corpus, findings in $out/artifacts/)"
set -- "$out/corpus" Fuzz/regressions \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=8192 \
    -dict=Fuzz/mbs.dict -artifact_prefix="$out/artifacts/" -print_final_stats=1
# What LeakSanitizer is not to report, each with why (Fuzz/lsan.supp).
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
if [ -z "${FUZZ_LOG:-}" ]; then exec "$binary" "$@"; fi
if "$binary" "$@" > "$FUZZ_LOG" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$FUZZ_LOG" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -o 'cov: [0-9]*' "$FUZZ_LOG" | tail -n 1 || true)
    echo "fuzz: no finding in $runs runs ($cov; log in $FUZZ_LOG)"
else
    status=$?
    tail -n 60 "$FUZZ_LOG" >&2
    echo "fuzz: FINDING (exit $status): see $FUZZ_LOG and $out/artifacts/" >&2
    exit 1
fi
