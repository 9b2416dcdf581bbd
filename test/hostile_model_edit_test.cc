// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjModel fields that users edit at run time (geom sizes and positions, body masses and inertias,
// mjOption, actuator control ranges, joint ranges, equality activation) set to hostile values:
// NaN, infinities, negative or huge numbers, enumerations out of range. Each gives either a clear
// error naming the field, or simulates without undefined behaviour: state that becomes
// non-finite is caught by mj_step's checks (mjWARN_BADQPOS / BADQVEL / BADQACC, then the
// automatic reset of programming_simulation.rst, "Diverging simulations") and the state stays
// finite. Run under -DMOTUS_SANITIZE=ON (as CI does) to see the "no undefined behaviour"
// part hold.

#include <cmath>
#include <functional>
#include <memory>
#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

using motus_test::MujocoError;
using motus_test::ScopedErrorCapture;

// A floor, a free box resting on it, a two-link arm (limited hinge and slide) with a motor and
// a position actuator, a tendon, a disabled joint equality and a keyframe.
const char kModel[] = R"(
<mujoco>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 .1"/>
    <body name="box" pos="0 0 .11"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
    <body name="arm" pos=".6 0 .5">
      <joint name="hinge" axis="0 1 0" range="-1 1"/>
      <geom type="capsule" fromto="0 0 0 .3 0 0" size=".04"/>
      <site name="s0"/>
      <body name="tip" pos=".3 0 0">
        <joint name="slide" type="slide" axis="1 0 0" range="-.1 .1"/>
        <geom type="sphere" size=".05"/>
        <site name="s1"/>
      </body>
    </body>
  </worldbody>
  <tendon><spatial name="t" limited="true" range="0 1"><site site="s0"/><site site="s1"/></spatial>
  </tendon>
  <equality><joint joint1="slide" joint2="hinge" active="false"/></equality>
  <actuator>
    <motor joint="hinge" ctrlrange="-1 1"/>
    <position joint="slide" kp="10" ctrlrange="-.1 .1"/>
  </actuator>
  <keyframe><key qpos="0 0 .11 1 0 0 0 .2 .05" ctrl=".5 .05"/></keyframe>
</mujoco>)";

mjModel* LoadModel() {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "edit.xml", kModel, sizeof(kModel) - 1);
  char error[1000] = "";
  mjModel* m = mj_loadXML("edit.xml", &vfs, error, sizeof(error));
  mj_deleteVFS(&vfs);
  EXPECT_NE(m, nullptr) << error;
  return m;
}

int BadStateWarnings(const mjData* d) {
  return d->warning[mjWARN_BADQPOS].number + d->warning[mjWARN_BADQVEL].number +
         d->warning[mjWARN_BADQACC].number;
}

bool StateFinite(const mjModel* m, const mjData* d) {
  for (int i = 0; i < m->nq; i++) {
    if (!std::isfinite(d->qpos[i])) {
      return false;
    }
  }
  for (int i = 0; i < m->nv; i++) {
    if (!std::isfinite(d->qvel[i])) {
      return false;
    }
  }
  return true;
}

// what an edit must give
enum class Outcome {
  kFinite,    // no warning about the state, which stays finite
  kReset,     // the state becomes non-finite: warned and reset
  kAnyState,  // either of the above (depends on the path the numbers take); never an error
  kError,     // mju_error naming `words`
};

struct EditCase {
  const char* name;
  std::function<void(mjModel*, mjData*)> edit;
  Outcome outcome;
  const char* words = "";
};

struct ModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct DataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};

