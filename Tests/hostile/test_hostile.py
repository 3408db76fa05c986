#!/usr/bin/env python3
"""The hostile catalogue: what a careless or hostile user might throw at mailsim, case by case.

    python3 Tests/hostile/test_hostile.py PATH/TO/mailsim

Every case runs the real binary in a fresh folder and asserts the promises of docs/promises.md:
  - it ends by itself with an exit status of 0, 1 or 2 (the case names which): never a signal (a crash), and
    within its time bound (never a hang);
  - every file that was in the folder before is byte-identical afterwards, unless the case names it as an
    output, and no temporary (`.NAME.mailsim-…`) is left;
  - what it says names the trouble (a case may name words that must appear).
The last line is `hostile: N cases, C crashes, H hangs, L files lost, F other failures`.
"""
import hashlib
import os
import signal
import subprocess
import sys
import tempfile

MAILSIM = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/mailsim")

# A case: name, arguments after `mailsim`, the files to make (name → bytes), standard input, the exit statuses
# allowed, words standard error must hold, outputs (files allowed to change or appear), seconds allowed.
CASES = []


def case(name, args, files=None, stdin=b"", exits=(0, 1, 2), says=(), outputs=(), seconds=20, shell=None):
    CASES.append(dict(name=name, args=args, files=files or {}, stdin=stdin, exits=exits, says=says,
                      outputs=outputs, seconds=seconds, shell=shell))


def script(name, text, exits=(0, 1, 2), says=(), seconds=20):
    """A script run with `mailsim run s.mbs` (and the same bytes on standard input)."""
    data = text.encode() if isinstance(text, str) else text
    case(name, ["run", "s.mbs"], {"s.mbs": data}, exits=exits, says=says, seconds=seconds)
    case(name + " (stdin)", [], stdin=data, exits=exits, says=says, seconds=seconds)


# --- Numbers at and past every limit -------------------------------------------------------------------------
for dx in ["10000", "-10000", "10000.000000001", "-0", "+0", "0.000000000000001", "-0." + "0" * 150 + "1",
           "999999999999999", "1e5", "nan", "inf", "-inf", "0x10", "١٢٣", "1_000", ".5", "5.", "--5"]:
    script(f"pan by {dx}", f"pan msg1 {dx}\nrelease\nsettle\n", exits=(0, 2))
for v in ["1000000", "-1000000", "1000001", "0", "-0", "0.0000001", "999999.999999"]:
    script(f"release at {v}", f"pan msg1 -0.{'0' * 20}1\nrelease {v}\nsettle\nstate\n", exits=(0, 2))
for s in ["0", "3600", "3600.000000001", "-1", "0.000000001"]:
    script(f"pan in {s} s", f"pan msg1 -100 in {s}\nrelease\n", exits=(0, 2), seconds=30)
for s in ["1000000000", "1000000000.000000001", "0.000000001"]:
    script(f"advance {s}", f"advance {s}\nadvance {s}\nadvance {s}\n", exits=(0, 2))
script("the clock's end", "advance 1000000000\n" * 12, exits=(2,), says=("clock",))
for n in ["0", "1", "500", "501", "-1", "2.5"]:
    script(f"reset {n}", f"reset {n}\nsettle\nstate\n", exits=(0, 2))
script("500 rows swiped and settled", "reset 500\n" + "".join(f"pan msg{i} -30 in 0\nrelease\n" for i in range(1, 501))
       + "settle\n")
script("864,000 pan frames", "set fps 240\npan msg1 -100 in 3600\nrelease\n", seconds=60)

# --- Every parameter at its ends, and past them -----------------------------------------------------------------
ROLES = ["slide", "snap", "overlay", "hide", "menu", "compose", "segment", "undo"]
for role in ROLES:
    for curve in ["spring 0.000000001 60", "spring 100 0.01", "spring 0.01 60", "spring 1 0.01",
                  "bezier 0 100 1 -100", "bezier 1 -100 0 100", "spring 0 1", "bezier 2 0 0 1"]:
        trigger = {"menu": "tap menu\nsettle\ntap menu\n", "compose": "compose\nsettle\ntap cancel\n",
                   "segment": "tap segment later\nsettle\n", "undo": "pan msg1 120\nrelease\nsettle\nshake\ntap undo\n",
                   "overlay": "pan msg1 -120\nrelease\nsettle\ntap\n", "hide": "pan msg1 120\nrelease\n"}.get(
                       role, "pan msg1 -40\nrelease\n")
        script(f"curve.{role} {curve}", f"set curve.{role} {curve}\n{trigger}settle\nstate\n", exits=(0, 2))
