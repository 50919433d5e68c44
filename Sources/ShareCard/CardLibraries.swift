internal import CCairo
import Foundation

/// cairo, Pango and fontconfig, opened on the first card drawn (see Sources/CCairo/shim.h for why they are not
/// linked): each function the renderer calls, looked up once a process. A library that cannot be opened is said with
/// the package that has it.
struct CardLibraries: @unchecked Sendable {  // C function pointers, set once and never changed
    /// The shared libraries, by soname, and the Debian package of each.
    static let files = [
        ("libcairo.so.2", "libcairo2"), ("libpango-1.0.so.0", "libpango-1.0-0"), ("libpangocairo-1.0.so.0", "libpangocairo-1.0-0"),
        ("libgobject-2.0.so.0", "libglib2.0-0"), ("libfontconfig.so.1", "libfontconfig1"),
    ]

    /// The libraries of this process, opened on first use.
    static let loaded = Result { () throws(CardError) -> CardLibraries in try CardLibraries() }

    let fcConfigAppFontAddFile: stadiumlog_FcConfigAppFontAddFile
    let fcConfigGetCurrent: stadiumlog_FcConfigGetCurrent
    let cairoArc: stadiumlog_cairo_arc
    let cairoClip: stadiumlog_cairo_clip
    let cairoClosePath: stadiumlog_cairo_close_path
    let cairoCreate: stadiumlog_cairo_create
    let cairoDestroy: stadiumlog_cairo_destroy
    let cairoFill: stadiumlog_cairo_fill
    let cairoFontOptionsCreate: stadiumlog_cairo_font_options_create
    let cairoFontOptionsDestroy: stadiumlog_cairo_font_options_destroy
    let cairoFontOptionsSetAntialias: stadiumlog_cairo_font_options_set_antialias
    let cairoFontOptionsSetHintMetrics: stadiumlog_cairo_font_options_set_hint_metrics
    let cairoFontOptionsSetHintStyle: stadiumlog_cairo_font_options_set_hint_style
    let cairoImageSurfaceCreate: stadiumlog_cairo_image_surface_create
    let cairoImageSurfaceGetData: stadiumlog_cairo_image_surface_get_data
    let cairoImageSurfaceGetStride: stadiumlog_cairo_image_surface_get_stride
    let cairoLineTo: stadiumlog_cairo_line_to
    let cairoMoveTo: stadiumlog_cairo_move_to
    let cairoNewPath: stadiumlog_cairo_new_path
    let cairoPaint: stadiumlog_cairo_paint
    let cairoRectangle: stadiumlog_cairo_rectangle
    let cairoRestore: stadiumlog_cairo_restore
    let cairoSave: stadiumlog_cairo_save
    let cairoScale: stadiumlog_cairo_scale
    let cairoSetLineCap: stadiumlog_cairo_set_line_cap
    let cairoSetLineWidth: stadiumlog_cairo_set_line_width
    let cairoSetSourceRgb: stadiumlog_cairo_set_source_rgb
    let cairoSetSourceSurface: stadiumlog_cairo_set_source_surface
    let cairoStatusToString: stadiumlog_cairo_status_to_string
    let cairoStroke: stadiumlog_cairo_stroke
    let cairoSurfaceDestroy: stadiumlog_cairo_surface_destroy
    let cairoSurfaceFlush: stadiumlog_cairo_surface_flush
    let cairoSurfaceMarkDirty: stadiumlog_cairo_surface_mark_dirty
    let cairoSurfaceWriteToPngStream: stadiumlog_cairo_surface_write_to_png_stream
    let cairoTranslate: stadiumlog_cairo_translate
    let gObjectUnref: stadiumlog_g_object_unref
    let pangoCairoContextSetFontOptions: stadiumlog_pango_cairo_context_set_font_options
    let pangoCairoCreateContext: stadiumlog_pango_cairo_create_context
    let pangoCairoShowLayout: stadiumlog_pango_cairo_show_layout
    let pangoFontDescriptionFree: stadiumlog_pango_font_description_free
    let pangoFontDescriptionNew: stadiumlog_pango_font_description_new
    let pangoFontDescriptionSetAbsoluteSize: stadiumlog_pango_font_description_set_absolute_size
    let pangoFontDescriptionSetFamily: stadiumlog_pango_font_description_set_family
    let pangoFontDescriptionSetWeight: stadiumlog_pango_font_description_set_weight
    let pangoLayoutGetPixelSize: stadiumlog_pango_layout_get_pixel_size
    let pangoLayoutGetUnknownGlyphsCount: stadiumlog_pango_layout_get_unknown_glyphs_count
    let pangoLayoutNew: stadiumlog_pango_layout_new
    let pangoLayoutSetAlignment: stadiumlog_pango_layout_set_alignment
    let pangoLayoutSetEllipsize: stadiumlog_pango_layout_set_ellipsize
    let pangoLayoutSetFontDescription: stadiumlog_pango_layout_set_font_description
    let pangoLayoutSetHeight: stadiumlog_pango_layout_set_height
    let pangoLayoutSetSingleParagraphMode: stadiumlog_pango_layout_set_single_paragraph_mode
    let pangoLayoutSetText: stadiumlog_pango_layout_set_text
    let pangoLayoutSetWidth: stadiumlog_pango_layout_set_width
    let pangoLayoutSetWrap: stadiumlog_pango_layout_set_wrap

