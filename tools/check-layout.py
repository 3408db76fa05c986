#!/usr/bin/env python3
"""The house rules on the package's layout that a machine can check (CONTRIBUTING.md):

- every library target of both packages has a test target named after it (`MailboxSim` → `MailboxSimTests`);
- the unit tests use Swift Testing: no `import XCTest` anywhere under Tests/ or Playground/Tests/.

Usage: tools/check-layout.py  (from the repository's root; reads `swift package dump-package` of each package).
Exit 1 with one line a problem, naming the target or the file."""
import json
import pathlib
import subprocess
import sys

PACKAGES = [".", "Playground"]
# Targets that are not libraries of the product: test helpers compiled into the test targets (WalkthroughDamage is
# tested where it is used, in MailboxFootageDecodingTests).
NOT_LIBRARIES = {"MailsimTestSupport", "WalkthroughDamage"}


def targets(package):
    out = subprocess.run(["swift", "package", "dump-package"], cwd=package, check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)["targets"]


def main():
    problems = []
    for package in PACKAGES:
        listed = targets(package)
        tests = {t["name"] for t in listed if t["type"] == "test"}
        for target in listed:
            if target["type"] != "regular" or target["name"] in NOT_LIBRARIES:
                continue
            if target["name"] + "Tests" not in tests:
                problems.append(f"{package}/Package.swift: library {target['name']} has no test target "
                                f"{target['name']}Tests")
    for folder in ["Tests", "Playground/Tests"]:
        for path in sorted(pathlib.Path(folder).rglob("*.swift")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if line.strip() == "import XCTest":
                    problems.append(f"{path}:{number}: XCTest: the unit tests use Swift Testing (import Testing)")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
