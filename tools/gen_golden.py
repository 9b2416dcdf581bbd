#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Writes a golden file for the tests from MuJoCo's output on one model.

Runs the mjref dumper (tools/golden_util.py: the MJREF command, by default MuJoCo 3.8.0 through
tools/mjref_kit.py; each committed golden's header names the MuJoCo version that wrote it, see
test/data/README.md) and converts its JSON lines into the text format read by test/golden.h, one
record per line, numbers in shortest round-trip form:
    # comment lines: the generator, the MuJoCo version and the command that produced the file
    <record>.<field> <count> v1 v2 ... v<count>
where <record> is the index of the dumper's output line (0 for --forward-only) and <field> its
field name (m.NAME for model arrays). NaN/Inf are written as nan/inf/-inf.

Run from the repository root; every argument after the model path and --out is passed to the
dumper unchanged. Examples:
    tools/gen_golden.py model/humanoid.xml --out test/data/forward/humanoid_model.txt \
        --forward-only --fields m.body_mass,m.body_inertia
    tools/gen_golden.py model/humanoid.xml --out test/data/forward/humanoid_traj.txt \
        --steps 200 --every 50 --fields qpos,qvel --ctrl-seed 1
See test/data/README.md for the generator of each folder.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_util import fmt, provenance, run_mjref  # noqa: E402


def flatten(value):
    if isinstance(value, list):
        out = []
        for x in value:
            out.extend(flatten(x))
        return out
    if isinstance(value, dict):  # contact structs and the like: keys in sorted order
        out = []
        for k in sorted(value):
            out.extend(flatten(value[k]))
        return out
    return [value]


def main():
    argv = sys.argv[1:]
    if len(argv) < 3 or "--out" not in argv:
        sys.exit(__doc__)
    model = argv[0]
    i = argv.index("--out")
    out = argv[i + 1]
    mjref_args = argv[1:i] + argv[i + 2:]
    records = run_mjref(model, *mjref_args)
    lines = provenance("tools/gen_golden.py", model, argv)
    for r, rec in enumerate(records):
        for key, value in rec.items():
            if key in ("model", "mujoco_version"):
                continue
            if isinstance(value, str) and value not in ("NaN", "Infinity", "-Infinity"):
                continue  # names and other text
            values = flatten(value)
            if any(isinstance(v, str) and v not in ("NaN", "Infinity", "-Infinity") for v in values):
                continue
            lines.append(f"{r}.{key} {len(values)} " + " ".join(fmt(v) for v in values))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {out}: {len(records)} records, {os.path.getsize(out)} bytes")


if __name__ == "__main__":
    main()
