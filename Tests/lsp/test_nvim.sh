#!/usr/bin/env bash
# `mailsim lsp` driven by Neovim (Debian's `neovim`, headless) with its built-in LSP client, set up by the snippet
# users install (editors/nvim/mailsim.lua): diagnostics, completion, hover, a code action applied to the file.
# Usage: Tests/lsp/test_nvim.sh PATH/TO/mailsim
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v nvim >/dev/null || { echo "test_nvim.sh: needs nvim (apt-get install neovim)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/swipe.mbs" <<'MBS'
pan msg1 -100
release
settle
expect msg1.x == -300   # slid out
release
pna msg1 -30
pan m
MBS
export MAILSIM=$(realpath "${1:-.build/debug/mailsim}") SCRIPT="$work/swipe.mbs" RESULTS="$work/results"
timeout 60 nvim --headless --clean -n -c "luafile editors/nvim/mailsim.lua" -c "luafile Tests/lsp/nvim_checks.lua" \
  > "$work/nvim.log" 2>&1
status=$?
[ -f "$RESULTS" ] || { echo "FAIL neovim wrote no results (exit $status)"; cat "$work/nvim.log"; exit 1; }
cat "$RESULTS"
failed=$(grep -c '^FAIL' "$RESULTS")
total=$(wc -l < "$RESULTS")
if [ "$failed" -gt 0 ]; then echo "$failed of $total Neovim checks failed"; exit 1; fi
echo "$total Neovim LSP checks passed"
