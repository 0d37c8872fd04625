"""The one current table of BENCHMARKS.md: every scene and demo at one size, Quartzite's median and p99, frame /
ink floor, processor time a frame (every thread's, the rasteriser's too) and the cores it kept busy, and for the
scenes each peer's ratio from the peers' alternated run (make bench-peers).

Each round runs `quartzite bench NAME --headless --json` once for every name, in a rotated order, so no name
always follows the same one; a name's figures are the medians over rounds of each run's median, p99, frame /
ink floor, processor time a frame and cores busy. Usage: bench_table.py QUARTZITE --names a,b,... [--rounds 3]
[--frames 150] [--size 1280x720] [--peers out/bench-peers.json] [--table out/bench-table.md]

On a hardware GPU (QUARTZITE_EGL_PLATFORM=device) the table gains a column of the GL timer query's median, the
GPU's own time for a frame's commands; on llvmpipe that query times the driver's queueing, not its rasteriser
threads, so the column is left out there. Every run's report is also written beside the table, as JSON.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_peers"))
from table_file import publish  # noqa: E402

PEERS = ["cairo", "skia", "skia-gl", "blend2d", "thorvg"]


def run(quartzite, name, frames, size):
    out = subprocess.run([quartzite, "bench", name, "--headless", "--frames", str(frames), "--size", size,
                          "--no-cairo", "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def peer_ratios(path):
    """peer / Quartzite median ratios by scene, from the peers' run (above 1: Quartzite is faster)."""
    if not path or not os.path.exists(path):
        return {}, ""
    with open(path) as f:
        data = json.load(f)
    ratios = {}
    for row in data["rows"]:
        ratios.setdefault(row["scene"], {})[row["renderer"]] = row["overQuartzite"]
    return ratios, data.get("renderer", "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("quartzite")
    parser.add_argument("--names", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--frames", type=int, default=150)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--peers", default="")
    parser.add_argument("--table", default="out/bench-table.md")
    args = parser.parse_args()
    names = [n for n in args.names.split(",") if n]
    runs = {n: [] for n in names}
    renderer = ""
    for r in range(args.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            report = run(args.quartzite, name, args.frames, args.size)
            renderer = report.get("renderer", renderer)
            runs[name].append(report)
        print(f"bench-table: round {r + 1}/{args.rounds} done", file=sys.stderr)
    ratios, peers_renderer = peer_ratios(args.peers)
    timed = "llvmpipe" not in renderer and any(r.get("gpuTimerMs") is not None for rs in runs.values() for r in rs)
    timer_head, timer_rule = (" gpu timer ms |", "---:|") if timed else ("", "")
    lines = [f"{len(names)} scenes and demos at {args.size} on {renderer}, {args.frames} frames a run, {args.rounds} "
             "rounds in rotated order; median over rounds of each run's median, p99 and frame / ink floor (ink: "
             "canvases of pixels a frame, overdraw counted) and of each run's mean processor time a frame, all "
             "threads, and cores busy (that time over the frames' wall time). Peer columns: peer median / "
             "Quartzite median in the peers' alternated run (above 1: Quartzite is faster).", "",
             "| scene or demo | median ms | p99 ms |" + timer_head + " ink (canvases) | frame / ink floor | "
             "cpu ms a frame | cores busy | " + " | ".join(PEERS) + " |",
             "|---|---:|---:|" + timer_rule + "---:|---:|---:|---:|" + "---:|" * len(PEERS)]
    for name in names:
        reports = runs[name]
        median = statistics.median(r["medianMs"] for r in reports)
        p99 = statistics.median(r["p99Ms"] for r in reports)
        pixels = reports[0]["width"] * reports[0]["height"]
        inks = [r["inkPixels"] / pixels for r in reports if r.get("inkPixels") is not None]
        floors = [r["overInkFloor"] for r in reports if r.get("overInkFloor") is not None]
        ink = f"{statistics.median(inks):.2f}" if inks else "-"
        over = f"{statistics.median(floors):.2f}" if floors else "-"
        uses = [r["processor"] for r in reports if r.get("processor") is not None]
        cpu = f"{statistics.median(u['cpuMsPerFrame'] for u in uses):.2f}" if uses else "-"
        busy = f"{statistics.median(u['coresBusy'] for u in uses):.2f}" if uses else "-"
        peer = [f"{ratios[name][p]:.2f}" if p in ratios.get(name, {}) else "" for p in PEERS]
        timers = [r["gpuTimerMs"] for r in reports if r.get("gpuTimerMs") is not None]
        timer = (f" {statistics.median(timers):.3f} |" if timers else " - |") if timed else ""
        lines.append(f"| {name} | {median:.2f} | {p99:.2f} |{timer} {ink} | {over} | {cpu} | {busy} | " + " | ".join(peer) + " |")
    publish("\n".join(lines) + "\n", args.table)
    publish(json.dumps({"renderer": renderer, "size": args.size, "runs": runs}, indent=1) + "\n",
            os.path.splitext(args.table)[0] + ".json", echo=False)


if __name__ == "__main__":
    main()
