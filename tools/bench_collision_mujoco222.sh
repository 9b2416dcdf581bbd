#!/bin/sh
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
#
# Builds sample/bench_collision.cc against Debian's MuJoCo 2.2.2 (packages libmujoco-dev,
# libmujoco2.2.2: headers in /usr/include/mujoco, /usr/lib/x86_64-linux-gnu/libmujoco.so.2.2.2)
# and runs it, for comparison with Motus's build of the same sample (build/bin/bench_collision).
# Not part of the main build.
#
#   tools/bench_collision_mujoco222.sh [ncall]
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
lib=/usr/lib/x86_64-linux-gnu/libmujoco.so.2.2.2
if [ ! -f "$lib" ] || [ ! -f /usr/include/mujoco/mujoco.h ]; then
  echo "MuJoCo 2.2.2 (libmujoco-dev) is not installed" >&2
  exit 1
fi
out=$(mktemp -d)
c++ -O2 -std=c++17 "$here/sample/bench_collision.cc" "$lib" \
    -o "$out/bench_collision_mujoco222"
"$out/bench_collision_mujoco222" "$@"
rm -rf "$out"
