#ifndef CURVETYPE_CFRIBIDI_SHIM_H
#define CURVETYPE_CFRIBIDI_SHIM_H
/* FriBiDi's types and constants from its header; its functions through ct_fribidi_… wrappers
   (functions.h) that load libfribidi.so.0 the first time one is called, not at the process's
   start: only text with right-to-left characters needs it (BidiParagraph's fast path), so
   most badges never open it (Tools/make_lazy_shims.py says why). */
#include <fribidi/fribidi.h>
#include <stddef.h>

/* FRIBIDI_PAR_ON is built from bit-mask macros Swift does not import. */
static inline FriBidiParType curvetype_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType curvetype_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType curvetype_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }

#include "functions.h"

/* Whether FriBiDi can be used: check before the first ct_fribidi call. */
static inline int ct_fribidi_available(void) {
    void *h = curvetype_fribidi_library();
    return h != NULL && dlsym(h, "fribidi_get_par_embedding_levels_ex") != NULL && dlsym(h, "fribidi_reorder_line") != NULL;
}
#endif
