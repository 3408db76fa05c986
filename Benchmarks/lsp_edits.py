#!/usr/bin/env python3
"""What an edit costs the language server on a long document (docs/editors.md): a script of N
lines is opened, then 2,000 one-character edits are typed into one line as fast as the pipe takes them, each its
own didChange; the time is from the first edit sent to the diagnostics of the last version received (the server
runs a changed script only when no message waits, so most versions are never run). Typed in the middle of the
document (past the 20,000 lines an editor run goes through: the edit itself is the cost) and near the top (each
run goes through 20,000 lines again). "open: read" is the time to the answer to a request sent right after
`didOpen` (the text sent, read, split into lines); "open: diagnostics", to the first diagnostics. Wall clock,
measured by the client over the real pipe.
Usage: Benchmarks/lsp_edits.py [PATH/TO/mailsim] [LINES ...]   (default: .build/release/mailsim 200000 1000000)
"""
import json
import subprocess
import sys
import threading
import time

MAILSIM = sys.argv[1] if len(sys.argv) > 1 else ".build/release/mailsim"
SIZES = [int(n) for n in sys.argv[2:]] or [200_000, 1_000_000]
EDITS = 2000
URI = "file:///tmp/lsp_edits.mbs"
BLOCK = ["# a swipe, cancelled", "pan msg1 -100", "release", "settle", "tap cancel", "settle",
         "expect msg1.x == 0", "pan msg2 -30 in 0.2", "release", "settle"]


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    """`mailsim lsp` with a thread reading what it sends: the time each version's diagnostics arrived."""

    def __init__(self):
        self.proc = subprocess.Popen([MAILSIM, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.published = {}
        self.arrived = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()
        self.proc.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
                              + frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))

    def read(self):
        out = self.proc.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = out.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b":")[1].split(b"\r")[0])
            message = json.loads(out.read(length))
            if message.get("id") == 3:
                with self.arrived:
                    self.published["answered"] = time.monotonic()
                    self.arrived.notify_all()
            if message.get("method") == "textDocument/publishDiagnostics":
                with self.arrived:
                    self.published[message["params"].get("version")] = time.monotonic()
                    self.arrived.notify_all()

    def wait(self, version, timeout=600):
        with self.arrived:
            self.arrived.wait_for(lambda: version in self.published, timeout)
            return self.published.get(version)

    def close(self):
        self.proc.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"}))
        self.proc.stdin.close()
        self.proc.wait(60)


def run(size, line):
    lines = [BLOCK[i % len(BLOCK)] for i in range(size)]
    line -= line % len(BLOCK)  # a comment line: typing into it changes no outcome
    server = Server()
    started = time.monotonic()
    server.proc.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": URI, "languageId": "mbs", "version": 1, "text": "\n".join(lines) + "\n"}}})
                            + frame({"jsonrpc": "2.0", "id": 3, "method": "no/such"}))
    server.proc.stdin.flush()
    handled = server.wait("answered") - started
    opened = server.wait(1) - started
    column = len(lines[line])
    edits = b"".join(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 2 + k},
        "contentChanges": [{"range": {"start": {"line": line, "character": column + k},
                                      "end": {"line": line, "character": column + k}}, "text": "x"}]}})
                     for k in range(EDITS))
    started = time.monotonic()
    server.proc.stdin.write(edits)
    server.proc.stdin.flush()
    done = server.wait(EDITS + 1)
    took = (done - started) if done else float("nan")
    runs = sum(1 for version in server.published if isinstance(version, int) and 2 <= version <= EDITS + 1)
    server.close()
    return handled, opened, took, runs


def main():
    print(f"{MAILSIM}: {EDITS} one-character edits, each its own didChange")
    print("| lines | typed at line | open: read | open: diagnostics | 2,000 edits: last diagnostics | per edit | versions published |")
    print("|---|---|---|---|---|---|---|")
    for size in SIZES:
        for line in (size // 2, 10):
            handled, opened, took, runs = run(size, line)
            print(f"| {size:,} | {line - line % len(BLOCK):,} | {handled:.2f} s | {opened:.2f} s | {took:.2f} s | {took / EDITS * 1000:.2f} ms | {runs} |",
                  flush=True)


main()
