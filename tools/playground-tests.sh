#!/usr/bin/env bash
# The playground server's checks of `make test` (Tests/playground/test_server.py; with --attacks, test_attacks.py:
# hostile clients, each with its figures; with --public, test_public.py: the server behind a proxy at a
# public address): the `websockets` client from PyPI
# in the shared virtual environment under .build, then the checks against the playground server and mailsim given.
# Usage: tools/playground-tests.sh [--attacks|--public] [MAILSIM_PLAYGROUND [MAILSIM]].
set -euo pipefail
cd "$(dirname "$0")/.."
attacks=0
public=0
if [ "${1:-}" = --attacks ]; then attacks=1; shift; fi
if [ "${1:-}" = --public ]; then public=1; shift; fi
server=${1:-Playground/.build/debug/mailsim-playground}
binary=${2:-.build/debug/mailsim}
. tools/check-env.sh
need_debian "for the playground checks" venv:python3-venv
need_pip "for the playground checks" websockets websockets
if [ "$public" = 1 ]; then
  "$venv/bin/python" Tests/playground/test_public.py "$server"
elif [ "$attacks" = 1 ]; then
  "$venv/bin/python" Tests/playground/test_attacks.py "$server"
else
  "$venv/bin/python" Tests/playground/test_server.py "$server" "$binary"
fi
