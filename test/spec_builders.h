// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjs_ API builders of the models in test/data/spec/*.xml, element by element in document order
// (what the MJCF reader does), so that the compiler can be tested without the reader.

#ifndef MOTUS_TEST_SPEC_BUILDERS_H_
#define MOTUS_TEST_SPEC_BUILDERS_H_

#include <initializer_list>

#include <mujoco/mujoco.h>

namespace motus_test {

inline void Set(double* dst, std::initializer_list<double> v) {
  int i = 0;
  for (double x : v) {
    dst[i++] = x;
  }
}
inline void Setf(float* dst, std::initializer_list<float> v) {
  int i = 0;
  for (float x : v) {
    dst[i++] = x;
  }
}
inline void Name(void* element_struct_first_member, const char* name) {
  mjs_setName(*static_cast<mjsElement**>(element_struct_first_member), name);
}

// test/data/spec/tree.xml
inline mjSpec* BuildTreeSpec() {
  mjSpec* s = mj_makeSpec();
  mjs_setString(s->modelname, "tree");
  mjsBody* world = mjs_findBody(s, "world");

  mjsGeom* floor = mjs_addGeom(world, nullptr);
  Name(floor, "floor");
  floor->type = mjGEOM_PLANE;
  Set(floor->size, {2, 2, .1});
  Name(mjs_addSite(world, nullptr), "origin");
  mjsLight* sun = mjs_addLight(world, nullptr);
  Name(sun, "sun");
  Set(sun->pos, {0, 0, 3});
  Set(sun->dir, {0, 1, -1});
  mjsCamera* fixed = mjs_addCamera(world, nullptr);
  Name(fixed, "fixed");
  Set(fixed->pos, {1, -1, 1});
  fixed->alt.type = mjORIENTATION_XYAXES;
  Set(fixed->alt.xyaxes, {1, 1, 0, -1, 1, 1});

  mjsBody* torso = mjs_addBody(world, nullptr);
  Name(torso, "torso");
  Set(torso->pos, {0, 0, 1});
  torso->alt.type = mjORIENTATION_EULER;
  Set(torso->alt.euler, {10, 20, 30});
  mjsJoint* root = mjs_addJoint(torso, nullptr);
  Name(root, "root");
  root->type = mjJNT_FREE;
  mjsGeom* chest = mjs_addGeom(torso, nullptr);
  Name(chest, "chest");
  chest->type = mjGEOM_CAPSULE;
  Set(chest->fromto, {0, -.1, 0, 0, .1, 0});
  chest->size[0] = .07;
  mjsGeom* belly = mjs_addGeom(torso, nullptr);
  Name(belly, "belly");
  belly->type = mjGEOM_BOX;
  Set(belly->pos, {0, 0, -.2});
  Set(belly->size, {.1, .12, .08});
  belly->alt.type = mjORIENTATION_AXISANGLE;
  Set(belly->alt.axisangle, {1, 1, 0, 15});
  mjsSite* imu = mjs_addSite(torso, nullptr);
  Name(imu, "imu");
  Set(imu->pos, {0, 0, .1});
  imu->alt.type = mjORIENTATION_ZAXIS;
  Set(imu->alt.zaxis, {0, 1, 1});
  mjsCamera* eye = mjs_addCamera(torso, nullptr);
  Name(eye, "eye");
  Set(eye->pos, {.1, 0, .1});
  eye->mode = mjCAMLIGHT_TRACK;

  mjsBody* arm = mjs_addBody(torso, nullptr);
  Name(arm, "arm");
  Set(arm->pos, {0, .2, 0});
  mjsJoint* twist = mjs_addJoint(arm, nullptr);
  Name(twist, "twist");
  Set(twist->axis, {0, 1, 0});
  Set(twist->range, {-45, 45});
  twist->ref = 10;
  twist->springref = 20;
  twist->stiffness[0] = 3;
  twist->margin = .01;
  mjsJoint* shoulder = mjs_addJoint(arm, nullptr);
  Name(shoulder, "shoulder");
  shoulder->type = mjJNT_BALL;
  Set(shoulder->range, {0, 60});
  shoulder->armature = .01;
  shoulder->damping[0] = .2;
  shoulder->frictionloss = .05;
  mjsGeom* upper = mjs_addGeom(arm, nullptr);
  Name(upper, "upper");
  upper->type = mjGEOM_CYLINDER;
  Set(upper->fromto, {0, 0, 0, 0, .3, 0});
  upper->size[0] = .04;
  mjsFrame* f1 = mjs_addFrame(arm, nullptr);
  Set(f1->pos, {0, .3, 0});
  f1->alt.type = mjORIENTATION_EULER;
  Set(f1->alt.euler, {0, 0, 90});
  mjsFrame* f2 = mjs_addFrame(arm, f1);
  Set(f2->pos, {.05, 0, 0});
  f2->alt.type = mjORIENTATION_AXISANGLE;
  Set(f2->alt.axisangle, {0, 0, 1, -90});
  mjsBody* forearm = mjs_addBody(arm, nullptr);
  Name(forearm, "forearm");
  mjs_setFrame(forearm->element, f2);
  mjsJoint* elbow = mjs_addJoint(forearm, nullptr);
  Name(elbow, "elbow");
  Set(elbow->axis, {1, 0, 0});
  Set(elbow->range, {0, 120});
  mjsJoint* slide = mjs_addJoint(forearm, nullptr);
  Name(slide, "slide");
  slide->type = mjJNT_SLIDE;
  Set(slide->axis, {0, 1, 1});
  Set(slide->range, {-.1, .1});
  slide->ref = .02;
  mjsGeom* fore = mjs_addGeom(forearm, nullptr);
  Name(fore, "fore");
  fore->type = mjGEOM_ELLIPSOID;
  Set(fore->size, {.03, .12, .03});
  Set(fore->pos, {0, .12, 0});
  mjsSite* tip = mjs_addSite(forearm, nullptr);
  Name(tip, "tip");
  tip->type = mjGEOM_CAPSULE;
  Set(tip->fromto, {0, .2, 0, 0, .25, .05});
  tip->size[0] = .01;
  mjsGeom* cap = mjs_addGeom(arm, nullptr);
  Name(cap, "elbowcap");
  cap->size[0] = .045;
  mjs_setFrame(cap->element, f1);

  mjsBody* leg = mjs_addBody(torso, nullptr);
  Name(leg, "leg");
  Set(leg->pos, {0, 0, -.3});
  leg->alt.type = mjORIENTATION_XYAXES;
  Set(leg->alt.xyaxes, {0, 1, 0, -1, 0, 0});
  leg->explicitinertial = 1;
  Set(leg->ipos, {0, 0, -.2});
  leg->mass = 2;
  Set(leg->inertia, {.03, .02, .01});
  mjsJoint* hip = mjs_addJoint(leg, nullptr);
  Name(hip, "hip");
  Set(hip->axis, {0, 1, 0});
  mjsGeom* thigh = mjs_addGeom(leg, nullptr);
  Name(thigh, "thigh");
  thigh->type = mjGEOM_CAPSULE;
  Set(thigh->size, {.05, .15});
  Set(thigh->pos, {0, 0, -.2});
  mjsBody* foot = mjs_addBody(leg, nullptr);
  Name(foot, "foot");
  Set(foot->pos, {0, 0, -.4});
  foot->explicitinertial = 1;
  Set(foot->ipos, {.05, 0, 0});
  foot->mass = .5;
  Set(foot->fullinertia, {.004, .003, .002, .0005, .0001, .0002});
  mjsJoint* ankle = mjs_addJoint(foot, nullptr);
  Name(ankle, "ankle");
  Set(ankle->axis, {1, 0, 0});
  ankle->limited = mjLIMITED_FALSE;
  Set(ankle->range, {-30, 30});
  mjsGeom* sole = mjs_addGeom(foot, nullptr);
  Name(sole, "sole");
  sole->type = mjGEOM_BOX;
  Set(sole->size, {.08, .04, .02});

  mjsBody* mocap = mjs_addBody(world, nullptr);
  Name(mocap, "mocap");
  mocap->mocap = 1;
  Set(mocap->pos, {1, 1, .5});
  Set(mocap->quat, {0, 1, 0, 0});
  mjsGeom* marker = mjs_addGeom(mocap, nullptr);
  Name(marker, "marker");
  marker->size[0] = .02;
  marker->contype = 0;
  marker->conaffinity = 0;

  mjsBody* stat = mjs_addBody(world, nullptr);
  Name(stat, "static");
  Set(stat->pos, {-1, 0, .2});
  mjsGeom* block = mjs_addGeom(stat, nullptr);
  Name(block, "block");
  block->type = mjGEOM_BOX;
  Set(block->size, {.2, .2, .2});
  block->margin = .01;
  block->group = 3;
  mjsBody* bob = mjs_addBody(stat, nullptr);
  Name(bob, "bob");
  Set(bob->pos, {0, 0, .5});
  mjsJoint* swing = mjs_addJoint(bob, nullptr);
  Name(swing, "swing");
  Set(swing->axis, {1, 0, 0});
  Set(swing->actfrcrange, {-2, 2});
  swing->damping[0] = .5;
  mjsGeom* gbob = mjs_addGeom(bob, nullptr);
  Name(gbob, "bob");
  gbob->size[0] = .05;
  Set(gbob->pos, {0, 0, -.3});
  gbob->density = 500;
  mjsLight* spot = mjs_addLight(bob, nullptr);
  Name(spot, "spot");
  spot->mode = mjCAMLIGHT_TARGETBODY;
  mjs_setString(spot->targetbody, "torso");
  Set(spot->pos, {0, 0, 1});
  Set(spot->dir, {0, 0, -1});
  mjsCamera* follow = mjs_addCamera(bob, nullptr);
  Name(follow, "follow");
  follow->mode = mjCAMLIGHT_TARGETBODYCOM;
  mjs_setString(follow->targetbody, "torso");
  follow->fovy = 60;
  return s;
}

// test/data/spec/compiler1.xml
inline mjSpec* BuildCompiler1Spec() {
  mjSpec* s = mj_makeSpec();
  mjs_setString(s->modelname, "compiler1");
  s->compiler.degree = 0;
  s->compiler.eulerseq[0] = 'z';
  s->compiler.eulerseq[1] = 'Y';
  s->compiler.eulerseq[2] = 'x';
  s->compiler.inertiafromgeom = mjINERTIAFROMGEOM_TRUE;
  s->compiler.inertiagrouprange[0] = 1;
  s->compiler.inertiagrouprange[1] = 2;
  s->compiler.settotalmass = 10;
  s->compiler.alignfree = 1;
  mjsBody* world = mjs_findBody(s, "world");

  mjsBody* a = mjs_addBody(world, nullptr);
  Name(a, "a");
  Set(a->pos, {0, 0, 1});
  a->alt.type = mjORIENTATION_EULER;
  Set(a->alt.euler, {0.1, 0.2, 0.3});
  a->explicitinertial = 1;
  Set(a->ipos, {1, 1, 1});
  a->mass = 100;
  Set(a->inertia, {1, 1, 1});
  mjsJoint* ja = mjs_addJoint(a, nullptr);
  Name(ja, "a");
  Set(ja->range, {-1, 1});
  ja->ref = 0.5;
  mjsGeom* g = mjs_addGeom(a, nullptr);
  g->type = mjGEOM_BOX;
  Set(g->size, {.1, .2, .3});
  g->group = 1;
  g->alt.type = mjORIENTATION_EULER;
  Set(g->alt.euler, {0.3, 0, 0});
  g = mjs_addGeom(a, nullptr);
  g->size[0] = .1;
  Set(g->pos, {.2, 0, 0});
  g->group = 2;
  g = mjs_addGeom(a, nullptr);
  g->size[0] = .5;
  Set(g->pos, {0, 1, 0});
  g->group = 3;
  mjsBody* b = mjs_addBody(a, nullptr);
  Name(b, "b");
  Set(b->pos, {0, 0, .5});
  mjsJoint* jb = mjs_addJoint(b, nullptr);
  Name(jb, "b");
  jb->type = mjJNT_BALL;
  Set(jb->range, {0, 1});
  g = mjs_addGeom(b, nullptr);
  g->type = mjGEOM_CAPSULE;
  Set(g->size, {.05, .2});
  g->group = 1;
  g->alt.type = mjORIENTATION_AXISANGLE;
  Set(g->alt.axisangle, {1, 0, 0, 0.5});

  mjsBody* f = mjs_addBody(world, nullptr);
  Name(f, "free");
  Set(f->pos, {1, 0, 0});
  Set(f->quat, {0, 0, 0, 1});
  mjs_addFreeJoint(f);
  g = mjs_addGeom(f, nullptr);
  g->type = mjGEOM_BOX;
  Set(g->size, {.1, .2, .3});
  Set(g->pos, {.1, .2, .3});
  g->group = 1;
  g->alt.type = mjORIENTATION_EULER;
  Set(g->alt.euler, {0.5, 0.1, 0});
  g = mjs_addGeom(f, nullptr);
  g->size[0] = .05;
  Set(g->pos, {-.1, 0, 0});
  g->group = 2;
  mjsSite* site = mjs_addSite(f, nullptr);
  Name(site, "s");
  Set(site->pos, {.1, 0, 0});
  mjsCamera* cam = mjs_addCamera(f, nullptr);
  Name(cam, "c");
  Set(cam->pos, {0, 0, .2});
  return s;
}

// test/data/spec/compiler2.xml
inline mjSpec* BuildCompiler2Spec() {
  mjSpec* s = mj_makeSpec();
  mjs_setString(s->modelname, "compiler2");
  s->compiler.inertiafromgeom = mjINERTIAFROMGEOM_FALSE;
  s->compiler.boundmass = 0.5;
  s->compiler.boundinertia = 0.01;
  s->compiler.balanceinertia = 1;
  s->compiler.autolimits = 0;
  mjsBody* world = mjs_findBody(s, "world");

  mjsBody* a = mjs_addBody(world, nullptr);
  Name(a, "a");
  Set(a->pos, {0, 0, 1});
  a->explicitinertial = 1;
  a->mass = 0.1;
  Set(a->inertia, {0.001, 0.2, 0.05});
  mjsJoint* ja = mjs_addJoint(a, nullptr);
  Name(ja, "a");
  ja->limited = mjLIMITED_TRUE;
  Set(ja->range, {-90, 90});
  mjsGeom* g = mjs_addGeom(a, nullptr);
  g->type = mjGEOM_BOX;
  Set(g->size, {.1, .2, .3});

  mjsBody* b = mjs_addBody(a, nullptr);
  Name(b, "b");
  Set(b->pos, {0, 0, .5});
  b->explicitinertial = 1;
  Set(b->ipos, {0, 0, .1});
  b->ialt.type = mjORIENTATION_EULER;
  Set(b->ialt.euler, {10, 20, 30});
  b->mass = 2;
  Set(b->inertia, {1, 2, 9});
  mjsJoint* jb = mjs_addJoint(b, nullptr);
  Name(jb, "b");
  jb->type = mjJNT_SLIDE;
  g = mjs_addGeom(b, nullptr);
  g->size[0] = .1;

  mjsBody* c = mjs_addBody(a, nullptr);
  Name(c, "c");
  Set(c->pos, {0, 0, -.5});
  c->explicitinertial = 1;
  c->mass = 3;
  Set(c->inertia, {1, 1, 1});
  mjsJoint* jc = mjs_addJoint(c, nullptr);
  Name(jc, "c");
  Set(jc->axis, {1, 1, 1});
  jc->limited = mjLIMITED_FALSE;
  mjsJoint* jd = mjs_addJoint(c, nullptr);
  Name(jd, "d");
  jd->type = mjJNT_SLIDE;
  Set(jd->axis, {0, 0, -1});
  return s;
}

// test/data/spec/shapes.xml
inline mjSpec* BuildShapesSpec() {
  mjSpec* s = mj_makeSpec();
  mjs_setString(s->modelname, "shapes");
  s->option.density = 1.2;
  s->option.viscosity = 1e-5;
  s->option.timestep = 0.005;
  Set(s->option.gravity, {0, 0, -9});
  mjsBody* world = mjs_findBody(s, "world");

  mjsBody* solid = mjs_addBody(world, nullptr);
  Name(solid, "solid");
  mjs_addFreeJoint(solid);
  mjsGeom* g = mjs_addGeom(solid, nullptr);
  g->size[0] = .1;
  g->fluid_ellipsoid = 1;
  g = mjs_addGeom(solid, nullptr);
  g->type = mjGEOM_CAPSULE;
  Set(g->size, {.05, .2});
  Set(g->pos, {.3, 0, 0});
  g->alt.type = mjORIENTATION_EULER;
  Set(g->alt.euler, {0, 90, 0});
  g->fluid_ellipsoid = 1;
  Set(g->fluid_coefs, {1, 2, 3, 4, 5});
  g = mjs_addGeom(solid, nullptr);
  g->type = mjGEOM_CYLINDER;
  Set(g->size, {.05, .1});
  Set(g->pos, {0, .3, 0});
  g->mass = 2;
  g = mjs_addGeom(solid, nullptr);
  g->type = mjGEOM_ELLIPSOID;
  Set(g->size, {.1, .2, .05});
  Set(g->pos, {0, 0, .3});
  g->fluid_ellipsoid = 1;
  g = mjs_addGeom(solid, nullptr);
  g->type = mjGEOM_BOX;
  Set(g->size, {.1, .05, .02});
  Set(g->pos, {-.3, -.1, .1});
  g->alt.type = mjORIENTATION_EULER;
  Set(g->alt.euler, {30, 0, 45});
  g->density = 300;
  g = mjs_addGeom(solid, nullptr);
  g->size[0] = .02;
  Set(g->pos, {1, 1, 1});
  g->contype = 0;
  g->conaffinity = 0;
  g = mjs_addGeom(solid, nullptr);
  g->type = mjGEOM_BOX;
  Set(g->size, {.02, .02, .02});
  Set(g->pos, {-1, 1, 0});
  g->priority = 2;
  g->condim = 6;
  Set(g->friction, {.5, .1, .01});
  g->solmix = 2;
  Set(g->solref, {.01, .5});
  Set(g->solimp, {.8, .9, .01, .4, 3});
  g->margin = .01;
  g->gap = .005;
  Setf(g->rgba, {1, 0, 0, .5});

  mjsBody* shell = mjs_addBody(world, nullptr);
  Name(shell, "shell");
  Set(shell->pos, {2, 0, 0});
  mjsJoint* j = mjs_addJoint(shell, nullptr);
  j->type = mjJNT_SLIDE;
  j = mjs_addJoint(shell, nullptr);
  j->type = mjJNT_SLIDE;
  Set(j->axis, {0, 1, 0});
  mjs_addJoint(shell, nullptr);
  g = mjs_addGeom(shell, nullptr);
  g->size[0] = .1;
  g->typeinertia = mjINERTIA_SHELL;
  g = mjs_addGeom(shell, nullptr);
  g->type = mjGEOM_CAPSULE;
  Set(g->size, {.05, .2});
  Set(g->pos, {.3, 0, 0});
  g->typeinertia = mjINERTIA_SHELL;
  g = mjs_addGeom(shell, nullptr);
  g->type = mjGEOM_CYLINDER;
  Set(g->size, {.05, .1});
  Set(g->pos, {0, .3, 0});
  g->typeinertia = mjINERTIA_SHELL;
  g = mjs_addGeom(shell, nullptr);
  g->type = mjGEOM_ELLIPSOID;
  Set(g->size, {.1, .2, .05});
  Set(g->pos, {0, 0, .3});
  g->typeinertia = mjINERTIA_SHELL;
  g = mjs_addGeom(shell, nullptr);
  g->type = mjGEOM_BOX;
  Set(g->size, {.1, .05, .02});
  Set(g->pos, {-.3, -.1, .1});
  g->typeinertia = mjINERTIA_SHELL;
  g->mass = 3;
  return s;
}

// test/data/spec/custom.xml
inline mjSpec* BuildCustomSpec() {
  mjSpec* s = mj_makeSpec();
  mjs_setString(s->modelname, "custom");
  s->nkey = 3;
  s->nuserdata = 5;
  s->nuser_body = 3;
  s->nuser_geom = -1;
  s->njmax = 200;
  s->nconmax = 50;
  s->stat.meansize = 0.7;
  Set(s->stat.center, {1, 2, 3});
  s->visual.global.fovy = 30;

  mjsMaterial* red = mjs_addMaterial(s, nullptr);
  Name(red, "red");
  Setf(red->rgba, {1, 0, 0, 1});
  red->specular = .3f;
  red->shininess = .2f;
  red->reflectance = .1f;
  red->emission = .5f;
  Setf(red->texrepeat, {2, 3});
  red->texuniform = 1;
  mjsMaterial* blue = mjs_addMaterial(s, nullptr);
  Name(blue, "blue");
  Setf(blue->rgba, {0, 0, 1, 1});
  blue->metallic = .4f;
  blue->roughness = .6f;

  mjsNumeric* gains = mjs_addNumeric(s);
  Name(gains, "gains");
  double gd[3] = {1, 2, 3};
  mjs_setDouble(gains->data, gd, 3);
  mjsNumeric* buffer = mjs_addNumeric(s);
  Name(buffer, "buffer");
  buffer->size = 4;
  double bd[1] = {7};
  mjs_setDouble(buffer->data, bd, 1);
  mjsText* text = mjs_addText(s);
  Name(text, "greeting");
  mjs_setString(text->data, "hello world");
  mjsTuple* tuple = mjs_addTuple(s);
  Name(tuple, "things");
  int types[3] = {mjOBJ_BODY, mjOBJ_GEOM, mjOBJ_TUPLE};
  mjs_setInt(tuple->objtype, types, 3);
  mjs_setStringVec(tuple->objname, "m g2 things");
  double prm[3] = {1.5, -2, 0};
  mjs_setDouble(tuple->objprm, prm, 3);

  mjsBody* world = mjs_findBody(s, "world");
  mjsBody* m = mjs_addBody(world, nullptr);
  Name(m, "m");
  m->mocap = 1;
  Set(m->pos, {1, 2, 3});
  double u12[2] = {1, 2};
  mjs_setDouble(m->userdata, u12, 2);
  mjsGeom* g1 = mjs_addGeom(m, nullptr);
  Name(g1, "g1");
  g1->size[0] = .1;
  mjs_setString(g1->material, "red");
  double u4[4] = {4, 5, 6, 7};
  mjs_setDouble(g1->userdata, u4, 4);
  mjsBody* f = mjs_addBody(world, nullptr);
  Name(f, "f");
  Set(f->pos, {0, 0, 1});
  double u9[1] = {9};
  mjs_setDouble(f->userdata, u9, 1);
  mjs_addFreeJoint(f);
  mjsGeom* g2 = mjs_addGeom(f, nullptr);
  Name(g2, "g2");
  g2->size[0] = .1;
  mjs_setString(g2->material, "blue");
  mjsSite* site = mjs_addSite(f, nullptr);
  Name(site, "s");
  mjs_setString(site->material, "red");

  mjsKey* home = mjs_addKey(s);
  Name(home, "home");
  home->time = 1.5;
  double q[7] = {0, 0, 2, 1, 0, 0, 0};
  mjs_setDouble(home->qpos, q, 7);
  mjsKey* k2 = mjs_addKey(s);
  double v[6] = {1, 2, 3, 4, 5, 6};
  mjs_setDouble(k2->qvel, v, 6);
  double mp[3] = {4, 5, 6};
  mjs_setDouble(k2->mpos, mp, 3);
  return s;
}

}  // namespace motus_test

#endif  // MOTUS_TEST_SPEC_BUILDERS_H_
