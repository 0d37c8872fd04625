#!/usr/bin/env bash
# The live showcase driven by xdotool under Xvfb, judged from screenshots of the window and from what the
# window prints when it closes:
#   gallery    the grid opens (its dark background shows between the cells), Enter opens the selected demo
#              (which covers the whole window), Esc returns to the grid;
#   slow       T sets the demo's clock to 0.1x (the clock's own rate, printed at exit, measured over >= 2 s);
#   pause      P: two screenshots a second apart are identical, where unpaused ones differ; Right six times
#              shows another frame, and Left six times the paused one again;
#   scrub      Shift-click at x = 5 % of the width shows demo time 0.5 s (the first 10 s span the width):
#              the window matches `quartzite capture` at 0.5 s;
#   hud        H shows the HUD: its opaque dark panel appears at the top left, and goes with a second H.
# Usage: scripts/showcase-window.sh path/to/quartzite
set -euo pipefail
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for tool in xvfb-run xdotool import; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "skip showcase window test: $tool is not installed (make setup installs it)"; exit 0
  fi
done

cat >"$work/inner.sh" <<INNER
set -u
shot() { import -window "\$(xdotool search --sync --name '^Quartzite' | head -1)" -depth 8 "$work/\$1.ppm" 2>/dev/null || true; }
focus() { xdotool search --sync --name '^Quartzite' windowfocus --sync 2>/dev/null || true; }

# Gallery: open the first demo with Enter, back with Esc.
"$bin" demo --size 640x480 --duration 14 >"$work/gallery.log" 2>&1 &
pid=\$!
sleep 3; focus; shot gallery
xdotool key Return; sleep 2.5; shot opened
xdotool key Escape; sleep 2.5; shot back
wait \$pid; echo \$? >"$work/gallery.rc"

# Slow motion: T after the window is up, then at least 2 s at 0.1x before it closes.
"$bin" demo loaders --duration 5 >"$work/slow.log" 2>&1 &
pid=\$!
sleep 2; focus; xdotool key t
wait \$pid; echo \$? >"$work/slow.rc"

# Pause: unpaused shots a second apart differ; paused ones do not.
"$bin" demo loaders --duration 12 >"$work/pause.log" 2>&1 &
pid=\$!
sleep 5; focus; shot live1; sleep 1; shot live2
xdotool key p; sleep 0.5; shot paused1; sleep 1; shot paused2
# Steps: six frames on, then six back (a replay to the paused time).
xdotool key --delay 80 Right Right Right Right Right Right; sleep 0.5; shot stepped
xdotool key --delay 80 Left Left Left Left Left Left; sleep 1; shot back6
wait \$pid; echo \$? >"$work/pause.rc"

# Scrub: Shift-click at x = 20 of 400 points: demo time 0.5 s. The hint has faded by then.
"$bin" demo gradient-ring --duration 11 >"$work/scrub.log" 2>&1 &
pid=\$!
sleep 5.5; focus
win=\$(xdotool search --sync --name '^Quartzite' | head -1)
xdotool mousemove --window "\$win" 20 200 keydown shift click 1 keyup shift
sleep 1.5; shot scrubbed
# HUD: on, then off.
xdotool key h; sleep 1; shot hud
xdotool key h; sleep 1; shot nohud
wait \$pid; echo \$? >"$work/scrub.rc"
INNER
timeout 150 xvfb-run -a -s "-screen 0 1024x768x24" bash "$work/inner.sh"

for run in gallery slow pause scrub; do
  rc=$(cat "$work/$run.rc" 2>/dev/null || echo missing)
  if [[ "$rc" != 0 ]]; then echo "FAIL $run window: exited $rc"; cat "$work/$run.log"; exit 1; fi
done
"$bin" capture gradient-ring --at 0.5 --output "$work/expected.png" >/dev/null
convert "$work/expected.png" -depth 8 "$work/expected.ppm"

python3 - "$work" "$here" <<'PY'
import re, sys
work = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from ppm import read_ppm, count_pixels
failed = False
def check(ok, message):
    global failed
    print(("ok   " if ok else "FAIL ") + message)
    failed |= not ok

# Gallery: its background (28, 31, 38) fills the gaps of the grid; an opened demo covers it all.
dark = lambda name: count_pixels(f"{work}/{name}.ppm", (28, 31, 38), 6)
g, o, b = dark("gallery"), dark("opened"), dark("back")
check(g > 20000 and o < 2000 and b > 20000,
      f"gallery: grid background {g} px, after Enter {o} px, after Esc {b} px")

log = open(f"{work}/slow.log").read()
m = re.search(r"clock: ([\d.]+)x over the last ([\d.]+) s", log)
check(bool(m) and abs(float(m.group(1)) - 0.1) <= 0.01 and float(m.group(2)) >= 2,
      f"slow motion: {m.group(0) if m else 'no clock line in: ' + log}")

def pixels(name):
    try:
        return read_ppm(f"{work}/{name}.ppm") or (0, 0, b"")
    except OSError:
        return (0, 0, b"")
live = pixels("live1")[2] != pixels("live2")[2]
paused = pixels("paused1")[2] == pixels("paused2")[2]
check(live and paused, f"pause: live shots differ ({live}), paused shots identical ({paused})")
stepped = pixels("stepped")[2] != pixels("paused1")[2]
back = pixels("back6")[2] == pixels("paused1")[2]
check(stepped and back, f"steps: six frames on differ ({stepped}), six back match the paused frame ({back})")

# Scrub: compare everything but the bottom 24 rows (where the hint shows when a demo opens).
ws, hs, shot = pixels("scrubbed")
we, he, expected = pixels("expected")
worst, off = 0, 0
if (ws, hs) == (we, he):
    for i in range(0, ws * (hs - 24) * 3):
        d = abs(shot[i] - expected[i])
        worst = max(worst, d)
        off += d > 8
check((ws, hs) == (we, he) and off <= ws * hs * 3 // 1000,
      f"scrub to 0.5 s: {off} channel values off by more than 8 of {ws}x{hs} (largest {worst}) against the capture")

# The HUD's panel: (18, 18, 20), a colour the demo does not draw (its darkest, the percentage, is 51).
panel = lambda name: count_pixels(f"{work}/{name}.ppm", (18, 18, 20), 5)
check(panel("hud") > 8000 and panel("nohud") < 500 and panel("scrubbed") < 500,
      f"HUD: its panel {panel('hud')} px with H, {panel('nohud')} after a second H")
sys.exit(1 if failed else 0)
PY
