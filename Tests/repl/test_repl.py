#!/usr/bin/env python3
"""Drives the real mailsim REPL through a pseudo-terminal (pexpect) and checks what a person at the prompt
sees: completion, history across sessions, Ctrl-C, Ctrl-D, errors, and `save --expect` round-tripping
through `mailsim run`.

    python3 Tests/repl/test_repl.py [path/to/mailsim]      (default .build/debug/mailsim)

One line per check, then `N passed, N failed`; the exit status is 1 when a check failed.
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import traceback

try:
    import pexpect
except ImportError:
    print("test_repl: python3 cannot import pexpect (pip install pexpect)", file=sys.stderr)
    sys.exit(2)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "mailsim"))
SGR = r"(?:\x1b\[[0-9;]*m)?"
PROMPT = re.compile(r"mailsim " + SGR + r"\d+\.\d{3}s" + SGR + "> ")
TIMEOUT = 20  # seconds; generous for a slow CI machine
WORK = tempfile.mkdtemp(prefix="mailsim-repl-test-")

results = []
children = []   # the REPLs a check started, for its failure report and clean-up


def check(name):
    """Runs the decorated function as one check, printing PASS or FAIL with the reason."""
    def run(function):
        try:
            function()
        except Exception as error:  # noqa: BLE001 - a failed check of any kind is reported, not raised
            detail = str(error).strip().splitlines()
            reason = detail[0] if detail else type(error).__name__
            print(f"FAIL  {name}: {reason}")
            for child in children:
                if isinstance(child.before, str):
                    print(f"      last output: {child.before[-400:]!r}")
            if os.environ.get("VERBOSE"):
                traceback.print_exc()
            results.append(False)
        else:
            print(f"PASS  {name}")
            results.append(True)
        for child in children:
            child.close(force=True)
        children.clear()
        sys.stdout.flush()
        return function
    return run


LOCALE_VARIABLES = ("LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE")


def environment(history, colour=False, locale=None):
    env = dict(os.environ)
    if locale is not None:                 # {} for no locale at all, else the variables to set
        for name in LOCALE_VARIABLES:
            env.pop(name, None)
        env.update(locale)
    env["TERM"] = "xterm"          # a terminal libedit knows, whatever CI provides
    env["MAILSIM_HISTORY"] = history
    env.pop("XDG_STATE_HOME", None)
    if colour:
        env.pop("NO_COLOR", None)
    else:
        env["NO_COLOR"] = "1"
    return env


def default_signals():
    """In the child before exec: SIGINT and SIGQUIT as the system starts a program, whatever this test inherited
    (a background job of a non-interactive shell, or nohup, has SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def spawn(history=None, colour=False, arguments=(), locale=None):
    history = history or os.path.join(WORK, "history-scratch")
    child = pexpect.spawn(BINARY, list(arguments), env=environment(history, colour, locale), cwd=WORK,
                          encoding="utf-8", codec_errors="replace", timeout=TIMEOUT, dimensions=(40, 120),
                          preexec_fn=default_signals)
    children.append(child)
    child.expect(PROMPT)
    return child


def send(child, line):
    """Sends a line and waits for the next prompt; returns what was printed in between."""
    child.send(line + "\r")
    child.expect(PROMPT)
    return child.before


def leave(child):
    """Ctrl-D on an empty line; returns the exit status."""
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def expect_in(text, needle):
    if needle not in text:
        raise AssertionError(f"expected {needle!r} in {text!r}")


def expect_not_in(text, needle):
    if needle in text:
        raise AssertionError(f"did not expect {needle!r} in {text!r}")


# ---------------------------------------------------------------------------------------------------------

@check("the prompt shows the virtual time")
def prompt_time():
    child = spawn()
    child.send("advance 0.3\r")
    child.expect(r"mailsim 0\.300s> ")
    leave(child)


@check("Tab on `edg` completes to `edgepan `")
def complete_command():
    child = spawn()
    child.send("edg\t")
    child.expect("epan ")                    # libedit inserts the rest of the word and a blank
    out = send(child, "100")                   # typed right after Tab: the blank came from completion
    expect_in(out, "content edge pan began")
    leave(child)


@check("Tab on `expect msg1.ic` completes to msg1.icon")
def complete_path():
    child = spawn()
    send(child, "pan msg1 -100")
    child.send("expect msg1.ic\t")
    child.expect("on")
    out = send(child, " == later")
    expect_not_in(out, "error")
    expect_not_in(out, "failed")
    child.send("show msg1.ic\t")
    child.expect("on")
    out = send(child, "")
    expect_in(out, "msg1.icon.alpha")
    leave(child)


@check("tap + Tab with the undo alert up offers only cancel and undo (what can be tapped now)")
def complete_tap_follows_screen():
    child = spawn()
    send(child, "pan msg1 100")
    send(child, "release")
    send(child, "settle")
    send(child, "shake")
    child.send("tap \t\t")
    try:
        child.expect(r"cancel\s+undo")
    except pexpect.TIMEOUT:
        raise AssertionError(f"not cancel and undo in {child.before!r}")
    listed = child.before + child.after
    child.expect(PROMPT)                       # the prompt, drawn again below the list
    listed += child.before
    for word in ("body", "subject", "delete-draft", "keep-draft", "compose", "segment"):
        expect_not_in(listed, word)
    child.send("\x15")                         # Ctrl-U: drop the line
    out = send(child, "show alert")
    expect_in(out, "undo")
    leave(child)


@check("Tab twice lists the choices; options follow the overlay that is up")
def complete_list():
    child = spawn()
    send(child, "pan msg1 -300")
    send(child, "release")
    send(child, "settle")
    child.send("choose to-\t\t")
    try:
        child.expect("to-watch")
    except pexpect.TIMEOUT:
        raise AssertionError(f"no list of choices in {child.before!r}")
    child.expect(PROMPT)                       # the prompt, drawn again below the list, with the line
    child.expect("choose to-")
    child.send("\x15")                         # Ctrl-U: drop the line
    out = send(child, "show overlay")
    expect_in(out, "= list")
    leave(child)


@check("history is kept across sessions (Up recalls the last session's line)")
def history():
    path = os.path.join(WORK, "state", "deep", "history")   # its folder is created on demand
    first = spawn(path)
    send(first, "show msg3.height")
    if leave(first) != 0:
        raise AssertionError("the first session did not exit 0")
    if not os.path.exists(path):
        raise AssertionError(f"no history file at {path}")
    second = spawn(path)
    second.send("\x1b[A")                      # Up
    second.expect("height")
    out = send(second, "")
    expect_in(out, "msg3.height = 86")
    leave(second)


@check("Ctrl-R searches the history")
def reverse_search():
    path = os.path.join(WORK, "history-search")
    child = spawn(path)
    send(child, "show msg4.y")
    send(child, "show time")
    child.send("\x12")                         # Ctrl-R
    child.send("msg4")
    child.expect("msg4")
    out = send(child, "")
    expect_in(out, "msg4.y = 402")
    leave(child)


@check("Ctrl-C cancels the line being typed and the session goes on")
def interrupt_line():
    child = spawn()
    child.send("bogus-line")
    child.expect("bogus-line")
    child.sendcontrol("c")
    child.expect(PROMPT)
    out = send(child, "show time")
    expect_in(out, "time = 0")
    expect_not_in(child.before, "bogus-line")
    if not child.isalive():
        raise AssertionError("the REPL ended")
    leave(child)


# libedit draws the prompt, then puts the terminal in raw mode (tcsetattr), then reads: a Ctrl-C in between was
# lost, the prompt waiting on for a key (it happened on a loaded CI machine, the make run check below timing out).
# A library preloaded into mailsim makes that moment 300 ms long, so that the Ctrl-C surely comes in it.
SLOW_TERMINAL_C = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <termios.h>
#include <time.h>
int tcsetattr(int fd, int action, const struct termios *modes) {
    static int (*real)(int, int, const struct termios *);
    if (!real) real = (int (*)(int, int, const struct termios *))dlsym(RTLD_NEXT, "tcsetattr");
    struct timespec pause = {0, 300000000};
    nanosleep(&pause, 0);
    return real(fd, action, modes);
}
"""


def slow_terminal_library():
    """The preloaded library, built with the C compiler here (Swift's clang when there is no other)."""
    compiler = next((c for c in ("cc", "clang", "gcc") if subprocess.run(["sh", "-c", "command -v " + c],
                                                                          capture_output=True).returncode == 0), None)
    if compiler is None:
        raise AssertionError("no C compiler (cc, clang, gcc) to build the preloaded library with")
    source, library = os.path.join(WORK, "slow-terminal.c"), os.path.join(WORK, "slow-terminal.so")
    with open(source, "w") as f:
        f.write(SLOW_TERMINAL_C)
    subprocess.run([compiler, "-shared", "-fPIC", "-o", library, source, "-ldl"], check=True)
    return library


@check("Ctrl-C just after the prompt is drawn, before libedit reads, still gives a fresh prompt")
def interrupt_before_the_read():
    env = environment(os.path.join(WORK, "history-slow"))
    env["LD_PRELOAD"] = slow_terminal_library()
    child = pexpect.spawn(BINARY, [], env=env, cwd=WORK, encoding="utf-8", codec_errors="replace", timeout=TIMEOUT,
                          dimensions=(40, 120), preexec_fn=default_signals)
    children.append(child)
    child.expect(PROMPT)
    child.sendcontrol("c")  # within the 300 ms the terminal's switch to raw mode now takes
    try:
        child.expect(PROMPT, timeout=5)
    except pexpect.TIMEOUT:
        raise AssertionError("no prompt 5 s after Ctrl-C: the Ctrl-C was lost") from None
    out = send(child, "show time")
    expect_in(out, "time = 0")
    leave(child)


@check("stopped and continued twice in one line (Ctrl-Z, fg), and resized: the line is drawn again each time and kept")
def continued_twice():
    child = spawn()
    child.send("show ti")
    child.expect("show ti")
    for _ in range(2):
        os.kill(child.pid, signal.SIGSTOP)
        os.kill(child.pid, signal.SIGCONT)
        # libedit's handler draws the first again; the REPL's own handler the second (libedit's is gone by then).
        try:
            child.expect(PROMPT, timeout=5)
        except pexpect.TIMEOUT:
            raise AssertionError("the line was not drawn again after SIGCONT") from None
    child.setwinsize(30, 100)   # SIGWINCH
    child.setwinsize(40, 120)
    out = send(child, "me")
    expect_in(out, "time = 0")
    leave(child)


@check("under `make run`, Ctrl-C at the prompt then quit ends make with 0, not 130 (make is not interrupted)")
def interrupt_under_make_run():
    make = pexpect.spawn("make", ["--no-print-directory", "-s", "-C", ROOT, "run", f"MAILSIM={BINARY}"],
                         env=environment(os.path.join(WORK, "history-make")), cwd=WORK, encoding="utf-8",
                         codec_errors="replace", timeout=TIMEOUT, dimensions=(40, 120), preexec_fn=default_signals)
    children.append(make)
    make.expect(PROMPT)
    make.sendcontrol("c")   # the terminal sends SIGINT to its foreground process group
    make.expect(PROMPT)
    out = send(make, "show time")
    expect_in(out, "time = 0")
    make.send("quit\r")
    make.expect(pexpect.EOF)
    make.close()
    if make.signalstatus is not None or make.exitstatus != 0:
        raise AssertionError(f"make ended with status {make.exitstatus}, signal {make.signalstatus}: "
                             f"{make.before[-200:]!r}")


@check("Ctrl-C stops a long command and changes nothing")
def interrupt_command():
    child = spawn()
    send(child, "set fps 240")
    child.send("pan msg2 100 in 3600\r")
    child.expect(r"pan msg2 100 in 3600\r\n")
    # 864,000 frames: about 0.3 s in the debug build, far longer than the Ctrl-C takes to arrive. If the pan
    # finished first, nothing was interrupted and the check fails (the clock would read 3600).
    child.sendcontrol("c")
    index = child.expect(["interrupted", PROMPT])
    if index == 1:
        raise AssertionError("the pan finished before Ctrl-C arrived: nothing was interrupted")
    child.expect(PROMPT)
    out = send(child, "show msg2.x")
    expect_in(out, "msg2.x = 0")
    out = send(child, "show time")
    expect_in(out, "time = 0")
    leave(child)


@check("an error is reported and the session goes on")
def error_continues():
    child = spawn()
    out = send(child, "bogus")
    expect_in(out, "error: unknown command 'bogus'")
    out = send(child, "relase")
    expect_in(out, "did you mean 'release'")
    out = send(child, "show msg1.x")
    expect_in(out, "msg1.x = 0")
    leave(child)


@check("help lists commands and explains one")
def help_text():
    child = spawn()
    out = send(child, "help")
    expect_in(out, "pan TARGET DX [in S]")
    out = send(child, "help pan")
    expect_in(out, "example: pan")
    leave(child)


@check("Ctrl-D on an empty line exits 0")
def control_d():
    child = spawn()
    send(child, "advance 1")
    status = leave(child)
    if status != 0:
        raise AssertionError(f"exit status {status}")


@check("quit and exit leave with status 0")
def quit_exit():
    for word in ("quit", "exit"):
        child = spawn()
        child.send(word + "\r")
        child.expect(pexpect.EOF)
        child.close()
        if child.exitstatus != 0:
            raise AssertionError(f"{word}: exit status {child.exitstatus}")


@check("colour on a terminal: swatches beside colours; NO_COLOR turns them off")
def colour():
    child = spawn(colour=True)
    out = send(child, "colors")
    expect_in(out, "\x1b[48;2;254;202;22m")    # yellow #FECA16
    leave(child)
    plain = spawn()
    out = send(plain, "colors")
    expect_not_in(out, "\x1b[")
    expect_in(out, "#FECA16")
    leave(plain)


@check("save FILE --expect writes a script that passes with `mailsim run`")
def save_round_trip():
    script = os.path.join(WORK, "explored.mbs")
    child = spawn()
    for line in ["pan msg1 -100", "release", "advance 0.3", "show overlay", "settle",
                 "choose tomorrow", "settle", "pan msg2 80", "release", "settle", "bogus"]:
        send(child, line)
    out = send(child, f"save {script} --expect")
    expect_in(out, "saved")
    leave(child)
    text = open(script).read()
    expect_in(text, "choose tomorrow")
    expect_in(text, "expect msg1.folder == later")
    expect_in(text, "expect msg1.snooze == tomorrow")
    expect_in(text, "expect msg2.folder == archive")
    expect_not_in(text, "bogus")
    run = subprocess.run([BINARY, "run", script], capture_output=True, text=True, timeout=TIMEOUT)
    if run.returncode != 0:
        raise AssertionError(f"mailsim run exited {run.returncode}: {run.stderr.strip()[:300]}")


@check("snapshot FILE at the prompt draws the screen and says so; a bad extension is an error")
def snapshot_at_the_prompt():
    child = spawn()
    send(child, "pan msg1 -180")
    picture = os.path.join(WORK, "prompt.png")
    out = send(child, f"snapshot {picture} scale 1")
    expect_in(out, f"wrote {picture} (PNG, 320 × 568)")
    with open(picture, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or int.from_bytes(head[16:20], "big") != 320:
        raise AssertionError(f"not a 320-pixel-wide PNG: {head!r}")
    out = send(child, "snapshot prompt.jpg")
    expect_in(out, "error: snapshot: 'prompt.jpg' must end in .svg or .png")
    out = send(child, "show msg1.x")
    expect_in(out, "msg1.x = -180")
    send(child, "release")
    leave(child)


@check("standard input not a terminal: no prompt, no history file, run's exit codes")
def not_a_terminal():
    history = os.path.join(WORK, "history-never")
    env = environment(history)
    ok = subprocess.run([BINARY], input="advance 0.3\nshow time\n", capture_output=True, text=True,
                        env=env, timeout=TIMEOUT)
    if ok.returncode != 0 or ok.stdout != "time = 0.3\n":
        raise AssertionError(f"got {ok.returncode} {ok.stdout!r} {ok.stderr!r}")
    failed = subprocess.run([BINARY], input="expect time == 1\n", capture_output=True, text=True,
                            env=env, timeout=TIMEOUT)
    if failed.returncode != 1:
        raise AssertionError(f"a failed expectation exited {failed.returncode}")
    error = subprocess.run([BINARY], input="bogus\n", capture_output=True, text=True, env=env, timeout=TIMEOUT)
    if error.returncode != 2:
        raise AssertionError(f"an error exited {error.returncode}")
    if os.path.exists(history):
        raise AssertionError("a history file was written")


@check("standard output redirected (mailsim > log): the prompt and editing stay on the terminal, output goes to the file")
def output_redirected():
    log = os.path.join(WORK, "redirected.log")
    command = f"exec {BINARY} > {log}"
    child = pexpect.spawn("sh", ["-c", command], env=environment(os.path.join(WORK, "history-redirect")), cwd=WORK,
                          encoding="utf-8", codec_errors="replace", timeout=TIMEOUT, dimensions=(40, 120),
                          preexec_fn=default_signals)
    children.append(child)
    child.expect(PROMPT)
    child.send("edg\t")                       # line editing works: Tab completes on the terminal
    child.expect("epan ")
    out = send(child, "100")
    expect_not_in(out, "pan began")            # the trace went to the file, not the terminal
    out = send(child, "bogus")
    expect_in(out, "error: unknown command 'bogus'")   # errors stay on standard error (the terminal)
    send(child, "release")
    send(child, "show content.x")
    status = leave(child)                      # Ctrl-D leaves cleanly, not read as a character
    if status != 0:
        raise AssertionError(f"exit status {status}")
    expect_not_in(child.before, "U+0004")
    with open(log, encoding="utf-8") as f:
        text = f.read()
    expect_in(text, "content edge pan began")
    expect_in(text, "content.x = 100")
    expect_not_in(text, "mailsim 0.")          # no prompt in the file


@check("load FILE plays a script into the session: its output, FILE:LINE for failures and errors, no recursion; save replays it")
def load_file():
    with open(os.path.join(WORK, "part.mbs"), "w", encoding="utf-8") as f:
        f.write("pan msg1 -100\nrelease\nsettle\nexpect msg1.x == 0\nshow overlay\n")
    with open(os.path.join(WORK, "broken.mbs"), "w", encoding="utf-8") as f:
        f.write("advance 1\nfrobnicate\nadvance 5\n")
    with open(os.path.join(WORK, "loop.mbs"), "w", encoding="utf-8") as f:
        f.write("advance 0.5\nload loop.mbs\n")
    child = spawn()
    out = send(child, "load part.mbs")
    expect_in(out, "part.mbs:4: expected msg1.x == 0, got -320")
    expect_in(out, "overlay       = reschedule")
    out = send(child, "choose tomorrow")
    expect_not_in(out, "error")
    out = send(child, "load broken.mbs")
    expect_in(out, "broken.mbs:2: error: unknown command 'frobnicate'")
    expect_in(out, "load stopped at broken.mbs:2; the lines before it ran")
    child.send("advance 0\r")
    child.expect(r"mailsim (\d+\.\d{3})s> ")
    time = child.match.group(1)
    if time != "1.900":   # 0.9 from part.mbs, 1 from broken.mbs's first line, not its third
        raise AssertionError(f"time {time}")
    out = send(child, "load loop.mbs")
    expect_in(out, "loop.mbs:2: error: load: 'loop.mbs' is already being loaded (a file cannot load itself)")
    send(child, "settle")
    out = send(child, "save loaded.mbs --expect")
    expect_in(out, "saved")
    leave(child)
    done = subprocess.run([BINARY, "run", "loaded.mbs"], capture_output=True, text=True, cwd=WORK, timeout=TIMEOUT)
    if done.returncode != 0:
        raise AssertionError(f"the saved script exited {done.returncode}: {done.stderr}")


@check("save asks before replacing a file (overwrite FILE? [y/N]); --force replaces without asking")
def save_overwrite():
    target = os.path.join(WORK, "keep.mbs")
    with open(target, "w", encoding="utf-8") as f:
        f.write("# mine\n")
    child = spawn()
    send(child, "advance 1")
    child.send("save keep.mbs\r")
    child.expect_exact("overwrite keep.mbs? [y/N] ")
    out = send(child, "n")
    expect_in(out, "not saved: 'keep.mbs' exists (save keep.mbs --force replaces it)")
    with open(target, encoding="utf-8") as f:
        if f.read() != "# mine\n":
            raise AssertionError("the file was replaced after answering n")
    child.send("save keep.mbs\r")
    child.expect_exact("overwrite keep.mbs? [y/N] ")
    out = send(child, "y")
    expect_in(out, "saved 1 command to keep.mbs")
    out = send(child, "save keep.mbs --expect --force")
    expect_in(out, "saved 1 command to keep.mbs")
    expect_not_in(out, "overwrite")
    leave(child)
    with open(target, encoding="utf-8") as f:
        expect_in(f.read(), "expect time == 1")


def typed_text_is_kept(locale):
    """`type` at the prompt keeps every character typed, in UTF-8, and `save` writes it as typed."""
    text = "héllo wörld ✓"
    child = spawn(locale=locale)
    send(child, "compose")
    out = send(child, "type " + text)
    expect_not_in(out, "error")
    out = send(child, "show compose.to")
    expect_in(out, f'compose.to = "{text}"\r\n')  # text with blanks prints quoted, as a script writes it
    target = os.path.join(WORK, "typed-" + "-".join(f"{k}={v}" for k, v in locale.items()) + ".mbs")
    send(child, f"save {target} --expect --force")
    leave(child)
    with open(target, encoding="utf-8") as f:
        saved = f.read()
    expect_in(saved, "type " + text)
    expect_in(saved, f'expect compose.to == "{text}"')
    # The saved expectations read back (a value with blanks once made `run` refuse the line).
    run = subprocess.run([BINARY, "run", target], capture_output=True, text=True, timeout=TIMEOUT)
    if run.returncode != 0:
        raise AssertionError(f"mailsim run exited {run.returncode}: {run.stderr.strip()[:300]}")


@check("LANG=C.UTF-8: typed UTF-8 (héllo wörld ✓) is kept at the prompt and by save")
def utf8_with_a_utf8_locale():
    typed_text_is_kept({"LANG": "C.UTF-8"})


@check("no locale at all (LANG, LC_ALL, LC_CTYPE unset): typed UTF-8 is still kept")
def utf8_without_a_locale():
    typed_text_is_kept({})


@check("LC_ALL=C: typed UTF-8 is still kept (the C locale's character type is taken as UTF-8)")
def utf8_in_the_c_locale():
    typed_text_is_kept({"LC_ALL": "C"})


passed = results.count(True)
failed = results.count(False)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
