#!/usr/bin/env python3
"""The completions `mailsim --generate-completion-script SHELL` writes complete file names where mailsim takes
a file: `mailsim run fir<Tab>`, `mailsim test Scr<Tab>`, `mailsim record -o fil<Tab>`, in
bash and zsh typed at a real interactive shell through a pty (pexpect), and in fish through `complete -C`.
A shell that is not installed is reported as skipped (`make test-completion` installs zsh and fish)."""
import os
import shutil
import subprocess
import sys
import tempfile

import pexpect

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/mailsim")
WORK = tempfile.mkdtemp(prefix="mailsim-completion-")
TIMEOUT = 20
results = []

# What is typed, and what the word must become.
CASES = [("mailsim run fir", "first.mbs"), ("mailsim test Scr", "Scripts/"), ("mailsim record -o fil", "film.webp"),
         ("mailsim record first.mbs -o walk", "walkthrough.gif"), ("mailsim export tok", "tokens"),
         ("mailsim export swift fir", "first.mbs")]


def setup():
    os.makedirs(os.path.join(WORK, "Scripts"))
    for name in ["first.mbs", "film.webp", "walkthrough.gif"]:
        open(os.path.join(WORK, name), "w").close()
    scripts = os.path.join(WORK, "completions")
    os.makedirs(scripts)
    for shell, name in [("bash", "mailsim.bash"), ("zsh", "_mailsim"), ("fish", "mailsim.fish")]:
        with open(os.path.join(scripts, name), "w") as f:
            f.write(subprocess.run([BINARY, "--generate-completion-script", shell], capture_output=True, text=True,
                                   check=True).stdout)
    bin_dir = os.path.join(WORK, "bin")
    os.makedirs(bin_dir)
    os.symlink(BINARY, os.path.join(bin_dir, "mailsim"))
    return scripts, bin_dir


def report(name, ok, detail=""):
    print(("PASS  " if ok else "FAIL  ") + name + ("" if ok else ": " + detail))
    results.append(ok)


def interactive(shell, arguments, setup_lines, env):
    """Each case typed at an interactive `shell`, then Tab: the line must show the completed word."""
    for typed, word in CASES:
        child = pexpect.spawn(shell, arguments, cwd=WORK, env=env, encoding="utf-8", timeout=TIMEOUT,
                              dimensions=(24, 200))
        try:
            for line in setup_lines:
                child.sendline(line)
            child.sendline("echo READY-$((6*7))")
            child.expect("READY-42")
            child.send(typed + "\t")
            try:
                child.expect_exact(word, timeout=5)
                report(f"{shell}: '{typed}<Tab>' completes {word}", True)
            except pexpect.TIMEOUT:
                report(f"{shell}: '{typed}<Tab>' completes {word}", False, f"the line shows {child.before[-120:]!r}")
        finally:
            child.close(force=True)


def main():
    scripts, bin_dir = setup()
    env = dict(os.environ, PATH=bin_dir + ":" + os.environ["PATH"], HOME=WORK, TERM="dumb", PS1="$ ")
    env.pop("HISTFILE", None)
    interactive("bash", ["--norc", "--noprofile", "-i"],
                ["PS1='$ '", "bind 'set show-all-if-ambiguous on' 2>/dev/null",
                 f"source {scripts}/mailsim.bash"], env)
    if shutil.which("zsh"):
        interactive("zsh", ["-f", "-i"],
                    ["PS1='$ '", f"fpath=({scripts} $fpath)", "autoload -U compinit && compinit -u -D"], env)
    else:
        print("skip  zsh is not installed")
    if shutil.which("fish"):
        for typed, word in CASES:
            out = subprocess.run(["fish", "--no-config", "-c", f"source {scripts}/mailsim.fish; complete -C '{typed}'"],
                                 cwd=WORK, env=env, capture_output=True, text=True, timeout=TIMEOUT).stdout
            candidates = [line.split("\t")[0] for line in out.splitlines()]
            report(f"fish: '{typed}' offers {word}", word in candidates, f"offered {candidates[:8]}")
    else:
        print("skip  fish is not installed")
    passed, failed = results.count(True), results.count(False)
    print(f"{passed} passed, {failed} failed")
    shutil.rmtree(WORK, ignore_errors=True)
    sys.exit(1 if failed else 0)


main()
