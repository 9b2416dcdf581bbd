#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the collision conformance data from MuJoCo 3.8.0 (the kit, the default dumper;
run from the repository root):

    python3 test/data/collision/make_golden.py [names]

Primitive pairs (one scene per geom-type pair, written here as <pair>.xml):
  two copies of the pair, each geom on its own free body: copy 0 without margin, copy 1 with
  margin 0.03 and gap 0.01 on both geoms (far from copy 0). Plane pairs have one world plane and
  the two copies of the other geom. <pair>_states.jsonl holds qpos sets: axis-aligned poses at
  signed surface distances -0.01, 0, 0.015, 0.025 along x and z (penetrating, touching,
  separated within the margin, in the gap), a few special poses (coincident centers, parallel
  capsules, stacked boxes, ...) and random poses (seeded) with the centers closer than the sum
  of the bounding radii. <pair>_golden.txt is
      tools/gen_golden.py <pair>.xml --states <pair>_states.jsonl --fields qpos,ncon,contact
  i.e. mj_forward at each state: the contacts (all mjContact fields, keys sorted, see
  tools/gen_golden.py) with qpos, ncon.
Driver scenes (hand-written params.xml, params_override.xml, filters.xml,
filters_noparent.xml, order.xml, touching.xml): <scene>_golden.txt = tools/gen_golden.py <scene>.xml
--forward-only --fields ncon,contact.
Ray scenes (written here, seeded): ray_mixed.xml (every geom type in one static body, sites in
the world aiming at them, some from inside) and ray_hfield.xml (rays onto a height field from
above and from the sides), each site with a rangefinder; <scene>_golden.txt =
tools/gen_golden.py <scene>.xml --forward-only --fields sensordata.
Shared models (../shared/models, skipped when absent): qpos every 100 steps of an oracle
trajectory (<name>_states.jsonl), golden as above in <name>_golden.txt.
"""
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import gen_golden, quat_axis, quat_mul, random_unit_quat, run_mjref  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(ROOT, "..", "shared", "models")

# geom type -> (attributes, half-extent along x, half-extent along z, bounding radius) for the
# identity orientation
GEOMS = {
    "sphere": ('type="sphere" size="0.15"', 0.15, 0.15, 0.15),
    "capsule": ('type="capsule" size="0.1 0.2"', 0.1, 0.3, 0.3),
    "ellipsoid": ('type="ellipsoid" size="0.1 0.15 0.2"', 0.1, 0.2, 0.2),
    "cylinder": ('type="cylinder" size="0.12 0.18"', 0.12, 0.18, math.hypot(0.12, 0.18)),
    "box": ('type="box" size="0.1 0.15 0.2"', 0.1, 0.2, math.sqrt(0.01 + 0.0225 + 0.04)),
}
PAIRS = [("plane", "sphere"), ("plane", "capsule"), ("plane", "ellipsoid"),
         ("plane", "cylinder"), ("plane", "box"), ("sphere", "sphere"), ("sphere", "capsule"),
         ("sphere", "cylinder"), ("sphere", "box"), ("capsule", "capsule"), ("capsule", "box"),
         ("box", "box")]
SHARED_MODELS = {
    "planks": ("planks/planks.xml", 1),
    "spheres_cylinders": ("spheres_cylinders/spheres_cylinders.xml", 3),
    "humanoid": ("humanoid/humanoid.xml", 3),
    "car": ("car/car.xml", 3),
}
MARGIN = 'margin="0.03" gap="0.01"'
COPY_DX = 5.0  # x offset of copy 1
NRANDOM = 24


def write_model(name, t1, t2):
    a1 = GEOMS[t2][0]
    lines = ["<mujoco>", "  <option><flag gravity=\"disable\"/></option>", "  <worldbody>"]
    if t1 == "plane":
        lines.append('    <geom name="plane" type="plane" size="0 0 1"/>')
        for c in range(2):
            extra = " " + MARGIN if c else ""
            lines.append(f'    <body name="b{c}" pos="{c * COPY_DX} 0 1"><freejoint/>'
                         f'<geom name="B{c}" {a1}{extra}/></body>')
    else:
        a0 = GEOMS[t1][0]
        for c in range(2):
            extra = " " + MARGIN if c else ""
            lines.append(f'    <body name="a{c}" pos="{c * COPY_DX} 0 0"><freejoint/>'
                         f'<geom name="A{c}" {a0}{extra}/></body>')
            lines.append(f'    <body name="b{c}" pos="{c * COPY_DX + 1} 0 0"><freejoint/>'
                         f'<geom name="B{c}" {a1}{extra}/></body>')
    lines += ["  </worldbody>", "</mujoco>", ""]
    path = os.path.join(HERE, f"{name}.xml")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    return path


def pose(pos, quat):
    return list(pos) + list(quat)


def make_states(t1, t2, rng):
    """Each state: list of (pos, quat) per free body, relative to the copy origin."""
    unit = [1, 0, 0, 0]
    states = []
    if t1 == "plane":
        _, ex, ez, rb = GEOMS[t2]
        for s in (-0.01, 0, 0.015, 0.025):
            states.append([((0, 0, ez + s), unit)])
            # lying on its side: rotated 90 degrees about y (x extent becomes vertical)
            states.append([((0, 0, ex + s), quat_axis((0, 1, 0), 90))])
        for _ in range(NRANDOM):
            states.append([((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.2, 1.0) * rb),
                            random_unit_quat(rng))])
        return states

    _, ex1, ez1, rb1 = GEOMS[t1]
    _, ex2, ez2, rb2 = GEOMS[t2]
    for s in (-0.01, 0, 0.015, 0.025):
        states.append([((0, 0, 0), unit), ((ex1 + ex2 + s, 0, 0), unit)])
        states.append([((0, 0, 0), unit), ((0.03, 0.02, ez1 + ez2 + s), unit)])
    # coincident centers, and slightly off-center
    states.append([((0, 0, 0), unit), ((0, 0, 0), unit)])
    states.append([((0, 0, 0), unit), ((0.01, -0.02, 0.015), quat_axis((1, 2, 3), 20))])
    if (t1, t2) == ("capsule", "capsule"):
        # parallel side by side (two contacts), collinear overlapping, crossed
        states.append([((0, 0, 0), unit), ((0.19, 0, 0.05), unit)])
        states.append([((0, 0, 0), unit), ((0, 0, 0.35), unit)])
        states.append([((0, 0, 0), unit), ((0.18, 0, 0), quat_axis((1, 0, 0), 90))])
    if (t1, t2) == ("box", "box"):
        # stacked, rotated about the common axis; tilted; edge on face
        states.append([((0, 0, 0), unit), ((0.02, 0.01, 0.39), quat_axis((0, 0, 1), 20))])
        states.append([((0, 0, 0), unit),
                       ((0.02, 0.01, 0.39), quat_mul(quat_axis((0, 0, 1), 20),
                                                     quat_axis((1, 1, 0), 3)))])
        states.append([((0, 0, 0), unit), ((0, 0, 0.33), quat_axis((1, 0, 0), 45))])
    for _ in range(NRANDOM):
        d = [rng.gauss(0, 1) for _ in range(3)]
        n = math.sqrt(sum(x * x for x in d))
        r = (rb1 + rb2) * rng.uniform(0.3, 1.0)
        states.append([((0, 0, 0), random_unit_quat(rng)),
                       tuple(([x / n * r for x in d], random_unit_quat(rng)))])
    return states


def qpos_of(t1, state):
    """Both copies get the same relative pose; copy 1 is shifted by COPY_DX along x."""
    q = []
    for c in range(2):
        for pos, quat in state:
            q += pose((pos[0] + c * COPY_DX, pos[1], pos[2]), quat)
    if t1 == "plane":
        return q
    # two bodies per copy: reorder to a0 b0 a1 b1 (already in that order)
    return q


def make_pair(t1, t2):
    name = f"{t1}_{t2}"
    model = write_model(name, t1, t2)
    rng = random.Random(sum(map(ord, name)))
    states = make_states(t1, t2, rng)
    path = os.path.join(HERE, f"{name}_states.jsonl")
    with open(path, "w") as f:
        for st in states:
            f.write(json.dumps({"qpos": qpos_of(t1, st)}) + "\n")
    gen_golden(os.path.relpath(model, ROOT), os.path.join(HERE, f"{name}_golden.txt"),
               "--states", os.path.relpath(path, ROOT), "--fields", "qpos,ncon,contact")


def make_shared(name):
    rel, nstate = SHARED_MODELS[name]
    model = os.path.join(SHARED, rel)
    if not os.path.exists(model):
        print(f"skip {name}: {model} absent")
        return
    recs = run_mjref(os.path.relpath(model, ROOT), "--steps", str(100 * nstate), "--every", "100", "--fields", "qpos")
    path = os.path.join(HERE, f"{name}_states.jsonl")
    with open(path, "w") as f:
        for r in recs[-nstate:]:
            f.write(json.dumps({"qpos": r["qpos"]}) + "\n")
    gen_golden(os.path.relpath(model, ROOT), os.path.join(HERE, f"{name}_golden.txt"),
               "--states", os.path.relpath(path, ROOT), "--fields", "qpos,ncon,contact")


DRIVER_SCENES = ["params", "params_override", "filters", "filters_noparent", "order", "touching"]


def make_scene(name):
    gen_golden(os.path.relpath(os.path.join(HERE, f"{name}.xml"), ROOT),
               os.path.join(HERE, f"{name}_golden.txt"), "--forward-only", "--fields",
               "ncon,contact")


RAY_ASSETS = """  <asset>
    <hfield name="hf" nrow="4" ncol="5" size="0.4 0.3 0.2 0.1"
            elevation="0 0.5 1 0.2 0.3  0.1 0.9 0.4 0.6 0.2  0.7 0.3 0.8 0.1 0.5  0.4 0.2 0.6 0.9 0.3"/>
    <mesh name="tet" vertex="0 0 0  0.4 0 0  0 0.3 0  0 0 0.35  0.3 0.3 0.3"/>
  </asset>
