// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Body poses compiled from the orientation forms, frames and replicates, compared with MuJoCo
// 3.3.8 to the last bit. Bodies resting on each other touch at distance 0 up to these last bits,
// and which contacts exist then depends on them (replicate_stonehenge), so a tolerance would hide
// exactly what these tests are for. The expected numbers are the oracle's output for the same
// XML: `../shared/oracle/mjref FILE.xml --forward-only --fields m.body_pos,m.body_quat`
// (MuJoCo 3.3.8, WebAssembly build). They involve cos/sin of the angles, which glibc and the
// oracle's libm round identically for these angles.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

namespace {

mjModel* Compile(const char* xml) {
  char err[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml, nullptr, err, sizeof(err));
  EXPECT_NE(spec, nullptr) << err;
  if (!spec) {
    return nullptr;
  }
  mjModel* m = mj_compile(spec, nullptr);
  EXPECT_NE(m, nullptr) << mjs_getError(spec);
  mj_deleteSpec(spec);
  return m;
}

void ExpectBits(const mjtNum* got, const std::vector<double>& want, const char* what) {
  for (size_t i = 0; i < want.size(); i++) {
    EXPECT_EQ(got[i], want[i]) << what << "[" << i << "]";  // exact: see the file comment
  }
}

// orientation forms: a quaternion within 1e-14 of unit norm is kept as written, farther ones are
// normalized; degrees become radians as a / 180 * pi
TEST(CompilePose, OrientationFormsAsTheReference) {
  mjModel* m = Compile(R"(<mujoco><worldbody>
    <body quat="0.9945218953682734 0 0 0.10452846326765348"><geom size=".1"/></body>
    <body quat="0.99452189536827 0 0 0.10452846326765"><geom size=".1"/></body>
    <body axisangle="0 0 1 12"><geom size=".1"/></body>
    <body euler="10 20 37"><geom size=".1"/></body>
    <body xyaxes="1 0.2 0 0 1 0.1"><geom size=".1"/></body>
    <body zaxis="0.1 0.2 1"><geom size=".1"/></body>
    <body quat="1.00000000000003 0 0 0"><geom size=".1"/></body>
  </worldbody></mujoco>)");
  ASSERT_TRUE(m);
  ExpectBits(m->body_quat,
             {1,
              0,
              0,
              0,
              0.9945218953682734,
              0,
              0,
              0.10452846326765348,
              0.99452189536827,
              0,
              0,
              0.10452846326765,
              0.9945218953682733,
              0,
              0,
              0.10452846326765346,
              0.9255604268343998,
              0.13628589076877795,
              0.13681325512609896,
              0.32564733298045806,
              0.9938488283289791,
              0.05054546739892166,
              0.005004987596161186,
              0.09841042756589462,
              0.9939567578492872,
              -0.09818335307264023,
              0.049091676536320114,
              0,
              1,
              0,
              0,
              0},
             "body_quat");
  mj_deleteModel(m);
}

// a frame moves its bodies with its rotation matrix: the diagonal w^2 - x^2 - y^2 + z^2 of a
// rotation about z is 1 - 1e-16 here, so z = 2 becomes 1.9999999999999998 as in the reference
TEST(CompilePose, FramesComposeAsTheReference) {
  mjModel* m = Compile(R"(<mujoco><worldbody>
    <frame euler="0 0 12"><body pos="0 -15 2"><freejoint/><geom size=".1"/></body></frame>
    <body pos="0 0 0" euler="0 0 12"><body pos="0 -15 2"><geom size=".1"/></body></body>
    <frame euler="10 20 37" pos="1 2 3">
      <body pos="0.5 -2 1" euler="0 0 6"><freejoint/><geom size=".1"/></body>
    </frame>
  </worldbody></mujoco>)");
  ASSERT_TRUE(m);
  ExpectBits(m->body_pos,
             {0, 0, 0, 3.1186753622663894, -14.672214011007084, 1.9999999999999998, 0, 0, 0, 0, -15,
              2, 2.848298363738345, 0.655356207687877, 3.1603939849203435},
             "body_pos");
  ExpectBits(m->body_quat,
             {1,
              0,
              0,
              0,
              0.9945218953682733,
              0,
              0,
              0.10452846326765346,
              0.9945218953682733,
              0,
              0,
              0.10452846326765346,
              1,
              0,
              0,
              0,
              0.9072489138673848,
              0.14325936822577162,
              0.12949310489902963,
              0.37364113462734816},
             "body_quat");
  mj_deleteModel(m);
}

// replica i is oriented by the euler angles i * euler (not the step rotation composed i times,
// which differs for rotations about several axes) and placed at p_i = p_{i-1} + R_{i-1} offset
TEST(CompilePose, ReplicateScalesTheEulerAngles) {
  mjModel* m = Compile(R"(<mujoco><worldbody>
    <replicate count="7" offset="1 0.3 0.1" euler="10 20 37">
      <body pos="0.5 -2 1" euler="0 0 6"><freejoint/><geom size=".1"/></body>
    </replicate>
  </worldbody></mujoco>)");
  ASSERT_TRUE(m);
  ASSERT_EQ(m->nbody, 8);
  ExpectBits(m->body_pos,
             {0,
              0,
              0,
              0.5,
              -2,
              1,
              2.848298363738345,
              -1.044643792312123,
              0.2603939849203435,
              3.8361187720910714,
              1.273586847463423,
              -0.41834656419772637,
              3.3795498833579622,
              3.6068869815984996,
              0.3259888796365609,
              2.5321333209597245,
              4.308073700658908,
              2.4162656556927935,
              2.4621007783376285,
              2.9557950769490247,
              4.259369386633766,
              3.3484005115287525,
              0.8372368138661799,
              4.247460569833245},
             "body_pos");
  ExpectBits(m->body_quat,
             {1,
              0,
              0,
              0,
              0.9986295347545738,
              0,
              0,
              0.05233595624294383,
              0.9072489138673848,
              0.14325936822577162,
              0.12949310489902963,
              0.37364113462734816,
              0.6707343162856788,
              0.3415063509461096,
              0.15313476766232903,
              0.6403425896762295,
              0.32673881148740413,
              0.5289084269823198,
              0.061233364442748225,
              0.780863688497492,
              -0.05228147721194156,
              0.6474794769115609,
              -0.1194119600315929,
              0.750851355409499,
              -0.37809014510733147,
              0.6650388920579917,
              -0.3369461686601491,
              0.5488518868039376,
              -0.5716989196920099,
              0.5834749324630005,
              -0.5334388467175004,
              0.21945465413836332},
             "body_quat");
  mj_deleteModel(m);
}

}  // namespace
