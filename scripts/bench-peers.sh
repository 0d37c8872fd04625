#!/usr/bin/env bash
# `make bench-peers`: Quartzite and cairo against skia (CPU and GL), Blend2D and ThorVG on the benchmark scenes, in
# alternating rounds, with a picture check (scripts/bench_peers/run.py has the method; BENCHMARKS.md, "Peers").
# Usage: scripts/bench-peers.sh [QUARTZITE_BINARY]
# Knobs (environment): PEERS_SCENES (s1,s2,s3,s4), PEERS_FRAMES (60), PEERS_ROUNDS (3), PEERS_SIZE (1280x720),
# PEERS_VENV (.build/peers-venv), PEERS_OUT (out/bench-peers; the table also goes to out/bench-peers.md).
set -euo pipefail
quartzite=${1:-.build/release/quartzite}
venv=${PEERS_VENV:-.build/peers-venv}
here=$(cd "$(dirname "$0")" && pwd)

# A private environment; each peer's package is installed on its own, so one that will not install is left
# out with a message and the others still run. blend2d-python is the binding with strokes and gradients (the
# blend2d-py package has neither, and both install a module named blend2d: never both).
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --upgrade pip || true
fi
"$venv/bin/pip" install -q numpy pillow
peers=()
for pair in skia:skia-python blend2d:blend2d-python thorvg:thorvg-python; do
    name=${pair%%:*}; package=${pair##*:}
    if "$venv/bin/pip" install -q "$package"; then
        peers+=("$name")
        # skia's GL backend, on an EGL surfaceless context (left out by run.py if it cannot make one).
        if [ "$name" = skia ]; then peers+=(skia-gl); fi
    else
        echo "bench-peers: $package did not install; leaving out $name" >&2
    fi
done
if "$venv/bin/pip" show -q blend2d-py >/dev/null 2>&1; then
    echo "bench-peers: blend2d-py is installed in $venv and clashes with blend2d-python (one module name); remove it: $venv/bin/pip uninstall blend2d-py" >&2
    exit 1
fi
joined=$(IFS=,; echo "${peers[*]}")
out=${PEERS_OUT:-out/bench-peers}
exec "$venv/bin/python" "$here/bench_peers/run.py" --quartzite "$quartzite" --peers "$joined" \
    --scenes "${PEERS_SCENES:-s1,s2,s3,s4}" --frames "${PEERS_FRAMES:-60}" --rounds "${PEERS_ROUNDS:-3}" \
    --size "${PEERS_SIZE:-1280x720}" --out "$out" --table "$(dirname "$out")/bench-peers.md" \
    --json-out "${PEERS_JSON:-$(dirname "$out")/bench-peers.json}"
