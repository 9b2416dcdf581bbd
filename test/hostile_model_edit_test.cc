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

#include <climits>
#include <cmath>
#include <cstring>
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

mjModel* LoadModel(const char* xml = kModel) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "edit.xml", xml, strlen(xml));
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

// The readers of the model outside mj_step: the abstract scene (mjv_updateScene, which reads
// materials, groups, lights and cameras) and a ray with every geom group selected.
void VisualizeAndCastRay(const mjModel* m, mjData* d) {
  mjvScene scn;
  mjv_defaultScene(&scn);
  mjv_makeScene(m, &scn, 1000);
  mjvOption opt;
  mjv_defaultOption(&opt);
  mjvCamera cam;
  mjv_defaultCamera(&cam);
  mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
  mjv_freeScene(&scn);
  const mjtNum pnt[3] = {0.05, 0.02, 3}, vec[3] = {0, 0, -1};
  const mjtByte groups[mjNGROUP] = {1, 1, 1, 1, 1, 1};
  int geomid = -1;
  mj_ray(m, d, pnt, vec, groups, 1, -1, &geomid, nullptr);
}

// Applies each edit to a fresh model and data (reset to the keyframe: the arm moves and the
// box touches the floor), then steps 100 times, builds the abstract scene and casts a ray. A
// step may end in non-finite state (a NaN timestep, say): the next step detects it first, warns
// and resets, so the state is never non-finite without a warning (programming_simulation.rst,
// "Diverging simulations").
void RunCases(const EditCase* cases, int n, const char* xml = kModel) {
  for (int c = 0; c < n; c++) {
    const EditCase& e = cases[c];
    SCOPED_TRACE(e.name);
    std::unique_ptr<mjModel, ModelDeleter> model(LoadModel(xml));
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
        VisualizeAndCastRay(m, d);
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

// A second scene for the fields the first lacks: a height field with a material, a camera
// rangefinder, a light, a gravity-compensated free ball, a pendulum with a spring, a tendon with
// stiffness and damping, connect and weld equalities, a delayed filter actuator, a position
// actuator with dampratio, and delayed and filtered sensors.
const char kSceneModel[] = R"(
<mujoco>
  <asset>
    <hfield name="h" nrow="3" ncol="3" elevation="0 .1 0 .1 .2 .1 0 .1 0" size="1 1 .2 .1"/>
    <material name="red" rgba="1 0 0 1"/>
  </asset>
  <worldbody>
    <light pos="0 0 3" dir="0 0 -1"/>
    <geom name="terrain" type="hfield" hfield="h" material="red"/>
    <camera name="eye" pos="0 -2 1" xyaxes="1 0 0 0 .4 1" resolution="4 3"/>
    <body name="ball" pos=".05 .02 .3" gravcomp=".5">
      <freejoint/>
      <geom type="sphere" size=".1" material="red"/>
      <site name="b"/>
    </body>
    <body name="pend" pos="-.5 0 1">
      <joint name="swing" axis="0 1 0" stiffness="1" springref=".2"/>
      <geom type="capsule" fromto="0 0 0 0 0 -.3" size=".03"/>
      <site name="p" pos="0 0 -.3"/>
      <body name="link" pos="0 0 -.3">
        <joint name="swing2" axis="0 1 0"/>
        <geom type="box" size=".05 .05 .05"/>
      </body>
    </body>
  </worldbody>
  <tendon>
    <spatial name="t" stiffness="10" damping="1" springlength=".5">
      <site site="b"/><site site="p"/>
    </spatial>
  </tendon>
  <equality>
    <connect body1="link" body2="pend" anchor="0 0 0"/>
    <weld body1="ball" active="false"/>
  </equality>
  <actuator>
    <general joint="swing" dyntype="filter" dynprm=".05" gainprm="2" biastype="affine"
             biasprm="0 -1 -.1" nsample="5" delay=".006"/>
    <position joint="swing2" kp="5" dampratio="1"/>
  </actuator>
  <sensor>
    <rangefinder camera="eye"/>
    <touch site="b"/>
    <jointpos joint="swing" nsample="3" delay=".004"/>
    <framepos objtype="site" objname="b" cutoff="10"/>
  </sensor>
</mujoco>)";

constexpr int kTerrainGeom = 0, kBallGeom = 1, kBallBody = 1, kPendBody = 2;

// The integer fields that programming_simulation.rst ("mjModel changes") calls safe to change:
// XXX_limited, XXX_group, XXX_matid, XXX_texid, geom_condim, geom_priority, cam_resolution,
// light_castshadow and light_active. Values outside their meaningful range are tolerated: a
// limited flag counts as set when non-zero, a group or id out of range selects nothing, an
// invalid condim skips the contact with a warning, and the rangefinder of a camera whose
// resolution changed fills the values it has room for.
TEST(HostileModelEditTest, SafeIntegerFields) {
  const EditCase cases[] = {
      {"limited flags not 0 or 1",
       [](mjModel* m, mjData*) {
         m->jnt_limited[1] = 77;
         m->tendon_limited[0] = 255;
         m->actuator_ctrllimited[0] = 9;
         m->actuator_forcelimited[1] = 200;
       },
       Outcome::kFinite},
      {"groups out of range",
       [](mjModel* m, mjData*) {
         m->geom_group[kBoxGeom] = 1000;
         m->geom_group[0] = -5;
         m->site_group[0] = -1;
         m->jnt_group[1] = 99;
         m->tendon_group[0] = 1 << 30;
         m->actuator_group[0] = -7;
         m->actuator_group[1] = 64;
         m->opt.disableactuator = ~0;
       },
       Outcome::kFinite},
      {"material and texture ids out of range",
       [](mjModel* m, mjData*) {
         m->geom_matid[kBoxGeom] = 5;
         m->geom_matid[0] = -9;
         m->site_matid[0] = 1 << 20;
         m->tendon_matid[0] = 3;
       },
       Outcome::kFinite},
      {"invalid condim",
       [](mjModel* m, mjData*) {
         m->geom_condim[kBoxGeom] = 5;
         m->geom_condim[0] = 2;
       },
       Outcome::kAnyState},
      {"condim out of range", [](mjModel* m, mjData*) { m->geom_condim[kBoxGeom] = 1000; },
       Outcome::kAnyState},
      {"negative condim",
       [](mjModel* m, mjData*) { m->geom_condim[kBoxGeom] = m->geom_condim[0] = -4; },
       Outcome::kAnyState},
      {"extreme priorities",
       [](mjModel* m, mjData*) {
         m->geom_priority[kBoxGeom] = INT_MAX;
         m->geom_priority[0] = INT_MIN;
       },
       Outcome::kFinite},
  };
  RunCases(cases, sizeof(cases) / sizeof(cases[0]));

  const EditCase scene_cases[] = {
      {"larger camera resolution",
       [](mjModel* m, mjData*) {
         m->cam_resolution[0] = 640;
         m->cam_resolution[1] = 480;
       },
       Outcome::kFinite},
      {"smaller camera resolution",
       [](mjModel* m, mjData*) { m->cam_resolution[0] = m->cam_resolution[1] = 1; },
       Outcome::kFinite},
      {"zero and negative camera resolution",
       [](mjModel* m, mjData*) {
         m->cam_resolution[0] = 0;
         m->cam_resolution[1] = -3;
       },
       Outcome::kFinite},
      {"light flags",
       [](mjModel* m, mjData*) {
         m->light_castshadow[0] = 17;
         m->light_active[0] = 250;
       },
       Outcome::kFinite},
      {"texture ids out of range",
       [](mjModel* m, mjData*) {
         m->light_texid[0] = 12;
         for (int r = 0; r < mjNTEXROLE; r++) {
           m->mat_texid[r] = 40 + r;
         }
       },
       Outcome::kFinite},
      {"height-field material out of range",
       [](mjModel* m, mjData*) { m->geom_matid[kTerrainGeom] = m->geom_matid[kBallGeom] = 2; },
       Outcome::kFinite},
  };
  RunCases(scene_cases, sizeof(scene_cases) / sizeof(scene_cases[0]), kSceneModel);
}

// A cloth (2D flex) falling on a floor and a sphere: its contact parameters are on the list of
// safe integer fields too.
const char kFlexModel[] = R"(
<mujoco>
  <worldbody>
    <geom type="plane" size="1 1 .1"/>
    <geom type="sphere" size=".05" pos="0 0 .05"/>
    <flexcomp name="cloth" type="grid" dim="2" count="3 3 1" spacing=".05 .05 .05" radius=".01"
              pos="0 0 .15">
      <contact condim="3"/>
      <edge equality="true"/>
    </flexcomp>
  </worldbody>
</mujoco>)";

