// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The first-party mujoco.sensor.touch_grid plugin (plugin/sensor), loaded from its library as a
// user loads it. At states of MuJoCo 3.8.0's trajectories, with MuJoCo's contacts and
// constraint forces put in place of Motus's (so the plugin alone is checked), sensordata must
// equal the one MuJoCo's own plugin computed (goldens of test/data/plugin/make_touch_golden.py).

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "golden.h"
#include "plugin_model.h"

namespace {

using motus_test::Golden;
using motus_test::NearArrays;
using motus_test::SharedPath;
using motus_test::SourcePath;

using Loaded = motus_test::PluginModel;

void LoadFile(const std::string& path, Loaded* out) {
  motus_test::LoadPluginModelFile(MOTUS_SENSOR_PLUGIN, path, out);
}

// a model from MJCF text, or NULL with the error
mjModel* LoadString(const std::string& xml, std::string* error) {
  return motus_test::CompilePluginModel(MOTUS_SENSOR_PLUGIN, xml, error);
}

void Copy(mjtNum* dst, const std::vector<double>& src, int n) {
  ASSERT_EQ(static_cast<int>(src.size()), n);
  for (int k = 0; k < n; k++) {
    dst[k] = src[k];
  }
}

// MuJoCo's contacts as the dumper flattens them, keys sorted (tools/gen_golden.py): H[36] dim
// dist efc_address exclude frame[9] friction[5] geom1 geom2 includemargin mu pos[3] solimp[5]
// solref[2] solreffriction[2]. The fields the plugin reads overwrite Motus's contacts.
constexpr int kContactSize = 70;

void PutContacts(mjData* d, const std::vector<double>& v) {
  int ncon = static_cast<int>(v.size()) / kContactSize;
  ASSERT_EQ(d->ncon, ncon);
  for (int i = 0; i < ncon; i++) {
    const double* c = v.data() + kContactSize * i;
    mjContact* x = d->contact + i;
    x->dim = static_cast<int>(c[36]);
    x->dist = c[37];
    x->efc_address = static_cast<int>(c[38]);
    for (int k = 0; k < 9; k++) {
      x->frame[k] = c[40 + k];
    }
    for (int k = 0; k < 5; k++) {
      x->friction[k] = c[49 + k];
    }
    x->geom1 = x->geom[0] = static_cast<int>(c[54]);
    x->geom2 = x->geom[1] = static_cast<int>(c[55]);
    x->mu = c[57];
    for (int k = 0; k < 3; k++) {
      x->pos[k] = c[58 + k];
    }
  }
}

void CompareAtStates(const std::string& model, const std::string& golden_file) {
  Golden golden(SourcePath("test/data/plugin/" + golden_file));
  ASSERT_TRUE(golden.ok()) << golden.error();
  Loaded l;
  LoadFile(model, &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  mjModel* m = l.m;
  mjData* d = l.d;
  int touched = 0;
  for (int r = 0; r < golden.num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    mj_resetData(m, d);
    d->time = golden.get(r, "time")[0];
    Copy(d->qpos, golden.get(r, "qpos"), m->nq);
    Copy(d->qvel, golden.get(r, "qvel"), m->nv);
    Copy(d->qacc_warmstart, golden.get(r, "qacc_warmstart"), m->nv);
    mj_forward(m, d);
    ASSERT_EQ(d->nefc, static_cast<int>(golden.get(r, "nefc")[0]));
    PutContacts(d, golden.get(r, "contact"));
    Copy(d->efc_force, golden.get(r, "efc_force"), d->nefc);
    mj_sensorAcc(m, d);
    touched += d->ncon > 0;
    // the same contact forces summed in the same order: equal to the last bits
    EXPECT_TRUE(NearArrays("sensordata", d->sensordata, m->nsensordata, golden.get(r, "sensordata"),
                           1e-12, 1e-14));
  }
  EXPECT_GT(touched, 0);  // some states have contacts
}

// Two sensors on a pad standing on three feet with a ball on it: a site looking down (gamma 0),
// one looking up and rotated (gamma 0.4); contacts in front of and behind the sensors.
TEST(TouchGridPlugin, PadMatchesMuJoCo) {
  CompareAtStates(SourcePath("test/data/plugin/touch_pad.xml"), "touch_pad_touch.txt");
}

// MuJoCo's touch_grid.xml: an ellipsoid rolling on a height field.
TEST(TouchGridPlugin, SharedTouchGridModelMatchesMuJoCo) {
  std::string path = SharedPath("models38/plugin/sensor/touch_grid.xml");
  if (path.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  CompareAtStates(path, "touch_grid_touch.txt");
}

std::string Sensor(const std::string& config) {
  return "<mujoco><extension><plugin plugin='mujoco.sensor.touch_grid'/></extension><worldbody>"
         "<body><freejoint/><geom size='.1'/><site name='s'/></body></worldbody><sensor><plugin "
         "plugin='mujoco.sensor.touch_grid' objtype='site' objname='s'>" +
         config + "</plugin></sensor></mujoco>";
}

const char* kGood =
    "<config key='size' value='4 3'/><config key='fov' value='90 45'/><config key='nchannel' "
    "value='2'/>";

TEST(TouchGridPlugin, SensordataSize) {
  std::string err;
  mjModel* m = LoadString(Sensor(kGood), &err);
  ASSERT_NE(m, nullptr) << err;
  EXPECT_EQ(m->nsensordata, 2 * 4 * 3);
  mj_deleteModel(m);
}

TEST(TouchGridPlugin, ConfigErrors) {
  std::string err;
  mjModel* m = LoadString(Sensor("<config key='pixels' value='4 3'/>"), &err);
  EXPECT_EQ(m, nullptr);
  EXPECT_NE(err.find("pixels"), std::string::npos) << err;

  const char* bad[] = {
      "<config key='size' value='4 3'/><config key='fov' value='90 100'/><config "
      "key='nchannel' value='1'/>",  // vertical fov above 90 degrees
      "<config key='size' value='4'/><config key='fov' value='90 45'/><config key='nchannel' "
      "value='1'/>",  // one size
      "<config key='size' value='4 3'/><config key='fov' value='90 45'/><config "
      "key='nchannel' value='7'/>",  // more than 6 channels
  };
  for (const char* config : bad) {
    // the configuration is checked when the model is compiled (sensordata size) or when the
    // data is made (init): either fails with a message
    motus_test::ScopedErrorCapture capture;
    mjModel* model = LoadString(Sensor(config), &err);
    if (model) {
      EXPECT_THROW(mj_makeData(model), motus_test::MujocoError) << config;
      mj_deleteModel(model);
    }
    EXPECT_FALSE(capture.warnings().empty()) << config;
  }
}

}  // namespace
