#!/bin/sh
# Regenerates the print_test goldens with MuJoCo 3.8.0 (the kit in ../shared), from the repository
# root:  sh test/data/print/make_golden.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
OUT=$(mktemp -d)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/print/make_golden.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/make_golden"
g++ -std=c++17 -O2 -I"$KIT/include" test/data/print/make_sizes.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/make_sizes"
(cd test/data/print && "$OUT/make_golden" "% -9.2g" "$OUT/print.txt" model.xml > model.txt)
(cd test/data/print && "$OUT/make_golden" "%.3e" "$OUT/print.txt" model.xml > model_e.txt)
g++ -std=c++17 -O2 -I"$KIT/include" test/data/print/make_data.cc \
  "$KIT/lib/libmujoco.so.3.8.0" -Wl,-rpath,"$(realpath "$KIT/lib")" -o "$OUT/make_data"
(cd test/data/print && "$OUT/make_data" "% -9.2g" "$OUT/print.txt" 20 data.xml > data.txt)
(cd test/data/print && "$OUT/make_data" "%.3e" "$OUT/print.txt" 20 data.xml > data_e.txt)
for name in sizes_equality sizes_interp sizes_cells sizes_quadratic sizes_pinned \
            sizes_pinned_center; do
  (cd test/data/print && "$OUT/make_sizes" $name.xml > $name.txt)
done
rm -rf "$OUT"
