#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the golden data of constraint_conformance_test from MuJoCo (the dumper of
tools/golden_util.py; the committed files are MuJoCo 3.8.0's), run from the repository root:

    python3 test/data/constraint/make_golden.py [case names]

For every case it writes into test/data/constraint/:
  <case>_states.jsonl  the sampled states (qpos, qvel): for the scenes of this directory, qpos0
                       perturbed at random (hinge/slide +-0.25, free positions +-0.02, ball and
                       free orientations by random rotations of up to ~0.5 rad) and random qvel
                       in [-1, 1] (fixed seed); for the models of ../shared, every 60th state of
                       a 300-step oracle trajectory with --ctrl-seed 3;
  <case>.txt           tools/gen_golden.py --states <case>_states.jsonl with the efc fields, the
                       contacts and (Newton variants) qacc / efc_force / efc_state, (dual
                       variants) efc_AR.
A variant runs a copy of the scene whose <option> element gets jacobian / cone / solver
attributes; the test sets m->opt the same way.
"""
import json
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import mjref_command, quat_mul, random_small_quat, run_mjref  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(ROOT, "..", "shared", "models")

# case -> (model, options of the variant or None, random states (True) or trajectory (False))
CASES = {
    "mixed_dense_elliptic_newton": ("mixed.xml", ("dense", "elliptic", "Newton"), True),
    "mixed_sparse_pyramidal_pgs": ("mixed.xml", ("sparse", "pyramidal", "PGS"), True),
    "mixed_dense_pyramidal_pgs": ("mixed.xml", ("dense", "pyramidal", "PGS"), True),
    "contacts_dense_pyramidal_pgs": ("contacts.xml", ("dense", "pyramidal", "PGS"), True),
    "contacts_sparse_elliptic_pgs": ("contacts.xml", ("sparse", "elliptic", "PGS"), True),
    "contacts_dense_elliptic_newton": ("contacts.xml", ("dense", "elliptic", "Newton"), True),
    "contacts_sparse_pyramidal_newton": ("contacts.xml", ("sparse", "pyramidal", "Newton"), True),
    "eq_connect": ("eq_connect/connect.xml", None, False),
    "eq_weld": ("eq_weld/weld.xml", None, False),
    "eq_site": ("eq_site/equality_site.xml", None, False),
    "act_tendon_dampratio": ("act_tendon_dampratio/tendon_dampratio.xml", None, False),
    "humanoid": ("humanoid/humanoid.xml", None, False),
}
NSTATES = 8

EFC_FIELDS = ("qpos,qvel,ncon,contact,nefc,ne,nf,nl,nJ,efc_type,efc_id,efc_J,efc_J_rownnz,"
              "efc_J_rowadr,efc_J_colind,efc_pos,efc_margin,efc_frictionloss,efc_diagApprox,"
              "efc_KBIP,efc_D,efc_R,efc_vel,efc_aref,tendon_efcadr,m.eq_data")
NEWTON_FIELDS = ",qacc,efc_force,efc_state"
DUAL_FIELDS = ",nA,efc_AR,efc_AR_rownnz,efc_AR_rowadr,efc_AR_colind"


def variant_copy(path, options, tmpdir):
    """copy of the scene with jacobian/cone/solver set in its <option> element"""
    text = open(path).read()
    jac, cone, solver = options
    text, n = re.subn(r"<option ", f'<option jacobian="{jac}" cone="{cone}" solver="{solver}" ',
                      text, count=1)
    assert n == 1, path
    out = os.path.join(tmpdir, os.path.basename(path))
    with open(out, "w") as f:
        f.write(text)
    return out


def random_states(model, seed):
    info = run_mjref(model, "--forward-only", "--fields",
                  "m.qpos0,m.jnt_type,m.jnt_qposadr,qvel")[0]
    rng = random.Random(seed)
    states = []
    for s in range(NSTATES):
        qpos = list(info["m.qpos0"])
        for jtype, adr in zip(info["m.jnt_type"], info["m.jnt_qposadr"]):
            if jtype == 0:  # free
                for k in range(3):
                    qpos[adr + k] += rng.uniform(-0.02, 0.02)
                adr += 3
            if jtype in (0, 1):  # free rotation, ball
                q = quat_mul(qpos[adr:adr + 4], random_small_quat(rng, 0.5))
                qpos[adr:adr + 4] = q
            else:
                qpos[adr] += rng.uniform(-0.25, 0.25)
        qvel = [rng.uniform(-1, 1) for _ in info["qvel"]]
        states.append({"step": s, "qpos": qpos, "qvel": qvel})
    return states


def trajectory_states(model):
    recs = run_mjref(model, "--steps", "300", "--every", "60", "--fields", "qpos,qvel",
                  "--ctrl-seed", "3")
    return [{"step": r["step"], "qpos": r["qpos"], "qvel": r["qvel"]} for r in recs]


def main():
    names = sys.argv[1:] or list(CASES)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            rel, options, rand = CASES[name]
            path = os.path.join(HERE, rel) if options else os.path.join(SHARED, rel)
            if options:
                path = variant_copy(path, options, tmp)
            states = random_states(path, 11) if rand else trajectory_states(path)
            states_file = os.path.join(HERE, name + "_states.jsonl")
            with open(states_file, "w") as f:
                for s in states:
                    f.write(json.dumps(s) + "\n")
            fields = EFC_FIELDS
            solver = options[2] if options else "Newton"
            if solver == "Newton":
                fields += NEWTON_FIELDS
            if solver == "PGS":
                fields += DUAL_FIELDS
            cmd = [sys.executable, os.path.join(ROOT, "tools", "gen_golden.py"), path,
                   "--out", os.path.join(HERE, name + ".txt"), "--states", states_file,
                   "--fields", fields]
            env = dict(os.environ, MJREF=shlex.join(mjref_command()))
            subprocess.run(cmd, check=True, env=env)


if __name__ == "__main__":
    main()
