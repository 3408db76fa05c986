#!/usr/bin/env bash
# `make dist`'s packages, installed as a user would (docs/install.md). Usage: Tests/dist/test_deb.sh [DISTDIR]
# (default .build/dist: a mailsim_*.deb and a mailsim-*-linux-*.tar.gz). As root (it mounts and chroots).
#  - lintian reports no error on the .deb;
#  - the tarball unpacks and its binaries run with the toolchain hidden (/opt/swift under an empty folder, in a
#    mount namespace of this test's own): --version, a script, a PNG, mailsim serve answering GET / and a WebSocket;
#  - in a clean Debian bookworm (debootstrap --variant=minbase, cached under .build/dist-test as a tarball and a
#    folder of the .debs apt fetched, so a second run downloads nothing), which has no Swift:
#    installed with Depends alone (mailsim runs; a picture says which package to install), purged; then
#    `apt-get install ./mailsim_*.deb` with its Recommends: --version, man, a script with expects, PNG, GIF, WebP and
#    MP4, mailsim serve with a WebSocket session, the completions and the unit in place; `apt-get remove` leaves only
#    the conffile, `apt-get purge` nothing.
# Every check prints ok or FAIL; the last line counts them. (man-db's page cache, /var/cache/man, is man's, not the
# package's: `man mailsim` writes it as it would for any page, and mandb clears what is stale.)
set -uo pipefail
cd "$(dirname "$0")/../.."
if [ "$(id -u)" != 0 ]; then # it mounts and chroots: as root, through sudo when that asks no password
  sudo -n true 2>/dev/null && exec sudo -n "$0" "$@"
  echo "error: the dist test mounts and chroots: run it as root (or with sudo; make test TEST_SKIP=dist skips it)" >&2
  exit 2
fi
if [ -z "${MAILSIM_DIST_TEST_NS:-}" ]; then # everything below in a mount namespace of its own: its mounts end with it
  exec unshare --mount --propagation private --fork env MAILSIM_DIST_TEST_NS=1 "$0" "$@"
