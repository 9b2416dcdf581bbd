// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Mesh file decoders (STL, OBJ, MSH) and LoadMesh, which gathers the raw data of one mesh from a
// file or from the spec's inline arrays. Formats per XMLreference.rst, <mesh>: STL (binary; ASCII
// accepted as an extension), OBJ (Wavefront text), MSH (MuJoCo's legacy binary format:
// int32 nvertex, nnormal, ntexcoord, nface; float vertex[3*nv], normal[3*nn], texcoord[2*nt];
// int32 face[3*nf]).

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "user/user_mesh.h"
#include "user/user_vfs.h"

namespace motus {
namespace {

// MuJoCo accepts at most this many triangles in an STL file
constexpr uint32_t kMaxStlFaces = 200000;

// little-endian readers (all binary mesh formats are little-endian)
uint32_t ReadU32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) |
         (static_cast<uint32_t>(p[2]) << 16) | (static_cast<uint32_t>(p[3]) << 24);
}

int32_t ReadI32(const uint8_t* p) {
  uint32_t u = ReadU32(p);
  int32_t i;
  std::memcpy(&i, &u, 4);
  return i;
}

float ReadF32(const uint8_t* p) {
  uint32_t u = ReadU32(p);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// ---- STL ----------------------------------------------------------------------------------------

// Welds vertices with exactly equal float coordinates (first occurrence keeps its place) and
// appends the triangle (STL stores three independent corners per triangle).
struct VertexWelder {
  struct Key {
    float x, y, z;
    bool operator==(const Key& o) const { return x == o.x && y == o.y && z == o.z; }
  };
  struct Hash {
    size_t operator()(const Key& k) const {
      // +0.0f turns -0 into +0 so that equal values hash alike
      float c[3] = {k.x + 0.0f, k.y + 0.0f, k.z + 0.0f};
      uint32_t b[3];
      std::memcpy(b, c, sizeof(b));
      size_t h = b[0];
      h = h * 1000003u ^ b[1];
      h = h * 1000003u ^ b[2];
      return h;
    }
  };
  std::unordered_map<Key, int, Hash> index;
  MeshData* out;

  explicit VertexWelder(MeshData* o) : out(o) {}

  int Add(float x, float y, float z) {
    Key k{x, y, z};
    auto it = index.find(k);
    if (it != index.end()) {
      return it->second;
    }
    int id = static_cast<int>(out->vert.size() / 3);
    out->vert.push_back(x);
    out->vert.push_back(y);
    out->vert.push_back(z);
    index.emplace(k, id);
    return id;
  }
};

bool StlLooksAscii(const uint8_t* data, size_t size) {
  size_t i = 0;
  while (i < size && std::isspace(data[i])) {
    i++;
  }
  return size - i >= 5 && std::memcmp(data + i, "solid", 5) == 0;
}

// ASCII STL: "solid name / facet normal nx ny nz / outer loop / vertex x y z (x3) / endloop /
// endfacet / ... / endsolid". Only the vertex lines matter; every three make a triangle.
bool DecodeAsciiSTL(const uint8_t* data, size_t size, MeshData* out, std::string* error) {
  std::string text(reinterpret_cast<const char*>(data), size);
  VertexWelder weld(out);
  size_t pos = 0;
  int corner = 0;
  int tri[3];
  int nvertex_lines = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) {
      end = text.size();
    }
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    size_t k = line.find_first_not_of(" \t\r");
    if (k == std::string::npos || line.compare(k, 6, "vertex") != 0) {
      continue;
    }
    const char* s = line.c_str() + k + 6;
    float c[3];
    for (int j = 0; j < 3; j++) {
      char* e;
      errno = 0;
      c[j] = std::strtof(s, &e);
      if (e == s) {
        *error = "invalid vertex line in ASCII STL: '" + line + "'";
        return false;
      }
      s = e;
    }
    nvertex_lines++;
    tri[corner++] = weld.Add(c[0], c[1], c[2]);
    if (corner == 3) {
      out->face.insert(out->face.end(), tri, tri + 3);
      corner = 0;
    }
  }
  if (corner != 0) {
    *error =
        "ASCII STL has " + std::to_string(nvertex_lines) + " vertex lines, not a multiple of 3";
    return false;
  }
  size_t nface = out->face.size() / 3;
  if (nface < 1 || nface > kMaxStlFaces) {
    *error = "number of faces should be between 1 and " + std::to_string(kMaxStlFaces) +
             " in ASCII STL file, found " + std::to_string(nface);
    return false;
  }
  return true;
}

// ---- OBJ ----------------------------------------------------------------------------------------

