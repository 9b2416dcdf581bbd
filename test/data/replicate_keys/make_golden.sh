#!/bin/sh
# Regenerates the replicate_keys_test goldens with MuJoCo 3.8.0 (the kit in ../shared), from the
# repository root:  sh test/data/replicate_keys/make_golden.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
if [ ! -f "$KIT/lib/libmujoco.so.3.8.0" ]; then
  echo "make_golden.sh: MuJoCo 3.8.0 kit not found at $KIT; nothing regenerated" >&2
  exit 0
fi
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/replicate_keys/make_golden.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/make_golden"
for model in attach nested mocap; do
  (cd test/data/replicate_keys && "$OUT/make_golden" $model.xml > $model.golden)
done
rm -rf "$OUT"