TEST(HostileModelEditTest, SafeFlexContactFields) {
  {  // unedited, the cloth touches the sphere within the 100 steps the cases run
    std::unique_ptr<mjModel, ModelDeleter> model(LoadModel(kFlexModel));
    ASSERT_NE(model, nullptr);
    std::unique_ptr<mjData, DataDeleter> data(mj_makeData(model.get()));
    int flexcontacts = 0;
    for (int i = 0; i < 100; i++) {
      mj_step(model.get(), data.get());
      for (int c = 0; c < data->ncon; c++) {
        flexcontacts += data->contact[c].flex[0] >= 0 || data->contact[c].flex[1] >= 0;
      }
    }
    EXPECT_GT(flexcontacts, 0);
  }
  const EditCase cases[] = {
      {"flex condim invalid", [](mjModel* m, mjData*) { m->flex_condim[0] = 5; },
       Outcome::kAnyState},
      {"flex condim out of range", [](mjModel* m, mjData*) { m->flex_condim[0] = -1000; },
       Outcome::kAnyState},
      {"flex priority extremes",
       [](mjModel* m, mjData*) {
         m->flex_priority[0] = INT_MIN;
         m->geom_priority[1] = INT_MAX;
       },
       Outcome::kAnyState},
      {"flex masks", [](mjModel* m, mjData*) { m->flex_contype[0] = m->flex_conaffinity[0] = -1; },
       Outcome::kAnyState},
  };
  RunCases(cases, sizeof(cases) / sizeof(cases[0]), kFlexModel);
}