// parses one number; advances *s; false when there is none
bool ParseNumber(const char** s, double* v) {
  char* e;
  *v = std::strtod(*s, &e);
  if (e == *s) {
    return false;
  }
  *s = e;
  return true;
}

void SkipSpace(const char** s) {
  while (**s == ' ' || **s == '\t' || **s == '\r') {
    (*s)++;
  }
}

// resolves a 1-based (or negative, relative to the current count) OBJ index to 0-based; -1 when
// the index is 0 or out of range
int ObjIndex(long i, size_t count) {
  long n = static_cast<long>(count);
  long r = i > 0 ? i - 1 : n + i;
  return (i != 0 && r >= 0 && r < n) ? static_cast<int>(r) : -1;
}

struct ObjCorner {
  int v = -1, vt = -1, vn = -1;
  bool has_vt = false, has_vn = false;
};

// parses "v", "v/vt", "v//vn" or "v/vt/vn" at *s
bool ParseObjCorner(const char** s, ObjCorner* c) {
  const char* p = *s;
  char* e;
  long iv = std::strtol(p, &e, 10);
  if (e == p) {
    return false;
  }
  c->v = static_cast<int>(iv);
  p = e;
  if (*p == '/') {
    p++;
    if (*p != '/') {
      long it = std::strtol(p, &e, 10);
      if (e == p) {
        return false;
      }
      c->vt = static_cast<int>(it);
      c->has_vt = true;
      p = e;
    }
    if (*p == '/') {
      p++;
      long in = std::strtol(p, &e, 10);
      if (e == p) {
        return false;
      }
      c->vn = static_cast<int>(in);
      c->has_vn = true;
      p = e;
    }
  }
  *s = p;
  return true;
}

}  // namespace

bool DecodeSTL(const uint8_t* data, size_t size, MeshData* out, std::string* error) {
  *out = MeshData();
  bool binary_size_ok = false;
  uint32_t nface = 0;
  if (size >= 84) {
    nface = ReadU32(data + 80);
    binary_size_ok = (static_cast<uint64_t>(nface) * 50 + 84 == size);
  }
  if (!binary_size_ok && StlLooksAscii(data, size)) {
    return DecodeAsciiSTL(data, size, out, error);
  }
  if (size < 84) {
    *error = "STL file is too small (" + std::to_string(size) + " bytes)";
    return false;
  }
  if (nface < 1 || nface > kMaxStlFaces) {
    *error = "number of faces should be between 1 and " + std::to_string(kMaxStlFaces) +
             " in STL file, found " + std::to_string(nface);
    return false;
  }
  if (!binary_size_ok) {
    *error = "STL file size " + std::to_string(size) + " does not match " + std::to_string(nface) +
             " faces (expected " + std::to_string(84 + 50 * static_cast<uint64_t>(nface)) +
             " bytes)";
    return false;
  }

  // each record: normal[3], vertex[3][3] (floats), attribute (uint16)
  VertexWelder weld(out);
  out->face.reserve(3 * nface);
  for (uint32_t i = 0; i < nface; i++) {
    const uint8_t* rec = data + 84 + 50 * static_cast<size_t>(i) + 12;
    for (int k = 0; k < 3; k++) {
      float x = ReadF32(rec + 12 * k), y = ReadF32(rec + 12 * k + 4), z = ReadF32(rec + 12 * k + 8);
      if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) {
        *error = "STL triangle " + std::to_string(i) + " has a non-finite coordinate";
        return false;
      }
      out->face.push_back(weld.Add(x, y, z));
    }
  }
  return true;
}

