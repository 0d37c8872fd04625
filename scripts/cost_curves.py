#!/usr/bin/env python3
"""The cost-curve table and chart from the JSON reports of `quartzite bench sN --count N --json`.

Usage: cost_curves.py RESULTS_DIR TABLE.md CHART.svg

RESULTS_DIR holds one report per run, named SCENE-COUNT-WxH.json (scripts/cost-curves.sh writes them). The
table (Markdown) has a row per scene, count and size; the chart plots frame time (log) against elements (log),
a panel per scene, a colour per canvas size, Quartzite solid and cairo dashed, the textured-quad floor dotted.
Standard library only, so it runs wherever the bench does.
"""

import json
import math
import os
import re
import sys

SCENES = {
    "s1": "S1 splash-grid (tiles shrink to fit)",
    "s3": "S3 polylines",
    "s4": "S4 stars",
}
# One colour per canvas size, light to dark as the pixels grow (readable on white, and apart in grey).
SIZE_COLOURS = {
    (1280, 720): "#1b9e77",
    (1920, 1080): "#d95f02",
    (3840, 2160): "#7570b3",
}
NAME = re.compile(r"^(s\d)-(\d+)-(\d+)x(\d+)\.json$")


def load(directory):
    """Every report in `directory`, as dicts with the figures the table and chart need."""
    runs = []
    for name in sorted(os.listdir(directory)):
        match = NAME.match(name)
        if not match:
            continue
        with open(os.path.join(directory, name)) as f:
            report = json.load(f)
        reference = report.get("reference") or {}
        runs.append({
            "scene": match.group(1),
            "count": report.get("elements") or int(match.group(2)),
            "size": (report["width"], report["height"]),
            "frames": report["frames"],
            "median": report["medianMs"],
            "p99": report["p99Ms"],
            "quad": report["floorQuadMs"],
            "vertices": report["verticesPerFrame"],
            "draws": report["drawCallsPerFrame"],
            "cairo_frames": reference.get("frames"),
            "cairo_median": reference.get("medianMs"),
            "cairo_p99": reference.get("p99Ms"),
            "renderer": report.get("renderer", ""),
        })
    runs.sort(key=lambda r: (r["scene"], r["size"][0] * r["size"][1], r["count"]))
    return runs


def median(values):
    """The middle value, or the mean of the middle two."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def ms(value):
    """A time in ms at three significant figures (or a dash when missing)."""
    if value is None:
        return "-"
    if value >= 100:
        return "%.0f" % value
    if value >= 10:
        return "%.1f" % value
    return "%.2f" % value


def table(runs):
    """The Markdown table: a row per scene, size and count."""
    lines = [
        "| scene | elements | size | frames (Q / cairo) | Quartzite median | Quartzite p99 | cairo median | cairo p99 "
        "| cairo / Quartzite | quad floor | Quartzite / quad floor | vertices, draws |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in runs:
        ratio = r["cairo_median"] / r["median"] if r["cairo_median"] and r["median"] > 0 else None
        lines.append("| %s | %d | %dx%d | %d / %s | %s | %s | %s | %s | %s | %s | %s | %d, %d |" % (
            r["scene"].upper(), r["count"], r["size"][0], r["size"][1], r["frames"],
            r["cairo_frames"] if r["cairo_frames"] is not None else "-",
            ms(r["median"]), ms(r["p99"]), ms(r["cairo_median"]), ms(r["cairo_p99"]),
            "%.2f" % ratio if ratio is not None else "-", ms(r["quad"]),
            "%.1f" % (r["median"] / r["quad"]) if r["quad"] > 0 else "-", r["vertices"], r["draws"]))
    return "\n".join(lines) + "\n"


def log_ticks(low, high, steps=(1, 2, 5)):
    """Round values (1, 2, 5 times a power of ten) from `low` to `high`."""
    ticks = []
    for exponent in range(math.floor(math.log10(low)) - 1, math.ceil(math.log10(high)) + 1):
        for step in steps:
            value = step * 10 ** exponent
            if low <= value <= high:
                ticks.append(value)
    return ticks


def label(value):
    """A tick's label: 1,000 rather than 1000.0; 0.5 rather than 5e-01."""
    if value >= 1:
        return "{:,}".format(int(round(value)))
    return ("%g" % value)


