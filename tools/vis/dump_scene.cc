// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Scene dumper: see dump_scene.h. Public API only (mujoco.h).

#include "dump_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

namespace visdump {
namespace {

class Out {
 public:
  void line(const char* fmt, ...) {
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    s_ += buf;
    s_ += '\n';
  }
  void begin(const char* word) { cur_ = word; }
  void d(double x) {
    char buf[40];
    snprintf(buf, sizeof(buf), " %.17g", x);
    cur_ += buf;
  }
  void f(float x) {
    char buf[40];
    snprintf(buf, sizeof(buf), " %.9g", x);
    cur_ += buf;
  }
  void i(long x) { cur_ += " " + std::to_string(x); }
  void w(const char* word) {
    cur_ += " ";
    cur_ += word;
  }
  // quoted string: spaces kept, quotes and backslashes escaped
  void q(const char* str) {
    cur_ += " \"";
    for (const char* c = str; *c; c++) {
      if (*c == '"' || *c == '\\') {
        cur_ += '\\';
      }
      cur_ += *c;
    }
    cur_ += '"';
  }
  void ds(const double* x, int n) {
    for (int k = 0; k < n; k++) {
      d(x[k]);
    }
  }
  void fs(const float* x, int n) {
    for (int k = 0; k < n; k++) {
      f(x[k]);
    }
  }
  void end() {
    s_ += cur_;
    s_ += '\n';
    cur_.clear();
  }
  const std::string& str() const { return s_; }

 private:
  std::string s_, cur_;
};

// ---------------------------------------------------------------------------------------------
// states

// the state vectors a scene depends on (mj_forward recomputes everything else from them)
struct State {
  std::vector<double> time, qpos, qvel, act, ctrl, mpos, mquat, warm, xfrc;
};

void GetState(const mjModel* m, const mjData* d, State* s) {
  s->time.assign(1, d->time);
  s->qpos.assign(d->qpos, d->qpos + m->nq);
  s->qvel.assign(d->qvel, d->qvel + m->nv);
  s->act.assign(d->act, d->act + m->na);
  s->ctrl.assign(d->ctrl, d->ctrl + m->nu);
  s->mpos.assign(d->mocap_pos, d->mocap_pos + 3 * m->nmocap);
  s->mquat.assign(d->mocap_quat, d->mocap_quat + 4 * m->nmocap);
  s->warm.assign(d->qacc_warmstart, d->qacc_warmstart + m->nv);
  s->xfrc.assign(d->xfrc_applied, d->xfrc_applied + 6 * m->nbody);
}

void SetState(const mjModel* m, mjData* d, const State& s) {
  mj_resetData(m, d);
  d->time = s.time[0];
  // std::copy, not memcpy: an empty vector's data() may be NULL, which memcpy must not get
  auto put = [](const std::vector<double>& v, mjtNum* dst, size_t n) {
    std::copy(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(std::min(n, v.size())), dst);
  };
  put(s.qpos, d->qpos, m->nq);
  put(s.qvel, d->qvel, m->nv);
  put(s.act, d->act, m->na);
  put(s.ctrl, d->ctrl, m->nu);
  put(s.mpos, d->mocap_pos, 3 * m->nmocap);
  put(s.mquat, d->mocap_quat, 4 * m->nmocap);
  put(s.warm, d->qacc_warmstart, m->nv);
  put(s.xfrc, d->xfrc_applied, 6 * m->nbody);
  mj_forward(m, d);
}

std::vector<std::vector<double>*> Parts(State* s) {
  return {&s->time, &s->qpos, &s->qvel, &s->act, &s->ctrl, &s->mpos, &s->mquat, &s->warm, &s->xfrc};
}

void PrintState(Out* o, int k, State* s) {
  o->begin("state");
  o->i(k);
  for (auto* p : Parts(s)) {
    o->w("|");
    o->ds(p->data(), static_cast<int>(p->size()));
  }
  o->end();
}

// parses "state K | v.. | v.. ..." lines
std::vector<State> ReadStates(const std::string& golden) {
  std::vector<State> out;
  std::istringstream in(golden);
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, 6, "state ") != 0) {
      continue;
    }
    State s;
    auto parts = Parts(&s);
    std::istringstream ls(line.substr(6));
    std::string tok;
    int part = -1;
    ls >> tok;  // state index
    while (ls >> tok) {
      if (tok == "|") {
        part++;
      } else if (part >= 0 && part < static_cast<int>(parts.size())) {
        parts[part]->push_back(std::strtod(tok.c_str(), nullptr));
      }
    }
    out.push_back(s);
  }
  return out;
}

