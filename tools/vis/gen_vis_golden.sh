#!/bin/sh
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
#
# Writes the abstract-visualization goldens test/data/vis/NAME.txt: tools/vis/dump_scene.cc is
# compiled against MuJoCo 3.8.0 (the prebuilt kit, ../shared/oracle/mujoco-3.8.0 by default) and
# run on each model, simulating 2 states per model.
#
# usage: tools/vis/gen_vis_golden.sh [NAME ...]   (default: all models below)
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
K=${MUJOCO38:-$ROOT/../shared/oracle/mujoco-3.8.0}
SHARED=$ROOT/../shared
BIN=$(mktemp -d)/dump_scene
g++ -std=c++17 -O2 -I"$K/include" "$ROOT/tools/vis/dump_scene.cc" "$ROOT/tools/vis/dump_scene_main.cc" \
    "$K/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$K/lib" -o "$BIN"

# name  model (shared:PATH under ../shared, repo:PATH in this repository)  [states, default 2]
MODELS="vis_zoo repo:test/data/vis/vis_zoo.xml
humanoid shared:models/humanoid/humanoid.xml
arm26 shared:models/arm26/arm26.xml
slider_crank shared:models/slider_crank/slider_crank.xml
tendon_wrap_cylinder shared:models/tendon_wrap_cylinder/tendon_wrap_cylinder.xml
mug shared:models/mug/mug.xml
eq_connect shared:models/eq_connect/connect.xml
hfield_png shared:models/hfield_png/hfield_png.xml
car shared:models/car/car.xml
balloons shared:models/balloons/balloons.xml
sensor_fromto_convex shared:models/sensor_fromto_convex/fromto_convex.xml
trampoline shared:models38/flex/trampoline.xml 1
floppy shared:models38/flex/floppy.xml 1"

echo "$MODELS" | while read -r name spec nstate; do
  if [ $# -gt 0 ] && ! echo " $* " | grep -q " $name "; then continue; fi
  case $spec in
    shared:*) path=$SHARED/${spec#shared:} ;;
    repo:*) path=$ROOT/${spec#repo:} ;;
  esac
  out=$ROOT/test/data/vis/$name.txt
  {
    echo "# Abstract visualization golden: MuJoCo 3.8.0 (prebuilt kit), tools/vis/gen_vis_golden.sh"
    echo "# model: $spec"
    "$BIN" "$path" "${nstate:-2}"
  } > "$out"
  echo "$out: $(wc -c < "$out") bytes"
done
