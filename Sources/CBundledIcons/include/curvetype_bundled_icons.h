#ifndef CURVETYPE_BUNDLED_ICONS_H
#define CURVETYPE_BUNDLED_ICONS_H
#include <stddef.h>

/* Icons/simple-icons.tsv, assembled into the binary byte for byte by icons.S (`.incbin`):
   read-only data mapped with the program, read only when a named logo is asked for. */
extern const unsigned char curvetype_simple_icons[], curvetype_simple_icons_end[];

/* The table's first byte, and its length in `*count`. */
static inline const unsigned char *curvetype_bundled_icons(size_t *count) {
    *count = (size_t)(curvetype_simple_icons_end - curvetype_simple_icons);
    return curvetype_simple_icons;
}
#endif
