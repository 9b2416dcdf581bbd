#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the convex / mesh / height-field collision conformance data from MuJoCo 3.8.0, the
kit (the dumper of tools/golden_util.py; run from the repository root):

    python3 test/data/convex/make_golden.py [names]

Pair scenes (written here as <pair>.xml): two copies of the pair, each geom on its own free body,
copy 0 without margin, copy 1 with margin 0.03 and gap 0.01 on both geoms (5 m away along x).
Height-field scenes have one static height field per copy and the other geom on a free body.
<pair>_states.jsonl holds qpos sets: axis-aligned poses at signed distances -0.01, 0, 0.015,
0.025 along x and z where the extents are known (penetrating, touching, within the margin, in the
gap), and seeded random poses (random orientations, centers closer than the sum of the bounding
radii; for height fields, random points over the field at heights around its surface).
<pair>_golden.txt is
    tools/gen_golden.py <pair>.xml --states <pair>_states.jsonl --fields qpos,ncon,contact
i.e. mj_forward at each state: the contacts (all mjContact fields, keys sorted) with qpos, ncon.
The pair scenes set <flag multiccd="disable"/>; scene "legacy_<pair>" is the same as <pair> with
<flag nativeccd="disable"/> (libccd MPR), scene "multi_<pair>" with <flag multiccd="enable"/>.
Distance sensors (distance.xml, hand-written): distance_golden.txt =
    tools/gen_golden.py distance.xml --states distance_states.jsonl --fields qpos,sensordata
(hfield_png and sensor_fromto_convex are not used: the first has no contacts at any state, the
second is static, its fromto sensors are covered by distance.xml.)
Shared models (../shared/models, skipped when absent): qpos every 100 steps of a MuJoCo
trajectory (<name>_states.jsonl), golden as for the pairs in <name>_golden.txt.
Rule scenes (rule_<name>.xml, see RULE_SCENES below): hand-made scenes pinning one MuJoCo rule
each (default options, plane-mesh neighbor rule, EPA on prisms, EPA from a hexahedron, multiccd
faces, the EPA rotation, GJK's unoriented tetrahedron, GJK out of iterations, the height field's
prism order), golden as for the pairs at the model's initial state.
"""
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import gen_golden, quat_axis, random_unit_quat, run_mjref, mujoco_version  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(ROOT, "..", "shared", "models")

# a convex polyhedron with 26 vertices (hill climbing on the hull graph): the corners of a box,
# its face centers pushed out and its edge midpoints pushed out
def _poly_vertices():
    a = (0.1, 0.12, 0.14)
    v = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            for sz in (-1, 1):
                v.append((sx * a[0], sy * a[1], sz * a[2]))
    for k in range(3):
        for s in (-1, 1):
            p = [0, 0, 0]
            p[k] = s * a[k] * 1.3
            v.append(tuple(p))
    for k in range(3):
        i, j = [q for q in range(3) if q != k]
        for si in (-1, 1):
            for sj in (-1, 1):
                p = [0, 0, 0]
                p[i] = si * a[i] * 1.12
                p[j] = sj * a[j] * 1.12
                v.append(tuple(p))
    return v


POLY = _poly_vertices()
# a triangular prism (6 vertices: linear search), with flat faces for multiple contacts
WEDGE = [(-0.12, -0.1, -0.08), (0.12, -0.1, -0.08), (0.0, 0.12, -0.08),
         (-0.12, -0.1, 0.08), (0.12, -0.1, 0.08), (0.0, 0.12, 0.08)]


def verts_attr(vs):
    return " ".join(f"{x:g} {y:g} {z:g}" for x, y, z in vs)


ASSETS = f"""  <asset>
    <mesh name="poly" vertex="{verts_attr(POLY)}"/>
    <mesh name="wedge" vertex="{verts_attr(WEDGE)}"/>
    <hfield name="hf" nrow="7" ncol="8" size="0.6 0.5 0.25 0.1"
            elevation="{' '.join(f'{(0.5 + 0.5 * math.sin(0.9 * r + 0.3) * math.cos(0.7 * c)):.3f}'
                                 for r in range(7) for c in range(8))}"/>
  </asset>
