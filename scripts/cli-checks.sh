#!/usr/bin/env bash
# The command line's contract: bad arguments get one line and exit status 2; capture works with no display.
# Usage: scripts/cli-checks.sh path/to/quartzite
set -uo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0; passes=0

expect() {  # expect NAME STATUS PATTERN -- ARGS...
  local name=$1 status=$2 pattern=$3; shift 4
  local out rc lines
  out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$bin" "$@" 2>&1); rc=$?
  lines=$(printf '%s\n' "$out" | grep -c .)
  if [[ $rc -ne $status ]] || ! grep -qE -- "$pattern" <<<"$out" || { [[ $status -eq 2 ]] && [[ $lines -ne 1 ]]; }; then
    echo "FAIL $name: exit $rc (want $status), $lines line(s): $out"; fails=$((fails + 1))
  else
    echo "ok   $name"; passes=$((passes + 1))
  fi
}

expect "list"            0 "^circular-loader" -- list
expect "unknown demo"    2 "unknown demo 'nope'.*circular-loader" -- capture nope --at 1 --output "$work/x.png"
expect "bad size"        2 "size" -- capture circular-loader --at 1 --size 12by4 --output "$work/x.png"
expect "zero size"       2 "size" -- capture circular-loader --at 1 --size 0x10 --output "$work/x.png"
expect "bad scale"       2 "--scale" -- capture circular-loader --at 1 --scale=-1 --output "$work/x.png"
expect "nan time"        2 "--at" -- capture circular-loader --at nan --output "$work/x.png"
expect "negative time"   2 "--at" -- capture circular-loader --at=-3 --output "$work/x.png"
expect "no time"         2 "--at" -- capture circular-loader --output "$work/x.png"
expect "bad frames"      2 "--frames" -- bench circular-loader --frames 0
expect "bench, no display" 1 "no display.*--headless" -- bench circular-loader --frames 5
expect "unknown option"  2 "unknown|Unknown" -- capture circular-loader --at 1 --colour red --output "$work/x.png"
expect "capture frame"   0 "wrote" -- capture circular-loader --at 2.5 --output "$work/f.png"
expect "capture sequence" 0 "wrote 5 frames" -- capture circular-loader --from 0 --to 0.4 --fps 10 --output "$work/seq"
expect "unwritable output" 1 "cannot write" -- capture circular-loader --at 1 --output /nonexistent/dir/f.png
expect "bench tessellation" 0 '"totalMedianUs"' -- bench tessellation --frames 2 --json
expect "negative time, spaced" 2 "--at must be a time in seconds from 0" -- capture circular-loader --at -1 --output "$work/x.png"
expect "zero size, why"  2 "from 1 to 16384" -- capture circular-loader --at 1 --size 0x0 --output "$work/x.png"
expect "output is a folder" 1 "cannot write .*: it is a folder" -- capture circular-loader --at 1 --output "$work"
expect "cairo with a scale" 2 "--cairo draws one pixel per point" -- capture s2 --cairo --scale 4 --at 0.5 --output "$work/c.png"
expect "bench counts drawn frames" 0 "[0-9]+ frames drawn, [1-9][0-9]* unchanged" -- bench switch --headless --frames 40
touch "$work/plain-file"
expect "sequence into a file" 1 "is a file, not a folder" -- capture circular-loader --from 0 --to 0.1 --fps 10 --output "$work/plain-file"

if [[ -f "$work/f.png" ]] && [[ $(head -c 8 "$work/f.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; then
  echo "ok   capture wrote a PNG"; passes=$((passes + 1))
else
  echo "FAIL capture did not write a PNG"; fails=$((fails + 1))
fi
n=$(ls "$work/seq" 2>/dev/null | grep -c '^frame-0000[0-4].png$')
if [[ $n -eq 5 ]]; then echo "ok   sequence has frame-00000 ... frame-00004"; passes=$((passes + 1))
else echo "FAIL sequence has $n numbered frames"; fails=$((fails + 1)); fi

# A full disk part-way through a sequence (a 64 KiB tmpfs; mounting needs root, as CI has): exit 1, the
# frames already written named, and no partial frame left behind.
small="$work/small"; mkdir -p "$small"
if mount -t tmpfs -o size=64k tmpfs "$small" 2>/dev/null; then
  expect "sequence on a full disk" 1 "no space left.*frames 0 to [0-9]+ of 61 were written" -- \
    capture circular-loader --from 0 --to 2 --fps 30 --scale 2 --output "$small/seq"
  partial=$(find "$small" -name '*.tmp' | wc -l)
  if [[ $partial -eq 0 ]]; then echo "ok   no partial frame on the full disk"; passes=$((passes + 1))
  else echo "FAIL $partial partial file(s) left on the full disk"; fails=$((fails + 1)); fi
  umount "$small"
else
  echo "skip sequence on a full disk (mounting a tmpfs needs root)"
fi

echo "cli: $passes passed, $fails failed"
[[ $fails -eq 0 ]]
