#!/bin/sh
# Goldens of FlexCollision.ActiveNodesAsMuJoCos and PlaneLeavesAsMuJoCos: the bvh_active marks
# of MuJoCo 3.8.0 on the shared floppy, trampoline and pinch at 9 states of 600 steps (every 75),
# jelly at 6 from step 540 (every 12), and the hand-made plane_sheet.xml at 11 of 300 (every 30), printed by
# bvh_active_gen.cc compiled against the kit. Run from the repository root:
# sh test/data/flex_collision/make_bvh_active.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/flex_collision/bvh_active_gen.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/gen"
for spec in floppy:75:0 trampoline:75:0 pinch:75:0 jelly:12:540; do
  name=${spec%%:*}
  rest=${spec#*:}
  "$OUT/gen" "../shared/models38/flex/$name.xml" 600 "${rest%:*}" "${rest#*:}" \
    > "test/data/flex_collision/bvh_active_$name.txt"
done
"$OUT/gen" test/data/flex_collision/plane_sheet.xml 300 30 \
  > test/data/flex_collision/bvh_active_plane_sheet.txt
rm -rf "$OUT"
