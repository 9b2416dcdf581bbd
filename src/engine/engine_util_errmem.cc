// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Errors, warnings, log file, heap memory and the user error / memory handlers (the simulation
// callbacks mjcb_* are in engine_callback.cc).
//
// Spec: programming_simulation.rst "Errors and warnings"; APIreference_APIglobals.rst (the
// callbacks); APIreference_functions.rst "Error and memory".
//
// The global pointers defined here are the only process-wide mutable state of the engine, and
// they are part of the C API: the user installs handlers by assigning them.

#include "engine/engine_util_errmem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mujoco/mujoco.h>

// ---------------------------------------------------------------------------------------------
// user error / memory handlers (all NULL until the user installs one)

extern "C" {

MJAPI void (*mju_user_error)(const char*) = nullptr;
MJAPI void (*mju_user_warning)(const char*) = nullptr;
MJAPI void* (*mju_user_malloc)(size_t) = nullptr;
MJAPI void (*mju_user_free)(void*) = nullptr;

}  // extern "C"

// the user error / memory handlers go back to the defaults (print + exit, aligned malloc)
void mju_clearHandlers(void) {
  mju_user_error = nullptr;
  mju_user_warning = nullptr;
  mju_user_malloc = nullptr;
  mju_user_free = nullptr;
}

// ---------------------------------------------------------------------------------------------
// log file

// Append "<date and time>\n<type>: <msg>\n\n" to MUJOCO_LOG.TXT in the working directory. A
// failure to open the file is silently ignored: logging must never turn into an error itself.
void mju_writeLog(const char* type, const char* msg) {
  FILE* fp = fopen("MUJOCO_LOG.TXT", "a");
  if (!fp) {
    return;
  }
  time_t now = time(nullptr);
  struct tm local;
  char stamp[64] = "";
  if (localtime_r(&now, &local)) {
    strftime(stamp, sizeof(stamp), "%a %b %d %H:%M:%S %Y", &local);
  }
  fprintf(fp, "%s\n%s: %s\n\n", stamp, type ? type : "", msg ? msg : "");
  fclose(fp);
}

// ---------------------------------------------------------------------------------------------
// errors and warnings

namespace {

// format into a fixed buffer on the C stack (no heap use: errors may come from out-of-memory)
void formatMessage(char* buf, size_t size, const char* format, va_list args) {
  if (!format) {
    snprintf(buf, size, "(null error message)");
    return;
  }
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
  vsnprintf(buf, size, format, args);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
}

// deliver a formatted error: user handler, or stderr + log + exit
void raiseError(const char* msg) {
  if (mju_user_error) {
    mju_user_error(msg);
    return;  // the handler should not return; if it does, the caller must cope
  }
  fprintf(stderr, "ERROR: %s\n", msg);
  fflush(stderr);
  mju_writeLog("ERROR", msg);
  exit(EXIT_FAILURE);
}

// deliver a formatted warning: user handler, or stderr + log
void raiseWarning(const char* msg) {
  if (mju_user_warning) {
    mju_user_warning(msg);
    return;
  }
  fprintf(stderr, "WARNING: %s\n", msg);
  fflush(stderr);
  mju_writeLog("WARNING", msg);
}

}  // namespace

void mju_verror(const char* format, va_list args) {
  char msg[mjERRMSG_SIZE];
  formatMessage(msg, sizeof(msg), format, args);
  raiseError(msg);
}

void mju_vwarning(const char* format, va_list args) {
  char msg[mjERRMSG_SIZE];
  formatMessage(msg, sizeof(msg), format, args);
  raiseWarning(msg);
}

void mju_error(const char* msg, ...) {
  va_list args;
  va_start(args, msg);
  mju_verror(msg, args);
  va_end(args);
}

void mju_warning(const char* msg, ...) {
  va_list args;
  va_start(args, msg);
  mju_vwarning(msg, args);
  va_end(args);
}

// deprecated single-argument forms: msg is a format with one %d or %s
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
#endif
void mju_error_i(const char* msg, int i) {
  mju_error(msg ? msg : "%d", i);
}
void mju_error_s(const char* msg, const char* text) {
  mju_error(msg ? msg : "%s", text ? text : "");
}
void mju_warning_i(const char* msg, int i) {
  mju_warning(msg ? msg : "%d", i);
}
void mju_warning_s(const char* msg, const char* text) {
  mju_warning(msg ? msg : "%s", text ? text : "");
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace {

// "<func>: <formatted message>"
void prefixMessage(char* buf, size_t size, const char* func, const char* format, va_list args) {
  int n = snprintf(buf, size, "%s: ", func ? func : "");
  if (n < 0 || static_cast<size_t>(n) >= size) {
    n = 0;
  }
  formatMessage(buf + n, size - n, format, args);
}

}  // namespace

void mju_errorFunc(const char* func, const char* format, ...) {
  char msg[mjERRMSG_SIZE];
  va_list args;
  va_start(args, format);
  prefixMessage(msg, sizeof(msg), func, format, args);
  va_end(args);
  raiseError(msg);
}

void mju_warningFunc(const char* func, const char* format, ...) {
  char msg[mjERRMSG_SIZE];
  va_list args;
  va_start(args, format);
  prefixMessage(msg, sizeof(msg), func, format, args);
  va_end(args);
  raiseWarning(msg);
}

// ---------------------------------------------------------------------------------------------
// heap memory

// Allocate with the user allocator when installed, else 64-byte aligned with the size padded to
// a multiple of 64 (what aligned_alloc requires). Size 0 gives NULL; failure is an error.
void* mju_tryMalloc(size_t size) {
  if (size == 0) {
    return nullptr;
  }
  if (mju_user_malloc) {
    return mju_user_malloc(size);
  }
  if (size > SIZE_MAX - 63) {
    return nullptr;
  }
  size_t padded = (size + 63) & ~static_cast<size_t>(63);
  return aligned_alloc(64, padded);
}

void* mju_malloc(size_t size) {
  if (size == 0) {
    return nullptr;
  }
  void* ptr = mju_tryMalloc(size);
  if (!ptr) {
    char num[32];
    snprintf(num, sizeof(num), "%zu", size);
    mju_error("mju_malloc: could not allocate %s bytes", num);
  }
  return ptr;
}

void mju_free(void* ptr) {
  if (!ptr) {
    return;
  }
  if (mju_user_free) {
    mju_user_free(ptr);
  } else {
    free(ptr);
  }
}

void* mju_calloc(size_t size) {
  void* ptr = mju_malloc(size);
  if (ptr) {
    memset(ptr, 0, size);
  }
  return ptr;
}
