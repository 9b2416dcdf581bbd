// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flexes and flexcomps: the expansion of <flexcomp> into bodies, joints, a flex and its equality
// (XMLreference.rst body/flexcomp), the compiled flex topology (edges, elements, shells), flex
// kinematics (mj_flex), edge dampers and the edge equality constraint, and the errors of
// malformed flexcomp attributes (with file and line).

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "golden.h"

namespace {

mjModel* Load(const std::string& xml, std::string* error = nullptr) {
  char err[1000] = "";
  mjSpec* s = mj_parseXMLString(xml.c_str(), nullptr, err, sizeof(err));
  if (!s) {
    if (error) {
      *error = err;
    }
    return nullptr;
  }
  mjModel* m = mj_compile(s, nullptr);
  if (!m && error) {
    *error = mjs_getError(s);
  }
  mj_deleteSpec(s);
  return m;
}

std::string LoadError(const std::string& xml) {
  std::string e;
  mjModel* m = Load(xml, &e);
  EXPECT_EQ(m, nullptr) << xml;
  mj_deleteModel(m);
  return e;
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// a chain of four points along x, the first pinned to the world
const char* kChain = R"(<mujoco>
  <worldbody>
    <flexcomp name="rope" type="grid" dim="1" count="4 1 1" spacing="0.1 0.1 0.1" mass="2"
              inertiabox="0.01" radius="0.01">
      <pin id="0"/>
      <edge equality="true" damping="3"/>
    </flexcomp>
  </worldbody>
  <equality>
    <weld body1="rope_3"/>
  </equality>
</mujoco>)";

TEST(Flexcomp, ChainBodiesJointsAndEquality) {
  std::string err;
  mjModel* m = Load(kChain, &err);
  ASSERT_NE(m, nullptr) << err;
  // world + three point bodies with three slides each
  EXPECT_EQ(m->nbody, 4);
  EXPECT_EQ(m->njnt, 9);
  EXPECT_EQ(m->nflex, 1);
  for (int b = 1; b < 4; b++) {
    std::string name = "rope_" + std::to_string(b);
    EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, name.c_str()), b);
    // mass shared by all four points (pinned ones included); box-equivalent inertia
    EXPECT_DOUBLE_EQ(m->body_mass[b], 0.5);
    EXPECT_NEAR(m->body_inertia[3 * b], 0.5 * 0.01 * 0.01 * 2 / 3, 1e-15);
    EXPECT_NEAR(m->body_pos[3 * b], 0.1 * b - 0.15, 1e-15);
    for (int j = 0; j < 3; j++) {
      int jnt = m->body_jntadr[b] + j;
      EXPECT_EQ(m->jnt_type[jnt], mjJNT_SLIDE);
      EXPECT_EQ(m->jnt_axis[3 * jnt + j], 1);
    }
  }
  // the pinned point is a vertex of the world at its position; the others at their body origins
  EXPECT_EQ(m->flex_vertbodyid[0], 0);
  EXPECT_NEAR(m->flex_vert[0], -0.15, 1e-15);
  EXPECT_EQ(m->flex_vertbodyid[3], 3);
  EXPECT_EQ(m->flex_edgenum[0], 3);
  EXPECT_EQ(m->flex_elemnum[0], 3);
  for (int e = 0; e < 3; e++) {
    EXPECT_NEAR(m->flexedge_length0[e], 0.1, 1e-12);
  }
  // the flexcomp's equality follows the <equality> section's
  ASSERT_EQ(m->neq, 2);
  EXPECT_EQ(m->eq_type[0], mjEQ_WELD);
  EXPECT_EQ(m->eq_type[1], mjEQ_FLEX);
  EXPECT_EQ(m->eq_obj1id[1], 0);
  EXPECT_DOUBLE_EQ(m->flex_edgedamping[0], 3);
  mj_deleteModel(m);
}

