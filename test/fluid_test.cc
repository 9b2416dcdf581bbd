// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Fluid forces (engine_passive_fluid.h, computation_fluid.rst): qfrc_fluid against the MuJoCo
// 3.3.8 oracle at sampled states, closed forms for simple shapes in both models, the wind as a
// change of reference frame, and the analytic velocity derivative (mjd_fluidVel) against
// finite differences.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_passive.h"
#include "engine/engine_passive_fluid.h"
#include "tendon_testutil.h"

namespace motus_test {
namespace {

void Passive(const mjModel* m, mjData* d) {
  PositionStages(m, d);
  VelocityStages(m, d);
  mj_passive(m, d);
}

ModelPtr CompileString(const char* xml) {
  mjSpec* spec = mj_parseXMLString(xml, nullptr, nullptr, 0);
  EXPECT_TRUE(spec);
  if (!spec) {
    return nullptr;
  }
  ModelPtr model(mj_compile(spec, nullptr));
  mj_deleteSpec(spec);
  EXPECT_TRUE(model);
  return model;
}

class FluidGolden : public ::testing::TestWithParam<GoldenModel> {};

// golden data: test/data/tendon/make_golden.py; the ellipsoid-model coefficients are the
// oracle's (UseOracleFluidCoefficients: the compiler's quadrature differs at ~1e-7)
TEST_P(FluidGolden, MatchesOracle) {
  GoldenCase c;
  std::string skip;
  if (!OpenCase(GetParam(), &c, &skip)) {
    if (!skip.empty()) {
      GTEST_SKIP() << skip;
    }
    return;
  }
  UseOracleFluidCoefficients(&c);
  const mjModel* m = c.m.get();
  mjData* d = c.d.get();
  if (!(m->opt.density > 0 || m->opt.viscosity > 0)) {
    GTEST_SKIP() << "no fluid";
  }
  for (int r = 0; r < c.g->num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    SetState(*c.g, r, m, d);
    Passive(m, d);
    EXPECT_TRUE(
        NearArrays("qfrc_fluid", d->qfrc_fluid, m->nv, c.g->get(r, "qfrc_fluid"), kRtol, kAtol));
  }
}

INSTANTIATE_TEST_SUITE_P(Models, FluidGolden, ::testing::ValuesIn(GoldenModels()),
                         [](const ::testing::TestParamInfo<GoldenModel>& info) {
                           return std::string(info.param.name);
                         });

// ---------------------------------------------------------------------------------------------
// closed forms (computation_fluid.rst) for a body translating along x without rotation

// Inertia model: a single box of half-sizes (a, b, c) is its own equivalent inertia box, so for
// a velocity v along x: f_x = -2 rho b c |v| v - 6 pi beta r_eq v, r_eq = (a + b + c) / 3.
TEST(FluidClosedForm, InertiaBoxTranslation) {
  ModelPtr model = CompileString(
      "<mujoco><option density='1.3' viscosity='0.02' gravity='0 0 0'/><worldbody>"
      "<body><freejoint/><geom type='box' size='0.3 0.2 0.1'/></body></worldbody></mujoco>");
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  const mjtNum v = -1.7, rho = 1.3, beta = 0.02, a = 0.3, b = 0.2, c = 0.1;
  d->qvel[0] = v;
  Passive(m, d);
  mjtNum expected = -2 * rho * b * c * std::fabs(v) * v - 6 * mjPI * beta * (a + b + c) / 3 * v;
  // the box half-sizes come back from the inertia through a square root: rounding only
  EXPECT_NEAR(d->qfrc_fluid[0], expected, 1e-12 * std::fabs(expected));
  for (int i = 1; i < 6; i++) {
    EXPECT_NEAR(d->qfrc_fluid[i], 0, 1e-14) << "dof " << i;
  }
}

// Ellipsoid model, sphere of radius r: the projected area is pi r^2 = A_max, the Kutta lift and
// the added-mass and Magnus terms vanish without rotation, so
// f_x = -(rho C_blunt pi r^2 |v| + 6 pi r beta) v.
TEST(FluidClosedForm, EllipsoidSphereTranslation) {
  ModelPtr model = CompileString(
      "<mujoco><option density='900' viscosity='0.05' gravity='0 0 0'/><worldbody>"
      "<body><freejoint/><geom type='sphere' size='0.07' fluidshape='ellipsoid' "
      "fluidcoef='0.6 0.3 1.2 0.8 1.1'/></body></worldbody></mujoco>");
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  const mjtNum v = 0.9, rho = 900, beta = 0.05, r = 0.07, cblunt = 0.6;
  d->qvel[0] = v;
  Passive(m, d);
  mjtNum expected = -(rho * cblunt * mjPI * r * r * std::fabs(v) + 6 * mjPI * r * beta) * v;
  EXPECT_NEAR(d->qfrc_fluid[0], expected, 1e-12 * std::fabs(expected));
  for (int i = 1; i < 6; i++) {
    EXPECT_NEAR(d->qfrc_fluid[i], 0, 1e-12) << "dof " << i;
  }
}

// ---------------------------------------------------------------------------------------------
// wind: only the velocity relative to the medium matters. Shifting the translational velocity
// of every free joint by -wind and removing the wind gives the same forces (every point of the
// swimmer's trees moves with its root's translation).
TEST(Fluid, WindIsARelativeVelocity) {
  ModelPtr model = LoadModel(TendonData("swimmer.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  Golden g(TendonData("swimmer.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  mjtNum wind[3];
  mju_copy3(wind, m->opt.wind);
  ASSERT_GT(mju_norm3(wind), 0);
  for (int r = 0; r < g.num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    mju_copy3(m->opt.wind, wind);
    SetState(g, r, m, d);
    Passive(m, d);
    std::vector<mjtNum> with(d->qfrc_fluid, d->qfrc_fluid + m->nv);

    mju_zero3(m->opt.wind);
    for (int j = 0; j < m->njnt; j++) {
      if (m->jnt_type[j] == mjJNT_FREE) {
        mju_subFrom3(d->qvel + m->jnt_dofadr[j], wind);
      }
    }
    Passive(m, d);
    // the same numbers up to the rounding of the velocity sums
    EXPECT_TRUE(NearArrays("qfrc_fluid", d->qfrc_fluid, m->nv, with, 1e-10, 1e-13));
  }
}

// ---------------------------------------------------------------------------------------------
// velocity derivative

// dense nv x nv matrix of the D layout (engine_setconst.h)
std::vector<mjtNum> DenseD(const mjModel* m, const mjtNum* val) {
  int nv = m->nv;
  std::vector<mjtNum> D(nv * nv, 0);
  for (int i = 0; i < nv; i++) {
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      int adr = m->D_rowadr[i] + k;
      D[i * nv + m->D_colind[adr]] = val[adr];
    }
  }
  return D;
}

// mjd_fluidVel against central differences of qfrc_fluid in each qvel, step 1e-6. The forces
// are polynomial in the local velocity except for the norms |v|, |w|, |c o w| (smooth away from
// zero velocity, which the sampled states avoid), so the truncation error is ~h^2 f''' ~1e-12;
// rounding ~1e-16 |f| / h. Bound: 1e-6 relative to the largest entry of the matrix.
// The velocities are the golden states' times 10: mjd_fluidVel floors the denominator of the
// drag-area gradient at mjMINVAL as MuJoCo 3.3.8 does (engine_passive_fluid.cc, dragDeriv),
// which departs from the exact derivative for small, slow geoms (sqrt(P Q^3) ~ size^10
// speed^4 < mjMINVAL); the swimmer's segments at the recorded speeds are in that regime.
void CheckFluidDerivative(mjModel* m, mjData* d, const Golden& g) {
  int nv = m->nv;
  const mjtNum h = 1e-6;
  for (int r = 0; r < g.num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    SetState(g, r, m, d);
    for (int i = 0; i < nv; i++) {
      d->qvel[i] *= 10;
    }
    Passive(m, d);
    mju_zero(d->qDeriv, m->nD);
    mjd_fluidVel(m, d);
    std::vector<mjtNum> analytic = DenseD(m, d->qDeriv);

    std::vector<mjtNum> fd(nv * nv), qvel(d->qvel, d->qvel + nv), fp(nv);
    for (int k = 0; k < nv; k++) {
      for (int s = 0; s < 2; s++) {
        mju_copy(d->qvel, qvel.data(), nv);
        d->qvel[k] += s ? -h : h;
        Passive(m, d);
        if (!s) {
          mju_copy(fp.data(), d->qfrc_fluid, nv);
        } else {
          for (int i = 0; i < nv; i++) {
            fd[i * nv + k] = (fp[i] - d->qfrc_fluid[i]) / (2 * h);
          }
        }
      }
    }
    mju_copy(d->qvel, qvel.data(), nv);
    mjtNum scale = 0;
    for (mjtNum x : fd) {
      scale = mju_max(scale, std::fabs(x));
    }
    ASSERT_GT(scale, 0);
    EXPECT_TRUE(NearArrays("d qfrc_fluid / d qvel", analytic.data(), nv * nv, fd, 0, 1e-6 * scale));
  }
}

TEST(FluidDerivative, SwimmerMatchesFiniteDifferences) {
  ModelPtr model = LoadModel(TendonData("swimmer.xml"));
  ASSERT_TRUE(model);
  DataPtr data(mj_makeData(model.get()));
  Golden g(TendonData("swimmer.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  CheckFluidDerivative(model.get(), data.get(), g);
}

TEST(FluidDerivative, PassiveModelMatchesFiniteDifferences) {
  ModelPtr model = LoadModel(TendonData("passive.xml"));
  ASSERT_TRUE(model);
  DataPtr data(mj_makeData(model.get()));
  Golden g(TendonData("passive.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  CheckFluidDerivative(model.get(), data.get(), g);
}

// no medium: no forces, no derivative
TEST(Fluid, NoMediumNoForce) {
  ModelPtr model = LoadModel(TendonData("swimmer.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  m->opt.density = 0;
  m->opt.viscosity = 0;
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  Golden g(TendonData("swimmer.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  SetState(g, 1, m, d);
  Passive(m, d);
  EXPECT_TRUE(mju_isZero(d->qfrc_fluid, m->nv));
  mju_zero(d->qDeriv, m->nD);
  mjd_fluidVel(m, d);
  EXPECT_TRUE(mju_isZero(d->qDeriv, m->nD));
}

// ---------------------------------------------------------------------------------------------
// geom_fluid (FluidCoefficients, computation_fluid.rst "Added mass")

// Against the oracle on ellipsoids of several aspect ratios and on the equivalent ellipsoid of
// every geom type (sphere, capsule, cylinder, box, mesh). Golden data:
// test/data/fluid/make_golden.sh (tools/gen_golden.py shapes.xml --fields m.geom_fluid,...).
TEST(FluidCoefficients, MatchesOracle) {
  ModelPtr model = LoadModel(SourcePath("test/data/fluid/shapes.xml"));
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  Golden g(SourcePath("test/data/fluid/shapes_fluid.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  // the equivalent ellipsoid of a mesh geom is its geom_size
  EXPECT_TRUE(
      NearArrays("geom_size", m->geom_size, 3 * m->ngeom, g.get(0, "m.geom_size"), 1e-12, 0));
  // MuJoCo 3.3.8 evaluates the kappa integrals by a fixed quadrature whose relative error on
  // these shapes reaches 8.8e-7 (measured against the exact integral); we evaluate them exactly
  // (Carlson's R_D), hence 2e-6. The flag and the five coefficients are copied: exact.
  const std::vector<double>& fluid = g.get(0, "m.geom_fluid");
  ASSERT_EQ(static_cast<int>(fluid.size()), mjNFLUID * m->ngeom);
  for (int i = 0; i < m->ngeom; i++) {
    SCOPED_TRACE("geom " + std::to_string(i));
    const mjtNum* f = m->geom_fluid + mjNFLUID * i;
    std::vector<double> head(fluid.begin() + mjNFLUID * i, fluid.begin() + mjNFLUID * i + 6);
    std::vector<double> tail(fluid.begin() + mjNFLUID * i + 6, fluid.begin() + mjNFLUID * (i + 1));
    EXPECT_TRUE(NearArrays("geom_fluid[0:6]", f, 6, head, 0, 0));
    EXPECT_TRUE(NearArrays("geom_fluid[6:12]", f + 6, 6, tail, 2e-6, 1e-300));
  }
}

// kappa_i recovered from the virtual mass V k / (2 - k) of an ellipsoid
void Kappas(const mjModel* m, int geom, const double r[3], double k[3]) {
  double V = 4.0 / 3.0 * mjPI * r[0] * r[1] * r[2];
  for (int i = 0; i < 3; i++) {
    double a = m->geom_fluid[mjNFLUID * geom + 6 + i] / V;
    k[i] = 2 * a / (1 + a);
  }
}

// Independent identities of the exact integrals: k_x + k_y + k_z = 2 for any ellipsoid, 2/3
// each for a sphere, and Lamb's closed form for a prolate spheroid (a = b < c, eccentricity e):
// k_z = 2 (1 - e^2) / e^3 (atanh(e) - e), k_x = k_y = (2 - k_z) / 2.
TEST(FluidCoefficients, ExactIdentities) {
  ModelPtr model = CompileString(
      "<mujoco><option density='1'/><worldbody><body><freejoint/>"
      "<geom type='ellipsoid' size='0.7 0.7 0.7' fluidshape='ellipsoid'/>"
      "<geom type='ellipsoid' size='1 1 3' fluidshape='ellipsoid'/>"
      "<geom type='ellipsoid' size='0.1 0.2 0.3' fluidshape='ellipsoid'/>"
      "<geom type='ellipsoid' size='1 1 1e-4' fluidshape='ellipsoid'/>"
      "<geom type='ellipsoid' size='2 1e-3 5e-2' fluidshape='ellipsoid'/>"
      "</body></worldbody></mujoco>");
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  for (int i = 0; i < m->ngeom; i++) {
    const double* r = m->geom_size + 3 * i;
    double k[3];
    Kappas(m, i, r, k);
    // recovering k from V k / (2 - k) loses ~|2 - k| / k relative: 1e-9 covers k up to 2 - 1e-4
    EXPECT_NEAR(k[0] + k[1] + k[2], 2, 1e-9) << "geom " << i;
  }
  double k[3];
  Kappas(m, 0, m->geom_size, k);
  for (int i = 0; i < 3; i++) {
    EXPECT_NEAR(k[i], 2.0 / 3.0, 1e-14);
  }
  Kappas(m, 1, m->geom_size + 3, k);
  double e = std::sqrt(1 - 1.0 / 9.0);
  double kz = 2 * (1 - e * e) / (e * e * e) * (std::atanh(e) - e);
  EXPECT_NEAR(k[2], kz, 1e-13);
  EXPECT_NEAR(k[0], (2 - kz) / 2, 1e-13);
  EXPECT_NEAR(k[1], (2 - kz) / 2, 1e-13);
}

}  // namespace
}  // namespace motus_test
