"""The playground tests' checks: each printed `ok` or `FAIL` with its detail, counted for the closing line."""
import re
import sys


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
