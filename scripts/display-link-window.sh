#!/usr/bin/env bash
# A running display link keeps the window's loop drawing, and a paused one lets it sleep: the display-link
# demo in a window under Xvfb. Its two CADisplayLinks place two balls every frame until the script pauses them
# at demo time 4 s. Checked: while they run the window draws about one frame per refresh interval (the
# demo's statistics line: frames shown and their median interval, at the monitor's rate or 60 Hz where Xvfb
# reports none) and the balls move between two screenshots; once paused the screen stays still and the
# process uses next to no CPU (utime + stime in /proc/PID/stat over 5 s).
# Usage: scripts/display-link-window.sh path/to/quartzite
set -euo pipefail
bin=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "skip display link window test: xvfb-run is not installed (make setup installs it)"
  exit 0
fi

cat >"$work/inner.sh" <<INNER
set -u
cpu() { python3 -c 'import sys,os; f=open(sys.argv[1]).read().rsplit(")",1)[1].split(); print((int(f[11])+int(f[12]))/os.sysconf("SC_CLK_TCK"))' /proc/\$1/stat; }
"$bin" demo display-link --duration 13 >"$work/demo.log" 2>&1 &
pid=\$!
# The window opens within about a second; demo time is a little behind process time.
sleep 2.2
import -window root -depth 8 "$work/moving-1.ppm" 2>/dev/null || true
sleep 0.4
import -window root -depth 8 "$work/moving-2.ppm" 2>/dev/null || true
sleep 4.4
cpu \$pid >"$work/cpu-paused"
import -window root -depth 8 "$work/paused-1.ppm" 2>/dev/null || true
sleep 5
cpu \$pid >"$work/cpu-idle"
import -window root -depth 8 "$work/paused-2.ppm" 2>/dev/null || true
wait \$pid
echo \$? >"$work/demo.rc"
INNER
timeout 90 xvfb-run -a -s "-screen 0 640x480x24" bash "$work/inner.sh"

rc=$(cat "$work/demo.rc" 2>/dev/null || echo missing)
if [[ "$rc" != 0 ]]; then echo "FAIL display link window: demo exited $rc"; cat "$work/demo.log"; exit 1; fi

python3 - "$work" "$(cd "$(dirname "$0")" && pwd)" <<'PY'
import re, sys
work = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from ppm import read_ppm

log = open(work + "/demo.log").read()
m = re.search(r"display-link: (\d+) frames in [\d.]+ s, median frame interval ([\d.]+) ms", log)
if not m:
    print("FAIL display link window: no statistics line in the demo's output:\n" + log)
    sys.exit(1)
frames, median = int(m.group(1)), float(m.group(2))
# 4 s of links at 60 Hz is 240 frames; a debug build on a busy machine may miss some.
if not (150 <= frames <= 300 and 14 <= median <= 20):
    print(f"FAIL display link window: {frames} frames, median interval {median} ms (want 150-300 frames about 16.7 ms apart)")
    sys.exit(1)
print(f"ok   links running: {frames} frames drawn, median interval {median} ms")

def pixels(name):
    image = read_ppm(f"{work}/{name}.ppm")
    if image is None:
        print(f"FAIL display link window: no screenshot {name}")
        sys.exit(1)
    return image[2]

if pixels("moving-1") == pixels("moving-2"):
    print("FAIL display link window: the balls did not move between two screenshots 0.4 s apart")
    sys.exit(1)
print("ok   the balls move while the links run")
if pixels("paused-1") != pixels("paused-2"):
    print("FAIL display link window: the screen changed after the links were paused")
    sys.exit(1)
idle = float(open(work + "/cpu-idle").read()) - float(open(work + "/cpu-paused").read())
# A loop woken 60 times a second costs a few tenths of a second per 5 s here; a sleeping one 0.
if idle >= 0.1:
    print(f"FAIL display link window: {idle:.2f} s of CPU in 5 s after the links were paused (want < 0.1)")
    sys.exit(1)
print(f"ok   paused links let the loop sleep: {idle:.2f} s of CPU in 5 s, the screen unchanged")
PY
