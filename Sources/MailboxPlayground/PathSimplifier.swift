/// Keeps a drag's path as few straight pieces as it can, online: consecutive samples share one piece while
/// every sample lies within `tolerance` points of the straight line (in time and translation) from the piece's
/// start to its end. Each piece becomes one `pan … in S` line; its ends are raw samples, exactly.
public struct PathSimplifier: Sendable {
    /// A raw sample: milliseconds since the finger went down, and the translation there.
    public struct Sample: Equatable, Sendable {
        public var ms: Int64
        public var translation: Double
        public init(ms: Int64, translation: Double) { self.ms = ms; self.translation = translation }
    }

    public let tolerance: Double
    /// The longest piece, in milliseconds (a `pan` takes at most `ScriptLimits.maxPanSeconds`).
    public let maxPieceMs: Int64
    /// Every sample so far, the finger-down point (0, 0) first.
    public private(set) var samples: [Sample] = [Sample(ms: 0, translation: 0)]
    /// Where each piece ends, as indices into `samples`; the last piece is the one still growing.
    public private(set) var ends: [Int] = []
    /// The most samples one piece holds before it is closed (bounds the work of a sample).
    static let maxPieceSamples = 2_000

    public init(tolerance: Double = PlaygroundLimits.simplificationTolerance, maxPieceMs: Int64 = 3_600_000) {
        self.tolerance = tolerance
        self.maxPieceMs = maxPieceMs
    }

    /// The pieces as (duration in ms, translation at the end).
    public var pieces: [(ms: Int64, translation: Double)] {
        var start = 0
        return ends.map { end in
            defer { start = end }
            return (samples[end].ms - samples[start].ms, samples[end].translation)
        }
    }

    /// Adds a sample later than the last; the piece it extends or the piece it starts is the last of `pieces`.
    public mutating func add(_ sample: Sample) {
        precondition(sample.ms > samples[samples.count - 1].ms, "samples come in time order")
        samples.append(sample)
        let n = samples.count - 1
        guard let last = ends.last else { ends.append(n); return }
        let start = ends.count >= 2 ? ends[ends.count - 2] : 0
        if fits(from: start, to: n) {
            ends[ends.count - 1] = n
        } else {
            ends.append(n)
            _ = last
        }
    }

    /// True when every sample strictly between `a` and `b` lies within tolerance of the line from `a` to `b`.
    func fits(from a: Int, to b: Int) -> Bool {
        guard b - a <= PathSimplifier.maxPieceSamples, samples[b].ms - samples[a].ms <= maxPieceMs else { return false }
        let p = samples[a], q = samples[b]
        let span = Double(q.ms - p.ms)
        for k in (a + 1)..<b {
            let s = samples[k]
            let expected = p.translation + (q.translation - p.translation) * Double(s.ms - p.ms) / span
            if abs(s.translation - expected) > tolerance { return false }
        }
        return true
    }

    /// The translation the pieces give at `ms` (linear along each piece).
    public func translation(at ms: Int64) -> Double {
        var start = 0
        for end in ends {
            let p = samples[start], q = samples[end]
            if ms <= q.ms {
                return p.translation + (q.translation - p.translation) * Double(ms - p.ms) / Double(q.ms - p.ms)
            }
            start = end
        }
        return samples[start].translation
    }
}
