// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// derivative: print the finite-difference transition matrices of one step of a model
// (mjd_transitionFD; computation_index.rst "Derivatives").
//
//   derivative modelfile [nstep eps centered]
//
//   modelfile  MJCF (.xml) or binary (.mjb) model
//   nstep      steps simulated from the initial state (or keyframe 0) before differencing
//              (default 0)
//   eps        finite-difference epsilon (default 1e-6)
//   centered   1 for centered differences, 0 for forward ones (default 1)
//
// Prints A (2nv+na x 2nv+na) and B (2nv+na x nu), and, when the model has sensors, C
// (nsensordata x 2nv+na) and D (nsensordata x nu), one row per line. The RK4 integrator is not
// supported (the program reports the error).

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <mujoco/mujoco.h>

namespace {

void printMatrix(const char* name, const std::vector<mjtNum>& mat, int rows, int cols) {
  std::printf("%s (%d x %d)\n", name, rows, cols);
  for (int r = 0; r < rows; r++) {
    for (int c = 0; c < cols; c++) {
      std::printf(" % .6e", mat[static_cast<size_t>(r) * cols + c]);
    }
    std::printf("\n");
  }
  std::printf("\n");
}

mjModel* load(const char* file) {
  char error[1000] = "";
  size_t n = std::strlen(file);
  mjModel* m = nullptr;
  if (n > 4 && !std::strcmp(file + n - 4, ".mjb")) {
    m = mj_loadModel(file, nullptr);
  } else {
    m = mj_loadXML(file, nullptr, error, sizeof(error));
  }
  if (!m) {
    std::fprintf(stderr, "cannot load %s: %s\n", file, error);
  }
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: derivative modelfile [nstep eps centered]\n");
    return 1;
  }
  int nstep = argc > 2 ? std::atoi(argv[2]) : 0;
  mjtNum eps = argc > 3 ? std::atof(argv[3]) : 1e-6;
  int centered = argc > 4 ? std::atoi(argv[4]) : 1;
  mjModel* m = load(argv[1]);
  if (!m) {
    return 1;
  }
  if (m->opt.integrator == mjINT_RK4) {
    std::fprintf(stderr, "the RK4 integrator is not supported by mjd_transitionFD\n");
    mj_deleteModel(m);
    return 1;
  }
  mjData* d = mj_makeData(m);
  if (m->nkey) {
    mj_resetDataKeyframe(m, d, 0);
  }
  for (int k = 0; k < nstep; k++) {
    mj_step(m, d);
  }
  mj_forward(m, d);

  int ndx = 2 * m->nv + m->na, nu = m->nu, ns = m->nsensordata;
  std::vector<mjtNum> A(static_cast<size_t>(ndx) * ndx), B(static_cast<size_t>(ndx) * nu);
  std::vector<mjtNum> C(static_cast<size_t>(ns) * ndx), D(static_cast<size_t>(ns) * nu);
  mjd_transitionFD(m, d, eps, static_cast<mjtByte>(centered), A.data(), B.data(),
                   ns ? C.data() : nullptr, ns ? D.data() : nullptr);

  std::printf("model %s: nv %d, na %d, nu %d, nsensordata %d, time %g, %s differences, eps %g\n\n",
              argv[1], static_cast<int>(m->nv), static_cast<int>(m->na), nu, ns, d->time,
              centered ? "centered" : "forward", eps);
  printMatrix("A", A, ndx, ndx);
  printMatrix("B", B, ndx, nu);
  if (ns) {
    printMatrix("C", C, ns, ndx);
    printMatrix("D", D, ns, nu);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
