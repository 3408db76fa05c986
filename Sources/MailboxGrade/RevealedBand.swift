/// The side of the screen a row was dragged from: `left` when the row moved left (the background shows at the
/// right edge), `right` when it moved right.
public enum DragSide: String, Sendable, Equatable, CaseIterable {
    case left, right
}

/// A row's revealed background in one frame: a band of rows of pixels, about a message's height, where a run of one
/// colour starts at the screen's edge and stops at the row's edge.
struct RevealedBand: Equatable {
    var side: DragSide
    /// Its first and past-the-last row, in points.
    var top: Int
    var bottom: Int
    /// How far the row has moved from rest, in points (`upperRun`).
    var offset: Int
    /// The run's colour (its median over the band's rows).
    var colour: Colour

    var height: Int { bottom - top }

    /// The band as evidence to draw.
    var mark: EvidenceMark { EvidenceMark(side: side, top: top, bottom: bottom, offset: offset) }

    /// The bands of `frame`: on each side, each stretch of 56 to 120 points of rows (a message is 86) whose edge run has one colour
    /// that is neither white (a row at rest) nor dark.
    static func find(in frame: PointFrame) -> [RevealedBand] {
        var bands: [RevealedBand] = []
        for side in DragSide.allCases { bands += find(in: frame, side: side) }
        return bands
    }

    static let heights = 56...120
    /// The largest channel difference within a run: 26, less for a colour near white (a third of its distance from white,
    /// at least 6).
    static func tolerance(for colour: UInt32) -> Int {
        min(26, max(6, Colour.distance(colour, 0xFF_FFFF) / 3))
    }

    private static func find(in frame: PointFrame, side: DragSide) -> [RevealedBand] {
        let w = frame.width
        guard w > 8, frame.height > 0 else { return [] }
        // Each row's run from the edge: its colour and length (0: none). The first point in is read (a border or a
        // crop's seam can spoil the outermost one).
        var colours = [UInt32](repeating: 0, count: frame.height)
        var lengths = [Int](repeating: 0, count: frame.height)
        for y in 0..<frame.height {
            let edge = side == .left ? w - 2 : 1
            let c = frame.pixel(edge, y)
            let colour = Colour(c)
            if colour.isWhite || colour.isDark { continue }
            // A light gray is told from the white row beside it by less than the usual tolerance.
            let tolerance = RevealedBand.tolerance(for: c)
            var n = 1
            var x = edge
            while n < w - 1 {
                x = side == .left ? x - 1 : x + 1
                if x < 0 || x >= w { break }
                if Colour.distance(frame.pixel(x, y), c) > tolerance { break }
                n += 1
            }
            colours[y] = c
            lengths[y] = n + 1
        }
        var bands: [RevealedBand] = []
        var y = 0
        while y < frame.height {
            if lengths[y] == 0 {
                y += 1
                continue
            }
            // A light colour is told from a bar of a near one beside it (a light gray row against the search bar's
            // own gray) by less than the usual tolerance, as along a row.
            let seed = colours[y]
            let tolerance = RevealedBand.tolerance(for: seed)
            var end = y + 1
            var gap = 0
            var last = y
            while end < frame.height {
                if lengths[end] > 0, Colour.distance(colours[end], seed) <= tolerance {
                    last = end
                    gap = 0
                } else {
                    gap += 1
                    if gap > 3 { break }
                }
                end += 1
            }
            let top = y
            let bottom = last + 1
            if heights.contains(bottom - top) {
                var runs: [Int] = []
                var members: [UInt32] = []
                for row in top..<bottom where lengths[row] > 0 {
                    runs.append(lengths[row])
                    members.append(colours[row])
                }
                let offset = upperRun(runs)
                // A band whose run reaches nearly across, on every row, is a bar of the screen unless it is a row
                // slid off: the caller tells them apart over time.
                bands.append(
                    RevealedBand(
                        side: side, top: top, bottom: bottom, offset: min(offset, w),
                        colour: Colour(Colour.median(members))))
            }
            y = last + 2
        }
        return bands
    }

    /// The row's edge from the runs of a band's rows: the most common length among the
    /// longer half. The rows clear of the icon all end at the row's edge; the icon, a cursor, a finger's dot or an
    /// overlay's drawing shorten or lengthen others, each by its own amount.
    private static func upperRun(_ runs: [Int]) -> Int {
        let sorted = runs.sorted()
        let upper = sorted[(sorted.count / 2)...]
        var counts: [Int: Int] = [:]
        for run in upper { counts[run, default: 0] += 1 }
        // The most rows of one length; of two as many, the one with more rows a point either side, then the longer.
        var best = (length: 0, count: -1, near: -1)
        for (length, count) in counts {
            let near = (counts[length - 1] ?? 0) + (counts[length + 1] ?? 0)
            if count > best.count
                || (count == best.count && (near > best.near || (near == best.near && length > best.length)))
            {
                best = (length, count, near)
            }
        }
        return best.length
    }
}
