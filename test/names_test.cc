// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Names and texts of the support layer (src/engine/engine_support_names.cc): mj_name2id /
// mj_id2name and the names_map hash table, type names, byte counts, warning texts, version and
// string tables.

#include <ctype.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "engine/engine_support_names.h"
#include "fixture.h"
#include "io_model.h"

namespace {

using motus_test::AppendNames;
using motus_test::MakeTestModel;

TEST(Names, RoundTripOnTheTestModel) {
  mjModel* m = MakeTestModel();
  struct Case {
    int type;
    const char* name;
    int id;
  } cases[] = {
      {mjOBJ_BODY, "world", 0},   {mjOBJ_BODY, "mocap", 1},     {mjOBJ_BODY, "ball", 2},
      {mjOBJ_XBODY, "ball", 2},   {mjOBJ_JOINT, "free", 0},     {mjOBJ_GEOM, "sphere", 0},
      {mjOBJ_SITE, "tip", 0},     {mjOBJ_ACTUATOR, "motor", 0}, {mjOBJ_EQUALITY, "weld", 0},
      {mjOBJ_TENDON, "cable", 0}, {mjOBJ_SENSOR, "height", 0},  {mjOBJ_KEY, "home", 0},
      {mjOBJ_KEY, "up", 1},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(mj_name2id(m, c.type, c.name), c.id) << c.name;
    const char* name = mj_id2name(m, c.type, c.id);
    ASSERT_NE(name, nullptr) << c.name;
    EXPECT_STREQ(name, c.name);
  }
  // absent names, names of another type, unnamed objects
  EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, "nope"), -1);
  EXPECT_EQ(mj_name2id(m, mjOBJ_GEOM, "ball"), -1);
  EXPECT_EQ(mj_name2id(m, mjOBJ_JOINT, "ball"), -1);
  EXPECT_EQ(mj_name2id(m, mjOBJ_ACTUATOR, ""), -1);
  EXPECT_EQ(mj_id2name(m, mjOBJ_ACTUATOR, 1), nullptr);
  EXPECT_EQ(mj_name2id(m, mjOBJ_CAMERA, "ball"), -1);  // no cameras
  mj_deleteModel(m);
}

TEST(Names, BadInputGivesNullOrMinusOne) {
  mjModel* m = MakeTestModel();
  EXPECT_EQ(mj_id2name(m, mjOBJ_BODY, 3), nullptr);
  EXPECT_EQ(mj_id2name(m, mjOBJ_BODY, -1), nullptr);
  EXPECT_EQ(mj_id2name(m, mjOBJ_UNKNOWN, 0), nullptr);
  EXPECT_EQ(mj_id2name(m, mjOBJ_DOF, 0), nullptr);
  EXPECT_EQ(mj_id2name(m, 999, 0), nullptr);
  EXPECT_EQ(mj_id2name(m, -5, 0), nullptr);
  EXPECT_EQ(mj_id2name(m, mjOBJ_FRAME, 0), nullptr);
  EXPECT_EQ(mj_name2id(m, 999, "ball"), -1);
  EXPECT_EQ(mj_name2id(m, -1, "ball"), -1);
  EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, nullptr), -1);
  EXPECT_EQ(mj_name2id(nullptr, mjOBJ_BODY, "ball"), -1);
  EXPECT_EQ(mj_id2name(nullptr, mjOBJ_BODY, 0), nullptr);

  // a corrupt name address or a corrupt table entry does not crash
  m->name_bodyadr[1] = 1 << 30;
  EXPECT_EQ(mj_id2name(m, mjOBJ_BODY, 1), nullptr);
  EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, "mocap"), -1);
  for (mjtSize i = 0; i < m->nnames_map; i++) {
    m->names_map[i] = 1 << 20;
  }
  EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, "ball"), -1);
  mj_deleteModel(m);
}

