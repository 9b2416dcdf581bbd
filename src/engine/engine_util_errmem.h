// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Errors, warnings, the log file and heap memory (programming_simulation.rst "Errors and
// warnings"). The public functions (mju_error, mju_warning, mju_malloc, mju_free, mju_writeLog,
// mju_clearHandlers, mj_resetCallbacks) and the global callback pointers (mju_user_*, mjcb_*) are
// declared in mujoco.h; this header adds the internal helpers shared by the engine.

#ifndef MOTUS_ENGINE_ENGINE_UTIL_ERRMEM_H_
#define MOTUS_ENGINE_ENGINE_UTIL_ERRMEM_H_

#include <stdarg.h>
#include <stddef.h>

#include <mujoco/mujoco.h>

// size of the message buffers of mju_error / mju_warning (longer messages are truncated)
#define mjERRMSG_SIZE 1024

// Report an error prefixed with the name of the calling function, e.g.
//   mjERROR("index %d out of range", i)  ->  "mj_foo: index 0 out of range".
// Like mju_error, it returns only if a user handler returns.
#define mjERROR(...) mju_errorFunc(__func__, __VA_ARGS__)
#define mjWARNING(...) mju_warningFunc(__func__, __VA_ARGS__)

#ifdef __cplusplus
extern "C" {
#endif

// mju_error / mju_warning with "<func>: " in front of the formatted message
void mju_errorFunc(const char* func, const char* format, ...) mjPRINTFLIKE(2, 3);
void mju_warningFunc(const char* func, const char* format, ...) mjPRINTFLIKE(2, 3);

// va_list versions of mju_error / mju_warning
void mju_verror(const char* format, va_list args);
void mju_vwarning(const char* format, va_list args);

// mju_malloc without the error: NULL when the allocation fails (callers free what they hold
// before reporting, so that an error handler that does not return leaks nothing)
void* mju_tryMalloc(size_t size);

// mju_malloc followed by zero-fill of the (unpadded) size; NULL for size 0
void* mju_calloc(size_t size);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_UTIL_ERRMEM_H_
