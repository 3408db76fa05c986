/// The stories read from a walkthrough's frame summaries: the drags followed, their stages named, what became of
/// each, and the screen-wide moments (the menu, the compose sheet, the segmented control).
struct StoryReading {
    let summaries: [FrameSummary]
    /// The screen's width in points, what a crop took off included.
    let width: Int
    /// The points a crop took off the screen's left and right.
    let crop: (left: Int, right: Int)
    let outcomes: [TrackOutcome]
    let naming: [DragSide: StageNaming]
    /// The median time a frame is shown: slow walkthroughs can miss a short animation between two frames.
    let frameTime: Double

    init(summaries given: [FrameSummary], placement: ScreenPlacement?) {
        // A cropped recording: the points cut off each side, from where the top bar's segmented control (which
        // the screen centres) is; every band's run is that much short on its side.
        let (left, right) = StoryReading.crops(given, placement)
        var summaries = given
        for i in summaries.indices {
            summaries[i].width += left + right
            for b in summaries[i].bands.indices {
                summaries[i].bands[b].offset += summaries[i].bands[b].side == .right ? left : right
            }
        }
        let width = (placement?.pointWidth ?? 0) + left + right
        self.crop = (left, right)
        self.summaries = summaries
        self.width = width
        // Bands seen while something covers the top bar (options, an alert, the menu, a home screen) are that
        // cover's drawing, not a row's.
        let covered = StoryReading.coveredTopBar(summaries)
        var uncovered = summaries
        for i in uncovered.indices where covered.contains(i) { uncovered[i].bands = [] }
        // A drag starts less than most of the way across, and not in the frame a cover left: a row that comes
        // back (undone, or the options cancelled) comes in from across, or is first seen as the cover goes.
        // And a drag is seen part way at least once (4 points in or more, short of across): a bar whose edge
        // flickers by a point or two, or a row already across, is not one.
        let drags = DragTrack.follow(uncovered).filter { track in
            track.first.band.offset * 5 < width * 4 && !covered.contains(track.first.frame - 1)
                && track.sightings.contains { $0.band.offset >= 4 && $0.band.offset + 4 < width }
        }
        var naming: [DragSide: StageNaming] = [:]
        for side in DragSide.allCases { naming[side] = StageNaming(side: side, drags: drags) }
        self.naming = naming
        var outcomes: [TrackOutcome] = []
        for (k, track) in drags.enumerated() {
            let end = k + 1 < drags.count ? min(summaries.count, drags[k + 1].first.frame + 1) : summaries.count
            outcomes.append(
                TrackOutcome(
                    track, naming: naming[track.side]!, summaries: summaries, width: width, until: end))
        }
        self.outcomes = outcomes
        let times = summaries.map { $0.duration }.sorted()
        frameTime = times.isEmpty ? 0 : times[times.count / 2]
    }

    /// The frames whose top bar (20 to 64 points) something covers: the app's bar is light (the course's and
    /// mailsim's), so a bar darker than a mean luminance of 185 (a dim layer, a dark overlay, the menu, a home screen)
    /// or mostly saturated (mailsim's tinted options) is covered.
    static func coveredTopBar(_ summaries: [FrameSummary]) -> Set<Int> {
        var covered = Set<Int>()
        for (i, s) in summaries.enumerated() where s.height >= 64 {
            var sum = 0
            for y in 20..<64 { for c in 0..<FrameSummary.columns { sum += s.luma(y, c) } }
            if sum < 185 * 44 * FrameSummary.columns || s.saturatedShare >= 350 { covered.insert(i) }
        }
        return covered
    }

    /// The points cut off the screen's left and right: none when the picture is as wide as the phone; else the
    /// shortfall split by where the segmented control's centre is (its median over the frames), evenly when no
    /// frame shows it.
    static func crops(_ summaries: [FrameSummary], _ placement: ScreenPlacement?) -> (Int, Int) {
        guard let placement else { return (0, 0) }
        let missing = placement.phoneWidth - placement.pointWidth
        guard missing > 0 else { return (0, 0) }
        let centres = summaries.compactMap { $0.saturatedShare < 350 ? $0.tintCentre : nil }.sorted()
        guard !centres.isEmpty else { return (missing / 2, missing - missing / 2) }
        let left = min(missing, max(0, placement.phoneWidth / 2 - centres[centres.count / 2]))
        return (left, missing - left)
    }

    /// Whether two frames can miss a 0.3-second animation: slower than 3 frames a second.
    var slow: Bool { frameTime > 0.34 }

    // MARK: Findings

    func findings() -> [StoryFinding] {
        Story.allCases.map { finding($0) }
    }

