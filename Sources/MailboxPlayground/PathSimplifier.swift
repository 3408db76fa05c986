/// Keeps a drag's path as few straight pieces as it can, online: consecutive samples share one piece while
/// every sample lies within `tolerance` points of the straight line (in time and translation) from the piece's
/// start to its end. Each piece becomes one `pan … in S` line; its ends are raw samples, exactly.
public struct PathSimplifier: Sendable {
    /// A raw sample: milliseconds since the finger went down, and the translation there.
    public struct Sample: Equatable, Sendable {
        public var ms: Int64
        public var translation: Double
        public init(ms: Int64, translation: Double) {
            self.ms = ms
            self.translation = translation
        }
    }

    public let tolerance: Double
    /// The longest piece, in milliseconds (a `pan` takes at most `ScriptLimits.maxPanSeconds`).
    public let maxPieceMs: Int64
    /// Every sample so far, the finger-down point (0, 0) first.
    public private(set) var samples: [Sample] = [Sample(ms: 0, translation: 0)]
    /// Where each piece ends, as indices into `samples`; the last piece is the one still growing.
    public private(set) var ends: [Int] = []
    /// The pieces (indices into `ends`) where the finger was held still (`addHold`): `advance` lines.
    public private(set) var holds: Set<Int> = []
    /// The most samples one piece holds before it is closed (bounds the work of a sample).
    static let maxPieceSamples = 2_000

    public init(tolerance: Double = PlaygroundLimits.simplificationTolerance, maxPieceMs: Int64 = 3_600_000) {
        self.tolerance = tolerance
        self.maxPieceMs = maxPieceMs
    }

    /// The pieces as (duration in ms, translation at the end, held still), from piece `first` on.
    public func pieces(from first: Int = 0) -> [(ms: Int64, translation: Double, held: Bool)] {
        guard first < ends.count else { return [] }
        var start = first == 0 ? 0 : ends[first - 1]
        return ends[first...].indices.map { k in
            let end = ends[k]
            defer { start = end }
            return (samples[end].ms - samples[start].ms, samples[end].translation, holds.contains(k))
        }
    }

    /// The pieces as (duration in ms, translation at the end).
    public var pieces: [(ms: Int64, translation: Double)] { pieces(from: 0).map { ($0.ms, $0.translation) } }

    /// Adds a sample later than the last; the piece it extends or the piece it starts is the last of `pieces`.
    public mutating func add(_ sample: Sample) {
        precondition(sample.ms > samples[samples.count - 1].ms, "samples come in time order")
        samples.append(sample)
        let n = samples.count - 1
        guard !ends.isEmpty, !holds.contains(ends.count - 1) else {
            ends.append(n)
            return
        }
        let start = ends.count >= 2 ? ends[ends.count - 2] : 0
        if fits(from: start, to: n) {
            ends[ends.count - 1] = n
        } else {
            ends.append(n)
        }
    }

    /// Adds the end of a time the finger was held still at the last translation: a piece of its own, which
    /// nothing extends (the script's `advance` while the finger is down; its samples would cost time × fps).
    public mutating func addHold(untilMs ms: Int64) {
        let last = samples[samples.count - 1]
        precondition(ms > last.ms && !ends.isEmpty, "a hold comes after a sample, later")
        samples.append(Sample(ms: ms, translation: last.translation))
        ends.append(samples.count - 1)
        holds.insert(ends.count - 1)
    }

    /// True when every sample strictly between `a` and `b` lies within tolerance of the line from `a` to `b`.
    func fits(from a: Int, to b: Int) -> Bool {
        guard b - a <= PathSimplifier.maxPieceSamples, samples[b].ms - samples[a].ms <= maxPieceMs else { return false }
        let p = samples[a]
        let q = samples[b]
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
            let p = samples[start]
            let q = samples[end]
            if ms <= q.ms {
                return p.translation + (q.translation - p.translation) * Double(ms - p.ms) / Double(q.ms - p.ms)
            }
            start = end
        }
        return samples[start].translation
    }
}
