// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests for the virtual file system (mj_*VFS), the resource reader and the asset path rules of
// <compiler meshdir/texturedir/strippath>.

#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "user/user_vfs.h"

namespace {

using motus::ReadResource;

// writes `text` to a fresh file under /tmp and returns its directory and name
struct TempFile {
  std::string dir, name;
  TempFile(const std::string& name_, const std::string& text) : name(name_) {
    char tmpl[] = "/tmp/motus_vfs_XXXXXX";
    char* d = mkdtemp(tmpl);
    dir = d ? d : "/tmp";
    FILE* fp = std::fopen((dir + "/" + name).c_str(), "wb");
    std::fwrite(text.data(), 1, text.size(), fp);
    std::fclose(fp);
  }
  ~TempFile() {
    std::remove((dir + "/" + name).c_str());
    std::remove(dir.c_str());
  }
  std::string path() const { return dir + "/" + name; }
};

std::string AsString(const std::vector<uint8_t>& v) {
  return std::string(v.begin(), v.end());
}

TEST(VfsTest, BufferAddFindDelete) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  const char text[] = "hello";
  EXPECT_EQ(mj_addBufferVFS(&vfs, "a.txt", text, 5), 0);
  EXPECT_EQ(mj_addBufferVFS(&vfs, "a.txt", text, 5), 2);      // repeated name
  EXPECT_EQ(mj_addBufferVFS(&vfs, "./a.txt", text, 5), 2);    // same name after normalization
  EXPECT_EQ(mj_addBufferVFS(&vfs, "b.txt", nullptr, 3), -1);  // NULL buffer with nonzero size
  EXPECT_EQ(mj_addBufferVFS(&vfs, "c.txt", text, -1), -1);    // negative size
  EXPECT_EQ(mj_addBufferVFS(&vfs, "empty.bin", nullptr, 0), 0);
  EXPECT_EQ(mj_containsBufferVFS(&vfs, "a.txt"), 1);
  EXPECT_EQ(mj_containsBufferVFS(&vfs, "b.txt"), 0);

  std::vector<uint8_t> data;
  std::string err;
  ASSERT_TRUE(ReadResource(&vfs, "a.txt", &data, &err)) << err;
  EXPECT_EQ(AsString(data), "hello");
  ASSERT_TRUE(ReadResource(&vfs, "empty.bin", &data, &err)) << err;
  EXPECT_TRUE(data.empty());

  EXPECT_EQ(mj_deleteFileVFS(&vfs, "a.txt"), 0);
  EXPECT_EQ(mj_deleteFileVFS(&vfs, "a.txt"), -1);
  EXPECT_EQ(mj_containsBufferVFS(&vfs, "a.txt"), 0);
  EXPECT_FALSE(ReadResource(&vfs, "a.txt", &data, &err));
  EXPECT_NE(err.find("a.txt"), std::string::npos) << "error must name the file: " << err;
  mj_deleteVFS(&vfs);
  EXPECT_EQ(vfs.impl_, nullptr);
  mj_deleteVFS(&vfs);  // deleting twice is harmless
}

TEST(VfsTest, BufferIsCopied) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  char text[] = "abc";
  ASSERT_EQ(mj_addBufferVFS(&vfs, "x", text, 3), 0);
  text[0] = 'z';  // the VFS owns a copy
  std::vector<uint8_t> data;
  std::string err;
  ASSERT_TRUE(ReadResource(&vfs, "x", &data, &err));
  EXPECT_EQ(AsString(data), "abc");
  mj_deleteVFS(&vfs);
}

TEST(VfsTest, AddFileKeyedByDirectoryAndName) {
  TempFile f("model.txt", "from disk");
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  EXPECT_EQ(mj_addFileVFS(&vfs, f.dir.c_str(), "model.txt"), 0);
  EXPECT_EQ(mj_addFileVFS(&vfs, f.dir.c_str(), "model.txt"), 2);
  EXPECT_EQ(mj_addFileVFS(&vfs, f.dir.c_str(), "missing.txt"), -1);
  EXPECT_EQ(mj_containsFileVFS(&vfs, f.dir.c_str(), "model.txt"), 1);
  EXPECT_EQ(mj_containsFileVFS(&vfs, (f.dir + "/").c_str(), "model.txt"), 1);
  // MuJoCo 3.8.0 also finds the file by its name alone, in any case and under any directory
  EXPECT_EQ(mj_containsFileVFS(&vfs, nullptr, "model.txt"), 1);
  EXPECT_EQ(mj_containsFileVFS(&vfs, nullptr, "MODEL.TXT"), 1);
  EXPECT_EQ(mj_containsFileVFS(&vfs, "/elsewhere", "model.txt"), 1);
  EXPECT_EQ(mj_containsFileVFS(&vfs, nullptr, "other.txt"), 0);

  // the file is served from memory even after it disappears from disk
  std::remove(f.path().c_str());
  std::vector<uint8_t> data;
  std::string err;
  ASSERT_TRUE(ReadResource(&vfs, f.path(), &data, &err)) << err;
  EXPECT_EQ(AsString(data), "from disk");
  ASSERT_TRUE(ReadResource(&vfs, f.dir + "/./sub/../model.txt", &data, &err)) << err;
  ASSERT_TRUE(ReadResource(&vfs, "assets/Model.txt", &data, &err)) << err;
  EXPECT_EQ(AsString(data), "from disk");
  EXPECT_EQ(mj_deleteFileVFS(&vfs, "model.txt"), 0);
  EXPECT_EQ(mj_containsFileVFS(&vfs, nullptr, "model.txt"), 0);
  EXPECT_EQ(mj_deleteFileVFS(&vfs, f.path().c_str()), -1);
  mj_deleteVFS(&vfs);

  // buffers are found by their exact name only
  mj_defaultVFS(&vfs);
  ASSERT_EQ(mj_addBufferVFS(&vfs, "dir/buffer.txt", "b", 1), 0);
  EXPECT_EQ(mj_containsFileVFS(&vfs, nullptr, "buffer.txt"), 0);
  EXPECT_FALSE(ReadResource(&vfs, "buffer.txt", &data, &err));
  mj_deleteVFS(&vfs);

  // NULL directory: the name alone is the path
  mj_defaultVFS(&vfs);
  EXPECT_EQ(mj_addFileVFS(&vfs, nullptr, "/nonexistent/motus/file"), -1);
  mj_deleteVFS(&vfs);
}

