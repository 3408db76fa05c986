#!/usr/bin/env bash
# The format checks of `make test` (Tests/formats/test_formats.py): installs what they read mailsim's output with
# when it is missing (xmllint from Debian; junitparser, tap.py and PyYAML from PyPI in the virtual environment
# under .build that the picture checks use), fetches the JUnit schema the Jenkins xunit plug-in publishes (as
# pytest's source release ships it, in testing/example_scripts/junit-10.xsd), then runs them against the binary.
# Arguments after the binary pass to unittest: `tools/format-tests.sh BINARY Watch` runs the --watch checks alone.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/mailsim}
. tools/check-env.sh
need_debian "for the format checks" xmllint:libxml2-utils venv:python3-venv
need_pip "for the format checks" "junitparser, tap, yaml, more_itertools" junitparser 'tap.py[yaml]'
schema=.build/junit-schema/junit-10.xsd
if [ ! -s "$schema" ]; then
  echo "fetching junit-10.xsd (from pytest's source release)"
  mkdir -p .build/junit-schema
  "$venv/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
    -d .build/junit-schema pytest==9.2.0
  tar -xzf .build/junit-schema/pytest-9.2.0.tar.gz -C .build/junit-schema --strip-components=3 \
    pytest-9.2.0/testing/example_scripts/junit-10.xsd
fi
"$venv/bin/python" Tests/formats/test_formats.py "$binary" "$schema" "${@:2}"