bool DecodeOBJ(const uint8_t* data, size_t size, MeshData* out, std::string* error) {
  *out = MeshData();
  std::string text(reinterpret_cast<const char*>(data), size);
  size_t nv = 0, nvt = 0, nvn = 0;
  bool any_vt = false, any_vn = false;
  std::vector<int> fv, ft, fn;  // per-corner indices of the triangulated faces
  int lineno = 0;
  size_t pos = 0;
  std::string line;
  while (pos < text.size()) {
    // gather one logical line (a trailing backslash continues it)
    line.clear();
    while (pos < text.size()) {
      size_t end = text.find('\n', pos);
      if (end == std::string::npos) {
        end = text.size();
      }
      std::string piece = text.substr(pos, end - pos);
      pos = end + 1;
      lineno++;
      if (!piece.empty() && piece.back() == '\r') {
        piece.pop_back();
      }
      if (!piece.empty() && piece.back() == '\\') {
        piece.back() = ' ';
        line += piece;
        continue;
      }
      line += piece;
      break;
    }
    size_t hash = line.find('#');
    if (hash != std::string::npos) {
      line.resize(hash);
    }
    const char* s = line.c_str();
    SkipSpace(&s);
    if (!*s) {
      continue;
    }
    auto bad = [&](const char* what) {
      *error = std::string("OBJ line ") + std::to_string(lineno) + ": " + what + ": '" + line + "'";
      return false;
    };

    if (s[0] == 'v' && (s[1] == ' ' || s[1] == '\t')) {
      s += 1;
      double c[3];
      for (double& x : c) {
        if (!ParseNumber(&s, &x)) {
          return bad("vertex needs 3 coordinates");
        }
      }
      // coordinates are single precision, as in MuJoCo's OBJ reader
      for (double x : c) {
        out->vert.push_back(static_cast<float>(x));
      }
      nv++;
    } else if (s[0] == 'v' && s[1] == 't' && (s[2] == ' ' || s[2] == '\t')) {
      s += 2;
      double u = 0, v = 0;
      if (!ParseNumber(&s, &u)) {
        return bad("texture coordinate needs a value");
      }
      ParseNumber(&s, &v);  // v is optional (defaults to 0)
      // OBJ's v axis points up; MuJoCo stores 1 - v
      out->texcoord.push_back(static_cast<float>(u));
      out->texcoord.push_back(static_cast<float>(1.0 - static_cast<float>(v)));
      nvt++;
    } else if (s[0] == 'v' && s[1] == 'n' && (s[2] == ' ' || s[2] == '\t')) {
      s += 2;
      double c[3];
      for (double& x : c) {
        if (!ParseNumber(&s, &x)) {
          return bad("normal needs 3 coordinates");
        }
      }
      for (double x : c) {
        out->normal.push_back(static_cast<float>(x));
      }
      nvn++;
    } else if (s[0] == 'f' && (s[1] == ' ' || s[1] == '\t')) {
      s += 1;
      std::vector<ObjCorner> poly;
      while (true) {
        SkipSpace(&s);
        if (!*s) {
          break;
        }
        ObjCorner c;
        if (!ParseObjCorner(&s, &c)) {
          return bad("malformed face");
        }
        int iv = ObjIndex(c.v, nv);
        if (iv < 0) {
          return bad("face vertex index out of range");
        }
        c.v = iv;
        if (c.has_vt) {
          int it = ObjIndex(c.vt, nvt);
          if (it < 0) {
            return bad("face texture index out of range");
          }
          c.vt = it;
          any_vt = true;
        }
        if (c.has_vn) {
          int in = ObjIndex(c.vn, nvn);
          if (in < 0) {
            return bad("face normal index out of range");
          }
          c.vn = in;
          any_vn = true;
        }
        poly.push_back(c);
      }
      if (poly.size() < 3) {
        return bad("face needs at least 3 vertices");
      }
      // triangulation as MuJoCo 3.8.0's OBJ loader does it: a quad is split along its shorter
      // diagonal, compared in single precision, (0, 1, 2) (0, 2, 3) when 0-2 is strictly
      // shorter, else (0, 1, 3) (1, 2, 3); other polygons as a fan (0, k, k+1)
      std::vector<int> corners;
      if (poly.size() == 4) {
        const double* v = out->vert.data();  // single-precision values
        float d02 = 0, d13 = 0;
        for (int k = 0; k < 3; k++) {
          float e02 =
              static_cast<float>(v[3 * poly[2].v + k]) - static_cast<float>(v[3 * poly[0].v + k]);
          float e13 =
              static_cast<float>(v[3 * poly[3].v + k]) - static_cast<float>(v[3 * poly[1].v + k]);
          d02 += e02 * e02;
          d13 += e13 * e13;
        }
        corners =
            d02 < d13 ? std::vector<int>{0, 1, 2, 0, 2, 3} : std::vector<int>{0, 1, 3, 1, 2, 3};
      } else {
        for (size_t k = 1; k + 1 < poly.size(); k++) {
          corners.insert(corners.end(), {0, static_cast<int>(k), static_cast<int>(k + 1)});
        }
      }
      for (int i : corners) {
        const ObjCorner& c = poly[i];
        fv.push_back(c.v);
        ft.push_back(c.has_vt ? c.vt : -1);
        fn.push_back(c.has_vn ? c.vn : -1);
      }
    }
    // other statements (o, g, s, usemtl, mtllib, l, p, vp, ...) do not affect the mesh
  }

  out->face = fv;
  if (any_vn) {
    out->facenormal = fn;
  }
  if (any_vt) {
    out->facetexcoord = ft;
  }
  if (nv == 0) {
    *error = "OBJ file has no vertices";
    return false;
  }
  return true;
}

