// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Resources, resource providers, VFS mounts, decoders and encoders (APIreference_functions.rst
// "Resources", "Virtual file system", "Plugins"; programming_extension.rst "Resource
// providers", "Decoders").

#include <cstdint>
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

// writes bytes to a file
void WriteFile(const std::string& path, const std::string& bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr) << path;
  ASSERT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
  std::fclose(f);
}

// an OBJ tetrahedron with apex height h
std::string Tetrahedron(const std::string& h) {
  return "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 " + h + "\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";
}

// a binary file of int32 header values followed by raw bytes
std::string Binary(int32_t a, int32_t b, const std::vector<uint8_t>& body) {
  std::string s(8 + body.size(), '\0');
  std::memcpy(&s[0], &a, 4);
  std::memcpy(&s[4], &b, 4);
  std::memcpy(&s[8], body.data(), body.size());
  return s;
}

// the MJB image of a model compiled from path (empty on failure)
std::vector<char> CompiledImage(const std::string& path) {
  char err[300] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, err, sizeof(err));
  EXPECT_NE(m, nullptr) << err;
  if (!m) {
    return {};
  }
  std::vector<char> image(mj_sizeModel(m));
  mj_saveModel(m, nullptr, image.data(), static_cast<int>(image.size()));
  mj_deleteModel(m);
  return image;
}

TEST(AssetCache, ProcessedAssetsEqualFreshOnes) {
  mjCache* cache = mj_getCache();
  size_t capacity = mj_getCacheCapacity(cache);
  std::string dir = motus_test::UniqueTempPath("assetcache_");
  std::string mesh = dir + "tet.obj", tex = dir + "tex.custom", hf = dir + "hf.bin";
  std::string xml = dir + "model.xml";
  WriteFile(mesh, Tetrahedron("1"));
  std::vector<uint8_t> pixels(2 * 3 * 3);
  for (size_t i = 0; i < pixels.size(); i++) {
    pixels[i] = static_cast<uint8_t>(17 * i);
  }
  WriteFile(tex, Binary(2, 3, pixels));
  std::vector<uint8_t> heights(4 * 6);
  for (size_t i = 0; i < 6; i++) {
    float h = 0.5f * i;
    std::memcpy(&heights[4 * i], &h, 4);
  }
  WriteFile(hf, Binary(2, 3, heights));
  // one mesh file processed with two scales, one texture file decoded with two flips
  WriteFile(xml,
            "<mujoco><asset>"
            "<mesh name='a' file='" +
                mesh + "'/><mesh name='b' file='" + mesh +
                "' scale='2 1 1'/>"
                "<texture name='t1' type='2d' file='" +
                tex +
                "' content_type='image/vnd.mujoco.texture'/>"
                "<texture name='t2' type='2d' file='" +
                tex +
                "' content_type='image/vnd.mujoco.texture' "
                "hflip='true'/>"
                "<texture name='sky' type='skybox' builtin='gradient' width='16' height='16'/>"
                "<hfield name='h' file='" +
                hf +
                "' size='1 1 1 1'/></asset><worldbody>"
                "<geom type='mesh' mesh='a'/><geom type='mesh' mesh='b' pos='3 0 0'/>"
                "<geom type='hfield' hfield='h'/></worldbody></mujoco>");

  // without the cache, then a first and a second compilation with it: equal images
  mj_setCacheCapacity(cache, 0);
  std::vector<char> fresh = CompiledImage(xml);
  ASSERT_FALSE(fresh.empty());
  mj_setCacheCapacity(cache, capacity);
  mj_clearCache(cache);
  EXPECT_EQ(CompiledImage(xml), fresh);
  size_t size = mj_getCacheSize(cache);
  EXPECT_GT(size, 0u);
  EXPECT_EQ(CompiledImage(xml), fresh);
  EXPECT_EQ(mj_getCacheSize(cache), size);  // hits add nothing

  // a changed file is processed again: the result equals a fresh compilation of the new file
  WriteFile(mesh, Tetrahedron("1.5"));
  std::vector<char> changed = CompiledImage(xml);
  EXPECT_NE(changed, fresh);
  mj_setCacheCapacity(cache, 0);
  EXPECT_EQ(CompiledImage(xml), changed);
  mj_setCacheCapacity(cache, capacity);
  mj_clearCache(cache);
  for (const std::string& f : {mesh, tex, hf, xml}) {
    std::remove(f.c_str());
  }
}

}  // namespace
