#ifndef CURVETYPE_CCAIRO_SHIM_H
#define CURVETYPE_CCAIRO_SHIM_H
/* cairo's types and constants from its headers; its functions through ct_cairo_… wrappers
   (functions.h) that load libcairo.so.2 the first time one is called, not at the process's
   start: linked, cairo and the libraries it needs (X11, xcb, GLib, pixman, …) cost every
   process about 2 ms before main, though only PNG and PDF use them (Tools/make_lazy_shims.py). */
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <stddef.h>

/* cairo-ft.h's one function that CurveType calls takes the face as `void *` (functions.h): the
   header itself includes FreeType's and Fontconfig's headers, whose types CFreeType and
   CFontconfig already import into Swift (the same C type in two modules is two Swift types).
   The ABI is the header's: FT_Face is a pointer. */
#include "functions.h"

/* Whether cairo can be used: check before the first ct_cairo_ call. */
static inline int ct_cairo_available(void) {
#ifdef CURVETYPE_STATIC_CAIRO
    return 1; /* linked into the program (make release) */
#else
    void *h = curvetype_cairo_library();
    return h != NULL && dlsym(h, "cairo_create") != NULL && dlsym(h, "cairo_ft_font_face_create_for_ft_face") != NULL;
#endif
}
#endif
