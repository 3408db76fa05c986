/// Frames compared by their coarse luminance (`FrameSummary.luma`): whether the feed under a row moved up by the
/// row's height, is back as it was, or is covered.
enum FeedComparison {
    /// The share (of 1,000) of cells that differ between `later`'s rows from `top` and `earlier`'s rows from
    /// `top + shift`, over `count` rows (fewer where the screen ends): a cell differs when its luminance differs by
    /// more than 12 or its texture by more than 16. A share, not a mean, so that a finger or a cursor over a few
    /// cells counts for a few cells.
    static func difference(_ later: FrameSummary, _ earlier: FrameSummary, top: Int, shift: Int, count: Int) -> Int {
        var differ = 0
        var n = 0
        var y = max(0, top)
        while y < top + count, y < later.height, y + shift < earlier.height, y + shift >= 0 {
            for c in 0..<FrameSummary.columns {
                if abs(later.luma(y, c) - earlier.luma(y + shift, c)) > 12
                    || abs(later.texture(y, c) - earlier.texture(y + shift, c)) > 16
                {
                    differ += 1
                }
                n += 1
            }
            y += 1
        }
        return n == 0 ? 1000 : differ * 1000 / n
    }

    /// How far, in `later`, the feed under the row at `top` (`height` tall) has moved up from where `before` showed
    /// it: the largest shift from a third of the row's height to all of it (give or take 6 points) under which the
    /// rows below the row's remains match; nil when none does (the hide, part way or done).
    static func movedUp(_ later: FrameSummary, from before: FrameSummary, top: Int, height: Int) -> Int? {
        let count = min(2 * height, before.height - top - height - 8)
        guard count >= 20 else {
            // The last row: below it, the screen's background or nothing; a row gone is a change where it was.
            let same = difference(later, before, top: top, shift: 0, count: height)
            return same >= 300 ? height : nil
        }
        var shift = height + 6
        while shift * 3 >= height {
            // The row's remains (its height less the shift) stay at the top; what was below it is under them.
            let from = top + max(0, height - shift)
            let up = difference(later, before, top: from, shift: shift, count: count)
            let same = difference(later, before, top: from, shift: 0, count: count)
            if up <= 80, up * 3 < same { return min(shift, height) }
            shift -= 1
        }
        return nil
    }

    /// Whether `later` shows the rows from `top` as `before` did (the row back where it was, the feed as it was).
    static func asBefore(_ later: FrameSummary, _ before: FrameSummary, top: Int, height: Int) -> Bool {
        let count = min(2 * height, before.height - top - height - 8)
        let same = difference(later, before, top: top, shift: 0, count: max(height, count))
        guard count >= 20 else { return same <= 80 }
        var up = Int.max
        for shift in (height - 6)...(height + 6) {
            up = min(up, difference(later, before, top: top, shift: shift, count: count))
        }
        return same <= 80 && same * 3 < up
    }

    /// The share (of 1,000) of the cells above `top` (under the status bar) that differ by more than 24 from
    /// `reference`: most of them when something covers the screen.
    static func coveredShare(_ frame: FrameSummary, _ reference: FrameSummary, above top: Int) -> Int {
        var changed = 0
        var n = 0
        var y = min(20, top)
        while y < top, y < frame.height, y < reference.height {
            for c in 0..<FrameSummary.columns {
                if abs(frame.luma(y, c) - reference.luma(y, c)) > 24 { changed += 1 }
                n += 1
            }
            y += 1
        }
        return n == 0 ? 0 : changed * 1000 / n
    }
}
