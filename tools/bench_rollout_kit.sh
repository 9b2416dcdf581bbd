#!/bin/sh
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
#
# Runs sample/rollout_bench.cc on Motus (build/bin/rollout_bench) and on MuJoCo 3.8.0 from the
# reference kit (../shared/oracle/mujoco-3.8.0), alternately, with the same arguments. The rollout
# layer (src/rollout) calls only MuJoCo's public API, so it is compiled unchanged against the
# kit's headers and library; MuJoCo names the size list of mjxmacro.h MJMODEL_SIZES. Not part of
# the main build.
#
#   tools/bench_rollout_kit.sh MODEL [nroll nstep repeat maxthread]      (two rounds of each)
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
kit=${MUJOCO_KIT:-$here/../shared/oracle/mujoco-3.8.0}
if [ ! -f "$kit/lib/libmujoco.so.3.8.0" ]; then
  echo "MuJoCo 3.8.0 kit not found at $kit (set MUJOCO_KIT)" >&2
  exit 1
fi
if [ ! -x "$here/build/bin/rollout_bench" ]; then
  echo "build rollout_bench first: cmake --build build --target rollout_bench" >&2
  exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/include/motus"
cp "$here/include/motus/rollout.h" "$out/include/motus/"
c++ -O2 -std=c++17 -DMJMODEL_INTS=MJMODEL_SIZES -I"$kit/include" -I"$out/include" -I"$here/src" \
    "$here/sample/rollout_bench.cc" "$here/src/rollout/rollout.cc" \
    "$here/src/rollout/rollout_check.cc" "$kit/lib/libmujoco.so.3.8.0" \
    -Wl,-rpath,"$kit/lib" -lpthread -o "$out/rollout_bench_mujoco380"
rounds=2
for i in $(seq "$rounds"); do
  echo "== Motus, round $i"
  "$here/build/bin/rollout_bench" "$@"
  echo "== MuJoCo 3.8.0, round $i"
  "$out/rollout_bench_mujoco380" "$@"
done
