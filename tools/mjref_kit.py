#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Run MuJoCo 3.8.0 (the reference kit in ../shared/oracle/mujoco-3.8.0) as an mjref dumper with
every mjModel/mjData array, scalar and size, and with the full contact records.

The kit's own bin/mjrefc knows a fixed list of fields and writes contacts as {geom1, geom2, dist,
pos, frame, dim}; the golden-data generators need more (efc_J, ten_J, qDeriv, m.jnt_qposadr, ...,
and every mjContact member the collision tests compare). The dumper's source is not part of this
repository and is not copied into it: this tool reads ../shared/conform/mjrefc.cc in place, writes
a temporary copy to which it adds (a) a fallback lookup over the kit's X-macro tables
(MJMODEL_SIZES, MJMODEL_POINTERS, MJDATA_POINTERS, MJDATA_ARENA_POINTERS, MJDATA_VECTOR (numeric
entries, e.g. solver_nnz), MJDATA_SCALAR) and
(b) contact records with the keys H dim dist efc_address exclude frame friction geom1 geom2
includemargin mu pos solimp solref solreffriction, compiles it against the kit's headers and
library ("Compiling against the kit" in the kit's README) into a cache folder, and runs it with
the arguments given. It is the default MJREF of tools/golden_util.py.

  tools/mjref_kit.py MODEL.xml --forward-only --fields m.jnt_qposadr,efc_J,contact
"""
import hashlib
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))
KIT = os.environ.get("MJREF_KIT", os.path.join(SHARED, "oracle", "mujoco-3.8.0"))
SOURCE = os.environ.get("MJREF_SOURCE", os.path.join(SHARED, "conform", "mjrefc.cc"))
CACHE = os.environ.get("MJREF_KIT_CACHE", os.path.join(tempfile.gettempdir(), "mjref_kit"))

# Added before the dumper's lookup(): every array of the X-macro tables, with its element count
# (sizes named bare are mjModel members, MJ_D(n) are mjData members), and every size/scalar.
EXTRA = r'''
namespace kitx {
template <class T> Arr one(const T* p, long n) {
  if constexpr (std::is_same<T, double>::value || std::is_same<T, float>::value ||
                std::is_same<T, int>::value || std::is_same<T, unsigned char>::value ||
                std::is_same<T, long>::value || std::is_same<T, long long>::value) {
    return mk(p, p ? n : 0L);  // arrays a layout leaves unallocated (dense: efc_J_colind) are empty
  } else if constexpr (std::is_same<T, char>::value) {
    // character arrays (names, text_data, paths) as their byte values
    return mk(reinterpret_cast<const unsigned char*>(p), p ? n : 0L);
  } else {
    (void)p; (void)n;
    return Arr();
  }
}
Arr model(const mjModel* m, const mjData* d, const std::string& f) {
  (void)d;
#define X(n) auto n = m->n; (void)n;
  MJMODEL_SIZES
#undef X
#undef MJ_M
#define MJ_M(n) m->n
#define X(type, name, d0, d1) if (f == #name) return one(m->name, (long)(d0) * (long)(d1));
  MJMODEL_POINTERS
#undef X
#define X(n) if (f == #n) return one(&m->n, -1L);
  MJMODEL_SIZES
#undef X
  // nested members (mjStatistic, mjOption) that the golden generators dump
  if (f == "stat.meaninertia") return one(&m->stat.meaninertia, -1L);
  if (f == "stat.meanmass") return one(&m->stat.meanmass, -1L);
  if (f == "stat.meansize") return one(&m->stat.meansize, -1L);
  if (f == "stat.extent") return one(&m->stat.extent, -1L);
  if (f == "stat.center") return one(m->stat.center, 3L);
  if (f == "opt.timestep") return one(&m->opt.timestep, -1L);
  if (f == "opt.gravity") return one(m->opt.gravity, 3L);
  if (f == "opt.integrator") return one(&m->opt.integrator, -1L);
  if (f == "opt.iterations") return one(&m->opt.iterations, -1L);
  if (f == "opt.disableflags") return one(&m->opt.disableflags, -1L);
  if (f == "opt.enableflags") return one(&m->opt.enableflags, -1L);
  return Arr();
}
Arr data(const mjModel* m, const mjData* d, const std::string& f) {
#define X(n) auto n = m->n; (void)n;
  MJMODEL_SIZES
#undef X
#undef MJ_M
#define MJ_M(n) m->n
#undef MJ_D
#define MJ_D(n) d->n
#define X(type, name, d0, d1) if (f == #name) return one(d->name, (long)(d0) * (long)(d1));
  MJDATA_POINTERS
  MJDATA_ARENA_POINTERS
#undef X
#define X(type, name, d0, d1) if (f == #name) return one(&d->name[0], (long)(d0) * (long)(d1));
  MJDATA_VECTOR
#undef X
#define X(type, n) if (f == #n) return one(&d->n, -1L);
  MJDATA_SCALAR
#undef X
  return Arr();
}
}  // namespace kitx

void put_contacts_full(const mjData* d) {
  buf += '[';
  for (int i = 0; i < d->ncon; i++) {
    const mjContact& c = d->contact[i];
    if (i) buf += ',';
    buf += "{\"H\":"; put(mk(c.H, 36));
    buf += ",\"dim\":"; inum(c.dim);
    buf += ",\"dist\":"; num(c.dist);
    buf += ",\"efc_address\":"; inum(c.efc_address);
    buf += ",\"exclude\":"; inum(c.exclude);
    buf += ",\"frame\":"; put(mk(c.frame, 9));
    buf += ",\"friction\":"; put(mk(c.friction, 5));
    buf += ",\"geom1\":"; inum(c.geom[0]);
    buf += ",\"geom2\":"; inum(c.geom[1]);
    buf += ",\"includemargin\":"; num(c.includemargin);
    buf += ",\"mu\":"; num(c.mu);
    buf += ",\"pos\":"; put(mk(c.pos, 3));
    buf += ",\"solimp\":"; put(mk(c.solimp, 5));
    buf += ",\"solref\":"; put(mk(c.solref, 2));
    buf += ",\"solreffriction\":"; put(mk(c.solreffriction, 2));
    buf += '}';
  }
  buf += ']';
}

'''


def patched_source():
    with open(SOURCE) as f:
        src = f.read()
    anchor = "Arr lookup(const mjModel* m, const mjData* d, const std::string& f) {"
    if anchor not in src or src.count("    return Arr();\n  }\n") != 1:
        sys.exit(f"mjref_kit: {SOURCE} does not have the expected lookup(); update this tool")
    src = src.replace("    return Arr();\n  }\n", "    return kitx::model(m, d, f.substr(2));\n  }\n")
    tail = "  for (const auto& e : kData) if (e.available && f == e.name) return e.get(m, d);\n  return Arr();"
    if tail not in src:
        sys.exit("mjref_kit: unexpected lookup() body; update this tool")
    src = src.replace(tail, tail.replace("return Arr();", "return kitx::data(m, d, f);"))
    call = 'if (f == "contact") put_contacts(d);'
    if call not in src:
        sys.exit("mjref_kit: unexpected contact output; update this tool")
    src = src.replace(call, 'if (f == "contact") put_contacts_full(d);')
    src = src.replace(anchor, EXTRA + anchor)
    if "#include <mujoco/mjxmacro.h>" not in src:
        src = src.replace("#include <mujoco/mujoco.h>", "#include <mujoco/mujoco.h>\n#include <mujoco/mjxmacro.h>", 1)
    return src


def binary():
    src = patched_source()
    lib = os.path.join(KIT, "lib", "libmujoco.so.3.8.0")
    key = hashlib.sha256((src + KIT).encode()).hexdigest()[:16]
    exe = os.path.join(CACHE, "mjref_kit-" + key)
    if os.path.exists(exe):
        return exe
    os.makedirs(CACHE, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        cc = os.path.join(tmp, "mjref_kit.cc")
        with open(cc, "w") as f:
            f.write(src)
        out = exe + ".tmp"
        cmd = ["g++", "-std=c++17", "-O2", "-ffp-contract=off", "-DMJREFC_PLUGINS",
               "-I" + os.path.join(KIT, "include"), cc, lib,
               "-Wl,-rpath," + os.path.realpath(os.path.join(KIT, "lib")), "-o", out]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit("mjref_kit: compiling the dumper failed:\n" + proc.stderr[-4000:])
        os.replace(out, exe)
    return exe


def main():
    if not os.path.isdir(KIT) or not os.path.exists(SOURCE):
        sys.exit(f"mjref_kit: needs the kit ({KIT}) and the dumper source ({SOURCE})")
    os.execv(binary(), [binary()] + sys.argv[1:])


if __name__ == "__main__":
    main()
