/// What became of one drag: where its stages were seen, whether it went off, what covered the screen after, whether
/// the feed moved up, whether the row came back.
struct TrackOutcome {
    var track: DragTrack
    /// Each sighting's stage (nil: a colour of no stage), in the track's order.
    var stages: [Stage?]
    /// The frame where the row was first all the way across (slid off), and its stage there.
    var fullAt: Int?
    var stageAtFull: Stage?
    /// Frames of the feed as it was before the drag (none when the walkthrough starts with it).
    var references: [Int]
    /// The row's height, as its bands showed it.
    var height: Int
    /// After the drag without going off: the frame where the row is back at rest.
    var restAt: Int?
    /// After going off: the frame where something covered the screen (the options), where it had gone, where the
    /// feed had moved up (the row hidden), and where it was back as before (undone).
    var coveredAt: Int?
    var uncoveredAt: Int?
    var hiddenAt: Int?
    var undoneAt: Int?
    /// How far the feed had moved up at `hiddenAt`, in points.
    var hiddenBy = 0
    /// How long the hide took, as the frames bracket it (seconds), when a frame shows it done.
    var hideLength: (atLeast: Double, atMost: Double)?

    /// The sightings before the row went all the way across: the drag, and a release's slide as far as it is not
    /// across yet.
    var dragSightings: ArraySlice<DragTrack.Sighting> {
        guard let fullAt else { return track.sightings[...] }
        return track.sightings.prefix { $0.frame < fullAt }
    }

    /// The stage of the last sighting.
    var lastStage: Stage? { stages.last ?? nil }

    init(_ track: DragTrack, naming: StageNaming, summaries: [FrameSummary], width: Int, until end: Int) {
        self.track = track
        stages = track.sightings.map { naming.stage(of: $0.band.colour) }
        if let full = track.sightings.firstIndex(where: { $0.band.offset + 4 >= width }) {
            fullAt = track.sightings[full].frame
            stageAtFull = stages[full]
        } else if track.last.band.offset * 5 >= width * 3,
            track.sightings.count < 2 || track.last.band.offset > track.sightings[track.sightings.count - 2].band.offset
        {
            // Last seen most of the way across and still going: it went off between this frame and the next, where
            // the options already cover it or the hide has begun (a slow walkthrough).
            fullAt = track.last.frame
            stageAtFull = stages[stages.count - 1]
        }
        // The feed as it was: the frame before the drag and, when the row has barely moved in it, the drag's first
        // frame (the frame before may be mid-way through the last gesture's animation; the first may show the
        // finger): a comparison with either that holds, holds.
        var references: [Int] = []
        if track.first.frame > 0 { references.append(track.first.frame - 1) }
        if track.first.band.offset * 5 <= width { references.append(track.first.frame) }
        self.references = references
        height =
            track.sightings.prefix { $0.band.offset + 4 < width }.map { $0.band.height }.max()
            ?? track.first.band.height
        guard !references.isEmpty else { return }
        let pres = references.map { summaries[$0] }
        let top = track.top
        let height = self.height
        func movedUp(_ frame: FrameSummary) -> Int? {
            pres.lazy.compactMap { FeedComparison.movedUp(frame, from: $0, top: top, height: height) }.first
        }
        func asBefore(_ frame: FrameSummary) -> Bool {
            pres.contains { FeedComparison.asBefore(frame, $0, top: top, height: height) }
        }
        if let fullAt {
            var i = fullAt + 1
            while i < end {
                let share = FeedComparison.coveredShare(summaries[i], pres[0], above: top)
                if coveredAt == nil, share >= 450 {
                    coveredAt = i
                } else if coveredAt != nil, uncoveredAt == nil, share <= 120 {
                    uncoveredAt = i
                }
                if coveredAt == nil || uncoveredAt != nil, share <= 120, let shift = movedUp(summaries[i]) {
                    hiddenAt = i
                    hiddenBy = shift
                    break
                }
                i += 1
            }
            if let hiddenAt {
                // The hide's length, bracketed: it began after the last frame with the row not yet across (the
                // hide follows the slide) and ended within the frame where the feed is first all the way up (a
                // point short of it reads as up); it lasted at least from the first frame part way to the last.
                var partial: [Int] = []
                var done: Int?
                var k = hiddenAt
                while k < min(summaries.count, hiddenAt + 30) {
                    guard let shift = movedUp(summaries[k]) else { break }
                    if shift + 2 >= height {
                        done = k
                        break
                    }
                    partial.append(k)
                    k += 1
                }
                if let done {
                    let notAcross = track.sightings.last { $0.band.offset + 4 < width }?.frame ?? (hiddenAt - 1)
                    let began = summaries[notAcross].start
                    let atLeast = partial.isEmpty ? 0 : summaries[partial.last!].start - summaries[partial[0]].start
                    hideLength = (atLeast, summaries[done].start + summaries[done].duration - began)
                }
            }
            if let hiddenAt {
                var j = hiddenAt + 1
                while j < summaries.count {
                    if asBefore(summaries[j]) {
                        undoneAt = j
                        break
                    }
                    j += 1
                }
            }
        } else {
            var i = track.last.frame + 1
            while i < min(summaries.count, track.last.frame + 4) {
                if asBefore(summaries[i]) {
                    restAt = i
                    break
                }
                i += 1
            }
        }
    }
}