fi
dist=$(realpath "${1:-.build/dist}")
deb=$(ls "$dist"/mailsim_*.deb 2>/dev/null | head -1) tarball=$(ls "$dist"/mailsim-*-linux-*.tar.gz 2>/dev/null | head -1)
[ -f "$deb" ] && [ -f "$tarball" ] || { echo "error: no .deb and .tar.gz in $dist (make dist)" >&2; exit 2; }
cache=$(realpath -m "${MAILSIM_DIST_TEST_CACHE:-.build/dist-test}")
mirror=${MAILSIM_DIST_TEST_MIRROR:-http://deb.debian.org/debian}
here=$(pwd)
tmp=$(mktemp -d)
# The chroot has the machine's /dev bound in: nothing under $tmp is removed while anything is mounted there.
unmount_all() { findmnt -rn -o TARGET | grep "^$tmp/" | sort -r | while read -r m; do umount -l "$m"; done; }
cleanup() {
  unmount_all
  if findmnt -rn -o TARGET | grep -q "^$tmp/"; then echo "not removing $tmp: something is still mounted there" >&2
  else rm -rf --one-file-system "$tmp"; fi
}
trap cleanup EXIT
checks=0 failed=0
check() { # check DESCRIPTION COMMAND...
  checks=$((checks + 1))
  if out=$("${@:2}" 2>&1); then echo "ok    $1"; else failed=$((failed + 1)); echo "FAIL  $1"; printf '      %s\n' "$out" | tail -8; fi
}
started=$SECONDS
section() { echo "$1 (at $((SECONDS - started)) s)"; }
missing=$(for tool in debootstrap lintian; do command -v $tool >/dev/null || echo $tool; done)
if [ -n "$missing" ]; then
  echo "installing" $missing "(for the dist test)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

# A script with expects (README's first session), and one that draws.
cat > "$tmp/first.mbs" <<'EOF'
pan msg1 -180
expect msg1.background == yellow
release
advance 0.3
expect overlay == reschedule
choose tomorrow
settle
expect msg1.folder == later
EOF
printf 'pan msg1 -100\nsnapshot drawn.png\nrelease\n' > "$tmp/draw.mbs"
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
is_gif() { [ "$(head -c 6 "$1")" = GIF89a ]; }
export -f is_png is_gif

# serve_check ROOT-OR-EMPTY PROGRAM...: starts `PROGRAM serve --port 0` (in the chroot ROOT when given), reads the
# address it prints, runs ws_check.py against it, stops it with SIGTERM.
serve_check() {
  local root=$1; shift
  local log=$tmp/serve.log pid port
  : > "$log"
  if [ -n "$root" ]; then chroot "$root" "$@" serve --port 0 > "$log" 2>&1 & else "$@" serve --port 0 > "$log" 2>&1 & fi
  pid=$!
  for _ in $(seq 200); do grep -q '^playground at ' "$log" && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  port=$(sed -n 's|^playground at http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log" | head -1)
  if [ -z "$port" ]; then kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null; cat "$log"; return 1; fi
  python3 "$here/Tests/dist/ws_check.py" "$port"; local status=$?
  kill -TERM $pid 2>/dev/null
  for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  kill -0 $pid 2>/dev/null && { echo "still running 10 s after SIGTERM"; kill -9 $pid; status=1; }
  wait $pid 2>/dev/null
  return $status
}
export -f serve_check
export tmp here

# lintian reads the .deb for half a minute: it runs beside the rest, and its check comes last.
lintian "$deb" > "$tmp/lintian.log" 2>&1 &
lintian_pid=$!

section "== the tarball, with /opt/swift hidden"
mkdir -p "$tmp/unpacked" "$tmp/empty"
check "the tarball unpacks" tar -xzf "$tarball" -C "$tmp/unpacked"
top=$(ls -d "$tmp/unpacked"/mailsim-* 2>/dev/null | head -1)
for f in bin/mailsim bin/mailsim-playground share/man/man1/mailsim.1 share/man/man1/mailsim-playground.1 \
  share/bash-completion/completions/mailsim share/zsh/site-functions/_mailsim share/fish/vendor_completions.d/mailsim.fish \
  LICENSE README.md lib/systemd/system/mailsim-playground.service share/mailsim/site/index.html \
  share/mailsim/site/site.json share/mailsim/site/sw.js; do
  check "tarball: $f" test -s "$top/$f"
done
check "tarball: the site's version folder holds mailsim.wasm and mailsim.mjs, as site.json lists them" bash -c '
  cd "$1/share/mailsim/site" && build=$(sed -n "s/^  \"build\": \"\([0-9a-f]*\)\",$/\1/p" site.json) &&
  test -s "v/$build/mailsim.wasm" && test -s "v/$build/mailsim.mjs" &&
  grep "\"path\"" site.json | sed "s/.*\"path\": \"\([^\"]*\)\", \"sha256\": \"\([0-9a-f]*\)\".*/\2  \1/" |
  sha256sum --quiet -c' _ "$top"
# A teacher needs no git checkout: the hosting guide and its files come with the tarball; its unit
# names the /usr/local the guide copies the tarball under (docs/install.md), and its Documentation= is there.
for f in share/doc/mailsim/deploy.md share/doc/mailsim/install.md share/doc/mailsim/README.md \
  share/doc/mailsim/copyright share/doc/mailsim/Apache-2.0 share/doc/mailsim/GPL-3 \
  share/doc/mailsim/examples/nginx/mailsim-playground.conf share/doc/mailsim/examples/nginx/mailsim-static.conf \
  share/doc/mailsim/examples/kubernetes/deployment.yaml share/doc/mailsim/examples/kubernetes/pdb.yaml \
  share/doc/mailsim/examples/kubernetes/Dockerfile share/doc/mailsim/examples/systemd/mailsim-playground.service; do
  check "tarball: $f" test -s "$top/$f"
done
check "tarball: the unit runs /usr/local/bin/mailsim-playground and its Documentation= is under /usr/local" bash -c '
  unit=$1/lib/systemd/system/mailsim-playground.service
  grep -q "^ExecStart=/usr/local/bin/mailsim-playground " "$unit" || { grep ^ExecStart "$unit"; exit 1; }
  docs=$(sed -n "s/^Documentation=//p" "$unit" | tr " " "\n" | sed -n "s|^file:///usr/local/||p")
  [ -n "$docs" ] || { grep ^Documentation "$unit"; exit 1; }
  for d in $docs; do [ -s "$1/$d" ] || { echo "no $d in the tarball"; exit 1; }; done' _ "$top"
for b in mailsim mailsim-playground; do
  needed=$(objdump -p "$top/bin/$b" 2>/dev/null | awk '/NEEDED/ {print $2}' | tr '\n' ' ')
  check "tarball: $b links no Swift library and has no run path (needs: $needed)" bash -c \
    '! objdump -p "$1" | grep -E "NEEDED +(libswift|lib_?Foundation|libdispatch|libBlocksRuntime)|RUNPATH|RPATH"' _ "$top/bin/$b"
done
if [ -d /opt/swift ]; then mount --bind "$tmp/empty" /opt/swift; fi
check "/opt/swift is hidden (no swift on the PATH, nothing under it)" bash -c '! command -v swift && [ -z "$(ls -A /opt/swift 2>/dev/null)" ]'
check "tarball: bin/mailsim --version" bash -c '"$1/bin/mailsim" --version | grep -q "^mailsim [0-9]"' _ "$top"
check "tarball: bin/mailsim-playground --version" "$top/bin/mailsim-playground" --version
check "tarball: a script with expects runs" bash -c 'cd "$2" && "$1/bin/mailsim" run first.mbs' _ "$top" "$tmp"
check "tarball: snapshot draws a PNG" bash -c 'cd "$2" && rm -f drawn.png && "$1/bin/mailsim" run draw.mbs && is_png drawn.png' _ "$top" "$tmp"
check "tarball: mailsim serve answers GET / and opens a WebSocket session" serve_check "" "$top/bin/mailsim"

section "== a clean Debian bookworm: the .deb installed, used, removed"
base=$cache/bookworm-minbase.tar
mkdir -p "$cache/archives/partial"
if [ ! -s "$base" ]; then
  echo "debootstrap --variant=minbase bookworm (once: cached in $base)"
  rm -rf "$cache/debootstrap"
  if debootstrap --variant=minbase bookworm "$cache/debootstrap" "$mirror" > "$cache/debootstrap.log" 2>&1; then
    tar -C "$cache/debootstrap" -cf "$base.new" . && mv "$base.new" "$base"
  else
    tail -5 "$cache/debootstrap.log"
  fi
  rm -rf "$cache/debootstrap"
fi
check "a bookworm minbase root (debootstrap, cached)" test -s "$base"
root=$tmp/root
# On a tmpfs: unpacking is quicker, and the end is an unmount rather than the removal of 20,000 files.
mkdir -p "$root" && mount -t tmpfs -o size=4g,mode=755 mailsim-dist-test "$root" && tar -C "$root" -xf "$base"
mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev" && mount --bind "$cache/archives" "$root/var/cache/apt/archives"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/root/t" && cp "$deb" "$tmp/first.mbs" "$tmp/draw.mbs" "$root/root/t/"
debname=$(basename "$deb")
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
export -f in_root; export root debname
check "the root has no Swift" bash -c '[ ! -e "$root/opt/swift" ] && ! in_root sh -c "command -v swift"'

check "apt-get update in the root" in_root apt-get update -qq
# What an install pulls in, measured as apt says it ("N newly installed", "After this operation,
# X of additional disk space"), printed for docs/install.md.
apt_size() { # apt_size LOG: "N packages, X MB"
  sed -n 's/^.* \([0-9]*\) newly installed.*/\1/p' "$1" | head -1 | tr '\n' ' '
  sed -n 's/^After this operation, \(.*\) of additional disk space.*/packages, \1/p' "$1" | head -1
}
export -f apt_size
check "Recommends names no FFmpeg (video is a Suggests): $(dpkg-deb -f "$deb" Recommends)" bash -c \
  '! dpkg-deb -f "$1" Recommends | grep -q libav && dpkg-deb -f "$1" Suggests | grep -q libavcodec' _ "$deb"
check "apt-get install --no-install-recommends ./$debname: Depends alone ($(dpkg-deb -f "$deb" Depends))" bash -c \
  'in_root apt-get install -y -q --no-install-recommends "/root/t/$debname" > "$tmp/apt.log" 2>&1 || { tail -20 "$tmp/apt.log"; exit 1; }
   echo "install size, Depends alone: $(apt_size "$tmp/apt.log")" | tee -a "$tmp/sizes"'
check "with Depends alone: mailsim runs a script with expects" in_root sh -c 'cd /root/t && mailsim run first.mbs'
check "with Depends alone: a picture names the package to install" bash -c \
  'out=$(in_root sh -c "cd /root/t && mailsim run draw.mbs" 2>&1); echo "$out"; grep -q "install Debian.s libcairo2" <<<"$out"'
check "apt-get purge mailsim (installed without Recommends)" in_root apt-get purge -y -qq mailsim
check "apt-get install ./$debname with its Recommends: no FFmpeg, Mesa or LLVM; under 40 packages and 50 MB more than Depends alone" bash -c \
  'in_root apt-get install -y -q "/root/t/$debname" > "$tmp/apt.log" 2>&1 || { tail -20 "$tmp/apt.log"; exit 1; }
   size=$(apt_size "$tmp/apt.log"); echo "install size, with Recommends: $size" | tee -a "$tmp/sizes"
   for p in libavcodec59 libgl1-mesa-dri libllvm15; do ! in_root dpkg -s $p >/dev/null 2>&1 || { echo "$p installed"; exit 1; }; done
   alone=$(sed -n "s/^install size, Depends alone: //p" "$tmp/sizes")
   read -r n mb < <(sed -n "s/^\([0-9]*\) packages, \([0-9.]*\) MB$/\1 \2/p" <<<"$size")
   read -r n0 mb0 < <(sed -n "s/^\([0-9]*\) packages, \([0-9.]*\) MB$/\1 \2/p" <<<"$alone")
   [ -n "$mb" ] && [ -n "$mb0" ] && awk -v n="$n" -v m="$mb" -v n0="$n0" -v m0="$mb0" "BEGIN { exit !(n - n0 < 40 && m - m0 < 50) }"'
check "apt-get install man-db and the Suggests (FFmpeg, for video)" bash -c \
  'in_root apt-get install -y -q man-db $(dpkg-deb -f "$1" Suggests | tr -d ,) > "$tmp/apt.log" 2>&1 || { tail -20 "$tmp/apt.log"; exit 1; }
   echo "install size, then man-db and the Suggests: $(apt_size "$tmp/apt.log")" | tee -a "$tmp/sizes"' _ "$deb"
check "every Recommends is installed" bash -c 'for p in $(dpkg-deb -f "$1" Recommends | tr -d ,); do in_root dpkg -s $p >/dev/null || { echo "not installed: $p"; exit 1; }; done' _ "$deb"
check "mailsim --version" bash -c 'in_root mailsim --version | grep -q "^mailsim $(dpkg-deb -f "$1" Version | sed "s/-[^-]*$//")$"' _ "$deb"
check "man mailsim renders" bash -c 'in_root sh -c "MANWIDTH=80 man mailsim 2>&1" | grep -q "Simulates the Mailbox app"'
check "man mailsim-playground renders" bash -c 'in_root sh -c "MANWIDTH=80 man mailsim-playground 2>&1" | grep -q "playground"'
check "mailsim run: a script with expects" in_root sh -c 'cd /root/t && mailsim run first.mbs'
check "snapshot: a PNG (cairo, libpng, the fonts)" bash -c 'in_root sh -c "cd /root/t && rm -f drawn.png && mailsim run draw.mbs" && is_png "$root/root/t/drawn.png"'
check "record: a GIF" bash -c 'in_root sh -c "cd /root/t && mailsim record first.mbs -o a.gif --scale 1 --fps 10" && is_gif "$root/root/t/a.gif"'
check "record: a WebP (libwebp, libwebpmux)" bash -c 'in_root sh -c "cd /root/t && mailsim record first.mbs -o a.webp --scale 1 --fps 10" && [ "$(head -c 4 "$root/root/t/a.webp")" = RIFF ]'
check "record: an MP4 (libavformat, libavcodec, libavutil)" bash -c 'in_root sh -c "cd /root/t && mailsim record first.mbs -o a.mp4 --scale 1 --fps 10" && [ "$(dd if="$root/root/t/a.mp4" bs=1 skip=4 count=4 2>/dev/null)" = ftyp ]'
check "mailsim serve answers GET / and opens a WebSocket session" serve_check "$root" env -i PATH=/usr/bin:/bin HOME=/root mailsim
for f in /usr/share/bash-completion/completions/mailsim /usr/share/zsh/vendor-completions/_mailsim \
  /usr/share/fish/vendor_completions.d/mailsim.fish /usr/share/doc/mailsim/copyright /usr/share/doc/mailsim/changelog.Debian.gz \
  /lib/systemd/system/mailsim-playground.service /etc/default/mailsim-playground /usr/share/mailsim/site/site.json \
  /usr/share/mailsim/site/index.html /usr/share/doc/mailsim/deploy.md /usr/share/doc/mailsim/install.md \
  /usr/share/doc/mailsim/README.md /usr/share/doc/mailsim/examples/nginx/mailsim-playground.conf \
  /usr/share/doc/mailsim/examples/kubernetes/deployment.yaml /usr/share/doc/mailsim/examples/kubernetes/Dockerfile; do
  check "installed: $f" test -s "$root$f"
done
check "the unit's Documentation= names what is installed" bash -c '
  docs=$(sed -n "s/^Documentation=//p" "$root/lib/systemd/system/mailsim-playground.service" | tr " " "\n")
  for d in $docs; do case $d in
    file://*) [ -s "$root${d#file://}" ] || { echo "no ${d#file://}"; exit 1; } ;;
    man:*) page=${d#man:}; in_root sh -c "man -w ${page%%(*}" >/dev/null || { echo "no page $page"; exit 1; } ;;
  esac; done'
# The texts of the licences of what is linked in statically, with the binaries, as those licences require.
check "the copyright file carries the licences of what is linked in" python3 - "$root/usr/share/doc/mailsim/copyright" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
used, defined = set(), set()
for p in paragraphs:
    m = re.search(r"^License: *(.+)$", p, re.M)
    if not m:
        continue
    if p.startswith("Files:"):
        used.update(x.strip() for x in re.split(r"\s+(?:or|and)\s+", m.group(1)))
        if re.search(r"^License: *.+\n ", p, re.M):
            defined.add(m.group(1).strip())
    else:
        defined.add(m.group(1).strip())
missing = sorted(used - defined)
wanted = {"the Swift runtime's exception": "Runtime Library Exception", "ICU (Unicode-3.0)": "UNICODE LICENSE V3",
          "libstdc++'s exception": "GCC RUNTIME LIBRARY EXCEPTION", "libedit": "Files: libedit/",
          "ncurses": "Files: ncurses/", "libbsd": "Files: libbsd/", "SwiftNIO's NOTICE": "Files: swift-nio/",
          "Hummingbird": "Files: hummingbird/", "BoringSSL": "CCryptoBoringSSL"}
absent = [k for k, v in wanted.items() if v not in text]
if missing or absent:
    print("licences named without their text:", missing, "components without theirs:", absent)
    sys.exit(1)
PY
check "the installed server serves the site's module (found at ../share/mailsim/site)" bash -c '
  in_root timeout -s TERM 3 mailsim-playground --host 127.0.0.1 --port 0 2>"$tmp/site.log" >/dev/null
  grep -q "files of .*share/mailsim/site served" "$tmp/site.log" || { cat "$tmp/site.log"; exit 1; }' 
check "the bash completion is sourced, not run (no #! line)" bash -c '! head -1 "$root/usr/share/bash-completion/completions/mailsim" | grep -q "^#!"'
check "the service is neither enabled nor started by the install" bash -c '[ -z "$(find "$root/etc/systemd" -name "mailsim*" 2>/dev/null)" ]'
if command -v systemd-analyze >/dev/null; then
  check "systemd-analyze verify accepts the unit" bash -c \
    'cp "$root/lib/systemd/system/mailsim-playground.service" "$tmp/" && sed -i "s|/usr/bin/mailsim-playground|$root/usr/bin/mailsim-playground|" "$tmp/mailsim-playground.service" && systemd-analyze verify --man=no "$tmp/mailsim-playground.service"'
fi
if in_root mailsim-playground --help | grep -q -- --log-format; then
  check "the unit's command line (on port 0) starts, logs JSON lines, stops on SIGTERM" bash -c '
    in_root timeout -s TERM 3 mailsim-playground --host 127.0.0.1 --port 0 --log-format json 2>"$tmp/json.log" >/dev/null
    status=$?; [ $status = 0 ] || [ $status = 124 ] || { echo "exit $status"; cat "$tmp/json.log"; exit 1; }
    python3 -c "import json, sys; [json.loads(l) for l in open(sys.argv[1]) if l.strip()]" "$tmp/json.log"'
else
  echo "skip  the unit's command line: this mailsim-playground has no --log-format yet"
fi

in_root dpkg -L mailsim | while read -r f; do [ -f "$root$f" ] && echo "$f"; done > "$tmp/files"
check "apt-get remove mailsim" in_root apt-get remove -y -qq mailsim
check "after remove: only the conffile is left" bash -c 'left=$(while read -r f; do [ -e "$root$f" ] && echo "$f"; done < "$tmp/files"); [ "$left" = /etc/default/mailsim-playground ] || { echo "left: $left"; exit 1; }'
check "apt-get purge mailsim" in_root apt-get purge -y -qq mailsim
check "after purge: nothing of it is left" bash -c 'left=$(while read -r f; do [ -e "$root$f" ] && echo "$f"; done < "$tmp/files"); extra=$(cd "$root" && find . -path ./proc -prune -o -path ./dev -prune -o -path ./var/cache/apt -prune -o -path ./var/cache/man -prune -o -path ./root/t -prune -o -name "*mailsim*" -print); [ -z "$left$extra" ] || { echo "left: $left $extra"; exit 1; }'
check "dpkg knows no mailsim" bash -c '! in_root dpkg -s mailsim >/dev/null 2>&1'

# The cache keeps only what the current lists name (apt-get autoclean), so it does not grow with every update.
in_root apt-get autoclean -qq >/dev/null 2>&1
section "== the .deb: lintian"
wait $lintian_pid
check "lintian reports no error ($(basename "$deb"))" bash -c 'cat "$1"; ! grep -q "^E:" "$1"' _ "$tmp/lintian.log"
[ -s "$tmp/sizes" ] && cat "$tmp/sizes"
echo "took $((SECONDS - started)) s"
echo "dist: $checks checks, $failed failed"
[ "$failed" = 0 ]
