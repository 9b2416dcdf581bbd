#!/bin/bash
# Regenerates the golden data of test/solver_island_test.cc from MuJoCo 3.8.0 (the kit):
#   test/data/island/make_golden.sh      (run from the repository root)
# For each scene: an oracle trajectory gives the states (qpos, qvel, act, ctrl, time,
# qacc_warmstart) at a few steps; the oracle then evaluates mj_forward at exactly those states
# (--states), and tools/gen_golden.py stores inputs and outputs in one file per scene.
set -euo pipefail
MJREF=${MJREF:-$(python3 tools/golden_util.py)}
export MJREF
DIR=test/data/island
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

states() {  # MODEL STEPS EVERY KEEP(comma list of steps) OUT
  $MJREF "$1" --steps "$2" --every "$3" --fields qpos,qvel,act,ctrl,qacc_warmstart 2>/dev/null |
    python3 -c "
import json, sys
keep = set(int(s) for s in sys.argv[1].split(','))
for line in sys.stdin:
    r = json.loads(line)
    if r['step'] in keep:
        print(json.dumps({k: r[k] for k in ['step', 'time', 'qpos', 'qvel', 'act', 'ctrl',
                                             'qacc_warmstart'] if k in r}))
" "$4" > "$5"
}

FIELDS=qpos,qvel,act,ctrl,qacc_warmstart,nefc,ncon,nisland,island_nv,island_nefc,solver_niter,qacc,efc_force

# CG, 30 iterations (model/scene_mixed.xml): states whose contacts the engines compute alike
states model/scene_mixed.xml 260 10 140,210,220,260 "$TMP/mixed.jsonl"
python3 tools/gen_golden.py model/scene_mixed.xml --out $DIR/scene_mixed_cg.txt \
  --states "$TMP/mixed.jsonl" --fields $FIELDS

# Newton, 3 iterations, elliptic cones, two separate box piles, a free sphere (no island) and
# a hinge with friction loss and a limit (its own island)
states $DIR/two_piles_newton.xml 60 10 10,20,30,60 "$TMP/piles.jsonl"
python3 tools/gen_golden.py $DIR/two_piles_newton.xml --out $DIR/two_piles_newton.txt \
  --states "$TMP/piles.jsonl" \
  --fields $FIELDS,solver_nnz,nidof,iacc,iacc_smooth,ifrc_smooth,ifrc_constraint,iefc_force,iefc_state,map_idof2dof,iM_rownnz,iM_rowadr,iM_colind,iM,iLD,iLDiagInv

# the same scene with a sparse Jacobian, at one state: the island-ordered CSR Jacobian
sed 's#<option #<option jacobian="sparse" #' $DIR/two_piles_newton.xml > "$TMP/two_piles_sparse.xml"
sed -n 2p "$TMP/piles.jsonl" > "$TMP/one.jsonl"
python3 tools/gen_golden.py "$TMP/two_piles_sparse.xml" --out $DIR/two_piles_sparse_jac.txt \
  --states "$TMP/one.jsonl" \
  --fields qpos,qvel,act,ctrl,qacc_warmstart,ncon,nefc,nisland,solver_niter,qacc,iefc_J_rownnz,iefc_J_rowadr,iefc_J_colind,iefc_J_rowsuper,iefc_J
