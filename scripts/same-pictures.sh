#!/usr/bin/env bash
# Whether two builds draw the same pictures: every demo and bench scene captured at its checkpoints by both
# binaries (coverage antialiasing and 4x MSAA, scale 1 and 2), compared byte for byte. A restructuring that
# must leave every picture unchanged is checked with this against the binary before it.
# Usage: scripts/same-pictures.sh OLD_QUARTZITE NEW_QUARTZITE   (exit 0 when every picture is identical)
set -euo pipefail
if [[ $# -ne 2 ]]; then echo "usage: $0 OLD_QUARTZITE NEW_QUARTZITE" >&2; exit 2; fi
old=$(realpath "$1"); new=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/old" "$work/new"

# Demos both builds have (a demo added since OLD has nothing to compare with).
names=$(comm -12 <("$old" list | cut -f1 | sort) <("$new" list | cut -f1 | sort))
checkpoints="0 0.25 0.5 1 1.5 2.5 4"
compared=0; differing=0
for name in $names; do
  for t in $checkpoints; do
    for variant in "--msaa 1" "--msaa 4" "--msaa 1 --scale 2"; do
      file="$name-$t-$(tr -d ' -' <<<"$variant").png"
      "$old" capture "$name" --at "$t" $variant --output "$work/old/$file" >/dev/null
      "$new" capture "$name" --at "$t" $variant --output "$work/new/$file" >/dev/null
      compared=$((compared + 1))
      if ! cmp -s "$work/old/$file" "$work/new/$file"; then
        differing=$((differing + 1))
        echo "differs: $name at $t s ($variant)"
      fi
    done
  done
done
echo "$compared pictures compared, $differing differ"
[[ $differing -eq 0 ]]
