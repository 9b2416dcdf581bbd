// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Resources, resource providers, VFS mounts, decoders and encoders (APIreference_functions.rst
// "Resources", "Virtual file system", "Plugins"; programming_extension.rst "Resource
// providers", "Decoders").

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

// a provider serving one small MJCF model under any name, recording its calls
std::vector<std::string> g_calls;
const char kModel[] = "<mujoco><worldbody><geom size='1'/></worldbody></mujoco>";

int ProviderOpen(mjResource* r) {
  g_calls.push_back(std::string("open ") + r->name);
  if (std::strstr(r->name, "missing")) {
    return 0;
  }
  std::snprintf(r->timestamp, sizeof(r->timestamp), "v1");
  return 1;
}
int ProviderRead(mjResource* r, const void** buffer) {
  (void)r;
  *buffer = kModel;
  return static_cast<int>(std::strlen(kModel));
}
void ProviderClose(mjResource* r) {
  g_calls.push_back(std::string("close ") + r->name);
}
int ProviderMount(mjResource* r) {
  g_calls.push_back(std::string("mount ") + r->name);
  return 1;
}
int ProviderUnmount(mjResource* r) {
  g_calls.push_back(std::string("unmount ") + r->name);
  return 1;
}

mjpResourceProvider MakeProvider(const char* prefix) {
  mjpResourceProvider p;
  mjp_defaultResourceProvider(&p);
  p.prefix = prefix;
  p.open = ProviderOpen;
  p.read = ProviderRead;
  p.close = ProviderClose;
  return p;
}

TEST(ResourceProvider, Registry) {
  motus_test::ScopedErrorCapture capture;
  mjpResourceProvider p = MakeProvider("rtesta");
  int before = mjp_resourceProviderCount();
  int slot = mjp_registerResourceProvider(&p);
  EXPECT_EQ(slot, before + 1);                        // slots start at 1
  EXPECT_EQ(mjp_registerResourceProvider(&p), slot);  // identical: same slot
  EXPECT_EQ(mjp_resourceProviderCount(), before + 1);
  EXPECT_EQ(mjp_getResourceProviderAtSlot(slot)->open, ProviderOpen);
  EXPECT_EQ(mjp_getResourceProviderAtSlot(0), nullptr);
  EXPECT_EQ(mjp_getResourceProvider("rtesta:model.xml"), mjp_getResourceProviderAtSlot(slot));
  EXPECT_EQ(mjp_getResourceProvider("RTestA:model.xml"), mjp_getResourceProviderAtSlot(slot));
  EXPECT_EQ(mjp_getResourceProvider("rtesta/model.xml"), nullptr);
  EXPECT_EQ(mjp_getResourceProvider("rtestab:model.xml"), nullptr);

  mjpResourceProvider bad = MakeProvider("1bad");
  EXPECT_EQ(mjp_registerResourceProvider(&bad), -1);
  bad = MakeProvider("noread");
  bad.read = nullptr;
  EXPECT_EQ(mjp_registerResourceProvider(&bad), -1);
  // another provider for a taken prefix
  bad = MakeProvider("rtesta");
  bad.mount = ProviderMount;
  EXPECT_EQ(mjp_registerResourceProvider(&bad), -1);
  EXPECT_EQ(capture.warnings().size(), 3u);
}

