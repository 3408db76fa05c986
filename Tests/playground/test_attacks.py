#!/usr/bin/env python3
"""The playground server under attack (docs/playground.md "Limits", docs/promises.md): each
case a hostile or careless client found, reproduced against a real mailsim-playground on --port 0, with the figures
printed (a well-behaved page's round trips during each attack, the server's memory, time to stop).
Usage: test_attacks.py MAILSIM_PLAYGROUND. Every check failed against the server before its fix."""
import json, os, re, signal, socket, struct, subprocess, sys, tempfile, threading, time, warnings, base64

from websockets.sync.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

warnings.filterwarnings("ignore", category=DeprecationWarning)

SERVER = os.path.abspath(sys.argv[1])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklist import Checklist, ServerProcess  # noqa: E402

check = Checklist()


short = b"pan msg1 -100\nrelease\nadvance 20\n"  # a 20-second walkthrough: 600 frames
started = []  # every server an item started, stopped when the item ends


class Server(ServerProcess):
    """mailsim-playground on a free port, its standard error kept."""

    def __init__(self, *arguments, preexec_fn=None):
        started.append(self)
        super().__init__([SERVER], arguments, preexec_fn=preexec_fn)
        self.host = f"127.0.0.1:{self.port}"

    def alive(self):
        return self.process.poll() is None

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024

    def session(self, **options):
        ws = connect(f"ws://127.0.0.1:{self.port}/ws", origin=self.origin, max_size=None, open_timeout=30, **options)
        for _ in range(3): json.loads(ws.recv(timeout=30))  # hello, screen, script
        return ws

    def raw(self, data, timeout=15, close_after_send=False):
        """Sends DATA on a new connection; what came back before the server closed it (or TIMEOUT), and whether
        it closed."""
        s = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        s.sendall(data)
        got, closed = b"", False
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                s.settimeout(max(0.01, deadline - time.monotonic()))
                chunk = s.recv(65536)
                if not chunk:
                    closed = True
                    break
                got += chunk
        except (socket.timeout, ConnectionResetError) as e:
            closed = isinstance(e, ConnectionResetError)
        s.close()
        return got.decode(errors="replace"), closed

    def post(self, path, body, origin="own", timeout=120):
        origin = self.origin if origin == "own" else origin
        head = f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n"
        if origin is not None: head += f"Origin: {origin}\r\n"
        got, _ = self.raw(head.encode() + b"\r\n" + body, timeout=timeout)
        head, _, rest = got.partition("\r\n\r\n")
        return head, rest

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try: self.process.wait(10)
            except subprocess.TimeoutExpired: self.process.kill()


def status(text):
    return text.split("\r\n", 1)[0]


def answer(ws, message, timeout=60):
    """Sends MESSAGE; the milliseconds until its screen or error, and that reply."""
    start = time.perf_counter()
    ws.send(json.dumps(message))
    while True:
        reply = json.loads(ws.recv(timeout=timeout))
        if reply["type"] in ("screen", "error"):
            return (time.perf_counter() - start) * 1000, reply


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else float("inf")


def good_page(server, seconds):
    """A well-behaved page dragging a row at 60 Hz for SECONDS: its round trips (ms)."""
    ws = server.session()
    times, t = [], 1000.0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        times.append(answer(ws, {"type": "down", "x": 160, "y": 150, "t": t})[0])
        for i in range(20):
            t += 16
            times.append(answer(ws, {"type": "move", "x": 160 - 4 * i, "y": 150, "t": t})[0])
        t += 16
        times.append(answer(ws, {"type": "up", "x": 80, "y": 150, "t": t})[0])
        t += 2000
        answer(ws, {"type": "tick", "t": t})
        time.sleep(0.016)
    ws.close()
    return times


def handshake(key="dGhlIHNhbXBsZSBub25jZQ==", version="13", method="GET", path="/ws", host=None, origin=None, extra=""):
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade"]
    if key is not None: lines.append(f"Sec-WebSocket-Key: {key}")
    if version is not None: lines.append(f"Sec-WebSocket-Version: {version}")
    if origin is not None: lines.append(f"Origin: {origin}")
    return ("\r\n".join(lines) + "\r\n" + extra + "\r\n").encode()


def frame(opcode, payload, masked=True):
    head = bytes([0x80 | opcode])
    n = len(payload)
    mask_bit = 0x80 if masked else 0
    head += bytes([mask_bit | n]) if n < 126 else bytes([mask_bit | 126]) + struct.pack(">H", n)
    if not masked: return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def run(item):
    """Runs one item's checks; an exception (a server that stopped answering) is one failed check, and the next
    item runs against its own server. Each item's time is printed (the step's time is CI's)."""
    start = time.monotonic()
    try:
        item()
    except Exception as e:
        check(f"{item.__name__}: the checks ran to their end", False, f"{type(e).__name__}: {e}"[:300])
    for server in started:
        server.stop()
        if server.alive(): server.process.kill()
    started.clear()
    print(f"      ({item.__name__}: {time.monotonic() - start:.0f} s)")


def heavy_session(server):
    """A session whose last gesture is long to replay: 30 ten-minute pans typed at 240 fps (a `history` of it takes
    about 9 s in a debug build)."""
    ws = server.session()
    answer(ws, {"type": "line", "text": "set fps 240"})
    answer(ws, {"type": "line", "text": "pan msg1 10 in 0.01"})
    for _ in range(30): answer(ws, {"type": "line", "text": "pan msg1 10 in 600"})
    return ws


def time_to_stop(server, sig):
    """Sends SIG to the server: its exit status (None if still up after 10 s) and the seconds it took."""
    start = time.monotonic()
    server.process.send_signal(sig)
    try:
        code = server.process.wait(10)
    except subprocess.TimeoutExpired:
        code = None
    return code, time.monotonic() - start


