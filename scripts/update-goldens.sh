#!/usr/bin/env bash
# Regenerates the golden images of Tests/QuartziteRenderTests/Goldens from the current renderer.
# Look at every changed picture before committing it: a golden is only as right as the eyes that checked it.
set -euo pipefail
cd "$(dirname "$0")/.."
QUARTZITE_UPDATE_GOLDENS=1 swift test --filter GoldenImageTests
git status --short Tests/QuartziteRenderTests/Goldens
