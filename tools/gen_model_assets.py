#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Generates the mesh and image assets of the bundled models in model/assets/.

Everything is computed here from simple formulas (no third-party files):
  arm_base.stl      binary STL: a hexagonal prism with a chamfered top (base of the robot arm)
  arm_link.obj      OBJ with quads and a pentagon (triangulated by the loader): a rounded bar
  arm_gripper.stl   binary STL: a wedge-shaped gripper finger (MuJoCo reads binary STL only)
  terrain.png       8-bit grayscale PNG height map (rolling hills), 48 x 40
Run from the repository root: python3 tools/gen_model_assets.py
"""
import math
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "model", "assets")


def normal(a, b, c):
    u = [b[i] - a[i] for i in range(3)]
    v = [c[i] - a[i] for i in range(3)]
    n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
    s = math.sqrt(sum(x * x for x in n)) or 1.0
    return [x / s for x in n]


def prism(sides, radius, height, top_scale):
    """Triangles of a closed prism whose top ring is scaled by top_scale (a chamfer)."""
    bottom = [(radius * math.cos(2 * math.pi * k / sides), radius * math.sin(2 * math.pi * k / sides), 0)
              for k in range(sides)]
    top = [(top_scale * x, top_scale * y, height) for x, y, _ in bottom]
    tris = []
    for k in range(sides):
        j = (k + 1) % sides
        tris.append((bottom[k], bottom[j], top[j]))
        tris.append((bottom[k], top[j], top[k]))
        tris.append(((0, 0, 0), bottom[j], bottom[k]))
        tris.append(((0, 0, height), top[k], top[j]))
    return tris


def write_binary_stl(path, tris):
    with open(path, "wb") as f:
        f.write(b"motus generated binary STL".ljust(80, b" "))
        f.write(struct.pack("<I", len(tris)))
        for a, b, c in tris:
            f.write(struct.pack("<3f", *normal(a, b, c)))
            for p in (a, b, c):
                f.write(struct.pack("<3f", *p))
            f.write(struct.pack("<H", 0))


def write_link_obj(path):
    """A bar along x with an octagonal cross-section: quads on the sides; each octagonal end cap
    is written as a pentagon, a quad and a triangle, so the loader must triangulate polygons."""
    n, r, length = 8, 0.035, 0.3
    ring = [(r * math.cos(2 * math.pi * k / n + math.pi / n), r * math.sin(2 * math.pi * k / n + math.pi / n))
            for k in range(n)]
    lines = ["# motus generated OBJ: octagonal bar", "o link"]
    for x in (0.0, length):
        for y, z in ring:
            lines.append("v %.6f %.6f %.6f" % (x, y, z))
    for k in range(n):
        lines.append("vt %.4f 0" % (k / n))
        lines.append("vt %.4f 1" % (k / n))
    # sides: quads, outward winding
    for k in range(n):
        j = (k + 1) % n
        lines.append("f %d %d %d %d" % (1 + k, 1 + j, 1 + n + j, 1 + n + k))
    # end caps (outward winding: clockwise seen from +x at x=0, counter-clockwise at x=length)
    lines.append("f %d %d %d %d %d" % tuple(1 + k for k in (4, 3, 2, 1, 0)))
    lines.append("f %d %d %d %d" % tuple(1 + k for k in (0, 7, 6, 5)))
    lines.append("f %d %d %d" % tuple(1 + k for k in (0, 5, 4)))
    lines.append("f %d %d %d %d %d" % tuple(1 + n + k for k in (0, 1, 2, 3, 4)))
    lines.append("f %d %d %d %d" % tuple(1 + n + k for k in (5, 6, 7, 0)))
    lines.append("f %d %d %d" % tuple(1 + n + k for k in (4, 5, 0)))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def wedge():
    """A closed wedge (triangular prism) for a gripper finger: the triangle a, c, b is
    counter-clockwise seen from +z, so every face below winds outward."""
    ring = [(0, -0.01), (0.06, 0), (0, 0.01)]
    h = 0.02
    bot = [(x, y, 0) for x, y in ring]
    top = [(x, y, h) for x, y in ring]
    tris = [(bot[0], bot[2], bot[1]), (top[0], top[1], top[2])]
    for k in range(3):
        j = (k + 1) % 3
        tris += [(bot[k], bot[j], top[j]), (bot[k], top[j], top[k])]
    return tris


def png_gray(path, width, height, pixel):
    raw = b"".join(b"\x00" + bytes(pixel(x, y) for x in range(width)) for y in range(height))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xffffffff)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def hills(x, y):
    u, v = x / 47.0, y / 39.0
    h = 0.5 + 0.25 * math.sin(2 * math.pi * u * 1.5) * math.cos(2 * math.pi * v) + 0.2 * math.exp(
        -((u - 0.7) ** 2 + (v - 0.3) ** 2) * 20)
    return max(0, min(255, int(round(255 * h))))


def main():
    os.makedirs(OUT, exist_ok=True)
    write_binary_stl(os.path.join(OUT, "arm_base.stl"), prism(6, 0.12, 0.1, 0.8))
    write_link_obj(os.path.join(OUT, "arm_link.obj"))
    write_binary_stl(os.path.join(OUT, "arm_gripper.stl"), wedge())
    png_gray(os.path.join(OUT, "terrain.png"), 48, 40, hills)
    for name in sorted(os.listdir(OUT)):
        print("wrote model/assets/" + name, os.path.getsize(os.path.join(OUT, name)), "bytes")


if __name__ == "__main__":
    main()
