// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Jacobians and object motion: mj_jac and variants, mj_jacSubtreeCom, mj_jacPointAxis,
// mj_jacDot, mj_angmomMat, mj_applyFT, mj_objectVelocity, mj_objectAcceleration, and the sparse
// chain helpers. References are finite differences of positions along mj_integratePos.

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_support_jac.h"
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

void Forward(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_comVel(m, d);
}

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
  mj_normalizeQuat(out->m.get(), out->d->qpos);
  Forward(out->m.get(), out->d.get());
  return true;
}

// world position (3) and orientation (quaternion, 4) of a point attached to a body
struct Probe {
  int body;
  mjtNum local[3];  // offset in the body frame
};

void ProbePose(const mjData* d, const Probe& p, mjtNum pos[3], mjtNum quat[4]) {
  mju_mulMatVec3(pos, d->xmat + 9 * p.body, p.local);
  mju_addTo3(pos, d->xpos + 3 * p.body);
  mju_copy4(quat, d->xquat + 4 * p.body);
}

// central-difference Jacobian of a probe along each dof: translation and world rotation rate
void FdJacobian(const mjModel* m, mjData* d, const Probe& p, std::vector<mjtNum>* jacp,
                std::vector<mjtNum>* jacr) {
  int nv = m->nv, nq = m->nq;
  const mjtNum h = 1e-6;
  std::vector<mjtNum> q0(d->qpos, d->qpos + nq), dv(nv, 0);
  jacp->assign(3 * nv, 0);
  jacr->assign(3 * nv, 0);
  for (int k = 0; k < nv; k++) {
    mjtNum pp[3], qp[4], pm[3], qm[4];
    dv.assign(nv, 0);
    dv[k] = 1;
    mju_copy(d->qpos, q0.data(), nq);
    mj_integratePos(m, d->qpos, dv.data(), h);
    mj_kinematics(m, d);
    ProbePose(d, p, pp, qp);
    mju_copy(d->qpos, q0.data(), nq);
    mj_integratePos(m, d->qpos, dv.data(), -h);
    mj_kinematics(m, d);
    ProbePose(d, p, pm, qm);
    // rotation from qm to qp in qm's frame, then to the world
    mjtNum wl[3], w[3], R[9];
    mju_subQuat(wl, qp, qm);
    mju_quat2Mat(R, qm);
    mju_mulMatVec3(w, R, wl);
    for (int t = 0; t < 3; t++) {
      (*jacp)[t * nv + k] = (pp[t] - pm[t]) / (2 * h);
      (*jacr)[t * nv + k] = w[t] / (2 * h);
    }
  }
  mju_copy(d->qpos, q0.data(), nq);
  Forward(m, d);
}

// central differences with h = 1e-6 on O(1) kinematics: error ~1e-10
constexpr double kFdTol = 1e-8;

class JacobianFd : public ::testing::TestWithParam<const char*> {};

