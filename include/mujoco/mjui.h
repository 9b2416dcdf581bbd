// Copyright 2026 The Motus Authors.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

#ifndef MUJOCO_MJUI_H_
#define MUJOCO_MJUI_H_

// Types of the immediate-mode user interface (mjui_ functions): input state, theme, items,
// sections and the UI itself. Field names, order and types are those of MuJoCo 3.8's C API
// (APIreference_types.rst).

#include <mujoco/mjrender.h>

#define mjMAXUISECT 10   // sections of a UI
#define mjMAXUIITEM 200  // items of a section
#define mjMAXUITEXT 300  // characters of edit text and type-specific strings
#define mjMAXUINAME 40   // characters of a name
#define mjMAXUIMULTI 35  // choices of a radio or select item
#define mjMAXUIEDIT 7    // numbers of an edit item
#define mjMAXUIRECT 25   // rectangles of an mjuiState

#define mjSEPCLOSED 1000  // state of a closed adjustable separator
#define mjPRESERVE 2000   // keep the current section or separator state

// Key codes, equal to GLFW's (other windowing libraries must translate theirs).
#define mjKEY_ESCAPE 256
#define mjKEY_ENTER 257
#define mjKEY_TAB 258
#define mjKEY_BACKSPACE 259
#define mjKEY_INSERT 260
#define mjKEY_DELETE 261
#define mjKEY_RIGHT 262
#define mjKEY_LEFT 263
#define mjKEY_DOWN 264
#define mjKEY_UP 265
#define mjKEY_PAGE_UP 266
#define mjKEY_PAGE_DOWN 267
#define mjKEY_HOME 268
#define mjKEY_END 269
#define mjKEY_F1 290
#define mjKEY_F2 291
#define mjKEY_F3 292
#define mjKEY_F4 293
#define mjKEY_F5 294
#define mjKEY_F6 295
#define mjKEY_F7 296
#define mjKEY_F8 297
#define mjKEY_F9 298
#define mjKEY_F10 299
#define mjKEY_F11 300
#define mjKEY_F12 301
#define mjKEY_NUMPAD_0 320
#define mjKEY_NUMPAD_9 329

// ---------------------------------- enums ------------------------------------------------------

typedef enum mjtButton_ {  // mouse button
  mjBUTTON_NONE = 0,
  mjBUTTON_LEFT,
  mjBUTTON_RIGHT,
  mjBUTTON_MIDDLE
} mjtButton;

typedef enum mjtEvent_ {  // input event
  mjEVENT_NONE = 0,
  mjEVENT_MOVE,
  mjEVENT_PRESS,
  mjEVENT_RELEASE,
  mjEVENT_SCROLL,
  mjEVENT_KEY,
  mjEVENT_RESIZE,
  mjEVENT_REDRAW,
  mjEVENT_FILESDROP
} mjtEvent;

typedef enum mjtItem_ {  // kind of UI item; the kinds from mjITEM_CHECKINT on point at data
  mjITEM_END = -2,       // ends an mjuiDef list
  mjITEM_SECTION = -1,   // starts a section in an mjuiDef list
  mjITEM_SEPARATOR = 0,
  mjITEM_STATIC,
  mjITEM_BUTTON,
  mjITEM_CHECKINT,
  mjITEM_CHECKBYTE,
  mjITEM_RADIO,
  mjITEM_RADIOLINE,
  mjITEM_SELECT,
  mjITEM_SLIDERINT,
  mjITEM_SLIDERNUM,
  mjITEM_EDITINT,
  mjITEM_EDITNUM,
  mjITEM_EDITFLOAT,
  mjITEM_EDITTXT,
  mjNITEM
} mjtItem;

typedef enum mjtSection_ {  // section state
  mjSECT_CLOSED = 0,
  mjSECT_OPEN,
  mjSECT_FIXED  // always open, without a title
} mjtSection;

// Decides whether items of a category are enabled (state >= 2 of an item).
typedef int (*mjfItemEnable)(int category, void* data);

// ---------------------------------- mjuiState --------------------------------------------------

struct mjuiState_ {           // mouse and keyboard state shared by the UIs of a window
  int nrect;                  // rectangles in use
  mjrRect rect[mjMAXUIRECT];  // rectangles; rect[0] is the whole window
  void* userdata;             // passed back to callbacks

  int type;  // mjtEvent of the current event

  int left;           // left button down
  int right;          // right button down
  int middle;         // middle button down
  int doubleclick;    // the last press was a double click
  int button;         // mjtButton of the last press
  double buttontime;  // time of the last press

  double x;   // mouse x
  double y;   // mouse y
  double dx;  // mouse x change
  double dy;  // mouse y change
  double sx;  // horizontal scroll
  double sy;  // vertical scroll

  int control;     // control down
  int shift;       // shift down
  int alt;         // alt down
  int key;         // key of the last key event
  double keytime;  // time of the last key event

  int mouserect;   // rectangle under the mouse
  int dragrect;    // rectangle being dragged
  int dragbutton;  // mjtButton that started the drag

  int dropcount;           // files dropped (mjEVENT_FILESDROP only)
  const char** droppaths;  // their paths
};
typedef struct mjuiState_ mjuiState;

// ---------------------------------- mjuiThemeSpacing -------------------------------------------

struct mjuiThemeSpacing_ {  // sizes of a UI theme, in pixels
  int total;                // UI width
  int scroll;               // scrollbar width
  int label;                // label width
  int section;              // gap between sections
  int cornersect;           // section corner radius
  int cornersep;            // separator corner radius
  int itemside;             // gap beside items
  int itemmid;              // gap between item columns
  int itemver;              // gap between item rows
  int texthor;              // horizontal text margin
  int textver;              // vertical text margin
  int linescroll;           // scroll step
  int samples;              // multisamples
};
typedef struct mjuiThemeSpacing_ mjuiThemeSpacing;

