#!/usr/bin/env bash
# make test's `wasm` step: the page's module (make site's mailsim.mjs and mailsim.wasm, in the version folder its
# site.json names) in Node. First its API (Tests/wasm/module.mjs), then the differential run against the native
# binary (Tests/wasm/differential.mjs): every script under Scripts/ that needs no files, 300 random scripts from the
# property tests' generator and the extreme numbers' scripts (mailsim-scripts --extremes), which must print the same,
# byte for byte. The random scripts' seed is new each run and printed; MAILSIM_WASM_SEED=N replays one. Then every
# numeric field of the protocol at its extremes against what the native session answered (Tests/wasm/protocol.mjs,
# Tests/Golden/protocol-extremes.jsonl). Then every such script recorded by the module and by `mailsim record`, whose
# HTML players must be the same bytes (Tests/wasm/record.mjs). Then the site behind the shipped static nginx site
# (Tests/wasm/static_site.py; nginx installed when missing).
#
#     tools/wasm/tests.sh MAILSIM
set -euo pipefail
cd "$(dirname "$0")/../.."
mailsim=${1:-.build/debug/mailsim}
site=${SITE_OUT:-.build/site}
generator=$(dirname "$mailsim")/mailsim-scripts
command -v node >/dev/null || { echo "wasm: node is missing (make test-deps installs nodejs)" >&2; exit 2; }
[ -f "$site/site.json" ] || { echo "wasm: no $site/site.json (make site)" >&2; exit 2; }
seed=${MAILSIM_WASM_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
random=$(mktemp -d)
trap 'rm -rf "$random"' EXIT
echo "wasm: 300 random scripts, seed $seed (MAILSIM_WASM_SEED=$seed replays them)"
"$generator" 300 "$seed" "$random"
mkdir "$random/extremes"
"$generator" --extremes "$random/extremes"
status=0
node Tests/wasm/module.mjs "$site" | tee "$random/module.log" || status=1
node Tests/wasm/differential.mjs "$mailsim" "$site" Scripts "$random" "$random/extremes" | tee "$random/differential.log" \
  || status=1
node Tests/wasm/protocol.mjs "$site" | tee "$random/protocol.log" || status=1
node Tests/wasm/record.mjs "$mailsim" "$site" Scripts | tee "$random/record.log" || status=1
. tools/check-env.sh
need_debian "for the static site's check" nginx:nginx
PATH=$PATH:/usr/sbin python3 Tests/wasm/static_site.py "$site" | tee "$random/static.log" || status=1
count() { sed -n 's/^[a-z ]*: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$1" | tail -n 1; }
read -r a fa <<<"$(count "$random/module.log")"
read -r b fb <<<"$(count "$random/differential.log")"
read -r c fc <<<"$(count "$random/static.log")"
read -r d fd <<<"$(count "$random/protocol.log")"
read -r e fe <<<"$(count "$random/record.log")"
echo "wasm: $((a + b + c + d + e)) checks, $((fa + fb + fc + fd + fe)) failed"
exit $status
