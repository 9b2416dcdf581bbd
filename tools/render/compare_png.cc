// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// compare_png A_PREFIX B_PREFIX [DIFF.png]: compares two renderings written by kit_render
// (PREFIX_rgb.png, PREFIX_seg.png) and prints the share of pixels with equal segmentation ids and
// the color PSNR. DIFF.png, when given, shows |A - B| scaled by 4 (black where equal).

#include <lodepng.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct Image {
  unsigned width = 0, height = 0;
  std::vector<unsigned char> rgb;
};

bool Load(const std::string& path, Image* img) {
  unsigned char* data = nullptr;
  if (lodepng_decode24_file(&data, &img->width, &img->height, path.c_str())) {
    std::fprintf(stderr, "compare_png: cannot read %s\n", path.c_str());
    return false;
  }
  img->rgb.assign(data, data + 3 * (size_t)img->width * img->height);
  free(data);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: compare_png A_PREFIX B_PREFIX [DIFF.png]\n");
    return 1;
  }
  Image a, b, sa, sb;
  std::string pa = argv[1], pb = argv[2];
  if (!Load(pa + "_rgb.png", &a) || !Load(pb + "_rgb.png", &b) || !Load(pa + "_seg.png", &sa) ||
      !Load(pb + "_seg.png", &sb)) {
    return 1;
  }
  if (a.width != b.width || a.height != b.height || sa.rgb.size() != sb.rgb.size()) {
    std::fprintf(stderr, "compare_png: sizes differ\n");
    return 1;
  }
  double se = 0;
  std::vector<unsigned char> diff(a.rgb.size());
  for (size_t i = 0; i < a.rgb.size(); i++) {
    int d = (int)a.rgb[i] - b.rgb[i];
    se += (double)d * d;
    diff[i] = (unsigned char)std::min(255, 4 * std::abs(d));
  }
  size_t n = (size_t)a.width * a.height, same = 0;
  for (size_t i = 0; i < n; i++) {
    same += sa.rgb[3 * i] == sb.rgb[3 * i] && sa.rgb[3 * i + 1] == sb.rgb[3 * i + 1] &&
            sa.rgb[3 * i + 2] == sb.rgb[3 * i + 2];
  }
  double mse = se / a.rgb.size();
  double psnr = mse > 0 ? 10 * std::log10(255.0 * 255.0 / mse) : 99;
  std::printf("%.2f%% %.2f\n", 100.0 * same / n, psnr);
  if (argc == 4 && lodepng_encode24_file(argv[3], diff.data(), a.width, a.height)) {
    std::fprintf(stderr, "compare_png: cannot write %s\n", argv[3]);
    return 1;
  }
  return 0;
}
