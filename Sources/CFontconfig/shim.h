#ifndef CURVETYPE_CFONTCONFIG_SHIM_H
#define CURVETYPE_CFONTCONFIG_SHIM_H
/* Fontconfig's types and constants from its header; its functions through ct_Fc… wrappers
   (functions.h) that load libfontconfig.so.1 the first time one is called, not at the
   process's start: only finding a font by name or a fallback needs it, and a badge in the
   bundled font does neither (Tools/make_lazy_shims.py says why). */
#include <fontconfig/fontconfig.h>
#include <dlfcn.h>
#include <stddef.h>

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

/* Whether Fontconfig can be used: check before the first ct_Fc call. */
static inline int ct_fontconfig_available(void) {
    void *h = curvetype_fontconfig_library();
    return h != NULL && dlsym(h, "FcInit") != NULL && dlsym(h, "FcFontMatch") != NULL;
}

static inline void *curvetype_fontconfig_symbol(const char *name) {
    void *h = curvetype_fontconfig_library();
    return h ? dlsym(h, name) : NULL;
}

#include "functions.h"
#endif
