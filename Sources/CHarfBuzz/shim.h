#ifndef CURVETYPE_CHARFBUZZ_SHIM_H
#define CURVETYPE_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
