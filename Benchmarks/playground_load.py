#!/usr/bin/env python3
"""The playground server under load (make bench-playground): CLIENTS WebSocket sessions each dragging rows for
SECONDS, as a page does (a down, moves at 60 Hz for 0.5 s, an up, then ticks at 60 Hz while the row settles), then one
client alone for the same time. Reports the latency from a message sent to the screen that answers it (p50, p99,
max), messages answered a second, the server's CPU time (/proc/PID/stat) and its resident memory (VmRSS and VmHWM from /proc) at the end of each,
and the CPU time of the clients themselves (this Python process: they share the machine with the server).

Usage: Benchmarks/playground_load.py [MAILSIM_PLAYGROUND] [--clients 50] [--seconds 20]"""
import argparse, asyncio, json, os, re, resource, subprocess, sys, time

import websockets

parser = argparse.ArgumentParser()
parser.add_argument("server", nargs="?", default="Playground/.build/release/mailsim-playground")
parser.add_argument("--clients", type=int, default=50)
parser.add_argument("--seconds", type=float, default=20)
options = parser.parse_args()

FRAME = 1 / 60


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"): fields[name] = int(value.split()[0]) / 1024
    return fields


async def client(url, origin, number, seconds, latencies, counts):
    async with websockets.connect(url, origin=origin, max_size=None) as ws:
        for _ in range(3): await ws.recv()  # hello, screen, script
        t = 1000.0
        end = time.monotonic() + seconds
        row_y = 150 + 86 * (number % 4)  # the first four rows
        direction = 1 if number % 2 else -1

        async def send(message):
            """Sends MESSAGE and waits for its screen (an error counts too), timing it."""
            sent = time.perf_counter()
            await ws.send(json.dumps(message))
            while True:
                reply = json.loads(await ws.recv())
                if reply["type"] in ("screen", "error"):
                    latencies.append(time.perf_counter() - sent)
                    counts[reply["type"]] = counts.get(reply["type"], 0) + 1
                    return reply

        async def frame(message):
            """One message a frame: the rest of the frame is waited out."""
            nonlocal t
            started = time.perf_counter()
            message["t"] = t
            reply = await send(message)
            t += FRAME * 1000
            await asyncio.sleep(max(0, FRAME - (time.perf_counter() - started)))
            return reply

        while time.monotonic() < end:
            x = 160.0
            await frame({"type": "down", "x": x, "y": row_y})
            for step in range(30):
                x += direction * 4
                await frame({"type": "move", "x": x, "y": row_y})
            reply = await frame({"type": "up", "x": x, "y": row_y})
            for _ in range(60):
                if not reply.get("animating"): break
                reply = await frame({"type": "tick"})
            await frame({"type": "reset"})


async def run(url, origin, clients, seconds):
    latencies, counts = [], {}
    started = time.perf_counter()
    await asyncio.gather(*(client(url, origin, n, seconds, latencies, counts) for n in range(clients)))
    return latencies, counts, time.perf_counter() - started


def cpu_seconds(pid):
    """The server's user and system CPU time so far (/proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def report(name, latencies, counts, elapsed, pid, cpu, clients_cpu):
    ms = sorted(l * 1000 for l in latencies)
    p = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]
    mem = memory(pid)
    print(f"{name}: {len(ms)} messages in {elapsed:.1f} s ({len(ms) / elapsed:.0f}/s; {counts}); latency p50 {p(0.5):.2f} ms, "
          f"p99 {p(0.99):.2f} ms, max {ms[-1]:.2f} ms; server CPU {cpu:.1f} s ({cpu / elapsed * 100:.0f}% of a core, "
          f"{cpu / len(ms) * 1e3:.2f} ms a message); clients' CPU {clients_cpu:.1f} s ({clients_cpu / elapsed * 100:.0f}% of a core); server RSS {mem['VmRSS']:.1f} MiB (peak {mem['VmHWM']:.1f} MiB)")


def main():
    # Every client is on this machine, one address: it may hold all 64 sessions (the server allows 16 by default).
    process = subprocess.Popen([options.server, "--port", "0", "--sessions-per-address", "64"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        line = process.stdout.readline()
        port = int(re.fullmatch(r"playground at http://127\.0\.0\.1:(\d+)/\n", line).group(1))
        url, origin = f"ws://127.0.0.1:{port}/ws", f"http://127.0.0.1:{port}"
        print(f"idle: server RSS {memory(process.pid)['VmRSS']:.1f} MiB")
        for clients in (options.clients, 1):
            before, own = cpu_seconds(process.pid), own_cpu_seconds()
            latencies, counts, elapsed = asyncio.run(run(url, origin, clients, options.seconds))
            report(f"{clients} client{'s' if clients > 1 else ''} for {options.seconds:g} s", latencies, counts, elapsed,
                   process.pid, cpu_seconds(process.pid) - before, own_cpu_seconds() - own)
    finally:
        process.terminate()
        process.wait(timeout=20)


main()
