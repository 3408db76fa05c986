import MailboxSim
import MailboxText

/// The plots under the HTML player (and the playground's history): every property that moves during the
/// walkthrough against time, one chart each, with the swipe thresholds behind each row's x as they were set at
/// each frame (±60, ±260 by default; a `set threshold…` part-way moves them from that frame on). All the geometry
/// is computed here; the page only moves a cursor to the x this gives for each frame.
public struct PropertyPlots: Sendable {
    /// A property's value at every frame.
    public struct Series: Sendable {
        public var name: String
        public var values: [Double]
        /// Reference lines drawn behind it (the thresholds of a row's x), each its value at every frame.
        public var guides: [[Double]]
    }

    public var series: [Series]
    public var frameCount: Int

    /// Chart geometry, in CSS pixels.
    public static let width = 560.0
    public static let chartHeight = 64.0
    static let left = 0.0
    static let top = 8.0
    /// The charts' style sheet (their classes: `series`, `zero`, `guide`, `guide-label`, `name`, `range`,
    /// `cursor`): the HTML player's own, which the playground serves too.
    public static var css: String { PlayerAssets.plotCSS }

    public init(_ walkthrough: Walkthrough) {
        self.init(screens: walkthrough.frames.map(\.screen))
    }

    /// The plots of the screens at evenly spaced instants (a walkthrough's frames).
    public init(screens: [ScreenSnapshot]) {
        frameCount = screens.count
        var all: [Series] = []
        func add(_ name: String, guides: [[Double]] = [], _ value: (ScreenSnapshot) -> Double) {
            let values = screens.map(value)
            guard let first = values.first, values.contains(where: { $0 != first }) else { return }
            all.append(Series(name: name, values: values, guides: guides))
        }
        // The thresholds as they were at each frame (`set threshold…`; SPEC's ±60 and ±260 by default).
        let sides: [(Thresholds) -> Double] = [{ -$0.left.far }, { -$0.left.near }, { $0.right.near }, { $0.right.far }]
        let thresholds = sides.map { side in screens.map { side($0.thresholds) } }
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
        let guideValues = s.guides.joined()
        let lowest = min(s.values.min() ?? 0, guideValues.min() ?? 0, 0)
        let highest = max(s.values.max() ?? 0, guideValues.max() ?? 0, 0)
        let span = highest - lowest
        let h = Self.chartHeight, w = Self.width
        func y(_ v: Double) -> Double { span == 0 ? Self.top + h / 2 : Self.top + h * (highest - v) / span }
        func n(_ v: Double) -> String { formatNumber(v, decimals: 2) }
        var out = "<svg class=\"plot\" viewBox=\"0 0 \(n(w)) \(n(h + 2 * Self.top))\" width=\"\(n(w))\" height=\"\(n(h + 2 * Self.top))\">"
        for guide in s.guides {
            // One line for each run of frames at one value, labelled at its right end; a step joins two runs.
            var start = 0
            var steps = ""
            while start < guide.count {
                var end = start
                while end + 1 < guide.count && guide[end + 1] == guide[start] { end += 1 }
                let value = guide[start], gy = n(y(value))
                let x1 = start == 0 ? 0 : x(ofFrame: start), x2 = end == guide.count - 1 ? w : x(ofFrame: end + 1)
                out += "<line class=\"guide\" x1=\"\(n(x1))\" x2=\"\(n(x2))\" y1=\"\(gy)\" y2=\"\(gy)\"><title>\(formatNumber(value))</title></line>"
                out += "<text class=\"guide-label\" x=\"\(n(x2 - 2))\" y=\"\(n(y(value) - 2))\">\(formatNumber(value))</text>"
                if end + 1 < guide.count {
                    steps += "<line class=\"guide\" x1=\"\(n(x2))\" x2=\"\(n(x2))\" y1=\"\(gy)\" y2=\"\(n(y(guide[end + 1])))\"/>"
                }
                start = end + 1
            }
            out += steps
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
