#!/usr/bin/env python3
"""The playground server at a public address (docs/playground.md "Behind a proxy"): --max-sessions,
--trusted-proxy (a client socket bound to 127.0.0.2 plays the proxy: Linux routes all of 127/8 to lo),
--public-origin, /healthz, /metrics, --log-format json, the full server's page and the stop on SIGTERM, each against
a real mailsim-playground on --port 0. Usage: test_public.py MAILSIM_PLAYGROUND."""
import json, os, re, resource, signal, socket, subprocess, sys, threading, time, warnings

from websockets.sync.client import connect
from websockets.exceptions import ConnectionClosed

warnings.filterwarnings("ignore", category=DeprecationWarning)

SERVER = os.path.abspath(sys.argv[1])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklist import Checklist, ServerProcess, read_answer  # noqa: E402

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


class Server(ServerProcess):
    """mailsim-playground on a free port with ARGUMENTS; its standard error collected line by line."""

    def __init__(self, *arguments):
        super().__init__([SERVER], arguments)

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
        head, body = read_answer(s)
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
# The log line is written after the answer is sent, so it is waited for.
check("... and the log names the peer, not the forged address",
      wait_for(lambda: any("from 127.0.0.1;" in l for l in server.errors), 5)
      and not any("10.0.0." in l for l in server.errors),
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
check("... the log names the client and the proxy",
      wait_for(lambda: any("from 10.0.0.1 via 127.0.0.2;" in l for l in server.errors), 5),
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
# A trusted proxy's header that names no client, or a port that is not one, is a 400 (before, `,`
# made the proxy itself the client, and a port over 65535 was dropped unread).
for xff, words in [(",", "'' is not an IP address"), ("", "'' is not an IP address"),
                   ("10.0.0.1:99999", "has a port that is not 1 to 65535"),
                   ("10.0.0.1:", "has a port that is not 1 to 65535"),
                   ("[2001:db8::1]:70000", "has a port that is not 1 to 65535"),
                   ("[2001:db8::1]x", "has a port that is not 1 to 65535")]:
    head, body = via(xff)
    check(f"X-Forwarded-For '{xff}' from the proxy: 400 with the words", " 400 " in status(head)
          and words in body, (head, body))
head, body = server.upgrade(source="127.0.0.2", headers=["Forwarded: proto=https"])
check("Forwarded without for= from the proxy: 400 with the words", " 400 " in status(head)
      and "names no client" in body, (head, body))
head, body = via("10.0.0.1:65535")
check("... a port of 65535 is read (the third from 10.0.0.1: 429)", " 429 " in status(head) and "from 10.0.0.1;" in body,
      (head, body))
release_held()
server.stop()

# An IPv6 client is its /64 (--ipv6-prefix): a subscriber's network, whatever address it takes.
server = Server("--sessions-per-address", "2", "--trusted-proxy", "127.0.0.2")
got = [status(via(f"2001:db8:1:2::{i}")[0]) for i in (1, 2)]
head, body = via("2001:db8:1:2:ffff::3")
check("two sessions from 2001:db8:1:2::1 and ::2, the third from the same /64 is 429 naming it",
      got == ["HTTP/1.1 101 Switching Protocols"] * 2 and " 429 " in status(head)
      and "open from 2001:db8:1:2::/64;" in body, (got, head, body))
check("... another /64 is another client", " 101 " in status(via("2001:db8:1:3::1")[0]))
release_held()
server.stop()
server = Server("--sessions-per-address", "2", "--trusted-proxy", "127.0.0.2", "--ipv6-prefix", "128")
got = [status(via(f"2001:db8:1:2::{i}")[0]) for i in (1, 2, 3)]
check("... with --ipv6-prefix 128 each address is its own client", got == ["HTTP/1.1 101 Switching Protocols"] * 3, got)
release_held()
server.stop()
code, errors = usage("--ipv6-prefix", "8")
check("--ipv6-prefix 8: exit 2, the range", code == 2 and "from 16 to 128" in errors, errors)
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

# /healthz, /metrics and the JSON log.
METRIC_LINE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")'
                         r'(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*)\})? (\S+)$')


def parse_metrics(text):
    """The exposition (text format 0.0.4) read strictly: {(name, labels): value}, or an AssertionError saying what is
    wrong (a sample before its TYPE, a family declared twice, buckets that fall, +Inf not the count, no final \n)."""
    assert text.endswith("\n"), "the exposition ends with a line break"
    types, samples = {}, {}
    for line in text.rstrip("\n").split("\n"):
        if line.startswith("# HELP "):
            continue
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ", 3)
            assert name not in types, f"{name} declared twice"
            assert kind in ("counter", "gauge", "histogram", "summary", "untyped"), line
            types[name] = kind
            continue
        match = METRIC_LINE.match(line)
        assert match, f"not a sample line: {line!r}"
        name, labels, value = match.groups()
        family = re.sub(r"_(bucket|sum|count)$", "", name) if re.sub(r"_(bucket|sum|count)$", "", name) in types \
            and types[re.sub(r"_(bucket|sum|count)$", "", name)] == "histogram" else name
        assert family in types, f"{name} sampled before its TYPE"
        labels = tuple(sorted(re.findall(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"', labels or "")))
        assert (name, labels) not in samples, f"{name}{labels} twice"
        samples[(name, labels)] = float(value)
    for family, kind in types.items():
        if kind != "histogram": continue
        buckets = [(k[1], v) for k, v in samples.items() if k[0] == family + "_bucket"]
        values = [v for _, v in buckets]
        assert values == sorted(values), f"{family}'s buckets fall: {values}"
        assert buckets[-1][0] == (("le", "+Inf"),), f"{family}'s last bucket is +Inf"
        assert buckets[-1][1] == samples[(family + "_count", ())], f"{family}'s +Inf bucket is its count"
    return samples


def metrics(server, source="127.0.0.1", headers=()):
    head, body = server.request("/metrics", source=source, headers=headers)
    assert " 200 " in status(head), (head, body)
    assert "content-type: text/plain; version=0.0.4" in head.lower(), head
    return parse_metrics(body)


def value(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))), None)


def receive_json(ws):
    return json.loads(ws.recv(timeout=10))


def answer(ws, message):
    """Sends MESSAGE; the messages up to its screen or error."""
    ws.send(json.dumps(message) if isinstance(message, dict) else message)
    while True:
        m = receive_json(ws)
        if m["type"] in ("screen", "error"): return m


server = Server("--trusted-proxy", "127.0.0.2", "--log-format", "json")
head, body = server.request("/healthz")
check("GET /healthz while taking sessions: 200 ok", " 200 " in status(head) and body == "ok\n", (head, body))
head, _ = server.request("/healthz", host="evil.example")
check("... with a Host that does not name the server: 403 (as every request)", " 403 " in status(head), head)
try:
    before = metrics(server)
    check("GET /metrics from loopback: the exposition parses strictly", True)
except AssertionError as error:
    before = {}
    check("GET /metrics from loopback: the exposition parses strictly", False, error)
names = {name for name, _ in before}
wanted = {"mailsim_playground_sessions", "mailsim_playground_sessions_opened_total", "mailsim_playground_messages_total",
          "mailsim_playground_answer_seconds_bucket", "mailsim_playground_answer_seconds_sum",
          "mailsim_playground_answer_seconds_count", "mailsim_playground_refusals_total",
          "mailsim_playground_exports_total", "process_cpu_seconds_total", "process_resident_memory_bytes",
          "process_open_fds"}
check("... it has every family the docs name", wanted <= names, wanted - names)
check("... the process figures are there and plausible", value(before, "process_cpu_seconds_total") > 0
      and value(before, "process_resident_memory_bytes") > 1 << 20 and value(before, "process_open_fds") >= 3, before)
ws = server.session()
for _ in range(3): receive_json(ws)
sent = 0
for t in range(5):
    answer(ws, {"type": "tick", "t": t * 16}); sent += 1
answer(ws, b"\x00binary"); sent += 1
answer(ws, {"type": "line", "text": "pan msg1 -100"}); sent += 1
after = wait_for(lambda: (lambda m: m if value(m, "mailsim_playground_answer_seconds_count") == sent else None)(metrics(server)))
after = after or metrics(server)
check("after one session of 7 messages: sessions 1, opened 1, messages 7",
      (value(after, "mailsim_playground_sessions"), value(after, "mailsim_playground_sessions_opened_total"),
       value(after, "mailsim_playground_messages_total")) == (1, 1, 7), after)
check("... the answer histogram counted each message answered (count 7, sum > 0)",
      value(after, "mailsim_playground_answer_seconds_count") == 7
      and value(after, "mailsim_playground_answer_seconds_sum") > 0, after)
check("... the binary frame is a refusal with reason binary",
      value(after, "mailsim_playground_refusals_total", reason="binary") == 1, after)
server.upgrade(origin="http://evil.example")
server.upgrade(host="evil.example", origin="http://evil.example")
server.request("/", host="evil.example")
head, body = server.request("/metrics", source="127.0.0.2", headers=["X-Forwarded-For: 10.0.0.1"])
check("GET /metrics relayed by the proxy for a client elsewhere is refused 403 with words", " 403 " in status(head)
      and "trusted proxies only" in body, (head, body))
check("... the trusted proxy asking for itself is served", " 200 " in status(server.request("/metrics", source="127.0.0.2")[0]))
# The exposition is kept for 250 ms: the counts are read once it is made again.
counts = lambda m: [value(m, "mailsim_playground_refusals_total", reason=r) for r in ("origin", "host", "metrics")]
refused = wait_for(lambda: (lambda m: m if counts(m) == [1, 2, 1] else None)(metrics(server)), 3) or metrics(server)
check("refusals are counted by reason (origin 1, host 2, metrics 1)",
      [value(refused, "mailsim_playground_refusals_total", reason=r) for r in ("origin", "host", "metrics")] == [1, 2, 1],
      {k: v for k, v in refused.items() if k[0] == "mailsim_playground_refusals_total" and v})
ws.close()
closed = wait_for(lambda: value(metrics(server), "mailsim_playground_sessions") == 0)
check("... and the sessions gauge goes back to 0 when the page leaves", closed)
server.stop()
lines = list(server.errors)
try:
    events = [json.loads(line) for line in lines]
    parsed = all(isinstance(e, dict) for e in events)
except ValueError as error:
    events, parsed = [], False
check("--log-format json: every line of standard error is one JSON object", parsed and len(events) >= 4, lines)
stamp = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
check("... each with an RFC 3339 time (ms, UTC), a level and an event", all(
    stamp.match(e.get("time", "")) and e.get("level") in ("info", "warning", "error") and e.get("event")
    for e in events), events[:3])
kinds = [e.get("event") for e in events]
check("... the events: listening, session_open, refused, session_close, stopping",
      all(k in kinds for k in ("listening", "session_open", "refused", "session_close", "stopping")), kinds)
opened = next((e for e in events if e.get("event") == "session_open"), {})
check("... session_open names the session and the client", opened.get("session") == 1
      and opened.get("client") == "127.0.0.1" and opened.get("origin") == server.origin, opened)

# The full server's page.
server = Server("--max-sessions", "1")
head, _ = server.request("/")
check("GET / with a place free: the page (200)", " 200 " in status(head), head)
ws = server.session()
head, body = server.request("/")
check("GET / of a full server: 503, a page that says so and how many it holds, Retry-After: 60",
      " 503 " in status(head) and "text/html" in head.lower() and "The playground is full" in body
      and "It holds 1 session at once" in body and "retry-after: 60" in head.lower(), (head, body))
check("... with the page's security headers", "content-security-policy: default-src 'self'" in head.lower()
      and "x-content-type-options: nosniff" in head.lower(), head)
head, _ = server.request("/playground.js")
check("... its other files are still served", " 200 " in status(head), head)
ws.close()
check("... and once the session leaves, the page again", wait_for(lambda: " 200 " in status(server.request("/")[0])))
server.stop()
server = Server("--sessions-per-address", "1", "--trusted-proxy", "127.0.0.2")
proxy = lambda xff: server.request("/", source="127.0.0.2", headers=[f"X-Forwarded-For: {xff}"])
ws = server.session(source="127.0.0.2", headers={"X-Forwarded-For": "10.0.0.1"})
head, body = proxy("10.0.0.1")
check("GET / from a client address with all its places: 503, the page names its address and bound",
      " 503 " in status(head) and "1 session is open from your address (10.0.0.1)" in body, (head, body))
check("... another client behind the same proxy gets the page", " 200 " in status(proxy("10.0.0.2")[0]))
ws.close()
server.stop()

# SIGTERM: /healthz 503 at once, new upgrades 503, every page closed with 1001 and words, the process gone within
# the bound (Stopping.seconds, 3 s) even with a page that reads nothing.
server = Server("--sessions-per-address", "64")
pages = [server.session() for _ in range(20)]
for ws in pages:
    for _ in range(3): receive_json(ws)
head, _ = server.upgrade()  # a page frozen after its upgrade: never reads, never answers a close
frozen = Server.held[-1]
probe, late = server.connection(), server.connection()
started = time.monotonic()
server.process.send_signal(signal.SIGTERM)
wait_for(lambda: any(l.startswith("stopping") for l in server.errors), 5)
probe.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
head, body = read_answer(probe)
check("after SIGTERM: /healthz answers 503 stopping (a balancer drains it)", " 503 " in status(head)
      and body == "stopping\n", (head, body))
late.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: {server.origin}\r\n\r\n").encode())
head, body = read_answer(late)
check("... a new upgrade is answered 503 'the server is stopping'", " 503 " in status(head)
      and "the server is stopping" in body, (head, body))
codes = []
for ws in pages:
    try:
        while True: ws.recv(timeout=5)
    except ConnectionClosed as closed:
        codes.append((closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else None)
    except TimeoutError:
        codes.append("still open")
check("... each of the 20 pages is closed with 1001 'the server is stopping'",
      codes == [(1001, "the server is stopping")] * 20, codes)
try:
    code = server.process.wait(timeout=10)
except subprocess.TimeoutExpired:
    server.process.kill(); code = "still running 10 s after the signal"
took = time.monotonic() - started
print(f"      the server ended {took:.2f} s after SIGTERM, with 20 pages and a frozen one open")
check("... the process ends with status 0 within the 3 s bound (a frozen page does not hold it)",
      code == 0 and took < 3 + 1.5, (code, took))
frozen.close()
release_held()

print(f"playground public: {check.checks} checks, {check.failed} failed")
sys.exit(1 if check.failed else 0)
