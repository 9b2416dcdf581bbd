/* Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
 *
 * The public headers compile as strict C11 (-std=c11 -Wall -Wextra -pedantic -Werror) and a C
 * program links against libmujoco.so and calls into it. */

#include <stdio.h>
#include <string.h>

#include <motus/rollout.h>
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
  {
    /* the rollout extension links from C and rejects an empty batch with a message */
    mtrBatch batch;
    char error[200] = "";
    mtr_defaultBatch(&batch);
    if (batch.state_spec != mjSTATE_FULLPHYSICS || mtr_rollout(NULL, &batch, error, 200) != -1 ||
        strlen(error) == 0) {
      printf("mtr_defaultBatch / mtr_rollout misbehaved: %s\n", error);
      return 1;
    }
  }
  printf("C11 client linked against libmujoco %s\n", mj_versionString());
  return 0;
}
