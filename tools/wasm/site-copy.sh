#!/usr/bin/env bash
# Copies make site's folder into DEST as its site.json lists it (the page, the root files, the version folder, the
# service worker, and site.json itself), files 644 and folders 755: what make install and make dist ship. A version
# folder site.sh kept from the site before (for browsers that still hold that site's page) is not copied.
#
#   tools/wasm/site-copy.sh SITE DEST
set -euo pipefail
[ $# = 2 ] || { echo "usage: $0 SITE DEST" >&2; exit 2; }
site=$1 dest=$2
[ -f "$site/site.json" ] || { echo "error: no $site/site.json (make site)" >&2; exit 2; }
paths=$(sed -n 's/^.*{"path": "\([^"]*\)".*$/\1/p' "$site/site.json")
[ -n "$paths" ] || { echo "error: $site/site.json lists no file" >&2; exit 2; }
for path in $paths site.json; do
    case $path in /* | *..*) echo "error: $site/site.json lists '$path'" >&2; exit 2 ;; esac
    install -D -m 644 "$site/$path" "$dest/$path"
done