// deterministic control in the middle of each control range (or +-0.5 when unlimited)
void SetControl(const mjModel* m, mjData* d, int step) {
  for (int i = 0; i < m->nu; i++) {
    double u = 0.5 * std::sin(0.05 * step + 1.3 * i);
    if (m->actuator_ctrllimited[i]) {
      double lo = m->actuator_ctrlrange[2 * i], hi = m->actuator_ctrlrange[2 * i + 1];
      u = 0.5 * (lo + hi) + 0.8 * u * (hi - lo);
    }
    d->ctrl[i] = u;
  }
}

// ---------------------------------------------------------------------------------------------
// printing of the visualization structures

void PrintGLCamera(Out* o, const char* word, const mjvGLCamera* c) {
  o->begin(word);
  o->fs(c->pos, 3);
  o->fs(c->forward, 3);
  o->fs(c->up, 3);
  o->f(c->frustum_center);
  o->f(c->frustum_width);
  o->f(c->frustum_bottom);
  o->f(c->frustum_top);
  o->f(c->frustum_near);
  o->f(c->frustum_far);
  o->i(c->orthographic);
  o->end();
}

void PrintCamera(Out* o, const mjvCamera* c) {
  o->begin("cam");
  o->i(c->type);
  o->i(c->fixedcamid);
  o->i(c->trackbodyid);
  o->ds(c->lookat, 3);
  o->d(c->distance);
  o->d(c->azimuth);
  o->d(c->elevation);
  o->i(c->orthographic);
  o->end();
}

void PrintGeom(Out* o, int k, const mjvGeom* g) {
  o->begin("geom");
  o->i(k);
  o->i(g->type);
  o->i(g->dataid);
  o->i(g->objtype);
  o->i(g->objid);
  o->i(g->category);
  o->i(g->matid);
  o->i(g->texcoord);
  o->i(g->segid);
  o->w("size");
  o->fs(g->size, 3);
  o->w("pos");
  o->fs(g->pos, 3);
  o->w("mat");
  o->fs(g->mat, 9);
  o->w("rgba");
  o->fs(g->rgba, 4);
  o->w("mat");
  o->f(g->emission);
  o->f(g->specular);
  o->f(g->shininess);
  o->f(g->reflectance);
  o->w("sort");
  o->f(g->camdist);
  o->f(g->modelrbound);
  o->i(g->transparent);
  o->q(g->label);
  o->end();
}

void PrintLight(Out* o, int k, const mjvLight* l) {
  o->begin("light");
  o->i(k);
  o->i(l->id);
  o->i(l->type);
  o->i(l->texid);
  o->i(l->headlight);
  o->i(l->castshadow);
  o->fs(l->pos, 3);
  o->fs(l->dir, 3);
  o->fs(l->attenuation, 3);
  o->f(l->cutoff);
  o->f(l->exponent);
  o->fs(l->ambient, 3);
  o->fs(l->diffuse, 3);
  o->fs(l->specular, 3);
  o->f(l->bulbradius);
  o->f(l->intensity);
  o->f(l->range);
  o->end();
}

void PrintScene(Out* o, const char* tag, const mjvScene* scn) {
  o->line("scene %s ngeom %d maxgeom %d status %d nlight %d nflex %d nskin %d", tag, scn->ngeom,
          scn->maxgeom, scn->status, scn->nlight, scn->nflex, scn->nskin);
  o->begin("scenefx");
  o->i(scn->enabletransform);
  o->fs(scn->translate, 3);
  o->fs(scn->rotate, 4);
  o->f(scn->scale);
  o->i(scn->stereo);
  for (int k = 0; k < mjNRNDFLAG; k++) {
    o->i(scn->flags[k]);
  }
  o->i(scn->framewidth);
  o->fs(scn->framergb, 3);
  o->end();
  PrintGLCamera(o, "glcam0", scn->camera);
  PrintGLCamera(o, "glcam1", scn->camera + 1);
  for (int k = 0; k < scn->ngeom; k++) {
    PrintGeom(o, k, scn->geoms + k);
  }
  for (int k = 0; k < scn->nlight; k++) {
    PrintLight(o, k, scn->lights + k);
  }
  // skins: vertex count and a few sampled vertices and normals
  for (int k = 0; k < scn->nskin; k++) {
    o->begin("skin");
    o->i(k);
    o->i(scn->skinfacenum[k]);
    o->i(scn->skinvertadr[k]);
    o->i(scn->skinvertnum[k]);
    int adr = scn->skinvertadr[k], num = scn->skinvertnum[k];
    for (int v = 0; v < num; v += 1 + num / 8) {
      o->fs(scn->skinvert + 3 * (adr + v), 3);
      o->fs(scn->skinnormal + 3 * (adr + v), 3);
    }
    o->end();
  }
  // flexes: the flags copied from the options and a few sampled vertices
  for (int k = 0; k < scn->nflex; k++) {
    o->begin("flex");
    o->i(k);
    o->i(scn->flexvertopt);
    o->i(scn->flexedgeopt);
    o->i(scn->flexfaceopt);
    o->i(scn->flexskinopt);
    o->i(scn->flexedgeadr[k]);
    o->i(scn->flexedgenum[k]);
    o->i(scn->flexvertadr[k]);
    o->i(scn->flexvertnum[k]);
    o->i(scn->flexfaceadr[k]);
    o->i(scn->flexfacenum[k]);
    o->i(scn->flexfaceused[k]);
    int adr = scn->flexvertadr[k], num = scn->flexvertnum[k];
    for (int v = 0; v < num; v += 1 + num / 8) {
      o->fs(scn->flexvert + 3 * (adr + v), 3);
    }
    int fadr = scn->flexfaceadr[k], fnum = scn->flexfaceused[k];
    for (int f = 0; f < fnum; f += 1 + fnum / 8) {
      o->fs(scn->flexface + 9 * (fadr + f), 9);
      o->fs(scn->flexnormal + 9 * (fadr + f), 9);
    }
    o->end();
  }
}