// A larger camera image than the rangefinder was compiled for is cut to the sensor's size; a
// smaller one leaves the rest of the sensor's values zero.
TEST(HostileModelEditTest, RangefinderFollowsResolutionWithinItsSize) {
  std::unique_ptr<mjModel, ModelDeleter> model(LoadModel(kSceneModel));
  ASSERT_NE(model, nullptr);
  mjModel* m = model.get();
  ASSERT_EQ(m->sensor_dim[0], 12);
  std::unique_ptr<mjData, DataDeleter> data(mj_makeData(m));
  mjData* d = data.get();
  mj_forward(m, d);
  const int adr = m->sensor_adr[0];
  mjtNum compiled[12];
  mju_copy(compiled, d->sensordata + adr, 12);
  m->cam_resolution[0] = 2;
  m->cam_resolution[1] = 2;
  mj_forward(m, d);
  for (int k = 4; k < 12; k++) {
    EXPECT_EQ(d->sensordata[adr + k], 0) << k;
  }
  // 12 million pixels: casting them all would write 96 MB past the sensor
  m->cam_resolution[0] = 4000;
  m->cam_resolution[1] = 3000;
  mj_forward(m, d);
  for (int k = 0; k < 12; k++) {
    mjtNum dist = d->sensordata[adr + k];  // the first pixels of the top row: distance or none
    EXPECT_TRUE(dist == -1 || (dist > 0 && std::isfinite(dist))) << k << ": " << dist;
  }
  m->cam_resolution[0] = 4;
  m->cam_resolution[1] = 3;
  mj_forward(m, d);
  for (int k = 0; k < 12; k++) {
    EXPECT_EQ(d->sensordata[adr + k], compiled[k]) << k;
  }
}

