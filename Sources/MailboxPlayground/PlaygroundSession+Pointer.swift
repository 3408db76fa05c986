import MailboxAnimation
import MailboxHandoff
import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// The pointer: a drag from down to up becomes `pan` lines (the raw samples while the finger moves, simplified at
/// release: `PathSimplifier`) and a `release`; a press on a button is a `tap` or `choose` at up.
extension PlaygroundSession {
    /// The finger down on a row, the edge or the open menu, and the samples it made.
    struct Drag: Sendable {
        /// What the finger drags: a row (`pan msgN`), the open menu's content (`pan content`), the edge (`edgepan`).
        let target: PanTarget
        let downX: Double
        var targets: [Int]
        var checkpoint: [Session]?
        var index: Int
        var path = PathSimplifier(maxPieceMs: clampedInt64(ScriptLimits.maxPanSeconds * 1000))
        var lastMs: Int64 = 0
        /// The page's clock when the finger went down (sample times count from it, rounded to whole ms).
        var startT = 0.0
        var lastX: Double

        /// The sample to `translation` over `ms` milliseconds, as a command.
        func pan(_ translation: Double, ms: Int64) -> Command {
            target == .edge
                ? .edgePan(translation: translation, duration: .milliseconds(ms))
                : .pan(target, translation: translation, duration: .milliseconds(ms))
        }

        /// The drag's commands from piece `first` on: pans, and `advance` where the finger was held still.
        func pieces(from first: Int = 0) -> [Command] {
            path.pieces(from: first).map { $0.held ? .advance(.milliseconds($0.ms)) : pan($0.translation, ms: $0.ms) }
        }
    }

    /// The socket closed: a finger still down is lifted where it was.
    public mutating func pointerLost() -> [String] {
        guard let drag else {
            click = nil
            return []
        }
        return receive(.up(x: drag.lastX, y: 0, t: pageClock ?? 0, phone: nil), isCancelled: { false }).map({ $0.text })
    }

    mutating func down(x: Double, y: Double, t: Double, phone: Int?) throws(Refusal) {
        try sync(t)
        drag = nil
        click = nil
        let shown = screens.screen(of: phones, phone.map { min($0, phones.count - 1) } ?? 0)
        switch HitTest.hit(at: ScenePoint(x, y), on: shown) {
        case .row(let id)?:
            drag = Drag(target: .message(id), downX: x, targets: targets(phone), index: script.count, lastX: x)
        case .edge?: drag = Drag(target: .edge, downX: x, targets: targets(phone), index: script.count, lastX: x)
        case .content?: drag = Drag(target: .content, downX: x, targets: targets(phone), index: script.count, lastX: x)
        case .button(let target)?: click = (.tap(target), phone)
        case .option(let option)?: click = (.choose(option), phone)
        case .overlay?: click = (.tap(nil), phone)
        case nil: break
        }
    }

    mutating func move(x: Double, t: Double) throws(Refusal) {
        guard var drag else {
            try sync(t)
            return
        }
        let translation = LineRounding.translation(x - drag.downX)
        drag.lastX = x
        if drag.checkpoint == nil {
            guard translation != 0 else {
                self.drag = drag
                try sync(t)
                return
            }
            // A finger that rested longer than a hold before its first movement: that time passes as ticks
            // would pass it (an `advance` while something animates), and the finger goes down one step before.
            if let last = pageClock, t - last > Double(PlaygroundLimits.holdMs) {
                try sync(t - Double(PlaygroundLimits.stepAfterHoldMs))
            }
            amend = nil
            pendingSpaces = ""
            drag.checkpoint = phones
            drag.index = script.count
            drag.startT = pageClock ?? t
            startWindow()
        }
        // Whole milliseconds from the finger down, at least 1 ms after the last sample (no drift).
        let ms = max(drag.lastMs + 1, clampedInt64(min((t - drag.startT).rounded(), 1e15)))
        pageClock = max(pageClock ?? t, t)
        var gap = ms - drag.lastMs
        // A pause longer than a hold is the finger held still, then one step to the new place: an `advance`
        // (its cost does not grow with its length) and one short pan, not a pan sampled at the frame rate
        // over the whole pause (an hour at 240 fps would be 864,000 samples).
        var hold: Int64 = 0
        if gap > PlaygroundLimits.holdMs, !drag.path.ends.isEmpty {
            hold = gap - PlaygroundLimits.stepAfterHoldMs
            gap = PlaygroundLimits.stepAfterHoldMs
        }
        let step = min(gap, clampedInt64(ScriptLimits.maxPanSeconds * 1000))
        let sample = drag.pan(translation, ms: step)
        // The phone follows the raw sample; a phone that refuses the first sample leaves the drag.
        var accepted: [Int] = []
        var firstError: ScriptError?
        for i in drag.targets {
            do {
                if hold > 0 {
                    _ = try phones[i].execute(.command(.advance(.milliseconds(hold))), isCancelled: isCancelled)
                }
                _ = try phones[i].execute(.command(sample), isCancelled: isCancelled)
                accepted.append(i)
            } catch {
                if case .model(.interrupted) = error { throw .interrupted(sample.scriptLine) }
                if firstError == nil { firstError = error }
            }
        }
        guard !accepted.isEmpty else {
            if drag.path.ends.isEmpty { self.drag = nil }  // the finger never went down
            throw Refusal(message: "error: " + (firstError?.message ?? "refused"), line: sample.scriptLine)
        }
        drag.targets = accepted
        // Pieces before the last one are final: only the last (which this sample may extend) and new ones change.
        let kept = max(0, drag.path.ends.count - 1)
        if hold > 0 {
            drag.lastMs += hold
            drag.path.addHold(untilMs: drag.lastMs)
        }
        drag.lastMs += step
        drag.path.add(.init(ms: drag.lastMs, translation: translation))
        script.replace(
            from: drag.index + kept,
            with: drag.pieces(from: kept).map { .of($0, owner: owner(accepted)) })
        self.drag = drag
    }

    mutating func up(x: Double, t: Double) throws(Refusal) {
        if let click {
            self.click = nil
            try sync(t)
            startWindow()
            try run(click.command, on: click.phone)
            return
        }
        guard let drag else {
            try sync(t)
            return
        }
        self.drag = nil
        guard let checkpoint = drag.checkpoint else {
            try sync(t)
            return
        }
        pageClock = max(pageClock ?? t, t)
        // The gesture's velocity (rounded: the line and the phone get the same number), then the session again from
        // the finger down through the simplified lines.
        let velocities = drag.targets.map { LineRounding.velocity(phones[$0].screen.gesture?.velocity ?? 0) }
        let pieces = drag.pieces()
        let owner = owner(drag.targets)
        var entries = pieces.map { PlaygroundScript.Entry.of($0, owner: owner) }
        for (k, i) in drag.targets.enumerated() {
            var phone = checkpoint[i]
            for command in pieces + [.release(velocity: velocities[k])] {
                do { _ = try phone.execute(.command(command), isCancelled: isCancelled) } catch {
                    throw Refusal(message: "error: " + error.message, line: command.scriptLine)
                }
            }
            phones[i] = phone
        }
        if Set(velocities).count <= 1 {
            entries.append(.of(.release(velocity: velocities[0]), owner: owner))
        } else {
            for (k, i) in drag.targets.enumerated() {
                entries.append(.of(.release(velocity: velocities[k]), owner: i == 0 ? .a : .b))
            }
        }
        script.replace(from: drag.index, with: entries)
    }
}