TEST(Names, MapLayoutIsTwoSlotsPerObjectInTypeOrder) {
  mjModel* m = MakeTestModel();
  // bodies 3, joint 1, geom 1, site 1, equality 1, tendon 1, actuators 2, sensor 1, keys 2
  EXPECT_EQ(m->nnames_map, 2 * (3 + 1 + 1 + 1 + 1 + 1 + 2 + 1 + 2));
  EXPECT_EQ(mj_namesMapSize(m), m->nnames_map);
  // body section = first 6 slots: holds exactly the body ids, each once
  std::vector<int> seen;
  for (int i = 0; i < 6; i++) {
    if (m->names_map[i] >= 0) {
      seen.push_back(m->names_map[i]);
    }
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<int>{0, 1, 2}));
  // each body sits at its hash slot or after it (linear probing)
  for (int id = 0; id < 3; id++) {
    int slot = static_cast<int>(mj_hashString(mj_id2name(m, mjOBJ_BODY, id)) % 6);
    while (m->names_map[slot] != id) {
      ASSERT_NE(m->names_map[slot], -1);
      slot = (slot + 1) % 6;
    }
  }
  // the unnamed actuator is not in the table: actuator section has one entry
  int start = 2 * (3 + 1 + 1 + 1 + 1 + 1);  // body joint geom site equality tendon
  int entries = 0;
  for (int i = start; i < start + 4; i++) {
    entries += m->names_map[i] >= 0;
  }
  EXPECT_EQ(entries, 1);
  mj_deleteModel(m);
}

// many bodies: collisions in the hash table, all names still found (cross-checked against a
// linear scan of the names buffer)
TEST(Names, ManyObjectsAndFallbackWithoutTable) {
  const int n = 500;
  std::string names;
  std::vector<std::string> list;
  for (int i = 0; i < n; i++) {
    list.push_back("body_" + std::to_string(i * 7919 % 1000));
  }
  list[17] = list[3];  // a duplicate: the lower id wins, as in a scan
  std::vector<int> adr = AppendNames(&names, list);

  for (int with_map = 0; with_map < 2; with_map++) {
    mjModel sizes;
    memset(&sizes, 0, sizeof(sizes));
    sizes.nbody = n;
    sizes.nnames = static_cast<mjtSize>(names.size());
    sizes.nnames_map = with_map ? mj_namesMapSize(&sizes) : 0;
    mjModel* m = mj_allocModel(&sizes);
    memcpy(m->names, names.data(), names.size());
    for (int i = 0; i < n; i++) {
      m->name_bodyadr[i] = adr[i];
    }
    if (with_map) {
      mj_buildNamesMap(m);
    }
    for (int i = 0; i < n; i++) {
      int expected = (i == 17) ? 3 : i;
      EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, list[i].c_str()), expected) << list[i];
      EXPECT_EQ(list[i], mj_id2name(m, mjOBJ_BODY, i));
    }
    EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, "body_1001"), -1);
    EXPECT_EQ(mj_name2id(m, mjOBJ_BODY, "body_"), -1);
    mj_deleteModel(m);
  }
}

TEST(Names, BuildRejectsWrongTableSize) {
  motus_test::ScopedErrorCapture capture;
  mjModel sizes;
  memset(&sizes, 0, sizeof(sizes));
  sizes.nbody = 2;
  sizes.nnames = 4;
  sizes.nnames_map = 3;
  mjModel* m = mj_allocModel(&sizes);
  EXPECT_THROW(mj_buildNamesMap(m), motus_test::MujocoError);
  EXPECT_NE(capture.errors().back().find("mj_namesMapSize"), std::string::npos);
  mj_deleteModel(m);
}

TEST(Names, TypeNames) {
  const char* expected[mjNOBJECT] = {
      "unknown",  "body",  "xbody",   "joint",    "dof",    "geom",     "site",
      "camera",   "light", "flex",    "mesh",     "skin",   "hfield",   "texture",
      "material", "pair",  "exclude", "equality", "tendon", "actuator", "sensor",
      "numeric",  "text",  "tuple",   "key",      "plugin"};
  for (int t = 0; t < mjNOBJECT; t++) {
    ASSERT_NE(mju_type2Str(t), nullptr);
    EXPECT_STREQ(mju_type2Str(t), expected[t]);
    if (t > 0) {
      EXPECT_EQ(mju_str2Type(expected[t]), t);
    }
  }
  EXPECT_STREQ(mju_type2Str(mjOBJ_FRAME), "frame");
  EXPECT_STREQ(mju_type2Str(mjOBJ_DEFAULT), "default");
  EXPECT_STREQ(mju_type2Str(mjOBJ_MODEL), "model");
  EXPECT_EQ(mju_str2Type("frame"), mjOBJ_FRAME);
  EXPECT_EQ(mju_type2Str(mjNOBJECT), nullptr);
  EXPECT_EQ(mju_type2Str(-1), nullptr);
  EXPECT_EQ(mju_str2Type("unknown"), mjOBJ_UNKNOWN);
  EXPECT_EQ(mju_str2Type("bogus"), mjOBJ_UNKNOWN);
  EXPECT_EQ(mju_str2Type("BODY"), mjOBJ_UNKNOWN);  // case-sensitive, as the XML
  EXPECT_EQ(mju_str2Type(""), mjOBJ_UNKNOWN);
  EXPECT_EQ(mju_str2Type(nullptr), mjOBJ_UNKNOWN);
}

