#!/bin/sh
# Regenerates the MuJoCo 3.8.0 data of test/integrator_test.cc (OracleImplicit tests):
#   sh test/data/integrator/make_golden.sh      (from the repo root)
# fluid_tendon.txt:      fluid_tendon.xml as is (integrator="implicit"), five steps from key 0;
#                        record k holds the state after step k+1 and the qDeriv, qLU, qH and
#                        qHDiagInv computed during that step, and the model's geom_fluid
# fluid_tendon_fast.txt: the same with integrator="implicitfast" (a temporary copy of the model)
# fluid_shapes_K.txt:    fluid_shapes.xml, one step from keyframe K = 0, 1, 2 (slow, medium,
#                        fast): the state after it, the qDeriv of the step and geom_fluid
set -e
dir=test/data/integrator
fields=qpos,qvel,qDeriv,qLU,qH,qHDiagInv,m.geom_fluid
python3 tools/gen_golden.py $dir/fluid_tendon.xml --out $dir/fluid_tendon.txt \
    --key 0 --steps 5 --fields $fields
tmp=$(mktemp -d)
sed 's/integrator="implicit"/integrator="implicitfast"/' $dir/fluid_tendon.xml > $tmp/fluid_tendon_fast.xml
python3 tools/gen_golden.py $tmp/fluid_tendon_fast.xml --out $dir/fluid_tendon_fast.txt \
    --key 0 --steps 5 --fields $fields
rm -r $tmp
for key in 0 1 2; do
  python3 tools/gen_golden.py $dir/fluid_shapes.xml --out $dir/fluid_shapes_$key.txt \
      --key $key --steps 1 --fields qpos,qvel,qDeriv,m.geom_fluid
done
