// See include/clipper_shim.h.
#include "clipper_shim.h"

#include <polyclipping/clipper.hpp>
#include <algorithm>
#include <vector>

using namespace ClipperLib;

struct ct_clipper_result {
    std::vector<Path> polygons;
    std::vector<long> parents;
};

static Paths paths_of(ct_clipper_input input) {
    Paths out;
    out.reserve(input.paths);
    size_t at = 0;
    for (size_t k = 0; k < input.paths; k++) {
        Path path;
        path.reserve(input.counts[k]);
        for (size_t i = 0; i < input.counts[k]; i++, at++) path.push_back(IntPoint(input.xy[2 * at], input.xy[2 * at + 1]));
        out.push_back(path);
    }
    return out;
}

// Outer polygons and their holes from a PolyTree, each hole after its outer one; islands inside
// holes are outer polygons of their own.
static void collect(const PolyNode *node, long parent, ct_clipper_result *result) {
    for (const PolyNode *child : node->Childs) {
        long index = (long)result->polygons.size();
        result->polygons.push_back(child->Contour);
        result->parents.push_back(child->IsHole() ? parent : -1);
        collect(child, child->IsHole() ? -1 : index, result);
    }
}

// The polygons of `tree`, in a result the caller frees.
static ct_clipper_result *result_of(const PolyTree &tree) {
    ct_clipper_result *result = new ct_clipper_result();
    collect(&tree, -1, result);
    return result;
}

// Whether a contour visits a point twice, where Clipper's strict simplicity splits it.
static bool touches_itself(const Path &path) {
    Path sorted(path);
    std::sort(sorted.begin(), sorted.end(), [](const IntPoint &a, const IntPoint &b) { return a.X < b.X || (a.X == b.X && a.Y < b.Y); });
    return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

static bool any_touches_itself(const PolyNode *node) {
    for (const PolyNode *child : node->Childs) {
        if (touches_itself(child->Contour) || any_touches_itself(child)) return true;
    }
    return false;
}

// `clip_type` of `subject` and `clip` into `tree`, strictly simple: no polygon touches itself or
// another at a vertex, as a cutter (and Shapely's validity) needs. Clipper's own pass for that
// compares every pair of a polygon's points (quadratic: minutes for a welded line of text at a
// fine tolerance), so it is run only where a contour found here by sorting visits a point twice.
// Collinear points are kept either way, as strict simplicity keeps them, so the result is the
// same as Clipper's strictly simple one.
static void execute_strictly_simple(ClipType clip_type, const Paths &subject, const Paths &clip, PolyFillType fill,
                                    PolyFillType clip_fill, PolyTree &tree) {
    for (bool strict : {false, true}) {
        Clipper clipper;
        clipper.PreserveCollinear(true);
        clipper.StrictlySimple(strict);
        clipper.AddPaths(subject, ptSubject, true);
        if (!clip.empty()) clipper.AddPaths(clip, ptClip, true);
        tree.Clear();
        clipper.Execute(clip_type, tree, fill, clip_fill);
        if (!any_touches_itself(&tree)) return;
    }
}

ct_clipper_result *ct_clipper_union(ct_clipper_input subject, int nonzero, ct_clipper_input clip) {
    try {
        PolyTree tree;
        PolyFillType fill = nonzero ? pftNonZero : pftEvenOdd;
        if (clip.paths > 0) {
            // The subject's union first, so its fill rule is its own; then the clip taken away.
            Clipper clipper;
            clipper.AddPaths(paths_of(subject), ptSubject, true);
            Paths united;
            clipper.Execute(ctUnion, united, fill, fill);
            execute_strictly_simple(ctDifference, united, paths_of(clip), pftNonZero, pftNonZero, tree);
        } else {
            execute_strictly_simple(ctUnion, paths_of(subject), Paths(), fill, fill, tree);
        }
        return result_of(tree);
    } catch (...) {
        return nullptr;
    }
}

ct_clipper_result *ct_clipper_intersection(ct_clipper_input subject, ct_clipper_input clip) {
    try {
        PolyTree tree;
        execute_strictly_simple(ctIntersection, paths_of(subject), paths_of(clip), pftNonZero, pftNonZero, tree);
        return result_of(tree);
    } catch (...) {
        return nullptr;
    }
}

ct_clipper_result *ct_clipper_offset(ct_clipper_input closed, ct_clipper_input open, double delta, int join, int cap,
                                     double miter_limit, double arc_tolerance, int closed_are_lines) {
    try {
        JoinType joins = join == CT_CLIPPER_JOIN_ROUND ? jtRound : join == CT_CLIPPER_JOIN_BEVEL ? jtSquare : jtMiter;
        EndType ends = cap == CT_CLIPPER_CAP_ROUND ? etOpenRound : cap == CT_CLIPPER_CAP_SQUARE ? etOpenSquare : etOpenButt;
        ClipperOffset offset(miter_limit, arc_tolerance);
        offset.AddPaths(paths_of(closed), joins, closed_are_lines ? etClosedLine : etClosedPolygon);
        offset.AddPaths(paths_of(open), joins, ends);
        Paths grown;
        offset.Execute(grown, delta);
        // Through a strictly simple union, as ct_clipper_union's.
        PolyTree tree;
        execute_strictly_simple(ctUnion, grown, Paths(), pftNonZero, pftNonZero, tree);
        return result_of(tree);
    } catch (...) {
        return nullptr;
    }
}

size_t ct_clipper_result_count(const ct_clipper_result *result) { return result->polygons.size(); }
size_t ct_clipper_result_points(const ct_clipper_result *result, size_t polygon) { return result->polygons[polygon].size(); }
const int64_t *ct_clipper_result_xy(const ct_clipper_result *result, size_t polygon) {
    static_assert(sizeof(IntPoint) == 2 * sizeof(int64_t), "IntPoint is two 64-bit integers");
    return reinterpret_cast<const int64_t *>(result->polygons[polygon].data());
}
long ct_clipper_result_parent(const ct_clipper_result *result, size_t polygon) { return result->parents[polygon]; }
void ct_clipper_result_free(ct_clipper_result *result) { delete result; }
