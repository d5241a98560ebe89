#ifndef CURVETYPE_LINE_BREAKS_H
#define CURVETYPE_LINE_BREAKS_H
#include <stdint.h>

/* The line break opportunities of `utf8` (`length` bytes) by ICU's line break iterator
   (UAX #14 with ICU's default tailoring): writes the UTF-8 offset of each opportunity after the
   start, the end included, into `breaks` (at most `capacity`), and returns how many there
   are, or -1 if ICU fails.

   This header names no ICU type: Foundation carries a private copy of ICU whose declarations
   clash with the system's in Swift's Clang importer, so ICU is only seen by the C file. */
int32_t curvetype_line_breaks(const char *utf8, int64_t length, int32_t *breaks, int32_t capacity);

/* Unicode's Vertical_Orientation of `scalar` (UAX #50) by ICU: 0 R (rotated, sideways in
   vertical text), 1 Tr (rotated, or a vertical form where the font has one), 2 Tu (upright, in
   a vertical form where the font has one), 3 U (upright); -1 if ICU cannot be loaded. */
int32_t curvetype_vertical_orientation(uint32_t scalar);

/* Unicode's Joining_Type of `scalar` by ICU, as its letter: 'U' non-joining, 'C' join-causing,
   'D' dual-joining, 'L' left-joining, 'R' right-joining, 'T' transparent; -1 if ICU cannot be
   loaded. `group` gets its Joining_Group as the kashida rules class it: 1 Seen or Sad; 2 Heh,
   Teh Marbuta or Dal; 3 Tah, Kaf or Gaf; 4 Beh; 5 Reh or Yeh; 6 Waw, Ain, Qaf or Feh; 7 Lam;
   8 Alef; 0 any other. */
int32_t curvetype_joining(uint32_t scalar, int32_t *group);

/* 1 if ICU is loaded (on first call), else 0. */
int32_t curvetype_icu_available(void);
#endif
