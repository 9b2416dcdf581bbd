// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Text dump of mjData (mj_printData, mj_printFormattedData). Driven by the X-macro lists, so the
// dump shows every scalar, diagnostic and array. Layout (Motus's own, not MuJoCo's; see
// doc/conformance.md#api-behaviours):
//
//   SCALARS / WARNINGS / TIMERS / SOLVER sections of "  name  value(s)" lines, then one block per
//   non-empty array:
//     name  (nrow x ncol)
//       row  [object name]  v0 v1 ...
//   Rows of per-object arrays carry the object's name when it has one. Character arrays are
//   printed as text with '|' in place of the NUL separators.
//
// Spec: APIreference_functions.rst "Printing".

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "engine/engine_io_print.h"
#include "engine/engine_util_errmem.h"

#undef MJ_M
#define MJ_M(x) m->x
#undef MJ_D
#define MJ_D(x) d->x

namespace {

struct Printer {
  FILE* fp;
  const char* format;

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
  void value(double x) const {
    fprintf(fp, format, x);
    fputc(' ', fp);
  }
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
  void value(float x) const { value(static_cast<double>(x)); }
  void value(int x) const { fprintf(fp, "%d ", x); }
  void value(mjtByte x) const { fprintf(fp, "%d ", x); }
  void value(long x) const { fprintf(fp, "%ld ", x); }
  void value(long long x) const { fprintf(fp, "%lld ", x); }
  void value(unsigned long x) const { fprintf(fp, "%lu ", x); }
  void value(unsigned long long x) const { fprintf(fp, "%llu ", x); }

  template <typename T>
  void field(const char* name, const T* x, int n) const {
    fprintf(fp, "  %-22s ", name);
    for (int i = 0; i < n; i++) {
      value(x[i]);
    }
    fputc('\n', fp);
  }

