// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Building a UI from mjuiDef tables (mjui_add, mjui_addToSection) and the edit items' text
// conversions. The `other` string of a definition holds the kind-specific properties as text:
//   section, button, check boxes: a shortcut, a modifier letter (' ' none, 'C' control, 'S' shift,
//     'A' alt) then the key, either one character or '#' and a key code (" #290" is F1);
//   static, radio, radioline, select: the element names separated by '\n';
//   sliders: "min max [divisions]" (default divisions: max - min for integers, 200 for numbers);
//   edit int/num/float: "n [min max] ..." (n numbers, an optional range for each; min >= max
//     leaves a number unchecked); edit text: unused.
// A section's `otherint` is its check box (0 none, 1 unchecked, 2 checked).

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui_internal.h"

namespace {

void copyName(char* dst, const char* src, int size) {
  int n = 0;
  while (n < size - 1 && src[n]) {
    n++;
  }
  memmove(dst, src, n);
  dst[n] = 0;
}

void parseShortcut(const char* txt, int* modifier, int* key) {
  *modifier = 0;
  *key = 0;
  if (!txt[0] || !txt[1]) {
    return;
  }
  switch (txt[0]) {
    case 'C':
      *modifier = 1;
      break;
    case 'S':
      *modifier = 2;
      break;
    case 'A':
      *modifier = 4;
      break;
    default:
      *modifier = 0;
  }
  *key = txt[1] == '#' ? atoi(txt + 2) : (unsigned char)txt[1];
}

void parseNames(const char* txt, mjuiItem* it) {
  it->multi.nelem = 0;
  const char* p = txt;
  while (*p && it->multi.nelem < mjMAXUIMULTI) {
    const char* end = strchr(p, '\n');
    int n = end ? (int)(end - p) : (int)strlen(p);
    int keep = mjMIN(n, mjMAXUINAME - 1);
    memcpy(it->multi.name[it->multi.nelem], p, keep);
    it->multi.name[it->multi.nelem][keep] = 0;
    it->multi.nelem++;
    if (!end) {
      break;
    }
    p = end + 1;
  }
}

void parseSlider(const char* txt, mjuiItem* it) {
  double r[3] = {0, 1, 0};
  int n = sscanf(txt, "%lf %lf %lf", r, r + 1, r + 2);
  it->slider.range[0] = r[0];
  it->slider.range[1] = r[1];
  if (n >= 3 && r[2] > 0) {
    it->slider.divisions = r[2];
  } else if (it->type == mjITEM_SLIDERINT) {
    it->slider.divisions = mjMAX(1, r[1] - r[0]);
  } else {
    it->slider.divisions = 200;
  }
}

void parseEdit(const char* txt, mjuiItem* it) {
  memset(&it->edit, 0, sizeof(it->edit));
  if (it->type == mjITEM_EDITTXT) {
    return;
  }
  char* end = nullptr;
  long n = strtol(txt, &end, 10);
  it->edit.nelem = (int)mjMAX(1, mjMIN(n, mjMAXUIEDIT));
  for (int i = 0; i < it->edit.nelem; i++) {
    char* next = nullptr;
    double lo = strtod(end, &next);
    if (next == end) {
      break;
    }
    end = next;
    double hi = strtod(end, &next);
    if (next == end) {
      break;
    }
    end = next;
    it->edit.range[i][0] = lo;
    it->edit.range[i][1] = hi;
  }
}

void addItem(mjUI* ui, int sect, const mjuiDef* def) {
  mjuiSection* s = ui->sect + sect;
  if (s->nitem >= mjMAXUIITEM) {
    mju_error("mjui_add: too many items in section '%s' (mjMAXUIITEM = %d)", s->name, mjMAXUIITEM);
  }
  if (def->type < mjITEM_SEPARATOR || def->type >= mjNITEM) {
    mju_error("mjui_add: unknown item type %d ('%s')", def->type, def->name);
  }
  mjuiItem* it = s->item + s->nitem;
  int oldstate = it->state;
  memset(it, 0, sizeof(mjuiItem));
  it->type = def->type;
  copyName(it->name, def->name, mjMAXUINAME);
  it->state = def->state == mjPRESERVE ? oldstate : def->state;
  it->pdata = def->pdata;
  it->sectionid = sect;
  it->itemid = s->nitem;
  if (it->type >= mjITEM_CHECKINT && it->type != mjITEM_BUTTON && !it->pdata) {
    mju_error("mjui_add: item '%s' needs a data pointer", def->name);
  }
  switch (it->type) {
    case mjITEM_BUTTON:
    case mjITEM_CHECKINT:
    case mjITEM_CHECKBYTE:
      parseShortcut(def->other, &it->single.modifier, &it->single.shortcut);
      break;
    case mjITEM_STATIC:
    case mjITEM_RADIO:
    case mjITEM_RADIOLINE:
    case mjITEM_SELECT:
      parseNames(def->other, it);
      break;
    case mjITEM_SLIDERINT:
    case mjITEM_SLIDERNUM:
      parseSlider(def->other, it);
      break;
    case mjITEM_EDITINT:
    case mjITEM_EDITNUM:
    case mjITEM_EDITFLOAT:
    case mjITEM_EDITTXT:
      parseEdit(def->other, it);
      break;
    default:
      break;
  }
  s->nitem++;
}

void addSection(mjUI* ui, const mjuiDef* def) {
  if (ui->nsect >= mjMAXUISECT) {
    mju_error("mjui_add: too many sections (mjMAXUISECT = %d)", mjMAXUISECT);
  }
  mjuiSection* s = ui->sect + ui->nsect;
  copyName(s->name, def->name, mjMAXUINAME);
  if (def->state != mjPRESERVE) {
    s->state = def->state;
  }
  parseShortcut(def->other, &s->modifier, &s->shortcut);
  s->checkbox = def->otherint;
  s->nitem = 0;
  s->lastclick = 0;
  ui->nsect++;
}

}  // namespace

