#!/usr/bin/env bash
# The window natively on Wayland: the display-link demo under a headless Weston, through the Wayland build of
# GLFW 3.3 (Debian's libglfw3-wayland, unpacked into .build/glfw-wayland and found through LD_LIBRARY_PATH, so
# the X11 build stays installed). Weston's headless backend has no input device, so a scripted tap
# (`--pointer`) at demo time 1 s pauses the demo's display links. Checked:
# - GLFW ran on Wayland: DISPLAY is unset (the X11 build cannot open a window then), and the process has the
#   private libglfw.so.3 and libwayland-client mapped, not the system's libglfw;
# - the window drew its frames: the statistics line counts at least 20, at most 2.5 s worth (the links stop
#   at the tap; without it they would run until the script's own pause at 4 s, about 4 s worth);
# - the demo handled the 3 scripted pointer events, and once paused the loop sleeps (under 0.1 s of CPU
#   in 1.5 s);
# - it prints nothing besides that line (no GLFW or EGL complaints) and exits 0 after --duration.
# Skips only where weston is not installed (make setup installs it on Debian).
# Usage: scripts/wayland-window.sh path/to/quartzite
set -euo pipefail
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
weston_pid=""
demo_pid=""
cleanup() {
  [[ -n "$demo_pid" ]] && kill "$demo_pid" 2>/dev/null
  [[ -n "$weston_pid" ]] && kill "$weston_pid" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

if ! command -v weston >/dev/null 2>&1; then
  echo "skip Wayland window test: weston is not installed (make setup installs it with apt-get; elsewhere install weston)"
  exit 0
fi

# The Wayland build of GLFW, unpacked once into a private folder (the package conflicts with libglfw3).
glfw_root="$root/.build/glfw-wayland"
glfw_lib=$(find "$glfw_root" -name libglfw.so.3 2>/dev/null | head -1 || true)
if [[ -z "$glfw_lib" ]]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "FAIL Wayland window: no apt-get to fetch libglfw3-wayland; unpack the Wayland build of GLFW 3.3 into $glfw_root"
    exit 1
  fi
  # apt-get download writes into the current folder; a machine with no package lists yet needs an update.
  if ! (cd "$work" && timeout 120 apt-get download libglfw3-wayland >"$work/download.log" 2>&1); then
    [[ $(id -u) -eq 0 ]] && timeout 300 apt-get update -qq >/dev/null 2>&1 || true
    (cd "$work" && timeout 120 apt-get download libglfw3-wayland >"$work/download.log" 2>&1) || {
      echo "FAIL Wayland window: apt-get download libglfw3-wayland failed:"; cat "$work/download.log"; exit 1; }
  fi
  rm -rf "$glfw_root"
  dpkg -x "$work"/libglfw3-wayland_*.deb "$glfw_root"
  glfw_lib=$(find "$glfw_root" -name libglfw.so.3 | head -1)
  echo "ok   unpacked libglfw3-wayland into $glfw_root"
fi
glfw_dir=$(dirname "$glfw_lib")
# The process maps the file the soname link points at.
glfw_lib=$(realpath "$glfw_lib")

# A compositor of our own: private runtime folder (Wayland wants mode 700), its own socket, never idle.
export XDG_RUNTIME_DIR="$work/xdg"
mkdir -m 700 "$XDG_RUNTIME_DIR"
socket="quartzite-test-$$"
timeout 60 weston --backend=headless-backend.so --socket="$socket" --idle-time=0 --no-config \
  --log="$work/weston.log" >/dev/null 2>&1 &
weston_pid=$!
for _ in $(seq 50); do [[ -S "$XDG_RUNTIME_DIR/$socket" ]] && break; sleep 0.1; done
if [[ ! -S "$XDG_RUNTIME_DIR/$socket" ]]; then
  echo "FAIL Wayland window: weston made no socket in 5 s:"; cat "$work/weston.log"; exit 1
fi

cpu() { python3 -c 'import sys,os; f=open(sys.argv[1]).read().rsplit(")",1)[1].split(); print((int(f[11])+int(f[12]))/os.sysconf("SC_CLK_TCK"))' "/proc/$1/stat"; }
env -u DISPLAY WAYLAND_DISPLAY="$socket" LD_LIBRARY_PATH="$glfw_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  timeout 30 "$bin" demo display-link --duration 6 \
  --pointer 0.8,move,160,60 --pointer 1,down,160,60 --pointer 1.05,up,160,60 >"$work/demo.log" 2>&1 &
demo_pid=$!
# The window opens within about a second; by 3.5 s of process time the tap has paused the links. The demo is
# timeout's child.
sleep 3.5
quartzite_pid=$(cat "/proc/$demo_pid/task/$demo_pid/children" 2>/dev/null | awk '{print $1}' || true)
cp "/proc/$quartzite_pid/maps" "$work/maps" 2>/dev/null || true
cpu "$quartzite_pid" >"$work/cpu-paused" 2>/dev/null || echo missing >"$work/cpu-paused"
sleep 1.5
cpu "$quartzite_pid" >"$work/cpu-idle" 2>/dev/null || echo missing >"$work/cpu-idle"
rc=0; wait "$demo_pid" || rc=$?
demo_pid=""
if [[ $rc -ne 0 ]]; then echo "FAIL Wayland window: demo exited $rc:"; cat "$work/demo.log"; exit 1; fi

python3 - "$work" "$glfw_lib" <<'PY'
import os, re, sys
work, glfw_lib = sys.argv[1], sys.argv[2]

def fail(message):
    print("FAIL Wayland window: " + message)
    sys.exit(1)

maps = open(work + "/maps").read() if os.path.exists(work + "/maps") else ""
libs = {line.split()[-1] for line in maps.splitlines() if len(line.split()) >= 6}
glfws = sorted(lib for lib in libs if "libglfw.so" in lib)
if glfws != [glfw_lib] or not any("libwayland-client.so" in lib for lib in libs):
    fail(f"GLFW did not run from the Wayland build: libglfw mapped {glfws or 'none'}, want {glfw_lib} with libwayland-client")
print(f"ok   GLFW from the Wayland build, with libwayland-client, DISPLAY unset")

log = open(work + "/demo.log").read()
lines = [line for line in log.splitlines() if line.strip()]
m = re.fullmatch(r"display-link: (\d+) frames in [\d.]+ s, median frame interval ([\d.]+) ms, (\d+) pointer events",
                 lines[-2] if len(lines) >= 2 else "")
if not m:
    fail("no statistics line in the demo's output:\n" + log)
frames, median, pointers = int(m.group(1)), float(m.group(2)), int(m.group(3))
drawing = frames * median / 1000
if frames < 20 or drawing > 2.5:
    fail(f"{frames} frames, median interval {median} ms, {drawing:.2f} s worth (want at least 20 frames, at most 2.5 s worth: the tap at 1 s pauses the links)")
print(f"ok   the window drew {frames} frames, median interval {median} ms ({drawing:.2f} s worth: the tap paused the links)")
if pointers != 3:
    fail(f"the demo handled {pointers} pointer events, want the 3 scripted")
print(f"ok   the demo handled the {pointers} scripted pointer events")
if len(lines) != 2 or not re.fullmatch(r"clock: 1\.0\d\dx over the last [\d.]+ s|clock: 0\.99\dx over the last [\d.]+ s", lines[-1]):
    fail("output besides the statistics and clock lines:\n" + "\n".join(lines[:20]))
print("ok   nothing printed besides the statistics and clock lines")
try:
    idle = float(open(work + "/cpu-idle").read()) - float(open(work + "/cpu-paused").read())
except ValueError:
    fail("could not read the demo's CPU time while paused")
if idle >= 0.1:
    fail(f"{idle:.2f} s of CPU in 1.5 s with the links paused (want < 0.1: the loop sleeps in the Wayland event wait)")
print(f"ok   paused, the loop sleeps: {idle:.2f} s of CPU in 1.5 s")
PY
