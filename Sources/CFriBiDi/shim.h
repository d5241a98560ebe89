#ifndef CURVETYPE_CFRIBIDI_SHIM_H
#define CURVETYPE_CFRIBIDI_SHIM_H
#include <fribidi.h>

/* FRIBIDI_PAR_ON is built from bit-mask macros Swift does not import. */
static inline FriBidiParType curvetype_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType curvetype_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType curvetype_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
#endif
