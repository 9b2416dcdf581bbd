/* Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
 *
 * X11 actions simulate_test needs beyond xdotool, on the display of $DISPLAY:
 *
 *   x11_helper drop WINDOW X Y PATH: drops the file PATH on the window WINDOW (decimal or 0x id)
 *     at root coordinates X, Y, as a file manager does with the XDND protocol (version 5): it
 *     owns the XdndSelection, sends XdndEnter (offering text/uri-list), XdndPosition and, once
 *     the window accepts, XdndDrop, answers the window's request for the selection with
 *     "file://PATH", and waits for XdndFinished. Exit status 0 when the window took the drop.
 *   x11_helper dpi N: sets the desktop's resource Xft.dpi to N (the RESOURCE_MANAGER property of
 *     the root window, which toolkits such as GLFW read when they connect) to stand for a high
 *     DPI display.
 *   x11_helper clipboard: prints the CLIPBOARD selection as UTF8_STRING (asks its owner to
 *     convert it, as a paste does). Exit status 1 when there is no owner or no answer in 5 s. */

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void sendMessage(Display* dpy, Window to, Atom type, long l0, long l1, long l2, long l3,
                        long l4) {
  XEvent e;
  memset(&e, 0, sizeof(e));
  e.xclient.type = ClientMessage;
  e.xclient.display = dpy;
  e.xclient.window = to;
  e.xclient.message_type = type;
  e.xclient.format = 32;
  e.xclient.data.l[0] = l0;
  e.xclient.data.l[1] = l1;
  e.xclient.data.l[2] = l2;
  e.xclient.data.l[3] = l3;
  e.xclient.data.l[4] = l4;
  XSendEvent(dpy, to, False, NoEventMask, &e);
  XFlush(dpy);
}

static int setDpi(Display* dpy, int dpi) {
  char resources[64];
  snprintf(resources, sizeof(resources), "Xft.dpi:\t%d\n", dpi);
  Atom rm = XInternAtom(dpy, "RESOURCE_MANAGER", False);
  XChangeProperty(dpy, DefaultRootWindow(dpy), rm, XA_STRING, 8, PropModeReplace,
                  (const unsigned char*)resources, (int)strlen(resources));
  XSync(dpy, False);
  return 0;
}

static int drop(Display* dpy, Window target, int x, int y, const char* path) {
  char uri[4096];
  snprintf(uri, sizeof(uri), "file://%s\r\n", path);

  Atom aware = XInternAtom(dpy, "XdndAware", False);
  Atom enter = XInternAtom(dpy, "XdndEnter", False);
  Atom position = XInternAtom(dpy, "XdndPosition", False);
  Atom status = XInternAtom(dpy, "XdndStatus", False);
  Atom drop = XInternAtom(dpy, "XdndDrop", False);
  Atom finished = XInternAtom(dpy, "XdndFinished", False);
  Atom selection = XInternAtom(dpy, "XdndSelection", False);
  Atom copy = XInternAtom(dpy, "XdndActionCopy", False);
  Atom urilist = XInternAtom(dpy, "text/uri-list", False);

  /* the window must announce XDND support */
  Atom type;
  int format;
  unsigned long n, left;
  unsigned char* data = NULL;
  if (XGetWindowProperty(dpy, target, aware, 0, 1, False, AnyPropertyType, &type, &format, &n,
                         &left, &data) != Success ||
      !data || n < 1) {
    fprintf(stderr, "x11_helper: window 0x%lx is not XdndAware\n", (unsigned long)target);
    return 1;
  }
  long version = *(long*)data < 5 ? *(long*)data : 5;
  XFree(data);

  Window source = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, 1, 1, 0, 0, 0);
  XSetSelectionOwner(dpy, selection, source, CurrentTime);
  sendMessage(dpy, target, enter, (long)source, version << 24, (long)urilist, None, None);
  sendMessage(dpy, target, position, (long)source, 0, ((long)x << 16) | y, CurrentTime, (long)copy);

  int accepted = 0, dropped = 0, done = 0, served = 0;
  double start = now();
  while (!done && now() - start < 10) {
    if (!XPending(dpy)) {
      usleep(10000);
      continue;
    }
    XEvent e;
    XNextEvent(dpy, &e);
    if (e.type == ClientMessage && e.xclient.message_type == status) {
      accepted = e.xclient.data.l[1] & 1;
      if (accepted && !dropped) {
        sendMessage(dpy, target, drop, (long)source, 0, CurrentTime, 0, 0);
        dropped = 1;
      } else if (!accepted) {
        fprintf(stderr, "x11_helper: the window refused the drop\n");
        return 1;
      }
    } else if (e.type == SelectionRequest) {
      /* the window asks for the dropped data */
      XSelectionRequestEvent* r = &e.xselectionrequest;
      XEvent reply;
      memset(&reply, 0, sizeof(reply));
      reply.xselection.type = SelectionNotify;
      reply.xselection.display = dpy;
      reply.xselection.requestor = r->requestor;
      reply.xselection.selection = r->selection;
      reply.xselection.target = r->target;
      reply.xselection.time = r->time;
      reply.xselection.property = None;
      if (r->target == urilist) {
        XChangeProperty(dpy, r->requestor, r->property, urilist, 8, PropModeReplace,
                        (const unsigned char*)uri, (int)strlen(uri));
        reply.xselection.property = r->property;
        served = 1;
      }
      XSendEvent(dpy, r->requestor, False, NoEventMask, &reply);
      XFlush(dpy);
    } else if (e.type == ClientMessage && e.xclient.message_type == finished) {
      done = 1;
    }
  }
  XDestroyWindow(dpy, source);
  if (!done) {
    fprintf(stderr, "x11_helper: no XdndFinished (accepted %d, dropped %d, data sent %d)\n",
            accepted, dropped, served);
    return 1;
  }
  return served ? 0 : 1;
}

