#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Regenerates the models and golden data of test/flex_implicit_test.cc from MuJoCo (the dumper of
tools/golden_util.py, by default the 3.8.0 kit): interpolated flexes under the implicit and
implicitfast integrators, stepped from a keyframe with seeded random positions and velocities
around qpos0 (written into the model), qpos and qvel every 5 steps for 10 steps.

implicit_pinned*: a flex pinned to a hinged body under a sliding arm, with joint damping and a
damped sibling body (the dense block's dofs, its coupling to the other dofs, a nonsymmetric
velocity derivative under "implicit"). implicit_free: a plain solid first (its damping scales
the velocity term of the others), a rotated trilinear brick and a quadratic flex, all free.
implicit_cells: flexes of several cells (cellcount), free and pinned, one damping for all.

Usage (from the repository root):  python3 test/data/flex/make_implicit.py [names]
"""
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import gen_golden, run_mjref  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

PINNED = """<mujoco model="interpolated flex pinned to a hinged body: implicit flex block">
  <option timestep="0.002" integrator="{integrator}"/>
  <default><joint damping="0.3"/></default>
  <worldbody>
    <body name="arm" pos="0 0 0.5">
      <joint name="lift" type="slide" axis="0 0 1"/>
      <geom type="box" size="0.1 0.05 0.02" mass="1"/>
      <body name="pad" pos="0.05 0 -0.05">
        <joint name="swing" type="hinge" axis="0 1 0"/>
        <geom type="box" size="0.02 0.05 0.05" mass="0.3"/>
        <body name="tip" pos="0 0.1 0">
          <joint name="tip" type="hinge" axis="1 0 0"/>
          <geom type="capsule" fromto="0 0 0 0 0.1 0.05" size="0.01" mass="0.2"/>
        </body>
        <flexcomp name="pad" type="grid" dim="3" count="3 3 4" spacing="0.04 0.05 0.03"
                  pos="0.06 0 -0.05" radius="0.001" mass="0.4" dof="trilinear">
          <contact selfcollide="none" internal="false" contype="0" conaffinity="0"/>
          <elasticity young="8000" poisson="0.25" damping="0.02"/>
          <pin id="0 1 2 3"/>
        </flexcomp>
      </body>
    </body>
  </worldbody>
  {key}
</mujoco>
"""

FREE = """<mujoco model="free interpolated flexes: implicit flex blocks">
  <option timestep="0.001" integrator="implicitfast" gravity="0 0 -2"/>
  <worldbody>
    <flexcomp name="solid" type="grid" dim="3" count="2 2 2" spacing="0.1 0.1 0.1" pos="1 0 1"
              radius="0.001" mass="1">
      <contact contype="0" conaffinity="0"/>
      <elasticity young="1000" poisson="0.2" damping="0.002"/>
    </flexcomp>
    <flexcomp name="brick" type="grid" dim="3" count="3 4 3" spacing="0.1 0.15 0.25"
              pos="2 0 1" euler="0 0 30" radius="0.001" mass="2" dof="trilinear">
      <contact selfcollide="none" internal="false" contype="0" conaffinity="0"/>
      <elasticity young="3000" poisson="0.3" damping="0.01"/>
    </flexcomp>
    <flexcomp name="curved" type="grid" dim="3" count="4 3 3" spacing="0.08 0.1 0.09"
              pos="4 0 1" radius="0.001" mass="1" dof="quadratic">
      <contact selfcollide="none" internal="false" contype="0" conaffinity="0"/>
      <elasticity young="2000" poisson="0.35" damping="0.005"/>
    </flexcomp>
  </worldbody>
  {key}
</mujoco>
"""

# flexes of several cells: a free trilinear bar and quadratic block next to the pinned pad of
# PINNED, whose cells are split too
FREE_CELLS = """    <flexcomp name="bar" type="grid" dim="3" count="5 3 3" spacing="0.1 0.12 0.09" pos="1 0 1"
              radius="0.001" mass="1" dof="trilinear" cellcount="3 2 1">
      <contact selfcollide="none" internal="false" contype="0" conaffinity="0"/>
      <elasticity young="1000" poisson="0.2" damping="0.01"/>
    </flexcomp>
    <flexcomp name="curved" type="grid" dim="3" count="4 3 3" spacing="0.08 0.1 0.09"
              pos="2 0 1" radius="0.001" mass="1" dof="quadratic" cellcount="2 1 2">
      <contact selfcollide="none" internal="false" contype="0" conaffinity="0"/>
      <elasticity young="2000" poisson="0.35" damping="0.01"/>
    </flexcomp>
"""
CELLS = (PINNED.replace("{integrator}", "implicitfast")
         .replace("pinned to a hinged body: implicit flex block", "of several cells: implicit flex blocks")
         .replace('dof="trilinear">', 'dof="trilinear" cellcount="1 2 2">')
         .replace("  <worldbody>\n", "  <worldbody>\n" + FREE_CELLS))

# name: (model text, state noise, seed of the keyframe)
MODELS = {
    "implicit_pinned": (PINNED.replace("{integrator}", "implicitfast"), 0.05, 301),
    "implicit_pinned_full": (PINNED.replace("{integrator}", "implicit"), 0.05, 302),
    "implicit_free": (FREE, 0.01, 300),
    "implicit_cells": (CELLS, 0.01, 303),
}


def keyframe(path, text, seed, scale):
    """qpos0 plus uniform noise, qvel uniform in +-10 scale (no quaternions in these models)."""
    with open(path, "w") as f:
        f.write(text.replace("{key}", ""))
    info = run_mjref(path, "--forward-only", "--fields", "m.nq,m.nv,m.qpos0")[0]
    rng = random.Random(seed)
    q = [x + rng.uniform(-scale, scale) for x in info["m.qpos0"]]
    v = [rng.uniform(-10 * scale, 10 * scale) for _ in range(info["m.nv"])]
    fmt = lambda xs: " ".join(repr(round(x, 12)) for x in xs)  # noqa: E731
    return '<keyframe><key qpos="%s" qvel="%s"/></keyframe>' % (fmt(q), fmt(v))


def main():
    for name in sys.argv[1:] or sorted(MODELS):
        text, scale, seed = MODELS[name]
        path = os.path.join(HERE, name + ".xml")
        key = keyframe(path, text, seed, scale)
        with open(path, "w") as f:
            f.write(text.replace("{key}", key))
        gen_golden(path, os.path.join(HERE, name + ".golden.txt"), "--key", "0", "--steps", "10",
                   "--every", "5", "--fields", "qpos,qvel")


if __name__ == "__main__":
    main()
