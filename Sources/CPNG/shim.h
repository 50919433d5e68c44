#ifndef STADIUMLOG_CPNG_SHIM_H
#define STADIUMLOG_CPNG_SHIM_H
#include <png.h>
#endif
