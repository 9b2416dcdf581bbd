#!/bin/sh
# Writes src/user/user_mesh_sdf_cases.h: how MuJoCo 3.8.0 (the kit) triangulates each cube of
# an SDF plugin's mesh, measured by mc_cases_gen.cc. Run from the repository root:
# sh test/data/plugin/make_mc_cases.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/plugin/mc_cases_gen.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/mc_cases_gen"
"$OUT/mc_cases_gen" > "$OUT/cases.h"
mv "$OUT/cases.h" src/user/user_mesh_sdf_cases.h
rm -rf "$OUT"
