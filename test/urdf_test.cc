// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// URDF models through mj_parseXMLString / mj_loadXML (modeling.rst, "URDF extensions"). The
// expected compiled values are MuJoCo 3.8.0's for the same URDF text.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

namespace {

const char* kArm = R"(<?xml version="1.0"?>
<robot name="testbot">
  <mujoco>
    <compiler discardvisual="false"/>
    <option timestep="0.005"/>
  </mujoco>
  <material name="blue"><color rgba="0 0 0.8 1"/></material>
  <link name="base">
    <inertial><origin xyz="0 0 0.1"/><mass value="2"/>
      <inertia ixx="0.1" ixy="0" ixz="0" iyy="0.2" iyz="0" izz="0.3"/></inertial>
    <visual><origin xyz="0 0 0.1"/><geometry><box size="0.4 0.2 0.1"/></geometry>
      <material name="blue"/></visual>
    <collision name="basecol"><origin xyz="0 0 0.1"/><geometry><box size="0.4 0.2 0.1"/></geometry>
    </collision>
  </link>
  <link name="arm">
    <inertial><origin xyz="0 0 0.2" rpy="0.1 0.2 0.3"/><mass value="1"/>
      <inertia ixx="0.01" ixy="0.001" ixz="0" iyy="0.02" iyz="0" izz="0.015"/></inertial>
    <visual><geometry><cylinder radius="0.05" length="0.4"/></geometry>
      <material name="red"><color rgba="1 0 0 1"/></material></visual>
    <collision><origin xyz="0 0 0.2" rpy="1.5707963 0 0"/>
      <geometry><cylinder radius="0.05" length="0.4"/></geometry></collision>
  </link>
  <link name="tip">
    <inertial><mass value="0.5"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/>
    </inertial>
    <collision><geometry><sphere radius="0.05"/></geometry></collision>
  </link>
  <link name="slider">
    <inertial><mass value="0.3"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/>
    </inertial>
    <collision><geometry><capsule radius="0.02" length="0.1"/></geometry></collision>
  </link>
  <link name="dummy"/>
  <joint name="shoulder" type="revolute">
    <parent link="base"/><child link="arm"/><origin xyz="0 0 0.2" rpy="0 0.5 0"/><axis xyz="0 1 0"/>
    <limit lower="-1.5" upper="1.5" effort="10" velocity="2"/><dynamics damping="0.5" friction="0.1"/>
  </joint>
  <joint name="wrist" type="continuous">
    <parent link="arm"/><child link="tip"/><origin xyz="0 0 0.4"/><axis xyz="1 0 0"/>
  </joint>
  <joint name="slide" type="prismatic">
    <parent link="arm"/><child link="slider"/><origin xyz="0.1 0 0.3"/><axis xyz="0 0 1"/>
    <limit lower="0" upper="0.2" effort="5" velocity="1"/>
  </joint>
  <joint name="fix" type="fixed"><parent link="tip"/><child link="dummy"/><origin xyz="0 0 0.05"/>
  </joint>
</robot>)";

mjModel* Load(const char* urdf, const mjVFS* vfs = nullptr) {
  char err[1000] = "";
  mjSpec* s = mj_parseXMLString(urdf, vfs, err, sizeof(err));
  EXPECT_NE(s, nullptr) << err;
  if (!s) {
    return nullptr;
  }
  mjModel* m = mj_compile(s, vfs);
  EXPECT_NE(m, nullptr) << mjs_getError(s);
  mj_deleteSpec(s);
  return m;
}

void ExpectNear(const mjtNum* x, std::vector<double> want, double tol, const char* what) {
  for (size_t i = 0; i < want.size(); i++) {
    EXPECT_NEAR(x[i], want[i], tol) << what << "[" << i << "]";
  }
}

