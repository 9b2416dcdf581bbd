#!/usr/bin/env python3
"""Run the MuJoCo 3.3.8 oracle (../shared/oracle/mjref.mjs) with support for nested mjModel
fields such as `m.stat.extent` or `m.opt.timestep`, which the stock script rejects.

The oracle script is not part of this repository and is not copied into it: this tool reads it
from ../shared in place, inserts a small getter for dotted field names into a temporary copy, and
runs that copy with node. Use it as MJREF for the golden-data generators that dump mjStatistic /
mjOption fields (test/data/spec/make_golden.py).

  MUJOCO_JS=/path/to/mujoco_wasm.js tools/mjref_nested.py MODEL.xml --forward-only --fields m.stat.extent
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.environ.get('MJREF_MJS', os.path.join(HERE, '..', '..', 'shared', 'oracle', 'mjref.mjs'))

ANCHOR = "      const n = f.slice(2);\n"
NESTED = (
    "      if (n.includes('.')) {\n"
    "        const path = n.split('.');\n"
    "        getters.push([f, () => {\n"
    "          let v = m;\n"
    "          for (const key of path) v = v[key];\n"
    "          return (v && typeof v === 'object' && v.length === undefined) ? Array.from(v) : v;\n"
    "        }]);\n"
    "        continue;\n"
    "      }\n")


def main():
    if not os.path.exists(ORACLE):
        sys.exit('mjref_nested: oracle script not found at %s (set MJREF_MJS)' % ORACLE)
    src = open(ORACLE).read()
    if ANCHOR not in src:
        sys.exit('mjref_nested: the oracle script changed; cannot find the mjModel field parser')
    patched = src.replace(ANCHOR, ANCHOR + NESTED, 1)
    # the copy lives next to the original so that its relative imports keep working
    fd, path = tempfile.mkstemp(suffix='.mjs', dir=tempfile.gettempdir())
    with os.fdopen(fd, 'w') as f:
        f.write(patched)
    try:
        return subprocess.call(['node', path] + sys.argv[1:])
    finally:
        os.unlink(path)


if __name__ == '__main__':
    sys.exit(main())
