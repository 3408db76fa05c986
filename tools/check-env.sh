# Sourced by the checks of `make test` that read mailsim's output with other tools (tools/picture-tests.sh,
# tools/format-tests.sh): installs what is missing, from Debian with apt-get (as root or through sudo) and from
# PyPI into the virtual environment .build/venv, which they share.
SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
venv=.build/venv

# need_debian WHY COMMAND:PACKAGE...: installs each PACKAGE whose COMMAND is missing (python3-venv is checked
# by importing venv and ensurepip).
need_debian() {
  local why=$1 missing=() pair
  shift
  for pair in "$@"; do
    if [ "${pair#*:}" = python3-venv ]; then
      python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
    else
      command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
    fi
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]} ($why)"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# need_pip WHY IMPORTS PACKAGE...: installs the PACKAGEs into .build/venv unless `import IMPORTS` works there.
need_pip() {
  local why=$1 imports=$2
  shift 2
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  if ! "$venv/bin/python" -c "import $imports" 2>/dev/null; then
    echo "installing $* in $venv ($why)"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
  fi
}
