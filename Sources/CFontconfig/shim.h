#ifndef CURVETYPE_CFONTCONFIG_SHIM_H
#define CURVETYPE_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
