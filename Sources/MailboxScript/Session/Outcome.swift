import MailboxAnimation
import MailboxSim

extension Session {
    /// What one line did, as data: what it asks of the front end, the timeline entries it added, and, for a
    /// check, how the check went.
    ///
    /// Most lines act or check and hold, and leave the rest empty: that rest is kept behind one reference (nil
    /// for such a line), so that an outcome costs a pointer and two flags to hand on, copy and drop
    /// (docs/fast-path.md). The properties read and write it as plain fields.
    public struct Outcome: Sendable {
        /// True when the line acted on the screen (what a walkthrough captions), rather than checking or looking.
        public var acted = false
        /// The check held (`check == .held`), kept out of `details`.
        private var heldCheck = false
        private var details: Details?

        public init() {}

        /// What the line asks the front end to show or do; nil for most actions.
        public var effect: Effect? {
            get { details?.parts.effect }
            set { if newValue != nil || details != nil { change { $0.effect = newValue } } }
        }
        /// Timeline entries the line added (when `collectsTrace`).
        public var trace: [TimelineEntry] {
            get { details?.parts.trace ?? [] }
            set { if !newValue.isEmpty || details != nil { change { $0.trace = newValue } } }
        }
        /// For `expect` and `!`: whether the check held.
        public var check: CheckResult? {
            get { heldCheck ? .held : details?.parts.check }
            set {
                if case .held? = newValue {
                    heldCheck = true
                    if details?.parts.check != nil { change { $0.check = nil } }
                } else {
                    heldCheck = false
                    if newValue != nil || details?.parts.check != nil { change { $0.check = newValue } }
                }
            }
        }
        /// At the prompt: how `save` replays the line (nil: it is not kept).
        public var replay: Replay? {
            get { details?.parts.replay }
            set { if newValue != nil || details != nil { change { $0.replay = newValue } } }
        }

        /// True when the line did nothing but act or hold a check: no effect, trace, other check result or replay
        /// (what most lines of a script are; a sink may take them without reading each field).
        var isPlain: Bool { details == nil }

        /// Whether the check held (`check == .held`), read without building the check.
        var held: Bool { heldCheck }

        /// What a looking command found, or the picture it asks for.
        public var report: CommandOutput? {
            if case .report(let report)? = effect { return report } else { return nil }
        }
        /// The failure of a check that did not hold.
        public var failure: CheckFailure? { check?.failure }

        /// The fields most lines leave empty.
        private struct Parts: Sendable {
            var effect: Effect?
            var trace: [TimelineEntry] = []
            var check: CheckResult?
            var replay: Replay?
        }

        /// `Parts` behind a reference, never changed once made (a change makes a new one).
        private final class Details: Sendable {
            let parts: Parts
            init(_ parts: Parts) { self.parts = parts }
        }

        private mutating func change(_ body: (inout Parts) -> Void) {
            var parts = details?.parts ?? Parts()
            body(&parts)
            details = Details(parts)
        }
    }
}
