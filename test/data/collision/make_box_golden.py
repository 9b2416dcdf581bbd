#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the box-box conformance data from MuJoCo 3.8.0 (the kit, the default dumper;
run from the repository root):

    python3 test/data/collision/make_box_golden.py [names]

Each scene is two boxes of different sizes on free bodies (box_bb.xml, margin 0.05 on both geoms;
box_bb_nomargin.xml, margin 0), and a set of relative poses (<name>_states.jsonl, qpos of both
bodies). <name>_golden.txt is
    tools/gen_golden.py box_bb[_nomargin].xml --states <name>_states.jsonl --fields qpos,ncon,contact
i.e. the oracle's contacts after mj_forward at each pose. The poses are placed with our own
separating-axis computation (below) at a prescribed signed separation, seeded:
  box_face    random orientations whose deepest axis is a face normal, separation -0.02, -0.005
              and +0.01 (penetrating and apart within the margin); box 2 a long or a flat box
  box_edge    random orientations whose deepest axis is an edge-edge cross product
  box_deep    random poses (face and edge cases) overlapping by 0.01 to 0.09, margin 0;
  box_deep_margin  the same with margin 0.002 (and 0.001 apart)
  box_cap     box 2 aligned on box 1 with coincident long sides (narrower in x than box 1)
  box_tie     a box edge lying across the other box's face, tilted by psi so that the edge axis
              beats the face normal by 0.3 psi (the face/edge selection threshold: relative 1e-12
              when penetrating, ties go to the edge axis when apart), and exactly aligned stacks
"""
import json
import math
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import quat_axis, quat_mul, random_unit_quat  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))

S1 = (0.1, 0.15, 0.2)
S2 = {"long": (0.12, 0.08, 0.18), "ridge": (0.4, 0.08, 0.06),
      # same half-size along y as box 1: stacked exactly aligned, the long sides coincide
      "cap": (0.05, 0.15, 0.05)}
IDENT = [1, 0, 0, 0]


# --- small vector helpers --------------------------------------------------------------------
def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def norm(a):
    return math.sqrt(dot(a, a))


def quat_mat(q):
    w, x, y, z = q
    n = math.sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


# --- separating axes (to place the poses; the engine computes its own) -----------------------
def axes_of(q):
    m = quat_mat(q)
    return [[m[0][k], m[1][k], m[2][k]] for k in range(3)]


def separation(q1, s1, p2, q2, s2):
    """largest signed separation over the 15 axes and whether it is an edge axis"""
    a1, a2 = axes_of(q1), axes_of(q2)
    cand = [(a, False) for a in a1 + a2]
    for u in a1:
        for v in a2:
            c = cross(u, v)
            if norm(c) > 1e-6:
                cand.append(([x / norm(c) for x in c], True))
    best = (-1e9, False)
    for n, edge in cand:
        r1 = sum(s * abs(dot(n, a)) for s, a in zip(s1, a1))
        r2 = sum(s * abs(dot(n, a)) for s, a in zip(s2, a2))
        sep = abs(dot(n, p2)) - r1 - r2
        if sep > best[0]:
            best = (sep, edge)
    return best


def place(direction, q1, q2, s2, target):
    """box 2 center along `direction` (box 1 at the origin) at signed separation `target`"""
    lo, hi = 0.0, 5.0
    for _ in range(200):
        mid = (lo + hi) / 2
        sep = separation(q1, S1, [d * mid for d in direction], q2, s2)[0]
        lo, hi = (lo, mid) if sep > target else (mid, hi)
    return [d * (lo + hi) / 2 for d in direction]


def random_states(rng, n, targets, s2, edge):
    states = []
    while len(states) < n:
        q1, q2 = random_unit_quat(rng), random_unit_quat(rng)
        d = [rng.gauss(0, 1) for _ in range(3)]
        d = [x / norm(d) for x in d]
        target = targets[len(states) % len(targets)]
        p2 = place(d, q1, q2, s2, target)
        if separation(q1, S1, p2, q2, s2)[1] == edge:
            states.append([0, 0, 0] + q1 + p2 + q2)
    return states


def ridge_state(psi_rad, target, s2):
    """box 2 tilted 30 degrees about x (a ridge along x) and psi about y, above box 1"""
    q2 = quat_mul(quat_axis((0, 1, 0), math.degrees(psi_rad)), quat_axis((1, 0, 0), 30))
    lo, hi = -2.0, 2.0
    for _ in range(200):
        mid = (lo + hi) / 2
        sep = separation(IDENT, S1, [0, 0.01, mid], q2, s2)[0]
        lo, hi = (lo, mid) if sep > target else (mid, hi)
    return [0, 0, 0] + IDENT + [0, 0.01, (lo + hi) / 2] + q2


def tie_states(s2):
    states = []
    # the face/edge selection around the relative 1e-12 threshold (0.3 psi = 1e-12 * 0.005 at
    # psi = 1.67e-14) and far from it
    for psi in (1e-15, 1e-14, 1.6e-14, 1.7e-14, 1e-13, 1e-9, 1e-6, 1e-3):
        for target in (-0.005, 0.005):
            states.append(ridge_state(psi, target, s2))
    return states


def coincident_states(s2):
    """box 2 exactly aligned on box 1's top face, overlapping by 2e-4, its long sides (along x)
    on box 1's: the face contacts lie on coincident edges (order of the crossings at edge ends)"""
    states = []
    for dx in (0.0, 0.02, -0.03, 0.25):
        for dz in (-2e-4, 0.0):
            states.append([0, 0, 0] + IDENT + [dx, 0, S1[2] + s2[2] + dz] + IDENT)
    return states