TEST(Names, WriteNumBytes) {
  EXPECT_STREQ(mju_writeNumBytes(0), "0");
  EXPECT_STREQ(mju_writeNumBytes(1), "1");
  EXPECT_STREQ(mju_writeNumBytes(1000), "1000");
  EXPECT_STREQ(mju_writeNumBytes(1024), "1K");
  EXPECT_STREQ(mju_writeNumBytes(1536), "1536");
  EXPECT_STREQ(mju_writeNumBytes(3 * 1024 + 0), "3K");
  EXPECT_STREQ(mju_writeNumBytes(13631488), "13M");
  EXPECT_STREQ(mju_writeNumBytes(size_t(1) << 30), "1G");
  EXPECT_STREQ(mju_writeNumBytes(size_t(5) << 40), "5T");
  EXPECT_STREQ(mju_writeNumBytes((size_t(1) << 40) + 1024), "1073741825K");
}

TEST(Names, WarningTexts) {
  // every warning names its subject and, for the arena ones, the fix
  // MuJoCo 3.8.0's texts come first (a user may search for them), then where to set the size
  std::string full = mju_warningText(mjWARN_CONTACTFULL, 52);
  EXPECT_EQ(full.rfind("Too many contacts. The arena memory is full, increase arena memory "
                       "allocation.(ncon = 52)",
                       0),
            0u)
      << full;
  EXPECT_NE(full.find("<size memory"), std::string::npos);
  std::string cnstr = mju_warningText(mjWARN_CNSTRFULL, 61440);
  EXPECT_EQ(cnstr.rfind("Insufficient arena memory for the number of constraints generated. "
                        "Increase arena memory allocation above 60K bytes.",
                        0),
            0u)
      << cnstr;
  EXPECT_NE(cnstr.find("<size memory"), std::string::npos);
  EXPECT_NE(std::string(mju_warningText(mjWARN_INERTIA, 5)).find("DOF 5"), std::string::npos);
  EXPECT_NE(std::string(mju_warningText(mjWARN_BADQPOS, 2)).find("QPOS"), std::string::npos);
  EXPECT_NE(std::string(mju_warningText(mjWARN_BADQVEL, 2)).find("QVEL"), std::string::npos);
  EXPECT_NE(std::string(mju_warningText(mjWARN_BADCTRL, 1)).find("ACTUATOR 1"), std::string::npos);
  EXPECT_NE(std::string(mju_warningText(99, 0)).find("Unknown warning type 99"), std::string::npos);
}

TEST(Names, VersionAndStringTables) {
  EXPECT_EQ(mj_version(), mjVERSION_HEADER);
  EXPECT_STREQ(mj_versionString(), "3.8.0");
  // the <option><flag> attribute names of XMLreference.rst, in bit order
  const char* disable[mjNDISABLE] = {
      "constraint", "equality",  "frictionloss", "limit",        "contact",   "spring",  "damper",
      "gravity",    "clampctrl", "warmstart",    "filterparent", "actuation", "refsafe", "sensor",
      "midphase",   "eulerdamp", "autoreset",    "nativeccd",    "island",    "multiccd"};
  const char* enable[mjNENABLE] = {"override", "energy", "fwdinv", "invdiscrete", "sleep"};
  auto lower = [](const char* s) {
    std::string out(s);
    for (char& c : out) {
      c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
    }
    return out;
  };
  for (int i = 0; i < mjNDISABLE; i++) {
    EXPECT_EQ(lower(mjDISABLESTRING[i]), disable[i]);
  }
  for (int i = 0; i < mjNENABLE; i++) {
    EXPECT_EQ(lower(mjENABLESTRING[i]), enable[i]);
  }
  EXPECT_STREQ(mjTIMERSTRING[mjTIMER_STEP], "step");
  EXPECT_STREQ(mjTIMERSTRING[mjTIMER_POS_KINEMATICS], "pos_kinematics");
  for (int i = 0; i < mjNTIMER; i++) {
    EXPECT_NE(mjTIMERSTRING[i], nullptr);
  }
}

}  // namespace