void PrintPerturb(Out* o, const char* tag, const mjvPerturb* p) {
  o->begin("pert");
  o->w(tag);
  o->i(p->select);
  o->i(p->flexselect);
  o->i(p->skinselect);
  o->i(p->active);
  o->i(p->active2);
  o->ds(p->refpos, 3);
  o->ds(p->refquat, 4);
  o->ds(p->refselpos, 3);
  o->ds(p->localpos, 3);
  o->d(p->localmass);
  o->d(p->scale);
  o->end();
}

// every visualization flag and group on, except the bounding-volume and SDF-iteration flags
// (hundreds of boxes per mesh) and island coloring
void AllOnOption(mjvOption* opt, int label, int frame) {
  mjv_defaultOption(opt);
  opt->label = label;
  opt->frame = frame;
  for (int k = 0; k < mjNGROUP; k++) {
    opt->geomgroup[k] = opt->sitegroup[k] = opt->jointgroup[k] = opt->tendongroup[k] = 1;
    opt->actuatorgroup[k] = opt->flexgroup[k] = opt->skingroup[k] = 1;
  }
  for (int k = 0; k < mjNVISFLAG; k++) {
    opt->flags[k] = 1;
  }
  opt->flags[mjVIS_BODYBVH] = opt->flags[mjVIS_MESHBVH] = opt->flags[mjVIS_SDFITER] = 0;
  opt->flags[mjVIS_FLEXSKIN] = 0;  // it hides the other flex decorations
  opt->flags[mjVIS_ISLAND] = 0;
}

void PrintOption(Out* o, const mjvOption* opt) {
  o->begin("option");
  o->i(opt->label);
  o->i(opt->frame);
  const mjtByte* groups[7] = {opt->geomgroup,     opt->sitegroup, opt->jointgroup, opt->tendongroup,
                              opt->actuatorgroup, opt->flexgroup, opt->skingroup};
  for (const mjtByte* g : groups) {
    for (int k = 0; k < mjNGROUP; k++) {
      o->i(g[k]);
    }
  }
  for (int k = 0; k < mjNVISFLAG; k++) {
    o->i(opt->flags[k]);
  }
  o->i(opt->bvh_depth);
  o->i(opt->flex_layer);
  o->end();
}

// ---------------------------------------------------------------------------------------------
// sections

// mjv_updateScene from a scene whose eyes are at a fixed point: MuJoCo moves infinite planes to a
// grid point near the previous frame's eye (a rendering aid that depends on the call history), so
// each dumped scene starts from the same eye, away from the origin so that the planes move
void Update(const mjModel* m, mjData* d, const mjvOption* opt, const mjvPerturb* pert,
            mjvCamera* cam, int catmask, mjvScene* scn) {
  const float eye[2][3] = {{3.3f, -2.2f, 1.1f}, {3.4f, -2.15f, 1.1f}};
  for (int n = 0; n < 2; n++) {
    for (int k = 0; k < 3; k++) {
      scn->camera[n].pos[k] = eye[n][k];
    }
  }
  mjv_updateScene(m, d, opt, pert, cam, catmask, scn);
}

