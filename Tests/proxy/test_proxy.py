#!/usr/bin/env python3
"""The playground as a class reaches it. Three `mailsim-playground` servers behind Debian's nginx, set up
from deploy/nginx/mailsim-playground.conf (TLS with a self-signed certificate for playground.test; Tests/proxy/
cluster.py), each with `--trusted-proxy 127.0.0.1 --public-origin https://playground.test:PORT`. Clients connect from
addresses of their own in 127/8, so nginx and the servers' per-address caps see distinct people.

    python3 Tests/proxy/test_proxy.py MAILSIM_PLAYGROUND

Checks, each printed ok or FAIL with its figures: the page and a session through nginx; /healthz passed and /metrics
denied; cross-origin and missing-origin upgrades refused; a forged X-Forwarded-For that does not beat the
per-address cap; 2,000 sockets from one address refused with words while a good client works; slow readers; a flood
of `load` at the rate limit; then 60 clients dragging rows while one server is killed (SIGKILL) and another stopped
(SIGTERM, 1001): every client of theirs reconnects to the others and gets its script back whole. The last line is
the count tools/test-summary.py reads.
"""
import asyncio
import base64
import json
import os
import random
import re
import signal
import ssl
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import websockets  # noqa: E402

from cluster import NAME, Cluster, rss_mib  # noqa: E402
from page_client import PageClient, Stats  # noqa: E402

SERVER = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "Playground/.build/debug/mailsim-playground")


class Checks:
    def __init__(self):
        self.count = self.failed = 0

    def __call__(self, what, ok, detail=""):
        self.count += 1
        if not ok:
            self.failed += 1
        print(("ok   " if ok else "FAIL ") + what + (": " + str(detail) if detail not in ("", None) else ""), flush=True)
        return ok


check = Checks()


# ---- raw HTTPS through nginx, for requests a browser would not make