def mixed_states(rng, n, targets, s2):
    """random poses, face and edge cases alike"""
    states = []
    while len(states) < n:
        q1, q2 = random_unit_quat(rng), random_unit_quat(rng)
        d = [rng.gauss(0, 1) for _ in range(3)]
        d = [x / norm(d) for x in d]
        states.append([0, 0, 0] + q1 + place(d, q1, q2, s2, targets[len(states) % len(targets)]) + q2)
    return states


def aligned_states(s2):
    """exactly aligned stacks (all axes parallel): penetrating, touching and apart"""
    states = []
    for dz in (-0.01, -1e-9, 0, 1e-9, 0.01):
        for off in ((0.02, 0.01), (0.013, 0.017)):
            states.append([0, 0, 0] + IDENT + [off[0], off[1], S1[2] + s2[2] + dz] + IDENT)
        states.append([0, 0, 0] + IDENT + [0.01, 0, S1[2] + s2[2] + dz] + quat_axis((0, 0, 1), 30))
    return states


# --- files -----------------------------------------------------------------------------------
def write_model(path, s2, margin):
    extra = f' margin="{margin}"' if margin else ""
    lines = ["<mujoco>", '  <option><flag gravity="disable"/></option>', "  <worldbody>",
             f'    <body name="a"><freejoint/><geom name="A" type="box" size="{S1[0]} {S1[1]} '
             f'{S1[2]}"{extra}/></body>',
             f'    <body name="b" pos="1 0 0"><freejoint/><geom name="B" type="box" '
             f'size="{s2[0]} {s2[1]} {s2[2]}"{extra}/></body>',
             "  </worldbody>", "</mujoco>", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def gen_golden(model, states, name):
    spath = os.path.join(HERE, f"{name}_states.jsonl")
    with open(spath, "w") as f:
        for q in states:
            f.write(json.dumps({"qpos": q}) + "\n")
    cmd = [sys.executable, os.path.join(ROOT, "tools", "gen_golden.py"),
           os.path.relpath(model, ROOT), "--out",
           os.path.relpath(os.path.join(HERE, f"{name}_golden.txt"), ROOT),
           "--states", os.path.relpath(spath, ROOT), "--fields", "qpos,ncon,contact"]
    subprocess.run(cmd, check=True, cwd=ROOT)


SCENES = {
    # name: (box 2, margin, states)
    "box_face": ("long", 0.05,
                 lambda: random_states(random.Random(11), 60, (-0.02, -0.005, 0.01),
                                       S2["long"], False)),
    "box_face_ridge": ("ridge", 0.05,
                       lambda: random_states(random.Random(12), 40, (-0.02, -0.005, 0.01),
                                             S2["ridge"], False)),
    "box_edge": ("long", 0.05,
                 lambda: random_states(random.Random(13), 60, (-0.02, -0.005, 0.01),
                                       S2["long"], True)),
    "box_tie": ("ridge", 0.05, lambda: tie_states(S2["ridge"])),
    "box_aligned": ("long", 0.0, lambda: aligned_states(S2["long"])),
    # deep overlap (the position test of keepContact), margin 0 and 0.002
    "box_deep": ("long", 0.0,
                 lambda: mixed_states(random.Random(14), 60, (-0.09, -0.06, -0.03, -0.01),
                                      S2["long"])),
    "box_deep_margin": ("long", 0.002,
                        lambda: mixed_states(random.Random(15), 40, (-0.09, -0.05, -0.02, 0.001),
                                             S2["long"])),
    "box_cap": ("cap", 0.0, lambda: coincident_states(S2["cap"])),
}

# model file suffix by margin (the first models had 0.05 and 0)
SUFFIX = {0.05: "", 0.0: "_nomargin", 0.002: "_margin002"}


def main():
    names = sys.argv[1:] or list(SCENES)
    for name in names:
        kind, margin, make = SCENES[name]
        model = os.path.join(HERE, f"box_{kind}{SUFFIX[margin]}.xml")
        write_model(model, S2[kind], margin)
        gen_golden(model, make(), name)


if __name__ == "__main__":
    main()
