#!/usr/bin/env bash
# The playground's checks of `make test` (make test-browser): the page driven in headless Chromium by Playwright for
# Python (Tests/playground/test_browser.py), walkthroughs recorded in the page against `mailsim record`
# (Tests/playground/test_record.py; docs/playground.md, "Recording in the page"), walkthrough GIFs graded in the page
# against `mailsim grade` (Tests/playground/test_grade.py; docs/grade.md, "In the page"), then the site redeployed behind
# static servers (Tests/playground/test_deploy.py; docs/deploy.md, "Redeploys, tested"). Installs what is missing: chromium from
# Debian, Playwright, Pillow and PyYAML (the deploy check reads the Pages workflow) from PyPI in .build/venv
# (Playwright drives Debian's chromium; it downloads no browser). All run, whatever the first says; the last line
# counts them all.
#
#     tools/browser-tests.sh MAILSIM MAILSIM_PLAYGROUND
set -euo pipefail
cd "$(dirname "$0")/.."
mailsim=${1:-.build/debug/mailsim}
playground=${2:-Playground/.build/debug/mailsim-playground}
. tools/check-env.sh
need_debian "for the playground's browser checks" chromium:chromium venv:python3-venv
need_pip "for the playground's browser checks" "playwright, PIL, yaml" playwright pillow pyyaml
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
status=0
"$venv/bin/python" Tests/playground/test_browser.py "$mailsim" "$playground" 2>&1 | tee "$logs/page.log" || status=1
"$venv/bin/python" Tests/playground/test_record.py "$mailsim" 2>&1 | tee "$logs/record.log" || status=1
"$venv/bin/python" Tests/playground/test_grade.py "$mailsim" 2>&1 | tee "$logs/grade.log" || status=1
"$venv/bin/python" Tests/playground/test_deploy.py 2>&1 | tee "$logs/deploy.log" || status=1
# unittest's closing lines: "Ran N tests in …", then "OK" or "FAILED (failures=F, errors=E)". A run that never got
# there (it crashed first) counts as failed.
ran() { sed -n 's/^Ran \([0-9]*\) tests\{0,1\} in .*/\1/p' "$1" | tail -n 1; }
failed() {
  awk '/^FAILED \(/ { n = 0; s = $0
    while (match(s, /(failures|errors)=[0-9]+/)) {
      split(substr(s, RSTART, RLENGTH), kv, "="); n += kv[2]; s = substr(s, RSTART + RLENGTH)
    }
  } END { print n + 0 }' "$1"
}
page=$(ran "$logs/page.log") record=$(ran "$logs/record.log") grade=$(ran "$logs/grade.log")
deploy=$(ran "$logs/deploy.log")
fails=$(( $(failed "$logs/page.log") + $(failed "$logs/record.log") + $(failed "$logs/grade.log")
    + $(failed "$logs/deploy.log") ))
[ -n "$page" ] && [ -n "$record" ] && [ -n "$grade" ] && [ -n "$deploy" ] || { status=1; fails=$((fails + 1)); }
total=$(( ${page:-0} + ${record:-0} + ${grade:-0} + ${deploy:-0} ))
echo "browser: screenshots of the page (each size, the plots) in ${MAILSIM_SCREENSHOTS:-.build/test-logs/screenshots}"
echo "browser: $total tests (page ${page:-not run}, recordings ${record:-not run}, gradings ${grade:-not run}," \
    "deploys ${deploy:-not run}), $fails failed"
exit $status