void DumpDefaults(Out* o, const mjModel* m) {
  mjvOption opt;
  mjv_defaultOption(&opt);
  PrintOption(o, &opt);
  mjvCamera cam;
  mjv_defaultCamera(&cam);
  PrintCamera(o, &cam);
  mjv_defaultFreeCamera(m, &cam);
  PrintCamera(o, &cam);
  mjvPerturb pert;
  mjv_defaultPerturb(&pert);
  PrintPerturb(o, "default", &pert);
  mjvFigure* fig = static_cast<mjvFigure*>(std::malloc(sizeof(mjvFigure)));
  std::memset(fig, 0xff, sizeof(mjvFigure));
  mjv_defaultFigure(fig);
  o->begin("figure");
  o->i(fig->flg_legend);
  o->i(fig->flg_ticklabel[0]);
  o->i(fig->flg_ticklabel[1]);
  o->i(fig->flg_extend);
  o->i(fig->flg_barplot);
  o->i(fig->flg_selection);
  o->i(fig->flg_symmetric);
  o->f(fig->linewidth);
  o->f(fig->gridwidth);
  o->i(fig->gridsize[0]);
  o->i(fig->gridsize[1]);
  o->fs(fig->gridrgb, 3);
  o->fs(fig->figurergba, 4);
  o->fs(fig->panergba, 4);
  o->fs(fig->legendrgba, 4);
  o->fs(fig->textrgb, 3);
  o->fs(fig->linergb[0], 3 * mjMAXLINE);
  o->fs(fig->range[0], 4);
  o->q(fig->xformat);
  o->q(fig->yformat);
  o->q(fig->minwidth);
  o->q(fig->title);
  o->q(fig->xlabel);
  o->q(fig->linename[0]);
  o->q(fig->linename[mjMAXLINE - 1]);
  o->i(fig->legendoffset);
  o->i(fig->subplot);
  o->i(fig->highlight[0]);
  o->i(fig->highlight[1]);
  o->i(fig->highlightid);
  o->f(fig->selection);
  o->i(fig->linepnt[0]);
  o->i(fig->linepnt[mjMAXLINE - 1]);
  o->f(fig->linedata[0][0]);
  o->end();
  std::free(fig);
}

void DumpCameras(Out* o, const mjModel* m, mjData* d, mjvScene* scn) {
  mjvCamera cams[3];
  int ncam = 1;
  mjv_defaultFreeCamera(m, &cams[0]);
  if (m->nbody > 1) {
    mjv_defaultFreeCamera(m, &cams[ncam]);
    cams[ncam].type = mjCAMERA_TRACKING;
    cams[ncam].trackbodyid = m->nbody - 1;
    cams[ncam].distance = 2.5;
    ncam++;
  }
  if (m->ncam > 0) {
    mjv_defaultCamera(&cams[ncam]);
    cams[ncam].type = mjCAMERA_FIXED;
    cams[ncam].fixedcamid = m->ncam - 1;
    ncam++;
  }
  for (int c = 0; c < ncam; c++) {
    mjv_updateCamera(m, d, &cams[c], scn);
    PrintCamera(o, &cams[c]);
    PrintGLCamera(o, "glcam0", scn->camera);
    PrintGLCamera(o, "glcam1", scn->camera + 1);
    double head[3], fwd[3], up[3], right[3];
    mjv_cameraFrame(head, fwd, up, right, d, &cams[c]);
    float zver[2], zhor[2], zclip[2];
    mjv_cameraFrustum(zver, zhor, zclip, m, &cams[c]);
    o->begin("camframe");
    o->ds(head, 3);
    o->ds(fwd, 3);
    o->ds(up, 3);
    o->ds(right, 3);
    o->fs(zver, 2);
    o->fs(zhor, 2);
    o->fs(zclip, 2);
    o->end();
    mjv_cameraInModel(head, fwd, up, scn);
    o->begin("inmodel");
    o->ds(head, 3);
    o->ds(fwd, 3);
    o->ds(up, 3);
    o->d(mjv_frustumHeight(scn));
    o->end();
    mjv_cameraInRoom(head, fwd, up, scn);
    o->begin("inroom");
    o->ds(head, 3);
    o->ds(fwd, 3);
    o->ds(up, 3);
    o->end();
    mjvGLCamera avg = mjv_averageCamera(scn->camera, scn->camera + 1);
    PrintGLCamera(o, "avgcam", &avg);
  }
}