    private func finding(_ story: Story) -> StoryFinding {
        if summaries.isEmpty {
            return StoryFinding(story: story, verdict: .notSeen, evidence: "the walkthrough has no frame")
        }
        switch story {
        case .leftGray: return stageFinding(story, .left, .gray)
        case .leftYellow: return stageFinding(story, .left, .near)
        case .leftBrown: return stageFinding(story, .left, .far)
        case .rightGray: return stageFinding(story, .right, .gray)
        case .rightGreen: return stageFinding(story, .right, .near)
        case .rightRed: return stageFinding(story, .right, .far)
        case .leftSnapback: return snapbackFinding(story, .left)
        case .rightSnapback: return snapbackFinding(story, .right)
        case .leftReschedule: return optionsFinding(story, .near)
        case .leftList: return optionsFinding(story, .far)
        case .rightArchive: return hideFinding(story, .near)
        case .rightDelete: return hideFinding(story, .far)
        case .optionsDismiss: return dismissFinding()
        case .undo: return undoFinding()
        case .menu: return ScreenMoments.menu(summaries)
        case .segments: return ScreenMoments.segments(summaries, excluding: coveredFrames)
        case .compose: return ScreenMoments.compose(summaries, excluding: coveredFrames)
        }
    }

    private func seen(_ story: Story, at frame: Int, _ evidence: String, mark: EvidenceMark? = nil) -> StoryFinding {
        StoryFinding(
            story: story, verdict: .seen, frame: summaries[frame].index, time: summaries[frame].start,
            evidence: evidence, mark: mark)
    }

    private func drags(_ side: DragSide) -> [TrackOutcome] { outcomes.filter { $0.track.side == side } }

    private func stageFinding(_ story: Story, _ side: DragSide, _ stage: Stage) -> StoryFinding {
        let name = stage.name(side)
        var best: (frame: Int, offset: Int, colour: Colour, mark: EvidenceMark)?
        for outcome in drags(side) {
            for (k, sighting) in outcome.track.sightings.enumerated() where outcome.stages[k] == stage {
                // The stage's deepest drag frame (before the row went across).
                if let full = outcome.fullAt, sighting.frame >= full { continue }
                if best == nil || sighting.band.offset > best!.offset {
                    best = (sighting.frame, sighting.band.offset, sighting.band.colour, sighting.band.mark)
                }
            }
        }
        if let best {
            return seen(
                story, at: best.frame,
                "dragged \(side.rawValue) \(best.offset) pt: the \(name) stage, \(best.colour.hex)", mark: best.mark)
        }
        let sides = drags(side)
        if sides.isEmpty {
            return StoryFinding(story: story, verdict: .notSeen, evidence: "no row is dragged \(side.rawValue)")
        }
        if stage == .gray {
            let closest = sides.flatMap { $0.dragSightings.map { $0.band.offset } }.min() ?? 0
            if closest >= 40 {
                return StoryFinding(
                    story: story, verdict: .unsure,
                    evidence:
                        "every \(side.rawValue) drag is first seen \(closest) pt or more in, in a colour past gray: "
                        + "the frames may have missed a gray stage")
            }
        }
        let colours = Set(sides.flatMap { o in o.track.sightings.map { $0.band.colour.hex } }).sorted().prefix(4)
        return StoryFinding(
            story: story, verdict: .notSeen,
            evidence: "\(sides.count) \(side.rawValue) drag(s), none in a \(name) stage (colours seen: "
                + colours.joined(separator: ", ") + ")")
    }

    private func snapbackFinding(_ story: Story, _ side: DragSide) -> StoryFinding {
        var maybe: TrackOutcome?
        for outcome in drags(side) where outcome.fullAt == nil {
            if outcome.lastStage == .gray, let rest = outcome.restAt {
                return seen(
                    story, at: rest,
                    "from \(outcome.track.last.band.offset) pt, gray, the row is back at rest (\(rest - outcome.track.last.frame) frame(s) later)"
                )
            }
            if outcome.restAt != nil || outcome.lastStage == .gray { maybe = maybe ?? outcome }
        }
        if let maybe {
            let why =
                maybe.restAt != nil
                ? "the row went back to rest from the \(maybe.lastStage.map { $0.name(side) } ?? "unnamed") stage "
                    + "between two frames: a drag back or a release cannot be told apart"
                : "a drag ended gray at \(maybe.track.last.band.offset) pt but the frames after it do not show the row at rest"
            return StoryFinding(
                story: story, verdict: .unsure, frame: summaries[maybe.track.last.frame].index,
                time: summaries[maybe.track.last.frame].start, evidence: why)
        }
        return StoryFinding(
            story: story, verdict: slow ? .unsure : .notSeen,
            evidence: "no \(side.rawValue) drag goes back to rest from the gray stage")
    }

    private func optionsFinding(_ story: Story, _ stage: Stage) -> StoryFinding {
        let name = stage.name(.left)
        var slid: TrackOutcome?
        for outcome in drags(.left) where outcome.stageAtFull == stage {
            if let covered = outcome.coveredAt {
                return seen(
                    story, at: covered,
                    "released \(name), the row slid off (frame \(summaries[outcome.fullAt!].index)) and the options covered the screen"
                )
            }
            slid = slid ?? outcome
        }
        if let slid, let full = slid.fullAt {
            return StoryFinding(
                story: story, verdict: slow ? .unsure : .notSeen, frame: summaries[full].index,
                time: summaries[full].start,
                evidence: "released \(name), the row slid off but nothing covered the screen after")
        }
        return StoryFinding(
            story: story, verdict: .notSeen, evidence: "no row released \(name) slides off to the left")
    }