def history(ws):
    """Asks for the history (a long replay when the last gesture is long); whatever comes back."""
    try: answer(ws, {"type": "history"})
    except Exception: pass


def opened_socket(server):
    """A raw WebSocket past its handshake (the 101 read)."""
    s = socket.create_connection(("127.0.0.1", server.port), timeout=15)
    s.sendall(handshake(host=server.host, origin=server.origin))
    data = b""
    while b"\r\n\r\n" not in data: data += s.recv(65536)
    assert b" 101 " in data.split(b"\r\n", 1)[0], data
    return s


def close_code(s, timeout=15):
    """Reads frames until a close frame: its code (None if the connection ended without one)."""
    s.settimeout(timeout)
    buffer = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk: return None
            buffer += chunk
            while len(buffer) >= 2:
                n = buffer[1] & 0x7F
                start = 2 + (2 if n == 126 else 8 if n == 127 else 0)
                if len(buffer) < start: break
                if n == 126: n = struct.unpack(">H", buffer[2:4])[0]
                elif n == 127: n = struct.unpack(">Q", buffer[2:10])[0]
                if len(buffer) < start + n: break
                opcode, payload = buffer[0] & 0x0F, buffer[start:start + n]
                buffer = buffer[start + n:]
                if opcode == 8: return struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else 1005
    except (socket.timeout, ConnectionResetError):
        return None


