#!/usr/bin/env python3
"""The language server's speed (docs/editors.md): on a 1,000-line script, the time from a change sent to
its first diagnostics received (a change at the first line runs the whole script again; one in the middle, half; one
at the end, a line; a change with more than `Server.publishWindow` lines to run after it is published a window past
it, then whole: both times are given), and a hover's (the words only, and with the screen's picture). Wall clock, measured by the client
over the real pipe. With a line count (20000: as long as an editor run goes), the same on a script that long, and a change that
moves the screen besides a comment's (`pan msg1 -100` made `-101` and back: every line after it runs again).
Usage: Benchmarks/lsp.py [PATH/TO/mailsim] [RUNS] [LINES]   (make release first; goals: 50 ms, 20 ms,
50 ms with the picture)
"""
import json
import queue
import statistics
import subprocess
import sys
import threading
import time

MAILSIM = sys.argv[1] if len(sys.argv) > 1 else ".build/release/mailsim"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 30

BLOCK = ["# a swipe, cancelled", "pan msg1 -100", "release", "settle", "tap cancel", "settle",
         "expect msg1.x == 0", "pan msg2 -30 in 0.2", "release", "settle"]
COUNT = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
LINES = [BLOCK[i % len(BLOCK)] for i in range(COUNT)]
URI = "file:///tmp/bench.mbs"


class Server:
    def __init__(self, picture):
        self.proc = subprocess.Popen([MAILSIM, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        # Each message with the moment it arrived, read by a thread of its own.
        self.arrived = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        self.next_id = 0
        self.request("initialize", {"capabilities": {}, "initializationOptions": {"hoverPicture": picture}})
        self.notify("initialized", {})

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = self.proc.stdout.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b":")[1].split(b"\r")[0])
            message = json.loads(self.proc.stdout.read(length))
            self.arrived.put((time.perf_counter(), message))

    def receive(self, timeout=None):
        """The next message and when it arrived (None after TIMEOUT seconds without one)."""
        try:
            return self.arrived.get(timeout=timeout)
        except queue.Empty:
            return None

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            _, message = self.receive()
            if message.get("id") == self.next_id:
                return message

    def diagnostics(self, version):
        """The first publish of VERSION: when it came and its diagnostics."""
        while True:
            at, message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
                return at, message["params"]["diagnostics"]

    def last_diagnostics(self, version, first_at, quiet=0.15):
        """When the last publish of VERSION came: a change far from the end is published a window past it, then
        whole; the whole has come once nothing more comes for QUIET seconds."""
        last = first_at
        while (got := self.receive(timeout=quiet)) is not None:
            at, message = got
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
                last = at
        return last

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(10)


def ms(samples):
    samples = sorted(samples)
    return f"median {statistics.median(samples) * 1000:.1f} ms, p90 {samples[int(len(samples) * 0.9) - 1] * 1000:.1f} ms"


def main():
    server = Server("none")
    start = time.perf_counter()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "mbs", "version": 1, "text": "\n".join(LINES) + "\n"}})
    first, found = server.diagnostics(1)
    whole = server.last_diagnostics(1, first)
    print(f"open, {COUNT:,} lines run: first diagnostics {(first - start) * 1000:.1f} ms, whole "
          f"{(whole - start) * 1000:.1f} ms ({len(found)} diagnostics)")
    version = 1
    edits = [("first line", 0, "comment"), (f"line {COUNT // 2}", COUNT // 2, "comment"), ("last line", COUNT - 1, "comment")]
    if COUNT > 1000:
        edits.insert(1, ("second line, a pan's distance", 1, "pan"))
    for name, line, kind in edits:
        samples, wholes = [], []
        for run in range(RUNS):
            version += 1
            # A comment edited at that line: the script runs again from there, and its outcome is the same. A pan's
            # distance changed: the screen after it differs, and every line after it runs again.
            text = f"# edit {run}" if kind == "comment" else f"pan msg1 -{100 + run % 2}"
            change = {"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": len(LINES[line])}},
                      "text": text}
            LINES[line] = text
            start = time.perf_counter()
            server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version}, "contentChanges": [change]})
            first, _ = server.diagnostics(version)
            samples.append(first - start)
            wholes.append(server.last_diagnostics(version, first) - start)
        print(f"diagnostics after a change at the {name}: {ms(samples)} (goal < 50 ms); whole: {ms(wholes)}")
    for picture in ("none", "data"):
        if picture == "data":
            server.close()
            server = Server("data")
            server.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "mbs", "version": 1, "text": "\n".join(LINES) + "\n"}})
            server.last_diagnostics(1, server.diagnostics(1)[0])
        samples = []
        for run in range(RUNS):
            line = 1 + (run * 37) % (COUNT - 10)
            start = time.perf_counter()
            answer = server.request("textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": line, "character": 2}})
            samples.append(time.perf_counter() - start)
        size = len(json.dumps(answer))
        goal = "50" if picture == "data" else "20"
        print(f"hover{' with the picture' if picture == 'data' else ''}: {ms(samples)} (goal < {goal} ms; {size // 1024} KiB)")
    server.close()


main()