// links, joints, inertials, geoms and colors; the static base link and the dummy link behind
// a fixed joint are fused (fusestatic is on for URDF)
TEST(Urdf, LinksJointsGeoms) {
  mjModel* m = Load(kArm);
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->nbody, 4);
  ASSERT_EQ(m->njnt, 3);
  ASSERT_EQ(m->ngeom, 6);
  EXPECT_EQ(m->opt.timestep, 0.005);
  EXPECT_STREQ(mj_id2name(m, mjOBJ_BODY, 1), "arm");
  EXPECT_STREQ(mj_id2name(m, mjOBJ_BODY, 2), "tip");
  EXPECT_STREQ(mj_id2name(m, mjOBJ_BODY, 3), "slider");
  const double tol = 1e-8;  // MuJoCo's values printed with 9 digits
  ExpectNear(m->body_pos + 3, {0, 0, 0.2}, tol, "arm pos");
  ExpectNear(m->body_quat + 4, {0.968912422, 0, 0.247403959, 0}, tol, "arm quat");
  ExpectNear(m->body_ipos + 3, {0, 0, 0.2}, tol, "arm ipos");
  ExpectNear(m->body_iquat + 4, {0.524055727, 0.524055727, 0.474726864, 0.474726864}, tol,
             "arm iquat");
  ExpectNear(m->body_inertia + 3, {0.0200990195, 0.015, 0.00990098049}, tol, "arm inertia");
  EXPECT_EQ(m->body_mass[2], 0.5);
  ExpectNear(m->body_pos + 9, {0.1, 0, 0.3}, tol, "slider pos");

  const int type[3] = {mjJNT_HINGE, mjJNT_HINGE, mjJNT_SLIDE};
  const int limited[3] = {1, 0, 1}, actlim[3] = {1, 0, 1};
  const double range[6] = {-1.5, 1.5, 0, 0, 0, 0.2}, actrange[6] = {-10, 10, 0, 0, -5, 5};
  for (int j = 0; j < 3; j++) {
    EXPECT_EQ(m->jnt_type[j], type[j]) << j;
    EXPECT_EQ(m->jnt_limited[j], limited[j]) << j;
    EXPECT_EQ(m->jnt_actfrclimited[j], actlim[j]) << j;
    ExpectNear(m->jnt_range + 2 * j, {range[2 * j], range[2 * j + 1]}, 0, "range");
    ExpectNear(m->jnt_actfrcrange + 2 * j, {actrange[2 * j], actrange[2 * j + 1]}, 0, "actfrc");
  }
  ExpectNear(m->jnt_axis, {0, 1, 0}, 0, "shoulder axis");
  EXPECT_EQ(m->dof_damping[0], 0.5);
  EXPECT_EQ(m->dof_frictionloss[0], 0.1);

  // geoms: base visual and collision fused into the world, arm visual and collision, tip, slider
  const int gtype[6] = {mjGEOM_BOX,      mjGEOM_BOX,    mjGEOM_CYLINDER,
                        mjGEOM_CYLINDER, mjGEOM_SPHERE, mjGEOM_CAPSULE};
  const int gbody[6] = {0, 0, 1, 1, 2, 3}, contype[6] = {0, 1, 0, 1, 1, 1},
            group[6] = {1, 0, 1, 0, 0, 0};
  const float red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 0.8f, 1}, gray[4] = {0.5f, 0.5f, 0.5f, 1};
  const float* rgba[6] = {blue, blue, red, red, gray, gray};
  for (int g = 0; g < 6; g++) {
    EXPECT_EQ(m->geom_type[g], gtype[g]) << g;
    EXPECT_EQ(m->geom_bodyid[g], gbody[g]) << g;
    EXPECT_EQ(m->geom_contype[g], contype[g]) << g;
    EXPECT_EQ(m->geom_conaffinity[g], contype[g]) << g;
    EXPECT_EQ(m->geom_group[g], group[g]) << g;
    for (int k = 0; k < 4; k++) {
      EXPECT_EQ(m->geom_rgba[4 * g + k], rgba[g][k]) << g;
    }
  }
  EXPECT_STREQ(mj_id2name(m, mjOBJ_GEOM, 1), "basecol");
  ExpectNear(m->geom_size, {0.2, 0.1, 0.05}, 0, "box size");
  ExpectNear(m->geom_size + 9, {0.05, 0.2}, 0, "cylinder size");
  ExpectNear(m->geom_quat + 12, {0.707106791, 0.707106772, 0, 0}, tol, "cylinder quat");
  ExpectNear(m->geom_size + 15, {0.02, 0.05}, 0, "capsule size");
  mj_deleteModel(m);
}

