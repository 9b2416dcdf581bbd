#!/bin/sh
# Goldens of FlexCollision.ActiveNodesAsMuJoCos: the bvh_active marks of MuJoCo 3.8.0 on the
# shared floppy.xml and trampoline.xml at 9 states of 600 steps (every 75), printed by bvh_active_gen.cc
# compiled against the kit. Run from the repository root:
# sh test/data/flex_collision/make_bvh_active.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/flex_collision/bvh_active_gen.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/gen"
for name in floppy trampoline; do
  "$OUT/gen" "../shared/models38/flex/$name.xml" 600 75 \
    > "test/data/flex_collision/bvh_active_$name.txt"
done
rm -rf "$OUT"
