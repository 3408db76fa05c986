"""A playground page without a browser: the real protocol over a WebSocket (docs/playground.md), as
the page (Sources/PlaygroundPage/transport.js and restore.js) speaks it, for the proxy test and the class benchmark.

Each client keeps its script as the page does (from the `script` messages), drags rows as a person does (a `down`, a
`move` a frame for half a second, an `up`, a `tick` a frame while the row settles, then a `reset`) and, when its
socket is lost, reconnects as the page does: the same back-off and jitter, then `load` with the script it held (a
finger left down lifted with `release`), and checks that the `script` the server answers equals what it held.
"""
import asyncio
import json
import random
import time

import websockets

FRAME = 1 / 60


def backoff(attempt):
    """The page's wait before reconnect attempt ATTEMPT, in seconds (restore.js, `backoff`)."""
    if attempt <= 1:
        return 0.2 + random.random()
    return min(10.0, 0.5 * 2 ** (attempt - 1)) * (0.8 + 0.4 * random.random())


def finger_down_at_end(lines):
    """Whether the script leaves a finger down (restore.js, `holdSession`)."""
    for line in reversed(lines):
        words = line.split()
        word = words[0] if words else ""
        if not word or word[0] in "#!" or word in ("advance", "expect"):
            continue
        return word in ("pan", "edgepan")
    return False


class Stats:
    """What the clients of one process saw."""

    def __init__(self):
        self.latencies = []     # seconds from a message sent to the screen (or error) that answers it
        self.answers = {}       # type → count
        self.losses = 0         # sockets lost
        self.restored = 0       # sessions restored with the script they held
        self.restore_seconds = []  # from the loss to the restored script
        self.lost = []          # (client, why) for each session not restored whole
        self.refused = {}       # connection refusals: why → count
        self.errors = []        # error messages the server sent, a few


class Lost(Exception):
    """The socket ended."""


class PageClient:
    """One page: NUMBER picks its row and direction; ADDRESS is the source address it connects from."""

    def __init__(self, cluster_kwargs, uri, number, address, stats, tune=True):
        self.kwargs = dict(cluster_kwargs)
        if address:
            self.kwargs["local_addr"] = (address, 0)
        self.uri = uri
        self.number = number
        self.stats = stats
        self.tune = tune
        self.lines = []
        self.ws = None
        self.clock = 1000.0
        self.reconnecting = False

    # ---- the socket

    async def open(self):
        """Connects and reads the opening (hello, screen, script), which it applies."""
        self.ws = await websockets.connect(self.uri, **self.kwargs)
        hello = json.loads(await self.ws.recv())
        assert hello["type"] == "hello", hello
        self.limits = hello["limits"]
        for _ in range(2):
            self.apply(json.loads(await self.ws.recv()))

    def apply(self, m):
        if m.get("type") == "script":
            start = max(0, min(m.get("from", 0), len(self.lines)))
            self.lines[start:] = m.get("lines", [])
        elif m.get("type") == "error" and len(self.stats.errors) < 20:
            self.stats.errors.append(m.get("message"))
        return m

    async def request(self, message):
        """Sends MESSAGE (stamped with the page's clock) and waits for its screen or error, timing it."""
        if message["type"] in ("down", "move", "up", "tick"):
            message["t"] = self.clock
        sent = time.perf_counter()
        try:
            await self.ws.send(json.dumps(message))
            while True:
                m = self.apply(json.loads(await self.ws.recv()))
                if m["type"] in ("screen", "error"):
                    self.stats.latencies.append(time.perf_counter() - sent)
                    self.stats.answers[m["type"]] = self.stats.answers.get(m["type"], 0) + 1
                    return m
        except websockets.ConnectionClosed as e:
            raise Lost(e)

    async def restore(self, deadline):
        """The page's reconnect: back-off, connect, `load` the held script, compare what comes back. True when the
        session came back whole; on a refusal that would come again, records it in stats.lost and returns False."""
        lost_at = time.monotonic()
        held = list(self.lines)
        if finger_down_at_end(held):
            held.append("release")
        script = "".join(line + "\n" for line in held)
        self.stats.losses += 1
        attempt = 0
        while time.monotonic() < deadline:
            attempt += 1
            await asyncio.sleep(backoff(attempt))
            try:
                self.ws = await websockets.connect(self.uri, **self.kwargs)
                hello = json.loads(await self.ws.recv())
                assert hello["type"] == "hello", hello
                await self.ws.recv()  # the opening's screen and script: a fresh session's, not applied
                await self.ws.recv()
                await self.ws.send(json.dumps({"type": "load", "script": script}))
                answer = json.loads(await self.ws.recv())
                if answer["type"] == "error":
                    if "interrupted" in answer.get("message", ""):
                        await self.ws.close()
                        continue
                    self.stats.lost.append((self.number, "load refused: " + answer.get("message", "")))
                    return False
                reply = json.loads(await self.ws.recv())
                if reply.get("type") != "script" or reply.get("from") != 0 or reply.get("lines") != held:
                    self.stats.lost.append((self.number, "the script came back different: %r, held %r" % (
                        reply.get("lines", reply)[-5:], held[-5:])))
                    return False
                self.lines = held
                self.stats.restored += 1
                self.stats.restore_seconds.append(time.monotonic() - lost_at)
                return True
            except (OSError, asyncio.TimeoutError, websockets.InvalidStatus, websockets.InvalidHandshake,
                    websockets.ConnectionClosed) as e:
                why = getattr(getattr(e, "response", None), "status_code", None) or type(e).__name__
                self.stats.refused[str(why)] = self.stats.refused.get(str(why), 0) + 1
        self.stats.lost.append((self.number, "not reconnected before the run ended"))
        return False

    # ---- a person

    async def gestures(self, until, pace):
        """Drags rows until the monotonic time UNTIL; PACE(kind) is awaited before each message (it keeps the
        frame schedule and adds the think time between gestures). Reconnects whenever the socket is lost."""
        row_y = 150 + 86 * (self.number % 4)
        direction = 1 if self.number % 2 else -1
        if self.tune:
            await self.guarded(self.request, {"type": "set", "name": "threshold.left.near",
                                              "value": str(50 + self.number % 20)}, until)
        while time.monotonic() < until:
            x = 160.0
            steps = [("down", x)]
            for _ in range(30):
                x += direction * 4
                steps.append(("move", x))
            steps.append(("up", x))
            reply = None
            for kind, px in steps:
                await pace("frame")
                reply = await self.guarded(self.request, {"type": kind, "x": px, "y": row_y}, until)
                if reply is None:  # the socket was lost and the session restored: the gesture starts again
                    break
                self.clock += FRAME * 1000
            if reply is None:
                continue
            for _ in range(90):
                if not reply.get("animating") or time.monotonic() >= until:
                    break
                await pace("frame")
                reply = await self.guarded(self.request, {"type": "tick"}, until)
                if reply is None:
                    break
                self.clock += FRAME * 1000
            await pace("frame")
            await self.guarded(self.request, {"type": "reset"}, until)
            await pace("gesture")

    async def guarded(self, call, message, until):
        """CALL(MESSAGE); on a lost socket, the session restored (None is returned)."""
        try:
            return await call(message)
        except Lost:
            if not await self.restore(until + 30):
                raise
            return None

    async def close(self):
        if self.ws is not None:
            await self.ws.close()