TEST_P(JacobianFd, MatchesFiniteDifferences) {
  Loaded t;
  ASSERT_TRUE(LoadGolden(GetParam(), &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv;
  std::vector<mjtNum> jp(3 * nv), jr(3 * nv), fp, fr;
  for (int b = 0; b < m->nbody; b++) {
    Probe p = {b, {0.1, -0.2, 0.15}};
    mjtNum point[3], quat[4];
    ProbePose(d, p, point, quat);
    mj_jac(m, d, jp.data(), jr.data(), point, b);
    FdJacobian(m, d, p, &fp, &fr);
    for (int i = 0; i < 3 * nv; i++) {
      EXPECT_NEAR(jp[i], fp[i], kFdTol) << GetParam() << " body " << b << " jacp " << i;
      EXPECT_NEAR(jr[i], fr[i], kFdTol) << GetParam() << " body " << b << " jacr " << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Models, JacobianFd,
                         ::testing::Values("branch.golden", "arm.golden", "humanoid.golden"));

// variants are mj_jac at the element's point; NULL outputs are skipped
TEST(Jacobian, Variants) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  const mjData* d = t.d.get();
  int nv = m->nv;
  std::vector<mjtNum> a(3 * nv), b(3 * nv), ar(3 * nv), br(3 * nv);
  for (int i = 0; i < m->nbody; i++) {
    mj_jacBody(m, d, a.data(), ar.data(), i);
    mj_jac(m, d, b.data(), br.data(), d->xpos + 3 * i, i);
    EXPECT_EQ(a, b);
    EXPECT_EQ(ar, br);
    mj_jacBodyCom(m, d, a.data(), nullptr, i);
    mj_jac(m, d, b.data(), nullptr, d->xipos + 3 * i, i);
    EXPECT_EQ(a, b);
  }
  for (int i = 0; i < m->ngeom; i++) {
    mj_jacGeom(m, d, nullptr, ar.data(), i);
    mj_jac(m, d, nullptr, br.data(), d->geom_xpos + 3 * i, m->geom_bodyid[i]);
    EXPECT_EQ(ar, br);
  }
  for (int i = 0; i < m->nsite; i++) {
    mj_jacSite(m, d, a.data(), ar.data(), i);
    mj_jac(m, d, b.data(), br.data(), d->site_xpos + 3 * i, m->site_bodyid[i]);
    EXPECT_EQ(a, b);
    EXPECT_EQ(ar, br);
  }
}

// subtree com Jacobian against finite differences of subtree_com
TEST(Jacobian, SubtreeCom) {
  for (const char* name : {"branch.golden", "humanoid.golden"}) {
    Loaded t;
    ASSERT_TRUE(LoadGolden(name, &t));
    const mjModel* m = t.m.get();
    mjData* d = t.d.get();
    int nv = m->nv, nq = m->nq;
    const mjtNum h = 1e-6;
    std::vector<mjtNum> q0(d->qpos, d->qpos + nq), J(3 * nv), dv(nv), plus(3 * m->nbody);
    for (int k = 0; k < nv; k++) {
      dv.assign(nv, 0);
      dv[k] = 1;
      mju_copy(d->qpos, q0.data(), nq);
      mj_integratePos(m, d->qpos, dv.data(), h);
      Forward(m, d);
      mju_copy(plus.data(), d->subtree_com, 3 * m->nbody);
      mju_copy(d->qpos, q0.data(), nq);
      mj_integratePos(m, d->qpos, dv.data(), -h);
      Forward(m, d);
      for (int i = 0; i < 3 * m->nbody; i++) {
        plus[i] = (plus[i] - d->subtree_com[i]) / (2 * h);
      }
      mju_copy(d->qpos, q0.data(), nq);
      Forward(m, d);
      for (int b = 0; b < m->nbody; b++) {
        mj_jacSubtreeCom(m, d, J.data(), b);
        for (int r = 0; r < 3; r++) {
          EXPECT_NEAR(J[r * nv + k], plus[3 * b + r], kFdTol) << name << " body " << b;
        }
      }
    }
  }
}

// jacAxis: rate of change of a body-attached world axis
TEST(Jacobian, PointAxis) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv, nq = m->nq;
  int body = 3;  // deep in the first tree
  mjtNum axisl[3] = {0.3, -0.5, 0.8};
  mju_normalize3(axisl);
  auto worldAxis = [&](mjtNum res[3]) { mju_mulMatVec3(res, d->xmat + 9 * body, axisl); };
  mjtNum axis[3], point[3] = {0.2, 0.1, 0.3};
  worldAxis(axis);
  std::vector<mjtNum> jp(3 * nv), ja(3 * nv), jp2(3 * nv), q0(d->qpos, d->qpos + nq), dv(nv);
  mj_jacPointAxis(m, d, jp.data(), ja.data(), point, axis, body);
  mj_jac(m, d, jp2.data(), nullptr, point, body);
  EXPECT_EQ(jp, jp2);
  const mjtNum h = 1e-6;
  for (int k = 0; k < nv; k++) {
    mjtNum ap[3], am[3];
    dv.assign(nv, 0);
    dv[k] = 1;
    mju_copy(d->qpos, q0.data(), nq);
    mj_integratePos(m, d->qpos, dv.data(), h);
    mj_kinematics(m, d);
    worldAxis(ap);
    mju_copy(d->qpos, q0.data(), nq);
    mj_integratePos(m, d->qpos, dv.data(), -h);
    mj_kinematics(m, d);
    worldAxis(am);
    for (int r = 0; r < 3; r++) {
      EXPECT_NEAR(ja[r * nv + k], (ap[r] - am[r]) / (2 * h), kFdTol);
    }
  }
}

// Jdot qvel = d/dt (J qvel) along the motion, and every column of Jdot is the time derivative of
// J's column, ball and free joints included (MuJoCo 3.8: their rotational axes turn with their
// body's whole angular velocity)
TEST(Jacobian, JacDot) {
  for (const char* name : {"arm.golden", "branch.golden", "humanoid.golden"}) {
    Loaded t;
    ASSERT_TRUE(LoadGolden(name, &t));
    const mjModel* m = t.m.get();
    mjData* d = t.d.get();
    int nv = m->nv, nq = m->nq;
    std::vector<mjtNum> q0(d->qpos, d->qpos + nq), v(d->qvel, d->qvel + nv);
    std::vector<mjtNum> jdp(3 * nv), jdr(3 * nv), Jp(3 * nv), Jr(3 * nv), Jm(3 * nv), Jmr(3 * nv);
    const mjtNum h = 1e-6;
    for (int b = 1; b < m->nbody; b++) {
      Probe p = {b, {0.05, 0.1, -0.1}};
      mjtNum point[3], quat[4];
      ProbePose(d, p, point, quat);
      mj_jacDot(m, d, jdp.data(), jdr.data(), point, b);

      // J at q +- h v, at the probe point carried along
      mju_copy(d->qpos, q0.data(), nq);
      mj_integratePos(m, d->qpos, v.data(), h);
      Forward(m, d);
      ProbePose(d, p, point, quat);
      mj_jac(m, d, Jp.data(), Jr.data(), point, b);
      mju_copy(d->qpos, q0.data(), nq);
      mj_integratePos(m, d->qpos, v.data(), -h);
      Forward(m, d);
      ProbePose(d, p, point, quat);
      mj_jac(m, d, Jm.data(), Jmr.data(), point, b);
      mju_copy(d->qpos, q0.data(), nq);
      Forward(m, d);

      for (int r = 0; r < 3; r++) {
        mjtNum dp = 0, dr = 0, fp = 0, fr = 0;
        for (int k = 0; k < nv; k++) {
          mjtNum colp = (Jp[r * nv + k] - Jm[r * nv + k]) / (2 * h);
          mjtNum colr = (Jr[r * nv + k] - Jmr[r * nv + k]) / (2 * h);
          dp += jdp[r * nv + k] * v[k];
          dr += jdr[r * nv + k] * v[k];
          fp += colp * v[k];
          fr += colr * v[k];
          EXPECT_NEAR(jdp[r * nv + k], colp, 1e-7) << name << " body " << b << " dof " << k;
          EXPECT_NEAR(jdr[r * nv + k], colr, 1e-7) << name << " body " << b << " dof " << k;
        }
        // sums of O(10) terms of size O(1): 1e-7
        EXPECT_NEAR(dp, fp, 1e-7) << name << " body " << b;
        EXPECT_NEAR(dr, fr, 1e-7) << name << " body " << b;
      }
    }
  }
}

// mj_applyFT adds J' [force; torque]
TEST(Jacobian, ApplyFT) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv;
  mjtNum f[3] = {0.3, -1.2, 2.0}, tq[3] = {-0.4, 0.1, 0.7}, point[3] = {0.5, 0.2, 1.1};
  std::vector<mjtNum> jp(3 * nv), jr(3 * nv), q(nv, 1.0), expect(nv);
  for (int b = 0; b < m->nbody; b++) {
    mj_jac(m, d, jp.data(), jr.data(), point, b);
    for (int k = 0; k < nv; k++) {
      expect[k] = 1.0;
      for (int r = 0; r < 3; r++) {
        expect[k] += jp[r * nv + k] * f[r] + jr[r * nv + k] * tq[r];
      }
    }
    q.assign(nv, 1.0);
    mj_applyFT(m, d, f, tq, point, b, q.data());
    for (int k = 0; k < nv; k++) {
      EXPECT_NEAR(q[k], expect[k], 1e-12);
    }
  }
}

// object velocity: J qvel at the object's origin (world), rotated into the object frame (local)
TEST(Jacobian, ObjectVelocity) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv;
  std::vector<mjtNum> jp(3 * nv), jr(3 * nv);
  for (int s = 0; s < m->nsite; s++) {
    mjtNum res[6], loc[6], v[3], w[3];
    mj_objectVelocity(m, d, mjOBJ_SITE, s, res, 0);
    mj_objectVelocity(m, d, mjOBJ_SITE, s, loc, 1);
    mj_jacSite(m, d, jp.data(), jr.data(), s);
    mju_mulMatVec(v, jp.data(), d->qvel, 3, nv);
    mju_mulMatVec(w, jr.data(), d->qvel, 3, nv);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(res[k], w[k], 1e-12);
      EXPECT_NEAR(res[3 + k], v[k], 1e-12);
    }
    mjtNum wl[3], vl[3];
    mju_mulMatTVec3(wl, d->site_xmat + 9 * s, w);
    mju_mulMatTVec3(vl, d->site_xmat + 9 * s, v);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(loc[k], wl[k], 1e-12);
      EXPECT_NEAR(loc[3 + k], vl[k], 1e-12);
    }
  }
  mjtNum res[6];
  mj_objectVelocity(m, d, mjOBJ_XBODY, 0, res, 0);
  for (int k = 0; k < 6; k++) {
    EXPECT_EQ(res[k], 0);
  }
}

