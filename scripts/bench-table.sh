#!/usr/bin/env bash
# `make bench-table`: the table BENCHMARKS.md opens with. The peers' alternated run on the scenes first
# (scripts/bench-peers.sh: cairo, skia CPU and GL, Blend2D, ThorVG), then every scene and demo in rotated
# rounds (scripts/bench_table.py); the table goes to out/bench-table.md and is printed.
# Usage: scripts/bench-table.sh [QUARTZITE_BINARY]
# Knobs (environment): TABLE_ROUNDS (3), TABLE_FRAMES (150), TABLE_SIZE (1280x720), TABLE_PEERS (1: run the
# peers; 0: leave their columns empty), and bench-peers.sh's own.
set -euo pipefail
quartzite=${1:-.build/release/quartzite}
here=$(cd "$(dirname "$0")" && pwd)
size=${TABLE_SIZE:-1280x720}
peers_json=out/bench-peers.json
rm -f "$peers_json"
if [ "${TABLE_PEERS:-1}" = 1 ]; then
    PEERS_SIZE=$size PEERS_JSON=$peers_json bash "$here/bench-peers.sh" "$quartzite" >/dev/null
fi
demos=$("$quartzite" list | cut -f1 | grep -v '^s[0-9]$' | paste -sd, -)
python3 "$here/bench_table.py" "$quartzite" --names "s1,s2,s3,s4,$demos,gallery" --rounds "${TABLE_ROUNDS:-3}" \
    --frames "${TABLE_FRAMES:-150}" --size "$size" --peers "$peers_json" --table out/bench-table.md