  void section(const char* title) const { fprintf(fp, "\n%s\n", title); }
};

// object type whose count is the size field named `nr` (for row labels), or mjOBJ_UNKNOWN
int rowObjectType(const char* nr) {
  static const struct {
    const char* size;
    int type;
  } table[] = {
      {"nbody", mjOBJ_BODY},       {"njnt", mjOBJ_JOINT},       {"ngeom", mjOBJ_GEOM},
      {"nsite", mjOBJ_SITE},       {"ncam", mjOBJ_CAMERA},      {"nlight", mjOBJ_LIGHT},
      {"nflex", mjOBJ_FLEX},       {"nmesh", mjOBJ_MESH},       {"nskin", mjOBJ_SKIN},
      {"nhfield", mjOBJ_HFIELD},   {"ntex", mjOBJ_TEXTURE},     {"nmat", mjOBJ_MATERIAL},
      {"npair", mjOBJ_PAIR},       {"nexclude", mjOBJ_EXCLUDE}, {"neq", mjOBJ_EQUALITY},
      {"ntendon", mjOBJ_TENDON},   {"nu", mjOBJ_ACTUATOR},      {"nsensor", mjOBJ_SENSOR},
      {"nnumeric", mjOBJ_NUMERIC}, {"ntext", mjOBJ_TEXT},       {"ntuple", mjOBJ_TUPLE},
      {"nkey", mjOBJ_KEY},         {"nplugin", mjOBJ_PLUGIN},
  };
  for (const auto& entry : table) {
    if (strcmp(nr, entry.size) == 0) {
      return entry.type;
    }
  }
  return mjOBJ_UNKNOWN;
}

template <typename T>
void printArray(const Printer& p, const mjModel* m, const char* name, const char* nrname,
                const T* data, mjtSize nr, mjtSize nc) {
  if (nr <= 0 || nc <= 0 || !data) {
    return;
  }
  int type = m ? rowObjectType(nrname) : mjOBJ_UNKNOWN;
  fprintf(p.fp, "\n%s  (%lld x %lld)\n", name, static_cast<long long>(nr),
          static_cast<long long>(nc));
  for (mjtSize r = 0; r < nr; r++) {
    const char* label = type ? mj_id2name(m, type, static_cast<int>(r)) : nullptr;
    fprintf(p.fp, "  %5lld %-12s ", static_cast<long long>(r), label ? label : "");
    for (mjtSize c = 0; c < nc; c++) {
      p.value(data[r * nc + c]);
    }
    fputc('\n', p.fp);
  }
}

void printArray(const Printer& p, const mjModel*, const char*, const char*, const mjContact* con,
                mjtSize n, mjtSize) {
  for (mjtSize i = 0; i < n; i++) {
    fprintf(p.fp, "\ncontact %lld\n", static_cast<long long>(i));
    p.field("dist", &con[i].dist, 1);
    p.field("pos", con[i].pos, 3);
    p.field("frame", con[i].frame, 9);
    p.field("includemargin", &con[i].includemargin, 1);
    p.field("friction", con[i].friction, 5);
    p.field("solref", con[i].solref, mjNREF);
    p.field("solreffriction", con[i].solreffriction, mjNREF);
    p.field("solimp", con[i].solimp, mjNIMP);
    p.field("mu", &con[i].mu, 1);
    p.field("H", con[i].H, 36);
    p.field("dim", &con[i].dim, 1);
    p.field("geom1", &con[i].geom1, 1);
    p.field("geom2", &con[i].geom2, 1);
    p.field("geom", con[i].geom, 2);
    p.field("flex", con[i].flex, 2);
    p.field("elem", con[i].elem, 2);
    p.field("vert", con[i].vert, 2);
    p.field("exclude", &con[i].exclude, 1);
    p.field("efc_address", &con[i].efc_address, 1);
  }
}

const char* const kWarningName[mjNWARNING] = {"INERTIA", "CONTACTFULL", "CNSTRFULL", "BADQPOS",
                                              "BADQVEL", "BADQACC",     "BADCTRL"};

void printDataDiagnostics(const Printer& p, const mjData* d) {
  p.section("WARNINGS  (number, lastinfo)");
  for (int i = 0; i < mjNWARNING; i++) {
    fprintf(p.fp, "  %-22s %d %d\n", kWarningName[i], d->warning[i].number, d->warning[i].lastinfo);
  }
  p.section("TIMERS  (duration, number)");
  for (int i = 0; i < mjNTIMER; i++) {
    fprintf(p.fp, "  %-22s ", mjTIMERSTRING[i]);
    p.value(d->timer[i].duration);
    fprintf(p.fp, "%d\n", d->timer[i].number);
  }
  p.section("SOLVER");
  int nisland = mjMIN(mjMAX(d->nisland, 1), mjNISLAND);
  p.field("solver_niter", d->solver_niter, nisland);
  p.field("solver_nnz", d->solver_nnz, nisland);
  p.field("solver_fwdinv", d->solver_fwdinv, 2);
  for (int k = 0; k < nisland; k++) {
    int niter = mjMIN(d->solver_niter[k], mjNSOLVER);
    for (int i = 0; i < niter; i++) {
      const mjSolverStat* s = d->solver + k * mjNSOLVER + i;
      fprintf(p.fp, "  island %d iter %-4d ", k, i);
      p.value(s->improvement);
      p.value(s->gradient);
      p.value(s->lineslope);
      fprintf(p.fp, "%d %d %d %d\n", s->nactive, s->nchange, s->neval, s->nupdate);
    }
  }
  p.field("energy", d->energy, 2);
}

void printDataHeader(const Printer& p, const mjData* d) {
  fprintf(p.fp, "DATA  (MuJoCo API %s)\n", mj_versionString());
  p.section("SCALARS");
#define X(type, name) p.field(#name, &d->name, 1);
  MJDATA_SCALAR
#undef X
  p.field("signature", &d->signature, 1);
  printDataDiagnostics(p, d);
}

}  // namespace

void mj_printFormattedData(const mjModel* m, const mjData* d, const char* filename,
                           const char* float_format) {
  if (!m || !d) {
    mjERROR("model and data must not be NULL");
    return;
  }
  float_format = motus::FloatFormat(float_format);
  FILE* fp = motus::OpenPrintOutput(filename, "mj_printFormattedData");
  if (!fp) {
    return;
  }
  Printer p{fp, float_format};
  printDataHeader(p, d);
  p.section("ARRAYS");
#define X(type, name, nr, nc) \
  printArray(p, m, #name, #nr, d->name, m->nr, static_cast<mjtSize>(nc));
  MJDATA_POINTERS
#undef X
  p.section("ARENA");
#define X(type, name, nr, nc) \
  printArray(p, m, #name, "", d->name, static_cast<mjtSize>(nr), static_cast<mjtSize>(nc));
  MJDATA_ARENA_POINTERS
#undef X
  motus::ClosePrintOutput(fp);
}

void mj_printData(const mjModel* m, const mjData* d, const char* filename) {
  mj_printFormattedData(m, d, filename, motus::kPrintFloatFormat);
}
