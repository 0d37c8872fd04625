#!/usr/bin/env bash
# Cost curves: S1, S3 and S4 at several element counts and canvas sizes, Quartzite (headless, llvmpipe
# without a GPU) and cairo drawing the same frames in the same run. Writes the JSON of every run to
# OUT_DIR, a Markdown table to OUT_DIR/cost-curves.md (and stdout), and the chart to CHART.
# Progress goes to stderr.
#
# Usage: scripts/cost-curves.sh [QUARTZITE_BINARY] [OUT_DIR] [CHART]
#   FRAMES (default 60): frames of a light run. A frame's cost grows with elements x pixels, and on llvmpipe
#   S3's 10,000 polylines at 3840x2160 take seconds a frame (both renderers), so runs get fewer frames as
#   elements x megapixels grow: up to 3,000 all of FRAMES, up to 10,000 half, up to 30,000 two fifths, above
#   that a fifth (never fewer than 8). That keeps the default grid to about 10 minutes on two cores. The
#   bench leaves out the first 5 frames (warm-up) of runs of more than 20 frames; shorter runs keep them.
#   S1_COUNTS, S3_COUNTS, S4_COUNTS, SIZES override the grid (space-separated; an empty list skips that scene).
#   CAIRO=0 leaves cairo out (Quartzite alone, as on a GPU machine with QUARTZITE_EGL_PLATFORM=device).
set -euo pipefail

BIN=${1:-.build/release/quartzite}
OUT_DIR=${2:-out/cost-curves}
CHART=${3:-docs/cost-curves.svg}
FRAMES=${FRAMES:-60}
S1_COUNTS=${S1_COUNTS-336 1000 3000 10000}
S3_COUNTS=${S3_COUNTS-1000 3000 10000}
S4_COUNTS=${S4_COUNTS-500 1500 5000}
SIZES=${SIZES:-1280x720 1920x1080 3840x2160}

here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$BIN" ]; then
	echo "cost-curves: no quartzite binary at $BIN (build it: swift build -c release --product quartzite)" >&2
	exit 1
fi
mkdir -p "$OUT_DIR" "$(dirname "$CHART")"
rm -f "$OUT_DIR"/s[0-9]-*.json

# Frames for a run: fewer where a frame is slow (elements x megapixels), so the grid stays in its time.
frames_for() {
	local count=$1 size=$2 load n
	load=$((count * ${size%x*} * ${size#*x} / 1000000))
	if [ "$load" -le 3000 ]; then n=$FRAMES
	elif [ "$load" -le 10000 ]; then n=$((FRAMES / 2))
	elif [ "$load" -le 30000 ]; then n=$((FRAMES * 2 / 5))
	else n=$((FRAMES / 5)); fi
	echo $((n < 8 ? 8 : n))
}

no_cairo=
if [ "${CAIRO:-1}" = 0 ]; then no_cairo=--no-cairo; fi
start=$(date +%s)
runs=0
for size in $SIZES; do
	for scene in s1 s3 s4; do
		case $scene in s1) counts=$S1_COUNTS ;; s3) counts=$S3_COUNTS ;; s4) counts=$S4_COUNTS ;; esac
		for count in $counts; do
			frames=$(frames_for "$count" "$size")
			out="$OUT_DIR/$scene-$count-$size.json"
			t0=$(date +%s)
			"$BIN" bench "$scene" --headless --count "$count" --size "$size" --frames "$frames" $no_cairo --json > "$out"
			runs=$((runs + 1))
			echo "cost-curves: $scene x $count at $size, $frames frames: $(( $(date +%s) - t0 )) s (total $(( $(date +%s) - start )) s, load $(cut -d' ' -f1 /proc/loadavg))" >&2
		done
	done
done
echo "cost-curves: $runs runs in $(( $(date +%s) - start )) s; table in $OUT_DIR/cost-curves.md, chart in $CHART" >&2
python3 "$here/cost_curves.py" "$OUT_DIR" "$OUT_DIR/cost-curves.md" "$CHART"