// ---------------------------------- mjuiThemeColor ---------------------------------------------

struct mjuiThemeColor_ {       // colors of a UI theme (rgb)
  float master[3];             // background
  float thumb[3];              // scrollbar thumb
  float secttitle[3];          // section title
  float secttitle2[3];         // section title, bottom of the gradient
  float secttitleuncheck[3];   // section title with an unchecked box
  float secttitleuncheck2[3];  // same, bottom of the gradient
  float secttitlecheck[3];     // section title with a checked box
  float secttitlecheck2[3];    // same, bottom of the gradient
  float sectfont[3];           // section title text
  float sectsymbol[3];         // section open/closed symbol
  float sectpane[3];           // section body
  float separator[3];          // separator
  float separator2[3];         // separator, bottom of the gradient
  float shortcut[3];           // shortcut hint background
  float fontactive[3];         // text of enabled items
  float fontinactive[3];       // text of disabled items
  float decorinactive[3];      // decoration of disabled items
  float decorinactive2[3];     // second decoration color of disabled items
  float button[3];             // button
  float check[3];              // check box
  float radio[3];              // radio button
  float select[3];             // select box
  float select2[3];            // open select list
  float slider[3];             // slider
  float slider2[3];            // slider, second color
  float edit[3];               // edit field
  float edit2[3];              // edit field with invalid text
  float cursor[3];             // edit cursor
};
typedef struct mjuiThemeColor_ mjuiThemeColor;

// ---------------------------------- mjuiItem ---------------------------------------------------

struct mjuiItemSingle_ {  // buttons and check boxes
  int modifier;           // 0: none, 1: control, 2: shift, 4: alt
  int shortcut;           // shortcut key (0: none)
};

struct mjuiItemMulti_ {                  // static text, radio and select items
  int nelem;                             // choices
  char name[mjMAXUIMULTI][mjMAXUINAME];  // their names
};

struct mjuiItemSlider_ {  // sliders
  double range[2];        // minimum and maximum
  double divisions;       // steps between them
};

struct mjuiItemEdit_ {           // edit items
  int nelem;                     // numbers edited
  double range[mjMAXUIEDIT][2];  // range of each (min >= max: unchecked)
};

struct mjuiItem_ {         // one item of a section
  int type;                // mjtItem
  char name[mjMAXUINAME];  // name
  int state;               // 0: disabled, 1: enabled, >= 2: ask the predicate
  void* pdata;             // the value the item shows or edits
  int sectionid;           // section holding the item
  int itemid;              // index within the section
  int userid;              // id chosen by the user

  union {  // properties of the item's kind
    struct mjuiItemSingle_ single;
    struct mjuiItemMulti_ multi;
    struct mjuiItemSlider_ slider;
    struct mjuiItemEdit_ edit;
  };

  mjrRect rect;  // area the item occupies
  int skip;      // hidden by a closed separator
};
typedef struct mjuiItem_ mjuiItem;

// ---------------------------------- mjuiSection ------------------------------------------------

struct mjuiSection_ {          // a collapsible group of items
  char name[mjMAXUINAME];      // title
  int state;                   // mjtSection
  int modifier;                // 0: none, 1: control, 2: shift, 4: alt
  int shortcut;                // shortcut key (0: none)
  int checkbox;                // 0: no box, 1: unchecked, 2: checked
  int nitem;                   // items in use
  mjuiItem item[mjMAXUIITEM];  // items
  mjrRect rtitle;              // area of the title
  mjrRect rcontent;            // area of the items
  int lastclick;               // last mouse click on the section
};
typedef struct mjuiSection_ mjuiSection;

// ---------------------------------- mjUI -------------------------------------------------------

struct mjUI_ {               // a UI: a scrollable column of sections
  mjuiThemeSpacing spacing;  // theme sizes
  mjuiThemeColor color;      // theme colors
  mjfItemEnable predicate;   // decides the state of items with state >= 2
  void* userdata;            // passed to the predicate
  int rectid;                // rectangle of mjuiState the UI is drawn in
  int auxid;                 // auxiliary buffer the UI is drawn into
  int radiocol;              // radio columns (0: 2)

  int width;      // width in framebuffer pixels
  int height;     // current height
  int maxheight;  // height with every section open
  int scroll;     // scroll offset from the top

  int mousesect;       // section under the mouse + 1 (0: none, -1: scrollbar)
  int mouseitem;       // item under the mouse
  int mousehelp;       // help shown (shortcut list)
  int mouseclicks;     // clicks on the UI
  int mousesectcheck;  // section whose check box is under the mouse + 1 (0: none)

  int editsect;                // section being edited + 1 (0: none)
  int edititem;                // item being edited
  int editcursor;              // cursor position
  int editscroll;              // horizontal scroll of the edit text
  char edittext[mjMAXUITEXT];  // text being edited
  mjuiItem* editchanged;       // edit item changed by the last mjui_event

  int nsect;                      // sections in use
  mjuiSection sect[mjMAXUISECT];  // sections
};
typedef struct mjUI_ mjUI;

// ---------------------------------- mjuiDef ----------------------------------------------------

struct mjuiDef_ {           // one row of the table given to mjui_add
  int type;                 // mjtItem (mjITEM_SECTION starts a section, mjITEM_END ends)
  char name[mjMAXUINAME];   // name
  int state;                // state
  void* pdata;              // data the item shows or edits
  char other[mjMAXUITEXT];  // kind-specific properties as text
  int otherint;             // kind-specific integer
};
typedef struct mjuiDef_ mjuiDef;

#endif  // MUJOCO_MJUI_H_
