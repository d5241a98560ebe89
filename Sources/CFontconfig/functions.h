/* Made by Tools/make_lazy_shims.py: do not edit. Each ct_NAME calls fontconfig's NAME, found in
   the library the first time (see the script for why). */
#ifndef CURVETYPE_CFONTCONFIG_FUNCTIONS_H
#define CURVETYPE_CFONTCONFIG_FUNCTIONS_H
#include <dlfcn.h>

/* libfontconfig.so.1, opened once; NULL if it cannot be. */
static inline void *curvetype_fontconfig_library(void) {
    static void *handle;
    static int tried;
    void *h = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (h || __atomic_load_n(&tried, __ATOMIC_ACQUIRE)) return h;
    h = dlopen("libfontconfig.so.1", RTLD_LAZY | RTLD_LOCAL);
    __atomic_store_n(&handle, h, __ATOMIC_RELEASE);
    __atomic_store_n(&tried, 1, __ATOMIC_RELEASE);
    return h;
}

static inline void *curvetype_fontconfig_symbol(const char *name) {
    void *h = curvetype_fontconfig_library();
    return h ? dlsym(h, name) : NULL;
}

typedef FcBool (*FcCharSetAddChar_fn)(FcCharSet *fcs, FcChar32 ucs4);
static inline FcBool ct_FcCharSetAddChar(FcCharSet *fcs, FcChar32 ucs4) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcCharSetAddChar"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcCharSetAddChar_fn)f)(fcs, ucs4);
}
typedef FcCharSet* (*FcCharSetCreate_fn)(void);
static inline FcCharSet* ct_FcCharSetCreate(void) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcCharSetCreate"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcCharSetCreate_fn)f)();
}
typedef void (*FcCharSetDestroy_fn)(FcCharSet *fcs);
static inline void ct_FcCharSetDestroy(FcCharSet *fcs) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcCharSetDestroy"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((FcCharSetDestroy_fn)f)(fcs);
}
typedef FcBool (*FcCharSetHasChar_fn)(const FcCharSet *fcs, FcChar32 ucs4);
static inline FcBool ct_FcCharSetHasChar(const FcCharSet *fcs, FcChar32 ucs4) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcCharSetHasChar"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcCharSetHasChar_fn)f)(fcs, ucs4);
}
typedef FcBool (*FcConfigSubstitute_fn)(FcConfig *config, FcPattern *p, FcMatchKind kind);
static inline FcBool ct_FcConfigSubstitute(FcConfig *config, FcPattern *p, FcMatchKind kind) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcConfigSubstitute"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcConfigSubstitute_fn)f)(config, p, kind);
}
typedef void (*FcDefaultSubstitute_fn)(FcPattern *pattern);
static inline void ct_FcDefaultSubstitute(FcPattern *pattern) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcDefaultSubstitute"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((FcDefaultSubstitute_fn)f)(pattern);
}
typedef FcFontSet * (*FcFontList_fn)(FcConfig *config, FcPattern *p, FcObjectSet *os);
static inline FcFontSet * ct_FcFontList(FcConfig *config, FcPattern *p, FcObjectSet *os) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcFontList"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcFontList_fn)f)(config, p, os);
}
typedef FcPattern * (*FcFontMatch_fn)(FcConfig *config, FcPattern *p, FcResult *result);
static inline FcPattern * ct_FcFontMatch(FcConfig *config, FcPattern *p, FcResult *result) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcFontMatch"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcFontMatch_fn)f)(config, p, result);
}
typedef void (*FcFontSetDestroy_fn)(FcFontSet *s);
static inline void ct_FcFontSetDestroy(FcFontSet *s) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcFontSetDestroy"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((FcFontSetDestroy_fn)f)(s);
}
typedef FcBool (*FcInit_fn)(void);
static inline FcBool ct_FcInit(void) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcInit"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcInit_fn)f)();
}
typedef FcBool (*FcNameConstant_fn)(const FcChar8 *string, int *result);
static inline FcBool ct_FcNameConstant(const FcChar8 *string, int *result) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcNameConstant"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcNameConstant_fn)f)(string, result);
}
typedef const FcObjectType * (*FcNameGetObjectType_fn)(const char *object);
static inline const FcObjectType * ct_FcNameGetObjectType(const char *object) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcNameGetObjectType"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcNameGetObjectType_fn)f)(object);
}
typedef FcPattern * (*FcNameParse_fn)(const FcChar8 *name);
static inline FcPattern * ct_FcNameParse(const FcChar8 *name) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcNameParse"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcNameParse_fn)f)(name);
}
typedef FcBool (*FcObjectSetAdd_fn)(FcObjectSet *os, const char *object);
static inline FcBool ct_FcObjectSetAdd(FcObjectSet *os, const char *object) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcObjectSetAdd"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcObjectSetAdd_fn)f)(os, object);
}
typedef FcObjectSet * (*FcObjectSetCreate_fn)(void);
static inline FcObjectSet * ct_FcObjectSetCreate(void) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcObjectSetCreate"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcObjectSetCreate_fn)f)();
}
typedef void (*FcObjectSetDestroy_fn)(FcObjectSet *os);
static inline void ct_FcObjectSetDestroy(FcObjectSet *os) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcObjectSetDestroy"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((FcObjectSetDestroy_fn)f)(os);
}
typedef FcBool (*FcPatternAddBool_fn)(FcPattern *p, const char *object, FcBool b);
static inline FcBool ct_FcPatternAddBool(FcPattern *p, const char *object, FcBool b) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternAddBool"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcPatternAddBool_fn)f)(p, object, b);
}
typedef FcBool (*FcPatternAddCharSet_fn)(FcPattern *p, const char *object, const FcCharSet *c);
static inline FcBool ct_FcPatternAddCharSet(FcPattern *p, const char *object, const FcCharSet *c) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternAddCharSet"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcPatternAddCharSet_fn)f)(p, object, c);
}
typedef FcBool (*FcPatternAddString_fn)(FcPattern *p, const char *object, const FcChar8 *s);
static inline FcBool ct_FcPatternAddString(FcPattern *p, const char *object, const FcChar8 *s) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternAddString"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcPatternAddString_fn)f)(p, object, s);
}
typedef FcPattern * (*FcPatternCreate_fn)(void);
static inline FcPattern * ct_FcPatternCreate(void) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternCreate"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcPatternCreate_fn)f)();
}
typedef void (*FcPatternDestroy_fn)(FcPattern *p);
static inline void ct_FcPatternDestroy(FcPattern *p) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternDestroy"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    ((FcPatternDestroy_fn)f)(p);
}
typedef FcResult (*FcPatternGetBool_fn)(const FcPattern *p, const char *object, int n, FcBool *b);
static inline FcResult ct_FcPatternGetBool(const FcPattern *p, const char *object, int n, FcBool *b) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternGetBool"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcPatternGetBool_fn)f)(p, object, n, b);
}
typedef FcResult (*FcPatternGetCharSet_fn)(const FcPattern *p, const char *object, int n, FcCharSet **c);
static inline FcResult ct_FcPatternGetCharSet(const FcPattern *p, const char *object, int n, FcCharSet **c) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternGetCharSet"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcPatternGetCharSet_fn)f)(p, object, n, c);
}
typedef FcResult (*FcPatternGetInteger_fn)(const FcPattern *p, const char *object, int n, int *i);
static inline FcResult ct_FcPatternGetInteger(const FcPattern *p, const char *object, int n, int *i) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternGetInteger"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcPatternGetInteger_fn)f)(p, object, n, i);
}
typedef FcResult (*FcPatternGetString_fn)(const FcPattern *p, const char *object, int n, FcChar8 ** s);
static inline FcResult ct_FcPatternGetString(const FcPattern *p, const char *object, int n, FcChar8 ** s) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternGetString"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcPatternGetString_fn)f)(p, object, n, s);
}
typedef FcResult (*FcPatternGetWithBinding_fn)(const FcPattern *p, const char *object, int id, FcValue *v, FcValueBinding *b);
static inline FcResult ct_FcPatternGetWithBinding(const FcPattern *p, const char *object, int id, FcValue *v, FcValueBinding *b) {
    static void *cached;
    void *f = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (!f) { f = curvetype_fontconfig_symbol("FcPatternGetWithBinding"); __atomic_store_n(&cached, f, __ATOMIC_RELEASE); }
    return ((FcPatternGetWithBinding_fn)f)(p, object, id, v, b);
}

#endif
