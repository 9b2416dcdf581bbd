#!/bin/sh
# Speed of sleeping islands, Motus against the MuJoCo 3.8.0 kit in one run: builds
# tools/bench_sleep.cc against both libraries and alternates them (3 pairs) on
# test/data/sleep/boxes128.xml, asleep (after 1000 steps of settling) and with sleep disabled.
# From the repository root, after building Motus in BUILD:  sh tools/bench_sleep.sh [BUILD]
set -e
BUILD=${1:-build}
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
if [ ! -f "$KIT/lib/libmujoco.so.3.8.0" ]; then
  echo "bench_sleep.sh: MuJoCo 3.8.0 kit not found at $KIT" >&2
  exit 2
fi
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" tools/bench_sleep.cc "$KIT/lib/libmujoco.so.3.8.0" \
  -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/kit"
g++ -std=c++17 -O2 -Iinclude tools/bench_sleep.cc -L"$BUILD/lib" -lmujoco \
  -Wl,-rpath,"$(realpath "$BUILD/lib")" -o "$OUT/motus"
MODEL=test/data/sleep/boxes128.xml
uptime
for pair in 1 2 3; do
  for who in motus kit; do
    printf "%-6s asleep   " $who; "$OUT/$who" $MODEL 1000 4000 1
    printf "%-6s no sleep " $who; "$OUT/$who" $MODEL 1000 500 0
  done
done
uptime
rm -rf "$OUT"
