#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Generates the small asset files used by mesh_test, texture_test and hfield_test, and the
golden files holding MuJoCo's numbers for them (run from the repository root).

  python3 test/data/assets/make_assets.py                      # assets only
  python3 test/data/assets/make_assets.py --goldens            # assets + goldens (MJREF)
  python3 test/data/assets/make_assets.py --oracle "COMMAND"   # the same with another dumper

Each golden case is compiled by MuJoCo (the mjref dumper of tools/golden_util.py) as a one-asset
model:
  mjref CASE.xml --forward-only --fields m.mesh_vert,m.mesh_face,...
and the mjModel arrays of that asset are written to {mesh,texture,hfield}_golden.txt:

  case NAME
  attr KEY VALUE...      spec attributes (the XML attributes of the asset, or test options)
  field NAME VALUE...    MuJoCo's values (m. prefix dropped; bvh_* cut to the mesh's nodes)
  end

Only the Python standard library is used; random data comes from fixed seeds.
"""
import json
import math
import os
import random
import struct
import subprocess
import sys
import shlex
import tempfile
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import mjref_command, mujoco_version  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


# ---- file writers ------------------------------------------------------------------------------

def stl_binary(verts, faces):
    out = b"motus test mesh".ljust(80, b"\0") + struct.pack("<I", len(faces))
    for f in faces:
        out += struct.pack("<3f", 0, 0, 0)
        for i in f:
            out += struct.pack("<3f", *verts[i])
        out += struct.pack("<H", 0)
    return out


def stl_ascii(verts, faces):
    s = "solid motus\n"
    for f in faces:
        s += "  facet normal 0 0 0\n    outer loop\n"
        for i in f:
            s += "      vertex %r %r %r\n" % tuple(float(x) for x in verts[i])
        s += "    endloop\n  endfacet\n"
    return (s + "endsolid motus\n").encode()


def msh(verts, normals, texcoords, faces):
    out = struct.pack("<4i", len(verts), len(normals), len(texcoords), len(faces))
    for v in verts:
        out += struct.pack("<3f", *v)
    for n in normals:
        out += struct.pack("<3f", *n)
    for t in texcoords:
        out += struct.pack("<2f", *t)
    for f in faces:
        out += struct.pack("<3i", *f)
    return out


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, rows, ctype=2, srgb=False):
    """rows: list of rows of pixels; a pixel is a tuple of channels (gray: an int)."""
    raw = b""
    for row in rows:
        raw += b"\0"
        for p in row:
            raw += bytes(p if isinstance(p, tuple) else (p,))
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(
        b"IHDR", struct.pack(">IIBBBBB", width, height, 8, ctype, 0, 0, 0))
    if srgb:
        out += png_chunk(b"sRGB", b"\0")
    return out + png_chunk(b"IDAT", zlib.compress(raw)) + png_chunk(b"IEND", b"")


# ---- shapes --------------------------------------------------------------------------------------

BOX_V = [(0, 0, 0), (2, 0, 0), (2, 1, 0), (0, 1, 0), (0, 0, 1), (2, 0, 1), (2, 1, 1), (0, 1, 1)]
BOX_F = [(0, 2, 1), (0, 3, 2), (4, 5, 6), (4, 6, 7), (0, 1, 5), (0, 5, 4), (1, 2, 6), (1, 6, 5),
         (2, 3, 7), (2, 7, 6), (3, 0, 4), (3, 4, 7)]


def earclip(poly):
    idx = list(range(len(poly)))
    tris = []

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def inside(p, a, b, c):
        return cross(a, b, p) > 0 and cross(b, c, p) > 0 and cross(c, a, p) > 0

    while len(idx) > 3:
        for k in range(len(idx)):
            i0, i1, i2 = idx[k - 1], idx[k], idx[(k + 1) % len(idx)]
            a, b, c = poly[i0], poly[i1], poly[i2]
            if cross(a, b, c) <= 0:
                continue
            if any(inside(poly[j], a, b, c) for j in idx if j not in (i0, i1, i2)):
                continue
            tris.append((i0, i1, i2))
            idx.pop(k)
            break
    tris.append(tuple(idx))
    return tris


def extrude(poly, z0=0.0, z1=1.0):
    """Closed prism over a simple counter-clockwise polygon, outward-oriented triangles."""
    n = len(poly)
    verts = [(x, y, z0) for x, y in poly] + [(x, y, z1) for x, y in poly]
    faces = []
    for a, b, c in earclip(poly):
        faces.append((a, c, b))
        faces.append((n + a, n + b, n + c))
    for i in range(n):
        j = (i + 1) % n
        faces.append((i, j, n + j))
        faces.append((i, n + j, n + i))
    return verts, faces


U_POLY = [(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)]


def cloud(seed, n, digits=4):
    rng = random.Random(seed)
    return [tuple(round(rng.uniform(-1, 1), digits) for _ in range(3)) for _ in range(n)]


def grid_cloud(seed, n):
    """distinct integer points in [0,3]^3: many coplanar points (multi-triangle polygons)"""
    rng = random.Random(seed)
    pts = []
    while len(pts) < n:
        p = tuple(rng.randint(0, 3) for _ in range(3))
        if p not in pts:
            pts.append(p)
    return pts


def fmt(values):
    return " ".join(repr(float(v)) if isinstance(v, float) else str(v) for v in values)


def flat(rows):
    return [x for r in rows for x in r]


OBJ_TEXT = """# a box with quads, texture coordinates and normals
o box
v 0 0 0
v 2 0 0
v 2 1 0
v 0 1 0
v 0 0 1
v 2 0 1
v 2 1 1
v 0 1 1
vt 0.1 0.2
vt 0.3 0.4
vt 0.5 0.6
vt 0.7 0.8
vn 0 0 -1
vn 0 0 1
vn 0 -1 0
vn 1 0 0
usemtl none
f 1/1/1 3/2/1 2/3/1
f 1/1/1 4/4/1 3/2/1
f 5/1/2 6/2/2 7/3/2 8/4/2
f -8/1/3 -7/2/3 -3/3/3 -4/4/3
f 2//4 3//4 7//4 6//4
f 3 4 8 7
f 4 1 5 8
"""


def write_assets():
    files = {}
    uv, uf = extrude(U_POLY)
    files["u_shape.stl"] = stl_binary(uv, uf)
    files["u_shape_ascii.stl"] = stl_ascii(uv, uf)
    files["box.obj"] = OBJ_TEXT.encode()
    tv = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
    tn = [(-1, -1, -1), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
    tt = [(0.1, 0.2), (0.3, 0.4), (0.5, 0.6), (0.7, 0.8)]
    tf = [(0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3)]
    files["tet.msh"] = msh(tv, tn, tt, tf)

    rng = random.Random(7)
    rgb = [[tuple(rng.randrange(256) for _ in range(3)) for c in range(6)] for r in range(4)]
    files["rgb_6x4.png"] = png(6, 4, rgb)
    files["srgb_6x4.png"] = png(6, 4, rgb, srgb=True)
    files["gray_5x4.png"] = png(5, 4, [[rng.randrange(256) for c in range(5)] for r in range(4)],
                                ctype=0)
    files["rgba_3x2.png"] = png(3, 2, [[tuple(rng.randrange(256) for _ in range(4))
                                        for c in range(3)] for r in range(2)], ctype=6)
    files["square_4x4.png"] = png(4, 4, [row[:4] for row in rgb])
    for i, side in enumerate(["right", "left", "up", "down", "front", "back"]):
        files["face_%s.png" % side] = png(
            2, 2, [[tuple(rng.randrange(256) for _ in range(3)) for c in range(2)]
                   for r in range(2)])
    files["custom_3x2.tex"] = struct.pack("<ii", 3, 2) + bytes(rng.randrange(256)
                                                              for _ in range(18))
    files["elevation_3x4.hf"] = struct.pack("<ii", 3, 4) + struct.pack(
        "<12f", *[round(rng.uniform(-2, 5), 3) for _ in range(12)])
    for name, data in files.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
    return files


# ---- golden cases ------------------------------------------------------------------------------

def mesh_cases():
    bv, bf = fmt(flat(BOX_V)), fmt(flat(BOX_F))
    cases = [("tet_cloud", {"vertex": "0 0 0 1 0 0 0 1 0 0 0 1"}, "")]
    for mode in ["legacy", "convex", "exact", "shell"]:
        cases.append(("box_" + mode, {"vertex": bv, "face": bf, "inertia": mode}, ""))
    cases += [
        ("box_transformed", {"vertex": bv, "face": bf, "scale": "2 0.5 1.5",
                             "refpos": "0.3 -1 2", "refquat": "0.3 0.5 0.1 0.7",
                             "smoothnormal": "true"}, ""),
        ("u_stl_exact", {"file": "u_shape.stl", "inertia": "exact", "scale": "0.5 1 2",
                         "refquat": "0.9 0.1 -0.3 0.2"}, ""),
        ("u_stl_legacy_visual", {"file": "u_shape.stl"}, 'contype="0" conaffinity="0"'),
        ("u_stl_convex_visual", {"file": "u_shape.stl", "inertia": "convex"},
         'contype="0" conaffinity="0"'),
        ("box_obj", {"file": "box.obj", "refquat": "0.7071068 0 0 0.7071068"}, ""),
        ("tet_msh", {"file": "tet.msh", "scale": "1 2 3"}, ""),
        ("cloud_maxhullvert", {"vertex": fmt(flat(cloud(1, 20))), "maxhullvert": "8",
                               "inertia": "convex", "refpos": "0.1 0.2 0.3"}, ""),
        ("cloud_shell_smooth", {"vertex": fmt(flat(cloud(2, 15))), "inertia": "shell",
                                "smoothnormal": "true", "scale": "1 2 0.5"}, ""),
        ("grid_cloud", {"vertex": fmt(flat(grid_cloud(3, 40)))}, ""),
    ]
    # builtin meshes (mjs_makeMesh), compiled like any other mesh
    for builtin, params in [("sphere", "1"), ("hemisphere", "1"),
                            ("cone", "5 0.5"), ("cone", "4 0"), ("supersphere", "4 0.3 2.5"),
                            ("supertorus", "3 0.5 1 1"), ("wedge", "3 2 60 30 0.5")]:
        cases.append(("builtin_%s_%s" % (builtin, params.replace(" ", "_")),
                      {"builtin": builtin, "params": params}, ""))
    return cases


FIT_TYPES = ["box", "sphere", "capsule", "cylinder", "ellipsoid"]


def run_oracle(oracle, xml, fields, files):
    with tempfile.TemporaryDirectory() as d:
        for name, data in files.items():
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)
        path = os.path.join(d, "case.xml")
        with open(path, "w") as f:
            f.write(xml)
        r = subprocess.run(shlex.split(oracle) + [path, "--forward-only", "--fields",
                                                  ",".join(fields)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("oracle failed on\n%s\n%s" % (xml, r.stderr))
        return json.loads(r.stdout.strip().splitlines()[-1])


def attr_string(attrs):
    return " ".join('%s="%s"' % kv for kv in attrs.items())


def write_case(out, name, attrs, fields):
    out.write("case %s\n" % name)
    for k, v in attrs.items():
        out.write("attr %s %s\n" % (k, v))
    for k, v in fields.items():
        out.write("field %s %s\n" % (k, " ".join(repr(x) if isinstance(x, float) else str(x)
                                                 for x in v)))
    out.write("end\n")


MESH_FIELDS = ["mesh_vert", "mesh_normal", "mesh_texcoord", "mesh_face", "mesh_facenormal",
               "mesh_facetexcoord", "mesh_graph", "mesh_pos", "mesh_quat", "mesh_scale",
               "mesh_polynormal", "mesh_polyvertnum", "mesh_polyvert", "mesh_polymapnum",
               "mesh_polymap", "mesh_bvhadr", "mesh_bvhnum", "bvh_aabb", "bvh_child",
               "bvh_depth", "bvh_nodeid", "body_mass", "body_inertia", "geom_size", "geom_aabb",
               "geom_rbound", "geom_pos", "geom_quat"]


def mesh_goldens(oracle, files, out):
    for name, attrs, geom_extra in mesh_cases():
        xml = ('<mujoco><asset><mesh name="m" %s/></asset><worldbody><body><freejoint/>'
               '<geom type="mesh" mesh="m" %s/></body></worldbody></mujoco>'
               % (attr_string(attrs), geom_extra))
        r = run_oracle(oracle, xml, ["m." + f for f in MESH_FIELDS], files)
        v = {f: r["m." + f] for f in MESH_FIELDS}
        adr, num = v.pop("mesh_bvhadr")[0], v.pop("mesh_bvhnum")[0]
        for f in ["bvh_depth", "bvh_nodeid"]:
            v[f] = v[f][adr:adr + num]
        v["bvh_child"] = v["bvh_child"][2 * adr:2 * (adr + num)]
        v["bvh_aabb"] = v["bvh_aabb"][6 * adr:6 * (adr + num)]
        v["body_mass"] = v["body_mass"][1:]
        v["body_inertia"] = v["body_inertia"][3:]
        a = dict(attrs)
        a["needhull"] = "0" if "contype" in geom_extra else "1"
        write_case(out, name, a, v)

    # primitive fits: a geom of each type with mesh=, fitscale 1.3, both fitaabb settings
    for mesh_name, attrs in [("box", {"vertex": fmt(flat(BOX_V)), "face": fmt(flat(BOX_F))}),
                             ("u_shape", {"file": "u_shape.stl", "refquat": "0.9 0.1 -0.3 0.2"})]:
        for fitaabb in ["false", "true"]:
            for t in FIT_TYPES:
                xml = ('<mujoco><compiler fitaabb="%s"/><asset><mesh name="m" %s/></asset>'
                       '<worldbody><body><freejoint/><geom type="%s" mesh="m" fitscale="1.3"/>'
                       '</body></worldbody></mujoco>' % (fitaabb, attr_string(attrs), t))
                fields = ["geom_size", "geom_pos", "geom_quat"]
                r = run_oracle(oracle, xml, ["m." + f for f in fields], files)
                a = dict(attrs)
                a.update({"geomtype": t, "fitaabb": fitaabb, "fitscale": "1.3"})
                write_case(out, "fit_%s_%s_aabb%s" % (mesh_name, t, fitaabb), a,
                           {f: r["m." + f] for f in fields})


def texture_cases():
    cases = []
    for w, h in [(9, 7), (8, 8), (5, 3), (1, 4)]:
        for b in ["gradient", "checker", "flat"]:
            cases.append(("2d_%s_%dx%d" % (b, w, h),
                          {"type": "2d", "builtin": b, "width": str(w), "height": str(h),
                           "rgb1": "0.9 0.6 0.2", "rgb2": "0.1 0.3 0.7"}))
    for w in [4, 5]:
        for b in ["gradient", "checker", "flat"]:
            for mark in ["edge", "cross"]:
                cases.append(("cube_%s_%d_%s" % (b, w, mark),
                              {"type": "cube", "builtin": b, "width": str(w), "mark": mark,
                               "markrgb": "0.2 1 0.5", "rgb1": "0.8 0.3 0.4",
                               "rgb2": "0.05 0.5 0.9"}))
    cases += [
        ("skybox_gradient_6", {"type": "skybox", "builtin": "gradient", "width": "6"}),
        ("2d_checker_nchannel4", {"type": "2d", "builtin": "checker", "width": "4",
                                  "height": "2", "nchannel": "4"}),
        ("2d_flat_wrap", {"type": "2d", "builtin": "flat", "width": "2", "height": "2",
                          "rgb1": "1.5 -0.5 1.01"}),
        ("png_rgb", {"type": "2d", "file": "rgb_6x4.png"}),
        ("png_rgb_flips", {"type": "2d", "file": "rgb_6x4.png", "hflip": "true",
                           "vflip": "true"}),
        ("png_srgb", {"type": "2d", "file": "srgb_6x4.png"}),
        ("png_srgb_forced_linear", {"type": "2d", "file": "srgb_6x4.png",
                                    "colorspace": "linear"}),
        ("png_gray_rgb", {"type": "2d", "file": "gray_5x4.png"}),
        ("png_rgb_nchannel1", {"type": "2d", "file": "rgb_6x4.png", "nchannel": "1"}),
        ("png_rgba", {"type": "2d", "file": "rgba_3x2.png", "nchannel": "4"}),
        ("png_rgb_nchannel4", {"type": "2d", "file": "rgb_6x4.png", "nchannel": "4"}),
        ("custom_tex", {"type": "2d", "file": "custom_3x2.tex"}),
        ("cube_single_file", {"type": "cube", "file": "square_4x4.png"}),
        ("cube_grid", {"type": "cube", "file": "rgb_6x4.png", "gridsize": "2 3",
                       "gridlayout": "RL.DFU", "rgb1": "0.3 0.2 0.1"}),
        ("cube_grid_flipped", {"type": "skybox", "file": "rgb_6x4.png", "gridsize": "2 3",
                               "gridlayout": "RRUDBF", "hflip": "true", "vflip": "true"}),
        ("cube_six_files", {"type": "cube", "fileright": "face_right.png",
                            "fileleft": "face_left.png", "fileup": "face_up.png",
                            "filedown": "face_down.png", "filefront": "face_front.png",
                            "fileback": "face_back.png"}),
        ("cube_two_files", {"type": "cube", "fileleft": "face_left.png",
                            "filefront": "face_front.png", "rgb1": "0.3 0.2 0.1"}),
    ]
    return cases


TEX_FIELDS = ["tex_type", "tex_colorspace", "tex_width", "tex_height", "tex_nchannel",
              "tex_data"]


def texture_goldens(oracle, files, out):
    for name, attrs in texture_cases():
        xml = ('<mujoco><asset><texture name="t" %s/><material name="m" texture="t"/></asset>'
               '<worldbody><geom size="1" material="m"/></worldbody></mujoco>'
               % attr_string(attrs))
        r = run_oracle(oracle, xml, ["m." + f for f in TEX_FIELDS], files)
        write_case(out, name, attrs, {f: r["m." + f] for f in TEX_FIELDS})


HF_FIELDS = ["hfield_size", "hfield_nrow", "hfield_ncol", "hfield_data", "geom_size",
             "geom_aabb", "geom_rbound"]


def hfield_goldens(oracle, files, out):
    cases = [
        ("png_gray", {"file": "gray_5x4.png", "size": "1 2 3 0.5"}),
        ("png_rgb", {"file": "rgb_6x4.png", "size": "0.5 0.5 0.2 0.1"}),
        ("binary", {"file": "elevation_3x4.hf", "size": "2 1 0.3 5"}),
        ("elevation", {"nrow": "2", "ncol": "3", "elevation": "1 2 3 4 5 7",
                       "size": "4 2 7 0.1"}),
        ("elevation_flat", {"nrow": "2", "ncol": "2", "elevation": "3 3 3 3",
                            "size": "1 1 1 1"}),
        ("zeros", {"nrow": "3", "ncol": "2", "size": "1 2 3 4"}),
    ]
    for name, attrs in cases:
        xml = ('<mujoco><asset><hfield name="h" %s/></asset><worldbody>'
               '<geom type="hfield" hfield="h"/></worldbody></mujoco>' % attr_string(attrs))
        r = run_oracle(oracle, xml, ["m." + f for f in HF_FIELDS], files)
        write_case(out, name, attrs, {f: r["m." + f] for f in HF_FIELDS})

    # the shared model (read-only, outside the repository): only if present
    shared = os.path.join(HERE, "..", "..", "..", "..", "shared", "models", "hfield_png",
                          "hfield_png.xml")
    if os.path.exists(shared):
        r = subprocess.run(shlex.split(oracle) + [shared, "--forward-only", "--fields",
                            "m.hfield_data,m.hfield_nrow,m.hfield_ncol,m.hfield_size"],
                           capture_output=True, text=True, check=True)
        v = json.loads(r.stdout.strip().splitlines()[-1])
        write_case(out, "shared_hfield_png",
                   {"file": "hfield.png", "size": "0.5 0.5 0.05 0.1", "shared": "1"},
                   {f[2:]: v[f] for f in ["m.hfield_nrow", "m.hfield_ncol", "m.hfield_size",
                                          "m.hfield_data"]})


def main():
    files = write_assets()
    if "--oracle" not in sys.argv and "--goldens" not in sys.argv:
        print("wrote assets to", HERE)
        return
    if "--oracle" in sys.argv:
        os.environ["MJREF"] = sys.argv[sys.argv.index("--oracle") + 1]
    oracle = shlex.join(mjref_command())
    with tempfile.TemporaryDirectory() as d:
        empty = os.path.join(d, "empty.xml")
        with open(empty, "w") as f:
            f.write("<mujoco/>")
        version = mujoco_version(empty)
    header = ("# Generated by test/data/assets/make_assets.py --goldens from MuJoCo %s:\n"
              "# each case is a one-asset model run with --forward-only --fields ...\n" % version)
    for kind, fn in [("mesh", mesh_goldens), ("texture", texture_goldens),
                     ("hfield", hfield_goldens)]:
        with open(os.path.join(HERE, kind + "_golden.txt"), "w") as out:
            out.write(header)
            fn(oracle, files, out)
    print("wrote assets and goldens to", HERE)


if __name__ == "__main__":
    main()
