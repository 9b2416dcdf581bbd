// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The multi-contact feature search of convex meshes (multiccd) walks the hull graph around the
// top vertex instead of testing every vertex. Both must give the same contacts to the last bit:
// rounded-cube meshes (flat faces, so exact ties between vertices) are posed at random and at
// exactly aligned orientations, and dropped into a box to rest face on face, and every contact
// and state is compared between the graph search and the full scan (mjc_featureFullScan).

#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"

namespace motus_test {
namespace {

// A cube of half-size 1 with rounded corners: 7 points per corner on an octant of the corner
// sphere (radius r), so the faces are flat squares, the edges flat strips.
std::string RoundedCubeVertices(double r) {
  const double dirs[7][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0},
                             {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
  std::ostringstream s;
  s.precision(17);
  for (int c = 0; c < 8; c++) {
    double sg[3] = {c & 1 ? 1.0 : -1.0, c & 2 ? 1.0 : -1.0, c & 4 ? 1.0 : -1.0};
    for (const auto& d : dirs) {
      double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      for (int k = 0; k < 3; k++) {
        s << sg[k] * ((1 - r) + r * d[k] / len) << ' ';
      }
    }
  }
  return s.str();
}

std::string DiceModel(int ndice) {
  std::ostringstream x;
  x << "<mujoco><option><flag multiccd='enable'/></option><asset>"
    << "<mesh name='die' scale='.02 .02 .02' vertex='" << RoundedCubeVertices(0.2) << "'/>"
    << "<mesh name='flat' scale='.02 .03 .015' vertex='" << RoundedCubeVertices(0.05) << "'/>"
    << "</asset><default><geom condim='1' solref='2e-5 1'/></default><worldbody>"
    << "<geom type='box' size='.3 .3 .01' pos='0 0 -.01'/>"
    << "<geom type='box' size='.3 .01 .1' pos='0 .3 .1'/>"
    << "<geom type='box' size='.3 .01 .1' pos='0 -.3 .1'/>"
    << "<geom type='box' size='.01 .3 .1' pos='.3 0 .1'/>"
    << "<geom type='box' size='.01 .3 .1' pos='-.3 0 .1'/>";
  for (int i = 0; i < ndice; i++) {
    x << "<body pos='" << -0.15 + 0.1 * (i % 4) << ' ' << -0.15 + 0.1 * ((i / 4) % 4) << ' '
      << 0.05 + 0.06 * (i / 16) << "'><freejoint/><geom type='mesh' mesh='"
      << (i % 3 == 2 ? "flat" : "die") << "'/></body>";
  }
  x << "</worldbody></mujoco>";
  return x.str();
}

mjModel* LoadString(const std::string& xml) {
  mjSpec* spec = mj_parseXMLString(xml.c_str(), nullptr, nullptr, 0);
  if (!spec) {
    return nullptr;
  }
  mjModel* m = mj_compile(spec, nullptr);
  mj_deleteSpec(spec);
  return m;
}

// the contacts of d as raw bytes of the compared fields
std::vector<double> ContactBits(const mjData* d) {
  std::vector<double> out;
  for (int i = 0; i < d->ncon; i++) {
    const mjContact& c = d->contact[i];
    out.push_back(c.dist);
    out.insert(out.end(), c.pos, c.pos + 3);
    out.insert(out.end(), c.frame, c.frame + 9);
    out.push_back(c.geom[0]);
    out.push_back(c.geom[1]);
  }
  return out;
}

bool SameBits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

struct Lcg {
  unsigned long long s = 987654321;
  double Uniform() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(s >> 11) / 9007199254740992.0;
  }
};

TEST(FeatureSearch, RandomAndAlignedPosesGiveTheSameContacts) {
  mjModel* m = LoadString(DiceModel(16));
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  Lcg rng;
  int multi = 0;
  for (int trial = 0; trial < 300; trial++) {
    // dice packed closely so that many touch; every third trial aligned to the axes (ties)
    for (int b = 1; b < m->nbody; b++) {
      mjtNum* q = d->qpos + m->jnt_qposadr[m->body_jntadr[b]];
      int i = b - 1;
      q[0] = -0.09 + 0.045 * (i % 4) + 0.004 * (rng.Uniform() - 0.5);
      q[1] = -0.09 + 0.045 * (i / 4) + 0.004 * (rng.Uniform() - 0.5);
      q[2] = 0.0195 + 0.002 * (rng.Uniform() - 0.5);
      if (trial % 3 == 0) {
        q[3] = 1;
        q[4] = q[5] = q[6] = 0;
      } else {
        for (int k = 3; k < 7; k++) {
          q[k] = rng.Uniform() - 0.5 + (k == 3 ? 2 : 0) * (trial % 3 == 1);
        }
        mju_normalize4(q + 3);
      }
    }
    mjc_featureFullScan = 1;
    mj_forward(m, d);
    std::vector<double> full = ContactBits(d);
    int nfull = d->ncon;
    mjc_featureFullScan = 0;
    mj_forward(m, d);
    ASSERT_EQ(d->ncon, nfull) << "trial " << trial;
    ASSERT_TRUE(SameBits(ContactBits(d), full)) << "trial " << trial;
    multi += nfull;
  }
  EXPECT_GT(multi, 300 * 16);  // multi-contacts happened (more than one contact per die)
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(FeatureSearch, DroppedDiceTrajectoryIsTheSame) {
  mjModel* m = LoadString(DiceModel(40));
  ASSERT_NE(m, nullptr);
  std::vector<double> qpos[2];
  long ncon[2] = {0, 0};
  for (int pass = 0; pass < 2; pass++) {
    mjc_featureFullScan = pass;
    mjData* d = mj_makeData(m);
    for (int k = 0; k < 600; k++) {
      mj_step(m, d);
      ncon[pass] += d->ncon;
    }
    qpos[pass].assign(d->qpos, d->qpos + m->nq);
    mj_deleteData(d);
  }
  mjc_featureFullScan = 0;
  EXPECT_EQ(ncon[0], ncon[1]);
  EXPECT_GT(ncon[0], 600 * 40);  // resting on faces: several contacts per die
  EXPECT_TRUE(SameBits(qpos[0], qpos[1]));
  mj_deleteModel(m);
}

}  // namespace
}  // namespace motus_test