"""


def write_ray_mixed(path, rng, nsite=240):
    geoms = [("plane", 'size="0.6 0.4 0.1"', (0, 0, -0.5)),
             ("plane", 'size="0 0 0.1"', (0, 0, -1.5)),
             ("sphere", 'size="0.2"', (1, 0, 0)),
             ("capsule", 'size="0.15 0.3"', (-1, 0, 0)),
             ("ellipsoid", 'size="0.2 0.3 0.15"', (0, 1, 0)),
             ("cylinder", 'size="0.2 0.25"', (0, -1, 0)),
             ("box", 'size="0.2 0.3 0.15"', (1, 1, 0)),
             ("hfield", 'hfield="hf"', (-1, -1, 0)),
             ("mesh", 'mesh="tet"', (1, -1, 0))]
    s = "<mujoco>\n" + RAY_ASSETS + "  <worldbody>\n    <body name=\"geoms\">\n"
    for t, a, p in geoms:
        e = [rng.uniform(-40, 40) for _ in range(3)]
        if t == "plane":
            e = [rng.uniform(-20, 20), rng.uniform(-20, 20), 0]
        s += (f'      <geom type="{t}" {a} pos="{p[0]} {p[1]} {p[2]}" '
              f'euler="{e[0]:.3f} {e[1]:.3f} {e[2]:.3f}"/>\n')
    s += "    </body>\n"
    for i in range(nsite):
        t, a, p = geoms[i % len(geoms)]
        o = [p[k] + rng.uniform(-0.8, 0.8) for k in range(3)]
        if i % 7 == 3:  # from inside / near the center
            o = [p[k] + rng.uniform(-0.05, 0.05) for k in range(3)]
        tgt = [p[k] + rng.uniform(-0.3, 0.3) for k in range(3)]
        dz = [tgt[k] - o[k] for k in range(3)]
        s += (f'    <site name="s{i}" pos="{o[0]:.4f} {o[1]:.4f} {o[2]:.4f}" '
              f'zaxis="{dz[0]:.4f} {dz[1]:.4f} {dz[2]:.4f}"/>\n')
    s += "  </worldbody>\n  <sensor>\n"
    s += "".join(f'    <rangefinder site="s{i}"/>\n' for i in range(nsite))
    s += "  </sensor>\n</mujoco>\n"
    with open(path, "w") as f:
        f.write(s)


def write_ray_hfield(path, rng, nsite=300):
    s = "<mujoco>\n" + RAY_ASSETS + "  <worldbody>\n"
    s += '    <body><geom type="hfield" hfield="hf" pos="0.1 0.2 0.3" euler="5 10 15"/></body>\n'
    for i in range(nsite):
        if i < nsite // 2:  # from above, slightly slanted: the two triangles of each cell
            x, y = rng.uniform(-0.45, 0.45), rng.uniform(-0.35, 0.35)
            s += (f'    <site name="s{i}" pos="{0.1 + x:.4f} {0.2 + y:.4f} 1.2" '
                  f'zaxis="{rng.uniform(-.2, .2):.3f} {rng.uniform(-.2, .2):.3f} -1"/>\n')
        else:  # from the sides, low: walls and base
            z = rng.uniform(0.1, 0.55)
            ang = rng.uniform(0, 2 * math.pi)
            ox, oy = 0.1 + math.cos(ang), 0.2 + math.sin(ang)
            tx, ty = 0.1 + rng.uniform(-0.3, 0.3), 0.2 + rng.uniform(-0.2, 0.2)
            s += (f'    <site name="s{i}" pos="{ox:.4f} {oy:.4f} {z:.4f}" '
                  f'zaxis="{tx - ox:.4f} {ty - oy:.4f} {rng.uniform(-0.1, 0.1):.4f}"/>\n')
    s += "  </worldbody>\n  <sensor>\n"
    s += "".join(f'    <rangefinder site="s{i}"/>\n' for i in range(nsite))
    s += "  </sensor>\n</mujoco>\n"
    with open(path, "w") as f:
        f.write(s)


def make_ray(name):
    path = os.path.join(HERE, f"{name}.xml")
    rng = random.Random(sum(map(ord, name)))
    (write_ray_mixed if name == "ray_mixed" else write_ray_hfield)(path, rng)
    gen_golden(os.path.relpath(path, ROOT), os.path.join(HERE, f"{name}_golden.txt"),
               "--forward-only", "--fields", "sensordata")


# A cylinder standing almost upright on a plane (tilts 1e-7 to 1e-2 rad about several axes,
# penetrating 1e-4): the depth of the rim is r |n_perp|, tiny and sensitive to its evaluation.
UPRIGHT_XML = """<mujoco model="cylinder_upright">
  <worldbody>
    <geom type="plane" size="1 1 .01"/>
    <body>
      <freejoint/>
      <geom type="cylinder" size=".045 .0026"/>
    </body>
  </worldbody>
