import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText

/// A curve's samples for the page to draw (`plot`): progress against time, read from the same `TimingCurve`
/// the animator runs; a Bézier over 1 s, a spring until it settles.
public enum CurvePlot {
    /// How many points a plot has.
    public static let pointCount = 121

    /// The words `set curve.NAME` takes as a curve, or the words `set` says are wrong.
    public static func curve(_ words: String) -> Result<TimingCurve, ScriptError> {
        guard let tunable = TunableTable.all.first(where: { $0.kind == .curve }) else {
            return .failure(.unknownParameter("curve", suggestion: nil))
        }
        do {
            guard case .curve(let curve) = try tunable.parse(words.split(whereSeparator: { $0.isWhitespace })) else {
                return .failure(.unknownParameter("curve", suggestion: nil))
            }
            return .success(curve)
        } catch {
            return .failure(error)
        }
    }

    /// [t, progress] at `pointCount` even instants from 0 to the curve's duration, and that duration (s).
    public static func samples(_ curve: TimingCurve) -> (points: [(Double, Double)], duration: Double) {
        let duration = curve.duration(requested: Ticks(seconds: 1))
        let seconds = max(duration.seconds, 1e-6)
        let points = (0..<pointCount).map { k -> (Double, Double) in
            let t = seconds * Double(k) / Double(pointCount - 1)
            return (t, curve.progress(elapsed: Ticks(seconds: t), duration: duration))
        }
        return (points, seconds)
    }

    static func message(_ words: String) throws(PlaygroundSession.Refusal) -> ServerMessage {
        switch curve(words) {
        case .failure(let error):
            throw PlaygroundSession.Refusal(message: "error: " + error.message, line: nil)
        case .success(let curve):
            let (points, duration) = samples(curve)
            return .plot(curve: words, points: points, duration: duration)
        }
    }
}
