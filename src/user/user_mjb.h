// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB: binary model files (APIreference_functions.rst "Initialization": mj_saveModel,
// mj_loadModel, mj_loadModelBuffer). modeling.rst calls an MJB "essentially a copy of the mjModel
// memory buffer", version specific. Motus writes MuJoCo's layout, so that MuJoCo reads Motus's
// files and Motus reads MuJoCo's, and mj_sizeModel is the size MuJoCo reports:
//
//   int      header[5]       54321, sizeof(mjtNum), number of size fields (MJMODEL_SIZES),
//                            mjVERSION_HEADER, number of arrays (MJMODEL_POINTERS)
//   int64    sizes[nsize]    mjModel size fields in MJMODEL_SIZES order
//   mjOption, mjVisual, mjStatistic, each as a block of its declared size
//   arrays   every MJMODEL_POINTERS array in X-macro order, rows*cols elements, no padding
//
// in the writer's native byte order; nothing follows the last array. A file that does not match
// this library's header, is shorter or longer than its sizes imply, or whose index arrays do not
// fit its sizes (MjbValidate) gives NULL and a warning with MuJoCo's wording where MuJoCo has one.
// Loading never trusts the file: every size is range-checked and the array total compared with
// the file length before anything is allocated.
//
// Motus's older layout (format versions 1 and 2, magic "MOTUSMJB", user_mjb_legacy.cc) is still
// read:
//
//   char     magic[8]        "MOTUSMJB"
//   uint32   version         1 or 2
//   uint32   byteorder       0x01020304 as written by the machine that saved the file
//   uint32   sizeof(mjtNum)  8 (double) or 4 (mjUSESINGLE)
//   uint32   nsize           number of size fields (entries of MJMODEL_SIZES)
//   uint64   layout          hash of the field names, element types and row/column expressions
//                            of every serialized field (MjbLayoutHash)
//   uint64   length          total file length in bytes, checksum included (bytes after it,
//                            e.g. the rest of a buffer of mj_sizeModel bytes, are ignored)
//   int64    sizes[nsize]    mjModel size fields in MJMODEL_SIZES order
//   uint64   signature       mjModel.signature
//   mjOption, mjVisual, mjStatistic, field by field (mjtNum, int, float, as declared)
//   arrays   every MJMODEL_POINTERS array in X-macro order, rows*cols elements, no padding
//   uint64   checksum        MjbChecksum of all preceding bytes
//
// A version 2 file may continue with the model description, the MJCF text of the model it was
// saved from, which mj_loadModel keeps so that mj_saveLastXML can write the model as MJCF:
//
//   char     tag[8]          "MOTUSXML"
//   uint64   n               length of the text
//   char     text[n]         MJCF, not null-terminated
//   uint64   checksum        MjbChecksum of tag, n and text
//
// Bytes after the image that do not start with the tag are ignored, a section that starts with
// it but is truncated or fails its checksum makes the file damaged.

#ifndef MOTUS_USER_USER_MJB_H_
#define MOTUS_USER_USER_MJB_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

namespace motus {

// format versions of Motus's older layout
inline constexpr uint32_t kMjbVersion = 2;
inline constexpr uint32_t kMjbOldestVersion = 1;

// largest accepted value of any size field (all mjModel arrays are indexed with int)
inline constexpr int64_t kMjbMaxSize = 0x7fffffff;

// number of bytes MjbWrite produces for m (MuJoCo's layout; mj_sizeModel)
size_t MjbSize(const mjModel* m);

// serialize m in MuJoCo's layout into out[0..size); size must be at least MjbSize(m). Returns
// bytes written, or 0 (with *error set) when the buffer is too small.
size_t MjbWrite(const mjModel* m, void* out, size_t size, std::string* error);

// serialize m in MuJoCo's layout into a new byte vector
std::vector<uint8_t> MjbEncode(const mjModel* m);

// parse an MJB image of either layout. Returns a new model (free with mj_deleteModel), or NULL
// with *error set to a message naming the problem (truncated, wrong version, inconsistent sizes).
mjModel* MjbRead(const void* data, size_t size, std::string* error);

// Motus's older layout: whether data starts with its magic; its reader; and its writer, kept for
// the tests of the reader
bool MjbIsLegacy(const void* data, size_t size);
mjModel* MjbLegacyRead(const void* data, size_t size, std::string* error);
size_t MjbLegacySize(const mjModel* m);
size_t MjbLegacyWrite(const mjModel* m, void* out, size_t size, std::string* error);
std::vector<uint8_t> MjbLegacyEncode(const mjModel* m);

// the description section holding `mjcf`, to append to an image (layout above)
std::vector<uint8_t> MjbDescriptionSection(const std::string& mjcf);

// The description after the image of an older-layout file that MjbRead accepted: 1 with *mjcf set
// when there is one, 0 when there is none, -1 with *error set when the section is truncated or
// damaged.
int MjbReadDescription(const void* data, size_t size, std::string* mjcf, std::string* error);

// checks the index and address arrays of a model against its sizes (ids in range, adr+num within
// the target array, names null-terminated). Returns "" when consistent, else the first problem.
std::string MjbValidate(const mjModel* m);

// hash of the field lists that determine the older layout (names, element sizes, row and column
// expressions; blanks ignored), stored in every file of that layout
uint64_t MjbLayoutHash();

// 64-bit checksum of a byte range (detects every change confined to one aligned 8-byte word and,
// with high probability, any other change)
uint64_t MjbChecksum(const void* data, size_t size);

}  // namespace motus

#endif  // MOTUS_USER_USER_MJB_H_
