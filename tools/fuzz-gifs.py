#!/usr/bin/env python3
"""Seeds for the fuzzer's walkthrough reader (tools/fuzz.sh): small GIFs, each after the byte 3 that routes an input
to FootageReader (Fuzz/FuzzTarget.swift). Written uncompressed (each pixel its own 9-bit LZW code, a clear code
every 250), so that mutations reach every field: the screen, tables, graphic controls with each disposal and
transparency, partial and interlaced rectangles, extensions.

Usage: tools/fuzz-gifs.py FOLDER  (writes FOLDER/footage-gif-N)."""
import pathlib
import struct
import sys


def lzw(entries):
    codes = [256]
    for n, entry in enumerate(entries):
        if n and n % 250 == 0:
            codes.append(256)
        codes.append(entry)
    codes.append(257)
    data, buffer, count = bytearray(), 0, 0
    for code in codes:
        buffer |= code << count
        count += 9
        while count >= 8:
            data.append(buffer & 0xFF)
            buffer >>= 8
            count -= 8
    if count:
        data.append(buffer & 0xFF)
    out = bytearray([8])
    for at in range(0, len(data), 255):
        chunk = data[at:at + 255]
        out += bytes([len(chunk)]) + chunk
    return bytes(out + b"\0")


def table(colors):
    return b"".join(struct.pack("BBB", c >> 16 & 0xFF, c >> 8 & 0xFF, c & 0xFF) for c in colors)


def gif(width, height, images, colors=(0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF), version=b"GIF89a"):
    out = bytearray(version + struct.pack("<HH", width, height) + bytes([0xF1, 3, 0]) + table(colors))
    out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    for left, top, w, h, disposal, transparent, delay, interlaced, local, entries in images:
        out += b"\x21\xf9\x04" + bytes([disposal << 2 | (transparent is not None)]) + struct.pack("<H", delay)
        out += bytes([transparent or 0, 0])
        bits = max(1, (len(local) - 1).bit_length()) if local else 0
        flags = (0x40 if interlaced else 0) | (0x80 | (bits - 1) if local else 0)
        out += b"\x2c" + struct.pack("<HHHH", left, top, w, h) + bytes([flags])
        if local:
            out += table(local)
        out += lzw(entries)
    out += b"\x21\xfe\x05hello\x00"
    return bytes(out + b"\x3b")


SEEDS = [
    gif(4, 4, [(0, 0, 4, 4, 1, None, 10, False, None, [0] * 16),
               (1, 1, 2, 2, 2, None, 15, False, None, [1, 2, 1, 2])]),
    gif(4, 4, [(0, 0, 4, 4, 0, None, 0, False, None, [3] * 16),
               (0, 0, 2, 2, 3, 1, 1, False, (0x123456, 0x654321), [0, 1, 1, 0]),
               (2, 2, 2, 2, 0, None, 10, False, None, [2] * 4)]),
    gif(2, 10, [(0, 0, 2, 10, 1, None, 10, True, None, list(range(4)) * 5)]),
    gif(3, 3, [(0, 0, 3, 3, 1, 0, 5, False, None, [0, 1, 2, 3, 0, 1, 2, 3, 0])], version=b"GIF87a"),
]


def main():
    folder = pathlib.Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for n, seed in enumerate(SEEDS):
        (folder / f"footage-gif-{n}").write_bytes(b"\x03" + seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