TEST(Flexcomp, GridTopology) {
  std::string err;
  mjModel* m = Load(R"(<mujoco><worldbody>
    <flexcomp name="cloth" type="grid" dim="2" count="3 3 1" spacing="0.2 0.2 0.2"/>
  </worldbody></mujoco>)",
                    &err);
  ASSERT_NE(m, nullptr) << err;
  EXPECT_EQ(m->nflexvert, 9);
  EXPECT_EQ(m->nflexelem, 8);
  // 6 + 6 grid lines and one diagonal per cell
  EXPECT_EQ(m->nflexedge, 16);
  // the 8 boundary edges, 2 vertex ids each
  EXPECT_EQ(m->flex_shellnum[0], 8);
  EXPECT_EQ(m->nflexshelldata, 16);
  int ndiag = 0;
  for (int e = 0; e < m->nflexedge; e++) {
    double len = m->flexedge_length0[e];
    EXPECT_TRUE(std::fabs(len - 0.2) < 1e-12 || std::fabs(len - 0.2 * std::sqrt(2.0)) < 1e-12);
    ndiag += std::fabs(len - 0.2) > 1e-12;
  }
  EXPECT_EQ(ndiag, 4);
  // counter-clockwise triangles (normal +z) and every element edge is one of its edges
  for (int t = 0; t < m->nflexelem; t++) {
    const int* v = m->flex_elem + 3 * t;
    double a[3], b[3], n[3];
    for (int k = 0; k < 3; k++) {
      a[k] = m->body_pos[3 * m->flex_vertbodyid[v[1]] + k] -
             m->body_pos[3 * m->flex_vertbodyid[v[0]] + k];
      b[k] = m->body_pos[3 * m->flex_vertbodyid[v[2]] + k] -
             m->body_pos[3 * m->flex_vertbodyid[v[0]] + k];
    }
    mju_cross(n, a, b);
    EXPECT_GT(n[2], 0) << t;
    for (int k = 0; k < 3; k++) {
      const int* ed = m->flex_edge + 2 * m->flex_elemedge[3 * t + k];
      int p = v[(k + 1) % 3], q = v[(k + 2) % 3];
      EXPECT_EQ(ed[0], std::min(p, q));
      EXPECT_EQ(ed[1], std::max(p, q));
    }
  }
  mj_deleteModel(m);
}

// A 2D grid with a material gets texture coordinates spanning the texture once, point (ix, iy)
// at (ix / (count[0] - 1), iy / (count[1] - 1)) in single precision (values measured on MuJoCo
// 3.8.0 for this grid); without a material, or in 1D, it gets none.
TEST(Flexcomp, GridTextureCoordinates) {
  const char* grid = R"(<mujoco><asset><material name="m"/></asset><worldbody>
    <flexcomp name="f" type="grid" count="%s" spacing="0.2 0.2 0.2" radius="0.01" %s/>
  </worldbody></mujoco>)";
  char xml[1000];
  std::snprintf(xml, sizeof(xml), grid, "4 3 1", "dim=\"2\" material=\"m\"");
  std::string err;
  mjModel* m = Load(xml, &err);
  ASSERT_NE(m, nullptr) << err;
  ASSERT_EQ(m->nflextexcoord, 12);
  EXPECT_EQ(m->flex_texcoordadr[0], 0);
  const float third = 1.0f / 3, two_thirds = 2.0f / 3;
  const float expected[24] = {0,          0,    0,     0.5f, 0,          1,    third,      0,
                              third,      0.5f, third, 1,    two_thirds, 0,    two_thirds, 0.5f,
                              two_thirds, 1,    1,     0,    1,          0.5f, 1,          1};
  for (int i = 0; i < 24; i++) {
    EXPECT_EQ(m->flex_texcoord[i], expected[i]) << i;
  }
  EXPECT_EQ(m->flex_texcoord[6], 0.333333343f);
  mj_deleteModel(m);
  for (const char* other : {"dim=\"2\"", "dim=\"1\" material=\"m\""}) {
    std::snprintf(xml, sizeof(xml), grid, "4 3 1", other);
    m = Load(xml, &err);
    ASSERT_NE(m, nullptr) << err;
    EXPECT_EQ(m->nflextexcoord, 0) << other;
    EXPECT_EQ(m->flex_texcoordadr[0], -1) << other;
    mj_deleteModel(m);
  }
}