for setting in ["threshold.near 0.000000001", "threshold.far 320", "threshold.near 320", "elasticity 0",
                "escape.velocity 0", "escape.velocity 1000000", "fps 1", "fps 240", "fps 241", "menu.open 0",
                "menu.open 320", "menu.release position 0", "duration.slide 3600", "duration.slide 0",
                "color.yellow #000000", "color.red notacolour", "profile mcswipe", "profile swipecellkit",
                "profile itemtouchhelper", "profile nosuch", "haptics on", "icon.inset 0"]:
    script(f"set {setting} and swipe", f"set {setting}\npan msg1 -0.{'0' * 30}1\nrelease 1000000\npan msg2 200\n"
           "release\nsettle\nstate\ntimeline\n", exits=(0, 2))
script("issue repro: mcswipe, a tiny pan released fast",
       "set profile mcswipe\npan msg1 -0." + "0" * 150 + "1\nrelease 1000000\nsettle\ntimeline\n", exits=(0, 2))
script("issue repro: a spring that cannot settle on the menu", "set curve.menu spring 0.000000001 60\ntap menu\nsettle\n",
       exits=(0, 2))

# --- Bytes that are not text -----------------------------------------------------------------------------------
script("a NUL byte", b"pan msg1 -100\x00\nrelease\n", exits=(2,))
script("invalid UTF-8", b"pan msg1 \xff\xfe\n", exits=(2,), says=("UTF-8",))
script("a lone continuation byte", b"type \x80abc\n", exits=(2,))
script("a BOM and CRLF", b"\xef\xbb\xbfpan msg1 -100\r\nrelease\r\n", exits=(0,))
script("ESC in a command", b"pan\x1b[31m msg1 -100\n", exits=(2,))
script("a bidi override", "pan msg1 \u202e-100\n", exits=(2,))
script("a 17 MB line", b"type " + b"x" * (17 << 20) + b"\n", exits=(2,), says=("line longer",), seconds=60)
script("a 1 MB typed line", "compose\ntype " + "é" * (1 << 19) + "\nexpect compose.to == x\n", exits=(1, 2), seconds=60)
script("200 nested bangs", "!" * 200 + " release\n", exits=(1, 2))
script("! ! release", "! ! release\n", exits=(2,))
script("only comments", "# a\n#b\n   # c\n", exits=(0,))
script("an empty script", "", exits=(0,))
script("a line of blanks", " \t \t\n", exits=(0,))
script("no newline at the end", "pan msg1 -100\nrelease", exits=(0,))
script("a finger left down", "pan msg1 -100\n", exits=(2,), says=("finger",))
script("quit with a finger down", "pan msg1 -100\nquit\n", exits=(2,), says=("finger",))
script("save in a script", "save x.mbs\n", exits=(2,), says=("prompt",))
script("load in a script", "load x.mbs\n", exits=(2,), says=("prompt",))
script("an unknown command", "pna msg1 -100\n", exits=(2,), says=("did you mean 'pan'",))
script("a huge expect value", "expect msg1.background == " + "y" * 100000 + "\n", exits=(2,))
script("a huge property path", "show " + "msg1." * 20000 + "x\n", exits=(2,))
script("msg99999999999999999999", "pan msg99999999999999999999 10\n", exits=(2,))


def commands_with_arguments():
    """The name of every command whose synopsis starts with a required argument, as the language's own `help`
    lists them (read from the binary: its command table), so that a new command is probed bare with no change here."""
    listing = subprocess.run([MAILSIM], input="help\n", capture_output=True, text=True, timeout=20).stdout
    names = []
    for line in listing.split("\n"):
        if line.startswith("  ") and not line.startswith("   "):
            words = line.strip().split("  ")[0].split(", ")[0].split(" ")  # `advance S, wait S`: the first
            if len(words) > 1 and not words[1].startswith("[") and words[0] != "!":
                names.append(words[0])
    return names


# A script stops at its first error: one script a command.
BARE = commands_with_arguments()
assert "pan" in BARE and "act" in BARE, f"`help` lists no command with arguments: {BARE}"
for bare in BARE + ["tap segment", "reset x", "timeline msg9", "help nosuch"]:
    script(f"bare: {bare}", f"{bare}\n", exits=(2,))
for bad in ["tap", "choose tomorrow", "tap undo", "tap cancel", "release", "pan content 10", "tap keep-draft"]:
    script(f"refused on a fresh screen: {bad}", f"{bad}\n", exits=(2,))

