#!/usr/bin/env python3
"""The playground server under hostile use (docs/playground.md "Limits"): mailsim-playground started on --port 0,
driven with the `websockets` client and raw HTTP. Usage: test_server.py MAILSIM_PLAYGROUND [MAILSIM]."""
import base64, hashlib, io, json, os, re, shutil, signal, socket, subprocess, sys, tempfile, threading, time, warnings, zipfile

from websockets.sync.client import connect
from websockets.exceptions import ConnectionClosed

warnings.filterwarnings("ignore", category=DeprecationWarning)  # sessions kept open across checks, not in `with`

SERVER = os.path.abspath(sys.argv[1])
MAILSIM = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklist import Checklist, ServerProcess, read_answer  # noqa: E402

check = Checklist()


class Server(ServerProcess):
    """mailsim-playground on a free port; its standard error collected line by line."""

    def __init__(self, *arguments, program=None, env=None, command=None):
        super().__init__(command or ([program, "serve"] if program else [SERVER]), arguments, env=env)

    def opened(self):
        return sum(" opened " in line for line in self.errors)

    def alive(self):
        return self.process.poll() is None

    def session(self, **options):
        return connect(f"ws://127.0.0.1:{self.port}/ws", origin=self.origin, max_size=None, open_timeout=10, **options)

    def raw(self, request):
        """Sends REQUEST (bytes) and returns the status line and the body."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as s:
            s.sendall(request)
            return read_answer(s)

    def upgrade(self, host=None, origin=None):
        host = host or f"127.0.0.1:{self.port}"
        lines = [f"GET /ws HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
        if origin is not None: lines.append(f"Origin: {origin}")
        return self.raw(("\r\n".join(lines) + "\r\n\r\n").encode())

    def get(self, path, host=None, method="GET", body=b"", content_type=None, origin="own"):
        """A request; a POST carries the page's own Origin unless ORIGIN says otherwise (None: no Origin)."""
        host = host or f"127.0.0.1:{self.port}"
        extra = f"Content-Type: {content_type}\r\n" if content_type else ""
        if origin == "own": origin = self.origin if method == "POST" else None
        if origin is not None: extra += f"Origin: {origin}\r\n"
        request = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{extra}Content-Length: {len(body)}\r\n\r\n"
        return self.raw(request.encode() + body)

    def fetch(self, path, method="GET"):
        """A request's head (text) and body (the bytes as sent, to the connection's close)."""
        request = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nConnection: close\r\n\r\n"
        data = b""
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as s:
            s.sendall(request.encode())
            while chunk := s.recv(65536): data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        return head.decode(errors="replace"), body

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=20)


def receive_json(ws, timeout=10):
    return json.loads(ws.recv(timeout=timeout))


def opening(ws):
    """The first messages: hello, screen, script (until a script message, or three)."""
    messages = []
    while len(messages) < 3:
        messages.append(receive_json(ws))
    return messages


def answer(ws, message, until=("screen", "error")):
    """Sends MESSAGE and returns the messages up to the first of type UNTIL."""
    ws.send(json.dumps(message))
    messages = []
    while True:
        messages.append(receive_json(ws))
        if messages[-1]["type"] in until: return messages


def state(ws):
    """The session's state as it is now: a screen with every phone's state object (`watch`; it changes nothing)."""
    screens = [m for m in answer(ws, {"type": "watch", "state": True}) if m["type"] == "screen"]
    return json.dumps(screens[-1].get("phones", [{}])[0].get("state"), sort_keys=True)


def status(head):
    return head.split("\r\n", 1)[0]


# One client address may hold every session here (the per-address bound has its own checks: test_attacks.py).
server = Server("--sessions-per-address", "64")
print(f"mailsim-playground on port {server.port}")

