#ifndef CURVETYPE_CLIPPER_SHIM_H
#define CURVETYPE_CLIPPER_SHIM_H
// Clipper 6 (Angus Johnson's polygon clipping and offsetting library, Debian's
// libpolyclipping-dev, Boost licence) behind plain C: Clipper is C++, and CurveType keeps C and
// C++ behind small modules. Coordinates are integers, as Clipper's are: the caller scales.
// Clipper's library is loaded on first use, not linked (see clipper_shim.cpp).
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when Clipper's library (libpolyclipping.so.22) is loaded, loading it on the first call;
/// 0 when it cannot be, and then every call below returns NULL.
int ct_clipper_available(void);

/// Polygons (or open paths) as flat arrays: `counts[k]` points of path k, one after another.
typedef struct {
    const int64_t *xy;     // x0, y0, x1, y1, …
    const size_t *counts;
    size_t paths;
} ct_clipper_input;

/// A result: polygons, each an outer boundary or a hole, with the index of the outer
/// boundary that holds it (-1 for an outer one), as Clipper's PolyTree nests them.
typedef struct ct_clipper_result ct_clipper_result;

/// The union of `subject` (closed polygons, nonzero fill when `nonzero`, else even-odd), minus
/// `clip` (closed, nonzero) where `clip.paths` > 0. NULL when Clipper refuses (coordinates
/// out of its range).
ct_clipper_result *ct_clipper_union(ct_clipper_input subject, int nonzero, ct_clipper_input clip);

/// The intersection of `subject` and `clip` (closed polygons, nonzero fill both), strictly
/// simple. NULL when Clipper refuses.
ct_clipper_result *ct_clipper_intersection(ct_clipper_input subject, ct_clipper_input clip);

/// How corners are joined: SVG's miter (at most `miter_limit` times delta, then squared),
/// round, and bevel (Clipper's square, which cuts the corner at delta).
enum { CT_CLIPPER_JOIN_MITER = 0, CT_CLIPPER_JOIN_ROUND = 1, CT_CLIPPER_JOIN_BEVEL = 2 };
/// How open paths end: SVG's butt, round and square caps.
enum { CT_CLIPPER_CAP_BUTT = 0, CT_CLIPPER_CAP_ROUND = 1, CT_CLIPPER_CAP_SQUARE = 2 };

/// `closed` paths and `open` paths grown by `delta` with `join` corners (a CT_CLIPPER_JOIN_)
/// and `cap` ends of open paths (a CT_CLIPPER_CAP_), round arcs within `arc_tolerance`; then
/// unioned. Closed paths are areas (polygons, grown outward, their holes inward; negative
/// `delta` shrinks), or, where `closed_are_lines`, lines: a stroke either side of a closed
/// outline, a ring.
ct_clipper_result *ct_clipper_offset(ct_clipper_input closed, ct_clipper_input open, double delta, int join, int cap,
                                     double miter_limit, double arc_tolerance, int closed_are_lines);

size_t ct_clipper_result_count(const ct_clipper_result *result);
size_t ct_clipper_result_points(const ct_clipper_result *result, size_t polygon);
const int64_t *ct_clipper_result_xy(const ct_clipper_result *result, size_t polygon);
/// The index of the outer polygon that holds this hole; -1 for an outer polygon.
long ct_clipper_result_parent(const ct_clipper_result *result, size_t polygon);
void ct_clipper_result_free(ct_clipper_result *result);

#ifdef __cplusplus
}
#endif
#endif