def connection_from(server, source, timeout=15):
    """A TCP connection to SERVER from SOURCE, an address of lo (Linux routes all of 127/8 there)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", server.port))
    return s


def read_until_closed(s, seconds):
    """What S receives until the server closes it or SECONDS pass: the text, and whether it closed."""
    got, deadline = b"", time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            s.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = s.recv(65536)
            if not chunk: return got.decode(errors="replace"), True
            got += chunk
    except socket.timeout:
        pass
    except ConnectionResetError:
        return got.decode(errors="replace"), True
    return got.decode(errors="replace"), False


# ---------------------------------------------------------------------------------------------------------------
def item_1():
    print("== item 1: concurrent exports, shared per address")
    server = Server()
    light = b"pan msg1 -100\nrelease\n"  # a light GIF: a third of a second in a debug build
    statuses = {}
    def export_once(source):
        s = connection_from(server, source, timeout=60)
        s.sendall((f"POST /walkthrough.gif HTTP/1.1\r\nHost: {server.host}\r\nOrigin: {server.origin}\r\n"
                   f"Content-Length: {len(light)}\r\nConnection: close\r\n\r\n").encode() + light)
        got, _ = read_until_closed(s, 60)
        s.close()
        statuses.setdefault(source, []).append(status(got))
    # Three at once from each of four addresses: each address has two made (one at a time, in turns), its third 429.
    threads = [threading.Thread(target=export_once, args=(f"127.0.0.{a}",)) for a in range(1, 5) for _ in range(3)]
    for t in threads: t.start()
    for t in threads: t.join()
    print(f"      12 GIF exports at once, 3 from each of 4 addresses: {statuses}")
    check("12 GIF exports at once: the server is still up", server.alive(), server.errors[-5:])
    check("each address has two made (200, waiting their turn) and its third refused 429",
          all(sorted(got) == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 429 Too Many Requests"]
              for got in statuses.values()) and len(statuses) == 4, statuses)
    head, body = server.post("/walkthrough.gif", short)
    check("once they are done, the next export is made", " 200 " in status(head), head)
    server.stop()


# ---------------------------------------------------------------------------------------------------------------
def item_2():
    print("== item 2: work bounded while it runs")
    # A start script of 6,000 lines: each opening sends them, so it costs more than a light message's 5 ms (as a
    # bare opening does in a debug build on a slow machine) and must still not wait behind the heavy work.
    start_script = os.path.join(tempfile.mkdtemp(), "start.mbs")
    with open(start_script, "w") as f: f.write("advance 0\n" * 6000)
    server = Server("--sessions-per-address", "64", "--export-seconds", "3", start_script)
    setup = time.monotonic()
    heavy = heavy_session(server)
    print(f"      30 lines of 'pan msg1 10 in 600' at 240 fps typed in {time.monotonic() - setup:.1f} s")
    start = time.monotonic()
    ms, reply = answer(heavy, {"type": "history"})
    took = time.monotonic() - start
    print(f"      history of that gesture answered in {took:.2f} s: {reply.get('message', reply['type'])}")
    check("a history longer than the 2 s bound is interrupted at it (answered within 3 s)", took < 3.0 and reply["type"] == "error"
          and "history took longer" in reply.get("message", ""), (took, reply.get("message", reply["type"])))
    # Two such histories at once, and a new page: it opens at once.
    other = server.session()
    heavy2 = heavy_session(server)
    threads = [threading.Thread(target=history, args=(ws,)) for ws in (heavy, heavy2)]
    for t in threads: t.start()
    time.sleep(0.1)
    start = time.monotonic()
    fresh = server.session()
    opened = time.monotonic() - start
    for t in threads: t.join()
    print(f"      a new page opened in {opened * 1000:.0f} ms while two histories ran")
    check("a new page opens within 0.5 s while two long histories run", opened < 0.5, opened)
    start = time.monotonic()
    # 590 back-and-forth drags of half a second: 17,700 frames (under the 18,001 a walkthrough may have), each drawn anew.
    head, body = server.post("/walkthrough.gif", b"pan msg1 -100 in 0.5\npan msg1 100 in 0.5\n" * 295 + b"release\n")
    took = time.monotonic() - start
    print(f"      a 591-line export of 17,700 changing frames answered in {took:.1f} s: {status(head)} {body.strip()[:80]}")
    check("an export that would run past its bound (--export-seconds 3) stops there (answered within 5 s, 400 with words)",
          took < 5 and " 400 " in status(head) and "took longer than 3 s" in body, (took, head, body))
    for ws in (heavy, heavy2, fresh, other): ws.close()
    server.stop()


# ---------------------------------------------------------------------------------------------------------------
def item_3():
    print("== item 3: fair to every page")
    server = Server("--sessions-per-address", "64", "--export-seconds", "6")
    alone = good_page(server, 3)
    print(f"      a page alone: median {percentile(alone, .5):.1f} ms, p99 {percentile(alone, .99):.1f} ms")
    stop_attack = threading.Event()
    def attacker():
        try:
            ws = server.session()
            answer(ws, {"type": "line", "text": "set fps 240"})
            while not stop_attack.is_set():
                answer(ws, {"type": "line", "text": "pan msg1 10 in 150"})  # about 25 ms of work in a debug build
            ws.close()
        except Exception as e:
            pass
    attackers = [threading.Thread(target=attacker, daemon=True) for _ in range(40)]
    for t in attackers: t.start()
    time.sleep(2)
    during = good_page(server, 5)
    stop_attack.set()
    for t in attackers: t.join(30)
    print(f"      with 40 sockets of 25 ms lines: median {percentile(during, .5):.1f} ms, p99 {percentile(during, .99):.1f} ms")
    check("40 sockets of 25 ms lines: a well-behaved page's p99 stays under 50 ms", percentile(during, .99) < 50,
          percentile(during, .99))
    # Four GIFs of a 2-minute walkthrough (3,600 frames each; the were 10 minutes: the same class, shorter here),
    # from one address: two are made in turn, each cut at 6 s (--export-seconds), the other two refused 429.
    gif_results = []
    def gif():
        gif_results.append(status(server.post("/walkthrough.gif", b"pan msg1 -100\nrelease\nadvance 120\n", timeout=120)[0]))
    gifs = [threading.Thread(target=gif) for _ in range(4)]
    for t in gifs: t.start()
    time.sleep(0.5)
    during = good_page(server, 5)
    for t in gifs: t.join()
    print(f"      with four 2-minute GIFs: median {percentile(during, .5):.1f} ms, p99 {percentile(during, .99):.1f} ms; "
          f"the GIFs: {gif_results}")
    check("four 2-minute GIF exports: a well-behaved page's p99 stays under 50 ms", percentile(during, .99) < 50,
          percentile(during, .99))
    server.stop()


# ---------------------------------------------------------------------------------------------------------------
def item_4():
    print("== item 4: exports are requests like any other")
    server = Server("--export-seconds", "5")
    head, body = server.post("/walkthrough.gif", short, origin="http://evil.example")
    check("a cross-site POST /walkthrough.gif is refused 403 with words", " 403 " in status(head) and "Origin" in body, (head, body))
    head, body = server.post("/walkthrough", b"script=pan+msg1+-100", origin=None)
    check("a POST /walkthrough without an Origin is refused 403", " 403 " in status(head), head)
    results = []
    def light_export():
        results.append(server.post("/walkthrough.gif", b"pan msg1 -100\nrelease\n"))
    threads = [threading.Thread(target=light_export) for _ in range(5)]
    for t in threads: t.start()
    for t in threads: t.join()
    refused = [(h, b) for h, b in results if " 429 " in status(h)]
    print(f"      5 light exports at once from one address: {sorted(status(h) for h, _ in results)}")
    check("5 exports at once from one address: 2 made in turn, the others 429 with words and Retry-After",
          len(refused) == 3 and sum(" 200 " in status(h) for h, _ in results) == 2
          and all("retry-after: 5" in h.lower() and "try again" in b for h, b in refused), [status(h) for h, _ in results])
    before = server.rss_mb()
    peak = [before]
    done = threading.Event()
    def sample():
        while not done.is_set():
            peak.append(server.rss_mb()); time.sleep(0.05)
    sampler = threading.Thread(target=sample); sampler.start()
    head, body = server.post("/walkthrough.gif", b"reset 500\npan msg1 -100\nrelease\nadvance 599\n", timeout=120)
    done.set(); sampler.join()
    time.sleep(0.5)
    after = server.rss_mb()
    print(f"      reset 500 + a 10-minute GIF, to its 5 s bound: {status(head)}; RSS {before:.0f} MB before, {max(peak):.0f} MB at most, {after:.0f} MB after")
    check("a 45-byte script's GIF export holds under 300 MB and gives it back (under 150 MB after)",
          max(peak) < 300 and after < 150, (before, max(peak), after))
    head, body = server.post("/walkthrough", b"reset 500\npan msg1 -100\nrelease\nadvance 599\n", timeout=120)
    print(f"      the same as a player: {status(head)} {body.strip()[:100]}")
    check("its player is refused with words (too many frames times rows)", " 400 " in status(head) and "too big" in body, (head, body))
    server.stop()


# ---------------------------------------------------------------------------------------------------------------
def item_5():
    print("== item 5: sockets cannot lock everyone out")
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    low = min(256, hard)
    server = Server("--idle-timeout", "2", preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard)))
    with open(f"/proc/{server.process.pid}/limits") as f:
        files = re.search(r"Max open files\s+(\d+)\s+(\d+)", f.read())
    check(f"started with an open-file limit of {low}, the server raises it to the hard limit ({hard})",
          hard == low or (files and int(files.group(1)) == hard), files and files.group(0))
    bad = {
        "nothing": b"",
        "a partial header": f"GET / HTTP/1.1\r\nHost: {server.host}\r\nX-Slow: ".encode(),
        "FOO /": f"FOO / HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode(),
        "an oversized URI": b"GET /" + b"a" * 100_000 + f" HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode(),
        "an oversized header": f"GET / HTTP/1.1\r\nHost: {server.host}\r\nX-Big: ".encode() + b"b" * 100_000 + b"\r\n\r\n",
        "a NUL in Host": b"GET / HTTP/1.1\r\nHost: 127.0.0.1\x00evil\r\n\r\n",
        "CL+CL": f"POST /walkthrough HTTP/1.1\r\nHost: {server.host}\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!".encode(),
        "CL+TE": f"POST /walkthrough HTTP/1.1\r\nHost: {server.host}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".encode(),
    }
    outcomes = {}
    def try_bad(name, data):
        start = time.monotonic()
        got, closed = server.raw(data, timeout=20)
        outcomes[name] = (status(got), closed, time.monotonic() - start)
    threads = [threading.Thread(target=try_bad, args=item) for item in bad.items()]
    for t in threads: t.start()
    for t in threads: t.join()
    for name, (line, closed, took) in outcomes.items():
        print(f"      {name}: {line or '(no answer)'}, closed after {took:.1f} s" if closed else f"      {name}: {line}, still open")
        expected = {"nothing": "", "a partial header": " 408 ", "an oversized URI": " 431 ", "an oversized header": " 431 "}.get(name, " 400 ")
        check(f"{name}: answered{' ' + expected.strip() if expected else ' nothing'} and closed within 12 s",
              closed and took < 12 and (expected in line if expected else line == ""), (line, closed, took))
    # Many connections that send nothing: all closed in seconds; the page answers meanwhile.
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(300)]
    head, _ = server.raw(f"GET / HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode())
    check("with 300 silent connections open the page is served", " 200 " in status(head), status(head))
    time.sleep(12)
    closed = 0
    for s in idle:
        s.settimeout(0.1)
        try: closed += s.recv(1) == b""
        except (socket.timeout, ConnectionResetError): pass
        s.close()
    check("300 connections that send nothing are all closed within 12 s", closed == 300, closed)
    # Connections per address: 512, then 503.
    many = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(512)]
    time.sleep(2)  # the kernel's accept queue holds some until the server accepts them
    got, closed = server.raw(f"GET / HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode(), timeout=5)
    check("the 513th connection from one address is answered 503 with words and closed",
          " 503 " in status(got) and "connections are open from 127.0.0.1" in got and closed, got[:200])
    for s in many: s.close()
    time.sleep(0.5)
    head, _ = server.raw(f"GET / HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode())
    check("once they close, the page is served again", " 200 " in status(head), status(head))
    # Sessions per address, and idle sessions.
    sessions = [server.session() for _ in range(16)]
    try:
        server.session()
        check("the 17th session from one address is refused 429", False)
    except InvalidStatus as e:
        check("the 17th session from one address is refused 429", e.response.status_code == 429, e.response.status_code)
    sessions[0].close()
    start = time.monotonic()
    try:
        while True: sessions[1].recv(timeout=10)
    except ConnectionClosed as e:
        waited = time.monotonic() - start
        reason = e.rcvd.reason if e.rcvd else ""
        check("an idle session is closed after --idle-timeout with the words the page shows",
              "without use" in reason and waited < 4, (reason, waited))
    for ws in sessions: ws.close()
    time.sleep(0.5)
    fresh = server.session()
    check("once idle sessions are closed, a new one opens", fresh is not None)
    fresh.close()
    server.stop()


# ---------------------------------------------------------------------------------------------------------------
def item_6():
    print("== item 6: stopping always stops")
    server = Server()
    frozen = opened_socket(server)  # never read again, never answers
    frozen.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    code, took = time_to_stop(server, signal.SIGTERM)
    print(f"      SIGTERM with a frozen client: exit {code} after {took:.2f} s")
    check("SIGTERM with a frozen tab open stops within 4 s, status 0", code == 0 and took < 4, (code, took))
    server.process.kill() if server.alive() else None
    frozen.close()
    server = Server()
    heavy = heavy_session(server)
    threading.Thread(target=history, args=(heavy,), daemon=True).start()
    time.sleep(0.3)
    code, took = time_to_stop(server, signal.SIGINT)
    print(f"      Ctrl-C during a long replay: exit {code} after {took:.2f} s")
    check("Ctrl-C during a long replay stops within 4 s, status 0", code == 0 and took < 4, (code, took))
    server.process.kill() if server.alive() else None


# ---------------------------------------------------------------------------------------------------------------
def item_7():
    print("== item 7: the protocol as the RFCs say")
    server = Server()
    got, _ = server.raw(f"HEAD / HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode())
    head, _, rest = got.partition("\r\n\r\n")
    length = re.search(r"(?i)content-length: *(\d+)", head)
    check("HEAD / is 200 with the page's length and no body", " 200 " in status(head) and length and int(length.group(1)) > 1000
          and rest == "", (head, len(rest)))
    got, _ = server.raw(f"GET / HTTP/1.1\r\nHost: {server.host}\r\nHost: evil.example\r\n\r\n".encode())
    check("two Host headers: 400", " 400 " in status(got), status(got))
    got, closed = server.raw(handshake(host=server.host, origin=server.origin, version="8"))
    check("a WebSocket version other than 13: 426 with Sec-WebSocket-Version: 13",
          " 426 " in status(got) and "sec-websocket-version: 13" in got.lower() and closed, got[:200])
    got, closed = server.raw(handshake(host=server.host, origin=server.origin, key=None))
    check("a WebSocket upgrade without a key: 400", " 400 " in status(got) and closed, got[:200])
    got, closed = server.raw(handshake(host=server.host, origin=server.origin, method="POST"))
    check("POST /ws with an upgrade: 405 with Allow: GET", " 405 " in status(got) and "allow: get" in got.lower(), got[:200])
    got, _ = server.raw(f"GET /nothing-here HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode())
    check("a 404 has nosniff, the policy and no-store", " 404 " in status(got) and "x-content-type-options: nosniff" in got.lower()
          and "content-security-policy:" in got.lower() and "cache-control: no-store" in got.lower(), got[:400])
    s = opened_socket(server)
    s.sendall(frame(1, b'{"type":"line","text":"\xff\xfe"}'))
    code = close_code(s)
    check("a text frame of invalid UTF-8: closed with 1007", code == 1007, code)
    s.close()
    s = opened_socket(server)
    s.sendall(frame(1, b'{"type":"tick","t":1}', masked=False))
    code = close_code(s)
    check("an unmasked client frame: closed with 1002", code == 1002, code)
    s.close()
    server.stop()
    # The last places raced: every upgrade is a 101 that stays open or a refusal, never a 101 then 1013.
    server = Server("--sessions-per-address", "64")
    outcome = []
    def race():
        try:
            ws = connect(f"ws://127.0.0.1:{server.port}/ws", origin=server.origin, open_timeout=30)
            try:
                first = json.loads(ws.recv(timeout=10))
                outcome.append(("open", first["type"], ws))
            except ConnectionClosed as e:
                outcome.append(("101 then closed", e.rcvd.code if e.rcvd else None, None))
        except InvalidStatus as e:
            outcome.append(("refused", e.response.status_code, None))
        except Exception as e:
            outcome.append(("error", repr(e), None))
    threads = [threading.Thread(target=race) for _ in range(80)]
    for t in threads: t.start()
    for t in threads: t.join()
    kinds = {}
    for kind, detail, _ in outcome: kinds[(kind, detail)] = kinds.get((kind, detail), 0) + 1
    print(f"      80 upgrades at once: {kinds}")
    check("80 upgrades racing 64 places: 64 open, 16 refused 503, none 101 then closed",
          kinds.get(("open", "hello")) == 64 and kinds.get(("refused", 503)) == 16, kinds)
    for _, _, ws in outcome:
        if ws: ws.close()
    server.stop()


def item_8():
    print("== item 8: the hand-off's export message from a page that never reads")
    server = Server()
    before = server.rss_mb()
    alone = good_page(server, 3)
    s = opened_socket(server)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    message = frame(1, json.dumps({"type": "export", "format": "swift"}).encode())
    stop, sent = threading.Event(), [0]
    def flood():
        # At the bound of 400 messages a second, each answered with the Swift set's ZIP (some 75 KiB in base64), none
        # of it read.
        try:
            while not stop.is_set():
                s.sendall(message)
                sent[0] += 1
                time.sleep(0.0025)
        except OSError:
            pass
    flooder = threading.Thread(target=flood, daemon=True)
    flooder.start()
    rss = []
    for _ in range(6):
        time.sleep(1)
        rss.append(server.rss_mb())
    during = good_page(server, 4)
    stop.set()
    flooder.join(5)
    s.close()
    print(f"      {sent[0]} export messages sent, none read; the server's memory {before:.0f} MiB before, "
          f"{max(rss):.0f} MiB at most during; a page's p99 {percentile(alone, .99):.1f} ms alone, "
          f"{percentile(during, .99):.1f} ms during")
    check("an export flood that reads nothing: the server's memory grows by under 64 MiB", max(rss) - before < 64,
          (before, rss))
    check("an export flood that reads nothing: a well-behaved page's p99 stays under 50 ms",
          percentile(during, .99) < 50, percentile(during, .99))
    check("after the flood the server is up and serves a page", server.alive() and len(good_page(server, 1)) > 0)
    # SIGTERM while a page floods exports and reads none of them: the server still stops (3 s at most, as item 6
    # measures a frozen tab: within 4 s with the process's own teardown).
    s = opened_socket(server)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stop.clear()
    flooder = threading.Thread(target=flood, daemon=True)
    flooder.start()
    time.sleep(2)
    code, took = time_to_stop(server, signal.SIGTERM)
    stop.set()
    s.close()
    print(f"      SIGTERM during an export flood: exit {code} in {took:.2f} s")
    check("SIGTERM during an export flood that reads nothing stops within 4 s, status 0", code == 0 and took < 4,
          (code, took))


# ---------------------------------------------------------------------------------------------------------------
# Items 9 to 13: the server's own resources. Each failed before its fix (the figures are in the commits).
def item_9():
    print("== item 9: a fresh session's first work waits its fair share")
    server = Server("--sessions-per-address", "64")
    # A restore that runs into the 2 s bound: 200 hour-long pans at 240 fps.
    restore = "set fps 240\n" + "pan msg1 1 in 3600\n" * 200
    alone = good_page(server, 2)
    print(f"      a page alone: median {percentile(alone, .5):.1f} ms, p99 {percentile(alone, .99):.1f} ms")
    for count in (3, 12):
        stop, loads = threading.Event(), []
        def reconnecting():
            try:
                while not stop.is_set():
                    ws = server.session()
                    ms, reply = answer(ws, {"type": "load", "script": restore}, timeout=60)
                    loads.append((ms, reply.get("message", reply["type"])))
                    ws.close()
            except Exception as e:
                loads.append((0, repr(e)))
        threads = [threading.Thread(target=reconnecting, daemon=True) for _ in range(count)]
        for t in threads: t.start()
        time.sleep(0.5)
        during = good_page(server, 4)
        stop.set()
        # The three wait for their last load; the twelve's queued loads (2 s each, two at a time) are left to the
        # server's stop.
        if count == 3:
            for t in threads: t.join(60)
        cut = sum("interrupted" in words or "longer than" in words for _, words in list(loads))
        print(f"      {count} sockets reconnecting, each a restore load ({len(loads)} loads, {cut} cut at 2 s): "
              f"a page's median {percentile(during, .5):.1f} ms, p99 {percentile(during, .99):.1f} ms")
        check(f"{count} sockets that reconnect and each send a 2 s restore load: a good page's p99 stays under 50 ms",
              percentile(during, .99) < 50 and cut > 0, (percentile(during, .99), loads[:3]))
    server.stop()


def item_10():
    print("== item 10: descriptors cannot run out")
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # this client holds over 2,000 sockets
    server = Server(preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (2048, 2048)))
    head = (f"POST /walkthrough HTTP/1.1\r\nHost: {server.host}\r\nOrigin: {server.origin}\r\n"
            f"Content-Length: 100000\r\n\r\nx").encode()
    stalled, start = [], time.monotonic()
    try:
        for address in range(1, 9):
            for _ in range(260):
                s = connection_from(server, f"127.0.0.{address}", timeout=5)
                s.sendall(head)
                stalled.append(s)
    except OSError as e:
        print(f"      opening the stalled POSTs stopped at {len(stalled)}: {e}")
    print(f"      {len(stalled)} POSTs with their bodies stalled, from 8 addresses, in {time.monotonic() - start:.1f} s")
    time.sleep(0.5)
    start = time.monotonic()
    try:
        s = connection_from(server, "127.0.0.9", timeout=5)
        s.sendall(f"GET / HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode())
        got, _ = read_until_closed(s, 5)
        s.close()
    except OSError as e:
        got = repr(e)
    took = time.monotonic() - start
    print(f"      a new page from another address: {status(got) or '(no answer)'} in {took * 1000:.0f} ms")
    check("2,080 stalled POSTs with the descriptor limit at 2,048: a new page is answered 200 within 5 s",
          " 200 " in status(got) and took < 5, (got[:120], took))
    shed = 0
    for s in stalled:
        s.setblocking(False)
        try: shed += s.recv(1) == b""
        except BlockingIOError: pass
        except OSError: shed += 1
    figures = ""
    if server.alive():
        try:
            s = connection_from(server, "127.0.0.10", timeout=5)
            s.sendall(f"GET /metrics HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode())
            figures, _ = read_until_closed(s, 5)
            s.close()
        except OSError:
            pass
    counted = re.search(r"(?m)^mailsim_playground_connections_shed_total (\d+)", figures)
    print(f"      stalled POSTs closed: {shed}, shed to make room (/metrics): {counted and counted.group(1)}; the "
          f"server {'is up' if server.alive() else 'DIED: ' + str(server.errors[-2:])}")
    check("... the oldest stalled connections were shed (counted in /metrics), and the server is up",
          shed > 0 and counted and int(counted.group(1)) > 0 and server.alive(), (shed, figures[-300:], server.errors[-3:]))
    for s in stalled: s.close()
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    server.stop()


def item_11():
    print("== item 11: a request body has a deadline")
    server = Server()
    outcome = {}
    def trickle():
        s = connection_from(server, "127.0.0.1")
        s.sendall((f"POST /walkthrough HTTP/1.1\r\nHost: {server.host}\r\nOrigin: {server.origin}\r\n"
                   f"Content-Length: 100\r\n\r\n").encode())
        start, got, closed = time.monotonic(), "", False
        while not closed and time.monotonic() - start < 16:
            try: s.sendall(b"x")
            except OSError: break
            more, closed = read_until_closed(s, 2)
            got += more
        outcome["trickle"] = (got, closed, time.monotonic() - start)
        s.close()
    def steady():
        # 240 KiB at 20 KiB a second: past the 10 s, within 1 s more for each 16 KiB.
        s = connection_from(server, "127.0.0.1")
        s.sendall((f"POST /walkthrough HTTP/1.1\r\nHost: {server.host}\r\nOrigin: {server.origin}\r\n"
                   f"Content-Length: {240 * 1024}\r\nConnection: close\r\n\r\n").encode())
        start = time.monotonic()
        for _ in range(120):
            try: s.sendall(b"#" * 2047 + b"\n")
            except OSError: break
            time.sleep(0.1)
        got, _ = read_until_closed(s, 10)
        outcome["steady"] = (got, time.monotonic() - start)
        s.close()
    threads = [threading.Thread(target=trickle), threading.Thread(target=steady)]
    for t in threads: t.start()
    for t in threads: t.join()
    got, closed, took = outcome["trickle"]
    print(f"      a body of a byte every 2 s: {status(got) or '(no answer)'}, "
          f"{'closed' if closed else 'still open'} after {took:.1f} s")
    check("a POST whose body trickles a byte every 2 s: 408 with words and closed within 12 s", " 408 " in status(got)
          and "body" in got and closed and took < 12, (got[:300], closed, took))
    got, took = outcome["steady"]
    print(f"      240 KiB at 20 KiB/s: {status(got)} after {took:.1f} s: {got.partition(chr(13) + chr(10) * 2)[2][:60]!r}")
    check("a body that keeps coming at 20 KiB/s past 10 s is read whole (its script refused 400, not 408)",
          " 400 " in status(got) and "longer than" in got, got[:300])
    server.stop()


def item_12():
    print("== item 12: export places are shared per address")
    server = Server("--export-seconds", "3")
    heavy = b"reset 500\npan msg1 -100\nrelease\nadvance 599\n"  # runs into the 3 s bound
    stop, results = threading.Event(), {"A": [], "B": [], "C": []}
    def post(source, body, path="/walkthrough.gif"):
        s = connection_from(server, source, timeout=60)
        s.sendall((f"POST {path} HTTP/1.1\r\nHost: {server.host}\r\nOrigin: {server.origin}\r\n"
                   f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body)
        got, _ = read_until_closed(s, 60)
        s.close()
        return got
    def flooding():
        while not stop.is_set():
            start = time.monotonic()
            got = post("127.0.0.1", heavy)
            results["A"].append((status(got), time.monotonic() - start, got.partition("\r\n\r\n")[2][:80]))
            if " 200 " not in got and " 400 " not in got: time.sleep(0.2)  # refused: it tries again soon
    flood = [threading.Thread(target=flooding) for _ in range(3)]
    for t in flood: t.start()
    time.sleep(1)
    def light(name, source):
        start = time.monotonic()
        got = post(source, short, "/walkthrough")
        results[name].append((status(got), time.monotonic() - start, ""))
    others = [threading.Thread(target=light, args=("B", "127.0.0.2")), threading.Thread(target=light, args=("C", "127.0.0.3"))]
    for t in others: t.start()
    for t in others: t.join()
    time.sleep(2)
    stop.set()
    for t in flood: t.join(60)
    kinds = {}
    for got, _, _ in results["A"]: kinds[got] = kinds.get(got, 0) + 1
    print(f"      one address re-sending 3 s GIFs on 3 connections: {kinds}")
    for name in ("B", "C"):
        print(f"      {name}, another address, one light player meanwhile: {results[name]}")
    check("one address re-sending long exports: two others' light exports are made (200), each within 8 s",
          all(r and " 200 " in r[0][0] and r[0][1] < 8 for r in (results["B"], results["C"])),
          (results["B"], results["C"]))
    check("... the flooding address's long exports are cut at the 3 s bound (400) and its third at once is 429",
          any(" 400 " in g and "3 s" in b for g, _, b in results["A"]) and any(" 429 " in g for g, _, _ in results["A"]),
          results["A"][:6])
    server.stop()
    # A full queue (one running, 16 waiting: two long exports from each of 8 addresses, one from a ninth): an export
    # from a tenth address takes the place of the newest second export of an address holding two, which is 503 at once.
    server = Server("--export-seconds", "3")
    answers, threads = {}, []
    def heavy_from(source, name):
        start = time.monotonic()
        got = post(source, heavy)
        answers[name] = (status(got), time.monotonic() - start)
    for a in range(8):
        for n in range(2):
            threads.append(threading.Thread(target=heavy_from, args=(f"127.0.1.{a + 1}", f"{a + 1}.{n}"), daemon=True))
    threads.append(threading.Thread(target=heavy_from, args=("127.0.1.9", "9.0"), daemon=True))
    for t in threads:
        t.start()
        time.sleep(0.05)
    time.sleep(0.5)
    newcomer = threading.Thread(target=heavy_from, args=("127.0.1.10", "newcomer"), daemon=True)
    newcomer.start()
    time.sleep(1)
    refused = {name: got for name, got in answers.items() if " 503 " in got[0]}
    print(f"      a full queue, then a tenth address: answered within 1 s {answers}")
    check("a full queue: a tenth address's export waits its turn, an address's second export is refused 503 for it",
          "newcomer" not in answers and len(refused) == 1 and list(refused)[0].endswith(".1"), answers)
    server.stop()


def item_13():
    print("== item 13: /healthz and /metrics floods")
    server = Server()
    alone = good_page(server, 2)
    stop, answered, statuses = threading.Event(), [0], {}
    def flood(path):
        # 64 requests pipelined at a time, read back; a connection the server closes is opened again at once.
        batch = f"GET {path} HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode() * 64
        while not stop.is_set():
            try:
                s = connection_from(server, "127.0.0.1", timeout=3)
            except OSError:
                continue
            tail = b""  # shorter than a status line, so no status line is counted twice
            try:
                while not stop.is_set():
                    s.sendall(batch)
                    seen = 0
                    while seen < 64:
                        chunk = s.recv(1 << 20)
                        if not chunk: raise ConnectionResetError
                        data = tail + chunk
                        for code in re.findall(rb"HTTP/1\.1 (\d\d\d)", data):
                            statuses[code] = statuses.get(code, 0) + 1
                            seen += 1
                        tail = data[-11:]
                    answered[0] += seen
            except OSError:
                pass
            s.close()
    # 32 connections: more than the probes that may wait their turn (20), so some are refused and come back.
    threads = [threading.Thread(target=flood, args=(path,), daemon=True) for path in ("/healthz", "/metrics") * 16]
    start = time.monotonic()
    for t in threads: t.start()
    time.sleep(0.5)
    during = good_page(server, 4)
    stop.set()
    for t in threads: t.join(10)
    rate = sum(statuses.values()) / (time.monotonic() - start)
    print(f"      a page alone: p99 {percentile(alone, .99):.1f} ms; during a flood of 32 connections of pipelined "
          f"probes from loopback, answered {rate:.0f} a second "
          f"({ {k.decode().strip(): v for k, v in statuses.items()} }): median {percentile(during, .5):.1f} ms, "
          f"p99 {percentile(during, .99):.1f} ms")
    check("a flood of /healthz and /metrics from loopback: a well-behaved page's p99 stays under 50 ms",
          percentile(during, .99) < 50, percentile(during, .99))
    burst = []
    def probe(version):
        burst.append(server.raw(f"GET /healthz HTTP/{version}\r\nHost: {server.host}\r\nConnection: close\r\n\r\n"
                                .encode())[0])
    threads = [threading.Thread(target=probe, args=(version,)) for version in ("1.1", "1.0") * 25]
    for t in threads: t.start()
    for t in threads: t.join()
    kinds = {}
    for got in burst: kinds[status(got)] = kinds.get(status(got), 0) + 1
    print(f"      50 probes at once, half of them HTTP/1.0: {kinds}")
    check("... probes past the rate wait their turn (at most 1 s), the rest are 429 with Retry-After",
          any(" 429 " in status(got) and "retry-after: 1" in got.lower() for got in burst)
          and any(" 200 " in status(got) for got in burst), kinds)
    time.sleep(1.1)
    got, _ = server.raw(f"GET /healthz HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode())
    check("... and a second later the probe is answered ok again", " 200 " in status(got), got[:200])
    server.stop()


# ---------------------------------------------------------------------------------------------------------------
def item_14():
    print("== item 14: no number kills the server (every numeric field at its extremes, over real sockets)")
    # The cases ProtocolExtremesTests keeps (Tests/Golden/protocol-extremes.jsonl): each field at its bounds, just past
    # them, at 2^31, 2^32, 2^63, 1e19, 1e308 and the texts NaN and Infinity. One message of them (reset's "messages":
    # 1e308) used to end the server with SIGILL, and every session on it.
    golden = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Golden", "protocol-extremes.jsonl")
    with open(golden) as f:
        cases = [json.loads(line) for line in f if line.strip()]
    server = Server("--sessions-per-address", "64")
    bystander = server.session()
    differing, lost = [], []
    start = time.monotonic()
    # Eight threads, each taking its share of the cases, each case on a socket of its own (a fresh session, as in
    # the golden file).
    def run_cases(share):
        try:
            for case in share:
                ws = server.session()
                for message, want in zip(case["send"], case["answers"]):
                    ws.send(message)
                    got = []
                    # As many answers as the native session gave (an error, a screen, a screen and its script).
                    while len(got) < len(want):
                        got.append(json.loads(ws.recv(timeout=30)))
                    kinds = [g["type"] for g in got]
                    wanted = [w.split(" ", 1)[0] if not w.startswith("{") else "error" for w in want]
                    if kinds != wanted or any(g["type"] == "error" and json.dumps(g, separators=(",", ":")) != w
                                              for g, w in zip(got, want)):
                        differing.append((case["case"], kinds, wanted))
                ws.close()
        except Exception as e:
            lost.append(f"{type(e).__name__}: {e}"[:200])
    threads = [threading.Thread(target=run_cases, args=(cases[i::8],)) for i in range(8)]
    for t in threads: t.start()
    for t in threads: t.join()
    took = time.monotonic() - start
    print(f"      {len(cases)} cases over 8 sockets in {took:.1f} s; {len(differing)} answered otherwise, {len(lost)} sockets lost")
    check("every numeric field at its extremes: the server is still up", server.alive(), server.errors[-5:])
    check("... no socket was lost", lost == [], lost[:3])
    check("... every case is answered as the native session answers it (errors word for word)", differing == [],
          differing[:3])
    ms, reply = answer(bystander, {"type": "down", "x": 160, "y": 150, "t": 5})
    check("... a page that was open before still answers", reply["type"] == "screen", reply)
    fresh = server.session()
    ms, reply = answer(fresh, {"type": "line", "text": "pan msg1 -100"})
    check("... and a new page opens and answers", reply["type"] == "screen", reply)
    fresh.close()
    bystander.close()
    server.stop()


# ---------------------------------------------------------------------------------------------------------------
def item_15():
    print("== item 15: a new page answers within 0.5 s while two heavy replays run")
    # Two sockets, each loading (then settling) a script of 300 hour-long pans at 240 fps (the longest a pan may be):
    # every load runs into the 2 s bound, on a machine whose two cores are kept busy by two other processes. A new page's opening, and its first message's answer, must not wait behind them.
    heavy = "set fps 240\n" + "pan msg1 1 in 3600\n" * 300
    server = Server("--sessions-per-address", "64")
    stop = threading.Event()
    def replayer():
        try:
            ws = server.session()
            while not stop.is_set():
                answer(ws, {"type": "load", "script": heavy})
                answer(ws, {"type": "line", "text": "settle"})
            ws.close()
        except Exception:
            pass
    threads = [threading.Thread(target=replayer, daemon=True) for _ in range(2)]
    for t in threads: t.start()
    # A busy machine: two processes spinning at the server's own priority for the length of the check.
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    time.sleep(3)  # both are in their heavy work, past their first message
    openings, firsts = [], []
    for _ in range(4):
        start = time.monotonic()
        fresh = server.session()
        openings.append(time.monotonic() - start)
        ms, reply = answer(fresh, {"type": "down", "x": 160, "y": 150, "t": 1})
        firsts.append(ms / 1000)
        fresh.close()
        time.sleep(0.7)
    stop.set()
    for burner in burners: burner.kill()
    for t in threads: t.join(30)
    print(f"      while two 300-pan replays ran: openings {', '.join(f'{o * 1000:.0f}' for o in openings)} ms; "
          f"first answers {', '.join(f'{f * 1000:.0f}' for f in firsts)} ms")
    check("a new page opens within 0.5 s while two heavy replays run", max(openings) < 0.5, openings)
    check("... and its first message is answered within 0.5 s", max(firsts) < 0.5, firsts)
    server.stop()


# ATTACK_ITEMS=4,5 runs only those items (while working on one; .ci/run's run under nohup, the one that sends
# SIGINT); every item runs by default.
chosen = os.environ.get("ATTACK_ITEMS")
items = (item_1, item_2, item_3, item_4, item_5, item_6, item_7, item_8, item_9, item_10, item_11, item_12, item_13,
         item_14, item_15)
for number, item in enumerate(items, 1):
    if not chosen or str(number) in chosen.split(","): run(item)

print(f"playground attacks: {check.checks} checks, {check.failed} failed")
sys.exit(1 if check.failed else 0)
