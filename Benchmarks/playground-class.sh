#!/usr/bin/env bash
# make bench-playground's class figures: Benchmarks/playground_class.py against the release mailsim-playground, 1 and
# 3 servers behind Debian's nginx (installed when missing, with openssl), the `websockets` client from PyPI in
# .build/venv. Arguments go to the script (--servers, --clients, --modes, --seconds, --processes, --kill-one-at).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/check-env.sh
PATH=$PATH:/usr/sbin
need_debian "for the class benchmark" nginx:nginx openssl:openssl venv:python3-venv
need_pip "for the class benchmark" websockets websockets
"$venv/bin/python" Benchmarks/playground_class.py Playground/.build/release/mailsim-playground "$@"
