import CCairo
import MailboxGIF

/// The cairo functions mailsim draws with, looked up in libcairo.so.2 the first time a picture is drawn.
struct CairoLibrary: @unchecked Sendable {
    typealias Context = OpaquePointer
    typealias Surface = OpaquePointer

    let imageSurfaceCreate: @convention(c) (cairo_format_t, Int32, Int32) -> Surface?
    let surfaceDestroy: @convention(c) (Surface?) -> Void
    let surfaceStatus: @convention(c) (Surface?) -> cairo_status_t
    let surfaceFlush: @convention(c) (Surface?) -> Void
    let imageSurfaceGetData: @convention(c) (Surface?) -> UnsafeMutablePointer<UInt8>?
    let imageSurfaceGetStride: @convention(c) (Surface?) -> Int32
    let create: @convention(c) (Surface?) -> Context?
    let destroy: @convention(c) (Context?) -> Void
    let status: @convention(c) (Context?) -> cairo_status_t
    let statusToString: @convention(c) (cairo_status_t) -> UnsafePointer<CChar>?
    let scale: @convention(c) (Context?, Double, Double) -> Void
    let translate: @convention(c) (Context?, Double, Double) -> Void
    let save: @convention(c) (Context?) -> Void
    let restore: @convention(c) (Context?) -> Void
    let rectangle: @convention(c) (Context?, Double, Double, Double, Double) -> Void
    let clip: @convention(c) (Context?) -> Void
    let setSourceRGBA: @convention(c) (Context?, Double, Double, Double, Double) -> Void
    let fill: @convention(c) (Context?) -> Void
    let stroke: @convention(c) (Context?) -> Void
    let paint: @convention(c) (Context?) -> Void
    let moveTo: @convention(c) (Context?, Double, Double) -> Void
    let lineTo: @convention(c) (Context?, Double, Double) -> Void
    let arc: @convention(c) (Context?, Double, Double, Double, Double, Double) -> Void
    let closePath: @convention(c) (Context?) -> Void
    let newPath: @convention(c) (Context?) -> Void
    let newSubPath: @convention(c) (Context?) -> Void
    let setLineWidth: @convention(c) (Context?, Double) -> Void
    let setLineCap: @convention(c) (Context?, cairo_line_cap_t) -> Void
    let setLineJoin: @convention(c) (Context?, cairo_line_join_t) -> Void
    let pushGroup: @convention(c) (Context?) -> Void
    let popGroupToSource: @convention(c) (Context?) -> Void
    let paintWithAlpha: @convention(c) (Context?, Double) -> Void
    let selectFontFace:
        @convention(c) (Context?, UnsafePointer<CChar>?, cairo_font_slant_t, cairo_font_weight_t) -> Void
    let setFontSize: @convention(c) (Context?, Double) -> Void
    let textExtents:
        @convention(c) (Context?, UnsafePointer<CChar>?, UnsafeMutablePointer<cairo_text_extents_t>?) -> Void
    let showText: @convention(c) (Context?, UnsafePointer<CChar>?) -> Void

    /// libcairo, loaded once (on first use) for the life of the process; the error if it cannot be.
    static let shared: Result<CairoLibrary, RasterError> = Result { () throws(RasterError) in try CairoLibrary() }

    private init() throws(RasterError) {
        let lib = try SharedLibrary(["libcairo.so.2", "libcairo.so"], package: "libcairo2")
        imageSurfaceCreate = try lib.function("cairo_image_surface_create")
        surfaceDestroy = try lib.function("cairo_surface_destroy")
        surfaceStatus = try lib.function("cairo_surface_status")
        surfaceFlush = try lib.function("cairo_surface_flush")
        imageSurfaceGetData = try lib.function("cairo_image_surface_get_data")
        imageSurfaceGetStride = try lib.function("cairo_image_surface_get_stride")
        create = try lib.function("cairo_create")
        destroy = try lib.function("cairo_destroy")
        status = try lib.function("cairo_status")
        statusToString = try lib.function("cairo_status_to_string")
        scale = try lib.function("cairo_scale")
        translate = try lib.function("cairo_translate")
        save = try lib.function("cairo_save")
        restore = try lib.function("cairo_restore")
        rectangle = try lib.function("cairo_rectangle")
        clip = try lib.function("cairo_clip")
        setSourceRGBA = try lib.function("cairo_set_source_rgba")
        fill = try lib.function("cairo_fill")
        stroke = try lib.function("cairo_stroke")
        paint = try lib.function("cairo_paint")
        moveTo = try lib.function("cairo_move_to")
        lineTo = try lib.function("cairo_line_to")
        arc = try lib.function("cairo_arc")
        closePath = try lib.function("cairo_close_path")
        newPath = try lib.function("cairo_new_path")
        newSubPath = try lib.function("cairo_new_sub_path")
        setLineWidth = try lib.function("cairo_set_line_width")
        setLineCap = try lib.function("cairo_set_line_cap")
        setLineJoin = try lib.function("cairo_set_line_join")
        pushGroup = try lib.function("cairo_push_group")
        popGroupToSource = try lib.function("cairo_pop_group_to_source")
        paintWithAlpha = try lib.function("cairo_paint_with_alpha")
        selectFontFace = try lib.function("cairo_select_font_face")
        setFontSize = try lib.function("cairo_set_font_size")
        textExtents = try lib.function("cairo_text_extents")
        showText = try lib.function("cairo_show_text")
    }

    /// The library, or the error saying why it cannot be loaded.
    static func load() throws(RasterError) -> CairoLibrary { try shared.get() }
}
