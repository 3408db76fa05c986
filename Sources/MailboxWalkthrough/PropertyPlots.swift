import MailboxSim
import MailboxText

/// The plots under the HTML player: every property that moves during the walkthrough against time, one
/// chart each, with the swipe thresholds (±60, ±260) behind each row's x. All the geometry is computed here;
/// the page only moves a cursor to the x this gives for each frame.
public struct PropertyPlots: Sendable {
    /// A property's value at every frame.
    public struct Series: Sendable {
        public var name: String
        public var values: [Double]
        /// Values drawn as reference lines behind it (the thresholds of a row's x).
        public var guides: [Double]
    }

    public var series: [Series]
    public var frameCount: Int

    /// Chart geometry, in CSS pixels.
    public static let width = 560.0
    public static let chartHeight = 64.0
    static let left = 0.0
    static let top = 8.0

    public init(_ walkthrough: Walkthrough) {
        frameCount = walkthrough.frames.count
        let screens = walkthrough.frames.map(\.screen)
        var all: [Series] = []
        func add(_ name: String, guides: [Double] = [], _ value: (ScreenSnapshot) -> Double) {
            let values = screens.map(value)
            guard let first = values.first, values.contains(where: { $0 != first }) else { return }
            all.append(Series(name: name, values: values, guides: guides))
        }
        // The thresholds the walkthrough ends with (`set threshold…`; SPEC's ±60 and ±260 by default).
        let zones = screens.last?.thresholds ?? .spec
        let thresholds = [-zones.left.far, -zones.left.near, zones.right.near, zones.right.far]
        let rowCount = screens.first?.rows.count ?? 0
        for i in 0..<rowCount {
            let name = MessageID(i + 1).name
            add(name + ".x", guides: thresholds) { $0.rows.count > i ? $0.rows[i].x : 0 }
            add(name + ".height") { $0.rows.count > i ? $0.rows[i].height : 0 }
            add(name + ".alpha") { $0.rows.count > i ? $0.rows[i].alpha : 0 }
            add(name + ".icon.alpha") { $0.rows.count > i ? $0.rows[i].iconAlpha : 0 }
        }
        add("overlay.alpha") { $0.overlay?.alpha ?? 0 }
        add("content.x") { $0.contentX }
        add("compose.y") { $0.compose.y }
        add("compose.dim") { $0.compose.dim }
        for segment in Segment.allCases {
            add("view.\(segment.rawValue).x") { $0.viewX(of: segment) }
        }
        series = all
    }

    /// The x of frame `k` on every chart (the cursor's place).
    public func x(ofFrame k: Int) -> Double {
        frameCount > 1 ? Self.left + Self.width * Double(k) / Double(frameCount - 1) : Self.left
    }

    /// One chart as an SVG element: guides, the zero line, the value's polyline, its name and range, a cursor.
    public func svg(_ s: Series) -> String {
        let lowest = min(s.values.min() ?? 0, s.guides.min() ?? 0, 0)
        let highest = max(s.values.max() ?? 0, s.guides.max() ?? 0, 0)
        let span = highest - lowest
        let h = Self.chartHeight, w = Self.width
        func y(_ v: Double) -> Double { span == 0 ? Self.top + h / 2 : Self.top + h * (highest - v) / span }
        func n(_ v: Double) -> String { formatNumber(v, decimals: 2) }
        var out = "<svg class=\"plot\" viewBox=\"0 0 \(n(w)) \(n(h + 2 * Self.top))\" width=\"\(n(w))\" height=\"\(n(h + 2 * Self.top))\">"
        for guide in s.guides {
            out += "<line class=\"guide\" x1=\"0\" x2=\"\(n(w))\" y1=\"\(n(y(guide)))\" y2=\"\(n(y(guide)))\"><title>\(formatNumber(guide))</title></line>"
            out += "<text class=\"guide-label\" x=\"\(n(w - 2))\" y=\"\(n(y(guide) - 2))\">\(formatNumber(guide))</text>"
        }
        out += "<line class=\"zero\" x1=\"0\" x2=\"\(n(w))\" y1=\"\(n(y(0)))\" y2=\"\(n(y(0)))\"/>"
        var points = ""
        for (k, v) in s.values.enumerated() {
            if k > 0 { points += " " }
            points += n(x(ofFrame: k)) + "," + n(y(v))
        }
        out += "<polyline class=\"series\" points=\"\(points)\"/>"
        out += "<text class=\"name\" x=\"4\" y=\"\(n(Self.top + 10))\">\(s.name)</text>"
        out += "<text class=\"range\" x=\"4\" y=\"\(n(Self.top + h - 2))\">\(formatNumber(s.values.min() ?? 0)) … \(formatNumber(s.values.max() ?? 0))</text>"
        out += "<line class=\"cursor\" x1=\"0\" x2=\"0\" y1=\"0\" y2=\"\(n(h + 2 * Self.top))\"/>"
        out += "</svg>"
        return out
    }
}