// Applies each edit to a fresh model and data (reset to the keyframe: the arm moves and the
// box touches the floor), then steps 100 times. A step may end in non-finite state (a NaN
// timestep, say): the next step detects it first, warns and resets, so the state is never
// non-finite without a warning (programming_simulation.rst, "Diverging simulations").
void RunCases(const EditCase* cases, int n) {
  for (int c = 0; c < n; c++) {
    const EditCase& e = cases[c];
    SCOPED_TRACE(e.name);
    std::unique_ptr<mjModel, ModelDeleter> model(LoadModel());
    ASSERT_NE(model, nullptr);
    mjModel* m = model.get();
    std::unique_ptr<mjData, DataDeleter> data(mj_makeData(m));
    ASSERT_NE(data, nullptr);
    mjData* d = data.get();
    mj_resetDataKeyframe(m, d, 0);
    std::string error;
    bool nonfinite = false;
    {
      ScopedErrorCapture capture;
      try {
        e.edit(m, d);
        for (int i = 0; i < 100; i++) {
          mj_step(m, d);
          nonfinite = nonfinite || !StateFinite(m, d);
        }
        mj_step(m, d);  // detects the state the last step left
      } catch (const MujocoError& err) {
        error = err.message;
      }
    }
    if (e.outcome == Outcome::kError) {
      EXPECT_NE(error.find(e.words), std::string::npos) << "error: '" << error << "'";
      continue;
    }
    EXPECT_EQ(error, "");
    if (nonfinite) {
      EXPECT_GT(BadStateWarnings(d), 0) << "non-finite state without a warning";
    }
    if (e.outcome == Outcome::kFinite) {
      EXPECT_FALSE(nonfinite);
      EXPECT_EQ(BadStateWarnings(d), 0);
    } else if (e.outcome == Outcome::kReset) {
      EXPECT_GT(BadStateWarnings(d), 0);
    }
  }
}

constexpr int kBoxGeom = 1, kBoxBody = 1, kArmBody = 2;

TEST(HostileModelEditTest, GeomSizesAndPositions) {
  const EditCase cases[] = {
      {"nan size", [](mjModel* m, mjData*) { m->geom_size[3 * kBoxGeom] = NAN; },
       Outcome::kAnyState},
      {"negative size", [](mjModel* m, mjData*) { m->geom_size[3 * kBoxGeom + 2] = -0.1; },
       Outcome::kAnyState},
      {"huge size",
       [](mjModel* m, mjData*) {
         for (int k = 0; k < 3; k++) {
           m->geom_size[3 * kBoxGeom + k] = 1e300;
         }
         m->geom_rbound[kBoxGeom] = 1e300;
       },
       Outcome::kAnyState},
      {"zero plane size", [](mjModel* m, mjData*) { m->geom_size[0] = m->geom_size[1] = 0; },
       Outcome::kFinite},
      {"nan position", [](mjModel* m, mjData*) { m->geom_pos[3 * kBoxGeom] = NAN; },
       Outcome::kAnyState},
      {"infinite position", [](mjModel* m, mjData*) { m->geom_pos[3 * kBoxGeom + 2] = INFINITY; },
       Outcome::kAnyState},
      {"zero quaternion",
       [](mjModel* m, mjData*) {
         for (int k = 0; k < 4; k++) {
           m->geom_quat[4 * kBoxGeom + k] = 0;
         }
       },
       Outcome::kAnyState},
  };
  RunCases(cases, sizeof(cases) / sizeof(cases[0]));
}

TEST(HostileModelEditTest, BodyMassesAndInertias) {
  const EditCase cases[] = {
      {"nan mass", [](mjModel* m, mjData*) { m->body_mass[kBoxBody] = NAN; }, Outcome::kReset},
      {"zero mass and inertia",
       [](mjModel* m, mjData*) {
         m->body_mass[kArmBody] = 0;
         for (int k = 0; k < 3; k++) {
           m->body_inertia[3 * kArmBody + k] = 0;
         }
       },
       Outcome::kAnyState},
      {"negative mass", [](mjModel* m, mjData*) { m->body_mass[kBoxBody] = -1; },
       Outcome::kAnyState},
      {"negative inertia", [](mjModel* m, mjData*) { m->body_inertia[3 * kArmBody] = -1; },
       Outcome::kAnyState},
      {"huge mass", [](mjModel* m, mjData*) { m->body_mass[kBoxBody] = 1e300; },
       Outcome::kAnyState},
      {"infinite inertia", [](mjModel* m, mjData*) { m->body_inertia[3 * kBoxBody] = INFINITY; },
       Outcome::kAnyState},
  };
  RunCases(cases, sizeof(cases) / sizeof(cases[0]));
}

