#!/usr/bin/env bash
# make test's `proxy` step: three playground servers behind Debian's nginx (Tests/proxy/test_proxy.py). Installs what
# is missing: nginx and openssl from Debian, the `websockets` client from PyPI in .build/venv.
#
#     Tests/proxy/run.sh [MAILSIM_PLAYGROUND]
set -euo pipefail
cd "$(dirname "$0")/../.."
server=${1:-Playground/.build/debug/mailsim-playground}
. tools/check-env.sh
# nginx is in /usr/sbin, which a user's PATH may not hold.
PATH=$PATH:/usr/sbin
need_debian "for the proxy test" nginx:nginx openssl:openssl venv:python3-venv
need_pip "for the proxy test" "websockets, yaml" websockets pyyaml
"$venv/bin/python" Tests/proxy/test_proxy.py "$server"
