#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the golden data of the forward-dynamics conformance tests from MuJoCo 3.8.0
(the kit; run from the repository root):

    python3 test/data/forward/make_golden.py [model names]

For every model it writes, into test/data/forward/:
  <name>_states.jsonl   states sampled every 20 steps along a 300-step oracle trajectory with
                        random controls (--ctrl-seed); every other state also gets random
                        qfrc_applied and xfrc_applied (deterministic seed);
  <name>_fwd.txt        tools/gen_golden.py --states <name>_states.jsonl: the inputs of each
                        state and the outputs of mj_forward there (qM, qfrc_bias, qfrc_passive,
                        actuator_length/moment/force, act_dot, qacc, ... and energy);
  <name>_traj_<int>.txt tools/gen_golden.py --steps 200 --every 50 --fields qpos,qvel,act,
                        qacc_warmstart,qDeriv,m.actuator_lengthrange,m.actuator_acc0 --ctrl-seed 7 with
                        opt.integrator = <int> (Euler, RK4, implicit, implicitfast): the model is
                        copied with its <option integrator=...> replaced, the test sets
                        m->opt.integrator the same way; the copy also enables invdiscrete
                        (no midpoint integration of free bodies, whose rule differs: see
                        doc/conformance.md#midpoint-integration), as the test does. The
                        compiler's lengthrange simulation depends on the integrator, hence the
                        m.* fields per file.
Every trajectory is also checked to stay free of contacts and constraints (nefc == 0 at every
step), since these tests exclude the constraint solver. CONTACT_MODELS are the exception: their
<name>_traj_<int>.txt (fields as above plus ncon, nefc) test the whole pipeline with contacts.
"""
import json
import os
import random
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import gen_golden, run_mjref  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(ROOT, "..", "shared", "models")

# name -> (model path, keyframe for trajectories or None, disable joint limits)
MODELS = {
    "pendulum": (os.path.join(HERE, "pendulum.xml"), "0", False),
    "ball_chain": (os.path.join(HERE, "ball_chain.xml"), "0", False),
    "free_spin": (os.path.join(HERE, "free_spin.xml"), "0", False),
    "damped": (os.path.join(HERE, "damped.xml"), "0", False),
    "actuator_zoo": (os.path.join(HERE, "actuator_zoo.xml"), "test", False),
    # random muscle controls drive arm26 into its joint limits: the oracle runs a copy with
    # <flag limit="disable"/> and the test sets mjDSBL_LIMIT
    "arm26": (os.path.join(SHARED, "arm26", "arm26.xml"), None, True),
    "slider_crank": (os.path.join(SHARED, "slider_crank", "slider_crank.xml"), None, False),
}
# whole-pipeline trajectories WITH contacts and constraints (collision, constraint assembly and
# the solver inside mj_step): name -> (model path, keyframe); <name>_traj_<int>.txt as above
# plus ncon and nefc
CONTACT_MODELS = {
    "humanoid": (os.path.join(HERE, "humanoid.xml"), "test"),  # copy of model/humanoid.xml
}
SEED = 7  # --ctrl-seed of the trajectories

FWD_FIELDS = ("time,qpos,qvel,act,ctrl,qfrc_applied,xfrc_applied,nefc,energy,qM,qfrc_bias,"
              "qfrc_passive,actuator_length,actuator_moment,moment_rownnz,moment_colind,"
              "actuator_velocity,actuator_force,act_dot,qfrc_actuator,qacc,ten_length,"
              "ten_velocity,m.actuator_lengthrange,m.actuator_acc0")
# the compiler's muscle lengthrange simulation runs with the model's integrator, so every
# trajectory file records the lengthranges (and acc0) of its own model copy
# qDeriv: d qfrc_smooth / d qvel of the last step (implicit integrators; zeros otherwise)
TRAJ_FIELDS = "qpos,qvel,act,qacc_warmstart,qDeriv,m.actuator_lengthrange,m.actuator_acc0"
INTEGRATORS = ("Euler", "RK4", "implicit", "implicitfast")


def key_args(key):
    return ["--key", key] if key is not None else []


def make_states(name, model, key):
    info = run_mjref(model, "--info")[0]
    nv, nbody = info["nv"], info["nbody"]
    recs = run_mjref(model, *key_args(key), "--steps", "300", "--every", "20",
                  "--fields", "qpos,qvel,act,ctrl,nefc", "--ctrl-seed", "5")
    rng = random.Random(11)
    path = os.path.join(HERE, f"{name}_states.jsonl")
    with open(path, "w") as f:
        for i, r in enumerate(recs):
            s = {k: r[k] for k in ("time", "qpos", "qvel", "act", "ctrl")}
            if i % 2:
                s["qfrc_applied"] = [rng.uniform(-1, 1) for _ in range(nv)]
                s["xfrc_applied"] = [0.0] * 6 + [rng.uniform(-1, 1) for _ in range(6 * (nbody - 1))]
            f.write(json.dumps(s) + "\n")
    return path


def model_copy(model, integrator, nolimit, tmpdir):
    """copy of the model's directory with opt.integrator replaced (None: kept) and, with
    nolimit, joint limits disabled"""
    src_dir = os.path.dirname(model)
    dst_dir = os.path.join(tmpdir, integrator or "model")
    shutil.copytree(src_dir, dst_dir)
    dst = os.path.join(dst_dir, os.path.basename(model))
    text = open(dst).read()
    if nolimit:
        text, n = re.subn(r"<option([^>]*)/>", r'<option\1><flag limit="disable"/></option>', text,
                          count=1)
        if n == 0:
            sys.exit(f"{model}: no self-closing <option> to disable limits in")
    if integrator is None:
        open(dst, "w").write(text)
        return dst
    text, n = re.subn(r'integrator="[A-Za-z0-9]+"', f'integrator="{integrator}"', text, count=1)
    if n == 0:
        text, n = re.subn(r"<option", f'<option integrator="{integrator}"', text, count=1)
    if n == 0:
        text = re.sub(r"(<mujoco[^>]*>)", rf'\1\n  <option integrator="{integrator}"/>', text,
                      count=1)
    # invdiscrete: no midpoint integration of free bodies (a known difference of the implicit
    # integrators, doc/conformance.md#midpoint-integration); the test sets the flag too
    text = re.sub(r"(<mujoco[^>]*>)", r'\1\n  <option><flag invdiscrete="enable"/></option>', text,
                  count=1)
    open(dst, "w").write(text)
    return dst


def main():
    os.chdir(ROOT)
    if not os.path.isdir(SHARED):
        print("note: ../shared/models missing, arm26 and slider_crank skipped")
    only = sys.argv[1:]  # optional model names
    for name, (model, key, nolimit) in MODELS.items():
        if (only and name not in only) or not os.path.exists(model):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            base = model_copy(model, None, nolimit, tmp) if nolimit else os.path.relpath(model)
            states = make_states(name, base, key)
            rel_states = os.path.relpath(states, ROOT)
            gen_golden(base, os.path.relpath(os.path.join(HERE, f"{name}_fwd.txt"), ROOT),
                       "--states", rel_states, "--fields", FWD_FIELDS)
            for integrator in INTEGRATORS:
                copy = model_copy(model, integrator, nolimit, tmp)
                check = run_mjref(copy, *key_args(key), "--steps", "200", "--fields", "nefc",
                               "--ctrl-seed", str(SEED))
                if any(r["nefc"] for r in check):
                    sys.exit(f"{name}/{integrator}: constraints become active")
                gen_golden(copy, os.path.relpath(os.path.join(HERE, f"{name}_traj_{integrator}.txt"), ROOT),
                           *key_args(key), "--steps", "200", "--every", "50",
                           "--fields", TRAJ_FIELDS, "--ctrl-seed", str(SEED))
    for name, (model, key) in CONTACT_MODELS.items():
        if only and name not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            for integrator in INTEGRATORS:
                copy = model_copy(model, integrator, False, tmp)
                gen_golden(copy, os.path.relpath(os.path.join(HERE, f"{name}_traj_{integrator}.txt"), ROOT),
                           *key_args(key), "--steps", "200", "--every", "50",
                           "--fields", TRAJ_FIELDS + ",ncon,nefc", "--ctrl-seed", str(SEED))


if __name__ == "__main__":
    main()
