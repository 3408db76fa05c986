import CCairo
import MailboxAnimation
import MailboxGIF
import MailboxScene
import MailboxThreads

/// cairo's font caches are shared by every thread: two threads setting a font size or drawing text at once abort
/// in cairo 1.16 (`cairo_scaled_font_destroy: Assertion '! scaled_font->cache_frozen' failed`). Every
/// call that takes or drops a scaled font (selecting a face, setting a size, measuring or showing text, destroying
/// a context that holds one) runs under this one lock; fills and strokes, most of a picture, still run in
/// parallel. A POSIX mutex, so that ThreadSanitizer sees the order it gives. Its value counts the calls it guarded:
/// a lock of an empty value (`Void`) would put that value at the same address as the lock's own pointer, which
/// ThreadSanitizer reports as a race.
let cairoFonts = Locked(0)

/// A scene drawn by cairo into pixels at a scale: point (x, y) is pixel (scale·x, scale·y). Owns its cairo
/// image surface; read it as PNG bytes or as 0xRRGGBB pixels.
public final class Raster {
    public let width: Int
    public let height: Int
    private let cairo: CairoLibrary
    private let surface: OpaquePointer

    /// Draws `scene` at `scale` (1…4 in practice) on an opaque white canvas; from point row `top` down only
    /// when given (its first pixel row is then the scene's row `top · scale`).
    public init(_ scene: Scene, scale: Double, from top: Double = 0) throws(RasterError) {
        cairo = try CairoLibrary.load()
        width = Int((scene.width * scale).rounded())
        height = Int((scene.height * scale).rounded()) - Int((top * scale).rounded())
        guard let surface = cairo.imageSurfaceCreate(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw RasterError("cairo could not make a \(width) × \(height) image")
        }
        self.surface = surface
        guard let context = cairo.create(surface) else { throw RasterError("cairo could not draw") }
        defer {
            cairoFonts.withLock { calls in
                cairo.destroy(context)
                calls &+= 1
            }
        }
        var painter = CairoPainter(cairo: cairo, context: context)
        let page = SceneRect(x: 0, y: 0, width: scene.width * scale, height: scene.height * scale)
        painter.fill(page, Paint(rgb: 0xFFFFFF), radius: 0)
        cairo.translate(context, 0, -(top * scale).rounded())
        cairo.scale(context, scale, scale)
        for node in scene.nodes { painter.draw(node) }
        let status = cairo.status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RasterError("cairo: " + (cairo.statusToString(status).map { String(cString: $0) } ?? "error"))
        }
        cairo.surfaceFlush(surface)
    }

    deinit { cairo.surfaceDestroy(surface) }

    /// The picture as PNG bytes (8-bit RGB, encoded by libpng for speed).
    public func pngBytes() throws(RasterError) -> [UInt8] {
        let png = try PNGLibrary.load()
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let width = self.width
        rgb.withUnsafeMutableBufferPointer { out in
            withRows { y, row in
                var i = y * width * 3
                for pixel in row {
                    out[i] = UInt8(truncatingIfNeeded: pixel >> 16)
                    out[i + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                    out[i + 2] = UInt8(truncatingIfNeeded: pixel)
                    i += 3
                }
            }
        }
        return try png.encode(rgb: rgb, width: width, height: height)
    }

    /// Puts the pixels (0xRRGGBB) into `pixels`, a picture as wide, from pixel row `row` down.
    public func copy(into pixels: inout [UInt32], atRow row: Int = 0) {
        precondition(pixels.count >= (row + height) * width)
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { out in
            withRows { y, line in
                let base = (row + y) * width
                for x in 0..<width { out[base + x] = line[x] & 0xFF_FFFF }
            }
        }
    }

    /// Calls `body` with each row of pixels, top to bottom, as 0x00RRGGBB words.
    public func withRows(_ body: (Int, UnsafeBufferPointer<UInt32>) -> Void) {
        guard let data = cairo.imageSurfaceGetData(surface) else { return }
        let stride = Int(cairo.imageSurfaceGetStride(surface))
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            body(y, UnsafeBufferPointer(start: row, count: width))
        }
    }
}

