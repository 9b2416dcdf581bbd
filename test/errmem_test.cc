// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Errors, warnings, log file, heap memory and callbacks (src/engine/engine_util_errmem.cc), and
// the warning counters of mj_warning (engine_support_names.cc).

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"
#include "fixture.h"
#include "io_model.h"

namespace {

using motus_test::MujocoError;
using motus_test::ScopedErrorCapture;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// runs the test body in a fresh temporary working directory (MUJOCO_LOG.TXT goes there)
class InTempDir {
 public:
  InTempDir() {
    char buf[4096];
    old_ = getcwd(buf, sizeof(buf)) ? buf : ".";
    std::string tmpl = testing::TempDir() + "/errmem_XXXXXX";
    std::vector<char> path(tmpl.begin(), tmpl.end());
    path.push_back(0);
    dir_ = mkdtemp(path.data());
    EXPECT_EQ(chdir(dir_.c_str()), 0);
  }
  ~InTempDir() {
    remove((dir_ + "/MUJOCO_LOG.TXT").c_str());
    EXPECT_EQ(chdir(old_.c_str()), 0);
    rmdir(dir_.c_str());
  }
  std::string Log() const { return ReadFile(dir_ + "/MUJOCO_LOG.TXT"); }

 private:
  std::string old_, dir_;
};

TEST(ErrMem, ErrorHandlerGetsTheFormattedMessage) {
  ScopedErrorCapture capture;
  EXPECT_THROW(mju_error("bad value %d in %s", 7, "qpos"), MujocoError);
  EXPECT_THROW(mju_error_i("index %d", -3), MujocoError);
  EXPECT_THROW(mju_error_s("name '%s'", "abc"), MujocoError);
  ASSERT_EQ(capture.errors().size(), 3u);
  EXPECT_EQ(capture.errors()[0], "bad value 7 in qpos");
  EXPECT_EQ(capture.errors()[1], "index -3");
  EXPECT_EQ(capture.errors()[2], "name 'abc'");

  // long messages are truncated, not overflowed
  std::string big(5000, 'x');
  EXPECT_THROW(mju_error("%s", big.c_str()), MujocoError);
  EXPECT_EQ(capture.errors().back().size(), static_cast<size_t>(mjERRMSG_SIZE - 1));
}

TEST(ErrMem, WarningHandlerGetsTheFormattedMessage) {
  ScopedErrorCapture capture;
  mju_warning("w %g", 1.5);
  mju_warning_i("wi %d", 4);
  mju_warning_s("ws %s", "t");
  ASSERT_EQ(capture.warnings().size(), 3u);
  EXPECT_EQ(capture.warnings()[0], "w 1.5");
  EXPECT_EQ(capture.warnings()[1], "wi 4");
  EXPECT_EQ(capture.warnings()[2], "ws t");
  EXPECT_TRUE(capture.errors().empty());
}

TEST(ErrMem, DefaultWarningPrintsAndLogs) {
  InTempDir tmp;
  ASSERT_EQ(mju_user_warning, nullptr);
  testing::internal::CaptureStderr();
  mju_warning("something odd: %d", 12);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("WARNING: something odd: 12"), std::string::npos) << err;
  std::string log = tmp.Log();
  EXPECT_NE(log.find("WARNING: something odd: 12"), std::string::npos) << log;
  // the line before the message is a date stamp ending in the year
  EXPECT_NE(log.find("20"), std::string::npos);

  mju_writeLog("NOTE", "second entry");
  log = tmp.Log();
  EXPECT_NE(log.find("WARNING: something odd: 12"), std::string::npos);  // appended
  EXPECT_NE(log.find("NOTE: second entry"), std::string::npos);
}

TEST(ErrMemDeathTest, DefaultErrorPrintsLogsAndExits) {
  InTempDir tmp;
  EXPECT_EXIT(mju_error("fatal %d", 42), testing::ExitedWithCode(EXIT_FAILURE), "ERROR: fatal 42");
  EXPECT_NE(tmp.Log().find("ERROR: fatal 42"), std::string::npos);
}

TEST(ErrMem, MallocIsAlignedAndPadded) {
  EXPECT_EQ(mju_malloc(0), nullptr);
  for (size_t size : {1, 7, 64, 65, 1000, 1 << 20}) {
    void* p = mju_malloc(size);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    memset(p, 1, (size + 63) / 64 * 64);  // the padding is ours to use (ASan checks)
    mju_free(p);
  }
  mju_free(nullptr);
  void* z = mju_calloc(100);
  const unsigned char* c = static_cast<const unsigned char*>(z);
  for (int i = 0; i < 100; i++) {
    EXPECT_EQ(c[i], 0);
  }
  mju_free(z);
}

int g_nmalloc = 0, g_nfree = 0;
void* CountingMalloc(size_t size) {
  g_nmalloc++;
  return malloc(size);
}
void CountingFree(void* p) {
  g_nfree++;
  free(p);
}
void* FailingMalloc(size_t) {
  return nullptr;
}

