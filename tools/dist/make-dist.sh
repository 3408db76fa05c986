#!/usr/bin/env bash
# `make dist`: the tarball and the Debian package of mailsim and mailsim-playground (docs/install.md).
# Usage: tools/dist/make-dist.sh MAILSIM MAILSIM_PLAYGROUND OUTDIR
# Writes OUTDIR/mailsim-VERSION-linux-ARCH.tar.gz and OUTDIR/mailsim_VERSION-1_DEBARCH.deb from the two binaries
# given (`make dist`: the release builds). The version is MailsimVersion.swift's (the one place both programs read it), and both binaries must say the same.
# Depends is computed by dpkg-shlibdeps from what the binaries link; Recommends lists what they dlopen for pictures
# (Sources/MailboxRaster: cairo, libpng, libwebp; Sources/MailboxFootageDecoding: giflib, for mailsim grade) and the
# fonts the pictures' text is drawn in; Suggests, FFmpeg
# (video).
# Files get the last commit's date and root as owner, and gzip no name or time, so that the same tree gives
# the same bytes. MAILSIM_DIST_LEVEL=1 compresses fast (make dist-debug, for the test: a minute less), default 9.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# = 3 ] || { echo "usage: $0 MAILSIM MAILSIM_PLAYGROUND OUTDIR" >&2; exit 2; }
mailsim=$(realpath "$1") playground=$(realpath "$2") out=$3
for tool in dpkg-deb dpkg-shlibdeps strip; do
  command -v $tool >/dev/null || { echo "error: $tool is missing (apt-get install dpkg-dev binutils)" >&2; exit 2; }
done

source=Sources/MailsimVersion/MailsimVersion.swift
version=$(sed -n 's/.*public static let number = "\(.*\)".*/\1/p' "$source")
[ -n "$version" ] || { echo "error: no version in $source" >&2; exit 2; }
said=$("$mailsim" --version)
[ "$said" = "$version" ] || [ "$said" = "mailsim $version" ] || {
  echo "error: $mailsim --version says '$said', $source says $version: is it an old build?" >&2; exit 2; }
said=$("$playground" --version)
[ "$said" = "$version" ] || [ "$said" = "mailsim-playground $version" ] || {
  echo "error: $playground --version says '$said', $source says $version: is it an old build?" >&2; exit 2; }
