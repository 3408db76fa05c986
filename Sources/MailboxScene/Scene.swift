import MailboxAnimation

/// A drawing of the screen (or a walkthrough frame): shapes, text and groups in points, origin top-left,
/// every coordinate already computed. SVG, PNG, GIF and the HTML player are renderings of it.
public struct Scene: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var nodes: [SceneNode]

    public init(width: Double, height: Double, nodes: [SceneNode] = []) {
        self.width = width
        self.height = height
        self.nodes = nodes
    }
}

/// One thing drawn, painted in order (later nodes over earlier ones).
public indirect enum SceneNode: Equatable, Sendable {
    /// A filled rectangle, its corners rounded by `radius`.
    case rect(SceneRect, Paint, radius: Double)
    /// A filled circle.
    case circle(center: ScenePoint, radius: Double, Paint)
    /// A stroked path with round caps and joins.
    case stroke(ScenePath, Paint, width: Double)
    /// A line of text.
    case text(SceneText)
    /// Children drawn together, clipped to a rectangle and faded as one.
    case group(SceneGroup)
}

/// A point in screen points.
public struct ScenePoint: Equatable, Sendable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    /// The point (0, 0).
    public static let zero = ScenePoint(0, 0)
}

/// A rectangle in screen points.
public struct SceneRect: Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// A colour and its opacity.
public struct Paint: Equatable, Sendable {
    public var color: Color
    public var alpha: Double
    public init(_ color: Color, alpha: Double = 1) {
        self.color = color
        self.alpha = alpha
    }
    public init(rgb: UInt32, alpha: Double = 1) { self.init(Color(rgb: rgb), alpha: alpha) }
}

/// Open polylines (each a list of points) stroked with one pen, or circles' outlines.
public struct ScenePath: Equatable, Sendable {
    public var lines: [[ScenePoint]]
    /// Circle outlines in the path.
    public var rings: [Ring]

    public init(lines: [[ScenePoint]] = [], rings: [Ring] = []) {
        self.lines = lines
        self.rings = rings
    }

    /// A circle outline.
    public struct Ring: Equatable, Sendable {
        public var center: ScenePoint, radius: Double
        public init(_ center: ScenePoint, _ radius: Double) {
            self.center = center
            self.radius = radius
        }
    }
}

/// A line of text at a baseline point.
public struct SceneText: Equatable, Sendable {
    public var string: String
    /// The baseline point the anchor is at.
    public var at: ScenePoint
    public var size: Double
    public var font: SceneFont
    public var anchor: Anchor
    public var paint: Paint

    public init(
        _ string: String, at: ScenePoint, size: Double, font: SceneFont = .sans, anchor: Anchor = .start,
        paint: Paint
    ) {
        self.string = string
        self.at = at
        self.size = size
        self.font = font
        self.anchor = anchor
        self.paint = paint
    }

    /// Which point of the text sits at `at`: its start, middle or end.
    public enum Anchor: String, Equatable, Sendable { case start, middle, end }
}

/// The fonts a scene uses (DejaVu, from Debian's fonts-dejavu-core).
public enum SceneFont: Equatable, Sendable {
    case sans, sansBold, mono

    /// The family name, as fontconfig and CSS know it.
    public var family: String { self == .mono ? "DejaVu Sans Mono" : "DejaVu Sans" }
    public var isBold: Bool { self == .sansBold }
}

/// Children clipped and faded together, drawn from an origin of their own.
public struct SceneGroup: Equatable, Sendable {
    /// The clip's rectangle, in the coordinates the group is in (its parent's).
    public var clip: SceneRect?
    public var opacity: Double
    /// Where the children's (0, 0) is, in the parent's coordinates: a row's children are drawn from its slot's
    /// corner, so that a row that moves is the same children at another origin (SVG writes one translation, and
    /// the text of the children is kept: `SVGDocumentCache`).
    public var origin: ScenePoint
    public var children: [SceneNode]
    /// What the group is, unique in its scene (`msg3`, `msg3-face`): its clip path is named by it, so that the name
    /// stays the same while groups before it come and go (SVG otherwise numbers clip paths in order).
    public var name: String?
    public init(
        clip: SceneRect? = nil, opacity: Double = 1, origin: ScenePoint = .zero, name: String? = nil,
        children: [SceneNode]
    ) {
        self.clip = clip
        self.opacity = opacity
        self.origin = origin
        self.name = name
        self.children = children
    }
}
