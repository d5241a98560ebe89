/* The simple-icons table as read-only data (see include/curvetype_bundled_icons.h). The path is
   found through the target's header search path, Icons/ at the package root. */
    .section .rodata,"a",@progbits
    .global curvetype_simple_icons
    .global curvetype_simple_icons_end
    .balign 16
curvetype_simple_icons:
    .incbin "simple-icons.tsv"
curvetype_simple_icons_end:
    .byte 0

/* No executable stack. */
.section .note.GNU-stack,"",%progbits
