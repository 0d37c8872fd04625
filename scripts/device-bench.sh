#!/usr/bin/env bash
# Runs on a lent GPU machine (the `device` tool), from the repository root, with .gl/ (glvnd's packages) and
# .gpu/ (scripts/device-bundle.sh) carried: unpacks them, checks that EGL's device platform reaches the GPU,
# then writes BENCHMARKS "A real GPU"'s figures to $OUT (or out/device): every scene and demo at 1280x720, the
# scenes at 3840x2160, the gallery three times, the HUD's cost, and captures at t = 1.5 s for the picture check.
# Usage (on that machine): bash scripts/device-bench.sh
set -uo pipefail
dest=${OUT:-out/device}
mkdir -p "$dest" out
stamp() { echo "== $(date +%T) $*"; }

stamp unpack
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
tar -C /tmp -xJf .gpu/bundle.tar.xz
cp -r /tmp/root/. /
export LD_LIBRARY_PATH=/tmp/q/lib QUARTZITE_EGL_PLATFORM=device
vendor=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
[ -e /usr/share/glvnd/egl_vendor.d/10_nvidia.json ] || [ ! -e "$vendor" ] || export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor
q=/tmp/q/quartzite
{ nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader; nproc; lscpu | grep 'Model name'; } \
    >"$dest/machine.txt" 2>&1
cat "$dest/machine.txt"

stamp probe
"$q" bench s1 --headless --frames 30 --no-cairo 2>&1 | tee "$dest/probe.txt" | head -20
grep -qi nvidia "$dest/probe.txt" || { echo "EGL did not reach the GPU"; exit 1; }

stamp table 1280x720
TABLE_PEERS=0 TABLE_FRAMES=${TABLE_FRAMES:-300} bash scripts/bench-table.sh "$q" >/dev/null
cp out/bench-table.md "$dest/table-720.md"

stamp table 3840x2160
python3 scripts/bench_table.py "$q" --names s1,s2,s3,s4 --frames 200 --size 3840x2160 \
    --table out/bench-table-4k.md >/dev/null
cp out/bench-table-4k.md "$dest/table-4k.md"

stamp gallery and HUD
for i in 1 2 3; do "$q" bench gallery --headless --frames 600 --size 1280x720 --no-cairo --json; done \
    >"$dest/gallery.jsonl"
"$q" bench gallery --headless --frames 400 --size 1280x720 --no-cairo --hud-cost >"$dest/hud-cost.txt" 2>&1

stamp captures
mkdir -p out/captures
for name in $("$q" list | cut -f1); do
    "$q" capture "$name" --at 1.5 --output "out/captures/$name.png" >/dev/null 2>&1 || echo "capture $name failed"
done
tar -C out -czf "$dest/captures.tgz" captures
stamp done
