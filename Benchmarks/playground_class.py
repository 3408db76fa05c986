#!/usr/bin/env python3
"""A class on the playground (make bench-playground; docs/deploy.md's figures): N pages of the real protocol
(Tests/proxy/page_client.py: hello, pointer down/move/up, ticks, a reset, as the page sends them) against 1 or 3
release servers behind nginx, set up as deploy/nginx's site (Tests/proxy/cluster.py, TLS), each page from its own
address in 127/8 so that nginx and the servers see distinct people.

Two modes:
- independent: each page on its own schedule, as people are: its frames at its own phase, 0 to 1 s of thought
  between gestures;
- lockstep: every page sends at the same instant each frame and thinks not at all (the worst case).

Each run reports messages answered a second, the latency from a message sent to its screen (p50, p99, max), the
servers' CPU per message (/proc/PID/stat), nginx's, the clients' own CPU (they share the machine), the other work
on the machine (/proc/stat), and the servers' own view of the latency (their /metrics histogram: from a message read
to its answer written, without the clients' and nginx's delays). With
--kill-one-at S, server 0 is killed (SIGKILL) S seconds in: the run reports how many pages reconnected (the page's
back-off, then `load` with the script each held), how long that took (p50, p99) and how many scripts came back
different or not at all (lost).

Usage: Benchmarks/playground_class.py [MAILSIM_PLAYGROUND] [--servers 1,3] [--clients 50,150,300]
       [--modes independent,lockstep] [--seconds 20] [--processes 2] [--kill-one-at S]
"""
import argparse
import array
import asyncio
import multiprocessing
import os
import random
import resource
import signal
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "proxy"))
from cluster import Cluster, cpu_seconds, rss_mib  # noqa: E402
from page_client import FRAME, PageClient, Stats  # noqa: E402