TEST(HostileModelEditTest, Options) {
  const EditCase cases[] = {
      {"nan timestep", [](mjModel* m, mjData*) { m->opt.timestep = NAN; }, Outcome::kReset},
      {"negative timestep", [](mjModel* m, mjData*) { m->opt.timestep = -0.01; },
       Outcome::kAnyState},
      {"zero timestep", [](mjModel* m, mjData*) { m->opt.timestep = 0; }, Outcome::kFinite},
      {"nan gravity", [](mjModel* m, mjData*) { m->opt.gravity[2] = NAN; }, Outcome::kReset},
      {"huge gravity", [](mjModel* m, mjData*) { m->opt.gravity[2] = -1e300; }, Outcome::kAnyState},
      {"negative iterations", [](mjModel* m, mjData*) { m->opt.iterations = -5; },
       Outcome::kAnyState},
      {"negative ls_iterations", [](mjModel* m, mjData*) { m->opt.ls_iterations = -5; },
       Outcome::kAnyState},
      {"negative noslip_iterations", [](mjModel* m, mjData*) { m->opt.noslip_iterations = -3; },
       Outcome::kAnyState},
      {"negative ccd_iterations", [](mjModel* m, mjData*) { m->opt.ccd_iterations = -3; },
       Outcome::kAnyState},
      {"nan tolerance", [](mjModel* m, mjData*) { m->opt.tolerance = NAN; }, Outcome::kAnyState},
      {"nan impratio", [](mjModel* m, mjData*) { m->opt.impratio = NAN; }, Outcome::kAnyState},
      {"negative impratio elliptic",
       [](mjModel* m, mjData*) {
         m->opt.cone = mjCONE_ELLIPTIC;
         m->opt.impratio = -1;
       },
       Outcome::kAnyState},
      {"nan density and viscosity",
       [](mjModel* m, mjData*) { m->opt.density = m->opt.viscosity = NAN; },
       Outcome::kFinite},  // neither is positive: no fluid forces
      {"nan wind",
       [](mjModel* m, mjData*) {
         m->opt.density = 1.2;
         m->opt.wind[0] = NAN;
       },
       Outcome::kReset},
      {"nan o_margin override",
       [](mjModel* m, mjData*) {
         m->opt.enableflags |= mjENBL_OVERRIDE;
         m->opt.o_margin = NAN;
       },
       Outcome::kAnyState},
      {"integrator out of range", [](mjModel* m, mjData*) { m->opt.integrator = 77; },
       Outcome::kError, "integrator"},
      {"cone out of range", [](mjModel* m, mjData*) { m->opt.cone = 9; }, Outcome::kError, "cone"},
      {"solver out of range", [](mjModel* m, mjData*) { m->opt.solver = -1; }, Outcome::kError,
       "solver"},
      {"jacobian out of range", [](mjModel* m, mjData*) { m->opt.jacobian = 12; }, Outcome::kError,
       "jacobian"},
      {"all flags disabled", [](mjModel* m, mjData*) { m->opt.disableflags = ~0; },
       Outcome::kFinite},
      {"all flags enabled", [](mjModel* m, mjData*) { m->opt.enableflags = ~0; },
       Outcome::kAnyState},
  };
  RunCases(cases, sizeof(cases) / sizeof(cases[0]));
}