</mujoco>
"""


def make_upright():
    name = "cylinder_upright"
    with open(os.path.join(HERE, f"{name}.xml"), "w") as f:
        f.write(UPRIGHT_XML)
    path = os.path.join(HERE, f"{name}_states.jsonl")
    with open(path, "w") as f:
        for tilt in (1e-7, 1e-6, 3e-5, 1e-4, 1e-3, 1e-2, 0.0):
            for axis in ((1, 0, 0), (0.6, 0.8, 0), (-0.3, 0.2, 0)):
                q = quat_axis(axis, math.degrees(tilt))
                z = 0.0026 * math.cos(tilt) + 0.045 * math.sin(tilt) - 1e-4
                f.write(json.dumps({"qpos": [0.01, -0.02, z] + list(q)}) + "\n")
    gen_golden(os.path.relpath(os.path.join(HERE, f"{name}.xml"), ROOT),
               os.path.join(HERE, f"{name}_golden.txt"), "--states", os.path.relpath(path, ROOT),
               "--fields", "qpos,ncon,contact")


def main():
    names = sys.argv[1:]
    for t1, t2 in PAIRS:
        if not names or f"{t1}_{t2}" in names:
            make_pair(t1, t2)
    for name in DRIVER_SCENES:
        if not names or name in names:
            make_scene(name)
    for name in ("ray_mixed", "ray_hfield"):
        if not names or name in names:
            make_ray(name)
    for name in SHARED_MODELS:
        if not names or name in names:
            make_shared(name)
    if not names or "cylinder_upright" in names:
        make_upright()


if __name__ == "__main__":
    main()
