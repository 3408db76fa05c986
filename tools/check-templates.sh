#!/usr/bin/env bash
# The hand-off's templates (Sources/MailboxHandoff/Templates; docs/handoff.md) checked as the code they are, by
# `make check` and make test's `handoff` step: every line at most 120 characters and none continued with `\`; each
# Swift template parsed by swiftc as it sits, each JavaScript one by node; then, with MAILSIM, the files they fill:
# `mailsim export swift` of SPEC's settings and of a tuning with springs, rules and ranges type-checked by swiftc, and
# `mailsim export js` of both checked by node and by TypeScript (`tsc --checkJs`, Debian's node-typescript, offline).
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
    "$mailsim" export swift "${script[@]}" -o "$work/$settings/MailboxInteraction.swift"
    "$mailsim" export js "${script[@]}" -o "$work/$settings/mailbox-interaction.mjs"
    swiftc -typecheck "$work/$settings/MailboxInteraction.swift" || status=1
    node --check "$work/$settings/mailbox-interaction.mjs" || status=1
    tsc --allowJs --checkJs --noEmit --strict false --target es2020 --module es2020 --lib es2020,dom \
      "$work/$settings/mailbox-interaction.mjs" || status=1
    echo "templates: $settings: $(wc -l < "$work/$settings/MailboxInteraction.swift") lines of Swift," \
      "$(wc -l < "$work/$settings/mailbox-interaction.mjs") of JavaScript"
  done
fi
[ $status = 0 ] && echo "templates: $(ls "$templates" | wc -l) files checked as the code they are"
exit $status
