#!/usr/bin/env python3
"""`load FILE` at the prompt against `mailsim run FILE`: a file of N × `advance 0.001`, timed through a pty.

    python3 Benchmarks/load.py [MAILSIM] [BASELINE_MAILSIM]

`load` runs the file through the same line runner as `run`, so it costs about what `run` does and grows
linearly with the file (it was quadratic: every line copied the session's whole transcript).
"""
import os
import subprocess
import sys
import tempfile
import time

import pexpect

binaries = sys.argv[1:] or [".build/release/mailsim"]
with tempfile.TemporaryDirectory() as folder:
    for n in (20_000, 60_000, 200_000):
        path = os.path.join(folder, f"advance-{n}.mbs")
        with open(path, "w") as f:
            f.write("advance 0.001\n" * n)
        for binary in binaries:
            start = time.monotonic()
            subprocess.run([binary, "run", path], check=True)
            ran = time.monotonic() - start
            child = pexpect.spawn(binary, ["--no-trace"], env={"MAILSIM_HISTORY": "", "TERM": "dumb", "PATH": os.environ["PATH"]},
                                  encoding="utf-8", timeout=600)
            child.expect("> ")
            start = time.monotonic()
            child.sendline(f"load {path}")
            child.expect(r"mailsim \d+\.\d+s> ")
            loaded = time.monotonic() - start
            child.sendline("quit")
            child.close()
            print(f"{binary}: {n:,} lines: load {loaded:.3f} s, run {ran:.3f} s", flush=True)