// camera and model motions by mouse: each action from the same start
void DumpMotions(Out* o, const mjModel* m, mjData* d, const mjvOption* opt, mjvScene* scn) {
  mjvCamera cam;
  mjv_defaultFreeCamera(m, &cam);
  Update(m, d, opt, nullptr, &cam, mjCAT_ALL, scn);
  for (int action = 1; action <= mjMOUSE_MOVE_H_REL; action++) {
    mjvCamera c = cam;
    mjv_moveCamera(m, action, 0.05, -0.03, scn, &c);
    mjv_moveCamera(m, action, -0.011, 0.02, scn, &c);
    o->begin("movecam");
    o->i(action);
    o->end();
    PrintCamera(o, &c);
  }
  double roomup[3] = {0, 0, 1};
  for (int action = 1; action <= mjMOUSE_ZOOM; action++) {
    scn->enabletransform = 1;
    scn->translate[0] = scn->translate[1] = scn->translate[2] = 0;
    scn->rotate[0] = 1;
    scn->rotate[1] = scn->rotate[2] = scn->rotate[3] = 0;
    scn->scale = 1;
    mjv_moveModel(m, action, 0.05, -0.03, roomup, scn);
    mjv_moveModel(m, action, 0.02, 0.04, roomup, scn);
    o->begin("movemodel");
    o->i(action);
    o->fs(scn->translate, 3);
    o->fs(scn->rotate, 4);
    o->f(scn->scale);
    o->end();
    double mpos[3], mquat[4], rpos[3] = {0.3, -0.2, 0.5}, rquat[4] = {0.8, 0.2, -0.4, 0.4};
    mju_normalize4(rquat);
    mjv_room2model(mpos, mquat, rpos, rquat, scn);
    o->begin("room2model");
    o->ds(mpos, 3);
    o->ds(mquat, 4);
    o->end();
    double rpos2[3], rquat2[4];
    mjv_model2room(rpos2, rquat2, mpos, mquat, scn);
    o->begin("model2room");
    o->ds(rpos2, 3);
    o->ds(rquat2, 4);
    o->end();
    double head[3], fwd[3], up[3];
    mjv_cameraInModel(head, fwd, up, scn);
    o->begin("inmodel");
    o->ds(head, 3);
    o->ds(fwd, 3);
    o->ds(up, 3);
    o->end();
  }
  scn->enabletransform = 0;
  scn->translate[0] = scn->translate[1] = scn->translate[2] = 0;
  scn->rotate[0] = 1;
  scn->rotate[1] = scn->rotate[2] = scn->rotate[3] = 0;
  scn->scale = 1;
  double vec[3] = {0.3, 0.7, -0.2}, fwd[3] = {0.6, -0.8, 0.1}, res[3];
  mjv_alignToCamera(res, vec, fwd);
  o->begin("align");
  o->ds(res, 3);
  o->end();
}

// a grid of pixels through the free camera, with the given options
void DumpSelect(Out* o, const mjModel* m, mjData* d, const mjvOption* opt, mjvScene* scn) {
  mjvCamera cam;
  mjv_defaultFreeCamera(m, &cam);
  Update(m, d, opt, nullptr, &cam, mjCAT_ALL, scn);
  for (int iy = 0; iy < 7; iy++) {
    for (int ix = 0; ix < 7; ix++) {
      double relx = 0.08 + 0.14 * ix, rely = 0.06 + 0.145 * iy;
      double selpnt[3] = {0, 0, 0};
      int geomid = -2, flexid = -2, skinid = -2;
      int body = mjv_select(m, d, opt, 1.5, relx, rely, scn, selpnt, &geomid, &flexid, &skinid);
      o->begin("select");
      o->i(ix);
      o->i(iy);
      o->i(body);
      o->i(geomid);
      o->i(flexid);
      o->i(skinid);
      o->ds(selpnt, 3);
      o->end();
    }
  }
}