    private func hideFinding(_ story: Story, _ stage: Stage) -> StoryFinding {
        let name = stage.name(.right)
        var slid: TrackOutcome?
        for outcome in drags(.right) where outcome.stageAtFull == stage {
            if let hidden = outcome.hiddenAt, outcome.coveredAt == nil {
                return seen(
                    story, at: hidden,
                    "released \(name), the row slid off (frame \(summaries[outcome.fullAt!].index)) and the feed moved up \(outcome.hiddenBy) pt"
                )
            }
            slid = slid ?? outcome
        }
        if let slid, let full = slid.fullAt {
            return StoryFinding(
                story: story, verdict: slow ? .unsure : .notSeen, frame: summaries[full].index,
                time: summaries[full].start, evidence: "released \(name), the row slid off but the feed did not move up"
            )
        }
        return StoryFinding(
            story: story, verdict: .notSeen, evidence: "no row released \(name) slides off to the right")
    }

    private func dismissFinding() -> StoryFinding {
        var partial: TrackOutcome?
        for outcome in drags(.left) where outcome.coveredAt != nil {
            if let hidden = outcome.hiddenAt, let gone = outcome.uncoveredAt {
                return seen(
                    .optionsDismiss, at: hidden,
                    "the options went (frame \(summaries[gone].index)) and the feed moved up \(outcome.hiddenBy) pt")
            }
            partial = partial ?? outcome
        }
        if let partial, let covered = partial.coveredAt {
            let what =
                partial.uncoveredAt == nil
                ? "the options stay to the end" : "the options went but the feed did not move up"
            return StoryFinding(
                story: .optionsDismiss, verdict: slow ? .unsure : .notSeen, frame: summaries[covered].index,
                time: summaries[covered].start, evidence: what)
        }
        return StoryFinding(story: .optionsDismiss, verdict: .notSeen, evidence: "no options appear")
    }

    private func undoFinding() -> StoryFinding {
        for outcome in outcomes {
            if let undone = outcome.undoneAt {
                return seen(
                    .undo, at: undone,
                    "the row hidden at frame \(summaries[outcome.hiddenAt!].index) is back where it was")
            }
        }
        let hidden = outcomes.filter { $0.hiddenAt != nil }.count
        return StoryFinding(
            story: .undo, verdict: .notSeen,
            evidence: hidden == 0
                ? "no row is hidden, so none comes back" : "none of the \(hidden) hidden row(s) comes back")
    }

    /// Frames where the options cover the screen (their top bar is not the app's).
    var coveredFrames: Set<Int> {
        var frames = Set<Int>()
        for outcome in outcomes {
            guard let from = outcome.coveredAt ?? outcome.fullAt else { continue }
            let to = outcome.uncoveredAt ?? outcome.hiddenAt ?? min(summaries.count, from + 1)
            for f in from..<max(from, to) { frames.insert(f) }
        }
        return frames
    }

    // MARK: Measures

    func thresholds() -> [ThresholdBracket] {
        var brackets: [ThresholdBracket] = []
        for side in DragSide.allCases {
            var gray: [Int] = []
            var near: [Int] = []
            var nearBeforeFar: [Int] = []
            var far: [Int] = []
            for outcome in drags(side) {
                for (k, sighting) in outcome.dragSightings.enumerated() {
                    let offset = sighting.band.offset
                    switch outcome.stages[k] {
                    case .gray: gray.append(offset)
                    case .near:
                        near.append(offset)
                        // A row released near slides on across in the near colour, past the far threshold.
                        if outcome.stageAtFull != .near { nearBeforeFar.append(offset) }
                    case .far: far.append(offset)
                    case nil: break
                    }
                }
            }
            brackets.append(ThresholdBracket(name: "\(side.rawValue).near", below: gray.max(), above: near.min()))
            brackets.append(
                ThresholdBracket(name: "\(side.rawValue).far", below: nearBeforeFar.max(), above: far.min()))
        }
        return brackets
    }

    func colours() -> [StageColour] {
        var colours: [StageColour] = []
        var grayDone = false
        for side in DragSide.allCases {
            for stage in [Stage.gray, .near, .far] {
                guard let colour = naming[side]?.colour(of: stage) else { continue }
                if stage == .gray {
                    if grayDone { continue }
                    grayDone = true
                }
                colours.append(StageColour(stage: stage.name(side), colour: colour))
            }
        }
        return colours
    }

    func durations() -> [MeasuredDuration] {
        // The hide: the tightest bracket any hidden row gives (the frames that show it part way and done).
        var best: (atLeast: Double, atMost: Double)?
        for outcome in outcomes {
            guard let length = outcome.hideLength else { continue }
            best = (max(best?.atLeast ?? 0, length.atLeast), min(best?.atMost ?? .infinity, length.atMost))
        }
        guard let best, best.atLeast <= best.atMost else { return [] }
        return [MeasuredDuration(name: "hide", atLeast: rounded(best.atLeast), atMost: rounded(best.atMost))]
    }

    /// Seconds to the millisecond (frame times are sums of delays).
    private func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}