/// Walks scene nodes onto a cairo context.
private struct CairoPainter {
    let cairo: CairoLibrary
    let context: OpaquePointer
    /// The font last selected, so runs of text in one font select it once.
    var font: SceneFont?
    var fontSize = 0.0

    mutating func draw(_ node: SceneNode) {
        switch node {
        case let .rect(rect, paint, radius):
            fill(rect, paint, radius: radius)
        case let .circle(center, radius, paint):
            setSource(paint)
            cairo.newPath(context)
            cairo.arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
            cairo.fill(context)
        case let .stroke(path, paint, width):
            setSource(paint)
            cairo.newPath(context)
            for line in path.lines {
                guard let first = line.first else { continue }
                cairo.moveTo(context, first.x, first.y)
                for point in line.dropFirst() { cairo.lineTo(context, point.x, point.y) }
            }
            for ring in path.rings {
                cairo.newSubPath(context)
                cairo.arc(context, ring.center.x, ring.center.y, ring.radius, 0, 2 * Double.pi)
                cairo.closePath(context)
            }
            cairo.setLineWidth(context, width)
            cairo.setLineCap(context, CAIRO_LINE_CAP_ROUND)
            cairo.setLineJoin(context, CAIRO_LINE_JOIN_ROUND)
            cairo.stroke(context)
        case .text(let text):
            drawText(text)
        case .group(let group):
            cairo.save(context)
            if let clip = group.clip {
                cairo.newPath(context)
                cairo.rectangle(context, clip.x, clip.y, clip.width, clip.height)
                cairo.clip(context)
            }
            // The children are drawn from the group's origin.
            if group.origin != .zero { cairo.translate(context, group.origin.x, group.origin.y) }
            let faded = group.opacity < 1
            if faded { cairo.pushGroup(context) }
            // A font chosen inside a saved state is forgotten by restore.
            let savedFont = font
            let savedSize = fontSize
            for child in group.children { draw(child) }
            if faded {
                cairo.popGroupToSource(context)
                cairo.paintWithAlpha(context, group.opacity)
            }
            cairo.restore(context)
            font = savedFont
            fontSize = savedSize
        }
    }

    func fill(_ rect: SceneRect, _ paint: Paint, radius: Double) {
        setSource(paint)
        cairo.newPath(context)
        if radius > 0 {
            let r = min(radius, rect.width / 2, rect.height / 2)
            let half = Double.pi / 2
            cairo.arc(context, rect.maxX - r, rect.y + r, r, -half, 0)
            cairo.arc(context, rect.maxX - r, rect.maxY - r, r, 0, half)
            cairo.arc(context, rect.x + r, rect.maxY - r, r, half, 2 * half)
            cairo.arc(context, rect.x + r, rect.y + r, r, 2 * half, 3 * half)
            cairo.closePath(context)
        } else {
            cairo.rectangle(context, rect.x, rect.y, rect.width, rect.height)
        }
        cairo.fill(context)
    }

    mutating func drawText(_ text: SceneText) {
        guard !text.string.isEmpty else { return }
        cairoFonts.withLock { calls in
            drawTextLocked(text)
            calls &+= 1
        }
    }

    /// `drawText`'s work, under `cairoFonts`.
    private mutating func drawTextLocked(_ text: SceneText) {
        if font != text.font {
            text.font.family.withCString { family in
                cairo.selectFontFace(
                    context, family, CAIRO_FONT_SLANT_NORMAL,
                    text.font.isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            }
            font = text.font
        }
        if fontSize != text.size {
            cairo.setFontSize(context, text.size)
            fontSize = text.size
        }
        setSource(text.paint)
        text.string.withCString { string in
            var x = text.at.x
            if text.anchor != .start {
                var extents = cairo_text_extents_t()
                cairo.textExtents(context, string, &extents)
                x -= text.anchor == .middle ? extents.x_advance / 2 : extents.x_advance
            }
            cairo.moveTo(context, x, text.at.y)
            cairo.showText(context, string)
        }
    }

    func setSource(_ paint: Paint) {
        let c = paint.color
        cairo.setSourceRGBA(context, c.red / 255, c.green / 255, c.blue / 255, paint.alpha)
    }
}
