#ifndef STADIUMLOG_CCAIRO_SHIM_H
#define STADIUMLOG_CCAIRO_SHIM_H
// cairo (drawing, PNG), Pango through pangocairo (text shaped, measured and fitted) and fontconfig (the card's own
// font, added to the process's font set): what the share card is drawn with (Sources/ShareCard). They are opened when
// the first card is drawn (Sources/ShareCard/CardLibraries.swift), not linked: loading them and what they pull in
// (glib, HarfBuzz, FreeType, pixman, X11's client libraries) cost every command about 3 ms at start-up, and a one-photo
// `match` has 30. The pointer types of the functions looked up are taken from the libraries' own declarations, so a
// changed signature fails the build instead of calling through a wrong type.
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>

typedef __typeof__(&FcConfigAppFontAddFile) stadiumlog_FcConfigAppFontAddFile;
typedef __typeof__(&FcConfigGetCurrent) stadiumlog_FcConfigGetCurrent;
typedef __typeof__(&cairo_arc) stadiumlog_cairo_arc;
typedef __typeof__(&cairo_clip) stadiumlog_cairo_clip;
typedef __typeof__(&cairo_close_path) stadiumlog_cairo_close_path;
typedef __typeof__(&cairo_create) stadiumlog_cairo_create;
typedef __typeof__(&cairo_destroy) stadiumlog_cairo_destroy;
typedef __typeof__(&cairo_fill) stadiumlog_cairo_fill;
typedef __typeof__(&cairo_font_options_create) stadiumlog_cairo_font_options_create;
typedef __typeof__(&cairo_font_options_destroy) stadiumlog_cairo_font_options_destroy;
typedef __typeof__(&cairo_font_options_set_antialias) stadiumlog_cairo_font_options_set_antialias;
typedef __typeof__(&cairo_font_options_set_hint_metrics) stadiumlog_cairo_font_options_set_hint_metrics;
typedef __typeof__(&cairo_font_options_set_hint_style) stadiumlog_cairo_font_options_set_hint_style;
typedef __typeof__(&cairo_image_surface_create) stadiumlog_cairo_image_surface_create;
typedef __typeof__(&cairo_image_surface_get_data) stadiumlog_cairo_image_surface_get_data;
typedef __typeof__(&cairo_image_surface_get_stride) stadiumlog_cairo_image_surface_get_stride;
typedef __typeof__(&cairo_line_to) stadiumlog_cairo_line_to;
typedef __typeof__(&cairo_move_to) stadiumlog_cairo_move_to;
typedef __typeof__(&cairo_new_path) stadiumlog_cairo_new_path;
typedef __typeof__(&cairo_paint) stadiumlog_cairo_paint;
typedef __typeof__(&cairo_rectangle) stadiumlog_cairo_rectangle;
typedef __typeof__(&cairo_restore) stadiumlog_cairo_restore;
typedef __typeof__(&cairo_save) stadiumlog_cairo_save;
typedef __typeof__(&cairo_scale) stadiumlog_cairo_scale;
typedef __typeof__(&cairo_set_line_cap) stadiumlog_cairo_set_line_cap;
typedef __typeof__(&cairo_set_line_width) stadiumlog_cairo_set_line_width;
typedef __typeof__(&cairo_set_source_rgb) stadiumlog_cairo_set_source_rgb;
typedef __typeof__(&cairo_set_source_surface) stadiumlog_cairo_set_source_surface;
typedef __typeof__(&cairo_status_to_string) stadiumlog_cairo_status_to_string;
typedef __typeof__(&cairo_stroke) stadiumlog_cairo_stroke;
typedef __typeof__(&cairo_surface_destroy) stadiumlog_cairo_surface_destroy;
typedef __typeof__(&cairo_surface_flush) stadiumlog_cairo_surface_flush;
typedef __typeof__(&cairo_surface_mark_dirty) stadiumlog_cairo_surface_mark_dirty;
typedef __typeof__(&cairo_surface_write_to_png_stream) stadiumlog_cairo_surface_write_to_png_stream;
typedef __typeof__(&cairo_translate) stadiumlog_cairo_translate;
typedef __typeof__(&g_object_unref) stadiumlog_g_object_unref;
typedef __typeof__(&pango_cairo_context_set_font_options) stadiumlog_pango_cairo_context_set_font_options;
typedef __typeof__(&pango_cairo_create_context) stadiumlog_pango_cairo_create_context;
typedef __typeof__(&pango_cairo_show_layout) stadiumlog_pango_cairo_show_layout;
typedef __typeof__(&pango_font_description_free) stadiumlog_pango_font_description_free;
typedef __typeof__(&pango_font_description_new) stadiumlog_pango_font_description_new;
typedef __typeof__(&pango_font_description_set_absolute_size) stadiumlog_pango_font_description_set_absolute_size;
typedef __typeof__(&pango_font_description_set_family) stadiumlog_pango_font_description_set_family;
typedef __typeof__(&pango_font_description_set_weight) stadiumlog_pango_font_description_set_weight;
typedef __typeof__(&pango_layout_get_pixel_size) stadiumlog_pango_layout_get_pixel_size;
typedef __typeof__(&pango_layout_get_unknown_glyphs_count) stadiumlog_pango_layout_get_unknown_glyphs_count;
typedef __typeof__(&pango_layout_new) stadiumlog_pango_layout_new;
typedef __typeof__(&pango_layout_set_alignment) stadiumlog_pango_layout_set_alignment;
typedef __typeof__(&pango_layout_set_ellipsize) stadiumlog_pango_layout_set_ellipsize;
typedef __typeof__(&pango_layout_set_font_description) stadiumlog_pango_layout_set_font_description;
typedef __typeof__(&pango_layout_set_height) stadiumlog_pango_layout_set_height;
typedef __typeof__(&pango_layout_set_single_paragraph_mode) stadiumlog_pango_layout_set_single_paragraph_mode;
typedef __typeof__(&pango_layout_set_text) stadiumlog_pango_layout_set_text;
typedef __typeof__(&pango_layout_set_width) stadiumlog_pango_layout_set_width;
typedef __typeof__(&pango_layout_set_wrap) stadiumlog_pango_layout_set_wrap;

#endif