# The page and its files.
# The page is the site's own when the server found a site folder (ROOT/.build/site, make site's: it serves its
# site.json), asked again at each use (no-cache); else the compiled-in page, never stored.
page_cache = "no-cache" if " 200 " in status(server.get("/site.json")[0]) else "no-store"
head, body = server.get("/")
check("GET / is the page: 200, text/html", status(head).endswith("200 OK") and "content-type: text/html" in head.lower(), head)
check(f"GET / has the Content-Security-Policy and {page_cache}",
      "content-security-policy: default-src 'self'" in head.lower() and f"cache-control: {page_cache}" in head.lower(),
      head)
head, body = server.get("/playground.js")
check("GET /playground.js is JavaScript", " 200 " in status(head) and "content-type: text/javascript" in head.lower(), head)
# The page's script is ES modules: each one a module imports is served as JavaScript too (but the site's loader,
# mailsim.mjs, which only a site folder holds).
imports = lambda text: [m for m in re.findall(r'^import [^"]*"\./([^"]+)"', text, re.M) if m != "mailsim.mjs"]
modules, seen = imports(body), {"playground.js"}
while modules:
    name = modules.pop()
    if name in seen: continue
    seen.add(name)
    head, body = server.get("/" + name)
    check(f"GET /{name} is JavaScript", " 200 " in status(head) and "content-type: text/javascript" in head.lower(), head)
    modules += imports(body)
check("the page's script is its modules, over ten of them", len(seen) > 10, sorted(seen))
head, _ = server.get("/playground.css")
check("GET /playground.css is CSS", " 200 " in status(head) and "content-type: text/css" in head.lower(), head)
head, body = server.get("/plots.css")
check("GET /plots.css is the HTML player's plot style", " 200 " in status(head) and "content-type: text/css" in head.lower()
      and ".plot .guide-label" in body, (head, body))
head, _ = server.get("/nothing-here")
check("any other path is 404", " 404 " in status(head), head)
head, _ = server.get("/", host="evil.example")
check("GET / with a Host that is not the server's is 403 (DNS rebinding)", " 403 " in status(head), head)
head, _ = server.get("/", host=f"localhost:{server.port}")
check("GET / with Host localhost:PORT is served", " 200 " in status(head), head)

# A session that stays open through everything below and must come out of it unchanged.
keeper = server.session()
first = opening(keeper)
check("a session opens with hello, screen, script", [m["type"] for m in first] == ["hello", "screen", "script"],
      [m["type"] for m in first])
answer(keeper, {"type": "down", "x": 160, "y": 150, "t": 1000})
answer(keeper, {"type": "move", "x": 120, "y": 150, "t": 1016})
answer(keeper, {"type": "up", "x": 120, "y": 150, "t": 1032}, until=("screen", "error"))
time.sleep(0.2)
try:
    while True: keeper.recv(timeout=0.3)
except TimeoutError:
    pass
keeper_state = state(keeper)
opened_before = server.opened()

# Refused upgrades: no session is created.
head, body = server.upgrade(origin="http://evil.example")
check("an upgrade from another origin is refused with 403", " 403 " in status(head), head)
head, _ = server.upgrade(origin=None)
check("an upgrade without Origin is refused with 403", " 403 " in status(head), head)
head, _ = server.upgrade(host=f"evil.example:{server.port}", origin=f"http://evil.example:{server.port}")
check("an upgrade with a Host that is not the server's is refused with 403 (DNS rebinding)", " 403 " in status(head), head)
head, _ = server.upgrade(origin=f"http://127.0.0.1:{server.port + 1}")
check("an upgrade from the same host on another port is refused with 403", " 403 " in status(head), head)
time.sleep(0.2)
check("no session was created by the refused upgrades", server.opened() == opened_before, server.errors[-3:])
head, _ = server.upgrade(host=f"localhost:{server.port}", origin=f"http://localhost:{server.port}")
check("an upgrade from http://localhost:PORT (the page served as localhost) is accepted", " 101 " in status(head), head)