"""


def extent(vs, k):
    return max(abs(v[k]) for v in vs)


def radius(vs):
    return max(math.sqrt(sum(x * x for x in v)) for v in vs)


# geom -> (attributes, half-extent along x, half-extent along z, bounding radius) for the
# identity orientation
GEOMS = {
    "sphere": ('type="sphere" size="0.15"', 0.15, 0.15, 0.15),
    "capsule": ('type="capsule" size="0.1 0.2"', 0.1, 0.3, 0.3),
    "ellipsoid": ('type="ellipsoid" size="0.1 0.15 0.2"', 0.1, 0.2, 0.2),
    "cylinder": ('type="cylinder" size="0.12 0.18"', 0.12, 0.18, math.hypot(0.12, 0.18)),
    "box": ('type="box" size="0.1 0.15 0.2"', 0.1, 0.2, math.sqrt(0.01 + 0.0225 + 0.04)),
    "mesh": ('type="mesh" mesh="poly"', extent(POLY, 0), extent(POLY, 2), radius(POLY)),
    "wedge": ('type="mesh" mesh="wedge"', extent(WEDGE, 0), extent(WEDGE, 2), radius(WEDGE)),
}
PAIRS = [("sphere", "ellipsoid"), ("capsule", "ellipsoid"), ("capsule", "cylinder"),
         ("ellipsoid", "ellipsoid"), ("ellipsoid", "cylinder"), ("cylinder", "cylinder"),
         ("ellipsoid", "box"), ("cylinder", "box"), ("sphere", "mesh"), ("capsule", "mesh"),
         ("ellipsoid", "mesh"), ("cylinder", "mesh"), ("box", "mesh"), ("mesh", "mesh"),
         ("box", "wedge"), ("wedge", "wedge"), ("mesh", "wedge"), ("plane", "mesh"),
         ("plane", "wedge"), ("hfield", "sphere"), ("hfield", "capsule"), ("hfield", "box"),
         ("hfield", "mesh"), ("hfield", "ellipsoid"), ("hfield", "cylinder")]
LEGACY = [("ellipsoid", "cylinder"), ("box", "mesh"), ("mesh", "mesh"), ("hfield", "sphere"),
          ("hfield", "box")]
MULTI = [("box", "wedge"), ("wedge", "wedge"), ("box", "mesh"), ("mesh", "mesh")]
# name: (model, number of states, steps between states (default 100), extra trajectory options)
SHARED_MODELS = {
    "mug": ("mug/mug.xml", 3),
    # steps 120 and 240: at 240 two dice rest face to face, aligned, where GJK's triangle holds
    # the origin up to rounding (the intersection test's on-plane rule)
    "dice": ("dice/dice.xml", 2, 120),
    "collision_mixed": ("collision_mixed/mixed.xml", 3),
    "cube_3x3x3": ("cube_3x3x3/cube_3x3x3.xml", 3),
    # the state after the first step: 27 cubies pressed together by 1e-6, face-face contacts
    # whose EPA ends exactly where the polytope's bounds meet (it pins the EPA stop rule)
    "cube_3x3x3_step1": ("cube_3x3x3/cube_3x3x3.xml", 1, 1),
    # the state after three steps: pairs whose single-shot contact clips an edge at a mesh
    # vertex with two edges orthogonal to the normal (which one: the polygons' loop order)
    # (with the harness's control sequence, --ctrl-seed 1)
    "cube_3x3x3_step3": ("cube_3x3x3/cube_3x3x3.xml", 1, 3, ("--ctrl-seed", "1")),
    "replicate_bunnies": ("replicate_bunnies/bunnies.xml", 2),
    # step 36 with the harness's controls: bunnies 66-67 (edges, 0.036 deep), whose contacts
    # clip geom1's edge by a face of geom2 1.8e-3 rad off EPA's normal
    "replicate_bunnies_step36": ("replicate_bunnies/bunnies.xml", 1, 36, ("--ctrl-seed", "1")),
    # the first ten steps of the robot arm: a capsule core against a cylinder's rim, whose GJK
    # meets an exact tie (which end of the core) decided by the support points' last bits
    "robot_arm": ("robot_arm/robot_arm.xml", 10, 1),
}
# Iterate scenes (iter_<pair>_<N>): a pair scene with ccd_iterations = N, on the same states.
# GJK stops after N - 1 iterations and reports the distance of the iterate it started the last
# one from, so these contacts show the solver's early iterates, whose last bits depend only on
# the support functions and the subdistance arithmetic (a test of rounding, compared bit by bit):
#     iter_<pair>_<N>_golden.txt = tools/gen_golden.py iter_<pair>_<N>.xml
#         --states <pair>_states.jsonl --fields qpos,ncon,contact
ITER_SCENES = [("capsule_cylinder", 3), ("sphere_ellipsoid", 2), ("sphere_ellipsoid", 3)]
MARGIN = 'margin="0.03" gap="0.01"'
COPY_DX = 5.0  # x offset of copy 1
NRANDOM = 30


def write_model(name, t1, t2, legacy, multi):
    a1 = GEOMS[t2][0]
    # multiccd is explicit: MuJoCo 3.3.8 had it as an enable flag (off by default), the
    # documentation of later versions as a disable flag (on by default)
    flag = ('<flag gravity="disable"' + (' nativeccd="disable"' if legacy else "") +
            (' multiccd="enable"' if multi else ' multiccd="disable"') + "/>")
    lines = ["<mujoco>", f"  <option>{flag}</option>", ASSETS.rstrip("\n"), "  <worldbody>"]
    if t1 in ("plane", "hfield"):
        for c in range(2):
            extra = " " + MARGIN if c else ""
            if t1 == "plane":
                if c == 0:
                    lines.append('    <geom name="plane" type="plane" size="0 0 1"/>')
            else:
                lines.append(f'    <geom name="H{c}" type="hfield" hfield="hf" '
                             f'pos="{c * COPY_DX} 0 0"{extra}/>')
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


def make_states(t1, t2, rng):
    """Each state: list of (pos, quat) per free body, relative to the copy origin."""
    unit = [1, 0, 0, 0]
    states = []
    if t1 == "plane":
        _, ex, ez, rb = GEOMS[t2]
        for s in (-0.01, 0, 0.015, 0.025):
            states.append([((0, 0, ez + s), unit)])
            states.append([((0, 0, ex + s), quat_axis((0, 1, 0), 90))])
        # resting on a face, slightly tilted
        states.append([((0, 0, ez - 0.002), quat_axis((1, 1, 0), 0.5))])
        for _ in range(NRANDOM):
            states.append([((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.2, 1.0) * rb),
                            random_unit_quat(rng))])
        return states
    if t1 == "hfield":
        _, ex, ez, rb = GEOMS[t2]
        # above the field: the surface lies between 0 and 0.25
        for _ in range(NRANDOM + 10):
            x, y = rng.uniform(-0.65, 0.65), rng.uniform(-0.55, 0.55)
            z = rng.uniform(-0.02, 0.27) + rng.uniform(0.3, 0.9) * rb
            states.append([((x, y, z), random_unit_quat(rng))])
        # flat, above the middle
        states.append([((0.05, 0.02, 0.2 + ez), unit)])
        return states

    _, ex1, ez1, rb1 = GEOMS[t1]
    _, ex2, ez2, rb2 = GEOMS[t2]
    for s in (-0.01, 0, 0.015, 0.025):
        states.append([((0, 0, 0), unit), ((ex1 + ex2 + s, 0, 0), unit)])
        states.append([((0, 0, 0), unit), ((0.03, 0.02, ez1 + ez2 + s), unit)])
    # stacked with a small rotation about z (face on face for flat geoms)
    states.append([((0, 0, 0), unit), ((0.02, 0.01, ez1 + ez2 - 0.005), quat_axis((0, 0, 1), 20))])
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
            q += [pos[0] + c * COPY_DX, pos[1], pos[2]] + list(quat)
    return q


def make_pair(t1, t2, legacy=False, multi=False):
    name = ("legacy_" if legacy else "") + ("multi_" if multi else "") + f"{t1}_{t2}"
    model = write_model(name, t1, t2, legacy, multi)
    rng = random.Random(sum(map(ord, f"{t1}_{t2}")))
    states = make_states(t1, t2, rng)
    path = os.path.join(HERE, f"{name}_states.jsonl")
    with open(path, "w") as f:
        for st in states:
            f.write(json.dumps({"qpos": qpos_of(t1, st)}) + "\n")
    gen_golden(os.path.relpath(model, ROOT), os.path.join(HERE, f"{name}_golden.txt"),
               "--states", os.path.relpath(path, ROOT), "--fields", "qpos,ncon,contact")


# State rule scenes (rule_<name>.xml with rule_<name>_states.jsonl): a hand-made scene at given
# qpos, for poses that XML cannot state to the last bit.
#     rule_<name>_golden.txt = tools/gen_golden.py rule_<name>.xml
#         --states rule_<name>_states.jsonl --fields qpos,ncon,contact
STATE_RULE_SCENES = {
    # two cylinders in an almost exactly mirror-symmetric pose (humanoid200 at step 120, geoms
    # 164 and 165, moved to free bodies): GJK ends on a triangle through the origin and the
    # rims EPA starts from depend on the last bits of every support direction
    "cylinder_mirror": ("""<mujoco><option gravity="0 0 0"/><worldbody>
