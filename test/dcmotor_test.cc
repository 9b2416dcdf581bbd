// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// DC motor actuators (XMLreference.rst actuator/dcmotor, mjs_setToDCMotor): the compiled
// parameter arrays, states and forces of test/data/dcmotor/motors.xml along trajectories under
// the four integrators, compared with MuJoCo 3.8.0 (golden: test/data/dcmotor/make_golden.sh);
// the setter's layout and checks as measured on MuJoCo 3.8.0; the compiler's and the engine's
// checks of the states.

#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "dcmotor_scenario.h"
#include "fixture.h"

namespace {

using motus_test::SourcePath;

TEST(DCMotorTest, MotorsMatchMuJoCo) {
  std::string dir = SourcePath("test/data/dcmotor/");
  motus_test::LabeledValues golden = motus_test::ReadLabeledGolden(dir + "motors.golden");
  ASSERT_FALSE(golden.empty());
  char err[1000] = "";
  mjModel* m = mj_loadXML((dir + "motors.xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  mjData* d = mj_makeData(m);
  EXPECT_EQ(motus_test::CompareLabeled(golden, dcmotor_scenario::RunAll(m, d), 1e-12), "");
  mj_deleteData(d);
  mj_deleteModel(m);
}

// a spec with one actuator, deleted with the fixture
class DCMotorSpec : public ::testing::Test {
 protected:
  void SetUp() override {
    spec_ = mj_makeSpec();
    act_ = mjs_addActuator(spec_, nullptr);
  }
  void TearDown() override { mj_deleteSpec(spec_); }
  mjSpec* spec_ = nullptr;
  mjsActuator* act_ = nullptr;
};

// every feature at once: the layout MuJoCo 3.8.0 gives (gainprm R K tempcoef reftemp kp ki kd
// Vmax input, dynprm te rate Rth Cth ambient sigma0 sigma1 slew Imax, biasprm cogging and LuGre)
TEST_F(DCMotorSpec, SetterLayout) {
  double mc[2] = {0.5, 0}, ind[2] = {0.01, 0}, th[6] = {2, 3, 0, 0.004, 25, 20};
  double lu[5] = {100, 1, 0.1, 0.2, 0.5}, ctl[6] = {10, 1, 0.5, 2, 3, 24};
  double sat[3] = {0, 2, 50}, cog[3] = {0.1, 6, 0.3};
  act_->gainprm[9] = 77;
  EXPECT_EQ(mjs_setToDCMotor(act_, mc, 2, nullptr, sat, ind, cog, ctl, th, lu, 1), nullptr);
  const double gain[10] = {2, 0.5, 0.004, 25, 10, 1, 0.5, 24, 1, 77};
  const double dyn[10] = {0.005, 50, 2, 3, 20, 100, 1, 2, 3, 0};
  const double bias[10] = {0.1, 6, 0.3, 0.1, 0.2, 0.5, 0, 0, 0, 0};
  for (int k = 0; k < 10; k++) {
    EXPECT_EQ(act_->gainprm[k], gain[k]) << k;
    EXPECT_EQ(act_->dynprm[k], dyn[k]) << k;
    EXPECT_EQ(act_->biasprm[k], bias[k]) << k;
  }
  EXPECT_EQ(act_->dyntype, mjDYN_DCMOTOR);
  EXPECT_EQ(act_->gaintype, mjGAIN_DCMOTOR);
  EXPECT_EQ(act_->biastype, mjBIAS_DCMOTOR);
  EXPECT_EQ(act_->actdim, 5);
  EXPECT_EQ(act_->actearly, 1);
  EXPECT_EQ(act_->forcelimited, mjLIMITED_TRUE);
  EXPECT_EQ(act_->forcerange[1], 1);  // saturation current 2 times K

  // NULL arrays: saturation, thermal and LuGre keep their values, the electrical time constant,
  // cogging, gains, slew and Imax are cleared, Vmax is kept; the state count follows the call
  EXPECT_EQ(mjs_setToDCMotor(act_, mc, 2, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                             nullptr, 0),
            nullptr);
  EXPECT_EQ(act_->dynprm[0], 0);
  EXPECT_EQ(act_->dynprm[1], 50);
  EXPECT_EQ(act_->dynprm[2], 2);
  EXPECT_EQ(act_->dynprm[5], 100);
  EXPECT_EQ(act_->dynprm[7], 0);
  EXPECT_EQ(act_->gainprm[4], 0);
  EXPECT_EQ(act_->gainprm[7], 24);
  EXPECT_EQ(act_->biasprm[0], 0);
  EXPECT_EQ(act_->biasprm[3], 0.1);
  EXPECT_EQ(act_->forcerange[1], 1);
  EXPECT_EQ(act_->actdim, 0);
}

// K and R from motorconst, resistance and the nominal point, as MuJoCo 3.8.0 derives them
TEST_F(DCMotorSpec, MotorConstants) {
  double nominal[3] = {12, 0.5, 100}, kt[2] = {0.2, 0}, both[2] = {0.5, 0.3};
  ASSERT_EQ(mjs_setToDCMotor(act_, nullptr, 0, nominal, nullptr, nullptr, nullptr, nullptr, nullptr,
                             nullptr, 0),
            nullptr);
  EXPECT_EQ(act_->gainprm[1], 0.12);
  EXPECT_EQ(act_->gainprm[0], 2.8799999999999999);
  ASSERT_EQ(mjs_setToDCMotor(act_, kt, 0, nominal, nullptr, nullptr, nullptr, nullptr, nullptr,
                             nullptr, 0),
            nullptr);
  EXPECT_EQ(act_->gainprm[1], 0.15491933384829668);
  EXPECT_EQ(act_->gainprm[0], 3.71806401235912);
  ASSERT_EQ(mjs_setToDCMotor(act_, both, 2, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                             nullptr, 0),
            nullptr);
  EXPECT_EQ(act_->gainprm[1], 0.3872983346207417);
}

TEST_F(DCMotorSpec, SetterErrors) {
  double mc[2] = {0.5, 0}, nostall[3] = {12, 0, 100};
  auto call = [&](double* motorconst, double r, double* nominal, double* ind, double* thermal) {
    const char* e = mjs_setToDCMotor(act_, motorconst, r, nominal, nullptr, ind, nullptr, nullptr,
                                     thermal, nullptr, 0);
    return std::string(e ? e : "");
  };
  EXPECT_EQ(call(nullptr, 2, nullptr, nullptr, nullptr),
            "DC motor: motor constant K must be positive");
  EXPECT_EQ(call(mc, 0, nullptr, nullptr, nullptr), "DC motor: resistance R must be positive");
  EXPECT_EQ(call(nullptr, 0, nostall, nullptr, nullptr), "DC motor: resistance R must be positive");
  double badl[2] = {-1, 0}, badte[2] = {0, -1};
  EXPECT_EQ(call(mc, 2, nullptr, badl, nullptr), "DC motor: inductance must be non-negative");
  EXPECT_EQ(call(mc, 2, nullptr, badte, nullptr),
            "DC motor: electrical time constant must be non-negative");
  double tau_only[6] = {0, 0, 5, 0, 0, 0}, r_only[6] = {2, 0, 0, 0, 0, 0};
  EXPECT_EQ(call(mc, 2, nullptr, nullptr, tau_only),
            "DC motor: thermal resistance must be positive");
  EXPECT_EQ(call(mc, 2, nullptr, nullptr, r_only),
            "DC motor: thermal capacitance must be positive");
  double r_tau[6] = {2, 0, 5, 0, 0, 0};
  EXPECT_EQ(call(mc, 2, nullptr, nullptr, r_tau), "");
  EXPECT_EQ(act_->dynprm[3], 2.5);  // capacitance = timeconst / resistance
}

std::string LoadError(const char* actuators) {
  std::string xml =
      "<mujoco><worldbody><body><joint name='j' type='hinge'/><geom size='.1'/></body>"
      "</worldbody><actuator>" +
      std::string(actuators) + "</actuator></mujoco>";
  char err[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml.c_str(), nullptr, err, sizeof(err));
  if (!spec) {
    return err;
  }
  mjModel* m = mj_compile(spec, nullptr);
  std::string out = m ? "" : mjs_getError(spec);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
  return out;
}

TEST(DCMotorTest, LoadErrors) {
  EXPECT_NE(LoadError("<dcmotor joint='j' motorconst='0.5'/>")
                .find("DC motor: resistance R must be positive"),
            std::string::npos);
  EXPECT_NE(LoadError("<dcmotor joint='j' resistance='2' motorconst='0.5' forcerange='-1 1'/>")
                .find("forcerange"),
            std::string::npos);
  EXPECT_NE(LoadError("<general joint='j' dyntype='dcmotor' gaintype='dcmotor' "
                      "biastype='dcmotor' dynprm='0.005' gainprm='2 0.5'/>")
                .find("actearly cannot be false for DC motor"),
            std::string::npos);
  EXPECT_NE(LoadError("<general joint='j' dyntype='dcmotor' gaintype='fixed' actearly='true' "
                      "dynprm='0.005' gainprm='2 0.5'/>")
                .find("must all be 'dcmotor'"),
            std::string::npos);
  EXPECT_NE(LoadError("<general joint='j' dyntype='dcmotor' gaintype='dcmotor' actearly='true' "
                      "biastype='dcmotor' dynprm='0.005' gainprm='2 0.5' actdim='2'/>")
                .find("inconsistent state array dimension in DC motor"),
            std::string::npos);
  EXPECT_EQ(LoadError("<general joint='j' dyntype='dcmotor' gaintype='dcmotor' actearly='true' "
                      "biastype='dcmotor' dynprm='0.005' gainprm='2 0.5'/>"),
            "");
}

// a model edited so that its parameters enable more states than its act block holds
TEST(DCMotorTest, EditedStateCountIsAnError) {
  char err[1000] = "";
  mjModel* m =
      mj_loadXML(SourcePath("test/data/dcmotor/motors.xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  mjData* d = mj_makeData(m);
  m->actuator_dynprm[mjNDYN * 0 + 0] = 0.01;  // inductance on the stateless motor
  motus_test::ScopedErrorCapture capture;
  EXPECT_ANY_THROW(mj_forward(m, d));
  ASSERT_FALSE(capture.errors().empty());
  EXPECT_NE(capture.errors()[0].find("inconsistent state array dimension in DC motor"),
            std::string::npos);
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
