#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Golden data of sensor_distance_test (run from the repository root):

    python3 test/data/sensor/make_distance_golden.py

Writes into test/data/sensor/:
  distance_pairs_sensors.xml  distance_pairs.xml with its <sensor> block: for every pair of
                              geoms (plane, sphere, capsule, ellipsoid, cylinder, box, mesh;
                              not plane-plane), distance (geom1, geom2), then normal and fromto
                              in both orders, cutoff 1;
  distance_pairs_states.jsonl 24 random poses (seed 3): positions uniform in
                              [-0.25, 0.25]^2 x [0.02, 0.4], orientations uniform; many pairs
                              overlap, most are separated;
  distance_pairs.txt          tools/gen_golden.py --states: qpos and sensordata.
"""
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from golden_util import gen_golden, random_unit_quat  # noqa: E402
GEOMS = ["plane", "sphere", "capsule", "ellipsoid", "cylinder", "box", "mesh"]


def sensors():
    out = []
    for i, a in enumerate(GEOMS):
        for b in GEOMS[i + 1:]:
            out.append(f'    <distance geom1="{a}" geom2="{b}" cutoff="1"/>')
            for g1, g2 in ((a, b), (b, a)):
                out.append(f'    <normal geom1="{g1}" geom2="{g2}" cutoff="1"/>')
                out.append(f'    <fromto geom1="{g1}" geom2="{g2}" cutoff="1"/>')
    return "  <sensor>\n" + "\n".join(out) + "\n  </sensor>\n"


def main():
    with open(os.path.join(HERE, "distance_pairs.xml")) as f:
        text = f.read()
    text, n = re.subn(r"</mujoco>\s*$", sensors() + "</mujoco>\n", text)
    assert n == 1
    model = os.path.join(HERE, "distance_pairs_sensors.xml")
    with open(model, "w") as f:
        f.write(text)
    rng = random.Random(3)
    nfree = len(GEOMS) - 1
    states = os.path.join(HERE, "distance_pairs_states.jsonl")
    with open(states, "w") as f:
        for k in range(24):
            qpos = []
            for _ in range(nfree):
                qpos += [rng.uniform(-0.25, 0.25), rng.uniform(-0.25, 0.25),
                         rng.uniform(0.02, 0.4)]
                qpos += random_unit_quat(rng)
            f.write(json.dumps({"step": k, "qpos": qpos}) + "\n")
    gen_golden(model, os.path.join(HERE, "distance_pairs.txt"), "--states",
               os.path.relpath(states, ROOT), "--fields",
               "qpos,sensordata")


if __name__ == "__main__":
    main()
