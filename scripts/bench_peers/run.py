"""`make bench-peers`: Quartzite (and cairo, in the same `quartzite bench` process) against skia, Blend2D and
ThorVG drawing the same benchmark scenes (skia both on the CPU and on GL through EGL, surfaceless), in alternating rounds, with a picture check of each.

Per scene:
  1. the frames (0, 1/60, ... s) come from `quartzite primitives` and are parsed before any timing;
  2. each round runs `quartzite bench SCENE --headless --json` (Quartzite on GL, then cairo on the CPU, same
     frames), then each peer draws every frame (clear, draw, flush to pixels), the peers' order rotating by
     round; a peer's frame time is that whole call, Python's calls into the library included;
  3. the first 5 frames of a run are left out (as `quartzite bench` does); a run's median and p99 use its
     percentile rule; the table shows the median over rounds of each run's median and p99;
  4. the frame at t = 1 s from every renderer is written as PNG (over white) and compared with Quartzite's
     capture: mean absolute difference per channel (0-255) and the share of pixels off by more than 32.
"""
import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import time

from imagediff import difference, over_white_png, over_white_premultiplied, save_premultiplied
from scene import load_frames
from table_file import publish

PEERS = {"skia": ("skia_peer", "SkiaPeer"), "skia-gl": ("skia_gl_peer", "SkiaGLPeer"), "blend2d": ("blend2d_peer", "Blend2DPeer"),
         "thorvg": ("thorvg_peer", "ThorVGPeer")}


def percentile(sorted_values, p):
    """The same rule as QuartziteBench's Percentile.of."""
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(round((len(sorted_values) - 1) * p)))]


def steady(values):
    return values[5:] if len(values) > 20 else values


def load_peers(names):
    """The peers whose package imports; a missing one is reported and left out."""
    peers = {}
    for name in names:
        module, cls = PEERS[name]
        try:
            peers[name] = getattr(importlib.import_module(module), cls)
        except Exception as error:  # an install that failed, or a library that will not load
            print(f"bench-peers: leaving out {name}: {error}", file=sys.stderr)
    return peers


def time_peer(peer, frames):
    times = []
    for frame in frames:
        t0 = time.perf_counter_ns()
        peer.draw(frame)
        times.append((time.perf_counter_ns() - t0) / 1e6)
    s = sorted(steady(times))
    return percentile(s, 0.5), percentile(s, 0.99)


def run_quartzite(quartzite, scene, frames, size):
    out = subprocess.run([quartzite, "bench", scene, "--headless", "--frames", str(frames), "--size", size, "--json"],
                         check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    ref = r.get("reference") or {}
    return (r["medianMs"], r["p99Ms"]), (ref.get("medianMs", 0.0), ref.get("p99Ms", 0.0)), r.get("renderer", "")


def pictures(quartzite, scene, instances, size, folder):
    """Each renderer's frame at t = 1 s as PNG, and its difference from Quartzite's."""
    base = os.path.join(folder, scene)
    subprocess.run([quartzite, "capture", scene, "--at", "1", "--size", size, "--output", base + "-quartzite.png"],
                   check=True, capture_output=True)
    subprocess.run([quartzite, "capture", scene, "--cairo", "--at", "1", "--size", size, "--output", base + "-cairo.png"],
                   check=True, capture_output=True)
    reference = over_white_png(base + "-quartzite.png")
    diffs = {"quartzite": (0.0, 0.0), "cairo": difference(over_white_png(base + "-cairo.png"), reference)}
    frame = load_frames(quartzite, scene, at=1.0, size=size)[0]
    for name, peer in instances.items():
        peer.draw(frame)
        rgba = peer.rgba()
        save_premultiplied(rgba, f"{base}-{name}.png")
        diffs[name] = difference(over_white_premultiplied(rgba), reference)
    return diffs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quartzite", default=".build/release/quartzite")
    parser.add_argument("--scenes", default="s1,s2,s3,s4")
    parser.add_argument("--peers", default="skia,skia-gl,blend2d,thorvg")
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--out", default="out/bench-peers")
    parser.add_argument("--table", default="out/bench-peers.md")
    parser.add_argument("--json-out", default="", help="also write the rows as JSON here (for make bench-table)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    peers = load_peers([p for p in args.peers.split(",") if p])
    w, h = (int(v) for v in args.size.split("x"))
    rows, gl = [], ""
    for scene in args.scenes.split(","):
        frames = load_frames(args.quartzite, scene, frames=args.frames, size=args.size)  # parsed before timing
        instances = {}
        for name, cls in list(peers.items()):
            try:
                instances[name] = cls(w, h)
            except Exception as error:  # skia-gl without a GL context, say
                print(f"bench-peers: leaving out {name}: {error}", file=sys.stderr)
                del peers[name]
        runs = {name: [] for name in ["quartzite", "cairo", *instances]}
        for r in range(args.rounds):
            q, c, gl = run_quartzite(args.quartzite, scene, args.frames, args.size)
            runs["quartzite"].append(q)
            runs["cairo"].append(c)
            order = list(instances)
            order = order[r % len(order):] + order[:r % len(order)] if order else order
            for name in order:
                runs[name].append(time_peer(instances[name], frames))
            print(f"bench-peers: {scene} round {r + 1}/{args.rounds} done", file=sys.stderr)
        diffs = pictures(args.quartzite, scene, instances, args.size, args.out)
        q_median = statistics.median(m for m, _ in runs["quartzite"])
        for name, values in runs.items():
            median = statistics.median(m for m, _ in values)
            p99 = statistics.median(p for _, p in values)
            mad, off = diffs.get(name, (float("nan"), float("nan")))
            rows.append((scene, name, median, p99, median / q_median if q_median else float("nan"), mad, off))
    write_table(rows, args, gl)
    if args.json_out:
        keys = ("scene", "renderer", "medianMs", "p99Ms", "overQuartzite", "meanAbsDiff", "percentOff")
        with open(args.json_out, "w") as f:
            json.dump({"renderer": gl, "rows": [dict(zip(keys, row)) for row in rows]}, f, indent=1)


def write_table(rows, args, gl):
    lines = [f"Scenes {args.scenes} at {args.size}, {args.frames} frames a run (first 5 left out), "
             f"{args.rounds} rounds alternating; Quartzite on {gl or 'GL'}. Median over rounds of each run's "
             "median and p99. Picture: frame at t = 1 s against Quartzite's capture, over white.", "",
             "| scene | renderer | median ms | p99 ms | median / Quartzite | mean abs diff | % px off > 32 |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for scene, name, median, p99, ratio, mad, off in rows:
        lines.append(f"| {scene} | {name} | {median:.2f} | {p99:.2f} | {ratio:.2f} | {mad:.2f} | {off:.3f} |")
    publish("\n".join(lines) + "\n", args.table)


if __name__ == "__main__":
    main()
