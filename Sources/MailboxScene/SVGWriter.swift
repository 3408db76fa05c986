import MailboxAnimation
import MailboxText

/// Writes a scene as SVG text: a standalone document, self-contained (no styles or fonts outside it), the same
/// bytes for the same scene every time.
public enum SVGWriter {
    /// A whole SVG document of the scene, the root `<svg>` carrying `id` when given.
    public static func document(_ scene: Scene, id: String? = nil) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += openTag(scene, id: id)
        out += "\n"
        out += body(scene)
        out += "</svg>\n"
        return out
    }

    /// The root element's opening tag: namespace, size, view box and the inherited font.
    public static func openTag(_ scene: Scene, id: String?) -> String {
        let w = number(scene.width)
        let h = number(scene.height)
        let idAttribute = id.map { " id=\"\(escaped($0))\"" } ?? ""
        return
            """
            <svg xmlns=\"http://www.w3.org/2000/svg\"\(idAttribute) width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \
            \(w) \(h)\"
            """
                + " font-family=\"DejaVu Sans, sans-serif\" xml:space=\"preserve\">"
    }

    /// The scene as a picture of `scale` pixels a point, from point row `top` down: the root's width and height in
    /// pixels, its view box in points (what a browser draws onto a canvas of that size, as cairo draws a `Raster`
    /// of the same scene, scale and top: the same pixel rows). Its text is placed glyph by glyph where cairo puts
    /// it (`TextMetrics.pixelPositions`), so a browser's glyphs fall on cairo's pixels.
    public static func picture(_ scene: Scene, scale: Int, from top: Double = 0) -> String {
        let s = Double(scale)
        let width = (scene.width * s).rounded()
        let skipped = (top * s).rounded()
        let height = (scene.height * s).rounded() - skipped
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height))\""
        out += " viewBox=\"0 \(number(skipped / s)) \(number(width / s)) \(number(height / s))\""
        out += " font-family=\"DejaVu Sans, sans-serif\" xml:space=\"preserve\">\n"
        var writer = Writer(pixelGrid: scale)
        for node in scene.nodes { writer.write(node) }
        out += writer.out
        out += "</svg>\n"
        return out
    }

    /// The scene's elements, one a line, without the root element (what a player swaps into its `<svg>`).
    public static func body(_ scene: Scene) -> String {
        var writer = Writer()
        for node in scene.nodes { writer.write(node) }
        return writer.out
    }

    /// A number in SVG: at most three decimals, no trailing zeros.
    static func number(_ value: Double) -> String { formatNumber(value, decimals: 3) }

    /// Text made safe inside an element or a quoted attribute; characters XML cannot hold become U+FFFD.
    static func escaped(_ text: String) -> String { xmlEscaped(text) }

    /// One top-level node's text when `clips` clip paths come before it, and the clip paths it adds. `bodies`
    /// holds the children's texts of named groups written before (`SVGDocumentCache`): one whose children and clip
    /// count are the same is not written again, and those written are put there.
    static func node(
        _ node: SceneNode, clipsBefore clips: Int, clipPrefix: String = "clip",
        bodies: inout [String: NamedBody]
    ) -> (text: String, clips: Int) {
        var writer = Writer(clips: clips, clipPrefix: clipPrefix)
        swap(&writer.bodies, &bodies)
        writer.write(node)
        swap(&writer.bodies, &bodies)
        return (writer.out, writer.clips - clips)
    }

    /// What a named group's children were written as: kept to be written again as they were while they are the
    /// same (a row moved up, a dragged row's face: the same children from another origin).
    struct NamedBody: Sendable {
        var children: [SceneNode]
        var clipsBefore: Int
        var text: String
        var clips: Int
    }

    /// Walks the nodes, numbering clip paths in the order they appear. A group's children are written in its own
    /// coordinates, from its origin: `transform="translate(X Y)"`, the clip path in those coordinates too. So a
    /// row that moves (up, as the list closes over a row gone; right, under the menu) changes one line of its
    /// text, its group's opening, and the page changes one attribute (docs/playground.md, Protocol). Pictures
    /// placed on cairo's pixels (`picture`) have no transform: every coordinate is the screen's.
    fileprivate struct Writer {
        var out = ""
        var clips = 0
        /// Pixels a point when text is placed glyph by glyph on cairo's pixels (`picture`); nil: as the browser lays
        /// it out.
        var pixelGrid: Int? = nil
        /// What clip paths' ids start with: `clip` (`clip3`, `clip-msg3`); another document in the same page (the
        /// playground's phone B) takes another, as ids are the page's, not the SVG's.
        var clipPrefix = "clip"
        /// Where the coordinates of the group the writer is in have their (0, 0), in the coordinates written: the
        /// screen's point in a `picture`, else always (0, 0) (a group's transform moves it).
        var offset = ScenePoint.zero
        /// The named groups' children's texts (`SVGWriter.node`); empty when no cache keeps them.
        var bodies: [String: NamedBody] = [:]

        /// A coordinate as written where the writer is.
        func x(_ value: Double) -> String { number(value + offset.x) }
        func y(_ value: Double) -> String { number(value + offset.y) }

        mutating func write(_ node: SceneNode) {
            switch node {
            case let .rect(r, paint, radius):
                out +=
                    """
                    <rect x=\"\(x(r.x))\" y=\"\(y(r.y))\" width=\"\(number(r.width))\" \
                    height=\"\(number(r.height))\"
                    """
                if radius > 0 { out += " rx=\"\(number(radius))\"" }
                out += fill(paint) + "/>\n"
            case let .circle(center, radius, paint):
                out +=
                    "<circle cx=\"\(x(center.x))\" cy=\"\(y(center.y))\" r=\"\(number(radius))\""
                    + fill(paint) + "/>\n"
            case let .stroke(path, paint, width):
                var d = ""
                for line in path.lines {
                    for (i, p) in line.enumerated() { d += (i == 0 ? "M" : "L") + x(p.x) + " " + y(p.y) }
                }
                for ring in path.rings {
                    // A circle as two half arcs.
                    let r = number(ring.radius)
                    d +=
                        "M" + x(ring.center.x - ring.radius) + " " + y(ring.center.y)
                        + "a\(r) \(r) 0 1 0 \(number(2 * ring.radius)) 0a\(r) \(r) 0 1 0 \(number(-2 * ring.radius)) 0Z"
                }
                out += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(paint.color.hex)\""
                if paint.alpha < 1 { out += " stroke-opacity=\"\(number(paint.alpha))\"" }
                out += " stroke-width=\"\(number(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
            case .text(let text):
                if let scale = pixelGrid {
                    writePlaced(text, scale: scale)
                    return
                }
                out += "<text x=\"\(x(text.at.x))\" y=\"\(y(text.at.y))\" font-size=\"\(number(text.size))\""
                if text.font == .mono { out += " font-family=\"DejaVu Sans Mono, monospace\"" }
                if text.font.isBold { out += " font-weight=\"bold\"" }
                if text.anchor != .start { out += " text-anchor=\"\(text.anchor.rawValue)\"" }
                out += fill(paint: text.paint) + ">" + escaped(text.string) + "</text>\n"
            case .group(let group):
                var open = "<g"
                if let clip = group.clip {
                    let id: String
                    if let name = group.name {
                        id = clipPrefix + "-" + name
                    } else {
                        clips += 1
                        id = clipPrefix + String(clips)
                    }
                    // In the group's coordinates, which its transform (when it has one) makes from its parent's.
                    let (left, top) = pixelGrid == nil ? (-group.origin.x, -group.origin.y) : (offset.x, offset.y)
                    out +=
                        """
                        <clipPath id=\"\(id)\"><rect x=\"\(number(clip.x + left))\" \
                        y=\"\(number(clip.y + top))\" width=\"\(number(clip.width))\" \
                        height=\"\(number(clip.height))\"/></clipPath>\n
                        """
                    open += " clip-path=\"url(#\(id))\""
                }
                let outer = offset
                if group.origin != .zero {
                    if pixelGrid == nil {
                        open += " transform=\"translate(\(number(group.origin.x)) \(number(group.origin.y)))\""
                    } else {
                        offset = ScenePoint(offset.x + group.origin.x, offset.y + group.origin.y)
                    }
                }
                if group.opacity < 1 { open += " opacity=\"\(number(group.opacity))\"" }
                out += open + ">\n"
                if let name = group.name, pixelGrid == nil {
                    writeChildren(of: group, named: name)
                } else {
                    for child in group.children { write(child) }
                }
                out += "</g>\n"
                offset = outer
            }
        }

        /// A named group's children: their text from `bodies` when they are the same as when it was written, with
        /// as many clip paths before them; else written, and kept there.
        mutating func writeChildren(of group: SceneGroup, named name: String) {
            if let body = bodies[name], body.clipsBefore == clips, body.children == group.children {
                out += body.text
                clips += body.clips
                return
            }
            var inner = Writer(clips: clips, clipPrefix: clipPrefix)
            swap(&inner.bodies, &bodies)
            for child in group.children { inner.write(child) }
            swap(&inner.bodies, &bodies)
            bodies[name] = NamedBody(
                children: group.children, clipsBefore: clips, text: inner.out, clips: inner.clips - clips)
            out += inner.out
            clips = inner.clips
        }

        /// Text whose glyphs are where cairo draws them at `scale`: each character's x (a whole pixel: the start
        /// rounded, then hinted advances), the baseline on a whole pixel, as the browser is told not to kern, join
        /// or collapse spaces. Past the first character without a known advance, the browser lays the rest out.
        mutating func writePlaced(_ text: SceneText, scale: Int) {
            let s = Double(scale)
            let at = ScenePoint(text.at.x + offset.x, text.at.y + offset.y)
            let positions = TextMetrics.pixelPositions(
                text.string, size: text.size, font: text.font, scale: scale, x: at.x, anchor: text.anchor)
            let xs = positions.map { number(Double($0) / s) }.joined(separator: " ")
            out += "<text x=\"\(xs.isEmpty ? number(at.x) : xs)\" y=\"\(number((at.y * s).rounded() / s))\""
            out += " font-size=\"\(number(text.size))\""
            if text.font == .mono { out += " font-family=\"DejaVu Sans Mono, monospace\"" }
            if text.font.isBold { out += " font-weight=\"bold\"" }
            if positions.isEmpty && text.anchor != .start { out += " text-anchor=\"\(text.anchor.rawValue)\"" }
            out += " style=\"white-space:pre;font-kerning:none;font-variant-ligatures:none\""
            out += fill(paint: text.paint) + ">" + escaped(text.string) + "</text>\n"
        }

        func fill(_ paint: Paint) -> String { fill(paint: paint) }

        func fill(paint: Paint) -> String {
            var s = " fill=\"\(paint.color.hex)\""
            if paint.alpha < 1 { s += " fill-opacity=\"\(number(paint.alpha))\"" }
            return s
        }
    }
}

