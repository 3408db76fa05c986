#!/usr/bin/env bash
# The picture checks of `make test` (Tests/pictures/test_pictures.py): installs what they read pictures with when
# it is missing (xmllint, rsvg-convert, ffmpeg and gifsicle from Debian; Pillow from PyPI in a virtual environment under .build), then
# runs them against the binary given. The HTML player's checks run when chromium is installed (.ci/run installs
# it and sets MAILSIM_REQUIRE_CHROMIUM=1, so that there they cannot be skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/mailsim}
. tools/check-env.sh
need_debian "for the picture checks" xmllint:libxml2-utils rsvg-convert:librsvg2-bin venv:python3-venv ffprobe:ffmpeg gifsicle:gifsicle
need_pip "for the picture checks" PIL pillow
"$venv/bin/python" Tests/pictures/test_pictures.py "$binary"
