// JPEG decoding and encoding through libjpeg(-turbo), with its errors turned into return values.
//
// libjpeg reports fatal errors by calling error_exit, which by default prints and exits the process; the only way
// to recover is setjmp/longjmp, which Swift cannot do. These few functions do it here and hand Swift plain codes.

#include "JPEGCodec.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    sl_status *status;
} error_manager;

static void on_error(j_common_ptr info) {
    error_manager *manager = (error_manager *)info->err;
    (*info->err->format_message)(info, manager->status->message);
    longjmp(manager->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    error_manager *manager = (error_manager *)info->err;
    if (level < 0) {  // a warning: corrupt data the decoder worked around
        manager->status->warnings += 1;
        if (manager->status->message[0] == '\0') {
            (*info->err->format_message)(info, manager->status->message);
        }
    }
}

static void set_up_errors(error_manager *manager, sl_status *status) {
    jpeg_std_error(&manager->base);
    manager->base.error_exit = on_error;
    manager->base.emit_message = on_message;
    manager->status = status;
    status->message[0] = '\0';
    status->warnings = 0;
    status->refused = 0;
}

// The memory all decodes in this process may hold at once (see sl_memory_reserve).
static pthread_mutex_t budget_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t budget_freed = PTHREAD_COND_INITIALIZER;
static size_t budget_in_use = 0;
static size_t budget_total = SL_DEFAULT_MEMORY_BUDGET;

int sl_memory_reserve(size_t bytes) {
    pthread_mutex_lock(&budget_lock);
    if (bytes > budget_total) {
        pthread_mutex_unlock(&budget_lock);
        return -1;
    }
    while (budget_in_use + bytes > budget_total) pthread_cond_wait(&budget_freed, &budget_lock);
    budget_in_use += bytes;
    pthread_mutex_unlock(&budget_lock);
    return 0;
}

void sl_memory_release(size_t bytes) {
    pthread_mutex_lock(&budget_lock);
    budget_in_use -= bytes;
    pthread_cond_broadcast(&budget_freed);
    pthread_mutex_unlock(&budget_lock);
}

size_t sl_memory_budget(void) { return budget_total; }

/// What decoding at the chosen scale will hold: the output pixels, plus, for progressive and multi-scan files, the
/// whole image's DCT coefficients (libjpeg keeps every block of every component until the last scan, whatever the
/// output scale), plus a margin for libjpeg's working rows.
static size_t memory_needed(const struct jpeg_decompress_struct *info, int cmyk) {
    size_t bytes = (size_t)info->output_width * info->output_height * 3 + (1u << 20);
    if (cmyk) bytes += (size_t)info->output_width * 4;
    if (info->progressive_mode || jpeg_has_multiple_scans((j_decompress_ptr)info)) {
        for (int c = 0; c < info->num_components; c++) {
            bytes += (size_t)info->comp_info[c].width_in_blocks * info->comp_info[c].height_in_blocks * sizeof(JBLOCK);
        }
    }
    return bytes;
}

/// The decoder behind both entry points: reads from `file` when given, else from `data`/`size` in memory.
static int decode_scaled(FILE *file, const unsigned char *data, unsigned long size, int min_long_side,
                         unsigned long max_pixels, size_t max_bytes, sl_image *image, int *original_width, int *original_height,
                         sl_status *status) {
    struct jpeg_decompress_struct info;
    error_manager manager;
    set_up_errors(&manager, status);
    image->pixels = NULL;
    *original_width = 0;
    *original_height = 0;
    unsigned char *volatile cmyk_row = NULL;  // volatile: it must survive the longjmp back to setjmp
    volatile size_t reserved = 0;
    info.err = &manager.base;
    if (setjmp(manager.jump)) {
        jpeg_destroy_decompress(&info);
        free(image->pixels);
        free(cmyk_row);
        image->pixels = NULL;
        if (reserved) sl_memory_release(reserved);
        return -1;
    }
    jpeg_create_decompress(&info);
    if (file) jpeg_stdio_src(&info, file); else jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *original_width = (int)info.image_width;
    *original_height = (int)info.image_height;
    if ((unsigned long)info.image_width * (unsigned long)info.image_height > max_pixels) {
        snprintf(status->message, sizeof status->message, "the image claims %ux%u pixels, more than a photo has",
                 info.image_width, info.image_height);
        status->refused = 1;
        jpeg_destroy_decompress(&info);
        return -1;
    }
    unsigned int long_side = info.image_width > info.image_height ? info.image_width : info.image_height;
    unsigned int numerator = 8;
    while (numerator > 1 && (long_side * (numerator - 1) + 7) / 8 >= (unsigned int)min_long_side) numerator -= 1;
    info.scale_num = numerator;
    info.scale_denom = 8;
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    info.dct_method = JDCT_ISLOW;
    jpeg_calc_output_dimensions(&info);
    size_t needed = memory_needed(&info, cmyk);
    if (needed > max_bytes || sl_memory_reserve(needed) != 0) {
        snprintf(status->message, sizeof status->message,
                 "decoding %ux%u pixels would need %zu MB, more than the %zu MB a thumbnail may use",
                 info.image_width, info.image_height, needed >> 20, (max_bytes < sl_memory_budget() ? max_bytes : sl_memory_budget()) >> 20);
        status->refused = 1;
        jpeg_destroy_decompress(&info);
        return -1;
    }
    reserved = needed;
    info.mem->max_memory_to_use = (long)needed;  // libjpeg itself stops short of more than was counted
    jpeg_start_decompress(&info);
    image->width = (int)info.output_width;
    image->height = (int)info.output_height;
    image->pixels = malloc((size_t)image->width * (size_t)image->height * 3);
    if (cmyk) cmyk_row = malloc((size_t)image->width * 4);
    if (!image->pixels || (cmyk && !cmyk_row)) {
        snprintf(status->message, sizeof status->message, "out of memory");
        longjmp(manager.jump, 1);
    }
    while (info.output_scanline < info.output_height) {
        unsigned char *row = image->pixels + (size_t)info.output_scanline * (size_t)image->width * 3;
        if (!cmyk) {
            jpeg_read_scanlines(&info, &row, 1);
            continue;
        }
        unsigned char *cmyk_buffer = cmyk_row;
        jpeg_read_scanlines(&info, &cmyk_buffer, 1);
        // Adobe writes inverted CMYK; either way, RGB = (1 - C)(1 - K) scaled.
        int inverted = info.saw_Adobe_marker;
        for (int x = 0; x < image->width; x++) {
            unsigned int c = cmyk_row[4 * x], m = cmyk_row[4 * x + 1], y = cmyk_row[4 * x + 2], k = cmyk_row[4 * x + 3];
            if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
            row[3 * x] = (unsigned char)(c * k / 255);
            row[3 * x + 1] = (unsigned char)(m * k / 255);
            row[3 * x + 2] = (unsigned char)(y * k / 255);
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(cmyk_row);
    sl_memory_release(reserved);
    return 0;
}

int sl_jpeg_decode_scaled(const char *path, int min_long_side, unsigned long max_pixels, size_t max_bytes, sl_image *image,
                          int *original_width, int *original_height, sl_status *status) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        image->pixels = NULL;
        snprintf(status->message, sizeof status->message, "cannot open the file");
        status->warnings = 0;
        return -1;
    }
    int result = decode_scaled(file, NULL, 0, min_long_side, max_pixels, max_bytes, image, original_width, original_height,
                               status);
    fclose(file);
    return result;
}

int sl_jpeg_decode_scaled_memory(const unsigned char *data, unsigned long size, int min_long_side,
                                 unsigned long max_pixels, size_t max_bytes, sl_image *image, int *original_width, int *original_height,
                                 sl_status *status) {
    return decode_scaled(NULL, data, size, min_long_side, max_pixels, max_bytes, image, original_width, original_height,
                         status);
}

int sl_image_resize_area(const sl_image *source, int width, int height, sl_image *result) {
    result->width = width;
    result->height = height;
    result->pixels = malloc((size_t)width * (size_t)height * 3);
    double *sums = calloc((size_t)width * 3, sizeof(double));
    if (!result->pixels || !sums) {
        free(result->pixels);
        free(sums);
        result->pixels = NULL;
        return -1;
    }
    double x_scale = (double)source->width / width, y_scale = (double)source->height / height;
    for (int out_y = 0; out_y < height; out_y++) {
        double top = out_y * y_scale, bottom = top + y_scale;
        memset(sums, 0, (size_t)width * 3 * sizeof(double));
        for (int y = (int)top; y < source->height && y < bottom; y++) {
            double y_weight = (y + 1 < bottom ? y + 1 : bottom) - (y > top ? y : top);
            const unsigned char *row = source->pixels + (size_t)y * (size_t)source->width * 3;
            for (int out_x = 0; out_x < width; out_x++) {
                double left = out_x * x_scale, right = left + x_scale;
                for (int x = (int)left; x < source->width && x < right; x++) {
                    double weight = y_weight * ((x + 1 < right ? x + 1 : right) - (x > left ? x : left));
                    sums[3 * out_x] += weight * row[3 * x];
                    sums[3 * out_x + 1] += weight * row[3 * x + 1];
                    sums[3 * out_x + 2] += weight * row[3 * x + 2];
                }
            }
        }
        double area = x_scale * y_scale;
        unsigned char *out = result->pixels + (size_t)out_y * (size_t)width * 3;
        for (int i = 0; i < width * 3; i++) {
            double value = sums[i] / area + 0.5;
            out[i] = (unsigned char)(value > 255 ? 255 : value);
        }
    }
    free(sums);
    return 0;
}

int sl_image_orient(const sl_image *source, int orientation, sl_image *result) {
    int swap = orientation >= 5 && orientation <= 8;
    int width = swap ? source->height : source->width, height = swap ? source->width : source->height;
    result->width = width;
    result->height = height;
    result->pixels = malloc((size_t)width * (size_t)height * 3);
    if (!result->pixels) return -1;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            // (sx, sy): the source pixel that lands at (x, y) once the image is upright.
            int sx, sy;
            switch (orientation) {
            case 2: sx = source->width - 1 - x; sy = y; break;                       // mirrored
            case 3: sx = source->width - 1 - x; sy = source->height - 1 - y; break;  // upside down
            case 4: sx = x; sy = source->height - 1 - y; break;                      // mirrored, upside down
            case 5: sx = y; sy = x; break;                                           // transposed
            case 6: sx = y; sy = source->height - 1 - x; break;                      // rotate 90° clockwise
            case 7: sx = source->width - 1 - y; sy = source->height - 1 - x; break;  // transversed
            case 8: sx = source->width - 1 - y; sy = x; break;                       // rotate 90° counter-clockwise
            default: sx = x; sy = y; break;
            }
            memcpy(result->pixels + ((size_t)y * width + x) * 3, source->pixels + ((size_t)sy * source->width + sx) * 3, 3);
        }
    }
    return 0;
}

int sl_jpeg_encode(const sl_image *image, int quality, unsigned char **output, unsigned long *output_size,
                   sl_status *status) {
    struct jpeg_compress_struct info;
    error_manager manager;
    set_up_errors(&manager, status);
    *output = NULL;
    *output_size = 0;
    info.err = &manager.base;
    if (setjmp(manager.jump)) {
        jpeg_destroy_compress(&info);
        free(*output);
        *output = NULL;
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, output, output_size);
    info.image_width = (JDIMENSION)image->width;
    info.image_height = (JDIMENSION)image->height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        unsigned char *row = image->pixels + (size_t)info.next_scanline * (size_t)image->width * 3;
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}

void sl_image_free(sl_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
