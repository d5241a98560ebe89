#ifndef CURVETYPE_BUNDLED_FONTS_H
#define CURVETYPE_BUNDLED_FONTS_H
#include <stddef.h>

/* The DejaVu font files of Fonts/, assembled into the binary byte for byte by fonts.S
   (`.incbin`): read-only data mapped with the program, nothing decoded at start. */
extern const unsigned char curvetype_font_sans[], curvetype_font_sans_end[];
extern const unsigned char curvetype_font_sans_bold[], curvetype_font_sans_bold_end[];
extern const unsigned char curvetype_font_mono[], curvetype_font_mono_end[];
extern const unsigned char curvetype_font_mono_bold[], curvetype_font_mono_bold_end[];

/* Font `index` (0 sans, 1 sans bold, 2 mono, 3 mono bold): its first byte, and its length in
   `*count`; NULL for another index. */
static inline const unsigned char *curvetype_bundled_font(int index, size_t *count) {
    const unsigned char *start, *end;
    switch (index) {
    case 0: start = curvetype_font_sans; end = curvetype_font_sans_end; break;
    case 1: start = curvetype_font_sans_bold; end = curvetype_font_sans_bold_end; break;
    case 2: start = curvetype_font_mono; end = curvetype_font_mono_end; break;
    case 3: start = curvetype_font_mono_bold; end = curvetype_font_mono_bold_end; break;
    default: *count = 0; return NULL;
    }
    *count = (size_t)(end - start);
    return start;
}
#endif
