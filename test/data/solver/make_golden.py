#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the golden data of solver_conformance_test from MuJoCo (the dumper of
tools/golden_util.py; the committed files are MuJoCo 3.8.0's), run from the repository root:

    python3 test/data/solver/make_golden.py [case names]

For every case it writes into test/data/solver/:
  <case>_states.jsonl  sampled states (qpos, qvel, act, ctrl): for the scenes of this directory
                       (copies of test/data/constraint/{contacts,mixed}.xml), qpos0 perturbed at
                       random with random qvel (fixed seed); for the models of ../shared, every
                       60th state of a 300-step oracle trajectory with --ctrl-seed 3 (run with the
                       model's own options);
  <case>.txt           tools/gen_golden.py --states <case>_states.jsonl on a copy of the model
                       whose <option> gets solver="Newton", cone, jacobian and tolerance="1e-12"
                       iterations="1000" (converged solutions: they are unique, so any correct
                       solver must reproduce them); the state, the contacts, m.eq_data,
                       qacc_smooth / qfrc_smooth (the test uses them to isolate the solver),
                       efc_b, qacc, qfrc_constraint, efc_force, efc_state, efc_type, nefc, ncon,
                       solver_niter.
The test sets m->opt the same way (CASES is mirrored in solver_conformance_test.cc).
"""
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import mjref_command, quat_mul, random_small_quat, run_mjref  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(ROOT, "..", "shared", "models")

# case -> (model (relative to ../shared/models, or local:NAME), cone, jacobian[, number of
# states kept, the last ones: planks has hundreds of contacts per state]). The oracle runs
# its Newton solver: at tolerance 1e-12 that is the exact minimizer, against which the test
# checks each of our solvers (CG and PGS need not converge in 1000 iterations on every scene,
# and neither do the oracle's: comparing unconverged iterates would be meaningless).
CASES = {
    "humanoid_pyr_dense": ("humanoid/humanoid.xml", "pyramidal", "dense"),
    "humanoid_ell_sparse": ("humanoid/humanoid.xml", "elliptic", "sparse"),
    "humanoid_pyr_sparse": ("humanoid/humanoid.xml", "pyramidal", "sparse"),
    "humanoid_ell_dense": ("humanoid/humanoid.xml", "elliptic", "dense"),
    "planks_pyr": ("planks/planks.xml", "pyramidal", "auto", 1),
    "planks_ell": ("planks/planks.xml", "elliptic", "auto", 1),
    "eq_connect": ("eq_connect/connect.xml", "pyramidal", "auto"),
    "eq_weld_sparse": ("eq_weld/weld.xml", "pyramidal", "sparse"),
    "robot_arm_ell": ("robot_arm/robot_arm.xml", "elliptic", "auto"),
    "testdata_pyr_dense": ("testdata_model/model.xml", "pyramidal", "dense"),
    "mixed_ell_dense": ("local:mixed.xml", "elliptic", "dense"),
    "mixed_pyr_sparse": ("local:mixed.xml", "pyramidal", "sparse"),
    "mixed_ell_sparse": ("local:mixed.xml", "elliptic", "sparse"),
    "mixed_pyr_dense": ("local:mixed.xml", "pyramidal", "dense"),
    "contacts_pyr_sparse": ("local:contacts.xml", "pyramidal", "sparse"),
    "contacts_ell_dense": ("local:contacts.xml", "elliptic", "dense"),
    "contacts_ell_sparse": ("local:contacts.xml", "elliptic", "sparse"),
    "contacts_pyr_dense": ("local:contacts.xml", "pyramidal", "dense"),
}
NSTATES = 6
FIELDS = "qpos,qvel,act,ctrl,contact,m.eq_data,qacc_smooth,qfrc_smooth,efc_b,qacc,qfrc_constraint,efc_force,efc_state,efc_type,nefc,ncon,solver_niter"
OPTION_KEYS = ("solver", "cone", "jacobian", "tolerance", "iterations", "noslip_iterations")


def variant_copy(path, opts, tmpdir):
    """copy of the model's directory with the options set in its first <option> element"""
    src_dir = os.path.dirname(path)
    dst_dir = os.path.join(tmpdir, "m")
    if os.path.exists(dst_dir):
        shutil.rmtree(dst_dir)
    shutil.copytree(src_dir, dst_dir)
    out = os.path.join(dst_dir, os.path.basename(path))
    text = open(out).read()
    attrs = " ".join(f'{k}="{v}"' for k, v in opts.items())
    match = re.search(r"<option\b[^>]*?/?>", text)
    if match:
        tag = match.group(0)
        for k in opts:
            tag = re.sub(r"\s%s\s*=\s*\"[^\"]*\"" % k, "", tag)
        tag = tag.replace("<option", "<option " + attrs, 1)
        text = text[:match.start()] + tag + text[match.end():]
    else:
        text, n = re.subn(r"(<mujoco\b[^>]*>)", r"\1\n  <option %s/>" % attrs, text, count=1)
        assert n == 1, path
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
                qpos[adr:adr + 4] = quat_mul(qpos[adr:adr + 4], random_small_quat(rng, 0.5))
            else:
                qpos[adr] += rng.uniform(-0.25, 0.25)
        qvel = [rng.uniform(-1, 1) for _ in info["qvel"]]
        states.append({"step": s, "qpos": qpos, "qvel": qvel})
    return states


def trajectory_states(model):
    recs = run_mjref(model, "--steps", str(60 * NSTATES), "--every", "60", "--fields",
                  "qpos,qvel,act,ctrl", "--ctrl-seed", "3")
    out = []
    for r in recs:
        s = {"step": r["step"], "qpos": r["qpos"], "qvel": r["qvel"]}
        if r.get("act"):
            s["act"] = r["act"]
        if r.get("ctrl"):
            s["ctrl"] = r["ctrl"]
        out.append(s)
    return out


def main():
    names = sys.argv[1:] or list(CASES)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            rel, cone, jac = CASES[name][:3]
            local = rel.startswith("local:")
            path = os.path.join(HERE, rel[6:]) if local else os.path.join(SHARED, rel)
            states = random_states(path, 11) if local else trajectory_states(path)
            if len(CASES[name]) > 3:
                states = states[-CASES[name][3]:]
            states_file = os.path.join(HERE, name + "_states.jsonl")
            with open(states_file, "w") as f:
                for s in states:
                    f.write(json.dumps(s) + "\n")
            opts = {"solver": "Newton", "cone": cone, "jacobian": jac, "tolerance": "1e-12",
                    "iterations": "1000", "noslip_iterations": "0"}
            variant = variant_copy(path, opts, tmp)
            cmd = [sys.executable, os.path.join(ROOT, "tools", "gen_golden.py"), variant,
                   "--out", os.path.join(HERE, name + ".txt"), "--states", states_file,
                   "--fields", FIELDS]
            env = dict(os.environ, MJREF=shlex.join(mjref_command()))
            subprocess.run(cmd, check=True, env=env)
            print(name, "ok")


if __name__ == "__main__":
    main()
