#!/usr/bin/env python3
"""Tests/dist's client of a running playground: GET / answers the page, then a WebSocket upgrade at /ws (with the
page's own Origin) opens a session whose first message is the server's `hello`. Standard library only: it runs
where nothing was installed. Usage: ws_check.py PORT; exit 0 and one line of what it saw, else 1 and why."""
import base64
import json
import os
import socket
import sys


def read_head(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise RuntimeError(f"the connection closed after {len(data)} bytes: {data[:200]!r}")
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head.decode("latin-1"), rest


def read_exact(sock, count, buffered):
    while len(buffered) < count:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("the WebSocket closed before its first message")
        buffered += chunk
    return buffered[:count], buffered[count:]


def first_message(sock, rest):
    """The payload of the first text frame (unmasked, from the server; a fragmented one is joined)."""
    payload = b""
    while True:
        header, rest = read_exact(sock, 2, rest)
        fin, opcode, length = header[0] & 0x80, header[0] & 0x0F, header[1] & 0x7F
        if length == 126:
            extended, rest = read_exact(sock, 2, rest)
            length = int.from_bytes(extended, "big")
        elif length == 127:
            extended, rest = read_exact(sock, 8, rest)
            length = int.from_bytes(extended, "big")
        body, rest = read_exact(sock, length, rest)
        if opcode == 8:
            raise RuntimeError(f"the server closed the WebSocket: {body!r}")
        if opcode in (0, 1):
            payload += body
            if fin:
                return payload.decode("utf-8")


def main(port):
    host = f"127.0.0.1:{port}"
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        head, body = read_head(sock)
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
    if not head.startswith("HTTP/1.1 200") or b"<html" not in body.lower():
        sys.exit(f"GET / answered {head.splitlines()[0]!r} with {len(body)} bytes, not the page")
    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://{host}\r\n\r\n").encode())
        head, rest = read_head(sock)
        if not head.startswith("HTTP/1.1 101"):
            sys.exit(f"the upgrade was answered {head.splitlines()[0]!r}")
        message = json.loads(first_message(sock, rest))
        if message.get("type") != "hello":
            sys.exit(f"the session's first message is {message.get('type')!r}, not hello")
        sock.sendall(bytes([0x88, 0x82]) + b"\0\0\0\0" + (1000).to_bytes(2, "big"))  # close, 1000, masked
    print(f"GET / {len(body)} bytes; a WebSocket session opened: hello, version {message.get('version')}")


if __name__ == "__main__":
    try:
        main(int(sys.argv[1]))
    except (OSError, RuntimeError, ValueError) as error:
        sys.exit(f"error: {error}")
