#!/usr/bin/env bash
# make site: the whole playground as static files in .build/site (docs/deploy.md): the page, its script and style,
# mailsim.mjs and mailsim.wasm (make wasm), a web app manifest, icons and a service worker, so that any static file
# server is the playground, and a phone that opened it once keeps it on its home screen and offline.
# The folder is written aside and moved into place whole: a server serving the old one never sees half of the new.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${SITE_OUT:-.build/site}
wasm=${WASM_OUT:-.build/wasm}
page=Sources/PlaygroundServing/Page
[ -f "$wasm/mailsim.wasm" ] || { echo "make site: no $wasm/mailsim.wasm (make wasm builds it)" >&2; exit 2; }
version=$(sed -n 's/.*public static let number = "\(.*\)".*/\1/p' Sources/MailsimVersion/MailsimVersion.swift)
[ -n "$version" ] || { echo "make site: no version in Sources/MailsimVersion/MailsimVersion.swift" >&2; exit 2; }

mkdir -p "$(dirname "$out")"
next=$(mktemp -d "$out.next.XXXXXX")
trap 'rm -rf "$next"' EXIT
# The page, its version in it (the program an export's first comment names).
sed "s|<meta name=\"mailsim-version\" content=\"\">|<meta name=\"mailsim-version\" content=\"$version\">|" \
    "$page/playground.html" > "$next/index.html"
grep -q "content=\"$version\"" "$next/index.html" || { echo "make site: the page has no mailsim-version meta" >&2; exit 2; }
# The style sheet and the script's modules (every .js of the page but the service worker, written below: the files
# PlaygroundPage.files serves), the manifest and the icon.
cp "$page/playground.css" "$page/manifest.webmanifest" "$page/icon.svg" "$next/"
for module in "$page"/*.js; do [ "$(basename "$module")" = sw.js ] || cp "$module" "$next/"; done
cp Sources/MailboxScene/Embedded/plots.css "$next/plots.css"
cp "$wasm/mailsim.mjs" "$wasm/mailsim.wasm" "$next/"
# The icons a home screen asks for, drawn from icon.svg.
for size in 192 512; do rsvg-convert -w "$size" -h "$size" "$page/icon.svg" -o "$next/icon-$size.png"; done
rsvg-convert -w 180 -h 180 "$page/icon.svg" -o "$next/apple-touch-icon.png"

# The service worker: its cache named after the files' contents, and their list ("./" is the page itself).
files=$(cd "$next" && ls | sort)
hash=$(cd "$next" && cat $files | sha256sum | cut -c1-16)
list=$(printf '"./"'; for f in $files; do printf ', "%s"' "$f"; done)
sed -e "s|\"mailsim-SITE_HASH\"|\"mailsim-$hash\"|" -e "s|= SITE_FILES;|= [$list];|" "$page/sw.js" > "$next/sw.js"
grep -q "mailsim-$hash" "$next/sw.js" || { echo "make site: sw.js has no SITE_HASH to fill" >&2; exit 2; }

chmod -R a+rX "$next"
rm -rf "$out.old"
[ -e "$out" ] && mv "$out" "$out.old"
mv "$next" "$out"
trap - EXIT
rm -rf "$out.old"
echo "site: $out ($(ls "$out" | wc -l) files, $(du -sk "$out" | cut -f1) KiB; version $version, cache mailsim-$hash)"
