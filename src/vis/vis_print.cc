// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Text dump of an abstract scene (APIreference_functions.rst mj_printScene,
// mj_printFormattedScene): the geoms, lights and cameras with every field, then the flex and
// skin counts, the rendering flags and the model transformation, in MuJoCo's layout (one
// "name  value(s)" line per field, names padded to 17 columns).

#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "vis/vis.h"

namespace {

constexpr const char* kDefaultFormat = "% -9.2g";

struct Printer {
  FILE* fp;
  const char* fmt;

  void i(const char* name, int v) { fprintf(fp, "    %-17s %d\n", name, v); }
  void f(const char* name, float v) {
    fprintf(fp, "    %-17s", name);
    fprintf(fp, fmt, v);
    fprintf(fp, "\n");
  }
  void v(const char* name, const float* x, int n) {
    fprintf(fp, "    %-17s", name);
    for (int k = 0; k < n; k++) {
      fprintf(fp, fmt, x[k]);
      fprintf(fp, " ");
    }
    fprintf(fp, "\n");
  }
};

// a printf conversion for one floating-point value and nothing else but literal text
bool validFormat(const char* format) {
  int conversions = 0;
  for (const char* p = format; *p; p++) {
    if (*p != '%') {
      continue;
    }
    if (*++p == '%') {
      continue;
    }
    while (*p && strchr("-+ #0123456789.", *p)) {
      p++;
    }
    if (!*p || !strchr("fFeEgGaA", *p)) {
      return false;
    }
    conversions++;
  }
  return conversions == 1;
}

void printGeom(Printer* p, int k, const mjvGeom* g) {
  fprintf(p->fp, "  GEOM %d\n", k);
  p->i("type", g->type);
  p->i("category", g->category);
  fprintf(p->fp, "    %-17s%s\n", "label", g->label);
  p->i("objtype", g->objtype);
  p->i("objid", g->objid);
  p->v("pos", g->pos, 3);
  p->v("mat", g->mat, 9);
  p->v("size", g->size, 3);
  p->i("segid", g->segid);
  p->i("dataid", g->dataid);
  p->i("matid", g->matid);
  p->i("texcoord", g->texcoord);
  p->v("rgba", g->rgba, 4);
  p->f("emission", g->emission);
  p->f("specular", g->specular);
  p->f("shininess", g->shininess);
  p->f("reflectance", g->reflectance);
  fprintf(p->fp, "\n");
}

void printLight(Printer* p, int k, const mjvLight* l) {
  fprintf(p->fp, "  LIGHT %d\n", k);
  p->i("id", l->id);
  p->v("pos", l->pos, 3);
  p->v("dir", l->dir, 3);
  p->i("type", l->type);
  p->i("castshadow", l->castshadow);
  p->i("headlight", l->headlight);
  p->f("intensity", l->intensity);
  p->f("range", l->range);
  p->v("ambient", l->ambient, 3);
  p->v("diffuse", l->diffuse, 3);
  p->v("specular", l->specular, 3);
  p->i("texid", l->texid);
  p->f("exponent", l->exponent);
  p->v("attenuation", l->attenuation, 3);
  p->f("cutoff", l->cutoff);
  p->f("bulbradius", l->bulbradius);
  fprintf(p->fp, "\n");
}

void printCamera(Printer* p, int k, const mjvGLCamera* c) {
  fprintf(p->fp, "  CAMERA %d\n", k);
  p->v("pos", c->pos, 3);
  p->v("forward", c->forward, 3);
  p->v("up", c->up, 3);
  p->i("orthographic", c->orthographic);
  p->f("frustum_center", c->frustum_center);
  p->f("frustum_width", c->frustum_width);
  p->f("frustum_bottom", c->frustum_bottom);
  p->f("frustum_top", c->frustum_top);
  p->f("frustum_near", c->frustum_near);
  p->f("frustum_far", c->frustum_far);
  fprintf(p->fp, "\n");
}

void printScene(const mjvScene* s, FILE* fp, const char* fmt) {
  Printer p{fp, fmt};
  fprintf(fp, "GEOMS %d\n", s->ngeom);
  for (int k = 0; k < s->ngeom; k++) {
    printGeom(&p, k, s->geoms + k);
  }
  fprintf(fp, "\nLIGHTS %d\n", s->nlight);
  for (int k = 0; k < s->nlight; k++) {
    printLight(&p, k, s->lights + k);
  }
  fprintf(fp, "\nCAMERAS 2\n");
  for (int k = 0; k < 2; k++) {
    printCamera(&p, k, s->camera + k);
  }
  fprintf(fp, "\nFLEX DATA %d\n\nSKIN DATA %d\n\nFLAGS\n", s->nflex, s->nskin);
  static const char* kFlags[mjNRNDFLAG] = {"Shadow",  "Wireframe", "Reflection", "Additive",
                                           "Skybox",  "Fog",       "Haze",       "Depth",
                                           "Segment", "Id Color",  "Cull Face"};
  for (int k = 0; k < mjNRNDFLAG; k++) {
    fprintf(fp, "  %-22s%d\n", kFlags[k], s->flags[k]);
  }
  fprintf(fp, "  %-20s%d\n", "flexvertopt", s->flexvertopt);
  fprintf(fp, "  %-20s%d\n", "flexedgeopt", s->flexedgeopt);
  fprintf(fp, "  %-20s%d\n", "flexfaceopt", s->flexfaceopt);
  fprintf(fp, "  %-20s%d\n", "flexskinopt", s->flexskinopt);
  fprintf(fp, "  %-20s%d\n", "stereo", s->stereo);
  fprintf(fp, "\n\nTRANSFORM %d\n", s->enabletransform);
  if (s->enabletransform) {
    p.v("translate", s->translate, 3);
    p.v("rotate", s->rotate, 4);
    p.f("scale", s->scale);
  }
  fprintf(fp, "\n");
}

}  // namespace

void mj_printFormattedScene(const mjvScene* s, const char* filename, const char* float_format) {
  if (!s || !filename) {
    mju_error("mj_printFormattedScene: scene and file name must not be NULL");
    return;
  }
  if (!float_format || !validFormat(float_format)) {
    mju_error("mj_printFormattedScene: invalid float format \"%s\"",
              float_format ? float_format : "(null)");
    return;
  }
  FILE* fp = fopen(filename, "w");
  if (!fp) {
    mju_warning("mj_printFormattedScene: could not open file '%s'", filename);
    return;
  }
  printScene(s, fp, float_format);
  fclose(fp);
}

void mj_printScene(const mjvScene* s, const char* filename) {
  mj_printFormattedScene(s, filename, kDefaultFormat);
}
