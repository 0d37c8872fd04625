#!/usr/bin/env bash
# Installs the system packages Quartzite needs, only those missing, with apt-get (sudo only when not root).
# Quick when everything is there: one dpkg query.
set -euo pipefail

packages=(
  pkg-config
  libglfw3-dev        # windows (GLFW 3.3)
  libgl-dev           # OpenGL headers
  libepoxy-dev        # GL function loading
  libegl-dev          # headless contexts
  libegl-mesa0        # Mesa's EGL: the surfaceless platform
  libgl1-mesa-dri     # llvmpipe, the software rasteriser CI renders with
  libpng-dev          # PNG read/write
  libjpeg-dev         # JPEG decoding
  libcairo2-dev       # CGContext drawing, and the tests' reference rasteriser
  libpango1.0-dev     # CATextLayer: text layout (HarfBuzz shaping, fontconfig lookup) on cairo
  fonts-dejavu-core   # CATextLayer's default face, the same on every machine
  fonts-wqy-microhei  # Chinese, Japanese and Korean text (fontconfig falls back to it; 5 MB)
  libgif-dev          # capture to GIF (giflib)
  libimagequant-dev   # capture to GIF: each frame's palette and dithering (pngquant's library)
  zlib1g-dev          # capture to APNG: chunk CRCs
  python3-pil         # the command-line checks decode APNG with Pillow (ImageMagick 6 needs ffmpeg for it)
  xvfb xauth          # the windowed smoke test's virtual screen
  xdotool             # scripted input for windowed tests
  weston              # the Wayland window test's compositor (its headless backend)
  libwayland-egl1 libwayland-cursor0 libxkbcommon0  # what GLFW's Wayland build links (that test unpacks it)
  imagemagick         # screenshots of the virtual screen (import)
  python3             # reads those screenshots in the smoke test
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: these packages are missing and this system has no apt-get: ${missing[*]}" >&2
  echo "setup: install their equivalents with your package manager, then run make again." >&2
  exit 1
fi
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
  fi
fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