/// `SVGWriter.document` of scene after scene, reusing the text of each top-level node equal to the one at the same
/// place in the last scene (with as many clip paths before it): during a drag only the dragged row's node changes
/// (the playground draws a screen for every pointer message). The text is the same bytes as `SVGWriter.document`.
public struct SVGDocumentCache: Sendable {
    private var nodes: [SceneNode] = []
    /// The children's texts of the named groups written (a name is one row's, so they are as many as the rows).
    private var bodies: [String: SVGWriter.NamedBody] = [:]
    private var parts: [Part] = []
    private var head = ""
    private var size: (width: Double, height: Double)?
    private let clipPrefix: String

    /// A node's text, and what it was written from.
    public struct Part: Sendable {
        public var text: String
        /// The node's name when it is a named group (a message row: `msg3`), which stays its name while it moves
        /// and while nodes before it come and go; nil for another node.
        public var key: String?
        var clipsBefore: Int
        var clips: Int
    }

    /// A cache whose documents name their clip paths `clipPrefix…` (`SVGWriter.document`'s are `clip…`).
    public init(clipPrefix: String = "clip") { self.clipPrefix = clipPrefix }

    /// The document's opening (the XML declaration and the root's opening tag, with its line break), then each
    /// top-level node's text, then `closing`: `SVGWriter.document(scene)` is their concatenation.
    public mutating func parts(_ scene: Scene) -> (head: String, nodes: [Part]) {
        if size == nil || size! != (scene.width, scene.height) {
            head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + SVGWriter.openTag(scene, id: nil) + "\n"
            size = (scene.width, scene.height)
        }
        var next: [Part] = []
        next.reserveCapacity(scene.nodes.count)
        var clips = 0
        for (i, node) in scene.nodes.enumerated() {
            if i < nodes.count, parts[i].clipsBefore == clips, nodes[i] == node {
                next.append(parts[i])
            } else {
                let (text, added) = SVGWriter.node(
                    node, clipsBefore: clips, clipPrefix: clipPrefix, bodies: &bodies)
                var key: String?
                if case .group(let group) = node { key = group.name }
                next.append(Part(text: text, key: key, clipsBefore: clips, clips: added))
            }
            clips += next[i].clips
        }
        nodes = scene.nodes
        parts = next
        return (head, next)
    }

    /// What follows the nodes.
    public static let closing = "</svg>\n"

    /// The whole document, the same text as `SVGWriter.document(scene)`.
    public mutating func document(_ scene: Scene) -> String {
        let (head, parts) = parts(scene)
        var out = head
        out.reserveCapacity(head.utf8.count + parts.reduce(0) { $0 + $1.text.utf8.count } + 8)
        for part in parts { out += part.text }
        out += SVGDocumentCache.closing
        return out
    }
}
