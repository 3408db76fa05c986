/// The stories that move the whole screen rather than a row: the menu (an edge pan slides the content right over a
/// dark menu), the segmented control (its tint changes), the compose sheet (a bright sheet comes up, the rest
/// dimmed or replaced by a keyboard).
enum ScreenMoments {
    /// The middle rows of a frame (the menu reaches from the top bar to the bottom).
    private static func middleRows(_ s: FrameSummary) -> Range<Int> { (s.height / 10)..<(s.height * 9 / 10) }

    /// How far the menu shows in a frame: the number of leading columns (of 8) dark on most middle rows while the
    /// last column is bright there (the content, moved right); 0 when none. The first column counts with the second:
    /// a menu's icons brighten it on many rows.
    static func menuColumns(_ s: FrameSummary) -> Int {
        let rows = middleRows(s)
        guard !rows.isEmpty else { return 0 }
        var dark = [Int](repeating: 0, count: FrameSummary.columns)
        for y in rows where s.luma(y, FrameSummary.columns - 1) > 150 {
            for c in 0..<(FrameSummary.columns - 1) where s.luma(y, c) < 90 { dark[c] += 1 }
        }
        var columns = 1
        while columns < FrameSummary.columns - 1, dark[columns] * 10 >= rows.count * 6 { columns += 1 }
        return columns == 1 ? 0 : columns
    }

    static func menu(_ summaries: [FrameSummary]) -> StoryFinding {
        var widest: (frame: Int, columns: Int)?
        for (i, s) in summaries.enumerated() {
            let columns = menuColumns(s)
            if columns > 0, columns > (widest?.columns ?? 0) { widest = (i, columns) }
        }
        guard let widest else {
            return StoryFinding(story: .menu, verdict: .notSeen, evidence: "the content never moves right over a menu")
        }
        let s = summaries[widest.frame]
        let points = "about \(widest.columns * 40) pt"
        if widest.columns >= 4 {
            return StoryFinding(
                story: .menu, verdict: .seen, frame: s.index, time: s.start,
                evidence: "the content moved right \(points), a dark menu behind it")
        }
        return StoryFinding(
            story: .menu, verdict: .unsure, frame: s.index, time: s.start,
            evidence: "the content moved right only \(points) over something dark")
    }

    static func segments(_ summaries: [FrameSummary], excluding covered: Set<Int>) -> StoryFinding {
        // The usual tint, and the first run of two frames or more in another of the segments' hues.
        var counts: [HueFamily: Int] = [:]
        for s in summaries where s.saturatedShare < 350 { if let t = s.tint { counts[t, default: 0] += 1 } }
        guard let usual = counts.max(by: { $0.value < $1.value })?.key else {
            return StoryFinding(story: .segments, verdict: .notSeen, evidence: "the top bar has no tint")
        }
        var run = 0
        var family: HueFamily?
        for (i, s) in summaries.enumerated() {
            let tint = s.saturatedShare < 350 && !covered.contains(i) && menuColumns(s) == 0 ? s.tint : nil
            if let tint, tint != usual, [HueFamily.yellow, .green, .blue, .orange].contains(tint) {
                run = tint == family ? run + 1 : 1
                family = tint
                if run >= 2 {
                    return StoryFinding(
                        story: .segments, verdict: .seen, frame: s.index, time: s.start,
                        evidence: "the segmented control's tint went from \(usual.rawValue) to \(tint.rawValue)")
                }
            } else {
                run = 0
                family = nil
            }
        }
        return StoryFinding(
            story: .segments, verdict: .notSeen, evidence: "the top bar stays \(usual.rawValue)")
    }

    /// A compose sheet in a frame: the top bar dimmed (mailsim's and the course's dim layer) over a bright sheet,
    /// or a keyboard's gray rows across the bottom under a bright screen.
    static func composeLike(_ s: FrameSummary) -> Bool {
        let h = s.height
        guard h >= 300 else { return false }
        func rowMean(_ y: Int) -> Int {
            var sum = 0
            for c in 0..<FrameSummary.columns { sum += s.luma(y, c) }
            return sum / FrameSummary.columns
        }
        func rowFlat(_ y: Int) -> Bool {
            var low = 255
            var high = 0
            for c in 0..<FrameSummary.columns {
                low = min(low, s.luma(y, c))
                high = max(high, s.luma(y, c))
            }
            return high - low <= 8
        }
        // Dimmed bar over a bright sheet.
        var dimmed = 0
        for y in 24..<60 where (50...150).contains(rowMean(y)) { dimmed += 1 }
        var bright = 0
        for y in 110..<(h * 6 / 10) where rowMean(y) >= 225 { bright += 1 }
        if dimmed >= 30, bright * 10 >= (h * 6 / 10 - 110) * 8 { return true }
        // A keyboard: flat light-gray rows between its keys, across the bottom 216 points, under a bright form.
        var keyboardGaps = 0
        for y in (h - 216)..<(h - 4) where (165...228).contains(rowMean(y)) && rowFlat(y) { keyboardGaps += 1 }
        var form = 0
        for y in 70..<(h - 260) where rowMean(y) >= 235 { form += 1 }
        return keyboardGaps >= 25 && form * 10 >= (h - 330) * 6
    }

    static func compose(_ summaries: [FrameSummary], excluding covered: Set<Int>) -> StoryFinding {
        var run = 0
        for (i, s) in summaries.enumerated() where !covered.contains(i) {
            if composeLike(s) {
                run += 1
                if run >= 2 || s.duration >= 0.3 {
                    return StoryFinding(
                        story: .compose, verdict: .seen, frame: s.index, time: s.start,
                        evidence: "a bright sheet over the screen, the rest dimmed or a keyboard below")
                }
            } else {
                run = 0
            }
        }
        return StoryFinding(story: .compose, verdict: .notSeen, evidence: "no compose sheet comes up")
    }
}
