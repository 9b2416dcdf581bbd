#!/bin/sh
# Goldens of CablePlugin.StressColorsAsMuJoCos: the geom colors that MuJoCo 3.8.0's
# mujoco.elasticity.cable (the kit's libelasticity.so) writes under vmax, printed by
# cable_colors_gen.cc compiled against the kit, for cable_colors.xml and the shared cable.xml and
# belt.xml. Run from the repository root: sh test/data/plugin/make_cable_colors.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
LIB="$KIT/lib/mujoco_plugin/libelasticity.so"
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/plugin/cable_colors_gen.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/gen"
"$OUT/gen" "$LIB" test/data/plugin/cable_colors.xml > test/data/plugin/cable_colors_hand.txt
for name in cable belt; do
  "$OUT/gen" "$LIB" "../shared/models38/plugin/elasticity/$name.xml" \
    > "test/data/plugin/cable_colors_$name.txt"
done
rm -rf "$OUT"
