#ifndef STADIUMLOG_CHEIF_SHIM_H
#define STADIUMLOG_CHEIF_SHIM_H
#include <libheif/heif.h>

// libheif is opened when the first HEIF file is (Sources/HEIFCodec/LibHeif.swift), not linked: loading it and its
// codecs (x265, libde265, dav1d, aom) at start-up cost every command about 3 ms, and most photo libraries are JPEG.
// The pointer types of the functions looked up are taken from libheif's own declarations, so a changed signature
// fails the build instead of calling through a wrong type.
typedef __typeof__(&heif_context_alloc) stadiumlog_heif_context_alloc;
typedef __typeof__(&heif_context_free) stadiumlog_heif_context_free;
typedef __typeof__(&heif_context_set_maximum_image_size_limit) stadiumlog_heif_context_set_maximum_image_size_limit;
typedef __typeof__(&heif_context_read_from_file) stadiumlog_heif_context_read_from_file;
typedef __typeof__(&heif_context_read_from_memory_without_copy) stadiumlog_heif_context_read_from_memory_without_copy;
typedef __typeof__(&heif_context_get_primary_image_handle) stadiumlog_heif_context_get_primary_image_handle;
typedef __typeof__(&heif_image_handle_get_width) stadiumlog_heif_image_handle_get_width;
typedef __typeof__(&heif_image_handle_get_height) stadiumlog_heif_image_handle_get_height;
typedef __typeof__(&heif_image_handle_release) stadiumlog_heif_image_handle_release;
typedef __typeof__(&heif_image_handle_get_list_of_metadata_block_IDs)
    stadiumlog_heif_image_handle_get_list_of_metadata_block_IDs;
typedef __typeof__(&heif_image_handle_get_metadata_size) stadiumlog_heif_image_handle_get_metadata_size;
typedef __typeof__(&heif_image_handle_get_metadata) stadiumlog_heif_image_handle_get_metadata;
typedef __typeof__(&heif_image_handle_get_number_of_thumbnails) stadiumlog_heif_image_handle_get_number_of_thumbnails;
typedef __typeof__(&heif_image_handle_get_list_of_thumbnail_IDs) stadiumlog_heif_image_handle_get_list_of_thumbnail_IDs;
typedef __typeof__(&heif_image_handle_get_thumbnail) stadiumlog_heif_image_handle_get_thumbnail;
typedef __typeof__(&heif_decode_image) stadiumlog_heif_decode_image;
typedef __typeof__(&heif_image_release) stadiumlog_heif_image_release;
typedef __typeof__(&heif_image_get_plane_readonly) stadiumlog_heif_image_get_plane_readonly;
typedef __typeof__(&heif_image_get_width) stadiumlog_heif_image_get_width;
typedef __typeof__(&heif_image_get_height) stadiumlog_heif_image_get_height;

#endif