async def request(cluster, head, source="127.0.0.1", keep=False):
    """Sends the request HEAD (lines, without the blank line) over TLS to nginx from SOURCE; the status, the
    headers' text and the body (read to the connection's end unless KEEP: then the head only, and the streams)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", cluster.port, ssl=cluster.ssl_context(),
                                                   server_hostname=NAME, local_addr=(source, 0))
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
    await writer.drain()
    raw = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 20)
    status = int(raw.split(b" ", 2)[1])
    body = b""
    if keep and status == 101:
        return status, raw.decode(errors="replace"), body, (reader, writer)
    length = next((int(line.split(b":")[1]) for line in raw.split(b"\r\n") if line.lower().startswith(b"content-length:")), None)
    if length is not None:
        body = await asyncio.wait_for(reader.readexactly(length), 20)
    if keep:
        return status, raw.decode(errors="replace"), body.decode(errors="replace"), (reader, writer)
    writer.close()
    return status, raw.decode(errors="replace"), body.decode(errors="replace"), None


def get(cluster, path):
    return request(cluster, ["GET %s HTTP/1.1" % path, "Host: %s:%d" % (NAME, cluster.port), "Connection: close"])


def upgrade_head(cluster, origin=True, extra=()):
    key = base64.b64encode(os.urandom(16)).decode()
    head = ["GET /ws HTTP/1.1", "Host: %s:%d" % (NAME, cluster.port), "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: " + key, "Sec-WebSocket-Version: 13"]
    if origin is True:
        head.append("Origin: " + cluster.origin)
    elif origin:
        head.append("Origin: " + origin)
    return head + list(extra)


def close_all(held):
    for h in held:
        if h:
            h[1].close()


# ---- the checks

def deploy_files():
    """deploy/'s files read as their tools read them: the Kubernetes manifests with a YAML parser, the nginx site's
    bounds against the server's."""
    import re
    import yaml
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "deploy/kubernetes/deployment.yaml")) as f:
        deployment = yaml.safe_load(f)
    with open(os.path.join(root, "deploy/kubernetes/service.yaml")) as f:
        service = yaml.safe_load(f)
    spec = deployment["spec"]["template"]["spec"]
    container = spec["containers"][0]
    args = container["args"]
    check("the Deployment runs mailsim-playground behind a proxy (--trusted-proxy, --public-origin, --max-sessions)",
          deployment["kind"] == "Deployment" and deployment["spec"]["replicas"] >= 2
          and all(any(a.startswith(o + "=") for a in args) for o in ("--trusted-proxy", "--public-origin", "--max-sessions")),
          args)
    probes = [container.get(p, {}).get("httpGet", {}).get("path") for p in ("readinessProbe", "livenessProbe")]
    check("readiness and liveness on /healthz", probes == ["/healthz", "/healthz"], probes)
    security = container["securityContext"]
    check("non-root, read-only root, no privilege escalation; a grace period above the 3 s stop",
          spec["securityContext"]["runAsNonRoot"] is True and security["readOnlyRootFilesystem"] is True
          and security["allowPrivilegeEscalation"] is False and spec["terminationGracePeriodSeconds"] > 3,
          (spec["securityContext"], security, spec["terminationGracePeriodSeconds"]))
    memory = container["resources"]["limits"]["memory"]
    unit = os.path.join(root, "deploy/systemd/mailsim-playground.service")
    if os.path.exists(unit):
        with open(unit) as f:
            found = re.search(r"^MemoryMax=(\S+)", f.read(), re.M)
        bytes_of = lambda v: int(re.match(r"\d+", v).group(0)) * {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(
            re.sub(r"[\d]", "", v).rstrip("i").upper()[:1], 1)
        check("the memory limit is the systemd unit's MemoryMax", found and bytes_of(found.group(1)) == bytes_of(memory),
              (memory, found and found.group(1)))
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    check("the Service selects the Deployment's pods on the container's port",
          service["kind"] == "Service" and all(labels.get(k) == v for k, v in service["spec"]["selector"].items())
          and service["spec"]["ports"][0]["targetPort"] in [p.get("name") for p in container["ports"]],
          service["spec"])
    class_size(root, deployment, container, memory)
    with open(os.path.join(root, "deploy/nginx/mailsim-playground.conf")) as f:
        site = f.read()
    read = int(re.search(r"proxy_read_timeout (\d+)s;", site).group(1))
    body = int(re.search(r"client_max_body_size (\d+)k;", site).group(1))
    check("nginx waits longer than the servers' 30-minute idle bound and takes an export's 1 MiB",
          read > 30 * 60 and body * 1024 > 1 << 20, (read, body))

CLASS = 300  # the class docs/deploy.md sizes for


def class_size(root, deployment, container, memory):
    """The numbers a class of 300 needs, with one server out,
    in the docs' options, the Deployment and the nginx site; the Deployment's image, memory, disruption budget,
    spread and trusted proxy."""
    import ipaddress
    import yaml
    args = dict(a.split("=", 1) for a in container["args"] if "=" in a)
    replicas = deployment["spec"]["replicas"]

    def holds(per_address, max_sessions, servers):
        # every page behind one address, on the servers left when one is out, and a tenth to spare
        left = servers - 1
        return left >= 1 and per_address * left >= CLASS * 1.1 and max_sessions * left >= CLASS * 1.1 \
            and max_sessions >= per_address
    per_address = int(args.get("--sessions-per-address", 16))
    max_sessions = int(args.get("--max-sessions", 64))
    check("the Deployment holds a class of %d behind one address with one replica out (--sessions-per-address, "
          "--max-sessions, a tenth to spare)" % CLASS, holds(per_address, max_sessions, replicas),
          "%d replicas, %d an address, %d a server" % (replicas, per_address, max_sessions))
    with open(os.path.join(root, "docs/deploy.md")) as f:
        docs = f.read()
    options = re.search(r'MAILSIM_PLAYGROUND_OPTIONS="([^"]*)"', docs)
    found = dict(re.findall(r"(--[\w-]+) (\S+)", options.group(1))) if options else {}
    # the docs' example is the class of 300 on three servers
    check("docs/deploy.md's options hold a class of %d behind one address on three servers with one out" % CLASS,
          options and holds(int(found.get("--sessions-per-address", 16)), int(found.get("--max-sessions", 64)), 3),
          options and options.group(1))
    with open(os.path.join(root, "deploy/nginx/mailsim-playground.conf")) as f:
        limit = int(re.search(r"limit_conn mailsim_per_address (\d+);", f.read()).group(1))
    check("the nginx site lets a class of %d behind one address connect" % CLASS, limit >= CLASS * 1.1, limit)
    image = container["image"]
    with open(os.path.join(root, "Sources/MailsimVersion/MailsimVersion.swift")) as f:
        version = re.search(r'public static let number = "(.*)"', f.read()).group(1)
    check("the image is pinned by the package's version, not :latest", "@sha256:" in image
          or image.rsplit(":", 1)[-1] == version, (image, version))
    requests = container["resources"]["requests"]
    check("memory requested is the limit (1 GiB, the unit's MemoryMax): a Guaranteed pod",
          requests.get("memory") == memory and requests.get("cpu") == container["resources"]["limits"]["cpu"],
          (requests, memory))
    spread = deployment["spec"]["template"]["spec"].get("topologySpreadConstraints", [])
    check("replicas spread one a node (topologySpreadConstraints on kubernetes.io/hostname, DoNotSchedule)",
          any(c.get("topologyKey") == "kubernetes.io/hostname" and c.get("maxSkew") == 1
              and c.get("whenUnsatisfiable") == "DoNotSchedule" for c in spread), spread)
    strategy = deployment["spec"].get("strategy", {}).get("rollingUpdate", {})
    check("a rolling update takes no replica away before its successor is up (maxUnavailable 0)",
          strategy.get("maxUnavailable") == 0, strategy)
    pdb_path = os.path.join(root, "deploy/kubernetes/pdb.yaml")
    pdb = yaml.safe_load(open(pdb_path)) if os.path.exists(pdb_path) else {}
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    check("a PodDisruptionBudget lets a drain take one replica at a time",
          pdb.get("kind") == "PodDisruptionBudget" and pdb["spec"].get("maxUnavailable") == 1
          and all(labels.get(k) == v for k, v in pdb["spec"]["selector"]["matchLabels"].items()), pdb.get("spec"))
    proxies = [ipaddress.ip_network(a.split("=", 1)[1], strict=False) for a in container["args"]
               if a.startswith("--trusted-proxy=")]
    check("--trusted-proxy names the ingress controller's narrow range, not the cluster's (at most a /24)",
          proxies and all(n.num_addresses <= 256 for n in proxies), [str(n) for n in proxies])
    policy_path = os.path.join(root, "deploy/kubernetes/networkpolicy.yaml")
    policy = yaml.safe_load(open(policy_path)) if os.path.exists(policy_path) else {}
    sources = [f for rule in policy.get("spec", {}).get("ingress", []) for f in rule.get("from", [])]
    check("a NetworkPolicy lets only the ingress controller's pods reach the servers",
          policy.get("kind") == "NetworkPolicy" and sources and all("podSelector" in f and "namespaceSelector" in f
                                                                    for f in sources), sources)


async def the_page_and_a_session(cluster):
    status, headers, body, _ = await get(cluster, "/")
    check("the page through nginx (GET / over TLS at the public name)", status == 200 and "mailsim playground" in body,
          status)
    status, _, body, _ = await get(cluster, "/healthz")
    check("/healthz is passed through nginx: 200 ok", status == 200 and body.strip() == "ok", (status, body[:80]))
    status, _, body, _ = await get(cluster, "/metrics")
    check("/metrics is denied at nginx: 403", status == 403, status)
    stats = Stats()
    page = PageClient(cluster.connect_kwargs(), cluster.ws_uri, 0, "127.0.7.1", stats)
    await page.open()
    reply = await page.request({"type": "line", "text": "set duration.slide 0.25"})
    check("a session through nginx: hello, then a line answered with a screen and the script",
          reply["type"] == "screen" and (await page.request({"type": "tick"}))["type"] == "screen"
          and page.lines[-1:] == ["set duration.slide 0.25"], page.lines[-3:])
    await page.close()


async def origins(cluster):
    for what, origin in (("a cross-origin upgrade (Origin: https://evil.example)", "https://evil.example"),
                         ("an upgrade without Origin", None),
                         ("an upgrade from the public name over http://", "http://%s:%d" % (NAME, cluster.port))):
        status, _, body, _ = await request(cluster, upgrade_head(cluster, origin) + ["Connection: close"])
        check(what + " through nginx is refused 403", status == 403, (status, body.strip()[:100]))


async def hold_upgrades(cluster, count, source, forged=None, parallel=100):
    """COUNT upgrades from SOURCE held open (FORGED(i) as X-Forwarded-For): the statuses and bodies, and what to close."""
    gate = asyncio.Semaphore(parallel)

    async def one(i):
        async with gate:
            extra = ["X-Forwarded-For: " + forged(i)] if forged else []
            try:
                return await request(cluster, upgrade_head(cluster, True, extra), source=source, keep=True)
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ssl.SSLError) as e:
                return ("error", type(e).__name__, "", None)
    return await asyncio.gather(*(one(i) for i in range(count)))