static int printClipboard(Display* dpy) {
  Atom clipboard = XInternAtom(dpy, "CLIPBOARD", False);
  Atom utf8 = XInternAtom(dpy, "UTF8_STRING", False);
  Atom prop = XInternAtom(dpy, "X11_HELPER_PASTE", False);
  if (XGetSelectionOwner(dpy, clipboard) == None) {
    return 1;
  }
  Window w = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, 1, 1, 0, 0, 0);
  XConvertSelection(dpy, clipboard, utf8, prop, w, CurrentTime);
  XFlush(dpy);
  double start = now();
  while (now() - start < 5) {
    XEvent e;
    if (!XPending(dpy)) {
      usleep(10000);
      continue;
    }
    XNextEvent(dpy, &e);
    if (e.type != SelectionNotify) {
      continue;
    }
    if (e.xselection.property == None) {
      return 1;
    }
    Atom type;
    int format;
    unsigned long n, after;
    unsigned char* data = NULL;
    if (XGetWindowProperty(dpy, w, prop, 0, 1 << 20, True, AnyPropertyType, &type, &format, &n,
                           &after, &data) != Success ||
        !data) {
      return 1;
    }
    fwrite(data, 1, n, stdout);
    XFree(data);
    return 0;
  }
  return 1;
}

int main(int argc, char** argv) {
  int isdrop = argc == 6 && !strcmp(argv[1], "drop"), isdpi = argc == 3 && !strcmp(argv[1], "dpi");
  int isclip = argc == 2 && !strcmp(argv[1], "clipboard");
  if (!isdrop && !isdpi && !isclip) {
    fprintf(stderr, "usage: x11_helper drop WINDOW X Y PATH | dpi N | clipboard\n");
    return 2;
  }
  Display* dpy = XOpenDisplay(NULL);
  if (!dpy) {
    fprintf(stderr, "x11_helper: cannot open the display\n");
    return 2;
  }
  int rc =
      isclip  ? printClipboard(dpy)
      : isdpi ? setDpi(dpy, atoi(argv[2]))
              : drop(dpy, (Window)strtoul(argv[2], NULL, 0), atoi(argv[3]), atoi(argv[4]), argv[5]);
  XCloseDisplay(dpy);
  return rc;
}
