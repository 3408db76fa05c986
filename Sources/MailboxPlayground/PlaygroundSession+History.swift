import MailboxAnimation
import MailboxHandoff
import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// The last gesture's history: where it began, and its timeline and property plots, drawn by running its lines
/// again from the state before it.
extension PlaygroundSession {
    /// Where the last gesture began: phone A before it, and the index of its first line in the script.
    struct HistoryWindow: Sendable {
        let start: Session
        let index: Int
    }

    /// A gesture begins: the history window starts here, unless the last gesture has not settled yet (then it
    /// goes on, so grabbing a row mid-slide plots both), or that window already holds many lines.
    mutating func startWindow() {
        if let window, historyDue, script.count - window.index <= PlaygroundLimits.historyLines,
            window.index <= script.count
        {
        } else {
            window = HistoryWindow(start: phones[0], index: script.count)
        }
        historyDue = true
    }

    /// The timeline and plots of the last gesture; nil when the message's time ran out during the replay.
    func historyMessage() -> ServerMessage? {
        guard let plots = historyPlots() else { return nil }
        let mark = window?.start.screen.timeline.total ?? 0
        return .history(timeline: PhoneView.timeline(phones[0], since: mark), plots: plots)
    }

    /// The HTML player's property plots of the last gesture (phone A): its lines run again from the state before
    /// it (the commands they stand for, as values), the screen kept at evenly spaced instants (60 a second, fewer
    /// for a long one: at most `PlaygroundLimits.historyFrames` frames), each moving property one chart, a row's x
    /// with the thresholds as they were at each instant. The replay polls `isCancelled` (the message's deadline)
    /// before every line and inside every long one: nil when it ran out of time.
    func historyPlots() -> [String]? {
        guard let window, window.index <= script.count else { return [] }
        let entries = script.entries[window.index...].filter { $0.owner != .b }
        let seconds = (phones[0].screen.now - window.start.screen.now).seconds
        // (A nanosecond-long gesture would ask for 10¹³ frames a second: clamped as a Double first.)
        let fps = seconds > 0 ? max(1, clampedInt(min(60, Double(PlaygroundLimits.historyFrames) / seconds))) : 60
        let sampler = FrameSampler(clock: FrameClock(framesPerSecond: fps), maxFrames: PlaygroundLimits.historyFrames)
        var session = window.start
        session.collectsTrace = false
        sampler.start(at: session.screen)
        for entry in entries {
            if isCancelled() { return nil }
            sampler.before = session.screen
            do {
                // The command the line stands for, as a value; only a line kept as text alone is read again.
                if let command = entry.command {
                    _ = try session.execute(.command(command), watcher: sampler, isCancelled: isCancelled)
                } else {
                    _ = try session.execute(.line(entry.text[...]), watcher: sampler, isCancelled: isCancelled)
                }
            } catch {
                if case .model(.interrupted) = error { return nil }
            }
            sampler.after(session.screen)
        }
        let plots = PropertyPlots(screens: sampler.screens)
        return plots.series.map(plots.svg)
    }
}
