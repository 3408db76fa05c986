#!/usr/bin/env python3
"""Fault injection: every file mailsim writes goes through one atomic writer, no output replaces an
input of the same run, `--update` never loses an edit, and output that cannot be written is an error.

    python3 Tests/faults/test_faults.py .build/debug/mailsim

Each case runs the real binary in a folder of its own and asserts the exit status, the one line it says, that
every file that was in the folder before is byte-identical afterwards (and keeps its mode; a symbolic link keeps
its target), and that no temporary is left. A full disk is a file-size limit (RLIMIT_FSIZE with SIGXFSZ
ignored: a write past it fails with EFBIG); a read-only folder is one the process may not write, run as
`nobody` when the suite runs as root (root writes anywhere). The REPL cases drive a pseudo-terminal with
pexpect, skipped (and said) when it is missing. Python 3's standard library otherwise.
"""
import hashlib
import os
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

MAILSIM = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/mailsim")
NOBODY = 65534
CASES = []
FAILED = []
SKIPPED = []

FAILING = "tap menu\nexpect time == 5\n"
QUIET = "advance 1\n"


def case(function):
    CASES.append(function)
    return function


# MARK: - The folder before and after

def snapshot(folder):
    """Every entry under `folder`: a file's hash and mode, a link's target, a folder's mode."""
    seen = {}
    for parent, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(parent, name)
            key = os.path.relpath(path, folder)
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                seen[key] = ("link", os.readlink(path))
            elif stat.S_ISREG(info.st_mode):
                with open(path, "rb") as handle:
                    seen[key] = ("file", hashlib.sha256(handle.read()).hexdigest(), stat.S_IMODE(info.st_mode))
            elif stat.S_ISDIR(info.st_mode):
                seen[key] = ("dir", stat.S_IMODE(info.st_mode))
            else:
                seen[key] = ("other", stat.S_IFMT(info.st_mode))
    return seen


def temporaries(folder):
    """What the writer would leave behind: names with `.mailsim-` (the old `FILE.mailsim-PID.tmp` too)."""
    found = []
    for parent, dirs, files in os.walk(folder):
        found += [os.path.join(parent, n) for n in dirs + files if ".mailsim-" in n]
    return found