def address(n):
    """Page N's source address: 127.0.1.1, 127.0.1.2, … (200 an octet)."""
    return "127.0.%d.%d" % (1 + n // 200, 1 + n % 200)


async def pages(numbers, kwargs, uri, mode, ready, go, start, seconds):
    stats = Stats()
    clients = [PageClient(kwargs, uri, n, address(n), stats) for n in numbers]
    gate = asyncio.Semaphore(20)

    async def open_one(c):
        async with gate:
            await c.open()
    await asyncio.gather(*(open_one(c) for c in clients))
    ready.wait()
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    t0 = start.value
    until_wall = t0 + seconds
    until = time.monotonic() + (until_wall - time.time())

    def pacer(client):
        phase = 0.0 if mode == "lockstep" else random.random() * FRAME

        async def pace(kind):
            if kind == "gesture":
                if mode == "independent":
                    await asyncio.sleep(random.random())
                return
            now = time.time()
            k = int((now - t0 - phase) / FRAME) + 1
            await asyncio.sleep(max(0.0, t0 + phase + k * FRAME - now))
        return pace

    async def person(c):
        await asyncio.sleep(max(0.0, t0 - time.time()))
        if mode == "independent":
            await asyncio.sleep(random.random())
        await c.gestures(until, pacer(c))
    results = await asyncio.gather(*(person(c) for c in clients), return_exceptions=True)
    for c in clients:
        try:
            await c.close()
        except Exception:
            pass
    failures = [repr(r) for r in results if isinstance(r, BaseException)]
    return stats, failures


def worker(numbers, kwargs, uri, mode, ready, go, start, seconds, out):
    stats, failures = asyncio.run(pages(numbers, kwargs, uri, mode, ready, go, start, seconds))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out.put({"latencies": array.array("d", stats.latencies).tobytes(), "answers": stats.answers,
             "losses": stats.losses, "restored": stats.restored, "restore": stats.restore_seconds,
             "lost": stats.lost, "refused": stats.refused, "failures": failures,
             "cpu": usage.ru_utime + usage.ru_stime})


def machine_busy():
    """The machine's busy CPU seconds so far, every process's (/proc/stat: all but idle and iowait)."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def answer_histogram(cluster, i):
    """Server I's answer-time histogram from its /metrics (asked on loopback): {upper bound in s: cumulative count}."""
    import http.client
    try:
        connection = http.client.HTTPConnection("127.0.0.1", cluster.ports[i], timeout=5)
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
        connection.close()
    except OSError:
        return {}
    out = {}
    for line in text.splitlines():
        if line.startswith("mailsim_playground_answer_seconds_bucket{"):
            bound = line.split('le="')[1].split('"')[0]
            out[float("inf") if bound == "+Inf" else float(bound)] = int(float(line.rsplit(" ", 1)[1]))
    return out


def server_side(before, after):
    """The servers' own view of a run (from a message read to its answer written): the share answered within 10 ms,
    and the bucket that holds the 99th percentile."""
    delta = {}
    for i in after:
        for bound, count in after[i].items():
            delta[bound] = delta.get(bound, 0) + count - before.get(i, {}).get(bound, 0)
    total = delta.get(float("inf"), 0)
    if not total:
        return "no /metrics"
    within = delta.get(0.01, 0) / total * 100
    p99 = next(b for b in sorted(delta) if delta[b] >= 0.99 * total)
    return "%.1f%% within 10 ms, p99 ≤ %s ms" % (within, "%g" % (p99 * 1000) if p99 != float("inf") else "∞")


def percentile(values, q):
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def run(cluster, clients, mode, seconds, processes, kill_at):
    ctx = multiprocessing.get_context("fork")
    ready = ctx.Barrier(processes + 1)
    go = ctx.Event()
    start = ctx.Value("d", 0.0)
    out = ctx.Queue()
    kwargs = cluster.connect_kwargs()
    kwargs.pop("ssl")  # an SSLContext does not cross fork well: each worker makes its own
    groups = [list(range(clients))[i::processes] for i in range(processes)]
    procs = [ctx.Process(target=worker_with_ssl, args=(g, kwargs, cluster.dir, cluster.ws_uri, mode, ready, go, start,
                                                        seconds, out)) for g in groups]
    for p in procs:
        p.start()
    ready.wait()
    live = [i for i in range(len(cluster.processes)) if cluster.alive(i)]
    server_cpu = {i: cpu_seconds(cluster.pid(i)) for i in live}
    nginx_cpu = sum(cpu_seconds(p) for p in cluster.nginx_pids())
    busy = machine_busy()
    histograms = {i: answer_histogram(cluster, i) for i in live}
    start.value = time.time() + 0.3
    go.set()
    killed = None
    if kill_at is not None:
        time.sleep(max(0.0, start.value + kill_at - time.time()))
        server_cpu[0] = cpu_seconds(cluster.pid(0)) - server_cpu[0]
        histograms_killed = answer_histogram(cluster, 0)
        cluster.kill(0, signal.SIGKILL)
        killed = 0
    results = [out.get() for _ in procs]
    for p in procs:
        p.join()
    busy = machine_busy() - busy
    after = {i: answer_histogram(cluster, i) for i in live if cluster.alive(i)}
    if killed is not None:
        after[killed] = histograms_killed
    for i in live:
        if i != killed:
            server_cpu[i] = cpu_seconds(cluster.pid(i)) - server_cpu[i]
    nginx_cpu = sum(cpu_seconds(p) for p in cluster.nginx_pids()) - nginx_cpu
    latencies = []
    for r in results:
        latencies.extend(array.array("d", r["latencies"]))
    ms = sorted(l * 1000 for l in latencies)
    messages = len(ms)
    cpu = sum(server_cpu.values())
    clients_cpu = sum(r["cpu"] for r in results)
    answers = {}
    for r in results:
        for k, v in r["answers"].items():
            answers[k] = answers.get(k, 0) + v
    line = ("%d pages, %d server%s, %s, %g s: %d messages (%.0f/s; %s); latency p50 %.2f ms, p99 %.2f ms, max %.1f ms; "
            "servers' CPU %.1f s (%.0f%% of a core, %.3f ms a message); nginx %.1f s (%.3f ms a message); "
            "clients' CPU %.1f s (%.0f%% of a core, %d processes); other work on the machine %.0f%% of a core; "
            "servers' RSS %s MiB; server side: %s" % (
                clients, len(live), "" if len(live) == 1 else "s", mode, seconds, messages, messages / seconds,
                answers, percentile(ms, 0.5), percentile(ms, 0.99), ms[-1] if ms else 0, cpu, cpu / seconds * 100,
                cpu / max(messages, 1) * 1000, nginx_cpu, nginx_cpu / max(messages, 1) * 1000, clients_cpu,
                clients_cpu / seconds * 100, processes, max(0.0, busy - cpu - nginx_cpu - clients_cpu) / seconds * 100,
                "/".join("%.0f" % rss_mib(cluster.pid(i)) for i in live if cluster.alive(i)),
                server_side(histograms, after)))
    print(line, flush=True)
    if kill_at is not None:
        restore = sorted(s * 1000 for r in results for s in r["restore"])
        losses = sum(r["losses"] for r in results)
        restored = sum(r["restored"] for r in results)
        lost = [x for r in results for x in r["lost"]]
        refused = {}
        for r in results:
            for k, v in r["refused"].items():
                refused[k] = refused.get(k, 0) + v
        print("  server 0 killed at %g s: %d pages lost their socket, %d reconnected with their script whole, %d lost "
              "%s; from the loss to the script back p50 %.0f ms, p99 %.0f ms, max %.0f ms; refused on the way %s" % (
                  kill_at, losses, restored, len(lost), lost[:3], percentile(restore, 0.5), percentile(restore, 0.99),
                  restore[-1] if restore else 0, refused), flush=True)
    failures = [f for r in results for f in r["failures"]]
    if failures:
        print("  pages that stopped: %d, e.g. %s" % (len(failures), failures[:2]), flush=True)
    return {"messages": messages, "p50": percentile(ms, 0.5), "p99": percentile(ms, 0.99)}


def worker_with_ssl(numbers, kwargs, directory, uri, mode, ready, go, start, seconds, out):
    import ssl
    kwargs = dict(kwargs, ssl=ssl.create_default_context(cafile=os.path.join(directory, "cert.pem")))
    worker(numbers, kwargs, uri, mode, ready, go, start, seconds, out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("server", nargs="?", default=os.path.join(ROOT, "Playground/.build/release/mailsim-playground"))
    parser.add_argument("--servers", default="1,3", help="server counts, comma-separated (default 1,3)")
    parser.add_argument("--clients", default="50,150,300", help="page counts, comma-separated (default 50,150,300)")
    parser.add_argument("--modes", default="independent,lockstep")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--processes", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--kill-one-at", type=float, default=None, metavar="S",
                        help="kill server 0 S seconds into each run with more than one server")
    options = parser.parse_args()
    counts = [int(c) for c in options.clients.split(",")]
    for servers in (int(s) for s in options.servers.split(",")):
        # Room for every page on one server; the default per-address cap holds (each page has its own address).
        cluster = Cluster(options.server, servers, server_args=["--max-sessions", str(max(counts) + 100)],
                          nginx_workers=1)
        try:
            print("%d server%s behind nginx: idle RSS %s MiB" % (servers, "" if servers == 1 else "s", "/".join(
                "%.0f" % rss_mib(cluster.pid(i)) for i in range(servers))), flush=True)
            for mode in options.modes.split(","):
                for clients in counts:
                    kill = options.kill_one_at if servers > 1 else None
                    run(cluster, clients, mode, options.seconds, options.processes, kill)
                    if kill is not None:
                        # Server 0 again, and nginx's view of it afresh (a reload forgets the failures it counted,
                        # which would keep it out for fail_timeout and then give it new connections only slowly).
                        cluster.start_server(0)
                        cluster.nginx.send_signal(signal.SIGHUP)
                        time.sleep(2)
        finally:
            cluster.stop()


if __name__ == "__main__":
    main()
