#!/bin/sh
# Regenerates the MuJoCo 3.8.0 trajectories of test/integrator_midpoint_test.cc (KitTrajectory
# tests), the midpoint integration of free bodies:
#   sh test/data/integrator/make_midpoint.sh      (from the repo root)
# midpoint_fast.txt:     midpoint.xml as is (integrator="implicitfast"), 20 steps from key 0;
#                        record k holds the state after step k+1
# midpoint_implicit.txt: the same with integrator="implicit" (a temporary copy of the model)
# midpoint_balloons.txt: ../shared/models/balloons/balloons.xml (implicit) with contacts disabled
#                        (a temporary copy: the ellipsoid-ellipsoid contacts of its balloons
#                        differ, doc/conformance.md#midpoint-integration), 20 steps from reset
set -e
dir=test/data/integrator
fields=qpos,qvel,qacc,qacc_warmstart
python3 tools/gen_golden.py $dir/midpoint.xml --out $dir/midpoint_fast.txt \
    --key 0 --steps 20 --fields $fields
tmp=$(mktemp -d)
sed 's/integrator="implicitfast"/integrator="implicit"/' $dir/midpoint.xml > $tmp/midpoint_implicit.xml
python3 tools/gen_golden.py $tmp/midpoint_implicit.xml --out $dir/midpoint_implicit.txt \
    --key 0 --steps 20 --fields $fields
sed 's|integrator="implicit"/>|integrator="implicit"><flag contact="disable"/></option>|' \
    ../shared/models/balloons/balloons.xml > $tmp/balloons.xml
grep -q 'contact="disable"' $tmp/balloons.xml
python3 tools/gen_golden.py $tmp/balloons.xml --out $dir/midpoint_balloons.txt --steps 20 \
    --fields $fields
rm -r $tmp
