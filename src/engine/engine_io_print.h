// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Shared pieces of the text dumps of mjModel (engine_io_print.cc) and mjData
// (engine_io_print_data.cc): the output file, the float format and the value printers.

#ifndef MOTUS_ENGINE_ENGINE_IO_PRINT_H_
#define MOTUS_ENGINE_ENGINE_IO_PRINT_H_

#include <stdio.h>

#include <mujoco/mujoco.h>

namespace motus {

// the default float format of mj_printModel and mj_printData
constexpr const char* kPrintFloatFormat = "% -9.2g";

// `format` if it is one printf conversion of a float ("%", flags, width, precision, one of
// f g G e E), else the default after MuJoCo's warnings
const char* FloatFormat(const char* format);

// opens `filename` for writing (stdout for NULL); warns and returns NULL on failure
FILE* OpenPrintOutput(const char* filename, const char* caller);
void ClosePrintOutput(FILE* fp);

struct PrintOut {
  FILE* fp;
  const char* format;

  // one real in the float format, nothing else
  void Real(double x) const;
  // n reals: each in the float format followed by a space (per-object lines)
  void RealsSpaced(const double* x, int n) const;
  void RealsSpaced(const float* x, int n) const;
  // n reals, each in the float format (option/statistic lines)
  void Reals(const double* x, int n) const;
  void Reals(const float* x, int n) const;
};

}  // namespace motus

#endif  // MOTUS_ENGINE_ENGINE_IO_PRINT_H_
