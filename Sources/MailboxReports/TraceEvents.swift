import MailboxAnimation
import MailboxJSON
import MailboxScript
import MailboxSim

/// A run's timeline in Chrome's Trace Event Format (`mailsim run --trace-events FILE`), for Perfetto or
/// chrome://tracing: `{"traceEvents": [...], "displayTimeUnit": "ms"}`.
///
/// Times are the simulation's virtual time in microseconds, exact (`ts` and `dur` are whole numbers unless the
/// instant falls between two microseconds, as pan frames at 60 fps do: then a decimal to the nanosecond). Each
/// script is a process (`pid` 1, 2… in the order run, named by its path); each view a thread of it (`tid`:
/// screen 1, overlay 2, content 3, compose 4, view.later 5, view.mailbox 6, view.archive 7, msgN 10 + N). An
/// animation is a complete event (`ph` X) named by its property path, from its start for as long as it ran
/// (cut short where a finger grabbed the view, another animation of the property took over, or a `reset`
/// replaced the screen); an event is an instant event (`ph` i, thread scope) named by its words. A `reset`
/// does not take the clock back: the fresh screen's time 0 is the reset's instant.
public struct TraceEvents {
    /// An event, kept as data until the file is written (an animation's end may still move).
    private struct Event {
        var name: String
        var category: String
        var ts: Int64
        /// Nanoseconds, for a complete event; nil for an instant one.
        var duration: Int64?
        var pid: Int
        var tid: Int
        var args: [(String, JSON)]
    }

    private var events: [Event] = []
    /// The metadata events: a process's name, its threads' names, in the order they first appear.
    private var metadata: [JSON] = []
    private var pid = 0
    /// The instant of the current script's time 0, in nanoseconds of the trace.
    private var origin: Int64 = 0
    /// The threads of the current process already named.
    private var named: Set<Int> = []
    /// The animation events of the current screen, by property path, that may still be cut short.
    private var running: [String: Int] = [:]

    public init() {}

    /// Starts the next script's process, named `name` (its path).
    public mutating func beginScript(_ name: String) {
        pid += 1
        origin = 0
        named = []
        running = [:]
        metadata.append(Self.metadata("process_name", pid: pid, tid: 0, name: name))
    }

    /// Adds what the script emitted: a timeline entry, or a reset (other output is not part of the trace).
    public mutating func add(_ output: ScriptOutput) {
        switch output {
        case .trace(let entry): add(entry)
        case .screenReset(let at): reset(at: at)
        case .report, .diagnostic: break
        }
    }

    /// Adds a timeline entry of the current script.
    public mutating func add(_ entry: TimelineEntry) {
        let tid = Self.tid(entry.subject)
        if named.insert(tid).inserted {
            metadata.append(Self.metadata("thread_name", pid: pid, tid: tid, name: entry.subject.name))
        }
        let ts = origin + entry.time.nanoseconds
        var gesture: [(String, JSON)] = []
        if let number = entry.gesture { gesture = [("gesture", .int(number))] }
        switch entry.kind {
        case let .animation(property, from, to, duration, curve):
            cut(property.path, at: ts)
            running[property.path] = events.count
            // A delayed animation (delay.hide, delay.segment) starts that much later; the clock saturates.
            let (delayed, overflow) = ts.addingReportingOverflow(entry.delay.nanoseconds)
            events.append(
                Event(
                    name: property.path, category: "animation", ts: overflow ? .max : delayed,
                    duration: duration.nanoseconds,
                    pid: pid, tid: tid,
                    args: [
                        ("from", JSONRenderer.value(from)), ("to", JSONRenderer.value(to)),
                        ("curve", .string(curve.name))
                    ] + gesture))
        case .event(let event):
            if case .animationInterrupted(let property, _) = event, case .view(let view) = entry.subject {
                cut(PropertyKey(view, property).path, at: ts)
            }
            events.append(
                Event(
                    name: event.description, category: "event", ts: ts, duration: nil, pid: pid, tid: tid,
                    args: [("event", .string(event.kindName))] + gesture))
        }
    }

    /// The screen was replaced at `at` (its own time): what ran stops there, and the new screen's time 0 is then.
    public mutating func reset(at: Ticks) {
        let now = origin + at.nanoseconds
        for path in running.keys { cut(path, at: now) }
        running = [:]
        origin = now
    }

    /// Ends the animation of `path` at `instant` if it was still running then.
    private mutating func cut(_ path: String, at instant: Int64) {
        guard let index = running[path], let duration = events[index].duration else { return }
        if events[index].ts + duration > instant {
            events[index].args.append(("plannedDuration", Self.microseconds(duration)))
            events[index].duration = max(0, instant - events[index].ts)
        }
        running[path] = nil
    }

    /// The whole file's JSON.
    public var json: JSON {
        .object([("traceEvents", .array(metadata + events.map(Self.json))), ("displayTimeUnit", .string("ms"))])
    }

    private static func json(_ event: Event) -> JSON {
        var members: [(String, JSON)] = [("name", .string(event.name)), ("cat", .string(event.category))]
        if let duration = event.duration {
            members += [("ph", .string("X")), ("ts", microseconds(event.ts)), ("dur", microseconds(duration))]
        } else {
            members += [("ph", .string("i")), ("s", .string("t")), ("ts", microseconds(event.ts))]
        }
        members += [("pid", .int(event.pid)), ("tid", .int(event.tid)), ("args", .object(event.args))]
        return .object(members)
    }

    /// A `process_name` or `thread_name` metadata event.
    private static func metadata(_ kind: String, pid: Int, tid: Int, name: String) -> JSON {
        .object([
            ("name", .string(kind)), ("ph", .string("M")), ("ts", .integer(0)), ("pid", .int(pid)),
            ("tid", .int(tid)), ("args", .object([("name", .string(name))]))
        ])
    }

    /// Nanoseconds as microseconds: a whole number when exact, else the decimal to the nanosecond.
    static func microseconds(_ nanoseconds: Int64) -> JSON {
        nanoseconds % 1000 == 0 ? .integer(nanoseconds / 1000) : .number(Double(nanoseconds) / 1000)
    }

    /// The track of a subject: fixed numbers, so the same view is the same thread in every script.
    static func tid(_ subject: TimelineSubject) -> Int {
        switch subject {
        case .screen: 1
        case .view(let view):
            switch view {
            case .overlay: 2
            case .content: 3
            case .composeSheet, .composeDim: 4
            case .segmentView(let segment): 5 + segment.index
            case .row(let id): 10 + id.number
            }
        }
    }
}
