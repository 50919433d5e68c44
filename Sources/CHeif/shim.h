#ifndef STADIUMLOG_CHEIF_SHIM_H
#define STADIUMLOG_CHEIF_SHIM_H
#include <libheif/heif.h>
#endif
