#!/usr/bin/env python3
"""Every ```mbs example of the documentation runs.

Usage: python3 Tests/docs/test_docs.py PATH/TO/mailsim

Finds every fence whose info string starts with `mbs` in README.md and docs/*.md, writes each block
to a file in a fresh temporary folder, runs `mailsim run` on it there and checks its exit status:
0, or the status the fence names (```mbs exit=1 for an example that shows a failing expectation).
```mbs norun is an example that cannot run (the text says why): it is counted, not run.
A failure prints FILE:LINE: (the fence's line), the status and the output. Exit 0 when every
example ran as it says, 1 otherwise.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(.*)$")


def documents():
    yield os.path.join(ROOT, "README.md")
    docs = os.path.join(ROOT, "docs")
    for name in sorted(os.listdir(docs)):
        if name.endswith(".md"):
            yield os.path.join(docs, name)


def examples(path):
    """(line of the opening fence, info words, text) for every ```mbs block of the file."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.groups()
        start, body = i, []
        i += 1
        while i < len(lines):
            close = FENCE.match(lines[i])
            if close and close.group(2)[0] == fence[0] and len(close.group(2)) >= len(fence) \
                    and not close.group(3).strip():
                break
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        i += 1
        words = info.split()
        if words and words[0] == "mbs":
            yield start + 1, words[1:], "\n".join(body) + "\n"


def main():
    if len(sys.argv) != 2:
        print("usage: python3 Tests/docs/test_docs.py PATH/TO/mailsim", file=sys.stderr)
        return 2
    mailsim = os.path.abspath(sys.argv[1])
    ran = failed = skipped = 0
    for doc in documents():
        name = os.path.relpath(doc, ROOT)
        for line, words, text in examples(doc):
            options = dict(w.split("=", 1) if "=" in w else (w, "") for w in words)
            if "norun" in options:
                skipped += 1
                continue
            want = int(options.get("exit", "0"))
            ran += 1
            with tempfile.TemporaryDirectory(prefix="mailsim-docs-") as folder:
                with open(os.path.join(folder, "a.mbs"), "w", encoding="utf-8") as f:
                    f.write(text)
                try:
                    run = subprocess.run([mailsim, "run", "a.mbs"], cwd=folder, stdin=subprocess.DEVNULL,
                                         capture_output=True, text=True, timeout=60)
                    status, output = run.returncode, run.stdout + run.stderr
                except subprocess.TimeoutExpired:
                    status, output = "timeout", "(no end after 60 s)\n"
            if status != want:
                failed += 1
                print(f"{name}:{line}: exit {status}, expected {want}")
                for out in output.rstrip("\n").split("\n"):
                    print(f"    {out}")
    note = f" ({skipped} not run)" if skipped else ""
    print(f"docs: {ran} examples ran, {failed} failed{note}")
    return 1 if failed or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