// select the last body, start a perturbation, move it, apply it, and draw it
void DumpPerturb(Out* o, const mjModel* m, mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (m->nbody < 2) {
    return;
  }
  mjvCamera cam;
  mjv_defaultFreeCamera(m, &cam);
  Update(m, d, opt, nullptr, &cam, mjCAT_ALL, scn);
  mjvPerturb pert;
  mjv_defaultPerturb(&pert);
  pert.select = m->nbody - 1;
  pert.localpos[0] = 0.01;
  pert.localpos[1] = -0.02;
  pert.localpos[2] = 0.005;
  mjv_initPerturb(m, d, scn, &pert);
  PrintPerturb(o, "init", &pert);
  const int actions[5] = {mjMOUSE_MOVE_V, mjMOUSE_MOVE_H, mjMOUSE_ROTATE_V, mjMOUSE_ROTATE_H,
                          mjMOUSE_ZOOM};
  for (int action : actions) {
    pert.active = (action == mjMOUSE_ROTATE_V || action == mjMOUSE_ROTATE_H) ? mjPERT_ROTATE
                                                                             : mjPERT_TRANSLATE;
    mjv_movePerturb(m, d, action, 0.04, -0.025, scn, &pert);
    PrintPerturb(o, "move", &pert);
  }
  pert.active = mjPERT_TRANSLATE | mjPERT_ROTATE;
  std::vector<double> xfrc(d->xfrc_applied, d->xfrc_applied + 6 * m->nbody);
  mjv_applyPerturbForce(m, d, &pert);
  o->begin("pertforce");
  o->ds(d->xfrc_applied, 6 * m->nbody);
  o->end();

  // the perturbation objects in the scene
  mjvOption popt = *opt;
  popt.flags[mjVIS_PERTOBJ] = popt.flags[mjVIS_PERTFORCE] = 1;
  Update(m, d, &popt, &pert, &cam, mjCAT_ALL, scn);
  PrintScene(o, "perturbed", scn);
  std::copy(xfrc.begin(), xfrc.end(), d->xfrc_applied);

  // pose: writes qpos (free root, paused) or mocap
  std::vector<double> qpos(d->qpos, d->qpos + m->nq);
  std::vector<double> mpos(d->mocap_pos, d->mocap_pos + 3 * m->nmocap);
  std::vector<double> mquat(d->mocap_quat, d->mocap_quat + 4 * m->nmocap);
  mjv_applyPerturbPose(m, d, &pert, 1);
  o->begin("pertpose");
  o->ds(d->qpos, m->nq);
  o->w("|");
  o->ds(d->mocap_pos, 3 * m->nmocap);
  o->ds(d->mocap_quat, 4 * m->nmocap);
  o->end();
  // (std::copy: an empty vector's data() may be NULL, which memcpy must not get)
  std::copy(qpos.begin(), qpos.end(), d->qpos);
  std::copy(mpos.begin(), mpos.end(), d->mocap_pos);
  std::copy(mquat.begin(), mquat.end(), d->mocap_quat);
}

void DumpState(Out* o, const mjModel* m, mjData* d, int k, mjvScene* scn) {
  mjvCamera cam;
  mjv_defaultFreeCamera(m, &cam);
  mjvOption opt;
  mjv_defaultOption(&opt);
  Update(m, d, &opt, nullptr, &cam, mjCAT_ALL, scn);
  PrintScene(o, "default", scn);
  int ndefault = scn->ngeom;

  // island coloring
  mjvOption island = opt;
  island.flags[mjVIS_ISLAND] = 1;
  Update(m, d, &island, nullptr, &cam, mjCAT_ALL, scn);
  PrintScene(o, "island", scn);

  // bounding-volume hierarchies of bodies and flexes, at the second depth
  mjvOption bvh = opt;
  bvh.flags[mjVIS_BODYBVH] = bvh.flags[mjVIS_MESHBVH] = 1;
  bvh.bvh_depth = 2;
  Update(m, d, &bvh, nullptr, &cam, mjCAT_ALL, scn);
  PrintScene(o, "bvh", scn);

  // all flags on, with one label and one frame kind per state
  mjvOption all;
  AllOnOption(&all, 1 + (k + m->nbody) % (mjNLABEL - 1), 1 + (k + m->nbody) % (mjNFRAME - 1));
  PrintOption(o, &all);
  Update(m, d, &all, nullptr, &cam, mjCAT_ALL, scn);
  PrintScene(o, "allon", scn);

  // categories separately
  Update(m, d, &all, nullptr, &cam, mjCAT_STATIC, scn);
  o->line("catmask %d ngeom %d", mjCAT_STATIC, scn->ngeom);
  Update(m, d, &all, nullptr, &cam, mjCAT_DYNAMIC | mjCAT_DECOR, scn);
  o->line("catmask %d ngeom %d", mjCAT_DYNAMIC | mjCAT_DECOR, scn->ngeom);

  if (k == 0) {
    // every label kind: the labelled geoms only
    for (int label = 1; label < mjNLABEL; label++) {
      AllOnOption(&all, label, 0);
      Update(m, d, &all, nullptr, &cam, mjCAT_ALL, scn);
      for (int g = 0; g < scn->ngeom; g++) {
        if (scn->geoms[g].label[0]) {
          o->begin("label");
          o->i(label);
          o->i(g);
          o->i(scn->geoms[g].type);
          o->i(scn->geoms[g].objtype);
          o->i(scn->geoms[g].objid);
          o->q(scn->geoms[g].label);
          o->end();
        }
      }
    }
    // every frame kind on the default options: the geoms after the model's (at most 12)
    for (int frame = 1; frame < mjNFRAME; frame++) {
      mjvOption fopt = opt;
      fopt.frame = frame;
      Update(m, d, &fopt, nullptr, &cam, mjCAT_ALL, scn);
      o->line("frame %d ngeom %d", frame, scn->ngeom);
      for (int g = ndefault; g < scn->ngeom && g < ndefault + 12; g++) {
        PrintGeom(o, g, scn->geoms + g);
      }
    }
    DumpCameras(o, m, d, scn);
    DumpMotions(o, m, d, &opt, scn);
  }
  DumpSelect(o, m, d, &opt, scn);
  DumpPerturb(o, m, d, &opt, scn);
}

