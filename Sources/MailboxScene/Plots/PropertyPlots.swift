import MailboxSim
import MailboxText

/// The plots under the HTML player (and the playground's history): every property that moves during the
/// walkthrough against time, one chart each, with the swipe thresholds behind each row's x as they were set at
/// each frame (±60, ±260 by default; a `set threshold…` part-way moves them from that frame on). All the geometry
/// is computed here (PropertyPlots+SVG draws a chart); the page only moves a cursor to the x this gives for each
/// frame. A chart takes the width it is given: time runs along its whole width less the labels' gutter.
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

    /// The time axis in the chart area's own units (its viewBox, stretched to the page's width): the cursor's x.
    public static let timeUnits = 1000.0
    /// Chart geometry, in CSS pixels: the name and range above the area, the area (taller when its guide labels
    /// need it), the right-hand gutter that holds the labels of the guides reaching the end, the labels' line.
    static let areaTop = 22.0
    static let areaHeight = 64.0
    static let bottomMargin = 6.0
    public static let gutter = 52.0
    static let labelGap = 10.0
    /// The property plots' style (their classes: `series`, `zero`, `guide`, `guide-label`, `name`, `range`,
    /// `cursor`): Embedded/plots.css, compiled in. The HTML player's, and the playground's `plots.css` (`make site`
    /// copies the same file), one text so the two cannot drift.
    public static let css = String(decoding: PackageResources.plots_css, as: UTF8.self)

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
        frameCount > 1 ? Self.timeUnits * Double(k) / Double(frameCount - 1) : 0
    }
}