// a binary STL tetrahedron (0,0,0), (1,0,0), (0,1,0), (0,0,1)
std::vector<uint8_t> TetrahedronStl() {
  std::vector<uint8_t> stl(84 + 4 * 50, 0);
  stl[80] = 4;
  const float tris[4][9] = {{0, 0, 0, 1, 0, 0, 0, 1, 0},
                            {0, 0, 0, 0, 1, 0, 0, 0, 1},
                            {0, 0, 0, 0, 0, 1, 1, 0, 0},
                            {1, 0, 0, 0, 0, 1, 0, 1, 0}};
  for (int t = 0; t < 4; t++) {
    std::memcpy(stl.data() + 84 + 50 * t + 12, tris[t], sizeof(tris[t]));
  }
  return stl;
}

// a link named world, floating/spherical/planar joints (joint order gives the body order),
// mesh geometry, and visuals dropped by default
TEST(Urdf, JointTypesAndMeshes) {
  const char* urdf = R"(<robot name="bot2">
  <link name="world"/>
  <link name="a">
    <collision><geometry><sphere radius="0.1"/></geometry></collision>
    <visual><geometry><sphere radius="0.1"/></geometry>
      <material name="g"><color rgba="0 1 0 1"/></material></visual>
  </link>
  <link name="c">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/>
    </inertial>
    <collision><geometry><mesh filename="meshes/Part.stl" scale="2 2 2"/></geometry></collision>
  </link>
  <link name="b">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/>
    </inertial>
    <collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision>
  </link>
  <link name="d">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/>
    </inertial>
  </link>
  <joint name="float" type="floating"><parent link="world"/><child link="a"/>
    <origin xyz="0 0 1"/></joint>
  <joint name="jb" type="spherical"><parent link="a"/><child link="b"/><origin xyz="0.2 0 0"/>
  </joint>
  <joint name="jc" type="revolute"><parent link="a"/><child link="c"/>
    <origin xyz="-0.2 0 0" rpy="0.3 0.2 0.1"/><axis xyz="0 0 2"/>
    <limit lower="-1" upper="1" effort="0" velocity="1"/></joint>
  <joint name="jd" type="planar"><parent link="b"/><child link="d"/><axis xyz="1 0 0"/></joint>
</robot>)";
  std::vector<uint8_t> stl = TetrahedronStl();
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  ASSERT_EQ(mj_addBufferVFS(&vfs, "meshes/Part.stl", stl.data(), static_cast<int>(stl.size())), 0);
  mjModel* m = Load(urdf, &vfs);
  mj_deleteVFS(&vfs);
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->nbody, 5);
  const char* bodies[5] = {"world", "a", "b", "d", "c"};
  for (int b = 0; b < 5; b++) {
    EXPECT_STREQ(mj_id2name(m, mjOBJ_BODY, b), bodies[b]);
  }
  ASSERT_EQ(m->njnt, 6);
  const int type[6] = {mjJNT_FREE, mjJNT_BALL, mjJNT_SLIDE, mjJNT_SLIDE, mjJNT_HINGE, mjJNT_HINGE};
  const char* names[6] = {"float", "jb", "jd_TX", "jd_TY", "jd_RZ", "jc"};
  for (int j = 0; j < 6; j++) {
    EXPECT_EQ(m->jnt_type[j], type[j]) << j;
    EXPECT_STREQ(mj_id2name(m, mjOBJ_JOINT, j), names[j]);
  }
  ExpectNear(m->jnt_axis + 6, {0, 0, -1}, 1e-15, "TX");
  ExpectNear(m->jnt_axis + 9, {0, 1, 0}, 1e-15, "TY");
  ExpectNear(m->jnt_axis + 12, {1, 0, 0}, 0, "RZ");
  ExpectNear(m->jnt_axis + 15, {0, 0, 1}, 0, "normalized axis");
  EXPECT_EQ(m->jnt_limited[5], 1);
  EXPECT_EQ(m->jnt_actfrclimited[5], 0);  // effort 0: no force range
  ExpectNear(m->body_quat + 16, {0.983347443, 0.143572175, 0.106020511, 0.0342707986}, 1e-8, "rpy");
  // the visual sphere is dropped; the body's mass comes from its collision sphere
  ASSERT_EQ(m->ngeom, 3);
  EXPECT_NEAR(m->body_mass[1], 4.1887902, 1e-7);
  ASSERT_EQ(m->nmesh, 1);
  EXPECT_STREQ(mj_id2name(m, mjOBJ_MESH, 0), "Part");
  ExpectNear(m->mesh_scale, {2, 2, 2}, 0, "mesh scale");
  EXPECT_EQ(m->geom_type[2], mjGEOM_MESH);
  EXPECT_EQ(m->geom_bodyid[2], 4);
  mj_deleteModel(m);
}