# Hostile messages, each on its own session.
with server.session() as ws:
    opening(ws)
    ws.send("{not json")
    m = receive_json(ws)
    check("malformed JSON is answered with an error", m["type"] == "error", m)
    ws.send(json.dumps({"type": "no-such-type"}))
    m = receive_json(ws)
    check("an unknown type is answered with an error", m["type"] == "error", m)
    ws.send(b"\x00\x01binary")
    m = receive_json(ws)
    check("a binary frame is answered with an error", m["type"] == "error" and "binary" in m["message"], m)
    ws.send(json.dumps([1, 2, 3]))
    m = receive_json(ws)
    check("JSON that is not an object is answered with an error", m["type"] == "error", m)

with server.session() as ws:
    opening(ws)
    ws.send(json.dumps({"type": "line", "text": "x" * (200 * 1024)}))
    try:
        while True: ws.recv(timeout=10)
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd else None
        check("a frame over 128 KiB closes the socket with 1009", code == 1009, closed)
    except TimeoutError:
        check("a frame over 128 KiB closes the socket with 1009", False, "still open")

with server.session() as ws:
    opening(ws)
    fragments = iter(["[" * 1 + '"' + "y" * (64 * 1024)] * 3)
    try:
        ws.send(fragments)
        while True: ws.recv(timeout=10)
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd else None
        check("a message over 128 KiB in small fragments closes the socket with 1009", code == 1009, closed)
    except TimeoutError:
        check("a message over 128 KiB in small fragments closes the socket with 1009", False, "still open")

with server.session() as ws:
    opening(ws)
    # Cheap messages (each refused at once), so that the socket reads them faster than 400 a second.
    cheap = json.dumps({"type": "no-such-type"})
    for _ in range(5000): ws.send(cheap)
    kinds = {}
    deadline = time.time() + 60
    while sum(kinds.values()) < 5000 and time.time() < deadline:
        m = receive_json(ws, timeout=30)
        key = m.get("message") if m["type"] == "error" else m["type"]
        kinds[key] = kinds.get(key, 0) + 1
    slow = kinds.get("too many messages; slow down", 0)
    check("a flood of 5000 messages: the excess is answered 'too many messages; slow down'", slow >= 1000 and
          sum(kinds.values()) == 5000, kinds)
    time.sleep(1.1)
    check("after a second the flooding socket is served again", answer(ws, {"type": "tick", "t": 6})[-1]["type"] == "screen")

# A client vanishing mid-drag: the TCP connection dropped, no close frame.
ws = server.session()
opening(ws)
answer(ws, {"type": "down", "x": 160, "y": 150, "t": 1000})
answer(ws, {"type": "move", "x": 100, "y": 150, "t": 1016})
ws.socket.shutdown(socket.SHUT_RDWR)
ws.socket.close()
deadline = time.monotonic() + 5
while not any(re.search(r"session \d+ (closed|ended)", l) for l in server.errors) and time.monotonic() < deadline:
    time.sleep(0.05)
check("a client vanishing mid-drag: its session is closed", any(re.search(r"session \d+ (closed|ended)", l) for l in server.errors),
      server.errors[-3:])

check("the server is still up after all of that", server.alive())
check("the session opened before is untouched", state(keeper) == keeper_state)

# Export (docs/playground.md, Protocol): the settings in force as `mailsim export FORMAT` writes them.
ws = server.session()
opening(ws)
answer(ws, {"type": "set", "name": "threshold.left.near", "value": "80"})
exported = answer(ws, {"type": "export", "format": "swift"}, until=("export", "error"))[-1]
check("export answers with the format, its download's name and media type, and the files it holds",
      exported.get("type") == "export" and exported.get("format") == "swift"
      and exported.get("fileName") == "MailboxInteraction.zip" and exported.get("mediaType") == "application/zip"
      and exported.get("files", [None])[0] == "MailboxInteraction.swift", exported)
