import MailboxScene

/// A run of consecutive frames drawing the same screen: frames `first ..< first + count`.
public struct FrameRun: Equatable, Sendable {
    public var first: Int
    public var count: Int
    public init(first: Int, count: Int) {
        self.first = first
        self.count = count
    }
    public var frames: Range<Int> { first..<(first + count) }
}

extension Walkthrough {
    /// The one rule by which the renderings drop repeated frames: the frames cut into runs of consecutive frames whose
    /// screens draw the same (equal `Scene(screen:)`: the clock and what is running are not drawn). The GIF draws each
    /// run's screen once (only the caption strip, which gives each frame's instant, is drawn again); the HTML player
    /// makes each run's SVG once.
    public var frameRuns: [FrameRun] { Self.runs(frames.map { Scene(screen: $0.screen) }) }

    /// Runs of consecutive equal values.
    static func runs<T: Equatable>(_ values: [T]) -> [FrameRun] {
        var runs: [FrameRun] = []
        for k in values.indices {
            if let last = runs.last, values[last.first] == values[k] {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(FrameRun(first: k, count: 1))
            }
        }
        return runs
    }
}
