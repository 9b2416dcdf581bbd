// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// bench_convex: time of mj_collision per step for a pile of 200 convex meshes (a benchmark, not
// a test). The meshes (three shapes: a 26-vertex rounded box, a 6-vertex wedge, a 12-vertex
// icosahedron, about 0.1 across) are dropped on a jittered grid into a box (a floor and four
// walls), densely enough that neighbors touch or overlap. After `nsettle` simulation steps
// (default 0: the initial pile), mj_collision is timed on `ncall` jittered copies of the pile
// (positions moved by up to 1 mm), reporting the mean time per call and the contacts.
//
//   bench_convex [ncall] [nsettle]      (defaults 200, 0)
//
// The source uses only the API common to MuJoCo 2.x and 3.x (the model is written to a
// temporary file and loaded with mj_loadXML), so the same program can be built against Debian's
// MuJoCo 2.2.2 for comparison:
//   g++ -O2 sample/bench_convex.cc -I/usr/include -lmujoco -o /tmp/bench_convex222

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <mujoco/mujoco.h>

namespace {

double Uniform(unsigned* state) {
  *state = *state * 1664525u + 1013904223u;
  return ((*state >> 8) & 0xFFFFFF) / 16777216.0;
}

std::string Vertices(const double (*v)[3], int n, double scale) {
  std::string s;
  char buf[100];
  for (int i = 0; i < n; i++) {
    snprintf(buf, sizeof(buf), "%s%g %g %g", i ? "  " : "", scale * v[i][0], scale * v[i][1],
             scale * v[i][2]);
    s += buf;
  }
  return s;
}

std::string PileXml(int n) {
  // rounded box: corners, pushed-out face centers and edge midpoints
  double rbox[26][3];
  int k = 0;
  for (int i = 0; i < 8; i++) {
    rbox[k][0] = (i & 1) ? 1 : -1;
    rbox[k][1] = (i & 2) ? 1.2 : -1.2;
    rbox[k][2] = (i & 4) ? 0.8 : -0.8;
    k++;
  }
  const double ext[3] = {1, 1.2, 0.8};
  for (int a = 0; a < 3; a++) {
    for (int s = -1; s <= 1; s += 2) {
      rbox[k][0] = rbox[k][1] = rbox[k][2] = 0;
      rbox[k][a] = 1.3 * s * ext[a];
      k++;
    }
  }
  for (int a = 0; a < 3; a++) {
    int b = (a + 1) % 3, c = (a + 2) % 3;
    for (int sb = -1; sb <= 1; sb += 2) {
      for (int sc = -1; sc <= 1; sc += 2) {
        rbox[k][a] = 0;
        rbox[k][b] = 1.12 * sb * ext[b];
        rbox[k][c] = 1.12 * sc * ext[c];
        k++;
      }
    }
  }
  const double wedge[6][3] = {{-1, -0.8, -0.6}, {1, -0.8, -0.6}, {0, 1, -0.6},
                              {-1, -0.8, 0.6},  {1, -0.8, 0.6},  {0, 1, 0.6}};
  const double p = (1 + std::sqrt(5.0)) / 2;
  const double ico[12][3] = {{-1, p, 0}, {1, p, 0}, {-1, -p, 0}, {1, -p, 0},
                             {0, -1, p}, {0, 1, p}, {0, -1, -p}, {0, 1, -p},
                             {p, 0, -1}, {p, 0, 1}, {-p, 0, -1}, {-p, 0, 1}};
  // single contact per pair (multiccd off) in both versions; 2.2.2 preallocates contacts
  std::string xml = "<mujoco>\n  <option timestep='0.002'><flag multiccd='disable'/></option>\n";
#if defined(mjVERSION_HEADER) && mjVERSION_HEADER < 300
  xml += "  <size nconmax='3000' njmax='3000'/>\n";
#endif
  xml += "  <asset>\n";
  xml += "    <mesh name='rbox' vertex='" + Vertices(rbox, 26, 0.04) + "'/>\n";
  xml += "    <mesh name='wedge' vertex='" + Vertices(wedge, 6, 0.05) + "'/>\n";
  xml += "    <mesh name='ico' vertex='" + Vertices(ico, 12, 0.03) + "'/>\n";
  xml += "  </asset>\n  <worldbody>\n";
  xml += "    <geom type='plane' size='0 0 1'/>\n";
  const double half = 0.45;
  char buf[300];
  const char* walls[4][2] = {{"-0.45 0 0", "0 90 0"},
                             {"0.45 0 0", "0 -90 0"},
                             {"0 -0.45 0", "-90 0 0"},
                             {"0 0.45 0", "90 0 0"}};
  for (auto& w : walls) {
    snprintf(buf, sizeof(buf), "    <geom type='plane' size='0 0 1' pos='%s' euler='%s'/>\n", w[0],
             w[1]);
    xml += buf;
  }
  unsigned seed = 7;
  const char* meshes[3] = {"rbox", "wedge", "ico"};
  const int per_row = 8;
  const double spacing = 2 * half / per_row;
  for (int i = 0; i < n; i++) {
    int layer = i / (per_row * per_row), cell = i % (per_row * per_row);
    double x = -half + spacing * (cell % per_row + 0.5) + 0.02 * (Uniform(&seed) - 0.5);
    double y = -half + spacing * (cell / per_row + 0.5) + 0.02 * (Uniform(&seed) - 0.5);
    double z = 0.06 + 0.1 * layer;
    snprintf(buf, sizeof(buf),
             "    <body pos='%g %g %g' euler='%g %g %g'><freejoint/>"
             "<geom type='mesh' mesh='%s'/></body>\n",
             x, y, z, 360 * Uniform(&seed), 360 * Uniform(&seed), 360 * Uniform(&seed),
             meshes[i % 3]);
    xml += buf;
  }
  xml += "  </worldbody>\n</mujoco>\n";
  return xml;
}

}  // namespace

