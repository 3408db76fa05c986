/// Labels placed in one column so that none overlaps another: each as near the place it wants as it can be,
/// no two closer than a gap (a line of their text), all within bounds. Labels that would crowd move apart
/// together, about the mean of what they want, keeping their order (the classic clustering of chart labels).
enum LabelColumn {
    /// The place of each label (same order as `wanted`). When `bounds` cannot hold them all `gap` apart, the
    /// last ones go past its lower end rather than overlap (a chart is made tall enough that they do not).
    static func place(_ wanted: [Double], gap: Double, within bounds: ClosedRange<Double>) -> [Double] {
        let order = wanted.indices.sorted { (wanted[$0], $0) < (wanted[$1], $1) }
        // Runs of labels `gap` apart, each starting where its labels want it most (the mean of their wishes).
        var runs: [(start: Double, members: [Int])] = []
        for label in order {
            var run = (start: wanted[label], members: [label])
            while let previous = runs.last, previous.start + Double(previous.members.count) * gap > run.start {
                runs.removeLast()
                let members = previous.members + run.members
                let starts = members.enumerated().map { wanted[$0.element] - Double($0.offset) * gap }
                run = (start: starts.reduce(0, +) / Double(members.count), members: members)
            }
            runs.append(run)
        }
        // `runs` holds the labels in `order`: their places, top to bottom.
        var sorted = runs.flatMap { run in run.members.indices.map { run.start + Double($0) * gap } }
        // Into the bounds: the last label up from the lower end, then the first down from the upper one.
        for k in sorted.indices.reversed() {
            sorted[k] = min(sorted[k], k == sorted.count - 1 ? bounds.upperBound : sorted[k + 1] - gap)
        }
        for k in sorted.indices {
            sorted[k] = max(sorted[k], k == 0 ? bounds.lowerBound : sorted[k - 1] + gap)
        }
        var placed = [Double](repeating: 0, count: wanted.count)
        for (k, label) in order.enumerated() { placed[label] = sorted[k] }
        return placed
    }
}