debversion=$version-1
arch=$(uname -m) debarch=$(dpkg --print-architecture)
maintainer=${MAILSIM_MAINTAINER:-$(git log -1 --format='%an <%ae>')}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
commit=$(git rev-parse --short=12 HEAD)

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# The binaries, stripped of their symbol tables as Debian's dh_strip does (the dynamic symbols stay).
strip_into() { install -m 755 "$1" "$2" && strip --remove-section=.comment --remove-section=.note "$2"; }
completions() { # completions DIR BASH ZSH FISH: the three scripts, written by mailsim itself
  install -d "$1/$2" "$1/$3" "$1/$4"
  # (bash's is sourced, not run: its #! line goes)
  "$mailsim" --generate-completion-script bash | sed '1{/^#!/d}' > "$1/$2/mailsim"
  "$mailsim" --generate-completion-script zsh > "$1/$3/_mailsim"
  "$mailsim" --generate-completion-script fish > "$1/$4/mailsim.fish"
  chmod 644 "$1/$2/mailsim" "$1/$3/_mailsim" "$1/$4/mailsim.fish"
}
dated_tar() { tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" "$@"; }

# The tarball: the layout of `make install`'s PREFIX, with the licence and README at the top.
name=mailsim-$version-linux-$arch
t=$work/$name
install -d "$t/bin" "$t/share/man/man1" "$t/share/doc/mailsim" "$t/lib/systemd/system"
strip_into "$mailsim" "$t/bin/mailsim"
strip_into "$playground" "$t/bin/mailsim-playground"
install -m 644 docs/mailsim.1 "$t/share/man/man1/mailsim.1"
tools/dist/help-to-man.py "$playground" mailsim-playground "the playground's server: the phone in a browser page" \
  "$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)" > "$t/share/man/man1/mailsim-playground.1"
completions "$t" share/bash-completion/completions share/zsh/site-functions share/fish/vendor_completions.d
install -m 644 LICENSE README.md "$t/"
# The copyright file with the licences of what is linked in (tools/dist/copyright.py), and the two texts it refers
# to /usr/share/common-licenses for, which a machine without Debian lacks.
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")/..
tools/dist/copyright.py "$toolchain" Playground/.build/checkouts > "$work/copyright"
install -m 644 "$work/copyright" "$t/share/doc/mailsim/copyright"
install -m 644 /usr/share/common-licenses/Apache-2.0 /usr/share/common-licenses/GPL-3 "$t/share/doc/mailsim/"
# The hosting guide and its files (docs/deploy.md): a teacher needs no git checkout. Debian's place for them.
docs_and_examples() { # docs_and_examples DOCDIR
  install -m 644 docs/install.md docs/deploy.md README.md "$1/"
  for d in nginx kubernetes systemd github-pages; do
    install -d "$1/examples/$d" && install -m 644 deploy/$d/* "$1/examples/$d/"
  done
}
docs_and_examples "$t/share/doc/mailsim"
# The unit as the tarball's layout puts it under /usr/local (docs/install.md): its programs and its documentation
# there, not in /usr.
sed -e 's|/usr/bin/|/usr/local/bin/|g' -e 's|file:///usr/share/|file:///usr/local/share/|g' \
  deploy/systemd/mailsim-playground.service > "$t/lib/systemd/system/mailsim-playground.service"
chmod 644 "$t/lib/systemd/system/mailsim-playground.service"
install -m 644 tools/dist/mailsim-playground.default "$t/share/doc/mailsim/mailsim-playground.default"
# The playground as static files (make site): what the server serves beside its page (--site finds it at
# ../share/mailsim/site), and what a teacher copies to a static host (docs/deploy.md). As its site.json lists it.
site=${MAILSIM_SITE:-.build/site}
[ -f "$site/site.json" ] || { echo "error: no $site/site.json (make site)" >&2; exit 2; }
tools/wasm/site-copy.sh "$site" "$t/share/mailsim/site"
level=${MAILSIM_DIST_LEVEL:-9}
dated_tar -C "$work" -cf - "$name" | gzip -"$level"n > "$out/$name.tar.gz"

# The Debian package, staged as it installs.
p=$work/deb
install -d "$p/DEBIAN" "$p/usr/bin" "$p/usr/share/man/man1" "$p/usr/share/doc/mailsim" "$p/lib/systemd/system" \
  "$p/etc/default"
cp "$t/bin/mailsim" "$t/bin/mailsim-playground" "$p/usr/bin/"
tools/wasm/site-copy.sh "$site" "$p/usr/share/mailsim/site"
for page in mailsim mailsim-playground; do gzip -9n < "$t/share/man/man1/$page.1" > "$p/usr/share/man/man1/$page.1.gz"; done
install -d "$p/usr/share/lintian/overrides"
install -m 644 tools/dist/lintian-overrides "$p/usr/share/lintian/overrides/mailsim"
completions "$p" usr/share/bash-completion/completions usr/share/zsh/vendor-completions usr/share/fish/vendor_completions.d
install -m 644 "$work/copyright" "$p/usr/share/doc/mailsim/copyright"
docs_and_examples "$p/usr/share/doc/mailsim"
date=$(date -u -R -d "@$SOURCE_DATE_EPOCH")
sed -e "s|@VERSION@|$debversion|" -e "s|@COMMIT@|$commit|" -e "s|@MAINTAINER@|$maintainer|" -e "s|@DATE@|$date|" \
  tools/dist/changelog.in | gzip -9n > "$p/usr/share/doc/mailsim/changelog.Debian.gz"
install -m 644 deploy/systemd/mailsim-playground.service "$p/lib/systemd/system/"
install -m 644 tools/dist/mailsim-playground.default "$p/etc/default/mailsim-playground"
echo /etc/default/mailsim-playground > "$p/DEBIAN/conffiles"
install -m 755 tools/dist/maintainer/postinst tools/dist/maintainer/prerm tools/dist/maintainer/postrm "$p/DEBIAN/"

# Depends: what the binaries link, as dpkg-shlibdeps maps each NEEDED library to its package and version
# (it reads debian/control, so it runs in a folder that has one).
install -d "$work/src/debian"
printf 'Source: mailsim\n\nPackage: mailsim\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$p/usr/bin/mailsim" "$p/usr/bin/mailsim-playground" \
  | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "error: dpkg-shlibdeps found no dependency" >&2; exit 1; }
# Recommends: the sonames Sources/MailboxRaster opens with dlopen for pictures (PNG, GIF, WebP: what the
# playground's exports need), by package, and the fonts. Suggests: FFmpeg, for video (MP4, WebM) only: as a
# Recommends it pulled 152 packages and 536 MB (Mesa and LLVM through libavcodec), which a server does not need.
recommends="libcairo2, libpng16-16, libwebp7, libwebpmux3, libgif7, fonts-dejavu-core"
suggests="libavformat59, libavcodec59, libavutil57"

(cd "$p" && find usr lib etc -type f ! -path 'etc/*' -print0 | sort -z | xargs -0 md5sum) > "$p/DEBIAN/md5sums"
size=$(du -sk --exclude=DEBIAN "$p" | cut -f1)
sed -e "s|@VERSION@|$debversion|" -e "s|@ARCH@|$debarch|" -e "s|@MAINTAINER@|$maintainer|" \
  -e "s|@INSTALLED_SIZE@|$size|" -e "s|@DEPENDS@|$depends|" -e "s|@RECOMMENDS@|$recommends|" -e "s|@SUGGESTS@|$suggests|" \
  tools/dist/control.in > "$p/DEBIAN/control"
find "$p" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
chmod -R go-w "$p"
deb=$out/mailsim_${debversion}_$debarch.deb
dpkg-deb --root-owner-group -Zxz -z"$level" --build "$p" "$deb" >/dev/null
echo "$out/$name.tar.gz ($(du -h "$out/$name.tar.gz" | cut -f1))"
echo "$deb ($(du -h "$deb" | cut -f1)); Depends: $depends"
