"""A test case that cannot hang a run: past its bound a test prints every thread's traceback and ends the process.

A Playwright call can wait for ever (BrowserContext.new_page on a browser whose renderer died has no timeout, nor has
an evaluate whose promise never settles). Without a bound, one such wait held CI until its 90 minutes ran out and
printed nothing of where. With it, the run fails in minutes and the traceback names the line that waited; the suite
then has no "Ran N tests" line, which tools/browser-tests.sh counts as a failure.
"""
import faulthandler
import gc
import os
import sys
import threading
import traceback
import unittest


class WatchedTestCase(unittest.TestCase):
    """unittest.TestCase whose every test, set-up and tear-down included, is bounded by `hang_seconds`."""

    # Most browser tests take under 40 s here; the deploys' workflow test runs `make site` twice (a relink and
    # wasm-opt each) and took over 240 s on a machine that was also running CI. Ten minutes bounds a hang well inside
    # CI's own limit and leaves a slow machine room.
    hang_seconds = int(os.environ.get("MAILSIM_TEST_HANG_SECONDS", "600"))

    def run(self, result=None):
        watchdog = threading.Timer(self.hang_seconds, self.stop_the_run)
        watchdog.daemon = True
        watchdog.start()
        try:
            return super().run(result)
        finally:
            watchdog.cancel()

    def stop_the_run(self):
        """Runs on the watchdog's thread: says which test hung and where every thread waits, then ends the process
        (the hung call cannot be interrupted; the browser's driver ends with it, its pipe closed)."""
        print(f"\n{self.id()}: still running after {self.hang_seconds} s, so the run is stopped; where each thread"
              " waits:", file=sys.stderr, flush=True)
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        # Playwright's synchronous calls wait in a greenlet, which the threads' tracebacks above do not show.
        for waiting in gc.get_objects():
            frame = getattr(waiting, "gr_frame", None) if type(waiting).__name__ == "greenlet" else None
            if frame is not None:
                print("A greenlet waits here:\n" + "".join(traceback.format_stack(frame)), file=sys.stderr)
        sys.stdout.flush()
        sys.stderr.flush()
        # What the test started goes with it: a child still writing to the run's output would hold the log's pipe open.
        for pid in descendants(os.getpid()):
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        os._exit(1)


def descendants(root):
    """The processes started by `root`, and by them, read from /proc (each process's parent is its stat's 4th field)."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, waiting = [], [root]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found
