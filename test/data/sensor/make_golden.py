#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the golden data of sensor_conformance_test from MuJoCo 3.8.0 (the kit) (run
from the repository root):

    python3 test/data/sensor/make_golden.py [case names]

For every case it writes into test/data/sensor/:
  <case>_states.jsonl  states sampled from a 300-step oracle trajectory (--ctrl-seed 5, every
                       60th step, plus the initial state), with the velocities replaced by
                       random ones in [-0.5, 0.5] (fixed seed) so that velocity-dependent
                       sensors and contact forces are exercised away from rest; time, act and
                       ctrl of the trajectory are kept;
  <case>.txt           tools/gen_golden.py --states <case>_states.jsonl with the fields below:
                       the state, the contacts, efc_force and qacc of the oracle's solver (the
                       test injects them, so that sensors are checked independently of the
                       collision and solver code) and sensordata.
A variant with a cone runs a copy of the scene whose <option> element gets a cone attribute.
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
from golden_util import mjref_command, run_mjref  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(ROOT, "..", "shared", "models")

# case -> (model path, where ("repo", "here" or "shared"), cone override or None)
CASES = {
    "sensor_zoo": ("model/sensor_zoo.xml", "repo", None),
    "contact_scene": ("contact_scene.xml", "here", None),
    "contact_scene_elliptic": ("contact_scene.xml", "here", "elliptic"),
    "testdata_model": ("testdata_model/model.xml", "shared", None),
    "robot_arm": ("robot_arm/robot_arm.xml", "shared", None),
    "contact_subtree": ("sensor_contact_subtree/contact_subtree.xml", "shared", None),
    "fromto_convex": ("sensor_fromto_convex/fromto_convex.xml", "shared", None),
    "refsite_free": ("act_refsite_free/refsite_free.xml", "shared", None),
    "car": ("car/car.xml", "shared", None),
}
FIELDS = "time,qpos,qvel,act,ctrl,ncon,contact,nefc,efc_force,qacc,sensordata"


def states(model, seed):
    recs = run_mjref(model, "--steps", "300", "--every", "60", "--dump-initial", "--fields",
                  "qpos,qvel,act,ctrl", "--ctrl-seed", "5")
    rng = random.Random(seed)
    out = []
    for r in recs:
        s = {"step": r["step"], "time": r["time"], "qpos": r["qpos"], "act": r["act"],
             "ctrl": r["ctrl"]}
        s["qvel"] = [rng.uniform(-0.5, 0.5) for _ in r["qvel"]]
        out.append(s)
    return out


def main():
    names = sys.argv[1:] or list(CASES)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            rel, where, cone = CASES[name]
            base = {"repo": ROOT, "here": HERE, "shared": SHARED}[where]
            path = os.path.join(base, rel)
            if cone:
                text = open(path).read()
                text, n = re.subn(r"<option ", f'<option cone="{cone}" ', text, count=1)
                assert n == 1, path
                path = os.path.join(tmp, os.path.basename(rel))
                with open(path, "w") as f:
                    f.write(text)
            states_file = os.path.join(HERE, name + "_states.jsonl")
            with open(states_file, "w") as f:
                for s in states(path, 17):
                    f.write(json.dumps(s) + "\n")
            cmd = [sys.executable, os.path.join(ROOT, "tools", "gen_golden.py"), path,
                   "--out", os.path.join(HERE, name + ".txt"), "--states", states_file,
                   "--fields", FIELDS]
            env = dict(os.environ, MJREF=shlex.join(mjref_command()))
            subprocess.run(cmd, check=True, env=env)


if __name__ == "__main__":
    main()
