"""The playground tests' checks: each printed `ok` or `FAIL` with its detail, counted for the closing line."""
import re
import socket
import subprocess
import sys
import threading
import time


class Checklist:
    """Call it with a check's name, whether it held and what to show when it did not."""

    def __init__(self):
        self.checks = self.failed = 0

    def __call__(self, name, condition, detail=""):
        self.checks += 1
        if condition:
            print(f"ok    {name}")
        else:
            self.failed += 1
            print(f"FAIL  {name}" + (f"\n      {detail}" if detail else ""))
        sys.stdout.flush()


def read_answer(s):
    """An HTTP answer read from socket S: its head and its body (as long as Content-Length says), as text."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk: break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = re.search(rb"(?i)content-length: *(\d+)", head)
    while length and len(body) < int(length.group(1)):
        chunk = s.recv(65536)
        if not chunk: break
        body += chunk
    return head.decode(errors="replace"), body.decode(errors="replace")


class ServerProcess:
    """A playground server started on a free port (COMMAND then `--port 0` and ARGUMENTS): the port it printed, its
    origin, and its standard error kept line by line in `errors` (for the tests that read its log)."""

    def __init__(self, command, arguments, env=None, preexec_fn=None):
        self.process = subprocess.Popen([*command, "--port", "0", *arguments], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=env, preexec_fn=preexec_fn)
        self.errors = []
        threading.Thread(target=self._read_errors, daemon=True).start()
        line = self.process.stdout.readline()
        match = re.fullmatch(r"playground at http://127\.0\.0\.1:(\d+)/\n", line)
        if not match:
            self.process.kill()
            time.sleep(0.2)  # the last of standard error
            raise SystemExit(f"the server did not start with {list(arguments)}: {line!r} {self.errors}")
        self.port = int(match.group(1))
        self.origin = f"http://127.0.0.1:{self.port}"

    def _read_errors(self):
        for line in self.process.stderr:
            self.errors.append(line.rstrip("\n"))


def wait_for_port(port, seconds=10):
    """Whether something accepts connections on loopback PORT within SECONDS (a server just started)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return True
        except OSError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
