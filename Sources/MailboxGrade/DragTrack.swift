/// One row's drag followed across frames: its revealed band in each frame where it shows, on one side.
struct DragTrack {
    /// One frame's band: the summary's place in the walkthrough and the band.
    struct Sighting {
        var frame: Int
        var band: RevealedBand
    }

    var side: DragSide
    var sightings: [Sighting]

    var first: Sighting { sightings[0] }
    var last: Sighting { sightings[sightings.count - 1] }
    /// The band's rows where it was first seen.
    var top: Int { first.band.top }
    var bottom: Int { first.band.bottom }

    /// The tracks in `summaries`: a band continues the track on its side whose last band, in the frame before, it
    /// overlaps by half. Tracks whose offset never changes by 8 points are bars of the screen, not
    /// drags, and are dropped.
    static func follow(_ summaries: [FrameSummary]) -> [DragTrack] {
        var open: [DragTrack] = []
        var done: [DragTrack] = []
        for (i, summary) in summaries.enumerated() {
            var extended = Set<Int>()
            for band in summary.bands {
                var match: Int?
                for (t, track) in open.enumerated() where track.side == band.side && !extended.contains(t) {
                    let previous = track.last.band
                    let overlap = min(previous.bottom, band.bottom) - max(previous.top, band.top)
                    // A row once across takes only bands across (it stays off until it hides); a row that was
                    // not seen in the frame before is a new drag (it was back at rest, or hidden, between them).
                    let across = previous.offset + 4 >= summary.width
                    if i - track.last.frame == 1, overlap * 2 >= min(previous.height, band.height),
                        !across || band.offset + 4 >= summary.width
                    {
                        match = t
                        break
                    }
                }
                if let t = match {
                    open[t].sightings.append(Sighting(frame: i, band: band))
                    extended.insert(t)
                } else if band.offset + 4 < summary.width {
                    // A band across the whole width starts nothing: a row already slid off (or a bar of the screen).
                    open.append(DragTrack(side: band.side, sightings: [Sighting(frame: i, band: band)]))
                    extended.insert(open.count - 1)
                }
            }
            var still: [DragTrack] = []
            for track in open {
                if i - track.last.frame >= 1 { done.append(track) } else { still.append(track) }
            }
            open = still
        }
        done += open
        return done.filter { track in
            let offsets = track.sightings.map { $0.band.offset }
            return (offsets.max() ?? 0) - (offsets.min() ?? 0) >= 8
        }.sorted { $0.first.frame < $1.first.frame }
    }
}
