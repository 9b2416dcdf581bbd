// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Compilation of skins (XMLreference.rst, deformable/skin and skin/bone) into the skin_* arrays
// of mjModel (CompileKind kCompileSkins, see user_compile.h). Skins are for rendering only:
// nothing here affects the physics.
//
// A skin comes from the spec's vectors or from an SKN file (header nvertex, ntexcoord, nface,
// nbone; then vertices, texture coordinates, faces, and per bone: a 40-character body name, bind
// position, bind quaternion, vertex count, vertex ids and weights). The compiler checks sizes and
// indices, resolves the material and the bone bodies, normalizes each bind quaternion, and
// divides the weights of every vertex by their sum over all bones (so they add up to 1; the sum
// must be positive: every vertex needs a bone).

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_vfs.h"

namespace motus {

namespace {

using SkinData = SkinResult;

// reads a binary SKN file (native byte order) (layout at the top of this file)
bool ParseSkn(const std::vector<uint8_t>& bytes, SkinData* d, std::string* err) {
  size_t at = 0;
  auto take = [&](void* dst, size_t n) {
    if (at + n > bytes.size()) {
      return false;
    }
    if (n) {
      std::memcpy(dst, bytes.data() + at, n);
    }
    at += n;
    return true;
  };
  int32_t head[4];
  if (!take(head, sizeof(head))) {
    *err = "SKN file is too small for its header";
    return false;
  }
  int nvert = head[0], ntex = head[1], nface = head[2], nbone = head[3];
  if (nvert < 0 || ntex < 0 || nface < 0 || nbone < 0) {
    *err = "SKN file has negative sizes in its header";
    return false;
  }
  d->vert.resize(3 * static_cast<size_t>(nvert));
  d->texcoord.resize(2 * static_cast<size_t>(ntex));
  d->face.resize(3 * static_cast<size_t>(nface));
  bool ok = take(d->vert.data(), d->vert.size() * sizeof(float)) &&
            take(d->texcoord.data(), d->texcoord.size() * sizeof(float)) &&
            take(d->face.data(), d->face.size() * sizeof(int));
  for (int b = 0; ok && b < nbone; b++) {
    char name[41] = {0};
    float pos[3], quat[4];
    int32_t count = 0;
    ok = take(name, 40) && take(pos, sizeof(pos)) && take(quat, sizeof(quat)) &&
         take(&count, sizeof(count)) && count >= 0;
    if (!ok) {
      break;
    }
    std::vector<int> id(count);
    std::vector<float> w(count);
    ok = take(id.data(), id.size() * sizeof(int)) && take(w.data(), w.size() * sizeof(float));
    d->bodyname.push_back(std::string(name, strnlen(name, 40)));
    d->bindpos.insert(d->bindpos.end(), pos, pos + 3);
    d->bindquat.insert(d->bindquat.end(), quat, quat + 4);
    d->vertid.push_back(id);
    d->vertweight.push_back(w);
  }
  if (!ok || at != bytes.size()) {
    *err = "SKN file size does not match the sizes in its header";
    return false;
  }
  return true;
}

// loads, checks and resolves one skin
bool PrepareSkin(CompileContext* c, SpecSkin* k, SkinData* d) {
  const SpecSkin::Own& o = k->own;
  if (!o.file.empty()) {
    bool inline_data =
        !o.vert.empty() || !o.face.empty() || !o.texcoord.empty() || !o.bodyname.empty();
    if (inline_data) {
      return c->Error("skin data given both in a file and in the model", k);
    }
    AssetContext actx;
    actx.modelfiledir = c->spec->own.modelfiledir;
    actx.assetdir = k->compiler && k->compiler->meshdir ? *k->compiler->meshdir : "";
    actx.strippath = c->spec->s.strippath;
    std::vector<uint8_t> bytes;
    std::string err;
    if (!ReadResource(c->vfs, actx.Resolve(o.file), &bytes, &err)) {
      return c->Error(err, k);
    }
    if (!ParseSkn(bytes, d, &err)) {
      return c->Error(err + " ('" + o.file + "')", k);
    }
  } else {
    d->vert = o.vert;
    d->texcoord = o.texcoord;
    d->face = o.face;
    d->bodyname = o.bodyname;
    d->bindpos = o.bindpos;
    d->bindquat = o.bindquat;
    d->vertid = o.vertid;
    d->vertweight = o.vertweight;
  }

  // sizes
  if (d->vert.empty() || d->vert.size() % 3) {
    return c->Error("skin vertex data must be a nonempty multiple of 3 numbers", k);
  }
  int nvert = static_cast<int>(d->vert.size() / 3);
  if (!d->texcoord.empty() && d->texcoord.size() != 2 * d->vert.size() / 3) {
    return c->Error("skin texcoord must have 2 numbers per vertex", k);
  }
  if (d->face.empty() || d->face.size() % 3) {
    return c->Error("skin face data must be a nonempty multiple of 3 numbers", k);
  }
  for (int v : d->face) {
    if (v < 0 || v >= nvert) {
      return c->Error("skin face vertex index out of range", k);
    }
  }
  size_t nbone = d->bodyname.size();
  if (nbone == 0) {
    return c->Error("skin has no bones", k);
  }
  if (d->bindpos.size() != 3 * nbone || d->bindquat.size() != 4 * nbone ||
      d->vertid.size() != nbone || d->vertweight.size() != nbone) {
    return c->Error(
        "skin bone data (bindpos, bindquat, vertid, vertweight) do not match the "
        "number of bones",
        k);
  }

  // material and bodies
  if (!k->own.material.empty()) {
    d->matid = c->FindId(mjOBJ_MATERIAL, k->own.material);
    if (d->matid < 0) {
      return c->Error("unknown material '" + k->own.material + "' in skin", k);
    }
  }
  for (size_t b = 0; b < nbone; b++) {
    int id = c->FindId(mjOBJ_BODY, d->bodyname[b]);
    if (id < 0) {
      return c->Error("unknown body '" + d->bodyname[b] + "' in skin bone", k);
    }
    d->bodyid.push_back(id);
  }

  // bind quaternions normalized
  for (size_t b = 0; b < nbone; b++) {
    float* q = d->bindquat.data() + 4 * b;
    double n = std::sqrt(double(q[0]) * q[0] + double(q[1]) * q[1] + double(q[2]) * q[2] +
                         double(q[3]) * q[3]);
    if (n < mjMINVAL) {
      return c->Error("zero bind quaternion in skin bone", k);
    }
    for (int i = 0; i < 4; i++) {
      q[i] = static_cast<float>(q[i] / n);
    }
  }

  // vertex weights: each vertex's weights divided by their sum over all bones
  // (in single precision, as the weights are stored: MuJoCo's rounding)
  std::vector<float> total(nvert, 0);
  for (size_t b = 0; b < nbone; b++) {
    if (d->vertid[b].size() != d->vertweight[b].size()) {
      return c->Error("skin bone has different numbers of vertex ids and weights", k);
    }
    for (size_t i = 0; i < d->vertid[b].size(); i++) {
      int v = d->vertid[b][i];
      if (v < 0 || v >= nvert) {
        return c->Error("skin bone vertex id out of range", k);
      }
      total[v] += d->vertweight[b][i];
    }
  }
  for (int v = 0; v < nvert; v++) {
    if (!(total[v] > mjMINVAL)) {
      return c->Error(
          "skin vertex " + std::to_string(v) + " must have a positive total bone weight", k);
    }
  }
  for (size_t b = 0; b < nbone; b++) {
    for (size_t i = 0; i < d->vertid[b].size(); i++) {
      d->vertweight[b][i] /= total[d->vertid[b][i]];
    }
  }
  return true;
}

bool SizeSkins(CompileContext* c) {
  SpecModel* s = c->spec;
  c->skin.assign(s->skins.size(), SkinData());
  mjtSize nvert = 0, ntex = 0, nface = 0, nbone = 0, nbonevert = 0;
  for (size_t i = 0; i < s->skins.size(); i++) {
    SkinData& d = c->skin[i];
    if (!PrepareSkin(c, s->skins[i].get(), &d)) {
      return false;
    }
    nvert += d.vert.size() / 3;
    ntex += d.texcoord.size() / 2;
    nface += d.face.size() / 3;
    nbone += d.bodyname.size();
    for (const auto& ids : d.vertid) {
      nbonevert += ids.size();
    }
  }
  c->sizes.nskin = static_cast<mjtSize>(s->skins.size());
  c->sizes.nskinvert = nvert;
  c->sizes.nskintexvert = ntex;
  c->sizes.nskinface = nface;
  c->sizes.nskinbone = nbone;
  c->sizes.nskinbonevert = nbonevert;
  return true;
}

bool FillSkins(CompileContext* c) {
  mjModel* m = c->m;
  int vadr = 0, tadr = 0, fadr = 0, badr = 0, bvadr = 0;
  for (int i = 0; i < m->nskin; i++) {
    const SpecSkin* k = c->spec->skins[i].get();
    const SkinData& d = c->skin[i];
    int nvert = static_cast<int>(d.vert.size() / 3);
    int ntex = static_cast<int>(d.texcoord.size() / 2);
    int nface = static_cast<int>(d.face.size() / 3);
    int nbone = static_cast<int>(d.bodyname.size());
    m->skin_matid[i] = d.matid;
    m->skin_group[i] = k->s.group;
    for (int j = 0; j < 4; j++) {
      m->skin_rgba[4 * i + j] = k->s.rgba[j];
    }
    m->skin_inflate[i] = k->s.inflate;
    m->skin_vertadr[i] = vadr;
    m->skin_vertnum[i] = nvert;
    m->skin_texcoordadr[i] = ntex ? tadr : -1;
    m->skin_faceadr[i] = fadr;
    m->skin_facenum[i] = nface;
    m->skin_boneadr[i] = badr;
    m->skin_bonenum[i] = nbone;
    std::memcpy(m->skin_vert + 3 * vadr, d.vert.data(), d.vert.size() * sizeof(float));
    if (ntex) {
      std::memcpy(m->skin_texcoord + 2 * tadr, d.texcoord.data(),
                  d.texcoord.size() * sizeof(float));
    }
    std::memcpy(m->skin_face + 3 * fadr, d.face.data(), d.face.size() * sizeof(int));
    for (int b = 0; b < nbone; b++) {
      int bone = badr + b;
      int n = static_cast<int>(d.vertid[b].size());
      m->skin_bonevertadr[bone] = bvadr;
      m->skin_bonevertnum[bone] = n;
      for (int j = 0; j < 3; j++) {
        m->skin_bonebindpos[3 * bone + j] = d.bindpos[3 * b + j];
      }
      for (int j = 0; j < 4; j++) {
        m->skin_bonebindquat[4 * bone + j] = d.bindquat[4 * b + j];
      }
      m->skin_bonebodyid[bone] = d.bodyid[b];
      for (int j = 0; j < n; j++) {
        m->skin_bonevertid[bvadr + j] = d.vertid[b][j];
        m->skin_bonevertweight[bvadr + j] = d.vertweight[b][j];
      }
      bvadr += n;
    }
    vadr += nvert;
    tadr += ntex;
    fadr += nface;
    badr += nbone;
  }
  return true;
}

}  // namespace

const CompileKind kCompileSkins = {"skins", SizeSkins, FillSkins, nullptr};

}  // namespace motus
