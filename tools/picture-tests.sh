#!/usr/bin/env bash
# The picture checks of `make test` (Tests/pictures/test_pictures.py): installs what they read pictures with when
# it is missing (xmllint, rsvg-convert from Debian; Pillow from PyPI in a virtual environment under .build), then
# runs them against the binary given. The HTML player's checks run when chromium is installed (.ci/run installs
# it and sets MAILSIM_REQUIRE_CHROMIUM=1, so that there they cannot be skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/mailsim}
SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
missing=()
command -v xmllint >/dev/null || missing+=(libxml2-utils)
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} (for the picture checks)"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
venv=.build/venv
if ! "$venv/bin/python" -c 'import PIL' 2>/dev/null; then
  echo "installing Pillow in $venv (for the picture checks)"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check pillow
fi
"$venv/bin/python" Tests/pictures/test_pictures.py "$binary"
