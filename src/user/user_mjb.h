// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB: binary model files (APIreference_functions.rst "Initialization": mj_saveModel,
// mj_loadModel, mj_loadModelBuffer). modeling.rst only says that an MJB is "essentially a copy of
// the mjModel memory buffer" and version specific; the layout below is Motus's own and is not
// byte-compatible with MuJoCo's files.
//
// Layout (all integers and reals in the writer's native byte order; the reader refuses a file
// whose byte-order marker does not match its own):
//
//   char     magic[8]        "MOTUSMJB"
//   uint32   version         kMjbVersion
//   uint32   byteorder       0x01020304 as written by the machine that saved the file
//   uint32   sizeof(mjtNum)  8 (double) or 4 (mjUSESINGLE)
//   uint32   nsize           number of size fields (entries of MJMODEL_SIZES)
//   uint64   layout          hash of the field names, element types and row/column expressions
//                            of every serialized field: a library whose mjModel differs from the
//                            writer's refuses the file even if the version was not bumped
//   uint64   length          total file length in bytes, checksum included (bytes after it,
//                            e.g. the rest of a buffer of mj_sizeModel bytes, are ignored)
//   int64    sizes[nsize]    mjModel size fields in MJMODEL_SIZES order
//   uint64   signature       mjModel.signature
//   mjOption, mjVisual, mjStatistic, field by field (mjtNum, int, float, as declared)
//   arrays   every MJMODEL_POINTERS array in X-macro order, rows*cols elements, no padding
//   uint64   checksum        MjbChecksum of all preceding bytes
//
// From version 2 a file may continue after the image with the model description, the MJCF text
// of the model it was saved from (mj_saveModel writes it when the model came from mj_loadXML;
// mj_loadModel keeps it so that mj_saveLastXML can write the model as MJCF again):
//
//   char     tag[8]          "MOTUSXML"
//   uint64   n               length of the text
//   char     text[n]         MJCF, not null-terminated
//   uint64   checksum        MjbChecksum of tag, n and text
//
// Bytes after the image that do not start with the tag are ignored (a buffer of mj_sizeModel
// bytes), a section that starts with it but is truncated or fails its checksum makes the file
// damaged. Version 1 files (no description) load as before.
//
// Loading never trusts the file: the fixed header is checked first, then the length and checksum
// (so a corrupted size cannot trigger an allocation), then every size (non-negative, below
// kMjbMaxSize, no overflow) and the array total against the file length, and after the copy the
// index arrays are checked against the sizes (MjbValidate). Any failure gives NULL and a warning.

#ifndef MOTUS_USER_USER_MJB_H_
#define MOTUS_USER_USER_MJB_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

namespace motus {

// current file format version; bump it whenever the layout above changes
inline constexpr uint32_t kMjbVersion = 2;

// oldest file format version the reader accepts (1: the same image, never a description)
inline constexpr uint32_t kMjbOldestVersion = 1;

// largest accepted value of any size field (all mjModel arrays are indexed with int)
inline constexpr int64_t kMjbMaxSize = 0x7fffffff;

// number of bytes MjbWrite produces for m
size_t MjbSize(const mjModel* m);

// serialize m into out[0..size); size must be at least MjbSize(m). Returns bytes written, or 0
// (with *error set) when the buffer is too small.
size_t MjbWrite(const mjModel* m, void* out, size_t size, std::string* error);

// serialize m into a new byte vector
std::vector<uint8_t> MjbEncode(const mjModel* m);

// parse an MJB image. Returns a new model (free with mj_deleteModel), or NULL with *error set to a
// message naming the problem (truncated, bad checksum, wrong version, inconsistent sizes, ...).
mjModel* MjbRead(const void* data, size_t size, std::string* error);

// the description section holding `mjcf`, to append to an image (layout above)
std::vector<uint8_t> MjbDescriptionSection(const std::string& mjcf);

// The description after the image of a file that MjbRead accepted: 1 with *mjcf set when there
// is one, 0 when there is none, -1 with *error set when the section is truncated or damaged.
int MjbReadDescription(const void* data, size_t size, std::string* mjcf, std::string* error);

// checks the index and address arrays of a model against its sizes (ids in range, adr+num within
// the target array, names null-terminated). Returns "" when consistent, else the first problem.
std::string MjbValidate(const mjModel* m);

// hash of the field lists that determine the byte layout (names, element sizes, row and column
// expressions; blanks ignored), stored in every file
uint64_t MjbLayoutHash();

// 64-bit checksum of a byte range (detects every change confined to one aligned 8-byte word and,
// with high probability, any other change)
uint64_t MjbChecksum(const void* data, size_t size);

}  // namespace motus

#endif  // MOTUS_USER_USER_MJB_H_
