#ifndef STADIUMLOG_CJPEG_SHIM_H
#define STADIUMLOG_CJPEG_SHIM_H
// jpeglib.h uses FILE and size_t without including their headers.
#include <stdio.h>
#include <stddef.h>
#include <jpeglib.h>
#endif
