// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Hostile and careless models built in code with the mjSpec API, which bypasses the MJCF parser's
// checks: invalid enumerations, non-finite or negative sizes, degenerate frames, impossible
// counts. mj_compile gives NULL with an error that names the problem, or a model that simulates
// without undefined behaviour (non-finite state is caught by the engine's warnings and reset).
// Run under the sanitizers (README, "Fuzzing") to see the second part hold.

#include <cmath>
#include <functional>
#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

using motus_test::ScopedErrorCapture;

// a free box in an otherwise empty world, edited by `edit`, then compiled
struct Built {
  mjModel* model = nullptr;
  std::string error;
};

Built Build(const std::function<void(mjSpec*, mjsBody*, mjsGeom*)>& edit) {
  mjSpec* s = mj_makeSpec();
  mjsBody* b = mjs_addBody(mjs_findBody(s, "world"), nullptr);
  mjs_addFreeJoint(b);
  mjsGeom* g = mjs_addGeom(b, nullptr);
  g->type = mjGEOM_BOX;
  g->size[0] = g->size[1] = g->size[2] = 0.1;
  edit(s, b, g);
  Built out;
  out.model = mj_compile(s, nullptr);
  out.error = mjs_getError(s);
  mj_deleteSpec(s);
  return out;
}

struct RejectCase {
  const char* name;
  std::function<void(mjSpec*, mjsBody*, mjsGeom*)> edit;
  const char* words;  // expected in the error
};

TEST(HostileSpecTest, InvalidValuesAreCompileErrors) {
  const RejectCase cases[] = {
      {"integrator", [](mjSpec* s, mjsBody*, mjsGeom*) { s->option.integrator = 77; },
       "option integrator = 77"},
      {"cone", [](mjSpec* s, mjsBody*, mjsGeom*) { s->option.cone = -3; }, "option cone = -3"},
      {"jacobian", [](mjSpec* s, mjsBody*, mjsGeom*) { s->option.jacobian = 9; },
       "option jacobian = 9"},
      {"solver", [](mjSpec* s, mjsBody*, mjsGeom*) { s->option.solver = -1; },
       "option solver = -1"},
      {"nconmax", [](mjSpec* s, mjsBody*, mjsGeom*) { s->nconmax = -4; }, "nconmax must be >= -1"},
      {"njmax", [](mjSpec* s, mjsBody*, mjsGeom*) { s->njmax = -2; }, "njmax must be >= -1"},
      {"nan size", [](mjSpec*, mjsBody*, mjsGeom* g) { g->size[0] = NAN; }, "size 0"},
      {"negative size", [](mjSpec*, mjsBody*, mjsGeom* g) { g->size[1] = -1; }, "size 1"},
      {"zero quaternion", [](mjSpec*, mjsBody* b, mjsGeom*) { b->quat[0] = 0; }, "quaternion"},
      {"negative density", [](mjSpec*, mjsBody*, mjsGeom* g) { g->density = -1000; }, "density"},
      {"condim", [](mjSpec*, mjsBody*, mjsGeom* g) { g->condim = 7; }, "condim"},
      {"geom type", [](mjSpec*, mjsBody*, mjsGeom* g) { g->type = static_cast<mjtGeom>(99); },
       "geom type"},
      {"negative nuserdata", [](mjSpec* s, mjsBody*, mjsGeom*) { s->nuserdata = -4; }, "nuserdata"},
      {"sensor type",
       [](mjSpec* s, mjsBody*, mjsGeom*) { mjs_addSensor(s)->type = static_cast<mjtSensor>(500); },
       "sensor type"},
      {"empty tendon", [](mjSpec* s, mjsBody*, mjsGeom*) { mjs_addTendon(s, nullptr); },
       "path cannot be empty"},
      {"nan mesh vertex",
       [](mjSpec* s, mjsBody*, mjsGeom* g) {
         mjsMesh* mesh = mjs_addMesh(s, nullptr);
         mjs_setName(mesh->element, "m");
         float v[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, NAN};
         mjs_setFloat(mesh->uservert, v, 12);
         g->type = mjGEOM_MESH;
         mjs_setString(g->meshname, "m");
       },
       "not finite"},
      {"huge builtin texture",
       [](mjSpec* s, mjsBody*, mjsGeom*) {
         mjsTexture* t = mjs_addTexture(s);
         t->type = mjTEXTURE_2D;
         t->builtin = mjBUILTIN_CHECKER;
         t->width = t->height = 1 << 20;
       },
       "too large"},
      {"keyframe qpos size",
       [](mjSpec* s, mjsBody*, mjsGeom*) {
         // longer than nq (a shorter array is accepted, as in MuJoCo 3.8)
         double q[100] = {1, 2, 3};
         mjs_setDouble(mjs_addKey(s)->qpos, q, 100);
       },
       "qpos"},
  };
  for (const RejectCase& c : cases) {
    ScopedErrorCapture capture;
    Built b = Build(c.edit);
    EXPECT_EQ(b.model, nullptr) << c.name;
    EXPECT_NE(b.error.find(c.words), std::string::npos) << c.name << ": " << b.error;
    EXPECT_TRUE(capture.errors().empty()) << c.name;
    mj_deleteModel(b.model);
  }
}

// values MuJoCo accepts: the model compiles and 200 steps run; non-finite state raises the
// engine's instability warning (and the automatic reset), never an error or a crash
TEST(HostileSpecTest, AcceptedValuesSimulateWithoutErrors) {
  const struct {
    const char* name;
    std::function<void(mjSpec*, mjsBody*, mjsGeom*)> edit;
    bool unstable;  // the state becomes non-finite
  } cases[] = {
      {"inf size", [](mjSpec*, mjsBody*, mjsGeom* g) { g->size[0] = INFINITY; }, true},
      {"nan pos", [](mjSpec*, mjsBody*, mjsGeom* g) { g->pos[0] = NAN; }, true},
      {"nan mass", [](mjSpec*, mjsBody*, mjsGeom* g) { g->mass = NAN; }, false},
      {"negative timestep", [](mjSpec* s, mjsBody*, mjsGeom*) { s->option.timestep = -1; }, false},
      {"negative iterations", [](mjSpec* s, mjsBody*, mjsGeom*) { s->option.iterations = -5; },
       false},
      {"nan solref", [](mjSpec*, mjsBody*, mjsGeom* g) { g->solref[0] = NAN; }, false},
      {"extreme priority", [](mjSpec*, mjsBody*, mjsGeom* g) { g->priority = -100000; }, false},
  };
  for (const auto& c : cases) {
    ScopedErrorCapture capture;
    Built b = Build(c.edit);
    ASSERT_NE(b.model, nullptr) << c.name << ": " << b.error;
    mjData* d = mj_makeData(b.model);
    ASSERT_NE(d, nullptr) << c.name;
    for (int i = 0; i < 200; i++) {
      mj_step(b.model, d);
    }
    int warned = d->warning[mjWARN_BADQACC].number + d->warning[mjWARN_BADQPOS].number +
                 d->warning[mjWARN_BADQVEL].number;
    EXPECT_EQ(warned > 0, c.unstable) << c.name;
    EXPECT_TRUE(capture.errors().empty()) << c.name;
    mj_deleteData(d);
    mj_deleteModel(b.model);
  }
}

}  // namespace
