#!/bin/sh
# Regenerates the sleep_test goldens with MuJoCo 3.8.0 (the kit in ../shared), from the
# repository root:  sh test/data/sleep/make_golden.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
if [ ! -f "$KIT/lib/libmujoco.so.3.8.0" ]; then
  echo "make_golden.sh: MuJoCo 3.8.0 kit not found at $KIT; nothing regenerated" >&2
  exit 0
fi
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/sleep/make_golden.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/make_golden"
(cd test/data/sleep && "$OUT/make_golden" pile pile.xml > pile.golden &&
  "$OUT/make_golden" init init.xml > init.golden &&
  "$OUT/make_golden" limit limit.xml > limit.golden &&
  "$OUT/make_golden" policy policy.xml > policy.golden)
rm -rf "$OUT"