def tally(results):
    kinds = {}
    for status, _, _, _ in results:
        kinds[status] = kinds.get(status, 0) + 1
    return kinds


async def forged_forwarded_for(cluster):
    # Each upgrade claims another address in X-Forwarded-For; nginx appends the real one (127.0.9.1), the right-most
    # address not trusted, which the servers count: 16 sessions from it on each of the 3 servers, the rest 429.
    results = await hold_upgrades(cluster, 70, "127.0.9.1", forged=lambda i: "10.9.0.%d" % (i + 1))
    kinds = tally(results)
    refusals = [body for status, _, body, _ in results if status == 429]
    check("70 upgrades from one address, each with a forged X-Forwarded-For: at most 16 a server open, the rest 429",
          kinds.get(101, 0) <= 16 * 3 and kinds.get(101, 0) >= 16 and kinds.get(101, 0) + kinds.get(429, 0) == 70, kinds)
    check("the refusals name the real address, not the forged ones",
          refusals and all("127.0.9.1" in body and "10.9.0." not in body for body in refusals), refusals[:1])
    close_all(h for _, _, _, h in results)


async def many_sockets_from_one_address(cluster, good):
    started = time.monotonic()
    results = await hold_upgrades(cluster, 2000, "127.0.9.2", parallel=200)
    kinds = tally(results)
    words = sorted({body.strip()[:90] for status, _, body, _ in results if status not in (101, "error")})
    check("2,000 upgrades from one address: at most 16 sessions a server, every other one refused with a status",
          kinds.get(101, 0) <= 48 and kinds.get("error", 0) == 0 and sum(kinds.values()) == 2000,
          "%s in %.1f s" % (kinds, time.monotonic() - started))
    check("their refusals say why (the per-address caps' words)",
          words and all("from 127.0.9.2" in w or "connections" in w for w in words), words[:3])
    # While the 2,000 are held, someone else drags a row.
    latencies = await drag(good, 40)
    check("meanwhile a good client from another address is answered", len(latencies) == 40,
          "p50 %.1f ms, max %.1f ms" % (percentile(latencies, 0.5), max(latencies)))
    close_all(h for _, _, _, h in results)


