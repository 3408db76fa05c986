#!/usr/bin/env bash
# The playground's checks of `make test` (make test-browser): the page driven in headless Chromium by Playwright for
# Python (Tests/playground/test_browser.py). Installs what is missing: chromium from Debian, Playwright and Pillow
# from PyPI in .build/venv (Playwright drives Debian's chromium; it downloads no browser).
#
#     tools/browser-tests.sh MAILSIM MAILSIM_PLAYGROUND
set -euo pipefail
cd "$(dirname "$0")/.."
mailsim=${1:-.build/debug/mailsim}
playground=${2:-Playground/.build/debug/mailsim-playground}
. tools/check-env.sh
need_debian "for the playground's browser checks" chromium:chromium venv:python3-venv
need_pip "for the playground's browser checks" "playwright, PIL" playwright pillow
"$venv/bin/python" Tests/playground/test_browser.py "$mailsim" "$playground"
