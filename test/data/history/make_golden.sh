#!/bin/sh
# Regenerates the history_test goldens with MuJoCo 3.8.0 (the kit in ../shared), from the
# repository root:  sh test/data/history/make_golden.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/history/make_golden.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/make_golden"
for model in arm_euler hinge_rk4 slider_implicit; do
  (cd test/data/history && "$OUT/make_golden" $model.xml > $model.golden)
done
rm -rf "$OUT"
