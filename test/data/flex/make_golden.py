#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the golden data of test/flex_elastic_test.cc and the flexcomp shapes of
test/flex_test.cc from MuJoCo (the dumper of tools/golden_util.py, by default the 3.8.0 kit).

shapes.xml: the generated points (body positions), elements and edges (shapes.model.txt).
For the elasticity models (interp*: interpolated flexes, interp_cells with several cells): the compiled elasticity arrays (<name>.model.txt,
`--forward-only`) and the passive forces at seeded random states around qpos0
(<name>_states.jsonl, evaluated with `--states` into <name>.golden.txt, which repeats
the states: the test reads them from there).

Usage (from the repository root):  python3 test/data/flex/make_golden.py [names]
"""
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import gen_golden, run_mjref  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = ["cloth", "curved", "solid", "bodies", "interp", "interp_pinned", "interp_cells"]
# state noise (qpos; qvel 10 times it): larger for the interpolated flexes, whose cells must
# rotate noticeably for their corotational forces to be checked
SCALE = {"interp": 0.05, "interp_pinned": 0.1, "interp_cells": 0.05}
SHAPES = ["shapes"]
SHAPE_FIELDS = ("m.nbody,m.nflexvert,m.body_pos,m.body_parentid,m.flex_elem,m.flex_edge,"
                "m.flex_vertadr,m.flex_elemadr,m.flex_edgeadr,m.flex_flatskin,m.flex_vertbodyid")
MODEL_FIELDS = ("m.nflexstiffness,m.flex_stiffnessadr,m.flex_stiffness,m.flex_bending,"
                "m.flex_edgeflap,m.flex_damping,m.flexedge_length0")
STATE_FIELDS = "qpos,qvel,qfrc_spring,qfrc_damper,qfrc_passive,flexedge_length,flexedge_velocity"


def states(model, count, seed, scale):
    """qpos0 plus uniform noise (quaternions renormalized), qvel uniform in +-10 scale."""
    info = run_mjref(model, "--forward-only", "--fields",
                     "m.nq,m.nv,m.qpos0,m.jnt_type,m.jnt_qposadr")[0]
    quat = []
    for t, adr in zip(info["m.jnt_type"], info["m.jnt_qposadr"]):
        if t in (0, 1):  # free (orientation after the position) or ball
            quat.append(adr + (3 if t == 0 else 0))
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        q = [x + rng.uniform(-scale, scale) for x in info["m.qpos0"]]
        for a in quat:
            n = math.sqrt(sum(x * x for x in q[a:a + 4]))
            q[a:a + 4] = [x / n for x in q[a:a + 4]]
        v = [rng.uniform(-10 * scale, 10 * scale) for _ in range(info["m.nv"])]
        out.append({"time": 0, "qpos": q, "qvel": v})
    return out


def main():
    names = sys.argv[1:] or MODELS + SHAPES
    for name in names:
        if name in SHAPES:
            gen_golden(os.path.join(HERE, name + ".xml"), os.path.join(HERE, name + ".model.txt"),
                       "--forward-only", "--fields", SHAPE_FIELDS)
    for name in (n for n in names if n not in SHAPES):
        model = os.path.join(HERE, name + ".xml")
        gen_golden(model, os.path.join(HERE, name + ".model.txt"), "--forward-only", "--fields",
                   MODEL_FIELDS)
        path = os.path.join(HERE, name + "_states.jsonl")
        with open(path, "w") as f:
            for s in states(model, 4, 100 + MODELS.index(name), SCALE.get(name, 0.02)):
                f.write(json.dumps(s) + "\n")
        gen_golden(model, os.path.join(HERE, name + ".golden.txt"), "--states", path, "--fields",
                   STATE_FIELDS)


if __name__ == "__main__":
    main()
