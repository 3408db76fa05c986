#!/usr/bin/env bash
# tools/apt-install.sh against a fake Debian (dpkg, apt-get and sudo on the PATH, in a temporary folder): what is
# installed is what is missing, nothing is installed when nothing is, and installs started side by side (as
# `make test`'s side-by-side steps start them) run one at a time, the second finding the package the first
# installed. The fake apt-get fails as the real one does when another is running ("Could not get lock"), so the
# check that takes no lock of ours (each run its own lock file) must see that failure: the test can fail.
set -uo pipefail
cd "$(dirname "$0")/../.."
script=$PWD/tools/apt-install.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checks=0 failed=0
check() { # check DESCRIPTION COMMAND...
    checks=$((checks + 1))
    if out=$("${@:2}" 2>&1); then echo "ok    $1"; else failed=$((failed + 1)); echo "FAIL  $1"; printf '      %s\n' "$out" | head -8; fi
}

# The fake Debian: a package is installed when $root/installed/NAME exists; apt-get takes $root/apt.lock (a folder:
# mkdir is atomic) for 0.4 s, fails as apt does when it is held, and logs each call.
root=$tmp/debian
mkdir -p "$root/bin" "$root/installed"
cat > "$root/bin/dpkg" <<EOF
#!/usr/bin/env bash
[ "\$1" = -s ] && [ -e "$root/installed/\$2" ]
EOF
cat > "$root/bin/apt-get" <<EOF
#!/usr/bin/env bash
mkdir "$root/apt.lock" 2>/dev/null || { echo "E: Could not get lock /var/lib/apt/lists/lock" >&2; exit 100; }
echo "\$*" >> "$root/calls"
sleep 0.4
if [[ " \$* " == *" install "* ]]; then
    for a in "\$@"; do case \$a in -*|install|DPkg::*) ;; *) touch "$root/installed/\$a" ;; esac; done
fi
rmdir "$root/apt.lock"
EOF
printf '#!/usr/bin/env bash\nexec "$@"\n' > "$root/bin/sudo"
chmod +x "$root/bin/"*
export PATH="$root/bin:$PATH"
export MAILSIM_APT_LOCK=$tmp/lock
reset() { rm -rf "$root/installed" "$root/calls" "$root/apt.lock"; mkdir -p "$root/installed"; touch "$root/calls"; }
installs() { grep -c " install " "$root/calls"; }

reset
touch "$root/installed/present"
check "nothing missing: no apt-get, nothing said" bash -c '[ -z "$("$1" why present sh:absent-package)" ] && [ ! -s "$2" ]' \
    _ "$script" "$root/calls"

reset
check "what is missing is installed, and said with why" bash -c '
    out=$("$1" "the test" one no-such-command-here:two 2>&1) &&
    [ "$out" = "installing one two (the test)" ] && [ -e "$2/installed/one" ] && [ -e "$2/installed/two" ]' \
    _ "$script" "$root"
check "apt-get updates, then installs those two only (apt waits for an outside lock)" bash -c '
    [ "$(sed -n 1p "$1")" = "-o DPkg::Lock::Timeout=600 update -qq" ] &&
    [ "$(sed -n 2p "$1")" = "-o DPkg::Lock::Timeout=600 install -y -qq one two" ]' _ "$root/calls"

# Side by side: three runs at once, two wanting the same package.
reset
"$script" a shared & p1=$!
"$script" b shared & p2=$!
"$script" c other shared & p3=$!
status=0
for p in $p1 $p2 $p3; do wait $p || status=1; done
check "three installs side by side all succeed" test $status = 0
check "they ran one at a time: two installs (the second run found 'shared' installed)" test "$(installs)" = 2
check "both packages are installed" test -e "$root/installed/shared" -a -e "$root/installed/other"

# The same without a shared lock (each run its own file): the fake apt-get must refuse the second, as apt does.
reset
MAILSIM_APT_LOCK=$tmp/lock-a "$script" a shared >/dev/null 2>&1 & p1=$!
MAILSIM_APT_LOCK=$tmp/lock-b "$script" b shared >/dev/null 2>&1 & p2=$!
status=0
for p in $p1 $p2; do wait $p || status=1; done
check "without the shared lock the race shows (the check above can fail)" test $status = 1

# A lock held too long: a clear error, no apt-get.
reset
exec 8>>"$MAILSIM_APT_LOCK"
flock 8
check "a lock held longer than MAILSIM_APT_WAIT: an error that says so, nothing run" bash -c '
    out=$(MAILSIM_APT_WAIT=1 "$1" why pkg 2>&1); code=$?
    [ $code = 1 ] && [[ $out == *"another install held"* ]] && [ ! -s "$2" ]' _ "$script" "$root/calls"
flock -u 8
exec 8>&-

echo "apt-install: $checks checks, $failed failed"
[ $failed = 0 ]
