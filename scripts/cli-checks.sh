#!/usr/bin/env bash
# The command line's contract: bad arguments get one line and exit status 2, run-time failures one human line
# (no raw Foundation error) and exit status 1; negative numbers are values; capture works with no display.
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
  # A failure of either kind is one line in words: no NSError dump, no ArgumentParser misreading of a value.
  if [[ $rc -ne $status ]] || ! grep -qE -- "$pattern" <<<"$out" || { [[ $status -ne 0 ]] && [[ $lines -ne 1 ]]; } ||
     grep -qE "NSCocoaErrorDomain|UserInfo=|Error Domain=|Missing value for" <<<"$out"; then
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
expect "bad pointer phase" 2 "--pointer.*TIME,PHASE,X,Y" -- demo circular-loader --pointer 1,tap,3,4
expect "negative pointer time" 2 "--pointer.*from 0 to 86400" -- demo circular-loader --pointer=-1,down,3,4
expect "pointer not a number" 2 "--pointer.*window points" -- demo circular-loader --pointer 1,down,nan,4
touch "$work/plain-file"
expect "sequence into a file" 1 "is a file, not a folder" -- capture circular-loader --from 0 --to 0.1 --fps 10 --output "$work/plain-file"

# Negative numbers are values of the option before them, spaced or not, and are refused for why.
expect "negative from"   2 "--from must be a time in seconds from 0" -- capture circular-loader --from -1 --to 1 --fps 10 --output "$work/n"
expect "negative to"     2 "--to must be a time in seconds from 0" -- capture circular-loader --from 0 --to -0.5 --fps 10 --output "$work/n"
expect "negative fps"    2 "--fps must be above 0" -- capture circular-loader --from 0 --to 1 --fps -10 --output "$work/n"
expect "negative scale"  2 "--scale must be a number above 0" -- capture circular-loader --at 1 --scale -2 --output "$work/x.png"
expect "negative frames" 2 "--frames must be 1 to" -- bench circular-loader --headless --frames -5
expect "count, other scene" 2 "--count applies only to.*s1, s3, s4" -- bench s2 --count 5 --headless
expect "frame csv, no folder" 2 "--frame-csv needs a file in a folder that exists" -- bench switch --headless --frames 5 --frame-csv /nonexistent/f.csv
expect "frame csv"       0 "frames drawn" -- bench switch --headless --frames 12 --no-skip-unchanged --frame-csv "$work/frames.csv"
if [[ $(head -1 "$work/frames.csv" 2>/dev/null) == frame,time_s,total_ms* ]] && [[ $(grep -c . "$work/frames.csv") -eq 13 ]]; then
  echo "ok   frame csv rows"; passes=$((passes + 1))
else
  echo "FAIL frame csv rows: $(head -3 "$work/frames.csv" 2>&1)"; fails=$((fails + 1))
fi
expect "count out of range" 2 "--count must be 1 to 100000, not 0" -- bench s1 --count 0 --headless
expect "negative msaa"   2 "--msaa must be 1 or 4" -- capture circular-loader --at 1 --msaa -4 --output "$work/x.png"
expect "negative duration" 2 "--duration must be a time in seconds from 0" -- demo circular-loader --duration -1
expect "negative size"   2 "--size.*from 1 to 16384" -- capture circular-loader --at 1 --size -4x5 --output "$work/x.png"

# Every refused size says why: the form, or the range.
expect "size too large"  2 "--size.*from 1 to 16384" -- capture circular-loader --at 1 --size 100000x10 --output "$work/x.png"
expect "size below one"  2 "--size.*from 1 to 16384" -- capture circular-loader --at 1 --size 0.4x10 --output "$work/x.png"
expect "size not finite" 2 "--size.*from 1 to 16384" -- capture circular-loader --at 1 --size infxnan --output "$work/x.png"
expect "size half"       2 "--size.*WIDTHxHEIGHT" -- capture circular-loader --at 1 --size 10x --output "$work/x.png"
expect "size three"      2 "--size.*WIDTHxHEIGHT" -- capture circular-loader --at 1 --size 10x10x10 --output "$work/x.png"
expect "size, bench"     2 "--size.*from 1 to 16384" -- bench circular-loader --headless --frames 2 --size 0x0
expect "size, demo"      2 "--size.*from 1 to 16384" -- demo circular-loader --size 0x0

