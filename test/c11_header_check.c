/* Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
 *
 * The public headers compile as strict C11 (-std=c11 -Wall -Wextra -pedantic -Werror) and a C
 * program links against libmujoco.so and calls into it. */

#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

int main(void) {
  mjtNum a[3] = {1, 2, 3}, b[3] = {4, 5, 6}, c[3];
  mju_cross(c, a, b);
  if (c[0] != -3 || c[1] != 6 || c[2] != -3) {
    printf("mju_cross gave %g %g %g\n", c[0], c[1], c[2]);
    return 1;
  }
  if (mj_version() != mjVERSION_HEADER) {
    printf("mj_version %d != mjVERSION_HEADER %d\n", mj_version(), mjVERSION_HEADER);
    return 1;
  }
  if (strlen(mj_versionString()) == 0) {
    return 1;
  }
  printf("C11 client linked against libmujoco %s\n", mj_versionString());
  return 0;
}