// object acceleration (gravity off): linear part = Jdot qvel + J qacc at the point
TEST(Jacobian, ObjectAcceleration) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv;
  m->opt.disableflags |= mjDSBL_GRAVITY;
  for (int i = 0; i < nv; i++) {
    d->qacc[i] = std::sin(0.4 * i + 1);
  }
  mj_rnePostConstraint(m, d);
  std::vector<mjtNum> jp(3 * nv), jr(3 * nv), jdp(3 * nv), jdr(3 * nv);
  for (int s = 0; s < m->nsite; s++) {
    mjtNum acc[6], a[3], alpha[3], tmp[3];
    mj_objectAcceleration(m, d, mjOBJ_SITE, s, acc, 0);
    int b = m->site_bodyid[s];
    mj_jac(m, d, jp.data(), jr.data(), d->site_xpos + 3 * s, b);
    mj_jacDot(m, d, jdp.data(), jdr.data(), d->site_xpos + 3 * s, b);
    mju_mulMatVec(a, jp.data(), d->qacc, 3, nv);
    mju_mulMatVec(tmp, jdp.data(), d->qvel, 3, nv);
    mju_addTo3(a, tmp);
    mju_mulMatVec(alpha, jr.data(), d->qacc, 3, nv);
    mju_mulMatVec(tmp, jdr.data(), d->qvel, 3, nv);
    mju_addTo3(alpha, tmp);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(acc[k], alpha[k], 1e-10) << "site " << s;
      EXPECT_NEAR(acc[3 + k], a[k], 1e-10) << "site " << s;
    }
  }
  m->opt.disableflags &= ~mjDSBL_GRAVITY;
}

