// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Inverse dynamics (computation_index.rst "Inverse dynamics"): mj_inverse after a converged
// mj_forward gives back the forces that produced qacc, the analytic constraint forces equal the
// solver's, mj_compareFwdInv measures the discrepancy, invdiscrete inverts the one-step
// integrators, and mj_contactForce maps efc_force to the contact frame.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_inverse.h"
#include "engine/engine_io.h"
#include "fixture.h"
#include "forward_testutil.h"

namespace motus_test {
namespace {

// contacts, a limit, friction loss, an equality, joint damping and actuators
const char kScene[] = R"(
<mujoco>
  <option timestep="0.002"/>
  <worldbody>
    <geom type="plane" size="2 2 .1"/>
    <body pos="0 0 0.098">
      <freejoint/>
      <geom type="box" size="0.1 0.1 0.1" density="500"/>
    </body>
    <body pos="0.5 0 0.049">
      <freejoint/>
      <geom type="capsule" fromto="-0.1 0 0 0.1 0 0" size="0.05" condim="6"/>
    </body>
    <body pos="-0.6 0 0.5">
      <joint name="h" type="hinge" axis="0 1 0" range="-20 20" limited="true"
             frictionloss="0.05" damping="0.3"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/>
      <body pos="0.3 0 0">
        <joint name="h2" type="hinge" axis="0 1 0" damping="0.2"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.03"/>
        <site name="tip" pos="0 0 -0.3"/>
      </body>
    </body>
    <site name="anchor" pos="-0.25 0 0.18"/>
  </worldbody>
  <equality>
    <connect site1="tip" site2="anchor"/>
  </equality>
  <actuator>
    <motor joint="h" gear="2"/>
    <velocity joint="h2" kv="0.5"/>
  </actuator>
</mujoco>)";

struct Scene {
  ModelPtr model;
  DataPtr data;
};

Scene Make(int cone, int solver) {
  Scene s;
  s.model = LoadModelString(kScene);
  if (!s.model) {
    return s;
  }
  mjModel* m = s.model.get();
  m->opt.cone = cone;
  s.data.reset(mj_makeData(m));
  mjData* d = s.data.get();
  for (int k = 0; k < 50; k++) {
    mj_step(m, d);
  }
  m->opt.solver = solver;
  m->opt.tolerance = 1e-14;
  m->opt.iterations = 5000;
  d->ctrl[0] = 0.7;
  d->ctrl[1] = -0.4;
  d->qfrc_applied[7] = 0.3;
  d->xfrc_applied[6 * 1 + 0] = 1.5;  // force on the box
  d->xfrc_applied[6 * 2 + 4] = 0.2;  // torque on the capsule
  return s;
}

// qfrc_applied + J' xfrc_applied + qfrc_actuator: the forces the inverse must give back
std::vector<mjtNum> AppliedForces(const mjModel* m, const mjData* d) {
  std::vector<mjtNum> f(m->nv);
  for (int i = 0; i < m->nv; i++) {
    f[i] = d->qfrc_smooth[i] + d->qfrc_bias[i] - d->qfrc_passive[i];
  }
  return f;
}

double MaxAbs(const mjtNum* v, int n) {
  double mx = 0;
  for (int i = 0; i < n; i++) {
    mx = std::fmax(mx, std::fabs(v[i]));
  }
  return mx;
}

TEST(InverseTest, InverseRecoversAppliedForces) {
  for (int cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
    for (int solver : {mjSOL_NEWTON, mjSOL_CG, mjSOL_PGS}) {
      SCOPED_TRACE("cone " + std::to_string(cone) + " solver " + std::to_string(solver));
      Scene s = Make(cone, solver);
      ASSERT_TRUE(s.model);
      mjModel* m = s.model.get();
      mjData* d = s.data.get();
      mj_forward(m, d);
      ASSERT_GT(d->ncon, 0);
      std::vector<mjtNum> applied = AppliedForces(m, d);
      // independent sum of the inputs: qfrc_applied + qfrc_actuator + J' xfrc_applied
      std::vector<mjtNum> expect(d->qfrc_applied, d->qfrc_applied + m->nv);
      for (int i = 0; i < m->nv; i++) {
        expect[i] += d->qfrc_actuator[i];
      }
      for (int b = 1; b < m->nbody; b++) {
        mj_applyFT(m, d, d->xfrc_applied + 6 * b, d->xfrc_applied + 6 * b + 3, d->xipos + 3 * b, b,
                   expect.data());
      }
      for (int i = 0; i < m->nv; i++) {
        ASSERT_NEAR(applied[i], expect[i], 1e-10);
      }

      std::vector<mjtNum> force(d->efc_force, d->efc_force + d->nefc);
      mj_inverse(m, d);
      // at convergence the identity holds to the solver's accuracy: 1e-8 of the largest
      // constraint force (Newton and CG at tolerance 1e-14; PGS after 5000 sweeps)
      double scale = MaxAbs(force.data(), d->nefc) + MaxAbs(expect.data(), m->nv);
      double tol = (solver == mjSOL_PGS ? 1e-6 : 1e-8) * scale;
      for (int i = 0; i < m->nv; i++) {
        EXPECT_NEAR(d->qfrc_inverse[i], expect[i], tol) << "dof " << i;
      }
      // the analytic constraint forces are the solver's
      for (int i = 0; i < d->nefc; i++) {
        EXPECT_NEAR(d->efc_force[i], force[i], tol) << "row " << i;
      }
    }
  }
}

TEST(InverseTest, CompareFwdInvMeasuresConvergence) {
  Scene s = Make(mjCONE_PYRAMIDAL, mjSOL_NEWTON);
  ASSERT_TRUE(s.model);
  mjModel* m = s.model.get();
  mjData* d = s.data.get();
  mj_forward(m, d);
  std::vector<mjtNum> force(d->efc_force, d->efc_force + d->nefc);
  mj_compareFwdInv(m, d);
  double scale = MaxAbs(force.data(), d->nefc);
  EXPECT_LT(d->solver_fwdinv[0], 1e-8 * scale);
  EXPECT_LT(d->solver_fwdinv[1], 1e-8 * scale);
  // the forward results are kept
  for (int i = 0; i < d->nefc; i++) {
    EXPECT_EQ(d->efc_force[i], force[i]);
  }

  // an unconverged forward solve (one PGS sweep, cold) shows a discrepancy
  m->opt.solver = mjSOL_PGS;
  m->opt.iterations = 1;
  m->opt.disableflags |= mjDSBL_WARMSTART;
  mj_forward(m, d);
  mj_compareFwdInv(m, d);
  EXPECT_GT(d->solver_fwdinv[0], 1e-6 * scale);
  EXPECT_GT(d->solver_fwdinv[1], 1e-6 * scale);
}

// discrete-time inverse dynamics: the acceleration (v' - v) / h of one integrator step maps
// back to the forces that produced it
TEST(InverseTest, InvDiscreteInvertsOneStepIntegrators) {
  for (int integrator : {mjINT_EULER, mjINT_IMPLICITFAST, mjINT_IMPLICIT}) {
    SCOPED_TRACE("integrator " + std::to_string(integrator));
    Scene s = Make(mjCONE_ELLIPTIC, mjSOL_NEWTON);
    ASSERT_TRUE(s.model);
    mjModel* m = s.model.get();
    mjData* d = s.data.get();
    m->opt.integrator = integrator;
    int nv = m->nv;
    mj_forward(m, d);
    std::vector<mjtNum> expect = AppliedForces(m, d);
    std::vector<mjtNum> qpos(d->qpos, d->qpos + m->nq), qvel(d->qvel, d->qvel + nv);
    std::vector<mjtNum> qacc_cont(d->qacc, d->qacc + nv);
    std::vector<mjtNum> warm(d->qacc_warmstart, d->qacc_warmstart + nv);
    std::vector<mjtNum> act(d->act, d->act + m->na);
    // invdiscrete also turns off the midpoint update of free bodies, whose nonlinear velocity
    // update discrete inverse dynamics cannot invert (XMLreference.rst "invdiscrete"): the
    // step is taken with it, as a user of discrete inverse dynamics would
    m->opt.enableflags |= mjENBL_INVDISCRETE;
    mj_step(m, d);
    std::vector<mjtNum> qacc_disc(nv);
    for (int i = 0; i < nv; i++) {
      qacc_disc[i] = (d->qvel[i] - qvel[i]) / m->opt.timestep;
    }
    // the damping makes the discrete acceleration differ from the continuous one
    double diff = 0;
    for (int i = 0; i < nv; i++) {
      diff = std::fmax(diff, std::fabs(qacc_disc[i] - qacc_cont[i]));
    }
    EXPECT_GT(diff, 1e-6);

    // restore the state and invert with invdiscrete
    mju_copy(d->qpos, qpos.data(), m->nq);
    mju_copy(d->qvel, qvel.data(), nv);
    mju_copy(d->act, act.data(), m->na);
    mju_copy(d->qacc, qacc_disc.data(), nv);
    mj_inverse(m, d);
    double scale = MaxAbs(d->efc_force, d->nefc) + MaxAbs(expect.data(), nv);
    for (int i = 0; i < nv; i++) {
      // the step's velocity difference carries round-off of |v| / h: 1e-8 of the forces
      EXPECT_NEAR(d->qfrc_inverse[i], expect[i], 1e-8 * scale) << "dof " << i;
      EXPECT_EQ(d->qacc[i], qacc_disc[i]);  // the input is restored
    }
    // and the continuous-time acceleration is the forward one
    std::vector<mjtNum> cont(nv);
    mj_discreteToContinuous(m, d, cont.data(), qacc_disc.data());
    double amax = MaxAbs(qacc_cont.data(), nv);
    for (int i = 0; i < nv; i++) {
      EXPECT_NEAR(cont[i], qacc_cont[i], 1e-8 * amax) << "dof " << i;
    }
    m->opt.enableflags &= ~mjENBL_INVDISCRETE;
  }
}

// implicitfast drops the velocity derivative couplings inside a simple body (here the fluid
// forces of a free body); the discrete inverse must drop the same ones. MuJoCo 3.8.0 recovers
// the (zero) applied forces to 2e-13 on this scene; before the fix Motus left 4e-3.
TEST(InverseTest, InvDiscreteImplicitFastFluidFreeBody) {
  const char* xml = R"(<mujoco>
    <option integrator="implicitfast" timestep="0.01" density="1.2" viscosity="0.1">
      <flag invdiscrete="enable"/>
    </option>
    <worldbody><body pos="2 0 0"><freejoint/>
      <geom type="box" size=".1 .2 .3" fluidshape="ellipsoid"/>
    </body></worldbody></mujoco>)";
  char err[500] = "";
  mjSpec* spec = mj_parseXMLString(xml, nullptr, err, sizeof(err));
  ASSERT_NE(spec, nullptr) << err;
  mjModel* m = mj_compile(spec, nullptr);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mjtNum qpos[7], qvel[6], qacc[6];
  for (int k = 0; k < 6; k++) {
    d->qvel[k] = 0.3 * (k + 1);
    qvel[k] = d->qvel[k];
  }
  mju_copy(qpos, d->qpos, 7);
  mj_step(m, d);
  for (int k = 0; k < 6; k++) {
    qacc[k] = (d->qvel[k] - qvel[k]) / m->opt.timestep;
  }
  mju_copy(d->qpos, qpos, 7);
  mju_copy(d->qvel, qvel, 6);
  mju_copy(d->qacc, qacc, 6);
  mj_inverse(m, d);
  for (int k = 0; k < 6; k++) {
    // round-off of |v| / h in the velocity difference: 1e-13 of forces of order 1e-2..10
    EXPECT_NEAR(d->qfrc_inverse[k], 0, 1e-10) << "dof " << k;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
}

TEST(InverseTest, InverseSkipReusesStages) {
  Scene s = Make(mjCONE_PYRAMIDAL, mjSOL_NEWTON);
  ASSERT_TRUE(s.model);
  mjModel* m = s.model.get();
  mjData* d = s.data.get();
  mj_forward(m, d);
  mj_inverse(m, d);
  std::vector<mjtNum> full(d->qfrc_inverse, d->qfrc_inverse + m->nv);
  mju_zero(d->qfrc_inverse, m->nv);
  mj_inverseSkip(m, d, mjSTAGE_VEL, 1);
  for (int i = 0; i < m->nv; i++) {
    EXPECT_EQ(d->qfrc_inverse[i], full[i]);
  }
  mj_inverseSkip(m, d, mjSTAGE_POS, 0);
  for (int i = 0; i < m->nv; i++) {
    EXPECT_EQ(d->qfrc_inverse[i], full[i]);
  }
}

// mj_contactForce: the contact-frame force reproduces the Cartesian force of the efc rows,
// J_c' efc_force = (contact frame rows)' result for the translational part
TEST(InverseTest, ContactForceMatchesRowForces) {
  for (int cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
    Scene s = Make(cone, mjSOL_NEWTON);
    ASSERT_TRUE(s.model);
    mjModel* m = s.model.get();
    mjData* d = s.data.get();
    mj_forward(m, d);
    ASSERT_GT(d->ncon, 0);
    for (int c = 0; c < d->ncon; c++) {
      const mjContact* con = d->contact + c;
      if (con->efc_address < 0) {
        continue;
      }
      mjtNum res[6];
      mj_contactForce(m, d, c, res);
      // normal force non-negative, friction within the cone
      EXPECT_GE(res[0], -1e-12);
      if (cone == mjCONE_ELLIPTIC) {
        double t = 0;
        for (int j = 1; j < con->dim; j++) {
          t += std::pow(res[j] / con->friction[j - 1], 2);
        }
        EXPECT_LE(std::sqrt(t), res[0] * (1 + 1e-9) + 1e-12);
      } else {
        for (int j = 1; j < con->dim; j++) {
          EXPECT_LE(std::fabs(res[j]), con->friction[j - 1] * res[0] * (1 + 1e-9) + 1e-12);
        }
      }
      // generalized force of this contact: the sum of its rows' J' f equals the wrench of the
      // contact-frame force through the contact Jacobian (translational rows of mj_jac at pos)
      int nrow = cone == mjCONE_ELLIPTIC ? con->dim : (con->dim == 1 ? 1 : 2 * (con->dim - 1));
      std::vector<mjtNum> rows(m->nv, 0), viaframe(m->nv, 0);
      std::vector<mjtNum> f(d->nefc, 0);
      for (int k = 0; k < nrow; k++) {
        f[con->efc_address + k] = d->efc_force[con->efc_address + k];
      }
      mj_mulJacTVec(m, d, rows.data(), f.data());
      // world-frame force on geom2's body from geom1: frame rows are normal, tangents
      mjtNum fworld[3] = {0, 0, 0};
      for (int j = 0; j < 3 && j < con->dim; j++) {
        for (int k = 0; k < 3; k++) {
          fworld[k] += res[j] * con->frame[3 * j + k];
        }
      }
      mjtNum torque[3] = {0, 0, 0};
      if (con->dim >= 4) {
        for (int j = 3; j < con->dim; j++) {
          for (int k = 0; k < 3; k++) {
            torque[k] += res[j] * con->frame[3 * (j - 3) + k];
          }
        }
      }
      int b1 = m->geom_bodyid[con->geom[0]], b2 = m->geom_bodyid[con->geom[1]];
      mjtNum neg[3] = {-fworld[0], -fworld[1], -fworld[2]};
      mjtNum negt[3] = {-torque[0], -torque[1], -torque[2]};
      mj_applyFT(m, d, fworld, torque, con->pos, b2, viaframe.data());
      mj_applyFT(m, d, neg, negt, con->pos, b1, viaframe.data());
      double scale = MaxAbs(rows.data(), m->nv) + 1e-12;
      for (int i = 0; i < m->nv; i++) {
        EXPECT_NEAR(rows[i], viaframe[i], 1e-9 * scale) << "contact " << c << " dof " << i;
      }
    }
  }
}

TEST(InverseTest, ContactForceBadId) {
  Scene s = Make(mjCONE_PYRAMIDAL, mjSOL_NEWTON);
  ASSERT_TRUE(s.model);
  mj_forward(s.model.get(), s.data.get());
  ScopedErrorCapture capture;
  mjtNum res[6];
  EXPECT_THROW(mj_contactForce(s.model.get(), s.data.get(), -1, res), MujocoError);
  EXPECT_THROW(mj_contactForce(s.model.get(), s.data.get(), s.data->ncon, res), MujocoError);
}

}  // namespace
}  // namespace motus_test
