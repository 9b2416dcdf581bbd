#!/bin/sh
# Goldens of FlexCollision.ActiveNodesAsMuJoCos and PlaneLeavesAsMuJoCos: the bvh_active marks
# of MuJoCo 3.8.0 on the shared floppy, trampoline and pinch at 9 states of 600 steps (every 75),
# jelly at 7 chosen steps (the cube reaching the capsule, then the floor), plate at 7 (the plate
# passing the capsule's bounding sphere), sphere_full at 3 (boxes whose spheres reach elements
# their boxes miss) and the hand-made plane_sheet.xml at 11 of 300 (every
# 30), printed by bvh_active_gen.cc compiled against the kit. Run from the repository root:
# sh test/data/flex_collision/make_bvh_active.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/flex_collision/bvh_active_gen.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/gen"
for spec in floppy:600:75: trampoline:600:75: pinch:600:75: \
  jelly:600:0:386,390,394,552,576,588,600 plate:300:0:195,199,200,201,202,205,300 \
  sphere_full:200:0:0,100,200; do
  name=${spec%%:*}
  rest=${spec#*:}
  nstep=${rest%%:*}
  rest=${rest#*:}
  "$OUT/gen" "../shared/models38/flex/$name.xml" "$nstep" "${rest%%:*}" "${rest#*:}" \
    > "test/data/flex_collision/bvh_active_$name.txt"
done
"$OUT/gen" test/data/flex_collision/plane_sheet.xml 300 30 \
  > test/data/flex_collision/bvh_active_plane_sheet.txt
rm -rf "$OUT"
