// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Virtual file system (the public mj_*VFS functions live in user_vfs.cc) and the resource reader
// that every part of the compiler and the MJCF reader uses to open files: a file is looked up in
// the VFS first (when one is given and holds the name), then on disk.
//
// Path rules implemented here follow the XML reference, <compiler meshdir/texturedir/strippath>:
//   1. with strippath, the directory part of the file name is removed;
//   2. an absolute file name is used unchanged;
//   3. else, if the asset directory (meshdir or texturedir) is absolute: asset directory + file;
//   4. else: directory of the main model file + asset directory + file.

#ifndef MOTUS_USER_USER_VFS_H_
#define MOTUS_USER_USER_VFS_H_

#include <cstdint>
#include <string>
#include <vector>

#include <mujoco/mjmodel.h>
#include <mujoco/mjplugin.h>

namespace motus {

// Reads the whole resource `path`: from `vfs` when it is non-NULL and holds the (normalized) name,
// else from disk. On failure returns false and sets *error to a message naming the file.
bool ReadResource(const mjVFS* vfs, const std::string& path, std::vector<uint8_t>* data,
                  std::string* error);

// The provider mounted (mj_mountVFS) on the longest path that starts the name, or NULL.
const mjpResourceProvider* VfsMount(const mjVFS* vfs, const std::string& path);

// Reads a whole resource through a provider (user_resource.cc): open, read, close.
bool ReadProviderResource(const mjpResourceProvider* provider, const mjVFS* vfs,
                          const std::string& name, std::vector<uint8_t>* data, std::string* error);

// Reads a whole file from disk (no cache); false when it cannot be opened or read.
bool ReadDiskFile(const std::string& path, std::vector<uint8_t>* data);

// Reads a whole file from disk and its modification time (seconds); false when unreadable.
bool ReadDiskFileStamped(const std::string& path, std::vector<uint8_t>* data, int64_t* mtime);

// Reads a whole file from disk through the asset cache (user_cache.cc, mj_getCache).
bool ReadDiskFileCached(const std::string& path, std::vector<uint8_t>* data);

// True when `vfs` (may be NULL) holds the given file name (after normalization).
bool VfsContains(const mjVFS* vfs, const std::string& path);

// as VfsContains, or a file added with mj_addFileVFS has the same case-insensitive file name
bool VfsContainsFile(const mjVFS* vfs, const std::string& path);

// The contents of a VFS file, or NULL when the VFS (may be NULL) does not hold the name.
const std::vector<uint8_t>* VfsFind(const mjVFS* vfs, const std::string& path);

// ---- path helpers ------------------------------------------------------------------------------

// Lexical normalization used for VFS keys: '\' -> '/', repeated '/' collapsed, "." segments
// dropped, "dir/.." pairs removed (leading ".." kept). "" stays "".
std::string NormalizePath(const std::string& path);

// "a/b/c.stl" -> "c.stl" (removes everything up to the last '/' or '\').
std::string StripPath(const std::string& path);

// "a/b/c.stl" -> "a/b/c"; the extension is the part after the last '.' of the file name.
std::string StripExtension(const std::string& path);

// Lower-case extension including the dot: "a/B.STL" -> ".stl"; "" when there is none.
std::string FileExtension(const std::string& path);

// "a/b/c.stl" -> "a/b/" (keeps the trailing separator); "c.stl" -> "".
std::string DirectoryOf(const std::string& path);

// Absolute: starts with '/' or '\', a Windows drive ("C:"), or a URI scheme ("scheme://").
bool IsAbsolutePath(const std::string& path);

// Joins two path pieces with exactly one '/' between them (either may be empty).
std::string JoinPath(const std::string& dir, const std::string& file);

// Full path of an asset file per the rules at the top of this header. `modelfiledir` is the
// directory of the main model file (mjSpec.modelfiledir, "" for models parsed from a string),
// `assetdir` is mjsCompiler.meshdir or .texturedir (may be empty).
std::string AssetPath(const std::string& modelfiledir, const std::string& assetdir,
                      const std::string& file, bool strippath);

// Where the compiler finds files of one kind of asset: bundles the inputs of AssetPath.
struct AssetContext {
  std::string modelfiledir;  // mjSpec.modelfiledir
  std::string assetdir;      // mjsCompiler.meshdir (meshes, height fields) or .texturedir
  bool strippath = false;    // mjSpec.strippath
  std::string Resolve(const std::string& file) const {
    return AssetPath(modelfiledir, assetdir, file, strippath);
  }
};

}  // namespace motus

#endif  // MOTUS_USER_USER_VFS_H_
