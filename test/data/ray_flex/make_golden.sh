#!/bin/sh
# Regenerates the ray_flex_test golden with MuJoCo 3.8.0 (the kit in ../shared), from the
# repository root:  sh test/data/ray_flex/make_golden.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/ray_flex/make_golden.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/make_golden"
(cd test/data/ray_flex && "$OUT/make_golden" scene.xml > scene.golden)
rm -rf "$OUT"