// sparse chains: mj_jacSparse gives the nonzero columns of mj_jac
TEST(Jacobian, SparseChains) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  const mjData* d = t.d.get();
  int nv = m->nv;
  std::vector<int> chain(nv);
  std::vector<mjtNum> jp(3 * nv), jr(3 * nv), sp(3 * nv), sr(3 * nv);
  mjtNum point[3] = {0.1, 0.2, 0.3};
  for (int b1 = 0; b1 < m->nbody; b1++) {
    for (int b2 = 0; b2 < m->nbody; b2++) {
      int n = mj_mergeChain(m, chain.data(), b1, b2);
      // increasing, and exactly the dofs with a nonzero column for b1 or b2
      for (int i = 1; i < n; i++) {
        EXPECT_LT(chain[i - 1], chain[i]);
      }
      std::vector<int> c1(nv), c2(nv);
      int n1 = mj_bodyChain(m, b1, c1.data()), n2 = mj_bodyChain(m, b2, c2.data());
      std::vector<bool> in(nv, false);
      for (int i = 0; i < n1; i++) {
        in[c1[i]] = true;
      }
      for (int i = 0; i < n2; i++) {
        in[c2[i]] = true;
      }
      int count = 0;
      for (int k = 0; k < nv; k++) {
        count += in[k];
      }
      EXPECT_EQ(n, count);
      for (int i = 0; i < n; i++) {
        EXPECT_TRUE(in[chain[i]]);
      }

      mj_jac(m, d, jp.data(), jr.data(), point, b1);
      mj_jacSparse(m, d, sp.data(), sr.data(), point, b1, n, chain.data());
      for (int r = 0; r < 3; r++) {
        for (int i = 0; i < n; i++) {
          EXPECT_EQ(sp[r * n + i], jp[r * nv + chain[i]]);
          EXPECT_EQ(sr[r * n + i], jr[r * nv + chain[i]]);
        }
      }
    }
  }
}

// bad ids are errors, not crashes
TEST(Jacobian, InvalidIds) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("arm.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  std::vector<mjtNum> J(3 * m->nv);
  mjtNum res[6], point[3] = {0, 0, 0};
  ScopedErrorCapture capture;
  EXPECT_THROW(mj_jac(m, d, J.data(), nullptr, point, m->nbody), MujocoError);
  EXPECT_THROW(mj_jacSite(m, d, J.data(), nullptr, -1), MujocoError);
  EXPECT_THROW(mj_jacGeom(m, d, J.data(), nullptr, m->ngeom), MujocoError);
  EXPECT_THROW(mj_objectVelocity(m, d, mjOBJ_JOINT, 0, res, 0), MujocoError);
  EXPECT_THROW(mj_objectVelocity(m, d, mjOBJ_SITE, 5, res, 0), MujocoError);
  EXPECT_THROW(mj_angmomMat(m, d, J.data(), -2), MujocoError);
}

}  // namespace
}  // namespace motus_test
