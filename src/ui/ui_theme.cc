// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The builtin UI themes of mjui_themeSpacing and mjui_themeColor (APIreference_functions.rst, "UI
// framework"): two spacings (tight, wide) and four color schemes (default, gray, light, dark).
// Sizes are pixels at mjFONTSCALE_100; mjui_resize scales them with the context's font scale.

#include <string.h>

#include "ui/ui_internal.h"

namespace {

const mjuiThemeSpacing kSpacing[2] = {
    // total scroll label section cornersect cornersep itemside itemmid itemver texthor textver
    // linescroll samples
    {270, 15, 120, 8, 6, 6, 4, 4, 4, 8, 4, 30, 4},
    {310, 15, 120, 10, 10, 10, 7, 7, 7, 10, 5, 30, 4},
};

const mjuiThemeColor kColor[4] = {
    {
        {0.25f, 0.25f, 0.25f},  // master
        {0.12f, 0.12f, 0.12f},  // thumb
        {0.6f, 0.2f, 0.2f},     // secttitle
        {0.1f, 0.1f, 0.1f},     // secttitle2
        {0.45f, 0.17f, 0.17f},  // secttitleuncheck
        {0.45f, 0.17f, 0.17f},  // secttitleuncheck2
        {0.45f, 0.17f, 0.17f},  // secttitlecheck
        {0.45f, 0.17f, 0.17f},  // secttitlecheck2
        {1.0f, 1.0f, 1.0f},     // sectfont
        {0.7f, 0.7f, 0.7f},     // sectsymbol
        {0.1f, 0.1f, 0.1f},     // sectpane
        {0.25f, 0.25f, 0.25f},  // separator
        {0.1f, 0.1f, 0.1f},     // separator2
        {0.0f, 0.0f, 1.0f},     // shortcut
        {1.0f, 1.0f, 1.0f},     // fontactive
        {0.5f, 0.5f, 0.5f},     // fontinactive
        {0.3f, 0.3f, 0.3f},     // decorinactive
        {0.4f, 0.4f, 0.4f},     // decorinactive2
        {0.6f, 0.4f, 0.4f},     // button
        {0.4f, 0.4f, 0.7f},     // check
        {0.4f, 0.6f, 0.4f},     // radio
        {0.4f, 0.6f, 0.6f},     // select
        {0.2f, 0.3f, 0.3f},     // select2
        {0.3f, 0.2f, 0.3f},     // slider
        {0.6f, 0.4f, 0.6f},     // slider2
        {0.6f, 0.6f, 0.4f},     // edit
        {0.7f, 0.0f, 0.0f},     // edit2
        {0.9f, 0.9f, 0.9f},     // cursor
    },
    {
        {0.2f, 0.2f, 0.2f},     // master
        {0.12f, 0.12f, 0.12f},  // thumb
        {0.3f, 0.3f, 0.3f},     // secttitle
        {0.15f, 0.15f, 0.15f},  // secttitle2
        {0.25f, 0.25f, 0.25f},  // secttitleuncheck
        {0.25f, 0.25f, 0.25f},  // secttitleuncheck2
        {0.25f, 0.25f, 0.25f},  // secttitlecheck
        {0.25f, 0.25f, 0.25f},  // secttitlecheck2
        {0.8f, 0.8f, 0.8f},     // sectfont
        {0.7f, 0.7f, 0.7f},     // sectsymbol
        {0.15f, 0.15f, 0.15f},  // sectpane
        {0.2f, 0.2f, 0.2f},     // separator
        {0.15f, 0.15f, 0.15f},  // separator2
        {0.0f, 0.0f, 1.0f},     // shortcut
        {0.9f, 0.9f, 0.9f},     // fontactive
        {0.5f, 0.5f, 0.5f},     // fontinactive
        {0.2f, 0.2f, 0.2f},     // decorinactive
        {0.25f, 0.25f, 0.25f},  // decorinactive2
        {0.6f, 0.4f, 0.2f},     // button
        {0.6f, 0.4f, 0.2f},     // check
        {0.6f, 0.4f, 0.2f},     // radio
        {0.6f, 0.4f, 0.2f},     // select
        {0.3f, 0.2f, 0.1f},     // select2
        {0.2f, 0.2f, 0.2f},     // slider
        {0.6f, 0.4f, 0.2f},     // slider2
        {0.6f, 0.4f, 0.2f},     // edit
        {0.7f, 0.0f, 0.0f},     // edit2
        {0.9f, 0.9f, 0.9f},     // cursor
    },
    {
        {0.9f, 0.9f, 0.9f},     // master
        {0.7f, 0.7f, 0.7f},     // thumb
        {0.8f, 0.8f, 0.8f},     // secttitle
        {1.0f, 1.0f, 1.0f},     // secttitle2
        {0.95f, 0.95f, 0.95f},  // secttitleuncheck
        {0.95f, 0.95f, 0.95f},  // secttitleuncheck2
        {0.95f, 0.95f, 0.95f},  // secttitlecheck
        {0.95f, 0.95f, 0.95f},  // secttitlecheck2
        {0.0f, 0.0f, 0.8f},     // sectfont
        {0.0f, 0.0f, 0.8f},     // sectsymbol
        {1.0f, 1.0f, 1.0f},     // sectpane
        {0.9f, 0.9f, 0.9f},     // separator
        {1.0f, 1.0f, 1.0f},     // separator2
        {0.0f, 1.0f, 1.0f},     // shortcut
        {0.0f, 0.0f, 0.0f},     // fontactive
        {0.7f, 0.7f, 0.7f},     // fontinactive
        {0.95f, 0.95f, 0.95f},  // decorinactive
        {0.9f, 0.9f, 0.9f},     // decorinactive2
        {0.8f, 0.8f, 0.8f},     // button
        {0.8f, 0.8f, 0.8f},     // check
        {0.8f, 0.8f, 0.8f},     // radio
        {0.8f, 0.8f, 0.8f},     // select
        {0.9f, 0.9f, 0.9f},     // select2
        {0.95f, 0.95f, 0.95f},  // slider
        {0.8f, 0.8f, 0.8f},     // slider2
        {0.8f, 0.8f, 0.8f},     // edit
        {1.0f, 0.3f, 0.3f},     // edit2
        {0.2f, 0.2f, 0.2f},     // cursor
    },
    {
        {0.15f, 0.15f, 0.15f},  // master
        {0.3f, 0.3f, 0.3f},     // thumb
        {0.25f, 0.25f, 0.25f},  // secttitle
        {0.0f, 0.0f, 0.0f},     // secttitle2
        {0.2f, 0.2f, 0.2f},     // secttitleuncheck
        {0.2f, 0.2f, 0.2f},     // secttitleuncheck2
        {0.2f, 0.2f, 0.2f},     // secttitlecheck
        {0.2f, 0.2f, 0.2f},     // secttitlecheck2
        {1.0f, 0.3f, 0.3f},     // sectfont
        {1.0f, 0.3f, 0.3f},     // sectsymbol
        {0.0f, 0.0f, 0.0f},     // sectpane
        {0.15f, 0.15f, 0.15f},  // separator
        {0.0f, 0.0f, 0.0f},     // separator2
        {0.0f, 0.0f, 1.0f},     // shortcut
        {1.0f, 1.0f, 1.0f},     // fontactive
        {0.4f, 0.4f, 0.4f},     // fontinactive
        {0.1f, 0.1f, 0.1f},     // decorinactive
        {0.15f, 0.15f, 0.15f},  // decorinactive2
        {0.3f, 0.3f, 0.3f},     // button
        {0.3f, 0.3f, 0.3f},     // check
        {0.3f, 0.3f, 0.3f},     // radio
        {0.3f, 0.3f, 0.3f},     // select
        {0.15f, 0.15f, 0.15f},  // select2
        {0.15f, 0.15f, 0.15f},  // slider
        {0.3f, 0.3f, 0.3f},     // slider2
        {0.3f, 0.3f, 0.3f},     // edit
        {0.8f, 0.2f, 0.2f},     // edit2
        {0.8f, 0.8f, 0.8f},     // cursor
    },
};

}  // namespace

mjuiThemeSpacing mjui_themeSpacing(int ind) {
  if (ind < 0 || ind > 1) {
    mju_warning("mjui_themeSpacing: theme %d does not exist (0-1); using 0", ind);
    ind = 0;
  }
  return kSpacing[ind];
}

mjuiThemeColor mjui_themeColor(int ind) {
  if (ind < 0 || ind > 3) {
    mju_warning("mjui_themeColor: theme %d does not exist (0-3); using 0", ind);
    ind = 0;
  }
  return kColor[ind];
}