async def drag(client, messages):
    client.stats.latencies.clear()
    await client.request({"type": "down", "x": 160, "y": 187})
    for i in range(messages - 2):
        client.clock += 16.7
        await client.request({"type": "move", "x": 160 - (i % 40), "y": 187})
    await client.request({"type": "up", "x": 140, "y": 187})
    return [l * 1000 for l in client.stats.latencies]


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


async def slow_readers(cluster, good):
    # Clients that ask for large answers and read none: the server's writes wait on them (nginx passes the
    # back-pressure on), their memory stays bounded, and others are answered meanwhile.
    before = sum(rss_mib(cluster.pid(i)) for i in range(3))
    readers = []
    for i in range(10):
        kwargs = cluster.connect_kwargs("127.0.8.%d" % (i + 1))
        kwargs["max_queue"] = 4
        ws = await websockets.connect(cluster.ws_uri, **kwargs)
        readers.append(ws)
    for ws in readers:
        for _ in range(150):
            await ws.send(json.dumps({"type": "line", "text": "state --json"}))
    latencies = await drag(good, 40)
    await asyncio.sleep(1)
    after = sum(rss_mib(cluster.pid(i)) for i in range(3))
    check("10 slow readers (150 large answers each unread): a good client is answered meanwhile",
          len(latencies) == 40, "p50 %.1f ms, max %.1f ms" % (percentile(latencies, 0.5), max(latencies)))
    check("the servers' memory stays bounded under slow readers (under 300 MiB more)", after - before < 300,
          "%.0f → %.0f MiB" % (before, after))
    for ws in readers:
        ws.transport.abort()


