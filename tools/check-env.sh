# Sourced by the checks of `make test` that read mailsim's output with other tools (tools/picture-tests.sh,
# tools/format-tests.sh): installs what is missing, from Debian (tools/apt-install.sh: as root or through sudo, one
# install at a time) and from PyPI into the virtual environment .build/venv, which they share.
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
  # One install at a time, whoever asks: tools/apt-install.sh.
  [ ${#missing[@]} -eq 0 ] || "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "$why" "${missing[@]}"
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