if MAILSIM:
    with tempfile.TemporaryDirectory() as folder:
        cli = subprocess.run([MAILSIM, "export", "swift", "--set", "threshold.left.near 80", "-o", folder],
                             capture_output=True, text=True)
        with zipfile.ZipFile(io.BytesIO(base64.b64decode(exported.get("base64", "")))) as z:
            zipped = {i.filename: z.read(i).decode() for i in z.infolist()}
        written = {"MailboxInteraction/" + name: open(os.path.join(folder, name)).read() for name in os.listdir(folder)}
        check("export's ZIP holds what `mailsim export swift -o DIR` writes for the same settings",
              cli.returncode == 0 and zipped == written, (cli.returncode, cli.stderr[-200:], sorted(zipped)))
refused = answer(ws, {"type": "export", "format": "pdf"}, until=("export", "error"))[-1]
check("an export of an unknown format is refused with the formats", refused["type"] == "error"
      and "swift, js, tokens, css" in refused["message"], refused)
refused = answer(ws, {"type": "line", "text": "export swift A.swift"})[-1]
check("the export line is refused as snapshot is (it touches files)", refused["type"] == "error"
      and "is not run in the playground" in refused["message"], refused)
ws.close()

# The 65th session.
extra = []
try:
    for _ in range(63):  # the keeper is the 64th
        extra.append(server.session())
        opening(extra[-1])
except Exception as error:
    check("64 sessions open", False, repr(error))
head, body = server.upgrade(origin=server.origin)
check("the 65th session is refused with 503 and the reason", " 503 " in status(head) and "64 playground sessions are open" in body,
      (head, body))
for ws in extra: ws.close()
time.sleep(0.5)
with server.session() as ws:
    check("once sessions close a new one opens", opening(ws)[0]["type"] == "hello")

# Exports.
head, body = server.get("/walkthrough", method="POST", body=b"# nothing\n")
check("POST /walkthrough of a script is the HTML player", " 200 " in status(head) and "text/html" in head.lower(), head)

def policy(head):
    return next((l.split(":", 1)[1].strip() for l in head.split("\r\n") if l.lower().startswith("content-security-policy:")), "")


def source_hashes(body, tag):
    """The CSP hash sources of the inline <TAG> blocks (no attributes) of an HTML page."""
    import base64, hashlib
    blocks = re.findall(f"<{tag}>(.*?)</{tag}>", body, re.S)
    return ["'sha256-" + base64.b64encode(hashlib.sha256(b.encode()).digest()).decode() + "'" for b in blocks]


csp = policy(head)
check("the HTML player's policy allows its inline script and style by hash, sandboxed, with no connection",
      all(h in csp for h in source_hashes(body, "script") + source_hashes(body, "style"))
      and source_hashes(body, "script") and "unsafe-inline" not in csp and "sandbox allow-scripts" in csp
      and "default-src 'none'" in csp and "connect-src" not in csp, (csp, source_hashes(body, "script")))
form = "script=" + __import__("urllib.parse").parse.quote_plus("pan msg1 -100 in 0.2\nrelease -500\n# done, 100%\n")
head, body = server.get("/walkthrough", method="POST", body=form.encode(), content_type="application/x-www-form-urlencoded")
check("POST /walkthrough of a form's script field is the player of that script",
      " 200 " in status(head) and "pan msg1 -100 in 0.2" in body and "# done, 100%" in body, (head, body[:300]))
head, body = server.get("/walkthrough", method="POST", body=b"other=1", content_type="application/x-www-form-urlencoded")
check("a form without a script field is 400", " 400 " in status(head) and "script field" in body, (head, body))
head, body = server.get("/walkthrough", method="POST", body=b"# a comment\nsave elsewhere.mbs\n")
check("POST /walkthrough of a script that touches files is 400 with the error",
      " 400 " in status(head) and ":2:" in body and "text/plain" in head.lower(), (head, body))
head, body = server.get("/walkthrough.gif", method="POST", body=b"pan msg1 -10\n" * 6000)
check("POST /walkthrough.gif of a script over 64 KiB is 400 with the error", " 400 " in status(head) and "KiB" in body, (head, body))
head, body = server.get("/walkthrough.gif", method="POST", body=b"# nothing\n")
check("POST /walkthrough.gif is a GIF", " 200 " in status(head) and "image/gif" in head.lower(), head)
head, _ = server.get("/walkthrough", method="POST", body=b"#" * (1 << 20 + 1))
check("a script over 1 MiB is refused", " 413 " in status(head) or " 400 " in status(head), head)