// package:// mesh paths as MuJoCo 3.8.0 treats them: the file name is taken as written (so it is
// not found), unless <compiler strippath="true"> reduces it to its last component, looked up in
// meshdir
TEST(Urdf, PackageMeshPaths) {
  const char* urdf = R"(<robot name="pkg">%s
  <link name="a">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/>
    </inertial>
    <collision><geometry><mesh filename="package://mypkg/meshes/part.stl"/></geometry></collision>
  </link>
</robot>)";
  std::vector<uint8_t> stl = TetrahedronStl();
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  ASSERT_EQ(mj_addBufferVFS(&vfs, "meshes/part.stl", stl.data(), static_cast<int>(stl.size())), 0);
  char text[1000];
  std::snprintf(text, sizeof(text), urdf, "");
  char err[500] = "";
  mjSpec* spec = mj_parseXMLString(text, &vfs, err, sizeof(err));
  ASSERT_NE(spec, nullptr) << err;
  mjModel* m = mj_compile(spec, &vfs);
  EXPECT_EQ(m, nullptr);
  EXPECT_NE(std::string(mjs_getError(spec)).find("package://mypkg/meshes/part.stl"),
            std::string::npos)
      << mjs_getError(spec);
  mj_deleteModel(m);
  mj_deleteSpec(spec);

  std::snprintf(text, sizeof(text), urdf,
                "\n  <mujoco><compiler meshdir=\"meshes\" strippath=\"true\"/></mujoco>");
  m = Load(text, &vfs);
  mj_deleteVFS(&vfs);
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->nmesh, 1);
  EXPECT_STREQ(mj_id2name(m, mjOBJ_MESH, 0), "part");
  EXPECT_EQ(m->mesh_vertnum[0], 4);
  mj_deleteModel(m);
}

// MuJoCo 3.8.0's wording
TEST(Urdf, Errors) {
  char err[500];
  EXPECT_EQ(mj_parseXMLString("<robot><joint name='j' type='revolute'><parent link='a'/>"
                              "<child link='b'/></joint></robot>",
                              nullptr, err, sizeof(err)),
            nullptr);
  EXPECT_NE(std::string(err).find("URDF joint parent or child missing"), std::string::npos) << err;
  EXPECT_EQ(mj_parseXMLString("<robot><link name='a'/><link name='b'/><joint name='j' "
                              "type='screw'><parent link='a'/><child link='b'/></joint></robot>",
                              nullptr, err, sizeof(err)),
            nullptr);
  EXPECT_NE(std::string(err).find("invalid joint type in URDF joint definition"), std::string::npos)
      << err;
}

}  // namespace
