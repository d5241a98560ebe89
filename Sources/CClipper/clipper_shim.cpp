// See include/clipper_shim.h.
//
// Clipper is loaded when a weld first needs it (dlopen), not linked: its shared library
// brings libstdc++'s into every process, and the dynamic loader's binding of libstdc++'s
// symbols was 2.2 M instructions of each start-up (callgrind, the shipped binary: `--version`
// 3.86 M with it, 1.65 M without; a badge 7.30 M, 5.08 M), paid by every command for what
// only welds, kerfs and stencils use. Debian ships no static Clipper, so the few functions
// called are found by name in libpolyclipping.so.22 (the version whose header this includes:
// Clipper 6.4.2's ABI) and called through pointers. Written by hand because no library does
// lazy binding of a C++ library's members.
#include "clipper_shim.h"

#include <polyclipping/clipper.hpp>
#include <dlfcn.h>
#include <algorithm>
#include <new>
#include <vector>

using namespace ClipperLib;

namespace {

// The members of Clipper's classes that are not in its header, found in the loaded library.
// A member function is called as a function whose first argument is the object (the
// Itanium C++ ABI's member call); constructors and destructors are the complete-object ones.
struct Library {
    void (*construct_clipper)(void *, int) = nullptr;
    void (*destroy_clipper)(void *) = nullptr;
    bool (*add_paths)(ClipperBase *, const Paths &, PolyType, bool) = nullptr;
    bool (*execute_tree)(Clipper *, ClipType, PolyTree &, PolyFillType, PolyFillType) = nullptr;
    bool (*execute_paths)(Clipper *, ClipType, Paths &, PolyFillType, PolyFillType) = nullptr;
    void (*construct_offset)(void *, double, double) = nullptr;
    void (*destroy_offset)(void *) = nullptr;
    void (*add_offset_paths)(ClipperOffset *, const Paths &, JoinType, EndType) = nullptr;
    void (*execute_offset)(ClipperOffset *, Paths &, double) = nullptr;
    void (*clear_tree)(PolyTree *) = nullptr;
    bool (*is_hole)(const PolyNode *) = nullptr;
    bool loaded = false;
};

template <typename F> bool find(void *handle, F &function, const char *name) {
    function = reinterpret_cast<F>(dlsym(handle, name));
    return function != nullptr;
}

Library load() {
    Library library;
    void *handle = dlopen("libpolyclipping.so.22", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return library;
    library.loaded =
        find(handle, library.construct_clipper, "_ZN10ClipperLib7ClipperC1Ei")
        && find(handle, library.destroy_clipper, "_ZN10ClipperLib7ClipperD1Ev")
        && find(handle, library.add_paths, "_ZN10ClipperLib11ClipperBase8AddPathsERKSt6vectorIS1_INS_8IntPointESaIS2_EESaIS4_EENS_8PolyTypeEb")
        && find(handle, library.execute_tree, "_ZN10ClipperLib7Clipper7ExecuteENS_8ClipTypeERNS_8PolyTreeENS_12PolyFillTypeES4_")
        && find(handle, library.execute_paths, "_ZN10ClipperLib7Clipper7ExecuteENS_8ClipTypeERSt6vectorIS2_INS_8IntPointESaIS3_EESaIS5_EENS_12PolyFillTypeES9_")
        && find(handle, library.construct_offset, "_ZN10ClipperLib13ClipperOffsetC1Edd")
        && find(handle, library.destroy_offset, "_ZN10ClipperLib13ClipperOffsetD1Ev")
        && find(handle, library.add_offset_paths, "_ZN10ClipperLib13ClipperOffset8AddPathsERKSt6vectorIS1_INS_8IntPointESaIS2_EESaIS4_EENS_8JoinTypeENS_7EndTypeE")
        && find(handle, library.execute_offset, "_ZN10ClipperLib13ClipperOffset7ExecuteERSt6vectorIS1_INS_8IntPointESaIS2_EESaIS4_EEd")
        && find(handle, library.clear_tree, "_ZN10ClipperLib8PolyTree5ClearEv")
        && find(handle, library.is_hole, "_ZNK10ClipperLib8PolyNode6IsHoleEv");
    // The library stays loaded for the process's life: its objects may outlive any call.
    return library;
}

// Loaded once, on first use, by whichever thread comes first (a function's static is
// initialised once, thread-safely).
const Library &clipper() {
    static const Library library = load();
    return library;
}

// A Clipper or ClipperOffset made and destroyed by the library's own constructor and
// destructor, in storage of the size its header gives.
template <typename T> class Made {
    alignas(T) unsigned char storage[sizeof(T)];
    void (*destroy)(void *);

public:
    template <typename Construct, typename... Arguments>
    Made(Construct construct, void (*destroy)(void *), Arguments... arguments) : destroy(destroy) { construct(storage, arguments...); }
    ~Made() { destroy(storage); }
    Made(const Made &) = delete;
    Made &operator=(const Made &) = delete;
    T *operator->() { return std::launder(reinterpret_cast<T *>(storage)); }
    T *get() { return std::launder(reinterpret_cast<T *>(storage)); }
};

}  // namespace

// The three members of PolyTree and PolyNode that the header's inline code calls (a PolyTree
// is made here, on the stack, and the library fills it): the node's constructor as Clipper
// 6.4.2 defines it, and Clear and IsHole from the library. Hidden, so that the library's own
// calls stay its own.
namespace ClipperLib {
__attribute__((visibility("hidden"))) PolyNode::PolyNode() : Parent(nullptr), Index(0), m_IsOpen(false) {}
__attribute__((visibility("hidden"))) void PolyTree::Clear() { clipper().clear_tree(this); }
__attribute__((visibility("hidden"))) bool PolyNode::IsHole() const { return clipper().is_hole(this); }
}  // namespace ClipperLib

int ct_clipper_available(void) { return clipper().loaded ? 1 : 0; }

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
    const Library &library = clipper();
    for (bool strict : {false, true}) {
        Made<Clipper> made(library.construct_clipper, library.destroy_clipper, 0);
        made->PreserveCollinear(true);
        made->StrictlySimple(strict);
        library.add_paths(made.get(), subject, ptSubject, true);
        if (!clip.empty()) library.add_paths(made.get(), clip, ptClip, true);
        tree.Clear();
        library.execute_tree(made.get(), clip_type, tree, fill, clip_fill);
        if (!any_touches_itself(&tree)) return;
    }
}