# SIGINT with a session open: a clean stop.
keeper_open = server.session()
opening(keeper_open)
server.process.send_signal(signal.SIGINT)
try:
    code = server.process.wait(timeout=20)
except subprocess.TimeoutExpired:
    server.process.kill(); code = "still running after 20 s"
check("SIGINT stops the server with exit 0", code == 0, code)
keeper.close()

server = Server()
server.process.send_signal(signal.SIGTERM)
try:
    code = server.process.wait(timeout=20)
except subprocess.TimeoutExpired:
    server.process.kill(); code = "still running"
check("SIGTERM stops the server with exit 0", code == 0, code)

# Start scripts.
with tempfile.TemporaryDirectory() as folder:
    bad = os.path.join(folder, "bad.mbs")
    with open(bad, "w") as f: f.write("# a comment\nbogus line\n")
    run = subprocess.run([SERVER, "--port", "0", bad], capture_output=True, text=True, timeout=30)
    check("a start script with an error exits 2 with FILE:LINE", run.returncode == 2 and f"{bad}:2" in run.stderr,
          (run.returncode, run.stderr))
    check("... and says the playground did not start", "the playground did not start" in run.stderr, run.stderr)
    run = subprocess.run([SERVER, "--port", "0", os.path.join(folder, "missing.mbs")], capture_output=True, text=True, timeout=30)
    check("a missing start script exits 2 with a clear message", run.returncode == 2 and "cannot read" in run.stderr
          and "missing.mbs" in run.stderr, (run.returncode, run.stderr))
    holder = Server()
    run = subprocess.run([SERVER, "--port", str(holder.port)], capture_output=True, text=True, timeout=30)
    check("a port in use: exit 2, 'port N is in use (try --port N …)'", run.returncode == 2 and
          f"error: port {holder.port} is in use (try --port N" in run.stderr and "errno" not in run.stderr,
          (run.returncode, run.stderr))
    holder.process.terminate(); holder.process.wait(10)
    run = subprocess.run([SERVER, "--port", "70000"], capture_output=True, text=True, timeout=30)
    check("a bad --port is a usage error, exit 2", run.returncode == 2 and run.stderr.startswith("error:"), (run.returncode, run.stderr))
    good = os.path.join(folder, "good.mbs")
    with open(good, "w") as f: f.write("# nothing but a comment\n")
    started = Server(good)
    with started.session() as ws:
        check("a good start script: sessions open", opening(ws)[0]["type"] == "hello")
    started.process.send_signal(signal.SIGINT); started.process.wait(timeout=20)

    warned = subprocess.Popen([SERVER, "--port", "0", "--host", "0.0.0.0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = warned.stdout.readline()
    warned.send_signal(signal.SIGINT)
    _, errors = warned.communicate(timeout=20)
    check("--host 0.0.0.0 prints the loopback address and a warning", line.startswith("playground at http://127.0.0.1:")
          and "warning:" in errors, (line, errors))

    if MAILSIM:
        alone = os.path.join(folder, "alone"); os.mkdir(alone)
        shutil.copy(MAILSIM, os.path.join(alone, "mailsim"))
        run = subprocess.run([os.path.join(alone, "mailsim"), "serve", "--port", "0"], capture_output=True, text=True,
                             env={**os.environ, "PATH": "/usr/bin:/bin"}, timeout=30)
        check("mailsim serve without mailsim-playground: exit 2, where it looked, 'run make playground'",
              run.returncode == 2 and "error: the playground server mailsim-playground is not built: looked in "
              + alone + ", the PATH; run make playground" in run.stderr, (run.returncode, run.stderr))
        # A mailsim in a repository's build folder finds the server in Playground/.build: the same configuration
        # first, then the other (`make release && make playground-debug`).
        built = os.path.join(folder, "repo", ".build", "x86_64-unknown-linux-gnu", "release")
        os.makedirs(built); shutil.copy(MAILSIM, os.path.join(built, "mailsim"))
        run = subprocess.run([os.path.join(built, "mailsim"), "serve", "--port", "0"], capture_output=True, text=True,
                             env={**os.environ, "PATH": "/usr/bin:/bin"}, timeout=30)
        repo = os.path.join(folder, "repo")
        check("mailsim serve in a build folder says it looked in Playground/.build", run.returncode == 2 and
              f"looked in {built}, {repo}/Playground/.build/release, {repo}/Playground/.build/debug, the PATH"
              in run.stderr, run.stderr)
        os.makedirs(os.path.join(repo, "Playground", ".build", "debug"))
        os.symlink(SERVER, os.path.join(repo, "Playground", ".build", "debug", "mailsim-playground"))
        served = Server(program=os.path.join(built, "mailsim"), env={**os.environ, "PATH": "/usr/bin:/bin"})
        with served.session() as ws:
            check("mailsim serve from .build/release runs Playground/.build/debug's server", opening(ws)[0]["type"] == "hello")
        served.process.send_signal(signal.SIGINT)
        served.process.wait(timeout=20)
        os.symlink(SERVER, os.path.join(alone, "mailsim-playground"))
        served = Server(program=os.path.join(alone, "mailsim"))
        with served.session() as ws:
            check("mailsim serve runs mailsim-playground beside it", opening(ws)[0]["type"] == "hello")
        served.process.send_signal(signal.SIGINT)
        check("mailsim serve: SIGINT exits 0", served.process.wait(timeout=20) == 0)
        run = subprocess.run([os.path.join(alone, "mailsim"), "serve", "--port", "0", bad], capture_output=True, text=True,
                             timeout=30)
        check("mailsim serve with a failing start script: exit 2, the error and 'did not start'", run.returncode == 2
              and f"{bad}:2" in run.stderr and "the playground did not start" in run.stderr, (run.returncode, run.stderr))
        def options(program, *words):
            text = subprocess.run([program, *words, "--help"], capture_output=True, text=True).stdout
            return text[text.index("ARGUMENTS:"):]
        check("mailsim serve --help has mailsim-playground's arguments and options",
              options(MAILSIM, "serve") == options(SERVER), (options(MAILSIM, "serve"), options(SERVER)))

# The site folder (--site): the page's WebAssembly simulation and its files, read at start, served from memory.
def header(head, name):
    return next((l.split(":", 1)[1].strip() for l in head.split("\r\n") if l.lower().startswith(name.lower() + ":")), None)


def log_says(server, words, seconds=5):
    """Whether a line of SERVER's standard error holds WORDS within SECONDS (it is read by a thread)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if any(words in line for line in server.errors): return True
        time.sleep(0.05)
    return False


def place(folder, *parts):
    """The server's binary at FOLDER/PARTS…/mailsim-playground, hard-linked (or copied): /proc/self/exe names it
    there, so the server looks for its default site folders from there."""
    os.makedirs(os.path.join(folder, *parts), exist_ok=True)
    path = os.path.join(folder, *parts, "mailsim-playground")
    try:
        os.link(SERVER, path)
    except OSError:
        shutil.copy(SERVER, path)
    return path


def make_site(folder, files, listed=None):
    """A site folder as make site writes it: FILES (path: bytes; sw.js the worker), and site.json listing LISTED
    (default: the same files) with their SHA-256 and sizes."""
    for path, data in files.items():
        os.makedirs(os.path.dirname(os.path.join(folder, path)), exist_ok=True)
        with open(os.path.join(folder, path), "wb") as f: f.write(data)
    entry = lambda path, data: {"path": path, "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
    listed = listed if listed is not None else files
    with open(os.path.join(folder, "site.json"), "w") as f:
        json.dump({"format": 1, "mailsim": VERSION, "build": BUILD, "worker": entry("sw.js", listed["sw.js"]),
                   "files": [entry(p, d) for p, d in sorted(listed.items()) if p != "sw.js"]}, f)


VERSION = subprocess.run([SERVER, "--version"], capture_output=True, text=True).stdout.split()[-1]
BUILD = "0123456789abcdef"
WASM = b"\0asm\1\0\0\0"
MODULE = b"export const fake = true;\n"
PAGE = (f'<!DOCTYPE html><meta name="mailsim-version" content="{VERSION}">'
        f'<script type="module" src="v/{BUILD}/playground.js"></script>\n').encode()
SITE = {"index.html": PAGE, "sw.js": b"const BUILD = 1;\n", f"v/{BUILD}/mailsim.wasm": WASM,
        f"v/{BUILD}/mailsim.mjs": MODULE, f"v/{BUILD}/playground.js": b"import './mailsim.mjs';\n"}
IMMUTABLE = "public, max-age=31536000, immutable"
with tempfile.TemporaryDirectory() as folder:
    site = os.path.join(folder, "site")
    make_site(site, dict(SITE, **{"unlisted.txt": b"not served\n"}), listed=SITE)
    served = Server("--site", site)
    head, body = served.fetch(f"/v/{BUILD}/mailsim.wasm")
    check("--site: GET /v/BUILD/mailsim.wasm is 200, application/wasm, the file's bytes", " 200 " in status(head)
          and header(head, "Content-Type") == "application/wasm" and body == WASM, (head, body))
    check("... with the page's policy, which allows compiling WebAssembly", "'wasm-unsafe-eval'" in policy(head)
          and "worker-src 'self'" in policy(head) and "manifest-src 'self'" in policy(head), policy(head))
    check("... Cache-Control: immutable, a year (a version folder's file never changes) and nosniff",
          header(head, "Cache-Control") == IMMUTABLE and header(head, "X-Content-Type-Options") == "nosniff", head)
    head, body = served.fetch(f"/v/{BUILD}/mailsim.mjs", method="HEAD")
    check("--site: HEAD /v/BUILD/mailsim.mjs is 200, JavaScript, its length and no body", " 200 " in status(head)
          and header(head, "Content-Type") == "text/javascript; charset=utf-8"
          and header(head, "Content-Length") == str(len(MODULE)) and body == b"", (head, body))
    for path, kind in (("/", "text/html; charset=utf-8"), ("/index.html", "text/html; charset=utf-8"),
                       ("/sw.js", "text/javascript; charset=utf-8"), ("/site.json", "application/json")):
        head, body = served.fetch(path)
        check(f"--site: GET {path} is the site's file, {kind}, no-cache, with the policy", " 200 " in status(head)
              and header(head, "Content-Type") == kind and header(head, "Cache-Control") == "no-cache"
              and "'wasm-unsafe-eval'" in policy(head) and (path not in ("/", "/index.html") or body == PAGE),
              (head, body[:200]))
    head, body = served.fetch("/", method="HEAD")
    check("--site: HEAD / is the site's page's head", " 200 " in status(head)
          and header(head, "Content-Length") == str(len(PAGE)) and body == b"", head)
    head, _ = served.fetch("/unlisted.txt")
    check("--site: a file site.json does not list is not served", " 404 " in status(head), head)
    head, _ = served.fetch("/mailsim.wasm")
    check("--site: nothing of a flat site (/mailsim.wasm) is served", " 404 " in status(head), head)
    head, _ = served.fetch("/transport.js")
    check("--site: the compiled-in page's modules are still served", " 200 " in status(head), head)
    check("--site: the log names the folder and the build", log_says(served, site) and log_says(served, BUILD),
          served.errors)
    served.stop()

    # Without --site: the default folders, looked for from where the binary is.
    bare = Server(command=[place(folder, "alone")])
    head, _ = bare.fetch("/site.json")
    check("no --site and no default folder: GET /site.json is 404", " 404 " in status(head), head)
    check("... and the log says the page will use the server's session",
          log_says(bare, "the page will use the server's session"), bare.errors)
    head, body = bare.fetch("/")
    check("... and the compiled-in page is served, no-store", " 200 " in status(head)
          and header(head, "Cache-Control") == "no-store", head)
    check("... carrying the version in its mailsim-version meta",
          f'<meta name="mailsim-version" content="{VERSION}">'.encode() in body, (VERSION, body[:400]))
    bare.stop()
    make_site(os.path.join(folder, "usr", "share", "mailsim", "site"), SITE)
    installed = Server(command=[place(folder, "usr", "bin")])
    head, body = installed.fetch(f"/v/{BUILD}/mailsim.wasm")
    check("a server in PREFIX/bin serves PREFIX/share/mailsim/site", " 200 " in status(head) and body == WASM, head)
    installed.stop()
    make_site(os.path.join(folder, "repo", ".build", "site"), SITE)
    built = Server(command=[place(folder, "repo", "Playground", ".build", "x86_64-unknown-linux-gnu", "debug")])
    head, body = built.fetch(f"/v/{BUILD}/mailsim.wasm")
    check("a server in ROOT/Playground/.build/CONFIG serves ROOT/.build/site", " 200 " in status(head) and body == WASM,
          head)
    built.stop()

    run = subprocess.run([SERVER, "--port", "0", "--site", "/nonexistent"], capture_output=True, text=True, timeout=30)
    check("--site /nonexistent: exit 2 with an error: line, before listening", run.returncode == 2
          and "error: --site '/nonexistent'" in run.stderr and "playground at" not in run.stdout,
          (run.returncode, run.stdout, run.stderr))
    empty = os.path.join(folder, "empty"); os.mkdir(empty)
    run = subprocess.run([SERVER, "--port", "0", "--site", empty], capture_output=True, text=True, timeout=30)
    check("--site of a folder without site.json: exit 2, 'has no site.json'", run.returncode == 2
          and "has no site.json" in run.stderr, (run.returncode, run.stderr))
    # A site whose files are not those its list names (an upload cut short, a file edited afterwards): refused.
    cut = os.path.join(folder, "cut")
    make_site(cut, dict(SITE, **{f"v/{BUILD}/mailsim.wasm": WASM[:4]}), listed=SITE)
    run = subprocess.run([SERVER, "--port", "0", "--site", cut], capture_output=True, text=True, timeout=30)
    check("--site of a folder whose mailsim.wasm is cut short: exit 2, the file, its size and what to do",
          run.returncode == 2 and f"error: site '{cut}': v/{BUILD}/mailsim.wasm is 4 bytes, site.json says 8: the "
          "folder is not whole" in run.stderr and "run make site" in run.stderr and "playground at" not in run.stdout,
          (run.returncode, run.stderr))
    edited = os.path.join(folder, "edited")
    make_site(edited, dict(SITE, **{f"v/{BUILD}/mailsim.mjs": MODULE.replace(b"true", b"1234")}), listed=SITE)
    run = subprocess.run([SERVER, "--port", "0", "--site", edited], capture_output=True, text=True, timeout=30)
    check("--site of a folder with a file changed after make site: exit 2, 'is not the file site.json lists'",
          run.returncode == 2 and f"v/{BUILD}/mailsim.mjs is not the file site.json lists" in run.stderr,
          (run.returncode, run.stderr))
    if MAILSIM:
        # mailsim serve passes --site on (the server beside it, as make install puts it).
        shutil.copy(MAILSIM, os.path.join(folder, "alone", "mailsim"))
        try:
            through = Server("--site", site, program=os.path.join(folder, "alone", "mailsim"))
        except SystemExit as error:  # a mailsim that does not know --site
            check("mailsim serve --site DIR starts the server", False, error)
        else:
            head, body = through.fetch(f"/v/{BUILD}/mailsim.wasm")
            check("mailsim serve --site DIR: the server serves DIR's mailsim.wasm", " 200 " in status(head)
                  and body == WASM, head)
            through.stop()

print(f"playground server: {check.checks} checks, {check.failed} failed")
sys.exit(1 if check.failed else 0)
