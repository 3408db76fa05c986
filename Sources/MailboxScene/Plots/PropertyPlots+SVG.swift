import MailboxText

extension PropertyPlots {
    /// What a chart's vertical axis covers: its values, its guides and zero. The range label says these two.
    public struct Axis: Sendable, Equatable {
        public var lowest: Double
        public var highest: Double

        init(_ s: Series) {
            let guideValues = s.guides.joined()
            lowest = min(s.values.min() ?? 0, guideValues.min() ?? 0, 0)
            highest = max(s.values.max() ?? 0, guideValues.max() ?? 0, 0)
        }
    }

    /// A guide's label: its value, where its run of frames starts and whether it reaches the last frame.
    struct GuideLabel {
        var value: Double
        var startFrame: Int
        var reachesEnd: Bool
    }

    /// One chart as an SVG element, as wide as the page makes it: its name and range (the axis's extremes) above
    /// the area; in the area, stretched along time, the guides, the zero line, the value's polyline and the
    /// cursor; each guide labelled in the right-hand gutter when it reaches the end, else at its run's start.
    /// The labels are placed in one column (`LabelColumn`), so no two overlap at any width.
    public func svg(_ s: Series) -> String {
        let axis = Axis(s)
        // Each guide's runs of frames at one value.
        var runs: [(guide: Int, first: Int, last: Int)] = []
        for (g, guide) in s.guides.enumerated() {
            var start = 0
            while start < guide.count {
                var end = start
                while end + 1 < guide.count && guide[end + 1] == guide[start] { end += 1 }
                runs.append((g, start, end))
                start = end + 1
            }
        }
        let h = max(Self.areaHeight, Double(max(0, runs.count - 1)) * Self.labelGap + 4)
        let height = Self.areaTop + h + Self.bottomMargin
        let span = axis.highest - axis.lowest
        /// A value's y in the area.
        func y(_ v: Double) -> Double { span == 0 ? h / 2 : h * (axis.highest - v) / span }
        func n(_ v: Double) -> String { formatNumber(v, decimals: 2) }
        let w = Self.timeUnits

        var out = "<svg class=\"plot\" width=\"100%\" height=\"\(n(height))\">"
        out +=
            "<text class=\"name\" x=\"6\" y=\"13\">\(xmlEscaped(s.name))<tspan class=\"range\" dx=\"10\">"
            + "\(formatNumber(axis.lowest)) … \(formatNumber(axis.highest))</tspan></text>"
        out +=
            """
            <svg class=\"area\" y=\"\(n(Self.areaTop))\" width=\"100%\" height=\"\(n(h))\" viewBox=\"0 0 \(n(w)) \
            \(n(h))\" preserveAspectRatio=\"none\">
            """
        var steps = ""
        for run in runs {
            let guide = s.guides[run.guide]
            let value = guide[run.first]
            let gy = n(y(value))
            let x1 = run.first == 0 ? 0 : x(ofFrame: run.first)
            let x2 = run.last == guide.count - 1 ? w : x(ofFrame: run.last + 1)
            out +=
                """
                <line class=\"guide\" x1=\"\(n(x1))\" x2=\"\(n(x2))\" y1=\"\(gy)\" \
                y2=\"\(gy)\"><title>\(formatNumber(value))</title></line>
                """
            if run.last + 1 < guide.count {
                steps +=
                    """
                    <line class=\"guide\" x1=\"\(n(x2))\" x2=\"\(n(x2))\" y1=\"\(gy)\" \
                    y2=\"\(n(y(guide[run.last + 1])))\"/>
                    """
            }
        }
        out += steps
        out += "<line class=\"zero\" x1=\"0\" x2=\"\(n(w))\" y1=\"\(n(y(0)))\" y2=\"\(n(y(0)))\"/>"
        var points = ""
        for (k, v) in s.values.enumerated() {
            if k > 0 { points += " " }
            points += n(x(ofFrame: k)) + "," + n(y(v))
        }
        out += "<polyline class=\"series\" points=\"\(points)\"/>"
        out += "<line class=\"cursor\" x1=\"0\" x2=\"0\" y1=\"0\" y2=\"\(n(h))\"/>"
        out += "</svg>"
        out += labels(
            runs.map {
                GuideLabel(
                    value: s.guides[$0.guide][$0.first], startFrame: $0.first, reachesEnd: $0.last == frameCount - 1)
            },
            y: { Self.areaTop + y($0) }, areaHeight: h)
        out += "</svg>"
        return out
    }

    /// The guides' labels: those reaching the end right-aligned in the gutter, centred on their line; the others
    /// just above their line at their run's start; all moved apart as little as keeps them a line apart.
    func labels(_ labels: [GuideLabel], y: (Double) -> Double, areaHeight h: Double) -> String {
        guard !labels.isEmpty else { return "" }
        func n(_ v: Double) -> String { formatNumber(v, decimals: 2) }
        let wanted = labels.map { y($0.value) + ($0.reachesEnd ? 3 : -2) }
        let placed = LabelColumn.place(wanted, gap: Self.labelGap, within: (Self.areaTop + 6)...(Self.areaTop + h + 2))
        var atStart = ""
        var inGutter = ""
        for (label, baseline) in zip(labels, placed) {
            let text = formatNumber(label.value)
            if label.reachesEnd {
                inGutter +=
                    """
                    <text class=\"guide-label\" x=\"100%\" dx=\"\(n(Self.gutter - 4))\" \
                    y=\"\(n(baseline))\">\(text)</text>
                    """
            } else {
                let percent = 100 * x(ofFrame: label.startFrame) / Self.timeUnits
                atStart +=
                    """
                    <text class=\"guide-label at-start\" x=\"\(n(percent))%\" dx=\"3\" \
                    y=\"\(n(baseline))\">\(text)</text>
                    """
            }
        }
        return atStart + inGutter
    }
}