    private init() throws(CardError) {
        var handles: [UnsafeMutableRawPointer] = []
        for (file, package) in Self.files {
            guard let handle = dlopen(file, RTLD_NOW | RTLD_GLOBAL) else { throw .library(file, package: package) }
            handles.append(handle)
        }
        func symbol<Function>(_ name: String, as type: Function.Type) throws(CardError) -> Function {
            for handle in handles {
                if let found = dlsym(handle, name) { return unsafeBitCast(found, to: type) }
            }
            throw .library(name, package: "libpango1.0-0")
        }
        fcConfigAppFontAddFile = try symbol("FcConfigAppFontAddFile", as: stadiumlog_FcConfigAppFontAddFile.self)
        fcConfigGetCurrent = try symbol("FcConfigGetCurrent", as: stadiumlog_FcConfigGetCurrent.self)
        cairoArc = try symbol("cairo_arc", as: stadiumlog_cairo_arc.self)
        cairoClip = try symbol("cairo_clip", as: stadiumlog_cairo_clip.self)
        cairoClosePath = try symbol("cairo_close_path", as: stadiumlog_cairo_close_path.self)
        cairoCreate = try symbol("cairo_create", as: stadiumlog_cairo_create.self)
        cairoDestroy = try symbol("cairo_destroy", as: stadiumlog_cairo_destroy.self)
        cairoFill = try symbol("cairo_fill", as: stadiumlog_cairo_fill.self)
        cairoFontOptionsCreate = try symbol("cairo_font_options_create", as: stadiumlog_cairo_font_options_create.self)
        cairoFontOptionsDestroy = try symbol("cairo_font_options_destroy", as: stadiumlog_cairo_font_options_destroy.self)
        cairoFontOptionsSetAntialias = try symbol("cairo_font_options_set_antialias", as: stadiumlog_cairo_font_options_set_antialias.self)
        cairoFontOptionsSetHintMetrics = try symbol(
            "cairo_font_options_set_hint_metrics", as: stadiumlog_cairo_font_options_set_hint_metrics.self)
        cairoFontOptionsSetHintStyle = try symbol(
            "cairo_font_options_set_hint_style", as: stadiumlog_cairo_font_options_set_hint_style.self)
        cairoImageSurfaceCreate = try symbol("cairo_image_surface_create", as: stadiumlog_cairo_image_surface_create.self)
        cairoImageSurfaceGetData = try symbol("cairo_image_surface_get_data", as: stadiumlog_cairo_image_surface_get_data.self)
        cairoImageSurfaceGetStride = try symbol("cairo_image_surface_get_stride", as: stadiumlog_cairo_image_surface_get_stride.self)
        cairoLineTo = try symbol("cairo_line_to", as: stadiumlog_cairo_line_to.self)
        cairoMoveTo = try symbol("cairo_move_to", as: stadiumlog_cairo_move_to.self)
        cairoNewPath = try symbol("cairo_new_path", as: stadiumlog_cairo_new_path.self)
        cairoPaint = try symbol("cairo_paint", as: stadiumlog_cairo_paint.self)
        cairoRectangle = try symbol("cairo_rectangle", as: stadiumlog_cairo_rectangle.self)
        cairoRestore = try symbol("cairo_restore", as: stadiumlog_cairo_restore.self)
        cairoSave = try symbol("cairo_save", as: stadiumlog_cairo_save.self)
        cairoScale = try symbol("cairo_scale", as: stadiumlog_cairo_scale.self)
        cairoSetLineCap = try symbol("cairo_set_line_cap", as: stadiumlog_cairo_set_line_cap.self)
        cairoSetLineWidth = try symbol("cairo_set_line_width", as: stadiumlog_cairo_set_line_width.self)
        cairoSetSourceRgb = try symbol("cairo_set_source_rgb", as: stadiumlog_cairo_set_source_rgb.self)
        cairoSetSourceSurface = try symbol("cairo_set_source_surface", as: stadiumlog_cairo_set_source_surface.self)
        cairoStatusToString = try symbol("cairo_status_to_string", as: stadiumlog_cairo_status_to_string.self)
        cairoStroke = try symbol("cairo_stroke", as: stadiumlog_cairo_stroke.self)
        cairoSurfaceDestroy = try symbol("cairo_surface_destroy", as: stadiumlog_cairo_surface_destroy.self)
        cairoSurfaceFlush = try symbol("cairo_surface_flush", as: stadiumlog_cairo_surface_flush.self)
        cairoSurfaceMarkDirty = try symbol("cairo_surface_mark_dirty", as: stadiumlog_cairo_surface_mark_dirty.self)
        cairoSurfaceWriteToPngStream = try symbol(
            "cairo_surface_write_to_png_stream", as: stadiumlog_cairo_surface_write_to_png_stream.self)
        cairoTranslate = try symbol("cairo_translate", as: stadiumlog_cairo_translate.self)
        gObjectUnref = try symbol("g_object_unref", as: stadiumlog_g_object_unref.self)
        pangoCairoContextSetFontOptions = try symbol(
            "pango_cairo_context_set_font_options", as: stadiumlog_pango_cairo_context_set_font_options.self)
        pangoCairoCreateContext = try symbol("pango_cairo_create_context", as: stadiumlog_pango_cairo_create_context.self)
        pangoCairoShowLayout = try symbol("pango_cairo_show_layout", as: stadiumlog_pango_cairo_show_layout.self)
        pangoFontDescriptionFree = try symbol("pango_font_description_free", as: stadiumlog_pango_font_description_free.self)
        pangoFontDescriptionNew = try symbol("pango_font_description_new", as: stadiumlog_pango_font_description_new.self)
        pangoFontDescriptionSetAbsoluteSize = try symbol(
            "pango_font_description_set_absolute_size", as: stadiumlog_pango_font_description_set_absolute_size.self)
        pangoFontDescriptionSetFamily = try symbol(
            "pango_font_description_set_family", as: stadiumlog_pango_font_description_set_family.self)
        pangoFontDescriptionSetWeight = try symbol(
            "pango_font_description_set_weight", as: stadiumlog_pango_font_description_set_weight.self)
        pangoLayoutGetPixelSize = try symbol("pango_layout_get_pixel_size", as: stadiumlog_pango_layout_get_pixel_size.self)
        pangoLayoutGetUnknownGlyphsCount = try symbol(
            "pango_layout_get_unknown_glyphs_count", as: stadiumlog_pango_layout_get_unknown_glyphs_count.self)
        pangoLayoutNew = try symbol("pango_layout_new", as: stadiumlog_pango_layout_new.self)
        pangoLayoutSetAlignment = try symbol("pango_layout_set_alignment", as: stadiumlog_pango_layout_set_alignment.self)
        pangoLayoutSetEllipsize = try symbol("pango_layout_set_ellipsize", as: stadiumlog_pango_layout_set_ellipsize.self)
        pangoLayoutSetFontDescription = try symbol(
            "pango_layout_set_font_description", as: stadiumlog_pango_layout_set_font_description.self)
        pangoLayoutSetHeight = try symbol("pango_layout_set_height", as: stadiumlog_pango_layout_set_height.self)
        pangoLayoutSetSingleParagraphMode = try symbol(
            "pango_layout_set_single_paragraph_mode", as: stadiumlog_pango_layout_set_single_paragraph_mode.self)
        pangoLayoutSetText = try symbol("pango_layout_set_text", as: stadiumlog_pango_layout_set_text.self)
        pangoLayoutSetWidth = try symbol("pango_layout_set_width", as: stadiumlog_pango_layout_set_width.self)
        pangoLayoutSetWrap = try symbol("pango_layout_set_wrap", as: stadiumlog_pango_layout_set_wrap.self)
    }
}
