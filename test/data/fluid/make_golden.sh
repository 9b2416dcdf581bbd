#!/bin/sh
# Regenerates the geom_fluid golden data of test/fluid_test.cc (FluidCoefficients) from the
# MuJoCo 3.8.0 kit (tools/golden_util.py). Run from the repository root:
#   sh test/data/fluid/make_golden.sh
set -e
python3 tools/gen_golden.py test/data/fluid/shapes.xml --out test/data/fluid/shapes_fluid.txt \
  --forward-only --fields m.geom_fluid,m.geom_size