async def load_flood(cluster, good):
    # A page sending `load` as fast as it can: the token bucket answers the excess over its burst of 400 with an
    # error, the loads that pass run on the work lanes as heavy work, and a light page stays answered.
    script = "set threshold.near 70\n" + "flick msg1 -1500\nreset\n" * 10
    kwargs = cluster.connect_kwargs("127.0.8.100")
    kwargs["max_queue"] = None
    flooder = await websockets.connect(cluster.ws_uri, **kwargs)
    for _ in range(3):
        await flooder.recv()
    answers = {"screen": 0, "error": 0, "slow down": 0}

    async def read():
        async for text in flooder:
            m = json.loads(text)
            if m["type"] == "error" and "slow down" in m.get("message", ""):
                answers["slow down"] += 1
            elif m["type"] in answers:
                answers[m["type"]] += 1
    reading = asyncio.ensure_future(read())
    sent = time.monotonic()
    message = json.dumps({"type": "load", "script": script})
    for _ in range(1000):
        await flooder.send(message)
    sending = time.monotonic() - sent
    latencies = await drag(good, 60)
    deadline = time.monotonic() + 30
    while sum(answers.values()) < 1000 and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    took = time.monotonic() - sent
    # The server reads a socket's next message when the last one's work is done, and counts it against the bucket
    # (400 a second) as it reads: loads that cost more than 2.5 ms each never reach the bucket's limit, cheaper ones
    # are refused past it. Either way each is answered, in turn.
    check("a flood of 1,000 loads (sent in %.2f s): each answered in turn, a screen or \"slow down\"" % sending,
          sum(answers.values()) == 1000 and answers["error"] == 0,
          "%s in %.1f s (%.0f a second)" % (answers, took, 1000 / took))
    check("meanwhile a light page's drag is answered, p99 under 250 ms", len(latencies) == 60
          and percentile(latencies, 0.99) < 250,
          "p50 %.1f ms, p99 %.1f ms, max %.1f ms" % (percentile(latencies, 0.5), percentile(latencies, 0.99),
                                                      max(latencies)))
    reading.cancel()
    flooder.transport.abort()


