#!/bin/sh
# Golden of sdf_plugin_test (sdf_fields.txt): MuJoCo 3.8.0's SDF plugins (the kit's
# libsdf_plugin.so) evaluated by sdf_fields_gen.cc, compiled against the kit. Run from the
# repository root: sh test/data/plugin/make_sdf_golden.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/plugin/sdf_fields_gen.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/sdf_fields_gen"
"$OUT/sdf_fields_gen" "$KIT/lib/mujoco_plugin/libsdf_plugin.so" > test/data/plugin/sdf_fields.txt
rm -rf "$OUT"
