#ifndef STADIUMLOG_JPEGCODEC_H
#define STADIUMLOG_JPEGCODEC_H

#include <stddef.h>

/// An 8-bit RGB image in memory (3 bytes per pixel, rows top to bottom), owned by whoever received it.
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
} sl_image;

/// What went wrong, in words, when a function returns non-zero; and how many corrupt-data warnings libjpeg gave.
typedef struct {
    char message[256];
    int warnings;
    /// Set when the image was refused for its size before decoding (a decompression bomb), not found broken.
    int refused;
} sl_status;

/// The memory all decodes in one process may hold at once, and the most one decode may need: 128 MB, enough for a
/// 40-megapixel progressive JPEG, however many cores decode side by side.
#define SL_DEFAULT_MEMORY_BUDGET ((size_t)128 << 20)

/// Takes `bytes` from the process's decode budget, waiting while other decodes hold it; -1 (and nothing taken) when
/// `bytes` exceeds the whole budget. Every successful call is matched by sl_memory_release.
int sl_memory_reserve(size_t bytes);
void sl_memory_release(size_t bytes);
size_t sl_memory_budget(void);

/// Decodes the JPEG file at `path` with libjpeg's DCT scaling (n/8, the smallest n whose result still has a long side
/// of at least `min_long_side`), as RGB. Headers announcing more than `max_pixels` pixels, or whose decoding would
/// hold more than `max_bytes` (coefficients of progressive files counted), are refused before any decoding, with
/// `status->refused` set; the memory a decode holds is taken from the process's budget (sl_memory_reserve).
/// `original_width`/`original_height` receive the full size. Returns 0, or -1 with `status->message`.
int sl_jpeg_decode_scaled(const char *path, int min_long_side, unsigned long max_pixels, size_t max_bytes, sl_image *image,
                          int *original_width, int *original_height, sl_status *status);

/// The same, from JPEG bytes in memory.
int sl_jpeg_decode_scaled_memory(const unsigned char *data, unsigned long size, int min_long_side,
                                 unsigned long max_pixels, size_t max_bytes, sl_image *image, int *original_width, int *original_height,
                                 sl_status *status);

/// Box-filters `source` down to `width` x `height` (each no larger than the source's): every output pixel is the
/// area-weighted mean of the source pixels it covers. Returns 0, or -1 when memory runs out.
int sl_image_resize_area(const sl_image *source, int width, int height, sl_image *result);

/// Applies an EXIF orientation (1-8) so the image is upright. Returns 0, or -1 when memory runs out.
int sl_image_orient(const sl_image *source, int orientation, sl_image *result);

/// Encodes RGB pixels as a baseline JFIF JPEG with no other metadata. `*output` is malloc'd (free it).
int sl_jpeg_encode(const sl_image *image, int quality, unsigned char **output, unsigned long *output_size,
                   sl_status *status);

void sl_image_free(sl_image *image);

#endif