TEST(ErrMem, UserAllocatorIsUsed) {
  g_nmalloc = g_nfree = 0;
  mju_user_malloc = CountingMalloc;
  mju_user_free = CountingFree;
  mjModel* m = motus_test::MakeTestModel();
  mjData* d = mj_makeData(m);
  mj_deleteData(d);
  mj_deleteModel(m);
  mju_clearHandlers();
  EXPECT_GT(g_nmalloc, 0);
  EXPECT_EQ(g_nmalloc, g_nfree);  // everything allocated was freed
  EXPECT_EQ(mju_user_malloc, nullptr);
  EXPECT_EQ(mju_user_free, nullptr);
}

TEST(ErrMem, AllocationFailureIsAnError) {
  ScopedErrorCapture capture;
  mju_user_malloc = FailingMalloc;
  EXPECT_THROW(mju_malloc(100), MujocoError);
  mju_user_malloc = nullptr;
  ASSERT_EQ(capture.errors().size(), 1u);
  EXPECT_NE(capture.errors()[0].find("100 bytes"), std::string::npos);
  // an impossible size with the default allocator
  EXPECT_THROW(mju_malloc(SIZE_MAX - 10), MujocoError);
}

void DummyGeneric(const mjModel*, mjData*) {}
int DummyFilter(const mjModel*, mjData*, int, int) {
  return 0;
}
void DummySensor(const mjModel*, mjData*, int) {}
mjtNum DummyTime(void) {
  return 0;
}
mjtNum DummyAct(const mjModel*, const mjData*, int) {
  return 0;
}
void DummyMessage(const char*) {}

TEST(ErrMem, ResetCallbacksClearsEverything) {
  EXPECT_EQ(mjcb_passive, nullptr);  // NULL initially
  EXPECT_EQ(mjcb_time, nullptr);
  mjcb_passive = DummyGeneric;
  mjcb_control = DummyGeneric;
  mjcb_contactfilter = DummyFilter;
  mjcb_sensor = DummySensor;
  mjcb_time = DummyTime;
  mjcb_act_dyn = DummyAct;
  mjcb_act_gain = DummyAct;
  mjcb_act_bias = DummyAct;
  mju_user_warning = DummyMessage;
  mj_resetCallbacks();
  EXPECT_EQ(mjcb_passive, nullptr);
  EXPECT_EQ(mjcb_control, nullptr);
  EXPECT_EQ(mjcb_contactfilter, nullptr);
  EXPECT_EQ(mjcb_sensor, nullptr);
  EXPECT_EQ(mjcb_time, nullptr);
  EXPECT_EQ(mjcb_act_dyn, nullptr);
  EXPECT_EQ(mjcb_act_gain, nullptr);
  EXPECT_EQ(mjcb_act_bias, nullptr);
  EXPECT_EQ(mju_user_warning, nullptr);
}

TEST(ErrMem, ErrorFuncPrefixesTheCaller) {
  ScopedErrorCapture capture;
  EXPECT_THROW(mju_errorFunc("mj_thing", "x=%d", 3), MujocoError);
  EXPECT_EQ(capture.errors().back(), "mj_thing: x=3");
  mju_warningFunc("mj_other", "y");
  EXPECT_EQ(capture.warnings().back(), "mj_other: y");
}

// ---------------------------------------------------------------------------------------------
// mj_warning: counters in mjData, text printed once per reset

TEST(ErrMem, WarningCountersPrintOnlyTheFirst) {
  mjModel* m = motus_test::MakeTestModel();
  mjData* d = mj_makeData(m);
  ScopedErrorCapture capture;
  mj_warning(d, mjWARN_BADQACC, 3);
  mj_warning(d, mjWARN_BADQACC, 5);
  mj_warning(d, mjWARN_BADQACC, 4);
  EXPECT_EQ(d->warning[mjWARN_BADQACC].number, 3);
  EXPECT_EQ(d->warning[mjWARN_BADQACC].lastinfo, 4);
  ASSERT_EQ(capture.warnings().size(), 1u);
  EXPECT_EQ(capture.warnings()[0], mju_warningText(mjWARN_BADQACC, 3));
  EXPECT_NE(capture.warnings()[0].find("QACC"), std::string::npos);
  EXPECT_NE(capture.warnings()[0].find("DOF 3"), std::string::npos);

  // another type has its own counter; a reset clears them and the text is printed again
  mj_warning(d, mjWARN_CONTACTFULL, static_cast<int>(d->narena));
  EXPECT_EQ(capture.warnings().size(), 2u);
  EXPECT_NE(capture.warnings()[1].find("<size memory"), std::string::npos);
  mj_resetData(m, d);
  EXPECT_EQ(d->warning[mjWARN_BADQACC].number, 0);
  mj_warning(d, mjWARN_BADQACC, 1);
  EXPECT_EQ(capture.warnings().size(), 3u);

  EXPECT_THROW(mj_warning(d, mjNWARNING, 0), MujocoError);
  EXPECT_THROW(mj_warning(d, -1, 0), MujocoError);
  EXPECT_NE(capture.errors().back().find("invalid warning type"), std::string::npos);
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
