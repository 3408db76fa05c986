#!/usr/bin/env python3
"""Each export of the page's modules states its type in JSDoc (docs/playground.md, "The page"), so that tsc
(`make page-check`) checks every call across modules against it rather than against what it infers.

An exported function needs a `/** … */` block right above it (comments may come before the block) with an
`@param` for each of its parameters; an exported `const`, `let` or `var`, a block above it (its `@type` or its
words: tsc infers a constant's type from its value). Fails with one line an export: `FILE:LINE: NAME: …`.

Usage: Tests/page/exports_typed.py [FOLDER]   (default: Sources/PlaygroundPage)."""
import pathlib
import re
import sys

FUNCTION = re.compile(r"^export (?:async )?function (\w+)\(([^)]*)\)")
VALUE = re.compile(r"^export (?:const|let|var) (\w+)")


def block_above(lines, index):
    """The JSDoc block that ends on the line above `index` (blank lines between are not allowed), or None."""
    end = index - 1
    if end < 0:
        return None
    if lines[end].strip().startswith("/**") and lines[end].strip().endswith("*/"):
        return lines[end]
    if not lines[end].strip().endswith("*/"):
        return None
    start = end
    while start >= 0 and not lines[start].strip().startswith("/**"):
        if not lines[start].strip().startswith("*"):
            return None
        start -= 1
    return "\n".join(lines[start:end + 1]) if start >= 0 else None


def main():
    folder = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Sources/PlaygroundPage")
    problems, exports = [], 0
    for path in sorted(p for p in folder.iterdir() if p.suffix == ".js"):
        lines = path.read_text(encoding="utf-8").split("\n")
        for index, line in enumerate(lines):
            function, value = FUNCTION.match(line), VALUE.match(line)
            if not function and not value:
                continue
            exports += 1
            name = (function or value).group(1)
            where = f"{path}:{index + 1}: {name}"
            block = block_above(lines, index)
            if block is None:
                problems.append(f"{where}: no JSDoc block above the export")
                continue
            if function:
                for parameter in [p.strip().split("=")[0].strip() for p in function.group(2).split(",") if p.strip()]:
                    if not re.search(r"@param \{[^\n]*\} \[?" + re.escape(parameter) + r"\b", block):
                        problems.append(f"{where}: no @param {{TYPE}} {parameter}")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"exports_typed: {len(problems)} export(s) untyped of {exports}", file=sys.stderr)
        return 1
    print(f"exports_typed: {exports} exports, each typed in JSDoc")
    return 0


if __name__ == "__main__":
    sys.exit(main())