TEST(VfsTest, VfsTakesPrecedenceOverDisk) {
  TempFile f("res.txt", "disk");
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  std::vector<uint8_t> data;
  std::string err;
  ASSERT_TRUE(ReadResource(&vfs, f.path(), &data, &err)) << err;  // not in VFS: disk
  EXPECT_EQ(AsString(data), "disk");
  ASSERT_EQ(mj_addBufferVFS(&vfs, f.path().c_str(), "memory", 6), 0);
  ASSERT_TRUE(ReadResource(&vfs, f.path(), &data, &err)) << err;
  EXPECT_EQ(AsString(data), "memory");
  ASSERT_TRUE(ReadResource(nullptr, f.path(), &data, &err)) << err;  // no VFS: disk
  EXPECT_EQ(AsString(data), "disk");
  mj_deleteVFS(&vfs);
}

TEST(VfsTest, MissingResourceError) {
  std::vector<uint8_t> data;
  std::string err;
  EXPECT_FALSE(ReadResource(nullptr, "/nonexistent/dir/mesh.stl", &data, &err));
  EXPECT_NE(err.find("/nonexistent/dir/mesh.stl"), std::string::npos) << err;
  EXPECT_FALSE(ReadResource(nullptr, "", &data, &err));
  EXPECT_FALSE(err.empty());
}

TEST(VfsTest, NullAndUninitializedArguments) {
  mjVFS vfs = {nullptr};
  EXPECT_EQ(mj_addBufferVFS(&vfs, "a", "x", 1), -1);
  EXPECT_EQ(mj_addBufferVFS(nullptr, "a", "x", 1), -1);
  EXPECT_EQ(mj_deleteFileVFS(&vfs, "a"), -1);
  EXPECT_EQ(mj_containsBufferVFS(&vfs, "a"), 0);
  mj_defaultVFS(&vfs);
  EXPECT_EQ(mj_addBufferVFS(&vfs, nullptr, "x", 1), -1);
  EXPECT_EQ(mj_addBufferVFS(&vfs, "", "x", 1), -1);
  mj_deleteVFS(&vfs);
}

TEST(PathTest, Helpers) {
  using namespace motus;
  EXPECT_EQ(StripPath("a/b/c.stl"), "c.stl");
  EXPECT_EQ(StripPath("a\\b\\c.stl"), "c.stl");
  EXPECT_EQ(StripPath("c.stl"), "c.stl");
  EXPECT_EQ(StripExtension("a/b/c.stl"), "a/b/c");
  EXPECT_EQ(StripExtension("a.d/c"), "a.d/c");
  EXPECT_EQ(FileExtension("a/B.STL"), ".stl");
  EXPECT_EQ(FileExtension("a.d/noext"), "");
  EXPECT_EQ(DirectoryOf("a/b/c.xml"), "a/b/");
  EXPECT_EQ(DirectoryOf("c.xml"), "");
  EXPECT_TRUE(IsAbsolutePath("/x"));
  EXPECT_TRUE(IsAbsolutePath("C:\\x"));
  EXPECT_TRUE(IsAbsolutePath("http://host/x"));
  EXPECT_FALSE(IsAbsolutePath("x/y"));
  EXPECT_FALSE(IsAbsolutePath(""));
  EXPECT_EQ(JoinPath("a", "b"), "a/b");
  EXPECT_EQ(JoinPath("a/", "b"), "a/b");
  EXPECT_EQ(JoinPath("", "b"), "b");
  EXPECT_EQ(NormalizePath("./a//b/../c"), "a/c");
  EXPECT_EQ(NormalizePath("/x/./y/"), "/x/y");
  EXPECT_EQ(NormalizePath("../a"), "../a");
  EXPECT_EQ(NormalizePath("a\\b"), "a/b");
}

// <compiler meshdir> resolution order of the XML reference (strippath, absolute file, absolute
// meshdir, model directory + meshdir + file)
TEST(PathTest, AssetPathRules) {
  using motus::AssetPath;
  EXPECT_EQ(AssetPath("/m/", "meshes", "a/b.stl", false), "/m/meshes/a/b.stl");
  EXPECT_EQ(AssetPath("/m/", "meshes/", "a/b.stl", true), "/m/meshes/b.stl");
  EXPECT_EQ(AssetPath("/m/", "/abs", "b.stl", false), "/abs/b.stl");
  EXPECT_EQ(AssetPath("/m/", "/abs", "/other/b.stl", false), "/other/b.stl");
  EXPECT_EQ(AssetPath("/m/", "/abs", "/other/b.stl", true), "/abs/b.stl");
  EXPECT_EQ(AssetPath("", "", "b.stl", false), "b.stl");
  EXPECT_EQ(AssetPath("/m", "", "b.stl", false), "/m/b.stl");
  motus::AssetContext ctx{"dir/", "tex", false};
  EXPECT_EQ(ctx.Resolve("t.png"), "dir/tex/t.png");
}

}  // namespace
