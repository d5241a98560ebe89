// See include/clipper_shim.h.
#include "clipper_shim.h"

#include <polyclipping/clipper.hpp>
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

ct_clipper_result *ct_clipper_union(ct_clipper_input subject, int nonzero, ct_clipper_input clip) {
    try {
        Clipper clipper;
        // Strictly simple: no polygon touches itself or another at a vertex, as a cutter
        // (and Shapely's validity) needs.
        clipper.StrictlySimple(true);
        clipper.AddPaths(paths_of(subject), ptSubject, true);
        PolyTree tree;
        PolyFillType fill = nonzero ? pftNonZero : pftEvenOdd;
        if (clip.paths > 0) {
            // The subject's union first, so its fill rule is its own; then the clip taken away.
            Paths united;
            clipper.Execute(ctUnion, united, fill, fill);
            Clipper difference;
            difference.StrictlySimple(true);
            difference.AddPaths(united, ptSubject, true);
            difference.AddPaths(paths_of(clip), ptClip, true);
            difference.Execute(ctDifference, tree, pftNonZero, pftNonZero);
        } else {
            clipper.Execute(ctUnion, tree, fill, fill);
        }
        return result_of(tree);
    } catch (...) {
        return nullptr;
    }
}

ct_clipper_result *ct_clipper_offset(ct_clipper_input closed, ct_clipper_input open, double delta, int round,
                                     double miter_limit, double arc_tolerance, int closed_are_lines) {
    try {
        ClipperOffset offset(miter_limit, arc_tolerance);
        offset.AddPaths(paths_of(closed), round ? jtRound : jtMiter, closed_are_lines ? etClosedLine : etClosedPolygon);
        offset.AddPaths(paths_of(open), round ? jtRound : jtMiter, round ? etOpenRound : etOpenButt);
        Paths grown;
        offset.Execute(grown, delta);
        // Through a strictly simple union, as ct_clipper_union's.
        Clipper clipper;
        clipper.StrictlySimple(true);
        clipper.AddPaths(grown, ptSubject, true);
        PolyTree tree;
        clipper.Execute(ctUnion, tree, pftNonZero, pftNonZero);
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
