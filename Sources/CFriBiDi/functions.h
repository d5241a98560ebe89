/* Made by Tools/make_lazy_shims.py: do not edit. Each ct_NAME calls fribidi's NAME, found in
   the library the first time (see the script for why). */
#ifndef CURVETYPE_CFRIBIDI_FUNCTIONS_H
#define CURVETYPE_CFRIBIDI_FUNCTIONS_H
#include <dlfcn.h>

/* libfribidi.so.0, opened once; NULL if it cannot be. */
static inline void *curvetype_fribidi_library(void) {
    static void *handle;
    static int tried;
    void *h = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (h || __atomic_load_n(&tried, __ATOMIC_ACQUIRE)) return h;
    h = dlopen("libfribidi.so.0", RTLD_LAZY | RTLD_LOCAL);
    __atomic_store_n(&handle, h, __ATOMIC_RELEASE);
    __atomic_store_n(&tried, 1, __ATOMIC_RELEASE);
    return h;
}

static inline void *curvetype_fribidi_symbol(const char *name) {
    void *h = curvetype_fribidi_library();
    return h ? dlsym(h, name) : NULL;
}

typedef void (*fribidi_get_bidi_types_fn)(const FriBidiChar *str, const FriBidiStrIndex len, FriBidiCharType *btypes);
static inline void ct_fribidi_get_bidi_types(const FriBidiChar *str, const FriBidiStrIndex len, FriBidiCharType *btypes) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fribidi_symbol("fribidi_get_bidi_types"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((fribidi_get_bidi_types_fn)f)(str, len, btypes);
}
typedef void (*fribidi_get_bracket_types_fn)(const FriBidiChar *str, const FriBidiStrIndex len, const FriBidiCharType *types, FriBidiBracketType *btypes);
static inline void ct_fribidi_get_bracket_types(const FriBidiChar *str, const FriBidiStrIndex len, const FriBidiCharType *types, FriBidiBracketType *btypes) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fribidi_symbol("fribidi_get_bracket_types"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((fribidi_get_bracket_types_fn)f)(str, len, types, btypes);
}
typedef FriBidiLevel (*fribidi_get_par_embedding_levels_ex_fn)(const FriBidiCharType *bidi_types, const FriBidiBracketType *bracket_types, const FriBidiStrIndex len, FriBidiParType *pbase_dir, FriBidiLevel *embedding_levels);
static inline FriBidiLevel ct_fribidi_get_par_embedding_levels_ex(const FriBidiCharType *bidi_types, const FriBidiBracketType *bracket_types, const FriBidiStrIndex len, FriBidiParType *pbase_dir, FriBidiLevel *embedding_levels) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fribidi_symbol("fribidi_get_par_embedding_levels_ex"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((fribidi_get_par_embedding_levels_ex_fn)f)(bidi_types, bracket_types, len, pbase_dir, embedding_levels);
}
typedef FriBidiLevel (*fribidi_reorder_line_fn)(FriBidiFlags flags, const FriBidiCharType *bidi_types, const FriBidiStrIndex len, const FriBidiStrIndex off, const FriBidiParType base_dir, FriBidiLevel *embedding_levels, FriBidiChar *visual_str, FriBidiStrIndex *map);
static inline FriBidiLevel ct_fribidi_reorder_line(FriBidiFlags flags, const FriBidiCharType *bidi_types, const FriBidiStrIndex len, const FriBidiStrIndex off, const FriBidiParType base_dir, FriBidiLevel *embedding_levels, FriBidiChar *visual_str, FriBidiStrIndex *map) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fribidi_symbol("fribidi_reorder_line"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((fribidi_reorder_line_fn)f)(flags, bidi_types, len, off, base_dir, embedding_levels, visual_str, map);
}

#endif
