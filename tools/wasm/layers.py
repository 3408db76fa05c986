#!/usr/bin/env python3
"""The page module's layers, bottom up, from Package.swift (make wasm; tools/wasm/build.sh): the Swift libraries
Sources/MailboxWasm imports and every Swift library they depend on, one level a line, each level's modules
depending only on the levels before it (so they compile side by side). C targets (CMaths: headers found by -I) are
not compiled. Reads `swift package dump-package`'s JSON on standard input.

    swift package dump-package | tools/wasm/layers.py"""
import json
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
EXPORTS = os.path.join(ROOT, "Sources", "MailboxWasm")


def is_swift(name):
    folder = os.path.join(ROOT, "Sources", name)
    return any(f.endswith(".swift") for _, _, files in os.walk(folder) for f in files)


def main():
    package = json.load(sys.stdin)
    targets = {t["name"]: t for t in package["targets"]}

    def depends(name):
        out = []
        for d in targets[name].get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in d and d[kind][0] in targets:
                    out.append(d[kind][0])
            if "product" in d:
                sys.exit("make wasm: %s depends on the package product %s, which the page cannot link"
                         % (name, d["product"][0]))
        return [n for n in out if is_swift(n)]

    roots = set()
    for file in sorted(os.listdir(EXPORTS)):
        if file.endswith(".swift"):
            with open(os.path.join(EXPORTS, file)) as f:
                roots |= {m for m in re.findall(r"^import (\w+)", f.read(), re.M) if m in targets}
    level = {}

    def place(name, path=()):
        if name in path:
            sys.exit("make wasm: a dependency cycle: " + " -> ".join(path + (name,)))
        if name not in level:
            level[name] = 1 + max((place(d, path + (name,)) for d in depends(name)), default=-1)
        return level[name]

    for root in sorted(roots):
        place(root)
    for n in range(max(level.values()) + 1):
        print(" ".join(sorted(m for m, l in level.items() if l == n)))


main()
