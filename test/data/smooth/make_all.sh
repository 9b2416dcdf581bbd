#!/bin/sh
# Regenerates the golden files of the smooth-dynamics tests with MuJoCo 3.8.0 (the kit, through tools/golden_util.py).
# Run from this directory: sh make_all.sh   (humanoid needs ../shared/models)
set -e
python3 make_golden.py branch.xml branch_state.json branch.golden
python3 make_golden.py arm.xml arm_state.json arm.golden
python3 make_golden.py simple.xml simple_state.json simple.golden
python3 make_golden.py ../../../../shared/models/humanoid/humanoid.xml humanoid_state.json humanoid.golden
python3 make_golden.py constraint.xml constraint_state.json constraint.golden
python3 make_golden.py equality.xml equality_state.json equality.golden