class Folder:
    """A fresh folder for a case, removed after it."""

    def __init__(self, files=None):
        self.path = tempfile.mkdtemp(prefix="mailsim-faults-")
        os.chmod(self.path, 0o755)
        for name, text in (files or {}).items():
            self.write(name, text)

    def write(self, name, text, mode=0o644):
        path = os.path.join(self.path, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(text.encode() if isinstance(text, str) else text)
        os.chmod(path, mode)
        return path

    def read(self, name):
        with open(os.path.join(self.path, name), "rb") as handle:
            return handle.read()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for parent, dirs, _ in os.walk(self.path):
            for name in dirs:
                try:
                    os.chmod(os.path.join(parent, name), 0o755)
                except OSError:
                    pass
        shutil.rmtree(self.path, ignore_errors=True)


def mailsim(folder, *args, fsize=None, as_nobody=False, stdin=None, stdout=subprocess.PIPE, timeout=60):
    """Runs mailsim in `folder`; (status, stdout, stderr)."""

    def prepare():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        if as_nobody and os.getuid() == 0:
            os.setgid(NOBODY)
            os.setuid(NOBODY)

    env = dict(os.environ, MAILSIM_HISTORY="", NO_COLOR="1")
    result = subprocess.run([MAILSIM, *args], cwd=folder.path, stdin=stdin if stdin is not None else subprocess.DEVNULL,
                            stdout=stdout, stderr=subprocess.PIPE, preexec_fn=prepare, env=env, timeout=timeout)
    out = result.stdout.decode(errors="replace") if result.stdout is not None else ""
    return result.returncode, out, result.stderr.decode(errors="replace")


def check(folder, args, status, message, changed=(), **options):
    """Runs mailsim and asserts: `status`; a line of stderr matching `message` (a regex; None: stderr empty);
    every file but those in `changed` byte-identical; no temporary. Returns (stdout, stderr)."""
    before = snapshot(folder.path)
    planted = set(temporaries(folder.path))
    got, out, err = mailsim(folder, *args, **options)
    after = snapshot(folder.path)
    assert got == status, f"exit {got}, expected {status}\nstdout: {out[-2000:]}\nstderr: {err[-2000:]}"
    if message is None:
        assert err == "", f"expected nothing on stderr, got {err!r}"
    else:
        lines = err.splitlines()
        assert any(re.fullmatch(message, line) for line in lines), f"no line of stderr matches {message!r}:\n{err}"
        assert ".mailsim-" not in err, f"a message names the temporary:\n{err}"
    for name, entry in before.items():
        if name in changed:
            continue
        assert after.get(name) == entry, f"{name} changed: {entry} → {after.get(name)}"
    left = [name for name in temporaries(folder.path) if name not in planted]
    assert not left, f"temporaries left: {left[:5]}"
    return out, err


def nobody_can_run_mailsim():
    """As root, the read-only cases run mailsim as nobody, who must be able to reach the binary."""
    if os.getuid() != 0:
        return True
    try:
        done = subprocess.run([MAILSIM, "--version"], capture_output=True, timeout=30,
                              preexec_fn=lambda: (os.setgid(NOBODY), os.setuid(NOBODY)))
        return done.returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def owned_by_nobody(folder):
    """For the read-only cases run as root: the folder and its files belong to nobody, who runs mailsim."""
    if os.getuid() != 0:
        return
    for parent, dirs, files in os.walk(folder.path):
        os.chown(parent, NOBODY, NOBODY)
        for name in files:
            os.chown(os.path.join(parent, name), NOBODY, NOBODY, follow_symlinks=False)


# MARK: - A full disk: the old file stays whole

OLD = "the old file, which must survive\n" * 120  # 4 KB


@case
def full_disk_junit():
    with Folder({"x.mbs": FAILING, "out.xml": OLD}) as f:
        check(f, ["test", "x.mbs", "--junit", "out.xml"], 2, r"error: cannot write 'out.xml': File too large",
              fsize=64)


@case
def full_disk_record_gif():
    with Folder({"x.mbs": "tap menu\nadvance 1\n", "out.gif": OLD}) as f:
        check(f, ["record", "x.mbs", "-o", "out.gif"], 2, r"error: cannot write 'out.gif': File too large",
              fsize=512)


@case
def full_disk_record_html():
    with Folder({"x.mbs": "tap menu\nadvance 1\n", "out.html": OLD}) as f:
        check(f, ["record", "x.mbs", "-o", "out.html"], 2, r"error: cannot write 'out.html': File too large",
              fsize=512)


@case
def full_disk_snapshot_png():
    with Folder({"snap.mbs": "tap menu\nsnapshot pic.png\n", "pic.png": OLD}) as f:
        check(f, ["run", "snap.mbs"], 2, r"snap\.mbs:2: error: snapshot: cannot write 'pic\.png': File too large.*",
              fsize=512)


@case
def full_disk_snapshot_svg():
    with Folder({"snap.mbs": "tap menu\nsnapshot pic.svg\n", "pic.svg": OLD}) as f:
        check(f, ["run", "snap.mbs"], 2, r"snap\.mbs:2: error: snapshot: cannot write 'pic\.svg': File too large.*",
              fsize=512)


@case
def full_disk_trace_events():
    with Folder({"x.mbs": "tap menu\nadvance 2\n", "t.json": OLD}) as f:
        check(f, ["run", "x.mbs", "--trace-events", "t.json"], 2,
              r"error: --trace-events: cannot write 't\.json': File too large", fsize=256)


@case
def full_disk_report_index():
    with Folder({"s/x.mbs": FAILING, "rep/index.html": OLD}) as f:
        check(f, ["test", "s", "--report", "rep"], 2, r"error: cannot write 'rep/index\.html': File too large",
              changed=("rep/pictures", "rep/walkthroughs"), fsize=64)


@case
def full_disk_update():
    with Folder({"u.mbs": "# a script to update\n" + FAILING}) as f:
        check(f, ["test", "--update", "u.mbs"], 2, r"error: --update: cannot write 'u\.mbs': File too large",
              fsize=8)


# MARK: - Read-only folders and files

@case
def read_only_folder_junit():
    if not nobody_can_run_mailsim():
        return SKIPPED.append("read_only_folder_junit: root writes anywhere, and nobody cannot run " + MAILSIM)
    with Folder({"x.mbs": FAILING, "out/r.xml": OLD}) as f:
        owned_by_nobody(f)
        os.chmod(os.path.join(f.path, "out"), 0o555)
        check(f, ["test", "x.mbs", "--junit", "out/r.xml"], 2,
              r"error: cannot write 'out/r\.xml': Permission denied", as_nobody=True)


@case
def read_only_folder_update():
    if not nobody_can_run_mailsim():
        return SKIPPED.append("read_only_folder_update: root writes anywhere, and nobody cannot run " + MAILSIM)
    with Folder({"s/u.mbs": FAILING}) as f:
        owned_by_nobody(f)
        os.chmod(os.path.join(f.path, "s"), 0o555)
        check(f, ["test", "--update", "s/u.mbs"], 2,
              r"error: --update: cannot write 's/u\.mbs': Permission denied", as_nobody=True)


@case
def read_only_file_junit():
    with Folder({"x.mbs": FAILING}) as f:
        f.write("out.xml", OLD, mode=0o444)
        check(f, ["test", "x.mbs", "--junit", "out.xml"], 2, r"error: cannot write 'out\.xml': it is read-only")


@case
def read_only_file_snapshot():
    with Folder({"snap.mbs": "snapshot pic.svg\n"}) as f:
        f.write("pic.svg", OLD, mode=0o444)
        check(f, ["run", "snap.mbs"], 2, r"snap\.mbs:1: error: snapshot: cannot write 'pic\.svg': it is read-only.*")


@case
def read_only_script_update():
    with Folder() as f:
        f.write("u.mbs", FAILING, mode=0o444)
        check(f, ["test", "--update", "u.mbs"], 2, r"error: --update: cannot write 'u\.mbs': it is read-only")


@case
def update_keeps_mode():
    with Folder() as f:
        f.write("u.mbs", FAILING, mode=0o640)
        check(f, ["test", "--update", "u.mbs"], 0, None, changed=("u.mbs",))
        assert f.read("u.mbs") == b"tap menu\nexpect time == 0\n", f.read("u.mbs")
        assert stat.S_IMODE(os.stat(os.path.join(f.path, "u.mbs")).st_mode) == 0o640


@case
def new_file_mode_follows_umask():
    with Folder({"x.mbs": FAILING}) as f:
        previous = os.umask(0o027)
        try:
            check(f, ["test", "x.mbs", "--junit", "new.xml"], 1, None, changed=())
        finally:
            os.umask(previous)
        assert stat.S_IMODE(os.stat(os.path.join(f.path, "new.xml")).st_mode) == 0o640


# MARK: - Planted links: no name is predictable, a link is never followed

@case
def planted_links_are_never_followed():
    with Folder({"u.mbs": FAILING}) as f:
        victim = f.write("victim", "the victim's text\n", mode=0o600)
        # The old writer's name for the next pids, and names like the new writer's: none may be followed.
        pid = os.getpid()
        for n in range(pid, pid + 400):
            os.symlink(victim, os.path.join(f.path, f"u.mbs.mailsim-{n}.tmp"))
        for n in range(200):
            os.symlink(victim, os.path.join(f.path, f".u.mbs.mailsim-planted{n:04d}"))
        out, _ = check(f, ["test", "--update", "u.mbs"], 0, None, changed=("u.mbs",))
        assert f.read("u.mbs") == b"tap menu\nexpect time == 0\n"
        assert stat.S_IMODE(os.stat(victim).st_mode) == 0o600


@case
def output_link_written_at_its_target():
    with Folder({"x.mbs": FAILING, "real/out.xml": OLD}) as f:
        os.symlink("real/out.xml", os.path.join(f.path, "out.xml"))
        check(f, ["test", "x.mbs", "--junit", "out.xml"], 1, None, changed=("real/out.xml",))
        assert os.readlink(os.path.join(f.path, "out.xml")) == "real/out.xml"
        assert b"<testsuite" in f.read("real/out.xml")


# MARK: - An output that is an input, by another spelling or a link

def refuses(f, args, message, **options):
    check(f, args, 2, message, **options)
    assert not os.path.exists(os.path.join(f.path, "rep")) or "rep" in snapshot(f.path)


@case
def junit_is_the_script_by_another_spelling():
    with Folder({"x.mbs": FAILING, "sub/keep": ""}) as f:
        refuses(f, ["test", "x.mbs", "--junit", "./sub/../x.mbs"],
                r"error: --junit \./sub/\.\./x\.mbs: it is the script 'x\.mbs' this run reads; nothing was written")


@case
def junit_is_a_script_through_a_link():
    with Folder({"s/a.mbs": FAILING, "s/b.mbs": QUIET}) as f:
        os.symlink("s/b.mbs", os.path.join(f.path, "out.xml"))
        refuses(f, ["test", "s", "--junit", "out.xml"],
                r"error: --junit out\.xml: it is the script 's/b\.mbs' this run reads; nothing was written")


@case
def junit_is_a_hard_link_to_the_script():
    with Folder({"x.mbs": FAILING}) as f:
        os.link(os.path.join(f.path, "x.mbs"), os.path.join(f.path, "hard.xml"))
        refuses(f, ["test", "x.mbs", "--junit", "hard.xml"], r"error: --junit hard\.xml: it is the script .*")


@case
def trace_events_is_the_script():
    with Folder({"a.mbs": QUIET}) as f:
        refuses(f, ["run", "a.mbs", "--trace-events", "a.mbs"],
                r"error: --trace-events a\.mbs: it is the script this run reads; nothing was written")
        os.symlink("a.mbs", os.path.join(f.path, "t.json"))
        refuses(f, ["run", "a.mbs", "--trace-events", "t.json"],
                r"error: --trace-events t\.json: it is the script 'a\.mbs' this run reads; nothing was written")


@case
def trace_events_is_the_script_on_standard_input():
    with Folder({"a.mbs": QUIET}) as f:
        with open(os.path.join(f.path, "a.mbs"), "rb") as script:
            refuses(f, ["run", "-", "--trace-events", "a.mbs"],
                    r"error: --trace-events a\.mbs: it is the script '<stdin>' this run reads; nothing was written",
                    stdin=script)


@case
def record_output_is_the_script():
    with Folder({"self.html": "tap menu\n", "s.mbs": "tap menu\n"}) as f:
        refuses(f, ["record", "self.html", "-o", "./self.html"],
                r"error: -o \./self\.html: it is the script 'self\.html' this run reads; nothing was written")
        os.symlink("s.mbs", os.path.join(f.path, "w.gif"))
        refuses(f, ["record", "s.mbs", "-o", "w.gif"], r"error: -o w\.gif: it is the script 's\.mbs' .*")


@case
def snapshot_over_its_own_script():
    with Folder({"s.svg": "tap menu\nsnapshot s.svg\n", "a.mbs": "tap menu\nsnapshot ./sub/../view.svg\n",
                 "sub/keep": ""}) as f:
        check(f, ["run", "s.svg"], 2,
              r"s\.svg:2: error: snapshot: cannot write 's\.svg': it is the script this run reads; nothing was written")
        os.symlink("a.mbs", os.path.join(f.path, "view.svg"))
        check(f, ["run", "a.mbs"], 2, r"a\.mbs:2: error: snapshot: cannot write '\./sub/\.\./view\.svg': it is the script 'a\.mbs'.*")


@case
def snapshot_over_another_script_of_the_suite():
    # A script named on the command line need not end in .mbs: here one ends in .svg, and another one's
    # snapshot names it (by another spelling; relative to the script's folder, s/).
    with Folder({"s/a.mbs": "tap menu\nsnapshot ../s/b.svg\n", "s/b.svg": QUIET}) as f:
        out, _ = check(f, ["test", "s/a.mbs", "s/b.svg"], 1, None)
        assert "cannot write 's/../s/b.svg': it is the script 's/b.svg'" in out, out


@case
def report_index_is_a_script():
    with Folder({"s/a.mbs": FAILING, "rep/keep": ""}) as f:
        os.symlink("../s/a.mbs", os.path.join(f.path, "rep/index.html"))
        refuses(f, ["test", "s", "--report", "rep"],
                r"error: --report rep/index\.html: it is the script 's/a\.mbs' this run reads; nothing was written")
        assert not os.path.exists(os.path.join(f.path, "rep/pictures")), "a report folder was made before the refusal"


# MARK: - --update never loses an edit

def open_by(pid, path):
    """Whether process `pid` has `path` open."""
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == path:
                    return True
            except OSError:
                pass
    except OSError:
        pass
    return False


@case
def an_edit_during_update_is_kept():
    # A long script: --update reads it, runs it twice, then replaces it. The edit lands after the read (the
    # file is no longer open) and before the replacement; the script is then left with the edit.
    for lines in (40_000, 160_000, 640_000):
        with Folder() as f:
            script = f.write("u.mbs", FAILING + "advance 0.01\n" * lines)
            env = dict(os.environ, MAILSIM_HISTORY="")
            process = subprocess.Popen([MAILSIM, "test", "--update", "u.mbs"], cwd=f.path, env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            seen = False
            while process.poll() is None:
                now = open_by(process.pid, script)
                if seen and not now:
                    break
                seen = seen or now
                time.sleep(0.0005)
            if process.poll() is not None:
                process.communicate()
                continue
            with open(script, "a") as handle:
                handle.write("# a line typed meanwhile\n")
            edited = f.read("u.mbs")
            out, err = process.communicate(timeout=120)
            if process.returncode == 0 and b"updated 1 expectation" in out:
                continue  # it replaced before the edit: too fast, try a longer script
            assert process.returncode == 2, (process.returncode, out, err)
            assert re.search(rb"error: --update: 'u\.mbs' changed since it was read: left as it is", err), err
            assert f.read("u.mbs") == edited, "the edit was lost"
            assert not temporaries(f.path)
            return
    raise AssertionError("could not edit the script while --update ran")


# MARK: - Output that cannot be written

@case
def standard_output_on_dev_full():
    with Folder({"x.mbs": QUIET, "t.mbs": "tap menu\n"}) as f, open("/dev/full", "wb") as full:
        check(f, ["test", "--format", "tap", "x.mbs"], 2, r"error: cannot write standard output: No space left on device", stdout=full)
        check(f, ["test", "x.mbs"], 2, r"error: cannot write standard output: No space left on device", stdout=full)
        check(f, ["run", "--trace", "t.mbs"], 2, r"error: cannot write standard output: No space left on device", stdout=full)
        check(f, ["test", "--format", "json", "x.mbs", "--junit", "r.xml"], 2,
              r"error: cannot write standard output: No space left on device", stdout=full, changed=("r.xml",))


@case
def standard_output_on_full_disk():
    with Folder({"s/x.mbs": FAILING}) as f:
        with open(os.path.join(f.path, "out.txt"), "wb") as log:
            check(f, ["test", "--verbose", "s"], 2, r"error: cannot write standard output: File too large", stdout=log,
                  changed=("out.txt",), fsize=16)


@case
def closed_pipe_stays_quiet():
    with Folder({"x.mbs": "tap menu\n" * 20000}) as f:
        # SIGPIPE ignored (inherited, as from a Python or Go parent): EPIPE, and still no message.
        process = subprocess.Popen([MAILSIM, "run", "--trace", "x.mbs"], cwd=f.path, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, restore_signals=False,
                                   preexec_fn=lambda: signal.signal(signal.SIGPIPE, signal.SIG_IGN))
        process.stdout.read(100)
        process.stdout.close()
        err = process.stderr.read()
        process.wait(timeout=60)
        assert b"cannot write standard output" not in err, err


@case
def outputs_on_devices_and_descriptors():
    with Folder({"x.mbs": QUIET, "log.txt": "an earlier line\n"}) as f:
        check(f, ["test", "x.mbs", "--junit", "/dev/full"], 2,
              r"error: cannot write '/dev/full': No space left on device")
        check(f, ["test", "x.mbs", "--junit", "/dev/null"], 0, None)
        # /dev/stdout is the descriptor the shell gave (here a file opened for appending), not a file to replace.
        with open(os.path.join(f.path, "log.txt"), "ab") as log:
            check(f, ["test", "x.mbs", "--junit", "/dev/stdout"], 0, None, stdout=log, changed=("log.txt",))
        text = f.read("log.txt").decode()
        assert text.startswith("an earlier line\nPASS  x.mbs") and "<testsuites" in text and text.endswith("1 passed, 0 failed\n"), text


@case
def trace_events_dash_is_standard_output():
    with Folder({"x.mbs": QUIET}) as f:
        out, _ = check(f, ["run", "x.mbs", "--trace-events", "-"], 0, None)
        assert out.startswith('{"traceEvents":'), out[:200]
        assert not os.path.exists(os.path.join(f.path, "-"))


@case
def report_on_a_file():
    with Folder({"x.mbs": FAILING}) as f:
        check(f, ["test", "x.mbs", "--report", "/dev/full"], 2,
              r"error: cannot make the folder '/dev/full': it exists and is not a folder")
        check(f, ["test", "x.mbs", "--report", "x.mbs/r"], 2,
              r"error: cannot make the folder 'x\.mbs': it exists and is not a folder")


@case
def report_keeps_the_text_of_a_script_too_long_to_replay():
    with Folder({"s/long.mbs": "expect time == 5\nadvance 700\n"}) as f:
        check(f, ["test", "s", "--report", "rep"], 1, None)
        index = f.read("rep/index.html").decode()
        assert "could not be played again" in index and "expected time == 5, got 0" in index, index[-3000:]


@case
def record_length_limit_is_600_seconds():
    with Folder({"ok.mbs": "advance 600\n", "long.mbs": "advance 600.04\n"}) as f:
        check(f, ["record", "ok.mbs", "-o", "ok.html"], 0, None)
        check(f, ["record", "long.mbs", "-o", "long.html"], 2,
              r"error: the walkthrough would be longer than 600 s at 30 fps \(18001 frames, .*")
        assert not os.path.exists(os.path.join(f.path, "long.html"))


# MARK: - The prompt

def repl(folder, fsize=None):
    import pexpect

    def prepare():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    env = dict(os.environ, MAILSIM_HISTORY="", NO_COLOR="1", TERM="dumb")
    child = pexpect.spawn(MAILSIM, [], cwd=folder.path, env=env, encoding="utf-8", timeout=10, preexec_fn=prepare)
    child.expect(r"mailsim \S+> ")
    return child


def pexpect_missing():
    try:
        import pexpect  # noqa: F401
        return False
    except ImportError:
        return True


@case
def save_force_on_a_full_disk():
    if pexpect_missing():
        return SKIPPED.append("save --force on a full disk (no pexpect)")
    with Folder({"old.mbs": OLD}) as f:
        before = snapshot(f.path)
        child = repl(f, fsize=64)
        for _ in range(3):
            child.sendline("tap menu")
            child.expect(r"mailsim \S+> ")
        child.sendline("save old.mbs --force")
        child.expect(r"error: cannot write 'old\.mbs': File too large")
        child.expect(r"mailsim \S+> ")
        child.sendline("quit")
        child.expect(pexpect_eof())
        child.close()
        assert snapshot(f.path) == before
        assert not temporaries(f.path)


def pexpect_eof():
    import pexpect
    return pexpect.EOF


@case
def ctrl_c_ends_a_load_that_waits():
    if pexpect_missing():
        return SKIPPED.append("Ctrl-C during a load (no pexpect)")
    with Folder() as f:
        fifo = os.path.join(f.path, "pipe.mbs")
        os.mkfifo(fifo)
        child = repl(f)
        # No writer: the open waits.
        child.sendline("load pipe.mbs")
        time.sleep(0.3)
        child.sendintr()
        child.expect(r"interrupted")
        child.expect(r"mailsim \S+> ")
        # A writer that sends nothing: the read waits.
        writer = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
        try:
            child.sendline("load pipe.mbs")
            time.sleep(0.3)
            child.sendintr()
            child.expect(r"interrupted")
            child.expect(r"mailsim \S+> ")
        finally:
            os.close(writer)
        child.sendline("tap menu")
        child.expect(r"mailsim \S+> ")
        child.sendline("quit")
        child.expect(pexpect_eof())
        child.close()


def main():
    if not os.access(MAILSIM, os.X_OK):
        sys.exit(f"no mailsim at {MAILSIM}")
    for function in CASES:
        started = time.monotonic()
        try:
            function()
            print(f"ok    {function.__name__} ({time.monotonic() - started:.1f} s)")
        except Exception as error:  # noqa: BLE001 - a case's failure is reported, the others still run
            FAILED.append(function.__name__)
            print(f"FAIL  {function.__name__}: {type(error).__name__}: {error}")
    for reason in SKIPPED:
        print(f"skipped: {reason}")
    print(f"faults: {len(CASES)} cases, {len(FAILED)} failed")
    sys.exit(1 if FAILED else 0)


if __name__ == "__main__":
    main()
