// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Velocities and forces: mj_comVel, mj_rne, mj_rnePostConstraint, mj_subtreeVel.

#include <cmath>
#include <memory>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "smooth_testutil.h"

namespace motus_test {
namespace {

using ModelPtr = std::unique_ptr<mjModel, ModelDeleter>;
using DataPtr = std::unique_ptr<mjData, DataDeleter>;

struct Loaded {
  Golden g;
  ModelPtr m;
  DataPtr d;
};

// golden model at the golden state: positions, inertia and velocities computed
bool LoadGolden(const std::string& name, Loaded* out) {
  if (!out->g.Load(GoldenPath(name))) {
    return false;
  }
  out->m.reset(ModelFromGolden(out->g));
  if (!out->m) {
    return false;
  }
  out->d.reset(mj_makeData(out->m.get()));
  SetGoldenState(out->g, out->m.get(), out->d.get());
  mjModel* m = out->m.get();
  mjData* d = out->d.get();
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_makeM(m, d);
  mj_factorM(m, d);
  mj_comVel(m, d);
  return true;
}

class RneGolden : public ::testing::TestWithParam<const char*> {};

// golden numbers from test/data/smooth/make_all.sh (MuJoCo 3.3.8 oracle, --states)
TEST_P(RneGolden, MatchesOracle) {
  Loaded t;
  ASSERT_TRUE(LoadGolden(GetParam(), &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  ExpectNear(t.g, "d.cvel", d->cvel, 6 * m->nbody);
  ExpectNear(t.g, "d.cdof_dot", d->cdof_dot, 6 * m->nv);
  std::vector<mjtNum> bias(m->nv);
  mj_rne(m, d, 0, bias.data());
  ExpectNear(t.g, "d.qfrc_bias", bias.data(), m->nv);
}

INSTANTIATE_TEST_SUITE_P(Models, RneGolden,
                         ::testing::Values("branch.golden", "simple.golden", "humanoid.golden",
                                           "arm.golden", "constraint.golden"));

// models whose golden state has sensors that make the oracle run mj_subtreeVel and
// mj_rnePostConstraint
class PostGolden : public ::testing::TestWithParam<const char*> {};

TEST_P(PostGolden, MatchesOracle) {
  Loaded t;
  ASSERT_TRUE(LoadGolden(GetParam(), &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  mj_subtreeVel(m, d);
  bool computed = false;  // the oracle runs mj_subtreeVel only for models with subtree sensors
  for (double x : t.g.Get("d.subtree_linvel")) {
    computed |= (x != 0);
  }
  if (computed) {
    ExpectNear(t.g, "d.subtree_linvel", d->subtree_linvel, 3 * m->nbody);
    ExpectNear(t.g, "d.subtree_angmom", d->subtree_angmom, 3 * m->nbody);
  }

  GoldenConstraints con;
  con.Attach(t.g, d);
  mj_rnePostConstraint(m, d);
  GoldenConstraints::Detach(d);
  ExpectNear(t.g, "d.cacc", d->cacc, 6 * m->nbody);
  ExpectNear(t.g, "d.cfrc_ext", d->cfrc_ext, 6 * m->nbody);
  ExpectNear(t.g, "d.cfrc_int", d->cfrc_int, 6 * m->nbody);
}

INSTANTIATE_TEST_SUITE_P(Models, PostGolden,
                         ::testing::Values("branch.golden", "arm.golden", "constraint.golden",
                                           "equality.golden"));

// ---------------------------------------------------------------------------------------------
// identities

// mj_rne with flg_acc = M qacc + c(q, v)
TEST(Rne, WithAccelerationIsMqaccPlusBias) {
  for (const char* name : {"branch.golden", "humanoid.golden"}) {
    Loaded t;
    ASSERT_TRUE(LoadGolden(name, &t));
    const mjModel* m = t.m.get();
    mjData* d = t.d.get();
    int nv = m->nv;
    for (int i = 0; i < nv; i++) {
      d->qacc[i] = std::sin(1.1 * i + 0.3);
    }
    std::vector<mjtNum> full(nv), bias(nv), Ma(nv);
    mj_rne(m, d, 1, full.data());
    mj_rne(m, d, 0, bias.data());
    mj_mulM(m, d, Ma.data(), d->qacc);
    for (int i = 0; i < nv; i++) {
      // armature is not part of RNE's rigid-body inertia
      EXPECT_NEAR(full[i] + m->dof_armature[i] * d->qacc[i], Ma[i] + bias[i], 1e-10) << name;
    }
  }
}

// kinetic energy 1/2 v'Mv equals the sum of body energies from cvel (v at the com, w)
TEST(Rne, KineticEnergyFromCvel) {
  for (const char* name : {"branch.golden", "humanoid.golden", "arm.golden"}) {
    Loaded t;
    ASSERT_TRUE(LoadGolden(name, &t));
    const mjModel* m = t.m.get();
    mjData* d = t.d.get();
    int nv = m->nv;
    std::vector<mjtNum> Mv(nv);
    mj_mulM(m, d, Mv.data(), d->qvel);
    mjtNum energy = 0.5 * mju_dot(d->qvel, Mv.data(), nv), armature = 0;
    for (int i = 0; i < nv; i++) {
      armature += 0.5 * m->dof_armature[i] * d->qvel[i] * d->qvel[i];
    }

    mjtNum sum = 0;
    for (int b = 1; b < m->nbody; b++) {
      const mjtNum* v = d->cvel + 6 * b;
      mjtNum r[3], vcom[3], wl[3];
      mju_sub3(r, d->xipos + 3 * b, d->subtree_com + 3 * m->body_rootid[b]);
      mju_cross(vcom, v, r);
      mju_addTo3(vcom, v + 3);
      mju_mulMatTVec3(wl, d->ximat + 9 * b, v);
      sum += 0.5 * m->body_mass[b] * mju_dot3(vcom, vcom);
      for (int k = 0; k < 3; k++) {
        sum += 0.5 * m->body_inertia[3 * b + k] * wl[k] * wl[k];
      }
    }
    EXPECT_NEAR(energy, sum + armature, 1e-12 * (1 + energy)) << name;
  }
}

// Lagrangian check on the hinge/slide arm (qpos and qvel share coordinates):
//   c(q, v) = Mdot v - 1/2 d(v'Mv)/dq + dV/dq,  V = -sum_b m_b g . xipos_b
// with every derivative by central differences of mj_makeM / mj_kinematics.
TEST(Rne, BiasMatchesLagrangian) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("arm.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv;
  ASSERT_EQ(m->nq, nv);
  std::vector<mjtNum> q0(d->qpos, d->qpos + nv), v(d->qvel, d->qvel + nv), bias(nv);
  mj_rne(m, d, 0, bias.data());

  auto massAt = [&](const std::vector<mjtNum>& q, std::vector<mjtNum>* M, mjtNum* V) {
    mju_copy(d->qpos, q.data(), nv);
    mj_kinematics(m, d);
    mj_comPos(m, d);
    mj_makeM(m, d);
    M->assign(nv * nv, 0);
    mj_fullM(m, M->data(), d->qM);
    *V = 0;
    for (int b = 1; b < m->nbody; b++) {
      *V -= m->body_mass[b] * mju_dot3(m->opt.gravity, d->xipos + 3 * b);
    }
  };

  const mjtNum h = 1e-6;
  std::vector<mjtNum> expect(nv, 0), Mp, Mm, qp, qm;
  mjtNum Vp, Vm;

  // Mdot v: M along q + t v
  qp = q0;
  qm = q0;
  for (int i = 0; i < nv; i++) {
    qp[i] += h * v[i];
    qm[i] -= h * v[i];
  }
  massAt(qp, &Mp, &Vp);
  massAt(qm, &Mm, &Vm);
  for (int i = 0; i < nv; i++) {
    for (int j = 0; j < nv; j++) {
      expect[i] += (Mp[i * nv + j] - Mm[i * nv + j]) / (2 * h) * v[j];
    }
  }

  // -1/2 d(v'Mv)/dq_k + dV/dq_k
  for (int k = 0; k < nv; k++) {
    qp = q0;
    qm = q0;
    qp[k] += h;
    qm[k] -= h;
    massAt(qp, &Mp, &Vp);
    massAt(qm, &Mm, &Vm);
    mjtNum Tp = 0, Tm = 0;
    for (int i = 0; i < nv; i++) {
      for (int j = 0; j < nv; j++) {
        Tp += v[i] * Mp[i * nv + j] * v[j];
        Tm += v[i] * Mm[i * nv + j] * v[j];
      }
    }
    expect[k] += -0.5 * (Tp - Tm) / (2 * h) + (Vp - Vm) / (2 * h);
  }

  // central differences with h = 1e-6: truncation ~1e-12, rounding ~1e-10
  for (int i = 0; i < nv; i++) {
    EXPECT_NEAR(bias[i], expect[i], 1e-7) << i;
  }
}

// subtree momenta are linear in qvel through the subtree-com and angular-momentum matrices
TEST(Rne, SubtreeMomentaMatchJacobians) {
  for (const char* name : {"branch.golden", "humanoid.golden"}) {
    Loaded t;
    ASSERT_TRUE(LoadGolden(name, &t));
    const mjModel* m = t.m.get();
    mjData* d = t.d.get();
    int nv = m->nv;
    mj_subtreeVel(m, d);
    std::vector<mjtNum> J(3 * nv);
    for (int b = 0; b < m->nbody; b++) {
      mjtNum lin[3], ang[3];
      mj_jacSubtreeCom(m, d, J.data(), b);
      mju_mulMatVec(lin, J.data(), d->qvel, 3, nv);
      mj_angmomMat(m, d, J.data(), b);
      mju_mulMatVec(ang, J.data(), d->qvel, 3, nv);
      for (int k = 0; k < 3; k++) {
        EXPECT_NEAR(d->subtree_linvel[3 * b + k], lin[k], 1e-12) << name << " body " << b;
        EXPECT_NEAR(d->subtree_angmom[3 * b + k], ang[k], 1e-12) << name << " body " << b;
      }
    }
  }
}

// Without constraints, the internal force of each dof's body projected on the dof is the joint
// force that produces qacc: cdof . cfrc_int = (M qacc + c)_j - armature qacc_j - (J' xfrc)_j
TEST(Rne, InternalForcesProjectToJointForces) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("arm.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv;
  for (int i = 0; i < nv; i++) {
    d->qacc[i] = std::cos(0.5 * i);
  }
  std::vector<mjtNum> tau(nv), ext(nv, 0);
  mj_rne(m, d, 1, tau.data());
  for (int b = 1; b < m->nbody; b++) {
    const mjtNum* f = d->xfrc_applied + 6 * b;
    mj_applyFT(m, d, f, f + 3, d->xipos + 3 * b, b, ext.data());
  }
  mj_rnePostConstraint(m, d);
  for (int j = 0; j < nv; j++) {
    mjtNum proj = mju_dot(d->cdof + 6 * j, d->cfrc_int + 6 * m->dof_bodyid[j], 6);
    EXPECT_NEAR(proj, tau[j] - ext[j], 1e-10) << j;
  }
}

// gravity disabled: the world's acceleration is zero and bias loses its gravity part
TEST(Rne, DisabledGravity) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("arm.golden", &t));
  mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv;
  std::vector<mjtNum> withg(nv), without(nv), grav(nv, 0);
  mj_rne(m, d, 0, withg.data());
  m->opt.disableflags |= mjDSBL_GRAVITY;
  mj_rne(m, d, 0, without.data());
  m->opt.disableflags &= ~mjDSBL_GRAVITY;
  // gravity force: -sum_b J_b' m_b g
  for (int b = 1; b < m->nbody; b++) {
    mjtNum f[3];
    mju_scl3(f, m->opt.gravity, -m->body_mass[b]);
    mj_applyFT(m, d, f, nullptr, d->xipos + 3 * b, b, grav.data());
  }
  for (int i = 0; i < nv; i++) {
    EXPECT_NEAR(withg[i] - without[i], grav[i], 1e-12);
  }
}

}  // namespace
}  // namespace motus_test