# A sequence whose folder is a file inside a file, and a frame under a file: one line each, exit 1.
expect "sequence under a file" 1 "^quartzite: cannot " -- capture circular-loader --from 0 --to 0.1 --fps 10 --output "$work/plain-file/seq"
expect "frame under a file" 1 "^quartzite: cannot write" -- capture circular-loader --at 1 --output "$work/plain-file/f.png"

# bench counts only the frames it drew: with unchanged frames skipped, drawn + unchanged is what it draws
# with skipping off, and the figures (frames, fps) are the drawn ones'.
skip=$("$bin" bench switch --headless --frames 40 --json 2>&1)
all=$("$bin" bench switch --headless --frames 40 --json --no-skip-unchanged 2>&1)
field() { grep -oE "\"$1\" : [0-9]+" <<<"$2" | grep -oE '[0-9]+$'; }
drawn=$(field frames "$skip"); unchanged=$(field reusedFrames "$skip"); total=$(field frames "$all")
if [[ -n "$drawn" && -n "$unchanged" && -n "$total" && $unchanged -ge 1 && $drawn -ge 1 &&
      $((drawn + unchanged)) -eq $total && $(field reusedFrames "$all") -eq 0 ]]; then
  echo "ok   bench: $drawn drawn + $unchanged unchanged = $total frames drawn without skipping"; passes=$((passes + 1))
else
  echo "FAIL bench counts: drawn $drawn, unchanged $unchanged, without skipping $total"; fails=$((fails + 1))
fi

