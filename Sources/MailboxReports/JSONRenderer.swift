import MailboxAnimation
import MailboxJSON
import MailboxScript
import MailboxSim

/// Renders what `state --json`, `show PATH --json` and `timeline --json` found as one line of JSON (README,
/// "Machine-readable output"): the facts of the text reports, every property by the path `expect` reads, numbers
/// as numbers, booleans as booleans, colours as `"#RRGGBB"`, names as strings (`"none"` included, as `expect`
/// compares them).
public enum JSONRenderer {
    /// The report as one line of JSON text.
    public static func text(_ report: MachineOutput) -> String { value(report).text }

    /// The report as a JSON value.
    public static func value(_ report: MachineOutput) -> JSON {
        switch report {
        case let .state(screen, readings): state(screen, readings)
        case .properties(let readings): properties(readings)
        case .timeline(let excerpt): timeline(excerpt)
        case .params(let listing): params(listing)
        }
    }

    /// `{"profile", "differing": [names], "parameters": [{"name", "value", "default", "differs", "summary"}]}`:
    /// values as `expect param.NAME` reads them (a both-sides threshold whose sides differ is null).
    static func params(_ listing: ParameterListing) -> JSON {
        .object([
            ("profile", .string(listing.profile.rawValue)),
            ("differing", .array(listing.differing.map { .string($0.name) })),
            (
                "parameters",
                .array(
                    listing.entries.map { entry in
                        .object([
                            ("name", .string(entry.name)), ("value", entry.value.map { $0.value.json } ?? .null),
                            ("default", entry.defaultValue.value.json), ("differs", .bool(entry.differsFromProfile)),
                            ("summary", .string(entry.summary))
                        ])
                    })
            )
        ])
    }

    /// `{"time", "properties": {path: value…}, "overlay": {…} or null, "animations": [{…}]}`.
    static func state(_ screen: ScreenSnapshot, _ readings: [PropertyReading]) -> JSON {
        .object([
            ("time", .number(screen.time.seconds)),
            ("properties", properties(readings)),
            ("overlay", screen.overlay.map(overlay) ?? .null),
            ("animations", .array(screen.running.map(animation)))
        ])
    }

    /// `{path: value, …}`, in the order the paths were read.
    static func properties(_ readings: [PropertyReading]) -> JSON {
        .object(readings.map { ($0.path.name, value($0.value)) })
    }

    /// `{"entries": [{…}], "dropped": N, "capacity": N}`.
    static func timeline(_ excerpt: TimelineExcerpt) -> JSON {
        .object([
            ("entries", .array(excerpt.entries.map(entry))),
            ("dropped", .int(excerpt.dropped)),
            ("capacity", .int(excerpt.capacity))
        ])
    }

    /// A value as `expect` reads it (`Value.json`).
    public static func value(_ value: Value) -> JSON { value.json }

    /// A value an animation moves: a number, or a colour as `"#RRGGBB"`.
    public static func value(_ value: AnimatableValue) -> JSON {
        switch value {
        case .scalar(let v): .number(v)
        case .color(let c): .string(c.hex)
        }
    }

    /// The options overlay on screen: which, for which message, its alpha, whether it is fading out.
    static func overlay(_ overlay: OverlaySnapshot) -> JSON {
        .object([
            ("kind", .string(overlay.kind.rawValue)), ("message", .string(overlay.message.name)),
            ("alpha", .number(overlay.alpha)), ("closing", .bool(overlay.closing))
        ])
    }

    /// A running animation, as `state`'s `running:` lines show it.
    static func animation(_ a: RunningAnimation) -> JSON {
        .object([
            ("property", .string(a.key.path)), ("subject", .string(a.key.view.name)),
            ("from", value(a.from)), ("to", value(a.to)),
            ("start", .number(a.start.seconds)), ("duration", .number(a.duration.seconds)),
            ("curve", .string(a.curve.name)), ("progress", .number(a.progress)), ("value", value(a.value))
        ])
    }

    /// A timeline entry: `{"time", "subject", "gesture", "kind": "animation", "property", "from", "to", "duration",
    /// "curve"}` or `{"time", "subject", "gesture", "kind": "event", "event", "text"}`.
    public static func entry(_ entry: TimelineEntry) -> JSON {
        var members: [(String, JSON)] = [
            ("time", .number(entry.time.seconds)), ("subject", .string(entry.subject.name)),
            ("gesture", entry.gesture.map(JSON.int) ?? .null)
        ]
        switch entry.kind {
        case let .animation(property, from, to, duration, curve):
            members += [
                ("kind", .string("animation")), ("property", .string(property.path)),
                ("from", value(from)), ("to", value(to)), ("duration", .number(duration.seconds)),
                ("curve", .string(curve.name))
            ]
            // Only a delayed animation (delay.hide, delay.segment) says so: SPEC's timeline is unchanged.
            if entry.delay > .zero { members.append(("delay", .number(entry.delay.seconds))) }
        case .event(let event):
            members += [
                ("kind", .string("event")), ("event", .string(event.kindName)), ("text", .string(event.description))
            ]
        }
        return .object(members)
    }
}
