#!/usr/bin/env bash
# make site: the whole playground as static files in .build/site (docs/deploy.md, "What a site is"), so that any
# static file server is the playground, and a phone that opened it once keeps it on its home screen and offline:
#
#   index.html            the page, naming its version folder
#   v/BUILD/              playground.js and its modules, playground.css, plots.css, mailsim.mjs, mailsim.wasm
#   manifest.webmanifest, icon.svg, icon-192.png, icon-512.png, apple-touch-icon.png
#   sw.js                 the service worker of this version (BUILD written in it)
#   site.json             the list: the mailsim version, BUILD, and every file's path, SHA-256 and size
#
# BUILD is the first 16 hex digits of a SHA-256 over every file's name and contents (sw.js's template among them),
# so a new version is a new folder name: a file of a version folder never changes under its name, the page and its
# module and its WebAssembly always come from one folder (relative imports need no rewriting), and a browser may
# keep them forever. The folder of the site this one replaces is kept beside it (not listed): a browser that still
# holds the old index.html in its cache, with no service worker, still finds every file that page names.
#
# The folder is written aside and moved into place whole: a server serving the old one never sees half of the new.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${SITE_OUT:-.build/site}
wasm=${WASM_OUT:-.build/wasm}
page=Sources/PlaygroundPage
[ -f "$wasm/mailsim.wasm" ] || { echo "make site: no $wasm/mailsim.wasm (make wasm builds it)" >&2; exit 2; }
version=$(sed -n 's/.*public static let number = "\(.*\)".*/\1/p' Sources/MailsimVersion/MailsimVersion.swift)
[ -n "$version" ] || { echo "make site: no version in Sources/MailsimVersion/MailsimVersion.swift" >&2; exit 2; }

mkdir -p "$(dirname "$out")"
next=$(mktemp -d "$out.next.XXXXXX")
trap 'rm -rf "$next"' EXIT
# The version folder, named once its contents are: the style sheets, the script's modules (every .js of the page but
# the service worker: the files PlaygroundPage.files serves), the WebAssembly and its loader.
files=$next/v/BUILD
mkdir -p "$files"
cp "$page/playground.css" "$files/"
cp Sources/MailboxScene/Embedded/plots.css "$files/plots.css"
for module in "$page"/*.js; do [ "$(basename "$module")" = sw.js ] || cp "$module" "$files/"; done
cp "$wasm/mailsim.mjs" "$wasm/mailsim.wasm" "$files/"
# The page, its version in it (the program an export's first comment names), its script and style in the folder.
sed -e "s|<meta name=\"mailsim-version\" content=\"\">|<meta name=\"mailsim-version\" content=\"$version\">|" \
    -e 's|href="playground.css"|href="v/BUILD/playground.css"|' -e 's|href="plots.css"|href="v/BUILD/plots.css"|' \
    -e 's|src="playground.js"|src="v/BUILD/playground.js"|' "$page/playground.html" > "$next/index.html"
for need in "content=\"$version\"" 'href="v/BUILD/playground.css"' 'href="v/BUILD/plots.css"' 'src="v/BUILD/playground.js"'; do
    grep -q "$need" "$next/index.html" || { echo "make site: playground.html has no $need to write" >&2; exit 2; }
done
# The web app manifest and the icons a home screen asks for, drawn from icon.svg.
cp "$page/manifest.webmanifest" "$page/icon.svg" "$next/"
for size in 192 512; do rsvg-convert -w "$size" -h "$size" "$page/icon.svg" -o "$next/icon-$size.png"; done
rsvg-convert -w 180 -h 180 "$page/icon.svg" -o "$next/apple-touch-icon.png"
cp "$page/sw.js" "$next/sw.js"

# BUILD, then written where it is named.
build=$(cd "$next" && find . -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
mv "$files" "$next/v/$build"
sed -i "s|v/BUILD/|v/$build/|g" "$next/index.html"
sed -i "s|\"SITE_BUILD\"|\"$build\"|" "$next/sw.js"
grep -q "\"$build\"" "$next/sw.js" || { echo "make site: sw.js has no SITE_BUILD to fill" >&2; exit 2; }

# The list: every file the service worker keeps (the page, the root files, the version folder), and the worker.
entry() { printf '{"path": "%s", "sha256": "%s", "size": %d}' "$1" "$(sha256sum < "$next/$1" | cut -c1-64)" \
    "$(stat -c %s "$next/$1")"; }
listed=$(cd "$next" && find . -type f ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)
last=$(tail -n 1 <<<"$listed")
{
    printf '{\n  "format": 1,\n  "mailsim": "%s",\n  "build": "%s",\n  "worker": %s,\n  "files": [\n' \
        "$version" "$build" "$(entry sw.js)"
    for path in $listed; do printf '    %s%s\n' "$(entry "$path")" "$([ "$path" = "$last" ] || echo ,)"; done
    printf '  ]\n}\n'
} > "$next/site.json"

# The version the replaced site held, kept beside (see above).
if [ -f "$out/site.json" ]; then
    before=$(sed -n 's/^  "build": "\([0-9a-f]*\)",$/\1/p' "$out/site.json")
    if [ -n "$before" ] && [ "$before" != "$build" ] && [ -d "$out/v/$before" ]; then
        cp -r "$out/v/$before" "$next/v/$before"
    fi
fi

chmod -R a+rX "$next"
rm -rf "$out.old"
[ -e "$out" ] && mv "$out" "$out.old"
mv "$next" "$out"
trap - EXIT
rm -rf "$out.old"
count=$(grep -c '^    {"path"' "$out/site.json")
echo "site: $out ($count files and sw.js, $(du -sk "$out" | cut -f1) KiB; version $version, build $build)"