TEST(HostileModelEditTest, ControlsAndRanges) {
  const EditCase cases[] = {
      {"reversed ctrlrange",
       [](mjModel* m, mjData*) {
         m->actuator_ctrlrange[0] = 1;
         m->actuator_ctrlrange[1] = -1;
       },
       Outcome::kFinite},
      {"nan ctrlrange", [](mjModel* m, mjData*) { m->actuator_ctrlrange[1] = NAN; },
       Outcome::kAnyState},
      {"nan ctrl", [](mjModel*, mjData* d) { d->ctrl[0] = NAN; }, Outcome::kFinite},
      {"huge forcerange",
       [](mjModel* m, mjData* d) {
         m->actuator_forcelimited[0] = 1;
         m->actuator_forcerange[0] = -1e300;
         m->actuator_forcerange[1] = 1e300;
         d->ctrl[0] = 1;
       },
       Outcome::kAnyState},
      {"nan gain", [](mjModel* m, mjData*) { m->actuator_gainprm[mjNGAIN] = NAN; },
       Outcome::kReset},
      {"nan joint range", [](mjModel* m, mjData*) { m->jnt_range[2 * 1] = NAN; },
       Outcome::kAnyState},
      {"reversed joint range",
       [](mjModel* m, mjData*) {
         m->jnt_range[2 * 1] = 1;
         m->jnt_range[2 * 1 + 1] = -1;
       },
       Outcome::kAnyState},
      {"infinite joint range",
       [](mjModel* m, mjData*) {
         m->jnt_range[2 * 2] = -INFINITY;
         m->jnt_range[2 * 2 + 1] = INFINITY;
       },
       Outcome::kFinite},
      {"nan tendon range", [](mjModel* m, mjData*) { m->tendon_range[1] = NAN; },
       Outcome::kAnyState},
      {"negative damping and armature",
       [](mjModel* m, mjData*) {
         m->dof_damping[6] = -1;
         m->dof_armature[7] = -1;
       },
       Outcome::kAnyState},
  };
  RunCases(cases, sizeof(cases) / sizeof(cases[0]));
}

TEST(HostileModelEditTest, EqualityActivation) {
  const EditCase cases[] = {
      {"eq_active0 then reset",
       [](mjModel* m, mjData* d) {
         m->eq_active0[0] = 1;
         mj_resetData(m, d);
       },
       Outcome::kFinite},
      {"eq_active not 0 or 1", [](mjModel*, mjData* d) { d->eq_active[0] = 7; }, Outcome::kFinite},
      {"nan equality data",
       [](mjModel* m, mjData* d) {
         d->eq_active[0] = 1;
         m->eq_data[0] = NAN;
       },
       Outcome::kAnyState},
      {"nan equality solref",
       [](mjModel* m, mjData* d) {
         d->eq_active[0] = 1;
         m->eq_solref[0] = NAN;
       },
       Outcome::kAnyState},
  };
  RunCases(cases, sizeof(cases) / sizeof(cases[0]));
}

// Functions that take an id or an index: out of range is an error that says so, never a read
// outside the arrays.
TEST(HostileModelEditTest, IdArgumentsOutOfRange) {
  mjModel* m = LoadModel();
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  mjtNum jac[3 * 9], res[6], point[3] = {0, 0, 0};
  const struct {
    const char* name;
    std::function<void()> call;
    const char* words;
  } cases[] = {
      {"mj_jacBody", [&] { mj_jacBody(m, d, jac, nullptr, m->nbody); }, "body"},
      {"mj_jac", [&] { mj_jac(m, d, jac, nullptr, point, -1); }, "body"},
      {"mj_jacGeom", [&] { mj_jacGeom(m, d, jac, nullptr, m->ngeom); }, "geom"},
      {"mj_jacSite", [&] { mj_jacSite(m, d, jac, nullptr, -3); }, "site"},
      {"mj_contactForce", [&] { mj_contactForce(m, d, d->ncon + 5, res); }, "contact"},
      {"mj_objectVelocity", [&] { mj_objectVelocity(m, d, mjOBJ_BODY, 99, res, 0); }, "99"},
  };
  for (const auto& c : cases) {
    ScopedErrorCapture capture;
    std::string error;
    try {
      c.call();
    } catch (const MujocoError& e) {
      error = e.message;
    }
    EXPECT_NE(error.find(c.words), std::string::npos) << c.name << ": '" << error << "'";
  }
  // a keyframe index out of range is the plain reset (API reference, mj_resetDataKeyframe)
  d->qpos[0] = 5;
  mj_resetDataKeyframe(m, d, 3);
  EXPECT_EQ(d->qpos[0], m->qpos0[0]);
  mj_resetDataKeyframe(m, d, -1);
  EXPECT_EQ(d->qpos[0], m->qpos0[0]);
  // lookups answer "none"
  EXPECT_EQ(mj_name2id(m, 999, "box"), -1);
  EXPECT_EQ(mj_id2name(m, mjOBJ_BODY, 99), nullptr);
  EXPECT_EQ(mj_id2name(m, -4, 0), nullptr);
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
