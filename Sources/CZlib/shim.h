#ifndef CURVETYPE_CZLIB_SHIM_H
#define CURVETYPE_CZLIB_SHIM_H
#include <zlib.h>

/* deflateInit2 is a macro over deflateInit2_, which Swift cannot call: the same call. */
static inline int curvetype_deflate_init(z_streamp stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}

/* inflateInit2 likewise, reading a gzip stream (windowBits 16 + 15), as OpenType's SVG table
   stores compressed documents. */
static inline int curvetype_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + 15);
}
#endif