# --- Every input that ever crashed or hung mailsim (the fuzzer's regressions), through the binary ---------------
REGRESSIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fuzz", "regressions")
for name in sorted(os.listdir(REGRESSIONS)):
    if name.endswith(".mbs"):
        with open(os.path.join(REGRESSIONS, name), "rb") as f:
            script(f"regression {name}", f.read(), seconds=30)

# --- Files: as inputs, as outputs --------------------------------------------------------------------------
case("a missing script", ["run", "nope.mbs"], exits=(2,), says=("nope.mbs",))
case("a folder as a script", ["run", "d"], shell="mkdir d", exits=(2,), says=("directory",))
case("/dev/zero as a script", ["run", "/dev/zero"], exits=(2,), says=("line longer",), seconds=60)
case("/dev/null as a script", ["run", "/dev/null"], exits=(0,))
case("a symlink loop", ["run", "loop.mbs"], shell="ln -s loop.mbs loop.mbs", exits=(2,))
case("an unreadable script", ["run", "s.mbs"], {"s.mbs": b"advance 1\n"}, shell="chmod 000 s.mbs", exits=(0, 2))
case("a FIFO in a suite", ["test", "."], {"a.mbs": b"advance 1\n"}, shell="mkfifo b.mbs", exits=(2,),
     says=("not a regular file",))
case("--junit over the script", ["test", "s.mbs", "--junit", "./x/../s.mbs"], {"s.mbs": b"advance 1\n"},
     shell="mkdir x", exits=(2,))
case("--junit through a link to the script", ["test", "s.mbs", "--junit", "l.xml"], {"s.mbs": b"advance 1\n"},
     shell="ln -s s.mbs l.xml", exits=(2,))
case("--trace-events over the script", ["run", "s.mbs", "--trace-events", "s.mbs"], {"s.mbs": b"advance 1\n"},
     exits=(2,))
case("record over its own script", ["record", "s.html", "-o", "s.html"], {"s.html": b"advance 1\n"}, exits=(2,))
case("a snapshot over its own script", ["run", "s.svg"], {"s.svg": b"snapshot s.svg\n"}, exits=(2,))
case("record -o a folder", ["record", "s.mbs", "-o", "d.gif"], {"s.mbs": b"advance 0.1\n"}, shell="mkdir d.gif",
     exits=(2,))
case("record -o a bad extension", ["record", "s.mbs", "-o", "x.bmp"], {"s.mbs": b"advance 0.1\n"}, exits=(2,))
case("record --fps 0", ["record", "s.mbs", "-o", "x.gif", "--fps", "0"], {"s.mbs": b"advance 0.1\n"}, exits=(2,))
case("record past 600 s", ["record", "s.mbs", "-o", "x.gif"], {"s.mbs": b"advance 601\n"}, exits=(2,),
     says=("600 s",))
case("record a GIF", ["record", "s.mbs", "-o", "x.gif", "--scale", "1"], {"s.mbs": b"pan msg1 -180\nrelease\nsettle\n"},
     exits=(0,), outputs=("x.gif",), seconds=60)
case("a snapshot into a missing folder", ["run", "s.mbs"], {"s.mbs": b"snapshot no/such/x.png\n"}, exits=(2,))
case("a snapshot with a bad extension", ["run", "s.mbs"], {"s.mbs": b"snapshot x.jpg\n"}, exits=(2,))
case("test --report into a file", ["test", "s.mbs", "--report", "f"], {"s.mbs": b"advance 1\n", "f": b"keep\n"},
     exits=(2,))
case("test --jobs 0", ["test", "s.mbs", "--jobs", "0"], {"s.mbs": b"advance 1\n"}, exits=(2,))
case("test --shard -1/2", ["test", ".", "--shard", "-1/2"], {"s.mbs": b"advance 1\n"}, exits=(2,),
     says=("out of range",))
case("test --shard 3/2", ["test", ".", "--shard", "3/2"], {"s.mbs": b"advance 1\n"}, exits=(2,))
case("test --filter (a*)*c", ["test", ".", "--filter", "(a*)*c"], {"aaaaaaaaaaaaaaaaaaaaaaaaaaaa.mbs": b"advance 1\n"},
     exits=(2,), seconds=10)
case("test --filter [", ["test", ".", "--filter", "["], {"s.mbs": b"advance 1\n"}, exits=(2,))
case("test --max-failures 0", ["test", ".", "--max-failures", "0"], {"s.mbs": b"advance 1\n"}, exits=(1, 2))
case("test --format xml", ["test", ".", "--format", "xml"], {"s.mbs": b"advance 1\n"}, exits=(2,))
case("test of nothing", ["test", "empty"], shell="mkdir empty", exits=(1,))
case("a script named with ESC and a newline", ["test", "."], shell="printf 'advance 1\\n' > \"$(printf 'e\\033[31m\\nx.mbs')\"",
     exits=(0,))
