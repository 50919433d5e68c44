#ifndef STADIUMLOG_CEXIF_SHIM_H
#define STADIUMLOG_CEXIF_SHIM_H
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>
#endif
