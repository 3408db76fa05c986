#!/usr/bin/env python3
"""Each test format read by a real consumer: the JUnit XML by junitparser and against the Jenkins xunit
plug-in's published junit-10.xsd (as pytest ships it) with xmllint; the TAP by tap.py's parser (YAML blocks
with PyYAML); the JSON lines by Python's json. Then `--update` on copies of the real acceptance scripts, and
`--watch` rerunning a script that is saved.

    python3 Tests/formats/test_formats.py .build/debug/mailsim SCHEMA.xsd

tools/format-tests.sh installs what these read with and fetches the schema.
"""
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import unittest

import junitparser
from tap.parser import Parser

MAILSIM = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else ".build/debug/mailsim")
SCHEMA = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else ".build/junit-schema/junit-10.xsd")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUITE = ["Scripts", "Tests/Fixtures/suite"]


def mailsim(*args, check=None):
    result = subprocess.run([MAILSIM, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    if check is not None:
        assert result.returncode == check, (args, result.returncode, result.stdout, result.stderr)
    return result


def scripts(*folders):
    found = []
    for folder in folders:
        for dirpath, _, names in os.walk(os.path.join(ROOT, folder)):
            found += [os.path.relpath(os.path.join(dirpath, n), ROOT) for n in names if n.endswith(".mbs")]
    return sorted(found)


class Workdir(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="mailsim-formats-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def path(self, *names):
        return os.path.join(self.dir, *names)


class JUnit(Workdir):
    def test_the_schema_and_junitparser_accept_it(self):
        out = self.path("results.xml")
        result = mailsim("test", "--junit", out, *SUITE, check=1)
        lint = subprocess.run(["xmllint", "--noout", "--schema", SCHEMA, out], capture_output=True, text=True)
        self.assertEqual(lint.returncode, 0, lint.stderr)
        xml = junitparser.JUnitXml.fromfile(out)
        cases = {case.name: case for suite in xml for case in suite}
        self.assertEqual(sorted(cases), scripts(*SUITE))
        failing = cases["Tests/Fixtures/suite/a-fails.mbs"]
        [failure] = failing.result
        self.assertIsInstance(failure, junitparser.Failure)
        self.assertEqual(failure.message, "Tests/Fixtures/suite/a-fails.mbs:4: expected msg1.x == -90, got -100")
        self.assertIn("the screen at 0.3 s:", failure.text)
        [error] = cases["Tests/Fixtures/suite/c-errors.mbs"].result
        self.assertIsInstance(error, junitparser.Error)
        self.assertIn("unknown command 'pna'", error.message)
        for name, case in cases.items():
            self.assertGreaterEqual(case.time, 0)
            if name.startswith("Scripts/"):
                self.assertEqual(case.result, [], name)
                self.assertEqual(case.classname, os.path.dirname(name))  # its subject folder: Scripts/menu
        [suite] = list(xml)
        self.assertEqual((suite.tests, suite.failures, suite.errors), (len(cases), 1, 1))
        # What the terminal shows is unchanged by --junit.
        self.assertEqual(result.stdout, mailsim("test", *SUITE).stdout)

    def test_every_failed_check_is_a_failure_and_skipped_scripts_validate(self):
        os.makedirs(self.path("s"))
        with open(self.path("s", "a.mbs"), "w") as f:
            f.write("pan msg1 -180\nexpect msg1.x == 0\nexpect msg1.background == gray\nrelease\nexpect msg1.icon == list\n")
        with open(self.path("s", "b.mbs"), "w") as f:
            f.write("expect time == 0\n")
        out = self.path("r.xml")
        mailsim("test", "--junit", out, "--max-failures", "1", "--jobs", "1", self.path("s"), check=1)
        lint = subprocess.run(["xmllint", "--noout", "--schema", SCHEMA, out], capture_output=True, text=True)
        self.assertEqual(lint.returncode, 0, lint.stderr)
        cases = [case for suite in junitparser.JUnitXml.fromfile(out) for case in suite]
        self.assertEqual([len(c.result) for c in cases], [3, 1])
        self.assertEqual([f.message.split(": ", 1)[1] for f in cases[0].result], [
            "expected msg1.x == 0, got -180", "expected msg1.background == gray, got yellow #FECA16",
            "expected msg1.icon == list, got later"])
        self.assertIsInstance(cases[1].result[0], junitparser.Skipped)


class TAP(unittest.TestCase):
    def test_tap_py_reads_it(self):
        result = mailsim("test", "--format", "tap", *SUITE, check=1)
        lines = list(Parser().parse_text(result.stdout))
        plan = [l for l in lines if l.category == "plan"]
        tests = [l for l in lines if l.category == "test"]
        self.assertEqual(lines[0].category, "version")
        self.assertEqual(lines[0].version, 13)
        self.assertEqual(len(plan), 1)
        self.assertEqual(plan[0].expected_tests, len(scripts(*SUITE)))
        self.assertEqual([t.description.lstrip("- ") for t in tests], scripts(*SUITE))
        self.assertEqual([t.number for t in tests], list(range(1, len(tests) + 1)))
        failed = {t.description.lstrip("- "): t for t in tests if not t.ok}
        self.assertEqual(sorted(failed), ["Tests/Fixtures/suite/a-fails.mbs", "Tests/Fixtures/suite/c-errors.mbs"])
        block = failed["Tests/Fixtures/suite/a-fails.mbs"].yaml_block
        self.assertEqual(block["message"], "1 of 3 checks failed")
        self.assertEqual(block["failures"][0]["line"], 4)
        self.assertEqual(block["failures"][0]["path"], "msg1.x")
        self.assertEqual((block["failures"][0]["expected"], block["failures"][0]["actual"]), (-90, -100))
        self.assertEqual(failed["Tests/Fixtures/suite/c-errors.mbs"].yaml_block["error"]["line"], 3)

    def test_skipped_scripts_are_ok_with_a_skip_directive(self):
        result = mailsim("test", "--format", "tap", "--max-failures", "1", "Tests/Fixtures/suite", check=1)
        tests = [l for l in Parser().parse_text(result.stdout) if l.category == "test"]
        self.assertEqual([(t.ok, t.skip) for t in tests], [(False, False), (True, True), (True, True)])


class JSONLines(unittest.TestCase):
    def test_one_object_a_script(self):
        result = mailsim("test", "--format", "json", *SUITE, check=1)
        objects = [json.loads(line) for line in result.stdout.splitlines()]
        self.assertEqual([o["path"] for o in objects], scripts(*SUITE))
        by_path = {o["path"]: o for o in objects}
        a = by_path["Tests/Fixtures/suite/a-fails.mbs"]
        self.assertEqual((a["status"], a["checks"], a["failed"]), ("fail", 3, 1))
        self.assertEqual(a["failures"][0], {"line": 4, "kind": "expectation", "path": "msg1.x", "op": "==",
                                            "expected": -90, "actual": -100, "within": 0.001,
                                            "message": "Tests/Fixtures/suite/a-fails.mbs:4: expected msg1.x == -90, got -100"})
        self.assertEqual(by_path["Tests/Fixtures/suite/c-errors.mbs"]["status"], "error")
        for o in objects:
            self.assertIsInstance(o["time"], float if o["time"] else (int, float))
            self.assertIn(o["status"], ("pass", "fail", "error"))


class Update(Workdir):
    """--update on copies of the real acceptance scripts (comments and all), their numbers knocked off."""

    def test_knocked_off_scripts_are_put_back_and_nothing_else_moves(self):
        knocked = {}
        # Copied with their subject folders (Scripts/menu/a.mbs to DIR/menu/a.mbs): --update finds them below DIR.
        names = [os.path.relpath(p, "Scripts") for p in scripts("Scripts")]
        for name in names:
            with open(os.path.join(ROOT, "Scripts", name), newline="") as f:
                lines = f.read().split("\n")
            for i, line in enumerate(lines):
                m = re.match(r"^(\s*expect\s+\S+\s+==\s+)(-?\d+(?:\.\d+)?)(\s.*)?$", line)
                if m and (i + len(os.path.basename(name))) % 3 == 0:
                    lines[i] = m.group(1) + str(float(m.group(2)) + 7).rstrip("0").rstrip(".") + (m.group(3) or "") + "  # knocked"
                    knocked[(name, i + 1)] = (line, m.group(2))
            os.makedirs(os.path.dirname(self.path(name)), exist_ok=True)
            with open(self.path(name), "w", newline="") as f:
                f.write("\n".join(lines))
        self.assertGreater(len(knocked), 30)
        update = mailsim("test", "--update", self.dir, check=0)
        changes = [l for l in update.stdout.splitlines() if " → " in l]
        self.assertEqual(len(changes), len(knocked), update.stdout)
        for change in changes:
            m = re.match(r"^(.+):(\d+): (\S+) == (\S+) → (\S+)$", change)
            self.assertIsNotNone(m, change)
            original, value = knocked[(os.path.relpath(m.group(1), self.dir), int(m.group(2)))]
            self.assertAlmostEqual(float(m.group(5)), float(value), delta=0.001)
        copied = sorted(os.path.relpath(os.path.join(d, n), self.dir) for d, _, ns in os.walk(self.dir) for n in ns)
        self.assertEqual(copied, names)
        for name in copied:
            with open(self.path(name), newline="") as f:
                after = f.read().split("\n")
            with open(os.path.join(ROOT, "Scripts", name), newline="") as f:
                before = f.read().split("\n")
            self.assertEqual(len(after), len(before))
            for i, (a, b) in enumerate(zip(after, before)):
                if (name, i + 1) in knocked:
                    self.assertTrue(a.endswith("  # knocked"), a)
                    self.assertEqual(a.split()[:3], b.split()[:3])
                else:
                    self.assertEqual(a, b, f"{name}:{i + 1} moved")
        self.assertEqual(update.stdout.splitlines()[-1], f"updated {len(knocked)} expectations in "
                         f"{len({n for n, _ in knocked})} scripts")
        mailsim("test", self.dir, check=0)
        self.assertEqual(mailsim("test", "--update", self.dir, check=0).stdout, "updated 0 expectations in 0 scripts\n")

    def test_a_script_stopped_by_an_error_is_left_untouched_and_named(self):
        text = "expect time == 1\npna msg1 3\n"
        with open(self.path("e.mbs"), "w") as f:
            f.write(text)
        result = mailsim("test", "--update", self.dir, check=1)
        self.assertIn(self.path("e.mbs") + ": left untouched: stopped by an error at line 2", result.stdout)
        with open(self.path("e.mbs")) as f:
            self.assertEqual(f.read(), text)


def default_signals():
    """In the child before exec: SIGINT and SIGQUIT as the system starts a program (a shell running this in the
    background, or nohup, leaves them ignored, and an ignored disposition is inherited)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def ignored_sigint():
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Watch(Workdir):
    """`mailsim test --watch` driven as a person would: it is started with default signal dispositions (or,
    on purpose, with SIGINT ignored), and whatever happens it is stopped and reaped."""

    def start(self, *paths, preexec=default_signals):
        process = subprocess.Popen([MAILSIM, "test", "--watch", *(paths or [self.dir])], stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, preexec_fn=preexec)
        self.process = process
        self.lines = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(l.rstrip("\n")) for l in process.stdout], daemon=True).start()
        self.addCleanup(self.reap)
        return process

    def reap(self):
        """Always: the process ends (Ctrl-C, then SIGKILL if it does not) and is waited for."""
        process = self.process
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        process.stdout.close()

    def until(self, predicate, what):
        seen = []
        while True:
            try:
                line = self.lines.get(timeout=20)
            except queue.Empty:
                self.fail(f"no {what}; saw {seen}")
            seen.append(line)
            if predicate(line):
                return seen

    def stop(self):
        """Ctrl-C: it says so and exits 130."""
        self.process.send_signal(signal.SIGINT)
        seen = self.until(lambda l: l.startswith("stopped watching"), "stopped watching line")
        self.assertEqual(self.process.wait(timeout=10), 130)
        return seen

    def test_a_saved_script_is_run_again(self):
        with open(self.path("a.mbs"), "w") as f:
            f.write("expect time == 0\n")
        self.start()
        self.until(lambda l: l.startswith("watching "), "watching line")
        with open(self.path("a.mbs"), "w") as f:
            f.write("expect time == 2\n")
        seen = self.until(lambda l: l == "0 passed, 1 failed", "rerun")
        self.assertIn("changed: " + self.path("a.mbs"), seen)
        self.assertIn("  " + self.path("a.mbs") + ":1: expected time == 2, got 0", seen)
        os.makedirs(self.path("new"))
        with open(self.path("new", "b.mbs"), "w") as f:
            f.write("expect gesture == none\n")
        seen = self.until(lambda l: l == "1 passed, 0 failed", "a script in a new folder run")
        self.assertIn("PASS  " + self.path("new", "b.mbs") + " (1 check)", seen)
        self.stop()

    def test_ctrl_c_stops_it_even_where_sigint_was_ignored(self):
        # A background job of a script, or nohup: SIGINT arrives ignored. Watch mode takes it itself.
        with open(self.path("a.mbs"), "w") as f:
            f.write("expect time == 0\n")
        self.start(preexec=ignored_sigint)
        self.until(lambda l: l.startswith("watching "), "watching line")
        self.stop()

    def test_a_renamed_script_is_removed_under_its_old_name_only(self):
        with open(self.path("a.mbs"), "w") as f:
            f.write("expect time == 0\n")
        self.start(self.path("a.mbs"))
        self.until(lambda l: l.startswith("watching "), "watching line")
        os.rename(self.path("a.mbs"), self.path("b.mbs"))
        seen = self.until(lambda l: l.startswith("removed: "), "removed line")
        self.assertEqual(seen[-1], "removed: " + self.path("a.mbs"))
        seen = self.stop()
        self.assertFalse([l for l in seen if "FAIL" in l or "failed" in l], seen)

    def test_its_folder_deleted_and_made_again_is_watched_again(self):
        folder = self.path("suite")
        os.makedirs(folder)
        with open(os.path.join(folder, "a.mbs"), "w") as f:
            f.write("expect time == 0\n")
        self.start(folder)
        self.until(lambda l: l.startswith("watching "), "watching line")
        shutil.rmtree(folder)
        self.until(lambda l: l == folder + " is gone: watching for it to come back", "gone line")
        os.makedirs(folder)
        self.until(lambda l: l == folder + " is back: watching it again", "back line")
        with open(os.path.join(folder, "b.mbs"), "w") as f:
            f.write("expect time == 1\n")
        seen = self.until(lambda l: l == "0 passed, 1 failed", "a script saved in the folder made again")
        self.assertIn("changed: " + os.path.join(folder, "b.mbs"), seen)
        self.stop()


class Hostile(Workdir):
    """What a suite can hold and a command line can say, each ending in a result or a clear refusal
    within a time bound."""

    def run_bounded(self, *args, seconds=20):
        return subprocess.run([MAILSIM, "test", *args], cwd=self.dir, capture_output=True, text=True,
                              timeout=seconds, preexec_fn=default_signals)

    def test_a_fifo_in_a_suite_is_an_error_and_the_rest_runs(self):
        with open(self.path("a.mbs"), "w") as f:
            f.write("expect time == 0\n")
        os.mkfifo(self.path("b.mbs"))
        with open(self.path("c.mbs"), "w") as f:
            f.write("expect time == 0\n")
        os.symlink(self.path("b.mbs"), self.path("d.mbs"))
        result = self.run_bounded(".")
        self.assertEqual(result.returncode, 2, result)  # a path not read is an error, as for `run`
        self.assertEqual(result.stdout.splitlines(), [
            "PASS  ./a.mbs (1 check)",
            "FAIL  ./b.mbs: not a regular file (a FIFO): not run",
            "PASS  ./c.mbs (1 check)",
            "FAIL  ./d.mbs: not a regular file (a FIFO): not run",
            "2 passed, 2 failed"])

    def test_a_nested_repetition_in_filter_is_refused_at_once(self):
        with open(self.path("a" * 28 + ".mbs"), "w") as f:
            f.write("expect time == 0\n")
        for pattern in ["(a*)*c", "(a+)+$", "((ab)*x?)+", "(a?){2,}c", "(\\w+\\s?)*$", "(a)\\1"]:
            result = self.run_bounded(".", "--filter", pattern, seconds=5)
            self.assertEqual(result.returncode, 2, (pattern, result))
            self.assertIn("--filter", result.stderr)
            self.assertIn("exponential time", result.stderr)
        for pattern in ["a+\\.mbs$", "(ab|aa)+", "^\\./a{3}", "[(]*a"]:
            result = self.run_bounded(".", "--filter", pattern, seconds=5)
            self.assertEqual(result.returncode, 0, (pattern, result))

    def test_a_slow_filter_that_passes_the_check_is_stopped_by_the_deadline(self):
        # Alternatives under a repetition are allowed, and this one backtracks exponentially on 40 a's.
        with open(self.path("a" * 40 + ".mbs"), "w") as f:
            f.write("expect time == 0\n")
        result = self.run_bounded(".", "--filter", "(a|aa)+b", seconds=10)
        self.assertEqual(result.returncode, 2, result)
        self.assertEqual(result.stderr, "error: --filter: '(a|aa)+b' took more than 2 s to match the scripts' paths: simplify it\n")

    def test_a_shard_out_of_range_says_so(self):
        for shard, reason in [("-1/2", "K is out of range"), ("3/2", "K is out of range"), ("0/2", "K is out of range"),
                              ("1/-2", "N is out of range"), ("x/2", "write K/N")]:
            result = self.run_bounded(".", "--shard", shard)
            self.assertEqual(result.returncode, 2, (shard, result))
            self.assertIn(reason, result.stderr)
            self.assertNotIn("Missing value", result.stderr)

    def test_a_name_with_control_characters_is_quoted(self):
        for name, shown in [("e\x1b[31mred.mbs", '"./e\\033[31mred.mbs"'), ("n\nl.mbs", '"./n\\nl.mbs"')]:
            with open(self.path(name), "w") as f:
                f.write("expect time == 2\n")
            result = self.run_bounded(".")
            os.remove(self.path(name))
            self.assertNotIn("\x1b", result.stdout)
            self.assertEqual(result.stdout.splitlines(), [
                f"FAIL  {shown}: 1 of 1 check failed", f"  {shown}:1: expected time == 2, got 0", "0 passed, 1 failed"])
        # `run` too, and a name that cannot be read.
        with open(self.path("e\x1b[31mred.mbs"), "w") as f:
            f.write("expect time == 2\n")
        result = subprocess.run([MAILSIM, "run", "e\x1b[31mred.mbs", "gone\x1b.mbs"], cwd=self.dir, capture_output=True,
                                text=True, timeout=20)
        self.assertEqual(result.stderr.splitlines(), ['"e\\033[31mred.mbs":1: expected time == 2, got 0',
                                                      'error: cannot read "gone\\033.mbs": No such file or directory'])


if __name__ == "__main__":
    unittest.main(verbosity=2)