// The real-valued fields that the same section calls safe (some with mj_setConst after the
// edit), given hostile values: NaN, infinities, negative or huge numbers.
TEST(HostileModelEditTest, SafeRealFields) {
  auto setconst = [](mjModel* m, mjData* d) {
    mj_setConst(m, d);
    mj_resetData(m, d);
  };
  const EditCase cases[] = {
      {"nan body pos with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->body_pos[3 * kPendBody] = NAN;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"zero body quat with setConst",
       [setconst](mjModel* m, mjData* d) {
         for (int k = 0; k < 4; k++) {
           m->body_quat[4 * kPendBody + k] = 0;
         }
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"nan body ipos and iquat with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->body_ipos[3 * kBallBody + 1] = NAN;
         m->body_iquat[4 * kPendBody] = INFINITY;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"negative mass and inertia with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->body_mass[kBallBody] = -3;
         m->body_inertia[3 * kPendBody + 2] = -1e10;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"nan qpos0 and qpos_spring with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->qpos0[2] = NAN;
         m->qpos_spring[7] = INFINITY;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"negative armature with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->dof_armature[6] = -1e6;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"nan gravcomp", [](mjModel* m, mjData*) { m->body_gravcomp[kBallBody] = NAN; },
       Outcome::kReset},
      {"huge gravcomp on a new body",
       [setconst](mjModel* m, mjData* d) {
         m->body_gravcomp[kPendBody] = 1e300;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"nan site pose",
       [](mjModel* m, mjData*) {
         m->site_pos[0] = NAN;
         m->site_quat[4] = INFINITY;
       },
       Outcome::kAnyState},
      {"nan camera and light pose",
       [](mjModel* m, mjData*) {
         m->cam_pos[0] = NAN;
         m->cam_quat[1] = INFINITY;
         m->light_pos[2] = NAN;
         m->light_dir[0] = NAN;
       },
       Outcome::kFinite},
      {"tendon stiffness and damping",
       [](mjModel* m, mjData*) {
         m->tendon_stiffness[0] = NAN;
         m->tendon_damping[0] = -1e300;
       },
       Outcome::kAnyState},
      {"tendon stiffness from zero with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->tendon_stiffness[0] = 0;
         m->tendon_damping[0] = 0;
         setconst(m, d);
         m->tendon_stiffness[0] = 1e12;
       },
       Outcome::kAnyState},
      {"nan bias and gear",
       [](mjModel* m, mjData* d) {
         m->actuator_biasprm[1] = NAN;
         m->actuator_gear[6 * 1] = INFINITY;
         d->ctrl[0] = d->ctrl[1] = 0.5;
       },
       Outcome::kAnyState},
      {"zero filter time constant",
       [](mjModel* m, mjData* d) {
         m->actuator_dynprm[0] = 0;
         d->ctrl[0] = 1;
       },
       Outcome::kAnyState},
      {"negative filter time constant",
       [](mjModel* m, mjData* d) {
         m->actuator_dynprm[0] = -0.01;
         d->ctrl[0] = 1;
       },
       Outcome::kAnyState},
      {"dampratio gain with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->actuator_biasprm[mjNBIAS + 2] = NAN;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"nan actuator lengthrange and acc0",
       [](mjModel* m, mjData*) {
         m->actuator_lengthrange[0] = NAN;
         m->actuator_acc0[0] = -INFINITY;
       },
       Outcome::kFinite},
      {"delays beyond, before and off the buffer",
       [](mjModel* m, mjData* d) {
         m->actuator_delay[0] = 1e300;
         m->sensor_delay[2] = -5;
         d->ctrl[0] = 1;
       },
       Outcome::kFinite},
      {"nan delays",
       [](mjModel* m, mjData* d) {
         m->actuator_delay[0] = NAN;
         m->sensor_delay[2] = NAN;
         d->ctrl[0] = 1;
       },
       Outcome::kAnyState},
      {"infinite delays",
       [](mjModel* m, mjData* d) {
         m->actuator_delay[0] = INFINITY;
         m->sensor_delay[2] = -INFINITY;
         d->ctrl[0] = 1;
       },
       Outcome::kAnyState},
      {"nan sensor cutoff and noise",
       [](mjModel* m, mjData*) {
         m->sensor_cutoff[3] = NAN;
         m->sensor_noise[1] = -1;
       },
       Outcome::kFinite},
      {"nan connect and weld data with setConst",
       [setconst](mjModel* m, mjData* d) {
         for (int k = 0; k < mjNEQDATA; k++) {
           m->eq_data[k] = NAN;
           m->eq_data[mjNEQDATA + k] = INFINITY;
         }
         m->eq_active0[1] = 1;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"nan geom margin and gap",
       [](mjModel* m, mjData*) {
         m->geom_margin[kBallGeom] = NAN;
         m->geom_gap[kTerrainGeom] = NAN;
       },
       Outcome::kAnyState},
      {"nan contact parameters",
       [](mjModel* m, mjData*) {
         m->geom_friction[3 * kBallGeom] = NAN;
         m->geom_solref[mjNREF * kTerrainGeom] = NAN;
         m->geom_solimp[mjNIMP * kBallGeom + 1] = INFINITY;
         m->geom_solmix[kBallGeom] = NAN;
       },
       Outcome::kAnyState},
      {"zero height-field size with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->hfield_size[0] = m->hfield_size[1] = 0;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"nan height-field size with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->hfield_size[0] = NAN;
         m->hfield_size[2] = NAN;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"huge height-field size with setConst",
       [setconst](mjModel* m, mjData* d) {
         m->hfield_size[0] = m->hfield_size[1] = 1e300;
         m->hfield_size[2] = 1e300;
         setconst(m, d);
       },
       Outcome::kAnyState},
      {"height-field data outside [0, 1]",
       [](mjModel* m, mjData*) {
         m->hfield_data[4] = NAN;
         m->hfield_data[1] = -1e30f;
         m->hfield_data[3] = INFINITY;
       },
       Outcome::kAnyState},
      {"huge ball far away",
       [](mjModel* m, mjData* d) {
         m->geom_size[3 * kBallGeom] = 1e200;
         m->geom_rbound[kBallGeom] = 1e200;
         d->qpos[0] = 1e250;
       },
       Outcome::kAnyState},
      {"nan joint stiffness and margin",
       [](mjModel* m, mjData*) {
         m->jnt_stiffness[1] = NAN;
         m->jnt_margin[1] = NAN;
         m->dof_frictionloss[6] = -1;
       },
       Outcome::kAnyState},
      {"nan override solver parameters",
       [](mjModel* m, mjData*) {
         m->opt.enableflags |= mjENBL_OVERRIDE;
         m->opt.o_solref[0] = NAN;
         m->opt.o_solimp[0] = INFINITY;
         m->opt.o_friction[0] = NAN;
       },
       Outcome::kAnyState},
      {"nan tolerances",
       [](mjModel* m, mjData*) {
         m->opt.ls_tolerance = NAN;
         m->opt.noslip_tolerance = NAN;
         m->opt.noslip_iterations = 3;
         m->opt.ccd_tolerance = NAN;
       },
       Outcome::kAnyState},
  };
  RunCases(cases, sizeof(cases) / sizeof(cases[0]), kSceneModel);
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