// a scene with room for 5 geoms only: the buffer is full, the status says so
void DumpSmallScene(Out* o, const mjModel* m, mjData* d) {
  mjvScene scn;
  mjv_defaultScene(&scn);
  mjv_makeScene(m, &scn, 5);
  mjvCamera cam;
  mjv_defaultFreeCamera(m, &cam);
  mjvOption opt;
  AllOnOption(&opt, 0, 0);
  Update(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
  PrintScene(o, "small", &scn);
  mjv_freeScene(&scn);
}

}  // namespace

namespace {
std::string* g_warnings = nullptr;
void RecordWarning(const char* msg) {
  if (g_warnings) {
    *g_warnings += "warning ";
    *g_warnings += msg;
    *g_warnings += "\n";
  }
}
}  // namespace

std::string DumpScenesImpl(const std::string& modelpath, const std::string& golden, int nstate,
                           std::string* error);

std::string DumpScenes(const std::string& modelpath, const std::string& golden, int nstate,
                       std::string* error) {
  // warnings become "warning" lines of the dump (MuJoCo prints them to stdout by default)
  std::string warnings;
  g_warnings = &warnings;
  void (*previous)(const char*) = mju_user_warning;
  mju_user_warning = RecordWarning;
  std::string out = DumpScenesImpl(modelpath, golden, nstate, error);
  mju_user_warning = previous;
  g_warnings = nullptr;
  return out.empty() ? out : out + warnings;
}

std::string DumpScenesImpl(const std::string& modelpath, const std::string& golden, int nstate,
                           std::string* error) {
  char err[1000] = "";
  mjModel* m = mj_loadXML(modelpath.c_str(), nullptr, err, sizeof(err));
  if (!m) {
    *error = std::string("cannot load ") + modelpath + ": " + err;
    return "";
  }
  mjData* d = mj_makeData(m);
  std::vector<State> states;
  if (golden.empty()) {
    // states: the initial one (keyframe 0 when there is one), then two along a controlled rollout
    if (m->nkey > 0) {
      mj_resetDataKeyframe(m, d, 0);
    }
    mj_forward(m, d);
    for (int k = 0; k < nstate; k++) {
      State s;
      GetState(m, d, &s);
      states.push_back(s);
      for (int step = 0; step < 150; step++) {
        SetControl(m, d, step);
        mj_step(m, d);
      }
    }
  } else {
    states = ReadStates(golden);
  }

  Out o;
  o.line("model nbody %d ngeom %d nsite %d njnt %d ntendon %d nu %d ncam %d nlight %d", m->nbody,
         m->ngeom, m->nsite, m->njnt, m->ntendon, m->nu, m->ncam, m->nlight);
  DumpDefaults(&o, m);
  mjvScene scn;
  mjv_defaultScene(&scn);
  mjv_makeScene(m, &scn, 4000);
  for (size_t k = 0; k < states.size(); k++) {
    PrintState(&o, static_cast<int>(k), &states[k]);
    SetState(m, d, states[k]);
    DumpState(&o, m, d, static_cast<int>(k), &scn);
  }
  if (!states.empty()) {
    SetState(m, d, states[0]);
    DumpSmallScene(&o, m, d);
  }
  mjv_freeScene(&scn);
  mj_deleteData(d);
  mj_deleteModel(m);
  return o.str();
}

// ---------------------------------------------------------------------------------------------
// comparison

namespace {

std::vector<std::string> Tokens(const std::string& line) {
  std::vector<std::string> out;
  size_t i = 0, n = line.size();
  while (i < n) {
    if (line[i] == ' ') {
      i++;
      continue;
    }
    size_t j = i;
    if (line[i] == '"') {  // quoted string, escapes kept
      j++;
      while (j < n && line[j] != '"') {
        j += (line[j] == '\\') ? 2 : 1;
      }
      j = (j < n) ? j + 1 : n;
    } else {
      while (j < n && line[j] != ' ') {
        j++;
      }
    }
    out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

bool Number(const std::string& t, double* x) {
  if (t.empty() || t[0] == '"') {
    return false;
  }
  char* end = nullptr;
  *x = std::strtod(t.c_str(), &end);
  return end && *end == 0;
}

std::vector<std::string> Lines(const std::string& s) {
  // comments and warnings are not compared (warnings are printed once per process by MuJoCo)
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#' && line.compare(0, 8, "warning ") != 0) {
      out.push_back(line);
    }
  }
  return out;
}

}  // namespace

