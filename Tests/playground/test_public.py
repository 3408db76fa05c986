#!/usr/bin/env python3
"""The playground server at a public address (docs/playground.md "Behind a proxy"; issue 34 item 3): --max-sessions,
--trusted-proxy (a client socket bound to 127.0.0.2 plays the proxy: Linux routes all of 127/8 to lo),
--public-origin, /healthz, /metrics, --log-format json, the full server's page and the stop on SIGTERM, each against
a real mailsim-playground on --port 0. Usage: test_public.py MAILSIM_PLAYGROUND."""
import json, os, re, resource, signal, socket, subprocess, sys, threading, time, warnings

from websockets.sync.client import connect
from websockets.exceptions import ConnectionClosed

warnings.filterwarnings("ignore", category=DeprecationWarning)

SERVER = os.path.abspath(sys.argv[1])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklist import Checklist  # noqa: E402

check = Checklist()
# Hundreds of sockets at once below: the soft limit of open files raised to the hard one.
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def wait_for(condition, seconds=10.0):
    """Polls CONDITION until it is true or SECONDS pass; its last value."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > deadline: return value
        time.sleep(0.02)


class Server:
    """mailsim-playground on a free port with ARGUMENTS; its standard error collected line by line."""

    def __init__(self, *arguments):
        self.process = subprocess.Popen([SERVER, "--port", "0", *arguments], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.errors = []
        threading.Thread(target=self._read_errors, daemon=True).start()
        line = self.process.stdout.readline()
        match = re.fullmatch(r"playground at http://127\.0\.0\.1:(\d+)/\n", line)
        if not match:
            self.process.kill()
            time.sleep(0.2)
            raise SystemExit(f"the server did not start with {arguments}: {line!r} {self.errors}")
        self.port = int(match.group(1))
        self.origin = f"http://127.0.0.1:{self.port}"

    def _read_errors(self):
        for line in self.process.stderr:
            self.errors.append(line.rstrip("\n"))

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try: self.process.wait(timeout=20)
            except subprocess.TimeoutExpired: self.process.kill()

    def connection(self, source="127.0.0.1"):
        """A TCP connection to the server from SOURCE (an address of lo)."""
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(10)
        s.bind((source, 0))
        s.connect(("127.0.0.1", self.port))
        return s

    def raw(self, request, source="127.0.0.1"):
        """Sends REQUEST (bytes) from SOURCE; the answer's head and body."""
        with self.connection(source) as s:
            s.sendall(request)
            return read_answer(s)

    def request(self, path, method="GET", host=None, origin=None, source="127.0.0.1", headers=(), body=b""):
        host = host or f"127.0.0.1:{self.port}"
        lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close", f"Content-Length: {len(body)}"]
        if origin is not None: lines.append(f"Origin: {origin}")
        lines += list(headers)
        return self.raw(("\r\n".join(lines) + "\r\n\r\n").encode() + body, source)

    def upgrade(self, host=None, origin="own", source="127.0.0.1", headers=()):
        """A WebSocket upgrade's answer (head, body); a 101 leaves the session open until the socket is closed."""
        host = host or f"127.0.0.1:{self.port}"
        origin = self.origin if origin == "own" else origin
        lines = ["GET /ws HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
        if origin is not None: lines.append(f"Origin: {origin}")
        lines += list(headers)
        s = self.connection(source)
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head, body = read_answer(s, upgrade=True)
        if " 101 " in status(head):
            self.held.append(s)
        else:
            s.close()
        return head, body

    held = []

    def session(self, source="127.0.0.1", headers=None, origin=None):
        """A websockets client session from SOURCE."""
        s = self.connection(source)
        return connect(f"ws://127.0.0.1:{self.port}/ws", sock=s, origin=origin or self.origin,
                       additional_headers=headers, open_timeout=10, max_size=None)


def read_answer(s, upgrade=False):
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


def status(head):
    return head.split("\r\n", 1)[0]


def release_held():
    for s in Server.held: s.close()
    Server.held.clear()


def usage(*arguments):
    """The exit status and standard error of the server started with ARGUMENTS that must not start."""
    run = subprocess.run([SERVER, "--port", "0", *arguments], capture_output=True, text=True, timeout=30)
    return run.returncode, run.stderr


# --max-sessions: the bound of every session, from everyone.
server = Server("--max-sessions", "3", "--sessions-per-address", "10")
answers = [status(server.upgrade()[0]) for _ in range(3)]
head, body = server.upgrade()
check("--max-sessions 3: three sessions open, the fourth is answered 503 with the bound",
      all(" 101 " in a for a in answers) and " 503 " in status(head) and "3 playground sessions are open" in body,
      (answers, head, body))
release_held()
check("... and once they close a session opens again", wait_for(lambda: " 101 " in status(server.upgrade()[0])))
release_held()
server.stop()
code, errors = usage("--max-sessions", "0")
check("--max-sessions 0 is a usage error: exit 2 with the range", code == 2 and "from 1 to 10000" in errors, errors)
code, errors = usage("--max-sessions", "10001")
check("--max-sessions 10001 is a usage error", code == 2 and "--max-sessions" in errors, errors)

# A forged X-Forwarded-For from a peer that is not a trusted proxy changes nothing.
server = Server("--sessions-per-address", "2")
forged = [status(server.upgrade(headers=[f"X-Forwarded-For: 10.0.0.{i}"])[0]) for i in (1, 2)]
head, body = server.upgrade(headers=["X-Forwarded-For: 10.0.0.3"])
check("untrusted peer: a forged X-Forwarded-For is ignored, the cap counts the peer (429 from 127.0.0.1)",
      forged == ["HTTP/1.1 101 Switching Protocols"] * 2 and " 429 " in status(head)
      and "2 playground sessions are open from 127.0.0.1" in body, (forged, head, body))
check("... and the log names the peer, not the forged address",
      any("from 127.0.0.1;" in l for l in server.errors) and not any("10.0.0." in l for l in server.errors),
      server.errors[-4:])
head, body = server.upgrade(headers=["X-Forwarded-Proto: https"], origin=f"https://127.0.0.1:{server.port}")
check("untrusted peer: X-Forwarded-Proto does not change the page's origin (https Origin refused 403)",
      " 403 " in status(head), (head, body))
release_held()
server.stop()

# A trusted proxy: the client is the right-most X-Forwarded-For address that is not a trusted proxy.
server = Server("--sessions-per-address", "2", "--trusted-proxy", "127.0.0.2/31", "--trusted-proxy", "::1")
via = lambda xff, source="127.0.0.2": server.upgrade(source=source, headers=[f"X-Forwarded-For: {xff}"])
first = [status(via("10.0.0.1")[0]), status(via("10.0.0.1", source="127.0.0.3")[0])]
head, body = via("10.0.0.1")
check("trusted proxy: the forwarded address is the client (2 from 10.0.0.1, the third 429 names 10.0.0.1)",
      first == ["HTTP/1.1 101 Switching Protocols"] * 2 and " 429 " in status(head)
      and "open from 10.0.0.1;" in body, (first, head, body))
check("... another forwarded client is not counted with it", " 101 " in status(via("10.0.0.2")[0]))
head, body = via("10.0.0.99, 10.0.0.1")
check("... the right-most untrusted entry counts (a client's own X-Forwarded-For on the left is not believed)",
      " 429 " in status(head) and "from 10.0.0.1;" in body, (head, body))
head, body = via("10.0.0.1, 127.0.0.3")
check("... a trusted proxy's own entry on the right is skipped", " 429 " in status(head) and "from 10.0.0.1;" in body,
      (head, body))
head, body = via("[::ffff:10.0.0.1]:4711")
check("... an entry with a port, IPv4-mapped IPv6, is the same client", " 429 " in status(head)
      and "from 10.0.0.1;" in body, (head, body))
head, body = server.upgrade(source="127.0.0.2", headers=['Forwarded: for="10.0.0.1";proto=http'])
check("... Forwarded: for= (RFC 7239) is read when there is no X-Forwarded-For", " 429 " in status(head)
      and "from 10.0.0.1;" in body, (head, body))
head, body = via("not-an-address")
check("... a forwarded client that is not an IP address: 400 with the words", " 400 " in status(head)
      and "'not-an-address' is not an IP address" in body, (head, body))
check("... the log names the client and the proxy", any("from 10.0.0.1 via 127.0.0.2;" in l for l in server.errors),
      server.errors[-4:])
two = [status(server.upgrade(source="127.0.0.4", headers=[f"X-Forwarded-For: 10.0.0.{i}"])[0]) for i in (5, 6)]
head, body = server.upgrade(source="127.0.0.4", headers=["X-Forwarded-For: 10.0.0.7"])
check("... a peer outside the trusted block (127.0.0.4) is its own client whatever it forwards",
      two == ["HTTP/1.1 101 Switching Protocols"] * 2 and " 429 " in status(head) and "from 127.0.0.4;" in body,
      (two, head, body))
head, body = server.upgrade(source="127.0.0.2", headers=["X-Forwarded-For: 10.0.0.8", "X-Forwarded-Proto: https"],
                            origin=f"https://127.0.0.1:{server.port}")
check("... X-Forwarded-Proto https from the proxy: the page's origin is https:// and the Host", " 101 " in status(head),
      (head, body))
head, body = server.upgrade(source="127.0.0.2", headers=["X-Forwarded-For: 10.0.0.9", "X-Forwarded-Host: evil.example"],
                            origin="http://evil.example")
check("... X-Forwarded-Host names the Host checked: another name is refused 403", " 403 " in status(head), (head, body))
release_held()
server.stop()
code, errors = usage("--trusted-proxy", "10.0.0.0/33")
check("--trusted-proxy 10.0.0.0/33: exit 2, the prefix's range", code == 2 and "from 0 to 32" in errors, errors)
code, errors = usage("--trusted-proxy", "proxy.example")
check("--trusted-proxy proxy.example: exit 2, not an address", code == 2 and "not an IPv4 or IPv6 address" in errors,
      errors)

# The connections bound: 512 from one client address; a trusted proxy's are not counted so, but bounded together
# (--max-sessions + 512).
server = Server("--max-sessions", "1", "--trusted-proxy", "127.0.0.2")


def served(connections):
    """Sends GET / on each of CONNECTIONS (kept open); how many were answered 200."""
    for s in connections:
        s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
    return sum(" 200 " in status(read_answer(s)[0]) for s in connections)


held = [server.connection("127.0.0.2") for _ in range(513)]
count = served(held)
check("a trusted proxy holds 513 connections (--max-sessions 1 + 512), every one served", count == 513, count)
head, body = server.request("/", source="127.0.0.2")
check("... its 514th is answered 503, naming the trusted proxies", " 503 " in status(head)
      and "513 connections are open from the trusted proxies" in body, (head, body))
for s in held: s.close()
held = [server.connection("127.0.0.3") for _ in range(512)]
count = served(held)
head, body = server.request("/", source="127.0.0.3")
check("an untrusted peer's 512 connections are served and its 513th is answered 503", count == 512
      and " 503 " in status(head) and "512 connections are open from 127.0.0.3" in body, (count, head, body))
for s in held: s.close()
server.stop()

# --public-origin: the origin the page is served at behind the proxy.
server = Server("--public-origin", "https://play.example.org", "--public-origin", "http://class.example:8443/",
                "--trusted-proxy", "127.0.0.2")
public = "https://play.example.org"
head, _ = server.upgrade(host="play.example.org", origin=public, source="127.0.0.2",
                         headers=["X-Forwarded-For: 10.1.1.1", "X-Forwarded-Proto: https"])
check("--public-origin: an upgrade with Host play.example.org and its Origin is accepted", " 101 " in status(head), head)
head, _ = server.upgrade(origin=public, source="127.0.0.2", headers=["X-Forwarded-For: 10.1.1.2"])
check("... with the proxy's own Host (127.0.0.1:PORT) and the public Origin too", " 101 " in status(head), head)
head, _ = server.upgrade(host="class.example:8443", origin="http://class.example:8443")
check("... a second public origin with its port", " 101 " in status(head), head)
head, body = server.upgrade(host="play.example.org", origin="https://evil.example")
check("... a foreign Origin is refused 403 with words", " 403 " in status(head) and "https://play.example.org" in body
      and "got https://evil.example" in body, (head, body))
head, _ = server.upgrade(host="play.example.org", origin=None)
check("... a missing Origin is refused 403", " 403 " in status(head), head)
head, _ = server.upgrade(host="play.example.org", origin="http://play.example.org")
check("... the public host over another scheme is refused 403", " 403 " in status(head), head)
head, _ = server.upgrade(host="evil.example", origin="http://evil.example")
check("... another Host is still refused 403", " 403 " in status(head), head)
head, _ = server.request("/", host="play.example.org")
check("... GET / with the public Host is the page", " 200 " in status(head), head)
head, body = server.request("/walkthrough", method="POST", host="play.example.org", origin=public, body=b"# nothing\n")
check("... an export from the public Origin is made", " 200 " in status(head), head)
head, body = server.request("/walkthrough", method="POST", origin="https://evil.example", body=b"# nothing\n")
check("... an export from a foreign Origin is refused 403", " 403 " in status(head), (head, body))
release_held()
server.stop()
server = Server()
head, _ = server.upgrade(host="play.example.org", origin=public)
check("without --public-origin the public name is refused 403 (as before)", " 403 " in status(head), head)
server.stop()
for value, words in [("ftp://x.example", "the scheme must be http or https"),
                     ("https://x.example/play", "no path"), ("https://x.example:99999", "from 1 to 65535"),
                     ("x.example", "http:// or https://"), ("https://", "no host")]:
    code, errors = usage("--public-origin", value)
    check(f"--public-origin {value}: exit 2, '{words}'", code == 2 and words in errors, errors)

print(f"playground public: {check.checks} checks, {check.failed} failed")
sys.exit(1 if check.failed else 0)
