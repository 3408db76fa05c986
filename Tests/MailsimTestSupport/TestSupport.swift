import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import Testing

// Helpers shared by the unit test targets: short names for instants and messages, the TCA-style
// `send(_:expecting:)` that asserts the whole state after an action, and refusals that must change nothing. Only
// the layers' public (and package) API: this target is built by `swift build` too, release included, where the
// layers are not compiled for @testable imports.

/// An instant or span given in milliseconds.
public func ms(_ value: Int64) -> Ticks { .milliseconds(value) }

/// An instant or span given in whole seconds.
public func sec(_ value: Int64) -> Ticks { Ticks(nanoseconds: value * Ticks.perSecond) }

public let m1 = MessageID(1)
public let m2 = MessageID(2)
public let m3 = MessageID(3)
public let m5 = MessageID(5)

/// Sends `action`, expects it to be refused with exactly `expected`, and expects the state unchanged.
public func expectRefusal(
    _ state: inout MailboxState, _ action: MailboxAction, _ expected: MailboxError,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let before = state
    do {
        try state.send(action)
        Issue.record("\(action) was accepted; expected \(expected)", sourceLocation: sourceLocation)
    } catch {
        #expect(error == expected, sourceLocation: sourceLocation)
    }
    #expect(state == before, "a refused action changed the state", sourceLocation: sourceLocation)
}

/// Sends `action`, expects a refusal that reads `message` (the reports layer's words), and the state unchanged.
public func expectRefusal(
    _ state: inout MailboxState, _ action: MailboxAction, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectRefusal(&state, action, sourceLocation: sourceLocation) { $0.message == message }
}

/// Sends `action`, expects a refusal that satisfies `matches`, and expects the state unchanged.
public func expectRefusal(
    _ state: inout MailboxState, _ action: MailboxAction, sourceLocation: SourceLocation = #_sourceLocation,
    matching matches: (MailboxError) -> Bool
) {
    let before = state
    do {
        try state.send(action)
        Issue.record("\(action) was accepted", sourceLocation: sourceLocation)
    } catch {
        #expect(matches(error), "refused with \(error)", sourceLocation: sourceLocation)
    }
    #expect(state == before, "a refused action changed the state", sourceLocation: sourceLocation)
}

/// A timeline entry without its gesture number, for exact comparisons of what happened when.
public struct Logged: Equatable, CustomStringConvertible {
    public let time: Ticks
    public let subject: String
    public let kind: TimelineEntry.Kind

    public init(_ time: Ticks, _ subject: String, _ kind: TimelineEntry.Kind) {
        self.time = time
        self.subject = subject
        self.kind = kind
    }

    public init(_ entry: TimelineEntry) { self.init(entry.time, entry.subject.name, entry.kind) }

    public var description: String { "\(time.decimalSeconds) \(subject) \(kind)" }

    /// An easeInOut animation entry, as every behaviour animation is logged.
    public static func animation(
        _ time: Ticks, _ subject: String, _ property: String, _ from: Double, _ to: Double,
        over duration: Ticks = ms(300)
    ) -> Logged {
        Logged(
            time, subject,
            .animation(
                property: PropertyKey(path: property), from: .scalar(from), to: .scalar(to),
                duration: duration, curve: .easeInOut))
    }

    public static func event(_ time: Ticks, _ subject: String, _ event: TimelineEvent) -> Logged {
        Logged(time, subject, .event(event))
    }
}

extension MailboxState {
    /// The timeline entries appended since the timeline's total was `mark`.
    public func logged(since mark: Int) -> [Logged] { timeline.entries(since: mark).map(Logged.init) }

    /// Moves the clock to an absolute instant.
    public mutating func advance(to instant: Ticks) throws(MailboxError) { try send(.clockAdvanced(to: instant)) }
}

extension PropertyKey {
    /// The key whose path is `path`, as tests write it: `msg1.x`, `overlay.alpha`, `compose.dim`.
    public init(path: String) {
        let views: [ViewID] =
            [.overlay, .content, .composeSheet, .composeDim]
            + Segment.allCases.map { .segmentView($0) } + (1...Metrics.maxMessageCount).map { .row(MessageID($0)) }
        for view in views {
            for property in ViewProperty.allCases where PropertyKey(view, property).path == path {
                self.init(view, property)
                return
            }
        }
        fatalError("no property key has the path \(path)")
    }
}

extension Session.Outcome {
    /// What the command printed: its report as plain text.
    public var output: [String] { report.map(TextRenderer.lines) ?? [] }
}

extension MailboxState {
    /// TCA-style: sends `action` and expects the whole state after it to be the state before it with `update`
    /// applied: the test says what changes (fields, animations started, timeline entries) and everything
    /// else must stay as it was. A difference is reported field by field.
    public mutating func send(
        _ action: MailboxAction, expecting update: (inout MailboxState) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var expected = self
        try update(&expected)
        try send(action)
        guard self != expected else { return }
        Issue.record(
            Comment(
                rawValue: "after \(action): " + firstDifference(String(describing: self), String(describing: expected))),
            sourceLocation: sourceLocation)
    }
}

/// Where two descriptions first differ, with some of what comes before and after in each.
func firstDifference(_ got: String, _ expected: String) -> String {
    let a = Array(got.utf8)
    let b = Array(expected.utf8)
    var at = 0
    while at < a.count, at < b.count, a[at] == b[at] { at += 1 }
    func window(_ bytes: [UInt8]) -> String {
        String(decoding: bytes[max(0, at - 60)..<min(bytes.count, at + 100)], as: UTF8.self)
    }
    return "the states differ at character \(at):\n  got       …\(window(a))…\n  expected  …\(window(b))…"
}

/// A session at the prompt with the lines it keeps for `save`, as the REPL keeps them (`Transcript`).
public struct PromptSession {
    public var session = Session(interactive: true)
    private var kept = Transcript()

    /// A fresh interactive session with nothing kept.
    public init() {}

    public var screen: MailboxState { session.screen }
    public var interactive: Bool { session.interactive }
    public var collectsTrace: Bool { session.collectsTrace }
    /// The lines kept for `save`.
    public var transcript: [String] { kept.lines }

    /// Runs a line (or a command) as `Session.execute` does, keeping a typed line for `save` as the REPL keeps it.
    public mutating func execute(_ input: Session.Input, isCancelled: (@Sendable () -> Bool)? = nil) throws(ScriptError)
        -> Session.Outcome
    {
        let outcome = try session.execute(input, isCancelled: isCancelled)
        if let replay = outcome.replay, case .line(let line) = input { kept.keep(String(line), replay) }
        return outcome
    }

    /// The script `save` writes.
    public func scriptText(withExpectations: Bool) -> String {
        session.savedScript(kept.lines, withExpectations: withExpectations)
    }
}

/// `sameSession` for a prompt's session: its kept lines too.
public func sameSession(_ a: PromptSession, _ b: PromptSession) -> Bool {
    a.transcript == b.transcript && sameSession(a.session, b.session)
}
