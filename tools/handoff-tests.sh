#!/usr/bin/env bash
# The hand-off's design tokens read by their format's own rules (make test's `handoff` step; docs/handoff.md):
# `mailsim export tokens` of SPEC's settings, of every profile and of a tuning with springs, rules and ranges,
# validated against the DTCG Format Module 2025.10's JSON Schema (Tests/handoff/dtcg-2025.10, kept here: no
# network) with jsonschema; `mailsim export css` of the same settings parsed by tinycss2 (Tests/handoff/test_tokens.py).
# Installs jsonschema and tinycss2 into .build/venv when missing.
#
#     tools/handoff-tests.sh MAILSIM
set -euo pipefail
cd "$(dirname "$0")/.."
mailsim=$(realpath "${1:-.build/debug/mailsim}")
. tools/check-env.sh
need_debian "for the hand-off's token checks" venv:python3-venv
need_pip "for the hand-off's token checks" "jsonschema, referencing, tinycss2" jsonschema tinycss2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tuned=Tests/handoff/tuned.mbs
files=()
"$mailsim" export tokens -o "$work/spec.tokens.json"
"$mailsim" export css -o "$work/spec.css"
"$mailsim" export tokens "$tuned" -o "$work/tuned.tokens.json"
"$mailsim" export css "$tuned" -o "$work/tuned.css"
files+=("$work/spec.tokens.json" "$work/spec.css" "$work/tuned.tokens.json" "$work/tuned.css")
for profile in mailbox mcswipe itemtouchhelper swipecellkit ios-course-mailbox codepath-wk3-mailbox assignment; do
  "$mailsim" export tokens --profile "$profile" -o "$work/$profile.tokens.json"
  "$mailsim" export css --profile "$profile" -o "$work/$profile.css"
  files+=("$work/$profile.tokens.json" "$work/$profile.css")
done
"$venv/bin/python" Tests/handoff/test_tokens.py Tests/handoff/dtcg-2025.10 "${files[@]}"
