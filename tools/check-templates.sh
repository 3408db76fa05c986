#!/usr/bin/env bash
# The hand-off's templates (Sources/MailboxHandoff/Templates; docs/handoff.md) checked as the code they are, by
# `make check` and make test's `handoff` step: every line at most 120 characters and none continued with `\`; each
# Swift template parsed by swiftc as it sits, each JavaScript one by node; then, with MAILSIM, the files they fill:
# `mailsim export swift` of SPEC's settings and of a tuning with springs, rules and ranges (a set of files, written
# with -o DIR) type-checked by swiftc, as the set and as printed to standard output (one file), and `mailsim export
# js` of both checked by node (each module) and by TypeScript (`tsc --checkJs` from the entry module, which imports
# the others; Debian's node-typescript, offline). No generated file may pass 400 lines.
#
#     tools/check-templates.sh [MAILSIM]
set -euo pipefail
cd "$(dirname "$0")/.."
templates=Sources/MailboxHandoff/Templates
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# The templates as they sit.
if awk 'length > 120 { print FILENAME ":" FNR ": over 120 characters"; bad = 1 }
        /\\$/ { print FILENAME ":" FNR ": a line continued with \\"; bad = 1 }
        END { exit bad }' "$templates"/*; then :; else status=1; fi
for file in "$templates"/*.swift; do
  swiftc -parse "$file" || { echo "$file: not Swift as it sits" >&2; status=1; }
done
for file in "$templates"/*.js; do
  cp "$file" "$work/$(basename "$file" .js).mjs"
  node --check "$work/$(basename "$file" .js).mjs" || { echo "$file: not JavaScript as it sits" >&2; status=1; }
done

# The files they fill, of SPEC's settings and of a tuning that takes the other branches.
if [ $# -gt 0 ]; then
  mailsim=$1
  tuned=Tests/handoff/tuned.mbs
  for settings in spec tuned; do
    script=()
    [ "$settings" = tuned ] && script=("$tuned")
    mkdir -p "$work/$settings"
    "$mailsim" export swift "${script[@]}" -o "$work/$settings/swift"
    "$mailsim" export js "${script[@]}" -o "$work/$settings/js"
    "$mailsim" export swift "${script[@]}" > "$work/$settings/One.swift"
    swiftc -typecheck "$work/$settings"/swift/*.swift || status=1
    swiftc -typecheck "$work/$settings/One.swift" || { echo "$settings: the Swift printed is not one file" >&2; status=1; }
    for module in "$work/$settings"/js/*.mjs; do node --check "$module" || status=1; done
    tsc --allowJs --checkJs --noEmit --strict false --target es2020 --module es2020 --lib es2020,dom \
      "$work/$settings/js/mailbox-interaction.mjs" || status=1
    if awk 'FNR == 401 { print FILENAME ": over 400 lines"; bad = 1 } END { exit bad }' \
      "$work/$settings"/swift/* "$work/$settings"/js/*; then :; else status=1; fi
    echo "templates: $settings: $(cat "$work/$settings"/swift/* | wc -l) lines of Swift in" \
      "$(ls "$work/$settings/swift" | wc -l) files, $(cat "$work/$settings"/js/* | wc -l) of JavaScript in" \
      "$(ls "$work/$settings/js" | wc -l) modules"
  done
fi
[ $status = 0 ] && echo "templates: $(ls "$templates" | wc -l) files checked as the code they are"
exit $status