async def class_with_a_server_lost(cluster, clients=60, seconds=9.0):
    """CLIENTS pages drag rows from addresses of their own; at a third of the run server 0 is killed (SIGKILL), at
    two thirds server 1 is stopped (SIGTERM: 1001). Every page of theirs must come back whole on the others."""
    stats = Stats()
    pages = [PageClient(cluster.connect_kwargs(), cluster.ws_uri, n, "127.0.%d.%d" % (1 + n // 200, 1 + n % 200), stats)
             for n in range(clients)]
    await asyncio.gather(*(p.open() for p in pages))
    start = time.monotonic()
    until = start + seconds

    async def pace(kind):
        if kind == "gesture":
            await asyncio.sleep(random.uniform(0.2, 0.8))
        else:
            await asyncio.sleep(1 / 60)

    async def person(p):
        await asyncio.sleep((p.number % 17) / 17 * 0.5)
        await p.gestures(until, pace)

    async def stop_servers():
        await asyncio.sleep(seconds / 3)
        cluster.kill(0, signal.SIGKILL)
        killed_at = time.monotonic() - start
        await asyncio.sleep(seconds / 3)
        status = cluster.kill(1, signal.SIGTERM)
        return killed_at, status
    results = await asyncio.gather(*(person(p) for p in pages), stop_servers(), return_exceptions=True)
    failures = [r for r in results[:-1] if isinstance(r, BaseException)]
    killed_at, status = results[-1] if not isinstance(results[-1], BaseException) else (None, results[-1])
    for p in pages:
        await p.close()
    ms = sorted(s * 1000 for s in stats.restore_seconds)
    check("%d pages dragging through nginx: messages answered" % clients, stats.answers.get("screen", 0) > clients * 20,
          "%d screens, %d errors, p50 %.1f ms, p99 %.1f ms" % (stats.answers.get("screen", 0), stats.answers.get("error", 0),
                                                              percentile([l * 1000 for l in stats.latencies], 0.5),
                                                              percentile([l * 1000 for l in stats.latencies], 0.99)))
    check("SIGTERM stopped a server with status 0 (its pages closed with 1001)", status == 0, status)
    check("the pages of the killed and the stopped server lost their sockets", stats.losses >= clients // 3,
          "%d of %d" % (stats.losses, clients))
    check("every one reconnected to the servers left and got its script back whole (zero lost)",
          stats.restored == stats.losses and not stats.lost and not failures,
          "%d restored, lost %r, failures %r" % (stats.restored, stats.lost[:3], failures[:3]))
    check("their reconnects took the page's back-off (first within 0.2–1.2 s), not a storm",
          ms and ms[0] >= 150, "from the loss to the script back: p50 %.0f ms, p99 %.0f ms, max %.0f ms; refused on the "
          "way %r" % (percentile(ms, 0.5), percentile(ms, 0.99), ms[-1] if ms else 0, stats.refused))


async def one_address_through_restarts(cluster, clients=30):
    """A class behind one school address (every page from 127.0.10.1) while each server is
    restarted in turn (SIGTERM, started again once its pages are back: the upgrade docs/deploy.md gives), then one
    killed (SIGKILL) and started again. nginx must send every page to a server that is up within seconds: with
    round robin and max_fails=1 fail_timeout=10s a failed server stayed out (a WebSocket never completes, so nginx
    never saw it answer again) and pages were out for a minute."""
    stats = Stats()
    pages = [PageClient(cluster.connect_kwargs(), cluster.ws_uri, 100 + n, "127.0.10.1", stats, tune=False)
             for n in range(clients)]
    await asyncio.gather(*(p.open() for p in pages))
    stopping = False

    async def pace(kind):
        await asyncio.sleep(random.uniform(0.1, 0.4) if kind == "gesture" else 1 / 60)

    async def person(p):
        await asyncio.sleep((p.number % 13) / 13 * 0.4)
        while not stopping:
            await p.gestures(time.monotonic() + 0.3, pace)

    async def back(losses_before, seconds=12):
        # until every page that lost its socket has it back (restored or given up), or SECONDS
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and (stats.losses <= losses_before
                                               or stats.restored + len(stats.lost) < stats.losses):
            await asyncio.sleep(0.05)

    steps = []

    async def operate():
        nonlocal stopping
        try:
            await asyncio.sleep(0.8)
            for i in range(3):
                before, t = stats.losses, time.monotonic()
                status = cluster.kill(i, signal.SIGTERM)
                await asyncio.to_thread(cluster.start_server, i)
                await back(before)
                steps.append(("restart %d" % i, status, stats.losses - before, time.monotonic() - t))
            before, t = stats.losses, time.monotonic()
            cluster.kill(1, signal.SIGKILL)
            await back(before)
            steps.append(("kill 1", None, stats.losses - before, time.monotonic() - t))
            await asyncio.to_thread(cluster.start_server, 1)
            await asyncio.sleep(0.5)
        finally:
            stopping = True
    started = time.monotonic()
    results = await asyncio.gather(*(person(p) for p in pages), operate(), return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    for p in pages:
        await p.close()
    ms = sorted(s * 1000 for s in stats.restore_seconds)
    check("%d pages behind one address, each server restarted in turn then one killed: every page lost its socket "
          "at least once" % clients, stats.losses >= clients and all(n > 0 for _, _, n, _ in steps),
          "%d losses; %s" % (stats.losses, ", ".join("%s: %d pages out, back in %.1f s" % (w, n, d)
                                                     for w, _, n, d in steps)))
    check("every page came back with its script whole, within 4 s of its loss (nginx: least_conn, max_fails=0)",
          stats.restored == stats.losses and not stats.lost and not failures and ms and ms[-1] < 4000,
          "%d of %d restored in %.0f s; from the loss to the script back p50 %.0f ms, p99 %.0f ms, max %.0f ms; "
          "refused on the way %r; lost %r %r" % (stats.restored, stats.losses, time.monotonic() - started,
                                                percentile(ms, 0.5), percentile(ms, 0.99), ms[-1] if ms else 0,
                                                stats.refused, stats.lost[:3], failures[:3]))


async def probe_flood(cluster):
    """/healthz from one address past nginx's rate (5 a second, bursts of 10): 429 from nginx; another address is
    still answered."""
    results = await asyncio.gather(*(request(cluster, ["GET /healthz HTTP/1.1", "Host: %s:%d" % (NAME, cluster.port),
                                                       "Connection: close"], source="127.0.9.3") for _ in range(40)))
    kinds = tally(results)
    check("40 /healthz at once from one address: at most the burst (10) and the rate answered, the rest 429 by nginx",
          kinds.get(429, 0) >= 25 and kinds.get(200, 0) >= 1 and sum(kinds.values()) == 40, kinds)
    status, _, body, _ = await request(cluster, ["GET /healthz HTTP/1.1", "Host: %s:%d" % (NAME, cluster.port), "Connection: close"],
                                       source="127.0.9.4")
    check("... meanwhile /healthz from another address: 200 ok", status == 200 and body.strip() == "ok", status)


async def trickled_head(cluster):
    """Half a request head, then nothing: nginx closes the connection at its client_header_timeout (10 s)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", cluster.port, ssl=cluster.ssl_context(),
                                                   server_hostname=NAME, local_addr=("127.0.9.5", 0))
    started = time.monotonic()
    writer.write(("GET / HTTP/1.1\r\nHost: %s:%d\r\n" % (NAME, cluster.port)).encode())
    await writer.drain()
    try:
        await asyncio.wait_for(reader.read(), 20)
    except (asyncio.TimeoutError, ConnectionError, ssl.SSLError):
        pass
    took = time.monotonic() - started
    writer.close()
    check("a request head that stops half way is closed by nginx at 10 s (client_header_timeout)", 9 <= took < 13,
          "closed after %.1f s" % took)


def shipped_site_passes_nginx_t():
    """The site as shipped passes `nginx -t` (with the public name put in, as docs/deploy.md
    says) before any certificate exists, inside a main configuration as Debian's includes sites-enabled."""
    import shutil
    import subprocess
    import tempfile
    from cluster import SITE
    with tempfile.TemporaryDirectory() as d:
        with open(SITE) as f:
            site = f.read().replace("playground.example.org", "class.example.net")
        with open(os.path.join(d, "site.conf"), "w") as f:
            f.write(site)
        with open(os.path.join(d, "nginx.conf"), "w") as f:
            f.write("pid %s/nginx.pid;\nerror_log %s/error.log;\nevents { worker_connections 768; }\n"
                    "http {\n    include /etc/nginx/mime.types;\n    include %s/site.conf;\n}\n" % (d, d, d))
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        run = subprocess.run([nginx, "-t", "-c", os.path.join(d, "nginx.conf"), "-p", d, "-e",
                              os.path.join(d, "error.log")], capture_output=True, text=True)
        check("the nginx site as shipped passes `nginx -t` before any certificate exists (TLS comes from certbot)",
              run.returncode == 0, run.stderr.strip().splitlines()[-2:])
        check("the site as shipped names no certificate file and no TLS listener",
              "ssl_certificate" not in re.sub(r"#[^\n]*", "", site) and "443" not in re.sub(r"#[^\n]*", "", site))


def logs(cluster):
    """Each server's standard error with --log-format json: one JSON object a line (standard output's address line
    aside), the sessions through nginx named by their client's address."""
    events, bad, clients = {}, [], set()
    for i in range(3):
        for line in cluster.log(i).splitlines():
            if line.startswith("playground at "):
                continue
            try:
                entry = json.loads(line)
                events[entry["event"]] = events.get(entry["event"], 0) + 1
                if entry["event"] == "session_open":
                    clients.add(entry.get("client"))
            except (ValueError, KeyError):
                bad.append(line)
    check("the servers' logs are one JSON object a line", not bad and events.get("session_open"), bad[:2] or events)
    check("their sessions through nginx are each client's own address", "127.0.0.1" not in clients and
          any(c and c.startswith("127.0.1.") for c in clients), sorted(c for c in clients if c)[:4])


async def main():
    # The default 16 sessions an address, 64 a server; a light debug build.
    deploy_files()
    shipped_site_passes_nginx_t()
    cluster = Cluster(SERVER, 3)
    try:
        await the_page_and_a_session(cluster)
        await origins(cluster)
        await forged_forwarded_for(cluster)
        good_stats = Stats()
        good = PageClient(cluster.connect_kwargs(), cluster.ws_uri, 1, "127.0.9.200", good_stats)
        await good.open()
        await many_sockets_from_one_address(cluster, good)
        await slow_readers(cluster, good)
        # nginx's own bounds: the head's deadline is waited for beside the load flood.
        await asyncio.gather(load_flood(cluster, good), trickled_head(cluster))
        await probe_flood(cluster)
        await good.close()
        await one_address_through_restarts(cluster)
        await class_with_a_server_lost(cluster)
        logs(cluster)
    finally:
        cluster.stop()


started = time.monotonic()
asyncio.run(main())
print("proxy: %d checks, %d failed (%.0f s)" % (check.count, check.failed, time.monotonic() - started))
sys.exit(1 if check.failed else 0)