void mjui_add(mjUI* ui, const mjuiDef* def) {
  for (int i = 0; def[i].type != mjITEM_END; i++) {
    if (def[i].type == mjITEM_SECTION) {
      addSection(ui, def + i);
    } else {
      if (ui->nsect < 1) {
        mju_error("mjui_add: item '%s' comes before the first section", def[i].name);
      }
      addItem(ui, ui->nsect - 1, def + i);
    }
  }
}

void mjui_addToSection(mjUI* ui, int sect, const mjuiDef* def) {
  if (sect < 0 || sect >= ui->nsect) {
    mju_error("mjui_addToSection: section %d does not exist (%d sections)", sect, ui->nsect);
  }
  for (int i = 0; def[i].type != mjITEM_END; i++) {
    if (def[i].type == mjITEM_SECTION) {
      mju_error("mjui_addToSection: '%s' is a section; use mjui_add", def[i].name);
    }
    addItem(ui, sect, def + i);
  }
}

// ---------------------------------------------------------------------------------------------
// edit items

// Numbers joined by two spaces: integers in full, mjtNum and float values with 4 significant
// digits (%.4g), as MuJoCo shows them when editing starts.
void ui_editFormat(const mjuiItem* it, char* text, int size) {
  text[0] = 0;
  if (it->type == mjITEM_EDITTXT) {
    copyName(text, (const char*)it->pdata, size);
    return;
  }
  int len = 0;
  for (int i = 0; i < it->edit.nelem && len < size - 1; i++) {
    const char* sep = i ? "  " : "";
    if (it->type == mjITEM_EDITINT) {
      len += snprintf(text + len, size - len, "%s%d", sep, ((const int*)it->pdata)[i]);
    } else if (it->type == mjITEM_EDITNUM) {
      len += snprintf(text + len, size - len, "%s%.4g", sep, ((const mjtNum*)it->pdata)[i]);
    } else {
      len += snprintf(text + len, size - len, "%s%.4g", sep, ((const float*)it->pdata)[i]);
    }
  }
}

// Text is valid when reading numbers from its start, one after the other (strtol for integers,
// strtod otherwise: leading spaces skipped, reading stops at the first text that is not a
// number), finds exactly nelem of them, each within its range (min < max). What follows the last
// number read is not looked at: "5-" reads as 5, "5 -" as 5 too, "3- 9" as 3 only.
int ui_editParse(const mjuiItem* it, const char* text, double* val) {
  if (it->type == mjITEM_EDITTXT) {
    return 1;
  }
  double tmp[mjMAXUIEDIT];
  int n = 0;
  const char* p = text;
  for (;;) {
    char* end = nullptr;
    double v = it->type == mjITEM_EDITINT ? (double)strtol(p, &end, 10) : strtod(p, &end);
    if (end == p) {
      break;
    }
    if (n >= it->edit.nelem) {
      return 0;
    }
    tmp[n++] = v;
    p = end;
  }
  if (n != it->edit.nelem) {
    return 0;
  }
  for (int i = 0; i < n; i++) {
    const double* r = it->edit.range[i];
    if (r[0] < r[1] && (tmp[i] < r[0] || tmp[i] > r[1])) {
      return 0;
    }
  }
  if (val) {
    memcpy(val, tmp, n * sizeof(double));
  }
  return 1;
}

void ui_editStore(const mjuiItem* it, const char* text) {
  if (it->type == mjITEM_EDITTXT) {
    copyName((char*)it->pdata, text, mjMAXUITEXT);
    return;
  }
  double val[mjMAXUIEDIT];
  if (!ui_editParse(it, text, val)) {
    return;
  }
  for (int i = 0; i < it->edit.nelem; i++) {
    if (it->type == mjITEM_EDITINT) {
      ((int*)it->pdata)[i] = (int)val[i];
    } else if (it->type == mjITEM_EDITNUM) {
      ((mjtNum*)it->pdata)[i] = val[i];
    } else {
      ((float*)it->pdata)[i] = (float)val[i];
    }
  }
}