case("test --update on a read-only script", ["test", "u.mbs", "--update"], {"u.mbs": b"expect time == 5\n"},
     shell="chmod 444 u.mbs", exits=(0, 1, 2))
case("test --update rewrites a failing expect", ["test", "u.mbs", "--update"], {"u.mbs": b"advance 1\nexpect time == 5\n"},
     exits=(0,), outputs=("u.mbs",))
case("unknown subcommand", ["tset"], exits=(2,), says=("did you mean 'test'",))
case("unknown option", ["run", "--frobnicate", "s.mbs"], {"s.mbs": b""}, exits=(2,))
case("run with no script", ["run"], exits=(2,))
case("--version", ["--version"], exits=(0,))
case("--help", ["--help"], exits=(0,))
case("help of a subcommand", ["help", "record"], exits=(0,))
case("standard output on /dev/full", ["test", "s.mbs", "--format", "tap"], {"s.mbs": b"advance 1\n"}, exits=(2,),
     says=("error: cannot write standard output",), shell=None)
CASES[-1]["stdout"] = "/dev/full"
# A closed pipe ends mailsim quietly, as `yes | head` ends: by SIGPIPE (the default disposition), or exit 0.
case("a closed pipe", ["run", "s.mbs"], {"s.mbs": b"help\n" * 2000}, exits=(0, -signal.SIGPIPE))
CASES[-1]["stdout"] = "closed"


def snapshot(folder):
    """Every regular file under `folder` with the hash of its bytes."""
    out = {}
    for root, dirs, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            try:
                with open(path, "rb") as f:
                    out[os.path.relpath(path, folder)] = hashlib.sha256(f.read()).hexdigest()
            except OSError:
                out[os.path.relpath(path, folder)] = "unreadable"
    return out


def default_signals():
    for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGPIPE):
        signal.signal(sig, signal.SIG_DFL)


def run(c):
    with tempfile.TemporaryDirectory() as folder:
        for name, data in c["files"].items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        if c["shell"]:
            subprocess.run(c["shell"], shell=True, cwd=folder, check=True)
        before = snapshot(folder)
        stdout = subprocess.PIPE
        if c.get("stdout") == "/dev/full":
            stdout = open("/dev/full", "wb")
        elif c.get("stdout") == "closed":
            stdout = subprocess.PIPE
        proc = subprocess.Popen([MAILSIM] + c["args"], cwd=folder, stdin=subprocess.PIPE, stdout=stdout,
                                stderr=subprocess.PIPE, preexec_fn=default_signals)
        if c.get("stdout") == "closed":
            proc.stdout.close()
        try:
            out, err = proc.communicate(c["stdin"], timeout=c["seconds"])
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            return "hang", f"still running after {c['seconds']} s"
        except BrokenPipeError:
            out, err = b"", b""
            proc.wait(timeout=c["seconds"])
        finally:
            if stdout is not subprocess.PIPE:
                stdout.close()
        out = out or b""
        if proc.returncode < 0 and proc.returncode not in c["exits"]:
            return "crash", f"killed by signal {-proc.returncode}: {err[-400:]!r}"
        after = snapshot(folder)
        lost = [name for name, digest in before.items() if name not in c["outputs"] and after.get(name) != digest]
        temporaries = [name for name in after if ".mailsim-" in name]
        if lost or temporaries:
            return "lost", f"changed or removed: {lost}; temporaries left: {temporaries}"
        if proc.returncode not in c["exits"]:
            return "other", f"exit {proc.returncode}, expected {c['exits']}: {err[-400:]!r}"
        text = (out + err).decode("utf-8", "replace")
        for words in c["says"]:
            if words not in text:
                return "other", f"mailsim does not say {words!r}: {text[-400:]!r}"
        return None, ""


def main():
    tally = {"crash": 0, "hang": 0, "lost": 0, "other": 0}
    for c in CASES:
        kind, why = run(c)
        if kind:
            tally[kind] += 1
            print(f"FAIL  {c['name']}: {kind}: {why}", flush=True)
    print(f"hostile: {len(CASES)} cases, {tally['crash']} crashes, {tally['hang']} hangs, {tally['lost']} files lost, "
          f"{tally['other']} other failures")
    return 1 if any(tally.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
