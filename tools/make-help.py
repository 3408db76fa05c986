#!/usr/bin/env python3
"""`make help`: each target the Makefile documents with a `## NAME: …` comment, and the first sentence of what
that comment says. The comments are the one source; this only reads them.

    python3 tools/make-help.py [Makefile]
"""
import re
import shutil
import sys
import textwrap


def targets(lines):
    """(name, text) for each `## name: text` paragraph, in the Makefile's order."""
    found, name, words = [], None, []
    for line in lines + [""]:
        start = re.match(r"^## ([a-z][a-z0-9-]*): (.*)", line)
        if start or not line.startswith("## "):
            if name:
                found.append((name, " ".join(words)))
            name, words = (start.group(1), [start.group(2)]) if start else (None, [])
        elif name:
            words.append(line[3:].strip())
    return found


def first_sentence(text):
    """Up to the first full stop or semicolon outside brackets."""
    depth = 0
    for i, c in enumerate(text):
        depth += c in "([" and 1 or c in ")]" and -1 or 0
        if depth == 0 and c in ".;" and (i + 1 == len(text) or text[i + 1] == " "):
            return text[:i]
    return text


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "Makefile"
    with open(path, encoding="utf-8") as f:
        found = targets(f.read().splitlines())
    width = max(len(name) for name, _ in found)
    columns = shutil.get_terminal_size((120, 24)).columns
    print("make TARGET, where TARGET is one of these (the Makefile says more above each):\n")
    for name, text in found:
        print(textwrap.fill(first_sentence(text), width=max(columns, width + 40), initial_indent="  %-*s  " % (width, name),
                            subsequent_indent=" " * (width + 4), break_on_hyphens=False))


if __name__ == "__main__":
    main()
