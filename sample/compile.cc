// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// compile: converts a model between file formats (programming_samples.rst "compile").
//
//   compile infile [outfile]
//
// infile is MJCF (.xml) or a binary model (.mjb); outfile is MJCF (.xml), a binary model (.mjb) or
// a human-readable listing of the compiled mjModel (.txt, mj_printModel). Without an outfile an
// MJCF model is compiled twice and both times are reported (the second compilation can reuse
// assets cached by the first). Sizes and timings are printed; errors go to stderr with exit
// status 1.
//
// MJB -> MJCF needs the model description: MJB files are written in MuJoCo's layout, which has
// none (MJB files are not decompiled, overview.rst), so only files of Motus's older layout that
// carry one convert; for others the sample reports that there is no model description.

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include <mujoco/mujoco.h>

namespace {

const char kUsage[] =
    "usage: compile infile [outfile]\n"
    "  infile   model to read: MJCF (.xml) or binary model (.mjb)\n"
    "  outfile  file to write: MJCF (.xml), binary model (.mjb) or text listing (.txt)\n"
    "           (without outfile, an MJCF model is compiled twice and timed)\n"
    "example: compile model.xml model.mjb\n";

enum class Format { kUnknown, kXml, kMjb, kTxt };

// format from the (case-insensitive) file extension
Format FormatOf(const std::string& path) {
  size_t slash = path.find_last_of("/\\");
  size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
    return Format::kUnknown;
  }
  std::string ext = path.substr(dot + 1);
  for (char& c : ext) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (ext == "xml") {
    return Format::kXml;
  }
  if (ext == "mjb") {
    return Format::kMjb;
  }
  if (ext == "txt") {
    return Format::kTxt;
  }
  return Format::kUnknown;
}

// the last warning raised by the library (loaders and writers report through mju_warning)
std::string g_warning;
void CaptureWarning(const char* msg) {
  g_warning = msg;
}

double Millis(std::chrono::steady_clock::time_point start) {
  using ms = std::chrono::duration<double, std::milli>;
  return ms(std::chrono::steady_clock::now() - start).count();
}

int Fail(const std::string& msg) {
  std::fprintf(stderr, "compile: %s\n", msg.c_str());
  return 1;
}

// loads infile; NULL with *error set on failure
mjModel* Load(const std::string& infile, Format format, std::string* error) {
  if (format == Format::kXml) {
    char buf[1000] = "";
    mjModel* m = mj_loadXML(infile.c_str(), nullptr, buf, sizeof(buf));
    if (!m) {
      *error = buf[0] ? buf : "could not load '" + infile + "'";
    }
    if (m && buf[0]) {
      std::fprintf(stderr, "compile: %s\n", buf);  // a warning: loaded anyway
    }
    return m;
  }
  g_warning.clear();
  mjModel* m = mj_loadModel(infile.c_str(), nullptr);
  if (!m) {
    *error = g_warning.empty() ? "could not load '" + infile + "'" : g_warning;
  }
  return m;
}

void PrintSizes(const mjModel* m) {
  std::printf("  nq %lld  nv %lld  nu %lld  na %lld\n", static_cast<long long>(m->nq),
              static_cast<long long>(m->nv), static_cast<long long>(m->nu),
              static_cast<long long>(m->na));
  std::printf("  nbody %lld  njnt %lld  ngeom %lld  nsite %lld  ncam %lld  nlight %lld\n",
              static_cast<long long>(m->nbody), static_cast<long long>(m->njnt),
              static_cast<long long>(m->ngeom), static_cast<long long>(m->nsite),
              static_cast<long long>(m->ncam), static_cast<long long>(m->nlight));
  std::printf("  nmesh %lld  nhfield %lld  ntex %lld  nmat %lld  nflex %lld  nskin %lld\n",
              static_cast<long long>(m->nmesh), static_cast<long long>(m->nhfield),
              static_cast<long long>(m->ntex), static_cast<long long>(m->nmat),
              static_cast<long long>(m->nflex), static_cast<long long>(m->nskin));
  std::printf("  ntendon %lld  neq %lld  nsensor %lld  nkey %lld  model buffer %lld bytes\n",
              static_cast<long long>(m->ntendon), static_cast<long long>(m->neq),
              static_cast<long long>(m->nsensor), static_cast<long long>(m->nkey),
              static_cast<long long>(m->nbuffer));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3 || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "--help")) {
    std::fputs(kUsage, argc < 2 || argc > 3 ? stderr : stdout);
    return argc < 2 || argc > 3 ? 1 : 0;
  }
  mju_user_warning = CaptureWarning;
  std::string infile = argv[1];
  std::string outfile = argc == 3 ? argv[2] : "";
  Format in = FormatOf(infile);
  Format out = outfile.empty() ? Format::kUnknown : FormatOf(outfile);

  if (in != Format::kXml && in != Format::kMjb) {
    return Fail("unknown input file type '" + infile + "' (expected .xml or .mjb)");
  }
  if (!outfile.empty() && out == Format::kUnknown) {
    return Fail("unknown output file type '" + outfile + "' (expected .xml, .mjb or .txt)");
  }

  // load (twice without an output file, to time a compilation that can use the asset cache)
  std::string error;
  auto start = std::chrono::steady_clock::now();
  mjModel* m = Load(infile, in, &error);
  if (!m) {
    return Fail(error);
  }
  std::printf("loaded '%s' in %.2f ms\n", infile.c_str(), Millis(start));
  if (outfile.empty()) {
    if (in == Format::kXml) {
      start = std::chrono::steady_clock::now();
      mjModel* again = Load(infile, in, &error);
      if (!again) {
        mj_deleteModel(m);
        return Fail(error);
      }
      std::printf("loaded again in %.2f ms\n", Millis(start));
      mj_deleteModel(again);
    }
    PrintSizes(m);
    mj_deleteModel(m);
    return 0;
  }
  PrintSizes(m);

  // save
  start = std::chrono::steady_clock::now();
  g_warning.clear();
  bool ok = true;
  if (out == Format::kMjb) {
    mj_saveModel(m, outfile.c_str(), nullptr, 0);
    ok = g_warning.empty();
    error = g_warning;
  } else if (out == Format::kTxt) {
    mj_printModel(m, outfile.c_str());
    ok = g_warning.empty();
    error = g_warning;
  } else {
    char buf[1000] = "";
    ok = mj_saveLastXML(outfile.c_str(), m, buf, sizeof(buf)) == 1;
    error = buf;
  }
  double save_ms = Millis(start);
  mj_deleteModel(m);
  if (!ok) {
    return Fail("could not save '" + outfile + "': " + error);
  }
  std::printf("saved '%s' in %.2f ms\n", outfile.c_str(), save_ms);
  return 0;
}
