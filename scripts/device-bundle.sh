#!/usr/bin/env bash
# Packs a release binary for a lent GPU machine (the `device` tool; BENCHMARKS "A real GPU"): the binary,
# every shared library it loads except the C runtime and glvnd's GL libraries (the machine has newer ones, and
# glvnd's own packages travel in .gl/), the fonts and fontconfig's configuration, as one .gpu/bundle.tar.xz
# that scripts/device-bench.sh unpacks there.
# Usage: scripts/device-bundle.sh [QUARTZITE_BINARY]
set -euo pipefail
binary=${1:-.build/release/quartzite}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/q/lib" "$stage/root/usr/share" "$stage/root/etc"
cp "$binary" "$stage/q/quartzite"
keep_out='/(libc|libm|libpthread|libdl|librt|ld-linux-x86-64|libstdc\+\+|libgcc_s|libGL|libEGL|libGLX|libGLdispatch|libOpenGL)\.so'
ldd "$binary" | awk '$3 ~ /^\// {print $3}' | grep -Ev "$keep_out" | while read -r lib; do
    cp -L "$lib" "$stage/q/lib/"
done
cp -rL /usr/share/fonts /usr/share/fontconfig "$stage/root/usr/share/"
cp -rL /etc/fonts "$stage/root/etc/"
mkdir -p .gpu
tar -C "$stage" -cJf .gpu/bundle.tar.xz q root
ls -la .gpu/bundle.tar.xz