namespace {

struct Block {
  std::string tag;
  std::vector<std::string> lines;
};

// a word that reads whole as a non-integer number ("0.5", "1e-3", "nan")
bool IsMeasured(const std::string& w) {
  char* end = nullptr;
  std::strtod(w.c_str(), &end);
  return end != w.c_str() && *end == '\0' &&
         w.find_first_not_of("-0123456789") != std::string::npos;
}

std::vector<Block> Blocks(const std::vector<std::string>& lines) {
  std::vector<Block> out(1);
  out[0].tag = "(start)";
  // lines that belong to the block above them: a scene's contents, a camera's details
  static const char* kContinuation[] = {"geom",   "light",      "glcam0",    "glcam1",  "scenefx",
                                        "skin",   "flex",       "camframe",  "inmodel", "inroom",
                                        "avgcam", "room2model", "model2room"};
  for (const std::string& l : lines) {
    std::vector<std::string> t = Tokens(l);
    bool cont = false;
    for (const char* c : kContinuation) {
      cont = cont || t[0] == c;
    }
    if (!cont) {
      // the second word names the block unless it is a measured (non-integer) number, which
      // the line comparison checks within the tolerance (a word such as "default" is a name)
      bool named = t.size() > 1 && !IsMeasured(t[1]);
      out.push_back(Block{named ? t[0] + " " + t[1] : t[0], {}});
    }
    out.back().lines.push_back(l);
  }
  return out;
}

// longest common subsequence of the block tags, so that a missing or extra block (an unmatched
// label line, say) does not shift the comparison of the blocks after it
std::vector<std::pair<int, int>> AlignBlocks(const std::vector<Block>& a,
                                             const std::vector<Block>& b) {
  size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> len(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      len[i][j] =
          a[i].tag == b[j].tag ? len[i + 1][j + 1] + 1 : std::max(len[i + 1][j], len[i][j + 1]);
    }
  }
  std::vector<std::pair<int, int>> pairs;  // (index in a, index in b or -1)
  size_t i = 0, j = 0;
  while (i < n) {
    if (j < m && a[i].tag == b[j].tag) {
      pairs.push_back({static_cast<int>(i++), static_cast<int>(j++)});
    } else if (j < m && len[i][j + 1] > len[i + 1][j]) {
      j++;
    } else {
      pairs.push_back({static_cast<int>(i++), -1});
    }
  }
  return pairs;
}

}  // namespace

CompareResult CompareDumps(const std::string& expected, const std::string& actual, double reltol) {
  CompareResult r;
  std::vector<Block> a = Blocks(Lines(expected)), b = Blocks(Lines(actual));
  int reported = 0;
  auto report = [&](const std::string& what, const std::string& x, const std::string& y) {
    if (reported++ < 12) {
      r.first +=
          what + "\n  expected: " + x.substr(0, 300) + "\n  actual:   " + y.substr(0, 300) + "\n";
    }
  };
  for (const auto& [ia, ib] : AlignBlocks(a, b)) {
    const Block& ba = a[ia];
    BlockResult br;
    br.tag = ba.tag;
    br.lines = static_cast<long>(ba.lines.size());
    r.lines += br.lines;
    if (ib < 0 || ba.lines.size() != b[ib].lines.size()) {
      br.badlines = br.lines;
      r.badlines += br.lines;
      report("block " + ba.tag + " is missing or has another number of lines", ba.lines[0],
             ib >= 0 ? b[ib].lines[0] : std::string("(missing)"));
      r.blocks.push_back(br);
      continue;
    }
    for (size_t j = 0; j < ba.lines.size(); j++) {
      const std::string& la = ba.lines[j];
      const std::string& lb = b[ib].lines[j];
      std::vector<std::string> ta = Tokens(la), tb = Tokens(lb);
      bool bad = ta.size() != tb.size();
      std::string what = bad ? "token counts differ" : "";
      for (size_t t = 0; !bad && t < ta.size(); t++) {
        double x, y;
        if (Number(ta[t], &x) && Number(tb[t], &y)) {
          r.numbers++;
          double scale = std::fmax(1.0, std::fmax(std::fabs(x), std::fabs(y)));
          if (!(x == y || (std::isnan(x) && std::isnan(y)) || std::fabs(x - y) <= reltol * scale)) {
            r.bad++;
            bad = true;
          }
        } else {
          bad = ta[t] != tb[t];
        }
        if (bad) {
          what = "token " + std::to_string(t) + ": " + ta[t] + " vs " + tb[t];
        }
      }
      if (bad) {
        br.badlines++;
        r.badlines++;
        report("block " + ba.tag + ", " + what, la, lb);
      }
    }
    r.blocks.push_back(br);
  }
  return r;
}

}  // namespace visdump
