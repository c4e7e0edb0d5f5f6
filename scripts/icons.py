"""Draws the app's icons (src/spider/web/icons/*.png): a white spade on the table's green.

    python3 scripts/icons.py

Pure Python (zlib for PNG): each pixel is the share of 4x4 samples inside the shape. "any" icons have
rounded corners; the maskable one fills its square and keeps the spade inside the central safe circle.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "src" / "spider" / "web" / "icons"
GREEN = (0x12, 0x60, 0x3C)
WHITE = (0xFF, 0xFF, 0xFF)
SAMPLES = 4


def in_spade(x: float, y: float) -> bool:
    """The spade in [-1, 1] squares, y downwards: a point, two round lobes, and a flared stem."""
    for lobe in (-0.36, 0.36):
        if (x - lobe) ** 2 + (y - 0.22) ** 2 <= 0.4**2:
            return True
    if -0.9 <= y <= 0.3 and abs(x) <= (y + 0.9) * 0.62:
        return True
    return 0.3 <= y <= 0.95 and abs(x) <= 0.04 + (y - 0.3) * 0.4


def in_rounded_square(x: float, y: float, corner: float) -> bool:
    cx, cy = max(abs(x) - (1 - corner), 0), max(abs(y) - (1 - corner), 0)
    return cx * cx + cy * cy <= corner * corner


def draw(size: int, *, maskable: bool) -> bytes:
    scale = 0.62 if maskable else 0.78  # the spade's half-width, as a share of the icon's
    rows = []
    for row in range(size):
        line = bytearray([0])  # filter: none
        for column in range(size):
            back = spade = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (column + (sx + 0.5) / SAMPLES) / size * 2 - 1
                    y = (row + (sy + 0.5) / SAMPLES) / size * 2 - 1
                    if maskable or in_rounded_square(x, y, 0.22):
                        back += 1
                        spade += in_spade(x / scale, y / scale)
            total = SAMPLES * SAMPLES
            alpha = back / total
            mix = spade / back if back else 0
            pixel = [round(g + (w - g) * mix) for g, w in zip(GREEN, WHITE, strict=True)]
            line += bytes([*pixel, round(alpha * 255)])
        rows.append(bytes(line))
    return png(size, b"".join(rows))


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("maskable-512.png", 512, True)):
        (FOLDER / name).write_bytes(draw(size, maskable=maskable))
        print(name, (FOLDER / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