// In 3D, grid points get (ix / (count[0] - 1), iy / (count[1] - 1)), and the points of a box,
// cylinder or ellipsoid (a, b) / (count - 1) of the face (outer, inner axes) that adds them, the
// center (0, 0); their texture elements keep the corners before the tetrahedra are oriented.
// Values measured on MuJoCo 3.8.0 for these flexcomps.
TEST(Flexcomp, SolidTextureCoordinates) {
  const char* solid = R"(<mujoco><asset><material name="m"/></asset><worldbody>
    <flexcomp name="f" type="%s" count="%s" spacing="0.2 0.3 0.2" radius="0.01" dim="3"
              material="m"/>
  </worldbody></mujoco>)";
  char xml[1000];
  std::snprintf(xml, sizeof(xml), solid, "grid", "3 4 2");
  std::string err;
  mjModel* m = Load(xml, &err);
  ASSERT_NE(m, nullptr) << err;
  ASSERT_EQ(m->nflextexcoord, 24);
  for (int i = 0; i < 24; i++) {
    int ix = i / 8, iy = (i / 2) % 4;
    EXPECT_EQ(m->flex_texcoord[2 * i], ix / 2.0f) << i;
    EXPECT_EQ(m->flex_texcoord[2 * i + 1], iy / 3.0f) << i;
  }
  mj_deleteModel(m);

  for (const char* type : {"box", "cylinder", "ellipsoid"}) {
    std::snprintf(xml, sizeof(xml), solid, type, "3 3 3");
    m = Load(xml, &err);
    ASSERT_NE(m, nullptr) << err;
    // center; faces z-, z+ (x, y); new points of y-, y+ (x, z), then of x-, x+ (y, z)
    const float expected[54] = {0,    0,    0,    0,    0,    0.5f, 0,    1,    0.5f, 0,   0.5f,
                                0.5f, 0.5f, 1,    1,    0,    1,    0.5f, 1,    1,    0,   0,
                                0,    0.5f, 0,    1,    0.5f, 0,    0.5f, 0.5f, 0.5f, 1,   1,
                                0,    1,    0.5f, 1,    1,    0,    0.5f, 0.5f, 0.5f, 1,   0.5f,
                                0,    0.5f, 0.5f, 0.5f, 1,    0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
    ASSERT_EQ(m->nflextexcoord, 27) << type;
    for (int i = 0; i < 54; i++) {
      EXPECT_EQ(m->flex_texcoord[i], expected[i]) << type << " " << i;
    }
    const int elem[8] = {0, 1, 4, 5, 0, 2, 1, 5}, elemtex[8] = {0, 1, 4, 5, 0, 1, 2, 5};
    for (int i = 0; i < 8; i++) {
      EXPECT_EQ(m->flex_elem[i], elem[i]) << type << " " << i;
      EXPECT_EQ(m->flex_elemtexcoord[i], elemtex[i]) << type << " " << i;
    }
    mj_deleteModel(m);
  }
}

TEST(Flexcomp, SolidCubeTetrahedra) {
  std::string err;
  mjModel* m = Load(R"(<mujoco><worldbody>
    <flexcomp name="cube" type="grid" dim="3" count="2 2 2" spacing="0.1 0.1 0.1" radius="0"/>
  </worldbody></mujoco>)",
                    &err);
  ASSERT_NE(m, nullptr) << err;
  EXPECT_EQ(m->nflexelem, 6);
  // 12 cube edges, 6 face diagonals, 1 body diagonal
  EXPECT_EQ(m->nflexedge, 19);
  // the 12 boundary triangles
  EXPECT_EQ(m->flex_shellnum[0], 12);
  EXPECT_EQ(m->flex_flatskin[0], 1);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  double volume = 0;
  for (int t = 0; t < 6; t++) {
    const int* v = m->flex_elem + 4 * t;
    const mjtNum* x = d->flexvert_xpos;
    mjtNum a[3], b[3], c[3], n[3];
    mju_sub3(a, x + 3 * v[1], x + 3 * v[0]);
    mju_sub3(b, x + 3 * v[2], x + 3 * v[0]);
    mju_sub3(c, x + 3 * v[3], x + 3 * v[0]);
    mju_cross(n, a, b);
    double vol = mju_dot3(n, c) / 6;
    EXPECT_LT(vol, 0) << t;  // MuJoCo's tetrahedron orientation
    volume -= vol;
  }
  EXPECT_NEAR(volume, 0.001, 1e-15);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(Flexcomp, RadialEllipsoid) {
  std::string err;
  mjModel* m = Load(R"(<mujoco><worldbody><body name="ball"><freejoint/>
    <geom size="0.05"/>
    <flexcomp name="s" type="ellipsoid" dim="3" count="3 3 3" spacing="0.1 0.1 0.1" dof="radial"
              radius="0.001"/>
  </body></worldbody></mujoco>)",
                    &err);
  ASSERT_NE(m, nullptr) << err;
  // center (pinned to the parent) and the 26 shell points, each on a radial slider
  EXPECT_EQ(m->nflexvert, 27);
  EXPECT_EQ(m->nbody, 2 + 26);
  EXPECT_EQ(m->nv, 6 + 26);
  EXPECT_EQ(m->flex_vertbodyid[0], 1);
  for (int b = 2; b < m->nbody; b++) {
    int j = m->body_jntadr[b];
    const double* p = m->body_pos + 3 * b;
    EXPECT_NEAR(mju_norm3(p), 0.1, 1e-12);  // projected on the sphere of radius 0.1
    EXPECT_NEAR(mju_dot3(m->jnt_axis + 3 * j, p) / 0.1, 1, 1e-12);
  }
  // two triangles per face cell, each a tetrahedron with the center
  EXPECT_EQ(m->nflexelem, 6 * 4 * 2);
  mj_deleteModel(m);
}

