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
// A section's `otherint` is its check box (0 none, 1 unchecked, 2 checked). Malformed
// properties are errors, as in MuJoCo.

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

// A shortcut: empty (none), or a modifier letter and a key character, or a modifier letter, '#'
// and a decimal key code. MuJoCo refuses anything else, naming what is wrong.
void parseShortcut(const char* txt, const char* name, int* modifier, int* key) {
  *modifier = 0;
  *key = 0;
  int len = (int)strlen(txt);
  if (len == 0) {
    return;
  }
  if (len == 1) {
    mju_error("mjui_add: invalid shortcut specification '%s' of '%s'", txt, name);
  }
  const char* mods = " CSA";
  const char* m = strchr(mods, txt[0]);
  if (!m || !*m) {
    mju_error("mjui_add: invalid shortcut modifier '%c' of '%s' (' ', C, S or A)", txt[0], name);
  }
  *modifier = m == mods ? 0 : 1 << (m - mods - 1);
  if (txt[1] == '#') {
    char* end = nullptr;
    long code = strtol(txt + 2, &end, 10);
    if (end == txt + 2 || *end || code < 0 || code > 100000) {
      mju_error("mjui_add: invalid shortcut numeric code '%s' of '%s'", txt + 2, name);
    }
    *key = (int)code;
    return;
  }
  if (len != 2) {
    mju_error("mjui_add: invalid shortcut specification '%s' of '%s'", txt, name);
  }
  *key = (unsigned char)txt[1];
}

// Element names separated by '\n' (a final '\n' ends the list): none may be empty or longer
// than mjMAXUINAME - 1, at most mjMAXUIMULTI of them.
void parseNames(const char* txt, mjuiItem* it) {
  it->multi.nelem = 0;
  const char* p = txt;
  while (*p) {
    if (it->multi.nelem >= mjMAXUIMULTI) {
      mju_error("mjui_add: too many elements in '%s' (mjMAXUIMULTI = %d)", it->name, mjMAXUIMULTI);
    }
    const char* end = strchr(p, '\n');
    int n = end ? (int)(end - p) : (int)strlen(p);
    if (n == 0 || n >= mjMAXUINAME) {
      mju_error("mjui_add: invalid element name in '%s' (empty or over %d characters)", it->name,
                mjMAXUINAME - 1);
    }
    memcpy(it->multi.name[it->multi.nelem], p, n);
    it->multi.name[it->multi.nelem][n] = 0;
    it->multi.nelem++;
    p = end ? end + 1 : p + n;
  }
}

// Numbers read one after the other from txt (strtod), at most max of them; returns the count.
int readNumbers(const char* txt, double* v, int max) {
  int n = 0;
  const char* p = txt;
  for (;;) {
    char* end = nullptr;
    double x = strtod(p, &end);
    if (end == p) {
      return n;
    }
    if (n < max) {
      v[n] = x;
    }
    n++;
    p = end;
  }
}

// "min max [divisions]": divisions default to max - min for integer sliders, 200 for numbers,
// and are at least 1.
void parseSlider(const char* txt, mjuiItem* it) {
  double r[3] = {0, 0, 0};
  int n = readNumbers(txt, r, 3);
  if (n < 2) {
    mju_error("mjui_add: slider '%s' expects 'min max [divisions]', got '%s'", it->name, txt);
  }
  it->slider.range[0] = r[0];
  it->slider.range[1] = r[1];
  if (n >= 3) {
    it->slider.divisions = mjMAX(1, r[2]);
  } else if (it->type == mjITEM_SLIDERINT) {
    it->slider.divisions = mjMAX(1, r[1] - r[0]);
  } else {
    it->slider.divisions = 200;
  }
}

// "n [min max] x n": n numbers (1 to mjMAXUIEDIT), then no range or one for each number.
void parseEdit(const char* txt, mjuiItem* it) {
  memset(&it->edit, 0, sizeof(it->edit));
  if (it->type == mjITEM_EDITTXT) {
    return;
  }
  char* end = nullptr;
  long n = strtol(txt, &end, 10);
  if (end == txt) {
    mju_error("mjui_add: edit '%s' misses its number of elements", it->name);
  }
  if (n < 1 || n > mjMAXUIEDIT) {
    mju_error("mjui_add: edit '%s' has %ld elements (1 to %d)", it->name, n, mjMAXUIEDIT);
  }
  it->edit.nelem = (int)n;
  double r[2 * mjMAXUIEDIT];
  int nr = readNumbers(end, r, 2 * mjMAXUIEDIT);
  if (nr != 0 && nr != 2 * n) {
    mju_error("mjui_add: edit '%s' has %d range numbers for %ld elements (0 or %ld)", it->name, nr,
              n, 2 * n);
  }
  for (int i = 0; i < nr / 2; i++) {
    it->edit.range[i][0] = r[2 * i];
    it->edit.range[i][1] = r[2 * i + 1];
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
  if (def->state < 0) {
    mju_error("mjui_add: invalid state %d of item '%s'", def->state, def->name);
  }
  int hasdata = def->type >= mjITEM_CHECKINT;
  if (hasdata && !def->pdata) {
    mju_error("mjui_add: item '%s' needs a data pointer", def->name);
  }
  if (!hasdata && def->pdata) {
    mju_error("mjui_add: item '%s' (separator, static or button) takes no data pointer", def->name);
  }
  mjuiItem* it = s->item + s->nitem;
  int oldstate = it->state;
  memset(it, 0, sizeof(mjuiItem));
  it->type = def->type;
  copyName(it->name, def->name, mjMAXUINAME);
  it->state = def->state;
  if (it->type == mjITEM_SEPARATOR && def->state == mjPRESERVE) {
    // a collapsible separator keeps its expanded state, otherwise it starts collapsed
    it->state = oldstate == mjSEPCLOSED + 1 ? oldstate : mjSEPCLOSED;
  }
  it->pdata = def->pdata;
  it->sectionid = sect;
  it->itemid = s->nitem;
  switch (it->type) {
    case mjITEM_BUTTON:
    case mjITEM_CHECKINT:
    case mjITEM_CHECKBYTE:
      parseShortcut(def->other, it->name, &it->single.modifier, &it->single.shortcut);
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
  if (def->state != mjSECT_CLOSED && def->state != mjSECT_OPEN && def->state != mjSECT_FIXED &&
      def->state != mjPRESERVE) {
    mju_error("mjui_add: invalid state %d of section '%s'", def->state, def->name);
  }
  mjuiSection* s = ui->sect + ui->nsect;
  copyName(s->name, def->name, mjMAXUINAME);
  if (def->state != mjPRESERVE) {
    s->state = def->state;
  }
  parseShortcut(def->other, s->name, &s->modifier, &s->shortcut);
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