def chart(runs):
    """The SVG: a panel per scene sharing a log time axis, a line per size and renderer, and a legend."""
    scenes = [s for s in SCENES if any(r["scene"] == s for r in runs)]
    times = [v for r in runs for v in (r["median"], r["cairo_median"], r["quad"]) if v]
    y_low = 10 ** math.floor(math.log10(min(times)))
    y_high = 10 ** math.ceil(math.log10(max(times)))
    panel_w, panel_h, gap = 330, 380, 28
    left, top, bottom, legend_h = 70, 84, 58, 78
    width = left + len(scenes) * panel_w + (len(scenes) - 1) * gap + 20
    height = top + panel_h + bottom + legend_h
    renderer = runs[0]["renderer"].split(" (")[0].split("/")[0] or "llvmpipe"
    has_cairo = any(r["cairo_median"] for r in runs)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">' % (width, height, width, height),
        '<rect width="100%" height="100%" fill="white"/>',
        '<text x="%d" y="24" font-size="16" font-weight="bold">Frame time against elements and pixels '
        '(median, ms; log scales)</text>' % left,
        '<text x="%d" y="44" fill="#555">Quartzite (OpenGL on %s) solid, %stextured full-canvas quad floor '
        'dotted; one colour per canvas size</text>' % (left, renderer, "cairo (CPU) dashed, " if has_cairo else ""),
    ]

    def y_of(value):
        return top + panel_h * (1 - (math.log10(value) - math.log10(y_low)) / (math.log10(y_high) - math.log10(y_low)))

    for index, scene in enumerate(scenes):
        x0 = left + index * (panel_w + gap)
        scene_runs = [r for r in runs if r["scene"] == scene]
        counts = sorted({r["count"] for r in scene_runs})
        x_low, x_high = counts[0] / 1.25, counts[-1] * 1.25

        def x_of(value):
            return x0 + panel_w * (math.log10(value) - math.log10(x_low)) / (math.log10(x_high) - math.log10(x_low))

        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>' % (x0, top, panel_w, panel_h))
        out.append('<text x="%.1f" y="%d" text-anchor="middle" font-weight="bold">%s</text>'
                   % (x0 + panel_w / 2, top - 6, SCENES[scene]))
        for tick in log_ticks(y_low, y_high):
            y = y_of(tick)
            major = math.log10(tick) == round(math.log10(tick))
            out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s"/>'
                       % (x0, y, x0 + panel_w, y, "#ccc" if major else "#eee"))
            if index == 0:
                out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (x0 - 6, y + 4, label(tick)))
        for count in counts:
            x = x_of(count)
            out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/>' % (x, top, x, top + panel_h))
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x, top + panel_h + 16, label(count)))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                   % (x0 + panel_w / 2, top + panel_h + 36, "elements (layers) drawn"))

        for size, colour in SIZE_COLOURS.items():
            points = [r for r in scene_runs if r["size"] == size]
            if not points:
                continue
            for key, dash, stroke in (("median", "", 2.5), ("cairo_median", ' stroke-dasharray="7 4"', 2)):
                coords = [(x_of(r["count"]), y_of(r[key])) for r in points if r[key]]
                if not coords:
                    continue
                out.append('<polyline fill="none" stroke="%s" stroke-width="%s"%s points="%s"/>'
                           % (colour, stroke, dash, " ".join("%.1f,%.1f" % c for c in coords)))
                for cx, cy in coords:
                    shape = ('<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"/>' % (cx, cy, colour) if key == "median"
                             else '<rect x="%.1f" y="%.1f" width="6" height="6" fill="white" stroke="%s" stroke-width="1.5"/>'
                             % (cx - 3, cy - 3, colour))
                    out.append(shape)
            quad = median(r["quad"] for r in points)
            out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="1" stroke-dasharray="2 3"/>'
                       % (x0, y_of(quad), x0 + panel_w, y_of(quad), colour))

    out.append('<text x="18" y="%.1f" text-anchor="middle" transform="rotate(-90 18 %.1f)">frame time, ms (median)</text>'
               % (top + panel_h / 2, top + panel_h / 2))

    # The legend: colours for sizes, then the three line styles.
    ly = top + panel_h + bottom + 12
    x = left
    for size, colour in SIZE_COLOURS.items():
        floors = [r["quad"] for r in runs if r["size"] == size]
        if not floors:
            continue
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="6"/>' % (x, ly, x + 24, ly, colour))
        # The run's median quad floor beside each size, so readers on another machine can scale.
        out.append('<text x="%d" y="%d">%dx%d (%.1f Mpx; quad floor %s ms)</text>'
                   % (x + 30, ly + 4, size[0], size[1], size[0] * size[1] / 1e6, ms(median(floors))))
        x += 300
    ly += 26
    x = left
    styles = [("Quartzite", "", "circle"), ("cairo", "7 4", "square"), ("textured-quad floor", "2 3", None)]
    for text, dash, marker in (s for s in styles if has_cairo or s[0] != "cairo"):
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333" stroke-width="2"%s/>'
                   % (x, ly, x + 36, ly, ' stroke-dasharray="%s"' % dash if dash else ""))
        if marker == "circle":
            out.append('<circle cx="%d" cy="%d" r="3.5" fill="#333"/>' % (x + 18, ly))
        elif marker == "square":
            out.append('<rect x="%d" y="%d" width="6" height="6" fill="white" stroke="#333" stroke-width="1.5"/>' % (x + 15, ly - 3))
        out.append('<text x="%d" y="%d">%s</text>' % (x + 44, ly + 4, text))
        x += 300
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    runs = load(argv[1])
    if not runs:
        sys.stderr.write("cost_curves.py: no SCENE-COUNT-WxH.json reports in %s\n" % argv[1])
        return 1
    with open(argv[2], "w") as f:
        f.write(table(runs))
    with open(argv[3], "w") as f:
        f.write(chart(runs))
    sys.stdout.write(table(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
