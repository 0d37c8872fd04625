"""Loading a scene's frames from `quartzite primitives` (JSON Lines), and the helpers every peer shares.

Every frame is parsed before any timing starts, so the parse is never part of a peer's frame time.
"""
import json
import math
import subprocess

IDENTITY = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]


def load_frames(quartzite, scene, frames=None, at=None, size="1280x720"):
    """The frames of `scene` (0, 1/60, ... s; or the one at `at`), each a dict as BenchPrimitiveJSON writes."""
    args = [quartzite, "primitives", scene, "--size", size]
    args += ["--at", str(at)] if at is not None else ["--frames", str(frames)]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def is_identity(t):
    return t == IDENTITY


def arc_beziers(cx, cy, r, start, sweep):
    """A circular arc as cubic Béziers of at most a quarter turn each: the start point, then (c1, c2, end)."""
    pieces = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
    step = sweep / pieces
    k = 4.0 / 3.0 * math.tan(step / 4)
    a = start
    first = (cx + r * math.cos(a), cy + r * math.sin(a))
    curves = []
    for _ in range(pieces):
        b = a + step
        ca, sa, cb, sb = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
        curves.append(((cx + r * (ca - k * sa), cy + r * (sa + k * ca)),
                       (cx + r * (cb + k * sb), cy + r * (sb - k * cb)),
                       (cx + r * cb, cy + r * sb)))
        a = b
    return first, curves
