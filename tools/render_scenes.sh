#!/usr/bin/env bash
# The table of doc/conformance.md's "Rendering" section: every shared model (../shared/models)
# rendered by test/render/kit/kit_render.cc built against MuJoCo 3.8.0 (the kit) and against
# Motus (BUILD's libraries), at 320x240; prints, per model that both load, the share of pixels of
# equal segmentation id and the color PSNR. Images and |difference| images stay in OUT.
#   tools/render_scenes.sh [BUILD=build] [OUT=/tmp/render_scenes] [SIZE="320 240"]
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
out=${2:-/tmp/render_scenes}
size=${3:-320 240}
kit=$(realpath ../shared/oracle/mujoco-3.8.0)
[ -f "$kit/lib/libmujoco.so.3.8.0" ] || { echo "render_scenes: no kit at $kit"; exit 1; }
mkdir -p "$out"
g++ -std=c++17 -O2 -I"$kit/include" test/render/kit/kit_render.cc -o "$out/kit_render_kit" \
  "$kit/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$kit/lib" -lEGL -llodepng
g++ -std=c++17 -O2 -Iinclude test/render/kit/kit_render.cc -o "$out/kit_render_motus" \
  -L"$build/lib" -lmujoco_render -lmujoco -Wl,-rpath,"$build/lib" -lEGL -llodepng
g++ -std=c++17 -O2 tools/render/compare_png.cc -o "$out/compare_png" -llodepng
echo "| model | segmentation equal | color PSNR |"
echo "|---|---|---|"
for xml in ../shared/models/*/*.xml; do
  dir=$(basename "$(dirname "$xml")")
  name=${dir}_$(basename "$xml" .xml)
  # shellcheck disable=SC2086
  "$out/kit_render_kit" "$xml" $size "$out/${name}_kit" > /dev/null 2>&1 || continue
  # shellcheck disable=SC2086
  if ! "$out/kit_render_motus" "$xml" $size "$out/${name}_motus" > /dev/null 2>&1; then
    echo "| $name | Motus fails | |"
    continue
  fi
  read -r seg psnr < <("$out/compare_png" "$out/${name}_kit" "$out/${name}_motus" \
    "$out/${name}_diff.png")
  echo "| $name | $seg | $psnr dB |"
done
