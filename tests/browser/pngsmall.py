"""Makes screenshots small: PNG decode, posterize each channel to 64 levels, re-encode with the best row filter; and
reads a screenshot's pixels, for a test that looks at what is drawn.

Pure Python (zlib only), for the 8-bit RGB/RGBA non-interlaced PNGs that Chromium writes.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    found, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        found.append((data[at + 4:at + 8], data[at + 8:at + 8 + length]))
        at += 12 + length
    return found


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def _unfilter(raw: bytes, width: int, height: int, bpp: int) -> list[bytearray]:
    stride = width * bpp
    rows: list[bytearray] = []
    prev = bytearray(stride)
    at = 0
    for _ in range(height):
        kind = raw[at]
        row = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + ((a + b) >> 1)) & 255
            elif kind == 4:
                row[i] = (row[i] + _paeth(a, b, c)) & 255
        rows.append(row)
        prev = row
    return rows


def _filter(rows: list[bytearray], bpp: int) -> bytes:
    out = bytearray()
    prev = bytearray(len(rows[0]))
    for row in rows:
        sub = bytes((row[i] - (row[i - bpp] if i >= bpp else 0)) & 255 for i in range(len(row)))
        up = bytes((row[i] - prev[i]) & 255 for i in range(len(row)))
        options = [(0, bytes(row)), (1, sub), (2, up)]
        kind, best = min(options, key=lambda o: sum(v if v < 128 else 256 - v for v in o[1]))
        out.append(kind)
        out += best
        prev = row
    return bytes(out)


def pixels(data: bytes) -> list[bytearray] | None:
    """A PNG's rows of RGB pixels, three bytes each (None for a PNG that is not 8-bit RGB or RGBA, or interlaced)."""
    chunks = _chunks(data)
    header = next(body for kind, body in chunks if kind == b"IHDR")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in (2, 6) or interlace:
        return None
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    rows = _unfilter(raw, width, height, bpp)
    if bpp == 4:  # drop the alpha channel: screenshots are opaque
        rows = [bytearray(b for i, b in enumerate(row) if i % 4 != 3) for row in rows]
    return rows


def shrink(path: Path) -> None:
    rows = pixels(path.read_bytes())
    if rows is None:
        return
    width, height, bpp, colour = len(rows[0]) // 3, len(rows), 3, 2
    table = bytes(min(255, (v + 2) & ~3) for v in range(256))
    rows = [bytearray(row.translate(table)) for row in rows]
    body = zlib.compress(_filter(rows, bpp), 9)

    def chunk(kind: bytes, payload: bytes) -> bytes:
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))

    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b""))