if [[ -f "$work/f.png" ]] && [[ $(head -c 8 "$work/f.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; then
  echo "ok   capture wrote a PNG"; passes=$((passes + 1))
else
  echo "FAIL capture did not write a PNG"; fails=$((fails + 1))
fi
n=$(ls "$work/seq" 2>/dev/null | grep -c '^frame-0000[0-4].png$')
if [[ $n -eq 5 ]]; then echo "ok   sequence has frame-00000 ... frame-00004"; passes=$((passes + 1))
else echo "FAIL sequence has $n numbered frames"; fails=$((fails + 1)); fi

# Animations: the extension picks the format; bad names and rates are refused in words.
expect "unknown extension" 2 "unknown extension '.jpg'" -- capture switch --from 0 --to 1 --fps 10 --output "$work/a.jpg"
expect "sequence into a png" 2 "a sequence goes to a folder" -- capture switch --from 0 --to 1 --fps 10 --output "$work/a.png"
expect "gif too fast"    2 "a GIF plays at most 50 frames a second" -- capture switch --from 0 --to 1 --fps 60 --output "$work/a.gif"
expect "gif backwards"   2 "--to \(1.0\) must not be before --from" -- capture switch --from 2 --to 1 --fps 10 --output "$work/a.gif"
expect "apng zero fps"   2 "--fps must be above 0" -- capture switch --from 0 --to 1 --fps 0 --output "$work/a.apng"
expect "apng absurd fps" 2 "--fps must be above 0 and at most 1000" -- capture switch --from 0 --to 1 --fps 1e9 --output "$work/a.apng"
expect "gif unwritable"  1 "^quartzite: cannot write /nonexistent/a.gif: the folder /nonexistent does not exist" -- capture switch --from 0 --to 0.2 --fps 10 --output /nonexistent/a.gif
expect "gif as cairo"    2 "--cairo writes a PNG" -- capture s2 --cairo --at 0.5 --output "$work/c.gif"
# The switch's drag script (3.5 s to 4.5 s) at 20 fps: 21 frames of 320x200, each 5 cs (GIF) or 50 ms (APNG),
# decoded by ImageMagick (GIF) and Pillow (APNG; ImageMagick 6 reads APNG only through ffmpeg). The middle
# frame (t = 4.0 s) is the PNG capture at 4.0 s: the APNG exactly, the GIF within its palette's error (mean
# absolute error under half a level of 255, i.e. MAE < 0.002 normalised; measured 0.00002), while the frame
# at 3.5 s is further from it than that (the drag moved the thumb: measured 0.027).
expect "capture gif"     0 "wrote .*a.gif \(21 frames, 320x200" -- capture switch --from 3.5 --to 4.5 --fps 20 --output "$work/a.gif"
expect "capture apng"    0 "wrote .*a.apng \(21 frames, 320x200" -- capture switch --from 3.5 --to 4.5 --fps 20 --output "$work/a.apng"
expect "capture middle"  0 "wrote" -- capture switch --at 4.0 --output "$work/mid.png"
check() {  # check NAME CONDITION-STATUS DETAIL
  if [[ $2 -eq 0 ]]; then echo "ok   $1"; passes=$((passes + 1)); else echo "FAIL $1: $3"; fails=$((fails + 1)); fi
}
frames=$(convert "$work/a.gif" -coalesce -format "%w %h %T\n" info: 2>&1 | sort | uniq -c | sed 's/^ *//')
[[ "$frames" == "21 320 200 5" ]]; check "gif: 21 frames of 320x200, 5 cs each (ImageMagick)" $? "$frames"
convert "$work/a.gif" -coalesce "$work/gif-%02d.png" 2>/dev/null
mae() { compare -metric MAE "$1" "$2" null: 2>&1 | grep -oE '\(([0-9.e-]+)\)' | tr -d '()'; }
gif_mid=$(mae "$work/mid.png" "$work/gif-10.png"); gif_first=$(mae "$work/mid.png" "$work/gif-00.png")
awk -v m="$gif_mid" -v f="$gif_first" 'BEGIN { exit !(m != "" && m < 0.002 && f > 0.002) }'
check "gif: middle frame within the palette's error (MAE $gif_mid), first frame not ($gif_first)" $? "MAE $gif_mid, first $gif_first"
apng=$(/usr/bin/python3 - "$work/a.apng" "$work/apng-10.png" 2>&1 <<'PY'
import sys
from PIL import Image
im = Image.open(sys.argv[1])
durations = []
for i in range(im.n_frames):
    im.seek(i)
    durations.append(int(im.info["duration"]))
    if i == 10:
        im.convert("RGBA").save(sys.argv[2])
print(im.format, im.n_frames, "%dx%d" % im.size, sorted(set(durations)), im.info.get("loop"))
PY
)
[[ "$apng" == "PNG 21 320x200 [50] 0" ]]; check "apng: 21 frames of 320x200, 50 ms each, looping (Pillow)" $? "$apng"
apng_mid=$(compare -metric AE "$work/mid.png" "$work/apng-10.png" null: 2>&1)
[[ "$apng_mid" == "0" ]]; check "apng: middle frame equals the PNG capture" $? "$apng_mid pixels differ"
expect "gif at 30 fps"   0 "wrote .*b.gif \(31 frames" -- capture circular-loader --size 64x64 --from 0 --to 1 --fps 30 --output "$work/b.gif"
total=$(convert "$work/b.gif" -format "%T\n" info: 2>/dev/null | awk '{ s += $1 } END { print s }')
[[ "$total" == "103" ]]; check "gif: 31 frames at 30 fps last 103 cs" $? "$total cs"
expect "gif, one frame"  0 "wrote .*one.gif \(1 frames" -- capture switch --at 1 --output "$work/one.gif"
leftover=$(find "$work" -name '*.tmp' | wc -l)
[[ $leftover -eq 0 ]]; check "no temporary file left beside the animations" $? "$leftover left"

# A full disk part-way through a sequence (a 64 KiB tmpfs; mounting needs root, as CI has): exit 1, the
# frames already written named, and no partial frame left behind.
small="$work/small"; mkdir -p "$small"
if mount -t tmpfs -o size=64k tmpfs "$small" 2>/dev/null; then
  expect "sequence on a full disk" 1 "no space left.*frames 0 to [0-9]+ of 61 were written" -- \
    capture circular-loader --from 0 --to 2 --fps 30 --scale 2 --output "$small/seq"
  rm -rf "$small/seq"
  expect "gif on a full disk" 1 "^quartzite: cannot write .*full.gif: no space left" -- \
    capture confetti --from 0 --to 2 --fps 20 --output "$small/full.gif"
  partial=$(find "$small" -name '*.tmp' | wc -l)
  if [[ $partial -eq 0 ]]; then echo "ok   no partial frame on the full disk"; passes=$((passes + 1))
  else echo "FAIL $partial partial file(s) left on the full disk"; fails=$((fails + 1)); fi
  umount "$small"
else
  echo "skip sequence on a full disk (mounting a tmpfs needs root)"
fi

echo "cli: $passes passed, $fails failed"
[[ $fails -eq 0 ]]
