#!/usr/bin/env python3
"""Every ```mbs example of the documentation runs, and every command shown with its output prints that output.

Usage: python3 Tests/docs/test_docs.py PATH/TO/mailsim

Finds every fence whose info string starts with `mbs` in README.md and docs/*.md, writes each block
to a file in a fresh temporary folder, runs `mailsim run` on it there and checks its exit status:
0, or the status the fence names (```mbs exit=1 for an example that shows a failing expectation).
```mbs norun is an example that cannot run (the text says why): it is counted, not run. ```mbs
file=NAME is also kept as NAME for the outputs below.

Every ```text fence whose first line is `$ COMMAND` is a transcript: each `$ COMMAND` line is run with
bash, `mailsim` being the binary under test, in a folder that holds the `file=NAME` examples and copies
of the repository's Scripts and Tests/Fixtures; what it prints (standard output and error, in order) must be the
lines below it, up to the next `$` line. A line `...` in the document stands for any number of lines; a
wall-clock time such as `(0.006 s)` matches any time. ```text norun is a transcript that cannot run as
written (the text says why). A failure prints FILE:LINE: (the fence's line), then the difference. Exit 0
when every example ran as it says, 1 otherwise.
"""
import difflib
import os
import re
import shutil
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
        if words and words[0] in ("mbs", "text"):
            yield start + 1, words[0], words[1:], "\n".join(body) + "\n"


WALL_CLOCK = re.compile(r"\(\d+\.\d+ s\)")


def matches(expected, actual):
    """True when `actual` (lines) is `expected` (lines), a `...` line standing for any number of lines."""
    expected = [WALL_CLOCK.sub("(TIME s)", line) for line in expected]
    actual = [WALL_CLOCK.sub("(TIME s)", line) for line in actual]

    def match(i, j):
        if i == len(expected):
            return j == len(actual)
        if expected[i].strip() == "...":
            return any(match(i + 1, k) for k in range(j, len(actual) + 1))
        return j < len(actual) and expected[i] == actual[j] and match(i + 1, j + 1)
    return match(0, 0)


def transcript(text):
    """[(command, [expected lines])] of a ```text block that starts with `$ `; [] for any other."""
    lines = text.rstrip("\n").split("\n")
    if not lines or not lines[0].startswith("$ "):
        return []
    steps = []
    for line in lines:
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            steps[-1][1].append(line)
    return steps


def run_transcript(mailsim, folder, command):
    """What `command` prints, run by bash in `folder` with `mailsim` on the PATH first."""
    env = dict(os.environ, PATH=os.path.join(folder, ".bin") + ":" + os.environ["PATH"], NO_COLOR="1")
    try:
        run = subprocess.run(["bash", "-c", command], cwd=folder, stdin=subprocess.DEVNULL, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
        return run.stdout.rstrip("\n").split("\n") if run.stdout else []
    except subprocess.TimeoutExpired:
        return ["(no end after 300 s)"]


def main():
    if len(sys.argv) != 2:
        print("usage: python3 Tests/docs/test_docs.py PATH/TO/mailsim", file=sys.stderr)
        return 2
    mailsim = os.path.abspath(sys.argv[1])
    ran = failed = skipped = transcripts = 0
    with tempfile.TemporaryDirectory(prefix="mailsim-docs-out-") as shared:
        os.makedirs(os.path.join(shared, ".bin"))
        os.symlink(mailsim, os.path.join(shared, ".bin", "mailsim"))
        # Copies, so that no command shown can change the repository's scripts.
        shutil.copytree(os.path.join(ROOT, "Scripts"), os.path.join(shared, "Scripts"))
        shutil.copytree(os.path.join(ROOT, "Tests", "Fixtures"), os.path.join(shared, "Tests", "Fixtures"))
        for doc in documents():
            name = os.path.relpath(doc, ROOT)
            for line, language, words, text in examples(doc):
                options = dict(w.split("=", 1) if "=" in w else (w, "") for w in words)
                if language == "text":
                    steps = transcript(text)
                    if not steps:
                        continue
                    if "norun" in options:
                        skipped += 1
                        continue
                    transcripts += 1
                    for command, expected in steps:
                        actual = run_transcript(mailsim, shared, command)
                        if not matches(expected, actual):
                            failed += 1
                            print(f"{name}:{line}: `{command}` printed what the document does not show:")
                            for diff in difflib.unified_diff(expected, actual, "document", "mailsim", lineterm="", n=1):
                                print(f"    {diff}")
                    continue
                if "norun" in options:
                    skipped += 1
                    continue
                if "file" in options:
                    with open(os.path.join(shared, options["file"]), "w", encoding="utf-8") as f:
                        f.write(text)
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
    print(f"docs: {ran + transcripts} examples ran ({transcripts} of them outputs), {failed} failed{note}")
    return 1 if failed or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
