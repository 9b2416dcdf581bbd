// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// bench_collision: time of mj_collision per step for N free spheres in a box, N = 250, 500,
// 1000, 2000 (a benchmark, not a test). The spheres (radius 0.05) fill the box at constant
// density, on a jittered grid where neighbors often touch, so the number of contacts grows
// linearly with N; the broad phase (sweep and prune) should then grow like N log N. The box is
// a floor and four walls (planes).
//
//   bench_collision [ncall]        (default 200 mj_collision calls per size)
//
// The source uses only the API common to MuJoCo 2.x and 3.x, so that the same program can be
// built against another MuJoCo for comparison (tools/bench_collision_mujoco222.sh does this for
// Debian's MuJoCo 2.2.2).

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <mujoco/mujoco.h>

namespace {

// deterministic uniform numbers in [0, 1)
double Uniform(unsigned* state) {
  *state = *state * 1664525u + 1013904223u;
  return ((*state >> 8) & 0xFFFFFF) / 16777216.0;
}

// MJCF of n spheres on a jittered cubic grid with spacing 0.102 (diameter 0.1) inside planes
std::string SceneXml(int n, bool legacy_size) {
  int side = static_cast<int>(std::ceil(std::cbrt(static_cast<double>(n))));
  double spacing = 0.102, half = 0.5 * side * spacing + 0.05;
  char buf[512];
  std::string xml = "<mujoco>\n";
  if (legacy_size) {
    // MuJoCo 2.x: fixed contact buffer; no constraints are made here (njmax only sizes them)
    snprintf(buf, sizeof(buf), "  <size nconmax=\"%d\" njmax=\"100\"/>\n", 20 * n);
  } else {
    snprintf(buf, sizeof(buf), "  <size memory=\"%dM\"/>\n", 1 + n / 50);
  }
  xml += buf;
  xml += "  <worldbody>\n";
  snprintf(buf, sizeof(buf),
           "    <geom type=\"plane\" size=\"%g %g .1\"/>\n"
           "    <geom type=\"plane\" size=\"%g %g .1\" pos=\"%g 0 0\" zaxis=\"-1 0 0\"/>\n"
           "    <geom type=\"plane\" size=\"%g %g .1\" pos=\"%g 0 0\" zaxis=\"1 0 0\"/>\n"
           "    <geom type=\"plane\" size=\"%g %g .1\" pos=\"0 %g 0\" zaxis=\"0 -1 0\"/>\n"
           "    <geom type=\"plane\" size=\"%g %g .1\" pos=\"0 %g 0\" zaxis=\"0 1 0\"/>\n",
           half, half, half, half, half, half, half, -half, half, half, half, half, half, -half);
  xml += buf;
  unsigned rng = 12345u + n;
  for (int i = 0; i < n; i++) {
    int ix = i % side, iy = (i / side) % side, iz = i / (side * side);
    double x = -half + 0.05 + spacing * (ix + 0.5) + 0.012 * (Uniform(&rng) - 0.5);
    double y = -half + 0.05 + spacing * (iy + 0.5) + 0.012 * (Uniform(&rng) - 0.5);
    double z = 0.049 + spacing * iz + 0.012 * Uniform(&rng);
    snprintf(buf, sizeof(buf),
             "    <body pos=\"%.5f %.5f %.5f\"><freejoint/><geom type=\"sphere\" size=\"0.05\"/>"
             "</body>\n",
             x, y, z);
    xml += buf;
  }
  xml += "  </worldbody>\n</mujoco>\n";
  return xml;
}

// average milliseconds per mj_collision call, and the number of contacts
bool TimeCollision(int n, int ncall, double* ms, int* ncon) {
  bool legacy = mj_version() < 300;
  std::string path = "/tmp/bench_collision_" + std::to_string(n) + ".xml";
  FILE* f = fopen(path.c_str(), "w");
  if (!f) {
    return false;
  }
  std::string xml = SceneXml(n, legacy);
  fwrite(xml.data(), 1, xml.size(), f);
  fclose(f);
  char error[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof(error));
  std::remove(path.c_str());
  if (!m) {
    fprintf(stderr, "n = %d: %s\n", n, error);
    return false;
  }
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);  // geom positions
  mj_collision(m, d);   // warm up
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < ncall; i++) {
    mj_collision(m, d);
  }
  auto stop = std::chrono::steady_clock::now();
  *ms = std::chrono::duration<double, std::milli>(stop - start).count() / ncall;
  *ncon = d->ncon;
  mj_deleteData(d);
  mj_deleteModel(m);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int ncall = argc > 1 ? atoi(argv[1]) : 200;
  if (ncall < 1) {
    ncall = 1;
  }
  printf("MuJoCo API version %d: mj_collision, %d calls per size\n", mj_version(), ncall);
  printf("%8s %8s %12s %18s\n", "spheres", "contacts", "ms/call", "us/(N log2 N)");
  for (int n : {250, 500, 1000, 2000}) {
    double ms;
    int ncon;
    if (!TimeCollision(n, ncall, &ms, &ncon)) {
      return 1;
    }
    printf("%8d %8d %12.4f %18.5f\n", n, ncon, ms, 1000 * ms / (n * std::log2(n)));
  }
  return 0;
}