ct_clipper_result *ct_clipper_union(ct_clipper_input subject, int nonzero, ct_clipper_input clip) {
    if (!clipper().loaded) return nullptr;
    try {
        const Library &library = clipper();
        PolyTree tree;
        PolyFillType fill = nonzero ? pftNonZero : pftEvenOdd;
        if (clip.paths > 0) {
            // The subject's union first, so its fill rule is its own; then the clip taken away.
            Made<Clipper> made(library.construct_clipper, library.destroy_clipper, 0);
            library.add_paths(made.get(), paths_of(subject), ptSubject, true);
            Paths united;
            library.execute_paths(made.get(), ctUnion, united, fill, fill);
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
    if (!clipper().loaded) return nullptr;
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
    if (!clipper().loaded) return nullptr;
    try {
        const Library &library = clipper();
        JoinType joins = join == CT_CLIPPER_JOIN_ROUND ? jtRound : join == CT_CLIPPER_JOIN_BEVEL ? jtSquare : jtMiter;
        EndType ends = cap == CT_CLIPPER_CAP_ROUND ? etOpenRound : cap == CT_CLIPPER_CAP_SQUARE ? etOpenSquare : etOpenButt;
        Made<ClipperOffset> offset(library.construct_offset, library.destroy_offset, miter_limit, arc_tolerance);
        library.add_offset_paths(offset.get(), paths_of(closed), joins, closed_are_lines ? etClosedLine : etClosedPolygon);
        library.add_offset_paths(offset.get(), paths_of(open), joins, ends);
        Paths grown;
        library.execute_offset(offset.get(), grown, delta);
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