TEST(Flexcomp, TrilinearNodes) {
  std::string err;
  mjModel* m = Load(R"(<mujoco><worldbody>
    <flexcomp name="t" type="grid" dim="3" count="3 3 3" spacing="0.1 0.1 0.1" dof="trilinear"
              mass="4" pos="0 0 1">
      <pin id="0 1"/>
    </flexcomp>
  </worldbody></mujoco>)",
                    &err);
  ASSERT_NE(m, nullptr) << err;
  EXPECT_EQ(m->nflexnode, 8);
  EXPECT_EQ(m->flex_interp[0], 1);
  EXPECT_EQ(m->nbody, 1 + 6);  // two corner nodes pinned
  EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, "t_1_1_1"), 6);
  EXPECT_DOUBLE_EQ(m->body_mass[1], 4.0 / 6);  // mass shared by the moving nodes
  EXPECT_EQ(m->flex_vertbodyid[0], -1);
  mjData* d = mj_makeData(m);
  // interpolation reproduces the reference shape; moving the far corner node moves the
  // vertex there by the same amount
  mj_forward(m, d);
  EXPECT_NEAR(d->flexvert_xpos[3 * 26 + 2], 1.1, 1e-12);
  d->qpos[m->jnt_qposadr[m->body_jntadr[6] + 2]] = 0.05;
  mj_forward(m, d);
  EXPECT_NEAR(d->flexvert_xpos[3 * 26 + 2], 1.15, 1e-12);
  EXPECT_NEAR(d->flexvert_xpos[3 * 13 + 2], 1.0 + 0.05 / 8, 1e-12);  // the center: weight 1/8
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(Flex, EdgeDamperAndEquality) {
  std::string err;
  mjModel* m = Load(kChain, &err);
  ASSERT_NE(m, nullptr) << err;
  mjData* d = mj_makeData(m);
  // stretch the last edge along x and move it: damping force -b v along the edge
  int b3 = mj_name2id(m, mjOBJ_BODY, "rope_3");
  int dof = m->body_dofadr[b3];
  d->qpos[m->jnt_qposadr[m->body_jntadr[b3]]] = 0.02;
  d->qvel[dof] = 0.5;
  mj_forward(m, d);
  EXPECT_NEAR(d->flexedge_length[2], 0.12, 1e-12);
  EXPECT_NEAR(d->flexedge_velocity[2], 0.5, 1e-12);
  EXPECT_NEAR(d->qfrc_damper[dof], -3 * 0.5, 1e-12);
  EXPECT_NEAR(d->qfrc_damper[dof - 3], 3 * 0.5, 1e-12);
  // edge equality rows: one per edge (the weld adds 6), residual length - length0
  EXPECT_EQ(d->ne, 6 + 3);
  int found = 0;
  for (int i = 0; i < d->nefc; i++) {
    if (d->efc_type[i] == mjCNSTR_EQUALITY && d->efc_id[i] == 1) {
      found++;
      if (found == 3) {
        EXPECT_NEAR(d->efc_pos[i], 0.02, 1e-12);
      }
    }
  }
  EXPECT_EQ(found, 3);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(Flex, DirectFlexElement) {
  std::string err;
  mjModel* m = Load(R"(<mujoco><worldbody>
    <body name="a"><joint type="slide" axis="1 0 0"/><geom size="0.01" mass="1"/></body>
    <body name="b" pos="0.3 0 0"><joint type="slide" axis="0 1 0"/><geom size="0.01" mass="1"/></body>
  </worldbody>
  <deformable>
    <flex name="tri" dim="2" body="a b world" vertex="0 0 0 0 0 0 0 0.4 0" element="0 1 2"
          radius="0.01"><edge damping="1"/><contact condim="1" selfcollide="none"/></flex>
  </deformable></mujoco>)",
                    &err);
  ASSERT_NE(m, nullptr) << err;
  EXPECT_EQ(m->nflexedge, 3);
  EXPECT_EQ(m->flex_condim[0], 1);
  EXPECT_EQ(m->flex_selfcollide[0], mjFLEXSELF_NONE);
  // edges in order of the element's edges (opposite vertex 0, 1, 2): (1,2), (0,2), (0,1)
  EXPECT_EQ(m->flex_edge[0], 1);
  EXPECT_EQ(m->flex_edge[1], 2);
  EXPECT_NEAR(m->flexedge_length0[0], 0.5, 1e-12);
  EXPECT_NEAR(m->flexedge_length0[2], 0.3, 1e-12);
  mj_deleteModel(m);
}

