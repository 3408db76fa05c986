#!/usr/bin/env bash
# make bench-playground: Benchmarks/playground_load.py against the release mailsim-playground, with the `websockets`
# client from PyPI in the shared virtual environment under .build. Arguments go to the script (--clients, --seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/check-env.sh
need_debian "for the playground benchmark" venv:python3-venv
need_pip "for the playground benchmark" websockets websockets
"$venv/bin/python" Benchmarks/playground_load.py Playground/.build/release/mailsim-playground "$@"
