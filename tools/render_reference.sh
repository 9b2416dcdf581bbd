#!/usr/bin/env bash
# Renders the reference images of test/data/render/ with MuJoCo 3.8.0 (the kit in
# ../shared/oracle/mujoco-3.8.0): test/render/kit/kit_render.cc is compiled against the kit and
# renders each bundled model's initial state with the default free camera, color and
# segmentation, at 240x180, headless (EGL). test/render/render_reference_test.cc renders the same
# with Motus and compares.
#   tools/render_reference.sh [KIT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
kit=${1:-../shared/oracle/mujoco-3.8.0}
[ -f "$kit/lib/libmujoco.so.3.8.0" ] || { echo "render_reference: no kit at $kit"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -std=c++17 -O2 -I"$kit/include" test/render/kit/kit_render.cc -o "$tmp/kit_render" \
  "$kit/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$kit/lib")" -lEGL -llodepng
mkdir -p test/data/render
for model in humanoid scene_mixed robot_arm; do
  "$tmp/kit_render" "model/$model.xml" 240 180 "test/data/render/$model"
done
ls -la test/data/render
