import MailboxFootage

/// What a recorder does to a walkthrough's time: still frames merged, the whole resampled at its own rate.
extension [FootageFrame] {
    /// The frames numbered again from 0 and each started where the one before ended.
    public func retimed() -> [FootageFrame] {
        var start = 0.0
        return enumerated().map { offset, frame in
            var frame = frame
            frame.index = offset
            frame.start = start
            start += frame.duration
            return frame
        }
    }

    /// Consecutive frames with the same pixels merged into one shown for their durations summed, as LICEcap and GIF
    /// optimisers store a still stretch.
    public func mergingStillFrames() -> [FootageFrame] {
        var merged: [FootageFrame] = []
        for frame in self {
            if let last = merged.last, last.pixels == frame.pixels {
                merged[merged.count - 1].duration += frame.duration
            } else {
                merged.append(frame)
            }
        }
        return merged.retimed()
    }

    /// The walkthrough as a recorder capturing the screen every `interval` seconds sees it (LICEcap at 6.7 fps:
    /// 0.15): frame k is what was shown at k · interval, for `interval`, until the walkthrough's end.
    public func resampled(every interval: Double) -> [FootageFrame] {
        precondition(interval > 0)
        guard let last = self.last else { return [] }
        let end = last.start + last.duration
        var out: [FootageFrame] = []
        var source = 0
        var k = 0
        while Double(k) * interval < end - 1e-9 {
            let instant = Double(k) * interval
            while source + 1 < count && self[source + 1].start <= instant + 1e-9 { source += 1 }
            var frame = self[source]
            frame.duration = interval
            out.append(frame)
            k += 1
        }
        return out.retimed()
    }
}
