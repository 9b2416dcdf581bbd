#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the golden data of test/flex_strain_test.cc from MuJoCo (the dumper of
tools/golden_util.py, by default the 3.8.0 kit).

For each model: seeded random states around qpos0 (<name>_states.jsonl: qpos noise, zero
velocities) and the constraint rows there (<name>.txt, `--states`, which repeats the qpos: the test reads them from there).

Usage (from the repository root):  python3 test/data/flex_strain/make_golden.py [names]
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import gen_golden, run_mjref  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = ["cell", "cells", "quadratic"]
FIELDS = "qpos,nefc,efc_id,efc_type,efc_J,efc_pos,efc_diagApprox,qacc"


def states(model, count, seed, scale):
    """qpos0 plus uniform noise in +-scale (the first state is qpos0 itself)."""
    info = run_mjref(model, "--forward-only", "--fields", "m.qpos0")[0]
    rng = random.Random(seed)
    out = [{"time": 0, "qpos": info["m.qpos0"]}]
    for _ in range(count - 1):
        out.append({"time": 0, "qpos": [x + rng.uniform(-scale, scale) for x in info["m.qpos0"]]})
    return out


def main():
    for name in sys.argv[1:] or MODELS:
        model = os.path.join(HERE, name + ".xml")
        path = os.path.join(HERE, name + "_states.jsonl")
        with open(path, "w") as f:
            for s in states(model, 4, 200 + MODELS.index(name), 0.02):
                f.write(json.dumps(s) + "\n")
        gen_golden(model, os.path.join(HERE, name + ".txt"), "--states", path, "--fields", FIELDS)


if __name__ == "__main__":
    main()