<body name="b0"><freejoint/><geom type="cylinder" size="0.1 0.05 0"/></body>
<body name="b1"><freejoint/><geom type="cylinder" size="0.1 0.05 0"/></body>
</worldbody></mujoco>
""", [[1.0457428857366127, 0.045742885736612754, 0.11014906972857054, 0.42070346854353957,
       -4.516786250574611e-16, 0.8037519412796895, 0.42070346854353924, 1, 0, 0.2194850000000004,
       0.4082479571304966, 0, 0.8164969142608882, 0.4082479571304966]]),
}


def make_state_rule(name):
    xml, states = STATE_RULE_SCENES[name]
    model = os.path.join(HERE, f"rule_{name}.xml")
    with open(model, "w") as f:
        f.write(xml)
    path = os.path.join(HERE, f"rule_{name}_states.jsonl")
    with open(path, "w") as f:
        for q in states:
            f.write(json.dumps({"qpos": q}) + "\n")
    gen_golden(os.path.relpath(model, ROOT), os.path.join(HERE, f"rule_{name}_golden.txt"),
               "--states", os.path.relpath(path, ROOT), "--fields", "qpos,ncon,contact")


def make_iter(pair, n):
    name = f"iter_{pair}_{n}"
    with open(os.path.join(HERE, f"{pair}.xml")) as f:
        xml = f.read()
    assert "<option" in xml
    xml = xml.replace("<option", f'<option ccd_iterations="{n}"', 1)
    model = os.path.join(HERE, f"{name}.xml")
    with open(model, "w") as f:
        f.write(xml)
    gen_golden(os.path.relpath(model, ROOT), os.path.join(HERE, f"{name}_golden.txt"),
               "--states", os.path.relpath(os.path.join(HERE, f"{pair}_states.jsonl"), ROOT),
               "--fields", "qpos,ncon,contact")


def make_shared(name):
    """Full contact records of models with hundreds of contacts over several states are large
    (and MuJoCo 3.3.8's WebAssembly build failed on such dumps): each state is run separately and
    only the
    geometric fields are written, in the golden-file format (test/golden.h):
        <state>.ncon 1 n    <state>.cgeom 2n g1 g2 ...    <state>.cdist n ...
        <state>.cpos 3n ... <state>.cnormal 3n ...        (<state>.sensordata if any)"""
    rel, nstate = SHARED_MODELS[name][:2]
    every = SHARED_MODELS[name][2] if len(SHARED_MODELS[name]) > 2 else 100
    model = os.path.join(SHARED, rel)
    if not os.path.exists(model):
        print(f"skip {name}: {model} absent")
        return
    mrel = os.path.relpath(model, ROOT)
    extra = SHARED_MODELS[name][3] if len(SHARED_MODELS[name]) > 3 else ()
    recs = run_mjref(mrel, "--steps", str(every * nstate), "--every", str(every), *extra,
                     "--fields", "qpos")
    path = os.path.join(HERE, f"{name}_states.jsonl")
    with open(path, "w") as f:
        for r in recs[-nstate:]:
            f.write(json.dumps({"qpos": r["qpos"]}) + "\n")
    sensors = name.startswith("sensor")
    lines = [f"# generated by test/data/convex/make_golden.py from MuJoCo "
             f"{mujoco_version(mrel)}: for",
             f"# each line of {name}_states.jsonl, mjref {mrel} --states LINE --fields "
             "ncon,contact" + (",sensordata" if sensors else "")]
    tmp = os.path.join(HERE, f".{name}_one.jsonl")
    with open(path) as f:
        states = [l for l in f if l.strip()]
    for i, st in enumerate(states):
        with open(tmp, "w") as f:
            f.write(st)
        rec = run_mjref(mrel, "--states", os.path.relpath(tmp, ROOT), "--fields",
                     "ncon,contact" + (",sensordata" if sensors else ""))[0]
        cons = rec["contact"][:rec["ncon"]]
        fields = [("ncon", [rec["ncon"]]),
                  ("cgeom", [g for c in cons for g in (c["geom1"], c["geom2"])]),
                  ("cdist", [c["dist"] for c in cons]),
                  ("cpos", [x for c in cons for x in c["pos"]]),
                  ("cnormal", [x for c in cons for x in c["frame"][:3]])]
        if sensors:
            fields.append(("sensordata", rec["sensordata"]))
        for key, vals in fields:
            lines.append(f"{i}.{key} {len(vals)} " + " ".join(repr(float(v)) if isinstance(v, float)
                                                             else str(v) for v in vals))
    os.remove(tmp)
    with open(os.path.join(HERE, f"{name}_golden.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {name}_golden.txt")


# Rule scenes (rule_<name>.xml, written here): small hand-made scenes that pin one rule of
# MuJoCo each, found by experiment (see the comments in the engine files and doc/conformance.md).
# Their single state is the model's own (qpos0): rule_<name>_golden.txt =
#     tools/gen_golden.py rule_<name>.xml --states rule_<name>_states.jsonl --fields qpos,ncon,contact
# with the states file holding one empty object.
CUBE = ("-.1 -.1 -.1 .1 -.1 -.1 -.1 .1 -.1 .1 .1 -.1 "
        "-.1 -.1 .1 .1 -.1 .1 -.1 .1 .1 .1 .1 .1")
RULE_SCENES = {
    # default options: multiccd off (two mesh cubes face to face: 1 contact), ccd_iterations 35
    # (two overlapping spheres modeled as ellipsoids: the depth depends on the iteration count)
    "defaults": f"""<mujoco>
  <option><flag gravity="disable"/></option>
  <asset><mesh name="c" vertex="{CUBE}"/></asset>
  <worldbody>
    <body><freejoint/><geom type="mesh" mesh="c"/></body>
    <body pos="0.05 0.02 0.199"><freejoint/><geom type="mesh" mesh="c"/></body>
    <body pos="2 0 0"><freejoint/><geom type="ellipsoid" size=".1 .1 .1"/></body>
    <body pos="2.15 0.02 0.01"><freejoint/><geom type="ellipsoid" size=".1 .1 .1"/></body>
    <body pos="3 0 0"><freejoint/><geom type="ellipsoid" size=".1 .12 .15"/></body>
    <body pos="3.15 0.05 0.03" euler="10 20 30"><freejoint/>
      <geom type="ellipsoid" size=".1 .08 .12"/></body>
  </worldbody>
</mujoco>
""",
    # plane vs mesh: hull neighbors are further contacts only when farther than 0.3 geom_rbound
    # from the first contact (tetrahedra with the neighbor B at x = r); small meshes scan the
    # neighbors of the graph slot numbered as the deepest vertex (B counts from r = 0.03, where
    # the hull's vertex order changes)
    "plane_mesh": "<mujoco>\n  <option><flag gravity=\"disable\"/></option>\n  <asset>\n" + "".join(
        f'    <mesh name="t{i}" vertex="0 0 0  {r} 0 0.0005  0 0.1 0.001  0.03 0.03 0.1"/>\n'
        for i, r in enumerate((0.02, 0.026, 0.0272, 0.0276, 0.028, 0.03, 0.06))) +
        "  </asset>\n  <worldbody>\n    <geom type=\"plane\" size=\"10 10 .1\"/>\n" + "".join(
        f'    <body pos="{i} 0 -0.002"><freejoint/><geom type="mesh" mesh="t{i}"/></body>\n'
        for i in range(7)) + "  </worldbody>\n</mujoco>\n",
    # plane vs small meshes (fewer than 10 vertices, searched linearly): the neighbors scanned
    # are those of the graph slot numbered as the deepest vertex. A tetrahedral hull with two
    # inner vertices whose deepest vertex (4) is beyond the hull's 4 slots (the entry read is
    # then the first vert_globalid), a square prism (its deepest corner's slot is the next
    # corner's: the opposite corner counts), a right-triangle prism lying on its triangle (2
    # contacts), the same turned about z with a margin
    "plane_mesh_slot": """<mujoco>
  <option><flag gravity="disable"/></option>
  <asset>
    <mesh name="inner" vertex="0 0 0.1  0 0 0.03  0.1 0 0.001  -0.05 0.087 0.002  -0.05 -0.087 0
      0.01 0.01 0.05"/>
    <mesh name="square" vertex="0.1 0.01 0  -0.01 0.1 0  -0.1 -0.01 0  0.01 -0.1 0
      0.1 0.01 0.05  -0.01 0.1 0.05  -0.1 -0.01 0.05  0.01 -0.1 0.05"/>
    <mesh name="tri" vertex="-0.1 -0.1 0  0.1 -0.1 0  -0.1 0.1 0  -0.1 -0.1 0.1  0.1 -0.1 0.1
      -0.1 0.1 0.1"/>
  </asset>
  <worldbody>
    <geom type="plane" size="10 10 .1"/>
    <body pos="0 0 -0.005"><freejoint/><geom type="mesh" mesh="inner"/></body>
    <body pos="1 0 -0.005"><freejoint/><geom type="mesh" mesh="square"/></body>
    <body pos="2 0 -0.005"><freejoint/><geom type="mesh" mesh="tri"/></body>
    <body pos="3 0 -0.005" euler="0 0 30"><freejoint/><geom type="mesh" mesh="tri" margin="0.01"/></body>
  </worldbody>
</mujoco>
""",
    # plane vs sdf geoms: the reference collides an sdf geom (with a mesh) with a plane through
    # the mesh, exactly as plane vs mesh (an icosahedron on an edge, tilted, and a tetrahedron;
    # the sdf geoms' octrees are built but not used by this pair)
    "plane_sdf": """<mujoco>
  <option><flag gravity="disable"/></option>
  <asset>
    <mesh name="ico" scale=".05 .05 .05" vertex="0 1 1.618 0 -1 1.618 0 1 -1.618 0 -1 -1.618
      1 1.618 0 -1 1.618 0 1 -1.618 0 -1 -1.618 0 1.618 0 1 -1.618 0 1 1.618 0 -1 -1.618 0 -1"/>
    <mesh name="tet" vertex="0 0 0  0.03 0 0.0005  0 0.1 0.001  0.03 0.03 0.1"/>
  </asset>
  <worldbody>
    <geom type="plane" size="10 10 .1"/>
    <body pos="0 0 0.08"><freejoint/><geom type="sdf" mesh="ico"/></body>
    <body pos="1 0 0.075" euler="10 20 30"><freejoint/><geom type="sdf" mesh="ico"/></body>
    <body pos="2 0 -0.002"><freejoint/><geom type="sdf" mesh="tet"/></body>
    <body pos="3 0 0.083"><freejoint/><geom type="sdf" mesh="ico" margin="0.005"/></body>
  </worldbody>
</mujoco>
""",
    # box over height fields without margin: EPA on the prisms stops at a repeated vertex of
    # the box (a sloped field, and a flat one with exactly aligned faces)
    "hfield_box": """<mujoco>
  <option><flag gravity="disable"/></option>
  <asset>
    <hfield name="h" nrow="3" ncol="3" size="1 1 0.2 0.1" elevation="0 0.5 0  0.3 1 0.2  0 0.1 0"/>
    <hfield name="f" nrow="3" ncol="3" size="1 1 0.2 0.1" elevation="0 0 0 0 0 0 0 0 0"/>
  </asset>
  <worldbody>
    <geom type="hfield" hfield="h"/>
    <body pos="0.1 0.05 0.3" euler="10 20 30"><freejoint/><geom type="box" size="0.3 0.2 0.1"/></body>
    <geom type="hfield" hfield="f" pos="3 0 0"/>
    <body pos="3.1 0.05 0.09"><freejoint/><geom type="box" size="0.3 0.2 0.1"/></body>
  </worldbody>
</mujoco>
""",
    # a cylinder over a rotated height field (collision_mixed at its first step): the prisms'
    # vertex order (each row of cells swept as a strip from (r+1, c)) and the collision in the
    # height field's frame decide the EPA path of the second prism
    "hfield_order": """<mujoco>
  <option><flag gravity="disable"/></option>
  <asset>
    <hfield name="h" nrow="5" ncol="5" size=".53 .53 .03 .03"
            elevation="1 0 1 0 1  0 2 0 2 0  1 0 1 0 1  0 2 0 2 0  1 0 1 0 1"/>
  </asset>
  <worldbody>
    <geom type="hfield" hfield="h" pos="0.5 -6.123233995736766e-17 0.5" quat="4.329780281177467e-17 -0.7071067811865475 4.3297802811774664e-17 0.7071067811865476"/>
    <body pos="0.40980762113533165 0.1098076211353314 0.8999999999999999" quat="0.7044160264027585 0.18930785741199996 -0.038134576474850176 -0.6830127018922194"><freejoint/>
      <geom type="cylinder" size=".05 .15"/></body>
  </worldbody>
</mujoco>
""",
    # inflated cylinders stacked cap to cap: GJK ends on a triangle through the origin, EPA
    # starts from the hexahedron around it
    "cylinder_margin": """<mujoco>
  <option><flag gravity="disable"/></option>
  <worldbody>
    <body><freejoint/><geom type="cylinder" size="0.12 0.18" margin="0.03"/></body>
    <body pos="0.03 0.02 0.36"><freejoint/><geom type="cylinder" size="0.12 0.18" margin="0.03"/></body>
  </worldbody>
</mujoco>
""",
    # multiccd, box and mesh faces tilted within the feature tolerance: the contacts are on
    # geom2's face, with its normal; partly overlapping tilted faces give an edge contact
    "multiccd": f"""<mujoco>
  <option><flag multiccd="enable" gravity="disable"/></option>
  <asset><mesh name="c" vertex="{CUBE}"/></asset>
  <worldbody>
    <body euler="0.01 0.02 0"><freejoint/><geom type="box" size=".2 .2 .1"/></body>
    <body pos="0.03 0.02 0.199" euler="0.02 -0.01 0.3"><freejoint/><geom type="mesh" mesh="c"/></body>
    <body pos="2 0 0" euler="0.03 0.03 0"><freejoint/><geom type="box" size=".05 .05 .1"/></body>
    <body pos="2.03 0.02 0.199" euler="0 0 0.3"><freejoint/><geom type="mesh" mesh="c"/></body>
    <body pos="4 0 0" euler="0.2 0.3 0"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
    <body pos="4.1 0.05 0.199" euler="0.3 -0.2 10"><freejoint/><geom type="mesh" mesh="c"/></body>
  </worldbody>
</mujoco>
""",
}


def _orient_rule():
    """Random overlapping pairs of an ellipsoid or a mesh cube with a cylinder (seed 11), 2 m apart
    along x: GJK's first tetrahedron comes out with either orientation."""
    rng = random.Random(11)
    lines = ["<mujoco>", '  <option><flag gravity="disable"/></option>',
             f'  <asset><mesh name="c" vertex="{CUBE}"/></asset>', "  <worldbody>"]
    shapes = [('type="ellipsoid" size=".05 .15 .07"', 0.17), ('type="mesh" mesh="c"', 0.17)]
    for i in range(24):
        other, rad = shapes[i % 2]
        e1 = " ".join(f"{rng.uniform(-180, 180):.3f}" for _ in range(3))
        e2 = " ".join(f"{rng.uniform(-180, 180):.3f}" for _ in range(3))
        d = [rng.gauss(0, 1) for _ in range(3)]
        n = math.sqrt(sum(x * x for x in d))
        r = rng.uniform(0.2, 0.65) * (0.16 + rad)
        p = [2 * i + d[0] / n * r, d[1] / n * r, d[2] / n * r]
        lines.append(f'    <body pos="{2 * i} 0 0" euler="{e1}"><freejoint/>'
                     '<geom type="cylinder" size=".05 .15"/></body>')
        lines.append(f'    <body pos="{p[0]:.4f} {p[1]:.4f} {p[2]:.4f}" euler="{e2}"><freejoint/>'
                     f'<geom {other}/></body>')
    lines += ["  </worldbody>", "</mujoco>", ""]
    return "\n".join(lines)


# deep sphere-ellipsoid poses (states 9, 15, 17 of sphere_ellipsoid) with ccd_iterations 15: GJK
# on the sphere's core runs out of iterations
_MAXITER_POSES = [  # (sphere pos, quat), (ellipsoid pos, quat)
    ((0.0, 0, 0),
     (0.12720456125654547, 0.5909413619356234, 0.7911874527448323, 0.09289629146711927),
     (0.018837374563278414, 0.04035384583284121, 0.11646407575826295),
     (-0.4459241728473338, -0.3361567386907679, 0.6139293079286305, -0.5578898493156879)),
    ((2.0, 0, 0),
     (0.8609885205485069, 0.3656550464157287, 0.2077403817180051, -0.28607531930955166),
     (1.9627707510276164, -0.07391822376893581, 0.14403759383023598),
     (0.06576708989196137, 0.9897167239454004, -0.0462257354447775, -0.1183160074229862)),
    ((4.0, 0, 0),
     (-0.9044360102884852, 0.24725895721440438, -0.12179534897910685, -0.3256138884288412),
     (3.9861923540447064, -0.039802302660209066, -0.1516827887801029),
     (0.39905992419929415, -0.5282978716882315, -0.6881711966491731, -0.2967708539769086)),
]


def _maxiter_rule():
    def pose(p, q):
        return f'pos="{" ".join(repr(x) for x in p)}" quat="{" ".join(repr(x) for x in q)}"'
    lines = ["<mujoco>", '  <option ccd_iterations="15"><flag gravity="disable"/></option>',
             "  <worldbody>"]
    for pa, qa, pb, qb in _MAXITER_POSES:
        lines.append(f'    <body {pose(pa, qa)}><freejoint/>'
                     '<geom type="sphere" size="0.15"/></body>')
        lines.append(f'    <body {pose(pb, qb)}><freejoint/>'
                     '<geom type="ellipsoid" size="0.1 0.15 0.2"/></body>')
    lines += ["  </worldbody>", "</mujoco>", ""]
    return "\n".join(lines)


RULE_SCENES.update({
    # ellipsoids side by side, mirror-symmetric (the balloons model's blue and green balloons),
    # and an asymmetric pair: GJK ends on a segment, EPA starts from the hexahedron around it
    # (three support points 120 degrees apart, rotated with sin = 0.86602540378) and every later
    # face and tie depends on those points' last bits
    "epa_rotation": """<mujoco>
  <option><flag gravity="disable"/></option>
  <worldbody>
    <body pos=".1 .1 .2"><freejoint/><geom type="ellipsoid" size=".12 .12 .15"/></body>
    <body pos=".1 -.1 .2"><freejoint/><geom type="ellipsoid" size=".12 .12 .14"/></body>
    <body pos="4 0 0.1"><freejoint/><geom type="ellipsoid" size=".1 .12 .15"/></body>
    <body pos="4 0 -0.12"><freejoint/><geom type="ellipsoid" size=".11 .1 .1"/></body>
  </worldbody>
</mujoco>
""",
    # cylinders against ellipsoids and mesh cubes at random poses: GJK's tetrahedron is used as
    # built, not oriented first (half of these start inward)
    "gjk_orient": _orient_rule(),
    # sphere cores against ellipsoids, GJK out of iterations: distance one iterate behind
    "gjk_maxiter": _maxiter_rule(),
})


# multi-run multiccd (MuJoCo 3.8, on by default): pairs with a cylinder or a capsule or with a
# margin are collided again with the geoms rotated by +-1e-3 rad about the contact's tangent
# axes. Each pair is 2 m from the previous along x: a tilted cylinder on a box (5 contacts), a
# mesh cube with a margin on a box (the rotated runs find other corners), the same cube pressed
# in by 0.1733 and 0.1726 (a run's contact repeats an earlier one within 1e-3 of the smaller
# geom_rbound, 0.1732: 5 and 3 contacts), a capsule on a mesh slab (every run repeats: 1), a
# cylinder on a cylinder, a capsule across a cylinder, and pairs with a sphere or an ellipsoid,
# which keep one contact even with a margin. The legacy scene (nativeccd disabled: every pair
# without a sphere or an ellipsoid takes the multi-run pipeline) has the first four pairs.
def _multirun_rule(legacy):
    flag = ' nativeccd="disable"' if legacy else ""
    slab = ("-.3 -.3 -.1  .3 -.3 -.1  -.3 .3 -.1  .3 .3 -.1  "
            "-.3 -.3 .1  .3 -.3 .1  -.3 .3 .1  .3 .3 .1")
    # (static geom at x = 2 i, free body's geom, its position relative to the static geom, euler)
    pairs = [
        ('type="box" size="0.5 0.5 0.1"', 'type="cylinder" size="0.2 0.3"', (0.01, 0.02, 0.395),
         "1 2 0"),
        ('type="box" size="0.5 0.5 0.1"', 'type="mesh" mesh="c" margin="0.001"',
         (0.05, 0.03, 0.195), "0.02 0.03 0"),
        ('type="box" size="0.5 0.5 0.1"', 'type="mesh" mesh="c" margin="0.0011"',
         (0.05, 0.03, 0.0268), "0.02 0.03 0"),
        ('type="box" size="0.5 0.5 0.1"', 'type="mesh" mesh="c" margin="0.0012"',
         (0.05, 0.03, 0.0275), "0.02 0.03 0"),
        ('type="mesh" mesh="slab"', 'type="capsule" size="0.1 0.2" euler="0 90 0"',
         (0.01, 0.02, 0.195), "0.3 0.2 10"),
        ('type="cylinder" size="0.2 0.05"', 'type="cylinder" size="0.1 0.1"', (0.01, 0.02, 0.14),
         "1.5 -1 10"),
        ('type="cylinder" size="0.2 0.05"', 'type="capsule" size="0.05 0.1" euler="0 90 0"',
         (0.01, 0.02, 0.095), "0.5 -1 10"),
        ('type="mesh" mesh="slab" margin="0.01"', 'type="sphere" size="0.1"', (0.01, 0.02, 0.2),
         "0 0 10"),
        ('type="box" size="0.5 0.5 0.1" margin="0.02"', 'type="ellipsoid" size="0.2 0.15 0.1"',
         (0.01, 0.02, 0.2), "3 2 10"),
    ]
    if legacy:
        # MPR's first contacts of curved shapes differ (doc/conformance.md#convex): the pairs
        # of flat features only
        pairs = pairs[:4]
    lines = ["<mujoco>", f'  <option><flag gravity="disable"{flag}/></option>',
             f'  <asset><mesh name="c" vertex="{CUBE}"/><mesh name="slab" vertex="{slab}"/>'
             "</asset>", "  <worldbody>"]
    for i, (base, geom, p, euler) in enumerate(pairs):
        lines.append(f'    <geom pos="{2 * i} 0 0" {base}/>')
        lines.append(f'    <body pos="{2 * i + p[0]:g} {p[1]:g} {p[2]:g}" euler="{euler}"><freejoint/>'
                     f'<geom {geom}/></body>')
    lines += ["  </worldbody>", "</mujoco>", ""]
    return "\n".join(lines)


RULE_SCENES.update({"multirun": _multirun_rule(False), "multirun_legacy": _multirun_rule(True)})


# single-shot multiccd (MuJoCo 3.8, native pipeline, boxes and meshes without margin): the
# features are the vertices of the final EPA face; each pair is 2 m from the previous along x:
# mesh cubes face to face with the upper one tilted by 1e-3 (both faces within the 1.6e-3
# tolerance: geom1's face clips geom2's, 4 contacts with geom2's normal), the lower one tilted
# instead, a tilt of 2e-3 (an edge on a face: 2 contacts), a box tilted by 4e-4 on a mesh cube
# (box faces; geom2's normal although EPA ends on the box's face) and an upper cube turned 45
# degrees about two axes (a corner: 1 contact).
def _singleshot_rule():
    pairs = [
        ('type="mesh" mesh="c"', 'type="mesh" mesh="c"', (0.03, 0.05, 0.199), "0.001 0 0", "0 0 0"),
        ('type="mesh" mesh="c"', 'type="mesh" mesh="c"', (0.03, 0.05, 0.199), "0 0 0", "0.0005 0 0"),
        ('type="mesh" mesh="c"', 'type="mesh" mesh="c"', (0.03, 0.05, 0.199), "0.002 0 0", "0 0 0"),
        ('type="mesh" mesh="c"', 'type="box" size="0.1 0.1 0.1"', (0.04, 0.02, 0.1985),
         "0.0004 0 -0.3", "0 0 0"),
        ('type="mesh" mesh="c"', 'type="mesh" mesh="c"', (0.01, 0.02, 0.238), "0.785398 0.615 0",
         "0 0 0"),
    ]
    lines = ["<mujoco>", '  <compiler angle="radian"/>',
             '  <option><flag gravity="disable"/></option>',
             f'  <asset><mesh name="c" vertex="{CUBE}"/></asset>', "  <worldbody>"]
    for i, (base, geom, p, euler, euler1) in enumerate(pairs):
        lines.append(f'    <geom pos="{2 * i} 0 0" euler="{euler1}" {base}/>')
        lines.append(f'    <body pos="{2 * i + p[0]:g} {p[1]:g} {p[2]:g}" euler="{euler}"><freejoint/>'
                     f'<geom {geom}/></body>')
    lines += ["  </worldbody>", "</mujoco>", ""]
    return "\n".join(lines)


RULE_SCENES.update({"singleshot": _singleshot_rule()})

# The legacy pipeline's support points: a zero direction component selects the middle of a box
# face or edge and a cylinder's or capsule's mid-height (MuJoCo takes the sign of the component),
# so libccd's MPR finds the exact face contact of shapes on their line of centers (its portal is
# the segment from the centers' difference). A cylinder, a capsule and a box each against an
# octahedron and a box, side by side along x, 0.01 deep.
RULE_SCENES["legacy_support"] = """<mujoco>
  <option><flag gravity="disable" nativeccd="disable" multiccd="disable"/></option>
  <asset><mesh name="oct" vertex="-.1 0 0 .1 0 0 0 -.1 0 0 .1 0 0 0 -.1 0 0 .1"/></asset>
  <worldbody>
    <body><freejoint/><geom type="cylinder" size="0.12 0.18"/></body>
    <body pos="0.21 0 0"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
    <body pos="0 1 0"><freejoint/><geom type="cylinder" size="0.12 0.18"/></body>
    <body pos="0.21 1 0"><freejoint/><geom type="mesh" mesh="oct"/></body>
    <body pos="0 2 0"><freejoint/><geom type="capsule" size="0.12 0.18"/></body>
    <body pos="0.21 2 0"><freejoint/><geom type="mesh" mesh="oct"/></body>
    <body pos="0 3 0"><freejoint/><geom type="box" size="0.12 0.1 0.18"/></body>
    <body pos="0.21 3 0"><freejoint/><geom type="mesh" mesh="oct"/></body>
  </worldbody>
</mujoco>
"""


def make_rule(name):
    model = os.path.join(HERE, f"rule_{name}.xml")
    with open(model, "w") as f:
        f.write(RULE_SCENES[name])
    path = os.path.join(HERE, f"rule_{name}_states.jsonl")
    with open(path, "w") as f:
        f.write("{}\n")
    gen_golden(os.path.relpath(model, ROOT), os.path.join(HERE, f"rule_{name}_golden.txt"),
               "--states", os.path.relpath(path, ROOT), "--fields", "qpos,ncon,contact")


DIST_PAIRS = [("ellipsoid", "box"), ("ellipsoid", "cylinder"), ("sphere", "mesh"),
              ("box", "mesh"), ("mesh", "mesh"), ("capsule", "mesh"), ("cylinder", "cylinder"),
              ("mesh", "ellipsoid"), ("wedge", "capsule"), ("box", "wedge")]


def make_distance():
    """distance.xml: one copy of each pair of DIST_PAIRS (free bodies, 2 m apart along x) with
    distance and fromto sensors (cutoff 0.5) for the pair in both orders; states: random
    orientations with center distances between 0.5 and 1.3 times the sum of the bounding radii
    (so overlapping and separated poses)."""
    lines = ["<mujoco>", '  <option><flag gravity="disable" contact="disable"/></option>',
             ASSETS.rstrip("\n"), "  <worldbody>"]
    sensors = []
    for i, (t1, t2) in enumerate(DIST_PAIRS):
        lines.append(f'    <body pos="{2 * i} 0 0"><freejoint/><geom name="a{i}" {GEOMS[t1][0]}/></body>')
        lines.append(f'    <body pos="{2 * i + 1} 0 0"><freejoint/><geom name="b{i}" {GEOMS[t2][0]}/></body>')
        for g1, g2 in ((f"a{i}", f"b{i}"), (f"b{i}", f"a{i}")):
            sensors.append(f'    <distance geom1="{g1}" geom2="{g2}" cutoff="0.5"/>')
            sensors.append(f'    <fromto geom1="{g1}" geom2="{g2}" cutoff="0.5"/>')
    lines += ["  </worldbody>", "  <sensor>"] + sensors + ["  </sensor>", "</mujoco>", ""]
    model = os.path.join(HERE, "distance.xml")
    with open(model, "w") as f:
        f.write("\n".join(lines))
    rng = random.Random(12345)
    path = os.path.join(HERE, "distance_states.jsonl")
    with open(path, "w") as f:
        for _ in range(25):
            q = []
            for i, (t1, t2) in enumerate(DIST_PAIRS):
                d = [rng.gauss(0, 1) for _ in range(3)]
                n = math.sqrt(sum(x * x for x in d))
                r = (GEOMS[t1][3] + GEOMS[t2][3]) * rng.uniform(0.5, 1.3)
                q += [2 * i, 0, 0] + random_unit_quat(rng)
                q += [2 * i + d[0] / n * r, d[1] / n * r, d[2] / n * r] + random_unit_quat(rng)
            f.write(json.dumps({"qpos": q}) + "\n")
    gen_golden(os.path.relpath(model, ROOT), os.path.join(HERE, "distance_golden.txt"),
               "--states", os.path.relpath(path, ROOT), "--fields", "qpos,sensordata")


def main():
    names = sys.argv[1:]
    for t1, t2 in PAIRS:
        if not names or f"{t1}_{t2}" in names:
            make_pair(t1, t2)
    for t1, t2 in LEGACY:
        if not names or f"legacy_{t1}_{t2}" in names:
            make_pair(t1, t2, legacy=True)
    for t1, t2 in MULTI:
        if not names or f"multi_{t1}_{t2}" in names:
            make_pair(t1, t2, multi=True)
    if not names or "distance" in names:
        make_distance()
    for name in SHARED_MODELS:
        if not names or name in names:
            make_shared(name)
    for name in STATE_RULE_SCENES:
        if not names or f"rule_{name}" in names:
            make_state_rule(name)
    for pair, n in ITER_SCENES:
        if not names or f"iter_{pair}_{n}" in names:
            make_iter(pair, n)
    for name in RULE_SCENES:
        if not names or f"rule_{name}" in names:
            make_rule(name)


if __name__ == "__main__":
    main()
