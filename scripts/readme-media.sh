#!/usr/bin/env bash
# Renders every demo headless as a looping GIF for README.md, into docs/media/NAME.gif: the demo's preferred
# size at 20 fps (5 cs a frame, exact in GIF's hundredths), over the seconds that show what it does (the
# table below; 4 s for a demo not in it). The benchmark scenes change every pixel of their 1280x720 canvas
# in every frame (S3: 1000 translucent polylines), so they are shown at a quarter of it and 10 fps, which
# keeps each file under about 1 MB.
# Usage: scripts/readme-media.sh path/to/quartzite [OUTPUT_FOLDER]
set -euo pipefail
bin=$1
out=${2:-docs/media}
fps=${MEDIA_FPS:-20}
mkdir -p "$out"

seconds() {  # the part of each demo worth looping: its script, or one cycle of what repeats
  case $1 in
    circular-loader) echo 3.5 ;;  # progress, then the reveal (done at 3.2 s)
    splash|confetti|sine-wave|loaders) echo 3 ;;  # one cycle
    gradient-ring|gradient-ring-conic) echo 3 ;;
    pull-to-refresh) echo 3.5 ;;  # pull, release, spin, end at 3 s
    switch) echo 6.5 ;;  # toggles at 0.5 and 2 s, the drag from 3.5 s, off at 6 s
    s1|s2|s4) echo 2 ;;
    s3) echo 1 ;;  # every pixel changes every frame: the largest file a second
    s5) echo 0 ;;  # nothing moves: one frame
    *) echo 4 ;;
  esac
}

for name in $("$bin" list | cut -f1); do
  options=(--fps "$fps")
  [[ $name =~ ^s[1-5]$ ]] && options=(--fps 10 --size 320x180)
  "$bin" capture "$name" --from 0 --to "$(seconds "$name")" "${options[@]}" --output "$out/$name.gif"
done
