#!/usr/bin/env bash
# tools/apt-install.sh WHY ITEM...: installs from Debian what is missing of ITEMs, each a PACKAGE (missing when
# `dpkg -s PACKAGE` fails) or COMMAND:PACKAGE (missing when COMMAND is not on the PATH), as root or through sudo.
# WHY is said in the line that names what is installed.
#
# Every install of the Makefile and tools/check-env.sh goes through here, one at a time: `make test` runs steps side
# by side, and two apt-gets at once make the second fail on apt's lock ("Could not get lock /var/lib/apt/lists/
# lock") on a machine that has none of the packages yet. The installs take a lock of their own ($MAILSIM_APT_LOCK,
# else mailsim-apt.lock in $TMPDIR or /tmp: shared by every clone on the machine), and what is missing is asked again
# once it is held (the step before may have installed it). An apt-get of another program (unattended-upgrades) is
# waited for by apt itself (DPkg::Lock::Timeout), up to MAILSIM_APT_WAIT seconds (600), as the lock of ours is.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: tools/apt-install.sh WHY ITEM..." >&2; exit 2; }
why=$1
shift
wait=${MAILSIM_APT_WAIT:-600}

missing() {
    local item
    for item in "$@"; do
        case $item in
        *:*) command -v "${item%%:*}" >/dev/null 2>&1 || echo "${item#*:}" ;;
        *) dpkg -s "$item" >/dev/null 2>&1 || echo "$item" ;;
        esac
    done
}

[ -n "$(missing "$@")" ] || exit 0
lock=${MAILSIM_APT_LOCK:-${TMPDIR:-/tmp}/mailsim-apt.lock}
exec 9>>"$lock"
flock -w "$wait" 9 || { echo "error: another install held $lock for ${wait} s" >&2; exit 1; }
# shellcheck disable=SC2207  # package names have no spaces
packages=($(missing "$@"))
[ ${#packages[@]} -gt 0 ] || exit 0
echo "installing ${packages[*]} ($why)"
sudo=()
[ "$(id -u)" = 0 ] || sudo=(sudo)
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout="$wait" update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout="$wait" install -y -qq \
    "${packages[@]}" >/dev/null
