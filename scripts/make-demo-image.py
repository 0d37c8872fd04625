#!/usr/bin/env python3
"""Makes Demos/Resources/landscape.png, the picture the circular-loader demo reveals.

The project draws it itself (no third-party photo, so no licence question): four solid quadrants in the
colours of ../shared/DEMOS.md (so captures can be probed), with a soft sun and hills across them.
Deterministic: the same bytes every run. Standard library only.
"""
import math, struct, zlib, sys

W = H = 320
TL, TR, BL, BR = (255, 128, 0), (0, 160, 255), (128, 0, 255), (0, 200, 100)

def pixel(x, y):
    base = (TL if x < 160 else TR) if y < 160 else (BL if x < 160 else BR)
    r, g, b = base
    # A pale sun in the top-right quadrant, away from every probe point.
    d = math.hypot(x + 0.5 - 250, y + 0.5 - 60)
    if d < 28:
        k = min(1.0, 28 - d)  # one-pixel antialiased edge
        r, g, b = (round(r + (255 - r) * 0.8 * k), round(g + (250 - g) * 0.8 * k), round(b + (205 - b) * 0.8 * k))
    # A darker hill line in the bottom-left quadrant.
    hill = 290 - 18 * math.sin((x + 0.5) / 22.0)
    if x < 160 and y + 0.5 > hill:
        r, g, b = (r * 3 // 4, g * 3 // 4, b * 3 // 4)
    return r, g, b

def png(path):
    rows = b"".join(b"\x00" + bytes(c for x in range(W) for c in pixel(x, y)) for y in range(H))
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))

png(sys.argv[1] if len(sys.argv) > 1 else "Demos/Resources/landscape.png")
