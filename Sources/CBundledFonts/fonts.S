/* The bundled fonts as read-only data (see include/curvetype_bundled_fonts.h). The paths are
   found through the target's header search path, Fonts/ at the package root. */
#define FONT(name, file)          \
    .section .rodata,"a",@progbits; \
    .global name;                 \
    .global name##_end;           \
    .balign 16;                   \
name:                             \
    .incbin file;                 \
name##_end:                       \
    .byte 0

FONT(curvetype_font_sans, "DejaVuSans.ttf")
FONT(curvetype_font_sans_bold, "DejaVuSans-Bold.ttf")
FONT(curvetype_font_mono, "DejaVuSansMono.ttf")
FONT(curvetype_font_mono_bold, "DejaVuSansMono-Bold.ttf")

/* No executable stack. */
.section .note.GNU-stack,"",%progbits
