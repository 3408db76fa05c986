#!/usr/bin/env python3
"""The speed gate (make bench-gate; the `gate` step of make test): fails when the release mailsim's start-up or a
line of the 100,000-line gesture script costs more than 3 % more instructions than the baseline kept beside this file
(Benchmarks/baseline.json). Instructions, not seconds: valgrind's callgrind counts them the same on a busy machine
and a quiet one, so the gate can be tight and still never fail for the machine's load.

    Benchmarks/gate.py MAILSIM                      # compare; status 1 over the bound, 2 when it cannot measure
    Benchmarks/gate.py MAILSIM --update --why TEXT  # write the baseline anew (a change made on purpose: say why,
                                                    # and say it again in the commit that changes the file)

The inputs are `make bench`'s (Benchmarks/run.sh): start-up is `mailsim run` of its five-line script, and a line is
the instructions of `mailsim run` of the 100,000-line gesture script of seed 1 (Benchmarks/generate.py --lines
100000 --seed 1), start-up taken away, divided by 100,000. The baseline names the Swift compiler it was measured with: another
compiler makes other instructions, and the gate says so beside its verdict (an update is then the fix, with that
reason)."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BASELINE = os.path.join(HERE, "baseline.json")
BOUND = 0.03
LINES = 100_000
FIVE = "pan msg1 -180\nrelease\nadvance 0.6\nexpect overlay == reschedule\nchoose tomorrow\n"


def instructions(command):
    """Instructions executed by one run of `command` (callgrind's `Collected`); the run must succeed."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        sys.exit("gate: %s failed under valgrind (status %d):\n%s" % (" ".join(command), done.returncode,
                                                                     done.stderr[-2000:]))
    return int(found.group(1))


def compiler():
    """The first line of `swiftc --version` (the compiler that made the binary, when it is this machine's)."""
    try:
        out = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout
        return out.splitlines()[0].strip() if out else "unknown"
    except OSError:
        return "unknown"


def measure(mailsim, work):
    five = os.path.join(work, "five.mbs")
    with open(five, "w") as f:
        f.write(FIVE)
    gestures = os.path.join(work, "gestures.mbs")
    # A whole script of 100,000 lines (the first 100,000 of the million-line one that Benchmarks/run.sh times end
    # with a finger down, and so in an error).
    script = subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "--lines", str(LINES), "--seed", "1"],
                            capture_output=True, text=True, check=True).stdout
    with open(gestures, "w") as f:
        f.write("".join(script.splitlines(keepends=True)[:LINES]))
    startup = instructions([mailsim, "run", five])
    whole = instructions([mailsim, "run", gestures])
    return {"startup": startup, "per_line": (whole - startup) / LINES}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mailsim")
    parser.add_argument("--update", action="store_true", help="write the baseline anew")
    parser.add_argument("--why", help="why the baseline changes (with --update)")
    args = parser.parse_args()
    if subprocess.run(["sh", "-c", "command -v valgrind"], capture_output=True).returncode != 0:
        print("gate: needs valgrind (apt-get install valgrind)", file=sys.stderr)
        sys.exit(2)
    if args.update and not args.why:
        parser.error("--update needs --why: the reason the baseline changes")
    with tempfile.TemporaryDirectory() as work:
        now = measure(os.path.abspath(args.mailsim), work)
    swift = compiler()
    if args.update:
        with open(BASELINE + ".new", "w") as f:
            json.dump({"startup_instructions": now["startup"], "instructions_per_line": round(now["per_line"], 1),
                       "compiler": swift, "why": args.why}, f, indent=2)
            f.write("\n")
        os.replace(BASELINE + ".new", BASELINE)
        print("gate: baseline written: start-up %d instructions, a line %.1f (%s)"
              % (now["startup"], now["per_line"], swift))
        return
    with open(BASELINE) as f:
        base = json.load(f)
    failed = False
    for name, key, value in [("start-up", "startup_instructions", now["startup"]),
                             ("a line of the gesture script", "instructions_per_line", now["per_line"])]:
        ratio = value / base[key] - 1
        over = ratio > BOUND
        failed |= over
        print("gate: %-29s %12.1f instructions, baseline %12.1f: %+.2f %% (bound +%d %%)%s"
              % (name, value, base[key], 100 * ratio, round(100 * BOUND), "  OVER" if over else ""))
    if swift != base.get("compiler"):
        print("gate: the baseline was measured with %s; this machine's compiler is %s"
              % (base.get("compiler"), swift))
    if failed:
        print("gate: slower than the baseline by more than %d %%: find what costs more (make bench, docs/"
              "performance.md), or, when the cost is meant, update the baseline with --update --why and say why in "
              "the commit" % round(100 * BOUND), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