bool DecodeMSH(const uint8_t* data, size_t size, MeshData* out, std::string* error) {
  *out = MeshData();
  if (size < 16) {
    *error = "MSH file is too small for its header (" + std::to_string(size) + " bytes)";
    return false;
  }
  int32_t nv = ReadI32(data), nn = ReadI32(data + 4), nt = ReadI32(data + 8),
          nf = ReadI32(data + 12);
  if (nv < 4 || nn < 0 || nt < 0 || nf < 0) {
    *error = "invalid sizes in MSH file header: nvertex=" + std::to_string(nv) +
             " (at least 4), nnormal=" + std::to_string(nn) + ", ntexcoord=" + std::to_string(nt) +
             ", nface=" + std::to_string(nf);
    return false;
  }
  if ((nn && nn != nv) || (nt && nt != nv)) {
    *error = "MSH file: nnormal and ntexcoord must be 0 or equal to nvertex";
    return false;
  }
  uint64_t expected = 16 + 12ull * (static_cast<uint64_t>(nv) + nn + nf) + 8ull * nt;
  if (expected != size) {
    *error = "unexpected file size in MSH file: " + std::to_string(size) + " bytes, expected " +
             std::to_string(expected);
    return false;
  }
  const uint8_t* p = data + 16;
  out->vert.resize(3 * static_cast<size_t>(nv));
  for (double& x : out->vert) {
    x = ReadF32(p);
    p += 4;
  }
  out->normal.resize(3 * static_cast<size_t>(nn));
  for (float& x : out->normal) {
    x = ReadF32(p);
    p += 4;
  }
  out->texcoord.resize(2 * static_cast<size_t>(nt));
  for (float& x : out->texcoord) {
    x = ReadF32(p);
    p += 4;
  }
  out->face.resize(3 * static_cast<size_t>(nf));
  for (int& x : out->face) {
    x = ReadI32(p);
    p += 4;
  }
  return true;
}

bool DecodeMeshFile(const std::vector<uint8_t>& bytes, const std::string& filename,
                    const std::string& content_type, MeshData* out, std::string* error) {
  std::string type = content_type;
  if (type.empty()) {
    std::string ext = FileExtension(filename);
    if (ext == ".stl") {
      type = "model/stl";
    } else if (ext == ".obj") {
      type = "model/obj";
    } else if (ext == ".msh") {
      type = "model/vnd.mujoco.msh";
    } else {
      *error = "unknown mesh file type '" + ext + "' of '" + filename +
               "' (expected .stl, .obj or .msh, or set content_type)";
      return false;
    }
  }
  bool ok;
  if (type == "model/stl") {
    ok = DecodeSTL(bytes.data(), bytes.size(), out, error);
  } else if (type == "model/obj") {
    ok = DecodeOBJ(bytes.data(), bytes.size(), out, error);
  } else if (type == "model/vnd.mujoco.msh") {
    ok = DecodeMSH(bytes.data(), bytes.size(), out, error);
  } else {
    *error = "unsupported mesh content type '" + type + "'";
    return false;
  }
  if (!ok) {
    *error += " (file '" + filename + "')";
  }
  return ok;
}

bool LoadMesh(const mjsMesh* spec, const mjVFS* vfs, const AssetContext& ctx, MeshData* out,
              std::string* error) {
  *out = MeshData();
  const std::string file = spec->file ? *spec->file : std::string();
  const bool inline_vert = spec->uservert && !spec->uservert->empty();
  if (!file.empty()) {
    if (inline_vert) {
      *error = "mesh has both a file and inline vertex data";
      return false;
    }
    std::string path = ctx.Resolve(file);
    std::vector<uint8_t> bytes;
    if (!ReadResource(vfs, path, &bytes, error)) {
      return false;
    }
    std::string ctype = spec->content_type ? *spec->content_type : std::string();
    return DecodeMeshFile(bytes, path, ctype, out, error);
  }

  // inline data from the spec (floats, widened exactly to double)
  if (spec->uservert) {
    out->vert.assign(spec->uservert->begin(), spec->uservert->end());
  }
  if (spec->usernormal) {
    out->normal = *spec->usernormal;
  }
  if (spec->usertexcoord) {
    out->texcoord = *spec->usertexcoord;
  }
  if (spec->userface) {
    out->face = *spec->userface;
  }
  if (spec->userfacenormal) {
    out->facenormal = *spec->userfacenormal;
  }
  if (spec->userfacetexcoord) {
    out->facetexcoord = *spec->userfacetexcoord;
  }
  return true;
}

}  // namespace motus
