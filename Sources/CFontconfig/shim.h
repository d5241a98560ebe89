#ifndef CURVETYPE_CFONTCONFIG_SHIM_H
#define CURVETYPE_CFONTCONFIG_SHIM_H
/* Fontconfig's types and constants from its header; its functions through ct_Fc… wrappers
   (functions.h) that load libfontconfig.so.1 the first time one is called, not at the
   process's start: only finding a font by name or a fallback needs it, and a badge in the
   bundled font does neither (Tools/make_lazy_shims.py says why). */
#include <fontconfig/fontconfig.h>
#include <stddef.h>

#include "functions.h"

/* Whether Fontconfig can be used: check before the first ct_Fc call. */
static inline int ct_fontconfig_available(void) {
    void *h = curvetype_fontconfig_library();
    return h != NULL && dlsym(h, "FcInit") != NULL && dlsym(h, "FcFontMatch") != NULL;
}
#endif
