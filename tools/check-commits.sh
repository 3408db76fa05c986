#!/usr/bin/env bash
# Commit subjects under 72 characters, the detail in the body (CONTRIBUTING.md, "Review habits"): fails naming each
# commit after FROM whose subject is longer, or whose second line is not blank. FROM defaults to the commit where
# the rule began to be checked (earlier history has longer subjects and is left as it is).
#
#     tools/check-commits.sh [FROM]
set -euo pipefail
cd "$(dirname "$0")/.."
from=${1:-a2ad02b}
if ! git rev-parse --verify --quiet "$from^{commit}" >/dev/null; then
  echo "check-commits: $from is not in this clone's history (a shallow clone?); nothing checked"
  exit 0
fi
bad=0
for commit in $(git rev-list --no-merges "$from..HEAD"); do
  subject=$(git log -1 --format=%s "$commit")
  second=$(git log -1 --format=%B "$commit" | sed -n 2p)
  if [ ${#subject} -gt 72 ]; then
    echo "$(git log -1 --format=%h "$commit"): subject of ${#subject} characters (at most 72): $subject"; bad=1
  fi
  if [ -n "$second" ]; then
    echo "$(git log -1 --format=%h "$commit"): the subject's second line is not blank: $subject"; bad=1
  fi
done
[ $bad = 0 ] && echo "commit subjects since $from: each under 72 characters"
exit $bad
