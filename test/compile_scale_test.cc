// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Complexity guard of the model compiler, not a speed measurement: a model of 360,000 moving
// bodies made by <replicate> must compile within 30 s of CPU time, a limit the kernel enforces
// (RLIMIT_CPU: the process is killed with SIGXCPU beyond it). CPU time rather than ctest's
// wall-clock TIMEOUT, because on a loaded machine the wall time is no measure of the work (this
// test took 81 s of wall time for 3 s of CPU at a load of 15 on 2 cores). The limit is
// generous for a compiler linear in the number of bodies and unreachable for a quadratic one:
// - linear (now): 3 s of CPU and 1.5 GB of peak memory in the GCC Release build;
// - quadratic: the mass check of moving bodies once summed, for every body with joints, every
//   later body welded to it: 6.5e10 iterations here, at 1.2 ns each when the compiled bodies
//   fit in the cache (measured with 90,000 bodies) and 3.8 ns when they do not (250,000 bodies:
//   117 s of CPU), so at least 75 s on any machine.
// Skipped under the sanitizers: AddressSanitizer takes 11 KB per body (measured with 90,000
// bodies; 4 GB here) and its slowdown would make the limit meaningless. The same compile path
// runs under them in hostile_xml_test (ReplicatedGridCompiles, 22,500 bodies).

#include <sys/resource.h>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

namespace {

TEST(CompileScaleTest, MassCheckOfReplicatedMovingBodiesIsNotQuadratic) {
#ifdef MOTUS_SANITIZE_BUILD
  GTEST_SKIP() << "complexity guard: not run under the sanitizers (memory and slowdown)";
#endif
  // 600 x 600 bodies, each with a slide joint and its own mass: every one is a moving body whose
  // mass and inertia the compiler checks
  const char xml[] =
      "<mujoco><worldbody><replicate count='600' offset='1 0 0'>"
      "<replicate count='600' offset='0 1 0'><body><joint type='slide' axis='0 0 1'/>"
      "<inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/></body></replicate></replicate>"
      "</worldbody></mujoco>";

  // the CPU-time limit of the process (soft limit only: the hard one stays as it was)
  rlimit saved;
  ASSERT_EQ(getrlimit(RLIMIT_CPU, &saved), 0);
  rusage used;
  ASSERT_EQ(getrusage(RUSAGE_SELF, &used), 0);
  rlimit limit = saved;
  limit.rlim_cur = static_cast<rlim_t>(used.ru_utime.tv_sec + used.ru_stime.tv_sec) + 30;
  if (saved.rlim_cur != RLIM_INFINITY && saved.rlim_cur < limit.rlim_cur) {
    limit.rlim_cur = saved.rlim_cur;
  }
  ASSERT_EQ(setrlimit(RLIMIT_CPU, &limit), 0);

  char error[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml, nullptr, error, sizeof(error));
  mjModel* m = spec ? mj_compile(spec, nullptr) : nullptr;
  setrlimit(RLIMIT_CPU, &saved);

  ASSERT_NE(spec, nullptr) << error;
  ASSERT_NE(m, nullptr) << mjs_getError(spec);
  EXPECT_EQ(m->nbody, 600 * 600 + 1);
  EXPECT_EQ(m->nv, 600 * 600);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
}

}  // namespace