TEST(Resource, FromProvider) {
  mjpResourceProvider p = MakeProvider("rtestb");
  ASSERT_GT(mjp_registerResourceProvider(&p), 0);
  g_calls.clear();
  char error[300] = "";
  // the directory is not prepended to a provider's names
  mjResource* r = mju_openResource("some/dir/", "rtestb:model.xml", nullptr, error, sizeof(error));
  ASSERT_NE(r, nullptr) << error;
  EXPECT_STREQ(r->name, "rtestb:model.xml");
  const void* buffer = nullptr;
  EXPECT_EQ(mju_readResource(r, &buffer), static_cast<int>(std::strlen(kModel)));
  EXPECT_EQ(std::memcmp(buffer, kModel, std::strlen(kModel)), 0);
  const char* dir = nullptr;
  int ndir = -1;
  mju_getResourceDir(r, &dir, &ndir);
  EXPECT_EQ(std::string(dir, ndir), "rtestb:");
  EXPECT_EQ(mju_isModifiedResource(r, "v1"), 0);
  EXPECT_NE(mju_isModifiedResource(r, "v0"), 0);
  mju_closeResource(r);
  EXPECT_EQ(g_calls, (std::vector<std::string>{"open rtestb:model.xml", "close rtestb:model.xml"}));

  EXPECT_EQ(mju_openResource(nullptr, "rtestb:missing.xml", nullptr, error, sizeof(error)),
            nullptr);
  EXPECT_NE(std::string(error).find("rtestb:missing.xml"), std::string::npos) << error;

  // the model compiler reads through the provider
  char err[300] = "";
  mjModel* m = mj_loadXML("rtestb:model.xml", nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  EXPECT_EQ(m->ngeom, 1);
  mj_deleteModel(m);
}

TEST(Resource, FromFileAndVfs) {
  std::string path = motus_test::SourcePath("model/humanoid.xml");
  std::string dir = path.substr(0, path.rfind('/') + 1);
  char error[300] = "";
  mjResource* r = mju_openResource(dir.c_str(), "humanoid.xml", nullptr, error, sizeof(error));
  ASSERT_NE(r, nullptr) << error;
  EXPECT_EQ(std::string(r->name), path);
  FILE* fp = std::fopen(path.c_str(), "rb");
  ASSERT_NE(fp, nullptr);
  std::fseek(fp, 0, SEEK_END);
  long size = std::ftell(fp);
  std::fclose(fp);
  const void* buffer = nullptr;
  EXPECT_EQ(mju_readResource(r, &buffer), size);
  const char* d = nullptr;
  int nd = 0;
  mju_getResourceDir(r, &d, &nd);
  EXPECT_EQ(std::string(d, nd), dir);
  std::string stamp = r->timestamp;
  EXPECT_FALSE(stamp.empty());
  EXPECT_EQ(mju_isModifiedResource(r, stamp.c_str()), 0);
  EXPECT_NE(mju_isModifiedResource(r, "other"), 0);
  mju_closeResource(r);
  mju_closeResource(nullptr);  // no-op

  EXPECT_EQ(mju_openResource(nullptr, "/no/such/file.xml", nullptr, error, sizeof(error)), nullptr);
  EXPECT_NE(std::string(error).find("Error opening file '/no/such/file.xml'"), std::string::npos)
      << error;

  mjVFS vfs;
  mj_defaultVFS(&vfs);
  ASSERT_EQ(mj_addBufferVFS(&vfs, "inmem.xml", kModel, static_cast<int>(std::strlen(kModel))), 0);
  r = mju_openResource(nullptr, "inmem.xml", &vfs, error, sizeof(error));
  ASSERT_NE(r, nullptr) << error;
  EXPECT_EQ(mju_readResource(r, &buffer), static_cast<int>(std::strlen(kModel)));
  EXPECT_NE(r->timestamp[0], 0);
  mju_closeResource(r);
  mj_deleteVFS(&vfs);
}

TEST(Resource, MountedOnVfs) {
  mjpResourceProvider p = MakeProvider("rtestc");
  p.mount = ProviderMount;
  p.unmount = ProviderUnmount;
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  g_calls.clear();
  EXPECT_EQ(mj_mountVFS(&vfs, "remote/", &p), 0);
  EXPECT_EQ(mj_mountVFS(&vfs, "remote/", &p), 2);
  mjpResourceProvider bad = p;
  bad.open = nullptr;
  EXPECT_EQ(mj_mountVFS(&vfs, "other/", &bad), -1);

  char error[300] = "";
  mjResource* r = mju_openResource("remote/", "a.xml", &vfs, error, sizeof(error));
  ASSERT_NE(r, nullptr) << error;
  mju_closeResource(r);
  char err[300] = "";
  mjModel* m = mj_loadXML("remote/model.xml", &vfs, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  mj_deleteModel(m);
  EXPECT_EQ(mj_unmountVFS(&vfs, "remote/"), 0);
  EXPECT_EQ(mj_unmountVFS(&vfs, "remote/"), -1);
  EXPECT_EQ(g_calls.front(), "mount remote/");
  EXPECT_EQ(g_calls[1], "open remote/a.xml");
  EXPECT_EQ(g_calls.back(), "unmount remote/");
  // unmounted: the name is a plain file again
  EXPECT_EQ(mju_openResource("remote/", "a.xml", &vfs, error, sizeof(error)), nullptr);
  mj_deleteVFS(&vfs);
}

int CanDecode(const mjResource* r) {
  return std::strstr(r->name, "refuse") == nullptr;
}
mjSpec* Decode(mjResource* r, const mjVFS* vfs) {
  (void)r;
  (void)vfs;
  return mj_makeSpec();
}
int Encode(const mjSpec* s, const mjModel* m, const mjVFS* vfs, mjResource* r) {
  (void)s;
  (void)m;
  (void)vfs;
  (void)r;
  return 0;
}

TEST(Decoder, FoundByContentTypeOrExtension) {
  mjpDecoder d;
  mjp_defaultDecoder(&d);
  EXPECT_EQ(d.decode, nullptr);
  d.content_type = "model/x-motus-test";
  d.extension = ".mtst|.mt";
  d.can_decode = CanDecode;
  d.decode = Decode;
  mjp_registerDecoder(&d);
  mjp_registerDecoder(&d);  // identical: nothing happens

  mjpResourceProvider p = MakeProvider("rtestd");
  ASSERT_GT(mjp_registerResourceProvider(&p), 0);
  char error[300] = "";
  mjResource* r = mju_openResource(nullptr, "rtestd:thing.MT", nullptr, error, sizeof(error));
  ASSERT_NE(r, nullptr) << error;
  EXPECT_EQ(mjp_findDecoder(r, nullptr)->decode, Decode);
  EXPECT_EQ(mjp_findDecoder(r, "model/x-motus-test")->decode, Decode);
  EXPECT_EQ(mjp_findDecoder(r, "model/other"), nullptr);
  mjSpec* s = mju_decodeResource(r, nullptr, nullptr);
  EXPECT_NE(s, nullptr);
  mj_deleteSpec(s);
  mju_closeResource(r);

  r = mju_openResource(nullptr, "rtestd:refuse.mt", nullptr, error, sizeof(error));
  ASSERT_NE(r, nullptr) << error;
  EXPECT_EQ(mjp_findDecoder(r, nullptr), nullptr);  // can_decode says no
  mju_closeResource(r);

  mjpEncoder e;
  mjp_defaultEncoder(&e);
  e.content_type = "model/x-motus-test";
  e.extension = ".mtst";
  e.encode = Encode;
  mjp_registerEncoder(&e);
  EXPECT_EQ(mjp_findEncoder("out.MTST", nullptr)->encode, Encode);
  EXPECT_EQ(mjp_findEncoder("out.xml", nullptr), nullptr);
  EXPECT_EQ(mjp_findEncoder(nullptr, "model/x-motus-test")->encode, Encode);
}

TEST(AssetCache, KeepsFilesWithinCapacity) {
  mjCache* cache = mj_getCache();
  ASSERT_NE(cache, nullptr);
  EXPECT_EQ(mj_getCache(), cache);
  size_t capacity = mj_getCacheCapacity(cache);
  EXPECT_EQ(capacity, 524288000u);  // MuJoCo's default, 500 MiB
  mj_clearCache(cache);
  EXPECT_EQ(mj_getCacheSize(cache), 0u);

  // compiling a model with a mesh file caches its bytes
  char err[300] = "";
  mjModel* m =
      mj_loadXML(motus_test::SourcePath("model/robot_arm.xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  mj_deleteModel(m);
  size_t size = mj_getCacheSize(cache);
  EXPECT_GT(size, 0u);

  // a smaller capacity drops files; 0 disables the cache
  EXPECT_EQ(mj_setCacheCapacity(cache, 1), 1u);
  EXPECT_EQ(mj_getCacheSize(cache), 0u);
  EXPECT_EQ(mj_setCacheCapacity(cache, capacity), capacity);
  m = mj_loadXML(motus_test::SourcePath("model/robot_arm.xml").c_str(), nullptr, err, sizeof(err));
  mj_deleteModel(m);
  EXPECT_EQ(mj_getCacheSize(cache), size);
  mj_clearCache(cache);
  EXPECT_EQ(mj_getCacheSize(cache), 0u);
}

}  // namespace
