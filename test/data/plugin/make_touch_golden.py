#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the golden data of touch_grid_plugin_test from MuJoCo 3.8.0 (the kit) with its
own plugin libraries (run from the repository root):

    python3 test/data/plugin/make_touch_golden.py

For each model it writes into test/data/plugin/:
  <name>_states.jsonl  the initial state and every 50th state of a 300-step trajectory;
  <name>_touch.txt     tools/gen_golden.py --states <name>_states.jsonl: the state, MuJoCo's
                       contacts and efc_force (the test puts them in place of its own, so the
                       plugin is checked independently of collisions and the solver) and
                       sensordata.
"""
import json
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import mjref_command, run_mjref  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
KIT = os.environ.get("MJREF_KIT", os.path.join(ROOT, "..", "shared", "oracle", "mujoco-3.8.0"))
MODELS = {
    "touch_pad": os.path.join(HERE, "touch_pad.xml"),
    "touch_grid": os.path.join(ROOT, "..", "shared", "models38", "plugin", "sensor",
                               "touch_grid.xml"),
}
FIELDS = "time,qpos,qvel,qacc_warmstart,ncon,contact,nefc,efc_force,sensordata"


def main():
    os.environ["MJREFC_PLUGIN_DIR"] = os.path.join(KIT, "lib", "mujoco_plugin")
    for name in sys.argv[1:] or list(MODELS):
        path = MODELS[name]
        recs = run_mjref(path, "--steps", "600", "--every", "100", "--dump-initial", "--fields",
                         "qpos,qvel,qacc_warmstart")
        states_file = os.path.join(HERE, name + "_states.jsonl")
        with open(states_file, "w") as f:
            for r in recs:
                s = {"step": r["step"], "time": r["time"], "qpos": r["qpos"], "qvel": r["qvel"],
                     "qacc_warmstart": r["qacc_warmstart"]}
                f.write(json.dumps(s) + "\n")
        cmd = [sys.executable, os.path.join(ROOT, "tools", "gen_golden.py"), path, "--out",
               os.path.join(HERE, name + "_touch.txt"), "--states", states_file, "--fields",
               FIELDS]
        env = dict(os.environ, MJREF=shlex.join(mjref_command()))
        subprocess.run(cmd, check=True, env=env)


if __name__ == "__main__":
    main()