TEST(Flexcomp, UnusedPointsDropped) {
  std::string err;
  mjModel* m = Load(R"(<mujoco><worldbody>
    <flexcomp name="d" type="direct" dim="1" point="5 5 5 0 0 0 0.1 0 0" element="1 2"
              radius="0.01"><pin id="1"/></flexcomp>
  </worldbody></mujoco>)",
                    &err);
  ASSERT_NE(m, nullptr) << err;
  // point 0 is in no element: no vertex and no body; the pin follows its point
  EXPECT_EQ(m->nflexvert, 2);
  EXPECT_EQ(m->nbody, 2);
  EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, "d_1"), 1);
  EXPECT_EQ(m->flex_vertbodyid[0], 0);
  EXPECT_EQ(m->flex_elem[0], 0);
  EXPECT_EQ(m->flex_elem[1], 1);
  EXPECT_NEAR(m->body_pos[3], 0.1, 1e-15);
  mj_deleteModel(m);
}

// Generated shapes against MuJoCo 3.8.0 (test/data/flex/make_golden.py): the open boxes of
// dim-2 box, cylinder and ellipsoid flexcomps, a disc and a circle, with their point order,
// elements, edges and flat-skin flags. Positions are sums and products of the spacing:
// rounding only.
TEST(Flexcomp, ShapesMatchMuJoCo) {
  std::string path = motus_test::SourcePath("test/data/flex/shapes.xml");
  char err[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  motus_test::Golden g(motus_test::SourcePath("test/data/flex/shapes.model.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  ASSERT_EQ(m->nbody, static_cast<int>(g.get(0, "m.nbody")[0]));
  ASSERT_EQ(m->nflexvert, static_cast<int>(g.get(0, "m.nflexvert")[0]));
  EXPECT_TRUE(motus_test::NearArrays("body_pos", m->body_pos, 3 * m->nbody, g.get(0, "m.body_pos"),
                                     1e-12, 1e-15));
  EXPECT_TRUE(motus_test::EqualIntArrays("body_parentid", m->body_parentid, m->nbody,
                                         g.get(0, "m.body_parentid")));
  EXPECT_TRUE(motus_test::EqualIntArrays("flex_vertbodyid", m->flex_vertbodyid, m->nflexvert,
                                         g.get(0, "m.flex_vertbodyid")));
  EXPECT_TRUE(motus_test::EqualIntArrays("flex_elem", m->flex_elem, m->nflexelemdata,
                                         g.get(0, "m.flex_elem")));
  EXPECT_TRUE(motus_test::EqualIntArrays("flex_edge", m->flex_edge, 2 * m->nflexedge,
                                         g.get(0, "m.flex_edge")));
  for (const char* f : {"m.flex_vertadr", "m.flex_elemadr", "m.flex_edgeadr", "m.flex_flatskin"}) {
    std::string name = f;
    const std::vector<double>& want = g.get(0, name);
    const int* adr = name == "m.flex_vertadr"   ? m->flex_vertadr
                     : name == "m.flex_elemadr" ? m->flex_elemadr
                                                : m->flex_edgeadr;
    if (name == "m.flex_flatskin") {
      ASSERT_EQ(static_cast<int>(want.size()), m->nflex);
      for (int i = 0; i < m->nflex; i++) {
        EXPECT_EQ(m->flex_flatskin[i], want[i]) << i;
      }
    } else {
      EXPECT_TRUE(motus_test::EqualIntArrays(name, adr, m->nflex, want));
    }
  }
  mj_deleteModel(m);
}

// features that are not implemented are compile errors naming them, not silently dropped
TEST(Flexcomp, UnsupportedFeaturesFail) {
  std::string cloth =
      "<mujoco><worldbody><flexcomp name=\"c\" type=\"grid\" dim=\"2\" count=\"3 3 1\" "
      "spacing=\"0.1 0.1 0.1\" radius=\"0.001\"><edge equality=\"vert\"/></flexcomp>"
      "</worldbody></mujoco>";
  EXPECT_TRUE(Contains(LoadError(cloth), "flexvert equality constraints"));
  // a flat interpolated flex has no volume to integrate its stiffness over (MuJoCo fills its
  // matrix with NaN)
  std::string flat =
      "<mujoco><worldbody><flexcomp name=\"c\" type=\"grid\" dim=\"2\" count=\"3 3 1\" "
      "spacing=\"0.1 0.1 0.1\" radius=\"0.001\" dof=\"trilinear\"><contact selfcollide=\"none\"/>"
      "<elasticity young=\"100\"/></flexcomp></worldbody></mujoco>";
  EXPECT_TRUE(Contains(LoadError(flat), "this flex is flat"));
}

TEST(Flexcomp, MalformedAttributes) {
  auto model = [](const std::string& fc) {
    return "<mujoco>\n<worldbody>\n" + fc + "\n</worldbody></mujoco>";
  };
  struct Case {
    const char* flexcomp;
    const char* message;
  };
  const Case cases[] = {
      {"<flexcomp name=\"f\" type=\"lattice\"/>", "valid keywords"},
      {"<flexcomp name=\"f\" dim=\"4\"/>", "dim must be 1, 2 or 3"},
      {"<flexcomp type=\"grid\" dim=\"1\"/>", "required attribute missing: 'name'"},
      {"<flexcomp name=\"f\" dim=\"1\" count=\"3 1 1\"><pin id=\"7\"/></flexcomp>",
       "pin id 7 is out of range"},
      {"<flexcomp name=\"f\" dim=\"1\" count=\"3 1 1\" spacing=\"0.001 0.1 0.1\"/>",
       "spacing must be larger"},
      {"<flexcomp name=\"f\" type=\"direct\" dim=\"1\" point=\"0 0 0 1 0 0\" element=\"0 2\"/>",
       "out-of-range point id 2"},
      {"<flexcomp name=\"f\" dim=\"1\" count=\"3 1 1\" mass=\"0\"/>", "mass and inertiabox"},
      {"<flexcomp name=\"f\" count=\"3 x 1\"/>", "count"},
      {"<flexcomp name=\"f\" type=\"mesh\"/>", "requires a file"},
      {"<flexcomp name=\"f\" dim=\"2\" count=\"3 3 1\"><elasticity poisson=\"0.7\"/></flexcomp>",
       "poisson must be in [0, 0.5)"},
      {"<flexcomp name=\"f\" dim=\"2\" count=\"3 3 1\"><contact condim=\"2\"/></flexcomp>",
       "condim must be 1, 3, 4 or 6"},
      {"<flexcomp name=\"f\" dim=\"2\" count=\"3 3 1\"><edge equality=\"maybe\"/></flexcomp>",
       "valid keywords"},
      {"<flexcomp name=\"f\" dim=\"2\" count=\"3 3 1\" dof=\"cubic\"/>", "valid keywords"},
  };
  for (const Case& c : cases) {
    std::string e = LoadError(model(c.flexcomp));
    EXPECT_TRUE(Contains(e, c.message)) << c.flexcomp << ": " << e;
    EXPECT_TRUE(Contains(e, "line 3")) << c.flexcomp << ": " << e;
  }
  // a flex that names an unknown body fails at compile time, naming the flex
  std::string e = LoadError(
      "<mujoco><deformable><flex name=\"x\" body=\"nobody\" element=\"0 1 2\"/></deformable>"
      "</mujoco>");
  EXPECT_TRUE(Contains(e, "unknown vertex body 'nobody'")) << e;
}

}  // namespace
