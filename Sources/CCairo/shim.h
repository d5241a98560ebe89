#ifndef CURVETYPE_CCAIRO_SHIM_H
#define CURVETYPE_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>

/* cairo-ft.h's one function that CurveType calls, declared with the face as `void *`: the header
   itself includes FreeType's and Fontconfig's headers, whose types CFreeType and CFontconfig
   already import into Swift (the same C type in two modules is two Swift types). The ABI is the
   header's: FT_Face is a pointer. */
cairo_font_face_t *cairo_ft_font_face_create_for_ft_face(void *face, int load_flags);
#endif