int main(int argc, char** argv) {
  int nstep = argc > 1 ? atoi(argv[1]) : 200;
  int nsettle = argc > 2 ? atoi(argv[2]) : 0;
  const char* path = "/tmp/bench_convex_pile.xml";
  FILE* f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "cannot write %s\n", path);
    return 1;
  }
  std::string xml = PileXml(200);
  fputs(xml.c_str(), f);
  fclose(f);

  char err[1000] = "";
  mjModel* m = mj_loadXML(path, nullptr, err, sizeof(err));
  if (!m) {
    fprintf(stderr, "load error: %s\n", err);
    return 1;
  }
  mjData* d = mj_makeData(m);
  if (!d) {
    fprintf(stderr, "cannot make mjData\n");
    return 1;
  }
  for (int i = 0; i < nsettle; i++) {
    mj_step(m, d);
  }

  // the pile as is, then jittered copies of it: collision detection only (no dynamics)
  mjtNum* q0 = static_cast<mjtNum*>(malloc(sizeof(mjtNum) * m->nq));
  for (int i = 0; i < m->nq; i++) {
    q0[i] = d->qpos[i];
  }
  unsigned seed = 11;
  double total = 0;
  long contacts = 0;
  for (int i = 0; i < nstep; i++) {
    for (int j = 0; j < m->nq; j++) {
      d->qpos[j] = q0[j] + 0.002 * (Uniform(&seed) - 0.5);
    }
    mj_kinematics(m, d);
    auto t0 = std::chrono::steady_clock::now();
    mj_collision(m, d);
    auto t1 = std::chrono::steady_clock::now();
    total += std::chrono::duration<double, std::micro>(t1 - t0).count();
    contacts += d->ncon;
  }
  free(q0);
  printf("MuJoCo %s: 200 convex meshes, %d collision calls after %d steps\n", mj_versionString(),
         nstep, nsettle);
  printf("  mj_collision: %.1f us per call, %.1f contacts per call\n", total / nstep,
         static_cast<double>(contacts) / nstep);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
