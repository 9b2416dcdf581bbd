#!/bin/sh
# Goldens of sdf_plugin_test: MuJoCo 3.8.0's SDF plugins (the kit's libsdf_plugin.so) evaluated
# by sdf_fields_gen.cc (sdf_fields.txt), and the faces of the scenes' meshes by sdf_faces_gen.cc
# (sdf_<scene>_faces.txt), and the descents drawn under mjVIS_SDFITER by sdf_descent_gen.cc
# (sdf_bowl_spheres_descents.txt), all compiled against the kit. Run from the repository root:
# sh test/data/plugin/make_sdf_golden.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
LIB="$KIT/lib/mujoco_plugin/libsdf_plugin.so"
OUT=$(mktemp -d)
for gen in sdf_fields_gen sdf_faces_gen sdf_descent_gen; do
  g++ -std=c++17 -O2 -I"$KIT/include" "test/data/plugin/$gen.cc" \
    "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/$gen"
done
"$OUT/sdf_fields_gen" "$LIB" > test/data/plugin/sdf_fields.txt
for xml in test/data/plugin/sdf_*.xml; do
  "$OUT/sdf_faces_gen" "$LIB" "$xml" > "${xml%.xml}_faces.txt"
done
"$OUT/sdf_descent_gen" "$LIB" test/data/plugin/sdf_bowl_spheres.xml \
  > test/data/plugin/sdf_bowl_spheres_descents.txt
rm -rf "$OUT"
